//! The resource grid on a `<canvas>`: only the rows and columns in view are
//! painted, from runs the core computes, so a 16 384-node set costs what its
//! visible part costs. Hover finds the cell arithmetically (the grid is its
//! own spatial index) and shows a text-only tooltip. At the lowest zooms
//! nodes collapse into density strips, and identical neighbours can be
//! folded into one row with a count. Arrow keys move a cell cursor, so the
//! grid works without a mouse. Geometry, words, the selection and the keys
//! are the core's ([`rscope_core::grid`]); this file wires them to the DOM.
//!
//! The scroll element carries its geometry for tests: `data-label-width`
//! (CSS pixels of the label column) and `data-cell` (CSS pixels of one
//! cell, which is also one row).

use crate::components::grid_paint::{dark_theme, export_png, export_svg, paint, paint_axis, Scene};
use crate::components::grid_tools::{grid_tools, selection_panel, Tools};
pub use crate::model::{CellRef, Linked};
use rscope_core::grid::export::{fits, frame, image, Sheet, PNG_LIMITS, SVG_LIMITS};
use rscope_core::grid::geometry::{
    cell_at, scroll_to, step_zoom, Zoom, DEFAULT_ZOOM, PNG_CELL, VIEW_HEIGHT, ZOOMS,
};
use rscope_core::grid::keys::{press, Press};
use rscope_core::grid::pick::{keep, pick, restore, KeptSelection, Pick, Selection};
use rscope_core::grid::text::{describe, legend, shape};
use rscope_core::grid::{CellInfo, ColorBy, Grid, RowMap, Shade};
use rscope_core::rset::Entry;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

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
    /// The document's name, the title of the exports.
    #[prop_or_default]
    pub title: AttrValue,
    /// Whether the grid sits beside an editor (the page), whose entries
    /// its cells highlight; an embedded view has none, and its hint says
    /// nothing of one.
    #[prop_or(true)]
    pub beside_editor: bool,
    /// The zoom step to start at (a share link's), else the default.
    #[prop_or_default]
    pub zoom_from: Option<usize>,
    /// Told each zoom step the user picks.
    #[prop_or_default]
    pub on_zoom_step: Callback<usize>,
    /// The selection to start with (a share link's, or the last visit's),
    /// put on the grid once its nodes are there.
    #[prop_or_default]
    pub selection_from: Option<KeptSelection>,
    /// Told each selection (`None`: none), as kept.
    #[prop_or_default]
    pub on_selection: Callback<Option<KeptSelection>>,
}

impl PartialEq for GridProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.grid, &other.grid)
            && Rc::ptr_eq(&self.color_by, &other.color_by)
            && self.on_open == other.on_open
            && self.linked == other.linked
            && self.on_cell == other.on_cell
            && self.title == other.title
            && self.beside_editor == other.beside_editor
    }
}

/// The selection as a yew reducer over [`pick`]: an unchanged selection
/// keeps its pointer, so a drag within one cell does not re-render.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Picking(Option<Selection>);

impl Reducible for Picking {
    type Action = Pick;

    fn reduce(self: Rc<Self>, action: Pick) -> Rc<Self> {
        let next = pick(self.0, action);
        if next == self.0 {
            self
        } else {
            Rc::new(Picking(next))
        }
    }
}

/// A tooltip: where (pixels from the scroller's corner) and what.
type Tip = Option<(f64, f64, String)>;

/// What the event handlers share: the grid as shown and where it is.
#[derive(Clone)]
struct GridPlace {
    grid: Rc<Grid>,
    map: Rc<RowMap>,
    by: Rc<ColorBy>,
    zoom: Zoom,
    scroller: NodeRef,
    /// Tells the page which cell the pointer is on, once per cell.
    report: Callback<Option<CellRef>>,
    /// Where the pointer last was over the grid (client pixels), so a
    /// scroll under a still pointer can say what is under it now.
    pointer: Rc<RefCell<Option<(f64, f64)>>>,
}

impl GridPlace {
    /// The (display row, column) under the pointer, if inside the grid.
    fn locate(&self, e: &MouseEvent) -> Option<(usize, usize)> {
        self.locate_at((f64::from(e.client_x()), f64::from(e.client_y())))
    }

    /// The (display row, column) at client pixels `(x, y)`, if inside the
    /// grid.
    fn locate_at(&self, (x, y): (f64, f64)) -> Option<(usize, usize)> {
        let el = self.scroller.cast::<HtmlElement>()?;
        let rect = el.get_bounding_client_rect();
        let x = x - rect.left() + f64::from(el.scroll_left());
        let y = y - rect.top() + f64::from(el.scroll_top());
        cell_at((x, y), self.zoom, self.map.len(), self.grid.width())
    }

    /// The tooltip for the pointer at client pixels `(x, y)`: its text
    /// beside the pointer, and the cell to link.
    fn tip_at(&self, (x, y): (f64, f64)) -> (Tip, Option<(String, Option<CellInfo>)>) {
        let Some(el) = self.scroller.cast::<HtmlElement>() else {
            return (None, None);
        };
        let rect = el.get_bounding_client_rect();
        let found = self.locate_at((x, y)).and_then(|at| self.describe(at));
        let tip = found
            .as_ref()
            .map(|(text, _)| (x - rect.left() + 12.0, y - rect.top() + 12.0, text.clone()));
        (tip, found)
    }

    /// The tooltip text of a display cell, and its cell to link.
    fn describe(&self, at: (usize, usize)) -> Option<(String, Option<CellInfo>)> {
        describe(&self.grid, &self.map, &self.by, self.zoom.strips(), at)
    }

    /// Tell the page about the linkable cell of `found`.
    fn report(&self, found: Option<&(String, Option<CellInfo>)>, clicked: bool) {
        let cell = found.and_then(|(_, c)| c.as_ref());
        self.report.emit(cell.map(|c| CellRef::of(c, clicked)));
    }
}

/// The canvas grid with zoom controls, folding and a hover tooltip.
///
/// About 110 lines, most of them the markup and the yew hooks, which must be
/// called from the component's body in a fixed order; the logic they call
/// lives in the core (`grid::{geometry, keys, pick, text}`) and in the small
/// functions of this file.
#[function_component(GridView)]
pub fn grid_view(props: &GridProps) -> Html {
    let canvas = use_node_ref();
    let axis_canvas = use_node_ref();
    let scroller = use_node_ref();
    let pointer = use_mut_ref(|| None::<(f64, f64)>);
    let zoom_step =
        use_state(|| (props.zoom_from.filter(|z| *z < ZOOMS.len())).unwrap_or(DEFAULT_ZOOM));
    let fold = use_state(|| false);
    let scroll = use_state(|| (0.0f64, 0.0f64));
    let hover = use_state(|| None::<(f64, f64, String)>);
    let cursor = use_state_eq(|| None::<(usize, usize)>);
    // What the keyboard cursor is on, for screen readers (the canvas has
    // no cells to read).
    let announce = use_state_eq(String::new);
    let picking = use_reducer(Picking::default);
    let zoom = ZOOMS[*zoom_step];
    let (grid, by) = (props.grid.clone(), props.color_by.clone());
    let map = use_row_map(&grid, &by, zoom.strip, *fold);
    let shades = use_shades(&grid, &by, &map, zoom.strips());
    use_forget_on_new_map(&map, &picking, &cursor);
    use_kept_selection(&grid, &map, &picking, props);
    let scene_inputs = (
        *scroll,
        *zoom_step,
        picking.0,
        props.linked.as_ref().map(|l| l.entry.clone()),
        *cursor,
    );
    let layers = Layers {
        grid: grid.clone(),
        map: map.clone(),
        by: by.clone(),
        shades: shades.clone(),
    };
    use_paint([&canvas, &axis_canvas, &scroller], &layers, scene_inputs);
    let view = GridPlace {
        grid: grid.clone(),
        map: map.clone(),
        by: by.clone(),
        zoom,
        scroller: scroller.clone(),
        report: use_cell_reporter(&props.on_cell),
        pointer,
    };
    use_reveal_linked(&view, props.linked.clone());
    let picked = use_picked(&grid, &map, picking.0);
    let title = props.title.to_string();
    let on_svg = use_svg_export(&layers, zoom.cell, &title);
    let (on_png, png_note) = png_export(&layers, &title);
    let onscroll = scrolled(&view, &scroll, &hover);
    let onmousedown = mouse_down(&view, &picking, &cursor);
    let onmousemove = mouse_move(&view, &picking, &hover);
    let onmouseleave = {
        let (hover, view) = (hover.clone(), view.clone());
        Callback::from(move |_: MouseEvent| {
            view.pointer.replace(None);
            hover.set(None);
            view.report.emit(None);
        })
    };
    let onkeydown = key_down(&view, &picking, &cursor, &hover, &announce);
    let on_zoom = {
        let (zoom_step, told) = (zoom_step.clone(), props.on_zoom_step.clone());
        Callback::from(move |step: isize| {
            zoom_step.set(step_zoom(*zoom_step, step));
            told.emit(step_zoom(*zoom_step, step));
        })
    };
    let on_fold = {
        let fold = fold.clone();
        Callback::from(move |on: bool| fold.set(on))
    };
    let on_clear = {
        let picking = picking.dispatcher();
        Callback::from(move |_: MouseEvent| picking.dispatch(Pick::Clear))
    };
    let legend_items = use_legend(&grid, &by);
    let left = zoom.label_width();
    let total_w = left + grid.width() as f64 * zoom.cell;
    let total_h = map.len() as f64 * zoom.cell;
    let label = crate::hooks::use_region_name("Resource grid");
    html! {
        <section class="grid-panel" aria-label={label}>
            { grid_tools(Tools {
                zoom: *zoom_step,
                on_zoom,
                fold: *fold,
                on_fold,
                strips: zoom.strips(),
                legend: (*legend_items).clone(),
                on_png,
                png_note,
                on_svg,
                shape: shape(&grid, map.len(), zoom.strip, *fold),
            }) }
            if let Some(note) = grid.partial_note() {
                <p class="hint grid-partial" data-testid="grid-partial">{ note }</p>
            }
            <canvas ref={axis_canvas} class="grid-axis" aria-hidden="true" data-testid="grid-axis"></canvas>
            // The frame starts where the scroller does, so the tooltip's
            // coordinates (from the scroller's corner) place it right.
            <div class="grid-frame">
            <div class="grid-scroll" ref={scroller} {onscroll} {onmousedown} {onmousemove} {onmouseleave} {onkeydown} tabindex="0"
                role="application" aria-roledescription="resource grid" aria-label="Resource grid: arrow keys move, shift extends the selection, Enter selects, Escape clears"
                style={format!("height:{}px", VIEW_HEIGHT.min(total_h + 16.0).max(60.0))} data-testid="grid"
                data-label-width={left.to_string()} data-cell={zoom.cell.to_string()}
                data-label-font={rscope_core::grid::geometry::label_font(zoom.cell).to_string()}
                data-linked={props.linked.as_ref().map(|l| l.entry.ranks.to_string())}>
                <div class="grid-spacer" style={format!("width:{total_w}px;height:{total_h}px")}></div>
                <canvas ref={canvas} class="grid-canvas" aria-hidden="true"></canvas>
            </div>
            <p class="visually-hidden" aria-live="polite" data-testid="grid-announce">{ (*announce).clone() }</p>
            if let Some((x, y, text)) = &*hover {
                <div class="tooltip" role="tooltip" data-testid="tooltip" style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
            }
            </div>
            { selection_panel(picked.as_ref().as_ref(), &props.on_open, on_clear, props.beside_editor) }
        </section>
    }
}

/// Which grid rows each display row shows: computed when the zoom, the
/// folding or the colouring changes, never on a scroll or a hover.
#[hook]
fn use_row_map(grid: &Rc<Grid>, by: &Rc<ColorBy>, strip: usize, fold: bool) -> Rc<RowMap> {
    let (grid, by) = (grid.clone(), by.clone());
    // Only a fold depends on the colouring: recolouring must not reset
    // the selection otherwise.
    let by_dep = if fold && strip == 1 {
        Rc::as_ptr(&by) as usize
    } else {
        0
    };
    let deps = (Rc::as_ptr(&grid) as usize, by_dep, strip, fold);
    use_memo(deps, move |&(_, _, strip, fold)| {
        if strip > 1 {
            grid.strips(strip)
        } else if fold {
            grid.fold(&by)
        } else {
            RowMap::each(grid.rows())
        }
    })
}

/// The legend, once per grid and colouring: counting the cells of each
/// state reads every node (16 384 of them), which a hover's render should not.
#[hook]
fn use_legend(grid: &Rc<Grid>, by: &Rc<ColorBy>) -> Rc<Vec<(String, rscope_core::grid::Paint)>> {
    use_memo((Same(grid.clone()), Same(by.clone())), |(grid, by)| {
        legend(&grid.0, &by.0)
    })
}

/// A value a memo keeps while it depends on it, the same only as itself
/// (the value is never compared: a grid has 16 384 rows).
struct Same<T>(Rc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Density strips: every shade once per map, so scrolling only draws.
#[hook]
fn use_shades(
    grid: &Rc<Grid>,
    by: &Rc<ColorBy>,
    map: &Rc<RowMap>,
    strips: bool,
) -> Rc<Option<Vec<Shade>>> {
    let (grid, by, map) = (grid.clone(), by.clone(), map.clone());
    use_memo(
        (Rc::as_ptr(&map) as usize, Rc::as_ptr(&by) as usize),
        move |_| strips.then(|| grid.shades(&map, 0..map.len(), 0..grid.width(), &by)),
    )
}

/// The selection kept across visits and in share links: the one to start
/// with is put on the grid once a map holds its nodes (the grid of the
/// first parts of an analysis may not), until the user picks; every
/// selection since is told, by ranks.
#[hook]
fn use_kept_selection(
    grid: &Rc<Grid>,
    map: &Rc<RowMap>,
    picking: &UseReducerHandle<Picking>,
    props: &GridProps,
) {
    let (from, told) = (props.selection_from, &props.on_selection);
    let pending = use_mut_ref(|| from);
    {
        let (grid, map, picking, pending) =
            (grid.clone(), map.clone(), picking.clone(), pending.clone());
        use_effect_with(Rc::as_ptr(&map) as usize, move |_| {
            let kept = *pending.borrow();
            if let Some(sel) = kept.and_then(|k| restore(k, &grid, &map)) {
                picking.dispatch(Pick::Start(sel.anchor, false));
                picking.dispatch(Pick::Extend(sel.end));
            }
        });
    }
    let (grid, map, told) = (grid.clone(), map.clone(), told.clone());
    use_effect_with(picking.0, move |sel| {
        let kept = sel.and_then(|s| keep(s, &grid, &map));
        let restoring = pending.borrow().is_some();
        if kept.is_some() && kept != *pending.borrow() {
            // The user picked: the one to start with is done.
            *pending.borrow_mut() = None;
        }
        // A new map clears the selection before the one to start with is
        // put back: that is not the user's, and is not told.
        if kept.is_some() || !restoring {
            told.emit(kept);
        }
    });
}

/// A selection or cursor names display rows: a new map makes them stale.
#[hook]
fn use_forget_on_new_map(
    map: &Rc<RowMap>,
    picking: &UseReducerHandle<Picking>,
    cursor: &UseStateHandle<Option<(usize, usize)>>,
) {
    let (picking, cursor) = (picking.dispatcher(), cursor.clone());
    use_effect_with(Rc::as_ptr(map) as usize, move |_| {
        picking.dispatch(Pick::Clear);
        cursor.set(None);
    });
}

/// What the view shows besides the grid: the scroll offsets, the zoom
/// step, the selection, the linked entry and the cursor.
type SceneInputs = (
    (f64, f64),
    usize,
    Option<Selection>,
    Option<Entry>,
    Option<(usize, usize)>,
);

/// What the grid draws from: the layout, the display rows, the colouring
/// and the strips' shades.
#[derive(Clone)]
struct Layers {
    grid: Rc<Grid>,
    map: Rc<RowMap>,
    by: Rc<ColorBy>,
    shades: Rc<Option<Vec<Shade>>>,
}

/// Repaint the cells' canvas and the axis' canvas over `scroller`
/// whenever what is in view changes.
#[hook]
fn use_paint(refs: [&NodeRef; 3], layers: &Layers, inputs: SceneInputs) {
    let [canvas, axis_canvas, scroller] = refs.map(NodeRef::clone);
    let Layers {
        grid,
        map,
        by,
        shades,
    } = layers.clone();
    let deps = (
        inputs,
        Rc::as_ptr(&grid) as usize,
        Rc::as_ptr(&by) as usize,
        Rc::as_ptr(&map) as usize,
    );
    use_effect_with(deps, move |((_, zoom, selection, linked, cursor), ..)| {
        let zoom = ZOOMS[*zoom];
        let scene = Scene {
            grid: &grid,
            map: &map,
            by: &by,
            cell: zoom.cell,
            left: zoom.label_width(),
            selection: selection.map(|s| s.rect()),
            cursor: *cursor,
            linked: linked.as_ref(),
            dark: dark_theme(canvas.cast::<web_sys::Element>().as_ref()),
            strips: zoom.strips(),
            shades: shades.as_deref(),
        };
        paint(&canvas, &scroller, &scene);
        paint_axis(&axis_canvas, &scroller, &scene);
    });
}

/// Tell `on_cell` which cell the pointer is on, once per cell rather than
/// once per mouse move.
#[hook]
fn use_cell_reporter(on_cell: &Callback<Option<CellRef>>) -> Callback<Option<CellRef>> {
    let last = use_mut_ref(|| None::<CellRef>);
    let on_cell = on_cell.clone();
    Callback::from(move |c: Option<CellRef>| {
        if *last.borrow() != c {
            last.borrow_mut().clone_from(&c);
            on_cell.emit(c);
        }
    })
}

/// The caret moved onto an entry: bring its first row into view.
#[hook]
fn use_reveal_linked(view: &GridPlace, linked: Option<Linked>) {
    let view = view.clone();
    use_effect_with(linked, move |linked| {
        let Some(Linked {
            entry,
            reveal: true,
        }) = linked
        else {
            return;
        };
        let Some(el) = view.scroller.cast::<HtmlElement>() else {
            return;
        };
        let row = entry
            .ranks
            .iter()
            .find_map(|r| view.grid.row_of_rank(r))
            .and_then(|r| view.map.display_row(r));
        if let Some(row) = row {
            scroll_into_view(&el, row, None, view.zoom);
        }
    });
}

/// The selection's resources. Hover re-renders the grid on every mouse
/// move; the set is computed only when the selection or the map changes.
#[hook]
fn use_picked(
    grid: &Rc<Grid>,
    map: &Rc<RowMap>,
    selection: Option<Selection>,
) -> Rc<Option<rscope_core::rset::Rset>> {
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
}

/// The SVG export of the whole grid as the screen shows it (cell size,
/// folds, strips), or none past [`SVG_LIMITS`]. Whether it fits is asked
/// again only when the grid, the colouring, the rows, the zoom or the title
/// change; the SVG itself is written on a click.
#[hook]
fn use_svg_export(layers: &Layers, cell: f64, title: &str) -> Option<Callback<MouseEvent>> {
    let Layers { grid, map, by, .. } = layers.clone();
    let deps = (
        Rc::as_ptr(&grid) as usize,
        Rc::as_ptr(&by) as usize,
        Rc::as_ptr(&map) as usize,
        cell.to_bits(),
        title.to_string(),
    );
    let fitting = {
        let (grid, map, by) = (grid.clone(), map.clone(), by.clone());
        use_memo(deps, move |(.., title)| {
            let sheet = Sheet {
                grid: &grid,
                map: &map,
                by: &by,
                cell,
                title,
            };
            fits(&sheet, &SVG_LIMITS)
        })
    };
    let title = title.to_string();
    fitting.then(|| {
        Callback::from(move |_: MouseEvent| {
            let sheet = Sheet {
                grid: &grid,
                map: &map,
                by: &by,
                cell,
                title: &title,
            };
            if let Some(p) = image(&sheet, &SVG_LIMITS) {
                export_svg(&p);
            }
        })
    })
}

/// The PNG export at [`PNG_CELL`], whatever the zoom, and what it would
/// leave out past [`PNG_LIMITS`] (said beside the button before a click).
fn png_export(layers: &Layers, title: &str) -> (Callback<MouseEvent>, Option<String>) {
    let Layers { grid, map, by, .. } = layers.clone();
    let title = title.to_string();
    let sheet = |title| Sheet {
        grid: &grid,
        map: &map,
        by: &by,
        cell: PNG_CELL,
        title,
    };
    let note = frame(&sheet(&title), &PNG_LIMITS).note;
    let on_png = {
        let (grid, map, by) = (grid.clone(), map.clone(), by.clone());
        Callback::from(move |_: MouseEvent| {
            let sheet = Sheet {
                grid: &grid,
                map: &map,
                by: &by,
                cell: PNG_CELL,
                title: &title,
            };
            if let Some(p) = image(&sheet, &PNG_LIMITS) {
                export_png(&p);
            }
        })
    };
    (on_png, note)
}

/// A scroll repaints, and under a still pointer (a wheel turned) the
/// tooltip and the linked cell follow what is now under it.
fn scrolled(
    view: &GridPlace,
    scroll: &UseStateHandle<(f64, f64)>,
    hover: &UseStateHandle<Tip>,
) -> Callback<Event> {
    let (view, scroll, hover) = (view.clone(), scroll.clone(), hover.clone());
    Callback::from(move |e: Event| {
        let el: HtmlElement = e.target_unchecked_into();
        scroll.set((f64::from(el.scroll_left()), f64::from(el.scroll_top())));
        let Some(at) = *view.pointer.borrow() else {
            return;
        };
        let (tip, found) = view.tip_at(at);
        view.report(found.as_ref(), false);
        hover.set(tip);
    })
}

/// A press starts a selection (shift keeps its anchor), moves the keyboard
/// cursor there and links the clicked cell.
fn mouse_down(
    view: &GridPlace,
    picking: &UseReducerHandle<Picking>,
    cursor: &UseStateHandle<Option<(usize, usize)>>,
) -> Callback<MouseEvent> {
    let (view, picking, cursor) = (view.clone(), picking.dispatcher(), cursor.clone());
    Callback::from(move |e: MouseEvent| {
        if let Some(at) = view.locate(&e) {
            picking.dispatch(Pick::Start(at, e.shift_key()));
            // Keyboard moves go on from the clicked cell.
            cursor.set(Some(at));
            view.report(view.describe(at).as_ref(), true);
        }
    })
}

/// A move shows the tooltip, links the hovered cell, and with the button
/// held extends the selection.
fn mouse_move(
    view: &GridPlace,
    picking: &UseReducerHandle<Picking>,
    hover: &UseStateHandle<Tip>,
) -> Callback<MouseEvent> {
    let (view, picking, hover) = (view.clone(), picking.dispatcher(), hover.clone());
    Callback::from(move |e: MouseEvent| {
        let point = (f64::from(e.client_x()), f64::from(e.client_y()));
        view.pointer.replace(Some(point));
        if let (Some(at), 1) = (view.locate(&e), e.buttons()) {
            picking.dispatch(Pick::Extend(at));
        }
        let (tip, found) = view.tip_at(point);
        view.report(found.as_ref(), false);
        hover.set(tip);
    })
}

/// Keys do what [`press`] decides; a cursor move also scrolls the cell
/// into view, shows its tooltip and tells screen readers.
fn key_down(
    view: &GridPlace,
    picking: &UseReducerHandle<Picking>,
    cursor: &UseStateHandle<Option<(usize, usize)>>,
    hover: &UseStateHandle<Tip>,
    announce: &UseStateHandle<String>,
) -> Callback<KeyboardEvent> {
    let selected = picking.0.is_some();
    let (view, picking, cursor) = (view.clone(), picking.dispatcher(), cursor.clone());
    let (hover, announce) = (hover.clone(), announce.clone());
    Callback::from(move |e: KeyboardEvent| {
        let size = (view.map.len(), view.grid.width());
        let to = match press(&e.key(), e.shift_key(), *cursor, selected, size) {
            Press::Ignore => return,
            Press::Clear => {
                picking.dispatch(Pick::Clear);
                cursor.set(None);
                hover.set(None);
                return;
            }
            Press::Pick(p) => {
                e.prevent_default();
                picking.dispatch(p);
                return;
            }
            Press::Move { to, picks } => {
                e.prevent_default();
                picks.into_iter().for_each(|p| picking.dispatch(p));
                to
            }
        };
        cursor.set(Some(to));
        // The tooltip follows the keys now, not a pointer left on the grid.
        view.pointer.replace(None);
        let Some(el) = view.scroller.cast::<HtmlElement>() else {
            return;
        };
        let (cell, left) = (view.zoom.cell, view.zoom.label_width());
        scroll_into_view(&el, to.0, Some(to.1), view.zoom);
        let x = left + to.1 as f64 * cell - f64::from(el.scroll_left()) + 12.0;
        let y = (to.0 + 1) as f64 * cell - f64::from(el.scroll_top()) + 4.0;
        let found = view.describe(to);
        view.report(found.as_ref(), false);
        let text = found.map_or_else(|| "no resource here".to_string(), |(text, _)| text);
        announce.set(text.clone());
        hover.set(Some((x, y, text)));
    })
}

/// Scroll `el` so display row `row` (and column `col`, if given) is in view.
fn scroll_into_view(el: &HtmlElement, row: usize, col: Option<usize>, zoom: Zoom) {
    let (cell, left) = (zoom.cell, zoom.label_width());
    let (top, h) = (f64::from(el.scroll_top()), f64::from(el.client_height()));
    let y = row as f64 * cell;
    if let Some(top) = scroll_to(y..y + cell, top, h, 3.0) {
        el.set_scroll_top(top as i32);
    }
    if let Some(col) = col {
        let (sl, w) = (f64::from(el.scroll_left()), f64::from(el.client_width()));
        // The label column stays in view: a cell must clear it on the left.
        let x = col as f64 * cell;
        if let Some(l) = scroll_to(x..x + left + cell, sl, w, 3.0) {
            el.set_scroll_left(l as i32);
        }
    }
}
