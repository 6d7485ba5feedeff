//! What `flux resource status` and `flux resource drain` print for the
//! payload in the editor, with a format field that takes flux's format
//! strings (or the names of its formats) as the user types. The bytes are
//! those `rscope resource` prints: both call [`rscope_core::resource::status`].
//! The text is worked out only while the section is open.

use rscope_core::resource::{status, StatusOptions};
use rscope_core::tabs::Text;
use wasm_bindgen::JsCast;
use web_sys::{HtmlDetailsElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`ResourceText`].
#[derive(Properties, PartialEq)]
pub struct ResourceTextProps {
    /// The payload's text.
    pub text: Text,
}

/// `flux resource status` or `drain` output for the payload.
#[function_component(ResourceText)]
pub fn resource_text(props: &ResourceTextProps) -> Html {
    let open = use_state(|| false);
    let drain = use_state(|| false);
    let format = use_state(|| "default".to_string());
    let printed = use_memo(
        (props.text.clone(), *open, *drain, (*format).clone()),
        |(text, open, drain, format)| {
            open.then(|| {
                let opts = StatusOptions {
                    format: format.clone(),
                    states: drain.then(|| "drain".to_string()),
                    skip_empty: *drain,
                    drain_listing: *drain,
                    ..StatusOptions::default()
                };
                let p = status(text, &opts);
                format!("{}{}", p.stdout, p.stderr)
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
    let on_command = {
        let drain = drain.clone();
        Callback::from(move |e: Event| {
            let s: Option<HtmlSelectElement> = e.target().and_then(|t| t.dyn_into().ok());
            drain.set(s.is_some_and(|s| s.value() == "drain"));
        })
    };
    let on_format = {
        let format = format.clone();
        Callback::from(move |e: InputEvent| {
            let i: Option<HtmlInputElement> = e.target().and_then(|t| t.dyn_into().ok());
            if let Some(i) = i {
                format.set(i.value());
            }
        })
    };
    html! {
        <details class="resource-text" data-testid="resource-text" {ontoggle}>
            <summary>{ "As flux resource prints it" }</summary>
            <p class="hint">{ "The text rscope resource prints for this payload. Type a format string, such as {state:>12} {nnodes:>6} {ranks}, or a format's name (default, long, help)." }</p>
            <div class="resource-text-fields">
                <label>{ "Command " }
                    <select onchange={on_command} data-testid="resource-command">
                        <option value="status" selected={!*drain}>{ "flux resource status" }</option>
                        <option value="drain" selected={*drain}>{ "flux resource drain" }</option>
                    </select>
                </label>
                <label>{ "Format (-o) " }
                    <input type="text" value={(*format).clone()} oninput={on_format} spellcheck="false"
                        data-testid="resource-format" />
                </label>
            </div>
            if let Some(out) = (*printed).clone() {
                <pre class="resource-output" data-testid="resource-output" tabindex="0" aria-label="output">{ out }</pre>
            }
        </details>
    }
}
