//! The JS API for RFC 40 resource graphs: `graph`, `graphCheck`,
//! `graphFind` and `graphExport`, thin calls of [`rscope_core::commands::graph`],
//! which answer as `rscope jgf tree`, `check`, `find` and `export` do.

use crate::api::{failure, option, option_count, strings_arg, text_arg, to_js};
use rscope_core::commands::graph;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Options of `graph`. */
export interface GraphOptions {
  /** Show this many levels below the root (`--depth`); all when absent. */
  depth?: number;
}
/** What `graphCheck` finds. */
export interface GraphCheck {
  /** No difference between R_lite and the graph but `jgf_shorthand` omissions. */
  consistent: boolean;
  /** Each difference in words, one line of `rscope jgf check` each. */
  differences: string[];
  /** Exactly what `rscope jgf check` prints. */
  text: string;
}
/** The containment tree with counts by type under each vertex, as `rscope jgf tree` prints it. */
export function graph(text: string, options?: GraphOptions): string;
/** Every difference between R_lite and the graph, as `rscope jgf check` lists them. */
export function graphCheck(text: string): GraphCheck;
/** The containment path of every vertex `query` matches, as `rscope jgf find` prints them. */
export function graphFind(text: string, query: string): string[];
/** Options of `graphExport`. */
export interface GraphExportOptions {
  /** Only the vertices and edges of these subsystems (`--subsystem`), e.g. `['containment']`; every subsystem when absent or empty. */
  subsystems?: string[];
}
/** The graph as `resource-query -g dot|graphml` writes it, as `rscope jgf export --format` prints it. */
export function graphExport(text: string, format: 'dot' | 'graphml', options?: GraphExportOptions): string;
"#;

const DOC: &str = "an R with a scheduling key, or {\"graph\": ...}";

/// The containment tree with counts by type under each vertex, as
/// `rscope jgf tree` prints it.
#[wasm_bindgen(skip_typescript)]
pub fn graph(text: JsValue, options: JsValue) -> Result<String, JsValue> {
    let text = text_arg("graph", "text", DOC, &text)?;
    let depth = option_count("graph", &options, "depth")?;
    graph::tree(&text, depth).map_err(|e| failure("graph", &e))
}

/// Every difference between R_lite and the graph, as `rscope jgf check`.
#[wasm_bindgen(js_name = graphCheck, skip_typescript)]
pub fn graph_check(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg("graphCheck", "text", "an R with a scheduling key", &text)?;
    let check = graph::check(&text).map_err(|e| failure("graphCheck", &e))?;
    to_js(&check)
}

/// The containment path of every vertex `query` (`type=T`, `name=N`,
/// `basename=B`, `id=I`, `path=/P`, `rank=R`, `property=K[=V]`) matches, as `rscope jgf find`.
#[wasm_bindgen(js_name = graphFind, skip_typescript)]
pub fn graph_find(text: JsValue, query: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg("graphFind", "text", DOC, &text)?;
    let query = text_arg(
        "graphFind",
        "query",
        "type=T, name=N, basename=B, id=I, path=/P, rank=R or property=K[=V]",
        &query,
    )?;
    let paths = graph::query(&query)
        .and_then(|q| graph::find(&text, &q))
        .map_err(|e| failure("graphFind", &e))?;
    to_js(&paths)
}

/// The graph as `resource-query -g dot|graphml` writes it, as `rscope
/// jgf export --format dot|graphml` prints it; option `subsystems` is
/// `--subsystem`.
#[wasm_bindgen(js_name = graphExport, skip_typescript)]
pub fn graph_export(text: JsValue, format: JsValue, options: JsValue) -> Result<String, JsValue> {
    let text = text_arg("graphExport", "text", DOC, &text)?;
    let format = text_arg("graphExport", "format", "dot or graphml", &format)?;
    let subsystems = match option("graphExport", &options, "subsystems")? {
        None => Vec::new(),
        Some(v) => strings_arg("graphExport", "option subsystems", "subsystem names", &v)?,
    };
    graph::export(&text, &format, &subsystems).map_err(|e| failure("graphExport", &e))
}
