//! In-browser tests (wasm-bindgen-test under headless Chromium): the app
//! mounted in a real DOM, and the JS API facade.

use crate::wait::{until, until_with};
use gloo::storage::Storage;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mount the app into a fresh element and return that element once its
/// editor is there to type into.
async fn mount() -> web_sys::Element {
    // Each test starts as a first visit: nothing saved by an earlier one.
    gloo::storage::LocalStorage::clear();
    // The analysis runs on this thread: the worker would load whatever
    // site bundle (pkg/) the runner happens to serve, and the page's
    // workers are covered where the site is served whole (the e2e tier).
    super::analysis_worker::stay_on_this_thread();
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<super::app::App>::with_root(root.clone()).render();
    until("the editor", || {
        root.query_selector("textarea").unwrap().is_some()
    })
    .await;
    root
}

/// The text of the element with `testid`, once there is one (the summary
/// appears when the debounced parse is done).
async fn wait_text(root: &web_sys::Element, testid: &str) -> String {
    let selector = format!("[data-testid={testid}]");
    until(&format!("an element with data-testid {testid}"), || {
        root.query_selector(&selector).unwrap().is_some()
    })
    .await;
    text_of(root, testid)
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
    let root = mount().await;
    type_into(
        &root,
        r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3","gpu":"0"}}]}}"#,
    );
    assert_eq!(wait_text(&root, "nodes").await, "2");
    assert_eq!(text_of(&root, "cores"), "8");
    assert_eq!(text_of(&root, "gpus"), "2");
}

#[wasm_bindgen_test]
async fn shows_the_error_for_a_broken_document() {
    let root = mount().await;
    type_into(&root, r#"{"version":2}"#);
    assert_eq!(wait_text(&root, "error").await, "unsupported version 2");
}

#[wasm_bindgen_test]
async fn lists_findings_with_their_place() {
    let root = mount().await;
    type_into(&root, r#"{"version":1,"execution":{"R_lite":{}}}"#);
    let findings: Vec<String> = {
        let list = until_with(
            "the findings",
            || root.query_selector_all("[data-testid=finding]").unwrap(),
            |l| l.length() > 0,
        )
        .await;
        (0..list.length())
            .map(|i| {
                let item = list.get(i).unwrap().dyn_into::<web_sys::Element>().unwrap();
                let parts = item.query_selector_all(".locate > *").unwrap();
                (0..parts.length())
                    .map(|j| parts.get(j).unwrap().text_content().unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    assert_eq!(
        findings,
        [
            "1:36 error 'R_lite' must be an array, not an object (flux-core reads it as empty) /execution/R_lite",
            "1:26 warning missing key 'nodelist' /execution",
        ]
    );
}

#[wasm_bindgen_test]
async fn the_hint_says_what_to_do_first() {
    let root = mount().await;
    assert_eq!(
        wait_text(&root, "hint").await,
        "Paste an R document, open a file or pick an example to see its nodes, cores and GPUs."
    );
}

#[wasm_bindgen_test]
fn api_summary_returns_a_plain_object_and_throws_an_error() {
    let value =
        super::api::r::summary(r#"{"version":1,"execution":{"R_lite":[]}}"#.into()).unwrap();
    let json = js_sys::JSON::stringify(&value).unwrap();
    assert_eq!(
        String::from(json),
        r#"{"version":1,"nodes":0,"cores":0,"gpus":0,"text":"version 1\nnodes 0\ncores 0\ngpus 0\n"}"#
    );
    let err: js_sys::Error = super::api::r::summary("[".into()).unwrap_err().into();
    assert_eq!(
        String::from(err.message()),
        "summary: not JSON: unexpected end of the text, where a value should be"
    );
}

mod docs {
    use crate::state::DocsState;
    use rscope_core::tabs::{Action, Doc, Docs};
    use std::rc::Rc;
    use wasm_bindgen_test::*;
    use yew::Reducible;

    // The tab list's changes are tested natively in `rscope_core::tabs`; the
    // page's reducer only hands them over.
    #[wasm_bindgen_test]
    fn the_reducer_applies_the_tab_actions() {
        let open = Action::Open(Doc {
            source: "a.json".into(),
            text: "{}".into(),
            ..Doc::default()
        });
        let d = Rc::new(DocsState(Docs::default())).reduce(open.clone());
        assert_eq!(d.0, Docs::default().apply(open));
        assert_eq!(d.current().source, "a.json");
    }
}

#[wasm_bindgen_test]
fn string_of_converts_every_character_as_the_encoder_does() {
    // ASCII fills the first guess exactly; é, 😀 (a surrogate pair) and a
    // lone surrogate (U+FFFD) need the second step.
    let ascii = js_sys::JsString::from("{\"graph\": {}}");
    assert_eq!(crate::text::string_of(&ascii), "{\"graph\": {}}");
    let mixed = js_sys::JsString::from("a é 😀 z");
    assert_eq!(crate::text::string_of(&mixed), "a é 😀 z");
    let lone = js_sys::JsString::from_char_code1(0xD800).concat(&"x".into());
    assert_eq!(crate::text::string_of(&lone), "\u{FFFD}x");
    assert_eq!(crate::text::string_of(&js_sys::JsString::from("")), "");
}

#[wasm_bindgen_test]
fn the_warm_up_graph_has_an_outline_to_draw() {
    // It takes the path a pasted graph takes, to its outline, with its
    // power edge.
    let o = rscope_core::analysis::Analysis::of(crate::analysis_worker::WARM_UP)
        .outline
        .unwrap();
    assert_eq!(o.looks().overlay().count(), 1);
}
