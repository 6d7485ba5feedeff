//! The JS API for host lists and id sets: `hostlist(op, lists)` and
//! `idset(op, sets)`, thin calls of [`rscope_core::commands::lists`]; `hostlist`
//! answers as `rscope hostlist` (`flux hostlist`) with the option `op`
//! names.

use crate::api::{error, strings_arg, text_arg, to_js};
use rscope_core::commands::lists;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Operations that answer a list in compact form. */
export type ListOp = "append" | "union" | "intersect" | "minus" | "xor" | "sort";
/**
 * Combine RFC 29 host lists as `flux hostlist` does with the option `op`
 * names (`append` is no option): the compact list, a count, or the hosts.
 */
export function hostlist(op: ListOp, lists: string[]): string;
export function hostlist(op: "count", lists: string[]): number;
export function hostlist(op: "expand", lists: string[]): string[];
/** The same operations on RFC 22 id sets (`append` and `sort` are the union). */
export function idset(op: ListOp, sets: string[]): string;
export function idset(op: "count", sets: string[]): number;
export function idset(op: "expand", sets: string[]): number[];
"#;

/// `flux hostlist` of `lists` with the option `op` names.
#[wasm_bindgen(skip_typescript)]
pub fn hostlist(op: JsValue, lists: JsValue) -> Result<JsValue, JsValue> {
    let op = text_arg("hostlist", "op", "an operation", &op)?;
    let lists = strings_arg("hostlist", "lists", "RFC 29 host lists", &lists)?;
    let answer = lists::hostlist(&op, &lists).map_err(|e| error(&format!("hostlist: {e}")))?;
    to_js(&answer)
}

/// The same operations on RFC 22 id sets.
#[wasm_bindgen(skip_typescript)]
pub fn idset(op: JsValue, sets: JsValue) -> Result<JsValue, JsValue> {
    let op = text_arg("idset", "op", "an operation", &op)?;
    let sets = strings_arg("idset", "sets", "RFC 22 id sets", &sets)?;
    let answer = lists::idset(&op, &sets).map_err(|e| error(&format!("idset: {e}")))?;
    to_js(&answer)
}
