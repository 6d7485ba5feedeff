//! Diagnostics: findings about a document, each pinned to a byte span of the
//! source text and a JSON pointer, with line/column arithmetic and a
//! compiler-style renderer (`file:line:col: severity: message`, the source
//! line, a caret).
//!
//! Every validator in the crate (R documents, JGF graphs) reports through this
//! type, so the CLI, the JS API and the page underline the same bytes.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

/// How serious a finding is.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The document breaks a rule of its specification.
    Error,
    /// The document is accepted but probably not what its author meant.
    Warning,
    /// Information: an extension, a legacy form, a kept unknown key.
    Note,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        })
    }
}

/// A suggested edit: replace the bytes of `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Fix {
    /// The bytes to replace.
    pub span: Range<usize>,
    /// The replacement text.
    pub replacement: String,
    /// What the edit does, e.g. `write the id set canonically`.
    pub message: String,
}

/// One finding about a document.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Lowercase, no trailing period.
    pub message: String,
    /// The byte span of the offending text (may be empty at end of input).
    pub span: Range<usize>,
    /// RFC 6901 pointer to the offending value (`""` is the whole document).
    pub pointer: String,
    /// A suggested edit, when one is obvious.
    pub fix: Option<Fix>,
}

impl Diagnostic {
    /// A finding of the given severity.
    pub fn new(
        severity: Severity,
        message: impl Into<String>,
        span: Range<usize>,
        pointer: impl Into<String>,
    ) -> Self {
        Diagnostic {
            severity,
            message: message.into(),
            span,
            pointer: pointer.into(),
            fix: None,
        }
    }

    /// An error.
    pub fn error(
        message: impl Into<String>,
        span: Range<usize>,
        pointer: impl Into<String>,
    ) -> Self {
        Self::new(Severity::Error, message, span, pointer)
    }

    /// A warning.
    pub fn warning(
        message: impl Into<String>,
        span: Range<usize>,
        pointer: impl Into<String>,
    ) -> Self {
        Self::new(Severity::Warning, message, span, pointer)
    }

    /// A note.
    pub fn note(
        message: impl Into<String>,
        span: Range<usize>,
        pointer: impl Into<String>,
    ) -> Self {
        Self::new(Severity::Note, message, span, pointer)
    }

    /// Attach a suggested edit.
    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// Shift the spans by `offset` bytes (for a document embedded in a larger text).
    pub fn offset(mut self, offset: usize) -> Self {
        self.span = self.span.start + offset..self.span.end + offset;
        if let Some(fix) = &mut self.fix {
            fix.span = fix.span.start + offset..fix.span.end + offset;
        }
        self
    }

    /// Render as `file:line:col: severity: message`, the source line and a
    /// caret under the span (see [`render`]).
    pub fn render(&self, file: &str, text: &str) -> String {
        render(self, file, text)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)
    }
}

/// A 1-based line and column; the column counts characters, not bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineCol {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

/// The line and column of byte `offset` in `text` (clamped to the text, and
/// moved back to a character boundary). Lines end at `\n`.
pub fn line_col(text: &str, offset: usize) -> LineCol {
    let offset = floor_boundary(text, offset);
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..offset].chars().count() + 1;
    LineCol { line, col }
}

/// The byte offset of a 1-based line and character column (as serde_json
/// reports them), clamped to the text.
pub fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line {
        match text[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return text.len(),
        }
    }
    let rest = &text[start..];
    let end = rest.find('\n').unwrap_or(rest.len());
    rest[..end]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(start + end, |(i, _)| start + i)
}

/// The last character boundary of `text` at or before byte `offset` (the
/// end for an offset past it): where a slice may end.
pub fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Render a diagnostic the way compilers do:
///
/// ```text
/// R.json:3:13: error: overlapping range '1-2'
///   "rank": "0-3,1-2",
///             ^^^
/// ```
///
/// The caret covers the span on its first line (at least one column). A fix
/// adds a `help:` line.
pub fn render(diag: &Diagnostic, file: &str, text: &str) -> String {
    let at = line_col(text, diag.span.start);
    let snip = Snippet::of(text, &diag.span).window();
    let source = snip.line.trim_end_matches('\r');
    // Tabs keep their width in the caret line so the caret lines up.
    let pad: String = snip
        .before
        .chars()
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let mut out = format!(
        "{file}:{}:{}: {}: {}\n{source}\n{pad}{}\n",
        at.line,
        at.col,
        diag.severity,
        diag.message,
        "^".repeat(snip.width)
    );
    if let Some(fix) = &diag.fix {
        // A replacement that is itself a JSON string literal needs no quotes.
        let r = &fix.replacement;
        if r.len() >= 2 && r.starts_with('"') && r.ends_with('"') {
            out.push_str(&format!("  help: {}: {r}\n", fix.message));
        } else {
            out.push_str(&format!("  help: {}: '{r}'\n", fix.message));
        }
    }
    out
}

/// Render a message about a one-line input given on a command line (a
/// shape expression), whose message already says the column: the message,
/// then the input line and a caret under `span`, both indented by two
/// spaces, with no line break at the end:
///
/// ```text
/// unexpected ';', expected end of input at column 11
///   slot/node=;
///             ^
/// ```
///
/// The caret covers the span on its first line (at least one column);
/// every character before it counts as one column.
pub fn render_inline(message: &str, text: &str, span: Range<usize>) -> String {
    let snip = Snippet::of(text, &span);
    let pad = snip.before.chars().count();
    format!(
        "{message}\n  {}\n  {}{}",
        snip.line,
        " ".repeat(pad),
        "^".repeat(snip.width)
    )
}

/// The line of a text that holds the start of a span, split where the span
/// starts, and how many characters of that line the caret covers.
struct Snippet<'a> {
    /// The whole line, without its `\n`.
    line: Cow<'a, str>,
    /// The part of the line before the span.
    before: Cow<'a, str>,
    /// Characters of the span on this line; at least 1.
    width: usize,
}

/// A line longer than this many bytes is shown as a window around the span:
/// a compact document is one line of megabytes.
const LONG_LINE: usize = 240;
/// Characters kept on each side of the span in a window.
const CONTEXT: usize = 60;
/// The widest caret drawn under a window.
const MAX_CARET: usize = 100;

/// `…` marks where a window cuts a long line.
const CUT: &str = "…";

impl<'a> Snippet<'a> {
    /// This snippet, or for a long line a window of it: [`CONTEXT`]
    /// characters either side of the span (whose caret is at most
    /// [`MAX_CARET`] wide), with `…` where the line goes on.
    fn window(self) -> Snippet<'a> {
        if self.line.len() <= LONG_LINE {
            return self;
        }
        let start = self.before.len();
        let from = self
            .before
            .char_indices()
            .rev()
            .nth(CONTEXT - 1)
            .map_or(0, |(i, _)| i);
        let width = self.width.min(MAX_CARET);
        let rest = &self.line[start..];
        let to = rest
            .char_indices()
            .nth(width + CONTEXT)
            .map_or(self.line.len(), |(i, _)| start + i);
        let head = if from > 0 { CUT } else { "" };
        let tail = if to < self.line.len() { CUT } else { "" };
        let line = format!("{head}{}{tail}", &self.line[from..to]);
        let before = format!("{head}{}", &self.line[from..start]);
        Snippet {
            line: Cow::Owned(line),
            before: Cow::Owned(before),
            width,
        }
    }

    /// The span is clamped to the text and its ends moved back to character
    /// boundaries.
    fn of(text: &'a str, span: &Range<usize>) -> Self {
        let start = floor_boundary(text, span.start);
        let end = floor_boundary(text, span.end.max(start));
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        Snippet {
            line: Cow::Borrowed(&text[line_start..line_end]),
            before: Cow::Borrowed(&text[line_start..start]),
            width: text[start..end.min(line_end)].chars().count().max(1),
        }
    }
}

/// Append one reference token to a JSON pointer, escaping `~` and `/`.
pub fn pointer_push(pointer: &str, token: &str) -> String {
    let mut p = String::with_capacity(pointer.len() + token.len() + 1);
    p.push_str(pointer);
    p.push('/');
    for c in token.chars() {
        match c {
            '~' => p.push_str("~0"),
            '/' => p.push_str("~1"),
            c => p.push(c),
        }
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_lines_and_characters() {
        let text = "ab\ncé\nxyz";
        let check = |off, line, col| assert_eq!(line_col(text, off), LineCol { line, col });
        check(0, 1, 1);
        check(2, 1, 3);
        check(3, 2, 1);
        check(4, 2, 2);
        check(6, 2, 3); // after the two-byte 'é'
        check(5, 2, 2); // inside 'é': moved back to its start
        check(100, 3, 4);
    }

    #[test]
    fn offset_of_inverts_line_col() {
        let text = "ab\ncé\nxyz";
        for off in [0, 1, 2, 3, 4, 6, 7, 9] {
            let lc = line_col(text, off);
            assert_eq!(offset_of(text, lc.line, lc.col), off, "offset {off}");
        }
        assert_eq!(offset_of(text, 9, 1), text.len());
    }

    #[test]
    fn renders_a_window_of_a_long_line() {
        // A compact document: one line, the span deep inside it.
        let text = format!(
            "{{\"a\": [{}\"bad\"{}]}}",
            "1, ".repeat(100),
            ", 2".repeat(100)
        );
        let at = text.find("\"bad\"").unwrap();
        let d = Diagnostic::warning("a string", at..at + 5, "/a/100");
        let line = format!("…{}\"bad\"{}…", "1, ".repeat(20), ", 2".repeat(20));
        assert_eq!(
            render(&d, "R.json", &text),
            format!(
                "R.json:1:308: warning: a string\n{line}\n{}^^^^^\n",
                " ".repeat(61)
            )
        );
        // The caret under a window is at most 100 columns wide.
        let d = Diagnostic::warning("the array", 6..text.len() - 1, "/a");
        let out = render(&d, "R.json", &text);
        let caret = out.lines().nth(2).unwrap();
        assert_eq!(caret, format!("{}{}", " ".repeat(6), "^".repeat(100)));
        assert!(out.lines().nth(1).unwrap().starts_with("{\"a\": [1, "));
    }

    #[test]
    fn renders_with_caret_and_fix() {
        let text = "{\n  \"rank\": \"0-3,1-2\"\n}";
        let d = Diagnostic::error("overlapping range '1-2'", 17..20, "/rank").with_fix(Fix {
            span: 12..19,
            replacement: "0-3".into(),
            message: "write the id set canonically".into(),
        });
        assert_eq!(
            render(&d, "R.json", text),
            "R.json:2:16: error: overlapping range '1-2'\n  \"rank\": \"0-3,1-2\"\n               ^^^\n  help: write the id set canonically: '0-3'\n"
        );
        let d = Diagnostic::error("overlapping range '1-2'", 17..20, "/rank").with_fix(Fix {
            span: 11..20,
            replacement: "\"0-3\"".into(),
            message: "write the id set canonically".into(),
        });
        assert!(
            render(&d, "R.json", text).ends_with("  help: write the id set canonically: \"0-3\"\n")
        );
    }

    #[test]
    fn renders_empty_span_at_end() {
        let d = Diagnostic::error("unterminated object", 1..1, "");
        assert_eq!(
            render(&d, "-", "{"),
            "-:1:2: error: unterminated object\n{\n ^\n"
        );
    }

    #[test]
    fn renders_inline_under_the_message() {
        assert_eq!(
            render_inline("bad at column 3", "a/bcd/e", 2..5),
            "bad at column 3\n  a/bcd/e\n    ^^^"
        );
        // Empty span at the end; characters before it count one column each.
        assert_eq!(render_inline("missing", "é/", 3..3), "missing\n  é/\n    ^");
        // A span that runs past its line is cut at the line's end.
        assert_eq!(render_inline("m", "ab\ncd", 1..5), "m\n  ab\n   ^");
    }

    #[test]
    fn pointer_escapes() {
        assert_eq!(pointer_push("/a", "b/c~d"), "/a/b~1c~0d");
        assert_eq!(pointer_push("", "0"), "/0");
    }
}

/// What went wrong in a parse, in words (lowercase, no trailing period).
pub trait Describe {
    /// The message without the location, e.g. `reversed range '3-1'`.
    fn describe(&self) -> String;
}

/// An error from one of the small parsers (id sets, host lists, shapes):
/// what went wrong and the byte span of the input it concerns. Shown as
/// `message at column N`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpannedError<K> {
    kind: K,
    span: Range<usize>,
}

impl<K: Describe> SpannedError<K> {
    pub(crate) fn new(kind: K, span: Range<usize>) -> Self {
        SpannedError { kind, span }
    }

    /// What went wrong.
    pub fn kind(&self) -> &K {
        &self.kind
    }

    /// The byte range of the offending part of the input (empty at the end
    /// of the input).
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The message without the location.
    pub fn message(&self) -> String {
        self.kind.describe()
    }
}

impl<K: Describe> fmt::Display for SpannedError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at column {}", self.message(), self.span.start + 1)
    }
}

impl<K: Describe + fmt::Debug> std::error::Error for SpannedError<K> {}
