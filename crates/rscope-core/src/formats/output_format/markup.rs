//! `string.Formatter.parse()` and `_string.formatter_field_name_split()`:
//! CPython's MarkupIterator and FieldNameIterator (Objects/stringlib/
//! unicode_format.h), with their error messages.

use super::pytext::decimal;
use super::FormatError;

/// A replacement field: `{name!conversion:spec}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Field<'a> {
    pub name: &'a str,
    /// `None` when there is none (and for a NUL, as in CPython).
    pub conversion: Option<char>,
    pub spec: &'a str,
}

/// Literal text, then maybe a field: one tuple of `Formatter.parse()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece<'a> {
    pub literal: &'a str,
    pub field: Option<Field<'a>>,
}

/// The pieces of a format string, lazily: an error ends the iteration, and
/// the pieces before it have been yielded (Python formats those first).
pub(crate) struct Markup<'a> {
    s: &'a str,
    pos: usize,
    failed: bool,
}

/// Parses a format string as `Formatter.parse()` does.
pub(crate) fn parse(s: &str) -> Markup<'_> {
    Markup {
        s,
        pos: 0,
        failed: false,
    }
}

/// Parses a whole format string, failing on its first error.
pub(crate) fn parse_all(s: &str) -> Result<Vec<Piece<'_>>, FormatError> {
    parse(s).collect()
}

impl<'a> Iterator for Markup<'a> {
    type Item = Result<Piece<'a>, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.pos >= self.s.len() {
            return None;
        }
        let piece = self.step();
        self.failed = piece.is_err();
        Some(piece)
    }
}

impl<'a> Markup<'a> {
    fn step(&mut self) -> Result<Piece<'a>, FormatError> {
        let s = self.s;
        let b = s.as_bytes();
        let start = self.pos;
        // Braces are ASCII, so scanning bytes is scanning characters.
        let mut brace = None;
        while self.pos < b.len() {
            let c = b[self.pos];
            self.pos += 1;
            if c == b'{' || c == b'}' {
                brace = Some(c);
                break;
            }
        }
        let at_end = self.pos >= b.len();
        let mut len = self.pos - start;
        if brace == Some(b'}') && (at_end || b[self.pos] != b'}') {
            return Err(FormatError::value(
                "Single '}' encountered in format string",
            ));
        }
        if at_end && brace == Some(b'{') {
            return Err(FormatError::value(
                "Single '{' encountered in format string",
            ));
        }
        let mut markup = brace.is_some();
        if let (false, Some(c)) = (at_end, brace) {
            if b[self.pos] == c {
                // An escaped brace: the literal keeps one of the two.
                self.pos += 1;
                markup = false;
            } else {
                len -= 1;
            }
        }
        let literal = &s[start..start + len];
        if !markup {
            return Ok(Piece {
                literal,
                field: None,
            });
        }
        let field = self.field()?;
        Ok(Piece {
            literal,
            field: Some(field),
        })
    }

    /// parse_field(): the name up to `}`, `:` or `!`, a conversion, and a
    /// spec up to the matching `}` (nested braces counted).
    fn field(&mut self) -> Result<Field<'a>, FormatError> {
        let s = self.s;
        let b = s.as_bytes();
        let name_start = self.pos;
        let mut last = 0u8;
        while self.pos < b.len() {
            last = b[self.pos];
            self.pos += 1;
            match last {
                b'{' => return Err(FormatError::value("unexpected '{' in field name")),
                b'[' => {
                    while self.pos < b.len() && b[self.pos] != b']' {
                        self.pos += 1;
                    }
                }
                b'}' | b':' | b'!' => break,
                _ => {}
            }
        }
        if last == b'}' {
            let name = &s[name_start..self.pos - 1];
            return Ok(Field {
                name,
                conversion: None,
                spec: "",
            });
        }
        if last != b'!' && last != b':' {
            return Err(FormatError::value("expected '}' before end of string"));
        }
        let name = &s[name_start..self.pos - 1];
        let mut conversion = None;
        if last == b'!' {
            let Some(c) = s[self.pos..].chars().next() else {
                return Err(FormatError::value(
                    "end of string while looking for conversion specifier",
                ));
            };
            self.pos += c.len_utf8();
            conversion = (c != '\0').then_some(c);
            if self.pos < b.len() {
                let next = b[self.pos];
                self.pos += 1;
                if next == b'}' {
                    return Ok(Field {
                        name,
                        conversion,
                        spec: "",
                    });
                }
                if next != b':' {
                    return Err(FormatError::value(
                        "expected ':' after conversion specifier",
                    ));
                }
            }
        }
        let spec_start = self.pos;
        let mut depth = 1;
        while self.pos < b.len() {
            let c = b[self.pos];
            self.pos += 1;
            if c == b'{' {
                depth += 1;
            } else if c == b'}' {
                depth -= 1;
                if depth == 0 {
                    let spec = &s[spec_start..self.pos - 1];
                    return Ok(Field {
                        name,
                        conversion,
                        spec,
                    });
                }
            }
        }
        Err(FormatError::value("unmatched '{' in format spec"))
    }
}

/// get_integer() of unicode_format.h: `None` unless every character is a
/// decimal digit; an error when the number does not fit a `Py_ssize_t`
/// (raised as soon as the digits overflow, as CPython does).
pub(crate) fn integer(s: &str) -> Result<Option<usize>, FormatError> {
    if s.is_empty() {
        return Ok(None);
    }
    let mut acc: u64 = 0;
    for c in s.chars() {
        let Some(d) = decimal(c) else { return Ok(None) };
        let d = u64::from(d);
        if acc > (i64::MAX as u64 - d) / 10 {
            return Err(FormatError::value(
                "Too many decimal digits in format string",
            ));
        }
        acc = acc * 10 + d;
    }
    Ok(Some(acc as usize))
}

/// The first part of a field name: an index into the positional
/// arguments or a keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum First<'a> {
    Index(usize),
    Name(&'a str),
}

/// One step after the first part: `.attr`, `[index]` or `[key]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access<'a> {
    Attr(&'a str),
    Index(usize),
    Key(&'a str),
}

/// The steps after the first part, parsed lazily as CPython does (an
/// attribute is looked up before a later step's syntax is checked).
pub(crate) struct Rest<'a> {
    s: &'a str,
    pos: usize,
    failed: bool,
}

/// `formatter_field_name_split()`.
pub(crate) fn split_name(name: &str) -> Result<(First<'_>, Rest<'_>), FormatError> {
    let end = name.find(['.', '[']).unwrap_or(name.len());
    let first = &name[..end];
    let first = match integer(first)? {
        Some(i) => First::Index(i),
        None => First::Name(first),
    };
    Ok((
        first,
        Rest {
            s: name,
            pos: end,
            failed: false,
        },
    ))
}

impl<'a> Iterator for Rest<'a> {
    type Item = Result<Access<'a>, FormatError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.pos >= self.s.len() {
            return None;
        }
        let step = self.step();
        self.failed = step.is_err();
        Some(step)
    }
}

impl<'a> Rest<'a> {
    fn step(&mut self) -> Result<Access<'a>, FormatError> {
        let s = self.s;
        let c = s.as_bytes()[self.pos];
        self.pos += 1;
        let start = self.pos;
        let access = match c {
            b'.' => {
                self.pos = s[start..].find(['.', '[']).map_or(s.len(), |i| start + i);
                Access::Attr(&s[start..self.pos])
            }
            b'[' => {
                let Some(close) = s[start..].find(']') else {
                    self.pos = s.len();
                    return Err(FormatError::value("Missing ']' in format string"));
                };
                self.pos = start + close + 1;
                let key = &s[start..start + close];
                match integer(key)? {
                    Some(i) => Access::Index(i),
                    None => Access::Key(key),
                }
            }
            _ => {
                return Err(FormatError::value(
                    "Only '.' or '[' may follow ']' in format field specifier",
                ))
            }
        };
        let empty = match access {
            Access::Attr(a) | Access::Key(a) => a.is_empty(),
            Access::Index(_) => false,
        };
        if empty {
            return Err(FormatError::value("Empty attribute in format string"));
        }
        Ok(access)
    }
}
