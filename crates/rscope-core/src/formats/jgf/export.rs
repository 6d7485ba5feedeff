//! The graph in the two formats Fluxion's `resource-query -g dot|graphml`
//! writes: Graphviz DOT and GraphML.
//!
//! `resource-query` hands its resource graph to the Boost Graph Library's
//! writers, so the layout follows theirs: vertices are numbered by their
//! position (here, their position in the JGF `nodes` array, which is the
//! order Fluxion's reader adds them in), and edges come grouped by source
//! vertex, each group in document order. DOT labels a vertex with its
//! `name` and an edge with its subsystem; GraphML carries the metadata
//! `resource-query` registers (type, basename, name, id, uniq_id, size,
//! unit, paths, properties and subsystem membership).
//!
//! Which part of the graph: since flux-sched 0.36 (commit a9b6252, which
//! removed the matcher's filtered graph view) `resource-query` writes its
//! whole graph, every subsystem, and so does [`write`] by default. Before
//! that it wrote the view of its matcher's subsystems, `containment` for
//! the default matcher; [`Subsystems::Only`] writes such a view: the
//! vertices with a path in one of the subsystems, and the edges of those
//! subsystems between them, each vertex keeping its number (a Boost
//! filtered graph keeps the underlying vertex index).

use super::model::{EdgeRef, Graph, VertexRef};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

/// The formats `rscope jgf export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Graphviz DOT (`resource-query -g dot`).
    Dot,
    /// GraphML (`resource-query -g graphml`).
    Graphml,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "dot" => Ok(Format::Dot),
            "graphml" => Ok(Format::Graphml),
            _ => Err(format!(
                "unknown graph format '{s}' (expected dot or graphml)"
            )),
        }
    }
}

/// The part of a graph an export writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Subsystems {
    /// Every vertex and edge (`resource-query` since flux-sched 0.36).
    #[default]
    All,
    /// The vertices with a path in one of these subsystems and the edges
    /// of these subsystems between them (the view of a `resource-query`
    /// matcher before 0.36: `containment` for its default one).
    Only(BTreeSet<String>),
}

impl Subsystems {
    /// `names` as a choice: all subsystems when there are none.
    pub fn of(names: &[String]) -> Subsystems {
        if names.is_empty() {
            Subsystems::All
        } else {
            Subsystems::Only(names.iter().cloned().collect())
        }
    }

    /// Whether a vertex is written.
    fn keeps_vertex(&self, v: &VertexRef<'_>) -> bool {
        match self {
            Subsystems::All => true,
            Subsystems::Only(names) => v.paths.iter().any(|(s, _)| names.contains(s)),
        }
    }

    /// Whether an edge is written, its ends being written.
    fn keeps_edge(&self, e: &EdgeRef<'_>) -> bool {
        match self {
            Subsystems::All => true,
            Subsystems::Only(names) => names.contains(e.subsystem),
        }
    }

    /// Why the choice cannot be written for `graph`: a subsystem no vertex
    /// path and no edge names (`resource-query` refuses a matcher whose
    /// subsystem the graph lacks).
    pub fn check(&self, graph: &Graph) -> Result<(), String> {
        let Subsystems::Only(names) = self else {
            return Ok(());
        };
        let mut known: BTreeSet<&str> = graph.edges.iter().map(|e| e.subsystem).collect();
        for v in &graph.vertices {
            known.extend(v.paths.iter().map(|(s, _)| s));
        }
        match names.iter().find(|n| !known.contains(n.as_str())) {
            None => Ok(()),
            Some(n) => {
                let have: Vec<&str> = known.into_iter().collect();
                Err(format!(
                    "the graph has no subsystem '{n}' (it has {})",
                    if have.is_empty() {
                        "none".to_string()
                    } else {
                        have.join(", ")
                    }
                ))
            }
        }
    }
}

/// `graph` written in `format`, every subsystem.
pub fn write(graph: &Graph, format: Format) -> String {
    write_part(graph, format, &Subsystems::All)
}

/// The part `part` of `graph` written in `format`.
pub fn write_part(graph: &Graph, format: Format, part: &Subsystems) -> String {
    match format {
        Format::Dot => dot_part(graph, part),
        Format::Graphml => graphml_part(graph, part),
    }
}

/// The edges whose ends both name a written vertex, as (source, target,
/// edge) positions, grouped by source in vertex order (how an adjacency
/// list walks them), document order within a group.
fn ordered_edges<'g>(
    graph: &'g Graph,
    part: &Subsystems,
    kept: &[bool],
) -> Vec<(usize, usize, EdgeRef<'g>)> {
    let mut at: HashMap<&str, usize> = HashMap::with_capacity(graph.vertices.len());
    for (i, v) in graph.vertices.iter().enumerate() {
        // The first vertex with a key wins, as in the tree builder.
        at.entry(v.key).or_insert(i);
    }
    let mut out: Vec<_> = graph
        .edges
        .iter()
        .filter(|e| part.keeps_edge(e))
        .filter_map(|e| Some((*at.get(e.source)?, *at.get(e.target)?, e)))
        .filter(|&(s, t, _)| kept[s] && kept[t])
        .collect();
    out.sort_by_key(|&(s, _, _)| s); // stable: document order within a source
    out
}

/// Whether each vertex is written.
fn kept(graph: &Graph, part: &Subsystems) -> Vec<bool> {
    graph
        .vertices
        .iter()
        .map(|v| part.keeps_vertex(&v))
        .collect()
}

/// A DOT double-quoted string's content: quotes and backslashes escaped,
/// line breaks as `\n`, so any name stays one valid token.
fn dot_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The graph as Graphviz DOT: `digraph G {`, one `N[label="name"];` line
/// per vertex, one `S->T [label="subsystem"];` line per edge.
pub fn dot(graph: &Graph) -> String {
    dot_part(graph, &Subsystems::All)
}

/// [`dot`] of the part `part` of the graph.
fn dot_part(graph: &Graph, part: &Subsystems) -> String {
    let kept = kept(graph, part);
    let mut out = String::with_capacity(32 * (graph.vertices.len() + graph.edges.len()) + 16);
    out.push_str("digraph G {\n");
    for (i, v) in graph.vertices.iter().enumerate().filter(|(i, _)| kept[*i]) {
        let _ = writeln!(out, "{i}[label=\"{}\"];", dot_escape(v.name));
    }
    for (s, t, e) in ordered_edges(graph, part, &kept) {
        let _ = writeln!(out, "{s}->{t} [label=\"{}\"];", dot_escape(e.subsystem));
    }
    out.push_str("}\n");
    out
}

/// `{k=v,k=v}`: how `resource-query` flattens a map into one string.
fn braced<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let body: Vec<String> = pairs.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{{{}}}", body.join(","))
}

/// The GraphML keys, in the order `resource-query` registers them sorted
/// by name (Boost keeps its properties in a sorted map): id, whether it
/// describes a node or an edge, name and type.
const KEYS: [(&str, &str, &str); 11] = [
    ("node", "basename", "string"),
    ("node", "id", "long"),
    ("node", "member_of", "string"),
    ("edge", "member_of", "string"),
    ("node", "name", "string"),
    ("node", "paths", "string"),
    ("node", "props", "string"),
    ("node", "size", "long"),
    ("node", "type", "string"),
    ("node", "uniq_id", "long"),
    ("node", "unit", "string"),
];

/// The node data of `v` in key order (key 3 belongs to edges).
fn node_data(v: &VertexRef<'_>) -> [(usize, String); 10] {
    // Fluxion keeps paths and properties in ordered maps: sorted by key,
    // the last value of a repeated key winning.
    let paths: BTreeMap<&str, &str> = v.paths.iter().collect();
    let props: BTreeMap<&str, &str> = v
        .properties
        .iter()
        .map(|(k, p)| (k.as_str(), p.as_str()))
        .collect();
    let member: BTreeSet<&str> = paths.keys().copied().collect();
    [
        (0, v.basename.to_string()),
        (1, v.id.to_string()),
        (2, braced(member.iter().map(|s| (*s, *s)))),
        (4, v.name.to_string()),
        (5, braced(paths)),
        (6, braced(props)),
        (7, v.size.to_string()),
        (8, v.kind.to_string()),
        (9, v.uniq_id.to_string()),
        (10, v.unit.to_string()),
    ]
}

/// The graph as GraphML: the keys, then every vertex with its metadata,
/// then every edge with its subsystem.
pub fn graphml(graph: &Graph) -> String {
    graphml_part(graph, &Subsystems::All)
}

/// [`graphml`] of the part `part` of the graph.
fn graphml_part(graph: &Graph, part: &Subsystems) -> String {
    let kept = kept(graph, part);
    let mut out = String::with_capacity(400 * graph.vertices.len() + 120 * graph.edges.len());
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" \
         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
         xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns \
         http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n",
    );
    for (i, (domain, name, kind)) in KEYS.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <key id=\"key{i}\" for=\"{domain}\" attr.name=\"{name}\" attr.type=\"{kind}\" />"
        );
    }
    out.push_str(
        "  <graph id=\"G\" edgedefault=\"directed\" parse.nodeids=\"canonical\" \
         parse.edgeids=\"canonical\" parse.order=\"nodesfirst\">\n",
    );
    for (i, v) in graph.vertices.iter().enumerate().filter(|(i, _)| kept[*i]) {
        let _ = writeln!(out, "    <node id=\"n{i}\">");
        for (key, value) in node_data(&v) {
            let _ = writeln!(
                out,
                "      <data key=\"key{key}\">{}</data>",
                crate::xml::escape(&value)
            );
        }
        out.push_str("    </node>\n");
    }
    for (n, (s, t, e)) in ordered_edges(graph, part, &kept).into_iter().enumerate() {
        let _ = writeln!(
            out,
            "    <edge id=\"e{n}\" source=\"n{s}\" target=\"n{t}\">"
        );
        // resource-query's flattening of an edge's subsystems starts the
        // list with a comma (its test for "not the first" is always true);
        // kept so that tools reading its files read ours.
        let member = format!("{{,{0}={0}}}", e.subsystem);
        let _ = writeln!(
            out,
            "      <data key=\"key3\">{}</data>",
            crate::xml::escape(&member)
        );
        out.push_str("    </edge>\n");
    }
    out.push_str("  </graph>\n</graphml>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jgf::parse_graph;

    const TWO: &str = r#"{"graph": {"nodes": [
 {"id": "0", "metadata": {"type": "cluster", "basename": "cluster", "name": "cluster0", "id": 0, "uniq_id": 0, "rank": -1, "exclusive": false, "unit": "", "size": 1, "properties": {"b": "2", "a": "1"}, "paths": {"power": "/p0", "containment": "/cluster0"}}},
 {"id": "1", "metadata": {"type": "memory", "basename": "memory", "name": "mem\"<0>", "id": 0, "uniq_id": 1, "rank": 0, "exclusive": false, "unit": "GB", "size": 128, "properties": {}, "paths": {"containment": "/cluster0/mem0"}}}
], "edges": [
 {"source": "1", "target": "0", "metadata": {"subsystem": "power"}},
 {"source": "0", "target": "1", "metadata": {"subsystem": "containment"}}
]}}"#;

    fn two() -> Graph {
        parse_graph(TWO).graph.unwrap()
    }

    #[test]
    fn dot_numbers_vertices_and_groups_edges_by_source() {
        assert_eq!(
            dot(&two()),
            "digraph G {\n0[label=\"cluster0\"];\n1[label=\"mem\\\"<0>\"];\n\
             0->1 [label=\"containment\"];\n1->0 [label=\"power\"];\n}\n"
        );
    }

    #[test]
    fn graphml_of_names_full_of_control_characters_parses_as_xml() {
        let text = TWO
            .replace(r#""cluster0""#, r#""c\u0001\u001f<0>""#)
            .replace(r#""b": "2""#, r#""b\u0002": "\uffff""#);
        let xml = graphml(&parse_graph(&text).graph.unwrap());
        let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        assert!(texts.contains(&"c\u{fffd}\u{fffd}<0>"), "{texts:?}");
        assert!(
            texts.iter().any(|t| t.contains("b\u{fffd}=\u{fffd}")),
            "{texts:?}"
        );
    }

    #[test]
    fn graphml_writes_every_key_vertex_and_edge() {
        let g = graphml(&two());
        let want = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">
  <key id=\"key0\" for=\"node\" attr.name=\"basename\" attr.type=\"string\" />
  <key id=\"key1\" for=\"node\" attr.name=\"id\" attr.type=\"long\" />
  <key id=\"key2\" for=\"node\" attr.name=\"member_of\" attr.type=\"string\" />
  <key id=\"key3\" for=\"edge\" attr.name=\"member_of\" attr.type=\"string\" />
  <key id=\"key4\" for=\"node\" attr.name=\"name\" attr.type=\"string\" />
  <key id=\"key5\" for=\"node\" attr.name=\"paths\" attr.type=\"string\" />
  <key id=\"key6\" for=\"node\" attr.name=\"props\" attr.type=\"string\" />
  <key id=\"key7\" for=\"node\" attr.name=\"size\" attr.type=\"long\" />
  <key id=\"key8\" for=\"node\" attr.name=\"type\" attr.type=\"string\" />
  <key id=\"key9\" for=\"node\" attr.name=\"uniq_id\" attr.type=\"long\" />
  <key id=\"key10\" for=\"node\" attr.name=\"unit\" attr.type=\"string\" />
  <graph id=\"G\" edgedefault=\"directed\" parse.nodeids=\"canonical\" parse.edgeids=\"canonical\" parse.order=\"nodesfirst\">
    <node id=\"n0\">
      <data key=\"key0\">cluster</data>
      <data key=\"key1\">0</data>
      <data key=\"key2\">{containment=containment,power=power}</data>
      <data key=\"key4\">cluster0</data>
      <data key=\"key5\">{containment=/cluster0,power=/p0}</data>
      <data key=\"key6\">{a=1,b=2}</data>
      <data key=\"key7\">1</data>
      <data key=\"key8\">cluster</data>
      <data key=\"key9\">0</data>
      <data key=\"key10\"></data>
    </node>
    <node id=\"n1\">
      <data key=\"key0\">memory</data>
      <data key=\"key1\">0</data>
      <data key=\"key2\">{containment=containment}</data>
      <data key=\"key4\">mem&quot;&lt;0&gt;</data>
      <data key=\"key5\">{containment=/cluster0/mem0}</data>
      <data key=\"key6\">{}</data>
      <data key=\"key7\">128</data>
      <data key=\"key8\">memory</data>
      <data key=\"key9\">1</data>
      <data key=\"key10\">GB</data>
    </node>
    <edge id=\"e0\" source=\"n0\" target=\"n1\">
      <data key=\"key3\">{,containment=containment}</data>
    </edge>
    <edge id=\"e1\" source=\"n1\" target=\"n0\">
      <data key=\"key3\">{,power=power}</data>
    </edge>
  </graph>
</graphml>
";
        assert_eq!(g, want);
    }

    /// Three vertices: the cluster (containment and power), a memory
    /// (containment) and a feed only the power subsystem has.
    const THREE: &str = r#"{"graph": {"nodes": [
 {"id": "0", "metadata": {"type": "cluster", "name": "cluster0", "paths": {"power": "/p0", "containment": "/cluster0"}}},
 {"id": "1", "metadata": {"type": "memory", "name": "mem0", "paths": {"containment": "/cluster0/mem0"}}},
 {"id": "2", "metadata": {"type": "feed", "name": "feed0", "paths": {"power": "/p0/feed0"}}}
], "edges": [
 {"source": "2", "target": "0", "metadata": {"subsystem": "power"}},
 {"source": "0", "target": "1", "metadata": {"subsystem": "containment"}},
 {"source": "1", "target": "0", "metadata": {"subsystem": "power"}}
]}}"#;

    #[test]
    fn a_subsystem_view_keeps_its_vertices_numbered_and_its_edges() {
        let g = parse_graph(THREE).graph.unwrap();
        let only = |names: &[&str]| {
            Subsystems::of(&names.iter().map(|s| s.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(Subsystems::of(&[]), Subsystems::All);
        assert_eq!(write_part(&g, Format::Dot, &only(&[])), dot(&g));
        assert_eq!(
            write_part(&g, Format::Dot, &only(&["containment"])),
            "digraph G {\n0[label=\"cluster0\"];\n1[label=\"mem0\"];\n0->1 [label=\"containment\"];\n}\n"
        );
        // The power view: mem0 has no power path, so its power edge goes too.
        assert_eq!(
            write_part(&g, Format::Dot, &only(&["power"])),
            "digraph G {\n0[label=\"cluster0\"];\n2[label=\"feed0\"];\n2->0 [label=\"power\"];\n}\n"
        );
        // GraphML numbers the edges it writes, the vertices as the graph does.
        let xml = write_part(&g, Format::Graphml, &only(&["power"]));
        let ids: Vec<&str> = xml
            .lines()
            .filter(|l| l.contains("<node id=") || l.contains("<edge id="))
            .map(str::trim)
            .collect();
        assert_eq!(
            ids,
            [
                "<node id=\"n0\">",
                "<node id=\"n2\">",
                "<edge id=\"e0\" source=\"n2\" target=\"n0\">"
            ]
        );
        assert_eq!(
            write_part(&g, Format::Graphml, &only(&["power", "containment"])),
            graphml(&g)
        );
    }

    #[test]
    fn a_subsystem_the_graph_lacks_is_refused() {
        let g = parse_graph(THREE).graph.unwrap();
        let only = |n: &str| Subsystems::of(&[n.to_string()]);
        assert_eq!(only("power").check(&g), Ok(()));
        assert_eq!(Subsystems::All.check(&g), Ok(()));
        assert_eq!(
            only("ibnet").check(&g),
            Err("the graph has no subsystem 'ibnet' (it has containment, power)".to_string())
        );
    }

    #[test]
    fn formats_are_read_without_case_and_others_refused() {
        assert_eq!("DOT".parse::<Format>(), Ok(Format::Dot));
        assert_eq!("graphml".parse::<Format>(), Ok(Format::Graphml));
        assert_eq!(
            "svg".parse::<Format>(),
            Err("unknown graph format 'svg' (expected dot or graphml)".to_string())
        );
    }
}
