//! The documents of the tab's system (its own, those added to it, each
//! with a button to take it out), and what they and the configuration say
//! read as one system:
//! the text `rscope system` prints for the same files
//! ([`rscope_core::system::System::describe`]), with the findings where
//! they disagree (hosts out of `[bootstrap] hosts` order, resources that
//! differ, a drained rank the resources lack). Worked out only while the
//! section is open, by the shape worker ([`use_system_text`]).

use crate::hooks::use_system_text;
use rscope_core::system::printed::SystemText;
use rscope_core::tabs::{Doc, Joined};
use wasm_bindgen::JsCast;
use web_sys::HtmlDetailsElement;
use yew::prelude::*;

/// Properties of [`SystemRead`].
#[derive(Properties, PartialEq)]
pub struct SystemReadProps {
    /// The tab: its document, those added to its system and its
    /// configuration ([`Doc::system`]).
    pub tab: Doc,
    /// The tab's letter, to name it.
    pub letter: char,
    /// Take document `i` of those added out of the tab's system.
    pub on_leave: Callback<usize>,
}

/// The system the tab and the configuration make, as `rscope system`
/// prints it.
#[function_component(SystemRead)]
pub fn system_read(props: &SystemReadProps) -> Html {
    let open = use_state(|| false);
    let printed = use_system_text(&props.tab, open.then_some(SystemText::Read));
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let d: Option<HtmlDetailsElement> = e.target().and_then(|t| t.dyn_into().ok());
            open.set(d.is_some_and(|d| d.open()));
        })
    };
    html! {
        <>
        if !props.tab.joined.is_empty() {
            { added(props) }
        }
        <details class="system-read" data-testid="system-read" {ontoggle}>
            <summary>{ "Read as one system" }</summary>
            <p class="hint">{ "What this tab's documents and its configuration say together, as rscope system prints it: what each gave, the resources, what cannot run a job now, the rank order, and where they disagree." }</p>
            if let Some((out, current)) = printed {
                <pre class="resource-output" data-testid="system-output" tabindex="0" aria-label="system"
                    aria-busy={(!current).to_string()}>{ out.text.clone() }</pre>
            }
        </details>
        </>
    }
}

/// The documents added to the tab's system, each with its button to take
/// it out.
fn added(props: &SystemReadProps) -> Html {
    let item = |(i, j): (usize, &Joined)| {
        let on_leave = props.on_leave.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_leave.emit(i));
        html! {
            <li data-testid="system-document">
                <span>{ j.source.clone() }</span>{ " " }
                <button type="button" {onclick} aria-label={format!("Take out {}", j.source)}>{ "Take out" }</button>
            </li>
        }
    };
    html! {
        <section class="system-documents" data-testid="system-documents" aria-labelledby="system-documents-title">
            <h3 id="system-documents-title">{ format!("Tab {}'s system", props.letter) }</h3>
            <p class="hint">{ format!("Read with {}: the grid draws that one; fit, the text flux resource prints and Read as one system read them all.", props.tab.source) }</p>
            <ul>{ for props.tab.joined.iter().enumerate().map(item) }</ul>
        </section>
    }
}
