//! Display rows: how the grid's node rows are grouped on screen.
//!
//! At 16 384 nodes a canvas has fewer pixel rows than the grid has rows, so
//! at low zoom nodes collapse into *density strips* ([`Grid::strips`]): each
//! cell of a strip shows the paint most of its nodes have there, shaded by
//! how many of them have the resource at all ([`Grid::shades`]). At any zoom,
//! consecutive nodes that would be painted identically may be *folded* into
//! one row with a count, as hwloc's lstopo factorizes identical objects
//! ([`Grid::fold`]). Either way a [`RowMap`] says which grid rows each
//! display row covers, so hit-testing and selection still reach real nodes.

use super::overlay::CATEGORY_COLORS;
use super::{ColorBy, Grid, Paint, Run};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use serde::Serialize;
use std::ops::Range;

/// How grid rows are shown as display rows: each display row covers a
/// contiguous, non-empty range of grid rows, and together they cover every
/// grid row once, in order. Two maps are equal when they group the same
/// rows the same way, however they were built.
#[derive(Clone, Debug)]
pub struct RowMap {
    /// Number of grid rows covered.
    total: usize,
    groups: Groups,
}

/// The grouping, kept small for the common cases: one row each (no memory
/// per row) and fixed strips.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Groups {
    /// Groups of `k >= 1` rows, the last one possibly shorter.
    Stride(usize),
    /// Display row `d` starts at grid row `starts[d]`: `starts[0] == 0`,
    /// strictly ascending, all below `total`. Never all groups of one row
    /// (that is `Stride(1)`, which needs no memory per row).
    Starts(Vec<usize>),
}

impl RowMap {
    /// One display row per grid row, for `n` grid rows (no memory per row).
    pub fn each(n: usize) -> RowMap {
        RowMap::stride(n, 1)
    }

    /// Groups of `k` rows (the last one shorter) over `n` grid rows; `k = 0`
    /// is taken as 1.
    fn stride(n: usize, k: usize) -> RowMap {
        RowMap {
            total: n,
            groups: Groups::Stride(k.max(1)),
        }
    }

    /// The map whose display rows start at `starts` (as built by
    /// [`Grid::fold`]: ascending, from 0, below `total`).
    fn from_starts(starts: Vec<usize>, total: usize) -> RowMap {
        if starts.len() == total {
            return RowMap::each(total);
        }
        RowMap {
            total,
            groups: Groups::Starts(starts),
        }
    }

    /// Number of display rows.
    pub fn len(&self) -> usize {
        match &self.groups {
            Groups::Stride(k) => self.total.div_ceil(*k),
            Groups::Starts(s) => s.len(),
        }
    }

    /// Whether there is no display row (the grid has no row).
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// Number of grid rows covered.
    pub fn rows(&self) -> usize {
        self.total
    }

    /// Whether every display row is exactly one grid row.
    pub fn is_each(&self) -> bool {
        self.len() == self.total
    }

    /// Whether the rows of one display row are identical nodes (a fold, or
    /// one row each), rather than a density strip of any nodes.
    pub fn groups_identical(&self) -> bool {
        matches!(self.groups, Groups::Starts(_) | Groups::Stride(1))
    }

    /// The grid rows of display row `d`; empty (at the end) when `d` is
    /// past the last display row.
    pub fn range(&self, d: usize) -> Range<usize> {
        if d >= self.len() {
            return self.total..self.total;
        }
        match &self.groups {
            // d < len, so d * k < total + k: no overflow past the sum.
            Groups::Stride(k) => {
                let start = d * k;
                start..start.saturating_add(*k).min(self.total)
            }
            Groups::Starts(s) => {
                let end = s.get(d + 1).copied().unwrap_or(self.total);
                s[d]..end
            }
        }
    }

    /// The display row showing grid row `grid_row`, if it is in the map.
    pub fn display_row(&self, grid_row: usize) -> Option<usize> {
        if grid_row >= self.total {
            return None;
        }
        match &self.groups {
            Groups::Stride(k) => Some(grid_row / k),
            // starts[0] == 0 <= grid_row, so the count is at least 1.
            Groups::Starts(s) => s.partition_point(|&x| x <= grid_row).checked_sub(1),
        }
    }

    /// The grid rows covered by display rows `display` (clamped to the
    /// map): what a selection over those display rows holds.
    pub fn grid_rows(&self, display: Range<usize>) -> Range<usize> {
        let len = self.len();
        let (lo, hi) = (display.start.min(len), display.end.min(len));
        if lo >= hi {
            let at = self.range(lo).start;
            return at..at;
        }
        self.range(lo).start..self.range(hi - 1).end
    }
}

impl PartialEq for RowMap {
    /// Compares the groups themselves: linear in the display rows.
    fn eq(&self, other: &RowMap) -> bool {
        self.total == other.total
            && self.len() == other.len()
            && (0..self.len()).all(|d| self.range(d) == other.range(d))
    }
}

impl Eq for RowMap {}

/// A run of display cells of one paint and density in one display row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shade {
    /// Display row index.
    pub row: usize,
    /// First column.
    pub col: usize,
    /// How many columns.
    pub len: usize,
    /// The paint most of the group's nodes have in these cells.
    pub paint: Paint,
    /// How many of the group's nodes have a resource in these cells, in
    /// eighths rounded up: 1 (at least one) to 8 (all).
    pub level: u8,
}

/// What a folded row or a density strip holds at one column (its tooltip).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StripInfo {
    /// The group's label, as [`Grid::group_label`].
    pub label: String,
    /// The child type.
    pub kind: String,
    /// The resource id.
    pub id: u32,
    /// How many of the group's nodes have this resource.
    pub present: usize,
    /// How many nodes the group has.
    pub nodes: usize,
    /// Free, allocated and down counts among the present ones (status
    /// documents only; down wins over allocated, as in [`Grid::cell`]).
    pub states: Option<(usize, usize, usize)>,
    /// How many of the present ones are marked, when colouring by a
    /// property or by membership of another set.
    pub marked: Option<usize>,
}

/// Paints per cell under one [`ColorBy`] fall in at most three slots, or
/// one per category colour and one for no category; a higher slot wins a
/// tie, so a strip shows down before allocated before free, marked before
/// unmarked, and any category before none.
const SLOTS: usize = 1 + CATEGORY_COLORS;

fn slot(p: Paint) -> usize {
    match p {
        Paint::Type(_) | Paint::Free | Paint::Unmarked => 0,
        Paint::State(k) if k & super::CROSSED != 0 => 0,
        Paint::Allocated | Paint::Marked => 1,
        Paint::Down => 2,
        // A state's slot is its colour; its marks come back from the
        // group's own paints ([`StatesSeen`]).
        Paint::Category(k) | Paint::State(k) => 1 + usize::from(k) % CATEGORY_COLORS,
    }
}

/// The node-state paint each slot last had in a group of rows: a slot
/// counts a colour, and this gives back the state's marks (striped,
/// dotted, cross-hatched) to a strip or a folded row.
type StatesSeen = [Option<Paint>; SLOTS];

/// The slot `paint` counts in, noting it in `seen` if it is a state's.
fn slot_seen(paint: Paint, seen: &mut StatesSeen) -> usize {
    let s = slot(paint);
    if let Paint::State(_) = paint {
        seen[s] = Some(paint);
    }
    s
}

/// The paint of slot `s` under `by`, in a column of type `t`; the inverse
/// of [`slot`] for the paints [`Grid::runs`] emits under `by`.
fn slot_paint(by: &ColorBy, s: usize, t: u8) -> Paint {
    match (by, s) {
        (ColorBy::Type, _) => Paint::Type(t),
        (ColorBy::State, 0) => Paint::Free,
        (ColorBy::State, 1) => Paint::Allocated,
        (ColorBy::State, _) => Paint::Down,
        (_, 0) => Paint::Unmarked,
        (ColorBy::Overlay(_), s) => Paint::Category((s - 1) as u8),
        (_, _) => Paint::Marked,
    }
}

/// Whether two rows' runs paint the same cells (row indices aside).
fn same_paint(a: &[Run], b: &[Run]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| (x.col, x.len, x.paint) == (y.col, y.len, y.paint))
}

impl Grid {
    /// Fixed groups of `k` rows (the last one shorter), for density strips;
    /// `k = 0` is taken as 1.
    pub fn strips(&self, k: usize) -> RowMap {
        RowMap::stride(self.rows.len(), k)
    }

    /// Fold consecutive rows that would be painted identically under `by`
    /// across the whole width: the same children per type, the same paint
    /// in every cell, and for a property the same has-it (so a node without
    /// resources does not hide the boundary). Host names and ranks may
    /// differ. Linear time; only the previous row's runs are kept.
    pub fn fold(&self, by: &ColorBy) -> RowMap {
        let mut starts = Vec::new();
        let (mut prev, mut cur) = (Vec::new(), Vec::new());
        for row in 0..self.rows.len() {
            cur.clear();
            self.row_runs(row, &(0..self.width), by, &mut cur);
            let same = row > 0 && self.same_rows(row - 1, row, by) && same_paint(&prev, &cur);
            if !same {
                starts.push(row);
            }
            std::mem::swap(&mut prev, &mut cur);
        }
        RowMap::from_starts(starts, self.rows.len())
    }

    /// What painting alone may not show: children past the drawn columns,
    /// and a property on a node whose cells are all empty.
    fn same_rows(&self, a: usize, b: usize, by: &ColorBy) -> bool {
        let (Some(x), Some(y)) = (self.rows.get(a), self.rows.get(b)) else {
            return false;
        };
        x.children == y.children
            && match by {
                ColorBy::Property(p) => x.properties.contains(p) == y.properties.contains(p),
                _ => true,
            }
    }

    /// The shades to paint for display rows `rows` of `map` and columns
    /// `cols`, coloured by `by`: per display row and column, the paint most
    /// of the group's nodes have there (a tie goes to down, then allocated;
    /// to marked), and in `level` how many of them have the resource at all;
    /// adjacent columns of one paint and level merge. Ordered by display
    /// row, then column. Over [`RowMap::each`] these are the sorted
    /// [`runs`](Grid::runs), all at level 8.
    ///
    /// Cost: linear in the runs of the grid rows in view (sorted per
    /// display row), plus the column window once.
    pub fn shades(
        &self,
        map: &RowMap,
        rows: Range<usize>,
        cols: Range<usize>,
        by: &ColorBy,
    ) -> Vec<Shade> {
        let mut out = Vec::new();
        let (lo, hi) = (cols.start.min(self.width), cols.end.min(self.width));
        if lo >= hi {
            return out;
        }
        let w = hi - lo;
        // The type of each column in the window, for `Paint::Type`.
        let mut kinds = vec![0u8; w];
        for (t, c) in self.columns.iter().enumerate() {
            for k in kinds
                .iter_mut()
                .take((c.offset + c.width).saturating_sub(lo))
                .skip(c.offset.saturating_sub(lo))
            {
                *k = t.min(255) as u8;
            }
        }
        // Per column and slot, rows starting minus rows ending there: a run
        // costs two updates whatever its length. Only the columns where a
        // count or the type changes (`edges`) are visited: 11 136 rows by
        // 101 columns took 45 ms of the page's thread column by column.
        let type_edges: Vec<usize> = (0..w)
            .filter(|&i| i == 0 || kinds[i] != kinds[i - 1])
            .collect();
        let mut delta = vec![[0i64; SLOTS]; w + 1];
        let (mut buf, mut edges) = (Vec::new(), Vec::new());
        for d in rows.start..rows.end.min(map.len()) {
            let group = map.range(d);
            let group = group.start.min(self.rows.len())..group.end.min(self.rows.len());
            let nodes = group.len() as u64;
            if nodes == 0 {
                continue;
            }
            edges.clone_from(&type_edges);
            let mut seen = [None; SLOTS];
            for row in group {
                buf.clear();
                self.row_runs(row, &(lo..hi), by, &mut buf);
                for r in &buf {
                    let s = slot_seen(r.paint, &mut seen);
                    let (a, z) = (r.col - lo, r.col - lo + r.len);
                    delta[a][s] += 1;
                    delta[z][s] -= 1;
                    edges.extend([a, z]);
                }
            }
            edges.sort_unstable();
            edges.dedup();
            let sweep = Sweep {
                d,
                lo,
                w,
                nodes,
                by,
                kinds: &kinds,
                seen,
            };
            sweep.run(&edges, &mut delta, &mut out);
        }
        out
    }

    /// The label of a group of rows: [`label`](Grid::label) for one row;
    /// for several, `hosts (ranks) ×n` with the RFC 29 host list and the
    /// RFC 22 rank set, as `node[1-4] (0-3) ×4`, or `ranks 0-3 ×4` when a
    /// row has no host name. Empty for no row.
    pub fn group_label(&self, rows: Range<usize>) -> String {
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        let group = &self.rows[rows.clone()];
        match group.len() {
            0 => return String::new(),
            1 => return self.label(rows.start),
            _ => {}
        }
        let ranks = IdSet::from_ranges(group.iter().map(|r| (r.rank, r.rank)));
        let n = group.len();
        let hosts: Option<Hostlist> = group.iter().map(|r| r.host.as_deref()).collect();
        match hosts {
            Some(hosts) => format!("{hosts} ({ranks}) ×{n}"),
            None => format!("ranks {ranks} ×{n}"),
        }
    }

    /// The short label of a group of rows, for the label column:
    /// [`label`](Grid::label) for one row; for several, the RFC 29 host list
    /// and the count, as `node[1-4] ×4`, or `ranks 0-3 ×4` when a row has no
    /// host name. The tooltip names the ranks too ([`Grid::group_label`]).
    pub fn span_label(&self, rows: Range<usize>) -> String {
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        match rows.len() {
            0 | 1 => self.group_label(rows),
            n => format!("{} ×{n}", self.hosts_label(rows)),
        }
    }

    /// The label of a span of rows that need not be identical (a zoomed-out
    /// label over several display rows, or a density strip): one row's
    /// [`label`](Grid::label), else the RFC 29 host list alone, as
    /// `node[1-4]`, or `ranks 0-3` when a row has no host name. The `×n`
    /// of [`Grid::span_label`] says the nodes are identical, which these
    /// are not known to be.
    pub fn hosts_label(&self, rows: Range<usize>) -> String {
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        let group = &self.rows[rows.clone()];
        if group.len() < 2 {
            return self.group_label(rows);
        }
        let hosts: Option<Hostlist> = group.iter().map(|r| r.host.as_deref()).collect();
        match hosts {
            Some(hosts) => hosts.to_string(),
            None => {
                let ranks = IdSet::from_ranges(group.iter().map(|r| (r.rank, r.rank)));
                format!("ranks {ranks}")
            }
        }
    }

    /// What grid rows `rows` hold at column `col` (the tooltip of a folded
    /// row or a density strip), or `None` on a gap, outside the grid, or
    /// where no row of the group has a resource.
    pub fn strip_info(&self, rows: Range<usize>, col: usize, by: &ColorBy) -> Option<StripInfo> {
        let rows = rows.start.min(self.rows.len())..rows.end.min(self.rows.len());
        let (t, id) = self.locate(col)?;
        let kind = &self.columns[t].name;
        let (mut present, mut marked) = (0, 0);
        let mut states = (0, 0, 0);
        for row in rows.clone() {
            let r = &self.rows[row];
            if !r.children[t].contains(id) {
                continue;
            }
            present += 1;
            if let Some((alloc, down)) = self.states.as_ref().and_then(|s| s.get(row)?.get(t)) {
                if down.contains(id) {
                    states.2 += 1;
                } else if alloc.contains(id) {
                    states.1 += 1;
                } else {
                    states.0 += 1;
                }
            }
            let is_marked = match by {
                ColorBy::Property(p) => r.properties.contains(p),
                ColorBy::Membership(other) => other
                    .node(r.rank)
                    .and_then(|n| n.child(kind))
                    .is_some_and(|ids| ids.contains(id)),
                ColorBy::Overlay(o) => o.category(r.rank, kind, id).is_some(),
                _ => false,
            };
            marked += usize::from(is_marked);
        }
        (present > 0).then(|| StripInfo {
            label: self.group_label(rows.clone()),
            kind: kind.clone(),
            id,
            present,
            nodes: rows.len(),
            states: self.states.is_some().then_some(states),
            marked: matches!(
                by,
                ColorBy::Property(_) | ColorBy::Membership(_) | ColorBy::Overlay(_)
            )
            .then_some(marked),
        })
    }
}

/// One display row's sweep over its column window in [`Grid::shades`].
struct Sweep<'a> {
    d: usize,
    lo: usize,
    w: usize,
    nodes: u64,
    by: &'a ColorBy,
    kinds: &'a [u8],
    seen: StatesSeen,
}

impl Sweep<'_> {
    /// Add the shades of the columns from each of `edges` (sorted) to the
    /// next, zeroing `delta` where it is read.
    fn run(&self, edges: &[usize], delta: &mut [[i64; SLOTS]], out: &mut Vec<Shade>) {
        let mut count = [0i64; SLOTS];
        let mut open: Option<Shade> = None;
        for (k, &i) in edges.iter().enumerate().take_while(|&(_, &i)| i < self.w) {
            let len = edges.get(k + 1).map_or(self.w, |&e| e.min(self.w)) - i;
            for (c, s) in count.iter_mut().zip(delta[i].iter()) {
                *c += s;
            }
            delta[i] = [0; SLOTS];
            let present: i64 = count.iter().sum();
            let cell = (present > 0).then(|| {
                // `max_by_key` keeps the last of equals: the higher slot.
                let best = (0..SLOTS).max_by_key(|&s| count[s]).unwrap_or(0);
                let level = (present as u64 * 8).div_ceil(self.nodes).clamp(1, 8) as u8;
                let paint = self.seen[best];
                (
                    paint.unwrap_or_else(|| slot_paint(self.by, best, self.kinds[i])),
                    level,
                )
            });
            match (&mut open, cell) {
                (Some(s), Some((paint, level))) if (s.paint, s.level) == (paint, level) => {
                    s.len += len
                }
                (_, cell) => {
                    out.extend(open.take());
                    open = cell.map(|(paint, level)| Shade {
                        row: self.d,
                        col: self.lo + i,
                        len,
                        paint,
                        level,
                    });
                }
            }
        }
        out.extend(open);
        delta[self.w] = [0; SLOTS];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::{load, Rset};

    fn grid(text: &str) -> Grid {
        Grid::new(&load(text).unwrap(), None, None)
    }

    /// Six nodes: four alike, one without a GPU, one with; `big` on two.
    const SIX: &str = r#"{"version": 1, "execution": {"R_lite": [
        {"rank": "0-3", "children": {"core": "0-3", "gpu": "0"}},
        {"rank": "4", "children": {"core": "0-3"}},
        {"rank": "5", "children": {"core": "0-3", "gpu": "0"}}],
        "nodelist": ["node[1-6]"], "properties": {"big": "0-1"}}}"#;

    /// Four nodes of a status document: 0-1 half allocated, 2 free, 3 down.
    fn status() -> Grid {
        let all = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "nodelist": ["n[0-3]"]}}"#).unwrap();
        let alloc = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}]}}"#).unwrap();
        let down = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-3"}}]}}"#).unwrap();
        Grid::new(&all, Some(&alloc), Some(&down))
    }

    /// Cores 1-2 of ranks 1-2 of the status document.
    fn theirs() -> Rset {
        load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "3"}}]}}"#).unwrap()
    }

    /// The display rows' grid rows, as `(start, end)`.
    fn ranges(map: &RowMap) -> Vec<(usize, usize)> {
        (0..map.len())
            .map(|d| map.range(d))
            .map(|r| (r.start, r.end))
            .collect()
    }

    /// A reversed (empty) range, as a caller might pass.
    fn backwards(start: usize, end: usize) -> Range<usize> {
        Range { start, end }
    }

    fn shade(row: usize, col: usize, len: usize, paint: Paint, level: u8) -> Shade {
        Shade {
            row,
            col,
            len,
            paint,
            level,
        }
    }

    #[test]
    fn maps_rows_one_to_one() {
        let m = RowMap::each(3);
        assert_eq!(
            (m.len(), m.rows(), m.is_empty(), m.is_each()),
            (3, 3, false, true)
        );
        assert_eq!(ranges(&m), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(m.range(3), 3..3);
        assert_eq!(m.range(usize::MAX), 3..3);
        assert_eq!(
            (0..4).map(|g| m.display_row(g)).collect::<Vec<_>>(),
            [Some(0), Some(1), Some(2), None]
        );
        assert_eq!(m.grid_rows(1..3), 1..3);
        assert_eq!(m.grid_rows(2..9), 2..3);
        assert_eq!(m.grid_rows(5..9), 3..3);
        assert_eq!(m.grid_rows(backwards(2, 1)), 2..2);
    }

    #[test]
    fn cuts_strips_with_a_short_last_one() {
        let g = grid(SIX);
        let m = g.strips(4);
        assert_eq!((m.len(), m.rows(), m.is_each()), (2, 6, false));
        assert_eq!(ranges(&m), [(0, 4), (4, 6)]);
        assert_eq!(m.range(2), 6..6);
        assert_eq!(
            (0..7).map(|g| m.display_row(g)).collect::<Vec<_>>(),
            [Some(0), Some(0), Some(0), Some(0), Some(1), Some(1), None]
        );
        assert_eq!(m.grid_rows(1..2), 4..6);
        assert_eq!(m.grid_rows(0..2), 0..6);
        assert_eq!(ranges(&g.strips(5)), [(0, 5), (5, 6)]);
        assert_eq!(ranges(&g.strips(6)), [(0, 6)]);
        assert_eq!(ranges(&g.strips(usize::MAX)), [(0, 6)]);
        assert_eq!(g.strips(0), RowMap::each(6));
        assert_eq!(g.strips(1), RowMap::each(6));
    }

    #[test]
    fn folds_identical_neighbours() {
        let g = grid(SIX);
        let m = g.fold(&ColorBy::Type);
        assert_eq!(ranges(&m), [(0, 4), (4, 5), (5, 6)]);
        assert!(!m.is_each());
        assert_eq!(
            (0..7).map(|g| m.display_row(g)).collect::<Vec<_>>(),
            [Some(0), Some(0), Some(0), Some(0), Some(1), Some(2), None]
        );
        assert_eq!(m.grid_rows(1..3), 4..6);
        assert_eq!(m.grid_rows(0..1), 0..4);
        assert_eq!(m.grid_rows(2..9), 5..6);
        assert_eq!(m.grid_rows(3..4), 6..6);
        assert_eq!(m.grid_rows(backwards(2, 1)), 5..5);
        assert_eq!(
            g.shades(&m, 0..3, 0..6, &ColorBy::Type),
            [
                shade(0, 0, 4, Paint::Type(0), 8),
                shade(0, 5, 1, Paint::Type(1), 8),
                shade(1, 0, 4, Paint::Type(0), 8),
                shade(2, 0, 4, Paint::Type(0), 8),
                shade(2, 5, 1, Paint::Type(1), 8),
            ]
        );
    }

    #[test]
    fn folding_stops_at_a_property_boundary() {
        let g = grid(SIX);
        let big = g.fold(&ColorBy::Property("big".into()));
        assert_eq!(ranges(&big), [(0, 2), (2, 4), (4, 5), (5, 6)]);
        assert_eq!(
            g.shades(&big, 0..2, 0..4, &ColorBy::Property("big".into())),
            [
                shade(0, 0, 4, Paint::Marked, 8),
                shade(1, 0, 4, Paint::Unmarked, 8)
            ]
        );
        let none = g.fold(&ColorBy::Property("none".into()));
        assert_eq!(ranges(&none), [(0, 4), (4, 5), (5, 6)]);
    }

    #[test]
    fn folding_sees_a_property_on_a_node_without_resources() {
        let mut set = Rset::new();
        set.add_rank(0, Some("a"), &[("core", &IdSet::from_range(0, 0))])
            .unwrap();
        set.add_rank(1, Some("b"), &[]).unwrap();
        set.add_rank(2, Some("c"), &[]).unwrap();
        set.add_property("p", &IdSet::from_range(1, 1)).unwrap();
        let g = Grid::new(&set, None, None);
        assert_eq!(ranges(&g.fold(&ColorBy::Type)), [(0, 1), (1, 3)]);
        assert_eq!(
            ranges(&g.fold(&ColorBy::Property("p".into()))),
            [(0, 1), (1, 2), (2, 3)]
        );
        assert_eq!(g.fold(&ColorBy::Property("p".into())), RowMap::each(3));
    }

    #[test]
    fn folds_a_status_document_by_state() {
        let g = status();
        let m = g.fold(&ColorBy::State);
        assert_eq!(ranges(&m), [(0, 2), (2, 3), (3, 4)]);
        assert_eq!(ranges(&g.fold(&ColorBy::Type)), [(0, 4)]);
        assert_eq!(
            g.shades(&m, 0..3, 0..4, &ColorBy::State),
            [
                shade(0, 0, 2, Paint::Allocated, 8),
                shade(0, 2, 2, Paint::Free, 8),
                shade(1, 0, 4, Paint::Free, 8),
                shade(2, 0, 4, Paint::Down, 8),
            ]
        );
        assert_eq!(g.group_label(m.range(0)), "n[0-1] (0-1) ×2");
    }

    #[test]
    fn strips_and_folds_keep_a_node_states_marks() {
        use super::super::node_states::NodeStates;
        use crate::grid::{CROSSED, DOTTED, STRIPED};
        let text = include_str!("../../../../../tests/fixtures/flux-resource/status/example.json");
        let status = crate::resource::ResourceStatus::from_text(text).unwrap();
        let by = ColorBy::Overlay(NodeStates::of(&status, 0.0).overlay);
        let payload: serde_json::Value = serde_json::from_str(text).unwrap();
        let g = grid(&payload["R"].to_string());
        // foo1 drained and excluded (cross-hatched grey), foo2 drained and
        // offline (striped and dotted), foo[3-4] avail: a tie goes to the
        // higher slot, the drained one.
        let (excluded, gone, avail) = (
            Paint::State(CROSSED),
            Paint::State(6 + STRIPED + DOTTED),
            Paint::State(2),
        );
        assert_eq!(
            g.shades(&g.strips(2), 0..2, 0..4, &by),
            [shade(0, 0, 4, gone, 8), shade(1, 0, 4, avail, 8)]
        );
        let folded = g.fold(&by);
        assert_eq!(ranges(&folded), [(0, 1), (1, 2), (2, 4)]);
        assert_eq!(
            g.shades(&folded, 0..3, 0..4, &by),
            [
                shade(0, 0, 4, excluded, 8),
                shade(1, 0, 4, gone, 8),
                shade(2, 0, 4, avail, 8)
            ]
        );
    }

    #[test]
    fn folds_by_membership_whatever_the_state() {
        let g = status();
        let by = ColorBy::Membership(theirs());
        let m = g.fold(&by);
        assert_eq!(ranges(&m), [(0, 1), (1, 3), (3, 4)]);
        assert_eq!(
            g.shades(&m, 0..3, 0..4, &by),
            [
                shade(0, 0, 4, Paint::Unmarked, 8),
                shade(1, 0, 3, Paint::Unmarked, 8),
                shade(1, 3, 1, Paint::Marked, 8),
                shade(2, 0, 4, Paint::Unmarked, 8),
            ]
        );
    }

    #[test]
    fn shades_take_the_majority_and_break_ties_towards_trouble() {
        let g = status();
        assert_eq!(
            g.shades(&g.strips(4), 0..1, 0..4, &ColorBy::State),
            [
                shade(0, 0, 2, Paint::Allocated, 8),
                shade(0, 2, 2, Paint::Free, 8)
            ]
        );
        // Rows 2-3: one free, one down in every column.
        assert_eq!(
            g.shades(&g.strips(2), 1..2, 0..4, &ColorBy::State),
            [shade(1, 0, 4, Paint::Down, 8)]
        );
        // Rows 0-1 and 2-3: one of each pair has core 3 marked.
        assert_eq!(
            g.shades(&g.strips(2), 0..2, 2..4, &ColorBy::Membership(theirs())),
            [
                shade(0, 2, 1, Paint::Unmarked, 8),
                shade(0, 3, 1, Paint::Marked, 8),
                shade(1, 2, 1, Paint::Unmarked, 8),
                shade(1, 3, 1, Paint::Marked, 8),
            ]
        );
    }

    #[test]
    fn shades_density_in_eighths_rounded_up() {
        // 64 nodes: core 0 on all, core 1 on one, core 2 on nine.
        let g = grid(
            r#"{"version": 1, "execution": {"R_lite": [
            {"rank": "0", "children": {"core": "0-1"}},
            {"rank": "1-9", "children": {"core": "0,2"}},
            {"rank": "10-63", "children": {"core": "0"}}]}}"#,
        );
        let t = Paint::Type(0);
        assert_eq!(
            g.shades(&g.strips(64), 0..1, 0..3, &ColorBy::Type),
            [
                shade(0, 0, 1, t, 8),
                shade(0, 1, 1, t, 1),
                shade(0, 2, 1, t, 2)
            ]
        );
        assert_eq!(
            g.shades(&g.strips(32), 0..2, 0..3, &ColorBy::Type),
            [
                shade(0, 0, 1, t, 8),
                shade(0, 1, 1, t, 1),
                shade(0, 2, 1, t, 3),
                shade(1, 0, 1, t, 8),
            ]
        );
        assert_eq!(g.shades(&g.strips(32), 1..5, 1..9, &ColorBy::Type), []);
        assert_eq!(
            g.shades(&g.strips(64), 0..1, 1..3, &ColorBy::Type),
            [shade(0, 1, 1, t, 1), shade(0, 2, 1, t, 2)]
        );
        assert_eq!(g.group_label(0..64), "ranks 0-63 ×64");
        assert_eq!(
            g.strip_info(0..64, 2, &ColorBy::Type),
            Some(StripInfo {
                label: "ranks 0-63 ×64".into(),
                kind: "core".into(),
                id: 2,
                present: 9,
                nodes: 64,
                states: None,
                marked: None,
            })
        );
    }

    #[test]
    fn shades_clip_to_the_window_and_merge_equal_neighbours() {
        let g = grid(SIX);
        let m = g.strips(4);
        assert_eq!(
            g.shades(&m, 0..2, 0..6, &ColorBy::Type),
            [
                shade(0, 0, 4, Paint::Type(0), 8),
                shade(0, 5, 1, Paint::Type(1), 8),
                shade(1, 0, 4, Paint::Type(0), 8),
                shade(1, 5, 1, Paint::Type(1), 4),
            ]
        );
        assert_eq!(
            g.shades(&m, 1..9, 2..99, &ColorBy::Type),
            [
                shade(1, 2, 2, Paint::Type(0), 8),
                shade(1, 5, 1, Paint::Type(1), 4),
            ]
        );
        assert_eq!(g.shades(&m, 0..2, 4..5, &ColorBy::Type), [], "the gap");
        assert_eq!(g.shades(&m, 2..5, 0..6, &ColorBy::Type), []);
        assert_eq!(g.shades(&m, backwards(1, 0), 0..6, &ColorBy::Type), []);
        assert_eq!(g.shades(&m, 0..2, 6..9, &ColorBy::Type), []);
    }

    #[test]
    fn labels_groups_with_host_lists_and_rank_sets() {
        let g = grid(SIX);
        assert_eq!(g.group_label(0..4), "node[1-4] (0-3) ×4");
        assert_eq!(g.group_label(3..6), "node[4-6] (3-5) ×3");
        assert_eq!(g.group_label(4..5), "node5 (4)");
        assert_eq!(g.group_label(5..99), "node6 (5)");
        assert_eq!(g.group_label(2..2), "");
        assert_eq!(g.group_label(7..9), "");
        let mixed = grid(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0,2,7", "children": {"core": "0"}}], "nodelist": ["x,y3,y4"]}}"#,
        );
        assert_eq!(mixed.group_label(0..3), "x,y[3-4] (0,2,7) ×3");
        let bare = grid(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "3-4", "children": {"core": "0"}}]}}"#,
        );
        assert_eq!(bare.group_label(0..2), "ranks 3-4 ×2");
        assert_eq!(bare.group_label(1..2), "rank 4");
    }

    #[test]
    fn describes_a_strip_at_a_column() {
        let g = grid(SIX);
        assert_eq!(
            g.strip_info(0..6, 5, &ColorBy::Type),
            Some(StripInfo {
                label: "node[1-6] (0-5) ×6".into(),
                kind: "gpu".into(),
                id: 0,
                present: 5,
                nodes: 6,
                states: None,
                marked: None,
            })
        );
        let big = g
            .strip_info(1..5, 3, &ColorBy::Property("big".into()))
            .unwrap();
        assert_eq!(
            (big.label.as_str(), big.present, big.nodes, big.marked),
            ("node[2-5] (1-4) ×4", 4, 4, Some(1))
        );
        assert_eq!(g.strip_info(0..6, 4, &ColorBy::Type), None, "the gap");
        assert_eq!(g.strip_info(0..6, 6, &ColorBy::Type), None, "outside");
        assert_eq!(g.strip_info(4..5, 5, &ColorBy::Type), None, "no gpu");
        assert_eq!(g.strip_info(6..9, 0, &ColorBy::Type), None, "no row");
    }

    #[test]
    fn describes_states_and_membership_of_a_strip() {
        let g = status();
        let at = |rows: Range<usize>, col, by: &ColorBy| {
            g.strip_info(rows, col, by)
                .map(|s| (s.label, s.present, s.nodes, s.states, s.marked))
        };
        assert_eq!(
            at(0..4, 0, &ColorBy::State),
            Some(("n[0-3] (0-3) ×4".into(), 4, 4, Some((1, 2, 1)), None))
        );
        assert_eq!(
            at(0..4, 2, &ColorBy::Type),
            Some(("n[0-3] (0-3) ×4".into(), 4, 4, Some((3, 0, 1)), None))
        );
        assert_eq!(
            at(1..3, 3, &ColorBy::Membership(theirs())),
            Some(("n[1-2] (1-2) ×2".into(), 2, 2, Some((2, 0, 0)), Some(2)))
        );
        assert_eq!(
            at(3..4, 3, &ColorBy::Membership(theirs())),
            Some(("n3 (3)".into(), 1, 1, Some((0, 0, 1)), Some(0)))
        );
    }

    #[test]
    fn handles_an_empty_grid() {
        let g = grid(r#"{"version": 1, "execution": {"R_lite": []}}"#);
        assert_eq!((g.rows(), g.width()), (0, 0));
        for m in [g.fold(&ColorBy::Type), g.strips(4), RowMap::each(0)] {
            assert_eq!(m, RowMap::each(0));
            assert_eq!((m.len(), m.is_empty()), (0, true));
            assert_eq!(m.range(0), 0..0);
            assert_eq!(m.display_row(0), None);
            assert_eq!(m.grid_rows(0..5), 0..0);
        }
        assert_eq!(g.shades(&g.strips(4), 0..9, 0..9, &ColorBy::State), []);
        assert_eq!(g.group_label(0..3), "");
        assert_eq!(g.strip_info(0..3, 0, &ColorBy::Type), None);
    }

    #[test]
    fn a_map_of_another_grid_does_not_panic() {
        let g = grid(SIX);
        let wide = RowMap::each(100);
        assert_eq!(g.shades(&wide, 5..100, 0..1, &ColorBy::Type).len(), 1);
        assert_eq!(
            g.shades(&RowMap::each(2), 0..9, 0..6, &ColorBy::Type).len(),
            4
        );
    }
}

// proptest needs OS randomness, which wasm32 lacks.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod props {
    use super::*;
    use crate::grid::CellInfo;
    use crate::rset::Rset;
    use proptest::prelude::*;

    /// One node: bit masks of cores (3) and GPUs (2); allocated, down and
    /// "in the other set" masks apply to both types' ids.
    #[derive(Clone, Debug)]
    struct Spec {
        step: u32,
        cores: u8,
        gpus: u8,
        p: bool,
        alloc: u8,
        down: u8,
        member: u8,
    }

    fn spec() -> impl Strategy<Value = Spec> {
        (
            1u32..3,
            0u8..8,
            0u8..4,
            any::<bool>(),
            0u8..8,
            0u8..8,
            0u8..8,
        )
            .prop_map(|(step, cores, gpus, p, alloc, down, member)| Spec {
                step,
                cores,
                gpus,
                p,
                alloc,
                down,
                member,
            })
    }

    fn ids(mask: u8) -> IdSet {
        IdSet::from_ranges((0..8).filter(|b| mask & (1 << b) != 0).map(|b| (b, b)))
    }

    /// Build a set from `specs`, with `mask` choosing the ids of each node.
    fn set(specs: &[Spec], mask: impl Fn(&Spec) -> u8, hosts: bool) -> Rset {
        let mut out = Rset::new();
        let mut rank = 0;
        let mut props = IdSet::new();
        for s in specs {
            rank += s.step;
            let (c, g) = (ids(s.cores & mask(s)), ids(s.gpus & mask(s)));
            let host = format!("n{rank}");
            out.add_rank(
                rank,
                hosts.then_some(host.as_str()),
                &[("core", &c), ("gpu", &g)],
            )
            .unwrap();
            if s.p {
                props.insert(rank);
            }
        }
        if !props.is_empty() {
            out.add_property("p", &props).unwrap();
        }
        out
    }

    fn grid(specs: &[Spec], status: bool) -> Grid {
        let all = set(specs, |_| 0xff, true);
        let (alloc, down) = (
            set(specs, |s| s.alloc, false),
            set(specs, |s| s.down, false),
        );
        if status {
            Grid::new(&all, Some(&alloc), Some(&down))
        } else {
            Grid::new(&all, None, None)
        }
    }

    fn colourings(specs: &[Spec]) -> Vec<ColorBy> {
        vec![
            ColorBy::Type,
            ColorBy::State,
            ColorBy::Property("p".into()),
            ColorBy::Membership(set(specs, |s| s.member, false)),
        ]
    }

    /// What a node looks like under `by`, from the spec alone.
    fn looks(s: &Spec, by: &ColorBy, status: bool) -> (u8, u8, u8, u8) {
        let (c, g) = (s.cores, s.gpus);
        match by {
            ColorBy::Type => (c, g, 0, 0),
            ColorBy::State if status => {
                let alloc = s.alloc & !s.down;
                (
                    c,
                    g,
                    (c & alloc) | (g & alloc) << 4,
                    (c & s.down) | (g & s.down) << 4,
                )
            }
            ColorBy::State => (c, g, 0, 0),
            ColorBy::Property(_) => (c, g, u8::from(s.p), 0),
            ColorBy::Membership(_) => (c, g, c & s.member, g & s.member),
            ColorBy::Overlay(_) => unreachable!("not among `colourings`"),
        }
    }

    /// Runs as shades of full level, sorted by row then column.
    fn as_shades(runs: &[Run], row: impl Fn(usize) -> usize) -> Vec<Shade> {
        let mut v: Vec<Shade> = runs
            .iter()
            .map(|r| Shade {
                row: row(r.row),
                col: r.col,
                len: r.len,
                paint: r.paint,
                level: 8,
            })
            .collect();
        v.sort_by_key(|s| (s.row, s.col));
        v
    }

    /// [`Grid::shades`] as its doc says, one column at a time: per
    /// display row and column, the slot most of the group's rows paint
    /// (ties to the higher slot), then equal neighbours merged.
    fn column_by_column(g: &Grid, map: &RowMap, cols: Range<usize>, by: &ColorBy) -> Vec<Shade> {
        let mut out: Vec<Shade> = Vec::new();
        for d in 0..map.len() {
            let group = map.range(d);
            for col in cols.start.min(g.width())..cols.end.min(g.width()) {
                let (mut count, mut seen) = ([0u64; SLOTS], [None; SLOTS]);
                let mut kind = 0;
                for row in group.clone() {
                    for r in g.runs(row..row + 1, col..col + 1, by) {
                        count[slot_seen(r.paint, &mut seen)] += 1;
                        if let Paint::Type(t) = r.paint {
                            kind = t;
                        }
                    }
                }
                let present: u64 = count.iter().sum();
                if present == 0 {
                    continue;
                }
                let best = (0..SLOTS).max_by_key(|&s| count[s]).unwrap();
                let kind = g.locate(col).map_or(kind, |(t, _)| t as u8);
                let level = (present * 8).div_ceil(group.len() as u64).clamp(1, 8) as u8;
                let paint = seen[best].unwrap_or_else(|| slot_paint(by, best, kind));
                match out.last_mut() {
                    Some(s)
                        if s.row == d
                            && s.col + s.len == col
                            && (s.paint, s.level) == (paint, level) =>
                    {
                        s.len += 1
                    }
                    _ => out.push(Shade {
                        row: d,
                        col,
                        len: 1,
                        paint,
                        level,
                    }),
                }
            }
        }
        out
    }

    fn check_map(map: &RowMap, n: usize) -> Result<(), TestCaseError> {
        prop_assert_eq!(map.rows(), n);
        let mut next = 0;
        for d in 0..map.len() {
            let r = map.range(d);
            prop_assert_eq!(r.start, next);
            prop_assert!(r.start < r.end);
            for g in r.clone() {
                prop_assert_eq!(map.display_row(g), Some(d));
            }
            next = r.end;
        }
        prop_assert_eq!(next, n);
        prop_assert_eq!(map.display_row(n), None);
        for a in 0..=map.len() + 1 {
            for b in a..=map.len() + 1 {
                let (lo, hi) = (a.min(map.len()), b.min(map.len()));
                let expect = if lo < hi {
                    map.range(lo).start..map.range(hi - 1).end
                } else {
                    map.range(lo).start..map.range(lo).start
                };
                prop_assert_eq!(map.grid_rows(a..b), expect);
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn strips_shade_each_column_by_its_majority(
            specs in proptest::collection::vec(spec(), 0..10),
            status: bool,
            k in 1usize..4,
            window in (0usize..12, 0usize..12),
        ) {
            let g = grid(&specs, status);
            let map = g.strips(k);
            let cols = window.0.min(window.1)..window.0.max(window.1);
            for by in colourings(&specs) {
                prop_assert_eq!(
                    g.shades(&map, 0..map.len(), cols.clone(), &by),
                    column_by_column(&g, &map, cols.clone(), &by)
                );
            }
        }

        #[test]
        fn shades_of_single_rows_are_the_runs(
            specs in proptest::collection::vec(spec(), 0..10),
            status: bool,
        ) {
            let g = grid(&specs, status);
            let n = g.rows();
            for by in colourings(&specs) {
                let runs = g.runs(0..n, 0..g.width(), &by);
                prop_assert_eq!(
                    g.shades(&RowMap::each(n), 0..n, 0..g.width(), &by),
                    as_shades(&runs, |r| r)
                );
            }
        }

        #[test]
        fn folds_are_maximal_and_expand_to_the_runs(
            specs in proptest::collection::vec(spec(), 0..12),
            status: bool,
        ) {
            let g = grid(&specs, status);
            let n = g.rows();
            for by in colourings(&specs) {
                let m = g.fold(&by);
                check_map(&m, n)?;
                let expect: Vec<usize> = (0..n)
                    .filter(|&i| i == 0 || looks(&specs[i - 1], &by, status) != looks(&specs[i], &by, status))
                    .collect();
                let starts: Vec<usize> = (0..m.len()).map(|d| m.range(d).start).collect();
                prop_assert_eq!(starts, expect, "{:?}", by);
                let mut shown = Vec::new();
                for d in 0..m.len() {
                    let first = m.range(d).start;
                    let runs = g.runs(first..first + 1, 0..g.width(), &by);
                    shown.extend(as_shades(&runs, |_| d));
                    for row in m.range(d) {
                        let mine = g.runs(row..row + 1, 0..g.width(), &by);
                        let again: Vec<Run> = runs.iter().map(|r| Run { row, ..*r }).collect();
                        prop_assert_eq!(mine, again);
                    }
                }
                prop_assert_eq!(g.shades(&m, 0..m.len(), 0..g.width(), &by), shown);
            }
        }

        #[test]
        fn strips_agree_with_cells(
            specs in proptest::collection::vec(spec(), 0..12),
            status: bool,
            k in 0usize..5,
        ) {
            let g = grid(&specs, status);
            let m = g.strips(k);
            check_map(&m, g.rows())?;
            for by in colourings(&specs) {
                let shades = g.shades(&m, 0..m.len(), 0..g.width() + 2, &by);
                for d in 0..m.len() {
                    for col in 0..g.width() + 2 {
                        let cells: Vec<CellInfo> = m.range(d).filter_map(|r| g.cell(r, col)).collect();
                        let info = g.strip_info(m.range(d), col, &by);
                        let level = shades
                            .iter()
                            .find(|s| s.row == d && s.col <= col && col < s.col + s.len)
                            .map(|s| s.level);
                        if cells.is_empty() {
                            prop_assert_eq!(info, None);
                            prop_assert_eq!(level, None);
                            continue;
                        }
                        let nodes = m.range(d).len();
                        let info = info.unwrap();
                        prop_assert_eq!((info.present, info.nodes), (cells.len(), nodes));
                        prop_assert_eq!(level, Some((cells.len() * 8).div_ceil(nodes) as u8));
                        let tally = |s: &str| cells.iter().filter(|c| c.state == Some(s)).count();
                        prop_assert_eq!(
                            info.states,
                            status.then(|| (tally("free"), tally("allocated"), tally("down")))
                        );
                        prop_assert_eq!(info.label, g.group_label(m.range(d)));
                    }
                }
            }
        }
    }
}
