//! What the tab's document and the configuration say read as one system:
//! the text `rscope system` prints for the same files
//! ([`rscope_core::system::System::describe`]), with the findings where
//! they disagree (hosts out of `[bootstrap] hosts` order, resources that
//! differ, a drained rank the resources lack). Worked out only while the
//! section is open: a large document is read on this thread.

use rscope_core::system::System;
use rscope_core::tabs::Text;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlDetailsElement;
use yew::prelude::*;

/// Properties of [`SystemRead`].
#[derive(Properties, PartialEq)]
pub struct SystemReadProps {
    /// The tab's document.
    pub text: Text,
    /// Where it came from, to name it.
    pub source: AttrValue,
    /// The configuration box's text (empty without one).
    pub config: Rc<String>,
}

/// The system the tab and the configuration make, as `rscope system`
/// prints it.
#[function_component(SystemRead)]
pub fn system_read(props: &SystemReadProps) -> Html {
    let open = use_state(|| false);
    let printed = use_memo(
        (
            props.text.clone(),
            props.source.clone(),
            props.config.clone(),
            *open,
        ),
        |(text, source, config, open)| {
            open.then(|| {
                let mut docs = vec![(source.as_str(), &**text)];
                if !config.trim().is_empty() {
                    docs.push(("configuration", config.as_str()));
                }
                System::read(&docs).describe()
            })
        },
    );
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let d: Option<HtmlDetailsElement> = e.target().and_then(|t| t.dyn_into().ok());
            open.set(d.is_some_and(|d| d.open()));
        })
    };
    html! {
        <details class="system-read" data-testid="system-read" {ontoggle}>
            <summary>{ "Read as one system" }</summary>
            <p class="hint">{ "What this tab and the configuration say together, as rscope system prints it: what each gave, the resources, what cannot run a job now, the rank order, and where they disagree." }</p>
            if let Some(out) = (*printed).clone() {
                <pre class="resource-output" data-testid="system-output" tabindex="0" aria-label="system">{ out }</pre>
            }
        </details>
    }
}
