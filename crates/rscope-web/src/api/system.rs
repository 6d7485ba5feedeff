//! The JS API for a system: `system(documents)`, the documents of one
//! system read as one ([`rscope_core::system::System`], what `rscope
//! system` prints), and `systemConfig`, the page's configuration box as a
//! call ([`rscope_core::commands::config_view`]): what `rscope config`
//! prints, and the R it makes and its re-ranked form. Arguments are
//! checked as in [`super`].

use crate::api::{error, kind, text_arg, to_js};
use rscope_core::commands::config_view;
use rscope_core::system::System;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What `[resource]` and `[bootstrap]` of a configuration make. */
export interface SystemConfigView {
  /** Exactly what `rscope config` prints for the configuration. */
  report: string;
  /** Whether a finding is an error (`rscope config` exits 1). */
  errors: boolean;
  /** The R `[resource] config` makes, as `flux R parse-config` prints it. */
  r: string | null;
  /** That R in words: `4 nodes: tiny[1-4], 16 cores`. */
  rWords: string | null;
  /** That R re-ranked by `[bootstrap] hosts`, when that order differs. */
  reranked: string | null;
  /** `[resource] path`: the R file the configuration names instead. */
  path: string | null;
}
/**
 * A Flux system configuration (TOML, or the JSON `flux config get`
 * prints) as the page's configuration box reads it; null when it has
 * neither a `[resource]` nor a `[bootstrap]` table. Throws when it does
 * not read, saying where (`configuration:LINE:COLUMN: message`).
 */
export function systemConfig(config: string): SystemConfigView | null;
/** One document of a system: a name (for messages) and its text. */
export interface SystemDocument {
  name: string;
  text: string;
}
/** What the documents of one system make, read as one. */
export interface SystemView {
  /** Exactly what `rscope system` prints for the same files. */
  text: string;
  /** Where the documents disagree, each a line. */
  findings: string[];
  /**
   * Each document: what it was read as, what it holds in words when it
   * gives no fact yet (an eventlog's events, a job list's jobs), and what
   * it gave.
   */
  documents: { name: string; kind: string; detail: string | null; facts: string[]; problem: string | null }[];
}
/**
 * The documents of one system (R, `flux resource` payloads, graphs, hwloc
 * topologies, configurations) read as one, as `rscope system` reads them.
 */
export function system(documents: SystemDocument[]): SystemView;
"#;

/// The documents of one system read as one, as `rscope system` reads them.
#[wasm_bindgen(js_name = system, skip_typescript)]
pub fn system_js(documents: JsValue) -> Result<JsValue, JsValue> {
    let named = named_documents("system", "documents", &documents)?;
    let docs: Vec<(&str, &str)> = (named.iter())
        .map(|(name, text)| (name.as_str(), text.as_str()))
        .collect();
    to_js(&System::read(&docs).view())
}

/// The documents `value` (an array of `{name, text}`) as (name, text)
/// pairs, or why not, naming `function` and its argument `what`.
pub(crate) fn named_documents(
    function: &str,
    what: &str,
    value: &JsValue,
) -> Result<Vec<(String, String)>, JsValue> {
    #[derive(serde::Deserialize)]
    struct Named {
        name: String,
        text: String,
    }
    let named: Vec<Named> = serde_wasm_bindgen::from_value(value.clone()).map_err(|_| {
        error(&match kind(value).as_str() {
            "an array" => {
                format!("{function}: each document must be {{name, text}}, both strings")
            }
            is => format!("{function}: {what} must be an array of {{name, text}}, not {is}"),
        })
    })?;
    Ok(named.into_iter().map(|d| (d.name, d.text)).collect())
}

/// What `[resource]` and `[bootstrap]` of `config` make, as the page's
/// configuration box shows it; `null` without either table.
#[wasm_bindgen(js_name = systemConfig, skip_typescript)]
pub fn system_config(config: JsValue) -> Result<JsValue, JsValue> {
    const F: &str = "systemConfig";
    let text = text_arg(
        F,
        "config",
        "TOML, or the JSON flux config get prints",
        &config,
    )?;
    match config_view::of_text(&text) {
        None => Ok(JsValue::NULL),
        Some(Ok(view)) => to_js(&view),
        Some(Err(e)) => Err(error(&format!("{F}: {e}"))),
    }
}
