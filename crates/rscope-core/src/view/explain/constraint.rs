//! The keys and values of an RFC 31 job constraint, explained: each
//! operator (`properties` with its `^` negation, `hostlist`, `ranks`,
//! `and`, `or`, `not`), each value, and each nested term, with what the
//! term selects in words ([`in_words`], which the playground's reading of
//! a constraint shares) as today's scheduler reads it (flux-core's Python
//! `Rv1Set`), with librlist's answer or refusal where it differs.
//!
//! The `-` of the `--requires` query syntax and the `^` of `properties`
//! are the usual confusion: the cards for `properties` and its values say
//! how each form writes a negation, and what a `-` inside the JSON means.

use super::text::{listed, LISTED};
use super::{card, Explained, Hit, PathStep, Rfc};
use crate::constraint::rv1::Rv1Constraint;
use crate::constraint::{Constraint, ConstraintReading};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::{range, Value};
use crate::words::count;

/// The operators RFC 31 defines, which librlist reads.
pub const OPERATORS: [&str; 6] = ["properties", "hostlist", "ranks", "and", "or", "not"];

/// The characters librlist refuses in a property name.
const REFUSED: &str = "!&'\"`|()";

fn rfc31() -> Rfc {
    Rfc::new(31, "representation")
}

/// Keys of the other documents the card explains (an R, a status
/// payload, a status document's sets): an object with one is not a
/// constraint.
const OTHERS: [&str; 13] = [
    "version",
    "execution",
    "scheduling",
    "attributes",
    "R",
    "online",
    "offline",
    "exclude",
    "torpid",
    "drain",
    "all",
    "allocated",
    "down",
];

/// Whether `root` is an RFC 31 constraint: an object with an RFC 31
/// operator among its keys and none of an R's or a status payload's.
pub(super) fn is_constraint(root: &Value<'_>) -> bool {
    let Value::Object(o) = root else {
        return false;
    };
    let names = || o.properties.iter().map(|p| p.name.as_str());
    names().any(|k| OPERATORS.contains(&k)) && !names().any(|k| OTHERS.contains(&k))
}

/// The nodes `c` selects, in words: `with property gpu and not (on host
/// foo3)`, or `every node`, `no node`.
pub fn in_words(c: &Constraint) -> String {
    match c {
        Constraint::Empty => "every node".into(),
        Constraint::Properties(list) if list.is_empty() => "every node".into(),
        Constraint::Properties(list) => list
            .iter()
            .map(|p| match p.strip_prefix('^') {
                Some(name) => format!("without property {}", shown(name)),
                None => format!("with property {}", shown(p)),
            })
            .collect::<Vec<_>>()
            .join(" and "),
        Constraint::Hostlist(lists) if lists.is_empty() => "no node".into(),
        Constraint::Hostlist(lists) => {
            let hosts: u64 = lists.iter().map(Hostlist::len).sum();
            let word = if hosts == 1 { "host" } else { "hosts" };
            format!("on {word} {}", joined(lists, " or "))
        }
        Constraint::Ranks(sets) if sets.is_empty() => "no node".into(),
        Constraint::Ranks(sets) => {
            let ranks: u64 = sets.iter().map(IdSet::len).sum();
            let word = if ranks == 1 { "rank" } else { "ranks" };
            format!("of {word} {}", joined(sets, " or "))
        }
        Constraint::And(cs) | Constraint::Or(cs) if cs.is_empty() => "every node".into(),
        Constraint::And(cs) => connected(cs, false),
        Constraint::Or(cs) => connected(cs, true),
        Constraint::Not(cs) => match cs.as_slice() {
            [] => "no node".into(),
            [Constraint::Properties(list)] if list.len() == 1 => match list[0].strip_prefix('^') {
                Some(name) => format!("with property {}", shown(name)),
                None => format!("without property {}", shown(&list[0])),
            },
            [one] => match in_words(one).as_str() {
                "every node" => "no node".into(),
                "no node" => "every node".into(),
                w if simple(one) => format!("not {w}"),
                w => format!("not ({w})"),
            },
            _ => format!("not ({})", connected(cs, false)),
        },
    }
}

/// A property name as the words show it: an empty one as `''`.
fn shown(name: &str) -> &str {
    match name {
        "" => "''",
        name => name,
    }
}

/// Whether `c` reads as one phrase: host lists or id sets.
fn simple(c: &Constraint) -> bool {
    matches!(c, Constraint::Hostlist(_) | Constraint::Ranks(_))
}

/// Terms joined by `and` (or `or`), leaving out those that do not change
/// the answer (`every node` in an `and`, `no node` in an `or`).
fn connected(cs: &[Constraint], or: bool) -> String {
    let (neutral, absorbing) = match or {
        true => ("no node", "every node"),
        false => ("every node", "no node"),
    };
    let mut parts = Vec::new();
    for c in cs {
        match grouped(c, or) {
            w if w == absorbing => return w,
            w if w == neutral => {}
            w => parts.push(w),
        }
    }
    match parts.is_empty() {
        true => neutral.to_string(),
        false => parts.join(if or { " or " } else { " and " }),
    }
}

/// `c` in words, in parentheses when it joins terms with the other
/// connective than the one it sits in (`in_or`: it sits in an `or`).
fn grouped(c: &Constraint, in_or: bool) -> String {
    let several = match c {
        Constraint::And(cs) => cs.len() > 1 && in_or,
        Constraint::Or(cs) => cs.len() > 1 && !in_or,
        Constraint::Properties(list) => list.len() > 1 && in_or,
        _ => false,
    };
    match several {
        true => format!("({})", in_words(c)),
        false => in_words(c),
    }
}

fn joined<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// What the constraint whose JSON text is `text` selects, as today's
/// scheduler reads it (`Rv1Set`), then librlist's answer when it differs:
/// one or two decoded lines (the playground's last steps too).
pub fn selects(text: &str) -> Vec<String> {
    let said = |c: &Constraint| match in_words(c).as_str() {
        w @ ("every node" | "no node") => format!("selects {w}"),
        w => format!("selects the nodes {w}"),
    };
    let librlist = Constraint::parse(text);
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return vec![librlist.map_or_else(
            |e| format!("librlist refuses it: {}", e.message),
            |c| said(&c),
        )];
    };
    let rv1 = Rv1Constraint::from_json(&value);
    let today = match rv1.as_librlist() {
        // `Rv1Pool` reads a job's `constraints or None`.
        Err(_) if rv1.is_none_to_the_pool() => Ok("selects every node".to_string()),
        Ok(c) => Ok(said(&c)),
        Err(e) => Err(e.message),
    };
    let there = match (&librlist, &today) {
        (Ok(c), Ok(w)) if said(c) == *w => return vec![w.clone()],
        (Ok(c), _) => format!(
            "{}, as {} reads it",
            said(c),
            ConstraintReading::Librlist.who()
        ),
        (Err(e), _) => format!("librlist refuses it: {}", e.message),
    };
    let who = ConstraintReading::Rv1Set.who();
    vec![
        match today {
            Ok(w) => format!("{w}, as {who} reads it"),
            Err(e) => format!("{who} refuses it where a node reaches it: {e}"),
        },
        there,
    ]
}

/// The explanation of `hit` in the constraint document `text`.
pub(super) fn explain(text: &str, hit: &Hit<'_, '_>) -> Explained {
    let source = |v: &Value<'_>| text.get(range(v)).unwrap_or("").to_string();
    // The operator whose array holds the value, when the value is one.
    let n = hit.path.len();
    let within = match (n.checked_sub(2).map(|i| &hit.path[i]), hit.path.last()) {
        (Some(PathStep::Key(op)), Some(PathStep::Index(i))) if !hit.on_key => {
            Some((op.as_str(), *i))
        }
        _ => None,
    };
    match (hit.path.last(), within) {
        (None, _) => term_card("constraint", TERM, &source(hit.value)),
        (Some(PathStep::Key(op)), _) if OPERATORS.contains(&op.as_str()) => {
            let holder = hit.chain.get(n - 1).map_or(String::new(), |v| source(v));
            operator(op, hit.value, &holder)
        }
        (_, Some(("properties", _))) => property(hit.value),
        (_, Some(("hostlist", _))) => host_list(hit.value),
        (_, Some(("ranks", _))) => ranks(hit.value),
        (_, Some((op @ ("and" | "or" | "not"), i))) => term_card(
            &format!("term {} of {op}", i + 1),
            TERM,
            &source(hit.value),
        ),
        (Some(PathStep::Key(key)), _) => {
            let holder = hit.chain.get(n - 1).map_or(String::new(), |v| source(v));
            let mut c = card(
                format!("'{key}'"),
                "Not an RFC 31 operator. A constraint object holds one of properties, hostlist, ranks, and, or and not; librlist refuses any other key.",
                rfc31(),
            );
            c.decoded = selects(&holder);
            c
        }
        _ => card(
            "value",
            "Not a place RFC 31 gives a meaning: an operator's value is an array of strings (properties, hostlist, ranks) or of constraint objects (and, or, not).",
            rfc31(),
        ),
    }
}

const TERM: &str = "An RFC 31 job constraint: an object of one operator, whose value is an array. properties, hostlist and ranks take strings; and, or and not take constraints, so terms nest. The empty object {} is no constraint to today's scheduler (sched-simple in Python, over Rv1Pool), so every node; Rv1Set's copy_constraint refuses it and librlist reads every node. flux submit --requires writes the same constraint in a shorter query syntax.";

fn term_card(title: &str, body: &str, source: &str) -> Explained {
    let mut c = card(title, body, rfc31());
    c.decoded = selects(source);
    c
}

/// An operator's key (or its array): what it asks of a node, and what
/// this one selects.
fn operator(op: &str, value: &Value<'_>, holder: &str) -> Explained {
    let body = match op {
        "properties" => "Property names every selected node must have. A name that begins with ^ is one the node must not have: that is RFC 31's negation, and it works only inside this array. The --requires query syntax negates a term with - instead: -gpu becomes {\"not\": [{\"properties\": [\"gpu\"]}]}, which selects the same nodes as {\"properties\": [\"^gpu\"]}. Here a - is part of the name. librlist (flux-core's C scheduler before sched-simple in Python, and Fluxion) also matches a name with the node whose host name it is; today's Rv1Set does not, and it reads a string given in place of the array as one name a character.",
        "hostlist" => "RFC 29 host lists: a node is selected when its host name is in one of them. librlist skips an entry that is not a string, and selects no node when the value is not an array. In a --requires query, host:NAMES or hosts:NAMES.",
        "ranks" => "RFC 22 id sets of broker ranks: a node is selected when its rank is in one of them. librlist refuses an entry that is not a string, and selects no node when the value is not an array. In a --requires query, rank:IDS or ranks:IDS.",
        "and" => "Every term in the array must hold. An empty array, {\"and\": []}, selects every node. In a --requires query, and, & or && (or terms side by side).",
        "or" => "At least one term in the array must hold. An empty array, {\"or\": []}, selects no node as today's scheduler (Rv1Set) reads it; librlist selects every node. In a --requires query, or, | or ||.",
        _ => "The nodes its term does not select. With several terms, today's scheduler (Rv1Set) reads only the first, so {\"not\": [a, b]} is not a, where librlist negates their and: not (a and b). An empty array, {\"not\": []}, is refused by Rv1Set and selects no node in librlist. In a --requires query, not, or - before a single term.",
    };
    let mut c = card(op, body, rfc31());
    let mut decoded = Vec::new();
    if let Value::Array(a) = value {
        let what = match op {
            "properties" => "name",
            "hostlist" => "host list",
            "ranks" => "id set",
            _ => "term",
        };
        decoded.push(count(a.elements.len() as u64, what));
    }
    decoded.extend(selects(holder));
    c.decoded = decoded;
    c
}

/// One name in `properties`.
fn property(value: &Value<'_>) -> Explained {
    let Value::StringLit(s) = value else {
        let mut c = card("property", "A property name, written as a string.", rfc31());
        c.decoded = vec!["librlist refuses it: non-string property specified".into()];
        return c;
    };
    let name = s.as_str();
    if let Some(bad) = name.chars().find(|c| REFUSED.contains(*c)) {
        let mut c = card("property", "A property name.", rfc31());
        c.decoded = vec![format!(
            "librlist refuses it: invalid character '{bad}' in property \"{name}\""
        )];
        return c;
    }
    if let Some(rest) = name.strip_prefix('^') {
        let mut c = card(
            "negated property",
            "A name that begins with ^: RFC 31's negation inside properties. The node must not have the property that follows.",
            rfc31(),
        );
        c.decoded = vec![
            format!("selects the nodes without property {rest}"),
            format!("a --requires query writes it -{rest}, which flux-core's parser turns into {{\"not\": [{{\"properties\": [\"{rest}\"]}}]}}: the same nodes"),
        ];
        return c;
    }
    if let Some(rest) = name.strip_prefix('-') {
        let mut c = card(
            "property",
            "A property name. In the JSON a - is not a negation: it is part of the name, however the --requires query syntax uses it.",
            rfc31(),
        );
        c.decoded = vec![
            format!("selects the nodes with a property named {name}, which a node rarely has"),
            format!("to leave out the nodes with {rest}, write ^{rest} here (-{rest} in a --requires query)"),
        ];
        return c;
    }
    let mut c = card(
        "property",
        "A property name the node must have, from R's execution.properties (librlist also takes the node's host name for one).",
        rfc31(),
    );
    c.decoded = vec![format!("selects the nodes with property {name}")];
    c
}

/// One host list in `hostlist`.
fn host_list(value: &Value<'_>) -> Explained {
    let mut c = card(
        "host list",
        "An RFC 29 host list: the hosts this term selects, with a bracketed range of numbers standing for many.",
        Rfc::new(29, "implementation"),
    );
    c.decoded = match value {
        Value::StringLit(s) => match Hostlist::parse(s.as_str()) {
            Ok(hosts) => {
                let first: Vec<String> = hosts.iter().take(LISTED).collect();
                vec![format!(
                    "{}: {}",
                    count(hosts.len(), "host"),
                    listed(&first, hosts.len())
                )]
            }
            Err(e) => vec![format!("librlist refuses it: not a host list: {e}")],
        },
        _ => vec!["not a string: librlist skips it".into()],
    };
    c
}

/// One id set in `ranks`.
fn ranks(value: &Value<'_>) -> Explained {
    let mut c = card(
        "id set",
        "An RFC 22 id set of broker ranks: the nodes of these ranks are selected.",
        Rfc::new(22, "implementation"),
    );
    c.decoded = match value {
        Value::StringLit(s) => match IdSet::decode(s.as_str()) {
            Ok(ids) => {
                let first: Vec<String> = ids.iter().take(LISTED).map(|i| i.to_string()).collect();
                vec![format!(
                    "{}: {}",
                    count(ids.len(), "rank"),
                    listed(&first, ids.len())
                )]
            }
            Err(e) => vec![format!("librlist refuses it: not an id set: {e}")],
        },
        _ => vec!["not a string: librlist refuses it as the id set (null)".into()],
    };
    c
}
