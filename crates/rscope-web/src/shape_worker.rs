//! Fit off the main thread: a Web Worker (`static/shape-worker.js`) loads
//! the same wasm core and answers with what `rscope.fit` returns, so a
//! 16 384-node R is read without blocking the page. Where no worker can
//! start, [`here`] answers on this thread with the same core calls. The
//! page holds the channel ([`Shapes`]) and gives it through a context.

use crate::channel::{field, set, Channel, MessagePiece, Script, Work};
use rscope_core::commands::graph;
use rscope_core::commands::r::{TopologyAsk, TopologyView};
use rscope_core::fit::answer::{request_of, FitError};
use rscope_core::fit::queue::session::{QueueOp, QueueReply, QueueSession};
use rscope_core::fit::Policy;
use rscope_core::inflight::Delivery;
use rscope_core::shape::print::{place, ExpandAsk, Expanded, ShapeShown};
use rscope_core::system::displace::{displacing_with, fit_displacing, Displaced};
use rscope_core::system::printed::{show_part, SystemAsk, SystemShown, SystemText};
use rscope_core::system::queue_text_with;
use rscope_core::tabs::Text;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
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
    /// The allocation as `rscope fit --r` prints it, when it fits now or
    /// fits by displacing jobs.
    pub r: Option<String>,
    /// The running jobs that would make way ([`FitHow::displace`]).
    pub displaced: Vec<Displaced>,
}

/// A fit, or why there is none (a bad shape or R), in words.
pub type FitResult = Result<Fitted, String>;

/// How to fit: the policy, the constraint (`--requires`) and what the
/// system holds beside the document.
#[derive(Clone, Debug, PartialEq)]
pub struct FitHow {
    /// The node order.
    pub policy: Policy,
    /// Only nodes matching this RFC 31 constraint (a query or JSON).
    pub requires: Option<String>,
    /// The other documents of the tab's system and its configuration
    /// ([`rscope_core::tabs::Doc::beside`]): what payloads say is down,
    /// drained or allocated is not free now; the configuration's
    /// exclusions apply, and its resources when the tab has none.
    pub beside: Rc<Vec<(String, Text)>>,
    /// Name the running jobs that would make way when the request does
    /// not fit now (`rscope fit --displace`): the tab's system has a job
    /// list with running jobs.
    pub displace: bool,
}

/// Fit on this thread, with the calls `rscope fit` makes (`requires` as
/// its `--requires`), into the system of `r` and the configuration.
pub fn here(shape: &str, r: &str, how: &FitHow) -> FitResult {
    let (policy, requires) = (how.policy, how.requires.as_deref());
    let request = request_of(shape, requires).map_err(|e| match e {
        FitError::Shape(e) => place(shape, &e).located(),
        FitError::Other(why) => why,
    })?;
    let others: Vec<(&str, &str)> = (how.beside.iter())
        .map(|(name, text)| (name.as_str(), &**text))
        .collect();
    let sets = displacing_with(r, &others, "")?;
    let d = fit_displacing(&request, &sets, policy, how.displace)?;
    let (a, displaced) = (d.fit, d.displaced);
    Ok(Fitted {
        status: a.status.as_str().to_string(),
        short: a.short(),
        r: a.r_document(),
        reason: a.words,
        displaced,
    })
}

/// The documents `beside` as the JS API's `fit` takes them: an array of
/// `{name, text}` (a configuration among them is read as one by its
/// content, as the `config` option is).
fn documents(beside: &[(String, Text)]) -> JsValue {
    let all = js_sys::Array::new();
    for (name, text) in beside {
        let d = js_sys::Object::new();
        set(&d, "name", &name.as_str().into());
        set(&d, "text", &JsValue::from_str(text));
        all.push(&d);
    }
    all.into()
}

/// A question for the shape worker, with whom to tell its answer.
pub enum ShapeAsk {
    /// Fit a shape into an R's text under a policy.
    Fit {
        /// The shape.
        shape: String,
        /// The R's text.
        r: Text,
        /// The policy, the constraint and the configuration.
        how: FitHow,
        /// Told the fit.
        done: Callback<FitResult>,
    },
    /// One operation on the queue the worker holds.
    Queue(QueueOp, Callback<QueueReply>),
    /// Expand a long shape.
    Expand(ExpandAsk, Callback<Expanded>),
    /// Read an hwloc topology for its panel, with the R its fields make.
    Topology(TopologyAsk, Callback<TopologyView>),
    /// The JGF graph Fluxion's hwloc reader builds from a topology's XML
    /// (or why there is none), for a new tab.
    Graph(String, Callback<String>),
    /// A text of a tab's system: what `rscope system` or `flux resource`
    /// prints for it.
    System(SystemAsk, Callback<SystemShown>),
}

/// The shape worker's lanes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum ShapeLane {
    /// Fits, each answered.
    Fit,
    /// Queue operations, each answered in order.
    Queue,
    /// Expansions: only the newest waits.
    Expand,
    /// Topologies read for their panel: only the newest waits.
    Topology,
    /// Graphs built from a topology, each answered.
    Graph,
    /// What `rscope system` prints of a tab's system: only the newest waits.
    SystemRead,
    /// What `flux resource` prints for a tab's system (a lane of its own:
    /// its section and Read as one system may be open at once, and each
    /// waits for its own answer): only the newest waits.
    SystemResource,
}

/// The shape worker's channel: fits, the queue, long shapes.
pub type Shapes = Channel<ShapeAsk>;

/// `value` in postcard's binary form, as bytes to hand over.
fn postcard_bytes<T: serde::Serialize>(value: &T) -> js_sys::Uint8Array {
    let bytes = postcard::to_allocvec(value).unwrap_or_default();
    js_sys::Uint8Array::from(&bytes[..])
}

impl Script for ShapeAsk {
    const SCRIPT: &'static str = "static/shape-worker.js";
}

impl Work for ShapeAsk {
    fn lane(&self) -> u8 {
        (match self {
            ShapeAsk::Fit { .. } => ShapeLane::Fit,
            ShapeAsk::Queue(..) => ShapeLane::Queue,
            ShapeAsk::Expand(..) => ShapeLane::Expand,
            ShapeAsk::Topology(..) => ShapeLane::Topology,
            ShapeAsk::Graph(..) => ShapeLane::Graph,
            ShapeAsk::System(ask, _) if ask.what == SystemText::Read => ShapeLane::SystemRead,
            ShapeAsk::System(..) => ShapeLane::SystemResource,
        }) as u8
    }

    fn delivery(&self) -> Delivery {
        match self {
            ShapeAsk::Expand(..) | ShapeAsk::Topology(..) | ShapeAsk::System(..) => {
                Delivery::Newest
            }
            ShapeAsk::Fit { .. } | ShapeAsk::Queue(..) | ShapeAsk::Graph(..) => Delivery::Every,
        }
    }

    fn piece(&self, seq: u32, _at: usize) -> MessagePiece {
        let message = js_sys::Object::new();
        set(&message, "seq", &seq.into());
        match self {
            ShapeAsk::Fit { shape, r, how, .. } => {
                set(&message, "shape", &shape.as_str().into());
                set(&message, "r", &JsValue::from_str(r));
                set(&message, "policy", &how.policy.to_string().into());
                if let Some(c) = &how.requires {
                    set(&message, "requires", &c.as_str().into());
                }
                if !how.beside.is_empty() {
                    set(&message, "documents", &documents(&how.beside));
                }
                if how.displace {
                    set(&message, "displace", &true.into());
                }
            }
            ShapeAsk::Queue(op, _) => set(&message, "queue", &postcard_bytes(op)),
            ShapeAsk::Expand(ask, _) => set(&message, "expand", &postcard_bytes(ask)),
            ShapeAsk::Topology(ask, _) => set(&message, "topology", &postcard_bytes(ask)),
            ShapeAsk::Graph(xml, _) => set(&message, "graph", &JsValue::from_str(xml)),
            // Each lane a field of its own: the worker keeps the newest
            // of each, not of both.
            ShapeAsk::System(ask, _) if ask.what == SystemText::Read => {
                set(&message, "systemRead", &postcard_bytes(ask))
            }
            ShapeAsk::System(ask, _) => set(&message, "system", &postcard_bytes(ask)),
        }
        MessagePiece::whole(message)
    }

    fn answered(&self, data: &JsValue) -> bool {
        match self {
            ShapeAsk::Fit { done, .. } => {
                done.emit(read(&field(data, "answer"), &field(data, "error")))
            }
            ShapeAsk::Queue(_, done) => done.emit(read_queue(&field(data, "queue"))),
            ShapeAsk::Expand(_, done) => {
                // No answer: a newer shape was typed meanwhile.
                if let Some(shown) = read_bytes(&field(data, "expand")) {
                    done.emit(shown);
                }
            }
            ShapeAsk::Topology(_, done) => {
                // No answer: a newer topology or field was typed meanwhile.
                if let Some(view) = read_bytes(&field(data, "topology")) {
                    done.emit(view);
                }
            }
            ShapeAsk::Graph(_, done) => {
                done.emit(field(data, "graph").as_string().unwrap_or_default())
            }
            ShapeAsk::System(_, done) => {
                // No answer: a newer question was asked meanwhile.
                if let Some(shown) = read_bytes(&field(data, "system")) {
                    done.emit(shown);
                }
            }
        }
        true
    }

    fn here(&self) {
        match self {
            ShapeAsk::Fit {
                shape,
                r,
                how,
                done,
            } => done.emit(here(shape, r, how)),
            ShapeAsk::Queue(op, done) => done.emit(queue_here(op.clone(), true)),
            ShapeAsk::Expand(ask, done) => done.emit(ask.show()),
            ShapeAsk::Topology(ask, done) => done.emit(ask.view()),
            ShapeAsk::Graph(xml, done) => done.emit(graph::from_hwloc_for_tab(xml)),
            ShapeAsk::System(ask, done) => done.emit(ask.show()),
        }
    }
}

impl Channel<ShapeAsk> {
    /// Start the worker if it has not started, and have it read `r` with
    /// what its system holds `beside` it, so the first long shape or fit
    /// waits neither for the worker to load the core nor for it to read
    /// the system: the page calls this when a person reaches the shape
    /// panel, before they type.
    pub fn warm(&self, r: &Text, beside: &[(String, Text)]) {
        self.start();
        if r.len() > PREPARE_MAX_BYTES {
            return;
        }
        // Only the newest system is worth reading ahead; one whose R is
        // read already is read again when a document beside it is new.
        let texts: Vec<Text> = std::iter::once(r.clone())
            .chain(beside.iter().map(|(_, t)| t.clone()))
            .collect();
        self.read_ahead(&texts, Delivery::Newest, &|_| {
            let message = js_sys::Object::new();
            set(&message, "prepare", &JsValue::from_str(r));
            if !beside.is_empty() {
                set(&message, "documents", &documents(beside));
            }
            MessagePiece::whole(message)
        });
    }

    /// Fit `shape` into the system of `r` and the configuration, under
    /// the policy, on the nodes the constraint allows ([`FitHow`]), off
    /// this thread; `done` is told the answer.
    pub fn fit(&self, shape: String, r: Text, how: FitHow, done: Callback<FitResult>) {
        self.ask(ShapeAsk::Fit {
            shape,
            r,
            how,
            done,
        });
    }

    /// Do `op` on the worker's queue (here, where no worker runs); `done`
    /// is told the reply. Operations are answered in the order they are
    /// sent.
    pub fn queue(&self, op: QueueOp, done: Callback<QueueReply>) {
        self.ask(ShapeAsk::Queue(op, done));
    }

    /// Expand a long shape off this thread (here, where no worker runs);
    /// `done` is told the answer, unless a newer shape was asked for before
    /// the worker got to this one.
    pub fn expand(&self, ask: ExpandAsk, done: Callback<Expanded>) {
        self.ask(ShapeAsk::Expand(ask, done));
    }

    /// Read an hwloc topology for its panel off this thread (here, where
    /// no worker runs); `done` is told the view, unless a newer one was
    /// asked for before the worker got to this one.
    pub fn topology(&self, ask: TopologyAsk, done: Callback<TopologyView>) {
        self.ask(ShapeAsk::Topology(ask, done));
    }

    /// Print a text of a tab's system off this thread (here, where no
    /// worker runs); `done` is told it, unless a newer one was asked for
    /// before the worker got to this one.
    pub fn system(&self, ask: SystemAsk, done: Callback<SystemShown>) {
        self.ask(ShapeAsk::System(ask, done));
    }

    /// Build the JGF graph of an hwloc topology off this thread (here,
    /// where no worker runs); `done` is told its text, or why there is none.
    pub fn hwloc_graph(&self, xml: String, done: Callback<String>) {
        self.ask(ShapeAsk::Graph(xml, done));
    }
}

/// Texts larger than this are not read ahead on a mere hover: handing
/// one to the worker takes the page's thread about 3 ms a megabyte.
const PREPARE_MAX_BYTES: usize = 16 << 20;

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
        displaced: displaced_of(&get("displaced")),
    })
}

/// The `displaced` array of `rscope.fit`'s answer (read by hand, as the
/// JS API writes it).
fn displaced_of(array: &JsValue) -> Vec<Displaced> {
    let Some(array) = array.dyn_ref::<js_sys::Array>() else {
        return Vec::new();
    };
    let text = |o: &JsValue, k: &str| {
        let v = js_sys::Reflect::get(o, &k.into()).unwrap_or_default();
        v.as_string().unwrap_or_default()
    };
    (array.iter())
        .map(|o| Displaced {
            id: text(&o, "id"),
            holds: text(&o, "holds"),
        })
        .collect()
}

thread_local! {
    static QUEUE: RefCell<QueueSession> = const { RefCell::new(QueueSession::new()) };
}

/// Do `op` on this thread's queue ([`QueueSession::apply`]); `view`: say
/// the whole view after it. A queue opens over any document with
/// resources: one the queue does not read as it is (a status payload, a
/// graph, a topology) is read as the system model reads it
/// ([`queue_text`]).
pub fn queue_here(op: QueueOp, view: bool) -> QueueReply {
    let op = match op {
        QueueOp::Open {
            r,
            policy,
            shapes,
            beside,
        } => match queue_text_with(&r, &pairs(&beside)) {
            Ok(text) => QueueOp::Open {
                r: text.into_owned(),
                policy,
                shapes,
                beside: Vec::new(),
            },
            Err(e) => return QUEUE.with(|q| q.borrow_mut().refuse_open(e)),
        },
        op => op,
    };
    QUEUE.with(|q| q.borrow_mut().apply(op, view))
}

/// Owned (name, text) pairs as the core reads them.
fn pairs(owned: &[(String, String)]) -> Vec<(&str, &str)> {
    owned
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect()
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

/// The worker's entry point for expansion: an [`ExpandAsk`] in, an
/// [`Expanded`] out, both in postcard's binary form.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = expandShape, skip_typescript))]
pub fn expand_shape(ask: &[u8]) -> Vec<u8> {
    let expanded = match postcard::from_bytes::<ExpandAsk>(ask) {
        Ok(ask) => ask.show(),
        Err(e) => Expanded {
            shown: ShapeShown::Error {
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

/// The worker's entry point for a topology panel: a [`TopologyAsk`] in,
/// its [`TopologyView`] out, both in postcard's binary form.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = topologyView, skip_typescript))]
pub fn topology_view(ask: &[u8]) -> Vec<u8> {
    let view = match postcard::from_bytes::<TopologyAsk>(ask) {
        Ok(ask) => ask.view(),
        Err(e) => {
            let why = format!("the topology did not reach the worker: {e}");
            TopologyView {
                read: Err(why.clone()),
                host: "localhost".into(),
                r: Err(why),
            }
        }
    };
    postcard::to_allocvec(&view).unwrap_or_default()
}

/// The worker's entry point for a text of a tab's system: a
/// [`SystemAsk`] in, its [`SystemShown`] out, both in postcard's binary
/// form ([`show_part`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = systemText, skip_typescript))]
pub fn system_text(ask: &[u8]) -> Vec<u8> {
    show_part(ask)
}

/// The worker's entry point for "Open Fluxion's graph": a topology's XML
/// in, the graph's JGF text (or why there is none) out.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = hwlocGraphForTab, skip_typescript))]
pub fn hwloc_graph_for_tab(xml: &str) -> String {
    graph::from_hwloc_for_tab(xml)
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
