//! What a JSON text that is no Flux document holds, as a tree of its keys
//! and values ([`rscope_core::analysis::JsonNode`], made by the analysis worker).
//! Each container is a `<details>` element, so the browser gives it the
//! keyboard (Enter and Space open and close it) and nothing here keeps
//! state. Every key and value reaches the page as text.

use rscope_core::analysis::{JsonNode as Node, JSON_TREE_NODES};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`JsonTree`].
#[derive(Properties, PartialEq)]
pub struct JsonTreeProps {
    /// The document's overview.
    pub root: Rc<Node>,
}

/// Levels open when the tree is first drawn.
const OPEN_LEVELS: usize = 2;

/// The tree of a JSON document's keys and values.
#[function_component(JsonTree)]
pub fn json_tree(props: &JsonTreeProps) -> Html {
    html! {
        <section class="json-tree" data-testid="json-tree" aria-labelledby="json-tree-title">
            <h3 id="json-tree-title">{ "What this JSON holds" }</h3>
            <ul>{ item(&props.root, 0) }</ul>
        </section>
    }
}

/// One node: a line for a scalar, a `<details>` for a container.
fn item(n: &Node, depth: usize) -> Html {
    let label = html! { <>
        if !n.key.is_empty() { <span class="json-key">{ n.key.clone() }</span>{ ": " } }
        <span class="json-value">{ n.value.clone() }</span>
    </> };
    if n.children.is_empty() && n.hidden == 0 {
        return html! { <li data-testid="json-node">{ label }</li> };
    }
    html! {
        <li data-testid="json-node">
            <details open={depth < OPEN_LEVELS}>
                <summary>{ label }</summary>
                <ul>
                    { for n.children.iter().map(|c| item(c, depth + 1)) }
                    if n.hidden > 0 {
                        <li class="hint" data-testid="json-hidden">{ format!("… {} more not shown (the tree shows {} values at most)", n.hidden, JSON_TREE_NODES) }</li>
                    }
                </ul>
            </details>
        </li>
    }
}
