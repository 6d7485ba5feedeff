//! The grid's tool row (zoom, folding, the legend, exports, the shape
//! line) and the selection panel under the grid. View functions rather
//! than components: they re-render with the grid anyway, and each yew
//! component costs the bundle its own lifecycle code.

use crate::components::grid_paint::paint_color;
use crate::components::summary::LongText;
use rscope_core::grid::geometry::{MAX_SVG_RECTS, ZOOMS};
use rscope_core::grid::Paint;
use rscope_core::rset::Rset;
use yew::prelude::*;

/// What [`grid_tools`] draws.
pub struct Tools {
    /// The zoom step shown (an index into [`ZOOMS`]).
    pub zoom: usize,
    /// Go to another zoom step.
    pub on_zoom: Callback<isize>,
    /// Whether identical neighbours are folded.
    pub fold: bool,
    /// Fold or unfold.
    pub on_fold: Callback<bool>,
    /// Whether display rows are density strips (folding does not apply).
    pub strips: bool,
    /// The legend: each paint with what it means.
    pub legend: Vec<(String, Paint)>,
    /// Export the grid as PNG.
    pub on_png: Callback<MouseEvent>,
    /// What the PNG leaves out when the grid is too large for one, if it
    /// does.
    pub png_note: Option<String>,
    /// Export the grid as SVG, or none when too large for one.
    pub on_svg: Option<Callback<MouseEvent>>,
    /// The line describing the grid's shape.
    pub shape: String,
}

/// The row of tools over the grid.
pub fn grid_tools(props: Tools) -> Html {
    let zoom_by = |step: isize| props.on_zoom.reform(move |_: MouseEvent| step);
    let on_fold = props.on_fold.reform(|e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        input.checked()
    });
    html! {
        <div class="grid-tools">
            <button onclick={zoom_by(-1)} aria-label="Zoom out" disabled={props.zoom == 0}>{ "−" }</button>
            <button onclick={zoom_by(1)} aria-label="Zoom in" disabled={props.zoom + 1 == ZOOMS.len()}>{ "+" }</button>
            <label class="inline check">
                <input type="checkbox" checked={props.fold} onchange={on_fold} disabled={props.strips} data-testid="fold" />
                { " fold identical nodes" }
            </label>
            { legend(&props.legend) }
            <button onclick={props.on_png} data-testid="export-png">{ "Export PNG" }</button>
            if let Some(note) = props.png_note {
                <span class="hint" data-testid="png-note">{ format!("PNG: {note}") }</span>
            }
            if let Some(on_svg) = props.on_svg {
                <button onclick={on_svg} data-testid="export-svg">{ "Export SVG" }</button>
            } else {
                <span class="hint" data-testid="svg-refused">{ format!("(over {MAX_SVG_RECTS} rectangles: too many for SVG; use PNG, or zoom out to density strips)") }</span>
            }
            <span class="hint" data-testid="grid-shape">{ props.shape }</span>
        </div>
    }
}

/// The marks of a paint's cells as the legend's swatch shows them
/// (`striped`, `dotted`, both, `crossed`, or none).
fn mark_name(p: Paint) -> Option<&'static str> {
    match rscope_core::grid::paint_marks(p) {
        (_, _, true) => Some("crossed"),
        (true, true, _) => Some("striped dotted"),
        (true, false, _) => Some("striped"),
        (false, true, _) => Some("dotted"),
        (false, false, _) => None,
    }
}

/// What each colour means.
pub fn legend(entries: &[(String, Paint)]) -> Html {
    html! {
        <ul class="legend" aria-label="Legend" data-testid="legend">
            { for entries.iter().map(|(name, p)| html! {
                <li data-color={paint_color(*p)} data-mark={mark_name(*p)}><span class={classes!("swatch", mark_name(*p))}
                    style={format!("background-color:{}", paint_color(*p))}></span>{ name.clone() }</li>
            }) }
        </ul>
    }
}

/// The selection as an R (its short form, JSON, copy and open), or how to
/// make one: `picked` holds the selected resources when there is a
/// selection, `on_open` opens them as a new tab (their R as JSON text);
/// the hint speaks of the editor only `beside_editor`.
pub fn selection_panel(
    picked: Option<&Rset>,
    on_open: &Callback<String>,
    on_clear: Callback<MouseEvent>,
    beside_editor: bool,
) -> Html {
    let Some(set) = picked else {
        let editor = match beside_editor {
            true => " A cell under the pointer highlights its R_lite entry in the editor (a click scrolls to it), and an entry under the pointer outlines its cells here.",
            false => "",
        };
        return html! {
            <div class="selection hint" data-testid="selection-hint">{ "Drag over cells (or click, then shift-click) to select resources as an R; with the keyboard, arrows and shift-arrows." }{ editor }</div>
        };
    };
    html! {
        <div class="selection" data-testid="selection" aria-live="polite">
            <span>{ "Selected: " }</span>
            if set.is_empty() {
                <span class="hint">{ "no resources in the selected cells" }</span>
            } else {
                <LongText text={AttrValue::from(set.short_form())} what="the selection" testid="selection-short" />
                <button onclick={copy_text(set.encode())}>{ "Copy R" }</button>
                <button onclick={on_open.reform({ let r = set.encode(); move |_: MouseEvent| r.clone() })}
                    data-testid="open-selection">{ "Open as new tab" }</button>
                <details class="selection-json">
                    <summary>{ "R as JSON" }</summary>
                    <pre tabindex="0"><LongText text={AttrValue::from(set.encode())} what="the selection's R" testid="selection-json" /></pre>
                </details>
                // The element draws documents to read, not systems to run
                // (and is at its size budget).
                if cfg!(feature = "page") {
                    { admin_commands(set) }
                }
            }
            <button onclick={on_clear} aria-label="Clear the selection">{ "Clear" }</button>
        </div>
    }
}

/// The commands an admin types next about the selected nodes, each with
/// a button that copies it.
fn admin_commands(set: &Rset) -> Html {
    let commands = rscope_core::commands::admin::next_commands(set);
    html! {
        <details class="selection-json" data-testid="admin-commands">
            <summary>{ "Commands for these nodes" }</summary>
            <ul class="admin-commands">
                { for commands.into_iter().map(|c| html! {
                    <li>
                        <span>{ format!("{}: ", c.what) }</span>
                        <code data-testid="admin-command">{ c.line.clone() }</code>
                        <button type="button" aria-label={format!("Copy the command to {}", c.what)}
                            onclick={copy_text(c.line)}>{ "Copy" }</button>
                    </li>
                }) }
            </ul>
        </details>
    }
}

/// Copy `text` to the clipboard on a click.
fn copy_text(text: String) -> Callback<MouseEvent> {
    Callback::from(move |_| {
        let _ = gloo::utils::window()
            .navigator()
            .clipboard()
            .write_text(&text);
    })
}
