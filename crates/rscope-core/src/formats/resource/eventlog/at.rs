//! The instant `rscope resource replay --at` names: seconds since the
//! epoch, an ISO 8601 time, or an offset from the eventlog's first
//! (`+2h`) or last (`-3d`) event.

/// The seconds since the epoch `text` names; `first` and `last` are the
/// eventlog's first and last timestamps, which offsets count from.
pub fn parse_instant(text: &str, first: Option<f64>, last: Option<f64>) -> Result<f64, String> {
    let text = text.trim();
    let invalid = || {
        format!(
            "invalid time '{text}': give seconds since the epoch, an ISO 8601 time \
             (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)"
        )
    };
    if let Some(sign) = text.chars().next().filter(|c| *c == '+' || *c == '-') {
        let secs = duration(&text[1..]).ok_or_else(invalid)?;
        let (from, which) = if sign == '+' {
            (first, "first")
        } else {
            (last, "last")
        };
        let from = from
            .ok_or_else(|| format!("'{text}' counts from the {which} event, and there is none"))?;
        return Ok(if sign == '+' {
            from + secs
        } else {
            from - secs
        });
    }
    if let Ok(secs) = text.parse::<f64>() {
        return secs.is_finite().then_some(secs).ok_or_else(invalid);
    }
    iso8601(text).ok_or_else(invalid)
}

/// `3d`, `2.5h`, `90m`, `30s`, `500ms` or a bare number of seconds, as
/// flux's durations are written.
fn duration(text: &str) -> Option<f64> {
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (num, unit) = text.split_at(split);
    let n: f64 = num.parse().ok()?;
    let scale = match unit {
        "" | "s" => 1.0,
        "ms" => 0.001,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86_400.0,
        _ => return None,
    };
    Some(n * scale).filter(|s| s.is_finite())
}

/// Days from 1970-01-01 to a proleptic Gregorian date (the inverse of
/// [`crate::time::civil_from_days`]).
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Digits of `s` from `at`, exactly `n` of them.
fn digits(s: &str, at: usize, n: usize) -> Option<u32> {
    let part = s.get(at..at + n)?;
    part.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| part.parse().ok())?
}

/// `YYYY-MM-DD`, then optionally `T` or a space and `HH:MM[:SS[.fff]]`,
/// then optionally `Z` or `±HH[:]MM`; a time with no zone is UTC.
fn iso8601(s: &str) -> Option<f64> {
    let (year, month, day) = (digits(s, 0, 4)?, digits(s, 5, 2)?, digits(s, 8, 2)?);
    if s.get(4..5)? != "-" || s.get(7..8)? != "-" || !(1..=12).contains(&month) {
        return None;
    }
    let leap = crate::time::is_leap(i128::from(year));
    let days_in = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if day == 0 || day > days_in[month as usize - 1] {
        return None;
    }
    let mut secs = days_from_civil(i64::from(year), month, day) as f64 * 86_400.0;
    let rest = &s[10..];
    if rest.is_empty() {
        return Some(secs);
    }
    let rest = rest.strip_prefix(['T', ' '])?;
    let (h, m) = (digits(rest, 0, 2)?, digits(rest, 3, 2)?);
    if rest.get(2..3)? != ":" || h > 23 || m > 59 {
        return None;
    }
    secs += f64::from(h * 3600 + m * 60);
    let mut rest = &rest[5..];
    if let Some(r) = rest.strip_prefix(':') {
        let end = r
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(r.len());
        let s: f64 = r[..end].parse().ok().filter(|s| (0.0..61.0).contains(s))?;
        secs += s;
        rest = &r[end..];
    }
    Some(secs - zone_offset(rest)?)
}

/// The zone suffix's offset east of UTC in seconds.
fn zone_offset(z: &str) -> Option<f64> {
    if z.is_empty() || z == "Z" {
        return Some(0.0);
    }
    let sign = match z.get(..1)? {
        "+" => 1.0,
        "-" => -1.0,
        _ => return None,
    };
    let rest = &z[1..];
    let (h, m) = match rest.len() {
        5 if rest.get(2..3)? == ":" => (digits(rest, 0, 2)?, digits(rest, 3, 2)?),
        4 => (digits(rest, 0, 2)?, digits(rest, 2, 2)?),
        2 => (digits(rest, 0, 2)?, 0),
        _ => return None,
    };
    Some(sign * f64::from(h * 3600 + m * 60))
}
