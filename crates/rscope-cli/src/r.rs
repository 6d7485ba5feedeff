//! `rscope R`: mirror of `flux R`. Reads concatenated R documents on
//! standard input; writes the same standard output and exits with the same
//! status as `flux R` for the same input (messages on standard error are
//! Rscope's own). Adds `validate` and `intersect --keep-data`.

use crate::cli::{read_input, Input, Outcome, Status};
use crate::topology;
use clap::{Args, Subcommand};
use rscope_core::commands::r;
use rscope_core::diag::Severity;
use rscope_core::json;
use rscope_core::setops::{self, Inputs};
use std::io::Write;

/// `rscope R`: its subcommand, and how to print an R.
#[derive(Args)]
pub struct RArgs {
    /// Print an R document indented for reading (two spaces, a member or
    /// an element a line, as jq . lays it out); flux R prints one line
    #[arg(long, global = true)]
    indent: bool,
    #[command(subcommand)]
    cmd: RCommand,
}

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
        /// Read the graph's RFC 40 strictly: a key or form it asks for and
        /// the graph leaves out (as Fluxion's graphs do) is a warning, not a
        /// note
        #[arg(long)]
        strict_rfc40: bool,
        /// Check that each rank has the host this host list gives it
        /// (ranks in its order, as [bootstrap] hosts numbers the
        /// brokers): each rank whose host differs is an error
        #[arg(long, value_name = "HOSTLIST")]
        hosts: Option<String>,
    },
    /// Evaluate a set expression over R files named by letters:
    /// eval '(A|B)-C' A=a.json B=b.json C=c.json. Operators, tightest
    /// first: - (diff), & (intersect), ^ (symmetric difference), then
    /// | (union) and + (append); parentheses group
    Eval {
        /// The expression over capital letters
        expr: String,
        /// LETTER=FILE for each letter the expression names
        tabs: Vec<String>,
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
    /// Take each rank's cores and GPUs from this machine's hwloc topology
    /// (runs lstopo-no-graphics)
    #[arg(short = 'l', long = "local")]
    local: bool,
    /// Take each rank's cores and GPUs from an hwloc XML file (lstopo --of
    /// xml); `-` is standard input
    #[arg(short = 'f', long = "xml", value_name = "FILE")]
    xml: Option<String>,
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
    /// Include only TARGETS: ranks (an id set, 0-3) or hosts (a host list,
    /// node[0-3]), as flux resource takes targets
    #[arg(short = 'i', long = "include", value_name = "TARGETS")]
    include: Option<String>,
    /// Exclude TARGETS: ranks or hosts, as for --include
    #[arg(short = 'x', long = "exclude", value_name = "TARGETS")]
    exclude: Option<String>,
    /// Keep nodes with these properties (comma list, ^NAME to exclude)
    #[arg(short = 'p', long = "properties", value_name = "LIST")]
    properties: Option<String>,
}

/// A failure: the message for standard error; the exit status is 1.
type Fail = String;

/// What this subcommand's messages on standard error start with.
pub const PREFIX: &str = "rscope R";

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

/// `encode`: an R of the given ranks, hosts, cores, GPUs and properties,
/// on the local host where no host is given; with `--xml` or `--local`,
/// cores and GPUs come from an hwloc topology (`--xml` wins, as in
/// flux-core).
fn encode(a: EncodeArgs) -> Result<String, Fail> {
    let mut o = r::EncodeOptions {
        ranks: a.ranks,
        cores: a.cores,
        gpus: a.gpus,
        hosts: a.hosts,
        property: a.property,
        xml: None,
        gpu_no_dedup: std::env::var_os("FLUX_HWLOC_GPU_NO_DEDUP").is_some(),
    };
    let wants_topology = a.local || a.xml.is_some();
    let plain =
        o.cores.as_deref().unwrap_or("").is_empty() && o.gpus.as_deref().unwrap_or("").is_empty();
    if wants_topology && !plain {
        return Err("do not specify --cores or --gpus with --local or --xml".into());
    }
    let source = match (&a.xml, a.local) {
        (Some(path), _) => Some(topology::from_file(path)?),
        (None, true) => Some(topology::local()?),
        (None, false) => None,
    };
    let name = source.as_ref().map(|(n, _)| n.clone()).unwrap_or_default();
    o.xml = source.map(|(_, text)| text);
    r::encode(&o, &local_hostname()).map_err(|e| match (&e.finding, &o.xml) {
        (Some(d), Some(xml)) => d.render(&name, xml).trim_end().to_string(),
        _ => e.message,
    })
}

/// `parse-config`: the configuration of `path` (a file, TOML or JSON,
/// or every `*.toml` in a directory, in name order) merged as the broker
/// merges it, and the R it makes ([`rscope_core::commands::config::parse_config`]).
fn parse_config(path: &str) -> Result<String, Fail> {
    use rscope_core::commands::config;
    let files = crate::config::config_files(path).map_err(|e| e.message.unwrap_or_default())?;
    let conf = config::SystemConfig::merge(&files)?;
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    config::parse_config(&conf, &read)
}

/// `validate`: every finding of every document, rendered with a caret;
/// status 1 when one is an error.
fn validate(files: &[String], strict: bool, hosts: Option<&str>) -> Outcome {
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
        let mut diags = match hosts {
            Some(h) => {
                r::validate_hosts(&input.text, h, "--hosts").map_err(|e| format!("--hosts: {e}"))?
            }
            None => r::validate(&input.text),
        };
        if strict {
            rscope_core::jgf::strict_rfc40(&mut diags);
        }
        for d in diags {
            errors |= d.severity == Severity::Error;
            out.push_str(&d.render(&input.name, &input.text));
        }
    }
    print!("{out}");
    Ok(Status::from(errors))
}

/// Standard input, read whole, as the operations' one input.
fn stdin_text() -> Result<String, Fail> {
    Ok(read_input(None)?.text)
}

/// What `decode`'s options ask of the core.
fn decode_options(a: DecodeArgs) -> setops::Decode {
    setops::Decode {
        short: a.short,
        nodelist: a.nodelist,
        ranks: a.ranks,
        count: a.count,
        filter: setops::Filter {
            properties: a.properties,
            include: a.include,
            exclude: a.exclude,
        },
    }
}

/// `verify` prints nothing; what R2 has beyond R1 is a note on standard
/// error, and a mismatch is the failure's message.
fn verify(text: &str) -> Result<String, Fail> {
    let verdict = setops::verify(&Inputs::stdin(text)).map_err(|e| e.message)?;
    if !verdict.ok {
        return Err(verdict.message);
    }
    if !verdict.message.is_empty() {
        eprintln!("{PREFIX}: {}", verdict.message);
    }
    Ok(String::new())
}

/// `eval EXPR A=FILE...`: a set expression over files named by letters.
fn eval(expr: &str, tabs: &[String]) -> Result<String, Fail> {
    let mut texts = Vec::new();
    for t in tabs {
        let (letter, path) = t
            .split_once('=')
            .filter(|(l, _)| l.len() == 1 && l.chars().all(|c| c.is_ascii_uppercase()))
            .ok_or_else(|| {
                format!("eval: '{t}' is not LETTER=FILE (a capital letter, '=', a path)")
            })?;
        let letter = letter.chars().next().unwrap_or('A');
        texts.push((letter, read_input(Some(path))?.text));
    }
    let named: Vec<(char, &str)> = texts.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let mut inputs = Inputs::tabs(&named);
    inputs.exiting = true;
    setops::expr::evaluate(expr, &inputs).map_err(|e| match e {
        setops::expr::EvalError::Expr(x) => format!(
            "eval: {} (column {} of '{expr}')",
            x.message,
            expr[..x.span.start.min(expr.len())].chars().count() + 1
        ),
        setops::expr::EvalError::Refused(r) => format!("eval: {}", r.message),
    })
}

impl From<setops::Refusal> for crate::cli::CliError {
    fn from(r: setops::Refusal) -> Self {
        crate::cli::CliError::new(r.message)
    }
}

/// Run one subcommand.
pub fn run(args: RArgs) -> Outcome {
    let out = match args.cmd {
        RCommand::Encode(a) => encode(a)?,
        RCommand::Decode(a) => setops::decode(&Inputs::stdin(&stdin_text()?), &decode_options(a))?,
        RCommand::Append => setops::append(&Inputs::stdin(&stdin_text()?))?,
        RCommand::Diff => setops::diff(&Inputs::stdin(&stdin_text()?))?,
        RCommand::Intersect(a) => setops::intersect(&Inputs::stdin(&stdin_text()?), a.keep_data)?,
        RCommand::Remap => setops::remap(&Inputs::stdin(&stdin_text()?))?,
        RCommand::Rerank { hostlist } => {
            setops::rerank(&Inputs::stdin(&stdin_text()?), hostlist.as_deref())?
        }
        RCommand::Verify => verify(&stdin_text()?)?,
        RCommand::SetProperty { properties } => {
            setops::set_property(&Inputs::stdin(&stdin_text()?), &properties)?
        }
        RCommand::ParseConfig { path } => parse_config(&path)?,
        RCommand::Validate {
            files,
            strict_rfc40,
            hosts,
        } => return validate(&files, strict_rfc40, hosts.as_deref()),
        RCommand::Eval { expr, tabs } => eval(&expr, &tabs)?,
    };
    // Only an R is indented: `decode --short` and the like print text.
    let out = if args.indent && out.starts_with('{') {
        json::indent::indent(&out).unwrap_or(out)
    } else {
        out
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    Ok(0)
}
