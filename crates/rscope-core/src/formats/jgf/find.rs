//! Queries over a graph (RFC 4 *Find/Match*): by type, name, basename,
//! id, containment path prefix, rank and property, each hit with its path
//! from the root.

use super::model::Graph;
use super::tree::Tree;
use std::fmt;
use std::str::FromStr;

/// What to look for. Written `type=core`, `name=node3`, `basename=node`,
/// `id=3`, `path=/cluster0/rack0`, `rank=2`, `property=foo` or
/// `property=foo=bar`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// Vertices of this type.
    Type(String),
    /// Vertices with this name.
    Name(String),
    /// Vertices with this basename.
    Basename(String),
    /// Vertices with this `id` (the number within their basename).
    Id(i64),
    /// Vertices whose containment path starts with these whole components.
    Path(String),
    /// Vertices of this rank.
    Rank(i64),
    /// Vertices with this property (and value, when given).
    Property(String, Option<String>),
}

/// Why a query string cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindError(String);

impl fmt::Display for FindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FindError {}

impl FromStr for Query {
    type Err = FindError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let Some((k, v)) = s.split_once('=') else {
            return Err(FindError(format!(
                "query '{s}' is not KEY=VALUE (type, name, basename, id, path, rank or property)"
            )));
        };
        match k {
            "type" => Ok(Query::Type(v.into())),
            "name" => Ok(Query::Name(v.into())),
            "basename" => Ok(Query::Basename(v.into())),
            "id" => v
                .parse()
                .map(Query::Id)
                .map_err(|_| FindError(format!("id '{v}' is not an integer"))),
            "path" => Ok(Query::Path(v.into())),
            "rank" => v
                .parse()
                .map(Query::Rank)
                .map_err(|_| FindError(format!("rank '{v}' is not an integer"))),
            "property" => Ok(match v.split_once('=') {
                Some((p, x)) => Query::Property(p.into(), Some(x.into())),
                None => Query::Property(v.into(), None),
            }),
            _ => Err(FindError(format!(
                "unknown query key '{k}' (expected type, name, basename, id, path, rank or property)"
            ))),
        }
    }
}

impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Query::Type(t) => write!(f, "type={t}"),
            Query::Name(n) => write!(f, "name={n}"),
            Query::Basename(b) => write!(f, "basename={b}"),
            Query::Id(i) => write!(f, "id={i}"),
            Query::Path(p) => write!(f, "path={p}"),
            Query::Rank(r) => write!(f, "rank={r}"),
            Query::Property(p, None) => write!(f, "property={p}"),
            Query::Property(p, Some(v)) => write!(f, "property={p}={v}"),
        }
    }
}

/// One hit: the vertex and the vertices from the root down to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindMatch {
    /// The vertex index.
    pub vertex: usize,
    /// Root first, the vertex last.
    pub path: Vec<usize>,
}

/// Whether `path` starts with the whole components of `prefix`.
pub fn has_prefix(path: &str, prefix: &str) -> bool {
    let prefix = prefix.trim_end_matches('/');
    path == prefix
        || (path.starts_with(prefix) && path.as_bytes().get(prefix.len()) == Some(&b'/'))
        || prefix.is_empty()
}

/// The vertices matching `query`, in tree preorder (then the vertices
/// outside the containment tree, in document order).
pub fn find(graph: &Graph, tree: &Tree, query: &Query) -> Vec<FindMatch> {
    let order = tree
        .preorder()
        .iter()
        .map(|&v| v as usize)
        .chain((0..graph.vertices.len()).filter(|&v| !tree.contains(v)));
    let mut out = Vec::new();
    for v in order {
        let Some(x) = graph.vertices.get(v) else {
            continue;
        };
        let hit = match query {
            Query::Type(t) => x.kind == t,
            Query::Name(n) => x.name == n,
            Query::Basename(b) => x.basename == b,
            Query::Id(i) => x.id == *i,
            Query::Rank(r) => x.rank == *r,
            Query::Property(p, val) => match x.property(p) {
                Some(have) => val.as_deref().is_none_or(|want| want == have),
                None => false,
            },
            Query::Path(p) => match x.path("containment") {
                Some(path) => has_prefix(path, p),
                None => tree.contains(v) && has_prefix(&tree.path_string(graph, v), p),
            },
        };
        if hit {
            out.push(FindMatch {
                vertex: v,
                path: tree.path_to_root(v),
            });
        }
    }
    out
}
