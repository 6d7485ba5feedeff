//! One state per node and the drain table, as the page shows a
//! `resource.status` payload: the grid colours each node by the state
//! `flux resource status` would list it under, and the drain table groups
//! drained nodes as `flux resource drain` does (state, reason and time).
//!
//! `flux resource status` may list a node on two lines (drained and
//! torpid); a grid cell has one colour, so a node takes the first of its
//! states in [`NODE_STATES`]' order of precedence.

use super::status::ResourceStatus;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::output_format::FieldValue;
use crate::words::count;
use std::collections::HashMap;

/// The states a node shows, most telling first: a node in several takes
/// the first. Names are the reference's (`exclude`, not `excluded`).
pub const NODE_STATES: [&str; 7] = [
    "exclude",
    "draining",
    "drained",
    "torpid",
    "housekeeping",
    "allocated",
    "avail",
];

/// A node's state as the status listing names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NodeState {
    /// One of [`NODE_STATES`].
    pub name: &'static str,
    /// Whether its broker is up; the listing marks an offline node `*`.
    pub online: bool,
}

impl NodeState {
    /// The state as `flux resource status` prints it: `avail`, `drained*`.
    pub fn label(&self) -> String {
        if self.online {
            self.name.to_string()
        } else {
            format!("{}*", self.name)
        }
    }
}

/// Drained nodes with one reason and time, as a row of the drain table.
#[derive(Clone, Debug, PartialEq)]
pub struct DrainRow {
    /// `drained`, `drained*`, `draining`.
    pub state: String,
    /// The ranks.
    pub ranks: IdSet,
    /// Their hosts.
    pub nodelist: String,
    /// Why they were drained.
    pub reason: String,
    /// When, in seconds since the epoch (`None` when the payload's
    /// timestamp is no number).
    pub timestamp: Option<f64>,
}

impl ResourceStatus {
    /// The state of `rank` (every rank of R has one: `avail` at least).
    pub fn node_state(&self, rank: u32) -> NodeState {
        let name = NODE_STATES
            .iter()
            .find(|s| self.state(s).contains(rank))
            .copied()
            .unwrap_or("avail");
        NodeState {
            name,
            online: self.online.contains(rank),
        }
    }

    /// The drained nodes grouped by state, reason and time, in rank order
    /// of their first node.
    pub fn drain_rows(&self) -> Vec<DrainRow> {
        let mut rows: Vec<(DrainRow, Vec<u32>, Hostlist)> = Vec::new();
        // A reason and time is written once for each entry of the drain
        // map, not for each rank (a replayed year has thousands of both).
        let mut entry_info: Vec<Option<usize>> = Vec::new();
        let mut infos: HashMap<(&str, String), usize> = HashMap::new();
        let mut index: HashMap<(usize, &str, bool), usize> = HashMap::new();
        for rank in self.drained.union(&self.draining).iter() {
            let Some((entry, info)) = self.drain_entry(rank) else {
                continue;
            };
            if entry_info.len() <= entry {
                entry_info.resize(entry + 1, None);
            }
            let next = infos.len();
            let info_id = *entry_info[entry].get_or_insert_with(|| {
                let time = format!("{:?}", info.timestamp);
                *infos.entry((info.reason.as_str(), time)).or_insert(next)
            });
            // The row is what `flux resource drain` lists, so a drained node
            // that is also excluded (or torpid) reads drained here, as it
            // does there, whatever state the grid colours it by.
            let state = NodeState {
                name: match self.draining.contains(rank) {
                    true => "draining",
                    false => "drained",
                },
                online: self.online.contains(rank),
            };
            let key = (info_id, state.name, state.online);
            let at = *index.entry(key).or_insert_with(|| {
                let row = DrainRow {
                    state: state.label(),
                    ranks: IdSet::new(),
                    nodelist: String::new(),
                    reason: info.reason.clone(),
                    timestamp: seconds(&info.timestamp),
                };
                rows.push((row, Vec::new(), Hostlist::new()));
                rows.len() - 1
            });
            let (_, ranks, hl) = &mut rows[at];
            ranks.push(rank);
            if let Some(h) = self.hosts.get(rank as usize) {
                hl.push_host(h);
            }
        }
        rows.into_iter()
            .map(|(mut row, ranks, hl)| {
                row.ranks = IdSet::from_ranges(ranks.into_iter().map(|r| (r, r)));
                row.nodelist = hl.to_string();
                row
            })
            .collect()
    }
}

fn seconds(v: &FieldValue) -> Option<f64> {
    match v {
        FieldValue::Int(i) => Some(*i as f64),
        FieldValue::Float(f) => Some(*f),
        _ => None,
    }
}

/// A time as the drain table shows it, in local time as the reference
/// prints dates: `2020-12-09 20:00`. Written from chrono's fields, not with
/// the format language: the element's bundle has no room for it.
pub fn when(timestamp: f64) -> String {
    use chrono::{Datelike, TimeZone, Timelike};
    let secs = timestamp.floor();
    if !secs.is_finite() || secs.abs() > 1e13 {
        return String::new();
    }
    match chrono::Local.timestamp_opt(secs as i64, 0) {
        chrono::LocalResult::Single(t) | chrono::LocalResult::Ambiguous(t, _) => format!(
            "{:04}-{:02}-{:02} {:02}:{:02}",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute()
        ),
        chrono::LocalResult::None => String::new(),
    }
}

/// How long ago `then` was at `now` (both in seconds since the epoch), in
/// the largest whole unit: `just now`, `5 minutes ago`, `3 days ago`.
pub fn age(then: f64, now: f64) -> String {
    let secs = (now - then).max(0.0);
    let units: [(f64, &str); 4] = [
        (365.0 * 86400.0, "year"),
        (86400.0, "day"),
        (3600.0, "hour"),
        (60.0, "minute"),
    ];
    match units.iter().find(|(len, _)| secs >= *len) {
        Some((len, unit)) => format!("{} ago", count((secs / len).floor() as u64, unit)),
        None => "just now".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(text: &str) -> ResourceStatus {
        ResourceStatus::from_text(text).unwrap()
    }

    const PAYLOAD: &str = r#"{"R": {"version": 1, "execution": {"R_lite":
        [{"rank": "0-5", "children": {"core": "0-3"}}], "nodelist": ["foo[1-6]"],
        "starttime": 0, "expiration": 0}},
        "online": "0-2,4-5", "offline": "3", "exclude": "5", "torpid": "2",
        "drain": {"0,3": {"timestamp": 1607544031.5, "reason": "bad node"},
                  "2": {"timestamp": "soon", "reason": "hot"}}}"#;

    #[test]
    fn each_node_takes_its_most_telling_state() {
        let s = status(PAYLOAD);
        let labels: Vec<String> = (0..6).map(|r| s.node_state(r).label()).collect();
        assert_eq!(
            labels,
            ["drained", "avail", "drained", "drained*", "avail", "exclude"]
        );
    }

    #[test]
    fn drained_nodes_group_by_state_reason_and_time() {
        let rows = status(PAYLOAD).drain_rows();
        let got: Vec<(String, String, String, String, Option<f64>)> = rows
            .into_iter()
            .map(|r| {
                let ranks = r.ranks.to_string();
                (r.state, ranks, r.nodelist, r.reason, r.timestamp)
            })
            .collect();
        assert_eq!(
            got,
            [
                (
                    "drained".into(),
                    "0".into(),
                    "foo1".into(),
                    "bad node".into(),
                    Some(1607544031.5)
                ),
                (
                    "drained".into(),
                    "2".into(),
                    "foo3".into(),
                    "hot".into(),
                    None
                ),
                (
                    "drained*".into(),
                    "3".into(),
                    "foo4".into(),
                    "bad node".into(),
                    Some(1607544031.5)
                ),
            ]
        );
    }

    #[test]
    fn a_drained_node_that_is_excluded_reads_drained_as_flux_resource_drain_lists_it() {
        // flux-core's t/flux-resource/status/example.json: foo1 is drained
        // and excluded, foo2 drained and offline.
        let text = include_str!("../../../../../tests/fixtures/flux-resource/status/example.json");
        let s = status(text);
        assert_eq!(s.node_state(0).label(), "exclude", "the grid's one colour");
        let rows: Vec<(String, String)> = (s.drain_rows().into_iter())
            .map(|r| (r.state, r.nodelist))
            .collect();
        assert_eq!(
            rows,
            [
                ("drained".to_string(), "foo1".to_string()),
                ("drained*".into(), "foo2".into())
            ]
        );
        let opts = super::super::StatusOptions {
            format: "{state:<8} {nodelist}".into(),
            states: Some("drain".into()),
            skip_empty: true,
            drain_listing: true,
            ..Default::default()
        };
        let printed = super::super::status(text, &opts).stdout;
        assert_eq!(printed, "STATE    NODELIST\ndrained  foo1\ndrained* foo2\n");
    }

    #[test]
    fn the_pages_status_from_its_own_set_agrees_with_the_clis() {
        let root = crate::json::parse(PAYLOAD).unwrap();
        let obj = root.as_object().unwrap();
        let set = super::super::check::read_status(PAYLOAD, &root)
            .rset
            .unwrap();
        let page = ResourceStatus::of_set(PAYLOAD, obj, &set).unwrap();
        let cli = status(PAYLOAD);
        let states = |s: &ResourceStatus| -> Vec<NodeState> {
            s.all.iter().map(|r| s.node_state(r)).collect()
        };
        assert_eq!(states(&page), states(&cli));
        assert_eq!(page.drain_rows(), cli.drain_rows());
        assert_eq!(page.all.to_string(), "0-5");
    }

    #[test]
    fn times_are_local_dates_to_the_minute() {
        // The zone output_format's tests pin for the whole test process.
        std::env::set_var("TZ", "EST5EDT,M3.2.0,M11.1.0");
        assert_eq!(when(1607544031.9), "2020-12-09 15:00");
        assert_eq!(when(f64::NAN), "");
        assert_eq!(when(1e300), "");
    }

    #[test]
    fn ages_are_in_the_largest_whole_unit() {
        let day = 86400.0;
        assert_eq!(age(100.0, 130.0), "just now");
        assert_eq!(age(0.0, 60.0), "1 minute ago");
        assert_eq!(age(0.0, 3.0 * 3600.0 + 5.0), "3 hours ago");
        assert_eq!(age(0.0, 2.5 * day), "2 days ago");
        assert_eq!(age(0.0, 800.0 * day), "2 years ago");
        assert_eq!(age(10.0, 0.0), "just now");
    }
}
