//! The yew root component: open documents as tabs, edit them, and see what
//! the core finds in them. All resource logic is a call into the core.

use crate::rset::{summarize, Summary};
use crate::web::components::{
    editor::Editor,
    summary::SummaryView,
    tabs::Tabs,
    toolbar::{Example, Toolbar},
};
use crate::web::load;
use crate::web::state::{Action, Doc, Docs};
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// How long typing must pause before the document is parsed again.
const PARSE_DELAY_MS: u32 = 120;
/// How long changes must settle before they are saved to local storage.
const SAVE_DELAY_MS: u32 = 600;

/// A message under the toolbar: what just happened, or what went wrong.
#[derive(Clone, PartialEq)]
enum Status {
    Info(String),
    Problem(String),
}

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let docs = use_reducer(Docs::load);
    let status = use_state(|| None::<Status>);
    let examples = use_state(Vec::<Example>::new);
    let result = use_state(|| None::<Result<Summary, String>>);

    // Open a document, or report why it could not be opened.
    let open = {
        let (docs, status) = (docs.dispatcher(), status.clone());
        Callback::from(move |loaded: Result<Doc, String>| match loaded {
            Ok(doc) => {
                status.set(Some(Status::Info(format!("opened {}", doc.source))));
                docs.dispatch(Action::Open(doc));
            }
            Err(e) => status.set(Some(Status::Problem(e))),
        })
    };

    // On start: a shared document, a ?url= document, and the examples index.
    {
        let (open, examples) = (open.clone(), examples.clone());
        use_effect_with((), move |_| {
            if let Some(shared) = load::shared_document() {
                open.emit(shared);
            }
            if let Some(url) = load::url_param() {
                let open = open.clone();
                spawn_local(async move {
                    let name = load::url_name(&url);
                    open.emit(load::fetch(&url, name).await);
                });
            }
            spawn_local(async move {
                if let Ok(resp) = gloo::net::http::Request::get("static/examples/index.json")
                    .send()
                    .await
                {
                    if let Ok(list) = resp.json::<Vec<Example>>().await {
                        examples.set(list);
                    }
                }
            });
        });
    }

    // Files dropped anywhere on the page open as new tabs.
    {
        let open = open.clone();
        use_effect_with((), move |_| {
            let document = gloo::utils::document();
            let over = EventListener::new_with_options(
                &document,
                "dragover",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                |e| e.prevent_default(),
            );
            let drop = EventListener::new_with_options(
                &document,
                "drop",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                move |e| {
                    e.prevent_default();
                    let files = e
                        .dyn_ref::<web_sys::DragEvent>()
                        .and_then(|d| d.data_transfer())
                        .and_then(|t| t.files());
                    if let Some(files) = files {
                        for i in 0..files.length() {
                            if let Some(file) = files.get(i) {
                                let open = open.clone();
                                spawn_local(async move { open.emit(load::read_file(file).await) });
                            }
                        }
                    }
                },
            );
            move || drop_both(over, drop)
        });
    }

    // Parse the active document once typing pauses; never on every keystroke.
    {
        let result = result.clone();
        let text = docs.current().text.clone();
        use_effect_with(text, move |text| {
            let timer = if text.trim().is_empty() {
                result.set(None);
                None
            } else {
                let text = text.clone();
                Some(Timeout::new(PARSE_DELAY_MS, move || {
                    result.set(Some(summarize(&text)))
                }))
            };
            move || drop(timer)
        });
    }

    // Save for the next visit once changes settle.
    {
        let snapshot = (*docs).clone();
        use_effect_with(snapshot, move |snapshot| {
            let snapshot = snapshot.clone();
            let timer = Timeout::new(SAVE_DELAY_MS, move || snapshot.save());
            move || drop(timer)
        });
    }

    let on_edit = {
        let docs = docs.dispatcher();
        Callback::from(move |text| docs.dispatch(Action::Edit(text)))
    };
    let on_select = {
        let docs = docs.dispatcher();
        Callback::from(move |i| docs.dispatch(Action::Select(i)))
    };
    let on_close = {
        let docs = docs.dispatcher();
        Callback::from(move |i| docs.dispatch(Action::Close(i)))
    };
    let on_example = {
        let open = open.clone();
        Callback::from(move |ex: Example| {
            let open = open.clone();
            spawn_local(async move {
                let url = format!("static/examples/{}", ex.file);
                open.emit(load::fetch(&url, ex.title.clone()).await);
            });
        })
    };
    let on_file = {
        let open = open.clone();
        Callback::from(move |file: web_sys::File| {
            let open = open.clone();
            spawn_local(async move { open.emit(load::read_file(file).await) });
        })
    };
    let on_share = {
        let (status, text) = (status.clone(), docs.current().text.clone());
        Callback::from(move |()| match load::share_link(&text) {
            Ok(link) => {
                let status = status.clone();
                let copied = gloo::utils::window()
                    .navigator()
                    .clipboard()
                    .write_text(&link);
                spawn_local(async move {
                    let how = match wasm_bindgen_futures::JsFuture::from(copied).await {
                        Ok(_) => "copied to the clipboard and shown in the address bar",
                        Err(_) => "shown in the address bar (copy it from there)",
                    };
                    status.set(Some(Status::Info(format!(
                        "share link ({} characters) {how}",
                        link.len()
                    ))));
                });
            }
            Err(e) => status.set(Some(Status::Problem(e))),
        })
    };

    let sources: Vec<String> = docs.docs.iter().map(|d| d.source.clone()).collect();
    html! {
        <main class="app">
            <header>
                <h1>{ "Rscope" }</h1>
                <p class="tagline">{ "Explore a Flux resource set (RFC 20 R document) in your browser. Nothing leaves this page." }</p>
            </header>
            <Toolbar examples={(*examples).clone()} {on_example} {on_file} {on_share} />
            <p class="status" role="status" data-testid="status">
                { match &*status {
                    Some(Status::Info(m)) => html! { <span>{ m }</span> },
                    Some(Status::Problem(m)) => html! { <span class="error">{ m }</span> },
                    None => html! {},
                } }
            </p>
            <Tabs {sources} active={docs.active} {on_select} {on_close} />
            <div class="workspace" role="tabpanel" aria-labelledby={format!("tab-{}", crate::web::state::tab_letter(docs.active))}>
                <Editor text={AttrValue::from(docs.current().text.clone())} {on_edit} label="R document (JSON)" />
                <SummaryView result={(*result).clone()} />
            </div>
        </main>
    }
}

/// Remove both drag-and-drop listeners.
fn drop_both(over: EventListener, drop: EventListener) {
    std::mem::drop((over, drop));
}
