//! The JS API for learning the format: `explain(text, byteOffset)`, what the
//! key or value at a byte of an R means, and `whyFinding(message, pointer)`,
//! the rule and the fix of a finding, and `readSmall(format, text)`, the
//! playground's reading of a small format (or of an RFC 31 constraint); thin calls of [`rscope_core::explain`]
//! and [`rscope_core::teach::play`].

use crate::api::{error, text_arg, to_js};
use rscope_core::explain;
use rscope_core::teach::play;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An RFC section, with its published address. */
export interface RfcLink { number: number; anchor: string; url: string }
/** The cells of the grid an explanation is about: rows by rank, and child ids in each. */
export interface Place { ranks: string; children: [string, string][] }
/** What the key or value at a byte of an R document means. */
export interface Explained {
  title: string;
  body: string;
  /** The value read against the rest of the document, one fact a line. */
  decoded: string[];
  rfc: RfcLink;
  /** The bytes explained: the key or the value. */
  span: [number, number];
  place: Place | null;
  /** A time the value holds, in seconds since the epoch. */
  time: number | null;
}
/** The kinds of finding `whyFinding` knows. */
export type FindingKind = "not-json" | "limit" | "wrong-type" | "missing-key" | "unknown-key"
  | "duplicate-key" | "version" | "id-set" | "hostlist" | "nodelist-count" | "overlap" | "number"
  | "times" | "property" | "vertex-ids" | "containment" | "graph-metadata" | "consistency"
  | "writer" | "status-sets" | "drain" | "other";
/** Why a finding is one, and how to fix it. */
export interface WhyFinding { kind: FindingKind; why: string; fix: string; rfc: RfcLink }
/**
 * What the key or value at `byteOffset` (counted in UTF-8 bytes) of the R
 * document (or resource.status payload, or RFC 31 constraint object) `text` means; `null` when the text is not JSON or the offset is
 * outside its value.
 */
export function explain(text: string, byteOffset: number): Explained | null;
/** A small format read: canonical form, count (null without end), first members, the reading. */
export interface PlayReading { canonical: string; count: number | null; members: string[]; more: number | null; steps: string[] }
/** Why a text is not in the format: the message, its byte span and column, and the text marked `>>…<<`. */
export interface PlayProblem { message: string; span: [number, number]; column: number; marked: string }
/**
 * Read `text` as an id set, a host list, an RFC 45 range, a shape or an RFC 31 constraint (a
 * `--requires` query, or the JSON object when it starts with `{`; its canonical form is the JSON
 * `constraintParse` gives), as the page's playground does.
 */
export function readSmall(format: "idset" | "hostlist" | "range" | "shape" | "constraint", text: string):
  { reading: PlayReading; problem: null } | { reading: null; problem: PlayProblem };
/** The rule a finding (its message and pointer, as `validate` gives them) enforces, and its fix. */
export function whyFinding(message: string, pointer: string): WhyFinding;
"#;

/// What the key or value at `byte_offset` of `text` means.
#[wasm_bindgen(skip_typescript)]
pub fn explain(text: JsValue, byte_offset: JsValue) -> Result<JsValue, JsValue> {
    let text = text_arg("explain", "text", "an R document", &text)?;
    let at = byte_offset
        .as_f64()
        .filter(|n| *n >= 0.0 && n.fract() == 0.0 && *n <= usize::MAX as f64)
        .ok_or_else(|| error("explain: byteOffset must be a whole number of bytes, 0 or more"))?;
    match explain::explain(&text, at as usize) {
        Some(e) => to_js(&e),
        None => Ok(JsValue::NULL),
    }
}

/// The rule and the fix of a finding.
#[wasm_bindgen(js_name = whyFinding, skip_typescript)]
pub fn why_finding(message: JsValue, pointer: JsValue) -> Result<JsValue, JsValue> {
    let message = text_arg("whyFinding", "message", "a finding's message", &message)?;
    let pointer = text_arg("whyFinding", "pointer", "a JSON pointer", &pointer)?;
    to_js(&explain::why::why(&message, &pointer))
}

/// Read `text` in one of the small formats, as the playground does.
#[wasm_bindgen(js_name = readSmall, skip_typescript)]
pub fn read_small(format: JsValue, text: JsValue) -> Result<JsValue, JsValue> {
    let name = text_arg(
        "readSmall",
        "format",
        "idset, hostlist, range, shape or constraint",
        &format,
    )?;
    let text = text_arg("readSmall", "text", "the text to read", &text)?;
    let format = play::PlayFormat::named(&name).ok_or_else(|| {
        error(&format!(
            "readSmall: unknown format '{name}': use idset, hostlist, range, shape or constraint"
        ))
    })?;
    #[derive(serde::Serialize)]
    struct Played {
        reading: Option<play::Reading>,
        problem: Option<play::Problem>,
    }
    let answer = match play::read(format, &text) {
        Ok(r) => Played {
            reading: Some(r),
            problem: None,
        },
        Err(p) => Played {
            reading: None,
            problem: Some(p),
        },
    };
    to_js(&answer)
}
