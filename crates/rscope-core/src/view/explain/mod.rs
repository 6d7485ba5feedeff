//! What a key or value of an R document means, for a reader learning the
//! format: [`explain`] takes a text and a byte offset (where the caret or
//! the pointer is) and answers with a title, a short text in this
//! project's words, the value decoded against the rest of the document
//! (ranks to hosts, cores per node and in all, times as dates, a graph
//! vertex's pool fields with their defaults), the RFC section that defines
//! it, and the cells of the grid it is about.
//!
//! [`why`] does the same for findings: the rule each kind of diagnostic
//! enforces and how to fix it. The teaching features built over it (the R
//! builder, the playground, the tour) are [`crate::teach`]'s.
//!
//! - `locate`: which key or value holds the offset;
//! - `r`: the R keys (RFC 20, 22, 29);
//! - `graph`: the JGF keys under `scheduling` (RFC 40, RFC 4);
//! - `constraint`: an RFC 31 job constraint's operators and values;
//! - `eventlog`: an RFC 44 resource eventlog's events and their context;
//! - `text`: bounded lists and dates.

pub mod constraint;
mod eventlog;
mod graph;
mod locate;
mod payload;
mod r;
mod text;
pub mod why;

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::{self, get, Value};
use serde::Serialize;

pub use locate::{locate, Hit, PathStep};
pub use text::listed;

/// Where the RFCs are published.
pub const RFC_BASE: &str = "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest";

/// A section of an RFC.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rfc {
    /// The RFC number (20 for R).
    pub number: u32,
    /// The section's anchor in the published page.
    pub anchor: String,
    /// The section's address.
    pub url: String,
}

impl Rfc {
    /// Section `anchor` of RFC `number`.
    pub fn new(number: u32, anchor: &str) -> Rfc {
        Rfc {
            number,
            anchor: anchor.to_string(),
            url: format!("{RFC_BASE}/spec_{number}.html#{anchor}"),
        }
    }
}

/// The cells of the grid an explanation is about: these ranks' rows, and
/// in them these child ids (all of a rank's resources when the key is
/// about whole nodes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The ranks (rows).
    #[serde(serialize_with = "as_text")]
    pub ranks: IdSet,
    /// Child type and ids, in each of those rows.
    #[serde(serialize_with = "pairs_as_text")]
    pub children: Vec<(String, IdSet)>,
}

/// An id set as its RFC 22 text in every serializer (compact binary ones
/// write ranges), as the JS API's types say.
fn as_text<S: serde::Serializer>(ids: &IdSet, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(ids)
}

/// Child types and id sets as `[name, text]` pairs.
fn pairs_as_text<S: serde::Serializer>(v: &[(String, IdSet)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(v.iter().map(|(k, ids)| (k, ids.to_string())))
}

/// What the key or value under a byte offset means.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explained {
    /// What it is, short: `rank`, `core`, `vertex metadata: size`.
    pub title: String,
    /// What it is for, in a few sentences.
    pub body: String,
    /// This value read against the rest of the document, one fact a line.
    pub decoded: Vec<String>,
    /// The RFC section that defines it.
    pub rfc: Rfc,
    /// The bytes explained (the key, or the value).
    pub span: (usize, usize),
    /// Its cells in the grid, when it names resources.
    pub place: Option<Place>,
    /// A time it holds, in seconds since the epoch (for a local date).
    pub time: Option<f64>,
    /// Whether the bytes are a key or a scalar value, which hold nothing
    /// else to explain: a pointer moving within them gets the same card.
    #[serde(skip)]
    pub leaf: bool,
}

/// A card with no decoded lines and no place yet, which each kind of key
/// fills in.
fn card(title: impl Into<String>, body: &str, rfc: Rfc) -> Explained {
    Explained {
        title: title.into(),
        body: body.to_string(),
        decoded: Vec::new(),
        rfc,
        span: (0, 0),
        place: None,
        time: None,
        leaf: false,
    }
}

/// What the key or value at byte `at` of `text` means, or `None` when the
/// text is not JSON or `at` is outside its value.
pub fn explain(text: &str, at: usize) -> Option<Explained> {
    if crate::resource::eventlog::looks_like_resource_eventlog(text) {
        return eventlog::explain(text, at);
    }
    let root = json::parse_whole(text).ok()?;
    let mut hit = locate(&root, at)?;
    let span = hit.span.clone();
    let leaf = hit.on_key || !matches!(hit.value, Value::Object(_) | Value::Array(_));
    if constraint::is_constraint(&root) {
        let mut out = constraint::explain(text, &hit);
        out.span = (span.start, span.end);
        out.leaf = leaf;
        return Some(out);
    }
    let payload = object(&root).is_some_and(crate::resource::check::is_status_payload);
    // A status document's sets, and a payload's R, are Rs of their own:
    // explain within the set.
    let set = match hit.path.first() {
        Some(PathStep::Key(k)) if STATUS_SETS.contains(&k.as_str()) && hit.path.len() > 1 => true,
        Some(PathStep::Key(k)) if payload && k == "R" => true,
        _ => false,
    };
    if set {
        hit.path.remove(0);
        hit.chain.remove(0);
    }
    let inner = set || !payload;
    let r_of_payload = object(&root).and_then(|o| get(o, "R"));
    let doc = match (inner, r_of_payload) {
        (false, Some(r)) => DocContext::of(text, r),
        _ => DocContext::of(text, hit.chain.first().copied().unwrap_or(&root)),
    };
    let keys: Vec<&str> = hit
        .path
        .iter()
        .map(|s| match s {
            PathStep::Key(k) => k.as_str(),
            PathStep::Index(_) => "#",
        })
        .collect();
    let about_payload = (!inner)
        .then(|| payload::explain(&doc, &keys, hit.value))
        .flatten();
    let mut out = match keys.as_slice() {
        _ if about_payload.is_some() => about_payload?,
        ["scheduling", "graph", ..] | ["graph", ..] => graph::explain(&doc, &hit)?,
        [name] if !set && STATUS_SETS.contains(name) => r::status_set(&doc, name, hit.value),
        _ => r::explain(&doc, &hit, &keys),
    };
    out.span = (span.start, span.end);
    out.leaf = leaf;
    Some(out)
}

/// The sets of a status document (`flux resource status -o '{...}'`'s
/// form), each an R.
const STATUS_SETS: [&str; 3] = ["all", "allocated", "down"];

/// What every explanation may need of the whole document, read from its
/// JSON tree (so that a document with errors is explained as far as it
/// can be).
pub(crate) struct DocContext<'t, 'a, 'b> {
    text: &'t str,
    root: &'b Value<'a>,
    /// Each `R_lite` entry's ranks and children (those that parse).
    entries: Vec<Place>,
    /// The union of the entries' ranks.
    ranks: IdSet,
    /// The nodelist's hosts, in order, when every entry parses.
    hosts: Option<Hostlist>,
}

impl<'t, 'a, 'b> DocContext<'t, 'a, 'b> {
    fn of(text: &'t str, root: &'b Value<'a>) -> Self {
        let execution = object(root).and_then(|o| get(o, "execution"));
        let exec = execution.and_then(object);
        let entries: Vec<Place> = exec
            .and_then(|e| get(e, "R_lite"))
            .map(elements)
            .unwrap_or_default()
            .iter()
            .map(|v| entry_place(v))
            .collect();
        let ranks = entries
            .iter()
            .fold(IdSet::new(), |all, e| all.union(&e.ranks));
        let hosts = exec.and_then(|e| get(e, "nodelist")).and_then(nodelist);
        DocContext {
            text,
            root,
            entries,
            ranks,
            hosts,
        }
    }

    /// The host of `rank`: the nodelist's host at the rank's position among
    /// all ranks.
    fn host(&self, rank: u32) -> Option<String> {
        let pos = position(&self.ranks, rank)?;
        self.hosts.as_ref()?.nth(i64::try_from(pos).ok()?)
    }

    /// The hosts of `ranks`, listed with a bound, or `None` when the
    /// nodelist does not name them all.
    fn hosts_of(&self, ranks: &IdSet) -> Option<String> {
        let firsts: Option<Vec<String>> = ranks
            .iter()
            .take(text::LISTED)
            .map(|r| self.host(r))
            .collect();
        let last_known = ranks.last().is_some_and(|r| self.host(r).is_some());
        let firsts = firsts.filter(|_| last_known)?;
        Some(listed(&firsts, ranks.len()))
    }

    /// The cells of `ranks`: in each row, what the entries give it.
    fn cells_of(&self, ranks: &IdSet) -> Place {
        let mut children: Vec<(String, IdSet)> = Vec::new();
        for e in self.entries.iter().filter(|e| e.ranks.intersects(ranks)) {
            for (name, ids) in &e.children {
                match children.iter_mut().find(|(n, _)| n == name) {
                    Some((_, all)) => *all = all.union(ids),
                    None => children.push((name.clone(), ids.clone())),
                }
            }
        }
        Place {
            ranks: ranks.clone(),
            children,
        }
    }
}

/// The position of `id` among the members of `set`, counted from 0.
fn position(set: &IdSet, id: u32) -> Option<u64> {
    let mut before = 0u64;
    for &(lo, hi) in set.ranges() {
        if id < lo {
            return None;
        }
        if id <= hi {
            return Some(before + u64::from(id - lo));
        }
        before += u64::from(hi - lo) + 1;
    }
    None
}

fn object<'b, 'a>(v: &'b Value<'a>) -> Option<&'b crate::json::tree::JsonObject<'a>> {
    match v {
        Value::Object(o) => Some(o),
        _ => None,
    }
}

fn elements<'b, 'a>(v: &'b Value<'a>) -> Vec<&'b Value<'a>> {
    match v {
        Value::Array(a) => a.elements.iter().collect(),
        _ => Vec::new(),
    }
}

fn string<'b>(v: &'b Value<'_>) -> Option<&'b str> {
    match v {
        Value::StringLit(s) => Some(&s.value),
        _ => None,
    }
}

fn number(v: &Value<'_>) -> Option<f64> {
    match v {
        Value::NumberLit(n) => n.value.parse().ok(),
        _ => None,
    }
}

/// An `R_lite` entry's ranks and children, as far as they parse.
fn entry_place(v: &Value<'_>) -> Place {
    let o = object(v);
    let ranks = o
        .and_then(|o| get(o, "rank"))
        .and_then(string)
        .and_then(|s| IdSet::parse(s).ok())
        .unwrap_or_default();
    let children = o
        .and_then(|o| get(o, "children"))
        .and_then(object)
        .map(|c| {
            json::members(c)
                .0
                .iter()
                .filter_map(|m| {
                    let ids = IdSet::parse(string(m.value)?).ok()?;
                    Some((m.name.to_string(), ids))
                })
                .collect()
        })
        .unwrap_or_default();
    Place { ranks, children }
}

/// The nodelist's hosts, when every element is a host list.
fn nodelist(v: &Value<'_>) -> Option<Hostlist> {
    let mut all = Hostlist::new();
    for e in elements(v) {
        all.append(&Hostlist::parse(string(e)?).ok()?);
    }
    Some(all)
}

#[cfg(test)]
mod tests;
