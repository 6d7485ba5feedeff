//! The timeline part (`rscope_timeline.js`, cargo feature `timeline-part`):
//! what a `<rscope-view>` element with `view=timeline` draws above its
//! views, which the element's own bundle has no room for (its size
//! budget). `rscope-view.js` loads it only for such an element, on the
//! small bundle. It draws the chart as an image with the moment `at=`
//! names marked, says it in words under it, and hands back the grid's
//! colouring by each node's state then
//! ([`rscope_core::analysis::timeline::still_timeline`]). Not part of the
//! typed API.

use rscope_core::analysis::timeline;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Draw the element's timeline of the resource eventlog `text` at `at`
/// (its `at=`) in its `theme` (`light`, `dark`, else the reader's)
/// before `place`, the box its views are drawn in; returns `[colouring,
/// R]`: the grid's colouring, in the postcard bytes `mountView` takes,
/// and the system's R at that moment, the document the views draw (the
/// element's bundle reads R alone); nothing when `text` is no resource
/// eventlog (which is said there instead).
#[wasm_bindgen(js_name = stillTimeline, skip_typescript)]
pub fn still_timeline(
    place: &Element,
    text: &str,
    at: Option<String>,
    theme: Option<String>,
) -> Option<js_sys::Array> {
    let dark = match theme.as_deref() {
        Some("dark") => true,
        Some("light") => false,
        _ => gloo::utils::window()
            .match_media("(prefers-color-scheme: dark)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches()),
    };
    match timeline::still_timeline(text, at.as_deref(), dark) {
        Ok(t) => {
            if !t.svg.is_empty() {
                put_before(place, chart(&t.svg, &t.label));
            }
            for note in &t.notes {
                put_before(place, line(note, "hint", "embed-note", "status"));
            }
            Some(js_sys::Array::of2(
                &js_sys::Uint8Array::from(&t.coloring[..]),
                &JsValue::from_str(&t.r),
            ))
        }
        Err(why) => {
            put_before(place, line(&why, "error", "embed-error", "alert"));
            None
        }
    }
}

/// Insert `node` just before `place` (after what was put there before).
fn put_before(place: &Element, node: Option<Element>) {
    if let Some(node) = node {
        let _ = place.before_with_node_1(&node);
    }
}

/// A new element of `tag` with these attributes.
fn element(tag: &str, attributes: &[(&str, &str)]) -> Option<Element> {
    let e = gloo::utils::document().create_element(tag).ok()?;
    for (name, value) in attributes {
        e.set_attribute(name, value).ok()?;
    }
    Some(e)
}

/// The chart as an image (a `data:` URL: an image runs no script), with
/// `label`, its words, under it as text.
fn chart(svg: &str, label: &str) -> Option<Element> {
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        js_sys::encode_uri_component(svg)
    );
    let figure = element("figure", &[("data-testid", "still-timeline")])?;
    let img = element(
        "img",
        &[("alt", ""), ("style", "max-width: 100%"), ("src", &url)],
    )?;
    let caption = element("figcaption", &[])?;
    caption.set_text_content(Some(label));
    figure.append_with_node_2(&img, &caption).ok()?;
    Some(figure)
}

/// A line of words, as text, as the element says its notes and errors.
fn line(text: &str, class: &str, testid: &str, role: &str) -> Option<Element> {
    let p = element(
        "p",
        &[("class", class), ("data-testid", testid), ("role", role)],
    )?;
    p.set_text_content(Some(text));
    Some(p)
}
