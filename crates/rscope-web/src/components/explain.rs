//! The explain card: what the key or value under the editor's caret or
//! pointer means, from [`rscope_core::explain`]; the grid outlines its cells.
//! The caret (a click or a key) and the pointer give the same card, so
//! keyboard users get it too.

use crate::components::code::Point;
use crate::components::grid::Linked;
use crate::hooks::SameGrid;
use crate::shown::Shown;
use rscope_core::explain::{self, Explained, Place};
use rscope_core::grid::text::states_about;
use rscope_core::rset::Entry;
use std::rc::Rc;
use yew::prelude::*;

/// The largest text explained as the caret moves: each card reads the
/// whole document, so larger ones would make the editor lag.
pub const MAX_EXPLAINED_BYTES: usize = 512 * 1024;

/// What the card shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Card {
    /// Nothing is pointed at yet.
    Idle,
    /// The explanation of what is pointed at.
    Shown(Rc<Explained>),
    /// The document is too large to explain as the caret moves.
    TooLarge(usize),
}

/// The card's state and the editor's pointer callback that feeds it.
pub struct Explaining {
    /// Tell it (and `then`) where the editor's pointer or caret is.
    pub on_point: Callback<Option<Point>>,
    /// What to show.
    pub card: Card,
    /// The cells to outline in the grid.
    pub linked: Option<Linked>,
}

/// Explain what the pointer or caret is on, in the analysis `current`,
/// and pass each point on to `then` (the grid's entry linking).
#[hook]
pub fn use_explain(current: &Option<Rc<Shown>>, then: Callback<Option<Point>>) -> Explaining {
    let card = use_state_eq(|| Card::Idle);
    let reveal = use_state_eq(|| false);
    // The grid outlines the card's cells while the pointer or caret is on
    // the text; the card stays when the pointer leaves, to be read.
    let placed = use_state_eq(|| false);
    // The last point, explained again when its analysis arrives (the caret
    // may move before the page has read the text).
    let last = use_mut_ref(|| None::<Point>);
    // The analysis and bytes of the card shown: the pointer moving within
    // them needs no new reading of the text.
    let within = use_mut_ref(|| None::<(usize, (usize, usize))>);
    let show = {
        let (card, reveal) = (card.clone(), reveal.clone());
        move |p: Point, a: &Shown| {
            if a.text.len() > MAX_EXPLAINED_BYTES {
                card.set(Card::TooLarge(a.text.len()));
                return;
            }
            let id = a as *const Shown as usize;
            if let Some((was, (from, to))) = *within.borrow() {
                if was == id && from <= p.at && p.at < to {
                    reveal.set(p.caret);
                    return;
                }
            }
            // A point outside every value keeps the last card: it is being
            // read.
            if let Some(e) = explain::explain(&a.text, p.at) {
                *within.borrow_mut() = e.leaf.then_some((id, e.span));
                card.set(Card::Shown(Rc::new(e)));
                reveal.set(p.caret);
            }
        }
    };
    {
        let (last, show) = (last.clone(), show.clone());
        let id = current.as_ref().map_or(0, |a| Rc::as_ptr(a) as usize);
        let current = current.clone();
        use_effect_with(id, move |_| {
            if let (Some(p), Some(a)) = (*last.borrow(), current.as_ref()) {
                show(p, a);
            }
        });
    }
    let on_point = {
        let (placed, current) = (placed.clone(), current.clone());
        Callback::from(move |p: Option<Point>| {
            then.emit(p);
            placed.set(p.is_some());
            if p.is_some() {
                *last.borrow_mut() = p;
            }
            if let (Some(p), Some(a)) = (p, current.as_ref()) {
                show(p, a);
            }
        })
    };
    let linked = match &*card {
        Card::Shown(e) if *placed => e.place.as_ref().map(|place| Linked {
            entry: entry_of(place, e.span),
            reveal: *reveal,
        }),
        _ => None,
    };
    Explaining {
        on_point,
        card: (*card).clone(),
        linked,
    }
}

/// The cells of `place` as the grid outlines an `R_lite` entry's.
fn entry_of(place: &Place, span: (usize, usize)) -> Entry {
    Entry {
        span: span.0..span.1,
        ranks: place.ranks.clone(),
        children: place.children.clone(),
    }
}

/// Properties of [`ExplainCard`].
#[derive(Properties, PartialEq)]
pub struct ExplainCardProps {
    /// What to show.
    pub card: Card,
    /// The tab's grid, with what its system's other documents say laid
    /// on it: the card says what it knows of the nodes explained.
    pub grid: SameGrid,
}

/// What the states on `grid` say of the nodes `card` explains
/// ([`states_about`]), worked out again only when either changes.
#[hook]
fn use_states_about(card: &Card, grid: &SameGrid) -> Rc<Vec<String>> {
    use_memo((card.clone(), grid.clone()), |(card, grid)| {
        let place = match card {
            Card::Shown(e) => e.place.as_ref(),
            _ => None,
        };
        match (place, &grid.0) {
            (Some(place), Some(grid)) => states_about(grid, &place.ranks),
            _ => Vec::new(),
        }
    })
}

/// The card.
#[function_component(ExplainCard)]
pub fn explain_card(props: &ExplainCardProps) -> Html {
    let about = use_states_about(&props.card, &props.grid);
    let inner = match &props.card {
        Card::Idle => html! {
            <p class="hint">{ "Point at a key or value in the editor, or move the caret onto one, to see what it means." }</p>
        },
        Card::TooLarge(n) => html! {
            <p class="hint">{ format!("This document is {} bytes; the card explains documents up to {MAX_EXPLAINED_BYTES} bytes.", n) }</p>
        },
        Card::Shown(e) => shown(e, &about),
    };
    html! {
        <section class="panel explain" aria-label="Explain" data-testid="explain">
            <h2>{ "Explain" }</h2>
            <div aria-live="polite">{ inner }</div>
        </section>
    }
}

/// The card of `e`, with what the tab's system says of its nodes (`about`).
fn shown(e: &Explained, about: &[String]) -> Html {
    let local = e.time.map(|t| {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(t * 1000.0));
        String::from(d.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED))
    });
    html! {
        <>
            <h3 data-testid="explain-title">{ e.title.clone() }</h3>
            <p>{ e.body.clone() }</p>
            if !e.decoded.is_empty() || local.is_some() {
                <ul class="decoded" data-testid="explain-decoded">
                    { for e.decoded.iter().map(|l| html! { <li>{ l.clone() }</li> }) }
                    if let Some(l) = local {
                        <li>{ format!("{l} in your time zone") }</li>
                    }
                </ul>
            }
            if !about.is_empty() {
                <h4>{ "In this tab's system" }</h4>
                <ul class="decoded" data-testid="explain-system">
                    { for about.iter().map(|l| html! { <li>{ l.clone() }</li> }) }
                </ul>
            }
            <p><a href={e.rfc.url.clone()} target="_blank" rel="noopener" data-testid="explain-rfc">
                { format!("RFC {}, section {}", e.rfc.number, e.rfc.anchor) }</a></p>
        </>
    }
}
