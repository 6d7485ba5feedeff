//! The event list under a resource eventlog's timeline: the log's events,
//! newest first, filtered by node (ranks, or hosts as the last `restart`
//! before each event maps them), by name, by words of the reason and by
//! a time range, a page at a time. The worker answers it
//! ([`event_page_part`]) from the text, so a year of a large system's
//! events never crosses to the page whole.

use super::timeline::{NotKept, ReadLogs, NOT_KEPT};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::resource::eventlog::{
    self, ResourceEvent, ResourceEventKind, ResourceEventlog, Stretch,
};
use serde::{Deserialize, Serialize};

/// The rows one page of the list holds.
pub const EVENTS_SHOWN: usize = 100;

/// What the list is filtered by; each empty field keeps every event.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EventQuery {
    /// Ranks (an RFC 22 id set) or hosts (an RFC 29 host list).
    pub node: String,
    /// An event name, exactly.
    pub name: String,
    /// Words the reason holds (any case).
    pub reason: String,
    /// From this time on (as `rscope resource replay --at` reads a time).
    pub since: String,
    /// Up to this time.
    pub until: String,
}

impl EventQuery {
    /// What the list shows while the pointer is on node `rank` of the grid
    /// (a peek: its events and history strip under these other filters);
    /// these filters as they are when it is on no node.
    pub fn peeking(&self, rank: Option<u32>) -> EventQuery {
        match rank {
            Some(rank) => EventQuery {
                node: rank.to_string(),
                ..self.clone()
            },
            None => self.clone(),
        }
    }
}

/// One event as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventRow {
    /// Its time, seconds since the epoch.
    pub at: f64,
    /// Its time in UTC.
    pub time: String,
    /// Its name.
    pub name: String,
    /// The ranks it names (an RFC 22 id set; empty when none).
    pub ranks: String,
    /// The hosts it names, when its context says.
    pub hosts: String,
    /// Its reason, for a drain.
    pub reason: String,
    /// The bytes of the text that hold it.
    pub span: (usize, usize),
}

/// One page of the list.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct EventPage {
    /// The newest matching events, at most [`EVENTS_SHOWN`].
    pub rows: Vec<EventRow>,
    /// How many events match.
    pub matched: usize,
    /// How many events the log holds.
    pub total: usize,
    /// Every event name the log holds, sorted: the name filter's choices.
    pub names: Vec<String>,
    /// Why a filter was not read (the others still apply).
    pub problem: Option<String>,
    /// The log's first and last event times.
    pub range: (f64, f64),
    /// When the node filter names one node: its rank and its history.
    pub node: Option<(u32, Vec<Stretch>)>,
}

/// The ranks an event names, its hosts and its reason.
fn named(ev: &ResourceEvent) -> (Option<&IdSet>, Option<&Hostlist>, &str) {
    use ResourceEventKind as K;
    match &ev.kind {
        K::Restart {
            ranks, nodelist, ..
        } => (ranks.as_ref(), nodelist.as_ref(), ""),
        K::Drain(c) | K::Undrain(c) => (
            Some(&c.ranks),
            c.nodelist.as_ref(),
            c.reason.as_deref().unwrap_or(""),
        ),
        K::Online(ids) | K::Offline(ids) | K::Torpid(ids) | K::Lively(ids) => (Some(ids), None, ""),
        K::ResourceInit { online, .. } => (Some(online), None, ""),
        _ => (None, None, ""),
    }
}

/// The node filter read: ranks, or hosts to map by each restart's list.
enum NodeFilter {
    Any,
    Ranks(IdSet),
    Hosts(Vec<String>),
}

fn node_filter(text: &str) -> Result<NodeFilter, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(NodeFilter::Any);
    }
    if let Ok(ids) = IdSet::decode(text) {
        return Ok(NodeFilter::Ranks(ids));
    }
    match Hostlist::parse(text) {
        Ok(hl) => Ok(NodeFilter::Hosts(hl.iter().collect())),
        Err(e) => Err(format!("node: {text:?} is neither ranks nor hosts: {e}")),
    }
}

/// The events of the resource eventlog `text` that `query` keeps, newest
/// first, a page of them.
pub fn event_page(text: &str, query: &EventQuery) -> EventPage {
    event_page_of(&eventlog::read(text), query)
}

/// [`event_page`] of a log read.
pub fn event_page_of(log: &ResourceEventlog, query: &EventQuery) -> EventPage {
    let mut names: Vec<String> = log.events.iter().map(|e| e.name.to_string()).collect();
    names.sort();
    names.dedup();
    let first = log.events.iter().map(|e| e.timestamp).reduce(f64::min);
    let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
    let mut problems = Vec::new();
    let mut instant = |what: &str, t: &str| match t.trim() {
        "" => None,
        t => eventlog::parse_instant(t, first, last)
            .map_err(|e| problems.push(format!("{what}: {e}")))
            .ok(),
    };
    let (since, until) = (instant("from", &query.since), instant("to", &query.until));
    let node = node_filter(&query.node).unwrap_or_else(|e| {
        problems.push(e);
        NodeFilter::Any
    });
    let reason = query.reason.trim().to_lowercase();
    let mut wanted: Option<IdSet> = None;
    let mut kept: Vec<&ResourceEvent> = Vec::new();
    for ev in &log.events {
        let (ranks, own_hosts, why) = named(ev);
        if let (
            ResourceEventKind::Restart {
                nodelist: Some(hl), ..
            },
            NodeFilter::Hosts(h),
        ) = (&ev.kind, &node)
        {
            wanted = Some(ranks_of(hl, h));
        }
        let time_ok =
            since.is_none_or(|s| ev.timestamp >= s) && until.is_none_or(|u| ev.timestamp <= u);
        let name_ok = query.name.is_empty() || ev.name == query.name;
        let reason_ok = reason.is_empty() || why.to_lowercase().contains(&reason);
        let node_ok = match &node {
            NodeFilter::Any => true,
            NodeFilter::Ranks(ids) => ranks.is_some_and(|r| r.intersects(ids)),
            NodeFilter::Hosts(h) => {
                own_hosts.is_some_and(|hl| hl.iter().any(|x| h.contains(&x)))
                    || (ranks.zip(wanted.as_ref())).is_some_and(|(r, w)| r.intersects(w))
            }
        };
        if time_ok && name_ok && reason_ok && node_ok {
            kept.push(ev);
        }
    }
    let rows = kept
        .iter()
        .rev()
        .take(EVENTS_SHOWN)
        .map(|ev| row(ev))
        .collect();
    let node = one_rank(log, &node).map(|rank| (rank, eventlog::rank_history(log, rank)));
    EventPage {
        range: (first.unwrap_or(0.0), last.unwrap_or(0.0)),
        node,
        rows,
        matched: kept.len(),
        total: log.events.len(),
        names,
        problem: (!problems.is_empty()).then(|| problems.join("; ")),
    }
}

/// The one rank the node filter names: a rank, or a host as the last
/// restart maps it.
fn one_rank(log: &ResourceEventlog, node: &NodeFilter) -> Option<u32> {
    match node {
        NodeFilter::Ranks(ids) if ids.len() == 1 => ids.first(),
        NodeFilter::Hosts(h) if h.len() == 1 => {
            let map = (log.events.iter().rev()).find_map(|ev| match &ev.kind {
                ResourceEventKind::Restart {
                    nodelist: Some(hl), ..
                } => Some(hl),
                _ => None,
            })?;
            ranks_of(map, h).first()
        }
        _ => None,
    }
}

/// The ranks of `hosts` in the rank:host map `map`.
fn ranks_of(map: &Hostlist, hosts: &[String]) -> IdSet {
    let ranks = (map.iter().enumerate())
        .filter(|(_, h)| hosts.iter().any(|x| x == h))
        .map(|(r, _)| (r as u32, r as u32));
    IdSet::from_ranges(ranks)
}

fn row(ev: &ResourceEvent) -> EventRow {
    let (ranks, hosts, reason) = named(ev);
    EventRow {
        at: ev.timestamp,
        time: crate::time::utc(ev.timestamp),
        name: ev.name.to_string(),
        ranks: ranks.map(IdSet::to_string).unwrap_or_default(),
        hosts: hosts.map(Hostlist::to_string).unwrap_or_default(),
        reason: reason.to_string(),
        span: (ev.span.start, ev.span.end),
    }
}

/// [`event_page`] of log `key` as it crosses from the analysis worker,
/// the log read once for many filters (`logs`): empty for no resource
/// eventlog, [`NOT_KEPT`] when the worker needs its text.
pub fn event_page_part(
    logs: &mut ReadLogs,
    key: u32,
    text: Option<&str>,
    query: &EventQuery,
) -> Vec<u8> {
    // With the figures: when a log opens, the timeline asks for them next.
    match logs.replayer(key, text, true) {
        Err(NotKept) => NOT_KEPT.to_vec(),
        Ok(None) => Vec::new(),
        Ok(Some(r)) => postcard::to_allocvec(&event_page_of(r.log(), query)).unwrap_or_default(),
    }
}

/// What [`event_page_part`] sent; `None` when the bytes do not read.
pub fn event_page_from_part(bytes: &[u8]) -> Option<EventPage> {
    postcard::from_bytes(bytes).ok()
}

/// A query as it crosses to the worker.
pub fn query_part(query: &EventQuery) -> Vec<u8> {
    postcard::to_allocvec(query).unwrap_or_default()
}

/// What [`query_part`] sent (no filter when the bytes do not read).
pub fn query_from_part(bytes: &[u8]) -> EventQuery {
    postcard::from_bytes(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_peek_names_the_node_under_the_pointer_and_keeps_the_other_filters() {
        let mine = EventQuery {
            node: "n[0-1]".into(),
            reason: "fan".into(),
            ..EventQuery::default()
        };
        let peek = mine.peeking(Some(3));
        assert_eq!((peek.node.as_str(), peek.reason.as_str()), ("3", "fan"));
        assert_eq!(mine.peeking(None), mine);
    }

    const LOG: &str = r#"{"timestamp": 0, "name": "restart", "context": {"ranks": "0-3", "online": "", "nodelist": "n[0-3]"}}
{"timestamp": 10, "name": "online", "context": {"idset": "0-3"}}
{"timestamp": 3600, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "Fan failed", "overwrite": 0}}
{"timestamp": 7200, "name": "offline", "context": {"idset": "2"}}
{"timestamp": 86400, "name": "restart", "context": {"ranks": "0-3", "online": "", "nodelist": "n0,n2,n1,n3"}}
{"timestamp": 86410, "name": "drain", "context": {"idset": "1", "reason": "psu", "overwrite": 0}}
"#;

    type Row = (f64, String, String, String, String);

    fn page(query: EventQuery) -> (Vec<Row>, usize, Option<String>) {
        let p = event_page(LOG, &query);
        let rows = p
            .rows
            .into_iter()
            .map(|r| (r.at, r.name, r.ranks, r.hosts, r.reason))
            .collect();
        (rows, p.matched, p.problem)
    }

    fn row(at: f64, name: &str, ranks: &str, hosts: &str, reason: &str) -> Row {
        (at, name.into(), ranks.into(), hosts.into(), reason.into())
    }

    #[test]
    fn every_event_newest_first_with_its_names_and_the_log_s_event_names() {
        let p = event_page(LOG, &EventQuery::default());
        assert_eq!((p.matched, p.total, p.rows.len()), (6, 6, 6));
        assert_eq!(p.names, ["drain", "offline", "online", "restart"]);
        let r = &p.rows[0];
        assert_eq!(
            (r.time.as_str(), r.name.as_str(), r.reason.as_str()),
            ("1970-01-02 00:00:10 UTC", "drain", "psu")
        );
        assert_eq!(&LOG[r.span.0..r.span.1], LOG.lines().last().unwrap());
    }

    #[test]
    fn filters_by_name_reason_time_and_node_by_rank_or_by_host_as_each_restart_maps_it() {
        let q = |f: fn(&mut EventQuery)| {
            let mut q = EventQuery::default();
            f(&mut q);
            page(q)
        };
        assert_eq!(q(|q| q.name = "drain".into()).1, 2);
        assert_eq!(
            q(|q| q.reason = "fan".into()).0,
            [row(3600.0, "drain", "1", "n1", "Fan failed")]
        );
        assert_eq!(
            q(|q| {
                q.since = "100".into();
                q.until = "86400".into()
            })
            .1,
            3
        );
        assert_eq!(
            q(|q| q.node = "2".into()).0,
            [
                row(86400.0, "restart", "0-3", "n[0,2,1,3]", ""),
                row(7200.0, "offline", "2", "", ""),
                row(10.0, "online", "0-3", "", ""),
                row(0.0, "restart", "0-3", "n[0-3]", ""),
            ]
        );
        // n1 is rank 1 until the second restart, then rank 2.
        let by_host = q(|q| {
            q.node = "n1".into();
            q.name = "drain".into()
        });
        assert_eq!(by_host.0, [row(3600.0, "drain", "1", "n1", "Fan failed")]);
        let by_host = q(|q| {
            q.node = "n2".into();
            q.name = "drain".into()
        });
        assert_eq!(by_host.0, [row(86410.0, "drain", "1", "", "psu")]);
        // One node named: its history comes too (n2 is rank 1 since the
        // second restart).
        let one = event_page(
            LOG,
            &EventQuery {
                node: "n2".into(),
                ..EventQuery::default()
            },
        );
        let (rank, stretches) = one.node.unwrap();
        let kinds: Vec<(f64, &str)> = stretches
            .iter()
            .map(|s| (s.from, s.reason.as_str()))
            .collect();
        assert_eq!(rank, 1);
        assert_eq!(
            kinds,
            [
                (0.0, ""),
                (10.0, ""),
                (3600.0, "Fan failed"),
                (86400.0, ""),
                (86410.0, "psu")
            ]
        );
        assert_eq!(one.range, (0.0, 86410.0));
        assert_eq!(
            event_page(
                LOG,
                &EventQuery {
                    node: "1-2".into(),
                    ..EventQuery::default()
                }
            )
            .node,
            None
        );
        let bad = q(|q| {
            q.node = "n[".into();
            q.since = "soon".into()
        });
        assert_eq!(bad.1, 6);
        assert_eq!(
            bad.2.unwrap(),
            "from: invalid time 'soon': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d); node: \"n[\" is neither ranks nor hosts: unclosed '[' at column 2"
        );
        let back = query_from_part(&query_part(&EventQuery {
            node: "3".into(),
            ..EventQuery::default()
        }));
        assert_eq!(back.node, "3");
        assert_eq!(
            event_page_from_part(&event_page_part(
                &mut ReadLogs::default(),
                1,
                Some(LOG),
                &back
            ))
            .unwrap()
            .matched,
            3
        );
    }
}
