//! The resource grid on a `<canvas>`: only the rows and columns in view are
//! painted, from runs the core computes, so a 16 384-node set costs what its
//! visible part costs. Hover finds the cell arithmetically (the grid is its
//! own spatial index) and shows a text-only tooltip. At the lowest zooms
//! nodes collapse into density strips, and identical neighbours can be
//! folded into one row with a count. Arrow keys move a cell cursor, so the
//! grid works without a mouse.

use crate::grid::{CellInfo, ColorBy, Grid, Paint, RowMap, StripInfo};
use crate::rset::Entry;
use crate::web::components::grid_paint::{
    dark_theme, export_png, paint, paint_color, Rect, Scene, LABEL_WIDTH,
};
use std::rc::Rc;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Height of the grid viewport in CSS pixels.
const VIEW_HEIGHT: f64 = 420.0;

/// One zoom level.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Zoom {
    /// Cell size in CSS pixels.
    cell: f64,
    /// Nodes per display row: 1, or more for density strips.
    strip: usize,
}

/// The zoom steps, from whole-machine density strips to large cells.
const ZOOMS: [Zoom; 9] = [
    Zoom {
        cell: 2.0,
        strip: 64,
    },
    Zoom {
        cell: 2.0,
        strip: 8,
    },
    Zoom {
        cell: 2.0,
        strip: 1,
    },
    Zoom {
        cell: 3.0,
        strip: 1,
    },
    Zoom {
        cell: 4.0,
        strip: 1,
    },
    Zoom {
        cell: 6.0,
        strip: 1,
    },
    Zoom {
        cell: 9.0,
        strip: 1,
    },
    Zoom {
        cell: 13.0,
        strip: 1,
    },
    Zoom {
        cell: 18.0,
        strip: 1,
    },
];

/// The zoom a grid opens at: 13-pixel cells with host labels.
const DEFAULT_ZOOM: usize = 7;

/// Cell sizes a PNG export may fall back to.
const PNG_CELLS: [f64; 7] = [2.0, 3.0, 4.0, 6.0, 9.0, 13.0, 18.0];

/// Past this many rectangles an SVG is too heavy to be useful.
const MAX_SVG_RECTS: usize = 20_000;

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

/// A rectangle of display cells: where the drag started and where it is now.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Selection {
    anchor: (usize, usize),
    end: (usize, usize),
}

impl Selection {
    fn rect(&self) -> Rect {
        Rect {
            rows: self.anchor.0.min(self.end.0)..self.anchor.0.max(self.end.0) + 1,
            cols: self.anchor.1.min(self.end.1)..self.anchor.1.max(self.end.1) + 1,
        }
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
pub fn tooltip(c: &CellInfo) -> String {
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

/// The tooltip text for a folded row or a density strip.
pub fn strip_tooltip(s: &StripInfo) -> String {
    let mut out = format!(
        "{} — {} {} on {} of {} nodes",
        s.label, s.kind, s.id, s.present, s.nodes
    );
    if let Some((free, alloc, down)) = s.states {
        out.push_str(&format!(" — {free} free, {alloc} allocated, {down} down"));
    }
    if let Some(m) = s.marked {
        out.push_str(&format!(" — {m} marked"));
    }
    out
}

/// What a display cell holds, as tooltip text and, when it is one node's
/// cell (or a fold of identical ones), the cell to link to its entry.
fn describe(
    grid: &Grid,
    map: &RowMap,
    by: &ColorBy,
    strips: bool,
    (row, col): (usize, usize),
) -> Option<(String, Option<CellInfo>)> {
    if map.is_each() {
        let c = grid.cell(row, col)?;
        return Some((tooltip(&c), Some(c)));
    }
    let group = map.range(row);
    let info = grid.strip_info(group.clone(), col, by)?;
    // Folded rows are identical, so the first one stands for all; a strip
    // of unlike nodes has no one cell to link.
    let first = (!strips && info.present == info.nodes)
        .then(|| grid.cell(group.start, col))
        .flatten();
    Some((strip_tooltip(&info), first))
}

/// The canvas grid with zoom controls, folding and a hover tooltip.
#[function_component(GridView)]
pub fn grid_view(props: &GridProps) -> Html {
    let canvas = use_node_ref();
    let scroller = use_node_ref();
    let zoom = use_state(|| DEFAULT_ZOOM);
    let fold = use_state(|| false);
    let scroll = use_state(|| (0.0f64, 0.0f64));
    let hover = use_state(|| None::<(f64, f64, String)>);
    let cursor = use_state_eq(|| None::<(usize, usize)>);
    // What the keyboard cursor is on, for screen readers (the canvas has
    // no cells to read).
    let announce = use_state_eq(String::new);
    let picking = use_reducer(Picking::default);
    let selection = picking.0;
    let Zoom { cell, strip } = ZOOMS[*zoom];
    let labels = cell >= 9.0;
    let left = if labels { LABEL_WIDTH } else { 0.0 };
    let grid = props.grid.clone();
    let by = props.color_by.clone();
    // Which grid rows each display row shows: computed when the zoom, the
    // folding or the colouring changes, never on a scroll or a hover.
    let map = {
        let (grid, by) = (grid.clone(), by.clone());
        // Only a fold depends on the colouring: recolouring must not reset
        // the selection otherwise.
        let by_dep = if *fold && strip == 1 {
            Rc::as_ptr(&by) as usize
        } else {
            0
        };
        let deps = (Rc::as_ptr(&grid) as usize, by_dep, strip, *fold);
        use_memo(deps, move |&(_, _, strip, fold)| {
            if strip > 1 {
                grid.strips(strip)
            } else if fold {
                grid.fold(&by)
            } else {
                RowMap::each(grid.rows())
            }
        })
    };
    // Density strips: every shade once per map, so scrolling only draws.
    let shades = {
        let (grid, by, map) = (grid.clone(), by.clone(), map.clone());
        use_memo(
            (Rc::as_ptr(&map) as usize, Rc::as_ptr(&by) as usize),
            move |_| (strip > 1).then(|| grid.shades(&map, 0..map.len(), 0..grid.width(), &by)),
        )
    };
    let rows = map.len();
    let total_w = left + grid.width() as f64 * cell;
    let total_h = rows as f64 * cell;

    // A selection or cursor names display rows: a new map makes them stale.
    {
        let (picking, cursor) = (picking.dispatcher(), cursor.clone());
        use_effect_with(Rc::as_ptr(&map) as usize, move |_| {
            picking.dispatch(Pick::Clear);
            cursor.set(None);
        });
    }

    // Repaint whenever what is in view changes.
    {
        let (canvas, scroller, grid, by, map, shades) = (
            canvas.clone(),
            scroller.clone(),
            grid.clone(),
            by.clone(),
            map.clone(),
            shades.clone(),
        );
        let deps = (
            *scroll,
            *zoom,
            Rc::as_ptr(&grid) as usize,
            Rc::as_ptr(&by) as usize,
            Rc::as_ptr(&map) as usize,
            selection,
            props.linked.as_ref().map(|l| l.entry.clone()),
            *cursor,
        );
        use_effect_with(deps, move |deps| {
            let scene = Scene {
                grid: &grid,
                map: &map,
                by: &by,
                cell,
                left,
                selection: deps.5.map(|s| s.rect()),
                cursor: deps.7,
                linked: deps.6.as_ref(),
                dark: dark_theme(),
                strips: strip > 1,
                shades: shades.as_deref(),
            };
            paint(&canvas, &scroller, &scene);
        });
    }
    // The caret moved onto an entry: bring its first row into view.
    {
        let (scroller, grid, map) = (scroller.clone(), grid.clone(), map.clone());
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
            let row = entry
                .ranks
                .iter()
                .find_map(|r| grid.row_of_rank(r))
                .and_then(|r| map.display_row(r));
            if let Some(row) = row {
                scroll_into_view(&el, row, None, cell, left);
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
    // The (display row, column) under the pointer, if inside the grid.
    let locate = {
        let (scroller, width) = (scroller.clone(), grid.width());
        move |e: &MouseEvent| -> Option<(usize, usize)> {
            let el = scroller.cast::<HtmlElement>()?;
            let rect = el.get_bounding_client_rect();
            let x = f64::from(e.client_x()) - rect.left() + f64::from(el.scroll_left()) - left;
            let y = f64::from(e.client_y()) - rect.top() + f64::from(el.scroll_top());
            let (row, col) = ((y / cell) as usize, (x / cell) as usize);
            (x >= 0.0 && y >= 0.0 && row < rows && col < width).then_some((row, col))
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
        let (picking, locate, grid, map, by, report_cell, cursor) = (
            picking.dispatcher(),
            locate.clone(),
            grid.clone(),
            map.clone(),
            by.clone(),
            report_cell.clone(),
            cursor.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            if let Some(at) = locate(&e) {
                picking.dispatch(Pick::Start(at, e.shift_key()));
                // Keyboard moves go on from the clicked cell.
                cursor.set(Some(at));
                let found = describe(&grid, &map, &by, strip > 1, at).and_then(|(_, c)| c);
                report_cell(found.map(|c| cell_ref(&c, true)));
            }
        })
    };
    let onmousemove = {
        let (hover, grid, map, by, scroller, picking, report_cell) = (
            hover.clone(),
            grid.clone(),
            map.clone(),
            by.clone(),
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
            let found = at.and_then(|at| describe(&grid, &map, &by, strip > 1, at));
            report_cell(
                found
                    .as_ref()
                    .and_then(|(_, c)| c.as_ref())
                    .map(|c| cell_ref(c, false)),
            );
            hover.set(found.map(|(text, _)| {
                (
                    f64::from(e.client_x()) - rect.left() + 12.0,
                    f64::from(e.client_y()) - rect.top() + 12.0,
                    text,
                )
            }));
        })
    };
    let onmouseleave = {
        let (hover, report_cell) = (hover.clone(), report_cell.clone());
        Callback::from(move |_: MouseEvent| {
            hover.set(None);
            report_cell(None);
        })
    };
    // Keyboard: arrows move a cell cursor (shift extends the selection),
    // Enter or Space selects the cursor's cell, Escape clears.
    let onkeydown = {
        let announce = announce.clone();
        let (picking, cursor, hover, scroller, grid, map, by, report_cell) = (
            picking.dispatcher(),
            cursor.clone(),
            hover.clone(),
            scroller.clone(),
            grid.clone(),
            map.clone(),
            by.clone(),
            report_cell.clone(),
        );
        let width = grid.width();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if key == "Escape" {
                picking.dispatch(Pick::Clear);
                cursor.set(None);
                hover.set(None);
                return;
            }
            if rows == 0 || width == 0 {
                return;
            }
            let (r, c) = (*cursor).unwrap_or((0, 0));
            let next = match key.as_str() {
                "ArrowUp" => (r.saturating_sub(1), c),
                "ArrowDown" => ((r + 1).min(rows - 1), c),
                "ArrowLeft" => (r, c.saturating_sub(1)),
                "ArrowRight" => (r, (c + 1).min(width - 1)),
                "Home" => (r, 0),
                "End" => (r, width - 1),
                "Enter" | " " => {
                    e.prevent_default();
                    picking.dispatch(Pick::Start((r, c), e.shift_key()));
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            if e.shift_key() {
                if selection.is_none() {
                    picking.dispatch(Pick::Start((r, c), false));
                }
                picking.dispatch(Pick::Extend(next));
            }
            cursor.set(Some(next));
            let Some(el) = scroller.cast::<HtmlElement>() else {
                return;
            };
            scroll_into_view(&el, next.0, Some(next.1), cell, left);
            let x = left + next.1 as f64 * cell - f64::from(el.scroll_left()) + 12.0;
            let y = (next.0 + 1) as f64 * cell - f64::from(el.scroll_top()) + 4.0;
            let found = describe(&grid, &map, &by, strip > 1, next);
            report_cell(
                found
                    .as_ref()
                    .and_then(|(_, c)| c.as_ref())
                    .map(|c| cell_ref(c, false)),
            );
            let text = found.map_or_else(|| "no resource here".to_string(), |(text, _)| text);
            announce.set(text.clone());
            hover.set(Some((x, y, text)));
        })
    };
    let zoom_by = |step: isize| {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| {
            let z = (*zoom as isize + step).clamp(0, ZOOMS.len() as isize - 1);
            zoom.set(z as usize);
        })
    };
    let on_fold = {
        let fold = fold.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            fold.set(input.checked());
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
        let (grid, map) = (grid.clone(), map.clone());
        use_memo(
            (
                Rc::as_ptr(&grid) as usize,
                Rc::as_ptr(&map) as usize,
                selection,
            ),
            move |(_, _, sel)| {
                sel.map(|s| {
                    let r = s.rect();
                    grid.select(map.grid_rows(r.rows), r.cols)
                })
            },
        )
    };
    let on_clear = {
        let picking = picking.dispatcher();
        Callback::from(move |_: MouseEvent| picking.dispatch(Pick::Clear))
    };
    let on_png = {
        let (grid, by, map, shades) = (grid.clone(), by.clone(), map.clone(), shades.clone());
        Callback::from(move |_: MouseEvent| {
            let scene = Scene {
                grid: &grid,
                map: &map,
                by: &by,
                cell,
                left: LABEL_WIDTH,
                selection: None,
                cursor: None,
                linked: None,
                dark: false,
                strips: strip > 1,
                shades: shades.as_deref(),
            };
            export_png(&scene, &PNG_CELLS);
        })
    };
    let svg_href = {
        let (grid, by) = (grid.clone(), by.clone());
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
    let shape = if strip > 1 {
        format!(
            "{} nodes in {} strip{} of {} — opacity shows how many nodes have each resource",
            grid.rows(),
            rows,
            if rows == 1 { "" } else { "s" },
            strip
        )
    } else if *fold {
        format!(
            "{} nodes in {} rows — identical neighbours folded",
            grid.rows(),
            rows
        )
    } else {
        format!("{} nodes × {} columns", grid.rows(), grid.width())
    };
    html! {
        <section class="grid-panel" aria-label="Resource grid">
            <div class="grid-tools">
                <button onclick={zoom_by(-1)} aria-label="Zoom out" disabled={*zoom == 0}>{ "−" }</button>
                <button onclick={zoom_by(1)} aria-label="Zoom in" disabled={*zoom + 1 == ZOOMS.len()}>{ "+" }</button>
                <label class="inline check">
                    <input type="checkbox" checked={*fold} onchange={on_fold} disabled={strip > 1} data-testid="fold" />
                    { " fold identical nodes" }
                </label>
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
                <span class="hint" data-testid="grid-shape">{ shape }
                    { if grid.clipped() { " — ids above 4095 are not drawn" } else { "" } }</span>
            </div>
            // The frame starts where the scroller does, so the tooltip's
            // coordinates (from the scroller's corner) place it right.
            <div class="grid-frame">
            <div class="grid-scroll" ref={scroller} {onscroll} {onmousedown} {onmousemove} {onmouseleave} {onkeydown} tabindex="0"
                aria-label="Resource grid: arrow keys move, shift extends the selection, Enter selects, Escape clears"
                style={format!("height:{}px", VIEW_HEIGHT.min(total_h + 16.0).max(60.0))} data-testid="grid"
                data-linked={props.linked.as_ref().map(|l| l.entry.ranks.to_string())}
                data-label-width={left.to_string()} data-cell={cell.to_string()}>
                <div class="grid-spacer" style={format!("width:{total_w}px;height:{total_h}px")}></div>
                <canvas ref={canvas} class="grid-canvas" aria-hidden="true"></canvas>
            </div>
            <p class="visually-hidden" aria-live="polite" data-testid="grid-announce">{ (*announce).clone() }</p>
            if let Some((x, y, text)) = &*hover {
                <div class="tooltip" role="tooltip" data-testid="tooltip" style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
            }
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
                        <details class="selection-json">
                            <summary>{ "R as JSON" }</summary>
                            <pre data-testid="selection-json">{ set.encode() }</pre>
                        </details>
                    }
                    <button onclick={on_clear} aria-label="Clear the selection">{ "Clear" }</button>
                </div>
            } else {
                <div class="selection hint">{ "Drag over cells (or click, then shift-click) to select resources as an R; with the keyboard, arrows and shift-arrows. A cell under the pointer highlights its R_lite entry in the editor (a click scrolls to it), and an entry under the pointer outlines its cells here." }</div>
            }
        </section>
    }
}

/// Scroll `el` so display row `row` (and column `col`, if given) is in view.
fn scroll_into_view(el: &HtmlElement, row: usize, col: Option<usize>, cell: f64, left: f64) {
    let (top, h) = (f64::from(el.scroll_top()), f64::from(el.client_height()));
    let y = row as f64 * cell;
    if y < top || y + cell > top + h {
        el.set_scroll_top((y - h / 3.0).max(0.0) as i32);
    }
    if let Some(col) = col {
        let (sl, w) = (f64::from(el.scroll_left()), f64::from(el.client_width()));
        let x = left + col as f64 * cell;
        if x - left < sl || x + cell > sl + w {
            el.set_scroll_left((x - left - w / 3.0).max(0.0) as i32);
        }
    }
}

fn copy_text(text: String) -> Callback<MouseEvent> {
    Callback::from(move |_| {
        let _ = gloo::utils::window()
            .navigator()
            .clipboard()
            .write_text(&text);
    })
}
