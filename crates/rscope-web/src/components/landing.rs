//! The first screen: while the tab holds no document, one card per kind
//! of document Rscope reads ([`rscope_core::teach::landing`]), each with
//! an example that opens in one click, above the editor to paste into.

pub use crate::model::ExampleEntry;
use rscope_core::teach::landing::{LandingCard, LANDING_CARDS, LANDING_LEAD};
use yew::prelude::*;

/// Properties of [`Landing`].
#[derive(Properties, PartialEq)]
pub struct LandingProps {
    /// The page's examples (empty until their index has loaded).
    pub examples: Vec<ExampleEntry>,
    /// Open an example, as the examples menu does.
    pub on_example: Callback<ExampleEntry>,
}

/// The cards of the first screen.
#[function_component(Landing)]
pub fn landing(props: &LandingProps) -> Html {
    html! {
        <section class="landing" aria-labelledby="landing-title" data-testid="landing">
            <h2 id="landing-title">{ "Start with a document about your system" }</h2>
            <p>{ LANDING_LEAD }</p>
            <ul class="landing-cards">
                { for LANDING_CARDS.iter().map(|card| landing_card(card, props)) }
            </ul>
        </section>
    }
}

/// One kind of document: what it is, its example's button (disabled until
/// the examples' index has come), where it comes from and its
/// specification. The button comes before the small print, so that on a
/// phone the first card's is on the first screen.
fn landing_card(card: &LandingCard, props: &LandingProps) -> Html {
    let example = (props.examples.iter())
        .find(|e| e.file == card.example)
        .cloned();
    let onclick = {
        let (on_example, example) = (props.on_example.clone(), example.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(ex) = &example {
                on_example.emit(ex.clone());
            }
        })
    };
    let (spec, href) = card.spec;
    html! {
        <li class="landing-card">
            <h3>{ card.kind }</h3>
            <p>{ card.about }</p>
            <button type="button" disabled={example.is_none()} {onclick}>{ card.button }</button>
            <p class="landing-source">{ card.command }{ " " }
                <a href={href} target="_blank" rel="noopener">{ spec }</a></p>
        </li>
    }
}
