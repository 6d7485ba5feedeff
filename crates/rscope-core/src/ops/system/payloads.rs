//! What `flux resource status`, `drain` and `list` print for a system,
//! whatever documents it was read from: the page's *As flux resource
//! prints it* on every tab that has resources.
//!
//! Each command reads a payload. It is the open document's own when the
//! system has one (a status payload for `status` and `drain`, a list
//! payload for `list`); else one is made from what the system knows: its
//! resources with every node online and free, less the ranks it excludes,
//! and what the other payload says cannot run a job. A made payload comes
//! with a note that says so, since flux would print what the instance
//! knows, which these documents may not.

use super::{DocKind, System};
use crate::idset::IdSet;
use crate::rset::{self, Rset};

/// The two payloads `flux resource` reads, for one system.
#[derive(Clone, Debug, PartialEq)]
pub struct ResourcePayloads {
    /// The `resource.status` payload `flux resource status` and `drain`
    /// read.
    pub status: String,
    /// Why the status payload was made, when no document gave it.
    pub status_note: Option<String>,
    /// The `sched.resource-status` payload `flux resource list` and
    /// `info` read.
    pub list: String,
    /// Why the list payload was made, when no document gave it.
    pub list_note: Option<String>,
}

/// What the notes say when a system has resources and no payload.
const NO_PAYLOAD: &str = "no flux resource payload is open: this reads the system's resources with every node online and free";

/// The payloads for the system of `documents` (name, text), or why there
/// are none: it has no resources.
pub fn resource_payloads(documents: &[(&str, &str)]) -> Result<ResourcePayloads, String> {
    payloads_for(documents, "flux resource")
}

/// [`resource_payloads`] for `feature`, which the refusal names.
fn payloads_for(documents: &[(&str, &str)], feature: &str) -> Result<ResourcePayloads, String> {
    let system = System::read(documents);
    let set = system.resources(feature)?;
    let own = |kind: DocKind| {
        (documents.iter().zip(&system.documents))
            .find(|(_, d)| d.kind == kind)
            .map(|((_, text), _)| text.to_string())
    };
    let (status_own, list_own) = (own(DocKind::StatusPayload), own(DocKind::ListPayload));
    let down_in_list = list_own.as_deref().map(down_ranks).unwrap_or_default();
    let status_note = match (&status_own, &list_own) {
        (Some(_), _) => None,
        (None, Some(_)) => Some("no status payload is open: the list payload's down nodes read as offline, and no node as drained".to_string()),
        (None, None) => Some(NO_PAYLOAD.to_string()),
    };
    let list_note = match (&list_own, &status_own) {
        (Some(_), _) => None,
        (None, Some(_)) => Some("no list payload is open: the nodes the status payload says cannot run a job read as down, and nothing as allocated".to_string()),
        (None, None) => Some(NO_PAYLOAD.to_string()),
    };
    Ok(ResourcePayloads {
        status: status_own.unwrap_or_else(|| made_status(&system, set, &down_in_list)),
        status_note,
        list: list_own.unwrap_or_else(|| made_list(&system, set)),
        list_note,
    })
}

/// The text a job queue fills for the one document `text`: the document
/// itself when the queue reads it (an R, or a list payload with its
/// allocated and down sets), else the list payload made from what the
/// system model reads in it: a status payload's resources with its
/// unavailable nodes down, a graph's, a topology's or a configuration's
/// resources all free.
pub fn queue_text(text: &str) -> Result<std::borrow::Cow<'_, str>, String> {
    if crate::fit::answer::members(text).is_ok() {
        return Ok(std::borrow::Cow::Borrowed(text));
    }
    let payloads = payloads_for(&[("document", text)], "the job queue")?;
    Ok(std::borrow::Cow::Owned(payloads.list))
}

/// The text a job queue fills for the document `text` read with the other
/// documents of its system, `beside` (name, text: payloads, the tab's
/// configuration): [`queue_text`] when there are none, else the list
/// payload made from the whole system (the open list payload, or the
/// system's resources less what its configuration excludes, with what a
/// status payload says cannot run a job down).
pub fn queue_text_with<'t>(
    text: &'t str,
    beside: &[(&str, &str)],
) -> Result<std::borrow::Cow<'t, str>, String> {
    if beside.is_empty() {
        return queue_text(text);
    }
    let mut docs = Vec::with_capacity(beside.len() + 1);
    if !text.trim().is_empty() {
        docs.push(("document", text));
    }
    docs.extend_from_slice(beside);
    let payloads = payloads_for(&docs, "the job queue")?;
    Ok(std::borrow::Cow::Owned(payloads.list))
}

/// The ranks of a list payload's `down` set (none when it has none).
fn down_ranks(list: &str) -> IdSet {
    let value: Option<serde_json::Value> = serde_json::from_str(list).ok();
    let down = value.as_ref().and_then(|v| v.get("down"));
    let set = down.and_then(|d| rset::load_resources(&d.to_string()).ok());
    set.map(|s| s.ranks()).unwrap_or_default()
}

/// A `resource.status` payload for `set`: online but for `offline`, with
/// the system's excluded ranks, and nothing drained or torpid. A set whose
/// ranks do not run from 0 (a job's R) is numbered from 0, as an
/// instance's R is: flux resource status finds a rank's host at that
/// place in the nodelist.
fn made_status(system: &System, set: &Rset, offline: &IdSet) -> String {
    let ranks = set.ranks();
    let mut offline = offline.intersection(&ranks);
    let mut exclude = system.excluded.intersection(&ranks);
    let from_zero = ranks
        .iter()
        .enumerate()
        .all(|(i, r)| i as u64 == u64::from(r));
    let mut numbered = set.clone();
    if !from_zero {
        let moved = numbered.renumber_ranks();
        let renumber = |ids: &IdSet| {
            let kept = moved.iter().filter(|(old, _)| ids.contains(*old));
            IdSet::from_ranges(kept.map(|(_, new)| (*new, *new)))
        };
        (offline, exclude) = (renumber(&offline), renumber(&exclude));
    }
    let online = numbered.ranks().difference(&offline);
    format!(
        r#"{{"R": {}, "online": "{online}", "offline": "{offline}", "exclude": "{exclude}", "torpid": "", "drain": {{}}}}"#,
        numbered.encode(),
    )
}

/// A `sched.resource-status` payload for `set`: what cannot run a job
/// (unavailable or excluded) is down, and nothing is allocated.
fn made_list(system: &System, set: &Rset) -> String {
    let down_ranks = system.unavailable.union(&system.excluded);
    let down = set.include_ranks(&down_ranks);
    format!(r#"{{"all": {}, "down": {}}}"#, set.encode(), down.encode())
}
