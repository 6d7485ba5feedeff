//! The names flux-core gives numbers in a job: states and results
//! (`libjob/state.c`, `result.c`), signals (glibc's `strsignal`, as
//! Python's `signal.strsignal` returns it), and job ids read back from
//! text (`flux_job_id_parse`).

/// `flux_job_statetostr(state, "L" or "S")`.
pub fn state_name(state: i128, short: bool) -> &'static str {
    let (long, abbrev) = match state {
        1 => ("NEW", "N"),
        2 => ("DEPEND", "D"),
        4 => ("PRIORITY", "P"),
        8 => ("SCHED", "S"),
        16 => ("RUN", "R"),
        32 => ("CLEANUP", "C"),
        64 => ("INACTIVE", "I"),
        14 => ("PENDING", "PD"),
        48 => ("RUNNING", "RU"),
        62 => ("ACTIVE", "A"),
        _ => ("(unknown)", "?"),
    };
    if short {
        abbrev
    } else {
        long
    }
}

/// `flux_job_resulttostr(result, "L" or "S")`.
pub fn result_name(result: i128, short: bool) -> &'static str {
    let (long, abbrev) = match result {
        1 => ("COMPLETED", "CD"),
        2 => ("FAILED", "F"),
        4 => ("CANCELED", "CA"),
        8 => ("TIMEOUT", "TO"),
        _ => ("(unknown)", "?"),
    };
    if short {
        abbrev
    } else {
        long
    }
}

/// The state named by a word, as `flux_job_strtostate` reads it (`RUN`,
/// `run`, `R`, `r`).
pub fn state_of_name(name: &str) -> Option<i128> {
    [1, 2, 4, 8, 16, 32, 64, 14, 48, 62].into_iter().find(|&s| {
        let (long, short) = (state_name(s, false), state_name(s, true));
        [long, short]
            .iter()
            .any(|n| *n == name || n.to_lowercase() == name)
    })
}

/// The result named by a word (`COMPLETED`, `completed`, `CD`, `cd`).
pub fn result_of_name(name: &str) -> Option<i128> {
    [1, 2, 4, 8].into_iter().find(|&r| {
        let (long, short) = (result_name(r, false), result_name(r, true));
        [long, short]
            .iter()
            .any(|n| *n == name || n.to_lowercase() == name)
    })
}

/// glibc's descriptions of signals 1 to 31.
const SIGNALS: [&str; 31] = [
    "Hangup",
    "Interrupt",
    "Quit",
    "Illegal instruction",
    "Trace/breakpoint trap",
    "Aborted",
    "Bus error",
    "Floating point exception",
    "Killed",
    "User defined signal 1",
    "Segmentation fault",
    "User defined signal 2",
    "Broken pipe",
    "Alarm clock",
    "Terminated",
    "Stack fault",
    "Child exited",
    "Continued",
    "Stopped (signal)",
    "Stopped",
    "Stopped (tty input)",
    "Stopped (tty output)",
    "Urgent I/O condition",
    "CPU time limit exceeded",
    "File size limit exceeded",
    "Virtual timer expired",
    "Profiling timer expired",
    "Window changed",
    "I/O possible",
    "Power failure",
    "Bad system call",
];

/// `signal.strsignal(n)` on Linux: `None` (outer) where Python raises a
/// ValueError (out of range), `Some(None)` where it returns `None` (the
/// two signals glibc keeps for itself).
pub fn signal_description(n: i64) -> Option<Option<String>> {
    match n {
        1..=31 => Some(Some(SIGNALS[(n - 1) as usize].to_string())),
        32 | 33 => Some(None),
        34..=64 => Some(Some(format!("Real-time signal {}", n - 34))),
        _ => None,
    }
}

/// The F58 digits' values.
const B58_DIGITS: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// `flux_job_id_parse(text)`: decimal, `0x` hex, dotted hex, `job.`
/// dotted hex, or F58 with either prefix. The mnemonic and emoji forms
/// are not read (see `jobid`): such a text is `None`, as an invalid one.
pub fn parse_job_id(text: &str) -> Option<u64> {
    let s = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let s = s.strip_prefix("job.").unwrap_or(s);
    if s.contains('.') {
        return dothex(s);
    }
    if s.contains('-') {
        return None;
    }
    if let Some(digits) = s.strip_prefix('ƒ').or_else(|| s.strip_prefix('f')) {
        return f58(digits);
    }
    let s = s.trim_end_matches(|c: char| c.is_ascii_whitespace());
    match s.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None if s.is_empty() => Some(0),
        None => s.parse().ok(),
    }
}

fn dothex(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    parts.iter().try_fold(0u64, |acc, p| {
        if p.is_empty() || p.len() > 4 {
            return None;
        }
        Some(acc << 16 | u64::from_str_radix(p, 16).ok()?)
    })
}

fn f58(digits: &str) -> Option<u64> {
    if digits.is_empty() || digits.chars().count() > 12 {
        return None;
    }
    digits.chars().try_fold(0u64, |acc, c| {
        let d = B58_DIGITS.find(c)? as u64;
        Some(acc.wrapping_mul(58).wrapping_add(d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn job_ids_read_back_from_each_encoding() {
        for text in [
            "57931726848",
            "0xd7d000000",
            "0000.000d.7d00.0000",
            "job.0000.000d.7d00.0000",
            "ƒ2XGEF5h",
            "f2XGEF5h",
            "  57931726848 ",
        ] {
            assert_eq!(parse_job_id(text), Some(57931726848), "{text}");
        }
        assert_eq!(parse_job_id("ƒ2XGEF5l"), None);
        assert_eq!(parse_job_id("12x"), None);
        assert_eq!(
            parse_job_id("academy-academy-academy--academy-academy-academy"),
            None
        );
    }

    #[test]
    fn names_are_flux_cores() {
        assert_eq!((state_name(16, false), state_name(16, true)), ("RUN", "R"));
        assert_eq!(state_name(3, false), "(unknown)");
        assert_eq!(result_name(4, true), "CA");
        assert_eq!(state_of_name("run"), Some(16));
        assert_eq!(state_of_name("CD"), None);
        assert_eq!(signal_description(9), Some(Some("Killed".to_string())));
        assert_eq!(signal_description(32), Some(None));
        assert_eq!(
            signal_description(35),
            Some(Some("Real-time signal 1".to_string()))
        );
        assert_eq!(signal_description(65), None);
    }
}
