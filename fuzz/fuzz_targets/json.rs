//! Fuzz the JSON reader and its diagnosis: no input may panic; the
//! diagnosis finds an error exactly when the one-pass reader refuses the
//! text, its span lies on character boundaries within the text, and what
//! the reader takes serde_json takes too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::json::{diagnose, tree};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let read = tree::read(text);
    let why = diagnose::first_error(text);
    assert_eq!(read.is_some(), why.is_none(), "{text:?}: {why:?}");
    if let Some((_, span)) = &why {
        assert!(span.start <= span.end && span.end <= text.len(), "{text:?}: {span:?}");
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
    }
    if read.is_some() {
        assert!(serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok(), "{text:?}");
    }
    let _ = rscope_core::json::overview::overview(text);
    let _ = rscope_core::json::indent::indent(text);
});
