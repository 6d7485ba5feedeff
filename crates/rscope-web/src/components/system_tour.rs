//! The second tour, *From configuration to running jobs*
//! ([`rscope_core::teach::system_tour`]): each step brings its part of the page
//! into view and sets the page up as the step needs: a tab of the tour's
//! own (the R the instance uses, the tour's configuration in its box), a
//! constraint typed over the grid. Steps are cumulative, so going straight
//! to a later step sets up what the earlier ones did, and stepping back
//! from the jobs step takes its job list out again. The person's own
//! tabs, and their configurations, are never touched, and the tab shown
//! when the tour was taken is shown again when it is left. The last step
//! fetches a year of a real system's resource eventlog from flux-core's
//! repository into a tab of its own, closed when the tour is left. Its
//! card is held at the window's corner, as its steps scroll the page.

use crate::components::tour::{step_panel, use_step_focus, use_walk, walk_callback, StepCard};
use crate::hooks::AnalysisStatus;
use crate::state::DocsState;
use rscope_core::tabs::Action;
use rscope_core::teach::system_tour::{self, Before, Does, SystemStop};
use rscope_core::teach::walk::TourMove;
use std::cell::Cell;
use std::rc::Rc;
use web_sys::HtmlElement;
use yew::prelude::*;

/// What the page gives the tour to set up its steps.
pub struct Setters {
    /// Replace the constraint field's text.
    pub on_constraint: Callback<String>,
    /// The page's status line, which says why the year could not be fetched.
    pub status: UseStateHandle<Option<AnalysisStatus>>,
}

impl Setters {
    /// What sets the steps up: the constraint field and the status line.
    pub fn new(
        on_constraint: Callback<String>,
        status: UseStateHandle<Option<AnalysisStatus>>,
    ) -> Setters {
        Setters {
            on_constraint,
            status,
        }
    }
}

/// The tour's state for the page: the step shown and the way to step.
pub struct SystemTouring {
    /// The step shown, or `None` when the tour is left.
    pub step: Option<usize>,
    /// Step, take or leave the tour.
    pub go: Callback<TourMove>,
    /// What the year step lists, once its eventlog is open
    /// ([`system_tour::year_lines`]).
    pub year: Rc<Vec<String>>,
}

/// The tour over `docs`, setting each step up through `set` once the
/// walk has reached it (quick arrow presses each count: see
/// [`rscope_core::teach::walk`]).
#[hook]
pub fn use_system_tour(docs: &UseReducerHandle<DocsState>, set: Setters) -> SystemTouring {
    let stops = use_memo((), |()| system_tour::stops());
    let walk = use_walk(stops.len());
    // The tab shown when the tour was taken, shown again when it is left:
    // noted once, as it is taken (none when taken from its own tab), not
    // at a later step, when the tab shown is one the tour opened.
    let before = use_mut_ref(|| None::<Option<Before>>);
    // Whether the year step is shown: a fetch that ends after the person
    // has stepped on opens nothing.
    let at_year = use_memo((), |()| Cell::new(false));
    {
        let (docs, stops, at_year) = (docs.clone(), stops.clone(), at_year.clone());
        use_effect_with(walk.0.step(), move |step| {
            let mut before = before.borrow_mut();
            let stop = step.and_then(|i| stops.get(i));
            at_year.set(stop.is_some_and(|s| s.does == Does::Year));
            match stop {
                Some(stop) => {
                    if before.is_none() {
                        *before = Some(Before::of(&docs));
                    }
                    set_up(stop.does, &set, &docs, at_year);
                    bring_into_view(stop);
                }
                None => {
                    let leave = before.take().flatten().map(|b| b.on_leave(&docs));
                    leave.into_iter().flatten().for_each(|a| docs.dispatch(a));
                }
            }
        });
    }
    // Read at the year step only: not at each edit of a year's tab later.
    let at_year_step =
        (walk.0.step().and_then(|i| stops.get(i))).is_some_and(|s| s.does == Does::Year);
    let year_text = (docs.docs.iter())
        .find(|d| d.source == system_tour::YEAR_NAME && at_year_step)
        .map(|d| d.text.clone());
    let year = use_memo(year_text, |text| match text {
        Some(text) => system_tour::year_lines(text),
        None => Vec::new(),
    });
    SystemTouring {
        step: walk.0.step(),
        go: walk_callback(&walk),
        year,
    }
}

/// What the page does for a step: what the steps before it did too.
fn set_up(does: Does, set: &Setters, docs: &UseReducerHandle<DocsState>, at_year: Rc<Cell<bool>>) {
    // Shown again if it is open, as the person left it.
    let actions = match does {
        Does::Jobs | Does::Year => system_tour::show_jobs(docs),
        _ => system_tour::show_tab(docs),
    };
    actions.into_iter().for_each(|a| docs.dispatch(a));
    match does {
        Does::Open => {}
        // The tour's constraint names the tour's hosts, not the year's.
        Does::Year => {
            set.on_constraint.emit(String::new());
            show_year(set, docs, at_year);
        }
        _ => set.on_constraint.emit(system_tour::CONSTRAINT.to_string()),
    }
}

/// Show the year's tab, fetching its eventlog when it is not open; say
/// on the status line why it could not be fetched.
fn show_year(set: &Setters, docs: &UseReducerHandle<DocsState>, at_year: Rc<Cell<bool>>) {
    if let Some(action) = system_tour::show_year(docs) {
        return docs.dispatch(action);
    }
    let (docs, status) = (docs.dispatcher(), set.status.clone());
    wasm_bindgen_futures::spawn_local(async move {
        let url = system_tour::YEAR_URL;
        let fetched = crate::load::fetch(url, system_tour::YEAR_NAME.into()).await;
        match fetched {
            Ok(doc) if at_year.get() => {
                docs.dispatch(Action::Show(system_tour::year_tab(doc.text)))
            }
            Ok(_) => {}
            Err(e) => status.set(Some(AnalysisStatus::Problem(e))),
        }
    });
}

/// Scroll the step's part of the page into view (the tour's panel keeps
/// the focus, so the arrow keys go on stepping).
fn bring_into_view(stop: &SystemStop) {
    if let Some(el) = gloo::utils::document().get_element_by_id(stop.target) {
        if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<HtmlElement>(el) {
            el.scroll_into_view();
        }
    }
}

/// Properties of [`SystemTourPanel`].
#[derive(Properties, PartialEq)]
pub struct SystemTourProps {
    /// The step shown, or `None` when the tour is left.
    pub step: Option<usize>,
    /// Step, take or leave the tour.
    pub go: Callback<TourMove>,
    /// What the year step lists, once its eventlog is open.
    pub year: Rc<Vec<String>>,
}

/// The tour's panel: a button to take it, or the step shown.
#[function_component(SystemTourPanel)]
pub fn system_tour_panel(props: &SystemTourProps) -> Html {
    let stops = use_memo((), |()| system_tour::stops());
    let heading = use_step_focus(props.step);
    let Some((i, stop)) = props.step.and_then(|i| Some((i, stops.get(i)?))) else {
        return html! {
            <section class="panel tour" aria-label="Tour: from configuration to running jobs" data-testid="system-tour">
                <button data-testid="system-tour-start" onclick={props.go.reform(|_| TourMove::Start(0))}>
                    { "Tour: from configuration to running jobs" }</button>
            </section>
        };
    };
    let fetching = [format!(
        "The year's eventlog is read from {}",
        system_tour::YEAR_URL
    )];
    let decoded = match stop.does {
        Does::Year if props.year.is_empty() => &fetching[..],
        Does::Year => &props.year[..],
        _ => &stop.decoded[..],
    };
    step_panel(
        &StepCard {
            i,
            n: stops.len(),
            title: stop.title,
            text: stop.text,
            decoded,
            rfc: &stop.rfc,
            testid: "system-tour",
            label: "Tour: from configuration to running jobs",
            heading: &heading,
            floating: true,
        },
        &props.go,
    )
}
