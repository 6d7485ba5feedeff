//! The running jobs of a job list in the tab's system, as a table under
//! the grid: sorted by any column, filtered by words, and linked to the
//! grid (a job's button outlines its nodes there, which the colouring by
//! job fills in). The rows and their order are the core's
//! ([`rscope_core::analysis::job_table`]); this only draws them.

use super::timeline::sort_heading;
use crate::hooks::use_later;
use rscope_core::analysis::figures::{FigureTable, ROWS_SHOWN};
use rscope_core::analysis::job_table::job_table;
use rscope_core::grid::jobs::JobsOnGrid;
use rscope_core::idset::IdSet;
use rscope_core::words::{count, grouped};
use std::cell::RefCell;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Running jobs compared by pointer: a table is made again only for
/// another reading of the list.
#[derive(Clone)]
pub struct SameJobs(pub Rc<JobsOnGrid>);

impl PartialEq for SameJobs {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Properties of [`JobTable`].
#[derive(Properties, PartialEq)]
pub struct JobTableProps {
    /// The running jobs.
    pub jobs: SameJobs,
    /// Outline these ranks on the grid (`None`: no outline).
    pub on_outline: Callback<Option<String>>,
    /// The nodes selected on the grid: only the jobs on them are listed.
    pub nodes: Option<IdSet>,
}

/// The pressed job, by its id (a new list may put another job at the
/// same place), and whether its outline is on the grid. A list without
/// that job, or the table's going, takes the outline away: a state
/// handle is a snapshot, so the table's going reads the cell.
#[hook]
fn use_picked_job(
    jobs: &SameJobs,
    on_outline: &Callback<Option<String>>,
) -> (UseStateHandle<Option<String>>, Rc<RefCell<bool>>) {
    let picked = use_state(|| None::<String>);
    let outlined = use_mut_ref(|| false);
    {
        let (picked, on_outline) = (picked.clone(), on_outline.clone());
        let outlined = outlined.clone();
        use_effect_with(jobs.clone(), move |jobs| {
            let gone =
                (picked.as_deref()).is_some_and(|id| !jobs.0.rows().iter().any(|r| r.id == id));
            if gone {
                picked.set(None);
                *outlined.borrow_mut() = false;
                on_outline.emit(None);
            }
        });
    }
    {
        let (outlined, on_outline) = (outlined.clone(), on_outline.clone());
        use_effect_with((), move |_| {
            move || {
                if *outlined.borrow() {
                    on_outline.emit(None);
                }
            }
        });
    }
    (picked, outlined)
}

/// The job table: each running job's id (a button that outlines its
/// nodes on the grid), name, user, queue, ranks, what it holds and its
/// times; the first [`ROWS_SHOWN`] rows that match the filter, in the
/// order chosen. Its rows are made in a task after the grid is painted
/// (10 000 running jobs are 80 000 cells' words), and a new list's rows
/// replace the last list's once made.
#[function_component(JobTable)]
pub fn job_table_panel(props: &JobTableProps) -> Html {
    let Some((jobs, table)) = use_later(props.jobs.clone(), |j| job_table(&j.0)) else {
        return html! {
            <section class="panel job-table" aria-label="Running jobs" data-testid="job-table">
                <p class="hint">{ "Listing the running jobs…" }</p>
            </section>
        };
    };
    let (on_outline, nodes) = (props.on_outline.clone(), props.nodes.clone());
    html! { <JobRows {jobs} table={SameTable(table)} {on_outline} {nodes} /> }
}

/// A job table's rows compared by pointer.
#[derive(Clone)]
struct SameTable(Rc<FigureTable>);

impl PartialEq for SameTable {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Properties of [`JobRows`].
#[derive(Properties, PartialEq)]
struct JobRowsProps {
    /// The running jobs.
    jobs: SameJobs,
    /// Their rows ([`job_table`]).
    table: SameTable,
    /// Outline these ranks on the grid (`None`: no outline).
    on_outline: Callback<Option<String>>,
    /// The nodes selected on the grid: only the jobs on them are listed.
    nodes: Option<IdSet>,
}

/// The job table of [`JobTable`], once its rows are made.
#[function_component(JobRows)]
fn job_rows(props: &JobRowsProps) -> Html {
    let table = props.table.0.clone();
    let sort = use_state(|| table.sort);
    let words = use_state(String::new);
    let (picked, outlined) = use_picked_job(&props.jobs, &props.on_outline);
    let order = {
        let table = table.clone();
        use_memo((props.jobs.clone(), *sort), move |(_, sort)| {
            sort.order(&table)
        })
    };
    // Made again only when the words change: 100 000 rows' words are
    // lowered to compare.
    let matching = {
        let table = table.clone();
        use_memo((props.jobs.clone(), (*words).clone()), move |(_, w)| {
            table.matching(w)
        })
    };
    let on_nodes = use_memo((props.jobs.clone(), props.nodes.clone()), |(j, nodes)| {
        nodes.as_ref().map(|n| j.0.on_nodes(n))
    });
    let on_nodes = |i: usize| on_nodes.as_ref().as_ref().is_none_or(|on| on[i]);
    let shown: Vec<usize> = (order.iter().copied())
        .filter(|&i| matching[i] && on_nodes(i))
        .collect();
    let oninput = {
        let words = words.clone();
        Callback::from(move |e: InputEvent| {
            words.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let row = |&i: &usize| {
        let r = &table.rows[i];
        let job = &props.jobs.0.rows()[i];
        let on = picked.as_deref() == Some(job.id.as_str());
        let onclick = {
            let (picked, on_outline) = (picked.clone(), props.on_outline.clone());
            let (id, ranks) = (job.id.clone(), job.ranks.to_string());
            let outlined = outlined.clone();
            Callback::from(move |_: MouseEvent| {
                *outlined.borrow_mut() = !on;
                picked.set((!on).then(|| id.clone()));
                on_outline.emit((!on).then(|| ranks.clone()));
            })
        };
        html! {
            <tr data-testid="job-row" class={classes!(on.then_some("picked"))}>
                <td><button type="button" aria-pressed={on.to_string()} {onclick}
                    title="Outline this job's nodes on the grid">{ r.cells[0].clone() }</button></td>
                { for r.cells.iter().enumerate().skip(1).map(|(c, text)| {
                    let numeric = table.numeric.get(c).copied().unwrap_or(false);
                    html! { <td class={classes!(numeric.then_some("num"))}>{ text.clone() }</td> }
                }) }
            </tr>
        }
    };
    let total = table.rows.len();
    let hidden = shown.len().saturating_sub(ROWS_SHOWN);
    html! {
        <section class="panel job-table" aria-label="Running jobs" data-testid="job-table">
            <h2>{ format!("{} ({})", table.caption, count(total, "job")) }</h2>
            <p class="hint">{ "The grid colours each core and GPU by the job holding it. Press a job to outline its nodes there; sort by a column's heading." }</p>
            <label class="inline">{ "Filter " }
                <input type="search" data-testid="job-filter" value={(*words).clone()} {oninput}
                    placeholder="id, name, user or queue" />
            </label>
            if let Some(nodes) = &props.nodes {
                <p class="hint" data-testid="job-nodes">{ format!("Jobs on the {} selected on the grid.", count(nodes.len(), "node")) }</p>
            }
            if shown.len() < total {
                <p class="hint" data-testid="job-matches">{ format!("{} of {} match.", grouped(shown.len() as u64), count(total, "job")) }</p>
            }
            <div class="table-scroll">
                <table>
                    <caption>{ table.caption.clone() }</caption>
                    <thead><tr>{ for table.headings.iter().enumerate().map(|(c, name)| sort_heading(&table, &sort, c, name)) }</tr></thead>
                    <tbody>{ for shown.iter().take(ROWS_SHOWN).map(row) }</tbody>
                </table>
            </div>
            if hidden > 0 {
                <p class="hint">{ format!("The first {ROWS_SHOWN} rows are shown, {} more are not: filter or sort by another column to see them.", grouped(hidden as u64)) }</p>
            }
        </section>
    }
}
