//! Canvases sized for the screen: a canvas given a box of CSS pixels gets
//! the backing store [`rscope_core::canvas::backing`] says, and a 2D
//! context that draws in CSS pixels. The grid, its axis and the picture
//! all size their canvases here.

use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// The 2D context of `canvas`.
pub fn context_2d(canvas: &HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// Size `canvas` to `width` × `height` CSS pixels at the screen's pixel
/// ratio, and give its context scaled to draw in CSS pixels, with the
/// ratio (the canvas is cleared, as resizing does).
pub fn fit(
    canvas: &HtmlCanvasElement,
    width: f64,
    height: f64,
) -> Option<(CanvasRenderingContext2d, f64)> {
    let device = gloo::utils::window().device_pixel_ratio();
    let b = rscope_core::canvas::backing(width, height, device);
    canvas.set_width(b.width);
    canvas.set_height(b.height);
    let style = canvas.style();
    let _ = style.set_property("width", &format!("{width}px"));
    let _ = style.set_property("height", &format!("{height}px"));
    let ctx = context_2d(canvas)?;
    let _ = ctx.set_transform(b.ratio, 0.0, 0.0, b.ratio, 0.0, 0.0);
    Some((ctx, b.ratio))
}

/// Size a canvas made for an export to exactly `width` × `height` pixels
/// (an image file's pixels, whatever the screen), and give its context.
pub fn fit_export(
    canvas: &HtmlCanvasElement,
    width: f64,
    height: f64,
) -> Option<CanvasRenderingContext2d> {
    let b = rscope_core::canvas::backing(width, height, 1.0);
    canvas.set_width(b.width);
    canvas.set_height(b.height);
    context_2d(canvas)
}
