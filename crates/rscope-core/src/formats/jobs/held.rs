//! What the running jobs of a job list hold, as the system model joins
//! them to its resources.
//!
//! The system needs only a job's id, state, ranks, nodelist,
//! `annotations.sched.resource_summary` and who it runs for. They are
//! read with the reading that recognises a job list
//! ([`super::record::job_records`]), not through [`super::JobInfo`] and
//! Python's JSON reader, which print `rscope jobs` exactly: the page's
//! bundle, which reads job lists into its tabs' systems, does not carry
//! those.

use super::jobid::{f58, process_prefix};
use super::map::{parse_summary, Holding};
use super::record::{JobRecord, Scalar};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;

/// flux's RUN and CLEANUP states, by number and name: a job holds its
/// resources in both.
const HOLDING_STATES: [(u64, &str); 2] = [(16, "RUN"), (32, "CLEANUP")];

/// A running (or cleaning-up) job and what it holds. It crosses from
/// the analysis worker (a timeline's past jobs, [`crate::grid::jobs`]),
/// without its nodelist, which the grid does not read.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct HeldJob {
    /// Its id in F58 (`ƒ2KWFwT5`).
    pub id: String,
    /// Its `ranks`, when the record has them.
    pub ranks: Option<IdSet>,
    /// Its `nodelist`, when the record has one.
    #[serde(skip)]
    pub nodelist: Option<Hostlist>,
    /// What it holds by rank: its resource summary's cores and GPUs, or
    /// (`None` for a rank) the whole node, when only `ranks` are known.
    pub holding: Holding,
    /// Whether the holding is whole nodes, from `ranks` alone (the grid's
    /// tooltip says so).
    pub whole_nodes: bool,
    /// Who it runs for, what it is called and where: its `userid`, `name`
    /// and `queue`, when the record has them.
    pub who: JobLabel,
}

/// What a job record says of a running job beside what it holds: the
/// grid colours by user and queue, and its tooltip names the job.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct JobLabel {
    /// Its `userid`.
    pub user: Option<u64>,
    /// Its `name`.
    pub name: Option<String>,
    /// Its `queue`.
    pub queue: Option<String>,
    /// When it started running (`t_run`, seconds since the epoch).
    pub t_run: Option<f64>,
    /// When it must end (`expiration`; 0 or none: no limit).
    pub expiration: Option<f64>,
    /// When it stopped holding its resources (`t_cleanup`), once it has.
    pub t_cleanup: Option<f64>,
}

impl JobLabel {
    /// The label of job record `record`.
    fn of(record: &JobRecord) -> JobLabel {
        let text = |t: &Option<std::borrow::Cow<str>>| t.as_deref().map(str::to_string);
        let time = |t: Option<f64>| t.filter(|t| *t > 0.0);
        JobLabel {
            user: record.userid,
            name: text(&record.name),
            queue: text(&record.queue),
            t_run: time(record.t_run),
            expiration: time(record.expiration),
            t_cleanup: time(record.t_cleanup),
        }
    }
}

/// The jobs of the job list `text` that hold resources now (RUN or
/// CLEANUP), with what they hold; jobs whose holding is unknown (no
/// summary and no ranks) are left out. `None` when `text` is no job list.
pub fn held_jobs(text: &str) -> Option<Vec<HeldJob>> {
    held_and_ran_jobs(text, false).map(|(held, _)| held)
}

/// [`held_jobs`] of the job list `text`, and (when `past`) every job of it
/// that ever ran ([`HeldJob::ran`]), reading the list once. The jobs that
/// ran are read only for a timeline, which shows them at its moments: a
/// list of 100 000 jobs is mostly finished ones.
pub fn held_and_ran_jobs(text: &str, past: bool) -> Option<(Vec<HeldJob>, Vec<HeldJob>)> {
    let records = super::record::job_records(text)?;
    let held = records.iter().filter_map(HeldJob::of).collect();
    let ran = match past {
        true => records.iter().filter_map(HeldJob::ran).collect(),
        false => Vec::new(),
    };
    Some((held, ran))
}

impl HeldJob {
    /// One job record's holding, when it holds resources now.
    pub fn of(record: &JobRecord) -> Option<HeldJob> {
        // `flux jobs --json` names states; job-list objects number them.
        let holds = match record.state.as_ref()? {
            Scalar::Str(name) => HOLDING_STATES.iter().any(|(_, n)| n == name),
            Scalar::Num(n) => HOLDING_STATES.iter().any(|&(s, _)| n.u64 == Some(s)),
            Scalar::Other => false,
        };
        if !holds {
            return None;
        }
        HeldJob::holding_of(record)
    }

    /// One job record's holding, whatever its state now, when it ran (it
    /// has a `t_run`): its `t_run` and `t_cleanup` say when it held it.
    pub fn ran(record: &JobRecord) -> Option<HeldJob> {
        record.t_run.filter(|t| *t > 0.0)?;
        HeldJob::holding_of(record)
    }

    /// What job record `record` holds, from its summary or its ranks.
    fn holding_of(record: &JobRecord) -> Option<HeldJob> {
        let ranks = record.ranks.as_deref().and_then(|r| IdSet::decode(r).ok());
        let nodelist = record
            .nodelist
            .as_deref()
            .and_then(|n| Hostlist::parse(n).ok());
        let summary = record.resource_summary.as_deref();
        let (holding, whole_nodes) = match summary.and_then(parse_summary) {
            Some(held) if !held.is_empty() => (held, false),
            _ => {
                // Inserted one by one: collecting would build the map by
                // sorting, a copy of the standard sort the page can spare.
                let mut whole = Holding::new();
                for rank in ranks.as_ref()?.iter() {
                    whole.insert(rank, None);
                }
                (whole, true)
            }
        };
        Some(HeldJob {
            id: f58(record.id?, process_prefix()),
            ranks,
            nodelist,
            holding,
            whole_nodes,
            who: JobLabel::of(record),
        })
    }
}

impl HeldJob {
    /// Job `id` holding all of `set`, its own R (`flux job info ID R`):
    /// every child of each node, the R's hosts, and its `starttime` and
    /// `expiration` as when it started running and must end.
    pub fn of_r(id: u64, set: &crate::rset::Rset) -> HeldJob {
        let mut holding = Holding::new();
        for node in set.nodes() {
            holding.insert(node.rank(), Some(super::map::every_child(node)));
        }
        let time = |t: f64| (t > 0.0).then_some(t);
        HeldJob {
            id: f58(id, process_prefix()),
            ranks: Some(set.ranks()),
            nodelist: set.nodelist(),
            holding,
            whole_nodes: false,
            who: JobLabel {
                t_run: time(set.starttime()),
                expiration: time(set.expiration()),
                ..JobLabel::default()
            },
        }
    }
}

/// The job `name` and `text` are, when the name carries a job id
/// ([`super::jobid::job_id_in_name`]) and the text is an R: that job
/// holding its R.
pub fn job_r(name: &str, text: &str) -> Option<HeldJob> {
    let id = super::jobid::job_id_in_name(name)?;
    let set = crate::rset::load_resources(text).ok()?;
    Some(HeldJob::of_r(id, &set))
}

/// The running jobs of the job lists, `listed`, with the jobs whose own R
/// is open, `own`: a job's R says what it holds better than the list's
/// summary, so it replaces the holding of the listed job of the same id
/// (whose name, user and queue stay); a job not listed is added.
pub fn with_own_rs(mut listed: Vec<HeldJob>, own: Vec<HeldJob>) -> Vec<HeldJob> {
    for job in own {
        match listed.iter_mut().find(|l| l.id == job.id) {
            Some(l) => {
                l.who.t_run = l.who.t_run.or(job.who.t_run);
                l.who.expiration = l.who.expiration.or(job.who.expiration);
                (l.holding, l.ranks, l.nodelist, l.whole_nodes) =
                    (job.holding, job.ranks, job.nodelist, false);
            }
            None => listed.push(job),
        }
    }
    listed
}
