//! The error of R operations and of loading an R document.

use std::fmt;
use std::ops::Range;

/// What went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not JSON: `{"version": 1,}`.
    Json,
    /// The document is not an R the reference accepts: `{"version": 2}`.
    Invalid,
    /// Two sets, or two `R_lite` entries, hold the same resource: appending
    /// `rank0/core0` to `rank0/core[0-1]`.
    Overlap,
    /// Ranks named that the set does not hold: property `x:5` on ranks 0-3.
    UnknownRanks,
    /// A host the set does not hold: `rerank foo9` on `foo[0-3]`.
    UnknownHost,
    /// More or fewer host names than ranks: nodelist `foo[0-2]` for 2 ranks.
    HostCount,
    /// A property name with a character the reference refuses: `a|b`.
    InvalidProperty,
    /// An id set or host list argument that does not parse: `--include 1-`.
    Syntax,
    /// A node with no resources where the reference requires some.
    EmptyNode,
    /// `verify` found missing resources or a mismatch.
    Verify,
    /// A `[[resource.config]]` table the reference refuses.
    Config,
}

/// An error from loading an R document or from a set operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    span: Option<Range<usize>>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            span: None,
        }
    }

    pub(crate) fn at(mut self, span: Range<usize>) -> Error {
        self.span = Some(span);
        self
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte span in the source text, for errors about a document.
    pub fn span(&self) -> Option<Range<usize>> {
        self.span.clone()
    }

    /// The message, lowercase, without location.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
