//! The tab strip: one tab per open document, named A, B, … Arrow keys move
//! between tabs, as the WAI-ARIA tabs pattern says. Under it, the tab
//! closed last with an Undo, and the active tab's Undo and Redo.

use crate::tabs::{tab_letter, Change};
use wasm_bindgen::JsCast;
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
    /// The tab closed last, as its letter and source, while it can be reopened.
    #[prop_or_default]
    pub closed: Option<String>,
    /// Reopen the tab closed last.
    #[prop_or_default]
    pub on_reopen: Callback<()>,
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
    // After a close or a reopen, the focus goes to the tab then shown, not
    // to whatever button took the closed one's place.
    let refocus = use_mut_ref(|| false);
    {
        let (refocus, letter) = (refocus.clone(), tab_letter(props.active));
        use_effect(move || {
            if std::mem::take(&mut *refocus.borrow_mut()) {
                let tab = gloo::utils::document().get_element_by_id(&format!("tab-{letter}"));
                if let Some(tab) = tab.and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                    let _ = tab.focus();
                }
            }
        });
    }
    let on_close = {
        let (refocus, on_close) = (refocus.clone(), props.on_close.clone());
        Callback::from(move |i: usize| {
            *refocus.borrow_mut() = true;
            on_close.emit(i);
        })
    };
    html! {
        <>
        <div class="tabs" role="tablist" aria-label="Open documents" {onkeydown}>
            { for props.sources.iter().enumerate().map(|(i, source)| {
                let selected = i == props.active;
                let select = props.on_select.reform(move |_: MouseEvent| i);
                let close = on_close.reform(move |e: MouseEvent| { e.stop_propagation(); i });
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
        { reopen_notice(props.closed.as_deref(), &props.on_reopen, &refocus) }
        </>
    }
}

/// "Closed B (name)" with an Undo that puts the tab back.
fn reopen_notice(
    closed: Option<&str>,
    on_reopen: &Callback<()>,
    refocus: &std::rc::Rc<std::cell::RefCell<bool>>,
) -> Html {
    let Some(closed) = closed else {
        return html! {};
    };
    let onclick = {
        let (on_reopen, refocus) = (on_reopen.clone(), refocus.clone());
        Callback::from(move |_: MouseEvent| {
            *refocus.borrow_mut() = true;
            on_reopen.emit(());
        })
    };
    html! {
        <p class="closed-tab" role="status" data-testid="closed-tab">
            { format!("Closed {closed}. ") }
            <button type="button" data-testid="undo-close" {onclick}>{ "Undo" }</button>
        </p>
    }
}

/// The active tab's Undo and Redo, named for what they undo (a fix, or the
/// typing since the last one); nothing when there is nothing to undo.
pub fn history_bar(
    undo: Option<Change>,
    redo: Option<Change>,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
) -> Html {
    if undo.is_none() && redo.is_none() {
        return html! {};
    }
    let name = |c: Change| match c {
        Change::Fix => "fix",
        Change::Typing => "typing",
    };
    html! {
        <div class="history" role="group" aria-label="Undo history">
            if let Some(c) = undo {
                <button type="button" data-testid="undo" onclick={on_undo.reform(|_: MouseEvent| ())}>
                    { format!("Undo {}", name(c)) }</button>
            }
            if let Some(c) = redo {
                <button type="button" data-testid="redo" onclick={on_redo.reform(|_: MouseEvent| ())}>
                    { format!("Redo {}", name(c)) }</button>
            }
        </div>
    }
}
