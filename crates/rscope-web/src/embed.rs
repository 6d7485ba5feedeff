//! Embedded views: one document, read-only, with no page chrome, drawn as
//! the options [`rscope_core::embed`] read. Two routes share [`EmbedView`]: the
//! iframe mode (`index.html?embed`, [`EmbedApp`], options from the
//! address) and the `<rscope-view>` element (`static/rscope-view.js`,
//! [`mount_view`], options from its attributes), which renders into the
//! element's shadow root. Nothing is stored: the reader's own tabs stay as
//! they are.

use crate::components::grid::{GridView, Linked};
use crate::components::shape::as_linked;
use crate::components::{summary::SummaryView, tree::graph_section};
#[cfg(feature = "page")]
use crate::hooks::TimelineShown;
use crate::hooks::{use_analysis, SameGrid};
use crate::load;
use crate::model::{region_name, RegionOf};
use crate::shown::Shown;
use rscope_core::color::{coloring, on_grid, ColorChoice};
use rscope_core::embed::{from_attributes, open_link, shape_fit, Embed, EmbedPart, Fit, Source};
use rscope_core::grid::{overlay::Overlay, ColorBy, Grid};
use rscope_core::report::Finding;
use rscope_core::tabs::Text;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// The page's address without query or fragment, for "Open in Rscope".
fn base() -> String {
    let location = gloo::utils::window().location();
    format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    )
}

/// The options in the address bar, with the theme applied to the page.
fn read_options() -> Embed {
    let location = gloo::utils::window().location();
    let (search, hash) = (
        location.search().unwrap_or_default(),
        location.hash().unwrap_or_default(),
    );
    #[cfg(feature = "page")]
    let e = rscope_core::embed::options(&search, &hash);
    // index.html opens a share link's `r=` with the page's bundle.
    #[cfg(not(feature = "page"))]
    let e = rscope_core::embed::options_with(&search, &hash, &|_| {
        Err("needs the page's bundle: open index.html?embed#r=… with pkg/ beside it".into())
    });
    if let (Some(theme), Some(root)) = (
        e.theme.attribute(),
        gloo::utils::document().document_element(),
    ) {
        let _ = root.set_attribute("data-theme", theme);
    }
    e
}

/// The iframe mode: the views the address asks for. On the page's
/// bundle its analysis and its timeline share one set of workers, started
/// once (each hook would otherwise start its own).
#[function_component(EmbedApp)]
pub fn embed_app() -> Html {
    let embed = use_memo((), |()| Rc::new(read_options()));
    let view = html! { <EmbedView embed={(*embed).clone()} page={base()} element={false} /> };
    #[cfg(feature = "page")]
    let view = {
        let workers = use_memo((), |()| crate::workers::Workers::new());
        html! { <ContextProvider<crate::workers::Workers> context={(*workers).clone()}>{ view }</ContextProvider<crate::workers::Workers>> }
    };
    view
}

/// What an embedded view is given.
#[derive(Properties, PartialEq)]
pub struct EmbedProps {
    /// The options, read once.
    pub embed: Rc<Embed>,
    /// The Rscope page "Open in Rscope" goes to.
    pub page: AttrValue,
    /// Drawn by the `<rscope-view>` element (in a shadow root, among the
    /// host page's own content) rather than as a whole iframe page.
    pub element: bool,
    /// The element's name among the host page's elements.
    #[prop_or_default]
    pub name: AttrValue,
    /// The fetch of the element's `src` already under way, if any.
    #[prop_or_default]
    pub prefetched: Option<Prefetched>,
    /// The grid's colouring by the running jobs of the element's `jobs=`
    /// list (read by the job list part), in place of `color-by`'s.
    #[prop_or_default]
    pub jobs: Option<JobColoring>,
}

/// An element's grid colouring by job, the same while the element is
/// drawn (compared by address: it is set once, when the element mounts).
#[derive(Clone)]
pub struct JobColoring(Rc<ColorBy>);

impl PartialEq for JobColoring {
    fn eq(&self, other: &JobColoring) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// A fetch of an element's `src` that its script started while the
/// bundle loaded, so the document and the wasm arrive together.
#[derive(Clone, Debug)]
pub struct Prefetched {
    /// The address as the element's `src` gave it.
    pub url: String,
    /// The fetch's promise of a response.
    pub answer: js_sys::Promise,
}

impl PartialEq for Prefetched {
    fn eq(&self, other: &Prefetched) -> bool {
        let (a, b): (&JsValue, &JsValue) = (self.answer.as_ref(), other.answer.as_ref());
        self.url == other.url && a == b
    }
}

/// The document of `embed`, fetched when it is a link (from `prefetched`
/// when that fetch is of the same address): none while it loads, else the
/// text or why there is none.
#[hook]
fn use_document(embed: &Rc<Embed>, prefetched: Option<Prefetched>) -> Option<Result<Text, String>> {
    let loaded = use_state(|| match &embed.source {
        Source::Text(t) => Some(Ok(Text::from(t.as_str()))),
        Source::Missing(why) => Some(Err(why.clone())),
        Source::Url(_) => None,
    });
    {
        let (loaded, embed) = (loaded.clone(), embed.clone());
        use_effect_with((), move |()| {
            if let Source::Url(url) = &embed.source {
                let url = url.clone();
                let early = prefetched.filter(|p| p.url == url).map(|p| p.answer);
                spawn_local(async move {
                    let doc = match early {
                        Some(answer) => load::fetched(&url, url.clone(), answer).await,
                        None => load::fetch(&url, url.clone()).await,
                    };
                    loaded.set(Some(doc.map(|d| d.text)));
                });
            }
        });
    }
    (*loaded).clone()
}

/// One document's views, read-only.
#[function_component(EmbedView)]
pub fn embed_view(props: &EmbedProps) -> Html {
    let embed = &props.embed;
    let loaded = use_document(embed, props.prefetched.clone());
    let text = match &loaded {
        Some(Ok(t)) => t.clone(),
        _ => Text::from(""),
    };
    let analysis = use_analysis(text.clone(), 0).shown;
    let whole = analysis.as_ref().and_then(|a| a.grid.clone());
    let (moment, timeline) = use_embed_timeline(embed, &text, whole.clone());
    let grid = SameGrid(moment.or(whole));
    let choice = embed
        .color_by
        .as_deref()
        .map_or(ColorChoice::Auto, ColorChoice::parse);
    let color_by = use_memo(
        (choice, grid.clone(), props.jobs.clone()),
        |(c, grid, jobs)| {
            let has_states = grid.0.as_ref().is_some_and(|g| g.has_states());
            let by = jobs.as_ref().map(|j| j.0.clone());
            let by = by.unwrap_or_else(|| Rc::new(coloring(c, has_states, None, None).0));
            on_grid(&by, grid.0.as_deref())
        },
    );
    let fitted = use_memo((embed.shape.clone(), text.clone()), |(shape, text)| {
        shape
            .as_deref()
            .filter(|_| !text.is_empty())
            .map(|s| shape_fit(s, text))
    });
    let page = props.page.to_string();
    let on_open = {
        let page = page.clone();
        Callback::from(move |selection: String| {
            let page = page.clone();
            spawn_local(async move {
                if let Some(link) =
                    link_to(&page, &Source::Text(selection.clone()), &selection).await
                {
                    let _ = gloo::utils::window().open_with_url_and_target(&link, "_blank");
                }
            });
        })
    };
    // The element always carries the text: its src= is relative to the
    // host page, not to the Rscope page.
    let source = match props.element {
        true => Source::Text(text.to_string()),
        false => embed.source.clone(),
    };
    let link = use_link(&page, &source, &text);
    let views = analysis
        .as_ref()
        .filter(|a| a.text == text && !text.is_empty())
        .map(|a| {
            let drawn = ElementViews {
                a,
                grid: grid.0.clone(),
                timeline,
                color_by: (*color_by).clone(),
                on_open: &on_open,
                fitted: (*fitted).as_ref(),
                of: props.element.then(|| RegionOf(props.name.clone())),
                fold: embed.fold,
            };
            html! {
                <>
                    { bad_document(&a.findings, a.partial) }
                    { for embed.views.iter().map(|v| drawn.view(*v)) }
                    if let Some(link) = &link {
                        <p><a href={link.clone()} target="_blank" rel="noopener"
                            data-testid="open-in-rscope">{ "Open in Rscope" }</a></p>
                    }
                </>
            }
        });
    let body = html! {
        <>
            { for embed.notes.iter().map(|n| html! { <p class="hint" data-testid="embed-note">{ n.clone() }</p> }) }
            { match &loaded {
                None => html! { <p class="loading" role="status">{ "Loading the document…" }</p> },
                Some(Err(why)) => html! { <p class="error" role="alert" data-testid="embed-error">{ why.clone() }</p> },
                Some(Ok(_)) => html! {},
            } }
            { views.unwrap_or_default() }
        </>
    };
    match props.element {
        false => html! {
            <main class="app embed" data-testid="embed" style={box_style(embed)}>
                <h1 class="visually-hidden">{ "Rscope: a Flux resource set" }</h1>
                { body }
            </main>
        },
        true => html! {
            <ContextProvider<RegionOf> context={RegionOf(props.name.clone())}>
                { element_box(embed, &props.name, body) }
            </ContextProvider<RegionOf>>
        },
    }
}

/// The element's box: a region named for what it shows, in its theme,
/// scrolled inside (and then focusable, to scroll by keys) when it has a
/// height.
fn element_box(embed: &Embed, name: &AttrValue, body: Html) -> Html {
    html! {
        <section class="rscope-view embed" data-testid="embed" aria-label={format!("Rscope: {name}")}
            data-theme={embed.theme.attribute()} style={box_style(embed)}
            tabindex={embed.height.as_ref().map(|_| "0")}>
            { body }
        </section>
    }
}

/// The views' box with `height=`: at most that high, scrolled inside.
fn box_style(embed: &Embed) -> Option<String> {
    embed
        .height
        .as_ref()
        .map(|h| format!("max-height: {h}; overflow: auto"))
}

/// What an embedded view draws of a timeline: the page's, or nothing in
/// the element's bundle, which has none (its size budget: even the drop
/// code of a timeline it never holds costs 0.5 KB there).
#[cfg(feature = "page")]
type EmbedTimeline = Option<TimelineShown>;
/// What an embedded view draws of a timeline: nothing in the element's
/// bundle.
#[cfg(not(feature = "page"))]
type EmbedTimeline = ();

/// The timeline of `view=timeline` (the iframe mode, on the page's
/// bundle) when the document is a resource eventlog: the grid at the
/// slider's moment, starting at `at=`, and the timeline to draw.
#[cfg(feature = "page")]
#[hook]
fn use_embed_timeline(
    embed: &Embed,
    text: &Text,
    grid: Option<Rc<Grid>>,
) -> (Option<Rc<Grid>>, EmbedTimeline) {
    let asked = embed.views.contains(&EmbedPart::Timeline);
    let log = (asked && rscope_core::resource::eventlog::looks_like_resource_eventlog(text))
        .then(|| text.clone());
    let at = embed.at.clone();
    let view = use_memo((), move |()| {
        crate::hooks::ViewRecord::of(rscope_core::share::SharedView {
            at,
            ..Default::default()
        })
    });
    crate::hooks::use_timeline(log, grid, &view)
}

/// The element's bundle draws no timeline (its size budget): rscope-view.js
/// has the timeline part draw its chart above the views, and hands over
/// the grid's colouring at its moment.
#[cfg(not(feature = "page"))]
#[hook]
fn use_embed_timeline(
    _embed: &Embed,
    _text: &Text,
    _grid: Option<Rc<Grid>>,
) -> (Option<Rc<Grid>>, EmbedTimeline) {
    (None, ())
}

/// What the views of one analysis are drawn from.
struct ElementViews<'a> {
    a: &'a Rc<Shown>,
    /// The grid drawn: the timeline's moment, else the analysis's.
    grid: Option<Rc<Grid>>,
    /// The timeline, when there is one (never in the element's bundle,
    /// which draws none).
    #[cfg_attr(not(feature = "page"), allow(dead_code))]
    timeline: EmbedTimeline,
    color_by: Rc<rscope_core::grid::ColorBy>,
    on_open: &'a Callback<String>,
    fitted: Option<&'a Result<Fit, String>>,
    of: Option<RegionOf>,
    /// The tree starts folded to its root (`fold=1`).
    fold: bool,
}

impl ElementViews<'_> {
    /// One view.
    fn view(&self, v: EmbedPart) -> Html {
        let a = self.a;
        match v {
            EmbedPart::Summary => {
                let result = (!a.partial).then(|| a.summaries.clone());
                html! { <SummaryView {result} /> }
            }
            EmbedPart::Grid => match &self.grid {
                Some(grid) => html! {
                    <div class="panel">
                        <GridView grid={grid.clone()} color_by={self.color_by.clone()}
                            on_open={self.on_open.clone()} linked={self.linked()} beside_editor={false} />
                    </div>
                },
                None => html! {},
            },
            EmbedPart::Tree if !a.partial => {
                graph_section(a.outline.clone(), &a.summaries, None, self.fold)
            }
            EmbedPart::Problems if !a.partial => problems(&a.findings, self.of.as_ref()),
            EmbedPart::Shape => shape_view(self.fitted, self.of.as_ref()),
            EmbedPart::Timeline => self.timeline_view(),
            _ => html! {},
        }
    }

    /// The timeline's panel (the page's bundle: the element's draws none).
    #[cfg(feature = "page")]
    fn timeline_view(&self) -> Html {
        use crate::components::timeline::TimelinePanel;
        let Some(t) = self.timeline.clone() else {
            return Html::default();
        };
        html! { <TimelinePanel timeline={t.timeline} slider={t.slider} on_step={t.on_step} waiting={t.waiting}
        events={t.events} on_outline={Callback::noop()} /> }
    }

    /// The element's bundle draws no timeline (its size budget): the
    /// timeline part's chart is drawn above the views by rscope-view.js.
    #[cfg(not(feature = "page"))]
    fn timeline_view(&self) -> Html {
        Html::default()
    }

    /// The fit's allocation outlined on the grid, when it is one group of
    /// ranks with the same ids on each (the grid outlines one entry).
    fn linked(&self) -> Option<Linked> {
        match self.fitted {
            Some(Ok(f)) => as_linked(&f.groups),
            _ => None,
        }
    }
}

/// The `shape` view: the fit in words, or what to give.
fn shape_view(fitted: Option<&Result<Fit, String>>, of: Option<&RegionOf>) -> Html {
    let body = match fitted {
        None => {
            html! { <p class="hint">{ "No shape to fit: give shape= (an RFC 46 shape such as node=2/core=4)." }</p> }
        }
        Some(Err(why)) => html! { <p class="error" data-testid="embed-fit">{ why.clone() }</p> },
        Some(Ok(f)) => html! {
            <>
                <p data-testid="embed-fit" data-status={f.status}>{ f.words.clone() }</p>
                if let Some(short) = &f.short {
                    <p><code>{ short.clone() }</code></p>
                }
            </>
        },
    };
    html! {
        <section class="panel" aria-label={region_name("Shape", of)} data-testid="embed-shape">
            <h2>{ "Shape" }</h2>
            { body }
        </section>
    }
}

/// A document that is not a valid R says so first, with where.
fn bad_document(findings: &[Finding], partial: bool) -> Html {
    let first = findings
        .iter()
        .find(|f| f.severity == rscope_core::diag::Severity::Error);
    match first.filter(|_| !partial) {
        Some(f) => html! {
            <p class="error" role="alert" data-testid="embed-error">
                { format!("this document has problems: line {}, column {}: {} (Open in Rscope to see each one and fix it)", f.line, f.col, f.message) }
            </p>
        },
        None => html! {},
    }
}

/// The findings one a line, read-only: where, how serious, what.
fn problems(findings: &[Finding], of: Option<&RegionOf>) -> Html {
    html! {
        <section class="panel" aria-label={region_name("Problems", of)} data-testid="embed-problems">
            <h2>{ "Problems" }</h2>
            if findings.is_empty() {
                <p>{ "No problems found." }</p>
            } else {
                <ul>
                    { for findings.iter().map(|f| html! {
                        <li class={f.severity.to_string()}>
                            { format!("line {}, column {}: {}: {}", f.line, f.col, f.severity, f.message) }
                        </li>
                    }) }
                </ul>
            }
        </section>
    }
}

/// The element's root component: its options, fixed when it mounted.
#[derive(Properties, PartialEq)]
pub struct ElementProps {
    /// The options read from the element's attributes.
    pub embed: Rc<Embed>,
    /// The Rscope page "Open in Rscope" goes to when `page=` is not given
    /// (empty: none was found, and no link is drawn).
    pub page: AttrValue,
    /// The element's name among the host page's elements.
    pub name: AttrValue,
    /// The fetch of its `src` the element started, if any.
    pub prefetched: Option<Prefetched>,
    /// Its grid's colouring by the jobs of its `jobs=` list, if any.
    pub jobs: Option<JobColoring>,
}

/// The element's root: [`EmbedView`] as the element draws it.
#[function_component(ElementApp)]
pub fn element_app(props: &ElementProps) -> Html {
    let page = props
        .embed
        .page
        .clone()
        .map_or(props.page.clone(), AttrValue::from);
    html! { <EmbedView embed={props.embed.clone()} {page} element={true} name={props.name.clone()}
    prefetched={props.prefetched.clone()} jobs={props.jobs.clone()} /> }
}

/// The "Open in Rscope" link for `text` from `source`, once it is made
/// ([`link_to`]; the element's waits for the browser to pack the text).
#[hook]
fn use_link(page: &str, source: &Source, text: &Text) -> Option<String> {
    let link = use_state_eq(|| None::<String>);
    {
        let setter = link.setter();
        let (page, source) = (page.to_string(), source.clone());
        use_effect_with(text.clone(), move |text| {
            let text = text.clone();
            spawn_local(async move { setter.set(link_to(&page, &source, &text).await) });
        });
    }
    (*link).clone()
}

/// The "Open in Rscope" link to `page` for `text` from `source`. The
/// page's bundle packs the text itself; the element's has the browser
/// pack it (`CompressionStream`, the same raw DEFLATE), so that it carries
/// no compressor: 11 KB of its size budget. `None` if the browser cannot,
/// or if there is no page (a self-hosted element with no `page=` and no
/// Rscope page beside its files).
async fn link_to(page: &str, source: &Source, text: &str) -> Option<String> {
    match source {
        _ if page.is_empty() => None,
        Source::Url(url) => Some(rscope_core::embed::url_link(page, url)),
        _ if cfg!(feature = "page") => Some(open_link(page, source, text)),
        _ => Some(rscope_core::embed::packed_link(
            page,
            &browser_pack(text).await?,
        )),
    }
}

/// `text` packed as [`rscope_core::share::pack`] packs it (raw DEFLATE, then
/// URL-safe base64 without padding), by the browser's `CompressionStream`.
async fn browser_pack(text: &str) -> Option<String> {
    use js_sys::{Array, Function, Reflect};
    let global = js_sys::global();
    let make = |name: &str, arg: &JsValue| -> Option<JsValue> {
        let class: Function = Reflect::get(&global, &name.into()).ok()?.dyn_into().ok()?;
        Reflect::construct(&class, &Array::of1(arg)).ok()
    };
    let call = |on: &JsValue, method: &str, arg: Option<&JsValue>| -> Option<JsValue> {
        let f: Function = Reflect::get(on, &method.into()).ok()?.dyn_into().ok()?;
        match arg {
            Some(a) => f.call1(on, a).ok(),
            None => f.call0(on).ok(),
        }
    };
    let deflate = make("CompressionStream", &"deflate-raw".into())?;
    let blob = make("Blob", &Array::of1(&text.into()))?;
    let stream = call(&blob, "stream", None)?;
    let packed = call(&stream, "pipeThrough", Some(&deflate))?;
    let response = make("Response", &packed)?;
    let buffer = call(&response, "arrayBuffer", None)?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let bytes = js_sys::Uint8Array::new(&wasm_bindgen_futures::JsFuture::from(buffer).await.ok()?);
    Some(rscope_core::share::packed_fragment(&bytes.to_vec()))
}

/// Draw a `<rscope-view>` element's views into `root` (a node of its
/// shadow root): `attributes` are its `[name, value]` pairs, `inline` its
/// inline document, `page` the Rscope page next to the bundle, `name`
/// its name among the page's elements (its regions' names end with it),
/// `jobs` its grid's job colouring as the job list part wrote it. The
/// analysis runs on this thread: an element's documents are small, and a
/// host page serves no worker script. Returns a function that takes the
/// views down (the element left the page): a plain function, not a class,
/// so the bundle's types need no newer TypeScript library.
pub fn mount_view(
    root: web_sys::Element,
    attributes: Vec<JsValue>,
    inline: Option<String>,
    page: String,
    name: String,
    prefetched: Option<Prefetched>,
    jobs: Option<js_sys::Uint8Array>,
) -> js_sys::Function {
    let pairs: Vec<(String, String)> = attributes
        .iter()
        .map(|p| {
            let at = |i| {
                js_sys::Reflect::get_u32(p, i)
                    .ok()
                    .and_then(|v| v.as_string())
            };
            (at(0).unwrap_or_default(), at(1).unwrap_or_default())
        })
        .collect();
    crate::analysis_worker::stay_on_this_thread();
    let props = ElementProps {
        embed: Rc::new(from_attributes(&pairs, inline.as_deref())),
        page: page.into(),
        name: name.into(),
        prefetched,
        jobs: (jobs.map(|b| Overlay::from_part(&b.to_vec())))
            .map(|o| JobColoring(Rc::new(ColorBy::Overlay(o.unwrap_or_default())))),
    };
    let app = yew::Renderer::<ElementApp>::with_root_and_props(root, props).render();
    Closure::once_into_js(move || app.destroy()).unchecked_into()
}
