//! The yew root component: paste an R document, see what it holds.

use crate::rset::{summarize, Summary};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let text = use_state(String::new);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let result = if text.trim().is_empty() {
        None
    } else {
        Some(summarize(&text))
    };
    html! {
        <main class="app">
            <header>
                <h1>{ "Rscope" }</h1>
                <p class="tagline">{ "Explore a Flux resource set (RFC 20 R document) in your browser." }</p>
            </header>
            <label for="r-input">{ "R document (JSON)" }</label>
            <textarea id="r-input" data-testid="r-input" spellcheck="false"
                placeholder="Paste an R document here, e.g. the output of flux resource R"
                value={(*text).clone()} {oninput} />
            <section aria-live="polite" data-testid="summary">
                { render_result(result) }
            </section>
        </main>
    }
}

fn render_result(result: Option<Result<Summary, String>>) -> Html {
    match result {
        None => {
            html! { <p class="hint">{ "Paste an R document above to see its nodes, cores and GPUs." }</p> }
        }
        Some(Err(e)) => html! { <p class="error" role="alert" data-testid="error">{ e }</p> },
        Some(Ok(s)) => html! {
            <dl class="counts">
                <dt>{ "Version" }</dt><dd data-testid="version">{ s.version }</dd>
                <dt>{ "Nodes" }</dt><dd data-testid="nodes">{ s.nodes }</dd>
                <dt>{ "Cores" }</dt><dd data-testid="cores">{ s.cores }</dd>
                <dt>{ "GPUs" }</dt><dd data-testid="gpus">{ s.gpus }</dd>
            </dl>
        },
    }
}
