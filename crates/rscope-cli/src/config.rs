//! `rscope config PATH… [--r R-FILE]`: a Flux system configuration (TOML
//! files, a conf.d folder, or the JSON `flux config get` prints) read
//! whole ([`rscope_core::commands::config`]): the R it makes, re-ranked by
//! `[bootstrap] hosts` where that order differs, the ranks `[resource]
//! exclude` takes out, the rank↔host table, and the findings. Exit 1 when
//! a finding is an error.

use crate::cli::{CliError, Outcome};
use clap::Args;
use rscope_core::commands::config;
use rscope_core::rset;

/// Arguments of `config`.
#[derive(Args)]
pub struct ConfigArgs {
    /// Configuration files (TOML, or the JSON `flux config get` prints),
    /// directories of *.toml files (conf.d), or - for standard input,
    /// merged in order
    #[arg(required = true)]
    paths: Vec<String>,
    /// Check this R against the configuration instead of the one its
    /// [resource] config or path makes
    #[arg(long = "r", value_name = "R-FILE")]
    r: Option<String>,
}

/// Read, merge and report.
pub fn run(args: ConfigArgs) -> Outcome {
    let mut files = Vec::new();
    for path in &args.paths {
        files.extend(config_files(path)?);
    }
    let conf = config::SystemConfig::merge(&files)?;
    let source = match args.r {
        Some(_) => config::ReportSource::Checked,
        None => config::ReportSource::Configured,
    };
    let r_file = args.r.or_else(|| conf.resource_path().map(str::to_string));
    let r = match r_file {
        Some(f) => {
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{f}: {e}"))?;
            Some(rset::load(&text).map_err(|e| format!("{f}: {e}"))?)
        }
        None => None,
    };
    let (out, errors) = config::report(&conf, r, source)?;
    print!("{out}");
    Ok(u8::from(errors))
}

/// The files of `path`: itself, or every `*.toml` in it in name order,
/// each as its name and text; `-` is standard input, named `stdin`.
pub fn config_files(path: &str) -> Result<Vec<(String, String)>, CliError> {
    if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)
            .map_err(|e| format!("stdin: {e}"))?;
        return Ok(vec![("stdin".to_string(), text)]);
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
    let paths: Vec<std::path::PathBuf> = if meta.is_dir() {
        let mut v: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("{path}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        v.sort();
        v
    } else {
        vec![path.into()]
    };
    paths
        .into_iter()
        .map(|f| {
            let name = f.display().to_string();
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, text))
        })
        .collect()
}
