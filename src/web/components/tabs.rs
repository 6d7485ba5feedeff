//! The tab strip: one tab per open document, named A, B, … Arrow keys move
//! between tabs, as the WAI-ARIA tabs pattern says.

use crate::tabs::tab_letter;
use web_sys::KeyboardEvent;
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
    let n = props.sources.len();
    let onkeydown = {
        let (active, on_select) = (props.active, props.on_select.clone());
        Callback::from(move |e: KeyboardEvent| {
            let next = match e.key().as_str() {
                "ArrowRight" => (active + 1) % n,
                "ArrowLeft" => (active + n - 1) % n,
                "Home" => 0,
                "End" => n - 1,
                _ => return,
            };
            e.prevent_default();
            on_select.emit(next);
        })
    };
    html! {
        <div class="tabs" role="tablist" aria-label="Open documents" {onkeydown}>
            { for props.sources.iter().enumerate().map(|(i, source)| {
                let selected = i == props.active;
                let select = props.on_select.reform(move |_: MouseEvent| i);
                let close = props.on_close.reform(move |e: MouseEvent| { e.stop_propagation(); i });
                let letter = tab_letter(i);
                html! {
                    <span class="tab" data-selected={selected.to_string()}>
                        <button role="tab" id={format!("tab-{letter}")} aria-selected={selected.to_string()}
                            tabindex={if selected { "0" } else { "-1" }} title={source.clone()} onclick={select}
                            data-testid={format!("tab-{letter}")}>
                            <b>{ letter }</b>{ " " }{ source.clone() }
                        </button>
                        <button class="close" aria-label={format!("Close {letter}")} onclick={close}>{ "×" }</button>
                    </span>
                }
            }) }
        </div>
    }
}
