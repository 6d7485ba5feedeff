//! Waiting on the page's state in the in-browser tests: yew renders and
//! runs effects asynchronously, and the app parses after a pause in typing,
//! so a test polls for what it expects rather than sleeping a fixed time.

/// How long one poll waits, in milliseconds.
const POLL_MS: u32 = 10;

/// The most polls before giving up (3 s): far above a render or the
/// parse delay, far below the test runner's timeout.
const MAX_POLLS: u32 = 300;

/// Wait until `ready()` holds, polling every few milliseconds; panic with
/// `what` (and the last `found()`) if it does not within [`MAX_POLLS`].
pub async fn until_with<T: std::fmt::Debug>(
    what: &str,
    mut found: impl FnMut() -> T,
    mut ready: impl FnMut(&T) -> bool,
) -> T {
    let mut last = found();
    for _ in 0..MAX_POLLS {
        if ready(&last) {
            return last;
        }
        gloo::timers::future::TimeoutFuture::new(POLL_MS).await;
        last = found();
    }
    panic!("timed out waiting for {what}; last seen: {last:?}");
}

/// Wait until `ready()` holds; panic with `what` if it does not.
pub async fn until(what: &str, mut ready: impl FnMut() -> bool) {
    until_with(what, &mut ready, |&ok| ok).await;
}
