//! The compare view on the grid: two or three tabs on one grid, laid out
//! from their union by the analysis worker ([`rscope_core::grid::compare_wire`])
//! and rebuilt here a chunk at a time, and the written diff of each
//! compared tab against the active one. Two `resource.status` snapshots
//! are compared by what changed between them: the grid by change, and the
//! table of changes.

use crate::analysis_worker::{part_list, OnMember, TabTexts};
use crate::hooks::use_workers;
use rscope_core::color::{compare_names, ColorChoice};
use rscope_core::grid::compare::Compared;
use rscope_core::grid::compare_wire::CompareBuild;
use rscope_core::inflight::Latest;
use rscope_core::resource::changes::{ChangeRow, StatusChanges};
use rscope_core::tabs::Docs;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// A compare view made, or why none could be, compared by pointer.
#[derive(Clone)]
struct Made(Rc<Result<Rc<Compared>, String>>);

impl PartialEq for Made {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// The latest request: its number and the documents of the tabs it compares.
type LatestCompare = Rc<RefCell<Latest<Vec<TabTexts>>>>;

/// What the page shows of a compare view.
#[derive(Clone, Default)]
pub struct CompareView {
    /// The view, once the worker's answer is rebuilt.
    pub compared: Option<Rc<Compared>>,
    /// Why there is none (a tab has no resources).
    pub problem: Option<String>,
    /// Whether a compare view is asked for and not there yet.
    pub waiting: bool,
}

/// The compare view `choice` asks for over the tabs `docs`, from the
/// analysis worker, each tab read as its whole system; asked again
/// whenever a document of a compared tab changes.
#[hook]
pub fn use_compare(choice: &ColorChoice, docs: &Docs) -> CompareView {
    let got = use_state_eq(|| None::<(Vec<TabTexts>, Made)>);
    let asked = use_mut_ref(Latest::<Vec<TabTexts>>::default);
    let told = use_answers(&got, &asked);
    let analyst = use_workers().analysis;
    let tabs = choice.compared(docs.docs.len(), docs.active);
    let texts: Option<Vec<TabTexts>> = tabs
        .as_ref()
        .map(|t| t.iter().map(|&i| docs.docs[i].system_texts()).collect());
    let sources: Vec<&str> = docs.docs.iter().map(|d| d.source.as_str()).collect();
    let names = tabs.as_ref().map(|t| compare_names(t, &sources));
    {
        let (analyst, asked) = (analyst.clone(), asked.clone());
        let fresh = got.as_ref().is_some_and(|(t, _)| Some(t) == texts.as_ref());
        use_effect_with((texts.clone(), names), move |(texts, names)| {
            let (Some(texts), Some(names), false) = (texts, names, fresh) else {
                return;
            };
            let seq = asked.borrow_mut().ask(texts.clone());
            let letters = names.iter().map(|n| n.letter.clone()).collect();
            let names = names.iter().map(|n| n.name.clone()).collect();
            analyst.post_compare(seq, texts, (letters, names), &told);
        });
    }
    let made = got
        .as_ref()
        .filter(|(t, _)| Some(t) == texts.as_ref())
        .map(|(_, m)| m.0.clone());
    CompareView {
        compared: made
            .as_ref()
            .and_then(|m| m.as_ref().as_ref().ok().cloned()),
        problem: made
            .as_ref()
            .and_then(|m| m.as_ref().as_ref().err().cloned()),
        waiting: texts.is_some() && made.is_none(),
    }
}

/// What rebuilds each answer of the worker in slices into `got`, unless a
/// newer request (`asked`) superseded it.
#[hook]
fn use_answers(
    got: &UseStateHandle<Option<(Vec<TabTexts>, Made)>>,
    asked: &LatestCompare,
) -> OnMember {
    let (got, asked) = (got.setter(), asked.clone());
    let told = use_memo((), move |_| -> OnMember {
        Rc::new(move |seq: u32, parts: JsValue| {
            let (got, asked) = (got.clone(), asked.clone());
            spawn_local(async move {
                let current = || asked.borrow().is_current(seq);
                let Some(made) = rebuild(&parts, &current).await else {
                    return;
                };
                let texts = asked.borrow().asked(seq).cloned();
                if let Some(texts) = texts {
                    got.set(Some((texts, Made(Rc::new(made.map(Rc::new))))));
                }
            });
        })
    });
    (*told).clone()
}

/// Rebuild the view the worker sent, a chunk a task. `None` once `current`
/// says the request was superseded.
async fn rebuild(parts: &JsValue, current: impl Fn() -> bool) -> Option<Result<Compared, String>> {
    let mut build = match CompareBuild::read(part_list(parts)) {
        Ok(b) => b,
        Err(why) => return Some(Err(why)),
    };
    loop {
        match build.step() {
            Ok(true) => return Some(Ok(build.finish())),
            Ok(false) => {}
            Err(why) => return Some(Err(why)),
        }
        gloo::timers::future::TimeoutFuture::new(0).await;
        if !current() {
            return None;
        }
    }
}

/// The compare view's written diff (what each compared tab adds to and
/// removes from the active one) or why there is none, and, when a fit or
/// the queue's jobs colour the grid instead (`covered`), how to see the
/// regions again.
pub fn compare_summary(view: &CompareView, covered: bool) -> Html {
    if view.waiting {
        return html! { <p class="hint" role="status" data-testid="compare-waiting">{ "Laying out the compared tabs…" }</p> };
    }
    if let Some(problem) = &view.problem {
        return html! { <p class="hint error" data-testid="compare-problem">{ problem.clone() }</p> };
    }
    let Some(c) = &view.compared else {
        return html! {};
    };
    html! {
        <>
        <div class="compare-summary" data-testid="compare-summary" aria-live="polite">
            { for c.summary.iter().map(|line| html! { <p>{ line.clone() }</p> }) }
            if covered {
                <p class="hint">{ "The fit or the job queue colours the grid now; free its jobs or change the shape to see the regions again." }</p>
            }
        </div>
        if let Some(changes) = &c.changes {
            { status_changes(changes) }
        }
        </>
    }
}

/// The table of what changed between two status snapshots, the rows
/// `rscope resource changes` prints.
fn status_changes(changes: &StatusChanges) -> Html {
    let row = |r: &ChangeRow| {
        html! {
            <tr data-testid="change-row">
                <td class="whole">{ r.change.clone() }</td>
                <td class="num">{ r.nnodes }</td>
                <td class="whole">{ r.ranks.clone() }</td>
                <td class="whole">{ r.nodelist.clone() }</td>
                <td>{ r.reason.clone() }</td>
            </tr>
        }
    };
    html! {
        <section class="status-changes" data-testid="status-changes" aria-labelledby="status-changes-title">
            <h3 id="status-changes-title">{ "What changed between the snapshots" }</h3>
            <p class="hint">{ "Each node is coloured by its first change below; hover it for all of them. rscope resource changes BEFORE AFTER prints this table." }</p>
            if changes.rows.is_empty() {
                <p>{ "No node changed state." }</p>
            } else {
                <div class="table-scroll">
                    <table>
                        <thead><tr>
                            <th scope="col">{ "Change" }</th>
                            <th scope="col">{ "Nodes" }</th>
                            <th scope="col">{ "Ranks" }</th>
                            <th scope="col">{ "Hosts" }</th>
                            <th scope="col">{ "Reason" }</th>
                        </tr></thead>
                        <tbody>{ for changes.rows.iter().map(row) }</tbody>
                    </table>
                </div>
            }
        </section>
    }
}
