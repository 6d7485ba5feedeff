//! A JGF graph for an R that has none (cluster → node → core/gpu), so that
//! every R can be viewed as a tree. What it writes follows Fluxion's JGF
//! writer plus what RFC 40 asks for (`properties`, edge `relationship`);
//! there is no `uuid`, as Fluxion writes none.

use super::model::{Edge, EdgeForm, Graph, Vertex, Writer};
use super::parse::numeric_suffix;
use crate::json::write_json_string;
use crate::rset::Rset;
use std::fmt::Write;

pub(super) fn vertex(
    key: usize,
    kind: &str,
    name: String,
    id: i64,
    rank: i64,
    path: String,
) -> Vertex {
    Vertex {
        kind: kind.to_string(),
        basename: kind.to_string(),
        name,
        id,
        uniq_id: i64::try_from(key).unwrap_or(i64::MAX),
        rank,
        paths: vec![("containment".into(), path)],
        ..Vertex::new(key.to_string(), key)
    }
}

pub(super) fn contains(source: usize, target: usize, index: usize) -> Edge {
    Edge {
        source: source.to_string(),
        target: target.to_string(),
        subsystem: "containment".into(),
        relationship: Some("contains".into()),
        form: EdgeForm::Rfc40,
        span: 0..0,
        source_span: 0..0,
        target_span: 0..0,
        index,
    }
}

/// One vertex of the graph generated for a set, as [`walk`] meets it.
pub struct Made<'a> {
    /// The index of its parent (met before it); none for the root.
    pub parent: Option<usize>,
    /// Its type: `cluster`, `node`, or a child type of the set.
    pub kind: &'a str,
    /// Its name (also its basename's type: `core3`, `gpu1`).
    pub name: &'a str,
    /// `metadata.id`.
    pub id: i64,
    /// Its rank (-1 for the cluster).
    pub rank: i64,
}

/// Meet the vertices of the graph of `r` ([`from_rset`]) in vertex order:
/// what the graph is made of, for a caller that needs less than the
/// whole model (the page's outline of a large set).
pub fn walk(r: &Rset, mut meet: impl FnMut(Made<'_>)) {
    meet(Made {
        parent: None,
        kind: "cluster",
        name: "cluster0",
        id: 0,
        rank: -1,
    });
    let mut next = 1;
    let mut cname = String::new();
    for node in r.nodes_by_rank() {
        let rank = i64::from(node.rank());
        let name = node
            .hostname()
            .map_or_else(|| format!("node{rank}"), str::to_string);
        let id = numeric_suffix(&name).unwrap_or(rank);
        let nkey = next;
        meet(Made {
            parent: Some(0),
            kind: "node",
            name: &name,
            id,
            rank,
        });
        next += 1;
        for (kind, ids) in node.children() {
            for i in ids.iter() {
                cname.clear();
                let _ = write!(cname, "{kind}{i}");
                meet(Made {
                    parent: Some(nkey),
                    kind,
                    name: &cname,
                    id: i64::from(i),
                    rank,
                });
                next += 1;
            }
        }
    }
}

/// The graph of `r`: a `cluster0` root, one `node` per rank (named by its
/// host, else `node<rank>`; id from the host's numeric suffix, else the
/// rank), and one vertex per child id (`core3`, `gpu1`, ...).
pub fn from_rset(r: &Rset) -> Graph {
    let mut g = Graph {
        writer: Writer::Jgf,
        pointer: "/graph".into(),
        ..Graph::default()
    };
    walk(r, |m| {
        let key = g.vertices.len();
        let path = match m.parent.and_then(|p| g.vertices.get(p)) {
            Some(p) => format!("{}/{}", p.path("containment").unwrap_or(""), m.name),
            None => format!("/{}", m.name),
        };
        g.vertices
            .push(vertex(key, m.kind, m.name.to_string(), m.id, m.rank, path));
        if let Some(p) = m.parent {
            let e = g.edges.len();
            g.edges.push(contains(p, key, e));
        }
    });
    g
}

/// Write a graph as a `{"graph": ...}` JSON document, one vertex or edge
/// a line.
pub fn to_json(g: &Graph) -> String {
    let mut out = String::with_capacity(256 * (g.vertices.len() + 1));
    out.push_str("{\"graph\": {\"nodes\": [");
    for (i, v) in g.vertices.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str("{\"id\": ");
        write_json_string(&mut out, v.key);
        out.push_str(", \"metadata\": {\"type\": ");
        write_json_string(&mut out, v.kind);
        out.push_str(", \"basename\": ");
        write_json_string(&mut out, v.basename);
        out.push_str(", \"name\": ");
        write_json_string(&mut out, v.name);
        let _ = write!(
            out,
            ", \"id\": {}, \"uniq_id\": {}, \"rank\": {}, \"exclusive\": {}, \"unit\": ",
            v.id, v.uniq_id, v.rank, v.exclusive
        );
        write_json_string(&mut out, v.unit);
        let _ = write!(out, ", \"size\": {}, \"properties\": {{", v.size);
        for (k, (name, value)) in v.properties.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            write_json_string(&mut out, name);
            out.push_str(": ");
            write_json_string(&mut out, value);
        }
        out.push_str("}, \"paths\": {");
        for (k, (sub, path)) in v.paths.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            write_json_string(&mut out, sub);
            out.push_str(": ");
            write_json_string(&mut out, path);
        }
        out.push_str("}}}");
    }
    out.push_str("\n], \"edges\": [");
    for (i, e) in g.edges.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str("{\"source\": ");
        write_json_string(&mut out, e.source);
        out.push_str(", \"target\": ");
        write_json_string(&mut out, e.target);
        out.push_str(", \"metadata\": {\"subsystem\": ");
        write_json_string(&mut out, e.subsystem);
        out.push_str(", \"relationship\": ");
        write_json_string(&mut out, e.relationship.unwrap_or("contains"));
        out.push_str("}}");
    }
    out.push_str("\n]}}\n");
    out
}
