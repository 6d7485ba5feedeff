//! The queues of a Flux configuration beside the grid: paste or open the
//! `[queues]` tables (TOML, or the JSON `flux config get` prints) and see
//! each queue's nodes, the grid coloured by queue, and the nodes no
//! queue uses or two queues share; with `[bootstrap] hosts`, each rank
//! whose host is not the one that order gives it. What the text makes is
//! the core's [`crate::grid::queues::read`] and
//! [`crate::grid::queues::rank_order`]; this file only holds the text and
//! draws.

use crate::grid::queues::{rank_order, read, NodeQueues};
use crate::grid::Grid;
use crate::web::hooks::SameGrid;
use crate::web::{load, storage};
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The configuration typed or opened, and what it makes of the grid.
pub struct QueueConfig {
    /// The configuration's text.
    pub text: Rc<String>,
    /// Replace the text (typed, or a file's).
    pub on_text: Callback<String>,
    /// The nodes' queues, or why there are none; `None` with no text.
    pub read: Option<Rc<Result<NodeQueues, String>>>,
    /// The nodes' queues, when the configuration has queues: the colouring
    /// by queue, and the notes other colourings' tooltips add.
    pub queues: Option<Rc<NodeQueues>>,
    /// Where the grid's ranks and `[bootstrap] hosts` disagree, or why
    /// those hosts do not read.
    pub rank_order: Rc<Result<Vec<String>, String>>,
}

/// The configuration beside `grid`, kept across tabs (one system's
/// queues apply to each of its documents) and across reloads.
#[hook]
pub fn use_queue_config(grid: Option<Rc<Grid>>) -> QueueConfig {
    let text = use_state(|| Rc::new(storage::saved_queue_config()));
    let made = use_memo((SameGrid(grid), (*text).clone()), |(grid, text)| {
        let read = grid.0.as_ref().and_then(|g| read(g, text)).map(Rc::new);
        let queues = read
            .as_ref()
            .and_then(|r| r.as_ref().as_ref().ok())
            .map(|q| Rc::new(q.clone()));
        let order = match &grid.0 {
            Some(g) => rank_order(g, text),
            None => Ok(Vec::new()),
        };
        (read, queues, Rc::new(order))
    });
    let shown = (*text).clone();
    let on_text = Callback::from(move |t: String| {
        storage::save_queue_config(&t);
        text.set(Rc::new(t));
    });
    QueueConfig {
        text: shown,
        on_text,
        read: made.0.clone(),
        queues: made.1.clone(),
        rank_order: made.2.clone(),
    }
}

/// Properties of [`QueueConfigPanel`].
#[derive(Properties, PartialEq)]
pub struct QueueConfigProps {
    /// The configuration's text.
    pub text: Rc<String>,
    /// Replace it.
    pub on_text: Callback<String>,
    /// What it makes of the grid.
    pub read: Option<Rc<Result<NodeQueues, String>>>,
    /// What `[bootstrap] hosts` says of the grid's ranks.
    pub rank_order: Rc<Result<Vec<String>, String>>,
}

/// The configuration box, its file button, and what it makes.
#[function_component(QueueConfigPanel)]
pub fn queue_config_panel(props: &QueueConfigProps) -> Html {
    let oninput = props.on_text.reform(|e: InputEvent| {
        let area: HtmlTextAreaElement = e.target_unchecked_into();
        area.value()
    });
    // A file that cannot be read leaves the text as it was, and says why.
    let unread = use_state_eq(|| None::<String>);
    let onchange = {
        let (on_text, unread) = (props.on_text.clone(), unread.clone());
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let (on_text, unread) = (on_text.clone(), unread.clone());
            spawn_local(async move {
                match load::read_file(file).await {
                    Ok(doc) => {
                        unread.set(None);
                        on_text.emit(doc.text.to_string());
                    }
                    Err(why) => unread.set(Some(why)),
                }
            });
        })
    };
    html! {
        <section class="queue-config" data-testid="queue-config" aria-labelledby="queue-config-title">
            <h3 id="queue-config-title">{ "Queues from a configuration" }</h3>
            <p class="hint">{ "Paste your system's [queues] tables (TOML, or the JSON flux config get prints), or open the file, to colour the grid by queue. With [bootstrap] hosts, each rank is checked against the host that order gives it." }</p>
            <label for="queue-config-text">{ "Flux configuration" }</label>
            <textarea id="queue-config-text" rows="4" spellcheck="false" value={(*props.text).clone()} {oninput}
                placeholder={"[queues.batch]\nrequires = [\"batch\"]"} data-testid="queue-config-text" />
            <p><label class="button">{ "Open a configuration file…" }
                <input type="file" accept=".toml,.json,text/plain,application/json" class="visually-hidden"
                    {onchange} data-testid="queue-config-file" />
            </label></p>
            if let Some(why) = (*unread).clone() {
                <p class="error" role="alert" data-testid="queue-config-unread">{ why }</p>
            }
            { what_it_makes(props.read.as_deref()) }
            { rank_order_findings(&props.rank_order) }
        </section>
    }
}

/// The ranks whose hosts differ from `[bootstrap] hosts`, or why those
/// hosts do not read; nothing when they agree or are not given.
fn rank_order_findings(found: &Result<Vec<String>, String>) -> Html {
    match found {
        Ok(lines) if lines.is_empty() => Html::default(),
        Ok(lines) => html! {
            <>
                <p>{ "The R's ranks against [bootstrap] hosts (a node whose host differs drains; rscope R rerank with that order renumbers the ranks):" }</p>
                <ul class="queue-findings" data-testid="rank-order-findings">
                    { for lines.iter().map(|f| html! { <li class="error">{ f.clone() }</li> }) }
                </ul>
            </>
        },
        Err(why) => html! {
            <p class="error" role="alert" data-testid="rank-order-error">{ why.clone() }</p>
        },
    }
}

/// The queues and findings the configuration makes, or why it makes none.
fn what_it_makes(read: Option<&Result<NodeQueues, String>>) -> Html {
    match read {
        None => Html::default(),
        Some(Err(why)) => html! {
            <p class="error" role="alert" data-testid="queue-config-error">{ why.clone() }</p>
        },
        Some(Ok(q)) => html! { <>
            <ul class="queue-lines" data-testid="queue-lines">
                { for q.queues.iter().map(|l| html! {
                    <li><strong>{ l.name.clone() }</strong>{ format!(" — {} — {}", l.requires, l.nodes) }</li>
                }) }
            </ul>
            if !q.findings.is_empty() {
                <ul class="queue-findings" data-testid="queue-findings">
                    { for q.findings.iter().map(|f| html! { <li class="warning">{ f.clone() }</li> }) }
                </ul>
            }
        </> },
    }
}
