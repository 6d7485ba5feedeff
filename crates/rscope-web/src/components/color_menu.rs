//! The grid's "colour by" menu: the options the core offers for the
//! document, and why the colouring is not the one picked, if it is not.

use rscope_core::color::{menu, with_overlay, ColorChoice, OVERLAY_VALUE};
use std::rc::Rc;
use yew::prelude::*;

/// What [`color_menu`] draws.
pub struct ColorMenu {
    /// What the user picked.
    pub choice: ColorChoice,
    /// What colouring by state shows, if the grid has states
    /// ([`rscope_core::grid::Grid::state_words`]).
    pub states: Option<&'static str>,
    /// Whether a configuration with queues is open.
    pub queues: bool,
    /// The main set's properties.
    pub properties: Rc<Vec<String>>,
    /// Where each open tab came from.
    pub sources: Vec<String>,
    /// The active tab.
    pub active: usize,
    /// Pick another colouring.
    pub on_choose: Callback<ColorChoice>,
    /// Why the colouring is not the one picked.
    pub problem: Option<String>,
    /// The name of a colouring another panel lays over the grid.
    pub overlay: Option<&'static str>,
    /// Show (`true`) or put aside (`false`) that overlay.
    pub on_overlay: Callback<bool>,
    /// The running jobs of a job list in the tab's system.
    #[cfg(feature = "page")]
    pub jobs: Option<Rc<rscope_core::grid::jobs::JobsOnGrid>>,
}

/// The `<select>` and, when the pick could not be honoured, why. A view
/// function: it re-renders with the page anyway.
pub fn color_menu(props: ColorMenu) -> Html {
    let onchange = {
        let (on_choose, on_overlay) = (props.on_choose.clone(), props.on_overlay.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            on_overlay.emit(value == OVERLAY_VALUE);
            if value != OVERLAY_VALUE {
                on_choose.emit(ColorChoice::parse(&value));
            }
        })
    };
    let sources: Vec<&str> = props.sources.iter().map(String::as_str).collect();
    let options = menu(
        &props.choice,
        props.states,
        props.queues,
        &props.properties,
        &sources,
        props.active,
    );
    #[cfg(feature = "page")]
    let options = rscope_core::color::with_jobs(options, &props.choice, props.jobs.as_deref());
    let options = with_overlay(options, props.overlay);
    html! {
        <>
            <label class="inline">{ " colour by " }
                <select {onchange} data-testid="color-by">
                    // Keyed by choice too: an option that becomes chosen is
                    // a new element, which a browser selects (it ignores a
                    // `selected` set on an option the user has changed).
                    { for options.into_iter().map(|o| html! {
                        <option key={format!("{}:{}", o.selected, o.value)} selected={o.selected} value={o.value}>{ o.label }</option>
                    }) }
                </select>
            </label>
            if let Some(problem) = props.problem {
                <span class="hint error" data-testid="member-problem">{ problem }</span>
            }
        </>
    }
}
