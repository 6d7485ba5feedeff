//! RFC 40 / RFC 4 resource graphs: the JGF graph Fluxion keeps in R's
//! `scheduling.graph`.
//!
//! - [`model`]: vertices and edges with the Fluxion reader's defaults.
//! - [`parse`]: JSON text (an R or a bare `{"graph": ...}`) to the model,
//!   with a diagnostic for every key the reader rejects or RFC 40 wants.
//! - [`tree`]: the containment forest and its structural findings.
//! - [`aggregate`]: counts by type per subtree (RFC 4 *Aggregate*).
//! - [`find`](mod@find): queries by type, name, path prefix, rank and property.
//! - [`text`]: the indented text tree the CLI prints.
//! - [`consistency`]: graph against R_lite, rank by rank; graph to R.
//! - [`generate`]: a graph for an R without one, and JGF output.
//! - [`export`]: DOT and GraphML as `resource-query -g dot|graphml` writes them.
//!
//! Every finding is a [`Diagnostic`] with a span into the source text and a
//! JSON pointer. No step recurses over the graph, and sizes are bounded by
//! [`MAX_VERTICES`] and [`MAX_EDGES`].

pub mod aggregate;
pub mod consistency;
pub mod export;
pub mod find;
pub mod from_hwloc;
pub mod generate;
pub mod model;
pub mod packed;
pub mod parse;
pub mod table;
pub mod text;
pub mod tree;

pub use aggregate::Aggregate;
pub use find::{find, FindMatch, Query};
pub use model::{
    Edge, EdgeForm, EdgeRef, Edges, Graph, Paths, Vertex, VertexRef, Vertices, Writer,
};
pub use parse::{parse_graph, parse_value, read_scheduling, ParsedGraph};
pub use tree::Tree;

use crate::diag::Diagnostic;

/// The most vertices a graph may have (2²²: three El Capitan-sized
/// systems of 1.2 M vertices each).
pub const MAX_VERTICES: usize = 1 << 22;
/// The most edges a graph may have.
pub const MAX_EDGES: usize = 1 << 22;

/// A graph with its containment tree and aggregates.
#[derive(Clone, Debug)]
pub struct IndexedGraph {
    /// The graph as read.
    pub graph: Graph,
    /// Its containment forest.
    pub tree: Tree,
    /// Counts by type per subtree.
    pub aggregate: Aggregate,
}

/// Read, check and index a document (an R with `scheduling` or a bare
/// `{"graph": ...}`). The analysis is absent when there is no graph.
pub fn read_indexed(text: &str) -> (Option<IndexedGraph>, Vec<Diagnostic>) {
    let ParsedGraph { graph, diagnostics } = parse_graph(text);
    let mut diags = diagnostics;
    let Some(graph) = graph else {
        return (None, diags);
    };
    let (analysis, d) = index_graph(graph);
    diags.extend(d);
    (Some(analysis), diags)
}

/// Build the tree and aggregates of a parsed graph.
pub fn index_graph(graph: Graph) -> (IndexedGraph, Vec<Diagnostic>) {
    let (tree, diags) = tree::build(&graph);
    let aggregate = Aggregate::build(&graph, &tree);
    (
        IndexedGraph {
            graph,
            tree,
            aggregate,
        },
        diags,
    )
}

/// Every finding about a document's graph.
pub fn validate(text: &str) -> Vec<Diagnostic> {
    read_indexed(text).1
}

/// What the findings of RFC 40's leniency say: a key or a form RFC 40
/// asks for and the graph leaves out, which the reader fills in as
/// Fluxion's does. Fluxion's own graphs always leave some out (no vertex
/// has a `uuid`; `properties` when empty; older edges carry no
/// `relationship`), so these are notes, not warnings, unless RFC 40 is
/// read strictly ([`strict_rfc40`]).
pub const LENIENT_MARK: &str = "RFC 40";

/// Read RFC 40 strictly (`--strict-rfc40`): each note of its leniency
/// ([`LENIENT_MARK`]) becomes a warning.
pub fn strict_rfc40(diags: &mut [Diagnostic]) {
    for d in diags {
        if d.severity == crate::diag::Severity::Note && d.message.contains(LENIENT_MARK) {
            d.severity = crate::diag::Severity::Warning;
        }
    }
}

#[cfg(test)]
mod tests;
