//! In-browser tests of the components with logic, each mounted alone with
//! its properties: the grid (hit-testing, the keyboard cursor, folding,
//! strips, linking), the tree (keyboard opening and closing) and the editor
//! (squiggles, linked highlight, the byte under the pointer).

use crate::components::code::Point;
use crate::components::editor::{Editor, EditorProps};
use crate::components::grid::{CellRef, GridProps, GridView, Linked};
use crate::components::tree::{TreeProps, TreeView};
use crate::wait::{until, until_with};
use rscope_core::grid::{ColorBy, Grid};
use rscope_core::outline::Outline;
use rscope_core::rset::load;
use rscope_core::textview::Squiggles;
use rscope_core::textview::{Mark, Tone};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, KeyboardEvent, KeyboardEventInit, MouseEvent, MouseEventInit};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The page's style sheet: the editor's geometry depends on it.
const STYLE: &str = include_str!("../../../../static/style.css");

/// A fresh element in the page to mount a component on, with the page's
/// styles applied.
fn root() -> Element {
    let document = gloo::utils::document();
    if document.get_element_by_id("rscope-style").is_none() {
        let style = document.create_element("style").unwrap();
        style.set_id("rscope-style");
        style.set_text_content(Some(STYLE));
        document.head().unwrap().append_child(&style).unwrap();
    }
    let root = document.create_element("div").unwrap();
    root.set_attribute("style", "width: 900px").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

fn find(root: &Element, testid: &str) -> HtmlElement {
    root.query_selector(&format!("[data-testid={testid}]"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid {testid}"))
        .dyn_into()
        .unwrap()
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

/// The element with `testid`, once it is there.
async fn found(root: &Element, testid: &str) -> HtmlElement {
    let selector = format!("[data-testid={testid}]");
    until(&format!("an element with data-testid {testid}"), || {
        root.query_selector(&selector).unwrap().is_some()
    })
    .await;
    find(root, testid)
}

/// The inner text of the element with `testid` once it is `want`; the
/// text last seen, if it never is.
async fn text_becomes(root: &Element, testid: &str, want: &str) -> String {
    let selector = format!("[data-testid={testid}]");
    until_with(
        &format!("data-testid {testid} to read {want:?}"),
        || {
            root.query_selector(&selector)
                .unwrap()
                .map(|e| e.unchecked_into::<HtmlElement>().inner_text())
        },
        |t| t.as_deref() == Some(want),
    )
    .await
    .unwrap_or_default()
}

/// Wait until no element matches `selector`.
async fn gone(root: &Element, selector: &str) {
    until(&format!("no {selector}"), || count(root, selector) == 0).await;
}

fn mouse(el: &Element, kind: &str, x: f64, y: f64) {
    let init = MouseEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    let e = MouseEvent::new_with_mouse_event_init_dict(kind, &init).unwrap();
    el.dispatch_event(&e).unwrap();
}

fn key(el: &Element, key: &str, shift: bool) {
    let init = KeyboardEventInit::new();
    init.set_bubbles(true);
    init.set_key(key);
    init.set_shift_key(shift);
    let e = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    el.dispatch_event(&e).unwrap();
}

const TWENTY: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-15", "children": {"core": "0-35"}}, {"rank": "16-19", "children": {"core": "0-35", "gpu": "0-3"}}], "nodelist": ["quartz[1-20]"], "properties": {"debug": "0-1"}}}"#;

/// Mount a grid of `text`, recording the cells it reports.
fn mount_grid(text: &str, linked: Option<Linked>) -> (Element, Rc<RefCell<Vec<Option<CellRef>>>>) {
    let set = load(text).unwrap();
    let cells = Rc::new(RefCell::new(Vec::new()));
    let props = GridProps {
        grid: Rc::new(Grid::new(&set, None, None)),
        color_by: Rc::new(ColorBy::Type),
        on_open: Callback::noop(),
        linked,
        on_cell: {
            let cells = cells.clone();
            Callback::from(move |c| cells.borrow_mut().push(c))
        },
        title: AttrValue::default(),
        beside_editor: true,
        zoom_from: None,
        on_zoom_step: Callback::noop(),
        selection_from: None,
        on_selection: Callback::noop(),
    };
    let root = root();
    yew::Renderer::<GridView>::with_root_and_props(root.clone(), props).render();
    (root, cells)
}

/// Wait until the grid in `root` has painted its canvas (the paint sizes
/// the canvas to the view), and return the grid's scroll element.
async fn painted(root: &Element) -> HtmlElement {
    let grid = found(root, "grid").await;
    until("the grid's first paint", || {
        root.query_selector(".grid-canvas")
            .unwrap()
            .is_some_and(|c| {
                !c.unchecked_into::<HtmlElement>()
                    .style()
                    .get_property_value("width")
                    .unwrap()
                    .is_empty()
            })
    })
    .await;
    grid
}

/// The grid's geometry as it exposes it: the label column's width and one
/// cell's pitch, in CSS pixels.
fn geometry(grid: &HtmlElement) -> (f64, f64) {
    let number = |name: &str| -> f64 {
        grid.get_attribute(name)
            .unwrap_or_else(|| panic!("the grid has no {name}"))
            .parse()
            .unwrap()
    };
    (number("data-label-width"), number("data-cell"))
}

/// The client coordinates of the middle of cell `(row, col)`.
fn cell_at(grid: &HtmlElement, row: usize, col: usize) -> (f64, f64) {
    let r = grid.get_bounding_client_rect();
    let (left, cell) = geometry(grid);
    let half = (cell / 2.0).floor();
    (
        r.left() + left + col as f64 * cell + half,
        r.top() + row as f64 * cell + half,
    )
}

#[wasm_bindgen_test]
async fn grid_hover_finds_the_cell_and_reports_it_once() {
    let (root, cells) = mount_grid(TWENTY, None);
    let grid = painted(&root).await;
    assert_eq!(count(&root, "canvas"), 2, "the cells and the axis");
    assert_eq!(geometry(&grid), (150.0, 13.0), "labels and 13-pixel cells");
    let (x, y) = cell_at(&grid, 1, 4);
    mouse(&grid, "mousemove", x, y);
    mouse(&grid, "mousemove", x + 1.0, y);
    assert_eq!(
        text_becomes(
            &root,
            "tooltip",
            "quartz2 rank 1 — core 4 — properties: debug"
        )
        .await,
        "quartz2 rank 1 — core 4 — properties: debug"
    );
    let (x, y) = cell_at(&grid, 17, 38);
    mouse(&grid, "mousemove", x, y);
    assert_eq!(
        text_becomes(&root, "tooltip", "quartz18 rank 17 — gpu 1").await,
        "quartz18 rank 17 — gpu 1"
    );
    mouse(&grid, "mouseleave", x, y);
    gone(&root, "[data-testid=tooltip]").await;
    assert_eq!(count(&root, "[data-testid=tooltip]"), 0);
    let cell = |rank, kind: &str, id| {
        Some(CellRef {
            rank,
            kind: kind.into(),
            id,
            clicked: false,
        })
    };
    assert_eq!(
        *cells.borrow(),
        [cell(1, "core", 4), cell(17, "gpu", 1), None],
        "one report per cell, not per mouse move"
    );
}

#[wasm_bindgen_test]
async fn grid_paints_cells_in_their_colours() {
    let (root, _) = mount_grid(TWENTY, None);
    let grid = painted(&root).await;
    let (left, cell) = geometry(&grid);
    let canvas: web_sys::HtmlCanvasElement = root
        .query_selector(".grid-canvas")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let ratio = gloo::utils::window().device_pixel_ratio();
    // The middle of cell (row, col), behind the label column.
    let half = (cell / 2.0).floor();
    let pixel = |row: f64, col: f64| -> Vec<u8> {
        let (x, y) = (
            (left + col * cell + half) * ratio,
            (row * cell + half) * ratio,
        );
        ctx.get_image_data(x, y, 1.0, 1.0).unwrap().data().0
    };
    assert_eq!(pixel(0.0, 0.0), [0x00, 0x72, 0xB2, 255], "a core, in blue");
    assert_eq!(
        pixel(17.0, 38.0),
        [0xE6, 0x9F, 0x00, 255],
        "a GPU, in orange"
    );
    assert_eq!(pixel(0.0, 38.0), [0, 0, 0, 0], "no GPU on rank 0");
    assert_eq!(pixel(3.0, 36.0), [0, 0, 0, 0], "the gap between types");
}

#[wasm_bindgen_test]
async fn grid_keyboard_moves_a_cursor_and_selects() {
    let (root, _) = mount_grid(TWENTY, None);
    let grid = painted(&root).await;
    // Each key moves from the cursor the last render drew: wait for it.
    for (k, at) in [
        ("ArrowDown", "quartz2 rank 1 — core 0 — properties: debug"),
        ("ArrowDown", "quartz3 rank 2 — core 0"),
        ("ArrowRight", "quartz3 rank 2 — core 1"),
    ] {
        key(&grid, k, false);
        text_becomes(&root, "grid-announce", at).await;
    }
    assert_eq!(
        text_becomes(&root, "tooltip", "quartz3 rank 2 — core 1").await,
        "quartz3 rank 2 — core 1"
    );
    assert_eq!(
        find(&root, "grid-announce").text_content().as_deref(),
        Some("quartz3 rank 2 — core 1"),
        "told to screen readers too"
    );
    key(&grid, "ArrowRight", true);
    text_becomes(&root, "grid-announce", "quartz3 rank 2 — core 2").await;
    found(&root, "selection-short").await;
    key(&grid, "ArrowDown", true);
    assert_eq!(
        text_becomes(&root, "selection-short", "rank[2-3]/core[1-2]").await,
        "rank[2-3]/core[1-2]"
    );
    key(&grid, "Escape", false);
    gone(&root, "[data-testid=tooltip]").await;
    assert_eq!(count(&root, "[data-testid=selection-short]"), 0);
    assert_eq!(count(&root, "[data-testid=tooltip]"), 0);
}

#[wasm_bindgen_test]
async fn grid_folds_and_strips() {
    let (root, _) = mount_grid(TWENTY, None);
    painted(&root).await;
    assert_eq!(
        find(&root, "grid-shape").inner_text(),
        "20 nodes × 41 columns"
    );
    let fold: web_sys::HtmlInputElement = find(&root, "fold").unchecked_into();
    fold.set_checked(true);
    fold.dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    assert_eq!(
        text_becomes(
            &root,
            "grid-shape",
            "20 nodes in 2 rows — identical neighbours folded"
        )
        .await,
        "20 nodes in 2 rows — identical neighbours folded",
        "coloured by type, the debug property does not split a fold"
    );
    let grid = find(&root, "grid");
    let (x, y) = cell_at(&grid, 1, 0);
    mouse(&grid, "mousemove", x, y);
    assert_eq!(
        text_becomes(
            &root,
            "tooltip",
            "quartz[17-20] (16-19) ×4 — core 0 on 4 of 4 nodes"
        )
        .await,
        "quartz[17-20] (16-19) ×4 — core 0 on 4 of 4 nodes"
    );
    let out: HtmlElement = root
        .query_selector("button[aria-label='Zoom out']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    // Each click zooms out from the step the last render drew: wait for
    // the grid's cell size or shape to change before the next.
    let shown = || {
        (
            grid.get_attribute("data-cell"),
            find(&root, "grid-shape").inner_text(),
        )
    };
    for _ in 0..7 {
        let before = shown();
        out.click();
        until_with("the next zoom step", &shown, |now| *now != before).await;
    }
    assert_eq!(
        find(&root, "grid-shape").inner_text(),
        "20 nodes in 1 strip of 64 — opacity shows how many nodes have each resource"
    );
    assert!(out.has_attribute("disabled"), "the last zoom step");
}

#[wasm_bindgen_test]
async fn grid_shows_the_linked_entry_and_scrolls_to_it() {
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-89", "children": {"core": "0-3"}}, {"rank": "90-99", "children": {"core": "0-7"}}]}}"#;
    let entry = rscope_core::report::make_report(text).entries[1].clone();
    assert_eq!(entry.ranks.to_string(), "90-99");
    let (root, _) = mount_grid(
        text,
        Some(Linked {
            entry,
            reveal: true,
        }),
    );
    let grid = painted(&root).await;
    assert_eq!(grid.get_attribute("data-linked").as_deref(), Some("90-99"));
    until("the grid to scroll", || grid.scroll_top() > 0).await;
    // Row 90 starts 90 cells (1170 pixels) down, past the first view: the
    // grid scrolled (as far as it goes) to show it.
    let (_, cell) = geometry(&grid);
    let row = (90.0 * cell) as i32;
    let (top, h) = (grid.scroll_top(), grid.client_height());
    assert_eq!(top, grid.scroll_height() - h);
    assert!(
        top > 0 && top <= row && row + cell as i32 <= top + h,
        "row 90 in view at {top}"
    );
}

#[wasm_bindgen_test]
async fn tree_opens_and_closes_from_the_keyboard() {
    let set = load(TWENTY).unwrap();
    let outline = Outline::new(None, Some(&set), 1).expect("a generated graph");
    let props = TreeProps {
        outline: Rc::new(outline),
        selected: None,
        found: Rc::default(),
        fold: false,
    };
    let root = root();
    yew::Renderer::<TreeView>::with_root_and_props(root.clone(), props).render();
    found(&root, "tree-row").await;
    // The cluster, open, with its 20 nodes closed.
    assert_eq!(
        count(&root, "[data-testid=tree-row]"),
        17,
        "rows in view, and two to spare"
    );
    let tree = find(&root, "tree");
    let first: HtmlElement = root
        .query_selector("[data-testid=tree-row]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_eq!(
        first.get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    key(&tree, "Enter", false);
    until("the cluster to close", || {
        count(&root, "[data-testid=tree-row]") == 1
    })
    .await;
    assert_eq!(count(&root, "[data-testid=tree-row]"), 1, "closed");
    let attr = |id: &str, name: &str| {
        root.query_selector(&format!("#{id}"))
            .unwrap()
            .and_then(|e| e.get_attribute(name))
    };
    key(&tree, "ArrowRight", false);
    until("the cluster to open", || {
        count(&root, "[data-testid=tree-row]") > 1
    })
    .await;
    key(&tree, "ArrowDown", false);
    until("the first node to be selected", || {
        attr("tree-row-1", "aria-selected").as_deref() == Some("true")
    })
    .await;
    key(&tree, "ArrowRight", false);
    until("the first node to open", || {
        attr("tree-row-1", "aria-expanded").as_deref() == Some("true")
    })
    .await;
    let second = root
        .query_selector("#tree-row-1")
        .unwrap()
        .expect("the first node's row");
    assert_eq!(
        second.get_attribute("aria-expanded").as_deref(),
        Some("true")
    );
    assert_eq!(
        second.get_attribute("aria-selected").as_deref(),
        Some("true")
    );
    assert_eq!(
        root.query_selector("#tree-row-2 .name")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("core0")
    );
}

#[wasm_bindgen_test]
async fn editor_draws_squiggles_and_reports_the_byte_under_the_pointer() {
    let text = "{\n  \"rank\": \"3-1\"\n}";
    let start = text.find("3-1").unwrap();
    let points = Rc::new(RefCell::new(Vec::new()));
    let props = EditorProps {
        text: text.into(),
        on_edit: Callback::noop(),
        label: "R".into(),
        selection: None,
        squiggles: Rc::new(Squiggles {
            marks: vec![Mark::new(text, start..start + 3, Tone::Error).unwrap()],
            messages: vec!["error: reversed range".into()],
        }),
        linked: Some((4, 10)),
        reveal: None,
        on_point: {
            let points = points.clone();
            Callback::from(move |p: Option<Point>| points.borrow_mut().push(p))
        },
        on_large_paste: None,
        on_config_paste: None,
        tab: 0,
        fixed: false,
    };
    let root = root();
    yew::Renderer::<Editor>::with_root_and_props(root.clone(), props).render();
    let backdrop = found(&root, "backdrop").await;
    until("the squiggle", || count(&backdrop, ".sq-error") > 0).await;
    let texts = |sel: &str| -> Vec<String> {
        let list = backdrop.query_selector_all(sel).unwrap();
        (0..list.length())
            .map(|i| list.get(i).unwrap().text_content().unwrap_or_default())
            .collect()
    };
    assert_eq!(texts(".sq-error"), ["3-1"]);
    assert_eq!(texts(".linked"), ["\"rank\""]);
    assert_eq!(texts(".bl").len(), 3);
    // Point at the squiggle: the textarea sits on the backdrop's text.
    let squiggle = backdrop.query_selector(".sq-error").unwrap().unwrap();
    let r = squiggle.get_bounding_client_rect();
    let area = find(&root, "r-input");
    mouse(
        &area,
        "mousemove",
        r.left() + r.width() / 2.0,
        r.top() + r.height() / 2.0,
    );
    assert_eq!(
        text_becomes(&root, "squiggle-tip", "error: reversed range").await,
        "error: reversed range"
    );
    assert_eq!(
        *points.borrow(),
        [Some(Point {
            at: start + 1,
            caret: false
        })]
    );
}
