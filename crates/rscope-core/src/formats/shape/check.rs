//! RFC 14's rules on a resources list, whether a shape produced it or a
//! jobspec file held it.
//!
//! The reference shape parser checks syntax only; these are the rules RFC
//! 14 (and its schema) put on the result: a non-empty list of vertices, each
//! with a string `type` and a valid `count` (positive integer, RFC 22 idset
//! without 0, RFC 45 range or count dictionary), boolean `exclusive`, string
//! `unit`, `id` and `label`, a non-empty `with` list; a slot has a label
//! and children; labels are unique. Keys RFC 14 does not define are
//! warnings: RFC 46 lets a shape add them, the RFC 14 schema does not.

use super::json::Json;
use super::parser::pointer_escape;
use crate::diag::Diagnostic;
use crate::idset::IdSet;
use crate::range::Range;
use std::collections::HashMap;
use std::fmt;
use std::fmt::Write as _;
use std::ops::Range as Span;

pub use crate::diag::Severity;

/// One RFC 14 rule a resources list breaks (errors break RFC 14; warnings
/// are allowed by the reference but outside the RFC 14 schema).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rfc14Finding {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, lowercase.
    pub message: String,
    /// A JSON pointer into the resources list (`/0/with/1/count`).
    pub pointer: String,
    /// The span of the shape text concerned, when the list came from one.
    pub span: Option<Span<usize>>,
}

impl Rfc14Finding {
    /// The finding as the crate's [`Diagnostic`] (an empty span at the start
    /// when the list did not come from shape text).
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::new(
            self.severity,
            self.message.clone(),
            self.span.clone().unwrap_or(0..0),
            self.pointer.clone(),
        )
    }
}

impl fmt::Display for Rfc14Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.severity, self.message)?;
        match &self.span {
            Some(span) => write!(f, " at column {}", span.start + 1),
            None => write!(
                f,
                " at {}",
                if self.pointer.is_empty() {
                    "/"
                } else {
                    &self.pointer
                }
            ),
        }
    }
}

/// What a count allows, once it has passed [`count_of`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Fixed(u64),
    /// Any count in this set (RFC 22 idset string).
    Set(IdSet),
    /// Any count the range allows (RFC 45 string or count dictionary).
    Range(Range),
}

impl Count {
    /// The smallest count allowed.
    pub fn min(&self) -> u64 {
        match self {
            Count::Fixed(n) => *n,
            Count::Set(s) => s.first().map_or(0, u64::from),
            Count::Range(r) => r.min(),
        }
    }

    /// The largest allowed count not above `n`.
    pub fn largest_at_most(&self, n: u64) -> Option<u64> {
        match self {
            Count::Fixed(c) => (*c <= n).then_some(*c),
            Count::Set(s) => {
                let cap = u32::try_from(n).unwrap_or(u32::MAX);
                s.intersection(&IdSet::from_range(0, cap))
                    .last()
                    .map(u64::from)
            }
            Count::Range(r) => r.largest_at_most(n),
        }
    }
}

/// Read an RFC 14 count: a positive integer, a string holding an RFC 45
/// range or an RFC 22 idset, or a count dictionary.
pub fn count_of(value: &Json) -> Result<Count, String> {
    match value {
        Json::Int(n) => u64::try_from(*n)
            .ok()
            .filter(|&n| n >= 1)
            .map(Count::Fixed)
            .ok_or_else(|| format!("count {n} is not a positive integer")),
        Json::Str(s) => {
            let looks_like_range = s.contains([':', '+']) || (!s.contains(',') && s.contains('-'));
            match Range::parse(s) {
                Ok(r) => return Ok(Count::Range(r)),
                Err(e) if looks_like_range => {
                    return Err(format!("count '{s}' is not a valid range: {}", e.message()))
                }
                Err(_) => {}
            }
            match IdSet::parse(s) {
                Ok(set) if set.is_empty() => Err(format!("count '{s}' is empty")),
                Ok(set) if set.first() == Some(0) => Err(format!("count '{s}' allows 0")),
                Ok(set) => Ok(Count::Set(set)),
                Err(e) => Err(format!("count '{s}' is not a valid idset: {}", e.message())),
            }
        }
        Json::Object(_) => Range::from_dict(&value.to_value())
            .map(Count::Range)
            .map_err(|e| format!("count dictionary: {e}")),
        Json::Float(f) if f.is_infinite() => Err("count is not finite".to_string()),
        _ => Err(format!(
            "count {} is not an integer, string or dictionary",
            value.to_python()
        )),
    }
}

/// Check a resources list (the value of a jobspec's `resources` key).
pub fn check_resources(resources: &Json) -> Vec<Rfc14Finding> {
    match resources {
        Json::Array(list) => check_list(list),
        _ => vec![Rfc14Finding {
            severity: Severity::Error,
            message: "resources is not a list".into(),
            pointer: String::new(),
            span: None,
        }],
    }
}

/// Check the vertices of a resources list.
pub fn check_list(list: &[Json]) -> Vec<Rfc14Finding> {
    let mut c = Checker {
        findings: Vec::new(),
        labels: HashMap::new(),
        path: Vec::new(),
    };
    if list.is_empty() {
        c.error(
            String::new(),
            "resources must list at least one vertex".into(),
        );
    }
    c.list(list);
    c.findings
}

struct Checker {
    findings: Vec<Rfc14Finding>,
    /// Each label and the pointer where it first appears.
    labels: HashMap<String, String>,
    /// The vertex being checked, as its index in each list from the top
    /// (each list after the first is its parent's `with`). Its JSON pointer
    /// is written only for a finding: a 10 000-vertex shape has none, and
    /// writing 10 000 pointers took a quarter of its expansion's time.
    path: Vec<usize>,
}

impl Checker {
    /// The JSON pointer of the vertex being checked.
    fn pointer(&self) -> String {
        let mut p = String::new();
        for (depth, i) in self.path.iter().enumerate() {
            if depth > 0 {
                p.push_str("/with");
            }
            let _ = write!(p, "/{i}");
        }
        p
    }

    /// The JSON pointer of `key` in the vertex being checked.
    fn at(&self, key: &str) -> String {
        format!("{}/{}", self.pointer(), pointer_escape(key))
    }

    fn push(&mut self, severity: Severity, pointer: String, message: String) {
        self.findings.push(Rfc14Finding {
            severity,
            message,
            pointer,
            span: None,
        });
    }

    fn error(&mut self, pointer: String, message: String) {
        self.push(Severity::Error, pointer, message);
    }

    fn list(&mut self, list: &[Json]) {
        for (i, v) in list.iter().enumerate() {
            self.path.push(i);
            self.vertex(v);
            self.path.pop();
        }
    }

    fn vertex(&mut self, v: &Json) {
        let Some(o) = v.as_object() else {
            self.error(self.pointer(), "resource vertex is not a dictionary".into());
            return;
        };
        let ty = match o.get("type") {
            Some(Json::Str(s)) => Some(s.as_str()),
            Some(other) => {
                self.error(
                    self.at("type"),
                    format!("type {} is not a string", other.to_python()),
                );
                None
            }
            None => {
                self.error(self.pointer(), "resource vertex has no type".into());
                None
            }
        };
        match o.get("count") {
            Some(count) => {
                if let Err(m) = count_of(count) {
                    self.error(self.at("count"), m);
                }
            }
            None => self.error(self.pointer(), "resource vertex has no count".into()),
        }
        for (key, value) in o.iter() {
            match key {
                "type" | "count" | "with" => {}
                "exclusive" => {
                    if !matches!(value, Json::Bool(_)) {
                        self.error(
                            self.at(key),
                            format!("exclusive {} is not a boolean", value.to_python()),
                        );
                    }
                }
                "unit" | "id" | "label" => match value {
                    Json::Str(s) if key == "label" => match self.labels.get(s).cloned() {
                        Some(q) => self.error(
                            self.at(key),
                            format!("duplicate label '{s}' (first at {q})"),
                        ),
                        None => {
                            self.labels.insert(s.clone(), self.at(key));
                        }
                    },
                    Json::Str(_) => {}
                    other => self.error(
                        self.at(key),
                        format!("{key} {} is not a string", other.to_python()),
                    ),
                },
                _ => self.push(
                    Severity::Warning,
                    self.at(key),
                    format!("key '{key}' is not defined by RFC 14"),
                ),
            }
        }
        let is_slot = ty == Some("slot");
        if is_slot && o.get("label").is_none() {
            self.error(self.pointer(), "slot has no label".into());
        }
        match o.get("with") {
            Some(Json::Array(list)) if list.is_empty() => {
                self.error(self.at("with"), "with must list at least one vertex".into())
            }
            Some(Json::Array(list)) => self.list(list),
            Some(other) => self.error(
                self.at("with"),
                format!("with {} is not a list", other.to_python()),
            ),
            None if is_slot => {
                self.error(self.pointer(), "slot has no resources under 'with'".into())
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{parse, Options};

    /// Expand `shape` and list its findings, or its parse error.
    fn check(shape: &str, want: &[&str]) {
        let got: Vec<String> = match parse(shape, &Options::default()) {
            Ok(e) => e.check().iter().map(ToString::to_string).collect(),
            Err(e) => vec![format!("parse error: {e}")],
        };
        assert_eq!(got, want, "shape {shape:?}");
    }

    #[test]
    fn valid_shapes_have_no_findings() {
        check("slot=4/node", &[]);
        check("slot=3-30:2/node{x}", &[]);
        check("slot=4,9,16,25/node", &[]);
        check(
            "[cluster/slot=2{ib}/node/[memory=4{unit:GB};ib10g];switch/slot=2{bicore}/node/core=2]",
            &[],
        );
        check("slot=2+:2:*/core{id:'0-3'}", &[]);
    }

    #[test]
    fn rfc14_rules_the_reference_does_not_check() {
        check(
            "slot=30-3/node",
            &["error: count '30-3' is not a valid range: max 3 is less than min 30 at column 6"],
        );
        check("slot=2-8:1:*/node", &["error: count '2-8:1:*' is not a valid range: operand must be at least 2 for operator '*' at column 6"]);
        check("slot=1+:2:^/node", &["error: count '1+:2:^' is not a valid range: min must be at least 2 for operator '^' at column 6"]);
        check(
            "node=5,3",
            &["error: count '5,3' is not a valid idset: '3' is out of order at column 6"],
        );
        check(
            "[slot{a}/node;slot{a}/core]",
            &["error: duplicate label 'a' (first at /0/label) at column 20"],
        );
        check("'slot'/node", &["error: slot has no label at column 1"]);
        check(
            "node{exclusive:1,unit:2,foo}",
            &[
                "error: exclusive 1 is not a boolean at column 6",
                "error: unit 2 is not a string at column 18",
                "warning: key 'foo' is not defined by RFC 14 at column 25",
            ],
        );
        check(
            "node{count:0}",
            &["error: count 0 is not a positive integer at column 6"],
        );
        check(
            "node{type:5,with:[]}",
            &[
                "error: type 5 is not a string at column 6",
                "error: with must list at least one vertex at column 13",
            ],
        );
        check(
            "node{count:{min:3,max:1}}",
            &["error: count dictionary: max 1 is less than min 3 in key 'max' at column 6"],
        );
        check(
            "node{count:'0,1'}",
            &["error: count '0,1' allows 0 at column 6"],
        );
    }

    #[test]
    fn findings_become_diagnostics_with_span_and_pointer() {
        let e = parse("slot=30-3/node", &Options::default()).unwrap();
        let d = e.check()[0].to_diagnostic();
        assert_eq!(
            d,
            Diagnostic::error(
                "count '30-3' is not a valid range: max 3 is less than min 30",
                5..9,
                "/0/count"
            )
        );
    }

    #[test]
    fn counts_read_every_rfc14_form() {
        let count = |j: &str| count_of(&Json::from_value(&serde_json::from_str(j).unwrap()));
        assert_eq!(count("4"), Ok(Count::Fixed(4)));
        assert_eq!(count("\"4\""), Ok(Count::Set(IdSet::from_range(4, 4))));
        assert_eq!(
            count("\"3-30\""),
            Ok(Count::Range(Range::parse("3-30").unwrap()))
        );
        assert_eq!(
            count(r#"{"min": 2}"#),
            Ok(Count::Range(Range::parse("2+").unwrap()))
        );
        assert_eq!(count("0"), Err("count 0 is not a positive integer".into()));
        assert_eq!(
            count("1.5"),
            Err("count 1.5 is not an integer, string or dictionary".into())
        );
        assert_eq!(count("\"\""), Err("count '' is empty".into()));
        let r = count(r#""2-8:2:*""#).unwrap();
        assert_eq!(r.largest_at_most(7), Some(4));
        assert_eq!(
            Count::Set(IdSet::parse("4,9,16").unwrap()).largest_at_most(10),
            Some(9)
        );
    }
}
