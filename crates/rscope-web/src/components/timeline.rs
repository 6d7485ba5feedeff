//! A resource eventlog's timeline under the grid: the chart of nodes by
//! state over the log's range (drained nodes stacked by reason), the
//! moment the grid shows as a line across it, and the slider that moves
//! that moment event by event (arrow keys, Home, End) or a day at a time
//! (Page Up, Page Down, and the buttons). The slider's state is the
//! core's [`Slider`]; the shapes and the SVG file are the core's
//! ([`chart_paths`], [`timeline_svg`]), so this only draws.

use super::grid_paint::{dark_theme, download};
use rscope_core::analysis::timeline::{
    chart_paths, chart_x, timeline_svg, Slider, SliderAction, Timeline,
};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The chart's box, in SVG units (it scales to the panel's width).
const CHART_W: f64 = 600.0;
const CHART_H: f64 = 120.0;

/// Properties of [`TimelinePanel`].
#[derive(Properties, PartialEq)]
pub struct TimelineProps {
    /// The log's timeline.
    pub timeline: Rc<Timeline>,
    /// Where the slider is.
    pub slider: Slider,
    /// Told each step.
    pub on_step: Callback<SliderAction>,
    /// Whether the grid still shows an earlier moment.
    pub waiting: bool,
}

/// What a key on the slider does, beyond the arrows the range input
/// handles itself: a day back or on.
fn key_step(key: &str) -> Option<SliderAction> {
    match key {
        "PageUp" => Some(SliderAction::DayOn),
        "PageDown" => Some(SliderAction::DayBack),
        "Home" => Some(SliderAction::First),
        "End" => Some(SliderAction::Last),
        "ArrowLeft" | "ArrowDown" => Some(SliderAction::Previous),
        "ArrowRight" | "ArrowUp" => Some(SliderAction::Next),
        _ => None,
    }
}

/// The timeline panel.
#[function_component(TimelinePanel)]
pub fn timeline_panel(props: &TimelineProps) -> Html {
    let slider = &props.slider;
    let on_input = {
        let on_step = props.on_step.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(i) = input.value().parse::<usize>() {
                on_step.emit(SliderAction::To(i));
            }
        })
    };
    let on_key = {
        let on_step = props.on_step.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(a) = key_step(&e.key()) {
                e.prevent_default();
                on_step.emit(a);
            }
        })
    };
    let button = |label: &'static str, action: SliderAction, id: &'static str| {
        let on_step = props.on_step.clone();
        html! { <button type="button" data-testid={id} onclick={Callback::from(move |_| on_step.emit(action))}>{ label }</button> }
    };
    let shown = if slider.asked().is_none() {
        "after its last event".to_string()
    } else {
        format!("at {}", slider.label())
    };
    html! {
        <section class="panel timeline" aria-label="Timeline" data-testid="timeline">
            <h2>{ "Timeline" }</h2>
            <p class="hint">{ format!("The grid shows the system {shown}. Move the slider, or use the arrow keys to step an event and Page Up or Page Down to step a day.") }</p>
            { chart(props) }
            <div class="timeline-controls">
                { button("First", SliderAction::First, "timeline-first") }
                { button("A day back", SliderAction::DayBack, "timeline-day-back") }
                { button("Previous event", SliderAction::Previous, "timeline-previous") }
                <input type="range" min="0" max={slider.len().saturating_sub(1).to_string()} value={slider.index().to_string()}
                    aria-label="Moment shown on the grid" aria-valuetext={slider.label()} data-testid="timeline-slider"
                    oninput={on_input} onkeydown={on_key} />
                { button("Next event", SliderAction::Next, "timeline-next") }
                { button("A day on", SliderAction::DayOn, "timeline-day-on") }
                { button("Last", SliderAction::Last, "timeline-last") }
            </div>
            <p class="timeline-moment" aria-live="polite" data-testid="timeline-moment">
                { slider.label() }
                if props.waiting { { " (replaying…)" } }
            </p>
        </section>
    }
}

/// The chart with its legend and export, or why there is none.
fn chart(props: &TimelineProps) -> Html {
    let Some(chart) = props.timeline.chart.as_ref() else {
        return html! { <p class="hint">{ "Every event is at one instant: there is no range to chart." }</p> };
    };
    let paths = chart_paths(chart, CHART_W, CHART_H);
    let at = props.slider.at().unwrap_or(chart.until);
    let x = chart_x(chart, at, CHART_W);
    let summary = paths
        .iter()
        .map(|p| format!("{}: {}", p.label, p.hours))
        .collect::<Vec<_>>()
        .join("; ");
    let on_export = {
        let (chart, at) = (chart.clone(), props.slider.asked());
        Callback::from(move |_: MouseEvent| {
            let svg = timeline_svg(&chart, at, dark_theme(None));
            let url = format!(
                "data:image/svg+xml;charset=utf-8,{}",
                js_sys::encode_uri_component(&svg)
            );
            download(&url, "rscope-timeline.svg");
        })
    };
    html! {
        <>
            <svg class="timeline-chart" viewBox={format!("0 0 {CHART_W} {CHART_H}")} preserveAspectRatio="none"
                role="img" aria-label={format!("Nodes by state over time: {summary}")} data-testid="timeline-chart">
                { for paths.iter().map(|p| html! { <path d={p.d.clone()} fill={p.color}><title>{ p.label.clone() }</title></path> }) }
                <line class="timeline-now" x1={format!("{x:.1}")} x2={format!("{x:.1}")} y1="0" y2={CHART_H.to_string()} />
            </svg>
            <div class="timeline-ends"><span>{ rscope_core::time::utc(chart.since) }</span><span>{ rscope_core::time::utc(chart.until) }</span></div>
            <ul class="timeline-legend" data-testid="timeline-legend">
                { for paths.iter().map(|p| html! {
                    <li><span class="swatch" style={format!("background:{}", p.color)}></span>{ format!("{}: {}", p.label, p.hours) }</li>
                }) }
            </ul>
            <button type="button" data-testid="timeline-export-svg" onclick={on_export}>{ "Export SVG" }</button>
        </>
    }
}
