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
use super::json::{Json, ShapeObject};
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
                let mut o = ShapeObject::new();
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

/// Where each part of one vertex came from.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Spans {
    /// The whole vertex, children included.
    pub whole: Range<usize>,
    /// The count as written.
    pub count: Option<Range<usize>>,
    /// The label (the `slot` keyword when it was defaulted).
    pub label: Option<Range<usize>>,
    /// Each dictionary item, by key.
    pub items: ItemSpans,
    /// The children.
    pub with: Vec<Spans>,
}

/// Each dictionary item's span, by key, in order.
type ItemSpans = Vec<(String, Range<usize>)>;

/// The span a JSON pointer into the resources list leads to: the most
/// specific part recorded at or above it.
pub(crate) fn lookup(list: &[Spans], pointer: &str) -> Option<Range<usize>> {
    let mut parts = pointer
        .split('/')
        .skip(1)
        .map(|p| p.replace("~1", "/").replace("~0", "~"));
    let mut list = list;
    let mut best = None;
    loop {
        let Some(index) = parts.next() else {
            return best;
        };
        let Some(v) = index.parse::<usize>().ok().and_then(|i| list.get(i)) else {
            return best;
        };
        best = Some(v.whole.clone());
        let Some(key) = parts.next() else {
            return best;
        };
        if key == "with" && !v.with.is_empty() {
            list = &v.with;
            continue;
        }
        // An item sets its key after the count and label, so it wins.
        let item = v.items.iter().rev().find(|(name, _)| *name == key);
        let own = match key.as_str() {
            "count" => v.count.clone(),
            "label" => v.label.clone(),
            _ => None,
        };
        return item.map(|(_, span)| span.clone()).or(own).or(best);
    }
}

/// What a successful parse produced.
pub(crate) struct Parsed {
    pub resources: Vec<Json>,
    pub spans: Vec<Spans>,
}

pub(crate) struct Parser<'a> {
    text: &'a str,
    lx: Lexer<'a>,
    peeked: Option<Option<Token>>,
    opts: &'a Options,
    depth: usize,
    vertices: usize,
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

    /// Whether the next token is `want` (compared without its payload's
    /// copy, so only payload-free tokens are asked for).
    fn is(&mut self, want: &Tok) -> Result<bool, Error> {
        Ok(self.peek()?.is_some_and(|t| t.tok == *want))
    }

    /// Take the next token if `f` accepts it.
    fn take_if(&mut self, f: impl FnOnce(&Tok) -> bool) -> Result<Option<Tok>, Error> {
        if self.peek()?.is_some_and(|t| f(&t.tok)) {
            Ok(self.next()?.map(|t| t.tok))
        } else {
            Ok(None)
        }
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
        let (resources, spans) = self.list("a resource type")?;
        if self.peek()?.is_some() {
            return Err(self.fail("end of input", None));
        }
        Ok(Parsed { resources, spans })
    }

    fn list(&mut self, expected: &'static str) -> Result<(Vec<Json>, Vec<Spans>), Error> {
        let at = self.span_here();
        self.enter(at)?;
        let mut out = Vec::new();
        let mut spans = Vec::new();
        if self.is(&Tok::LBracket)? {
            self.next()?;
            loop {
                let (v, sp) = self.vertex("a resource type")?;
                out.push(v);
                spans.push(sp);
                match self.take_if(|t| matches!(t, Tok::Semi | Tok::RBracket))? {
                    Some(Tok::Semi) => {}
                    Some(_) => break,
                    None => return Err(self.fail("';' or ']'", None)),
                }
            }
        } else {
            let (v, sp) = self.vertex(expected)?;
            out.push(v);
            spans.push(sp);
        }
        self.leave();
        Ok((out, spans))
    }

    fn vertex(&mut self, expected: &'static str) -> Result<(Json, Spans), Error> {
        let start = self.span_here();
        let mut spans = Spans::default();
        self.vertices += 1;
        if self.vertices > MAX_VERTICES {
            return Err(Error::new(ErrorKind::TooManyVertices, start));
        }
        self.enter(start.clone())?;
        let refined = (expected == "a resource").then_some(ErrorKind::MissingChild);
        let type_token = self.span_here();
        let taken = self.take_if(|t| matches!(t, Tok::Slot | Tok::Type(_) | Tok::QString(_)))?;
        let (ty, is_slot) = match taken {
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
        let mut v = ShapeObject::new();
        v.insert("type".into(), ty);
        v.insert("count".into(), Json::Int(1));
        if self
            .peek()?
            .is_some_and(|t| matches!(t.tok, Tok::LBracket | Tok::Integer(_) | Tok::IdSet(_)))
        {
            let count_start = self.span_here().start;
            let count = self.count()?;
            v.insert("count".into(), count.to_json(self.opts.rangedict));
            spans.count = Some(count_start..self.last_end);
        }
        if is_slot {
            match self.take_if(|t| matches!(t, Tok::LBrace))? {
                Some(_) => {
                    let label_span = self.span_here();
                    let label =
                        match self.take_if(|t| matches!(t, Tok::Key(_) | Tok::QString(_)))? {
                            Some(Tok::Key(k) | Tok::QString(k)) => k,
                            _ => {
                                return Err(
                                    self.fail("the slot's label", Some(ErrorKind::SlotLabelFirst))
                                )
                            }
                        };
                    v.insert("label".into(), Json::Str(label));
                    spans.label = Some(label_span);
                    match self.take_if(|t| matches!(t, Tok::Comma | Tok::RBrace))? {
                        Some(Tok::Comma) => {
                            let (items, item_spans) = self.items()?;
                            v.update(items);
                            spans.items = item_spans;
                            if !self.is(&Tok::RBrace)? {
                                return Err(self.fail("',' or '}'", None));
                            }
                            self.next()?;
                        }
                        Some(_) => {}
                        None => {
                            return Err(self.fail("',' or '}'", Some(ErrorKind::SlotLabelFirst)))
                        }
                    }
                }
                None if self.is(&Tok::Slash)? => {
                    if self.lx.slot_count > 1 {
                        return Err(Error::new(ErrorKind::MissingSlotLabel, type_token));
                    }
                    v.insert("label".into(), Json::Str(self.opts.label.clone()));
                    spans.label = Some(type_token.clone());
                }
                None => return Err(self.fail("'{' or '/'", Some(ErrorKind::SlotWithoutChildren))),
            }
            if !self.is(&Tok::Slash)? {
                return Err(self.fail("'/'", Some(ErrorKind::SlotWithoutChildren)));
            }
        } else if self.is(&Tok::LBrace)? {
            let (items, item_spans) = self.dict()?;
            v.update(items);
            spans.items = item_spans;
        }
        if self.is(&Tok::Slash)? {
            self.next()?;
            let (children, child_spans) = self.list("a resource")?;
            v.insert("with".into(), Json::Array(children));
            spans.with = child_spans;
        }
        spans.whole = start.start..self.last_end;
        self.leave();
        Ok((Json::Object(v), spans))
    }

    fn integer(&mut self, expected: &'static str) -> Result<u64, Error> {
        match self.take_if(|t| matches!(t, Tok::Integer(_)))? {
            Some(Tok::Integer(n)) => Ok(n),
            _ => Err(self.fail(expected, None)),
        }
    }

    fn count(&mut self) -> Result<Count, Error> {
        if self.is(&Tok::LBracket)? {
            self.next()?;
            let c = self.count_value()?;
            if !self.is(&Tok::RBracket)? {
                return Err(self.fail("']'", None));
            }
            self.next()?;
            return Ok(c);
        }
        self.count_value()
    }

    fn count_value(&mut self) -> Result<Count, Error> {
        let min = match self.take_if(|t| matches!(t, Tok::IdSet(_) | Tok::Integer(_)))? {
            Some(Tok::IdSet(s)) => return Ok(Count::IdSet(s)),
            Some(Tok::Integer(n)) => n,
            _ => return Err(self.fail("a count", None)),
        };
        let max = match self.take_if(|t| matches!(t, Tok::Minus | Tok::Plus))? {
            Some(Tok::Minus) => Some(self.integer("the range's maximum")?),
            Some(_) => None,
            None => return Ok(Count::Integer(min)),
        };
        let (mut operand, mut operator) = (None, None);
        if self.is(&Tok::Colon)? {
            self.next()?;
            operand = Some(self.integer("the range's operand")?);
            if let Some(Tok::Operator(op)) = self.take_if(|t| matches!(t, Tok::Operator(_)))? {
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

    fn dict(&mut self) -> Result<(ShapeObject, ItemSpans), Error> {
        let at = self.span_here();
        self.next()?;
        self.enter(at)?;
        let items = if self.is(&Tok::RBrace)? {
            (ShapeObject::new(), Vec::new())
        } else {
            self.items()?
        };
        if !self.is(&Tok::RBrace)? {
            return Err(self.fail("',' or '}'", None));
        }
        self.next()?;
        self.leave();
        Ok(items)
    }

    fn key(&mut self) -> Result<String, Error> {
        match self.take_if(|t| matches!(t, Tok::Key(_) | Tok::QString(_)))? {
            Some(Tok::Key(k) | Tok::QString(k)) => Ok(k),
            _ => Err(self.fail("a key", None)),
        }
    }

    fn items(&mut self) -> Result<(ShapeObject, ItemSpans), Error> {
        let mut o = ShapeObject::new();
        let mut spans = Vec::new();
        loop {
            let start = self.span_here().start;
            let sign = self.take_if(|t| matches!(t, Tok::Minus | Tok::Plus))?;
            let is_key = self
                .peek()?
                .is_some_and(|t| matches!(t.tok, Tok::Key(_) | Tok::QString(_)));
            let (key, value) = match sign {
                Some(Tok::Minus) => (self.key()?, Json::Bool(false)),
                Some(_) => (self.key()?, Json::Bool(true)),
                None if is_key => {
                    let key = self.key()?;
                    if self.is(&Tok::Colon)? {
                        self.next()?;
                        (key, self.value()?)
                    } else {
                        (key, Json::Bool(true))
                    }
                }
                _ => return Err(self.fail("a key", None)),
            };
            spans.push((key.clone(), start..self.last_end));
            o.insert(key, value);
            if !self.is(&Tok::Comma)? {
                return Ok((o, spans));
            }
            self.next()?;
        }
    }

    fn value(&mut self) -> Result<Json, Error> {
        if self.is(&Tok::LBrace)? {
            return self.dict().map(|(o, _)| Json::Object(o));
        }
        let taken = self.take_if(|t| {
            matches!(
                t,
                Tok::True
                    | Tok::False
                    | Tok::Null
                    | Tok::Number(_)
                    | Tok::Str(_)
                    | Tok::QString(_)
                    | Tok::Array(_)
            )
        })?;
        Ok(match taken {
            Some(Tok::True) => Json::Bool(true),
            Some(Tok::False) => Json::Bool(false),
            Some(Tok::Null) => Json::Null,
            Some(Tok::Number(n)) => n,
            Some(Tok::Str(s) | Tok::QString(s)) => Json::Str(s),
            Some(Tok::Array(a)) => a,
            _ => return Err(self.fail("a value", None)),
        })
    }
}
