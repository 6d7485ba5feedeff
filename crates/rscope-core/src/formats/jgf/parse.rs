//! Reading a JGF graph from JSON text into the [`Graph`] model, with the
//! Fluxion reader's defaults and a diagnostic for every key it would reject
//! or that departs from RFC 40.
//!
//! What is rejected follows `resource_reader_jgf.cpp` (flux-sched): a vertex
//! id that is not a string, a missing `metadata`, `type` or `paths`, a
//! non-integer `id`/`uniq_id`/`rank`/`size`, a non-boolean `exclusive`,
//! `properties` that is not an object, an edge whose `source` or `target` is
//! not a string. RFC 40 additionally requires `uuid`, `basename`, `name`,
//! `id`, `properties`, `size` and `unit` in every vertex and `subsystem` and
//! `relationship` in every edge; Fluxion leaves them out, so those are
//! warnings, counted once per key rather than once per vertex.

use super::model::{Edge, EdgeForm, Graph, Vertex, VertexSpans, Writer};
use super::{MAX_EDGES, MAX_VERTICES};
use crate::diag::{pointer_push, Diagnostic};
use crate::json::tree::{Array, JsonObject, Value};
use std::ops::Range;

pub(crate) use crate::json::{get, range, type_name};

/// Parse strict RFC 8259 JSON into a tree with byte ranges
/// ([`crate::json::parse`]).
pub fn parse_json(text: &str) -> Result<Value<'_>, Box<Diagnostic>> {
    crate::json::parse(text)
}

/// A graph read from a document, and everything found on the way.
#[derive(Clone, Debug, Default)]
pub struct ParsedGraph {
    /// The graph, when the document has one (possibly with vertices or
    /// edges left out because they could not be read).
    pub graph: Option<Graph>,
    /// Findings, in the order met.
    pub diagnostics: Vec<Diagnostic>,
}

/// Read a document that is either an R with a `scheduling` key or a bare
/// `{"graph": ...}` object.
pub fn parse_graph(text: &str) -> ParsedGraph {
    match parse_json(text) {
        Ok(root) => parse_value(text, &root),
        Err(d) => ParsedGraph {
            graph: None,
            diagnostics: vec![*d],
        },
    }
}

/// [`parse_graph`] of a JSON tree already read from `text`.
pub fn parse_value(text: &str, root: &Value<'_>) -> ParsedGraph {
    let mut out = ParsedGraph::default();
    let Value::Object(obj) = root else {
        out.diagnostics.push(Diagnostic::error(
            format!("expected an object, not {}", type_name(root)),
            range(root),
            "",
        ));
        return out;
    };
    if let Some(g) = get(obj, "graph") {
        let (graph, diags) = read_graph(text, g, "/graph", Writer::Absent);
        out.graph = Some(graph);
        out.diagnostics = diags;
        return out;
    }
    let Some(sched) = get(obj, "scheduling") else {
        let r = range(root);
        out.diagnostics.push(Diagnostic::error(
            "no 'scheduling' key and no 'graph' key: there is no resource graph",
            r.start..r.start + 1,
            "",
        ));
        return out;
    };
    let (graph, diags) = read_scheduling(text, sched, "/scheduling");
    out.diagnostics = diags;
    if graph.is_none() && out.diagnostics.is_empty() {
        let r = range(sched);
        out.diagnostics.push(Diagnostic::error(
            "'scheduling' has no 'graph' key: there is no resource graph",
            r.start..r.start + 1,
            "/scheduling",
        ));
    }
    out.graph = graph;
    out
}

/// Read the value of an R's `scheduling` key found at `pointer`: its
/// `writer` and its `graph`. This is what the R validator calls.
pub fn read_scheduling(
    text: &str,
    sched: &Value<'_>,
    pointer: &str,
) -> (Option<Graph>, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let Value::Object(s) = sched else {
        diags.push(Diagnostic::error(
            format!("'scheduling' must be an object, not {}", type_name(sched)),
            range(sched),
            pointer,
        ));
        return (None, diags);
    };
    let writer = match get(s, "writer") {
        Some(Value::StringLit(w)) => w.value.parse().unwrap_or_default(),
        _ => Writer::Absent,
    };
    // RFC 20 leaves `scheduling` opaque: without a `graph` there is
    // nothing to check here (the CLI says there is no graph).
    let Some(g) = get(s, "graph") else {
        return (None, diags);
    };
    let (graph, d) = read_graph(text, g, &pointer_push(pointer, "graph"), writer);
    diags.extend(d);
    (Some(graph), diags)
}

/// Per-key tallies of RFC 40 deviations, reported once each.
#[derive(Default)]
struct Missing {
    count: usize,
    first: Option<(Range<usize>, String)>,
}

impl Missing {
    fn add(&mut self, span: &Range<usize>, pointer: impl FnOnce() -> String) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some((span.clone(), pointer()));
        }
    }
}

/// RFC 40's required vertex keys (other than `type`, which the reader also
/// requires) and what the reader reads in their place.
const RFC40_KEYS: [(&str, &str); 7] = [
    ("uuid", "Fluxion never writes it"),
    ("basename", "read as the type"),
    ("name", "read as basename followed by id"),
    (
        "id",
        "read from a node name's numeric suffix, else the vertex id",
    ),
    ("properties", "read as none"),
    ("size", "read as 1"),
    ("unit", "read as empty"),
];

struct Reader<'t> {
    text: &'t str,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn error(&mut self, msg: String, span: Range<usize>, pointer: String) {
        self.diags.push(Diagnostic::error(msg, span, pointer));
    }

    fn string(&mut self, obj: &JsonObject<'_>, key: &str, ptr: &str) -> Option<String> {
        match get(obj, key)? {
            Value::StringLit(s) => Some(s.value.to_string()),
            v => {
                self.error(
                    format!("'{key}' must be a string, not {}", type_name(v)),
                    range(v),
                    pointer_push(ptr, key),
                );
                None
            }
        }
    }

    /// An integer key, as jansson's `I` reads it: a JSON number without a
    /// fraction or exponent that fits in 64 bits.
    fn integer(&mut self, obj: &JsonObject<'_>, key: &str, ptr: &str) -> Option<i64> {
        let v = get(obj, key)?;
        if let Value::NumberLit(n) = v {
            if !n.value.contains(['.', 'e', 'E']) {
                if let Ok(i) = n.value.parse::<i64>() {
                    return Some(i);
                }
                self.error(
                    format!("'{key}' {} is out of range", n.value),
                    range(v),
                    pointer_push(ptr, key),
                );
                return None;
            }
        }
        let what = match v {
            Value::NumberLit(n) => n.value.to_string(),
            v => type_name(v).to_string(),
        };
        self.error(
            format!("'{key}' must be an integer, not {what}"),
            range(v),
            pointer_push(ptr, key),
        );
        None
    }

    fn string_map(
        &mut self,
        obj: &JsonObject<'_>,
        key: &str,
        ptr: &str,
        null_ok: bool,
    ) -> Option<Vec<(String, String)>> {
        let v = get(obj, key)?;
        let kp = pointer_push(ptr, key);
        match v {
            Value::NullKeyword(_) if null_ok => Some(Vec::new()),
            Value::Object(o) => {
                let mut out = Vec::with_capacity(o.properties.len());
                for p in &o.properties {
                    let name = p.name.as_str().to_string();
                    match &p.value {
                        Value::StringLit(s) => out.push((name, s.value.to_string())),
                        other => self.error(
                            format!(
                                "value of '{key}.{name}' must be a string, not {}",
                                type_name(other)
                            ),
                            range(other),
                            pointer_push(&kp, &name),
                        ),
                    }
                }
                Some(out)
            }
            other => {
                let expected = if null_ok {
                    "an object or null"
                } else {
                    "an object"
                };
                self.error(
                    format!("'{key}' must be {expected}, not {}", type_name(other)),
                    range(other),
                    kp,
                );
                None
            }
        }
    }
}

/// Read a `graph` value found at `pointer` of `text`.
pub fn read_graph(
    text: &str,
    value: &Value<'_>,
    pointer: &str,
    writer: Writer,
) -> (Graph, Vec<Diagnostic>) {
    let mut graph = Graph {
        writer,
        pointer: pointer.to_string(),
        span: range(value),
        ..Graph::default()
    };
    let mut r = Reader {
        text,
        diags: Vec::new(),
    };
    if graph.writer.is_shorthand() {
        r.diags.push(Diagnostic::note(
            "writer 'fluxion:jgf_shorthand' leaves out the children of exclusively allocated vertices; their absence is not reported",
            graph.span.start..graph.span.start + 1,
            pointer,
        ));
    }
    let Value::Object(g) = value else {
        r.error(
            format!("'graph' must be an object, not {}", type_name(value)),
            range(value),
            pointer.to_string(),
        );
        return (graph, r.diags);
    };
    if let Some(d) = get(g, "directed") {
        match d {
            Value::BooleanLit(b) => graph.directed = Some(b.value),
            v => r.diags.push(Diagnostic::warning(
                format!("'directed' must be a boolean, not {}", type_name(v)),
                range(v),
                pointer_push(pointer, "directed"),
            )),
        }
    }
    let open = graph.span.start..graph.span.start + 1;
    match get(g, "nodes") {
        None => r.error(
            "missing key 'nodes'".into(),
            open.clone(),
            pointer.to_string(),
        ),
        Some(Value::Array(a)) if a.len() > MAX_VERTICES => r.error(
            format!(
                "graph has {} vertices, more than the limit of {MAX_VERTICES}",
                a.len()
            ),
            a.range.start..a.range.start + 1,
            pointer_push(pointer, "nodes"),
        ),
        Some(Value::Array(a)) => read_vertices(&mut r, &mut graph, a),
        Some(v) => r.error(
            format!("'nodes' must be an array, not {}", type_name(v)),
            range(v),
            pointer_push(pointer, "nodes"),
        ),
    }
    match get(g, "edges") {
        None => r.error("missing key 'edges'".into(), open, pointer.to_string()),
        Some(Value::Array(a)) if a.len() > MAX_EDGES => r.error(
            format!(
                "graph has {} edges, more than the limit of {MAX_EDGES}",
                a.len()
            ),
            a.range.start..a.range.start + 1,
            pointer_push(pointer, "edges"),
        ),
        Some(Value::Array(a)) => read_edges(&mut r, &mut graph, a),
        Some(v) => r.error(
            format!("'edges' must be an array, not {}", type_name(v)),
            range(v),
            pointer_push(pointer, "edges"),
        ),
    }
    (graph, r.diags)
}

/// How many vertices or edges are read (their text growing as a `String`
/// does) before the text of the rest is reserved at the mean length of
/// theirs.
const SAMPLE: usize = 1024;

/// Read every vertex, then report each RFC 40 key the vertices leave out
/// once, with a count, rather than once per vertex.
fn read_vertices(r: &mut Reader<'_>, graph: &mut Graph, elements: &Array<'_>) {
    let mut missing: Vec<Missing> = RFC40_KEYS.iter().map(|_| Missing::default()).collect();
    graph.vertices.reserve(elements.len());
    for (index, el) in elements.items(r.text).enumerate() {
        let ptr = graph.vertex_pointer(index);
        if let Some(v) = read_vertex(r, &el, index, ptr, &mut missing) {
            graph.vertices.push(v);
        }
        if index >= SAMPLE {
            graph.vertices.make_room(elements.len() - index);
        }
    }
    for ((key, why), m) in RFC40_KEYS.iter().zip(missing) {
        if let Some((span, ptr)) = m.first {
            let many = if m.count == 1 {
                "1 vertex has".to_string()
            } else {
                format!("{} vertices have", m.count)
            };
            // A note, as Fluxion's own graphs leave these out (see
            // `super::LENIENT_MARK`).
            r.diags.push(Diagnostic::note(
                format!("{many} no metadata key '{key}', which RFC 40 requires ({why})"),
                span,
                ptr,
            ));
        }
    }
}

/// What a vertex's metadata says about its names, before the Fluxion
/// reader's defaults fill the gaps.
#[derive(Default)]
struct GivenNames {
    name: Option<String>,
    id: Option<i64>,
    uniq_id: Option<i64>,
}

/// Vertex number `index` at `ptr`; `None` when it is left out of the graph
/// (not an object, or no string `id`).
fn read_vertex(
    r: &mut Reader<'_>,
    el: &Value<'_>,
    index: usize,
    ptr: String,
    missing: &mut [Missing],
) -> Option<Vertex> {
    let Value::Object(obj) = el else {
        r.error(
            format!("a vertex must be an object, not {}", type_name(el)),
            range(el),
            ptr,
        );
        return None;
    };
    let vspan = range(el);
    let key = match get(obj, "id") {
        Some(Value::StringLit(s)) => (s.value.to_string(), range(get(obj, "id").unwrap_or(el))),
        Some(v) => {
            r.error(
                format!("vertex 'id' must be a string, not {}", type_name(v)),
                range(v),
                pointer_push(&ptr, "id"),
            );
            return None;
        }
        None => {
            r.error(
                "vertex has no 'id'".into(),
                vspan.start..vspan.start + 1,
                ptr,
            );
            return None;
        }
    };
    let mut v = Vertex {
        spans: VertexSpans {
            vertex: vspan.clone(),
            key: key.1.clone(),
            metadata: vspan.start..vspan.start + 1,
            containment: key.1.clone(),
        },
        ..Vertex::new(key.0, index)
    };
    let mptr = pointer_push(&ptr, "metadata");
    let given = match get(obj, "metadata") {
        Some(Value::Object(m)) => read_metadata(r, m, &mut v, &mptr, missing),
        Some(other) => {
            r.error(
                format!("'metadata' must be an object, not {}", type_name(other)),
                range(other),
                mptr,
            );
            GivenNames::default()
        }
        None => {
            r.error(
                format!("vertex '{}' has no 'metadata'", v.key),
                vspan.start..vspan.start + 1,
                ptr.clone(),
            );
            GivenNames::default()
        }
    };
    apply_defaults(r, &mut v, given.name, given.id, given.uniq_id, &ptr);
    Some(v)
}

/// A vertex's `metadata` object at `mptr`, key by key in the order the
/// Fluxion reader unpacks them; tallies the RFC 40 keys it lacks and keeps
/// keys neither knows.
fn read_metadata(
    r: &mut Reader<'_>,
    m: &JsonObject<'_>,
    v: &mut Vertex,
    mptr: &str,
    missing: &mut [Missing],
) -> GivenNames {
    let mspan = m.range.start..m.range.start + 1;
    v.spans.metadata = mspan.clone();
    v.spans.containment = mspan.clone();
    match r.string(m, "type", mptr) {
        Some(t) => v.kind = t,
        None if get(m, "type").is_none() => r.error(
            format!("vertex '{}' has no 'type'", v.key),
            mspan.clone(),
            mptr.to_string(),
        ),
        None => {}
    }
    v.basename = r.string(m, "basename", mptr).unwrap_or_default();
    let given = GivenNames {
        name: r.string(m, "name", mptr),
        id: r.integer(m, "id", mptr),
        uniq_id: r.integer(m, "uniq_id", mptr),
    };
    if let Some(rank) = r.integer(m, "rank", mptr) {
        v.rank = rank;
    }
    if let Some(s) = r.integer(m, "status", mptr) {
        v.status = s;
    }
    if let Some(size) = get(m, "size") {
        if let Some(n) = r.integer(m, "size", mptr) {
            match u64::try_from(n) {
                Ok(n) => v.size = n,
                Err(_) => r.error(
                    format!("'size' must not be negative, not {n}"),
                    range(size),
                    pointer_push(mptr, "size"),
                ),
            }
        }
    }
    v.unit = r.string(m, "unit", mptr).unwrap_or_default();
    v.uuid = r.string(m, "uuid", mptr);
    if let Some(x) = get(m, "exclusive") {
        match x {
            Value::BooleanLit(b) => v.exclusive = b.value,
            other => r.error(
                format!("'exclusive' must be a boolean, not {}", type_name(other)),
                range(other),
                pointer_push(mptr, "exclusive"),
            ),
        }
    }
    v.properties = r
        .string_map(m, "properties", mptr, true)
        .unwrap_or_default();
    read_paths(r, m, v, mptr, &mspan);
    for (i, (k, _)) in RFC40_KEYS.iter().enumerate() {
        if get(m, k).is_none() {
            if let Some(slot) = missing.get_mut(i) {
                slot.add(&mspan, || mptr.to_string());
            }
        }
    }
    keep_extra_keys(r.text, m, v);
    given
}

/// `metadata.paths`, which the Fluxion reader requires; the span of its
/// `containment` path is where findings about the vertex's place point.
fn read_paths(
    r: &mut Reader<'_>,
    m: &JsonObject<'_>,
    v: &mut Vertex,
    mptr: &str,
    mspan: &Range<usize>,
) {
    match get(m, "paths") {
        None => r.error(
            format!(
                "vertex '{}' has no 'paths' (the Fluxion reader requires it)",
                v.key
            ),
            mspan.clone(),
            mptr.to_string(),
        ),
        Some(_) => {
            v.paths = r.string_map(m, "paths", mptr, false).unwrap_or_default();
            if let Some(Value::Object(p)) = get(m, "paths") {
                if let Some(c @ Value::StringLit(_)) = get(p, "containment") {
                    v.spans.containment = range(c);
                }
            }
        }
    }
}

/// Metadata keys neither RFC 40 nor the reader knows, kept as their source
/// text (the first of repeated keys) so a graph written back keeps them.
fn keep_extra_keys(text: &str, m: &JsonObject<'_>, v: &mut Vertex) {
    const KNOWN: [&str; 13] = [
        "type",
        "uuid",
        "basename",
        "name",
        "id",
        "uniq_id",
        "rank",
        "status",
        "exclusive",
        "unit",
        "size",
        "paths",
        "properties",
    ];
    for p in &m.properties {
        let k = p.name.as_str();
        if !KNOWN.contains(&k) && !v.extra.iter().any(|(e, _)| e == k) {
            let raw = text.get(range(&p.value)).unwrap_or_default();
            v.extra.push((k.to_string(), raw.to_string()));
        }
    }
}

/// The Fluxion reader's `apply_defaults`.
fn apply_defaults(
    r: &mut Reader<'_>,
    v: &mut Vertex,
    name: Option<String>,
    id: Option<i64>,
    uniq_id: Option<i64>,
    ptr: &str,
) {
    v.uniq_id = match uniq_id {
        Some(u) => u,
        None => match v.key.parse::<i64>() {
            Ok(u) => u,
            Err(_) => {
                r.error(
                    format!(
                        "vertex id '{}' is not a number and 'uniq_id' is absent (the Fluxion reader infers one from the other)",
                        v.key
                    ),
                    v.spans.key.clone(),
                    pointer_push(ptr, "id"),
                );
                i64::try_from(v.index).unwrap_or(i64::MAX)
            }
        },
    };
    v.id = match id {
        Some(i) => i,
        None => {
            let suffix = name
                .as_deref()
                .filter(|_| v.kind == "node")
                .and_then(numeric_suffix);
            suffix.unwrap_or(v.uniq_id)
        }
    };
    if v.basename.is_empty() && v.kind.is_empty() {
        // keep empty: the missing type is already reported
    } else if v.basename.is_empty() {
        v.basename = v.kind.clone();
    }
    v.name = match name {
        Some(n) => n,
        None => format!("{}{}", v.basename, v.id),
    };
}

/// The trailing decimal digits of `name` as a number (`corona116` → 116).
pub(crate) fn numeric_suffix(name: &str) -> Option<i64> {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    name.get(name.len() - digits..)?.parse().ok()
}

/// Per-form tallies of edges that depart from RFC 40, reported once each.
#[derive(Default)]
struct EdgeTallies {
    /// No metadata at all (read as containment).
    bare: Missing,
    /// A subsystem without a relationship.
    no_rel: Missing,
    /// The older `name: {subsystem: relationship}` form.
    legacy: Missing,
}

/// Read every edge, then report each RFC 40 departure once, with a count.
fn read_edges(r: &mut Reader<'_>, graph: &mut Graph, elements: &Array<'_>) {
    let mut tallies = EdgeTallies::default();
    graph.edges.reserve(elements.len());
    for (index, el) in elements.items(r.text).enumerate() {
        let ptr = graph.edge_pointer(index);
        if let Some(edge) = read_edge(r, &el, index, ptr, &mut tallies) {
            graph.edges.push(edge);
        }
        if index >= SAMPLE {
            graph.edges.make_room(elements.len() - index);
        }
    }
    report_edge_tallies(r, tallies);
}

/// Edge number `index` at `ptr`; `None` when it is left out of the graph
/// (not an object, or no string `source` and `target`).
fn read_edge(
    r: &mut Reader<'_>,
    el: &Value<'_>,
    index: usize,
    ptr: String,
    tallies: &mut EdgeTallies,
) -> Option<Edge> {
    let Value::Object(obj) = el else {
        r.error(
            format!("an edge must be an object, not {}", type_name(el)),
            range(el),
            ptr,
        );
        return None;
    };
    let span = range(el);
    let source = edge_end(r, obj, "source", &span, &ptr);
    let target = edge_end(r, obj, "target", &span, &ptr);
    let (Some(source), Some(target)) = (source, target) else {
        return None;
    };
    let mptr = pointer_push(&ptr, "metadata");
    let mut edge = Edge {
        source: source.0,
        target: target.0,
        subsystem: "containment".into(),
        relationship: None,
        form: EdgeForm::Bare,
        span: span.clone(),
        source_span: source.1,
        target_span: target.1,
        index,
    };
    match get(obj, "metadata") {
        None | Some(Value::NullKeyword(_)) => tallies.bare.add(&span, || ptr.clone()),
        Some(Value::Object(m)) => edge_metadata(r, m, el, &mut edge, &ptr, &mptr, tallies),
        Some(v) => r.error(
            format!("edge 'metadata' must be an object, not {}", type_name(v)),
            range(v),
            mptr,
        ),
    }
    Some(edge)
}

/// An edge's `source` or `target` vertex id and the span of its string.
fn edge_end(
    r: &mut Reader<'_>,
    obj: &JsonObject<'_>,
    key: &str,
    span: &Range<usize>,
    ptr: &str,
) -> Option<(String, Range<usize>)> {
    match get(obj, key) {
        Some(Value::StringLit(s)) => Some((s.value.to_string(), s.range.start..s.range.end)),
        Some(v) => {
            r.error(
                format!("edge '{key}' must be a string, not {}", type_name(v)),
                range(v),
                pointer_push(ptr, key),
            );
            None
        }
        None => {
            r.error(
                format!("edge has no '{key}'"),
                span.start..span.start + 1,
                ptr.to_string(),
            );
            None
        }
    }
}

/// An edge's `metadata` object at `mptr`: the older `name` form, or
/// RFC 40's `subsystem` and `relationship`, tallying departures.
fn edge_metadata(
    r: &mut Reader<'_>,
    m: &JsonObject<'_>,
    el: &Value<'_>,
    edge: &mut Edge,
    ptr: &str,
    mptr: &str,
    tallies: &mut EdgeTallies,
) {
    let legacy_name = match get(m, "name") {
        Some(Value::Object(n)) if get(m, "subsystem").is_none() => {
            n.properties.first().and_then(|p| match &p.value {
                Value::StringLit(s) => Some((p.name.as_str().to_string(), s.value.to_string())),
                _ => None,
            })
        }
        _ => None,
    };
    if let Some((sub, rel)) = legacy_name {
        edge.subsystem = sub;
        edge.relationship = Some(rel);
        edge.form = EdgeForm::Legacy;
        tallies
            .legacy
            .add(&range(get(m, "name").unwrap_or(el)), || {
                pointer_push(mptr, "name")
            });
        return;
    }
    if let Some(s) = r.string(m, "subsystem", mptr) {
        edge.subsystem = s;
    }
    edge.relationship = r.string(m, "relationship", mptr);
    edge.form = match (get(m, "subsystem"), &edge.relationship) {
        (None, None) => {
            tallies.bare.add(&edge.span, || ptr.to_string());
            EdgeForm::Bare
        }
        (_, Some(_)) => EdgeForm::Rfc40,
        (Some(_), None) => {
            tallies.no_rel.add(&range(el), || mptr.to_string());
            EdgeForm::SubsystemOnly
        }
    };
}

/// One note per departure from RFC 40 that some edges make, with how many
/// do (notes: see `super::LENIENT_MARK`).
fn report_edge_tallies(r: &mut Reader<'_>, tallies: EdgeTallies) {
    let many = |n: usize| {
        if n == 1 {
            "1 edge has".to_string()
        } else {
            format!("{n} edges have")
        }
    };
    let EdgeTallies {
        bare,
        no_rel,
        legacy,
    } = tallies;
    if let Some((span, ptr)) = bare.first {
        r.diags.push(Diagnostic::note(
            format!(
                "{} no metadata, which RFC 40 requires (read as containment)",
                many(bare.count)
            ),
            span.start..span.start + 1,
            ptr,
        ));
    }
    if let Some((span, ptr)) = no_rel.first {
        r.diags.push(Diagnostic::note(
            format!(
                "{} no 'relationship', which RFC 40 requires (read from the subsystem alone)",
                many(no_rel.count)
            ),
            span.start..span.start + 1,
            ptr,
        ));
    }
    if let Some((span, ptr)) = legacy.first {
        r.diags.push(Diagnostic::note(
            format!(
                "{} the older metadata form 'name': {{subsystem: relationship}} (RFC 40 uses 'subsystem' and 'relationship')",
                many(legacy.count)
            ),
            span,
            ptr,
        ));
    }
}
