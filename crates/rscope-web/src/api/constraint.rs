//! The JS API for RFC 31 constraints: `constraintParse` and
//! `constraintMatch`, thin calls of [`rscope_core::commands::constraint`], which
//! answer as `rscope constraint parse` and `rscope constraint match` do.
//! Arguments are checked as in [`super`].

use crate::api::{error, option_flag, text_arg};
use rscope_core::commands::constraint;
use rscope_core::constraint::ConstraintReading;
use rscope_core::setops::Inputs;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Options of `constraintMatch`, as `rscope constraint match`'s flags. */
export interface ConstraintMatchOptions {
  /** Read the constraint as a `--requires` query, not as RFC 31 JSON (`--query`). */
  query?: boolean;
  /** Rather than the R, each node not selected and why, one a line (`--why`). */
  why?: boolean;
  /** Read the constraint as librlist's `match.c` does (flux-core's C
   * scheduler before sched-simple in Python, `flux R decode
   * --properties`, Fluxion) rather than as today's default scheduler's
   * `Rv1Set` (`--librlist`). */
  librlist?: boolean;
}
/** The RFC 31 JSON of a `flux submit --requires` query, on one line as
 * `rscope constraint parse` prints it (without its newline). A query the
 * reference parser refuses throws an `Error` with its message and `start`
 * and `end` properties (byte offsets of the fault). */
export function constraintParse(query: string): string;
/** What `rscope constraint match` prints: the R of the nodes of `rText`
 * the constraint selects, or with `{why: true}` the nodes it leaves out
 * and why. */
export function constraintMatch(constraint: string, rText: string, options?: ConstraintMatchOptions): string;
"#;

/// The RFC 31 JSON of a `--requires` query, as `rscope constraint parse`
/// prints it without its newline.
#[wasm_bindgen(js_name = constraintParse, skip_typescript)]
pub fn constraint_parse(query: JsValue) -> Result<String, JsValue> {
    const F: &str = "constraintParse";
    let query = text_arg(F, "query", "a --requires query", &query)?;
    constraint::parse(&query).map_err(|e| {
        let err = js_sys::Error::new(&format!("{F}: {}", e.message));
        let _ = js_sys::Reflect::set(&err, &"start".into(), &(e.span.start as f64).into());
        let _ = js_sys::Reflect::set(&err, &"end".into(), &(e.span.end as f64).into());
        err.into()
    })
}

/// What `rscope constraint match` prints for the R objects of `r_text`.
#[wasm_bindgen(js_name = constraintMatch, skip_typescript)]
pub fn constraint_match(
    constraint: JsValue,
    r_text: JsValue,
    options: JsValue,
) -> Result<String, JsValue> {
    const F: &str = "constraintMatch";
    let text = text_arg(F, "constraint", "an RFC 31 constraint", &constraint)?;
    let r_text = text_arg(F, "rText", "one or more R documents", &r_text)?;
    let query = option_flag(F, &options, "query")?;
    let why = option_flag(F, &options, "why")?;
    let reading = match option_flag(F, &options, "librlist")? {
        true => ConstraintReading::Librlist,
        false => ConstraintReading::Rv1Set,
    };
    let c = constraint::read_constraint(&text, query, reading)
        .map_err(|e| error(&format!("{F}: {e}")))?;
    // One unnamed text, read as the CLI reads standard input, so that the
    // messages are the CLI's; the caller goes on after the answer.
    let inputs = Inputs {
        exiting: false,
        ..Inputs::stdin(&r_text)
    };
    constraint::select(&inputs, &c, why).map_err(|r| error(&format!("{F}: {}", r.message)))
}
