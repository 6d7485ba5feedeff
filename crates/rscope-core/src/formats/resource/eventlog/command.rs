//! `rscope resource replay` as one call: the CLI, the JS API's
//! `resource("replay", …)` and the page all print through
//! [`replay_command`], so one eventlog gives them the same bytes.

use super::{parse_instant, read, replay, ReplayOptions};
use crate::diag::Diagnostic;
use crate::formats::resource::Printed;
use crate::idset::IdSet;

/// What `rscope resource replay` is given besides the eventlog, as text.
#[derive(Clone, Debug, Default)]
pub struct ReplayRequest<'a> {
    /// `--at`: seconds since the epoch, an ISO 8601 time, or an offset.
    pub at: Option<&'a str>,
    /// `--R`: the instance's R.
    pub r: Option<&'a str>,
    /// `--exclude`: ranks excluded by configuration.
    pub exclude: Option<&'a str>,
}

/// The prefix of the messages Rscope's own commands print.
const PREFIX: &str = "rscope: resource replay";

/// `rscope resource replay` of `text` (named `name` in findings): the
/// `resource.status` payload on standard output, the findings about the
/// eventlog on standard error (the rest of it is still read), and exit
/// status 1 when there is nothing to replay or an option does not read.
pub fn replay_command(name: &str, text: &str, req: &ReplayRequest<'_>) -> Printed {
    let log = read(text);
    if log.events.is_empty() {
        let mut p = findings(&log.findings, name, text);
        p.stderr
            .push_str(&format!("{PREFIX}: {name} holds no resource events\n"));
        p.code = 1;
        return p;
    }
    let first = log.events.iter().map(|e| e.timestamp).reduce(f64::min);
    let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
    let at = match req.at.map(|t| parse_instant(t, first, last)).transpose() {
        Ok(at) => at,
        Err(e) => return failed(format!("--at: {e}")),
    };
    let exclude = match req.exclude.map(IdSet::decode).transpose() {
        Ok(ids) => ids,
        Err(e) => return failed(format!("--exclude: {e}")),
    };
    let opts = ReplayOptions {
        at,
        r: req.r,
        exclude,
    };
    let replayed = match replay(&log, &opts) {
        Ok(r) => r,
        Err(e) => return failed(e),
    };
    let mut all = log.findings.clone();
    all.extend(replayed.findings.iter().cloned());
    let mut p = findings(&all, name, text);
    p.stdout = replayed.to_json();
    p
}

/// A refusal: the message on standard error, exit status 1.
fn failed(message: String) -> Printed {
    Printed {
        stdout: String::new(),
        stderr: format!("{PREFIX}: {message}\n"),
        code: 1,
    }
}

/// Findings rendered for standard error, each with a caret under its value.
pub(crate) fn findings(found: &[Diagnostic], name: &str, text: &str) -> Printed {
    let mut stderr = String::new();
    for d in found {
        stderr.push_str(&d.render(name, text));
        if !stderr.ends_with('\n') {
            stderr.push('\n');
        }
    }
    Printed {
        stdout: String::new(),
        stderr,
        code: 0,
    }
}
