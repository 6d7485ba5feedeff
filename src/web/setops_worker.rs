//! The set workbench off the main thread: `static/setops-worker.js` loads
//! the same wasm core from `pkg/` and answers each [`Job`] with an
//! [`Answer`] (`setopsForPage`). Two 16 384-node documents take longer than
//! a frame to combine, so the page only posts and draws. Where no worker
//! can run (the in-browser component tests serve no `static/`), or it
//! fails, the job runs on this thread instead.

use crate::setops::job::{self, Answer, Job};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The page's side of the set workbench's worker.
pub struct SetopsWorker {
    worker: Option<Worker>,
    /// The job in flight, kept to run here if the worker fails.
    pending: Rc<RefCell<Option<Job>>>,
    on_answer: Rc<dyn Fn(Answer)>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

impl SetopsWorker {
    /// Start the worker; `on_answer` is told each answer.
    pub fn new(on_answer: impl Fn(Answer) + 'static) -> SetopsWorker {
        let on_answer: Rc<dyn Fn(Answer)> = Rc::new(on_answer);
        let pending = Rc::new(RefCell::new(None::<Job>));
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options("static/setops-worker.js", &options) else {
            return SetopsWorker {
                worker: None,
                pending,
                on_answer,
                _on_message: None,
                _on_error: None,
            };
        };
        let on_message = {
            let (answer, pending) = (on_answer.clone(), pending.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                *pending.borrow_mut() = None;
                answer(
                    serde_wasm_bindgen::from_value(e.data()).unwrap_or_else(|e| Answer {
                        message: format!(
                            "the set worker answered in a form the page cannot read: {e}"
                        ),
                        refused: true,
                        ..Answer::default()
                    }),
                );
            })
        };
        let on_error = {
            let (answer, pending) = (on_answer.clone(), pending.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                if let Some(job) = pending.borrow_mut().take() {
                    answer(job::run(&job));
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        SetopsWorker {
            worker: Some(worker),
            pending,
            on_answer,
            _on_message: Some(on_message),
            _on_error: Some(on_error),
        }
    }

    /// Run `job`, in the worker when there is one.
    pub fn post(&self, job: Job) {
        let message = serde_wasm_bindgen::to_value(&job);
        match (&self.worker, message) {
            (Some(w), Ok(m)) => {
                *self.pending.borrow_mut() = Some(job);
                if w.post_message(&m).is_err() {
                    if let Some(job) = self.pending.borrow_mut().take() {
                        (self.on_answer)(job::run(&job));
                    }
                }
            }
            _ => (self.on_answer)(job::run(&job)),
        }
    }
}

impl Drop for SetopsWorker {
    fn drop(&mut self) {
        if let Some(w) = &self.worker {
            w.terminate();
        }
    }
}
