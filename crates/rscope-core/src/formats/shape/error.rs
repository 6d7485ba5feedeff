//! Errors from expanding a shape, each with the byte span to underline.

/// What is wrong with a shape. Each variant names the input that triggers
/// it and the reference parser's message for the same input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character no token can start with here: `slot/node=a`
    /// (reference: "Illegal character 'a' at position 10").
    IllegalCharacter(char),
    /// A quote without its closing partner: `slot/"blah`
    /// (reference: "Unclosed quote \" at position 6").
    UnclosedQuote(char),
    /// The input ends inside `[...]`: `[node`
    /// (reference: "Unclosed bracket in position 0").
    UnclosedBracket,
    /// The input ends inside `{...}`: `slot=2{blah`
    /// (reference: "Unclosed brace in position 6").
    UnclosedBrace,
    /// A `]` with no `[` before it: `node]`
    /// (reference: "Mismatched brackets starting at position 4.").
    MismatchedBracket,
    /// A `}` with no `{` before it: `slot=2{bla}}`
    /// (reference: "Mismatched braces starting at position 11.").
    MismatchedBrace,
    /// A token the grammar does not allow here: `slot/node=;`
    /// (reference: "Invalid token ';' at position 10").
    UnexpectedToken {
        /// The token as written.
        found: String,
        /// What the grammar allows here.
        expected: &'static str,
    },
    /// The input ends where more is needed: ``
    /// (reference: "Unexpected end of input in ''").
    UnexpectedEnd {
        /// What the grammar needs here.
        expected: &'static str,
    },
    /// Nothing follows a `/`: `slot/`
    /// (reference: "Unexpected end of input in 'slot/'").
    MissingChild,
    /// A slot without `/` and children: `slot=2{a}`
    /// (reference: "Unexpected end of input" or "Invalid token").
    SlotWithoutChildren,
    /// A slot without a label when the shape has more than one slot:
    /// `[slot{a}/node;slot/node]`
    /// (reference: "Multiple slots require labels").
    MissingSlotLabel,
    /// A slot's braces that do not begin with its label alone: `slot{a:1}/node`,
    /// `slot{}/node` (reference: "Invalid token ':' at position 6").
    SlotLabelFirst,
    /// A `[...]` dictionary value that is not JSON: `node{a:[1,]}`
    /// (reference: a Python `JSONDecodeError`).
    InvalidArray(String),
    /// A count above `u64::MAX`: `node=18446744073709551616`
    /// (the reference accepts any size).
    CountTooLarge(String),
    /// A dictionary number this crate cannot hold exactly: `node{a:1e999}`
    /// (the reference prints `Infinity`).
    NumberOutOfRange(String),
    /// The input is longer than [`super::MAX_INPUT`] bytes.
    TooLong {
        /// The input's length in bytes.
        len: usize,
    },
    /// Lists, vertices and dictionaries nest deeper than [`super::MAX_DEPTH`].
    TooDeep,
    /// The shape expands to more than [`super::MAX_VERTICES`] vertices.
    TooManyVertices,
}

/// An error from expanding a shape: what went wrong and where.
pub type Error = crate::diag::SpannedError<ErrorKind>;

impl crate::diag::Describe for ErrorKind {
    fn describe(&self) -> String {
        match self {
            ErrorKind::IllegalCharacter(c) => format!("illegal character {c:?}"),
            ErrorKind::UnclosedQuote(q) => format!("unclosed quote {q:?}"),
            ErrorKind::UnclosedBracket => "unclosed bracket '['".to_string(),
            ErrorKind::UnclosedBrace => "unclosed brace '{'".to_string(),
            ErrorKind::MismatchedBracket => "unmatched bracket ']'".to_string(),
            ErrorKind::MismatchedBrace => "unmatched brace '}'".to_string(),
            ErrorKind::UnexpectedToken { found, expected } => {
                format!("unexpected '{found}', expected {expected}")
            }
            ErrorKind::UnexpectedEnd { expected } => {
                format!("unexpected end of input, expected {expected}")
            }
            ErrorKind::MissingChild => "missing resource after '/'".to_string(),
            ErrorKind::SlotWithoutChildren => "a slot needs its resources after '/'".to_string(),
            ErrorKind::MissingSlotLabel => {
                "multiple slots require labels: this slot has none".to_string()
            }
            ErrorKind::SlotLabelFirst => {
                "a slot's braces must begin with its label alone".to_string()
            }
            ErrorKind::InvalidArray(why) => format!("invalid JSON array: {why}"),
            ErrorKind::CountTooLarge(s) => {
                format!("count '{s}' is too large (the largest is {})", u64::MAX)
            }
            ErrorKind::NumberOutOfRange(why) => why.clone(),
            ErrorKind::TooLong { len } => format!(
                "shape is {len} bytes long (the limit is {})",
                super::MAX_INPUT
            ),
            ErrorKind::TooDeep => format!("shape nests deeper than {} levels", super::MAX_DEPTH),
            ErrorKind::TooManyVertices => format!(
                "shape has more than {} resource vertices",
                super::MAX_VERTICES
            ),
        }
    }
}
