//! Recursive descent over the lexer's tokens, building the RFC 14
//! resources list the reference builds.
//!
//! The grammar (RFC 46, as the reference implements it):
//!
//! ```text
//! resources   : list
//! list        : '[' vertex (';' vertex)* ']' | vertex
//! vertex      : SLOT count? ('{' key (',' items)? '}')? '/' list
//!             | (TYPE | QSTRING) count? dict? ('/' list)?
//! count       : '[' count_value ']' | count_value
//! count_value : INTEGER ('-' INTEGER | '+') (':' INTEGER OPERATOR?)?
//!             | INTEGER | IDSET
//! dict        : '{' items? '}'
//! items       : item (',' item)*
//! item        : key ':' value | ('+' | '-')? key
//! key         : KEY | QSTRING
//! value       : TRUE | FALSE | NULL | NUMBER | STRING | QSTRING | ARRAY | dict
//! ```
//!
//! Every choice is made on one token of lookahead, so, like the reference's
//! LALR(1) parser, it stops at the first token that cannot continue a valid
//! shape, and reports it the way the reference does (an unclosed or stray
//! bracket first, then the token).
//!
//! Vertices are Python-`dict`-like objects filled in the reference's order:
//! `type`, `count`, `label` (slots), the dictionary's items, `with`. A key
//! given twice keeps its first place and its last value, so `node{type:core}`
//! is a `core`.

use super::error::{Error, ErrorKind};
use super::json::{Json, Object};
use super::lexer::{Lexer, Tok, Token};
use super::{Options, MAX_DEPTH, MAX_VERTICES};
use std::ops::Range;

/// A count as written: `4`, `4,9,16,25`, `3-30:2:*`, `2+`.
#[derive(Clone, Debug, PartialEq)]
enum Count {
    Integer(u64),
    IdSet(String),
    Range {
        min: u64,
        max: Option<u64>,
        operand: Option<u64>,
        operator: Option<char>,
    },
}

impl Count {
    /// The value the reference stores: an integer, the string as written
    /// (tokens joined, brackets and blanks dropped), or with `rangedict` a
    /// `{min, max, operand, operator}` dictionary for ranges.
    fn to_json(&self, rangedict: bool) -> Json {
        match self {
            Count::Integer(n) => Json::Int(i128::from(*n)),
            Count::IdSet(s) => Json::Str(s.clone()),
            Count::Range {
                min,
                max,
                operand,
                operator,
            } => {
                if !rangedict {
                    let mut s = min.to_string();
                    match max {
                        Some(max) => s.push_str(&format!("-{max}")),
                        None => s.push('+'),
                    }
                    if let Some(k) = operand {
                        s.push_str(&format!(":{k}"));
                    }
                    if let Some(op) = operator {
                        s.push_str(&format!(":{op}"));
                    }
                    return Json::Str(s);
                }
                let mut o = Object::new();
                o.insert("min".into(), Json::Int(i128::from(*min)));
                if max.is_none() && operand.is_none() {
                    return Json::Object(o);
                }
                // The reference writes float("inf") for an open maximum.
                let max = max.map_or(Json::Float(f64::INFINITY), |m| Json::Int(i128::from(m)));
                o.insert("max".into(), max);
                o.insert(
                    "operand".into(),
                    Json::Int(i128::from(operand.unwrap_or(1))),
                );
                o.insert(
                    "operator".into(),
                    Json::Str(operator.unwrap_or('+').to_string()),
                );
                Json::Object(o)
            }
        }
    }
}

/// Escape a key for a JSON pointer (RFC 6901).
pub(crate) fn pointer_escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// What a successful parse produced.
pub(crate) struct Parsed {
    pub resources: Vec<Json>,
    pub spans: Vec<(String, Range<usize>)>,
}

pub(crate) struct Parser<'a> {
    text: &'a str,
    lx: Lexer<'a>,
    peeked: Option<Option<Token>>,
    opts: &'a Options,
    depth: usize,
    vertices: usize,
    spans: Vec<(String, Range<usize>)>,
    /// The end of the last token taken.
    last_end: usize,
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str, opts: &'a Options) -> Self {
        Parser {
            text,
            lx: Lexer::new(text),
            peeked: None,
            opts,
            depth: 0,
            vertices: 0,
            spans: Vec::new(),
            last_end: 0,
        }
    }

    fn peek(&mut self) -> Result<Option<&Token>, Error> {
        if self.peeked.is_none() {
            self.lx.json_depth = MAX_DEPTH.saturating_sub(self.depth + 1);
            self.peeked = Some(self.lx.next_token()?);
        }
        Ok(self.peeked.as_ref().and_then(Option::as_ref))
    }

    fn peek_tok(&mut self) -> Result<Option<Tok>, Error> {
        Ok(self.peek()?.map(|t| t.tok.clone()))
    }

    fn next(&mut self) -> Result<Option<Token>, Error> {
        self.peek()?;
        let t = self.peeked.take().flatten();
        if let Some(t) = &t {
            let quote = usize::from(matches!(t.tok, Tok::QString(_)));
            self.last_end = (t.span.end + quote).min(self.text.len());
        }
        Ok(t)
    }

    /// The error for the next token (or the end), as the reference words
    /// it: bracket and brace balance first, then `refined` if given, then
    /// the token itself.
    fn fail(&mut self, expected: &'static str, refined: Option<ErrorKind>) -> Error {
        let tok = match self.peek() {
            Ok(t) => t.cloned(),
            Err(e) => return e,
        };
        let lx = &self.lx;
        match tok {
            None => {
                if lx.bracket_level > 0 {
                    let at = lx.last_lbracket;
                    Error::new(ErrorKind::UnclosedBracket, at..at + 1)
                } else if lx.brace_level > 0 {
                    let at = lx.last_lbrace;
                    Error::new(ErrorKind::UnclosedBrace, at..at + 1)
                } else {
                    let end = self.text.len();
                    let kind = refined.unwrap_or(ErrorKind::UnexpectedEnd { expected });
                    Error::new(kind, end..end)
                }
            }
            Some(t) => {
                if lx.bracket_level < 0 {
                    let at = lx.last_rbracket;
                    Error::new(ErrorKind::MismatchedBracket, at..at + 1)
                } else if lx.brace_level < 0 {
                    let at = lx.last_rbrace;
                    Error::new(ErrorKind::MismatchedBrace, at..at + 1)
                } else {
                    let found = self.written(&t);
                    let kind = refined.unwrap_or(ErrorKind::UnexpectedToken { found, expected });
                    Error::new(kind, t.span)
                }
            }
        }
    }

    /// A token as the input wrote it.
    fn written(&self, t: &Token) -> String {
        match t.tok {
            Tok::QString(_) => {
                let start = t.span.start.saturating_sub(1);
                let end = (t.span.end + 1).min(self.text.len());
                self.text.get(start..end).unwrap_or("").to_string()
            }
            _ => self.text.get(t.span.clone()).unwrap_or("").to_string(),
        }
    }

    fn enter(&mut self, at: Range<usize>) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::new(ErrorKind::TooDeep, at));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The span of the next token as written (quotes included).
    fn span_here(&mut self) -> Range<usize> {
        let len = self.text.len();
        match self.peek() {
            Ok(Some(Token {
                tok: Tok::QString(_),
                span,
            })) => span.start.saturating_sub(1)..(span.end + 1).min(len),
            Ok(Some(t)) => t.span.clone(),
            _ => len..len,
        }
    }

    pub fn parse(mut self) -> Result<Parsed, Error> {
        let resources = self.list("", "a resource type")?;
        if self.peek()?.is_some() {
            return Err(self.fail("end of input", None));
        }
        Ok(Parsed {
            resources,
            spans: self.spans,
        })
    }

    fn list(&mut self, pointer: &str, expected: &'static str) -> Result<Vec<Json>, Error> {
        let at = self.span_here();
        self.enter(at)?;
        let mut out = Vec::new();
        if self.peek_tok()? == Some(Tok::LBracket) {
            self.next()?;
            loop {
                let p = format!("{pointer}/{}", out.len());
                out.push(self.vertex(&p, "a resource type")?);
                match self.peek_tok()? {
                    Some(Tok::Semi) => {
                        self.next()?;
                    }
                    Some(Tok::RBracket) => {
                        self.next()?;
                        break;
                    }
                    _ => return Err(self.fail("';' or ']'", None)),
                }
            }
        } else {
            out.push(self.vertex(&format!("{pointer}/0"), expected)?);
        }
        self.leave();
        Ok(out)
    }

    fn vertex(&mut self, pointer: &str, expected: &'static str) -> Result<Json, Error> {
        let start = self.span_here();
        self.vertices += 1;
        if self.vertices > MAX_VERTICES {
            return Err(Error::new(ErrorKind::TooManyVertices, start));
        }
        self.enter(start.clone())?;
        let refined = (expected == "a resource").then_some(ErrorKind::MissingChild);
        let (ty, is_slot) = match self.peek_tok()? {
            Some(Tok::Slot) => (Json::Str("slot".into()), true),
            Some(Tok::Type(s) | Tok::QString(s)) => (Json::Str(s), false),
            _ => {
                let refined = if refined.is_some() && self.peek()?.is_none() {
                    refined
                } else {
                    None
                };
                return Err(self.fail(expected, refined));
            }
        };
        let type_token = self.next()?.map(|t| t.span).unwrap_or(start.clone());
        let mut v = Object::new();
        v.insert("type".into(), ty);
        v.insert("count".into(), Json::Int(1));
        if matches!(
            self.peek_tok()?,
            Some(Tok::LBracket | Tok::Integer(_) | Tok::IdSet(_))
        ) {
            let count_start = self.span_here().start;
            let count = self.count()?;
            v.insert("count".into(), count.to_json(self.opts.rangedict));
            self.spans
                .push((format!("{pointer}/count"), count_start..self.last_end));
        }
        if is_slot {
            match self.peek_tok()? {
                Some(Tok::LBrace) => {
                    self.next()?;
                    let label_span = self.span_here();
                    let label = match self.peek_tok()? {
                        Some(Tok::Key(k) | Tok::QString(k)) => k,
                        _ => {
                            return Err(
                                self.fail("the slot's label", Some(ErrorKind::SlotLabelFirst))
                            )
                        }
                    };
                    self.next()?;
                    v.insert("label".into(), Json::Str(label));
                    self.spans.push((format!("{pointer}/label"), label_span));
                    match self.peek_tok()? {
                        Some(Tok::Comma) => {
                            self.next()?;
                            let items = self.items(pointer)?;
                            v.update(items);
                            if self.peek_tok()? != Some(Tok::RBrace) {
                                return Err(self.fail("',' or '}'", None));
                            }
                            self.next()?;
                        }
                        Some(Tok::RBrace) => {
                            self.next()?;
                        }
                        _ => return Err(self.fail("',' or '}'", Some(ErrorKind::SlotLabelFirst))),
                    }
                }
                Some(Tok::Slash) => {
                    if self.lx.slot_count > 1 {
                        return Err(Error::new(ErrorKind::MissingSlotLabel, type_token));
                    }
                    v.insert("label".into(), Json::Str(self.opts.label.clone()));
                    self.spans
                        .push((format!("{pointer}/label"), type_token.clone()));
                }
                _ => return Err(self.fail("'{' or '/'", Some(ErrorKind::SlotWithoutChildren))),
            }
            if self.peek_tok()? != Some(Tok::Slash) {
                return Err(self.fail("'/'", Some(ErrorKind::SlotWithoutChildren)));
            }
        } else if self.peek_tok()? == Some(Tok::LBrace) {
            let items = self.dict(pointer)?;
            v.update(items);
        }
        if self.peek_tok()? == Some(Tok::Slash) {
            self.next()?;
            let children = self.list(&format!("{pointer}/with"), "a resource")?;
            v.insert("with".into(), Json::Array(children));
        }
        self.spans
            .push((pointer.to_string(), start.start..self.last_end));
        self.leave();
        Ok(Json::Object(v))
    }

    fn integer(&mut self, expected: &'static str) -> Result<u64, Error> {
        match self.peek_tok()? {
            Some(Tok::Integer(n)) => {
                self.next()?;
                Ok(n)
            }
            _ => Err(self.fail(expected, None)),
        }
    }

    fn count(&mut self) -> Result<Count, Error> {
        if self.peek_tok()? == Some(Tok::LBracket) {
            self.next()?;
            let c = self.count_value()?;
            if self.peek_tok()? != Some(Tok::RBracket) {
                return Err(self.fail("']'", None));
            }
            self.next()?;
            return Ok(c);
        }
        self.count_value()
    }

    fn count_value(&mut self) -> Result<Count, Error> {
        let min = match self.peek_tok()? {
            Some(Tok::IdSet(s)) => {
                self.next()?;
                return Ok(Count::IdSet(s));
            }
            Some(Tok::Integer(n)) => {
                self.next()?;
                n
            }
            _ => return Err(self.fail("a count", None)),
        };
        let max = match self.peek_tok()? {
            Some(Tok::Minus) => {
                self.next()?;
                Some(self.integer("the range's maximum")?)
            }
            Some(Tok::Plus) => {
                self.next()?;
                None
            }
            _ => return Ok(Count::Integer(min)),
        };
        let (mut operand, mut operator) = (None, None);
        if self.peek_tok()? == Some(Tok::Colon) {
            self.next()?;
            operand = Some(self.integer("the range's operand")?);
            if let Some(Tok::Operator(op)) = self.peek_tok()? {
                self.next()?;
                operator = Some(op);
            }
        }
        Ok(Count::Range {
            min,
            max,
            operand,
            operator,
        })
    }

    fn dict(&mut self, pointer: &str) -> Result<Object, Error> {
        let at = self.span_here();
        self.next()?;
        self.enter(at)?;
        let items = if self.peek_tok()? == Some(Tok::RBrace) {
            Object::new()
        } else {
            self.items(pointer)?
        };
        if self.peek_tok()? != Some(Tok::RBrace) {
            return Err(self.fail("',' or '}'", None));
        }
        self.next()?;
        self.leave();
        Ok(items)
    }

    fn key(&mut self) -> Result<String, Error> {
        match self.peek_tok()? {
            Some(Tok::Key(k) | Tok::QString(k)) => {
                self.next()?;
                Ok(k)
            }
            _ => Err(self.fail("a key", None)),
        }
    }

    fn items(&mut self, pointer: &str) -> Result<Object, Error> {
        let mut o = Object::new();
        loop {
            let start = self.span_here().start;
            let (key, value) = match self.peek_tok()? {
                Some(Tok::Minus) => {
                    self.next()?;
                    (self.key()?, Json::Bool(false))
                }
                Some(Tok::Plus) => {
                    self.next()?;
                    (self.key()?, Json::Bool(true))
                }
                Some(Tok::Key(_) | Tok::QString(_)) => {
                    let key = self.key()?;
                    if self.peek_tok()? == Some(Tok::Colon) {
                        self.next()?;
                        let at = format!("{pointer}/{}", pointer_escape(&key));
                        (key, self.value(&at)?)
                    } else {
                        (key, Json::Bool(true))
                    }
                }
                _ => return Err(self.fail("a key", None)),
            };
            self.spans.push((
                format!("{pointer}/{}", pointer_escape(&key)),
                start..self.last_end,
            ));
            o.insert(key, value);
            if self.peek_tok()? != Some(Tok::Comma) {
                return Ok(o);
            }
            self.next()?;
        }
    }

    fn value(&mut self, pointer: &str) -> Result<Json, Error> {
        let v = match self.peek_tok()? {
            Some(Tok::True) => Json::Bool(true),
            Some(Tok::False) => Json::Bool(false),
            Some(Tok::Null) => Json::Null,
            Some(Tok::Number(n)) => n,
            Some(Tok::Str(s) | Tok::QString(s)) => Json::Str(s),
            Some(Tok::Array(a)) => a,
            Some(Tok::LBrace) => return self.dict(pointer).map(Json::Object),
            _ => return Err(self.fail("a value", None)),
        };
        self.next()?;
        Ok(v)
    }
}
