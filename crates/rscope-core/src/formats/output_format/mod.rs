//! flux-core's output format language: a port of `flux.util.OutputFormat`
//! (flux-core's `src/bindings/python/flux/util.py`), so that `rscope
//! resource` prints what `flux resource` prints, byte for byte.
//!
//! A format is Python's `str.format` syntax over the fields of an item
//! (`{state:>12} {nnodes:>6} {nodelist}`), with flux's additions: the
//! `!d` (date), `!D` (ISO date), `!F` (Flux Standard Duration), `!H`
//! (`H:MM:SS`) and `!P` (percent) conversions, a `::` in a date's spec
//! between strftime and a Python spec, the `h` spec suffix (empty shown as
//! `-`) and `+` (truncation shown by a final `+`), the `?:` (drop the field
//! when empty for every item), `+:` (widen to the widest value) and `?+:`
//! prefixes, and a `sort:KEY,-KEY` prefix.
//!
//! What Python does underneath is followed too: `string.Formatter`'s
//! parser and errors, the format-spec mini-language for `str`, `int` and
//! `float`, `str()` of a float, `datetime.fromtimestamp()` in local time
//! (the TZ variable is honoured) and glibc's strftime in the C locale.
//! So are the reference's quirks, since they are what flux prints: a
//! `{{` or `}}` in a format is not escaped again when OutputFormat
//! rebuilds the format, and a `+:` field whose spec has a strftime part
//! loses it. Lengths and widths count code points, as Python's `len()`.
//!
//! Rscope's own limit: a width or precision over [`MAX_WIDTH`] is an error,
//! where Python would try to build the text.
//!
//! This module uses no other module of the crate (layer 0).

mod config;
mod convert;
mod float;
mod formatter;
mod markup;
mod output;
mod pytext;
mod spec;
mod time;

#[cfg(test)]
mod tests;

use std::fmt;

pub use config::{choose_format, Chosen, NamedFormat};
pub use output::{cut_to_width, Deduplicator, OutputFormat};

/// A float as Python's `repr()` and `str()` write it (and `json.dumps`).
pub fn py_float(x: f64) -> String {
    float::repr(x)
}

/// `flux.util.fsd()`: seconds as a Flux Standard Duration (`1.500s`,
/// `1.667h`).
pub fn fsd(secs: f64) -> String {
    convert::fsd(secs)
}

/// Python's `float(text)` of a string (`"1e3"`, `" inf "`), or `None`
/// where it raises.
pub fn py_float_parse(text: &str) -> Option<f64> {
    pytext::parse_float(text)
}

/// `str(value)` of a field's value.
pub fn py_str_of(value: &FieldValue) -> String {
    convert::str_of(value)
}

/// A string as Python's `repr()` writes it (`'a'`, `"it's"`, `'\x00'`).
pub fn py_repr(s: &str) -> String {
    pytext::repr(s, false)
}

/// A local date and time as CPython's `datetime.fromtimestamp(ts)` makes
/// it, in the zone the process runs in (TZ), for callers outside the
/// output format language that print dates as flux's Python does.
#[derive(Debug, Clone, Copy)]
pub struct PyLocalTime {
    t: time::LocalTime,
    offset: i64,
}

impl PyLocalTime {
    /// `datetime.fromtimestamp(ts)`: microseconds rounded half to even,
    /// and CPython's errors for years out of range.
    pub fn from_timestamp(ts: f64) -> Result<PyLocalTime, FormatError> {
        let t = time::from_timestamp(time::Stamp::Float(ts))?;
        Ok(PyLocalTime {
            t,
            offset: time::utc_offset(t.secs),
        })
    }

    /// `datetime.strftime(fmt)` of the naive time (C locale).
    pub fn strftime(&self, fmt: &str) -> String {
        self.t.strftime(fmt)
    }

    /// `%z` of the time made aware in local time (`.astimezone()`):
    /// `+HHMM`, with seconds when the offset has them.
    pub fn utc_offset_z(&self) -> String {
        let sign = if self.offset < 0 { '-' } else { '+' };
        let a = self.offset.abs();
        let mut z = format!("{sign}{:02}{:02}", a / 3600, a / 60 % 60);
        if a % 60 != 0 {
            z.push_str(&format!("{:02}", a % 60));
        }
        z
    }

    /// The wall clock in microseconds since 1970-01-01 00:00 local: what
    /// subtracting two naive datetimes compares.
    pub fn wall_micros(&self) -> i128 {
        (i128::from(self.t.secs) + i128::from(self.offset)) * 1_000_000 + i128::from(self.t.micro)
    }
}

/// What a command prints, and its exit status.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Printed {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status.
    pub code: u8,
}

impl Printed {
    /// Output and success.
    pub fn output(stdout: String) -> Printed {
        Printed {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }

    /// A message on standard error, and success (`-s help`).
    pub fn info(stderr: String) -> Printed {
        Printed {
            stdout: String::new(),
            stderr,
            code: 0,
        }
    }

    /// Messages already worded for standard error, and failure.
    pub fn failure(stderr: String) -> Printed {
        Printed {
            stdout: String::new(),
            stderr,
            code: 1,
        }
    }

    /// One error of the command `tool` (`flux-jobs`), as flux's `CLIMain`
    /// logs an exception: `flux-jobs: ERROR: message`, and failure.
    pub fn tool_error(tool: &str, message: &str) -> Printed {
        Printed::failure(format!("{tool}: ERROR: {message}\n"))
    }
}

/// The largest width or precision a format spec may ask for.
pub const MAX_WIDTH: usize = 10_000;

/// The value of one field of an item.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue {
    /// A Python `str`.
    Str(String),
    /// A Python `int`.
    Int(i64),
    /// A Python `float`.
    Float(f64),
    /// A `flux.idset.IDset`, by its text (`str()` of it). It has no
    /// `__format__` of its own: Python's `object.__format__` prints it for
    /// an empty spec and refuses any other (`unsupported format string
    /// passed to IDset.__format__`).
    IdSet(String),
    /// A `flux.hostlist.Hostlist`, by its text; formatted as an `IdSet` is.
    Hostlist(String),
    /// flux's `AltField`: `{up}` prints `default`, `{up.ascii}` prints `ascii`.
    Alt {
        /// The text shown by default.
        default: String,
        /// The text of `{field.ascii}`.
        ascii: String,
    },
    /// A Python `bool`: `True` alone, a number under a spec (`int`'s).
    Bool(bool),
    /// Python's `None`: no spec but the empty one.
    None,
    /// flux's `EmptyObject` (a missing annotation): every attribute is
    /// another, it prints as "" under any spec less its type letter.
    Empty,
    /// Any other Python object (a `JobID`, a list, an `AnnotationsInfo`).
    Object(std::rc::Rc<PyObject>),
}

/// A Python object with attributes, as flux's job classes make them.
/// Two are equal when they are the same object, as Python's default `==`
/// (and no structural comparison is compiled into the element's bundle).
#[derive(Debug, Clone)]
pub struct PyObject {
    /// `type(obj).__name__`, which errors name.
    pub type_name: &'static str,
    /// `str(obj)`: what it prints under an empty spec.
    pub text: String,
    /// `repr(obj)` (`!r`).
    pub repr: String,
    /// The value of an `int` subclass (`JobID`), formatted as an int
    /// under a spec and sorted as a number.
    pub int: Option<i128>,
    /// `bool(obj)`, which the `!D` conversion tests.
    pub truthy: bool,
    /// Its attributes (`{id.f58}`, `{annotations.sched.reason}`).
    pub attrs: Vec<(String, FieldValue)>,
    /// Attributes whose property raises a ValueError, with its message (a
    /// `JobURI` of another scheme has no `local`).
    pub refusals: Vec<(String, String)>,
    /// Attributes computed when asked (a `JobID`'s encodings), after
    /// `attrs` and `refusals`.
    pub computed: Option<Computed>,
    /// Whether an attribute it lacks is an [`FieldValue::Empty`]
    /// (`AnnotationsInfo`), not an `AttributeError`.
    pub missing_is_empty: bool,
}

impl PartialEq for PyObject {
    fn eq(&self, other: &PyObject) -> bool {
        std::ptr::eq(self, other)
    }
}

/// How an object computes the attributes it makes when asked.
#[derive(Debug, Clone, Copy)]
pub struct Computed(pub fn(&PyObject, &str) -> Option<FieldValue>);

impl PartialEq for Computed {
    fn eq(&self, other: &Computed) -> bool {
        self.0 as usize == other.0 as usize
    }
}

impl PyObject {
    /// An object with no attributes and no value of its own (a list).
    pub fn plain(type_name: &'static str, text: String, repr: String, truthy: bool) -> PyObject {
        PyObject {
            type_name,
            text,
            repr,
            int: None,
            truthy,
            attrs: Vec::new(),
            refusals: Vec::new(),
            computed: None,
            missing_is_empty: false,
        }
    }
}

/// The field names of a format, in order, each as written (`id.f58`), for
/// a command whose headings depend on them (flux's `JobInfoFormat`).
pub fn format_field_names(fmt: &str) -> Result<Vec<String>, FormatError> {
    Ok(markup::parse_all(fmt)?
        .into_iter()
        .filter_map(|piece| piece.field.map(|f| f.name.to_string()))
        .collect())
}

/// Something with fields to format: a line of `flux resource status`, say.
pub trait FormatItem {
    /// The value of the field `name` (one attribute: `up.ascii` is asked
    /// as `up`, then `.ascii` is taken from the `FieldValue::Alt`), or `None`
    /// when the item has no such field.
    fn field(&self, name: &str) -> Option<FieldValue>;

    /// The Python class name shown in errors, as `type(item).__name__`
    /// would be (`'ResourceStatusLine' object has no attribute 'x'`).
    fn type_name(&self) -> &str {
        "object"
    }

    /// The field `name`, or the exception Python raises for it: by
    /// default `'X' object has no attribute 'name'` when [`field`] has
    /// none. Items whose attributes are computed and may fail (a job's
    /// `runtime`) answer here with the reference's own error.
    ///
    /// [`field`]: FormatItem::field
    fn try_field(&self, name: &str) -> Result<FieldValue, FormatError> {
        self.field(name)
            .ok_or_else(|| formatter::no_attribute(self.type_name(), name))
    }
}

/// The Python exception a format error is in the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Value,
    Key,
    Type,
    Attribute,
    Index,
    Overflow,
    Os,
    UnboundLocal,
}

/// An error in a format or while formatting. It displays as flux's
/// commands print an exception after `flux-resource: ERROR: `: `str()` of
/// it (a KeyError's message quoted, an OSError's strerror alone).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    kind: Kind,
    message: String,
    printed: String,
}

impl FormatError {
    fn new(kind: Kind, message: impl Into<String>) -> FormatError {
        FormatError {
            kind,
            message: message.into(),
            printed: String::new(),
        }
    }

    pub(crate) fn value(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Value, message)
    }

    /// A KeyError: `message` is the missing key (or flux's message).
    pub(crate) fn key(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Key, message)
    }

    pub(crate) fn type_error(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Type, message)
    }

    pub(crate) fn attribute(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Attribute, message)
    }

    pub(crate) fn index(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Index, message)
    }

    pub(crate) fn overflow(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Overflow, message)
    }

    /// An OSError: `message` is its strerror.
    pub(crate) fn os(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::Os, message)
    }

    pub(crate) fn unbound_local(message: impl Into<String>) -> FormatError {
        FormatError::new(Kind::UnboundLocal, message)
    }

    pub(crate) fn is_key(&self) -> bool {
        self.kind == Kind::Key
    }

    pub(crate) fn raw_message(&self) -> &str {
        &self.message
    }

    pub(crate) fn with_printed(mut self, printed: String) -> FormatError {
        self.printed = printed;
        self
    }

    /// The name of the Python exception the reference raises here.
    pub fn python_exception(&self) -> &'static str {
        match self.kind {
            Kind::Value => "ValueError",
            Kind::Key => "KeyError",
            Kind::Type => "TypeError",
            Kind::Attribute => "AttributeError",
            Kind::Index => "IndexError",
            Kind::Overflow => "OverflowError",
            Kind::Os => "OSError",
            Kind::UnboundLocal => "UnboundLocalError",
        }
    }

    /// What `print_items` had printed before the error (flux prints the
    /// header and the lines before a failing item): print it to stdout,
    /// then the error to stderr.
    pub fn partial_output(&self) -> &str {
        &self.printed
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == Kind::Key {
            f.write_str(&pytext::repr(&self.message, false))
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for FormatError {}
