//! The way back: a resources list written as the shortest shape that
//! expands to it again.
//!
//! [`format_exact`] is the inverse of [`super::parse`]: for every list the
//! parser produces with some [`Options`], `parse(format_exact(x)) == x` with
//! the same options, key order and count spelling included. What the short
//! syntax cannot say directly (a `type` of `5`, a count dictionary without
//! `--rangedict`, a `with` that is not a list of vertices) it says with the
//! reference's own override rule: a dictionary item replaces the value of a
//! key that is already there, in place, so `a{type:5}` is `{"type": 5, ...}`.
//!
//! [`fn@format`] is for lists that did not come from a shape (RFC 14 jobspecs,
//! the RFC's use cases): it first puts each vertex in the order and count
//! spelling a shape produces (`type`, `count`, `label`, the rest, `with`;
//! ranges in RFC 45 short form), so `{min: 3, max: 30, operator: "+",
//! operand: 1}` becomes `3-30`. The result expands to a list
//! [`equivalent`] to the input.

use super::check::{count_of, Count};
use super::json::{float_repr, Json, ShapeObject};
use super::lexer::py_space;
use super::parser::pointer_escape;
use super::Options;
use serde_json::Value;
use std::fmt;

/// Why a resources list cannot be written as a shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeFormatError {
    message: String,
    pointer: String,
}

impl ShapeFormatError {
    fn new(pointer: &str, message: impl Into<String>) -> Self {
        ShapeFormatError {
            message: message.into(),
            pointer: pointer.to_string(),
        }
    }

    /// The JSON pointer of the part that cannot be written.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }
}

impl fmt::Display for ShapeFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.pointer.is_empty() {
            "/"
        } else {
            &self.pointer
        };
        write!(f, "{} at {at}", self.message)
    }
}

impl std::error::Error for ShapeFormatError {}

/// Write `resources` (a list of vertices) as the shortest shape that
/// [`super::parse`] with `opts` expands to exactly `resources`.
pub fn format_exact(resources: &Json, opts: &Options) -> Result<String, ShapeFormatError> {
    let list = resources
        .as_array()
        .ok_or_else(|| ShapeFormatError::new("", "resources is not a list"))?;
    format_list(list, opts)
}

/// [`format_exact`] of the vertices of a list.
pub fn format_list(list: &[Json], opts: &Options) -> Result<String, ShapeFormatError> {
    let mut w = Writer {
        opts,
        out: String::new(),
        array_ends: Vec::new(),
        slots: 0,
    };
    w.slots = count_slot_forms(list);
    w.list(list, "")?;
    Ok(w.finish())
}

/// Write `resources` as the shortest shape whose expansion with `opts` is
/// [`equivalent`] to it (counts in any RFC 14 spelling, keys in any order).
pub fn format(resources: &Json, opts: &Options) -> Result<String, ShapeFormatError> {
    format_exact(&normalize(resources, opts), opts)
}

/// Read a document holding a resources list: JSON or YAML, either the list
/// itself, `{"resources": [...]}`, or a whole RFC 14 jobspec.
pub fn resources_of_document(text: &str) -> Result<Json, String> {
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(json_err) => serde_norway::from_str(text)
            .map_err(|yaml_err| format!("neither JSON ({json_err}) nor YAML ({yaml_err})"))?,
    };
    match value {
        Value::Array(_) => Ok(Json::from_value(&value)),
        Value::Object(ref m) => m
            .get("resources")
            .map(Json::from_value)
            .ok_or_else(|| "the document has no 'resources' key".to_string()),
        _ => Err("the document is not a resources list or a jobspec".to_string()),
    }
}

/// Whether two resources lists ask for the same thing: same vertices in the
/// same order, keys in any order, counts compared by what they allow.
pub fn equivalent(a: &Json, b: &Json) -> bool {
    match (a, b) {
        (Json::Array(x), Json::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| equivalent(p, q))
        }
        (Json::Object(x), Json::Object(y)) => {
            x.len() == y.len()
                && x.iter().all(|(k, v)| match y.get(k) {
                    Some(w) if k == "count" => same_count(v, w),
                    Some(w) => equivalent(v, w),
                    None => false,
                })
        }
        _ => a == b,
    }
}

fn same_count(a: &Json, b: &Json) -> bool {
    match (count_of(a), count_of(b)) {
        (Ok(x), Ok(y)) => canonical_count(&x) == canonical_count(&y),
        _ => a == b,
    }
}

/// One spelling per set of allowed counts: a single value, a finite
/// contiguous span, or the range as it is.
fn canonical_count(c: &Count) -> Count {
    use crate::idset::IdSet;
    use crate::range::{Operator, Range};
    match c {
        Count::Fixed(n) => Count::Fixed(*n),
        Count::Set(s) if s.len() == 1 => Count::Fixed(s.first().map_or(0, u64::from)),
        Count::Set(s) => Count::Set(s.clone()),
        Count::Range(r) => {
            let Some(max) = r.max() else {
                return Count::Range(*r);
            };
            // The last value the range reaches is its real maximum.
            let last = r.largest_at_most(max).unwrap_or(max);
            if last == r.min() {
                return Count::Fixed(last);
            }
            if r.operator() == Operator::Add && r.operand() == 1 {
                if let (Ok(lo), Ok(hi)) = (u32::try_from(r.min()), u32::try_from(last)) {
                    if hi <= crate::idset::MAX_ID {
                        return Count::Set(IdSet::from_range(lo, hi));
                    }
                }
            }
            Count::Range(Range::new(r.min(), Some(last), r.operand(), r.operator()).unwrap_or(*r))
        }
    }
}

/// Put every vertex in the shape parser's key order and count spelling.
fn normalize(value: &Json, opts: &Options) -> Json {
    match value {
        Json::Array(list) => Json::Array(list.iter().map(|v| normalize_vertex(v, opts)).collect()),
        other => other.clone(),
    }
}

fn normalize_vertex(v: &Json, opts: &Options) -> Json {
    let Some(o) = v.as_object() else {
        return v.clone();
    };
    let mut out = ShapeObject::new();
    let is_slot = o.get("type").and_then(Json::as_str) == Some("slot");
    let mut first = vec!["type", "count"];
    if is_slot {
        first.push("label");
    }
    for key in &first {
        if let Some(value) = o.get(key) {
            let value = if *key == "count" {
                normalize_count(value, opts)
            } else {
                value.clone()
            };
            out.insert((*key).to_string(), value);
        }
    }
    for (k, value) in o.iter() {
        if !first.contains(&k) && k != "with" {
            out.insert(k.to_string(), value.clone());
        }
    }
    if let Some(with) = o.get("with") {
        out.insert("with".into(), normalize(with, opts));
    }
    Json::Object(out)
}

fn normalize_count(value: &Json, opts: &Options) -> Json {
    use crate::range::Operator;
    let Ok(count) = count_of(value) else {
        return value.clone();
    };
    if let Json::Str(s) = value {
        if crate::shape::lexer::idset_len(s) == Some(s.len()) {
            return value.clone();
        }
    }
    match canonical_count(&count) {
        Count::Fixed(n) => Json::Int(i128::from(n)),
        Count::Set(s) => {
            let ranges = s.ranges();
            match ranges {
                [(lo, hi)] if !opts.rangedict => Json::Str(format!("{lo}-{hi}")),
                [(lo, hi)] => {
                    let r = crate::range::Range::new(
                        u64::from(*lo),
                        Some(u64::from(*hi)),
                        1,
                        Operator::Add,
                    );
                    r.map_or_else(|_| Json::Str(s.to_string()), |r| range_json(&r, opts))
                }
                _ => Json::Str(s.to_string()),
            }
        }
        Count::Range(r) => range_json(&r, opts),
    }
}

/// A range as the parser stores its shortest spelling.
fn range_json(r: &crate::range::Range, opts: &Options) -> Json {
    use crate::range::Operator;
    if !opts.rangedict {
        return Json::Str(r.to_string());
    }
    let mut o = ShapeObject::new();
    o.insert("min".into(), Json::Int(i128::from(r.min())));
    let unit = r.operator() == Operator::Add && r.operand() == 1;
    if r.max().is_none() && unit {
        return Json::Object(o);
    }
    let max = r
        .max()
        .map_or(Json::Float(f64::INFINITY), |m| Json::Int(i128::from(m)));
    o.insert("max".into(), max);
    o.insert("operand".into(), Json::Int(i128::from(r.operand())));
    o.insert(
        "operator".into(),
        Json::Str(r.operator().as_char().to_string()),
    );
    Json::Object(o)
}

/// How many vertices will be written with the `slot` keyword.
fn count_slot_forms(list: &[Json]) -> usize {
    list.iter()
        .filter_map(Json::as_object)
        .map(|o| {
            let own = usize::from(slot_form(o));
            let below = match o.get("with") {
                Some(Json::Array(children)) => count_slot_forms(children),
                _ => 0,
            };
            own + below
        })
        .sum()
}

/// Whether `o` is written as `slot...{label}/children`: type `slot`, a
/// label right after the count, and children the `/` syntax can write.
fn slot_form(o: &ShapeObject) -> bool {
    let e = o.entries();
    e.len() >= 3
        && e[0].0 == "type"
        && *e[0].1 == Json::Str("slot".into())
        && e[1].0 == "count"
        && e[2].0 == "label"
        && children_writable(o)
}

/// Whether `with` holds children for the `/` syntax: a non-empty list of
/// dictionaries that start with `type` and `count`.
fn children_writable(o: &ShapeObject) -> bool {
    match o.get("with") {
        Some(Json::Array(list)) => {
            !list.is_empty()
                && list.iter().all(|v| {
                    v.as_object().is_some_and(|c| {
                        let e = c.entries();
                        e.len() >= 2 && e[0].0 == "type" && e[1].0 == "count"
                    })
                })
        }
        _ => false,
    }
}

struct Writer<'a> {
    opts: &'a Options,
    out: String,
    /// Where each `[...]` value ends, for the line-break fix in `finish`.
    array_ends: Vec<usize>,
    /// How many vertices use the slot keyword.
    slots: usize,
}

impl Writer<'_> {
    /// A `[...]` value runs to the last `]` of its line; break the line
    /// after it when a `]` follows on the same line.
    fn finish(mut self) -> String {
        for &end in self.array_ends.iter().rev() {
            let line_rest = &self.out[end..];
            let line_rest = &line_rest[..line_rest.find('\n').unwrap_or(line_rest.len())];
            if line_rest.contains(']') {
                self.out.insert(end, '\n');
            }
        }
        self.out
    }

    fn list(&mut self, list: &[Json], pointer: &str) -> Result<(), ShapeFormatError> {
        match list {
            [] => Err(ShapeFormatError::new(
                pointer,
                "an empty list cannot be written as a shape",
            )),
            [one] => self.vertex(one, &format!("{pointer}/0")),
            _ => {
                self.out.push('[');
                for (i, v) in list.iter().enumerate() {
                    if i > 0 {
                        self.out.push(';');
                    }
                    self.vertex(v, &format!("{pointer}/{i}"))?;
                }
                self.out.push(']');
                Ok(())
            }
        }
    }

    fn vertex(&mut self, v: &Json, pointer: &str) -> Result<(), ShapeFormatError> {
        let o = v.as_object().ok_or_else(|| {
            ShapeFormatError::new(pointer, "a resource vertex must be a dictionary")
        })?;
        let e = o.entries();
        if e.len() < 2 || e[0].0 != "type" || e[1].0 != "count" {
            return Err(ShapeFormatError::new(
                pointer,
                "a resource vertex must begin with 'type' and 'count'",
            ));
        }
        let is_slot = slot_form(o);
        let with_children = children_writable(o);
        // Items that replace type, count or label in place.
        let mut overrides: Vec<(String, Json)> = Vec::new();
        let type_token = if is_slot {
            "slot".to_string()
        } else {
            match e[0].1.as_str().and_then(type_token) {
                Some(t) => t,
                None => {
                    overrides.push(("type".into(), e[0].1.clone()));
                    "a".to_string()
                }
            }
        };
        let count_token = match count_token(e[1].1, self.opts) {
            Some(t) => t,
            None => {
                overrides.push(("count".into(), e[1].1.clone()));
                String::new()
            }
        };
        let mut label = None;
        if is_slot {
            label = Some(match e[2].1.as_str().and_then(key_token) {
                Some(t) => t,
                None => {
                    overrides.push(("label".into(), e[2].1.clone()));
                    "a".to_string()
                }
            });
        }
        let body_start = if is_slot { 3 } else { 2 };
        let with_last = e.last().is_some_and(|l| l.0 == "with");
        let placeholder = Json::Bool(true);
        let mut items: Vec<(&str, &Json)> =
            overrides.iter().map(|(k, v)| (k.as_str(), v)).collect();
        for (k, value) in &e[body_start..] {
            if *k == "with" && with_children {
                // `/` fills `with` in; an earlier place needs a stand-in.
                if !with_last {
                    items.push((k, &placeholder));
                }
            } else {
                items.push((k, value));
            }
        }
        self.out.push_str(&type_token);
        if !count_token.is_empty() {
            self.out.push('=');
            self.out.push_str(&count_token);
        }
        let omit_label = is_slot
            && items.is_empty()
            && self.slots == 1
            && *e[2].1 == Json::Str(self.opts.label.clone());
        let label = label.filter(|_| !omit_label);
        if label.is_some() || !items.is_empty() {
            self.out.push('{');
            if let Some(label) = label {
                self.out.push_str(&label);
                if !items.is_empty() {
                    self.out.push(',');
                }
            }
            for (i, (k, value)) in items.iter().enumerate() {
                if i > 0 {
                    self.out.push(',');
                }
                self.item(k, value, pointer)?;
            }
            self.out.push('}');
        }
        if with_children {
            if let Some(Json::Array(children)) = o.get("with") {
                self.out.push('/');
                self.list(children, &format!("{pointer}/with"))?;
            }
        }
        Ok(())
    }

    /// `key:value`, or the short forms `key` (true) and `-key` (false);
    /// `parent` is the pointer of the dictionary, for errors.
    fn item(&mut self, key: &str, value: &Json, parent: &str) -> Result<(), ShapeFormatError> {
        let pointer = || format!("{parent}/{}", pointer_escape(key));
        let k = key_token(key).ok_or_else(|| {
            ShapeFormatError::new(
                &pointer(),
                format!("key '{key}' cannot be written in a shape"),
            )
        })?;
        match value {
            Json::Bool(true) => self.out.push_str(&k),
            Json::Bool(false) => {
                self.out.push('-');
                self.out.push_str(&k);
            }
            _ => {
                self.out.push_str(&k);
                self.out.push(':');
                self.value(value, &pointer)?;
            }
        }
        Ok(())
    }

    fn value(
        &mut self,
        value: &Json,
        pointer: &dyn Fn() -> String,
    ) -> Result<(), ShapeFormatError> {
        match value {
            Json::Null => self.out.push_str("null"),
            Json::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => self.out.push_str(&i.to_string()),
            Json::Float(f) if f.is_finite() => self.out.push_str(&float_repr(*f)),
            Json::Float(_) => {
                return Err(ShapeFormatError::new(
                    &pointer(),
                    "an infinite number cannot be written in a shape",
                ))
            }
            Json::Str(s) => {
                let t = value_token(s).ok_or_else(|| {
                    ShapeFormatError::new(
                        &pointer(),
                        format!("string {} cannot be written in a shape", value.to_python()),
                    )
                })?;
                self.out.push_str(&t);
            }
            Json::Array(_) => {
                if contains_infinity(value) {
                    return Err(ShapeFormatError::new(
                        &pointer(),
                        "an infinite number cannot be written in a shape",
                    ));
                }
                self.out.push_str(&value.to_python_no_apostrophe());
                self.array_ends.push(self.out.len());
            }
            Json::Object(o) => {
                self.out.push('{');
                let here = pointer();
                for (i, (k, v)) in o.iter().enumerate() {
                    if i > 0 {
                        self.out.push(',');
                    }
                    self.item(k, v, &here)?;
                }
                self.out.push('}');
            }
        }
        Ok(())
    }
}

fn contains_infinity(v: &Json) -> bool {
    match v {
        Json::Float(f) => !f.is_finite(),
        Json::Array(a) => a.iter().any(contains_infinity),
        Json::Object(o) => o.iter().any(|(_, v)| contains_infinity(v)),
        _ => false,
    }
}

/// Characters the reference skips between tokens.
fn ignored(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '\u{c}' | '\u{b}')
}

/// `s` between quotes, if one of the two quote characters is free.
fn quoted(s: &str) -> Option<String> {
    if !s.contains('\'') {
        Some(format!("'{s}'"))
    } else if !s.contains('"') {
        Some(format!("\"{s}\""))
    } else {
        None
    }
}

/// A resource type: bare when the lexer reads it back as a type.
fn type_token(s: &str) -> Option<String> {
    let bare = !s.is_empty()
        && !s.eq_ignore_ascii_case("slot")
        && s.chars().all(|c| {
            !matches!(c, '=' | '{' | '}' | '[' | ']' | '/' | ';' | '"' | '\'') && !py_space(c)
        });
    if bare {
        Some(s.to_string())
    } else {
        quoted(s)
    }
}

/// A dictionary key (or slot label): `exclusive` is `x`, and `x` itself
/// must be quoted.
fn key_token(s: &str) -> Option<String> {
    if s == "exclusive" {
        return Some("x".into());
    }
    let bare = s != "x"
        && s.chars()
            .next()
            .is_some_and(|c| !matches!(c, '+' | '-' | '"' | '\'') && !ignored(c))
        && !s.contains([':', ',', '{', '}']);
    if bare {
        Some(s.to_string())
    } else {
        quoted(s)
    }
}

/// A string value: bare unless it would read as something else.
fn value_token(s: &str) -> Option<String> {
    // As the lexer compares its words (without ASCII case).
    let lower = s.to_ascii_lowercase();
    let bare = s
        .chars()
        .next()
        .is_some_and(|c| !matches!(c, '"' | '\'') && !ignored(c))
        && !s.contains([',', '{', '}', '[', ']'])
        && !matches!(lower.as_str(), "true" | "false" | "null")
        && crate::shape::lexer::number_len(&format!("{s}}}")) != Some(s.len());
    if bare {
        Some(s.to_string())
    } else {
        quoted(s)
    }
}

/// `[1-9]\d*` within `u64`, as the count lexer reads an integer.
fn positive_u64(s: &str) -> bool {
    s.starts_with(|c: char| ('1'..='9').contains(&c))
        && s.bytes().all(|b| b.is_ascii_digit())
        && s.parse::<u64>().is_ok()
}

/// A count spelled as count tokens, if the lexer reads it back to `value`.
fn count_token(value: &Json, opts: &Options) -> Option<String> {
    match value {
        Json::Int(1) => Some(String::new()),
        Json::Int(n) if *n > 1 && u64::try_from(*n).is_ok() => Some(n.to_string()),
        Json::Str(s) if crate::shape::lexer::idset_len(s) == Some(s.len()) => Some(s.clone()),
        Json::Str(s) if !opts.rangedict && range_string(s) => Some(s.clone()),
        Json::Object(o) if opts.rangedict => range_dict_token(o),
        _ => None,
    }
}

/// Whether `s` is a range as the parser joins its tokens:
/// `min(-max|+)(:operand(:op)?)?`.
fn range_string(s: &str) -> bool {
    let (head, tail) = match s.split_once(':') {
        Some((h, t)) => (h, Some(t)),
        None => (s, None),
    };
    let head_ok = match head.strip_suffix('+') {
        Some(min) => positive_u64(min),
        None => head
            .split_once('-')
            .is_some_and(|(min, max)| positive_u64(min) && positive_u64(max)),
    };
    let tail_ok = match tail {
        None => true,
        Some(t) => match t.split_once(':') {
            None => positive_u64(t),
            Some((operand, op)) => positive_u64(operand) && matches!(op, "+" | "*" | "^"),
        },
    };
    head_ok && tail_ok
}

/// A `--rangedict` count dictionary as the shortest range that yields it.
fn range_dict_token(o: &ShapeObject) -> Option<String> {
    let int = |k: &str| match o.get(k) {
        Some(Json::Int(n)) if *n >= 1 => u64::try_from(*n).ok(),
        _ => None,
    };
    let keys: Vec<&str> = o.iter().map(|(k, _)| k).collect();
    let min = int("min")?;
    if keys == ["min"] {
        return Some(format!("{min}+"));
    }
    if keys != ["min", "max", "operand", "operator"] {
        return None;
    }
    let operand = int("operand")?;
    let op = o
        .get("operator")
        .and_then(Json::as_str)
        .filter(|op| matches!(*op, "+" | "*" | "^"))?;
    let head = match o.get("max") {
        Some(Json::Float(f)) if *f == f64::INFINITY => format!("{min}+"),
        _ => format!("{min}-{}", int("max")?),
    };
    let open = head.ends_with('+');
    Some(match (operand, op) {
        (1, "+") if !open => head,
        (k, "+") => format!("{head}:{k}"),
        (k, op) => format!("{head}:{k}:{op}"),
    })
}
