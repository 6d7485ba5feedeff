//! `rscope jgf`: validate, draw and query the JGF resource graph (RFC 40)
//! of an R document or of a bare `{"graph": ...}` document.

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

/// The text of FILE (standard input when absent or `-`) and the name to
/// print in diagnostics.
fn read(file: Option<&str>) -> Result<(String, String), String> {
    let name = match file {
        None | Some("-") => "<stdin>",
        Some(p) => p,
    };
    crate::read_input(file).map(|text| (name.to_string(), text))
}

/// Errors first rendered, then the analysis; a missing graph is a failure.
fn load(file: Option<&str>) -> Result<jgf::Analysis, String> {
    let (name, text) = read(file)?;
    let (analysis, diags) = jgf::analyze(&text);
    analysis.ok_or_else(|| {
        diags
            .iter()
            .find(|d| d.severity == Severity::Error)
            .map(|d| d.render(&name, &text).trim_end().to_string())
            .unwrap_or_else(|| "no resource graph".into())
    })
}

/// The R of a document, or why there is none, rendered.
fn read_r(file: Option<&str>) -> Result<rscope::rset::Rset, String> {
    let (name, text) = read(file)?;
    main_set(&name, &text)
}

/// The set a document is about, or why there is none with its caret.
fn main_set(name: &str, text: &str) -> Result<rscope::rset::Rset, String> {
    let doc = rscope::rset::parse_document(text);
    doc.main_set().cloned().map_err(|no| match no.diagnostic() {
        Some(d) => d.render(name, text).trim_end().to_string(),
        None => no.to_string(),
    })
}

/// Differences one a line; whether there is any (jgf_shorthand omissions
/// are printed but are not differences).
fn check(file: Option<&str>) -> Result<(String, bool), String> {
    let (name, text) = read(file)?;
    let r = main_set(&name, &text)?;
    let (analysis, diags) = jgf::analyze(&text);
    let a = analysis.ok_or_else(|| {
        diags
            .first()
            .map(|d| d.render(&name, &text).trim_end().to_string())
            .unwrap_or_else(|| "no resource graph".into())
    })?;
    let mut out = String::new();
    let mut differ = false;
    for d in jgf::consistency::compare(&r, &a) {
        differ |= !matches!(d, jgf::consistency::Difference::Omitted(_));
        out.push_str(&format!("{d}\n"));
    }
    Ok((out, differ))
}

/// Run one subcommand; returns the process exit status.
pub fn run(cmd: JgfCommand) -> u8 {
    let result = match cmd {
        JgfCommand::Validate { file } => match read(file.as_deref()) {
            Ok((name, text)) => {
                let diags = jgf::validate(&text);
                let mut out = String::new();
                for d in &diags {
                    out.push_str(&d.render(&name, &text));
                }
                print!("{out}");
                return u8::from(diags.iter().any(|d| d.severity == Severity::Error));
            }
            Err(e) => Err(e),
        },
        JgfCommand::Tree { file, depth } => load(file.as_deref()).map(|a| {
            print!("{}", jgf::text::render_tree(&a, depth));
        }),
        JgfCommand::Check { file } => match check(file.as_deref()) {
            Ok((out, differ)) => {
                print!("{out}");
                return u8::from(differ);
            }
            Err(e) => Err(e),
        },
        JgfCommand::FromR { file } => read_r(file.as_deref()).map(|r| {
            print!("{}", jgf::generate::to_json(&jgf::generate::from_rset(&r)));
        }),
        JgfCommand::Find { query, file } => query
            .parse::<Query>()
            .map_err(|e| e.to_string())
            .and_then(|q| {
                let a = load(file.as_deref())?;
                for hit in jgf::find(&a.graph, &a.tree, &q) {
                    println!("{}", a.tree.path_string(&a.graph, hit.vertex));
                }
                Ok(())
            }),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("rscope jgf: {e}");
            1
        }
    }
}
