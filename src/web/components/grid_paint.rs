//! Drawing the grid on a canvas: the cells in view (as runs, or as shaded
//! strips when rows are folded or grouped), host labels, the selection and
//! the cells of the linked `R_lite` entry. Also the PNG export.

use crate::grid::geometry::{png_layout, MAX_PNG_SIDE};
use crate::grid::pick::CellRect;
use crate::grid::{ColorBy, Grid, Paint, RowMap, Shade};
use crate::rset::Entry;
use std::ops::Range;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};
use yew::prelude::*;

/// Colour-blind-safe colours (Okabe–Ito), readable on light and dark.
const TYPE_COLORS: [&str; 6] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
];

/// The outline of linked cells, light and dark theme: a purple that stands
/// out from every paint.
const LINK_COLOR: [&str; 2] = ["#5a1e6e", "#f0c4ff"];

/// The colour of a paint.
pub fn paint_color(p: Paint) -> &'static str {
    match p {
        Paint::Type(t) => TYPE_COLORS[usize::from(t) % TYPE_COLORS.len()],
        Paint::Free => "#009E73",
        Paint::Allocated => "#0072B2",
        Paint::Down => "#D55E00",
        Paint::Marked => "#E69F00",
        Paint::Unmarked => "#8a939c",
    }
}

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

/// The canvas's 2D drawing context.
fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Whether the page is in the dark theme: the `data-theme` an embed sets,
/// else the system's.
pub fn dark_theme() -> bool {
    let forced = gloo::utils::document()
        .document_element()
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
    let ratio = gloo::utils::window().device_pixel_ratio().max(1.0);
    let (w, h) = (
        f64::from(scroller.client_width()),
        f64::from(scroller.client_height()),
    );
    let (sx, sy) = (
        f64::from(scroller.scroll_left()),
        f64::from(scroller.scroll_top()),
    );
    canvas.set_width((w * ratio) as u32);
    canvas.set_height((h * ratio) as u32);
    let _ = canvas.style().set_property("width", &format!("{w}px"));
    let _ = canvas.style().set_property("height", &format!("{h}px"));
    let _ = canvas
        .style()
        .set_property("transform", &format!("translate({sx}px, {sy}px)"));
    let Some(ctx) = context_2d(&canvas) else {
        return;
    };
    let _ = ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0);
    draw(&ctx, scene, (sx, sy, w, h), ratio, true);
    crate::web::mark("rscope:grid-painted");
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
}

impl Sink for CanvasSink<'_> {
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, paint: Paint, level: u8) {
        if self.current != Some((paint, level)) {
            self.ctx.set_fill_style_str(paint_color(paint));
            self.ctx.set_global_alpha(f64::from(level) / 8.0);
            self.current = Some((paint, level));
        }
        self.ctx.fill_rect(x, y, w, h);
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
        for row in y0..y1 {
            let line = &mut self.data[(row * self.width + x0) * 4..(row * self.width + x1) * 4];
            for px in line.chunks_exact_mut(4) {
                px.copy_from_slice(&[r, g, b, a]);
            }
        }
    }
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
    let gap = if cell >= 4.0 { 1.0 } else { 0.0 };
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
/// whose canvas has `ratio` device pixels per CSS pixel; `pixels` puts the
/// cells in one call rather than one call per rectangle.
fn draw(
    ctx: &CanvasRenderingContext2d,
    s: &Scene<'_>,
    (sx, sy, w, h): (f64, f64, f64, f64),
    ratio: f64,
    pixels: bool,
) {
    let (cell, left) = (s.cell, s.left);
    ctx.clear_rect(0.0, 0.0, w, h);
    let rows = in_view(s, (sx, sy, w, h)).0;
    let (first_row, last_row) = (rows.start, rows.end);
    if pixels {
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
    } else {
        let mut sink = CanvasSink { ctx, current: None };
        draw_cells(&mut sink, s, (sx, sy, w, h));
        ctx.set_global_alpha(1.0);
    }
    if let Some(entry) = s.linked {
        draw_linked(ctx, s, entry, (sx, sy), first_row..last_row);
    }
    if let Some(sel) = &s.selection {
        ctx.set_stroke_style_str("#CC79A7");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(
            left + sel.cols.start as f64 * cell - sx - 1.0,
            sel.rows.start as f64 * cell - sy - 1.0,
            sel.cols.len() as f64 * cell + 1.0,
            sel.rows.len() as f64 * cell + 1.0,
        );
    }
    if let Some((row, col)) = s.cursor {
        // A dashed ring in the text colour, distinct from the selection.
        ctx.set_stroke_style_str(if s.dark { "#e6edf3" } else { "#1b1f24" });
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
    if left > 0.0 {
        ctx.set_fill_style_str(if s.dark { "#0f1419" } else { "#ffffff" });
        ctx.fill_rect(0.0, 0.0, left - 4.0, h);
        ctx.set_fill_style_str(if s.dark { "#e6edf3" } else { "#1b1f24" });
        ctx.set_font(&format!(
            "{}px ui-monospace, monospace",
            (cell - 2.0).min(13.0)
        ));
        ctx.set_text_baseline("middle");
        for row in first_row..last_row {
            let y = row as f64 * cell - sy + cell / 2.0;
            let label = if s.map.is_each() {
                s.grid.label(row)
            } else {
                s.grid.group_label(s.map.range(row))
            };
            // fillText draws text, never markup: host names stay inert.
            let _ = ctx.fill_text_with_max_width(&label, 2.0, y, left - 8.0);
        }
    }
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
    let color = LINK_COLOR[usize::from(s.dark)];
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

/// Draw the whole grid on an off-screen canvas (smaller cells when it would
/// be too large) and download it as PNG.
pub fn export_png(scene: &Scene<'_>, zooms: &[f64]) {
    let document = gloo::utils::document();
    let Some(canvas) = document
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let (grid, rows) = (scene.grid, scene.map.len());
    let (cell, left) = png_layout(zooms, scene.cell, grid.width(), rows);
    let (w, h) = (
        (left + grid.width() as f64 * cell).min(MAX_PNG_SIDE),
        (rows as f64 * cell).min(MAX_PNG_SIDE),
    );
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let Some(ctx) = context_2d(&canvas) else {
        return;
    };
    let scene = Scene {
        cell,
        left,
        selection: None,
        cursor: None,
        linked: None,
        grid: scene.grid,
        map: scene.map,
        by: scene.by,
        dark: scene.dark,
        strips: scene.strips,
        shades: scene.shades,
    };
    draw(&ctx, &scene, (0.0, 0.0, w, h), 1.0, false);
    let Ok(url) = canvas.to_data_url_with_type("image/png") else {
        return;
    };
    if let Some(a) = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download("rscope-grid.png");
        a.click();
    }
}
