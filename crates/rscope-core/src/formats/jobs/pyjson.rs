//! `json.loads` and `json.dumps` as CPython 3.11 runs them for `flux jobs
//! --from-stdin`: the values Python makes (exact integers, `NaN` and
//! `Infinity` accepted, a repeated key keeping its first place and its
//! last value) and the decoder's messages word for word (`Expecting value:
//! line 2 column 1 (char 1)`), since the reference prints them.
//!
//! Written here rather than taken from serde_json because the messages,
//! their positions (in code points) and what is accepted must be Python's.
//! Rscope's own limits, stated in their errors: integers beyond `i128`,
//! lone surrogates (`"\ud800"`), which a Rust string cannot hold, and
//! nesting deeper than [`MAX_DEPTH`] (Python's recursion limit).

use crate::json::tree::plain_run;
use crate::json::write_python_string;
use crate::output_format::py_float;
use std::borrow::Cow;
use std::collections::HashMap;

/// How deeply arrays and objects may nest: about where CPython's default
/// recursion limit stops its decoder.
pub const MAX_DEPTH: usize = 990;

/// A value as `json.loads` makes it.
#[derive(Debug, Clone, PartialEq)]
pub enum PyJson {
    /// `None`.
    Null,
    /// `True` or `False`.
    Bool(bool),
    /// An `int`.
    Int(i128),
    /// A `float` (`NaN` and the infinities included).
    Float(f64),
    /// A `str`.
    Str(String),
    /// A `list`.
    List(Vec<PyJson>),
    /// A `dict`, in insertion order.
    Dict(Vec<(Key, PyJson)>),
}

/// A dict's key. The names a `job-list` object uses are borrowed from
/// [`KNOWN_KEYS`] rather than allocated again for each of 100 000 jobs
/// (half of all the reader's allocations).
pub type Key = Cow<'static, str>;

/// The names of a `job-list` object (and the two its reader renames),
/// whose keys are borrowed from here.
pub const KNOWN_KEYS: [&str; 38] = [
    "id",
    "userid",
    "urgency",
    "priority",
    "t_submit",
    "t_depend",
    "t_priority",
    "t_sched",
    "t_run",
    "t_cleanup",
    "t_inactive",
    "state",
    "name",
    "cwd",
    "queue",
    "project",
    "bank",
    "ntasks",
    "ncores",
    "duration",
    "nnodes",
    "ranks",
    "nodelist",
    "success",
    "exception_occurred",
    "exception_type",
    "exception_severity",
    "exception_note",
    "result",
    "expiration",
    "annotations",
    "waitstatus",
    "dependencies",
    "sched",
    "resource_summary",
    "user",
    "state_id",
    "result_id",
];

// `DictBuilder::seen` has a bit for each.
const _: () = assert!(KNOWN_KEYS.len() <= 64);

/// Where `text` is in [`KNOWN_KEYS`].
pub fn known_index(text: &str) -> Option<usize> {
    // A `match` on the text is a jump on its length, then one comparison.
    Some(match text {
        "id" => 0,
        "userid" => 1,
        "urgency" => 2,
        "priority" => 3,
        "t_submit" => 4,
        "t_depend" => 5,
        "t_priority" => 6,
        "t_sched" => 7,
        "t_run" => 8,
        "t_cleanup" => 9,
        "t_inactive" => 10,
        "state" => 11,
        "name" => 12,
        "cwd" => 13,
        "queue" => 14,
        "project" => 15,
        "bank" => 16,
        "ntasks" => 17,
        "ncores" => 18,
        "duration" => 19,
        "nnodes" => 20,
        "ranks" => 21,
        "nodelist" => 22,
        "success" => 23,
        "exception_occurred" => 24,
        "exception_type" => 25,
        "exception_severity" => 26,
        "exception_note" => 27,
        "result" => 28,
        "expiration" => 29,
        "annotations" => 30,
        "waitstatus" => 31,
        "dependencies" => 32,
        "sched" => 33,
        "resource_summary" => 34,
        "user" => 35,
        "state_id" => 36,
        "result_id" => 37,
        _ => return None,
    })
}

/// Why a line was not read: a `ValueError` (the decoder's, printed as
/// `JSON input error`) or an error Python does not catch there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// `json.JSONDecodeError` and other `ValueError`s, with Python's text.
    Value(String),
    /// Another exception (`RecursionError`), with Python's text.
    Other(String),
}

impl PyJson {
    /// The value of `key` in a dict.
    pub fn get(&self, key: &str) -> Option<&PyJson> {
        match self {
            PyJson::Dict(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// `json.dumps(value)`: ASCII only, `", "` and `": "`.
    pub fn dumps(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            PyJson::Null => out.push_str("null"),
            PyJson::Bool(true) => out.push_str("true"),
            PyJson::Bool(false) => out.push_str("false"),
            PyJson::Int(i) => out.push_str(&i.to_string()),
            PyJson::Float(x) => out.push_str(&dumps_float(*x)),
            PyJson::Str(s) => write_python_string(out, s, false),
            PyJson::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write(out);
                }
                out.push(']');
            }
            PyJson::Dict(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_python_string(out, k, false);
                    out.push_str(": ");
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// `repr(value)`: `{'a': [1, 'x']}`, `None`, `True`.
    pub fn repr(&self) -> String {
        match self {
            PyJson::Null => "None".to_string(),
            PyJson::Bool(true) => "True".to_string(),
            PyJson::Bool(false) => "False".to_string(),
            PyJson::Int(i) => i.to_string(),
            PyJson::Float(x) => py_float(*x),
            PyJson::Str(s) => crate::output_format::py_repr(s),
            PyJson::List(items) => {
                let inner: Vec<String> = items.iter().map(PyJson::repr).collect();
                format!("[{}]", inner.join(", "))
            }
            PyJson::Dict(entries) => {
                let inner: Vec<String> = entries
                    .iter()
                    .map(|(k, v)| format!("{}: {}", crate::output_format::py_repr(k), v.repr()))
                    .collect();
                format!("{{{}}}", inner.join(", "))
            }
        }
    }
}

/// A float as `json.dumps` writes it.
fn dumps_float(x: f64) -> String {
    if x.is_nan() {
        "NaN".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        py_float(x)
    }
}

/// `json.loads(doc)`.
pub fn loads(doc: &str) -> Result<PyJson, LoadError> {
    let r = Reader {
        doc,
        s: doc.as_bytes(),
    };
    if doc.starts_with('\u{feff}') {
        return Err(r.error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0));
    }
    let start = r.ws(0);
    let (value, end) = r.value(start, 0)?;
    let end = r.ws(end);
    if end != r.s.len() {
        return Err(r.error("Extra data", end));
    }
    Ok(value)
}

/// A dict as Python builds it from pairs: a repeated key keeps its first
/// place and takes the last value.
#[derive(Default)]
struct DictBuilder {
    entries: Vec<(Key, PyJson)>,
    /// Which of [`KNOWN_KEYS`] are in `entries`: a job's keys are all
    /// different, and a first one is placed without a scan.
    seen: u64,
    /// Where each key is, once a dict is too long for a scan.
    index: HashMap<Key, usize>,
}

impl DictBuilder {
    fn set(&mut self, key: Key, known: Option<usize>, value: PyJson) {
        let first = known.filter(|&k| self.seen & (1 << k) == 0);
        let found = if let Some(k) = first {
            self.seen |= 1 << k;
            None
        } else if self.entries.len() < 64 {
            // A job's few keys are found faster by a scan than by hashing.
            self.entries.iter().position(|(k, _)| *k == key)
        } else {
            if self.index.is_empty() {
                let places = self.entries.iter().enumerate();
                self.index.extend(places.map(|(i, (k, _))| (k.clone(), i)));
            }
            self.index.get(&key).copied()
        };
        match found {
            Some(at) => self.entries[at].1 = value,
            None => {
                if !self.index.is_empty() {
                    self.index.insert(key.clone(), self.entries.len());
                }
                self.entries.push((key, value));
            }
        }
    }
}

struct Reader<'a> {
    doc: &'a str,
    s: &'a [u8],
}

impl<'a> Reader<'a> {
    /// A `JSONDecodeError` at byte `pos`, placed as Python places it: in
    /// code points, with its line and column.
    fn error(&self, msg: &str, pos: usize) -> LoadError {
        let before = &self.doc[..pos];
        let char_pos = before.chars().count();
        let line = before.matches('\n').count() + 1;
        // `pos - doc.rfind('\n', 0, pos)`, rfind giving -1 on line 1.
        let col = match before.rfind('\n') {
            Some(nl) => char_pos - before[..nl].chars().count(),
            None => char_pos + 1,
        };
        LoadError::Value(format!("{msg}: line {line} column {col} (char {char_pos})"))
    }

    fn at(&self, i: usize) -> Option<u8> {
        self.s.get(i).copied()
    }

    fn ws(&self, mut i: usize) -> usize {
        while matches!(self.at(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            i += 1;
        }
        i
    }

    fn lit(&self, i: usize, word: &str) -> bool {
        self.s[i..].starts_with(word.as_bytes())
    }

    /// `scan_once`: a value at `i` and where it ends; "Expecting value"
    /// where none starts.
    fn value(&self, i: usize, depth: usize) -> Result<(PyJson, usize), LoadError> {
        let expecting = || self.error("Expecting value", i);
        let Some(c) = self.at(i) else {
            return Err(expecting());
        };
        match c {
            b'"' => self.string(i + 1).map(|(s, end)| (PyJson::Str(s), end)),
            b'{' | b'[' if depth >= MAX_DEPTH => Err(LoadError::Other(format!(
                "maximum recursion depth exceeded while decoding a JSON {} from a unicode string",
                if c == b'{' { "object" } else { "array" }
            ))),
            b'{' => self.object(i + 1, depth + 1),
            b'[' => self.array(i + 1, depth + 1),
            b'n' if self.lit(i, "null") => Ok((PyJson::Null, i + 4)),
            b't' if self.lit(i, "true") => Ok((PyJson::Bool(true), i + 4)),
            b'f' if self.lit(i, "false") => Ok((PyJson::Bool(false), i + 5)),
            b'N' if self.lit(i, "NaN") => Ok((PyJson::Float(f64::NAN), i + 3)),
            b'I' if self.lit(i, "Infinity") => Ok((PyJson::Float(f64::INFINITY), i + 8)),
            b'-' if self.lit(i, "-Infinity") => Ok((PyJson::Float(f64::NEG_INFINITY), i + 9)),
            _ => self.number(i).ok_or_else(expecting)?,
        }
    }

    /// `_match_number_unicode`: `None` when no number starts at `start`.
    fn number(&self, start: usize) -> Option<Result<(PyJson, usize), LoadError>> {
        let digit = |i: usize| self.at(i).is_some_and(|c| c.is_ascii_digit());
        let mut i = start;
        if self.at(i) == Some(b'-') {
            i += 1;
        }
        match self.at(i) {
            Some(b'1'..=b'9') => {
                while digit(i) {
                    i += 1;
                }
            }
            Some(b'0') => i += 1,
            _ => return None,
        }
        let mut float = false;
        if self.at(i) == Some(b'.') && digit(i + 1) {
            float = true;
            i += 2;
            while digit(i) {
                i += 1;
            }
        }
        if matches!(self.at(i), Some(b'e' | b'E')) {
            let e_start = i;
            i += 1;
            if matches!(self.at(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let digits = i;
            while digit(i) {
                i += 1;
            }
            if i > digits {
                float = true;
            } else {
                i = e_start;
            }
        }
        let text = &self.doc[start..i];
        let value = if float {
            PyJson::Float(text.parse().unwrap_or(f64::NAN))
        } else if text.len() <= 18 {
            // Eighteen characters are far within i128: no overflow, and
            // no call to the general parser for a job's many small ints.
            let (negative, digits) = match text.strip_prefix('-') {
                Some(digits) => (true, digits),
                None => (false, text),
            };
            let n = digits
                .bytes()
                .fold(0i128, |n, d| n * 10 + i128::from(d - b'0'));
            PyJson::Int(if negative { -n } else { n })
        } else {
            match text.parse::<i128>() {
                Ok(n) => PyJson::Int(n),
                Err(_) => {
                    return Some(Err(LoadError::Value(format!(
                        "integer {text} is beyond what rscope reads (128 bits)"
                    ))))
                }
            }
        };
        Some(Ok((value, i)))
    }

    fn object(&self, i: usize, depth: usize) -> Result<(PyJson, usize), LoadError> {
        let mut dict = DictBuilder::default();
        let mut i = self.ws(i);
        if self.at(i) == Some(b'}') {
            return Ok((PyJson::Dict(dict.entries), i + 1));
        }
        loop {
            if self.at(i) != Some(b'"') {
                return Err(self.error("Expecting property name enclosed in double quotes", i));
            }
            let (text, next) = self.text(i + 1)?;
            let known = known_index(&text);
            let key = match (known, text) {
                (Some(k), _) => Cow::Borrowed(KNOWN_KEYS[k]),
                (None, text) => Cow::Owned(text.into_owned()),
            };
            i = self.ws(next);
            if self.at(i) != Some(b':') {
                return Err(self.error("Expecting ':' delimiter", i));
            }
            i = self.ws(i + 1);
            let (value, next) = self.value(i, depth)?;
            dict.set(key, known, value);
            i = self.ws(next);
            match self.at(i) {
                Some(b'}') => return Ok((PyJson::Dict(dict.entries), i + 1)),
                Some(b',') => i = self.ws(i + 1),
                _ => return Err(self.error("Expecting ',' delimiter", i)),
            }
        }
    }

    fn array(&self, i: usize, depth: usize) -> Result<(PyJson, usize), LoadError> {
        let mut items = Vec::new();
        let mut i = self.ws(i);
        if self.at(i) == Some(b']') {
            return Ok((PyJson::List(items), i + 1));
        }
        loop {
            let (value, next) = self.value(i, depth)?;
            items.push(value);
            i = self.ws(next);
            match self.at(i) {
                Some(b']') => return Ok((PyJson::List(items), i + 1)),
                Some(b',') => i = self.ws(i + 1),
                _ => return Err(self.error("Expecting ',' delimiter", i)),
            }
        }
    }

    /// `scanstring`: the string whose text starts at `end` (after its
    /// quote), and where it ends.
    fn string(&self, end: usize) -> Result<(String, usize), LoadError> {
        self.text(end).map(|(t, i)| (t.into_owned(), i))
    }

    /// A string as [`Reader::string`] reads it, borrowed from the document
    /// when it has no escape (the usual key).
    fn text(&self, end: usize) -> Result<(Cow<'a, str>, usize), LoadError> {
        let plain = plain_run(self.s, end);
        if self.at(plain) == Some(b'"') {
            return Ok((Cow::Borrowed(&self.doc[end..plain]), plain + 1));
        }
        let begin = end - 1;
        let mut out = String::new();
        let mut i = end;
        loop {
            let chunk = i;
            i = plain_run(self.s, i);
            if self.at(i).is_some_and(|c| c <= 0x1f) {
                return Err(self.error("Invalid control character at", i));
            }
            out.push_str(&self.doc[chunk..i]);
            match self.at(i) {
                Some(b'"') => return Ok((Cow::Owned(out), i + 1)),
                Some(_) => {}
                None => return Err(self.error("Unterminated string starting at", begin)),
            }
            // A backslash at i.
            let Some(esc) = self.at(i + 1) else {
                return Err(self.error("Unterminated string starting at", begin));
            };
            if esc == b'u' {
                let (c, next) = self.unicode_escape(i + 2)?;
                out.push(c);
                i = next;
                continue;
            }
            out.push(match esc {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                _ => return Err(self.error("Invalid \\escape", i)),
            });
            i += 2;
        }
    }

    /// Four hex digits at `i` (after `\u`), with a low surrogate's escape
    /// after a high one joined to it.
    fn unicode_escape(&self, i: usize) -> Result<(char, usize), LoadError> {
        let hex4 = |at: usize| -> Result<u32, LoadError> {
            if at + 4 >= self.s.len() {
                return Err(self.error("Invalid \\uXXXX escape", at - 1));
            }
            let digits = &self.s[at..at + 4];
            match std::str::from_utf8(digits)
                .ok()
                .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()))
            {
                Some(d) => Ok(u32::from_str_radix(d, 16).unwrap_or(0)),
                None => Err(self.error("Invalid \\uXXXX escape", at - 1)),
            }
        };
        let c = hex4(i)?;
        let mut end = i + 4;
        let mut code = c;
        if (0xd800..0xdc00).contains(&c) && self.s[end..].starts_with(b"\\u") {
            let low = hex4(end + 2)?;
            if (0xdc00..0xe000).contains(&low) {
                code = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
                end += 6;
            }
        }
        match char::from_u32(code) {
            Some(ch) => Ok((ch, end)),
            None => Err(LoadError::Value(format!(
                "a lone surrogate (\\u{code:04x}) at char {} is beyond what rscope reads",
                self.doc[..i].chars().count()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(doc: &str) -> String {
        match loads(doc) {
            Err(LoadError::Value(m) | LoadError::Other(m)) => m,
            Ok(v) => panic!("read {v:?}"),
        }
    }

    #[test]
    fn errors_are_worded_and_placed_as_python_places_them() {
        assert_eq!(err("\n"), "Expecting value: line 2 column 1 (char 1)");
        assert_eq!(err(""), "Expecting value: line 1 column 1 (char 0)");
        assert_eq!(
            err("{"),
            "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"
        );
        assert_eq!(
            err("{\"a\" 1}"),
            "Expecting ':' delimiter: line 1 column 6 (char 5)"
        );
        assert_eq!(
            err("{\"a\":1,}"),
            "Expecting property name enclosed in double quotes: line 1 column 8 (char 7)"
        );
        assert_eq!(
            err("[1 2]"),
            "Expecting ',' delimiter: line 1 column 4 (char 3)"
        );
        assert_eq!(err("[1,]"), "Expecting value: line 1 column 4 (char 3)");
        assert_eq!(err("{} x"), "Extra data: line 1 column 4 (char 3)");
        assert_eq!(err("01"), "Extra data: line 1 column 2 (char 1)");
        assert_eq!(
            err("\"ƒab"),
            "Unterminated string starting at: line 1 column 1 (char 0)"
        );
        assert_eq!(
            err("[\"ƒ\u{1}\"]"),
            "Invalid control character at: line 1 column 4 (char 3)"
        );
        assert_eq!(err("\"\\x\""), "Invalid \\escape: line 1 column 2 (char 1)");
        assert_eq!(
            err("\"\\u12\""),
            "Invalid \\uXXXX escape: line 1 column 3 (char 2)"
        );
        assert_eq!(
            err("{\"a\": -}"),
            "Expecting value: line 1 column 7 (char 6)"
        );
        assert_eq!(
            err("[\n  1,\n  x]"),
            "Expecting value: line 3 column 3 (char 9)"
        );
    }

    #[test]
    fn values_are_pythons() {
        let v = loads(
            "{\"a\": 1, \"b\": [1.5, NaN, -Infinity, null, true], \"a\": \"\\ud83d\\ude00\"}\n",
        )
        .unwrap();
        assert_eq!(
            v.dumps(),
            "{\"a\": \"\\ud83d\\ude00\", \"b\": [1.5, NaN, -Infinity, null, true]}"
        );
        assert_eq!(
            v.repr(),
            "{'a': '\u{1f600}', 'b': [1.5, nan, -inf, None, True]}"
        );
        assert_eq!(
            loads("123456789012345678901234567890").unwrap(),
            PyJson::Int(123456789012345678901234567890)
        );
        assert_eq!(loads("1e400").unwrap(), PyJson::Float(f64::INFINITY));
    }

    #[test]
    fn a_repeated_known_key_keeps_its_first_place_and_last_value() {
        // The second "id" is escaped: owned text, still the known key.
        let v = loads("{\"id\": 1, \"x\": 2, \"\\u0069d\": 3, \"x\": 4, \"name\": \"a\"}").unwrap();
        assert_eq!(v.dumps(), "{\"id\": 3, \"x\": 4, \"name\": \"a\"}");
        let PyJson::Dict(entries) = v else {
            panic!("a dict")
        };
        assert!(matches!(entries[0].0, Cow::Borrowed("id")));
        assert!(matches!(entries[1].0, Cow::Owned(ref k) if k == "x"));
    }

    #[test]
    fn short_and_long_integers_read_alike() {
        for (text, n) in [
            ("0", 0i128),
            ("-0", 0),
            ("99999999999999999", 99_999_999_999_999_999),
            ("-99999999999999999", -99_999_999_999_999_999),
            ("999999999999999999", 999_999_999_999_999_999),
            ("-9223372036854775809", -9_223_372_036_854_775_809),
        ] {
            assert_eq!(loads(text).unwrap(), PyJson::Int(n), "{text}");
        }
    }

    #[test]
    fn known_keys_are_found_at_their_place() {
        for (i, name) in KNOWN_KEYS.iter().enumerate() {
            assert_eq!(known_index(name), Some(i), "{name}");
        }
        assert_eq!(known_index("ids"), None);
        assert_eq!(known_index(""), None);
    }

    #[test]
    fn nesting_stops_at_the_stated_depth() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert_eq!(
            loads(&deep),
            Err(LoadError::Other(
                "maximum recursion depth exceeded while decoding a JSON array from a unicode string"
                    .to_string()
            ))
        );
    }
}
