//! The job queue of the shape panel: list shapes, allocate them one after
//! another into the active tab's R, free any of them, step back and forward
//! through the actions, and watch the free cores per node and the largest
//! request that still fits. The queue lives in the shape worker
//! ([`Shapes::queue`]), which reads the R once; this component only
//! draws the [`QueueView`] it answers with.

use crate::hooks::use_workers;
use crate::shape_worker::Shapes;
use rscope_core::fit::queue::session::{QueueOp, QueueReply};
use rscope_core::fit::queue::{QueueView, State};
use rscope_core::fit::Policy;
use rscope_core::grid::overlay::JobCells;
use rscope_core::tabs::Text;
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// How many colours the jobs take in turn (`queue-colour-0` to `-7`).
pub const COLOURS: usize = 8;

/// Properties of [`QueuePart`].
#[derive(Properties, PartialEq)]
pub struct QueueProps {
    /// The shape typed in the panel, which "Add" puts in the queue.
    pub shape: String,
    /// The active tab's text, to allocate into.
    pub r_text: Text,
    /// The other documents of the tab's system and its configuration
    /// (name, text), which the queue reads with it.
    #[prop_or_default]
    pub beside: Rc<Vec<(String, Text)>>,
    /// The active tab's letter.
    pub tab: String,
    /// Open a new tab: its source and text (the exported status document).
    pub on_open: Callback<(String, String)>,
    /// Told the cells of the running jobs after each operation.
    pub on_cells: Callback<Vec<JobCells>>,
}

/// What the worker's queue was opened on: the R, the documents beside it
/// and the policy.
type Opened = (Text, Rc<Vec<(String, Text)>>, Policy);

/// The queue's page state: what the worker answered last, and the R and
/// policy its queue was opened on.
#[derive(Clone, Default, PartialEq)]
struct QueueState {
    view: QueueView,
    error: Option<String>,
}

/// The queue part of the shape panel.
#[function_component(QueuePart)]
pub fn queue_part(props: &QueueProps) -> Html {
    let shown = use_state_eq(QueueState::default);
    let policy = use_state_eq(|| Policy::Worst);
    let opened = use_mut_ref(|| None::<Opened>);
    let worker = use_workers().shapes;
    let send = sender(&worker, props, &shown, &policy, &opened);
    {
        // A new R or policy starts the queue again, with the same shapes.
        let (send, shown) = (send.clone(), shown.clone());
        let deps = (props.r_text.clone(), props.beside.clone(), *policy);
        use_effect_with(deps, move |_| {
            if !shown.view.jobs.is_empty() {
                send.emit(None);
            }
        });
    }
    let on_policy = {
        let policy = policy.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            policy.set(select.value().parse().unwrap_or_default());
        })
    };
    let op = |op: QueueOp| send.reform(move |_: MouseEvent| Some(op.clone()));
    let view = &shown.view;
    html! {
        <div class="shape-queue" data-testid="queue">
            <h3>{ format!("A queue of jobs in tab {}", props.tab) }</h3>
            <p class="shape-about">
                { "A scheduler takes jobs in turn. Add shapes, then allocate them one after another, first come first served: a job that does not fit now waits, and the jobs behind it wait too. Free jobs to make room, step back and forward through what happened, and watch the free cores scatter over the nodes." }
            </p>
            <p class="shape-row">
                <label for="queue-policy">{ "Policy" }</label>
                <select id="queue-policy" data-testid="queue-policy" onchange={on_policy}>
                    <option value="worst" selected={*policy == Policy::Worst}>{ "worst: most free cores first" }</option>
                    <option value="first" selected={*policy == Policy::First}>{ "first: lowest rank first" }</option>
                    <option value="best" selected={*policy == Policy::Best}>{ "best: fewest free cores that do" }</option>
                </select>
                <button type="button" data-testid="queue-add" onclick={op(QueueOp::Add(props.shape.clone()))}>
                    { "Add the shape to the queue" }
                </button>
            </p>
            { jobs_list(view, &op) }
            <p class="shape-row queue-actions">
                <button type="button" data-testid="queue-next" onclick={op(QueueOp::Next)}>{ "Allocate next" }</button>
                <button type="button" data-testid="queue-back" onclick={op(QueueOp::Back)}>{ "Step back" }</button>
                <button type="button" data-testid="queue-forward" onclick={op(QueueOp::Forward)}>{ "Step forward" }</button>
                <button type="button" data-testid="queue-export" onclick={op(QueueOp::Export)}>{ "Export status document" }</button>
            </p>
            <p role="status" data-testid="queue-note" class={classes!(shown.error.is_some().then_some("error"))}>
                { shown.error.clone().unwrap_or_else(|| view.note.clone()) }
            </p>
            { history(view) }
            { free_cores(view) }
        </div>
    }
}

/// A callback that sends an operation to the worker's queue, opening it
/// first on the current R and policy when they changed (`None`: only
/// open), and shows the reply.
fn sender(
    worker: &Rc<Shapes>,
    props: &QueueProps,
    shown: &UseStateHandle<QueueState>,
    policy: &UseStateHandle<Policy>,
    opened: &Rc<RefCell<Option<Opened>>>,
) -> Callback<Option<QueueOp>> {
    let beside = props.beside.clone();
    let (r, policy, opened, worker) = (
        props.r_text.clone(),
        **policy,
        opened.clone(),
        worker.clone(),
    );
    let (shown, on_open, on_cells) = (shown.clone(), props.on_open.clone(), props.on_cells.clone());
    let source = format!("queue status of tab {}", props.tab);
    Callback::from(move |op: Option<QueueOp>| {
        let done = {
            let (shown, on_open, on_cells, source) = (
                shown.clone(),
                on_open.clone(),
                on_cells.clone(),
                source.clone(),
            );
            Callback::from(move |reply: QueueReply| {
                if let Some(text) = reply.export {
                    on_open.emit((source.clone(), text));
                }
                // A reply without a view has a later one behind it, which
                // shows the state (and its own error, if any); a refusal
                // has none either, and says why over the view shown.
                let Some(view) = reply.view else {
                    if let Some(error) = reply.error {
                        shown.set(QueueState {
                            view: shown.view.clone(),
                            error: Some(error),
                        });
                    }
                    return;
                };
                on_cells.emit(cells(&view));
                shown.set(QueueState {
                    view,
                    error: reply.error,
                });
            })
        };
        let current = Some((r.clone(), beside.clone(), policy));
        let stale = *opened.borrow() != current;
        if stale || op.is_none() {
            *opened.borrow_mut() = current;
            let shapes = shown.view.jobs.iter().map(|j| j.shape.clone()).collect();
            let open = QueueOp::Open {
                r: r.to_string(),
                policy: policy.to_string(),
                shapes,
                beside: (beside.iter())
                    .map(|(name, text)| (name.clone(), text.to_string()))
                    .collect(),
            };
            worker.queue(open, done.clone());
        }
        if let Some(op) = op {
            worker.queue(op, done);
        }
    })
}

/// The running jobs' cells.
fn cells(view: &QueueView) -> Vec<JobCells> {
    view.jobs
        .iter()
        .enumerate()
        .filter(|(_, j)| j.state == State::Running)
        .map(|(i, j)| (i, j.shape.clone(), j.cells.clone()))
        .collect()
}

/// The jobs, each with its colour, state, answer and a Free button while
/// it runs.
fn jobs_list(view: &QueueView, op: &dyn Fn(QueueOp) -> Callback<MouseEvent>) -> Html {
    if view.jobs.is_empty() {
        return html! {
            <p class="hint" data-testid="queue-empty">{ "No job yet: type a shape above and press Add." }</p>
        };
    }
    html! {
        <ol class="queue-jobs" data-testid="queue-jobs">
            { for view.jobs.iter().enumerate().map(|(i, j)| html! {
                <li data-testid="queue-job" data-state={j.state.as_str()}>
                    <span class={format!("queue-swatch queue-colour-{}", i % COLOURS)} aria-hidden="true"></span>
                    <code>{ j.shape.clone() }</code>{ " " }
                    <span data-testid="queue-job-words">{ j.words.clone() }</span>
                    if let Some(short) = &j.short {
                        { " " }<code data-testid="queue-job-short">{ short.clone() }</code>
                    }
                    if j.state == State::Running {
                        { " " }
                        <button type="button" data-testid="queue-free" onclick={op(QueueOp::Free(i))}
                            aria-label={format!("Free job {} ({})", i + 1, j.shape)}>{ "Free" }</button>
                    }
                </li>
            }) }
        </ol>
    }
}

/// The actions so far; those stepped back over are marked as ahead.
fn history(view: &QueueView) -> Html {
    if view.history.is_empty() {
        return html! {};
    }
    html! {
        <details class="queue-history">
            <summary data-testid="queue-step">{ format!("Step {} of {}", view.at, view.history.len()) }</summary>
            <ol>
                { for view.history.iter().enumerate().map(|(i, h)| html! {
                    <li class={classes!((i >= view.at).then_some("queue-ahead"))}>
                        { if i >= view.at { format!("{h} (stepped back over)") } else { h.clone() } }
                    </li>
                }) }
            </ol>
        </details>
    }
}

/// Free cores (and GPUs) per node, and the largest requests that fit.
fn free_cores(view: &QueueView) -> Html {
    if view.cores.is_empty() {
        return html! {};
    }
    let table = |caption: &str, what: &str, id: &str, rows: &[(u64, u64)]| {
        html! {
            <div class="queue-table" tabindex="0" role="region" aria-label={caption.to_string()}>
                <table data-testid={id.to_string()}>
                    <caption>{ caption }</caption>
                    <thead><tr><th scope="col">{ what }</th><th scope="col">{ "nodes" }</th></tr></thead>
                    <tbody>
                        { for rows.iter().map(|(free, nodes)| html! {
                            <tr><td>{ free }</td><td>{ nodes }</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
        }
    };
    html! {
        <div class="queue-free">
            <div class="queue-tables">
                { table("Free cores per node", "free cores", "queue-cores", &view.cores) }
                if !view.gpus.is_empty() {
                    { table("Free GPUs per node", "free GPUs", "queue-gpus", &view.gpus) }
                }
            </div>
            <h4>{ "The largest request that still fits" }</h4>
            if view.largest.is_empty() {
                <p data-testid="queue-largest">{ "Nothing fits: no core is free. Free a job." }</p>
            } else {
                <ul data-testid="queue-largest">
                    { for view.largest.iter().map(|l| html! {
                        <li><code>{ l.shape.clone() }</code>{ format!(": {}", l.words) }</li>
                    }) }
                </ul>
            }
        </div>
    }
}
