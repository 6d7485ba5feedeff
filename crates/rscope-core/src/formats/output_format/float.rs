//! Python's float to text (Python/pystrtod.c format_float_short()), on top
//! of Rust's formatting, which is exact and rounds half to even as David
//! Gay's dtoa does.

/// Flags of PyOS_double_to_string().
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Flags {
    pub alternate: bool,
    pub add_dot_0: bool,
    pub no_neg_0: bool,
}

/// `repr(x)` and `str(x)`: the shortest digits that round-trip, in
/// exponent form below 1e-4 and from 1e16 on, else with at least `.0`.
pub(crate) fn repr(x: f64) -> String {
    to_string(
        x,
        'r',
        0,
        Flags {
            add_dot_0: true,
            ..Flags::default()
        },
    )
}

/// `_Py_dg_dtoa()` of |x|: the significant digits (no trailing zeros, "0"
/// for zero) and the position of the decimal point relative to them.
/// `mode` 0 is the shortest round trip, 2 is `n` significant digits and 3
/// is `n` digits after the point.
fn dtoa(x: f64, mode: u8, n: usize) -> (String, i64) {
    let x = x.abs();
    if mode == 3 {
        let text = format!("{x:.n$}");
        let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
        let mut decpt = int.len() as i64;
        let all = format!("{int}{frac}");
        let lead = all.bytes().take_while(|&b| b == b'0').count();
        let digits = all[lead..].trim_end_matches('0');
        if digits.is_empty() {
            return ("0".to_string(), 1);
        }
        decpt -= lead as i64;
        return (digits.to_string(), decpt);
    }
    let text = if mode == 0 {
        format!("{x:e}")
    } else {
        let p = n.max(1) - 1;
        format!("{x:.p$e}")
    };
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        return ("0".to_string(), 1);
    }
    (digits.to_string(), exp + 1)
}

/// PyOS_double_to_string(): `code` is one of `e E f F g G r`.
pub(crate) fn to_string(x: f64, code: char, precision: usize, flags: Flags) -> String {
    let upper = code.is_ascii_uppercase();
    let code = code.to_ascii_lowercase();
    if x.is_nan() {
        return if upper { "NAN" } else { "nan" }.to_string();
    }
    if x.is_infinite() {
        let inf = if upper { "INF" } else { "inf" };
        return if x < 0.0 {
            format!("-{inf}")
        } else {
            inf.to_string()
        };
    }
    let (mode, precision) = match code {
        'e' => (2, precision + 1),
        'f' => (3, precision),
        'g' => (2, precision.max(1)),
        _ => (0, 0),
    };
    let (digits, decpt) = dtoa(x, mode, precision);
    let mut negative = x.is_sign_negative();
    if flags.no_neg_0 && negative && digits == "0" {
        negative = false;
    }
    let digits_len = digits.len() as i64;
    let precision = precision as i64;
    let mut decpt = decpt;
    let mut vdigits_end = digits_len;
    let mut use_exp = false;
    match code {
        'e' => {
            use_exp = true;
            vdigits_end = precision;
        }
        'f' => vdigits_end = decpt + precision,
        'g' => {
            let limit = if flags.add_dot_0 {
                precision - 1
            } else {
                precision
            };
            use_exp = decpt <= -4 || decpt > limit;
            if flags.alternate {
                vdigits_end = precision;
            }
        }
        _ => use_exp = decpt <= -4 || decpt > 16,
    }
    let mut exp = 0;
    if use_exp {
        exp = decpt - 1;
        decpt = 1;
    }
    let vdigits_start = if decpt <= 0 { decpt - 1 } else { 0 };
    vdigits_end = if !use_exp && flags.add_dot_0 {
        vdigits_end.max(decpt + 1)
    } else {
        vdigits_end.max(decpt)
    };
    let zeros = |n: i64, out: &mut String| out.extend(std::iter::repeat_n('0', n.max(0) as usize));
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if decpt <= 0 {
        zeros(decpt - vdigits_start, &mut out);
        out.push('.');
        zeros(-decpt, &mut out);
    } else {
        zeros(-vdigits_start, &mut out);
    }
    if 0 < decpt && decpt <= digits_len {
        out.push_str(&digits[..decpt as usize]);
        out.push('.');
        out.push_str(&digits[decpt as usize..]);
    } else {
        out.push_str(&digits);
    }
    if digits_len < decpt {
        zeros(decpt - digits_len, &mut out);
        out.push('.');
        zeros(vdigits_end - decpt, &mut out);
    } else {
        zeros(vdigits_end - digits_len, &mut out);
    }
    if out.ends_with('.') && !flags.alternate {
        out.pop();
    }
    if use_exp {
        out.push(if upper { 'E' } else { 'e' });
        let sign = if exp < 0 { '-' } else { '+' };
        out.push_str(&format!("{sign}{:02}", exp.abs()));
    }
    out
}
