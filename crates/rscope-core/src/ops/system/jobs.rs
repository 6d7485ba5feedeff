//! The job lists open in a system, joined to its resources: what the
//! running (and cleaning-up) jobs hold is busy, so a fit goes to what is
//! free now, and where a job list disagrees with the other documents is a
//! finding: two jobs holding one core, a job holding what the resources
//! lack, a job on a drained or offline node (normal while it finishes,
//! but worth listing), a job's nodelist naming other hosts than the
//! resources give its ranks. Compiled for the page and the CLI only (the
//! `page` feature): the element reads one document alone.

use super::{DocKind, Fact, Piece, System};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::jobs::held::with_own_rs;
use crate::jobs::jobid::job_id_in_name;
use crate::jobs::map::every_child;
use crate::jobs::record::JobRecord;
use crate::jobs::HeldJob;
use crate::rset::{Node, Rset};
use crate::sorting;

/// The running jobs of one job list, by the document that lists them.
pub(super) struct ListedJobs {
    /// The document's name.
    pub name: String,
    /// Its jobs that hold resources now.
    pub jobs: Vec<HeldJob>,
    /// The document is a job's own R, not a list.
    pub own_r: bool,
}

impl ListedJobs {
    /// The job lists among `pieces`, their jobs taken out of them.
    pub(super) fn split(mut pieces: Vec<Piece>) -> (Vec<Piece>, Vec<ListedJobs>) {
        let lists = (pieces.iter_mut())
            .filter_map(|p| {
                let jobs = p.jobs.take()?;
                let name = p.read.name.clone();
                let own_r = p.read.kind == DocKind::JobR;
                Some(ListedJobs { name, jobs, own_r })
            })
            .collect();
        (pieces, lists)
    }
}

/// R documents named for a job (`ƒ2XGEF5h.R`, as people keep what `flux
/// job info ID R` prints; [`job_id_in_name`]) beside other resources:
/// each is that job's R, what it holds, not the system's resources. An R
/// beside no other resources is the resources, whatever its name.
pub(super) fn job_rs(mut pieces: Vec<Piece>) -> Vec<Piece> {
    let job_id = |p: &Piece| match (p.read.kind, &p.set) {
        (DocKind::R, Some(_)) => job_id_in_name(&p.read.name),
        _ => None,
    };
    let resources = |p: &Piece| p.set.is_some() || p.read.facts.contains(&Fact::Resources);
    if !pieces.iter().any(|p| job_id(p).is_none() && resources(p)) {
        return pieces;
    }
    for p in pieces.iter_mut() {
        let Some(id) = job_id(p) else {
            continue;
        };
        let Some(set) = p.set.take() else {
            continue;
        };
        let job = HeldJob::of_r(id, &set);
        p.read.kind = DocKind::JobR;
        p.read.facts.retain(|f| *f != Fact::Resources);
        p.read.facts.push(Fact::Allocation);
        p.read.detail = Some(format!("job {}", job.id));
        p.jobs = Some(vec![job]);
    }
    pieces
}

/// The job lists with the jobs whose own R is open folded in
/// ([`with_own_rs`]): a listed job takes its R's holding, and a job's R
/// no list names stays a list of its own.
fn folded(lists: Vec<ListedJobs>) -> Vec<ListedJobs> {
    let (own, mut listed): (Vec<_>, Vec<_>) = lists.into_iter().partition(|l| l.own_r);
    for r in own {
        let ids: Vec<&str> = r.jobs.iter().map(|j| j.id.as_str()).collect();
        let lister =
            (listed.iter_mut()).find(|l| l.jobs.iter().any(|j| ids.contains(&j.id.as_str())));
        match lister {
            Some(l) => l.jobs = with_own_rs(std::mem::take(&mut l.jobs), r.jobs),
            None => listed.push(r),
        }
    }
    listed
}

/// A job list's piece with its jobs that hold resources now, counted in
/// its detail (`4 jobs, 3 running`); they give the allocation.
pub(super) fn with_running(mut piece: Piece, records: &[JobRecord]) -> Piece {
    let held: Vec<HeldJob> = records.iter().filter_map(HeldJob::of).collect();
    let running = !held.is_empty();
    if let (true, Some(detail)) = (running, piece.read.detail.as_mut()) {
        detail.push_str(&format!(", {} running", held.len()));
    }
    piece.jobs = Some(held);
    piece.with(Fact::Allocation, running)
}

/// One job's ids of one kind of child on one rank of the resources.
struct Claim<'a> {
    rank: u32,
    kind: String,
    /// The job list's name and the job's id.
    by: (&'a str, &'a str),
    ids: IdSet,
}

impl System {
    /// Join the running jobs of `lists` to the resources: their holdings
    /// join what is busy, and each disagreement is a finding.
    pub(super) fn join_jobs(&mut self, lists: Vec<ListedJobs>) {
        let lists = folded(lists);
        if let Some((_, set)) = &self.resources {
            let r = self.resources_from().unwrap_or("R").to_string();
            let mut claims = Vec::new();
            let mut findings = Vec::new();
            for list in &lists {
                for job in &list.jobs {
                    let found = self.job_findings(set, (&list.name, job), &r, &mut claims);
                    let name = &list.name;
                    findings.extend(found.into_iter().map(|f| format!("{name}: {f}")));
                }
            }
            // Claims of one rank and kind side by side, in the order listed
            // (the sort is stable): the overlaps, then the busy set.
            sorting::sort_by(&mut claims, |a, b| {
                (a.rank, &a.kind).cmp(&(b.rank, &b.kind))
            });
            findings.extend(overlaps(&claims));
            self.findings.extend(findings);
            let busy = busy_set(set, &claims);
            if !busy.is_empty() {
                self.jobs_busy = Some(busy.clone());
                self.busy = Some(match self.busy.take() {
                    Some(b) => b.union(&busy).unwrap_or(b),
                    None => busy,
                });
            }
        }
        self.jobs = lists.into_iter().flat_map(|l| l.jobs).collect();
    }

    /// Where one job of the list `name` disagrees with the system, each in
    /// words; what it holds of the resources is added to `claims`.
    fn job_findings<'a>(
        &self,
        set: &Rset,
        (name, job): (&'a str, &'a HeldJob),
        r: &str,
        claims: &mut Vec<Claim<'a>>,
    ) -> Vec<String> {
        let id = &job.id;
        let mut out = Vec::new();
        let mut missing = Vec::new();
        for (&rank, kinds) in &job.holding {
            let Some(node) = set.node(rank) else {
                missing.push((rank, rank));
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
                let ids = ids.intersection(&all);
                let by = (name, id.as_str());
                claims.push(Claim {
                    rank,
                    kind,
                    by,
                    ids,
                });
            }
        }
        if !missing.is_empty() {
            let ranks = IdSet::from_ranges(missing);
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

/// Two jobs holding the same ids: `claims` sorted by rank and kind.
fn overlaps(claims: &[Claim]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in claims.iter().enumerate() {
        let earlier = claims[..i].iter().rev();
        let same = earlier.take_while(|e| (e.rank, &e.kind) == (c.rank, &c.kind));
        for e in same.collect::<Vec<_>>().into_iter().rev() {
            let both = c.ids.intersection(&e.ids);
            if !both.is_empty() {
                let ((name, id), other) = (c.by, e.by.1);
                let what = format!("{}{}", c.kind, both.encode(true));
                out.push(format!(
                    "{name}: jobs {other} and {id} both hold {what} of rank {}",
                    c.rank
                ));
            }
        }
    }
    out
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
    let theirs: Hostlist = hosts?.into_iter().collect();
    let sorted = |list: &Hostlist| {
        let mut hosts: Vec<String> = list.iter().collect();
        sorting::sort_by(&mut hosts, |a, b| a.cmp(b));
        hosts
    };
    if sorted(&theirs) == sorted(nodelist) {
        return None;
    }
    Some(format!(
        "job {}'s nodelist is {nodelist}, but {r} names its {} {theirs}",
        job.id,
        ranks_words(ranks)
    ))
}

/// The resources the jobs hold, as a set of the system's nodes: `claims`
/// sorted by rank and kind.
fn busy_set(set: &Rset, claims: &[Claim]) -> Rset {
    let mut busy = Rset::new();
    let mut at = 0;
    while at < claims.len() {
        let rank = claims[at].rank;
        let mut children: Vec<(&str, IdSet)> = Vec::new();
        for c in claims[at..].iter().take_while(|c| c.rank == rank) {
            match children.last_mut() {
                Some((kind, ids)) if *kind == c.kind => *ids = ids.union(&c.ids),
                _ => children.push((&c.kind, c.ids.clone())),
            }
            at += 1;
        }
        children.retain(|(_, ids)| !ids.is_empty());
        let host = set.node(rank).and_then(Node::hostname);
        let children: Vec<(&str, &IdSet)> = children.iter().map(|(k, ids)| (*k, ids)).collect();
        // Each kind appears once per rank: adding cannot overlap.
        if !children.is_empty() {
            let _ = busy.add_rank(rank, host, &children);
        }
    }
    busy
}
