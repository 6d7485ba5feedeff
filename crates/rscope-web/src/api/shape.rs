//! The JS API for shapes and fit: `shape`, `formatShape` and `fit`, thin
//! calls of [`rscope_core::shape::print`] and [`rscope_core::fit::answer`], the
//! functions `rscope shape` and `rscope fit` call. As in [`super`],
//! every argument comes in as `JsValue` and a wrong type throws a plain
//! `Error` before it reaches the core.

use crate::api;
use rscope_core::fit::answer::{request_of, FitError};
use rscope_core::fit::Policy;
use rscope_core::shape::print::{place, print, shape_of_document, Style};
use rscope_core::shape::Options;
use rscope_core::system::displace::{displacing_with, fit_displacing, Displaced, Displacing};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Options of `shape`, as `rscope shape`'s flags. */
export interface ShapeOptions {
  /** YAML instead of JSON (`--yaml`). */
  yaml?: boolean;
  /** Ranges as dictionaries (`--rangedict`). */
  rangedict?: boolean;
  /** Wrap the list in `{"resources": ...}` (`--wrapresources`). */
  wrapresources?: boolean;
  /** The label of a lone slot written without one (`--label`, default `task`). */
  label?: string;
}
/** Options of `fit`, as `rscope fit`'s flags. */
export interface FitOptions {
  /** Node order: `worst` (the default), `first` or `best`. */
  policy?: "worst" | "first" | "best";
  /** An RFC 31 constraint: a property list or a JSON constraint object's text. */
  requires?: string;
  /**
   * The system's configuration (TOML, or the JSON `flux config get`
   * prints), read with the document as one system: its `[resource]
   * exclude` takes nodes out, and its `[resource] config` gives the
   * resources when `rText` is empty.
   */
  config?: string;
  /**
   * Other documents about the same system (`flux resource status` or
   * `list` payloads, say), read with `rText` as one system: the nodes
   * they say are down, drained or allocated are not free now.
   */
  documents?: SystemDocument[];
  /**
   * Say which running jobs of a job list among `documents` would make way
   * when the request does not fit now (`--displace`): `displaced` lists
   * them, and `R` and `short` give the allocation they leave.
   */
  displace?: boolean;
}
/** A running job a fit would displace. */
export interface DisplacedJob {
  /** Its id in F58. */
  id: string;
  /** What it holds in all, in short form (`rank[0-1]/core[0-3]`). */
  holds: string;
}
/** What `fit` answers. */
export interface FitAnswer {
  status: "now" | "notnow" | "never";
  /** The allocation as an R document, as `rscope fit --r` prints it; null unless it fits now, or fits by displacing jobs. */
  R: string | null;
  /** The allocation's short form; null unless it fits now, or fits by displacing jobs. */
  short: string | null;
  /** The running jobs that would make way, with `displace`; empty otherwise. */
  displaced: DisplacedJob[];
  /** The answer in words: `fits now: 4 nodes, node[3-6], 32 cores`, and the note when there is one. */
  reason: string;
  /** How flux-core's scheduler would read the request differently (a slot of nodes), as `rscope fit` says it on standard error; null when it reads it alike. */
  note: string | null;
  /** Exactly what `rscope fit` prints. */
  text: string;
}
/** Expand an RFC 46 shape into RFC 14 resources: what `rscope shape`
 * prints with the same options. A bad shape throws an `Error` with its
 * message, `line` and `column`. */
export function shape(text: string, options?: ShapeOptions): string;
/** The shortest shape that writes the resources of a jobspec or resources
 * list (JSON or YAML), as `rscope shape --format` prints it. */
export function formatShape(text: string): string;
/** Would the request `shape` fit into the system of `rText`: an R, a
 * `flux resource status` or `list` payload (its busy, drained, offline and
 * torpid nodes in the way), a resource graph, an hwloc topology or a
 * configuration with `[resource] config`? As `rscope fit` answers. */
export function fit(shape: string, rText: string, options?: FitOptions): FitAnswer;
"#;

/// Expand an RFC 46 shape into RFC 14 resources: the text `rscope shape`
/// prints with the same options. A bad shape throws an `Error` with its
/// message, `line` and `column`.
#[wasm_bindgen(js_name = shape, skip_typescript)]
pub fn shape(text: JsValue, options: JsValue) -> Result<String, JsValue> {
    let text = api::text_arg("shape", "text", "an RFC 46 shape", &text)?;
    let style = Style {
        yaml: api::option_flag("shape", &options, "yaml")?,
        wrap: api::option_flag("shape", &options, "wrapresources")?,
    };
    let options = Options {
        label: api::option_string("shape", &options, "label")?.unwrap_or_else(|| "task".into()),
        rangedict: api::option_flag("shape", &options, "rangedict")?,
    };
    match print(&text, &options, style) {
        Ok(printed) => Ok(printed.text),
        Err(e) => Err(shape_error(&text, &e)),
    }
}

/// The shortest shape that writes the resources of a jobspec or resources
/// list (JSON or YAML), as `rscope shape --format` prints it.
#[wasm_bindgen(js_name = formatShape, skip_typescript)]
pub fn format_shape(text: JsValue) -> Result<String, JsValue> {
    let text = api::text_arg("formatShape", "text", "a jobspec or resources list", &text)?;
    let reverse = shape_of_document(&text, &Options::default()).map_err(|e| api::error(&e))?;
    reverse.shape.map_err(|e| api::error(&e))
}

/// Would the request `shape` fit into the document `r_text` (an R, a
/// payload, a graph, a topology or a configuration with resources)?
/// `{status, R, short, reason, text}`, as `rscope fit` answers.
#[wasm_bindgen(js_name = fit, skip_typescript)]
pub fn fit_js(shape: JsValue, r_text: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let shape = api::text_arg("fit", "shape", "an RFC 46 shape", &shape)?;
    let r_text = api::text_arg("fit", "rText", "a document with resources", &r_text)?;
    let policy: Policy = match api::option_string("fit", &options, "policy")? {
        Some(p) => p
            .parse()
            .map_err(|e: String| api::error(&format!("fit: {e}")))?,
        None => Policy::default(),
    };
    let requires = api::option_string("fit", &options, "requires")?;
    let config = api::option_string("fit", &options, "config")?.unwrap_or_default();
    let others = match api::option("fit", &options, "documents")? {
        Some(v) => api::system::named_documents("fit", "option documents", &v)?,
        None => Vec::new(),
    };
    let request = request_of(&shape, requires.as_deref()).map_err(|e| match e {
        FitError::Shape(e) => shape_error(&shape, &e),
        FitError::Other(why) => api::error(&why),
    })?;
    let displacing = api::option_flag("fit", &options, "displace")?;
    let read = sets_of(&r_text, &others, &config);
    let sets = read.as_ref().as_ref().map_err(|e| api::error(e))?;
    let d = fit_displacing(&request, sets, policy, displacing).map_err(|e| api::error(&e))?;
    let (a, displaced) = (d.fit, d.displaced);
    let out = js_sys::Object::new();
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&out, &k.into(), &v).map(|_| ());
    set("status", a.status.as_str().into())?;
    set("R", a.r_document().map_or(JsValue::NULL, Into::into))?;
    set("short", a.short().map_or(JsValue::NULL, Into::into))?;
    set("reason", a.words.as_str().into())?;
    set("note", a.note.as_deref().map_or(JsValue::NULL, Into::into))?;
    set("text", a.printed.as_str().into())?;
    set("displaced", displaced_js(&displaced).into())?;
    Ok(out.into())
}

/// The jobs a fit would displace as `DisplacedJob` objects (built by
/// hand: serde's serializer for one small type costs the page more).
fn displaced_js(displaced: &[Displaced]) -> js_sys::Array {
    let all = js_sys::Array::new();
    for d in displaced {
        let o = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&o, &"id".into(), &d.id.as_str().into());
        let _ = js_sys::Reflect::set(&o, &"holds".into(), &d.holds.as_str().into());
        all.push(&o);
    }
    all
}

/// A document's set to fit into, its busy part and its running jobs, or
/// why it has none.
type Sets = Rc<Result<Displacing, String>>;

thread_local! {
    /// The last document fitted into, with the documents and the
    /// configuration beside it, and its sets: fitting several shapes into
    /// one R (the shape panel, a page's script) reads it once.
    static LAST_SETS: RefCell<rscope_core::recent::Recent<String, (Beside, Sets)>> =
        RefCell::new(rscope_core::recent::Recent::new(1));
}

/// What a fit reads beside its document: the other documents (name,
/// text) and the configuration.
type Beside = (Vec<(String, String)>, String);

/// The sets of `text` with the documents `others` and the configuration
/// `config` beside it ([`displacing_with`]), read once for a run of fits
/// into them.
pub(crate) fn sets_of(text: &str, others: &[(String, String)], config: &str) -> Sets {
    LAST_SETS.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(((seen_others, seen_config), sets)) = last.get(text) {
            if seen_others == others && seen_config == config {
                return sets;
            }
        }
        let pairs: Vec<(&str, &str)> = (others.iter())
            .map(|(name, text)| (name.as_str(), text.as_str()))
            .collect();
        let sets = Rc::new(displacing_with(text, &pairs, config));
        let beside = (others.to_vec(), config.to_string());
        last.put(text.to_string(), (beside, sets.clone()));
        sets
    })
}

/// A bad shape as an `Error`: the message with its place, and `line` and
/// `column` properties (1-based, characters).
pub(crate) fn shape_error(text: &str, e: &rscope_core::shape::Error) -> JsValue {
    let placed = place(text, e);
    let err = js_sys::Error::new(&placed.located());
    let _ = js_sys::Reflect::set(&err, &"line".into(), &(placed.at.line as f64).into());
    let _ = js_sys::Reflect::set(&err, &"column".into(), &(placed.at.col as f64).into());
    err.into()
}

/// The shape worker's entry point for the page's warm-up
/// (`Channel::warm`): read `r` with the `documents` of its system
/// (`{name, text}`, or undefined) for the fits to come (the page's bundle
/// only: the element's bundle has no JS API to call).
#[wasm_bindgen(js_name = prepareFit, skip_typescript)]
pub fn prepare_fit(r: &str, documents: JsValue) {
    let others = match documents.is_undefined() {
        true => Vec::new(),
        false => {
            api::system::named_documents("prepareFit", "documents", &documents).unwrap_or_default()
        }
    };
    sets_of(r, &others, "");
}
