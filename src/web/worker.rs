//! The analysis off the main thread: a Web Worker (`static/worker.js`)
//! loads the same wasm core from `pkg/` and answers each text with what the
//! page draws of it ([`Drawn`], in postcard's binary form). Requests carry a sequence number;
//! the page keeps only the answer to its latest one, so a new paste or
//! keystroke supersedes the analysis in flight. Where no worker can run
//! (the in-browser component tests serve no `static/`), the page analyses
//! on its own thread instead, as it did before.
//!
//! In the worker, `static/channel.js` is the one dispatcher of all three
//! workers (this one, the set workbench's and the shape worker's): each
//! script names its lanes, and the dispatcher batches what arrives
//! together, lets the newest message of a lane win where the lane says
//! so, and hands answers' buffers over. Not gloo-worker or yew-agent:
//! they spawn a worker from a wasm entry point of their own and encode
//! every message with their codec, while these workers load the page's
//! own `pkg/` and hand byte buffers over in transfer lists (a 300 MB
//! document's analysis crosses without a copy), and the same work must
//! run on the page's thread where no worker can start (the
//! `<rscope-view>` element's host serves no worker script).

use crate::analysis::{member_part, Analysis, Drawn};
use crate::grid::compare::Named;
use crate::grid::compare_wire::compare_parts;
use crate::inflight::Inflight;
use crate::outline::Outline;
use crate::tabs::Text;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker's entry point: analyse `text` and say what the page draws of
/// it in binary parts ([`Drawn::to_parts`]) that the worker hands over
/// without a copy (their buffers are transferred). `early` is called with
/// the first part, the grid, as soon as it is laid out, so the page paints
/// it while the rest is computed; the other three are returned.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = analyzeForPage, skip_typescript))]
pub fn analyze_for_page(
    text: js_sys::JsString,
    early: &js_sys::Function,
) -> Vec<js_sys::Uint8Array> {
    let text = &crate::web::text::string_of(&text);
    let first = |parts: Vec<JsValue>| {
        let _ = early.call1(&JsValue::NULL, &js_sys::Array::from_iter(parts));
    };
    as_js(here(text, first).later_parts())
        .into_iter()
        .map(|p| p.unchecked_into())
        .collect()
}

/// The small graph the worker analyses once as it starts ([`warm_up`]):
/// a bare graph with nested vertices, a size and unit and a `power` edge,
/// the path a pasted graph takes to its outline.
pub(crate) const WARM_UP: &str = r#"{"graph": {"nodes": [
{"id": "0", "metadata": {"type": "cluster", "basename": "c", "name": "c0", "id": 0, "uniq_id": 0, "rank": -1, "exclusive": false, "unit": "", "size": 1, "paths": {"containment": "/c0"}}},
{"id": "1", "metadata": {"type": "node", "basename": "n", "name": "n0", "id": 0, "uniq_id": 1, "rank": 0, "exclusive": false, "unit": "", "size": 1, "paths": {"containment": "/c0/n0"}}},
{"id": "2", "metadata": {"type": "core", "basename": "core", "name": "core0", "id": 0, "uniq_id": 2, "rank": 0, "exclusive": false, "unit": "", "size": 1, "paths": {"containment": "/c0/n0/core0"}}},
{"id": "3", "metadata": {"type": "memory", "basename": "memory", "name": "memory0", "id": 0, "uniq_id": 3, "rank": 0, "exclusive": false, "unit": "GB", "size": 16, "paths": {"containment": "/c0/n0/memory0"}}},
{"id": "4", "metadata": {"type": "pdu", "basename": "pdu", "name": "pdu0", "id": 0, "uniq_id": 4, "rank": -1, "exclusive": false, "unit": "", "size": 1, "paths": {"containment": "/c0/pdu0"}}}],
"edges": [
{"source": "0", "target": "1", "metadata": {"subsystem": "containment"}},
{"source": "1", "target": "2", "metadata": {"subsystem": "containment"}},
{"source": "1", "target": "3", "metadata": {"subsystem": "containment"}},
{"source": "0", "target": "4", "metadata": {"subsystem": "containment"}},
{"source": "4", "target": "1", "metadata": {"subsystem": "power"}}]}}"#;

/// Analyse [`WARM_UP`]. The browser compiles a wasm function when it is
/// first called (V8's lazy compilation); a worker that had analysed
/// nothing compiled about a hundred functions during its first graph's
/// analysis (20-40 ms of a 4 042-vertex paste). Run when the worker
/// starts, with no request waiting, they are compiled before the first
/// paste. Only a graph: the R path is left to compile on first use, since
/// a warm R path answers the first stage of a million-node R before the
/// page's progress line appears (which the progress and supersede specs
/// take their time from). Returns the last parts of the answer, which
/// the page draws off-screen for the same reason ([`Analyst`]'s `warm`
/// message).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = warmUp, skip_typescript))]
pub fn warm_up() -> Vec<js_sys::Uint8Array> {
    as_js(here(WARM_UP, |_| ()).later_parts())
        .into_iter()
        .map(|p| p.unchecked_into())
        .collect()
}

/// The worker's other entry point: another tab's main set, for colouring
/// by membership ([`member_part`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = memberSetForPage, skip_typescript))]
pub fn member_set_for_page(text: &str) -> js_sys::Uint8Array {
    js_sys::Uint8Array::from(&member_part(text)[..])
}

/// The worker's entry point for a compare view: the texts of the tabs
/// compared (the active one first), named by `letters` and `names`, as
/// binary parts ([`compare_parts`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = compareForPage, skip_typescript))]
pub fn compare_for_page(
    texts: Vec<String>,
    letters: Vec<String>,
    names: Vec<String>,
) -> js_sys::Array {
    let named: Vec<Named> = letters
        .into_iter()
        .zip(names)
        .map(|(letter, name)| Named { letter, name })
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let parts = compare_parts(&texts, &named);
    parts
        .iter()
        .map(|p| js_sys::Uint8Array::from(&p[..]))
        .collect()
}

thread_local! {
    /// Set by the `<rscope-view>` element: the host page serves no
    /// worker script, so every analysis runs on this thread.
    static HERE_ONLY: Cell<bool> = const { Cell::new(false) };
}

/// Analyse on this thread from now on, starting no worker.
pub fn stay_on_this_thread() {
    HERE_ONLY.with(|h| h.set(true));
}

/// Told the answer to a membership request: its number and its bytes.
pub type OnMember = Rc<RefCell<Option<Rc<dyn Fn(u32, JsValue)>>>>;

/// Analyse `text` on this thread: `early` is told the first stage, and
/// what the page draws is returned.
fn here(text: &str, early: impl FnOnce(Vec<JsValue>)) -> Drawn {
    // A large R with a graph: its summary and grid go first, from its R
    // alone. (Not in the element's bundle: small documents, a size budget.)
    let glanced = cfg!(feature = "page")
        .then(|| crate::analysis::glance(text))
        .flatten();
    let early = match glanced {
        Some(parts) => {
            early(as_js(parts));
            None
        }
        None => Some(early),
    };
    let mut begun = Analysis::begin(text);
    let first = begun.take_early();
    if let Some(early) = early {
        early(as_js(first));
    }
    Drawn::take(Analysis::finish(text, begun))
}

pub use crate::analysis::request::Stage;

/// What the page is told: the sequence number of the request, the stage,
/// and what to draw in binary parts ([`Drawn::to_parts`]), left in
/// JavaScript until the page reads each in its own task.
pub type Answer = (u32, Stage, Vec<JsValue>);

/// Parts made on this thread, as the worker would post them.
fn as_js(parts: Vec<Vec<u8>>) -> Vec<JsValue> {
    parts
        .iter()
        .map(|p| js_sys::Uint8Array::from(&p[..]).into())
        .collect()
}

thread_local! {
    /// The outlines of answers made on this thread, one per analyst (the
    /// address of its `on_answer`), with the request's number: they never
    /// leave the thread, so they are handed over as they are rather than
    /// written in pieces and read back (which the element's bundle, which
    /// answers everything here, has no room for).
    static HANDED: RefCell<Vec<(usize, u32, Outline)>> = const { RefCell::new(Vec::new()) };
}

/// Which analyst `on_answer` tells: the handed outlines' key.
fn key_of(on_answer: &Rc<dyn Fn(Answer)>) -> usize {
    Rc::as_ptr(on_answer) as *const () as usize
}

/// Analyse `text` as request `seq` on this thread, telling `on_answer`
/// both stages. An outline is kept for [`handed_outline`], and the last
/// part names it.
fn answer_here(seq: u32, text: &str, on_answer: &Rc<dyn Fn(Answer)>) {
    let mut drawn = here(text, |parts| on_answer((seq, Stage::Early, parts)));
    let mut parts = as_js(drawn.later_parts());
    if let Some(outline) = drawn.outline.take() {
        let key = key_of(on_answer);
        HANDED.with(|h| {
            let mut h = h.borrow_mut();
            h.retain(|(k, ..)| *k != key);
            h.push((key, seq, outline));
        });
        parts.push(JsValue::from_f64(key as f64));
    }
    on_answer((seq, Stage::Later, parts));
}

/// The outline handed over with `parts`, the last parts of the answer to
/// request `seq`, when this thread made it: its last part then names it,
/// and is taken off.
pub fn handed_outline(seq: u32, parts: &mut Vec<JsValue>) -> Option<Outline> {
    let key = parts.last()?.as_f64()? as usize;
    parts.pop();
    HANDED.with(|h| {
        let mut h = h.borrow_mut();
        let at = h.iter().position(|&(k, s, _)| k == key && s == seq)?;
        Some(h.swap_remove(at).2)
    })
}

/// The bytes of one part of an answer (empty when it is not one).
pub fn part_bytes(part: Option<&JsValue>) -> Vec<u8> {
    part.and_then(|p| p.dyn_ref::<js_sys::Uint8Array>())
        .map(js_sys::Uint8Array::to_vec)
        .unwrap_or_default()
}

/// The page's side of the worker.
pub struct Analyst {
    worker: Option<Worker>,
    /// Set once the worker failed: this thread analyses from then on.
    broken: Rc<Cell<bool>>,
    /// The latest request, kept (shared, not copied) to analyse here if
    /// the worker fails.
    latest: Rc<RefCell<Option<(u32, Sent)>>>,
    on_answer: Rc<dyn Fn(Answer)>,
    /// Told the answers to membership requests ([`Analyst::post_member`]).
    pub on_member: OnMember,
    /// Told the answers to compare requests ([`Analyst::post_compare`]):
    /// an array of parts.
    pub on_compare: OnMember,
    /// The membership and compare requests in flight.
    waiting: Waiting,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

impl Analyst {
    /// Start the worker; `on_answer` is told each answer (stale ones too:
    /// the caller compares sequence numbers).
    pub fn new(on_answer: impl Fn(Answer) + 'static) -> Analyst {
        Analyst::start(
            Rc::new(on_answer),
            Rc::default(),
            Rc::default(),
            Rc::default(),
        )
    }

    /// Stop the work in flight and start a fresh worker, told as this one
    /// was: the only way to stop a worker's wasm is to end the worker. The
    /// answers of the requests in flight never come.
    pub fn restart(&mut self) {
        // A text still going over in pieces stops with it.
        self.latest.borrow_mut().take();
        if let Some(worker) = self.worker.take() {
            worker.set_onmessage(None);
            worker.terminate();
        }
        // What the other lanes waited for is asked of the new worker: a
        // Cancel meant for the analysis leaves no compare view or
        // membership set unanswered.
        let again = self.waiting.borrow_mut().restarted();
        *self = Analyst::start(
            self.on_answer.clone(),
            self.on_member.clone(),
            self.on_compare.clone(),
            self.waiting.clone(),
        );
        for (_, seq, asked) in again {
            self.ask_again(seq, asked);
        }
    }

    fn start(
        on_answer: Rc<dyn Fn(Answer)>,
        on_member: OnMember,
        on_compare: OnMember,
        waiting: Waiting,
    ) -> Analyst {
        let latest = Rc::new(RefCell::new(None::<(u32, Sent)>));
        let broken = Rc::new(Cell::new(false));
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let made = match HERE_ONLY.with(Cell::get) {
            true => Err(JsValue::NULL),
            false => Worker::new_with_options("static/worker.js", &options),
        };
        let Ok(worker) = made else {
            return Analyst {
                worker: None,
                broken,
                latest,
                on_answer,
                on_member,
                on_compare,
                waiting,
                _on_message: None,
                _on_error: None,
            };
        };
        let on_message = {
            let (answer, latest, member) = (on_answer.clone(), latest.clone(), on_member.clone());
            let (compared, lanes) = (on_compare.clone(), waiting.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                let data = e.data();
                let field = |k: &str| js_sys::Reflect::get(&data, &k.into()).ok();
                let seq = field("seq").and_then(|v| v.as_f64()).unwrap_or(-1.0) as u32;
                if let Some(parts) = field("compared").filter(|v| !v.is_undefined()) {
                    lanes.borrow_mut().answered(Lane::Compare, seq);
                    let told = compared.borrow().clone();
                    if let Some(told) = told {
                        told(seq, parts);
                    }
                    return;
                }
                if let Some(parts) = field("warm").filter(|v| !v.is_undefined()) {
                    // The worker's warm-up answer: drawn off-screen, once.
                    // (The element's bundle starts no worker.)
                    if cfg!(feature = "page") {
                        warm(&js_sys::Array::from(&parts).to_vec());
                    }
                    return;
                }
                if let Some(set) = field("member").filter(|v| !v.is_undefined()) {
                    lanes.borrow_mut().answered(Lane::Member, seq);
                    let told = member.borrow().clone();
                    if let Some(told) = told {
                        told(seq, set);
                    }
                    return;
                }
                let stage = match field("early").is_some_and(|v| v.is_truthy()) {
                    true => Stage::Early,
                    false => Stage::Later,
                };
                if stage == Stage::Later && latest.borrow().as_ref().is_some_and(|(s, _)| *s == seq)
                {
                    *latest.borrow_mut() = None;
                }
                let parts = field("parts")
                    .map(|v| js_sys::Array::from(&v).to_vec())
                    .unwrap_or_default();
                answer((seq, stage, parts));
            })
        };
        // A worker that cannot start (no script, no module workers) leaves
        // the analysis to this thread, from the request it had not answered.
        let on_error = {
            let (answer, latest, broken) = (on_answer.clone(), latest.clone(), broken.clone());
            let (member, compared, lanes) =
                (on_member.clone(), on_compare.clone(), waiting.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                broken.set(true);
                if let Some((seq, sent)) = latest.borrow_mut().take() {
                    answer_here(seq, &sent.text(), &answer);
                }
                // (The element's bundle starts no worker, and has no room
                // for the compare view's code.)
                if cfg!(feature = "page") {
                    let waiting = lanes.borrow_mut().restarted();
                    for (_, seq, asked) in waiting {
                        answer_lane_here(seq, &asked, &member, &compared);
                    }
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Analyst {
            worker: Some(worker),
            broken,
            latest,
            on_answer,
            on_member,
            on_compare,
            waiting,
            _on_message: Some(on_message),
            _on_error: Some(on_error),
        }
    }

    /// Ask for the analysis of `text` as request `seq`.
    pub fn post(&self, seq: u32, text: &Text) {
        self.post_sent(seq, Sent::Text(text.clone()));
    }

    /// [`Analyst::post`] with the text as a JavaScript string (a paste has
    /// it so), which the worker is sent without a conversion.
    pub fn post_js(&self, seq: u32, text: &js_sys::JsString) {
        self.post_sent(seq, Sent::Js(text.clone()));
    }

    fn post_sent(&self, seq: u32, sent: Sent) {
        let Some(worker) = self.worker.as_ref().filter(|_| !self.broken.get()) else {
            answer_here(seq, &sent.text(), &self.on_answer);
            return;
        };
        // The element's bundle (no `page` feature) starts no worker, and has
        // a size budget.
        if cfg!(feature = "page") && sent.len() > POST_SLICE {
            *self.latest.borrow_mut() = Some((seq, sent));
            let (worker, latest, broken) =
                (worker.clone(), self.latest.clone(), self.broken.clone());
            let on_answer = self.on_answer.clone();
            wasm_bindgen_futures::spawn_local(async move {
                post_in_pieces(&worker, seq, &latest, &broken, &on_answer).await;
            });
            return;
        }
        let message = request(seq, &sent.js(), false);
        *self.latest.borrow_mut() = Some((seq, sent));
        if worker.post_message(&message).is_err() {
            if let Some((seq, sent)) = self.latest.borrow_mut().take() {
                answer_here(seq, &sent.text(), &self.on_answer);
            }
        }
    }
}

/// Past this many bytes (or UTF-16 units) a request's text goes to the
/// worker in pieces of this size, a few to a task ([`crate::web::task::Pacer`]):
/// the browser copies a posted string in the posting task, 46 ms for
/// 64 MiB (issue 12), and about half a millisecond a mebibyte.
const POST_SLICE: usize = 1 << 20;

/// An analysis request's message: its number and (a piece of) its text;
/// `more` when more pieces of the text follow.
fn request(seq: u32, text: &JsValue, more: bool) -> js_sys::Object {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"seq".into(), &seq.into());
    let _ = js_sys::Reflect::set(&message, &"text".into(), text);
    if more {
        let _ = js_sys::Reflect::set(&message, &"more".into(), &JsValue::TRUE);
    }
    message
}

/// Post the text of request `seq` (the latest, in `latest`) in pieces of
/// [`POST_SLICE`], pausing for the page between tasks; the worker joins
/// them. Stops when a newer request takes its place; analyses here when
/// the worker refuses a piece.
async fn post_in_pieces(
    worker: &Worker,
    seq: u32,
    latest: &Rc<RefCell<Option<(u32, Sent)>>>,
    broken: &Rc<Cell<bool>>,
    on_answer: &Rc<dyn Fn(Answer)>,
) {
    let mut pacer = crate::web::task::Pacer::new();
    let mut at = 0;
    loop {
        let piece = {
            let held = latest.borrow();
            let Some((_, sent)) = held.as_ref().filter(|(s, _)| *s == seq) else {
                return; // superseded
            };
            if broken.get() {
                return; // the error handler analyses it here
            }
            sent.piece(at)
        };
        let (value, end, more) = piece;
        if worker.post_message(&request(seq, &value, more)).is_err() {
            let taken = latest.borrow_mut().take();
            if let Some((seq, sent)) = taken {
                answer_here(seq, &sent.text(), on_answer);
            }
            return;
        }
        if !more {
            return;
        }
        at = end;
        pacer.pause().await;
    }
}

/// A request's text as it was sent to the worker.
enum Sent {
    /// The page's text.
    Text(Text),
    /// A paste's text, as the browser gave it.
    Js(js_sys::JsString),
}

impl Sent {
    /// The text as the page holds it.
    fn text(&self) -> Text {
        match self {
            Sent::Text(t) => t.clone(),
            Sent::Js(j) => Text::from(crate::web::text::string_of(j)),
        }
    }

    /// The text as the worker is sent it.
    fn js(&self) -> JsValue {
        match self {
            Sent::Text(t) => JsValue::from_str(t),
            Sent::Js(j) => j.into(),
        }
    }

    /// Its length, in its own units (bytes, or UTF-16 units).
    fn len(&self) -> usize {
        match self {
            Sent::Text(t) => t.len(),
            Sent::Js(j) => j.length() as usize,
        }
    }

    /// The piece of at most [`POST_SLICE`] units from `at`, where the
    /// next begins, and whether one does. A Rust text is cut between
    /// characters; a JavaScript one anywhere, since the worker joins the
    /// pieces before it reads them.
    fn piece(&self, at: usize) -> (JsValue, usize, bool) {
        let len = self.len();
        let mut end = len.min(at.saturating_add(POST_SLICE));
        let value = match self {
            Sent::Text(t) => {
                while !t.is_char_boundary(end) {
                    end -= 1;
                }
                JsValue::from_str(t.get(at..end).unwrap_or_default())
            }
            Sent::Js(j) => j.slice(at as u32, end as u32).into(),
        };
        (value, end, end < len)
    }
}

/// The lanes of the analysis worker besides the analysis itself, whose
/// requests a restart asks again ([`Inflight`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lane {
    /// Another tab's main set, for colouring by membership.
    Member,
    /// A compare view.
    Compare,
}

/// What a request of a [`Lane`] asks, kept to ask it again.
#[derive(Clone, Debug)]
enum Asked {
    /// Another tab's text.
    Member(Text),
    /// The texts compared (the active tab's first), their letters and names.
    Compare(Vec<Text>, Vec<String>, Vec<String>),
}

impl Asked {
    fn lane(&self) -> Lane {
        match self {
            Asked::Member(_) => Lane::Member,
            Asked::Compare(..) => Lane::Compare,
        }
    }

    /// The message that asks the worker for it as request `seq`.
    fn message(&self, seq: u32) -> js_sys::Object {
        let message = js_sys::Object::new();
        let set = |k: &str, v: &JsValue| {
            let _ = js_sys::Reflect::set(&message, &k.into(), v);
        };
        let strings =
            |v: &[String]| -> js_sys::Array { v.iter().map(|s| JsValue::from_str(s)).collect() };
        set("seq", &seq.into());
        match self {
            Asked::Member(text) => set("member", &JsValue::from_str(text)),
            Asked::Compare(texts, letters, names) => {
                let list: js_sys::Array = texts.iter().map(|t| JsValue::from_str(t)).collect();
                set("compare", &list);
                set("letters", &strings(letters));
                set("names", &strings(names));
            }
        }
        message
    }
}

/// The requests of the other lanes waiting for the worker, each with what
/// it asked.
type Waiting = Rc<RefCell<Inflight<Lane, Asked>>>;

/// Answer request `seq` of `asked` on this thread, telling `on_member` or
/// `on_compare`.
fn answer_lane_here(seq: u32, asked: &Asked, on_member: &OnMember, on_compare: &OnMember) {
    match asked {
        Asked::Member(text) => tell(on_member, seq, member_set_for_page(text).into()),
        Asked::Compare(texts, letters, names) => {
            let texts = texts.iter().map(|t| t.to_string()).collect();
            let parts = compare_for_page(texts, letters.clone(), names.clone());
            tell(on_compare, seq, parts.into())
        }
    }
}

impl Analyst {
    /// Ask for the main set of another tab's `text` as request `seq`; the
    /// answer goes to [`Analyst::on_member`].
    pub fn post_member(&self, seq: u32, text: &Text) {
        let asked = Asked::Member(text.clone());
        let here = || tell(&self.on_member, seq, member_set_for_page(text).into());
        self.ask(seq, asked, here);
    }

    /// Ask for the compare view of `texts` (the active tab's first), named
    /// by `letters` and `names`, as request `seq`; the answer goes to
    /// [`Analyst::on_compare`].
    pub fn post_compare(&self, seq: u32, texts: &[Text], letters: Vec<String>, names: Vec<String>) {
        let asked = Asked::Compare(texts.to_vec(), letters, names);
        let here = || answer_lane_here(seq, &asked, &self.on_member, &self.on_compare);
        self.ask(seq, asked.clone(), here);
    }

    /// Send request `seq` of `asked` to the worker, and keep it until it
    /// is answered; `here` answers it on this thread when there is no
    /// worker. (Each lane passes its own: the element's bundle, which
    /// answers everything here, has no room for the compare view's code.)
    fn ask(&self, seq: u32, asked: Asked, here: impl FnOnce()) {
        let Some(worker) = self.worker.as_ref().filter(|_| !self.broken.get()) else {
            return here();
        };
        let message = asked.message(seq);
        let lane = asked.lane();
        self.waiting.borrow_mut().ask(lane, seq, asked);
        if worker.post_message(&message).is_err() {
            self.waiting.borrow_mut().answered(lane, seq);
            here();
        }
    }

    /// Ask `asked` again as request `seq` (after a restart).
    fn ask_again(&self, seq: u32, asked: Asked) {
        let here = || answer_lane_here(seq, &asked, &self.on_member, &self.on_compare);
        self.ask(seq, asked.clone(), here);
    }
}

/// Tell `told`, if set, the answer to request `seq`.
fn tell(told: &OnMember, seq: u32, answer: JsValue) {
    let told = told.borrow().clone();
    if let Some(told) = told {
        told(seq, answer);
    }
}

impl Drop for Analyst {
    fn drop(&mut self) {
        if let Some(w) = &self.worker {
            w.terminate();
        }
        // An outline handed over to an answer never shown goes with it.
        let key = key_of(&self.on_answer);
        HANDED.with(|h| h.borrow_mut().retain(|(k, ..)| *k != key));
    }
}

/// What draws a warm-up answer: a function of its parts.
type DrawWarmUp = fn(&[JsValue]);

thread_local! {
    /// What draws the worker's warm-up answer off-screen: the page's graph
    /// views, which lie above this module and are named by the page's
    /// root when it mounts ([`on_warm_up`]).
    static WARM_DRAW: std::cell::Cell<Option<DrawWarmUp>> = const { std::cell::Cell::new(None) };
}

/// Have `draw` take the worker's warm-up answer (its parts, in order).
pub fn on_warm_up(draw: DrawWarmUp) {
    WARM_DRAW.with(|w| w.set(Some(draw)));
}

/// Draw the warm-up answer `parts` with what [`on_warm_up`] named, if any.
fn warm(parts: &[JsValue]) {
    if let Some(draw) = WARM_DRAW.with(|w| w.get()) {
        draw(parts);
    }
}
