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
