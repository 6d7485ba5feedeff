//! The guided tour over the RFC 20 example ([`rscope_core::teach::tour`]):
//! each step outlines its part of the editor and its cells in the grid.
//! Arrow keys step, Escape leaves; a left tour resumes where it stopped,
//! after a reload too (the step is kept in local storage).

use crate::components::grid::Linked;
use crate::state::DocsState;
use rscope_core::rset::Entry;
use rscope_core::tabs::{Action, Doc};
use rscope_core::teach::tour::{self, Stop};
use rscope_core::teach::walk::{TourMove, TourWalk};
use std::rc::Rc;
use web_sys::HtmlElement;
use yew::prelude::*;

/// The tour's state for the page: what [`TourPanel`] draws, and what it
/// outlines in the editor and the grid.
pub struct Touring {
    /// The step shown, or `None` when the tour is left.
    pub step: Option<usize>,
    /// Where the tour resumes.
    pub last: usize,
    /// Step, take or leave the tour.
    pub go: Callback<TourMove>,
    /// The editor bytes to outline (the tour's document is shown).
    pub span: Option<(usize, usize)>,
    /// The grid cells to outline.
    pub linked: Option<Linked>,
}

/// The tour over `docs`: taking it opens (or selects) its document.
#[hook]
pub fn use_tour(docs: &UseReducerHandle<DocsState>) -> Touring {
    let stops = use_memo((), |()| tour::stops());
    let walk = use_walk(stops.len());
    // Where the tour resumes.
    let last = use_state_eq(saved_step);
    {
        let (last, docs) = (last.clone(), docs.dispatcher());
        use_effect_with(walk.0.step(), move |step| {
            if let Some(i) = *step {
                docs.dispatch(Action::Import(Doc {
                    source: "Tour: the RFC 20 example".into(),
                    text: tour::document().into(),
                    ..Doc::default()
                }));
                last.set(i);
                save_step(i);
            }
        });
    }
    let step = walk.0.step();
    let shown = tour::is_document(&docs.current().text);
    let stop = step.and_then(|i| stops.get(i)).filter(|_| shown);
    Touring {
        step,
        last: *last,
        go: walk_callback(&walk),
        span: stop.map(|s| s.span),
        linked: stop.and_then(|s| {
            let p = s.place.as_ref()?;
            Some(Linked {
                entry: Entry {
                    span: s.span.0..s.span.1,
                    ranks: p.ranks.clone(),
                    children: p.children.clone(),
                },
                reveal: true,
            })
        }),
    }
}

/// What the tour's panel draws: [`Touring`]'s step, resume point and way
/// to step.
#[derive(Properties, PartialEq)]
pub struct TourPanelProps {
    /// The step shown, or `None` when the tour is left.
    pub step: Option<usize>,
    /// Where the tour resumes.
    pub last: usize,
    /// Step, take or leave the tour.
    pub go: Callback<TourMove>,
}

/// The tour's panel: a button to take or resume it, or the step shown,
/// whose heading takes the focus so the arrow keys step at once.
#[function_component(TourPanel)]
pub fn tour_panel(props: &TourPanelProps) -> Html {
    let stops = use_memo((), |()| tour::stops());
    let heading = use_step_focus(props.step);
    panel(&stops, props.step, props.last, &props.go, &heading)
}

/// A tour's [`TourWalk`] as the page's reducer holds it, so that every
/// press is applied to the step the press before it left, drawn or not.
#[derive(PartialEq)]
pub struct TourWalkState(pub TourWalk);

impl Reducible for TourWalkState {
    type Action = TourMove;

    fn reduce(self: Rc<Self>, press: TourMove) -> Rc<Self> {
        let next = self.0.after(press);
        if next == self.0 {
            self
        } else {
            Rc::new(TourWalkState(next))
        }
    }
}

/// The walk through a tour of `len` steps, not taken at first.
#[hook]
pub fn use_walk(len: usize) -> UseReducerHandle<TourWalkState> {
    use_reducer(move || TourWalkState(TourWalk::new(len)))
}

/// The callback that applies a press to `walk`.
pub fn walk_callback(walk: &UseReducerHandle<TourWalkState>) -> Callback<TourMove> {
    let walk = walk.dispatcher();
    Callback::from(move |press| walk.dispatch(press))
}

/// The heading of a tour's step, focused whenever the step changes, so
/// the arrow keys step at once.
#[hook]
pub fn use_step_focus(step: Option<usize>) -> NodeRef {
    let heading = use_node_ref();
    {
        let heading = heading.clone();
        use_effect_with(step, move |s| {
            if s.is_some() {
                if let Some(h) = heading.cast::<HtmlElement>() {
                    let _ = h.focus();
                }
            }
        });
    }
    heading
}

/// Where the tour was left, kept across reloads (the step number only).
const KEY: &str = "rscope-tour-step";

fn storage() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

fn saved_step() -> usize {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Keep `step`; a browser that refuses storage only loses the resume.
fn save_step(step: usize) {
    if let Some(s) = storage() {
        let _ = s.set_item(KEY, &step.to_string());
    }
}

fn panel(
    stops: &Rc<Vec<Stop>>,
    step: Option<usize>,
    last: usize,
    go: &Callback<TourMove>,
    heading: &NodeRef,
) -> Html {
    let n = stops.len();
    let Some((i, stop)) = step.and_then(|i| Some((i, stops.get(i)?))) else {
        let label = if last > 0 {
            format!("Resume the tour (step {} of {n})", last + 1)
        } else {
            "Take the tour of R".to_string()
        };
        return html! {
            <section class="panel tour" aria-label="Guided tour" data-testid="tour">
                <button data-testid="tour-start" onclick={go.reform(move |_| TourMove::Start(last))}>{ label }</button>
            </section>
        };
    };
    step_panel(
        &StepCard {
            i,
            n,
            title: stop.title,
            text: stop.text,
            decoded: &stop.decoded,
            rfc: &stop.rfc,
            testid: "tour",
            label: "Guided tour",
            heading,
            floating: false,
        },
        go,
    )
}

/// One step of a tour as [`step_panel`] draws it.
pub struct StepCard<'a> {
    /// Its index, and how many steps the tour has.
    pub i: usize,
    /// How many steps the tour has.
    pub n: usize,
    /// Its heading.
    pub title: &'a str,
    /// What it teaches.
    pub text: &'a str,
    /// What the page shows there, decoded.
    pub decoded: &'a [String],
    /// Where to read next.
    pub rfc: &'a rscope_core::explain::Rfc,
    /// The panel's test id (its parts add `-step`, `-next`, `-leave`).
    pub testid: &'static str,
    /// The panel's accessible name.
    pub label: &'static str,
    /// The heading, focused on each step so the arrow keys step at once.
    pub heading: &'a NodeRef,
    /// Held at the window's corner: the tour's steps scroll the page to
    /// parts far from where its card sits.
    pub floating: bool,
}

/// A tour's step: heading, text, what it decodes, its RFC, and the
/// buttons; Right and Left arrows step, Escape leaves.
pub fn step_panel(s: &StepCard<'_>, go: &Callback<TourMove>) -> Html {
    let (i, n, t) = (s.i, s.n, s.testid);
    let onkeydown = {
        let go = go.clone();
        Callback::from(move |e: KeyboardEvent| {
            // `i` is the step drawn; the walk steps from the step it holds.
            let press = match e.key().as_str() {
                "ArrowRight" if i + 1 < n => TourMove::Next,
                "ArrowLeft" if i > 0 => TourMove::Back,
                "Escape" => TourMove::Leave,
                _ => return,
            };
            e.prevent_default();
            go.emit(press);
        })
    };
    let class = classes!("panel", "tour", s.floating.then_some("floating"));
    html! {
        <section {class} aria-label={s.label} data-testid={t} {onkeydown}>
            <h2 tabindex="-1" ref={s.heading.clone()} data-testid={format!("{t}-step")}>
                { format!("Step {} of {n}: {}", i + 1, s.title) }</h2>
            <p>{ s.text }</p>
            if !s.decoded.is_empty() {
                <ul class="decoded" data-testid={format!("{t}-decoded")}>{ for s.decoded.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
            }
            <p><a href={s.rfc.url.clone()} target="_blank" rel="noopener">
                { format!("RFC {}, section {}", s.rfc.number, s.rfc.anchor) }</a></p>
            <p class="hint">{ "Right and Left arrows step through the tour; Escape leaves it." }</p>
            <div class="tour-buttons">
                <button disabled={i == 0} onclick={go.reform(|_| TourMove::Back)}>{ "Back" }</button>
                <button disabled={i + 1 >= n} onclick={go.reform(|_| TourMove::Next)} data-testid={format!("{t}-next")}>{ "Next" }</button>
                <button onclick={go.reform(|_| TourMove::Leave)} data-testid={format!("{t}-leave")}>{ "Leave the tour" }</button>
            </div>
        </section>
    }
}
