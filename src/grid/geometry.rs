//! The grid's geometry in CSS pixels: the zoom steps, the label column, and
//! which cell a point falls on. One home for every size the page, the
//! exports and the tests agree on.

use std::ops::Range;

/// Width of the host-name column on screen and in a PNG export, when labels
/// are drawn.
pub const LABEL_WIDTH: f64 = 150.0;

/// Width of the host-name column in an SVG export. Wider than on screen:
/// the SVG names a generic monospace font whose width only the program
/// that opens the file knows, so labels get room to spare.
pub const SVG_LABEL_WIDTH: f64 = 160.0;

/// The smallest cell that gets host labels on screen: below it the font
/// would be unreadable.
pub const LABEL_MIN_CELL: f64 = 9.0;

/// The smallest cell that gets host labels in a PNG export.
pub const PNG_LABEL_MIN_CELL: f64 = 6.0;

/// Height of the grid viewport in CSS pixels.
pub const VIEW_HEIGHT: f64 = 420.0;

/// The largest PNG side, in pixels, the export draws.
pub const MAX_PNG_SIDE: f64 = 16_384.0;

/// Past this many rectangles an SVG is too heavy to be useful.
pub const MAX_SVG_RECTS: usize = 20_000;

/// One zoom level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    /// Cell size (the pitch of one cell and of one display row) in CSS
    /// pixels.
    pub cell: f64,
    /// Nodes per display row: 1, or more for density strips.
    pub strip: usize,
}

impl Zoom {
    /// Whether display rows are density strips of several nodes.
    pub fn strips(self) -> bool {
        self.strip > 1
    }

    /// The width of the label column at this zoom: 0 when cells are too
    /// small for labels.
    pub fn label_width(self) -> f64 {
        if self.cell >= LABEL_MIN_CELL {
            LABEL_WIDTH
        } else {
            0.0
        }
    }
}

const fn cells(cell: f64) -> Zoom {
    Zoom { cell, strip: 1 }
}

/// The zoom steps, from whole-machine density strips to large cells.
pub const ZOOMS: [Zoom; 9] = [
    Zoom {
        cell: 2.0,
        strip: 64,
    },
    Zoom {
        cell: 2.0,
        strip: 8,
    },
    cells(2.0),
    cells(3.0),
    cells(4.0),
    cells(6.0),
    cells(9.0),
    cells(13.0),
    cells(18.0),
];

/// The zoom a grid opens at: 13-pixel cells with host labels.
pub const DEFAULT_ZOOM: usize = 7;

/// The zoom `step` steps away from `zoom`, kept within [`ZOOMS`].
pub fn step_zoom(zoom: usize, step: isize) -> usize {
    (zoom as isize + step).clamp(0, ZOOMS.len() as isize - 1) as usize
}

/// Cell sizes a PNG export may fall back to, smallest first: the zoom
/// steps' cell sizes, each once.
pub fn png_cells() -> Vec<f64> {
    let mut out: Vec<f64> = Vec::new();
    for z in ZOOMS {
        if out.last() != Some(&z.cell) {
            out.push(z.cell);
        }
    }
    out
}

/// The cell size and label width of a PNG of `columns` × `rows` cells,
/// drawn at most at `cell`: the largest of `cells` that fits in
/// [`MAX_PNG_SIDE`], else 1; labels only from [`PNG_LABEL_MIN_CELL`].
pub fn png_layout(cells: &[f64], cell: f64, columns: usize, rows: usize) -> (f64, f64) {
    let fit = |c: f64| (LABEL_WIDTH + columns as f64 * c).max(rows as f64 * c) <= MAX_PNG_SIDE;
    let cell = cells
        .iter()
        .rev()
        .copied()
        .find(|&c| c <= cell && fit(c))
        .unwrap_or(1.0);
    let left = if cell >= PNG_LABEL_MIN_CELL {
        LABEL_WIDTH
    } else {
        0.0
    };
    (cell, left)
}

/// The (display row, column) at `(x, y)` CSS pixels from the grid's
/// top-left corner, labels included, if a cell of the grid is there.
pub fn cell_at(
    (x, y): (f64, f64),
    zoom: Zoom,
    rows: usize,
    width: usize,
) -> Option<(usize, usize)> {
    let x = x - zoom.label_width();
    let (row, col) = ((y / zoom.cell) as usize, (x / zoom.cell) as usize);
    (x >= 0.0 && y >= 0.0 && row < rows && col < width).then_some((row, col))
}

/// The new scroll offset along one axis that brings `item` (a pixel range
/// of the content) into a view of `size` pixels scrolled to `scroll`, or
/// `None` when it is already in view. The item's start lands a
/// `third`-th of the view from the view's start, so what follows it shows.
pub fn scroll_to(item: Range<f64>, scroll: f64, size: f64, third: f64) -> Option<f64> {
    (item.start < scroll || item.end > scroll + size).then(|| (item.start - size / third).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_zoom_has_13_pixel_cells_and_labels() {
        let z = ZOOMS[DEFAULT_ZOOM];
        assert_eq!((z.cell, z.strip, z.label_width()), (13.0, 1, 150.0));
        assert_eq!(ZOOMS[5].label_width(), 0.0, "6-pixel cells: no labels");
        assert_eq!(ZOOMS[6].label_width(), 150.0);
        assert!(ZOOMS[0].strips() && !ZOOMS[2].strips());
        assert_eq!(
            (step_zoom(0, -1), step_zoom(7, 1), step_zoom(8, 1)),
            (0, 8, 8)
        );
    }

    #[test]
    fn png_exports_fall_back_to_smaller_cells() {
        assert_eq!(png_cells(), [2.0, 3.0, 4.0, 6.0, 9.0, 13.0, 18.0]);
        let cells = png_cells();
        assert_eq!(png_layout(&cells, 13.0, 41, 20), (13.0, 150.0));
        // 2000 rows of 13 pixels are too tall: 6-pixel cells fit (12 000).
        assert_eq!(png_layout(&cells, 13.0, 41, 2000), (6.0, 150.0));
        assert_eq!(png_layout(&cells, 13.0, 41, 5000), (3.0, 0.0));
        assert_eq!(png_layout(&cells, 13.0, 41, 1_000_000), (1.0, 0.0));
    }

    #[test]
    fn points_fall_on_cells_behind_the_labels() {
        let z = ZOOMS[DEFAULT_ZOOM];
        assert_eq!(
            cell_at((150.0 + 4.0 * 13.0 + 6.0, 13.0 + 6.0), z, 20, 41),
            Some((1, 4))
        );
        assert_eq!(cell_at((149.0, 6.0), z, 20, 41), None, "on a label");
        assert_eq!(cell_at((150.0 + 41.0 * 13.0, 6.0), z, 20, 41), None);
        assert_eq!(cell_at((151.0, 20.0 * 13.0), z, 20, 41), None);
        assert_eq!(cell_at((3.0, 5.0), ZOOMS[2], 20, 41), Some((2, 1)));
    }

    #[test]
    fn scrolls_only_what_is_out_of_view() {
        assert_eq!(scroll_to(100.0..113.0, 0.0, 420.0, 3.0), None);
        assert_eq!(scroll_to(1170.0..1183.0, 0.0, 420.0, 3.0), Some(1030.0));
        assert_eq!(scroll_to(10.0..23.0, 200.0, 420.0, 3.0), Some(0.0));
    }
}
