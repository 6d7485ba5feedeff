//! The grid of a `resource.status` payload: each node coloured by its
//! state as `flux resource status` names it (a categorical
//! [`Overlay`] of whole nodes, with a legend that counts them and a
//! tooltip that gives a drained node's reason and age), and the drain
//! table beside it, sortable by any column.

use super::overlay::Overlay;
use super::{DOTTED, STRIPED};
use crate::idset::IdSet;
use crate::resource::nodes::{age, when, NodeState, NODE_STATES};
use crate::resource::status::VALID_STATES;
use crate::resource::ResourceStatus;
use crate::sorting;
use crate::words::count;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// A state's colour and marks: an [`Overlay`] category, so that each
/// state keeps its colour from one payload to the next. A drained or
/// draining node is also striped, and an offline one dotted
/// ([`STRIPED`], [`DOTTED`]), so that no state rests on colour alone; an
/// offline avail or drained node has a colour of its own too.
fn category(state: &NodeState) -> u8 {
    let colour = match state.name {
        "allocated" => 0,
        "avail" if !state.online => 1,
        "avail" => 2,
        "drained" if !state.online => 6,
        "drained" => 3,
        "draining" => 4,
        "torpid" => 5,
        _ => 7,
    };
    let striped = match state.name {
        "drained" | "draining" => STRIPED,
        _ => 0,
    };
    colour + striped + if state.online { 0 } else { DOTTED }
}

/// One row of the drain table, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrainView {
    /// `drained`, `drained*`, `draining`.
    pub state: String,
    /// The ranks, as an RFC 22 id set.
    pub ranks: String,
    /// How many nodes.
    pub nnodes: u64,
    /// Their hosts, as an RFC 29 host list.
    pub nodelist: String,
    /// Why they were drained.
    pub reason: String,
    /// When, in local time (empty when the payload's time is no number).
    pub when: String,
    /// How long ago, when the table was made.
    pub age: String,
    /// When, in seconds since the epoch, for sorting.
    pub timestamp: Option<f64>,
}

/// The columns the drain table sorts by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrainSort {
    /// When the nodes were drained.
    Time,
    /// The state (`drained`, `drained*`).
    State,
    /// How many nodes.
    Nodes,
    /// The first rank.
    Ranks,
    /// The reason.
    Reason,
}

impl DrainSort {
    /// Every column, in the table's order.
    pub const ALL: [DrainSort; 5] = [
        DrainSort::Time,
        DrainSort::State,
        DrainSort::Nodes,
        DrainSort::Ranks,
        DrainSort::Reason,
    ];

    /// The column's heading.
    pub fn heading(self) -> &'static str {
        match self {
            DrainSort::Time => "Time",
            DrainSort::State => "State",
            DrainSort::Nodes => "Nodes",
            DrainSort::Ranks => "Ranks",
            DrainSort::Reason => "Reason",
        }
    }
}

/// A resource.status payload's nodes as the grid colours them, and its
/// drain table.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NodeStates {
    /// Each node in its state's category; excluded nodes are the rest.
    pub overlay: Overlay,
    /// The drain table, oldest first (shared with the page's table: a
    /// replayed moment may have thousands of rows).
    pub drains: Rc<Vec<DrainView>>,
    /// Each state `flux resource status -s` takes that some node is in,
    /// in the order `-s help` lists them, with its ranks (an RFC 22 id
    /// set): what the state filter offers.
    #[serde(default)]
    #[cfg_attr(not(feature = "page"), serde(skip))]
    pub by_state: Vec<(String, String)>,
}

impl NodeStates {
    /// The states of `status`'s nodes, with drain ages as of `now`
    /// (seconds since the epoch).
    pub fn of(status: &ResourceStatus, now: f64) -> NodeStates {
        let mut groups: Vec<(NodeState, Vec<u32>)> = Vec::new();
        for rank in status.all.iter() {
            let state = status.node_state(rank);
            match groups.iter_mut().find(|(s, _)| *s == state) {
                Some((_, ranks)) => ranks.push(rank),
                None => groups.push((state, vec![rank])),
            }
        }
        sorting::sort_by_key(&mut groups, |(s, _)| (legend_place(s.name), !s.online));
        let excluded: u64 = groups
            .iter()
            .filter(|(s, _)| s.name == "exclude")
            .map(|(_, r)| r.len() as u64)
            .sum();
        let rest = (excluded > 0).then(|| format!("exclude: {}", count(excluded, "node")));
        let mut overlay = Overlay::new(rest.as_deref()).of_states();
        for (state, ranks) in groups {
            let ids = IdSet::from_ranges(ranks.iter().map(|&r| (r, r)));
            if state.name == "exclude" {
                overlay.note(ids, "excluded by the configuration".into());
                continue;
            }
            let label = state.label();
            let offline = if state.online { "" } else { " (offline)" };
            let legend = format!("{label}{offline}: {}", count(ranks.len(), "node"));
            overlay.add_nodes(
                u32::from(category(&state)),
                legend,
                format!("{label}{offline}"),
                ids,
            );
        }
        let mut drains: Vec<DrainView> = status
            .drain_rows()
            .into_iter()
            .map(|row| {
                let note = match row.timestamp {
                    Some(t) => format!("drained {}: {}", age(t, now), row.reason),
                    None => format!("drained: {}", row.reason),
                };
                overlay.note(row.ranks.clone(), note);
                DrainView {
                    state: row.state,
                    nnodes: row.ranks.len(),
                    ranks: row.ranks.to_string(),
                    nodelist: row.nodelist,
                    reason: row.reason,
                    when: row.timestamp.map(when).unwrap_or_default(),
                    age: row.timestamp.map(|t| age(t, now)).unwrap_or_default(),
                    timestamp: row.timestamp,
                }
            })
            .collect();
        sort_drains(&mut drains, DrainSort::Time, false);
        NodeStates {
            overlay,
            drains: Rc::new(drains),
            // The page's state filter; the element, at its size budget, has none.
            by_state: match cfg!(feature = "page") {
                true => by_state(status),
                false => Vec::new(),
            },
        }
    }

    /// The state filter's choices: each state's name and, in words, how
    /// many nodes are in it (`offline: 2 nodes`).
    pub fn state_choices(&self) -> Vec<(String, String)> {
        (self.by_state.iter())
            .map(|(name, ranks)| {
                let n = IdSet::decode(ranks).map_or(0, |r| r.len());
                (name.clone(), format!("{name}: {}", count(n, "node")))
            })
            .collect()
    }

    /// The ranks in state `name`, if some node is in it.
    pub fn ranks_in(&self, name: &str) -> Option<IdSet> {
        let (_, ranks) = self.by_state.iter().find(|(n, _)| n == name)?;
        IdSet::decode(ranks).ok()
    }
}

/// The ranks of each state `flux resource status -s` takes (`all` aside),
/// as it reads them alone: `drain` is drained and draining, and `torpid`
/// keeps a torpid node that is drained too.
fn by_state(status: &ResourceStatus) -> Vec<(String, String)> {
    let drain = status.state("drained").union(status.state("draining"));
    (VALID_STATES.iter().filter(|s| **s != "all"))
        .map(|&name| {
            let ranks = match name {
                "drain" => drain.clone(),
                _ => status.state(name).clone(),
            };
            (name.to_string(), ranks)
        })
        .filter(|(_, ranks)| !ranks.is_empty())
        .map(|(name, ranks)| (name, ranks.to_string()))
        .collect()
}

/// The states `flux resource list -s` names, in its order.
const SET_STATE_NAMES: [&str; 3] = ["free", "allocated", "down"];

impl super::Grid {
    /// The state filter's choices, each a state and in words how many
    /// nodes are in it: a `resource.status` payload's node states
    /// ([`NodeStates::state_choices`]), else, for a grid with free,
    /// allocated and down resources (a `flux resource list` payload's),
    /// those three as `flux resource list -s` names them, a node being in
    /// each where one of its resources is.
    pub fn state_choices(&self) -> Vec<(String, String)> {
        if let Some(states) = self.node_states() {
            return states.state_choices();
        }
        (SET_STATE_NAMES.iter())
            .filter_map(|&name| {
                let n = self.ranks_in_state(name)?.len();
                Some((name.to_string(), format!("{name}: {}", count(n, "node"))))
            })
            .collect()
    }

    /// The ranks of the nodes in state `name`, if some node is in it.
    fn ranks_in_state(&self, name: &str) -> Option<IdSet> {
        if let Some(states) = self.node_states() {
            return states.ranks_in(name);
        }
        let which = SET_STATE_NAMES.iter().position(|s| *s == name)?;
        let states = self.states.as_ref()?;
        let ranks = (self.rows.iter().zip(states))
            .filter(|(row, per)| {
                per.iter().zip(&row.children).any(|((alloc, down), have)| {
                    let down = have.intersection(down);
                    let alloc = have.intersection(alloc).difference(&down);
                    match which {
                        0 => have.len() > down.len() + alloc.len(),
                        1 => !alloc.is_empty(),
                        _ => !down.is_empty(),
                    }
                })
            })
            .map(|(row, _)| (row.rank, row.rank));
        Some(IdSet::from_ranges(ranks)).filter(|r| !r.is_empty())
    }

    /// What the state filter outlines for state `name`: its ranks, and in
    /// words which nodes they are (`offline: 2 nodes, tioga[10,15] (ranks
    /// 9,14), outlined on the grid`); none when the grid has no states or
    /// no node is in it.
    pub fn state_filter(&self, name: &str) -> Option<(IdSet, String)> {
        let ranks = self.ranks_in_state(name)?;
        let mut hosts = crate::hostlist::Hostlist::new();
        let named = (0..self.rows())
            .filter(|&row| self.rank(row).is_some_and(|r| ranks.contains(r)))
            .all(|row| self.host(row).map(|h| hosts.push_host(h)).is_some());
        let nodes = count(ranks.len(), "node");
        let words = match named {
            true => format!("{name}: {nodes}, {hosts} (ranks {ranks}), outlined on the grid"),
            false => format!("{name}: {nodes}, ranks {ranks}, outlined on the grid"),
        };
        Some((ranks, words))
    }

    /// The same grid with only the nodes `ranks` holds, as the state
    /// filter shows them when the others are hidden: the columns, the
    /// colourings and each node's rows stay as they were, so a node reads
    /// the same with the others shown or not.
    pub fn only_ranks(&self, ranks: &IdSet) -> super::Grid {
        let keep: Vec<bool> = self.rows.iter().map(|r| ranks.contains(r.rank)).collect();
        let kept = |i: &usize| keep[*i];
        super::Grid {
            rows: std::rc::Rc::new(
                (0..self.rows.len())
                    .filter(kept)
                    .map(|i| self.rows[i].clone())
                    .collect(),
            ),
            states: (self.states.as_ref()).map(|per_row| {
                (0..per_row.len())
                    .filter(kept)
                    .map(|i| per_row[i].clone())
                    .collect()
            }),
            columns: self.columns.clone(),
            width: self.width,
            #[cfg(feature = "page")]
            jobs: self.jobs.clone(),
            #[cfg(feature = "page")]
            job_history: self.job_history.clone(),
            clipped: self.clipped,
            partial: self.partial,
            node_states: self.node_states.clone(),
        }
    }
}

/// The drain table as a user leaves it: the column it is sorted by, which
/// way, and the row whose nodes the grid outlines. Changed only by
/// [`DrainTable::apply`], which the page runs as a reducer.
#[derive(Clone, Debug, PartialEq)]
pub struct DrainTable {
    /// The rows, in the order shown (the node states' own until sorted
    /// otherwise).
    pub rows: Rc<Vec<DrainView>>,
    /// The column sorted by.
    pub sort: DrainSort,
    /// Whether the sort is descending.
    pub descending: bool,
    /// The ranks of the row whose nodes are outlined.
    pub outlined: Option<String>,
    /// How many rows are drawn: a payload may drain hundreds of nodes
    /// one by one, and drawing every row at once held the page for
    /// 227 ms.
    pub shown: usize,
    /// The state filter's ranks: only rows with a node among them are
    /// drawn.
    pub only: Option<IdSet>,
}

/// The drain table's rows drawn at first, and added by each "show more".
pub const DRAIN_ROWS_SHOWN: usize = 50;

/// What a user does to the drain table.
#[derive(Clone, Debug, PartialEq)]
pub enum DrainAction {
    /// Sort by a column; sorting by the same column again reverses it.
    Sort(DrainSort),
    /// Outline a row's nodes (by its ranks); choosing it again clears it.
    Outline(String),
    /// Draw [`DRAIN_ROWS_SHOWN`] more rows.
    ShowMore,
    /// Draw only the rows with a node among these ranks (the state
    /// filter's), or every row.
    Only(Option<IdSet>),
    /// The rows of another moment of the same system (a step of a
    /// timeline's slider): sorted as before, as many drawn, the filter
    /// kept, the outline cleared (the grid drops it). Drawing a new table
    /// at each step rebuilt its every row: a step's layout then touched
    /// 912 objects. (A moment with no drained node has no table: the next
    /// one with some starts a new one.)
    Rows(Rc<Vec<DrainView>>),
}

impl DrainTable {
    /// The table of `rows`, oldest first.
    pub fn new(rows: &Rc<Vec<DrainView>>) -> DrainTable {
        let mut rows = rows.clone();
        let oldest_first = |w: &[DrainView]| w[0].timestamp <= w[1].timestamp;
        if !rows.windows(2).all(oldest_first) {
            sort_drains(Rc::<Vec<_>>::make_mut(&mut rows), DrainSort::Time, false);
        }
        DrainTable {
            rows,
            sort: DrainSort::Time,
            descending: false,
            outlined: None,
            shown: DRAIN_ROWS_SHOWN,
            only: None,
        }
    }

    /// The table after `action`.
    pub fn apply(mut self, action: DrainAction) -> DrainTable {
        match action {
            DrainAction::Sort(by) => {
                self.descending = by == self.sort && !self.descending;
                self.sort = by;
                sort_drains(Rc::<Vec<_>>::make_mut(&mut self.rows), by, self.descending);
            }
            DrainAction::Outline(ranks) => {
                let again = self.outlined.as_deref() == Some(ranks.as_str());
                self.outlined = (!again).then_some(ranks);
            }
            DrainAction::ShowMore => {
                self.shown = (self.shown + DRAIN_ROWS_SHOWN).min(self.rows.len());
            }
            DrainAction::Only(only) => {
                self.only = only;
                self.shown = DRAIN_ROWS_SHOWN;
            }
            DrainAction::Rows(rows) => {
                let (sort, descending) = (self.sort, self.descending);
                let mut next = DrainTable::new(&rows);
                if (sort, descending) != (DrainSort::Time, false) {
                    sort_drains(Rc::<Vec<_>>::make_mut(&mut next.rows), sort, descending);
                }
                self = DrainTable {
                    sort,
                    descending,
                    shown: self.shown,
                    only: self.only,
                    ..next
                };
            }
        }
        self
    }

    /// The rows the state filter keeps, in order.
    fn kept(&self) -> impl Iterator<Item = &DrainView> {
        let keep = |r: &&DrainView| match &self.only {
            None => true,
            Some(only) => IdSet::decode(&r.ranks).is_ok_and(|ids| ids.intersects(only)),
        };
        self.rows.iter().filter(keep)
    }

    /// The rows drawn, in order.
    pub fn visible(&self) -> Vec<&DrainView> {
        self.kept().take(self.shown).collect()
    }

    /// How many rows the state filter keeps.
    pub fn kept_len(&self) -> usize {
        self.kept().count()
    }

    /// How many rows are not drawn yet.
    pub fn hidden(&self) -> usize {
        self.kept_len().saturating_sub(self.shown)
    }

    /// The `aria-sort` value of column `by`.
    pub fn aria_sort(&self, by: DrainSort) -> &'static str {
        match (by == self.sort, self.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        }
    }
}

/// Where a state comes in the legend: available first, excluded last.
fn legend_place(name: &str) -> usize {
    NODE_STATES.len() - NODE_STATES.iter().position(|s| *s == name).unwrap_or(0)
}

/// Sort the drain table by `by`, ascending or `descending`; rows that tie
/// keep rank order.
pub fn sort_drains(rows: &mut [DrainView], by: DrainSort, descending: bool) {
    let first_rank = |r: &DrainView| IdSet::decode(&r.ranks).ok().and_then(|s| s.first());
    sorting::sort_by(rows, |a, b| {
        let order = match by {
            DrainSort::Time => a
                .timestamp
                .unwrap_or(f64::INFINITY)
                .total_cmp(&b.timestamp.unwrap_or(f64::INFINITY)),
            DrainSort::State => a.state.cmp(&b.state),
            DrainSort::Nodes => a.nnodes.cmp(&b.nnodes),
            DrainSort::Ranks => first_rank(a).cmp(&first_rank(b)),
            DrainSort::Reason => a.reason.cmp(&b.reason),
        };
        let order = if descending { order.reverse() } else { order };
        order.then_with(|| first_rank(a).cmp(&first_rank(b)))
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::legend;
    use crate::grid::{ColorBy, Grid, Paint};

    const PAYLOAD: &str = r#"{"R": {"version": 1, "execution": {"R_lite":
        [{"rank": "0-5", "children": {"core": "0-1"}}], "nodelist": ["foo[1-6]"],
        "starttime": 0, "expiration": 0}},
        "online": "0-2,4-5", "offline": "3", "exclude": "5", "torpid": "",
        "drain": {"0,3": {"timestamp": 1000, "reason": "bad node"},
                  "2": {"timestamp": 500, "reason": "hot"}}}"#;

    fn states() -> NodeStates {
        let status = ResourceStatus::from_text(PAYLOAD).unwrap();
        NodeStates::of(&status, 1000.0 + 3.0 * 86400.0)
    }

    fn grid() -> Grid {
        let v: serde_json::Value = serde_json::from_str(PAYLOAD).unwrap();
        let set = crate::rset::load(&v["R"].to_string()).unwrap();
        Grid::new(&set, None, None)
    }

    // The filter's states are the page's only (`cfg!(feature = "page")`).
    #[cfg(feature = "page")]
    #[test]
    fn the_state_filter_offers_the_states_flux_resource_status_takes() {
        let s = states();
        let choices: Vec<String> = s.state_choices().into_iter().map(|(_, w)| w).collect();
        assert_eq!(
            choices,
            [
                "online: 5 nodes",
                "avail: 2 nodes",
                "offline: 1 node",
                "exclude: 1 node",
                "drain: 3 nodes",
                "drained: 3 nodes"
            ]
        );
        let g = grid().with_node_states(s);
        let (ranks, words) = g.state_filter("drain").unwrap();
        assert_eq!(ranks.to_string(), "0,2-3");
        assert_eq!(
            words,
            "drain: 3 nodes, foo[1,3-4] (ranks 0,2-3), outlined on the grid"
        );
        assert_eq!(g.state_filter("torpid"), None);
        assert_eq!(grid().state_filter("drain"), None);
    }

    #[test]
    fn the_state_filter_of_a_list_payload_offers_free_allocated_and_down() {
        let set = crate::rset::load(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0-1"}}],
                "nodelist": ["n[0-2]"], "starttime": 0, "expiration": 0}}"#,
        )
        .unwrap();
        let ids = |s: &str| IdSet::decode(s).unwrap();
        let g = Grid::new(&set, None, None).with_states(|rank, _| match rank {
            0 => (ids("0"), ids("")),
            1 => (ids(""), ids("0-1")),
            _ => (ids(""), ids("")),
        });
        let choices: Vec<String> = g.state_choices().into_iter().map(|(_, w)| w).collect();
        assert_eq!(
            choices,
            ["free: 2 nodes", "allocated: 1 node", "down: 1 node"]
        );
        let (ranks, words) = g.state_filter("free").unwrap();
        assert_eq!(ranks.to_string(), "0,2");
        assert_eq!(
            words,
            "free: 2 nodes, n[0,2] (ranks 0,2), outlined on the grid"
        );
        assert_eq!(grid().state_choices(), []);
        // With the others hidden, the grid has the free nodes alone, each
        // with its states.
        let only = g.only_ranks(&ranks);
        let labels: Vec<String> = (0..only.rows()).map(|r| only.label(r)).collect();
        assert_eq!(labels, ["n0 (0)", "n2 (2)"]);
        let choices: Vec<String> = only.state_choices().into_iter().map(|(_, w)| w).collect();
        assert_eq!(choices, ["free: 2 nodes", "allocated: 1 node"]);
        assert_eq!(only.width(), g.width());
    }

    #[test]
    fn the_drain_table_keeps_the_rows_of_the_filtered_nodes() {
        let t = DrainTable::new(&states().drains);
        let only = |ranks: &str| DrainAction::Only(Some(IdSet::decode(ranks).unwrap()));
        let kept = |t: &DrainTable| {
            t.visible()
                .iter()
                .map(|r| r.ranks.clone())
                .collect::<Vec<_>>()
        };
        let offline = t.clone().apply(only("3"));
        assert_eq!(
            (kept(&offline), offline.kept_len(), offline.hidden()),
            (vec!["3".to_string()], 1, 0)
        );
        assert_eq!(t.clone().apply(only("1")).kept_len(), 0);
        let back = offline.apply(DrainAction::Only(None));
        assert_eq!(kept(&back), ["2", "0", "3"]);
    }

    #[test]
    fn the_legend_counts_nodes_by_state_and_names_excluded_ones_last() {
        let by = ColorBy::Overlay(states().overlay);
        let got = legend(&grid(), &by);
        let want: Vec<(String, Paint)> = vec![
            ("avail: 2 nodes".into(), Paint::State(2)),
            ("drained: 2 nodes".into(), Paint::State(3 + STRIPED)),
            (
                "drained* (offline): 1 node".into(),
                Paint::State(6 + STRIPED + DOTTED),
            ),
            ("exclude: 1 node".into(), Paint::State(crate::grid::CROSSED)),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_drained_nodes_tooltip_gives_its_reason_and_age() {
        let by = ColorBy::Overlay(states().overlay);
        let g = grid();
        let map = crate::grid::RowMap::each(g.rows());
        let tip = |row| {
            crate::grid::text::describe(&g, &map, &by, false, (row, 0))
                .unwrap()
                .0
        };
        assert_eq!(
            tip(3),
            "foo4 rank 3 — core 0 — drained* (offline) — drained 3 days ago: bad node"
        );
        assert_eq!(tip(1), "foo2 rank 1 — core 0 — avail");
        assert_eq!(
            tip(5),
            "foo6 rank 5 — core 0 — excluded by the configuration"
        );
    }

    #[test]
    fn the_drain_table_sorts_again_in_reverse_and_outlines_a_row_until_chosen_again() {
        let t = DrainTable::new(&states().drains);
        let order = |t: &DrainTable| t.rows.iter().map(|r| r.ranks.clone()).collect::<Vec<_>>();
        assert_eq!(
            (order(&t), t.aria_sort(DrainSort::Time)),
            (vec!["2".to_string(), "0".into(), "3".into()], "ascending")
        );
        let t = t.apply(DrainAction::Sort(DrainSort::Time));
        assert_eq!(
            (order(&t), t.aria_sort(DrainSort::Time)),
            (vec!["0".to_string(), "3".into(), "2".into()], "descending")
        );
        let t = t.apply(DrainAction::Sort(DrainSort::Reason));
        assert_eq!(
            (t.aria_sort(DrainSort::Reason), t.aria_sort(DrainSort::Time)),
            ("ascending", "none")
        );
        let t = t.apply(DrainAction::Outline("3".into()));
        assert_eq!(t.outlined.as_deref(), Some("3"));
        let t = t.apply(DrainAction::Outline("3".into()));
        assert_eq!(t.outlined, None);
        assert_eq!((t.visible().len(), t.hidden()), (3, 0));
        let cells = grid().whole_nodes(&IdSet::decode("0,3").unwrap());
        assert_eq!(
            (cells.ranks.to_string(), cells.children),
            (
                "0,3".to_string(),
                vec![("core".to_string(), IdSet::decode("0-1").unwrap())]
            )
        );
    }

    #[test]
    fn a_nodes_state_is_in_its_tooltip_whatever_the_grid_is_coloured_by() {
        let g = grid().with_node_states(states());
        let map = crate::grid::RowMap::each(g.rows());
        let mut queues = crate::grid::overlay::Overlay::new(None);
        queues.add_nodes(
            0,
            "batch: 6 nodes".into(),
            "queue batch".into(),
            IdSet::decode("0-5").unwrap(),
        );
        let tip = |by: &ColorBy, row| {
            crate::grid::text::describe(&g, &map, by, false, (row, 0))
                .unwrap()
                .0
        };
        assert_eq!(
            tip(&ColorBy::Overlay(queues.clone()), 3),
            "foo4 rank 3 — core 0 — drained* (offline) — drained 3 days ago: bad node — queue batch"
        );
        assert_eq!(tip(&ColorBy::Type, 1), "foo2 rank 1 — core 0 — avail");
        assert_eq!(
            tip(&ColorBy::Overlay(states().overlay), 3),
            "foo4 rank 3 — core 0 — drained* (offline) — drained 3 days ago: bad node",
            "said once when coloured by those states"
        );
        let mut noted = states().overlay;
        noted.note(IdSet::decode("3").unwrap(), "queue batch".into());
        assert_eq!(
            tip(&ColorBy::Overlay(noted), 3),
            "foo4 rank 3 — core 0 — drained* (offline) — drained 3 days ago: bad node — queue batch",
            "and once when the queues are noted on those states"
        );
    }

    #[test]
    fn an_explanation_is_told_what_the_states_say_of_its_nodes() {
        let g = grid().with_node_states(states());
        let about =
            |ranks: &str| crate::grid::text::states_about(&g, &IdSet::decode(ranks).unwrap());
        assert_eq!(
            about("3"),
            [
                "drained* (offline): rank 3",
                "rank 3: drained 3 days ago: bad node"
            ]
        );
        assert_eq!(
            about("0-5"),
            [
                "avail: ranks 1,4",
                "drained: ranks 0,2",
                "drained* (offline): rank 3",
                "rank 5: excluded by the configuration",
                "rank 0: drained 3 days ago: bad node",
                "and 2 more"
            ],
            "the drains of rank 3 and 2 are past the card's six lines"
        );
        let set = crate::rset::load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1", "gpu": "0"}}]}}"#).unwrap();
        let busy = crate::rset::load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#).unwrap();
        let listed = Grid::new(&set, Some(&busy), None);
        let about =
            |ranks: &str| crate::grid::text::states_about(&listed, &IdSet::decode(ranks).unwrap());
        assert_eq!(about("0"), ["free: 1 core, 1 GPU", "allocated: 1 core"]);
        assert_eq!(about("1"), ["free: 2 cores, 1 GPU"]);
        assert!(crate::grid::text::states_about(&grid(), &IdSet::decode("0").unwrap()).is_empty());
    }

    #[test]
    fn a_moment_s_rows_keep_the_table_s_sort_pages_and_filter_and_drop_its_outline() {
        let row = states().drains[0].clone();
        let rows = |n: u32| -> Rc<Vec<DrainView>> {
            let rows = (0..n).map(|i| DrainView {
                ranks: i.to_string(),
                timestamp: Some(f64::from(i)),
                ..row.clone()
            });
            Rc::new(rows.collect())
        };
        let only = Some(IdSet::decode("0-99").unwrap());
        let t = (DrainTable::new(&rows(120)))
            .apply(DrainAction::Sort(DrainSort::Time))
            .apply(DrainAction::Only(only.clone()))
            .apply(DrainAction::ShowMore)
            .apply(DrainAction::Outline("7".into()));
        let t = t.apply(DrainAction::Rows(rows(80)));
        assert_eq!(
            (t.sort, t.descending, &t.only),
            (DrainSort::Time, true, &only)
        );
        assert_eq!((t.visible().len(), t.hidden(), &t.outlined), (80, 0, &None));
        assert_eq!(t.visible()[0].ranks, "79", "newest first, as sorted");
        let fresh = DrainTable::new(&rows(80)).apply(DrainAction::Rows(rows(3)));
        assert_eq!(fresh.visible()[0].ranks, "0", "oldest first, as at first");
    }

    #[test]
    fn a_long_drain_table_draws_its_rows_a_page_at_a_time() {
        let row = states().drains[0].clone();
        let rows: Vec<DrainView> = (0..120)
            .map(|i| DrainView {
                ranks: i.to_string(),
                ..row.clone()
            })
            .collect();
        let t = DrainTable::new(&Rc::new(rows));
        assert_eq!((t.visible().len(), t.hidden()), (50, 70));
        let t = t.apply(DrainAction::ShowMore).apply(DrainAction::ShowMore);
        assert_eq!((t.visible().len(), t.hidden()), (120, 0));
        assert_eq!(t.visible()[119].ranks, "119");
    }

    #[test]
    fn the_drain_table_sorts_by_each_column() {
        let mut rows = states().drains.to_vec();
        let order = |rows: &[DrainView]| rows.iter().map(|r| r.ranks.clone()).collect::<Vec<_>>();
        assert_eq!(order(&rows), ["2", "0", "3"]);
        assert_eq!(
            (rows[0].age.as_str(), rows[0].reason.as_str()),
            ("3 days ago", "hot")
        );
        sort_drains(&mut rows, DrainSort::State, true);
        assert_eq!(order(&rows), ["3", "0", "2"]);
        sort_drains(&mut rows, DrainSort::Reason, false);
        assert_eq!(order(&rows), ["0", "3", "2"]);
        sort_drains(&mut rows, DrainSort::Ranks, true);
        assert_eq!(order(&rows), ["3", "2", "0"]);
    }
}
