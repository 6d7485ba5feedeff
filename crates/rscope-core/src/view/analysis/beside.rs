//! What the other documents of a tab's system say of its nodes, for its
//! grid: the node states and drain reasons of a `flux resource status`
//! payload, the allocated and down resources of a `flux resource list`
//! payload, and the running jobs of a job list ([`crate::grid::jobs`]),
//! added beside an R (or a graph, or another payload).
//! Read in the analysis worker, crossing as postcard bytes ([`Beside`]),
//! laid on the tab's grid by the page ([`Beside::lay`]): the grid then
//! colours by state and lists the drained nodes, or colours free,
//! allocated and down, as the payload's own tab does. Ranks are the
//! system's, so what a payload says lands on the rows of the same ranks.

use super::*;
use serde::{Deserialize, Serialize};

/// What the documents added to a tab's system say of its nodes.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Beside {
    /// The node states of the first `resource.status` payload among them.
    pub states: Option<NodeStates>,
    /// The allocated and down resources of the first list payload (or
    /// status document) among them that has either.
    pub sets: Option<RankSets>,
    /// The running jobs of the first job list among them that has any,
    /// shared with each grid they are laid on (a list's 10 000 running
    /// jobs on 16 384 nodes are a quarter of a million pieces).
    #[cfg(feature = "page")]
    pub jobs: Option<std::rc::Rc<crate::grid::jobs::JobsOnGrid>>,
    /// Every job of that list that ran, when asked for a timeline
    /// ([`beside`]'s `past`).
    #[cfg(feature = "page")]
    pub history: Option<std::rc::Rc<crate::grid::jobs::JobHistory>>,
}

/// Allocated and down ids by rank and child type, sorted: a list
/// payload's `allocated` and `down` sets as they cross to the page.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RankSets(Vec<((u32, String), (IdSet, IdSet))>);

impl RankSets {
    /// The ids of `allocated` and `down` by rank and type.
    pub fn of(allocated: Option<&Rset>, down: Option<&Rset>) -> RankSets {
        let mut by = std::collections::BTreeMap::<(u32, String), (IdSet, IdSet)>::new();
        for (which, set) in [(0, allocated), (1, down)] {
            let Some(set) = set else { continue };
            let types = set.child_types();
            for node in set.nodes_by_rank() {
                for t in &types {
                    if let Some(ids) = node.child(t) {
                        let both = by.entry((node.rank(), t.clone())).or_default();
                        *(if which == 0 { &mut both.0 } else { &mut both.1 }) = ids.clone();
                    }
                }
            }
        }
        RankSets(by.into_iter().collect())
    }

    /// The allocated and down ids of type `kind` on rank `rank`.
    pub fn ids(&self, rank: u32, kind: &str) -> (IdSet, IdSet) {
        let at = (self.0).binary_search_by(|((r, k), _)| (*r, k.as_str()).cmp(&(rank, kind)));
        at.map(|i| self.0[i].1.clone()).unwrap_or_default()
    }
}

impl Beside {
    /// `grid` with what this says of its nodes, where the grid's own
    /// document says nothing of them: node states on a grid without any,
    /// free, allocated and down on a grid without states.
    pub fn lay(&self, grid: &Grid) -> Option<Grid> {
        let states = self
            .states
            .as_ref()
            .filter(|_| grid.node_states().is_none());
        let sets = self.sets.as_ref().filter(|_| !grid.has_states());
        #[cfg(feature = "page")]
        let jobs = self.jobs.as_ref().filter(|_| grid.jobs().is_none());
        #[cfg(feature = "page")]
        let history = self.history.as_ref().filter(|_| grid.jobs().is_none());
        #[cfg(not(feature = "page"))]
        let (jobs, history): (Option<()>, Option<()>) = (None, None);
        if states.is_none() && sets.is_none() && jobs.is_none() && history.is_none() {
            return None;
        }
        let mut laid = grid.clone();
        #[cfg(feature = "page")]
        if let Some(jobs) = jobs {
            laid = laid.with_jobs(jobs.clone());
        }
        #[cfg(feature = "page")]
        if let Some(history) = history {
            laid = laid.with_job_history(history.clone());
        }
        if let Some(sets) = sets {
            laid = laid.with_states(|rank, kind| sets.ids(rank, kind));
        }
        if let Some(states) = states {
            laid =
                laid.with_node_states(hosts_from(states, grid).unwrap_or_else(|| states.clone()));
        }
        Some(laid)
    }
}

/// `states` with the grid's host names in drain rows that have none: a
/// resource eventlog before flux-core 0.62 names no host, and the R beside
/// it does. `None` when every row names its hosts: then nothing is copied
/// (the timeline lays a moment's states at each step of its slider).
pub(super) fn hosts_from(states: &NodeStates, grid: &Grid) -> Option<NodeStates> {
    if states.drains.iter().all(|d| !d.nodelist.is_empty()) {
        return None;
    }
    let mut states = states.clone();
    let drains = std::rc::Rc::make_mut(&mut states.drains);
    for row in drains.iter_mut().filter(|d| d.nodelist.is_empty()) {
        let Ok(ranks) = IdSet::decode(&row.ranks) else {
            continue;
        };
        let hosts: Option<Vec<String>> = (ranks.iter())
            .map(|r| {
                grid.row_of_rank(r)
                    .and_then(|at| grid.host(at))
                    .map(String::from)
            })
            .collect();
        if let Some(hosts) = hosts.filter(|h| !h.is_empty()) {
            let mut list = crate::hostlist::Hostlist::new();
            hosts.iter().for_each(|h| list.push_host(h));
            row.nodelist = list.to_string();
        }
    }
    Some(states)
}

/// What the documents `docs` (name, text: those added to a tab's system)
/// say of its nodes, drain ages as of `now` (seconds since the epoch).
/// Each is read once. The running jobs are the first job list's that has
/// any, with the jobs whose own R is open by a name that carries the job's
/// id ([`crate::jobs::held::job_r`]) folded in, as the system joins them.
/// With `past` (a resource eventlog is open, whose timeline shows the jobs
/// running at each moment), every job of that list that ran as well.
pub fn beside(docs: &[(&str, &str)], now: f64, past: bool) -> Beside {
    beside_leaving(docs, now, past, &mut Leftovers::default())
}

/// What a reading built and no longer needs, to be dropped when its
/// caller likes: the analysis worker answers first and frees them after.
/// Freeing a 100 000-job list's pieces took 70 ms of its answer's 590.
#[derive(Default)]
pub struct Leftovers(Vec<Box<dyn std::any::Any>>);

impl Leftovers {
    /// Keep `value` until these are dropped.
    fn keep<T: 'static>(&mut self, value: T) {
        self.0.push(Box::new(value));
    }
}

/// [`beside`], leaving what it built and no longer needs in `left`.
fn beside_leaving(docs: &[(&str, &str)], now: f64, past: bool, left: &mut Leftovers) -> Beside {
    let mut found = Beside::default();
    #[cfg(feature = "page")]
    let (mut listed, mut own) = (None::<(Vec<_>, Vec<_>)>, Vec::new());
    #[cfg(not(feature = "page"))]
    let _ = (past, left);
    for (_name, text) in docs {
        // A job list says nothing of node states or down nodes: it is read
        // once, for its running jobs, and not reported on.
        #[cfg(feature = "page")]
        if let Some((held, ran)) = crate::jobs::held_and_ran_jobs(text, past) {
            if listed.is_none() && (!held.is_empty() || !ran.is_empty()) {
                listed = Some((held, ran));
            }
            continue;
        }
        let report = make_report(text);
        if found.states.is_none() {
            found.states = report
                .node_states
                .as_ref()
                .map(|st| NodeStates::of(st, now));
        }
        let (allocated, down) = (report.set("allocated"), report.set("down"));
        if found.sets.is_none() && (allocated.is_some() || down.is_some()) {
            found.sets = Some(RankSets::of(allocated, down));
        }
        #[cfg(feature = "page")]
        own.extend(crate::jobs::held::job_r(_name, text));
    }
    #[cfg(feature = "page")]
    {
        use crate::grid::jobs::{JobHistory, JobsOnGrid};
        use crate::jobs::held::with_own_rs;
        let (held, ran) = listed.unwrap_or_default();
        if past {
            let ran = with_own_rs(ran, own.clone());
            found.history = JobHistory::of(ran).map(std::rc::Rc::new);
        }
        let held = with_own_rs(held, own);
        found.jobs = JobsOnGrid::of(&held, now).map(std::rc::Rc::new);
        left.keep(held);
    }
    found
}

/// [`beside`] as it crosses from the analysis worker, in one part (the
/// tests' and the element's: it has no running jobs to colour).
pub fn beside_part(docs: &[(&str, &str)], now: f64, past: bool) -> Vec<u8> {
    bytes(&beside(docs, now, past))
}

/// What [`beside_part`] sent; nothing when the bytes do not read.
pub fn beside_from_part(bytes: &[u8]) -> Beside {
    postcard::from_bytes::<Beside>(bytes).unwrap_or_default()
}

/// Nodes of the running jobs' cells in each part after the first.
#[cfg(feature = "page")]
const CELLS_PER_PART: usize = 2000;

/// [`beside`] as it crosses from the analysis worker, in parts: the first
/// is all but the running jobs' cells, which follow [`CELLS_PER_PART`]
/// nodes to a part ([`BesideBuild`] reads them a part a task: reading a
/// 100 000-job list's cells at once held the page's thread for 55 ms).
/// What it built and no longer needs is left to its caller to drop after
/// the parts are sent.
pub fn beside_parts_leaving(
    docs: &[(&str, &str)],
    now: f64,
    past: bool,
) -> (Vec<Vec<u8>>, Leftovers) {
    let mut left = Leftovers::default();
    #[allow(unused_mut)]
    let mut found = beside_leaving(docs, now, past, &mut left);
    #[cfg(feature = "page")]
    let cells = (found.jobs.as_mut())
        .and_then(std::rc::Rc::get_mut)
        .map(crate::grid::jobs::JobsOnGrid::take_cells)
        .unwrap_or_default();
    #[allow(unused_mut)]
    let mut parts = vec![bytes(&found)];
    #[cfg(feature = "page")]
    parts.extend(cells.chunks(CELLS_PER_PART).map(|c| bytes(&c)));
    #[cfg(feature = "page")]
    left.keep(cells);
    left.keep(found);
    (parts, left)
}

/// A [`Beside`] read back from [`beside_parts_leaving`]'s parts: the first
/// at once, the running jobs' cells a part at each [`BesideBuild::step`].
/// Parts that do not read give nothing (the worker and the page are one
/// build).
pub struct BesideBuild {
    beside: Beside,
    #[cfg(feature = "page")]
    cells: std::collections::VecDeque<Vec<u8>>,
}

impl BesideBuild {
    /// Start reading `parts`.
    pub fn read(parts: Vec<Vec<u8>>) -> BesideBuild {
        let mut parts = std::collections::VecDeque::from(parts);
        let first = parts.pop_front().unwrap_or_default();
        BesideBuild {
            beside: beside_from_part(&first),
            #[cfg(feature = "page")]
            cells: parts,
        }
    }

    /// Read one more part of the cells; true once all are read.
    pub fn step(&mut self) -> bool {
        #[cfg(feature = "page")]
        if let Some(part) = self.cells.pop_front() {
            let jobs = self.beside.jobs.as_mut().and_then(std::rc::Rc::get_mut);
            if let (Some(jobs), Ok(cells)) = (jobs, postcard::from_bytes(&part)) {
                jobs.extend_cells(cells);
            }
            return self.cells.is_empty();
        }
        true
    }

    /// What the parts say, once [`BesideBuild::step`] said all are read.
    pub fn finish(self) -> Beside {
        self.beside
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATUS: &str = r#"{"R":{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}},"online":"0-1,3","offline":"2","exclude":"","torpid":"","drain":{"3":{"reason":"bad fan","timestamp":1607544031.0}}}"#;
    const R: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}}"#;

    /// `texts` as documents with no names.
    fn unnamed<'a>(texts: &[&'a str]) -> Vec<(&'a str, &'a str)> {
        texts.iter().map(|t| ("", *t)).collect()
    }

    #[cfg(feature = "page")]
    #[test]
    fn running_jobs_cross_in_parts_and_read_back_whole() {
        let job = |id: u32, held: &str| {
            format!(
                r#"{{"id": {id}, "t_submit": 1, "state": "RUN", "annotations": {{"sched": {{"resource_summary": "{held}"}}}}}}"#
            )
        };
        let list = format!(
            "{}\n{}\n",
            job(1, "rank[0-4999]/core[0-3]"),
            job(2, "rank[0-99]/core[4-7]")
        );
        let docs = [("jobs.jsonl", list.as_str())];
        let (parts, _) = beside_parts_leaving(&docs, 10.0, false);
        assert_eq!(
            parts.len(),
            4,
            "the first, then 5 000 nodes' cells in 3 parts"
        );
        let mut build = BesideBuild::read(parts);
        let mut steps = 1;
        while !build.step() {
            steps += 1;
        }
        assert_eq!(steps, 3);
        let read = build.finish();
        assert_eq!(read, beside(&docs, 10.0, false));
        let jobs = read.jobs.unwrap();
        assert_eq!(
            jobs.overlay(crate::grid::jobs::JobKey::Job)
                .category(4999, "core", 3),
            Some(0)
        );
        assert_eq!(
            jobs.overlay(crate::grid::jobs::JobKey::Job)
                .category(99, "core", 7),
            Some(1)
        );
    }

    #[test]
    fn a_status_payload_beside_gives_its_node_states_and_nothing_else_does() {
        let now = 1607544031.0 + 3600.0;
        let states = beside(&unnamed(&[R, "{}", STATUS]), now, false)
            .states
            .unwrap();
        let notes: Vec<&str> = states.overlay.notes_of(3).collect();
        assert_eq!(notes, vec!["drained 1 hour ago: bad fan"]);
        assert_eq!(states.overlay.notes_of(0).count(), 0);
        assert_eq!(states.drains.len(), 1);
        assert_eq!(
            (
                states.drains[0].nodelist.as_str(),
                states.drains[0].reason.as_str()
            ),
            ("tiny4", "bad fan")
        );
        let crossed = beside_from_part(&beside_part(&unnamed(&[STATUS]), now, false));
        assert_eq!(crossed.states, Some(states));
        assert_eq!(crossed.sets, None);
        assert_eq!(
            beside(&unnamed(&[R, "not json"]), now, false),
            Beside::default()
        );
        assert_eq!(
            beside_from_part(&beside_part(&unnamed(&[R]), now, false)),
            Beside::default()
        );
        assert_eq!(beside_from_part(b"\xff\xff"), Beside::default());
    }

    #[test]
    #[cfg(feature = "page")]
    fn a_job_list_beside_lays_its_running_jobs_on_the_grid() {
        let list = r#"{"jobs": [{"id": 2, "t_submit": 1.0, "userid": 7, "state": "RUN", "ranks": "1",
            "annotations": {"sched": {"resource_summary": "rank1/core[0-1]"}}}]}"#;
        let found = beside(&unnamed(&[R, list]), 10.0, false);
        assert_eq!(found.jobs.as_ref().map(|j| j.len()), Some(1));
        let grid = Grid::new(&crate::rset::load(R).unwrap(), None, None);
        let laid = found.lay(&grid).unwrap();
        let jobs = laid.jobs().unwrap();
        assert_eq!(jobs.tip(1, "core", 1), Some("job ƒ3, user 7"));
        assert_eq!(jobs.tip(1, "core", 2), None);
        let crossed = beside_from_part(&beside_part(&unnamed(&[list]), 10.0, false));
        assert_eq!(crossed.jobs, found.jobs);
        assert_eq!(beside(&unnamed(&[R]), 10.0, false).jobs, None);
    }

    #[test]
    #[cfg(feature = "page")]
    fn with_a_timeline_the_jobs_that_ran_are_laid_and_each_moment_shows_those_running_then() {
        let list = r#"{"jobs": [
          {"id": 2, "t_submit": 1.0, "state": "INACTIVE", "ranks": "0", "t_run": 100.0, "t_cleanup": 200.0,
           "annotations": {"sched": {"resource_summary": "rank0/core[0-1]"}}},
          {"id": 3, "t_submit": 1.0, "userid": 7, "state": "RUN", "ranks": "1", "t_run": 150.0,
           "annotations": {"sched": {"resource_summary": "rank1/core2"}}},
          {"id": 4, "t_submit": 1.0, "state": "INACTIVE", "ranks": "2"}
        ]}"#;
        assert_eq!(beside(&unnamed(&[list]), 300.0, false).history, None);
        let found = beside(&unnamed(&[list]), 300.0, true);
        let crossed = beside_from_part(&beside_part(&unnamed(&[list]), 300.0, true));
        assert_eq!(crossed.history, found.history);
        let grid = Grid::new(&crate::rset::load(R).unwrap(), None, None);
        let laid = found.lay(&grid).unwrap();
        assert_eq!(
            laid.jobs().map(|j| j.len()),
            Some(1),
            "now: the running job"
        );
        let at = |t: f64| {
            let moment = super::super::timeline::Moment {
                at: Some(t),
                ..Default::default()
            };
            moment.lay(&laid).unwrap().jobs().unwrap().clone()
        };
        assert_eq!(at(50.0).len(), 0);
        let both = at(160.0);
        assert_eq!(both.len(), 2);
        assert_eq!(both.tip(0, "core", 1), Some("job ƒ3, running 1 minute"));
        assert_eq!(
            both.tip(1, "core", 2),
            Some("job ƒ4, user 7, running 10 seconds")
        );
        let table = super::super::job_table::job_table(&both);
        assert_eq!(table.caption, "Jobs running at 1970-01-01 00:02:40 UTC");
        assert_eq!(at(200.0).tip(0, "core", 0), None, "cleaning up from 200");
        assert_eq!(at(200.0).len(), 1);
        let after = super::super::timeline::Moment::default();
        assert!(
            after.lay(&laid).is_none(),
            "after the last event: the grid as laid"
        );
    }

    #[test]
    fn a_resource_eventlog_beside_gives_the_node_states_after_its_last_event() {
        let log = "{\"timestamp\": 1607540000.0, \"name\": \"restart\", \"context\": {\"ranks\": \"0-3\", \"online\": \"0-3\", \"nodelist\": \"tiny[1-4]\"}}\n\
                   {\"timestamp\": 1607544031.5, \"name\": \"drain\", \"context\": {\"idset\": \"3\", \"nodelist\": \"tiny4\", \"reason\": \"bad fan\", \"overwrite\": 0}}\n\
                   {\"timestamp\": 1607544100.0, \"name\": \"offline\", \"context\": {\"idset\": \"2\"}}\n";
        // The payload keeps whole seconds of a drain's time: 1607544032.
        let now = 1607544032.0 + 3600.0;
        let states = beside(&unnamed(&[R, log]), now, false).states.unwrap();
        let notes: Vec<&str> = states.overlay.notes_of(3).collect();
        assert_eq!(notes, vec!["drained 1 hour ago: bad fan"]);
        let drains: Vec<(&str, &str)> = (states.drains.iter())
            .map(|d| (d.nodelist.as_str(), d.reason.as_str()))
            .collect();
        assert_eq!(drains, [("tiny4", "bad fan")]);
    }

    #[test]
    fn drains_of_an_eventlog_that_names_no_host_take_the_grid_s_hosts() {
        // Before flux-core 0.62: no restart, no nodelist in the drain.
        let log = "{\"timestamp\": 1.0, \"name\": \"resource-init\", \"context\": {\"restart\": false, \"drain\": {}, \"online\": \"0-3\", \"exclude\": \"\"}}\n\
                   {\"timestamp\": 2.0, \"name\": \"drain\", \"context\": {\"idset\": \"2-3\", \"reason\": \"fan\", \"overwrite\": 0}}\n";
        let found = beside(&unnamed(&[log]), 3.0, false);
        assert_eq!(found.states.as_ref().unwrap().drains[0].nodelist, "");
        let grid = Grid::new(&crate::rset::load(R).unwrap(), None, None);
        let laid = found.lay(&grid).unwrap();
        let drains = &laid.node_states().unwrap().drains;
        assert_eq!(
            (drains[0].ranks.as_str(), drains[0].nodelist.as_str()),
            ("2-3", "tiny[3-4]")
        );
    }

    #[test]
    fn a_list_payload_beside_gives_the_grid_its_allocated_and_down_cells() {
        let list = format!(
            r#"{{"all": {R}, "allocated": {{"version":1,"execution":{{"R_lite":[{{"rank":"1","children":{{"core":"0-1"}}}}],"starttime":0,"expiration":0,"nodelist":["tiny2"]}}}}, "down": {{"version":1,"execution":{{"R_lite":[{{"rank":"3","children":{{"core":"0-3"}}}}],"starttime":0,"expiration":0,"nodelist":["tiny4"]}}}}}}"#
        );
        let found = beside_from_part(&beside_part(&unnamed(&[&list]), 0.0, false));
        assert_eq!(found.states, None);
        let grid = Grid::new(&crate::rset::load(R).unwrap(), None, None);
        assert!(!grid.has_states());
        let laid = found.lay(&grid).unwrap();
        let state = |row: usize, col: usize| laid.cell(row, col).unwrap().state;
        assert_eq!(
            (state(1, 0), state(1, 2), state(3, 3), state(0, 0)),
            (Some("allocated"), Some("free"), Some("down"), Some("free"))
        );
        // The list payload's own grid draws the same.
        let own = crate::report::make_report(&list);
        let doc = crate::rset::parse_r(&list);
        let mine = Grid::new(
            doc.main_set().unwrap(),
            own.set("allocated"),
            own.set("down"),
        );
        for (r, c) in [(1, 0), (1, 2), (3, 3), (0, 0)] {
            assert_eq!(
                laid.cell(r, c).unwrap().state,
                mine.cell(r, c).unwrap().state
            );
        }
        // A grid with states of its own keeps them.
        assert_eq!(found.lay(&mine).map(|_| ()), None);
    }

    #[test]
    #[cfg(feature = "page")]
    fn a_job_s_own_r_beside_lays_it_on_the_grid_over_the_list_s_summary() {
        let list = r#"{"jobs": [{"id": 2, "t_submit": 1.0, "userid": 7, "state": "RUN",
            "annotations": {"sched": {"resource_summary": "rank1/core0"}}}]}"#;
        let own = r#"{"version":1,"execution":{"R_lite":[{"rank":"1","children":{"core":"0-2"}}],"starttime":0,"expiration":0}}"#;
        let found = beside(&[("jobs.json", list), ("ƒ3.R", own)], 10.0, false);
        let grid = Grid::new(&crate::rset::load(R).unwrap(), None, None);
        let laid = found.lay(&grid).unwrap();
        let jobs = laid.jobs().unwrap();
        assert_eq!(jobs.len(), 1);
        assert_eq!(jobs.tip(1, "core", 2), Some("job ƒ3, user 7"));
        assert_eq!(jobs.tip(1, "core", 3), None);
        // Not named for a job, the same R gives no job.
        assert_eq!(beside(&[("R.json", own)], 10.0, false).jobs, None);
    }
}
