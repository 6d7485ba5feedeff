//! RFC 19 job ids (FLUIDs) as flux-core writes them (`flux_job_id_encode`
//! and `fluid_encode` in `libjob/id.c`, `libutil/fluid.c`): decimal, hex,
//! dotted hex, the KVS path and F58, flux's base 58 with its `ƒ` prefix.
//! Written here because the output is flux's own encoding.
//!
//! The `words` (mnemonic) and `emoji` encodings are not here: each needs a
//! table of flux-core's (1 633 words, 256 emoji). Asking for them is an
//! error that says so.

/// The digits of F58, in order.
const B58_DIGITS: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// Which F58 prefix to write: flux-core writes `ƒ` in a UTF-8 locale and
/// `f` otherwise (or with `FLUX_F58_FORCE_ASCII` set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum F58Prefix {
    /// `ƒ` (U+0192).
    #[default]
    Hook,
    /// `f`.
    Ascii,
}

/// Whether this process writes the `f` prefix where no caller chooses
/// one: the job ids a job list's join gives (`rscope system`, `rscope fit
/// --displace`). flux-core chooses by the process's locale; the CLI sets
/// this once from its own ([`set_process_prefix`]), and the page keeps `ƒ`.
static ASCII_PREFIX: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Set the prefix this process writes where no caller chooses one.
pub fn set_process_prefix(prefix: F58Prefix) {
    let ascii = prefix == F58Prefix::Ascii;
    ASCII_PREFIX.store(ascii, std::sync::atomic::Ordering::Relaxed);
}

/// The prefix this process writes where no caller chooses one (`ƒ` unless
/// [`set_process_prefix`] said otherwise).
pub fn process_prefix() -> F58Prefix {
    match ASCII_PREFIX.load(std::sync::atomic::Ordering::Relaxed) {
        true => F58Prefix::Ascii,
        false => F58Prefix::Hook,
    }
}

/// The id an F58 text writes (`ƒ2XGEF5h` or `f2XGEF5h`), when it is one.
pub fn f58_decode(text: &str) -> Option<u64> {
    let digits = text.strip_prefix('ƒ').or_else(|| text.strip_prefix('f'))?;
    if digits.is_empty() {
        return None;
    }
    digits.bytes().try_fold(0u64, |n, b| {
        let d = B58_DIGITS.iter().position(|&x| x == b)?;
        n.checked_mul(58)?.checked_add(d as u64)
    })
}

/// The job id a document's file name carries, as people keep what `flux
/// job info ID R` prints (`ƒ2XGEF5h.R`, `R.57931726848.json`,
/// `job-f2XGEF5h-R.json`): a word of the name (letters and digits) that
/// is F58 with `ƒ`, F58 with `f` and six or more digits of base 58, one
/// a decimal digit (so `fake3` and `frontend` are not jobs), or eleven or
/// more decimal digits (a date, `20241204`, or a time in seconds,
/// `1700000000`, is not a job; a job's id has eleven digits once its
/// instance has run six seconds, and any id can be named in F58).
pub fn job_id_in_name(name: &str) -> Option<u64> {
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let words = file.split(|c: char| !(c.is_ascii_alphanumeric() || c == 'ƒ'));
    words.filter(|w| !w.is_empty()).find_map(|word| {
        let digit = word.bytes().any(|b| b.is_ascii_digit());
        if word.starts_with('ƒ') || (word.starts_with('f') && word.len() > 6 && digit) {
            return f58_decode(word);
        }
        let decimal = word.len() >= 11 && word.bytes().all(|b| b.is_ascii_digit());
        decimal.then(|| word.parse().ok()).flatten()
    })
}

/// The F58 text of `id`: `prefix` then base 58, most significant first.
pub fn f58(id: u64, prefix: F58Prefix) -> String {
    let mut digits = Vec::with_capacity(12);
    let mut n = id;
    loop {
        digits.push(B58_DIGITS[(n % 58) as usize]);
        n /= 58;
        if n == 0 {
            break;
        }
    }
    let mut out = String::from(match prefix {
        F58Prefix::Hook => "ƒ",
        F58Prefix::Ascii => "f",
    });
    out.extend(digits.iter().rev().map(|&d| char::from(d)));
    out
}

/// `%04x.%04x.%04x.%04x` of the id's four 16-bit groups.
pub fn dothex(id: u64) -> String {
    format!(
        "{:04x}.{:04x}.{:04x}.{:04x}",
        (id >> 48) & 0xffff,
        (id >> 32) & 0xffff,
        (id >> 16) & 0xffff,
        id & 0xffff
    )
}

/// The encodings `{id.X}` names, as `JobID`'s properties give them;
/// `None` for an encoding this module does not have (`words`, `emoji`).
pub fn encode(id: u64, encoding: &str, prefix: F58Prefix) -> Option<String> {
    Some(match encoding {
        "dec" => id.to_string(),
        "hex" => format!("{id:#x}"),
        "dothex" => dothex(id),
        "kvs" => format!("job.{}", dothex(id)),
        "f58" => f58(id, prefix),
        "f58plain" => f58(id, F58Prefix::Ascii),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_match_flux_cores() {
        // From t/flux-jobs/tests/contextual_info and a recorded job list.
        assert_eq!(f58(57931726848, F58Prefix::Hook), "ƒ2XGEF5h");
        assert_eq!(f58(57931726848, F58Prefix::Ascii), "f2XGEF5h");
        assert_eq!(f58(0, F58Prefix::Hook), "ƒ1");
        assert_eq!(f58(u64::MAX, F58Prefix::Ascii), "fjpXCZedGfVQ");
        assert_eq!(f58_decode("ƒ2XGEF5h"), Some(57931726848));
        assert_eq!(f58_decode("fjpXCZedGfVQ"), Some(u64::MAX));
        assert_eq!(
            (
                f58_decode("fjpXCZedGfVR"),
                f58_decode("ƒ0"),
                f58_decode("ƒ")
            ),
            (None, None, None)
        );
        assert_eq!(
            encode(57931726848, "hex", F58Prefix::Hook).unwrap(),
            "0xd7d000000"
        );
        assert_eq!(
            encode(57931726848, "kvs", F58Prefix::Hook).unwrap(),
            "job.0000.000d.7d00.0000"
        );
        assert_eq!(encode(1, "words", F58Prefix::Hook), None);
    }

    #[test]
    fn a_file_name_carries_a_job_id_in_f58_or_decimal() {
        let id = |name| job_id_in_name(name);
        assert_eq!(id("ƒ2XGEF5h.R"), Some(57931726848));
        assert_eq!(id("jobs/R.f2XGEF5h.json"), Some(57931726848));
        assert_eq!(id("job-57931726848-R.json"), Some(57931726848));
        assert_eq!(id("ƒ3.json"), Some(2));
        // Host names, short numbers and words are not job ids.
        let none = [
            "R.json",
            "fake3.json",
            "node12345.json",
            "R-20241204.json",
            "R.1700000000.json",
            "frontend.json",
            "f2XG.json",
        ];
        assert_eq!(none.map(id), [None; 7]);
    }
}
