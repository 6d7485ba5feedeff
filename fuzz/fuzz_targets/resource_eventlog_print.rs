//! Fuzz `rscope resource eventlog`'s printing
//! (`formats/resource/eventlog/print.rs`) and its new parsers: the first
//! line is split on tabs into a `--match-context KEY=VAL`, an `--include`
//! target, a `--wait` event and a `--timeout`; the rest is the eventlog.
//! No input may panic, in any format or time format.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::resource::eventlog::{
    self, EventFormat, MatchContext, PrintOptions, TimeFormat,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (head, log_text) = text.split_once('\n').unwrap_or((text, ""));
    let mut parts = head.split('\t');
    let mut match_context = MatchContext::default();
    let _ = match_context.push(parts.next().unwrap_or(""));
    let include = parts.next().filter(|s| !s.is_empty()).map(str::to_string);
    let wait = parts.next().filter(|s| !s.is_empty()).map(str::to_string);
    let _ = eventlog::parse_timeout(parts.next().unwrap_or(""));
    let log = eventlog::read(log_text);
    for (format, time) in [
        (EventFormat::Text, TimeFormat::Raw),
        (EventFormat::Text, TimeFormat::Iso),
        (EventFormat::Text, TimeFormat::Offset),
        (EventFormat::Text, TimeFormat::Human),
        (EventFormat::Json, TimeFormat::Raw),
    ] {
        let opts = PrintOptions {
            format,
            time,
            color: time == TimeFormat::Human,
            include: include.clone(),
            wait: wait.clone(),
            match_context: match_context.clone(),
        };
        let _ = eventlog::print("fuzz", log_text, &log, &opts);
    }
});
