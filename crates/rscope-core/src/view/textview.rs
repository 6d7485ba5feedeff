//! Text geometry for the page's editor: where lines start, which bytes of a
//! long line are in view, how highlights split a line into pieces, and which
//! byte a pointer position falls on. Pure functions over `&str`, so the
//! editor's arithmetic is tested natively rather than in a browser.

use std::ops::Range;

/// Lines longer than this many bytes are drawn a window of columns at a
/// time: a browser lays out a whole text node, and a 3 MB one-line document
/// costs it most of a second.
pub const LONG_LINE: usize = 4096;

/// Columns a tab advances to a multiple of; the style sheet sets the same
/// `tab-size` on the editor.
pub const TAB_SIZE: usize = 4;

/// What a highlight means, in increasing order of precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tone {
    /// Linked to what the pointer is on elsewhere (a grid cell).
    Linked,
    /// A note.
    Note,
    /// A warning.
    Warning,
    /// An error.
    Error,
}

impl Tone {
    /// The CSS class the editor gives a piece of this tone.
    pub fn class(self) -> &'static str {
        match self {
            Tone::Linked => "linked",
            Tone::Note => "sq-note",
            Tone::Warning => "sq-warning",
            Tone::Error => "sq-error",
        }
    }
}

/// A highlighted byte span of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The bytes; never empty (see [`Mark::new`]).
    pub span: Range<usize>,
    /// What the highlight means.
    pub tone: Tone,
}

impl Mark {
    /// A mark over `span` of `text`. An empty span (a finding at a point,
    /// such as the end of the input) widens to the character after it, or
    /// the one before at the end of a line or of the text, so it stays
    /// visible. `None` when the text is empty.
    pub fn new(text: &str, span: Range<usize>, tone: Tone) -> Option<Mark> {
        let start = floor_boundary(text, span.start.min(text.len()));
        let end = floor_boundary(text, span.end.min(text.len())).max(start);
        if start < end {
            return Some(Mark {
                span: start..end,
                tone,
            });
        }
        let next = text[start..]
            .chars()
            .next()
            .filter(|&c| c != '\n' && c != '\r');
        let prev = text[..start].chars().next_back();
        match (next, prev) {
            (Some(c), _) => Some(start..start + c.len_utf8()),
            (None, Some(c)) => Some(start - c.len_utf8()..start),
            (None, None) => None,
        }
        .map(|span| Mark { span, tone })
    }
}

/// The squiggles of one analysis, with their messages.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Squiggles {
    /// The marks, in text order.
    pub marks: Vec<Mark>,
    /// The message of each mark (same index), e.g. `error: …`.
    pub messages: Vec<String>,
}

impl Squiggles {
    /// The messages of the squiggles over byte `at`, one per line.
    pub fn messages_at(&self, at: usize) -> Option<String> {
        let found: Vec<&str> = self
            .marks
            .iter()
            .zip(&self.messages)
            .filter(|(m, _)| m.span.contains(&at))
            .map(|(_, s)| s.as_str())
            .collect();
        (!found.is_empty()).then(|| found.join("\n"))
    }

    /// The squiggles and the bytes `linked` to the grid as one list of
    /// marks, the linked one last.
    pub fn with_linked(&self, text: &str, linked: Option<(usize, usize)>) -> Vec<Mark> {
        let mut marks = self.marks.clone();
        if let Some(m) = linked.and_then(|(a, b)| Mark::new(text, a..b, Tone::Linked)) {
            marks.push(m);
        }
        marks
    }
}

/// The largest char boundary of `text` at or before `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A stretch of one line with one look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The bytes of the text.
    pub span: Range<usize>,
    /// The strongest squiggle over it, if any.
    pub squiggle: Option<Tone>,
    /// Whether it is inside a linked highlight.
    pub linked: bool,
}

/// Split `range` (bytes of one line) into pieces at every mark boundary.
/// Marks may overlap; the strongest squiggle wins.
pub fn pieces(range: Range<usize>, marks: &[Mark]) -> Vec<Piece> {
    let inside: Vec<&Mark> = marks
        .iter()
        .filter(|m| m.span.start < range.end && m.span.end > range.start)
        .collect();
    let mut cuts = vec![range.start, range.end];
    for m in &inside {
        cuts.extend([m.span.start.max(range.start), m.span.end.min(range.end)]);
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<Piece> = Vec::new();
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let over = inside
            .iter()
            .filter(|m| m.span.start <= a && m.span.end >= b);
        let (mut squiggle, mut linked) = (None, false);
        for m in over {
            match m.tone {
                Tone::Linked => linked = true,
                t => squiggle = squiggle.max(Some(t)),
            }
        }
        match out.last_mut() {
            Some(p) if p.squiggle == squiggle && p.linked == linked => p.span.end = b,
            _ => out.push(Piece {
                span: a..b,
                squiggle,
                linked,
            }),
        }
    }
    if out.is_empty() {
        out.push(Piece {
            span: range,
            squiggle: None,
            linked: false,
        });
    }
    out
}

/// Where each line of a text starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    starts: Vec<usize>,
    len: usize,
    /// Per line, whether it is ASCII (its columns are its bytes).
    ascii: Vec<bool>,
    /// The longest line's length in bytes (the viewer's width).
    longest: usize,
}

/// Whether `text` has more than `lines` lines (`\n` ends a line), read
/// only as far as the line that tells.
pub fn more_lines_than(text: &str, lines: usize) -> bool {
    lines == 0
        || text
            .bytes()
            .filter(|&b| b == b'\n')
            .nth(lines - 1)
            .is_some()
}

/// [`Lines`] indexed a slice of the text at a time, so that a page can
/// index a 16 MiB text (16 million lines at most) between its frames
/// rather than in one task of a few hundred milliseconds.
#[derive(Clone, Debug, Default)]
pub struct LinesBuilder {
    starts: Vec<usize>,
    ascii: Vec<bool>,
    longest: usize,
    /// Bytes whose newlines are counted (the first pass, so that the
    /// starts are allocated once: growing a vector of 16 million starts by
    /// doubling copied 32 MB in a single step).
    counted: usize,
    /// Newlines counted so far.
    newlines: usize,
    /// Bytes indexed so far (the second pass).
    done: usize,
    /// The line that started last has a byte that is not ASCII in what is
    /// indexed of it so far: each step reads its own bytes once, so a
    /// line of hundreds of megabytes is never read again in one step.
    not_ascii: bool,
}

impl LinesBuilder {
    /// Read at most `bytes` more bytes of `text` (the same text at every
    /// call); whether the whole text is read, and [`Self::finish`] may be
    /// called.
    pub fn step(&mut self, text: &str, bytes: usize) -> bool {
        if self.counted < text.len() {
            let end = self.counted.saturating_add(bytes).min(text.len());
            let part = text.as_bytes().get(self.counted..end).unwrap_or_default();
            self.newlines += part.iter().filter(|&&b| b == b'\n').count();
            self.counted = end;
            return false;
        }
        if self.starts.is_empty() {
            self.starts.reserve_exact(self.newlines + 1);
            self.ascii.reserve_exact(self.newlines + 1);
            self.starts.push(0);
        }
        let end = self.done.saturating_add(bytes).min(text.len());
        let b = text.as_bytes();
        // Where the unread part of the current line begins.
        let mut from = self.done;
        for i in self.done..end {
            if b[i] == b'\n' {
                self.close(b, from, i);
                self.starts.push(i + 1);
                from = i + 1;
            }
        }
        self.not_ascii |= !b.get(from..end).unwrap_or_default().is_ascii();
        self.done = end;
        if end < text.len() {
            return false;
        }
        if self.ascii.len() < self.starts.len() {
            self.close(b, end, end);
        }
        true
    }

    /// The line that started last ends at `end`, its bytes before `from`
    /// read already: note whether it is ASCII and its length.
    fn close(&mut self, b: &[u8], from: usize, end: usize) {
        let start = self.starts.last().copied().unwrap_or(0);
        let rest = b.get(from..end).unwrap_or_default();
        self.ascii
            .push(!std::mem::take(&mut self.not_ascii) && rest.is_ascii());
        self.longest = self.longest.max(end - start);
    }

    /// The lines of the text read.
    pub fn finish(self) -> Lines {
        Lines {
            starts: self.starts,
            len: self.done,
            ascii: self.ascii,
            longest: self.longest,
        }
    }
}

impl Lines {
    /// Index the lines of `text` (`\n` ends a line).
    pub fn new(text: &str) -> Lines {
        let mut b = LinesBuilder::default();
        while !b.step(text, usize::MAX) {}
        b.finish()
    }

    /// [`window`] over line `i` of `text` (the text these lines index),
    /// without re-reading a long line when that line is ASCII.
    pub fn window(
        &self,
        text: &str,
        i: usize,
        first: usize,
        count: usize,
    ) -> (Range<usize>, usize) {
        let line = self.range(i);
        if self.ascii.get(i).copied().unwrap_or(true) {
            let len = line.len();
            let a = line.start + first.min(len);
            let b = line.start + (first + count).min(len);
            return (a..b, a - line.start);
        }
        window(text, line, first, count)
    }

    /// How many lines (at least one).
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The bytes of line `i` (0-based), without its `\n`.
    pub fn range(&self, i: usize) -> Range<usize> {
        let start = self.starts.get(i).copied().unwrap_or(self.len);
        let end = self
            .starts
            .get(i + 1)
            .map_or(self.len, |&next| next.saturating_sub(1));
        start..end.max(start)
    }

    /// The 0-based line holding byte `at`.
    pub fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at).saturating_sub(1)
    }

    /// The longest line, in bytes.
    pub fn longest(&self) -> usize {
        self.longest
    }
}

/// The bytes of `line` (a range of `text`) shown from column `first` for
/// `count` columns, for a long line drawn in windows: one column per
/// character (a tab counts as one; long lines are generated JSON, which has
/// none). Returns the byte range and the column it starts at; an empty
/// range when `line` is not a range of `text`.
pub fn window(text: &str, line: Range<usize>, first: usize, count: usize) -> (Range<usize>, usize) {
    let Some(s) = text.get(line.clone()) else {
        return (line.start..line.start, 0);
    };
    if s.is_ascii() {
        let a = line.start + first.min(s.len());
        let b = line.start + (first + count).min(s.len());
        return (a..b, a - line.start);
    }
    let mut chars = s.char_indices().map(|(i, _)| line.start + i);
    let a = chars.nth(first).unwrap_or(line.end);
    let b = if count == 0 {
        a
    } else {
        chars.nth(count - 1).unwrap_or(line.end)
    };
    let col = if a == line.end {
        s.chars().count()
    } else {
        first
    };
    (a..b, col)
}

/// The byte of `line` (a range of `text`) under column position `x`
/// (in character widths from the line start, fractional), with tabs
/// advancing to the next multiple of [`TAB_SIZE`]. Past the end gives the
/// line end.
pub fn byte_at(text: &str, line: Range<usize>, x: f64) -> usize {
    if x <= 0.0 {
        return line.start;
    }
    let mut col = 0usize;
    for (i, c) in text.get(line.clone()).unwrap_or("").char_indices() {
        let next = if c == '\t' {
            (col / TAB_SIZE + 1) * TAB_SIZE
        } else {
            col + 1
        };
        if x < next as f64 {
            return line.start + i;
        }
        col = next;
    }
    line.end
}

/// The UTF-16 offsets of the bytes `span` of `text` and the 1-based line
/// of its start: what a textarea needs to select them. Offsets inside a
/// character or past the end are moved back to a character boundary.
pub fn utf16_selection(text: &str, span: std::ops::Range<usize>) -> (usize, usize, usize) {
    let floor = |b: usize| {
        let mut b = b.min(text.len());
        while !text.is_char_boundary(b) {
            b -= 1;
        }
        b
    };
    let (a, z) = (floor(span.start), floor(span.end.max(span.start)));
    let units = |r: &str| r.chars().map(char::len_utf16).sum::<usize>();
    let start = units(&text[..a]);
    let line = text.as_bytes()[..a].iter().filter(|&&c| c == b'\n').count() + 1;
    (start, start + units(&text[a..z]), line)
}

/// The byte offset of UTF-16 offset `unit` in `text` (a textarea's
/// `selectionStart`), clamped to the text.
pub fn byte_of_utf16(text: &str, unit: usize) -> usize {
    if text.is_ascii() {
        return unit.min(text.len());
    }
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units >= unit {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The last character boundary of `text` at or before byte `at` (the end
/// for `at` past it): where a slice of at most `at` bytes can end.
pub fn floor_char_boundary(text: &str, at: usize) -> usize {
    crate::diag::floor_boundary(text, at)
}

/// `text` cut into byte ranges of at most `max` bytes (at least one
/// character each), each ending between characters, so that each piece
/// is UTF-8 alone: how the page stores a long text and posts it to a
/// worker a piece at a time.
pub fn utf8_pieces(text: &str, max: usize) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let mut end = floor_char_boundary(text, at.saturating_add(max));
        if end <= at {
            // A piece smaller than one character: take the character.
            end = at + text[at..].chars().next().map_or(1, char::len_utf8);
        }
        ranges.push(at..end);
        at = end;
    }
    ranges
}

/// How `new` differs from `old` as one replacement, for a textarea to
/// make as an edit of its own (so that the browser's undo covers it): the
/// UTF-16 offsets of the part of `old` that goes, and what comes in its
/// place. The longest common head and tail are kept.
pub fn changed_range<'a>(old: &str, new: &'a str) -> (usize, usize, &'a str) {
    let head: usize = (old.chars().zip(new.chars()))
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let (old_rest, new_rest) = (&old[head..], &new[head..]);
    let tail: usize = (old_rest.chars().rev().zip(new_rest.chars().rev()))
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum();
    let units = |r: &str| r.chars().map(char::len_utf16).sum::<usize>();
    let start = units(&old[..head]);
    let gone = &old_rest[..old_rest.len() - tail];
    (
        start,
        start + units(gone),
        &new_rest[..new_rest.len() - tail],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_one_replacement_in_utf16_units() {
        assert_eq!(
            changed_range("{\"rank\": \"0-\"}", "{\"rank\": \"0\"}"),
            (11, 12, "")
        );
        assert_eq!(changed_range("ab", "aXb"), (1, 1, "X"));
        // "é" and "😀" are one and two UTF-16 units.
        assert_eq!(changed_range("é😀x-y", "é😀x+y"), (4, 5, "+"));
        assert_eq!(changed_range("aaa", "aa"), (2, 3, ""));
        assert_eq!(changed_range("same", "same"), (4, 4, ""));
        assert_eq!(changed_range("", "new"), (0, 0, "new"));
    }

    fn mark(a: usize, b: usize, tone: Tone) -> Mark {
        Mark { span: a..b, tone }
    }

    #[test]
    fn squiggles_say_what_is_under_a_byte_and_take_the_link_last() {
        let text = "{\"rank\": \"3-1\"}";
        let sq = Squiggles {
            marks: vec![mark(10, 13, Tone::Error), mark(11, 12, Tone::Warning)],
            messages: vec!["error: reversed range".into(), "warning: odd".into()],
        };
        assert_eq!(sq.messages_at(10).as_deref(), Some("error: reversed range"));
        assert_eq!(
            sq.messages_at(11).as_deref(),
            Some("error: reversed range\nwarning: odd")
        );
        assert_eq!(sq.messages_at(13), None);
        assert_eq!(
            sq.with_linked(text, Some((1, 7))),
            [
                mark(10, 13, Tone::Error),
                mark(11, 12, Tone::Warning),
                mark(1, 7, Tone::Linked)
            ]
        );
        assert_eq!(sq.with_linked(text, None).len(), 2);
    }

    #[test]
    fn empty_marks_widen_to_a_visible_character() {
        let text = "ab\ncd";
        assert_eq!(
            Mark::new(text, 1..1, Tone::Error),
            Some(mark(1, 2, Tone::Error))
        );
        assert_eq!(
            Mark::new(text, 2..2, Tone::Error),
            Some(mark(1, 2, Tone::Error)),
            "at a line end, the character before"
        );
        assert_eq!(
            Mark::new("a\r\nb", 1..1, Tone::Error),
            Some(mark(0, 1, Tone::Error)),
            "never on an invisible carriage return"
        );
        assert_eq!(
            Mark::new(text, 5..5, Tone::Note),
            Some(mark(4, 5, Tone::Note))
        );
        assert_eq!(
            Mark::new(text, 3..9, Tone::Note),
            Some(mark(3, 5, Tone::Note))
        );
        assert_eq!(Mark::new("", 0..0, Tone::Error), None);
        // Inside a two-byte character, the span starts at its boundary.
        assert_eq!(
            Mark::new("é", 1..1, Tone::Error),
            Some(mark(0, 2, Tone::Error))
        );
    }

    #[test]
    fn splits_a_line_at_mark_boundaries() {
        let marks = [
            mark(2, 6, Tone::Warning),
            mark(4, 8, Tone::Error),
            mark(0, 20, Tone::Linked),
            mark(30, 31, Tone::Error),
        ];
        let p = |a, b, squiggle, linked| Piece {
            span: a..b,
            squiggle,
            linked,
        };
        assert_eq!(
            pieces(1..10, &marks),
            [
                p(1, 2, None, true),
                p(2, 4, Some(Tone::Warning), true),
                p(4, 8, Some(Tone::Error), true),
                p(8, 10, None, true),
            ]
        );
        assert_eq!(pieces(21..25, &marks), [p(21, 25, None, false)]);
        assert_eq!(pieces(5..5, &[]), [p(5, 5, None, false)]);
    }

    #[test]
    fn indexes_lines() {
        let l = Lines::new("ab\n\ncde\n");
        assert_eq!(l.count(), 4);
        assert_eq!(
            (0..4).map(|i| l.range(i)).collect::<Vec<_>>(),
            [0..2, 3..3, 4..7, 8..8]
        );
        assert_eq!([0, 2, 3, 4, 7, 8].map(|b| l.line_of(b)), [0, 0, 1, 2, 2, 3]);
        assert_eq!(l.longest(), 3);
        assert_eq!(l.range(9), 8..8);
        assert_eq!(l.window("ab\n\ncde\n", 2, 1, 5), (5..7, 1));
        let text = "é\nxé€y";
        let l = Lines::new(text);
        assert_eq!(
            l.window(text, 1, 1, 2),
            (4..9, 1),
            "the slow path for non-ASCII"
        );
    }

    #[test]
    fn counts_lines_only_as_far_as_asked() {
        assert!(!more_lines_than("a\nb", 2));
        assert!(more_lines_than("a\nb\n", 2));
        assert!(!more_lines_than("", 1));
        assert!(more_lines_than("", 0));
        assert_eq!(Lines::new("a\nb\n").count(), 3);
    }

    #[test]
    fn lines_indexed_in_slices_are_the_lines_indexed_at_once() {
        for text in [
            "",
            "\n",
            "ab\n\ncde\n",
            "é\nxé€y",
            "x\n\n\nlonger line\né",
            "no end",
            "éaaaa\naaaaé\naaé aa",
        ] {
            let whole = Lines::new(text);
            assert_eq!(whole.len, text.len());
            for slice in 1..=text.len().max(1) {
                let mut b = LinesBuilder::default();
                let mut steps = 1;
                while !b.step(text, slice) {
                    steps += 1;
                }
                assert_eq!(
                    steps,
                    // A pass to count the lines, then one to index them.
                    (2 * text.len().div_ceil(slice)).max(1),
                    "{text:?} by {slice}"
                );
                assert_eq!(b.finish(), whole, "{text:?} by {slice}");
            }
        }
        let l = Lines::new("é\nxé€y\nab");
        assert_eq!(
            (l.ascii.clone(), l.longest()),
            (vec![false, false, true], 7)
        );
    }

    #[test]
    fn windows_long_lines_by_column() {
        let text = "x\nabcdefgh";
        assert_eq!(window(text, 2..10, 3, 2), (5..7, 3));
        assert_eq!(window(text, 2..10, 7, 5), (9..10, 7));
        assert_eq!(window(text, 2..10, 20, 5), (10..10, 8));
        // One column per character, whatever its bytes.
        let text = "é€ab";
        assert_eq!(window(text, 0..text.len(), 1, 2), (2..6, 1));
        assert_eq!(window(text, 0..text.len(), 9, 2), (7..7, 4));
        assert_eq!(window(text, 0..text.len(), 0, 0), (0..0, 0));
        assert_eq!(
            window(text, 1..40, 0, 3),
            (1..1, 0),
            "not a range of the text"
        );
        assert_eq!(byte_at(text, 1..40, 2.0), 40, "not a range of the text");
    }

    #[test]
    fn finds_the_byte_under_a_column() {
        let text = "ab\n\tc€d";
        let line = 3..text.len();
        assert_eq!(byte_at(text, line.clone(), -1.0), 3);
        assert_eq!(byte_at(text, line.clone(), 0.5), 3, "the tab");
        assert_eq!(byte_at(text, line.clone(), 3.9), 3, "still the tab");
        assert_eq!(byte_at(text, line.clone(), 4.0), 4, "c");
        assert_eq!(byte_at(text, line.clone(), 5.5), 5, "€");
        assert_eq!(byte_at(text, line.clone(), 6.2), 8, "d");
        assert_eq!(byte_at(text, line, 40.0), 9, "past the end");
    }

    #[test]
    fn selects_byte_spans_in_utf16_units() {
        // é is one unit and two bytes; 𝄞 is two units and four bytes.
        let text = "é\n𝄞x\ny";
        assert_eq!(utf16_selection(text, 0..2), (0, 1, 1));
        assert_eq!(utf16_selection(text, 3..8), (2, 5, 2));
        assert_eq!(utf16_selection(text, 4..99), (2, 7, 2));
        assert_eq!(utf16_selection(text, 9..10), (6, 7, 3));
    }

    #[test]
    fn converts_utf16_offsets_to_bytes() {
        assert_eq!(byte_of_utf16("abc", 2), 2);
        assert_eq!(byte_of_utf16("abc", 9), 3);
        // é is one unit and two bytes; 𝄞 is two units and four bytes.
        let text = "é𝄞x";
        assert_eq!(
            [0, 1, 3, 4, 7].map(|u| byte_of_utf16(text, u)),
            [0, 2, 6, 7, 7]
        );
    }

    #[test]
    fn utf8_pieces_end_between_characters() {
        assert_eq!(utf8_pieces("", 4), Vec::<Range<usize>>::new());
        assert_eq!(utf8_pieces("abcdef", 4), [0..4, 4..6]);
        // "€" is three bytes: a piece never ends inside it.
        assert_eq!(utf8_pieces("ab€cd", 4), [0..2, 2..6, 6..7]);
        assert_eq!(utf8_pieces("€€", 2), [0..3, 3..6]);
        assert_eq!(floor_char_boundary("a€", 2), 1);
        assert_eq!(floor_char_boundary("a€", 9), 4);
    }
}
