//! RFC 45 range strings: compact spellings of RFC 14 count ranges such as
//! `2-8:2:*` (2, 4, 8) or `4+` (4 or more).
//!
//! A [`Range`] is always valid by RFC 14's rules: `min >= 1`, `max >= min`,
//! `operand >= 1`, `operand >= 2` for `*` and `^`, and `min >= 2` for `^`.
//! It converts to and from the RFC 14 count dictionary
//! `{min, max, operand, operator}` and enumerates the counts it allows.
//!
//! Differences from the reference (flux-core's `count_decode`/`count_create`),
//! each chosen deliberately:
//!
//! - The reference stores counts in a C `unsigned int` and uses `UINT_MAX`
//!   for "no maximum"; here values are `u64` and "no maximum" is `None`.
//! - A count dictionary may hold `operand` without `operator` (the reference
//!   accepts it and RFC 14 forbids it); a `max` of `null` means no maximum,
//!   the way JSON writers spell the reference's `Infinity`.
//! - [`Range::to_dict`] omits `max` for an unbounded range, as RFC 14's text
//!   says, although its schema wants `max` whenever `operand` is given.
//! - `3-3` is a range here (the reference's `count_decode` reads it as the
//!   idset `3`).

use serde_json::{Map, Value};
use std::fmt;
use std::ops::Range as Span;
use std::str::FromStr;

/// The operator that steps from one allowed count to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// `+`: `next = value + operand`.
    Add,
    /// `*`: `next = value * operand`.
    Mul,
    /// `^`: `next = value ^ operand` (as the reference's `count_next`).
    Pow,
}

impl Operator {
    /// The operator for `c`, if it is one of `+`, `*`, `^`.
    pub fn from_char(c: char) -> Option<Operator> {
        match c {
            '+' => Some(Operator::Add),
            '*' => Some(Operator::Mul),
            '^' => Some(Operator::Pow),
            _ => None,
        }
    }

    /// The character RFC 45 and RFC 14 use for this operator.
    pub fn as_char(self) -> char {
        match self {
            Operator::Add => '+',
            Operator::Mul => '*',
            Operator::Pow => '^',
        }
    }

    /// Apply the operator once; `None` when the result overflows `u64`.
    fn apply(self, value: u64, operand: u64) -> Option<u64> {
        match self {
            Operator::Add => value.checked_add(operand),
            Operator::Mul => value.checked_mul(operand),
            Operator::Pow => {
                let exp = u32::try_from(operand).ok()?;
                value.checked_pow(exp)
            }
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// A valid RFC 14 count range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    min: u64,
    max: Option<u64>,
    operand: u64,
    operator: Operator,
}

/// What is wrong with a range string or count dictionary.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Nothing to parse: ``, `[]`.
    Empty,
    /// A character a range cannot hold here: `1-2x`, `2-8:1;+`.
    UnexpectedChar(char),
    /// The input stops where a number must follow: `2-`, `2-8:`.
    MissingNumber(&'static str),
    /// The input stops where `-` or `+` must follow the minimum: `5`.
    MissingMax,
    /// The input stops where an operator must follow `:`: `2-8:2:`.
    MissingOperator,
    /// A number written with a leading zero: `2-8:01`.
    LeadingZero(String),
    /// A number above `u64::MAX`.
    TooLarge(String),
    /// A `min` or `operand` of zero: `0-5`, `1-5:0`.
    Zero(&'static str),
    /// `max` below `min`: `3-2`.
    MaxBelowMin {
        /// The minimum.
        min: u64,
        /// The maximum.
        max: u64,
    },
    /// An operand below 2 for `*` or `^`: `2-8:1:*`.
    OperandTooSmall(Operator),
    /// A minimum below 2 for `^`: `1-16:2:^`.
    MinTooSmallForPow,
    /// An operator that is not `+`, `*` or `^`: `2-8:2:/`.
    UnknownOperator(String),
    /// A `[` without `]` or the other way round: `[2+`.
    UnbalancedBracket,
    /// A count dictionary that is not a JSON object.
    NotADict,
    /// A count dictionary without `min`: `{}`.
    MissingMin,
    /// A dictionary value of the wrong type: `{"min": "2"}`.
    NotAPositiveInteger(&'static str),
    /// A dictionary key RFC 14 does not define: `{"man": 4}`.
    UnknownKey(String),
}

/// An error from parsing a range string or reading a count dictionary.
///
/// For a string the span is the byte range of the offending part; for a
/// dictionary it is empty and [`Error::dict_key`] names the key at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    span: Span<usize>,
    key: Option<String>,
    located: bool,
}

impl Error {
    fn at(kind: ErrorKind, span: Span<usize>) -> Self {
        Error {
            kind,
            span,
            key: None,
            located: true,
        }
    }

    fn key(kind: ErrorKind, key: &str) -> Self {
        Error {
            kind,
            span: 0..0,
            key: Some(key.to_string()),
            located: false,
        }
    }

    fn unlocated(kind: ErrorKind) -> Self {
        Error {
            kind,
            span: 0..0,
            key: None,
            located: false,
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte range of the offending part of a range string (empty for a
    /// dictionary).
    pub fn span(&self) -> Span<usize> {
        self.span.clone()
    }

    /// The dictionary key at fault, for errors about a count dictionary.
    pub fn dict_key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The message without the location, e.g. `max 2 is less than min 3`.
    pub fn message(&self) -> String {
        match &self.kind {
            ErrorKind::Empty => "empty range".to_string(),
            ErrorKind::UnexpectedChar(c) => format!("unexpected character {c:?}"),
            ErrorKind::MissingNumber(what) => format!("missing {what}"),
            ErrorKind::MissingMax => "expected '-' or '+' after the minimum".to_string(),
            ErrorKind::MissingOperator => "missing operator after ':'".to_string(),
            ErrorKind::LeadingZero(s) => format!("leading zero in '{s}'"),
            ErrorKind::TooLarge(s) => {
                format!("'{s}' is too large (the largest is {})", u64::MAX)
            }
            ErrorKind::Zero(what) => format!("{what} must be at least 1"),
            ErrorKind::MaxBelowMin { min, max } => {
                format!("max {max} is less than min {min}")
            }
            ErrorKind::OperandTooSmall(op) => {
                format!("operand must be at least 2 for operator '{op}'")
            }
            ErrorKind::MinTooSmallForPow => "min must be at least 2 for operator '^'".to_string(),
            ErrorKind::UnknownOperator(s) => format!("unknown operator '{s}'"),
            ErrorKind::UnbalancedBracket => "unbalanced bracket".to_string(),
            ErrorKind::NotADict => "count is not a dictionary".to_string(),
            ErrorKind::MissingMin => "count dictionary has no 'min'".to_string(),
            ErrorKind::NotAPositiveInteger(what) => {
                format!("'{what}' is not a positive integer")
            }
            ErrorKind::UnknownKey(k) => format!("unknown key '{k}' in count dictionary"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.key {
            Some(k) if !matches!(self.kind, ErrorKind::UnknownKey(_)) => {
                write!(f, "{} in key '{k}'", self.message())
            }
            None if self.located => {
                write!(f, "{} at column {}", self.message(), self.span.start + 1)
            }
            _ => f.write_str(&self.message()),
        }
    }
}

impl std::error::Error for Error {}

/// A cursor over a range string.
struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..self.end)?.chars().next()
    }

    fn unexpected(&self) -> Error {
        match self.peek() {
            Some(c) => Error::at(
                ErrorKind::UnexpectedChar(c),
                self.pos..self.pos + c.len_utf8(),
            ),
            None => Error::at(ErrorKind::UnexpectedChar(' '), self.pos..self.pos),
        }
    }

    /// A decimal number without leading zeros; `what` names it in errors.
    fn number(&mut self, what: &'static str) -> Result<(u64, Span<usize>), Error> {
        let start = self.pos;
        let bytes = self.text.as_bytes();
        while self.pos < self.end && bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let span = start..self.pos;
        let digits = self.text.get(span.clone()).unwrap_or("");
        if digits.is_empty() {
            return Err(if self.pos >= self.end {
                Error::at(ErrorKind::MissingNumber(what), start..start)
            } else {
                self.unexpected()
            });
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(Error::at(ErrorKind::LeadingZero(digits.to_string()), span));
        }
        let value = digits
            .parse::<u64>()
            .map_err(|_| Error::at(ErrorKind::TooLarge(digits.to_string()), span.clone()))?;
        Ok((value, span))
    }
}

impl Range {
    /// A range checked against RFC 14's rules.
    pub fn new(
        min: u64,
        max: Option<u64>,
        operand: u64,
        operator: Operator,
    ) -> Result<Self, Error> {
        Self::check(min, max, operand, operator).map_err(Error::unlocated)
    }

    fn check(
        min: u64,
        max: Option<u64>,
        operand: u64,
        operator: Operator,
    ) -> Result<Self, ErrorKind> {
        if min == 0 {
            return Err(ErrorKind::Zero("min"));
        }
        if let Some(max) = max {
            if max < min {
                return Err(ErrorKind::MaxBelowMin { min, max });
            }
        }
        if operand == 0 {
            return Err(ErrorKind::Zero("operand"));
        }
        if operator == Operator::Pow && min < 2 {
            return Err(ErrorKind::MinTooSmallForPow);
        }
        if operator != Operator::Add && operand < 2 {
            return Err(ErrorKind::OperandTooSmall(operator));
        }
        Ok(Range {
            min,
            max,
            operand,
            operator,
        })
    }

    /// Parse an RFC 45 range string: `min-max:operand:operator`,
    /// `min+:operand:operator` and their short forms, optionally in brackets.
    pub fn parse(s: &str) -> Result<Self, Error> {
        let open = s.starts_with('[');
        let close = s.len() > usize::from(open) && s.ends_with(']');
        if open != close {
            let at = if open { 0..1 } else { s.len() - 1..s.len() };
            return Err(Error::at(ErrorKind::UnbalancedBracket, at));
        }
        let start = usize::from(open);
        let end = s.len() - usize::from(close);
        if start >= end {
            return Err(Error::at(ErrorKind::Empty, 0..s.len()));
        }
        if let Some(i) = s.get(start..end).and_then(|inner| inner.find(['[', ']'])) {
            return Err(Error::at(
                ErrorKind::UnbalancedBracket,
                start + i..start + i + 1,
            ));
        }
        let mut sc = Scanner {
            text: s,
            pos: start,
            end,
        };
        let (min, min_span) = sc.number("min")?;
        let max = match sc.peek() {
            Some('-') => {
                sc.pos += 1;
                let (max, max_span) = sc.number("max after '-'")?;
                if max < min {
                    return Err(Error::at(
                        ErrorKind::MaxBelowMin { min, max },
                        min_span.start..max_span.end,
                    ));
                }
                Some(max)
            }
            Some('+') => {
                sc.pos += 1;
                None
            }
            Some(_) => return Err(sc.unexpected()),
            None => return Err(Error::at(ErrorKind::MissingMax, sc.pos..sc.pos)),
        };
        if min == 0 {
            return Err(Error::at(ErrorKind::Zero("min"), min_span));
        }
        let mut operand = 1;
        let mut operand_span = sc.pos..sc.pos;
        let mut operator = Operator::Add;
        if sc.peek().is_some() {
            if sc.peek() != Some(':') {
                return Err(sc.unexpected());
            }
            sc.pos += 1;
            (operand, operand_span) = sc.number("operand after ':'")?;
            if operand == 0 {
                return Err(Error::at(ErrorKind::Zero("operand"), operand_span));
            }
            if sc.peek().is_some() {
                if sc.peek() != Some(':') {
                    return Err(sc.unexpected());
                }
                sc.pos += 1;
                let op_start = sc.pos;
                let c = sc
                    .peek()
                    .ok_or_else(|| Error::at(ErrorKind::MissingOperator, op_start..op_start))?;
                let rest = s.get(op_start..end).unwrap_or("");
                operator = Operator::from_char(c).ok_or_else(|| {
                    Error::at(ErrorKind::UnknownOperator(rest.to_string()), op_start..end)
                })?;
                sc.pos += c.len_utf8();
                if sc.peek().is_some() {
                    return Err(sc.unexpected());
                }
            }
        }
        Self::check(min, max, operand, operator).map_err(|kind| {
            let span = match kind {
                ErrorKind::MinTooSmallForPow => min_span,
                _ => operand_span,
            };
            Error::at(kind, span)
        })
    }

    /// Read an RFC 14 count dictionary `{min, max?, operand?, operator?}`.
    pub fn from_dict(value: &Value) -> Result<Self, Error> {
        let map = value
            .as_object()
            .ok_or_else(|| Error::key(ErrorKind::NotADict, ""))?;
        for key in map.keys() {
            if !matches!(key.as_str(), "min" | "max" | "operand" | "operator") {
                return Err(Error::key(ErrorKind::UnknownKey(key.clone()), key));
            }
        }
        let int = |key: &'static str| -> Result<Option<u64>, Error> {
            match map.get(key) {
                None => Ok(None),
                Some(Value::Null) if key == "max" => Ok(None),
                Some(v) => match v.as_u64() {
                    Some(0) => Err(Error::key(ErrorKind::Zero(key), key)),
                    Some(n) => Ok(Some(n)),
                    None => Err(Error::key(ErrorKind::NotAPositiveInteger(key), key)),
                },
            }
        };
        let min = int("min")?.ok_or_else(|| Error::key(ErrorKind::MissingMin, "min"))?;
        let max = int("max")?;
        let operand = int("operand")?.unwrap_or(1);
        let operator = match map.get("operator") {
            None => Operator::Add,
            Some(Value::String(s)) => {
                let mut chars = s.chars();
                match (chars.next().and_then(Operator::from_char), chars.next()) {
                    (Some(op), None) => op,
                    _ => {
                        return Err(Error::key(
                            ErrorKind::UnknownOperator(s.clone()),
                            "operator",
                        ))
                    }
                }
            }
            Some(other) => {
                return Err(Error::key(
                    ErrorKind::UnknownOperator(other.to_string()),
                    "operator",
                ))
            }
        };
        Self::check(min, max, operand, operator).map_err(|kind| {
            let key = match kind {
                ErrorKind::MaxBelowMin { .. } => "max",
                ErrorKind::MinTooSmallForPow => "min",
                _ => "operand",
            };
            Error::key(kind, key)
        })
    }

    /// The RFC 14 count dictionary, keys in the reference's order
    /// (`min`, `max`, `operand`, `operator`). An unbounded range with the
    /// default step is `{"min": n}`; with another step, `max` is left out.
    pub fn to_dict(&self) -> Value {
        let mut map = Map::new();
        map.insert("min".to_string(), Value::from(self.min));
        if self.max.is_none() && self.is_unit_step() {
            return Value::Object(map);
        }
        if let Some(max) = self.max {
            map.insert("max".to_string(), Value::from(max));
        }
        map.insert("operand".to_string(), Value::from(self.operand));
        map.insert(
            "operator".to_string(),
            Value::String(self.operator.as_char().to_string()),
        );
        Value::Object(map)
    }

    /// The smallest allowed count.
    pub fn min(&self) -> u64 {
        self.min
    }

    /// The largest allowed count; `None` when unbounded.
    pub fn max(&self) -> Option<u64> {
        self.max
    }

    /// The operand of the step.
    pub fn operand(&self) -> u64 {
        self.operand
    }

    /// The step operator.
    pub fn operator(&self) -> Operator {
        self.operator
    }

    /// Whether the step is the default `+1`, which the short form omits.
    fn is_unit_step(&self) -> bool {
        self.operator == Operator::Add && self.operand == 1
    }

    /// The count after `value`, if it is allowed; the caller passes a value
    /// this range produced.
    pub fn next(&self, value: u64) -> Option<u64> {
        let next = self.operator.apply(value, self.operand)?;
        match self.max {
            Some(max) if next > max => None,
            _ => Some(next),
        }
    }

    /// The allowed counts in increasing order, up to `limit` inclusive.
    /// Every operator strictly increases, so the iterator always ends.
    pub fn values(&self, limit: u64) -> Values {
        Values {
            range: *self,
            next: (self.min <= limit).then_some(self.min),
            limit,
        }
    }

    /// Whether `n` is an allowed count.
    pub fn contains(&self, n: u64) -> bool {
        if n < self.min || self.max.is_some_and(|max| n > max) {
            return false;
        }
        match self.operator {
            Operator::Add => (n - self.min) % self.operand == 0,
            // Multiplicative steps reach u64::MAX within 64 steps.
            _ => self.values(n).any(|v| v == n),
        }
    }

    /// The largest allowed count not above `n`.
    pub fn largest_at_most(&self, n: u64) -> Option<u64> {
        if n < self.min {
            return None;
        }
        let top = self.max.map_or(n, |max| max.min(n));
        match self.operator {
            Operator::Add => Some(top - (top - self.min) % self.operand),
            _ => self.values(top).last(),
        }
    }

    /// Encode with the reference's `count_encode` flags: `short` leaves out a
    /// default operand and operator (`2-5` for `2-5:1:+`), `brackets`
    /// surrounds the string with `[...]`.
    pub fn encode(&self, short: bool, brackets: bool) -> String {
        let mut s = String::new();
        if brackets {
            s.push('[');
        }
        match self.max {
            Some(max) => s.push_str(&format!("{}-{max}", self.min)),
            None => s.push_str(&format!("{}+", self.min)),
        }
        if !short || self.operand != 1 || self.operator != Operator::Add {
            s.push_str(&format!(":{}", self.operand));
        }
        if !short || self.operator != Operator::Add {
            s.push_str(&format!(":{}", self.operator));
        }
        if brackets {
            s.push(']');
        }
        s
    }
}

impl fmt::Display for Range {
    /// The short form (`2-5`, `4+`, `2-8:2:*`); the alternate form `{:#}`
    /// writes every part (`2-5:1:+`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode(!f.alternate(), false))
    }
}

impl FromStr for Range {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Range::parse(s)
    }
}

impl serde::Serialize for Range {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_dict().serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Range {
    /// Accepts a count dictionary or a range string.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let parsed = match &value {
            Value::String(s) => Range::parse(s),
            other => Range::from_dict(other),
        };
        parsed.map_err(serde::de::Error::custom)
    }
}

/// The counts a [`Range`] allows, up to a limit; see [`Range::values`].
#[derive(Clone, Debug)]
pub struct Values {
    range: Range,
    next: Option<u64>,
    limit: u64,
}

impl Iterator for Values {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let current = self.next?;
        self.next = self.range.next(current).filter(|&n| n <= self.limit);
        Some(current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parse `input`; expect its full form, or the exact error.
    fn check(input: &str, expect: &str) {
        let got = match Range::parse(input) {
            Ok(r) => format!("{r:#}"),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(got, expect, "input {input:?}");
    }

    #[test]
    fn parses_rfc45_forms() {
        check("1-5:2:+", "1-5:2:+");
        check("1-5:2", "1-5:2:+");
        check("1-4", "1-4:1:+");
        check("[1-4:2:*]", "1-4:2:*");
        check("[100+]", "100+:1:+");
        check("2+", "2+:1:+");
        check("2+:3", "2+:3:+");
        check("2+:2:^", "2+:2:^");
        check("3-3", "3-3:1:+");
        check("25-133:17:+", "25-133:17:+");
        check("18446744073709551615+", "18446744073709551615+:1:+");
    }

    #[test]
    fn rejects_what_rfc45_and_rfc14_forbid() {
        check("", "error: empty range at column 1");
        check("[]", "error: empty range at column 1");
        check("[2+", "error: unbalanced bracket at column 1");
        check("2+]", "error: unbalanced bracket at column 3");
        check("[[2+]]", "error: unbalanced bracket at column 2");
        check(
            "5",
            "error: expected '-' or '+' after the minimum at column 2",
        );
        check("2-", "error: missing max after '-' at column 3");
        check("2-8:", "error: missing operand after ':' at column 5");
        check("2-8:2:", "error: missing operator after ':' at column 7");
        check("3-2:1:+", "error: max 2 is less than min 3 at column 1");
        check("3-0", "error: max 0 is less than min 3 at column 1");
        check("0-5", "error: min must be at least 1 at column 1");
        check("0+", "error: min must be at least 1 at column 1");
        check("1-5:0", "error: operand must be at least 1 at column 5");
        check("2-8:01", "error: leading zero in '01' at column 5");
        check("01-8", "error: leading zero in '01' at column 1");
        check("2-8:1;+", "error: unexpected character ';' at column 6");
        check(
            "2-8:1:*",
            "error: operand must be at least 2 for operator '*' at column 5",
        );
        check(
            "2-8:1:^",
            "error: operand must be at least 2 for operator '^' at column 5",
        );
        check(
            "1-16:2:^",
            "error: min must be at least 2 for operator '^' at column 1",
        );
        check("2-8:1:/", "error: unknown operator '/' at column 7");
        check("2-8:1:++", "error: unexpected character '+' at column 8");
        check("4.2", "error: unexpected character '.' at column 2");
        check("x", "error: unexpected character 'x' at column 1");
        check("-5", "error: unexpected character '-' at column 1");
        check("1-2x", "error: unexpected character 'x' at column 4");
        check("2 -5", "error: unexpected character ' ' at column 2");
        check("2-é", "error: unexpected character 'é' at column 3");
        check(
            "18446744073709551616+",
            "error: '18446744073709551616' is too large (the largest is 18446744073709551615) at column 1",
        );
    }

    #[test]
    fn short_and_bracketed_encodings_match_count_encode() {
        let cases = [
            ("2+", "2+", "[2+]"),
            ("2-5:3", "2-5:3", "[2-5:3]"),
            ("2-5:1:+", "2-5", "[2-5]"),
            ("2-8:2:*", "2-8:2:*", "[2-8:2:*]"),
            ("25-133:17:+", "25-133:17", "[25-133:17]"),
        ];
        for (input, short, bracketed) in cases {
            let r = Range::parse(input).unwrap();
            assert_eq!(r.to_string(), short);
            assert_eq!(r.encode(true, true), bracketed);
        }
    }

    /// Dictionary → full form, or the exact error.
    fn check_dict(json: &str, expect: &str) {
        let value: Value = serde_json::from_str(json).unwrap();
        let got = match Range::from_dict(&value) {
            Ok(r) => format!("{r:#}"),
            Err(e) => format!("error: {e}"),
        };
        assert_eq!(got, expect, "input {json}");
    }

    #[test]
    fn reads_count_dictionaries() {
        check_dict(r#"{"min": 3, "max": 3}"#, "3-3:1:+");
        check_dict(r#"{"min": 2}"#, "2+:1:+");
        check_dict(r#"{"min": 2, "max": null}"#, "2+:1:+");
        check_dict(r#"{"min": 2, "max": 5, "operand": 3}"#, "2-5:3:+");
        check_dict(
            r#"{"min": 2, "max": 8, "operand": 2, "operator": "*"}"#,
            "2-8:2:*",
        );
        check_dict(r#"{}"#, "error: count dictionary has no 'min' in key 'min'");
        check_dict(r#"[1]"#, "error: count is not a dictionary in key ''");
        check_dict(
            r#"{"man": 4}"#,
            "error: unknown key 'man' in count dictionary",
        );
        check_dict(
            r#"{"min": 4, "max": 6, "operand": 0, "operator": "+"}"#,
            "error: operand must be at least 1 in key 'operand'",
        );
        check_dict(
            r#"{"min": 4, "max": 6, "operand": -1, "operator": "+"}"#,
            "error: 'operand' is not a positive integer in key 'operand'",
        );
        check_dict(
            r#"{"min": -2, "max": 6}"#,
            "error: 'min' is not a positive integer in key 'min'",
        );
        check_dict(
            r#"{"min": 3, "max": 1, "operand": 2, "operator": "+"}"#,
            "error: max 1 is less than min 3 in key 'max'",
        );
        check_dict(
            r#"{"min": 2, "max": 16, "operand": 1, "operator": "*"}"#,
            "error: operand must be at least 2 for operator '*' in key 'operand'",
        );
        check_dict(
            r#"{"min": 1, "max": 16, "operand": 2, "operator": "^"}"#,
            "error: min must be at least 2 for operator '^' in key 'min'",
        );
        check_dict(
            r#"{"min": 2, "max": 16, "operand": 1, "operator": "/"}"#,
            "error: unknown operator '/' in key 'operator'",
        );
        check_dict(
            r#"{"min": 2, "max": 16, "operand": 2, "operator": 42}"#,
            "error: unknown operator '42' in key 'operator'",
        );
        check_dict(
            r#"{"min": 2.5}"#,
            "error: 'min' is not a positive integer in key 'min'",
        );
    }

    #[test]
    fn writes_count_dictionaries_in_reference_key_order() {
        let dict = |s: &str| Range::parse(s).unwrap().to_dict().to_string();
        assert_eq!(
            dict("3-30"),
            r#"{"min":3,"max":30,"operand":1,"operator":"+"}"#
        );
        assert_eq!(dict("4+"), r#"{"min":4}"#);
        assert_eq!(dict("4+:2:*"), r#"{"min":4,"operand":2,"operator":"*"}"#);
        let r: Range = serde_json::from_str(r#""2-8:2:*""#).unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), dict("2-8:2:*"));
    }

    #[test]
    fn enumerates_allowed_counts() {
        let values = |s: &str, limit| Range::parse(s).unwrap().values(limit).collect::<Vec<_>>();
        assert_eq!(values("1-5", 100), [1, 2, 3, 4, 5]);
        assert_eq!(values("2-8:2:*", 100), [2, 4, 8]);
        assert_eq!(values("2-300:2:^", 1000), [2, 4, 16, 256]);
        assert_eq!(values("3-30:7", 100), [3, 10, 17, 24]);
        assert_eq!(values("4+", 7), [4, 5, 6, 7]);
        assert_eq!(values("4+", 3), Vec::<u64>::new());
        assert_eq!(values("2+:2:*", u64::MAX).len(), 63);
        assert_eq!(
            values("2+:2:^", u64::MAX),
            [2, 4, 16, 256, 65536, 4294967296]
        );
        let r = Range::parse("18446744073709551614+").unwrap();
        assert_eq!(r.values(u64::MAX).count(), 2);
    }

    #[test]
    fn contains_and_largest_at_most() {
        let r = Range::parse("3-30:7").unwrap();
        assert!(r.contains(17));
        assert!(!r.contains(18));
        assert!(!r.contains(31));
        assert_eq!(r.largest_at_most(23), Some(17));
        assert_eq!(r.largest_at_most(100), Some(24));
        assert_eq!(r.largest_at_most(2), None);
        let p = Range::parse("2+:2:^").unwrap();
        assert!(p.contains(256));
        assert!(!p.contains(8));
        assert_eq!(p.largest_at_most(300), Some(256));
    }

    // proptest needs OS randomness, which wasm32 lacks.
    #[cfg(not(target_arch = "wasm32"))]
    mod props {
        use super::*;
        use proptest::prelude::*;

        fn operator() -> impl Strategy<Value = Operator> {
            prop_oneof![
                Just(Operator::Add),
                Just(Operator::Mul),
                Just(Operator::Pow)
            ]
        }

        fn valid_range() -> impl Strategy<Value = Range> {
            (
                1u64..1000,
                proptest::option::of(0u64..1000),
                1u64..20,
                operator(),
            )
                .prop_filter_map("invalid combination", |(min, extra, operand, op)| {
                    Range::new(min, extra.map(|e| min + e), operand, op).ok()
                })
        }

        proptest! {
            #[test]
            fn parse_of_encode_is_identity(r in valid_range(), short: bool, brackets: bool) {
                prop_assert_eq!(Range::parse(&r.encode(short, brackets)).unwrap(), r);
                prop_assert_eq!(Range::from_dict(&r.to_dict()).unwrap(), r);
            }

            #[test]
            fn values_agree_with_contains(r in valid_range()) {
                let values: Vec<u64> = r.values(5000).collect();
                for n in 0..=5000u64 {
                    prop_assert_eq!(r.contains(n), values.binary_search(&n).is_ok());
                }
                prop_assert_eq!(r.largest_at_most(2500), values.iter().copied().rfind(|&v| v <= 2500));
            }

            #[test]
            fn parse_never_panics(s in "[0-9+*^:\\[\\]x-]{0,12}") {
                let _ = Range::parse(&s);
            }
        }
    }
}
