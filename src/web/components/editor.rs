//! The document editor: a plain textarea with a line-number gutter. Only the
//! numbers in view are in the DOM, so a 100 000-line document costs a few
//! dozen elements.

use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Line height in pixels; the style sheet sets the same on `.editor`.
const LINE_HEIGHT: f64 = 20.0;

/// Past this size a document is shown read-only in a virtualized viewer:
/// a browser textarea lays out all of its text on every change (700 ms for
/// a 3.5 MB R in Chromium), which would freeze the tab.
pub const LARGE_TEXT: usize = 1 << 20;

/// A request to select text, e.g. from a clicked diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selection {
    /// UTF-16 start offset.
    pub start: usize,
    /// UTF-16 end offset.
    pub end: usize,
    /// 1-based line, to scroll to.
    pub line: usize,
    /// Changes on every request, so the same span can be selected twice.
    pub nonce: u32,
}

/// Properties of [`Editor`].
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The text shown.
    pub text: AttrValue,
    /// Called with the new text on every edit.
    pub on_edit: Callback<String>,
    /// The accessible label.
    pub label: AttrValue,
    /// Text to select and scroll to.
    #[prop_or_default]
    pub selection: Option<Selection>,
}

/// A textarea with line numbers.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let scroll = use_state(|| (0.0f64, 480.0f64));
    let edit_anyway = use_state(|| false);
    let area = use_node_ref();
    // The textarea is left uncontrolled while the user types: writing a
    // multi-megabyte value back into it after every input would make the
    // browser lay the whole text out again. Only text that did not come from
    // typing (a new tab, an opened file, an applied fix) is written in.
    let typed = use_mut_ref(String::new);
    {
        let (area, typed) = (area.clone(), typed.clone());
        // Re-run when the textarea appears too (after "edit it anyway").
        use_effect_with((props.text.clone(), *edit_anyway), move |(text, _)| {
            if let Some(el) = area.cast::<HtmlTextAreaElement>() {
                if *typed.borrow() != text.as_str() {
                    el.set_value(text);
                    *typed.borrow_mut() = text.to_string();
                }
            }
        });
    }
    {
        let area = area.clone();
        use_effect_with(props.selection.clone(), move |sel| {
            if let (Some(sel), Some(el)) = (sel, area.cast::<HtmlTextAreaElement>()) {
                let _ = el.focus();
                let _ = el.set_selection_range(sel.start as u32, sel.end as u32);
                let top = (sel.line as f64 - 4.0).max(0.0) * LINE_HEIGHT;
                el.set_scroll_top(top as i32);
            }
        });
    }
    let lines = props.text.bytes().filter(|&b| b == b'\n').count() + 1;
    let (top, height) = *scroll;
    let first = (top / LINE_HEIGHT).floor().max(0.0) as usize;
    let shown = (height / LINE_HEIGHT).ceil() as usize + 2;
    let last = (first + shown).min(lines);
    let onscroll = {
        let scroll = scroll.clone();
        Callback::from(move |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            scroll.set((
                f64::from(area.scroll_top()),
                f64::from(area.client_height()),
            ));
        })
    };
    let oninput = {
        let (on_edit, typed) = (props.on_edit.clone(), typed.clone());
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let value = area.value();
            typed.borrow_mut().clone_from(&value);
            on_edit.emit(value);
        })
    };
    let offset = format!(
        "transform: translateY({}px)",
        first as f64 * LINE_HEIGHT - top
    );
    // A large paste replaces the document without passing through the
    // textarea, for the same reason as LARGE_TEXT.
    let onpaste = {
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: Event| {
            let text = e
                .dyn_ref::<web_sys::ClipboardEvent>()
                .and_then(|c| c.clipboard_data())
                .and_then(|d| d.get_data("text/plain").ok());
            if let Some(text) = text.filter(|t| t.len() > LARGE_TEXT) {
                e.prevent_default();
                on_edit.emit(text);
            }
        })
    };
    if props.text.len() > LARGE_TEXT && !*edit_anyway {
        let starts = line_starts(&props.text);
        let highlight = props.selection.as_ref().map(|s| s.line);
        let allow = {
            let edit_anyway = edit_anyway.clone();
            Callback::from(move |_: MouseEvent| edit_anyway.set(true))
        };
        return html! {
            <div class="editor large" {onpaste} tabindex="0" aria-label={props.label.clone()} data-testid="viewer">
                <p class="banner">
                    { format!("This document is {:.1} MB, so it is shown read-only to keep the page fast. Paste or open another document to replace it, or ", props.text.len() as f64 / 1e6) }
                    <button onclick={allow}>{ "edit it anyway" }</button>{ " (slow)." }
                </p>
                <LargeView text={props.text.clone()} {starts} {highlight} />
            </div>
        };
    }
    html! {
        <div class="editor" {onpaste}>
            <div class="gutter" aria-hidden="true">
                <div style={offset}>
                    { for (first..last).map(|n| html! { <div>{ n + 1 }</div> }) }
                </div>
            </div>
            <textarea ref={area} id="r-input" data-testid="r-input" spellcheck="false" autocomplete="off"
                aria-label={props.label.clone()} wrap="off"
                placeholder="Paste an R document here (the output of flux resource R, or a job's R), open a file, drop one on the page, or pick an example."
                {oninput} {onscroll} />
        </div>
    }
}

/// Byte offsets where each line starts.
fn line_starts(text: &str) -> Rc<Vec<usize>> {
    let mut v = vec![0];
    v.extend(
        text.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    Rc::new(v)
}

/// Properties of [`LargeView`].
#[derive(Properties, PartialEq)]
struct LargeProps {
    text: AttrValue,
    starts: Rc<Vec<usize>>,
    highlight: Option<usize>,
}

/// Only the lines in view, with their numbers.
#[function_component(LargeView)]
fn large_view(props: &LargeProps) -> Html {
    let top = use_state(|| 0.0f64);
    let scroller = use_node_ref();
    let n = props.starts.len();
    {
        let scroller = scroller.clone();
        use_effect_with(props.highlight, move |line| {
            if let (Some(line), Some(el)) = (line, scroller.cast::<web_sys::HtmlElement>()) {
                el.set_scroll_top(((*line as f64 - 4.0).max(0.0) * LINE_HEIGHT) as i32);
            }
        });
    }
    let onscroll = {
        let top = top.clone();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlElement = e.target_unchecked_into();
            top.set(f64::from(el.scroll_top()));
        })
    };
    let first = ((*top / LINE_HEIGHT) as usize).min(n);
    let last = (first + 40).min(n);
    let line = |i: usize| {
        let start = props.starts[i];
        let end = props
            .starts
            .get(i + 1)
            .map_or(props.text.len(), |&e| e.saturating_sub(1));
        props.text.get(start..end).unwrap_or("").to_string()
    };
    html! {
        <div class="viewer" ref={scroller} {onscroll}>
            <div style={format!("height:{}px;position:relative", n as f64 * LINE_HEIGHT)}>
                { for (first..last).map(|i| html! {
                    <div class={classes!("vline", (props.highlight == Some(i + 1)).then_some("hit"))}
                        style={format!("top:{}px", i as f64 * LINE_HEIGHT)}>
                        <span class="num">{ i + 1 }</span>{ line(i) }
                    </div>
                }) }
            </div>
        </div>
    }
}
