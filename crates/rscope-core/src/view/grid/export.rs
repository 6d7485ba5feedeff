//! The grid's PNG and SVG exports, as one image: a title, the legend, the
//! column axis, the row labels and the cells, as rectangles and texts
//! placed in pixels. The SVG export is this image written out and the PNG
//! export is the same image drawn on a canvas, so the two cannot differ;
//! both take their labels from [`axes`](super::axes), as the screen does.
//! (A "picture" in this project is the graph's nested boxes,
//! `outline/picture.rs`; the grid has exports.)

use super::axes::{axis, row_labels, AXIS_ID_Y, AXIS_NAME_Y, LABEL_X};
use super::geometry::{
    fit, label_font, AXIS_HEIGHT, CHAR_EM, LABEL_WIDTH, MAX_PNG_AREA, MAX_PNG_SIDE, MAX_SVG_RECTS,
    SMALL_FONT,
};
use super::text::legend;
use super::{ColorBy, Grid, Paint, RowMap};
use std::fmt::Write;

/// The margin around an image.
pub const PAD: f64 = 8.0;

/// The title's font size.
pub const TITLE_FONT: f64 = 16.0;

/// The legend's and the note's font size.
pub const LEGEND_FONT: f64 = 12.0;

/// The side of a legend swatch.
const SWATCH: f64 = 12.0;

/// The colour of text in an export (exports are light, whatever the theme).
pub const TEXT_COLOR: &str = crate::palette::TEXT[0];

/// The background of an export.
pub const PAGE_COLOR: &str = crate::palette::PAGE[0];

/// The most display rows and columns an image may hold before it is cut.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportLimits {
    /// The largest side in pixels.
    pub side: f64,
    /// The most pixels.
    pub area: f64,
    /// The most cell rectangles; past them there is no image.
    pub rects: usize,
}

/// The PNG export's limits: its side and area (past them it shows the
/// first rows and columns and says so), any number of rectangles.
pub const PNG_LIMITS: ExportLimits = ExportLimits {
    side: MAX_PNG_SIDE,
    area: MAX_PNG_AREA,
    rects: usize::MAX,
};

/// The SVG export's limits: any size, at most [`MAX_SVG_RECTS`] cell
/// rectangles (past them a PNG is the useful format).
pub const SVG_LIMITS: ExportLimits = ExportLimits {
    side: f64::INFINITY,
    area: f64::INFINITY,
    rects: MAX_SVG_RECTS,
};

/// What to export.
pub struct Sheet<'a> {
    /// The grid.
    pub grid: &'a Grid,
    /// Its display rows (one a node, folded, or density strips).
    pub map: &'a RowMap,
    /// The colouring.
    pub by: &'a ColorBy,
    /// The cell size in pixels.
    pub cell: f64,
    /// The title: the document's name.
    pub title: &'a str,
}

/// Where things go: the part of the grid shown and the image's size.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Display rows shown (the first ones).
    pub rows: usize,
    /// Columns shown (the first ones).
    pub cols: usize,
    /// The top of the column axis; the cells start [`AXIS_HEIGHT`] below.
    pub axis_top: f64,
    /// The image's width.
    pub width: f64,
    /// The image's height.
    pub height: f64,
    /// Why not everything is shown, when it is not.
    pub note: Option<String>,
}

/// What fills a rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    /// A cell's paint.
    Paint(Paint),
    /// The background.
    Page,
}

/// A filled rectangle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
    /// The fill.
    pub ink: Ink,
    /// Opacity in eighths (8: opaque), as a density strip's share.
    pub level: u8,
}

/// A line of text, in the text colour, its middle at `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct TextLine {
    /// Left edge, or the middle when `centred`.
    pub x: f64,
    /// The middle of the line.
    pub y: f64,
    /// What it says.
    pub text: String,
    /// Font size in pixels.
    pub size: f64,
    /// Bold (the title).
    pub bold: bool,
    /// Centred on `x` (the axis ids).
    pub centred: bool,
}

/// Lines in the page colour along the right and bottom edge of every cell
/// of a rectangle: the gaps between cells that the screen shows, drawn once
/// over all cells rather than cell by cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    /// Left edge of the cells.
    pub x: f64,
    /// Top edge of the cells.
    pub y: f64,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// Cell size.
    pub cell: f64,
}

/// The exported image: its size, blocks (background, swatches, then
/// cells), the gaps between cells, and texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    /// Where things go.
    pub frame: Frame,
    /// Rectangles, in drawing order.
    pub blocks: Vec<Block>,
    /// The gaps between cells, drawn over the cells (cells of 4 pixels and
    /// more, as on screen).
    pub lattice: Option<Lattice>,
    /// Texts, drawn last.
    pub texts: Vec<TextLine>,
}

/// The width of `text` in a monospace font of `size` pixels.
fn width_of(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * CHAR_EM
}

/// The title, cut to a readable length.
fn title_text(title: &str) -> String {
    fit(title, 80.0 * TITLE_FONT * CHAR_EM, TITLE_FONT)
}

/// The legend's width: swatch, gap, name, space, per entry.
fn legend_width(entries: &[(String, Paint)]) -> f64 {
    entries
        .iter()
        .map(|(name, _)| SWATCH + 4.0 + width_of(name, LEGEND_FONT) + 12.0)
        .sum()
}

/// What a cut image says about what it leaves out.
fn cut_note(rows: (usize, usize), cols: (usize, usize)) -> Option<String> {
    let mut parts = Vec::new();
    if rows.0 < rows.1 {
        parts.push(format!("the first {} of {} rows", rows.0, rows.1));
    }
    if cols.0 < cols.1 {
        parts.push(format!("the first {} of {} columns", cols.0, cols.1));
    }
    if parts.is_empty() {
        return None;
    }
    let mut out = format!("Too large for one picture: shows {}", parts.join(" and "));
    if rows.0 < rows.1 {
        out.push_str("; zoom out to density strips to fit more nodes");
    }
    Some(out)
}

/// The frame of `sheet` within `limits`: everything when it fits, else the
/// first rows and columns that do, with a note saying so.
pub fn frame(sheet: &Sheet<'_>, limits: &ExportLimits) -> Frame {
    let cell = sheet.cell;
    let (total_rows, total_cols) = (sheet.map.len(), sheet.grid.width());
    let fit_cols = ((limits.side - 2.0 * PAD - LABEL_WIDTH) / cell)
        .floor()
        .max(1.0) as usize;
    let cols = total_cols.min(fit_cols);
    let text_w = width_of(&title_text(sheet.title), TITLE_FONT)
        .max(legend_width(&legend(sheet.grid, sheet.by)));
    // The last block's name may run past the cells (two GPUs of 2 pixels).
    let names_w = axis(sheet.grid, cell)
        .blocks
        .iter()
        .filter(|b| b.col < cols)
        .map(|b| b.col as f64 * cell + width_of(&b.text, SMALL_FONT))
        .fold(0.0, f64::max)
        .min(limits.side - 2.0 * PAD - LABEL_WIDTH);
    let width_with = |note: &Option<String>| {
        let note_w = note.as_deref().map_or(0.0, |n| width_of(n, LEGEND_FONT));
        let content = (LABEL_WIDTH + (cols as f64 * cell).max(names_w)).max(text_w);
        // A note wider than the limit is cut when drawn.
        2.0 * PAD + content.max(note_w.min(limits.side - 2.0 * PAD))
    };
    let axis_top_with =
        |note: &Option<String>| PAD + 42.0 + if note.is_some() { 18.0 } else { 0.0 };
    let rows_within = |note: &Option<String>| {
        let tall = limits.side.min(limits.area / width_with(note));
        let room = tall - axis_top_with(note) - AXIS_HEIGHT - PAD;
        total_rows.min((room / cell).floor().max(1.0) as usize)
    };
    let mut note = cut_note((total_rows, total_rows), (cols, total_cols));
    let mut rows = rows_within(&note);
    // A note takes a line and may widen the image: fit again with it.
    for _ in 0..2 {
        note = cut_note((rows, total_rows), (cols, total_cols));
        rows = rows_within(&note);
    }
    let axis_top = axis_top_with(&note);
    Frame {
        rows,
        cols,
        axis_top,
        width: width_with(&note),
        height: axis_top + AXIS_HEIGHT + rows as f64 * cell + PAD,
        note,
    }
}

/// Display rows an image reads at a time: a million-row grid gives up
/// after a chunk past the limit rather than after reading every row.
const CHUNK: usize = 256;

/// Whether the cells of `sheet` take at most `limits.rects` rectangles,
/// that is whether [`image`] gives an image; cheap enough to ask on
/// every zoom, since it builds no text.
pub fn fits(sheet: &Sheet<'_>, limits: &ExportLimits) -> bool {
    let frame = frame(sheet, limits);
    let mut count = 0;
    for start in (0..frame.rows).step_by(CHUNK) {
        let rows = start..(start + CHUNK).min(frame.rows);
        count += sheet
            .grid
            .shades(sheet.map, rows, 0..frame.cols, sheet.by)
            .len();
        if count > limits.rects {
            return false;
        }
    }
    true
}

/// The image of `sheet` within `limits`, or `None` when its cells would
/// take more than `limits.rects` rectangles. Rows are read a chunk at a
/// time, so a million-row grid gives up early rather than after computing
/// every cell.
pub fn image(sheet: &Sheet<'_>, limits: &ExportLimits) -> Option<Image> {
    let frame = frame(sheet, limits);
    let (grid, cell) = (sheet.grid, sheet.cell);
    let (left, top) = (PAD + LABEL_WIDTH, frame.axis_top + AXIS_HEIGHT);
    let mut blocks = vec![Block {
        x: 0.0,
        y: 0.0,
        w: frame.width,
        h: frame.height,
        ink: Ink::Page,
        level: 8,
    }];
    let mut texts = heading(sheet, &frame, &mut blocks);
    let first_cell = blocks.len();
    for start in (0..frame.rows).step_by(CHUNK) {
        let rows = start..(start + CHUNK).min(frame.rows);
        // Shades, as the screen paints strips and folded rows: one node a
        // row, they are its runs, each state with its marks.
        let shades = grid.shades(sheet.map, rows, 0..frame.cols, sheet.by);
        blocks.extend(shades.into_iter().map(|s| Block {
            x: left + s.col as f64 * cell,
            y: top + s.row as f64 * cell,
            w: s.len as f64 * cell,
            h: cell,
            ink: Ink::Paint(s.paint),
            level: s.level,
        }));
        if blocks.len() - first_cell > limits.rects {
            return None;
        }
    }
    let lattice = (super::geometry::cell_gap(cell) > 0.0).then_some(Lattice {
        x: left,
        y: top,
        cols: frame.cols,
        rows: frame.rows,
        cell,
    });
    labels(sheet, &frame, &mut texts);
    Some(Image {
        frame,
        blocks,
        lattice,
        texts,
    })
}

/// The title, the legend (its swatches go to `blocks`) and the note.
fn heading(sheet: &Sheet<'_>, frame: &Frame, blocks: &mut Vec<Block>) -> Vec<TextLine> {
    let text = |x: f64, y: f64, text: String, size: f64| TextLine {
        x,
        y,
        text,
        size,
        bold: false,
        centred: false,
    };
    let mut texts = vec![TextLine {
        bold: true,
        ..text(PAD, PAD + 10.0, title_text(sheet.title), TITLE_FONT)
    }];
    let (mut x, y) = (PAD, PAD + 32.0);
    for (name, paint) in legend(sheet.grid, sheet.by) {
        blocks.push(Block {
            x,
            y: y - SWATCH / 2.0,
            w: SWATCH,
            h: SWATCH,
            ink: Ink::Paint(paint),
            level: 8,
        });
        let w = width_of(&name, LEGEND_FONT);
        texts.push(text(x + SWATCH + 4.0, y, name, LEGEND_FONT));
        x += SWATCH + 4.0 + w + 12.0;
    }
    if let Some(note) = &frame.note {
        let room = frame.width - 2.0 * PAD;
        texts.push(text(
            PAD,
            PAD + 50.0,
            fit(note, room, LEGEND_FONT),
            LEGEND_FONT,
        ));
    }
    texts
}

/// The column axis and the row labels, as on screen.
fn labels(sheet: &Sheet<'_>, frame: &Frame, texts: &mut Vec<TextLine>) {
    let (cell, left) = (sheet.cell, PAD + LABEL_WIDTH);
    let top = frame.axis_top + AXIS_HEIGHT;
    let axis = axis(sheet.grid, cell);
    let tick = |col: usize, text: String, y: f64, centred: bool| TextLine {
        x: left + col as f64 * cell + if centred { cell / 2.0 } else { 0.0 },
        y: frame.axis_top + y,
        text,
        size: SMALL_FONT,
        bold: false,
        centred,
    };
    for b in axis.blocks.into_iter().filter(|b| b.col < frame.cols) {
        texts.push(tick(b.col, b.text, AXIS_NAME_Y, false));
    }
    for t in axis.ids.into_iter().filter(|t| t.col < frame.cols) {
        texts.push(tick(t.col, t.text, AXIS_ID_Y, true));
    }
    let font = label_font(cell);
    for l in row_labels(sheet.grid, sheet.map, cell, 0..frame.rows) {
        texts.push(TextLine {
            x: PAD + LABEL_X,
            y: top + l.y(cell),
            text: l.text,
            size: font,
            bold: false,
            centred: false,
        });
    }
}

/// The image as an SVG document, cells coloured by `color`.
pub fn svg(p: &Image, color: impl Fn(Paint) -> &'static str) -> String {
    let (w, h) = (p.frame.width, p.frame.height);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"monospace\">\n"
    );
    let mut marks_used = [false; 3];
    for b in &p.blocks {
        let fill = match b.ink {
            Ink::Paint(paint) => color(paint),
            Ink::Page => PAGE_COLOR,
        };
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"",
            b.x, b.y, b.w, b.h
        );
        if b.level < 8 {
            let _ = write!(out, " fill-opacity=\"{}\"", f64::from(b.level) / 8.0);
        }
        out.push_str("/>\n");
        if let Ink::Paint(paint) = b.ink {
            let used = write_marks(&mut out, b, paint);
            for (was, now) in marks_used.iter_mut().zip(used) {
                *was |= now;
            }
        }
    }
    write_mark_patterns(&mut out, marks_used);
    if let Some(l) = p.lattice {
        let c = l.cell;
        let _ = writeln!(
            out,
            "<pattern id=\"gaps\" patternUnits=\"userSpaceOnUse\" x=\"{}\" y=\"{}\" width=\"{c}\" height=\"{c}\"><rect x=\"{}\" width=\"1\" height=\"{c}\" fill=\"{PAGE_COLOR}\"/><rect y=\"{}\" width=\"{c}\" height=\"1\" fill=\"{PAGE_COLOR}\"/></pattern>",
            l.x, l.y, c - 1.0, c - 1.0
        );
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#gaps)\"/>",
            l.x,
            l.y,
            l.cols as f64 * c,
            l.rows as f64 * c
        );
    }
    for t in &p.texts {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\"",
            t.x, t.y, t.size
        );
        if t.bold {
            out.push_str(" font-weight=\"bold\"");
        }
        if t.centred {
            out.push_str(" text-anchor=\"middle\"");
        }
        let _ = writeln!(
            out,
            " dominant-baseline=\"middle\" fill=\"{TEXT_COLOR}\">{}</text>",
            crate::xml::escape(&t.text)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The second channel of a state's paint ([`super::paint_marks`]):
/// stripes, dots and cross-hatching, each a pattern of one-pixel squares
/// in a tile as the screen lays them (`(x + y) % 5 < 2`, `x % 4 == 1 &&
/// y % 4 == 1`, the two diagonals of 6), in black at two thirds (the
/// screen's ink, a third of the cell's colour).
const MARKS: [(&str, u32); 3] = [("striped", 5), ("dotted", 4), ("crossed", 6)];

/// Whether mark `i` covers pixel `(x, y)` of its tile.
fn marked(i: usize, x: u32, y: u32) -> bool {
    match i {
        0 => (x + y) % 5 < 2,
        1 => x % 4 == 1 && y % 4 == 1,
        _ => x % 6 == y % 6 || (x + y) % 6 == 5,
    }
}

/// Mark `i`'s tile (0 striped, 1 dotted, 2 crossed, as
/// [`super::paint_marks`] orders them): its side and the pixels it inks,
/// for the SVG export's patterns and the PNG export's.
pub fn mark_tile(i: usize) -> (u32, Vec<(u32, u32)>) {
    let side = MARKS.get(i).map_or(1, |m| m.1);
    let inked = (0..side).flat_map(|y| (0..side).map(move |x| (x, y)));
    (side, inked.filter(|&(x, y)| marked(i, x, y)).collect())
}

/// Lay block `b`'s marks over it, if its paint has any; which it used.
fn write_marks(out: &mut String, b: &Block, paint: Paint) -> [bool; 3] {
    let (striped, dotted, crossed) = super::paint_marks(paint);
    let used = [striped, dotted, crossed];
    for (i, _) in used.iter().enumerate().filter(|(_, u)| **u) {
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#{})\"",
            b.x, b.y, b.w, b.h, MARKS[i].0
        );
        if b.level < 8 {
            let _ = write!(out, " fill-opacity=\"{}\"", f64::from(b.level) / 8.0);
        }
        out.push_str("/>\n");
    }
    used
}

/// The patterns of the marks `used`.
fn write_mark_patterns(out: &mut String, used: [bool; 3]) {
    for (i, (id, side)) in MARKS.iter().enumerate().filter(|(i, _)| used[*i]) {
        let mut path = String::new();
        for (x, y) in mark_tile(i).1 {
            let _ = write!(path, "M{x} {y}h1v1h-1z");
        }
        let _ = writeln!(
            out,
            "<pattern id=\"{id}\" patternUnits=\"userSpaceOnUse\" width=\"{side}\" height=\"{side}\"><path d=\"{path}\" fill=\"#000\" fill-opacity=\"0.667\"/></pattern>"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::load;

    const NO_LIMIT: ExportLimits = ExportLimits {
        side: f64::INFINITY,
        area: f64::INFINITY,
        rects: usize::MAX,
    };

    fn grid(text: &str) -> Grid {
        Grid::new(&load(text).unwrap(), None, None)
    }

    #[test]
    fn an_svg_of_node_states_keeps_their_marks() {
        let text = include_str!("../../../../../tests/fixtures/flux-resource/status/example.json");
        let status = crate::resource::ResourceStatus::from_text(text).unwrap();
        let states = super::super::node_states::NodeStates::of(&status, 0.0);
        let payload: serde_json::Value = serde_json::from_str(text).unwrap();
        let g = grid(&payload["R"].to_string());
        let map = RowMap::each(g.rows());
        let by = ColorBy::Overlay(states.overlay);
        let sheet = Sheet {
            grid: &g,
            map: &map,
            by: &by,
            cell: 10.0,
            title: "foo",
        };
        let svg = svg(&image(&sheet, &NO_LIMIT).unwrap(), |_| "#123456");
        // foo2 drained and offline: striped and dotted, on the grid and in
        // the legend; foo1 excluded: cross-hatched, likewise.
        let uses = |id: &str| svg.matches(&format!("fill=\"url(#{id})\"")).count();
        assert_eq!(
            (uses("striped"), uses("dotted"), uses("crossed")),
            (2, 2, 2)
        );
        assert!(svg.contains(
            "<pattern id=\"dotted\" patternUnits=\"userSpaceOnUse\" width=\"4\" height=\"4\">\
             <path d=\"M1 1h1v1h-1z\" fill=\"#000\" fill-opacity=\"0.667\"/></pattern>\n"
        ));
        assert_eq!(svg.matches("<pattern id=\"striped\"").count(), 1);
    }

    #[test]
    fn writes_a_small_grid_as_svg() {
        let g = grid(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}], "nodelist": ["<b&>"]}}"#,
        );
        let map = RowMap::each(1);
        let sheet = Sheet {
            grid: &g,
            map: &map,
            by: &ColorBy::Type,
            cell: 10.0,
            title: "A tiny",
        };
        let p = image(&sheet, &NO_LIMIT).unwrap();
        assert_eq!(
            svg(&p, |_| "#123456"),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"190\" height=\"96\" viewBox=\"0 0 190 96\" font-family=\"monospace\">\n\
             <rect x=\"0\" y=\"0\" width=\"190\" height=\"96\" fill=\"#ffffff\"/>\n\
             <rect x=\"8\" y=\"34\" width=\"12\" height=\"12\" fill=\"#123456\"/>\n\
             <rect x=\"158\" y=\"78\" width=\"20\" height=\"10\" fill=\"#123456\"/>\n\
             <pattern id=\"gaps\" patternUnits=\"userSpaceOnUse\" x=\"158\" y=\"78\" width=\"10\" height=\"10\"><rect x=\"9\" width=\"1\" height=\"10\" fill=\"#ffffff\"/><rect y=\"9\" width=\"10\" height=\"1\" fill=\"#ffffff\"/></pattern>\n\
             <rect x=\"158\" y=\"78\" width=\"20\" height=\"10\" fill=\"url(#gaps)\"/>\n\
             <text x=\"8\" y=\"18\" font-size=\"16\" font-weight=\"bold\" dominant-baseline=\"middle\" fill=\"#1b1f24\">A tiny</text>\n\
             <text x=\"24\" y=\"40\" font-size=\"12\" dominant-baseline=\"middle\" fill=\"#1b1f24\">core</text>\n\
             <text x=\"158\" y=\"58\" font-size=\"10\" dominant-baseline=\"middle\" fill=\"#1b1f24\">core</text>\n\
             <text x=\"163\" y=\"71\" font-size=\"10\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"#1b1f24\">0</text>\n\
             <text x=\"173\" y=\"71\" font-size=\"10\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"#1b1f24\">1</text>\n\
             <text x=\"10\" y=\"83\" font-size=\"10\" dominant-baseline=\"middle\" fill=\"#1b1f24\">&lt;b&amp;&gt; (0)</text>\n\
             </svg>\n"
        );
        let none = ExportLimits {
            rects: 0,
            ..NO_LIMIT
        };
        assert_eq!(image(&sheet, &none), None, "one cell rectangle is too many");
    }

    #[test]
    fn an_svg_of_names_full_of_control_characters_parses_as_xml() {
        let g = grid(
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}], "nodelist": ["a\u0001<b>", "c\u001f\ufffe"]}}"#,
        );
        let map = RowMap::each(2);
        let sheet = Sheet {
            grid: &g,
            map: &map,
            by: &ColorBy::Type,
            cell: 10.0,
            title: "A \u{7} title",
        };
        let svg = svg(&image(&sheet, &NO_LIMIT).unwrap(), |_| "#123456");
        let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        // The two identical nodes share a row, named by both hosts.
        assert!(
            texts.contains(&"a\u{fffd}<b>,c\u{fffd}\u{fffd}"),
            "{texts:?}"
        );
        assert!(texts.contains(&"A \u{fffd} title"), "{texts:?}");
    }

    /// 20 nodes: 16 of 36 cores, then 4 with 4 GPUs too.
    const TWENTY: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-15", "children": {"core": "0-35"}}, {"rank": "16-19", "children": {"core": "0-35", "gpu": "0-3"}}], "nodelist": ["quartz[1-20]"]}}"#;

    #[test]
    fn exports_folds_and_strips_with_the_screen_labels() {
        let g = grid(TWENTY);
        let fold = g.fold(&ColorBy::Type);
        let sheet = |map, cell| Sheet {
            grid: &g,
            map,
            by: &ColorBy::Type,
            cell,
            title: "B quartz",
        };
        let p = image(&sheet(&fold, 18.0), &NO_LIMIT).unwrap();
        let labels: Vec<(f64, &str)> = p
            .texts
            .iter()
            .filter(|t| t.x == PAD + LABEL_X)
            .map(|t| (t.y, t.text.as_str()))
            .collect();
        assert_eq!(
            labels,
            [(87.0, "quartz[1-16] ×16"), (105.0, "quartz[17-20] ×4")]
        );
        assert_eq!((p.frame.width, p.frame.height), (904.0, 122.0));
        let strips = g.strips(64);
        let p = image(&sheet(&strips, 2.0), &NO_LIMIT).unwrap();
        let shaded: Vec<(f64, f64, f64, u8)> = p
            .blocks
            .iter()
            .filter(|b| b.level < 8)
            .map(|b| (b.x, b.y, b.w, b.level))
            .collect();
        // One strip of 20 nodes: 4 of them have GPUs, 2 eighths rounded up.
        assert_eq!(shaded, [(232.0, 78.0, 8.0, 2)]);
        assert_eq!(p.lattice, None, "2-pixel cells have no gaps");
        let svg = svg(&p, |_| "#000");
        assert!(svg.contains(">quartz[1-20]</text>"), "{svg}");
    }

    #[test]
    fn cuts_what_does_not_fit_and_says_so() {
        let g = grid(TWENTY);
        let each = RowMap::each(20);
        let sheet = Sheet {
            grid: &g,
            map: &each,
            by: &ColorBy::Type,
            cell: 18.0,
            title: "C",
        };
        let small = ExportLimits {
            side: 400.0,
            area: f64::INFINITY,
            rects: usize::MAX,
        };
        let f = frame(&sheet, &small);
        assert_eq!((f.rows, f.cols), (16, 13));
        assert_eq!(
            f.note.as_deref(),
            Some("Too large for one picture: shows the first 16 of 20 rows and the first 13 of 41 columns; zoom out to density strips to fit more nodes")
        );
        assert_eq!(f.axis_top, 68.0);
        assert!(f.height <= 400.0, "{}", f.height);
        let all = frame(&sheet, &NO_LIMIT);
        assert_eq!((all.rows, all.cols, all.note), (20, 41, None));
    }
}
