//! Build an R: a form (hosts, cores and GPUs per node, properties, times)
//! that writes its JSON into a tab of its own, where the page checks it
//! and draws its grid. Editing that JSON fills the form again when the
//! form can show it ([`rscope_core::teach::build`]).

use rscope_core::tabs::{Action, Doc, Text};
use rscope_core::teach::build::{self, FieldProblem, Form};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The name of the tab the form writes.
pub const BUILT: &str = "Built R";

/// The fields: (name, label, hint).
const FIELDS: [(&str, &str, &str); 6] = [
    ("hosts", "Hosts (RFC 29 host list)", "node[1-4]"),
    ("cores", "Cores per node (RFC 22 id set)", "0-47"),
    ("gpus", "GPUs per node (id set, may be empty)", "0-7"),
    (
        "properties",
        "Properties (name=hosts, space-separated)",
        "debug=node[3-4]",
    ),
    ("starttime", "Start time (seconds since 1970)", "1676560542"),
    (
        "expiration",
        "Expiration (seconds since 1970)",
        "1676562342",
    ),
];

fn field<'a>(form: &'a Form, name: &str) -> &'a str {
    match name {
        "hosts" => &form.hosts,
        "cores" => &form.cores,
        "gpus" => &form.gpus,
        "properties" => &form.properties,
        "starttime" => &form.starttime,
        _ => &form.expiration,
    }
}

fn set_field(form: &mut Form, name: &str, value: String) {
    *match name {
        "hosts" => &mut form.hosts,
        "cores" => &mut form.cores,
        "gpus" => &mut form.gpus,
        "properties" => &mut form.properties,
        "starttime" => &mut form.starttime,
        _ => &mut form.expiration,
    } = value;
}

fn start() -> Form {
    Form {
        hosts: "node[1-4]".into(),
        cores: "0-7".into(),
        ..Form::default()
    }
}

/// What the build-an-R panel is given: the active tab and a way to change
/// the tabs.
#[derive(Properties, PartialEq)]
pub struct BuildRProps {
    /// Whether the active tab is the one the form writes, [`BUILT`].
    pub on_tab: bool,
    /// The active tab's text (the form reads it back when `on_tab`).
    pub text: Text,
    /// Opens the built tab or edits it.
    pub on_action: Callback<Action>,
}

/// The build-an-R panel: the form, and what it says of the active tab.
#[function_component(BuildR)]
pub fn build_r(props: &BuildRProps) -> Html {
    let form = use_state_eq(start);
    let on_tab = props.on_tab;
    let text = props.text.clone();
    // The JSON, edited by hand, fills the form when it can.
    let unreadable = use_state_eq(|| None::<String>);
    // What the form wrote last: reading it back would only respell what the
    // user is typing.
    let written = use_mut_ref(String::new);
    {
        let (form, unreadable, written) = (form.clone(), unreadable.clone(), written.clone());
        use_effect_with((text.clone(), on_tab), move |(text, on_tab)| {
            if *on_tab && **text != *written.borrow() {
                match build::read(text) {
                    Ok(f) => {
                        form.set(f);
                        unreadable.set(None);
                    }
                    Err(why) => unreadable.set(Some(why)),
                }
            }
        });
    }
    let problems = build::write(&form).err().unwrap_or_default();
    let inputs = FIELDS.map(|(name, label, hint)| {
        let oninput = {
            let (form, docs, written) = (form.clone(), props.on_action.clone(), written.clone());
            Callback::from(move |e: InputEvent| {
                let mut next = (*form).clone();
                set_field(&mut next, name, e.target_unchecked_into::<HtmlInputElement>().value());
                if let Ok(text) = build::write(&next) {
                    written.borrow_mut().clone_from(&text);
                    docs.emit(if on_tab {
                        Action::Edit(text)
                    } else {
                        Action::Open(Doc { source: BUILT.into(), text: text.into(), ..Doc::default() })
                    });
                }
                form.set(next);
            })
        };
        let problem = problems.iter().find(|p: &&FieldProblem| p.field == name);
        let id = format!("build-{name}");
        html! {
            <div class="build-field">
                <label for={id.clone()}>{ label }</label>
                <input type="text" id={id.clone()} data-testid={id.clone()} value={field(&form, name).to_string()}
                    placeholder={hint} {oninput} spellcheck="false" autocomplete="off"
                    aria-invalid={problem.is_some().then_some("true")} />
                if let Some(p) = problem {
                    <p class="error" data-testid="build-problem">{ p.message.clone() }</p>
                }
            </div>
        }
    });
    html! {
        <section class="panel build-r" aria-label="Build an R" data-testid="build-r">
            <h2>{ "Build an R" }</h2>
            <p class="hint">{ format!("Each change writes the R into the tab \"{BUILT}\", where the problems list checks it and the grid draws it. Nodes get ranks 0, 1, 2… in host-list order. Editing that tab's JSON fills the form again.") }</p>
            if let (true, Some(why)) = (on_tab, (*unreadable).clone()) {
                <p class="hint" data-testid="build-unreadable">{ format!("The form cannot show this JSON: {why}.") }</p>
            }
            { for inputs }
        </section>
    }
}
