//! The first read of a line of a JSON-lines eventlog: a well-formed event
//! read straight into its fields, with no `serde_json::Value` (building
//! and dropping its maps was most of a replay's time). Anything it does
//! not take as is (another key, a `null`, an escaped string, a value that
//! would earn a finding, an event name it does not know) is left to
//! `read`'s general way, which says what is wrong; so both ways read a
//! line to the same event.

use super::{DrainChange, ResourceEvent, ResourceEventKind, ResourceEventlog, MAX_RANKS};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use serde::Deserialize;

/// An event as the common line has it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line<'a> {
    timestamp: f64,
    name: &'a str,
    #[serde(default, borrow)]
    context: Context<'a>,
}

/// The context keys of the events taken here; each present and a string
/// (or, for `overwrite`, a small whole number), or absent.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Context<'a> {
    #[serde(default, deserialize_with = "some_str")]
    idset: Option<&'a str>,
    #[serde(default, deserialize_with = "some_str")]
    nodelist: Option<&'a str>,
    #[serde(default, deserialize_with = "some_str")]
    reason: Option<&'a str>,
    #[serde(default, deserialize_with = "some_u8")]
    overwrite: Option<u8>,
    #[serde(default, deserialize_with = "some_str")]
    ranks: Option<&'a str>,
    #[serde(default, deserialize_with = "some_str")]
    online: Option<&'a str>,
    #[serde(default, deserialize_with = "some_str")]
    method: Option<&'a str>,
}

/// A string without escapes, present: `null` is refused (the general
/// reader says it must be a string).
fn some_str<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<&'de str>, D::Error> {
    <&'de str>::deserialize(d).map(Some)
}

/// A whole number from 0 to 255, present.
fn some_u8<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    u8::deserialize(d).map(Some)
}

/// Take `line` (at byte `start`) as one event if it is a well-formed one;
/// `false` leaves it to the general reader.
pub(super) fn take_line(log: &mut ResourceEventlog, line: &str, start: usize) -> bool {
    if !line.starts_with('{') {
        return false;
    }
    let Ok(ev) = serde_json::from_str::<Line<'_>>(line) else {
        return false;
    };
    // A time that goes back earns a finding: the general way writes it.
    if log
        .events
        .last()
        .is_some_and(|e| ev.timestamp < e.timestamp)
    {
        return false;
    }
    let Some(kind) = kind(ev.name, &ev.context) else {
        return false;
    };
    log.events.push(ResourceEvent {
        span: start..start + line.len(),
        pointer: String::new(),
        timestamp: ev.timestamp,
        name: super::event_name(ev.name),
        kind,
    });
    true
}

/// An id set that earns no finding.
fn ids(text: Option<&str>) -> Option<IdSet> {
    let ids = IdSet::decode(text?).ok()?;
    ids.last().is_none_or(|l| l < MAX_RANKS).then_some(ids)
}

/// A host list that earns no finding.
fn hosts(text: Option<&str>) -> Option<Hostlist> {
    let hl = Hostlist::parse(text?).ok()?;
    (hl.len() <= u64::from(MAX_RANKS)).then_some(hl)
}

/// The kind of an event the general reader would read without a finding,
/// as it reads it.
fn kind(name: &str, cx: &Context<'_>) -> Option<ResourceEventKind> {
    use ResourceEventKind as K;
    Some(match name {
        "online" => K::Online(ids(cx.idset)?),
        "offline" => K::Offline(ids(cx.idset)?),
        "torpid" => K::Torpid(ids(cx.idset)?),
        "lively" => K::Lively(ids(cx.idset)?),
        "drain" | "undrain" => {
            // Without a nodelist the general reader notes it.
            let change = DrainChange {
                ranks: ids(cx.idset)?,
                nodelist: Some(hosts(cx.nodelist)?),
                reason: cx.reason.map(str::to_string),
                overwrite: match cx.overwrite {
                    None => 1,
                    Some(n @ 0..=2) => n,
                    Some(_) => return None,
                },
            };
            match name {
                "drain" => K::Drain(change),
                _ => K::Undrain(change),
            }
        }
        "restart" => K::Restart {
            ranks: Some(ids(cx.ranks)?),
            online: Some(ids(cx.online)?),
            nodelist: Some(hosts(cx.nodelist)?),
        },
        "resource-define" => K::ResourceDefine {
            method: Some(cx.method?.to_string()),
        },
        "truncate" => K::Truncate,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::read;

    /// Each line read the fast way is the event the general way reads
    /// (the line in an array goes the general way), and the lines it
    /// leaves are left whole.
    #[test]
    fn the_fast_way_reads_what_the_general_way_reads() {
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/resource-eventlog/events.jsonl"
        );
        let text = std::fs::read_to_string(fixture).unwrap();
        let odd = [
            r#"{"timestamp":1,"name":"drain","context":{"idset":"0","nodelist":"n0","reason":"job \u0192x1"}}"#,
            r#"{"timestamp":2,"name":"drain","context":{"idset":"0","nodelist":"n0","reason":null}}"#,
            r#"{"timestamp":3,"name":"drain","context":{"idset":"0","nodelist":"n0","overwrite":3}}"#,
            r#"{"timestamp":4,"name":"drain","context":{"idset":"0"}}"#,
            r#"{"timestamp":5,"name":"online","context":{"idset":"0","extra":1}}"#,
            r#"{"timestamp":6,"name":"offline","context":{"idset":"2000000"}}"#,
            r#"{"timestamp":7,"name":"truncate"}"#,
            r#"{"timestamp":8,"name":"undrain","context":{"idset":"0","nodelist":"n0","overwrite":0}}"#,
        ];
        let mut taken = 0;
        for line in text.lines().chain(odd) {
            let mut log = Default::default();
            let fast = super::take_line(&mut log, line, 0);
            let general = read(&format!("[{line}]"));
            if fast {
                taken += 1;
                let (a, b) = (&log.events[0], &general.events[0]);
                assert_eq!(
                    (a.timestamp, &a.name, &a.kind),
                    (b.timestamp, &b.name, &b.kind)
                );
                assert_eq!(general.findings, [], "{line}");
            } else {
                assert!(log.events.is_empty(), "{line}");
            }
        }
        // The fixture's 12 lines, the truncate and the undrain.
        assert_eq!(taken, 14);
    }
}
