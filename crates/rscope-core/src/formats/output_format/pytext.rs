//! Python's view of text where it differs from Rust's: `str.isspace()`,
//! Unicode decimal digits (`int()`, `\d`, format-spec widths), `repr()`
//! and `ascii()` of a string, `float()` of a string, lengths in code points.

/// `str.isspace()` of one character: Rust's `char::is_whitespace` plus the
/// four separators U+001C..U+001F, which Python counts and Rust does not.
pub(crate) fn is_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `str.strip()` with no argument.
pub(crate) fn strip(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// `str.isspace()`: true for a non-empty string of whitespace only.
pub(crate) fn is_all_space(s: &str) -> bool {
    !s.is_empty() && s.chars().all(is_space)
}

/// The first code point of every run of ten Unicode decimal digits
/// (category Nd) as Python 3.11 (Unicode 14) has them, so that widths
/// written in, say, Arabic-Indic digits parse as they do in CPython.
const DECIMAL_ZEROS: [u32; 66] = [
    0x30, 0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66,
    0xDE6, 0xE50, 0xED0, 0xF20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90,
    0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10,
    0x104A0, 0x10D30, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650,
    0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50,
    0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
];

/// `Py_UNICODE_TODECIMAL`: the value of a decimal digit of any script.
pub(crate) fn decimal(c: char) -> Option<u32> {
    // Every field name and spec is read through here: ASCII first.
    if c.is_ascii() {
        return c.to_digit(10);
    }
    let c = c as u32;
    // The table is sorted: the last zero at or below c starts its run.
    let i = DECIMAL_ZEROS.partition_point(|&z| z <= c);
    let zero = *DECIMAL_ZEROS.get(i.checked_sub(1)?)?;
    (c - zero < 10).then_some(c - zero)
}

/// Python's `int()` of a string of decimal digits, as ASCII without
/// leading zeros; exact for any length (widths in flux's FormatSpec are
/// kept as text, so a huge one stays what was written).
pub(crate) fn int_text(digits: &str) -> String {
    let ascii: String = digits
        .chars()
        .map(|c| char::from_digit(decimal(c).unwrap_or(0), 10).unwrap_or('0'))
        .collect();
    let trimmed = ascii.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}

/// Compares two `int_text` numbers.
pub(crate) fn cmp_int_text(a: &str, b: &str) -> std::cmp::Ordering {
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// The number of code points, which is what Python's `len()` counts.
pub(crate) fn len(s: &str) -> usize {
    s.chars().count()
}

/// `s[:-1]`: all but the last code point.
pub(crate) fn drop_last(s: &str) -> &str {
    let mut chars = s.chars();
    chars.next_back();
    chars.as_str()
}

/// Whether `str.isprintable()` holds for one character, as `repr()` asks.
/// Approximated without Unicode tables: control and format characters,
/// separators other than the space, surrogates and private use are not
/// printable; unassigned code points (category Cn) are taken as printable,
/// where Python escapes them.
fn is_printable(c: char) -> bool {
    let u = c as u32;
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let format_chars: &[(u32, u32)] = &[
        (0xAD, 0xAD),
        (0x600, 0x605),
        (0x61C, 0x61C),
        (0x6DD, 0x6DD),
        (0x70F, 0x70F),
        (0x890, 0x891),
        (0x8E2, 0x8E2),
        (0x180E, 0x180E),
        (0x200B, 0x200F),
        (0x202A, 0x202E),
        (0x2060, 0x2064),
        (0x2066, 0x206F),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x13438),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
        (0xE000, 0xF8FF),
        (0xF0000, 0x10FFFF),
    ];
    let noncharacter = (0xFDD0..=0xFDEF).contains(&u) || (u & 0xFFFE) == 0xFFFE;
    !noncharacter && !format_chars.iter().any(|&(lo, hi)| (lo..=hi).contains(&u))
}

/// `repr()` of a string (`ascii_only` false) or `ascii()` of it (true).
pub(crate) fn repr(s: &str, ascii_only: bool) -> String {
    // Python quotes with ' unless the text holds ' and no ".
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            _ if c == quote || c == '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            _ if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            _ if c.is_ascii() || (!ascii_only && is_printable(c)) => out.push(c),
            _ if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            _ if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            _ => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// Python's `float()` of a string: surrounding whitespace, `_` between
/// digits, digits of any script, `inf`, `infinity` and `nan` in any case.
pub(crate) fn parse_float(s: &str) -> Option<f64> {
    let text: String = strip(s)
        .chars()
        .map(|c| match decimal(c) {
            Some(d) => char::from_digit(d, 10).unwrap_or('0'),
            None => c,
        })
        .collect();
    let body = text.strip_prefix(['+', '-']).unwrap_or(&text);
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), "inf" | "infinity" | "nan") {
        return text.parse::<f64>().ok();
    }
    // Underscores are allowed only between two digits (PEP 515).
    let bytes = text.as_bytes();
    let mut plain = String::with_capacity(text.len());
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let before = i > 0 && bytes[i - 1].is_ascii_digit();
            let after = bytes.get(i + 1).is_some_and(|b| b.is_ascii_digit());
            if !(before && after) {
                return None;
            }
            continue;
        }
        plain.push(b as char);
    }
    if !is_decimal_literal(&plain) {
        return None;
    }
    plain.parse::<f64>().ok()
}

/// `[sign] (digits [. [digits]] | . digits) [(e|E) [sign] digits]`, all ASCII.
fn is_decimal_literal(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        digits += i - frac_start;
    }
    if digits == 0 {
        return false;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == b.len()
}
