//! The document editor: a plain textarea with a line-number gutter and, under
//! it, a backdrop that draws the squiggles of the last analysis and the
//! highlight of the `R_lite` entry linked to the grid. Only the lines in view
//! are in the DOM, so a 100 000-line document costs a few dozen elements.

use crate::components::code::{
    char_width, line_pieces, on_leave, pointed, reveal_in, Point, Reveal, Tip, Viewport,
    LINE_HEIGHT,
};
use crate::components::viewer::LargeView;
pub use crate::model::TextSelection;
use rscope_core::tabs::Text;
use rscope_core::textview::{byte_of_utf16, more_lines_than, Lines, LinesBuilder, Squiggles};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// What the empty editor says, in lines short enough for a phone: the
/// editor does not wrap (`wrap="off"`, its lines are laid out one per row),
/// so one long line was cut at its edge.
const PLACEHOLDER: &str =
    "Paste an R document here\n(flux resource R, or a job's R),\nopen or drop a file,\nor pick an example.";

/// Past this size a document is shown read-only in a virtualized viewer:
/// a browser textarea lays out all of its text on every change (700 ms for
/// a 3.5 MB R in Chromium), which would freeze the tab.
pub const LARGE_TEXT: usize = 1 << 20;

/// Past this many lines a document is shown read-only too, however short:
/// Chromium lays a textarea out line by line, and 64 KiB of line breaks
/// (65 536 lines) took it over half a second, 1 MiB of them 19 s.
pub const LARGE_LINES: usize = 10_000;

/// Whether `text` is too large for the textarea ([`LARGE_TEXT`] bytes or
/// [`LARGE_LINES`] lines).
pub fn too_large(text: &str) -> bool {
    text.len() > LARGE_TEXT || more_lines_than(text, LARGE_LINES)
}

/// Padding inside the textarea and the backdrop, in pixels (the style sheet
/// sets the same).
const PAD: f64 = 10.0;

/// Properties of [`Editor`].
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The text shown.
    pub text: Text,
    /// Called with the new text on every edit.
    pub on_edit: Callback<String>,
    /// The accessible label.
    pub label: AttrValue,
    /// Text to select and scroll to.
    #[prop_or_default]
    pub selection: Option<TextSelection>,
    /// Squiggles for this very text (empty while an analysis is pending).
    #[prop_or_default]
    pub squiggles: Rc<Squiggles>,
    /// Bytes to highlight as linked to the grid's hovered cell.
    #[prop_or_default]
    pub linked: Option<(usize, usize)>,
    /// Scroll this place into view, without taking focus.
    #[prop_or_default]
    pub reveal: Option<Reveal>,
    /// Where the pointer or the caret is, as a byte offset.
    #[prop_or_default]
    pub on_point: Callback<Option<Point>>,
    /// Called instead of `on_edit` with a paste too large for the textarea
    /// ([`LARGE_TEXT`]), so the page can send it for analysis before it
    /// lays it out.
    /// It is told the text as the browser holds it: a worker takes that
    /// without a conversion.
    #[prop_or_default]
    pub on_large_paste: Option<Callback<js_sys::JsString>>,
    /// Called instead of `on_edit` with a system configuration pasted
    /// over the whole text (into an empty editor, or over all of it
    /// selected), so the page can make it the configuration rather than
    /// this tab's document.
    #[prop_or_default]
    pub on_config_paste: Option<Callback<String>>,
    /// The tab whose text this is: a text that changes with the tab is
    /// written in whole, outside the browser's undo.
    #[prop_or_default]
    pub tab: usize,
    /// Whether the tab's last change was an applied fix: a new text of
    /// the same tab is then made as an edit, which the editor's own undo
    /// (Ctrl+Z) takes back.
    #[prop_or_default]
    pub fixed: bool,
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A `DataTransfer` whose `getData` keeps the browser's string
    /// (web-sys's converts it at once).
    type Clipboard;

    #[wasm_bindgen(method, catch, js_name = getData)]
    fn get_data(this: &Clipboard, format: &str) -> Result<js_sys::JsString, wasm_bindgen::JsValue>;
}

/// A textarea with line numbers, squiggles and linked highlights.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let view = use_state_eq(Viewport::default);
    let char_w = use_state_eq(|| 8.0f64);
    let tip = use_state_eq(|| Tip::None);
    let edit_anyway = use_state(|| false);
    let area = use_node_ref();
    let indexed = use_lines(&props.text);
    // The textarea is left uncontrolled while the user types: writing a
    // multi-megabyte value back into it after every input would make the
    // browser lay the whole text out again. Only text that did not come from
    // typing (a new tab, an opened file, an applied fix) is written in.
    let typed = use_mut_ref(String::new);
    let shown_tab = use_mut_ref(|| props.tab);
    {
        let (area, typed, view, char_w) =
            (area.clone(), typed.clone(), view.clone(), char_w.clone());
        let undoable = props.fixed && *shown_tab.borrow() == props.tab;
        *shown_tab.borrow_mut() = props.tab;
        // Re-run when the textarea appears too (after "edit it anyway").
        use_effect_with((props.text.clone(), *edit_anyway), move |(text, _)| {
            if let Some(el) = area.cast::<HtmlTextAreaElement>() {
                if typed.borrow().as_str() != &**text {
                    // Told first: the edit's input event then changes nothing.
                    *typed.borrow_mut() = text.to_string();
                    if !(undoable && replace_undoably(&el, text)) {
                        el.set_value(text);
                    }
                }
                view.set(Viewport::of(&el));
                if let Some(w) = char_width(&el) {
                    char_w.set(w);
                }
            }
        });
    }
    use_selection(&area, props.selection.clone());
    use_reveal(&area, props.reveal, *char_w);
    let onpaste = on_paste(props);
    let large = *use_memo(props.text.clone(), |t| too_large(t));
    if large && !*edit_anyway {
        // The textarea is gone; the next one starts empty and must be filled.
        typed.borrow_mut().clear();
        return read_only(props, indexed.as_ref(), &edit_anyway, onpaste);
    }
    // A large text edited anyway is indexed a slice at a time too; until
    // it is, the gutter counts one line.
    let lines = indexed.unwrap_or_else(|| Rc::new(Lines::new("")));

    let onscroll = {
        let view = view.clone();
        Callback::from(move |e: Event| {
            let area: web_sys::Element = e.target_unchecked_into();
            view.set(Viewport::of(&area));
        })
    };
    let oninput = {
        let (on_edit, typed) = (props.on_edit.clone(), typed.clone());
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let value = area.value();
            // An applied fix made as an edit (`replace_undoably`) is the
            // tab's text already.
            if *typed.borrow() == value {
                return;
            }
            typed.borrow_mut().clone_from(&value);
            on_edit.emit(value);
        })
    };
    let onmousemove = pointer_move(props, &lines, &tip, *char_w);
    let onmouseleave = on_leave(&props.on_point, &tip);
    let (onkeyup, onclick) = caret_moves(props);
    let shown = view.lines(lines.count(), PAD);
    let gutter_offset = format!(
        "transform: translateY({}px)",
        shown.start as f64 * LINE_HEIGHT - view.top
    );
    let marks = props.squiggles.with_linked(&props.text, props.linked);
    let backdrop_offset = format!(
        "transform: translate({}px, {}px)",
        -view.left,
        shown.start as f64 * LINE_HEIGHT - view.top
    );
    html! {
        <div class="editor" {onpaste}>
            <div class="gutter" aria-hidden="true">
                <div style={gutter_offset}>
                    { for shown.clone().map(|n| html! { <div>{ n + 1 }</div> }) }
                </div>
            </div>
            <div class="code">
                <div class="backdrop" aria-hidden="true" data-testid="backdrop">
                    <div style={backdrop_offset}>
                        { for shown.map(|i| {
                            let (pieces, offset) = line_pieces(&props.text, &lines, i, &marks, &view, *char_w);
                            html! { <div class="bl" style={format!("padding-left:{offset}px")}>{ pieces }</div> }
                        }) }
                    </div>
                </div>
                <textarea ref={area} id="r-input" data-testid="r-input" spellcheck="false" autocomplete="off"
                    aria-label={props.label.clone()} wrap="off"
                    placeholder={PLACEHOLDER}
                    {oninput} {onscroll} {onmousemove} {onmouseleave} {onkeyup} {onclick} />
                if let Some((x, y, text)) = &*tip {
                    <div class="sq-tip" role="tooltip" data-testid="squiggle-tip"
                        style={format!("left:{x}px;top:{y}px")}>{ text.clone() }</div>
                }
            </div>
        </div>
    }
}

/// Make the textarea hold `new` by one edit of the part that changed
/// (`insertText` over it selected), so the browser's undo takes it back,
/// and give the focus back where it was. False, with nothing done, where
/// the browser has no such command.
fn replace_undoably(el: &HtmlTextAreaElement, new: &str) -> bool {
    let old = el.value();
    let (start, end, with) = rscope_core::textview::changed_range(&old, new);
    let document = gloo::utils::document();
    let Ok(html) = document.clone().dyn_into::<web_sys::HtmlDocument>() else {
        return false;
    };
    let before = document.active_element();
    // The page stays where the reader is: focus moves for the command only.
    let still = web_sys::FocusOptions::new();
    still.set_prevent_scroll(true);
    let _ = el.focus_with_options(&still);
    let _ = el.set_selection_range(start as u32, end as u32);
    let done = html.exec_command_with_show_ui_and_value("insertText", false, with);
    if let Some(before) = before.and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = before.focus_with_options(&still);
    }
    done.unwrap_or(false) && el.value() == new
}

/// Select a located finding's text and scroll to it.
#[hook]
fn use_selection(area: &NodeRef, selection: Option<TextSelection>) {
    let area = area.clone();
    use_effect_with(selection, move |sel| {
        if let (Some(sel), Some(el)) = (sel, area.cast::<HtmlTextAreaElement>()) {
            if sel.focus {
                let _ = el.focus();
            }
            let _ = el.set_selection_range(sel.start as u32, sel.end as u32);
            let top = (sel.line as f64 - 4.0).max(0.0) * LINE_HEIGHT;
            el.set_scroll_top(top as i32);
        }
    });
}

/// Bytes of text indexed per step by [`use_lines`], a few to a task
/// ([`crate::task::Pacer`]): 256 KiB of newlines (the worst case) take
/// about 3 ms; 2 MiB to a task took 20 to 30 ms.
const INDEX_SLICE: usize = 256 << 10;

/// The lines of `text`: indexed at once when it fits the textarea, else
/// ([`too_large`]) a slice at a time between tasks (None until done),
/// since indexing the 16 million lines a 16 MiB text may have took the
/// page's thread for over 100 ms. The viewer that shows them is drawn in
/// a task of its own too.
#[hook]
fn use_lines(text: &Text) -> Option<Rc<Lines>> {
    let small = use_memo(text.clone(), |t| {
        (!too_large(t)).then(|| Rc::new(Lines::new(t)))
    });
    let built = use_state(|| None::<(Text, Rc<Lines>)>);
    {
        let built = built.clone();
        use_effect_with(text.clone(), move |text| {
            let stop = Rc::new(std::cell::Cell::new(false));
            if too_large(text) {
                let (text, stop) = (text.clone(), stop.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let mut b = LinesBuilder::default();
                    let mut pacer = crate::task::Pacer::new();
                    while !b.step(&text, INDEX_SLICE) {
                        pacer.pause().await;
                        if stop.get() {
                            return;
                        }
                    }
                    crate::task::mark("rscope:lines-indexed");
                    gloo::timers::future::TimeoutFuture::new(0).await;
                    if !stop.get() {
                        built.set(Some((text, Rc::new(b.finish()))));
                    }
                });
            }
            move || stop.set(true)
        });
    }
    if let Some(lines) = small.as_ref() {
        return Some(lines.clone());
    }
    built
        .as_ref()
        .filter(|(t, _)| t == text)
        .map(|(_, lines)| lines.clone())
}

/// Bring a place into view without taking focus.
#[hook]
fn use_reveal(area: &NodeRef, reveal: Option<Reveal>, char_w: f64) {
    let area = area.clone();
    use_effect_with(reveal, move |reveal| {
        if let (Some(reveal), Some(el)) = (reveal, area.cast::<web_sys::Element>()) {
            reveal_in(&el, reveal, char_w, PAD, 0.0);
        }
    });
}

/// A large paste replaces the document without passing through the
/// textarea, for the same reason as [`LARGE_TEXT`]; a configuration
/// pasted over the whole text goes to `on_config_paste`.
fn on_paste(props: &EditorProps) -> Callback<Event> {
    let on_edit = props.on_edit.clone();
    let (on_large_paste, on_config) = (props.on_large_paste.clone(), props.on_config_paste.clone());
    Callback::from(move |e: Event| {
        let Some(js) = e
            .dyn_ref::<web_sys::ClipboardEvent>()
            .and_then(|c| c.clipboard_data())
            .and_then(|d| d.unchecked_ref::<Clipboard>().get_data("text/plain").ok())
        else {
            return;
        };
        // Past LARGE_TEXT UTF-16 units it is past LARGE_TEXT bytes too, and
        // the text need not be converted here to know it.
        if let (true, Some(told)) = (js.length() as usize > LARGE_TEXT, &on_large_paste) {
            e.prevent_default();
            return told.emit(js);
        }
        let text = crate::text::string_of(&js);
        if let Some(told) = on_config.as_ref().filter(|_| replaces_all(&e)) {
            if rscope_core::system::is_configuration(&text) {
                e.prevent_default();
                return told.emit(text);
            }
        }
        if too_large(&text) {
            // Laid out in a task of its own: the paste's task has read the
            // text already, and the viewer's first drawing is as long.
            e.prevent_default();
            let on_edit = on_edit.clone();
            wasm_bindgen_futures::spawn_local(async move {
                gloo::timers::future::TimeoutFuture::new(0).await;
                on_edit.emit(text);
            });
        }
    })
}

/// Whether a paste event's textarea is empty or wholly selected: the
/// paste is a document of its own, not an edit of the one there.
fn replaces_all(e: &Event) -> bool {
    let Some(area) = e
        .target()
        .and_then(|t| t.dyn_into::<HtmlTextAreaElement>().ok())
    else {
        return false;
    };
    let len = area.text_length();
    let (start, end) = (area.selection_start(), area.selection_end());
    len == 0 || (start.ok().flatten() == Some(0) && end.ok().flatten() == Some(len))
}

/// A large document, read-only in the virtualized viewer, with a way to
/// edit it anyway.
fn read_only(
    props: &EditorProps,
    lines: Option<&Rc<Lines>>,
    edit_anyway: &UseStateHandle<bool>,
    onpaste: Callback<Event>,
) -> Html {
    let allow = {
        let edit_anyway = edit_anyway.clone();
        Callback::from(move |_: MouseEvent| edit_anyway.set(true))
    };
    html! {
        <div class="editor large" {onpaste} aria-label={props.label.clone()} data-testid="viewer">
            <p class="banner">
                { format!("This document is {}, so it is shown read-only to keep the page fast. Paste or open another document to replace it, or ", size_in_words(&props.text, lines)) }
                <button onclick={allow}>{ "edit it anyway" }</button>{ " (slow)." }
            </p>
            if let Some(lines) = lines {
                <LargeView text={props.text.clone()} lines={lines.clone()}
                    highlight={props.selection.as_ref().map(|s| s.line)}
                    squiggles={props.squiggles.clone()} linked={props.linked}
                    reveal={props.reveal} on_point={props.on_point.clone()} />
            } else {
                <p class="hint" role="status" data-testid="viewer-indexing">{ "Finding the lines…" }</p>
            }
        </div>
    }
}

/// A large document's size as the banner gives it: in megabytes, or in
/// lines when that is what makes it large.
fn size_in_words(text: &str, lines: Option<&Rc<Lines>>) -> String {
    match lines {
        Some(l) if text.len() <= LARGE_TEXT => {
            format!(
                "{} lines long",
                rscope_core::words::grouped(l.count() as u64)
            )
        }
        _ => format!("{:.1} MB", text.len() as f64 / 1e6),
    }
}

/// The byte under the pointer: the textarea is monospaced, so the line
/// and column are arithmetic.
fn pointer_move(
    props: &EditorProps,
    lines: &Rc<Lines>,
    tip: &UseStateHandle<Tip>,
    char_w: f64,
) -> Callback<MouseEvent> {
    let (text, lines, on_point, tip, squiggles) = (
        props.text.clone(),
        lines.clone(),
        props.on_point.clone(),
        tip.clone(),
        props.squiggles.clone(),
    );
    Callback::from(move |e: MouseEvent| {
        let el: web_sys::Element = e.target_unchecked_into();
        let rect = el.get_bounding_client_rect();
        let (px, py) = (
            f64::from(e.client_x()) - rect.left(),
            f64::from(e.client_y()) - rect.top(),
        );
        let x = px - PAD + f64::from(el.scroll_left());
        let y = py - PAD + f64::from(el.scroll_top());
        let (point, shown) = pointed(&text, &lines, &squiggles, char_w, (px, py), (x, y));
        on_point.emit(point);
        tip.set(shown);
    })
}

/// The caret, after a click or a key: keyboard users get the same link.
/// The offset is counted in the text the page holds, which is the
/// textarea's (line ends included), without copying it out again.
fn caret_moves(props: &EditorProps) -> (Callback<KeyboardEvent>, Callback<MouseEvent>) {
    let caret = {
        let (on_point, text) = (props.on_point.clone(), props.text.clone());
        move |el: HtmlTextAreaElement| {
            if let Ok(Some(u)) = el.selection_start() {
                let at = byte_of_utf16(&text, u as usize);
                on_point.emit(Some(Point { at, caret: true }));
            }
        }
    };
    let onkeyup = {
        let caret = caret.clone();
        Callback::from(move |e: KeyboardEvent| caret(e.target_unchecked_into()))
    };
    let onclick = Callback::from(move |e: MouseEvent| caret(e.target_unchecked_into()));
    (onkeyup, onclick)
}
