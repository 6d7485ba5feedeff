//! The one channel between the page and a Web Worker. The page's three
//! workers (the analysis, the set workbench, shapes and fits) each load
//! the same wasm core from `pkg/` in a script that only names its lanes
//! (`static/channel.js` dispatches them); on this side each is a
//! [`Channel`] of its own requests ([`Work`], [`Script`]):
//!
//! - every request gets a sequence number, which the worker's answer
//!   carries back;
//! - in each lane the newest request wins ([`rscope_core::inflight`]):
//!   an answer to a superseded one is dropped, unless the lane keeps every
//!   request (a queue's operations); each message says which
//!   ([`Work::delivery`]), and the worker handles what the core's
//!   [`batch_plan`] says of the messages that queued while it was busy;
//! - a message hands its buffers over (transfer lists), and a long one
//!   crosses in pieces, a few to a task, so the page's thread is never
//!   held by a copy;
//! - where no worker can start, or it fails, the page's thread answers:
//!   every request waiting then, and every later one;
//! - [`Channel::restart`] (Cancel: the only way to stop a worker's wasm is
//!   to end the worker) starts a fresh worker and asks it again what was
//!   waiting, so no request is left unanswered; a request whose asker
//!   has already counted it as cancelled says so ([`Work::ask_again`]).
//!
//! Why not gloo-worker or yew-agent: both run a worker built from its own
//! entry point and carry each message through their codec as one
//! serialized value. Rscope's workers load the page's own `pkg/` (no
//! second build; the page hands each the module it compiled, so the core
//! is downloaded and compiled once), answer with the core's
//! binary parts handed over as they are (a 16 384-node grid is never
//! copied or re-encoded), take a pasted JavaScript string without
//! converting it, and must fall back to the page's thread when the
//! host page serves no worker script (the `<rscope-view>` element). Neither
//! crate has lanes where the newest request wins, pieces, or that fallback.

use rscope_core::inflight::{batch_plan, Delivery, Inflight};
use rscope_core::tabs::Text;
use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// One piece of a request's message: the message, the buffers it hands
/// over rather than copies, and where the next piece starts, if one does.
pub struct MessagePiece {
    /// The message posted.
    pub message: js_sys::Object,
    /// The buffers it hands over.
    pub transfer: js_sys::Array,
    /// Where the next piece starts (in the request's own units).
    pub next: Option<usize>,
}

impl MessagePiece {
    /// A whole message, handing over nothing.
    pub fn whole(message: js_sys::Object) -> MessagePiece {
        MessagePiece::handing(message, js_sys::Array::new())
    }

    /// A whole message, handing over `transfer`.
    pub fn handing(message: js_sys::Object, transfer: js_sys::Array) -> MessagePiece {
        MessagePiece {
            message,
            transfer,
            next: None,
        }
    }
}

/// Set `key` of `message` to `value`.
pub fn set(message: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(message, &key.into(), value);
}

/// Tell the worker how the lane of `message` is served (its `newest`
/// field, which the dispatcher of `static/channel.js` gives [`batch_plan`]).
fn set_delivery(message: &js_sys::Object, delivery: Delivery) {
    set(message, "newest", &delivery.is_newest().into());
}

/// What a worker handles of a batch of messages ([`batch_plan`]), for the
/// dispatcher of `static/channel.js`: `lanes` gives each message's lane
/// (its place in the worker's list) and `newest` its delivery (1 for
/// [`Delivery::Newest`]); the answer is pairs of (index, 1 when a newer
/// message of the lane waits behind it).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = batchPlan, skip_typescript))]
pub fn batch_plan_for_worker(lanes: &[u32], newest: &[u8]) -> Vec<u32> {
    let batch: Vec<(u32, Delivery)> = (lanes.iter().zip(newest))
        .map(|(lane, n)| (*lane, Delivery::from_newest(*n != 0)))
        .collect();
    (batch_plan(&batch).into_iter())
        .flat_map(|(at, newer)| [at as u32, newer as u32])
        .collect()
}

/// Field `key` of a worker's answer (undefined when it has none).
pub fn field(data: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(data, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// One request a worker answers, holding whom to tell. The channel's
/// machinery sees requests only through this (object-safe) trait, so it
/// is compiled once for the three workers, not once for each: the page's
/// bundle has a size budget.
pub trait Work: 'static {
    /// This request's lane (a small number, one per kind of request).
    fn lane(&self) -> u8;

    /// How its lane is served: only the newest request (the default), or
    /// every one, in order. The worker is told it with each message.
    fn delivery(&self) -> Delivery {
        Delivery::Newest
    }

    /// The piece of this request's message from `at` (0 first), asked as
    /// request `seq`.
    fn piece(&self, seq: u32, at: usize) -> MessagePiece;

    /// The worker answered with `data`: tell the asker. Whether the answer
    /// is complete (an analysis answers in two stages).
    fn answered(&self, data: &JsValue) -> bool;

    /// Answer on the page's thread (no worker, or it failed).
    fn here(&self);

    /// Whether a restarted worker is asked this again, or its asker has
    /// already counted it as cancelled (the analysis Cancel stopped).
    fn ask_again(&self) -> bool {
        true
    }
}

/// The requests of one worker, and that worker: its script, and what
/// becomes of a message that answers no request.
pub trait Script: Work + Sized {
    /// The worker's script, relative to the page.
    const SCRIPT: &'static str;

    /// A message that answers no request (a worker's warm-up).
    fn unasked(_data: &JsValue) {}
}

/// The page's side of one worker, started on first use; `W` is what it
/// is asked.
pub struct Channel<W: Script> {
    inner: Rc<Inner>,
    asks: PhantomData<fn(W)>,
}

/// What a channel's handlers share with it.
struct Inner {
    /// The worker's script.
    script: &'static str,
    /// What becomes of a message that answers no request.
    unasked: fn(&JsValue),
    /// The worker, once started and while it works.
    worker: RefCell<Option<Worker>>,
    /// Whether no worker is to start: the page's thread answers all.
    here_only: Cell<bool>,
    /// Whether the worker has said its core is loaded (`{ready: true}`).
    ready: Cell<bool>,
    /// The last sequence number given.
    seq: Cell<u32>,
    waiting: RefCell<Inflight<u8, Rc<dyn Work>>>,
    /// The texts the worker was last asked to read ahead.
    ahead: RefCell<Vec<Text>>,
    handlers: RefCell<Vec<Handler>>,
}

/// The first message to a new worker: `{core}`, the core's wasm module as
/// the page compiled it (`window.rscopeModule`, set by index.html), so the
/// worker neither downloads nor compiles the 2.9 MB again; `undefined` when
/// the page has none (it started the core another way), and the worker
/// fetches its own (static/channel.js, `loadCore`).
fn core_message() -> js_sys::Object {
    let module = js_sys::Reflect::get(&gloo::utils::window(), &"rscopeModule".into())
        .unwrap_or(JsValue::UNDEFINED);
    let message = js_sys::Object::new();
    set(&message, "core", &module);
    message
}

/// A worker's `onmessage` or `onerror` handler, kept while it is set.
type Handler = Closure<dyn FnMut(JsValue)>;

impl<W: Script> Default for Channel<W> {
    fn default() -> Self {
        Channel::new()
    }
}

impl<W: Script> Channel<W> {
    /// A channel whose worker starts at its first request (or
    /// [`Channel::start`]).
    pub fn new() -> Channel<W> {
        Channel {
            asks: PhantomData,
            inner: Rc::new(Inner {
                script: W::SCRIPT,
                unasked: W::unasked,
                worker: RefCell::default(),
                here_only: Cell::new(false),
                ready: Cell::new(false),
                seq: Cell::new(0),
                waiting: RefCell::default(),
                ahead: RefCell::default(),
                handlers: RefCell::default(),
            }),
        }
    }

    /// A channel that starts no worker: the page's thread answers all.
    pub fn here_only() -> Channel<W> {
        let channel = Channel::new();
        channel.inner.here_only.set(true);
        channel
    }

    /// Start the worker now, if it has not started, so that it has loaded
    /// the core when the first request comes.
    pub fn start(&self) {
        let _ = self.inner.worker();
    }

    /// Ask `work` of the worker, or answer it here when there is none.
    pub fn ask(&self, work: W) {
        // The element's bundle starts no worker: its requests are answered
        // here, and the channel's machinery is left out of it (a size
        // budget).
        if !cfg!(feature = "page") {
            return work.here();
        }
        self.inner.ask(Rc::new(work));
    }

    /// Have the worker read `texts` ahead of the requests that will need
    /// them; those sent last time are not sent again. `message` writes the
    /// message for the new ones.
    pub fn read_ahead(
        &self,
        texts: &[Text],
        delivery: Delivery,
        message: &dyn Fn(&[&Text]) -> MessagePiece,
    ) {
        self.inner.read_ahead(texts, delivery, message);
    }

    /// Whether a request asked now is worked on at once: the worker has
    /// loaded its core, or the page's thread answers. Until then the page
    /// says the worker is loading, not working.
    pub fn ready(&self) -> bool {
        let inner = &self.inner;
        !cfg!(feature = "page") || inner.here_only.get() || inner.ready.get()
    }

    /// End the worker and the work in flight, start a fresh one, and ask
    /// it again every request still waiting ([`Work::ask_again`]).
    pub fn restart(&self) {
        self.inner.restart();
    }
}

impl Inner {
    /// [`Channel::read_ahead`].
    fn read_ahead(
        self: &Rc<Self>,
        texts: &[Text],
        delivery: Delivery,
        message: &dyn Fn(&[&Text]) -> MessagePiece,
    ) {
        let Some(worker) = self.worker() else {
            return;
        };
        let mut sent = self.ahead.borrow_mut();
        let new: Vec<&Text> = texts.iter().filter(|t| !sent.contains(t)).collect();
        if new.is_empty() {
            return;
        }
        let piece = message(&new);
        set_delivery(&piece.message, delivery);
        if worker
            .post_message_with_transfer(&piece.message, &piece.transfer)
            .is_ok()
        {
            *sent = texts.to_vec();
        }
    }

    /// [`Channel::restart`].
    fn restart(self: &Rc<Self>) {
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
        self.handlers.borrow_mut().clear();
        self.ahead.borrow_mut().clear();
        self.ready.set(false);
        self.start();
        let waiting = self.waiting.borrow_mut().restarted();
        for (_, _, work) in waiting {
            if work.ask_again() {
                self.ask(work);
            }
        }
    }
    /// The worker, started now if it has not been; `None` when the page's
    /// thread answers.
    fn worker(self: &Rc<Self>) -> Option<Worker> {
        if self.worker.borrow().is_none() {
            self.start();
        }
        self.worker.borrow().clone()
    }

    /// Start the worker and its handlers. (The element's bundle, without
    /// the `page` feature, starts none: the host page serves no script.)
    fn start(self: &Rc<Self>) {
        if !cfg!(feature = "page") || self.here_only.get() {
            return;
        }
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options(self.script, &options) else {
            self.here_only.set(true);
            return;
        };
        let me = Rc::downgrade(self);
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            if let Some(me) = me.upgrade() {
                me.on_message(e.unchecked_into::<MessageEvent>().data());
            }
        });
        let me = Rc::downgrade(self);
        let on_error = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            e.unchecked_into::<web_sys::Event>().prevent_default();
            if let Some(me) = me.upgrade() {
                me.failed();
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        let _ = worker.post_message(&core_message());
        *self.worker.borrow_mut() = Some(worker);
        *self.handlers.borrow_mut() = vec![on_message, on_error];
    }

    /// Send `work` as a new request, or answer it here.
    fn ask(self: &Rc<Self>, work: Rc<dyn Work>) {
        let Some(worker) = self.worker() else {
            return work.here();
        };
        let seq = self.seq.get().wrapping_add(1);
        self.seq.set(seq);
        let lane = work.lane();
        (self.waiting.borrow_mut()).ask(lane, work.delivery(), seq, work.clone());
        let piece = work.piece(seq, 0);
        set_delivery(&piece.message, work.delivery());
        if worker
            .post_message_with_transfer(&piece.message, &piece.transfer)
            .is_err()
        {
            return self.answer_here(lane, seq);
        }
        if let Some(at) = piece.next {
            let me = Rc::downgrade(self);
            wasm_bindgen_futures::spawn_local(post_rest(me, seq, work, at));
        }
    }

    /// Answer request `seq` of `lane` here, if it still waits.
    fn answer_here(&self, lane: u8, seq: u32) {
        let work = self.waiting.borrow().get(seq).map(|(_, w)| w.clone());
        if let Some(work) = work {
            self.waiting.borrow_mut().answered(lane, seq);
            work.here();
        }
    }

    /// A message from the worker: the answer to the request it names.
    fn on_message(&self, data: JsValue) {
        if field(&data, "ready").is_truthy() {
            return self.ready.set(true);
        }
        let Some(seq) = field(&data, "seq").as_f64() else {
            return (self.unasked)(&data);
        };
        let seq = seq as u32;
        // Out of the ledger's borrow: telling the asker may ask anew.
        let Some((lane, work)) = self.waiting.borrow().get(seq).map(|(l, w)| (l, w.clone())) else {
            return; // superseded
        };
        if work.answered(&data) {
            self.waiting.borrow_mut().answered(lane, seq);
        }
    }

    /// The worker failed (it could not load its script or the core): the
    /// page's thread answers what waited, and all from now on.
    fn failed(&self) {
        self.here_only.set(true);
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.terminate();
        }
        let waiting = self.waiting.borrow_mut().restarted();
        for (_, _, work) in waiting {
            work.here();
        }
    }
}

/// Post the pieces of request `seq` from `at`, pausing for the page
/// between tasks; the worker joins them. Stops once the request no longer
/// waits (superseded, or answered here after the worker failed).
async fn post_rest(me: Weak<Inner>, seq: u32, work: Rc<dyn Work>, mut at: usize) {
    let mut pacer = crate::task::Pacer::new();
    loop {
        pacer.pause().await;
        let Some(me) = me.upgrade() else {
            return;
        };
        let worker = me.worker.borrow().clone();
        let (Some(worker), true) = (worker, me.waiting.borrow().get(seq).is_some()) else {
            return;
        };
        let piece = work.piece(seq, at);
        set_delivery(&piece.message, work.delivery());
        if worker
            .post_message_with_transfer(&piece.message, &piece.transfer)
            .is_err()
        {
            return me.answer_here(work.lane(), seq);
        }
        match piece.next {
            Some(next) => at = next,
            None => return,
        }
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        // (The element's bundle starts no worker, so has none to end.)
        if let (true, Some(worker)) = (cfg!(feature = "page"), self.worker.get_mut().take()) {
            worker.terminate();
        }
    }
}

#[cfg(test)]
mod tests {
    //! The channel's fallbacks, in the browser: a worker whose script
    //! cannot load, the page's thread answering, and a restart.
    use super::*;
    use crate::wait::until_with;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    /// What the probes did, in order.
    type Log = Rc<RefCell<Vec<String>>>;

    /// A request that says where it was answered.
    struct Probe {
        name: &'static str,
        lane: u8,
        every: bool,
        again: bool,
        log: Log,
    }

    impl Work for Probe {
        fn lane(&self) -> u8 {
            self.lane
        }
        fn delivery(&self) -> Delivery {
            match self.every {
                true => Delivery::Every,
                false => Delivery::Newest,
            }
        }
        fn piece(&self, seq: u32, _at: usize) -> MessagePiece {
            let message = js_sys::Object::new();
            set(&message, "seq", &seq.into());
            MessagePiece::whole(message)
        }
        fn answered(&self, _data: &JsValue) -> bool {
            self.log.borrow_mut().push(format!("worker {}", self.name));
            true
        }
        fn here(&self) {
            self.log.borrow_mut().push(format!("here {}", self.name));
        }
        fn ask_again(&self) -> bool {
            self.again
        }
    }

    impl Script for Probe {
        /// No such script: the worker starts, then fails to load it.
        const SCRIPT: &'static str = "no-such-worker.js";
    }

    /// A probe named `name` in `lane` (`every`: the lane keeps all).
    fn probe(log: &Log, name: &'static str, lane: u8, every: bool) -> Probe {
        let (log, again) = (log.clone(), !name.starts_with("cancelled"));
        Probe {
            name,
            lane,
            every,
            again,
            log,
        }
    }

    /// The log once it holds `n` entries.
    async fn logged(log: &Log, n: usize) -> Vec<String> {
        until_with("the answers", || log.borrow().clone(), |l| l.len() >= n).await
    }

    #[wasm_bindgen_test]
    async fn a_failed_worker_leaves_the_newest_of_each_lane_and_every_kept_request_to_the_page() {
        let (log, channel) = (Log::default(), Channel::<Probe>::new());
        for (name, lane, every) in [
            ("old", 0, false),
            ("new", 0, false),
            ("op1", 1, true),
            ("op2", 1, true),
        ] {
            channel.ask(probe(&log, name, lane, every));
        }
        assert_eq!(*log.borrow(), Vec::<String>::new(), "asked of the worker");
        assert_eq!(logged(&log, 3).await, ["here new", "here op1", "here op2"]);
        // From then on, the page's thread answers at once.
        channel.ask(probe(&log, "later", 0, false));
        assert_eq!(log.borrow().last().map(String::as_str), Some("here later"));
    }

    #[wasm_bindgen_test]
    async fn a_restart_asks_again_what_waited_except_what_its_asker_cancelled() {
        let (log, channel) = (Log::default(), Channel::<Probe>::new());
        channel.ask(probe(&log, "compare", 2, false));
        channel.ask(probe(&log, "cancelled analysis", 0, false));
        channel.restart();
        // The new worker fails too, and the page answers what it was asked.
        assert_eq!(logged(&log, 1).await, ["here compare"]);
        gloo::timers::future::TimeoutFuture::new(200).await;
        assert_eq!(*log.borrow(), ["here compare"], "the analysis is not asked");
    }

    #[wasm_bindgen_test]
    fn a_channel_on_the_pages_thread_answers_at_once() {
        let (log, channel) = (Log::default(), Channel::<Probe>::here_only());
        channel.ask(probe(&log, "one", 0, false));
        channel.start();
        channel.ask(probe(&log, "two", 0, false));
        assert_eq!(*log.borrow(), ["here one", "here two"]);
    }
}
