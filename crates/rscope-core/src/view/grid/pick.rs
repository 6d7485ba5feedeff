//! The grid's selection as a reducer: a rectangle of display cells that a
//! drag, a shift-click or shift-arrows grow from an anchor. A reducer, so
//! fast pointer events always extend the latest rectangle.

use std::ops::Range;

/// A rectangle of display cells: rows and columns, half-open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellRect {
    /// Display rows.
    pub rows: Range<usize>,
    /// Columns.
    pub cols: Range<usize>,
}

/// A selection: where it started and where it is now, as (display row,
/// column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    /// The cell it grows from.
    pub anchor: (usize, usize),
    /// The cell it reaches.
    pub end: (usize, usize),
}

impl Selection {
    /// The cells between the anchor and the end, both included.
    pub fn rect(&self) -> CellRect {
        CellRect {
            rows: self.anchor.0.min(self.end.0)..self.anchor.0.max(self.end.0) + 1,
            cols: self.anchor.1.min(self.end.1)..self.anchor.1.max(self.end.1) + 1,
        }
    }
}

/// What the pointer or the keyboard did to the selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Press at a cell; with `true` (shift), keep the old anchor.
    Start((usize, usize), bool),
    /// Drag to a cell.
    Extend((usize, usize)),
    /// Forget the selection.
    Clear,
}

/// A selection as the page keeps it across visits and a share link
/// carries it: each corner (anchor, then end) by the rank of its node and
/// its column, since display rows change with folding and zoom.
pub type KeptSelection = [(u32, usize); 2];

/// `sel` on `grid` shown as `map`, as kept: the rank of the first node of
/// each corner's display row, and its column.
pub fn keep(sel: Selection, grid: &super::Grid, map: &super::RowMap) -> Option<KeptSelection> {
    let corner = |(row, col): (usize, usize)| Some((grid.rank(map.range(row).start)?, col));
    Some([corner(sel.anchor)?, corner(sel.end)?])
}

/// A kept selection on `grid` shown as `map`: each corner on the display
/// row of its node; `None` when a node or a column is not on this grid (a
/// selection kept of another document).
pub fn restore(kept: KeptSelection, grid: &super::Grid, map: &super::RowMap) -> Option<Selection> {
    let corner = |(rank, col): (u32, usize)| {
        if col >= grid.width() {
            return None;
        }
        let row = (0..grid.rows()).find(|&r| grid.rank(r) == Some(rank))?;
        Some((map.display_row(row)?, col))
    };
    Some(Selection {
        anchor: corner(kept[0])?,
        end: corner(kept[1])?,
    })
}

/// The ranks of the nodes a kept selection spans on `grid`: every row
/// from its first corner's node to its second's (the job table lists the
/// jobs on them). Empty when a corner's node is not on the grid.
pub fn kept_ranks(kept: &KeptSelection, grid: &super::Grid) -> crate::idset::IdSet {
    let mut ranks = crate::idset::IdSet::new();
    let (Some(a), Some(b)) = (grid.row_of_rank(kept[0].0), grid.row_of_rank(kept[1].0)) else {
        return ranks;
    };
    (a.min(b)..=a.max(b))
        .filter_map(|row| grid.rank(row))
        .for_each(|r| ranks.insert(r));
    ranks
}

/// The selection after `action`.
pub fn pick(sel: Option<Selection>, action: Pick) -> Option<Selection> {
    match (action, sel) {
        (Pick::Start(at, true), Some(s)) => Some(Selection {
            anchor: s.anchor,
            end: at,
        }),
        (Pick::Start(at, _), _) => Some(Selection {
            anchor: at,
            end: at,
        }),
        (Pick::Extend(at), Some(s)) => Some(Selection {
            anchor: s.anchor,
            end: at,
        }),
        (Pick::Extend(_), None) | (Pick::Clear, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_is_kept_by_ranks_and_restored_on_another_map() {
        let r = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-7","children":{"core":"0-3"}}],"nodelist":["n[0-7]"]}}"#;
        let grid = super::super::Grid::new(&crate::rset::load(r).unwrap(), None, None);
        let each = super::super::RowMap::each(grid.rows());
        let sel = Selection {
            anchor: (6, 3),
            end: (2, 1),
        };
        let kept = keep(sel, &grid, &each).unwrap();
        assert_eq!(kept_ranks(&kept, &grid).to_string(), "2-6");
        assert!(
            kept_ranks(&[(9, 0), (2, 0)], &grid).is_empty(),
            "rank 9 is not on the grid"
        );
        assert_eq!(kept, [(6, 3), (2, 1)]);
        assert_eq!(restore(kept, &grid, &each), Some(sel));
        // Strips of four nodes: the corners fall on the strips of their nodes.
        let strips = grid.strips(4);
        assert_eq!(
            restore(kept, &grid, &strips),
            Some(Selection {
                anchor: (1, 3),
                end: (0, 1)
            })
        );
        assert_eq!(keep(sel, &grid, &strips), None, "strip 6 is past the map");
        // Another document's selection: a rank or a column it lacks.
        assert_eq!(restore([(9, 0), (0, 0)], &grid, &each), None);
        assert_eq!(restore([(0, 0), (1, 40)], &grid, &each), None);
    }

    #[test]
    fn a_drag_grows_from_its_anchor() {
        let s = pick(None, Pick::Start((3, 4), false));
        assert_eq!(
            s,
            Some(Selection {
                anchor: (3, 4),
                end: (3, 4)
            })
        );
        let s = pick(s, Pick::Extend((1, 6)));
        assert_eq!(
            s.unwrap().rect(),
            CellRect {
                rows: 1..4,
                cols: 4..7
            }
        );
        let s = pick(s, Pick::Start((5, 5), true));
        assert_eq!(
            s,
            Some(Selection {
                anchor: (3, 4),
                end: (5, 5)
            }),
            "shift keeps the anchor"
        );
        let s = pick(s, Pick::Start((0, 0), false));
        assert_eq!(
            s,
            Some(Selection {
                anchor: (0, 0),
                end: (0, 0)
            })
        );
        assert_eq!(pick(s, Pick::Clear), None);
        assert_eq!(
            pick(None, Pick::Extend((1, 1))),
            None,
            "no drag without a press"
        );
        assert_eq!(
            pick(None, Pick::Start((2, 2), true)),
            Some(Selection {
                anchor: (2, 2),
                end: (2, 2)
            })
        );
    }
}
