//! The toolbar: the examples menu, opening a file, and the share button
//! (a [`CopyButton`]: it says whether the link reached the clipboard).
//! Choosing in the examples menu opens nothing: a keyboard user moves
//! through a `<select>` with the arrow keys, and each move is a change, so
//! the example opens only with the Open button next to it.

use crate::components::summary::CopyButton;
pub use crate::model::ExampleEntry;
use web_sys::HtmlInputElement;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Properties of [`Toolbar`].
#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The examples to offer (empty until the index has loaded).
    pub examples: Vec<ExampleEntry>,
    /// Open example `file`.
    pub on_example: Callback<ExampleEntry>,
    /// Open a file the user picked.
    pub on_file: Callback<web_sys::File>,
    /// Make a share link for the active document: the link to copy, or
    /// none when there is none (the page says why).
    pub on_share: Callback<(), Option<String>>,
    /// Told the link and whether it reached the clipboard.
    #[prop_or_default]
    pub on_shared: Callback<(String, bool)>,
    /// Whether a file or example opened joins the shown tab's system
    /// rather than opening a tab.
    #[prop_or_default]
    pub join: bool,
    /// Choose whether it does.
    #[prop_or_default]
    pub on_join: Callback<bool>,
    /// The shown tab's letter.
    #[prop_or('A')]
    pub letter: char,
}

/// Buttons and menus above the editor.
#[function_component(Toolbar)]
pub fn toolbar(props: &ToolbarProps) -> Html {
    let chosen = use_state_eq(String::new);
    let onchange_example = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            chosen.set(select.value());
        })
    };
    let onopen_example = {
        let (examples, on_example, chosen) = (
            props.examples.clone(),
            props.on_example.clone(),
            chosen.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(ex) = examples.iter().find(|x| x.file == *chosen) {
                on_example.emit(ex.clone());
            }
        })
    };
    let onchange_file = {
        let on_file = props.on_file.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                on_file.emit(file);
            }
            input.set_value("");
        })
    };
    html! {
        <div class="toolbar" role="toolbar" aria-label="Documents">
            <label class="button">
                { "Open file…" }
                <input type="file" accept=".json,.R,.xml,.toml,application/json,text/xml" class="visually-hidden"
                    data-testid="open-file" onchange={onchange_file} />
            </label>
            <span class="examples">
                <select aria-label="Choose an example" data-testid="examples" onchange={onchange_example}>
                    <option value="" selected={chosen.is_empty()}>{ "Examples…" }</option>
                    { for props.examples.iter().map(|ex| html! {
                        <option value={ex.file.clone()} title={ex.about.clone()}
                            selected={*chosen == ex.file}>{ format!("{} — {}", ex.title, ex.about) }</option>
                    }) }
                </select>
                <button type="button" data-testid="open-example" onclick={onopen_example}
                    disabled={chosen.is_empty()}>{ "Open example" }</button>
            </span>
            { join_choice(props) }
            <CopyButton text={props.on_share.clone()} label="Share link" testid="share" class="share"
                failed="Copy the link from the address bar." on_done={props.on_shared.clone()} />
        </div>
    }
}

/// The choice of where a file or example opens: a tab of its own, or the
/// shown tab's system (beside its document, read with it).
fn join_choice(props: &ToolbarProps) -> Html {
    let on_join = props.on_join.clone();
    let onchange = Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        on_join.emit(input.checked());
    });
    html! {
        <label class="join-choice">
            <input type="checkbox" checked={props.join} {onchange} data-testid="join-system" />
            { format!(" Open into tab {}'s system", props.letter) }
        </label>
    }
}
