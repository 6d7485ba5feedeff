//! `rscope`: the command-line face of the Rscope core. Its subcommands
//! mirror `flux R`, `flux hostlist` and flux-core's shape parser.

mod cli;
mod config;
mod constraint;
mod fit;
mod hostlist;
mod jgf;
mod jobs;
mod r;
mod resource;
mod resource_eventlog;
mod resource_history;
mod shape;
mod summary;
mod system;
mod topology;

use clap::{Parser, Subcommand};
use cli::Outcome;
use std::process::ExitCode;

// Reading a document is millions of small allocations (tree nodes, id
// sets, vertex strings); glibc's malloc took a third of the time.
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "rscope", version, about = "Explore Flux resource sets")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the version and node, core and GPU counts of an R document
    Summary(summary::SummaryArgs),
    /// Combine, transform and print RFC 29 host lists, as `flux hostlist`
    Hostlist(hostlist::HostlistArgs),
    /// Validate, draw and query the JGF resource graph (RFC 40)
    #[command(subcommand)]
    Jgf(jgf::JgfCommand),
    /// Read, generate and process RFC 20 R objects (mirrors `flux R`)
    #[command(name = "R")]
    R(r::RArgs),
    /// Node states, drain reasons and resource lists from saved payloads (mirrors `flux resource`)
    #[command(subcommand)]
    Resource(resource::ResourceCommand),
    /// Expand an RFC 46 shape into RFC 14 resources (as flux.shape.parser)
    Shape(shape::ShapeArgs),
    /// Would a shape's request fit into an R, and what would it get?
    Fit(fit::FitArgs),
    /// A Flux system configuration: the R it makes, re-ranked by
    /// [bootstrap] hosts, the rank-host table and the findings
    Config(config::ConfigArgs),
    /// RFC 31 job constraints: read a --requires query into JSON, or print
    /// the nodes of an R a constraint selects
    #[command(subcommand)]
    Constraint(constraint::ConstraintCommand),
    /// The documents of one system read as one: what each gave, the
    /// resources, what cannot run a job now, and where they disagree
    System(system::SystemArgs),
    /// Print a job list as `flux jobs --from-stdin` prints it
    Jobs(jobs::JobsArgs),
}

impl Command {
    /// What the subcommand's messages on standard error start with.
    fn prefix(&self) -> &'static str {
        match self {
            Command::Jgf(_) => jgf::PREFIX,
            Command::R(_) => r::PREFIX,
            Command::Constraint(c) => constraint::prefix(c),
            _ => cli::PREFIX,
        }
    }

    fn run(self) -> Outcome {
        match self {
            Command::Summary(args) => summary::run(args),
            Command::Hostlist(args) => hostlist::run(args),
            Command::Jgf(cmd) => jgf::run(cmd),
            Command::R(cmd) => r::run(cmd),
            Command::Resource(cmd) => resource::run(cmd),
            Command::Shape(args) => shape::run(args),
            Command::Fit(args) => fit::run(args),
            Command::Config(args) => config::run(args),
            Command::Constraint(cmd) => constraint::run(cmd),
            Command::System(args) => system::run(args),
            Command::Jobs(args) => jobs::run(args),
        }
    }
}

fn main() -> ExitCode {
    die_of_closed_pipes();
    // Job ids the core writes on its own (a job list's join) take the
    // prefix `flux jobs` would in this locale.
    rscope_core::jobs::jobid::set_process_prefix(jobs::f58_prefix());
    let command = Cli::parse().command;
    let prefix = command.prefix();
    match command.run() {
        Ok(status) => ExitCode::from(status),
        Err(e) => {
            if let Some(message) = e.message {
                eprintln!("{prefix}: {message}");
            }
            ExitCode::from(e.code)
        }
    }
}

/// A reader that goes away (`rscope … | head`) ends the command quietly,
/// by SIGPIPE, as it ends flux-core's commands, rather than with a panic
/// about a closed standard output (Rust ignores SIGPIPE by default).
fn die_of_closed_pipes() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default disposition, before any thread
    // starts, touches no memory of this program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
