//! `rscope resource history`: figures over a time range of a resource
//! eventlog (an Rscope addition), per node, drain reason, day or week, as
//! text or JSON. The figures and what they mean are the core's
//! (`resource::eventlog::history`); this file reads the arguments and
//! prints.

use crate::cli::{CliError, Input};
use rscope_core::resource::eventlog::{self, history::By};
use rscope_core::resource::Printed;

/// Arguments of `rscope resource history`.
#[derive(clap::Args)]
pub struct HistoryArgs {
    /// The eventlog, in any form `resource replay` reads (default or `-`: standard input)
    eventlog: Option<String>,
    /// Rows per node, drain reason, UTC day or ISO week (Monday to Sunday, UTC)
    #[arg(long, value_name = "node|reason|day|week", default_value = "node")]
    by: String,
    /// Start of the range: a time as `replay --at` takes it (default: the first event)
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    since: Option<String>,
    /// End of the range: a time as `replay --at` takes it (default: the last event)
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    until: Option<String>,
    /// The instance's R (default: the journal's, else one made of the ranks the eventlog names)
    #[arg(long = "R", value_name = "R-FILE")]
    r: Option<String>,
    /// Ranks excluded by configuration, which eventlogs since flux-core 0.62 do not record
    #[arg(long, value_name = "IDSET")]
    exclude: Option<String>,
    /// Group reasons that differ only by numbers or job ids (numbers become <n>, F58 job ids <jobid>)
    #[arg(long)]
    group_reasons: bool,
    /// Output: text or json
    #[arg(short = 'o', long, value_name = "text|json", default_value = "text")]
    output: String,
    /// The same as -o json
    #[arg(long)]
    json: bool,
}

/// Run `rscope resource history`: the figures on standard output, the
/// findings about the eventlog on standard error.
pub fn run_history(a: HistoryArgs) -> Result<Printed, CliError> {
    let fail = |what: &str, e: String| CliError::new(format!("resource history: {what}{e}"));
    let by = By::parse(&a.by).map_err(|e| fail("--by: ", e))?;
    let json = match (a.output.as_str(), a.json) {
        ("json", _) | (_, true) => true,
        ("text", false) => false,
        (other, _) => {
            return Err(fail(
                "-o: ",
                format!("invalid output '{other}': give text or json"),
            ))
        }
    };
    let input = crate::cli::read_input(a.eventlog.as_deref()).map_err(CliError::new)?;
    let log = eventlog::read(&input.text);
    if log.events.is_empty() {
        let mut p = findings(&log.findings, &input);
        p.stderr.push_str(&format!(
            "{}: resource history: {} holds no resource events\n",
            crate::cli::PREFIX,
            input.name
        ));
        p.code = 1;
        return Ok(p);
    }
    let first = log.events.iter().map(|e| e.timestamp).reduce(f64::min);
    let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
    let instant = |flag: &str, t: Option<&str>| {
        t.map(|t| eventlog::parse_instant(t, first, last))
            .transpose()
            .map_err(|e| fail(flag, e))
    };
    let since = instant("--since: ", a.since.as_deref())?;
    let until = instant("--until: ", a.until.as_deref())?;
    let r_text = match &a.r {
        Some(path) => Some(
            crate::cli::read_input(Some(path))
                .map_err(CliError::new)?
                .text,
        ),
        None => None,
    };
    let exclude = (a.exclude.as_deref())
        .map(rscope_core::idset::IdSet::decode)
        .transpose()
        .map_err(|e| fail("--exclude: ", e.to_string()))?;
    let opts = eventlog::HistoryOptions {
        since,
        until,
        r: r_text.as_deref(),
        exclude,
        group_reasons: a.group_reasons,
    };
    let history = eventlog::history(&log, &opts).map_err(|e| fail("", e))?;
    let mut p = findings(&history.findings, &input);
    p.stdout = match json {
        true => history.to_json(by),
        false => history.to_text(by),
    };
    Ok(p)
}

/// Findings rendered for standard error, with a caret under the value.
fn findings(found: &[rscope_core::diag::Diagnostic], input: &Input) -> Printed {
    let mut stderr = String::new();
    for d in found {
        stderr.push_str(&d.render(&input.name, &input.text));
        if !stderr.ends_with('\n') {
            stderr.push('\n');
        }
    }
    Printed::info(stderr)
}
