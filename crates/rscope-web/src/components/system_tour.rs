//! The second tour, *From configuration to running jobs*
//! ([`rscope_core::teach::system_tour`]): each step brings its part of the page
//! into view and sets the page up as the step needs: the tour's
//! configuration in the box, the R the instance uses opened as a tab, a
//! constraint typed over the grid. Steps are cumulative, so going straight
//! to a later step sets up what the earlier ones did. A configuration the
//! person had in the box is put back when they leave the tour.

use crate::components::tour::{step_panel, use_step_focus, StepCard};
use crate::state::DocsState;
use rscope_core::tabs::{Action, Doc};
use rscope_core::teach::system_tour::{self, Does, SystemStop};
use std::rc::Rc;
use web_sys::HtmlElement;
use yew::prelude::*;

/// What the page gives the tour to set up its steps.
pub struct Setters {
    /// The configuration box's text, as it is now.
    pub config: Rc<String>,
    /// Replace the configuration box's text.
    pub on_config: Callback<String>,
    /// Replace the constraint field's text.
    pub on_constraint: Callback<String>,
}

/// The tour's state for the page: the step shown and the way to step.
pub struct SystemTouring {
    /// The step shown, or `None` when the tour is left.
    pub step: Option<usize>,
    /// Go to a step (`None`: leave the tour).
    pub go: Callback<Option<usize>>,
}

/// The tour over `docs`, setting each step up through `set`.
#[hook]
pub fn use_system_tour(docs: &UseReducerHandle<DocsState>, set: Setters) -> SystemTouring {
    let stops = use_memo((), |()| system_tour::stops());
    let step = use_state_eq(|| None::<usize>);
    // The person's own configuration, put back when they leave.
    let kept = use_mut_ref(|| None::<String>);
    let go = {
        let (step, docs, stops) = (step.clone(), docs.dispatcher(), stops.clone());
        Callback::from(move |to: Option<usize>| {
            match to.and_then(|i| Some((i, stops.get(i.min(stops.len() - 1))?))) {
                Some((i, stop)) => {
                    let mine = set.config.as_str();
                    if kept.borrow().is_none() && !mine.is_empty() && mine != system_tour::CONFIG {
                        *kept.borrow_mut() = Some(mine.to_string());
                    }
                    set_up(stop.does, &set, &docs);
                    step.set(Some(i.min(stops.len() - 1)));
                }
                None => {
                    if let Some(mine) = kept.borrow_mut().take() {
                        set.on_config.emit(mine);
                    }
                    step.set(None);
                }
            }
        })
    };
    {
        let stops = stops.clone();
        use_effect_with(*step, move |s| {
            if let Some(stop) = s.and_then(|i| stops.get(i)) {
                bring_into_view(stop);
            }
        });
    }
    SystemTouring { step: *step, go }
}

/// What the page does for a step: what the steps before it did too.
fn set_up(does: Does, set: &Setters, docs: &yew::functional::UseReducerDispatcher<DocsState>) {
    set.on_config.emit(system_tour::CONFIG.to_string());
    if matches!(does, Does::OpenR | Does::Constrain) {
        if let Some(r) = system_tour::instance_r() {
            docs.dispatch(Action::Import(Doc {
                source: "Tour: the R the instance uses".into(),
                text: r.into(),
                provenance: None,
            }));
        }
    }
    if does == Does::Constrain {
        set.on_constraint.emit(system_tour::CONSTRAINT.to_string());
    }
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
    /// Go to a step (`None`: leave the tour).
    pub go: Callback<Option<usize>>,
}

/// The tour's panel: a button to take it, or the step shown.
#[function_component(SystemTourPanel)]
pub fn system_tour_panel(props: &SystemTourProps) -> Html {
    let stops = use_memo((), |()| system_tour::stops());
    let heading = use_step_focus(props.step);
    let Some((i, stop)) = props.step.and_then(|i| Some((i, stops.get(i)?))) else {
        return html! {
            <section class="panel tour" aria-label="Tour: from configuration to running jobs" data-testid="system-tour">
                <button data-testid="system-tour-start" onclick={props.go.reform(|_| Some(0))}>
                    { "Tour: from configuration to running jobs" }</button>
            </section>
        };
    };
    step_panel(
        &StepCard {
            i,
            n: stops.len(),
            title: stop.title,
            text: stop.text,
            decoded: &stop.decoded,
            rfc: &stop.rfc,
            testid: "system-tour",
            label: "Tour: from configuration to running jobs",
            heading: &heading,
        },
        &props.go,
    )
}
