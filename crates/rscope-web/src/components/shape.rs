//! The shape panel: type an RFC 46 shape and see its RFC 14 resources as
//! `rscope shape` prints them; paste a jobspec and see its shortest shape;
//! fit the shape into the active tab's R. Every answer is a core call
//! ([`rscope_core::shape::print`], [`rscope_core::fit::answer`]); an error is cut at
//! its span by the core and drawn here as text.

use crate::components::grid::Linked;
use crate::components::queue::QueuePart;
use crate::hooks::use_workers;
use crate::shape_worker::{FitHow, FitResult};
use rscope_core::fit::Policy;
use rscope_core::grid::overlay::JobCells;
use rscope_core::grid::overlay::Overlay;
use rscope_core::grid::ColorBy;
use rscope_core::idset::IdSet;
use rscope_core::inflight::Latest;
use rscope_core::rset::Entry;
use rscope_core::shape::print::{shape_of_document, ShapeShown, DEFAULT_SHAPE, EXAMPLES};
use rscope_core::shape::print::{ExpandAsk, Expanded};
use rscope_core::shape::Options;
use rscope_core::system::displace::Displaced;
use rscope_core::tabs::{Doc, Text};
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

const RFC46: &str =
    "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_46.html";
const RFC14: &str =
    "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_14.html";

/// The allocation of a fit as data: groups of ranks with the ids of each
/// child type they get (an `R_lite` list), for a grid overlay.
pub type Allocation = Vec<(IdSet, Vec<(String, IdSet)>)>;

/// Properties of [`ShapePanel`].
#[derive(Properties, PartialEq)]
pub struct ShapeProps {
    /// The active tab's text, to fit into, and its letter.
    pub r_text: Text,
    /// The active tab's letter (`A`, `B`...).
    pub tab: String,
    /// Open a new tab: its source and text.
    pub on_open: Callback<(String, String)>,
    /// Told the cells the last fit would take (None: no fit shown).
    pub on_allocation: Callback<Option<Allocation>>,
    /// Told the cells of the queue's running jobs after each operation.
    #[prop_or_default]
    pub on_queue: Callback<Vec<JobCells>>,
    /// What the tab's system holds beside its document
    /// ([`rscope_core::tabs::Doc::beside`]): fit and the queue read them
    /// with it.
    #[prop_or_default]
    pub beside: Rc<Vec<(String, Text)>>,
    /// The tab's system has running jobs: a fit that does not fit now
    /// names the jobs that would make way.
    #[prop_or_default]
    pub displace: bool,
    /// The shape to start with (a share link's), else [`DEFAULT_SHAPE`].
    #[prop_or_default]
    pub shape_from: Option<String>,
    /// Told the shape whenever it changes.
    #[prop_or_default]
    pub on_shape: Callback<String>,
}

/// The expansion options the user set.
#[derive(Clone, PartialEq)]
struct Choice {
    yaml: bool,
    rangedict: bool,
    wrap: bool,
    label: String,
}

/// The whole panel.
#[function_component(ShapePanel)]
pub fn shape_panel(props: &ShapeProps) -> Html {
    let text = use_state(|| (props.shape_from.clone()).unwrap_or_else(|| DEFAULT_SHAPE.into()));
    {
        let on_shape = props.on_shape.clone();
        use_effect_with((*text).clone(), move |t| on_shape.emit(t.clone()));
    }
    let choice = use_state(|| Choice {
        yaml: false,
        rangedict: false,
        wrap: false,
        label: "task".into(),
    });
    let menu = use_node_ref();
    let beside = props.beside.clone();
    use_menu_follows(&menu, &text);
    // The shape whose whole expansion the user asked to see.
    let whole = use_state_eq(|| None::<String>);
    let shown = use_shown(&text, &choice, whole.as_deref() == Some(text.as_str()));
    let bad = matches!(
        shown.as_deref(),
        Some(Expanded {
            shown: ShapeShown::Error { .. },
            ..
        })
    );
    html! {
        <section class="panel shape-panel" aria-labelledby="shape-heading" data-testid="shape-panel">
            <h2 id="shape-heading">{ "Shape" }</h2>
            <p class="shape-about">
                { "A shape is the short way to ask Flux for resources: " }
                <code>{ "node=2/slot=4/core=2" }</code>
                { " asks for two nodes with four two-core tasks on each. Type one to see the resource list a jobspec holds (" }
                <a href={RFC46}>{ "RFC 46" }</a>{ " shapes, " }<a href={RFC14}>{ "RFC 14" }</a>{ " jobspecs)." }
            </p>
            { examples_menu(&text, menu) }
            <ShapeInput text={text.clone()} {bad} />
            { options_bar(&choice) }
            { expansion(shown.as_deref(), &text, &whole) }
            <FitPart shape={(*text).clone()} r_text={props.r_text.clone()} beside={beside.clone()} tab={props.tab.clone()}
                displace={props.displace} on_open={props.on_open.clone()} on_allocation={props.on_allocation.clone()} />
            <QueuePart shape={(*text).clone()} r_text={props.r_text.clone()} tab={props.tab.clone()} beside={beside}
                on_open={props.on_open.clone()} on_cells={props.on_queue.clone()} />
            <ReversePart />
        </section>
    }
}

/// Keep the example menu naming the example the input holds, or none once
/// the input holds another shape (a select keeps showing the last option
/// picked otherwise).
#[hook]
fn use_menu_follows(menu: &NodeRef, text: &str) {
    let menu = menu.clone();
    use_effect_with(text.to_string(), move |text| {
        let held = EXAMPLES.iter().any(|ex| ex.shape == text.as_str());
        if let Some(select) = menu.cast::<HtmlSelectElement>() {
            select.set_value(if held { text } else { "" });
        }
    });
}

/// The menu of example shapes; choosing one puts it in the input.
fn examples_menu(text: &UseStateHandle<String>, menu: NodeRef) -> Html {
    let onchange = {
        let text = text.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if !select.value().is_empty() {
                text.set(select.value());
            }
        })
    };
    html! {
        <p class="shape-row">
            <label for="shape-examples">{ "Start from an example" }</label>
            <select id="shape-examples" data-testid="shape-examples" ref={menu} {onchange}>
                <option value="">{ "Choose a shape…" }</option>
                { for EXAMPLES.iter().map(|ex| html! {
                    <option value={ex.shape}>{ format!("{} — {}", ex.shape, ex.about) }</option>
                }) }
            </select>
        </p>
    }
}

/// Shapes longer than this (in bytes) expand in the shape worker: a
/// 10 000-vertex shape (50 kB) takes over 50 ms to expand and draw, which
/// would freeze the page while typing; a short one answers at once here.
const INLINE: usize = 4096;

/// The expansion of the shape as the page shows it, its text cut to
/// [`HEAD`] bytes unless `whole`: made here for a short shape, by the
/// shape worker for a long one (None until it answers; an answer for
/// other text or options is never shown, while one cut shorter than asked
/// is, until the whole text arrives).
#[hook]
fn use_shown(text: &str, choice: &Choice, whole: bool) -> Option<Rc<Expanded>> {
    let ask = ExpandAsk {
        text: text.to_string(),
        yaml: choice.yaml,
        rangedict: choice.rangedict,
        wrap: choice.wrap,
        label: choice.label.clone(),
        head: (!whole).then_some(HEAD),
    };
    let far = use_state_eq(|| None::<(ExpandAsk, Rc<Expanded>)>);
    let long = text.len() > INLINE;
    let shapes = use_workers().shapes;
    {
        let far = far.clone();
        use_effect_with(ask.clone(), move |ask| {
            if long {
                let asked = ask.clone();
                let done = Callback::from(move |e| far.set(Some((asked.clone(), Rc::new(e)))));
                shapes.expand(ask.clone(), done);
            }
        });
    }
    if !long {
        return Some(Rc::new(ask.show()));
    }
    far.as_ref()
        .filter(|(asked, _)| asked.same_shape(&ask))
        .map(|(_, shown)| shown.clone())
}

/// Properties of [`ShapeInput`].
#[derive(Properties, PartialEq)]
struct InputProps {
    /// The shape text, set as the input is typed into.
    text: UseStateHandle<String>,
    /// Whether the shape has an error.
    bad: bool,
}

/// The shape input, marked invalid while the shape has an error. A
/// component of its own, so that the worker's answer does not redraw it:
/// each redraw reads the input's value back to compare it (50 kB for a
/// 10 000-vertex shape, copied into wasm a character at a time).
#[function_component(ShapeInput)]
fn shape_input(props: &InputProps) -> Html {
    let oninput = {
        let text = props.text.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            text.set(input.value());
        })
    };
    let bad = props.bad;
    html! {
        <p class="shape-row">
            <label for="shape-input">{ "Shape" }</label>
            <input id="shape-input" data-testid="shape-input" type="text" spellcheck="false"
                autocomplete="off" value={(*props.text).clone()} {oninput}
                aria-invalid={bad.then_some("true")}
                aria-describedby={bad.then_some("shape-error")} />
        </p>
    }
}

/// The output format toggle and the expansion options.
fn options_bar(choice: &UseStateHandle<Choice>) -> Html {
    let toggle = |set: fn(&mut Choice, bool)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let mut c = (*choice).clone();
            set(&mut c, input.checked());
            choice.set(c);
        })
    };
    let on_label = {
        let choice = choice.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            choice.set(Choice {
                label: input.value(),
                ..(*choice).clone()
            });
        })
    };
    let box_for = |id: &str, label: &str, checked: bool, set: fn(&mut Choice, bool)| {
        html! {
            <label class="shape-option"><input type="checkbox" id={id.to_string()} data-testid={id.to_string()}
                {checked} onchange={toggle(set)} />{ label }</label>
        }
    };
    html! {
        <fieldset class="shape-options">
            <legend>{ "Output" }</legend>
            { box_for("shape-yaml", "YAML instead of JSON", choice.yaml, |c, v| c.yaml = v) }
            { box_for("shape-rangedict", "ranges as dictionaries", choice.rangedict, |c, v| c.rangedict = v) }
            { box_for("shape-wrap", "wrap in \"resources\"", choice.wrap, |c, v| c.wrap = v) }
            <label class="shape-option">{ "label of a lone slot " }
                <input type="text" size="8" data-testid="shape-label" value={choice.label.clone()} oninput={on_label} />
            </label>
        </fieldset>
    }
}

/// How much of an expansion is drawn until the user asks for all of it.
const HEAD: usize = 20_000;

/// The resources (the first [`HEAD`] bytes of a long expansion, with a
/// button for the rest), or the error underlined at its span with its
/// message.
fn expansion(shown: Option<&Expanded>, text: &str, whole: &UseStateHandle<Option<String>>) -> Html {
    let Some(Expanded { shown, left }) = shown else {
        return html! {
            <p class="hint" data-testid="shape-expanding" role="status">{ "Expanding the shape…" }</p>
        };
    };
    match shown {
        ShapeShown::Expansion {
            text: printed,
            findings,
        } => html! {
            <>
                { expansion_text(printed, *left, text, whole) }
                if !findings.is_empty() {
                    <ul class="shape-findings" data-testid="shape-findings">
                        { for findings.iter().map(|f| html! { <li>{ format!("RFC 14: {f}") }</li> }) }
                    </ul>
                }
            </>
        },
        ShapeShown::Error {
            before,
            marked,
            after,
            located,
        } => html! {
            <div class="shape-error" id="shape-error" data-testid="shape-error" role="status">
                <code class="shape-echo">{ before.clone() }<mark class="shape-squiggle" data-testid="shape-squiggle">{ marked.clone() }</mark>{ after.clone() }</code>
                <p class="error" data-testid="shape-message">{ format!("{located}. Mend the underlined part.") }</p>
            </div>
        },
    }
}

/// The expansion's text, or its start (`left` characters are not drawn)
/// and a button to show the rest.
fn expansion_text(
    printed: &str,
    left: usize,
    text: &str,
    whole: &UseStateHandle<Option<String>>,
) -> Html {
    let show_all = {
        let (whole, text) = (whole.clone(), text.to_string());
        Callback::from(move |_: MouseEvent| whole.set(Some(text.clone())))
    };
    html! {
        <>
            <pre class="shape-output" data-testid="shape-output" tabindex="0"
                aria-label="RFC 14 resources">{ printed }</pre>
            if left > 0 {
                <p class="hint" data-testid="shape-more">
                    { format!("{left} more characters are not drawn, to keep typing quick. ") }
                    <button type="button" data-testid="shape-show-all" onclick={show_all}>{ "Show all" }</button>
                </p>
            }
        </>
    }
}

/// Properties of [`FitPart`].
#[derive(Properties, PartialEq)]
struct FitProps {
    shape: String,
    r_text: Text,
    beside: Rc<Vec<(String, Text)>>,
    tab: String,
    displace: bool,
    on_open: Callback<(String, String)>,
    on_allocation: Callback<Option<Allocation>>,
}

/// Fit the shape into the active tab, under a policy, and open the result.
#[function_component(FitPart)]
fn fit_part(props: &FitProps) -> Html {
    let policy = use_state_eq(|| Policy::Worst);
    let requires = use_state_eq(String::new);
    let result = use_state_eq(|| None::<FitResult>);
    let busy = use_state_eq(|| false);
    let shapes = use_workers().shapes;
    // Each change of the question is a new request: an answer that
    // arrives after the shape, R or policy changed (a document still
    // loading when Fit was pressed) is not this tab's answer, and is dropped.
    let asked = use_mut_ref(Latest::<()>::default);
    {
        // An answer belongs to the shape, R and policy it was asked for.
        let (result, on_allocation) = (result.clone(), props.on_allocation.clone());
        let deps = (
            props.shape.clone(),
            props.r_text.clone(),
            props.beside.clone(),
            *policy,
            (*requires).clone(),
        );
        let asked = asked.clone();
        use_effect_with(deps, move |_| {
            asked.borrow_mut().ask(());
            result.set(None);
            on_allocation.emit(None);
        });
    }
    let on_policy = {
        let policy = policy.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            policy.set(select.value().parse().unwrap_or_default());
        })
    };
    let on_requires = {
        let requires = requires.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            requires.set(input.value());
        })
    };
    let on_fit = {
        let (shape, r) = (props.shape.clone(), props.r_text.clone());
        let (result, busy) = (result.clone(), busy.clone());
        let how = FitHow {
            policy: *policy,
            requires: Some(requires.trim().to_string()).filter(|c| !c.is_empty()),
            beside: props.beside.clone(),
            displace: props.displace,
        };
        let (on_allocation, asked) = (props.on_allocation.clone(), asked.clone());
        Callback::from(move |_: MouseEvent| {
            busy.set(true);
            let (result, busy, on_allocation) =
                (result.clone(), busy.clone(), on_allocation.clone());
            let (asked, question) = (asked.clone(), asked.borrow().latest());
            let done = Callback::from(move |r: FitResult| {
                busy.set(false);
                if asked.borrow().latest() != question {
                    return;
                }
                on_allocation.emit(allocation(&r));
                result.set(Some(r));
            });
            shapes.fit(shape.clone(), r.clone(), how.clone(), done);
        })
    };
    html! {
        <div class="shape-fit" data-testid="shape-fit">
            <h3>{ format!("Fit into tab {}", props.tab) }</h3>
            <p class="shape-row">
                <label for="shape-policy">{ "Policy" }</label>
                <select id="shape-policy" data-testid="shape-policy" onchange={on_policy}>
                    <option value="worst" selected={*policy == Policy::Worst}>{ "worst: most free cores first (as flux-core)" }</option>
                    <option value="first" selected={*policy == Policy::First}>{ "first: lowest rank first" }</option>
                    <option value="best" selected={*policy == Policy::Best}>{ "best: fewest free cores that do" }</option>
                </select>
                <button type="button" data-testid="shape-fit-button" onclick={on_fit} disabled={*busy}>{ "Fit" }</button>
            </p>
            <p class="shape-row">
                <label for="shape-requires">{ "Only nodes matching" }</label>
                <input id="shape-requires" type="text" spellcheck="false" autocomplete="off" data-testid="shape-requires"
                    placeholder="gpu -host:node3" value={(*requires).clone()} oninput={on_requires}
                    aria-describedby="shape-requires-hint" />
                <span class="hint" id="shape-requires-hint">{ "an RFC 31 constraint, as flux submit --requires takes it, or its JSON; empty: any node" }</span>
            </p>
            { fit_answer(&result, props) }
        </div>
    }
}

/// The page's side of a fit: where its allocation goes (the grid) and how
/// "Open as R" opens a tab.
pub struct FitLinks {
    /// Told the allocation of each fit.
    pub on_allocation: Callback<Option<Allocation>>,
    /// Opens a tab (source, text) through the page's opener.
    pub on_open: Callback<(String, String)>,
    /// The last fit's allocation as the grid's linked entry.
    pub linked: Option<Linked>,
    /// Told the queue's running jobs after each operation.
    pub on_queue: Callback<Vec<JobCells>>,
    /// The queue's running jobs, each with its cells, for a grid overlay
    /// that colours each job (colour `index % queue::COLOURS`).
    pub queue_cells: std::rc::Rc<Vec<JobCells>>,
    /// How the grid is coloured while a fit is shown (the cells it would
    /// take, however many groups) or, without one, while jobs run (each
    /// in its colour); `None` leaves the colour menu's choice, as does
    /// an overlay the user put aside by picking in that menu.
    pub overlay: Option<std::rc::Rc<ColorBy>>,
    /// The overlay's name in the grid's colour menu.
    pub overlay_label: Option<&'static str>,
    /// Show (`true`) or put aside (`false`) the overlay, from the colour
    /// menu; a new fit or queue change shows its overlay again.
    pub on_overlay: Callback<bool>,
}

/// Keep the last fit's allocation for the grid and open tabs with `open`.
#[hook]
pub fn use_fit(open: &Callback<Result<Doc, String>>) -> FitLinks {
    let cells = use_state_eq(|| None::<Allocation>);
    let queue_cells = use_state_eq(|| std::rc::Rc::new(Vec::<JobCells>::new()));
    let on_queue = {
        let queue_cells = queue_cells.clone();
        Callback::from(move |c| queue_cells.set(std::rc::Rc::new(c)))
    };
    let on_allocation = {
        let cells = cells.clone();
        Callback::from(move |a| cells.set(a))
    };
    let on_open = open.reform(|(source, text): (String, String)| {
        Ok(Doc {
            source,
            text: text.into(),
            ..Doc::default()
        })
    });
    let overlay = use_memo(((*cells).clone(), (*queue_cells).clone()), |(fit, jobs)| {
        overlay(fit.as_ref(), jobs)
    });
    // The overlay the menu put aside, by identity: the next fit or queue
    // change makes a new one, which shows.
    let aside = use_state(|| None::<std::rc::Rc<ColorBy>>);
    let shown = (*overlay)
        .clone()
        .filter(|o| !aside.as_ref().is_some_and(|a| std::rc::Rc::ptr_eq(a, o)));
    let on_overlay = {
        let (aside, overlay) = (aside.clone(), (*overlay).clone());
        Callback::from(move |show: bool| aside.set(if show { None } else { overlay.clone() }))
    };
    let overlay_label = shown.as_ref().map(|_| match *cells {
        Some(_) => "where the shape fits (Shape panel)",
        None => "the queue's jobs (Shape panel)",
    });
    FitLinks {
        on_allocation,
        on_open,
        linked: cells.as_ref().and_then(as_linked),
        on_queue,
        queue_cells: (*queue_cells).clone(),
        overlay: shown,
        overlay_label,
        on_overlay,
    }
}

/// The grid's overlay for a fit's allocation or, without one, for the
/// running jobs; none when neither has cells.
fn overlay(fit: Option<&Allocation>, jobs: &[JobCells]) -> Option<std::rc::Rc<ColorBy>> {
    let o = match fit {
        Some(cells) => Overlay::of_fit(cells),
        None if !jobs.is_empty() => Overlay::of_jobs(jobs),
        None => return None,
    };
    Some(std::rc::Rc::new(ColorBy::Overlay(o)))
}

/// The allocation as the grid's linked entry, when it is one group of
/// ranks with the same ids on each (the grid outlines one entry at a time;
/// the overlay colours every group's cells).
pub fn as_linked(a: &Allocation) -> Option<Linked> {
    let [(ranks, children)] = a.as_slice() else {
        return None;
    };
    Some(Linked {
        entry: Entry {
            span: 0..0,
            ranks: ranks.clone(),
            children: children.clone(),
        },
        reveal: false,
    })
}

/// The allocation of a fit that fits now, as `R_lite` groups.
fn allocation(result: &FitResult) -> Option<Allocation> {
    let r = result.as_ref().ok()?.r.as_ref()?;
    Some(rscope_core::rset::load(r).ok()?.r_lite())
}

/// The answer in words, its short form and "Open as R".
fn fit_answer(result: &Option<FitResult>, props: &FitProps) -> Html {
    match result {
        None if props.displace => html! {
            <p class="hint" data-testid="fit-hint">{ "Press Fit to see where the shape would land in this tab's R, and which running jobs would have to make way when it does not fit now." }</p>
        },
        None => html! {
            <p class="hint" data-testid="fit-hint">{ "Press Fit to see where the shape would land in this tab's R." }</p>
        },
        Some(Err(e)) => html! { <p class="error" data-testid="fit-reason">{ e.clone() }</p> },
        Some(Ok(f)) => {
            let open = f.r.clone().map(|r| {
                let (on_open, source) = (props.on_open.clone(), format!("fit of {}", props.shape));
                Callback::from(move |_: MouseEvent| on_open.emit((source.clone(), r.clone())))
            });
            html! {
                <div data-testid="fit-answer" data-status={f.status.clone()}>
                    <p data-testid="fit-reason">{ f.reason.clone() }</p>
                    if let Some(short) = &f.short {
                        <p><code data-testid="fit-short">{ short.clone() }</code></p>
                    }
                    { displaced_list(&f.displaced) }
                    if let Some(onclick) = open {
                        <button type="button" data-testid="fit-open" {onclick}>{ "Open as R" }</button>
                    }
                </div>
            }
        }
    }
}

/// The running jobs a fit would displace, each with what it holds: all of
/// it is freed when it goes.
fn displaced_list(displaced: &[Displaced]) -> Html {
    if displaced.is_empty() {
        return Html::default();
    }
    html! {
        <ul class="fit-displaced" data-testid="fit-displaced" aria-label="Running jobs that would make way">
            { for displaced.iter().map(|d| html! {
                <li>{ format!("{}, which holds ", d.id) }<code>{ d.holds.clone() }</code></li>
            }) }
        </ul>
    }
}

/// Paste a jobspec or resources list and see the shortest shape.
#[function_component(ReversePart)]
fn reverse_part() -> Html {
    let text = use_state(String::new);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let answer = if text.trim().is_empty() {
        html! { <p class="hint">{ "Paste a jobspec or a resources list (JSON or YAML) to see the shortest shape that writes it." }</p> }
    } else {
        match shape_of_document(&text, &Options::default()).and_then(|r| r.shape) {
            Ok(shape) => {
                html! { <p>{ "Shape: " }<code data-testid="reverse-output">{ shape }</code></p> }
            }
            Err(e) => html! { <p class="error" data-testid="reverse-error">{ e }</p> },
        }
    };
    html! {
        <div class="shape-reverse">
            <h3>{ "From a jobspec back to a shape" }</h3>
            <label for="shape-reverse">{ "Jobspec or resources (JSON or YAML)" }</label>
            <textarea id="shape-reverse" data-testid="reverse-input" rows="5" spellcheck="false"
                value={(*text).clone()} {oninput} />
            { answer }
        </div>
    }
}
