//! Which set a document is about, or why it holds none: the one answer the
//! CLI, the page and the JS API give.
//!
//! An R document is about its own set; a status document
//! (`{"all": R, "allocated": R, "down": R}`) about its `all` set.

use super::parse::Document;
use super::set::Rset;
use crate::diag::{Diagnostic, Severity};

/// Why a document holds no set to work on.
#[derive(Clone, Debug, PartialEq)]
pub enum NoSet {
    /// The text is not an R the reference accepts; the finding it refuses
    /// first (`not JSON: …`, `missing key 'version'`, …).
    Rejected(Box<Diagnostic>),
    /// A status document with no `all` member, or `all` is `null`.
    NoAll,
    /// A status document whose `all` member the reference refuses; the
    /// first error found in it, when there is one.
    AllRejected(Option<Box<Diagnostic>>),
}

impl NoSet {
    /// The finding behind the refusal, with its span, when there is one.
    pub fn diagnostic(&self) -> Option<&Diagnostic> {
        match self {
            NoSet::Rejected(d) => Some(d),
            NoSet::AllRejected(d) => d.as_deref(),
            NoSet::NoAll => None,
        }
    }
}

impl std::fmt::Display for NoSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoSet::Rejected(d) => f.write_str(&d.message),
            NoSet::NoAll => f.write_str("status document has no 'all' set"),
            NoSet::AllRejected(Some(d)) => write!(f, "status document's 'all' set: {}", d.message),
            NoSet::AllRejected(None) => {
                f.write_str("status document's 'all' set is not an R the reference accepts")
            }
        }
    }
}

impl std::error::Error for NoSet {}

impl Document {
    /// The name of the set this document is about: `R`, or `all` for a
    /// status document.
    pub fn main_name(&self) -> &'static str {
        match self {
            Document::R(_) => "R",
            Document::Status { .. } => "all",
        }
    }

    /// The set this document is about, or why there is none.
    pub fn main_set(&self) -> Result<&Rset, NoSet> {
        match self {
            Document::R(p) => p
                .rset
                .as_ref()
                .ok_or_else(|| rejected(p.rejection.as_ref())),
            Document::Status {
                sets, diagnostics, ..
            } => match sets.iter().rev().find(|(n, _)| n == "all") {
                None | Some((_, None)) if !mentions_all(diagnostics) => Err(NoSet::NoAll),
                Some((_, Some(s))) => Ok(s),
                _ => Err(NoSet::AllRejected(
                    first_error_in_all(diagnostics).map(Box::new),
                )),
            },
        }
    }

    /// A status document's named set (`allocated`, `down`, …), when usable.
    pub fn member(&self, name: &str) -> Option<&Rset> {
        match self {
            Document::R(_) => None,
            Document::Status { sets, .. } => sets
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .and_then(|(_, s)| s.as_ref()),
        }
    }
}

fn rejected(d: Option<&Diagnostic>) -> NoSet {
    // The parser always records why it refuses; keep a message regardless.
    NoSet::Rejected(Box::new(d.cloned().unwrap_or_else(|| {
        Diagnostic::error("the document is not an R the reference accepts", 0..0, "")
    })))
}

/// Whether a finding concerns a non-null `all` member (then `all` was
/// written but refused).
fn mentions_all(diagnostics: &[Diagnostic]) -> bool {
    first_error_in_all(diagnostics).is_some()
}

fn first_error_in_all(diagnostics: &[Diagnostic]) -> Option<Diagnostic> {
    diagnostics
        .iter()
        .find(|d| {
            d.severity == Severity::Error && (d.pointer == "/all" || d.pointer.starts_with("/all/"))
        })
        .cloned()
}

#[cfg(test)]
mod tests {
    use crate::rset::parse_r;

    fn why(text: &str) -> String {
        parse_r(text).main_set().unwrap_err().to_string()
    }

    #[test]
    fn an_r_is_about_itself() {
        let doc = parse_r(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}]}}"#,
        );
        assert_eq!(doc.main_name(), "R");
        assert_eq!(doc.main_set().unwrap().len(), 2);
    }

    #[test]
    fn a_status_document_is_about_all() {
        let doc = parse_r(
            r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "2", "children": {"core": "0"}}]}}, "allocated": null}"#,
        );
        assert_eq!(doc.main_name(), "all");
        assert_eq!(doc.main_set().unwrap().len(), 4);
        assert_eq!(doc.member("down").unwrap().len(), 1);
        assert!(doc.member("allocated").is_none());
    }

    #[test]
    fn each_reason_has_one_message() {
        assert_eq!(why("{"), "not JSON: unterminated object");
        assert_eq!(why("{}"), "missing key 'version'");
        assert_eq!(why(r#"{"down": null}"#), "status document has no 'all' set");
        assert_eq!(why(r#"{"all": null}"#), "status document has no 'all' set");
        assert_eq!(
            why(r#"{"all": {"version": 2, "execution": {"R_lite": []}}}"#),
            "status document's 'all' set: unsupported version 2"
        );
    }

    #[test]
    fn a_refusal_keeps_its_span() {
        let doc =
            parse_r(r#"{"version": 1, "execution": {"R_lite": [{"rank": "x", "children": {}}]}}"#);
        let no = doc.main_set().unwrap_err();
        let d = no.diagnostic().unwrap();
        assert_eq!(
            (d.message.as_str(), d.span.clone()),
            ("invalid rank: unexpected character 'x'", 50..51)
        );
    }
}
