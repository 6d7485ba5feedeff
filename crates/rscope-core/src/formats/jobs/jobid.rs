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
}
