//! `rscope jobs map`: which running job holds each node's cores and GPUs,
//! and what is free, from a job list and the instance's R.
//!
//! A job holds resources while it runs or cleans up (RUN, CLEANUP). What it
//! holds comes from the scheduler's `annotations.sched.resource_summary`
//! (`rank[0-3]/core[0-3],gpu0`, as librlist's `rlist_dumps` writes it:
//! groups of ranks with the same children, separated by spaces) and, when
//! a job has none, from its `ranks`, as whole nodes. This is Rscope's own
//! command: flux-core has none like it.

use super::info::{Context, JobInfo};
use super::names::{result_of_name, state_of_name};
use super::print::{read_jobs, ReadError};
use super::pyjson::{loads, LoadError, PyJson};
use crate::idset::IdSet;
use crate::output_format::FieldValue;
use crate::rset::Rset;
use std::collections::BTreeMap;

/// What one job holds: per rank, each kind of child and its ids; `None`
/// for a whole node (known from `ranks` alone).
pub type Holding = BTreeMap<u32, Option<Vec<(String, IdSet)>>>;

/// A `resource_summary` read into what it holds, or `None` where it does
/// not read as `rank…/child…` groups.
pub fn parse_summary(summary: &str) -> Option<Holding> {
    let mut held = Holding::new();
    for group in summary.split(' ').filter(|g| !g.is_empty()) {
        let (ranks, children) = group.strip_prefix("rank")?.split_once('/')?;
        let ranks = IdSet::decode(ranks.trim_start_matches('[').trim_end_matches(']')).ok()?;
        let mut kinds = Vec::new();
        for child in children.split(',') {
            let at = child.find(|c: char| c.is_ascii_digit() || c == '[')?;
            let ids = child[at..].trim_start_matches('[').trim_end_matches(']');
            kinds.push((child[..at].to_string(), IdSet::decode(ids).ok()?));
        }
        for rank in ranks.iter() {
            held.insert(rank, Some(kinds.clone()));
        }
    }
    Some(held)
}

/// A job list in either form: `job-list` objects a line (`flux jobs
/// --from-stdin`'s input), or `flux jobs --json`'s `{"jobs": [...]}`,
/// whose states and results are names (`RUN`, `COMPLETED`).
pub fn read_any<'a>(text: &str, context: Context<'a>) -> Result<Vec<JobInfo<'a>>, ReadError> {
    let whole = loads(text).ok();
    let Some(PyJson::List(list)) = whole.as_ref().and_then(|v| v.get("jobs")) else {
        return read_jobs(text, context);
    };
    let mut jobs = Vec::with_capacity(list.len());
    for (i, job) in list.iter().enumerate() {
        let mut job = job.clone();
        if let PyJson::Dict(entries) = &mut job {
            for (k, v) in entries.iter_mut() {
                let named = match (&**k, &*v) {
                    ("state", PyJson::Str(s)) => state_of_name(s),
                    ("result", PyJson::Str(s)) => result_of_name(s),
                    _ => None,
                };
                if let Some(n) = named {
                    *v = PyJson::Int(n);
                }
            }
        }
        let made = JobInfo::new(job, context).map_err(|e| ReadError {
            message: format!(
                "jobs[{i}]: {}",
                match e {
                    LoadError::Value(m) | LoadError::Other(m) => m,
                }
            ),
        })?;
        jobs.push(made);
    }
    Ok(jobs)
}

/// What a running job holds, or `None` for a job that holds nothing now.
pub fn holding(job: &JobInfo) -> Option<Holding> {
    let state = job.key("state_id")?;
    if !matches!(state, PyJson::Int(16 | 32)) {
        return None;
    }
    if let Some(PyJson::Str(s)) = job.annotation(&["sched", "resource_summary"]) {
        if let Some(held) = parse_summary(s) {
            return Some(held);
        }
    }
    match job.value("ranks") {
        Ok(FieldValue::Str(ranks)) => {
            let ids = IdSet::decode(&ranks).ok()?;
            Some(ids.iter().map(|r| (r, None)).collect())
        }
        _ => None,
    }
}

/// The map as text: a line per rank of R (its host, what is free, and
/// each job holding part of it), then warnings where jobs overlap or hold
/// what R lacks.
pub fn job_map(jobs: &[JobInfo], r: &Rset) -> (String, Vec<String>) {
    let mut warnings = Vec::new();
    let holdings: Vec<(String, Holding)> = jobs
        .iter()
        .filter_map(|j| Some((j.f58().ok()?, holding(j)?)))
        .collect();
    let mut rows = vec![(
        "RANK".to_string(),
        "HOST".to_string(),
        "FREE".to_string(),
        "JOBS".to_string(),
    )];
    for node in r.nodes_by_rank() {
        let rank = node.rank();
        let mut free: Vec<(String, IdSet)> = node
            .children()
            .map(|(k, ids)| (k.to_string(), ids.clone()))
            .collect();
        let mut here = Vec::new();
        for (id, held) in &holdings {
            let Some(kinds) = held.get(&rank) else {
                continue;
            };
            let kinds = kinds.clone().unwrap_or_else(|| every_child(node));
            for (kind, ids) in &kinds {
                let slot = free.iter_mut().find(|(k, _)| k == kind);
                let available = slot.as_ref().map(|(_, s)| s.clone()).unwrap_or_default();
                let all = node.child(kind).cloned().unwrap_or_default();
                let lacking = ids.difference(&all);
                if !lacking.is_empty() {
                    warnings.push(format!(
                        "job {id} holds {kind}{} of rank {rank}, which R lacks",
                        brackets(&lacking)
                    ));
                }
                let taken = ids.intersection(&all).difference(&available);
                if !taken.is_empty() {
                    warnings.push(format!(
                        "job {id} holds {kind}{} of rank {rank}, which another running job holds",
                        brackets(&taken)
                    ));
                }
                if let Some((_, s)) = slot {
                    *s = s.difference(ids);
                }
            }
            here.push(format!("{id} {}", children_text(&kinds)));
        }
        let host = node.hostname().unwrap_or("-").to_string();
        let free = children_text(&free);
        rows.push((
            rank.to_string(),
            host,
            if free.is_empty() {
                "-".to_string()
            } else {
                free
            },
            here.join(", "),
        ));
    }
    for (id, held) in &holdings {
        let missing: Vec<u32> = held
            .keys()
            .copied()
            .filter(|&rank| r.node(rank).is_none())
            .collect();
        if !missing.is_empty() {
            let ids = IdSet::from_ranges(missing.iter().map(|&m| (m, m)));
            warnings.push(format!(
                "job {id} holds rank {}, which R lacks",
                ids.encode(false)
            ));
        }
    }
    (table(&rows), warnings)
}

/// `rscope jobs map` as it prints: the map of the job list `list` (named
/// `list_name` in errors) over the R `r` (named `r_name`) on standard
/// output, each warning on standard error, and the exit status. The CLI
/// and the JS API's `jobMap` both answer with it.
pub fn map_printed(
    list: (&str, &str),
    r: (&str, &str),
    now: f64,
    prefix: super::F58Prefix,
) -> crate::output_format::Printed {
    let fail = |m: String| crate::output_format::Printed::failure(format!("rscope: {m}\n"));
    let (r_name, r_text) = r;
    let set = match crate::rset::load(r_text) {
        Ok(set) => set,
        Err(e) => return fail(format!("{r_name}: {e}")),
    };
    let none = |_: u32| None;
    let context = Context {
        now,
        prefix,
        user_name: &none,
    };
    let (list_name, list_text) = list;
    let jobs = match read_any(list_text, context) {
        Ok(jobs) => jobs,
        Err(e) => return fail(format!("{list_name}: {}", e.message)),
    };
    let (table, warnings) = job_map(&jobs, &set);
    let mut printed = crate::output_format::Printed::output(table);
    for w in warnings {
        printed.stderr.push_str(&format!("rscope: warning: {w}\n"));
    }
    printed
}

/// Every child of a node, for a job known to hold the whole node.
pub(crate) fn every_child(node: &crate::rset::Node) -> Vec<(String, IdSet)> {
    node.children()
        .map(|(k, ids)| (k.to_string(), ids.clone()))
        .collect()
}

/// An id set as librlist writes a child's (`core[0-3]`, `core0`).
fn brackets(ids: &IdSet) -> String {
    ids.encode(true)
}

/// `core[0-3],gpu0`: each non-empty kind, by name.
fn children_text(kinds: &[(String, IdSet)]) -> String {
    let mut kinds: Vec<&(String, IdSet)> = kinds.iter().collect();
    kinds.sort_by(|a, b| a.0.cmp(&b.0));
    kinds
        .into_iter()
        .filter(|(_, ids)| !ids.is_empty())
        .map(|(k, ids)| format!("{k}{}", brackets(ids)))
        .collect::<Vec<_>>()
        .join(",")
}

/// Rows in columns, each as wide as its widest cell, the last one bare.
fn table(rows: &[(String, String, String, String)]) -> String {
    let width = |f: fn(&(String, String, String, String)) -> &String| {
        rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0)
    };
    let (w0, w1, w2) = (width(|r| &r.0), width(|r| &r.1), width(|r| &r.2));
    let mut out = String::new();
    for (a, b, c, d) in rows {
        let line = format!("{a:<w0$} {b:<w1$} {c:<w2$} {d}");
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
