//! `rscope jgf`: validate, draw and query the JGF resource graph (RFC 40)
//! of an R document or of a bare `{"graph": ...}` document.

use crate::cli::{read_input, Input, Outcome, Status};
use clap::Subcommand;
use rscope_core::commands::{graph, Failure};
use rscope_core::diag::Severity;
use rscope_core::jgf;

/// `rscope jgf` subcommands.
#[derive(Subcommand)]
pub enum JgfCommand {
    /// Report every finding in the graph with line, column and a caret
    Validate {
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
        /// Read RFC 40 strictly: a key or form it asks for and the graph
        /// leaves out (as Fluxion's graphs do) is a warning, not a note
        #[arg(long)]
        strict_rfc40: bool,
    },
    /// Print the containment tree with counts by type under each vertex
    Tree {
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
        /// Show this many levels below the root
        #[arg(long, value_name = "N")]
        depth: Option<usize>,
    },
    /// List every difference between R_lite and the graph, rank by rank
    Check {
        /// An R with a `scheduling` key (default: standard input)
        file: Option<String>,
    },
    /// Write a JGF graph (cluster, nodes, cores, GPUs) for a plain R
    FromR {
        /// An R document (default: standard input)
        file: Option<String>,
    },
    /// Write the JGF graph Fluxion's hwloc reader builds from an hwloc XML
    /// topology (lstopo --of xml)
    FromHwloc {
        /// The XML file (default: standard input)
        file: Option<String>,
        /// Only these resource types (node,socket,core,gpu,L2cache,…), as
        /// resource-query -W takes them
        #[arg(long, value_name = "TYPES", value_delimiter = ',')]
        allow: Vec<String>,
    },
    /// Print the containment path of every vertex matching QUERY
    Find {
        /// type=T, name=N, basename=B, id=I, path=/P, rank=R, property=K or property=K=V
        query: String,
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
    },
    /// Write the graph as `resource-query -g dot|graphml` does
    Export {
        /// dot (Graphviz) or graphml
        #[arg(long, value_name = "FORMAT", value_parser = ["dot", "graphml"], default_value = "dot")]
        format: String,
        /// Only the vertices and edges of this subsystem (containment,
        /// power, ...); repeat for more. Default: every subsystem, as
        /// resource-query writes since flux-sched 0.36
        #[arg(long, value_name = "NAME", value_delimiter = ',')]
        subsystem: Vec<String>,
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
    },
}

/// What this subcommand's messages on standard error start with.
pub const PREFIX: &str = "rscope jgf";

/// Run one subcommand.
pub fn run(cmd: JgfCommand) -> Outcome {
    match cmd {
        JgfCommand::Validate { file, strict_rfc40 } => validate(file.as_deref(), strict_rfc40),
        JgfCommand::Tree { file, depth } => {
            let input = read_input(file.as_deref())?;
            let tree = graph::tree(&input.text, depth).map_err(|e| rendered(e, &input))?;
            print!("{tree}");
            Ok(0)
        }
        JgfCommand::Check { file } => {
            let input = read_input(file.as_deref())?;
            let check = graph::check(&input.text).map_err(|e| rendered(e, &input))?;
            print!("{}", check.text);
            Ok(Status::from(!check.consistent))
        }
        JgfCommand::FromR { file } => {
            let input = read_input(file.as_deref())?;
            let r = graph::main_set(&input.text).map_err(|e| rendered(e, &input))?;
            print!("{}", jgf::generate::to_json(&jgf::generate::from_rset(&r)));
            Ok(0)
        }
        JgfCommand::FromHwloc { file, allow } => {
            let input = read_input(file.as_deref())?;
            print!(
                "{}",
                graph::from_hwloc_allowing(&input.text, &allow).map_err(|e| rendered(e, &input))?
            );
            Ok(0)
        }
        JgfCommand::Export {
            format,
            subsystem,
            file,
        } => {
            let input = read_input(file.as_deref())?;
            let out =
                graph::export(&input.text, &format, &subsystem).map_err(|e| rendered(e, &input))?;
            print!("{out}");
            Ok(0)
        }
        JgfCommand::Find { query, file } => {
            let q = graph::query(&query).map_err(|e| e.message)?;
            let input = read_input(file.as_deref())?;
            let paths = graph::find(&input.text, &q).map_err(|e| rendered(e, &input))?;
            print!(
                "{}",
                paths.iter().map(|p| format!("{p}\n")).collect::<String>()
            );
            Ok(0)
        }
    }
}

/// Every finding rendered with its caret; status 1 when one is an error.
fn validate(file: Option<&str>, strict: bool) -> Outcome {
    let input = read_input(file)?;
    let mut diags = jgf::validate(&input.text);
    if strict {
        jgf::strict_rfc40(&mut diags);
    }
    let mut out = String::new();
    for d in &diags {
        out.push_str(&d.render(&input.name, &input.text));
    }
    print!("{out}");
    Ok(Status::from(
        diags.iter().any(|d| d.severity == Severity::Error),
    ))
}

/// A failure for standard error: its finding rendered with the caret
/// under the place in `input`, or its message when no finding says why.
fn rendered(e: Failure, input: &Input) -> String {
    match e.finding {
        Some(d) => d.render(&input.name, &input.text).trim_end().to_string(),
        None => e.message,
    }
}
