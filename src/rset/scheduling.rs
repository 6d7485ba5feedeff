//! Checks of the opaque `scheduling` key.
//!
//! RFC 20 leaves `scheduling` to the scheduler that wrote it; Fluxion writes
//! a JGF graph (RFC 40) under `graph`. This is the hook where the JGF
//! validator plugs in: [`check`] receives the whole document text and the
//! byte range of the `scheduling` value and returns its findings, with
//! spans into that text and pointers under `/scheduling`.

use super::json::{members, type_name};
use crate::diag::{pointer_push, Diagnostic};
use jsonc_parser::ast::Value;

/// Findings about the `scheduling` value `v` found at `pointer`.
///
/// For now: it must be an object (RFC 20) and `writer`, when present, a
/// string. JGF rules for `graph` belong to the JGF module and will be
/// called from here.
pub fn check(_text: &str, v: &Value<'_>, pointer: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Value::Object(obj) = v else {
        out.push(Diagnostic::error(
            format!("'scheduling' must be an object, not {}", type_name(v)),
            super::json::range(v),
            pointer,
        ));
        return out;
    };
    let (ms, _) = members(obj);
    for m in ms {
        if m.name == "writer" && !matches!(m.value, Value::StringLit(_)) {
            out.push(Diagnostic::warning(
                format!(
                    "'writer' must be a string (a URI), not {}",
                    type_name(m.value)
                ),
                super::json::range(m.value),
                pointer_push(pointer, "writer"),
            ));
        }
    }
    out
}
