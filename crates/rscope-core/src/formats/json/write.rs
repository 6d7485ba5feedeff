//! Writing JSON text exactly as jansson's `json_dumps(v, 0)` does, because
//! `flux R` prints with it and Rscope's output must match byte for byte:
//! one line, `", "` and `": "` separators, reals as `%.17g` with `.0` added
//! when there is no dot or exponent and the exponent's `+` and leading
//! zeros removed, strings escaped only where JSON requires (`\uXXXX`
//! uppercase). serde_json's writer differs on each of these points.

use serde_json::Value;
use std::fmt::Write;

/// A real number as jansson writes it: `0.0`, `1598506718.0`,
/// `0.10000000000000001`, `1e20`, `1.5e-7`.
pub fn format_real(x: f64) -> String {
    let mut s = format_g17(x);
    if !s.contains('.') && !s.contains('e') {
        s.push_str(".0");
    }
    if let Some(e) = s.find('e') {
        let (mant, exp) = s.split_at(e + 1);
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ("-", d),
            None => ("", exp.trim_start_matches('+')),
        };
        let digits = digits.trim_start_matches('0');
        s = format!("{mant}{sign}{digits}");
    }
    s
}

/// C's `%.17g`.
fn format_g17(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let sci = format!("{x:.16e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..17).contains(&exp) {
        let mant = strip_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        // 0 <= 16 - exp <= 20.
        let decimals = (16 - exp) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// Append `s` as a JSON string literal, escaped as jansson does.
pub fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Append a JSON value in jansson's `json_dumps(v, 0)` style.
pub fn write_json_value(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() {
                let _ = write!(out, "{n}");
            } else {
                out.push_str(&format_real(n.as_f64().unwrap_or(0.0)));
            }
        }
        Value::String(s) => write_json_string(out, s),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_value(out, x);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            for (i, (k, x)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_string(out, k);
                out.push_str(": ");
                write_json_value(out, x);
            }
            out.push('}');
        }
    }
}

/// Re-emit raw JSON text in jansson's style (the `scheduling` value rides
/// along this way, as the reference re-serializes it).
pub(crate) fn write_raw(out: &mut String, raw: &str) {
    match serde_json::from_str::<Value>(raw) {
        Ok(v) => write_json_value(out, &v),
        // Raw values come from parsed documents; keep the text otherwise.
        Err(_) => out.push_str(raw),
    }
}

/// `s` as Python's `json.dumps` writes a string (ASCII only); with
/// `no_apostrophe`, `'` is escaped too.
pub(crate) fn write_python_string(out: &mut String, s: &str, no_apostrophe: bool) {
    out.push('"');
    // Most strings (types, labels, units) need no escape: copied whole.
    let plain = |b: &u8| matches!(b, b' '..=b'~') && !matches!(b, b'"' | b'\\' | b'\'');
    if s.as_bytes().iter().all(plain) {
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\'' if no_apostrophe => out.push_str("\\u0027"),
            ' '..='~' => out.push(c),
            _ => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// A JSON value as Python's `json.dumps` writes it (`", "` and `": "`
/// between items, strings ASCII only): `rscope constraint parse`'s
/// layout, for a constraint given as JSON.
pub(crate) fn write_python_value(out: &mut String, v: &Value) {
    match v {
        Value::String(s) => write_python_string(out, s, false),
        Value::Array(a) => {
            out.push('[');
            for (i, e) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_python_value(out, e);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            for (i, (k, e)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_python_string(out, k, false);
                out.push_str(": ");
                write_python_value(out, e);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_match_jansson() {
        let check = |x: f64, s: &str| assert_eq!(format_real(x), s, "{x}");
        check(0.0, "0.0");
        check(-0.0, "-0.0");
        check(1598506718.0, "1598506718.0");
        check(1.5, "1.5");
        check(0.1, "0.10000000000000001");
        check(1e20, "1e20");
        check(1e16, "10000000000000000.0");
        check(1e17, "1e17");
        check(1.5e-7, "1.4999999999999999e-7");
        check(0.0001, "0.0001");
        check(-2.5e-5, "-2.5000000000000001e-5");
        check(123456789.125, "123456789.125");
    }

    #[test]
    fn strings_match_jansson() {
        let mut s = String::new();
        write_json_string(&mut s, "a\"b\\c\n\u{1}é/");
        assert_eq!(s, r#""a\"b\\c\n\u0001é/""#);
    }

    #[test]
    fn values_use_spaced_separators() {
        let v: Value = serde_json::from_str(r#"{"a":[1,2.0,{"b":null}],"c":{}, "d":[]}"#).unwrap();
        let mut s = String::new();
        write_json_value(&mut s, &v);
        assert_eq!(s, r#"{"a": [1, 2.0, {"b": null}], "c": {}, "d": []}"#);
    }
}
