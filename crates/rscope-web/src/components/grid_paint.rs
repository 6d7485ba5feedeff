//! Drawing the grid on a canvas: the cells in view (as runs, or as shaded
//! strips when rows are folded or grouped), row labels, the column axis,
//! the selection and the cells of the linked `R_lite` entry. Also the PNG
//! export, which draws the core's export image ([`rscope_core::grid::export`]).
//!
//! The canvases say what they drew for tests: the cells' canvas names its
//! row labels in `data-row-labels` (one a line), the axis its ids in
//! `data-axis`, as [`describe`] words them.

use rscope_core::grid::axes::{
    axis, describe, row_labels, AXIS_ID_Y, AXIS_NAME_Y, LABEL_ROOM, LABEL_X,
};
use rscope_core::grid::export::{svg, Image, Ink, PAGE_COLOR, TEXT_COLOR};
use rscope_core::grid::geometry::{label_font, label_stride, AXIS_HEIGHT, CHAR_EM, SMALL_FONT};
use rscope_core::grid::pick::CellRect;
use rscope_core::grid::{ColorBy, Grid, Paint, RowMap, Shade};
use rscope_core::rset::Entry;
use std::ops::Range;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

pub use rscope_core::grid::paint_color;

/// What to draw and how.
pub struct Scene<'a> {
    /// The grid.
    pub grid: &'a Grid,
    /// Which grid rows each display row shows.
    pub map: &'a RowMap,
    /// How cells are coloured.
    pub by: &'a ColorBy,
    /// Cell size in CSS pixels.
    pub cell: f64,
    /// Width of the label column (0 when labels are off).
    pub left: f64,
    /// The selected rectangle.
    pub selection: Option<CellRect>,
    /// The keyboard cursor's display cell.
    pub cursor: Option<(usize, usize)>,
    /// The entry whose cells to outline.
    pub linked: Option<&'a Entry>,
    /// Dark theme colours for the labels.
    pub dark: bool,
    /// Whether display rows are density strips (groups of unlike nodes).
    pub strips: bool,
    /// Every shade of the map, computed once, in display-row order: a
    /// screen of strips covers thousands of nodes, too many to read per
    /// scroll.
    pub shades: Option<&'a [Shade]>,
}

/// Whether the page is in the dark theme: the `data-theme` an embed sets
/// (on the `<rscope-view>` box around `near`, or the iframe's page), else
/// the system's.
pub fn dark_theme(near: Option<&web_sys::Element>) -> bool {
    let forced = near
        .and_then(|e| e.closest("[data-theme]").ok().flatten())
        .or_else(|| gloo::utils::document().document_element())
        .and_then(|e| e.get_attribute("data-theme"));
    if let Some(theme) = forced {
        return theme == "dark";
    }
    gloo::utils::window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// Paint the part of the grid in `scroller`'s view onto `canvas`, which
/// sits over that view.
pub fn paint(canvas: &NodeRef, scroller: &NodeRef, scene: &Scene<'_>) {
    let (Some(canvas), Some(scroller)) = (
        canvas.cast::<HtmlCanvasElement>(),
        scroller.cast::<HtmlElement>(),
    ) else {
        return;
    };
    // The canvas is moved with the scroll, and a moved box widens what
    // can be scrolled: put back first, so that the scroll offsets read
    // below are the ones the grid itself allows (after a zoom out, the old
    // offset would otherwise hold the view past the grid's end).
    let _ = canvas.style().set_property("transform", "none");
    let (w, h) = (
        f64::from(scroller.client_width()),
        f64::from(scroller.client_height()),
    );
    let (sx, sy) = (
        f64::from(scroller.scroll_left()),
        f64::from(scroller.scroll_top()),
    );
    let _ = canvas
        .style()
        .set_property("transform", &format!("translate({sx}px, {sy}px)"));
    let Some((ctx, ratio)) = crate::canvas::fit(&canvas, w, h) else {
        return;
    };
    let labels = draw(&ctx, scene, (sx, sy, w, h), ratio);
    let _ = canvas.set_attribute("data-row-labels", &labels);
    crate::task::mark("rscope:grid-painted");
}

/// The text colour and the background of the page's theme.
fn inks(dark: bool) -> (&'static str, &'static str) {
    use rscope_core::palette::{PAGE, TEXT};
    (TEXT[usize::from(dark)], PAGE[usize::from(dark)])
}

/// Paint the column axis over the columns in `scroller`'s view onto
/// `canvas`, which sits above the scroller: sticky while the rows scroll.
/// A block whose start has scrolled away keeps its name at the left edge.
pub fn paint_axis(canvas: &NodeRef, scroller: &NodeRef, scene: &Scene<'_>) {
    let (Some(canvas), Some(scroller)) = (
        canvas.cast::<HtmlCanvasElement>(),
        scroller.cast::<HtmlElement>(),
    ) else {
        return;
    };
    let (w, h) = (f64::from(scroller.client_width()), AXIS_HEIGHT);
    let sx = f64::from(scroller.scroll_left());
    let Some((ctx, _)) = crate::canvas::fit(&canvas, w, h) else {
        return;
    };
    let (cell, left) = (scene.cell, scene.left);
    let (fg, bg) = inks(scene.dark);
    ctx.clear_rect(0.0, 0.0, w, h);
    ctx.set_fill_style_str(fg);
    ctx.set_font(&format!("{SMALL_FONT}px ui-monospace, monospace"));
    ctx.set_text_baseline("middle");
    let axis = axis(scene.grid, cell);
    let cols = in_view(scene, (sx, 0.0, w, 0.0)).1;
    ctx.set_text_align("center");
    for t in axis.ids.iter().filter(|t| cols.contains(&t.col)) {
        let x = left + t.col as f64 * cell + cell / 2.0 - sx;
        let _ = ctx.fill_text(&t.text, x, AXIS_ID_Y);
    }
    ctx.set_text_align("left");
    let columns = scene.grid.columns();
    for b in &axis.blocks {
        let Some(c) = columns.iter().find(|c| c.offset == b.col) else {
            continue;
        };
        let start = left + c.offset as f64 * cell - sx;
        let end = start + c.width as f64 * cell;
        // Kept at the left edge while the block is in view, if it fits.
        let x = start.max(left);
        let name_w = b.text.chars().count() as f64 * SMALL_FONT * CHAR_EM;
        if x == start || x + name_w <= end {
            let _ = ctx.fill_text(&b.text, x, AXIS_NAME_Y);
        }
    }
    ctx.set_fill_style_str(bg);
    ctx.fill_rect(0.0, 0.0, left - 4.0, h);
    let _ = canvas.set_attribute("data-axis", &describe(&axis, cols));
}

/// Where cell rectangles go: canvas calls (the PNG export) or a pixel
/// buffer put on the canvas in one call (the view: a screen of density
/// strips is tens of thousands of rectangles, too many canvas calls for a
/// smooth scroll).
trait Sink {
    /// Fill `(x, y, w, h)` (CSS pixels of the window) with `paint` at
    /// `level` eighths of opacity.
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, paint: Paint, level: u8);
}

/// Canvas calls, with the fill style set only when it changes.
struct CanvasSink<'a> {
    ctx: &'a CanvasRenderingContext2d,
    current: Option<(Paint, u8)>,
    /// The marks' patterns (striped, dotted, crossed), made when first
    /// laid.
    marks: [Option<web_sys::CanvasPattern>; 3],
}

impl Sink for CanvasSink<'_> {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, paint: Paint, level: u8) {
        if self.current != Some((paint, level)) {
            self.ctx.set_fill_style_str(paint_color(paint));
            self.ctx.set_global_alpha(f64::from(level) / 8.0);
            self.current = Some((paint, level));
        }
        self.ctx.fill_rect(x, y, w, h);
        // The PNG export marks a state as its SVG export does.
        let (striped, dotted, crossed) = rscope_core::grid::paint_marks(paint);
        for (i, _) in [striped, dotted, crossed]
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
        {
            if let Some(pattern) = self.pattern(i) {
                self.ctx.set_fill_style_canvas_pattern(&pattern);
                self.ctx.fill_rect(x, y, w, h);
                self.current = None;
            }
        }
    }
}

impl CanvasSink<'_> {
    /// Mark `i`'s pattern: its tile ([`rscope_core::grid::export::mark_tile`])
    /// in black at two thirds, repeated from the canvas's corner.
    fn pattern(&mut self, i: usize) -> Option<web_sys::CanvasPattern> {
        if self.marks[i].is_none() {
            let tile: HtmlCanvasElement = gloo::utils::document()
                .create_element("canvas")
                .ok()?
                .dyn_into()
                .ok()?;
            let (side, inked) = rscope_core::grid::export::mark_tile(i);
            tile.set_width(side);
            tile.set_height(side);
            let ctx = crate::canvas::context_2d(&tile)?;
            ctx.set_fill_style_str("rgba(0, 0, 0, 0.667)");
            for (x, y) in inked {
                ctx.fill_rect(f64::from(x), f64::from(y), 1.0, 1.0);
            }
            self.marks[i] = self
                .ctx
                .create_pattern_with_html_canvas_element(&tile, "repeat")
                .ok()?;
        }
        self.marks[i].clone()
    }
}

/// RGBA pixels in device pixels, transparent where nothing is drawn.
struct PixelSink {
    width: usize,
    height: usize,
    ratio: f64,
    data: Vec<u8>,
}

impl Sink for PixelSink {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, paint: Paint, level: u8) {
        let clamp = |v: f64, max: usize| (v * self.ratio).round().clamp(0.0, max as f64) as usize;
        let (x0, x1) = (clamp(x, self.width), clamp(x + w, self.width));
        let (y0, y1) = (clamp(y, self.height), clamp(y + h, self.height));
        let [r, g, b] = paint_rgb(paint);
        let a = (u16::from(level.min(8)) * 255 / 8) as u8;
        let (striped, dotted, crossed) = rscope_core::grid::paint_marks(paint);
        if !(striped || dotted || crossed) {
            for row in y0..y1 {
                let line = &mut self.data[(row * self.width + x0) * 4..(row * self.width + x1) * 4];
                for px in line.chunks_exact_mut(4) {
                    px.copy_from_slice(&[r, g, b, a]);
                }
            }
            return;
        }
        let ink = mark_ink([r, g, b]);
        // Marks are laid from the rectangle's own corner (in view or not),
        // in CSS pixels, so they keep to their cells while the grid scrolls.
        let css =
            |d: usize, from: f64| ((d as f64 - from * self.ratio) / self.ratio).max(0.0) as usize;
        for row in y0..y1 {
            let line = &mut self.data[(row * self.width + x0) * 4..(row * self.width + x1) * 4];
            let dy = css(row, y);
            for (i, px) in line.chunks_exact_mut(4).enumerate() {
                let dx = css(x0 + i, x);
                let marked = (striped && (dx + dy) % 5 < 2)
                    || (dotted && dx % 4 == 1 && dy % 4 == 1)
                    || (crossed && (dx % 6 == dy % 6 || (dx + dy) % 6 == 5));
                let [r, g, b] = if marked { ink } else { [r, g, b] };
                px.copy_from_slice(&[r, g, b, a]);
            }
        }
    }
}

/// The ink of a paint's stripes and dots: a third of its colour, dark
/// enough on each category colour.
fn mark_ink(rgb: [u8; 3]) -> [u8; 3] {
    rgb.map(|c| c / 3)
}

/// A paint's colour as red, green and blue bytes.
fn paint_rgb(p: Paint) -> [u8; 3] {
    let hex = paint_color(p).trim_start_matches('#');
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    [byte(0), byte(2), byte(4)]
}

/// The rows and columns of the grid in the window `(sx, sy, w, h)`.
fn in_view(s: &Scene<'_>, (sx, sy, w, h): (f64, f64, f64, f64)) -> (Range<usize>, Range<usize>) {
    let (cell, left) = (s.cell, s.left);
    let first_row = (sy / cell).floor() as usize;
    let last_row = (((sy + h) / cell).ceil() as usize + 1).min(s.map.len());
    let first_col = ((sx - left).max(0.0) / cell).floor() as usize;
    let last_col = ((sx + w - left) / cell).ceil().max(0.0) as usize + 1;
    (first_row..last_row, first_col..last_col)
}

/// Send the cells in the window `(sx, sy, w, h)` (grid pixels) to `sink`.
fn draw_cells(sink: &mut impl Sink, s: &Scene<'_>, (sx, sy, w, h): (f64, f64, f64, f64)) {
    let (cell, left) = (s.cell, s.left);
    let (rows, cols) = in_view(s, (sx, sy, w, h));
    let gap = rscope_core::grid::geometry::cell_gap(cell);
    let mut fill = |row: usize, col: usize, len: usize, paint: Paint, level: u8| {
        let x = left + col as f64 * cell - sx;
        let y = row as f64 * cell - sy;
        if gap > 0.0 {
            // One rectangle per cell keeps the cell borders visible.
            for i in 0..len {
                sink.rect(x + i as f64 * cell, y, cell - gap, cell - gap, paint, level);
            }
        } else {
            sink.rect(x, y, len as f64 * cell, cell, paint, level);
        }
    };
    if s.map.is_each() {
        for r in s.grid.runs(rows, cols, s.by) {
            fill(r.row, r.col, r.len, r.paint, 8);
        }
        return;
    }
    // Folded rows and density strips: the share of nodes holding a
    // resource is the opacity, in eighths.
    let computed;
    let shades = match s.shades {
        Some(all) => {
            let a = all.partition_point(|r| r.row < rows.start);
            let b = all.partition_point(|r| r.row < rows.end);
            &all[a..b]
        }
        None => {
            computed = s.grid.shades(s.map, rows, cols.clone(), s.by);
            &computed[..]
        }
    };
    for r in shades
        .iter()
        .filter(|r| r.col < cols.end && r.col + r.len > cols.start)
    {
        fill(r.row, r.col, r.len, r.paint, r.level);
    }
}

/// Draw the window `(sx, sy, w, h)` of the grid (in grid pixels) on `ctx`,
/// whose canvas has `ratio` device pixels per CSS pixel, the cells put in
/// one call rather than one call per rectangle. Returns the row labels
/// drawn, one a line.
fn draw(
    ctx: &CanvasRenderingContext2d,
    s: &Scene<'_>,
    (sx, sy, w, h): (f64, f64, f64, f64),
    ratio: f64,
) -> String {
    let (cell, left) = (s.cell, s.left);
    ctx.clear_rect(0.0, 0.0, w, h);
    let rows = in_view(s, (sx, sy, w, h)).0;
    let (first_row, last_row) = (rows.start, rows.end);
    {
        // The same truncation as the canvas size set in `paint`.
        let (width, height) = ((w * ratio) as usize, (h * ratio) as usize);
        let mut sink = PixelSink {
            width,
            height,
            ratio,
            data: vec![0; width * height * 4],
        };
        draw_cells(&mut sink, s, (sx, sy, w, h));
        let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
            wasm_bindgen::Clamped(&sink.data),
            width as u32,
            height as u32,
        );
        if let Ok(image) = image {
            let _ = ctx.put_image_data(&image, 0.0, 0.0);
        }
    }
    if let Some(entry) = s.linked {
        draw_linked(ctx, s, entry, (sx, sy), first_row..last_row);
    }
    if let Some(sel) = &s.selection {
        draw_selection(ctx, s, sel, (sx, sy, w, h));
    }
    if let Some((row, col)) = s.cursor {
        // A dashed ring in the text colour, distinct from the selection.
        ctx.set_stroke_style_str(inks(s.dark).0);
        ctx.set_line_width(2.0);
        let dash = js_sys::Array::of2(&3.0.into(), &2.0.into());
        let _ = ctx.set_line_dash(&dash);
        ctx.stroke_rect(
            left + col as f64 * cell - sx - 1.0,
            row as f64 * cell - sy - 1.0,
            cell + 1.0,
            cell + 1.0,
        );
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    }
    draw_labels(ctx, s, (sy, h), first_row..last_row)
}

/// The selection: a tint of the text colour with a hatch over its cells
/// and a solid ring, so it reads over every paint in both themes and
/// differs from the dashed keyboard cursor. Only the part in the window
/// `(sx, sy, w, h)` is hatched; the hatch keeps to the grid, so it does
/// not crawl while scrolling.
fn draw_selection(
    ctx: &CanvasRenderingContext2d,
    s: &Scene<'_>,
    sel: &CellRect,
    (sx, sy, w, h): (f64, f64, f64, f64),
) {
    let (cell, left) = (s.cell, s.left);
    let ink = inks(s.dark).0;
    let x = left + sel.cols.start as f64 * cell - sx;
    let y = sel.rows.start as f64 * cell - sy;
    let (sw, sh) = (sel.cols.len() as f64 * cell, sel.rows.len() as f64 * cell);
    let (x0, y0) = (x.max(-2.0), y.max(-2.0));
    let (x1, y1) = ((x + sw).min(w + 2.0), (y + sh).min(h + 2.0));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    ctx.save();
    ctx.begin_path();
    ctx.rect(x0, y0, x1 - x0, y1 - y0);
    ctx.clip();
    ctx.set_fill_style_str(ink);
    ctx.set_global_alpha(0.3);
    ctx.fill_rect(x0, y0, x1 - x0, y1 - y0);
    ctx.set_global_alpha(0.7);
    ctx.set_stroke_style_str(ink);
    ctx.set_line_width(1.0);
    ctx.begin_path();
    // Lines where grid x + y is a multiple of 6, from the window's corner.
    let shift = (sx + sy).rem_euclid(6.0);
    let mut c = x0 + y0 - shift - 6.0;
    while c <= x1 + y1 {
        ctx.move_to(c - y0, y0);
        ctx.line_to(c - y1, y1);
        c += 6.0;
    }
    ctx.stroke();
    ctx.restore();
    ctx.set_stroke_style_str(ink);
    ctx.set_line_width(2.0);
    ctx.stroke_rect(x - 1.0, y - 1.0, sw + 1.0, sh + 1.0);
}

/// The label column over rows `rows` at the window's top `sy`, of height
/// `h`: sticky at the left, a label a row at large cells and a label a span
/// of rows at small ones (a rule marks where each span starts). Returns
/// the labels drawn, one a line.
fn draw_labels(
    ctx: &CanvasRenderingContext2d,
    s: &Scene<'_>,
    (sy, h): (f64, f64),
    rows: Range<usize>,
) -> String {
    let (cell, left) = (s.cell, s.left);
    let (fg, bg) = inks(s.dark);
    ctx.set_fill_style_str(bg);
    ctx.fill_rect(0.0, 0.0, left - 4.0, h);
    ctx.set_fill_style_str(fg);
    ctx.set_font(&format!("{}px ui-monospace, monospace", label_font(cell)));
    ctx.set_text_baseline("middle");
    let spans = label_stride(cell) > 1;
    let labels = row_labels(s.grid, s.map, cell, rows);
    for l in &labels {
        if spans {
            ctx.set_global_alpha(0.35);
            ctx.fill_rect(LABEL_X, l.rows.start as f64 * cell - sy, LABEL_ROOM, 1.0);
            ctx.set_global_alpha(1.0);
        }
        // fillText draws text, never markup: host names stay inert.
        let _ = ctx.fill_text_with_max_width(&l.text, LABEL_X, l.y(cell) - sy, LABEL_ROOM);
    }
    let texts: Vec<&str> = labels.iter().map(|l| l.text.as_str()).collect();
    texts.join("\n")
}

/// Tint the display rows holding a rank of `entry` and outline the cells it
/// gives them, so the entry under the editor's pointer stands out.
fn draw_linked(
    ctx: &CanvasRenderingContext2d,
    s: &Scene<'_>,
    entry: &Entry,
    (sx, sy): (f64, f64),
    rows: Range<usize>,
) {
    let (cell, left) = (s.cell, s.left);
    let color = rscope_core::palette::LINK[usize::from(s.dark)];
    ctx.set_stroke_style_str(color);
    ctx.set_line_width(2.0);
    for d in rows {
        let group = s.map.range(d);
        if !group.clone().any(|r| {
            s.grid
                .rank(r)
                .is_some_and(|rank| entry.ranks.contains(rank))
        }) {
            continue;
        }
        let y = d as f64 * cell - sy;
        ctx.set_global_alpha(0.18);
        ctx.set_fill_style_str(color);
        ctx.fill_rect(left - sx, y, s.grid.width() as f64 * cell, cell);
        ctx.set_global_alpha(1.0);
        // In a density strip, other nodes share the cells: tint only.
        if s.strips && group.len() > 1 {
            continue;
        }
        for (name, ids) in &entry.children {
            let Some(c) = s.grid.columns().iter().find(|c| &c.name == name) else {
                continue;
            };
            for &(a, b) in ids.ranges() {
                let (a, b) = (a as usize, (b as usize).min(c.width.saturating_sub(1)));
                if a > b {
                    continue;
                }
                let x = left + (c.offset + a) as f64 * cell - sx;
                ctx.stroke_rect(
                    x + 1.0,
                    y + 1.0,
                    (b - a + 1) as f64 * cell - 2.0,
                    cell - 2.0,
                );
            }
        }
    }
}

/// Draw an export image on an off-screen canvas and download it as PNG.
pub fn export_png(image: &Image) {
    let document = gloo::utils::document();
    let Some(canvas) = document
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let (w, h) = (image.frame.width, image.frame.height);
    let Some(ctx) = crate::canvas::fit_export(&canvas, w, h) else {
        return;
    };
    draw_image(&ctx, image);
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        download(&url, "rscope-grid.png");
    }
}

/// Export an image as SVG: written out and downloaded on demand, never
/// kept in the page.
pub fn export_svg(image: &Image) {
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(&svg(image, paint_color))
    );
    download(&url, "rscope-grid.svg");
}

/// Download `url` as file `name`, as a link with a `download` attribute.
pub(crate) fn download(url: &str, name: &str) {
    if let Some(a) = gloo::utils::document()
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(url);
        a.set_download(name);
        a.click();
    }
}

/// Draw `p` on `ctx` as its SVG shows it: blocks, the gaps between cells,
/// then the texts.
fn draw_image(ctx: &CanvasRenderingContext2d, p: &Image) {
    let mut sink = CanvasSink {
        ctx,
        current: None,
        marks: Default::default(),
    };
    for b in &p.blocks {
        match b.ink {
            Ink::Paint(paint) => sink.rect(b.x, b.y, b.w, b.h, paint, b.level),
            Ink::Page => {
                sink.current = None;
                ctx.set_global_alpha(1.0);
                ctx.set_fill_style_str(PAGE_COLOR);
                ctx.fill_rect(b.x, b.y, b.w, b.h);
            }
        }
    }
    ctx.set_global_alpha(1.0);
    if let Some(l) = p.lattice {
        ctx.set_fill_style_str(PAGE_COLOR);
        let (w, h) = (l.cols as f64 * l.cell, l.rows as f64 * l.cell);
        for c in 1..=l.cols {
            ctx.fill_rect(l.x + c as f64 * l.cell - 1.0, l.y, 1.0, h);
        }
        for r in 1..=l.rows {
            ctx.fill_rect(l.x, l.y + r as f64 * l.cell - 1.0, w, 1.0);
        }
    }
    ctx.set_fill_style_str(TEXT_COLOR);
    ctx.set_text_baseline("middle");
    for t in &p.texts {
        let weight = if t.bold { "bold " } else { "" };
        ctx.set_font(&format!("{weight}{}px ui-monospace, monospace", t.size));
        ctx.set_text_align(if t.centred { "center" } else { "left" });
        let _ = ctx.fill_text(&t.text, t.x, t.y);
    }
}
