//! Reading a resource eventlog in each of the forms an admin holds it:
//! JSON lines (`flux resource eventlog -f json`, or the KVS
//! `resource.eventlog`), a JSON array of events, or the journal's response
//! objects (`{"events": [...], "R": {...}}`, one after another).
//!
//! Every top-level value is read with `serde_json`'s stream reader, so the
//! forms can be mixed and a pretty-printed journal reads as well as one
//! line per event. A value that is not JSON costs only its line: reading
//! starts again at the next line. Each finding carries the byte span of
//! the top-level value it is about and the JSON pointer inside it.

use super::{
    DrainChange, InitDrain, ResourceEvent, ResourceEventKind, ResourceEventlog, MAX_EVENTS,
    MAX_RANKS,
};
use crate::diag::Diagnostic;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use serde_json::{Map, Value};
use std::ops::Range;

use super::fast;

/// Where a top-level value sits: its bytes, and the pointer of the event
/// within it (`""`, `/3`, `/events/0`).
struct At<'p> {
    span: Range<usize>,
    pointer: &'p str,
}

impl At<'_> {
    fn key(&self, key: &str) -> String {
        crate::diag::pointer_push(self.pointer, key)
    }
}

/// The first byte at or after `pos` that is not JSON whitespace.
fn skip_ws(text: &str, pos: usize) -> usize {
    let rest = text.get(pos..).unwrap_or("");
    pos + (rest.len() - rest.trim_start_matches([' ', '\t', '\r', '\n']).len())
}

/// The end of the line holding `pos` (the offset of its newline, or the
/// end of the text).
fn line_end(text: &str, pos: usize) -> usize {
    let rest = text.get(pos..).unwrap_or("");
    pos + rest.find('\n').unwrap_or(rest.len())
}

/// `serde_json`'s message without its place, which counts from where the
/// stream was restarted rather than from the start of the text.
fn without_place(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// Read every form of resource eventlog in `text`: the events in the order
/// written, the last `R` a journal response gave, and a finding for each
/// thing that is wrong (the rest is still read).
pub fn read(text: &str) -> ResourceEventlog {
    let mut log = ResourceEventlog::default();
    let mut pos = skip_ws(text, 0);
    if text[pos..].starts_with('{') {
        // JSON lines, most likely: an event a line. Reserving them at once
        // spares copying a growing vector of up to a million events.
        let lines = text.as_bytes().iter().filter(|&&b| b == b'\n').count() + 1;
        log.events.reserve(lines.min(MAX_EVENTS));
    }
    while pos < text.len() {
        // Most logs are JSON lines of well-formed events: those are read
        // straight into their fields, without a `Value` (whose maps were
        // most of the time of a replay); anything else, one value at a
        // time, the general way.
        let end = line_end(text, pos);
        let line = text[pos..end].trim_end();
        if fast::take_line(&mut log, line, pos) {
            pos = end;
        } else {
            let mut stream = serde_json::Deserializer::from_str(&text[pos..]).into_iter::<Value>();
            match stream.next() {
                None => break,
                Some(Ok(value)) => {
                    let span = pos..pos + stream.byte_offset();
                    pos = span.end;
                    take_value(&mut log, span, value);
                }
                Some(Err(e)) => {
                    log.findings.push(Diagnostic::error(
                        format!("not JSON: {}", without_place(&e)),
                        pos..end,
                        "",
                    ));
                    pos = end;
                }
            }
        }
        pos = skip_ws(text, pos);
        // A log of exactly MAX_EVENTS events is whole.
        if log.events.len() >= MAX_EVENTS && pos < text.len() {
            let end = text.len();
            log.findings.push(Diagnostic::error(
                format!("more than {MAX_EVENTS} events: the rest is not read"),
                end..end,
                "",
            ));
            break;
        }
    }
    if !log.legacy {
        log.findings.append(&mut log.no_nodelist);
        log.findings.sort_by_key(|d| d.span.start);
    }
    log.no_nodelist.clear();
    log
}

/// One top-level value: an event, an array of events, or a journal
/// response.
fn take_value(log: &mut ResourceEventlog, span: Range<usize>, value: Value) {
    match value {
        Value::Array(items) => {
            for (i, item) in items.into_iter().enumerate() {
                let pointer = format!("/{i}");
                let at = At {
                    span: span.clone(),
                    pointer: &pointer,
                };
                take_event(log, &at, item);
            }
        }
        Value::Object(mut obj) if obj.contains_key("events") => {
            if let Some(r) = obj.remove("R") {
                match r {
                    Value::Object(_) => log.r = Some(r),
                    _ => log.findings.push(Diagnostic::error(
                        "the journal response's 'R' must be an object",
                        span.clone(),
                        "/R",
                    )),
                }
            }
            let Some(Value::Array(events)) = obj.remove("events") else {
                log.findings.push(Diagnostic::error(
                    "the journal response's 'events' must be an array",
                    span,
                    "/events",
                ));
                return;
            };
            for (i, item) in events.into_iter().enumerate() {
                let pointer = format!("/events/{i}");
                let at = At {
                    span: span.clone(),
                    pointer: &pointer,
                };
                take_event(log, &at, item);
            }
        }
        value => take_event(log, &At { span, pointer: "" }, value),
    }
}

/// Findings about one event's context, gathered while its keys are read.
struct Context<'a> {
    at: &'a At<'a>,
    name: &'a str,
    map: &'a Map<String, Value>,
    findings: Vec<Diagnostic>,
}

impl Context<'_> {
    /// An error about the context key `key` (`""`: the context itself).
    fn error(&mut self, msg: String, key: &str) {
        self.error_at(msg, &[key]);
    }

    /// An error about the value the context keys `path` lead to.
    fn error_at(&mut self, msg: String, path: &[&str]) {
        let mut pointer = self.at.key("context");
        for token in path.iter().filter(|t| !t.is_empty()) {
            pointer = crate::diag::pointer_push(&pointer, token);
        }
        self.findings
            .push(Diagnostic::error(msg, self.at.span.clone(), pointer));
    }

    fn missing(&mut self, key: &str) {
        let name = self.name;
        self.error(format!("the {name} event's context has no '{key}'"), "");
    }

    /// A string key; `None` (with a finding when `required`) if absent or
    /// not a string.
    fn string(&mut self, key: &str, required: bool) -> Option<String> {
        match self.map.get(key) {
            None if required => {
                self.missing(key);
                None
            }
            None => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(_) => {
                self.error(format!("'{key}' must be a string"), key);
                None
            }
        }
    }

    /// An RFC 22 id set, cut to the ranks a replay follows.
    fn idset(&mut self, key: &str, required: bool) -> Option<IdSet> {
        let text = self.string(key, required)?;
        match IdSet::decode(&text) {
            Ok(ids) => Some(self.bounded(ids, &[key])),
            Err(e) => {
                self.error(
                    format!("'{key}' is not an RFC 22 idset ('{text}'): {e}"),
                    key,
                );
                None
            }
        }
    }

    /// `ids` without ranks from [`MAX_RANKS`] up, with a finding if any.
    fn bounded(&mut self, ids: IdSet, path: &[&str]) -> IdSet {
        if ids.last().is_some_and(|l| l >= MAX_RANKS) {
            let key = path.last().copied().unwrap_or_default();
            let msg = format!(
                "'{key}' names ranks from {MAX_RANKS} up, beyond what a replay follows: they are left out"
            );
            self.error_at(msg, path);
            return ids.intersection(&IdSet::from_range(0, MAX_RANKS - 1));
        }
        ids
    }

    /// An RFC 29 host list.
    fn hostlist(&mut self, key: &str, required: bool) -> Option<Hostlist> {
        let text = self.string(key, required)?;
        match Hostlist::parse(&text) {
            Ok(hl) if hl.len() <= u64::from(MAX_RANKS) => Some(hl),
            Ok(_) => {
                self.error(
                    format!(
                        "'{key}' names more than {MAX_RANKS} hosts, beyond what a replay follows"
                    ),
                    key,
                );
                None
            }
            Err(e) => {
                self.error(
                    format!("'{key}' is not an RFC 29 hostlist ('{text}'): {e}"),
                    key,
                );
                None
            }
        }
    }

    /// A number key.
    fn number(&mut self, key: &str, required: bool) -> Option<f64> {
        match self.map.get(key) {
            None if required => {
                self.missing(key);
                None
            }
            None => None,
            Some(v) => {
                let n = v.as_f64();
                if n.is_none() {
                    self.error(format!("'{key}' must be a number"), key);
                }
                n
            }
        }
    }
}

/// The timestamp and name of an event object, or the finding that says
/// why it is none.
fn head(at: &At<'_>, obj: &Map<String, Value>) -> Result<(f64, String), Box<Diagnostic>> {
    let err = |m: &str, key: &str| Box::new(Diagnostic::error(m, at.span.clone(), at.key(key)));
    let timestamp = match obj.get("timestamp") {
        None => return Err(err("an event needs a 'timestamp'", "")),
        Some(t) => t
            .as_f64()
            .ok_or_else(|| err("'timestamp' must be a number", "timestamp"))?,
    };
    let name = match obj.get("name") {
        None => return Err(err("an event needs a 'name'", "")),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err(err("'name' must be a string", "name")),
    };
    Ok((timestamp, name))
}

/// One event object: checked, read into its kind, and kept.
fn take_event(log: &mut ResourceEventlog, at: &At<'_>, value: Value) {
    let Value::Object(obj) = value else {
        let pointer = at.pointer.to_string();
        let msg = "an event must be a JSON object";
        log.findings
            .push(Diagnostic::error(msg, at.span.clone(), pointer));
        return;
    };
    let (timestamp, name) = match head(at, &obj) {
        Ok(h) => h,
        Err(d) => return log.findings.push(*d),
    };
    let empty = Map::new();
    let map = match obj.get("context") {
        None => &empty,
        Some(Value::Object(c)) => c,
        Some(_) => {
            let msg = "'context' must be an object";
            log.findings
                .push(Diagnostic::error(msg, at.span.clone(), at.key("context")));
            return;
        }
    };
    if let Some(prev) = log.events.last().map(|e| e.timestamp) {
        if timestamp < prev {
            log.findings.push(Diagnostic::warning(
                format!("timestamp {timestamp} is earlier than the previous event's {prev}"),
                at.span.clone(),
                at.key("timestamp"),
            ));
        }
    }
    let mut cx = Context {
        at,
        name: &name,
        map,
        findings: Vec::new(),
    };
    let kind = kind_of(&mut cx);
    if (name == "drain" || name == "undrain") && !map.contains_key("nodelist") {
        log.no_nodelist.push(Diagnostic::warning(
            format!("the {name} event's context has no 'nodelist' (RFC 44 requires it since flux-core 0.62)"),
            at.span.clone(),
            at.key("context"),
        ));
    }
    let mut findings = cx.findings;
    if name == "resource-init" {
        log.legacy = true;
    }
    log.findings.append(&mut findings);
    log.events.push(ResourceEvent {
        span: at.span.clone(),
        pointer: at.pointer.to_string(),
        timestamp,
        name: super::event_name(&name),
        kind,
    });
}

/// The event's kind and what its context says.
fn kind_of(cx: &mut Context<'_>) -> ResourceEventKind {
    use ResourceEventKind as K;
    let name = cx.name;
    match name {
        "restart" => K::Restart {
            ranks: cx.idset("ranks", true),
            online: cx.idset("online", true),
            nodelist: cx.hostlist("nodelist", true),
        },
        "resource-init" => K::ResourceInit {
            online: cx.idset("online", true).unwrap_or_default(),
            exclude: cx.idset("exclude", true).unwrap_or_default(),
            drain: init_drain(cx),
        },
        "resource-define" => K::ResourceDefine {
            method: cx.string("method", true),
        },
        "resource-update" => K::ResourceUpdate {
            expiration: cx.number("expiration", true),
        },
        "drain" | "undrain" => match drain_change(cx) {
            Some(c) if name == "drain" => K::Drain(c),
            Some(c) => K::Undrain(c),
            None => K::Unknown,
        },
        "online" | "offline" | "torpid" | "lively" => match cx.idset("idset", true) {
            None => K::Unknown,
            Some(ids) => match name {
                "online" => K::Online(ids),
                "offline" => K::Offline(ids),
                "torpid" => K::Torpid(ids),
                _ => K::Lively(ids),
            },
        },
        "truncate" => K::Truncate,
        _ => {
            cx.findings.push(Diagnostic::note(
                format!(
                    "unknown event '{name}' (RFC 44 has none of that name): kept, not replayed"
                ),
                cx.at.span.clone(),
                cx.at.key("name"),
            ));
            K::Unknown
        }
    }
}

/// A drain or undrain's targets, nodelist, reason and overwrite mode.
fn drain_change(cx: &mut Context<'_>) -> Option<DrainChange> {
    let ranks = cx.idset("idset", true)?;
    // Before 0.62 the nodelist was not written; flux-core's upgrade adds
    // it from the rank:host map of the day, which is what the ranks say.
    let nodelist = cx.hostlist("nodelist", false);
    let reason = cx.string("reason", false);
    // flux-core's replay takes a drain without 'overwrite' (written before
    // the key existed) as overwrite 1; an undrain ignores it.
    let overwrite = match cx.number("overwrite", false) {
        None => 1,
        Some(n) if n == 0.0 || n == 1.0 || n == 2.0 => n as u8,
        Some(n) => {
            cx.error(
                format!("'overwrite' must be 0, 1 or 2, not {n}"),
                "overwrite",
            );
            1
        }
    };
    Some(DrainChange {
        ranks,
        nodelist,
        reason,
        overwrite,
    })
}

/// The drain map of a `resource-init` event: ranks to when and why.
fn init_drain(cx: &mut Context<'_>) -> Vec<InitDrain> {
    let Some(map) = cx.map.get("drain") else {
        cx.missing("drain");
        return Vec::new();
    };
    let Value::Object(map) = map else {
        let msg = "'drain' must be an object of idsets".to_string();
        cx.error(msg, "drain");
        return Vec::new();
    };
    let mut out = Vec::new();
    for (ranks, entry) in map {
        let path = ["drain", ranks.as_str()];
        let ids = match IdSet::decode(ranks) {
            Ok(ids) => cx.bounded(ids, &path),
            Err(e) => {
                let msg = format!("drain key '{ranks}' is not an RFC 22 idset: {e}");
                cx.error_at(msg, &path);
                continue;
            }
        };
        let timestamp = entry.get("timestamp").and_then(Value::as_f64);
        let Some(timestamp) = timestamp else {
            let msg = format!("drain entry '{ranks}' needs a numeric 'timestamp'");
            cx.error_at(msg, &path);
            continue;
        };
        let reason = entry
            .get("reason")
            .and_then(Value::as_str)
            .map(str::to_string);
        out.push(InitDrain {
            ranks: ids,
            timestamp,
            reason,
        });
    }
    out
}
