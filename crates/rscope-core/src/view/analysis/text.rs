//! The text the page lays out or changes without reading it: the head
//! of a long text, an entry's bytes and place, a finding's fix applied.

use super::*;

/// How many bytes of a long text (a short form, a nodelist, a selection)
/// the page lays out before the reader asks for all of it.
pub const HEAD_BYTES: usize = 1000;

/// The head of `text` to lay out: all of it when it has at most `max`
/// bytes, else its first bytes up to a character boundary, ending after a
/// space or comma when one is near so no id is cut in two.
pub fn head(text: &str, max: usize) -> Option<&str> {
    if text.len() <= max {
        return None;
    }
    let end = crate::textview::floor_char_boundary(text, max);
    let cut = &text[..end];
    let near = cut.rfind([' ', ',']).filter(|&i| i + 1 >= end / 2);
    Some(near.map_or(cut, |i| &cut[..i + 1]))
}

/// A long text as the page lays it out before the reader asks for all of
/// it: its [`head`] and its length, measured once per text (counting the
/// characters of a 2.9 MB short form on every render was work on the
/// page's render path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The head to lay out, or none when the text is short enough to show whole.
    pub head: Option<String>,
    /// How many characters the whole text has.
    pub chars: usize,
    /// How many bytes the whole text has.
    pub bytes: usize,
}

impl Excerpt {
    /// The excerpt of `text`, with a head of at most [`HEAD_BYTES`].
    pub fn of(text: &str) -> Excerpt {
        Excerpt {
            head: head(text, HEAD_BYTES).map(str::to_string),
            chars: text.chars().count(),
            bytes: text.len(),
        }
    }
}

/// The bytes of `report`'s `R_lite` entry `i`, to highlight in the editor.
pub fn entry_span(report: &Report, i: usize) -> Option<(usize, usize)> {
    let e = report.entries.get(i)?;
    Some((e.span.start, e.span.end))
}

/// Where `report`'s `R_lite` entry `i` starts in `text` (the text it was
/// read from), to bring it into view.
pub fn entry_place(report: &Report, text: &str, i: usize) -> Option<LineCol> {
    let e = report.entries.get(i)?;
    Some(line_col(text, e.span.start))
}

/// `text` with bytes `span` replaced by `replacement` (a finding's fix).
/// A span past the end, or inside a character, is clamped to the text.
pub fn apply_fix(text: &str, span: (usize, usize), replacement: &str) -> String {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let (a, b) = (floor(span.0), floor(span.1));
    let b = b.max(a);
    let mut out = String::with_capacity(text.len() - (b - a) + replacement.len());
    out.push_str(&text[..a]);
    out.push_str(replacement);
    out.push_str(&text[b..]);
    out
}
