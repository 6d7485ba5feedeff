//! In-browser tests of the components with logic, each mounted alone with
//! its properties: the grid (hit-testing, the keyboard cursor, folding,
//! strips, linking), the tree (keyboard opening and closing) and the editor
//! (squiggles, linked highlight, the byte under the pointer).

use crate::grid::{ColorBy, Grid};
use crate::outline::Outline;
use crate::rset::load;
use crate::textview::{Mark, Tone};
use crate::web::components::code::{Point, Squiggles};
use crate::web::components::editor::{Editor, EditorProps};
use crate::web::components::grid::{CellRef, GridProps, GridView, Linked};
use crate::web::components::tree::{TreeProps, TreeView};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, KeyboardEvent, KeyboardEventInit, MouseEvent, MouseEventInit};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The page's style sheet: the editor's geometry depends on it.
const STYLE: &str = include_str!("../../../static/style.css");

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

/// Let yew run its scheduled renders and effects.
async fn settle() {
    gloo::timers::future::TimeoutFuture::new(60).await;
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
    };
    let root = root();
    yew::Renderer::<GridView>::with_root_and_props(root.clone(), props).render();
    (root, cells)
}

/// The client coordinates of the middle of cell `(row, col)` at 13-pixel
/// cells behind the 150-pixel label column.
fn cell_at(grid: &HtmlElement, row: usize, col: usize) -> (f64, f64) {
    let r = grid.get_bounding_client_rect();
    (
        r.left() + 150.0 + col as f64 * 13.0 + 6.0,
        r.top() + row as f64 * 13.0 + 6.0,
    )
}

#[wasm_bindgen_test]
async fn grid_hover_finds_the_cell_and_reports_it_once() {
    let (root, cells) = mount_grid(TWENTY, None);
    settle().await;
    let grid = find(&root, "grid");
    assert_eq!(count(&root, "canvas"), 1);
    let (x, y) = cell_at(&grid, 1, 4);
    mouse(&grid, "mousemove", x, y);
    mouse(&grid, "mousemove", x + 1.0, y);
    settle().await;
    assert_eq!(
        find(&root, "tooltip").inner_text(),
        "quartz2 rank 1 — core 4 — properties: debug"
    );
    let (x, y) = cell_at(&grid, 17, 38);
    mouse(&grid, "mousemove", x, y);
    settle().await;
    assert_eq!(
        find(&root, "tooltip").inner_text(),
        "quartz18 rank 17 — gpu 1"
    );
    mouse(&grid, "mouseleave", x, y);
    settle().await;
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
    settle().await;
    let canvas: web_sys::HtmlCanvasElement = root
        .query_selector("canvas")
        .unwrap()
        .unwrap()
        .unchecked_into();
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let ratio = gloo::utils::window().device_pixel_ratio();
    // The middle of cell (row, col), behind the 150-pixel label column.
    let pixel = |row: f64, col: f64| -> Vec<u8> {
        let (x, y) = (
            (150.0 + col * 13.0 + 6.0) * ratio,
            (row * 13.0 + 6.0) * ratio,
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
    settle().await;
    let grid = find(&root, "grid");
    for k in ["ArrowDown", "ArrowDown", "ArrowRight"] {
        key(&grid, k, false);
        settle().await;
    }
    assert_eq!(
        find(&root, "tooltip").inner_text(),
        "quartz3 rank 2 — core 1"
    );
    assert_eq!(
        find(&root, "grid-announce").text_content().as_deref(),
        Some("quartz3 rank 2 — core 1"),
        "told to screen readers too"
    );
    key(&grid, "ArrowRight", true);
    settle().await;
    key(&grid, "ArrowDown", true);
    settle().await;
    assert_eq!(
        find(&root, "selection-short").inner_text(),
        "rank[2-3]/core[1-2]"
    );
    key(&grid, "Escape", false);
    settle().await;
    assert_eq!(count(&root, "[data-testid=selection-short]"), 0);
    assert_eq!(count(&root, "[data-testid=tooltip]"), 0);
}

#[wasm_bindgen_test]
async fn grid_folds_and_strips() {
    let (root, _) = mount_grid(TWENTY, None);
    settle().await;
    assert_eq!(
        find(&root, "grid-shape").inner_text(),
        "20 nodes × 41 columns"
    );
    let fold: web_sys::HtmlInputElement = find(&root, "fold").unchecked_into();
    fold.set_checked(true);
    fold.dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(
        find(&root, "grid-shape").inner_text(),
        "20 nodes in 2 rows — identical neighbours folded",
        "coloured by type, the debug property does not split a fold"
    );
    let grid = find(&root, "grid");
    let (x, y) = cell_at(&grid, 1, 0);
    mouse(&grid, "mousemove", x, y);
    settle().await;
    assert_eq!(
        find(&root, "tooltip").inner_text(),
        "quartz[17-20] (16-19) ×4 — core 0 on 4 of 4 nodes"
    );
    let out: HtmlElement = root
        .query_selector("button[aria-label='Zoom out']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    for _ in 0..7 {
        out.click();
        settle().await;
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
    let entry = crate::report::analyze(text).entries[1].clone();
    assert_eq!(entry.ranks.to_string(), "90-99");
    let (root, _) = mount_grid(
        text,
        Some(Linked {
            entry,
            reveal: true,
        }),
    );
    settle().await;
    let grid = find(&root, "grid");
    assert_eq!(grid.get_attribute("data-linked").as_deref(), Some("90-99"));
    // Row 90 starts 1170 pixels down, past the first view: the grid
    // scrolled (as far as it goes) to show it.
    let (top, h) = (grid.scroll_top(), grid.client_height());
    assert_eq!(top, grid.scroll_height() - h);
    assert!(
        top > 0 && top <= 1170 && 1170 + 13 <= top + h,
        "row 90 in view at {top}"
    );
}

#[wasm_bindgen_test]
async fn tree_opens_and_closes_from_the_keyboard() {
    let set = load(TWENTY).unwrap();
    let outline = Outline::new(None, Some(&set), 1).expect("a generated graph");
    let props = TreeProps {
        outline: Rc::new(RefCell::new(outline)),
    };
    let root = root();
    yew::Renderer::<TreeView>::with_root_and_props(root.clone(), props).render();
    settle().await;
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
    settle().await;
    assert_eq!(count(&root, "[data-testid=tree-row]"), 1, "closed");
    for k in ["ArrowRight", "ArrowDown", "ArrowRight"] {
        key(&tree, k, false);
        settle().await;
    }
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
    };
    let root = root();
    yew::Renderer::<Editor>::with_root_and_props(root.clone(), props).render();
    settle().await;
    let backdrop = find(&root, "backdrop");
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
    settle().await;
    assert_eq!(
        find(&root, "squiggle-tip").inner_text(),
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
