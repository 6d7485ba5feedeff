//! The shape lexer: a hand-written image of the reference's PLY lexer.
//!
//! The reference lexer has states, and which characters make a token
//! depends on them: after `=` it reads counts, after `{` dictionary keys,
//! after `:` inside braces dictionary values, between quotes raw text. The
//! state machine here is the same one, so that every input splits into the
//! same tokens and fails at the same character. Notable consequences, all
//! the reference's:
//!
//! - a type is any run of characters other than `={}[]/;`, quotes and
//!   white space, so `a,b:c+d` is one type; `slot` in any case is the slot
//!   keyword, unless quoted;
//! - a key runs to the next `:`, `,`, `{` or `}` and keeps trailing blanks
//!   (`{ a }` has the key `"a "`); the key `x` means `exclusive`;
//! - an unquoted value runs to the next `,{}[]` and keeps trailing blanks;
//!   `true`, `false`, `null` are read in any case; a number needs `}` or
//!   `,` right after it;
//! - a value starting with `[` is JSON up to the last `]` on its line, with
//!   every `'` read as `"`;
//! - an idset count needs a comma (`4,9`), `3-30` is a range.

use super::error::{Error, ErrorKind};
use super::json::{self, Json};
use std::ops::Range;

/// A token and the bytes it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What was read.
    pub tok: Tok,
    /// Where: for a quoted string, the text between the quotes.
    pub span: Range<usize>,
}

/// The kinds of token, as the reference names them.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An unquoted resource type.
    Type(String),
    /// `slot`, in any case, unquoted.
    Slot,
    /// Text between quotes.
    QString(String),
    /// A count's integer.
    Integer(u64),
    /// A count's idset, verbatim (`4,9,16,25`).
    IdSet(String),
    /// A count's `:+`, `:*` or `:^`.
    Operator(char),
    /// An unquoted dictionary key (`x` already read as `exclusive`).
    Key(String),
    /// `false` in any case.
    False,
    /// `null` in any case.
    Null,
    /// `true` in any case.
    True,
    /// A number value.
    Number(Json),
    /// An unquoted string value.
    Str(String),
    /// A `[...]` value, decoded.
    Array(Json),
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `,`.
    Comma,
    /// `;`.
    Semi,
    /// `:`.
    Colon,
    /// `/`.
    Slash,
    /// `+`.
    Plus,
    /// `-`.
    Minus,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Initial,
    Count,
    DictKey,
    DictValue,
    Quoting(char),
}

/// Python's `str.isspace()`, which the reference's `\s` uses.
pub(crate) fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// The characters every state but quoting skips.
fn ignored(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n' | '\u{c}' | '\u{b}')
}

/// The shape lexer; see the module docs.
pub struct Lexer<'a> {
    text: &'a str,
    pos: usize,
    state: State,
    stack: Vec<State>,
    quote_start: usize,
    quote_empty: bool,
    /// `[` minus `]` so far.
    pub bracket_level: i64,
    /// Byte offset of the last `[`.
    pub last_lbracket: usize,
    /// Byte offset of the last `]`.
    pub last_rbracket: usize,
    /// `{` minus `}` so far.
    pub brace_level: i64,
    /// Byte offset of the last `{`.
    pub last_lbrace: usize,
    /// Byte offset of the last `}`.
    pub last_rbrace: usize,
    /// `slot` keywords read so far.
    pub slot_count: usize,
    /// Nesting allowed to a `[...]` value.
    pub json_depth: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Self {
        Lexer {
            text,
            pos: 0,
            state: State::Initial,
            stack: Vec::new(),
            quote_start: 0,
            quote_empty: true,
            bracket_level: 0,
            last_lbracket: 0,
            last_rbracket: 0,
            brace_level: 0,
            last_lbrace: 0,
            last_rbrace: 0,
            slot_count: 0,
            json_depth: super::MAX_DEPTH,
        }
    }

    fn push(&mut self, state: State) {
        self.stack.push(self.state);
        self.state = state;
    }

    fn pop(&mut self) {
        // The reference would raise on an empty stack; its parser always
        // fails first, so falling back to the initial state is safe.
        self.state = self.stack.pop().unwrap_or(State::Initial);
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    fn token(&mut self, tok: Tok, len: usize) -> Option<Token> {
        let span = self.pos..self.pos + len;
        self.pos += len;
        Some(Token { tok, span })
    }

    /// Length of the run at the start of `s` of characters where `f` holds.
    fn run(s: &str, f: impl Fn(char) -> bool) -> usize {
        s.char_indices()
            .find(|&(_, c)| !f(c))
            .map_or(s.len(), |(i, _)| i)
    }

    fn open_bracket(&mut self) -> Option<Token> {
        self.bracket_level += 1;
        self.last_lbracket = self.pos;
        self.token(Tok::LBracket, 1)
    }

    fn close_bracket(&mut self) -> Option<Token> {
        self.bracket_level -= 1;
        self.last_rbracket = self.pos;
        self.token(Tok::RBracket, 1)
    }

    fn open_brace(&mut self) -> Option<Token> {
        self.brace_level += 1;
        self.last_lbrace = self.pos;
        self.push(State::DictKey);
        self.token(Tok::LBrace, 1)
    }

    fn close_brace(&mut self) -> Option<Token> {
        self.brace_level -= 1;
        self.last_rbrace = self.pos;
        self.pop();
        self.token(Tok::RBrace, 1)
    }

    fn literal(&mut self, c: char) -> Option<Token> {
        let tok = match c {
            ',' => Tok::Comma,
            ';' => Tok::Semi,
            ':' => Tok::Colon,
            '/' => Tok::Slash,
            '+' => Tok::Plus,
            '-' => Tok::Minus,
            _ => return None,
        };
        self.token(tok, 1)
    }

    fn illegal(&self, c: char) -> Error {
        Error::new(
            ErrorKind::IllegalCharacter(c),
            self.pos..self.pos + c.len_utf8(),
        )
    }

    /// The next token, `None` at the end of input.
    pub fn next_token(&mut self) -> Result<Option<Token>, Error> {
        loop {
            let Some(c) = self.rest().chars().next() else {
                if let State::Quoting(q) = self.state {
                    let start = self.quote_start.saturating_sub(1);
                    return Err(Error::new(ErrorKind::UnclosedQuote(q), start..start + 1));
                }
                return Ok(None);
            };
            if !matches!(self.state, State::Quoting(_)) && ignored(c) {
                self.pos += 1;
                continue;
            }
            // Quote openings come first in every state but quoting.
            if matches!(c, '"' | '\'') && !matches!(self.state, State::Quoting(_)) {
                self.pos += 1;
                self.quote_start = self.pos;
                self.quote_empty = true;
                self.push(State::Quoting(c));
                continue;
            }
            let tok = match self.state {
                State::Quoting(q) => {
                    if c == q {
                        self.pop();
                        let at = self.pos;
                        self.pos += 1;
                        if self.quote_empty {
                            return Ok(Some(Token {
                                tok: Tok::QString(String::new()),
                                span: at..at,
                            }));
                        }
                        continue;
                    }
                    let n = Self::run(self.rest(), |ch| ch != q);
                    let s = self.rest()[..n].to_string();
                    self.quote_empty = false;
                    return Ok(self.token(Tok::QString(s), n));
                }
                State::Initial => self.initial(c)?,
                State::Count => self.count(c)?,
                State::DictKey => self.dict_key(c)?,
                State::DictValue => self.dict_value(c)?,
            };
            if let Some(t) = tok {
                return Ok(Some(t));
            }
        }
    }

    fn initial(&mut self, c: char) -> Result<Option<Token>, Error> {
        let is_type = |ch: char| {
            !matches!(ch, '=' | '{' | '}' | '[' | ']' | '/' | ';' | '"' | '\'') && !py_space(ch)
        };
        if is_type(c) {
            let n = Self::run(self.rest(), is_type);
            let s = &self.rest()[..n];
            // Comparing without ASCII case is comparing lowercased text
            // here: no other character lowercases to an ASCII letter but
            // the Kelvin sign (to `k`), and none of the words has a `k`.
            // It also keeps Unicode's case tables out of the wasm.
            let tok = if s.eq_ignore_ascii_case("slot") {
                self.slot_count += 1;
                Tok::Slot
            } else {
                Tok::Type(s.to_string())
            };
            return Ok(self.token(tok, n));
        }
        Ok(match c {
            '=' => {
                self.pos += 1;
                self.push(State::Count);
                None
            }
            '{' => self.open_brace(),
            '}' => self.close_brace(),
            '[' => self.open_bracket(),
            ']' => self.close_bracket(),
            ';' | '/' => self.literal(c),
            _ => return Err(self.illegal(c)),
        })
    }

    fn count(&mut self, c: char) -> Result<Option<Token>, Error> {
        let rest = self.rest();
        if c == ':' {
            if let Some(op @ ('+' | '*' | '^')) = rest[1..].chars().next() {
                return Ok(self.token(Tok::Operator(op), 2));
            }
        }
        if let Some(n) = idset_len(rest) {
            let s = rest[..n].to_string();
            return Ok(self.token(Tok::IdSet(s), n));
        }
        if ('1'..='9').contains(&c) {
            let n = Self::run(rest, |ch| ch.is_ascii_digit());
            let digits = &rest[..n];
            let value = digits.parse::<u64>().map_err(|_| {
                Error::new(
                    ErrorKind::CountTooLarge(digits.to_string()),
                    self.pos..self.pos + n,
                )
            })?;
            return Ok(self.token(Tok::Integer(value), n));
        }
        Ok(match c {
            '{' | '/' | ';' => {
                self.pop();
                None
            }
            '}' => self.close_brace(),
            '[' => self.open_bracket(),
            ']' => self.close_bracket(),
            ',' | ':' | '+' | '-' => self.literal(c),
            _ => return Err(self.illegal(c)),
        })
    }

    fn dict_key(&mut self, c: char) -> Result<Option<Token>, Error> {
        if !matches!(c, '+' | '-' | ':' | ',' | '{' | '}') {
            let n = Self::run(self.rest(), |ch| !matches!(ch, ':' | ',' | '{' | '}'));
            let s = &self.rest()[..n];
            let key = if s == "x" { "exclusive" } else { s };
            return Ok(self.token(Tok::Key(key.to_string()), n));
        }
        Ok(match c {
            ':' => {
                self.push(State::DictValue);
                self.token(Tok::Colon, 1)
            }
            '{' => self.open_brace(),
            '}' => self.close_brace(),
            _ => self.literal(c),
        })
    }

    fn dict_value(&mut self, c: char) -> Result<Option<Token>, Error> {
        let rest = self.rest();
        if c == '[' {
            let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
            if let Some(end) = line.rfind(']') {
                let text = &rest[..=end];
                let span = self.pos..self.pos + end + 1;
                self.pop();
                let decoded = json::parse_python(&text.replace('\'', "\""), self.json_depth)
                    .map_err(|e| {
                        let at = span.start + e.offset;
                        if e.message.starts_with("nested deeper") {
                            Error::new(ErrorKind::TooDeep, at..at)
                        } else if e.message.starts_with("integer")
                            || e.message.starts_with("number")
                            || e.message.starts_with("non-finite")
                        {
                            Error::new(ErrorKind::NumberOutOfRange(e.message), at..at)
                        } else {
                            Error::new(ErrorKind::InvalidArray(e.message), at..at)
                        }
                    })?;
                self.pos = span.end;
                return Ok(Some(Token {
                    tok: Tok::Array(decoded),
                    span,
                }));
            }
        }
        if let Some(n) = number_len(rest) {
            let text = &rest[..n];
            let span = self.pos..self.pos + n;
            let value = if text.contains(['.', 'e', 'E']) {
                json::number_float(text)
            } else {
                json::number_int(text)
            }
            .map_err(|m| Error::new(ErrorKind::NumberOutOfRange(m), span.clone()))?;
            return Ok(self.token(Tok::Number(value), n));
        }
        if !matches!(c, ',' | '{' | '}' | '[' | ']') {
            let n = Self::run(rest, |ch| !matches!(ch, ',' | '{' | '}' | '[' | ']'));
            let s = &rest[..n];
            let is = |word: &str| s.eq_ignore_ascii_case(word);
            let tok = if is("false") {
                Tok::False
            } else if is("null") {
                Tok::Null
            } else if is("true") {
                Tok::True
            } else {
                Tok::Str(s.to_string())
            };
            return Ok(self.token(tok, n));
        }
        Ok(match c {
            ',' => {
                self.pop();
                self.token(Tok::Comma, 1)
            }
            '}' => {
                self.pop();
                self.close_brace()
            }
            '{' => self.open_brace(),
            '[' => self.open_bracket(),
            _ => self.close_bracket(),
        })
    }
}

fn digits(s: &str, from: usize) -> usize {
    s.get(from..)
        .map_or(0, |r| r.bytes().take_while(u8::is_ascii_digit).count())
}

/// `[1-9]\d*` at `from`: its end.
fn positive(s: &str, from: usize) -> Option<usize> {
    match s.as_bytes().get(from) {
        Some(b'1'..=b'9') => Some(from + 1 + digits(s, from + 1)),
        _ => None,
    }
}

/// The reference's IDSET pattern
/// `[1-9]\d*((?=,)|-[1-9]\d*(?=,))(,[1-9]\d*(-[1-9]\d*)?)*`: match length.
pub(crate) fn idset_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut end = positive(s, 0)?;
    if b.get(end) == Some(&b'-') {
        end = positive(s, end + 1)?;
    }
    if b.get(end) != Some(&b',') {
        return None;
    }
    while b.get(end) == Some(&b',') {
        let Some(e) = positive(s, end + 1) else { break };
        end = e;
        if b.get(end) == Some(&b'-') {
            if let Some(e) = positive(s, end + 1) {
                end = e;
            }
        }
    }
    Some(end)
}

/// The reference's NUMBER pattern
/// `-?(0|[1-9]\d*)(\.\d*)?((e|E)(-|\+)?\d+)?(?=[},])`: match length.
pub(crate) fn number_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = usize::from(b.first() == Some(&b'-'));
    let int_end = match b.get(i) {
        Some(b'0') => i + 1,
        Some(b'1'..=b'9') => i + 1 + digits(s, i + 1),
        _ => return None,
    };
    i = int_end;
    let frac_end = (b.get(i) == Some(&b'.')).then(|| i + 1 + digits(s, i + 1));
    let exp_after = |at: usize| -> Option<usize> {
        if !matches!(b.get(at), Some(b'e' | b'E')) {
            return None;
        }
        let mut j = at + 1;
        if matches!(b.get(j), Some(b'-' | b'+')) {
            j += 1;
        }
        let n = digits(s, j);
        (n > 0).then_some(j + n)
    };
    // The regex's preference order: fraction and exponent, fraction only,
    // exponent only, the integer alone; the first one followed by } or ,.
    let candidates = [
        frac_end.and_then(exp_after),
        frac_end,
        exp_after(int_end),
        Some(int_end),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|&end| matches!(b.get(end), Some(b'}' | b',')))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lex `input` into a compact description of its tokens.
    fn lex(input: &str) -> String {
        let mut lx = Lexer::new(input);
        let mut out = Vec::new();
        loop {
            match lx.next_token() {
                Ok(Some(t)) => out.push(format!("{:?}@{}", t.tok, t.span.start)),
                Ok(None) => break,
                Err(e) => {
                    out.push(format!("error: {e}"));
                    break;
                }
            }
        }
        out.join(" ")
    }

    #[test]
    fn tokens_follow_the_reference_states() {
        let cases = [
            ("slot=4/node", "Slot@0 Integer(4)@5 Slash@6 Type(\"node\")@7"),
            ("SLOT", "Slot@0"),
            ("a,b:c+d-e", "Type(\"a,b:c+d-e\")@0"),
            ("node=3 - 30:2:*", "Type(\"node\")@0 Integer(3)@5 Minus@7 Integer(30)@9 Colon@11 Integer(2)@12 Operator('*')@13"),
            ("n=4,9,16,25", "Type(\"n\")@0 IdSet(\"4,9,16,25\")@2"),
            ("n=4,", "Type(\"n\")@0 IdSet(\"4\")@2 Comma@3"),
            ("n=1-2,5-,6", "Type(\"n\")@0 IdSet(\"1-2,5\")@2 Minus@7 Comma@8 Integer(6)@9"),
            ("n=1-2-3,4", "Type(\"n\")@0 Integer(1)@2 Minus@3 IdSet(\"2-3,4\")@4"),
            ("n=0", "Type(\"n\")@0 error: illegal character '0' at column 3"),
            ("n=2{x, a b :c }", "Type(\"n\")@0 Integer(2)@2 LBrace@3 Key(\"exclusive\")@4 Comma@5 Key(\"a b \")@7 Colon@11 Str(\"c \")@12 RBrace@14"),
            ("n{-a,+b}", "Type(\"n\")@0 LBrace@1 Minus@2 Key(\"a\")@3 Comma@4 Plus@5 Key(\"b\")@6 RBrace@7"),
            ("n{a:5,b:5 ,c:-0.5e3}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 Number(Int(5))@4 Comma@5 Key(\"b\")@6 Colon@7 Str(\"5 \")@8 Comma@10 Key(\"c\")@11 Colon@12 Number(Float(-500.0))@13 RBrace@19"),
            ("n{a:TRUE,b:Null,c:false }", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 True@4 Comma@8 Key(\"b\")@9 Colon@10 Null@11 Comma@15 Key(\"c\")@16 Colon@17 Str(\"false \")@18 RBrace@24"),
            ("n{a:['x', 1]}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 Array(Array([Str(\"x\"), Int(1)]))@4 RBrace@12"),
            ("n{a:[1}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 LBracket@4 Number(Int(1))@5 RBrace@6"),
            ("n{a:{b:1}}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 LBrace@4 Key(\"b\")@5 Colon@6 Number(Int(1))@7 RBrace@8 RBrace@9"),
            ("\"my type\"/'x'", "QString(\"my type\")@1 Slash@9 QString(\"x\")@11"),
            ("n{u:\"\"}", "Type(\"n\")@0 LBrace@1 Key(\"u\")@2 Colon@3 QString(\"\")@5 RBrace@6"),
            ("slot/\"blah", "Slot@0 Slash@4 QString(\"blah\")@6 error: unclosed quote '\"' at column 6"),
            ("node \u{a0}", "Type(\"node\")@0 error: illegal character '\\u{a0}' at column 6"),
            ("node\u{1c}", "Type(\"node\")@0 error: illegal character '\\u{1c}' at column 5"),
            ("n=2}x", "Type(\"n\")@0 Integer(2)@2 RBrace@3 Type(\"x\")@4"),
            ("n{a:1e999}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 error: number '1e999' is out of range at column 5"),
            ("n{a:[1]};c{b:[2]}", "Type(\"n\")@0 LBrace@1 Key(\"a\")@2 Colon@3 error: invalid JSON array: extra data at column 8"),
        ];
        for (input, want) in cases {
            assert_eq!(lex(input), want, "input {input:?}");
        }
    }

    #[test]
    fn number_pattern_backtracks_like_the_regex() {
        assert_eq!(number_len("12}"), Some(2));
        assert_eq!(number_len("1.5e3,"), Some(5));
        assert_eq!(number_len("1.e5}"), Some(4));
        assert_eq!(number_len("1.5e}"), None);
        assert_eq!(number_len("1e}"), None);
        assert_eq!(number_len("01}"), None);
        assert_eq!(number_len("-0}"), Some(2));
        assert_eq!(number_len("5 }"), None);
    }
}
