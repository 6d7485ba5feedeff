//! The JavaScript API for pages that embed Rscope: a thin facade over the
//! core with serde DTOs in and out, and no logic of its own. Arguments come
//! in as `JsValue` and are checked here: wasm-bindgen's own conversion of a
//! `&str` reads an object or a number as a pointer into wasm memory and
//! traps, so a wrong type must be refused before it reaches it.

// A part (`jobs-part`, `timeline-part`) is built without `page`: only its own module, and
// the argument helpers it calls, are compiled in.
#![cfg_attr(not(feature = "page"), allow(dead_code))]

#[cfg(feature = "page")]
pub mod constraint;
#[cfg(feature = "page")]
pub mod graph;
#[cfg(feature = "page")]
pub mod hwloc;
#[cfg(feature = "jobs-part")]
pub mod jobs;
#[cfg(feature = "page")]
pub mod lists;
#[cfg(feature = "page")]
pub mod r;
#[cfg(feature = "page")]
pub mod resource;
#[cfg(feature = "page")]
pub mod sets;
#[cfg(feature = "page")]
pub mod shape;
#[cfg(feature = "page")]
pub mod system;
#[cfg(feature = "page")]
pub mod teach;
#[cfg(feature = "timeline-part")]
pub mod timeline;

use wasm_bindgen::prelude::*;

/// Bytes of WebAssembly linear memory in use (it only grows), for the
/// benchmark spec's memory figure.
#[cfg(feature = "page")]
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Bytes of WebAssembly linear memory in use (it only grows). */
export function wasmMemoryBytes(): number;
"#;

#[cfg(feature = "page")]
#[wasm_bindgen(js_name = wasmMemoryBytes, skip_typescript)]
pub fn wasm_memory_bytes() -> f64 {
    use wasm_bindgen::JsCast;
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
        .unwrap_or(0.0)
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

/// A plain JS `Error` with `message`.
pub(crate) fn error(message: &str) -> JsValue {
    js_sys::Error::new(message).into()
}

/// A failed command as an `Error`: `function: message (line L, column C)`,
/// with `line` and `column` properties when the fault has a place.
pub(crate) fn failure(function: &str, f: &rscope_core::commands::Failure) -> JsValue {
    let err = js_sys::Error::new(&format!("{function}: {}", f.located()));
    if let Some((line, column)) = f.at {
        let _ = js_sys::Reflect::set(&err, &"line".into(), &(line as f64).into());
        let _ = js_sys::Reflect::set(&err, &"column".into(), &(column as f64).into());
    }
    err.into()
}

/// What a JS value is, strings included, for messages.
fn kind_of(value: &JsValue) -> String {
    if value.is_string() {
        return "a string".into();
    }
    kind(value)
}

/// Argument `name` of `function` as a string, or an `Error` that says what
/// it should be (`what`) and what was given.
pub(crate) fn text_arg(
    function: &str,
    name: &str,
    what: &str,
    value: &JsValue,
) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        error(&format!(
            "{function}: {name} must be a string ({what}), not {}",
            kind_of(value)
        ))
    })
}

/// Argument `name` as an array of strings (`what` says of what).
pub(crate) fn strings_arg(
    function: &str,
    name: &str,
    what: &str,
    value: &JsValue,
) -> Result<Vec<String>, JsValue> {
    if !js_sys::Array::is_array(value) {
        return Err(error(&format!(
            "{function}: {name} must be an array of strings ({what}), not {}",
            kind_of(value)
        )));
    }
    js_sys::Array::from(value)
        .iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_string().ok_or_else(|| {
                error(&format!(
                    "{function}: {name}[{i}] must be a string ({what}), not {}",
                    kind_of(&v)
                ))
            })
        })
        .collect()
}

/// Field `key` of an options object: undefined or null options, or an
/// absent field, is `None`; options that are not an object throw.
pub(crate) fn option(
    function: &str,
    options: &JsValue,
    key: &str,
) -> Result<Option<JsValue>, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(None);
    }
    if !options.is_object() || js_sys::Array::is_array(options) {
        return Err(error(&format!(
            "{function}: options must be an object, not {}",
            kind_of(options)
        )));
    }
    let v = js_sys::Reflect::get(options, &key.into())?;
    Ok((!v.is_undefined()).then_some(v))
}

/// A boolean option (absent is false).
pub(crate) fn option_flag(function: &str, options: &JsValue, key: &str) -> Result<bool, JsValue> {
    match option(function, options, key)? {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| {
            error(&format!(
                "{function}: option {key} must be a boolean, not {}",
                kind_of(&v)
            ))
        }),
    }
}

/// A string option.
pub(crate) fn option_string(
    function: &str,
    options: &JsValue,
    key: &str,
) -> Result<Option<String>, JsValue> {
    match option(function, options, key)? {
        None => Ok(None),
        Some(v) => v.as_string().map(Some).ok_or_else(|| {
            error(&format!(
                "{function}: option {key} must be a string, not {}",
                kind_of(&v)
            ))
        }),
    }
}

/// A string-list option (absent is empty).
pub(crate) fn option_strings(
    function: &str,
    options: &JsValue,
    key: &str,
) -> Result<Vec<String>, JsValue> {
    match option(function, options, key)? {
        None => Ok(Vec::new()),
        Some(v) => strings_arg(function, &format!("option {key}"), "NAME[:RANKS]", &v),
    }
}

/// A non-negative whole-number option.
pub(crate) fn option_count(
    function: &str,
    options: &JsValue,
    key: &str,
) -> Result<Option<usize>, JsValue> {
    match option(function, options, key)? {
        None => Ok(None),
        Some(v) => match v.as_f64() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => Ok(Some(n as usize)),
            _ => Err(error(&format!(
                "{function}: option {key} must be a whole number of 0 or more, not {}",
                kind_of(&v)
            ))),
        },
    }
}

/// `value` as a JS value through serde (plain objects, not maps).
pub(crate) fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let s = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&s).map_err(|e| error(&e.to_string()))
}
