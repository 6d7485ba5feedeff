//! The JavaScript API for pages that embed Rscope: a thin facade over the
//! core with serde DTOs in and out, and no logic of its own. Arguments come
//! in as `JsValue` and are checked here: wasm-bindgen's own conversion of a
//! `&str` reads an object or a number as a pointer into wasm memory and
//! traps, so a wrong type must be refused before it reaches it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Summarize an R document: `{version, nodes, cores, gpus}`, or throw the
/// parse error as a string. Anything but a string throws an `Error`.
#[wasm_bindgen]
pub fn summarize(text: JsValue) -> Result<JsValue, JsValue> {
    let text = string_arg("summarize", "text", &text)?;
    let summary = crate::rset::summarize(&text).map_err(|e| JsValue::from_str(&e))?;
    serde_wasm_bindgen::to_value(&summary).map_err(|e| JsValue::from_str(&e.to_string()))
}

/// Bytes of WebAssembly linear memory in use (it only grows), for the
/// benchmark spec's memory figure.
#[wasm_bindgen(js_name = wasmMemoryBytes)]
pub fn wasm_memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
        .unwrap_or(0.0)
}

/// Argument `name` of `function` as a string, or a JS `Error` that says
/// what was given instead.
fn string_arg(function: &str, name: &str, value: &JsValue) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        let message = format!(
            "{function}: {name} must be a string (the text of an R document), not {}",
            kind(value)
        );
        js_sys::Error::new(&message).into()
    })
}

/// What a JS value is, in words: `null`, `undefined`, `an array`, `a number`…
pub(crate) fn kind(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    if value.is_undefined() {
        return "undefined".into();
    }
    if js_sys::Array::is_array(value) {
        return "an array".into();
    }
    match value.js_typeof().as_string().as_deref() {
        Some("object") => "an object".into(),
        Some(t @ ("number" | "boolean" | "bigint" | "symbol" | "function")) => format!("a {t}"),
        Some(t) => t.to_string(),
        None => "a value of unknown type".into(),
    }
}
