//! The values a shape expands to, and the two JSON dialects around them.
//!
//! The reference parser builds Python objects and prints them with
//! `json.dumps`; its `[...]` dictionary values go through `json.loads`.
//! [`Json`] is the Rust image of those objects: objects keep insertion order
//! and an insert of an existing key keeps its place (Python `dict`
//! semantics), integers are exact, and a float may be infinite (the
//! reference's unbounded `max` with `--rangedict`). [`Json::to_python`]
//! writes what `json.dumps` writes; [`parse_python`] reads what `json.loads`
//! reads, within the limits stated in its errors.

use crate::json::write_python_string;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The smallest integer a shape may hold (`i64::MIN`).
pub const MIN_INT: i128 = i64::MIN as i128;
/// The largest integer a shape may hold (`u64::MAX`).
pub const MAX_INT: i128 = u64::MAX as i128;

/// A JSON value with ordered objects, exact integers and infinite floats.
#[derive(Clone, Debug)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer in `MIN_INT..=MAX_INT`.
    Int(i128),
    /// A float; infinite only for an unbounded range's `max`.
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Json>),
    /// An object.
    Object(ShapeObject),
}

impl PartialEq for Json {
    /// Floats compare by bits, so `-0.0 != 0.0`: the two print differently.
    fn eq(&self, other: &Json) -> bool {
        match (self, other) {
            (Json::Null, Json::Null) => true,
            (Json::Bool(a), Json::Bool(b)) => a == b,
            (Json::Int(a), Json::Int(b)) => a == b,
            (Json::Float(a), Json::Float(b)) => a.to_bits() == b.to_bits(),
            (Json::Str(a), Json::Str(b)) => a == b,
            (Json::Array(a), Json::Array(b)) => a == b,
            (Json::Object(a), Json::Object(b)) => a == b,
            _ => false,
        }
    }
}

/// An object whose keys keep the order of their first insertion; setting a
/// key again keeps its place (Python `dict` semantics). Small objects are
/// searched in place; past 16 keys a hash index keeps
/// inserts O(1).
#[derive(Clone, Debug, Default)]
pub struct ShapeObject {
    entries: Vec<(String, Json)>,
    index: Option<HashMap<String, usize>>,
}

impl PartialEq for ShapeObject {
    fn eq(&self, other: &ShapeObject) -> bool {
        self.entries == other.entries
    }
}

impl ShapeObject {
    /// Objects with more keys than this get a hash index.
    const INDEXED: usize = 16;

    /// An empty object.
    pub fn new() -> Self {
        ShapeObject::default()
    }

    fn position(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index.get(key).copied(),
            None => self.entries.iter().position(|(k, _)| k == key),
        }
    }

    /// Set `key`, keeping its place if it is already present.
    pub fn insert(&mut self, key: String, value: Json) {
        if let Some(i) = self.position(&key) {
            if let Some(slot) = self.entries.get_mut(i) {
                slot.1 = value;
            }
            return;
        }
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.entries.len());
        }
        self.entries.push((key, value));
        if self.index.is_none() && self.entries.len() > Self::INDEXED {
            let index = self
                .entries
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i))
                .collect();
            self.index = Some(index);
        }
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&Json> {
        self.position(key)
            .and_then(|i| self.entries.get(i))
            .map(|(_, v)| v)
    }

    /// The entries in order.
    pub fn entries(&self) -> Vec<(&str, &Json)> {
        self.iter().collect()
    }

    /// The entries in order, without collecting them.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The number of keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no keys.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Insert every entry of `other` in its order, as Python's `dict.update`.
    pub fn update(&mut self, other: ShapeObject) {
        for (k, v) in other.entries {
            self.insert(k, v);
        }
    }
}

impl FromIterator<(String, Json)> for ShapeObject {
    fn from_iter<I: IntoIterator<Item = (String, Json)>>(iter: I) -> Self {
        let mut o = ShapeObject::new();
        for (k, v) in iter {
            o.insert(k, v);
        }
        o
    }
}

impl Json {
    /// Convert to a `serde_json::Value`. An infinite float becomes `null`,
    /// as `JSON.stringify` and serde write it.
    pub fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Int(i) => {
                if let Ok(n) = i64::try_from(*i) {
                    Value::from(n)
                } else {
                    u64::try_from(*i).map_or(Value::Null, Value::from)
                }
            }
            Json::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Json::Str(s) => Value::String(s.clone()),
            Json::Array(a) => Value::Array(a.iter().map(Json::to_value).collect()),
            Json::Object(o) => Value::Object(
                o.iter()
                    .map(|(k, v)| (k.to_string(), v.to_value()))
                    .collect(),
            ),
        }
    }

    /// Convert from a `serde_json::Value` (which has no infinite floats).
    pub fn from_value(value: &Value) -> Json {
        match value {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Json::Int(i128::from(i))
                } else if let Some(u) = n.as_u64() {
                    Json::Int(i128::from(u))
                } else {
                    Json::Float(n.as_f64().unwrap_or(f64::NAN))
                }
            }
            Value::String(s) => Json::Str(s.clone()),
            Value::Array(a) => Json::Array(a.iter().map(Json::from_value).collect()),
            Value::Object(m) => Json::Object(
                m.iter()
                    .map(|(k, v)| (k.clone(), Json::from_value(v)))
                    .collect(),
            ),
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&ShapeObject> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, if this is one.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    /// Write as Python's `json.dumps` does with its defaults: `", "` and
    /// `": "` separators, non-ASCII escaped, floats as `repr`, `Infinity`.
    pub fn to_python(&self) -> String {
        let mut out = String::new();
        self.write_python(&mut out, false);
        out
    }

    /// [`Json::to_python`], with `'` escaped as `\u0027` so that the text
    /// survives the reference's quote replacement before `json.loads`.
    pub(crate) fn to_python_no_apostrophe(&self) -> String {
        let mut out = String::new();
        self.write_python(&mut out, true);
        out
    }

    fn write_python(&self, out: &mut String, no_apostrophe: bool) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(true) => out.push_str("true"),
            Json::Bool(false) => out.push_str("false"),
            Json::Int(i) => write_int(out, *i),
            Json::Float(f) => out.push_str(&json_float(*f)),
            Json::Str(s) => write_python_string(out, s, no_apostrophe),
            Json::Array(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_python(out, no_apostrophe);
                }
                out.push(']');
            }
            Json::Object(o) => {
                out.push('{');
                for (i, (k, v)) in o.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_python_string(out, k, no_apostrophe);
                    out.push_str(": ");
                    v.write_python(out, no_apostrophe);
                }
                out.push('}');
            }
        }
    }
}

/// A list as `json.dumps` writes it, without building a [`Json::Array`].
pub fn list_to_python(list: &[Json]) -> String {
    let mut out = String::with_capacity(64 * list.len());
    out.push('[');
    for (i, v) in list.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        v.write_python(&mut out, false);
    }
    out.push(']');
    out
}

/// A float as `json.dumps` writes it.
fn json_float(f: f64) -> String {
    if f.is_nan() {
        "NaN".to_string()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.to_string()
    } else {
        float_repr(f)
    }
}

/// A finite float as Python's `repr` writes it: the shortest digits that
/// read back to the same float, in positional notation when the decimal
/// exponent is in `-4..16`, otherwise as `1.5e-07` / `1e+16`.
pub fn float_repr(f: f64) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // Rust's `{:e}` writes the shortest round-trip digits: "-1.2345e-7".
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if f < 0.0 { "-" } else { "" };
    let decpt = exp + 1;
    let n = digits.len() as i32;
    if !(-4 < decpt && decpt <= 16) {
        let (first, rest) = digits.split_at(1);
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}{frac}e{esign}{:02}", exp.abs())
    } else if decpt <= 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize))
    } else if decpt >= n {
        format!("{sign}{digits}{}.0", "0".repeat((decpt - n) as usize))
    } else {
        let (int, frac) = digits.split_at(decpt as usize);
        format!("{sign}{int}.{frac}")
    }
}

/// An integer in decimal. Shape integers fit in `i64` or `u64`, whose
/// formatting is several times quicker than `i128`'s in wasm (which
/// divides 128-bit numbers in software); the counts of a 10 000-vertex
/// shape are 10 000 of them.
fn write_int(out: &mut String, i: i128) {
    let _ = match (u64::try_from(i), i64::try_from(i)) {
        (Ok(n), _) => write!(out, "{n}"),
        (_, Ok(n)) => write!(out, "{n}"),
        _ => write!(out, "{i}"),
    };
}

/// Why [`parse_python`] rejected a text; the offset is in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong, lowercase.
    pub message: String,
    /// Byte offset into the text.
    pub offset: usize,
}

/// Read JSON as Python's `json.loads` does: duplicate keys keep the first
/// place and the last value, integers are exact. Unlike Python it rejects
/// `NaN`/`Infinity`, integers outside `i64::MIN..=u64::MAX`, floats that
/// overflow, lone surrogates, and nesting deeper than `max_depth`.
pub fn parse_python(text: &str, max_depth: usize) -> Result<Json, JsonError> {
    let mut r = Reader {
        s: text.as_bytes(),
        text,
        pos: 0,
        max_depth,
    };
    r.ws();
    let v = r.value(0)?;
    r.ws();
    if r.pos < r.s.len() {
        return Err(r.err("extra data"));
    }
    Ok(v)
}

struct Reader<'a> {
    s: &'a [u8],
    text: &'a str,
    pos: usize,
    max_depth: usize,
}

impl Reader<'_> {
    fn err(&self, message: &str) -> JsonError {
        JsonError {
            message: message.to_string(),
            offset: self.pos,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, lit: &str) -> bool {
        if self.s.get(self.pos..self.pos + lit.len()) == Some(lit.as_bytes()) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, JsonError> {
        match self.peek() {
            Some(b'{') | Some(b'[') if depth >= self.max_depth => {
                Err(self.err(&format!("nested deeper than {} levels", self.max_depth)))
            }
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ if self.eat("null") => Ok(Json::Null),
            _ if self.eat("true") => Ok(Json::Bool(true)),
            _ if self.eat("false") => Ok(Json::Bool(false)),
            _ if self.text[self.pos..].starts_with("NaN")
                || self.text[self.pos..].starts_with("Infinity") =>
            {
                Err(self.err("non-finite number"))
            }
            _ => Err(self.err("expecting value")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.pos += 1;
        let mut o = ShapeObject::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json::Object(o));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.err("expecting property name enclosed in double quotes"));
            }
            let k = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.err("expecting ':' delimiter"));
            }
            self.pos += 1;
            self.ws();
            let v = self.value(depth + 1)?;
            o.insert(k, v);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Json::Object(o));
                }
                _ => return Err(self.err("expecting ',' delimiter")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, JsonError> {
        self.pos += 1;
        let mut a = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json::Array(a));
        }
        loop {
            self.ws();
            a.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json::Array(a));
                }
                _ => return Err(self.err("expecting ',' delimiter")),
            }
        }
    }

    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        if self.text[self.pos..].starts_with("Infinity") {
            return Err(self.err("non-finite number"));
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.pos += 1;
                }
            }
            _ => {
                self.pos = start;
                return Err(self.err("expecting value"));
            }
        }
        let int_end = self.pos;
        let mut is_float = false;
        if self.peek() == Some(b'.') && matches!(self.s.get(self.pos + 1), Some(b'0'..=b'9')) {
            is_float = true;
            self.pos += 1;
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.pos += 1;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if matches!(self.peek(), Some(b'0'..=b'9')) {
                is_float = true;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        let text = &self.text[start..self.pos];
        if is_float {
            number_float(text).map_err(|m| JsonError {
                message: m,
                offset: start,
            })
        } else {
            number_int(&self.text[start..int_end]).map_err(|m| JsonError {
                message: m,
                offset: start,
            })
        }
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let h = self
            .text
            .get(self.pos..self.pos + 4)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| self.err("invalid \\uXXXX escape"))?;
        self.pos += 4;
        u32::from_str_radix(h, 16).map_err(|_| self.err("invalid \\uXXXX escape"))
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(&self.text[run_start..self.pos]);
            match self.peek() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let esc = self.peek().ok_or_else(|| self.err("unterminated string"))?;
                    self.pos += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xd800..0xdc00).contains(&hi) && self.eat("\\u") {
                                let lo = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&lo) {
                                    return Err(self.err("lone surrogate in string"));
                                }
                                0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                            } else {
                                hi
                            };
                            let c = char::from_u32(code)
                                .ok_or_else(|| self.err("lone surrogate in string"))?;
                            out.push(c);
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.err("invalid \\escape"));
                        }
                    }
                }
                Some(_) => return Err(self.err("invalid control character in string")),
            }
        }
    }
}

/// An integer literal (`-?digits`) within the shape limits.
pub(crate) fn number_int(text: &str) -> Result<Json, String> {
    text.parse::<i128>()
        .ok()
        .filter(|i| (MIN_INT..=MAX_INT).contains(i))
        .map(Json::Int)
        .ok_or_else(|| {
            format!("integer '{text}' is out of range (the limits are {MIN_INT} and {MAX_INT})")
        })
}

/// A float literal; one that overflows to infinity is refused.
pub(crate) fn number_float(text: &str) -> Result<Json, String> {
    // Python reads "1." and "1.e5"; Rust wants a digit after the point.
    let fixed = text.replace(".e", ".0e").replace(".E", ".0E");
    let fixed = if fixed.ends_with('.') {
        format!("{fixed}0")
    } else {
        fixed
    };
    match fixed.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(Json::Float(f)),
        _ => Err(format!("number '{text}' is out of range")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_repr_matches_python() {
        let cases = [
            (2.5, "2.5"),
            (100000.0, "100000.0"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-1.5e-7, "-1.5e-07"),
            (1.2345678901234568e17, "1.2345678901234568e+17"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (1e100, "1e+100"),
            (123.456, "123.456"),
            (5e-324, "5e-324"),
        ];
        for (f, want) in cases {
            assert_eq!(float_repr(f), want, "{f:e}");
        }
    }

    #[test]
    fn python_json_dumps_format() {
        let v = parse_python(
            r#"[1, -0, 1.0, "é\n\"", {"a": null, "b": [true, false], "a": 2}, 1E400]"#,
            8,
        );
        assert_eq!(
            v,
            Err(JsonError {
                message: "number '1E400' is out of range".to_string(),
                offset: 64
            })
        );
        let v = parse_python(
            r#"[1, -0, 1.0, "é\n\"😀", {"a": null, "b": [true, false], "a": 2}, []]"#,
            8,
        )
        .unwrap();
        assert_eq!(
            v.to_python(),
            r#"[1, 0, 1.0, "\u00e9\n\"\ud83d\ude00", {"a": 2, "b": [true, false]}, []]"#
        );
    }

    /// `json.loads` errors: (text, message, offset).
    #[test]
    fn python_json_errors() {
        let cases = [
            ("[1]]", "extra data", 3),
            ("[1,]", "expecting value", 3),
            ("[NaN]", "non-finite number", 1),
            ("[-Infinity]", "non-finite number", 2),
            ("[01]", "expecting ',' delimiter", 2),
            ("[1.]", "expecting ',' delimiter", 2),
            ("[\"a]", "unterminated string", 4),
            ("[\"\\ud800\"]", "lone surrogate in string", 8),
            ("[\"\\x\"]", "invalid \\escape", 3),
            ("[\"\t\"]", "invalid control character in string", 2),
            ("{\"a\" 1}", "expecting ':' delimiter", 5),
            ("{a:1}", "expecting property name enclosed in double quotes", 1),
            ("[[[1]]]", "nested deeper than 2 levels", 2),
            (
                "[99999999999999999999]",
                "integer '99999999999999999999' is out of range (the limits are -9223372036854775808 and 18446744073709551615)",
                1,
            ),
        ];
        for (text, message, offset) in cases {
            assert_eq!(
                parse_python(text, 2),
                Err(JsonError {
                    message: message.to_string(),
                    offset
                }),
                "{text}"
            );
        }
    }

    #[test]
    fn objects_keep_first_place_and_last_value() {
        let mut o = ShapeObject::new();
        o.insert("type".into(), Json::Str("node".into()));
        o.insert("count".into(), Json::Int(1));
        o.update(
            [
                ("a".to_string(), Json::Int(1)),
                ("type".to_string(), Json::Int(5)),
            ]
            .into_iter()
            .collect(),
        );
        assert_eq!(
            Json::Object(o).to_python(),
            r#"{"type": 5, "count": 1, "a": 1}"#
        );
    }

    #[test]
    fn value_conversion() {
        let v = Json::Array(vec![
            Json::Float(f64::INFINITY),
            Json::Int(MAX_INT),
            Json::Int(MIN_INT),
        ]);
        assert_eq!(
            v.to_value().to_string(),
            "[null,18446744073709551615,-9223372036854775808]"
        );
        assert_eq!(
            Json::from_value(&v.to_value()).to_python(),
            "[null, 18446744073709551615, -9223372036854775808]"
        );
    }
}
