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
pub use output::{Deduplicator, OutputFormat};

/// A float as Python's `repr()` and `str()` write it (and `json.dumps`).
pub fn py_float(x: f64) -> String {
    float::repr(x)
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
