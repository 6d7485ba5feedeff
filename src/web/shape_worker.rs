//! Fit off the main thread: a Web Worker (`static/shape-worker.js`) loads
//! the same wasm core and answers with what `rscope.fit` returns, so a
//! 16 384-node R is read without blocking the page. Where no worker can
//! start, [`here`] answers on this thread with the same core calls.

use crate::alloc::answer::{answer, request_of, FitError};
use crate::alloc::Policy;
use crate::shape::print::place;
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

/// The page's side of the worker, started on first use.
struct Fitter {
    worker: Option<Worker>,
    jobs: Rc<RefCell<Vec<(u32, Job)>>>,
    seq: u32,
    _closures: Vec<Closure<dyn FnMut(JsValue)>>,
}

thread_local! {
    static FITTER: RefCell<Option<Fitter>> = const { RefCell::new(None) };
}

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
        let jobs = Rc::new(RefCell::new(Vec::<(u32, Job)>::new()));
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let Ok(worker) = Worker::new_with_options("static/shape-worker.js", &options) else {
            return Fitter {
                worker: None,
                jobs,
                seq: 0,
                _closures: Vec::new(),
            };
        };
        let on_message = {
            let jobs = jobs.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let data = e.unchecked_into::<MessageEvent>().data();
                let get = |k: &str| js_sys::Reflect::get(&data, &k.into()).unwrap_or_default();
                let seq = get("seq").as_f64().unwrap_or(-1.0) as u32;
                let job = take(&jobs, seq);
                if let Some(job) = job {
                    job.done.emit(read(&get("answer"), &get("error")));
                }
            })
        };
        // A worker that cannot start answers its jobs here.
        let on_error = {
            let jobs = jobs.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                e.unchecked_into::<web_sys::Event>().prevent_default();
                for (_, job) in jobs.borrow_mut().drain(..) {
                    job.done.emit(here(&job.shape, &job.r, job.policy));
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Fitter {
            worker: Some(worker),
            jobs,
            seq: 0,
            _closures: vec![on_message, on_error],
        }
    }

    fn post(&mut self, job: Job) {
        let Some(worker) = &self.worker else {
            job.done.emit(here(&job.shape, &job.r, job.policy));
            return;
        };
        self.seq = self.seq.wrapping_add(1);
        let message = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&message, &k.into(), &v);
        let _ = set("seq", self.seq.into());
        let _ = set("shape", job.shape.as_str().into());
        let _ = set("r", JsValue::from_str(&job.r));
        let _ = set("policy", job.policy.to_string().into());
        self.jobs.borrow_mut().push((self.seq, job.clone()));
        if worker.post_message(&message).is_err() {
            take(&self.jobs, self.seq);
            job.done.emit(here(&job.shape, &job.r, job.policy));
        }
    }
}

/// Remove and return job `seq`.
fn take(jobs: &RefCell<Vec<(u32, Job)>>, seq: u32) -> Option<Job> {
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
