//! What the page shows about a document, computed in one call: the
//! diagnostics with their line, column and UTF-16 offsets (what a browser
//! text area counts in), the summary of each set, and the sets themselves
//! for the grid. The page renders this; it never reads R itself.

use crate::diag::{Diagnostic, LineCol, Severity};
use crate::document::{self, Read};
use crate::jgf;
use crate::resource::check;
use crate::resource::ResourceStatus;
use crate::rset::{Document, Entry, Rset};
use crate::sorting;
use serde::{Deserialize, Serialize};

/// A diagnostic placed in the text for an editor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// `error`, `warning` or `note`.
    pub severity: Severity,
    /// Lowercase, no trailing period.
    pub message: String,
    /// RFC 6901 pointer to the value.
    pub pointer: String,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (characters) of the span's start.
    pub col: usize,
    /// The span as byte offsets, for the editor's squiggles.
    pub span: (usize, usize),
    /// The span as UTF-16 code unit offsets, for `setSelectionRange`.
    pub utf16: (usize, usize),
    /// The suggested edit, as UTF-16 offsets and replacement text.
    pub fix: Option<FixView>,
}

/// A suggested edit in UTF-16 offsets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixView {
    /// What the edit does.
    pub message: String,
    /// Byte start and end of the text to replace.
    pub span: (usize, usize),
    /// UTF-16 start and end of the text to replace.
    pub utf16: (usize, usize),
    /// The replacement.
    pub replacement: String,
}

/// A count of one child type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeCount {
    /// The child type: `core`, `gpu`, or any other.
    pub name: String,
    /// How many over all nodes.
    pub count: u64,
}

/// A property with the ranks holding it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropertyView {
    /// The property name.
    pub name: String,
    /// The ranks, as an RFC 22 idset.
    pub ranks: String,
    /// How many nodes hold it.
    pub nodes: u64,
}

/// The summary of one resource set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetSummary {
    /// The set's name: `R` for a plain document, else the status key.
    pub name: String,
    /// Number of execution targets.
    pub nodes: u64,
    /// Counts per child type, `core` and `gpu` first.
    pub types: Vec<TypeCount>,
    /// The ranks as an RFC 22 idset.
    pub ranks: String,
    /// The host names in compact RFC 29 form, when every node has one.
    pub nodelist: Option<String>,
    /// `nslots`, when given.
    pub nslots: Option<i64>,
    /// Start time in seconds since the epoch (0 when unset).
    pub starttime: f64,
    /// Expiration in seconds since the epoch (0 when unset).
    pub expiration: f64,
    /// Properties with their ranks.
    pub properties: Vec<PropertyView>,
    /// The short form, as `flux R decode --short` prints it.
    pub short_form: String,
    /// Whether the set carries a `scheduling` key (a JGF graph).
    pub has_scheduling: bool,
}

/// Everything the page shows about one text.
#[derive(Clone, Debug)]
pub struct Report {
    /// Whether the text is a status document (`{all, down, allocated}`).
    pub is_status: bool,
    /// Every finding, in document order.
    pub findings: Vec<Finding>,
    /// The sets the text holds, by name (`R` for a plain document), those
    /// the reference would reject left out.
    pub sets: Vec<(String, Rset)>,
    /// The name of the set the document is about: `R`, or `all` for a
    /// status document.
    pub main_name: &'static str,
    /// Why the document holds no set to work on ([`crate::rset::NoSet`]), when it holds
    /// none.
    pub rejection: Option<String>,
    /// The `R_lite` entries of the main set, in text order.
    pub entries: Vec<Entry>,
    /// The document's own resource graph, read in the same pass, for the
    /// views that draw it.
    pub graph: Option<jgf::IndexedGraph>,
    /// When the reference refuses an R: the nodes read before the refusal,
    /// which the grid draws marked partial.
    pub partial: Option<Rset>,
    /// For a `resource.status` payload: its nodes' states and drain
    /// reasons, as `flux resource status` reads them.
    pub node_states: Option<ResourceStatus>,
}

/// What a tab says of its own text when it is an eventlog or a job list:
/// what it was read as and where it belongs, as it holds no resources.
fn history_rejection(text: &str) -> Option<String> {
    // The element's bundle (no `page` feature) draws R documents and has a
    // size budget: the constant `cfg!` lets this reader fall out of it.
    if !cfg!(feature = "page") {
        return None;
    }
    const BELONGS: &str = "which holds no resources: open it into the system of a tab that holds the system's R or a payload";
    if crate::eventlog::looks_like_eventlog(text) {
        let what = |resource: bool| match resource {
            true => "an RFC 44 resource eventlog",
            false => "an RFC 18 eventlog that is not a resource eventlog",
        };
        return Some(match crate::eventlog::read(text) {
            Ok(log) if log.is_resource_log() => format!(
                "this is {} ({}), {BELONGS}",
                what(true),
                log.describe()
            ),
            Ok(log) => format!(
                "this is {} ({}): it says nothing of resources; Rscope reads the resource eventlog (flux resource eventlog -f json)",
                what(false),
                log.describe()
            ),
            Err(e) => format!(
                "this looks like {}, but {e}",
                what(crate::eventlog::is_resource_eventlog(text))
            ),
        });
    }
    let jobs = crate::jobs::record::job_count(text)?;
    let n = crate::words::count(jobs, "job");
    Some(format!(
        "this is a job list (flux jobs --json, {n}), {BELONGS}"
    ))
}

/// Where findings are, as the editor counts: the line and column of a
/// byte ([`crate::diag::line_col`]'s) and its UTF-16 offset. Each finding used to scan
/// the text from its start, twice or more; on a 2 MB graph, with findings
/// near its end, that was 12-15 ms of the worker's first analysis (its
/// wasm code still in the baseline tier). Here the text's ASCII head is
/// measured once, and lines are counted on from the last place asked
/// for (findings come mostly in document order).
struct Places<'a> {
    text: &'a str,
    /// The bytes before the first non-ASCII one: up to there a UTF-16
    /// offset is the byte offset.
    ascii: usize,
    /// The last offset placed, its line, and where that line starts.
    last: (usize, usize, usize),
}

impl<'a> Places<'a> {
    fn new(text: &'a str) -> Places<'a> {
        let ascii = text
            .bytes()
            .position(|b| !b.is_ascii())
            .unwrap_or(text.len());
        Places {
            text,
            ascii,
            last: (0, 1, 0),
        }
    }

    /// `byte`, clamped to the text and moved back to a character boundary.
    fn floor(&self, byte: usize) -> usize {
        let mut end = byte.min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        end
    }

    /// The UTF-16 offset of `byte`.
    fn utf16(&self, byte: usize) -> usize {
        let end = self.floor(byte);
        if end <= self.ascii {
            end
        } else {
            self.text[..end].encode_utf16().count()
        }
    }

    /// What [`crate::diag::line_col`] says of `byte`.
    fn line_col(&mut self, byte: usize) -> LineCol {
        let offset = self.floor(byte);
        let (from, line, start) = match self.last {
            last if last.0 <= offset => last,
            _ => (0, 1, 0),
        };
        let between = &self.text.as_bytes()[from..offset];
        let line = line + between.iter().filter(|&&b| b == b'\n').count();
        let start = between
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(start, |i| from + i + 1);
        self.last = (offset, line, start);
        LineCol {
            line,
            col: self.text[start..offset].chars().count() + 1,
        }
    }
}

fn finding(d: &Diagnostic, places: &mut Places<'_>) -> Finding {
    let lc = places.line_col(d.span.start);
    Finding {
        severity: d.severity,
        message: d.message.clone(),
        pointer: d.pointer.clone(),
        line: lc.line,
        col: lc.col,
        span: (d.span.start, d.span.end),
        utf16: (places.utf16(d.span.start), places.utf16(d.span.end)),
        fix: d.fix.as_ref().map(|f| FixView {
            message: f.message.clone(),
            span: (f.span.start, f.span.end),
            utf16: (places.utf16(f.span.start), places.utf16(f.span.end)),
            replacement: f.replacement.clone(),
        }),
    }
}

/// What a resource eventlog shows in a tab of its own: the system as it
/// was after the last event, that is the `resource.status` payload
/// `rscope resource replay` prints, read as any payload is. The payload's
/// spans are in the replayed text, not the tab's, so its findings and
/// entries give way to the eventlog's own findings, after a note that
/// says what is shown. `None` when it holds no event or the replay
/// refuses (then the tab says what the text is).
pub fn eventlog_report(text: &str) -> Option<EventlogReport> {
    use crate::resource::eventlog;
    if !cfg!(feature = "page") || !eventlog::looks_like_resource_eventlog(text) {
        return None;
    }
    // The timeline's read of the same text, when it came first. (Taken
    // only here, after the feature's check: the element's bundle, which
    // has no room, links none of the hand-off.)
    let handed = eventlog::handed::take(text);
    let read;
    let log = match &handed {
        Some(r) => r.log(),
        None => {
            read = eventlog::read(text);
            &read
        }
    };
    let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max)?;
    let replayed = match &handed {
        Some(r) => r.at(None),
        None => eventlog::replay(log, &eventlog::ReplayOptions::default()).ok()?,
    };
    let payload = replayed.to_json();
    let mut report = status_payload_report(&payload, &mut Places::new(&payload))?;
    let mut said = format!(
        "{REPLAYED_NOTE} ({}), as rscope resource replay prints it",
        crate::time::utc(last)
    );
    if log.r.is_none() {
        said.push_str(NO_R_IN_EVENTLOG);
    }
    let note = Diagnostic::note(said, 0..0, "");
    let mut places = Places::new(text);
    report.findings = std::iter::once(&note)
        .chain(&log.findings)
        .chain(&replayed.findings)
        .map(|d| finding(d, &mut places))
        .collect();
    report.entries.clear();
    Some(EventlogReport {
        report,
        has_r: log.r.is_some(),
    })
}

/// A resource eventlog's report ([`eventlog_report`]).
pub struct EventlogReport {
    /// What its tab shows.
    pub report: Report,
    /// Whether the log holds the instance's R (a journal response's), so
    /// the report's set has cores and GPUs, not only ranks and hosts.
    pub has_r: bool,
}

/// How a resource eventlog's note begins: what its tab shows.
pub const REPLAYED_NOTE: &str = "a resource eventlog, shown as the system was after its last event";

/// What a resource eventlog's note adds when the log holds no R.
const NO_R_IN_EVENTLOG: &str = ": the log names ranks and hosts but no cores or GPUs, so open the instance's R into this tab's system to see them";

/// Read a text and report on it.
pub fn make_report(text: &str) -> Report {
    if let Some(replayed) = eventlog_report(text) {
        return replayed.report;
    }
    if let Some(rejection) = history_rejection(text) {
        return Report {
            is_status: false,
            findings: Vec::new(),
            sets: Vec::new(),
            main_name: "R",
            rejection: Some(rejection),
            entries: Vec::new(),
            graph: None,
            partial: None,
            node_states: None,
        };
    }
    let mut places = Places::new(text);
    let Read {
        mut doc,
        graph,
        bare_graph,
        foreign,
    } = document::read(text);
    if let (Some(diags), Some(g)) = (bare_graph, graph.as_ref()) {
        let set = jgf::consistency::to_rset(g);
        return bare_graph_report(diags, set, graph, &mut places);
    }
    if foreign {
        if let Some(report) = status_payload_report(text, &mut places) {
            return report;
        }
    }
    let findings = doc
        .diagnostics()
        .iter()
        .map(|d| finding(d, &mut places))
        .collect();
    let main_name = doc.main_name();
    let rejection = doc.main_set().err().map(|no| match foreign {
        true => NOT_FLUX.to_string(),
        false => no.to_string(),
    });
    let (entries, partial) = match &mut doc {
        Document::R(p) => (std::mem::take(&mut p.entries), p.partial.take()),
        Document::Status { entries, .. } => (std::mem::take(entries), None),
    };
    let (is_status, sets) = match doc {
        Document::R(p) => (
            false,
            p.rset.map(|s| ("R".to_string(), s)).into_iter().collect(),
        ),
        Document::Status { sets, .. } => (
            true,
            sets.into_iter()
                .filter_map(|(name, s)| s.map(|s| (name, s)))
                .collect(),
        ),
    };
    Report {
        is_status,
        findings,
        sets,
        main_name,
        rejection,
        entries,
        graph,
        partial,
        node_states: None,
    }
}

/// What a `resource.status` payload shows, or `None` for JSON that is no
/// such payload: its R as the set the views draw, its findings, and its
/// nodes' states when `flux resource status` would read it.
fn status_payload_report(text: &str, places: &mut Places<'_>) -> Option<Report> {
    let root = crate::json::parse(text).ok()?;
    if !root.as_object().is_some_and(check::is_status_payload) {
        return None;
    }
    let read = check::read_status(text, &root);
    let node_states = read
        .rset
        .as_ref()
        .and_then(|set| ResourceStatus::of_set(text, root.as_object()?, set).ok());
    drop(root);
    let findings = read
        .diagnostics
        .iter()
        .map(|d| finding(d, places))
        .collect();
    let rejection = match read.rset {
        Some(_) => None,
        None => Some(NO_PAYLOAD_R.to_string()),
    };
    Some(Report {
        is_status: false,
        findings,
        sets: read
            .rset
            .map(|s| ("R".to_string(), s))
            .into_iter()
            .collect(),
        main_name: "R",
        rejection,
        entries: read.entries,
        graph: None,
        partial: None,
        node_states,
    })
}

/// Why a `resource.status` payload holds no set to draw.
pub const NO_PAYLOAD_R: &str =
    "this resource.status payload's R is one flux resource status refuses: see the findings under /R";

/// What a bare graph shows: its own findings (the graph tools'), after a
/// note that says how it is read, and the R its vertices describe as the
/// set the views draw.
fn bare_graph_report(
    diags: Vec<Diagnostic>,
    set: Result<Rset, crate::rset::Error>,
    graph: Option<jgf::IndexedGraph>,
    places: &mut Places<'_>,
) -> Report {
    let note = Diagnostic::note(BARE_GRAPH_NOTE, 0..1, "");
    let in_order = (graph.as_ref())
        .filter(|g| jgf::consistency::ranked_in_order(g))
        .map(|_| Diagnostic::note(RANKED_IN_ORDER_NOTE, 0..1, ""));
    let findings = std::iter::once(&note)
        .chain(&in_order)
        .chain(&diags)
        .map(|d| finding(d, places))
        .collect();
    let (sets, rejection) = match set {
        Ok(s) => (vec![("R".to_string(), s)], None),
        Err(e) => (Vec::new(), Some(format!("the graph describes no R: {e}"))),
    };
    Report {
        is_status: false,
        findings,
        sets,
        main_name: "R",
        rejection,
        entries: Vec::new(),
        graph,
        partial: None,
        node_states: None,
    }
}

/// Whether any of `findings` is a note of RFC 40's leniency
/// ([`jgf::LENIENT_MARK`]), which a strict reading makes a warning.
pub fn has_rfc40_leniency(findings: &[Finding]) -> bool {
    findings.iter().any(is_lenient)
}

/// `findings` read as `--strict-rfc40` reads them: each note of RFC 40's
/// leniency is a warning ([`jgf::strict_rfc40`]'s rule, on placed
/// findings).
pub fn rfc40_strictly(findings: &[Finding]) -> Vec<Finding> {
    findings
        .iter()
        .map(|f| match is_lenient(f) {
            true => Finding {
                severity: Severity::Warning,
                ..f.clone()
            },
            false => f.clone(),
        })
        .collect()
}

fn is_lenient(f: &Finding) -> bool {
    f.severity == Severity::Note && f.message.contains(jgf::LENIENT_MARK)
}

/// Why JSON of none of the keys Rscope reads holds no set: what Rscope
/// expected instead.
pub const NOT_FLUX: &str = "this JSON is not a Flux document Rscope reads: it expected an R (RFC 20: 'version' and 'execution'), a status document ('all', 'allocated', 'down') or a resource graph (RFC 40: 'graph')";

/// The note of a bare graph none of whose nodes has a rank (Fluxion's
/// `find --format=jgf` output).
pub const RANKED_IN_ORDER_NOTE: &str = "no node of the graph has a rank, as in Fluxion's find --format=jgf output: its nodes are numbered from 0 in the graph's order";

/// The note a bare graph's findings start with.
pub const BARE_GRAPH_NOTE: &str = "a bare resource graph (RFC 40 JGF), not an R: the summary and the grid show the R its vertices describe, one rank per node with its cores and GPUs";

impl Report {
    /// The set the grid draws: the `all` set of a status document, else R
    /// (see [`Document::main_set`]).
    pub fn main_set(&self) -> Option<&Rset> {
        self.set(self.main_name)
    }

    /// A set by name.
    pub fn set(&self, name: &str) -> Option<&Rset> {
        self.sets.iter().find(|(n, _)| n == name).map(|(_, s)| s)
    }

    /// How many findings of each severity: (errors, warnings, notes).
    pub fn counts(&self) -> (usize, usize, usize) {
        let n = |s| self.findings.iter().filter(|f| f.severity == s).count();
        (n(Severity::Error), n(Severity::Warning), n(Severity::Note))
    }

    /// The index of the `R_lite` entry whose text holds byte `at`.
    pub fn entry_at(&self, at: usize) -> Option<usize> {
        // Entries are in text order and do not overlap.
        let i = self.entries.partition_point(|e| e.span.start <= at);
        i.checked_sub(1).filter(|&i| at < self.entries[i].span.end)
    }

    /// The index of the first `R_lite` entry that gives `rank` the child
    /// `kind` `id` (entries for one rank may be split and merged).
    pub fn entry_of(&self, rank: u32, kind: &str, id: u32) -> Option<usize> {
        self.entries.iter().position(|e| e.holds(rank, kind, id))
    }

    /// The summary of every set, in document order.
    pub fn summaries(&self) -> Vec<SetSummary> {
        self.sets.iter().map(|(n, s)| summarize_set(n, s)).collect()
    }
}

/// Summarize one set.
pub fn summarize_set(name: &str, set: &Rset) -> SetSummary {
    let mut names = set.child_types();
    // Cores and GPUs first, as people read them; the rest in name order.
    sorting::sort_by_key(&mut names, |n| (n != "core", n != "gpu", n.clone()));
    let types = names
        .into_iter()
        .map(|name| TypeCount {
            count: set.count(&name),
            name,
        })
        .filter(|t| t.count > 0 || t.name == "core")
        .collect();
    let mut properties: Vec<PropertyView> = set
        .properties()
        .into_iter()
        .map(|(name, ranks)| PropertyView {
            nodes: ranks.len(),
            ranks: ranks.to_string(),
            name,
        })
        .collect();
    sorting::sort_by(&mut properties, |a, b| a.name.cmp(&b.name));
    SetSummary {
        name: name.to_string(),
        nodes: set.len() as u64,
        types,
        ranks: set.ranks().to_string(),
        nodelist: set.nodelist().map(|h| h.to_string()),
        nslots: (set.nslots() > 0).then(|| set.nslots()),
        starttime: set.starttime(),
        expiration: set.expiration(),
        properties,
        short_form: set.short_form(),
        has_scheduling: set.has_scheduling(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_agree_with_line_col_and_utf16_in_any_order() {
        // Multi-byte characters (two, three and four bytes), empty lines,
        // offsets inside characters and past the end, asked forwards,
        // backwards and at random: the same answers as counting from the
        // start each time.
        let text = "ab\n\né x\n€€ 😀\n\nz";
        let mut places = Places::new(text);
        let forwards: Vec<usize> = (0..=text.len() + 2).collect();
        let backwards: Vec<usize> = forwards.iter().rev().copied().collect();
        let scrambled: Vec<usize> = (0..=text.len() + 2)
            .map(|i| (i * 7) % (text.len() + 3))
            .collect();
        for offset in forwards.iter().chain(&backwards).chain(&scrambled) {
            let end = places.floor(*offset);
            assert_eq!(
                places.line_col(*offset),
                crate::diag::line_col(text, *offset),
                "{offset}"
            );
            assert_eq!(
                places.utf16(*offset),
                text[..end].encode_utf16().count(),
                "{offset}"
            );
        }
        assert_eq!(Places::new("abc").ascii, 3);
        assert_eq!(Places::new("aé").ascii, 1);
    }

    #[test]
    fn reports_an_r_document() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3", "gpu": "0"}}], "nodelist": ["node[7-8]"], "properties": {"debug": "1"}, "nslots": 4, "starttime": 10, "expiration": 70}}"#;
        let r = make_report(text);
        assert!(!r.is_status);
        assert_eq!(r.findings, []);
        let s = &r.summaries()[0];
        assert_eq!(
            (s.nodes, s.ranks.as_str(), s.nodelist.as_deref(), s.nslots),
            (2, "0-1", Some("node[7-8]"), Some(4))
        );
        assert_eq!(
            s.types,
            [
                TypeCount {
                    name: "core".into(),
                    count: 8
                },
                TypeCount {
                    name: "gpu".into(),
                    count: 2
                }
            ]
        );
        assert_eq!(
            s.properties,
            [PropertyView {
                name: "debug".into(),
                ranks: "1".into(),
                nodes: 1
            }]
        );
        assert_eq!(s.short_form, "rank[0-1]/core[0-3],gpu0");
        assert_eq!((s.starttime, s.expiration), (10.0, 70.0));
    }

    #[test]
    fn findings_carry_utf16_offsets_and_fixes() {
        // "é" is two bytes but one UTF-16 unit: offsets after it shift by one.
        let text = "{\"version\": 1, \"x\u{e9}\": 0, \"execution\": {\"R_lite\": [{\"rank\": \"0,0-1\", \"children\": {\"core\": \"0\"}}]}}";
        let r = make_report(text);
        let f = r
            .findings
            .iter()
            .find(|f| f.pointer == "/execution/R_lite/0/rank")
            .expect("a finding on the rank idset");
        // The span is the overlapping element `0-1` inside the string.
        let byte = text.find("0-1\"").unwrap();
        assert_eq!(f.utf16, (byte - 1, byte + 2));
        assert_eq!(f.span, (byte, byte + 3), "bytes count é as two");
        assert_eq!((f.line, f.col), (1, byte));
        let fix = f.fix.as_ref().expect("a canonical idset fix");
        assert_eq!(fix.replacement, "\"0-1\"");
    }

    #[test]
    fn reports_a_status_document() {
        let r = make_report(
            r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}, "allocated": null}"#,
        );
        assert!(r.is_status);
        let names: Vec<&str> = r.sets.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["all", "down"]);
        assert_eq!(r.main_set().map(Rset::len), Some(4));
        assert_eq!(r.rejection, None);
    }

    #[test]
    fn links_text_to_entries_and_cells_to_entries() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}, {"rank": "1", "children": {"gpu": "0"}}, {"rank": "2", "children": {"core": "x"}}]}}"#;
        let r = make_report(text);
        let first = text.find("{\"rank\"").unwrap();
        let second = text.find("{\"rank\": \"1\"").unwrap();
        assert_eq!(r.entries.len(), 3, "an entry with a bad child still counts");
        assert_eq!(r.entries[0].span, first..second - 2);
        assert_eq!(r.entries[0].ranks.to_string(), "0-1");
        assert_eq!(r.entries[2].children, []);
        assert_eq!(r.entry_at(first), Some(0));
        assert_eq!(r.entry_at(first + 5), Some(0));
        assert_eq!(r.entry_at(second - 2), None, "the comma between entries");
        assert_eq!(r.entry_at(second), Some(1));
        assert_eq!(r.entry_at(0), None);
        assert_eq!(r.entry_of(1, "core", 3), Some(0));
        assert_eq!(r.entry_of(1, "gpu", 0), Some(1));
        assert_eq!(r.entry_of(0, "gpu", 0), None);
        assert_eq!(r.entry_of(1, "core", 4), None);
    }

    #[test]
    fn links_the_all_set_of_a_status_document() {
        let text = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}}"#;
        let r = make_report(text);
        assert_eq!(r.entries.len(), 1);
        assert_eq!(r.entries[0].ranks.to_string(), "0-3");
        assert_eq!(r.entry_at(text.find("{\"rank\"").unwrap()), Some(0));
        // With the key repeated, the last value counts (as in jansson): for
        // the grid and for the links alike.
        let twice = text.replacen("\"down\"", "\"all\"", 1);
        let r = make_report(&twice);
        assert_eq!(
            r.main_set().map(|s| s.ranks().to_string()).as_deref(),
            Some("3")
        );
        assert_eq!(r.entries.len(), 1);
        assert_eq!(r.entries[0].ranks.to_string(), "3");
    }

    #[test]
    fn reports_a_rejection() {
        let r = make_report("[1]");
        assert_eq!(r.sets.len(), 0);
        assert!(r.rejection.is_some());
        assert_eq!(r.counts().0, 1);
    }
}
