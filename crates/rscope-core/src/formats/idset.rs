//! RFC 22 id sets: sets of non-negative integer ids such as `1-3,5`.
//!
//! An [`IdSet`] is stored as sorted, disjoint, non-adjacent inclusive ranges,
//! so `0-4294967294` costs one range. Every set operation walks the two range
//! lists once, so it is linear in the number of ranges, never in the number
//! of ids.
//!
//! Three parsers exist because the RFC and versions of the reference
//! disagree:
//!
//! - [`IdSet::parse`] (and [`FromStr`]) is strict, as RFC 22 says: ascending,
//!   unique, no leading zeros, no `1-1` or `3-1`, optional brackets.
//! - [`IdSet::decode`] is today's flux-core `idset_decode()` (built on
//!   `idset_decode_ex()`): the strict rules, except that empty elements are
//!   skipped (`1,,2` is `1-2`).
//! - [`IdSet::parse_lenient`] models what flux-core's `idset_decode()`
//!   accepted before it became strict (unordered, overlapping, reversed
//!   ranges, empty elements, a lone bracket), which documents written by
//!   older Flux may hold. Nothing accepts input through it: it returns the
//!   canonical set together with every RFC deviation it forgave, which is
//!   what a validator offers as a repair for input [`IdSet::decode`] refuses.
//!
//! Where today's reference differs: `strtoul_check()` stores an `unsigned
//! long` in an `unsigned int`, so an id of 2³² or more wraps around there;
//! here any id above [`MAX_ID`] is refused instead.

use crate::sorting;
use std::cmp::{max, min};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// The largest id an id set can hold; the reference rejects `UINT_MAX`.
pub const MAX_ID: u32 = u32::MAX - 1;

/// A set of ids, stored as sorted disjoint inclusive ranges.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IdSet {
    /// Invariant: sorted, `lo <= hi`, and `next.lo > prev.hi + 1`.
    ranges: Vec<(u32, u32)>,
}

/// What went wrong while parsing an id set string.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that is not a digit, `,`, `-`, `[` or `]`: `1;2`.
    UnexpectedChar(char),
    /// Nothing between two commas, or a trailing comma: `1,,2`.
    EmptyElement,
    /// A `-` with no id after it: `1-`.
    MissingId,
    /// An id written with a leading zero: `01`.
    LeadingZero(String),
    /// An id above [`MAX_ID`]: `4294967295`.
    TooLarge(String),
    /// A range whose ends are equal: `1-1`.
    SingletonRange(String),
    /// A range whose low end is above its high end: `3-1`.
    ReversedRange(String),
    /// An element below the one before it: `3,2`.
    OutOfOrder(String),
    /// An element that overlaps the one before it: `0-1,1-2`.
    Overlap(String),
    /// An id listed twice: `1,1`.
    Duplicate(String),
    /// A `[` with no `]`, a `]` with no `[`, or a bracket inside: `[1-2`.
    UnbalancedBracket,
    /// Leading white space or a sign before an id, which only the
    /// reference's lenient decoder accepts: ` 1`, `+1`.
    Decoration(String),
    /// An id written with a minus sign: `-1`.
    Negative(String),
}

/// An error from parsing an id set string, with the byte span it concerns.
pub type ParseError = crate::diag::SpannedError<ErrorKind>;

impl crate::diag::Describe for ErrorKind {
    fn describe(&self) -> String {
        match self {
            ErrorKind::UnexpectedChar(c) => format!("unexpected character {c:?}"),
            ErrorKind::EmptyElement => "empty element".to_string(),
            ErrorKind::MissingId => "missing id after '-'".to_string(),
            ErrorKind::LeadingZero(s) => format!("leading zero in '{s}'"),
            ErrorKind::TooLarge(s) => {
                format!("id '{s}' is too large (the largest is {MAX_ID})")
            }
            ErrorKind::SingletonRange(s) => format!("range '{s}' has equal ends"),
            ErrorKind::ReversedRange(s) => format!("reversed range '{s}'"),
            ErrorKind::OutOfOrder(s) => format!("'{s}' is out of order"),
            ErrorKind::Overlap(s) => format!("overlapping range '{s}'"),
            ErrorKind::Duplicate(s) => format!("duplicate id '{s}'"),
            ErrorKind::UnbalancedBracket => "unbalanced bracket".to_string(),
            ErrorKind::Decoration(s) => format!("white space or sign in '{s}'"),
            ErrorKind::Negative(s) => format!("negative id '{s}'"),
        }
    }
}

/// The result of [`IdSet::parse_lenient`]: the set, and every departure from
/// RFC 22 that was forgiven, in input order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lenient {
    /// The ids the string names.
    pub set: IdSet,
    /// RFC 22 violations; empty when the input was already strict.
    pub problems: Vec<ParseError>,
}

impl Lenient {
    /// The canonical spelling, when the input was not canonical.
    pub fn repair(&self) -> Option<String> {
        if self.problems.is_empty() {
            None
        } else {
            Some(self.set.to_string())
        }
    }
}

/// Disjoint, non-adjacent ranges keyed by their low end, for building a set
/// from elements in any order.
#[derive(Default)]
struct RangeMap(BTreeMap<u32, u32>);

impl RangeMap {
    fn contains(&self, id: u32) -> bool {
        self.0
            .range(..=id)
            .next_back()
            .is_some_and(|(_, &hi)| hi >= id)
    }

    fn insert(&mut self, lo: u32, hi: u32) {
        let (mut lo, mut hi) = (lo, hi);
        if let Some((&plo, &phi)) = self.0.range(..=lo).next_back() {
            if u64::from(phi) + 1 >= u64::from(lo) {
                lo = plo;
                hi = max(hi, phi);
            }
        }
        // Every range starting inside `lo..=hi + 1` joins this one.
        let end = hi.saturating_add(1);
        let joined: Vec<u32> = self.0.range(lo..=end).map(|(&k, _)| k).collect();
        for k in joined {
            if let Some(h) = self.0.remove(&k) {
                hi = max(hi, h);
            }
        }
        self.0.insert(lo, hi);
    }
}

/// One comma-separated element as written: `lo` or `lo-hi`.
struct Element {
    lo: u32,
    hi: u32,
    span: Range<usize>,
}

/// Strictness of the element scanner.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// RFC 22 as written.
    Strict,
    /// Strict, but empty elements are skipped: today's `idset_decode()`.
    Decode,
    /// What older `idset_decode()` accepted; deviations become problems.
    Lenient,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn is_c_space_char(c: char) -> bool {
    u8::try_from(c).is_ok_and(is_c_space)
}

/// Scan one id at `pos` within `text`; returns the id and the end position.
/// In lenient mode it accepts what C's `strtoul` accepts before the digits.
fn scan_id(
    text: &str,
    base: usize,
    pos: usize,
    end: usize,
    mode: Mode,
    problems: &mut Vec<ParseError>,
) -> Result<(u32, usize), ParseError> {
    let bytes = text.as_bytes();
    let mut i = pos;
    let mut negative = false;
    // Name a minus sign before digits for what it is, rather than as a
    // stray character (strict) or a huge number (C's strtoul wraps `-1`).
    if mode != Mode::Lenient
        && bytes.get(pos) == Some(&b'-')
        && bytes.get(pos + 1).is_some_and(u8::is_ascii_digit)
        && pos + 1 < end
    {
        let mut j = pos + 1;
        while j < end && bytes[j].is_ascii_digit() {
            j += 1;
        }
        return Err(ParseError::new(
            ErrorKind::Negative(text[pos..j].to_string()),
            base + pos..base + j,
        ));
    }
    if mode == Mode::Lenient {
        while i < end && is_c_space(bytes[i]) {
            i += 1;
        }
        if i < end && (bytes[i] == b'+' || bytes[i] == b'-') {
            negative = bytes[i] == b'-';
            i += 1;
        }
    }
    let digits_start = i;
    while i < end && bytes[i].is_ascii_digit() {
        i += 1;
    }
    if i == digits_start {
        return Err(if pos >= end {
            ParseError::new(ErrorKind::MissingId, base + pos..base + pos)
        } else {
            let c = text[pos..].chars().next().unwrap_or(' ');
            ParseError::new(
                ErrorKind::UnexpectedChar(c),
                base + pos..base + pos + c.len_utf8(),
            )
        });
    }
    let digits = &text[digits_start..i];
    let written = &text[pos..i];
    let span = base + pos..base + i;
    // Saturate like strtoul: anything past u64 is as bad as UINT_MAX.
    let value = digits
        .bytes()
        .try_fold(0u64, |acc, d| {
            acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
        .unwrap_or(u64::MAX);
    if negative && value != 0 {
        // strtoul wraps it past UINT_MAX, so the old decoder refused it.
        return Err(ParseError::new(
            ErrorKind::Negative(written.trim_start_matches(is_c_space_char).to_string()),
            span,
        ));
    }
    if value > u64::from(MAX_ID) {
        return Err(ParseError::new(
            ErrorKind::TooLarge(written.to_string()),
            span,
        ));
    }
    if digits_start != pos {
        problems.push(ParseError::new(
            ErrorKind::Decoration(written.to_string()),
            span.clone(),
        ));
    }
    if digits.len() > 1 && digits.starts_with('0') {
        let e = ParseError::new(ErrorKind::LeadingZero(digits.to_string()), span);
        if mode != Mode::Lenient {
            return Err(e);
        }
        problems.push(e);
    }
    Ok((value as u32, i))
}

/// Split `text[start..end]` into elements, checking each on its own.
fn scan_elements(
    text: &str,
    base: usize,
    mode: Mode,
    problems: &mut Vec<ParseError>,
) -> Result<Vec<Element>, ParseError> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split(',') {
        let end = start + piece.len();
        if piece.is_empty() {
            let e = ParseError::new(ErrorKind::EmptyElement, base + start..base + start);
            // The reference's strtok skips empty tokens; "" alone is the empty set.
            if mode == Mode::Strict && !text.is_empty() {
                return Err(e);
            }
            if mode == Mode::Lenient && !text.is_empty() {
                problems.push(e);
            }
            start = end + 1;
            continue;
        }
        let (lo, after) = scan_id(text, base, start, end, mode, problems)?;
        let (lo, hi) = if after == end {
            (lo, lo)
        } else if text.as_bytes()[after] == b'-' {
            let (hi, after_hi) = scan_id(text, base, after + 1, end, mode, problems)?;
            if after_hi != end {
                let c = text[after_hi..].chars().next().unwrap_or(' ');
                return Err(ParseError::new(
                    ErrorKind::UnexpectedChar(c),
                    base + after_hi..base + after_hi + c.len_utf8(),
                ));
            }
            let span = base + start..base + end;
            if lo == hi {
                let e = ParseError::new(ErrorKind::SingletonRange(piece.to_string()), span);
                if mode != Mode::Lenient {
                    return Err(e);
                }
                problems.push(e);
            } else if lo > hi {
                let e = ParseError::new(ErrorKind::ReversedRange(piece.to_string()), span);
                if mode != Mode::Lenient {
                    return Err(e);
                }
                problems.push(e);
            }
            (min(lo, hi), max(lo, hi))
        } else {
            let c = text[after..].chars().next().unwrap_or(' ');
            return Err(ParseError::new(
                ErrorKind::UnexpectedChar(c),
                base + after..base + after + c.len_utf8(),
            ));
        };
        out.push(Element {
            lo,
            hi,
            span: base + start..base + end,
        });
        start = end + 1;
    }
    Ok(out)
}

/// An id at `b[i..]` for [`IdSet::parse_fast`]: digits, no leading zero,
/// at most [`MAX_ID`]; the id and where it ends. (Reading eight bytes as
/// one word was tried: it was no faster on fragmented sets.)
fn fast_id(b: &[u8], i: usize) -> Option<(u32, usize)> {
    let first = *b.get(i)?;
    if !first.is_ascii_digit() {
        return None;
    }
    let mut v = u64::from(first - b'0');
    let mut j = i + 1;
    while let Some(&c) = b.get(j) {
        if !c.is_ascii_digit() {
            break;
        }
        if v == 0 {
            return None; // a leading zero
        }
        // At most MAX_ID * 10 + 9 before the check: no overflow in u64.
        v = v * 10 + u64::from(c - b'0');
        if v > u64::from(MAX_ID) {
            return None;
        }
        j += 1;
    }
    Some((v as u32, j))
}

/// Remove surrounding brackets; returns the inner text and its offset.
fn strip_brackets(s: &str, mode: Mode) -> Result<(&str, usize), ParseError> {
    let open = s.starts_with('[');
    let close = s.len() > usize::from(open) && s.ends_with(']');
    let start = usize::from(open);
    let end = s.len() - usize::from(close);
    let inner = &s[start..end];
    if let Some(i) = inner.find(['[', ']']) {
        return Err(ParseError::new(
            ErrorKind::UnbalancedBracket,
            start + i..start + i + 1,
        ));
    }
    if mode != Mode::Lenient && open != close {
        let at = if open { 0..1 } else { s.len() - 1..s.len() };
        return Err(ParseError::new(ErrorKind::UnbalancedBracket, at));
    }
    Ok((inner, start))
}

impl IdSet {
    /// The empty set.
    pub fn new() -> Self {
        IdSet::default()
    }

    /// The set `lo-hi` (inclusive); empty when `lo > hi`. Like every
    /// constructor, it leaves out `u32::MAX`, which is above [`MAX_ID`] and
    /// has no RFC 22 spelling.
    pub fn from_range(lo: u32, hi: u32) -> Self {
        let mut s = IdSet::new();
        s.insert_range(lo, hi);
        s
    }

    /// Parse an RFC 22 string strictly.
    pub fn parse(s: &str) -> Result<IdSet, ParseError> {
        IdSet::parse_with(s, Mode::Strict)
    }

    /// Parse as today's flux-core `idset_decode()` does (the one built on
    /// `idset_decode_ex()`, used by `flux hostlist -n` through Python's
    /// `IDset`): strict RFC 22, except that empty elements are skipped, so
    /// `,1,,3,` is `1,3`.
    pub fn decode(s: &str) -> Result<IdSet, ParseError> {
        IdSet::parse_with(s, Mode::Decode)
    }

    fn parse_with(s: &str, mode: Mode) -> Result<IdSet, ParseError> {
        if mode != Mode::Lenient {
            if let Some(set) = IdSet::parse_fast(s, mode == Mode::Decode) {
                return Ok(set);
            }
        }
        let (inner, base) = strip_brackets(s, mode)?;
        let mut problems = Vec::new();
        let elements = scan_elements(inner, base, mode, &mut problems)?;
        if let Some(p) = problems.into_iter().next() {
            return Err(p);
        }
        let mut set = IdSet::new();
        for el in elements {
            if let Some(&(plo, phi)) = set.ranges.last() {
                if el.lo <= phi {
                    let text = s[el.span.clone()].to_string();
                    let kind = if el.hi < plo {
                        ErrorKind::OutOfOrder(text)
                    } else if el.lo == el.hi && el.lo >= plo {
                        ErrorKind::Duplicate(text)
                    } else {
                        ErrorKind::Overlap(text)
                    };
                    return Err(ParseError::new(kind, el.span));
                }
            }
            set.push_range(el.lo, el.hi);
        }
        Ok(set)
    }

    /// One pass over the bytes, no allocation but the result: the set when
    /// `s` is valid (strict RFC 22, or today's decoder when `skip_empty`),
    /// `None` otherwise, leaving the error to the span-keeping scanner.
    /// Documents hold tens of thousands of id sets, so this is the path
    /// that matters; `fast_path_agrees_with_scanner` checks the two agree.
    fn parse_fast(s: &str, skip_empty: bool) -> Option<IdSet> {
        let b = s.as_bytes();
        let b = match b {
            [b'[', inner @ .., b']'] => inner,
            b => b,
        };
        let n = b.len();
        let commas = b.iter().filter(|&&c| c == b',').count();
        let mut set = IdSet {
            ranges: Vec::with_capacity(if n == 0 { 0 } else { commas + 1 }),
        };
        let mut i = 0;
        let mut prev_hi: Option<u32> = None;
        while i < n {
            if b[i] == b',' {
                if !skip_empty {
                    return None;
                }
                i += 1;
                continue;
            }
            let (lo, j) = fast_id(b, i)?;
            i = j;
            let hi = if i < n && b[i] == b'-' {
                let (hi, j) = fast_id(b, i + 1)?;
                i = j;
                if hi <= lo {
                    return None;
                }
                hi
            } else {
                lo
            };
            if prev_hi.is_some_and(|p| lo <= p) {
                return None;
            }
            set.push_range(lo, hi);
            prev_hi = Some(hi);
            if i < n {
                if b[i] != b',' {
                    return None;
                }
                i += 1;
                if i == n && !skip_empty {
                    // A trailing comma: an empty last element.
                    return None;
                }
            }
        }
        Some(set)
    }

    /// The canonical RFC 22 id set that starts at `b[i]` and ends at the
    /// next `"` (a JSON string's contents without escapes): the set and
    /// the index of that quote, or `None` for anything else, brackets and
    /// the empty string included (the caller then reads the string the
    /// careful way). The same answer as [`IdSet::parse`] of the contents
    /// where it answers. One pass: the ranges gather in `scratch`, and the
    /// set takes a copy of exactly their length.
    #[cfg(feature = "page")]
    pub(crate) fn parse_quoted(
        b: &[u8],
        mut i: usize,
        scratch: &mut Vec<(u32, u32)>,
    ) -> Option<(IdSet, usize)> {
        scratch.clear();
        let mut prev_hi: Option<u32> = None;
        loop {
            let (lo, j) = fast_id(b, i)?;
            i = j;
            let mut hi = lo;
            if b.get(i) == Some(&b'-') {
                let (h, j) = fast_id(b, i + 1)?;
                if h <= lo {
                    return None;
                }
                (hi, i) = (h, j);
            }
            if prev_hi.is_some_and(|p| lo <= p) {
                return None;
            }
            match scratch.last_mut() {
                Some(last) if u64::from(lo) <= u64::from(last.1) + 1 => last.1 = hi,
                _ => scratch.push((lo, hi)),
            }
            prev_hi = Some(hi);
            match b.get(i)? {
                b',' => i += 1,
                b'"' => break,
                _ => return None,
            }
        }
        let ranges = scratch.as_slice().to_vec();
        Some((IdSet { ranges }, i))
    }

    /// What flux-core's `idset_decode()` accepted before it became strict;
    /// used to suggest repairs. Records every RFC 22 violation it forgives
    /// and errors only where that old decoder errored. Accept input with
    /// [`IdSet::decode`], never with this.
    ///
    /// Elements in any order cost `O(log n)` each (the set so far is kept
    /// in a [`BTreeMap`]), so a long descending list is not quadratic.
    pub fn parse_lenient(s: &str) -> Result<Lenient, ParseError> {
        let mut problems = Vec::new();
        let (inner, base) = strip_brackets(s, Mode::Lenient)?;
        if s.starts_with('[') != (base + inner.len() < s.len()) {
            let at = if base == 1 {
                0..1
            } else {
                s.len() - 1..s.len()
            };
            problems.push(ParseError::new(ErrorKind::UnbalancedBracket, at));
        }
        let elements = scan_elements(inner, base, Mode::Lenient, &mut problems)?;
        let mut set = RangeMap::default();
        let mut prev: Option<(u32, u32)> = None;
        for el in elements {
            if let Some((plo, phi)) = prev {
                if el.lo <= phi {
                    let text = s[el.span.clone()].to_string();
                    let kind = if el.hi < plo {
                        ErrorKind::OutOfOrder(text)
                    } else if el.lo == el.hi && set.contains(el.lo) {
                        ErrorKind::Duplicate(text)
                    } else {
                        ErrorKind::Overlap(text)
                    };
                    problems.push(ParseError::new(kind, el.span.clone()));
                }
            }
            prev = Some((el.lo, el.hi));
            set.insert(el.lo, el.hi);
        }
        sorting::sort_by_key(&mut problems, |p| p.span().start);
        let set = IdSet {
            ranges: set.0.into_iter().collect(),
        };
        Ok(Lenient { set, problems })
    }

    /// Append a range known to lie after every range in the set.
    fn push_range(&mut self, lo: u32, hi: u32) {
        match self.ranges.last_mut() {
            Some(last) if u64::from(lo) <= u64::from(last.1) + 1 => last.1 = max(last.1, hi),
            _ => self.ranges.push((lo, hi)),
        }
    }

    /// The ranges, ascending and disjoint: `1-3,5` is `[(1, 3), (5, 5)]`.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    /// Build a set from ranges in any order, overlapping or not.
    pub fn from_ranges<I: IntoIterator<Item = (u32, u32)>>(ranges: I) -> Self {
        let mut v: Vec<(u32, u32)> = ranges
            .into_iter()
            .map(|(lo, hi)| (lo, hi.min(MAX_ID)))
            .filter(|(lo, hi)| lo <= hi)
            .collect();
        v.sort_unstable();
        let mut s = IdSet::new();
        for (lo, hi) in v {
            s.push_range(lo, hi);
        }
        s
    }

    /// Whether the set holds no id.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The number of ids (a `u64`, since `0-4294967294` has 2³² − 1 ids).
    pub fn len(&self) -> u64 {
        self.ranges
            .iter()
            .map(|&(lo, hi)| u64::from(hi - lo) + 1)
            .sum()
    }

    /// The number of ranges the set is stored as.
    pub fn range_count(&self) -> usize {
        self.ranges.len()
    }

    /// The smallest id.
    pub fn first(&self) -> Option<u32> {
        self.ranges.first().map(|r| r.0)
    }

    /// The largest id.
    pub fn last(&self) -> Option<u32> {
        self.ranges.last().map(|r| r.1)
    }

    /// Whether `id` is in the set (binary search over ranges).
    pub fn contains(&self, id: u32) -> bool {
        self.range_index(id).is_ok()
    }

    /// `Ok(i)` if range `i` holds `id`, else `Err(i)` where it would go.
    fn range_index(&self, id: u32) -> Result<usize, usize> {
        self.ranges.binary_search_by(|&(lo, hi)| {
            if hi < id {
                std::cmp::Ordering::Less
            } else if lo > id {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
    }

    /// The `n`th smallest id (from 0).
    pub fn nth(&self, n: u64) -> Option<u32> {
        let mut n = n;
        for &(lo, hi) in &self.ranges {
            let size = u64::from(hi - lo) + 1;
            if n < size {
                return Some(lo + n as u32);
            }
            n -= size;
        }
        None
    }

    /// The ids in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// Add one id.
    pub fn insert(&mut self, id: u32) {
        self.insert_range(id, id);
    }

    /// Add the ids `lo..=hi` up to [`MAX_ID`]; nothing when `lo > hi`.
    /// In place: the ranges it touches are merged and the rest kept, so a
    /// replay adding a rank at a time to a set of many ranges does not
    /// copy the set each time.
    pub fn insert_range(&mut self, lo: u32, hi: u32) {
        let hi = hi.min(MAX_ID);
        if lo > hi {
            return;
        }
        if !cfg!(feature = "page") {
            // The element's bundle (no `page` feature) is at its size
            // budget and adds a rank at a time to small sets only: it
            // takes the union it has anyway.
            if (self.ranges.last()).is_none_or(|&(_, h)| u64::from(h) + 1 < u64::from(lo)) {
                self.ranges.push((lo, hi));
            } else {
                *self = self.union(&IdSet::from_range(lo, hi));
            }
            return;
        }
        let r = &mut self.ranges;
        // Ranges i..j overlap `lo..=hi` or touch it.
        let i = r.partition_point(|&(_, h)| u64::from(h) + 1 < u64::from(lo));
        let j = r.partition_point(|&(l, _)| u64::from(l) <= u64::from(hi) + 1);
        if i == j {
            r.insert(i, (lo, hi));
        } else {
            r[i] = (lo.min(r[i].0), hi.max(r[j - 1].1));
            r.drain(i + 1..j);
        }
    }

    /// Remove one id.
    pub fn remove(&mut self, id: u32) {
        self.remove_range(id, id);
    }

    /// Remove the ids `lo..=hi`, in place.
    pub fn remove_range(&mut self, lo: u32, hi: u32) {
        if lo > hi {
            return;
        }
        if !cfg!(feature = "page") {
            // As in `insert_range`: the element keeps the difference.
            *self = self.difference(&IdSet::from_range(lo, hi));
            return;
        }
        let r = &mut self.ranges;
        // Ranges i..j overlap `lo..=hi`.
        let i = r.partition_point(|&(_, h)| h < lo);
        let j = r.partition_point(|&(l, _)| l <= hi);
        if i >= j {
            return;
        }
        let (first, last) = (r[i], r[j - 1]);
        let before = (first.0 < lo).then(|| (first.0, lo - 1));
        let after = (last.1 > hi).then(|| (hi + 1, last.1));
        r.splice(i..j, before.into_iter().chain(after));
    }

    /// Ids in either set.
    pub fn union(&self, other: &IdSet) -> IdSet {
        let (a, b) = (&self.ranges, &other.ranges);
        let mut out = IdSet {
            ranges: Vec::with_capacity(a.len() + b.len()),
        };
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let take_a = j >= b.len() || (i < a.len() && a[i].0 <= b[j].0);
            let r = if take_a {
                i += 1;
                a[i - 1]
            } else {
                j += 1;
                b[j - 1]
            };
            out.push_range(r.0, r.1);
        }
        out
    }

    /// Ids in both sets.
    pub fn intersection(&self, other: &IdSet) -> IdSet {
        // The element's bundle (no `page` feature), at its size budget and
        // given small documents, keeps the merge alone.
        if cfg!(feature = "page") {
            if let (Some(a), Some(b)) = (Bits::of(self), Bits::of(other)) {
                return a.and_not(&b, true).to_set();
            }
        }
        let (a, b) = (&self.ranges, &other.ranges);
        let mut out = IdSet::new();
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let lo = max(a[i].0, b[j].0);
            let hi = min(a[i].1, b[j].1);
            if lo <= hi {
                out.ranges.push((lo, hi));
            }
            if a[i].1 < b[j].1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        out
    }

    /// Ids in `self` but not in `other`.
    pub fn difference(&self, other: &IdSet) -> IdSet {
        // The element's bundle (no `page` feature), at its size budget and
        // given small documents, keeps the merge alone.
        if cfg!(feature = "page") {
            if let (Some(a), Some(b)) = (Bits::of(self), Bits::of(other)) {
                return a.and_not(&b, false).to_set();
            }
        }
        let b = &other.ranges;
        let mut out = IdSet::new();
        let mut j = 0;
        for &(lo, hi) in &self.ranges {
            let mut cur = lo;
            while j < b.len() && b[j].1 < cur {
                j += 1;
            }
            let mut k = j;
            let mut done = false;
            while k < b.len() && b[k].0 <= hi {
                if b[k].0 > cur {
                    out.ranges.push((cur, b[k].0 - 1));
                }
                if b[k].1 >= hi {
                    done = true;
                    break;
                }
                cur = b[k].1 + 1;
                k += 1;
            }
            if !done {
                out.ranges.push((cur, hi));
            }
        }
        out
    }

    /// Ids in exactly one of the sets.
    pub fn symmetric_difference(&self, other: &IdSet) -> IdSet {
        self.difference(other).union(&other.difference(self))
    }

    /// Whether every id of `self` is in `other`.
    pub fn is_subset(&self, other: &IdSet) -> bool {
        self.difference(other).is_empty()
    }

    /// Whether the sets share an id.
    pub fn intersects(&self, other: &IdSet) -> bool {
        !self.intersection(other).is_empty()
    }

    /// Encode canonically, with brackets around sets of more than one id when
    /// `brackets` is set (as the reference's `IDSET_FLAG_BRACKETS`).
    pub fn encode(&self, brackets: bool) -> String {
        let mut out = String::new();
        self.encode_into(&mut out, brackets);
        out
    }

    /// Append [`IdSet::encode`]'s text to `out`.
    pub fn encode_into(&self, out: &mut String, brackets: bool) {
        let brackets = brackets && self.holds_more_than_one();
        if brackets {
            out.push('[');
        }
        self.write_to(out);
        if brackets {
            out.push(']');
        }
    }
}

/// A set of ids below [`Bits::SIZE`] as a bitmap, the form in which the
/// sets of a node's cores and GPUs are combined. A fragmented node holds
/// dozens of ranges; merging two such range lists branches unpredictably
/// at every step, while the bitmap takes a few masks per range and a word
/// operation, and gives its ranges back by counting zeros and ones.
#[derive(Clone, Copy)]
struct Bits([u64; Bits::WORDS]);

impl Bits {
    const WORDS: usize = 4;
    /// The ids a bitmap holds: `0..SIZE`.
    const SIZE: u32 = 64 * Bits::WORDS as u32;

    /// The bitmap of `set`, when every id of it is below [`Bits::SIZE`].
    /// Each range toggles a bit where it starts and where it ends; a
    /// prefix XOR then fills the ranges in, a word at a time, without a
    /// branch per range.
    fn of(set: &IdSet) -> Option<Bits> {
        if set.last().is_some_and(|l| l >= Bits::SIZE) {
            return None;
        }
        // One word more: a range that ends at SIZE - 1 toggles bit SIZE.
        let mut t = [0u64; Bits::WORDS + 1];
        for &(lo, hi) in &set.ranges {
            t[(lo / 64) as usize] ^= 1 << (lo % 64);
            t[((hi + 1) / 64) as usize] ^= 1 << ((hi + 1) % 64);
        }
        let mut w = [0u64; Bits::WORDS];
        let mut carry = 0u64;
        for (word, &toggles) in w.iter_mut().zip(&t) {
            let mut x = toggles;
            for shift in [1, 2, 4, 8, 16, 32] {
                x ^= x << shift;
            }
            x ^= carry;
            *word = x;
            // Inside a range at the word's end: the next word starts in it.
            carry = (x >> 63).wrapping_neg();
        }
        Some(Bits(w))
    }

    /// `self & other` when `both`, else `self & !other`.
    fn and_not(&self, other: &Bits, both: bool) -> Bits {
        let flip = if both { 0 } else { !0 };
        Bits(std::array::from_fn(|k| self.0[k] & (other.0[k] ^ flip)))
    }

    /// The set, in one allocation of its size: a range starts at each id
    /// whose lower neighbour is out and ends at each whose upper one is,
    /// and the starts and ends are read off a word at a time.
    fn to_set(self) -> IdSet {
        let w = self.0;
        let mut starts = [0u64; Bits::WORDS];
        let mut ends = [0u64; Bits::WORDS];
        for k in 0..Bits::WORDS {
            let below = if k > 0 { w[k - 1] >> 63 } else { 0 };
            let above = if k + 1 < Bits::WORDS {
                w[k + 1] << 63
            } else {
                0
            };
            starts[k] = w[k] & !((w[k] << 1) | below);
            ends[k] = w[k] & !((w[k] >> 1) | above);
        }
        let count = starts.iter().map(|s| s.count_ones() as usize).sum();
        let mut ranges = Vec::with_capacity(count);
        for (k, &s) in starts.iter().enumerate() {
            let mut s = s;
            while s != 0 {
                ranges.push((k as u32 * 64 + s.trailing_zeros(), 0));
                s &= s - 1;
            }
        }
        let mut at = ranges.iter_mut();
        for (k, &e) in ends.iter().enumerate() {
            let mut e = e;
            while e != 0 {
                if let Some(r) = at.next() {
                    r.1 = k as u32 * 64 + e.trailing_zeros();
                }
                e &= e - 1;
            }
        }
        IdSet { ranges }
    }
}

/// The two-digit numbers `00` to `99` in a row: [`decimal`] writes
/// two digits at a time from it.
const DIGIT_PAIRS: &str = "\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// The decimal digits of `v`: a buffer and where they start in it, written
/// two digits at a time.
fn decimal(v: u32) -> ([u8; 10], usize) {
    let pair = |n: u32| &DIGIT_PAIRS.as_bytes()[2 * n as usize..2 * n as usize + 2];
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    let mut v = v;
    while v >= 100 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(pair(v % 100));
        v /= 100;
    }
    if v >= 10 {
        i -= 2;
        buf[i..i + 2].copy_from_slice(pair(v));
    } else {
        i -= 1;
        buf[i] = b'0' + v as u8;
    }
    (buf, i)
}

/// Append the decimal digits of `v` to `out`. A fragmented R's short form
/// is hundreds of thousands of ids, most of them below 100: those are a
/// byte or two pushed, without a copy call.
pub(crate) fn push_decimal_bytes(out: &mut Vec<u8>, v: u32) {
    if v < 10 {
        out.push(b'0' + v as u8);
    } else if v < 100 {
        let p = &DIGIT_PAIRS.as_bytes()[2 * v as usize..2 * v as usize + 2];
        out.push(p[0]);
        out.push(p[1]);
    } else {
        let (buf, i) = decimal(v);
        out.extend_from_slice(&buf[i..]);
    }
}

/// Write the decimal digits of `v` into `buf` at `at`; where they end.
fn put_decimal(buf: &mut [u8], at: usize, v: u32) -> usize {
    let (d, i) = decimal(v);
    let len = d.len() - i;
    buf[at..at + len].copy_from_slice(&d[i..]);
    at + len
}

/// The ids below 1000 as text: up to three digits, padded, and their
/// count in the fourth byte. Copying all four and advancing by the count
/// writes an id without a branch on its length.
const SHORT_IDS: [[u8; 4]; 1000] = {
    let mut t = [[0u8; 4]; 1000];
    let mut v = 0;
    while v < 1000 {
        let (h, te, o) = ((v / 100) as u8, (v / 10 % 10) as u8, (v % 10) as u8);
        t[v] = match v {
            0..=9 => [b'0' + o, 0, 0, 1],
            10..=99 => [b'0' + te, b'0' + o, 0, 2],
            _ => [b'0' + h, b'0' + te, b'0' + o, 3],
        };
        v += 1;
    }
    t
};

impl IdSet {
    /// Append the canonical encoding to `out`, as [`Display`](fmt::Display)
    /// writes it; what encoders of large documents call, without the
    /// formatting machinery. Each range is written whole into a buffer
    /// and appended at once.
    pub fn write_to(&self, out: &mut String) {
        for (i, &(lo, hi)) in self.ranges.iter().enumerate() {
            // `,` and two ids of at most ten digits around `-`.
            let mut buf = [0u8; 22];
            let mut n = 0;
            let mut put = |bytes: &[u8]| {
                buf[n..n + bytes.len()].copy_from_slice(bytes);
                n += bytes.len();
            };
            if i > 0 {
                put(b",");
            }
            let (d, at) = decimal(lo);
            put(&d[at..]);
            if lo != hi {
                put(b"-");
                let (d, at) = decimal(hi);
                put(&d[at..]);
            }
            // Only ASCII was written, so this is never the empty default.
            out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
        }
    }

    /// [`IdSet::write_to`] into bytes. The text is made in a buffer on
    /// the stack and appended a block at a time; a range of ids below
    /// 1000, what a node's cores and GPUs are, is written without a branch
    /// ([`SHORT_IDS`]): a fragmented set is dozens of short ranges whose
    /// lengths follow no pattern, and a branch on each mispredicted.
    pub(crate) fn write_bytes(&self, out: &mut Vec<u8>) {
        // Room kept at the end of the block for one range: `,` and two ids
        // of ten digits around `-`, and the four bytes a short id stores.
        const RANGE: usize = 26;
        let mut buf = [0u8; 256];
        let mut n = 0;
        for (i, &(lo, hi)) in self.ranges.iter().enumerate() {
            if n > buf.len() - RANGE {
                out.extend_from_slice(&buf[..n]);
                n = 0;
            }
            buf[n] = b',';
            n += usize::from(i > 0);
            // The element's bundle (no `page` feature) leaves the 4 KB table
            // out: it writes small documents, and is at its size budget.
            if cfg!(feature = "page") && hi < 1000 {
                let (l, h) = (SHORT_IDS[lo as usize], SHORT_IDS[hi as usize]);
                buf[n..n + 4].copy_from_slice(&l);
                n += usize::from(l[3]);
                buf[n] = b'-';
                buf[n + 1..n + 5].copy_from_slice(&h);
                n += usize::from(lo != hi) * (1 + usize::from(h[3]));
                continue;
            }
            n = put_decimal(&mut buf, n, lo);
            if lo != hi {
                buf[n] = b'-';
                n = put_decimal(&mut buf, n + 1, hi);
            }
        }
        out.extend_from_slice(&buf[..n]);
    }

    /// [`IdSet::encode_into`] into bytes.
    pub(crate) fn encode_bytes(&self, out: &mut Vec<u8>, brackets: bool) {
        let brackets = brackets && self.holds_more_than_one();
        if brackets {
            out.push(b'[');
        }
        self.write_bytes(out);
        if brackets {
            out.push(b']');
        }
    }

    /// Whether the set holds more than one id, without summing every
    /// range's length.
    fn holds_more_than_one(&self) -> bool {
        match self.ranges.as_slice() {
            [] => false,
            [(lo, hi)] => lo != hi,
            _ => true,
        }
    }
}

impl fmt::Display for IdSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_to(&mut out);
        f.write_str(&out)
    }
}

impl fmt::Debug for IdSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "IdSet({self})")
    }
}

impl FromStr for IdSet {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        IdSet::parse(s)
    }
}

/// An id set crosses threads as its ranges, so the page never parses id
/// set text to draw what the analysis worker found.
impl serde::Serialize for IdSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.ranges.serialize(s)
    }
}

/// Ranges read back are put in order and merged, so no input can break
/// the set's invariant.
impl<'de> serde::Deserialize<'de> for IdSet {
    /// Ranges as a set writes them (ascending, disjoint, apart) are taken
    /// as they are; any others are mended by [`IdSet::from_ranges`]. Sets
    /// cross from the worker this way: a 100 000-job colouring is some
    /// 50 000 of them, and sorting and copying each again took a third of
    /// the page's task that reads it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ranges = Vec::<(u32, u32)>::deserialize(d)?;
        let canonical = ranges.iter().all(|&(lo, hi)| lo <= hi && hi <= MAX_ID)
            && ranges
                .windows(2)
                .all(|w| u64::from(w[0].1) + 1 < u64::from(w[1].0));
        Ok(if canonical {
            IdSet { ranges }
        } else {
            IdSet::from_ranges(ranges)
        })
    }
}

impl FromIterator<u32> for IdSet {
    fn from_iter<I: IntoIterator<Item = u32>>(iter: I) -> Self {
        IdSet::from_ranges(iter.into_iter().map(|id| (id, id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strict parse: input → canonical encoding, or the exact error.
    fn check(input: &str, expect: &str) {
        let got = match IdSet::parse(input) {
            Ok(set) => set.to_string(),
            Err(e) => format!("error: {e} {:?}", e.span()),
        };
        assert_eq!(got, expect, "input {input:?}");
    }

    #[test]
    fn decimals_are_written_as_display_writes_them() {
        let mut powers: Vec<u32> = (0..10).map(|e| 10u32.pow(e)).collect();
        powers.extend(powers.clone().iter().map(|p| p - 1));
        powers.extend([1, 9, 10, 11, 99, 100, 101, 12345, MAX_ID, u32::MAX]);
        for v in powers.into_iter().chain(0..2000) {
            let mut buf = [b'x'; 12];
            let end = put_decimal(&mut buf, 1, v);
            assert_eq!(&buf[..end], format!("x{v}").as_bytes());
            let mut bytes = b"x".to_vec();
            push_decimal_bytes(&mut bytes, v);
            assert_eq!(bytes, format!("x{v}").as_bytes());
        }
        let set = IdSet::from_ranges([(0, 0), (7, 99), (100, 100), (4000, MAX_ID)]);
        let mut bytes = b"x".to_vec();
        set.encode_bytes(&mut bytes, true);
        assert_eq!(bytes, b"x[0,7-100,4000-4294967294]");
        assert_eq!(set.encode(true), "[0,7-100,4000-4294967294]");
        let mut bytes = Vec::new();
        IdSet::from_range(5, 5).encode_bytes(&mut bytes, true);
        assert_eq!(bytes, b"5");
    }

    #[test]
    fn strict_accepts_rfc_examples() {
        check("1,2,3,5,6,42", "1-3,5-6,42");
        check("1-3,5-6,42", "1-3,5-6,42");
        check("[1-3,5-6,42]", "1-3,5-6,42");
        check("", "");
        check("[]", "");
        check("0", "0");
        check("0-4294967294", "0-4294967294");
    }

    #[test]
    fn strict_rejects_with_exact_messages() {
        check("1,,2", "error: empty element at column 3 2..2");
        check("1,", "error: empty element at column 3 2..2");
        check("1-", "error: missing id after '-' at column 3 2..2");
        check("01", "error: leading zero in '01' at column 1 0..2");
        check("1-1", "error: range '1-1' has equal ends at column 1 0..3");
        check("3-1", "error: reversed range '3-1' at column 1 0..3");
        check("3,2", "error: '2' is out of order at column 3 2..3");
        check("0-1,1-2", "error: overlapping range '1-2' at column 5 4..7");
        check("1,1", "error: duplicate id '1' at column 3 2..3");
        check("1;2", "error: unexpected character ';' at column 2 1..2");
        check("a", "error: unexpected character 'a' at column 1 0..1");
        check("[1-2", "error: unbalanced bracket at column 1 0..1");
        check("1-2]", "error: unbalanced bracket at column 4 3..4");
        check("1,[2]", "error: unbalanced bracket at column 3 2..3");
        check(
            "4294967295",
            "error: id '4294967295' is too large (the largest is 4294967294) at column 1 0..10",
        );
        check(" 1", "error: unexpected character ' ' at column 1 0..1");
        check("-1", "error: negative id '-1' at column 1 0..2");
        check("é", "error: unexpected character 'é' at column 1 0..2");
    }

    #[test]
    fn lenient_matches_reference_and_repairs() {
        let l = IdSet::parse_lenient("0,0-1,1-2,2-95").unwrap();
        assert_eq!(l.set.to_string(), "0-95");
        assert_eq!(l.repair().as_deref(), Some("0-95"));
        let msgs: Vec<String> = l.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "overlapping range '0-1' at column 3",
                "overlapping range '1-2' at column 7",
                "overlapping range '2-95' at column 11",
            ]
        );
        let l = IdSet::parse_lenient("5,3-1,,+7, 8,09").unwrap();
        assert_eq!(l.set.to_string(), "1-3,5,7-9");
        let msgs: Vec<String> = l.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "reversed range '3-1' at column 3",
                "'3-1' is out of order at column 3",
                "empty element at column 7",
                "white space or sign in '+7' at column 8",
                "white space or sign in ' 8' at column 11",
                "leading zero in '09' at column 14",
            ]
        );
        assert_eq!(IdSet::parse_lenient("1-3").unwrap().repair(), None);
        assert_eq!(IdSet::parse_lenient("[1-2").unwrap().set.to_string(), "1-2");
        assert_eq!(IdSet::parse_lenient("-0").unwrap().set.to_string(), "0");
        for bad in ["-1", "a", "1-a", "4294967295", "1--2", "1,[2", "x1"] {
            assert!(IdSet::parse_lenient(bad).is_err(), "{bad:?} should fail");
        }
        for (input, expect) in [
            ("-1", "negative id '-1' at column 1"),
            ("2, -30", "negative id '-30' at column 3"),
        ] {
            let got = IdSet::parse_lenient(input).map_err(|e| e.to_string());
            assert_eq!(got, Err(expect.to_string()), "input {input:?}");
        }
    }

    #[test]
    fn queries() {
        let s: IdSet = "1-3,5,7-9".parse().unwrap();
        assert_eq!(s.len(), 7);
        assert_eq!(s.range_count(), 3);
        assert_eq!((s.first(), s.last()), (Some(1), Some(9)));
        assert_eq!(s.nth(3), Some(5));
        assert_eq!(s.nth(7), None);
        assert!(s.contains(8) && !s.contains(6));
        assert_eq!(s.iter().collect::<Vec<_>>(), [1, 2, 3, 5, 7, 8, 9]);
        assert_eq!(s.encode(true), "[1-3,5,7-9]");
        assert_eq!(IdSet::from_range(4, 4).encode(true), "4");
        assert_eq!(IdSet::from_range(4, 5).encode(true), "[4-5]");
        let big = IdSet::from_range(0, MAX_ID);
        assert_eq!(big.len(), 4294967295);
        assert_eq!(big.range_count(), 1);
    }

    #[test]
    fn algebra() {
        let a: IdSet = "0-5,10-12".parse().unwrap();
        let b: IdSet = "3-10,12".parse().unwrap();
        assert_eq!(a.union(&b).to_string(), "0-12");
        assert_eq!(a.intersection(&b).to_string(), "3-5,10,12");
        assert_eq!(a.difference(&b).to_string(), "0-2,11");
        assert_eq!(b.difference(&a).to_string(), "6-9");
        assert_eq!(a.symmetric_difference(&b).to_string(), "0-2,6-9,11");
        assert!(IdSet::from_range(3, 4).is_subset(&a));
        let mut c = a.clone();
        c.remove(11);
        c.insert(6);
        c.remove_range(0, 1);
        assert_eq!(c.to_string(), "2-6,10,12");
        c.insert_range(7, 9);
        assert_eq!(c.to_string(), "2-10,12");
        // u32::MAX has no RFC 22 spelling: constructors leave it out.
        assert_eq!(
            IdSet::from_range(MAX_ID, u32::MAX).to_string(),
            MAX_ID.to_string()
        );
        assert!(IdSet::from_range(u32::MAX, u32::MAX).is_empty());
        assert_eq!(
            IdSet::from_ranges([(u32::MAX, u32::MAX), (1, 2)]).to_string(),
            "1-2"
        );
        let mut s = IdSet::new();
        s.insert(u32::MAX);
        assert!(s.is_empty());
        let edge = IdSet::from_range(MAX_ID - 1, MAX_ID);
        assert_eq!(
            edge.difference(&IdSet::from_range(0, MAX_ID - 1))
                .to_string(),
            "4294967294"
        );
    }

    /// Today's `idset_decode()`: input → encoding, or the exact error.
    fn check_decode(input: &str, expect: &str) {
        let got = match IdSet::decode(input) {
            Ok(set) => set.to_string(),
            Err(e) => format!("error: {e} {:?}", e.span()),
        };
        assert_eq!(got, expect, "input {input:?}");
    }

    #[test]
    fn reference_codec_vectors() {
        // libidset/test/idset.c test_inputs: (input, IDSET_FLAG_RANGE
        // encoding, IDSET_FLAG_RANGE|IDSET_FLAG_BRACKETS encoding).
        for (input, range, brackets) in [
            ("2", "2", "2"),
            ("7-9", "7-9", "[7-9]"),
            ("1,7-9", "1,7-9", "[1,7-9]"),
            ("1,7-9,16", "1,7-9,16", "[1,7-9,16]"),
            ("1,7-9,14,16", "1,7-9,14,16", "[1,7-9,14,16]"),
            ("1-3,7-9,14,16", "1-3,7-9,14,16", "[1-3,7-9,14,16]"),
            ("2,3,4,5", "2-5", "[2-5]"),
            ("", "", ""),
            ("1048576", "1048576", "1048576"),
            ("[2]", "2", "2"),
            ("[7-9]", "7-9", "[7-9]"),
            ("[2,3,4,5]", "2-5", "[2-5]"),
            ("[0]", "0", "0"),
            ("[]", "", ""),
        ] {
            for set in [IdSet::decode(input), IdSet::parse(input)] {
                let set = set.unwrap_or_else(|e| panic!("{input:?}: {e}"));
                assert_eq!(set.to_string(), range, "input {input:?}");
                assert_eq!(set.encode(true), brackets, "input {input:?}");
            }
        }
        // Without IDSET_FLAG_RANGE the reference lists every id.
        let set = IdSet::decode("1-3,7-9,14,16").unwrap();
        let ids: Vec<String> = set.iter().map(|i| i.to_string()).collect();
        assert_eq!(ids.join(","), "1,2,3,7,8,9,14,16");
        // test_codec_large.
        let big = IdSet::decode("0-5000").unwrap();
        assert_eq!(big.iter().count(), 5001);
        assert!(big.iter().zip(0..).all(|(id, n)| id == n));
    }

    #[test]
    fn reference_decode_rejects() {
        // libidset/test/idset.c test_inputs expected failures, plus the
        // test_decode_ex and test_decode_info ones.
        for (input, expect) in [
            ("4.2", "error: unexpected character '.' at column 2 1..2"),
            ("x", "error: unexpected character 'x' at column 1 0..1"),
            ("1-2x", "error: unexpected character 'x' at column 4 3..4"),
            ("01,2", "error: leading zero in '01' at column 1 0..2"),
            ("00", "error: leading zero in '00' at column 1 0..2"),
            ("3,2", "error: '2' is out of order at column 3 2..3"),
            ("3-0", "error: reversed range '3-0' at column 1 0..3"),
            ("2,2,2,2", "error: duplicate id '2' at column 3 2..3"),
            ("[0", "error: unbalanced bracket at column 1 0..1"),
            ("0]", "error: unbalanced bracket at column 2 1..2"),
            ("[[0]]", "error: unbalanced bracket at column 2 1..2"),
            ("[[0,2]", "error: unbalanced bracket at column 2 1..2"),
            ("[0,2]]", "error: unbalanced bracket at column 5 4..5"),
            ("0,[2", "error: unbalanced bracket at column 3 2..3"),
            ("0]2", "error: unbalanced bracket at column 2 1..2"),
            ("0-", "error: missing id after '-' at column 3 2..2"),
            ("[0-]", "error: missing id after '-' at column 4 3..3"),
            ("-5", "error: negative id '-5' at column 1 0..2"),
            ("[-5]", "error: negative id '-5' at column 2 1..3"),
            ("1--2", "error: negative id '-2' at column 3 2..4"),
            ("-", "error: unexpected character '-' at column 1 0..1"),
            ("-x", "error: unexpected character '-' at column 1 0..1"),
            ("[0-1", "error: unbalanced bracket at column 1 0..1"),
            ("2,1,0", "error: '1' is out of order at column 3 2..3"),
            (
                "0-255xxx",
                "error: unexpected character 'x' at column 6 5..6",
            ),
            ("[", "error: unbalanced bracket at column 1 0..1"),
            ("]", "error: unbalanced bracket at column 1 0..1"),
            ("1-1", "error: range '1-1' has equal ends at column 1 0..3"),
            (" 1", "error: unexpected character ' ' at column 1 0..1"),
            ("+1", "error: unexpected character '+' at column 1 0..1"),
        ] {
            check_decode(input, expect);
        }
    }

    /// Assert that the one-pass path and the span-keeping scanner agree on
    /// `s`, strictly and as the decoder reads it; how many accepted it.
    pub(super) fn fast_agrees(s: &str) -> usize {
        let mut accepted = 0;
        // The reader of a quoted id set answers as the strict one-pass
        // path, but for brackets and the empty string, which it leaves.
        let quoted = IdSet::parse_quoted(format!("{s}\"").as_bytes(), 0, &mut Vec::new());
        let strict = IdSet::parse_fast(s, false).filter(|_| !s.is_empty() && !s.contains('['));
        assert_eq!(
            quoted.map(|(set, end)| (set, end == s.len())),
            strict.map(|set| (set, true)),
            "{s:?} quoted"
        );
        for (mode, skip_empty) in [(Mode::Strict, false), (Mode::Decode, true)] {
            let fast = IdSet::parse_fast(s, skip_empty);
            let (inner, base) = match strip_brackets(s, mode) {
                Ok(x) => x,
                Err(_) => {
                    assert_eq!(fast, None, "{s:?} in {skip_empty}");
                    continue;
                }
            };
            let mut problems = Vec::new();
            let slow = scan_elements(inner, base, mode, &mut problems)
                .ok()
                .filter(|_| problems.is_empty())
                .and_then(|els| {
                    let mut set = IdSet::new();
                    for el in els {
                        if set.last().is_some_and(|p| el.lo <= p) {
                            return None;
                        }
                        set.push_range(el.lo, el.hi);
                    }
                    Some(set)
                });
            assert_eq!(fast, slow, "{s:?} skip_empty={skip_empty}");
            accepted += usize::from(fast.is_some());
        }
        accepted
    }

    /// Every string of up to 5 characters over an alphabet that reaches
    /// every rule: the one-pass path and the span-keeping scanner agree.
    #[test]
    fn fast_path_agrees_with_scanner() {
        let alphabet = ['0', '1', '2', '9', ',', '-', '[', ']', ' '];
        let mut inputs = vec![String::new()];
        let mut frontier = vec![String::new()];
        for _ in 0..5 {
            let mut next = Vec::new();
            for p in &frontier {
                for c in alphabet {
                    let mut s = p.clone();
                    s.push(c);
                    next.push(s);
                }
            }
            inputs.extend(next.iter().cloned());
            frontier = next;
        }
        inputs.extend(
            [
                "4294967294",
                "4294967295",
                "0-4294967294",
                "99999999999999999999",
                "1-4294967295",
            ]
            .map(String::from),
        );
        let accepted: usize = inputs.iter().map(|s| fast_agrees(s)).sum();
        assert!(accepted > 500, "{accepted}");
    }

    #[test]
    fn decode_skips_empty_elements() {
        check_decode(",1,,3,", "1,3");
        check_decode("[,1,]", "1");
        check_decode(",", "");
        check("1,,3", "error: empty element at column 3 2..2");
        // test_decode_info: counts and largest ids.
        for (input, count, max) in [
            ("[]", 0, None),
            ("", 0, None),
            ("0", 1, Some(0)),
            ("1,2", 2, Some(2)),
            ("1,2-1024", 1024, Some(1024)),
            ("0-3", 4, Some(3)),
        ] {
            let set = IdSet::decode(input).unwrap();
            assert_eq!((set.len(), set.last()), (count, max), "input {input:?}");
        }
    }

    #[test]
    fn reference_set_operations() {
        // libidset/test/idset.c optab (the non-NULL rows).
        let d = |s: &str| IdSet::decode(s).unwrap();
        assert_eq!(d("[0]").union(&d("[0]")), d("[0]"));
        assert_eq!(d("[0]").union(&d("[1]")), d("[0-1]"));
        assert_eq!(d("[0]").difference(&d("[0]")), d("[]"));
        assert_eq!(d("[0-1]").difference(&d("[0]")), d("[1]"));
        assert_eq!(d("[0-1]").intersection(&d("[2-3]")), d("[]"));
        assert_eq!(d("[0-1]").intersection(&d("[1-2]")), d("[1]"));
        assert_eq!(d("[0-1]").intersection(&d("[0-1]")), d("[0-1]"));
        assert_eq!(d("[0,1]").difference(&d("[1]")), d("[0]"));
        assert_eq!(d("[0,1]").difference(&d("[2]")), d("[0,1]"));
        // test_clear, test_range_clear, test_range_set.
        let mut s = d("1-10");
        for id in 1..=7 {
            assert!(s.contains(id));
            s.remove(id);
            assert!(!s.contains(id));
        }
        s.remove(100);
        assert_eq!(s.to_string(), "8-10");
        let mut s = d("1-10");
        s.remove_range(2, 5);
        s.remove_range(2, 5);
        assert_eq!(s.len(), 6);
        s.remove_range(6, 9);
        assert_eq!(s.to_string(), "1,10");
        let mut s = IdSet::new();
        s.insert_range(0, 2);
        s.insert_range(0, 2);
        assert_eq!(s.len(), 3);
        s.insert_range(79, 80);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 1, 2, 79, 80]);
        // test_copy.
        let a = d("1-5000");
        let mut b = a.clone();
        b.remove(100);
        assert_eq!((a.len(), b.len()), (5000, 4999));
    }

    #[test]
    fn lenient_is_not_quadratic_on_descending_input() {
        let text: Vec<String> = (0..200_000u32).rev().map(|i| (i * 2).to_string()).collect();
        let l = IdSet::parse_lenient(&text.join(",")).unwrap();
        assert_eq!(l.set.len(), 200_000);
        assert_eq!(l.set.range_count(), 200_000);
        assert_eq!(l.problems.len(), 199_999);
        // Each element is checked against the one before it.
        let l = IdSet::parse_lenient("5,1-3,4,0,2,9-7,6,12-14,13").unwrap();
        assert_eq!(l.set.to_string(), "0-9,12-14");
        let msgs: Vec<String> = l.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "'1-3' is out of order at column 3",
                "'0' is out of order at column 9",
                "reversed range '9-7' at column 13",
                "'6' is out of order at column 17",
                "duplicate id '13' at column 25",
            ]
        );
    }

    #[test]
    fn serde_carries_ranges_and_mends_bad_ones() {
        let set = IdSet::parse("0-3,5,7-9").unwrap();
        let json = serde_json::to_string(&set).unwrap();
        assert_eq!(json, "[[0,3],[5,5],[7,9]]");
        assert_eq!(serde_json::from_str::<IdSet>(&json).unwrap(), set);
        let mended: IdSet = serde_json::from_str("[[7,9],[2,1],[0,4],[5,5]]").unwrap();
        assert_eq!(mended.to_string(), "0-5,7-9");
        let mend = |json: &str| serde_json::from_str::<IdSet>(json).unwrap().ranges;
        assert_eq!(mend("[[0,3],[4,5]]"), [(0, 5)], "ranges that touch are one");
        assert_eq!(
            mend("[[0,3],[3,5]]"),
            [(0, 5)],
            "ranges that overlap are one"
        );
        assert_eq!(mend("[[0,4294967295]]"), [(0, MAX_ID)], "ids past MAX_ID");
        assert_eq!(mend("[[0,1],[3,4]]"), [(0, 1), (3, 4)], "taken as they are");
    }
}

/// The bitmap path of the set operations against the sets as `BTreeSet`s,
/// on ids around [`Bits::SIZE`] so that both paths are taken.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod bits_props {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn ids() -> impl Strategy<Value = BTreeSet<u32>> {
        prop_oneof![
            proptest::collection::btree_set(0u32..256, 0..200),
            proptest::collection::btree_set(0u32..300, 0..40),
            proptest::collection::btree_set(0u32..64, 0..64),
        ]
    }

    fn set(ids: &BTreeSet<u32>) -> IdSet {
        ids.iter().copied().collect()
    }

    proptest! {
        /// Difference and intersection give the model's ids, as canonical
        /// ranges, whichever path they take.
        #[test]
        fn set_operations_agree_with_the_model(a in ids(), b in ids()) {
            let (sa, sb) = (set(&a), set(&b));
            let diff = sa.difference(&sb);
            prop_assert_eq!(&diff, &set(&a.difference(&b).copied().collect()));
            let common = sa.intersection(&sb);
            prop_assert_eq!(&common, &set(&a.intersection(&b).copied().collect()));
        }
    }

    proptest! {
        /// Longer texts than `fast_path_agrees_with_scanner` writes out:
        /// ids of every length the word-at-a-time reader takes (and past
        /// it), near the end of the text or not.
        #[test]
        fn fast_path_agrees_on_long_texts(
            s in "\\[?([0-9]{1,12}(-[0-9]{1,12})?,?){0,6}\\]?",
            t in "[0-9,\\-]{0,24}",
        ) {
            super::tests::fast_agrees(&s);
            super::tests::fast_agrees(&t);
        }

        /// The bytes the encoders write are the text `Display` writes, for
        /// ids on both sides of the short ids' table and sets longer than
        /// the block they are made in.
        #[test]
        fn bytes_are_written_as_display_writes_them(
            ids in proptest::collection::btree_set(0u32..2000, 0..400),
            big in proptest::collection::btree_set(0u32..=MAX_ID, 0..8),
        ) {
            for set in [set(&ids), set(&big), set(&ids).union(&set(&big))] {
                let mut bytes = b"x".to_vec();
                set.write_bytes(&mut bytes);
                prop_assert_eq!(bytes, format!("x{set}").into_bytes());
            }
        }
    }

    #[test]
    fn bitmap_edges() {
        let d = |s: &str| IdSet::decode(s).unwrap();
        let all = d("0-255");
        assert_eq!(
            all.difference(&d("0,63-64,127-128,255")).to_string(),
            "1-62,65-126,129-254"
        );
        assert_eq!(
            all.intersection(&d("63-64,200-255")).to_string(),
            "63-64,200-255"
        );
        assert_eq!(all.difference(&all).to_string(), "");
        assert_eq!(d("5").intersection(&IdSet::new()).to_string(), "");
        assert_eq!(d("0-255").difference(&d("256")).to_string(), "0-255");
    }
}
