//! `datetime.fromtimestamp()` in local time and `datetime.strftime()` as
//! CPython 3.11 on glibc does them (the strftime is glibc's, for the C
//! locale), and flux's `UtilDatetime.__format__` with its `::` sentinel.
//!
//! The offset from UTC comes from chrono's `Local`, which reads the TZ
//! environment variable and the zone files natively and asks the
//! JavaScript `Date` in the browser; everything else is computed here,
//! so that out-of-range years and odd formats fail or print as Python's do.

use chrono::{DateTime, Local, Offset, TimeZone};

use super::{spec, FormatError};

/// A naive local date and time, as the `struct tm` and `datetime` fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LocalTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub micro: u32,
    /// 0 for Sunday.
    pub wday: u32,
    /// 0 for January 1st.
    pub yday: u32,
    /// The whole seconds since the epoch, for `%s` (mktime of the tm).
    pub secs: i64,
}

/// A timestamp as a flux field holds it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Stamp {
    Int(i64),
    Float(f64),
}

/// chrono handles a few hundred thousand years; beyond, the offset of its
/// last representable instant is used (only an error's year can depend on it).
const CHRONO_SECS: i64 = 8_000_000_000_000;

pub(crate) fn utc_offset(secs: i64) -> i64 {
    let clamped = secs.clamp(-CHRONO_SECS, CHRONO_SECS);
    match DateTime::from_timestamp(clamped, 0) {
        Some(utc) => i64::from(
            Local
                .offset_from_utc_datetime(&utc.naive_utc())
                .fix()
                .local_minus_utc(),
        ),
        None => 0,
    }
}

/// glibc's localtime(): EOVERFLOW when the year does not fit a `tm_year`.
fn localtime(secs: i64) -> Result<LocalTime, FormatError> {
    let local = i128::from(secs) + i128::from(utc_offset(secs));
    let days = local.div_euclid(86_400);
    let sod = local.rem_euclid(86_400) as u32;
    let (year, month, day) = crate::time::civil_from_days(days);
    if i32::try_from(year - 1900).is_err() {
        return Err(FormatError::os("Value too large for defined data type"));
    }
    let cumulative = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
    let leap_day = u32::from(month > 2 && crate::time::is_leap(year));
    Ok(LocalTime {
        year: year as i64,
        month,
        day,
        hour: sod / 3600,
        minute: sod / 60 % 60,
        second: sod % 60,
        micro: 0,
        wday: (days + 4).rem_euclid(7) as u32,
        yday: cumulative[(month - 1) as usize] + day - 1 + leap_day,
        secs,
    })
}

/// `_PyTime_ObjectToTimeval()` with ROUND_HALF_EVEN: whole seconds and
/// microseconds.
fn split_float(x: f64) -> Result<(i64, u32), FormatError> {
    if x.is_nan() {
        return Err(FormatError::value("Invalid value NaN (not a number)"));
    }
    let int = x.trunc();
    let mut frac = ((x - int) * 1e6).round_ties_even();
    let mut int = int;
    if frac >= 1e6 {
        frac -= 1e6;
        int += 1.0;
    } else if frac < 0.0 {
        frac += 1e6;
        int -= 1.0;
    }
    // time_t is 64 bits: [-2**63, 2**63) (2**63 - 1 is no double).
    if !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&int) {
        return Err(FormatError::overflow(
            "timestamp out of range for platform time_t",
        ));
    }
    Ok((int as i64, frac as u32))
}

/// `datetime.fromtimestamp(ts)`, with CPython 3.11's errors: the year must
/// be 1 to 9999, and so must the year a day earlier (the probe for a fold).
pub(crate) fn from_timestamp(ts: Stamp) -> Result<LocalTime, FormatError> {
    let (secs, micro) = match ts {
        Stamp::Int(i) => (i, 0),
        Stamp::Float(x) => split_float(x)?,
    };
    let mut t = localtime(secs)?;
    let out_of_range = |y: i64| FormatError::value(format!("year {y} is out of range"));
    if !(1..=9999).contains(&t.year) {
        return Err(out_of_range(t.year));
    }
    let probe = secs
        .checked_sub(86_400)
        .ok_or_else(|| FormatError::overflow("timestamp out of range for platform time_t"))?;
    let before = localtime(probe)?;
    if before.year < 1 {
        return Err(out_of_range(before.year));
    }
    t.micro = micro;
    Ok(t)
}

impl LocalTime {
    /// Equality of naive datetimes: the wall clock, not the instant.
    pub(crate) fn same_wall_time(&self, other: &LocalTime) -> bool {
        (
            self.year,
            self.month,
            self.day,
            self.hour,
            self.minute,
            self.second,
            self.micro,
        ) == (
            other.year,
            other.month,
            other.day,
            other.hour,
            other.minute,
            other.second,
            other.micro,
        )
    }

    /// `str(datetime)`: ISO 8601 with a space, microseconds when not zero.
    pub(crate) fn to_str(self) -> String {
        let mut s = format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        );
        if self.micro != 0 {
            s.push_str(&format!(".{:06}", self.micro));
        }
        s
    }

    /// `datetime.strftime(fmt)`: CPython replaces `%f`, `%z` and `%Z` (the
    /// last two empty for a naive time) and stops at a NUL, then
    /// time.strftime() calls wcsftime with a buffer that grows to 256
    /// times the format's length: a longer result comes out empty.
    pub(crate) fn strftime(&self, fmt: &str) -> String {
        let fmt = fmt.split('\0').next().unwrap_or("");
        let mut wrapped = String::with_capacity(fmt.len());
        let mut chars = fmt.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                wrapped.push(c);
                continue;
            }
            match chars.next() {
                None => wrapped.push('%'),
                Some('f') => wrapped.push_str(&format!("{:06}", self.micro)),
                Some('z' | 'Z') => {}
                Some(next) => {
                    wrapped.push('%');
                    wrapped.push(next);
                }
            }
        }
        let fmt: Vec<char> = wrapped.chars().collect();
        let mut size = 1024usize;
        while size < 256 * fmt.len() {
            size *= 2;
        }
        let mut out = Vec::new();
        match glibc_strftime(&fmt, self, size, &mut out) {
            Some(()) => out.into_iter().collect(),
            None => String::new(),
        }
    }
}

/// `UtilDatetime.__format__(fmt)`: strftime before `::` (default
/// `%FT%T`), the epoch itself as empty, and a Python spec after `::`, where
/// an `h` suffix turns empty into `-`.
pub(crate) fn format_datetime(
    t: &LocalTime,
    fmt: &str,
    epoch: &LocalTime,
) -> Result<String, FormatError> {
    let (timefmt, spec) = match fmt.split_once("::") {
        Some((timefmt, spec)) => (timefmt, spec),
        None => (fmt, ""),
    };
    let mut result = if t.same_wall_time(epoch) {
        String::new()
    } else {
        t.strftime(if timefmt.is_empty() { "%FT%T" } else { timefmt })
    };
    let mut spec = spec.to_string();
    if spec.ends_with('h') {
        if result.is_empty() {
            result = "-".to_string();
        }
        spec.pop();
        spec.push('s');
    }
    if spec.is_empty() {
        return Ok(result);
    }
    // `"{0:" + spec + "}".format(result)`: a brace would make str.format
    // parse more fields, which is not followed here.
    if spec.contains(['{', '}']) {
        return Err(FormatError::value(format!(
            "a date's format spec with a brace is not supported: '{spec}'"
        )));
    }
    spec::format_str(&result, &spec)
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The state of one conversion of glibc's __strftime_internal().
struct Conv {
    pad: Option<char>,
    width: i64,
    upper: bool,
    lower: bool,
}

/// An output bounded as glibc's buffer is: `None` once it would not fit.
struct Out<'a> {
    buf: &'a mut Vec<char>,
    size: usize,
}

impl Out<'_> {
    /// Whether `n` more characters leave room for glibc's NUL.
    fn fits(&self, n: i64) -> bool {
        (self.buf.len() as i128) + i128::from(n) < self.size as i128
    }

    /// glibc's add()/cpy(): `text` padded to the width with zeros (flag
    /// `0`) or spaces, cased as asked.
    fn cpy(&mut self, text: &[char], c: &Conv) -> Option<()> {
        let n = text.len() as i64;
        let delta = (c.width - n).max(0);
        if !self.fits(n + delta) {
            return None;
        }
        let fill = if c.pad == Some('0') { '0' } else { ' ' };
        self.buf.extend(std::iter::repeat_n(fill, delta as usize));
        for &ch in text {
            let ch = if c.lower {
                single(ch.to_lowercase()).unwrap_or(ch)
            } else if c.upper {
                single(ch.to_uppercase()).unwrap_or(ch)
            } else {
                ch
            };
            self.buf.push(ch);
        }
        Some(())
    }
}

/// towupper()/towlower() map one character to one.
fn single(mut it: impl Iterator<Item = char>) -> Option<char> {
    let c = it.next()?;
    it.next().is_none().then_some(c)
}

/// glibc's strftime for the C locale, on a `tm` with `tm_isdst` -1 and no
/// zone (what Python passes for a naive datetime): `%z` and `%Z` are empty.
fn glibc_strftime(fmt: &[char], t: &LocalTime, size: usize, buf: &mut Vec<char>) -> Option<()> {
    let mut out = Out { buf, size };
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != '%' {
            out.cpy(
                &fmt[i..=i],
                &Conv {
                    pad: None,
                    width: -1,
                    upper: false,
                    lower: false,
                },
            )?;
            i += 1;
            continue;
        }
        let start = i;
        let mut c = Conv {
            pad: None,
            width: -1,
            upper: false,
            lower: false,
        };
        let mut change_case = false;
        i += 1;
        while let Some(&f) = fmt.get(i) {
            match f {
                '_' | '-' | '0' => c.pad = Some(f),
                '^' => c.upper = true,
                '#' => change_case = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i).is_some_and(char::is_ascii_digit) {
            c.width = 0;
            while let Some(d) = fmt.get(i).and_then(|ch| ch.to_digit(10)) {
                c.width = (c.width * 10 + i64::from(d)).min(i64::from(i32::MAX));
                i += 1;
            }
        }
        let modifier = match fmt.get(i) {
            Some(&m @ ('E' | 'O')) => {
                i += 1;
                Some(m)
            }
            _ => None,
        };
        // An unknown conversion is copied from the '%' before the
        // conversion character, found looking back from it: for "%E%",
        // that is the last '%' alone. At the end of the format, glibc backs
        // up one character first.
        let spec = fmt.get(i).copied().unwrap_or('\0');
        let end = i.min(fmt.len().saturating_sub(1)).max(start);
        let raw = if fmt[end] == '%' {
            &fmt[end..=end]
        } else {
            &fmt[start..=end]
        };
        conversion(&mut out, t, spec, modifier, &mut c, change_case, raw)?;
        i += 1;
    }
    Some(())
}

/// One conversion; `raw` is the text from `%` to the conversion character,
/// copied for an unknown one.
fn conversion(
    out: &mut Out,
    t: &LocalTime,
    spec: char,
    modifier: Option<char>,
    c: &mut Conv,
    change_case: bool,
    raw: &[char],
) -> Option<()> {
    let hour12 = match t.hour {
        0 => 12,
        h if h > 12 => h - 12,
        h => h,
    };
    let text = |s: &str| s.chars().collect::<Vec<char>>();
    let bad = modifier.is_some();
    match spec {
        '%' if !bad => out.cpy(&['%'], c),
        'a' | 'A' if !bad => {
            if change_case {
                (c.upper, c.lower) = (true, false);
            }
            let name = DAYS[t.wday as usize % 7];
            out.cpy(&text(if spec == 'a' { &name[..3] } else { name }), c)
        }
        // glibc cases `%#b` before it rejects `%Eb`, not so `%#EB`.
        'b' | 'h' if modifier == Some('E') => {
            if change_case {
                (c.upper, c.lower) = (true, false);
            }
            out.cpy(raw, c)
        }
        'b' | 'h' | 'B' if modifier != Some('E') => {
            if change_case {
                (c.upper, c.lower) = (true, false);
            }
            let name = MONTHS[(t.month as usize + 11) % 12];
            out.cpy(&text(if spec == 'B' { name } else { &name[..3] }), c)
        }
        'c' if modifier != Some('O') => subformat(out, t, "%a %b %e %H:%M:%S %Y", c),
        'C' => number(out, c, 1, t.year.div_euclid(100)),
        'x' | 'D' if !(spec == 'x' && modifier == Some('O') || spec == 'D' && bad) => {
            subformat(out, t, "%m/%d/%y", c)
        }
        'd' if modifier != Some('E') => number(out, c, 2, i64::from(t.day)),
        'e' if modifier != Some('E') => spacepad(out, c, 2, i64::from(t.day)),
        'F' if !bad => subformat(out, t, "%Y-%m-%d", c),
        'H' if modifier != Some('E') => number(out, c, 2, i64::from(t.hour)),
        'I' if modifier != Some('E') => number(out, c, 2, i64::from(hour12)),
        'k' if modifier != Some('E') => spacepad(out, c, 2, i64::from(t.hour)),
        'l' if modifier != Some('E') => spacepad(out, c, 2, i64::from(hour12)),
        'j' if modifier != Some('E') => number(out, c, 3, i64::from(t.yday) + 1),
        'M' if modifier != Some('E') => number(out, c, 2, i64::from(t.minute)),
        'm' if modifier != Some('E') => number(out, c, 2, i64::from(t.month)),
        'n' => out.cpy(&['\n'], c),
        't' => out.cpy(&['\t'], c),
        'p' | 'P' => {
            if spec == 'P' || change_case {
                (c.upper, c.lower) = (false, true);
            }
            out.cpy(&text(if t.hour > 11 { "PM" } else { "AM" }), c)
        }
        'R' => subformat(out, t, "%H:%M", c),
        'r' => subformat(out, t, "%I:%M:%S %p", c),
        'S' if modifier != Some('E') => number(out, c, 2, i64::from(t.second)),
        's' => signed_number(out, c, 1, mktime(t)),
        'X' if modifier != Some('O') => subformat(out, t, "%H:%M:%S", c),
        'T' => subformat(out, t, "%H:%M:%S", c),
        'u' => number(out, c, 1, (i64::from(t.wday) + 6) % 7 + 1),
        'U' if modifier != Some('E') => {
            number(out, c, 2, (i64::from(t.yday) - i64::from(t.wday) + 7) / 7)
        }
        'V' | 'g' | 'G' if modifier != Some('E') => iso_week(out, t, spec, c),
        'W' if modifier != Some('E') => {
            let monday = (i64::from(t.wday) + 6) % 7;
            number(out, c, 2, (i64::from(t.yday) - monday + 7) / 7)
        }
        'w' if modifier != Some('E') => number(out, c, 1, i64::from(t.wday)),
        'Y' if modifier != Some('O') => number(out, c, 1, t.year),
        'y' => number(out, c, 2, t.year.rem_euclid(100)),
        // tm_isdst is -1 and tm_zone is NULL: nothing for either.
        'z' => Some(()),
        'Z' => out.cpy(&[], c),
        _ => out.cpy(raw, c),
    }
}

/// glibc's mktime() of the local time with `tm_isdst` -1, for `%s`: where
/// the wall clock is ambiguous (the hour a clock goes back), the instant
/// nearer the wall clock read as UTC, which is where glibc's search starts
/// in a process that has not called mktime before.
fn mktime(t: &LocalTime) -> i64 {
    let wall = t.secs + utc_offset(t.secs);
    let mut best = t.secs;
    for k in -8..=8 {
        let offset = utc_offset(t.secs.saturating_add(k * 1800));
        let candidate = wall.saturating_sub(offset);
        if utc_offset(candidate) == offset && candidate.abs_diff(wall) < best.abs_diff(wall) {
            best = candidate;
        }
    }
    best
}

/// `%c`, `%D`, `%F`...: the expansion formatted on its own, then padded to
/// the width and uppercased with `^`.
fn subformat(out: &mut Out, t: &LocalTime, fmt: &str, c: &Conv) -> Option<()> {
    let fmt: Vec<char> = fmt.chars().collect();
    let mut inner = Vec::new();
    glibc_strftime(&fmt, t, usize::MAX, &mut inner)?;
    let conv = Conv {
        pad: c.pad,
        width: c.width,
        upper: c.upper,
        lower: false,
    };
    out.cpy(&inner, &conv)
}

fn spacepad(out: &mut Out, c: &mut Conv, digits: i64, v: i64) -> Option<()> {
    if c.pad != Some('0') && c.pad != Some('-') {
        c.pad = Some('_');
    }
    number(out, c, digits, v)
}

/// DO_NUMBER: `digits` is the default width, padded with zeros unless the
/// flag is `_` (spaces) or `-` (none).
fn number(out: &mut Out, c: &mut Conv, digits: i64, v: i64) -> Option<()> {
    let digits = digits.max(c.width);
    signed_number(out, c, digits, v)
}

/// do_number_sign_and_padding.
fn signed_number(out: &mut Out, c: &mut Conv, digits: i64, v: i64) -> Option<()> {
    let mut text: Vec<char> = v.unsigned_abs().to_string().chars().collect();
    if v < 0 {
        text.insert(0, '-');
    }
    if c.pad != Some('-') {
        let padding = digits - text.len() as i64;
        if padding > 0 {
            let needed = if c.pad == Some('_') { padding } else { digits };
            if !out.fits(needed) {
                return None;
            }
            if c.pad == Some('_') {
                out.buf.extend(std::iter::repeat_n(' ', padding as usize));
                c.width = if c.width > padding {
                    c.width - padding
                } else {
                    0
                };
            } else {
                if v < 0 {
                    text.remove(0);
                    out.buf.push('-');
                }
                out.buf.extend(std::iter::repeat_n('0', padding as usize));
                c.width = 0;
            }
        }
    }
    out.cpy(&text, c)
}

/// iso_week_days() of glibc.
fn iso_week_days(yday: i64, wday: i64) -> i64 {
    let big_enough_multiple_of_7 = (366 / 7 + 2) * 7;
    yday - (yday - wday + 4 + big_enough_multiple_of_7) % 7 + 3
}

/// `%V`, `%g`, `%G`.
fn iso_week(out: &mut Out, t: &LocalTime, spec: char, c: &mut Conv) -> Option<()> {
    let mut year = t.year;
    let (yday, wday) = (i64::from(t.yday), i64::from(t.wday));
    let leap = |y: i64| i64::from(crate::time::is_leap(i128::from(y)));
    let mut days = iso_week_days(yday, wday);
    if days < 0 {
        year -= 1;
        days = iso_week_days(yday + 365 + leap(year), wday);
    } else {
        let d = iso_week_days(yday - (365 + leap(year)), wday);
        if d >= 0 {
            year += 1;
            days = d;
        }
    }
    match spec {
        'g' => number(out, c, 2, year.rem_euclid(100)),
        'G' => number(out, c, 1, year),
        _ => number(out, c, 2, days / 7 + 1),
    }
}
