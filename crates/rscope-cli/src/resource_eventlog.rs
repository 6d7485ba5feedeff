//! `rscope resource eventlog`: a saved resource eventlog printed byte for
//! byte as flux-core's `flux resource eventlog` prints the journal.
//!
//! A file has no future: `-F/--follow` prints what there is, `-t/--timeout`
//! is checked but never fires, and `-w/--wait` fails when the file ends
//! before its event (the reference would wait for it).

use crate::cli::{CliError, Outcome};
use rscope_core::resource::eventlog::{self, EventFormat, MatchContext, PrintOptions, TimeFormat};
use rscope_core::resource::Printed;

/// The options of `flux resource eventlog`.
#[derive(clap::Args)]
pub struct EventlogArgs {
    /// The eventlog (standard input when absent or `-`).
    file: Option<String>,
    /// Output format: text, json.
    #[arg(short = 'f', long, value_name = "FORMAT", default_value = "text",
          value_parser = ["text", "json"])]
    format: String,
    /// Time format: raw, iso, offset, human (reltime is human).
    #[arg(short = 'T', long, value_name = "FORMAT", default_value = "raw",
          value_parser = ["raw", "iso", "offset", "human", "reltime"])]
    time_format: String,
    /// Human-readable output (text with human times).
    #[arg(short = 'H', long)]
    human: bool,
    /// Use color; WHEN can be 'never', 'always' or 'auto' (default).
    #[arg(short = 'L', long, value_name = "WHEN", num_args = 0..=1,
          default_missing_value = "always", require_equals = false)]
    color: Option<String>,
    /// Display new events as they are posted (a file has none: all is printed).
    #[arg(short = 'F', long)]
    follow: bool,
    /// With --follow or --wait, timeout after TIME has elapsed (checked; a file never waits).
    #[arg(short = 't', long, value_name = "TIME")]
    timeout: Option<String>,
    /// Display events until EVENT is posted.
    #[arg(short = 'w', long, value_name = "EVENT")]
    wait: Option<String>,
    /// With --wait, match KEY=VAL in context of EVENT.
    #[arg(short = 'm', long, value_name = "KEY=VAL")]
    match_context: Vec<String>,
    /// Only display events that include TARGETS (hosts or ranks).
    #[arg(short = 'i', long, value_name = "TARGETS")]
    include: Option<String>,
}

/// Run `rscope resource eventlog`.
pub fn run(a: EventlogArgs) -> Outcome {
    crate::resource::emit(&printed(a)?)
}

/// The reference's order: its argument parser reads `-m`, then
/// `eventlog()` settles `-H`, the colour and `--timeout` before it reads.
fn printed(a: EventlogArgs) -> Result<Printed, CliError> {
    let mut match_context = MatchContext::default();
    for kv in &a.match_context {
        if let Err(e) = match_context.push(kv) {
            return Ok(Printed::error(e));
        }
    }
    let (format, time) = if a.human {
        (EventFormat::Text, TimeFormat::Human)
    } else {
        let format = match a.format.as_str() {
            "json" => EventFormat::Json,
            _ => EventFormat::Text,
        };
        (
            format,
            TimeFormat::parse(&a.time_format).unwrap_or(TimeFormat::Raw),
        )
    };
    let color = crate::resource::color(a.color.as_deref())?;
    if let Some(t) = &a.timeout {
        if let Err(e) = eventlog::parse_timeout(t) {
            return Ok(Printed::error(e));
        }
    }
    // A file has no future: following it is reading it to its end.
    let _ = a.follow;
    let input = crate::cli::read_input(a.file.as_deref()).map_err(CliError::new)?;
    let log = eventlog::read(&input.text);
    let opts = PrintOptions {
        format,
        time,
        color,
        include: a.include,
        wait: a.wait,
        match_context,
    };
    Ok(eventlog::print(&input.name, &input.text, &log, &opts))
}
