//! What the CLI's subcommands print, as functions of text: the JS API
//! calls these so that the page and `rscope` give the same answer for the
//! same input. Each returns the printed text (or a small DTO) or a
//! [`Failure`] that says what is wrong and where.

pub mod admin;
pub mod config;
pub mod config_view;
pub mod constraint;
pub mod graph;
pub mod lists;
pub mod r;

use crate::diag::{line_col, Diagnostic};
use serde::Serialize;

/// Why a command gave no answer: the message and, for a fault in a
/// document, its 1-based line and column (characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Lowercase, no trailing period (as the CLI says it).
    pub message: String,
    /// Line and column of the fault in the document, when it has one.
    pub at: Option<(usize, usize)>,
    /// The finding that says why, when one does: the CLI renders it with
    /// its caret where the JS API gives only the message and place.
    pub finding: Option<Box<Diagnostic>>,
}

impl Failure {
    /// A failure with no place in a document.
    pub fn new(message: impl Into<String>) -> Self {
        Failure {
            message: message.into(),
            at: None,
            finding: None,
        }
    }

    /// A failure at byte `offset` of `text`.
    pub fn at(message: impl Into<String>, text: &str, offset: usize) -> Self {
        let lc = line_col(text, offset);
        Failure {
            message: message.into(),
            at: Some((lc.line, lc.col)),
            finding: None,
        }
    }

    /// A failure that finding `d` of `text` explains.
    pub fn finding(d: &Diagnostic, text: &str) -> Self {
        Failure {
            finding: Some(Box::new(d.clone())),
            ..Failure::at(d.message.clone(), text, d.span.start)
        }
    }

    /// The message with its place: `... (line 3, column 7)`.
    pub fn located(&self) -> String {
        match self.at {
            Some((line, col)) => format!("{} (line {line}, column {col})", self.message),
            None => self.message.clone(),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::new(message)
    }
}

/// A finding as the JS API's `validate` gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiFinding {
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// Lowercase, no trailing period.
    pub message: String,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (characters) of the span's start.
    pub column: usize,
    /// Byte offsets of the span in the text.
    pub span: (usize, usize),
    /// RFC 6901 pointer to the value.
    pub pointer: String,
    /// The suggested edit, if any.
    pub fix: Option<FixDto>,
}

/// A suggested edit: replace the bytes of `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FixDto {
    /// What the edit does.
    pub message: String,
    /// Byte offsets of the text to replace.
    pub span: (usize, usize),
    /// The new text.
    pub replacement: String,
}

/// `d` placed in `text`.
pub fn finding(d: &Diagnostic, text: &str) -> ApiFinding {
    let lc = line_col(text, d.span.start);
    ApiFinding {
        severity: d.severity.to_string(),
        message: d.message.clone(),
        line: lc.line,
        column: lc.col,
        span: (d.span.start, d.span.end),
        pointer: d.pointer.clone(),
        fix: d.fix.as_ref().map(|f| FixDto {
            message: f.message.clone(),
            span: (f.span.start, f.span.end),
            replacement: f.replacement.clone(),
        }),
    }
}

/// The first error among `diags` as a failure placed in `text`, or
/// `fallback` when there is none.
pub(crate) fn first_error(diags: &[Diagnostic], text: &str, fallback: &str) -> Failure {
    diags
        .iter()
        .find(|d| d.severity == crate::diag::Severity::Error)
        .map_or_else(|| Failure::new(fallback), |d| Failure::finding(d, text))
}
