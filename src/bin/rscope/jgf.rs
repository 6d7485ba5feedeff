//! `rscope jgf`: validate, draw and query the JGF resource graph (RFC 40)
//! of an R document or of a bare `{"graph": ...}` document.

use crate::cli::{read_input, Input, Outcome, Status};
use clap::Subcommand;
use rscope::diag::Severity;
use rscope::jgf::{self, Query};

/// `rscope jgf` subcommands.
#[derive(Subcommand)]
pub enum JgfCommand {
    /// Report every finding in the graph with line, column and a caret
    Validate {
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
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
    /// Print the containment path of every vertex matching QUERY
    Find {
        /// type=T, name=N, path=/P, rank=R, property=K or property=K=V
        query: String,
        /// An R with a `scheduling` key, or `{"graph": ...}` (default: standard input)
        file: Option<String>,
    },
}

/// What this subcommand's messages on standard error start with.
pub const PREFIX: &str = "rscope jgf";

/// Run one subcommand.
pub fn run(cmd: JgfCommand) -> Outcome {
    match cmd {
        JgfCommand::Validate { file } => validate(file.as_deref()),
        JgfCommand::Tree { file, depth } => {
            let a = load(&read_input(file.as_deref())?)?;
            print!("{}", jgf::text::render_tree(&a, depth));
            Ok(0)
        }
        JgfCommand::Check { file } => check(file.as_deref()),
        JgfCommand::FromR { file } => {
            let r = rset_of(&read_input(file.as_deref())?)?;
            print!("{}", jgf::generate::to_json(&jgf::generate::from_rset(&r)));
            Ok(0)
        }
        JgfCommand::Find { query, file } => find(&query, file.as_deref()),
    }
}

/// Every finding rendered with its caret; status 1 when one is an error.
fn validate(file: Option<&str>) -> Outcome {
    let input = read_input(file)?;
    let diags = jgf::validate(&input.text);
    let mut out = String::new();
    for d in &diags {
        out.push_str(&d.render(&input.name, &input.text));
    }
    print!("{out}");
    Ok(Status::from(
        diags.iter().any(|d| d.severity == Severity::Error),
    ))
}

/// The path of every vertex matching the query.
fn find(query: &str, file: Option<&str>) -> Outcome {
    let q = query.parse::<Query>().map_err(|e| e.to_string())?;
    let a = load(&read_input(file)?)?;
    for hit in jgf::find(&a.graph, &a.tree, &q) {
        println!("{}", a.tree.path_string(&a.graph, hit.vertex));
    }
    Ok(0)
}

/// Differences one a line; status 1 when there is any (jgf_shorthand
/// omissions are printed but are not differences).
fn check(file: Option<&str>) -> Outcome {
    let input = read_input(file)?;
    let r = rset_of(&input)?;
    let a = graph_to_check(&input)?;
    let mut out = String::new();
    let mut differ = false;
    for d in jgf::consistency::compare(&r, &a) {
        differ |= !matches!(d, jgf::consistency::Difference::Omitted(_));
        out.push_str(&format!("{d}\n"));
    }
    print!("{out}");
    Ok(Status::from(differ))
}

/// The graph's analysis, or its first error rendered; a missing graph is
/// a failure.
fn load(input: &Input) -> Result<jgf::Analysis, String> {
    let (analysis, diags) = jgf::analyze(&input.text);
    analysis.ok_or_else(|| {
        diags
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.render(&input.name, &input.text).trim_end().to_string())
            .unwrap_or_else(|| "no resource graph".into())
    })
}

/// `check`'s graph: the analysis, or its first finding rendered.
fn graph_to_check(input: &Input) -> Result<jgf::Analysis, String> {
    let (analysis, diags) = jgf::analyze(&input.text);
    analysis.ok_or_else(|| {
        diags
            .first()
            .map(|d| d.render(&input.name, &input.text).trim_end().to_string())
            .unwrap_or_else(|| "no resource graph".into())
    })
}

/// The set a document is about, or why there is none (with its caret when
/// a finding says why).
fn rset_of(input: &Input) -> Result<rscope::rset::Rset, String> {
    let doc = rscope::rset::parse_document(&input.text);
    doc.main_set().cloned().map_err(|no| match no.diagnostic() {
        Some(d) => d.render(&input.name, &input.text).trim_end().to_string(),
        None => no.to_string(),
    })
}
