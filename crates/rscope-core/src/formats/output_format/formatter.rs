//! `string.Formatter.vformat()` with flux's `UtilFormatter` (conversions,
//! the `h` and `+` spec suffixes) and `OutputFormat.HeaderFormatter`
//! (headings looked up by the literal field name).

use std::collections::HashMap;

use super::convert::{convert, str_of, value_type};
use super::markup::{parse, split_name, Access, First};
use super::pytext::{drop_last, len};
use super::spec::{format_float, format_int, format_str};
use super::time::{format_datetime, from_timestamp, LocalTime, Stamp};
use super::{FieldValue, FormatError, FormatItem};

/// A Python object met while formatting.
pub(crate) enum Obj<'a> {
    Value(FieldValue),
    /// The item itself (`{0}`).
    Item(&'a dyn FormatItem),
    /// What `!d` makes: a `UtilDatetime`.
    Date(LocalTime),
}

/// The arguments of a `format()` call.
#[derive(Clone, Copy)]
pub(crate) enum Args<'a> {
    /// `UtilFormatter().format(fmt, item)`.
    Item(&'a dyn FormatItem),
    /// `HeaderFormatter().format(fmt, **headings)`.
    Headings(&'a HashMap<String, String>),
}

/// `string.Formatter`'s automatic field numbering: a number, or `False`
/// once a field was numbered by hand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Auto {
    Next(usize),
    Manual,
}

/// `empty_outputs()`: the outputs that flux's `h` suffix and `?:` prefix
/// count as empty.
pub(crate) fn empty_outputs(epoch: &LocalTime) -> Vec<String> {
    let mut empty: Vec<String> = ["", "0s", "0.0", "0:00:00", "1970-01-01T00:00:00"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    empty.push(epoch.strftime("%FT%T"));
    empty
}

/// `datetime.fromtimestamp(0.0)`, which flux compares dates with.
pub(crate) fn local_epoch() -> LocalTime {
    // The epoch is in range in every time zone.
    from_timestamp(Stamp::Int(0)).unwrap_or(LocalTime {
        year: 1970,
        month: 1,
        day: 1,
        hour: 0,
        minute: 0,
        second: 0,
        micro: 0,
        wday: 4,
        yday: 0,
        secs: 0,
    })
}

/// A format string parsed once, for formatting many items with it: its
/// literal texts and fields, owned.
#[derive(Debug, Clone)]
pub(crate) struct Compiled {
    pieces: Vec<(String, Option<OwnedField>)>,
}

/// A replacement field of a [`Compiled`] format.
#[derive(Debug, Clone)]
struct OwnedField {
    name: String,
    conversion: Option<char>,
    spec: String,
}

impl Compiled {
    /// The pieces of `fmt`, or `None` where `Formatter::format` must read
    /// it as it goes: a parse error, a field numbered automatically or by
    /// hand (the numbering is state), or a spec holding fields of its own.
    pub(crate) fn new(fmt: &str) -> Option<Compiled> {
        let mut pieces = Vec::new();
        for piece in parse(fmt) {
            let piece = piece.ok()?;
            let field = match piece.field {
                None => None,
                Some(f) => {
                    let numbered = f.name.chars().all(|c| super::pytext::decimal(c).is_some());
                    if numbered || f.spec.contains(['{', '}']) {
                        return None;
                    }
                    Some(OwnedField {
                        name: f.name.to_string(),
                        conversion: f.conversion,
                        spec: f.spec.to_string(),
                    })
                }
            };
            pieces.push((piece.literal.to_string(), field));
        }
        Some(Compiled { pieces })
    }
}

/// A formatter for one `format()` call.
pub(crate) struct Formatter<'a> {
    args: Args<'a>,
    epoch: LocalTime,
    /// `empty_outputs()`, made once by the caller for all its items.
    empty: &'a [String],
}

impl<'a> Formatter<'a> {
    pub(crate) fn new(args: Args<'a>, epoch: LocalTime, empty: &'a [String]) -> Formatter<'a> {
        Formatter { args, epoch, empty }
    }

    /// `Formatter.format(fmt, ...)`.
    pub(crate) fn format(&self, fmt: &str) -> Result<String, FormatError> {
        let mut auto = Auto::Next(0);
        self.vformat(fmt, 2, &mut auto)
    }

    /// `Formatter.format(fmt, ...)` of a format parsed once: what
    /// [`Formatter::format`] gives for its text, in the same order of work
    /// and so with the same errors.
    pub(crate) fn format_compiled(&self, compiled: &Compiled) -> Result<String, FormatError> {
        let mut out = String::new();
        for (literal, field) in &compiled.pieces {
            out.push_str(literal);
            let Some(f) = field else { continue };
            let obj = convert(self.field(&f.name)?, f.conversion, &self.epoch)?;
            out.push_str(&self.format_field(obj, &f.spec)?);
        }
        Ok(out)
    }

    fn vformat(&self, fmt: &str, depth: i32, auto: &mut Auto) -> Result<String, FormatError> {
        if depth < 0 {
            return Err(FormatError::value("Max string recursion exceeded"));
        }
        let mut out = String::new();
        for piece in parse(fmt) {
            let piece = piece?;
            out.push_str(piece.literal);
            let Some(field) = piece.field else { continue };
            let numbered;
            let mut name = field.name;
            if name.is_empty() {
                let Auto::Next(n) = *auto else {
                    return Err(FormatError::value(
                        "cannot switch from manual field specification to automatic field numbering",
                    ));
                };
                numbered = n.to_string();
                name = &numbered;
                *auto = Auto::Next(n + 1);
            } else if name.chars().all(|c| super::pytext::decimal(c).is_some()) {
                if matches!(*auto, Auto::Next(n) if n != 0) {
                    return Err(FormatError::value(
                        "cannot switch from manual field specification to automatic field numbering",
                    ));
                }
                *auto = Auto::Manual;
            }
            let obj = self.field(name)?;
            let obj = convert(obj, field.conversion, &self.epoch)?;
            let spec = self.vformat(field.spec, depth - 1, auto)?;
            out.push_str(&self.format_field(obj, &spec)?);
        }
        Ok(out)
    }

    /// `get_field()`: the object a field name names.
    fn field(&self, name: &str) -> Result<Obj<'a>, FormatError> {
        if let Args::Headings(headings) = self.args {
            if let Some(heading) = headings.get(name) {
                return Ok(Obj::Value(FieldValue::Str(heading.clone())));
            }
        }
        let (first, rest) = split_name(name)?;
        let mut obj = match (first, self.args) {
            (First::Index(0), Args::Item(item)) => Obj::Item(item),
            (First::Index(_), _) => return Err(FormatError::index("tuple index out of range")),
            (First::Name(key), Args::Headings(headings)) => match headings.get(key) {
                Some(heading) => Obj::Value(FieldValue::Str(heading.clone())),
                None => return Err(FormatError::key(key)),
            },
            (First::Name(key), Args::Item(_)) => return Err(FormatError::key(key)),
        };
        for access in rest {
            obj = step(obj, access?)?;
        }
        Ok(obj)
    }

    /// `UtilFormatter.format_field()`.
    pub(crate) fn format_field(&self, obj: Obj<'a>, spec: &str) -> Result<String, FormatError> {
        let (spec, denote) = match spec.strip_suffix('+') {
            Some(spec) => (spec, true),
            None => (spec, false),
        };
        let mut spec = spec.to_string();
        let mut obj = obj;
        if spec.ends_with('h') && !matches!(obj, Obj::Date(_)) {
            let text = self.str_obj(&obj)?;
            let empty = self.empty.contains(&text);
            obj = Obj::Value(FieldValue::Str(if empty { "-".to_string() } else { text }));
            spec.pop();
            spec.push('s');
        }
        let result = self.format_obj(&obj, &spec)?;
        if denote && len(&result) < len(&self.str_obj(&obj)?) {
            return Ok(format!("{}+", drop_last(&result)));
        }
        Ok(result)
    }

    /// `format(obj, spec)`.
    fn format_obj(&self, obj: &Obj, spec: &str) -> Result<String, FormatError> {
        match obj {
            Obj::Value(FieldValue::Str(s)) => format_str(s, spec),
            Obj::Value(FieldValue::Alt { default, .. }) => format_str(default, spec),
            // `object.__format__`: `str(self)` for an empty spec only.
            Obj::Value(FieldValue::IdSet(s) | FieldValue::Hostlist(s)) if spec.is_empty() => {
                Ok(s.clone())
            }
            Obj::Value(value @ (FieldValue::IdSet(_) | FieldValue::Hostlist(_))) => {
                Err(FormatError::type_error(format!(
                    "unsupported format string passed to {}.__format__",
                    value_type(value)
                )))
            }
            Obj::Value(FieldValue::Int(i)) => format_int(i128::from(*i), spec),
            Obj::Value(FieldValue::Bool(b)) if spec.is_empty() => {
                Ok(if *b { "True" } else { "False" }.to_string())
            }
            Obj::Value(FieldValue::Bool(b)) => format_int(i128::from(*b), spec),
            // `EmptyObject.__format__`: "" under the spec less its type.
            Obj::Value(FieldValue::Empty) => {
                format_str("", spec.trim_end_matches(|c| "bcdoxXeEfFgGn%".contains(c)))
            }
            Obj::Value(FieldValue::Object(o)) if spec.is_empty() => Ok(o.text.clone()),
            Obj::Value(FieldValue::Object(o)) if o.int.is_some() => {
                format_int(o.int.unwrap_or_default(), spec)
            }
            Obj::Value(FieldValue::None) if spec.is_empty() => Ok("None".to_string()),
            Obj::Value(value @ (FieldValue::None | FieldValue::Object(_))) => {
                Err(FormatError::type_error(format!(
                    "unsupported format string passed to {}.__format__",
                    value_type(value)
                )))
            }
            Obj::Value(FieldValue::Float(x)) => format_float(*x, spec),
            Obj::Date(t) => format_datetime(t, spec, &self.epoch),
            Obj::Item(item) if !spec.is_empty() => Err(FormatError::type_error(format!(
                "unsupported format string passed to {}.__format__",
                item.type_name()
            ))),
            Obj::Item(item) => Err(whole_item(item.type_name())),
        }
    }

    /// `str(obj)`.
    fn str_obj(&self, obj: &Obj) -> Result<String, FormatError> {
        match obj {
            Obj::Value(value) => Ok(str_of(value)),
            Obj::Date(t) => Ok(t.to_str()),
            Obj::Item(item) => Err(whole_item(item.type_name())),
        }
    }
}

/// `str(item)` is Python's `<X object at 0x...>`, an address.
fn whole_item(type_name: &str) -> FormatError {
    FormatError::value(format!(
        "a whole '{type_name}' item cannot be printed (a field name is missing)"
    ))
}

/// `getattr(obj, name)` or `obj[key]`.
pub(crate) fn step<'a>(obj: Obj<'a>, access: Access) -> Result<Obj<'a>, FormatError> {
    let type_name = |obj: &Obj| match obj {
        Obj::Value(v) => value_type(v).to_string(),
        Obj::Item(item) => item.type_name().to_string(),
        Obj::Date(_) => "UtilDatetime".to_string(),
    };
    match (obj, access) {
        (Obj::Item(item), Access::Attr(name)) => item.try_field(name).map(Obj::Value),
        (Obj::Value(FieldValue::Alt { default, ascii }), Access::Attr(name)) => match name {
            "default" => Ok(Obj::Value(FieldValue::Str(default))),
            "ascii" => Ok(Obj::Value(FieldValue::Str(ascii))),
            _ => Err(no_attribute("AltField", name)),
        },
        (Obj::Value(FieldValue::Empty), Access::Attr(_)) => Ok(Obj::Value(FieldValue::Empty)),
        (Obj::Value(FieldValue::Object(o)), Access::Attr(name)) => {
            if let Some((_, e)) = o.refusals.iter().find(|(k, _)| k == name) {
                return Err(FormatError::value(e.clone()));
            }
            let computed = || o.computed.and_then(|f| (f.0)(&o, name));
            match o.attrs.iter().find(|(k, _)| k == name) {
                Some((_, value)) => Ok(Obj::Value(value.clone())),
                None if computed().is_some() => {
                    Ok(Obj::Value(computed().unwrap_or(FieldValue::None)))
                }
                None if o.missing_is_empty => Ok(Obj::Value(FieldValue::Empty)),
                None => Err(no_attribute(o.type_name, name)),
            }
        }
        (obj, Access::Attr(name)) => Err(no_attribute(&type_name(&obj), name)),
        (Obj::Value(FieldValue::Str(s)), Access::Index(i)) => match s.chars().nth(i) {
            Some(c) => Ok(Obj::Value(FieldValue::Str(c.to_string()))),
            None => Err(FormatError::index("string index out of range")),
        },
        (Obj::Value(FieldValue::Str(_)), Access::Key(_)) => Err(FormatError::type_error(
            "string indices must be integers, not 'str'",
        )),
        (obj, _) => Err(FormatError::type_error(format!(
            "'{}' object is not subscriptable",
            type_name(&obj)
        ))),
    }
}

pub(crate) fn no_attribute(type_name: &str, name: &str) -> FormatError {
    FormatError::attribute(format!("'{type_name}' object has no attribute '{name}'"))
}
