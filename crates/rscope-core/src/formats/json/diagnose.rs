//! Why a text is not JSON: the first place where it stops being RFC 8259
//! JSON, and a message that names what is there.
//!
//! The one-pass reader ([`super::tree`]) only says yes or no, which keeps
//! it fast; when it says no, this walk finds the place and words the
//! reason. Written here rather than taken from a parser crate so that the
//! element's small bundle carries one JSON reader, and so that the
//! extensions people write by habit (comments, trailing commas, single
//! quotes, hexadecimal, `NaN`) are named as such: the fix is then plain.
//!
//! It is the reader's exact complement: it finds no error in a text only
//! when [`super::tree::read`] reads it (a property test and the fuzz target
//! hold both to that).

use std::ops::Range;

/// The deepest nesting of arrays and objects read. jansson's is 2 048;
/// Rscope stops sooner so that the reader's recursion fits in a wasm
/// stack, and no Flux document nests more than a dozen levels.
pub const MAX_JSON_DEPTH: u32 = 512;

/// The first error in `text`, as a message (without the `not JSON: `
/// prefix) and the bytes it is about; `None` when `text` is one JSON value.
pub fn first_error(text: &str) -> Option<(String, Range<usize>)> {
    let mut walk = Walk {
        text,
        b: text.as_bytes(),
        i: 0,
        open: Vec::new(),
    };
    walk.run().err().map(|e| (e.message, e.span))
}

struct NotJson {
    message: String,
    span: Range<usize>,
}

type Step = Result<(), NotJson>;

fn fail(message: impl Into<String>, span: Range<usize>) -> NotJson {
    NotJson {
        message: message.into(),
        span,
    }
}

struct Walk<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    /// The arrays and objects not yet closed: each opening byte's index.
    open: Vec<usize>,
}

impl Walk<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    /// The whole character at `at` (one byte at the end of the text).
    fn char_at(&self, at: usize) -> Range<usize> {
        let len = self.text[at..].chars().next().map_or(0, char::len_utf8);
        at..at + len
    }

    fn run(&mut self) -> Step {
        self.ws();
        if self.i == self.b.len() {
            return Err(fail("empty document", 0..0));
        }
        loop {
            while self.value()? {}
            // Close what closes here; stop at the next value to read.
            loop {
                self.ws();
                let Some(&open) = self.open.last() else {
                    return self.end();
                };
                if self.after_element(open)? {
                    break;
                }
            }
        }
    }

    /// After the outermost value: only white space may follow.
    fn end(&mut self) -> Step {
        if self.i == self.b.len() {
            return Ok(());
        }
        if self.at_comment() {
            return Err(self.comment());
        }
        Err(fail(
            "text cannot contain more than one JSON value",
            self.char_at(self.i),
        ))
    }

    fn at_comment(&self) -> bool {
        self.b.get(self.i) == Some(&b'/') && matches!(self.b.get(self.i + 1), Some(b'/' | b'*'))
    }

    /// After an element of the container opened at `open`: true when a
    /// value follows (its key, for an object, already read).
    fn after_element(&mut self, open: usize) -> Result<bool, NotJson> {
        let object = self.b[open] == b'{';
        let (close, what, part) = if object {
            (b'}', "object", "member")
        } else {
            (b']', "array", "element")
        };
        match self.b.get(self.i) {
            None => Err(fail(format!("unterminated {what}"), open..self.b.len())),
            Some(&c) if c == close => {
                self.i += 1;
                self.open.pop();
                Ok(false)
            }
            Some(b',') => {
                let comma = self.i;
                self.i += 1;
                self.ws();
                if self.b.get(self.i) == Some(&close) {
                    return Err(fail("trailing commas are not allowed", comma..comma + 1));
                }
                if object {
                    self.key(open)?;
                }
                Ok(true)
            }
            Some(_) if self.at_comment() => Err(self.comment()),
            Some(_) => {
                let close = close as char;
                Err(fail(
                    format!("expected ',' or '{close}' after an {what} {part}"),
                    self.char_at(self.i),
                ))
            }
        }
    }

    /// A value, or the opening of a container and its first key: true
    /// when a container was opened and its first value is next.
    fn value(&mut self) -> Result<bool, NotJson> {
        let at = self.i;
        match self.b.get(at) {
            Some(&open @ (b'{' | b'[')) => self.open_container(open),
            Some(b'"') => self.string().map(|()| false),
            Some(b'-' | b'0'..=b'9') => self.number().map(|()| false),
            Some(c) if c.is_ascii_alphabetic() => self.word().map(|()| false),
            None => Err(fail(
                "unexpected end of the text, where a value should be",
                at..at,
            )),
            Some(&c) => Err(self.not_a_value(c)),
        }
    }

    fn open_container(&mut self, open: u8) -> Result<bool, NotJson> {
        if self.open.len() as u32 >= MAX_JSON_DEPTH {
            return Err(fail(
                format!("arrays and objects nested deeper than {MAX_JSON_DEPTH} levels"),
                self.i..self.i + 1,
            ));
        }
        self.open.push(self.i);
        self.i += 1;
        self.ws();
        let close = if open == b'{' { b'}' } else { b']' };
        if self.b.get(self.i) == Some(&close) {
            // An empty container is a whole value: the caller closes it.
            self.open.pop();
            self.i += 1;
            return Ok(false);
        }
        if open == b'{' {
            let brace = *self.open.last().unwrap_or(&0);
            self.key(brace)?;
        }
        Ok(true)
    }

    /// What a value cannot start with, named.
    fn not_a_value(&self, c: u8) -> NotJson {
        let at = self.i;
        let one = at..at + 1;
        match c {
            b'}' => fail("unexpected close brace", one),
            b']' => fail("unexpected close bracket", one),
            b',' => fail("unexpected comma", one),
            b':' => fail("unexpected colon", one),
            b'\'' => fail("single-quoted strings are not allowed", one),
            b'+' => fail("unary plus on numbers is not allowed", one),
            b'.' => fail("numbers cannot start with a decimal point", one),
            b'/' if self.at_comment() => self.comment(),
            0xEF if self.text[at..].starts_with('\u{feff}') => {
                fail("a byte order mark (U+FEFF) is not allowed", at..at + 3)
            }
            _ => fail("expected value", self.char_at(at)),
        }
    }

    /// A comment at `self.i`: its whole extent.
    fn comment(&self) -> NotJson {
        let at = self.i;
        let rest = &self.text[at..];
        let len = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else {
            rest.find("*/").map_or(rest.len(), |e| e + 2)
        };
        fail("comments are not allowed", at..at + len)
    }

    /// A member's key and its colon, at the start of a member of the
    /// object opened at `open`.
    fn key(&mut self, open: usize) -> Step {
        let at = self.i;
        match self.b.get(at) {
            Some(b'"') => self.string()?,
            None => return Err(fail("unterminated object", open..self.b.len())),
            Some(b'\'') => {
                return Err(fail("single-quoted strings are not allowed", at..at + 1));
            }
            Some(b'/') if self.at_comment() => return Err(self.comment()),
            Some(_) => {
                return Err(fail(
                    "expected string for object property",
                    self.char_at(at),
                ))
            }
        }
        self.ws();
        if self.b.get(self.i) != Some(&b':') {
            let at = self.i.min(self.b.len());
            let span = if at == self.b.len() {
                at..at
            } else {
                self.char_at(at)
            };
            return Err(fail("expected ':' after the property name", span));
        }
        self.i += 1;
        self.ws();
        Ok(())
    }

    /// A run of letters: `true`, `false`, `null`, or what is named.
    fn word(&mut self) -> Step {
        let at = self.i;
        let len = self.b[at..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        let word = &self.text[at..at + len];
        if matches!(word, "true" | "false" | "null") {
            self.i += len;
            return Ok(());
        }
        // `truex` reads as `true` then a second value, as the reader sees it.
        for w in ["true", "false", "null"] {
            if word.starts_with(w) {
                self.i += w.len();
                return Ok(());
            }
        }
        if matches!(word, "NaN" | "Infinity") {
            return Err(fail("infinity and NaN are not allowed", at..at + len));
        }
        Err(fail("unexpected word", at..at + len))
    }

    fn digits(&mut self) -> usize {
        let from = self.i;
        while let Some(b'0'..=b'9') = self.b.get(self.i) {
            self.i += 1;
        }
        self.i - from
    }

    fn number(&mut self) -> Step {
        let start = self.i;
        if self.b[start] == b'-' {
            self.i += 1;
            if let Some(b'N' | b'I') = self.b.get(self.i) {
                self.word()
                    .map_err(|e| fail(e.message, start..e.span.end))?;
                return Err(fail(
                    "expected digit following negative sign",
                    start..start + 1,
                ));
            }
        }
        match self.b.get(self.i) {
            Some(b'0') => {
                self.i += 1;
                match self.b.get(self.i) {
                    Some(b'x' | b'X') => {
                        let end = self.i
                            + 1
                            + self.b[self.i + 1..]
                                .iter()
                                .take_while(|c| c.is_ascii_hexdigit())
                                .count();
                        return Err(fail("hexadecimal numbers are not allowed", start..end));
                    }
                    Some(b'0'..=b'9') => {
                        return Err(fail("numbers cannot have leading zeros", start..self.i + 1));
                    }
                    _ => {}
                }
            }
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => {
                return Err(fail(
                    "expected digit following negative sign",
                    start..start + 1,
                ))
            }
        }
        self.fraction_and_exponent()
    }

    fn fraction_and_exponent(&mut self) -> Step {
        if self.b.get(self.i) == Some(&b'.') {
            let dot = self.i;
            self.i += 1;
            if self.digits() == 0 {
                return Err(fail("expected digit after the decimal point", dot..dot + 1));
            }
        }
        if let Some(b'e' | b'E') = self.b.get(self.i) {
            let e = self.i;
            self.i += 1;
            if let Some(b'+' | b'-') = self.b.get(self.i) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(fail("expected digit in the exponent", e..self.i));
            }
        }
        Ok(())
    }

    /// A string literal at its opening quote.
    fn string(&mut self) -> Step {
        let start = self.i;
        self.i += 1;
        loop {
            match self.b.get(self.i) {
                None => return Err(fail("unterminated string literal", start..self.b.len())),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(());
                }
                Some(b'\\') => self.escape()?,
                Some(&c) if c < 0x20 => {
                    return Err(fail(
                        "control character (\\u0000-\\u001F) found while parsing a string",
                        self.i..self.i + 1,
                    ))
                }
                Some(_) => self.i += 1,
            }
        }
    }

    /// One escape, at its backslash.
    fn escape(&mut self) -> Step {
        let at = self.i;
        self.i += 2;
        match self.b.get(at + 1) {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(()),
            Some(b'u') => self.unicode(at),
            None => Err(fail("unterminated string literal", at..self.b.len())),
            Some(_) => Err(fail("invalid escape", at..self.char_at(at + 1).end)),
        }
    }

    /// The four hex digits of `\u` at `at`, and a surrogate's pair.
    fn unicode(&mut self, at: usize) -> Step {
        let hi = self.hex4(at)?;
        if (0xDC00..0xE000).contains(&hi) {
            return Err(fail(
                format!("\\u{hi:04x} is an unpaired low surrogate"),
                at..self.i,
            ));
        }
        if !(0xD800..0xDC00).contains(&hi) {
            return Ok(());
        }
        if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
            return Err(fail(
                format!("\\u{hi:04x} is an unpaired high surrogate"),
                at..self.i,
            ));
        }
        let low_at = self.i;
        self.i += 2;
        let lo = self.hex4(low_at)?;
        if !(0xDC00..0xE000).contains(&lo) {
            return Err(fail(
                format!("\\u{hi:04x} is a high surrogate not followed by a low one"),
                at..self.i,
            ));
        }
        Ok(())
    }

    fn hex4(&mut self, at: usize) -> Result<u32, NotJson> {
        let digits = self.b[self.i..]
            .iter()
            .take(4)
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        if digits < 4 {
            return Err(fail(
                "expected four hex digits after \\u",
                at..self.i + digits,
            ));
        }
        let s = &self.text[self.i..self.i + 4];
        self.i += 4;
        Ok(u32::from_str_radix(s, 16).unwrap_or(0))
    }
}
