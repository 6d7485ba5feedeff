//! RFC 18 eventlogs, as flux-core keeps the RFC 44 resource eventlog (the
//! KVS `resource.eventlog`, and what `flux resource eventlog -f json`
//! prints) and a job's eventlog (told apart by their event names), and the job lists `flux jobs --json` prints (an object with a
//! `jobs` array, or one job record a line): read far enough to be told
//! from every other document by their content, counted and dated, so the
//! system model says what they are. Each line is read with `serde_json`:
//! an eventlog is a few thousand short lines, and an entry's `context` is
//! free-form JSON.

use crate::words::count;
use serde_json::{Map, Value};

/// One entry of an eventlog (RFC 18): when, what, and its context.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    /// Seconds since the Unix epoch.
    pub timestamp: f64,
    /// The event's name (`drain`, `online`, `resource-define`, …).
    pub name: String,
    /// Its context object (empty when the entry has none).
    pub context: Map<String, Value>,
}

/// An eventlog's entries, in the order written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Eventlog {
    /// The entries.
    pub events: Vec<Event>,
}

/// Why a line is no eventlog entry: `line 3: 'timestamp' is not a number`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// The lines of `text` that hold something, each with its number.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    (1..)
        .zip(text.lines())
        .filter(|(_, l)| !l.trim().is_empty())
}

/// One line as an eventlog entry, or why it is none.
fn entry(line: &str) -> Result<Event, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not JSON: {e}"))?;
    let Value::Object(mut obj) = value else {
        return Err("not a JSON object".into());
    };
    let timestamp = match obj.get("timestamp") {
        None => return Err("missing key 'timestamp'".into()),
        Some(t) => t.as_f64().ok_or("'timestamp' is not a number")?,
    };
    let name = match obj.remove("name") {
        None => return Err("missing key 'name'".into()),
        Some(Value::String(s)) => s,
        Some(_) => return Err("'name' is not a string".into()),
    };
    let context = match obj.remove("context") {
        None => Map::new(),
        Some(Value::Object(c)) => c,
        Some(_) => return Err("'context' is not an object".into()),
    };
    Ok(Event {
        timestamp,
        name,
        context,
    })
}

/// The longest first line [`looks_like_eventlog`] reads: an entry is a
/// short line, and an R or a payload on one line may be megabytes, which
/// every document opened would otherwise have parsed once more.
const MAX_ENTRY_BYTES: usize = 64 * 1024;

/// Whether `text` is an eventlog: its first line that holds something is
/// an RFC 18 entry (later lines may still be wrong: [`read`] says where).
pub fn looks_like_eventlog(text: &str) -> bool {
    let first = lines(text).next().map(|(_, l)| l);
    first.is_some_and(|l| {
        l.len() <= MAX_ENTRY_BYTES && l.contains("\"timestamp\"") && entry(l).is_ok()
    })
}

/// Read `text` as an eventlog, every line an entry (blank lines aside),
/// or say which line is not one and why.
pub fn read(text: &str) -> Result<Eventlog, LineError> {
    let mut events = Vec::new();
    for (line, l) in lines(text) {
        let event = entry(l).map_err(|message| LineError { line, message })?;
        events.push(event);
    }
    Ok(Eventlog { events })
}

/// The event names RFC 44 gives the resource eventlog (and
/// `resource-init`, which flux-core wrote before `restart`): an eventlog
/// with none of them is another one (a job's, say). RFC 44's
/// `resource-update` is left out: a job's eventlog (RFC 21) has one too.
pub(crate) const RESOURCE_EVENTS: [&str; 10] = [
    "restart",
    "resource-init",
    "resource-define",
    "drain",
    "undrain",
    "online",
    "offline",
    "torpid",
    "lively",
    "truncate",
];

/// Whether the entries `text` starts with name an RFC 44 resource event;
/// read up to the first line that is no entry, so that an eventlog with a
/// wrong line is still told apart.
pub fn is_resource_eventlog(text: &str) -> bool {
    lines(text)
        .map_while(|(_, l)| entry(l).ok())
        .any(|e| RESOURCE_EVENTS.contains(&e.name.as_str()))
}

/// What [`Eventlog::describe`] says of the eventlog `text`, or which line
/// [`read`] refuses and why, without keeping its entries: a resource
/// eventlog's tab says this of a year of a large system's events, whose
/// million contexts read as JSON values took a second.
pub fn describe_text(text: &str) -> Result<String, LineError> {
    let (mut n, mut first, mut last) = (0, None, None);
    for (line, l) in lines(text) {
        let t = head::entry_time(l).map_err(|message| LineError { line, message })?;
        n += 1;
        first.get_or_insert(t);
        last = Some(t);
    }
    Ok(described(n, first.zip(last)))
}

/// `4 611 events from … to …`: `n` entries, the first and last written at
/// `span`.
fn described(n: usize, span: Option<(f64, f64)>) -> String {
    let n = count(n, "event");
    match span {
        Some((a, b)) => format!(
            "{n} from {} to {}",
            crate::time::utc(a),
            crate::time::utc(b)
        ),
        None => n,
    }
}

/// A line read as [`entry`] reads it, its context skipped: the same
/// parser, so the same refusals in the same words, in the same order.
/// Every value goes through `deserialize_any`, as into a JSON value:
/// serde's `IgnoredAny` skips without reading numbers, escapes or depth,
/// and would take lines `read` refuses.
mod head {
    use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
    use std::fmt;

    /// What a value is, as far as [`entry`](super::entry) asks; a line's
    /// object keeps its `timestamp`, `name` and `context` (the last of
    /// each, as a JSON value keeps it).
    enum Kind {
        Number(f64),
        Text,
        Object(Option<Box<[Option<Kind>; 3]>>),
        Other,
    }

    /// A value read and dropped.
    struct Skip;

    impl<'de> serde::Deserialize<'de> for Skip {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
            d.deserialize_any(KindVisitor { line: false }).map(|_| Skip)
        }
    }

    impl<'de> serde::Deserialize<'de> for Kind {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
            d.deserialize_any(KindVisitor { line: false })
        }
    }

    /// Reads a value's kind; a line's object (`line`) keeps its members.
    struct KindVisitor {
        line: bool,
    }

    impl<'de> Visitor<'de> for KindVisitor {
        type Value = Kind;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("any JSON value")
        }
        fn visit_bool<E>(self, _: bool) -> Result<Kind, E> {
            Ok(Kind::Other)
        }
        fn visit_i64<E>(self, v: i64) -> Result<Kind, E> {
            Ok(Kind::Number(v as f64))
        }
        fn visit_u64<E>(self, v: u64) -> Result<Kind, E> {
            Ok(Kind::Number(v as f64))
        }
        fn visit_f64<E>(self, v: f64) -> Result<Kind, E> {
            Ok(Kind::Number(v))
        }
        fn visit_str<E>(self, _: &str) -> Result<Kind, E> {
            Ok(Kind::Text)
        }
        fn visit_unit<E>(self) -> Result<Kind, E> {
            Ok(Kind::Other)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Kind, A::Error> {
            while seq.next_element::<Skip>()?.is_some() {}
            Ok(Kind::Other)
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Kind, A::Error> {
            if !self.line {
                while map.next_entry::<Skip, Skip>()?.is_some() {}
                return Ok(Kind::Object(None));
            }
            let mut members: [Option<Kind>; 3] = [None, None, None];
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                match ["timestamp", "name", "context"]
                    .iter()
                    .position(|k| *k == key)
                {
                    Some(i) => members[i] = Some(map.next_value()?),
                    None => {
                        map.next_value::<Skip>()?;
                    }
                }
            }
            Ok(Kind::Object(Some(Box::new(members))))
        }
    }

    /// A line read as `serde_json::from_str` reads it (the value, then
    /// nothing after it), as a line's [`Kind`].
    fn line_kind(line: &str) -> serde_json::Result<Kind> {
        let mut de = serde_json::Deserializer::from_str(line);
        let kind = de.deserialize_any(KindVisitor { line: true })?;
        de.end()?;
        Ok(kind)
    }

    /// The entry's timestamp, or why the line is no entry.
    pub(super) fn entry_time(line: &str) -> Result<f64, String> {
        let kind = line_kind(line).map_err(|e| format!("not JSON: {e}"))?;
        let Kind::Object(Some(members)) = kind else {
            return Err("not a JSON object".into());
        };
        let [timestamp, name, context] = *members;
        let t = match timestamp {
            None => return Err("missing key 'timestamp'".into()),
            Some(Kind::Number(t)) => t,
            Some(_) => return Err("'timestamp' is not a number".into()),
        };
        match name {
            None => return Err("missing key 'name'".into()),
            Some(Kind::Text) => {}
            Some(_) => return Err("'name' is not a string".into()),
        }
        match context {
            None | Some(Kind::Object(_)) => Ok(t),
            Some(_) => Err("'context' is not an object".into()),
        }
    }
}

impl Eventlog {
    /// Whether an entry names an RFC 44 resource event.
    pub fn is_resource_log(&self) -> bool {
        (self.events.iter()).any(|e| RESOURCE_EVENTS.contains(&e.name.as_str()))
    }

    /// `4 611 events from 2023-05-02 17:17:51 UTC to 2024-05-01 …`: how
    /// many entries and when the first and the last were written.
    pub fn describe(&self) -> String {
        let span = (self.events.first()).zip(self.events.last());
        described(
            self.events.len(),
            span.map(|(a, b)| (a.timestamp, b.timestamp)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "{\"timestamp\":1683047871.7659676,\"name\":\"resource-init\",\"context\":{\"restart\":false,\"drain\":{},\"online\":\"\",\"exclude\":\"0-2\"}}\n\n{\"timestamp\":1683047873.7181838,\"name\":\"online\",\"context\":{\"idset\":\"0\"}}\n{\"timestamp\":1683047903.1,\"name\":\"restart\"}\n";

    #[test]
    fn an_eventlog_is_read_line_by_line() {
        assert!(looks_like_eventlog(LOG));
        let log = read(LOG).unwrap();
        let names: Vec<&str> = log.events.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["resource-init", "online", "restart"]);
        assert_eq!(log.events[1].context["idset"], "0");
        assert!(log.events[2].context.is_empty());
        assert_eq!(
            log.describe(),
            "3 events from 2023-05-02 17:17:51 UTC to 2023-05-02 17:18:23 UTC"
        );
    }

    #[test]
    fn describing_a_text_says_what_reading_it_says_or_refuses_the_same_line() {
        assert_eq!(describe_text(LOG), Ok(read(LOG).unwrap().describe()));
        assert_eq!(describe_text("\n"), Ok("0 events".into()));
        let first = "{\"timestamp\":1,\"name\":\"a\"}\n";
        for bad in [
            "{\"timestamp\":1,\"name\":\"a\"",
            "[1, 2]",
            "\"text\"",
            "{\"name\":\"a\"}",
            "{\"timestamp\":\"1\",\"name\":\"a\"}",
            "{\"timestamp\":null,\"name\":\"a\"}",
            "{\"timestamp\":1}",
            "{\"timestamp\":1,\"name\":[\"a\"]}",
            "{\"timestamp\":1,\"name\":\"a\",\"context\":[]}",
            "{\"timestamp\":1,\"name\":\"a\",\"context\":{\"x\":[1,{}]}} x",
            "{\"timestamp\":1e999,\"name\":\"a\"}",
            "{\"timestamp\":1,\"timestamp\":\"late\",\"name\":\"a\"}",
            "{\"time\\u0073tamp\":2,\"name\":\"a\",\"context\":{}}",
            "{\"timestamp\":1,\"name\":\"a\",\"context\":{\"x\":1e999}}",
            "{\"x\":\"\\ud800\",\"timestamp\":1,\"name\":\"a\"}",
            "[1e999]",
            "\t[4E",
            &format!(
                "{{\"timestamp\":1,\"name\":\"a\",\"context\":{}1{}}}",
                "[".repeat(200),
                "]".repeat(200)
            ),
        ] {
            let text = format!("{first}{bad}\n");
            let described = describe_text(&text);
            match read(&text) {
                Ok(log) => assert_eq!(described, Ok(log.describe()), "{bad}"),
                Err(e) => assert_eq!(described, Err(e), "{bad}"),
            }
        }
    }

    #[test]
    fn a_wrong_line_is_named() {
        let said = |text: &str| read(text).unwrap_err().to_string();
        let first = "{\"timestamp\":1,\"name\":\"a\"}\n";
        assert_eq!(
            said(&format!("{first}{{\"name\":\"b\"}}")),
            "line 2: missing key 'timestamp'"
        );
        assert_eq!(
            said(&format!("{first}\n{{\"timestamp\":\"x\",\"name\":\"b\"}}")),
            "line 3: 'timestamp' is not a number"
        );
        assert_eq!(
            said(&format!("{first}{{\"timestamp\":2}}")),
            "line 2: missing key 'name'"
        );
        assert_eq!(
            said(&format!("{first}{{\"timestamp\":2,\"name\":3}}")),
            "line 2: 'name' is not a string"
        );
        assert_eq!(
            said(&format!(
                "{first}{{\"timestamp\":2,\"name\":\"c\",\"context\":[]}}"
            )),
            "line 2: 'context' is not an object"
        );
        assert_eq!(said(&format!("{first}[1]")), "line 2: not a JSON object");
        assert_eq!(
            said(&format!("{first}{{")),
            "line 2: not JSON: EOF while parsing an object at line 1 column 1"
        );
        assert!(!looks_like_eventlog("{\"version\": 1, \"execution\": {}}"));
        assert!(!looks_like_eventlog(""));
    }
}
