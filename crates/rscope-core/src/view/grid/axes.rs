//! The words around the cells: row labels in the label column and the
//! column axis over the cells. One home for both, so the canvas and the
//! exports label the same rows and columns with the same texts at the same
//! places, whatever the zoom.

use super::geometry::{fit, label_font, label_stride, CHAR_EM, LABEL_WIDTH, SMALL_FONT};
use super::{Grid, RowMap};
use std::ops::Range;

/// Where a row label starts, from the label column's left edge.
pub const LABEL_X: f64 = 2.0;

/// Room for a row label's text: the label column less a margin before the
/// cells.
pub const LABEL_ROOM: f64 = LABEL_WIDTH - 8.0;

/// Where the line of block names sits in the axis (its middle, from the
/// axis's top).
pub const AXIS_NAME_Y: f64 = 8.0;

/// Where the line of ids sits in the axis (its middle, from the top).
pub const AXIS_ID_Y: f64 = 21.0;

/// A row label: the display rows it names and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowLabel {
    /// The display rows it names: one at large cells, a span at small ones.
    pub rows: Range<usize>,
    /// The text, cut to fit the label column.
    pub text: String,
}

impl RowLabel {
    /// Where the text's middle sits, in pixels from the grid's top, at cell
    /// size `cell`: the middle of its rows, or lower when they are shorter
    /// than the text (a map of one 2-pixel strip), so it never rises above
    /// its first row.
    pub fn y(&self, cell: f64) -> f64 {
        let middle = (self.rows.start + self.rows.end) as f64 * cell / 2.0;
        middle.max(self.rows.start as f64 * cell + label_font(cell) / 2.0)
    }
}

/// The labels of the display rows `rows` of `map`, at cell size `cell`:
/// one per span of [`label_stride`] display rows, spans aligned to
/// multiples of the stride so they stay put while scrolling, each span
/// named by the nodes it holds: one node's host and rank; one folded row
/// of identical nodes, their host list and count ([`Grid::span_label`]);
/// any other span, its host list alone ([`Grid::hosts_label`]). A short last span joins
/// the one before, so two labels never crowd at the end.
pub fn row_labels(grid: &Grid, map: &RowMap, cell: f64, rows: Range<usize>) -> Vec<RowLabel> {
    let (k, font) = (label_stride(cell), label_font(cell));
    let len = map.len();
    let tail = len / k * k;
    let merge = len % k != 0 && tail >= k;
    let mut first = rows.start / k * k;
    if merge && first == tail {
        first -= k;
    }
    (first..rows.end.min(len))
        .step_by(k)
        .filter(|&d| !(merge && d == tail))
        .map(|d| {
            let end = if merge && d + k == tail {
                len
            } else {
                (d + k).min(len)
            };
            let span = d..end;
            // `×n` only where the nodes are identical: one folded row.
            let rows = map.grid_rows(span.clone());
            let text = match span.len() == 1 && map.groups_identical() {
                true => grid.span_label(rows),
                false => grid.hosts_label(rows),
            };
            RowLabel {
                rows: span,
                text: fit(&text, LABEL_ROOM, font),
            }
        })
        .collect()
}

/// A text on the column axis: at grid column `col`, saying `text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tick {
    /// The grid column (gaps between types count).
    pub col: usize,
    /// What it says.
    pub text: String,
}

/// The column axis: each block's name over its first column, and ids
/// every `stride` columns within each block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    /// Block names ("core", "gpu", ...), left-aligned at the block's start.
    pub blocks: Vec<Tick>,
    /// Ids, centred over their column.
    pub ids: Vec<Tick>,
    /// Columns between two ids.
    pub stride: usize,
}

/// The column axis of `grid` at cell size `cell`: ids every power-of-two
/// columns, the fewest that keep the widest id clear of its neighbours
/// (every id at large cells, every 8th or 16th at the smallest).
pub fn axis(grid: &Grid, cell: f64) -> Axis {
    let widest = grid.columns().iter().map(|c| c.width).max().unwrap_or(1);
    let digits = (widest.saturating_sub(1)).to_string().len();
    let need = digits as f64 * SMALL_FONT * CHAR_EM + 3.0;
    let mut stride = 1;
    while (stride as f64) * cell < need {
        stride *= 2;
    }
    let columns = grid.columns();
    let mut blocks = Vec::new();
    let mut ids: Vec<Tick> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        // A name may run over the gap, up to the next block.
        let room = match columns.get(i + 1) {
            Some(next) => (next.offset - c.offset) as f64 * cell,
            None => f64::INFINITY,
        };
        let name = fit(&c.name, room, SMALL_FONT);
        if !name.is_empty() {
            blocks.push(Tick {
                col: c.offset,
                text: name,
            });
        }
        // A block's first id wins over the last one of the block before
        // when the two would touch (a gap column is narrow at small cells).
        if let Some(last) = ids.last() {
            if ((c.offset - last.col) as f64) * cell < need {
                ids.pop();
            }
        }
        ids.extend((0..c.width).step_by(stride).map(|id| Tick {
            col: c.offset + id,
            text: id.to_string(),
        }));
    }
    Axis {
        blocks,
        ids,
        stride,
    }
}

/// The axis over columns `cols` in words, block by block, as
/// `core: 0 2 4; gpu: 0 2`: what a canvas drew, for tests and tools to
/// read. A block with no id in view is left out.
pub fn describe(axis: &Axis, cols: Range<usize>) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (i, b) in axis.blocks.iter().enumerate() {
        let end = axis.blocks.get(i + 1).map_or(usize::MAX, |n| n.col);
        let ids: Vec<&str> = axis
            .ids
            .iter()
            .filter(|t| t.col >= b.col && t.col < end && cols.contains(&t.col))
            .map(|t| t.text.as_str())
            .collect();
        if !ids.is_empty() {
            parts.push(format!("{}: {}", b.text, ids.join(" ")));
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::load;

    /// 200 nodes: 192 of 36 cores, 8 more with 4 GPUs.
    fn machine() -> Grid {
        let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-191", "children": {"core": "0-35"}}, {"rank": "192-199", "children": {"core": "0-35", "gpu": "0-3"}}], "nodelist": ["quartz[1-200]"]}}"#;
        Grid::new(&load(text).unwrap(), None, None)
    }

    fn texts(labels: &[RowLabel]) -> Vec<(Range<usize>, &str)> {
        labels
            .iter()
            .map(|l| (l.rows.clone(), l.text.as_str()))
            .collect()
    }

    #[test]
    fn large_cells_label_every_row() {
        let g = machine();
        let each = RowMap::each(g.rows());
        let labels = row_labels(&g, &each, 13.0, 3..5);
        assert_eq!(
            texts(&labels),
            [(3..4, "quartz4 (3)"), (4..5, "quartz5 (4)")]
        );
        assert_eq!(labels[0].y(13.0), 45.5);
    }

    #[test]
    fn small_cells_label_spans_of_rows() {
        let g = machine();
        let each = RowMap::each(g.rows());
        // 9-pixel cells: two rows a label, spans aligned to even rows.
        assert_eq!(
            texts(&row_labels(&g, &each, 9.0, 3..6)),
            [(2..4, "quartz[3-4]"), (4..6, "quartz[5-6]")]
        );
        // Strips of 8 at 2 pixels: six strips (48 nodes) a label.
        let strips = g.strips(8);
        assert_eq!(
            texts(&row_labels(&g, &strips, 2.0, 0..25)),
            [
                (0..6, "quartz[1-48]"),
                (6..12, "quartz[49-96]"),
                (12..18, "quartz[97-144]"),
                (18..25, "quartz[145-200]"),
            ]
        );
        assert_eq!(
            texts(&row_labels(&g, &strips, 2.0, 24..25)),
            [(18..25, "quartz[145-200]")],
            "the short tail is the span before's"
        );
        let one = row_labels(&g, &g.strips(64), 2.0, 0..99);
        assert_eq!(texts(&one), [(0..4, "quartz[1-200]")]);
        assert_eq!(one[0].y(2.0), 5.0, "half the font below the top");
    }

    #[test]
    fn folded_rows_and_long_names_fit_the_column() {
        let g = machine();
        let fold = g.fold(&super::super::ColorBy::Type);
        assert_eq!(
            texts(&row_labels(&g, &fold, 13.0, 0..2)),
            [(0..1, "quartz[1-192] ×192"), (1..2, "quartz[193-200] ×8")]
        );
        // Two folded rows under one label are not identical to each other.
        assert_eq!(
            texts(&row_labels(&g, &fold, 9.0, 0..2)),
            [(0..2, "quartz[1-200]")]
        );
        let long = Grid::new(
            &load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}], "nodelist": ["a-very-long-host-name-for-a-node1,b2,c-very-long-host-name-again3"]}}"#).unwrap(),
            None,
            None,
        );
        // 142 pixels of 6-pixel characters: 23 characters, the last an ellipsis.
        assert_eq!(
            texts(&row_labels(&long, &RowMap::each(3), 9.0, 0..2)),
            [(0..3, "a-very-long-host-name-…")]
        );
    }

    #[test]
    fn the_axis_names_blocks_and_spaces_ids_by_cell_size() {
        let g = machine();
        let at = |cell| {
            let a = axis(&g, cell);
            let ids: Vec<String> = a
                .ids
                .iter()
                .map(|t| format!("{}:{}", t.col, t.text))
                .collect();
            (a.stride, ids.join(" "))
        };
        let a = axis(&g, 18.0);
        assert_eq!(
            a.blocks,
            [
                Tick {
                    col: 0,
                    text: "core".into()
                },
                Tick {
                    col: 37,
                    text: "gpu".into()
                }
            ]
        );
        assert_eq!(a.stride, 1);
        assert_eq!(a.ids.len(), 40);
        assert_eq!(
            at(13.0),
            (2, "0:0 2:2 4:4 6:6 8:8 10:10 12:12 14:14 16:16 18:18 20:20 22:22 24:24 26:26 28:28 30:30 32:32 34:34 37:0 39:2".into())
        );
        // 32 would touch the GPUs' 0 five 2-pixel columns on: it goes.
        assert_eq!(at(2.0), (8, "0:0 8:8 16:16 24:24 37:0".into()));
        assert_eq!(describe(&axis(&g, 2.0), 0..99), "core: 0 8 16 24; gpu: 0");
        assert_eq!(describe(&axis(&g, 13.0), 30..38), "core: 30 32 34; gpu: 0");
        assert_eq!(describe(&axis(&g, 13.0), 38..40), "gpu: 2");
        // 37 columns of 2 pixels hold "core"; the GPU block is the last.
        assert_eq!(axis(&g, 2.0).blocks.len(), 2);
        assert_eq!(
            axis(&g, 0.5).blocks[0].text,
            "co…",
            "names are cut at the next block"
        );
    }
}
