//! Strict JSON with spans.
//!
//! A valid document is read once, by [`super::tree`]. When that reader
//! refuses a text, [`super::diagnose`] finds where and words why. The
//! documents accepted are exactly RFC 8259 JSON, nested at most
//! [`super::diagnose::MAX_JSON_DEPTH`] levels.
//!
//! Duplicate keys are accepted, as jansson accepts them: the last value wins
//! and the key keeps the position of its first occurrence. The validator
//! warns about them.

use super::tree::{self, JsonObject, Value};
use crate::diag::{offset_of, Diagnostic};
use crate::limits::MAX_DOCUMENT_BYTES;
use std::ops::Range;

/// Parse one JSON document into a tree with byte ranges, or say where and
/// why it is not JSON.
pub fn parse(text: &str) -> Result<Value<'_>, Box<Diagnostic>> {
    parse_inner(text, tree::read)
}

/// [`parse`], with a graph's `nodes` and `edges` built too (see
/// [`tree::read`]), for walks that may go anywhere in the tree.
pub fn parse_whole(text: &str) -> Result<Value<'_>, Box<Diagnostic>> {
    parse_inner(text, tree::read_whole)
}

/// [`parse`] of a slice that [`split_stream`] already checked.
pub(crate) fn parse_checked(text: &str) -> Result<Value<'_>, Box<Diagnostic>> {
    parse_inner(text, tree::read)
}

/// `fast` is the one-pass reader to try first ([`tree::read`] or
/// [`tree::read_whole`]).
fn parse_inner<'t>(
    text: &'t str,
    fast: fn(&'t str) -> Option<Value<'t>>,
) -> Result<Value<'t>, Box<Diagnostic>> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(Box::new(Diagnostic::error(
            format!(
                "document of {} bytes is larger than the limit of {MAX_DOCUMENT_BYTES} bytes",
                text.len()
            ),
            0..0,
            "",
        )));
    }
    match fast(text) {
        Some(v) => Ok(v),
        None => Err(careful(text)),
    }
}

/// The refusal of a text the one-pass reader did not take, worded.
fn careful(text: &str) -> Box<Diagnostic> {
    let (message, span) = super::diagnose::first_error(text).unwrap_or_else(|| {
        // Unreachable while the reader and the diagnosis agree, which a
        // property test and the fuzz target check.
        ("the reader refused it without a reason".to_string(), 0..0)
    });
    Box::new(Diagnostic::error(format!("not JSON: {message}"), span, ""))
}

/// Split a stream of concatenated JSON documents (what `flux R` reads on
/// standard input) into the byte ranges of its documents, stopping at the
/// first thing that is not JSON, as jansson's `json_loadf` loop does. The
/// error, if any, is returned with the documents read before it.
pub fn split_stream(text: &str) -> (Vec<Range<usize>>, Option<Diagnostic>) {
    // Documents that are plain objects or arrays are split by the one-pass
    // reader's checker; anything else is left to serde_json's stream,
    // whose stops and messages are the reference's.
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(r) = tree::container_at(text, at) {
        at = r.end;
        out.push(r);
        if text[at..]
            .trim_start_matches([' ', '\t', '\n', '\r'])
            .is_empty()
        {
            return (out, None);
        }
    }
    careful_stream(text)
}

fn careful_stream(text: &str) -> (Vec<Range<usize>>, Option<Diagnostic>) {
    let mut out = Vec::new();
    let mut it = serde_json::Deserializer::from_str(text).into_iter::<serde::de::IgnoredAny>();
    loop {
        let start = it.byte_offset();
        match it.next() {
            None => return (out, None),
            Some(Ok(_)) => {
                let end = it.byte_offset();
                let skip = text[start..end].len() - text[start..end].trim_start().len();
                out.push(start + skip..end);
            }
            Some(Err(e)) => {
                // serde_json's column (from 1, in bytes) is that of the
                // byte it stopped on. The stop shown is the character before
                // it, the start of a bad word (`foo`), or, when that is a
                // blank (a value expected after blanks), the first
                // character after the blanks.
                let line = offset_of(text, e.line(), 1);
                let next = (line + e.column().saturating_sub(1)).min(text.len());
                let at = (0..next)
                    .rev()
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(0);
                let at = at + (text[at..].len() - text[at..].trim_start().len());
                let msg = e.to_string();
                let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
                return (
                    out,
                    Some(Diagnostic::error(format!("not JSON: {msg}"), at..at, "")),
                );
            }
        }
    }
}

/// The value of `key`; with repeated keys the last wins, as in jansson.
pub fn get<'a, 'b>(obj: &'b JsonObject<'a>, key: &str) -> Option<&'b Value<'a>> {
    obj.properties
        .iter()
        .rev()
        .find(|p| p.name.as_str() == key)
        .map(|p| &p.value)
}

/// The byte range of a value.
pub fn range(v: &Value<'_>) -> Range<usize> {
    let r = match v {
        Value::StringLit(x) => x.range,
        Value::NumberLit(x) => x.range,
        Value::BooleanLit(x) => x.range,
        Value::Object(x) => x.range,
        Value::Array(x) => x.range,
        Value::NullKeyword(x) => x.range,
    };
    r.start..r.end
}

/// `object`, `array`, ... for messages.
pub fn type_name(v: &Value<'_>) -> &'static str {
    match v {
        Value::StringLit(_) => "a string",
        Value::NumberLit(_) => "a number",
        Value::BooleanLit(_) => "a boolean",
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::NullKeyword(_) => "null",
    }
}

/// One member of an object, after jansson's duplicate-key rule.
pub struct Member<'a, 'b> {
    /// The key.
    pub name: &'b str,
    /// The byte range of the key literal.
    pub name_range: Range<usize>,
    /// The value (of the last occurrence of the key).
    pub value: &'b Value<'a>,
}

/// Objects with at most this many keys are checked for repeated keys by
/// comparing each key with those before it: a JGF vertex's metadata has
/// ten, and a hash map per object (SipHash, and a rehash as it grows)
/// cost more than the 45 comparisons, most of which differ in the first
/// byte or the length.
pub const FEW_KEYS: usize = 16;

/// The members of an object in jansson's order: first position of each key,
/// last value. Also returns the ranges of repeated keys.
pub fn members<'a, 'b>(
    obj: &'b JsonObject<'a>,
) -> (Vec<Member<'a, 'b>>, Vec<(String, Range<usize>)>) {
    let mut out: Vec<Member<'a, 'b>> = Vec::with_capacity(obj.properties.len());
    let mut dups = Vec::new();
    let small = obj.properties.len() <= FEW_KEYS;
    let mut seen: std::collections::HashMap<&'b str, usize> = Default::default();
    for p in &obj.properties {
        let name = p.name.as_str();
        let r = p.name.range;
        let found = if small {
            out.iter().position(|m| m.name == name)
        } else {
            seen.get(name).copied()
        };
        match found {
            Some(i) => {
                out[i].value = &p.value;
                dups.push((name.to_string(), r.start..r.end));
            }
            None => {
                if !small {
                    seen.insert(name, out.len());
                }
                out.push(Member {
                    name,
                    name_range: r.start..r.end,
                    value: &p.value,
                });
            }
        }
    }
    (out, dups)
}

/// The range inside a string literal of its bytes `inner`, when the literal
/// has no escapes (so value offsets are source offsets); otherwise the whole
/// literal.
pub fn string_subrange(
    text: &str,
    lit: Range<usize>,
    value: &str,
    inner: Range<usize>,
) -> Range<usize> {
    let body = lit.start + 1..lit.end.saturating_sub(1);
    if text.get(body.clone()) == Some(value) && inner.end <= value.len() {
        body.start + inner.start..body.start + inner.end
    } else {
        lit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (String, Range<usize>) {
        let d = parse(text).expect_err("an error");
        (d.message, d.span)
    }

    #[test]
    fn rejects_json_extensions_with_positions() {
        assert_eq!(
            err("{\"a\":1,}"),
            ("not JSON: trailing commas are not allowed".into(), 6..7)
        );
        assert_eq!(
            err("{'a':1}"),
            (
                "not JSON: single-quoted strings are not allowed".into(),
                1..2
            )
        );
        assert_eq!(
            err("{\"a\":1} // c"),
            ("not JSON: comments are not allowed".into(), 8..12)
        );
        assert_eq!(
            err("{a:1}"),
            ("not JSON: expected string for object property".into(), 1..2)
        );
        assert_eq!(err(""), ("not JSON: empty document".into(), 0..0));
        assert_eq!(
            err("{\"a\":\"x\ty\"}"),
            (
                "not JSON: control character (\\u0000-\\u001F) found while parsing a string".into(),
                7..8
            )
        );
        assert_eq!(
            err("[1] [2]").0,
            "not JSON: text cannot contain more than one JSON value"
        );
        assert_eq!(
            err("{\"a\": 0x10}").0,
            "not JSON: hexadecimal numbers are not allowed"
        );
    }

    #[test]
    fn names_each_extension_and_the_nesting_limit() {
        for (text, message, span) in [
            ("[1,]", "trailing commas are not allowed", 2..3),
            ("[01]", "numbers cannot have leading zeros", 1..3),
            ("[.5]", "numbers cannot start with a decimal point", 1..2),
            ("[+1]", "unary plus on numbers is not allowed", 1..2),
            ("[NaN]", "infinity and NaN are not allowed", 1..4),
            ("[-Infinity]", "infinity and NaN are not allowed", 1..10),
            ("[1 2]", "expected ',' or ']' after an array element", 3..4),
            (
                "{\"a\": 1 \"b\"}",
                "expected ',' or '}' after an object member",
                8..9,
            ),
            ("{\"a\" 1}", "expected ':' after the property name", 5..6),
            ("[1e]", "expected digit in the exponent", 2..3),
            ("[1.]", "expected digit after the decimal point", 2..3),
            ("\"\\q\"", "invalid escape", 1..3),
            ("\"\\u12\"", "expected four hex digits after \\u", 1..5),
            ("\"\\udc00\"", "\\udc00 is an unpaired low surrogate", 1..7),
            (
                "\u{feff}{}",
                "a byte order mark (U+FEFF) is not allowed",
                0..3,
            ),
            (
                "{\"a\":",
                "unexpected end of the text, where a value should be",
                5..5,
            ),
            ("[true", "unterminated array", 0..5),
            (
                "[",
                "unexpected end of the text, where a value should be",
                1..1,
            ),
        ] {
            assert_eq!(
                err(text),
                (format!("not JSON: {message}"), span),
                "{text:?}"
            );
        }
        let deep = |n| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(parse(&deep(512)).is_ok());
        assert_eq!(
            err(&deep(513)),
            (
                "not JSON: arrays and objects nested deeper than 512 levels".into(),
                512..513
            )
        );
    }

    #[test]
    fn a_span_covers_a_whole_character() {
        // U+0085 (two bytes) is white space to some parsers but not to
        // JSON; found by the rset fuzz target.
        assert_eq!(err("\u{85} 0"), ("not JSON: expected value".into(), 0..2));
    }

    #[test]
    fn duplicate_keys_keep_first_position_last_value() {
        let text = r#"{"a":1,"b":2,"a":3}"#;
        let v = parse(text).unwrap();
        let obj = v.as_object().unwrap();
        let (m, dups) = members(obj);
        let got: Vec<(&str, &str)> = m
            .iter()
            .map(|m| (m.name, m.value.as_number_lit().unwrap().value))
            .collect();
        assert_eq!(got, [("a", "3"), ("b", "2")]);
        assert_eq!(dups, [("a".to_string(), 13..16)]);
    }

    #[test]
    fn splits_streams() {
        let (docs, e) = split_stream("{\"a\":1}\n {\"b\":2}\n");
        assert_eq!(docs, [0..7, 9..16]);
        assert!(e.is_none());
        let (docs, e) = split_stream("{}\nfoo");
        assert_eq!(docs, vec![(0..2)]);
        assert_eq!(e.unwrap().message, "not JSON: expected ident");
    }

    #[test]
    fn a_stream_stops_at_what_is_not_json_not_before_it() {
        for (text, at) in [
            ("x", 0),
            ("  x", 2),
            ("{}\n\n   x", 7),
            ("{}\nfoo", 3),
            ("é x", 0),
            ("[\"é\",  x]", 8),
        ] {
            let (_, e) = split_stream(text);
            assert_eq!(e.map(|d| d.span), Some(at..at), "{text:?}");
        }
    }
}

/// The one-pass reader against the diagnosis and serde_json (proptest does not build
/// for wasm32).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use proptest::prelude::*;

    /// Text built from JSON's own pieces and a few that are not JSON.
    fn jsonish() -> impl proptest::strategy::Strategy<Value = String> {
        let piece = proptest::sample::select(vec![
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            " ",
            "\n",
            "\"a\"",
            "\"\\u00e9\"",
            "\"\\ud800\"",
            "\"\\n\"",
            "\"\t\"",
            "0",
            "-1",
            "1.5",
            "1e5",
            "1e999",
            "01",
            "true",
            "null",
            "nul",
            "'x'",
            "//",
            "\u{85}",
            "é",
        ]);
        proptest::collection::vec(piece, 0..24).prop_map(|v| v.concat())
    }

    /// Valid JSON text with the scalars and escapes documents hold.
    fn json_text() -> impl Strategy<Value = String> {
        let leaf = proptest::sample::select(vec![
            "0",
            "-12",
            "3.25",
            "1E+2",
            "true",
            "false",
            "null",
            "\"\"",
            "\"node0\"",
            "\"a\\\"b\\\\c\\/\"",
            "\"\\u00e9\\ud83d\\ude00\"",
            "\"é\"",
        ])
        .prop_map(String::from);
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..6)
                    .prop_map(|v| format!("[{}]", v.join(", "))),
                proptest::collection::vec(("[a-c]{0,2}(\\\\n)?", inner), 0..6).prop_map(|v| {
                    let members: Vec<String> =
                        v.iter().map(|(k, x)| format!("\"{k}\" :\n{x}")).collect();
                    format!("{{ {} }}", members.join(","))
                }),
            ]
        })
    }

    proptest! {
        /// Streams split as serde_json's stream splits them.
        #[test]
        fn streams_split_as_serde_splits_them(
            docs in proptest::collection::vec(json_text(), 1..4),
            tail in jsonish(),
        ) {
            let text = format!("{}\n{tail}", docs.join(" \n"));
            let ours = split_stream(&text);
            let theirs = careful_stream(&text);
            prop_assert_eq!(ours.0, theirs.0);
            prop_assert_eq!(ours.1.map(|d| d.message), theirs.1.map(|d| d.message));
        }

        /// Valid JSON is read in one pass, to serde_json's value.
        #[test]
        fn fast_reader_reads_valid_json(text in json_text()) {
            let fast = tree::read_whole(&text);
            prop_assert!(fast.is_some());
            let theirs: serde_json::Value = serde_json::from_str(&text).unwrap();
            prop_assert_eq!(as_serde(&fast.unwrap()), theirs);
            prop_assert_eq!(super::super::diagnose::first_error(&text), None);
        }

        /// The diagnosis finds an error exactly where the one-pass reader
        /// refuses, and the reader takes only what serde_json takes.
        #[test]
        fn the_diagnosis_is_the_readers_complement(text in jsonish()) {
            let fast = tree::read(&text);
            let why = super::super::diagnose::first_error(&text);
            prop_assert_eq!(fast.is_some(), why.is_none(), "{:?}", why);
            if fast.is_some() {
                prop_assert!(serde_json::from_str::<serde::de::IgnoredAny>(&text).is_ok());
            }
            if let Some((_, span)) = why {
                prop_assert!(span.end <= text.len() && text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            }
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
fn as_serde(v: &Value<'_>) -> serde_json::Value {
    use serde_json::Value as S;
    match v {
        Value::StringLit(s) => S::String(s.as_str().to_string()),
        Value::NumberLit(n) => serde_json::from_str(n.value).unwrap(),
        Value::BooleanLit(b) => S::Bool(b.value),
        Value::NullKeyword(_) => S::Null,
        Value::Array(a) => S::Array(a.elements.iter().map(as_serde).collect()),
        Value::Object(o) => S::Object(
            members(o)
                .0
                .iter()
                .map(|m| (m.name.to_string(), as_serde(m.value)))
                .collect(),
        ),
    }
}
