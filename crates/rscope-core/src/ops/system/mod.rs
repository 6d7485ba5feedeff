//! The system model: what the documents open in one tab say about one
//! Flux system, merged into one value that views and commands read
//! instead of one kind of document.
//!
//! An admin holds several documents about one system: its R or graph, a
//! `flux resource status` or `list` payload, its configuration, an hwloc
//! topology of one node. Each is recognised by its content
//! ([`DocKind`]) and gives what it knows ([`Fact`]): resources (an R, a
//! payload's `all` or `R`, a graph's vertices, a topology, `[resource]
//! config`), the rank order (`[bootstrap] hosts`), node states and drain
//! reasons, the allocation, exclusions and queues. [`System::read`]
//! merges them, with a finding where they disagree: a drained rank the
//! resources do not have, resources that differ between documents, hosts
//! out of `[bootstrap] hosts` order.
//!
//! A feature that needs a fact the system lacks says what to open
//! ([`System::resources`]): "fit needs resources: open an R, a payload, a
//! graph, a topology or a configuration with [resource] config".

use crate::commands::config::{config_r, excluded, instance_r, SystemConfig};
use crate::commands::r::topology_view;
use crate::fit::answer::{answer_sets, request_in, request_of, FitAnswer, FitError};
use crate::fit::{ConstraintReading, Policy, Request};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::report::{make_report, Report, BARE_GRAPH_NOTE};
use crate::rset::{self, Rset};

pub mod displace;
#[cfg(feature = "page")]
mod jobs;
mod payloads;
pub mod printed;
mod sets;
mod shared;
#[cfg(test)]
mod tests;

pub use payloads::{queue_text, queue_text_with, resource_payloads, ResourcePayloads};
pub use sets::{compare_parts_of, member_part_of, run_job, system_bytes, tab_resources};
pub use shared::{shared_tab, SHARED_SOURCE};

/// What a document was read as, by its content (never its file name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DocKind {
    /// An R document (RFC 20).
    R,
    /// Fluxion's `find --format=rv1` output: an R whose `R_lite` entries
    /// have no `rank` (flux refuses it as an R; the system numbers its
    /// nodes in order).
    FindOutput,
    /// A `flux resource list` payload (`sched.resource-status`: `all`,
    /// `allocated`, `down`).
    ListPayload,
    /// A `flux resource status` payload (`resource.status`: `R`,
    /// `online`, `offline`, `exclude`, `drain`, …).
    StatusPayload,
    /// A bare resource graph (RFC 40 JGF).
    Graph,
    /// An hwloc XML topology (`lstopo --of xml`).
    Topology,
    /// A system configuration: TOML, or the JSON `flux config get` prints.
    Config,
    /// An RFC 44 resource eventlog (RFC 18 entries, a line each).
    Eventlog,
    /// Another RFC 18 eventlog (a job's, say): none of its events is a
    /// resource event.
    OtherEventlog,
    /// A job list: what `flux jobs --json` prints.
    JobList,
    /// A job's own R (`flux job info ID R`), named for the job, beside
    /// the system's resources: what the job holds.
    JobR,
    /// Nothing Rscope reads.
    Unread,
}

impl DocKind {
    /// The kind in words, as the page says what a document was read as.
    pub fn words(self) -> &'static str {
        match self {
            DocKind::R => "an R (RFC 20)",
            DocKind::FindOutput => "Fluxion's find --format=rv1 output (nodes ranked in order)",
            DocKind::ListPayload => "a flux resource list payload",
            DocKind::StatusPayload => "a flux resource status payload",
            DocKind::Graph => "a resource graph (RFC 40 JGF)",
            DocKind::Topology => "an hwloc topology",
            DocKind::Config => "a system configuration",
            DocKind::Eventlog => "an RFC 44 resource eventlog",
            DocKind::OtherEventlog => "an RFC 18 eventlog that is not a resource eventlog",
            DocKind::JobList => "a job list (flux jobs --json)",
            DocKind::JobR => "a job's R (flux job info ID R)",
            DocKind::Unread => "nothing Rscope reads",
        }
    }
}

/// One kind of fact a document gives the system.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Nodes with their cores and GPUs.
    Resources,
    /// Which host each rank is (`[bootstrap] hosts`).
    RankOrder,
    /// Node states and drain reasons.
    States,
    /// What is allocated or down.
    Allocation,
    /// Ranks taken out of scheduling.
    Exclusion,
    /// The queues and the properties that select them.
    Queues,
    /// The resource graph (sockets, NUMA nodes, …).
    Graph,
}

impl Fact {
    /// The fact in words.
    pub fn words(self) -> &'static str {
        match self {
            Fact::Resources => "resources",
            Fact::RankOrder => "the rank order",
            Fact::States => "node states and drain reasons",
            Fact::Allocation => "the allocation",
            Fact::Exclusion => "excluded ranks",
            Fact::Queues => "queues",
            Fact::Graph => "the resource graph",
        }
    }
}

/// What one document was read as and what it gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocRead {
    /// Its name (a file name, or a tab's).
    pub name: String,
    /// What it was read as.
    pub kind: DocKind,
    /// What it holds, in words, for kinds that give no fact yet (`4 611
    /// events from … to …`, `12 jobs`).
    pub detail: Option<String>,
    /// What it gave the system.
    pub facts: Vec<Fact>,
    /// Why it gave less than its kind can, when it did (the first
    /// refusal of its reader).
    pub problem: Option<String>,
}

impl DocRead {
    /// `status.json: a flux resource status payload: resources, node
    /// states and drain reasons`: what the page says it read.
    pub fn line(&self) -> String {
        let mut line = format!("{}: {}", self.name, self.kind.words());
        if let Some(detail) = &self.detail {
            line.push_str(&format!(", {detail}"));
        }
        if !self.facts.is_empty() {
            let facts: Vec<&str> = self.facts.iter().map(|f| f.words()).collect();
            line.push_str(&format!(": {}", facts.join(", ")));
        }
        if let Some(why) = &self.problem {
            line.push_str(&format!(" ({why})"));
        }
        line
    }
}

/// One document's contribution, before the merge.
struct Piece {
    read: DocRead,
    /// Its resources.
    set: Option<Rset>,
    /// What a list payload says is allocated or down.
    busy: Option<Rset>,
    /// Ranks a status payload says cannot run a job now: offline, torpid,
    /// drained or draining.
    unavailable: IdSet,
    /// Ranks a status payload says are drained (or draining).
    drained: IdSet,
    /// Ranks a status payload says are excluded.
    excluded: IdSet,
    /// A configuration file (name, text): every one open is merged, as
    /// the broker merges `conf.d`.
    config_file: Option<(String, String)>,
    /// A job list's jobs that hold resources now.
    #[cfg(feature = "page")]
    jobs: Option<Vec<crate::jobs::HeldJob>>,
}

impl Piece {
    fn new(name: &str, kind: DocKind) -> Piece {
        Piece {
            read: DocRead {
                name: name.to_string(),
                kind,
                detail: None,
                facts: Vec::new(),
                problem: None,
            },
            set: None,
            busy: None,
            unavailable: IdSet::new(),
            drained: IdSet::new(),
            excluded: IdSet::new(),
            config_file: None,
            #[cfg(feature = "page")]
            jobs: None,
        }
    }

    fn with_detail(mut self, detail: String) -> Piece {
        self.read.detail = Some(detail);
        self
    }

    fn with(mut self, fact: Fact, present: bool) -> Piece {
        if present {
            self.read.facts.push(fact);
        }
        self
    }
}

/// What the open documents say about one system, merged.
#[derive(Debug)]
pub struct System {
    /// Each document, in the order given: what it was read as and gave.
    pub documents: Vec<DocRead>,
    /// The resources and the document (index) they come from.
    resources: Option<(usize, Rset)>,
    /// What is allocated or down, as a set.
    busy: Option<Rset>,
    /// Ranks that cannot run a job now.
    unavailable: IdSet,
    /// Ranks drained or draining (a part of `unavailable`).
    drained: IdSet,
    /// Ranks taken out of scheduling.
    excluded: IdSet,
    /// The job lists' jobs that hold resources now.
    jobs: Vec<crate::jobs::HeldJob>,
    /// What those jobs hold of the resources, as a set (a part of `busy`).
    jobs_busy: Option<Rset>,
    /// The configuration, when one is open.
    config: Option<SystemConfig>,
    /// Where the documents disagree, each a line in words.
    pub findings: Vec<String>,
}

/// A system as the JS API gives it: what `rscope system` prints, the
/// findings, and each document as it was read.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SystemView {
    /// Exactly what `rscope system` prints.
    pub text: String,
    /// Where the documents disagree, each a line.
    pub findings: Vec<String>,
    /// Each document, in the order given.
    pub documents: Vec<DocView>,
}

/// One document of a [`SystemView`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DocView {
    /// Its name.
    pub name: String,
    /// What it was read as, in words ([`DocKind::words`]).
    pub kind: &'static str,
    /// What it holds, in words, for kinds that give no fact yet.
    pub detail: Option<String>,
    /// What it gave, in words ([`Fact::words`]).
    pub facts: Vec<&'static str>,
    /// Why it gave less than its kind can, when it did.
    pub problem: Option<String>,
}

/// What a feature that needs resources says when the system has none.
pub fn needs_resources(feature: &str) -> String {
    format!(
        "{feature} needs resources: open an R, a payload, a graph, a topology \
         or a configuration with [resource] config"
    )
}

impl System {
    /// Read `documents` (name, text) as one system.
    pub fn read(documents: &[(&str, &str)]) -> System {
        let pieces: Vec<Piece> = documents
            .iter()
            .map(|(name, text)| read_piece(name, text))
            .collect();
        merge(pieces)
    }

    /// The system's resources, or why there are none: the refusal of the
    /// document that should have given them (named when several are
    /// open), else what to open for `feature` to have some.
    pub fn resources(&self, feature: &str) -> Result<&Rset, String> {
        if let Some((_, set)) = &self.resources {
            return Ok(set);
        }
        let refused =
            (self.documents.iter()).find(|d| d.kind != DocKind::Unread && d.problem.is_some());
        match refused {
            Some(d) if self.documents.len() == 1 => Err(d.problem.clone().unwrap_or_default()),
            Some(d) => Err(format!(
                "{}: {}",
                d.name,
                d.problem.as_deref().unwrap_or("")
            )),
            None => Err(needs_resources(feature)),
        }
    }

    /// The name of the document the resources come from.
    pub fn resources_from(&self) -> Option<&str> {
        let (at, _) = self.resources.as_ref()?;
        Some(&self.documents[*at].name)
    }

    /// The configuration, when one is open.
    pub fn config(&self) -> Option<&SystemConfig> {
        self.config.as_ref()
    }

    /// The jobs of the open job lists that hold resources now (RUN or
    /// CLEANUP), in the order listed.
    pub fn running_jobs(&self) -> &[crate::jobs::HeldJob] {
        &self.jobs
    }

    /// What a job can be given: the resources less the excluded ranks,
    /// and the part of them busy now (allocated, down, drained, offline
    /// or torpid).
    pub fn schedulable(&self, feature: &str) -> Result<(Rset, Option<Rset>), String> {
        let mut all = self.resources(feature)?.clone();
        all.exclude_ranks(&self.excluded);
        let mut busy = self.busy.clone().map(|mut b| {
            b.exclude_ranks(&self.excluded);
            b
        });
        if !self.unavailable.is_empty() {
            let down = all.include_ranks(&self.unavailable);
            busy = Some(match busy {
                Some(b) => b.union(&down).unwrap_or(b),
                None => down,
            });
        }
        Ok((all, busy))
    }

    /// Fit `shape` (on the nodes `requires` selects, as the default
    /// scheduler reads it) into what the system can schedule, under
    /// `policy`: what `rscope fit` answers.
    pub fn fit(
        &self,
        shape: &str,
        requires: Option<&str>,
        policy: Policy,
    ) -> Result<FitAnswer, FitError> {
        self.fit_request(&request_of(shape, requires)?, policy)
    }

    /// [`System::fit`] with `requires` read in `reading`.
    pub fn fit_reading(
        &self,
        shape: &str,
        requires: Option<&str>,
        reading: ConstraintReading,
        policy: Policy,
    ) -> Result<FitAnswer, FitError> {
        self.fit_request(&request_in(shape, requires, reading)?, policy)
    }

    /// Fit `request`; a constraint the scheduler refuses on these nodes is
    /// refused (`--requires: …`), as the job would be when submitted.
    fn fit_request(&self, request: &Request, policy: Policy) -> Result<FitAnswer, FitError> {
        let (all, busy) = self.schedulable("fit").map_err(FitError::Other)?;
        if let Some(why) = request.constraint_refusal(&all) {
            return Err(FitError::Other(format!("--requires: {why}")));
        }
        Ok(answer_sets(request, &all, busy.as_ref(), policy))
    }

    /// Each rank's host as the instance numbers them: `[bootstrap] hosts`
    /// when the configuration has them, else the resources' nodelist.
    pub fn rank_order(&self) -> Option<Vec<(u32, String)>> {
        let bootstrap = (self.config.as_ref())
            .and_then(|c| crate::resource::bootstrap::hosts(c.value()).ok().flatten());
        if let Some(hosts) = bootstrap {
            return Some((0..).zip(hosts.iter()).collect());
        }
        let (_, set) = self.resources.as_ref()?;
        let nodes = set.nodes_by_rank();
        let named: Option<Vec<(u32, String)>> = (nodes.iter())
            .map(|n| Some((n.rank(), n.hostname()?.to_string())))
            .collect();
        named.filter(|n| !n.is_empty())
    }

    /// The system as the JS API gives it.
    pub fn view(&self) -> SystemView {
        let documents = (self.documents.iter())
            .map(|d| DocView {
                name: d.name.clone(),
                kind: d.kind.words(),
                detail: d.detail.clone(),
                facts: d.facts.iter().map(|f| f.words()).collect(),
                problem: d.problem.clone(),
            })
            .collect();
        SystemView {
            text: self.describe(),
            findings: self.findings.clone(),
            documents,
        }
    }

    /// What `rscope system` prints: each document and what it gave, the
    /// resources and where they come from, what cannot run a job now, the
    /// rank order, and the findings.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for d in &self.documents {
            out.push_str(&d.line());
            out.push('\n');
        }
        match &self.resources {
            Some((at, set)) => out.push_str(&format!(
                "resources: {} (from {})\n",
                crate::fit::answer::holding(set),
                self.documents[*at].name
            )),
            None => out.push_str("resources: none\n"),
        }
        if !self.excluded.is_empty() {
            out.push_str(&format!("excluded: ranks {}\n", self.excluded));
        }
        if !self.unavailable.is_empty() {
            let ranks = &self.unavailable;
            out.push_str(&format!("drained, offline or torpid: ranks {ranks}\n"));
        }
        if !self.jobs.is_empty() {
            let on = (self.jobs.iter()).flat_map(|j| j.holding.keys().map(|&k| (k, k)));
            let ranks = IdSet::from_ranges(on);
            out.push_str(&format!(
                "running jobs: {}, on ranks {ranks}\n",
                self.jobs.len()
            ));
        }
        if let Some(order) = self.rank_order() {
            let hosts: Hostlist = order.iter().map(|(_, h)| h.as_str()).collect();
            let ranks = IdSet::from_ranges(order.iter().map(|(r, _)| (*r, *r)));
            let verb = if order.len() == 1 { "is" } else { "are" };
            out.push_str(&format!("rank order: {ranks} {verb} {hosts}\n"));
        }
        for f in &self.findings {
            out.push_str(&format!("finding: {f}\n"));
        }
        out
    }
}

/// What a job can be given in the one document `text`
/// ([`System::schedulable`]): what the page's fit and the JS API's `fit`
/// read a tab's text as.
pub fn schedulable_in(text: &str) -> Result<(Rset, Option<Rset>), String> {
    System::read(&[("document", text)]).schedulable("fit")
}

/// What a job can be given in the system of the document `text`, the
/// other documents `others` beside it (name, text: a payload beside an R,
/// say) and the configuration `config` (empty: none): the page's fit and
/// the JS API's `fit` with its `documents` and `config` options. The
/// configuration's exclusions apply, as do the states and allocation the
/// payloads give, and `[resource] config` gives the resources when no
/// document has any.
pub fn schedulable_with(
    text: &str,
    others: &[(&str, &str)],
    config: &str,
) -> Result<(Rset, Option<Rset>), String> {
    if others.is_empty() && config.trim().is_empty() {
        return schedulable_in(text);
    }
    system_with(text, others, config).schedulable("fit")
}

/// The system of the document `text`, the documents `others` beside it
/// and the configuration `config` (empty: none).
fn system_with(text: &str, others: &[(&str, &str)], config: &str) -> System {
    let mut docs = Vec::with_capacity(others.len() + 2);
    if !text.trim().is_empty() {
        docs.push(("document", text));
    }
    docs.extend_from_slice(others);
    if !config.trim().is_empty() {
        docs.push(("configuration", config));
    }
    System::read(&docs)
}

/// The largest text [`is_configuration`] reads: a configuration is small,
/// and the page asks of every document it opens, on its own thread.
pub const CONFIGURATION_SNIFF_BYTES: usize = 1 << 20;

/// Whether `text` is a system configuration, by its content: TOML, or a
/// JSON object (what `flux config get` prints), with a `[resource]`,
/// `[bootstrap]` or `[queues]` table. The page opens such a text as the
/// configuration, not as a tab of its own.
pub fn is_configuration(text: &str) -> bool {
    if text.len() > CONFIGURATION_SNIFF_BYTES || text.trim_start().starts_with('<') {
        return false;
    }
    let conf = match text.trim_start().starts_with('{') {
        true => SystemConfig::from_json("configuration", text),
        false => SystemConfig::read("configuration", text),
    };
    conf.is_ok_and(|c| is_config(&c))
}

/// Read one document: its kind, by content, and what it gives.
fn read_piece(name: &str, text: &str) -> Piece {
    let start = text.trim_start();
    if start.starts_with('<') {
        return topology_piece(name, text);
    }
    // A TOML table header starts with `[` as a JSON array does: a TOML
    // parser refuses JSON at its first value, so it is asked first.
    if start.starts_with('[') {
        if let Some(conf) = SystemConfig::read(name, text).ok().filter(is_config) {
            return config_piece(name, text, conf);
        }
    }
    if let Some(piece) = history_piece(name, text) {
        return piece;
    }
    if start.starts_with('{') || start.starts_with('[') {
        // An R that flux reads is read without indexing its graph: fit
        // on a 4 096-node R with `scheduling` took six times as long
        // through the report.
        if let Ok(set) = rset::load_resources(text) {
            return resources_piece(name, DocKind::R, set);
        }
        let report = make_report(text);
        if report.rejection.as_deref() == Some(crate::report::NOT_FLUX) {
            if let Ok(conf) = SystemConfig::from_json(name, text) {
                if is_config(&conf) {
                    return config_piece(name, text, conf);
                }
            }
        }
        return report_piece(name, report);
    }
    match SystemConfig::read(name, text) {
        Ok(conf) if is_config(&conf) => config_piece(name, text, conf),
        Ok(_) => unread(name, "no [resource], [bootstrap] or [queues] table".into()),
        Err(why) => unread(name, why),
    }
}

/// An R (or Fluxion's find output): its resources, and its graph when it
/// has one.
fn resources_piece(name: &str, kind: DocKind, set: Rset) -> Piece {
    let graph = set.has_scheduling();
    let mut piece = Piece::new(name, kind);
    piece.set = Some(set);
    piece.with(Fact::Resources, true).with(Fact::Graph, graph)
}

/// An eventlog or a job list: what it holds, in words, and for a resource
/// eventlog the node states after its last event; `None` for any other
/// text.
fn history_piece(name: &str, text: &str) -> Option<Piece> {
    if let Some(piece) = replayed_piece(name, text) {
        return Some(piece);
    }
    if crate::eventlog::looks_like_eventlog(text) {
        let (kind, detail, problem) = match crate::eventlog::read(text) {
            Ok(log) => (log.is_resource_log(), Some(log.describe()), None),
            Err(e) => (
                crate::eventlog::is_resource_eventlog(text),
                None,
                Some(e.to_string()),
            ),
        };
        let kind = if kind {
            DocKind::Eventlog
        } else {
            DocKind::OtherEventlog
        };
        let mut piece = Piece::new(name, kind);
        (piece.read.detail, piece.read.problem) = (detail, problem);
        return Some(piece);
    }
    let records = crate::jobs::record::job_records(text)?;
    let detail = crate::words::count(records.len(), "job");
    let piece = Piece::new(name, DocKind::JobList).with_detail(detail);
    // The element's bundle (without `page`) reads one document alone,
    // never a job list beside resources, and has no room for the join.
    #[cfg(feature = "page")]
    let piece = jobs::with_running(piece, &records);
    Some(piece)
}

/// A resource eventlog replayed to after its last event, as its tab shows
/// it ([`crate::report::eventlog_report`]): its node states and
/// exclusions, and its resources only when it holds the instance's R (a
/// journal's); the R made of the ranks it names has no cores, and would
/// differ from every real one.
fn replayed_piece(name: &str, text: &str) -> Option<Piece> {
    let replayed = crate::report::eventlog_report(text)?;
    let mut piece = report_piece(name, replayed.report);
    piece.read.kind = DocKind::Eventlog;
    // A line the strict reader refuses is a finding of the replay, which
    // reads the rest; the system's line names the first such one.
    match crate::eventlog::describe_text(text) {
        Ok(said) => piece.read.detail = Some(said),
        Err(e) => piece.read.problem = Some(e.to_string()),
    }
    if !replayed.has_r {
        piece.set = None;
        piece.read.facts.retain(|f| *f != Fact::Resources);
    }
    Some(piece)
}

/// A document read as nothing, with why.
fn unread(name: &str, why: String) -> Piece {
    let mut piece = Piece::new(name, DocKind::Unread);
    piece.read.problem = Some(why);
    piece
}

/// Whether a configuration has a table the system reads.
fn is_config(conf: &SystemConfig) -> bool {
    ["resource", "bootstrap", "queues"]
        .iter()
        .any(|t| conf.value().get(t).is_some())
}

/// An hwloc topology: one node's cores and GPUs, as `rscope R encode
/// --xml` reads them (rank 0, the topology's host).
fn topology_piece(name: &str, text: &str) -> Piece {
    if !crate::hwloc::looks_like_topology(text) {
        return unread(name, "XML that is no hwloc topology".into());
    }
    let mut piece = Piece::new(name, DocKind::Topology);
    match topology_view(text, "", "").r.map(|r| rset::load(&r)) {
        Ok(Ok(set)) => piece.set = Some(set),
        Ok(Err(e)) => piece.read.problem = Some(e.to_string()),
        Err(why) => piece.read.problem = Some(why),
    }
    let has = piece.set.is_some();
    piece.with(Fact::Resources, has)
}

/// An R, a payload or a graph, from its report.
fn report_piece(name: &str, mut report: Report) -> Piece {
    let bare = (report.findings.first()).is_some_and(|f| f.message == BARE_GRAPH_NOTE);
    if is_find_output(&report) {
        // The partial view numbers the rankless entries: what they hold
        // is the answer to a find, not a refusal.
        return match report.partial.take() {
            Some(set) => resources_piece(name, DocKind::FindOutput, set),
            None => unread(name, RANKLESS.into()),
        };
    }
    let kind = match () {
        _ if report.node_states.is_some() || is_status_rejection(&report) => DocKind::StatusPayload,
        _ if report.is_status => DocKind::ListPayload,
        _ if bare => DocKind::Graph,
        _ if report.rejection.as_deref() == Some(crate::report::NOT_FLUX) => DocKind::Unread,
        _ => DocKind::R,
    };
    let mut piece = Piece::new(name, kind);
    piece.read.problem = report.rejection.take();
    piece.set = report.main_set().cloned();
    let busy = [report.set("allocated"), report.set("down")];
    piece.busy = busy
        .into_iter()
        .flatten()
        .fold(None, |acc: Option<Rset>, s| {
            Some(match acc {
                Some(a) => a.union(s).unwrap_or(a),
                None => s.clone(),
            })
        });
    if let Some(st) = &report.node_states {
        piece.drained = st.drained.union(&st.draining);
        piece.unavailable = (piece.drained.union(&st.offline)).union(&st.torpid);
        piece.excluded = st.exclude.clone();
    }
    let (has_set, has_busy) = (piece.set.is_some(), piece.busy.is_some());
    let states = report.node_states.is_some();
    let exclusion = !piece.excluded.is_empty();
    piece
        .with(Fact::Resources, has_set)
        .with(Fact::States, states)
        .with(Fact::Allocation, has_busy)
        .with(Fact::Exclusion, exclusion)
        .with(Fact::Graph, report.graph.is_some())
}

/// flux's refusal of an `R_lite` entry with no rank.
const RANKLESS: &str = "missing key 'rank'";

/// Whether a report is of Fluxion's `find --format=rv1` output: an R whose
/// only refusals are entries with no rank.
fn is_find_output(report: &Report) -> bool {
    report.rejection.as_deref() == Some(RANKLESS)
        && (report.findings.iter())
            .filter(|f| f.severity == crate::diag::Severity::Error)
            .all(|f| f.message == RANKLESS)
}

/// Whether a report is of a status payload whose R flux refuses.
fn is_status_rejection(report: &Report) -> bool {
    report.rejection.as_deref() == Some(crate::report::NO_PAYLOAD_R)
}

/// A configuration: the R of `[resource] config`, the rank order of
/// `[bootstrap] hosts`, exclusions and queues.
fn config_piece(name: &str, text: &str, conf: SystemConfig) -> Piece {
    let mut piece = Piece::new(name, DocKind::Config);
    // Its R is made from every configuration open, merged ([`merge`]).
    let has_r = match config_r(&conf) {
        Ok(set) => set.is_some(),
        Err(why) => {
            piece.read.problem = Some(why);
            false
        }
    };
    let value = conf.value();
    let resource = value.get("resource");
    let facts = [
        (Fact::Resources, has_r),
        (Fact::RankOrder, value.pointer("/bootstrap/hosts").is_some()),
        (
            Fact::Exclusion,
            resource.and_then(|r| r.get("exclude")).is_some(),
        ),
        (Fact::Queues, value.get("queues").is_some()),
    ];
    piece.config_file = Some((name.to_string(), text.to_string()));
    facts.into_iter().fold(piece, |p, (f, has)| p.with(f, has))
}

/// Merge the pieces into one system, noting where they disagree.
fn merge(pieces: Vec<Piece>) -> System {
    #[cfg(feature = "page")]
    let pieces = jobs::job_rs(pieces);
    let mut findings = Vec::new();
    let config = merged_config(&pieces, &mut findings);
    // The resources: an R first, then a payload's, a graph's, a
    // topology's; the first of a kind; else the configuration's.
    let first = (pieces.iter().enumerate())
        .filter(|(_, p)| p.set.is_some())
        .min_by_key(|(at, p)| (p.read.kind, *at))
        .map(|(at, _)| at);
    let resources = match first {
        Some(at) => pieces[at].set.clone().map(|set| (at, set)),
        None => config.as_ref().and_then(|c| config_resources(&pieces, c)),
    };
    if let Some((at, set)) = &resources {
        for (i, p) in pieces.iter().enumerate() {
            if let (true, Some(other)) = (i != *at, &p.set) {
                if let Some(why) = difference(set, other) {
                    let (a, b) = (&pieces[*at].read.name, &p.read.name);
                    findings.push(format!("{b}: its resources differ from {a}'s: {why}"));
                }
            }
        }
    }
    let mut system = System {
        resources,
        busy: None,
        unavailable: IdSet::new(),
        drained: IdSet::new(),
        excluded: IdSet::new(),
        jobs: Vec::new(),
        jobs_busy: None,
        config,
        documents: pieces.iter().map(|p| p.read.clone()).collect(),
        findings,
    };
    #[cfg(feature = "page")]
    let (pieces, lists) = jobs::ListedJobs::split(pieces);
    for p in pieces {
        system.take(p);
    }
    system.check_config();
    #[cfg(feature = "page")]
    system.join_jobs(lists);
    system
}

impl System {
    /// Take one piece's states, allocation and exclusions.
    fn take(&mut self, p: Piece) {
        let (mut unavailable, mut drained) = (p.unavailable, p.drained.clone());
        if let Some((_, set)) = &self.resources {
            let ranks = set.ranks();
            // Only ranks the system has count; the others are a finding.
            unavailable = unavailable.intersection(&ranks);
            drained = drained.intersection(&ranks);
            let missing = p.drained.difference(&ranks);
            if !missing.is_empty() {
                let (name, r) = (&p.read.name, self.resources_from().unwrap_or("R"));
                self.findings.push(format!(
                    "{name}: drained ranks {missing} are not in {r}'s resources"
                ));
            }
        }
        self.unavailable = self.unavailable.union(&unavailable);
        self.drained = self.drained.union(&drained);
        self.excluded = self.excluded.union(&p.excluded);
        self.busy = match (self.busy.take(), p.busy) {
            (Some(a), Some(b)) => Some(a.union(&b).unwrap_or(a)),
            (a, b) => a.or(b),
        };
    }

    /// Whether the resources are the configuration's own.
    fn config_gave_resources(&self) -> bool {
        let at = self.resources.as_ref().map(|(at, _)| *at);
        at.is_some_and(|at| self.documents[at].kind == DocKind::Config)
    }

    /// The configuration against the resources: hosts out of `[bootstrap]
    /// hosts` order, and the ranks `[resource] exclude` takes out.
    fn check_config(&mut self) {
        let (Some(conf), Some((_, set))) = (&self.config, &self.resources) else {
            return;
        };
        let order = crate::resource::bootstrap::hosts(conf.value())
            .ok()
            .flatten();
        let own = self.config_gave_resources();
        let r = self.resources_from().unwrap_or("R").to_string();
        if let (Some(order), false) = (order, own) {
            if let Some(why) = out_of_order(set, &order) {
                self.findings.push(format!("{r}: {why}"));
            }
        }
        let config_set = config_r(conf).ok().flatten();
        if let (Some(theirs), false) = (config_set, own) {
            let theirs = instance_r(conf, &theirs);
            if let Some(why) = difference(set, &theirs) {
                let why = format!("[resource] config differs from {r}'s resources: {why}");
                self.findings.push(why);
            }
        }
        match excluded(conf, set) {
            Ok(ranks) => self.excluded = self.excluded.union(&ranks),
            Err(why) => self.findings.push(why),
        }
    }
}

/// Every configuration open, merged in the order given as the broker
/// merges `conf.d` (a later file's value replaces an earlier one).
fn merged_config(pieces: &[Piece], findings: &mut Vec<String>) -> Option<SystemConfig> {
    let files: Vec<(String, String)> = (pieces.iter())
        .filter_map(|p| p.config_file.clone())
        .collect();
    if files.is_empty() {
        return None;
    }
    SystemConfig::merge(&files)
        .map_err(|why| findings.push(why))
        .ok()
}

/// The R the configuration's `[resource] config` makes, ranked as the
/// instance ranks it (by `[bootstrap] hosts`), with the first document
/// that gave it.
fn config_resources(pieces: &[Piece], conf: &SystemConfig) -> Option<(usize, Rset)> {
    let set = config_r(conf).ok()??;
    let at = pieces
        .iter()
        .position(|p| p.read.kind == DocKind::Config && p.read.facts.contains(&Fact::Resources))?;
    Some((at, instance_r(conf, &set)))
}

/// How `other`'s resources differ from `set`'s, in words, or `None` when
/// they hold the same nodes, hosts, cores and GPUs.
fn difference(set: &Rset, other: &Rset) -> Option<String> {
    let (mine, theirs) = (set.ranks(), other.ranks());
    if mine != theirs {
        return Some(format!("ranks {theirs} against {mine}"));
    }
    for n in set.nodes_by_rank() {
        let o = other.node(n.rank())?;
        let rank = n.rank();
        if n.hostname() != o.hostname() {
            let (a, b) = (
                o.hostname().unwrap_or("unnamed"),
                n.hostname().unwrap_or("unnamed"),
            );
            return Some(format!("rank {rank} is {a} against {b}"));
        }
        if n.short_children() != o.short_children() {
            let (a, b) = (o.short_children(), n.short_children());
            return Some(format!("rank {rank} has {a} against {b}"));
        }
    }
    None
}

/// Where `set`'s ranks number its hosts otherwise than `order` does: the
/// first rank that differs, in words.
fn out_of_order(set: &Rset, order: &Hostlist) -> Option<String> {
    let hosts: Vec<String> = order.iter().collect();
    for n in set.nodes_by_rank() {
        let (rank, host) = (n.rank(), n.hostname()?);
        let Some(by_order) = hosts.iter().position(|h| h == host) else {
            return Some(format!(
                "its host {host} (rank {rank}) is not in [bootstrap] hosts"
            ));
        };
        if by_order != rank as usize {
            return Some(format!(
                "its hosts are out of [bootstrap] hosts order: {host} is rank {rank} \
                 here and rank {by_order} by [bootstrap] hosts"
            ));
        }
    }
    None
}
