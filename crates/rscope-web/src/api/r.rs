//! The JS API for R documents: `validate`, `summary`, `decode` and
//! `encode`, thin calls of [`rscope_core::commands::r`] and [`rscope_core::setops`],
//! which answer as `rscope R validate`, `rscope summary`, `rscope R
//! decode` and `rscope R encode` do. Arguments are checked as in
//! [`super`].

use crate::api::{error, failure, option_flag, option_string, option_strings, text_arg, to_js};
use rscope_core::commands::r::{self, EncodeOptions};
use rscope_core::setops::{self, Inputs, Refusal};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A suggested edit: replace the bytes of `span` with `replacement`. */
export interface Fix {
  message: string;
  /** Byte offsets [start, end) in the text. */
  span: [number, number];
  replacement: string;
}
/** One finding of `validate`, as `rscope R validate` lists it. */
export interface Finding {
  severity: "error" | "warning" | "note";
  /** Lowercase, no trailing period. */
  message: string;
  /** 1-based line of the span's start. */
  line: number;
  /** 1-based column (characters) of the span's start. */
  column: number;
  /** Byte offsets [start, end) in the text. */
  span: [number, number];
  /** RFC 6901 JSON pointer to the value. */
  pointer: string;
  fix: Fix | null;
}
/** What `summary` answers. */
export interface Summary {
  version: number;
  nodes: number;
  cores: number;
  gpus: number;
  /** Exactly what `rscope summary` prints. */
  text: string;
}
/** Options of `decode`, as `rscope R decode`'s flags. */
export interface DecodeOptions {
  /** The short form (`--short`). */
  short?: boolean;
  /** The host names as a host list (`--nodelist`). */
  nodelist?: boolean;
  /** The ranks as an id set (`--ranks`). */
  ranks?: boolean;
  /** The count of this type: `node`, `core`, `gpu`… (`--count`). */
  count?: string;
  /** Only these ranks (an RFC 22 id set, `0-3`) or hosts (an RFC 29 host
   * list, `node[0-3]`) (`--include`); an unknown host throws. */
  include?: string;
  /** Not these ranks or hosts (`--exclude`). */
  exclude?: string;
  /** Nodes with these properties, `^NAME` to exclude (`--properties`). */
  properties?: string;
}
/** Options of `encode`, as `rscope R encode`'s flags. */
export interface EncodeOptions {
  /** Ranks, an RFC 22 id set (default: one per host, or rank 0). */
  ranks?: string;
  /** Core ids of each rank (default `0` unless `gpus` is given). */
  cores?: string;
  /** GPU ids of each rank. */
  gpus?: string;
  /** Host names, an RFC 29 host list (default `localhost` for each rank). */
  hosts?: string;
  /** `NAME[:RANKS]` properties (all ranks when RANKS is omitted). */
  property?: string[];
}
/** Options of `validate`, as `rscope R validate`'s flags. */
export interface ValidateOptions {
  /** Read RFC 40 strictly: what Fluxion's graphs leave out is a warning, not a note (`--strict-rfc40`). */
  strictRfc40?: boolean;
  /** A host list in rank order (`[bootstrap] hosts`): each rank whose host differs is an error (`--hosts`). */
  hosts?: string;
}
/** Every finding of the R documents in `text`, as `rscope R validate` lists them. */
export function validate(text: string, options?: ValidateOptions): Finding[];
/** The version and node, core and GPU counts of an R document, and what `rscope summary` prints. */
export function summary(text: string): Summary;
/** What `rscope R decode` prints for the R objects of `text` (one or more, concatenated). */
export function decode(text: string, options?: DecodeOptions): string;
/** What `rscope R encode` prints (hosts default to `localhost`, not the machine's name). */
export function encode(options?: EncodeOptions): string;
"#;

const DOC: &str = "an R document";

/// Every finding of the R documents in `text`, as `rscope R validate`
/// lists them: `[{severity, message, line, column, span, pointer, fix}]`;
/// `{strictRfc40: true}` as its `--strict-rfc40`, `{hosts}` as its
/// `--hosts`.
#[wasm_bindgen(skip_typescript)]
pub fn validate(text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg("validate", "text", DOC, &text)?;
    let strict = option_flag("validate", &options, "strictRfc40")?;
    let hosts = option_string("validate", &options, "hosts")?;
    let found = r::findings(&text, strict, hosts.as_deref())
        .map_err(|e| error(&format!("validate: {e}")))?;
    to_js(&found)
}

/// The version and node, core and GPU counts of an R document, with the
/// text `rscope summary` prints.
#[wasm_bindgen(skip_typescript)]
pub fn summary(text: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg("summary", "text", DOC, &text)?;
    let s = rscope_core::rset::summarize(&text).map_err(|e| error(&format!("summary: {e}")))?;
    let out = to_js(&s)?;
    js_sys::Reflect::set(&out, &"text".into(), &r::summary_text(&s).into())?;
    Ok(out)
}

/// What `rscope R decode` prints for the R objects of `text`.
#[wasm_bindgen(skip_typescript)]
pub fn decode(text: JsValue, options: JsValue) -> Result<String, JsValue> {
    const F: &str = "decode";
    let text = text_arg(F, "text", "one or more R documents", &text)?;
    let o = setops::Decode {
        short: option_flag(F, &options, "short")?,
        nodelist: option_flag(F, &options, "nodelist")?,
        ranks: option_flag(F, &options, "ranks")?,
        count: option_string(F, &options, "count")?,
        filter: setops::Filter {
            properties: option_string(F, &options, "properties")?,
            include: option_string(F, &options, "include")?,
            exclude: option_string(F, &options, "exclude")?,
        },
    };
    // One unnamed text, read as the CLI reads standard input, so that the
    // messages are the CLI's; the caller goes on after the answer.
    let inputs = Inputs {
        exiting: false,
        ..Inputs::stdin(&text)
    };
    setops::decode(&inputs, &o).map_err(|e| refusal(F, &e, &inputs))
}

/// A refusal as an `Error`: `function: message` (a document that cannot
/// be read is placed in the message already), with `line` and `column`
/// properties when the refusal has a place, as [`failure`] gives them.
fn refusal(function: &str, r: &Refusal, inputs: &Inputs) -> JsValue {
    let err = js_sys::Error::new(&format!("{function}: {}", r.message));
    if let Some((line, column)) = r.place(inputs) {
        let _ = js_sys::Reflect::set(&err, &"line".into(), &(line as f64).into());
        let _ = js_sys::Reflect::set(&err, &"column".into(), &(column as f64).into());
    }
    err.into()
}

/// What `rscope R encode` prints for the options (hosts default to
/// `localhost`, where the CLI takes the machine's name).
#[wasm_bindgen(skip_typescript)]
pub fn encode(options: JsValue) -> Result<String, JsValue> {
    const F: &str = "encode";
    let o = EncodeOptions {
        ranks: option_string(F, &options, "ranks")?,
        cores: option_string(F, &options, "cores")?,
        gpus: option_string(F, &options, "gpus")?,
        hosts: option_string(F, &options, "hosts")?,
        property: option_strings(F, &options, "property")?,
        ..EncodeOptions::default()
    };
    r::encode(&o, "localhost").map_err(|e| failure(F, &e))
}
