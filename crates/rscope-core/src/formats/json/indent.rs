//! A JSON text indented for reading, laid out as `jq .` lays it out (two
//! spaces, one member or element a line, `{}` and `[]` when empty), its
//! keys and scalars copied byte for byte, so numbers keep their spelling.
//! `flux R` prints one line ([`super::write`]); `rscope R --indent` and
//! the page's set operations, which show their result in an editor, print
//! this instead.

use super::read::{parse_whole, range};
use super::tree::Value;
use crate::diag::Diagnostic;

/// `text` indented, with a final newline; why not, when it is not JSON.
pub fn indent(text: &str) -> Result<String, Box<Diagnostic>> {
    let root = parse_whole(text)?;
    let mut out = String::with_capacity(text.len() * 2);
    write(&mut out, text, &root, 0);
    out.push('\n');
    Ok(out)
}

fn write(out: &mut String, text: &str, v: &Value<'_>, depth: usize) {
    match v {
        Value::Object(o) if !o.properties.is_empty() => {
            out.push('{');
            for (i, p) in o.properties.iter().enumerate() {
                line(out, i, depth + 1);
                out.push_str(&text[p.name.range.start..p.name.range.end]);
                out.push_str(": ");
                write(out, text, &p.value, depth + 1);
            }
            close(out, depth, '}');
        }
        Value::Array(a) if !a.elements.is_empty() || !a.deferred.is_empty() => {
            out.push('[');
            for (i, e) in a.items(text).enumerate() {
                line(out, i, depth + 1);
                write(out, text, &e, depth + 1);
            }
            close(out, depth, ']');
        }
        Value::Object(_) => out.push_str("{}"),
        Value::Array(_) => out.push_str("[]"),
        scalar => out.push_str(&text[range(scalar)]),
    }
}

/// The break before the `i`th member or element, at `depth`.
fn line(out: &mut String, i: usize, depth: usize) {
    out.push_str(if i == 0 { "\n" } else { ",\n" });
    out.extend(std::iter::repeat_n("  ", depth));
}

fn close(out: &mut String, depth: usize, bracket: char) {
    out.push('\n');
    out.extend(std::iter::repeat_n("  ", depth));
    out.push(bracket);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lays_out_as_jq_keeping_every_scalar_as_written() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "starttime": 1.50e3, "nodelist": [], "properties": {}}, "s": "a\u00e9"}"#;
        assert_eq!(
            indent(text).unwrap(),
            "{\n  \"version\": 1,\n  \"execution\": {\n    \"R_lite\": [\n      {\n        \"rank\": \"0-3\",\n        \"children\": {\n          \"core\": \"0-7\"\n        }\n      }\n    ],\n    \"starttime\": 1.50e3,\n    \"nodelist\": [],\n    \"properties\": {}\n  },\n  \"s\": \"a\\u00e9\"\n}\n"
        );
        assert_eq!(indent("[1, [ ], 2]").unwrap(), "[\n  1,\n  [],\n  2\n]\n");
        assert_eq!(
            indent("{\"a\": ").unwrap_err().message,
            "not JSON: unexpected end of the text, where a value should be"
        );
    }
}
