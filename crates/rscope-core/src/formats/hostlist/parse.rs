//! The RFC 29 hostlist parser and its error type.
//!
//! Accepts what flux-core's `hostlist_decode()` accepts, with these
//! deliberate differences (each rejects input the reference turns into
//! names that cannot be printed back):
//!
//! - a `]` before any `[` (`a]b`), a second bracket set (`n[1]-[2]`) and
//!   white space, `+` or `-` signs inside brackets (`n[ 1]`) are errors; the
//!   reference makes hosts such as `n1-[2]` or pads ` 1` to `01`;
//! - numbers above [`MAX_NUMBER`] are errors; the reference's `strtoul`
//!   silently saturates them;
//! - a name whose trailing number is too large is kept as a single name;
//!   the reference silently drops it;
//! - a whole string may name at most [`MAX_HOSTS`] hosts, and brackets
//!   followed by a suffix (which expand to one stored name per host) at most
//!   [`MAX_SUFFIX_HOSTS`]; the reference has no total limit;
//! - a host name may be at most [`MAX_NAME_LEN`] bytes long; the reference
//!   silently truncates longer plain names to 1023 bytes (and cannot print
//!   names much longer than 255 bytes).
//!
//! As in the reference, a token is separated by `,`, space or tab outside
//! brackets; `foo[1-]` means `foo1`; each range keeps the zero padding of
//! its own first number (`[005,4]` is `005,4`, where RFC 29 would pad `4`).

use super::hostrange::{digits, parse_number, HostRange, MAX_NUMBER};
use super::Hostlist;
use std::ops::Range;
use std::sync::Arc;

/// Most hosts one bracketed range may hold, as in the reference (2²⁰).
pub const MAX_RANGE_HOSTS: u64 = 1 << 20;

/// Most comma-separated ranges inside one pair of brackets, as in the
/// reference.
pub const MAX_BRACKET_RANGES: usize = 10240;

/// Most hosts one hostlist string may name (2²²). Sorting a list whose
/// ranges overlap splits it into up to one range per host, so this bounds
/// what [`Hostlist::sort`] can build from one parsed string.
pub const MAX_HOSTS: u64 = 1 << 22;

/// Most hosts one string may name through brackets followed by a suffix
/// (`n[1-4]-ib`), which are stored one name each, as the reference does
/// (2¹⁶; with [`MAX_NAME_LEN`] this bounds them to 64 MiB).
pub const MAX_SUFFIX_HOSTS: u64 = 1 << 16;

/// Longest host name, in bytes, that a hostlist string may hold (the size
/// of the reference's token buffer).
pub const MAX_NAME_LEN: usize = 1024;

/// What went wrong while parsing a hostlist string.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A `[` with no `]` before the end of its expression: `foo[1-3`.
    UnclosedBracket,
    /// A `]` with no `[` before it: `foo]`.
    UnmatchedBracket,
    /// A `[` inside brackets: `foo[[1,3]`.
    NestedBracket,
    /// A second bracket set in one expression: `n[1-2]-[3]`.
    SecondBracket,
    /// Nothing where a number belongs: `foo[]`, `foo[1,]`.
    MissingNumber,
    /// Something other than a digit, `,` or `-` inside brackets: `foo[p]`,
    /// `foo[2--5]`.
    UnexpectedChar(char),
    /// A range whose first number is above its last: `foo[3-1]`.
    ReversedRange(String),
    /// A range of more than [`MAX_RANGE_HOSTS`] hosts: `foo[0-1048576]`.
    RangeTooLarge(String),
    /// A number above [`MAX_NUMBER`]: `foo[18446744073709551615]`.
    NumberTooLarge(String),
    /// More than [`MAX_BRACKET_RANGES`] ranges inside one pair of brackets.
    TooManyRanges,
    /// More than [`MAX_HOSTS`] hosts in the whole string.
    TooManyHosts,
    /// More than [`MAX_SUFFIX_HOSTS`] hosts from brackets with a suffix.
    TooManySuffixHosts,
    /// A host name longer than [`MAX_NAME_LEN`] bytes.
    NameTooLong,
}

/// An error from parsing a hostlist string, with the byte span it concerns.
pub type ParseError = crate::diag::SpannedError<ErrorKind>;

impl crate::diag::Describe for ErrorKind {
    fn describe(&self) -> String {
        match self {
            ErrorKind::UnclosedBracket => "unclosed '['".to_string(),
            ErrorKind::UnmatchedBracket => "unmatched ']'".to_string(),
            ErrorKind::NestedBracket => "'[' inside brackets".to_string(),
            ErrorKind::SecondBracket => "second bracket set in one host expression".to_string(),
            ErrorKind::MissingNumber => "missing number".to_string(),
            ErrorKind::UnexpectedChar(c) => format!("unexpected character {c:?} in brackets"),
            ErrorKind::ReversedRange(s) => format!("reversed range '{s}'"),
            ErrorKind::RangeTooLarge(s) => {
                format!("range '{s}' has more than {MAX_RANGE_HOSTS} hosts")
            }
            ErrorKind::NumberTooLarge(s) => {
                format!("number '{s}' is too large (the largest is {MAX_NUMBER})")
            }
            ErrorKind::TooManyRanges => {
                format!("more than {MAX_BRACKET_RANGES} ranges in brackets")
            }
            ErrorKind::TooManyHosts => format!("more than {MAX_HOSTS} hosts"),
            ErrorKind::TooManySuffixHosts => {
                format!("more than {MAX_SUFFIX_HOSTS} hosts with a suffix after brackets")
            }
            ErrorKind::NameTooLong => format!("host name longer than {MAX_NAME_LEN} bytes"),
        }
    }
}

/// One range inside brackets, as written.
struct Element {
    lo: u64,
    hi: u64,
    /// Length of the first number as written: the zero-padding width.
    width: u32,
}

fn is_separator(b: u8) -> bool {
    matches!(b, b',' | b' ' | b'\t')
}

/// The character at byte `at` of `s` (which is a char boundary).
fn char_at(s: &str, at: usize) -> char {
    s.get(at..).and_then(|t| t.chars().next()).unwrap_or(' ')
}

/// Scan the digits starting at `at`; returns the end and the value.
fn scan_number(s: &str, at: usize, end: usize) -> Result<(usize, u64), ParseError> {
    let bytes = s.as_bytes();
    let mut i = at;
    while i < end && bytes[i].is_ascii_digit() {
        i += 1;
    }
    if i == at {
        return Err(if at == end || bytes[at] == b',' {
            ParseError::new(ErrorKind::MissingNumber, at..at)
        } else {
            let c = char_at(s, at);
            ParseError::new(ErrorKind::UnexpectedChar(c), at..at + c.len_utf8())
        });
    }
    let text = &s[at..i];
    match parse_number(text) {
        Some(v) => Ok((i, v)),
        None => Err(ParseError::new(
            ErrorKind::NumberTooLarge(text.to_string()),
            at..i,
        )),
    }
}

/// Parse the ranges of `s[start..end]` (between `[` and `]`).
fn parse_ranges(s: &str, start: usize, end: usize) -> Result<Vec<Element>, ParseError> {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut at = start;
    loop {
        if out.len() == MAX_BRACKET_RANGES {
            return Err(ParseError::new(
                ErrorKind::TooManyRanges,
                start - 1..end + 1,
            ));
        }
        let el_start = at;
        let (after_lo, lo) = scan_number(s, at, end)?;
        let width = u32::try_from(after_lo - at).unwrap_or(u32::MAX);
        let mut i = after_lo;
        let mut hi = lo;
        if i < end && bytes[i] == b'-' {
            i += 1;
            // The reference reads `lo-` as `lo`.
            if i < end && bytes[i] != b',' {
                let (after_hi, h) = scan_number(s, i, end)?;
                hi = h;
                i = after_hi;
            }
        }
        if i < end && bytes[i] != b',' {
            let c = char_at(s, i);
            return Err(ParseError::new(
                ErrorKind::UnexpectedChar(c),
                i..i + c.len_utf8(),
            ));
        }
        let text = &s[el_start..i];
        if lo > hi {
            return Err(ParseError::new(
                ErrorKind::ReversedRange(text.to_string()),
                el_start..i,
            ));
        }
        if hi - lo >= MAX_RANGE_HOSTS {
            return Err(ParseError::new(
                ErrorKind::RangeTooLarge(text.to_string()),
                el_start..i,
            ));
        }
        out.push(Element { lo, hi, width });
        if i >= end {
            return Ok(out);
        }
        at = i + 1;
    }
}

/// Running totals checked against the limits while parsing.
struct Budget {
    hosts: u64,
    suffix_hosts: u64,
}

impl Budget {
    fn take(&mut self, n: u64, suffix: bool, span: Range<usize>) -> Result<(), ParseError> {
        self.hosts += n;
        if self.hosts > MAX_HOSTS {
            return Err(ParseError::new(ErrorKind::TooManyHosts, span));
        }
        if suffix {
            self.suffix_hosts += n;
            if self.suffix_hosts > MAX_SUFFIX_HOSTS {
                return Err(ParseError::new(ErrorKind::TooManySuffixHosts, span));
            }
        }
        Ok(())
    }
}

/// Parse one host expression `s[start..end]`, appending to `hl`.
fn parse_expression(
    s: &str,
    start: usize,
    end: usize,
    hl: &mut Hostlist,
    budget: &mut Budget,
) -> Result<(), ParseError> {
    let bytes = s.as_bytes();
    let open = match bytes[start..end].iter().position(|&b| b == b'[') {
        Some(p) => start + p,
        None => {
            if end - start > MAX_NAME_LEN {
                return Err(ParseError::new(ErrorKind::NameTooLong, start..end));
            }
            budget.take(1, false, start..end)?;
            hl.push_host(&s[start..end]);
            return Ok(());
        }
    };
    // The tokenizer guarantees a matching `]` and no `]` before `open`.
    let close = match bytes[open..end].iter().position(|&b| b == b']') {
        Some(p) => open + p,
        None => return Err(ParseError::new(ErrorKind::UnclosedBracket, open..open + 1)),
    };
    let prefix = &s[start..open];
    let suffix = &s[close + 1..end];
    let elements = parse_ranges(s, open + 1, close)?;
    let shared: Arc<str> = prefix.into();
    for el in elements {
        let printed = (el.width as usize).max(digits(el.hi) as usize);
        if prefix.len() + printed + suffix.len() > MAX_NAME_LEN {
            return Err(ParseError::new(ErrorKind::NameTooLong, start..end));
        }
        let n = el.hi - el.lo + 1;
        budget.take(n, !suffix.is_empty(), start..end)?;
        if suffix.is_empty() {
            hl.push_range(HostRange::numeric_shared(
                shared.clone(),
                el.lo,
                el.hi,
                el.width,
            ));
        } else {
            // As the reference does, each host with a suffix is one name.
            let w = el.width as usize;
            for k in el.lo..=el.hi {
                hl.push_range(HostRange::single(&format!("{prefix}{k:0w$}{suffix}")));
            }
        }
    }
    Ok(())
}

/// Parse a whole hostlist string.
pub(super) fn parse(s: &str) -> Result<Hostlist, ParseError> {
    let bytes = s.as_bytes();
    let mut hl = Hostlist::new();
    let mut budget = Budget {
        hosts: 0,
        suffix_hosts: 0,
    };
    let mut i = 0;
    while i < bytes.len() {
        if is_separator(bytes[i]) {
            i += 1;
            continue;
        }
        // One token: up to a separator outside brackets.
        let start = i;
        let mut open: Option<usize> = None;
        let mut closed = false;
        while i < bytes.len() {
            let b = bytes[i];
            match (b, open) {
                (b'[', Some(_)) => {
                    return Err(ParseError::new(ErrorKind::NestedBracket, i..i + 1));
                }
                (b'[', None) if closed => {
                    return Err(ParseError::new(ErrorKind::SecondBracket, i..i + 1));
                }
                (b'[', None) => open = Some(i),
                (b']', Some(_)) => {
                    open = None;
                    closed = true;
                }
                (b']', None) => {
                    return Err(ParseError::new(ErrorKind::UnmatchedBracket, i..i + 1));
                }
                (_, None) if is_separator(b) => break,
                _ => {}
            }
            i += 1;
        }
        if let Some(o) = open {
            return Err(ParseError::new(ErrorKind::UnclosedBracket, o..o + 1));
        }
        parse_expression(s, start, i, &mut hl, &mut budget)?;
    }
    Ok(hl)
}
