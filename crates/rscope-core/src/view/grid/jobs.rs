//! A job list's running jobs on the grid: each core and GPU coloured by
//! the job holding it, or by that job's user or queue, the free ones in
//! the grey of cells in no category, and every held cell's tooltip naming
//! its job (id in F58, name, user, queue, how long it has run and has
//! left).
//!
//! The cells by job are one [`Overlay`], category `k` being the list's
//! `k`-th running job; by user and by queue are the same cells regrouped
//! ([`Overlay::regrouped`]). Read in the analysis worker with the other
//! documents beside a tab's resources ([`crate::analysis::beside`]), so
//! the tooltip's times are as of that reading, as a drain's age is.

use super::overlay::{cells_in_words, NodeCells, Overlay};
use crate::idset::IdSet;
use crate::jobs::HeldJob;
use crate::words::{count, duration, grouped};
use serde::{Deserialize, Serialize};

/// Every job of a job list that ran, with when it held its resources
/// (`t_run` until `t_cleanup`): what the grid shows at a moment of a
/// resource eventlog's timeline.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JobHistory(Vec<HeldJob>);

impl JobHistory {
    /// The jobs that ran, `jobs` (none: `None`).
    pub fn of(jobs: Vec<HeldJob>) -> Option<JobHistory> {
        (!jobs.is_empty()).then_some(JobHistory(jobs))
    }

    /// The jobs running at `at` (seconds since the epoch) on the grid,
    /// their times told as of then: started at or before it, and not yet
    /// cleaning up.
    pub fn at(&self, at: f64) -> JobsOnGrid {
        let running: Vec<HeldJob> = (self.0.iter())
            .filter(|j| j.who.t_run.is_some_and(|t| t <= at))
            .filter(|j| j.who.t_cleanup.is_none_or(|t| at < t))
            .cloned()
            .collect();
        let mut on = JobsOnGrid::of(&running, at).unwrap_or_else(JobsOnGrid::none);
        on.at = Some(at);
        on
    }
}

/// How many jobs (or users, or queues) the legend names one by one; the
/// next entry counts the rest, whose colours repeat. Every job is named
/// on hover.
pub const LEGEND_ENTRIES: usize = 12;

/// The legend's words for the cells no running job holds.
pub const FREE: &str = "free (held by no running job)";

/// What a job colouring groups the cells by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKey {
    /// Each job its own colour.
    Job,
    /// The jobs of one user in one colour.
    User,
    /// The jobs of one queue in one colour.
    Queue,
}

/// One group of jobs (a user, a queue): its name and how many jobs.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
struct Group {
    name: String,
    jobs: usize,
}

/// One running job as the page's job table lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobRow {
    /// Its id in F58.
    pub id: String,
    /// Its name, user and queue, when the list gives them.
    pub name: Option<String>,
    /// Its user id.
    pub user: Option<u64>,
    /// Its queue.
    pub queue: Option<String>,
    /// The ranks it holds.
    pub ranks: IdSet,
    /// What it holds in words (`8 cores and 4 gpus on 2 nodes`).
    pub holds: String,
    /// How long it has run, and has left, in seconds as of the reading.
    pub running: Option<f64>,
    /// How long it has left (negative: past its end).
    pub left: Option<f64>,
}

/// The running jobs of a job list as the grid colours and names them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct JobsOnGrid {
    /// Each job as the job table lists it, in the list's order.
    rows: Vec<JobRow>,
    /// The cells by job: category `k` is the `k`-th running job.
    by_job: Overlay,
    /// Per job, the index of its user in `users`.
    user_of: Vec<u32>,
    users: Vec<Group>,
    /// Per job, the index of its queue in `queues`.
    queue_of: Vec<u32>,
    queues: Vec<Group>,
    /// The moment of a timeline these jobs run at; `None`: now.
    at: Option<f64>,
}

impl JobsOnGrid {
    /// The running jobs `jobs` (none: `None`), their times told as of
    /// `now` (seconds since the epoch).
    pub fn of(jobs: &[HeldJob], now: f64) -> Option<JobsOnGrid> {
        if jobs.is_empty() {
            return None;
        }
        let mut on = JobsOnGrid::none();
        // Where each user's and queue's group is: a list of 100 000 jobs
        // may have thousands of users.
        let (mut users, mut queues) = (GroupIndex::new(), GroupIndex::new());
        for (k, job) in jobs.iter().enumerate() {
            let k = k as u32;
            let legend = legend_entry(k as usize, jobs.len(), || {
                format!("{}: {}", short_name(job), held_words(job))
            });
            on.by_job.name(k, legend, tip(job, now));
            let mut whole = IdSet::new();
            for (&rank, children) in &job.holding {
                match children {
                    Some(kinds) => (kinds.iter())
                        .for_each(|(kind, ids)| on.by_job.add_ids(k, rank, kind, ids.clone())),
                    None => whole.insert(rank),
                }
            }
            if !whole.is_empty() {
                on.by_job.hold_nodes(k, whole);
            }
            on.rows.push(row(job, now));
            let user = job
                .who
                .user
                .map_or_else(|| "no user given".into(), |u| format!("user {u}"));
            on.user_of
                .push(group_index(&mut on.users, &mut users, user));
            let queue = (job.who.queue.as_ref())
                .map_or_else(|| "no queue named".into(), |q| format!("queue {q}"));
            on.queue_of
                .push(group_index(&mut on.queues, &mut queues, queue));
        }
        Some(on)
    }

    /// Take the cells out, a node at a time, to send them in parts
    /// ([`crate::analysis::beside_parts_leaving`]).
    pub fn take_cells(&mut self) -> NodeCells {
        self.by_job.take_cells()
    }

    /// Put back cells [`JobsOnGrid::take_cells`] took.
    pub fn extend_cells(&mut self, cells: NodeCells) {
        self.by_job.extend_cells(cells);
    }

    /// No job running: every cell free (a timeline's moment when none ran).
    pub fn none() -> JobsOnGrid {
        JobsOnGrid {
            by_job: Overlay::new(Some(FREE)),
            ..JobsOnGrid::default()
        }
    }

    /// The moment of a timeline these jobs run at ([`JobHistory::at`]);
    /// `None` for the jobs running now.
    pub fn moment(&self) -> Option<f64> {
        self.at
    }

    /// How many running jobs.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether there are none (at a moment of a timeline when none ran;
    /// never as [`JobsOnGrid::of`] makes them).
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Each job as the job table lists it, in the list's order.
    pub fn rows(&self) -> &[JobRow] {
        &self.rows
    }

    /// Whether some job names its queue: only then does the colour menu
    /// offer to colour by queue.
    pub fn has_queues(&self) -> bool {
        self.queues.iter().any(|q| q.name != "no queue named")
    }

    /// Which jobs hold some of the nodes `ranks`, in the list's order.
    pub fn on_nodes(&self, ranks: &IdSet) -> Vec<bool> {
        (self.rows.iter())
            .map(|r| !r.ranks.intersection(ranks).is_empty())
            .collect()
    }

    /// The cells grouped by `key`.
    pub fn overlay(&self, key: JobKey) -> Overlay {
        let (of, groups) = match key {
            JobKey::Job => return self.by_job.clone(),
            JobKey::User => (&self.user_of, &self.users),
            JobKey::Queue => (&self.queue_of, &self.queues),
        };
        let named = (groups.iter().enumerate())
            .map(|(i, g)| {
                let jobs = count(g.jobs, "running job");
                let legend = legend_entry(i, groups.len(), || format!("{}: {jobs}", g.name));
                (i as u32, legend, format!("{} ({jobs})", g.name))
            })
            .collect();
        self.by_job.regrouped(of, named, Some(FREE))
    }

    /// What the tooltip says of the job holding id `id` of type `kind` on
    /// node `rank`, if one does.
    pub fn tip(&self, rank: u32, kind: &str, id: u32) -> Option<&str> {
        self.by_job.tip(self.by_job.category(rank, kind, id)?)
    }
}

/// The legend entry of the `i`-th of `n` categories: its own words
/// (`words`) for the first [`LEGEND_ENTRIES`], then one entry that counts
/// the rest, then none.
fn legend_entry(i: usize, n: usize, words: impl FnOnce() -> String) -> String {
    match i.cmp(&LEGEND_ENTRIES) {
        std::cmp::Ordering::Less => words(),
        std::cmp::Ordering::Equal => {
            let rest = grouped((n - LEGEND_ENTRIES) as u64);
            format!("{rest} more, in the same colours in turn")
        }
        std::cmp::Ordering::Greater => String::new(),
    }
}

/// Each group's index in its list, sorted by name. (A sorted vector, not
/// a map: the page's bundle has no map of this type to share.)
type GroupIndex = Vec<(String, usize)>;

/// The index of the group named `name` in `groups` (found by `index`),
/// added if new, its count of jobs one more.
fn group_index(groups: &mut Vec<Group>, index: &mut GroupIndex, name: String) -> u32 {
    let at = match index.binary_search_by(|(n, _)| n.as_str().cmp(&name)) {
        Ok(i) => index[i].1,
        Err(i) => {
            index.insert(i, (name.clone(), groups.len()));
            groups.push(Group { name, jobs: 0 });
            groups.len() - 1
        }
    };
    groups[at].jobs += 1;
    at as u32
}

/// The job table's row of `job` as of `now`.
fn row(job: &HeldJob, now: f64) -> JobRow {
    let who = &job.who;
    let mut ranks = IdSet::new();
    job.holding.keys().for_each(|&r| ranks.insert(r));
    JobRow {
        id: job.id.clone(),
        name: who.name.clone(),
        user: who.user,
        queue: who.queue.clone(),
        ranks,
        holds: held_words(job),
        running: who.t_run.filter(|t| *t <= now).map(|t| now - t),
        left: who.expiration.map(|end| end - now),
    }
}

/// `ƒ2KWFwT5 (sleep)`: the job's id and name.
fn short_name(job: &HeldJob) -> String {
    match &job.who.name {
        Some(name) => format!("{} ({name})", job.id),
        None => job.id.clone(),
    }
}

/// What a job holds in words: `4 cores on 1 node`, or `2 whole nodes`
/// when the list gives its ranks alone.
fn held_words(job: &HeldJob) -> String {
    if job.whole_nodes {
        return format!("{} (whole)", count(job.holding.len(), "node"));
    }
    // Counted as `overlay::describe_cells` counts, without copying the sets: a job
    // may hold thousands of nodes.
    let (mut per_type, mut nodes) = (Vec::<(String, u64)>::new(), 0);
    for kinds in job.holding.values().flatten() {
        nodes += 1;
        for (kind, ids) in kinds {
            match per_type.iter_mut().find(|(k, _)| k == kind) {
                Some((_, n)) => *n += ids.len(),
                None => per_type.push((kind.clone(), ids.len())),
            }
        }
    }
    cells_in_words(&per_type, nodes)
}

/// The tooltip's words for `job` as of `now`: `job ƒ2KWFwT5 (sleep),
/// user 1001, queue batch, running 5 minutes, 55 minutes left`.
fn tip(job: &HeldJob, now: f64) -> String {
    let who = &job.who;
    let mut words = format!("job {}", short_name(job));
    if let Some(user) = who.user {
        words.push_str(&format!(", user {user}"));
    }
    if let Some(queue) = &who.queue {
        words.push_str(&format!(", queue {queue}"));
    }
    if let Some(start) = who.t_run.filter(|t| *t <= now) {
        words.push_str(&format!(", running {}", duration(now - start)));
    }
    match who.expiration {
        Some(end) if end > now => words.push_str(&format!(", {} left", duration(end - now))),
        Some(end) => words.push_str(&format!(", past its end by {}", duration(now - end))),
        None => {}
    }
    if job.whole_nodes {
        words.push_str(", whole nodes (the list gives its ranks, not its cores)");
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::overlay::Overlay;

    const LIST: &str = r#"{"jobs": [
      {"id": 1, "t_submit": 1.0, "userid": 1001, "state": "RUN", "name": "sleep", "queue": "batch", "ranks": "0",
       "t_run": 1000.0, "expiration": 4600.0,
       "annotations": {"sched": {"resource_summary": "rank0/core[0-1]"}}},
      {"id": 2, "t_submit": 1.0, "userid": 1002, "state": "RUN", "name": "hostname", "queue": "debug", "ranks": "0",
       "t_run": 1900.0, "annotations": {"sched": {"resource_summary": "rank0/core[2-3],gpu0"}}},
      {"id": 3, "t_submit": 1.0, "userid": 1001, "state": 16, "ranks": "1-2", "t_run": 1000.0, "expiration": 1500.0},
      {"id": 4, "t_submit": 1.0, "userid": 1001, "state": "INACTIVE", "ranks": "3"}
    ]}"#;

    fn on() -> JobsOnGrid {
        let jobs = crate::jobs::held_jobs(LIST).unwrap();
        JobsOnGrid::of(&jobs, 2000.0).unwrap()
    }

    fn ids(s: &str) -> IdSet {
        s.parse().unwrap()
    }

    #[test]
    fn each_running_job_is_a_category_named_on_hover() {
        let on = on();
        assert_eq!((on.len(), on.has_queues()), (3, true));
        assert_eq!(
            on.tip(0, "core", 1),
            Some("job ƒ2 (sleep), user 1001, queue batch, running 16 minutes 40 seconds, 43 minutes 20 seconds left")
        );
        assert_eq!(
            on.tip(0, "gpu", 0),
            Some("job ƒ3 (hostname), user 1002, queue debug, running 1 minute 40 seconds")
        );
        assert_eq!(
            on.tip(2, "core", 7),
            Some("job ƒ4, user 1001, running 16 minutes 40 seconds, past its end by 8 minutes 20 seconds, whole nodes (the list gives its ranks, not its cores)")
        );
        assert_eq!(on.tip(0, "core", 4), None);
        assert_eq!(on.on_nodes(&ids("0")), [true, true, false]);
        assert_eq!(on.on_nodes(&ids("2-3")), [false, false, true]);
        assert_eq!(on.tip(3, "core", 0), None, "an inactive job holds nothing");
        let by_job = on.overlay(JobKey::Job);
        assert_eq!(
            by_job.legend(),
            [
                ("ƒ2 (sleep): 2 cores on 1 node".to_string(), Some(0)),
                (
                    "ƒ3 (hostname): 2 cores and 1 gpu on 1 node".to_string(),
                    Some(1)
                ),
                ("ƒ4: 2 nodes (whole)".to_string(), Some(2)),
                (FREE.to_string(), None)
            ]
        );
        assert_eq!(
            by_job.split(0, "core", &ids("0-7")),
            [(0, ids("0-1")), (1, ids("2-3"))]
        );
    }

    #[test]
    fn by_user_and_by_queue_regroup_the_same_cells() {
        let on = on();
        let users = on.overlay(JobKey::User);
        assert_eq!(
            users.legend(),
            [
                ("user 1001: 2 running jobs".to_string(), Some(0)),
                ("user 1002: 1 running job".to_string(), Some(1)),
                (FREE.to_string(), None)
            ]
        );
        assert_eq!(
            users.split(0, "core", &ids("0-7")),
            [(0, ids("0-1")), (1, ids("2-3"))]
        );
        assert_eq!(users.category(1, "core", 5), Some(0), "job ƒ4's whole node");
        assert_eq!(users.tip(0), Some("user 1001 (2 running jobs)"));
        let queues = on.overlay(JobKey::Queue);
        let legend: Vec<String> = queues.legend().into_iter().map(|(w, _)| w).collect();
        assert_eq!(
            legend,
            [
                "queue batch: 1 running job",
                "queue debug: 1 running job",
                "no queue named: 1 running job",
                FREE
            ]
        );
        assert_eq!(queues.category(2, "core", 0), Some(2));
    }

    #[test]
    fn the_legend_names_the_first_jobs_and_counts_the_rest() {
        let list: Vec<String> = (1..=30)
            .map(|i| format!(r#"{{"id": {i}, "t_submit": 1, "state": "RUN", "ranks": "{i}"}}"#))
            .collect();
        let jobs = crate::jobs::held_jobs(&format!(r#"{{"jobs": [{}]}}"#, list.join(","))).unwrap();
        let on = JobsOnGrid::of(&jobs, 0.0).unwrap();
        let legend = on.overlay(JobKey::Job).legend();
        assert_eq!(legend.len(), LEGEND_ENTRIES + 2);
        assert_eq!(
            legend[LEGEND_ENTRIES],
            ("18 more, in the same colours in turn".to_string(), Some(12))
        );
        assert_eq!(
            on.tip(30, "core", 0),
            Some("job ƒX, whole nodes (the list gives its ranks, not its cores)")
        );
        assert_eq!(JobsOnGrid::of(&[], 0.0), None);
        assert_eq!(
            Overlay::new(None).regrouped(&[], Vec::new(), None),
            Overlay::new(None)
        );
    }
}
