//! Checks of the opaque `scheduling` key.
//!
//! RFC 20 leaves `scheduling` to the scheduler that wrote it; Fluxion writes
//! a JGF graph (RFC 40) under `graph`. The R model checks only what RFC 20
//! asks (an object, a string `writer`) and hands the value to a
//! [`GraphCheck`] for the rest: the R model never names a graph model, and
//! the layer that composes the two ([`crate::document`]) passes one in.

use crate::diag::{pointer_push, Diagnostic};
use crate::json::Value;
use crate::json::{members, range, type_name};

/// Checks the graph a scheduler keeps under `scheduling`.
pub trait GraphCheck {
    /// Findings about the `scheduling` object `value` found at `pointer`,
    /// with spans into `text`.
    fn check(&mut self, text: &str, value: &Value<'_>, pointer: &str) -> Vec<Diagnostic>;
}

/// The check of a reader that does not look into graphs.
pub struct NoGraphCheck;

impl GraphCheck for NoGraphCheck {
    fn check(&mut self, _: &str, _: &Value<'_>, _: &str) -> Vec<Diagnostic> {
        Vec::new()
    }
}

/// Findings about the `scheduling` value `v` found at `pointer`.
///
/// It must be an object (RFC 20) and `writer`, when present, a string; an
/// object then goes to `graphs`.
pub fn check(
    text: &str,
    v: &Value<'_>,
    pointer: &str,
    graphs: &mut dyn GraphCheck,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Value::Object(obj) = v else {
        out.push(Diagnostic::error(
            format!("'scheduling' must be an object, not {}", type_name(v)),
            range(v),
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
                range(m.value),
                pointer_push(pointer, "writer"),
            ));
        }
    }
    out.extend(graphs.check(text, v, pointer));
    out
}
