//! The resource grid on a `<canvas>`: only the rows and columns in view are
//! painted, from runs the core computes, so a 16 384-node set costs what its
//! visible part costs. Hover finds the cell arithmetically (the grid is its
//! own spatial index) and shows a text-only tooltip.

use crate::grid::{CellInfo, ColorBy, Grid, Paint};
use crate::rset::Entry;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Height of the grid viewport in CSS pixels.
const VIEW_HEIGHT: f64 = 420.0;
/// Width of the host-name column when labels are drawn.
const LABEL_WIDTH: f64 = 150.0;
/// Cell sizes the zoom steps through, in CSS pixels.
const ZOOMS: [f64; 7] = [2.0, 3.0, 4.0, 6.0, 9.0, 13.0, 18.0];

/// Colour-blind-safe colours (Okabe–Ito), readable on light and dark.
const TYPE_COLORS: [&str; 6] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
];

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

/// An `R_lite` entry whose cells are highlighted (the editor points at it).
#[derive(Clone, Debug, PartialEq)]
pub struct Linked {
    /// The entry.
    pub entry: Entry,
    /// Scroll its first row into view (the caret moved, not the pointer).
    pub reveal: bool,
}

/// The cell under the pointer, for linking it to its entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellRef {
    /// The node's rank.
    pub rank: u32,
    /// The child type.
    pub kind: String,
    /// The resource id.
    pub id: u32,
    /// Whether it was clicked rather than hovered.
    pub clicked: bool,
}

/// Properties of [`GridView`].
#[derive(Properties, Clone)]
pub struct GridProps {
    /// The laid-out grid.
    pub grid: Rc<Grid>,
    /// How cells are coloured.
    pub color_by: Rc<ColorBy>,
    /// Open a selection as a new document (its R, as JSON text).
    pub on_open: Callback<String>,
    /// The entry whose cells to highlight.
    #[prop_or_default]
    pub linked: Option<Linked>,
    /// Told which cell the pointer is on (or clicked).
    #[prop_or_default]
    pub on_cell: Callback<Option<CellRef>>,
}

impl PartialEq for GridProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.grid, &other.grid)
            && Rc::ptr_eq(&self.color_by, &other.color_by)
            && self.on_open == other.on_open
            && self.linked == other.linked
            && self.on_cell == other.on_cell
    }
}

/// A rectangle of cells: where the drag started and where it is now.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Selection {
    anchor: (usize, usize),
    end: (usize, usize),
}

impl Selection {
    fn rows(&self) -> std::ops::Range<usize> {
        self.anchor.0.min(self.end.0)..self.anchor.0.max(self.end.0) + 1
    }
    fn cols(&self) -> std::ops::Range<usize> {
        self.anchor.1.min(self.end.1)..self.anchor.1.max(self.end.1) + 1
    }
}

/// The selection as a reducer, so fast pointer events always extend the
/// latest rectangle rather than the one of the last render.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Picking(Option<Selection>);

/// What the pointer did to the selection.
enum Pick {
    /// Press at a cell; with shift, keep the old anchor.
    Start((usize, usize), bool),
    /// Drag to a cell.
    Extend((usize, usize)),
    /// Forget the selection.
    Clear,
}

impl Reducible for Picking {
    type Action = Pick;

    fn reduce(self: Rc<Self>, action: Pick) -> Rc<Self> {
        let next = match (action, self.0) {
            (Pick::Start(at, true), Some(s)) => Some(Selection {
                anchor: s.anchor,
                end: at,
            }),
            (Pick::Start(at, _), _) => Some(Selection {
                anchor: at,
                end: at,
            }),
            (Pick::Extend(at), Some(s)) if s.end != at => Some(Selection {
                anchor: s.anchor,
                end: at,
            }),
            (Pick::Extend(_), s) => {
                return if s == self.0 {
                    self
                } else {
                    Rc::new(Picking(s))
                }
            }
            (Pick::Clear, None) => return self,
            (Pick::Clear, Some(_)) => None,
        };
        Rc::new(Picking(next))
    }
}

/// The tooltip text for a cell.
fn tooltip(c: &CellInfo) -> String {
    let mut s = format!(
        "{} rank {} — {} {}",
        c.host.as_deref().unwrap_or("(no host name)"),
        c.rank,
        c.kind,
        c.id
    );
    if let Some(state) = c.state {
        s.push_str(&format!(" — {state}"));
    }
    if !c.properties.is_empty() {
        s.push_str(&format!(" — properties: {}", c.properties.join(", ")));
    }
    s
}

/// The canvas grid with zoom controls and a hover tooltip.
#[function_component(GridView)]
pub fn grid_view(props: &GridProps) -> Html {
    let canvas = use_node_ref();
    let scroller = use_node_ref();
    let zoom = use_state(|| 5usize);
    let scroll = use_state(|| (0.0f64, 0.0f64));
    let hover = use_state(|| None::<(f64, f64, String)>);
    let picking = use_reducer(Picking::default);
    let selection = picking.0;
    let cell = ZOOMS[*zoom];
    let labels = cell >= 9.0;
    let left = if labels { LABEL_WIDTH } else { 0.0 };
    let grid = props.grid.clone();
    let total_w = left + grid.width() as f64 * cell;
    let total_h = grid.rows() as f64 * cell;

    // Repaint whenever what is in view changes.
    {
        let (canvas, scroller, grid, by) = (
            canvas.clone(),
            scroller.clone(),
            grid.clone(),
            props.color_by.clone(),
        );
        let deps = (
            *scroll,
            *zoom,
            Rc::as_ptr(&grid) as usize,
            Rc::as_ptr(&by) as usize,
            selection,
            props.linked.as_ref().map(|l| l.entry.clone()),
        );
        use_effect_with(deps, move |deps| {
            paint(
                &canvas,
                &scroller,
                &grid,
                &by,
                cell,
                left,
                deps.4,
                deps.5.as_ref(),
            );
        });
    }
    // The caret moved onto an entry: bring its first row into view.
    {
        let (scroller, grid) = (scroller.clone(), grid.clone());
        use_effect_with(props.linked.clone(), move |linked| {
            let Some(Linked {
                entry,
                reveal: true,
            }) = linked
            else {
                return;
            };
            let Some(el) = scroller.cast::<HtmlElement>() else {
                return;
            };
            let Some(row) = entry.ranks.iter().find_map(|r| grid.row_of_rank(r)) else {
                return;
            };
            let (top, h) = (f64::from(el.scroll_top()), f64::from(el.client_height()));
            let y = row as f64 * cell;
            if y < top || y + cell > top + h {
                el.set_scroll_top((y - h / 3.0).max(0.0) as i32);
            }
        });
    }

    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            let el: HtmlElement = e.target_unchecked_into();
            scroll.set((f64::from(el.scroll_left()), f64::from(el.scroll_top())));
        })
    };
    // The (row, column) under the pointer, if inside the grid.
    let locate = {
        let (grid, scroller) = (grid.clone(), scroller.clone());
        move |e: &MouseEvent| -> Option<(usize, usize)> {
            let el = scroller.cast::<HtmlElement>()?;
            let rect = el.get_bounding_client_rect();
            let x = f64::from(e.client_x()) - rect.left() + f64::from(el.scroll_left()) - left;
            let y = f64::from(e.client_y()) - rect.top() + f64::from(el.scroll_top());
            let (row, col) = ((y / cell) as usize, (x / cell) as usize);
            (x >= 0.0 && y >= 0.0 && row < grid.rows() && col < grid.width()).then_some((row, col))
        }
    };
    // Tell the page which cell the pointer is on, once per cell.
    let last_cell = use_mut_ref(|| None::<CellRef>);
    let report_cell = {
        let (on_cell, last_cell) = (props.on_cell.clone(), last_cell.clone());
        move |c: Option<CellRef>| {
            if *last_cell.borrow() != c {
                last_cell.borrow_mut().clone_from(&c);
                on_cell.emit(c);
            }
        }
    };
    let cell_ref = |c: &CellInfo, clicked: bool| CellRef {
        rank: c.rank,
        kind: c.kind.clone(),
        id: c.id,
        clicked,
    };
    let onmousedown = {
        let (picking, locate, grid, report_cell) = (
            picking.dispatcher(),
            locate.clone(),
            grid.clone(),
            report_cell.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            if let Some(at) = locate(&e) {
                picking.dispatch(Pick::Start(at, e.shift_key()));
                report_cell(grid.cell(at.0, at.1).map(|c| cell_ref(&c, true)));
            }
        })
    };
    let onmousemove = {
        let (hover, grid, scroller, picking, report_cell) = (
            hover.clone(),
            grid.clone(),
            scroller.clone(),
            picking.dispatcher(),
            report_cell.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            let Some(el) = scroller.cast::<HtmlElement>() else {
                return;
            };
            let rect = el.get_bounding_client_rect();
            let at = locate(&e);
            if let (Some(at), 1) = (at, e.buttons()) {
                picking.dispatch(Pick::Extend(at));
            }
            let found = at.and_then(|(row, col)| grid.cell(row, col));
            report_cell(found.as_ref().map(|c| cell_ref(c, false)));
            hover.set(found.map(|c| {
                (
                    f64::from(e.client_x()) - rect.left() + 12.0,
                    f64::from(e.client_y()) - rect.top() + 12.0,
                    tooltip(&c),
                )
            }));
        })
    };
    let onmouseleave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| {
            hover.set(None);
            report_cell(None);
        })
    };
    let zoom_by = |step: isize| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| {
            let z = (*zoom as isize + step).clamp(0, ZOOMS.len() as isize - 1);
            zoom.set(z as usize);
        })
    };
    let legend: Vec<(String, Paint)> = match &*props.color_by {
        ColorBy::Type => grid
            .types()
            .into_iter()
            .enumerate()
            .map(|(i, t)| (t, Paint::Type(i.min(255) as u8)))
            .collect(),
        ColorBy::State => vec![
            ("free".into(), Paint::Free),
            ("allocated".into(), Paint::Allocated),
            ("down".into(), Paint::Down),
        ],
        ColorBy::Property(p) => vec![
            (format!("has {p}"), Paint::Marked),
            (format!("lacks {p}"), Paint::Unmarked),
        ],
        ColorBy::Membership(_) => vec![
            ("also in the other document".into(), Paint::Marked),
            ("only here".into(), Paint::Unmarked),
        ],
    };
    // Hover re-renders this component on every mouse move; the selection's
    // set and the whole-grid SVG are computed only when their inputs change.
    let picked = {
        let grid = grid.clone();
        use_memo((Rc::as_ptr(&grid) as usize, selection), move |(_, sel)| {
            sel.map(|s| grid.select(s.rows(), s.cols()))
        })
    };
    let on_clear = {
        let picking = picking.dispatcher();
        Callback::from(move |_: MouseEvent| picking.dispatch(Pick::Clear))
    };
    let onkeydown = {
        let picking = picking.dispatcher();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                picking.dispatch(Pick::Clear);
            }
        })
    };
    let on_png = {
        let (grid, by) = (grid.clone(), props.color_by.clone());
        Callback::from(move |_: MouseEvent| export_png(&grid, &by, cell))
    };
    let svg_href = {
        let (grid, by) = (grid.clone(), props.color_by.clone());
        let deps = (Rc::as_ptr(&grid) as usize, Rc::as_ptr(&by) as usize, *zoom);
        use_memo(deps, move |_| {
            grid.svg(&by, cell, paint_color, MAX_SVG_RECTS).map(|s| {
                format!(
                    "data:image/svg+xml;charset=utf-8,{}",
                    js_sys::encode_uri_component(&s)
                )
            })
        })
    };
    html! {
        <section class="grid-panel" aria-label="Resource grid" {onkeydown}>
            <div class="grid-tools">
                <button onclick={zoom_by(-1)} aria-label="Zoom out" disabled={*zoom == 0}>{ "−" }</button>
                <button onclick={zoom_by(1)} aria-label="Zoom in" disabled={*zoom + 1 == ZOOMS.len()}>{ "+" }</button>
                <ul class="legend" aria-label="Legend" data-testid="legend">
                    { for legend.iter().map(|(name, p)| html! {
                        <li><span class="swatch" style={format!("background:{}", paint_color(*p))}></span>{ name.clone() }</li>
                    }) }
                </ul>
                <button onclick={on_png} data-testid="export-png">{ "Export PNG" }</button>
                if let Some(href) = (*svg_href).clone() {
                    <a class="button" href={href} download="rscope-grid.svg" data-testid="export-svg">{ "Export SVG" }</a>
                } else {
                    <span class="hint">{ "(too many cells for SVG; use PNG)" }</span>
                }
                <span class="hint">{ format!("{} nodes × {} columns", grid.rows(), grid.width()) }
                    { if grid.clipped() { " — ids above 4095 are not drawn" } else { "" } }</span>
            </div>
            <div class="grid-scroll" ref={scroller} {onscroll} {onmousedown} {onmousemove} {onmouseleave} tabindex="0"
                style={format!("height:{}px", VIEW_HEIGHT.min(total_h + 16.0).max(60.0))} data-testid="grid">
                <div class="grid-spacer" style={format!("width:{total_w}px;height:{total_h}px")}></div>
                <canvas ref={canvas} class="grid-canvas" aria-label={format!("{} nodes drawn as rows of cells; hover a cell for details", grid.rows())}></canvas>
            </div>
            if let Some(set) = (*picked).clone() {
                <div class="selection" data-testid="selection" aria-live="polite">
                    <span>{ "Selected: " }</span>
                    if set.is_empty() {
                        <span class="hint">{ "no resources in the selected cells" }</span>
                    } else {
                        <code data-testid="selection-short">{ set.short_form() }</code>
                        <button onclick={copy_text(set.encode())}>{ "Copy R" }</button>
                        <button onclick={props.on_open.reform({ let r = set.encode(); move |_: MouseEvent| r.clone() })}
                            data-testid="open-selection">{ "Open as new tab" }</button>
                    }
                    <button onclick={on_clear} aria-label="Clear the selection">{ "Clear" }</button>
                </div>
            } else {
                <div class="selection hint">{ "Drag over cells (or click, then shift-click) to select resources as an R." }</div>
            }
            if let Some((x, y, text)) = &*hover {
                <div class="tooltip" role="tooltip" data-testid="tooltip" style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
            }
        </section>
    }
}

/// Past this many rectangles an SVG is too heavy to be useful.
const MAX_SVG_RECTS: usize = 20_000;
/// The largest PNG side, in pixels, the export draws.
const MAX_PNG_SIDE: f64 = 16_384.0;

fn copy_text(text: String) -> Callback<MouseEvent> {
    Callback::from(move |_| {
        let _ = gloo::utils::window()
            .navigator()
            .clipboard()
            .write_text(&text);
    })
}

/// Draw the whole grid on an off-screen canvas (smaller cells when it would
/// be too large) and download it as PNG.
fn export_png(grid: &Grid, by: &ColorBy, cell: f64) {
    let document = gloo::utils::document();
    let Some(canvas) = document
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let fit = |c: f64| {
        (LABEL_WIDTH + grid.width() as f64 * c).max(grid.rows() as f64 * c) <= MAX_PNG_SIDE
    };
    let cell = ZOOMS
        .iter()
        .rev()
        .copied()
        .find(|&c| c <= cell && fit(c))
        .unwrap_or(1.0);
    let (w, h) = (
        LABEL_WIDTH + grid.width() as f64 * cell,
        grid.rows() as f64 * cell,
    );
    let (w, h) = (w.min(MAX_PNG_SIDE), h.min(MAX_PNG_SIDE));
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let Some(ctx) = context_2d(&canvas) else {
        return;
    };
    draw(
        &ctx,
        grid,
        by,
        cell,
        LABEL_WIDTH,
        (0.0, 0.0, w, h),
        None,
        None,
    );
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

/// The canvas's 2D drawing context.
fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Paint the part of the grid in view.
#[allow(clippy::too_many_arguments)]
fn paint(
    canvas: &NodeRef,
    scroller: &NodeRef,
    grid: &Grid,
    by: &ColorBy,
    cell: f64,
    left: f64,
    selection: Option<Selection>,
    linked: Option<&Entry>,
) {
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
    draw(
        &ctx,
        grid,
        by,
        cell,
        left,
        (sx, sy, w, h),
        selection,
        linked,
    );
    crate::web::mark("rscope:grid-painted");
}

/// Draw the window `(sx, sy, w, h)` of the grid (in grid pixels) on `ctx`.
#[allow(clippy::too_many_arguments)]
fn draw(
    ctx: &CanvasRenderingContext2d,
    grid: &Grid,
    by: &ColorBy,
    cell: f64,
    left: f64,
    (sx, sy, w, h): (f64, f64, f64, f64),
    selection: Option<Selection>,
    linked: Option<&Entry>,
) {
    ctx.clear_rect(0.0, 0.0, w, h);
    let first_row = (sy / cell).floor() as usize;
    let last_row = ((sy + h) / cell).ceil() as usize + 1;
    let first_col = ((sx - left).max(0.0) / cell).floor() as usize;
    let last_col = ((sx + w - left) / cell).ceil().max(0.0) as usize + 1;
    let gap = if cell >= 4.0 { 1.0 } else { 0.0 };
    let runs = grid.runs(first_row..last_row, first_col..last_col, by);
    let mut current = None;
    for r in runs {
        if current != Some(r.paint) {
            ctx.set_fill_style_str(paint_color(r.paint));
            current = Some(r.paint);
        }
        let x = left + r.col as f64 * cell - sx;
        let y = r.row as f64 * cell - sy;
        if gap > 0.0 {
            // One rectangle per cell keeps the cell borders visible.
            for i in 0..r.len {
                ctx.fill_rect(x + i as f64 * cell, y, cell - gap, cell - gap);
            }
        } else {
            ctx.fill_rect(x, y, r.len as f64 * cell, cell);
        }
    }
    if let Some(entry) = linked {
        draw_linked(ctx, grid, entry, cell, left, (sx, sy), first_row..last_row);
    }
    if let Some(sel) = selection {
        let (rows, cols) = (sel.rows(), sel.cols());
        ctx.set_stroke_style_str("#CC79A7");
        ctx.set_line_width(2.0);
        ctx.stroke_rect(
            left + cols.start as f64 * cell - sx - 1.0,
            rows.start as f64 * cell - sy - 1.0,
            cols.len() as f64 * cell + 1.0,
            rows.len() as f64 * cell + 1.0,
        );
    }
    if left > 0.0 {
        let dark = gloo::utils::window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
        ctx.set_fill_style_str(if dark { "#0f1419" } else { "#ffffff" });
        ctx.fill_rect(0.0, 0.0, left - 4.0, h);
        ctx.set_fill_style_str(if dark { "#e6edf3" } else { "#1b1f24" });
        ctx.set_font(&format!(
            "{}px ui-monospace, monospace",
            (cell - 2.0).min(13.0)
        ));
        ctx.set_text_baseline("middle");
        for row in first_row..last_row.min(grid.rows()) {
            let y = row as f64 * cell - sy + cell / 2.0;
            // fillText draws text, never markup: host names stay inert.
            let _ = ctx.fill_text_with_max_width(&grid.label(row), 2.0, y, left - 8.0);
        }
    }
}

/// Outline the cells an `R_lite` entry gives, on the rows in view, and tint
/// those rows, so the entry under the editor's pointer stands out.
fn draw_linked(
    ctx: &CanvasRenderingContext2d,
    grid: &Grid,
    entry: &Entry,
    cell: f64,
    left: f64,
    (sx, sy): (f64, f64),
    rows: std::ops::Range<usize>,
) {
    ctx.set_stroke_style_str(LINK_COLOR);
    ctx.set_line_width(2.0);
    for row in rows.start..rows.end.min(grid.rows()) {
        if !grid.rank(row).is_some_and(|r| entry.ranks.contains(r)) {
            continue;
        }
        let y = row as f64 * cell - sy;
        ctx.set_global_alpha(0.18);
        ctx.set_fill_style_str(LINK_COLOR);
        ctx.fill_rect(left - sx, y, grid.width() as f64 * cell, cell);
        ctx.set_global_alpha(1.0);
        for (name, ids) in &entry.children {
            let Some(c) = grid.columns().iter().find(|c| &c.name == name) else {
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

/// The outline of linked cells: black-ish purple, visible on every paint.
const LINK_COLOR: &str = "#5a1e6e";
