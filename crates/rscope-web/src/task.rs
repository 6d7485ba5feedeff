//! Long work on the page's thread, cut into tasks short enough for the
//! page to stay responsive, and the marks the benchmarks read.

use wasm_bindgen::JsValue;

/// Milliseconds of work a task does before [`Pacer::pause`] lets the
/// page have its thread: well under the 50 ms budget of issue 12 once a
/// frame's own work and a busy machine are added.
const TASK_MS: f64 = 8.0;

/// Let the page paint and answer input: what follows runs in a task of its
/// own. A message to ourselves rather than `setTimeout(0)`, which browsers
/// hold at least 4 ms once timeouts nest five deep: long work pauses
/// dozens of times.
pub async fn next_task() {
    let posted = js_sys::Promise::new(&mut |resolve, _| {
        let Ok(channel) = web_sys::MessageChannel::new() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        channel.port1().set_onmessage(Some(&resolve));
        if channel.port2().post_message(&JsValue::NULL).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(posted).await;
}

/// Long work on the page's thread, cut into tasks of about [`TASK_MS`]
/// (or another share): call [`Pacer::pause`] between steps of a few
/// milliseconds each.
pub struct Pacer {
    performance: Option<web_sys::Performance>,
    since: f64,
    share: f64,
}

impl Pacer {
    /// A pacer whose first task begins now.
    pub fn new() -> Pacer {
        Pacer::with_share(TASK_MS)
    }

    /// A pacer whose tasks work for `share` milliseconds each.
    pub fn with_share(share: f64) -> Pacer {
        let performance = gloo::utils::window().performance();
        let since = performance.as_ref().map_or(0.0, |p| p.now());
        Pacer {
            performance,
            since,
            share,
        }
    }

    /// Yield to the page ([`next_task`]) once this task has worked for its
    /// share; otherwise go on at once. Says whether it yielded, after which
    /// the work may have been superseded.
    pub async fn pause(&mut self) -> bool {
        let now = || self.performance.as_ref().map_or(f64::INFINITY, |p| p.now());
        if now() - self.since < self.share {
            return false;
        }
        next_task().await;
        self.since = now();
        true
    }
}

impl Default for Pacer {
    fn default() -> Self {
        Pacer::new()
    }
}

/// Leave a `performance.mark` for the benchmark spec (www/bench/), which
/// sets `window.RSCOPE_MARKS` before the page loads. Off otherwise: a mark
/// per grid paint would pile up over a long session.
pub fn mark(name: &str) {
    let window = gloo::utils::window();
    let on = js_sys::Reflect::get(&window, &"RSCOPE_MARKS".into()).is_ok_and(|v| v.is_truthy());
    if let (true, Some(p)) = (on, window.performance()) {
        let _ = p.mark(name);
    }
}
