//! Parse arbitrary text as an RFC 45 range: no panic, every parsed range
//! encodes back to itself, and enumeration stays within the range.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::range::Range;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Range::parse(text) {
        Ok(r) => {
            for (short, brackets) in [(false, false), (true, false), (true, true), (false, true)] {
                assert_eq!(Range::parse(&r.encode(short, brackets)), Ok(r));
            }
            assert_eq!(Range::from_dict(&r.to_dict()), Ok(r));
            let mut last = 0;
            for v in r.values(u64::MAX).take(1000) {
                assert!(v > last && r.contains(v));
                assert!(r.max().is_none_or(|m| v <= m));
                last = v;
            }
            assert_eq!(r.largest_at_most(r.min()), Some(r.min()));
        }
        Err(e) => {
            assert!(e.span().end <= text.len());
            let _ = e.to_string();
        }
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        if let Ok(r) = Range::from_dict(&value) {
            assert_eq!(Range::parse(&r.to_string()), Ok(r));
        }
    }
});
