//! An hwloc topology (`lstopo --of xml`) opened as a tab: what was read,
//! the host and rank fields, and the R they make, updated as the user
//! types. The page draws that R's grid and graph beside the panel, as
//! the user types (the panel hands it up through `on_r`). "Open as R"
//! opens that R in a new tab, where the summary and the set workbench
//! take it (two nodes' topologies become a
//! two-rank R with a union); "Open Fluxion's graph" opens the JGF graph
//! Fluxion's hwloc reader builds, drawn as a tree. Reading, encoding and
//! the graph are core calls ([`rscope_core::commands::r::topology_view`],
//! [`rscope_core::commands::graph::from_hwloc_for_tab`]); the view is read
//! in the shape worker as the person types (a large topology takes a
//! while), and the graph is built there too, so the page's thread never
//! parses the XML (the one exception: *Open as R* pressed before the
//! worker has answered the newest fields).

use crate::hooks::use_workers;
use rscope_core::commands::r::{TopologyAsk, TopologyView};
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
    let view = use_topology_view(&props.xml, &hosts, &ranks);
    let shapes = use_workers().shapes;
    {
        // The R goes up with the XML it was read from, not the tab's
        // current text: a view of another topology may still be showing.
        let on_r = props.on_r.clone();
        let made = view
            .as_ref()
            .map(|(read, v)| (read.xml.clone(), v.r.clone().ok()));
        use_effect_with(made, move |made| {
            on_r.emit(match made {
                Some((xml, Some(r))) => Some((xml.clone(), Text::from(r.as_str()))),
                _ => None,
            })
        });
    }
    let asked = TopologyFields {
        xml: props.xml.clone(),
        hosts: (*hosts).clone(),
        ranks: (*ranks).clone(),
    };
    let Some((read, view)) = view.as_ref() else {
        return html! {
            <section class="panel hwloc-panel" aria-labelledby="hwloc-heading" data-testid="hwloc-panel">
                <h2 id="hwloc-heading">{ "hwloc topology" }</h2>
                <p role="status">{ "Reading the topology…" }</p>
            </section>
        };
    };
    let field = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            state.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_open = {
        // The R of what is typed now: the worker's, when it has answered
        // these very fields; else (Open pressed right after typing) read
        // here, once, so the tab never opens the R of older fields.
        let fresh = (*read == asked).then(|| view.r.clone());
        let (source, open) = (props.source.clone(), props.on_open.clone());
        let asked = asked.clone();
        Callback::from(move |_: MouseEvent| {
            let r = fresh.clone().unwrap_or_else(|| asked.ask().view().r);
            if let Ok(text) = &r {
                open.emit(Doc {
                    source: format!("{source} as R"),
                    text: text.clone().into(),
                    ..Doc::default()
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
        let shapes = shapes.clone();
        Callback::from(move |_: MouseEvent| {
            // A topology that reads gives a graph or a placed refusal; the
            // refusal is what the new tab then shows. Built in the worker:
            // a large topology's graph takes a while.
            let (source, open) = (source.clone(), open.clone());
            let done = Callback::from(move |text: String| {
                open.emit(Doc {
                    source: format!("{source} graph"),
                    text: text.into(),
                    ..Doc::default()
                })
            });
            shapes.hwloc_graph(xml.to_string(), done);
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

/// What the panel asks of the worker: the topology and its two fields.
#[derive(Clone, PartialEq)]
struct TopologyFields {
    xml: Text,
    hosts: String,
    ranks: String,
}

impl TopologyFields {
    /// The ask as the core takes it.
    fn ask(&self) -> TopologyAsk {
        TopologyAsk {
            xml: self.xml.to_string(),
            hosts: self.hosts.clone(),
            ranks: self.ranks.clone(),
        }
    }
}

/// The view of `xml` for the two fields, read by the shape worker, with
/// what it answers: the panel keeps showing the last view while a newer
/// one is read, and has none only before the first.
#[hook]
fn use_topology_view(
    xml: &Text,
    hosts: &UseStateHandle<String>,
    ranks: &UseStateHandle<String>,
) -> UseStateHandle<Option<(TopologyFields, TopologyView)>> {
    let view = use_state_eq(|| None::<(TopologyFields, TopologyView)>);
    let shapes = use_workers().shapes;
    {
        let view = view.clone();
        let asked = TopologyFields {
            xml: xml.clone(),
            hosts: (**hosts).clone(),
            ranks: (**ranks).clone(),
        };
        use_effect_with(asked, move |asked| {
            let (answered, setter) = (asked.clone(), view.setter());
            let done =
                Callback::from(move |v: TopologyView| setter.set(Some((answered.clone(), v))));
            shapes.topology(asked.ask(), done);
        });
    }
    view
}
