//! What `flux resource status`, `drain`, `list` and `info` print for the tab's
//! system (its document, those added to it and its configuration), with a format field that
//! takes flux's format strings (or the names of its formats) as the user
//! types. The bytes are those `rscope resource` prints for the same
//! payload: both call [`rscope_core::resource`]. A system without the
//! payload a command reads has one made from its resources
//! ([`rscope_core::system::resource_payloads`]), and the panel says so.
//! The text is worked out only while the section is open, by the shape
//! worker ([`use_system_text`]): a 16 384-node system is read off the
//! page's thread, as the user types a format.

use crate::hooks::use_system_text;
use rscope_core::system::printed::SystemText;
use rscope_core::tabs::Doc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlDetailsElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`ResourceText`].
#[derive(Properties, PartialEq)]
pub struct ResourceTextProps {
    /// The tab: its document, those added to its system and its
    /// configuration ([`Doc::system`]).
    pub tab: Doc,
}

/// The flux resource commands the panel prints.
#[derive(Clone, Copy, PartialEq)]
enum Command {
    Status,
    Drain,
    List,
    Info,
}

/// The text of `command` under `format`, for the shape worker.
fn asked(command: Command, format: &str) -> SystemText {
    let format = format.to_string();
    match command {
        Command::Status => SystemText::Status(format),
        Command::Drain => SystemText::Drain(format),
        Command::List => SystemText::List(format),
        Command::Info => SystemText::Info,
    }
}

/// `flux resource status`, `drain`, `list` or `info` output for the system
/// (`info` takes no format).
#[function_component(ResourceText)]
pub fn resource_text(props: &ResourceTextProps) -> Html {
    let open = use_state(|| false);
    let command = use_state(|| Command::Status);
    let format = use_state(|| "default".to_string());
    let printed = use_system_text(&props.tab, open.then(|| asked(*command, &format)));
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let d: Option<HtmlDetailsElement> = e.target().and_then(|t| t.dyn_into().ok());
            open.set(d.is_some_and(|d| d.open()));
        })
    };
    let on_command = {
        let command = command.clone();
        Callback::from(move |e: Event| {
            let s: Option<HtmlSelectElement> = e.target().and_then(|t| t.dyn_into().ok());
            command.set(match s.map(|s| s.value()).as_deref() {
                Some("drain") => Command::Drain,
                Some("list") => Command::List,
                Some("info") => Command::Info,
                _ => Command::Status,
            });
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
            <p class="hint">{ "The text rscope resource prints for this system. Type a format string, such as {state:>12} {nnodes:>6} {ranks}, or a format's name (default, long, help)." }</p>
            <div class="resource-text-fields">
                <label>{ "Command " }
                    <select onchange={on_command} data-testid="resource-command">
                        <option value="status" selected={*command == Command::Status}>{ "flux resource status" }</option>
                        <option value="drain" selected={*command == Command::Drain}>{ "flux resource drain" }</option>
                        <option value="list" selected={*command == Command::List}>{ "flux resource list" }</option>
                        <option value="info" selected={*command == Command::Info}>{ "flux resource info" }</option>
                    </select>
                </label>
                <label>{ "Format (-o) " }
                    <input type="text" value={(*format).clone()} oninput={on_format} spellcheck="false"
                        disabled={*command == Command::Info} data-testid="resource-format" />
                </label>
            </div>
            if let Some((out, current)) = printed {
                if let Some(note) = out.note.clone() {
                    <p class="hint" data-testid="resource-note">{ note }</p>
                }
                <pre class="resource-output" data-testid="resource-output" tabindex="0" aria-label="output"
                    aria-busy={(!current).to_string()}>{ out.text.clone() }</pre>
            }
        </details>
    }
}
