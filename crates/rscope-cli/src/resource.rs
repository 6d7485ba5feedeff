//! `rscope resource`: `flux resource status`, `drain`, `list`, `info` and
//! `R` over a saved payload on standard input, byte for byte as
//! flux-core's `flux resource … --from-stdin` prints them.
//!
//! `rscope resource changes` is Rscope's own: what changed between two
//! saved `resource.status` payloads.
//!
//! `rscope resource replay` is Rscope's own too: the `resource.status`
//! payload an instance would have answered at a given time, replayed from
//! its resource eventlog, for the other subcommands to read.
//!
//! There is no instance to ask, so the payload is read from standard
//! input whether or not `--from-stdin` is given, and `drain` lists drained
//! nodes but cannot drain one.

use crate::cli::{CliError, Outcome};
use rscope_core::resource::{self, Config, ListOptions, Printed, StatusOptions};
use std::io::{IsTerminal, Read, Write};

/// The subcommands of `rscope resource`.
#[derive(clap::Subcommand)]
pub enum ResourceCommand {
    /// Node states and drain reasons from a `resource.status` payload
    Status(StatusArgs),
    /// Drained nodes from a `resource.status` payload
    Drain(DrainArgs),
    /// Free, allocated and down resources from a `sched.resource-status` payload
    List(ListArgs),
    /// One line of node, core and GPU counts from a `sched.resource-status` payload
    Info(ListArgs),
    /// The R of resources in given states from a `sched.resource-status` payload
    #[command(name = "R")]
    R(ListArgs),
    /// What changed between two `resource.status` payloads (an Rscope addition): drains, undrains, offline, back
    Changes(ChangesArgs),
    /// The resource.status payload at a time, replayed from a resource eventlog (an Rscope addition)
    Replay(ReplayArgs),
    /// A resource eventlog printed as `flux resource eventlog` prints it
    Eventlog(crate::resource_eventlog::EventlogArgs),
    /// Time drained, offline and available per node, reason, day or week, from a resource eventlog (an Rscope addition)
    History(crate::resource_history::HistoryArgs),
}

/// Arguments of `rscope resource replay`.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// The eventlog: `flux resource eventlog -f json`, `flux kvs get --raw resource.eventlog`, a JSON array, or journal responses (default or `-`: standard input)
    eventlog: Option<String>,
    /// Seconds since the epoch, an ISO 8601 time (UTC unless it says), or an offset from the last (-3d) or first (+2h) event; default: after the last event
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    at: Option<String>,
    /// The instance's R (default: the journal's, else one made of the ranks the eventlog names)
    #[arg(long = "R", value_name = "R-FILE")]
    r: Option<String>,
    /// Ranks excluded by configuration, which eventlogs since flux-core 0.62 do not record
    #[arg(long, value_name = "IDSET")]
    exclude: Option<String>,
}

/// Arguments of `rscope resource changes`.
#[derive(clap::Args)]
pub struct ChangesArgs {
    /// The earlier payload (`-` for standard input)
    before: String,
    /// The later payload (`-` for standard input)
    after: String,
    /// Print the rows as JSON (`{"nodes": N, "rows": [...]}`)
    #[arg(long)]
    json: bool,
}

/// Options every subcommand shares.
#[derive(clap::Args)]
pub struct Common {
    /// Include only specified targets in output set (IDSET or HOSTLIST)
    #[arg(short, long, value_name = "TARGETS")]
    include: Option<String>,
    /// Include only specified queues in output
    #[arg(short, long, value_name = "QUEUE,...")]
    queue: Vec<String>,
    /// Read the payload from standard input (always done: there is no instance)
    #[arg(long)]
    from_stdin: bool,
    /// The configuration `--queue` reads: JSON as `flux config get` prints it, or TOML (*.toml)
    #[arg(long, value_name = "FILE")]
    config_file: Option<String>,
}

/// Arguments of `rscope resource status`.
#[derive(clap::Args)]
pub struct StatusArgs {
    /// Output format, or a format's name (use 'help' to list them)
    #[arg(short = 'o', long, default_value = "default")]
    format: String,
    /// Output resources in given states ('help' lists them)
    #[arg(short, long, alias = "state", value_name = "STATE,...")]
    states: Option<String>,
    /// Suppress header output
    #[arg(short, long)]
    no_header: bool,
    /// Use color; WHEN can be 'never', 'always' or 'auto' (default)
    #[arg(short = 'L', long, value_name = "WHEN", num_args = 0..=1, default_missing_value = "always")]
    color: Option<String>,
    /// Skip empty lines of output even with --states
    #[arg(long)]
    skip_empty: bool,
    #[command(flatten)]
    common: Common,
}

/// Arguments of `rscope resource drain` (the listing).
#[derive(clap::Args)]
pub struct DrainArgs {
    /// Output format, or a format's name
    #[arg(short = 'o', long, default_value = "default")]
    format: String,
    /// Suppress header output
    #[arg(short, long)]
    no_header: bool,
    /// Use color; WHEN can be 'never', 'always' or 'auto' (default)
    #[arg(short = 'L', long, value_name = "WHEN", num_args = 0..=1, default_missing_value = "always")]
    color: Option<String>,
    #[command(flatten)]
    common: Common,
    /// Targets to drain: refused, since there is no instance
    targets: Option<String>,
    /// Reason
    #[arg(trailing_var_arg = true)]
    reason: Vec<String>,
}

/// Arguments of `rscope resource list`, `info` and `R`.
#[derive(clap::Args)]
pub struct ListArgs {
    /// Output format, or a format's name (list only)
    #[arg(short = 'o', long, default_value = "default", hide = true)]
    format: String,
    /// Output resources in given states
    #[arg(short, long, alias = "state", value_name = "STATE,...")]
    states: Option<String>,
    /// Suppress header output (list only)
    #[arg(short, long)]
    no_header: bool,
    /// Skip empty lines (the default with --include)
    #[arg(long)]
    skip_empty: bool,
    /// Do not skip empty lines, even with --include
    #[arg(long)]
    no_skip_empty: bool,
    #[command(flatten)]
    common: Common,
}

/// Run `rscope resource`.
pub fn run(cmd: ResourceCommand) -> Outcome {
    let printed = match cmd {
        ResourceCommand::Status(a) => run_status(a)?,
        ResourceCommand::Drain(a) => run_drain(a)?,
        ResourceCommand::List(a) => run_list(a, "free,allocated,down", resource::list)?,
        ResourceCommand::Info(a) => run_list(a, "", resource::info)?,
        ResourceCommand::R(a) => run_list(a, "all", resource::emit_r)?,
        ResourceCommand::Changes(a) => run_changes(a)?,
        ResourceCommand::Replay(a) => run_replay(a)?,
        ResourceCommand::Eventlog(a) => return crate::resource_eventlog::run(a),
        ResourceCommand::History(a) => crate::resource_history::run_history(a)?,
    };
    emit(&printed)
}

/// Write what a command printed, and end with its exit status.
pub(crate) fn emit(p: &Printed) -> Outcome {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(p.stdout.as_bytes());
    let _ = out.flush();
    eprint!("{}", p.stderr);
    Ok(p.code)
}

fn payload() -> Result<String, CliError> {
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| CliError::new(format!("cannot read standard input: {e}")))?;
    Ok(text)
}

/// `-q a,b -q c` as one list, in order, without repeats.
fn queues(given: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for q in given.iter().flat_map(|g| g.split(',')) {
        if !out.iter().any(|o| o == q) {
            out.push(q.to_string());
        }
    }
    out
}

/// The configuration file, read as the reference reads it (JSON), or as
/// TOML when its name ends in `.toml`.
fn config(path: Option<&str>) -> Result<Option<Config>, Printed> {
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(path).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
            _ => e.to_string(),
        };
        Printed::error(format!("{why}: '{path}'"))
    })?;
    let read = if path.ends_with(".toml") {
        Config::from_toml_text(&text)
    } else {
        Config::from_json_text(&text)
    };
    read.map(Some)
        .map_err(|e| Printed::error(format!("{path}: {e}")))
}

/// `--color` (and `resource eventlog`'s `-L`) as flux's `ColorAction`
/// resolves it: `always`, `never`, or `auto`, a terminal; without the
/// option, a non-empty `NO_COLOR` means never.
pub(crate) fn color(when: Option<&str>) -> Result<bool, CliError> {
    let no_color = std::env::var("NO_COLOR").is_ok_and(|v| !v.is_empty());
    match when {
        None if no_color => Ok(false),
        None | Some("auto") => Ok(std::io::stdout().is_terminal()),
        Some("always") => Ok(true),
        Some("never") => Ok(false),
        Some(other) => Err(CliError {
            code: 2,
            message: Some(format!("Invalid argument to --color: '{other}'")),
        }),
    }
}

fn run_status(a: StatusArgs) -> Result<Printed, CliError> {
    let config = match config(a.common.config_file.as_deref()) {
        Ok(c) => c,
        Err(p) => return Ok(p),
    };
    let opts = StatusOptions {
        format: a.format,
        states: a.states,
        include: a.common.include,
        queues: queues(&a.common.queue),
        config,
        no_header: a.no_header,
        color: color(a.color.as_deref())?,
        skip_empty: a.skip_empty,
        env_default: std::env::var("FLUX_RESOURCE_STATUS_FORMAT_DEFAULT").ok(),
        drain_listing: false,
    };
    Ok(resource::status(&payload()?, &opts))
}

fn run_drain(a: DrainArgs) -> Result<Printed, CliError> {
    if a.targets.is_some() {
        return Err(CliError::new(
            "resource drain: draining a node needs a running instance; without targets, drained nodes are listed",
        ));
    }
    let config = match config(a.common.config_file.as_deref()) {
        Ok(c) => c,
        Err(p) => return Ok(p),
    };
    let opts = StatusOptions {
        format: a.format,
        states: Some("drain".into()),
        include: a.common.include,
        queues: queues(&a.common.queue),
        config,
        no_header: a.no_header,
        color: color(a.color.as_deref())?,
        skip_empty: true,
        env_default: std::env::var("FLUX_RESOURCE_DRAIN_FORMAT_DEFAULT").ok(),
        drain_listing: true,
    };
    Ok(resource::status(&payload()?, &opts))
}

fn run_list(
    a: ListArgs,
    default_states: &str,
    command: fn(&str, &ListOptions) -> Printed,
) -> Result<Printed, CliError> {
    let config = match config(a.common.config_file.as_deref()) {
        Ok(c) => c,
        Err(p) => return Ok(p),
    };
    let opts = ListOptions {
        format: a.format,
        states: a.states.unwrap_or_else(|| default_states.to_string()),
        include: a.common.include,
        queues: queues(&a.common.queue),
        config,
        no_header: a.no_header,
        skip_empty: a.skip_empty,
        no_skip_empty: a.no_skip_empty,
        env_default: std::env::var("FLUX_RESOURCE_LIST_FORMAT_DEFAULT").ok(),
    };
    Ok(command(&payload()?, &opts))
}

/// `rscope resource changes BEFORE AFTER`: the rows of
/// [`resource::changes::changes_between`], as a table or JSON.
fn run_changes(a: ChangesArgs) -> Result<Printed, CliError> {
    if a.before == "-" && a.after == "-" {
        return Err(CliError::new(
            "resource changes: only one of BEFORE and AFTER can be standard input",
        ));
    }
    let before = crate::cli::read_input(Some(&a.before)).map_err(CliError::new)?;
    let after = crate::cli::read_input(Some(&a.after)).map_err(CliError::new)?;
    let changes = resource::changes::changes_between(
        (&before.name, &before.text),
        (&after.name, &after.text),
    )
    .map_err(CliError::new)?;
    Ok(Printed::output(match a.json {
        true => changes.json(),
        false => changes.table(),
    }))
}

/// The text of the file an option names (`--R`), when it names one.
pub(crate) fn text_of(path: Option<&str>) -> Result<Option<String>, CliError> {
    path.map(|p| crate::cli::read_input(Some(p)).map(|input| input.text))
        .transpose()
        .map_err(CliError::new)
}

/// `rscope resource replay`: the core's [`resource::eventlog::replay_command`],
/// which the JS API calls too.
fn run_replay(a: ReplayArgs) -> Result<Printed, CliError> {
    let input = crate::cli::read_input(a.eventlog.as_deref()).map_err(CliError::new)?;
    let r_text = text_of(a.r.as_deref())?;
    let request = resource::eventlog::ReplayRequest {
        at: a.at.as_deref(),
        r: r_text.as_deref(),
        exclude: a.exclude.as_deref(),
    };
    Ok(resource::eventlog::replay_command(
        &input.name,
        &input.text,
        &request,
    ))
}
