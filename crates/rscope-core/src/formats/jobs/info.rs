//! One job of a job list as flux-core's `flux.job.JobInfo` holds it: the
//! `job-list` object over `JobInfo.defaults`, and the fields it computes
//! (`status`, `runtime`, `returncode`, `contextual_info`, …) with the
//! values and exceptions Python gives, since `flux jobs` prints them.

use super::jobid::{encode, F58Prefix};
use super::names::{result_name, signal_description, state_name};
use super::pyjson::{known_index, Key, LoadError, PyJson, KNOWN_KEYS};
use crate::output_format::{Computed, FieldValue, FormatError, FormatItem, PyLocalTime, PyObject};
use std::rc::Rc;

/// `JobInfo.defaults`, in order (`to_dict` lists them first).
pub(crate) const DEFAULTS: [(&str, Initial); 22] = [
    ("t_depend", Initial::Zero),
    ("t_priority", Initial::Zero),
    ("t_sched", Initial::Zero),
    ("t_run", Initial::Zero),
    ("t_cleanup", Initial::Zero),
    ("t_inactive", Initial::Zero),
    ("duration", Initial::Zero),
    ("expiration", Initial::Zero),
    ("name", Initial::Empty),
    ("cwd", Initial::Empty),
    ("queue", Initial::Empty),
    ("project", Initial::Empty),
    ("bank", Initial::Empty),
    ("ntasks", Initial::Empty),
    ("ncores", Initial::Empty),
    ("nnodes", Initial::Empty),
    ("priority", Initial::Empty),
    ("ranks", Initial::Empty),
    ("nodelist", Initial::Empty),
    ("success", Initial::Empty),
    ("result", Initial::Empty),
    ("waitstatus", Initial::Empty),
];

/// A default of `JobInfo.defaults`: `0.0` or `""`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Initial {
    Zero,
    Empty,
}

/// The fields `JobInfo` computes and memoizes; a key of the same name in
/// the input wins over each (the reference stores both as `_name`).
const MEMOIZED: [&str; 16] = [
    "uri",
    "state",
    "state_single",
    "state_emoji",
    "result",
    "result_abbrev",
    "result_emoji",
    "username",
    "runtime",
    "status",
    "status_abbrev",
    "status_emoji",
    "returncode",
    "contextual_info",
    "contextual_time",
    "inactive_reason",
];

/// What a job's computed fields read besides the job: the clock, the
/// F58 prefix and the user names.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// `time.time()`.
    pub now: f64,
    /// `ƒ` or `f`.
    pub prefix: F58Prefix,
    /// `pwd.getpwuid(uid).pw_name`, where the caller can ask.
    pub user_name: &'a dyn Fn(u32) -> Option<String>,
}

/// One job: its keys (`state` and `result` renamed `state_id` and
/// `result_id`, as the reference renames them) and what it reads.
pub struct JobInfo<'a> {
    keys: Vec<(Key, PyJson)>,
    /// Where each of [`KNOWN_KEYS`] is in `keys` ([`NO_SLOT`] if absent):
    /// a format reads a dozen keys of each of 100 000 jobs.
    slots: [u16; KNOWN_KEYS.len()],
    /// `int(JobID)`: any Python int; only 0 to 2^64-1 can be encoded.
    id: i128,
    id_text: String,
    dependencies: Vec<String>,
    context: Context<'a>,
}

/// A `ValueError` (a line's `JSON input error`) or another exception.
pub(crate) type Made<T> = Result<T, LoadError>;

impl<'a> JobInfo<'a> {
    /// `JobInfo(json.loads(line))`.
    pub fn new(value: PyJson, context: Context<'a>) -> Made<JobInfo<'a>> {
        // The input's keys; `JobInfo.defaults` are looked up on a miss
        // (`key`), not copied into every job.
        let mut keys = dict_update_items(value)?;
        let Some(raw_id) = keys.iter().find(|(k, _)| k == "id").map(|(_, v)| v) else {
            return Err(LoadError::Other("'id'".to_string()));
        };
        let (id, id_text) = job_id(raw_id)?;
        for (from, to) in [("state", "state_id"), ("result", "result_id")] {
            if keys.iter().any(|(k, _)| k == from) {
                keys.retain(|(k, _)| k != to);
                if let Some(entry) = keys.iter_mut().find(|(k, _)| k == from) {
                    entry.0 = Key::Borrowed(to);
                }
            }
        }
        let slots = slots_of(&keys);
        let mut job = JobInfo {
            keys,
            slots,
            id,
            id_text,
            dependencies: Vec::new(),
            context,
        };
        check_annotations(job.key("annotations"))?;
        job.dependencies = dependency_list(job.key("dependencies"), &context)?;
        Ok(job)
    }

    /// The job's id, or the OverflowError encoding it raises (an id
    /// outside 0 to 2^64-1, which the reference reads but cannot write).
    pub fn id(&self) -> Result<u64, FormatError> {
        u64::try_from(self.id).map_err(|_| {
            FormatError::overflow(if self.id < 0 {
                "can't convert negative number to unsigned"
            } else {
                "int too big to convert"
            })
        })
    }

    /// `self.id.f58`, with the locale's prefix.
    pub fn f58(&self) -> Result<String, FormatError> {
        Ok(super::jobid::f58(self.id()?, self.context.prefix))
    }

    /// Its dependencies as `DependencyList` holds them (`begin-time=`
    /// ones already written as times).
    pub fn dependency_texts(&self) -> Vec<String> {
        self.dependencies.clone()
    }

    /// A key of the input (after the defaults), as the reference's
    /// `getattr` finds `_key`.
    pub(crate) fn key(&self, name: &str) -> Option<&PyJson> {
        let found = match known_index(name) {
            Some(i) if self.slots[i] != NO_SLOT => self.keys.get(usize::from(self.slots[i])),
            Some(_) if self.keys.len() < usize::from(NO_SLOT) => None,
            _ => self.keys.iter().find(|(k, _)| k == name),
        };
        match found {
            Some((_, v)) => Some(v),
            None => default_of(name),
        }
    }

    /// `__getattr__`'s error for a missing attribute.
    fn invalid(name: &str) -> FormatError {
        FormatError::attribute(format!("invalid JobInfo attribute '{name}'"))
    }

    /// A key, or the reference's AttributeError for `field` (the field
    /// the format asked for, which is what its message names).
    fn need(&self, key: &str, field: &str) -> Result<&PyJson, FormatError> {
        self.key(key).ok_or_else(|| JobInfo::invalid(field))
    }

    /// `statetostr(self.state_id, fmt)`.
    fn state_text(&self, short: bool, field: &str) -> Result<String, FormatError> {
        let id = self.need("state_id", field)?;
        let state = c_int_arg(id, "flux_job_statetostr", "flux_job_state_t", short)?;
        Ok(state_name(state, short).to_string())
    }

    /// `resulttostr(self.result_id, fmt)`: "" for an unset result.
    fn result_text(&self, short: bool, field: &str) -> Result<String, FormatError> {
        match self.need("result_id", field)? {
            PyJson::Str(s) if s.is_empty() => Ok(String::new()),
            id => {
                let result = c_int_arg(id, "flux_job_resulttostr", "flux_job_result_t", short)?;
                Ok(result_name(result, short).to_string())
            }
        }
    }

    /// `statustostr()`: the state while pending or running, else the
    /// result.
    fn status_text(&self, short: bool, field: &str) -> Result<String, FormatError> {
        let state = and_arg(self.need("state_id", field)?)?;
        if state & 62 != 0 {
            self.state_text(short, field)
        } else {
            self.result_text(short, field)
        }
    }

    /// `get_runtime()`.
    /// An int when both times are ints, as Python's subtraction gives.
    pub(crate) fn runtime(&self, field: &str) -> Result<FieldValue, FormatError> {
        let t_cleanup = self.need("t_cleanup", field)?;
        let t_run = self.need("t_run", field)?;
        let (a, b) = if positive(t_cleanup)? && positive(t_run)? {
            (t_cleanup, t_run)
        } else if positive(t_run)? {
            (&PyJson::Float(self.context.now), t_run)
        } else {
            return Ok(FieldValue::Float(0.0));
        };
        match (python_int(a), python_int(b)) {
            (Some(a), Some(b)) => Ok(value_of(&PyJson::Int(a - b))),
            _ => subtract(a, b).map(FieldValue::Float),
        }
    }

    /// `get_remaining_time()`: 0.0 unless running with an expiration.
    pub(crate) fn remaining(&self) -> Result<f64, FormatError> {
        match self.value("status") {
            Ok(FieldValue::Str(s)) if s == "RUN" => {}
            Ok(_) => return Ok(0.0),
            Err(e) if e.python_exception() == "AttributeError" => return Ok(0.0),
            Err(e) => return Err(e),
        }
        let Some(expiration) = self.key("expiration") else {
            return Ok(0.0);
        };
        let left = subtract(expiration, &PyJson::Float(self.context.now))?;
        Ok(if left < 0.0 { 0.0 } else { left })
    }

    /// `returncode`: the exit code, the negative signal, -128 for a job
    /// canceled before it ran, 1 for one that failed before it ran, or "".
    fn returncode(&self, field: &str) -> Result<FieldValue, FormatError> {
        let status = self.need("waitstatus", field)?;
        let Some(status) = python_int(status) else {
            return Ok(match self.need("result_id", field)? {
                r if py_eq_int(r, 4) => FieldValue::Int(-128),
                r if py_eq_int(r, 2) => FieldValue::Int(1),
                _ => FieldValue::Str(String::new()),
            });
        };
        let sig = status & 0x7f;
        Ok(if sig != 0 && sig != 0x7f {
            FieldValue::Int(-(sig as i64))
        } else if sig == 0 {
            FieldValue::Int(((status >> 8) & 0xff) as i64)
        } else {
            FieldValue::Str(String::new())
        })
    }

    /// `contextual_info`: why a pending job waits, or where it ran.
    fn contextual_info(&self, field: &str) -> Result<FieldValue, FormatError> {
        match self.state_text(false, field)?.as_str() {
            "PRIORITY" => Ok(text("priority-wait")),
            "DEPEND" => Ok(text(&format!("depends:{}", self.dependencies.join(",")))),
            "SCHED" => self.sched_info(field),
            _ => self.value("nodelist"),
        }
    }

    /// `contextual_info` in SCHED: the scheduler's estimate, or why the
    /// job is held.
    fn sched_info(&self, field: &str) -> Result<FieldValue, FormatError> {
        let estimate = self.annotation(&["sched", "t_estimate"]);
        if let Some(t) = estimate.and_then(number) {
            let eta = t - self.context.now;
            let eta = if eta < 0.0 {
                "now".to_string()
            } else {
                crate::output_format::fsd(eta)
            };
            return Ok(text(&format!("eta:{eta}")));
        }
        let urgency = self.need("urgency", field)?;
        if py_eq_int(urgency, 0) {
            return Ok(text("held"));
        }
        let priority = self.need("priority", field)?;
        Ok(text(if py_eq_int(priority, 0) {
            "priority-hold"
        } else {
            ""
        }))
    }

    /// A value inside `annotations` by its path of keys.
    pub(crate) fn annotation(&self, path: &[&str]) -> Option<&PyJson> {
        let mut v = self.key("annotations")?;
        for key in path {
            v = v.get(key)?;
        }
        Some(v)
    }

    /// `inactive_reason`: how an inactive job ended, in words.
    fn inactive_reason(&self, field: &str) -> Result<FieldValue, FormatError> {
        if self.state_text(false, field)? != "INACTIVE" {
            return Ok(text(""));
        }
        let exc = |k: &str| self.key(&format!("exception_{k}"));
        let occurred = exc("occurred").is_some_and(truthy);
        let exc_type = exc("type").cloned().unwrap_or(PyJson::Str(String::new()));
        let note = exc("note").filter(|n| truthy(n)).map(py_str);
        match self.result_text(false, field)?.as_str() {
            "CANCELED" => Ok(text(&match note {
                Some(n) if occurred && exc_type == PyJson::Str("cancel".into()) => {
                    format!("Canceled: {n}")
                }
                _ => "Canceled".to_string(),
            })),
            "FAILED"
                if occurred
                    && exc_type != PyJson::Str("exec".into())
                    && exc("severity").is_some_and(|s| py_eq_int(s, 0)) =>
            {
                let note = note.map(|n| format!(" note={n}")).unwrap_or_default();
                Ok(text(&format!(
                    "Exception: type={}{note}",
                    py_str(&exc_type)
                )))
            }
            "FAILED" => self.failure_reason(field),
            "TIMEOUT" => Ok(text("Timeout")),
            _ => Ok(text(&format!(
                "Exit {}",
                str_field(&self.returncode(field)?)
            ))),
        }
    }

    /// A failed job's end from its return code.
    fn failure_reason(&self, field: &str) -> Result<FieldValue, FormatError> {
        let rc = match self.returncode(field)? {
            FieldValue::Int(rc) => rc,
            _ => {
                return Err(FormatError::type_error(
                    "'>' not supported between instances of 'str' and 'int'",
                ))
            }
        };
        Ok(match rc {
            rc if rc > 128 => match signal_description(rc - 128) {
                Some(Some(desc)) => text(&desc),
                Some(None) => FieldValue::None,
                None => text(&format!("Signaled {}", rc - 128)),
            },
            126 => text("Command invoked cannot execute"),
            127 => text("command not found"),
            128 => text("Invalid argument to exit"),
            rc => text(&format!("Exit {rc}")),
        })
    }

    /// `username`: the user's name where it can be looked up, else the id.
    fn username(&self, field: &str) -> Result<FieldValue, FormatError> {
        let uid = self.need("userid", field)?;
        let Some(n) = python_int(uid) else {
            return Err(FormatError::type_error(format!(
                "uid should be integer, not {}",
                type_name(uid)
            )));
        };
        let name = u32::try_from(n)
            .ok()
            .and_then(|n| (self.context.user_name)(n));
        Ok(text(&name.unwrap_or_else(|| n.to_string())))
    }

    /// The job's `JobID`, with its encodings as attributes (made when
    /// asked: a line prints one of them).
    fn id_object(&self) -> Result<FieldValue, FormatError> {
        let id = self.id()?;
        Ok(FieldValue::Object(Rc::new(PyObject {
            type_name: "JobID",
            text: super::jobid::f58(id, self.context.prefix),
            repr: format!("JobID({id})"),
            int: Some(i128::from(id)),
            truthy: id != 0,
            attrs: vec![("orig".to_string(), text(&self.id_text))],
            refusals: Vec::new(),
            computed: Some(Computed(id_encoding)),
            missing_is_empty: false,
        })))
    }

    /// `exception`: `ExceptionInfo` of the `exception_*` keys.
    fn exception_object(&self) -> FieldValue {
        let attrs = ["occurred", "severity", "type", "note"]
            .iter()
            .map(|k| {
                let v = self.key(&format!("exception_{k}"));
                (k.to_string(), v.map_or(text(""), value_of))
            })
            .collect();
        FieldValue::Object(Rc::new(PyObject {
            type_name: "ExceptionInfo",
            text: String::new(),
            repr: String::new(),
            int: None,
            truthy: true,
            attrs,
            refusals: Vec::new(),
            computed: None,
            missing_is_empty: false,
        }))
    }

    /// `uri`: the job's instance URI from `annotations.user.uri`, if any
    /// (`None`), as flux's `JobURI` reads it with `urlparse`.
    fn uri(&self) -> Result<FieldValue, FormatError> {
        let uri = match self.annotation(&["user", "uri"]) {
            None => return Ok(FieldValue::None),
            Some(PyJson::Dict(d)) if d.is_empty() => return Ok(FieldValue::None),
            Some(PyJson::Str(s)) if s.is_empty() => return Ok(FieldValue::None),
            Some(PyJson::Str(s)) => s.clone(),
            // `urlparse` of anything but a string raises AttributeError.
            Some(_) => return Err(JobInfo::invalid("uri")),
        };
        let scheme = url_scheme(&uri).ok_or_else(|| {
            FormatError::value(format!("JobURI '{uri}' does not have a valid scheme"))
        })?;
        let rest = &uri[scheme.len() + 1..];
        let path = match rest.strip_prefix("//") {
            Some(net) => net.find('/').map_or("", |i| &net[i..]),
            None => rest,
        };
        let path = path.split(['?', '#']).next().unwrap_or("");
        let local = match scheme.as_str() {
            "local" => Ok(text(&uri)),
            "ssh" => Ok(text(&format!("local://{}", collapse_slashes(path)))),
            other => Err(format!(
                "Cannot convert JobURI with scheme {other} to local"
            )),
        };
        let (attrs, refusals) = match local {
            Ok(v) => (vec![("local".to_string(), v)], Vec::new()),
            Err(e) => (Vec::new(), vec![("local".to_string(), e)]),
        };
        Ok(FieldValue::Object(Rc::new(PyObject {
            attrs,
            refusals,
            ..PyObject::plain("JobURI", uri.clone(), uri, true)
        })))
    }

    /// The value of one attribute, as `getattr(job, name)` gives it.
    pub fn value(&self, name: &str) -> Result<FieldValue, FormatError> {
        if MEMOIZED.contains(&name) {
            if let Some(v) = self.key(name) {
                return Ok(value_of(v));
            }
        }
        let float = |r: Result<f64, FormatError>| r.map(FieldValue::Float);
        match name {
            "id" => self.id_object(),
            "state" => self.state_text(false, name).map(|s| text(&s)),
            "state_single" => self.state_text(true, name).map(|s| text(&s)),
            "state_emoji" => state_emoji(self.state_text(true, name)?),
            "result" => self.result_text(false, name).map(|s| text(&s)),
            "result_abbrev" => self.result_text(true, name).map(|s| text(&s)),
            "result_emoji" => result_emoji(&self.result_text(true, name)?),
            "status" => self.status_text(false, name).map(|s| text(&s)),
            "status_abbrev" => self.status_text(true, name).map(|s| text(&s)),
            "status_emoji" => self.status_emoji(name),
            "username" => self.username(name),
            "runtime" => self.runtime(name),
            "t_remaining" => float(self.remaining()),
            "returncode" => self.returncode(name),
            "contextual_info" => self.contextual_info(name),
            "contextual_time" => self.contextual_time(name),
            "inactive_reason" => self.inactive_reason(name),
            "exception" => Ok(self.exception_object()),
            "annotations" => Ok(annotations_object(self.key("annotations"))),
            "sched" | "user" => Ok(self.annotation(&[name]).map_or(FieldValue::Empty, value_of)),
            "dependencies" => Ok(dependency_object(&self.dependencies)),
            "uri" => self.uri(),
            _ => self.need(name, name).map(value_of),
        }
    }

    fn status_emoji(&self, field: &str) -> Result<FieldValue, FormatError> {
        let state = and_arg(self.need("state_id", field)?)?;
        if state & 62 != 0 {
            state_emoji(self.state_text(true, field)?)
        } else {
            result_emoji(&self.result_text(true, field)?)
        }
    }

    /// `contextual_time`: the requested duration while pending, else the
    /// runtime.
    fn contextual_time(&self, field: &str) -> Result<FieldValue, FormatError> {
        match self.state_text(false, field)?.as_str() {
            "PRIORITY" | "DEPEND" | "SCHED" => self.value("duration"),
            _ => self.runtime(field),
        }
    }
}

impl FormatItem for JobInfo<'_> {
    fn field(&self, name: &str) -> Option<FieldValue> {
        self.value(name).ok()
    }

    fn type_name(&self) -> &str {
        "JobInfo"
    }

    fn try_field(&self, name: &str) -> Result<FieldValue, FormatError> {
        self.value(name)
    }
}

/// `0.0`, the default of the times.
static ZERO: PyJson = PyJson::Float(0.0);
/// `""`, the default of the other keys.
static EMPTY: PyJson = PyJson::Str(String::new());

/// The default of a key of the combined dict (where `result` has been
/// renamed `result_id`), if it has one.
fn default_of(name: &str) -> Option<&'static PyJson> {
    let name = match name {
        "result" => return None,
        "result_id" => "result",
        other => other,
    };
    DEFAULTS
        .iter()
        .find(|(k, _)| *k == name)
        .map(|(_, d)| match d {
            Initial::Zero => &ZERO,
            Initial::Empty => &EMPTY,
        })
}

/// A slot of [`JobInfo`] for a known key it does not have.
const NO_SLOT: u16 = u16::MAX;

/// Where each known key first is in `keys`, as a scan finds it. A key
/// placed past what a slot holds has none: [`JobInfo::key`] scans a job
/// that long.
fn slots_of(keys: &[(Key, PyJson)]) -> [u16; KNOWN_KEYS.len()] {
    let mut slots = [NO_SLOT; KNOWN_KEYS.len()];
    for (at, (k, _)) in keys.iter().enumerate().take(usize::from(NO_SLOT)) {
        if let Some(i) = known_index(k).filter(|&i| slots[i] == NO_SLOT) {
            slots[i] = at as u16;
        }
    }
    slots
}

/// `dict.update(value)`: a dict's items, or the exception Python raises
/// for anything else.
fn dict_update_items(value: PyJson) -> Made<Vec<(Key, PyJson)>> {
    let element_error = |n: usize| {
        LoadError::Value(format!(
            "dictionary update sequence element #0 has length {n}; 2 is required"
        ))
    };
    match value {
        PyJson::Dict(entries) => Ok(entries),
        PyJson::List(items) => {
            let mut out = Vec::new();
            for item in items {
                match item {
                    PyJson::List(pair) if pair.len() == 2 => {
                        let key = match &pair[0] {
                            PyJson::Str(k) => k.clone(),
                            other => other.repr(),
                        };
                        // `dict.update`: a later pair's value replaces an
                        // earlier one's, in its place.
                        match out.iter_mut().find(|(k, _)| *k == key) {
                            Some(entry) => entry.1 = pair[1].clone(),
                            None => out.push((Key::from(key), pair[1].clone())),
                        }
                    }
                    PyJson::List(other) => return Err(element_error(other.len())),
                    PyJson::Str(s) if s.chars().count() != 2 => {
                        return Err(element_error(s.chars().count()))
                    }
                    PyJson::Dict(d) if d.len() != 2 => return Err(element_error(d.len())),
                    PyJson::Str(_) | PyJson::Dict(_) => {
                        return Err(LoadError::Other(
                            "rscope reads a job from a JSON object, not from pairs of characters or keys"
                                .to_string(),
                        ))
                    }
                    _ => {
                        return Err(LoadError::Other(
                            "cannot convert dictionary update sequence element #0 to a sequence"
                                .to_string(),
                        ))
                    }
                }
            }
            Ok(out)
        }
        PyJson::Str(s) if s.is_empty() => Ok(Vec::new()),
        PyJson::Str(_) => Err(element_error(1)),
        other => Err(LoadError::Other(format!(
            "'{}' object is not iterable",
            type_name(&other)
        ))),
    }
}

/// `JobID(value)`: the id and the text it was made from. An int is
/// taken as it is; anything else goes to flux's `id_parse`.
fn job_id(value: &PyJson) -> Made<(i128, String)> {
    match value {
        PyJson::Int(n) => Ok((*n, n.to_string())),
        PyJson::Bool(b) => Ok((
            i128::from(*b),
            if *b { "True" } else { "False" }.to_string(),
        )),
        PyJson::Str(s) => super::names::parse_job_id(s)
            .map(|id| (i128::from(id), s.clone()))
            .ok_or_else(|| LoadError::Value(format!("{s} is not a valid Flux jobid"))),
        PyJson::Null => Err(LoadError::Value(
            "None is not a valid Flux jobid".to_string(),
        )),
        other => Err(LoadError::Value(cffi_error(
            "id_parse",
            "int(*)(char *, uint64_t *)",
            &format!("{}, <cdata 'uint64_t[1]' owning 8 bytes>", py_repr(other)),
        ))),
    }
}

/// The message flux's C wrappers raise for an argument of the wrong type.
fn cffi_error(name: &str, signature: &str, args: &str) -> String {
    format!(
        "\nInvalid arguments passed to wrapped C function:\nName: {name}\nC signature: {signature}\nArguments: ({args})\n          "
    )
}

/// `repr(value)` of a JSON value, floats as Python writes them.
fn py_repr(v: &PyJson) -> String {
    v.repr()
}

/// `AnnotationsInfo(annotations)`: refused where the reference's
/// `namedtuple` refuses a key, and for a value that is not a dict.
fn check_annotations(value: Option<&PyJson>) -> Made<()> {
    let Some(value) = value else { return Ok(()) };
    let PyJson::Dict(entries) = value else {
        return Err(LoadError::Other(format!(
            "'{}' object has no attribute 'keys'",
            type_name(value)
        )));
    };
    for (k, _) in entries {
        if !is_identifier(k) {
            return Err(LoadError::Value(format!(
                "Type names and field names must be valid identifiers: {}",
                crate::output_format::py_repr(k)
            )));
        }
        if KEYWORDS.contains(&&**k) {
            return Err(LoadError::Value(format!(
                "Type names and field names cannot be a keyword: {}",
                crate::output_format::py_repr(k)
            )));
        }
    }
    if let Some((k, _)) = entries.iter().find(|(k, _)| k.starts_with('_')) {
        return Err(LoadError::Value(format!(
            "Field names cannot start with an underscore: {}",
            crate::output_format::py_repr(k)
        )));
    }
    entries.iter().try_for_each(|(_, v)| match v {
        PyJson::Dict(_) => check_annotations(Some(v)),
        _ => Ok(()),
    })
}

/// Python's keywords, which a `namedtuple` refuses as field names.
const KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// `str.isidentifier()`, with Rust's alphabetic and alphanumeric classes
/// standing in for Unicode's XID classes.
fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

/// `DependencyList(deps)`: each dependency, `begin-time=` ones as a time.
fn dependency_list(deps: Option<&PyJson>, context: &Context) -> Made<Vec<String>> {
    let items: Vec<PyJson> = match deps {
        None => Vec::new(),
        Some(PyJson::List(items)) => items.clone(),
        Some(PyJson::Str(s)) => s.chars().map(|c| PyJson::Str(c.to_string())).collect(),
        Some(PyJson::Dict(d)) => d.iter().map(|(k, _)| PyJson::Str(k.to_string())).collect(),
        Some(other) => {
            return Err(LoadError::Other(format!(
                "'{}' object is not iterable",
                type_name(other)
            )))
        }
    };
    items
        .iter()
        .map(|dep| match dep {
            PyJson::Str(s) => begin_time(s, context),
            other => Err(LoadError::Other(format!(
                "'{}' object has no attribute 'startswith'",
                type_name(other)
            ))),
        })
        .collect()
}

/// A `begin-time=T` dependency as `begin@HH:MM` (today) or
/// `begin@MonDD-HH:MM`, seconds added when not zero.
fn begin_time(dep: &str, context: &Context) -> Made<String> {
    let Some(stamp) = dep.strip_prefix("begin-time=") else {
        return Ok(dep.to_string());
    };
    let ts = crate::output_format::py_float_parse(stamp).ok_or_else(|| {
        LoadError::Value(format!(
            "could not convert string to float: {}",
            crate::output_format::py_repr(stamp)
        ))
    })?;
    let local =
        |t: f64| PyLocalTime::from_timestamp(t).map_err(|e| LoadError::Other(e.to_string()));
    let dt = local(ts)?;
    let today = local(context.now)?;
    let mut out = if dt.strftime("%F") == today.strftime("%F") {
        format!("begin@{}", dt.strftime("%H:%M"))
    } else {
        format!("begin@{}", dt.strftime("%b%d-%H:%M"))
    };
    if dt.strftime("%S") != "00" {
        out.push_str(&format!(":{}", dt.strftime("%S")));
    }
    Ok(out)
}

/// A `JobID`'s encoding `name` (`f58` as its text has it, with the
/// locale's prefix).
fn id_encoding(id: &PyObject, name: &str) -> Option<FieldValue> {
    let n = u64::try_from(id.int?).ok()?;
    match name {
        "f58" => Some(text(&id.text)),
        _ => encode(n, name, F58Prefix::Ascii).map(|e| text(&e)),
    }
}

/// `DependencyList` as a format sees it: its items joined by commas.
fn dependency_object(deps: &[String]) -> FieldValue {
    let repr: Vec<String> = deps
        .iter()
        .map(|d| crate::output_format::py_repr(d))
        .collect();
    FieldValue::Object(Rc::new(PyObject::plain(
        "DependencyList",
        deps.join(","),
        format!("[{}]", repr.join(", ")),
        !deps.is_empty(),
    )))
}

/// `AnnotationsInfo(dict)`: its keys as attributes, missing ones empty.
fn annotations_object(value: Option<&PyJson>) -> FieldValue {
    let empty = Vec::new();
    let entries = match value {
        Some(PyJson::Dict(entries)) => entries,
        _ => &empty,
    };
    let text = if entries.is_empty() {
        String::new()
    } else {
        PyJson::Dict(entries.clone()).dumps()
    };
    FieldValue::Object(Rc::new(PyObject {
        type_name: "AnnotationsInfo",
        text: text.clone(),
        repr: text,
        int: None,
        truthy: true,
        attrs: entries
            .iter()
            .map(|(k, v)| (k.to_string(), value_of(v)))
            .collect(),
        refusals: Vec::new(),
        computed: None,
        missing_is_empty: true,
    }))
}

/// A JSON value as the format sees the Python object (a dict as an
/// `AnnotationsInfo`, the way the reference wraps annotations).
pub(crate) fn value_of(v: &PyJson) -> FieldValue {
    match v {
        PyJson::Null => FieldValue::None,
        PyJson::Bool(b) => FieldValue::Bool(*b),
        PyJson::Int(i) => match i64::try_from(*i) {
            Ok(i) => FieldValue::Int(i),
            Err(_) => FieldValue::Object(Rc::new(PyObject {
                int: Some(*i),
                ..PyObject::plain("int", i.to_string(), i.to_string(), true)
            })),
        },
        PyJson::Float(x) => FieldValue::Float(*x),
        PyJson::Str(s) => FieldValue::Str(s.clone()),
        PyJson::List(items) => FieldValue::Object(Rc::new(PyObject::plain(
            "list",
            v.repr(),
            v.repr(),
            !items.is_empty(),
        ))),
        PyJson::Dict(_) => annotations_object(Some(v)),
    }
}

fn text(s: &str) -> FieldValue {
    FieldValue::Str(s.to_string())
}

/// `str()` of a field's value, for messages built from it.
fn str_field(v: &FieldValue) -> String {
    match v {
        FieldValue::Int(i) => i.to_string(),
        FieldValue::Str(s) => s.clone(),
        _ => String::new(),
    }
}

/// `str(value)` of a JSON value.
pub(crate) fn py_str(v: &PyJson) -> String {
    match v {
        PyJson::Str(s) => s.clone(),
        other => other.repr(),
    }
}

/// `type(value).__name__`.
pub(crate) fn type_name(v: &PyJson) -> &'static str {
    match v {
        PyJson::Null => "NoneType",
        PyJson::Bool(_) => "bool",
        PyJson::Int(_) => "int",
        PyJson::Float(_) => "float",
        PyJson::Str(_) => "str",
        PyJson::List(_) => "list",
        PyJson::Dict(_) => "dict",
    }
}

/// `bool(value)`.
pub(crate) fn truthy(v: &PyJson) -> bool {
    match v {
        PyJson::Null => false,
        PyJson::Bool(b) => *b,
        PyJson::Int(i) => *i != 0,
        PyJson::Float(x) => *x != 0.0,
        PyJson::Str(s) => !s.is_empty(),
        PyJson::List(l) => !l.is_empty(),
        PyJson::Dict(d) => !d.is_empty(),
    }
}

/// The value as an `int` (a bool is one), or `None`.
fn python_int(v: &PyJson) -> Option<i128> {
    match v {
        PyJson::Int(i) => Some(*i),
        PyJson::Bool(b) => Some(i128::from(*b)),
        _ => None,
    }
}

/// The value as a number (`int`, `float` or `bool`), or `None`.
fn number(v: &PyJson) -> Option<f64> {
    match v {
        PyJson::Float(x) => Some(*x),
        other => python_int(other).map(|i| i as f64),
    }
}

/// `value == n` for an int `n`.
fn py_eq_int(v: &PyJson, n: i128) -> bool {
    number(v) == Some(n as f64)
}

/// `value > 0`, with Python's TypeError for a value that is no number.
fn positive(v: &PyJson) -> Result<bool, FormatError> {
    number(v).map(|x| x > 0.0).ok_or_else(|| {
        FormatError::type_error(format!(
            "'>' not supported between instances of '{}' and 'int'",
            type_name(v)
        ))
    })
}

/// `a - b` of two numbers.
fn subtract(a: &PyJson, b: &PyJson) -> Result<f64, FormatError> {
    match (number(a), number(b)) {
        (Some(a), Some(b)) => Ok(a - b),
        _ => Err(FormatError::type_error(format!(
            "unsupported operand type(s) for -: '{}' and '{}'",
            type_name(a),
            type_name(b)
        ))),
    }
}

/// A state or result id as flux's C functions take it (a bool is an int
/// to them), or their wrapper's TypeError.
fn c_int_arg(v: &PyJson, name: &str, ty: &str, short: bool) -> Result<i128, FormatError> {
    python_int(v).ok_or_else(|| {
        let fmt = if short { "S" } else { "L" };
        let signature = format!("char *(*)({ty}, char *)");
        FormatError::type_error(cffi_error(
            name,
            &signature,
            &format!("{}, '{fmt}'", py_repr(v)),
        ))
    })
}

/// The state for `state & FLUX_JOB_STATE_PENDING`, or Python's TypeError.
fn and_arg(v: &PyJson) -> Result<i128, FormatError> {
    python_int(v).ok_or_else(|| {
        FormatError::type_error(format!(
            "unsupported operand type(s) for &: '{}' and 'int'",
            type_name(v)
        ))
    })
}

/// `statetoemoji()`.
fn state_emoji(single: String) -> Result<FieldValue, FormatError> {
    Ok(text(match single.as_str() {
        "N" => "\u{1f381}",
        "D" => "\u{1f6d1}",
        "P" => "\u{1f6a6}",
        "S" => "\u{1f4c5}",
        "R" => "\u{1f3c3}",
        "C" => "\u{1f5d1}",
        "I" => "\u{1f480}",
        // The reference reads an unset local here.
        _ => {
            return Err(FormatError::unbound_local(
                "cannot access local variable 'emoji' where it is not associated with a value",
            ))
        }
    }))
}

/// `resulttoemoji()`, from the short result.
fn result_emoji(short: &str) -> Result<FieldValue, FormatError> {
    Ok(text(match short {
        "" => "\u{3000}",
        "CD" => "\u{1f600}",
        "F" => "\u{1f4a9}",
        "CA" => "\u{1f4a5}",
        "TO" => "\u{231b}",
        // The reference reads an unset local here.
        _ => {
            return Err(FormatError::unbound_local(
                "cannot access local variable 'emoji' where it is not associated with a value",
            ))
        }
    }))
}

/// The scheme `urlparse` finds: before the first `:`, starting with an
/// ASCII letter, of letters, digits, `+`, `-` and `.`; lowercased.
fn url_scheme(url: &str) -> Option<String> {
    let i = url.find(':')?;
    let scheme = &url[..i];
    let ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    ok.then(|| scheme.to_ascii_lowercase())
}

/// `re.sub("/+", "/", path)`.
fn collapse_slashes(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    out
}
