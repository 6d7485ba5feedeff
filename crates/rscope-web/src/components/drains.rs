//! The drain table of a `resource.status` payload: drained nodes grouped
//! as `flux resource drain` lists them, sortable by the button in each
//! column's heading, each row's node list a button that outlines those
//! nodes on the grid. Its state is the core's
//! [`rscope_core::grid::node_states::DrainTable`], run as a reducer. Above
//! it, the state filter ([`StateFilter`]): a state as `flux resource
//! status -s` takes it, whose nodes the grid outlines (or shows alone,
//! the others hidden) and whose rows alone the table keeps.

use rscope_core::grid::node_states::{
    DrainAction, DrainSort, DrainTable, DrainView, DRAIN_ROWS_SHOWN,
};
use rscope_core::idset::IdSet;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The core's drain table as a yew reducer: every change is
/// [`DrainTable::apply`].
#[derive(Clone, PartialEq)]
struct Table(DrainTable);

impl std::ops::Deref for Table {
    type Target = DrainTable;

    fn deref(&self) -> &DrainTable {
        &self.0
    }
}

impl Reducible for Table {
    type Action = DrainAction;

    fn reduce(self: Rc<Self>, action: DrainAction) -> Rc<Self> {
        Rc::new(Table(self.0.clone().apply(action)))
    }
}

/// Properties of [`Drains`].
#[derive(Properties, PartialEq)]
pub struct DrainsProps {
    /// The rows, oldest first.
    pub rows: Rc<Vec<DrainView>>,
    /// The ranks whose nodes to outline, or none.
    pub on_outline: Callback<Option<String>>,
    /// The state filter's state and ranks: only rows with a node among
    /// them are drawn.
    #[prop_or_default]
    pub only: Option<(String, IdSet)>,
}

/// The drain table.
#[function_component(Drains)]
pub fn drains(props: &DrainsProps) -> Html {
    let table = {
        let rows = props.rows.clone();
        use_reducer(move || Table(DrainTable::new(&rows)))
    };
    {
        // Another moment's rows (a timeline's step), once per new rows.
        let (table, drawn) = (table.clone(), use_mut_ref(|| props.rows.clone()));
        use_effect_with(props.rows.clone(), move |rows| {
            if !Rc::ptr_eq(&drawn.borrow(), rows) {
                *drawn.borrow_mut() = rows.clone();
                table.dispatch(DrainAction::Rows(rows.clone()));
            }
        });
    }
    {
        let table = table.clone();
        use_effect_with(props.only.clone(), move |only| {
            table.dispatch(DrainAction::Only(only.as_ref().map(|(_, ids)| ids.clone())));
        });
    }
    let act = {
        let table = table.clone();
        let on_outline = props.on_outline.clone();
        move |action: DrainAction| {
            let outlining = matches!(action, DrainAction::Outline(_));
            let next = table.0.clone().apply(action.clone());
            if outlining {
                on_outline.emit(next.outlined.clone());
            }
            table.dispatch(action);
        }
    };
    let heading = |by: DrainSort| {
        let act = act.clone();
        let onclick = Callback::from(move |_| act(DrainAction::Sort(by)));
        html! {
            <th scope="col" aria-sort={table.aria_sort(by)}>
                <button type="button" class="sort" {onclick} data-testid="drain-sort">{ by.heading() }</button>
            </th>
        }
    };
    let row = |r: &DrainView| {
        let outlined = table.outlined.as_deref() == Some(r.ranks.as_str());
        let ranks = r.ranks.clone();
        let act = act.clone();
        let onclick = Callback::from(move |_| act(DrainAction::Outline(ranks.clone())));
        html! {
            <tr data-testid="drain-row" class={classes!(outlined.then_some("outlined"))}>
                <td><span class="whole">{ r.when.clone() }</span><span class="hint">{ format!(" ({})", r.age) }</span></td>
                <td class="whole">{ r.state.clone() }</td>
                <td class="num">{ r.nnodes }</td>
                <td class="whole">{ r.ranks.clone() }</td>
                <td>{ r.reason.clone() }</td>
                <td><button type="button" class="link" aria-pressed={outlined.to_string()} {onclick}
                    title="outline these nodes on the grid" data-testid="drain-outline">{ r.nodelist.clone() }</button></td>
            </tr>
        }
    };
    html! {
        <section class="drains" data-testid="drains" aria-labelledby="drains-title">
            <h3 id="drains-title">{ "Drained nodes" }</h3>
            <p class="hint">{ "As flux resource drain lists them. Sort by a column's heading; choose a node list to outline its nodes on the grid." }</p>
            <div class="table-scroll">
                <table>
                    <thead><tr>
                        { for DrainSort::ALL.into_iter().map(heading) }
                        <th scope="col">{ "Hosts (outline)" }</th>
                    </tr></thead>
                    <tbody>{ for table.visible().into_iter().map(row) }</tbody>
                </table>
            </div>
            if let (Some((state, _)), 0) = (&props.only, table.kept_len()) {
                <p data-testid="drain-none">{ format!("No drained node is in state {state}.") }</p>
            }
            if table.hidden() > 0 {
                <button type="button" data-testid="drain-more" onclick={{
                    let act = act.clone();
                    Callback::from(move |_| act(DrainAction::ShowMore))
                }}>{ format!("Show {} more of {} rows", table.hidden().min(DRAIN_ROWS_SHOWN), table.kept_len()) }</button>
            }
        </section>
    }
}

/// Properties of [`StateFilter`].
#[derive(Properties, PartialEq)]
pub struct StateFilterProps {
    /// Each state some node is in, and its words (`offline: 2 nodes`).
    pub choices: Rc<Vec<(String, String)>>,
    /// The state chosen, or none for every state.
    pub chosen: Option<String>,
    /// What the chosen state outlines, in words.
    pub words: Option<String>,
    /// Choose a state, or every state.
    pub on_state: Callback<Option<String>>,
    /// Whether the grid shows the chosen state's nodes alone.
    pub only: bool,
    /// Show them alone, or every node again.
    pub on_only: Callback<bool>,
}

/// The state filter: a state as `flux resource status -s` takes it.
#[function_component(StateFilter)]
pub fn state_filter(props: &StateFilterProps) -> Html {
    let onchange = props.on_state.reform(|e: Event| {
        let value = e.target_unchecked_into::<HtmlSelectElement>().value();
        (!value.is_empty()).then_some(value)
    });
    let chosen = props.chosen.clone().unwrap_or_default();
    let option = |(value, words): &(String, String)| {
        html! { <option value={value.clone()} selected={*value == chosen}>{ words.clone() }</option> }
    };
    let hint = "Choose a state, as flux resource status -s or list -s names it, to outline its nodes on the grid; a drain table keeps only their rows.";
    html! {
        <section class="state-filter" aria-label="Nodes in a state">
            <label>{ "Nodes in state " }
                <select data-testid="state-filter" {onchange}>
                    <option value="" selected={chosen.is_empty()}>{ "every state" }</option>
                    { for props.choices.iter().map(option) }
                </select>
            </label>
            if !chosen.is_empty() {
                <label><input type="checkbox" data-testid="state-filter-only" checked={props.only}
                    onchange={props.on_only.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked())} />
                    { " Hide the other nodes" }</label>
            }
            <p class="hint" data-testid="state-filter-words" aria-live="polite">
                { props.words.clone().unwrap_or_else(|| hint.to_string()) }</p>
        </section>
    }
}
