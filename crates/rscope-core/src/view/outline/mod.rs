//! A collapsible outline of a resource graph's containment tree, for a
//! virtualized tree view: the page asks for the rows in view and toggles
//! vertices; only the visible list is ever materialized, and it is rebuilt
//! in one pass over the preorder (collapsed subtrees are skipped whole).
//!
//! An R without a `scheduling` graph gets one generated from R_lite
//! (cluster → node → core/gpu), so every R can be seen as a tree.
//!
//! An outline keeps only what it draws (the containment tree, the counts
//! per subtree, and each vertex's name, type and rank), so the analysis
//! worker can hand it to the page in compact form and the page never reads
//! the graph itself.

pub mod looks;
pub mod picture;

use crate::jgf::packed;
use crate::jgf::{self, generate, Graph, IndexedGraph, Tree};
use crate::rset::Rset;
use crate::words::{count, grouped};
pub use looks::Looks;
use serde::{Deserialize, Serialize};

/// The most vertices generated for an R without a graph; a larger set is
/// shown as a grid only (a 16 384-node busy cluster would need 2 million).
pub const MAX_GENERATED_VERTICES: u64 = 250_000;

/// How many vertices the graph generated for a set has: the cluster, its
/// `nodes`, and each of their resources (`resources` counts per type).
pub fn generated_vertices(nodes: u64, resources: impl IntoIterator<Item = u64>) -> u64 {
    resources
        .into_iter()
        .fold(1u64.saturating_add(nodes), u64::saturating_add)
}

/// What the page says in place of the tree when a set without a graph
/// would generate `vertices`, more than [`MAX_GENERATED_VERTICES`]; none
/// when it would not.
pub fn not_drawn(vertices: u64) -> Option<String> {
    (vertices > MAX_GENERATED_VERTICES).then(|| {
        format!(
            "The graph is not drawn: this R would generate {} vertices, over the {} the page draws. \
             The grid shows every node; to see a part of it as a tree, select its cells in the grid \
             and open them as a new tab, or give the R a scheduling graph of its own.",
            grouped(vertices),
            grouped(MAX_GENERATED_VERTICES)
        )
    })
}

/// How many vertices the graph generated for `r` has, when it is small
/// enough to draw.
fn small_enough(r: &Rset) -> Option<usize> {
    let types = r.child_types();
    let n = generated_vertices(r.len() as u64, types.iter().map(|t| r.count(t)));
    (n <= MAX_GENERATED_VERTICES).then_some(n as usize)
}

/// The parts of the outline of the graph generated for `r`
/// ([`generate::from_rset`]; `n` vertices), made straight from the set: a
/// generated graph is well formed by construction, so neither its model
/// (a string per id, path and edge end) nor the reader's checks are
/// needed. Equal to what [`Outline::new`] makes of the model
/// (`the_generated_outline_is_the_models`).
fn generated(r: &Rset, n: usize) -> (Tree, jgf::Aggregate, Labels, Looks) {
    let mut labels = Labels {
        // About seven bytes a name: `core12`, `node1024`.
        names: String::with_capacity(n * 7),
        ends: Vec::with_capacity(n),
        kind: Vec::with_capacity(n),
        kinds: Vec::new(),
        rank: Vec::with_capacity(n),
    };
    let mut parent: Vec<Option<u32>> = Vec::with_capacity(n);
    let mut id: Vec<i64> = Vec::with_capacity(n);
    generate::walk(r, |m| {
        labels.names.push_str(m.name);
        let end = u32::try_from(labels.names.len()).unwrap_or(u32::MAX);
        labels.ends.push(end);
        let k = match labels.kinds.iter().position(|k| k == m.kind) {
            Some(k) => k,
            None => {
                labels.kinds.push(m.kind.to_string());
                labels.kinds.len() - 1
            }
        };
        labels.kind.push(k as u32);
        labels.rank.push(m.rank);
        parent.push(m.parent.map(|p| u32::try_from(p).unwrap_or(u32::MAX)));
        id.push(m.id);
    });
    // Siblings in the order the reader sorts them.
    let tree = Tree::from_parents(parent, &|a, b| {
        let (a, b) = (a as usize, b as usize);
        jgf::tree::natural_cmp(labels.name(a), labels.name(b))
            .then_with(|| labels.kind(a).cmp(labels.kind(b)))
            .then(a.cmp(&b))
    });
    let aggregate = jgf::Aggregate::of_kinds(&tree, &|v| Some(labels.kind(v)));
    let looks = generated_looks(&tree, &labels, id);
    (tree, aggregate, labels, looks)
}

/// The looks of a generated graph ([`Looks::generated`]); none in the
/// embedding bundle, as [`looks_of`].
#[cfg(feature = "page")]
fn generated_looks(tree: &Tree, labels: &Labels, id: Vec<i64>) -> Looks {
    Looks::generated(tree, &labels.kind, &labels.kinds, id)
}

/// What the picture needs: nothing, in a bundle that draws none.
#[cfg(not(feature = "page"))]
fn generated_looks(_: &Tree, _: &Labels, _: Vec<i64>) -> Looks {
    Looks::default()
}

/// The most rows an outline opens with: a deeper level starts closed when
/// showing it would make more, so a large graph opens at its top and the
/// reader opens a subtree at a time (the first level always shows).
pub const OPEN_ROWS: usize = 10_000;

/// How many levels of `tree` (up to `depth`) can be open with at most
/// `rows` rows showing, and at least one.
fn levels_within(tree: &Tree, depth: usize, rows: usize) -> usize {
    let mut at = vec![0usize; depth + 1];
    for &v in tree.preorder() {
        if let Some(n) = at.get_mut(tree.depth(v as usize)) {
            *n += 1;
        }
    }
    // With levels 0..k open, the vertices down to depth k show.
    let mut shown = 0;
    for (k, n) in at.iter().enumerate() {
        shown += n;
        if shown > rows {
            return k.saturating_sub(1).max(1);
        }
    }
    depth
}

/// One visible row of the outline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutlineRow {
    /// The vertex index in the graph.
    pub vertex: usize,
    /// Depth below the root (0 for a root).
    pub depth: usize,
    /// The vertex name, e.g. `node12`.
    pub name: String,
    /// The vertex type, e.g. `node`.
    pub kind: String,
    /// The broker rank, when the vertex has one.
    pub rank: Option<i64>,
    /// How many children it has.
    pub children: usize,
    /// Whether its children are shown.
    pub open: bool,
    /// What its subtree holds: `2 sockets, 44 cores, 4 gpus`.
    pub holds: String,
}

/// Where the graph came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// The document's own `scheduling` graph.
    Scheduling,
    /// Generated from R_lite because the document has no graph.
    Generated,
}

/// What a key does in the tree view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeKey {
    /// Not a tree key: let the browser have it.
    Ignore,
    /// A tree key with nothing to do here (e.g. ArrowLeft on a root leaf).
    Stay,
    /// Move the focus to this row.
    Focus(usize),
    /// Open or close the vertex on this row (the focus stays on it).
    Toggle(usize),
}

/// A containment tree with open and closed vertices.
#[derive(Clone, Debug, PartialEq)]
pub struct Outline {
    tree: Tree,
    aggregate: jgf::Aggregate,
    labels: Labels,
    /// Empty in the embedding bundle (see [`looks_of`]).
    looks: Looks,
    origin: Origin,
    opened: Opened,
}

/// Which vertices of an outline are open, and so which rows show: the
/// tree view's state, apart from the outline it opens (which the page
/// shares with the picture and never changes), so that the view changes
/// it with a reducer ([`Opened::apply`]) and copies only this.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Opened {
    open: Vec<bool>,
    visible: Vec<u32>,
}

/// What an outline holds besides its tree, counts, labels and looks: its
/// origin, and which vertices are open and which rows visible.
#[derive(Serialize, Deserialize)]
struct State {
    origin: Origin,
    open: Vec<bool>,
    #[serde(with = "packed")]
    visible: Vec<u32>,
}

/// How many pieces [`Outline::pieces`] makes.
pub const PIECES: usize = jgf::tree::TREE_PIECES + 6;

impl Outline {
    /// The outline in postcard's form as [`PIECES`] pieces (the tree's,
    /// the counts, the names, the other labels, the looks' two, the
    /// state),
    /// which the page reads one to a task: read whole, an El
    /// Capitan-sized outline (1.17 million vertices, 67 MB) held the
    /// page's thread for 165 ms.
    pub fn pieces(&self) -> Vec<Vec<u8>> {
        let state = State {
            origin: self.origin,
            open: self.opened.open.clone(),
            visible: self.opened.visible.clone(),
        };
        let l = &self.labels;
        let labels = (
            packed::ArrayRef(&l.ends),
            packed::ArrayRef(&l.kind),
            &l.kinds,
            packed::SignedRef(&l.rank),
        );
        let mut pieces = self.tree.pieces();
        let bytes = |v: &dyn Piece| v.bytes();
        pieces.extend([bytes(&self.aggregate), bytes(&l.names), bytes(&labels)]);
        pieces.extend(self.looks.pieces());
        pieces.push(bytes(&state));
        pieces
    }
}

/// A value in postcard's form (what an outline holds always serializes).
trait Piece {
    fn bytes(&self) -> Vec<u8>;
}

impl<T: Serialize> Piece for T {
    fn bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).unwrap_or_default()
    }
}

/// An outline read a piece at a time, in the order [`Outline::pieces`]
/// wrote them.
#[derive(Default)]
pub struct Assembly {
    read: usize,
    arrays: Vec<Vec<u32>>,
    aggregate: Option<jgf::Aggregate>,
    names: String,
    labels: Option<Labels>,
    looks: Option<Looks>,
}

/// What a piece of labels other than the names holds.
type LabelsPiece = (packed::Array, packed::Array, Vec<String>, packed::Signed);

impl Assembly {
    /// Read the next piece; the outline once the last is read.
    pub fn add(&mut self, piece: &[u8]) -> Result<Option<Outline>, postcard::Error> {
        use postcard::from_bytes;
        let tree = jgf::tree::TREE_PIECES;
        let at = self.read;
        self.read += 1;
        match at {
            _ if at < tree => self.arrays.extend(Tree::read_piece(piece)?),
            _ if at == tree => self.aggregate = Some(from_bytes(piece)?),
            _ if at == tree + 1 => self.names = from_bytes(piece)?,
            _ if at == tree + 2 => {
                let (ends, kind, kinds, rank): LabelsPiece = from_bytes(piece)?;
                self.labels = Some(Labels {
                    names: std::mem::take(&mut self.names),
                    ends: ends.0,
                    kind: kind.0,
                    kinds,
                    rank: rank.0,
                });
            }
            _ if at == tree + 3 => self.looks = Some(Looks::read_numbers(piece)?),
            _ if at == tree + 4 => match self.looks.as_mut() {
                Some(looks) => looks.read_rest(piece)?,
                None => return Ok(None),
            },
            _ => return Ok(self.finish(from_bytes(piece)?)),
        }
        Ok(None)
    }

    /// The outline of the pieces read and the last one, `state`.
    fn finish(&mut self, state: State) -> Option<Outline> {
        Some(Outline {
            tree: Tree::from_arrays(std::mem::take(&mut self.arrays))?,
            aggregate: self.aggregate.take()?,
            labels: self.labels.take()?,
            looks: self.looks.take()?,
            origin: state.origin,
            opened: Opened {
                open: state.open,
                visible: state.visible,
            },
        })
    }
}

/// Each vertex's name, type and rank, in one string and a few arrays
/// rather than a string per vertex, so a large outline crosses threads
/// cheaply ([`Outline::pieces`]).
#[derive(Clone, Debug, Default, PartialEq)]
struct Labels {
    /// The names, one after another.
    names: String,
    /// Where each vertex's name ends in `names`.
    ends: Vec<u32>,
    /// Each vertex's type, as an index into `kinds`.
    kind: Vec<u32>,
    kinds: Vec<String>,
    /// Each vertex's rank (negative: none).
    rank: Vec<i64>,
}

impl Labels {
    fn of(graph: &Graph) -> Labels {
        // Sized once: grown by doubling, an El Capitan-sized graph's
        // labels held up to twice their 29 MB, and a copy while growing.
        let n = graph.vertices.len();
        let mut labels = Labels {
            names: String::with_capacity(graph.vertices.iter().map(|x| x.name.len()).sum()),
            ends: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            kinds: Vec::new(),
            rank: Vec::with_capacity(n),
        };
        let mut seen = std::collections::HashMap::<&str, u32>::new();
        for x in &graph.vertices {
            labels.names.push_str(x.name);
            labels
                .ends
                .push(u32::try_from(labels.names.len()).unwrap_or(u32::MAX));
            let next = labels.kinds.len() as u32;
            let k = *seen.entry(x.kind).or_insert(next);
            if k == next {
                labels.kinds.push(x.kind.to_string());
            }
            labels.kind.push(k);
            labels.rank.push(x.rank);
        }
        labels
    }

    fn name(&self, v: usize) -> &str {
        let start = v.checked_sub(1).and_then(|u| self.ends.get(u));
        let end = self.ends.get(v).copied().unwrap_or(0) as usize;
        let start = start.map_or(0, |&s| s as usize);
        self.names.get(start..end).unwrap_or("")
    }

    fn kind(&self, v: usize) -> &str {
        let k = self.kind.get(v).copied().unwrap_or(u32::MAX) as usize;
        self.kinds.get(k).map_or("", String::as_str)
    }
}

impl Outline {
    /// The outline of a document's own graph (as [`crate::document::read`]
    /// read it), or of one generated from `rset` (the document's set) when it
    /// has none. Vertices deeper than `open_depth` start closed, and more
    /// when that would show over [`OPEN_ROWS`] rows. `None` when
    /// there is no graph and the set is absent or larger than
    /// [`MAX_GENERATED_VERTICES`].
    pub fn new(
        own: Option<IndexedGraph>,
        rset: Option<&Rset>,
        open_depth: usize,
    ) -> Option<Outline> {
        let Some(analysis) = own else {
            let r = rset?;
            let (tree, aggregate, labels, looks) = generated(r, small_enough(r)?);
            return Some(Outline::of_parts(
                tree,
                aggregate,
                labels,
                looks,
                Origin::Generated,
                open_depth,
            ));
        };
        // A graph of its own may disagree with R_lite.
        let differences = match rset {
            Some(r) => jgf::consistency::compare(r, &analysis),
            None => Vec::new(),
        };
        let IndexedGraph {
            graph,
            tree,
            aggregate,
        } = analysis;
        let (labels, looks) = (Labels::of(&graph), looks_of(&graph, &tree, &differences));
        Some(Outline::of_parts(
            tree,
            aggregate,
            labels,
            looks,
            Origin::Scheduling,
            open_depth,
        ))
    }

    /// The outline of these parts, vertices deeper than `open_depth` closed.
    fn of_parts(
        tree: Tree,
        aggregate: jgf::Aggregate,
        labels: Labels,
        looks: Looks,
        origin: Origin,
        open_depth: usize,
    ) -> Outline {
        let open_depth = open_depth.min(levels_within(&tree, open_depth, OPEN_ROWS));
        let open = (0..labels.ends.len())
            .map(|v| tree.depth(v) < open_depth)
            .collect();
        let mut outline = Outline {
            labels,
            looks,
            tree,
            aggregate,
            origin,
            opened: Opened {
                open,
                visible: Vec::new(),
            },
        };
        outline.opened.rebuild(&outline.tree);
        outline
    }

    /// Where the graph came from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// How many vertices the graph has.
    pub fn vertices(&self) -> usize {
        self.labels.ends.len()
    }
}

impl Opened {
    /// How many rows are visible.
    pub fn len(&self) -> usize {
        self.visible.len()
    }

    /// Whether nothing is visible (an empty graph).
    pub fn is_empty(&self) -> bool {
        self.visible.is_empty()
    }

    fn rebuild(&mut self, tree: &Tree) {
        let pre = tree.preorder();
        let mut visible = Vec::new();
        let mut i = 0;
        while i < pre.len() {
            let v = pre[i] as usize;
            visible.push(pre[i]);
            i = if self.open.get(v).copied().unwrap_or(false) {
                i + 1
            } else {
                tree.subtree(v).end.max(i + 1)
            };
        }
        self.visible = visible;
    }

    /// Row `i` of the visible list.
    pub fn row(&self, o: &Outline, i: usize) -> Option<OutlineRow> {
        let v = *self.visible.get(i)? as usize;
        let (tree, agg, labels) = (&o.tree, &o.aggregate, &o.labels);
        let rank = *labels.rank.get(v)?;
        let holds = agg
            .counts(tree, v)
            .into_iter()
            .map(|(t, n)| count(n, t))
            .collect::<Vec<_>>()
            .join(", ");
        Some(OutlineRow {
            vertex: v,
            depth: tree.depth(v),
            name: labels.name(v).to_string(),
            kind: labels.kind(v).to_string(),
            rank: (rank >= 0).then_some(rank),
            children: tree.children(v).len(),
            open: self.open.get(v).copied().unwrap_or(false),
            holds,
        })
    }

    /// Open or close the vertex on visible row `i`.
    pub fn toggle(&mut self, o: &Outline, i: usize) {
        if let Some(&v) = self.visible.get(i) {
            if let Some(slot) = self.open.get_mut(v as usize) {
                *slot = !*slot;
                self.rebuild(&o.tree);
            }
        }
    }

    /// Open every ancestor of vertex `v` so that it shows, and return its
    /// row (rows are in preorder: a binary search finds it).
    pub fn reveal(&mut self, o: &Outline, v: usize) -> Option<usize> {
        if !o.tree.contains(v) {
            return None;
        }
        let mut changed = false;
        for u in o.tree.path_to_root(v) {
            if u != v {
                if let Some(slot) = self.open.get_mut(u) {
                    changed |= !*slot;
                    *slot = true;
                }
            }
        }
        if changed {
            self.rebuild(&o.tree);
        }
        let at = o.tree.subtree(v).start;
        let tree = &o.tree;
        self.visible
            .binary_search_by_key(&at, |&w| tree.subtree(w as usize).start)
            .ok()
    }

    /// The visible row of the parent of the vertex on row `i`, if it has
    /// one. A visible row's ancestors are all open, hence visible, and rows
    /// are in preorder, so the parent is found by a binary search.
    pub fn parent_row(&self, o: &Outline, i: usize) -> Option<usize> {
        let tree = &o.tree;
        let v = *self.visible.get(i)? as usize;
        let at = tree.subtree(tree.parent(v)?).start;
        self.visible[..i]
            .binary_search_by_key(&at, |&w| tree.subtree(w as usize).start)
            .ok()
    }

    /// What `key` (a `KeyboardEvent.key`) does on row `at`, as the WAI-ARIA
    /// tree pattern has it; `page` is how many rows a page holds.
    pub fn press(&self, o: &Outline, at: usize, key: &str, page: usize) -> TreeKey {
        let Some(row) = self.row(o, at) else {
            return TreeKey::Ignore;
        };
        let last = self.len() - 1;
        let to = match key {
            "ArrowDown" => (at + 1).min(last),
            "ArrowUp" => at.saturating_sub(1),
            "PageDown" => (at + page.max(1)).min(last),
            "PageUp" => at.saturating_sub(page.max(1)),
            "Home" => 0,
            "End" => last,
            "Enter" | " " if row.children > 0 => return TreeKey::Toggle(at),
            "ArrowRight" if row.children > 0 && !row.open => return TreeKey::Toggle(at),
            "ArrowRight" if row.children > 0 => at + 1,
            "ArrowLeft" if row.open && row.children > 0 => return TreeKey::Toggle(at),
            "ArrowLeft" => match self.parent_row(o, at) {
                Some(p) => p,
                None => return TreeKey::Stay,
            },
            "Enter" | " " | "ArrowRight" => return TreeKey::Stay,
            _ => return TreeKey::Ignore,
        };
        TreeKey::Focus(to)
    }

    /// Type-ahead: the row a user means by typing `typed` with row `at`
    /// focused. A single letter (or the same letter again and again) moves
    /// to the next row whose name starts with it, wrapping around; a longer
    /// word is matched from row `at` itself, so typing on refines the match.
    /// Names compare without regard to ASCII case.
    pub fn type_ahead(&self, o: &Outline, at: usize, typed: &str) -> Option<usize> {
        let mut chars = typed.chars();
        let first = chars.next()?;
        let (prefix, from) = if chars.all(|c| c == first) {
            (&typed[..first.len_utf8()], at + 1)
        } else {
            (typed, at)
        };
        let n = self.len();
        (0..n).map(|k| (from + k) % n).find(|&i| {
            let name = o.labels.name(self.visible[i] as usize);
            name.len() >= prefix.len()
                && name.is_char_boundary(prefix.len())
                && name[..prefix.len()].eq_ignore_ascii_case(prefix)
        })
    }

    /// The containment path of the vertex on row `i`: `/cluster0/node3`.
    pub fn path(&self, o: &Outline, i: usize) -> Option<String> {
        let v = *self.visible.get(i)? as usize;
        let mut path = String::new();
        for u in o.tree.path_to_root(v) {
            path.push('/');
            path.push_str(o.labels.name(u));
        }
        Some(path)
    }

    /// Do `act` over outline `o`: the tree view's reducer. Returns the row
    /// to focus, when the action names one.
    pub fn apply(&mut self, o: &Outline, act: Opening) -> Option<usize> {
        match act {
            Opening::Toggle(i) => {
                self.toggle(o, i);
                Some(i)
            }
            Opening::Reveal(v) => self.reveal(o, v),
            Opening::FoldRoot => {
                if self.row(o, 0).is_some_and(|r| r.open && r.children > 0) {
                    self.toggle(o, 0);
                }
                None
            }
        }
    }

    /// The mark of visible row `i`: its vertex matched, or it is closed
    /// over matches; `None` when neither.
    pub fn row_mark(&self, o: &Outline, i: usize, found: &Found) -> Option<RowMark> {
        let v = *self.visible.get(i)? as usize;
        let r = o.tree.subtree(v);
        if found.at.binary_search(&r.start).is_ok() {
            return Some(RowMark::Hit);
        }
        if self.open.get(v).copied().unwrap_or(false) {
            return None; // the matches below have rows of their own
        }
        let inside =
            found.at.partition_point(|&p| p < r.end) - found.at.partition_point(|&p| p <= r.start);
        (inside > 0).then_some(RowMark::Inside(inside))
    }
}

/// What the tree view does to the open set ([`Opened::apply`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Open or close the vertex on this visible row.
    Toggle(usize),
    /// Open the ancestors of this vertex, so that its row shows.
    Reveal(usize),
    /// Close the root, if it is open (an embedded view's `fold=1`).
    FoldRoot,
}

impl Outline {
    /// The open set the outline was made with (vertices above its open
    /// depth open), from which a tree view starts.
    pub fn opened(&self) -> &Opened {
        &self.opened
    }

    /// How many rows are visible.
    pub fn len(&self) -> usize {
        self.opened.len()
    }

    /// Whether nothing is visible (an empty graph).
    pub fn is_empty(&self) -> bool {
        self.opened.is_empty()
    }

    /// Row `i` of the visible list ([`Opened::row`]).
    pub fn row(&self, i: usize) -> Option<OutlineRow> {
        self.opened.row(self, i)
    }

    /// Open or close the vertex on visible row `i` ([`Opened::toggle`]).
    pub fn toggle(&mut self, i: usize) {
        let mut opened = std::mem::take(&mut self.opened);
        opened.toggle(self, i);
        self.opened = opened;
    }

    /// Open every ancestor of vertex `v` and return its row
    /// ([`Opened::reveal`]).
    pub fn reveal(&mut self, v: usize) -> Option<usize> {
        let mut opened = std::mem::take(&mut self.opened);
        let row = opened.reveal(self, v);
        self.opened = opened;
        row
    }

    /// What `key` does on row `at` ([`Opened::press`]).
    pub fn press(&self, at: usize, key: &str, page: usize) -> TreeKey {
        self.opened.press(self, at, key, page)
    }

    /// Type-ahead from row `at` ([`Opened::type_ahead`]).
    pub fn type_ahead(&self, at: usize, typed: &str) -> Option<usize> {
        self.opened.type_ahead(self, at, typed)
    }

    /// The containment path of the vertex on row `i` ([`Opened::path`]).
    pub fn path(&self, i: usize) -> Option<String> {
        self.opened.path(self, i)
    }

    /// The visible row of the parent of the vertex on row `i`
    /// ([`Opened::parent_row`]).
    pub fn parent_row(&self, i: usize) -> Option<usize> {
        self.opened.parent_row(self, i)
    }

    /// The mark of visible row `i` ([`Opened::row_mark`]).
    pub fn row_mark(&self, i: usize, found: &Found) -> Option<RowMark> {
        self.opened.row_mark(self, i, found)
    }
}

/// A find's matches (RFC 4 *Find/Match*) as the tree view marks its
/// rows: the matched vertices' places in the preorder, sorted, so a row
/// asks whether it matched, or how many matches its closed subtree hides,
/// with binary searches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    at: Vec<usize>,
}

/// How a visible row stands to a find's matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowMark {
    /// The row's vertex matched.
    Hit,
    /// The row is closed and this many vertices below it matched.
    Inside(usize),
}

impl Outline {
    /// `hits` (vertex indices, as [`Outline::find`] gives them) ready for
    /// marking rows; vertices outside the tree have no row and are left out.
    pub fn found(&self, hits: &[usize]) -> Found {
        let tree = &self.tree;
        let mut at: Vec<usize> = hits
            .iter()
            .filter(|&&v| tree.contains(v))
            .map(|&v| tree.subtree(v).start)
            .collect();
        at.sort_unstable();
        at.dedup();
        Found { at }
    }
}

/// What the picture needs of each vertex ([`Looks`]). The embedding
/// bundle (crate feature `page` off) draws no picture, and computing them
/// would add about 15 KB gzipped to its 400 KB budget, so there they are
/// empty.
#[cfg(feature = "page")]
fn looks_of(graph: &Graph, tree: &Tree, differences: &[jgf::consistency::Difference]) -> Looks {
    let mut looks = Looks::of(graph, tree);
    looks.set_differences(differences);
    looks
}

/// What the picture needs: nothing, in a bundle that draws none.
#[cfg(not(feature = "page"))]
fn looks_of(_: &Graph, _: &Tree, _: &[jgf::consistency::Difference]) -> Looks {
    Looks::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::load;

    fn rows(o: &Outline) -> Vec<String> {
        (0..o.len())
            .map(|i| {
                let r = o.row(i).unwrap();
                format!(
                    "{}{}{} {}{}",
                    "  ".repeat(r.depth),
                    if r.children == 0 {
                        "·"
                    } else if r.open {
                        "▾"
                    } else {
                        "▸"
                    },
                    r.name,
                    r.holds,
                    r.rank.map(|n| format!(" (rank {n})")).unwrap_or_default()
                )
            })
            .collect()
    }

    #[test]
    fn generates_a_tree_for_an_r_without_a_graph() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1", "gpu": "0"}}], "nodelist": ["n[0-1]"]}}"#;
        let r = load(text).unwrap();
        let mut o = Outline::new(None, Some(&r), 1).unwrap();
        assert_eq!(o.origin(), Origin::Generated);
        assert_eq!(o.vertices(), 9);
        assert_eq!(
            rows(&o),
            [
                "▾cluster0 2 nodes, 4 cores, 2 gpus",
                "  ▸n0 2 cores, 1 gpu (rank 0)",
                "  ▸n1 2 cores, 1 gpu (rank 1)",
            ]
        );
        o.toggle(2);
        assert_eq!(
            rows(&o)[2..],
            [
                "  ▾n1 2 cores, 1 gpu (rank 1)",
                "    ·core0  (rank 1)",
                "    ·core1  (rank 1)",
                "    ·gpu0  (rank 1)",
            ]
        );
        assert_eq!(o.path(4).as_deref(), Some("/cluster0/n1/core1"));
        o.toggle(0);
        assert_eq!(rows(&o), ["▸cluster0 2 nodes, 4 cores, 2 gpus"]);
        o.toggle(7);
        assert_eq!(o.len(), 1);
        assert_eq!(o.row(1), None);
    }

    /// Apply the tree view's `acts` to a fresh open set of a two-node
    /// outline, leaving the outline as it was; after each, the row
    /// focused (or `-`) and the visible names.
    fn check_opening(acts: &[Opening], expect: &[&str]) {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}], "nodelist": ["n[0-1]"]}}"#;
        let o = Outline::new(None, Some(&load(text).unwrap()), 1).unwrap();
        let before = o.clone();
        let mut opened = o.opened().clone();
        let got: Vec<String> = acts
            .iter()
            .map(|&act| {
                let focus = opened.apply(&o, act);
                let names: Vec<String> = (0..opened.len())
                    .map(|i| opened.row(&o, i).unwrap().name)
                    .collect();
                let focus = focus.map_or("-".to_string(), |f| f.to_string());
                format!("{focus}: {}", names.join(" "))
            })
            .collect();
        assert_eq!(got, expect, "{acts:?}");
        assert_eq!(o, before, "the outline itself never changes");
    }

    #[test]
    fn the_tree_views_reducer_opens_closes_reveals_and_folds() {
        use Opening::*;
        check_opening(
            &[
                Toggle(1),
                Toggle(1),
                Reveal(6),
                Toggle(0),
                FoldRoot,
                Toggle(0),
                FoldRoot,
            ],
            &[
                "1: cluster0 n0 core0 core1 n1",
                "1: cluster0 n0 n1",
                "4: cluster0 n0 n1 core0 core1",
                "0: cluster0",
                "-: cluster0",
                "0: cluster0 n0 n1 core0 core1",
                "-: cluster0",
            ],
        );
        // Rows and vertices past the end change nothing.
        check_opening(
            &[Toggle(9), Reveal(99)],
            &["9: cluster0 n0 n1", "-: cluster0 n0 n1"],
        );
    }

    /// The outline of the model of the graph generated for `r`, read and
    /// checked as a document's own graph is.
    fn the_models(r: &Rset, open_depth: usize) -> Outline {
        let (analysis, diagnostics) = jgf::index_graph(generate::from_rset(r));
        assert_eq!(diagnostics, [], "a generated graph is well formed");
        let mut o = Outline::new(Some(analysis), None, open_depth).unwrap();
        o.origin = Origin::Generated;
        o
    }

    #[test]
    fn the_generated_outline_is_the_models() {
        let cases = [
            // Hosts out of rank order, so siblings are sorted by name.
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-2,7", "gpu": "1"}}], "nodelist": ["n10,n2,n1,n09"]}}"#,
            // No hosts: nodes named by rank; two names alike (core10 of
            // type core and of type core1), ordered by type.
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "5,9-10", "children": {"core1": "0", "core": "2,10"}}, {"rank": "2", "children": {"gpu": "0-11"}}]}}"#,
            // Identical nodes, which the picture folds.
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-63", "children": {"core": "0-15"}}], "nodelist": ["fluke[0-63]"]}}"#,
            r#"{"version": 1, "execution": {"R_lite": []}}"#,
        ];
        for text in cases {
            let r = load(text).unwrap();
            for depth in [0, 1, 2, 5] {
                let fast = Outline::new(None, Some(&r), depth).unwrap();
                assert_eq!(fast, the_models(&r, depth), "{text} at depth {depth}");
            }
        }
    }

    #[test]
    fn says_why_a_large_set_has_no_tree() {
        assert_eq!(generated_vertices(2, [4, 2]), 9, "as the tree above");
        assert_eq!(generated_vertices(u64::MAX, [1]), u64::MAX);
        assert_eq!(not_drawn(MAX_GENERATED_VERTICES), None);
        // 16 384 nodes of 128 cores: the busy cluster of the page's benchmark.
        let n = generated_vertices(16_384, [16_384 * 128]);
        assert_eq!(
            not_drawn(n).unwrap(),
            "The graph is not drawn: this R would generate 2\u{a0}113\u{a0}537 vertices, over the \
             250\u{a0}000 the page draws. The grid shows every node; to see a part of it as a tree, \
             select its cells in the grid and open them as a new tab, or give the R a scheduling \
             graph of its own."
        );
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-62499", "children": {"core": "0-2"}}]}}"#;
        let r = load(text).unwrap();
        assert_eq!(
            generated_vertices(62_500, [187_500]),
            MAX_GENERATED_VERTICES + 1
        );
        assert!(Outline::new(None, Some(&r), 1).is_none(), "one vertex over");
    }

    /// The generated tree of two nodes with two cores and a GPU each, all
    /// open: cluster0, n0, core0, core1, gpu0, n1, core0, core1, gpu0.
    fn open_tree() -> Outline {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1", "gpu": "0"}}], "nodelist": ["n[0-1]"]}}"#;
        Outline::new(None, Some(&load(text).unwrap()), 9).unwrap()
    }

    #[test]
    fn finds_the_parent_row_of_each_row() {
        let o = open_tree();
        let parents: Vec<Option<usize>> = (0..o.len()).map(|i| o.parent_row(i)).collect();
        assert_eq!(
            parents,
            [
                None,
                Some(0),
                Some(1),
                Some(1),
                Some(1),
                Some(0),
                Some(5),
                Some(5),
                Some(5)
            ]
        );
        assert_eq!(o.parent_row(9), None);
    }

    #[test]
    fn keys_move_as_the_tree_pattern_says() {
        let mut o = open_tree();
        assert_eq!(o.press(7, "ArrowLeft", 4), TreeKey::Focus(5));
        assert_eq!(o.press(5, "ArrowLeft", 4), TreeKey::Toggle(5));
        assert_eq!(o.press(0, "ArrowLeft", 4), TreeKey::Toggle(0));
        assert_eq!(o.press(5, "ArrowRight", 4), TreeKey::Focus(6));
        assert_eq!(o.press(6, "ArrowRight", 4), TreeKey::Stay);
        assert_eq!(o.press(6, "Enter", 4), TreeKey::Stay);
        assert_eq!(o.press(1, " ", 4), TreeKey::Toggle(1));
        assert_eq!(o.press(1, "PageDown", 4), TreeKey::Focus(5));
        assert_eq!(o.press(7, "PageDown", 4), TreeKey::Focus(8));
        assert_eq!(o.press(7, "PageUp", 4), TreeKey::Focus(3));
        assert_eq!(o.press(2, "PageUp", 4), TreeKey::Focus(0));
        assert_eq!(o.press(4, "Home", 4), TreeKey::Focus(0));
        assert_eq!(o.press(4, "End", 4), TreeKey::Focus(8));
        assert_eq!(o.press(8, "ArrowDown", 4), TreeKey::Focus(8));
        assert_eq!(o.press(0, "ArrowUp", 4), TreeKey::Focus(0));
        assert_eq!(o.press(0, "a", 4), TreeKey::Ignore);
        assert_eq!(o.press(9, "ArrowDown", 4), TreeKey::Ignore);
        o.toggle(5);
        // n1 closed: ArrowLeft on it goes to its parent, Right opens it.
        assert_eq!(o.press(5, "ArrowLeft", 4), TreeKey::Focus(0));
        assert_eq!(o.press(5, "ArrowRight", 4), TreeKey::Toggle(5));
    }

    #[test]
    fn type_ahead_moves_to_the_next_matching_name() {
        let o = open_tree();
        // Rows: cluster0 n0 core0 core1 gpu0 n1 core0 core1 gpu0.
        assert_eq!(o.type_ahead(0, "c"), Some(2));
        assert_eq!(o.type_ahead(2, "c"), Some(3));
        assert_eq!(o.type_ahead(3, "cc"), Some(6));
        assert_eq!(o.type_ahead(7, "c"), Some(0));
        assert_eq!(o.type_ahead(0, "G"), Some(4));
        assert_eq!(o.type_ahead(4, "g"), Some(8));
        assert_eq!(o.type_ahead(2, "co"), Some(2));
        assert_eq!(o.type_ahead(2, "core1"), Some(3));
        assert_eq!(o.type_ahead(2, "cl"), Some(0));
        assert_eq!(o.type_ahead(0, "n1"), Some(5));
        assert_eq!(o.type_ahead(0, "x"), None);
        assert_eq!(o.type_ahead(0, ""), None);
        assert_eq!(o.type_ahead(0, "né"), None);
    }

    #[test]
    fn a_closed_subtree_has_no_rows() {
        // 2 048 nodes of 107 cores and a GPU: 223 233 vertices, of which
        // only the cluster and its nodes are rows while the nodes are
        // closed, and opening one adds its own children alone.
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2047", "children": {"core": "0-106", "gpu": "0"}}], "nodelist": ["n[0-2047]"]}}"#;
        let mut o = Outline::new(None, Some(&load(text).unwrap()), 1).unwrap();
        assert_eq!((o.vertices(), o.len()), (223_233, 2049));
        o.toggle(2048);
        assert_eq!(o.len(), 2049 + 108);
        assert_eq!(
            o.row(2049).map(|r| (r.name, r.depth)),
            Some(("core0".to_string(), 2))
        );
        o.toggle(0);
        assert_eq!(o.len(), 1, "the closed cluster hides all");
        // Asked to open two levels, it opens one: two would show 223 233
        // rows, over OPEN_ROWS.
        let o = Outline::new(None, Some(&load(text).unwrap()), 2).unwrap();
        assert_eq!(o.len(), 2049);
        assert_eq!(o.row(1).map(|r| r.open), Some(false));
    }

    #[test]
    fn refuses_to_generate_huge_trees() {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-99999", "children": {"core": "0-1"}}]}}"#;
        let r = load(text).unwrap();
        assert!(Outline::new(None, Some(&r), 1).is_none());
    }

    #[test]
    fn uses_the_documents_own_graph() {
        let text = std::fs::read_to_string(concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/static/examples/jgf.json"
        ))
        .unwrap();
        let mut report = crate::report::make_report(&text);
        let o = Outline::new(report.graph.take(), report.main_set(), 2).unwrap();
        assert_eq!(o.origin(), Origin::Scheduling);
        assert_eq!(
            rows(&o),
            [
                "▾cluster0 2 nodes, 8 cores, 2 gpus",
                "  ▾node0 4 cores, 1 gpu (rank 0)",
                "    ·core0  (rank 0)",
                "    ·core1  (rank 0)",
                "    ·core2  (rank 0)",
                "    ·core3  (rank 0)",
                "    ·gpu0  (rank 0)",
                "  ▾node1 4 cores, 1 gpu (rank 1)",
                "    ·core0  (rank 1)",
                "    ·core1  (rank 1)",
                "    ·core2  (rank 1)",
                "    ·core3  (rank 1)",
                "    ·gpu0  (rank 1)",
            ]
        );
    }

    #[test]
    fn revealing_a_vertex_opens_its_ancestors() {
        let text = std::fs::read_to_string(concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/static/examples/jgf.json"
        ))
        .unwrap();
        let mut report = crate::report::make_report(&text);
        let mut o = Outline::new(report.graph.take(), report.main_set(), 1).unwrap();
        assert_eq!(o.len(), 3);
        // Vertex 9 is node1's core1.
        assert_eq!(o.reveal(9), Some(4));
        assert_eq!(o.row(4).map(|r| r.name), Some("core1".to_string()));
        assert_eq!(o.len(), 8);
        assert_eq!(o.reveal(0), Some(0));
        assert_eq!(o.reveal(99), None);
    }

    #[test]
    fn rows_are_marked_by_a_finds_matches() {
        let mut o = open_tree();
        // Rows: cluster0 n0 core0 core1 gpu0 n1 core0 core1 gpu0.
        let gpus = o.find(&"type=gpu".parse().unwrap());
        assert_eq!(gpus, [2, 6], "vertex indices, not rows");
        let found = o.found(&gpus);
        let marks: Vec<Option<RowMark>> = (0..o.len()).map(|i| o.row_mark(i, &found)).collect();
        let hit = Some(RowMark::Hit);
        assert_eq!(marks, [None, None, None, None, hit, None, None, None, hit]);
        // n1 closed hides one match; the cluster closed hides both.
        o.toggle(5);
        assert_eq!(o.row_mark(5, &found), Some(RowMark::Inside(1)));
        o.toggle(0);
        assert_eq!(o.row_mark(0, &found), Some(RowMark::Inside(2)));
        // A closed vertex that matched is a hit, whatever it holds.
        let nodes = o.found(&o.find(&"type=cluster".parse().unwrap()));
        assert_eq!(o.row_mark(0, &nodes), hit);
        assert_eq!(o.row_mark(1, &found), None);
        assert_eq!(o.row_mark(0, &o.found(&[99])), None);
    }

    /// `o` read back from its pieces.
    fn crossed(o: &Outline) -> Outline {
        let mut assembly = Assembly::default();
        let pieces = o.pieces();
        assert_eq!(pieces.len(), PIECES);
        let (last, first) = pieces.split_last().unwrap();
        for piece in first {
            assert_eq!(assembly.add(piece).unwrap(), None, "not whole yet");
        }
        assembly.add(last).unwrap().expect("whole")
    }

    #[test]
    fn crosses_threads_whole() {
        let mut o = open_tree();
        o.toggle(1);
        let mut back = crossed(&o);
        assert_eq!(back, o);
        assert_eq!(rows(&back), rows(&o));
        assert_eq!(back.path(2), o.path(2));
        assert_eq!(back.type_ahead(0, "n"), o.type_ahead(0, "n"));
        back.toggle(1);
        o.toggle(1);
        assert_eq!(rows(&back), rows(&o));
        // A document's own graph: looks with spans, ids and sizes.
        let text = std::fs::read_to_string(concat!(
            concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
            "/static/examples/jgf.json"
        ))
        .unwrap();
        let mut report = crate::report::make_report(&text);
        let own = Outline::new(report.graph.take(), report.main_set(), 2).unwrap();
        assert_eq!(crossed(&own), own);
    }

    #[test]
    fn a_piece_cut_short_is_an_error() {
        let pieces = open_tree().pieces();
        let mut assembly = Assembly::default();
        let first = &pieces[0];
        assert_eq!(
            assembly.add(&first[..first.len() - 1]).unwrap_err(),
            postcard::Error::DeserializeUnexpectedEnd
        );
    }
}
