//! `flux jobs --from-stdin` as a function of its input and options: the
//! reference's order of checks (format, sort keys, then the input), its
//! header, lines, colours and `--json`, and its messages.

use super::info::{Context, JobInfo, DEFAULTS};
use super::jobid::F58Prefix;
use super::pyjson::{loads, Key, LoadError, PyJson};
use crate::output_format::{
    choose_format, cut_to_width, format_field_names, Chosen, FieldValue, FormatError, NamedFormat,
    OutputFormat, Printed,
};

/// The command's name in its messages.
const TOOL: &str = "flux-jobs";

/// `FluxJobsConfig.builtin_formats`.
pub const FORMATS: [NamedFormat; 5] = [
    NamedFormat {
        name: "default",
        description: "Default flux-jobs format string",
        format: "{id.f58:>12} ?:{queue:<8.8} +:{username:<8} {name:<10.10+} {status_abbrev:>2.2} {ntasks:>6} {nnodes:>6h} {contextual_time!F:>8h} {contextual_info}",
    },
    NamedFormat {
        name: "cute",
        description: "Cute flux-jobs format string (default with emojis)",
        format: "{id.f58:>12} ?:{queue:<8.8} +:{username:<8} {name:<10.10+} {status_emoji:>5.5} {ntasks:>6} {nnodes:>6h} {contextual_time!F:>8h} {contextual_info}",
    },
    NamedFormat {
        name: "long",
        description: "Extended flux-jobs format string",
        format: "{id.f58:>12} ?:{queue:<8.8} +:{username:<8} {name:<10.10+} {status:>9.9} {ntasks:>6} {nnodes:>6h} {t_submit!d:%b%d %R::>12} {t_remaining!F:>12h} {contextual_time!F:>8h} {contextual_info}",
    },
    NamedFormat {
        name: "deps",
        description: "Show job urgency, priority, and dependencies",
        format: "{id.f58:>12} ?:{queue:<8.8} {name:<10.10+} {urgency:<3} {priority:<12} {state:<8.8} {dependencies}",
    },
    NamedFormat {
        name: "endreason",
        description: "Show why each job ended",
        format: "{id.f58:>12} ?:{queue:<8.8} +:{username:<8} {name:<10.10+} {status_abbrev:>2.2} {t_inactive!d:%b%d %R::>12h} {inactive_reason}",
    },
];

/// `JobInfoFormat.headings`: each field a format may name, and its column.
const HEADINGS: [(&str, &str); 61] = [
    ("id", "JOBID"),
    ("id.dec", "JOBID"),
    ("id.hex", "JOBID"),
    ("id.f58", "JOBID"),
    ("id.f58plain", "JOBID"),
    ("id.emoji", "JOBID"),
    ("id.kvs", "JOBID"),
    ("id.words", "JOBID"),
    ("id.dothex", "JOBID"),
    ("userid", "UID"),
    ("username", "USER"),
    ("urgency", "URG"),
    ("priority", "PRI"),
    ("state", "STATE"),
    ("state_single", "S"),
    ("state_emoji", "STATE"),
    ("name", "NAME"),
    ("cwd", "CWD"),
    ("queue", "QUEUE"),
    ("project", "PROJECT"),
    ("bank", "BANK"),
    ("ntasks", "NTASKS"),
    ("ncores", "NCORES"),
    ("duration", "DURATION"),
    ("nnodes", "NNODES"),
    ("expiration", "EXPIRATION"),
    ("t_remaining", "T_REMAINING"),
    ("ranks", "RANKS"),
    ("nodelist", "NODELIST"),
    ("success", "SUCCESS"),
    ("result", "RESULT"),
    ("result_abbrev", "RS"),
    ("result_emoji", "RESULT"),
    ("t_submit", "T_SUBMIT"),
    ("t_depend", "T_DEPEND"),
    ("t_priority", "T_PRIORITY"),
    ("t_sched", "T_SCHED"),
    ("t_run", "T_RUN"),
    ("t_cleanup", "T_CLEANUP"),
    ("t_inactive", "T_INACTIVE"),
    ("runtime", "RUNTIME"),
    ("status", "STATUS"),
    ("status_abbrev", "ST"),
    ("status_emoji", "STATUS"),
    ("waitstatus", "WSTATUS"),
    ("returncode", "RC"),
    ("exception.occurred", "EXCEPTION-OCCURRED"),
    ("exception.severity", "EXCEPTION-SEVERITY"),
    ("exception.type", "EXCEPTION-TYPE"),
    ("exception.note", "EXCEPTION-NOTE"),
    ("annotations", "ANNOTATIONS"),
    ("dependencies", "DEPENDENCIES"),
    ("contextual_info", "INFO"),
    ("contextual_time", "TIME"),
    ("inactive_reason", "INACTIVE-REASON"),
    ("annotations.sched.t_estimate", "T_ESTIMATE"),
    ("annotations.sched.reason_pending", "REASON"),
    ("annotations.sched.resource_summary", "RESOURCES"),
    ("sched", "SCHED"),
    ("sched.t_estimate", "T_ESTIMATE"),
    ("sched.reason_pending", "REASON"),
];

/// The rest of `JobInfoFormat.headings` (the `instance.` fields, which
/// need a running instance and fail on a job read from text).
const MORE_HEADINGS: [(&str, &str); 23] = [
    ("sched.resource_summary", "RESOURCES"),
    ("user", "USER"),
    ("uri", "URI"),
    ("uri.local", "URI"),
    ("instance.stats.total", "NJOBS"),
    ("instance.utilization", "CORE%"),
    ("instance.gpu_utilization", "GPU%"),
    ("instance.progress", "PROG"),
    ("instance.resources.all.ncores", "CORES"),
    ("instance.resources.all.ngpus", "GPUS"),
    ("instance.resources.all.nnodes", "NODES"),
    ("instance.resources.up.ncores", "UP"),
    ("instance.resources.up.ngpus", "UP"),
    ("instance.resources.up.nnodes", "UP"),
    ("instance.resources.down.ncores", "DOWN"),
    ("instance.resources.down.ngpus", "DOWN"),
    ("instance.resources.down.nnodes", "DOWN"),
    ("instance.resources.allocated.ncores", "USED"),
    ("instance.resources.allocated.ngpus", "USED"),
    ("instance.resources.allocated.nnodes", "USED"),
    ("instance.resources.free.ncores", "FREE"),
    ("instance.resources.free.ngpus", "FREE"),
    ("instance.resources.free.nnodes", "FREE"),
];

/// What `flux jobs --from-stdin` is asked, the environment included.
#[derive(Debug, Clone)]
pub struct JobsOptions {
    /// `-o/--format`: a format, a format's name or `help`.
    pub format: String,
    /// `FLUX_JOBS_FORMAT_DEFAULT`, which replaces the `default` format.
    pub env_default: Option<String>,
    /// `-n/--no-header`.
    pub no_header: bool,
    /// `--sort KEY,-KEY`.
    pub sort: Option<String>,
    /// `-w N`, resolved: lines longer are cut (`None`: never).
    pub width: Option<usize>,
    /// `--json`.
    pub json: bool,
    /// Whether `--color` is on (resolved from `always`/`auto`/`never`).
    pub color: bool,
    /// How many job ids were given as arguments (the reference ignores
    /// them with standard input, but prints one object for one id with
    /// `--json`, and fails on no job).
    pub job_ids: usize,
    /// `time.time()`, for running jobs' runtimes and estimates.
    pub now: f64,
    /// The F58 prefix the locale gives.
    pub prefix: F58Prefix,
}

impl JobsOptions {
    /// The reference's defaults at time `now`.
    pub fn at(now: f64) -> JobsOptions {
        JobsOptions {
            format: "default".to_string(),
            env_default: None,
            no_header: false,
            sort: None,
            width: None,
            json: false,
            color: false,
            job_ids: 0,
            now,
            prefix: F58Prefix::Hook,
        }
    }
}

/// Why the input was not read, as the reference says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// The message after `flux-jobs: ERROR: `.
    pub message: String,
}

/// Every line of `text` read as `JobInfo`s.
pub fn read_jobs<'a>(text: &str, context: Context<'a>) -> Result<Vec<JobInfo<'a>>, ReadError> {
    let mut jobs = Vec::new();
    for (i, line) in lines(text).enumerate() {
        let made = loads(line).and_then(|v| JobInfo::new(v, context));
        match made {
            Ok(job) => jobs.push(job),
            Err(LoadError::Value(m)) => {
                return Err(ReadError {
                    message: format!("JSON input error: line {}: {m}", i + 1),
                })
            }
            Err(LoadError::Other(m)) => return Err(ReadError { message: m }),
        }
    }
    Ok(jobs)
}

/// The lines of standard input as `fileinput` gives them: each ending in
/// its `\n` but a last one without; a `\r` stays in its line.
fn lines(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split_inclusive('\n')
}

/// The headings for `fmt`: the reference's table, and a heading made for
/// each `annotations.`, `sched.` and `user.` field it names.
fn headings_for(fmt: &str) -> Result<Vec<(String, String)>, FormatError> {
    let mut headings: Vec<(String, String)> = HEADINGS
        .iter()
        .chain(MORE_HEADINGS.iter())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    for field in format_field_names(fmt)? {
        if headings.iter().any(|(k, _)| *k == field) {
            continue;
        }
        let heading = if let Some(rest) = field.strip_prefix("annotations.") {
            rest.to_uppercase()
        } else if field.starts_with("sched.") || field.starts_with("user.") {
            field.to_uppercase()
        } else if let Some(rest) = field.strip_prefix("instance.") {
            let upper = rest.to_uppercase();
            upper
                .strip_prefix("RESOURCES.")
                .map_or(upper.clone(), str::to_string)
        } else {
            continue;
        };
        headings.push((field, heading));
    }
    Ok(headings)
}

/// `JobInfoFormat(fmt)`, refused as "Error in user format: …".
fn job_format(fmt: &str) -> Result<OutputFormat, Printed> {
    let user_error =
        |e: FormatError| Printed::tool_error(TOOL, &format!("Error in user format: {e}"));
    let headings = headings_for(fmt).map_err(user_error)?;
    let pairs: Vec<(&str, &str)> = headings
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let formatter = OutputFormat::new(fmt, &pairs).map_err(user_error)?;
    if let Some(f) = formatter
        .fields()
        .iter()
        .find(|f| *f == "id.words" || *f == "id.emoji")
    {
        return Err(Printed::tool_error(
            TOOL,
            &format!("{f}: rscope does not write job ids as words or emoji (flux-core's tables are not included)"),
        ));
    }
    Ok(formatter)
}

/// `flux jobs --from-stdin [OPTIONS] < text`: what it prints and its exit
/// status. `user_name` looks up a user id's name (`pwd.getpwuid`) where
/// the caller can; elsewhere the id is shown, as the reference shows an
/// id it cannot name.
pub fn jobs(text: &str, opts: &JobsOptions, user_name: &dyn Fn(u32) -> Option<String>) -> Printed {
    match run(text, opts, user_name) {
        Ok(p) | Err(p) => p,
    }
}

fn run(
    text: &str,
    opts: &JobsOptions,
    user_name: &dyn Fn(u32) -> Option<String>,
) -> Result<Printed, Printed> {
    let env = opts.env_default.as_deref();
    let fmt = match choose_format(&opts.format, &FORMATS, TOOL, "", env) {
        Ok(Chosen::Format(f)) => f,
        Ok(Chosen::Print(text)) => return Ok(Printed::output(text)),
        Err(e) => return Err(Printed::tool_error(TOOL, &e.to_string())),
    };
    let mut formatter = job_format(&fmt)?;
    if let Some(keys) = &opts.sort {
        formatter
            .set_sort_keys(keys)
            .map_err(|e| Printed::tool_error(TOOL, &e.to_string()))?;
    }
    let context = Context {
        now: opts.now,
        prefix: opts.prefix,
        user_name,
    };
    let mut jobs = read_jobs(text, context).map_err(|e| Printed::tool_error(TOOL, &e.message))?;
    if opts.job_ids > 0 && jobs.is_empty() {
        return Err(Printed::failure(String::new()));
    }
    let failed = |e: FormatError, out: String| {
        let mut p = Printed::tool_error(TOOL, &e.to_string());
        p.stdout = out;
        p
    };
    let filtered = formatter
        .filter(&jobs, opts.no_header)
        .and_then(|f| formatter.reparse(&f))
        .map_err(|e| failed(e, String::new()))?;
    let mut out = String::new();
    if !opts.no_header {
        out.push_str(&cut_to_width(
            filtered.header().map_err(|e| failed(e, String::new()))?,
            opts.width,
        ));
        out.push('\n');
    }
    if opts.json {
        out.push_str(&json_output(&jobs, opts.job_ids).map_err(|e| failed(e, out.clone()))?);
        return Ok(Printed::output(out));
    }
    let frame = |job: &JobInfo| if opts.color { color_of(job) } else { Ok(None) };
    match filtered.print_items_framed(&mut jobs, true, opts.width, frame) {
        Ok(lines) => {
            out.push_str(&lines);
            Ok(Printed::output(out))
        }
        Err(e) => {
            let printed = format!("{out}{}", e.partial_output());
            Err(failed(e, printed))
        }
    }
}

/// `color_setup()`: the code before a job's line by its result (or blue
/// for a job that is an instance), and the reset after it; what reading
/// the result or the URI raises, the reference raises too.
fn color_of(job: &JobInfo) -> Result<Option<(&'static str, &'static str)>, FormatError> {
    const RESET: &str = "\x1b[0;0m";
    let result = match job.value("result")? {
        FieldValue::Str(s) => s,
        other => crate::output_format::py_str_of(&other),
    };
    if !result.is_empty() {
        let code = match result.as_str() {
            "COMPLETED" => "\x1b[01;32m",
            "FAILED" | "TIMEOUT" => "\x1b[01;31m",
            "CANCELED" => "\x1b[37m",
            _ => "",
        };
        return Ok(Some((code, RESET)));
    }
    Ok(match job.value("uri")? {
        FieldValue::Object(_) => Some(("\x1b[01;34m", RESET)),
        _ => None,
    })
}

/// `--json`: `{"jobs": [...]}`, or the one job's object when one job id
/// was given, as `json.dumps` writes them.
fn json_output(jobs: &[JobInfo], job_ids: usize) -> Result<String, FormatError> {
    let dicts = jobs.iter().map(to_dict).collect::<Result<Vec<_>, _>>()?;
    if job_ids == 1 {
        return Ok(dicts
            .first()
            .map_or(String::new(), |d| format!("{}\n", d.dumps())));
    }
    let all = PyJson::Dict(vec![("jobs".into(), PyJson::List(dicts))]);
    Ok(format!("{}\n", all.dumps()))
}

/// `JobInfo.properties`, which `to_dict` lists after the defaults.
const PROPERTIES: [&str; 12] = [
    "id",
    "t_submit",
    "t_remaining",
    "state",
    "result",
    "username",
    "userid",
    "urgency",
    "runtime",
    "status",
    "returncode",
    "dependencies",
];

/// `JobInfo.to_dict()`: the defaults and properties that have a value,
/// empty and unset ones removed.
pub fn to_dict(job: &JobInfo) -> Result<PyJson, FormatError> {
    let mut dict: Vec<(Key, PyJson)> = Vec::new();
    let names = DEFAULTS.iter().map(|(k, _)| *k).chain(PROPERTIES);
    for name in names {
        if dict.iter().any(|(k, _)| k == name) {
            continue;
        }
        let value = match job.value(name) {
            Ok(v) => v,
            Err(e) if e.python_exception() == "AttributeError" => continue,
            Err(e) => return Err(e),
        };
        if let Some(v) = dict_value(job, name, value) {
            dict.push((name.into(), v));
        }
    }
    dict.push(("jobid".into(), PyJson::Str(job.f58()?)));
    let mut annotations = job
        .key("annotations")
        .cloned()
        .unwrap_or(PyJson::Dict(Vec::new()));
    let exception = ["occurred", "severity", "type", "note"]
        .iter()
        .map(|k| {
            let v = job.key(&format!("exception_{k}")).cloned();
            (Key::from(*k), v.unwrap_or(PyJson::Str(String::new())))
        })
        .collect();
    let uri = match job.value("uri")? {
        FieldValue::Object(o) => Some(o.text.clone()),
        _ => None,
    };
    if uri.is_some() {
        drop_user_uri(&mut annotations);
    }
    dict.push(("annotations".into(), annotations));
    dict.push(("exception".into(), PyJson::Dict(exception)));
    if let Some(uri) = uri {
        dict.push(("uri".into(), PyJson::Str(uri)));
    }
    Ok(PyJson::Dict(
        dict.into_iter().filter_map(filtered).collect(),
    ))
}

/// One entry of `to_dict`'s result as its filter leaves it.
fn filtered((key, value): (Key, PyJson)) -> Option<(Key, PyJson)> {
    let zero_removed = key.starts_with("t_") || key == "runtime" || key == "expiration";
    let is_zero = matches!(value, PyJson::Int(0) | PyJson::Bool(false))
        || matches!(value, PyJson::Float(x) if x == 0.0);
    if value == PyJson::Str(String::new()) || (zero_removed && is_zero) {
        return None;
    }
    if key == "exception" && !value.get("occurred").is_some_and(super::info::truthy) {
        return Some((
            key,
            PyJson::Dict(vec![("occurred".into(), PyJson::Bool(false))]),
        ));
    }
    Some((key, value))
}

/// `annotations.user.uri` removed (it is the job's `uri`), and `user`
/// with it when nothing else is left.
fn drop_user_uri(annotations: &mut PyJson) {
    let PyJson::Dict(entries) = annotations else {
        return;
    };
    if let Some((_, PyJson::Dict(user))) = entries.iter_mut().find(|(k, _)| k == "user") {
        user.retain(|(k, _)| k != "uri");
        if user.is_empty() {
            entries.retain(|(k, _)| k != "user");
        }
    }
}

/// An attribute's value as `json.dumps` sees it: the input's own value
/// where the attribute is a key, else what the job computed.
fn dict_value(job: &JobInfo, name: &str, value: FieldValue) -> Option<PyJson> {
    match value {
        FieldValue::None => None,
        FieldValue::Str(s) => Some(PyJson::Str(s)),
        FieldValue::Int(i) => Some(PyJson::Int(i128::from(i))),
        FieldValue::Float(x) => Some(PyJson::Float(x)),
        FieldValue::Bool(b) => Some(PyJson::Bool(b)),
        FieldValue::Object(o) if o.type_name == "JobID" => o.int.map(PyJson::Int),
        FieldValue::Object(o) if o.type_name == "DependencyList" => {
            let deps = if o.text.is_empty() {
                Vec::new()
            } else {
                job.dependency_texts()
                    .into_iter()
                    .map(PyJson::Str)
                    .collect()
            };
            Some(PyJson::List(deps))
        }
        _ => job.key(name).cloned(),
    }
}
