//! The resource graph as nested boxes on a `<canvas>`, as lstopo draws a
//! machine. The core lays the boxes out ([`rscope_core::outline::picture`]):
//! this component paints them, hit-tests the pointer, and turns clicks and
//! keys into changes of the [`Framing`] (zoom, unfold) or of the focused box.
//! Find (RFC 4 *Find/Match*) marks boxes; the focused box's counts by type
//! (RFC 4 *Aggregate*) are read out; its subtree, or the find's matches,
//! open as a new tab pruned to them ([`rscope_core::prune`], RFC 4 *Copy*). The
//! drawing exports as SVG or PNG.

use super::grid_paint::{dark_theme, download};
use rscope_core::jgf::Query;
use rscope_core::outline::picture::{
    colour_slot, layout, scroll_to_show, ChildrenShown, FindMark, Framing, Move, Picture,
    PictureColorBy, LINE, PAD,
};
use rscope_core::outline::Outline;
use rscope_core::tabs::Text;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use rscope_core::palette::{
    BOXES_DARK as DARK, BOXES_LIGHT as LIGHT, CARET, HIT, PICTURE_INK as INK, SUBSYSTEMS as OVERLAY,
};

/// Properties of [`PictureView`].
#[derive(Properties, Clone)]
pub struct PictureProps {
    /// The outline the tree view draws too; shared, never copied.
    pub outline: Rc<Outline>,
    /// The document's text, for copying part of it to a new tab.
    pub text: Text,
    /// Open a new tab holding this text.
    pub on_open: Callback<String>,
    /// A box was selected: its vertex, for the tree and the editor.
    #[prop_or_default]
    pub on_select: Callback<usize>,
    /// The byte at the editor's caret or pointer: the box of its vertex is
    /// outlined.
    #[prop_or_default]
    pub caret: Option<usize>,
    /// A find ran: its matches (vertex indices; none when it failed), for
    /// the tree to mark them too.
    #[prop_or_default]
    pub on_found: Callback<Vec<usize>>,
}

impl PartialEq for PictureProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.outline, &other.outline)
            && self.text == other.text
            && self.caret == other.caret
    }
}

/// What the person has done to the picture.
#[derive(Clone, Default, PartialEq)]
struct State {
    view: Framing,
    /// The focused box (keyboard and click).
    at: usize,
    /// The find's query and matches, or why it could not be read.
    query: String,
    hits: Option<Result<Vec<usize>, String>>,
    colour: Colour,
    /// Whether the lines of other subsystems are hidden.
    hide_overlay: bool,
}

/// The colour choice as the menu names it.
#[derive(Clone, Default, PartialEq)]
enum Colour {
    #[default]
    Type,
    State,
    Property(String),
}

impl Colour {
    fn by(&self) -> PictureColorBy {
        match self {
            Colour::Type => PictureColorBy::Type,
            Colour::State => PictureColorBy::State,
            Colour::Property(p) => PictureColorBy::Property(p.clone()),
        }
    }
}

/// The picture section.
#[function_component(PictureView)]
pub fn picture_view(props: &PictureProps) -> Html {
    let state = use_state(State::default);
    let hover = use_state(|| None::<(f64, f64, String)>);
    let canvas = use_node_ref();
    // The canvas covers only the scroller's view: a scroll repaints.
    let (sizer, scroller) = (use_node_ref(), use_node_ref());
    let scrolled = use_state(|| 0u32);
    let onscroll = {
        let scrolled = scrolled.clone();
        Callback::from(move |_: Event| scrolled.set(scrolled.wrapping_add(1)))
    };
    let outline = &props.outline;
    // The layout is a pure function of the outline and the view.
    let picture = {
        let view = state.view.clone();
        let o = props.outline.clone();
        use_memo((view, PtrKey(props.outline.clone())), move |(view, _)| {
            layout(&o, view)
        })
    };
    let at = state.at.min(picture.boxes.len().saturating_sub(1));
    let hits: &[usize] = match &state.hits {
        Some(Ok(h)) => h,
        _ => &[],
    };
    let marks = picture.marks(outline, hits);
    let disagreeing = picture.disagreeing(outline);
    let overlay = if state.hide_overlay {
        Vec::new()
    } else {
        picture.overlay(outline)
    };
    let subsystems = rscope_core::outline::picture::subsystem_names(outline);
    let caret_box = props
        .caret
        .and_then(|at| outline.looks().vertex_at(at))
        .and_then(|v| picture.box_of(outline, v));
    use_paint(
        &canvas,
        &scroller,
        &props.outline,
        &picture,
        PictureMarks {
            marks: marks.clone(),
            disagreeing: disagreeing.clone(),
            colour: state.colour.by(),
            caret: caret_box,
            overlay: overlay.clone(),
        },
        at,
    );
    let act = act_callback(
        &state,
        &props.outline,
        &picture,
        &props.on_select,
        &scroller,
    );
    let Pointer {
        onclick,
        ondblclick,
        onmousemove,
        onmouseleave,
        onkeydown,
    } = pointer(&picture, &sizer, &hover, &act, &props.outline, at);
    let focus_box = picture.boxes.get(at);
    let about = focus_box.map(|b| outline.describe(b)).unwrap_or_default();
    let query_input = use_node_ref();
    let on_find = find_callback(&state, &props.outline, &query_input, &props.on_found);
    let copy = copy_callback(props, &state, &picture, at);
    let (png, svg) = export_callbacks(&props.outline, &picture, &marks, &state.colour);
    let (on_colour, on_overlay, zoom_out) = view_callbacks(&state);
    html! {
        <section class="panel picture" aria-label="Resource picture" data-testid="picture-panel">
            <h2>{ "Picture" }</h2>
            <p class="hint">{ "The containment tree as nested boxes. Identical siblings fold into one box marked ×N: click it, or press Space, to unfold. Double-click or Enter zooms into a box; Backspace or the path above zooms out. Arrow keys move between boxes." }</p>
            { crumbs_nav(&state, outline, &act, zoom_out) }
            <div class="picture-tools">
                { find_form(&state, query_input, on_find) }
                { colour_select(&state, outline, on_colour) }
                <button onclick={copy.0} data-testid="picture-copy">{ "Copy box to new tab" }</button>
                if matches!(&state.hits, Some(Ok(h)) if !h.is_empty()) {
                    <button onclick={copy.1} data-testid="picture-copy-found">{ "Copy matches to new tab" }</button>
                }
                if !subsystems.is_empty() {
                    <label><input type="checkbox" checked={!state.hide_overlay} onchange={on_overlay} data-testid="picture-overlay" />
                        { format!(" Show {} edges", subsystems.join(" and ")) }</label>
                }
                <button onclick={png} data-testid="picture-export-png">{ "Export PNG" }</button>
                <button onclick={svg} data-testid="picture-export-svg">{ "Export SVG" }</button>
            </div>
            { legend_list(&picture, outline, &state, &canvas) }
            <div class="picture-frame">
                <div class="picture-scroll" ref={scroller} {onscroll} tabindex="0" role="application" aria-roledescription="resource picture"
                    aria-label="Resource picture: arrow keys move between boxes, Enter zooms in, Backspace zooms out, Space unfolds"
                    {onclick} {ondblclick} {onmousemove} {onmouseleave} {onkeydown} data-testid="picture"
                    data-boxes={picture.boxes.len().to_string()} data-focus={focus_box.map(|b| b.title.clone())}
                    data-focus-rect={focus_box.map(|b| format!("{} {} {} {}", b.x, b.y, b.w, b.h))}
                    data-hits={marks.iter().filter(|m| **m == FindMark::Hit).count().to_string()}
                    data-disagree={disagreeing.iter().filter(|d| **d).count().to_string()}
                    data-overlay={overlay.len().to_string()}
                    data-caret={caret_box.and_then(|i| picture.boxes.get(i)).map(|b| b.title.clone())}>
                    <div class="picture-sizer" ref={sizer} data-testid="picture-canvas"
                        style={format!("width:{}px;height:{}px", picture.width, picture.height)}>
                        <canvas ref={canvas} aria-hidden="true"></canvas>
                    </div>
                </div>
                if let Some((x, y, text)) = &*hover {
                    <div class="tooltip picture-tip" role="tooltip" data-testid="picture-tooltip" style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
                }
            </div>
            if picture.not_drawn > 0 {
                <p class="hint" data-testid="picture-not-drawn">{ format!("{} more boxes at this level are not drawn: zoom into a box to see its part.", picture.not_drawn) }</p>
            }
            { differences_list(outline) }
            <p class="picture-about" aria-live="polite" data-testid="picture-about">{ about.join(" · ") }</p>
        </section>
    }
}

/// An `Rc` compared by pointer, for memo keys.
#[derive(Clone)]
struct PtrKey(Rc<Outline>);

impl PartialEq for PtrKey {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// `3 found`, `none found`.
fn words_found(n: usize) -> String {
    match n {
        0 => "none found".to_string(),
        n => format!("{n} found"),
    }
}

/// What the person did, in picture terms.
#[derive(Clone, Copy)]
enum Act {
    Click(usize),
    Zoom(usize),
    Key(Move),
}

/// Apply an [`Act`] to the state: focus a box, unfold a run, zoom. A
/// key that moves the focus scrolls the picture to show the focused box
/// The path from the whole graph to the box zoomed into, each step a
/// button that zooms there.
fn crumbs_nav(
    state: &State,
    outline: &Outline,
    act: &Callback<Act>,
    zoom_out: Callback<MouseEvent>,
) -> Html {
    let crumbs = state
        .view
        .focus
        .map(|f| outline.breadcrumb(f))
        .unwrap_or_default();
    html! {
        <nav aria-label="Picture path" class="crumbs" data-testid="picture-crumbs">
            <button onclick={zoom_out} aria-current={state.view.focus.is_none().then_some("true")}>{ "whole graph" }</button>
            { for crumbs.iter().enumerate().map(|(k, (v, name))| {
                let (act, v, last) = (act.clone(), *v, k + 1 == crumbs.len());
                html! { <>{ " / " }<button onclick={Callback::from(move |_| act.emit(Act::Zoom(v)))}
                    aria-current={last.then_some("true")}>{ name.clone() }</button></> }
            }) }
        </nav>
    }
}

/// The find field, and what the last search found.
fn find_form(state: &State, query_input: NodeRef, on_find: Callback<SubmitEvent>) -> Html {
    let found = match &state.hits {
        Some(Ok(h)) => words_found(h.len()),
        Some(Err(e)) => e.clone(),
        None => String::new(),
    };
    html! {
        <form onsubmit={on_find} class="picture-find">
            <label>{ "Find " }<input ref={query_input} type="text" name="query" placeholder="type=core" value={state.query.clone()}
                aria-describedby="picture-found" data-testid="picture-find" /></label>
            <button type="submit">{ "Find" }</button>
            <span id="picture-found" role="status" data-testid="picture-found">{ found }</span>
        </form>
    }
}

/// The colouring menu: type, state, or each property of the graph.
fn colour_select(state: &State, outline: &Outline, on_colour: Callback<Event>) -> Html {
    let names = outline.looks().property_names();
    html! {
        <label>{ "Colour by " }
            <select onchange={on_colour} data-testid="picture-colour">
                <option value="type" selected={state.colour == Colour::Type}>{ "type" }</option>
                <option value="state" selected={state.colour == Colour::State}>{ "state (status)" }</option>
                { for names.iter().map(|p| html! {
                    <option value={format!("property:{p}")} selected={state.colour == Colour::Property(p.to_string())}>{ format!("property {p}") }</option>
                }) }
            </select>
        </label>
    }
}

/// The colours' keys, in the light or dark theme the canvas is drawn in.
fn legend_list(picture: &Picture, outline: &Outline, state: &State, canvas: &NodeRef) -> Html {
    let legend = picture.legend(outline, &state.colour.by());
    let dark = dark_theme(canvas.cast::<web_sys::Element>().as_ref());
    html! {
        <ul class="legend" aria-label="Colours">
            { for legend.iter().enumerate().map(|(k, key)| html! {
                <li><span class="swatch" style={format!("background:{}", fill(slot(key, k, &state.colour.by()), dark))}></span>{ key.clone() }</li>
            }) }
        </ul>
    }
}

/// Where R_lite and the graph disagree, when they do.
fn differences_list(outline: &Outline) -> Html {
    let differences: Vec<&str> = outline.looks().differences().collect();
    if differences.is_empty() {
        return html! {};
    }
    html! {
        <details class="picture-differences" data-testid="picture-differences">
            <summary>{ format!("R_lite and the graph disagree ({}): the nodes concerned are marked with a corner", differences.len()) }</summary>
            <ul>{ for differences.iter().map(|d| html! { <li>{ d.to_string() }</li> }) }</ul>
        </details>
    }
}

/// The picture's pointer and key handlers.
struct Pointer {
    onclick: Callback<MouseEvent>,
    ondblclick: Callback<MouseEvent>,
    onmousemove: Callback<MouseEvent>,
    onmouseleave: Callback<MouseEvent>,
    onkeydown: Callback<KeyboardEvent>,
}

/// Clicks, double clicks and keys act on the box at the pointer or the
/// focused box `at`; the pointer's box is described in a tooltip.
fn pointer(
    picture: &Rc<Picture>,
    sizer: &NodeRef,
    hover: &UseStateHandle<Option<(f64, f64, String)>>,
    act: &Callback<Act>,
    outline: &Rc<Outline>,
    at: usize,
) -> Pointer {
    let onclick = {
        let (picture, sizer, act) = (picture.clone(), sizer.clone(), act.clone());
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = hit(&sizer, &picture, &e) {
                act.emit(Act::Click(i));
            }
        })
    };
    let ondblclick = {
        let (picture, sizer, act) = (picture.clone(), sizer.clone(), act.clone());
        Callback::from(move |e: MouseEvent| {
            if let Some(i) = hit(&sizer, &picture, &e) {
                act.emit(Act::Zoom(picture.boxes[i].vertex));
            }
        })
    };
    let onmousemove = {
        let (picture, sizer, hover, o) = (
            picture.clone(),
            sizer.clone(),
            hover.clone(),
            outline.clone(),
        );
        Callback::from(move |e: MouseEvent| {
            let tip = hit(&sizer, &picture, &e).map(|i| {
                let (x, y) = offset(&sizer, &e);
                let text = o.describe(&picture.boxes[i]).join("\n");
                (x + 12.0, y + 12.0, text)
            });
            if *hover != tip {
                hover.set(tip);
            }
        })
    };
    let onmouseleave = {
        let hover = hover.clone();
        Callback::from(move |_: MouseEvent| hover.set(None))
    };
    let onkeydown = {
        let (picture, act, o) = (picture.clone(), act.clone(), outline.clone());
        Callback::from(move |e: KeyboardEvent| {
            let m = picture.press(&o, at, &e.key());
            if m != Move::Ignore {
                e.prevent_default();
                act.emit(Act::Key(m));
            }
        })
    };
    Pointer {
        onclick,
        ondblclick,
        onmousemove,
        onmouseleave,
        onkeydown,
    }
}

/// The choices that change the view: the colouring, the overlay's edges
/// shown or hidden, and zooming out to the whole graph.
fn view_callbacks(
    state: &UseStateHandle<State>,
) -> (Callback<Event>, Callback<Event>, Callback<MouseEvent>) {
    let on_colour = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut s = (*state).clone();
            s.colour = match v.as_str() {
                "type" => Colour::Type,
                "state" => Colour::State,
                p => Colour::Property(p.strip_prefix("property:").unwrap_or(p).to_string()),
            };
            state.set(s);
        })
    };
    let on_overlay = {
        let state = state.clone();
        Callback::from(move |_: Event| {
            let mut s = (*state).clone();
            s.hide_overlay = !s.hide_overlay;
            state.set(s);
        })
    };
    let zoom_out = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let mut s = (*state).clone();
            s.view.focus = None;
            s.at = 0;
            state.set(s);
        })
    };
    (on_colour, on_overlay, zoom_out)
}

/// What a paint of the picture marks, besides its boxes.
struct PictureMarks {
    marks: Vec<FindMark>,
    disagreeing: Vec<bool>,
    colour: PictureColorBy,
    caret: Option<usize>,
    overlay: Vec<(usize, usize, String)>,
}

/// Paint the picture after each render, the focused box `at` outlined.
#[hook]
fn use_paint(
    canvas: &NodeRef,
    scroller: &NodeRef,
    outline: &Rc<Outline>,
    picture: &Rc<Picture>,
    painted: PictureMarks,
    at: usize,
) {
    let (canvas, scroller, picture, o) = (
        canvas.clone(),
        scroller.clone(),
        picture.clone(),
        outline.clone(),
    );
    use_effect(move || {
        let look = Look {
            marks: &painted.marks,
            disagreeing: &painted.disagreeing,
            by: &painted.colour,
            caret: painted.caret,
            overlay: &painted.overlay,
        };
        paint(&canvas, &scroller, &o, &picture, &look, at)
    });
}

/// (a click needs no scroll: the box is under the pointer).
fn act_callback(
    state: &UseStateHandle<State>,
    outline: &Rc<Outline>,
    picture: &Rc<Picture>,
    on_select: &Callback<usize>,
    scroller: &NodeRef,
) -> Callback<Act> {
    let (state, outline, picture, on_select, scroller) = (
        state.clone(),
        outline.clone(),
        picture.clone(),
        on_select.clone(),
        scroller.clone(),
    );
    Callback::from(move |a: Act| {
        let mut s = (*state).clone();
        let select = |i: usize| {
            if let Some(b) = picture.boxes.get(i) {
                on_select.emit(b.vertex);
            }
        };
        match a {
            Act::Click(i) => {
                select(i);
                s.at = i;
                if let Some(b) = picture.boxes.get(i).filter(|b| b.count > 1) {
                    if let Some(run) = b.run {
                        s.view.toggle(run);
                    }
                }
            }
            Act::Zoom(v) => {
                s.view.focus = Some(v);
                s.at = 0;
            }
            Act::Key(Move::Focus(i)) => {
                select(i);
                s.at = i;
                if let (Some(el), Some(b)) = (scroller.cast::<HtmlElement>(), picture.boxes.get(i))
                {
                    let view = (
                        f64::from(el.scroll_left()),
                        f64::from(el.scroll_top()),
                        f64::from(el.client_width()),
                        f64::from(el.client_height()),
                    );
                    let (x, y) = scroll_to_show(view, b);
                    el.set_scroll_left(x as i32);
                    el.set_scroll_top(y as i32);
                }
            }
            Act::Key(Move::Zoom(v)) => {
                s.view.focus = Some(v);
                s.at = 0;
                top_left(&scroller);
            }
            Act::Key(Move::ZoomOut) => {
                s.view.zoom_out(&outline);
                s.at = 0;
                top_left(&scroller);
            }
            Act::Key(Move::Toggle(run)) => s.view.toggle(run),
            Act::Key(Move::Stay | Move::Ignore) => return,
        }
        state.set(s);
    })
}

/// Scroll the picture to its top left corner, where a zoomed picture's
/// focused box (its root) is.
fn top_left(scroller: &NodeRef) {
    if let Some(el) = scroller.cast::<HtmlElement>() {
        el.set_scroll_left(0);
        el.set_scroll_top(0);
    }
}

/// Read the find form's query, mark its matches, and hand them to the
/// tree.
fn find_callback(
    state: &UseStateHandle<State>,
    outline: &Rc<Outline>,
    input: &NodeRef,
    on_found: &Callback<Vec<usize>>,
) -> Callback<SubmitEvent> {
    let (state, outline, input, on_found) = (
        state.clone(),
        outline.clone(),
        input.clone(),
        on_found.clone(),
    );
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let Some(input) = input.cast::<HtmlInputElement>() else {
            return;
        };
        let query = input.value();
        let mut s = (*state).clone();
        s.hits = Some(
            query
                .parse::<Query>()
                .map(|q| outline.find(&q))
                .map_err(|e| e.to_string()),
        );
        on_found.emit(match &s.hits {
            Some(Ok(h)) => h.clone(),
            _ => Vec::new(),
        });
        s.query = query;
        state.set(s);
    })
}

/// Copy the focused box's subtree (every member of a fold), or the find's
/// matches, to a new tab.
fn copy_callback(
    props: &PictureProps,
    state: &UseStateHandle<State>,
    picture: &Rc<Picture>,
    at: usize,
) -> (Callback<MouseEvent>, Callback<MouseEvent>) {
    let go = |which: bool| {
        let (text, on_open, state, picture, outline, on_found) = (
            props.text.clone(),
            props.on_open.clone(),
            state.clone(),
            picture.clone(),
            props.outline.clone(),
            props.on_found.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let keep: Vec<usize> = if which {
                match &state.hits {
                    Some(Ok(h)) => h.clone(),
                    _ => return,
                }
            } else {
                match picture.boxes.get(at) {
                    Some(b) => rscope_core::outline::picture::members(&outline, b),
                    None => return,
                }
            };
            let mut s = (*state).clone();
            match rscope_core::prune::copy(&text, &keep) {
                Ok(out) => on_open.emit(out),
                Err(e) => {
                    // The refusal takes the matches' place, in both views.
                    s.hits = Some(Err(e));
                    on_found.emit(Vec::new());
                    state.set(s);
                }
            }
        })
    };
    (go(false), go(true))
}

/// The PNG and SVG export buttons' callbacks.
fn export_callbacks(
    outline: &Rc<Outline>,
    picture: &Rc<Picture>,
    marks: &[FindMark],
    colour: &Colour,
) -> (Callback<MouseEvent>, Callback<MouseEvent>) {
    let (o, p, m, c) = (
        outline.clone(),
        picture.clone(),
        marks.to_vec(),
        colour.by(),
    );
    let png = Callback::from(move |_: MouseEvent| {
        let d = p.disagreeing(&o);
        export_png(
            &o,
            &p,
            &Look {
                marks: &m,
                disagreeing: &d,
                by: &c,
                caret: None,
                overlay: &p.overlay(&o),
            },
        )
    });
    let (o, p, m, c) = (
        outline.clone(),
        picture.clone(),
        marks.to_vec(),
        colour.by(),
    );
    let svg = Callback::from(move |_: MouseEvent| {
        let dark = dark_theme(None);
        let fills = fills(&o, &p, &c, dark);
        let lines: Vec<(usize, usize, String)> = overlay_colours(&p.overlay(&o), dark);
        let text = p.svg(&fills, &m, INK[usize::from(dark)], &lines);
        let url = format!(
            "data:image/svg+xml;charset=utf-8,{}",
            js_sys::encode_uri_component(&text)
        );
        download(&url, "rscope-picture.svg");
    });
    (png, svg)
}

/// The fill of legend entry `k`.
fn fill(k: usize, dark: bool) -> &'static str {
    let palette = if dark { &DARK } else { &LIGHT };
    palette[k % palette.len()]
}

/// The palette slot of legend key `key`, the `place`-th of the legend
/// ([`colour_slot`]: a type's slot is the same in every document).
fn slot(key: &str, place: usize, by: &PictureColorBy) -> usize {
    colour_slot(key, place, by, LIGHT.len())
}

/// Each box's fill, by its colour key's place in the legend.
fn fills(outline: &Outline, p: &Picture, by: &PictureColorBy, dark: bool) -> Vec<String> {
    let legend = p.legend(outline, by);
    p.boxes
        .iter()
        .map(|b| {
            let key = outline.colour_key(b.vertex, by);
            let k = legend.iter().position(|l| *l == key).unwrap_or(0);
            fill(slot(&key, k, by), dark).to_string()
        })
        .collect()
}

/// The box under the pointer.
fn hit(sizer: &NodeRef, p: &Picture, e: &MouseEvent) -> Option<usize> {
    let (x, y) = offset(sizer, e);
    p.at(x, y)
}

/// The pointer's position over the picture (the element sized to it,
/// which scrolls with it), in picture pixels.
fn offset(sizer: &NodeRef, e: &MouseEvent) -> (f64, f64) {
    let Some(c) = sizer.cast::<HtmlElement>() else {
        return (-1.0, -1.0);
    };
    let r = c.get_bounding_client_rect();
    (
        f64::from(e.client_x()) - r.left(),
        f64::from(e.client_y()) - r.top(),
    )
}

/// What marks the boxes beside their colour.
struct Look<'a> {
    /// Find matches.
    marks: &'a [FindMark],
    /// Nodes where R_lite and the graph disagree.
    disagreeing: &'a [bool],
    /// The colour choice.
    by: &'a PictureColorBy,
    /// The box of the vertex at the editor's caret.
    caret: Option<usize>,
    /// Lines of other subsystems: from box, to box, subsystem.
    overlay: &'a [(usize, usize, String)],
}

/// Paint the part of the picture in `scroller`'s view on `canvas`, which
/// sits over that view, at the screen's pixel ratio.
fn paint(
    canvas: &NodeRef,
    scroller: &NodeRef,
    o: &Outline,
    p: &Picture,
    look: &Look<'_>,
    at: usize,
) {
    let (Some(canvas), Some(scroller)) = (
        canvas.cast::<HtmlCanvasElement>(),
        scroller.cast::<HtmlElement>(),
    ) else {
        return;
    };
    let (sx, sy) = (
        f64::from(scroller.scroll_left()),
        f64::from(scroller.scroll_top()),
    );
    let w = f64::from(scroller.client_width())
        .min(p.width - sx)
        .max(1.0);
    let h = f64::from(scroller.client_height())
        .min(p.height - sy)
        .max(1.0);
    let style = canvas.style();
    let _ = style.set_property("left", &format!("{sx}px"));
    let _ = style.set_property("top", &format!("{sy}px"));
    let Some((ctx, _)) = crate::canvas::fit(&canvas, w, h) else {
        return;
    };
    let _ = ctx.translate(-sx, -sy);
    let dark = dark_theme(Some(canvas.unchecked_ref()));
    draw(&ctx, o, p, look, Some(at), dark, Some((sx, sy, w, h)));
    // Not the off-screen warm-up picture (tree::warm_up).
    if canvas.is_connected() {
        crate::task::mark("rscope:picture-painted");
    }
}

/// Draw every box: fill, border (thick for a find match, dashed for a box
/// holding one, double for the focused box), then its two lines of text.
fn draw(
    ctx: &web_sys::CanvasRenderingContext2d,
    o: &Outline,
    p: &Picture,
    look: &Look<'_>,
    at: Option<usize>,
    dark: bool,
    view: Option<(f64, f64, f64, f64)>,
) {
    let (marks, by) = (look.marks, look.by);
    let fills = fills(o, p, by, dark);
    let (ink, hit) = (INK[usize::from(dark)], HIT[usize::from(dark)]);
    ctx.set_font("11px ui-monospace, Menlo, Consolas, monospace");
    let (solid, dashed) = (
        js_sys::Array::new(),
        js_sys::Array::of2(&4.0.into(), &2.0.into()),
    );
    // Boxes outside the view are not drawn at all.
    let seen = |b: &rscope_core::outline::picture::PlacedBox| {
        view.is_none_or(|(x, y, w, h)| b.x < x + w && b.x + b.w > x && b.y < y + h && b.y + b.h > y)
    };
    for (i, b) in p.boxes.iter().enumerate().filter(|(_, b)| seen(b)) {
        ctx.set_fill_style_str(&fills[i]);
        ctx.fill_rect(b.x, b.y, b.w, b.h);
        let mark = marks.get(i).copied().unwrap_or(FindMark::None);
        ctx.set_stroke_style_str(if mark == FindMark::None { ink } else { hit });
        ctx.set_line_width(if mark == FindMark::Hit { 3.0 } else { 1.0 });
        let _ = ctx.set_line_dash(if mark == FindMark::Within {
            &dashed
        } else {
            &solid
        });
        ctx.stroke_rect(b.x + 0.5, b.y + 0.5, b.w - 1.0, b.h - 1.0);
        if look.caret == Some(i) {
            // The editor's caret is in this vertex's JSON.
            let _ = ctx.set_line_dash(&solid);
            ctx.set_line_width(3.0);
            ctx.set_stroke_style_str(CARET[usize::from(dark)]);
            ctx.stroke_rect(b.x + 1.5, b.y + 1.5, b.w - 3.0, b.h - 3.0);
        }
        if at == Some(i) {
            let _ = ctx.set_line_dash(&solid);
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str(hit);
            ctx.stroke_rect(b.x - 1.0, b.y - 1.0, b.w + 2.0, b.h + 2.0);
        }
        ctx.set_fill_style_str(ink);
        // fillText draws text, never markup: names stay inert.
        let _ = ctx.fill_text(&b.title, b.x + PAD, b.y + PAD + LINE - 3.0);
        if !b.detail.is_empty() {
            let _ = ctx.fill_text(&b.detail, b.x + PAD, b.y + PAD + 2.0 * LINE - 3.0);
        }
        if look.disagreeing.get(i).copied().unwrap_or(false) {
            // R_lite says otherwise about this node: a filled corner.
            ctx.set_fill_style_str(hit);
            ctx.begin_path();
            ctx.move_to(b.x + b.w, b.y);
            ctx.line_to(b.x + b.w - 10.0, b.y);
            ctx.line_to(b.x + b.w, b.y + 10.0);
            ctx.close_path();
            ctx.fill();
            ctx.set_fill_style_str(ink);
        }
        if b.shown == ChildrenShown::Closed && b.h > 2.0 * LINE {
            // Closed boxes have more inside: a corner mark says so.
            ctx.fill_rect(b.x + b.w - 6.0, b.y + 2.0, 4.0, 4.0);
        }
    }
    let _ = ctx.set_line_dash(&js_sys::Array::new());
    draw_overlay(ctx, p, look.overlay, dark);
}

/// Each line's subsystem replaced by its colour.
fn overlay_colours(lines: &[(usize, usize, String)], dark: bool) -> Vec<(usize, usize, String)> {
    let colours = &OVERLAY[usize::from(dark)];
    lines
        .iter()
        .zip(Picture::overlay_slots(lines))
        .map(|((a, b, _), k)| (*a, *b, colours[k % colours.len()].to_string()))
        .collect()
}

/// The edges of other subsystems as lines from box centre to box centre,
/// one colour per subsystem, over the boxes.
fn draw_overlay(
    ctx: &web_sys::CanvasRenderingContext2d,
    p: &Picture,
    lines: &[(usize, usize, String)],
    dark: bool,
) {
    ctx.set_line_width(1.5);
    for (a, b, colour) in overlay_colours(lines, dark) {
        let (Some(x), Some(y)) = (p.boxes.get(a), p.boxes.get(b)) else {
            continue;
        };
        ctx.set_stroke_style_str(&colour);
        ctx.begin_path();
        ctx.move_to(x.x + x.w / 2.0, x.y + x.h / 2.0);
        ctx.line_to(y.x + y.w / 2.0, y.y + y.h / 2.0);
        ctx.stroke();
    }
}

/// Draw the picture on an off-screen canvas and download it as PNG.
fn export_png(o: &Outline, p: &Picture, look: &Look<'_>) {
    let Some(canvas) = gloo::utils::document()
        .create_element("canvas")
        .ok()
        .and_then(|c| c.dyn_into::<HtmlCanvasElement>().ok())
    else {
        return;
    };
    let Some(ctx) = crate::canvas::fit_export(&canvas, p.width, p.height) else {
        return;
    };
    draw(&ctx, o, p, look, None, dark_theme(None), None);
    if let Ok(url) = canvas.to_data_url_with_type("image/png") {
        download(&url, "rscope-picture.png");
    }
}
