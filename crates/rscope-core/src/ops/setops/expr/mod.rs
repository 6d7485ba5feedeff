//! Set expressions over tab letters: `(A | B) - C`, `A & B`, `A ^ B`.
//!
//! | operator | also | meaning | result as |
//! | --- | --- | --- | --- |
//! | `-` | `−` | difference (`flux R diff`) | tightest |
//! | `&` | `∩` | intersection (`flux R intersect`) | |
//! | `^` | `△` | symmetric difference: `(A - B) \| (B - A)` | |
//! | `\|` | `∪` | union (`flux R decode`) | |
//! | `+` | | append (`flux R append`: refuses overlap) | loosest, with `\|` |
//!
//! The precedence is Python's for sets (`-` binds tightest, then `&`,
//! `^`, and `|` and `+` loosest); operators of one level group from the
//! left, and parentheses group as written. A letter stands for the union
//! of the R documents of that tab's text. Errors carry the byte span of
//! the expression they are about.
//!
//! Parsing makes a postfix program (shunting-yard), which evaluation runs
//! with an explicit stack: no recursion, whatever the nesting.

use super::{Inputs, Refusal};
use crate::rset::{self, Rset};
use std::ops::Range;

/// The longest expression read, in bytes; nesting is bounded by it.
pub const MAX_EXPR_LEN: usize = 1000;

/// A binary set operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `-`: what the left holds and the right does not.
    Diff,
    /// `&`: what both hold.
    Intersect,
    /// `^`: what exactly one holds.
    SymDiff,
    /// `|`: what either holds.
    Union,
    /// `+`: both, refusing any resource both hold.
    Append,
}

impl Op {
    fn from_char(c: char) -> Option<Op> {
        Some(match c {
            '-' | '−' => Op::Diff,
            '&' | '∩' => Op::Intersect,
            '^' | '△' => Op::SymDiff,
            '|' | '∪' => Op::Union,
            '+' => Op::Append,
            _ => return None,
        })
    }

    /// Higher binds tighter.
    fn precedence(self) -> u8 {
        match self {
            Op::Diff => 4,
            Op::Intersect => 3,
            Op::SymDiff => 2,
            Op::Union | Op::Append => 1,
        }
    }

    /// The symbol names use (`A − B`, `A ∪ B`).
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Diff => "−",
            Op::Intersect => "∩",
            Op::SymDiff => "△",
            Op::Union => "∪",
            Op::Append => "+",
        }
    }
}

/// One step of a parsed expression, in postfix order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostfixStep {
    /// Push the set of tab `letter`.
    Tab(char),
    /// Pop two sets, push the result.
    Apply(Op),
}

/// A parsed expression: postfix steps, each with the byte span of the
/// (sub)expression it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// The steps with their spans.
    pub steps: Vec<(PostfixStep, Range<usize>)>,
}

/// An expression that cannot be parsed or evaluated: the message, and the
/// bytes of the expression it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// Lowercase, what is wrong and where to look.
    pub message: String,
    /// Bytes of the expression text.
    pub span: Range<usize>,
}

fn err<T>(message: impl Into<String>, span: Range<usize>) -> Result<T, ExprError> {
    Err(ExprError {
        message: message.into(),
        span,
    })
}

/// What the parser holds on its operator stack.
enum Pending {
    Open(usize),
    Op(Op, Range<usize>),
}

/// The parser's state: the output so far, the operator stack, and the
/// start of each operand on the output (for spans).
struct Parser {
    out: Vec<(PostfixStep, Range<usize>)>,
    ops: Vec<Pending>,
    /// Spans of the operands made so far, as a stack parallel to `out`'s values.
    operands: Vec<Range<usize>>,
    /// True when the next token must be an operand.
    want_operand: bool,
    /// The last operator read, for "no right operand" messages.
    last_op: Option<(char, Range<usize>)>,
}

impl Parser {
    fn reduce(&mut self, op: Op, at: Range<usize>) {
        let right = self.operands.pop().unwrap_or(at.clone());
        let left = self.operands.pop().unwrap_or(at.clone());
        let span = left.start..right.end;
        self.out.push((PostfixStep::Apply(op), span.clone()));
        self.operands.push(span);
    }

    /// Pop operators that bind at least as tightly as `prec`.
    fn pop_while(&mut self, prec: u8) {
        while let Some(Pending::Op(op, _)) = self.ops.last() {
            if op.precedence() < prec {
                break;
            }
            let Some(Pending::Op(op, at)) = self.ops.pop() else {
                break;
            };
            self.reduce(op, at);
        }
    }

    fn operand(&mut self, c: char, at: Range<usize>) -> Result<(), ExprError> {
        if !self.want_operand {
            return err(format!("missing operator before '{c}'"), at);
        }
        self.want_operand = false;
        if c == '(' {
            self.ops.push(Pending::Open(at.start));
            self.want_operand = true;
            return Ok(());
        }
        if c.is_ascii_lowercase() {
            return err(
                format!(
                    "'{c}' is not a tab letter: tabs are named by capitals (did you mean '{}'?)",
                    c.to_ascii_uppercase()
                ),
                at,
            );
        }
        self.out.push((PostfixStep::Tab(c), at.clone()));
        self.operands.push(at);
        Ok(())
    }

    fn close(&mut self, at: Range<usize>) -> Result<(), ExprError> {
        if self.want_operand {
            return match self.last_op.take() {
                Some((c, op)) if matches!(self.ops.last(), Some(Pending::Op(..))) => {
                    err(format!("operator '{c}' has no right operand"), op)
                }
                _ => err("empty parentheses", at),
            };
        }
        self.pop_while(0);
        match self.ops.pop() {
            Some(Pending::Open(start)) => {
                if let Some(last) = self.operands.last_mut() {
                    *last = start..at.end;
                }
                Ok(())
            }
            _ => err("unmatched ')': no '(' before it", at),
        }
    }

    fn operator(&mut self, c: char, op: Op, at: Range<usize>) -> Result<(), ExprError> {
        if self.want_operand {
            return err(format!("operator '{c}' has no left operand"), at);
        }
        self.pop_while(op.precedence());
        self.ops.push(Pending::Op(op, at.clone()));
        self.last_op = Some((c, at));
        self.want_operand = true;
        Ok(())
    }

    fn finish(mut self, len: usize) -> Result<Expr, ExprError> {
        if self.want_operand {
            return match self.last_op.take() {
                Some((c, at)) if matches!(self.ops.last(), Some(Pending::Op(..))) => {
                    err(format!("operator '{c}' has no right operand"), at)
                }
                _ if self.out.is_empty() && self.ops.is_empty() => err(
                    "empty expression: write tab letters joined by | & - ^ or +",
                    0..len,
                ),
                _ => err("expression ends inside parentheses", len..len),
            };
        }
        self.pop_while(0);
        if let Some(Pending::Open(start)) = self.ops.last() {
            return err("unbalanced '(': no ')' closes it", *start..*start + 1);
        }
        Ok(Expr { steps: self.out })
    }
}

/// Parse `text` into an [`Expr`].
pub fn parse(text: &str) -> Result<Expr, ExprError> {
    if text.len() > MAX_EXPR_LEN {
        return err(
            format!("expression longer than {MAX_EXPR_LEN} bytes"),
            MAX_EXPR_LEN..text.len(),
        );
    }
    let mut p = Parser {
        out: Vec::new(),
        ops: Vec::new(),
        operands: Vec::new(),
        want_operand: true,
        last_op: None,
    };
    for (i, c) in text.char_indices() {
        let at = i..i + c.len_utf8();
        match c {
            c if c.is_whitespace() => {}
            '(' => p.operand(c, at)?,
            ')' => p.close(at)?,
            c if c.is_ascii_alphabetic() => p.operand(c, at)?,
            c => match Op::from_char(c) {
                Some(op) => p.operator(c, op, at)?,
                None => {
                    return err(
                        format!("unexpected '{c}': use tab letters, ( ), | & - ^ or +"),
                        at,
                    )
                }
            },
        }
    }
    p.finish(text.len())
}

impl Expr {
    /// The tab letters the expression names, each once, in order of first use.
    pub fn letters(&self) -> Vec<char> {
        let mut out = Vec::new();
        for (s, _) in &self.steps {
            if let PostfixStep::Tab(c) = s {
                if !out.contains(c) {
                    out.push(*c);
                }
            }
        }
        out
    }

    /// The expression written with the page's symbols and only the
    /// parentheses it needs: `(A|B)-C` is `(A ∪ B) − C`.
    pub fn name(&self) -> String {
        // (text, precedence of its top operator; 9 for a letter)
        let mut stack: Vec<(String, u8)> = Vec::new();
        for (s, _) in &self.steps {
            match s {
                PostfixStep::Tab(c) => stack.push((c.to_string(), 9)),
                PostfixStep::Apply(op) => {
                    let (r, rp) = stack.pop().unwrap_or_default();
                    let (l, lp) = stack.pop().unwrap_or_default();
                    let p = op.precedence();
                    let l = if lp < p { format!("({l})") } else { l };
                    let r = if rp <= p { format!("({r})") } else { r };
                    stack.push((format!("{l} {} {r}", op.symbol()), p));
                }
            }
        }
        stack.pop().map(|(s, _)| s).unwrap_or_default()
    }
}

/// Apply `op` to two sets.
fn apply(op: Op, a: &Rset, b: &Rset) -> Result<Rset, String> {
    let e = |e: rset::Error| e.to_string();
    match op {
        Op::Diff => a.diff(b).map_err(e),
        Op::Intersect => Ok(a.intersect(b)),
        Op::Union => a.union(b).map_err(e),
        Op::SymDiff => a.diff(b).and_then(|l| l.union(&b.diff(a)?)).map_err(e),
        Op::Append => rset::append_all(&[a.clone(), b.clone()]).map_err(e),
    }
}

/// Why [`evaluate`] refused: the expression is wrong (a span in the
/// expression) or an input or an operation is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// The expression itself.
    Expr(ExprError),
    /// An input that cannot be read, or an operation the core refuses.
    Refused(Refusal),
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Expr(e) => write!(f, "{} (at {}-{})", e.message, e.span.start, e.span.end),
            EvalError::Refused(r) => f.write_str(&r.message),
        }
    }
}

/// The union of each named tab's R documents, each read once.
fn tab_sets(expr: &Expr, inputs: &Inputs) -> Result<Vec<(char, Rset)>, EvalError> {
    let mut sets = Vec::new();
    for c in expr.letters() {
        let Some(i) = inputs.sources.iter().position(|s| s.tab == Some(c)) else {
            let span = expr
                .steps
                .iter()
                .find(|(s, _)| *s == PostfixStep::Tab(c))
                .map_or(0..0, |(_, sp)| sp.clone());
            let open: Vec<String> = inputs
                .sources
                .iter()
                .filter_map(|s| s.tab.map(String::from))
                .collect();
            return Err(EvalError::Expr(ExprError {
                message: format!("no tab {c}: the open tabs are {}", open.join(", ")),
                span,
            }));
        };
        let one = Inputs {
            sources: vec![inputs.sources[i].clone()],
            exiting: false,
            keep: false,
            result: Default::default(),
            warnings: Default::default(),
        };
        let r = super::union_all(&one).map_err(|mut e| {
            e.input = Some(i);
            EvalError::Refused(e)
        })?;
        sets.push((c, r));
    }
    Ok(sets)
}

/// Parse `text` and evaluate it over `inputs` (tabs by letter): the R as
/// `flux R` prints it, plus a newline.
pub fn evaluate(text: &str, inputs: &Inputs) -> Result<String, EvalError> {
    let expr = parse(text).map_err(EvalError::Expr)?;
    let sets = tab_sets(&expr, inputs)?;
    let named = sets.iter().map(|(c, r)| (c.to_string(), r));
    inputs
        .warnings
        .borrow_mut()
        .extend(super::host_conflicts(named));
    let get = |c: char| sets.iter().find(|(t, _)| *t == c).map(|(_, r)| r);
    let mut stack: Vec<(std::borrow::Cow<Rset>, Range<usize>)> = Vec::new();
    for (step, span) in &expr.steps {
        match step {
            PostfixStep::Tab(c) => {
                let r = get(*c).ok_or_else(|| {
                    EvalError::Expr(ExprError {
                        message: format!("no tab {c}"),
                        span: span.clone(),
                    })
                })?;
                stack.push((std::borrow::Cow::Borrowed(r), span.clone()));
            }
            PostfixStep::Apply(op) => {
                let (b, _) = stack.pop().ok_or_else(|| internal(span))?;
                let (a, _) = stack.pop().ok_or_else(|| internal(span))?;
                let r = apply(*op, &a, &b).map_err(|m| {
                    EvalError::Expr(ExprError {
                        message: format!(
                            "{} of {} refused: {m}",
                            op_name(*op),
                            &text[span.clone()]
                        ),
                        span: span.clone(),
                    })
                })?;
                stack.push((std::borrow::Cow::Owned(r), span.clone()));
            }
        }
    }
    let (r, _) = stack.pop().ok_or_else(|| internal(&(0..text.len())))?;
    Ok(super::encoded(inputs, r.into_owned()))
}

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Diff => "difference",
        Op::Intersect => "intersection",
        Op::SymDiff => "symmetric difference",
        Op::Union => "union",
        Op::Append => "append",
    }
}

fn internal(span: &Range<usize>) -> EvalError {
    EvalError::Expr(ExprError {
        message: "malformed expression".into(),
        span: span.clone(),
    })
}

#[cfg(test)]
mod tests;
