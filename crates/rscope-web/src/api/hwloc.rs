//! The JS API for hwloc topologies: `fromHwloc` answers as `rscope R
//! encode --xml` does, `graphFromHwloc` as `rscope jgf from-hwloc`. Both
//! are thin calls of [`rscope_core::commands`].

use crate::api::{failure, option_flag, option_string, option_strings, text_arg};
use rscope_core::commands::{graph, r};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Options of `fromHwloc`, as `rscope R encode --xml`'s flags. */
export interface HwlocOptions {
  /** Ranks, an RFC 22 id set (`--ranks`); one per host, or rank 0, when absent. */
  ranks?: string;
  /** Host names, an RFC 29 host list (`--hosts`); the topology's HostName (else `localhost`) for every rank when absent. */
  hosts?: string;
  /** Properties `NAME[:RANKS]` (`--property`, repeated); all ranks when RANKS is omitted. */
  properties?: string[];
  /** Count a GPU seen through several backends once per backend (`FLUX_HWLOC_GPU_NO_DEDUP=1`). */
  gpuNoDedup?: boolean;
}
/** An R whose every rank has the cores and GPUs of an hwloc XML topology (`lstopo --of xml`), as `rscope R encode --xml` prints it. */
export function fromHwloc(xmlText: string, options?: HwlocOptions): string;
/** The JGF graph Fluxion's hwloc reader builds from an hwloc XML topology, as `rscope jgf from-hwloc` prints it. */
export function graphFromHwloc(xmlText: string): string;
"#;

const XML: &str = "an hwloc XML topology";

/// An R from an hwloc topology, as `rscope R encode --xml` prints it.
#[wasm_bindgen(js_name = fromHwloc, skip_typescript)]
pub fn from_hwloc(xml: JsValue, options: JsValue) -> Result<String, JsValue> {
    const F: &str = "fromHwloc";
    let xml = text_arg(F, "xmlText", XML, &xml)?;
    let o = r::EncodeOptions {
        ranks: option_string(F, &options, "ranks")?,
        hosts: option_string(F, &options, "hosts")?,
        property: option_strings(F, &options, "properties")?,
        gpu_no_dedup: option_flag(F, &options, "gpuNoDedup")?,
        xml: Some(xml),
        ..r::EncodeOptions::default()
    };
    let host = r::topology_host(o.xml.as_deref().unwrap_or_default());
    r::encode(&o, &host).map_err(|e| failure(F, &e))
}

/// The JGF graph of an hwloc topology, as `rscope jgf from-hwloc` prints it.
#[wasm_bindgen(js_name = graphFromHwloc, skip_typescript)]
pub fn graph_from_hwloc(xml: JsValue) -> Result<String, JsValue> {
    let xml = text_arg("graphFromHwloc", "xmlText", XML, &xml)?;
    graph::from_hwloc(&xml).map_err(|e| failure("graphFromHwloc", &e))
}
