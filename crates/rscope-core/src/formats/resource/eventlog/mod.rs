//! The RFC 44 resource eventlog read in every form an admin holds it
//! (`read`), and replayed to the `resource.status` payload the instance
//! would have answered at a given instant (`replay`), as flux-core's
//! resource module computes it (`drain.c`, `upgrade.c`, `monitor.c`),
//! and summed over a time range per node, drain reason, day and week
//! (`history`), by the same state machine stepped event by event;
//! `replay_command` prints a replay as `rscope resource replay` does, for
//! the CLI and the JS API alike.
//!
//! The layer-1 `eventlog` module tells an eventlog from other documents;
//! this one knows what each resource event means, so it sits with the
//! other `flux resource` payloads. `print` prints it as
//! `flux resource eventlog` does.

mod at;
pub mod chart;
mod command;
mod fast;
pub mod handed;
pub mod history;
mod print;
mod pyvalue;
mod read;
mod replay;

pub use at::parse_instant;
pub use chart::{rank_history, Chart, Series, SeriesKind, Stretch};
pub use command::{history_command, replay_command, HistoryRequest, ReplayRequest};
pub use history::{history, EventlogHistory, HistoryOptions};
pub use print::{parse_timeout, print, EventFormat, MatchContext, PrintOptions, TimeFormat};
pub use read::read;
pub use replay::{replay, ReplayOptions, Replayed, Replayer};

use crate::diag::Diagnostic;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use std::borrow::Cow;
use std::ops::Range;

/// The most events read from one text: a year of a busy system's journal
/// is a few hundred thousand.
pub const MAX_EVENTS: usize = 1_000_000;

/// Ranks from this one up are left out (with a finding): a replay keeps a
/// state per rank, and El Capitan has about 11 000 nodes.
pub const MAX_RANKS: u32 = 1 << 20;

/// Whether `text` is a resource eventlog in a form [`read`] takes, judged
/// from its start so that a large R is not read twice: RFC 18 lines with
/// resource events, a journal response (an object whose first key is
/// `events`), or a JSON array whose first element is an event object (its
/// first key `timestamp` or `name`).
pub fn looks_like_resource_eventlog(text: &str) -> bool {
    if crate::eventlog::looks_like_eventlog(text) {
        return crate::eventlog::is_resource_eventlog(text);
    }
    fn after(s: &str, open: char) -> Option<&str> {
        s.trim_start().strip_prefix(open).map(str::trim_start)
    }
    let Some(first) = text.trim_start().chars().next() else {
        return false;
    };
    match first {
        '{' => after(text, '{').is_some_and(|s| s.starts_with("\"events\"")),
        '[' => after(text, '[')
            .and_then(|s| after(s, '{'))
            .is_some_and(|s| s.starts_with("\"timestamp\"") || s.starts_with("\"name\"")),
        _ => false,
    }
}

/// One event, as read.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceEvent {
    /// The bytes of the top-level JSON value holding it.
    pub span: Range<usize>,
    /// Its JSON pointer within that value (`""`, `/3`, `/events/0`).
    pub pointer: String,
    /// Seconds since the epoch.
    pub timestamp: f64,
    /// The event's name as written ([`event_name`]).
    pub name: Cow<'static, str>,
    /// What it says.
    pub kind: ResourceEventKind,
}

/// An event's name as written, held without a copy when it is one that
/// RFC 44 or the forms before flux-core 0.62 name: a log of a million
/// events had a million copies of a dozen names.
pub fn event_name(name: &str) -> Cow<'static, str> {
    let names = crate::eventlog::RESOURCE_EVENTS.iter();
    match names.chain(&["resource-update"]).find(|n| **n == name) {
        Some(n) => Cow::Borrowed(n),
        None => Cow::Owned(name.to_string()),
    }
}

/// What an event says, by its name (RFC 44, and the forms before
/// flux-core 0.62).
#[derive(Clone, Debug, PartialEq)]
pub enum ResourceEventKind {
    /// The resource module (re)started: the instance's ranks, those online,
    /// and the rank:host map from then on.
    Restart {
        /// `ranks`.
        ranks: Option<IdSet>,
        /// `online`.
        online: Option<IdSet>,
        /// `nodelist`.
        nodelist: Option<Hostlist>,
    },
    /// Before 0.62: the module (re)started with this state.
    ResourceInit {
        /// `online`.
        online: IdSet,
        /// `exclude`.
        exclude: IdSet,
        /// `drain`: ranks, when and why.
        drain: Vec<InitDrain>,
    },
    /// The resource set was defined.
    ResourceDefine {
        /// `method`.
        method: Option<String>,
    },
    /// The resource set's expiration changed.
    ResourceUpdate {
        /// `expiration`.
        expiration: Option<f64>,
    },
    /// Ranks drained.
    Drain(DrainChange),
    /// Ranks undrained.
    Undrain(DrainChange),
    /// Ranks came online.
    Online(IdSet),
    /// Ranks went offline.
    Offline(IdSet),
    /// Ranks stopped answering.
    Torpid(IdSet),
    /// Ranks answer again.
    Lively(IdSet),
    /// The journal dropped older events.
    Truncate,
    /// An unknown name, or a context too broken to replay (a finding says
    /// which).
    Unknown,
}

/// A drain or an undrain's context.
#[derive(Clone, Debug, PartialEq)]
pub struct DrainChange {
    /// `idset`: the ranks.
    pub ranks: IdSet,
    /// `nodelist`: the hosts those ranks were (absent before 0.62).
    pub nodelist: Option<Hostlist>,
    /// `reason`.
    pub reason: Option<String>,
    /// `overwrite` (1 when absent, as flux-core replays it).
    pub overwrite: u8,
}

/// One entry of a `resource-init` event's drain map.
#[derive(Clone, Debug, PartialEq)]
pub struct InitDrain {
    /// The ranks.
    pub ranks: IdSet,
    /// When they were drained.
    pub timestamp: f64,
    /// Why.
    pub reason: Option<String>,
}

/// A resource eventlog as read: its events, the last `R` a journal
/// response carried, and what is wrong with it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResourceEventlog {
    /// The events in the order written.
    pub events: Vec<ResourceEvent>,
    /// The instance's R, from a journal response.
    pub r: Option<serde_json::Value>,
    /// Findings, in the order met.
    pub findings: Vec<Diagnostic>,
    /// Whether a `resource-init` was read (the format before 0.62).
    pub legacy: bool,
    /// Drains and undrains without a nodelist: a finding once the whole
    /// log is read, unless it is in the format before 0.62.
    no_nodelist: Vec<Diagnostic>,
}

#[cfg(test)]
mod tests;
