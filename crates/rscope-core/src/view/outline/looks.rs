//! What the picture of a graph needs of each vertex beyond the outline's
//! name, type and rank: basename, id, size and unit, status, properties,
//! the containment path where the document's differs from the names', and
//! a class that is equal for vertices whose subtrees look the same (what
//! folds identical siblings, as lstopo's `--factorize` does).
//!
//! Strings are interned, so a large graph crosses from the worker to the
//! page as small integers; [`Outline::find`] answers RFC 4 *Find/Match*
//! queries from these alone, as [`crate::jgf::find`] does from the graph.

use super::Outline;
use crate::jgf::consistency::Difference;
use crate::jgf::packed;
use crate::jgf::{Graph, Query, Tree};
use rustc_hash::FxHashMap as HashMap;

/// A vertex outside the containment tree has no class.
pub const NO_CLASS: u32 = u32::MAX;

/// Per-vertex attributes, in the graph's vertex order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    /// Interned strings (basenames, units).
    strings: Vec<String>,
    basename: Vec<u32>,
    unit: Vec<u32>,
    id: Vec<i64>,
    size: Vec<u64>,
    status: Vec<i64>,
    /// Each vertex's property set, an index into `prop_sets` (0: none).
    props: Vec<u32>,
    prop_sets: Vec<Vec<(String, String)>>,
    /// Containment paths the document gives that are not the names' path.
    paths: Vec<(u32, String)>,
    class: Vec<u32>,
    /// Where R_lite and the graph disagree, by rank, in words as `rscope
    /// jgf check` says it (shorthand omissions left out: not faults).
    differences: Vec<(u32, String)>,
    /// Each vertex's bytes in the document (empty for a generated graph),
    /// in document order.
    spans: Vec<(u32, u32)>,
    /// Edges of subsystems other than containment (`power`, `network`):
    /// source, target, and the subsystem's index in `subsystems`.
    overlay: Vec<(u32, u32, u32)>,
    subsystems: Vec<String>,
}

/// The first of [`Looks::pieces`]: names, numbers and states.
type NumbersPiece = (
    Vec<String>,
    packed::Array,
    packed::Array,
    packed::Signed,
    packed::Wide,
    packed::Signed,
);

/// The second of [`Looks::pieces`]: properties, paths, classes, marks,
/// spans and other subsystems.
type RestPiece = (
    packed::Array,
    Vec<Vec<(String, String)>>,
    Vec<(u32, String)>,
    packed::Array,
    Vec<(u32, String)>,
    packed::Spans,
    Vec<(u32, u32, u32)>,
    Vec<String>,
);

impl Looks {
    /// The looks as two byte strings in postcard's form, for the page to
    /// read in a task each (an El Capitan-sized graph's are 12 MB, and
    /// 47 MB once read).
    pub fn pieces(&self) -> [Vec<u8>; 2] {
        // The embedding bundle's looks are empty (see `looks_of` in
        // `outline`), and its size budget has no room for their form.
        if !cfg!(feature = "page") {
            return [Vec::new(), Vec::new()];
        }
        use packed::{ArrayRef, SignedRef, SpansRef, WideRef};
        let numbers = (
            &self.strings,
            ArrayRef(&self.basename),
            ArrayRef(&self.unit),
            SignedRef(&self.id),
            WideRef(&self.size),
            SignedRef(&self.status),
        );
        let rest = (
            ArrayRef(&self.props),
            &self.prop_sets,
            &self.paths,
            ArrayRef(&self.class),
            &self.differences,
            SpansRef(&self.spans),
            &self.overlay,
            &self.subsystems,
        );
        [
            postcard::to_allocvec(&numbers).unwrap_or_default(),
            postcard::to_allocvec(&rest).unwrap_or_default(),
        ]
    }

    /// Read the first of [`Looks::pieces`]: looks without properties,
    /// paths, classes, marks, spans or other subsystems until
    /// [`Looks::read_rest`].
    pub fn read_numbers(piece: &[u8]) -> Result<Looks, postcard::Error> {
        if !cfg!(feature = "page") {
            return Ok(Looks::default());
        }
        let (strings, basename, unit, id, size, status): NumbersPiece =
            postcard::from_bytes(piece)?;
        Ok(Looks {
            strings,
            basename: basename.0,
            unit: unit.0,
            id: id.0,
            size: size.0,
            status: status.0,
            ..Looks::default()
        })
    }

    /// Read the second of [`Looks::pieces`] into these looks.
    pub fn read_rest(&mut self, piece: &[u8]) -> Result<(), postcard::Error> {
        if !cfg!(feature = "page") {
            return Ok(());
        }
        let rest: RestPiece = postcard::from_bytes(piece)?;
        let (props, prop_sets, paths, class, differences, spans, overlay, subsystems) = rest;
        self.props = props.0;
        self.prop_sets = prop_sets;
        self.paths = paths;
        self.class = class.0;
        self.differences = differences;
        self.spans = spans.0;
        self.overlay = overlay;
        self.subsystems = subsystems;
        Ok(())
    }
}

/// Interns strings into a table.
struct Interner<'a, T> {
    seen: HashMap<T, u32>,
    table: &'a mut Vec<T>,
}

impl<'a, T: Clone + Eq + std::hash::Hash> Interner<'a, T> {
    fn new(table: &'a mut Vec<T>) -> Self {
        let seen = table
            .iter()
            .enumerate()
            .map(|(i, t)| (t.clone(), i as u32))
            .collect::<HashMap<T, u32>>();
        Interner { seen, table }
    }

    fn get<Q>(&mut self, t: &Q) -> u32
    where
        Q: ?Sized + std::hash::Hash + Eq + ToOwned<Owned = T>,
        T: std::borrow::Borrow<Q>,
    {
        if let Some(&i) = self.seen.get(t) {
            return i;
        }
        let i = u32::try_from(self.table.len()).unwrap_or(u32::MAX);
        self.table.push(t.to_owned());
        self.seen.insert(t.to_owned(), i);
        i
    }
}

/// What makes two subtrees look the same: type, size, unit, status,
/// properties and the classes of the children in order.
type ClassKey = (u32, u64, u32, i64, u32, Vec<u32>);

impl Looks {
    /// The looks of every vertex of `graph`, whose tree is `tree`.
    pub fn of(graph: &Graph, tree: &Tree) -> Looks {
        let mut looks = Looks {
            prop_sets: vec![Vec::new()],
            ..Looks::default()
        };
        let mut strings = Interner::new(&mut looks.strings);
        let mut sets = Interner::new(&mut looks.prop_sets);
        let n = graph.vertices.len();
        let (mut basename, mut unit, mut props) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        for x in &graph.vertices {
            basename.push(strings.get(x.basename));
            unit.push(strings.get(x.unit));
            // Sorted, the last value of a key winning, as a lookup sees them.
            let set: std::collections::BTreeMap<&str, &str> = x
                .properties
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect();
            let set: Vec<(String, String)> = set
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            props.push(sets.get(&set));
        }
        looks.basename = basename;
        looks.unit = unit;
        looks.props = props;
        looks.id = graph.vertices.iter().map(|x| x.id).collect();
        looks.size = graph.vertices.iter().map(|x| x.size).collect();
        looks.status = graph.vertices.iter().map(|x| x.status).collect();
        looks.paths = differing_paths(graph, tree);
        let mut subsystems = Interner::new(&mut looks.subsystems);
        let overlay = tree
            .overlay
            .iter()
            .map(|o| {
                let at = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
                (at(o.source), at(o.target), subsystems.get(&o.subsystem))
            })
            .collect();
        looks.overlay = overlay;
        looks.spans = graph
            .vertices
            .iter()
            .map(|x| {
                let r = &x.spans.vertex;
                let at = |b: usize| u32::try_from(b).unwrap_or(u32::MAX);
                (at(r.start), at(r.end))
            })
            .collect();
        // Types by number, so that a class key holds no string.
        let mut numbers: HashMap<&str, u32> = HashMap::default();
        let kinds: Vec<u32> = graph
            .vertices
            .iter()
            .map(|x| {
                let next = numbers.len() as u32;
                *numbers.entry(x.kind).or_insert(next)
            })
            .collect();
        looks.class = classes(tree, &kinds, &looks);
        looks
    }

    /// The looks of the graph generated for a set (as
    /// [`crate::jgf::generate::walk`] meets it), whose tree is `tree`:
    /// `kind` numbers each vertex's type in `kinds`, and `id` is each
    /// vertex's `metadata.id`. What [`Looks::of`] finds in that graph,
    /// without the graph: generated vertices have their type as basename,
    /// no unit, size 1, no status, no properties and no spans, and their
    /// paths are their names'.
    pub fn generated(tree: &Tree, kind: &[u32], kinds: &[String], id: Vec<i64>) -> Looks {
        let n = kind.len();
        let mut looks = Looks {
            prop_sets: vec![Vec::new()],
            ..Looks::default()
        };
        // Interned in the order Looks::of meets them: each vertex's
        // basename, then its unit.
        let mut strings = Interner::new(&mut looks.strings);
        // Each string is looked up once: a few types and the empty unit.
        let mut of_kind: Vec<Option<u32>> = vec![None; kinds.len()];
        let (no_unit, mut no_unit_at) = (String::new(), None);
        let (mut basename, mut unit) = (Vec::with_capacity(n), Vec::with_capacity(n));
        for &k in kind {
            let b = match of_kind.get_mut(k as usize) {
                Some(Some(b)) => *b,
                Some(s) => *s.insert(strings.get(&kinds[k as usize])),
                None => strings.get(&no_unit),
            };
            basename.push(b);
            unit.push(*no_unit_at.get_or_insert_with(|| strings.get(&no_unit)));
        }
        looks.basename = basename;
        looks.unit = unit;
        looks.props = vec![0; n];
        looks.id = id;
        looks.size = vec![1; n];
        looks.status = vec![0; n];
        looks.spans = vec![(0, 0); n];
        looks.class = classes(tree, kind, &looks);
        looks
    }

    fn string(&self, i: Option<&u32>) -> &str {
        i.and_then(|&i| self.strings.get(i as usize))
            .map_or("", String::as_str)
    }

    /// `metadata.basename` of `v`.
    pub fn basename(&self, v: usize) -> &str {
        self.string(self.basename.get(v))
    }

    /// `metadata.unit` of `v` (empty when none).
    pub fn unit(&self, v: usize) -> &str {
        self.string(self.unit.get(v))
    }

    /// `metadata.id` of `v`.
    pub fn id(&self, v: usize) -> i64 {
        self.id.get(v).copied().unwrap_or(0)
    }

    /// `metadata.size` of `v`.
    pub fn size(&self, v: usize) -> u64 {
        self.size.get(v).copied().unwrap_or(1)
    }

    /// `metadata.status` of `v` (0 is up).
    pub fn status(&self, v: usize) -> i64 {
        self.status.get(v).copied().unwrap_or(0)
    }

    /// The properties of `v`, sorted by name.
    pub fn properties(&self, v: usize) -> &[(String, String)] {
        self.props
            .get(v)
            .and_then(|&p| self.prop_sets.get(p as usize))
            .map_or(&[], Vec::as_slice)
    }

    /// Every property name any vertex has, sorted.
    pub fn property_names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .prop_sets
            .iter()
            .flatten()
            .map(|(k, _)| k.as_str())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    /// The bytes of vertex `v` in the document, when it has any.
    pub fn span(&self, v: usize) -> Option<std::ops::Range<usize>> {
        let &(a, z) = self.spans.get(v)?;
        (z > a).then_some(a as usize..z as usize)
    }

    /// The vertex whose text holds byte `at` (vertices are in document
    /// order and do not nest, so a binary search finds it).
    pub fn vertex_at(&self, at: usize) -> Option<usize> {
        let at = u32::try_from(at).ok()?;
        let i = self
            .spans
            .partition_point(|&(a, _)| a <= at)
            .checked_sub(1)?;
        let (a, z) = self.spans[i];
        (a <= at && at < z).then_some(i)
    }

    /// The edges of subsystems other than containment, as (source,
    /// target, subsystem).
    pub fn overlay(&self) -> impl Iterator<Item = (usize, usize, &str)> {
        self.overlay.iter().map(|&(a, b, s)| {
            let sub = self.subsystems.get(s as usize).map_or("", String::as_str);
            (a as usize, b as usize, sub)
        })
    }

    /// Keep the differences between R_lite and the graph.
    pub fn set_differences(&mut self, found: &[Difference]) {
        self.differences = found
            .iter()
            .filter_map(|d| {
                let rank = match d {
                    Difference::RankOnlyInR(r) | Difference::RankOnlyInGraph(r) => *r,
                    Difference::Host { rank, .. } | Difference::Ids { rank, .. } => *rank,
                    Difference::Omitted(_) => return None,
                };
                Some((rank, d.to_string()))
            })
            .collect();
    }

    /// Every difference between R_lite and the graph, in words.
    pub fn differences(&self) -> impl Iterator<Item = &str> {
        self.differences.iter().map(|(_, d)| d.as_str())
    }

    /// Every difference between R_lite and the graph with the rank it is
    /// about: what marks the R_lite entries of those ranks.
    pub fn differences_by_rank(&self) -> impl Iterator<Item = (u32, &str)> {
        self.differences.iter().map(|(r, d)| (*r, d.as_str()))
    }

    /// The class of `v`: equal for vertices whose subtrees look the same.
    pub fn class(&self, v: usize) -> u32 {
        self.class.get(v).copied().unwrap_or(NO_CLASS)
    }

    /// The containment path the document gives `v`, when it is not the
    /// path of names from the root.
    fn own_path(&self, v: usize) -> Option<&str> {
        let v = u32::try_from(v).ok()?;
        let i = self.paths.binary_search_by_key(&v, |(w, _)| *w).ok()?;
        self.paths.get(i).map(|(_, p)| p.as_str())
    }
}

/// The vertices (ascending) whose `containment` path is not their path of
/// names, with the document's path; built in one preorder walk keeping
/// the current path in one buffer.
fn differing_paths(graph: &Graph, tree: &Tree) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    let mut buf = String::new();
    let mut ends: Vec<usize> = Vec::new(); // buffer length after each depth
    for &v in tree.preorder() {
        let v = v as usize;
        let depth = tree.depth(v);
        ends.truncate(depth);
        buf.truncate(ends.last().copied().unwrap_or(0));
        let Some(x) = graph.vertices.get(v) else {
            continue;
        };
        buf.push('/');
        buf.push_str(x.name);
        ends.push(buf.len());
        if let Some(p) = x.path("containment") {
            if p != buf {
                out.push((v as u32, p.to_string()));
            }
        }
    }
    // Vertices outside the tree keep their document path.
    for (v, x) in graph.vertices.iter().enumerate() {
        if !tree.contains(v) {
            if let Some(p) = x.path("containment") {
                out.push((v as u32, p.to_string()));
            }
        }
    }
    out.sort_unstable_by_key(|(v, _)| *v);
    out
}

/// Each vertex's class, children before parents (reverse preorder), so
/// a parent's key holds its children's classes; `kind` numbers each
/// vertex's type.
fn classes(tree: &Tree, kind: &[u32], looks: &Looks) -> Vec<u32> {
    let mut class = vec![NO_CLASS; kind.len()];
    let mut seen: HashMap<ClassKey, u32> = HashMap::default();
    // Leaves, most of a graph, are keyed without a list of children (a
    // key with an empty list is never a parent's): one number for both.
    let mut leaves: HashMap<(u32, u64, u32, i64, u32), u32> = HashMap::default();
    for &v in tree.preorder().iter().rev() {
        let v = v as usize;
        let Some(&k) = kind.get(v) else {
            continue;
        };
        let own = (
            k,
            looks.size(v),
            looks.unit.get(v).copied().unwrap_or(0),
            looks.status(v),
            looks.props.get(v).copied().unwrap_or(0),
        );
        let next = u32::try_from(seen.len() + leaves.len()).unwrap_or(NO_CLASS);
        let kids = tree.children(v);
        if kids.is_empty() {
            let c = *leaves.entry(own).or_insert(next);
            if let Some(slot) = class.get_mut(v) {
                *slot = c;
            }
            continue;
        }
        let children = kids
            .iter()
            .map(|&c| class.get(c as usize).copied().unwrap_or(NO_CLASS))
            .collect();
        let key = (own.0, own.1, own.2, own.3, own.4, children);
        let c = *seen.entry(key).or_insert(next);
        if let Some(slot) = class.get_mut(v) {
            *slot = c;
        }
    }
    class
}

impl Outline {
    /// The vertices `query` matches, in tree preorder and then the
    /// vertices outside the tree in document order: what
    /// [`crate::jgf::find`] gives for the graph this outline was made of.
    pub fn find(&self, query: &Query) -> Vec<usize> {
        let tree = &self.tree;
        let order = tree
            .preorder()
            .iter()
            .map(|&v| v as usize)
            .chain((0..self.vertices()).filter(|&v| !tree.contains(v)));
        order.filter(|&v| self.matches(v, query)).collect()
    }

    fn matches(&self, v: usize, query: &Query) -> bool {
        let (labels, looks) = (&self.labels, &self.looks);
        match query {
            Query::Type(t) => labels.kind(v) == t,
            Query::Name(n) => labels.name(v) == n,
            Query::Basename(b) => looks.basename(v) == b,
            Query::Id(i) => looks.id(v) == *i,
            Query::Rank(r) => labels.rank.get(v) == Some(r),
            Query::Property(p, want) => {
                let props = looks.properties(v);
                match props.binary_search_by(|(k, _)| k.as_str().cmp(p)) {
                    Ok(i) => want.as_deref().is_none_or(|w| props[i].1 == w),
                    Err(_) => false,
                }
            }
            Query::Path(p) => match looks.own_path(v) {
                Some(path) => crate::jgf::find::has_prefix(path, p),
                None => {
                    self.tree.contains(v) && crate::jgf::find::has_prefix(&self.names_path(v), p)
                }
            },
        }
    }

    /// `/cluster0/node3`: the names from the root to `v`.
    pub fn names_path(&self, v: usize) -> String {
        let mut path = String::new();
        for u in self.tree.path_to_root(v) {
            path.push('/');
            path.push_str(self.labels.name(u));
        }
        path
    }

    /// The differences between R_lite and the graph at `v`: those of its
    /// rank when it is a node (what `rscope jgf check` compares).
    pub fn disagreements(&self, v: usize) -> Vec<&str> {
        let rank = self.labels.rank.get(v).copied().unwrap_or(-1);
        if self.labels.kind(v) != "node" || rank < 0 {
            return Vec::new();
        }
        self.looks
            .differences
            .iter()
            .filter(|(r, _)| i64::from(*r) == rank)
            .map(|(_, d)| d.as_str())
            .collect()
    }

    /// The looks of every vertex.
    pub fn looks(&self) -> &Looks {
        &self.looks
    }
}
