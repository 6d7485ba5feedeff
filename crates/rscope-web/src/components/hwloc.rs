//! An hwloc topology (`lstopo --of xml`) opened as a tab: what was read,
//! the host and rank fields, and the R they make, updated as the user
//! types. The page draws that R's grid and graph beside the panel, as
//! the user types (the panel hands it up through `on_r`). "Open as R"
//! opens that R in a new tab, where the summary and the set workbench
//! take it (two nodes' topologies become a
//! two-rank R with a union); "Open Fluxion's graph" opens the JGF graph
//! Fluxion's hwloc reader builds, drawn as a tree. Reading, encoding and
//! the graph are core calls ([`rscope_core::commands::r::topology_view`],
//! [`rscope_core::commands::graph::from_hwloc`]).

use rscope_core::commands::{graph, r::topology_view};
use rscope_core::tabs::{Doc, Text};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Properties of [`HwlocPanel`].
#[derive(Properties, PartialEq)]
pub struct HwlocProps {
    /// The topology's XML text.
    pub xml: Text,
    /// Where it came from, for the new tab's name.
    pub source: String,
    /// Opens a document as a new tab.
    pub on_open: Callback<Doc>,
    /// Takes the R the fields make with the XML it came from, or `None`
    /// when they make none, so that the page can draw it.
    pub on_r: Callback<Option<(Text, Text)>>,
}

/// The topology's panel.
#[function_component(HwlocPanel)]
pub fn hwloc_panel(props: &HwlocProps) -> Html {
    let hosts = use_state(String::new);
    let ranks = use_state(String::new);
    let view = use_memo(
        (props.xml.clone(), (*hosts).clone(), (*ranks).clone()),
        |(xml, hosts, ranks)| topology_view(xml, hosts, ranks),
    );
    {
        let (xml, on_r) = (props.xml.clone(), props.on_r.clone());
        use_effect_with((xml, view.r.clone()), move |(xml, r)| {
            on_r.emit(
                r.as_ref()
                    .ok()
                    .map(|r| (xml.clone(), Text::from(r.as_str()))),
            )
        });
    }
    let field = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            state.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_open = {
        let (r, source, open) = (view.r.clone(), props.source.clone(), props.on_open.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(text) = &r {
                open.emit(Doc {
                    source: format!("{source} as R"),
                    text: text.clone().into(),
                    provenance: None,
                })
            }
        })
    };
    let on_graph = {
        let (xml, source, open) = (
            props.xml.clone(),
            props.source.clone(),
            props.on_open.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            // A topology that reads gives a graph or a placed refusal; the
            // refusal is what the new tab then shows.
            let text = graph::from_hwloc(&xml).unwrap_or_else(|e| e.located());
            open.emit(Doc {
                source: format!("{source} graph"),
                text: text.into(),
                provenance: None,
            })
        })
    };
    html! {
        <section class="panel hwloc-panel" aria-labelledby="hwloc-heading" data-testid="hwloc-panel">
            <h2 id="hwloc-heading">{ "hwloc topology" }</h2>
            <p data-testid="hwloc-read">{ match &view.read {
                Ok(line) => html! { <>{ "Read: " }{ line.clone() }</> },
                Err(why) => html! { <span class="error">{ why.clone() }</span> },
            } }</p>
            <div class="hwloc-fields">
                <label class="setops-field">{ "Hosts of this topology (RFC 29 host list)" }
                    <input type="text" data-testid="hwloc-hosts" value={(*hosts).clone()} placeholder={view.host.clone()}
                        spellcheck="false" autocomplete="off" oninput={field(&hosts)} />
                </label>
                <label class="setops-field">{ "Ranks of this topology (RFC 22 id set)" }
                    <input type="text" data-testid="hwloc-ranks" value={(*ranks).clone()} placeholder="0"
                        spellcheck="false" autocomplete="off" oninput={field(&ranks)} />
                </label>
            </div>
            { match &view.r {
                Ok(r) => html! {
                    <>
                        <pre class="shape-output" data-testid="hwloc-r" tabindex="0" aria-label="R from the topology">{ r.clone() }</pre>
                        <div class="hwloc-actions">
                            <button type="button" data-testid="hwloc-open" onclick={on_open}>{ "Open as R in a new tab" }</button>
                            <button type="button" data-testid="hwloc-graph" onclick={on_graph}>{ "Open Fluxion's graph in a new tab" }</button>
                        </div>
                    </>
                },
                Err(why) => html! { <p class="error" role="alert" data-testid="hwloc-error">{ why.clone() }</p> },
            } }
        </section>
    }
}
