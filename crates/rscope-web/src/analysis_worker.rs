//! The analysis off the main thread: a Web Worker (`static/worker.js`)
//! loads the same wasm core from `pkg/` and answers each text with what the
//! page draws of it ([`Drawn`], in postcard's binary form). Requests carry a sequence number;
//! the page keeps only the answer to its latest one, so a new paste or
//! keystroke supersedes the analysis in flight. Where no worker can run
//! (the in-browser component tests serve no `static/`), the page analyses
//! on its own thread instead, as it did before.
//!
//! The page's side is an [`Analyst`], a [`Channel`] of [`AnalysisAsk`]: the
//! channel common to the page's workers numbers the requests, lets the
//! newest of each lane win, posts a long text in pieces, answers here when
//! no worker runs, and asks a restarted worker again; this file says what
//! each request's messages are and whom its answers are told.

use crate::channel::{field, set, Channel, MessagePiece, Script, Work};
use rscope_core::analysis::events::{event_page_part, query_from_part, query_part, EventQuery};
use rscope_core::analysis::timeline::{timeline_parts, ReadLogs};
use rscope_core::analysis::{beside_part, beside_parts_leaving, Analysis, Drawn, Leftovers};
use rscope_core::grid::compare::Named;
use rscope_core::outline::Outline;
use rscope_core::system::{compare_parts_of, member_part_of, system_bytes};
use rscope_core::tabs::Text;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
    let text = &crate::text::string_of(&text);
    let first = |parts: Vec<JsValue>| {
        let _ = early.call1(&JsValue::NULL, &js_sys::Array::from_iter(parts));
    };
    let parts = here(text, first).last_parts();
    // A log the timeline read and this analysis did not take (it was of
    // another text, or came first) is not kept beyond it.
    rscope_core::resource::eventlog::handed::forget();
    as_js(parts)
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

/// The nodes of the payload the worker warms up with: enough for its
/// loops to run a while, a few milliseconds of analysis.
#[cfg(feature = "page")]
const WARM_UP_NODES: u32 = 256;

/// Analyse [`WARM_UP`], and before it a 256-node `resource.status`
/// payload ([`rscope_core::analysis::warm_up_payload`]). The browser compiles a
/// wasm function when it is first called (V8's lazy compilation), and
/// optimizes it once it has run a while: a worker that had analysed
/// nothing compiled about a hundred functions during its first graph's
/// analysis (20-40 ms of a 4 042-vertex paste), and a 16 384-node
/// payload's first analysis took twice as long as its second. Run when
/// the worker starts, with no request waiting, they are compiled before
/// the first paste. Returns the last parts of the graph's answer, which
/// the page draws off-screen for the same reason ([`Analyst`]'s `warm`
/// message); the payload's answer is dropped.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = warmUp, skip_typescript))]
pub fn warm_up() -> Vec<js_sys::Uint8Array> {
    #[cfg(feature = "page")]
    drop(
        here(
            &rscope_core::analysis::warm_up_payload(WARM_UP_NODES),
            |_| (),
        )
        .last_parts(),
    );
    as_js(here(WARM_UP, |_| ()).last_parts())
        .into_iter()
        .map(|p| p.unchecked_into())
        .collect()
}

/// The worker's other entry point: another tab's resources, for colouring
/// by membership, from its documents' bytes ([`member_part_of`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = memberSetForPage, skip_typescript))]
pub fn member_set_for_page(system: &[u8]) -> js_sys::Uint8Array {
    js_sys::Uint8Array::from(&member_part_of(system)[..])
}

/// The worker's entry point for what the documents added to a tab's
/// system say of its grid's nodes ([`beside_parts_leaving`]: node states,
/// allocated and down, running jobs), drain ages as of now. `texts` are
/// their UTF-8 bytes, each an array of the `Uint8Array` pieces it crossed
/// in ([`beside_piece`]), and `names` theirs (a job's own R is known by
/// its name); `past`: a resource eventlog is open, whose timeline shows
/// the jobs that ran.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = besideForPage, skip_typescript))]
pub fn beside_for_page(texts: js_sys::Array, names: Vec<String>, past: bool) -> js_sys::Array {
    let texts: Vec<String> = texts.iter().map(joined_pieces).collect();
    beside_here(&texts, &names, past)
}

/// The text whose UTF-8 bytes are the `Uint8Array`s of `pieces`, in order,
/// copied once.
fn joined_pieces(pieces: JsValue) -> String {
    let pieces: Vec<js_sys::Uint8Array> = js_sys::Array::from(&pieces)
        .iter()
        .map(JsCast::unchecked_into)
        .collect();
    let mut bytes = vec![0; pieces.iter().map(|p| p.length() as usize).sum()];
    let mut at = 0;
    for p in &pieces {
        let end = at + p.length() as usize;
        p.copy_to(&mut bytes[at..end]);
        at = end;
    }
    String::from_utf8(bytes).unwrap_or_default()
}

/// [`beside_for_page`] of texts the page's thread holds.
fn beside_here<T: std::ops::Deref<Target = str>>(
    texts: &[T],
    names: &[String],
    past: bool,
) -> js_sys::Array {
    let docs: Vec<(&str, &str)> = (texts.iter().enumerate())
        .map(|(i, text)| (names.get(i).map_or("", String::as_str), &**text))
        .collect();
    let now = js_sys::Date::now() / 1000.0;
    // The element's bundle (no `page` feature: no running jobs, no
    // worker) sends one part and keeps nothing; it has a size budget.
    let parts = match cfg!(feature = "page") {
        true => {
            let (parts, left) = beside_parts_leaving(&docs, now, past);
            LEFT.with(|l| *l.borrow_mut() = left);
            parts
        }
        false => vec![beside_part(&docs, now, past)],
    };
    (parts.iter())
        .map(|p| JsValue::from(js_sys::Uint8Array::from(&p[..])))
        .collect()
}

thread_local! {
    /// What the last answer built, freed once it is sent ([`tidy`]).
    static LEFT: RefCell<Leftovers> = RefCell::new(Leftovers::default());
}

/// Free what the last answer built: the worker calls this once it has
/// posted the answer, so that the page does not wait on it (the page's
/// thread, answering where no worker runs, in a task after the answer's).
#[cfg_attr(feature = "page", wasm_bindgen(skip_typescript))]
pub fn tidy() {
    LEFT.with(|l| drop(l.take()));
}

/// Bytes of the texts beside a grid, or of a resource eventlog
/// ([`log_piece`]), posted at a time, a few pieces to a task: a job list
/// of 100 000 jobs is 64 MB, and copying it to post it at once was a task
/// of 52 ms on the page's thread.
const BESIDE_SLICE: usize = 4 << 20;

/// `message` with the piece of the texts beside a grid (`texts`, as one
/// run of bytes) from byte `at`: `beside`, the index of the text it is of;
/// `besideCount`, how many texts there are; `besidePiece`, its bytes,
/// handed over; `more` when another follows. The last also has
/// `besideNames` and `besidePast`. The worker joins them (worker.js).
fn beside_piece(
    message: js_sys::Object,
    texts: &[Text],
    (names, past): (&[String], bool),
    at: usize,
) -> MessagePiece {
    let lens: Vec<usize> = texts.iter().map(|t| t.len()).collect();
    let p = rscope_core::inflight::piece_at(&lens, at, BESIDE_SLICE);
    let bytes = texts
        .get(p.text)
        .map_or(&[][..], |t| &t.as_bytes()[p.range]);
    let piece = js_sys::Uint8Array::from(bytes);
    set(&message, "beside", &JsValue::from(p.text as u32));
    set(&message, "besideCount", &JsValue::from(texts.len() as u32));
    set(&message, "besidePiece", &piece);
    if p.next.is_some() {
        set(&message, "more", &JsValue::TRUE);
    } else {
        let names: js_sys::Array = names.iter().map(|s| JsValue::from_str(s)).collect();
        set(&message, "besideNames", &names);
        set(&message, "besidePast", &past.into());
    }
    MessagePiece {
        next: p.next,
        ..MessagePiece::handing(message, js_sys::Array::of1(&piece.buffer()))
    }
}

/// `message` with the piece of a resource eventlog's `text` from byte
/// `at`, as a timeline's or an event list's request carries it:
/// `logPiece`, its bytes, handed over, and `more` when another follows
/// (the worker joins them, worker.js). A year of a large system's events
/// is a hundred megabytes; made one string and posted at once, it held
/// the page's thread for 230 ms. Without a text the message goes whole.
fn log_piece(message: js_sys::Object, text: Option<&Text>, at: usize) -> MessagePiece {
    let Some(text) = text else {
        return MessagePiece::whole(message);
    };
    let p = rscope_core::inflight::piece_at(&[text.len()], at, BESIDE_SLICE);
    let piece = js_sys::Uint8Array::from(&text.as_bytes()[p.range]);
    set(&message, "logPiece", &piece);
    if p.next.is_some() {
        set(&message, "more", &JsValue::TRUE);
    }
    MessagePiece {
        next: p.next,
        ..MessagePiece::handing(message, js_sys::Array::of1(&piece.buffer()))
    }
}

/// The worker's entry point for a resource eventlog's timeline (when
/// `with_timeline`) and its system at `at`, in parts ([`timeline_parts`]):
/// the log kept under number `log`, else the text whose UTF-8 bytes are
/// `pieces` ([`log_piece`]), read and kept under it.
#[cfg_attr(feature = "page", wasm_bindgen(js_name = timelineForPage, skip_typescript))]
pub fn timeline_for_page(
    log: u32,
    pieces: Option<js_sys::Array>,
    at: Option<f64>,
    with_timeline: bool,
) -> js_sys::Array {
    let text = pieces.map(|p| joined_pieces(p.into()));
    timeline_here(log, text.as_deref(), at, with_timeline)
}

fn timeline_here(log: u32, text: Option<&str>, at: Option<f64>, with: bool) -> js_sys::Array {
    let parts = LOGS.with(|l| timeline_parts(&mut l.borrow_mut(), log, text, at, with));
    (parts.iter())
        .map(|p| js_sys::Uint8Array::from(&p[..]))
        .collect()
}

thread_local! {
    /// The resource eventlog this thread read last, kept for the timeline's
    /// steps and the event list's filters.
    static LOGS: RefCell<ReadLogs> = RefCell::new(ReadLogs::default());
}

/// The worker's entry point for a page of a resource eventlog's events
/// (the log kept under number `log`, else the text whose UTF-8 bytes are
/// `pieces`): the filters as bytes ([`query_part`]), the page as bytes
/// ([`event_page_part`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = eventsForPage, skip_typescript))]
pub fn events_for_page(
    log: u32,
    pieces: Option<js_sys::Array>,
    query: &[u8],
) -> js_sys::Uint8Array {
    let text = pieces.map(|p| joined_pieces(p.into()));
    events_here(log, text.as_deref(), query)
}

fn events_here(log: u32, text: Option<&str>, query: &[u8]) -> js_sys::Uint8Array {
    let query = query_from_part(query);
    let part = LOGS.with(|l| event_page_part(&mut l.borrow_mut(), log, text, &query));
    js_sys::Uint8Array::from(&part[..])
}

/// The worker's entry point for a compare view: the documents of the tabs
/// compared (the active one first, each as bytes), named by `letters` and
/// `names`, as binary parts ([`compare_parts_of`]).
#[cfg_attr(feature = "page", wasm_bindgen(js_name = compareForPage, skip_typescript))]
pub fn compare_for_page(
    systems: js_sys::Array,
    letters: Vec<String>,
    names: Vec<String>,
) -> js_sys::Array {
    let named: Vec<Named> = letters
        .into_iter()
        .zip(names)
        .map(|(letter, name)| Named { letter, name })
        .collect();
    let systems: Vec<Vec<u8>> = systems.iter().map(|s| part_bytes(Some(&s))).collect();
    let parts = compare_parts_of(&systems, &named);
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

/// The analysis worker's channel ([`AnalysisAsk`] says what crosses it).
pub type Analyst = Channel<AnalysisAsk>;

/// A new analysis channel: started at once, so that the worker has loaded
/// the core before the first paste; none where [`stay_on_this_thread`].
pub fn analyst() -> Analyst {
    match HERE_ONLY.with(Cell::get) {
        true => Channel::here_only(),
        false => {
            let channel = Channel::new();
            channel.start();
            channel
        }
    }
}

/// Told the answer to a membership or compare request: its number and
/// its bytes (an array of parts for a compare view).
pub type OnMember = Rc<dyn Fn(u32, JsValue)>;

/// Told each stage of the answer to an analysis request.
pub type Told = Rc<dyn Fn(AnalysisAnswer)>;

/// Analyse `text` on this thread: `early` is told the first stage, and
/// what the page draws is returned.
fn here(text: &str, early: impl FnOnce(Vec<JsValue>)) -> Drawn {
    // A large R with a graph: its summary and grid go first, from its R
    // alone. (Not in the element's bundle: small documents, a size budget.)
    let glanced = cfg!(feature = "page")
        .then(|| rscope_core::analysis::glance(text))
        .flatten();
    let early = match glanced {
        Some(parts) => {
            early(as_js(parts));
            None
        }
        None => Some(early),
    };
    let mut begun = Analysis::begin(text);
    let first = begun.take_first_stage();
    if let Some(early) = early {
        early(as_js(first));
    }
    Drawn::take(Analysis::finish(text, begun))
}

pub use rscope_core::analysis::request::Stage;

/// What the page is told: the sequence number of the request, the stage,
/// and what to draw in binary parts ([`Drawn::to_parts`]), left in
/// JavaScript until the page reads each in its own task.
pub type AnalysisAnswer = (u32, Stage, Vec<JsValue>);

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
fn key_of(on_answer: &Rc<dyn Fn(AnalysisAnswer)>) -> usize {
    Rc::as_ptr(on_answer) as *const () as usize
}

/// Analyse `text` as request `seq` on this thread, telling `on_answer`
/// both stages. An outline is kept for [`handed_outline`], and the last
/// part names it.
fn answer_here(seq: u32, text: &str, on_answer: &Rc<dyn Fn(AnalysisAnswer)>) {
    let mut drawn = here(text, |parts| on_answer((seq, Stage::First, parts)));
    // As the worker does (`analyze_for_page`), where no worker runs; the
    // element's bundle hands nothing on, and leaves this out (its size).
    #[cfg(feature = "page")]
    rscope_core::resource::eventlog::handed::forget();
    let mut parts = as_js(drawn.last_parts());
    if let Some(outline) = drawn.outline.take() {
        let key = key_of(on_answer);
        HANDED.with(|h| {
            let mut h = h.borrow_mut();
            h.retain(|(k, ..)| *k != key);
            h.push((key, seq, outline));
        });
        parts.push(JsValue::from_f64(key as f64));
    }
    on_answer((seq, Stage::Last, parts));
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

/// The bytes of each part of an answer that comes as an array of parts.
pub fn part_list(parts: &JsValue) -> Vec<Vec<u8>> {
    js_sys::Array::from(parts)
        .iter()
        .map(|p| part_bytes(Some(&p)))
        .collect()
}

/// A tab's documents (name, text), as [`rscope_core::tabs::Doc::system_texts`]
/// lists them: what another tab is read as for membership and compare.
pub type TabTexts = Vec<(String, Text)>;

/// A tab's documents as they cross to the worker ([`system_bytes`]).
fn system_array(system: &TabTexts) -> JsValue {
    // The element's bundle (no `page` feature) starts no worker and asks
    // of no other tab; it has a size budget.
    if !cfg!(feature = "page") {
        return JsValue::UNDEFINED;
    }
    js_sys::Uint8Array::from(&system_bytes(system)[..]).into()
}

/// What the analysis worker is asked, with whom its answer is told.
pub enum AnalysisAsk {
    /// The analysis of a text, as request `seq` of the page's
    /// [`rscope_core::analysis::request::Requests`].
    Analysis {
        /// The request's number.
        seq: u32,
        /// Its text.
        sent: Sent,
        /// Told each stage.
        told: Told,
    },
    /// Another tab's resources, for colouring by membership.
    Member {
        /// The request's number.
        seq: u32,
        /// The other tab's documents ([`rscope_core::tabs::Doc::system_texts`]).
        system: TabTexts,
        /// Told the set's bytes.
        told: OnMember,
    },
    /// What the documents added to the tab's system say of its grid's
    /// nodes ([`rscope_core::analysis::beside`]).
    Beside {
        /// The request's number.
        seq: u32,
        /// The documents added to the tab's system.
        texts: Vec<Text>,
        /// Their names (file names, titles, URLs).
        names: Vec<String>,
        /// Whether a resource eventlog is open: the jobs that ran are read.
        past: bool,
        /// Told the states' bytes.
        told: OnMember,
    },
    /// A resource eventlog's timeline and its system at a moment
    /// ([`rscope_core::analysis::timeline`]).
    Timeline {
        /// The request's number.
        seq: u32,
        /// The eventlog's number, which the worker keeps it under.
        log: u32,
        /// Its text, when the worker may not have it.
        text: Option<Text>,
        /// The moment; `None` is after the last event.
        at: Option<f64>,
        /// Whether the timeline is wanted too (once per log).
        with_timeline: bool,
        /// Told the answer's bytes.
        told: OnMember,
    },
    /// A page of a resource eventlog's event list
    /// ([`rscope_core::analysis::events`]).
    Events {
        /// The request's number.
        seq: u32,
        /// The eventlog's number, which the worker keeps it under.
        log: u32,
        /// Its text, when the worker may not have it.
        text: Option<Text>,
        /// The filters.
        query: EventQuery,
        /// Told the page's bytes.
        told: OnMember,
    },
    /// A compare view.
    Compare {
        /// The request's number.
        seq: u32,
        /// The documents of the tabs compared (the active tab's first).
        systems: Vec<TabTexts>,
        /// Their letters and names.
        letters: Vec<String>,
        /// Their names.
        names: Vec<String>,
        /// Told the parts.
        told: OnMember,
    },
}

/// The analysis worker's lanes: in each, only the newest request waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Lane {
    /// The active tab's analysis.
    Analysis,
    /// Another tab's set.
    Member,
    /// A compare view.
    Compare,
    /// The node states beside the tab's document.
    Beside,
    /// A resource eventlog's timeline and moment.
    Timeline,
    /// A page of a resource eventlog's events.
    Events,
}

impl Work for AnalysisAsk {
    fn lane(&self) -> u8 {
        (match self {
            AnalysisAsk::Analysis { .. } => Lane::Analysis,
            AnalysisAsk::Member { .. } => Lane::Member,
            AnalysisAsk::Compare { .. } => Lane::Compare,
            AnalysisAsk::Beside { .. } => Lane::Beside,
            AnalysisAsk::Timeline { .. } => Lane::Timeline,
            AnalysisAsk::Events { .. } => Lane::Events,
        }) as u8
    }

    fn piece(&self, wire: u32, at: usize) -> MessagePiece {
        let message = js_sys::Object::new();
        set(&message, "seq", &wire.into());
        let strings =
            |v: &[String]| -> js_sys::Array { v.iter().map(|s| JsValue::from_str(s)).collect() };
        match self {
            AnalysisAsk::Analysis { sent, .. } => return sent.piece(message, at),
            AnalysisAsk::Member { system, .. } => set(&message, "member", &system_array(system)),
            // The element's bundle (no `page` feature) starts no worker
            // and shows no timeline, and has a size budget.
            AnalysisAsk::Beside { .. }
            | AnalysisAsk::Timeline { .. }
            | AnalysisAsk::Events { .. }
                if !cfg!(feature = "page") => {}
            AnalysisAsk::Beside {
                texts, names, past, ..
            } => return beside_piece(message, texts, (names, *past), at),
            AnalysisAsk::Timeline {
                log,
                text,
                at: moment,
                with_timeline,
                ..
            } => {
                set(&message, "timeline", &JsValue::from(*log));
                let moment = moment.map_or(JsValue::NULL, JsValue::from_f64);
                set(&message, "at", &moment);
                set(
                    &message,
                    "withTimeline",
                    &JsValue::from_bool(*with_timeline),
                );
                return log_piece(message, text.as_ref(), at);
            }
            AnalysisAsk::Events {
                log, text, query, ..
            } => {
                set(&message, "events", &JsValue::from(*log));
                let bytes = js_sys::Uint8Array::from(&query_part(query)[..]);
                set(&message, "query", &bytes);
                return log_piece(message, text.as_ref(), at);
            }
            AnalysisAsk::Compare {
                systems,
                letters,
                names,
                ..
            } => {
                let list: js_sys::Array = systems.iter().map(system_array).collect();
                set(&message, "compare", &list);
                set(&message, "letters", &strings(letters));
                set(&message, "names", &strings(names));
            }
        }
        MessagePiece::whole(message)
    }

    fn answered(&self, data: &JsValue) -> bool {
        match self {
            AnalysisAsk::Analysis { seq, told, .. } => {
                let stage = match field(data, "early").is_truthy() {
                    true => Stage::First,
                    false => Stage::Last,
                };
                let parts = js_sys::Array::from(&field(data, "parts")).to_vec();
                told((*seq, stage, parts));
                stage == Stage::Last
            }
            AnalysisAsk::Member { seq, told, .. } => {
                told(*seq, field(data, "member"));
                true
            }
            AnalysisAsk::Compare { seq, told, .. } => {
                told(*seq, field(data, "compared"));
                true
            }
            AnalysisAsk::Beside { seq, told, .. } => {
                told(*seq, field(data, "states"));
                true
            }
            AnalysisAsk::Timeline { seq, told, .. } => {
                told(*seq, field(data, "answer"));
                true
            }
            AnalysisAsk::Events { seq, told, .. } => {
                told(*seq, field(data, "page"));
                true
            }
        }
    }

    fn here(&self) {
        // The element's bundle (no `page` feature) colours by no other
        // tab and compares none, and has no room for their code.
        match self {
            AnalysisAsk::Analysis { seq, sent, told } => answer_here(*seq, &sent.text(), told),
            AnalysisAsk::Member { seq, system, told } if cfg!(feature = "page") => {
                told(*seq, member_set_for_page(&system_bytes(system)).into())
            }
            AnalysisAsk::Beside {
                seq,
                texts,
                names,
                past,
                told,
            } if cfg!(feature = "page") => {
                told(*seq, beside_here(texts, names, *past).into());
                // Freed in a task of its own, as the worker frees it once
                // the answer is posted.
                wasm_bindgen_futures::spawn_local(async {
                    crate::task::next_task().await;
                    tidy();
                });
            }
            AnalysisAsk::Timeline {
                seq,
                log,
                text,
                at,
                with_timeline,
                told,
            } if cfg!(feature = "page") => {
                let text = text.as_deref();
                told(*seq, timeline_here(*log, text, *at, *with_timeline).into())
            }
            AnalysisAsk::Events {
                seq,
                log,
                text,
                query,
                told,
            } if cfg!(feature = "page") => {
                let text = text.as_deref();
                told(*seq, events_here(*log, text, &query_part(query)).into())
            }
            AnalysisAsk::Compare {
                seq,
                systems,
                letters,
                names,
                told,
            } if cfg!(feature = "page") => {
                let systems = systems.iter().map(system_array).collect();
                told(
                    *seq,
                    compare_for_page(systems, letters.clone(), names.clone()).into(),
                )
            }
            _ => {}
        }
    }

    /// The analysis Cancel stopped is counted as cancelled by the page's
    /// requests ([`rscope_core::analysis::request::Requests::cancel`]); a
    /// membership set or compare view is asked again.
    fn ask_again(&self) -> bool {
        !matches!(self, AnalysisAsk::Analysis { .. })
    }
}

impl Script for AnalysisAsk {
    const SCRIPT: &'static str = "static/worker.js";

    /// The worker's warm-up answer: drawn off-screen, once. (The element's
    /// bundle starts no worker.)
    fn unasked(data: &JsValue) {
        let parts = field(data, "warm");
        if cfg!(feature = "page") && !parts.is_undefined() {
            warm(&js_sys::Array::from(&parts).to_vec());
        }
    }
}

impl Channel<AnalysisAsk> {
    /// Ask for the analysis of `text` as request `seq`; `told` is told
    /// each stage.
    pub fn post(&self, seq: u32, text: &Text, told: &Told) {
        let (sent, told) = (Sent::Text(text.clone()), told.clone());
        self.ask(AnalysisAsk::Analysis { seq, sent, told });
    }

    /// [`Channel::post`] with the text as a JavaScript string (a paste has
    /// it so), which the worker is sent without a conversion.
    pub fn post_js(&self, seq: u32, text: &js_sys::JsString, told: &Told) {
        let (sent, told) = (Sent::Js(text.clone()), told.clone());
        self.ask(AnalysisAsk::Analysis { seq, sent, told });
    }

    /// Ask for the node states the documents `texts` (named `names`)
    /// added to the tab's system give its grid, as request `seq`; with
    /// `past` (a resource eventlog is open), every job that ran as well.
    pub fn post_beside(
        &self,
        seq: u32,
        (texts, names, past): (&[Text], Vec<String>, bool),
        told: &OnMember,
    ) {
        let (texts, told) = (texts.to_vec(), told.clone());
        self.ask(AnalysisAsk::Beside {
            seq,
            texts,
            names,
            past,
            told,
        });
    }

    /// Ask for the timeline of resource eventlog `log` (when
    /// `with_timeline`) and its system at `at`, as request `seq`, with
    /// its `text` when the worker may not have it.
    pub fn post_timeline(
        &self,
        seq: u32,
        (log, text): (u32, Option<&Text>),
        at: Option<f64>,
        with_timeline: bool,
        told: &OnMember,
    ) {
        let (text, told) = (text.cloned(), told.clone());
        self.ask(AnalysisAsk::Timeline {
            seq,
            log,
            text,
            at,
            with_timeline,
            told,
        });
    }

    /// Ask for the page of resource eventlog `log`'s events that `query`
    /// keeps, as request `seq`, with its `text` when the worker may not
    /// have it.
    pub fn post_events(
        &self,
        seq: u32,
        (log, text): (u32, Option<&Text>),
        query: &EventQuery,
        told: &OnMember,
    ) {
        let (text, query, told) = (text.cloned(), query.clone(), told.clone());
        self.ask(AnalysisAsk::Events {
            seq,
            log,
            text,
            query,
            told,
        });
    }

    /// Ask for the resources of another tab's `system` as request `seq`.
    pub fn post_member(&self, seq: u32, system: &TabTexts, told: &OnMember) {
        let (system, told) = (system.clone(), told.clone());
        self.ask(AnalysisAsk::Member { seq, system, told });
    }

    /// Ask for the compare view of the tabs' `systems` (the active tab's
    /// first), named by `letters` and `names`, as request `seq`.
    pub fn post_compare(
        &self,
        seq: u32,
        systems: &[TabTexts],
        (letters, names): (Vec<String>, Vec<String>),
        told: &OnMember,
    ) {
        let (systems, told) = (systems.to_vec(), told.clone());
        self.ask(AnalysisAsk::Compare {
            seq,
            systems,
            letters,
            names,
            told,
        });
    }
}

/// Past this many bytes (or UTF-16 units) a request's text goes to the
/// worker in pieces of this size, a few to a task ([`crate::task::Pacer`]):
/// the browser copies a posted string in the posting task, 46 ms for
/// 64 MiB (issue 12), and about half a millisecond a mebibyte.
const POST_SLICE: usize = 1 << 20;

/// A request's text as it was sent to the worker.
pub enum Sent {
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
            Sent::Js(j) => Text::from(crate::text::string_of(j)),
        }
    }

    /// Its length, in its own units (bytes, or UTF-16 units).
    fn len(&self) -> usize {
        match self {
            Sent::Text(t) => t.len(),
            Sent::Js(j) => j.length() as usize,
        }
    }

    /// `message` with the piece of at most [`POST_SLICE`] units from `at`
    /// (`more` when another follows). A Rust text is cut between
    /// characters; a JavaScript one anywhere, since the worker joins the
    /// pieces before it reads them. (The element's bundle sends no
    /// pieces: small documents, a size budget.)
    fn piece(&self, message: js_sys::Object, at: usize) -> MessagePiece {
        let len = self.len();
        if at == 0 && (len <= POST_SLICE || !cfg!(feature = "page")) {
            let whole = match self {
                Sent::Text(t) => JsValue::from_str(t),
                Sent::Js(j) => j.into(),
            };
            set(&message, "text", &whole);
            return MessagePiece::whole(message);
        }
        let mut end = len.min(at.saturating_add(POST_SLICE));
        let value = match self {
            Sent::Text(t) => {
                end = rscope_core::textview::floor_char_boundary(t, end);
                JsValue::from_str(t.get(at..end).unwrap_or_default())
            }
            Sent::Js(j) => j.slice(at as u32, end as u32).into(),
        };
        set(&message, "text", &value);
        let more = end < len;
        if more {
            set(&message, "more", &JsValue::TRUE);
        }
        MessagePiece {
            next: more.then_some(end),
            ..MessagePiece::whole(message)
        }
    }
}

/// Forget the outline handed over to `told`'s last answer, never shown
/// (its page or element has gone).
pub fn forget_handed(told: &Told) {
    let key = key_of(told);
    HANDED.with(|h| h.borrow_mut().retain(|(k, ..)| *k != key));
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
