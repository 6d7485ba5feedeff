//! The grid's geometry in CSS pixels: the zoom steps, the label column, and
//! which cell a point falls on. One home for every size the page, the
//! exports and the tests agree on.

use std::ops::Range;

/// Width of the label column, on screen and in both exports.
pub const LABEL_WIDTH: f64 = 150.0;

/// The least distance between two row labels: at smaller cells a label
/// names a span of several display rows (see [`label_stride`]).
pub const LABEL_PITCH: f64 = 11.0;

/// The font size of a row label that names a span of several display rows,
/// and of the column axis.
pub const SMALL_FONT: f64 = 10.0;

/// The width of a monospace character, in ems: labels are cut to fit by
/// counting characters, the same way on the canvas and in an SVG.
pub const CHAR_EM: f64 = 0.6;

/// Height of the column axis over the cells: a line of block names, then a
/// line of ids.
pub const AXIS_HEIGHT: f64 = 28.0;

/// Height of the grid viewport in CSS pixels.
pub const VIEW_HEIGHT: f64 = 420.0;

/// The largest PNG side, in pixels, the export draws; past it the PNG
/// shows the first rows or columns and says so.
pub const MAX_PNG_SIDE: f64 = 16_384.0;

/// The most pixels a PNG export draws (64 MB of RGBA), for the same reason.
pub const MAX_PNG_AREA: f64 = 16_000_000.0;

/// The cell size of a PNG export, whatever the zoom on screen: the largest
/// zoom step, where every label is readable.
pub const PNG_CELL: f64 = 18.0;

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

    /// The width of the label column at this zoom: the same at every zoom,
    /// since small cells get labels that name spans of rows.
    pub fn label_width(self) -> f64 {
        LABEL_WIDTH
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

/// The smallest cell, in pixels, drawn with a one-pixel gap around it:
/// below it the gaps would be most of the cell, so cells touch.
pub const GAP_FROM_CELL: f64 = 4.0;

/// The gap between cells of size `cell`: one pixel from
/// [`GAP_FROM_CELL`] up, none below. The page's canvas and the exports
/// both draw with it.
pub fn cell_gap(cell: f64) -> f64 {
    if cell >= GAP_FROM_CELL {
        1.0
    } else {
        0.0
    }
}

/// How many display rows one row label names at cell size `cell`: one
/// from [`LABEL_PITCH`] up, else enough rows to make that pitch, so labels
/// never overlap.
pub fn label_stride(cell: f64) -> usize {
    if cell >= LABEL_PITCH {
        1
    } else {
        (LABEL_PITCH / cell).ceil() as usize
    }
}

/// The font size of the row labels at cell size `cell`: grows with one-row
/// cells, a pixel less than the row (digits and lowercase, which labels
/// are, fit), up to 13; [`SMALL_FONT`] for labels over spans.
pub fn label_font(cell: f64) -> f64 {
    if label_stride(cell) == 1 {
        (cell - 1.0).min(13.0)
    } else {
        SMALL_FONT
    }
}

/// `text` cut to at most `width` pixels of a monospace `font`, its end
/// replaced by `…` when cut; empty when not even that fits.
pub fn fit(text: &str, width: f64, font: f64) -> String {
    let most = (width / (font * CHAR_EM)).floor().max(0.0) as usize;
    if text.chars().count() <= most {
        return text.to_string();
    }
    if most == 0 {
        return String::new();
    }
    let mut out: String = text.chars().take(most - 1).collect();
    out.push('…');
    out
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
        assert_eq!(ZOOMS[0].label_width(), 150.0, "labels at every zoom");
        assert!(ZOOMS[0].strips() && !ZOOMS[2].strips());
        assert_eq!(
            (step_zoom(0, -1), step_zoom(7, 1), step_zoom(8, 1)),
            (0, 8, 8)
        );
    }

    #[test]
    fn labels_name_spans_of_rows_at_small_cells() {
        let strides: Vec<usize> = ZOOMS.iter().map(|z| label_stride(z.cell)).collect();
        assert_eq!(strides, [6, 6, 6, 4, 3, 2, 2, 1, 1]);
        let fonts: Vec<f64> = ZOOMS.iter().map(|z| label_font(z.cell)).collect();
        assert_eq!(
            fonts,
            [10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 12.0, 13.0]
        );
        assert_eq!(fit("quartz[1-8] (0-7)", 150.0, 10.0), "quartz[1-8] (0-7)");
        assert_eq!(fit("abcdef", 24.0, 10.0), "abc…", "four characters of 6 px");
        assert_eq!(fit("abcdef", 5.0, 10.0), "");
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
        assert_eq!(cell_at((153.0, 5.0), ZOOMS[2], 20, 41), Some((2, 1)));
    }

    #[test]
    fn scrolls_only_what_is_out_of_view() {
        assert_eq!(scroll_to(100.0..113.0, 0.0, 420.0, 3.0), None);
        assert_eq!(scroll_to(1170.0..1183.0, 0.0, 420.0, 3.0), Some(1030.0));
        assert_eq!(scroll_to(10.0..23.0, 200.0, 420.0, 3.0), Some(0.0));
    }
}
