//! The command menu ([`rscope_core::command_menu`]): Ctrl+K (or Cmd+K), or
//! its button in the header, opens a field that finds every page action
//! by name; Up and Down choose, Enter runs, Escape closes and puts the
//! focus back. A command presses or focuses the control that does it, so
//! the menu does nothing a click or a Tab could not; a word that names
//! ranks, hosts or a property outlines them on the grid through the
//! constraint field.

use gloo::events::{EventListener, EventListenerOptions};
use rscope_core::command_menu::{
    not_on_the_page, CommandMenu, CommandReach, MenuEntry, MenuKey, PageCommand,
};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement};
use yew::prelude::*;

/// The menu's state as the page's reducer holds it.
#[derive(PartialEq)]
pub struct CommandMenuState(pub CommandMenu);

impl Reducible for CommandMenuState {
    type Action = MenuKey;

    fn reduce(self: Rc<Self>, key: MenuKey) -> Rc<Self> {
        Rc::new(CommandMenuState(self.0.after(key)))
    }
}

/// Press or focus `command`'s control; `false` when it is not on the page.
fn run(command: &PageCommand) -> bool {
    let found = gloo::utils::document()
        .query_selector(command.control)
        .ok()
        .flatten();
    let Some(el) = found.and_then(|e| e.dyn_into::<HtmlElement>().ok()) else {
        return false;
    };
    match command.reach {
        CommandReach::Press => el.click(),
        CommandReach::Focus => {
            el.scroll_into_view();
            let _ = el.focus();
        }
    }
    true
}

/// Open the menu on Ctrl+K or Cmd+K, anywhere on the page.
#[hook]
fn use_menu_key(open: &UseStateHandle<bool>) {
    let open = open.clone();
    use_effect_with((), move |_| {
        // Not passive: Ctrl+K must not also reach the browser's own search.
        let options = EventListenerOptions::enable_prevent_default();
        let document = gloo::utils::document();
        let listener = EventListener::new_with_options(&document, "keydown", options, move |e| {
            let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                return;
            };
            if (e.ctrl_key() || e.meta_key()) && e.key().eq_ignore_ascii_case("k") {
                e.prevent_default();
                open.set(true);
            }
        });
        move || drop(listener)
    });
}

/// Properties of [`CommandMenuDialog`].
#[derive(Properties, PartialEq)]
pub struct CommandMenuProps {
    /// Replace the constraint field's text: how a place on the grid the
    /// text names is shown.
    pub on_constraint: Callback<String>,
}

/// The menu's button, and the menu while it is open.
#[function_component(CommandMenuDialog)]
pub fn command_menu_dialog(props: &CommandMenuProps) -> Html {
    let open = use_state_eq(|| false);
    let menu = use_reducer(|| CommandMenuState(CommandMenu::default()));
    let note = use_state_eq(|| None::<String>);
    let field = use_node_ref();
    // Where the focus was, given back when the menu closes unused.
    let back_to = use_mut_ref(|| None::<HtmlElement>);
    use_menu_key(&open);
    {
        let (field, back_to, menu, note) = (
            field.clone(),
            back_to.clone(),
            menu.dispatcher(),
            note.clone(),
        );
        use_effect_with(*open, move |open| {
            if *open {
                let active = gloo::utils::document().active_element();
                *back_to.borrow_mut() = active.and_then(|a| a.dyn_into::<HtmlElement>().ok());
                menu.dispatch(MenuKey::Typed(String::new()));
                note.set(None);
                if let Some(f) = field.cast::<HtmlInputElement>() {
                    let _ = f.focus();
                }
            }
        });
    }
    let close = {
        let (open, back_to) = (open.clone(), back_to.clone());
        Callback::from(move |()| {
            open.set(false);
            if let Some(el) = back_to.borrow_mut().take() {
                let _ = el.focus();
            }
        })
    };
    let runs = {
        let (open, note, close) = (open.clone(), note.clone(), close.clone());
        let on_constraint = props.on_constraint.clone();
        Callback::from(move |entry: MenuEntry| match entry {
            MenuEntry::Command(command) => {
                open.set(false);
                if !run(command) {
                    open.set(true);
                    note.set(Some(not_on_the_page(command)));
                }
            }
            MenuEntry::Outline { constraint, .. } => {
                close.emit(());
                on_constraint.emit(constraint);
            }
        })
    };
    let opener = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(true))
    };
    let button = html! {
        <button type="button" class="command-open" aria-keyshortcuts="Control+K" onclick={opener}
            data-testid="command-open">{ "Commands (Ctrl+K)" }</button>
    };
    if !*open {
        return button;
    }
    html! {
        <>
            { button }
            { menu_dialog(&menu, &field, (*note).clone(), &runs, &close) }
        </>
    }
}

/// The open menu: the field, the commands found, and what it says.
fn menu_dialog(
    menu: &UseReducerHandle<CommandMenuState>,
    field: &NodeRef,
    note: Option<String>,
    runs: &Callback<MenuEntry>,
    close: &Callback<()>,
) -> Html {
    let found = menu.0.found();
    let (chosen, empty) = (menu.0.chosen(), found.is_empty());
    let oninput = {
        let menu = menu.dispatcher();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            menu.dispatch(MenuKey::Typed(input.value()));
        })
    };
    let onkeydown = {
        let (menu, runs, close) = (menu.clone(), runs.clone(), close.clone());
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" => {
                e.prevent_default();
                let down = e.key() == "ArrowDown";
                menu.dispatch(if down { MenuKey::Down } else { MenuKey::Up });
            }
            "Enter" => {
                e.prevent_default();
                if let Some(entry) = menu.0.chosen_entry() {
                    runs.emit(entry);
                }
            }
            "Escape" => {
                e.prevent_default();
                close.emit(());
            }
            _ => {}
        })
    };
    html! {
        <div class="command-menu" role="dialog" aria-modal="true" aria-label="Commands" data-testid="command-menu">
            <input ref={field.clone()} type="text" role="combobox" aria-expanded="true" aria-controls="command-list"
                aria-autocomplete="list" aria-activedescendant={(!empty).then(|| format!("command-{chosen}"))}
                aria-label="Find a command" placeholder="Type a few letters: grid, tour, share…"
                value={menu.0.query().to_string()} {oninput} {onkeydown} data-testid="command-field" />
            <ul id="command-list" role="listbox" aria-label="Commands found" data-testid="command-list">
                { for found.into_iter().enumerate().map(|(i, entry)| {
                    let line = entry.line().to_string();
                    let onclick = runs.reform(move |_: MouseEvent| entry.clone());
                    html! {
                        <li id={format!("command-{i}")} role="option" aria-selected={(i == chosen).to_string()}
                            {onclick}>{ line }</li>
                    }
                }) }
            </ul>
            if empty {
                <p class="hint">{ "No command has those words: try grid, tour, share or constraint." }</p>
            } else {
                <p class="hint">{ "Up and Down choose, Enter runs, Escape closes." }</p>
            }
            if let Some(n) = note {
                <p class="error" role="status" data-testid="command-note">{ n }</p>
            }
        </div>
    }
}
