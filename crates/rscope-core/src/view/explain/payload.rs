//! The keys of a `resource.status` payload (what `flux resource status
//! --from-stdin` reads), explained: its rank sets, its drain entries and
//! their times. Its `R` is an R of its own, explained as RFC 20 says
//! (`super::explain` hands the path under `R` to `r::explain`).

use super::{card, number, string, DocContext, Explained, Rfc};
use crate::idset::IdSet;
use crate::json::Value;
use crate::time::utc as date;
use crate::words::count;

/// The payload's rank-set keys and what each holds.
const RANK_SETS: [(&str, &str); 4] = [
    (
        "online",
        "the ranks whose broker is up and talking to the instance",
    ),
    (
        "offline",
        "the ranks whose broker is down; flux resource status marks their state with *",
    ),
    (
        "exclude",
        "the ranks the configuration's [resource] exclude leaves out: never scheduled",
    ),
    (
        "torpid",
        "the ranks that stopped answering the instance's heartbeat for a while",
    ),
];

fn rfc22() -> Rfc {
    Rfc::new(22, "implementation")
}

/// The explanation of a payload key at path `keys` (array positions as
/// `#`), with `r` the payload's R read for host names and cells; `None`
/// for a key the payload does not have.
pub(super) fn explain(
    r: &DocContext<'_, '_, '_>,
    keys: &[&str],
    v: &Value<'_>,
) -> Option<Explained> {
    Some(match keys {
        [] => card(
            "resource.status payload",
            "What flux resource status reads: the instance's R, the ranks online, offline, excluded and torpid, and the drained ranks with why and when. Rscope draws each node in the state flux resource status lists it under.",
            Rfc::new(20, "r-format"),
        ),
        [key] if RANK_SETS.iter().any(|(k, _)| k == key) => rank_set(r, key, v),
        ["drain"] => card(
            "drain",
            "The drained ranks: each key is an RFC 22 id set of ranks drained together, its value when (timestamp) and why (reason). A drained node runs no new job until it is undrained.",
            rfc22(),
        ),
        ["drain", ranks] => drain_entry(r, ranks),
        ["drain", _, "timestamp"] => timestamp(v),
        ["drain", _, "reason"] => card(
            "drain reason",
            "Why the node was drained, as given to flux resource drain (or by Flux itself, such as a node that came back with the wrong hostname).",
            rfc22(),
        ),
        _ => return None,
    })
}

/// The ranks of `ids` with their hosts, in words.
fn ranks_line(r: &DocContext<'_, '_, '_>, ids: &IdSet) -> String {
    let nodes = count(ids.len(), "rank");
    match r.hosts_of(ids) {
        Some(h) if !ids.is_empty() => format!("{nodes}: {ids}, hosts {h}"),
        _ if ids.is_empty() => "no rank".to_string(),
        _ => format!("{nodes}: {ids}"),
    }
}

fn rank_set(r: &DocContext<'_, '_, '_>, key: &str, v: &Value<'_>) -> Explained {
    let what = RANK_SETS
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, w)| w);
    let body = format!("An RFC 22 id set of ranks of R: {what}.");
    let mut c = card(key, &body, rfc22());
    match string(v).map(IdSet::decode) {
        Some(Ok(ids)) => {
            c.decoded = vec![ranks_line(r, &ids)];
            c.place = (!ids.is_empty()).then(|| r.cells_of(&ids));
        }
        Some(Err(e)) => c.decoded = vec![format!("not an id set: {e}")],
        None => {
            c.decoded =
                vec!["not a string: an id set is written as a string such as \"0-3\"".into()]
        }
    }
    c
}

fn drain_entry(r: &DocContext<'_, '_, '_>, ranks: &str) -> Explained {
    let mut c = card(
        "drained ranks",
        "Ranks drained together, with when and why. flux resource status lists them as drained (or drained* when offline).",
        rfc22(),
    );
    match IdSet::decode(ranks) {
        Ok(ids) => {
            c.decoded = vec![ranks_line(r, &ids)];
            c.place = (!ids.is_empty()).then(|| r.cells_of(&ids));
        }
        Err(e) => c.decoded = vec![format!("not an id set: {e}")],
    }
    c
}

fn timestamp(v: &Value<'_>) -> Explained {
    let mut c = card(
        "drain timestamp",
        "When the ranks were drained, in seconds since 1970-01-01 UTC. flux resource drain prints it as a local date.",
        rfc22(),
    );
    c.decoded = match number(v) {
        Some(t) => {
            c.time = Some(t);
            vec![date(t)]
        }
        None => vec!["not a number: flux resource status needs seconds since the epoch".into()],
    };
    c
}
