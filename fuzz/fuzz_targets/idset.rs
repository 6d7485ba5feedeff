//! Fuzz the three id set parsers: no input may panic, and whatever parses
//! must print canonically and parse back to the same set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::idset::IdSet;

/// The canonical encoding parses strictly back to the same set.
fn round_trip(set: &IdSet) {
    let text = set.to_string();
    let back = IdSet::parse(&text).expect("canonical encoding parses");
    assert_eq!(&back, set, "round trip of {text:?}");
    assert_eq!(back.to_string(), text);
    let bracketed = IdSet::parse(&set.encode(true)).expect("bracketed encoding parses");
    assert_eq!(&bracketed, set);
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let strict = IdSet::parse(s);
    if let Ok(set) = &strict {
        round_trip(set);
    }
    let decoded = IdSet::decode(s);
    if let Ok(set) = &decoded {
        round_trip(set);
        // Whatever the strict parser takes, decode takes the same way.
        if let Ok(strict) = &strict {
            assert_eq!(strict, set);
        }
    }
    match IdSet::parse_lenient(s) {
        Ok(l) => {
            round_trip(&l.set);
            if let Ok(set) = &decoded {
                assert_eq!(&l.set, set, "lenient and decode disagree on {s:?}");
            }
            if l.problems.is_empty() {
                assert_eq!(l.repair(), None);
            }
        }
        Err(e) => {
            assert!(decoded.is_err(), "decode accepts what lenient rejects: {s:?}");
            assert!(e.span().end <= s.len());
        }
    }
    if let Err(e) = &strict {
        assert!(e.span().start <= e.span().end && e.span().end <= s.len());
        assert!(!e.to_string().is_empty());
    }
});
