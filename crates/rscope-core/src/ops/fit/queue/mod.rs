//! A queue of jobs played into an R, one after another, as a first-come
//! first-served scheduler without backfill would play them.
//!
//! Shapes are listed in order. "Allocate next" fits the first waiting job
//! under the queue's [`Policy`] into what the R has free: when it fits now
//! it runs and holds its allocation; when the busy resources are in the
//! way it stays waiting and the queue waits with it (no later job jumps
//! ahead); when not even the whole R holds it, it is refused, as Flux
//! refuses such a job at submission. Any running job can be freed.
//!
//! Allocating, refusing and freeing are the queue's actions. They are
//! recorded in order, so the state can step back and forward through them;
//! a new action taken after stepping back drops the actions ahead, as an
//! editor's undo does. Adding a shape is not an action: the list only
//! grows, and a job added later simply waits at the end.
//!
//! What the queue shows of the R is what a scheduler sees: how many cores
//! are free on each node (counted per number of free cores), and the
//! largest requests that still fit now, in three forms:
//!
//! - `node=N`: N nodes with nothing busy on them (whole nodes);
//! - `slot/core=C`: the most free cores on any one node;
//! - `node=N/core=C`: the N and C whose product is largest, so the most
//!   cores a request for the same cores on each of N nodes can get (ties
//!   go to more cores per node).
//!
//! The state exports as a status document `{all, allocated, down}` (what
//! `flux resource list` and `rscope fit` read): `allocated` is the
//! document's own allocated set with every running job's R added.

pub mod session;

use super::answer::{answer_sets, holding, members, request_of, FitStatus};
use super::{Policy, Request};
use crate::idset::IdSet;
use crate::rset::{Node, Rset};
use crate::words::count;
use std::fmt::Write;

/// Where a job stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum State {
    /// Not allocated yet.
    Waiting,
    /// Holding its allocation.
    Running,
    /// Ran and was freed.
    Freed,
    /// Refused: not even the whole R holds it.
    Never,
}

impl State {
    /// `waiting`, `running`, `freed` or `never`.
    pub fn as_str(self) -> &'static str {
        match self {
            State::Waiting => "waiting",
            State::Running => "running",
            State::Freed => "freed",
            State::Never => "never",
        }
    }
}

/// One action of the sequence.
#[derive(Clone, Debug)]
enum Action {
    /// The job got `alloc`; `words` say so.
    Allocate {
        job: usize,
        alloc: Rset,
        words: String,
    },
    /// The job was refused; `words` say why.
    Refuse { job: usize, words: String },
    /// The job's allocation was given back.
    Free { job: usize },
}

impl Action {
    /// `allocate job 2`: the action in the history's words.
    fn describe(&self) -> String {
        match self {
            Action::Allocate { job, .. } => format!("allocate job {}", job + 1),
            Action::Refuse { job, .. } => format!("refuse job {}", job + 1),
            Action::Free { job } => format!("free job {}", job + 1),
        }
    }
}

/// A job: its shape, its request, where it stands and what it holds.
#[derive(Clone, Debug)]
struct Job {
    shape: String,
    request: Request,
    state: State,
    /// The allocation of a running or freed job.
    alloc: Option<Rset>,
    /// The last answer about it, in plain words.
    words: String,
}

/// A largest request that still fits now: its shape and what it means.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Largest {
    /// A shape that fits now (`node=40/core=4`).
    pub shape: String,
    /// What it is the largest of, in words.
    pub words: String,
}

/// How many nodes have `free` free cores (or GPUs).
pub type Histogram = Vec<(u64, u64)>;

/// An allocation as data: groups of ranks with the ids of each child type
/// they get (an `R_lite` list), so a grid can paint it.
pub type Cells = Vec<(IdSet, Vec<(String, IdSet)>)>;

/// One job as the page shows it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobView {
    /// The shape as typed.
    pub shape: String,
    /// Where it stands.
    pub state: State,
    /// The last answer in words (`fits now: 2 nodes, node[1-2], 4 cores`).
    pub words: String,
    /// The allocation's short form, while it runs.
    pub short: Option<String>,
    /// The allocation's cells, while it runs.
    pub cells: Cells,
}

/// The whole queue as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct QueueView {
    /// The jobs, in order.
    pub jobs: Vec<JobView>,
    /// Nodes per number of free cores, most free first.
    pub cores: Histogram,
    /// Nodes per number of free GPUs, most free first (empty without GPUs).
    pub gpus: Histogram,
    /// The largest requests that still fit now.
    pub largest: Vec<Largest>,
    /// The actions so far, in order, and how many of them are applied.
    pub history: Vec<String>,
    /// Applied actions (the rest lie ahead, for stepping forward).
    pub at: usize,
    /// What the last operation did, in words.
    pub note: String,
}

/// A queue of jobs over one R.
#[derive(Clone, Debug)]
pub struct Queue {
    all: Rset,
    allocated: Option<Rset>,
    down: Option<Rset>,
    /// The document's allocated and down sets together.
    base: Option<Rset>,
    policy: Policy,
    jobs: Vec<Job>,
    actions: Vec<Action>,
    at: usize,
    /// The base with every running job's allocation added.
    busy: Rset,
    note: String,
}

impl Queue {
    /// A queue over the R or status document `text` (a status document's
    /// allocated and down sets stay busy throughout).
    pub fn new(text: &str, policy: Policy) -> Result<Queue, String> {
        let (all, allocated, down) = members(text)?;
        let base = match (&allocated, &down) {
            (Some(a), Some(d)) => Some(a.union(d).map_err(|e| e.to_string())?),
            (a, d) => a.as_ref().or(d.as_ref()).cloned(),
        };
        let busy = base.clone().unwrap_or_default();
        Ok(Queue {
            all,
            allocated,
            down,
            base,
            policy,
            jobs: Vec::new(),
            actions: Vec::new(),
            at: 0,
            busy,
            note: "Add shapes, then allocate them one after another.".into(),
        })
    }

    /// Add a job at the end; a shape that is not a request this module can
    /// place is refused with the reason, as `rscope fit` says it.
    pub fn add(&mut self, shape: &str) -> Result<(), String> {
        let request = request_of(shape, None).map_err(|e| e.to_string())?;
        self.jobs.push(Job {
            shape: shape.to_string(),
            request,
            state: State::Waiting,
            alloc: None,
            words: "waiting".into(),
        });
        self.note = format!("job {} added: {shape}", self.jobs.len());
        Ok(())
    }

    /// Fit the first waiting job. It runs when it fits now, is refused
    /// when it never fits, and otherwise waits (and the queue with it).
    /// Returns the answer's status, or `None` when no job waits.
    pub fn allocate_next(&mut self) -> Option<FitStatus> {
        let Some(i) = self.jobs.iter().position(|j| j.state == State::Waiting) else {
            self.note = "no job waits: add a shape first".into();
            return None;
        };
        let busy = (!self.busy.is_empty()).then_some(&self.busy);
        let a = answer_sets(&self.jobs[i].request, &self.all, busy, self.policy);
        match (a.status, a.alloc) {
            (FitStatus::Now, Some(alloc)) => {
                let words = format!("fits now: {}", holding(&alloc));
                self.note = format!("job {} runs: {words}", i + 1);
                self.push(Action::Allocate {
                    job: i,
                    alloc,
                    words,
                });
            }
            (FitStatus::Never, _) => {
                self.note = format!("job {} refused: {}", i + 1, a.words);
                self.push(Action::Refuse {
                    job: i,
                    words: a.words,
                });
            }
            _ => {
                self.note = format!("job {} waits: {}; free a job to make room", i + 1, a.words);
                self.jobs[i].words = a.words;
            }
        }
        Some(a.status)
    }

    /// Give back the allocation of running job `job` (0-based).
    pub fn free(&mut self, job: usize) -> Result<(), String> {
        match self.jobs.get(job).map(|j| j.state) {
            Some(State::Running) => {
                self.note = format!("job {} freed", job + 1);
                self.push(Action::Free { job });
                Ok(())
            }
            Some(_) => Err(format!("job {} is not running", job + 1)),
            None => Err(format!("there is no job {}", job + 1)),
        }
    }

    /// Undo the last applied action.
    pub fn back(&mut self) -> Result<(), String> {
        if self.at == 0 {
            return Err("nothing to step back over".into());
        }
        self.at -= 1;
        self.replay();
        self.note = format!("stepped back over: {}", self.actions[self.at].describe());
        Ok(())
    }

    /// Apply again the next action stepped back over.
    pub fn forward(&mut self) -> Result<(), String> {
        if self.at == self.actions.len() {
            return Err("nothing to step forward to".into());
        }
        self.at += 1;
        self.replay();
        self.note = format!("stepped forward: {}", self.actions[self.at - 1].describe());
        Ok(())
    }

    /// Record `action` after the applied ones (dropping those stepped back
    /// over) and apply it.
    fn push(&mut self, action: Action) {
        self.actions.truncate(self.at);
        // An allocation comes from free resources, so adding it to the busy
        // set cannot overlap; a free rebuilds the busy set.
        let incremental = match &action {
            Action::Allocate { alloc, .. } => self.busy.append(alloc).is_ok(),
            Action::Refuse { .. } => true,
            Action::Free { .. } => false,
        };
        if incremental {
            apply(&mut self.jobs, &action);
        }
        self.actions.push(action);
        self.at += 1;
        if !incremental {
            self.replay();
        }
    }

    /// Rebuild the jobs' states and the busy set from the applied actions.
    fn replay(&mut self) {
        for j in &mut self.jobs {
            j.state = State::Waiting;
            j.alloc = None;
            j.words = "waiting".into();
        }
        for action in &self.actions[..self.at] {
            apply(&mut self.jobs, action);
        }
        let mut busy = self.base.clone().unwrap_or_default();
        for alloc in self.running() {
            let _ = busy.append(alloc);
        }
        self.busy = busy;
    }

    /// The allocations of the running jobs.
    fn running(&self) -> impl Iterator<Item = &Rset> {
        self.jobs
            .iter()
            .filter(|j| j.state == State::Running)
            .filter_map(|j| j.alloc.as_ref())
    }

    /// Free cores and GPUs on each node of the R, in its order: `(rank,
    /// free cores, free GPUs, nothing busy)`.
    pub fn free_per_node(&self) -> Vec<(u32, u64, u64, bool)> {
        self.all
            .nodes()
            .map(|n| {
                let ids = |ty: &str| n.child(ty).map_or(0, IdSet::len);
                match self.busy.node(n.rank()) {
                    // Most nodes: nothing busy, nothing to copy.
                    None => (n.rank(), ids("core"), ids("gpu"), true),
                    Some(b) => (
                        n.rank(),
                        n.cores().difference(&b.cores()).len(),
                        gpus_of(n).difference(&gpus_of(b)).len(),
                        b.is_empty(),
                    ),
                }
            })
            .collect()
    }

    /// The largest requests that still fit now (none when no core is free).
    pub fn largest(&self) -> Vec<Largest> {
        let free = self.free_per_node();
        let mut cores: Vec<u64> = free.iter().map(|f| f.1).filter(|&c| c > 0).collect();
        cores.sort_unstable_by(|a, b| b.cmp(a));
        let Some(&most) = cores.first() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let whole = free.iter().filter(|f| f.3 && f.1 > 0).count() as u64;
        if whole > 0 {
            out.push(Largest {
                shape: format!("node={whole}"),
                words: format!("{} with nothing busy", count(whole, "whole node")),
            });
        }
        out.push(Largest {
            shape: format!("slot/core={most}"),
            words: format!("the most free cores on one node: {most}"),
        });
        // The i-th node (most free first) can join a request for
        // cores[i] cores on each of i+1 nodes; take the largest product.
        let (n, c) = cores
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u64 + 1, c))
            .fold((1, most), |best, x| {
                if x.0 * x.1 > best.0 * best.1 {
                    x
                } else {
                    best
                }
            });
        out.push(Largest {
            shape: format!("node={n}/core={c}"),
            words: format!(
                "{}, the most a request for the same cores on each node gets",
                count(n * c, "core")
            ),
        });
        out
    }

    /// The status document `{all, allocated, down}` of the current state,
    /// one line: `allocated` is the document's own allocated set with every
    /// running job's R added; `down` is the document's, or `null`.
    pub fn status_document(&self) -> String {
        let mut allocated = self.allocated.clone().unwrap_or_default();
        for alloc in self.running() {
            let _ = allocated.append(alloc);
        }
        let down = self.down.as_ref().map_or("null".into(), encode);
        format!(
            "{{\"all\": {}, \"allocated\": {}, \"down\": {down}}}\n",
            encode(&self.all),
            encode(&allocated)
        )
    }

    /// What the page shows.
    pub fn view(&self) -> QueueView {
        let free = self.free_per_node();
        let has_gpus = free.iter().any(|f| f.2 > 0) || self.all.count("gpu") > 0;
        QueueView {
            jobs: self.jobs.iter().map(job_view).collect(),
            cores: histogram(free.iter().map(|f| f.1)),
            gpus: if has_gpus {
                histogram(free.iter().map(|f| f.2))
            } else {
                Vec::new()
            },
            largest: self.largest(),
            history: self.actions.iter().map(Action::describe).collect(),
            at: self.at,
            note: self.note.clone(),
        }
    }

    /// What `rscope fit --queue` prints: each job, the free cores per node
    /// and the largest requests that still fit.
    pub fn report(&self) -> String {
        let view = self.view();
        let mut out = String::new();
        for (i, j) in view.jobs.iter().enumerate() {
            let _ = write!(out, "job {} {}: {}", i + 1, j.shape, j.words);
            if let Some(short) = &j.short {
                let _ = write!(out, ": {short}");
            }
            out.push('\n');
        }
        let _ = writeln!(out, "free cores per node: {}", histogram_words(&view.cores));
        if !view.gpus.is_empty() {
            let _ = writeln!(out, "free GPUs per node: {}", histogram_words(&view.gpus));
        }
        if view.largest.is_empty() {
            out.push_str("largest that still fits: nothing, no core is free\n");
        }
        for l in &view.largest {
            let _ = writeln!(out, "largest that still fits: {} ({})", l.shape, l.words);
        }
        out
    }

    /// Whether every job runs (0), one waits (3) or none waits but one
    /// was refused (4): the exit status of `rscope fit --queue`.
    pub fn exit_code(&self) -> u8 {
        if self.jobs.iter().any(|j| j.state == State::Waiting) {
            3
        } else if self.jobs.iter().any(|j| j.state == State::Never) {
            4
        } else {
            0
        }
    }
}

/// Apply one action to the jobs' states.
fn apply(jobs: &mut [Job], action: &Action) {
    match action {
        Action::Allocate { job, alloc, words } => {
            let j = &mut jobs[*job];
            j.state = State::Running;
            j.alloc = Some(alloc.clone());
            j.words.clone_from(words);
        }
        Action::Refuse { job, words } => {
            let j = &mut jobs[*job];
            j.state = State::Never;
            j.words.clone_from(words);
        }
        Action::Free { job } => {
            let j = &mut jobs[*job];
            j.state = State::Freed;
            j.words = "freed".into();
        }
    }
}

fn job_view(j: &Job) -> JobView {
    let running = j.state == State::Running;
    let alloc = j.alloc.as_ref().filter(|_| running);
    JobView {
        shape: j.shape.clone(),
        state: j.state,
        words: j.words.clone(),
        short: alloc.map(Rset::short_form),
        cells: alloc.map(Rset::r_lite).unwrap_or_default(),
    }
}

/// A set as R, an empty one without the `nodelist` of one empty name
/// that [`Rset::encode`] gives it.
fn encode(set: &Rset) -> String {
    if set.is_empty() {
        return r#"{"version": 1, "execution": {"R_lite": [], "starttime": 0.0, "expiration": 0.0}}"#
            .into();
    }
    set.encode()
}

fn gpus_of(node: &Node) -> IdSet {
    node.child("gpu").cloned().unwrap_or_default()
}

/// Nodes per count, the largest count first.
fn histogram(counts: impl Iterator<Item = u64>) -> Histogram {
    let mut map = std::collections::BTreeMap::<u64, u64>::new();
    for c in counts {
        *map.entry(c).or_default() += 1;
    }
    map.into_iter().rev().collect()
}

/// `8 on 2 nodes, 0 on 1 node`.
pub fn histogram_words(h: &Histogram) -> String {
    h.iter()
        .map(|&(free, nodes)| format!("{free} on {}", count(nodes, "node")))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;
