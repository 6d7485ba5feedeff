//! Findings about a `resource.status` payload, placed on its bytes: what
//! the CLI reports as one refusal (an R that does not parse, a drained
//! rank that is not in R), and what it passes over in silence (online and
//! offline sets that overlap or leave ranks out, a drain time that is no
//! number), each at its line, column and JSON pointer.

use crate::diag::{pointer_push, Diagnostic};
use crate::idset::IdSet;
use crate::json::tree::{JsonObject, Value};
use crate::rset::{parse_value, Entry, Rset};

/// The keys of a `resource.status` payload that name rank sets.
const RANK_KEYS: [&str; 4] = ["online", "offline", "exclude", "torpid"];

/// Whether a JSON object looks like a `resource.status` payload: an `R`
/// member and at least one of its rank sets or `drain`.
pub fn is_status_payload(obj: &JsonObject<'_>) -> bool {
    let has = |k: &str| obj.properties.iter().any(|p| p.name.as_str() == k);
    has("R") && (has("drain") || RANK_KEYS.iter().any(|k| has(k)))
}

fn span(v: &Value<'_>) -> std::ops::Range<usize> {
    let r = match v {
        Value::StringLit(s) => s.range,
        Value::NumberLit(n) => n.range,
        Value::BooleanLit(b) => b.range,
        Value::Object(o) => o.range,
        Value::Array(a) => a.range,
        Value::NullKeyword(n) => n.range,
    };
    r.start..r.end
}

/// `one` or `many`, by `n`.
fn plural<'w>(n: u64, one: &'w str, many: &'w str) -> &'w str {
    if n == 1 {
        one
    } else {
        many
    }
}

fn member<'v, 'a>(obj: &'v JsonObject<'a>, key: &str) -> Option<&'v Value<'a>> {
    obj.properties
        .iter()
        .rev()
        .find(|p| p.name.as_str() == key)
        .map(|p| &p.value)
}

/// A rank set member as an id set, or the finding that it is not one.
fn rank_set(obj: &JsonObject<'_>, key: &str, out: &mut Vec<Diagnostic>) -> Option<IdSet> {
    let pointer = pointer_push("", key);
    let Some(v) = member(obj, key) else {
        if key != "torpid" {
            let whole = obj.range.start..obj.range.start + 1;
            out.push(Diagnostic::error(
                format!("missing key '{key}': flux resource status needs the {key} ranks"),
                whole,
                "",
            ));
        }
        return None;
    };
    match v {
        Value::StringLit(s) => match IdSet::decode(s.as_str()) {
            Ok(ids) => Some(ids),
            Err(e) => {
                out.push(Diagnostic::error(format!("{key}: {e}"), span(v), pointer));
                None
            }
        },
        _ => {
            let msg = format!("{key} must be an RFC 22 id set string, such as \"0-3\"");
            out.push(Diagnostic::error(msg, span(v), pointer));
            None
        }
    }
}

/// Every finding about a `resource.status` payload whose JSON tree is `v`.
pub fn check_status(text: &str, v: &Value<'_>) -> Vec<Diagnostic> {
    read_status(text, v).diagnostics
}

/// A `resource.status` payload's R as the page draws it, with every
/// finding about the payload.
#[derive(Clone, Debug, Default)]
pub struct StatusRead {
    /// The payload's R, when it is one flux-core accepts.
    pub rset: Option<Rset>,
    /// Its `R_lite` entries, for linking the grid to the text.
    pub entries: Vec<Entry>,
    /// Every finding, the R's under `/R`.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read a `resource.status` payload whose JSON tree is `v`: its R and
/// every finding ([`check_status`]'s).
pub fn read_status(text: &str, v: &Value<'_>) -> StatusRead {
    let mut out = Vec::new();
    let Some(obj) = v.as_object() else {
        out.push(Diagnostic::error(
            "a resource.status payload is a JSON object",
            span(v),
            "",
        ));
        return StatusRead {
            diagnostics: out,
            ..StatusRead::default()
        };
    };
    let (rset, entries) = read_r(text, obj, &mut out);
    out.extend(check_sets(obj, rset.as_ref()));
    StatusRead {
        rset,
        entries,
        diagnostics: out,
    }
}

/// The findings about the rank sets and `drain`, against R's ranks.
fn check_sets(obj: &JsonObject<'_>, rset: Option<&Rset>) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let sets: Vec<(&str, Option<IdSet>)> = RANK_KEYS
        .iter()
        .map(|k| (*k, rank_set(obj, k, &mut out)))
        .collect();
    let get = |k: &str| {
        sets.iter()
            .find(|(n, _)| *n == k)
            .and_then(|(_, s)| s.as_ref())
    };
    if let Some(all) = rset.map(Rset::ranks) {
        for (key, ids) in &sets {
            let Some(ids) = ids else { continue };
            let outside = ids.difference(&all);
            if !outside.is_empty() {
                let v = member(obj, key).map(span).unwrap_or_default();
                let msg = format!(
                    "{key} names {} {outside} that R does not hold",
                    plural(outside.len(), "rank", "ranks")
                );
                out.push(Diagnostic::warning(msg, v, pointer_push("", key)));
            }
        }
        if let (Some(on), Some(off)) = (get("online"), get("offline")) {
            let both = on.intersection(off);
            if !both.is_empty() {
                let v = member(obj, "offline").map(span).unwrap_or_default();
                let n = both.len();
                let msg = format!(
                    "{} {both} {} both online and offline",
                    plural(n, "rank", "ranks"),
                    plural(n, "is", "are")
                );
                out.push(Diagnostic::error(msg, v, "/offline"));
            }
            let neither = all.difference(&on.union(off));
            if !neither.is_empty() {
                let v = member(obj, "online").map(span).unwrap_or_default();
                let msg = format!(
                    "{} {neither} of R {} neither online nor offline, so flux resource status leaves {} out",
                    plural(neither.len(), "rank", "ranks"),
                    if neither.len() == 1 { "is" } else { "are" },
                    if neither.len() == 1 { "it" } else { "them" },
                );
                out.push(Diagnostic::warning(msg, v, "/online"));
            }
        }
        check_drain(obj, Some(&all), &mut out);
    } else {
        check_drain(obj, None, &mut out);
    }
    out
}

/// The payload's R, read as flux-core reads an R, its findings moved
/// under `/R`.
fn read_r(
    text: &str,
    obj: &JsonObject<'_>,
    out: &mut Vec<Diagnostic>,
) -> (Option<Rset>, Vec<Entry>) {
    let Some(r) = member(obj, "R") else {
        out.push(Diagnostic::error(
            "missing key 'R'",
            obj.range.start..obj.range.start + 1,
            "",
        ));
        return (None, Vec::new());
    };
    if matches!(r, Value::NullKeyword(_)) {
        return (Some(Rset::new()), Vec::new());
    }
    let parsed = parse_value(text, r, &mut crate::rset::NoGraphCheck);
    for mut d in parsed.diagnostics {
        d.pointer = format!("/R{}", d.pointer);
        out.push(d);
    }
    (parsed.rset, parsed.entries)
}

/// `drain`: an object of id sets to `{timestamp, reason}`.
fn check_drain(obj: &JsonObject<'_>, all: Option<&IdSet>, out: &mut Vec<Diagnostic>) {
    let Some(drain) = member(obj, "drain") else {
        out.push(Diagnostic::error(
            "missing key 'drain'",
            obj.range.start..obj.range.start + 1,
            "",
        ));
        return;
    };
    let Some(entries) = drain.as_object() else {
        let msg = "drain must be an object of id sets to {\"timestamp\", \"reason\"}";
        out.push(Diagnostic::error(msg, span(drain), "/drain"));
        return;
    };
    for p in &entries.properties {
        let pointer = pointer_push("/drain", p.name.as_str());
        let key_span = p.name.range.start..p.name.range.end;
        match IdSet::decode(p.name.as_str()) {
            Err(e) => out.push(Diagnostic::error(
                format!("drain key: {e}"),
                key_span.clone(),
                pointer.clone(),
            )),
            Ok(ids) => {
                if let Some(outside) = all.map(|a| ids.difference(a)).filter(|o| !o.is_empty()) {
                    let n = outside.len();
                    let msg = format!(
                        "drained {} {outside} {} not in R: flux resource status fails with \"invalid rank\"",
                        plural(n, "rank", "ranks"),
                        plural(n, "is", "are")
                    );
                    out.push(Diagnostic::error(msg, key_span.clone(), pointer.clone()));
                }
            }
        }
        check_drain_entry(&p.value, &pointer, out);
    }
}

fn check_drain_entry(v: &Value<'_>, pointer: &str, out: &mut Vec<Diagnostic>) {
    let Some(entry) = v.as_object() else {
        let msg = "a drain entry is an object with \"timestamp\" and \"reason\"";
        out.push(Diagnostic::error(msg, span(v), pointer));
        return;
    };
    match member(entry, "timestamp") {
        None => out.push(Diagnostic::error(
            "missing key 'timestamp'",
            span(v),
            pointer,
        )),
        Some(Value::NumberLit(_)) => {}
        Some(t) => out.push(Diagnostic::error(
            "timestamp must be a number: the seconds since the epoch when the node was drained",
            span(t),
            pointer_push(pointer, "timestamp"),
        )),
    }
    match member(entry, "reason") {
        None => out.push(Diagnostic::error("missing key 'reason'", span(v), pointer)),
        Some(Value::StringLit(_)) => {}
        Some(r) => out.push(Diagnostic::warning(
            "reason should be a string",
            span(r),
            pointer_push(pointer, "reason"),
        )),
    }
}
