//! The JavaScript API for pages that embed Rscope: a thin facade over the
//! core with serde DTOs in and out, and no logic of its own.

use wasm_bindgen::prelude::*;

/// Summarize an R document: `{version, nodes, cores, gpus}`, or throw the
/// parse error as a string.
#[wasm_bindgen]
pub fn summarize(text: &str) -> Result<JsValue, JsValue> {
    let summary = crate::rset::summarize(text).map_err(|e| JsValue::from_str(&e))?;
    serde_wasm_bindgen::to_value(&summary).map_err(|e| JsValue::from_str(&e.to_string()))
}
