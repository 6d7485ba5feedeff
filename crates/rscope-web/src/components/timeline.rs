//! A resource eventlog's timeline under the grid: the chart of nodes by
//! state over the log's range (drained nodes stacked by reason), the
//! moment the grid shows as a line across it, and the slider that moves
//! that moment event by event (arrow keys, Home, End) or a day at a time
//! (Page Up, Page Down, and the buttons). The slider's state is the
//! core's [`Slider`]; the shapes and the SVG file are the core's
//! ([`chart_paths`], [`timeline_svg`]), so this only draws.

use super::events::EventList;
use super::grid_paint::{dark_theme, download};
use rscope_core::analysis::figures::{FigureTable, TableSort, ROWS_SHOWN};
use rscope_core::analysis::timeline::{
    chart_paths, chart_x, timeline_svg, ChartPath, Slider, SliderAction, Timeline,
};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The chart's box, in SVG units (it scales to the panel's width).
const CHART_W: f64 = 600.0;
const CHART_H: f64 = 120.0;

/// Properties of [`TimelinePanel`].
#[derive(Properties)]
pub struct TimelineProps {
    /// The log's timeline.
    pub timeline: Rc<Timeline>,
    /// Where the slider is.
    pub slider: Slider,
    /// Told each step.
    pub on_step: Callback<SliderAction>,
    /// Whether the grid still shows an earlier moment.
    pub waiting: bool,
    /// The event list.
    pub events: crate::hooks::EventList,
    /// Outline ranks on the grid (an event's).
    pub on_outline: Callback<Option<String>>,
}

impl PartialEq for TimelineProps {
    /// The same timeline is the same answer: its moments and figures are
    /// not compared one by one at each render.
    fn eq(&self, other: &TimelineProps) -> bool {
        Rc::ptr_eq(&self.timeline, &other.timeline)
            && self.slider == other.slider
            && self.on_step == other.on_step
            && self.waiting == other.waiting
            && self.events == other.events
            && self.on_outline == other.on_outline
    }
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
    // The chart's areas are written once per timeline, not at each step:
    // thousands of coordinates took a frame's time.
    let paths = use_memo(SameTimeline(props.timeline.clone()), |t| {
        (t.0.chart.as_ref()).map_or_else(Vec::new, |c| chart_paths(c, CHART_W, CHART_H))
    });
    let shown = if slider.asked().is_none() {
        "after its last event".to_string()
    } else {
        format!("at {}", slider.label())
    };
    html! {
        <section id="timeline" class="panel timeline" aria-label="Timeline" data-testid="timeline">
            <h2>{ "Timeline" }</h2>
            <p class="hint">{ format!("The grid shows the system {shown}. Move the slider, or use the arrow keys to step an event and Page Up or Page Down to step a day.") }</p>
            { chart(props, &paths) }
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
            <EventList page={props.events.page.clone()} query={props.events.query.clone()} on_query={props.events.on_query.clone()}
                on_time={props.on_step.reform(SliderAction::Time)} on_outline={props.on_outline.clone()} at={slider.at()}
                peek={props.events.peek} />
            { for (0..props.timeline.figures.len()).map(|index| html! {
                <FiguresTable timeline={SameTimeline(props.timeline.clone())} {index} />
            }) }
        </section>
    }
}

/// The chart, its areas `paths`, with its legend and export, or why
/// there is none.
fn chart(props: &TimelineProps, paths: &[ChartPath]) -> Html {
    let Some(chart) = props.timeline.chart.as_ref() else {
        return html! { <p class="hint">{ "Every event is at one instant: there is no range to chart." }</p> };
    };
    let at = props.slider.at().unwrap_or(chart.until);
    let x = chart_x(chart, at, CHART_W);
    let summary = paths
        .iter()
        .map(|p| format!("{}: {}", p.label, p.hours))
        .collect::<Vec<_>>()
        .join("; ");
    let export = |png: bool| {
        let (chart, at) = (chart.clone(), props.slider.asked());
        Callback::from(move |_: MouseEvent| {
            let svg = timeline_svg(&chart, at, dark_theme(None));
            let url = format!(
                "data:image/svg+xml;charset=utf-8,{}",
                js_sys::encode_uri_component(&svg)
            );
            match png {
                true => export_png(&url),
                false => download(&url, "rscope-timeline.svg"),
            }
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
            <div class="timeline-exports">
                <button type="button" data-testid="timeline-export-svg" onclick={export(false)}>{ "Export SVG" }</button>
                <button type="button" data-testid="timeline-export-png" onclick={export(true)}>{ "Export PNG" }</button>
            </div>
        </>
    }
}

/// A timeline, compared by address.
#[derive(Clone)]
pub struct SameTimeline(pub Rc<Timeline>);

impl PartialEq for SameTimeline {
    fn eq(&self, other: &SameTimeline) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Properties of [`FiguresTable`].
#[derive(Properties, PartialEq)]
pub struct FiguresTableProps {
    /// The timeline whose figures these are.
    pub timeline: SameTimeline,
    /// Which of its tables.
    pub index: usize,
}

/// One table of history's figures (the first, the drain reasons, open;
/// the others folded until opened), sorted by the
/// button in a column's heading
/// ([`rscope_core::analysis::figures::TableSort`]); the first
/// [`ROWS_SHOWN`] rows in that order are drawn.
#[function_component(FiguresTable)]
pub fn figures_table(props: &FiguresTableProps) -> Html {
    let table = &props.timeline.0.figures[props.index];
    let sort = use_state(|| table.sort);
    let order = use_memo((props.timeline.clone(), *sort), |(t, sort)| {
        sort.order(&t.0.figures[props.index])
    });
    let heading = |(column, name): (usize, &String)| sort_heading(table, &sort, column, name);
    let row = |&i: &usize| {
        let r = &table.rows[i];
        html! {
            <tr data-testid="figure-row">
                { for r.cells.iter().enumerate().map(|(c, text)| {
                    let numeric = table.numeric.get(c).copied().unwrap_or(false);
                    let bar = r.bar.filter(|_| c == 1).map(|b| html! {
                        <span class="figure-bar" style={format!("width: {:.1}%", b * 100.0)}></span>
                    });
                    html! { <td class={classes!(numeric.then_some("num"))}>{ bar }{ text.clone() }</td> }
                }) }
            </tr>
        }
    };
    let more = table.rows.len().saturating_sub(ROWS_SHOWN);
    html! {
        <details class="figures" data-testid="figures" open={props.index == 0}>
            <summary>{ format!("{} ({})", table.caption, rscope_core::words::count(table.rows.len(), "row")) }</summary>
            <div class="table-scroll">
                <table>
                    <caption>{ table.caption.clone() }</caption>
                    <thead><tr>{ for table.headings.iter().enumerate().map(heading) }</tr></thead>
                    <tbody>{ for order.iter().take(ROWS_SHOWN).map(row) }</tbody>
                </table>
            </div>
            if more > 0 {
                <p class="hint">{ format!("The first {ROWS_SHOWN} rows are shown, {} more are not: sort by another column to see them first.", rscope_core::words::grouped(more as u64)) }</p>
            }
        </details>
    }
}

/// The heading of `table`'s column `column`, named `name`: a button
/// that sorts the table by it (`sort`), which way it is sorted said to
/// screen readers. History's figures and the job table share it.
pub fn sort_heading(
    table: &FigureTable,
    sort: &UseStateHandle<TableSort>,
    column: usize,
    name: &str,
) -> Html {
    let numeric = table.numeric.get(column).copied().unwrap_or(false);
    let onclick = {
        let sort = sort.clone();
        Callback::from(move |_: MouseEvent| sort.set(sort.by(column, numeric)))
    };
    html! {
        <th scope="col" aria-sort={sort.aria(column)} class={classes!(numeric.then_some("num"))}>
            <button type="button" {onclick}>{ name.to_string() }</button>
        </th>
    }
}

/// Download the timeline's SVG (`url`, a data URL) drawn as a PNG: the
/// browser draws the SVG as an image onto a canvas of its size, so the
/// PNG shows what the SVG file shows.
fn export_png(url: &str) {
    use wasm_bindgen::JsCast;
    let Ok(image) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let drawn = image.clone();
    gloo::events::EventListener::once(&image, "load", move |_| {
        let canvas = gloo::utils::document()
            .create_element("canvas")
            .ok()
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok());
        let Some(canvas) = canvas else { return };
        canvas.set_width(drawn.natural_width());
        canvas.set_height(drawn.natural_height());
        let ctx = canvas.get_context("2d").ok().flatten();
        let ctx = ctx.and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
        if let Some(ctx) = ctx {
            let _ = ctx.draw_image_with_html_image_element(&drawn, 0.0, 0.0);
        }
        if let Ok(png) = canvas.to_data_url_with_type("image/png") {
            download(&png, "rscope-timeline.png");
        }
    })
    .forget();
    image.set_src(url);
}
