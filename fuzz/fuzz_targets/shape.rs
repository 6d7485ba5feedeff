//! Expand arbitrary text as a shape: no panic, and every expansion writes
//! back to a shape that expands to it again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::shape::format::{equivalent, format, format_exact};
use rscope_core::shape::{parse, Options};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let options = Options {
        label: if flags & 2 == 0 { "task" } else { "default" }.to_string(),
        rangedict: flags & 1 == 1,
    };
    match parse(text, &options) {
        Ok(expansion) => {
            let _ = expansion.to_python_json(flags & 4 == 4);
            let _ = expansion.to_yaml(flags & 4 == 4);
            for finding in expansion.check() {
                let _ = finding.to_string();
            }
            let list = expansion.to_json(false);
            let written = format_exact(&list, &options).expect("an expansion can be written");
            let again = parse(&written, &options).expect("a written shape expands");
            assert_eq!(again.to_json(false), list, "{text:?} -> {written:?}");
            let canonical = format(&list, &options).expect("an expansion can be normalized");
            let again = parse(&canonical, &options).expect("a normalized shape expands");
            assert!(equivalent(&again.to_json(false), &list), "{text:?} -> {canonical:?}");
        }
        Err(e) => {
            assert!(e.span().start <= text.len() && e.span().end <= text.len());
            let _ = e.to_string();
        }
    }
});
