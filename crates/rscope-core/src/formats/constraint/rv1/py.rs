//! A JSON value as Python holds it after `json.loads`, and the few things
//! Rv1Set's constraint reading asks of one: `type(v).__name__`, `str()`,
//! `repr()`, truth, `==`, `<` and `sorted()`, each with the `TypeError`
//! text Python 3.11 gives.

use crate::output_format::{py_float, py_repr};
use std::cmp::Ordering;

/// A value as `json.loads` makes it.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Py {
    None,
    Bool(bool),
    /// An `int`, by its decimal text (Python's ints have no bound).
    Int(String),
    Float(f64),
    Str(String),
    List(Vec<Py>),
    /// A `dict`: keys in first-seen order, a repeated key's last value.
    Dict(Vec<(String, Py)>),
}

impl Py {
    /// The value of the project's JSON tree.
    pub(super) fn from_tree(v: &crate::json::Value<'_>) -> Py {
        use crate::json::Value as T;
        match v {
            T::StringLit(s) => Py::Str(s.as_str().to_string()),
            T::NumberLit(n) => number(n.value),
            T::BooleanLit(b) => Py::Bool(b.value),
            T::NullKeyword(_) => Py::None,
            T::Array(a) => Py::List(a.elements.iter().map(Py::from_tree).collect()),
            T::Object(o) => dict(
                o.properties
                    .iter()
                    .map(|p| (p.name.as_str(), Py::from_tree(&p.value))),
            ),
        }
    }

    /// The value of a `serde_json` value (a `--requires` query's object).
    pub(super) fn from_serde(v: &serde_json::Value) -> Py {
        use serde_json::Value as V;
        match v {
            V::Null => Py::None,
            V::Bool(b) => Py::Bool(*b),
            V::Number(n) => number(&n.to_string()),
            V::String(s) => Py::Str(s.clone()),
            V::Array(a) => Py::List(a.iter().map(Py::from_serde).collect()),
            V::Object(o) => dict(o.iter().map(|(k, v)| (k.as_str(), Py::from_serde(v)))),
        }
    }

    /// `type(v).__name__`.
    pub(super) fn type_name(&self) -> &'static str {
        match self {
            Py::None => "NoneType",
            Py::Bool(_) => "bool",
            Py::Int(_) => "int",
            Py::Float(_) => "float",
            Py::Str(_) => "str",
            Py::List(_) => "list",
            Py::Dict(_) => "dict",
        }
    }

    /// `str(v)`.
    pub(super) fn str(&self) -> String {
        match self {
            Py::Str(s) => s.clone(),
            other => other.repr(),
        }
    }

    /// `repr(v)`.
    pub(super) fn repr(&self) -> String {
        match self {
            Py::None => "None".into(),
            Py::Bool(true) => "True".into(),
            Py::Bool(false) => "False".into(),
            Py::Int(digits) => digits.clone(),
            Py::Float(x) => py_float(*x),
            Py::Str(s) => py_repr(s),
            Py::List(items) => {
                let items: Vec<String> = items.iter().map(Py::repr).collect();
                format!("[{}]", items.join(", "))
            }
            Py::Dict(pairs) => {
                let pairs: Vec<String> = (pairs.iter())
                    .map(|(k, v)| format!("{}: {}", py_repr(k), v.repr()))
                    .collect();
                format!("{{{}}}", pairs.join(", "))
            }
        }
    }

    /// `bool(v)`.
    pub(super) fn truthy(&self) -> bool {
        match self {
            Py::None => false,
            Py::Bool(b) => *b,
            Py::Int(digits) => digits != "0",
            Py::Float(x) => *x != 0.0,
            Py::Str(s) => !s.is_empty(),
            Py::List(items) => !items.is_empty(),
            Py::Dict(pairs) => !pairs.is_empty(),
        }
    }

    /// What `for x in v` gives: a list's items, a string's characters, a
    /// dict's keys; `None` for a value that is not iterable.
    pub(super) fn iterate(&self) -> Option<Vec<Py>> {
        match self {
            Py::List(items) => Some(items.clone()),
            Py::Str(s) => Some(s.chars().map(|c| Py::Str(c.to_string())).collect()),
            Py::Dict(pairs) => Some(pairs.iter().map(|(k, _)| Py::Str(k.clone())).collect()),
            _ => None,
        }
    }

    /// `TypeError: '<type>' object is not iterable`.
    pub(super) fn not_iterable(&self) -> String {
        format!("'{}' object is not iterable", self.type_name())
    }
}

/// A JSON number as Python's `json` module reads it: a float when it has
/// a fraction or an exponent, else an int.
fn number(text: &str) -> Py {
    if text.contains(['.', 'e', 'E']) {
        Py::Float(text.parse().unwrap_or(f64::NAN))
    } else if text == "-0" {
        Py::Int("0".into())
    } else {
        Py::Int(text.to_string())
    }
}

fn dict<'a>(pairs: impl Iterator<Item = (&'a str, Py)>) -> Py {
    let mut out: Vec<(String, Py)> = Vec::new();
    for (k, v) in pairs {
        match out.iter_mut().find(|(have, _)| have == k) {
            Some(slot) => slot.1 = v,
            None => out.push((k.to_string(), v)),
        }
    }
    Py::Dict(out)
}

/// A number of the numeric tower (`bool`, `int`, `float`), for comparing.
enum Num<'a> {
    Int(&'a str),
    Float(f64),
}

fn num(v: &Py) -> Option<Num<'_>> {
    match v {
        Py::Bool(false) => Some(Num::Int("0")),
        Py::Bool(true) => Some(Num::Int("1")),
        Py::Int(d) => Some(Num::Int(d)),
        Py::Float(x) => Some(Num::Float(*x)),
        _ => None,
    }
}

/// Two ints by their decimal text, exactly.
fn cmp_int(a: &str, b: &str) -> Ordering {
    let (na, a) = a.strip_prefix('-').map_or((false, a), |d| (true, d));
    let (nb, b) = b.strip_prefix('-').map_or((false, b), |d| (true, d));
    let magnitude = a.len().cmp(&b.len()).then_with(|| a.cmp(b));
    match (na, nb) {
        (false, false) => magnitude,
        (true, true) => magnitude.reverse(),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

/// Two numbers compared; `None` when one is NaN.
fn cmp_num(a: &Num, b: &Num) -> Option<Ordering> {
    match (a, b) {
        (Num::Int(a), Num::Int(b)) => Some(cmp_int(a, b)),
        (Num::Int(a), Num::Float(b)) => a.parse::<f64>().ok()?.partial_cmp(b),
        (Num::Float(a), Num::Int(b)) => a.partial_cmp(&b.parse::<f64>().ok()?),
        (Num::Float(a), Num::Float(b)) => a.partial_cmp(b),
    }
}

/// `a == b`.
fn eq(a: &Py, b: &Py) -> bool {
    if let (Some(x), Some(y)) = (num(a), num(b)) {
        return cmp_num(&x, &y) == Some(Ordering::Equal);
    }
    match (a, b) {
        (Py::None, Py::None) => true,
        (Py::Str(x), Py::Str(y)) => x == y,
        (Py::List(x), Py::List(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| eq(x, y)),
        (Py::Dict(x), Py::Dict(y)) => {
            x.len() == y.len()
                && (x.iter()).all(|(k, v)| y.iter().any(|(k2, v2)| k == k2 && eq(v, v2)))
        }
        _ => false,
    }
}

/// `a < b`, or the `TypeError` Python raises.
fn lt(a: &Py, b: &Py) -> Result<bool, String> {
    if let (Some(x), Some(y)) = (num(a), num(b)) {
        return Ok(cmp_num(&x, &y) == Some(Ordering::Less));
    }
    match (a, b) {
        (Py::Str(x), Py::Str(y)) => Ok(x < y),
        (Py::List(x), Py::List(y)) => match x.iter().zip(y).find(|(x, y)| !eq(x, y)) {
            Some((x, y)) => lt(x, y),
            None => Ok(x.len() < y.len()),
        },
        _ => Err(format!(
            "'<' not supported between instances of '{}' and '{}'",
            a.type_name(),
            b.type_name()
        )),
    }
}

/// `sorted(items)`, comparing as CPython's list sort does for a list of
/// fewer than 64 items (a run counted from the start, then binary
/// insertion), so that a list Python cannot sort fails on the same pair,
/// with the same message. Longer lists sort the same way here; their
/// order is Python's, and only which pair a failure names may differ.
pub(super) fn sorted(items: &[Py]) -> Result<Vec<&Py>, String> {
    let mut v: Vec<&Py> = items.iter().collect();
    if v.len() < 2 {
        return Ok(v);
    }
    // count_run: strictly descending, or non-descending.
    let mut run = 2;
    if lt(v[1], v[0])? {
        while run < v.len() && lt(v[run], v[run - 1])? {
            run += 1;
        }
        v[..run].reverse();
    } else {
        while run < v.len() && !lt(v[run], v[run - 1])? {
            run += 1;
        }
    }
    // binarysort of the rest into the run.
    for start in run..v.len() {
        let pivot = v[start];
        let (mut l, mut r) = (0, start);
        while l < r {
            let p = l + (r - l) / 2;
            if lt(pivot, v[p])? {
                r = p;
            } else {
                l = p + 1;
            }
        }
        v[l..=start].rotate_right(1);
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn py(json: &str) -> Py {
        Py::from_tree(&crate::json::parse_whole(json).unwrap())
    }

    fn sorted_str(json: &str) -> String {
        let Py::List(items) = py(json) else { panic!() };
        match sorted(&items) {
            Ok(v) => v.iter().map(|p| p.str()).collect::<Vec<_>>().join(","),
            Err(e) => e,
        }
    }

    #[test]
    fn values_print_as_python_prints_them() {
        let v = py(r#"{"a": [1, 2.5, true, null, "it's", {}], "b": 1e20, "a": -0}"#);
        assert_eq!(v.repr(), r#"{'a': 0, 'b': 1e+20}"#);
        let v = py(r#"[1, 2.5, true, null, "it's", {"k": "v"}, 1.0]"#);
        assert_eq!(v.str(), r#"[1, 2.5, True, None, "it's", {'k': 'v'}, 1.0]"#);
        assert!(!py("{}").truthy() && !py("0.0").truthy() && py("[0]").truthy());
    }

    #[test]
    fn sorting_fails_where_python_does_with_its_words() {
        assert_eq!(sorted_str(r#"["10", "9", "1"]"#), "1,10,9");
        assert_eq!(sorted_str("[3, 1.5, true, 2]"), "True,1.5,2,3");
        assert_eq!(
            sorted_str(r#"[0, "1"]"#),
            "'<' not supported between instances of 'str' and 'int'"
        );
        assert_eq!(
            sorted_str(r#"["b", "a", 1]"#),
            "'<' not supported between instances of 'int' and 'str'"
        );
        assert_eq!(
            sorted_str("[null, null]"),
            "'<' not supported between instances of 'NoneType' and 'NoneType'"
        );
        assert_eq!(
            sorted_str(r#"[[1], ["a"]]"#),
            "'<' not supported between instances of 'str' and 'int'"
        );
        assert_eq!(sorted_str("[[2], [1, 5], [1]]"), "[1],[1, 5],[2]");
    }
}
