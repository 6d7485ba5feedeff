//! A document as Rscope reads it: an R (or a status document) and the
//! resource graph under its `scheduling` key, from one parse of the text.
//!
//! This is the one place where the R model ([`crate::rset`]) and the graph
//! model ([`crate::jgf`]) meet. The R reader checks what RFC 20 says about
//! `scheduling` and hands the value to a [`GraphCheck`]; the one here reads
//! it as JGF (RFC 40), adds the graph's findings in place, and keeps the
//! graph so that views need not read the text again.

use crate::diag::Diagnostic;
use crate::jgf;
use crate::json::{self, Value};
use crate::rset::{self, Document, GraphCheck, Parsed};
use crate::sorting;

/// A document read once: the R model's reading, with the graph's findings
/// among its diagnostics, and the graph itself.
#[derive(Debug)]
pub struct Read {
    /// The R model's reading.
    pub doc: Document,
    /// The document's own graph, indexed: the one under the top-level
    /// `scheduling` key, or a bare `{"graph": …}` document's.
    pub graph: Option<jgf::IndexedGraph>,
    /// For a bare graph, its findings as `rscope jgf validate` gives them:
    /// they, not the R reader's refusals, are what is wrong with it.
    pub bare_graph: Option<Vec<Diagnostic>>,
    /// Whether the text is JSON with none of the keys of a document Rscope
    /// reads (a list, a number, an object of other keys).
    pub foreign: bool,
}

/// The top-level keys of the documents Rscope reads: an R, a status
/// document, a bare graph.
const KNOWN_KEYS: [&str; 8] = [
    "version",
    "execution",
    "scheduling",
    "attributes",
    "all",
    "allocated",
    "down",
    "graph",
];

/// Whether `root` holds none of [`KNOWN_KEYS`].
fn is_foreign(root: &Value<'_>) -> bool {
    match root {
        Value::Object(o) => !json::members(o)
            .0
            .iter()
            .any(|m| KNOWN_KEYS.contains(&m.name)),
        _ => true,
    }
}

/// Reads `scheduling` values as JGF; keeps the top-level one's graph.
#[derive(Default)]
struct JgfCheck {
    graph: Option<jgf::IndexedGraph>,
}

impl GraphCheck for JgfCheck {
    fn check(&mut self, text: &str, value: &Value<'_>, pointer: &str) -> Vec<Diagnostic> {
        let (graph, mut diags) = jgf::read_scheduling(text, value, pointer);
        if let Some(graph) = graph {
            let (analysis, d) = jgf::index_graph(graph);
            diags.extend(d);
            // Status documents' members have graphs too; the document's own
            // is the top-level one.
            if pointer == "/scheduling" {
                self.graph = Some(analysis);
            }
        }
        diags
    }
}

/// Read a text that is an R, a status document or a bare graph, with every
/// finding about it and its graph, for what the page shows: the sets keep
/// no copy of their `scheduling` text, only that they had one (in a large
/// R it is most of the document; the graph read from it is kept).
pub fn read(text: &str) -> Read {
    read_for(text, rset::check_document_value)
}

/// How [`read_for`] reads the R of a JSON tree.
type ReadR = for<'a> fn(&str, &Value<'a>, &mut dyn GraphCheck) -> Document;

/// [`read`], reading the R with `read_r`.
fn read_for(text: &str, read_r: ReadR) -> Read {
    let root = match json::parse(text) {
        Ok(v) => v,
        Err(d) => {
            return Read {
                doc: Document::R(Box::new(Parsed::not_json(*d))),
                graph: None,
                bare_graph: None,
                foreign: false,
            }
        }
    };
    let mut check = JgfCheck::default();
    let doc = read_r(text, &root, &mut check);
    let mut graph = check.graph;
    let mut bare_graph = None;
    if graph.is_none() && doc.main_set().is_err() {
        // Not an R: perhaps a bare `{"graph": …}`, read as `rscope jgf`
        // reads it.
        let parsed = jgf::parse_value(text, &root);
        if let Some(g) = parsed.graph {
            let (analysis, found) = jgf::index_graph(g);
            let mut diags = parsed.diagnostics;
            diags.extend(found);
            sorting::sort_by_key(&mut diags, |d| d.span.start);
            graph = Some(analysis);
            bare_graph = Some(diags);
        }
    }
    Read {
        foreign: graph.is_none() && is_foreign(&root),
        doc,
        graph,
        bare_graph,
    }
}

/// Read one R document with the findings about its graph among the R's,
/// in document order: what `rscope R validate` reports.
pub fn parse(text: &str) -> Parsed {
    rset::parse_checking(text, &mut JgfCheck::default())
}

/// Read an R or a status document with the findings about its graphs,
/// for the findings alone: its sets keep no copy of their `scheduling`.
pub fn parse_with_graph(text: &str) -> Document {
    read_for(text, rset::check_document_value).doc
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRAPH: &str = r#"{"graph": {"nodes": [{"id": "0", "metadata": {"type": "cluster", "basename": "c", "name": "c0", "id": 0, "uniq_id": 0, "rank": -1, "exclusive": false, "unit": "", "size": 1, "paths": {"containment": "/c0"}}}], "edges": []}}"#;

    fn r_with(scheduling: &str) -> String {
        format!(
            r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "0"}}}}]}}, "scheduling": {scheduling}}}"#
        )
    }

    #[test]
    fn keeps_the_graph_of_an_r() {
        let read = read(&r_with(GRAPH));
        assert!(read.doc.main_set().is_ok());
        assert_eq!(read.graph.unwrap().graph.vertices.len(), 1);
    }

    #[test]
    fn findings_alone_copy_no_scheduling_text() {
        let text = r_with(r#"{"writer": "fluxion", "graph": {"nodes": [], "edges": 7}}"#);
        let kept = read_for(&text, rset::parse_r_value).doc;
        let checked = parse_with_graph(&text);
        let sets = |d: &Document| {
            d.main_set()
                .map(|s| (s.scheduling().map(str::len), s.has_scheduling()))
        };
        assert_eq!(sets(&kept), Ok((Some(57), true)));
        assert_eq!(sets(&checked), Ok((None, true)));
        assert_eq!(sets(&read(&text).doc), Ok((None, true)));
        let without = read(&r_with("null").replace(r#", "scheduling": null"#, ""));
        assert_eq!(sets(&without.doc), Ok((None, false)));
        assert_eq!(checked.diagnostics(), kept.diagnostics());
        let messages: Vec<&str> = checked
            .diagnostics()
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(
            messages,
            [
                "missing key 'nodelist'",
                "'edges' must be an array, not a number"
            ]
        );
    }

    #[test]
    fn reads_a_bare_graph() {
        // An object of objects reads as a status document without `all`.
        let read = read(GRAPH);
        assert_eq!(
            read.doc.main_set().unwrap_err().to_string(),
            "status document has no 'all' set"
        );
        assert_eq!(read.graph.unwrap().graph.vertices.len(), 1);
    }

    #[test]
    fn graph_findings_join_the_r_findings() {
        let bad = r_with(r#"{"graph": {"nodes": [{"id": 7}], "edges": []}}"#);
        let plain = rset::parse(&bad);
        let composed = parse(&bad);
        assert!(plain
            .diagnostics
            .iter()
            .all(|d| !d.pointer.starts_with("/scheduling/graph")));
        let graph: Vec<_> = composed
            .diagnostics
            .iter()
            .filter(|d| d.pointer.starts_with("/scheduling/graph"))
            .map(|d| (d.message.as_str(), d.pointer.as_str()))
            .collect();
        assert_eq!(
            graph.first(),
            Some(&(
                "vertex 'id' must be a string, not a number",
                "/scheduling/graph/nodes/0/id"
            ))
        );
    }

    /// The repeated-key findings of `text`: message, span and pointer.
    fn repeated_keys(text: &str) -> Vec<(String, std::ops::Range<usize>, String)> {
        parse_with_graph(text)
            .diagnostics()
            .iter()
            .filter(|d| d.message.starts_with("duplicate"))
            .map(|d| (d.message.clone(), d.span.clone(), d.pointer.clone()))
            .collect()
    }

    #[test]
    fn repeated_keys_in_a_member_graph_are_found_though_its_vertices_wait() {
        let set = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}, "scheduling": {"graph": {"nodes": [{"id": "0", "id": "0"}], "edges": []}}}"#;
        let text = format!(r#"{{"all": {set}}}"#);
        let second = text.rfind(r#""id""#).unwrap();
        assert_eq!(
            repeated_keys(&text),
            [(
                "duplicate key 'id'; the last value is used".to_string(),
                second..second + 4,
                "/all/scheduling/graph/nodes/0/id".to_string()
            )]
        );
    }

    #[test]
    fn repeated_keys_among_ten_in_a_waiting_vertex_are_found_where_they_are() {
        // Ten keys, one of them twice: found by comparing keys, not with a
        // hash map, and placed below the second vertex.
        let meta = r#"{"type": "core", "basename": "core", "name": "core0", "id": 0, "uniq_id": 1, "rank": 0, "exclusive": false, "unit": "", "size": 1, "name": "core1"}"#;
        let set = format!(
            r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "0"}}}}]}}, "scheduling": {{"graph": {{"nodes": [{{"id": "0"}}, {{"id": "1", "metadata": {meta}}}], "edges": []}}}}}}"#
        );
        let text = format!(r#"{{"all": {set}}}"#);
        let second = text.rfind(r#""name""#).unwrap();
        assert_eq!(
            repeated_keys(&text),
            [(
                "duplicate key 'name'; the last value is used".to_string(),
                second..second + 6,
                "/all/scheduling/graph/nodes/1/metadata/name".to_string()
            )]
        );
    }

    #[test]
    fn not_json_has_no_graph() {
        let read = read("{");
        assert_eq!(
            read.doc.main_set().unwrap_err().to_string(),
            "not JSON: unterminated object"
        );
        assert!(read.graph.is_none());
    }
}
