//! RFC 46 jobspec shapes: expand `slot=4/node{-x}/core=2` into the RFC 14
//! `resources` list, check it, and write a resources list back as a shape.
//!
//! flux-core's `flux.shape.parser` is the reference: every shape it accepts
//! expands to the same resources here (same keys, same order, same values),
//! and every shape it rejects is rejected, with an [`Error`] that carries
//! the byte span of the offending token and a [`ErrorKind`] matching the
//! reference's message. [`Expansion::to_python_json`] and
//! [`Expansion::to_yaml`] print what the reference prints.
//!
//! Differences, all limits this crate states in its errors: numbers are
//! held in `i64::MIN..=u64::MAX` and finite floats (the reference takes any
//! Python number); input is at most [`MAX_INPUT`] bytes, nests at most
//! [`MAX_DEPTH`] levels, and expands to at most [`MAX_VERTICES`] vertices;
//! a `[...]` value containing `NaN`, `Infinity` or a lone surrogate is
//! refused.
//!
//! The reference checks syntax only: `slot=30-3/node` or two slots with one
//! label expand without complaint. [`Expansion::check`] applies RFC 14's
//! rules on top and returns findings with spans.
//!
//! - [`lexer`] and [`parser`]: tokens and grammar;
//! - [`json`]: the value model and Python's JSON dialect;
//! - [`yaml`]: PyYAML's output;
//! - [`check`]: RFC 14 rules on a resources list;
//! - [`mod@format`]: a resources list back to the shortest shape;
//! - [`print`]: what `rscope shape` prints, shared by the CLI and the page.

pub mod check;
pub mod error;
pub mod format;
pub mod json;
pub mod lexer;
pub mod parser;
pub mod print;
// Reads the specs from disk and uses proptest: native only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
pub mod yaml;

pub use check::{Rfc14Finding, Severity};
pub use error::{Error, ErrorKind};
pub use json::Json;

use serde_json::Value;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The longest shape accepted, in bytes.
pub const MAX_INPUT: usize = 1 << 20;
/// The deepest nesting of lists, vertices and dictionaries accepted: the
/// JSON output then stays within `serde_json`'s own recursion limit (128).
pub const MAX_DEPTH: usize = 100;
/// The most resource vertices a shape may expand to.
pub const MAX_VERTICES: usize = 100_000;

/// How to expand a shape (the reference's command-line options).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The label of a lone slot written without one (`--label`; the
    /// reference's default is `task`, RFC 46's examples use `default`).
    pub label: String,
    /// Write ranges as `{min, max, operand, operator}` dictionaries instead
    /// of RFC 45 strings (`--rangedict`).
    pub rangedict: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            label: "task".to_string(),
            rangedict: false,
        }
    }
}

/// A shape expanded into an RFC 14 resources list, with the span of every
/// vertex, count, label and dictionary item it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Expansion {
    resources: Vec<Json>,
    spans: Vec<parser::Spans>,
    options: Options,
}

/// Expand `text` as the reference parser does with `options`.
pub fn parse(text: &str, options: &Options) -> Result<Expansion, Error> {
    if text.len() > MAX_INPUT {
        return Err(Error::new(
            ErrorKind::TooLong { len: text.len() },
            MAX_INPUT..MAX_INPUT,
        ));
    }
    let parsed = parser::Parser::new(text, options).parse()?;
    Ok(Expansion {
        resources: parsed.resources,
        spans: parsed.spans,
        options: options.clone(),
    })
}

impl Expansion {
    /// The resource vertices, in order.
    pub fn resources(&self) -> &[Json] {
        &self.resources
    }

    /// The options the shape was expanded with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The resources as one value, wrapped in `{"resources": ...}` if asked.
    pub fn to_json(&self, wrap: bool) -> Json {
        let list = Json::Array(self.resources.clone());
        if wrap {
            Json::Object([("resources".to_string(), list)].into_iter().collect())
        } else {
            list
        }
    }

    /// The resources as a `serde_json::Value` (an open range maximum, which
    /// only `rangedict` produces, becomes `null`).
    pub fn to_value(&self, wrap: bool) -> Value {
        self.to_json(wrap).to_value()
    }

    /// The text the reference prints without `--yaml` (less the final line
    /// break `print` adds).
    pub fn to_python_json(&self, wrap: bool) -> String {
        let list = json::list_to_python(&self.resources);
        if wrap {
            format!("{{\"resources\": {list}}}")
        } else {
            list
        }
    }

    /// The text the reference's `yaml.dump` returns with `--yaml` (`print`
    /// adds one more line break).
    pub fn to_yaml(&self, wrap: bool) -> String {
        yaml::list_to_pyyaml(&self.resources, wrap.then_some("resources"))
    }

    /// The span of the most specific recorded part at or above `pointer`
    /// (a JSON pointer into the resources list, e.g. `/0/with/1/count`).
    pub fn span(&self, pointer: &str) -> Option<Range<usize>> {
        parser::lookup(&self.spans, pointer)
    }

    /// RFC 14's rules applied to the expansion, each finding with the span
    /// of the shape text it concerns.
    pub fn check(&self) -> Vec<Rfc14Finding> {
        let mut findings = check::check_list(&self.resources);
        for f in &mut findings {
            f.span = self.span(&f.pointer);
        }
        findings
    }
}

impl FromStr for Expansion {
    type Err = Error;

    /// Expand with the reference's default options.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse(s, &Options::default())
    }
}

impl fmt::Display for Expansion {
    /// The shortest shape that expands to exactly these resources with the
    /// same options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match format::format_list(&self.resources, &self.options) {
            Ok(s) => f.write_str(&s),
            Err(_) => Err(fmt::Error),
        }
    }
}
