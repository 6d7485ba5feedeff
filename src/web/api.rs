//! The JavaScript API for pages that embed Rscope: a thin facade over the
//! core with serde DTOs in and out, and no logic of its own.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Summarize an R document: `{version, nodes, cores, gpus}`, or throw the
/// parse error as a string.
#[wasm_bindgen]
pub fn summarize(text: &str) -> Result<JsValue, JsValue> {
    let summary = crate::rset::summarize(text).map_err(|e| JsValue::from_str(&e))?;
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
