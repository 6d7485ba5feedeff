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
//!   [`MAX_HOSTS`](rscope_core::hostlist::MAX_HOSTS) hosts, since sorting
//!   overlapping runs builds up to one run per host.
//!
//! This file reads the arguments and the sources; what is done to the
//! lists and what is printed of them is [`rscope_core::commands::lists`]', which
//! the JS API and the page call too.

use crate::cli::{read_input, CliError, Outcome};
use clap::Args;
use rscope_core::commands::lists::{self, HostlistOptions, Join, Print};
use rscope_core::hostlist::Hostlist;
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

/// Run `rscope hostlist`.
pub fn run(args: HostlistArgs) -> Outcome {
    let sources = resolve(&args.sources, args.fallback)?;
    let hl = lists::combine(sources, &args.options())?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut sink = std::io::sink();
    let out: &mut dyn Write = if args.quiet { &mut sink } else { &mut out };
    lists::print(&hl, args.print(), out)?;
    if args.quiet && hl.is_empty() {
        return Err(CliError::quiet());
    }
    Ok(0)
}

impl HostlistArgs {
    /// What the options do to the lists, for [`lists::combine`].
    fn options(&self) -> HostlistOptions {
        let join = if self.intersect {
            Join::Intersect
        } else if self.xor {
            Join::Xor
        } else if self.minus {
            Join::Minus
        } else {
            Join::Append
        };
        HostlistOptions {
            join,
            exclude: self.exclude.clone(),
            sort: self.sort,
            unique: self.union,
            limit: self.limit,
            nth: self.nth.clone(),
        }
    }

    /// What is printed of the list: the indices of `--find`, the count,
    /// the expanded hosts, or the compressed list.
    fn print(&self) -> Print<'_> {
        if let Some(f) = self.find.as_deref().filter(|f| !f.is_empty()) {
            Print::Find(f)
        } else if self.count {
            Print::Count
        } else if self.expand {
            Print::Expand(&self.delimiter)
        } else {
            Print::List
        }
    }
}
