//! `rscope constraint`: RFC 31 job constraints. `parse` reads a
//! `--requires` query into the JSON object `flux submit --requires` puts
//! in a jobspec; `match` prints the nodes of an R a constraint selects, as
//! `rscope R decode` prints an R, reading it as today's default scheduler
//! does (`Rv1Set`) or, with `--librlist`, as librlist does.

use crate::cli::{read_input, CliError, Outcome};
use clap::{Args, Subcommand};
use rscope_core::commands::constraint;
use rscope_core::constraint::ConstraintReading;
use rscope_core::json;
use rscope_core::setops::Inputs;
use std::io::Write;

/// `rscope constraint` subcommands.
#[derive(Subcommand)]
pub enum ConstraintCommand {
    /// Read a --requires query (flux submit's syntax) into RFC 31 JSON,
    /// printed on one line as Python's json.dumps prints it (", " and ": "
    /// between items, non-ASCII characters as \uXXXX)
    Parse(ParseArgs),
    /// Print the nodes of an R that a constraint selects, as rscope R
    /// decode prints an R, reading the constraint as flux-core's default
    /// scheduler does (Rv1Set.copy_constraint), or with --librlist as
    /// librlist's rlist_copy_constraint does
    Match(MatchArgs),
}

/// Options of `parse`.
#[derive(Args)]
pub struct ParseArgs {
    /// The query: terms such as gpu, ^slow, host:node[0-3], rank:0-1,
    /// joined by spaces, and/&, or/|, not, -term, parentheses and quotes.
    /// Several arguments are joined with spaces, as repeated --requires
    /// options are
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    query: Vec<String>,
}

/// Options of `match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Read CONSTRAINT as a --requires query rather than as RFC 31 JSON
    #[arg(short = 'q', long = "query")]
    query: bool,
    /// Rather than the R, print each node not selected and why, one a
    /// line, then a note when the other reading would answer otherwise
    #[arg(short = 'w', long = "why")]
    why: bool,
    /// Read the constraint as librlist does (flux-core's C scheduler before
    /// sched-simple in Python, flux R decode --properties, Fluxion), not as
    /// today's default scheduler (Python's Rv1Set)
    #[arg(long)]
    librlist: bool,
    /// Print the R indented for reading (as jq . lays it out)
    #[arg(long)]
    indent: bool,
    /// The constraint: an RFC 31 JSON object such as {"properties":
    /// ["gpu"]}, or with --query a query such as 'gpu -host:node3'
    #[arg(allow_hyphen_values = true)]
    constraint: String,
    /// The R document(s) (default: standard input); several R objects are
    /// joined as rscope R decode joins them
    file: Option<String>,
}

/// What a subcommand's messages on standard error start with.
pub fn prefix(cmd: &ConstraintCommand) -> &'static str {
    match cmd {
        ConstraintCommand::Parse(_) => "rscope constraint parse",
        ConstraintCommand::Match(_) => "rscope constraint match",
    }
}

fn run_match(a: &MatchArgs) -> Result<String, CliError> {
    let reading = match a.librlist {
        true => ConstraintReading::Librlist,
        false => ConstraintReading::Rv1Set,
    };
    let c = constraint::read_constraint(&a.constraint, a.query, reading).map_err(CliError::new)?;
    let text = read_input(a.file.as_deref())?.text;
    let inputs = Inputs::stdin(&text);
    let out = constraint::select(&inputs, &c, a.why).map_err(|r| CliError::new(r.message))?;
    Ok(if a.indent && !a.why {
        json::indent::indent(&out).unwrap_or(out)
    } else {
        out
    })
}

/// Run one subcommand.
pub fn run(cmd: ConstraintCommand) -> Outcome {
    let out = match cmd {
        ConstraintCommand::Parse(a) => {
            constraint::parse(&a.query.join(" ")).map_err(|e| e.message)? + "\n"
        }
        ConstraintCommand::Match(a) => run_match(&a)?,
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(out.as_bytes());
    let _ = stdout.flush();
    Ok(0)
}
