//! The `--requires` query syntax (`flux submit --requires`) read into an
//! RFC 31 constraint, as flux-core's `flux.constraint.parser` reads it.
//!
//! The reference is a PLY lexer and LALR parser. This reader gives the
//! same object for every query the reference accepts (same operators,
//! same nesting, the same flattening of `and` and `or` chains and joining
//! of `properties` values) and refuses what it refuses, with its message
//! (its first letter lowercased, and the position filled in where the
//! reference leaves a format string unformatted). The lexer's quirks are
//! kept: `op: value` and `op:"quoted value"` are one term, `not`, `and`
//! and `or` are words only when followed by a non-word character, and a
//! term's operator is checked only once the next token has been read, so a
//! later lexing error wins over it.
//!
//! Positions in messages count characters, as Python does; the error's
//! `span` is in bytes.
//!
//! The precedence the reference's grammar resolves its conflicts with is
//! reproduced exactly, including where it surprises: `a b -c` is
//! `a and (b and not c)` (a negation binds to the term before it), and
//! `a | b c` is `(a or b) and c`, while `a | b & c` is `a or (b and c)`.

use crate::json::write_python_string;
use std::fmt;
use std::ops::Range;

/// How deeply a query's constraint objects may nest. Python's `json.dumps`
/// fails on objects some 500 levels deep; Rscope refuses earlier, and says
/// so.
pub const MAX_DEPTH: usize = 128;

/// A constraint object as the query reader builds it: one operator and its
/// values, each a string or another object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The operator (`properties`, `hostlist`, `and`, …).
    pub op: String,
    /// Its values in order.
    pub values: Vec<Item>,
    /// Nesting depth: 1 for an object holding only strings.
    depth: usize,
}

/// One value of a [`Term`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A string operand.
    Str(String),
    /// A nested constraint object.
    Term(Term),
}

impl Term {
    /// An object of string values.
    pub fn strings(op: &str, values: Vec<String>) -> Term {
        Term {
            op: op.to_string(),
            values: values.into_iter().map(Item::Str).collect(),
            depth: 1,
        }
    }

    /// An object of nested objects.
    pub fn nested(op: &str, values: Vec<Term>) -> Term {
        let depth = 1 + values.iter().map(|t| t.depth).max().unwrap_or(0);
        Term {
            op: op.to_string(),
            values: values.into_iter().map(Item::Term).collect(),
            depth,
        }
    }

    fn push(&mut self, t: Term) {
        self.depth = self.depth.max(t.depth + 1);
        self.values.push(Item::Term(t));
    }

    /// The object as Python's `json.dumps` prints it: one line, `", "` and
    /// `": "` between items, non-ASCII characters as `\uXXXX` escapes.
    pub fn to_python_json(&self) -> String {
        let mut out = String::new();
        self.write_python(&mut out);
        out
    }

    fn write_python(&self, out: &mut String) {
        out.push('{');
        write_python_string(out, &self.op, false);
        out.push_str(": [");
        for (i, v) in self.values.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            match v {
                Item::Str(s) => write_python_string(out, s, false),
                Item::Term(t) => t.write_python(out),
            }
        }
        out.push_str("]}");
    }

    /// The object as a JSON value, for [`super::Constraint::from_json`].
    pub fn to_value(&self) -> serde_json::Value {
        let values = self
            .values
            .iter()
            .map(|v| match v {
                Item::Str(s) => serde_json::Value::String(s.clone()),
                Item::Term(t) => t.to_value(),
            })
            .collect();
        let mut o = serde_json::Map::new();
        o.insert(self.op.clone(), serde_json::Value::Array(values));
        serde_json::Value::Object(o)
    }
}

/// A query the reader refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// What is wrong, in the reference's words.
    pub message: String,
    /// The bytes it is about (empty at the end of the query).
    pub span: Range<usize>,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for QueryError {}

/// What a parser makes of bare terms and of each operator: the class
/// attributes of a `ConstraintParser` subclass.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// The operator of a term written without one (`operator_map[None]`);
    /// none: every term needs one.
    pub default: Option<String>,
    /// Shorthand operator names and what they stand for.
    pub operators: Vec<(String, String)>,
    /// Operators whose value is split on a separator into several values.
    pub split: Vec<(String, String)>,
    /// Operators whose values are joined into one object when and-ed.
    pub combined: Vec<String>,
}

impl Dialect {
    /// `flux submit --requires`: flux-core's `MiniConstraintParser`. Bare
    /// terms are `properties`, split on `,` and joined when and-ed; `host:`
    /// and `hosts:` are `hostlist:`, `rank:` is `ranks:`.
    pub fn requires() -> Dialect {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        Dialect {
            default: Some("properties".into()),
            operators: vec![
                pair("host", "hostlist"),
                pair("hosts", "hostlist"),
                pair("rank", "ranks"),
            ],
            split: vec![pair("properties", ",")],
            combined: vec!["properties".into()],
        }
    }

    fn operator<'a>(&'a self, op: &'a str) -> &'a str {
        self.operators
            .iter()
            .find(|(k, _)| k == op)
            .map_or(op, |(_, v)| v.as_str())
    }
}

/// Read a `--requires` query (flux-core's `MiniConstraintParser`).
pub fn parse(query: &str) -> Result<Term, QueryError> {
    parse_with(query, &Dialect::requires())
}

/// Read a query in the given dialect.
pub fn parse_with(query: &str, dialect: &Dialect) -> Result<Term, QueryError> {
    Parser {
        lexer: Lexer::new(query),
        dialect,
        stack: Vec::new(),
    }
    .run()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Not,
    And,
    Or,
    Negate,
    LParen,
    RParen,
    Token,
}

impl Kind {
    /// The precedence level the reference declares (0: none).
    fn level(self) -> u8 {
        match self {
            Kind::Or => 1,
            Kind::And => 2,
            Kind::Not => 3,
            Kind::Negate => 4,
            _ => 0,
        }
    }
}

#[derive(Clone, Debug)]
struct Tok {
    kind: Kind,
    value: String,
    /// The character position, as the reference reports it.
    pos: usize,
    span: Range<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Plain,
    Single,
    Double,
}

/// Python's `\w`: letters, digits and `_` (Rust's alphanumeric set stands
/// in for Python's, from which it differs only on a few marks and symbols).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Python's `\s` (`str.isspace`).
fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

struct Lexer<'a> {
    text: &'a str,
    /// The byte offset reached, and its character position.
    at: usize,
    pos: usize,
    state: State,
    quote_start: usize,
    parens: i64,
    last_lparen: usize,
    last_rparen: usize,
    pending: Option<Tok>,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer {
            text,
            at: 0,
            pos: 0,
            state: State::Plain,
            quote_start: 0,
            parens: 0,
            last_lparen: 0,
            last_rparen: 0,
            pending: None,
        }
    }

    fn error(&self, message: String, span: Range<usize>) -> QueryError {
        QueryError { message, span }
    }

    /// Pass over `n` bytes.
    fn skip(&mut self, n: usize) {
        self.pos += self.text[self.at..self.at + n].chars().count();
        self.at += n;
    }

    /// Consume `n` bytes: a token of them.
    fn take(&mut self, kind: Kind, n: usize) -> Tok {
        let start = self.at;
        let value = self.text[start..start + n].to_string();
        let tok = Tok {
            kind,
            pos: self.pos,
            span: start..start + n,
            value,
        };
        self.pos += tok.value.chars().count();
        self.at += n;
        tok
    }

    /// A keyword (`not`, `and`, `or`) at the current place: the word,
    /// followed by the end or a non-word character.
    fn keyword(&self, word: &str) -> bool {
        let rest = &self.text[self.at..];
        rest.starts_with(word) && !rest[word.len()..].chars().next().is_some_and(is_word)
    }

    /// The next token; none at the end of the query.
    fn next(&mut self) -> Result<Option<Tok>, QueryError> {
        loop {
            let Some(c) = self.text[self.at..].chars().next() else {
                return self.at_end().map(|()| None);
            };
            if self.state != State::Plain {
                let quote = if self.state == State::Single {
                    '\''
                } else {
                    '"'
                };
                if c == quote {
                    self.skip(1);
                    self.state = State::Plain;
                    continue;
                }
                let n = self.text[self.at..]
                    .find(quote)
                    .unwrap_or(self.text.len() - self.at);
                let tok = self.take(Kind::Token, n);
                match self.term(tok) {
                    Some(t) => return Ok(Some(t)),
                    None => continue,
                }
            }
            if " \t\r\n\u{c}\u{b}".contains(c) {
                self.skip(1);
                continue;
            }
            let tok = match c {
                '-' => self.take(Kind::Negate, 1),
                '&' | '|' => {
                    let kind = if c == '&' { Kind::And } else { Kind::Or };
                    let n = if self.text[self.at + 1..].starts_with(c) {
                        2
                    } else {
                        1
                    };
                    self.take(kind, n)
                }
                '(' => {
                    self.parens += 1;
                    self.last_lparen = self.pos;
                    self.take(Kind::LParen, 1)
                }
                ')' => {
                    self.parens -= 1;
                    self.last_rparen = self.pos;
                    self.take(Kind::RParen, 1)
                }
                '\'' | '"' => {
                    self.skip(1);
                    self.quote_start = self.pos;
                    self.state = if c == '\'' {
                        State::Single
                    } else {
                        State::Double
                    };
                    continue;
                }
                _ if self.keyword("not") => self.take(Kind::Not, 3),
                _ if self.keyword("and") => self.take(Kind::And, 3),
                _ if self.keyword("or") => self.take(Kind::Or, 2),
                c if is_space(c) => {
                    let span = self.at..self.at + c.len_utf8();
                    let message = format!("illegal character '{c}' at position {}", self.pos);
                    return Err(self.error(message, span));
                }
                _ => {
                    let n = self.text[self.at..]
                        .find(|c: char| "()|&\"'".contains(c) || is_space(c))
                        .unwrap_or(self.text.len() - self.at);
                    let tok = self.take(Kind::Token, n);
                    match self.term(tok) {
                        Some(t) => t,
                        None => continue,
                    }
                }
            };
            return Ok(Some(tok));
        }
    }

    /// A term's text: joined to a pending `op:` before it, or kept pending
    /// when it ends with `:` itself.
    fn term(&mut self, mut tok: Tok) -> Option<Tok> {
        if let Some(p) = self.pending.take() {
            tok.value = p.value + &tok.value;
            tok.span.start = p.span.start;
            return Some(tok);
        }
        if tok.value.ends_with(':') {
            self.pending = Some(tok);
            return None;
        }
        Some(tok)
    }

    fn at_end(&mut self) -> Result<(), QueryError> {
        let end = self.text.len()..self.text.len();
        match self.state {
            State::Single => Err(self.error(
                format!("unclosed quote \"'\" at position {}", self.quote_start),
                end,
            )),
            State::Double => Err(self.error(
                format!("unclosed quote '\"' at position {}", self.quote_start),
                end,
            )),
            State::Plain => match &self.pending {
                Some(p) => Err(self.error(
                    format!("missing argument to token '{}'", p.value),
                    p.span.clone(),
                )),
                None => Ok(()),
            },
        }
    }
}

/// What the parser's stack holds.
enum Sym {
    Expr(Term),
    /// A term read but not yet made an object: the reference makes it one
    /// only after reading the token that follows.
    Raw(Tok),
    Op(Tok),
}

impl Sym {
    fn kind(&self) -> Option<Kind> {
        match self {
            Sym::Op(t) => Some(t.kind),
            _ => None,
        }
    }
}

struct Parser<'q, 'd> {
    lexer: Lexer<'q>,
    dialect: &'d Dialect,
    stack: Vec<Sym>,
}

impl Parser<'_, '_> {
    fn run(mut self) -> Result<Term, QueryError> {
        loop {
            let look = self.lexer.next()?;
            self.reduce_raw(&look)?;
            let level = look.as_ref().map_or(0, |t| t.kind.level());
            while self.reduce(level, &look)? {}
            let top_is_expr = matches!(self.stack.last(), Some(Sym::Expr(_)));
            let top = self.stack.last().and_then(Sym::kind);
            let Some(tok) = look else {
                if let [Sym::Expr(_)] = self.stack.as_slice() {
                    if let Some(Sym::Expr(t)) = self.stack.pop() {
                        return Ok(t);
                    }
                }
                return Err(self.syntax_error(None));
            };
            let after_negate = top == Some(Kind::Negate);
            let valid = match tok.kind {
                Kind::Token => true,
                Kind::Not | Kind::LParen | Kind::Negate => !after_negate,
                Kind::And | Kind::Or => top_is_expr,
                Kind::RParen => {
                    top_is_expr
                        && matches!(self.stack.iter().rev().nth(1), Some(Sym::Op(t)) if t.kind == Kind::LParen)
                }
            };
            if !valid {
                return Err(self.syntax_error(Some(&tok)));
            }
            match tok.kind {
                Kind::Token => self.stack.push(Sym::Raw(tok)),
                Kind::RParen => {
                    if let Some(e) = self.stack.pop() {
                        self.stack.pop();
                        self.stack.push(e);
                    }
                }
                _ => self.stack.push(Sym::Op(tok)),
            }
        }
    }

    /// `p_error`: the reference's message for a token it cannot take.
    fn syntax_error(&self, tok: Option<&Tok>) -> QueryError {
        let lx = &self.lexer;
        let end = lx.text.len()..lx.text.len();
        match tok {
            None if lx.parens > 0 => lx.error(
                format!("unclosed parenthesis in position {}", lx.last_lparen),
                end,
            ),
            None => lx.error(format!("unexpected end of input in '{}'", lx.text), end),
            Some(t) if lx.parens < 0 => lx.error(
                format!(
                    "mismatched parentheses starting at position {}",
                    lx.last_rparen
                ),
                t.span.clone(),
            ),
            Some(t) => lx.error(
                format!("invalid token '{}' at position {}", t.value, t.pos),
                t.span.clone(),
            ),
        }
    }

    /// Make the term on top of the stack an object (and its negation when
    /// a `-` is before it).
    fn reduce_raw(&mut self, look: &Option<Tok>) -> Result<(), QueryError> {
        if !matches!(self.stack.last(), Some(Sym::Raw(_))) {
            return Ok(());
        }
        let Some(Sym::Raw(tok)) = self.stack.pop() else {
            return Ok(());
        };
        let mut term = self.term(&tok)?;
        if self.stack.last().and_then(Sym::kind) == Some(Kind::Negate) {
            self.stack.pop();
            term = Term::nested("not", vec![term]);
            self.check_depth(&term, look)?;
        }
        self.stack.push(Sym::Expr(term));
        Ok(())
    }

    /// `p_expression_token`: `[op:]value` as an object.
    fn term(&self, tok: &Tok) -> Result<Term, QueryError> {
        let d = self.dialect;
        let (op, value) = match tok.value.split_once(':') {
            Some((op, value)) => (d.operator(op), value),
            None => match &d.default {
                Some(op) => (op.as_str(), tok.value.as_str()),
                None => {
                    return Err(self.lexer.error(
                        format!("missing required operator in \"{}\"", tok.value),
                        tok.span.clone(),
                    ))
                }
            },
        };
        if let Some(c) = op.chars().find(|&c| !(is_word(c) || ".+@-".contains(c))) {
            return Err(self.lexer.error(
                format!("invalid character '{c}' in operator '{op}:'"),
                tok.span.clone(),
            ));
        }
        let values = match d.split.iter().find(|(k, _)| k == op) {
            Some((_, sep)) if !sep.is_empty() => {
                value.split(sep.as_str()).map(String::from).collect()
            }
            _ => vec![value.to_string()],
        };
        Ok(Term::strings(op, values))
    }

    /// One reduction of the expression on top of the stack, when the
    /// grammar's precedence asks for it before `look` (of precedence
    /// `level`) is taken; whether one was made.
    fn reduce(&mut self, level: u8, look: &Option<Tok>) -> Result<bool, QueryError> {
        let n = self.stack.len();
        if n < 2 || !matches!(self.stack[n - 1], Sym::Expr(_)) {
            return Ok(false);
        }
        // The rule and its level; juxtaposition has `and`'s.
        let (rule, r) = match &self.stack[n - 2] {
            Sym::Expr(_) => (None, 2),
            Sym::Op(t) if matches!(t.kind, Kind::And | Kind::Or | Kind::Not) => {
                (Some(t.kind), t.kind.level())
            }
            _ => return Ok(false),
        };
        // Shift when the token binds tighter, or as tightly and `not` is
        // right-associative.
        if level > r || (level == r && rule == Some(Kind::Not)) {
            return Ok(false);
        }
        let Some(Sym::Expr(right)) = self.stack.pop() else {
            return Ok(false);
        };
        if rule.is_some() {
            self.stack.pop();
        }
        let term = if rule == Some(Kind::Not) {
            Term::nested("not", vec![right])
        } else {
            let Some(Sym::Expr(left)) = self.stack.pop() else {
                return Ok(false);
            };
            match rule {
                Some(Kind::Or) => or(left, right),
                _ => self.combine(left, right),
            }
        };
        self.check_depth(&term, look)?;
        self.stack.push(Sym::Expr(term));
        Ok(true)
    }

    /// `combine_like_terms`: `a and b`, extending an `and` already on the
    /// left, and joining the values of operators the dialect combines.
    fn combine(&self, mut left: Term, right: Term) -> Term {
        let entries = if left.op == "and" {
            left.push(right);
            vec![left]
        } else {
            vec![left, right]
        };
        let mut terms: Vec<Term> = Vec::new();
        let mut seen: Vec<(String, usize)> = Vec::new();
        for e in entries {
            if !self.dialect.combined.contains(&e.op) {
                terms.push(e);
            } else if let Some(&(_, i)) = seen.iter().find(|(k, _)| *k == e.op) {
                let t = &mut terms[i];
                t.depth = t.depth.max(e.depth);
                t.values.extend(e.values);
            } else {
                seen.push((e.op.clone(), terms.len()));
                terms.push(e);
            }
        }
        if terms.len() == 1 {
            terms.remove(0)
        } else {
            Term::nested("and", terms)
        }
    }

    fn check_depth(&self, term: &Term, look: &Option<Tok>) -> Result<(), QueryError> {
        if term.depth <= MAX_DEPTH {
            return Ok(());
        }
        let end = self.lexer.text.len();
        let span = look.as_ref().map_or(end..end, |t| t.span.clone());
        Err(self.lexer.error(
            format!("the query nests constraints deeper than {MAX_DEPTH} levels"),
            span,
        ))
    }
}

/// `p_expression_or`: extend an `or` already on the left.
fn or(mut left: Term, right: Term) -> Term {
    if left.op == "or" {
        left.push(right);
        left
    } else {
        Term::nested("or", vec![left, right])
    }
}
