//! The resource graph as a tree: a virtualized list of the outline's
//! visible rows (only those in view are in the DOM), each a button that
//! opens or closes its vertex. Keys do what [`Outline::press`] decides
//! (the WAI-ARIA tree pattern) and typed letters move to a matching name
//! ([`Outline::type_ahead`]); the focused row is always in the DOM, so
//! `aria-activedescendant` names an element that exists. A set too large
//! to generate a graph for gets the section still, saying why it has no
//! tree ([`graph_section`]).

use crate::analysis::Summaries;
use crate::outline::{generated_vertices, not_drawn, Found, Origin, Outline, TreeKey};
use crate::words::count_as;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Row height in pixels; `.tree-row` in the style sheet uses the same.
const ROW: f64 = 24.0;
/// Height of the tree viewport.
const VIEW: f64 = 360.0;
/// Rows a PageUp or PageDown moves: a viewport less one, for context.
const PAGE: usize = (VIEW / ROW) as usize - 1;
/// Letters typed within this many milliseconds make one type-ahead word.
const TYPE_AHEAD_MS: f64 = 700.0;

/// Properties of [`TreeView`].
#[derive(Properties, Clone)]
pub struct TreeProps {
    /// The outline; shared so toggling does not copy the graph.
    pub outline: Rc<RefCell<Outline>>,
    /// A vertex selected elsewhere (in the picture): its row is opened
    /// and focused.
    #[prop_or_default]
    pub selected: Option<usize>,
    /// The picture's find matches, placed once per find: their rows are
    /// marked, and a closed row says how many it hides.
    #[prop_or_default]
    pub found: Rc<Found>,
}

impl PartialEq for TreeProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.outline, &other.outline)
            && self.selected == other.selected
            && Rc::ptr_eq(&self.found, &other.found)
    }
}

/// RFC 40, which describes the resource graph a document may carry.
const RFC40: &str =
    "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_40.html";

/// The Graph section: the tree of `outline` and, when `picture` gives
/// the text and a way to open tabs, its picture (which copies parts of
/// the text to new tabs), or, when there is none
/// because the main set of `summaries` is too large to generate one, why
/// not and what to do instead; nothing when the document holds no set.
pub fn graph_section(
    outline: Option<Rc<RefCell<Outline>>>,
    summaries: &Result<Summaries, String>,
    picture: Option<PictureLinks>,
) -> Html {
    if let Some(outline) = outline {
        // The embedding bundle (feature `page` off) draws the tree only: the
        // picture would add about 50 KB gzipped to its 400 KB budget.
        #[cfg(feature = "page")]
        if let Some(links) = picture {
            return html! { <GraphPanels {outline} {links} /> };
        }
        #[cfg(not(feature = "page"))]
        let _ = picture;
        return html! { <TreeView {outline} /> };
    }
    let why = summaries
        .as_ref()
        .ok()
        .and_then(Summaries::main)
        .and_then(|m| not_drawn(generated_vertices(m.nodes, m.types.iter().map(|t| t.count))));
    let Some(why) = why else {
        return html! {};
    };
    html! {
        <section class="panel tree" aria-label="Resource graph">
            <h2>{ "Graph" }</h2>
            <p data-testid="graph-not-drawn">{ why }</p>
            <p class="hint">{ "A scheduling graph is the resource graph " }
                <a href={RFC40}>{ "RFC 40" }</a>{ " describes, which Fluxion writes into R." }</p>
        </section>
    }
}

/// What links the picture to the rest of the page.
#[derive(Clone, PartialEq)]
pub struct PictureLinks {
    /// The document's text, for copying part of it to a new tab.
    pub text: crate::tabs::Text,
    /// Open a new tab holding this text.
    pub on_open: Callback<String>,
    /// The byte at the editor's caret or pointer: its vertex's box is
    /// outlined.
    pub caret: Option<usize>,
    /// Select these bytes in the editor (a box's vertex).
    pub on_select_bytes: Callback<(usize, usize)>,
}

/// Properties of [`GraphPanels`].
#[cfg(feature = "page")]
#[derive(Properties, Clone)]
struct PanelsProps {
    outline: Rc<RefCell<Outline>>,
    links: PictureLinks,
}

#[cfg(feature = "page")]
impl PartialEq for PanelsProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.outline, &other.outline) && self.links == other.links
    }
}

/// The tree and the picture of one outline, linked: the box selected in
/// the picture is the row focused in the tree.
#[cfg(feature = "page")]
#[function_component(GraphPanels)]
fn graph_panels(props: &PanelsProps) -> Html {
    let selected = use_state(|| None::<usize>);
    // The picture's find matches, with the outline they index: a new
    // document's tree marks nothing until it is searched.
    let found = use_state(|| None::<(Rc<RefCell<Outline>>, Rc<Found>)>);
    let on_found = {
        let (found, outline) = (found.clone(), props.outline.clone());
        Callback::from(move |hits: Vec<usize>| {
            // Placed here, once: the tree draws on every scroll.
            let placed = Rc::new(outline.borrow().found(&hits));
            found.set(Some((outline.clone(), placed)));
        })
    };
    let hits = match &*found {
        Some((o, h)) if Rc::ptr_eq(o, &props.outline) => h.clone(),
        _ => Rc::default(),
    };
    let on_select = {
        let (selected, outline, select_bytes) = (
            selected.clone(),
            props.outline.clone(),
            props.links.on_select_bytes.clone(),
        );
        Callback::from(move |v: usize| {
            selected.set(Some(v));
            // The vertex's own JSON in the editor, when the document has it.
            if let Some(r) = outline.borrow().looks().span(v) {
                select_bytes.emit((r.start, r.end));
            }
        })
    };
    let outline = props.outline.clone();
    let PictureLinks {
        text,
        on_open,
        caret,
        ..
    } = props.links.clone();
    html! { <>
        <TreeView outline={outline.clone()} selected={*selected} found={hits} />
        <crate::web::components::picture::PictureView {outline} {text} {on_open} {on_select} {caret} {on_found} />
    </> }
}

/// How long the off-screen warm-up picture ([`warm_up`]) stays mounted:
/// long enough for its effects (the canvas paint) to have run.
#[cfg(feature = "page")]
const WARM_UP_MS: u32 = 200;

/// Draw the tree and picture of a small graph (the last parts of the
/// worker's warm-up answer, [`crate::web::worker::warm_up`]) into an
/// element that is never on the page, then take them down. The browser
/// compiles each wasm function when it is first called: a page that had
/// drawn no graph compiled the picture's and the tree's code (and the
/// answer's reading) during the first graph's render, about 30 ms of a
/// 4 042-vertex paste's; this compiles them while the page is idle.
#[cfg(feature = "page")]
pub fn warm_up(parts: &[wasm_bindgen::JsValue]) {
    use crate::web::worker::part_bytes;
    let part = |i: usize| part_bytes(parts.get(i));
    let Ok(mut drawn) = crate::analysis::Drawn::from_rest(&part(0)) else {
        return;
    };
    let pieces: Vec<Vec<u8>> = (2..parts.len()).map(part).collect();
    let pieces = pieces.iter().map(Vec::as_slice);
    if drawn.read_entries(&part(1)).is_err() || drawn.read_outline(pieces).is_err() {
        return;
    }
    let (Some(outline), Ok(root)) = (
        drawn.outline.take(),
        gloo::utils::document().create_element("div"),
    ) else {
        return;
    };
    let props = PanelsProps {
        outline: Rc::new(RefCell::new(outline)),
        links: PictureLinks {
            text: crate::tabs::Text::from(""),
            on_open: Callback::noop(),
            caret: None,
            on_select_bytes: Callback::noop(),
        },
    };
    let app = yew::Renderer::<GraphPanels>::with_root_and_props(root, props).render();
    gloo::timers::callback::Timeout::new(WARM_UP_MS, move || app.destroy()).forget();
}

/// The containment tree of the document's resource graph.
#[function_component(TreeView)]
pub fn tree_view(props: &TreeProps) -> Html {
    let version = use_state(|| 0u32);
    let top = use_state(|| 0.0f64);
    let focus = use_state(|| 0usize);
    let scroller = use_node_ref();
    let outline = props.outline.borrow();
    let len = outline.len();
    let first = ((*top / ROW) as usize).min(len);
    let last = (first + (VIEW / ROW) as usize + 2).min(len);
    // A closed subtree or a new document can leave the focus past the end.
    let focused = (*focus).min(len.saturating_sub(1));
    // The rows in view, and the focused row wherever it is.
    let shown = (first..last)
        .chain((!(first..last).contains(&focused) && focused < len).then_some(focused));

    let toggle = {
        let (outline, version, focus) = (props.outline.clone(), version.clone(), focus.clone());
        Callback::from(move |i: usize| {
            outline.borrow_mut().toggle(i);
            focus.set(i);
            version.set(*version + 1);
        })
    };
    let onscroll = {
        let top = top.clone();
        Callback::from(move |e: Event| {
            let el: HtmlElement = e.target_unchecked_into();
            top.set(f64::from(el.scroll_top()));
        })
    };
    // The letters typed so far and when the last one came.
    let typed = use_mut_ref(|| (String::new(), 0.0f64));
    let onkeydown = key_down(props, &focus, &toggle, &scroller, &typed);
    {
        // A vertex selected in the picture: open its ancestors, focus its row.
        let (o, focus, version, scroller) = (
            props.outline.clone(),
            focus.clone(),
            version.clone(),
            scroller.clone(),
        );
        use_effect_with(props.selected, move |selected| {
            if let Some(row) = selected.and_then(|v| o.borrow_mut().reveal(v)) {
                focus.set(row);
                version.set(*version + 1);
                reveal(&scroller, row);
            }
        });
    }
    let origin = match outline.origin() {
        Origin::Scheduling => "the document's scheduling graph",
        Origin::Generated => "generated from R_lite (the document has no graph)",
    };
    let label = crate::web::hooks::use_region_name("Resource graph");
    let marks = RowMarks::new(&props.found);
    html! {
        <section class="panel tree" aria-label={label}>
            <h2>{ "Graph" }</h2>
            <p class="hint">{ format!("{}, {origin}. Use the arrow keys to move, Enter to open or close, or type a name.", count_as(outline.vertices(), "vertex", "vertices")) }</p>
            <div class="tree-scroll" ref={scroller} {onscroll} {onkeydown} tabindex="0" role="tree"
                aria-label="Containment tree" aria-activedescendant={(len > 0).then(|| format!("tree-row-{focused}"))}
                style={format!("height:{}px", VIEW.min(len as f64 * ROW + 4.0))} data-testid="tree">
                <div style={format!("height:{}px;position:relative", len as f64 * ROW)}>
                    { for shown.filter_map(|i| outline.row(i).map(|r| (i, r))).map(|(i, r)| {
                        let click = toggle.reform(move |_: MouseEvent| i);
                        let mark = if r.children == 0 { "·" } else if r.open { "▾" } else { "▸" };
                        let rank = r.rank.map(|n| format!(" rank {n}")).unwrap_or_default();
                        let found = marks.of(&outline, i);
                        html! {
                            <div role="treeitem" id={format!("tree-row-{i}")}
                                aria-level={(r.depth + 1).to_string()}
                                aria-expanded={(r.children > 0).then(|| r.open.to_string())}
                                aria-selected={(i == focused).to_string()}
                                style={format!("top:{}px;padding-left:{}rem", i as f64 * ROW, 0.3 + r.depth as f64 * 1.1)}
                                class={classes!("tree-row", found.is_some().then_some("found"))}
                                onclick={click} data-testid="tree-row" data-found={found.clone()}>
                                <span class="mark">{ mark }</span>
                                <span class="name">{ r.name.clone() }</span>
                                <span class="kind">{ format!(" {}{rank}", r.kind) }</span>
                                if !r.holds.is_empty() { <span class="holds">{ format!(" — {}", r.holds) }</span> }
                                if let Some(f) = found { <span class="found-note">{ format!(" · {f}") }</span> }
                            </div>
                        }
                    }) }
                </div>
            </div>
        </section>
    }
}

/// The find's marks of the tree's rows. The embedding bundle (feature
/// `page` off) has no find, and its size budget no room for them.
#[cfg(feature = "page")]
struct RowMarks<'f>(&'f Found);

#[cfg(feature = "page")]
impl<'f> RowMarks<'f> {
    fn new(found: &'f Found) -> RowMarks<'f> {
        RowMarks(found)
    }

    /// What row `i` says of the matches: `found`, or `2 found inside`.
    fn of(&self, outline: &Outline, i: usize) -> Option<String> {
        use crate::outline::RowMark;
        match outline.row_mark(i, self.0)? {
            RowMark::Hit => Some("found".to_string()),
            RowMark::Inside(n) => Some(format!("{n} found inside")),
        }
    }
}

/// No marks: the embedded views have no find.
#[cfg(not(feature = "page"))]
struct RowMarks;

#[cfg(not(feature = "page"))]
impl RowMarks {
    fn new(_: &Found) -> RowMarks {
        RowMarks
    }

    fn of(&self, _: &Outline, _: usize) -> Option<String> {
        None
    }
}

/// Keys move the focus or open and close rows, as [`Outline::press`]
/// decides; other printable keys are type-ahead.
fn key_down(
    props: &TreeProps,
    focus: &UseStateHandle<usize>,
    toggle: &Callback<usize>,
    scroller: &NodeRef,
    typed: &Rc<RefCell<(String, f64)>>,
) -> Callback<KeyboardEvent> {
    let (focus, toggle, scroller, outline, typed) = (
        focus.clone(),
        toggle.clone(),
        scroller.clone(),
        props.outline.clone(),
        typed.clone(),
    );
    Callback::from(move |e: KeyboardEvent| {
        let key = e.key();
        // The outline is borrowed for the decision only: a toggle borrows it
        // mutably.
        let (at, press) = {
            let outline = outline.borrow();
            let at = (*focus).min(outline.len().saturating_sub(1));
            (at, outline.press(at, &key, PAGE))
        };
        let next = match press {
            TreeKey::Focus(to) => Some(to),
            TreeKey::Toggle(i) => {
                e.prevent_default();
                toggle.emit(i);
                return;
            }
            TreeKey::Stay => {
                e.prevent_default();
                return;
            }
            TreeKey::Ignore if is_letter(&e) => {
                let now = js_sys::Date::now();
                let mut typed = typed.borrow_mut();
                if now - typed.1 > TYPE_AHEAD_MS {
                    typed.0.clear();
                }
                typed.0.push_str(&key);
                typed.1 = now;
                outline.borrow().type_ahead(at, &typed.0)
            }
            TreeKey::Ignore => return,
        };
        e.prevent_default();
        if let Some(to) = next {
            focus.set(to);
            reveal(&scroller, to);
        }
    })
}

/// A key that types a character, with no modifier that makes it a shortcut.
fn is_letter(e: &KeyboardEvent) -> bool {
    e.key().chars().count() == 1 && e.key() != " " && !e.ctrl_key() && !e.meta_key() && !e.alt_key()
}

/// Scroll the tree so that row `i` is in view.
fn reveal(scroller: &NodeRef, i: usize) {
    if let Some(el) = scroller.cast::<HtmlElement>() {
        let y = i as f64 * ROW;
        let t = f64::from(el.scroll_top());
        if y < t {
            el.set_scroll_top(y as i32);
        } else if y + ROW > t + VIEW {
            el.set_scroll_top((y + ROW - VIEW) as i32);
        }
    }
}
