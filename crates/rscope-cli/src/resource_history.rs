//! `rscope resource history`: figures over a time range of a resource
//! eventlog (an Rscope addition), per node, drain reason, day or week, as
//! text or JSON. The figures and what they mean are the core's
//! (`resource::eventlog::history`); this file reads the arguments and
//! prints.

use crate::cli::CliError;
use rscope_core::resource::eventlog;
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

/// Run `rscope resource history`: the core's
/// [`eventlog::history_command`], which the JS API calls too.
pub fn run_history(a: HistoryArgs) -> Result<Printed, CliError> {
    let json = match (a.output.as_str(), a.json) {
        ("json", _) | (_, true) => true,
        ("text", false) => false,
        (other, _) => {
            return Err(CliError::new(format!(
                "resource history: -o: invalid output '{other}': give text or json"
            )))
        }
    };
    let input = crate::cli::read_input(a.eventlog.as_deref()).map_err(CliError::new)?;
    let r_text = crate::resource::text_of(a.r.as_deref())?;
    let request = eventlog::HistoryRequest {
        by: Some(&a.by),
        since: a.since.as_deref(),
        until: a.until.as_deref(),
        r: r_text.as_deref(),
        exclude: a.exclude.as_deref(),
        group_reasons: a.group_reasons,
        json,
    };
    Ok(eventlog::history_command(
        &input.name,
        &input.text,
        &request,
    ))
}
