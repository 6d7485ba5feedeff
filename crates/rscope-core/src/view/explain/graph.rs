//! The keys of a resource graph in JSON Graph Format (RFC 40) under an R's
//! `scheduling` key, or in a bare `{"graph": …}` document, explained: a
//! vertex's RFC 4 pool fields with the defaults the reader applies, an
//! edge's ends.

use super::{card, object, DocContext, Explained, Hit, PathStep, Place, Rfc};
use crate::idset::IdSet;
use crate::jgf::{self, Graph, VertexRef};
use crate::json::{self, get, Value};
use crate::words::{count, count_as};

/// Where the graph's parts are defined.
fn rfc40(anchor: &str) -> Rfc {
    Rfc::new(40, anchor)
}

/// The explanation of a key or value under `graph` (the path starts with
/// `scheduling`, `graph` or `graph`).
pub(super) fn explain(doc: &DocContext<'_, '_, '_>, hit: &Hit<'_, '_>) -> Option<Explained> {
    let skip = usize::from(hit.path.first() == Some(&PathStep::Key("scheduling".into())));
    let rest = &hit.path[skip + 1..];
    let graph = read(doc, skip)?;
    Some(match rest {
        [] => whole(&graph),
        [PathStep::Key(k)] if k == "nodes" => vertices(&graph),
        [PathStep::Key(k)] if k == "edges" => edges(&graph),
        [PathStep::Key(k), PathStep::Index(i), more @ ..] if k == "nodes" => {
            let given = hit
                .chain
                .get(skip + 3)
                .map_or_else(Vec::new, |v| given_keys(v));
            vertex(doc, &graph, *i, more, &given)
        }
        [PathStep::Key(k), PathStep::Index(i), more @ ..] if k == "edges" => {
            edge(doc, &graph, *i, more)
        }
        [PathStep::Key(k), ..] => other(k),
        _ => return None,
    })
}

/// The document's graph, read by the JGF reader (so its defaults are the
/// reader's).
fn read(doc: &DocContext<'_, '_, '_>, under_scheduling: usize) -> Option<Graph> {
    if under_scheduling == 1 {
        let sched = get(object(doc.root)?, "scheduling")?;
        jgf::read_scheduling(doc.text, sched, "/scheduling").0
    } else {
        jgf::parse_value(doc.text, doc.root).graph
    }
}

/// `node 4, core 192, gpu 32`: how many vertices of each type.
fn by_type(graph: &Graph) -> String {
    let mut types: Vec<(&str, u64)> = Vec::new();
    for v in &graph.vertices {
        match types.iter_mut().find(|(t, _)| *t == v.kind) {
            Some((_, n)) => *n += 1,
            None => types.push((v.kind, 1)),
        }
    }
    let said: Vec<String> = types.iter().map(|(t, n)| format!("{t} {n}")).collect();
    said.join(", ")
}

fn whole(graph: &Graph) -> Explained {
    let mut c = card(
        "graph",
        "The scheduler's resource graph in JSON Graph Format: resources as vertices under 'nodes', and how they relate as edges under 'edges'. It holds the same resources as R_lite with more detail, such as sockets and memory.",
        rfc40("implementation"),
    );
    c.decoded = vec![
        format!(
            "{} and {}",
            count_as(graph.vertices.len(), "vertex", "vertices"),
            count(graph.edges.len(), "edge")
        ),
        by_type(graph),
    ];
    c
}

fn vertices(graph: &Graph) -> Explained {
    let mut c = card(
        "nodes (vertices)",
        "The graph's vertices, one per resource or group of resources. JGF calls them nodes, which is not the same as a compute node: a core is a vertex too.",
        rfc40("graph-vertices"),
    );
    c.decoded = vec![
        count_as(graph.vertices.len(), "vertex", "vertices"),
        by_type(graph),
    ];
    c
}

fn edges(graph: &Graph) -> Explained {
    let mut c = card(
        "edges",
        "The graph's edges. Each joins a source vertex to a target vertex within a subsystem; in the containment subsystem the source holds the target.",
        rfc40("graph-edges"),
    );
    let contain = graph.edges.iter().filter(|e| e.is_containment()).count();
    c.decoded = vec![
        count(graph.edges.len(), "edge"),
        format!("{contain} in the containment subsystem"),
    ];
    c
}

/// What each vertex key is for.
fn vertex_key(key: &str) -> (&'static str, &'static str) {
    match key {
        "id" => ("vertex id", "The vertex's name within this graph, a string, unique among the vertices; edges name their ends by it."),
        "metadata" => ("vertex metadata", "The resource pool this vertex stands for, with the base data of RFC 4: type, name, id, size, unit and more."),
        "type" => ("resource type", "What kind of resource this is: cluster, node, socket, core, gpu, memory and so on."),
        "basename" => ("basename", "The name before the numeric id; the type when it is left out."),
        "name" => ("name", "The resource's name; when left out, the basename followed by the id."),
        "uniq_id" => ("uniq_id", "A number unique in the whole graph (Fluxion's own key for the vertex)."),
        "rank" => ("rank", "The broker rank of the node this resource is on, which links it to R_lite; -1 when it is on no node, as for the cluster."),
        "exclusive" => ("exclusive", "Whether this resource is allocated whole to one job."),
        "size" => ("size", "How many units this pool holds: 1 for a core, the amount for memory."),
        "unit" => ("unit", "The unit of size, such as GB for memory; empty for a count of things."),
        "paths" => ("paths", "Where the vertex is in each subsystem, as a path of names from the root: containment gives /cluster0/node186/core3."),
        "containment" => ("containment path", "The vertex's place in the containment tree: the names from the root down to it."),
        "properties" => ("vertex properties", "Names and values that describe this resource."),
        "uuid" => ("uuid", "A universally unique id for the resource, which RFC 40 lists (Fluxion does not write it)."),
        "status" => ("status", "Whether the resource is up (0) or down; Fluxion's own key."),
        _ => ("vertex key", "A key of vertex data that RFC 40 does not list; readers keep it."),
    }
}

/// The vertex at position `i` of `nodes`, its keys on the path `more`.
fn vertex(
    doc: &DocContext<'_, '_, '_>,
    graph: &Graph,
    i: usize,
    more: &[PathStep],
    given: &[String],
) -> Explained {
    let key = more.iter().rev().find_map(|s| match s {
        PathStep::Key(k) => Some(k.as_str()),
        PathStep::Index(_) => None,
    });
    let (title, body) = match key {
        Some(k) => vertex_key(k),
        None => (
            "vertex",
            "One resource of the graph: its id, and its RFC 4 pool data under 'metadata'.",
        ),
    };
    let anchor = if matches!(key, Some("id") | None) {
        "graph-vertices"
    } else {
        "resource-pool-data-model"
    };
    let rfc = if anchor == "graph-vertices" {
        rfc40(anchor)
    } else {
        Rfc::new(4, anchor)
    };
    let mut c = card(title.to_string(), body, rfc);
    let Some(v) = graph.vertices.iter().find(|v| v.index == i) else {
        c.decoded = vec!["this vertex could not be read (see the findings)".to_string()];
        return c;
    };
    c.decoded = pool_fields(&v, given);
    c.place = vertex_place(doc, &v);
    c
}

/// The metadata keys a vertex object writes.
fn given_keys(vertex: &Value<'_>) -> Vec<String> {
    object(vertex)
        .and_then(|v| get(v, "metadata"))
        .and_then(object)
        .map(|m| {
            json::members(m)
                .0
                .iter()
                .map(|m| m.name.to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The pool fields of `v`, each marked as written or as the default.
fn pool_fields(v: &VertexRef<'_>, given: &[String]) -> Vec<String> {
    let said = |key: &str, value: String, default: &str| {
        if given.iter().any(|g| g == key) {
            format!("{key}: {value}")
        } else {
            format!("{key}: {value} (not written: {default})")
        }
    };
    let paths: Vec<String> = v.paths.iter().map(|(s, p)| format!("{s} {p}")).collect();
    vec![
        said("type", v.kind.to_string(), "required"),
        said("basename", v.basename.to_string(), "the type"),
        said("name", v.name.to_string(), "basename and id"),
        said(
            "id",
            v.id.to_string(),
            "from the name's number, else uniq_id",
        ),
        said("size", v.size.to_string(), "1"),
        said("unit", format!("'{}'", v.unit), "none"),
        said("rank", v.rank.to_string(), "-1, on no node"),
        said("exclusive", v.exclusive.to_string(), "false"),
        said(
            "paths",
            if paths.is_empty() {
                "none".to_string()
            } else {
                paths.join(", ")
            },
            "none",
        ),
    ]
}

/// A vertex's cells: its node's row; for a core or a GPU, its own cell.
fn vertex_place(doc: &DocContext<'_, '_, '_>, v: &VertexRef<'_>) -> Option<Place> {
    let rank = u32::try_from(v.rank).ok()?;
    let ranks = IdSet::from_range(rank, rank);
    let own = u32::try_from(v.id)
        .ok()
        .filter(|_| v.kind == "core" || v.kind == "gpu");
    Some(match own {
        Some(id) => Place {
            ranks,
            children: vec![(v.kind.to_string(), IdSet::from_range(id, id))],
        },
        None => doc.cells_of(&ranks),
    })
}

/// The edge at position `i` of `edges`, its keys on the path `more`.
fn edge(doc: &DocContext<'_, '_, '_>, graph: &Graph, i: usize, more: &[PathStep]) -> Explained {
    let key = more.iter().rev().find_map(|s| match s {
        PathStep::Key(k) => Some(k.as_str()),
        PathStep::Index(_) => None,
    });
    let (title, body) = match key {
        None => ("edge", "A link from one vertex to another, in a subsystem."),
        Some("source") => ("edge source", "The id of the vertex the edge starts from; in containment, the one that holds the other."),
        Some("target") => ("edge target", "The id of the vertex the edge goes to; in containment, the one held."),
        Some("metadata") => ("edge metadata", "The edge's subsystem and its relationship in that subsystem."),
        Some("subsystem") => ("subsystem", "Which view of the resources the edge belongs to: containment (what holds what), power, network and so on."),
        Some("relationship") => ("relationship", "What the edge says within its subsystem, such as contains (or in, for the way back) in containment."),
        Some("name") => ("edge name", "The older way of writing the subsystem and relationship: a map from subsystem to relationship."),
        Some(_) => ("edge key", "A key of edge data that RFC 40 does not list; readers keep it."),
    };
    let mut c = card(title.to_string(), body, rfc40("graph-edges"));
    let Some(e) = graph.edges.iter().find(|e| e.index == i) else {
        c.decoded = vec!["this edge could not be read (see the findings)".to_string()];
        return c;
    };
    let find = |key: &str| graph.vertices.iter().find(|v| v.key == key);
    let end = |key: &str| match find(key) {
        Some(v) => format!("'{key}' ({} {})", v.kind, v.name),
        None => format!("'{key}', which names no vertex"),
    };
    c.decoded = vec![
        format!("from {} to {}", end(e.source), end(e.target)),
        format!(
            "subsystem {}, relationship {}",
            e.subsystem,
            e.relationship.unwrap_or("not written")
        ),
    ];
    c.place = find(e.target).and_then(|v| vertex_place(doc, &v));
    c
}

fn other(key: &str) -> Explained {
    card(
        format!("'{key}'"),
        "A key of the graph object other than nodes and edges. JGF allows some (directed, type, label, metadata); Rscope reads only nodes and edges.",
        rfc40("implementation"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_vertex_key_has_words() {
        for key in [
            "id",
            "metadata",
            "type",
            "basename",
            "name",
            "uniq_id",
            "rank",
            "exclusive",
            "size",
            "unit",
            "paths",
            "containment",
            "properties",
            "uuid",
            "status",
        ] {
            assert_ne!(vertex_key(key).0, "vertex key", "{key}");
        }
    }
}
