//! The JS API for job lists, a part of its own (`rscope_jobs.js`, cargo
//! feature `jobs-part`): `jobs(list, options)` answers with the bytes
//! `rscope jobs` prints ([`rscope_core::jobs::jobs`]), and `jobMap(list, R,
//! options)` with those of `rscope jobs map`
//! ([`rscope_core::jobs::map_printed`]). The page's bundle leaves this code
//! out; a page that asks for it loads the part on first use.

use crate::api::{error, option, option_count, option_flag, option_string, text_arg, to_js};
use rscope_core::jobs::{self, F58Prefix, JobsOptions};
use std::collections::HashMap;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Options of {@link jobs}, named as `rscope jobs`'s flags. */
export interface JobsOptions {
  /** `-o`: a format string, or the name of one (`default`, `long`, `deps`, `help`…). */
  format?: string;
  /** `-n`: no header line. */
  noHeader?: boolean;
  /** `--sort`: keys, comma-separated, `-` before a key to reverse it. */
  sort?: string;
  /** `-w`: cut lines longer than this many characters (0: never). */
  width?: number;
  /** `--json`: the jobs as `flux jobs --json` prints them. */
  json?: boolean;
  /** `--color=always`. */
  color?: boolean;
  /** The `FLUX_JOBS_FORMAT_DEFAULT` environment variable: replaces the `default` format. */
  formatDefault?: string;
  /** `time.time()`, in seconds since the epoch, for running jobs' runtimes (default: now). */
  now?: number;
  /** Job ids as `f…` rather than `ƒ…` (`FLUX_F58_FORCE_ASCII`, or a locale without UTF-8). */
  ascii?: boolean;
  /** User names by user id; a user id not named here is printed as its number, as flux does for an unknown user. */
  users?: Record<string, string>;
}
/** Options of {@link jobMap}. */
export interface JobMapOptions {
  /** `time.time()`, in seconds since the epoch (default: now). */
  now?: number;
  /** Job ids as `f…` rather than `ƒ…`. */
  ascii?: boolean;
}
/** What a command prints, and its exit status. */
export interface JobsPrinted { stdout: string; stderr: string; code: number }
/**
 * `rscope jobs`, which prints a job list as `flux jobs --from-stdin` does:
 * `list` holds `job-list` objects one per line. Errors of the list are
 * answered as flux-jobs words them, in `stderr` with `code` 1.
 */
export function jobs(list: string, options?: JobsOptions): JobsPrinted;
/**
 * `rscope jobs map`: for each node of the instance's `R`, what is free and
 * which running job holds which cores and GPUs. `list` is a job list, one
 * object per line or `flux jobs --json`'s output; warnings (a core two jobs
 * hold, resources R lacks) are in `stderr`. The list is named `list` and the
 * R `R` in errors.
 */
export function jobMap(list: string, R: string, options?: JobMapOptions): JobsPrinted;
"#;

/// `time.time()` from the options, or the browser's clock.
fn now(function: &str, options: &JsValue) -> Result<f64, JsValue> {
    match option(function, options, "now")? {
        None => Ok(js_sys::Date::now() / 1000.0),
        Some(v) => v.as_f64().filter(|n| n.is_finite()).ok_or_else(|| {
            error(&format!(
                "{function}: option now must be a number of seconds since the epoch"
            ))
        }),
    }
}

/// The F58 prefix the options ask for.
fn prefix(function: &str, options: &JsValue) -> Result<F58Prefix, JsValue> {
    Ok(if option_flag(function, options, "ascii")? {
        F58Prefix::Ascii
    } else {
        F58Prefix::Hook
    })
}

/// The `users` option: user names by user id.
fn users(function: &str, options: &JsValue) -> Result<HashMap<u32, String>, JsValue> {
    let Some(v) = option(function, options, "users")? else {
        return Ok(HashMap::new());
    };
    let bad = || {
        error(&format!(
            "{function}: option users must map user ids to names ({{\"1000\": \"alice\"}})"
        ))
    };
    if !v.is_object() || js_sys::Array::is_array(&v) {
        return Err(bad());
    }
    let mut out = HashMap::new();
    for pair in js_sys::Object::entries(&v.into()).iter() {
        let pair = js_sys::Array::from(&pair);
        let uid = pair.get(0).as_string().and_then(|k| k.parse::<u32>().ok());
        match (uid, pair.get(1).as_string()) {
            (Some(uid), Some(name)) => out.insert(uid, name),
            _ => return Err(bad()),
        };
    }
    Ok(out)
}

/// `rscope jobs` over `list`, with the CLI's options.
#[wasm_bindgen(skip_typescript)]
pub fn jobs(list: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    const FN: &str = "jobs";
    let list = text_arg(FN, "list", "job-list objects, one per line", &list)?;
    let opts = JobsOptions {
        format: option_string(FN, &options, "format")?.unwrap_or_else(|| "default".into()),
        env_default: option_string(FN, &options, "formatDefault")?,
        no_header: option_flag(FN, &options, "noHeader")?,
        sort: option_string(FN, &options, "sort")?.filter(|s| !s.is_empty()),
        width: option_count(FN, &options, "width")?.filter(|&n| n > 0),
        json: option_flag(FN, &options, "json")?,
        color: option_flag(FN, &options, "color")?,
        now: now(FN, &options)?,
        prefix: prefix(FN, &options)?,
        ..JobsOptions::at(0.0)
    };
    let users = users(FN, &options)?;
    let name = |uid: u32| users.get(&uid).cloned();
    to_js(&jobs::jobs(&list, &opts, &name))
}

/// `rscope jobs map` over `list` and the instance's `R`.
#[wasm_bindgen(js_name = jobMap, skip_typescript)]
pub fn job_map(list: JsValue, r: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    const FN: &str = "jobMap";
    let list = text_arg(FN, "list", "a job list", &list)?;
    let r = text_arg(FN, "R", "the instance's R", &r)?;
    let printed = jobs::map_printed(
        ("list", &list),
        ("R", &r),
        now(FN, &options)?,
        prefix(FN, &options)?,
    );
    to_js(&printed)
}

/// The `<rscope-view>` element's colouring of its grid by the running jobs
/// of the job list `list` (its `jobs=`), grouped as `color_by` says (`job`,
/// `user` or `job-queue`; anything else: by job): the cells as the page
/// colours them ([`rscope_core::grid::jobs::JobsOnGrid`]), in postcard
/// bytes for the element's bundle, which has no job list reader of its
/// own. Not part of the typed API.
#[wasm_bindgen(js_name = jobColoring, skip_typescript)]
pub fn job_coloring(list: &str, color_by: &str) -> Result<js_sys::Uint8Array, JsValue> {
    use rscope_core::grid::jobs::{JobKey, JobsOnGrid};
    let held = jobs::held_jobs(list).ok_or_else(|| {
        error("the job list is not flux jobs --json output or job-list objects one per line")
    })?;
    let key = rscope_core::color::job_key(color_by).unwrap_or(JobKey::Job);
    let now = js_sys::Date::now() / 1000.0;
    let on = JobsOnGrid::of(&held, now).unwrap_or_else(JobsOnGrid::none);
    Ok(js_sys::Uint8Array::from(&on.overlay(key).to_part()[..]))
}
