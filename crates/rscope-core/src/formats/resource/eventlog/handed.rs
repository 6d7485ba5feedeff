//! A resource eventlog read for one of the page's requests, handed on to
//! the next that reads the same text in the same worker.
//!
//! When a log opens, the analysis worker is sent its text twice: for the
//! timeline (or the event list), which reads and replays it keeping its
//! states ([`Replayer`]), and for the tab's analysis, which replays it to
//! after its last event ([`crate::report::eventlog_report`]). A million
//! events took the worker 1.6 s to read and 0.8 s to replay again, and
//! the slider's first step waited behind it. The first read is handed on
//! with a copy of its text, and the next read of an equal text takes it;
//! a text that differs takes nothing and drops it. So a log read once is
//! read once only when the timeline's request comes before the tab's
//! analysis, as it does when a file opens. The worker [`forget`]s the
//! hand-off after each analysis, so a copy that no analysis took (the
//! analysis came first) is held only until the next one.

use super::Replayer;
use std::cell::RefCell;
use std::rc::Rc;

thread_local! {
    /// The text last read and its replay, until the next [`take`] or
    /// [`forget`].
    static HANDED: RefCell<Option<(String, Rc<Replayer>)>> = const { RefCell::new(None) };
}

/// Keep `replayer`, read from `text`, for the next [`take`] of the same
/// text (what was kept before is dropped).
pub fn hand_on(text: &str, replayer: Rc<Replayer>) {
    HANDED.with(|h| *h.borrow_mut() = Some((text.to_string(), replayer)));
}

/// The replay handed on for `text`, if any; what was kept is dropped
/// either way, so a log's text is held at most until the next read.
pub fn take(text: &str) -> Option<Rc<Replayer>> {
    let kept = HANDED.with(|h| h.borrow_mut().take())?;
    (kept.0 == text).then_some(kept.1)
}

/// Drop what was handed on: the page's analysis worker calls it after
/// each analysis, which has taken the replay it could use.
pub fn forget() {
    HANDED.with(|h| h.borrow_mut().take());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resource::eventlog::{read, ReplayOptions};

    #[test]
    fn a_replay_is_taken_once_and_only_for_the_same_text() {
        let text = "{\"timestamp\": 1, \"name\": \"restart\", \"context\": {\"ranks\": \"0-1\", \"online\": \"0\", \"nodelist\": \"n[0-1]\"}}\n";
        let replayer = || {
            let log = Rc::new(read(text));
            Rc::new(Replayer::new(log, &ReplayOptions::default()).unwrap())
        };
        hand_on(text, replayer());
        assert!(take(text).is_some());
        assert!(take(text).is_none(), "taken twice");
        hand_on(text, replayer());
        assert!(take("{}").is_none(), "another text");
        assert!(take(text).is_none(), "dropped by the other text's take");
        hand_on(text, replayer());
        forget();
        assert!(take(text).is_none(), "forgotten");
    }
}
