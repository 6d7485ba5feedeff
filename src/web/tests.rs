//! In-browser tests (wasm-bindgen-test under headless Chromium): the app
//! mounted in a real DOM, and the JS API facade.

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mount the app into a fresh element and return that element.
fn mount() -> web_sys::Element {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<super::app::App>::with_root(root.clone()).render();
    root
}

/// Let yew run its scheduled renders.
async fn settle() {
    gloo::timers::future::TimeoutFuture::new(20).await;
}

fn text_of(root: &web_sys::Element, testid: &str) -> String {
    root.query_selector(&format!("[data-testid={testid}]"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid {testid}"))
        .dyn_into::<HtmlElement>()
        .unwrap()
        .inner_text()
}

fn type_into(root: &web_sys::Element, text: &str) {
    let area: HtmlTextAreaElement = root
        .query_selector("textarea")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    area.set_value(text);
    let event = web_sys::InputEvent::new("input").unwrap();
    area.dispatch_event(&event).unwrap();
}

#[wasm_bindgen_test]
async fn shows_counts_for_a_pasted_document() {
    let root = mount();
    settle().await;
    type_into(
        &root,
        r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3","gpu":"0"}}]}}"#,
    );
    settle().await;
    assert_eq!(text_of(&root, "nodes"), "2");
    assert_eq!(text_of(&root, "cores"), "8");
    assert_eq!(text_of(&root, "gpus"), "2");
}

#[wasm_bindgen_test]
async fn shows_the_error_for_a_broken_document() {
    let root = mount();
    settle().await;
    type_into(&root, r#"{"version":1,"execution":{"R_lite":{}}}"#);
    settle().await;
    assert_eq!(
        text_of(&root, "error"),
        "'execution.R_lite' is not an array"
    );
}

#[wasm_bindgen_test]
async fn the_hint_says_what_to_do_first() {
    let root = mount();
    settle().await;
    assert_eq!(
        text_of(&root, "summary"),
        "Paste an R document above to see its nodes, cores and GPUs."
    );
}

#[wasm_bindgen_test]
fn api_summarize_returns_a_plain_object() {
    let value = super::api::summarize(r#"{"version":1,"execution":{"R_lite":[]}}"#).unwrap();
    let json = js_sys::JSON::stringify(&value).unwrap();
    assert_eq!(
        String::from(json),
        r#"{"version":1,"nodes":0,"cores":0,"gpus":0}"#
    );
    let err = super::api::summarize("[").unwrap_err();
    assert_eq!(
        err.as_string().unwrap(),
        "not JSON: EOF while parsing a list at line 1 column 1"
    );
}
