//! The set workbench off the main thread: `static/setops-worker.js` loads
//! the same wasm core from `pkg/` and answers each [`Job`] with an
//! [`Answer`] (`setopsForPage`). Two 16 384-node documents take longer than
//! a frame to combine, so the page only posts and draws. Where no worker
//! can run (the in-browser component tests serve no `static/`), or it
//! fails, the job runs on this thread instead.

use crate::setops::job::{self, Answer, Job};
use crate::tabs::Text;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// A job in flight and its texts.
type Pending = (Job, Vec<Text>);

/// The page's side of the set workbench's worker.
pub struct SetopsWorker {
    worker: Option<Worker>,
    /// The job in flight and its texts, kept to run here if the worker fails.
    pending: Rc<RefCell<Option<Pending>>>,
    on_answer: Rc<dyn Fn(Answer, Vec<JsValue>)>,
    /// The texts last sent to be read ahead ([`SetopsWorker::prepare`]).
    prepared: RefCell<Vec<Text>>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

impl SetopsWorker {
    /// Start the worker; `on_answer` is told each answer, with the first
    /// parts of its result's analysis when the worker sent them.
    pub fn new(on_answer: impl Fn(Answer, Vec<JsValue>) + 'static) -> SetopsWorker {
        let on_answer: Rc<dyn Fn(Answer, Vec<JsValue>)> = Rc::new(on_answer);
        let pending = Rc::new(RefCell::new(None::<Pending>));
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options("static/setops-worker.js", &options) else {
            return SetopsWorker {
                worker: None,
                pending,
                on_answer,
                prepared: RefCell::default(),
                _on_message: None,
                _on_error: None,
            };
        };
        let on_message = {
            let (answer, pending) = (on_answer.clone(), pending.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                *pending.borrow_mut() = None;
                let data = e.data();
                let early = js_sys::Reflect::get(&data, &"early".into())
                    .ok()
                    .filter(|p| p.is_object())
                    .map(|p| js_sys::Array::from(&p).to_vec())
                    .unwrap_or_default();
                answer(read_answer(data), early);
            })
        };
        let on_error = {
            let (answer, pending) = (on_answer.clone(), pending.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                if let Some((job, texts)) = pending.borrow_mut().take() {
                    answer(here(job, &texts), Vec::new());
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        SetopsWorker {
            worker: Some(worker),
            pending,
            on_answer,
            prepared: RefCell::default(),
            _on_message: Some(on_message),
            _on_error: Some(on_error),
        }
    }

    /// Have the worker read `texts` now, before a job needs them: those
    /// sent before are not sent again.
    pub fn prepare(&self, texts: &[Text]) {
        let Some(worker) = &self.worker else {
            return;
        };
        let mut sent = self.prepared.borrow_mut();
        let new: Vec<&Text> = texts.iter().filter(|t| !sent.contains(t)).collect();
        if new.is_empty() {
            return;
        }
        let (message, buffers, bytes) = (
            js_sys::Object::new(),
            js_sys::Array::new(),
            js_sys::Array::new(),
        );
        for t in &new {
            let b = js_sys::Uint8Array::from(t.as_bytes());
            buffers.push(&b.buffer());
            bytes.push(&b);
        }
        let _ = js_sys::Reflect::set(&message, &"prepare".into(), &bytes);
        if worker
            .post_message_with_transfer(&message, &buffers)
            .is_ok()
        {
            *sent = texts.to_vec();
        }
    }

    /// Run `job` over `texts` (one per tab of `job.tabs`, in order), in
    /// the worker when there is one. The texts cross as bytes in
    /// transferred buffers: a copy, never a decoding, on this thread.
    pub fn post(&self, job: Job, texts: Vec<Text>) {
        let Some(worker) = &self.worker else {
            (self.on_answer)(here(job, &texts), Vec::new());
            return;
        };
        let (message, buffers) = (js_sys::Object::new(), js_sys::Array::new());
        let bytes = js_sys::Array::new();
        for t in &texts {
            let b = js_sys::Uint8Array::from(t.as_bytes());
            buffers.push(&b.buffer());
            bytes.push(&b);
        }
        let Ok(j) = serde_wasm_bindgen::to_value(&job) else {
            (self.on_answer)(here(job, &texts), Vec::new());
            return;
        };
        let _ = js_sys::Reflect::set(&message, &"job".into(), &j);
        let _ = js_sys::Reflect::set(&message, &"texts".into(), &bytes);
        *self.pending.borrow_mut() = Some((job, texts));
        if worker
            .post_message_with_transfer(&message, &buffers)
            .is_err()
        {
            if let Some((job, texts)) = self.pending.borrow_mut().take() {
                (self.on_answer)(here(job, &texts), Vec::new());
            }
        }
    }
}

/// The worker's answer, its result text read from the UTF-8 bytes it
/// came in (`textBytes`).
fn read_answer(data: JsValue) -> Answer {
    let bytes = js_sys::Reflect::get(&data, &"textBytes".into())
        .ok()
        .filter(|b| b.is_object())
        .map(|b| js_sys::Uint8Array::new(&b).to_vec());
    let mut answer = serde_wasm_bindgen::from_value::<Answer>(data).unwrap_or_else(|e| Answer {
        message: format!("the set worker answered in a form the page cannot read: {e}"),
        refused: true,
        ..Answer::default()
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
fn here(mut job: Job, texts: &[Text]) -> Answer {
    for ((_, slot), t) in job.tabs.iter_mut().zip(texts) {
        *slot = t.to_string();
    }
    job::run(&job)
}

impl Drop for SetopsWorker {
    fn drop(&mut self) {
        if let Some(w) = &self.worker {
            w.terminate();
        }
    }
}
