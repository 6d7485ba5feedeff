//! The queues of a Flux configuration beside the grid: paste or open the
//! `[queues]` tables (TOML, or the JSON `flux config get` prints) and see
//! each queue's nodes, the grid coloured by queue, and the nodes no
//! queue uses or two queues share; with `[bootstrap] hosts`, each rank
//! whose host is not the one that order gives it. With `[resource]` or
//! `[bootstrap]`, what `rscope config` prints of it, and the R it makes
//! (and that R re-ranked, or the file `path` names) to open as tabs. What
//! the text makes is the core's [`rscope_core::grid::queues::read`],
//! [`rscope_core::grid::queues::rank_order`] and
//! [`rscope_core::commands::config_view`]; this file only holds the text and
//! draws.

use crate::hooks::SameGrid;
use crate::load;
use crate::state::DocsState;
use rscope_core::commands::config_view::{self, ConfigView};
use rscope_core::grid::queues::{rank_order, read, NodeQueues};
use rscope_core::grid::Grid;
use rscope_core::tabs::Action;
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
    /// What `[resource]` and `[bootstrap]` make, when the text has them.
    pub view: Option<Rc<Result<ConfigView, String>>>,
}

/// The active tab's configuration and how to replace it. Each tab holds
/// its own (a tab is one system: [`rscope_core::tabs::Doc::config`]), so
/// it is saved, shared and restored with the tab; the page holds it above
/// everything that opens documents: a configuration opened as a file,
/// dropped or linked lands here.
#[derive(Clone, PartialEq)]
pub struct ConfigText {
    /// The configuration's text.
    pub text: Rc<String>,
    /// Replace the text (typed, or a file's) of the active tab.
    pub on_text: Callback<String>,
}

/// The configuration of the tab `docs` shows.
pub fn config_text(docs: &UseReducerHandle<DocsState>) -> ConfigText {
    let on_text = {
        let docs = docs.clone();
        Callback::from(move |t: String| docs.dispatch(Action::Configure(t)))
    };
    ConfigText {
        text: docs.current().config.shared(),
        on_text,
    }
}

/// What the configuration `config` makes beside `grid`.
#[hook]
pub fn use_queue_config(grid: Option<Rc<Grid>>, config: &ConfigText) -> QueueConfig {
    let text = config.text.clone();
    let made = use_memo((SameGrid(grid), text.clone()), |(grid, text)| {
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
    let view = use_memo(text.clone(), |text| config_view::of_text(text).map(Rc::new));
    QueueConfig {
        text,
        on_text: config.on_text.clone(),
        read: made.0.clone(),
        queues: made.1.clone(),
        rank_order: made.2.clone(),
        view: (*view).clone(),
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
    /// What `[resource]` and `[bootstrap]` make.
    pub view: Option<Rc<Result<ConfigView, String>>>,
    /// Open a tab (its source and text).
    pub on_open: Callback<(String, String)>,
    /// The active tab's text, the R a re-ranking fixes.
    pub r_text: rscope_core::tabs::Text,
    /// The active tab's letter: the configuration is that tab's.
    pub tab: char,
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
            <h3 id="queue-config-title">{ "Your system's configuration" }</h3>
            <p class="hint">{ "Paste your system's configuration (TOML, or the JSON flux config get prints), or open the file. [resource] config shows the R it makes, as flux R parse-config prints it; [queues] colours the grid by queue; with [bootstrap] hosts, each rank is checked against the host that order gives it." }</p>
            <p class="hint" data-testid="queue-config-tab">{ format!("This is tab {}'s configuration: each tab keeps its own, saved and shared with it, and a tab opened from this one starts with it.", props.tab) }</p>
            <label for="queue-config-text">{ "Flux configuration" }</label>
            <textarea id="queue-config-text" rows="4" spellcheck="false" value={(*props.text).clone()} {oninput}
                placeholder={"[queues.batch]\nrequires = [\"batch\"]"} data-testid="queue-config-text" />
            <p><label class="button">{ "Open a configuration file…" }
                <input type="file" accept=".toml,.json,text/plain,application/json" class="visually-hidden"
                    {onchange} data-testid="queue-config-file" />
            </label>{ " " }<label class="button">{ "Open a conf.d folder…" }
                <input type="file" webkitdirectory=true multiple=true class="visually-hidden"
                    onchange={folder_change(&props.on_text, &unread)} data-testid="queue-config-folder" />
            </label></p>
            if let Some(why) = (*unread).clone() {
                <p class="error" role="alert" data-testid="queue-config-unread">{ why }</p>
            }
            { what_it_makes(props.read.as_deref()) }
            { rank_order_findings(&props.rank_order, rerank(props, &unread)) }
            if let Some(view) = props.view.as_deref() {
                { config_made(view, props.read.as_deref(), &props.on_open, &unread) }
            }
        </section>
    }
}

/// The fix the rank-order findings offer: the active tab's R re-ranked
/// by `[bootstrap] hosts`, opened as a tab ([`config_view::rerank_by_bootstrap`],
/// what `rscope R rerank` prints), or why it cannot be.
fn rerank(
    props: &QueueConfigProps,
    refused: &UseStateHandle<Option<String>>,
) -> Callback<MouseEvent> {
    let (config, r) = (props.text.clone(), props.r_text.clone());
    let (on_open, refused) = (props.on_open.clone(), refused.clone());
    Callback::from(
        move |_: MouseEvent| match config_view::rerank_by_bootstrap(&config, &r) {
            Ok(text) => {
                refused.set(None);
                on_open.emit(("R re-ranked by [bootstrap] hosts".into(), text));
            }
            Err(why) => refused.set(Some(format!("cannot re-rank this tab: {why}"))),
        },
    )
}

/// The folder picker: every `*.toml` file of a `conf.d` folder, merged as
/// the broker merges them ([`config_view::merged`]) into the box as the
/// JSON `flux config get` would print; a file that does not read leaves
/// the text as it was and says why.
fn folder_change(
    on_text: &Callback<String>,
    unread: &UseStateHandle<Option<String>>,
) -> Callback<Event> {
    let (on_text, unread) = (on_text.clone(), unread.clone());
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let Some(list) = input.files() else { return };
        let files: Vec<web_sys::File> = (0..list.length())
            .filter_map(|i| list.get(i))
            .filter(|f| f.name().ends_with(".toml"))
            .collect();
        input.set_value("");
        let (on_text, unread) = (on_text.clone(), unread.clone());
        spawn_local(async move {
            let mut texts = Vec::with_capacity(files.len());
            for file in files {
                match load::read_file(file).await {
                    Ok(doc) => texts.push((doc.source, doc.text.to_string())),
                    Err(why) => return unread.set(Some(why)),
                }
            }
            match config_view::merged(&texts) {
                Ok(text) => {
                    unread.set(None);
                    on_text.emit(text);
                }
                Err(why) => unread.set(Some(why)),
            }
        });
    })
}

/// The ranks whose hosts differ from `[bootstrap] hosts`, or why those
/// hosts do not read; nothing when they agree or are not given.
fn rank_order_findings(
    found: &Result<Vec<String>, String>,
    on_rerank: Callback<MouseEvent>,
) -> Html {
    match found {
        Ok(lines) if lines.is_empty() => Html::default(),
        Ok(lines) => html! {
            <>
                <p>{ "The R's ranks against [bootstrap] hosts (a node whose host differs drains; rscope R rerank with that order renumbers the ranks):" }</p>
                <ul class="queue-findings" data-testid="rank-order-findings">
                    { for lines.iter().map(|f| html! { <li class="error">{ f.clone() }</li> }) }
                </ul>
                <p><button type="button" onclick={on_rerank} data-testid="rerank-by-bootstrap">{ "Open this R re-ranked by [bootstrap] hosts" }</button></p>
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

/// What `[resource]` and `[bootstrap]` make: the R to open (and its
/// re-ranked form), the file `path` names, and what `rscope config`
/// prints. A text that does not read says so once, in the queues' line
/// when that already said it.
fn config_made(
    view: &Result<ConfigView, String>,
    queues: Option<&Result<NodeQueues, String>>,
    on_open: &Callback<(String, String)>,
    unread: &UseStateHandle<Option<String>>,
) -> Html {
    let v = match view {
        Ok(v) => v,
        Err(_) if matches!(queues, Some(Err(_))) => return Html::default(),
        Err(why) => {
            return html! { <p class="error" role="alert" data-testid="config-view-error">{ why.clone() }</p> }
        }
    };
    let open = |source: &'static str, text: &Option<String>| {
        let text = text.clone().unwrap_or_default();
        on_open.reform(move |_: MouseEvent| (source.to_string(), text.clone()))
    };
    html! {
        <div class="config-made" data-testid="config-view">
            if let Some(words) = &v.r_words {
                <p data-testid="config-r-words">{ format!("[resource] config makes an R of {words}, as flux R parse-config prints it.") }</p>
                <p><button type="button" onclick={open("R of the configuration", &v.r)} data-testid="open-config-r">{ "Open the R it makes" }</button>
                if v.reranked.is_some() {
                    { " " }<button type="button" onclick={open("R re-ranked by [bootstrap] hosts", &v.reranked)} data-testid="open-config-reranked">{ "Open it re-ranked by [bootstrap] hosts" }</button>
                }
                </p>
                if v.reranked.is_some() {
                    <p class="hint" data-testid="config-reranked-why">{ "[bootstrap] hosts gives the ranks in another order than the R, so the instance re-ranks the R by it: the table below shows where each host goes." }</p>
                }
            }
            if let Some(path) = &v.path {
                { path_file(path, on_open, unread) }
            }
            <details open=true>
                <summary>{ "What rscope config prints" }</summary>
                <pre class="config-report" id="config-report" tabindex="0" aria-label="What rscope config prints" data-testid="config-report">{ v.report.clone() }</pre>
            </details>
        </div>
    }
}

/// `[resource] path`: the R file the instance reads, offered to open as a
/// tab beside the configuration (the page cannot read the path itself).
fn path_file(
    path: &str,
    on_open: &Callback<(String, String)>,
    unread: &UseStateHandle<Option<String>>,
) -> Html {
    let onchange = {
        let (on_open, unread) = (on_open.clone(), unread.clone());
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let (on_open, unread) = (on_open.clone(), unread.clone());
            spawn_local(async move {
                match load::read_file(file).await {
                    Ok(doc) => on_open.emit((doc.source, doc.text.to_string())),
                    Err(why) => unread.set(Some(why)),
                }
            });
        })
    };
    html! {
        <>
            <p data-testid="config-path">{ format!("[resource] path names {path}: the instance reads its R from that file. Open it to see its nodes beside this configuration.") }</p>
            <p><label class="button">{ "Open the R file…" }
                <input type="file" accept=".json,application/json,text/plain" class="visually-hidden" {onchange} data-testid="config-path-file" />
            </label></p>
        </>
    }
}
