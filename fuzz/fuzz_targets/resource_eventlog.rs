//! Fuzz the resource eventlog reader and its replay
//! (`formats/resource/eventlog/`): no text may panic reading it, replaying
//! it to any instant, with or without an R, nor parsing a time against it;
//! and the figures a replayer counts in its pass are those `history`
//! counts alone, over the whole log, up to its middle, and from its middle
//! with reasons grouped.
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
    let log = std::rc::Rc::new(log);
    let ranged = eventlog::HistoryOptions {
        until: middle,
        chart_columns: Some(8),
        ..Default::default()
    };
    // From the middle on, with reasons grouped: the pass starts counting
    // at a state it replayed to rather than at the first event.
    let grouped = eventlog::HistoryOptions {
        since: middle,
        group_reasons: true,
        ..Default::default()
    };
    for opts in [eventlog::HistoryOptions::default(), ranged, grouped] {
        let alone = eventlog::history(&log, &opts);
        let replay = eventlog::ReplayOptions::default();
        if let Ok(replayer) = eventlog::Replayer::with_history(log.clone(), &replay, &opts) {
            // As text: a NaN figure (from times near f64's limits) is
            // unequal to itself.
            let kept = format!("{:?}", replayer.take_history());
            assert_eq!(kept, format!("{:?}", Some(alone)));
        }
    }
    let line = text.lines().next().unwrap_or_default();
    let _ = eventlog::parse_instant(line, first, last);
});
