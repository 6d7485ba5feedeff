//! `rscope R`: mirror of `flux R`. Reads concatenated R documents on
//! standard input; writes the same standard output and exits with the same
//! status as `flux R` for the same input (messages on standard error are
//! Rscope's own). Adds `validate` and `intersect --keep-data`.

use crate::cli::{read_input, Input, Outcome, Status};
use clap::{Args, Subcommand};
use rscope::diag::{Diagnostic, Severity};
use rscope::hostlist::Hostlist;
use rscope::idset::IdSet;
use rscope::json;
use rscope::rset::{self, Rset};
use std::io::Write;

/// `rscope R` subcommands.
#[derive(Subcommand)]
pub enum RCommand {
    /// Encode an R object for testing
    Encode(EncodeArgs),
    /// Union of all R objects on stdin, printed as R or summarized
    Decode(DecodeArgs),
    /// Append R objects on stdin; error if they are not disjoint
    Append,
    /// Set difference of R objects on stdin: (R1 - R2) - R3 ...
    Diff,
    /// Intersection of all R objects on stdin
    Intersect(IntersectArgs),
    /// Union of R objects on stdin with ranks renumbered from 0
    Remap,
    /// Union of R objects on stdin re-ranked by position in HOSTLIST
    Rerank {
        /// Host list giving the new rank order
        hostlist: Option<String>,
    },
    /// Check that R2's single rank has at least the resources R1 expects
    Verify,
    /// Set properties NAME[:RANKS] on the union of R objects on stdin
    SetProperty {
        /// NAME[:RANKS], all ranks when RANKS is omitted
        properties: Vec<String>,
    },
    /// Build R from [[resource.config]] in a TOML file or directory
    ParseConfig {
        /// A TOML file, or a directory of *.toml files
        path: String,
    },
    /// Report every finding in R documents with line, column and a caret
    Validate {
        /// Files to check (default: standard input)
        files: Vec<String>,
    },
}

/// Options of `intersect`.
#[derive(Args)]
pub struct IntersectArgs {
    /// Keep the first R object's properties, starttime, expiration, nslots
    /// and attributes, which flux R intersect drops (the output then differs
    /// from flux R's)
    #[arg(long)]
    keep_data: bool,
}

/// Options of `encode`.
#[derive(Args)]
pub struct EncodeArgs {
    /// Ranks (default: one per host, or rank 0)
    #[arg(short = 'r', long = "ranks", value_name = "IDSET")]
    ranks: Option<String>,
    /// Core ids of each rank (default 0 unless --gpus is given)
    #[arg(short = 'c', long = "cores", value_name = "IDS")]
    cores: Option<String>,
    /// GPU ids of each rank
    #[arg(short = 'g', long = "gpus", value_name = "IDS")]
    gpus: Option<String>,
    /// Host names (default: the local host name for each rank)
    #[arg(short = 'H', long = "hosts", value_name = "HOSTS")]
    hosts: Option<String>,
    /// Property NAME on RANKS (all ranks when omitted); repeatable
    #[arg(short = 'p', long = "property", value_name = "NAME[:RANKS]")]
    property: Vec<String>,
}

/// Options of `decode`.
#[derive(Args)]
pub struct DecodeArgs {
    /// Print the short form
    #[arg(short = 's', long = "short")]
    short: bool,
    /// Print the nodelist as a host list
    #[arg(short = 'n', long = "nodelist")]
    nodelist: bool,
    /// Print the ranks as an id set
    #[arg(short = 'r', long = "ranks")]
    ranks: bool,
    /// Print the count of TYPE (node, core, gpu, ...)
    #[arg(short = 'c', long = "count", value_name = "TYPE")]
    count: Option<String>,
    /// Include only RANKS
    #[arg(short = 'i', long = "include", value_name = "RANKS")]
    include: Option<String>,
    /// Exclude RANKS
    #[arg(short = 'x', long = "exclude", value_name = "RANKS")]
    exclude: Option<String>,
    /// Keep nodes with these properties (comma list, ^NAME to exclude)
    #[arg(short = 'p', long = "properties", value_name = "LIST")]
    properties: Option<String>,
}

/// A failure: the message for standard error; the exit status is 1.
type Fail = String;

/// What this subcommand's messages on standard error start with.
pub const PREFIX: &str = "rscope R";

/// Read R objects from standard input as `flux R` does: documents until
/// the first thing that is not JSON; at least one is required.
fn load_stdin() -> Result<Vec<Rset>, Fail> {
    let text = read_input(None)?.text;
    rset::load_stream(&text).map_err(|e| {
        let at = rscope::diag::line_col(&text, e.span().map_or(0, |s| s.start));
        let what = if e.kind() == rset::ErrorKind::Json {
            "Failed to read an R object"
        } else {
            "Failed to decode R on stdin"
        };
        format!("{what}: {e} (line {}, column {})", at.line, at.col)
    })
}

/// Fold the sets on stdin with `f`, requiring at least `min` of them.
fn transform(
    cmd: &str,
    min: usize,
    f: impl Fn(&Rset, &Rset) -> Result<Rset, rset::Error>,
) -> Result<Rset, Fail> {
    let sets = load_stdin()?;
    if sets.len() < min {
        return Err(format!("{cmd} requires at least {min} resource sets"));
    }
    let mut it = sets.into_iter();
    let mut acc = it.next().ok_or("no resource set")?;
    for s in it {
        let next = f(&acc, &s).map_err(|e| {
            format!(
                "{cmd} ({}, {}) failed: {e}",
                acc.short_form(),
                s.short_form()
            )
        })?;
        exiting_soon(std::mem::replace(&mut acc, next));
        exiting_soon(s);
    }
    Ok(acc)
}

/// Skip freeing a large value: this process writes its answer and exits,
/// and releasing the hundreds of thousands of small allocations of a big
/// R one by one costs about a tenth of a whole `rscope R diff` run.
fn exiting_soon<T>(value: T) {
    std::mem::forget(value);
}

/// The canonical encoding of `r` plus a newline, for printing.
fn encoded(r: Rset) -> String {
    let out = r.encode() + "\n";
    exiting_soon(r);
    out
}

fn union_all() -> Result<Rset, Fail> {
    transform("union", 1, Rset::union)
}

fn decode_idset(s: &str, what: &str) -> Result<IdSet, Fail> {
    IdSet::decode(s).map_err(|e| format!("invalid {what} '{s}': {e}"))
}

fn local_hostname() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| {
            std::fs::read_to_string(p)
                .ok()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        })
        .unwrap_or_else(|| "localhost".to_string())
}

/// `NAME[:RANKS]` pairs in `json_object_set` order: a repeated name keeps
/// its first position and takes the last value.
fn property_pairs(args: &[String], all: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for a in args {
        let (name, ranks) = match a.split_once(':') {
            Some((n, r)) => (n.to_string(), r.to_string()),
            None => (a.clone(), all.to_string()),
        };
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = ranks,
            None => out.push((name, ranks)),
        }
    }
    out
}

/// `rlist_assign_properties`: check every pair first, then apply in order.
fn assign_properties(rl: &mut Rset, pairs: &[(String, String)]) -> Result<(), Fail> {
    let mut parsed = Vec::new();
    for (name, ranks) in pairs {
        if let Some(c) = name.chars().find(|c| "^&'\"`|()".contains(*c)) {
            return Err(format!(
                "failed to assign properties: invalid character '{c}' in property \"{name}\""
            ));
        }
        let ids = IdSet::decode(ranks).map_err(|_| {
            format!(
                "failed to assign properties: invalid idset '{ranks}' specified for property \"{name}\""
            )
        })?;
        parsed.push((name, ids));
    }
    for (name, ids) in parsed {
        rl.add_property(name, &ids)
            .map_err(|e| format!("failed to assign properties: {e}"))?;
    }
    Ok(())
}

/// `encode`'s ranks and the host name of each: from `--ranks` and
/// `--hosts`, one rank per host, or rank 0 on the local host.
fn ranks_and_hosts(a: &EncodeArgs) -> Result<(Vec<u32>, Vec<String>), Fail> {
    let parse_hosts =
        |s: &str| Hostlist::parse(s).map_err(|e| format!("invalid hostlist '{s}': {e}"));
    Ok(match &a.ranks {
        None => {
            let hl = match &a.hosts {
                Some(h) => parse_hosts(h)?,
                None => {
                    let mut hl = Hostlist::new();
                    hl.push_host(&local_hostname());
                    hl
                }
            };
            let hosts: Vec<String> = hl.iter().map(|h| h.to_string()).collect();
            let n = u32::try_from(hosts.len()).map_err(|_| "too many hosts".to_string())?;
            ((0..n).collect(), hosts)
        }
        Some(r) => {
            let ids =
                IdSet::decode(r).map_err(|_| format!("Failed to decode ranks='{r}' as idset"))?;
            if ids.len() > rset::MAX_RANKS {
                return Err(format!(
                    "more than {} ranks (Rscope's limit)",
                    rset::MAX_RANKS
                ));
            }
            let hosts: Vec<String> = match &a.hosts {
                Some(h) => {
                    let hl = parse_hosts(h)?;
                    if !ids.is_empty() && hl.len() != ids.len() {
                        return Err(format!(
                            "hostname count in '{h}' does not match nranks ({})",
                            ids.len()
                        ));
                    }
                    hl.iter().map(|h| h.to_string()).collect()
                }
                None => vec![local_hostname(); ids.len() as usize],
            };
            (ids.iter().collect(), hosts)
        }
    })
}

/// `encode`: an R of the given ranks, hosts, cores, GPUs and properties.
fn encode(a: &EncodeArgs) -> Result<String, Fail> {
    let gpus = a.gpus.clone().unwrap_or_default();
    let mut cores = a.cores.clone().unwrap_or_default();
    if gpus.is_empty() && cores.is_empty() {
        cores = "0".into();
    }
    let (ranks, hosts) = ranks_and_hosts(a)?;
    let core_ids = IdSet::decode(&cores).map_err(|_| {
        format!(
            "rlist_append rank={}: invalid cores '{cores}'",
            ranks.first().copied().unwrap_or(0)
        )
    })?;
    // The reference ignores a --gpus value it cannot decode.
    let gpu_ids = IdSet::decode(&gpus).ok();
    let mut rl = Rset::new();
    for (i, rank) in ranks.iter().enumerate() {
        rl.add_rank(
            *rank,
            hosts.get(i).map(String::as_str),
            &[("core", &core_ids)],
        )
        .map_err(|e| e.to_string())?;
        if !gpus.is_empty() {
            if let Some(g) = &gpu_ids {
                rl.add_child_to_rank(*rank, "gpu", g)
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    if !a.property.is_empty() {
        let all = rl.ranks().to_string();
        assign_properties(&mut rl, &property_pairs(&a.property, &all))?;
    }
    Ok(rl.encode() + "\n")
}

fn decode(a: &DecodeArgs) -> Result<String, Fail> {
    let mut rl = union_all()?;
    if let Some(list) = &a.properties {
        rl = rl
            .filter_properties(list)
            .map_err(|e| format!("Invalid property constraint: {e}"))?;
    }
    if let Some(r) = &a.include {
        let ids = decode_idset(r, "ranks option")?;
        rl = rl.include_ranks(&ids);
    }
    if let Some(r) = &a.exclude {
        let ids = decode_idset(r, "idset in --exclude option")?;
        rl.exclude_ranks(&ids);
    }
    let mut out = String::new();
    if a.short {
        out.push_str(&rl.short_form());
        out.push('\n');
    }
    if a.nodelist {
        let hl = rl
            .nodelist()
            .ok_or("rlist_nodelist: some ranks have no host name")?;
        out.push_str(&hl.to_string());
        out.push('\n');
    }
    if a.ranks {
        out.push_str(&rl.ranks().to_string());
        out.push('\n');
    }
    if let Some(t) = &a.count {
        let n = match t.as_str() {
            "node" => rl.len() as u64,
            "core" => rl.reference_core_count(),
            t => rl.count(t),
        };
        out.push_str(&format!("{n}\n"));
    }
    if !(a.short || a.nodelist || a.ranks || a.count.is_some()) {
        out.push_str(&rl.encode());
        out.push('\n');
    }
    exiting_soon(rl);
    Ok(out)
}

fn rerank(hostlist: Option<&str>) -> Result<String, Fail> {
    let mut rl = union_all()?;
    let h = hostlist.ok_or("Must provide a hostlist for re-ranking")?;
    let hl =
        Hostlist::parse(h).map_err(|e| format!("rlist_rerank: invalid hostlist '{h}': {e}"))?;
    let n = rl.len();
    rl.rerank(&hl).map_err(|e| match e.kind() {
        rset::ErrorKind::UnknownHost => {
            format!("failed to find one or more provided hosts in R ({e})")
        }
        _ if hl.len() > n as u64 => format!("Too many hosts specified (expected {n})"),
        _ => format!("Too few hosts specified (expected {n})"),
    })?;
    Ok(rl.encode() + "\n")
}

/// `verify` prints nothing; what R2 has beyond R1 is a note on standard
/// error.
fn verify() -> Result<String, Fail> {
    let sets = load_stdin()?;
    if sets.len() != 2 {
        return Err("verify requires exactly 2 R objects on stdin".into());
    }
    let extra = sets[0].verify(&sets[1]).map_err(|e| e.to_string())?;
    if let Some(note) = extra {
        eprintln!("{PREFIX}: {note}");
    }
    Ok(String::new())
}

fn set_property(props: &[String]) -> Result<String, Fail> {
    let mut rl = union_all()?;
    let all = rl.ranks().to_string();
    assign_properties(&mut rl, &property_pairs(props, &all))?;
    Ok(rl.encode() + "\n")
}

/// Merge the TOML files of `path` (a file, or every `*.toml` in a
/// directory, in name order) into one table.
fn read_config(path: &str) -> Result<toml::Table, Fail> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
    let files: Vec<std::path::PathBuf> = if meta.is_dir() {
        let mut v: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("{path}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        v.sort();
        v
    } else {
        vec![path.into()]
    };
    let mut merged = toml::Table::new();
    for f in files {
        let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
        let t: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| format!("{}: {}", f.display(), e.message()))?;
        merge_tables(&mut merged, t)
            .map_err(|k| format!("{}: duplicate key '{k}'", f.display()))?;
    }
    Ok(merged)
}

fn merge_tables(into: &mut toml::Table, from: toml::Table) -> Result<(), String> {
    for (k, v) in from {
        match (into.get_mut(&k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge_tables(a, b)?,
            (Some(_), _) => return Err(k),
            (None, v) => {
                into.insert(k, v);
            }
        }
    }
    Ok(())
}

fn parse_config(path: &str) -> Result<String, Fail> {
    let conf = read_config(path)?;
    let resource = match conf.get("resource") {
        Some(toml::Value::Table(t)) => t.clone(),
        Some(_) => return Err("Config file error: resource must be a table".into()),
        None => toml::Table::new(),
    };
    let mut rl = match (resource.get("config"), resource.get("path")) {
        (Some(c), _) => {
            let entries = serde_json::to_value(c).map_err(|e| format!("Config file error: {e}"))?;
            rset::from_config(&entries).map_err(|e| format!("Config file error: {e}"))?
        }
        (None, Some(toml::Value::String(p))) => {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?;
            rset::load(&text).map_err(|e| format!("{p}: {e}"))?
        }
        (None, Some(_)) => return Err("Config file error: resource.path must be a string".into()),
        (None, None) => {
            return Err(
                "Config file error: resource.config or resource.path must be defined".into(),
            )
        }
    };
    if let Some(s) = resource.get("scheduling") {
        let toml::Value::String(p) = s else {
            return Err("Config file error: resource.scheduling must be a string".into());
        };
        let text = std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?;
        let v = json::parse(&text).map_err(|d| format!("{p}: {}", d.message))?;
        rl.set_scheduling(&text[json::range(&v)]);
    }
    Ok(rl.encode() + "\n")
}

/// `validate`: every finding of every document, rendered with a caret;
/// status 1 when one is an error.
fn validate(files: &[String]) -> Outcome {
    let inputs: Vec<Input> = if files.is_empty() {
        vec![read_input(None)?]
    } else {
        files
            .iter()
            .map(|f| read_input(Some(f)))
            .collect::<Result<_, Fail>>()?
    };
    let mut out = String::new();
    let mut errors = false;
    for input in inputs {
        for d in findings(&input.text) {
            errors |= d.severity == Severity::Error;
            out.push_str(&d.render(&input.name, &input.text));
        }
    }
    print!("{out}");
    Ok(Status::from(errors))
}

/// The findings of every document in `text` (several when it holds a
/// stream of them), with spans into `text`.
fn findings(text: &str) -> Vec<Diagnostic> {
    let (docs, _) = json::split_stream(text);
    if docs.len() <= 1 {
        return rscope::document::parse_document(text)
            .diagnostics()
            .to_vec();
    }
    docs.iter()
        .flat_map(|r| {
            rscope::document::parse_document(&text[r.clone()])
                .diagnostics()
                .iter()
                .map(|d| d.clone().offset(r.start))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Run one subcommand.
pub fn run(cmd: RCommand) -> Outcome {
    let out = match cmd {
        RCommand::Encode(a) => encode(&a)?,
        RCommand::Decode(a) => decode(&a)?,
        RCommand::Append => {
            let sets = load_stdin()?;
            let r = rset::append_all(&sets).map_err(|e| e.to_string());
            exiting_soon(sets);
            encoded(r?)
        }
        RCommand::Diff => encoded(transform("diff", 2, Rset::diff)?),
        RCommand::Intersect(a) => {
            let op = if a.keep_data {
                Rset::intersect_keeping_data
            } else {
                Rset::intersect
            };
            encoded(transform("intersect", 2, |a, b| Ok(op(a, b)))?)
        }
        RCommand::Remap => {
            let mut r = union_all()?;
            r.remap();
            r.encode() + "\n"
        }
        RCommand::Rerank { hostlist } => rerank(hostlist.as_deref())?,
        RCommand::Verify => verify()?,
        RCommand::SetProperty { properties } => set_property(&properties)?,
        RCommand::ParseConfig { path } => parse_config(&path)?,
        RCommand::Validate { files } => return validate(&files),
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    Ok(0)
}
