//! RFC 31 job constraints: the `--requires` query syntax ([`query`]), the
//! JSON form read as flux-core reads it, and the nodes of an R it selects.
//!
//! flux-core reads constraints two ways, which disagree: today's default
//! scheduler (sched-simple in Python) and `ResourceSet.copy_constraint`
//! with the Python `Rv1Set` ([`rv1`]), and librlist's C `match.c` (this
//! module's [`Constraint`]), which earlier flux-core's scheduler and `flux
//! R decode --properties` use. A [`Selector`] holds both and answers in
//! one [`ConstraintReading`], `Rv1Set`'s unless asked; what follows is
//! librlist's reading.
//!
//! Written here rather than taken from a crate because what counts is the
//! reference's exact behaviour: the JSON object `flux submit --requires`
//! puts in a jobspec (flux-core's Python `ConstraintParser`), and the
//! answers and error strings of librlist's `job_constraint_create` and
//! `rlist_copy_constraint` (`src/common/librlist/match.c`), which the
//! scheduler, `flux R decode --properties` and the queues' `requires` use.
//!
//! Reading follows `job_constraint_create`: an object of at most one
//! operator; `{}` selects everything; `and`, `or` and `not` take an array of
//! constraints (`{"or": []}` and `{"and": []}` select everything,
//! `{"not": []}` nothing, and `not` of several is "not all of them");
//! `properties` an array of strings without `!&'"`|()`, a leading `^`
//! negating one; `hostlist` and `ranks` arrays of RFC 29 host lists and
//! RFC 22 id sets (a value that is not an array selects nothing; a
//! non-string host list is skipped, a non-string id set refused). A
//! property also matches a node's host name, as in librlist.
//!
//! One difference: an error inside `and`, `or` or `not` keeps its own
//! message, where librlist replaces it with `Out of memory`.

pub mod query;
mod reading;
pub mod rv1;

pub use reading::{ConstraintReading, Selector};

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::rset::Node;
use serde_json::Value;
use std::fmt;

#[cfg(test)]
mod tests;

/// What a constraint is matched against: a node of an R.
pub trait Target {
    /// The node's rank.
    fn rank(&self) -> u32;
    /// The node's host name, when it has one.
    fn hostname(&self) -> Option<&str>;
    /// Whether the node has property `name`.
    fn has_property(&self, name: &str) -> bool;
}

impl Target for Node {
    fn rank(&self) -> u32 {
        Node::rank(self)
    }

    fn hostname(&self) -> Option<&str> {
        Node::hostname(self)
    }

    fn has_property(&self, name: &str) -> bool {
        Node::has_property(self, name)
    }
}

/// An RFC 31 constraint on execution targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// `{}`: every node.
    Empty,
    /// Every property held (`name`) or not held (`^name`); a name also
    /// matches the host name.
    Properties(Vec<String>),
    /// The host name is in one of the lists.
    Hostlist(Vec<Hostlist>),
    /// The rank is in one of the sets.
    Ranks(Vec<IdSet>),
    /// All hold (true when empty).
    And(Vec<Constraint>),
    /// One holds (true when empty).
    Or(Vec<Constraint>),
    /// Not all hold (false when empty).
    Not(Vec<Constraint>),
}

/// A constraint librlist refuses: its message, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintError {
    /// librlist's message.
    pub message: String,
    /// RFC 6901 pointer to the refused value (`""`: the whole constraint).
    pub pointer: String,
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConstraintError {}

fn refuse<T>(message: impl Into<String>, pointer: &str) -> Result<T, ConstraintError> {
    Err(ConstraintError {
        message: message.into(),
        pointer: pointer.to_string(),
    })
}

/// `pointer` extended by one key or index.
fn child(pointer: &str, key: &str) -> String {
    format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"))
}

/// The array as jansson's `json_dumps(a, 0)` prints it in librlist's
/// messages.
fn dumps(v: &Value) -> String {
    let mut out = String::new();
    crate::json::write_json_value(&mut out, v);
    out
}

impl Constraint {
    /// Read a constraint's JSON text: JSON first, then
    /// [`Constraint::from_json`].
    pub fn parse(text: &str) -> Result<Constraint, ConstraintError> {
        let tree = crate::json::parse_whole(text).map_err(|d| ConstraintError {
            message: d.message,
            pointer: String::new(),
        })?;
        Constraint::from_json(&to_serde(&tree))
    }

    /// Read an RFC 31 constraint object as `job_constraint_create` does,
    /// with its error messages.
    pub fn from_json(value: &Value) -> Result<Constraint, ConstraintError> {
        read(value, "")
    }

    /// Read a `--requires` query ([`query::parse`]) into a constraint.
    pub fn from_query(text: &str) -> Result<Constraint, String> {
        let term = query::parse(text).map_err(|e| e.message)?;
        Constraint::from_json(&term.to_value()).map_err(|e| e.message)
    }

    /// Read either form, told apart by their first character: a JSON
    /// object (`{`, read by [`Constraint::parse`]) or a `--requires`
    /// query (anything else, [`Constraint::from_query`]). Where fit and
    /// the page's constraint field take a constraint as typed.
    pub fn read(text: &str) -> Result<Constraint, String> {
        if text.trim_start().starts_with('{') {
            Constraint::parse(text).map_err(|e| e.message)
        } else {
            Constraint::from_query(text)
        }
    }

    /// A property list as `flux R decode --properties` takes it: `a,^b`
    /// (empty names skipped).
    pub fn from_properties(list: &str) -> Constraint {
        Constraint::Properties(
            list.split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        )
    }

    /// Whether `node` satisfies the constraint (`rnode_match`).
    pub fn matches<T: Target + ?Sized>(&self, node: &T) -> bool {
        match self {
            Constraint::Empty => true,
            Constraint::Properties(list) => list.iter().all(|p| has(node, p)),
            Constraint::Hostlist(lists) => node
                .hostname()
                .is_some_and(|h| lists.iter().any(|l| l.contains(h))),
            Constraint::Ranks(sets) => sets.iter().any(|s| s.contains(node.rank())),
            Constraint::And(cs) => cs.iter().all(|c| c.matches(node)),
            Constraint::Or(cs) => cs.is_empty() || cs.iter().any(|c| c.matches(node)),
            Constraint::Not(cs) => !cs.iter().all(|c| c.matches(node)),
        }
    }

    /// Why `node` is not selected, in words ("lacks property gpu", "host
    /// foo3 is excluded by not"); none when it is.
    pub fn why_not<T: Target + ?Sized>(&self, node: &T) -> Option<String> {
        if self.matches(node) {
            return None;
        }
        Some(match self {
            Constraint::Empty => String::new(),
            Constraint::Properties(list) => list
                .iter()
                .find(|p| !has(node, p))
                .map(|p| property_miss(node, p))
                .unwrap_or_default(),
            Constraint::Hostlist(lists) => match node.hostname() {
                None => format!("rank {} has no host name", node.rank()),
                Some(h) if lists.is_empty() => format!("host {h} is not in an empty host list"),
                Some(h) => format!("host {h} is not in {}", joined(lists)),
            },
            Constraint::Ranks(sets) if sets.is_empty() => {
                format!("rank {} is not in an empty id set", node.rank())
            }
            Constraint::Ranks(sets) => format!("rank {} is not in {}", node.rank(), joined(sets)),
            Constraint::And(cs) => cs.iter().find_map(|c| c.why_not(node)).unwrap_or_default(),
            Constraint::Or(cs) => format!(
                "no term of or holds: {}",
                cs.iter()
                    .filter_map(|c| c.why_not(node))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            Constraint::Not(cs) if cs.is_empty() => "not of no terms selects nothing".into(),
            Constraint::Not(cs) => {
                let held: Vec<String> = cs.iter().map(|c| c.holding(node)).collect();
                let verb = if held.len() == 1 { "is" } else { "are" };
                format!("{} {verb} excluded by not", held.join(" and "))
            }
        })
    }

    /// What about `node` makes this (matching) constraint hold, in words.
    fn holding<T: Target + ?Sized>(&self, node: &T) -> String {
        match self {
            Constraint::Empty => "{}".into(),
            Constraint::Properties(list) if list.is_empty() => "an empty property list".into(),
            Constraint::Properties(list) => list
                .iter()
                .map(|p| match p.strip_prefix('^') {
                    Some(name) => format!("lacking property {name}"),
                    None if !node.has_property(p) => format!("host name {p}"),
                    None => format!("property {p}"),
                })
                .collect::<Vec<_>>()
                .join(" and "),
            Constraint::Hostlist(_) => format!("host {}", node.hostname().unwrap_or("")),
            Constraint::Ranks(_) => format!("rank {}", node.rank()),
            Constraint::And(_) => "its and term".into(),
            Constraint::Or(_) => "its or term".into(),
            Constraint::Not(_) => "its not term".into(),
        }
    }
}

/// `rnode_has`: the node has the property (or that host name), or, for
/// `^name`, has not.
fn has<T: Target + ?Sized>(node: &T, p: &str) -> bool {
    let (negate, name) = match p.strip_prefix('^') {
        Some(name) => (true, name),
        None => (false, p),
    };
    let held = node.has_property(name) || node.hostname() == Some(name);
    held != negate
}

fn property_miss<T: Target + ?Sized>(node: &T, p: &str) -> String {
    match p.strip_prefix('^') {
        Some(name) if node.has_property(name) => format!("has property {name}"),
        Some(name) => format!("its host name is {name}"),
        None => format!("lacks property {p}"),
    }
}

fn joined<T: fmt::Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A string librlist reads; jansson refuses `\u0000` in any string.
fn c_string<'a>(s: &'a str, pointer: &str) -> Result<&'a str, ConstraintError> {
    if s.contains('\0') {
        return refuse("\\u0000 is not allowed without JSON_ALLOW_NUL", pointer);
    }
    Ok(s)
}

/// `job_constraint_create`.
fn read(v: &Value, ptr: &str) -> Result<Constraint, ConstraintError> {
    let Value::Object(o) = v else {
        return refuse("constraint must be JSON object", ptr);
    };
    if o.len() > 1 {
        return refuse("constraint must only contain 1 element", ptr);
    }
    let Some((op, values)) = o.iter().next() else {
        return Ok(Constraint::Empty);
    };
    let here = child(ptr, op);
    match c_string(op, &here)? {
        "properties" => properties(values, &here),
        "hostlist" => hostlists(values, &here),
        "ranks" => ranks(values, &here),
        "and" | "or" | "not" => {
            let Value::Array(a) = values else {
                return refuse(format!("{op} operator value must be an array"), &here);
            };
            let cs = a
                .iter()
                .enumerate()
                .map(|(i, c)| read(c, &child(&here, &i.to_string())))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(match op.as_str() {
                "and" => Constraint::And(cs),
                "or" => Constraint::Or(cs),
                _ => Constraint::Not(cs),
            })
        }
        _ => refuse(format!("unknown constraint operator: {op}"), ptr),
    }
}

/// `property_constraint`.
fn properties(values: &Value, ptr: &str) -> Result<Constraint, ConstraintError> {
    let Value::Array(a) = values else {
        return refuse("properties value must be an array", ptr);
    };
    let mut list = Vec::with_capacity(a.len());
    for (i, v) in a.iter().enumerate() {
        let here = child(ptr, &i.to_string());
        let Value::String(s) = v else {
            return refuse("non-string property specified", &here);
        };
        let s = c_string(s, &here)?;
        if let Some(c) = s.chars().find(|c| "!&'\"`|()".contains(*c)) {
            return refuse(
                format!("invalid character '{c}' in property \"{s}\""),
                &here,
            );
        }
        list.push(s.to_string());
    }
    Ok(Constraint::Properties(list))
}

/// `array_to_hostlist`: a value that is not an array gives the empty list,
/// a non-string entry is skipped.
fn hostlists(values: &Value, ptr: &str) -> Result<Constraint, ConstraintError> {
    let Value::Array(a) = values else {
        return Ok(Constraint::Hostlist(Vec::new()));
    };
    let mut lists = Vec::new();
    for (i, v) in a.iter().enumerate() {
        let Value::String(s) = v else { continue };
        let here = child(ptr, &i.to_string());
        match Hostlist::parse(c_string(s, &here)?) {
            Ok(hl) => lists.push(hl),
            Err(_) => {
                return refuse(
                    format!("invalid hostlist '{s}' in {}", dumps(values)),
                    &here,
                )
            }
        }
    }
    Ok(Constraint::Hostlist(lists))
}

/// `array_to_idset`: a value that is not an array gives the empty set, a
/// non-string entry is `(null)`, which no id set decodes.
fn ranks(values: &Value, ptr: &str) -> Result<Constraint, ConstraintError> {
    let Value::Array(a) = values else {
        return Ok(Constraint::Ranks(Vec::new()));
    };
    let mut sets = Vec::new();
    for (i, v) in a.iter().enumerate() {
        let here = child(ptr, &i.to_string());
        let decoded = match v {
            Value::String(s) => IdSet::decode(c_string(s, &here)?).map_err(|_| s.as_str()),
            _ => Err("(null)"),
        };
        match decoded {
            Ok(ids) => sets.push(ids),
            Err(s) => return refuse(format!("invalid idset '{s}' in {}", dumps(values)), &here),
        }
    }
    Ok(Constraint::Ranks(sets))
}

/// The project's JSON tree as a `serde_json` value; repeated keys keep
/// their first place and their last value, as in jansson.
fn to_serde(v: &crate::json::Value<'_>) -> Value {
    use crate::json::Value as T;
    match v {
        T::StringLit(s) => Value::String(s.as_str().to_string()),
        T::NumberLit(n) => serde_json::from_str(n.value).unwrap_or(Value::Null),
        T::BooleanLit(b) => Value::Bool(b.value),
        T::NullKeyword(_) => Value::Null,
        T::Array(a) => Value::Array(a.elements.iter().map(to_serde).collect()),
        T::Object(o) => {
            let mut m = serde_json::Map::new();
            for p in &o.properties {
                m.insert(p.name.as_str().to_string(), to_serde(&p.value));
            }
            Value::Object(m)
        }
    }
}
