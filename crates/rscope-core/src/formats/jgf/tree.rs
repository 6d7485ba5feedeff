//! The containment tree of a graph, and the structural findings met while
//! building it: duplicate ids, dangling edges, reversed duplicates, two
//! parents, cycles, several roots, unreachable vertices and containment
//! paths that disagree with the edges.
//!
//! Everything here is iterative (explicit stacks, parent pointers), so a
//! deep or hostile graph cannot overflow the stack; each step is linear in
//! vertices plus edges, except the per-parent sort of children.

use super::model::Graph;
use super::packed;
use crate::diag::{pointer_push, Diagnostic};
use std::cmp::Ordering;
use std::collections::HashMap;

const NONE: u32 = u32::MAX;

/// An edge of a subsystem other than containment (e.g. `power`), drawn over
/// the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeOverlay {
    /// Source vertex index.
    pub source: usize,
    /// Target vertex index.
    pub target: usize,
    /// Subsystem name.
    pub subsystem: String,
    /// Index of the edge in the graph's edge list.
    pub edge: usize,
}

/// The containment forest of a graph: parent pointers, children in natural
/// order, and a preorder numbering that makes every subtree a contiguous
/// range (what [`super::aggregate`] counts over).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    roots: Vec<u32>,
    parent: Vec<u32>,
    child_start: Vec<u32>,
    children: Vec<u32>,
    preorder: Vec<u32>,
    pos: Vec<u32>,
    depth: Vec<u32>,
    size: Vec<u32>,
    /// Edges of other subsystems (not sent to the page's outline, which
    /// draws containment only).
    pub overlay: Vec<TreeOverlay>,
}

/// How many pieces [`Tree::pieces`] makes.
pub const TREE_PIECES: usize = 3;

impl Tree {
    /// The containment arrays as [`TREE_PIECES`] byte strings in
    /// postcard's form, of about equal size, so that a large tree crosses
    /// threads a piece to a task: an El Capitan-sized tree is 29 MB, and
    /// reading it whole held the page's thread for 50 ms.
    pub fn pieces(&self) -> Vec<Vec<u8>> {
        let a = packed::ArrayRef;
        let bytes = |v: &[packed::ArrayRef]| postcard::to_allocvec(v).unwrap_or_default();
        vec![
            bytes(&[a(&self.roots), a(&self.parent), a(&self.child_start)]),
            bytes(&[a(&self.children), a(&self.preorder)]),
            bytes(&[a(&self.pos), a(&self.depth), a(&self.size)]),
        ]
    }

    /// The arrays of one of [`Tree::pieces`].
    pub fn read_piece(bytes: &[u8]) -> Result<Vec<Vec<u32>>, postcard::Error> {
        let arrays: Vec<packed::Array> = postcard::from_bytes(bytes)?;
        Ok(arrays.into_iter().map(|a| a.0).collect())
    }

    /// The tree whose [`Tree::pieces`] held `arrays`, in order; none when
    /// they are not the eight it holds.
    pub fn from_arrays(arrays: Vec<Vec<u32>>) -> Option<Tree> {
        let [roots, parent, child_start, children, preorder, pos, depth, size] =
            <[Vec<u32>; 8]>::try_from(arrays).ok()?;
        Some(Tree {
            roots,
            parent,
            child_start,
            children,
            preorder,
            pos,
            depth,
            size,
            overlay: Vec::new(),
        })
    }
}

fn idx(i: usize) -> u32 {
    // Vertex counts are bounded by MAX_VERTICES, far below u32::MAX.
    u32::try_from(i).unwrap_or(NONE)
}

impl Tree {
    /// The roots: the main root (the one holding the most vertices) first.
    pub fn roots(&self) -> impl Iterator<Item = usize> + '_ {
        self.roots.iter().map(|&r| r as usize)
    }

    /// The main root, if the graph has any containment vertex.
    pub fn root(&self) -> Option<usize> {
        self.roots.first().map(|&r| r as usize)
    }

    /// The containment parent of vertex `v`.
    pub fn parent(&self, v: usize) -> Option<usize> {
        match self.parent.get(v) {
            Some(&p) if p != NONE => Some(p as usize),
            _ => None,
        }
    }

    /// The children of `v`, in natural order of their names.
    pub fn children(&self, v: usize) -> &[u32] {
        let (Some(&a), Some(&b)) = (self.child_start.get(v), self.child_start.get(v + 1)) else {
            return &[];
        };
        self.children.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// Whether `v` is in the containment forest.
    pub fn contains(&self, v: usize) -> bool {
        self.pos.get(v).is_some_and(|&p| p != NONE)
    }

    /// Depth of `v` below its root (a root is 0).
    pub fn depth(&self, v: usize) -> usize {
        self.depth.get(v).map_or(0, |&d| d as usize)
    }

    /// Vertices in preorder, over all roots in order.
    pub fn preorder(&self) -> &[u32] {
        &self.preorder
    }

    /// The preorder range of `v`'s subtree (`v` included), empty when `v`
    /// is not in the forest.
    pub fn subtree(&self, v: usize) -> std::ops::Range<usize> {
        match (self.pos.get(v), self.size.get(v)) {
            (Some(&p), Some(&s)) if p != NONE => p as usize..p as usize + s as usize,
            _ => 0..0,
        }
    }

    /// The vertices from the root down to `v` (both included).
    pub fn path_to_root(&self, v: usize) -> Vec<usize> {
        let mut out = vec![v];
        let mut u = v;
        while let Some(p) = self.parent(u) {
            out.push(p);
            u = p;
            if out.len() > self.parent.len() {
                break; // cannot happen once cycles are broken; bounded anyway
            }
        }
        out.reverse();
        out
    }

    /// `/cluster0/rack0/node0`: the names from the root to `v`.
    pub fn path_string(&self, graph: &Graph, v: usize) -> String {
        let mut s = String::new();
        for u in self.path_to_root(v) {
            s.push('/');
            if let Some(x) = graph.vertices.get(u) {
                s.push_str(x.name);
            }
        }
        s
    }

    /// Number of vertices in the forest.
    pub fn len(&self) -> usize {
        self.preorder.len()
    }

    /// Whether the forest is empty.
    pub fn is_empty(&self) -> bool {
        self.preorder.is_empty()
    }
}

/// Compare names the way people count: `core2` before `core10`.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let da = a.iter().take_while(|c| c.is_ascii_digit()).count();
                let db = b.iter().take_while(|c| c.is_ascii_digit()).count();
                let (na, nb) = (&a[..da], &b[..db]);
                let ta = trim_zeros(na);
                let tb = trim_zeros(nb);
                let ord = ta
                    .len()
                    .cmp(&tb.len())
                    .then_with(|| ta.cmp(tb))
                    .then(da.cmp(&db));
                if ord != Ordering::Equal {
                    return ord;
                }
                a = &a[da..];
                b = &b[db..];
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                a = &a[1..];
                b = &b[1..];
            }
        }
    }
}

fn trim_zeros(d: &[u8]) -> &[u8] {
    let z = d.iter().take_while(|&&c| c == b'0').count();
    &d[z..]
}

fn parent_dir(path: &str) -> Option<&str> {
    let i = path.rfind('/')?;
    if i == 0 {
        None
    } else {
        path.get(..i)
    }
}

fn components(path: &str) -> usize {
    path.bytes().filter(|&b| b == b'/').count()
}

struct Tally {
    count: usize,
    first: Option<Diagnostic>,
}

impl Tally {
    fn new() -> Self {
        Tally {
            count: 0,
            first: None,
        }
    }
    fn add(&mut self, d: impl FnOnce() -> Diagnostic) {
        self.count += 1;
        if self.first.is_none() {
            self.first = Some(d());
        }
    }
    fn finish(self, out: &mut Vec<Diagnostic>, msg: impl FnOnce(usize, &str) -> String) {
        if let Some(mut d) = self.first {
            d.message = msg(self.count, &d.message);
            out.push(d);
        }
    }
}

/// Children lists (CSR) of the members of `tree` by its parent pointers,
/// each sorted by `key` (a `dyn`: one sort in the code for both callers,
/// which the element bundle's size budget counts).
fn sorted_children(tree: &mut Tree, member: &[bool], key: &dyn Fn(u32, u32) -> Ordering) {
    let n = tree.parent.len();
    let mut counts = vec![0u32; n + 1];
    for (&p, &m) in tree.parent.iter().zip(member) {
        if p != NONE && m {
            counts[p as usize + 1] += 1;
        }
    }
    for i in 0..n {
        counts[i + 1] += counts[i];
    }
    let mut fill = counts.clone();
    let mut children = vec![0u32; counts[n] as usize];
    for (i, (&p, &m)) in tree.parent.iter().zip(member).enumerate() {
        if p != NONE && m {
            let slot = &mut fill[p as usize];
            children[*slot as usize] = idx(i);
            *slot += 1;
        }
    }
    for i in 0..n {
        let kids = &mut children[counts[i] as usize..counts[i + 1] as usize];
        // Children are most often written in order already: one look
        // instead of a sort (half the time of a generated outline).
        if !kids.is_sorted_by(|a, b| key(*a, *b) != Ordering::Greater) {
            kids.sort_by(|a, b| key(*a, *b));
        }
    }
    tree.child_start = counts;
    tree.children = children;
}

/// Depths, subtree sizes and the preorder of `tree` (its children lists
/// made), with the main root's tree first. Returns the main root.
fn number_forest(tree: &mut Tree, member: &[bool]) -> Option<u32> {
    let n = tree.parent.len();
    let roots: Vec<u32> = (0..n)
        .filter(|&i| member[i] && tree.parent[i] == NONE)
        .map(idx)
        .collect();
    tree.pos = vec![NONE; n];
    tree.depth = vec![0; n];
    tree.size = vec![1; n];
    let order = depths(tree, &roots);
    sizes(tree, &order);
    // Main root: the one holding the most vertices, the first written on a tie.
    let size = &tree.size;
    let main = roots
        .iter()
        .copied()
        .max_by(|a, b| size[*a as usize].cmp(&size[*b as usize]).then(b.cmp(a)));
    let mut ordered: Vec<u32> = Vec::with_capacity(roots.len());
    if let Some(m) = main {
        ordered.push(m);
        ordered.extend(roots.iter().copied().filter(|&r| r != m));
    }
    preorder(tree, ordered, order);
    main
}

/// Preorder from every root in document order, setting depths; gives
/// that order.
fn depths(tree: &mut Tree, roots: &[u32]) -> Vec<u32> {
    let mut order: Vec<u32> = Vec::with_capacity(tree.parent.len());
    let mut todo: Vec<u32> = Vec::new();
    for &r in roots {
        todo.push(r);
        while let Some(u) = todo.pop() {
            tree.pos[u as usize] = idx(order.len());
            order.push(u);
            let d = tree.depth[u as usize];
            let (a, b) = (
                tree.child_start[u as usize] as usize,
                tree.child_start[u as usize + 1] as usize,
            );
            for k in (a..b).rev() {
                let c = tree.children[k];
                tree.depth[c as usize] = d + 1;
                todo.push(c);
            }
        }
    }
    order
}

/// Subtree sizes by accumulation in reverse preorder.
fn sizes(tree: &mut Tree, order: &[u32]) {
    for &u in order.iter().rev() {
        let p = tree.parent[u as usize];
        if p != NONE {
            tree.size[p as usize] += tree.size[u as usize];
        }
    }
}

/// Number the preorder again from the `ordered` roots (main root first),
/// reusing the buffer of the first numbering.
fn preorder(tree: &mut Tree, ordered: Vec<u32>, mut order: Vec<u32>) {
    let mut todo: Vec<u32> = Vec::new();
    order.clear();
    for &r in &ordered {
        todo.push(r);
        while let Some(u) = todo.pop() {
            tree.pos[u as usize] = idx(order.len());
            order.push(u);
            for &c in tree.children(u as usize).iter().rev() {
                todo.push(c);
            }
        }
    }
    tree.preorder = order;
    tree.roots = ordered;
}

impl Tree {
    /// The forest of a graph known to be well formed (one generated, not
    /// read): `parent` gives each vertex's containment parent (`None` for
    /// a root), and `key` orders siblings as [`build`] does (natural order
    /// of names, then type, then index). Every vertex is in it. What
    /// [`build`] would make of the same graph, without its checks.
    pub fn from_parents(parent: Vec<Option<u32>>, key: &dyn Fn(u32, u32) -> Ordering) -> Tree {
        let member = vec![true; parent.len()];
        let mut tree = Tree {
            parent: parent.into_iter().map(|p| p.unwrap_or(NONE)).collect(),
            ..Tree::default()
        };
        sorted_children(&mut tree, &member, key);
        number_forest(&mut tree, &member);
        tree
    }
}

/// Build the containment forest of `graph` and report what is wrong with
/// its structure.
///
/// The phases run in this order, and the findings come out in it: ids,
/// edges, pairs written both ways, parents from edges, parents from paths,
/// membership, cycles, children, preorder, roots, ranks, paths.
pub fn build(graph: &Graph) -> (Tree, Vec<Diagnostic>) {
    let mut b = Builder::new(graph);
    let index = b.index_ids();
    let contain = b.resolve_edges(&index);
    // The id index is as large as the vertex table's keys; the later
    // phases do not need it.
    drop(index);
    let kept = b.merge_pairs(contain);
    b.parents_from_edges(&kept);
    drop(kept);
    b.parents_from_paths();
    let member = b.membership();
    let cyclic = b.break_cycles();
    b.children_lists(&member);
    let main = b.number(&member);
    b.report_roots(main, &cyclic);
    b.check_ranks();
    b.check_paths();
    (b.tree, b.diags)
}

/// Vertex numbers by key, the first of a repeated key: an open-addressing
/// table of vertex numbers that reads the keys from the vertex table, a
/// third of a `HashMap<&str, u32>` (which holds a `&str` per entry and is
/// what a large graph's tree build peaks with).
struct KeyIndex<'g> {
    vertices: &'g super::model::Vertices,
    /// Vertex numbers; `NONE` is an empty slot. At most half full.
    slots: Vec<u32>,
}

impl<'g> KeyIndex<'g> {
    fn new(vertices: &'g super::model::Vertices) -> Self {
        let n = (2 * vertices.len()).next_power_of_two().max(2);
        KeyIndex {
            vertices,
            slots: vec![NONE; n],
        }
    }

    /// The slot of `key`: where it is, or the empty slot where it goes.
    fn slot(&self, key: &str) -> usize {
        use std::hash::BuildHasher;
        let mask = self.slots.len() - 1;
        let mut at = rustc_hash::FxBuildHasher.hash_one(key) as usize & mask;
        loop {
            let v = self.slots[at];
            if v == NONE || self.vertices.key(v as usize) == key {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    /// The vertex whose key is `key`.
    fn get(&self, key: &str) -> Option<u32> {
        let v = self.slots[self.slot(key)];
        (v != NONE).then_some(v)
    }

    /// Vertex `v` under its key; the vertex already there, if any.
    fn insert(&mut self, v: u32) -> Option<u32> {
        let at = self.slot(self.vertices.key(v as usize));
        match self.slots[at] {
            NONE => {
                self.slots[at] = v;
                None
            }
            first => Some(first),
        }
    }
}

/// A containment edge resolved to vertex indices: source, target and the
/// edge's index in the graph's edge list.
type Link = (u32, u32, usize);

/// The state [`build`] carries from one phase to the next.
struct Builder<'g> {
    graph: &'g Graph,
    n: usize,
    tree: Tree,
    diags: Vec<Diagnostic>,
    /// The edge that gave each vertex its parent (`NONE` when it has no
    /// parent or its path placed it): where a cycle through it is reported.
    parent_edge: Vec<u32>,
    /// Whether a vertex is the parent of some vertex (before cycles are
    /// broken): such a vertex belongs to containment.
    has_child: Vec<bool>,
}

impl<'g> Builder<'g> {
    fn new(graph: &'g Graph) -> Self {
        let n = graph.vertices.len();
        Builder {
            graph,
            n,
            tree: Tree {
                parent: vec![NONE; n],
                ..Tree::default()
            },
            diags: Vec::new(),
            parent_edge: vec![NONE; n],
            has_child: vec![false; n],
        }
    }

    /// Vertex ids; a duplicate resolves to its first occurrence.
    fn index_ids(&mut self) -> KeyIndex<'g> {
        let graph = self.graph;
        let mut index = KeyIndex::new(&graph.vertices);
        for i in 0..self.n {
            if let Some(first) = index.insert(idx(i)) {
                let v = graph.vertices.at(i);
                let fi = graph.vertices.get(first as usize).map_or(0, |f| f.index);
                self.diags.push(Diagnostic::error(
                    format!(
                        "duplicate vertex id '{}' (first at {})",
                        v.key,
                        graph.vertex_pointer(fi)
                    ),
                    v.spans.key.clone(),
                    pointer_push(&graph.vertex_pointer(v.index), "id"),
                ));
            }
        }
        index
    }

    /// Resolve edges; split containment (returned) from overlay (kept in
    /// the tree).
    fn resolve_edges(&mut self, index: &KeyIndex<'_>) -> Vec<Link> {
        let graph = self.graph;
        let mut contain: Vec<Link> = Vec::with_capacity(graph.edges.len());
        for (ei, e) in graph.edges.iter().enumerate() {
            // Written only for a finding.
            let eptr = || graph.edge_pointer(e.index);
            let s = index.get(e.source);
            let t = index.get(e.target);
            if s.is_none() {
                self.diags.push(Diagnostic::error(
                    format!("edge source '{}' names no vertex", e.source),
                    e.source_span.clone(),
                    pointer_push(&eptr(), "source"),
                ));
            }
            if t.is_none() {
                self.diags.push(Diagnostic::error(
                    format!("edge target '{}' names no vertex", e.target),
                    e.target_span.clone(),
                    pointer_push(&eptr(), "target"),
                ));
            }
            let (Some(s), Some(t)) = (s, t) else { continue };
            if !e.is_containment() {
                self.tree.overlay.push(TreeOverlay {
                    source: s as usize,
                    target: t as usize,
                    subsystem: e.subsystem.to_string(),
                    edge: ei,
                });
                continue;
            }
            if s == t {
                self.diags.push(Diagnostic::error(
                    format!(
                        "containment edge from {} to itself",
                        graph.label(s as usize)
                    ),
                    e.span.clone(),
                    eptr(),
                ));
                continue;
            }
            contain.push((s, t, ei));
        }
        contain
    }

    /// Edges present in both directions are one containment edge; the
    /// direction is the one the paths agree with (else the first written).
    /// Repeats of an edge are dropped. Returns the edges kept (in
    /// `contain`'s room: a second list would be as long).
    fn merge_pairs(&mut self, mut contain: Vec<Link>) -> Vec<Link> {
        let graph = self.graph;
        let mut first_of: HashMap<(u32, u32), usize> = HashMap::with_capacity(contain.len());
        for &(s, t, ei) in &contain {
            first_of.entry((s, t)).or_insert(ei);
        }
        let mut reversed = Tally::new();
        let mut repeated = Tally::new();
        contain.retain(|&(s, t, ei)| {
            if ei >= graph.edges.len() {
                return false;
            }
            // The edge is read only for the first finding of each kind.
            if first_of.contains_key(&(t, s)) && !kept_direction(graph, &first_of, s, t) {
                reversed.add(|| {
                    let e = graph.edges.at(ei);
                    Diagnostic::note(
                        format!(
                            "'{}' -> '{}' is also written as '{}' -> '{}'",
                            e.source, e.target, e.target, e.source
                        ),
                        e.span.clone(),
                        graph.edge_pointer(e.index),
                    )
                });
                return false;
            }
            if first_of.get(&(s, t)) != Some(&ei) {
                repeated.add(|| {
                    let e = graph.edges.at(ei);
                    Diagnostic::note(
                        format!("'{}' -> '{}'", e.source, e.target),
                        e.span.clone(),
                        graph.edge_pointer(e.index),
                    )
                });
                return false;
            }
            true
        });
        drop(first_of);
        reversed.finish(&mut self.diags, |n, m| {
            if n == 1 {
                format!("a containment edge is present in both directions ({m}); the pair is read as one edge")
            } else {
                format!("{n} containment edges are present in both directions (first: {m}); each pair is read as one edge")
            }
        });
        repeated.finish(&mut self.diags, |n, m| {
            format!(
                "{n} containment edges repeat an earlier one (first: {m}); the repeats are ignored"
            )
        });
        contain
    }

    /// Parents from edges; a second parent is an error and is ignored.
    fn parents_from_edges(&mut self, kept: &[Link]) {
        let graph = self.graph;
        for &(s, t, ei) in kept {
            let (su, tu) = (s as usize, t as usize);
            if let Some(h) = self.has_child.get_mut(su) {
                *h = true;
            }
            match self.tree.parent.get(tu).copied() {
                Some(NONE) => {
                    self.tree.parent[tu] = s;
                    self.parent_edge[tu] = idx(ei);
                }
                Some(p) => {
                    if let Some(e) = graph.edges.get(ei) {
                        self.diags.push(Diagnostic::error(
                            format!(
                                "vertex {} has two parents: {} and {}",
                                graph.label(tu),
                                graph.label(p as usize),
                                graph.label(su)
                            ),
                            e.target_span.clone(),
                            pointer_push(&graph.edge_pointer(e.index), "target"),
                        ));
                    }
                }
                None => {}
            }
        }
    }

    /// Fallback: a vertex without a containment edge hangs under the vertex
    /// its containment path names as parent.
    fn parents_from_paths(&mut self) {
        let graph = self.graph;
        // Most graphs give every vertex but the root a containment edge:
        // then there is nothing to place, and no index of paths to build.
        let placeable = |i: usize| {
            self.tree.parent[i] == NONE
                && graph
                    .vertices
                    .get(i)
                    .and_then(|v| v.path("containment").and_then(parent_dir))
                    .is_some()
        };
        if !(0..self.n).any(placeable) {
            return;
        }
        let mut by_path: HashMap<&str, u32> = HashMap::with_capacity(self.n);
        for (i, v) in graph.vertices.iter().enumerate() {
            if let Some(p) = v.path("containment") {
                by_path.entry(p).or_insert(idx(i));
            }
        }
        let mut placed = Tally::new();
        for (i, v) in graph.vertices.iter().enumerate() {
            if self.tree.parent[i] != NONE {
                continue;
            }
            let Some(dir) = v.path("containment").and_then(parent_dir) else {
                continue;
            };
            let Some(&p) = by_path.get(dir) else {
                continue;
            };
            if p as usize == i {
                continue;
            }
            self.tree.parent[i] = p;
            if let Some(h) = self.has_child.get_mut(p as usize) {
                *h = true;
            }
            placed.add(|| {
                Diagnostic::note(
                    graph.label(i),
                    v.spans.containment.clone(),
                    pointer_push(
                        &pointer_push(&graph.vertex_pointer(v.index), "metadata"),
                        "paths",
                    ) + "/containment",
                )
            });
        }
        placed.finish(&mut self.diags, |n, m| {
            if n == 1 {
                format!("vertex {m} has no containment edge; it is placed by its paths.containment")
            } else {
                format!("{n} vertices have no containment edge (first: {m}); they are placed by their paths.containment")
            }
        });
    }

    /// Which vertices belong to containment: those with a containment edge
    /// or path, and those that belong to no subsystem at all.
    fn membership(&self) -> Vec<bool> {
        let mut in_overlay = vec![false; self.n];
        for o in &self.tree.overlay {
            for v in [o.source, o.target] {
                if let Some(x) = in_overlay.get_mut(v) {
                    *x = true;
                }
            }
        }
        (0..self.n)
            .map(|i| {
                let vs = &self.graph.vertices;
                self.tree.parent[i] != NONE
                    || self.has_child[i]
                    || vs.containment(i).is_some()
                    || (!in_overlay[i] && vs.at(i).paths.is_empty())
            })
            .collect()
    }

    /// Cycles: walk parent pointers with three colours; break each cycle at
    /// its vertex written first so the rest is a forest. Returns which
    /// vertices lost their parent that way.
    fn break_cycles(&mut self) -> Vec<bool> {
        let n = self.n;
        let mut color = vec![0u8; n];
        let mut cyclic = vec![false; n];
        let mut stack: Vec<u32> = Vec::new();
        for start in 0..n {
            if color[start] != 0 {
                continue;
            }
            stack.clear();
            let mut u = idx(start);
            while u != NONE && color[u as usize] == 0 {
                color[u as usize] = 1;
                stack.push(u);
                u = self.tree.parent[u as usize];
            }
            if u != NONE && color[u as usize] == 1 {
                let at = stack.iter().position(|&x| x == u).unwrap_or(0);
                let first = self.report_cycle(&stack[at..], u);
                self.tree.parent[first as usize] = NONE;
                cyclic[first as usize] = true;
            }
            for &x in &stack {
                color[x as usize] = 2;
            }
        }
        cyclic
    }

    /// Report one cycle (its vertices in parent order, `u` among them) and
    /// give the vertex written first, where it is broken.
    fn report_cycle(&mut self, cycle: &[u32], u: u32) -> u32 {
        let graph = self.graph;
        let first = cycle.iter().copied().min().unwrap_or(u);
        let mut names: Vec<String> = cycle
            .iter()
            .rev()
            .take(10)
            .map(|&x| graph.label(x as usize))
            .collect();
        if cycle.len() > 10 {
            names.push(format!("... ({} vertices)", cycle.len()));
        } else if let Some(f) = names.first().cloned() {
            names.push(f);
        }
        let (span, ptr) = match graph.edges.get(self.parent_edge[first as usize] as usize) {
            Some(e) => (e.span.clone(), graph.edge_pointer(e.index)),
            None => {
                let v = graph.vertices.at(first as usize);
                (v.spans.key.clone(), graph.vertex_pointer(v.index))
            }
        };
        self.diags.push(Diagnostic::error(
            format!("containment cycle: {}", names.join(" -> ")),
            span,
            ptr,
        ));
        first
    }

    /// Children lists (CSR), sorted naturally by name, then type, then
    /// document order.
    fn children_lists(&mut self, member: &[bool]) {
        let graph = self.graph;
        let key = |a: u32, b: u32| {
            let (x, y) = (&graph.vertices, a as usize);
            natural_cmp(x.name(y), x.name(b as usize))
                .then_with(|| x.kind(y).cmp(&x.kind(b as usize)))
                .then(a.cmp(&b))
        };
        sorted_children(&mut self.tree, member, &key);
    }

    /// Depths, subtree sizes and the preorder, with the main root's tree
    /// first. Returns the main root.
    fn number(&mut self, member: &[bool]) -> Option<u32> {
        number_forest(&mut self.tree, member)
    }

    /// Every root but the main one: a lone vertex is unreachable, a larger
    /// tree is a second root. A root made by breaking a cycle is reported
    /// already.
    fn report_roots(&mut self, main: Option<u32>, cyclic: &[bool]) {
        let Some(m) = main else { return };
        let graph = self.graph;
        let root = graph.label(m as usize);
        for &r in self.tree.roots.iter().skip(1) {
            let r = r as usize;
            if cyclic[r] {
                continue;
            }
            let v = graph.vertices.at(r);
            let size = self.tree.size[r];
            if size == 1 {
                self.diags.push(Diagnostic::warning(
                    format!(
                        "vertex {} is unreachable from the root {root}",
                        graph.label(r)
                    ),
                    v.spans.key.clone(),
                    graph.vertex_pointer(v.index),
                ));
            } else {
                self.diags.push(Diagnostic::error(
                    format!(
                        "several containment roots: {} holds {size} vertices outside the tree of {root}",
                        graph.label(r)
                    ),
                    v.spans.key.clone(),
                    graph.vertex_pointer(v.index),
                ));
            }
        }
    }

    /// Ranks: a vertex below a ranked vertex belongs to the same execution
    /// target; a node without a rank cannot hold ranked vertices.
    fn check_ranks(&mut self) {
        let graph = self.graph;
        let tree = &self.tree;
        let mut ranked_anc: Vec<u32> = vec![NONE; self.n];
        let mut unranked_node = Tally::new();
        let mut other_rank = Tally::new();
        for &u in &tree.preorder {
            let u = u as usize;
            let Some(p) = tree.parent(u) else { continue };
            let a = if graph.vertices.rank(p) >= 0 {
                idx(p)
            } else {
                ranked_anc[p]
            };
            ranked_anc[u] = a;
            if graph.vertices.rank(u) < 0 {
                continue;
            }
            let v = graph.vertices.at(u);
            if a != NONE {
                let anc = graph.vertices.at(a as usize);
                if anc.rank != v.rank {
                    other_rank.add(|| {
                        Diagnostic::warning(
                            format!(
                                "{} has rank {} under {} of rank {}",
                                graph.label(u),
                                v.rank,
                                graph.label(a as usize),
                                anc.rank
                            ),
                            v.spans.metadata.clone(),
                            pointer_push(&graph.vertex_pointer(v.index), "metadata") + "/rank",
                        )
                    });
                }
            }
            check_node_above(graph, tree, u, p, &mut unranked_node);
        }
        unranked_node.finish(&mut self.diags, |n, m| {
            if n == 1 {
                m.to_string()
            } else {
                format!(
                    "{m}, and {} more ranked vertices are under unranked nodes",
                    n - 1
                )
            }
        });
        other_rank.finish(&mut self.diags, |n, m| {
            if n == 1 {
                m.to_string()
            } else {
                format!(
                    "{m}, and {} more vertices differ in rank from their ranked ancestor",
                    n - 1
                )
            }
        });
    }

    /// Containment paths against the tree: each continues its parent's
    /// path and ends in its vertex's name.
    fn check_paths(&mut self) {
        let graph = self.graph;
        let mut misnamed = Tally::new();
        for (i, v) in graph.vertices.iter().enumerate() {
            let Some(path) = v.path("containment") else {
                continue;
            };
            let pptr =
                || pointer_push(&graph.vertex_pointer(v.index), "metadata") + "/paths/containment";
            if let Some(pp) = self
                .tree
                .parent(i)
                .and_then(|p| graph.vertices.containment(p))
            {
                if parent_dir(path) != Some(pp) {
                    self.diags.push(Diagnostic::warning(
                        format!(
                            "containment path '{path}' of {} does not continue its parent's path '{pp}'",
                            graph.label(i)
                        ),
                        v.spans.containment.clone(),
                        pptr(),
                    ));
                }
            }
            let last = path.rsplit('/').next().unwrap_or("");
            if last != v.name {
                misnamed.add(|| {
                    Diagnostic::note(
                        format!("'{}' at '{path}'", v.name),
                        v.spans.containment.clone(),
                        pptr(),
                    )
                });
            }
        }
        misnamed.finish(&mut self.diags, |n, m| {
            if n == 1 {
                format!("the containment path of 1 vertex does not end in its name ({m})")
            } else {
                format!(
                    "the containment paths of {n} vertices do not end in their names (first: {m})"
                )
            }
        });
    }
}

/// Whether `s -> t` is the kept direction of the pair `{s, t}` written both
/// ways: the one the containment paths agree with, else the shallower
/// source, else the direction written first.
fn kept_direction(graph: &Graph, first_of: &HashMap<(u32, u32), usize>, s: u32, t: u32) -> bool {
    let cpath = |v: u32| {
        graph
            .vertices
            .get(v as usize)
            .and_then(|x| x.path("containment"))
    };
    if let (Some(ps), Some(pt)) = (cpath(s), cpath(t)) {
        if parent_dir(pt) == Some(ps) {
            return true;
        }
        if parent_dir(ps) == Some(pt) {
            return false;
        }
        match components(ps).cmp(&components(pt)) {
            Ordering::Less => return true,
            Ordering::Greater => return false,
            Ordering::Equal => {}
        }
    }
    let a = first_of.get(&(s, t)).copied().unwrap_or(usize::MAX);
    let b = first_of.get(&(t, s)).copied().unwrap_or(usize::MAX);
    a < b
}

/// The nearest node above the ranked vertex `u` (whose parent is `p`) must
/// carry a rank; the walk up is bounded.
fn check_node_above(graph: &Graph, tree: &Tree, u: usize, p: usize, unranked: &mut Tally) {
    let v = graph.vertices.at(u);
    let mut w = p;
    let mut steps = 0;
    while steps < 64 {
        let x = graph.vertices.at(w);
        if x.kind == "node" {
            if x.rank < 0 {
                unranked.add(|| {
                    Diagnostic::warning(
                        format!(
                            "node {} has no rank but holds {} of rank {}",
                            graph.label(w),
                            graph.label(u),
                            v.rank
                        ),
                        x.spans.metadata.clone(),
                        pointer_push(&graph.vertex_pointer(x.index), "metadata"),
                    )
                });
            }
            break;
        }
        match tree.parent(w) {
            Some(q) => w = q,
            None => break,
        }
        steps += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::natural_cmp;
    use std::cmp::Ordering::*;

    #[test]
    fn natural_order() {
        let check = |a, b, o| assert_eq!(natural_cmp(a, b), o, "{a} vs {b}");
        check("core2", "core10", Less);
        check("core10", "core2", Greater);
        check("core2", "core2", Equal);
        check("core02", "core2", Greater);
        check("a", "b", Less);
        check("node", "node0", Less);
        check("rack1x", "rack1y", Less);
        check("99999999999999999999999", "100000000000000000000000", Less);
    }
}
