//! Small pieces of explanation text: bounded lists and dates.

/// How many members of a set an explanation names before it counts the rest.
pub const LISTED: usize = 8;

/// `items` (the first members of a set of `total`) as words:
/// `19, 20, 21 and 22`, or `0, 1, 2, 3, 4, 5, 6, 7 and 40 more` when the
/// set is larger than what is listed.
pub fn listed(items: &[String], total: u64) -> String {
    let shown = &items[..items.len().min(LISTED)];
    let rest = total.saturating_sub(shown.len() as u64);
    match (shown, rest) {
        ([], _) => "none".to_string(),
        ([one], 0) => one.clone(),
        (_, 0) => {
            let (last, first) = shown.split_last().expect("two or more");
            format!("{} and {last}", first.join(", "))
        }
        _ => format!("{} and {rest} more", shown.join(", ")),
    }
}

/// Seconds since the Unix epoch as a UTC date and time:
/// `2023-02-16 15:15:42 UTC` (fractions of a second are dropped).
pub fn date(secs: f64) -> String {
    let whole = secs.floor() as i64;
    let (days, rest) = (whole.div_euclid(86_400), whole.rem_euclid(86_400));
    let (y, m, d) = civil(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} UTC",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The calendar date `days` after 1970-01-01 (proleptic Gregorian): count
/// in 400-year eras from 0000-03-01, where leap days fall last in a year.
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A length of time in words: `30 minutes`, `2 hours 5 minutes`, `3 days`.
pub fn duration(secs: f64) -> String {
    let s = secs.abs().round() as u64;
    let parts = [
        (s / 86_400, "day"),
        (s / 3600 % 24, "hour"),
        (s / 60 % 60, "minute"),
        (s % 60, "second"),
    ];
    let said: Vec<String> = parts
        .iter()
        .filter(|(n, _)| *n > 0)
        .take(2)
        .map(|&(n, one)| crate::words::count(n, one))
        .collect();
    if said.is_empty() {
        "0 seconds".to_string()
    } else {
        said.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[u32]) -> Vec<String> {
        v.iter().map(u32::to_string).collect()
    }

    #[test]
    fn lists_are_bounded() {
        assert_eq!(listed(&strings(&[]), 0), "none");
        assert_eq!(listed(&strings(&[7]), 1), "7");
        assert_eq!(listed(&strings(&[19, 20, 21, 22]), 4), "19, 20, 21 and 22");
        assert_eq!(
            listed(&strings(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 48),
            "0, 1, 2, 3, 4, 5, 6, 7 and 40 more"
        );
    }

    #[test]
    fn dates_are_utc() {
        assert_eq!(date(0.0), "1970-01-01 00:00:00 UTC");
        assert_eq!(date(1_676_560_542.0), "2023-02-16 15:15:42 UTC");
        assert_eq!(date(951_782_400.5), "2000-02-29 00:00:00 UTC");
        assert_eq!(date(-1.0), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(1800.0), "30 minutes");
        assert_eq!(duration(7500.0), "2 hours 5 minutes");
        assert_eq!(duration(0.0), "0 seconds");
        assert_eq!(duration(90_061.0), "1 day 1 hour");
    }
}
