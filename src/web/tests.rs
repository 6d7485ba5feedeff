//! In-browser tests (wasm-bindgen-test under headless Chromium): the app
//! mounted in a real DOM, and the JS API facade.

use gloo::storage::Storage;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

/// Mount the app into a fresh element and return that element.
fn mount() -> web_sys::Element {
    // Each test starts as a first visit: nothing saved by an earlier one.
    gloo::storage::LocalStorage::clear();
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<super::app::App>::with_root(root.clone()).render();
    root
}

/// Let yew run its scheduled renders and the debounced parse.
async fn settle() {
    gloo::timers::future::TimeoutFuture::new(250).await;
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
    type_into(&root, r#"{"version":2}"#);
    settle().await;
    assert_eq!(text_of(&root, "error"), "unsupported version 2");
}

#[wasm_bindgen_test]
async fn lists_findings_with_their_place() {
    let root = mount();
    settle().await;
    type_into(&root, r#"{"version":1,"execution":{"R_lite":{}}}"#);
    settle().await;
    let findings: Vec<String> = {
        let list = root.query_selector_all("[data-testid=finding]").unwrap();
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
    let root = mount();
    settle().await;
    assert_eq!(
        text_of(&root, "hint"),
        "Paste an R document, open a file or pick an example to see its nodes, cores and GPUs."
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
    assert_eq!(err.as_string().unwrap(), "not JSON: unterminated array");
}

mod docs {
    use crate::web::state::{tab_letter, Action, Doc, Docs, MAX_TABS};
    use std::rc::Rc;
    use wasm_bindgen_test::*;
    use yew::Reducible;

    fn doc(source: &str, text: &str) -> Doc {
        Doc {
            source: source.into(),
            text: text.into(),
        }
    }

    fn sources(d: &Docs) -> Vec<&str> {
        d.docs.iter().map(|d| d.source.as_str()).collect()
    }

    #[wasm_bindgen_test]
    fn opening_fills_an_empty_tab_then_adds_tabs() {
        let d = Rc::new(Docs::default());
        let d = d.reduce(Action::Open(doc("a.json", "{}")));
        assert_eq!((sources(&d), d.active), (vec!["a.json"], 0));
        let d = d.reduce(Action::Open(doc("b.json", "[]")));
        assert_eq!((sources(&d), d.active), (vec!["a.json", "b.json"], 1));
        let d = d.reduce(Action::Edit("[1]".into()));
        assert_eq!(d.current().text, "[1]");
        assert_eq!(d.docs[0].text, "{}");
    }

    #[wasm_bindgen_test]
    fn line_ends_become_newlines_as_in_a_textarea() {
        let d = Rc::new(Docs::default()).reduce(Action::Open(doc("w.json", "{\r\n\"a\": 1\r}")));
        assert_eq!(d.current().text, "{\n\"a\": 1\n}");
        let d = d.reduce(Action::Edit("[\r\n]".into()));
        assert_eq!(d.current().text, "[\n]");
    }

    #[wasm_bindgen_test]
    fn closing_keeps_a_sensible_active_tab() {
        let mut d = Rc::new(Docs::default());
        for name in ["a", "b", "c"] {
            d = d.reduce(Action::Open(doc(name, "x")));
        }
        let d = d.reduce(Action::Select(1));
        let d = d.reduce(Action::Close(0));
        assert_eq!((sources(&d), d.active), (vec!["b", "c"], 0));
        let d = d.reduce(Action::Close(5));
        assert_eq!(sources(&d), vec!["b", "c"]);
        let d = d.reduce(Action::Close(0)).reduce(Action::Close(0));
        assert_eq!((sources(&d), d.active), (vec!["untitled"], 0));
    }

    #[wasm_bindgen_test]
    fn tabs_are_bounded_and_lettered() {
        let mut d = Rc::new(Docs::default());
        for i in 0..MAX_TABS + 3 {
            d = d.reduce(Action::Open(doc(&format!("d{i}"), "x")));
        }
        assert_eq!(d.docs.len(), MAX_TABS);
        assert_eq!(d.docs[0].source, "d3");
        assert_eq!(d.active, MAX_TABS - 1);
        assert_eq!(
            (tab_letter(0), tab_letter(1), tab_letter(25)),
            ('A', 'B', 'Z')
        );
    }
}
