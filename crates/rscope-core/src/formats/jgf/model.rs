//! The JGF resource graph as Fluxion reads it: vertices with the reader's
//! defaults filled in, edges with their subsystem, and the byte spans the
//! validator points at.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

pub use super::table::{EdgeIter, EdgeRef, Edges, Paths, VertexIter, VertexRef, Vertices};

/// Who wrote the `scheduling` key (RFC 20 `writer`, RFC 40 URI).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Writer {
    /// No `writer` key: RFC 20 says `fluxion` is assumed, RFC 40 adds `jgf`.
    #[default]
    Absent,
    /// `fluxion` or `fluxion:jgf`: the whole allocated graph.
    Jgf,
    /// `fluxion:jgf_shorthand`: the children of exclusively allocated
    /// vertices are left out, so missing cores are not a fault.
    Shorthand,
    /// Any other URI, kept verbatim.
    Other(String),
}

impl Writer {
    /// Whether subtrees may have been left out on purpose.
    pub fn is_shorthand(&self) -> bool {
        matches!(self, Writer::Shorthand)
    }
}

impl FromStr for Writer {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "fluxion" | "fluxion:jgf" => Writer::Jgf,
            "fluxion:jgf_shorthand" => Writer::Shorthand,
            other => Writer::Other(other.to_string()),
        })
    }
}

impl fmt::Display for Writer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Writer::Absent => f.write_str("fluxion"),
            Writer::Jgf => f.write_str("fluxion:jgf"),
            Writer::Shorthand => f.write_str("fluxion:jgf_shorthand"),
            Writer::Other(s) => f.write_str(s),
        }
    }
}

/// One resource vertex (a JGF `node`), with Fluxion's reader defaults
/// applied to the keys the writer left out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// The JGF vertex id (`id` outside `metadata`).
    pub key: String,
    /// `metadata.type` (empty when missing, which is an error).
    pub kind: String,
    /// `metadata.basename`, default the type.
    pub basename: String,
    /// `metadata.name`, default basename followed by the id.
    pub name: String,
    /// `metadata.id`, default the numeric suffix of a node's name, else
    /// `uniq_id`.
    pub id: i64,
    /// `metadata.uniq_id`, default the vertex id read as a number.
    pub uniq_id: i64,
    /// `metadata.rank`, default -1 (no execution target).
    pub rank: i64,
    /// `metadata.size`, default 1.
    pub size: u64,
    /// `metadata.unit`, default empty.
    pub unit: String,
    /// `metadata.exclusive`, default false.
    pub exclusive: bool,
    /// `metadata.status`, default 0 (up).
    pub status: i64,
    /// `metadata.uuid` (RFC 40 requires it; Fluxion never writes it).
    pub uuid: Option<String>,
    /// `metadata.properties`, in document order.
    pub properties: Vec<(String, String)>,
    /// `metadata.paths`: subsystem and path, in document order.
    pub paths: Vec<(String, String)>,
    /// Other metadata keys, kept as their JSON source text.
    pub extra: Vec<(String, String)>,
    /// Where the vertex is in the source.
    pub spans: VertexSpans,
    /// Its position in the `nodes` array.
    pub index: usize,
}

impl Vertex {
    /// A vertex with id `key` at position `index` in `nodes`, every
    /// metadata key at the Fluxion reader's default (`rank` -1, `size` 1,
    /// not exclusive, up); the reader and the generator fill in the rest.
    pub fn new(key: String, index: usize) -> Vertex {
        Vertex {
            key,
            kind: String::new(),
            basename: String::new(),
            name: String::new(),
            id: 0,
            uniq_id: 0,
            rank: -1,
            size: 1,
            unit: String::new(),
            exclusive: false,
            status: 0,
            uuid: None,
            properties: Vec::new(),
            paths: Vec::new(),
            extra: Vec::new(),
            spans: VertexSpans::default(),
            index,
        }
    }

    /// The path of this vertex in `subsystem`, if the document gives one.
    pub fn path(&self, subsystem: &str) -> Option<&str> {
        self.paths
            .iter()
            .rev()
            .find(|(s, _)| s == subsystem)
            .map(|(_, p)| p.as_str())
    }

    /// The value of property `key`.
    pub fn property(&self, key: &str) -> Option<&str> {
        self.properties
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Byte spans of a vertex and of the keys diagnostics point at. A key that
/// is absent takes the span of the `metadata` object (or of the vertex).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VertexSpans {
    /// The whole vertex object.
    pub vertex: Range<usize>,
    /// The `id` value.
    pub key: Range<usize>,
    /// The `metadata` value.
    pub metadata: Range<usize>,
    /// The `paths.containment` value.
    pub containment: Range<usize>,
}

/// How an edge names its subsystem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeForm {
    /// `metadata: {subsystem, relationship}` as RFC 40 says.
    Rfc40,
    /// `metadata: {subsystem}` without `relationship` (what Fluxion writes).
    SubsystemOnly,
    /// The older `metadata: {name: {containment: contains}}`.
    Legacy,
    /// No `metadata` (or an empty one): the reader assumes containment.
    Bare,
}

/// One edge between two vertices, named by their JGF ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The source vertex id (the container, for containment).
    pub source: String,
    /// The target vertex id.
    pub target: String,
    /// The subsystem, default `containment` as the Fluxion reader assumes.
    pub subsystem: String,
    /// The relationship when given (`contains`, `in`, ...).
    pub relationship: Option<String>,
    /// How the metadata was written.
    pub form: EdgeForm,
    /// The whole edge object.
    pub span: Range<usize>,
    /// The `source` value.
    pub source_span: Range<usize>,
    /// The `target` value.
    pub target_span: Range<usize>,
    /// Its position in the `edges` array.
    pub index: usize,
}

impl Edge {
    /// Whether this edge belongs to the containment subsystem.
    pub fn is_containment(&self) -> bool {
        self.subsystem == "containment"
    }
}

/// A JGF resource graph (the value of `graph`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Vertices in document order (those with a usable id).
    pub vertices: Vertices,
    /// Edges in document order (those with string endpoints).
    pub edges: Edges,
    /// The `scheduling.writer` of the enclosing R (absent for a bare graph).
    pub writer: Writer,
    /// The JGF `directed` flag, when present.
    pub directed: Option<bool>,
    /// JSON pointer of the `graph` value (`/graph` or `/scheduling/graph`).
    pub pointer: String,
    /// Byte span of the `graph` value.
    pub span: Range<usize>,
}

impl Graph {
    /// JSON pointer of vertex number `index` of the `nodes` array.
    pub fn vertex_pointer(&self, index: usize) -> String {
        format!("{}/nodes/{index}", self.pointer)
    }

    /// JSON pointer of edge number `index` of the `edges` array.
    pub fn edge_pointer(&self, index: usize) -> String {
        format!("{}/edges/{index}", self.pointer)
    }

    /// `'3' (core0)`: how messages name a vertex.
    pub fn label(&self, v: usize) -> String {
        match self.vertices.get(v) {
            Some(x) => format!("'{}' ({})", x.key, x.name),
            None => format!("#{v}"),
        }
    }
}
