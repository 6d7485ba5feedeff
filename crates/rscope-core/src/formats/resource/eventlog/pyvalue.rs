//! JSON values as Python's `json` module holds them, for printing events
//! as `flux resource eventlog` does: integers and floats kept apart (an
//! integer prints as written, a float as `repr()`), objects in the order
//! written with Python's rule for a repeated key (the first place, the
//! last value), `json.dumps(…, separators=(",", ":"), ensure_ascii=False)`
//! to write them, and Python's `==` to compare them (`--match-context`).

use crate::json::tree::{self, Value};
use crate::output_format::py_float;
use std::fmt::Write;

/// A value as `json.loads` gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum PyValue {
    /// `None`.
    Null,
    /// `True` or `False`.
    Bool(bool),
    /// An `int`: its canonical digits (an optional `-`, no leading zeros),
    /// so any size prints as written.
    Int(String),
    /// A `float`.
    Float(f64),
    /// A `str`.
    Str(String),
    /// A `list`.
    List(Vec<PyValue>),
    /// A `dict`, in insertion order.
    Dict(Vec<(String, PyValue)>),
}

impl PyValue {
    /// The value of a JSON tree node.
    pub fn from_tree(v: &Value<'_>) -> PyValue {
        match v {
            Value::NullKeyword(_) => PyValue::Null,
            Value::BooleanLit(b) => PyValue::Bool(b.value),
            Value::StringLit(s) => PyValue::Str(s.as_str().to_string()),
            Value::NumberLit(n) => number(n.value),
            Value::Array(a) => PyValue::List(a.elements.iter().map(PyValue::from_tree).collect()),
            Value::Object(o) => {
                let mut d: Vec<(String, PyValue)> = Vec::with_capacity(o.properties.len());
                for p in &o.properties {
                    let value = PyValue::from_tree(&p.value);
                    // Python builds the dict from the pairs: a repeated key
                    // keeps its first place and takes the last value.
                    match d.iter_mut().find(|(k, _)| k == p.name.as_str()) {
                        Some(slot) => slot.1 = value,
                        None => d.push((p.name.as_str().to_string(), value)),
                    }
                }
                PyValue::Dict(d)
            }
        }
    }

    /// `json.loads(text)`, or `None` when Python would raise: RFC 8259
    /// JSON, plus the `NaN`, `Infinity` and `-Infinity` Python also takes.
    pub fn loads(text: &str) -> Option<PyValue> {
        match text.trim_matches([' ', '\t', '\n', '\r']) {
            "NaN" => return Some(PyValue::Float(f64::NAN)),
            "Infinity" => return Some(PyValue::Float(f64::INFINITY)),
            "-Infinity" => return Some(PyValue::Float(f64::NEG_INFINITY)),
            _ => {}
        }
        tree::read_whole(text).map(|v| PyValue::from_tree(&v))
    }

    /// Whether this is an `int` or a `float` (not a `bool`: the reference
    /// asks `type(val) in (int, float)`).
    pub fn is_number(&self) -> bool {
        matches!(self, PyValue::Int(_) | PyValue::Float(_))
    }

    /// `json.dumps(self, separators=(",", ":"), ensure_ascii=False)`
    /// appended to `out`.
    pub fn dump(&self, out: &mut String) {
        match self {
            PyValue::Null => out.push_str("null"),
            PyValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            PyValue::Int(digits) => out.push_str(digits),
            PyValue::Float(x) => out.push_str(&float_json(*x)),
            PyValue::Str(s) => dump_str(s, out),
            PyValue::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.dump(out);
                }
                out.push(']');
            }
            PyValue::Dict(members) => dump_dict(members, out),
        }
    }

    /// `float(self)`, or `None` where Python raises (`--match-context`
    /// compares a float in the context with what was given that way).
    pub fn to_float(&self) -> Option<f64> {
        match self {
            PyValue::Bool(b) => Some(f64::from(u8::from(*b))),
            PyValue::Int(d) => d.parse::<f64>().ok(),
            PyValue::Float(x) => Some(*x),
            PyValue::Str(s) => py_float_of_str(s),
            _ => None,
        }
    }

    /// Python's `self == other`: `1 == 1.0 == True`, lists and dicts
    /// element by element (a dict regardless of order).
    pub fn py_eq(&self, other: &PyValue) -> bool {
        use PyValue::*;
        match (self, other) {
            (Null, Null) => true,
            (Str(a), Str(b)) => a == b,
            (List(a), List(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.py_eq(y)),
            (Dict(a), Dict(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.iter().any(|(k2, v2)| k == k2 && v.py_eq(v2)))
            }
            (Float(a), Float(b)) => a == b,
            (Float(x), n) | (n, Float(x)) => match n.exact_int() {
                Some(i) => x.fract() == 0.0 && x.is_finite() && float_eq_int(*x, &i),
                None => false,
            },
            (a, b) => match (a.exact_int(), b.exact_int()) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            },
        }
    }

    /// An `int` or a `bool` as canonical digits.
    fn exact_int(&self) -> Option<String> {
        match self {
            PyValue::Bool(b) => Some(if *b { "1" } else { "0" }.to_string()),
            PyValue::Int(d) => Some(d.clone()),
            _ => None,
        }
    }
}

/// A JSON number literal as `json.loads` reads it: an `int` when it has
/// no fraction or exponent, else a `float` (out of range: infinity).
fn number(lit: &str) -> PyValue {
    if lit.contains(['.', 'e', 'E']) {
        let x = lit.parse::<f64>().unwrap_or(f64::NAN);
        return PyValue::Float(x);
    }
    let (neg, digits) = match lit.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, lit),
    };
    let digits = digits.trim_start_matches('0');
    match (neg, digits.is_empty()) {
        (_, true) => PyValue::Int("0".into()),
        (true, false) => PyValue::Int(format!("-{digits}")),
        (false, false) => PyValue::Int(digits.to_string()),
    }
}

/// Whether the integral float `x` equals the integer written `digits`.
fn float_eq_int(x: f64, digits: &str) -> bool {
    // An integral f64 prints exactly with no fraction, so the digits can
    // be compared as text whatever their size.
    let s = format!("{x:.0}");
    let s = if s == "-0" { "0".to_string() } else { s };
    s == digits
}

/// A float as `json.dumps` writes it: `repr()`, but `NaN`, `Infinity`,
/// `-Infinity` for the values JSON lacks.
fn float_json(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        py_float(x)
    }
}

/// A string as `json.dumps(…, ensure_ascii=False)` writes it: only `"`,
/// `\` and the control characters escaped, `\u00XX` in lowercase.
fn dump_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A dict as `json.dumps` writes it with compact separators.
pub fn dump_dict(members: &[(String, PyValue)], out: &mut String) {
    out.push('{');
    for (i, (k, v)) in members.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        dump_str(k, out);
        out.push(':');
        v.dump(out);
    }
    out.push('}');
}

/// `float(s)` for a `str`: white space around it, `_` between digits,
/// `inf`, `infinity` and `nan` in any case; `None` where Python raises.
pub fn py_float_of_str(s: &str) -> Option<f64> {
    let t = s.trim();
    let b = t.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let digit_before = i > 0 && b[i - 1].is_ascii_digit();
            let digit_after = b.get(i + 1).is_some_and(u8::is_ascii_digit);
            if !(digit_before && digit_after) {
                return None;
            }
        }
    }
    let cleaned: String = t.chars().filter(|&c| c != '_').collect();
    // Rust's parser takes what Python's does (signs, `.5`, `5.`,
    // exponents, `inf`, `infinity`, `nan` in any case) and nothing more
    // that a user could type here.
    cleaned.parse::<f64>().ok()
}
