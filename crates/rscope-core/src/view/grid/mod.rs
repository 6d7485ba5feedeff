//! The resource grid: one row per node (rank order), one column per child id,
//! child types side by side (cores, then GPUs, then the rest). The grid is
//! uniform, so it is its own spatial index: a point maps to a cell with two
//! divisions and an idset lookup, never a scan. Painting asks for *runs*
//! (consecutive cells of one colour in one row), so a canvas draws a
//! 128-core row with a handful of rectangles, whatever its size.
//!
//! At low zoom, or where neighbours are alike, rows are grouped into display
//! rows (a [`RowMap`]): density strips and folded identical nodes, painted
//! as [`Shade`]s (see `rows`).
//!
//! Around the layout: [`geometry`] (zoom steps, label column, hit-testing),
//! [`axes`] (row labels and the column axis), [`text`] (tooltips, legend),
//! [`export`] (the PNG and SVG exports), [`pick`] (the selection) and
//! [`keys`] (the keyboard), all pure so the page only draws.

pub mod axes;
pub mod compare;
pub mod compare_wire;
pub mod constraint;
pub mod export;
pub mod geometry;
// The page's bundle, and the job list part (the element's `jobs=`), have
// it; the element's own bundle does not.
pub mod jobs;
pub mod keys;
pub mod node_states;
pub mod overlay;
pub mod pick;
pub mod queues;
mod rows;
pub mod text;
mod wire;

pub use rows::{RowMap, Shade, StripInfo};
pub use wire::{GridBuild, GridWire};

use crate::idset::IdSet;
use crate::rset::Rset;
use crate::sorting;
use serde::Serialize;
use std::rc::Rc;

/// The most columns one child type may take; ids above are not drawn, and
/// [`Grid::clipped`] says so.
pub const MAX_COLUMNS_PER_TYPE: u32 = 4096;

/// A status document's states, as the colour menu names them.
pub const SET_STATES: &str = "state (free, allocated, down)";

/// A `resource.status` payload's node states, as the colour menu names them.
pub const NODE_STATES: &str = "node state (as flux resource status lists it)";

/// Empty columns between two child types.
pub const TYPE_GAP: usize = 1;

/// What a cell's colour means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Paint {
    /// A resource of child type `n` (the index into [`Grid::types`]).
    Type(u8),
    /// Free (status documents, or outside a highlighted subset).
    Free,
    /// Allocated (the status document's `allocated` set).
    Allocated,
    /// Down (the status document's `down` set).
    Down,
    /// In the highlighted subset (a property, or another document).
    Marked,
    /// Not in the highlighted subset, or in no category of an overlay.
    Unmarked,
    /// In category `n` of an [`overlay::Overlay`] (coloured `n %
    /// overlay::CATEGORY_COLORS`).
    Category(u8),
    /// In category `n` of a node-state overlay: coloured as
    /// `Category(n)`, and striped or dotted as `n`'s [`STRIPED`] and
    /// [`DOTTED`] bits say (no other overlay's indices carry them).
    State(u8),
}

/// How to colour the cells.
#[derive(Clone, Debug)]
pub enum ColorBy {
    /// By child type.
    Type,
    /// Free, allocated or down (needs a status document).
    State,
    /// Nodes holding this property are marked.
    Property(String),
    /// Resources also in this other set are marked.
    Membership(Rset),
    /// Each cell in the colour of its category (compare regions, jobs, a
    /// fit's cells).
    Overlay(overlay::Overlay),
}

/// One node's row.
#[derive(Clone, Debug)]
struct Row {
    rank: u32,
    host: Option<String>,
    /// Children per grid type, same order as `Grid::types`.
    children: Vec<IdSet>,
    properties: Vec<String>,
}

/// A child type's block of columns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Column {
    /// The child type name.
    pub name: String,
    /// The first grid column of the block.
    pub offset: usize,
    /// How many columns (the largest id + 1, capped).
    pub width: usize,
}

/// A run of cells of one paint in one row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Run {
    /// Row index.
    pub row: usize,
    /// First column.
    pub col: usize,
    /// How many columns.
    pub len: usize,
    /// What the colour means.
    pub paint: Paint,
}

/// What is under the pointer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CellInfo {
    /// The node's rank.
    pub rank: u32,
    /// The node's host name.
    pub host: Option<String>,
    /// The child type.
    pub kind: String,
    /// The resource id.
    pub id: u32,
    /// The node's properties.
    pub properties: Vec<String>,
    /// `free`, `allocated` or `down` for status documents.
    pub state: Option<&'static str>,
}

/// The grid of a resource set, with optional status sets.
#[derive(Clone, Debug)]
pub struct Grid {
    /// Shared by a grid's copies: the timeline lays each moment's node
    /// states on a copy of the tab's grid, and copying 16 384 rows took
    /// longer than a slider's step may.
    rows: Rc<Vec<Row>>,
    columns: Vec<Column>,
    width: usize,
    clipped: bool,
    /// Per row, per type: allocated and down ids (status documents).
    states: Option<Vec<Vec<(IdSet, IdSet)>>>,
    /// Whether the grid draws only the nodes read before the reference
    /// refused the document ([`Grid::partial`]).
    partial: bool,
    /// A `resource.status` payload's node states ([`Grid::with_node_states`]).
    node_states: Option<Rc<node_states::NodeStates>>,
    /// A job list's running jobs ([`Grid::with_jobs`]).
    #[cfg(feature = "page")]
    jobs: Option<Rc<jobs::JobsOnGrid>>,
    /// Every job of that list that ran ([`Grid::with_job_history`]).
    #[cfg(feature = "page")]
    job_history: Option<Rc<jobs::JobHistory>>,
}

impl Grid {
    /// Lay out `set`; `allocated` and `down` (from a status document) give
    /// the cells' states.
    pub fn new(set: &Rset, allocated: Option<&Rset>, down: Option<&Rset>) -> Grid {
        let mut types = set.child_types();
        sorting::sort_by_key(&mut types, |n| (n != "core", n != "gpu", n.clone()));
        let nodes = set.nodes_by_rank();
        let mut clipped = false;
        let mut columns = Vec::new();
        let mut offset = 0;
        for name in &types {
            let top = nodes
                .iter()
                .filter_map(|n| n.child(name).and_then(IdSet::last))
                .max();
            let Some(top) = top else { continue };
            clipped |= top >= MAX_COLUMNS_PER_TYPE;
            let width = top.min(MAX_COLUMNS_PER_TYPE - 1) as usize + 1;
            if !columns.is_empty() {
                offset += TYPE_GAP;
            }
            columns.push(Column {
                name: name.clone(),
                offset,
                width,
            });
            offset += width;
        }
        let rows: Vec<Row> = nodes
            .iter()
            .map(|n| Row {
                rank: n.rank(),
                host: n.hostname().map(str::to_string),
                children: columns
                    .iter()
                    .map(|c| n.child(&c.name).cloned().unwrap_or_default())
                    .collect(),
                properties: n.properties(),
            })
            .collect();
        let grid = Grid {
            rows: Rc::new(rows),
            columns,
            width: offset,
            clipped,
            states: None,
            partial: false,
            node_states: None,
            #[cfg(feature = "page")]
            jobs: None,
            #[cfg(feature = "page")]
            job_history: None,
        };
        if allocated.is_none() && down.is_none() {
            return grid;
        }
        grid.with_states(|rank, name| {
            let ids = |s: Option<&Rset>| {
                s.and_then(|s| s.node(rank))
                    .and_then(|n| n.child(name).cloned())
                    .unwrap_or_default()
            };
            (ids(allocated), ids(down))
        })
    }

    /// This grid with each cell's state: `ids(rank, type)` gives the
    /// allocated and the down ids of that type on that rank (a status
    /// document's sets, or a list payload's added beside the document).
    pub fn with_states(mut self, ids: impl Fn(u32, &str) -> (IdSet, IdSet)) -> Grid {
        let states = (self.rows.iter())
            .map(|r| self.columns.iter().map(|c| ids(r.rank, &c.name)).collect())
            .collect();
        self.states = Some(states);
        self
    }

    /// This grid with the node states of a `resource.status` payload,
    /// which colour it by state in place of free/allocated/down.
    pub fn with_node_states(mut self, states: impl Into<Rc<node_states::NodeStates>>) -> Grid {
        self.node_states = Some(states.into());
        self
    }

    /// Every cell of the nodes `ranks`, as the grid outlines an `R_lite`
    /// entry's (a drain table row's nodes).
    pub fn whole_nodes(&self, ranks: &IdSet) -> crate::rset::Entry {
        crate::rset::Entry {
            span: 0..0,
            ranks: ranks.clone(),
            children: self
                .columns
                .iter()
                .map(|c| {
                    (
                        c.name.clone(),
                        IdSet::from_range(0, c.width.max(1) as u32 - 1),
                    )
                })
                .collect(),
        }
    }

    /// The node states, for a `resource.status` payload.
    pub fn node_states(&self) -> Option<&node_states::NodeStates> {
        self.node_states.as_deref()
    }

    /// The grid with a job list's running jobs, which it can be coloured
    /// by and whose cells' tooltips name them.
    #[cfg(feature = "page")]
    pub fn with_jobs(mut self, jobs: impl Into<Rc<jobs::JobsOnGrid>>) -> Grid {
        self.jobs = Some(jobs.into());
        self
    }

    /// The grid with every job of a job list that ran, which a timeline
    /// shows at its moments ([`Grid::job_history`]).
    #[cfg(feature = "page")]
    pub fn with_job_history(mut self, history: Rc<jobs::JobHistory>) -> Grid {
        self.job_history = Some(history);
        self
    }

    /// The jobs that ran, laid on the grid ([`Grid::with_job_history`]).
    #[cfg(feature = "page")]
    pub fn job_history(&self) -> Option<&Rc<jobs::JobHistory>> {
        self.job_history.as_ref()
    }

    /// The running jobs laid on the grid ([`Grid::with_jobs`]).
    #[cfg(feature = "page")]
    pub fn jobs(&self) -> Option<&Rc<jobs::JobsOnGrid>> {
        self.jobs.as_ref()
    }

    /// This grid marked partial: it draws the nodes read before the
    /// reference refused the document, not a set the reference accepts.
    pub fn partial(mut self) -> Grid {
        self.partial = true;
        self
    }

    /// Whether the grid is partial ([`Grid::partial`]).
    pub fn is_partial(&self) -> bool {
        self.partial
    }

    /// What a partial grid tells its reader, or `None` for a whole one.
    pub fn partial_note(&self) -> Option<String> {
        if !self.partial {
            return None;
        }
        let hosts = if self.rows.iter().all(|r| r.host.is_none()) {
            ", without host names"
        } else {
            ""
        };
        Some(format!(
            "Partial: {} read before the first error flux-core refuses{hosts}. Fix the problems listed to see the whole set.",
            crate::words::count(self.rows.len(), "node")
        ))
    }

    /// Number of rows (nodes).
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns, gaps included.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The column blocks, one per child type.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// The child type names, in column order.
    pub fn types(&self) -> Vec<String> {
        self.columns.iter().map(|c| c.name.clone()).collect()
    }

    /// Whether some ids were beyond [`MAX_COLUMNS_PER_TYPE`] and not drawn.
    pub fn clipped(&self) -> bool {
        self.clipped
    }

    /// Whether cells have states (a status document).
    pub fn has_states(&self) -> bool {
        self.states.is_some() || self.node_states.is_some()
    }

    /// How many ids of each type are free, allocated and down (down wins
    /// over allocated, as in [`Grid::cell`]), each (type, count) in column
    /// order; `None` for a grid without such states.
    pub fn state_counts(&self) -> Option<[Vec<(String, u64)>; 3]> {
        self.state_counts_where(|_| true)
    }

    /// [`Grid::state_counts`] of the nodes whose rank `keep` holds.
    pub fn state_counts_where(
        &self,
        keep: impl Fn(u32) -> bool,
    ) -> Option<[Vec<(String, u64)>; 3]> {
        let states = self.states.as_ref()?;
        let mut n = vec![[0u64; 3]; self.columns.len()];
        let kept = self
            .rows
            .iter()
            .zip(states)
            .filter(|(row, _)| keep(row.rank));
        for (row, per) in kept {
            for (t, (alloc, down)) in per.iter().enumerate() {
                let have = &row.children[t];
                let d = have.intersection(down).len();
                let a = have.intersection(alloc).difference(down).len();
                n[t][0] += have.len() - d - a;
                n[t][1] += a;
                n[t][2] += d;
            }
        }
        let of = |i: usize| {
            (self.columns.iter().zip(&n))
                .map(|(c, n)| (c.name.clone(), n[i]))
                .collect()
        };
        Some([of(0), of(1), of(2)])
    }

    /// What colouring by state shows, in the colour menu's words: `None`
    /// for a grid with no states.
    pub fn state_words(&self) -> Option<&'static str> {
        match (&self.states, &self.node_states) {
            (_, Some(_)) => Some(NODE_STATES),
            (Some(_), None) => Some(SET_STATES),
            (None, None) => None,
        }
    }

    /// The row label: `host (rank)`, or `rank N` without a host name.
    pub fn label(&self, row: usize) -> String {
        match self.rows.get(row) {
            Some(Row {
                host: Some(h),
                rank,
                ..
            }) => format!("{h} ({rank})"),
            Some(r) => format!("rank {}", r.rank),
            None => String::new(),
        }
    }

    /// The rank of a row.
    pub fn rank(&self, row: usize) -> Option<u32> {
        self.rows.get(row).map(|r| r.rank)
    }

    /// The properties of a row's node.
    pub fn properties(&self, row: usize) -> &[String] {
        self.rows.get(row).map_or(&[], |r| &r.properties)
    }

    /// The host name of a row's node, if the set names hosts.
    pub fn host(&self, row: usize) -> Option<&str> {
        self.rows.get(row)?.host.as_deref()
    }

    /// The row of a rank.
    pub fn row_of_rank(&self, rank: u32) -> Option<usize> {
        self.rows.binary_search_by_key(&rank, |r| r.rank).ok()
    }

    /// Which column block holds grid column `col`, and the id there.
    fn locate(&self, col: usize) -> Option<(usize, u32)> {
        let t = self
            .columns
            .iter()
            .rposition(|c| c.offset <= col && col < c.offset + c.width)?;
        Some((t, (col - self.columns[t].offset) as u32))
    }

    /// What is at `(row, col)`, if a resource is there.
    pub fn cell(&self, row: usize, col: usize) -> Option<CellInfo> {
        let r = self.rows.get(row)?;
        let (t, id) = self.locate(col)?;
        if !r.children[t].contains(id) {
            return None;
        }
        let state = self.states.as_ref().map(|s| {
            let (alloc, down) = &s[row][t];
            if down.contains(id) {
                "down"
            } else if alloc.contains(id) {
                "allocated"
            } else {
                "free"
            }
        });
        Some(CellInfo {
            rank: r.rank,
            host: r.host.clone(),
            kind: self.columns[t].name.clone(),
            id,
            properties: r.properties.clone(),
            state,
        })
    }

    /// The runs to paint for rows `rows` and columns `cols`, coloured by
    /// `by`. Linear in the number of idset ranges in view.
    pub fn runs(
        &self,
        rows: std::ops::Range<usize>,
        cols: std::ops::Range<usize>,
        by: &ColorBy,
    ) -> Vec<Run> {
        let mut out = Vec::new();
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        for row in rows {
            self.row_runs(row, &cols, by, &mut out);
        }
        out
    }

    /// Append the runs of one row (in bounds) within `cols` to `out`: per
    /// type in column order, and within a type by paint (free, allocated,
    /// down; unmarked, marked), each paint's runs ascending.
    fn row_runs(
        &self,
        row: usize,
        cols: &std::ops::Range<usize>,
        by: &ColorBy,
        out: &mut Vec<Run>,
    ) {
        let Some(r) = self.rows.get(row) else { return };
        for (t, c) in self.columns.iter().enumerate() {
            let lo = cols.start.max(c.offset);
            let hi = cols.end.min(c.offset + c.width);
            if lo >= hi {
                continue;
            }
            // The whole block in view (strips, folds, exports): no cut.
            let present = if lo == c.offset && hi == c.offset + c.width {
                r.children[t].clone()
            } else {
                let window = IdSet::from_range((lo - c.offset) as u32, (hi - c.offset - 1) as u32);
                r.children[t].intersection(&window)
            };
            let mut emit = |ids: &IdSet, paint: Paint| {
                for &(a, b) in ids.ranges() {
                    out.push(Run {
                        row,
                        col: c.offset + a as usize,
                        len: (b - a) as usize + 1,
                        paint,
                    });
                }
            };
            match by {
                ColorBy::Type => emit(&present, Paint::Type(t.min(255) as u8)),
                ColorBy::State => match &self.states {
                    Some(s) => {
                        let (alloc, down) = &s[row][t];
                        let down = present.intersection(down);
                        let alloc = present.intersection(alloc).difference(&down);
                        emit(&present.difference(&alloc).difference(&down), Paint::Free);
                        emit(&alloc, Paint::Allocated);
                        emit(&down, Paint::Down);
                    }
                    None => emit(&present, Paint::Free),
                },
                ColorBy::Property(p) => {
                    let paint = if r.properties.iter().any(|x| x == p) {
                        Paint::Marked
                    } else {
                        Paint::Unmarked
                    };
                    emit(&present, paint);
                }
                ColorBy::Membership(other) => {
                    let theirs = other
                        .node(r.rank)
                        .and_then(|n| n.child(&c.name).cloned())
                        .unwrap_or_default();
                    let marked = present.intersection(&theirs);
                    emit(&present.difference(&marked), Paint::Unmarked);
                    emit(&marked, Paint::Marked);
                }
                ColorBy::Overlay(o) => {
                    let parts = o.split(r.rank, &c.name, &present);
                    let taken: u64 = parts.iter().map(|(_, ids)| ids.len()).sum();
                    // Categories are disjoint: when they take every cell
                    // (a compare view), nothing is left to subtract.
                    if taken < present.len() {
                        let mut rest = present.clone();
                        for (_, ids) in &parts {
                            rest = rest.difference(ids);
                        }
                        emit(&rest, o.rest_paint());
                    }
                    for (k, ids) in &parts {
                        emit(ids, o.paint(*k));
                    }
                }
            }
        }
    }
}

impl Grid {
    /// The resources inside rows `rows` × columns `cols`, as a resource set
    /// with the nodes' host names and properties.
    pub fn select(&self, rows: std::ops::Range<usize>, cols: std::ops::Range<usize>) -> Rset {
        let mut out = Rset::new();
        let mut props: Vec<(String, IdSet)> = Vec::new();
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        for r in &self.rows[rows] {
            let picked: Vec<(&str, IdSet)> = self
                .columns
                .iter()
                .zip(&r.children)
                .filter_map(|(c, ids)| {
                    let lo = cols.start.max(c.offset);
                    let hi = cols.end.min(c.offset + c.width);
                    (lo < hi).then(|| {
                        let window =
                            IdSet::from_range((lo - c.offset) as u32, (hi - c.offset - 1) as u32);
                        (c.name.as_str(), ids.intersection(&window))
                    })
                })
                .filter(|(_, ids)| !ids.is_empty())
                .collect();
            if picked.is_empty() {
                continue;
            }
            let children: Vec<(&str, &IdSet)> = picked.iter().map(|(n, ids)| (*n, ids)).collect();
            // Ranks are unique rows and ids come from one node: no overlap.
            if out.add_rank(r.rank, r.host.as_deref(), &children).is_err() {
                continue;
            }
            for p in &r.properties {
                match props.iter_mut().find(|(n, _)| n == p) {
                    Some((_, ranks)) => ranks.insert(r.rank),
                    None => props.push((p.clone(), IdSet::from_range(r.rank, r.rank))),
                }
            }
        }
        for (name, ranks) in props {
            // Names come from an accepted set, so they are valid.
            let _ = out.add_property(&name, &ranks);
        }
        out
    }
}

/// The bit of a node state's category index ([`Paint::State`]) that stripes its
/// cells: a drained or draining node. Its colour is the index's, modulo
/// the colours.
pub const STRIPED: u8 = 16;
/// The bit that dots its cells: an offline node.
pub const DOTTED: u8 = 32;
/// The bit of the cells in no state's category (the excluded nodes):
/// painted in the grey of the rest, cross-hatched.
pub const CROSSED: u8 = 64;

/// The second channel of a paint, beside its colour: whether its cells
/// are striped, dotted and cross-hatched, on the canvas and in the legend
/// (a state never rests on colour alone).
pub fn paint_marks(p: Paint) -> (bool, bool, bool) {
    match p {
        Paint::State(k) => (k & STRIPED != 0, k & DOTTED != 0, k & CROSSED != 0),
        _ => (false, false, false),
    }
}

/// The colour of a paint ([`crate::palette`]'s): on the page's canvas,
/// in its legend and in the exports alike.
pub fn paint_color(p: Paint) -> &'static str {
    use crate::palette::{ALLOCATED, CATEGORIES, DOWN, FREE, MARKED, TYPES, UNMARKED};
    match p {
        Paint::Type(t) => TYPES[usize::from(t) % TYPES.len()],
        Paint::Free => FREE,
        Paint::Allocated => ALLOCATED,
        Paint::Down => DOWN,
        Paint::Marked => MARKED,
        Paint::Unmarked => UNMARKED,
        Paint::State(k) if k & CROSSED != 0 => UNMARKED,
        Paint::Category(k) | Paint::State(k) => CATEGORIES[usize::from(k) % CATEGORIES.len()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::load;

    fn grid(text: &str) -> Grid {
        Grid::new(&load(text).unwrap(), None, None)
    }

    const TWO: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3", "gpu": "1"}}, {"rank": "2", "children": {"core": "2,5"}}], "nodelist": ["a,b"], "properties": {"big": "2"}}}"#;

    #[test]
    fn lays_out_types_side_by_side() {
        let g = grid(TWO);
        assert_eq!(g.rows(), 2);
        assert_eq!(
            g.columns(),
            [
                Column {
                    name: "core".into(),
                    offset: 0,
                    width: 6
                },
                Column {
                    name: "gpu".into(),
                    offset: 7,
                    width: 2
                }
            ]
        );
        assert_eq!(g.width(), 9);
        assert_eq!((g.label(0), g.label(1)), ("a (0)".into(), "b (2)".into()));
        assert_eq!(g.row_of_rank(2), Some(1));
        assert_eq!((g.rank(1), g.rank(2)), (Some(2), None));
        assert_eq!(g.row_of_rank(1), None);
    }

    #[test]
    fn hit_tests_cells() {
        let g = grid(TWO);
        let c = g.cell(1, 5).unwrap();
        assert_eq!(
            (c.rank, c.host.as_deref(), c.kind.as_str(), c.id),
            (2, Some("b"), "core", 5)
        );
        assert_eq!(c.properties, ["big"]);
        assert_eq!(c.state, None);
        assert_eq!(g.cell(1, 4), None);
        assert_eq!(g.cell(0, 6), None, "the gap between types");
        assert_eq!(
            g.cell(0, 8).map(|c| (c.kind, c.id)),
            Some(("gpu".into(), 1))
        );
        assert_eq!(g.cell(0, 7), None);
        assert_eq!(g.cell(5, 0), None);
    }

    #[test]
    fn paints_runs_in_view() {
        let g = grid(TWO);
        let runs = g.runs(0..2, 0..9, &ColorBy::Type);
        let r = |row, col, len, paint| Run {
            row,
            col,
            len,
            paint,
        };
        assert_eq!(
            runs,
            [
                r(0, 0, 4, Paint::Type(0)),
                r(0, 8, 1, Paint::Type(1)),
                r(1, 2, 1, Paint::Type(0)),
                r(1, 5, 1, Paint::Type(0)),
            ]
        );
        assert_eq!(
            g.runs(1..2, 3..6, &ColorBy::Type),
            [r(1, 5, 1, Paint::Type(0))]
        );
        assert_eq!(
            g.runs(0..2, 0..3, &ColorBy::Property("big".into())),
            [r(0, 0, 3, Paint::Unmarked), r(1, 2, 1, Paint::Marked)]
        );
    }

    #[test]
    fn paints_states_of_a_status_document() {
        let all = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}]}}"#).unwrap();
        let alloc = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "1-2"}}]}}"#).unwrap();
        let down = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-3"}}]}}"#).unwrap();
        let g = Grid::new(&all, Some(&alloc), Some(&down));
        let paints: Vec<(usize, usize, usize, Paint)> = g
            .runs(0..2, 0..4, &ColorBy::State)
            .into_iter()
            .map(|r| (r.row, r.col, r.len, r.paint))
            .collect();
        assert_eq!(
            paints,
            [
                (0, 0, 1, Paint::Free),
                (0, 3, 1, Paint::Free),
                (0, 1, 2, Paint::Allocated),
                (1, 0, 4, Paint::Down),
            ]
        );
        assert_eq!(g.cell(0, 1).unwrap().state, Some("allocated"));
        assert_eq!(g.cell(1, 1).unwrap().state, Some("down"));
        let theirs = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "3"}}]}}"#).unwrap();
        assert_eq!(
            g.runs(1..2, 0..4, &ColorBy::Membership(theirs)),
            [
                Run {
                    row: 1,
                    col: 0,
                    len: 3,
                    paint: Paint::Unmarked
                },
                Run {
                    row: 1,
                    col: 3,
                    len: 1,
                    paint: Paint::Marked
                },
            ]
        );
    }

    #[test]
    fn selects_a_rectangle_as_a_set() {
        let g = grid(TWO);
        let sel = g.select(0..2, 2..8);
        assert_eq!(sel.short_form(), "rank0/core[2-3] rank2/core[2,5]");
        assert_eq!(
            sel.nodelist().map(|h| h.to_string()).as_deref(),
            Some("a,b")
        );
        assert_eq!(
            sel.properties()
                .into_iter()
                .map(|(n, r)| format!("{n}:{r}"))
                .collect::<Vec<_>>(),
            ["big:2"]
        );
        assert_eq!(g.select(0..1, 8..9).short_form(), "rank0/gpu1");
        assert!(g.select(1..2, 0..2).is_empty());
    }

    #[test]
    fn clips_huge_ids() {
        let g = grid(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0,4000000000"}}]}}"#,
        );
        assert!(g.clipped());
        assert_eq!(g.width(), MAX_COLUMNS_PER_TYPE as usize);
    }
}
