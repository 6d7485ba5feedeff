//! The analysis of one tab: everything the page draws from a document,
//! computed once per text — the report, the summaries, the findings and
//! their squiggles, the properties to colour by, the grid and the outline —
//! plus the edits and places the page asks about (a fix applied, where an
//! entry starts). The page wraps this for sharing; it reads no text itself.

pub mod arrival;
mod beside;
pub mod events;
pub mod figures;
#[cfg(feature = "page")]
pub mod job_table;
mod members;
pub mod request;
mod text;
pub mod timeline;
#[cfg(feature = "page")]
mod warm;
mod wire;

pub use beside::*;
pub use members::*;
pub use text::*;
#[cfg(feature = "page")]
pub use warm::*;
pub use wire::*;

use crate::diag::{line_col, LineCol, Severity};
use crate::grid::node_states::NodeStates;
use crate::grid::queues::NodeQueues;
use crate::grid::{Grid, GridWire};
use crate::idset::IdSet;
use crate::outline::Outline;
use crate::report::{make_report, Finding, Report, SetSummary};
use crate::rset::{Entry, Rset};
use crate::textview::{Mark, Squiggles, Tone};
use serde::{Deserialize, Serialize};

/// Tree levels open when a graph is first shown.
pub const TREE_OPEN_DEPTH: usize = 2;

/// The summaries of a document's sets, and which one is its main set.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summaries {
    /// One per set, in document order.
    pub sets: Vec<SetSummary>,
    /// Whether the document is a status document (several named sets).
    pub is_status: bool,
    /// The index in `sets` of the set the grid draws.
    pub main: Option<usize>,
}

impl Summaries {
    /// The summary of the main set.
    pub fn main(&self) -> Option<&SetSummary> {
        self.sets.get(self.main?)
    }
}

/// What a JSON text that is no Flux document holds, as the page draws it
/// (made here, from the text, never by the page).
pub use crate::json::overview::{OverviewNode as JsonNode, MAX_NODES as JSON_TREE_NODES};

/// A document read by the core, with everything the page draws from it.
#[derive(Debug)]
pub struct Analysis {
    /// The report: sets, entries, rejection (its findings moved out).
    pub report: Report,
    /// The sets' summaries, or why the document holds none.
    pub summaries: Result<Summaries, String>,
    /// Every finding, in document order.
    pub findings: Vec<Finding>,
    /// A squiggle for each finding the text can show.
    pub squiggles: Squiggles,
    /// The main set's property names, to colour by.
    pub properties: Vec<String>,
    /// The main set's grid, with states for a status document.
    pub grid: Option<Grid>,
    /// The containment tree of the document's graph, if it has one.
    pub outline: Option<Outline>,
    /// The keys and values of JSON that is no Flux document.
    pub json_tree: Option<JsonNode>,
}

impl Analysis {
    /// Analyse `text`.
    pub fn of(text: &str) -> Analysis {
        Analysis::finish(text, Analysis::begin(text))
    }

    /// The first half of the analysis of `text`: the document read and its
    /// grid laid out, which is what the page paints first.
    pub fn begin(text: &str) -> Begun {
        let report = make_report(text);
        let main = report.main_set();
        let properties = main
            .map(|s| s.properties().into_iter().map(|(n, _)| n).collect())
            .unwrap_or_default();
        let grid = match (main, &report.partial) {
            (Some(s), _) => Some(with_node_states(
                Grid::new(s, report.set("allocated"), report.set("down")),
                &report,
            )),
            // A refused R still shows the nodes read before its error.
            (None, Some(s)) => Some(Grid::new(s, None, None).partial()),
            (None, None) => None,
        };
        Begun {
            report,
            grid,
            properties,
        }
    }

    /// The rest of the analysis of `text` once [`Analysis::begin`] gave
    /// `begun`: summaries, squiggles, the outline.
    pub fn finish(text: &str, begun: Begun) -> Analysis {
        let Begun {
            mut report,
            grid,
            properties,
        } = begun;
        let summaries = summaries(&report);
        let squiggles = squiggles(text, &report.findings);
        let graph = report.graph.take();
        let outline = Outline::new(graph, report.main_set(), TREE_OPEN_DEPTH);
        // The embedding bundle has no differences to mark (its outlines
        // carry no looks), nor room for the code.
        #[cfg(feature = "page")]
        let squiggles = match &outline {
            Some(o) => mark_disagreements(text, &report.entries, o, squiggles),
            None => squiggles,
        };
        Analysis {
            findings: std::mem::take(&mut report.findings),
            squiggles,
            json_tree: json_tree(text, &summaries),
            summaries,
            properties,
            report,
            grid,
            outline,
        }
    }
}

/// For JSON that is no Flux document, its keys and values. The element's
/// bundle draws none (its size budget), and the constant `cfg!` lets the
/// code fall out of it.
fn json_tree(text: &str, summaries: &Result<Summaries, String>) -> Option<JsonNode> {
    let foreign = matches!(summaries, Err(e) if e == crate::report::NOT_FLUX);
    if !cfg!(feature = "page") || !foreign {
        return None;
    }
    crate::json::overview::overview(text)
}

/// `grid` with the node states of a `resource.status` payload, drain
/// ages as of now.
fn with_node_states(grid: Grid, report: &Report) -> Grid {
    match &report.node_states {
        Some(st) => {
            let now = chrono::Utc::now().timestamp_millis() as f64 / 1000.0;
            grid.with_node_states(NodeStates::of(st, now))
        }
        None => grid,
    }
}

/// The first half of an analysis ([`Analysis::begin`]).
pub struct Begun {
    report: Report,
    grid: Option<Grid>,
    properties: Vec<String>,
}

impl Begun {
    /// What the page paints first: the grid, taken out of this analysis
    /// (a worker sends it at once and has no more use for it), and the
    /// properties to colour by. The first part is [`FirstStage`] without the
    /// grid's groups; the groups follow in chunks of [`FIRST_STAGE_GROUPS`]
    /// ([`crate::grid::GridWire::add_chunk`]), each read in its own task.
    pub fn take_first_stage(&mut self) -> Vec<Vec<u8>> {
        first_stage_parts(self.grid.take(), self.properties.clone())
    }
}

/// The summaries of `report`'s sets, or why there are none.
fn summaries(report: &Report) -> Result<Summaries, String> {
    match &report.rejection {
        Some(why) if report.sets.is_empty() => Err(why.clone()),
        _ => {
            let main = report.main_set();
            Ok(Summaries {
                sets: report.summaries(),
                is_status: report.is_status,
                main: report
                    .sets
                    .iter()
                    .position(|(_, s)| main.is_some_and(|m| std::ptr::eq(m, s))),
            })
        }
    }
}

/// The squiggle of each finding, with its message.
fn squiggles(text: &str, findings: &[Finding]) -> Squiggles {
    let (mut marks, mut messages) = (Vec::new(), Vec::new());
    for f in findings {
        let tone = match f.severity {
            Severity::Error => Tone::Error,
            Severity::Warning => Tone::Warning,
            Severity::Note => Tone::Note,
        };
        if let Some(m) = Mark::new(text, f.span.0..f.span.1, tone) {
            marks.push(m);
            messages.push(format!("{}: {}", f.severity, f.message));
        }
    }
    Squiggles { marks, messages }
}

/// The R_lite side of the differences between R_lite and the graph: a
/// note on each entry that names a rank where they disagree, saying how
/// (the picture marks the graph side), kept among the squiggles in text
/// order. A note, not a finding: `rscope R validate` reads R alone, and
/// `rscope jgf check` lists the differences.
#[cfg(feature = "page")]
fn mark_disagreements(
    text: &str,
    entries: &[Entry],
    outline: &Outline,
    mut out: Squiggles,
) -> Squiggles {
    let mut added = false;
    for (rank, d) in outline.looks().differences_by_rank() {
        for e in entries.iter().filter(|e| e.ranks.contains(rank)) {
            if let Some(m) = Mark::new(text, e.span.clone(), Tone::Note) {
                out.marks.push(m);
                out.messages
                    .push(format!("note: R_lite and the graph disagree: {d}"));
                added = true;
            }
        }
    }
    if added {
        let mut both: Vec<(Mark, String)> = std::mem::take(&mut out.marks)
            .into_iter()
            .zip(std::mem::take(&mut out.messages))
            .collect();
        both.sort_by_key(|(m, _)| (m.span.start, m.span.end));
        (out.marks, out.messages) = both.into_iter().unzip();
    }
    out
}

/// The queues of the nodes `text` draws (an R, or a `flux resource`
/// payload) under the configuration `config`: what the page's queue box
/// shows beside that document, for the JS API's `nodeQueues`.
pub fn node_queues(text: &str, config: &str) -> Result<NodeQueues, String> {
    let begun = Analysis::begin(text);
    let Some(grid) = begun.grid.as_ref().filter(|g| !g.is_partial()) else {
        let why = begun.report.rejection.as_deref().unwrap_or("it holds no R");
        return Err(format!(
            "the document draws no nodes to place in queues: {why}"
        ));
    };
    crate::grid::queues::read(grid, config)
        .unwrap_or_else(|| Err("the configuration is empty".into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outline::Origin;

    const TWO: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3", "gpu": "0"}}], "nodelist": ["n[7-8]"], "properties": {"debug": "1"}}}"#;

    #[test]
    fn a_results_early_parts_are_those_of_its_text() {
        use crate::setops::job::{run_kept, Job, Operation};
        let other = r#"{"version": 1, "execution": {"R_lite": [{"rank": "2-3", "children": {"core": "0-1"}}], "nodelist": ["n[9-10]"]}}"#;
        let job = Job {
            operation: Some(Operation::Union),
            tabs: vec![('A', TWO.into()), ('B', other.into())],
            ..Job::default()
        };
        let (answer, set) = run_kept(&job, &|_, _| None);
        let text = answer.text.expect(&answer.message);
        let set = set.expect("the union keeps its set");
        assert_eq!(set.nodes().count(), 4);
        assert_eq!(
            first_stage_of(&set),
            Analysis::begin(&text).take_first_stage()
        );
    }

    /// `text`, a JSON object, padded with blanks before its last brace to
    /// `bytes` bytes.
    fn padded(text: &str, bytes: usize) -> String {
        let body = text.trim_end().strip_suffix('}').expect("an object");
        format!("{body}{}}}", " ".repeat(bytes - body.len() - 1))
    }

    #[test]
    fn a_large_r_with_a_graph_is_summarized_from_its_r_first() {
        let graph = include_str!("../../../../../tests/fixtures/r/with-graph.json");
        let text = padded(graph, GLANCE_BYTES);
        let parts = glance(&text).expect("glanced at");
        let early = Drawn::read_first_stage(&parts[0]).unwrap();
        let full = Analysis::of(&text);
        // The same summary, grid and properties as the whole analysis.
        assert_eq!(early.summaries.as_ref(), full.summaries.as_ref().ok());
        let summary = &early.summaries.as_ref().unwrap().sets[0];
        assert_eq!((summary.nodes, summary.has_scheduling), (2, true));
        let begun = Analysis::begin(&text).take_first_stage();
        let mut first = Drawn::read_first_stage(&begun[0]).unwrap();
        first.summaries = early.summaries.clone();
        assert_eq!(early, first);
        assert_eq!(parts[1..], begun[1..]);
        // Smaller, or with no graph: no glance.
        assert_eq!(glance(&padded(graph, GLANCE_BYTES - 1)), None);
        assert_eq!(glance(&padded(TWO, GLANCE_BYTES)), None);
    }

    #[test]
    fn analyses_a_plain_document() {
        let a = Analysis::of(TWO);
        let s = a.summaries.as_ref().unwrap();
        assert_eq!((s.is_status, s.main, s.sets.len()), (false, Some(0), 1));
        assert_eq!(s.main().map(|m| m.nodes), Some(2));
        assert_eq!(a.findings, []);
        assert_eq!(a.squiggles, Squiggles::default());
        assert_eq!(a.properties, ["debug"]);
        let g = a.grid.as_ref().unwrap();
        assert_eq!((g.rows(), g.width(), g.has_states()), (2, 6, false));
        let o = a.outline.as_ref().unwrap();
        assert_eq!((o.origin(), o.vertices()), (Origin::Generated, 13));
    }

    #[test]
    fn analyses_a_status_document() {
        let text = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}, "allocated": null}"#;
        let a = Analysis::of(text);
        let s = a.summaries.as_ref().unwrap();
        let names: Vec<&str> = s.sets.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            (names, s.is_status, s.main),
            (vec!["all", "down"], true, Some(0))
        );
        assert!(a.grid.as_ref().unwrap().has_states());
        // The main set is the one the report names, wherever it stands.
        let later = r#"{"down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}, "all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}]}}}"#;
        let a = Analysis::of(later);
        let s = a.summaries.as_ref().unwrap();
        assert_eq!((s.main, s.main().map(|m| m.nodes)), (Some(1), Some(4)));
    }

    #[test]
    fn the_queues_of_a_documents_nodes_or_why_there_are_none() {
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}],
            "nodelist": ["n[0-1]"], "properties": {"debug": "1"}}}"#;
        let q = node_queues(r, "[queues.debug]\nrequires = [\"debug\"]\n").unwrap();
        assert_eq!(q.queues[0].nodes, "1 node: n1");
        assert_eq!(
            q.findings,
            ["1 node is in no queue, so no job can run there: n0"]
        );
        assert_eq!(
            node_queues(r, "  ").err().as_deref(),
            Some("the configuration is empty")
        );
        assert_eq!(
            node_queues(r#"{"version": 2}"#, "[queues.a]")
                .err()
                .as_deref(),
            Some("the document draws no nodes to place in queues: unsupported version 2")
        );
    }

    #[test]
    fn the_warm_up_payload_is_a_clean_payload_with_every_state() {
        let a = Analysis::of(&warm_up_payload(64));
        assert_eq!(a.findings, []);
        let s = a.summaries.as_ref().unwrap();
        assert_eq!(
            s.main().map(|m| (
                m.nodes,
                m.types
                    .iter()
                    .map(|t| (t.name.clone(), t.count))
                    .collect::<Vec<_>>()
            )),
            // 16 runs of 2 to 5 cores, by rank: 3.5 on average.
            Some((
                64,
                vec![("core".into(), 64 * 16 * 7 / 2), ("gpu".into(), 128)]
            ))
        );
        let legend: Vec<String> = a
            .grid
            .as_ref()
            .unwrap()
            .node_states()
            .unwrap()
            .overlay
            .legend()
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(
            legend,
            [
                "avail: 61 nodes",
                "avail* (offline): 1 node",
                "drained: 1 node",
                "drained* (offline): 1 node"
            ]
        );
    }

    #[test]
    fn a_resource_status_payload_opens_as_its_r_coloured_by_node_state() {
        let text = include_str!("../../../../../tests/fixtures/flux-resource/status/drain.json");
        let a = Analysis::of(text);
        let s = a.summaries.as_ref().unwrap();
        assert_eq!((s.is_status, s.main().map(|m| m.nodes)), (false, Some(4)));
        assert_eq!(a.findings, []);
        assert_eq!(
            a.report.entries.len(),
            1,
            "the R's entries link to the text"
        );
        let g = a.grid.as_ref().unwrap();
        let states = g.node_states().unwrap();
        let legend: Vec<String> = states
            .overlay
            .legend()
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(legend, ["avail: 2 nodes", "drained: 2 nodes"]);
        let reasons: Vec<&str> = states.drains.iter().map(|d| d.reason.as_str()).collect();
        assert_eq!(reasons, ["bad node", "testing drain"]);
        // The states cross to the page with the grid.
        let back = Grid::from_wire(&g.to_wire());
        assert_eq!(back.node_states(), Some(states));
    }

    #[test]
    fn a_payload_that_flux_resource_refuses_gets_placed_findings() {
        let text = "{\"R\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-1\", \"children\": {\"core\": \"0\"}}], \"nodelist\": [\"n[0-1]\"]}},\n \"online\": \"0-1\", \"offline\": \"\", \"exclude\": \"\",\n \"drain\": {\"7\": {\"timestamp\": \"noon\", \"reason\": \"x\"}}}";
        let a = Analysis::of(text);
        let got: Vec<(usize, usize, &str, &str)> = a
            .findings
            .iter()
            .map(|f| (f.line, f.col, f.pointer.as_str(), f.message.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (3, 12, "/drain/7", "drained rank 7 is not in R: flux resource status fails with \"invalid rank\""),
                (3, 31, "/drain/7/timestamp", "timestamp must be a number: the seconds since the epoch when the node was drained"),
            ]
        );
        // The grid still draws R and the states the payload gives.
        let g = a.grid.as_ref().unwrap();
        let states = g.node_states().unwrap();
        assert_eq!((g.rows(), states.drains[0].ranks.as_str()), (2, "7"));
    }

    #[test]
    fn a_status_documents_set_opens_as_written() {
        let text = "{\"all\": {\"version\": 1,\n  \"execution\": {}}, \"down\": null}";
        assert_eq!(
            member_text(text, "all").as_deref(),
            Some("{\"version\": 1,\n  \"execution\": {}}")
        );
        assert_eq!(member_text(text, "down"), None);
        assert_eq!(member_text(text, "allocated"), None);
        assert_eq!(member_text("[1]", "all"), None);
    }

    #[test]
    fn findings_become_squiggles_with_messages() {
        let text = r#"{"version":1,"execution":{"R_lite":{}}}"#;
        let a = Analysis::of(text);
        assert_eq!(a.report.findings, [], "moved out of the report");
        assert_eq!(a.findings.len(), 2);
        assert_eq!(
            a.squiggles.messages,
            [
                "warning: missing key 'nodelist'",
                "error: 'R_lite' must be an array, not an object (flux-core reads it as empty)"
            ]
        );
        let marks: Vec<(Tone, std::ops::Range<usize>)> = a
            .squiggles
            .marks
            .iter()
            .map(|m| (m.tone, m.span.clone()))
            .collect();
        assert_eq!(marks, [(Tone::Warning, 25..26), (Tone::Error, 35..37)]);
    }

    #[test]
    #[cfg(feature = "page")]
    fn entries_where_r_lite_and_the_graph_disagree_get_a_note() {
        let example = std::fs::read_to_string(concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/static/examples/jgf.json"
        ))
        .unwrap();
        let entry0 = r#"{"rank": "0", "children": {"core": "0-3", "gpu": "0"}}"#;
        let entry1 = r#"{"rank": "1", "children": {"core": "0-1", "gpu": "0"}}"#;
        let head = example.find("\"R_lite\"").unwrap();
        let (start, end) = (
            example[head..].find('[').unwrap() + head,
            example[head..].find(']').unwrap() + head + 1,
        );
        let text = format!(
            "{}[{entry0}, {entry1}]{}",
            &example[..start],
            &example[end..]
        );
        let a = Analysis::of(&text);
        let plain = Analysis::of(&example);
        let messages = |a: &Analysis| -> Vec<String> {
            a.findings.iter().map(|f| f.message.clone()).collect()
        };
        assert_eq!(
            messages(&a),
            messages(&plain),
            "a note for the editor, not a finding"
        );
        let notes = |a: &Analysis| -> Vec<(std::ops::Range<usize>, String)> {
            a.squiggles
                .marks
                .iter()
                .zip(&a.squiggles.messages)
                .filter(|(m, _)| m.tone == Tone::Note)
                .map(|(m, s)| (m.span.clone(), s.clone()))
                .collect()
        };
        let at = text.find(entry1).unwrap();
        // Besides it, only the notes of RFC 40's leniency (the example is
        // a graph as Fluxion writes it).
        let rfc40 = |at: usize, m: &str| {
            (
                at..at + 1,
                format!(
                    "note: {m}, which RFC 40 requires ({})",
                    match m.contains("edges") {
                        true => "read from the subsystem alone",
                        false if m.contains("uuid") => "Fluxion never writes it",
                        false => "read as none",
                    }
                ),
            )
        };
        assert_eq!(
            notes(&a),
            [
                (
                    at..at + entry1.len(),
                    "note: R_lite and the graph disagree: rank 1: core 2-3 only in the graph"
                        .to_string()
                ),
                rfc40(354, "13 vertices have no metadata key 'uuid'"),
                rfc40(354, "13 vertices have no metadata key 'properties'"),
                rfc40(5596, "12 edges have no 'relationship'"),
            ]
        );
        // Kept in text order among the warnings, which come after R_lite.
        let starts: Vec<usize> = a.squiggles.marks.iter().map(|m| m.span.start).collect();
        assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
        assert_eq!(starts[0], at);
        // The example itself agrees with its graph: only RFC 40's
        // leniency is noted.
        assert!(
            notes(&plain)
                .iter()
                .all(|(_, m)| m.contains(crate::jgf::LENIENT_MARK)),
            "{:?}",
            notes(&plain)
        );
        assert_eq!(notes(&plain).len(), 3);
    }

    #[test]
    fn a_refused_r_still_draws_the_nodes_read_before_its_error() {
        let text = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-1"}}],"nodelist":["node[1-3]"]}}"#;
        let a = Analysis::of(text);
        assert_eq!(
            a.summaries.as_ref().unwrap_err(),
            "nodelist names 3 hosts but R_lite has 4 ranks"
        );
        let g = a.grid.as_ref().unwrap();
        assert_eq!((g.rows(), g.label(0).as_str()), (4, "rank 0"));
        assert_eq!(
            g.partial_note().unwrap(),
            "Partial: 4 nodes read before the first error flux-core refuses, without host names. Fix the problems listed to see the whole set."
        );
        // Through the worker's wire, the mark stays.
        assert!(Grid::from_wire(&g.to_wire()).is_partial());
        assert_eq!(
            Analysis::of(&text.replace("1-3", "0-3"))
                .grid
                .unwrap()
                .partial_note(),
            None
        );
    }

    #[test]
    fn fluxions_find_output_draws_its_rankless_nodes_as_a_partial_grid() {
        // flux-sched's t/data/resource/expected/find-format-rv1-nosched.json,
        // with a second node.
        let text = r#"{"version": 1, "execution": {"R_lite": [{"children": {"core": "0-15"}}, {"children": {"core": "0-7", "gpu": "0"}}], "nodelist": ["cab[1234-1235]"]}}"#;
        let a = Analysis::of(text);
        assert_eq!(a.summaries.as_ref().unwrap_err(), "missing key 'rank'");
        let g = a.grid.as_ref().unwrap();
        assert_eq!(
            (g.rows(), g.label(0).as_str(), g.label(1).as_str()),
            (2, "cab1234 (0)", "cab1235 (1)")
        );
        assert_eq!(
            g.partial_note().unwrap(),
            "Partial: 2 nodes read before the first error flux-core refuses. Fix the problems listed to see the whole set."
        );
    }

    #[test]
    fn a_bare_graph_opens_as_the_r_it_describes_with_its_own_findings() {
        let example: serde_json::Value =
            serde_json::from_str(include_str!("../../../../../static/examples/jgf.json")).unwrap();
        let bare = serde_json::json!({"graph": example["scheduling"]["graph"]}).to_string();
        let a = Analysis::of(&bare);
        let main = a.summaries.as_ref().unwrap().main().unwrap();
        let whole = Analysis::of(&example.to_string());
        let whole_main = whole.summaries.as_ref().unwrap().main().unwrap();
        assert_eq!(
            (main.nodes, &main.types),
            (whole_main.nodes, &whole_main.types)
        );
        assert!(a.grid.is_some() && a.outline.is_some());
        let said: Vec<(Severity, &str)> = a
            .findings
            .iter()
            .map(|f| (f.severity, f.message.as_str()))
            .collect();
        assert_eq!(said[0], (Severity::Note, crate::report::BARE_GRAPH_NOTE));
        // The rest are the graph's, as `rscope jgf validate` gives them.
        let graph: Vec<String> = crate::jgf::validate(&bare)
            .into_iter()
            .map(|d| d.message)
            .collect();
        let rest: Vec<&str> = said[1..].iter().map(|(_, m)| *m).collect();
        assert_eq!(rest, graph);
    }

    #[test]
    fn json_of_other_keys_is_named_not_a_flux_document() {
        for (text, holds) in [
            (r#"{"foo": 1}"#, "object, 1 member"),
            ("[1, 2]", "array, 2 elements"),
            ("42", "42"),
        ] {
            let a = Analysis::of(text);
            assert_eq!(a.summaries.unwrap_err(), crate::report::NOT_FLUX, "{text}");
            // What it holds, shown instead.
            assert_eq!(a.json_tree.unwrap().value, holds);
        }
        assert_eq!(Analysis::of(r#"{"version": 1}"#).json_tree, None);
        assert_eq!(
            Analysis::of(r#"{"version": 1}"#).summaries.unwrap_err(),
            "missing key 'execution': R needs 'execution' or 'scheduling'"
        );
    }

    #[test]
    fn the_page_reads_rfc40_strictly_as_the_cli_does() {
        let text = include_str!("../../../../../static/examples/jgf.json");
        let a = Analysis::of(text);
        assert!(crate::report::has_rfc40_leniency(&a.findings));
        let strict: Vec<Severity> = crate::report::rfc40_strictly(&a.findings)
            .iter()
            .map(|f| f.severity)
            .collect();
        let mut cli = crate::commands::r::validate(text);
        crate::jgf::strict_rfc40(&mut cli);
        let cli: Vec<Severity> = cli.iter().map(|d| d.severity).collect();
        assert_eq!(strict, cli);
        assert_eq!(strict, [Severity::Warning; 3]);
        assert!(!crate::report::has_rfc40_leniency(
            &Analysis::of("{}").findings
        ));
    }

    #[test]
    fn a_rejected_document_says_why() {
        let a = Analysis::of(r#"{"version":2}"#);
        assert_eq!(a.summaries, Err("unsupported version 2".to_string()));
        assert!(a.grid.is_none() && a.outline.is_none() && a.properties.is_empty());
    }

    #[test]
    fn entries_have_a_span_and_a_place() {
        let text = "{\"version\": 1, \"execution\": {\"R_lite\": [\n  {\"rank\": \"0\", \"children\": {\"core\": \"0\"}},\n  {\"rank\": \"1\", \"children\": {\"core\": \"0\"}}]}}";
        let a = Analysis::of(text);
        let second = text.rfind("{\"rank\"").unwrap();
        assert_eq!(entry_span(&a.report, 1).map(|s| s.0), Some(second));
        assert_eq!(
            entry_place(&a.report, text, 1),
            Some(LineCol { line: 3, col: 3 })
        );
        assert_eq!(
            (entry_span(&a.report, 2), entry_place(&a.report, text, 2)),
            (None, None)
        );
    }

    #[test]
    fn what_is_drawn_crosses_whole() {
        let text = "{\"version\": 1, \"execution\": {\"R_lite\": [\n  {\"rank\": \"0\", \"children\": {\"core\": \"0-1\"}},\n  {\"rank\": \"1-2\", \"children\": {\"core\": \"0\", \"gpu\": \"1\"}}]}}";
        let a = Analysis::of(text);
        let parts = Drawn::of(&a).to_parts();
        let [early, rest, entries, outline @ ..] = &parts[..] else {
            panic!("at least three parts");
        };
        assert_eq!(outline.len(), crate::outline::PIECES);
        let mut d = Drawn::from_rest(rest).unwrap();
        assert_eq!(
            (d.grid.is_none(), d.entries.len(), d.outline.is_none()),
            (true, 0, true)
        );
        d.add_first_stage(Drawn::read_first_stage(early).unwrap());
        d.read_entries(entries).unwrap();
        d.read_outline(outline.iter().map(Vec::as_slice)).unwrap();
        assert_eq!(d, Drawn::of(&a));
        assert_eq!(
            Drawn::read_first_stage(&early[..early.len() - 1]).unwrap_err(),
            "analysis answer unreadable: hit the end of buffer, expected more data"
        );
        // A worker sends the grid first, then the rest.
        let mut begun = Analysis::begin(text);
        let first = begun.take_first_stage();
        let mut sent = Drawn::read_first_stage(&first[0]).unwrap();
        for chunk in &first[1..] {
            sent.grid.as_mut().unwrap().add_chunk(chunk).unwrap();
        }
        assert_eq!(sent, Drawn::read_first_stage(early).unwrap());
        let later = Drawn::take(Analysis::finish(text, begun)).last_parts();
        assert_eq!(later, parts[1..]);
        assert_eq!(d.summaries, a.summaries);
        assert_eq!(d.findings, a.findings);
        assert_eq!(d.squiggles(), a.squiggles);
        assert_eq!(d.properties, a.properties);
        assert_eq!(d.outline, a.outline);
        assert!(Drawn::of(&Analysis::of(TWO)).outline.is_some());
        let links = d.links();
        assert_eq!(links.entries, a.report.entries);
        let second = text.rfind("{\"rank\"").unwrap();
        assert_eq!(links.entry_at(second + 3), Some(1));
        assert_eq!(links.entry_of(2, "gpu", 1), Some(1));
        assert_eq!(entry_span(&links, 1).map(|s| s.0), Some(second));
        let grid = Grid::from_wire(d.grid.as_ref().unwrap());
        let g = a.grid.as_ref().unwrap();
        assert_eq!((grid.rows(), grid.width()), (g.rows(), g.width()));
        assert_eq!(grid.cell(2, 3), g.cell(2, 3));
        for part in &parts {
            assert!(
                !part.windows(7).any(|w| w == b"version"),
                "never the text: {part:?}"
            );
        }
    }

    #[test]
    fn a_rejection_crosses() {
        let parts = Drawn::of(&Analysis::of(r#"{"version":2}"#)).to_parts();
        assert_eq!(parts.len(), 3, "no outline: no pieces");
        let d = Drawn::from_rest(&parts[1]).unwrap();
        assert_eq!(d.summaries, Err("unsupported version 2".to_string()));
        assert_eq!(
            (d.grid.is_none(), d.outline.is_none(), d.links().rejection),
            (true, true, Some("unsupported version 2".into()))
        );
        assert_eq!(
            Drawn::from_rest(&[7]).unwrap_err(),
            "analysis answer unreadable: serde deserialization error"
        );
    }

    #[test]
    fn long_texts_show_a_head() {
        assert_eq!(head("rank[0-3]/core0", 100), None, "short: all of it");
        assert_eq!(head("rank0/core0 rank1/core1", 15), Some("rank0/core0 "));
        assert_eq!(head("n1,n2,n3,n4", 7), Some("n1,n2,"));
        assert_eq!(head("abcdefgh", 5), Some("abcde"), "nowhere to cut");
        assert_eq!(head("abc\u{e9}\u{e9}", 4), Some("abc"), "a boundary");
        assert_eq!(
            head("x,bcdefghijk", 10),
            Some("x,bcdefghi"),
            "a separator too far back"
        );
    }

    #[test]
    fn an_excerpt_measures_its_text_once() {
        let short = Excerpt::of("n[1-4]");
        assert_eq!((short.head, short.chars, short.bytes), (None, 6, 6));
        let long = format!("{}\u{e9}", "n1,".repeat(400));
        let e = Excerpt::of(&long);
        assert_eq!((e.chars, e.bytes), (1201, 1202));
        assert_eq!(e.head.as_deref(), head(&long, HEAD_BYTES));
        assert_eq!(e.head.map(|h| h.len()), Some(999), "cut after a comma");
    }

    #[test]
    fn fixes_apply_in_bytes() {
        // "é" is two bytes but one UTF-16 unit: a fix counts bytes.
        let text = "{\"x\u{e9}\": 0, \"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0,0-1\", \"children\": {\"core\": \"0\"}}]}}";
        let a = Analysis::of(text);
        let fix = a
            .findings
            .iter()
            .find_map(|f| f.fix.clone())
            .expect("a canonical idset fix");
        let at = text.find("\"0,0-1\"").unwrap();
        assert_eq!(fix.span, (at, at + 7));
        assert_eq!(
            apply_fix(text, fix.span, &fix.replacement),
            text.replace("\"0,0-1\"", "\"0-1\"")
        );
        assert_eq!(apply_fix("ab", (5, 9), "c"), "abc", "clamped to the end");
        assert_eq!(
            apply_fix("ab", (2, 1), "c"),
            "abc",
            "an end before the start"
        );
        assert_eq!(
            apply_fix("\u{e9}b", (1, 2), "x"),
            "xb",
            "moved to a character boundary"
        );
    }

    #[test]
    fn another_tabs_set_crosses_as_entries() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2,7", "children": {"core": "0-3", "gpu": "0"}}, {"rank": "3", "children": {"core": "1"}}]}}"#;
        let set = crate::rset::load(text).map_err(|e| e.to_string());
        let mut build = SetBuild::read(&member_part(set)).unwrap();
        let mut steps = 1;
        while !build.step(2) {
            steps += 1;
        }
        assert_eq!(steps, 3, "five ranks, two at a time");
        let set = build.finish();
        assert_eq!(set.short_form(), "rank[0-2,7]/core[0-3],gpu0 rank3/core1");
        assert_eq!(
            SetBuild::read(&member_part(Err("unsupported version 2".into()))).err(),
            Some("unsupported version 2".to_string())
        );
        assert_eq!(
            SetBuild::read(&[9]).err(),
            Some("analysis answer unreadable: serde deserialization error".to_string())
        );
    }
}
