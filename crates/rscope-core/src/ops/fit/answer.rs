//! `rscope fit` as one function the CLI, the page and the JS API share:
//! read the request and the R, fit, and say the answer as the CLI prints
//! it and in plain words.

use super::{fit, ConstraintReading, Policy, Request, Selector, Verdict};
use crate::hostlist::Hostlist;
use crate::rset::{self, Rset};
use crate::shape::{self, Options};
use std::fmt;

/// Why there is no answer: the shape (with its span, for an underline) or
/// anything else (the R, a request this module cannot place).
#[derive(Clone, Debug, PartialEq)]
pub enum FitError {
    /// The shape does not parse.
    Shape(shape::Error),
    /// Anything else, as the CLI says it.
    Other(String),
}

impl fmt::Display for FitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitError::Shape(e) => write!(f, "{e}"),
            FitError::Other(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for FitError {}

/// The request a shape asks for, limited to the nodes `requires` allows:
/// a `--requires` query as `flux submit` takes it (`ssd,^slow`,
/// `gpu or host:node[0-3]`), or an RFC 31 JSON constraint, read as the
/// default scheduler reads it (`Rv1Set`).
pub fn request_of(shape_text: &str, requires: Option<&str>) -> Result<Request, FitError> {
    request_in(shape_text, requires, ConstraintReading::default())
}

/// [`request_of`] with no `--requires`: the element's fit, which so
/// leaves the constraint readers out of its bundle.
pub fn request_without_constraint(shape_text: &str) -> Result<Request, FitError> {
    let expansion = shape::parse(shape_text, &Options::default()).map_err(FitError::Shape)?;
    Request::from_resources(&expansion.to_json(false)).map_err(|e| FitError::Other(e.to_string()))
}

/// [`request_of`] with the constraint read in `reading`.
pub fn request_in(
    shape_text: &str,
    requires: Option<&str>,
    reading: ConstraintReading,
) -> Result<Request, FitError> {
    let request = request_without_constraint(shape_text)?;
    let Some(c) = requires else {
        return Ok(request);
    };
    let refuse = |e: &str| FitError::Other(format!("--requires: {e}"));
    let constraint = Selector::read(c, reading).map_err(|e| refuse(&e))?;
    if let Some(e) = constraint.refusal() {
        return Err(refuse(&e.message));
    }
    Ok(request.with_constraint(constraint))
}

/// The set of a document to place into, and its busy part: a status
/// document's `allocated` and `down` sets together.
pub fn sets(text: &str) -> Result<(Rset, Option<Rset>), String> {
    let (all, allocated, down) = members(text)?;
    let busy = match (allocated, down) {
        (Some(a), Some(d)) => Some(a.union(&d).map_err(|e| e.to_string())?),
        (a, d) => a.or(d),
    };
    Ok((all, busy))
}

/// The set to place into and, for a status document, its `allocated` and
/// `down` sets (an R document has neither).
pub fn members(text: &str) -> Result<(Rset, Option<Rset>, Option<Rset>), String> {
    let doc = rset::parse_r(text);
    let all = doc.main_set().map_err(|no| no.to_string())?.clone();
    Ok((
        all,
        doc.member("allocated").cloned(),
        doc.member("down").cloned(),
    ))
}

/// Whether the request fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitStatus {
    /// It fits now.
    Now,
    /// Busy resources are in the way; the whole R would hold it.
    NotNow,
    /// Not even the whole R holds it.
    Never,
}

impl FitStatus {
    /// `now`, `notnow` or `never`, as the JS API says it.
    pub fn as_str(self) -> &'static str {
        match self {
            FitStatus::Now => "now",
            FitStatus::NotNow => "notnow",
            FitStatus::Never => "never",
        }
    }

    /// The exit status of `rscope fit`.
    pub fn exit_code(self) -> u8 {
        match self {
            FitStatus::Now => 0,
            FitStatus::NotNow => 3,
            FitStatus::Never => 4,
        }
    }
}

/// The answer to "would this request fit into this R?".
#[derive(Clone, Debug)]
pub struct FitAnswer {
    /// Now, not now or never.
    pub status: FitStatus,
    /// What the request would get, when it fits now.
    pub alloc: Option<Rset>,
    /// Standard output of `rscope fit`.
    pub printed: String,
    /// The answer in plain words: `fits now: 4 nodes, node[3-6], 32 cores`,
    /// followed by the note when there is one.
    pub words: String,
    /// How flux-core's scheduler would read the request differently
    /// ([`Request::sched_simple_note`]); `rscope fit` prints it on
    /// standard error.
    pub note: Option<String>,
}

impl FitAnswer {
    /// The allocation's short form (`rank[3-6]/core[0-7]`).
    pub fn short(&self) -> Option<String> {
        self.alloc.as_ref().map(Rset::short_form)
    }

    /// The allocation as an R document, as `rscope fit --r` prints it.
    pub fn r_document(&self) -> Option<String> {
        self.alloc.as_ref().map(|a| a.encode() + "\n")
    }
}

/// Fit `request` into the R or status document `text` under `policy`.
pub fn answer(request: &Request, text: &str, policy: Policy) -> Result<FitAnswer, String> {
    let (all, busy) = sets(text)?;
    Ok(answer_sets(request, &all, busy.as_ref(), policy))
}

/// Fit `request` into `all` less `busy` under `policy`, answered as
/// [`answer`] answers.
pub fn answer_sets(
    request: &Request,
    all: &Rset,
    busy: Option<&Rset>,
    policy: Policy,
) -> FitAnswer {
    let mut answer = match request.constraint_refusal(all) {
        Some(why) => refused(&why),
        None => verdict_answer(request, all, busy, policy),
    };
    if let Some(note) = request.sched_simple_note() {
        answer.words = format!("{}; note: {note}", answer.words);
        answer.note = Some(note);
    }
    answer
}

/// The answer when the scheduler refuses the job's constraint: it never
/// runs. ([`crate::system::System::fit`] refuses it as an error first.)
fn refused(why: &str) -> FitAnswer {
    FitAnswer {
        status: FitStatus::Never,
        alloc: None,
        printed: format!("never: --requires: {why}\n"),
        words: format!("never: --requires: {why}"),
        note: None,
    }
}

/// The answer to the fit, without its note.
fn verdict_answer(request: &Request, all: &Rset, busy: Option<&Rset>, policy: Policy) -> FitAnswer {
    match fit(request, all, busy, policy) {
        Verdict::Fits { alloc, slots } => {
            let nodes = alloc.len() as u64;
            let printed = format!(
                "fits now: {} on {}\n{}\n",
                plural(slots, "slot"),
                plural(nodes, "node"),
                alloc.short_form()
            );
            FitAnswer {
                status: FitStatus::Now,
                words: format!("fits now: {}", holding(&alloc)),
                alloc: Some(alloc),
                printed,
                note: None,
            }
        }
        Verdict::Later { reason, words } => FitAnswer {
            status: FitStatus::NotNow,
            alloc: None,
            printed: format!("not now: {reason}; the whole R would hold it\n"),
            words: format!("not now: {words}"),
            note: None,
        },
        Verdict::Never { reason, words } => FitAnswer {
            status: FitStatus::Never,
            alloc: None,
            printed: format!("never: {reason}\n"),
            words: format!("never: {words}"),
            note: None,
        },
    }
}

/// `4 nodes, node[3-6], 32 cores, 4 GPUs`: what an allocation holds (the
/// ranks stand in for host names when some node has none).
pub fn holding(alloc: &Rset) -> String {
    let nodes: Vec<_> = alloc.nodes().collect();
    let names: Option<Vec<&str>> = nodes.iter().map(|n| n.hostname()).collect();
    let place = match names {
        Some(names) if !names.is_empty() => {
            let mut hl = Hostlist::new();
            for n in names {
                hl.push_host(n);
            }
            hl.to_string()
        }
        _ => format!("rank{}", rank_set(&nodes)),
    };
    let cores: u64 = nodes.iter().map(|n| n.cores().len()).sum();
    let gpus: u64 = nodes
        .iter()
        .map(|n| n.child("gpu").map_or(0, |g| g.len()))
        .sum();
    let mut out = format!(
        "{}, {place}, {}",
        plural(nodes.len() as u64, "node"),
        plural(cores, "core")
    );
    if gpus > 0 {
        out.push_str(&format!(", {}", plural(gpus, "GPU")));
    }
    out
}

/// The ranks of `nodes` as an id set: `[3-6]` or `5`.
fn rank_set(nodes: &[&crate::rset::Node]) -> String {
    let mut ids = crate::idset::IdSet::new();
    for n in nodes {
        ids.insert(n.rank());
    }
    let s = ids.to_string();
    if ids.len() > 1 {
        format!("[{s}]")
    } else {
        s
    }
}

fn plural(n: u64, one: &str) -> String {
    crate::words::count(n, one)
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATUS: &str = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7", "gpu": "0-3"}}], "nodelist": ["node[0-3]"]}}, "allocated": {"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-7"}}]}}, "down": null}"#;

    fn words(shape: &str, policy: Policy) -> (FitStatus, String, String) {
        let request = request_of(shape, None).unwrap();
        let a = answer(&request, STATUS, policy).unwrap();
        (a.status, a.words, a.printed)
    }

    #[test]
    fn now_says_where_and_how_much() {
        let (status, words, printed) = words("node=3/slot/core=8", Policy::Worst);
        assert_eq!(status, FitStatus::Now);
        assert_eq!(words, "fits now: 3 nodes, node[1-3], 24 cores");
        assert_eq!(
            printed,
            "fits now: 3 slots on 3 nodes\nrank[1-3]/core[0-7]\n"
        );
        let (_, words, _) = words_of("slot/[core=2;gpu=1]");
        assert_eq!(words, "fits now: 1 node, node1, 2 cores, 1 GPU");
    }

    #[test]
    fn a_slot_of_nodes_says_how_flux_core_would_read_it() {
        let (_, words, printed) = words_of("slot=2/node/core=2");
        assert_eq!(
            words,
            "fits now: 2 nodes, node[1-2], 16 cores, 8 GPUs; note: each slot takes 1 whole node here, \
             as RFC 14 reads a slot of nodes; flux-core's scheduler reads it as 2 nodes with \
             2 slots of 2 cores on each (8 cores)"
        );
        assert_eq!(
            printed,
            "fits now: 2 slots on 2 nodes\nrank[1-2]/core[0-7],gpu[0-3]\n"
        );
        let (_, words, _) = words_of("slot=2/node{-x}/[core=2;gpu=1]");
        assert_eq!(
            words,
            "fits now: 2 nodes, node[1-2], 4 cores, 2 GPUs; note: each slot takes 1 node with \
             2 cores and 1 GPU here, as RFC 14 reads a slot of nodes; flux-core's scheduler \
             reads it as 2 nodes with 2 slots of 2 cores and 1 GPU on each (8 cores and 4 GPUs)"
        );
        let request = request_of("slot=2/node", None).unwrap();
        assert_eq!(
            request.sched_simple_note().unwrap(),
            "each slot takes 1 whole node here, as RFC 14 reads a slot of nodes; flux-core's \
             scheduler refuses it, as its slot has no cores (\"Unable to determine slot size\")"
        );
        let request = request_of("slot=2/node{x}/core=2", None).unwrap();
        assert_eq!(request.sched_simple_note(), None);
        let note = |shape: &str| {
            request_of(shape, None)
                .unwrap()
                .sched_simple_note()
                .unwrap()
        };
        // Rv1Pool refuses a slot with no cores, and a set of slot counts,
        // whole nodes or not.
        assert!(note("slot=2/node{x}")
            .ends_with("refuses it, as its slot has no cores (\"Unable to determine slot size\")"));
        assert!(note("slot=2,4/node/core=2")
            .ends_with("refuses it, as its slot count is a set of values"));
        let request = request_of("node=2/slot/core=2", None).unwrap();
        assert_eq!(request.sched_simple_note(), None);
    }

    fn words_of(shape: &str) -> (FitStatus, String, String) {
        words(shape, Policy::Worst)
    }

    #[test]
    fn not_now_counts_what_is_free() {
        let (status, words, printed) = words_of("node=4{x}");
        assert_eq!(status, FitStatus::NotNow);
        assert_eq!(words, "not now: 3 of 4 nodes free");
        assert_eq!(
            printed,
            "not now: node: need 4 nodes wholly free, 3 are; the whole R would hold it\n"
        );
        assert_eq!(
            words_of("node=4/slot/core=8").1,
            "not now: 3 of 4 nodes have 8 free cores"
        );
        assert_eq!(
            words_of("slot=30/core=1").1,
            "not now: room for 24 of 30 slots of 1 core"
        );
    }

    #[test]
    fn never_names_the_limit() {
        let (status, words, printed) = words_of("node/slot/gpu=8");
        assert_eq!(status, FitStatus::Never);
        assert_eq!(words, "never: each node needs 8 GPUs and the largest has 4");
        assert_eq!(
            printed,
            "never: node: need 1 node with 8 free GPUs, 0 are\n"
        );
        assert_eq!(
            words_of("slot/core=9").1,
            "never: each slot needs on one node 9 cores and the largest has 8"
        );
        assert_eq!(
            words_of("node=5").1,
            "never: needs 5 nodes and the R has 4 that qualify"
        );
        assert_eq!(
            words_of("slot=40/core=1").1,
            "never: needs 40 slots and the R holds 32"
        );
    }

    #[test]
    fn the_allocation_as_r_and_short_form() {
        let request = request_of("node=1/slot/core=2", None).unwrap();
        let a = answer(&request, STATUS, Policy::First).unwrap();
        assert_eq!(a.short().as_deref(), Some("rank1/core[0-1]"));
        assert_eq!(
            a.r_document().as_deref(),
            Some("{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"1\", \"children\": {\"core\": \"0-1\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"node1\"]}}\n")
        );
    }

    #[test]
    fn errors_keep_the_shape_span() {
        match request_of("node{", None) {
            Err(FitError::Shape(e)) => assert_eq!(e.span(), 4..5),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            request_of("node", Some("{")).unwrap_err().to_string(),
            "--requires: not JSON: unterminated object"
        );
        let request = request_of("node", None).unwrap();
        assert!(answer(&request, "{}", Policy::Worst).is_err());
    }
}
