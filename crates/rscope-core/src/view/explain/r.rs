//! The keys of an R document (RFC 20) and the small formats in their
//! values (RFC 22 id sets, RFC 29 host lists), explained.

use super::text::{listed, LISTED};
use super::{
    card, elements, number, object, string, DocContext, Explained, Hit, PathStep, Place, Rfc,
};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::{self, get, Value};
use crate::time::utc as date;
use crate::words::{count, count_as, duration, type_noun};

/// The explanation of `hit`, whose path is `keys` (array positions as `#`).
pub(super) fn explain(doc: &DocContext<'_, '_, '_>, hit: &Hit<'_, '_>, keys: &[&str]) -> Explained {
    let entry = entry_index(hit);
    match keys {
        [] => document(doc),
        ["version"] => version(hit.value),
        ["execution"] => execution(doc),
        ["execution", "R_lite"] => r_lite(doc),
        ["execution", "R_lite", "#"] => entry_card(doc, entry),
        ["execution", "R_lite", "#", "rank"] => rank(doc, entry),
        ["execution", "R_lite", "#", "children"] => children(doc, entry),
        ["execution", "R_lite", "#", "children", name] => child(doc, entry, name),
        ["execution", "nodelist"] => nodelist(doc),
        ["execution", "nodelist", "#"] => nodelist_entry(doc, hit),
        ["execution", "nslots"] => nslots(hit.value),
        ["execution", "properties"] => properties(doc, hit.value),
        ["execution", "properties", name] => property(doc, name, hit.value),
        ["execution", "starttime"] => starttime(hit.value),
        ["execution", "expiration"] => expiration(doc, hit.value),
        ["scheduling"] => scheduling(hit.value),
        ["scheduling", "writer"] => writer(hit.value),
        _ => unknown(keys),
    }
}

/// The position of the `R_lite` entry on the path, if any.
fn entry_index(hit: &Hit<'_, '_>) -> Option<usize> {
    match hit.path.get(2) {
        Some(PathStep::Index(i))
            if hit.path.first() == Some(&PathStep::Key("execution".into())) =>
        {
            Some(*i)
        }
        _ => None,
    }
}

fn rfc20(anchor: &str) -> Rfc {
    Rfc::new(20, anchor)
}

fn document(doc: &DocContext<'_, '_, '_>) -> Explained {
    let mut c = card(
        "R document",
        "An R lists a set of resources: which nodes (each known by its broker rank) and which cores and GPUs on each of them. Flux writes one for an instance's whole inventory and one for each job's allocation.",
        rfc20("r-format"),
    );
    c.decoded = totals(doc);
    c
}

/// `4 nodes, 192 cores, 32 GPUs` over the whole document.
fn totals(doc: &DocContext<'_, '_, '_>) -> Vec<String> {
    if doc.entries.is_empty() {
        return Vec::new();
    }
    let mut per: Vec<(String, u64)> = Vec::new();
    for e in &doc.entries {
        for (name, ids) in &e.children {
            let n = e.ranks.len() * ids.len();
            match per.iter_mut().find(|(k, _)| k == name) {
                Some((_, all)) => *all += n,
                None => per.push((name.clone(), n)),
            }
        }
    }
    let mut parts = vec![count(doc.ranks.len(), "node")];
    parts.extend(per.iter().map(|(k, n)| count(*n, &type_noun(k))));
    vec![parts.join(", ")]
}

fn version(v: &Value<'_>) -> Explained {
    let mut c = card(
        "version",
        "The version of the R format the document follows. RFC 20 defines one version, 1.",
        rfc20("version"),
    );
    c.decoded = vec![match number(v) {
        Some(1.0) => "version 1: the format of RFC 20".to_string(),
        Some(n) => format!("version {n}: RFC 20 defines only version 1"),
        None => format!("{}: not a number", json::type_name(v)),
    }];
    c
}

fn execution(doc: &DocContext<'_, '_, '_>) -> Explained {
    let mut c = card(
        "execution",
        "The resource set itself: the R_lite entries and the nodelist, and when they are known the properties, the number of slots and the time window.",
        rfc20("execution"),
    );
    c.decoded = totals(doc);
    c
}

fn r_lite(doc: &DocContext<'_, '_, '_>) -> Explained {
    let mut c = card(
        "R_lite",
        "A list of entries, each naming some ranks and the resources that each of those ranks holds. The entries may come in any order; together they name every rank of the set.",
        rfc20("R_lite"),
    );
    c.decoded = vec![format!(
        "{} over {}",
        count_as(doc.entries.len(), "entry", "entries"),
        count(doc.ranks.len(), "rank")
    )];
    c.place = (!doc.ranks.is_empty()).then(|| doc.cells_of(&doc.ranks));
    c
}

/// The ranks line: `4 ranks: 19, 20, 21 and 22`.
fn ranks_line(ranks: &IdSet) -> String {
    let firsts: Vec<String> = ranks.iter().take(LISTED).map(|r| r.to_string()).collect();
    format!(
        "{}: {}",
        count(ranks.len(), "rank"),
        listed(&firsts, ranks.len())
    )
}

/// Where the nodelist puts `ranks`.
fn hosts_line(doc: &DocContext<'_, '_, '_>, ranks: &IdSet) -> String {
    match doc.hosts_of(ranks) {
        Some(h) => format!("the nodelist maps them to {h}"),
        None => "the nodelist does not name a host for each of them".to_string(),
    }
}

fn entry_of(doc: &DocContext<'_, '_, '_>, entry: Option<usize>) -> Place {
    entry
        .and_then(|i| doc.entries.get(i).cloned())
        .unwrap_or(Place {
            ranks: IdSet::new(),
            children: Vec::new(),
        })
}

fn entry_card(doc: &DocContext<'_, '_, '_>, entry: Option<usize>) -> Explained {
    let e = entry_of(doc, entry);
    let mut c = card(
        "R_lite entry",
        "One entry of R_lite: every rank named in 'rank' holds all the resources named in 'children'.",
        rfc20("R_lite"),
    );
    c.decoded = vec![ranks_line(&e.ranks), hosts_line(doc, &e.ranks)];
    c.decoded.extend(
        e.children
            .iter()
            .map(|(k, ids)| child_line(k, ids, e.ranks.len())),
    );
    c.place = Some(e);
    c
}

fn rank(doc: &DocContext<'_, '_, '_>, entry: Option<usize>) -> Explained {
    let e = entry_of(doc, entry);
    let mut c = card(
        "rank",
        "The execution targets of this entry, as an RFC 22 id set. An execution target is a node, known by the rank of its Flux broker; each rank here holds the resources under 'children'.",
        rfc20("rank"),
    );
    c.decoded = if e.ranks.is_empty() {
        vec!["no rank that reads as an id set".to_string()]
    } else {
        vec![ranks_line(&e.ranks), hosts_line(doc, &e.ranks)]
    };
    c.place = Some(e);
    c
}

fn children(doc: &DocContext<'_, '_, '_>, entry: Option<usize>) -> Explained {
    let e = entry_of(doc, entry);
    let mut c = card(
        "children",
        "The resources that each rank of this entry holds, by type: an id set of cores, and of GPUs when there are some. The ids count from 0 on each node, so two nodes may both have core 0.",
        rfc20("children"),
    );
    c.decoded = e
        .children
        .iter()
        .map(|(k, ids)| child_line(k, ids, e.ranks.len()))
        .collect();
    c.place = Some(e);
    c
}

/// `48 cores (0-47) on each of 4 nodes, 192 in all`.
fn child_line(kind: &str, ids: &IdSet, nodes: u64) -> String {
    let each = count(ids.len(), &type_noun(kind));
    match nodes {
        1 => format!("{each} ({ids}) on its node"),
        n => format!(
            "{each} ({ids}) on each of {}, {} in all",
            count(n, "node"),
            ids.len() * n
        ),
    }
}

fn child(doc: &DocContext<'_, '_, '_>, entry: Option<usize>, kind: &str) -> Explained {
    let e = entry_of(doc, entry);
    let (title, body, anchor) = match kind {
        "core" => ("core", "The logical CPU cores each rank of this entry holds, as an RFC 22 id set. Every entry has one.", "core"),
        "gpu" => ("gpu", "The GPUs each rank of this entry holds, as an RFC 22 id set. It may be left out when there are none.", "gpu"),
        _ => ("child type", "A type of resource RFC 20 does not name (it defines core and gpu). Flux readers keep it as another id set per rank.", "children"),
    };
    let mut c = card(title, body, rfc20(anchor));
    let ids = e
        .children
        .iter()
        .find(|(k, _)| k == kind)
        .map(|(_, ids)| ids.clone());
    c.decoded = match &ids {
        Some(ids) => vec![
            child_line(kind, ids, e.ranks.len()),
            format!("on {}", hosts_or_ranks(doc, &e.ranks)),
        ],
        None => vec!["not an id set".to_string()],
    };
    c.place = ids.map(|ids| Place {
        ranks: e.ranks.clone(),
        children: vec![(kind.to_string(), ids)],
    });
    c
}

/// The hosts of `ranks` when the nodelist names them, else the ranks.
fn hosts_or_ranks(doc: &DocContext<'_, '_, '_>, ranks: &IdSet) -> String {
    doc.hosts_of(ranks)
        .unwrap_or_else(|| format!("ranks {ranks}"))
}

fn nodelist(doc: &DocContext<'_, '_, '_>) -> Explained {
    let mut c = card(
        "nodelist",
        "The host names of the ranks, as RFC 29 host lists. Sort the ranks of all R_lite entries and pair them in order with the hosts listed here: the lowest rank gets the first host. The host lists need not match the entries one for one.",
        rfc20("nodelist"),
    );
    let hosts = doc.hosts.as_ref().map_or(0, Hostlist::len);
    c.decoded = vec![format!(
        "{} for {}",
        count(hosts, "host"),
        count(doc.ranks.len(), "rank")
    )];
    if hosts != doc.ranks.len() && doc.hosts.is_some() {
        c.decoded.push(
            "the counts differ, so some ranks have no host or some hosts no rank".to_string(),
        );
    }
    c.decoded.extend(
        doc.ranks
            .iter()
            .take(LISTED)
            .filter_map(|r| Some(format!("rank {r} is {}", doc.host(r)?))),
    );
    c.place = (!doc.ranks.is_empty()).then(|| doc.cells_of(&doc.ranks));
    c
}

fn nodelist_entry(doc: &DocContext<'_, '_, '_>, hit: &Hit<'_, '_>) -> Explained {
    let mut c = card(
        "nodelist entry",
        "One RFC 29 host list: a host name, or a prefix with a bracketed list of numbers and ranges that stands for several hosts.",
        Rfc::new(29, "implementation"),
    );
    let Some(Ok(list)) = string(hit.value).map(Hostlist::parse) else {
        c.decoded = vec!["not a host list".to_string()];
        return c;
    };
    let names: Vec<String> = list.iter().take(LISTED).collect();
    c.decoded = vec![format!(
        "{}: {}",
        count(list.len(), "host"),
        listed(&names, list.len())
    )];
    // The hosts before this entry in the nodelist.
    let before: u64 = match (hit.path.last(), hit.chain.iter().rev().nth(1)) {
        (Some(PathStep::Index(i)), Some(array)) => elements(array)
            .into_iter()
            .take(*i)
            .filter_map(|e| Hostlist::parse(string(e)?).ok())
            .map(|h| h.len())
            .sum(),
        _ => 0,
    };
    let ranks: IdSet = doc
        .ranks
        .iter()
        .skip(usize::try_from(before).unwrap_or(usize::MAX))
        .take(usize::try_from(list.len()).unwrap_or(usize::MAX))
        .collect();
    if !ranks.is_empty() {
        c.decoded.push(format!("for ranks {ranks}"));
        c.place = Some(doc.cells_of(&ranks));
    }
    c
}

fn nslots(v: &Value<'_>) -> Explained {
    let mut c = card(
        "nslots",
        "How many slots the scheduler gave the job this R allocates. An R that is an inventory rather than an allocation leaves it out.",
        rfc20("nslots"),
    );
    c.decoded = vec![match number(v) {
        Some(n) if n > 0.0 => format!("{n} slots"),
        Some(n) => format!("{n}: RFC 20 wants more than 0"),
        None => format!("{}: not a number", json::type_name(v)),
    }];
    c
}

fn properties(doc: &DocContext<'_, '_, '_>, v: &Value<'_>) -> Explained {
    let mut c = card(
        "properties",
        "Names given to sets of ranks, such as a partition or a hardware feature, each with an RFC 22 id set of the ranks that have it. A rank may have several properties.",
        rfc20("properties"),
    );
    if let Some(o) = object(v) {
        c.decoded = json::members(o)
            .0
            .iter()
            .map(|m| format!("{}: {}", m.name, property_ranks(doc, m.value)))
            .collect();
        let ranks = json::members(o)
            .0
            .iter()
            .filter_map(|m| IdSet::parse(string(m.value)?).ok())
            .fold(IdSet::new(), |all, r| all.union(&r));
        c.place = (!ranks.is_empty()).then(|| doc.cells_of(&ranks));
    }
    c
}

fn property_ranks(doc: &DocContext<'_, '_, '_>, v: &Value<'_>) -> String {
    match string(v).map(IdSet::parse) {
        Some(Ok(ranks)) => format!(
            "{} ({})",
            hosts_or_ranks(doc, &ranks),
            count(ranks.len(), "rank")
        ),
        _ => "not an id set".to_string(),
    }
}

fn property(doc: &DocContext<'_, '_, '_>, name: &str, v: &Value<'_>) -> Explained {
    let mut c = card(
        "property",
        "A property and the ranks that have it, as an RFC 22 id set. A name with '@' is for a scheduler (the part after it may name a child type, as in amd-mi50@gpu); a leading '+' marks a property of this instance rather than of the hardware, which allocations leave out.",
        rfc20("properties"),
    );
    let Some(Ok(ranks)) = string(v).map(IdSet::parse) else {
        c.decoded = vec![format!("{name}: not an id set")];
        return c;
    };
    c.decoded = vec![
        format!("{name} is on {}", ranks_line(&ranks)),
        hosts_line(doc, &ranks),
    ];
    c.place = Some(doc.cells_of(&ranks));
    c
}

fn starttime(v: &Value<'_>) -> Explained {
    let mut c = card(
        "starttime",
        "When the resources become usable, in seconds since the Unix epoch (1970-01-01 UTC). 0 means no start time: usable at once.",
        rfc20("starttime"),
    );
    time_lines(&mut c, v, None);
    c
}

fn expiration(doc: &DocContext<'_, '_, '_>, v: &Value<'_>) -> Explained {
    let mut c = card(
        "expiration",
        "When the resources stop being valid, in seconds since the Unix epoch (1970-01-01 UTC). 0 means no end; otherwise it must come after starttime.",
        rfc20("expiration"),
    );
    let start = object(doc.root)
        .and_then(|o| get(o, "execution"))
        .and_then(object)
        .and_then(|e| get(e, "starttime"))
        .and_then(number)
        .filter(|&s| s != 0.0);
    time_lines(&mut c, v, start);
    c
}

/// The date of a time value, and how long after `start` it is.
fn time_lines(c: &mut Explained, v: &Value<'_>, start: Option<f64>) {
    let Some(t) = number(v) else {
        c.decoded = vec![format!("{}: not a number", json::type_name(v))];
        return;
    };
    if t == 0.0 {
        c.decoded = vec!["0: not set".to_string()];
        return;
    }
    c.time = Some(t);
    c.decoded = vec![date(t)];
    if let Some(s) = start {
        c.decoded.push(if t > s {
            format!("{} after starttime", duration(t - s))
        } else {
            "not after starttime, which RFC 20 requires".to_string()
        });
    }
}

fn scheduling(v: &Value<'_>) -> Explained {
    let mut c = card(
        "scheduling",
        "Data for one scheduler, which other Flux components carry along without reading. Fluxion writes its resource graph here, in JSON Graph Format (RFC 40), with more detail than R_lite: sockets, memory, and how resources contain each other.",
        rfc20("scheduling"),
    );
    let o = object(v);
    let writer = o.and_then(|o| get(o, "writer")).and_then(string);
    c.decoded = vec![match writer {
        Some(w) => format!("written by {w}"),
        None => "no writer: read as fluxion, a JGF graph".to_string(),
    }];
    let graph = o.and_then(|o| get(o, "graph")).and_then(object);
    if let Some(g) = graph {
        let n = get(g, "nodes").map_or(0, |v| elements(v).len());
        let e = get(g, "edges").map_or(0, |v| elements(v).len());
        c.decoded.push(format!(
            "a graph of {} and {}",
            count_as(n, "vertex", "vertices"),
            count(e, "edge")
        ));
    }
    c
}

fn writer(v: &Value<'_>) -> Explained {
    let mut c = card(
        "writer",
        "A URI whose scheme names the scheduler that wrote 'scheduling'; the rest is that scheduler's business. Without it, readers take fluxion, and RFC 40 adds the path jgf.",
        Rfc::new(40, "implementation"),
    );
    c.decoded = vec![match string(v) {
        Some(w) => match w.split_once(':') {
            Some((scheme, path)) => format!("scheduler {scheme}, format {path}"),
            None => format!("scheduler {w}, format jgf (the default)"),
        },
        None => format!("{}: not a string", json::type_name(v)),
    }];
    c
}

fn unknown(keys: &[&str]) -> Explained {
    let name = keys.last().copied().unwrap_or("");
    let (title, body) = if name == "#" {
        (
            "value".to_string(),
            "A value inside a key that RFC 20 does not define.",
        )
    } else {
        (
            format!("'{name}'"),
            "A key that RFC 20 does not define in this place. Flux readers keep it or pass over it; a misspelt key name is read the same way, so check its spelling.",
        )
    };
    card(&title, body, rfc20("r-format"))
}

/// A set of a status document: `all`, `allocated` or `down`.
pub(super) fn status_set(doc: &DocContext<'_, '_, '_>, name: &str, v: &Value<'_>) -> Explained {
    let what = match name {
        "all" => "every resource of the instance",
        "allocated" => "the resources jobs hold now",
        _ => "the resources that are down",
    };
    let mut c = card(
        "status set",
        "A status document holds several R sets side by side: all the instance's resources, those allocated to jobs, and those down. Each set is an R of its own, read the same way.",
        rfc20("r-format"),
    );
    let inner = DocContext::of(doc.text, v);
    c.decoded = vec![format!("{name}: {what}")];
    c.decoded.extend(totals(&inner));
    c.place = (!inner.ranks.is_empty()).then(|| inner.cells_of(&inner.ranks));
    c
}
