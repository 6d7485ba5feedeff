//! Dates: the one calendar every date Rscope writes is computed with (the
//! Explain card's UTC times, the summary's local times, `rscope resource`'s
//! `!d` dates in flux's output format language). Lengths of time in words
//! are [`crate::words::duration`].

/// Days since 1970-01-01 as a proleptic Gregorian (year, month, day):
/// counted in 400-year eras from 0000-03-01, where a leap day falls last
/// in a year. `i128` so that any `f64` of seconds a document holds has a
/// year, however far from now.
pub fn civil_from_days(days: i128) -> (i128, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i128::from(month <= 2);
    (year, month, day)
}

/// Whether `year` of the proleptic Gregorian calendar has a 29 February.
pub fn is_leap(year: i128) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Seconds since the Unix epoch as a UTC date and time:
/// `2023-02-16 15:15:42 UTC` (fractions of a second are dropped).
pub fn utc(secs: f64) -> String {
    local(secs, 0)
}

/// Seconds since the Unix epoch as the date and time `east_minutes` east
/// of UTC, with that offset: `2019-10-11 08:21:09 UTC−7`,
/// `2023-02-16 15:15:42 UTC` when the offset is 0, `UTC+5:30` for part of
/// an hour. The page passes the browser's offset for that instant.
pub fn local(secs: f64, east_minutes: i64) -> String {
    let whole = secs.floor() as i128 + i128::from(east_minutes) * 60;
    let (days, rest) = (whole.div_euclid(86_400), whole.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    let sign = if east_minutes < 0 { '−' } else { '+' };
    let zone = match (east_minutes.abs() / 60, east_minutes.abs() % 60) {
        (0, 0) => "UTC".to_string(),
        (h, 0) => format!("UTC{sign}{h}"),
        (h, m) => format!("UTC{sign}{h}:{m:02}"),
    };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} {zone}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc() {
        assert_eq!(utc(0.0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc(1_676_560_542.0), "2023-02-16 15:15:42 UTC");
        assert_eq!(utc(951_782_400.5), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc(-1.0), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn local_dates_carry_their_offset() {
        assert_eq!(local(1_570_807_269.0, -7 * 60), "2019-10-11 08:21:09 UTC−7");
        assert_eq!(local(0.0, 330), "1970-01-01 05:30:00 UTC+5:30");
        assert_eq!(local(0.0, -30), "1969-12-31 23:30:00 UTC−0:30");
    }

    #[test]
    fn the_calendar_has_its_leap_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(-719_468), (0, 3, 1));
        assert!(is_leap(2000) && !is_leap(1900) && is_leap(2024) && !is_leap(2023));
    }
}
