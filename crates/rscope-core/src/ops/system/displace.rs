//! What a request would displace: when a shape does not fit now because
//! running jobs hold what it needs, which of those jobs would have to make
//! way for it to fit (`rscope fit --displace`, the JS API's `fit` with
//! `displace`, the page's fit beside a job list).
//!
//! The answer uses the fit every other answer uses ([`answer_sets`]); only
//! what counts as busy changes. First every running job is set aside: if
//! the request still does not fit, down or drained nodes are in the way
//! and no job's going helps. Otherwise the jobs the allocation touches are
//! the candidates, and each in turn, the largest first, is set back in
//! place and the request fitted again: a job the request can do without
//! stays. What is left is a set of jobs none of which can stay alone, and
//! an allocation that takes only what is free or theirs.
//!
//! A scheduler that preempts weighs priorities and ages; this answers the
//! admin's question "what is in the way of this shape", not which jobs a
//! particular scheduler would pick. Without the `page` feature (the
//! element) no job list is joined, so there is nothing to displace.

use super::System;
use crate::fit::answer::{answer_sets, FitAnswer, FitError, FitStatus};
use crate::fit::{Policy, Request};
use crate::idset::IdSet;
use crate::jobs::map::every_child;
use crate::jobs::HeldJob;
use crate::rset::{Node, Rset};
use crate::sorting;

/// How many of the jobs an allocation touches are tried back in place,
/// the largest first: each try is a whole fit, and 64 of them over
/// 16 384 nodes take about a tenth of a second. The rest stay displaced,
/// and the answer says so.
pub const SET_BACK_TRIES: usize = 64;

/// A running job and what it holds of the resources.
#[derive(Clone, Debug)]
pub struct Holder {
    /// Its id in F58, as the job list's join names it.
    pub id: String,
    /// What it holds of the system's resources.
    pub holds: Rset,
}

/// What a fit needs to say what it would displace: the schedulable
/// resources, what is busy now, what is busy with every running job gone,
/// and the running jobs.
#[derive(Clone, Debug, Default)]
pub struct Displacing {
    /// What a job can be given ([`System::schedulable`]).
    pub all: Rset,
    /// What is busy now: allocated, down, drained, offline or torpid.
    pub busy: Option<Rset>,
    /// What stays busy with every running job of the job lists gone: down
    /// and drained nodes, and what a payload says is allocated that no
    /// listed job holds.
    pub base: Option<Rset>,
    /// The running jobs, in the order listed.
    pub holders: Vec<Holder>,
}

/// One job the request would displace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Displaced {
    /// Its id in F58.
    pub id: String,
    /// What it holds in all, in short form (`rank[0-1]/core[0-3]`): all of
    /// it is freed when it goes.
    pub holds: String,
}

/// The answer of a fit that says what it would displace.
#[derive(Clone, Debug)]
pub struct Displacement {
    /// The fit: as [`answer_sets`] answers when it fits now or never; when
    /// jobs would make way, `not now` with the allocation they leave.
    pub fit: FitAnswer,
    /// The jobs that would make way, in the order listed.
    pub displaced: Vec<Displaced>,
}

impl Displacing {
    /// The sets of a system without job lists: nothing to displace.
    pub fn without_jobs((all, busy): (Rset, Option<Rset>)) -> Displacing {
        Displacing {
            base: busy.clone(),
            all,
            busy,
            holders: Vec::new(),
        }
    }
}

impl System {
    /// What [`displace`] needs of this system, or why it has no resources.
    pub fn displacing(&self, feature: &str) -> Result<Displacing, String> {
        let (all, busy) = self.schedulable(feature)?;
        let set = self.resources(feature)?;
        let holders: Vec<Holder> = (self.jobs.iter())
            .map(|job| Holder {
                id: job.id.clone(),
                holds: held_set(set, job),
            })
            .filter(|h| !h.holds.is_empty())
            .collect();
        let base = match (&busy, &self.jobs_busy) {
            (Some(busy), Some(jobs)) => {
                let down = all.include_ranks(&self.unavailable);
                without(busy, jobs, &down)
            }
            _ => busy.clone(),
        };
        Ok(Displacing {
            all,
            busy,
            base,
            holders,
        })
    }

    /// Fit `request` and say which running jobs would make way for it
    /// (`rscope fit --displace`); a constraint the scheduler refuses on
    /// these nodes is refused, as [`System::fit`] refuses it.
    pub fn displace(&self, request: &Request, policy: Policy) -> Result<Displacement, FitError> {
        if self.jobs.is_empty() {
            return Err(FitError::Other(NO_JOBS.to_string()));
        }
        let sets = self.displacing("fit").map_err(FitError::Other)?;
        if let Some(why) = request.constraint_refusal(&sets.all) {
            return Err(FitError::Other(format!("--requires: {why}")));
        }
        Ok(displace(request, &sets, policy))
    }
}

/// [`System::displacing`] of the system of `text`, the documents `others`
/// beside it and the configuration `config` (empty: none), as
/// [`super::schedulable_with`] reads them: what the page's fit and the JS
/// API's `fit` keep between fits.
pub fn displacing_with(
    text: &str,
    others: &[(&str, &str)],
    config: &str,
) -> Result<Displacing, String> {
    if others.is_empty() && config.trim().is_empty() {
        return super::schedulable_in(text).map(Displacing::without_jobs);
    }
    super::system_with(text, others, config).displacing("fit")
}

/// Why `--displace` has nothing to say.
pub const NO_JOBS: &str = "--displace needs a job list with running jobs (flux jobs -a --json) \
     beside the resources";

/// `busy` less what the jobs hold, with the `down` nodes busy again (a job
/// on a drained node does not make it free when it goes).
fn without(busy: &Rset, jobs: &Rset, down: &Rset) -> Option<Rset> {
    let rest = busy.diff(jobs).unwrap_or_else(|_| busy.clone());
    let base = match down.is_empty() {
        true => rest,
        false => match rest.union(down) {
            Ok(both) => both,
            Err(_) => rest,
        },
    };
    (!base.is_empty()).then_some(base)
}

/// What `job` holds of `set`: its cores and GPUs, or every child of the
/// nodes it holds whole, on the ranks `set` has.
fn held_set(set: &Rset, job: &HeldJob) -> Rset {
    let mut out = Rset::new();
    for (&rank, kinds) in &job.holding {
        let Some(node) = set.node(rank) else {
            continue;
        };
        let kinds = kinds.clone().unwrap_or_else(|| every_child(node));
        let held: Vec<(String, IdSet)> = (kinds.into_iter())
            .filter_map(|(kind, ids)| {
                let ids = ids.intersection(node.child(&kind)?);
                (!ids.is_empty()).then_some((kind, ids))
            })
            .collect();
        let children: Vec<(&str, &IdSet)> = held.iter().map(|(k, ids)| (k.as_str(), ids)).collect();
        // Each rank once, each kind once on it: adding cannot overlap.
        if !children.is_empty() {
            let _ = out.add_rank(rank, node.hostname(), &children);
        }
    }
    out
}

/// The fit the page and the JS API answer: [`displace`] when `displacing`
/// (refused with [`NO_JOBS`] when the system has no running job), else
/// the plain fit, with nothing displaced.
pub fn fit_displacing(
    request: &Request,
    sets: &Displacing,
    policy: Policy,
    displacing: bool,
) -> Result<Displacement, String> {
    match displacing {
        true if sets.holders.is_empty() => Err(NO_JOBS.to_string()),
        true => Ok(displace(request, sets, policy)),
        false => Ok(Displacement {
            fit: answer_sets(request, &sets.all, sets.busy.as_ref(), policy),
            displaced: Vec::new(),
        }),
    }
}

/// Fit `request` into `sets` and say which running jobs would make way.
pub fn displace(request: &Request, sets: &Displacing, policy: Policy) -> Displacement {
    let all = &sets.all;
    let now = answer_sets(request, all, sets.busy.as_ref(), policy);
    if now.status != FitStatus::NotNow || sets.holders.is_empty() {
        return nothing_displaced(now);
    }
    let freed = answer_sets(request, all, sets.base.as_ref(), policy);
    if freed.alloc.is_none() {
        return in_vain(freed);
    }
    let fit = fewest_smallest(request, sets, policy, freed);
    let (out, fit, tried) = set_back(request, sets, policy, fit);
    let alloc = fit.alloc.clone().unwrap_or_default();
    let mut gone = touching(&sets.holders, &alloc, out.iter().copied());
    // Of the jobs that go, those never tried back in place.
    let untried = gone.iter().filter(|j| out[tried..].contains(j)).count();
    if gone.is_empty() {
        // The jobs' going did not free what the fit took (a payload's
        // allocation no listed job holds): the answer is the fit's own.
        return nothing_displaced(now);
    }
    gone.sort_unstable();
    displacing_answer(fit, &sets.holders, &gone, untried)
}

/// A fit with the fewest of the smallest jobs gone: the jobs ordered by
/// the cores they hold, the shortest prefix of them whose going lets the
/// request fit, found by halving (the more is free, the more fits; all of
/// them gone, it fits: `freed`). The allocation then goes where most is
/// free, as the policy orders nodes, rather than where the largest jobs run.
fn fewest_smallest(
    request: &Request,
    sets: &Displacing,
    policy: Policy,
    freed: FitAnswer,
) -> FitAnswer {
    let sizes: Vec<u64> = sets.holders.iter().map(cores).collect();
    let mut order: Vec<usize> = (0..sets.holders.len()).collect();
    sorting::sort_by_key(&mut order, |&j| (sizes[j], j));
    let (mut lo, mut hi, mut best) = (1, order.len(), freed);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let kept = kept_busy(sets, &order[..mid]);
        let a = answer_sets(request, &sets.all, kept.as_ref(), policy);
        if a.alloc.is_some() {
            (hi, best) = (mid, a);
        } else {
            lo = mid + 1;
        }
    }
    best
}

/// Set back in place, the largest first, each job `fit`'s allocation
/// touches, while the request still fits without it: the jobs left, the
/// fit with only them gone, and where among the jobs left those not tried
/// ([`SET_BACK_TRIES`]) begin.
fn set_back(
    request: &Request,
    sets: &Displacing,
    policy: Policy,
    mut fit: FitAnswer,
) -> (Vec<usize>, FitAnswer, usize) {
    let alloc = fit.alloc.clone().unwrap_or_default();
    let mut out = touching(&sets.holders, &alloc, 0..sets.holders.len());
    // The largest first: keeping a large job in place spares the most.
    sorting::sort_by_key(&mut out, |&j| {
        (std::cmp::Reverse(cores(&sets.holders[j])), j)
    });
    let mut kept = kept_busy(sets, &out);
    let (mut at, mut tries) = (0, 0);
    while at < out.len() && tries < SET_BACK_TRIES {
        tries += 1;
        let holds = &sets.holders[out[at]].holds;
        let trial = match &kept {
            Some(k) => k.union(holds).unwrap_or_else(|_| k.clone()),
            None => holds.clone(),
        };
        let again = answer_sets(request, &sets.all, Some(&trial), policy);
        if again.alloc.is_some() {
            (kept, fit) = (Some(trial), again);
            out.remove(at);
        } else {
            at += 1;
        }
    }
    (out, fit, at)
}

/// The indices among `which` of the holders that hold some of `alloc`.
fn touching(holders: &[Holder], alloc: &Rset, which: impl Iterator<Item = usize>) -> Vec<usize> {
    let ranks = alloc.ranks();
    which
        .filter(|&j| {
            let h = &holders[j].holds;
            h.ranks().intersects(&ranks) && !h.intersect(alloc).is_empty()
        })
        .collect()
}

/// How many cores a holder holds.
fn cores(h: &Holder) -> u64 {
    h.holds.nodes().map(|n| n.cores().len()).sum()
}

/// What is busy with the jobs `out` gone: what is busy now less what they
/// hold, with what is busy anyway ([`Displacing::base`]) kept.
fn kept_busy(sets: &Displacing, out: &[usize]) -> Option<Rset> {
    let busy = sets.busy.as_ref()?;
    let gone = gathered(&sets.holders, out);
    let rest = busy.diff(&gone).unwrap_or_else(|_| busy.clone());
    let kept = match &sets.base {
        Some(base) => rest.union(base).unwrap_or(rest),
        None => rest,
    };
    (!kept.is_empty()).then_some(kept)
}

/// What the holders `which` hold, as one set: their nodes in rank order,
/// each rank's ids joined (a union per job would copy the growing set
/// each time).
fn gathered(holders: &[Holder], which: &[usize]) -> Rset {
    let mut nodes: Vec<&Node> = (which.iter())
        .flat_map(|&j| holders[j].holds.nodes())
        .collect();
    sorting::sort_by_key(&mut nodes, |n| n.rank());
    let mut out = Rset::new();
    for same in nodes.chunk_by(|a, b| a.rank() == b.rank()) {
        let mut kinds: Vec<(&str, IdSet)> = Vec::new();
        for (kind, ids) in same.iter().flat_map(|n| n.children()) {
            match kinds.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, have)) => *have = have.union(ids),
                None => kinds.push((kind, ids.clone())),
            }
        }
        let children: Vec<(&str, &IdSet)> = kinds.iter().map(|(k, ids)| (*k, ids)).collect();
        // Each rank once, each kind once on it: adding cannot overlap.
        let _ = out.add_rank(same[0].rank(), same[0].hostname(), &children);
    }
    out
}

/// The fit's own answer: it fits now (nothing is displaced) or never.
fn nothing_displaced(mut fit: FitAnswer) -> Displacement {
    if fit.status == FitStatus::Now {
        fit.printed.push_str("displaces no running job\n");
        fit.words.push_str("; displaces no running job");
    }
    Displacement {
        fit,
        displaced: Vec::new(),
    }
}

/// The answer when the request does not fit now even with every running
/// job gone: down, drained or excluded nodes are in the way.
fn in_vain(mut freed: FitAnswer) -> Displacement {
    const EVEN: &str = "not now, even displacing every running job: ";
    if let Some(rest) = freed.printed.strip_prefix("not now: ") {
        freed.printed = format!("{EVEN}{rest}");
    }
    if let Some(rest) = freed.words.strip_prefix("not now: ") {
        freed.words = format!("{EVEN}{rest}");
    }
    Displacement {
        fit: freed,
        displaced: Vec::new(),
    }
}

/// The answer when the jobs `gone` make way: `fit` is the fit with them
/// gone, which fits; it is not now, with their names and what they hold.
fn displacing_answer(
    mut fit: FitAnswer,
    holders: &[Holder],
    gone: &[usize],
    untried: usize,
) -> Displacement {
    let displaced: Vec<Displaced> = (gone.iter())
        .map(|&j| Displaced {
            id: holders[j].id.clone(),
            holds: holders[j].holds.short_form(),
        })
        .collect();
    let jobs = crate::words::count(displaced.len() as u64, "running job");
    fit.status = FitStatus::NotNow;
    let how = format!("fits by displacing {jobs}: ");
    if let Some(rest) = fit.printed.strip_prefix("fits now: ") {
        fit.printed = format!("{how}{rest}");
    }
    if let Some(rest) = fit.words.strip_prefix("fits now: ") {
        fit.words = format!("{how}{rest}");
    }
    for d in &displaced {
        fit.printed
            .push_str(&format!("displaces {}, which holds {}\n", d.id, d.holds));
    }
    if untried > 0 {
        // The limit, stated: these may not all need to go.
        fit.printed.push_str(&format!(
            "{} not tried back in place: only {SET_BACK_TRIES} tries are made, the largest jobs first\n",
            crate::words::count_as(untried as u64, "job was", "jobs were")
        ));
    }
    Displacement { fit, displaced }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::answer::request_of;

    const R_FOO: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["foo[1-4]"]}}"#;

    /// A job list of running jobs, each `(id, resource summary)`; a summary
    /// without `/` is the job's `ranks` alone (whole nodes).
    fn jobs(list: &[(u64, &str)]) -> String {
        let line = |(id, held): &(u64, &str)| match held.contains('/') {
            true => format!(
                r#"{{"id": {id}, "userid": 1, "t_submit": 1.0, "state": "RUN", "annotations": {{"sched": {{"resource_summary": "{held}"}}}}}}"#
            ),
            false => format!(
                r#"{{"id": {id}, "userid": 1, "t_submit": 1.0, "state": "RUN", "ranks": "{held}"}}"#
            ),
        };
        let lines: Vec<String> = list.iter().map(line).collect();
        format!(r#"{{"jobs": [{}]}}"#, lines.join(", "))
    }

    /// Rank 0 whole by ƒ2, half of rank 1 by ƒ3, ranks 2-3 by ƒ4: rank 1's
    /// cores 2-3 are free.
    fn three_jobs() -> String {
        jobs(&[
            (1, "rank0/core[0-3]"),
            (2, "rank1/core[0-1]"),
            (3, "rank[2-3]/core[0-3]"),
        ])
    }

    /// What `rscope fit --displace` prints for `shape`, and the ids displaced.
    fn printed(docs: &[(&str, &str)], shape: &str) -> (String, Vec<String>) {
        let request = request_of(shape, None).unwrap();
        match System::read(docs).displace(&request, Policy::Worst) {
            Ok(d) => (
                d.fit.printed,
                d.displaced.into_iter().map(|d| d.id).collect(),
            ),
            Err(e) => (e.to_string(), Vec::new()),
        }
    }

    #[test]
    fn what_fits_now_displaces_nothing() {
        let list = three_jobs();
        let (text, gone) = printed(&[("r.json", R_FOO), ("jobs.json", &list)], "node=1/core=2");
        assert_eq!(
            text,
            "fits now: 1 slot on 1 node\nrank1/core[2-3]\ndisplaces no running job\n"
        );
        assert!(gone.is_empty());
    }

    #[test]
    fn the_smallest_job_in_the_way_makes_way() {
        let list = three_jobs();
        let docs = [("r.json", R_FOO), ("jobs.json", list.as_str())];
        // ƒ3's two cores, not ƒ2's four, stand between the request and rank 1.
        let (text, gone) = printed(&docs, "node=1/core=4");
        assert_eq!(
            text,
            "fits by displacing 1 running job: 1 slot on 1 node\nrank1/core[0-3]\n\
             displaces ƒ3, which holds rank1/core[0-1]\n"
        );
        assert_eq!(gone, ["ƒ3"]);
        let (text, _) = printed(&docs, "node=2/core=4");
        assert_eq!(
            text,
            "fits by displacing 2 running jobs: 2 slots on 2 nodes\nrank[0-1]/core[0-3]\n\
             displaces ƒ2, which holds rank0/core[0-3]\n\
             displaces ƒ3, which holds rank1/core[0-1]\n"
        );
        let request = request_of("node=2/core=4", None).unwrap();
        let d = System::read(&docs)
            .displace(&request, Policy::Worst)
            .unwrap();
        assert_eq!(d.fit.status, FitStatus::NotNow);
        assert_eq!(
            d.fit.words,
            "fits by displacing 2 running jobs: 2 nodes, foo[1-2], 8 cores"
        );
        assert_eq!(d.fit.short().as_deref(), Some("rank[0-1]/core[0-3]"));
    }

    #[test]
    fn a_job_that_can_stay_is_set_back_in_place() {
        // Two nodes with two free cores each are wanted. ƒ2 (core 0 of
        // rank 0) and ƒ3 (cores 0-2 of rank 1) are the smallest jobs, and
        // with both gone the fit takes cores 0-1 of each node; set back in
        // place, ƒ2 leaves rank 0 three free cores, which still do.
        let list = jobs(&[
            (1, "rank0/core0"),
            (2, "rank1/core[0-2]"),
            (3, "rank[2-3]/core[0-3]"),
        ]);
        let (text, gone) = printed(&[("r.json", R_FOO), ("jobs.json", &list)], "node=2/core=2");
        assert_eq!(gone, ["ƒ3"]);
        assert_eq!(
            text,
            "fits by displacing 1 running job: 2 slots on 2 nodes
rank0/core[1-2] rank1/core[0-1]
\
             displaces ƒ3, which holds rank1/core[0-2]\n"
        );
    }

    #[test]
    fn a_job_holding_whole_nodes_frees_them_whole() {
        let list = jobs(&[(7, "2-3")]);
        let (text, gone) = printed(&[("r.json", R_FOO), ("jobs.json", &list)], "node=3/core=4");
        assert_eq!(gone, ["ƒ8"]);
        assert_eq!(
            text,
            "fits by displacing 1 running job: 3 slots on 3 nodes\nrank[0-2]/core[0-3]\n\
             displaces ƒ8, which holds rank[2-3]/core[0-3]\n"
        );
    }

    #[test]
    fn down_nodes_in_the_way_are_said_and_never_is_never() {
        let status = format!(
            r#"{{"R": {R_FOO}, "online": "0-2", "offline": "3", "exclude": "", "torpid": "", "drain": {{}}}}"#
        );
        let list = three_jobs();
        let docs = [("status.json", status.as_str()), ("jobs.json", &list)];
        let (text, gone) = printed(&docs, "node=4/core=1");
        assert_eq!(
            text,
            "not now, even displacing every running job: node: need 4 nodes with 1 free core, 3 are; \
             the whole R would hold it\n"
        );
        assert!(gone.is_empty());
        let (text, _) = printed(&docs, "node=5");
        assert_eq!(text, "never: node: need 5 nodes wholly free, 4 are\n");
    }

    #[test]
    fn without_a_job_list_there_is_nothing_to_displace() {
        let (text, _) = printed(&[("r.json", R_FOO)], "node=1");
        assert_eq!(text, NO_JOBS);
        assert_eq!(
            NO_JOBS,
            "--displace needs a job list with running jobs (flux jobs -a --json) beside the resources"
        );
    }

    #[test]
    fn only_so_many_jobs_are_tried_back_and_the_rest_is_said() {
        // 70 nodes with one busy core each: a request for all 70 whole
        // needs every job gone, and only 64 are tried back.
        let n = 70;
        let r = format!(
            r#"{{"version":1,"execution":{{"R_lite":[{{"rank":"0-{}","children":{{"core":"0-3"}}}}],"starttime":0,"expiration":0}}}}"#,
            n - 1
        );
        let summaries: Vec<String> = (0..n).map(|rank| format!("rank{rank}/core0")).collect();
        let held: Vec<(u64, &str)> = (summaries.iter().enumerate())
            .map(|(i, s)| (i as u64 + 1, s.as_str()))
            .collect();
        let list = jobs(&held);
        let (text, gone) = printed(&[("r.json", &r), ("jobs.json", &list)], "node=70/core=4");
        assert_eq!(gone.len(), 70);
        // Every line: each job named once, in id order, then the limit.
        let mut want =
            "fits by displacing 70 running jobs: 70 slots on 70 nodes\nrank[0-69]/core[0-3]\n"
                .to_string();
        for (id, held) in &held {
            let id = crate::jobs::jobid::f58(*id, crate::jobs::jobid::F58Prefix::Hook);
            want.push_str(&format!("displaces {id}, which holds {held}\n"));
        }
        want.push_str(
            "6 jobs were not tried back in place: only 64 tries are made, the largest jobs first\n",
        );
        assert_eq!(text, want);
        assert!(text.contains("displaces ƒ2D, which holds rank69/core0\n"));
    }
}
