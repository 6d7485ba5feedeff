//! `UtilFormatter.convert_field()`: flux's `!d`, `!D`, `!F`, `!H`, `!P`
//! conversions and Python's `!r`, `!s`, `!a`, with the errors Python
//! raises for values of the wrong type.

use super::float;
use super::formatter::Obj;
use super::spec::format_float;
use super::time::{from_timestamp, LocalTime, Stamp};
use super::{pytext, FieldValue, FormatError};

/// `fsd()`: a Flux Standard Duration.
pub(crate) fn fsd(secs: f64) -> String {
    let g4 = |v: f64, unit: &str| {
        format!(
            "{}{unit}",
            float::to_string(v, 'g', 4, float::Flags::default())
        )
    };
    if secs.is_infinite() {
        return "inf".to_string();
    }
    if secs < 1.0e-3 {
        "0s".to_string()
    } else if secs < 10.0 {
        format!(
            "{}s",
            float::to_string(secs, 'f', 3, float::Flags::default())
        )
    } else if secs < 60.0 {
        g4(secs, "s")
    } else if secs < 3600.0 {
        g4(secs / 60.0, "m")
    } else if secs < 86400.0 {
        g4(secs / 3600.0, "h")
    } else {
        g4(secs / 86400.0, "d")
    }
}

/// `str(timedelta(seconds=n))`, with the errors of its C constructor.
fn timedelta(n: i128) -> Result<String, FormatError> {
    let days = n.div_euclid(86_400);
    let secs = n.rem_euclid(86_400);
    let days = i32::try_from(days)
        .map_err(|_| FormatError::overflow("Python int too large to convert to C int"))?;
    if days.unsigned_abs() > 999_999_999 {
        return Err(FormatError::overflow(format!(
            "days={days}; must have magnitude <= 999999999"
        )));
    }
    let hms = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    Ok(match days {
        0 => hms,
        1 | -1 => format!("{days} day, {hms}"),
        _ => format!("{days} days, {hms}"),
    })
}

/// `!H`: seconds as `H:MM:SS`, rounded half to even, a fraction of a
/// second shown as one second.
fn hms(value: &FieldValue) -> Result<Option<String>, FormatError> {
    let n: i128 = match *value {
        FieldValue::Int(i) => i128::from(i),
        FieldValue::Float(x) if 0.0 < x && x < 1.0 => 1,
        FieldValue::Float(x) if x.is_nan() => {
            return Err(FormatError::value("cannot convert float NaN to integer"))
        }
        FieldValue::Float(x) if x.is_infinite() => {
            return Err(FormatError::overflow(
                "cannot convert float infinity to integer",
            ))
        }
        FieldValue::Float(x) => {
            let r = x.round_ties_even();
            if r.abs() >= 1e30 {
                // Far too many days for a C int either way.
                return Err(FormatError::overflow(
                    "Python int too large to convert to C int",
                ));
            }
            r as i128
        }
        _ => return Ok(None),
    };
    timedelta(n).map(Some)
}

/// `!P`: a fraction as a percentage.
fn percent(value: &FieldValue) -> Result<Option<String>, FormatError> {
    let v = match *value {
        FieldValue::Int(i) => (i128::from(i) * 100) as f64,
        FieldValue::Float(x) => x * 100.0,
        _ => return Ok(None),
    };
    let spec = if 0.0 < v && v < 1.0 { ".2f" } else { ".3g" };
    Ok(Some(format!("{}%", format_float(v, spec)?)))
}

/// The TypeError each conversion raises for a value of the wrong type;
/// flux catches it and gives "" when `str(value)` is "".
fn type_error(conv: char, type_name: &str) -> FormatError {
    let message = match conv {
        'd' | 'D' => format!("'{type_name}' object cannot be interpreted as an integer"),
        'F' => format!("must be real number, not {type_name}"),
        'H' => format!("'<' not supported between instances of 'int' and '{type_name}'"),
        _ => match type_name {
            "str" => "'<' not supported between instances of 'int' and 'str'".to_string(),
            _ => format!("unsupported operand type(s) for *: '{type_name}' and 'int'"),
        },
    };
    FormatError::type_error(message)
}

fn stamp(value: &FieldValue) -> Option<Stamp> {
    match *value {
        FieldValue::Int(i) => Some(Stamp::Int(i)),
        FieldValue::Float(x) => Some(Stamp::Float(x)),
        _ => None,
    }
}

/// The conversion of a field's value. `epoch` is `fromtimestamp(0.0)`.
pub(crate) fn convert<'a>(
    obj: Obj<'a>,
    conv: Option<char>,
    epoch: &LocalTime,
) -> Result<Obj<'a>, FormatError> {
    let Some(conv) = conv else { return Ok(obj) };
    let value = match obj {
        Obj::Value(value) => value,
        Obj::Item(item) => return convert_item(item.type_name(), conv),
        Obj::Date(_) => return Err(FormatError::value("a date cannot be converted again")),
    };
    let orig_empty = str_of(&value).is_empty();
    if matches!(conv, 'd' | 'D' | 'F' | 'H' | 'P') {
        if let Some(i) = python_int(&value) {
            return convert(Obj::Value(FieldValue::Int(i)), Some(conv), epoch);
        }
    }
    let wrong = |conv: char| -> Result<Obj<'a>, FormatError> {
        if orig_empty {
            Ok(Obj::Value(FieldValue::Str(String::new())))
        } else {
            Err(type_error(conv, value_type(&value)))
        }
    };
    match conv {
        'd' => match stamp(&value) {
            Some(ts) => Ok(Obj::Date(from_timestamp(ts)?)),
            None if orig_empty => Ok(Obj::Date(*epoch)),
            None => Err(type_error('d', value_type(&value))),
        },
        'D' => {
            let falsy = match &value {
                FieldValue::Int(i) => *i == 0,
                FieldValue::Float(x) => *x == 0.0,
                // An IDset or Hostlist is false when it has no member,
                // which is when its text is empty.
                FieldValue::Str(s) | FieldValue::IdSet(s) | FieldValue::Hostlist(s) => s.is_empty(),
                FieldValue::Alt { .. } | FieldValue::Empty => false,
                FieldValue::None => true,
                FieldValue::Bool(b) => !b,
                FieldValue::Object(o) => !o.truthy,
            };
            if falsy {
                return Ok(Obj::Value(FieldValue::Str(String::new())));
            }
            match stamp(&value) {
                Some(ts) => Ok(Obj::Value(FieldValue::Str(
                    from_timestamp(ts)?.strftime("%FT%T"),
                ))),
                None => wrong('D'),
            }
        }
        'F' => match value {
            FieldValue::Int(i) => Ok(Obj::Value(FieldValue::Str(fsd(i as f64)))),
            FieldValue::Float(x) => Ok(Obj::Value(FieldValue::Str(fsd(x)))),
            _ => wrong('F'),
        },
        'H' => match hms(&value)? {
            Some(s) => Ok(Obj::Value(FieldValue::Str(s))),
            None => wrong('H'),
        },
        'P' => match percent(&value)? {
            Some(s) => Ok(Obj::Value(FieldValue::Str(s))),
            None => wrong('P'),
        },
        'r' | 'a' | 's' => python_conversion(value, conv),
        _ => Err(FormatError::value(format!(
            "Unknown conversion specifier {conv}"
        ))),
    }
}

/// `!r`, `!a`, `!s`.
fn python_conversion<'a>(value: FieldValue, conv: char) -> Result<Obj<'a>, FormatError> {
    let text = match (&value, conv) {
        (FieldValue::Str(s), 'r') => pytext::repr(s, false),
        (FieldValue::Str(s), 'a') => pytext::repr(s, true),
        (FieldValue::IdSet(s), 'r' | 'a') => ascii_if(format!("IDset('{s}')"), conv),
        (FieldValue::Hostlist(s), 'r' | 'a') => ascii_if(format!("Hostlist('{s}')"), conv),
        (FieldValue::Alt { default, .. }, 's') => default.clone(),
        (FieldValue::Object(o), 'r' | 'a') => ascii_if(o.repr.clone(), conv),
        (FieldValue::Alt { .. }, _) => {
            // "<flux.util.AltField object at 0x7f...>": an address.
            return Err(FormatError::value(format!(
                "the !{conv} conversion of an AltField shows a memory address; use !s"
            )));
        }
        _ => str_of(&value),
    };
    Ok(Obj::Value(FieldValue::Str(text)))
}

/// `ascii()` of an object whose `repr()` is `repr` (for `!a`): its
/// characters beyond ASCII escaped as Python escapes them.
fn ascii_if(repr: String, conv: char) -> String {
    if conv != 'a' || repr.is_ascii() {
        return repr;
    }
    let mut out = String::with_capacity(repr.len());
    for c in repr.chars() {
        match c as u32 {
            0..=0x7f => out.push(c),
            n @ 0x80..=0xff => out.push_str(&format!("\\x{n:02x}")),
            n @ 0x100..=0xffff => out.push_str(&format!("\\u{n:04x}")),
            n => out.push_str(&format!("\\U{n:08x}")),
        }
    }
    out
}

fn convert_item<'a>(type_name: &str, conv: char) -> Result<Obj<'a>, FormatError> {
    match conv {
        'd' | 'D' | 'F' | 'H' | 'P' => Err(type_error(conv, type_name)),
        'r' | 'a' | 's' => Err(FormatError::value(format!(
            "the !{conv} conversion of a whole '{type_name}' item is not supported"
        ))),
        _ => Err(FormatError::value(format!(
            "Unknown conversion specifier {conv}"
        ))),
    }
}

/// A `bool` or an `int` subclass as the `int` the time conversions see
/// (`!F` of `True` is one second); `None` for other values.
fn python_int(value: &FieldValue) -> Option<i64> {
    match value {
        FieldValue::Bool(b) => Some(i64::from(*b)),
        FieldValue::Object(o) => o.int.and_then(|i| i64::try_from(i).ok()),
        _ => None,
    }
}

/// `type(value).__name__`.
pub(crate) fn value_type(value: &FieldValue) -> &'static str {
    match value {
        FieldValue::Bool(_) => "bool",
        FieldValue::None => "NoneType",
        FieldValue::Empty => "EmptyObject",
        FieldValue::Object(o) => o.type_name,
        FieldValue::Str(_) => "str",
        FieldValue::Int(_) => "int",
        FieldValue::Float(_) => "float",
        FieldValue::IdSet(_) => "IDset",
        FieldValue::Hostlist(_) => "Hostlist",
        FieldValue::Alt { .. } => "AltField",
    }
}

/// `str(value)`.
pub(crate) fn str_of(value: &FieldValue) -> String {
    match value {
        FieldValue::Str(s) | FieldValue::IdSet(s) | FieldValue::Hostlist(s) => s.clone(),
        FieldValue::Int(i) => i.to_string(),
        FieldValue::Float(x) => float::repr(*x),
        FieldValue::Alt { default, .. } => default.clone(),
        FieldValue::Bool(true) => "True".to_string(),
        FieldValue::Bool(false) => "False".to_string(),
        FieldValue::None => "None".to_string(),
        FieldValue::Empty => String::new(),
        FieldValue::Object(o) => o.text.clone(),
    }
}
