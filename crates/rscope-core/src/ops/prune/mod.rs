//! RFC 4 *Copy*: a new R holding only part of a document's resources,
//! chosen in its graph: one or more subtrees, or the vertices a find
//! matched (each with what it contains).
//!
//! The graph keeps the chosen vertices, everything below them and their
//! ancestors (so the containment tree still has its root), and the edges
//! of every subsystem between kept vertices, each written as the document
//! wrote it. R_lite, the nodelist and the properties keep the ranks,
//! cores and GPUs of the kept graph, as `flux R intersect --keep-data`
//! would with the set the kept graph describes. A document without a
//! graph is pruned in the graph generated from its R_lite (the one the
//! page draws), and gets no `scheduling` key; a bare `{"graph": ...}`
//! stays a bare graph.

use crate::jgf::{self, consistency, generate, Graph, IndexedGraph};
use crate::json::write_json_string;
use crate::rset::{self, Rset};
use std::collections::HashMap;

/// What the copy of `text` pruned to the subtrees of `keep` (vertex
/// indices in the document's graph, or in the graph generated from its
/// R_lite when it has none) holds: an R on one line, or a `{"graph":
/// ...}` document for a bare graph.
pub fn copy(text: &str, keep: &[usize]) -> Result<String, String> {
    let set = match rset::parse_r(text).main_set() {
        Ok(r) => Some(r.clone()),
        Err(_) => None,
    };
    let (analysis, diags) = jgf::read_indexed(text);
    // No graph is an error of the graph reader, but not here: the graph
    // generated from R_lite is pruned instead.
    let error = diags
        .iter()
        .find(|d| d.severity == crate::diag::Severity::Error);
    if let (Some(_), Some(d)) = (&analysis, error) {
        return Err(format!("the graph cannot be copied: {}", d.message));
    }
    match (analysis, set) {
        (Some(a), set) => {
            let kept = kept(&a, keep)?;
            let graph = pruned_graph(text, &a.graph, &kept);
            match set {
                Some(r) => {
                    let mut out = restricted(&r, &graph)?;
                    out.set_scheduling(&scheduling(&a.graph, &graph));
                    Ok(out.encode())
                }
                None => Ok(format!("{{\"graph\": {graph}}}")),
            }
        }
        (None, Some(r)) => {
            let generated = jgf::index_graph(generate::from_rset(&r)).0;
            let kept = kept(&generated, keep)?;
            let graph = generate::to_json(&keep_vertices(&generated.graph, &kept));
            Ok(restricted(&r, &graph)?.encode())
        }
        (None, None) => Err("the document holds no resource graph and no R".to_string()),
    }
}

/// Which vertices stay: the subtrees of `keep` and their ancestors.
fn kept(a: &IndexedGraph, keep: &[usize]) -> Result<Vec<bool>, String> {
    let n = a.graph.vertices.len();
    let mut kept = vec![false; n];
    for &v in keep {
        if v >= n {
            return Err(format!("vertex {v} is not in the graph (it has {n})"));
        }
        let range = a.tree.subtree(v);
        for &u in a.tree.preorder().get(range).unwrap_or(&[]) {
            kept[u as usize] = true;
        }
        for u in a.tree.path_to_root(v) {
            kept[u] = true;
        }
    }
    if !kept.contains(&true) {
        return Err("nothing to copy: no vertex is chosen".to_string());
    }
    Ok(kept)
}

/// The indices of the kept edges: both ends kept.
fn kept_edges(graph: &Graph, kept: &[bool]) -> Vec<usize> {
    let mut at: HashMap<&str, usize> = HashMap::new();
    for (i, v) in graph.vertices.iter().enumerate() {
        at.entry(v.key).or_insert(i);
    }
    let keeps = |k: &str| at.get(k).is_some_and(|&i| kept[i]);
    (0..graph.edges.len())
        .filter(|&e| keeps(graph.edges.at(e).source) && keeps(graph.edges.at(e).target))
        .collect()
}

/// The JGF `graph` value of the kept part, each vertex and edge the
/// document's own text.
fn pruned_graph(text: &str, graph: &Graph, kept: &[bool]) -> String {
    let slice = |r: &std::ops::Range<usize>| text.get(r.clone()).unwrap_or("{}");
    let nodes: Vec<&str> = graph
        .vertices
        .iter()
        .zip(kept)
        .filter(|(_, &k)| k)
        .map(|(v, _)| slice(&v.spans.vertex))
        .collect();
    let edges: Vec<&str> = kept_edges(graph, kept)
        .into_iter()
        .map(|e| slice(&graph.edges.at(e).span))
        .collect();
    let directed = graph
        .directed
        .map_or(String::new(), |d| format!("\"directed\": {d}, "));
    format!(
        "{{{directed}\"nodes\": [{}], \"edges\": [{}]}}",
        nodes.join(", "),
        edges.join(", ")
    )
}

/// The `scheduling` value: the document's writer, and the pruned graph.
fn scheduling(original: &Graph, graph: &str) -> String {
    let mut out = String::from("{");
    if original.writer != jgf::Writer::Absent {
        out.push_str("\"writer\": ");
        write_json_string(&mut out, &original.writer.to_string());
        out.push_str(", ");
    }
    out.push_str("\"graph\": ");
    out.push_str(graph);
    out.push('}');
    out
}

/// A generated graph with only its kept vertices and the edges between
/// them.
fn keep_vertices(graph: &Graph, kept: &[bool]) -> Graph {
    let edges = kept_edges(graph, kept)
        .into_iter()
        .map(|e| graph.edges.at(e).to_edge())
        .collect();
    Graph {
        vertices: graph
            .vertices
            .iter()
            .zip(kept)
            .filter(|(_, &k)| k)
            .map(|(v, _)| v.to_vertex())
            .collect(),
        edges,
        writer: graph.writer.clone(),
        directed: graph.directed,
        pointer: graph.pointer.clone(),
        span: graph.span.clone(),
    }
}

/// `r` cut to the ranks, cores and GPUs the pruned graph `graph` (a JGF
/// `graph` value or `{"graph": ...}` document) describes, keeping its
/// host names, properties and times.
fn restricted(r: &Rset, graph: &str) -> Result<Rset, String> {
    let doc = if graph.starts_with("{\"graph\"") {
        graph.to_string()
    } else {
        format!("{{\"graph\": {graph}}}")
    };
    let (a, _) = jgf::read_indexed(&doc);
    let a = a.ok_or("the pruned graph cannot be read")?;
    let described = consistency::to_rset(&a).map_err(|e| e.to_string())?;
    let mut out = r.intersect_keeping_data(&described);
    out.scheduling = None;
    Ok(out)
}

#[cfg(test)]
mod tests;
