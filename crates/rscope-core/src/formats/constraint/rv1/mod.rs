//! RFC 31 constraints as flux-core's Python `Rv1Set` reads them
//! (`flux.resource.Rv1Set._matches_constraint`, which `copy_constraint`
//! and the scheduler's `Rv1Pool` call): today's default scheduler,
//! sched-simple in Python, selects nodes this way.
//!
//! It reads the JSON lazily, node by node, in rank order, and a value it
//! cannot use raises only when reached, so a constraint may be refused on
//! one node and not another, and not at all on an R without nodes. A term
//! is an object; its first operator present in the order `properties`,
//! `hostlist`, `ranks`, `and`, `or`, `not` is the one read, the other keys
//! ignored, and an object with none of them is refused (`{}` among them:
//! `unknown constraint operator(s): []`). Then:
//! - `properties`: what iterating the value gives (a list's items, a
//!   string's characters, a dict's keys), each a name the node must hold,
//!   or with `^` must not; a host name is no property here; the first
//!   name that fails decides, so a non-string after it is never reached;
//! - `hostlist`: `Hostlist(value)`: a string, or the strings of a list;
//!   a node without a host name is `rank<N>`, as `Rv1Set` names it;
//! - `ranks`: `IDset(value)`: a string, an int, or the `str()` of a
//!   list's items sorted and joined by commas;
//! - `and` and `or`: a list (`{"or": []}` selects nothing), read until the
//!   answer is known;
//! - `not`: a non-empty list, of which only the first term is read.
//!
//! The refusals are Python's exceptions' texts, as the scheduler words
//! them (`str(exc)`), those of Python's own errors as Python 3.11 words
//! them.

mod py;

use super::{child, ConstraintError, Target};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use py::Py;
use std::borrow::Cow;

/// The operators `Rv1Set` knows, in the order it looks for them.
const KNOWN: [&str; 6] = ["properties", "hostlist", "ranks", "and", "or", "not"];

/// A constraint as `Rv1Set` reads it: the JSON, with what each part does
/// when a node reaches it (its refusal included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rv1Constraint {
    root: Term,
    /// Python's truth of the whole value: `Rv1Pool` takes a false one
    /// (`{}`) as no constraint at all.
    truthy: bool,
}

/// One term, read as far as it can be without a node.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    /// Reaching it raises.
    Raise(ConstraintError),
    Properties(Vec<Prop>),
    Hosts(Result<Hostlist, ConstraintError>),
    Ranks(Result<IdSet, ConstraintError>),
    And(Vec<Term>),
    Or(Vec<Term>),
    Not(Box<Term>),
}

/// One entry of `properties`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Prop {
    Has(String),
    Lacks(String),
    Raise(ConstraintError),
}

fn raise(message: impl Into<String>, pointer: &str) -> ConstraintError {
    ConstraintError {
        message: message.into(),
        pointer: pointer.to_string(),
    }
}

impl Rv1Constraint {
    /// Read a constraint object (a `--requires` query's, say).
    pub fn from_json(value: &serde_json::Value) -> Rv1Constraint {
        Rv1Constraint::of(&Py::from_serde(value))
    }

    /// Read the project's JSON tree of a constraint's text.
    pub(crate) fn from_tree(value: &crate::json::Value<'_>) -> Rv1Constraint {
        Rv1Constraint::of(&Py::from_tree(value))
    }

    fn of(v: &Py) -> Rv1Constraint {
        Rv1Constraint {
            root: term(v, ""),
            truthy: v.truthy(),
        }
    }

    /// Whether `Rv1Pool` takes this constraint as none at all: it reads a
    /// job's `constraints or None`, so `{}` selects every node there.
    pub fn is_none_to_the_pool(&self) -> bool {
        !self.truthy
    }

    /// The same selection as a librlist [`super::Constraint`], to be said
    /// in words: `{"or": []}` is a `not` of nothing (no node), `{"not":
    /// [a, b]}` is `not a`; a part that raises when a node reaches it
    /// gives its refusal.
    pub fn as_librlist(&self) -> Result<super::Constraint, ConstraintError> {
        self.root.as_librlist()
    }

    /// Whether `node` satisfies the constraint, or the refusal reaching it
    /// raises.
    pub fn matches<T: Target + ?Sized>(&self, node: &T) -> Result<bool, ConstraintError> {
        self.root.eval(node, &host_of(node))
    }

    /// Why `node` is not selected, in words; none when it is.
    pub fn why_not<T: Target + ?Sized>(&self, node: &T) -> Result<Option<String>, ConstraintError> {
        let host = host_of(node);
        Ok(match self.root.eval(node, &host)? {
            true => None,
            false => Some(self.root.why(node, &host)),
        })
    }
}

/// The node's host name as `Rv1Set` has it: `rank<N>` beyond the nodelist.
fn host_of<T: Target + ?Sized>(node: &T) -> Cow<'_, str> {
    match node.hostname() {
        Some(h) => Cow::Borrowed(h),
        None => Cow::Owned(format!("rank{}", node.rank())),
    }
}

impl Term {
    /// [`Rv1Constraint::as_librlist`] of this term.
    fn as_librlist(&self) -> Result<super::Constraint, ConstraintError> {
        use super::Constraint as C;
        let all = |ts: &[Term]| -> Result<Vec<C>, ConstraintError> {
            ts.iter().map(Term::as_librlist).collect()
        };
        Ok(match self {
            Term::Raise(e) => return Err(e.clone()),
            Term::Properties(props) => C::Properties(
                (props.iter())
                    .map(|p| match p {
                        Prop::Has(name) => Ok(name.clone()),
                        Prop::Lacks(name) => Ok(format!("^{name}")),
                        Prop::Raise(e) => Err(e.clone()),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            Term::Hosts(hosts) => C::Hostlist(
                Some(hosts.clone()?)
                    .filter(|h| !h.is_empty())
                    .into_iter()
                    .collect(),
            ),
            Term::Ranks(ranks) => C::Ranks(
                Some(ranks.clone()?)
                    .filter(|r| !r.is_empty())
                    .into_iter()
                    .collect(),
            ),
            Term::And(ts) => C::And(all(ts)?),
            Term::Or(ts) if ts.is_empty() => C::Not(Vec::new()),
            Term::Or(ts) => C::Or(all(ts)?),
            Term::Not(t) => C::Not(vec![t.as_librlist()?]),
        })
    }
}

/// A term of the constraint at `ptr`.
fn term(v: &Py, ptr: &str) -> Term {
    let pairs = match v {
        Py::Dict(pairs) => pairs,
        // `op in constraint`, then `constraint[op]` or `.keys()`.
        Py::List(items) => {
            let has_op =
                (items.iter()).any(|i| matches!(i, Py::Str(s) if KNOWN.contains(&s.as_str())));
            return Term::Raise(raise(
                match has_op {
                    true => "list indices must be integers or slices, not str",
                    false => "'list' object has no attribute 'keys'",
                },
                ptr,
            ));
        }
        Py::Str(s) => {
            let has_op = KNOWN.iter().any(|op| s.contains(op));
            return Term::Raise(raise(
                match has_op {
                    true => "string indices must be integers, not 'str'",
                    false => "'str' object has no attribute 'keys'",
                },
                ptr,
            ));
        }
        other => {
            return Term::Raise(raise(
                format!("argument of type '{}' is not iterable", other.type_name()),
                ptr,
            ))
        }
    };
    let get = |op: &str| pairs.iter().find(|(k, _)| k == op).map(|(_, v)| v);
    let Some((op, value)) = KNOWN.iter().find_map(|op| Some((*op, get(op)?))) else {
        let keys: Vec<String> = pairs
            .iter()
            .map(|(k, _)| Py::Str(k.clone()).repr())
            .collect();
        return Term::Raise(raise(
            format!("unknown constraint operator(s): [{}]", keys.join(", ")),
            ptr,
        ));
    };
    let here = child(ptr, op);
    match op {
        "properties" => properties(value, &here),
        "hostlist" => Term::Hosts(hostlist(value, &here)),
        "ranks" => Term::Ranks(idset(value, &here)),
        "and" | "or" => {
            let Py::List(items) = value else {
                return Term::Raise(raise(
                    format!("'{op}' operand must be a list, got {}", value.type_name()),
                    &here,
                ));
            };
            let terms = (items.iter().enumerate())
                .map(|(i, t)| term(t, &child(&here, &i.to_string())))
                .collect();
            match op {
                "and" => Term::And(terms),
                _ => Term::Or(terms),
            }
        }
        _ => match value {
            Py::List(items) if !items.is_empty() => {
                Term::Not(Box::new(term(&items[0], &child(&here, "0"))))
            }
            _ => Term::Raise(raise(
                format!(
                    "'not' operand must be a non-empty list, got {}",
                    value.repr()
                ),
                &here,
            )),
        },
    }
}

/// `for prop in constraint["properties"]`.
fn properties(value: &Py, ptr: &str) -> Term {
    let Some(items) = value.iterate() else {
        return Term::Raise(raise(value.not_iterable(), ptr));
    };
    let list = matches!(value, Py::List(_));
    let props = (items.into_iter().enumerate()).map(|(i, item)| {
        let here = if list {
            child(ptr, &i.to_string())
        } else {
            ptr.to_string()
        };
        match item {
            Py::Str(s) => match s.strip_prefix('^') {
                Some(name) => Prop::Lacks(name.to_string()),
                None => Prop::Has(s),
            },
            other => Prop::Raise(raise(
                format!(
                    "property constraint must be a string, got {}",
                    other.type_name()
                ),
                &here,
            )),
        }
    });
    Term::Properties(props.collect())
}

/// `Hostlist(value)`.
fn hostlist(value: &Py, ptr: &str) -> Result<Hostlist, ConstraintError> {
    let invalid = |s: &str, at: &str| raise(format!("Invalid hostlist: '{s}'"), at);
    let not_text = |v: &Py, at: &str| {
        raise(
            format!(
                "Hostlist(): expected string or Iterable, got <class '{}'>",
                v.type_name()
            ),
            at,
        )
    };
    if let Py::Str(s) = value {
        return Hostlist::parse(s).map_err(|_| invalid(s, ptr));
    }
    let items = match value {
        Py::List(items) => items.clone(),
        Py::Dict(_) => value.iterate().unwrap_or_default(),
        other => return Err(not_text(other, ptr)),
    };
    let list = matches!(value, Py::List(_));
    let mut hl = Hostlist::new();
    for (i, item) in items.iter().enumerate() {
        let here = if list {
            child(ptr, &i.to_string())
        } else {
            ptr.to_string()
        };
        let Py::Str(s) = item else {
            return Err(not_text(item, &here));
        };
        hl.append(&Hostlist::parse(s).map_err(|_| invalid(s, &here))?);
    }
    Ok(hl)
}

/// `IDset(value)`.
fn idset(value: &Py, ptr: &str) -> Result<IdSet, ConstraintError> {
    let text = match value {
        Py::Str(s) => s.clone(),
        Py::List(_) | Py::Dict(_) => {
            let items = value.iterate().unwrap_or_default();
            let sorted = py::sorted(&items).map_err(|e| raise(e, ptr))?;
            sorted.iter().map(|i| i.str()).collect::<Vec<_>>().join(",")
        }
        Py::Int(_) | Py::Bool(_) => value.str(),
        // `"..." + type(arg)` in IDset's own error path fails in turn.
        Py::Float(_) | Py::None => {
            return Err(raise("can only concatenate str (not \"type\") to str", ptr))
        }
    };
    IdSet::decode(&text).map_err(|_| raise(format!("IDset(): Invalid argument: {text}"), ptr))
}

impl Term {
    /// `_matches_constraint`.
    fn eval<T: Target + ?Sized>(&self, node: &T, host: &str) -> Result<bool, ConstraintError> {
        match self {
            Term::Raise(e) => Err(e.clone()),
            Term::Properties(props) => {
                for p in props {
                    let held = match p {
                        Prop::Has(name) => node.has_property(name),
                        Prop::Lacks(name) => !node.has_property(name),
                        Prop::Raise(e) => return Err(e.clone()),
                    };
                    if !held {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Term::Hosts(hl) => Ok(hl.as_ref().map_err(Clone::clone)?.contains(host)),
            Term::Ranks(ids) => Ok(ids.as_ref().map_err(Clone::clone)?.contains(node.rank())),
            Term::And(terms) => {
                for t in terms {
                    if !t.eval(node, host)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            Term::Or(terms) => {
                for t in terms {
                    if t.eval(node, host)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            Term::Not(t) => Ok(!t.eval(node, host)?),
        }
    }

    /// Why this term, false for `node` (and read without a refusal), is.
    fn why<T: Target + ?Sized>(&self, node: &T, host: &str) -> String {
        let fails = |t: &Term| matches!(t.eval(node, host), Ok(false));
        match self {
            Term::Raise(_) => String::new(),
            Term::Properties(props) => (props.iter())
                .find_map(|p| match p {
                    Prop::Has(name) if !node.has_property(name) => {
                        Some(format!("lacks property {name}"))
                    }
                    Prop::Lacks(name) if node.has_property(name) => {
                        Some(format!("has property {name}"))
                    }
                    _ => None,
                })
                .unwrap_or_default(),
            Term::Hosts(Ok(hl)) if hl.is_empty() => {
                format!("host {host} is not in an empty host list")
            }
            Term::Hosts(Ok(hl)) => format!("host {host} is not in {hl}"),
            Term::Ranks(Ok(ids)) if ids.is_empty() => {
                format!("rank {} is not in an empty id set", node.rank())
            }
            Term::Ranks(Ok(ids)) => format!("rank {} is not in {ids}", node.rank()),
            Term::Hosts(Err(_)) | Term::Ranks(Err(_)) => String::new(),
            Term::And(terms) => (terms.iter().find(|t| fails(t)))
                .map(|t| t.why(node, host))
                .unwrap_or_default(),
            Term::Or(terms) if terms.is_empty() => "or of no terms selects nothing".into(),
            Term::Or(terms) => format!(
                "no term of or holds: {}",
                (terms.iter().map(|t| t.why(node, host)))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Term::Not(t) => format!("{} is excluded by not", t.holding(node, host)),
        }
    }

    /// What about `node` makes this (true) term hold, in words.
    fn holding<T: Target + ?Sized>(&self, node: &T, host: &str) -> String {
        match self {
            Term::Properties(props) if props.is_empty() => "an empty property list".into(),
            Term::Properties(props) => (props.iter())
                .map(|p| match p {
                    Prop::Has(name) => format!("property {name}"),
                    Prop::Lacks(name) => format!("lacking property {name}"),
                    Prop::Raise(_) => String::new(),
                })
                .collect::<Vec<_>>()
                .join(" and "),
            Term::Hosts(_) => format!("host {host}"),
            Term::Ranks(_) => format!("rank {}", node.rank()),
            Term::And(_) => "its and term".into(),
            Term::Or(_) => "its or term".into(),
            Term::Not(_) => "its not term".into(),
            Term::Raise(_) => String::new(),
        }
    }
}

#[cfg(test)]
mod tests;
