//! `rscope resource replay` and `rscope resource history` as one call
//! each: the CLI, the JS API's `resource("replay" | "history", …)` and the
//! page all print through [`replay_command`] and [`history_command`], so
//! one eventlog gives them the same bytes.

use super::history::By;
use super::ResourceEventlog;
use super::{history, parse_instant, read, replay, HistoryOptions, ReplayOptions};
use crate::diag::Diagnostic;
use crate::idset::IdSet;
use crate::resource::Printed;

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

/// What `rscope resource history` is given besides the eventlog, as text.
#[derive(Clone, Debug, Default)]
pub struct HistoryRequest<'a> {
    /// `--by`: node, reason, day or week (default node).
    pub by: Option<&'a str>,
    /// `--since`: a time as `--at` takes it.
    pub since: Option<&'a str>,
    /// `--until`: a time as `--at` takes it.
    pub until: Option<&'a str>,
    /// `--R`: the instance's R.
    pub r: Option<&'a str>,
    /// `--exclude`: ranks excluded by configuration.
    pub exclude: Option<&'a str>,
    /// `--group-reasons`.
    pub group_reasons: bool,
    /// `-o json` (else text).
    pub json: bool,
}

/// An eventlog read for a command, with its first and last times; or what
/// the command prints when it holds no event.
struct Opened {
    log: ResourceEventlog,
    first: Option<f64>,
    last: Option<f64>,
}

impl Opened {
    fn read(command: &str, name: &str, text: &str) -> Result<Opened, Printed> {
        let log = read(text);
        if log.events.is_empty() {
            let mut p = findings(&log.findings, name, text);
            p.stderr.push_str(&format!(
                "rscope: resource {command}: {name} holds no resource events\n"
            ));
            p.code = 1;
            return Err(p);
        }
        let first = log.events.iter().map(|e| e.timestamp).reduce(f64::min);
        let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
        Ok(Opened { log, first, last })
    }

    /// The instant a time option names, or the refusal `flag` gets.
    fn instant(&self, command: &str, flag: &str, t: Option<&str>) -> Result<Option<f64>, Printed> {
        t.map(|t| parse_instant(t, self.first, self.last))
            .transpose()
            .map_err(|e| failed(command, &format!("{flag}: {e}")))
    }
}

/// `--exclude`'s ranks, or its refusal.
fn exclude_of(command: &str, text: Option<&str>) -> Result<Option<IdSet>, Printed> {
    text.map(IdSet::decode)
        .transpose()
        .map_err(|e| failed(command, &format!("--exclude: {e}")))
}

/// `rscope resource replay` of `text` (named `name` in findings): the
/// `resource.status` payload on standard output, the findings about the
/// eventlog on standard error (the rest of it is still read), and exit
/// status 1 when there is nothing to replay or an option does not read.
pub fn replay_command(name: &str, text: &str, req: &ReplayRequest<'_>) -> Printed {
    run_replay(name, text, req).unwrap_or_else(|refused| refused)
}

fn run_replay(name: &str, text: &str, req: &ReplayRequest<'_>) -> Result<Printed, Printed> {
    const C: &str = "replay";
    let opened = Opened::read(C, name, text)?;
    let opts = ReplayOptions {
        at: opened.instant(C, "--at", req.at)?,
        r: req.r,
        exclude: exclude_of(C, req.exclude)?,
    };
    let replayed = replay(&opened.log, &opts).map_err(|e| failed(C, &e))?;
    let mut all = opened.log.findings.clone();
    all.extend(replayed.findings.iter().cloned());
    let mut p = findings(&all, name, text);
    p.stdout = replayed.to_json();
    Ok(p)
}

/// `rscope resource history` of `text` (named `name` in findings): the
/// figures as text or JSON on standard output, the findings on standard
/// error, exit status 1 when there is no event or an option does not read.
pub fn history_command(name: &str, text: &str, req: &HistoryRequest<'_>) -> Printed {
    run_history(name, text, req).unwrap_or_else(|refused| refused)
}

fn run_history(name: &str, text: &str, req: &HistoryRequest<'_>) -> Result<Printed, Printed> {
    const C: &str = "history";
    let by = By::parse(req.by.unwrap_or("node")).map_err(|e| failed(C, &format!("--by: {e}")))?;
    let opened = Opened::read(C, name, text)?;
    let opts = HistoryOptions {
        since: opened.instant(C, "--since", req.since)?,
        until: opened.instant(C, "--until", req.until)?,
        r: req.r,
        exclude: exclude_of(C, req.exclude)?,
        group_reasons: req.group_reasons,
        chart_columns: None,
    };
    let figures = history(&opened.log, &opts).map_err(|e| failed(C, &e))?;
    let mut p = findings(&figures.findings, name, text);
    p.stdout = match req.json {
        true => figures.to_json(by),
        false => figures.to_text(by),
    };
    Ok(p)
}

/// A refusal: the message on standard error, exit status 1.
fn failed(command: &str, message: &str) -> Printed {
    Printed {
        stdout: String::new(),
        stderr: format!("rscope: resource {command}: {message}\n"),
        code: 1,
    }
}

/// Findings rendered for standard error, each with a caret under its value.
fn findings(found: &[Diagnostic], name: &str, text: &str) -> Printed {
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
