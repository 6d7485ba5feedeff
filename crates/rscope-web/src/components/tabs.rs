//! The tab strip: one tab per open document, named A, B, …, as the
//! WAI-ARIA tabs pattern has it: the tab list is one tab stop (a roving
//! tabindex), and Left, Right, Home and End move the focus and show the
//! tab. The Close buttons sit beside the tab list, not in
//! it (a tab list owns tabs only); the style sheet places each after its
//! tab with `order`. Under the strip: the tab closed last with an Undo, and
//! the active tab's Undo and Redo.

use rscope_core::tabs::{tab_letter, tab_name, Change};
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
    /// The tab closed last, as its letter and source, while it can be reopened.
    #[prop_or_default]
    pub closed: Option<String>,
    /// Reopen the tab closed last.
    #[prop_or_default]
    pub on_reopen: Callback<()>,
}

/// The row of document tabs, each reading its letter once: `A laptop`
/// ([`tab_name`]), with the full source as its title.
#[function_component(Tabs)]
pub fn tabs(props: &TabsProps) -> Html {
    let onkeydown = key_down(props);
    let refocus = use_refocus(props.active);
    let on_close = {
        let (refocus, on_close) = (refocus.clone(), props.on_close.clone());
        Callback::from(move |i: usize| {
            *refocus.borrow_mut() = true;
            on_close.emit(i);
        })
    };
    html! {
        <>
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
                            <b>{ letter }</b>{ " " }{ tab_name(source) }
                        </button>
                    }
                }) }
            </div>
            { for (0..props.sources.len()).map(|i| {
                let selected = i == props.active;
                let close = on_close.reform(move |_: MouseEvent| i);
                let letter = tab_letter(i);
                // Only the shown tab's Close is a tab stop, right after the tab list.
                html! {
                    <button class="close" aria-label={format!("Close {letter}")} onclick={close}
                        tabindex={if selected { "0" } else { "-1" }}
                        data-selected={selected.to_string()} style={format!("order:{}", 2 * i + 1)}>{ "×" }</button>
                }
            }) }
        </div>
        { reopen_notice(props.closed.as_deref(), &props.on_reopen, &refocus) }
        </>
    }
}

/// After a close or a reopen, the focus goes to the tab then shown, not to
/// whatever button took the closed one's place: set the returned flag
/// before either, and the next render moves the focus.
#[hook]
fn use_refocus(active: usize) -> std::rc::Rc<std::cell::RefCell<bool>> {
    let refocus = use_mut_ref(|| false);
    {
        let (refocus, letter) = (refocus.clone(), tab_letter(active));
        use_effect(move || {
            if std::mem::take(&mut *refocus.borrow_mut()) {
                let tab = gloo::utils::document().get_element_by_id(&format!("tab-{letter}"));
                if let Some(tab) = tab.and_then(|t| t.dyn_into::<HtmlElement>().ok()) {
                    let _ = tab.focus();
                }
            }
        });
    }
    refocus
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

/// The active tab's Undo and Redo, named for what they undo (a fix, the
/// typing since the last one, a document added to the tab's system or
/// taken out); nothing when there is nothing to undo.
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
        Change::Joined => "adding a document",
        Change::Left => "taking out a document",
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
