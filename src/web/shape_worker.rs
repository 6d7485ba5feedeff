//! Fit off the main thread: a Web Worker (`static/shape-worker.js`) loads
//! the same wasm core and answers with what `rscope.fit` returns, so a
//! 16 384-node R is read without blocking the page. Where no worker can
//! start, [`here`] answers on this thread with the same core calls.

use crate::fit::answer::{answer, request_of, FitError};
use crate::fit::queue::session::{QueueOp, QueueReply, QueueSession};
use crate::fit::Policy;
use crate::shape::print::{place, ExpandAsk, Expanded, Shown};
use crate::tabs::Text;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

/// What the page shows of a fit.
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// `now`, `notnow` or `never`.
    pub status: String,
    /// The answer in words.
    pub reason: String,
    /// The allocation's short form, when it fits now.
    pub short: Option<String>,
    /// The allocation as `rscope fit --r` prints it, when it fits now.
    pub r: Option<String>,
}

/// A fit, or why there is none (a bad shape or R), in words.
pub type FitResult = Result<Fitted, String>;

/// One fit to do: the shape, the R's text and the policy.
#[derive(Clone)]
struct Job {
    shape: String,
    r: Text,
    policy: Policy,
    done: Callback<FitResult>,
}

/// Fit on this thread, with the calls `rscope fit` makes.
pub fn here(shape: &str, r: &str, policy: Policy) -> FitResult {
    let request = request_of(shape, None).map_err(|e| match e {
        FitError::Shape(e) => place(shape, &e).located(),
        FitError::Other(why) => why,
    })?;
    let a = answer(&request, r, policy)?;
    Ok(Fitted {
        status: a.status.as_str().to_string(),
        short: a.short(),
        r: a.r_document(),
        reason: a.words,
    })
}

/// A question sent to the worker, waiting for its answer.
#[derive(Clone)]
enum Pending {
    Fit(Job),
    Queue(QueueOp, Callback<QueueReply>),
    Expand(ExpandAsk, Callback<Expanded>),
}

impl Pending {
    /// Answer on this thread (no worker, or it failed).
    fn answer_here(self) {
        match self {
            Pending::Fit(job) => job.done.emit(here(&job.shape, &job.r, job.policy)),
            Pending::Queue(op, done) => done.emit(queue_here(op, true)),
            Pending::Expand(ask, done) => done.emit(ask.show()),
        }
    }
}

/// The page's side of the worker, started on first use.
struct Fitter {
    worker: Option<Worker>,
    jobs: Rc<RefCell<Vec<(u32, Pending)>>>,
    seq: u32,
    /// The R last sent to be read ahead of a fit ([`warm`]).
    prepared: Option<Text>,
    _closures: Vec<Closure<dyn FnMut(JsValue)>>,
}

thread_local! {
    static FITTER: RefCell<Option<Fitter>> = const { RefCell::new(None) };
}

/// Start the shape worker if it has not started, and have it read `r`,
/// so the first long shape or fit waits neither for the worker to load
/// the core nor for it to read the R: the page calls this when a person
/// reaches the shape panel, before they type.
pub fn warm(r: &Text) {
    FITTER.with(|f| {
        f.borrow_mut().get_or_insert_with(Fitter::start).prepare(r);
    });
}

/// Texts larger than this are not read ahead on a mere hover: handing
/// one to the worker takes the page's thread about 3 ms a megabyte.
const PREPARE_MAX_BYTES: usize = 16 << 20;

/// Fit `shape` into `r` under `policy` off this thread; `done` is told
/// the answer.
pub fn fit(shape: String, r: Text, policy: Policy, done: Callback<FitResult>) {
    let job = Job {
        shape,
        r,
        policy,
        done,
    };
    FITTER.with(|f| {
        let mut f = f.borrow_mut();
        f.get_or_insert_with(Fitter::start).post(job);
    });
}

impl Fitter {
    fn start() -> Fitter {
        let jobs = Rc::new(RefCell::new(Vec::<(u32, Pending)>::new()));
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options("static/shape-worker.js", &options) else {
            return Fitter {
                worker: None,
                jobs,
                seq: 0,
                prepared: None,
                _closures: Vec::new(),
            };
        };
        let on_message = {
            let jobs = jobs.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let data = e.unchecked_into::<MessageEvent>().data();
                let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or_default();
                let seq = get("seq").as_f64().unwrap_or(-1.0) as u32;
                match take(&jobs, seq) {
                    Some(Pending::Fit(job)) => job.done.emit(read(&get("answer"), &get("error"))),
                    Some(Pending::Queue(_, done)) => done.emit(read_queue(&get("queue"))),
                    Some(Pending::Expand(_, done)) => {
                        // No answer: a newer shape was typed meanwhile.
                        if let Some(shown) = read_bytes(&get("expand")) {
                            done.emit(shown);
                        }
                    }
                    None => {}
                }
            })
        };
        // A worker that cannot start answers its jobs here.
        let on_error = {
            let jobs = jobs.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                e.unchecked_into::<web_sys::Event>().prevent_default();
                let waiting: Vec<_> = jobs.borrow_mut().drain(..).collect();
                for (_, pending) in waiting {
                    pending.answer_here();
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Fitter {
            worker: Some(worker),
            jobs,
            seq: 0,
            prepared: None,
            _closures: vec![on_message, on_error],
        }
    }

    fn post(&mut self, job: Job) {
        let message = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&message, &k.into(), &v);
        let _ = set("shape", job.shape.as_str().into());
        let _ = set("r", JsValue::from_str(&job.r));
        let _ = set("policy", job.policy.to_string().into());
        self.send(message, Pending::Fit(job));
    }

    /// Have the worker read `r` now, unless it was the last one sent.
    fn prepare(&mut self, r: &Text) {
        let (Some(worker), false) = (&self.worker, self.prepared.as_ref() == Some(r)) else {
            return;
        };
        if r.len() > PREPARE_MAX_BYTES {
            return;
        }
        self.prepared = Some(r.clone());
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"prepare".into(), &JsValue::from_str(r));
        let _ = worker.post_message(&message);
    }

    fn post_queue(&mut self, op: QueueOp, done: Callback<QueueReply>) {
        let message = js_sys::Object::new();
        let bytes = postcard::to_allocvec(&op).unwrap_or_default();
        let bytes = js_sys::Uint8Array::from(&bytes[..]);
        let _ = js_sys::Reflect::set(&message, &"queue".into(), &bytes);
        self.send(message, Pending::Queue(op, done));
    }

    fn post_expand(&mut self, ask: ExpandAsk, done: Callback<Expanded>) {
        let message = js_sys::Object::new();
        let bytes = postcard::to_allocvec(&ask).unwrap_or_default();
        let bytes = js_sys::Uint8Array::from(&bytes[..]);
        let _ = js_sys::Reflect::set(&message, &"expand".into(), &bytes);
        self.send(message, Pending::Expand(ask, done));
    }

    /// Post `message` with a new sequence number, or answer here.
    fn send(&mut self, message: js_sys::Object, pending: Pending) {
        let Some(worker) = &self.worker else {
            pending.answer_here();
            return;
        };
        self.seq = self.seq.wrapping_add(1);
        let _ = js_sys::Reflect::set(&message, &"seq".into(), &self.seq.into());
        self.jobs.borrow_mut().push((self.seq, pending));
        if worker.post_message(&message).is_err() {
            if let Some(pending) = take(&self.jobs, self.seq) {
                pending.answer_here();
            }
        }
    }
}

/// A worker's answer in postcard bytes, when there is one.
fn read_bytes<T: serde::de::DeserializeOwned>(bytes: &JsValue) -> Option<T> {
    let bytes = bytes.dyn_ref::<js_sys::Uint8Array>()?.to_vec();
    postcard::from_bytes(&bytes).ok()
}

/// The worker's queue reply (postcard bytes) as a [`QueueReply`].
fn read_queue(bytes: &JsValue) -> QueueReply {
    let bytes = bytes
        .dyn_ref::<js_sys::Uint8Array>()
        .map(js_sys::Uint8Array::to_vec)
        .unwrap_or_default();
    postcard::from_bytes(&bytes)
        .unwrap_or_else(|e| QueueReply::refused(format!("the queue's answer did not decode: {e}")))
}

/// Remove and return question `seq`.
fn take(jobs: &RefCell<Vec<(u32, Pending)>>, seq: u32) -> Option<Pending> {
    let mut jobs = jobs.borrow_mut();
    let i = jobs.iter().position(|(s, _)| *s == seq)?;
    Some(jobs.remove(i).1)
}

/// The worker's answer object (or error message) as a [`FitResult`].
fn read(answer: &JsValue, error: &JsValue) -> FitResult {
    if let Some(e) = error.as_string() {
        return Err(e);
    }
    let get = |k: &str| js_sys::Reflect::get(answer, &k.into()).unwrap_or_default();
    Ok(Fitted {
        status: get("status").as_string().unwrap_or_default(),
        reason: get("reason").as_string().unwrap_or_default(),
        short: get("short").as_string(),
        r: get("R").as_string(),
    })
}

thread_local! {
    static QUEUE: RefCell<QueueSession> = const { RefCell::new(QueueSession::new()) };
}

/// Do `op` on this thread's queue ([`QueueSession::apply`]); `view`: say
/// the whole view after it.
pub fn queue_here(op: QueueOp, view: bool) -> QueueReply {
    QUEUE.with(|q| q.borrow_mut().apply(op, view))
}

/// The worker's entry point for the queue: an operation in, the reply out,
/// both in postcard's binary form; `view`: say the whole view (the last
/// operation of a burst).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = queueStep, skip_typescript))]
pub fn queue_step(op: &[u8], view: bool) -> Vec<u8> {
    let reply = match postcard::from_bytes::<QueueOp>(op) {
        Ok(op) => queue_here(op, view),
        Err(e) => QueueReply::refused(format!("a queue operation did not decode: {e}")),
    };
    postcard::to_allocvec(&reply).unwrap_or_default()
}

/// Do `op` on the worker's queue (here, where no worker runs); `done` is
/// told the reply. Operations are answered in the order they are sent.
pub fn queue(op: QueueOp, done: Callback<QueueReply>) {
    FITTER.with(|f| {
        let mut f = f.borrow_mut();
        f.get_or_insert_with(Fitter::start).post_queue(op, done);
    });
}

/// The worker's entry point for expansion: an [`ExpandAsk`] in, an
/// [`Expanded`] out, both in postcard's binary form.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = expandShape, skip_typescript))]
pub fn expand_shape(ask: &[u8]) -> Vec<u8> {
    let expanded = match postcard::from_bytes::<ExpandAsk>(ask) {
        Ok(ask) => ask.show(),
        Err(e) => Expanded {
            shown: Shown::Error {
                before: String::new(),
                marked: " ".into(),
                after: String::new(),
                located: format!("the shape did not reach the worker: {e}"),
            },
            left: 0,
        },
    };
    postcard::to_allocvec(&expanded).unwrap_or_default()
}

/// The worker's warm-up: expand a 3 000-vertex shape, as JSON (`step`
/// even) or YAML, and drop the text. V8 runs wasm in its baseline tier
/// first and optimizes a function only once it has run for a while, and a
/// call already running never switches tier; so the first long shape a
/// person typed took 35-50 ms to expand in the worker, the next ones 6-10
/// (issue 14's budget for a 10 000-vertex shape, typing to drawing, is
/// 50 ms). `static/shape-worker.js` calls this a few times while it has
/// nothing else to do.
#[cfg(feature = "page")]
#[wasm_bindgen(js_name = warmShape, skip_typescript)]
pub fn warm_shape(step: u32) {
    const PARTS: [&str; 3] = ["core=2", "gpu", "socket/core=4"];
    let parts: Vec<&str> = (0..3000).map(|i| PARTS[i % PARTS.len()]).collect();
    let ask = ExpandAsk {
        text: format!("node=2/slot=4/[{}]", parts.join(";")),
        yaml: step % 2 == 1,
        rangedict: false,
        wrap: false,
        label: "task".into(),
        head: None,
    };
    ask.show();
}

/// Expand a long shape off this thread (here, where no worker runs);
/// `done` is told the answer, unless a newer shape was asked for before
/// the worker got to this one.
pub fn expand(ask: ExpandAsk, done: Callback<Expanded>) {
    FITTER.with(|f| {
        let mut f = f.borrow_mut();
        f.get_or_insert_with(Fitter::start).post_expand(ask, done);
    });
}
