//! The browser front end (wasm32 only): a yew app and a JS API facade.

#[cfg(feature = "page")]
pub mod api;
#[cfg(feature = "page")]
pub mod api_graph;
#[cfg(feature = "page")]
pub mod api_hwloc;
#[cfg(feature = "page")]
pub mod api_lists;
#[cfg(feature = "page")]
pub mod api_r;
#[cfg(feature = "page")]
pub mod api_sets;
#[cfg(feature = "page")]
pub mod api_shape;
#[cfg(feature = "page")]
pub mod api_teach;
pub mod app;
pub mod components;
pub mod embed;
pub mod hooks;
pub mod load;
pub mod setops_worker;
pub mod shape_worker;
pub mod shown;
pub mod state;
pub mod storage;
pub mod worker;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's UTF-8 encoder.
    #[wasm_bindgen(js_name = TextEncoder)]
    type Utf8Encoder;

    #[wasm_bindgen(constructor, js_class = "TextEncoder")]
    fn new() -> Utf8Encoder;

    #[wasm_bindgen(method, js_class = "TextEncoder")]
    fn encode(this: &Utf8Encoder, text: &js_sys::JsString) -> js_sys::Uint8Array;

    /// Encode `text` straight into `into` (wasm memory, no array made in
    /// between); says how much it read and wrote.
    #[wasm_bindgen(method, js_class = "TextEncoder", js_name = encodeInto)]
    fn encode_into(this: &Utf8Encoder, text: &js_sys::JsString, into: &mut [u8]) -> Encoded;

    /// What `encodeInto` did.
    type Encoded;

    #[wasm_bindgen(method, getter)]
    fn written(this: &Encoded) -> u32;

    /// The UTF-16 units `encodeInto` read.
    #[wasm_bindgen(method, getter)]
    fn read(this: &Encoded) -> u32;
}

/// A JavaScript string as a Rust one, through the browser's encoder:
/// wasm-bindgen's own conversion walks an ASCII text a character at a time
/// in JavaScript, tens of milliseconds for a 3 MB paste. Lone surrogates
/// become U+FFFD either way. Encoded straight into wasm memory
/// (`encodeInto`: no array made and copied in between, a quarter of the
/// time), first into as many bytes as the string has UTF-16 units, which
/// an ASCII text fills exactly, then, if characters remain, into room for
/// three bytes each (the most a UTF-16 unit takes).
pub fn string_of(js: &js_sys::JsString) -> String {
    let encoder = Utf8Encoder::new();
    // The element's bundle reads small documents and has a size budget:
    // it takes the short way, `encode` and a copy.
    if !cfg!(feature = "page") {
        let bytes = encoder.encode(js).to_vec();
        return String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    }
    let len = js.length() as usize;
    let mut bytes = vec![0u8; len];
    let done = encoder.encode_into(js, &mut bytes);
    let (mut read, mut written) = (done.read() as usize, done.written() as usize);
    if read < len {
        // `encodeInto` stops before a character that does not fit, never
        // inside a surrogate pair.
        let rest = js.slice(read as u32, len as u32);
        bytes.resize(written + 3 * (len - read), 0);
        let done = encoder.encode_into(&rest, &mut bytes[written..]);
        read += done.read() as usize;
        written += done.written() as usize;
    }
    debug_assert_eq!(read, len);
    bytes.truncate(written);
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// UTF-16 units [`text_in_slices`] converts at a time (about a
/// millisecond a mebibyte, read, checked and copied), between checks of
/// the task's time ([`Pacer`]).
const CONVERT_SLICE: u32 = 1 << 20;

/// A JavaScript string as a [`crate::tabs::Text`], converted as
/// [`string_of`] does but a slice at a time, with a pause for the page
/// once a task has run for [`Pacer`]'s share: a 16 MiB paste converted at
/// once held the page's thread for over 100 ms (issue 12: no document up
/// to the page's limit blocks it longer than the budget). Each slice is
/// encoded straight into wasm memory (`encodeInto`: a quarter of the time
/// `encode` and a copy take) and appended; the whole text is never read
/// or copied in one step. A surrogate pair is never cut.
pub async fn text_in_slices(js: &js_sys::JsString) -> crate::tabs::Text {
    let len = js.length();
    let encoder = Utf8Encoder::new();
    // A UTF-16 unit is at most three bytes of UTF-8.
    let mut scratch = vec![0u8; 3 * CONVERT_SLICE.min(len) as usize];
    let mut text = crate::tabs::TextBuilder::with_capacity(len as usize);
    let mut pacer = Pacer::new();
    let mut at = 0;
    while at < len {
        let mut end = len.min(at + CONVERT_SLICE);
        if end < len && (0xD800..0xDC00).contains(&(js.char_code_at(end - 1) as u32)) {
            end -= 1;
        }
        let written = encoder
            .encode_into(&js.slice(at, end), &mut scratch)
            .written() as usize;
        let bytes = scratch.get(..written).unwrap_or_default();
        match std::str::from_utf8(bytes) {
            Ok(part) => text.push(part),
            Err(_) => text.push(&String::from_utf8_lossy(bytes)),
        }
        at = end;
        pacer.pause().await;
    }
    mark("rscope:text-converted");
    text.finish()
}

/// Milliseconds of work a task does before [`Pacer::pause`] lets the
/// page have its thread: well under the 50 ms budget of issue 12 once a
/// frame's own work and a busy machine are added.
const TASK_MS: f64 = 8.0;

/// Let the page paint and answer input: what follows runs in a task of its
/// own. A message to ourselves rather than `setTimeout(0)`, which browsers
/// hold at least 4 ms once timeouts nest five deep: long work pauses
/// dozens of times.
pub async fn next_task() {
    let posted = js_sys::Promise::new(&mut |resolve, _| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        channel.port1().set_onmessage(Some(&resolve));
        if channel.port2().post_message(&JsValue::NULL).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(posted).await;
}

/// Long work on the page's thread, cut into tasks of about [`TASK_MS`]
/// (or another share): call [`Pacer::pause`] between steps of a few
/// milliseconds each.
pub struct Pacer {
    performance: Option<web_sys::Performance>,
    since: f64,
    share: f64,
}

impl Pacer {
    /// A pacer whose first task begins now.
    pub fn new() -> Pacer {
        Pacer::with_share(TASK_MS)
    }

    /// A pacer whose tasks work for `share` milliseconds each.
    pub fn with_share(share: f64) -> Pacer {
        let performance = gloo::utils::window().performance();
        let since = performance.as_ref().map_or(0.0, |p| p.now());
        Pacer {
            performance,
            since,
            share,
        }
    }

    /// Yield to the page ([`next_task`]) once this task has worked for its
    /// share; otherwise go on at once. Says whether it yielded, after which
    /// the work may have been superseded.
    pub async fn pause(&mut self) -> bool {
        let now = || self.performance.as_ref().map_or(f64::INFINITY, |p| p.now());
        if now() - self.since < self.share {
            return false;
        }
        next_task().await;
        self.since = now();
        true
    }
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer::new()
    }
}

/// Leave a `performance.mark` for the benchmark spec (www/bench/), which
/// sets `window.RSCOPE_MARKS` before the page loads. Off otherwise: a mark
/// per grid paint would pile up over a long session.
pub fn mark(name: &str) {
    let window = gloo::utils::window();
    let on = js_sys::Reflect::get(&window, &"RSCOPE_MARKS".into()).is_ok_and(|v| v.is_truthy());
    if let (true, Some(p)) = (on, window.performance()) {
        let _ = p.mark(name);
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wait;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Draw a `<rscope-view>` element's views into `root` (see
/// `static/rscope-view.js`): its attributes as `[name, value]` pairs, its
/// inline document if any, the Rscope page "Open in Rscope" goes to, and
/// the element's name on the host page (its regions are named with it),
/// and the fetch of its `src` the element started while the bundle
/// loaded, if any (`[src, promise of the response]`); returns the
/// function that takes the views down.
#[wasm_bindgen(js_name = mountView)]
pub fn mount_view(
    root: web_sys::Element,
    attributes: Vec<JsValue>,
    inline: Option<String>,
    page: String,
    name: String,
    fetched: Option<js_sys::Array>,
) -> js_sys::Function {
    // The element's bundle has no room for the hook (its size budget); a
    // panic there still stops with wasm's own trap message.
    #[cfg(feature = "page")]
    console_error_panic_hook::set_once();
    let fetched = fetched.and_then(|pair| {
        let url = pair.get(0).as_string()?;
        let answer = pair.get(1).dyn_into::<js_sys::Promise>().ok()?;
        Some(embed::Prefetched { url, answer })
    });
    embed::mount_view(root, attributes, inline, page, name, fetched)
}

/// Mount the Rscope app on the element with id `app`, or on `<body>`,
/// once the documents of the last visit are read back: the page never
/// shows an editor that a late restore would overwrite.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = mountApp)]
pub fn mount_app() {
    console_error_panic_hook::set_once();
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    if crate::embed::is_embed(&search) {
        // The iframe mode reads and stores no tabs of the reader's own.
        match gloo::utils::document().get_element_by_id("app") {
            Some(root) => yew::Renderer::<embed::EmbedApp>::with_root(root).render(),
            None => yew::Renderer::<embed::EmbedApp>::new().render(),
        };
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        storage::restore().await;
        let document = gloo::utils::document();
        match document.get_element_by_id("app") {
            Some(root) => {
                yew::Renderer::<app::App>::with_root(root).render();
            }
            None => {
                yew::Renderer::<app::App>::new().render();
            }
        }
        mark("rscope:mounted");
    });
}
