//! What the editor and the large-document viewer share: highlighted lines
//! drawn as text pieces, the width of a character, and the byte under the
//! pointer. The arithmetic itself lives in [`rscope_core::textview`].

pub use crate::model::{Point, Reveal};
use rscope_core::textview::{byte_at, pieces, Lines, Mark, Squiggles, LONG_LINE};
use std::ops::Range;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Line height in pixels; the style sheet sets the same on `.editor`.
pub const LINE_HEIGHT: f64 = 20.0;

/// Extra columns drawn on each side of a long line's window, so a small
/// horizontal scroll does not show a gap before the next render.
const MARGIN_COLUMNS: usize = 200;

/// Scroll `el` (whose text starts `pad` pixels in, `left` pixels after
/// its left edge) so `reveal` is in view, if it is not.
pub fn reveal_in(el: &web_sys::Element, reveal: &Reveal, char_w: f64, pad: f64, left: f64) {
    let y = pad + reveal.line as f64 * LINE_HEIGHT;
    let (top, h) = (f64::from(el.scroll_top()), f64::from(el.client_height()));
    if y < top || y + LINE_HEIGHT > top + h {
        el.set_scroll_top((y - h / 3.0).max(0.0) as i32);
    }
    let x = pad + left + reveal.col as f64 * char_w;
    let (sl, w) = (f64::from(el.scroll_left()), f64::from(el.client_width()));
    if x < sl + left || x + char_w > sl + w {
        el.set_scroll_left((x - left - w / 4.0).max(0.0) as i32);
    }
}

/// Where the view is: scroll offsets and size, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Scroll from the left.
    pub left: f64,
    /// Scroll from the top.
    pub top: f64,
    /// Visible width.
    pub width: f64,
    /// Visible height.
    pub height: f64,
}

impl Default for Viewport {
    fn default() -> Self {
        Viewport {
            left: 0.0,
            top: 0.0,
            width: 800.0,
            height: 480.0,
        }
    }
}

impl Viewport {
    /// The viewport of a scrolled element.
    pub fn of(el: &web_sys::Element) -> Viewport {
        Viewport {
            left: f64::from(el.scroll_left()),
            top: f64::from(el.scroll_top()),
            width: f64::from(el.client_width()),
            height: f64::from(el.client_height()),
        }
    }

    /// The lines in view (with one line to spare at each end) when the
    /// text starts `pad` pixels below the top of the scrolled content.
    pub fn lines(&self, count: usize, pad: f64) -> Range<usize> {
        let first = ((self.top - pad) / LINE_HEIGHT).floor().max(0.0) as usize;
        let shown = (self.height / LINE_HEIGHT).ceil() as usize + 2;
        first.min(count)..(first + shown).min(count)
    }
}

/// The width of one character of `el`'s font, measured on a canvas.
pub fn char_width(el: &web_sys::Element) -> Option<f64> {
    let style = gloo::utils::window()
        .get_computed_style(el)
        .ok()
        .flatten()?;
    // The `font` shorthand is not serialized by every browser; its parts are.
    let part = |name: &str| style.get_property_value(name).unwrap_or_default();
    let font = format!(
        "{} {} {} {}",
        part("font-style"),
        part("font-weight"),
        part("font-size"),
        part("font-family")
    );
    let canvas = gloo::utils::document()
        .create_element("canvas")
        .ok()?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .ok()?;
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()?
        .dyn_into::<web_sys::CanvasRenderingContext2d>()
        .ok()?;
    ctx.set_font(&font);
    let w = ctx.measure_text("0123456789").ok()?.width() / 10.0;
    (w > 0.0).then_some(w)
}

/// Line `i` of `text` as highlighted pieces. Long lines only get the columns
/// in view (from `left` pixels, `width` wide); the returned offset in pixels
/// is where the first drawn column starts.
pub fn line_pieces(
    text: &str,
    lines: &Lines,
    i: usize,
    marks: &[Mark],
    view: &Viewport,
    char_w: f64,
) -> (Html, f64) {
    let mut range = lines.range(i);
    let mut offset = 0.0;
    if range.len() > LONG_LINE {
        let first = ((view.left / char_w) as usize).saturating_sub(MARGIN_COLUMNS);
        let count = (view.width / char_w) as usize + 2 * MARGIN_COLUMNS;
        let (r, col) = lines.window(text, i, first, count);
        range = r;
        offset = col as f64 * char_w;
    }
    let html = pieces(range, marks)
        .into_iter()
        .map(|p| {
            let class = classes!(p.squiggle.map(|t| t.class()), p.linked.then_some("linked"));
            // Text nodes, never markup: a document's strings stay inert.
            let s = text.get(p.span).unwrap_or("").to_string();
            if class.is_empty() {
                html! { { s } }
            } else {
                html! { <span {class}>{ s }</span> }
            }
        })
        .collect::<Html>();
    (html, offset)
}

/// The byte under a point `(x, y)` given in pixels from the text's top-left
/// corner (scroll included), or `None` below the last line.
pub fn byte_under(text: &str, lines: &Lines, x: f64, y: f64, char_w: f64) -> Option<usize> {
    if y < 0.0 {
        return None;
    }
    let line = (y / LINE_HEIGHT) as usize;
    if line >= lines.count() {
        return None;
    }
    let range = lines.range(line);
    let col = x / char_w;
    Some(if range.len() > LONG_LINE {
        lines.window(text, line, col.max(0.0) as usize, 1).0.start
    } else {
        byte_at(text, range, col)
    })
}

/// A message shown by the pointer: where (pixels in the element) and what.
pub type Tip = Option<(f64, f64, String)>;

/// What the pointer at `(px, py)` in an element is on, given the same point
/// `(x, y)` in text coordinates: the byte (reported as a hover point) and
/// the messages of the squiggles there, placed just under the pointer.
pub fn pointed(
    text: &str,
    lines: &Lines,
    squiggles: &Squiggles,
    char_w: f64,
    (px, py): (f64, f64),
    (x, y): (f64, f64),
) -> (Option<Point>, Tip) {
    let at = (x >= 0.0)
        .then(|| byte_under(text, lines, x, y, char_w))
        .flatten();
    let tip = at
        .and_then(|at| squiggles.messages_at(at))
        .map(|m| (px + 12.0, py + 18.0, m));
    (at.map(|at| Point { at, caret: false }), tip)
}

/// The pointer left the text: nothing is pointed at, no message shown.
pub fn on_leave(
    on_point: &Callback<Option<Point>>,
    tip: &UseStateHandle<Tip>,
) -> Callback<MouseEvent> {
    let (on_point, tip) = (on_point.clone(), tip.clone());
    Callback::from(move |_: MouseEvent| {
        on_point.emit(None);
        tip.set(None);
    })
}
