//! `rscope system FILE…`: the documents of one system read as one
//! ([`rscope_core::system::System`]): what each was read as and gave, the
//! resources and where they come from, the nodes that cannot run a job
//! now, the rank order, and where the documents disagree (exit 1 when
//! they do). The page's tab reads the same model. With `--r`, the
//! system's resources as an R, which the page's set workbench combines.

use crate::cli::{read_input, Input, Outcome};
use rscope_core::system::System;

/// Arguments of `rscope system`.
#[derive(clap::Args)]
pub struct SystemArgs {
    /// The documents (default: standard input): R, flux resource status
    /// and list payloads, resource graphs, hwloc topologies, configurations
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Print the system's resources as an R instead, on one line as flux R
    /// writes one (what the page's Combine tabs reads of a tab that holds
    /// no R of its own)
    #[arg(long = "r")]
    r: bool,
}

/// Run `rscope system`.
pub fn run(args: SystemArgs) -> Outcome {
    let inputs = read_all(&args.files)?;
    let docs: Vec<(&str, &str)> = (inputs.iter())
        .map(|i| (i.name.as_str(), i.text.as_str()))
        .collect();
    let system = System::read(&docs);
    if args.r {
        println!("{}", system.resources("system --r")?.encode());
        return Ok(0);
    }
    print!("{}", system.describe());
    Ok(u8::from(!system.findings.is_empty()))
}

/// Each file's text (standard input when there are none).
pub fn read_all(files: &[String]) -> Result<Vec<Input>, String> {
    if files.is_empty() {
        return Ok(vec![read_input(None)?]);
    }
    files.iter().map(|f| read_input(Some(f))).collect()
}
