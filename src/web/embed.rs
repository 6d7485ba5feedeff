//! The iframe mode (`index.html?embed`): one document, read-only, with
//! no page chrome, drawn as the views [`crate::embed::options`] read from
//! the address. Nothing is stored: the reader's own tabs stay as they are.

use crate::color::{coloring, ColorChoice};
use crate::embed::{open_link, options, Embed, Source, View};
use crate::tabs::Text;
use crate::web::components::{grid::GridView, summary::SummaryView, tree::graph_section};
use crate::web::hooks::use_analysis;
use crate::web::load;
use crate::web::shown::Shown;
use std::rc::Rc;
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
    let e = options(
        &location.search().unwrap_or_default(),
        &location.hash().unwrap_or_default(),
    );
    if let (Some(theme), Some(root)) = (
        e.theme.attribute(),
        gloo::utils::document().document_element(),
    ) {
        let _ = root.set_attribute("data-theme", theme);
    }
    e
}

/// The embedded document's views.
#[function_component(EmbedApp)]
pub fn embed_app() -> Html {
    let embed = use_memo((), |()| read_options());
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
                spawn_local(async move {
                    let doc = load::fetch(&url, url.clone()).await;
                    loaded.set(Some(doc.map(|d| d.text)));
                });
            }
        });
    }
    let text = match &*loaded {
        Some(Ok(t)) => t.clone(),
        _ => Text::from(""),
    };
    let analysis = use_analysis(text.clone(), 0).shown;
    let has_states = analysis
        .as_ref()
        .and_then(|a| a.grid.as_ref())
        .is_some_and(|g| g.has_states());
    let choice = embed
        .color_by
        .as_deref()
        .map_or(ColorChoice::Auto, ColorChoice::parse);
    let color_by = use_memo((choice, has_states), |(c, s)| {
        Rc::new(coloring(c, *s, None).0)
    });
    // fold=1: each new outline starts folded to its root, once; the reader
    // may open it again.
    let folded = use_mut_ref(|| None::<*const ()>);
    if let (true, Some(outline)) = (
        embed.fold,
        analysis.as_ref().and_then(|a| a.outline.as_ref()),
    ) {
        let id = Rc::as_ptr(outline).cast::<()>();
        if *folded.borrow() != Some(id) {
            *folded.borrow_mut() = Some(id);
            let mut o = outline.borrow_mut();
            if o.row(0).is_some_and(|r| r.open && r.children > 0) {
                o.toggle(0);
            }
        }
    }
    let on_open = {
        let base = base();
        Callback::from(move |selection: String| {
            let link = open_link(&base, &Source::Text(selection.clone()), &selection);
            let _ = gloo::utils::window().open_with_url_and_target(&link, "_blank");
        })
    };
    html! {
        <main class="app embed" data-testid="embed">
            <h1 class="visually-hidden">{ "Rscope: a Flux resource set" }</h1>
            { for embed.notes.iter().map(|n| html! { <p class="hint" data-testid="embed-note">{ n.clone() }</p> }) }
            { match &*loaded {
                None => html! { <p class="loading" role="status">{ "Loading the document…" }</p> },
                Some(Err(why)) => html! { <p class="error" role="alert" data-testid="embed-error">{ why.clone() }</p> },
                Some(Ok(_)) => html! {},
            } }
            if let Some(a) = analysis.as_ref().filter(|a| a.text == text && !text.is_empty()) {
                { for embed.views.iter().map(|v| view(*v, a, (*color_by).clone(), &on_open)) }
                <p><a href={open_link(&base(), &embed.source, &text)} target="_blank" rel="noopener"
                    data-testid="open-in-rscope">{ "Open in Rscope" }</a></p>
            }
        </main>
    }
}

/// One view of the analysis `a`.
fn view(
    v: View,
    a: &Rc<Shown>,
    color_by: Rc<crate::grid::ColorBy>,
    on_open: &Callback<String>,
) -> Html {
    match v {
        View::Summary => {
            let result = (!a.partial).then(|| a.summaries.clone());
            html! { <SummaryView {result} /> }
        }
        View::Grid => match &a.grid {
            Some(grid) => html! {
                <section class="panel" aria-label="Grid">
                    <GridView grid={grid.clone()} {color_by} on_open={on_open.clone()} />
                </section>
            },
            None => html! {},
        },
        View::Tree if !a.partial => graph_section(a.outline.clone(), &a.summaries),
        View::Problems if !a.partial => problems(&a.findings),
        _ => html! {},
    }
}

/// The findings one a line, read-only: where, how serious, what.
fn problems(findings: &[crate::report::Finding]) -> Html {
    html! {
        <section class="panel" aria-label="Problems" data-testid="embed-problems">
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
