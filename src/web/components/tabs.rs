//! The tab strip: one tab per open document, named A, B, …, as the
//! WAI-ARIA tabs pattern has it: the tab list is one tab stop (a roving
//! tabindex), and Left, Right, Home and End move the focus and show the
//! tab. The Close buttons sit beside the tab list, not in
//! it (a tab list owns tabs only); the style sheet places each after its
//! tab with `order`.

use crate::tabs::tab_letter;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// Properties of [`Tabs`].
#[derive(Properties, PartialEq)]
pub struct TabsProps {
    /// Where each open document came from.
    pub sources: Vec<String>,
    /// The index of the active tab.
    pub active: usize,
    /// Show tab `i`.
    pub on_select: Callback<usize>,
    /// Close tab `i`.
    pub on_close: Callback<usize>,
}

/// The row of document tabs.
#[function_component(Tabs)]
pub fn tabs(props: &TabsProps) -> Html {
    let onkeydown = key_down(props);
    html! {
        <div class="tabs">
            <div class="tablist" role="tablist" aria-label="Open documents" {onkeydown}>
                { for props.sources.iter().enumerate().map(|(i, source)| {
                    let selected = i == props.active;
                    let select = props.on_select.reform(move |_: MouseEvent| i);
                    let letter = tab_letter(i);
                    html! {
                        <button role="tab" id={format!("tab-{letter}")} aria-selected={selected.to_string()}
                            tabindex={if selected { "0" } else { "-1" }} title={source.clone()} onclick={select}
                            data-selected={selected.to_string()} style={format!("order:{}", 2 * i)}
                            data-testid={format!("tab-{letter}")}>
                            <b>{ letter }</b>{ " " }{ source.clone() }
                        </button>
                    }
                }) }
            </div>
            { for (0..props.sources.len()).map(|i| {
                let selected = i == props.active;
                let close = props.on_close.reform(move |_: MouseEvent| i);
                let letter = tab_letter(i);
                // Only the shown tab's Close is a tab stop, right after the tab list.
                html! {
                    <button class="close" aria-label={format!("Close {letter}")} onclick={close}
                        tabindex={if selected { "0" } else { "-1" }}
                        data-selected={selected.to_string()} style={format!("order:{}", 2 * i + 1)}>{ "×" }</button>
                }
            }) }
        </div>
    }
}

/// Arrows, Home and End show another tab and move the focus onto it.
fn key_down(props: &TabsProps) -> Callback<KeyboardEvent> {
    let n = props.sources.len();
    let (active, on_select) = (props.active, props.on_select.clone());
    Callback::from(move |e: KeyboardEvent| {
        if n == 0 {
            return;
        }
        let next = match e.key().as_str() {
            "ArrowRight" => (active + 1) % n,
            "ArrowLeft" => (active + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return,
        };
        e.prevent_default();
        on_select.emit(next);
        // The tab exists already; it becomes the tab stop on this render.
        let tab = gloo::utils::document()
            .get_element_by_id(&format!("tab-{}", tab_letter(next)))
            .and_then(|el| el.dyn_into::<HtmlElement>().ok());
        if let Some(tab) = tab {
            let _ = tab.focus();
        }
    })
}
