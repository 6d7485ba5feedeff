//! The document editor: a plain textarea with a line-number gutter. Only the
//! numbers in view are in the DOM, so a 100 000-line document costs a few
//! dozen elements.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Line height in pixels; the style sheet sets the same on `.editor`.
const LINE_HEIGHT: f64 = 20.0;

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
    let area = use_node_ref();
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
        let on_edit = props.on_edit.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            on_edit.emit(area.value());
        })
    };
    let offset = format!(
        "transform: translateY({}px)",
        first as f64 * LINE_HEIGHT - top
    );
    html! {
        <div class="editor">
            <div class="gutter" aria-hidden="true">
                <div style={offset}>
                    { for (first..last).map(|n| html! { <div>{ n + 1 }</div> }) }
                </div>
            </div>
            <textarea ref={area} id="r-input" data-testid="r-input" spellcheck="false" autocomplete="off"
                aria-label={props.label.clone()} wrap="off"
                placeholder="Paste an R document here (the output of flux resource R, or a job's R), open a file, drop one on the page, or pick an example."
                value={props.text.clone()} {oninput} {onscroll} />
        </div>
    }
}
