//! The summary of the active document: version and counts, or the error.

use crate::rset::Summary;
use yew::prelude::*;

/// Properties of [`SummaryView`].
#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    /// Nothing yet, the summary, or why there is none.
    pub result: Option<Result<Summary, String>>,
}

/// The counts the core found in the document.
#[function_component(SummaryView)]
pub fn summary_view(props: &SummaryProps) -> Html {
    let body = match &props.result {
        None => html! {
            <p class="hint">{ "Paste an R document, open a file or pick an example to see its nodes, cores and GPUs." }</p>
        },
        Some(Err(e)) => html! { <p class="error" role="alert" data-testid="error">{ e }</p> },
        Some(Ok(s)) => html! {
            <dl class="counts">
                <dt>{ "Version" }</dt><dd data-testid="version">{ s.version }</dd>
                <dt>{ "Nodes" }</dt><dd data-testid="nodes">{ s.nodes }</dd>
                <dt>{ "Cores" }</dt><dd data-testid="cores">{ s.cores }</dd>
                <dt>{ "GPUs" }</dt><dd data-testid="gpus">{ s.gpus }</dd>
            </dl>
        },
    };
    html! {
        <section class="panel" aria-live="polite" aria-label="Summary" data-testid="summary">{ body }</section>
    }
}
