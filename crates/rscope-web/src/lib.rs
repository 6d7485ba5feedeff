//! The browser front end (wasm32 only): a yew app and a JS API facade.
//!
//! It draws what `rscope_core` computes; ARCHITECTURE.md has the code map
//! and the page's own layer table.

#![cfg(target_arch = "wasm32")]

pub mod analysis_worker;
#[cfg(any(feature = "page", feature = "part"))]
pub mod api;
pub mod app;
pub mod canvas;
pub mod channel;
pub mod components;
pub mod embed;
pub mod hooks;
pub mod load;
pub mod model;
pub mod setops_worker;
pub mod shape_worker;
pub mod shown;
pub mod state;
pub mod storage;
pub mod task;
pub mod text;
pub mod workers;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wait;

#[cfg(any(feature = "page", not(feature = "part")))]
use wasm_bindgen::prelude::*;
#[cfg(any(feature = "page", not(feature = "part")))]
use wasm_bindgen::JsCast;

// A part (`jobs-part`, `timeline-part`) exports its own functions only.
#[cfg(not(feature = "part"))]
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Draw a `<rscope-view>` element's views into `root` (rscope-view.js
 * calls it); returns the function that takes them down. */
export function mountView(root: Element, attributes: any[], inline: string | null | undefined, page: string, name: string, fetched?: Array<any> | null, jobs?: Uint8Array | null): Function;
/** Mount the Rscope page on the element with id `app`, or on `<body>`. */
export function mountApp(): void;
/** Mount the iframe mode (`index.html?embed`) on the element with id
 * `app`, or on `<body>`; the element's small bundle has it too. */
export function mountFrame(): void;
"#;

/// Draw a `<rscope-view>` element's views into `root` (see
/// `static/rscope-view.js`): its attributes as `[name, value]` pairs, its
/// inline document if any, the Rscope page "Open in Rscope" goes to, and
/// the element's name on the host page (its regions are named with it),
/// and the fetch of its `src` the element started while the bundle
/// loaded, if any (`[src, promise of the response]`), and the grid's
/// colouring by the jobs of its `jobs=` list, as the job list part's
/// `jobColoring` wrote it; returns the function that takes the views down.
#[cfg(not(feature = "part"))]
#[wasm_bindgen(js_name = mountView, skip_typescript)]
pub fn mount_view(
    root: web_sys::Element,
    attributes: Vec<JsValue>,
    inline: Option<String>,
    page: String,
    name: String,
    fetched: Option<js_sys::Array>,
    jobs: Option<js_sys::Uint8Array>,
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
    embed::mount_view(root, attributes, inline, page, name, fetched, jobs)
}

/// Mount the iframe mode on the element with id `app`, or on `<body>`. It
/// reads and stores no tabs of the reader's own. `index.html?embed` calls
/// it from the element's small bundle (`pkg-embed/`), which has it too.
#[cfg(not(feature = "part"))]
#[wasm_bindgen(js_name = mountFrame, skip_typescript)]
pub fn mount_frame() {
    #[cfg(feature = "page")]
    console_error_panic_hook::set_once();
    match gloo::utils::document().get_element_by_id("app") {
        Some(root) => yew::Renderer::<embed::EmbedApp>::with_root(root).render(),
        None => yew::Renderer::<embed::EmbedApp>::new().render(),
    };
}

/// Mount the Rscope app on the element with id `app`, or on `<body>`,
/// once the documents of the last visit are read back: the page never
/// shows an editor that a late restore would overwrite.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = mountApp, skip_typescript)]
pub fn mount_app() {
    console_error_panic_hook::set_once();
    let search = gloo::utils::window()
        .location()
        .search()
        .unwrap_or_default();
    if rscope_core::embed::is_embed(&search) {
        mount_frame();
        return;
    }
    analysis_worker::on_warm_up(components::tree::warm_up);
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
        task::mark("rscope:mounted");
    });
}
