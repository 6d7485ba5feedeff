//! Fuzz the resource eventlog reader and its replay
//! (`formats/resource/eventlog/`): no text may panic reading it, replaying
//! it to any instant, with or without an R, nor parsing a time against it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::resource::eventlog;

const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}], "nodelist": ["n[0-3]"]}}"#;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let log = eventlog::read(text);
    let first = log.events.first().map(|e| e.timestamp);
    let last = log.events.last().map(|e| e.timestamp);
    let middle = first.zip(last).map(|(a, b)| a / 2.0 + b / 2.0);
    for (at, r) in [(None, None), (middle, Some(R)), (first, None)] {
        let opts = eventlog::ReplayOptions {
            at,
            r,
            exclude: None,
        };
        if let Ok(replayed) = eventlog::replay(&log, &opts) {
            let _ = replayed.to_json();
        }
    }
    let line = text.lines().next().unwrap_or_default();
    let _ = eventlog::parse_instant(line, first, last);
});
