//! The set workbench off the main thread: `static/setops-worker.js` loads
//! the same wasm core from `pkg/` and answers each [`Job`] with an
//! [`JobAnswer`] (`setopsForPage`). Two 16 384-node documents take longer than
//! a frame to combine, so the page only posts and draws. Where no worker
//! can run (the in-browser component tests serve no `static/`), or it
//! fails, the job runs on this thread instead.

use crate::channel::{field, set, Channel, MessagePiece, Script, Work};
use rscope_core::inflight::Delivery;
use rscope_core::setops::job::{Job, JobAnswer};
use rscope_core::tabs::Text;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// Told each answer, with the first parts of its result's analysis when
/// the worker sent them.
pub type JobTold = Rc<dyn Fn(JobAnswer, Vec<JsValue>)>;

/// A job for the set worker: the job, its texts (one per tab of
/// `job.tabs`, in order, then those beside them: [`Job::fill`]) and whom
/// to tell.
pub struct SetopsAsk {
    job: Job,
    texts: Vec<Text>,
    told: JobTold,
}

/// The set workbench's worker channel.
pub type SetopsWorker = Channel<SetopsAsk>;

/// The texts as bytes in buffers handed over: a copy, never a decoding,
/// on this thread.
fn bytes_of<'a>(texts: impl Iterator<Item = &'a Text>) -> (js_sys::Array, js_sys::Array) {
    let (bytes, buffers) = (js_sys::Array::new(), js_sys::Array::new());
    for t in texts {
        let b = js_sys::Uint8Array::from(t.as_bytes());
        buffers.push(&b.buffer());
        bytes.push(&b);
    }
    (bytes, buffers)
}

impl Script for SetopsAsk {
    const SCRIPT: &'static str = "static/setops-worker.js";
}

impl Work for SetopsAsk {
    /// One lane: the newest job wins.
    fn lane(&self) -> u8 {
        0
    }

    fn piece(&self, seq: u32, _at: usize) -> MessagePiece {
        let message = js_sys::Object::new();
        let (bytes, buffers) = bytes_of(self.texts.iter());
        set(&message, "seq", &seq.into());
        let job = serde_wasm_bindgen::to_value(&self.job).unwrap_or(JsValue::NULL);
        set(&message, "job", &job);
        set(&message, "texts", &bytes);
        MessagePiece::handing(message, buffers)
    }

    fn answered(&self, data: &JsValue) -> bool {
        let early = field(data, "early");
        let early = match early.is_object() {
            true => js_sys::Array::from(&early).to_vec(),
            false => Vec::new(),
        };
        (self.told)(read_answer(data.clone()), early);
        true
    }

    fn here(&self) {
        (self.told)(here(self.job.clone(), &self.texts), Vec::new());
    }
}

impl Channel<SetopsAsk> {
    /// Have the worker read `texts` now, before a job needs them.
    pub fn prepare(&self, texts: &[Text]) {
        // Each read-ahead holds texts of its own: the worker reads them all.
        self.read_ahead(texts, Delivery::Every, &|new| {
            let (bytes, buffers) = bytes_of(new.iter().copied());
            let message = js_sys::Object::new();
            set(&message, "prepare", &bytes);
            MessagePiece::handing(message, buffers)
        });
    }

    /// Run `job` over `texts` (as [`SetopsAsk`] holds them), in
    /// the worker when there is one; `told` is told the answer.
    pub fn post(&self, job: Job, texts: Vec<Text>, told: &JobTold) {
        let told = told.clone();
        self.ask(SetopsAsk { job, texts, told });
    }
}

/// The worker's answer, its result text read from the UTF-8 bytes it
/// came in (`textBytes`).
fn read_answer(data: JsValue) -> JobAnswer {
    let bytes = js_sys::Reflect::get(&data, &"textBytes".into())
        .ok()
        .filter(|b| b.is_object())
        .map(|b| js_sys::Uint8Array::new(&b).to_vec());
    let mut answer =
        serde_wasm_bindgen::from_value::<JobAnswer>(data).unwrap_or_else(|e| JobAnswer {
            message: format!("the set worker answered in a form the page cannot read: {e}"),
            refused: true,
            ..JobAnswer::default()
        });
    if let Some(bytes) = bytes {
        match String::from_utf8(bytes) {
            Ok(text) => answer.text = Some(text),
            Err(e) => {
                answer.message = format!("the set worker's result is not UTF-8: {e}");
                answer.refused = true;
            }
        }
    }
    answer
}

/// Run `job` on this thread with its texts filled in.
fn here(mut job: Job, texts: &[Text]) -> JobAnswer {
    job.fill(texts.iter().map(|t| t.to_string()));
    rscope_core::system::run_job(&job, &|_, _| None).0
}
