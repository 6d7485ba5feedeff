//! The summary of the active document: counts per child type, ranks,
//! nodelist, slots, times, properties and the short form of each set.
//! Long texts (a 16 384-node short form is megabytes) show their head,
//! their length, Copy and "Show all": laying one out whole froze the page.
//! Every Copy button of the page is a [`CopyButton`], which says whether
//! the copy worked.

use gloo::timers::callback::Timeout;
use rscope_core::analysis::{Excerpt, Summaries};
use rscope_core::report::SetSummary;
use rscope_core::words::count;
use std::rc::Rc;
use wasm_bindgen_futures::{spawn_local, JsFuture};
use yew::prelude::*;

/// Properties of [`SummaryView`].
#[derive(Properties)]
pub struct SummaryProps {
    /// Nothing yet (empty editor), the sets' summaries, or why there are none.
    pub result: Option<Rc<Result<Summaries, String>>>,
    /// What the page says while an analysis takes long.
    #[prop_or_default]
    pub progress: Option<String>,
    /// Stops the analysis in flight (the page's worker; the element's
    /// analysis runs on its own thread and offers none).
    #[prop_or_default]
    pub on_cancel: Option<Callback<()>>,
    /// Set when the analysis was cancelled: this asks for it again.
    #[prop_or_default]
    pub on_again: Option<Callback<()>>,
    /// Opens a status document's set, by name, as an R tab (the page; an
    /// embedded view has no tabs).
    #[prop_or_default]
    pub on_open_set: Option<Callback<String>>,
}

impl PartialEq for SummaryProps {
    /// The summaries by pointer: the page draws again at each move of the
    /// pointer over the grid, and a 16 384-node set's summaries are
    /// megabytes to compare.
    fn eq(&self, other: &Self) -> bool {
        same_summaries(&self.result, &other.result)
            && self.progress == other.progress
            && self.on_cancel == other.on_cancel
            && self.on_again == other.on_again
            && self.on_open_set == other.on_open_set
    }
}

/// Properties of [`LongText`]. `Eq`, so that a drawing kept from before
/// (the summary's, [`SummaryView`]) is known the same by pointer, not by
/// comparing megabytes of text.
#[derive(Properties, PartialEq, Eq)]
pub struct LongTextProps {
    /// The text.
    pub text: AttrValue,
    /// What it is, for the buttons' labels: `the short form`.
    pub what: AttrValue,
    /// The `data-testid` of its `<code>`.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// Offer Copy even when the text is short.
    #[prop_or_default]
    pub copy: bool,
}

/// A text that may be long: its head and length until the reader asks for
/// all of it, and a Copy button that copies all of it. The head and the
/// length are measured once per text ([`Excerpt`]), not on every render.
#[function_component(LongText)]
pub fn long_text(props: &LongTextProps) -> Html {
    let all = use_state_eq(|| false);
    {
        // Another text starts short again.
        let all = all.clone();
        use_effect_with(props.text.clone(), move |_| all.set(false));
    }
    let excerpt = use_memo(props.text.clone(), |text| Excerpt::of(text));
    let shown = excerpt.head.as_deref().filter(|_| !*all);
    let on_all = {
        let all = all.clone();
        Callback::from(move |_: MouseEvent| all.set(true))
    };
    let text = {
        let text = props.text.clone();
        Callback::from(move |()| Some(text.to_string()))
    };
    let failed = if shown.is_some() {
        "Press Show all, then select the text and copy it with Ctrl+C (⌘C on a Mac)."
    } else {
        "Select the text and copy it with Ctrl+C (⌘C on a Mac)."
    };
    html! {
        <>
            <code data-testid={props.testid.clone()} tabindex="0">{ shown.unwrap_or(&props.text) }</code>
            if shown.is_some() {
                <span class="more" data-testid="more">{ format!("… ({})", count(excerpt.chars, "character")) }</span>
                <button class="copy" onclick={on_all} aria-label={format!("Show all of {}", props.what)}>{ "Show all" }</button>
            }
            if shown.is_some() || props.copy {
                <CopyButton {text} what={props.what.clone()} {failed}
                    testid={props.testid.as_ref().map(|t| AttrValue::from(format!("copy-{t}")))} />
            }
        </>
    }
}

/// How long a Copy button says "Copied" before it reads "Copy" again.
const COPIED_MS: u32 = 2000;
/// How long a Copy button says the copy failed: long enough to read what
/// to do instead.
const NOT_COPIED_MS: u32 = 10_000;

/// Properties of [`CopyButton`].
#[derive(Properties, PartialEq)]
pub struct CopyProps {
    /// What to copy, asked for at the click (a share link is made then);
    /// none copies nothing (the asker says why).
    pub text: Callback<(), Option<String>>,
    /// The button's text while it is not confirming.
    #[prop_or(AttrValue::Static("Copy"))]
    pub label: AttrValue,
    /// What it copies, when its text says too little: `the short form`
    /// makes its accessible name `Copy the short form`, then `Copied the
    /// short form` (a name that starts with the text shown).
    #[prop_or_default]
    pub what: Option<AttrValue>,
    /// Its class: `copy`, the small button beside a text.
    #[prop_or(AttrValue::Static("copy"))]
    pub class: AttrValue,
    /// Its `data-testid`.
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// What the reader can do when the browser refuses the clipboard.
    #[prop_or(AttrValue::Static("Select the text and copy it with Ctrl+C (⌘C on a Mac)."))]
    pub failed: AttrValue,
    /// Told what was copied and whether the browser took it.
    #[prop_or_default]
    pub on_done: Callback<(String, bool)>,
}

/// Where a Copy button is: at rest, or confirming how the last copy went.
#[derive(Clone, Copy, PartialEq)]
enum Copied {
    Rest,
    Yes,
    No,
}

/// A button that copies a text to the clipboard and says, for a moment,
/// whether it did ("Copied", or what to do instead), in its text and in a
/// live region that screen readers announce; then it reads its label again.
#[function_component(CopyButton)]
pub fn copy_button(props: &CopyProps) -> Html {
    let state = use_state_eq(|| Copied::Rest);
    // Dropped with the component, which cancels a pending return to rest.
    let timer = use_mut_ref(|| None::<Timeout>);
    let onclick = {
        let (state, text, on_done) = (state.clone(), props.text.clone(), props.on_done.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(text) = text.emit(()) else {
                return;
            };
            let copied = gloo::utils::window()
                .navigator()
                .clipboard()
                .write_text(&text);
            let (state, timer, on_done) = (state.clone(), timer.clone(), on_done.clone());
            spawn_local(async move {
                let ok = JsFuture::from(copied).await.is_ok();
                state.set(if ok { Copied::Yes } else { Copied::No });
                let rest = state.clone();
                let ms = if ok { COPIED_MS } else { NOT_COPIED_MS };
                *timer.borrow_mut() = Some(Timeout::new(ms, move || rest.set(Copied::Rest)));
                on_done.emit((text, ok));
            });
        })
    };
    let (label, note) = match *state {
        Copied::Rest => (props.label.to_string(), String::new()),
        Copied::Yes => ("Copied".into(), "Copied to the clipboard.".into()),
        Copied::No => (
            "Not copied".into(),
            format!("The browser did not let the page copy. {}", props.failed),
        ),
    };
    let name = props.what.as_ref().map(|w| format!("{label} {w}"));
    html! {
        <>
            <button type="button" class={props.class.clone()} aria-label={name} {onclick}
                data-testid={props.testid.clone()}>{ label }</button>
            <span class={classes!("copy-note", (*state != Copied::No).then_some("visually-hidden"))}
                role="status" aria-live="polite" data-testid="copy-note">{ note }</span>
        </>
    }
}

/// Seconds since the epoch as a local date and time with its offset from
/// UTC (`2019-10-11 08:21:09 UTC−7`), written by the core from the
/// browser's offset at that instant (not by `toLocaleString`: the
/// browser's first locale formatting loads its locale data, about 20 ms of
/// an embedded view's first paint).
fn local_time(secs: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(secs * 1000.0));
    rscope_core::time::local(secs, -(d.get_timezone_offset() as i64))
}

/// The summary of a document's one set.
fn main_set(s: &Summaries) -> Html {
    s.main().map_or_else(Html::default, |m| one_set(m, true))
}

fn one_set(s: &SetSummary, testids: bool) -> Html {
    let tid = |name: &str| testids.then(|| AttrValue::from(name.to_string()));
    let count_of = |name: &str| {
        s.types
            .iter()
            .find(|t| t.name == name)
            .map_or(0, |t| t.count)
    };
    let others = s
        .types
        .iter()
        .filter(|t| t.name != "core" && t.name != "gpu");
    let times = if s.starttime > 0.0 || s.expiration > 0.0 {
        let span = if s.expiration > s.starttime && s.starttime > 0.0 {
            format!(
                " ({})",
                rscope_core::words::duration(s.expiration - s.starttime)
            )
        } else {
            String::new()
        };
        html! {
            <>
                <dt>{ "Start" }</dt><dd>{ if s.starttime > 0.0 { local_time(s.starttime) } else { "unset".into() } }</dd>
                <dt>{ "Expiration" }</dt><dd>{ if s.expiration > 0.0 { local_time(s.expiration) } else { "unset".into() } }{ span }</dd>
            </>
        }
    } else {
        html! {}
    };
    html! {
        <dl class="counts">
            // The parser accepts version 1 only, so an accepted set is version 1.
            <dt>{ "Version" }</dt><dd data-testid={tid("version")}>{ 1 }</dd>
            <dt>{ "Nodes" }</dt><dd data-testid={tid("nodes")}>{ s.nodes }</dd>
            <dt>{ "Cores" }</dt><dd data-testid={tid("cores")}>{ count_of("core") }</dd>
            <dt>{ "GPUs" }</dt><dd data-testid={tid("gpus")}>{ count_of("gpu") }</dd>
            { for others.map(|t| html! { <><dt>{ t.name.clone() }</dt><dd>{ t.count }</dd></> }) }
            <dt>{ "Ranks" }</dt><dd class="short"><LongText text={AttrValue::from(s.ranks.clone())} what="the ranks" /></dd>
            <dt>{ "Nodelist" }</dt>
            <dd class="short">
                if let Some(list) = &s.nodelist {
                    <LongText text={AttrValue::from(list.clone())} what="the nodelist" />
                } else {
                    <code>{ "none" }</code>
                }
            </dd>
            { for s.nslots.map(|n| html! { <><dt>{ "Slots" }</dt><dd>{ n }</dd></> }) }
            { times }
            if !s.properties.is_empty() {
                <dt>{ "Properties" }</dt>
                <dd><ul class="props">{ for s.properties.iter().map(|p| html! {
                    <li><code>{ p.name.clone() }</code>{ format!(" — {} (ranks {})", count(p.nodes, "node"), p.ranks) }</li>
                }) }</ul></dd>
            }
            <dt>{ "Short form" }</dt>
            <dd class="short">
                <LongText text={AttrValue::from(s.short_form.clone())} what="the short form" testid={tid("short-form")} copy=true />
            </dd>
            if s.has_scheduling {
                <dt>{ "Graph" }</dt><dd>{ "has a scheduling key (JGF resource graph)" }</dd>
            }
        </dl>
    }
}

/// The sets of a status document side by side, each with a button that
/// opens it as an R tab where the page has tabs, then its main set.
fn status_sets(s: &Summaries, on_open: Option<&Callback<String>>) -> Html {
    let names: Vec<&str> = s.sets.iter().map(|s| s.name.as_str()).collect();
    let open = |name: &str| match on_open {
        Some(cb) => {
            let onclick = cb.reform({
                let name = name.to_string();
                move |_: MouseEvent| name.clone()
            });
            let label = format!("Open as R: the {name} set, in a tab of its own");
            html! { <td><button type="button" class="copy" aria-label={label} {onclick} data-testid="open-set">{ "Open as R" }</button></td> }
        }
        None => Html::default(),
    };
    html! {
        <>
            <p>{ "A status document with the sets " }{ names.join(", ") }{ "." }</p>
            <table class="states" data-testid="states">
                <thead><tr><th scope="col">{ "Set" }</th><th scope="col">{ "Nodes" }</th><th scope="col">{ "Cores" }</th><th scope="col">{ "GPUs" }</th>
                    if on_open.is_some() { <th scope="col">{ "Tab" }</th> }</tr></thead>
                <tbody>{ for s.sets.iter().map(|s| {
                    let c = |n: &str| s.types.iter().find(|t| t.name == n).map_or(0, |t| t.count);
                    html! { <tr><th scope="row">{ s.name.clone() }</th><td>{ s.nodes }</td><td>{ c("core") }</td><td>{ c("gpu") }</td>{ open(&s.name) }</tr> }
                }) }</tbody>
            </table>
            { for s.main().map(|m| one_set(m, true)) }
        </>
    }
}

/// The counts the core found in the document.
#[function_component(SummaryView)]
pub fn summary_view(props: &SummaryProps) -> Html {
    // Drawn once per summaries, and kept: the page draws again at each
    // move of the pointer over the grid. (The element's bundle, which has
    // a size budget, draws it each time.)
    #[cfg(feature = "page")]
    let main = (*use_memo(SameSummaries(props.result.clone()), |r| {
        match r.0.as_deref() {
            Some(Ok(s)) if !s.is_status => Some(main_set(s)),
            _ => None,
        }
    }))
    .clone();
    #[cfg(not(feature = "page"))]
    let main = match props.result.as_deref() {
        Some(Ok(s)) if !s.is_status => Some(main_set(s)),
        _ => None,
    };
    let body = match props.result.as_deref() {
        // Only the page cancels (the element's bundle has a size budget).
        _ if cfg!(feature = "page") && props.on_again.is_some() => {
            html! { <Cancelled on_again={props.on_again.clone()} /> }
        }
        // While a document is analysed, the progress line says so instead.
        None if props.progress.is_some() => Html::default(),
        None => html! {
            <p class="hint" data-testid="hint">{ "Paste an R document, open a file or pick an example to see its nodes, cores and GPUs." }</p>
        },
        Some(Err(e)) => html! { <p class="error" role="alert" data-testid="error">{ e }</p> },
        Some(Ok(s)) if !s.is_status => main.unwrap_or_else(|| main_set(s)),
        Some(Ok(s)) => status_sets(s, props.on_open_set.as_ref()),
    };
    // Named apart from another element's on a page that embeds several.
    let label = crate::hooks::use_region_name("Summary");
    html! {
        <section class="panel" aria-live="polite" aria-label={label} data-testid="summary">
            <h2>{ "Summary" }</h2>
            if let Some(p) = &props.progress {
                // The element (no `page` feature, a size budget) says it in words only.
                if let (true, Some(cancel)) = (cfg!(feature = "page"), &props.on_cancel) {
                    <div class="progress-row">
                        <p class="progress" role="status" data-testid="progress">{ p.clone() }</p>
                        <progress aria-label="Analysis under way" data-testid="progress-bar"></progress>
                        <button type="button" data-testid="cancel-analysis" onclick={cancel.reform(|_: MouseEvent| ())}>{ "Cancel" }</button>
                    </div>
                } else {
                    <p class="progress" role="status" data-testid="progress">{ p.clone() }</p>
                }
            }
            { body }
        </section>
    }
}

/// Whether `a` and `b` are the same summaries, by pointer.
fn same_summaries(
    a: &Option<Rc<Result<Summaries, String>>>,
    b: &Option<Rc<Result<Summaries, String>>>,
) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Rc::ptr_eq(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// Summaries compared by pointer ([`same_summaries`]).
#[cfg(feature = "page")]
struct SameSummaries(Option<Rc<Result<Summaries, String>>>);

#[cfg(feature = "page")]
impl PartialEq for SameSummaries {
    fn eq(&self, other: &Self) -> bool {
        same_summaries(&self.0, &other.0)
    }
}

/// Properties of [`Cancelled`].
#[derive(Properties, PartialEq)]
struct CancelledProps {
    on_again: Option<Callback<()>>,
}

/// What the summary says of a text whose analysis was cancelled, with the
/// button that asks for it again. The button takes the focus, which the
/// Cancel button had: it is gone.
#[function_component(Cancelled)]
fn cancelled(props: &CancelledProps) -> Html {
    let button = use_node_ref();
    {
        let button = button.clone();
        use_effect_with((), move |_| {
            if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        });
    }
    let onclick = props.on_again.clone().map(|a| a.reform(|_: MouseEvent| ()));
    html! {
        <div data-testid="cancelled">
            <p>{ "Analysis cancelled. The text is kept as it is: edit it, or analyse it again." }</p>
            <button type="button" ref={button} data-testid="analyse-again" {onclick}>{ "Analyse again" }</button>
        </div>
    }
}
