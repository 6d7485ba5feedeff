//! Another tab's resources, as colouring by membership and the compare
//! view read them: the resources of the tab's whole system (its document,
//! those added beside it, its configuration), so that a status payload, a
//! graph, a topology or a configuration with `[resource] config` is
//! compared as an R is. The tab's documents cross to the analysis worker
//! as postcard bytes ([`system_bytes`]); the answers are the grid's own
//! wire forms ([`member_part`], [`compare_parts`]). The set workbench
//! combines tabs' systems too ([`run_job`]).

use super::{DocKind, System};
use crate::analysis::member_part;
use crate::grid::compare::Named;
use crate::grid::compare_wire::compare_parts;
use crate::resource::changes::StatusChanges;
use crate::resource::ResourceStatus;
use crate::rset::Rset;
use crate::setops::expr;
use crate::setops::job::{self, Job, JobAnswer, Known, Operation};
use crate::tabs::Text;

/// The resources of a tab's system (`docs`: name, text, as
/// [`crate::tabs::Doc::system_texts`] lists them), or why it has none.
pub fn tab_resources(docs: &[(String, Text)]) -> Result<Rset, String> {
    read_tab(docs).0
}

/// A tab's system read once: its resources (or why it has none) and the
/// text of its `resource.status` payload, if one reads, for comparing two
/// snapshots (read by the caller that wants it: the element, which
/// compares no tabs, carries no second payload reader).
fn read_tab(docs: &[(String, Text)]) -> (Result<Rset, String>, Option<Text>) {
    let kept: Vec<&(String, Text)> = docs
        .iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .collect();
    let docs: Vec<(&str, &str)> = kept
        .iter()
        .map(|(name, text)| (name.as_str(), &**text))
        .collect();
    let feature = "another tab";
    let system = System::read(&docs);
    let status = (system.documents.iter().zip(&kept))
        .find(|(d, _)| d.kind == DocKind::StatusPayload && d.problem.is_none())
        .map(|(_, (_, text))| text.clone());
    let resources = (system.resources(feature).cloned()).map_err(|why| match why {
        _ if why == super::needs_resources(feature) => OPEN_RESOURCES.to_string(),
        _ => why,
    });
    (resources, status)
}

/// What a tab with no document that gives resources is told to hold.
const OPEN_RESOURCES: &str =
    "open an R, a payload, a graph, a topology or a configuration with [resource] config in it";

/// A tab's documents as they cross to the analysis worker.
pub fn system_bytes(docs: &[(String, Text)]) -> Vec<u8> {
    postcard::to_allocvec(docs).unwrap_or_default()
}

/// The system of the tab whose documents are `bytes` ([`system_bytes`]):
/// [`read_tab`]'s answer.
fn system_of(bytes: &[u8]) -> (Result<Rset, String>, Option<Text>) {
    match postcard::from_bytes::<Vec<(String, Text)>>(bytes) {
        Ok(docs) => read_tab(&docs),
        Err(_) => (
            Err("the tab's documents did not reach the worker whole".into()),
            None,
        ),
    }
}

/// The resources of the tab whose documents are `bytes` ([`system_bytes`]).
fn resources_of(bytes: &[u8]) -> Result<Rset, String> {
    system_of(bytes).0
}

/// The answer to colouring by another tab's membership: its resources as
/// [`member_part`] sends them, read from its documents' bytes.
pub fn member_part_of(system: &[u8]) -> Vec<u8> {
    member_part(resources_of(system))
}

/// The compare view of the tabs whose documents are `systems` (the
/// active tab's first), named by `names` ([`compare_parts`]). When the
/// first two tabs each hold a `resource.status` payload, the view is of
/// two snapshots: what changed from the first to the second
/// ([`StatusChanges`]), as a table and on the grid.
pub fn compare_parts_of(systems: &[Vec<u8>], names: &[Named]) -> Vec<Vec<u8>> {
    let read: Vec<_> = systems.iter().map(|s| system_of(s)).collect();
    let status = |i: usize| {
        let text = read.get(i)?.1.as_ref()?;
        ResourceStatus::from_text(text).ok()
    };
    let changes = match (status(0), status(1)) {
        (Some(before), Some(after)) => Some(StatusChanges::between(&before, &after)),
        _ => None,
    };
    let sets: Vec<Result<Rset, String>> = read.into_iter().map(|(set, _)| set).collect();
    compare_parts(&sets, names, changes)
}

/// Run a set workbench `job` over the tabs' whole systems when it asks
/// ([`Job::systems`]): a tab whose text is not an R (a payload, a graph, a
/// topology, or none beside a configuration with `[resource] config`)
/// gives its system's resources, as `rscope system --r` prints them; an R
/// is read as flux R reads it. `known` is what the caller read of a text
/// before.
pub fn run_job(job: &Job, known: job::KnownOf) -> (JobAnswer, Option<Rset>) {
    if !job.systems {
        return job::run_kept(job, known);
    }
    // An expression reads only the tabs it names, though every tab is sent.
    let named = (job.operation == Some(Operation::Expression))
        .then(|| expr::parse(&job.expression).map_or_else(|_| Vec::new(), |e| e.letters()));
    let mut read: Vec<Option<Known>> = Vec::new();
    for (i, (tab, _)) in job.tabs.iter().enumerate() {
        if named.as_ref().is_some_and(|n| !n.contains(tab)) {
            read.push(None);
            continue;
        }
        match tab_system(job, i, known) {
            Ok(k) => read.push(Some(k)),
            Err(why) => {
                return (
                    JobAnswer::refused(format!("tab {tab}: {why}"), Some(*tab)),
                    None,
                )
            }
        }
    }
    job::run_kept(job, &|i, text| {
        (read.get(i).cloned().flatten()).or_else(|| known(i, text))
    })
}

/// The `i`th tab of `job` read: its text when that is an R (or a broken
/// one, which keeps flux R's refusal), else its system's resources.
fn tab_system(job: &Job, i: usize, known: job::KnownOf) -> Result<Known, String> {
    let text = job.tabs[i].1.as_str();
    let own = known(i, text).unwrap_or_else(|| Known::of(text));
    if own.read.is_ok() {
        return Ok(own);
    }
    let beside = job.beside.get(i).map(Vec::as_slice).unwrap_or_default();
    let name = job.names.get(i).map_or("", String::as_str);
    let docs: Vec<(&str, &str)> = std::iter::once((name, text))
        .chain(beside.iter().map(|(n, t)| (n.as_str(), t.as_str())))
        .filter(|(_, t)| !t.trim().is_empty())
        .collect();
    let system = System::read(&docs);
    let own_r =
        !text.trim().is_empty() && (system.documents.first()).is_some_and(|d| d.kind == DocKind::R);
    // A broken R keeps flux R's refusal, placed in its text, whatever is
    // beside it.
    if own_r {
        return Ok(own);
    }
    let set = system.resources("combine")?.clone();
    Ok(Known {
        read: std::rc::Rc::new(Ok(vec![set])),
        digest: own.digest,
        system: Some(docs.iter().map(|(n, _)| n.to_string()).collect()),
    })
}
