//! The JS API's set operations: `union(...texts)`, `append(...texts)`,
//! `diff(a, b)`, `intersect(a, b)`, `verify(a, b)` and
//! `evalSetExpression(expr, {A: text, ...})`. Each returns the R text
//! `rscope R` prints for the same documents (the same `setops` call), or
//! throws an `Error` with the core's message. Arguments are checked as in
//! `api`: a wrong type throws before it reaches wasm-bindgen's conversion.
//! `setopsForPage` is the set workbench's worker entry point.

use crate::api;
use rscope_core::setops::{self, job, Inputs, Refusal};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = r#"
/** The answer of `verify(a, b)`: `ok` is false when b's rank lacks what a
 * expects of it; `message` says what is missing or extra, or is empty. */
export interface Verdict { ok: boolean; message: string }
/** Options of `intersect`, as `rscope R intersect`'s flags. */
export interface IntersectOptions {
  /** Keep the first text's properties, start and expiration times and
   * attributes, which `flux R intersect` drops (`--keep-data`). */
  keepData?: boolean;
}
/** `rscope R intersect` of `a` and `b`, as it prints it; throws an `Error`
 * when a text cannot be read. */
export function intersect(a: string, b: string, options?: IntersectOptions): string;
/** The union of every R of `texts`, as `rscope R decode` prints the texts
 * concatenated (a rank the texts name twice keeps its first host, and
 * the console says so); throws an `Error` when a text cannot be read. */
export function union(...texts: string[]): string;
/** `rscope R append` of `texts`: throws when two share a resource. */
export function append(...texts: string[]): string;
/** `rscope R diff` of `a` then `b`: what `a` holds and `b` does not. */
export function diff(a: string, b: string): string;
/** `rscope R verify` of `a` (expected) and `b` (one rank as found). */
export function verify(a: string, b: string): Verdict;
/** Evaluate a set expression (`(A | B) - C`) over texts by capital
 * letter; an expression error is an `Error` whose `start` and `end` give
 * its span (UTF-16 units). */
export function evalSetExpression(expr: string, tabs: Record<string, string>): string;
"#;

/// Argument `name` of `function` as the text of an R document.
fn text_arg(function: &str, name: &str, value: &JsValue) -> Result<String, JsValue> {
    api::text_arg(function, name, "the text of an R document", value)
}

/// The texts of `values`, lettered A, B, … in order.
fn lettered(function: &str, values: &[JsValue]) -> Result<Vec<(char, String)>, JsValue> {
    if values.len() > rscope_core::tabs::MAX_TABS {
        return Err(api::error(&format!(
            "{function}: at most {} texts",
            rscope_core::tabs::MAX_TABS
        )));
    }
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let letter = rscope_core::tabs::tab_letter(i);
            Ok((letter, text_arg(function, &format!("text {letter}"), v)?))
        })
        .collect()
}

/// Run `op` over `texts` lettered A, B, …
fn over(
    function: &str,
    values: &[JsValue],
    op: impl Fn(&Inputs) -> Result<String, Refusal>,
) -> Result<String, JsValue> {
    let texts = lettered(function, values)?;
    let named: Vec<(char, &str)> = texts.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let inputs = Inputs::tabs(&named);
    let out = op(&inputs).map_err(|r| api::error(&r.message));
    warn(function, &inputs.warnings.take());
    out
}

/// Say `warnings` on the console: the answer stays exactly the CLI's (a
/// rank the texts give two host names is `flux R`'s first name), and the
/// caller still hears that the texts disagree.
fn warn(function: &str, warnings: &[String]) {
    for w in warnings {
        web_sys::console::warn_1(&format!("rscope.{function}: {w}").into());
    }
}

/// The union of every R of `texts` (`rscope R decode` of them concatenated).
#[wasm_bindgen(js_name = union, variadic, skip_typescript)]
pub fn union_texts(texts: Vec<JsValue>) -> Result<String, JsValue> {
    over("union", &texts, setops::union)
}

/// `rscope R append` of `texts`: refuses texts that share a resource.
#[wasm_bindgen(js_name = append, variadic, skip_typescript)]
pub fn append_texts(texts: Vec<JsValue>) -> Result<String, JsValue> {
    over("append", &texts, setops::append)
}

/// `rscope R diff` of `a` then `b`: what `a` holds and `b` does not.
#[wasm_bindgen(js_name = diff, skip_typescript)]
pub fn diff_texts(a: JsValue, b: JsValue) -> Result<String, JsValue> {
    over("diff", &[a, b], setops::diff)
}

/// `rscope R intersect` of `a` and `b`; `{keepData: true}` is its
/// `--keep-data`.
/// Its type is written in `TYPES`: an optional last argument.
#[wasm_bindgen(js_name = intersect, skip_typescript)]
pub fn intersect_texts(a: JsValue, b: JsValue, options: JsValue) -> Result<String, JsValue> {
    let keep = api::option_flag("intersect", &options, "keepData")?;
    over("intersect", &[a, b], |i| setops::intersect(i, keep))
}

/// `rscope R verify` of `a` (expected) and `b` (one rank as found):
/// `{ok, message}`; throws when a text cannot be read.
#[wasm_bindgen(js_name = verify, skip_typescript)]
pub fn verify_texts(a: JsValue, b: JsValue) -> Result<JsValue, JsValue> {
    let texts = lettered("verify", &[a, b])?;
    let named: Vec<(char, &str)> = texts.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let inputs = Inputs::tabs(&named);
    let verdict = setops::verify(&inputs).map_err(|r| api::error(&r.message));
    warn("verify", &inputs.warnings.take());
    let verdict = verdict?;
    serde_wasm_bindgen::to_value(&verdict).map_err(|e| api::error(&e.to_string()))
}

/// Evaluate a set expression (`(A | B) - C`) over `tabs`, an object of
/// texts by capital letter. An expression error is an `Error` whose
/// `start` and `end` give its span in the expression (UTF-16 units).
#[wasm_bindgen(js_name = evalSetExpression, skip_typescript)]
pub fn eval_set_expression(expr: JsValue, tabs: JsValue) -> Result<String, JsValue> {
    let expr = expr.as_string().ok_or_else(|| {
        api::error(&format!(
            "evalSetExpression: expr must be a string (such as \"(A | B) - C\"), not {}",
            super::kind(&expr)
        ))
    })?;
    if !tabs.is_object() || js_sys::Array::is_array(&tabs) {
        return Err(api::error(&format!(
            "evalSetExpression: tabs must be an object of texts by letter ({{A: text, B: text}}), not {}",
            super::kind(&tabs)
        )));
    }
    let mut texts = Vec::new();
    for key in js_sys::Object::keys(&tabs.clone().into()).iter() {
        let k = key.as_string().unwrap_or_default();
        let mut chars = k.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            return Err(api::error(&format!(
                "evalSetExpression: tab names are single capital letters, not '{k}'"
            )));
        };
        let value = js_sys::Reflect::get(&tabs, &key).unwrap_or(JsValue::UNDEFINED);
        texts.push((
            letter,
            text_arg("evalSetExpression", &format!("tab {k}"), &value)?,
        ));
    }
    let answer = job::run(&job::Job {
        operation: Some(job::Operation::Expression),
        tabs: texts,
        expression: expr,
        ..job::Job::default()
    });
    warn("evalSetExpression", &answer.warnings);
    match answer.text {
        Some(t) => Ok(t),
        None => {
            let e = js_sys::Error::new(&answer.message);
            if let Some((start, end)) = answer.span {
                let _ = js_sys::Reflect::set(&e, &"start".into(), &(start as u32).into());
                let _ = js_sys::Reflect::set(&e, &"end".into(), &(end as u32).into());
            }
            Err(e.into())
        }
    }
}

/// The set workbench's worker entry point: run a [`job::Job`] (a JS
/// object whose tabs have empty texts) over `texts`, an array of UTF-8
/// bytes (one `Uint8Array` per tab, in order, then one per document
/// beside them: [`job::Job::fill`]), and give the
/// [`job::JobAnswer`] as a JS object.
#[wasm_bindgen(js_name = setopsForPage, skip_typescript)]
pub fn setops_for_page(request: JsValue, texts: JsValue) -> JsValue {
    let answer = match serde_wasm_bindgen::from_value::<job::Job>(request) {
        Ok(mut j) => {
            j.fill(js_sys::Array::from(&texts).iter().map(|t| utf8(&t)));
            let (answer, set) = rscope_core::system::run_job(&j, &|_, text| Some(read_once(text)));
            return with_early(answer, set.as_ref());
        }
        Err(e) => job::JobAnswer {
            message: format!("the set workbench sent a malformed job: {e}"),
            refused: true,
            ..job::JobAnswer::default()
        },
    };
    serde_wasm_bindgen::to_value(&answer).unwrap_or(JsValue::NULL)
}

/// The set worker's entry point for texts to read before a job needs them
/// (the page sends every tab's text when a person reaches the workbench):
/// each is read now and kept, as the job's own texts are.
#[wasm_bindgen(js_name = prepareSetops, skip_typescript)]
pub fn prepare_setops(texts: JsValue) {
    for t in js_sys::Array::from(&texts).iter() {
        read_once(&utf8(&t));
    }
}

/// `answer` for the page, with the first parts of its result's analysis
/// (`early`, [`rscope_core::analysis::first_stage_of`]) when it opens a tab: the page
/// paints the result's grid from them at once.
fn with_early(mut answer: job::JobAnswer, set: Option<&rscope_core::rset::Rset>) -> JsValue {
    // The result text crosses as UTF-8 bytes in a transferred buffer: read
    // as a JS string, the page would convert it into its own memory a
    // character at a time (tens of ms for 3 MB, on the main thread).
    let text = answer.text.take();
    let out = serde_wasm_bindgen::to_value(&answer).unwrap_or(JsValue::NULL);
    if let (Some(text), true) = (text, out.is_object()) {
        let bytes = js_sys::Uint8Array::from(text.as_bytes());
        let _ = js_sys::Reflect::set(&out, &"textBytes".into(), &bytes);
    }
    if let (Some(set), true) = (set, out.is_object()) {
        let parts = js_sys::Array::new();
        for p in rscope_core::analysis::first_stage_of(set) {
            parts.push(&js_sys::Uint8Array::from(&p[..]));
        }
        let _ = js_sys::Reflect::set(&out, &"early".into(), &parts);
    }
    out
}

/// A text sent as UTF-8 bytes.
fn utf8(bytes: &JsValue) -> String {
    String::from_utf8(js_sys::Uint8Array::new(bytes).to_vec()).unwrap_or_default()
}

/// How many texts the set worker keeps read: a few tabs' worth.
const KEPT_READS: usize = 4;
/// Texts longer than this are read for each job and never kept: their
/// models would take hundreds of megabytes of the worker's memory.
const KEPT_READ_BYTES: usize = 16 << 20;

thread_local! {
    /// The texts the set worker read last, and what they read to.
    static READS: std::cell::RefCell<rscope_core::recent::Recent<String, job::Known>> =
        std::cell::RefCell::new(rscope_core::recent::Recent::new(KEPT_READS));
}

/// `text` read to its R documents and digested, once for as long as it is
/// among the [`KEPT_READS`] texts used last.
fn read_once(text: &str) -> job::Known {
    READS.with(|reads| {
        let keep = text.len() <= KEPT_READ_BYTES;
        reads
            .borrow_mut()
            .get_or_make(text, keep, || job::Known::of(text))
    })
}
