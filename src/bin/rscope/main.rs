//! `rscope`: the command-line face of the Rscope core. Its subcommands
//! mirror `flux R`, `flux hostlist` and flux-core's shape parser.

mod fit;
mod hostlist;
mod jgf;
mod r;
mod shape;

use clap::{Parser, Subcommand};
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "rscope", version, about = "Explore Flux resource sets")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the version and node, core and GPU counts of an R document
    Summary {
        /// The R document (default: standard input)
        file: Option<String>,
    },
    /// Combine, transform and print RFC 29 host lists, as `flux hostlist`
    Hostlist(hostlist::HostlistArgs),
    /// Validate, draw and query the JGF resource graph (RFC 40)
    #[command(subcommand)]
    Jgf(jgf::JgfCommand),
    /// Read, generate and process RFC 20 R objects (mirrors `flux R`)
    #[command(name = "R", subcommand)]
    R(r::RCommand),
    /// Expand an RFC 46 shape into RFC 14 resources (as flux.shape.parser)
    Shape(shape::ShapeArgs),
    /// Would a shape's request fit into an R, and what would it get?
    Fit(fit::FitArgs),
}

/// Read FILE, or standard input when FILE is absent or `-`.
pub(crate) fn read_input(file: Option<&str>) -> Result<String, String> {
    match file {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(s)
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Jgf(cmd) => return ExitCode::from(jgf::run(cmd)),
        Command::R(cmd) => return ExitCode::from(r::run(cmd)),
        Command::Summary { file } => read_input(file.as_deref()).and_then(|text| {
            let s = rscope::rset::summarize(&text)?;
            println!(
                "version {}\nnodes {}\ncores {}\ngpus {}",
                s.version, s.nodes, s.cores, s.gpus
            );
            Ok(())
        }),
        Command::Hostlist(args) => return hostlist::run(args),
        Command::Shape(args) => shape::run(args),
        Command::Fit(args) => match fit::run(args) {
            Ok(code) => return code,
            Err(e) => Err(e),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rscope: {e}");
            ExitCode::FAILURE
        }
    }
}
