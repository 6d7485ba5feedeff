//! The resource graph as a tree: a virtualized list of the outline's
//! visible rows (only those in view are in the DOM), each a button that
//! opens or closes its vertex. Which vertices are open is the view's
//! state, a reducer over the core's [`Opened`]. Keys do what
//! [`Opened::press`] decides
//! (the WAI-ARIA tree pattern) and typed letters move to a matching name
//! ([`Opened::type_ahead`]); the focused row is always in the DOM, so
//! `aria-activedescendant` names an element that exists. A set too large
//! to generate a graph for gets the section still, saying why it has no
//! tree ([`graph_section`]).

use rscope_core::analysis::Summaries;
use rscope_core::outline::{
    generated_vertices, not_drawn, Found, Opened, Opening, Origin, Outline, TreeKey,
};
use rscope_core::words::count_as;
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
    pub outline: Rc<Outline>,
    /// A vertex selected elsewhere (in the picture): its row is opened
    /// and focused.
    #[prop_or_default]
    pub selected: Option<usize>,
    /// The picture's find matches, placed once per find: their rows are
    /// marked, and a closed row says how many it hides.
    #[prop_or_default]
    pub found: Rc<Found>,
    /// Start each new outline folded to its root (an embedded view's
    /// `fold=1`); the reader may open it again.
    #[prop_or_default]
    pub fold: bool,
}

impl PartialEq for TreeProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.outline, &other.outline)
            && self.selected == other.selected
            && Rc::ptr_eq(&self.found, &other.found)
            && self.fold == other.fold
    }
}

/// The tree view's state: which vertices of its outline are open (the
/// core's [`Opened`], changed only by [`Opened::apply`]) and which row has
/// the focus. The outline itself is shared with the picture and never
/// changes.
struct TreeState {
    outline: Rc<Outline>,
    opened: Rc<Opened>,
    focus: usize,
}

impl TreeState {
    /// The state a view of `outline` starts in.
    fn of(outline: &Rc<Outline>, fold: bool) -> TreeState {
        let mut opened = outline.opened().clone();
        if fold {
            opened.apply(outline, Opening::FoldRoot);
        }
        TreeState {
            outline: outline.clone(),
            opened: Rc::new(opened),
            focus: 0,
        }
    }
}

/// What the tree view does to its state.
enum TreeAct {
    /// Open or close rows ([`Opening`]); focus the row it names.
    Open(Opening),
    /// Move the focus to a row.
    Focus(usize),
}

impl Reducible for TreeState {
    type Action = TreeAct;

    fn reduce(self: Rc<Self>, act: TreeAct) -> Rc<Self> {
        // A focus move shares the open set: on a million-vertex graph a
        // copy of it per arrow key would be milliseconds of work.
        let (opened, focus) = match act {
            TreeAct::Focus(to) => (self.opened.clone(), to),
            TreeAct::Open(opening) => {
                let mut opened = (*self.opened).clone();
                let focus = opened.apply(&self.outline, opening).unwrap_or(self.focus);
                (Rc::new(opened), focus)
            }
        };
        let outline = self.outline.clone();
        Rc::new(TreeState {
            outline,
            opened,
            focus,
        })
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
/// `fold`: the tree starts folded to its root (an embedded view's
/// `fold=1`).
pub fn graph_section(
    outline: Option<Rc<Outline>>,
    summaries: &Result<Summaries, String>,
    picture: Option<PictureLinks>,
    fold: bool,
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
        let key = tree_key(&outline);
        return html! { <TreeView {key} {outline} {fold} /> };
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
    pub text: rscope_core::tabs::Text,
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
    outline: Rc<Outline>,
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
    let found = use_state(|| None::<(Rc<Outline>, Rc<Found>)>);
    let on_found = {
        let (found, outline) = (found.clone(), props.outline.clone());
        Callback::from(move |hits: Vec<usize>| {
            // PlacedBox here, once: the tree draws on every scroll.
            let placed = Rc::new(outline.found(&hits));
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
            if let Some(r) = outline.looks().span(v) {
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
        <TreeView key={tree_key(&outline)} outline={outline.clone()} selected={*selected} found={hits} />
        <crate::components::picture::PictureView {outline} {text} {on_open} {on_select} {caret} {on_found} />
    </> }
}

/// How long the off-screen warm-up picture ([`warm_up`]) stays mounted:
/// long enough for its effects (the canvas paint) to have run.
#[cfg(feature = "page")]
const WARM_UP_MS: u32 = 200;

/// Draw the tree and picture of a small graph (the last parts of the
/// worker's warm-up answer, [`crate::analysis_worker::warm_up`]) into an
/// element that is never on the page, then take them down. The browser
/// compiles each wasm function when it is first called: a page that had
/// drawn no graph compiled the picture's and the tree's code (and the
/// answer's reading) during the first graph's render, about 30 ms of a
/// 4 042-vertex paste's; this compiles them while the page is idle.
#[cfg(feature = "page")]
pub fn warm_up(parts: &[wasm_bindgen::JsValue]) {
    use crate::analysis_worker::part_bytes;
    let part = |i: usize| part_bytes(parts.get(i));
    let Ok(mut drawn) = rscope_core::analysis::Drawn::from_rest(&part(0)) else {
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
        outline: Rc::new(outline),
        links: PictureLinks {
            text: rscope_core::tabs::Text::from(""),
            on_open: Callback::noop(),
            caret: None,
            on_select_bytes: Callback::noop(),
        },
    };
    let app = yew::Renderer::<GraphPanels>::with_root_and_props(root, props).render();
    gloo::timers::callback::Timeout::new(WARM_UP_MS, move || app.destroy()).forget();
}

/// The key of a tree view of `outline`: each new outline (a new analysis)
/// mounts a new view, which starts from that outline's own open set.
fn tree_key(outline: &Rc<Outline>) -> String {
    format!("{:p}", Rc::as_ptr(outline))
}

/// The containment tree of the document's resource graph; mount it keyed
/// by its outline ([`tree_key`]).
#[function_component(TreeView)]
pub fn tree_view(props: &TreeProps) -> Html {
    let state = use_reducer(|| TreeState::of(&props.outline, props.fold));
    let top = use_state(|| 0.0f64);
    let scroller = use_node_ref();
    // One outline to a view: a new one mounts a new view ([`tree_key`]).
    let (outline, opened) = (&state.outline, &state.opened);
    let len = opened.len();
    let first = ((*top / ROW) as usize).min(len);
    let last = (first + (VIEW / ROW) as usize + 2).min(len);
    // A closed subtree or a new document can leave the focus past the end.
    let focused = state.focus.min(len.saturating_sub(1));
    // The rows in view, and the focused row wherever it is.
    let shown = (first..last)
        .chain((!(first..last).contains(&focused) && focused < len).then_some(focused));
    let toggle = {
        let state = state.dispatcher();
        Callback::from(move |i: usize| state.dispatch(TreeAct::Open(Opening::Toggle(i))))
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
    let onkeydown = key_down(&state, focused, &typed);
    {
        // A vertex selected in the picture: open its ancestors, focus its row.
        let state = state.dispatcher();
        use_effect_with(props.selected, move |selected| {
            if let Some(v) = *selected {
                state.dispatch(TreeAct::Open(Opening::Reveal(v)));
            }
        });
    }
    {
        // The focused row is scrolled into view, however it got the focus.
        // From the scroll position the view keeps: a row already in view
        // (a new view's first) costs no layout, which reading the
        // element's own would force in the middle of the page's render.
        let (scroller, at) = (scroller.clone(), *top);
        use_effect_with(focused, move |&row| reveal(&scroller, row, at));
    }
    let origin = match outline.origin() {
        Origin::Scheduling => "the document's scheduling graph",
        Origin::Generated => "generated from R_lite (the document has no graph)",
    };
    let label = crate::hooks::use_region_name("Resource graph");
    let marks = RowMarks::new(&props.found);
    html! {
        <section class="panel tree" aria-label={label}>
            <h2>{ "Graph" }</h2>
            <p class="hint">{ format!("{}, {origin}. Use the arrow keys to move, Enter to open or close, or type a name.", count_as(outline.vertices(), "vertex", "vertices")) }</p>
            <div class="tree-scroll" ref={scroller} {onscroll} {onkeydown} tabindex="0" role="tree"
                aria-label="Containment tree" aria-activedescendant={(len > 0).then(|| format!("tree-row-{focused}"))}
                style={format!("height:{}px", VIEW.min(len as f64 * ROW + 4.0))} data-testid="tree">
                <div style={format!("height:{}px;position:relative", len as f64 * ROW)}>
                    { for shown.filter_map(|i| opened.row(outline, i).map(|r| (i, r))).map(|(i, r)| {
                        let click = toggle.reform(move |_: MouseEvent| i);
                        let mark = if r.children == 0 { "·" } else if r.open { "▾" } else { "▸" };
                        let rank = r.rank.map(|n| format!(" rank {n}")).unwrap_or_default();
                        let found = marks.of(outline, opened, i);
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
    fn of(&self, outline: &Outline, opened: &Opened, i: usize) -> Option<String> {
        use rscope_core::outline::RowMark;
        match opened.row_mark(outline, i, self.0)? {
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

    fn of(&self, _: &Outline, _: &Opened, _: usize) -> Option<String> {
        None
    }
}

/// Keys move the focus (on row `at`) or open and close rows, as
/// [`Opened::press`] decides; other printable keys are type-ahead.
fn key_down(
    state: &UseReducerHandle<TreeState>,
    at: usize,
    typed: &Rc<RefCell<(String, f64)>>,
) -> Callback<KeyboardEvent> {
    let (dispatch, typed) = (state.dispatcher(), typed.clone());
    let (outline, opened) = (state.outline.clone(), state.clone());
    Callback::from(move |e: KeyboardEvent| {
        let key = e.key();
        let next = match opened.opened.press(&outline, at, &key, PAGE) {
            TreeKey::Focus(to) => Some(to),
            TreeKey::Toggle(i) => {
                e.prevent_default();
                dispatch.dispatch(TreeAct::Open(Opening::Toggle(i)));
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
                opened.opened.type_ahead(&outline, at, &typed.0)
            }
            TreeKey::Ignore => return,
        };
        e.prevent_default();
        if let Some(to) = next {
            dispatch.dispatch(TreeAct::Focus(to));
        }
    })
}

/// A key that types a character, with no modifier that makes it a shortcut.
fn is_letter(e: &KeyboardEvent) -> bool {
    e.key().chars().count() == 1 && e.key() != " " && !e.ctrl_key() && !e.meta_key() && !e.alt_key()
}

/// Scroll the tree, scrolled to `top`, so that row `i` is in view.
fn reveal(scroller: &NodeRef, i: usize, top: f64) {
    let y = i as f64 * ROW;
    let to = if y < top {
        y
    } else if y + ROW > top + VIEW {
        y + ROW - VIEW
    } else {
        return;
    };
    if let Some(el) = scroller.cast::<HtmlElement>() {
        el.set_scroll_top(to as i32);
    }
}
