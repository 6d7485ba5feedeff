//! The JS API for `flux resource` payloads: `resource(command, payload,
//! options)`, a thin call of [`rscope_core::resource`], answering with the bytes
//! `rscope resource COMMAND` prints and its exit status; and
//! `nodeQueues(document, config)`, the page's queue box as a call; and
//! `resourceChanges(before, after)`, `rscope resource changes`.

use crate::api::{error, option_flag, option_string, option_strings, text_arg, to_js};
use rscope_core::resource::{self, Config, ListOptions, StatusOptions};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/**
 * The `flux resource` subcommands Rscope answers from a saved payload, and
 * `eventlog`, `replay` and `history`, which answer from a resource eventlog.
 */
export type ResourceCommand = "status" | "drain" | "list" | "info" | "R" | "eventlog" | "replay" | "history";
/** Options of {@link resource}, named as the CLI's. */
export interface ResourceOptions {
  /** `-o`: a format string or the name of one. */
  format?: string;
  /** `-s`: states, comma-separated. */
  states?: string;
  /** `-i`: ranks or host names. */
  include?: string;
  /** `-q`: queue names. */
  queues?: string[];
  /** `--config-file`'s text: JSON as `flux config get` prints it. */
  config?: string;
  /** Read `config` as TOML instead. */
  configToml?: boolean;
  noHeader?: boolean;
  color?: boolean;
  skipEmpty?: boolean;
  noSkipEmpty?: boolean;
  /** `replay --at`: seconds since the epoch, an ISO 8601 time, or an offset (`-3d`, `+2h`). */
  at?: string;
  /** `replay --R`: the instance's R, as text. */
  R?: string;
  /** `replay --exclude` and `history --exclude`: ranks excluded by configuration. */
  exclude?: string;
  /** `eventlog -T`: raw, iso, offset or human. (`eventlog -f` is `format`: text or json.) */
  timeFormat?: string;
  /** `eventlog -H`. */
  human?: boolean;
  /** `eventlog -w`: print through the first event of this name. */
  wait?: string;
  /** `eventlog -m`: KEY=VAL pairs the `wait` event's context must hold. */
  matchContext?: string[];
  /** `history --by`: node, reason, day or week. */
  by?: string;
  /** `history --since` and `--until`: times as `at` takes them. */
  since?: string;
  until?: string;
  /** `history --group-reasons`. */
  groupReasons?: boolean;
  /** `history -o json`. */
  json?: boolean;
}
/** What `rscope resource COMMAND` prints for a payload, and its exit status. */
export interface ResourcePrinted { stdout: string; stderr: string; code: number }
/**
 * `flux resource status|drain|list|info|R` over a saved `resource.status`
 * (status, drain) or `sched.resource-status` (list, info, R) payload; or
 * `rscope resource eventlog`, `replay` or `history` over a resource
 * eventlog read as standard input (its findings name it `<stdin>`).
 */
export function resource(command: ResourceCommand, payload: string, options?: ResourceOptions): ResourcePrinted;
/** One configured queue, as the page's queue box lists it. */
export interface QueueLine {
  name: string;
  /** What it requires, in words: `requires batch`, `every node`, or the parent of a virtual queue. */
  requires: string;
  /** Its nodes, counted and named: `3 nodes: foo[1-3]`, or `no nodes`. */
  nodes: string;
}
/** The queues of a document's nodes under a configuration. */
export interface NodeQueues {
  queues: QueueLine[];
  /** Nodes in no queue, nodes two queues share, and `requires` no node meets. */
  findings: string[];
}
/**
 * The queues of the nodes `document` draws (an R, or a `flux resource`
 * payload) under `config` (TOML, or the JSON `flux config get` prints), as
 * the page's queue box shows them. Throws when the configuration does not
 * read or has no queues, or the document draws no nodes.
 */
export function nodeQueues(document: string, config: string): NodeQueues;
/** Nodes that changed the same way for the same reason. */
export interface ChangeRow {
  /** `drained`, `drained again`, `undrained`, `went offline`, `came back`, `went torpid`, `lively again`, `excluded`, `no longer excluded`, `added to R`, `removed from R`. */
  change: string;
  nnodes: number;
  /** An RFC 22 id set. */
  ranks: string;
  /** An RFC 29 host list. */
  nodelist: string;
  /** A drain's reason; for an undrain, the reason it ends. */
  reason: string;
}
/** What changed between two status snapshots. */
export interface ResourceChanges {
  rows: ChangeRow[];
  /** How many nodes changed at all. */
  nodes: number;
  /** The table `rscope resource changes` prints, byte for byte. */
  table: string;
}
/**
 * What changed between two saved `resource.status` payloads of one
 * system, as `rscope resource changes BEFORE AFTER` prints it. Throws
 * when either does not read, naming it (`before`, `after`).
 */
export function resourceChanges(before: string, after: string): ResourceChanges;
"#;

const NAME: &str = "resource";

/// The commands `resource` answers, in words.
const COMMANDS: &str = "status, drain, list, info, R, eventlog, replay or history";

fn config(options: &JsValue) -> Result<Option<Config>, JsValue> {
    let Some(text) = option_string(NAME, options, "config")? else {
        return Ok(None);
    };
    let read = if option_flag(NAME, options, "configToml")? {
        Config::from_toml_text(&text)
    } else {
        Config::from_json_text(&text)
    };
    read.map(Some)
        .map_err(|e| error(&format!("{NAME}: config: {e}")))
}

fn queues(options: &JsValue) -> Result<Vec<String>, JsValue> {
    let mut out: Vec<String> = Vec::new();
    for q in option_strings(NAME, options, "queues")? {
        for name in q.split(',') {
            if !out.iter().any(|o| o == name) {
                out.push(name.to_string());
            }
        }
    }
    Ok(out)
}

fn status_options(command: &str, options: &JsValue) -> Result<StatusOptions, JsValue> {
    let drain = command == "drain";
    Ok(StatusOptions {
        format: option_string(NAME, options, "format")?.unwrap_or_else(|| "default".into()),
        states: if drain {
            Some("drain".into())
        } else {
            option_string(NAME, options, "states")?
        },
        include: option_string(NAME, options, "include")?,
        queues: queues(options)?,
        config: config(options)?,
        no_header: option_flag(NAME, options, "noHeader")?,
        color: option_flag(NAME, options, "color")?,
        skip_empty: drain || option_flag(NAME, options, "skipEmpty")?,
        env_default: None,
        drain_listing: drain,
    })
}

fn list_options(command: &str, options: &JsValue) -> Result<ListOptions, JsValue> {
    let default_states = match command {
        "list" => "free,allocated,down",
        "R" => "all",
        _ => "",
    };
    Ok(ListOptions {
        format: option_string(NAME, options, "format")?.unwrap_or_else(|| "default".into()),
        states: option_string(NAME, options, "states")?.unwrap_or_else(|| default_states.into()),
        include: option_string(NAME, options, "include")?,
        queues: queues(options)?,
        config: config(options)?,
        no_header: option_flag(NAME, options, "noHeader")?,
        skip_empty: option_flag(NAME, options, "skipEmpty")?,
        no_skip_empty: option_flag(NAME, options, "noSkipEmpty")?,
        env_default: None,
    })
}

/// What [`node_queues`] answers: the queue box's lines and findings.
#[derive(serde::Serialize)]
struct QueuesAnswer<'a> {
    queues: &'a [rscope_core::grid::queues::QueueLine],
    findings: &'a [String],
}

/// `nodeQueues(document, config)`: what the page's queue box shows for
/// `config` beside `document` ([`rscope_core::analysis::node_queues`]).
#[wasm_bindgen(js_name = nodeQueues, skip_typescript)]
pub fn node_queues(document: JsValue, config: JsValue) -> Result<JsValue, JsValue> {
    const FN: &str = "nodeQueues";
    let document = text_arg(FN, "document", "an R or a flux resource payload", &document)?;
    let config = text_arg(
        FN,
        "config",
        "TOML, or the JSON flux config get prints",
        &config,
    )?;
    let q = rscope_core::analysis::node_queues(&document, &config)
        .map_err(|e| error(&format!("{FN}: {e}")))?;
    to_js(&QueuesAnswer {
        queues: &q.queues,
        findings: &q.findings,
    })
}

/// `rscope resource COMMAND` over `payload`, with the CLI's options.
#[wasm_bindgen(skip_typescript)]
pub fn resource(command: JsValue, payload: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let command = text_arg(NAME, "command", COMMANDS, &command)?;
    let payload = text_arg(NAME, "payload", "a saved payload", &payload)?;
    let printed = match command.as_str() {
        "status" | "drain" => resource::status(&payload, &status_options(&command, &options)?),
        "list" => resource::list(&payload, &list_options(&command, &options)?),
        "info" => resource::info(&payload, &list_options(&command, &options)?),
        "R" => resource::emit_r(&payload, &list_options(&command, &options)?),
        "eventlog" => eventlog_printed(&payload, &options)?,
        "replay" => replay(&payload, &options)?,
        "history" => history(&payload, &options)?,
        other => {
            return Err(error(&format!(
                "{NAME}: unknown command '{other}' ({COMMANDS})"
            )))
        }
    };
    to_js(&printed)
}

/// The answer of `resourceChanges`: the rows, and the CLI's table.
#[derive(serde::Serialize)]
struct ChangesAnswer<'a> {
    rows: &'a [resource::changes::ChangeRow],
    nodes: u64,
    table: String,
}

/// `resourceChanges(before, after)`: what `rscope resource changes`
/// prints for two payloads ([`resource::changes::changes_between`]).
#[wasm_bindgen(js_name = resourceChanges, skip_typescript)]
pub fn resource_changes(before: JsValue, after: JsValue) -> Result<JsValue, JsValue> {
    const FN: &str = "resourceChanges";
    let before = text_arg(FN, "before", "a saved resource.status payload", &before)?;
    let after = text_arg(FN, "after", "a saved resource.status payload", &after)?;
    let changes = resource::changes::changes_between(("before", &before), ("after", &after))
        .map_err(|e| error(&format!("{FN}: {e}")))?;
    to_js(&ChangesAnswer {
        rows: &changes.rows,
        nodes: changes.nodes,
        table: changes.table(),
    })
}

/// `rscope resource replay` of an eventlog read as standard input, with
/// the options `at`, `R` and `exclude` ([`resource::eventlog::replay_command`]).
fn replay(eventlog: &str, options: &JsValue) -> Result<resource::Printed, JsValue> {
    let at = option_string(NAME, options, "at")?;
    let r = option_string(NAME, options, "R")?;
    let exclude = option_string(NAME, options, "exclude")?;
    let request = resource::eventlog::ReplayRequest {
        at: at.as_deref(),
        r: r.as_deref(),
        exclude: exclude.as_deref(),
    };
    Ok(resource::eventlog::replay_command(
        "<stdin>", eventlog, &request,
    ))
}

/// `rscope resource history` of an eventlog read as standard input
/// ([`resource::eventlog::history_command`]).
fn history(eventlog: &str, options: &JsValue) -> Result<resource::Printed, JsValue> {
    let by = option_string(NAME, options, "by")?;
    let since = option_string(NAME, options, "since")?;
    let until = option_string(NAME, options, "until")?;
    let r = option_string(NAME, options, "R")?;
    let exclude = option_string(NAME, options, "exclude")?;
    let request = resource::eventlog::HistoryRequest {
        by: by.as_deref(),
        since: since.as_deref(),
        until: until.as_deref(),
        r: r.as_deref(),
        exclude: exclude.as_deref(),
        group_reasons: option_flag(NAME, options, "groupReasons")?,
        json: option_flag(NAME, options, "json")?,
    };
    Ok(resource::eventlog::history_command(
        "<stdin>", eventlog, &request,
    ))
}

/// `rscope resource eventlog` of an eventlog read as standard input, as
/// `flux resource eventlog` prints it ([`resource::eventlog::print`]):
/// `format` is `-f`, `timeFormat` `-T`, `human` `-H`, `color` `-L always`,
/// `include` `-i`, `wait` `-w` and `matchContext` each `-m`.
fn eventlog_printed(text: &str, options: &JsValue) -> Result<resource::Printed, JsValue> {
    use resource::eventlog::{EventFormat, MatchContext, PrintOptions, TimeFormat};
    let mut match_context = MatchContext::default();
    for kv in option_strings(NAME, options, "matchContext")? {
        if let Err(e) = match_context.push(&kv) {
            return Ok(resource::Printed::error(e));
        }
    }
    let named = option_string(NAME, options, "timeFormat")?;
    let time = match named.as_deref().map(TimeFormat::parse) {
        None => TimeFormat::Raw,
        Some(Some(t)) => t,
        Some(None) => {
            return Err(error(&format!(
                "{NAME}: timeFormat: give raw, iso, offset or human, not '{}'",
                named.unwrap_or_default()
            )))
        }
    };
    let human = option_flag(NAME, options, "human")?;
    let format = match option_string(NAME, options, "format")?.as_deref() {
        Some("json") if !human => EventFormat::Json,
        None | Some("text" | "json") => EventFormat::Text,
        Some(other) => {
            return Err(error(&format!(
                "{NAME}: format: give text or json, not '{other}'"
            )))
        }
    };
    let opts = PrintOptions {
        format,
        time: if human { TimeFormat::Human } else { time },
        color: option_flag(NAME, options, "color")?,
        include: option_string(NAME, options, "include")?,
        wait: option_string(NAME, options, "wait")?,
        match_context,
    };
    let log = resource::eventlog::read(text);
    Ok(resource::eventlog::print("<stdin>", text, &log, &opts))
}
