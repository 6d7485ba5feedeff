//! `rscope summary`: the version and node, core and GPU counts of an R.

use crate::cli::{read_input, Outcome};

/// Arguments of `rscope summary`.
#[derive(clap::Args)]
pub struct SummaryArgs {
    /// The R document (default: standard input)
    file: Option<String>,
}

/// Run `rscope summary`.
pub fn run(args: SummaryArgs) -> Outcome {
    let input = read_input(args.file.as_deref())?;
    let s = rscope_core::rset::summarize(&input.text)?;
    print!("{}", rscope_core::commands::r::summary_text(&s));
    Ok(0)
}
