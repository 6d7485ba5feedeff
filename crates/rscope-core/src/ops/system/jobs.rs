//! The job lists open in a system, joined to its resources: what the
//! running (and cleaning-up) jobs hold is busy, so a fit goes to what is
//! free now, and where a job list disagrees with the other documents is a
//! finding: two jobs holding one core, a job holding what the resources
//! lack, a job on a drained or offline node (normal while it finishes,
//! but worth listing), a job's nodelist naming other hosts than the
//! resources give its ranks. Compiled for the page and the CLI only (the
//! `page` feature): the element reads one document alone.

use super::{Fact, Piece, System};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::jobs::HeldJob;
use crate::rset::{Node, Rset};
use std::collections::BTreeMap;

/// The running jobs of one job list, by the document that lists them.
pub(super) struct ListedJobs {
    /// The document's name.
    pub name: String,
    /// Its jobs that hold resources now.
    pub jobs: Vec<HeldJob>,
}

impl ListedJobs {
    /// The job lists among `pieces`, their jobs taken out of them.
    pub(super) fn split(mut pieces: Vec<Piece>) -> (Vec<Piece>, Vec<ListedJobs>) {
        let lists = (pieces.iter_mut())
            .filter_map(|p| {
                let jobs = p.jobs.take()?;
                let name = p.read.name.clone();
                Some(ListedJobs { name, jobs })
            })
            .collect();
        (pieces, lists)
    }
}

/// A job list's piece with its jobs that hold resources now, counted in
/// its detail (`4 jobs, 3 running`); they give the allocation.
pub(super) fn with_running(mut piece: Piece, records: &[serde_json::Value]) -> Piece {
    let held: Vec<HeldJob> = records.iter().filter_map(HeldJob::of).collect();
    let running = !held.is_empty();
    if let (true, Some(detail)) = (running, piece.read.detail.as_mut()) {
        detail.push_str(&format!(", {} running", held.len()));
    }
    piece.jobs = Some(held);
    piece.with(Fact::Allocation, running)
}

/// What the jobs hold, by rank and kind of child, with who holds it.
type Taken = BTreeMap<(u32, String), Vec<(String, IdSet)>>;

impl System {
    /// Join the running jobs of `lists` to the resources: their holdings
    /// join what is busy, and each disagreement is a finding.
    pub(super) fn join_jobs(&mut self, lists: Vec<ListedJobs>) {
        let Some((_, set)) = &self.resources else {
            self.jobs = lists.into_iter().flat_map(|l| l.jobs).collect();
            return;
        };
        let r = self.resources_from().unwrap_or("R").to_string();
        let mut taken = Taken::new();
        let mut findings = Vec::new();
        for list in &lists {
            for job in &list.jobs {
                let found = self.job_findings(set, job, &r, &mut taken);
                let name = &list.name;
                findings.extend(found.into_iter().map(|f| format!("{name}: {f}")));
            }
        }
        self.findings.extend(findings);
        let busy = busy_set(set, &taken);
        if !busy.is_empty() {
            self.busy = Some(match self.busy.take() {
                Some(b) => b.union(&busy).unwrap_or(b),
                None => busy,
            });
        }
        self.jobs = lists.into_iter().flat_map(|l| l.jobs).collect();
    }

    /// Where one job disagrees with the system, each in words; what it
    /// holds of the resources is added to `taken`.
    fn job_findings(&self, set: &Rset, job: &HeldJob, r: &str, taken: &mut Taken) -> Vec<String> {
        let id = &job.id;
        let mut out = Vec::new();
        let mut missing = Vec::new();
        for (&rank, kinds) in &job.holding {
            let Some(node) = set.node(rank) else {
                missing.push(rank);
                continue;
            };
            let kinds = kinds.clone().unwrap_or_else(|| every_child(node));
            for (kind, ids) in kinds {
                let all = node.child(&kind).cloned().unwrap_or_default();
                let lacking = ids.difference(&all);
                if !lacking.is_empty() {
                    let what = format!("{kind}{}", lacking.encode(true));
                    out.push(format!(
                        "job {id} holds {what} of rank {rank}, which {r}'s resources lack"
                    ));
                }
                let held = ids.intersection(&all);
                let holders = taken.entry((rank, kind.clone())).or_default();
                for (other, theirs) in holders.iter() {
                    let both = held.intersection(theirs);
                    if !both.is_empty() {
                        let what = format!("{kind}{}", both.encode(true));
                        out.push(format!(
                            "jobs {other} and {id} both hold {what} of rank {rank}"
                        ));
                    }
                }
                holders.push((id.clone(), held));
            }
        }
        if !missing.is_empty() {
            let ranks = IdSet::from_ranges(missing.iter().map(|&m| (m, m)));
            out.push(format!(
                "job {id} holds rank {ranks}, which {r}'s resources lack"
            ));
        }
        out.extend(self.state_findings(job));
        out.extend(nodelist_finding(set, job, r));
        out
    }

    /// A job on drained, offline or torpid ranks.
    fn state_findings(&self, job: &HeldJob) -> Vec<String> {
        let on = IdSet::from_ranges(job.holding.keys().map(|&k| (k, k)));
        let id = &job.id;
        let drained = on.intersection(&self.drained);
        let down = on.intersection(&self.unavailable.difference(&self.drained));
        let mut out = Vec::new();
        if !drained.is_empty() {
            out.push(format!(
                "job {id} runs on drained {}",
                ranks_words(&drained)
            ));
        }
        if !down.is_empty() {
            out.push(format!(
                "job {id} runs on {}, offline or torpid",
                ranks_words(&down)
            ));
        }
        out
    }
}

/// `rank 3` or `ranks 2-3`.
fn ranks_words(ranks: &IdSet) -> String {
    let noun = if ranks.len() == 1 { "rank" } else { "ranks" };
    format!("{noun} {ranks}")
}

/// A job whose `nodelist` names other hosts than the resources give its
/// `ranks`.
fn nodelist_finding(set: &Rset, job: &HeldJob, r: &str) -> Option<String> {
    let (ranks, nodelist) = (job.ranks.as_ref()?, job.nodelist.as_ref()?);
    let hosts: Option<Vec<&str>> = ranks
        .iter()
        .map(|rank| set.node(rank)?.hostname())
        .collect();
    let mut theirs: Hostlist = hosts?.into_iter().collect();
    let (mut mine, mut given) = (theirs.clone(), nodelist.clone());
    mine.sort();
    given.sort();
    if mine.iter().eq(given.iter()) {
        return None;
    }
    theirs.uniq();
    Some(format!(
        "job {}'s nodelist is {nodelist}, but {r} names its {} {theirs}",
        job.id,
        ranks_words(ranks)
    ))
}

/// Every child of a node, for a job known to hold the whole node.
fn every_child(node: &Node) -> Vec<(String, IdSet)> {
    node.children()
        .map(|(k, ids)| (k.to_string(), ids.clone()))
        .collect()
}

/// The resources the jobs hold, as a set of the system's nodes.
fn busy_set(set: &Rset, taken: &Taken) -> Rset {
    let mut by_rank: BTreeMap<u32, Vec<(String, IdSet)>> = BTreeMap::new();
    for ((rank, kind), holders) in taken {
        let ids = holders
            .iter()
            .fold(IdSet::new(), |acc, (_, ids)| acc.union(ids));
        if !ids.is_empty() {
            by_rank.entry(*rank).or_default().push((kind.clone(), ids));
        }
    }
    let mut busy = Rset::new();
    for (rank, kinds) in by_rank {
        let host = set.node(rank).and_then(Node::hostname);
        let children: Vec<(&str, &IdSet)> =
            kinds.iter().map(|(k, ids)| (k.as_str(), ids)).collect();
        // Each kind appears once per rank: adding cannot overlap.
        let _ = busy.add_rank(rank, host, &children);
    }
    busy
}
