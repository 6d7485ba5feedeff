//! The events of an RFC 44 resource eventlog, explained: what each event
//! does to the nodes' states as flux-core's resource module replays it,
//! what its context keys hold, and, for a drain, what its `overwrite` did
//! to ranks that were drained already (read by replaying the events before
//! it, [`crate::resource::eventlog::replay`]).
//!
//! An eventlog is JSON lines (or an array of events, or the journal's
//! `{"events": [...]}`), so the value under the caret is found in its own
//! line first.

use super::{card, locate, number, object, string, Explained, PathStep, Rfc};
use crate::idset::IdSet;
use crate::json::{self, get, Value};
use crate::resource::eventlog::{self, ResourceEventlog};
use crate::time::utc as date;
use crate::words::count;

/// RFC 44's section for an event name.
fn rfc(name: &str) -> Rfc {
    let anchor = match name {
        "online" | "offline" => "online-offline",
        "torpid" | "lively" => "torpid-lively",
        "restart" | "resource-define" | "resource-update" | "drain" | "undrain" | "truncate" => {
            name
        }
        _ => "events",
    };
    Rfc::new(44, anchor)
}

/// What each event does, in this project's words.
fn event_body(name: &str) -> &'static str {
    match name {
        "restart" => "The resource module (re)started. It names every rank of the instance and those online at that moment, and the rank-to-host map from here on. A restart forgets who was online before: every rank not in its online set is offline until an online event says otherwise. Drains survive a restart.",
        "resource-define" => "The instance's R was defined (from the configuration, from hwloc, from the enclosing instance, or from a job). The R itself is in the KVS key resource.R; the eventlog only says how it was found.",
        "resource-update" => "The instance's R changed after it was defined: here, a new expiration.",
        "drain" => "Ranks were drained: they run no new job until they are undrained. The reason is kept with them. What happens to ranks drained already depends on overwrite.",
        "undrain" => "Ranks were undrained: they take new jobs again, and their drain reason is forgotten.",
        "online" => "Brokers came up and joined the instance: their ranks are online.",
        "offline" => "Brokers went down or were lost: their ranks are offline. flux resource status marks a drained offline node with *.",
        "torpid" => "Brokers stopped answering the heartbeat for a while (30 s by default) but are not yet offline: the scheduler sends them no new work.",
        "lively" => "Torpid brokers answer again.",
        "truncate" => "The in-memory journal dropped older events to stay within its size; this event stands in their place and has the time of the last event dropped. It is never in the KVS eventlog.",
        "resource-init" => "Before flux-core 0.62 the module posted this as it started: the ranks drained (with reasons and times), those online and those excluded. It plays the part of restart in older eventlogs.",
        _ => "An event this reader does not know: Rscope keeps it but it changes no node's state.",
    }
}

/// What the key `key` of an event's context holds, or `None` for a key the
/// event does not define.
fn context_body(name: &str, key: &str) -> Option<&'static str> {
    Some(match (name, key) {
        ("restart", "ranks") => "An RFC 22 id set of every rank of the instance.",
        ("restart", "online") => "An RFC 22 id set of the ranks online as the module started; every other rank starts offline.",
        ("restart", "nodelist") => "An RFC 29 host list, one host per rank in rank order: how ranks map to hosts from now on.",
        (_, "idset") => "An RFC 22 id set of the ranks this event is about.",
        ("drain" | "undrain", "nodelist") => "The hosts of those ranks when the event was posted. An instance restarted with another rank-to-host map moves the drain to the host's new rank, since drains are kept across restarts.",
        ("drain", "reason") => "Why the ranks were drained, as given to flux resource drain.",
        ("undrain", "reason") => "Why the ranks were undrained, when the admin said.",
        ("drain", "overwrite") => "How the drain treats ranks that are drained already: 0 leaves them as they were, 1 replaces the reason but keeps the time they were drained, 2 replaces both (flux resource drain --force gives 1, --force --force 2, --update applies only to ranks drained already).",
        ("resource-define", "method") => "How R was found: configuration, dynamic-discovery (hwloc), kvs, or job.",
        ("resource-update", "expiration") => "The new expiration of the instance's R, in seconds since the epoch.",
        ("resource-init", "drain") => "The ranks drained as the module started, each with its time and reason.",
        ("resource-init", "online") => "The ranks online as the module started.",
        ("resource-init", "exclude") => "The ranks the configuration excluded.",
        ("resource-init", "restart") => "Whether the instance was restarted (true) or started for the first time.",
        _ => return None,
    })
}

/// The event under byte `at` of an eventlog `text`, explained; `None`
/// when `at` is not in an event.
pub(super) fn explain(text: &str, at: usize) -> Option<Explained> {
    let (root, base) = match json::parse_whole(text) {
        Ok(v) => (v, 0),
        Err(_) => {
            let start = text[..at.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
            let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
            (json::parse_whole(&text[start..end]).ok()?, start)
        }
    };
    let hit = locate(&root, at.checked_sub(base)?)?;
    // The steps to the event itself: none in a line, a position in an
    // array, `events` and a position in a journal response.
    let is_event = object(&root).is_some_and(|o| get(o, "name").is_some());
    let (depth, pointer) = match hit.path.as_slice() {
        [PathStep::Index(i), ..] => (1, format!("/{i}")),
        [PathStep::Key(k), PathStep::Index(i), ..] if k == "events" && !is_event => {
            (2, format!("/events/{i}"))
        }
        _ => (0, String::new()),
    };
    let event = *hit.chain.get(depth)?;
    let name = object(event)
        .and_then(|o| get(o, "name"))
        .and_then(string)?;
    let keys: Vec<&str> = (hit.path.iter().skip(depth))
        .map(|s| match s {
            PathStep::Key(k) => k.as_str(),
            PathStep::Index(_) => "#",
        })
        .collect();
    let mut out = match keys.as_slice() {
        [] | ["name"] | ["context"] => event_card(name, event),
        ["timestamp"] => timestamp_card(name, hit.value),
        ["context", key] => context_card(name, key, hit.value)?,
        _ => return None,
    };
    if keys.as_slice() == ["context", "overwrite"] {
        let log = eventlog::read(text);
        let top = base + crate::json::range(&root).start;
        out.decoded.extend(overwrite_lines(&log, top, &pointer));
    }
    out.span = (base + hit.span.start, base + hit.span.end);
    out.leaf = hit.on_key || !matches!(hit.value, Value::Object(_) | Value::Array(_));
    Some(out)
}

/// The card of a whole event: what it does, when, and the ranks it names.
fn event_card(name: &str, event: &Value<'_>) -> Explained {
    let mut c = card(format!("{name} event"), event_body(name), rfc(name));
    let o = object(event);
    if let Some(t) = o.and_then(|o| get(o, "timestamp")).and_then(number) {
        c.decoded.push(format!("posted {}", date(t)));
        c.time = Some(t);
    }
    let context = o.and_then(|o| get(o, "context")).and_then(object);
    for key in ["idset", "ranks", "online"] {
        let ids = context.and_then(|c| get(c, key)).and_then(string);
        if let Some(Ok(ids)) = ids.map(IdSet::decode) {
            c.decoded.push(format!("{key}: {}", ranks_words(&ids)));
        }
    }
    c
}

/// `3 ranks: 0-2`, or `no rank`.
fn ranks_words(ids: &IdSet) -> String {
    match ids.len() {
        0 => "no rank".to_string(),
        n => format!("{}: {ids}", count(n, "rank")),
    }
}

fn timestamp_card(name: &str, v: &Value<'_>) -> Explained {
    let mut c = card(
        "event timestamp",
        "When the event was posted, in seconds since 1970-01-01 UTC. Events are in time order; rscope resource replay --at picks the moment to replay to.",
        rfc(name),
    );
    match number(v) {
        Some(t) => {
            c.decoded = vec![date(t)];
            c.time = Some(t);
        }
        None => {
            c.decoded = vec!["not a number: an event's timestamp is seconds since the epoch".into()]
        }
    }
    c
}

fn context_card(name: &str, key: &str, v: &Value<'_>) -> Option<Explained> {
    let body = context_body(name, key)?;
    let mut c = card(format!("{name}: {key}"), body, rfc(name));
    match (key, v) {
        ("idset" | "ranks" | "online", Value::StringLit(s)) => {
            c.decoded = vec![match IdSet::decode(&s.value) {
                Ok(ids) => ranks_words(&ids),
                Err(e) => format!("not an id set: {e}"),
            }];
        }
        ("overwrite", _) => {
            c.decoded = vec![match number(v) {
                Some(0.0) => "0: ranks drained already keep their reason and time".into(),
                Some(1.0) => "1: ranks drained already take this reason and keep their time".into(),
                Some(2.0) => {
                    "2: ranks drained already take this reason and this event's time".into()
                }
                _ => "not 0, 1 or 2: flux-core posts no other value".into(),
            }];
        }
        ("expiration", _) => {
            if let Some(t) = number(v) {
                c.decoded = vec![date(t)];
                c.time = Some(t);
            }
        }
        _ => {}
    }
    Some(c)
}

/// For the drain at `pointer` in the top-level value that starts at byte
/// `top`: which of its ranks were drained already, by the events before
/// it, and why.
fn overwrite_lines(log: &ResourceEventlog, top: usize, pointer: &str) -> Vec<String> {
    let at = |e: &eventlog::ResourceEvent| e.span.start == top && e.pointer == pointer;
    let Some(i) = log.events.iter().position(at) else {
        return Vec::new();
    };
    let eventlog::ResourceEventKind::Drain(change) = &log.events[i].kind else {
        return Vec::new();
    };
    let mut before = log.clone();
    before.events.truncate(i);
    let Ok(replayed) = eventlog::replay(&before, &eventlog::ReplayOptions::default()) else {
        return Vec::new();
    };
    let drained = replayed.payload.get("drain").and_then(|d| d.as_object());
    let mut lines = Vec::new();
    for (ranks, entry) in drained.into_iter().flatten() {
        let Ok(ids) = IdSet::decode(ranks) else {
            continue;
        };
        let common = ids.intersection(&change.ranks);
        if common.is_empty() {
            continue;
        }
        let reason = entry.get("reason").and_then(|r| r.as_str()).unwrap_or("");
        lines.push(format!(
            "before this event, drained already: {}, reason '{reason}'",
            ranks_words(&common)
        ));
    }
    if lines.is_empty() && i > 0 {
        lines.push(
            "before this event, none of its ranks was drained: overwrite changes nothing here"
                .into(),
        );
    }
    lines
}
