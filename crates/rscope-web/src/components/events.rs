//! A resource eventlog's event list under its timeline: the newest events
//! first, filtered by node, name, reason words and time range (the
//! worker reads the log and answers a page, [`rscope_core::analysis::events`]).
//! It is linked both ways: a row's time moves the timeline and the grid to
//! its moment, its ranks outline their nodes on the grid, and the rows at
//! the moment the grid shows are marked.

use rscope_core::analysis::events::{EventPage, EventQuery, EVENTS_SHOWN};
use rscope_core::analysis::timeline::strip_parts;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`EventList`].
#[derive(Properties, PartialEq)]
pub struct EventListProps {
    /// The page answered, when one has come.
    pub page: Option<Rc<EventPage>>,
    /// The filters.
    pub query: EventQuery,
    /// Change the filters.
    pub on_query: Callback<EventQuery>,
    /// Show the grid at this moment.
    pub on_time: Callback<f64>,
    /// Outline these ranks (an RFC 22 id set) on the grid.
    pub on_outline: Callback<Option<String>>,
    /// The moment the grid shows.
    pub at: Option<f64>,
    /// The node under the pointer on the grid, whose events are shown
    /// rather than the node filter's.
    #[prop_or_default]
    pub peek: Option<u32>,
}

/// One filter field: its label, test id and what it changes.
fn field(
    props: &EventListProps,
    label: &'static str,
    id: &'static str,
    value: &str,
    set: fn(&mut EventQuery, String),
) -> Html {
    let (query, on_query) = (props.query.clone(), props.on_query.clone());
    let oninput = Callback::from(move |e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let mut q = query.clone();
        set(&mut q, input.value());
        on_query.emit(q);
    });
    html! {
        <label>{ label }
            <input type="text" data-testid={id} value={value.to_string()} {oninput} spellcheck="false" />
        </label>
    }
}

/// The event name filter: any, or one the log holds.
fn name_choice(props: &EventListProps) -> Html {
    let names = props
        .page
        .as_ref()
        .map(|p| p.names.clone())
        .unwrap_or_default();
    let (query, on_query) = (props.query.clone(), props.on_query.clone());
    let onchange = Callback::from(move |e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let mut q = query.clone();
        q.name = select.value();
        on_query.emit(q);
    });
    html! {
        <label>{ "Event" }
            <select data-testid="events-name" {onchange}>
                <option value="" selected={props.query.name.is_empty()}>{ "any" }</option>
                { for names.iter().map(|n| html! { <option value={n.clone()} selected={*n == props.query.name}>{ n.clone() }</option> }) }
            </select>
        </label>
    }
}

/// The event list.
#[function_component(EventList)]
pub fn event_list(props: &EventListProps) -> Html {
    let q = &props.query;
    // A node named (a click on the grid) opens the list, which then stays
    // open while its filters change.
    let opened = use_mut_ref(|| false);
    if !q.node.is_empty() || props.peek.is_some() {
        *opened.borrow_mut() = true;
    }
    let open = *opened.borrow();
    let Some(page) = props.page.as_ref() else {
        return html! { <p class="hint">{ "Reading the events…" }</p> };
    };
    let said = format!(
        "{} of {} match, newest first{}",
        rscope_core::words::grouped(page.matched as u64),
        rscope_core::words::count(page.total, "event"),
        if page.matched > EVENTS_SHOWN {
            format!("; the first {EVENTS_SHOWN} are listed: narrow the filters to see others")
        } else {
            String::new()
        }
    );
    let row = |r: &rscope_core::analysis::events::EventRow| {
        let (on_time, at) = (props.on_time.clone(), r.at);
        let on_outline = props.on_outline.clone();
        let ranks = r.ranks.clone();
        let current = props.at == Some(r.at);
        html! {
            <tr data-testid="event-row" aria-current={current.then_some("true")}>
                <td class="whole"><button type="button" title="Show the grid at this moment" onclick={Callback::from(move |_| on_time.emit(at))}>{ r.time.clone() }</button></td>
                <td>{ r.name.clone() }</td>
                <td class="whole">
                    if r.ranks.is_empty() { { "" } } else {
                        <button type="button" title="Outline these nodes on the grid" onclick={Callback::from(move |_| on_outline.emit(Some(ranks.clone())))}>{ r.ranks.clone() }</button>
                    }
                </td>
                <td>{ r.hosts.clone() }</td>
                <td>{ r.reason.clone() }</td>
            </tr>
        }
    };
    html! {
        <details class="figures events" data-testid="events" {open}>
            <summary>{ format!("Events ({})", rscope_core::words::grouped(page.total as u64)) }</summary>
            <div class="event-filters">
                { field(props, "Node (ranks or hosts)", "events-node", &q.node, |q, v| q.node = v) }
                { name_choice(props) }
                { field(props, "Reason has", "events-reason", &q.reason, |q, v| q.reason = v) }
                { field(props, "From", "events-since", &q.since, |q, v| q.since = v) }
                { field(props, "To", "events-until", &q.until, |q, v| q.until = v) }
            </div>
            if let Some(problem) = &page.problem {
                <p class="problem" role="alert" data-testid="events-problem">{ problem.clone() }</p>
            }
            if let Some(rank) = props.peek {
                <p class="hint" data-testid="events-peek">{ format!("Rank {rank}, under the pointer: its history and events. Move the pointer off the grid to see your filters' events again; click the node to keep it.") }</p>
            }
            { node_strip(page) }
            <p class="hint" aria-live="polite" data-testid="events-count">{ said }</p>
            <div class="table-scroll">
                <table>
                    <caption>{ "Events" }</caption>
                    <thead><tr>
                        <th scope="col">{ "Time (UTC)" }</th><th scope="col">{ "Event" }</th><th scope="col">{ "Ranks" }</th>
                        <th scope="col">{ "Hosts" }</th><th scope="col">{ "Reason" }</th>
                    </tr></thead>
                    <tbody>{ for page.rows.iter().map(row) }</tbody>
                </table>
            </div>
        </details>
    }
}

/// The strip's box, in SVG units.
const STRIP_W: f64 = 600.0;

/// The history strip of the one node the filter names: its stretches of
/// state across the log's range, each titled with what, when and how long,
/// and listed in words for those who cannot see the strip.
fn node_strip(page: &EventPage) -> Html {
    let Some((rank, stretches)) = page.node.as_ref() else {
        return Html::default();
    };
    let parts = strip_parts(stretches, page.range, STRIP_W);
    let caption = format!(
        "Rank {rank}: {} from {} to {}",
        rscope_core::words::count(parts.len(), "stretch"),
        rscope_core::time::utc(page.range.0),
        rscope_core::time::utc(page.range.1)
    );
    html! {
        <figure class="node-strip" data-testid="node-strip">
            <figcaption>{ caption.clone() }</figcaption>
            <svg viewBox={format!("0 0 {STRIP_W} 10")} preserveAspectRatio="none" role="img" aria-label={caption}>
                { for parts.iter().map(|p| html! {
                    <rect x={format!("{:.2}", p.x)} width={format!("{:.2}", p.w)} y="0" height="10" fill={p.color}><title>{ p.title.clone() }</title></rect>
                }) }
            </svg>
            <details>
                <summary>{ "Each stretch in words" }</summary>
                <ol data-testid="node-stretches">{ for parts.iter().map(|p| html! { <li>{ p.title.clone() }</li> }) }</ol>
            </details>
        </figure>
    }
}
