//! The constraint field over the grid: an RFC 31 constraint typed as a
//! `flux submit --requires` query or as its JSON object; the grid outlines
//! the nodes it selects as you type, and the field says how many, which,
//! the JSON a query stands for, and why a node is left out. The matching
//! is [`rscope_core::grid::constraint`]'s; this file holds the text and draws.

use crate::model::Linked;
use rscope_core::grid::constraint::{outline, Outlined};
use rscope_core::grid::Grid;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The field's text, what it selects of the grid, and the outline.
#[derive(Clone, PartialEq)]
pub struct ConstraintOutline {
    /// What is typed.
    pub text: AttrValue,
    /// Told each edit.
    pub on_text: Callback<String>,
    /// What the text selects, or why it does not read; none when blank
    /// or when there is no grid.
    pub outcome: Option<Result<Rc<Outlined>, String>>,
    /// The matching nodes, for the grid to outline.
    pub linked: Option<Linked>,
}

/// Hold the field's text (at first, the one a share link carries) and
/// match it against `grid` whenever either changes.
#[hook]
pub fn use_constraint_outline(grid: Option<Rc<Grid>>) -> ConstraintOutline {
    let text = use_state_eq(crate::load::shared_constraint);
    let on_text = {
        let text = text.clone();
        Callback::from(move |t: String| text.set(t))
    };
    let deps = (
        grid.as_ref().map(|g| Rc::as_ptr(g) as usize),
        (*text).clone(),
    );
    let found = use_memo(deps, move |(_, t)| {
        let grid = grid?;
        let outcome = outline(&grid, t)?.map(Rc::new);
        let linked = match &outcome {
            Ok(o) if !o.ranks.is_empty() => Some(Linked {
                entry: grid.whole_nodes(&o.ranks),
                reveal: true,
            }),
            _ => None,
        };
        Some((outcome, linked))
    });
    let (outcome, linked) = match found.as_ref() {
        Some((o, l)) => (Some(o.clone()), l.clone()),
        None => (None, None),
    };
    ConstraintOutline {
        text: AttrValue::from((*text).clone()),
        on_text,
        outcome,
        linked,
    }
}

/// The field and what it says.
pub fn constraint_field(c: &ConstraintOutline) -> Html {
    let oninput = c.on_text.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        input.value()
    });
    html! {
        <div class="constraint-field" data-testid="constraint-field">
            <label for="constraint-text">{ "Outline nodes matching a constraint" }</label>
            <input id="constraint-text" type="text" spellcheck="false" autocomplete="off"
                placeholder="gpu and -host:node3" value={c.text.clone()} {oninput}
                aria-describedby="constraint-said" data-testid="constraint-text" />
            <div id="constraint-said" aria-live="polite">{ said(&c.outcome) }</div>
        </div>
    }
}

/// What the field says under it.
fn said(outcome: &Option<Result<Rc<Outlined>, String>>) -> Html {
    match outcome {
        None => html! {
            <p class="hint">
                { "Type what " }<code>{ "flux submit --requires" }</code>{ " takes (" }<code>{ "gpu -host:node3" }</code>
                { ": nodes with the property gpu, except host node3) or an " }
                <a href={format!("{}/spec_31.html", rscope_core::explain::RFC_BASE)} target="_blank" rel="noopener">{ "RFC 31" }</a>
                { " JSON object (" }<code>{ "{\"properties\": [\"gpu\", \"^ssd\"]}" }</code>
                { "); the grid outlines the nodes it selects." }
            </p>
        },
        Some(Err(why)) => html! {
            <p class="error" data-testid="constraint-error">{ format!("The constraint does not read: {why}") }</p>
        },
        Some(Ok(o)) => html! {
            <>
                <p data-testid="constraint-words">{ o.words.clone() }</p>
                if let Some(json) = &o.json {
                    <p class="hint">{ "As RFC 31 JSON (what the job carries): " }<code data-testid="constraint-json">{ json.clone() }</code></p>
                }
                if let Some(why) = &o.first_left_out {
                    <p class="hint" data-testid="constraint-why">{ format!("Left out, for example: {why}") }</p>
                }
                if let Some(note) = &o.note {
                    <p class="hint" data-testid="constraint-note">{ note.clone() }</p>
                }
            </>
        },
    }
}
