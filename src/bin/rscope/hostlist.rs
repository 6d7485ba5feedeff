//! `rscope hostlist`: `flux hostlist` for literal host lists.
//!
//! Options, order of operations, output and exit status follow
//! flux-core's `flux-hostlist.py`, with these differences:
//!
//! - SOURCES are host lists or `-`/`stdin` only; `instance`, `local`,
//!   `avail[able]` and job ids need a Flux instance and are refused, and
//!   `-l/--local` does not exist.
//! - An argument is a job id when the reference's `flux_job_id_parse()`
//!   reads it as one (see [`reads_as_job_id`]): `foo1`, ` foo1`, `14636`,
//!   `0x1f`, `job.12`. The reference then looks the job up and exits with
//!   status 1 when it is not there, unless `-f/--fallback` is given, which
//!   reads it as host names; Rscope has no jobs to look up, so it does the
//!   same as for a job that does not exist.
//! - Standard input is read to its end, with no 15 second timeout.
//! - Error messages are `rscope: ` and a lowercase message that says what
//!   is wrong and where (`invalid hostlist 'foo[1-': unclosed '[' at
//!   column 4`), where the reference prints `flux-hostlist: ERROR: ` and,
//!   for example, `Invalid jobid or hostlist foo[1-`. The exit status is
//!   the same: 1 for these errors, 2 for a usage error.
//! - `-S/--sort` refuses a combined list of more than
//!   [`MAX_HOSTS`](rscope::hostlist::MAX_HOSTS) hosts, since sorting
//!   overlapping runs builds up to one run per host.

use crate::cli::{read_input, CliError, Outcome};
use clap::Args;
use rscope::hostlist::{Hostlist, MAX_HOSTS};
use rscope::idset::IdSet;
use std::io::Write;

/// Options of `rscope hostlist`, as `flux hostlist`'s.
#[derive(Args, Debug)]
#[command(after_help = "SOURCES may include:\n\
    stdin, '-'   read a list of hosts on stdin\n\
    hosts        literal list of hosts\n\n\
    The default when no SOURCES are supplied is 'stdin'.")]
pub struct HostlistArgs {
    /// Expand hostlist using defined output delimiter
    #[arg(short = 'e', long, conflicts_with = "count")]
    expand: bool,
    /// Set output delimiter for expanded hostlist
    #[arg(short = 'd', long, value_name = "S", default_value = " ")]
    delimiter: String,
    /// Print the total number of hosts
    #[arg(short = 'c', long)]
    count: bool,
    /// Output hosts at indices in idset IDS (-IDS to index from end)
    #[arg(short = 'n', long, value_name = "[-]IDS", allow_hyphen_values = true)]
    nth: Option<String>,
    /// Output indices of HOSTS in target in hostlist. Fails if any host is not found.
    #[arg(short = 'F', long, value_name = "HOSTS")]
    find: Option<String>,
    /// Output at most N hosts (-N for the last N hosts)
    #[arg(short = 'L', long, value_name = "N", allow_negative_numbers = true)]
    limit: Option<i64>,
    /// Return sorted result
    #[arg(short = 'S', long)]
    sort: bool,
    /// Exclude all occurrences of HOSTS or indices from final result
    #[arg(short = 'x', long, value_name = "IDS|HOSTS", value_parser = parse_hostlist)]
    exclude: Option<Hostlist>,
    /// Return only unique hosts in the final hostlist. Without other options, this is the same as the union of all hostlist args (default mode is append).
    #[arg(short = 'u', long, visible_alias = "unique")]
    union: bool,
    /// Return the intersection of all hostlists
    #[arg(short = 'i', long, conflicts_with_all = ["minus", "xor"])]
    intersect: bool,
    /// Subtract all hostlist args from first argument
    #[arg(short = 'm', long, conflicts_with = "xor")]
    minus: bool,
    /// Return the symmetric difference of all hostlists
    #[arg(short = 'X', long)]
    xor: bool,
    /// Read SOURCES that are also valid job ids (e.g. f1, foo1) as host names; without it they are refused, as there is no job to look up
    #[arg(short = 'f', long)]
    fallback: bool,
    /// No output. Exit with nonzero exit status if hostlist is empty
    #[arg(short = 'q', long)]
    quiet: bool,
    /// (optional) One or more hostlist sources
    #[arg(value_name = "SOURCES")]
    sources: Vec<String>,
}

fn parse_hostlist(s: &str) -> Result<Hostlist, String> {
    Hostlist::parse(s).map_err(|e| e.to_string())
}

fn invalid_hostlist(text: &str, e: impl std::fmt::Display) -> CliError {
    CliError::new(format!("invalid hostlist '{text}': {e}"))
}

/// Sources that name parts of a running Flux instance.
const INSTANCE_SOURCES: [&str; 4] = ["instance", "local", "avail", "available"];

/// Whether `c` is white space to C's `isspace()` in the "C" locale.
fn is_c_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// Whether flux-core's `flux_job_id_parse()` reads `arg` as a job id, which
/// is what makes `flux hostlist` look a job up instead of reading host
/// names: after leading white space and an optional `job.`, a decimal or
/// `0x` hexadecimal number (trailing white space allowed), four dotted
/// groups of hex digits (`dead.beef.0.1`), or F58 (`f` or `ƒ` and 1 to 12
/// base58 digits: `foo1`, `f1`).
///
/// Difference: the mnemonic (`word-word-word--…`) and emoji encodings need
/// the reference's word and emoji tables; arguments in them are read as
/// host names. Those are the only arguments with `-` or emoji the reference
/// takes as job ids.
fn reads_as_job_id(arg: &str) -> bool {
    if arg.is_empty() {
        return false;
    }
    let s = arg.trim_start_matches(is_c_space);
    let s = s.strip_prefix("job.").unwrap_or(s);
    // `fluid_parse()`: empty is refused before white space is skipped.
    if s.is_empty() {
        return false;
    }
    let s = s.trim_start_matches(is_c_space);
    if s.contains('.') {
        return is_dothex(s);
    }
    if s.contains('-') {
        return false;
    }
    if let Some(digits) = s.strip_prefix('f').or_else(|| s.strip_prefix('ƒ')) {
        const B58: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
        return !digits.is_empty() && digits.len() <= 12 && digits.chars().all(|c| B58.contains(c));
    }
    is_strtoull_number(s)
}

/// `strtoull()` in base 16 after `0x`, else 10, consuming all of `s` but
/// trailing white space, without overflow. As in C, a sign may come first,
/// and no digits at all is a number only when nothing but white space is
/// left (a `-` never gets here: it makes `s` a mnemonic).
fn is_strtoull_number(s: &str) -> bool {
    let hex = s.starts_with("0x");
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (radix, digits) = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(rest) if hex && rest.starts_with(|c: char| c.is_ascii_hexdigit()) => (16, rest),
        _ => (if hex { 16 } else { 10 }, body),
    };
    let end = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if end == 0 {
        return s.chars().all(is_c_space);
    }
    u64::from_str_radix(&digits[..end], radix).is_ok() && digits[end..].chars().all(is_c_space)
}

/// `sscanf(s, "%4x.%4x.%4x.%4x%n")` matching all of `s`: four groups of
/// one to four hex digits (each after optional white space), dot-separated.
/// The `+` sign or `0x` that `%x` also takes inside a group is not taken.
fn is_dothex(s: &str) -> bool {
    let groups: Vec<&str> = s.split('.').collect();
    groups.len() == 4
        && groups.iter().all(|g| {
            let g = g.trim_start_matches(is_c_space);
            (1..=4).contains(&g.len()) && g.chars().all(|c| c.is_ascii_hexdigit())
        })
}

/// Read the host lists named by the arguments, in order.
fn resolve(sources: &[String], fallback: bool) -> Result<Vec<Hostlist>, CliError> {
    let default = ["stdin".to_string()];
    let sources = if sources.is_empty() {
        &default[..]
    } else {
        sources
    };
    let mut out = Vec::with_capacity(sources.len());
    for arg in sources {
        if arg == "-" || arg == "stdin" {
            let text = read_input(None)?.text;
            let mut hl = Hostlist::new();
            // Python's universal newlines: `\n`, `\r\n` and `\r` end a line.
            for line in text.split(['\n', '\r']) {
                let line = line.trim_end();
                let part = Hostlist::parse(line).map_err(|e| invalid_hostlist(line, e))?;
                hl.append(&part);
            }
            out.push(hl);
        } else if INSTANCE_SOURCES.contains(&arg.as_str()) {
            return Err(CliError::new(format!(
                "source '{arg}' needs a running Flux instance; give host names or '-'"
            )));
        } else if !fallback && reads_as_job_id(arg) {
            return Err(CliError::new(format!(
                "source '{arg}' reads as a job id, which needs a running Flux \
                 instance; give -f to read it as host names"
            )));
        } else {
            out.push(Hostlist::parse(arg).map_err(|e| invalid_hostlist(arg, e))?);
        }
    }
    Ok(out)
}

/// The hosts of `hl` at the ascending `positions`, appended one by one.
fn select(hl: &Hostlist, positions: &[u64]) -> Hostlist {
    let mut out = Hostlist::new();
    let mut want = positions.iter().peekable();
    for (i, name) in (0u64..).zip(hl.iter()) {
        while want.next_if_eq(&&i).is_some() {
            out.push_host(&name);
        }
        if want.peek().is_none() {
            break;
        }
    }
    out
}

fn index_out_of_range() -> CliError {
    CliError::new("hostlist index out of range")
}

/// `-n/--nth`: hosts at the indices of an idset, or counted from the end
/// when it starts with `-` (kept in list order, as the reference does).
fn nth(hl: &Hostlist, spec: &str) -> Result<Hostlist, CliError> {
    let (from_end, ids) = match spec.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let set =
        IdSet::decode(ids).map_err(|e| CliError::new(format!("invalid idset '{ids}': {e}")))?;
    let len = hl.len();
    if !from_end {
        if set.last().is_some_and(|x| u64::from(x) >= len) {
            return Err(index_out_of_range());
        }
        // Bounded: every id is below `len` here.
        let positions: Vec<u64> = set.iter().map(u64::from).collect();
        return Ok(select(hl, &positions));
    }
    // `hl[-x]` for x from largest to smallest; `hl[-0]` is the first host.
    if set.last().is_some_and(|x| u64::from(x) > len) {
        return Err(index_out_of_range());
    }
    // Bounded: every id is at most `len` here.
    let mut positions: Vec<u64> = set
        .iter()
        .filter(|&x| x > 0)
        .map(|x| len - u64::from(x))
        .collect();
    positions.reverse();
    let mut out = select(hl, &positions);
    if set.contains(0) {
        positions.clear();
        positions.push(0);
        out.append(&select(hl, &positions));
    }
    Ok(out)
}

/// `-x/--exclude`: delete every occurrence of the hosts; if none was
/// there, read the hosts as indices instead, as the reference does.
fn exclude(hl: Hostlist, x: &Hostlist) -> Hostlist {
    let mut hl = hl;
    let count = hl.len();
    while hl.delete(x) > 0 {}
    if hl.len() != count {
        return hl;
    }
    // The reference builds an idset from the host names sorted as strings,
    // so `-x 2,10` reads `10,2`, which is out of order: no change.
    let mut names: Vec<String> = x.iter().collect();
    names.sort();
    let Ok(ids) = IdSet::decode(&names.join(",")) else {
        return hl;
    };
    let mut out = Hostlist::new();
    for (i, name) in (0u64..).zip(hl.iter()) {
        let excluded = u32::try_from(i).is_ok_and(|i| ids.contains(i));
        if !excluded {
            out.push_host(&name);
        }
    }
    out
}

/// `-L/--limit`: the first `n` hosts, or the last `-n`.
fn limit(hl: &Hostlist, n: i64) -> Hostlist {
    let len = hl.len();
    let (skip, take) = if n > 0 {
        (0, n.unsigned_abs().min(len))
    } else {
        let take = n.unsigned_abs().min(len);
        (len - take, take)
    };
    let positions: Vec<u64> = (skip..skip + take).collect();
    select(hl, &positions)
}

/// Run `rscope hostlist`.
pub fn run(args: HostlistArgs) -> Outcome {
    let hl = combine(&args, resolve(&args.sources, args.fallback)?)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut sink = std::io::sink();
    let out: &mut dyn Write = if args.quiet { &mut sink } else { &mut out };
    write(&args, &hl, out)?;
    if args.quiet && hl.is_empty() {
        return Err(CliError::quiet());
    }
    Ok(0)
}

/// The one list the sources and options make, in the reference's order
/// of operations: combine, exclude, sort, unique, limit, nth.
fn combine(args: &HostlistArgs, lists: Vec<Hostlist>) -> Result<Hostlist, CliError> {
    let mut lists = lists.into_iter();
    let mut hl = Hostlist::new();
    if args.intersect || args.xor || args.minus {
        hl = lists.next().unwrap_or_default();
        for x in lists {
            if args.intersect {
                hl = hl.intersect(&x);
            } else if args.xor {
                hl = hl.xor(&x);
            } else {
                hl.delete(&x);
            }
        }
    } else {
        for x in lists {
            hl.append(&x);
        }
    }
    if let Some(x) = args.exclude.as_ref().filter(|x| !x.is_empty()) {
        hl = exclude(hl, x);
    }
    if args.sort {
        if hl.len() > MAX_HOSTS {
            return Err(CliError::new(format!(
                "cannot sort more than {MAX_HOSTS} hosts ({} given)",
                hl.len()
            )));
        }
        hl.sort();
    }
    if args.union {
        hl.uniq();
    }
    if let Some(n) = args.limit.filter(|&n| n != 0) {
        hl = limit(&hl, n);
    }
    if let Some(spec) = &args.nth {
        hl = nth(&hl, spec)?;
    }
    Ok(hl)
}

/// Write the result as the options ask: the indices of `--find`, the
/// count, the expanded hosts, or the compressed list. Output is written
/// as it is made: an expanded list can be far larger than its input.
fn write(args: &HostlistArgs, hl: &Hostlist, out: &mut dyn Write) -> Result<(), CliError> {
    let write_err = |e: std::io::Error| CliError::new(format!("cannot write output: {e}"));
    if let Some(f) = args.find.as_deref().filter(|f| !f.is_empty()) {
        let ids = find(hl, f)?;
        writeln!(out, "{ids}").map_err(write_err)?;
    } else if args.count {
        writeln!(out, "{}", hl.len()).map_err(write_err)?;
    } else if args.expand {
        if !hl.is_empty() {
            let delim = args.delimiter.replace("\\n", "\n");
            for (i, name) in hl.iter().enumerate() {
                if i > 0 {
                    out.write_all(delim.as_bytes()).map_err(write_err)?;
                }
                out.write_all(name.as_bytes()).map_err(write_err)?;
            }
            writeln!(out).map_err(write_err)?;
        }
    } else if !hl.is_empty() {
        writeln!(out, "{hl}").map_err(write_err)?;
    }
    out.flush().map_err(write_err)
}

/// `-F/--find`: the indices in `hl` of the hosts of `f`, space-separated;
/// every one must be there.
fn find(hl: &Hostlist, f: &str) -> Result<String, CliError> {
    let target = Hostlist::parse(f).map_err(|e| invalid_hostlist(f, e))?;
    let mut ids = Vec::new();
    let mut missing = Hostlist::new();
    for host in target.iter() {
        match hl.find(&host) {
            Some(i) => ids.push(i.to_string()),
            None => missing.push_host(&host),
        }
    }
    if !missing.is_empty() {
        let s = if missing.len() > 1 { "s" } else { "" };
        return Err(CliError::new(format!("host{s} '{missing}' not found")));
    }
    Ok(ids.join(" "))
}
