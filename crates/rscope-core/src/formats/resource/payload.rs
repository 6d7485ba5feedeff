//! A payload's JSON as the `flux resource` readers see it: the one-pass
//! tree of [`crate::json`] (strings and numbers borrowed from the text, no
//! map per object), with Python's names for types and values where the
//! reference's messages print them.
//!
//! Read this way, a 16 384-node payload is walked without building a
//! `serde_json::Value`: building and dropping that tree was most of
//! `rscope resource status`'s time.

use super::Printed;
use crate::json::{self, Value};
use crate::output_format::FieldValue as Field;

pub use crate::json::get;

/// The payload's JSON tree; empty text is no payload.
pub fn parse(text: &str) -> Result<Option<Value<'_>>, Printed> {
    if text.is_empty() {
        return Ok(None);
    }
    match json::parse(text) {
        Ok(v) => Ok(Some(v)),
        Err(d) => {
            let at = crate::diag::line_col(text, d.span.start);
            Err(Printed::error(format!(
                "the payload is {} (line {}, column {})",
                d.message, at.line, at.col
            )))
        }
    }
}

/// A value as compact JSON, for a message: the text it was read from,
/// written again without its layout.
pub fn compact(text: &str, v: &Value<'_>) -> String {
    let source = &text[json::range(v)];
    serde_json::from_str::<serde_json::Value>(source)
        .map(|v| v.to_string())
        .unwrap_or_else(|_| source.to_string())
}

/// Whether a number literal is a Python `float` (it has a fraction or an
/// exponent) rather than an `int`.
fn is_float(literal: &str) -> bool {
    literal.contains(['.', 'e', 'E'])
}

/// The number a literal holds, as `float()` gives it.
pub fn number(literal: &str) -> f64 {
    literal.parse().unwrap_or(0.0)
}

/// Python's name for a JSON value's type, as its errors print it.
pub fn py_type(v: &Value<'_>) -> &'static str {
    match v {
        Value::NullKeyword(_) => "<class 'NoneType'>",
        Value::BooleanLit(_) => "<class 'bool'>",
        Value::NumberLit(n) if is_float(n.value) => "<class 'float'>",
        Value::NumberLit(_) => "<class 'int'>",
        Value::StringLit(_) => "<class 'str'>",
        Value::Array(_) => "<class 'list'>",
        Value::Object(_) => "<class 'dict'>",
    }
}

/// A value as the format language sees it: numbers as numbers, the rest
/// as Python's `str()` prints it.
pub fn field(text: &str, v: &Value<'_>) -> Field {
    match v {
        Value::NumberLit(n) if !is_float(n.value) => match n.value.parse::<i64>() {
            Ok(i) => Field::Int(i),
            Err(_) => Field::Float(number(n.value)),
        },
        Value::NumberLit(n) => Field::Float(number(n.value)),
        other => Field::Str(py_str(text, other)),
    }
}

/// Python's `str()` of a scalar read from JSON (`None`, `True`, the string
/// itself); other values as compact JSON.
pub fn py_str(text: &str, v: &Value<'_>) -> String {
    match v {
        Value::StringLit(s) => s.as_str().to_string(),
        Value::NullKeyword(_) => "None".into(),
        Value::BooleanLit(b) => if b.value { "True" } else { "False" }.into(),
        other => compact(text, other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_ints_or_floats_as_python_reads_them() {
        let text = r#"[1, -0, 1.5, 2e3, 99999999999999999999, "x", null, true]"#;
        let v = json::parse(text).unwrap();
        let Value::Array(a) = &v else { panic!() };
        let fields: Vec<Field> = a.elements.iter().map(|e| field(text, e)).collect();
        assert_eq!(
            fields,
            [
                Field::Int(1),
                Field::Int(0),
                Field::Float(1.5),
                Field::Float(2000.0),
                Field::Float(1e20),
                Field::Str("x".into()),
                Field::Str("None".into()),
                Field::Str("True".into()),
            ]
        );
        let types: Vec<&str> = a.elements.iter().map(py_type).collect();
        assert_eq!(
            types[..3],
            ["<class 'int'>", "<class 'int'>", "<class 'float'>"]
        );
    }

    #[test]
    fn a_value_in_a_message_is_compact_json() {
        let text = "{\"a\": [1,\n  2], \"b\": {\"c\" : null}}";
        let v = json::parse(text).unwrap();
        assert_eq!(compact(text, &v), r#"{"a":[1,2],"b":{"c":null}}"#);
    }

    #[test]
    fn text_that_is_not_json_is_refused_with_its_place() {
        let err = parse("{\"R\": }").unwrap_err();
        assert_eq!(err.code, 1);
        assert_eq!(
            err.stderr,
            "flux-resource: ERROR: the payload is not JSON: unexpected close brace (line 1, column 7)\n"
        );
    }
}
