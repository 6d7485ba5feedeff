//! Python's format-spec mini-language (Python/formatter_unicode.c):
//! `[[fill]align][sign][z][#][0][width][grouping][.precision][type]` for
//! `str`, `int` and `float`, with CPython's error messages.

use super::float;
use super::pytext::{decimal, len};
use super::{FormatError, MAX_WIDTH};

/// Digit grouping asked for with `,` or `_`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grouping {
    None,
    Comma,
    Underscore,
    /// `_` with `b`, `o`, `x`, `X`: every four digits.
    UnderFour,
}

/// A parsed format spec (InternalFormatSpec).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Spec {
    pub fill: char,
    pub align: char,
    pub sign: Option<char>,
    pub no_neg_0: bool,
    pub alternate: bool,
    pub width: Option<usize>,
    pub grouping: Grouping,
    pub precision: Option<usize>,
    pub ty: Option<char>,
}

fn is_align(c: char) -> bool {
    matches!(c, '<' | '>' | '=' | '^')
}

/// get_integer() of formatter_unicode.c: the digits at `pos` (any script),
/// how many there were, or CPython's overflow error.
fn integer(chars: &[char], pos: &mut usize) -> Result<(usize, usize), FormatError> {
    let (mut acc, mut count) = (0u64, 0);
    while let Some(d) = chars.get(*pos).and_then(|&c| decimal(c)) {
        let d = u64::from(d);
        if acc > (i64::MAX as u64 - d) / 10 {
            return Err(FormatError::value(
                "Too many decimal digits in format string",
            ));
        }
        acc = acc * 10 + d;
        *pos += 1;
        count += 1;
    }
    Ok((acc as usize, count))
}

/// parse_internal_render_format_spec(); `type_name` is the Python type the
/// spec is for, named in errors. Widths and precisions over [`MAX_WIDTH`]
/// are refused here, so that no format asks for gigabytes.
pub(crate) fn parse(
    spec: &str,
    default_type: Option<char>,
    default_align: char,
    type_name: &str,
) -> Result<Spec, FormatError> {
    // A spec is a few characters, read for every field of every item:
    // kept on the stack unless it is long.
    let mut short = ['\0'; 32];
    let long: Vec<char>;
    let chars: &[char] = if spec.len() <= short.len() {
        let mut n = 0;
        for (slot, c) in short.iter_mut().zip(spec.chars()) {
            *slot = c;
            n += 1;
        }
        &short[..n]
    } else {
        long = spec.chars().collect();
        &long
    };
    let end = chars.len();
    let mut pos = 0;
    let mut out = Spec {
        fill: ' ',
        align: default_align,
        sign: None,
        no_neg_0: false,
        alternate: false,
        width: None,
        grouping: Grouping::None,
        precision: None,
        ty: default_type,
    };
    let (mut fill_given, mut align_given) = (false, false);
    if end >= 2 && is_align(chars[1]) {
        (out.fill, out.align, pos) = (chars[0], chars[1], 2);
        (fill_given, align_given) = (true, true);
    } else if end >= 1 && is_align(chars[0]) {
        (out.align, pos, align_given) = (chars[0], 1, true);
    }
    let at = |pos: usize, c: char| chars.get(pos) == Some(&c);
    if let Some(&c @ ('+' | '-' | ' ')) = chars.get(pos) {
        out.sign = Some(c);
        pos += 1;
    }
    if at(pos, 'z') {
        out.no_neg_0 = true;
        pos += 1;
    }
    if at(pos, '#') {
        out.alternate = true;
        pos += 1;
    }
    if !fill_given && at(pos, '0') {
        out.fill = '0';
        if !align_given && default_align == '>' {
            out.align = '=';
        }
        pos += 1;
    }
    let (width, digits) = integer(chars, &mut pos)?;
    out.width = (digits > 0).then_some(width);
    if at(pos, ',') {
        out.grouping = Grouping::Comma;
        pos += 1;
    }
    if at(pos, '_') {
        if out.grouping != Grouping::None {
            return Err(FormatError::value("Cannot specify both ',' and '_'."));
        }
        out.grouping = Grouping::Underscore;
        pos += 1;
    }
    if at(pos, ',') && out.grouping == Grouping::Underscore {
        return Err(FormatError::value("Cannot specify both ',' and '_'."));
    }
    if at(pos, '.') {
        pos += 1;
        let (precision, digits) = integer(chars, &mut pos)?;
        if digits == 0 {
            return Err(FormatError::value("Format specifier missing precision"));
        }
        out.precision = Some(precision);
    }
    if end - pos > 1 {
        return Err(FormatError::value(format!(
            "Invalid format specifier '{spec}' for object of type '{type_name}'"
        )));
    }
    if end - pos == 1 {
        out.ty = Some(chars[pos]);
    }
    check_grouping(&mut out)?;
    check_limits(&out, spec)?;
    Ok(out)
}

/// The grouping allowed with each presentation type (PEP 378, PEP 515).
fn check_grouping(out: &mut Spec) -> Result<(), FormatError> {
    if out.grouping == Grouping::None {
        return Ok(());
    }
    match out.ty {
        None | Some('d' | 'e' | 'f' | 'g' | 'E' | 'G' | '%' | 'F') => Ok(()),
        Some('b' | 'o' | 'x' | 'X') if out.grouping == Grouping::Underscore => {
            out.grouping = Grouping::UnderFour;
            Ok(())
        }
        Some(t) => {
            let sep = if out.grouping == Grouping::Comma {
                ','
            } else {
                '_'
            };
            let shown = if (t as u32) > 32 && (t as u32) < 128 {
                t.to_string()
            } else {
                format!("\\x{:x}", t as u32)
            };
            Err(FormatError::value(format!(
                "Cannot specify '{sep}' with '{shown}'."
            )))
        }
    }
}

/// Rscope's own limit: Python would try to build the text.
fn check_limits(out: &Spec, spec: &str) -> Result<(), FormatError> {
    for (what, n) in [("width", out.width), ("precision", out.precision)] {
        if let Some(n) = n.filter(|&n| n > MAX_WIDTH) {
            return Err(FormatError::value(format!(
                "format spec '{spec}': {what} {n} is over the limit of {MAX_WIDTH}"
            )));
        }
    }
    Ok(())
}

/// unknown_presentation_type().
pub(crate) fn unknown_code(ty: char, type_name: &str) -> FormatError {
    let shown = if (ty as u32) > 32 && (ty as u32) < 128 {
        ty.to_string()
    } else {
        format!("\\x{:x}", ty as u32)
    };
    FormatError::value(format!(
        "Unknown format code '{shown}' for object of type '{type_name}'"
    ))
}

fn repeat(c: char, n: usize, out: &mut String) {
    out.extend(std::iter::repeat_n(c, n));
}

/// `format(str, spec)`.
pub(crate) fn format_str(s: &str, spec: &str) -> Result<String, FormatError> {
    if spec.is_empty() {
        return Ok(s.to_string());
    }
    let spec = parse(spec, Some('s'), '<', "str")?;
    match spec.ty {
        Some('s') => {}
        Some(t) => return Err(unknown_code(t, "str")),
        None => return Err(unknown_code('\0', "str")),
    }
    if let Some(sign) = spec.sign {
        let what = if sign == ' ' { "Space" } else { "Sign" };
        return Err(FormatError::value(format!(
            "{what} not allowed in string format specifier"
        )));
    }
    if spec.no_neg_0 {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in string format specifier",
        ));
    }
    if spec.alternate {
        return Err(FormatError::value(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if spec.align == '=' {
        return Err(FormatError::value(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    let mut n = len(s);
    if let Some(p) = spec.precision {
        n = n.min(p);
    }
    let total = spec.width.map_or(n, |w| w.max(n));
    let lpad = match spec.align {
        '>' => total - n,
        '^' => (total - n) / 2,
        _ => 0,
    };
    let mut out = String::with_capacity(s.len() + total - n);
    repeat(spec.fill, lpad, &mut out);
    let cut = s.char_indices().nth(n).map_or(s.len(), |(at, _)| at);
    out.push_str(&s[..cut]);
    repeat(spec.fill, total - n - lpad, &mut out);
    Ok(out)
}

/// `format(int, spec)`; `i128` so that `!P`'s hundredfold values fit.
pub(crate) fn format_int(v: i128, spec: &str) -> Result<String, FormatError> {
    if spec.is_empty() {
        return Ok(v.to_string());
    }
    let spec = parse(spec, Some('d'), '>', "int")?;
    match spec.ty {
        Some('b' | 'c' | 'd' | 'o' | 'x' | 'X' | 'n') => format_long(v, &spec),
        // int.__format__ hands these to float.__format__.
        Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') => format_float_spec(v as f64, &spec),
        Some(t) => Err(unknown_code(t, "int")),
        None => Err(unknown_code('\0', "int")),
    }
}

/// `format(float, spec)`.
pub(crate) fn format_float(v: f64, spec: &str) -> Result<String, FormatError> {
    if spec.is_empty() {
        return Ok(float::repr(v));
    }
    let spec = parse(spec, None, '>', "float")?;
    match spec.ty {
        None | Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') => format_float_spec(v, &spec),
        Some(t) => Err(unknown_code(t, "float")),
    }
}

/// format_long_internal().
fn format_long(v: i128, spec: &Spec) -> Result<String, FormatError> {
    if spec.precision.is_some() {
        return Err(FormatError::value(
            "Precision not allowed in integer format specifier",
        ));
    }
    if spec.no_neg_0 {
        return Err(FormatError::value(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    let ty = spec.ty.unwrap_or('d');
    if ty == 'c' {
        if spec.sign.is_some() {
            return Err(FormatError::value(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if spec.alternate {
            return Err(FormatError::value(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        if !(0..=0x10ffff).contains(&v) {
            return Err(FormatError::overflow("%c arg not in range(0x110000)"));
        }
        let Some(c) = char::from_u32(v as u32) else {
            // Python makes a lone surrogate, which no UTF-8 text can hold.
            return Err(FormatError::value(format!(
                "cannot print the surrogate code point U+{v:04X}"
            )));
        };
        let parts = Number {
            negative: false,
            prefix: "",
            digits: "",
            decimal: false,
            remainder: &c.to_string(),
        };
        return Ok(render(&parts, spec, Grouping::None, false, false));
    }
    let magnitude = v.unsigned_abs();
    let (digits, prefix) = match ty {
        'b' => (format!("{magnitude:b}"), "0b"),
        'o' => (format!("{magnitude:o}"), "0o"),
        'x' | 'X' => (format!("{magnitude:x}"), "0x"),
        _ => (magnitude.to_string(), ""),
    };
    let prefix = if spec.alternate { prefix } else { "" };
    let parts = Number {
        negative: v < 0,
        prefix,
        digits: &digits,
        decimal: false,
        remainder: "",
    };
    Ok(render(&parts, spec, spec.grouping, ty == 'n', ty == 'X'))
}

/// format_float_internal().
pub(crate) fn format_float_spec(v: f64, spec: &Spec) -> Result<String, FormatError> {
    let mut ty = spec.ty.unwrap_or('r');
    let mut default_precision = 6;
    let add_dot_0 = spec.ty.is_none();
    if add_dot_0 {
        default_precision = 0;
    }
    if ty == 'n' {
        ty = 'g';
    }
    let mut v = v;
    let percent = ty == '%';
    if percent {
        ty = 'f';
        v *= 100.0;
    }
    let precision = match spec.precision {
        None => default_precision,
        Some(p) => {
            if ty == 'r' {
                ty = 'g';
            }
            p
        }
    };
    let flags = float::Flags {
        alternate: spec.alternate,
        add_dot_0,
        no_neg_0: spec.no_neg_0,
    };
    let mut text = float::to_string(v, ty, precision, flags);
    if percent {
        text.push('%');
    }
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    // parse_number(): leading digits, then maybe a '.', then the rest.
    let n_digits = body.bytes().take_while(u8::is_ascii_digit).count();
    let (digits, after) = body.split_at(n_digits);
    let (decimal, remainder) = match after.strip_prefix('.') {
        Some(rest) => (true, rest),
        None => (false, after),
    };
    let parts = Number {
        negative,
        prefix: "",
        digits,
        decimal,
        remainder,
    };
    Ok(render(
        &parts,
        spec,
        spec.grouping,
        spec.ty == Some('n'),
        false,
    ))
}

/// A number cut up as calc_number_widths() sees it.
struct Number<'a> {
    negative: bool,
    prefix: &'a str,
    digits: &'a str,
    decimal: bool,
    remainder: &'a str,
}

/// calc_number_widths() and fill_number(): sign, prefix, padding, grouped
/// digits (zero padding grouped too), decimal point and the rest. `locale`
/// is the `n` type: the C locale's, with no separator.
fn render(n: &Number, spec: &Spec, grouping: Grouping, locale: bool, upper: bool) -> String {
    let sign = match spec.sign {
        Some('+') => Some(if n.negative { '-' } else { '+' }),
        Some(' ') => Some(if n.negative { '-' } else { ' ' }),
        _ => n.negative.then_some('-'),
    };
    let (sep, group) = match (locale, grouping) {
        (true, _) | (_, Grouping::None) => ("", 0),
        (_, Grouping::Comma) => (",", 3),
        (_, Grouping::Underscore) => ("_", 3),
        (_, Grouping::UnderFour) => ("_", 4),
    };
    let width = spec.width.map_or(-1, |w| w as isize);
    let fixed = sign.is_some() as isize
        + len(n.prefix) as isize
        + n.decimal as isize
        + len(n.remainder) as isize;
    let min_width = if spec.fill == '0' && spec.align == '=' {
        width - fixed
    } else {
        0
    };
    let digits = if n.digits.is_empty() {
        String::new()
    } else {
        group_digits(n.digits, min_width, sep, group)
    };
    let padding = (width - fixed - len(&digits) as isize).max(0) as usize;
    let (lpad, spad, rpad) = match spec.align {
        '<' => (0, 0, padding),
        '^' => (padding / 2, 0, padding - padding / 2),
        '=' => (0, padding, 0),
        _ => (padding, 0, 0),
    };
    let mut out = String::with_capacity(digits.len() + n.remainder.len() + padding + 4);
    repeat(spec.fill, lpad, &mut out);
    out.extend(sign);
    if upper {
        out.push_str(&n.prefix.to_ascii_uppercase());
    } else {
        out.push_str(n.prefix);
    }
    repeat(spec.fill, spad, &mut out);
    if upper {
        out.push_str(&digits.to_ascii_uppercase());
    } else {
        out.push_str(&digits);
    }
    if n.decimal {
        out.push('.');
    }
    out.push_str(n.remainder);
    repeat(spec.fill, rpad, &mut out);
    out
}

/// _PyUnicode_InsertThousandsGrouping(): the digits in groups of `group`
/// from the right (`group` 0: no grouping), with zeros in front until the
/// result is `min_width` long, those zeros grouped as well.
fn group_digits(digits: &str, min_width: isize, sep: &str, group: isize) -> String {
    let digits = digits.as_bytes();
    let sep_len = sep.len() as isize;
    let mut remaining = digits.len() as isize;
    let mut min_width = min_width;
    let mut rev: Vec<u8> = Vec::with_capacity(digits.len() * 2);
    let mut use_sep = false;
    // InsertThousandsGrouping_fill(), writing backwards.
    let fill = |rev: &mut Vec<u8>, end: isize, n_chars: isize, n_zeros: isize, sep_first: bool| {
        if sep_first {
            rev.extend(sep.bytes().rev());
        }
        let (start, end) = ((end - n_chars) as usize, end as usize);
        rev.extend(digits[start..end].iter().rev());
        rev.extend(std::iter::repeat_n(b'0', n_zeros as usize));
    };
    let mut broke = false;
    if group > 0 {
        loop {
            let l = group.min(remaining.max(min_width).max(1));
            let n_zeros = (l - remaining).max(0);
            let n_chars = remaining.min(l).max(0);
            fill(&mut rev, remaining, n_chars, n_zeros, use_sep);
            use_sep = true;
            remaining -= n_chars;
            min_width -= l;
            if remaining <= 0 && min_width <= 0 {
                broke = true;
                break;
            }
            min_width -= sep_len;
        }
    }
    if !broke {
        let l = remaining.max(min_width).max(1);
        let n_zeros = (l - remaining).max(0);
        let n_chars = remaining.min(l).max(0);
        fill(&mut rev, remaining, n_chars, n_zeros, use_sep);
    }
    rev.reverse();
    String::from_utf8(rev).unwrap_or_default()
}
