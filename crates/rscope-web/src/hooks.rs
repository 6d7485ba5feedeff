//! The page's hooks, one per concern of the root component: the tabs and
//! their storage, getting documents in, the analysis of the active tab,
//! the link between text and grid, the colouring, and the findings. Each
//! holds state and effects; every decision is a call into the core.

use crate::analysis_worker::{
    forget_handed, part_bytes, part_list, AnalysisAnswer, Analyst, OnMember, TabTexts, Told,
};
use crate::model::{
    region_name, CellRef, ExampleEntry, Linked, Point, RegionOf, Reveal, TextSelection,
};
use crate::shown::FirstShown;
pub use crate::shown::Shown;
use crate::state::DocsState;
use crate::workers::Workers;
use crate::{load, storage};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use rscope_core::analysis::arrival::{Arrival, Last};
use rscope_core::analysis::events::{event_page_from_part, EventPage, EventQuery};
use rscope_core::analysis::request::{
    progress_line, Edit, Requests, Stage, Taken, PROGRESS_DELAY_MS,
};
use rscope_core::analysis::timeline::{
    read_figure_part, timeline_from_parts, LogSender, Moment, Slider, SliderAction, Timeline,
    NOT_KEPT,
};
use rscope_core::analysis::{apply_fix, entry_place, entry_span, Beside, BesideBuild, SetBuild};
use rscope_core::color::{coloring, on_grid, ColorChoice};
use rscope_core::grid::node_states::DrainView;
use rscope_core::grid::pick::KeptSelection;
use rscope_core::grid::queues::{with_queue_notes, NodeQueues};
use rscope_core::grid::{ColorBy, Grid};
use rscope_core::idset::IdSet;
use rscope_core::inflight::Latest;
use rscope_core::recent::Recent;
use rscope_core::report::{Finding, FixView};
use rscope_core::resource::eventlog::looks_like_resource_eventlog;
use rscope_core::rset::Rset;
use rscope_core::share::SharedView;
use rscope_core::system::printed::{SystemAsk, SystemShown, SystemText};
use rscope_core::tabs::{Action, Doc, Docs, Text};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// How long changes must settle before they are saved (the page also
/// saves at once when it is hidden: a reload, a closed tab, another app).
const SAVE_DELAY_MS: u32 = 600;
/// How many analyses are kept, so that going back to a tab shows it at once.
const KEPT_ANALYSES: usize = 4;

/// A message under the toolbar: what just happened, or what went wrong.
#[derive(Clone, PartialEq)]
pub enum AnalysisStatus {
    /// Something happened.
    Info(String),
    /// Something went wrong.
    Problem(String),
}

/// The open tabs, as last saved, saved again once changes settle and
/// whenever the page is hidden; with them, why they are not kept, when the
/// browser refuses to store them.
#[hook]
pub fn use_docs() -> (UseReducerHandle<DocsState>, Option<String>) {
    let start = use_state(storage::take_restored);
    let docs = use_reducer(|| DocsState(start.1.clone().adopt_config(storage::page_config())));
    let problem = use_state(|| start.2.clone());
    let pending = use_mut_ref(|| None::<Docs>);
    let latest = use_mut_ref(|| None::<Docs>);
    let flush: Rc<dyn Fn()> = {
        let (keeper, pending, problem) = (start.0.clone(), pending.clone(), problem.clone());
        Rc::new(move || {
            let Some(docs) = pending.borrow_mut().take() else {
                return;
            };
            let (keeper, problem) = (keeper.clone(), problem.clone());
            spawn_local(async move { problem.set(keeper.save(&docs).await.err()) });
        })
    };
    {
        let flush = flush.clone();
        let latest = latest.clone();
        use_effect_with((**docs).clone(), move |snapshot| {
            *pending.borrow_mut() = Some(snapshot.clone());
            *latest.borrow_mut() = Some(snapshot.clone());
            let timer = Timeout::new(SAVE_DELAY_MS, move || flush());
            move || drop(timer)
        });
    }
    // Hidden: write the journal at once, then save as usual (which may not
    // finish if the page is going away).
    let flush: Rc<dyn Fn()> = Rc::new(move || {
        if let Some(docs) = &*latest.borrow() {
            storage::journal(docs);
        }
        flush();
    });
    use_effect_with((), move |_| {
        let hide = flush.clone();
        let window = gloo::utils::window();
        let on_hide = EventListener::new(&window, "pagehide", move |_| hide());
        let document = gloo::utils::document();
        let on_hidden = EventListener::new(&document.clone(), "visibilitychange", move |_| {
            if document.hidden() {
                flush();
            }
        });
        move || drop((on_hide, on_hidden))
    });
    (docs, (*problem).clone())
}

/// Where a loaded document goes: the tabs (a system configuration opened,
/// dropped or linked becomes the tab's configuration).
#[derive(Clone)]
struct Openings<'a> {
    /// The open tabs.
    docs: &'a UseReducerHandle<DocsState>,
    /// The tabs as the latest render has them: a document read while the
    /// user went on (a large file, a fetch) goes by them, not by the tabs
    /// of the render that began reading it.
    latest: Rc<RefCell<UseReducerHandle<DocsState>>>,
    /// Whether what the user opens joins the shown tab's system rather
    /// than opening a tab (the toolbar's choice).
    join: bool,
    /// Whether it came with the page's address (a link, `?url=`): it then
    /// opens as a system of its own, never configuring a tab it finds.
    import: bool,
    /// The line that says what was opened, or why not.
    status: &'a UseStateHandle<Option<AnalysisStatus>>,
}

/// The page's ways in: what opens a document (a file, a drop), the
/// startup imports, and the toolbar's choice to join the shown system.
#[hook]
pub fn use_openings(
    docs: &UseReducerHandle<DocsState>,
    status: &UseStateHandle<Option<AnalysisStatus>>,
) -> Openers {
    let join = use_state_eq(|| false);
    let latest = use_mut_ref(|| docs.clone());
    *latest.borrow_mut() = docs.clone();
    let to = Openings {
        docs,
        latest,
        join: *join,
        import: false,
        status,
    };
    let open = opening(&to, Action::Open);
    let alone = Openings { join: false, ..to };
    let open_tab = opening(&alone, Action::Open);
    let imports = Openings {
        import: true,
        ..alone.clone()
    };
    let examples = use_startup(&opening(&imports, Action::Import));
    use_file_drop(&open);
    Openers {
        open,
        open_tab,
        examples,
        join: *join,
        on_join: Callback::from(move |on| join.set(on)),
    }
}

/// The page's ways in ([`use_openings`]).
pub struct Openers {
    /// Open a loaded document (as a tab, or into the shown tab's system).
    pub open: Callback<Result<Doc, String>>,
    /// Open a document the page made (a fit's allocation, an export) as a
    /// tab of its own, whatever the toolbar's choice.
    pub open_tab: Callback<Result<Doc, String>>,
    /// The examples index, once loaded.
    pub examples: Vec<ExampleEntry>,
    /// Whether what the user opens joins the shown tab's system.
    pub join: bool,
    /// Choose whether it does.
    pub on_join: Callback<bool>,
}

/// Do `action` with a loaded document, join it to the tab shown when its
/// reading began, or make it that tab's configuration when it is one; or
/// say why it could not be loaded. The tab is found again by its text
/// ([`rscope_core::tabs::Docs::tab_holding`]) when the document arrives.
fn opening(to: &Openings<'_>, action: fn(Doc) -> Action) -> Callback<Result<Doc, String>> {
    let (docs, status, latest) = (to.docs.dispatcher(), to.status.clone(), to.latest.clone());
    let (at, held, join, import) = (
        to.docs.active,
        to.docs.current().text.clone(),
        to.join,
        to.import,
    );
    Callback::from(move |loaded: Result<Doc, String>| {
        let now = latest.borrow().clone();
        let doc = match loaded {
            Ok(doc) => doc,
            Err(e) => return status.set(Some(AnalysisStatus::Problem(e))),
        };
        let tab = now.tab_holding(at, &held);
        let here = tab.unwrap_or(now.active);
        let letter = rscope_core::tabs::tab_letter(here);
        let (said, then) = if rscope_core::system::is_configuration(&doc.text) {
            configured(doc, here, import)
        } else if let Some(i) = tab.filter(|_| join) {
            // Join fills a blank tab: as the reducer has it, not as drawn.
            let said = match now.docs[i].is_blank() {
                true => format!("opened {}", doc.source),
                false => format!("added {} to tab {letter}'s system", doc.source),
            };
            (said, Action::Join(i, doc))
        } else {
            (format!("opened {}", doc.source), action(doc))
        };
        status.set(Some(AnalysisStatus::Info(said)));
        if here != now.active {
            docs.dispatch(Action::Select(here));
        }
        docs.dispatch(then);
    })
}

/// What a configuration opened does, and what the page says of it: it
/// becomes tab `here`'s, or, when it came with the page's address, a
/// tab of its own (the tab found there keeps its configuration).
fn configured(doc: Doc, here: usize, import: bool) -> (String, Action) {
    if import {
        let said = format!(
            "opened {} as a system configuration: its tab's configuration box under Queues holds it",
            doc.source
        );
        let tab = Doc {
            config: doc.text,
            text: Text::default(),
            ..doc
        };
        return (said, Action::Import(tab));
    }
    let letter = rscope_core::tabs::tab_letter(here);
    let said = format!(
        "read {} as a system configuration: tab {letter}'s configuration box under Queues holds it now",
        doc.source
    );
    (said, Action::ConfigureTab(here, doc.text.to_string()))
}

/// On start: a shared document, a `?url=` document, and the examples
/// index, which this returns once it has loaded. The address is cleaned
/// once they are read, so a reload does not import them again.
#[hook]
fn use_startup(import: &Callback<Result<Doc, String>>) -> Vec<ExampleEntry> {
    let examples = use_state(Vec::<ExampleEntry>::new);
    {
        let (open, examples) = (import.clone(), examples.clone());
        use_effect_with((), move |_| {
            let shared = load::shared_document();
            let url = load::url_param();
            load::clean_address();
            // A shared link brings its whole system, configuration included.
            shared.into_iter().for_each(|s| open.emit(s));
            if let Some(url) = url {
                let open = open.clone();
                spawn_local(async move {
                    let name = load::url_name(&url);
                    open.emit(load::fetch(&url, name).await);
                });
            }
            spawn_local(async move {
                if let Some(list) =
                    load::get_json::<Vec<ExampleEntry>>("static/examples/index.json").await
                {
                    examples.set(list);
                }
            });
        });
    }
    (*examples).clone()
}

/// Files dropped anywhere on the page open as new tabs (or join the shown
/// tab's system, as the toolbar says).
#[hook]
fn use_file_drop(open: &Callback<Result<Doc, String>>) {
    // The listener outlives renders; what a drop does (a tab of its own,
    // or the shown tab's system) is this render's.
    let latest = use_mut_ref(|| open.clone());
    *latest.borrow_mut() = open.clone();
    use_effect_with((), move |_| {
        let document = gloo::utils::document();
        let over = EventListener::new_with_options(
            &document,
            "dragover",
            EventListenerOptions::enable_prevent_default(),
            |e| e.prevent_default(),
        );
        let drop = EventListener::new_with_options(
            &document,
            "drop",
            EventListenerOptions::enable_prevent_default(),
            move |e| {
                e.prevent_default();
                let files = e
                    .dyn_ref::<web_sys::DragEvent>()
                    .and_then(|d| d.data_transfer())
                    .and_then(|t| t.files());
                for file in files
                    .iter()
                    .flat_map(|f| (0..f.length()).filter_map(|i| f.get(i)))
                {
                    let open = latest.borrow().clone();
                    spawn_local(async move { open.emit(load::read_file(file).await) });
                }
            },
        );
        move || std::mem::drop((over, drop))
    });
}

/// The active tab's analysis as the page has it.
pub struct Analyzed {
    /// The latest analysis shown (it may be of an older text).
    pub shown: Option<Rc<Shown>>,
    /// What the page says while an analysis takes long.
    pub progress: Option<String>,
    /// A large paste: its text goes to the worker at once, then to the
    /// given edit callback in a task of its own, so the paste's task stays
    /// short and the worker reads while the page lays the text out. The
    /// edit's analysis is the answer already asked for.
    pub large_paste: Callback<(js_sys::JsString, Callback<Text>)>,
    /// The first parts of the analysis of a text about to be shown, made
    /// elsewhere (the set worker writes a result and lays out its grid):
    /// the request for that text starts from them, and the worker's own
    /// first parts are not waited for.
    pub seed: Callback<(Text, Vec<JsValue>)>,
    /// Stop the analysis in flight (the person pressed Cancel): the text
    /// stays as it is, unanalysed, until [`Analyzed::again`] or an edit.
    pub cancel: Callback<()>,
    /// Analyse the text whose analysis was cancelled.
    pub again: Callback<()>,
    /// Whether the active text's analysis was cancelled.
    pub stopped: bool,
}

/// The analysis worker and what tells this view its answers.
#[derive(Clone)]
struct Asker {
    analyst: Rc<Analyst>,
    told: Told,
}

/// The page's workers, from the context the page gives; an embedded view,
/// given none, makes its own for its life.
#[hook]
pub fn use_workers() -> Workers {
    let given = use_context::<Workers>();
    let none = given.is_none();
    let own = use_memo((), move |_| none.then(Workers::new));
    given.unwrap_or_else(|| (*own).clone().unwrap_or_default())
}

/// The page's analysis requests ([`Requests`]): which is the latest, and
/// its text; the parts of an answer are left in JavaScript.
type Pending = Rc<RefCell<Requests<Vec<JsValue>>>>;

/// The analysis of the active tab's `text`, done by the worker, redone
/// once typing pauses, never on every keystroke. A text that changed by
/// more than typing does (a paste, a file, a tab switch) is sent at once.
/// Each change supersedes the request in flight: its answer is dropped.
/// The last few analyses are kept: a text seen lately is shown at once.
/// What to ask and when is [`Requests`]' decision; this hook does it.
#[hook]
pub fn use_analysis(text: Text, active: usize) -> Analyzed {
    let shown = use_state(|| None::<Rc<Shown>>);
    let progress = use_state_eq(|| None::<String>);
    let pending: Pending = use_mut_ref(Requests::default);
    let kept = use_mut_ref(|| Recent::<Text, Rc<Shown>>::new(KEPT_ANALYSES));
    // One set of answers for the page's life: the worker's callback and
    // the answers an adopted paste had stashed share its arrival.
    let early = {
        let (shown, progress) = (shown.setter(), progress.setter());
        let (pending, kept) = (pending.clone(), kept.clone());
        use_memo((), move |_| Answers {
            shown,
            progress,
            pending,
            kept,
            arrival: Rc::default(),
        })
    };
    let asker = {
        let answers = early.clone();
        let told = use_memo((), move |_| -> Told {
            Rc::new(move |a: AnalysisAnswer| answers.take(a))
        });
        Asker {
            analyst: use_workers().analysis,
            told: (*told).clone(),
        }
    };
    {
        // An outline made here for an answer never shown goes with the view.
        let told = asker.told.clone();
        use_effect_with((), move |_| move || forget_handed(&told));
    }
    let seed = {
        let pending = pending.clone();
        Callback::from(move |(text, parts): (Text, Vec<JsValue>)| {
            pending.borrow_mut().seed(text, parts)
        })
    };
    let large_paste = large_paste(&pending, &asker, progress.setter());
    let stopped = use_state_eq(|| false);
    let cancel = cancel(&pending, &asker, progress.setter(), stopped.setter());
    let again = again(&pending, &asker, &text, progress.setter(), stopped.setter());
    {
        let (shown, progress, asker) = (shown.setter(), progress.setter(), asker.clone());
        let stopped = stopped.setter();
        use_effect_with(text, move |text| {
            crate::task::mark("rscope:analyze-scheduled");
            stopped.set(false);
            let seen = kept.borrow_mut().get(text);
            let edit = pending.borrow_mut().edit(text, active, seen.is_some());
            let timer = match edit {
                Edit::Adopted(stashed) => {
                    for answer in stashed {
                        early.take(answer);
                    }
                    None
                }
                Edit::Show => {
                    shown.set(seen);
                    progress.set(None);
                    None
                }
                Edit::Ask {
                    seq,
                    delay_ms,
                    seeded,
                } => {
                    let (text, early) = (text.clone(), early.clone());
                    Some(Timeout::new(delay_ms, move || {
                        ask(&pending, &asker, progress, seq, &text);
                        if let Some(parts) = seeded {
                            early.take((seq, Stage::First, parts));
                        }
                    }))
                }
            };
            move || drop(timer)
        });
    }
    Analyzed {
        shown: (*shown).clone(),
        progress: (*progress).clone(),
        large_paste,
        seed,
        cancel,
        again,
        stopped: *stopped,
    }
}

/// [`Analyzed::large_paste`]: post the pasted string to the worker at once,
/// then convert it and hand it to the edit in tasks of their own.
fn large_paste(
    pending: &Pending,
    asker: &Asker,
    progress: UseStateSetter<Option<String>>,
) -> Callback<(js_sys::JsString, Callback<Text>)> {
    let (pending, asker) = (pending.clone(), asker.clone());
    Callback::from(move |(js, edit): (js_sys::JsString, Callback<Text>)| {
        // Only the page's editor takes pastes; the element's bundle (no
        // `page` feature) has a size budget, and leaves this code out.
        if !cfg!(feature = "page") {
            return;
        }
        let seq = pending.borrow_mut().paste();
        crate::task::mark("rscope:analyze-start");
        let slow = (&pending, &asker.analyst);
        say_when_slow(
            slow,
            seq,
            js.length() as usize,
            progress.clone(),
            PROGRESS_DELAY_MS,
        );
        asker.analyst.post_js(seq, &js, &asker.told);
        let pending = pending.clone();
        wasm_bindgen_futures::spawn_local(async move {
            // Converting and laying out are tasks of their own, the
            // conversion a slice at a time: together they last longer
            // than a frame.
            gloo::timers::future::TimeoutFuture::new(0).await;
            let text = crate::text::text_in_slices(&js).await;
            // The edit that brings this very text takes the answer;
            // another (an edit that changed nothing is none) asks anew.
            pending.borrow_mut().converted(text.clone());
            gloo::timers::future::TimeoutFuture::new(0).await;
            edit.emit(text);
        });
    })
}

/// [`Analyzed::cancel`]: drop the request in flight and restart the worker.
fn cancel(
    pending: &Pending,
    asker: &Asker,
    progress: UseStateSetter<Option<String>>,
    stopped: UseStateSetter<bool>,
) -> Callback<()> {
    let (pending, analyst) = (pending.clone(), asker.analyst.clone());
    Callback::from(move |()| {
        // The element's bundle (no `page` feature) analyses on its own
        // thread, offers no Cancel, and has a size budget.
        if !cfg!(feature = "page") {
            return;
        }
        // A new number: whatever the old worker had sent is dropped.
        pending.borrow_mut().cancel();
        analyst.restart();
        progress.set(None);
        stopped.set(true);
    })
}

/// [`Analyzed::again`]: ask for the analysis of `text` anew.
fn again(
    pending: &Pending,
    asker: &Asker,
    text: &Text,
    progress: UseStateSetter<Option<String>>,
    stopped: UseStateSetter<bool>,
) -> Callback<()> {
    let (pending, asker, text) = (pending.clone(), asker.clone(), text.clone());
    Callback::from(move |()| {
        if !cfg!(feature = "page") {
            return;
        }
        stopped.set(false);
        let seq = pending.borrow_mut().again();
        ask(&pending, &asker, progress.clone(), seq, &text);
    })
}

/// What the page does with the worker's answers: lay out the grid as soon
/// as it comes and show it, then the rest; drop what was superseded.
#[derive(Clone)]
struct Answers {
    shown: UseStateSetter<Option<Rc<Shown>>>,
    progress: UseStateSetter<Option<String>>,
    pending: Pending,
    kept: Rc<RefCell<Recent<Text, Rc<Shown>>>>,
    arrival: Rc<RefCell<Arrival<Rc<FirstShown>, Vec<JsValue>>>>,
}

impl Answers {
    /// Take one message of the answer to a request: draw it, keep it
    /// until its text comes, or drop it ([`Requests::take`]).
    fn take(&self, (seq, stage, parts): AnalysisAnswer) {
        let taken = self.pending.borrow_mut().take(seq, stage, parts);
        let Taken::Use(text, parts) = taken else {
            return;
        };
        match stage {
            Stage::First => self.early(seq, text, parts),
            Stage::Last => self.later(seq, text, parts),
        }
    }

    /// Whether request `seq` is still the latest.
    fn current(&self, seq: u32) -> impl Fn() -> bool {
        let pending = self.pending.clone();
        move || pending.borrow().current(seq)
    }

    /// The grid came: lay it out and show it, then the rest if it came
    /// meanwhile.
    fn early(&self, seq: u32, text: Text, parts: Vec<JsValue>) {
        if !self.arrival.borrow_mut().first_came(seq) {
            return; // seeded: these parts came already
        }
        crate::task::mark("rscope:analyze-early");
        let this = self.clone();
        spawn_local(async move {
            let Some(painted) = FirstShown::unpack(&parts, this.current(seq)).await else {
                return;
            };
            let painted = Rc::new(painted);
            let Some(later) = this.arrival.borrow_mut().laid_out(seq, painted.clone()) else {
                return;
            };
            match later {
                Some(parts) => this.complete(seq, painted, text, parts).await,
                None if this.current(seq)() => {
                    this.shown.set(Some(Rc::new(painted.partial(text))));
                }
                None => {}
            }
        });
    }

    /// The rest came: show it all once the grid is laid out.
    fn later(&self, seq: u32, text: Text, parts: Vec<JsValue>) {
        crate::task::mark("rscope:analyze-end");
        let (painted, parts) = match self.arrival.borrow_mut().last_came(seq, parts) {
            Last::Complete(first, last) => (first, last),
            Last::Kept | Last::Dropped => return,
        };
        let this = self.clone();
        spawn_local(async move { this.complete(seq, painted, text, parts).await });
    }

    /// Show the whole analysis of request `seq`, and keep it.
    async fn complete(&self, seq: u32, painted: Rc<FirstShown>, text: Text, parts: Vec<JsValue>) {
        let current = self.current(seq);
        let mut parts = parts;
        let handed = crate::analysis_worker::handed_outline(seq, &mut parts);
        let Some(new) = painted.complete(text, &parts, handed, &current).await else {
            return;
        };
        crate::task::mark("rscope:unpacked");
        // The page's render of the whole analysis, and the paints it
        // sets off, are a task of their own: after the last piece of the
        // outline in the same task, the two made one over 50 ms.
        crate::task::next_task().await;
        if !current() {
            return;
        }
        self.progress.set(None);
        let new = Rc::new(new);
        self.kept.borrow_mut().put(new.text.clone(), new.clone());
        self.shown.set(Some(new));
    }
}

/// Send `text` to the worker as request `seq` (already the latest number),
/// and say so if it takes long.
fn ask(
    pending: &Pending,
    asker: &Asker,
    progress: UseStateSetter<Option<String>>,
    seq: u32,
    text: &Text,
) {
    pending.borrow_mut().ask(seq, text);
    crate::task::mark("rscope:analyze-start");
    let slow = (pending, &asker.analyst);
    say_when_slow(slow, seq, text.len(), progress, PROGRESS_DELAY_MS);
    asker.analyst.post(seq, text, &asker.told);
}

/// Once request `seq` (of `bytes`) has waited `delay_ms` unanswered, say
/// what is happening ([`progress_line`]): while the worker loads, look
/// again shortly, so the line turns to the analysis when it starts.
fn say_when_slow(
    (pending, analyst): (&Pending, &Rc<Analyst>),
    seq: u32,
    bytes: usize,
    progress: UseStateSetter<Option<String>>,
    delay_ms: u32,
) {
    let (pending, analyst) = (pending.clone(), analyst.clone());
    Timeout::new(delay_ms, move || {
        if !pending.borrow().waiting(seq) {
            return;
        }
        let ready = analyst.ready();
        progress.set(Some(progress_line(bytes, ready)));
        if !ready {
            say_when_slow((&pending, &analyst), seq, bytes, progress, 100);
        }
    })
    .forget();
}

/// The two halves of the link between the text and the grid.
pub struct Linking {
    /// Told where the editor's pointer or caret is.
    pub on_point: Callback<Option<Point>>,
    /// Told which grid cell the pointer is on, or was clicked.
    pub on_cell: Callback<Option<CellRef>>,
    /// The bytes of the entry holding the grid's hovered cell.
    pub text: Option<(usize, usize)>,
    /// The entry under the editor's pointer or caret, for the grid.
    pub cells: Option<Linked>,
    /// Where the editor should scroll (a cell was clicked).
    pub reveal: Option<Reveal>,
    /// The byte under the editor's pointer or at its caret, for the picture.
    pub point: Option<usize>,
}

/// Link the `R_lite` entry under the editor's pointer to its cells and the
/// cell under the grid's pointer to its entry, in the analysis `current`
/// (the one of the text shown, if it is done). A new `analysis` starts
/// unlinked: entry indices belong to one analysis.
#[hook]
pub fn use_linking(analysis: &Option<Rc<Shown>>, current: &Option<Rc<Shown>>) -> Linking {
    let text_entry = use_state_eq(|| None::<(usize, bool)>);
    let cell_entry = use_state_eq(|| None::<usize>);
    let reveal = use_state_eq(|| None::<Reveal>);
    {
        let (text_entry, cell_entry) = (text_entry.clone(), cell_entry.clone());
        let id = analysis.as_ref().map_or(0, |a| Rc::as_ptr(a) as usize);
        use_effect_with(id, move |_| {
            text_entry.set(None);
            cell_entry.set(None);
        });
    }
    let point = use_state_eq(|| None::<usize>);
    let on_point = {
        let (text_entry, current, point) = (text_entry.clone(), current.clone(), point.clone());
        Callback::from(move |p: Option<Point>| {
            point.set(p.as_ref().map(|p| p.at));
            let found = p.and_then(|p| Some((current.as_ref()?.report.entry_at(p.at)?, p.caret)));
            text_entry.set(found);
        })
    };
    let on_cell = {
        let (cell_entry, current, reveal) = (cell_entry.clone(), current.clone(), reveal.clone());
        Callback::from(move |c: Option<CellRef>| {
            let Some(a) = current.as_ref() else { return };
            let found = c
                .as_ref()
                .and_then(|c| a.report.entry_of(c.rank, &c.kind, c.id));
            // A click (not a hover) brings the entry into view.
            let clicked = c.as_ref().is_some_and(|c| c.clicked);
            if let Some(at) = found
                .filter(|_| clicked)
                .and_then(|i| entry_place(&a.report, &a.text, i))
            {
                reveal.set(Some(Reveal {
                    line: at.line - 1,
                    col: at.col - 1,
                    nonce: (*reveal).map_or(0, |r| r.nonce + 1),
                }));
            }
            cell_entry.set(found);
        })
    };
    let text = current
        .as_ref()
        .and_then(|a| entry_span(&a.report, (*cell_entry)?));
    let cells = current.as_ref().and_then(|a| {
        let (i, caret) = (*text_entry)?;
        Some(Linked {
            entry: a.report.entries.get(i)?.clone(),
            reveal: caret,
        })
    });
    Linking {
        on_point,
        on_cell,
        text,
        cells,
        reveal: *reveal,
        point: *point,
    }
}

/// The grid's selection as the page holds it: noted in `view` for the
/// share link, and read by the job table, which lists the jobs on the
/// selected nodes. With the callback the grid tells it by.
#[hook]
pub fn use_grid_selection(
    view: &ViewRecord,
) -> (Option<KeptSelection>, Callback<Option<KeptSelection>>) {
    let selected = use_state(|| view.start.selection);
    let (setter, noted) = (selected.setter(), view.on_selection());
    let on_selection = Callback::from(move |kept: Option<KeptSelection>| {
        setter.set(kept);
        noted.emit(kept);
    });
    (*selected, on_selection)
}

/// How the page shows its system, as a share link keeps it: the view the
/// page's address brought (read once, on the first render, before the
/// address is cleaned), else the one kept from the last visit, and the
/// user's changes since. The changes are written aside, not into state:
/// none of them redraws anything; each is kept for the next visit, and
/// the share button reads them when pressed.
#[derive(Clone)]
pub struct ViewRecord {
    /// The view the page's share link carried (the defaults without one).
    pub start: Rc<SharedView>,
    now: Rc<RefCell<SharedView>>,
    /// Whether changes are kept for the next visit: the page's are; an
    /// embed's never overwrite the page's own.
    kept: bool,
}

impl ViewRecord {
    /// A record starting from `start`, not the page's and never kept: an
    /// embed's.
    pub fn of(start: rscope_core::share::SharedView) -> ViewRecord {
        let now = Rc::new(RefCell::new(start.clone()));
        ViewRecord {
            start: Rc::new(start),
            now,
            kept: false,
        }
    }

    /// Note each zoom step the grid takes.
    pub fn on_zoom(&self) -> Callback<usize> {
        let record = self.clone();
        let default = rscope_core::grid::geometry::DEFAULT_ZOOM;
        Callback::from(move |step| record.change(|v| v.zoom = (step != default).then_some(step)))
    }

    /// Note each shape the shape panel holds.
    pub fn on_shape(&self) -> Callback<String> {
        let record = self.clone();
        Callback::from(move |shape: String| record.change(|v| v.set_shape(&shape)))
    }

    /// Note each selection the grid holds (`None`: none), as kept.
    pub fn on_selection(&self) -> Callback<Option<rscope_core::grid::pick::KeptSelection>> {
        let record = self.clone();
        Callback::from(move |kept| record.change(|v| v.selection = kept))
    }

    /// Note the moment the timeline shows (`None`: after the last event).
    pub fn note_at(&self, at: Option<f64>) {
        self.change(|v| v.set_at(at));
    }

    /// Note the grid's colouring.
    pub fn note_color(&self, choice: &ColorChoice) {
        self.change(|v| v.set_color(&choice.to_string()));
    }

    /// Change the view, and keep it for the next visit when it changed.
    fn change(&self, how: impl FnOnce(&mut SharedView)) {
        let mut view = self.now.borrow().clone();
        how(&mut view);
        if view != *self.now.borrow() {
            if self.kept {
                storage::save_view(&view);
            }
            *self.now.borrow_mut() = view;
        }
    }

    /// The view as it is now.
    pub fn now(&self) -> SharedView {
        self.now.borrow().clone()
    }
}

/// The page's view record ([`ViewRecord`]).
#[hook]
pub fn use_view_record() -> ViewRecord {
    let start = use_memo((), |_| {
        load::shared_view().unwrap_or_else(storage::saved_view)
    });
    let now = use_mut_ref(|| (*start).clone());
    ViewRecord {
        start,
        now,
        kept: true,
    }
}

/// How the grid is coloured: the user's choice and what it comes to.
pub struct Coloring {
    /// What the user picked.
    pub choice: ColorChoice,
    /// Pick another.
    pub on_choose: Callback<ColorChoice>,
    /// The colouring the grid draws.
    pub by: Rc<ColorBy>,
    /// Why it is not the one picked.
    pub problem: Option<String>,
    /// The running jobs of a job list in the tab's system, which the menu
    /// offers to colour by.
    #[cfg(feature = "page")]
    pub jobs: Option<Rc<rscope_core::grid::jobs::JobsOnGrid>>,
}

/// The grid's colouring for the tabs `docs`, whose active one has states
/// or not, starting with the `shared` one a share link names. Colouring by another tab names it by index: when a tab closes,
/// that index may mean another document, so the choice is dropped. The
/// other tab's set is read by the worker (`analyst`) and rebuilt here a
/// few ranks at a time; until it has come, cells keep their colours.
#[hook]
pub fn use_coloring(
    docs: &Docs,
    grid: Option<Rc<Grid>>,
    queues: Option<Rc<NodeQueues>>,
    shared: Option<&str>,
) -> Coloring {
    let has_states = grid.as_ref().is_some_and(|g| g.has_states());
    let grid = SameGrid(grid);
    let analyst = use_workers().analysis;
    let choice = use_state(|| shared.map_or_else(ColorChoice::default, ColorChoice::parse));
    // A share link's colouring outlasts the queues its configuration
    // brings, once.
    let linked = use_mut_ref(|| shared.is_some());
    {
        let choice = choice.clone();
        use_effect_with(docs.docs.len(), move |_| {
            if choice.names_a_tab() {
                choice.set(ColorChoice::Auto);
            }
        });
    }
    {
        // A configuration that comes to have queues shows them at once.
        let (choice, linked) = (choice.clone(), linked.clone());
        use_effect_with(queues.is_some(), move |has| {
            if *has && !linked.replace(false) {
                choice.set(ColorChoice::Queue);
            }
        });
    }
    #[cfg(feature = "page")]
    let jobs = grid.0.as_ref().and_then(|g| g.jobs().cloned());
    #[cfg(feature = "page")]
    {
        // So does a job list that comes to have running jobs, by job.
        let choice = choice.clone();
        use_effect_with(jobs.is_some(), move |has| {
            if *has && !linked.replace(false) {
                choice.set(ColorChoice::Jobs(rscope_core::grid::jobs::JobKey::Job));
            }
        });
    }
    // The element's bundle (no `page` feature) has one document and a size
    // budget: it colours by no other tab.
    let member = (choice.member(docs.docs.len(), docs.active))
        .filter(|_| cfg!(feature = "page"))
        .map(|i| (i, docs.docs[i].system_texts()));
    let other = use_member_set(member.as_ref().map(|(_, t)| t.clone()), &analyst);
    let colored = use_memo(
        ((*choice).clone(), has_states, member, other, grid, queues),
        move |(choice, has_states, member, other, grid, queues)| {
            let other = match (member, other.as_ref()) {
                (Some((i, text)), Some((seen, set))) if seen == text => {
                    Some((*i, (*set.0).clone()))
                }
                _ => None,
            };
            let own = queues.as_ref().map(|q| &q.overlay);
            let (by, problem) = coloring(choice, *has_states, other, own);
            #[cfg(feature = "page")]
            let (by, problem) = {
                let jobs = grid.0.as_ref().and_then(|g| g.jobs());
                match rscope_core::color::by_jobs(choice, jobs.map(|j| &**j)) {
                    Some(by) => (by, None),
                    None => (by, problem),
                }
            };
            let by = on_grid(&Rc::new(by), grid.0.as_deref());
            // Another colouring's tooltip names each node's queues too.
            let noted = queues
                .as_ref()
                .filter(|_| *choice != ColorChoice::Queue)
                .and_then(|q| with_queue_notes(&by, q));
            (noted.map_or(by, Rc::new), problem)
        },
    );
    let on_choose = {
        let choice = choice.clone();
        Callback::from(move |c: ColorChoice| choice.set(c))
    };
    Coloring {
        choice: (*choice).clone(),
        on_choose,
        by: colored.0.clone(),
        problem: colored.1.clone(),
        #[cfg(feature = "page")]
        jobs,
    }
}

/// The drain table of the grid shown, and the nodes it outlines there.
pub struct DrainOutline {
    /// The table's rows, for a `resource.status` payload with drained
    /// nodes.
    pub rows: Option<Rc<Vec<DrainView>>>,
    /// Whether the grid is a `resource.status` payload's.
    pub payload: bool,
    /// A name for the table that changes with the system's grid (a new
    /// grid starts a new table; a moment of its timeline does not).
    pub key: String,
    /// The cells the grid outlines.
    pub linked: Option<Linked>,
    /// Outline a row's ranks, or nothing.
    pub on_outline: Callback<Option<String>>,
    /// The state filter's choices: each state some node is in, and its
    /// words (none without node states).
    pub states: Rc<Vec<(String, String)>>,
    /// The state chosen, its ranks and what it outlines in words.
    pub filtered: Option<(String, IdSet, String)>,
    /// The cells the state filter outlines.
    pub filter_linked: Option<Linked>,
    /// Choose a state, or every state.
    pub on_state: Callback<Option<String>>,
    /// With the others hidden, the grid of the chosen state's nodes alone.
    pub only: Option<Rc<Grid>>,
    /// Hide the other nodes, or show them again.
    pub on_only: Callback<bool>,
}

/// The drain table of `grid` and the row it outlines; an outline made on
/// another grid is dropped. The table is the one of `system`'s (the grid
/// before a timeline's moment is laid on it), given new rows at each
/// moment.
#[hook]
pub fn use_drain_outline(grid: Option<Rc<Grid>>, system: Option<&Rc<Grid>>) -> DrainOutline {
    let outlined = use_state(|| None::<(SameGrid, String)>);
    let same = SameGrid(grid.clone());
    let rows = use_memo(same.clone(), |g| {
        g.0.as_ref()
            .and_then(|g| g.node_states())
            .filter(|s| !s.drains.is_empty())
            .map(|s| s.drains.clone())
    });
    let linked = (*outlined)
        .as_ref()
        .filter(|(g, _)| *g == same)
        .and_then(|(_, ranks)| Some((grid.as_ref()?, IdSet::decode(ranks).ok()?)))
        .map(|(g, ids)| Linked {
            entry: g.whole_nodes(&ids),
            reveal: true,
        });
    let chosen = use_state(|| None::<(SameGrid, String)>);
    let states = use_memo(same.clone(), |g| {
        g.0.as_ref().map_or_else(Vec::new, |g| g.state_choices())
    });
    // The state chosen is the system's: a timeline's step keeps it, and
    // its ranks are the moment's.
    let same_system = SameGrid(system.cloned());
    let filtered = (chosen.as_ref())
        .filter(|(g, _)| *g == same_system)
        .and_then(|(_, name)| {
            let (ranks, words) = grid.as_ref()?.state_filter(name)?;
            Some((name.clone(), ranks, words))
        });
    let filter_linked = filtered
        .as_ref()
        .zip(grid.as_ref())
        .map(|((_, ids, _), g)| Linked {
            entry: g.whole_nodes(ids),
            reveal: true,
        });
    let (only, on_only) = use_only_state(&same, filtered.as_ref().map(|(_, ids, _)| ids));
    let on_state = Callback::from(move |name: Option<String>| {
        chosen.set(name.map(|n| (same_system.clone(), n)));
    });
    let on_outline = Callback::from(move |ranks: Option<String>| {
        outlined.set(ranks.map(|r| (same.clone(), r)));
    });
    DrainOutline {
        only,
        on_only,
        states,
        filtered,
        filter_linked,
        on_state,
        payload: grid.as_ref().is_some_and(|g| g.node_states().is_some()),
        rows: (*rows).clone(),
        key: system.map_or(String::new(), |g| format!("{:p}", Rc::as_ptr(g))),
        linked,
        on_outline,
    }
}

/// The state filter's "only these nodes": the grid `same` with only the
/// nodes `ranks` holds ([`Grid::only_ranks`]) while it is on, made once per
/// grid and state; and the switch, which a new grid turns off.
#[hook]
fn use_only_state(same: &SameGrid, ranks: Option<&IdSet>) -> (Option<Rc<Grid>>, Callback<bool>) {
    let on = use_state(|| None::<SameGrid>);
    let wanted = (on.as_ref() == Some(same))
        .then(|| ranks.cloned())
        .flatten();
    let only = use_memo((same.clone(), wanted), |(same, ranks)| {
        Some(Rc::new(same.0.as_ref()?.only_ranks(ranks.as_ref()?)))
    });
    let same = same.clone();
    let on_only = Callback::from(move |only: bool| on.set(only.then(|| same.clone())));
    ((*only).clone(), on_only)
}

/// A grid compared by pointer: a colouring is worked out again only for
/// another grid, never by comparing two grids whole.
#[derive(Clone)]
pub struct SameGrid(pub Option<Rc<Grid>>);

impl PartialEq for SameGrid {
    fn eq(&self, other: &SameGrid) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

/// The resources of another tab's system (or why it has none), once the
/// worker has read them, with the documents they are of. They are kept
/// while the documents are unchanged: going to that tab and back does not
/// read them again.
type MemberSet = Option<(TabTexts, SetRead)>;

/// A set read for colouring, compared by pointer (sets are not compared
/// whole on every render).
#[derive(Clone)]
pub struct SetRead(Rc<Result<Rset, String>>);

impl PartialEq for SetRead {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Ask the worker for the resources of another tab's `system` whenever
/// its documents change.
#[hook]
fn use_member_set(system: Option<TabTexts>, analyst: &Rc<Analyst>) -> MemberSet {
    let got = use_state_eq(|| None::<(TabTexts, SetRead)>);
    let asked = use_mut_ref(Latest::<TabTexts>::default);
    let told = {
        let (got, asked) = (got.setter(), asked.clone());
        use_memo((), move |_| -> OnMember {
            Rc::new(move |seq: u32, bytes: JsValue| {
                let (got, asked) = (got.clone(), asked.clone());
                spawn_local(async move {
                    let current = || asked.borrow().is_current(seq);
                    let Some(set) = member_set(&bytes, &current).await else {
                        return;
                    };
                    if let Some(text) = asked.borrow().asked(seq).cloned() {
                        got.set(Some((text, SetRead(Rc::new(set)))));
                    }
                });
            })
        })
    };
    {
        let (analyst, asked, seen) = (analyst.clone(), asked.clone(), (*got).clone());
        let told = (*told).clone();
        use_effect_with(system, move |system| {
            let fresh = seen
                .as_ref()
                .is_some_and(|(t, _)| Some(t) == system.as_ref());
            match (system, fresh) {
                (Some(system), false) => {
                    let seq = asked.borrow_mut().ask(system.clone());
                    analyst.post_member(seq, system, &told);
                }
                // What was asked for before (another tab's) is not wanted
                // now: its answer must not replace the one kept.
                _ => {
                    asked.borrow_mut().supersede();
                }
            }
        });
    }
    (*got).clone()
}

/// Rebuild the set the worker sent, in slices. `None` once `current` says
/// the request was superseded.
async fn member_set(bytes: &JsValue, current: impl Fn() -> bool) -> Option<Result<Rset, String>> {
    let mut build = match SetBuild::read(&part_bytes(Some(bytes))) {
        Ok(b) => b,
        Err(why) => return Some(Err(why)),
    };
    while !build.step(2000) {
        gloo::timers::future::TimeoutFuture::new(0).await;
        if !current() {
            return None;
        }
    }
    Some(Ok(build.finish()))
}

/// What the findings panel does: select a finding's text in the editor, or
/// apply its fix to the active tab's `text`.
pub struct FindingActions {
    /// The text to select (a finding was clicked).
    pub selection: Option<TextSelection>,
    /// Select a finding's text.
    pub on_locate: Callback<Finding>,
    /// Apply a fix.
    pub on_fix: Callback<FixView>,
    /// Select these bytes of the text (a vertex chosen in the picture).
    pub on_select_bytes: Callback<(usize, usize)>,
}

/// Select findings in the editor and apply their fixes to `text`.
#[hook]
pub fn use_finding_actions(docs: &UseReducerHandle<DocsState>, text: Text) -> FindingActions {
    let selection = use_state(|| None::<TextSelection>);
    let on_locate = {
        let selection = selection.clone();
        Callback::from(move |f: Finding| {
            let nonce = selection.as_ref().map_or(0, |s| s.nonce + 1);
            selection.set(Some(TextSelection {
                start: f.utf16.0,
                end: f.utf16.1,
                line: f.line,
                nonce,
                focus: true,
            }));
        })
    };
    let on_select_bytes = {
        let (selection, text) = (selection.clone(), text.clone());
        Callback::from(move |(a, z): (usize, usize)| {
            let (start, end, line) = rscope_core::textview::utf16_selection(&text, a..z);
            let nonce = selection.as_ref().map_or(0, |s| s.nonce + 1);
            selection.set(Some(TextSelection {
                start,
                end,
                line,
                nonce,
                focus: false,
            }));
        })
    };
    let on_fix = {
        let docs = docs.dispatcher();
        Callback::from(move |fix: FixView| {
            docs.dispatch(Action::Fix(apply_fix(&text, fix.span, &fix.replacement)));
        })
    };
    FindingActions {
        selection: (*selection).clone(),
        on_locate,
        on_fix,
        on_select_bytes,
    }
}

/// A region's name `base`, or `base: NAME` inside an element named NAME.
#[hook]
pub fn use_region_name(base: &'static str) -> AttrValue {
    region_name(base, use_context::<RegionOf>().as_ref())
}

/// What the worker read from the documents added to a tab's system, with
/// the texts it is of (and whether the jobs that ran were asked) and the
/// request that brought it (what a memo compares instead of what was
/// read).
type ReadBeside = Option<(BesideKey, u32, Rc<Beside>)>;

/// The texts added to a tab's system, and whether a timeline asks for the
/// jobs that ran.
type BesideKey = (Vec<Text>, bool);

/// The shown tab's grid with what the documents added to its system say of its
/// nodes (read by the worker, [`rscope_core::analysis::beside`]): the
/// node states of a `flux resource status` payload, so that the grid
/// colours by state and lists the drained nodes as the payload's own tab
/// does, and a list payload's allocated and down resources. `grid` as it
/// is while they are read, without any, or where its own document says
/// as much ([`Beside::lay`]). With `past` (a resource eventlog is in the
/// system), every job of a job list that ran is read too, for the
/// timeline's moments.
#[hook]
pub fn use_grid_beside(docs: &DocsState, grid: Option<Rc<Grid>>, past: bool) -> Option<Rc<Grid>> {
    let joined: Vec<Text> = (docs.current().joined.iter())
        .map(|j| j.text.clone())
        .collect();
    let names: Vec<String> = (docs.current().joined.iter())
        .map(|j| j.source.clone())
        .collect();
    let analyst = use_workers().analysis;
    let key: BesideKey = (joined, past);
    let got = use_state(|| None::<(BesideKey, u32, Rc<Beside>)>);
    let asked = use_mut_ref(Latest::<BesideKey>::default);
    let told = {
        let (got, asked) = (got.setter(), asked.clone());
        use_memo((), move |_| -> OnMember {
            Rc::new(move |seq: u32, bytes: JsValue| {
                let Some(key) = asked.borrow().asked(seq).cloned() else {
                    return;
                };
                let (got, asked) = (got.clone(), asked.clone());
                spawn_local(async move {
                    let current = || asked.borrow().is_current(seq);
                    if let Some(read) = read_beside(&bytes, current).await {
                        got.set(Some((key, seq, Rc::new(read))));
                    }
                });
            })
        })
    };
    {
        let (asked, told, seen) = (asked.clone(), (*told).clone(), (*got).clone());
        // The names go with the texts they are of: a text is joined once.
        use_effect_with(key.clone(), move |key| {
            let fresh = seen.as_ref().is_some_and(|(k, _, _)| k == key);
            if !key.0.is_empty() && !fresh {
                let seq = asked.borrow_mut().ask(key.clone());
                analyst.post_beside(seq, (&key.0, names, key.1), &told);
            } else {
                // What was asked for before (another tab's documents) is
                // not wanted now: its answer must not replace the one kept.
                asked.borrow_mut().supersede();
            }
        });
    }
    let read: ReadBeside = (*got).clone().filter(|(k, _, _)| *k == key);
    let answer = read.as_ref().map(|(_, seq, _)| *seq);
    let laid = use_memo((SameGrid(grid), answer), move |(grid, _)| {
        let beside = read.as_ref().map(|(_, _, b)| b.clone());
        let laid = (grid.0.as_ref()).and_then(|g| beside.and_then(|b| b.lay(g)));
        laid.map(Rc::new).or_else(|| grid.0.clone())
    });
    (*laid).clone()
}

/// `make(deps)`, made in a task of its own after the render that asks for
/// it, so that what that render shows is painted first; made again when
/// `deps` change. The latest made, with the `deps` it was made of (older
/// ones until a newer is made), or `None` before the first.
#[hook]
pub fn use_later<D, T>(deps: D, make: fn(&D) -> T) -> Option<(D, Rc<T>)>
where
    D: PartialEq + Clone + 'static,
    T: 'static,
{
    let made = use_state(|| None::<(D, Rc<T>)>);
    // Which `deps` are the latest: one made for older ones (a slider
    // dragged over many moments) is neither made nor kept.
    let latest = use_mut_ref(|| 0u32);
    {
        let made = made.setter();
        use_effect_with(deps, move |deps| {
            let deps = deps.clone();
            let mine = latest.borrow().wrapping_add(1);
            *latest.borrow_mut() = mine;
            spawn_local(async move {
                crate::task::next_task().await;
                if *latest.borrow() == mine {
                    let value = Rc::new(make(&deps));
                    made.set(Some((deps, value)));
                }
            });
        });
    }
    (*made).clone()
}

/// The answer to a `post_beside` (`crate::analysis_worker`), read a
/// part a task ([`BesideBuild`]), then a task left for its drawing:
/// reading a 100 000-job list's colouring at once and drawing it was one
/// task of 73 ms. `None` once `current` says a newer request was made.
async fn read_beside(parts: &JsValue, current: impl Fn() -> bool) -> Option<Beside> {
    let mut build = BesideBuild::read(part_list(parts));
    // The element's bundle (no `page` feature) has one part: no running
    // jobs, whose cells come in more.
    while cfg!(feature = "page") {
        crate::task::next_task().await;
        if !current() {
            return None;
        }
        if build.step() {
            crate::task::next_task().await;
            break;
        }
    }
    current().then(|| build.finish())
}

/// A text of the system of `tab` (`what`; `None`: none wanted, as while
/// its section is closed), printed by the shape worker: a 16 384-node
/// system is read off this thread. The latest answer, with whether it
/// answers what is asked now (the text stays while a newer one is
/// printed).
#[hook]
pub fn use_system_text(tab: &Doc, what: Option<SystemText>) -> Option<(Rc<SystemShown>, bool)> {
    let shapes = use_workers().shapes;
    let got = use_state(|| None::<(SystemAsk, Rc<SystemShown>)>);
    let ask = what.map(|what| SystemAsk::of(tab, what));
    {
        let got = got.setter();
        use_effect_with(ask.clone(), move |ask| {
            if let Some(ask) = ask.clone() {
                let asked = ask.clone();
                let done = Callback::from(move |s| got.set(Some((asked.clone(), Rc::new(s)))));
                shapes.system(ask, done);
            }
        });
    }
    let (asked, shown) = (*got).clone()?;
    ask.map(|a| (shown, a == asked))
}

/// The slider of the timeline shown: which log it is over, and where.
#[derive(Clone, Default, PartialEq)]
struct SliderState(Option<(Text, Slider)>);

/// What changes the slider: a new log's moments, or a user's step.
enum SliderChange {
    Start(Text, Slider),
    Step(SliderAction),
}

impl Reducible for SliderState {
    type Action = SliderChange;

    fn reduce(self: Rc<Self>, change: SliderChange) -> Rc<Self> {
        Rc::new(match (change, &self.0) {
            (SliderChange::Start(text, slider), _) => SliderState(Some((text, slider))),
            (SliderChange::Step(a), Some((text, s))) => {
                SliderState(Some((text.clone(), s.clone().apply(a))))
            }
            (SliderChange::Step(_), None) => return self,
        })
    }
}

/// A resource eventlog's timeline as the page shows it under the grid.
#[derive(Clone, PartialEq)]
pub struct TimelineShown {
    /// The timeline: its chart and moments.
    pub timeline: Rc<Timeline>,
    /// Where the slider is.
    pub slider: Slider,
    /// Told each step.
    pub on_step: Callback<SliderAction>,
    /// Whether the grid still shows an earlier moment than the slider's.
    pub waiting: bool,
    /// The event list.
    pub events: EventList,
}

/// A resource eventlog's event list: the page the worker answered for the
/// filters, and how to change them.
#[derive(Clone, PartialEq)]
pub struct EventList {
    /// The latest page answered (for earlier filters while the newest are
    /// read).
    pub page: Option<Rc<EventPage>>,
    /// The filters.
    pub query: EventQuery,
    /// Change them.
    pub on_query: Callback<EventQuery>,
    /// Show the events and history of the node of this rank (a click on
    /// the grid).
    pub on_node: Callback<u32>,
    /// The node under the pointer on the grid, whose events and history
    /// the list shows until the pointer leaves it (a peek; `None`: the
    /// filters' own).
    pub peek: Option<u32>,
    /// Peek at a node, or stop.
    pub on_peek: Callback<Option<u32>>,
}

/// A resource eventlog shown, by the number the worker keeps it under.
type ShownLog = Option<(u32, Text)>;

thread_local! {
    /// The number the next resource eventlog shown is given.
    static NEXT_LOG: std::cell::Cell<u32> = const { std::cell::Cell::new(1) };
}

/// The resource eventlog `text`, numbered: a new number for each new text.
#[hook]
fn use_shown_log(text: Option<Text>) -> ShownLog {
    let numbered = use_memo(text, |text| {
        let key = NEXT_LOG.with(|n| n.replace(n.get().wrapping_add(1)));
        text.clone().map(|t| (key, t))
    });
    (*numbered).clone()
}

/// The event list of the resource eventlog `log`, asked of the worker
/// each time the filters change (the newest asked wins); its text goes
/// with the first request only, or again when the worker lost it.
#[hook]
fn use_event_list(log: ShownLog) -> EventList {
    let analyst = use_workers().analysis;
    let query = use_state(EventQuery::default);
    // A node's requests go once, not at each cell of it: setting the node
    // peeked at already renders nothing.
    let peek = use_state_eq(|| None::<u32>);
    let page = use_state(|| None::<(Text, Rc<EventPage>)>);
    let asked = use_mut_ref(Latest::<Text>::default);
    let sender = use_mut_ref(LogSender::default);
    let again = use_state(|| 0u32);
    let told = {
        let (page, asked, sender, again) =
            (page.setter(), asked.clone(), sender.clone(), again.setter());
        use_memo((), move |_| -> OnMember {
            Rc::new(move |seq: u32, bytes: JsValue| {
                let Some(text) = asked.borrow().asked(seq).cloned() else {
                    return;
                };
                let bytes = part_bytes(Some(&bytes));
                if bytes == NOT_KEPT {
                    sender.borrow_mut().forget();
                    again.set(seq);
                } else if let Some(p) = event_page_from_part(&bytes) {
                    page.set(Some((text, Rc::new(p))));
                }
            })
        })
    };
    {
        let told = (*told).clone();
        use_effect_with(
            (log.clone(), query.peeking(*peek), *again),
            move |(log, query, _)| {
                if let Some((key, text)) = log {
                    let seq = asked.borrow_mut().ask(text.clone());
                    let with_text = sender.borrow_mut().carries_text(*key).then_some(text);
                    analyst.post_events(seq, (*key, with_text), query, &told);
                }
            },
        );
    }
    let text = log.map(|(_, t)| t);
    let on_query = {
        let query = query.setter();
        use_callback((), move |q: EventQuery, _| query.set(q))
    };
    let on_node = {
        let (setter, peek) = (query.setter(), peek.setter());
        use_callback((*query).clone(), move |rank: u32, query| {
            setter.set(query.peeking(Some(rank)));
            peek.set(None);
        })
    };
    let on_peek = {
        let setter = peek.setter();
        use_callback((), move |rank: Option<u32>, _| setter.set(rank))
    };
    EventList {
        on_node,
        peek: *peek,
        on_peek,
        page: (*page)
            .clone()
            .filter(|(t, _)| Some(t) == text.as_ref())
            .map(|(_, p)| p),
        query: (*query).clone(),
        on_query,
    }
}

/// The resource eventlog of the shown tab's system: its own text, else the
/// first document added to it that is one. Looked for again only when
/// its texts change: the page draws again at each move of the pointer
/// over the grid, and an R of 16 384 nodes is one line of megabytes.
#[hook]
pub fn use_eventlog_text(docs: &DocsState) -> Option<Text> {
    let doc = docs.current();
    let texts: Vec<Text> = std::iter::once(&doc.text)
        .chain(doc.joined.iter().map(|j| &j.text))
        .cloned()
        .collect();
    let found = use_memo(texts, |texts| {
        texts
            .iter()
            .find(|t| looks_like_resource_eventlog(t))
            .cloned()
    });
    (*found).clone()
}

/// What a new timeline is drawn into: [`use_timeline`]'s state.
#[derive(Clone)]
struct TimelineTo {
    timeline: UseStateSetter<Option<(Text, Rc<Timeline>)>>,
    moment: UseStateSetter<Option<(Text, Rc<Moment>)>>,
    slider: UseReducerDispatcher<SliderState>,
    asked: Rc<RefCell<Latest<(Text, bool)>>>,
    /// A share link's moment, taken by the first timeline.
    linked: Rc<RefCell<Option<Rc<SharedView>>>>,
    /// The request whose timeline is drawn (0 while another log's is
    /// asked): its figures are read on while the slider's steps ask
    /// newer requests.
    drawn: Rc<Cell<u32>>,
}

impl TimelineTo {
    /// Draw the new timeline `t` of `text` and its moment `now` in a task
    /// after the one that read them, if request `seq` is still the latest:
    /// reading 100 000 events' timeline and drawing it were one task of
    /// 70 ms. (A step of its slider is drawn at once.) The slider starts
    /// at a share link's moment, once. The timeline's figures follow, read
    /// from `figures` a part a task ([`read_figure_part`]).
    fn draw_later(
        &self,
        seq: u32,
        text: Text,
        (t, now): (Timeline, Moment),
        figures: Vec<JsValue>,
    ) {
        let to = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            crate::task::next_task().await;
            if !to.asked.borrow().is_current(seq) {
                return;
            }
            let mut start = Slider::new(&t.moments);
            let linked = to.linked.borrow_mut().take();
            if let Some(at) = linked.and_then(|v| v.at_within(&t.moments)) {
                start = start.apply(SliderAction::Time(at));
            }
            to.slider.dispatch(SliderChange::Start(text.clone(), start));
            let t = Rc::new(t);
            to.drawn.set(seq);
            to.timeline.set(Some((text.clone(), t.clone())));
            to.moment.set(Some((text.clone(), Rc::new(now))));
            to.add_figures(seq, (text, &t), figures).await;
        });
    }

    /// Read the figures' `parts` into timeline `t` of `text`, one a task,
    /// and draw it again with them, while it is the timeline drawn (the
    /// slider's steps ask newer requests of the same log).
    async fn add_figures(&self, seq: u32, (text, t): (Text, &Timeline), parts: Vec<JsValue>) {
        if parts.is_empty() {
            return;
        }
        let mut figures = Vec::new();
        for part in parts {
            crate::task::next_task().await;
            let read = read_figure_part(&mut figures, &part_bytes(Some(&part)));
            if !read || self.drawn.get() != seq {
                return;
            }
        }
        crate::task::next_task().await;
        if self.drawn.get() != seq {
            return;
        }
        let with = Timeline {
            figures,
            ..t.clone()
        };
        self.timeline.set(Some((text, Rc::new(with))));
    }
}

/// The shown tab's grid at the moment the timeline's slider shows, and the
/// timeline, when its system holds a resource eventlog. The worker reads
/// the log once for its timeline ([`rscope_core::analysis::timeline`]),
/// then replays it to each moment the slider stops at (the newest asked
/// wins); until the slider moves, the grid is the tab's own, after the
/// last event. The first timeline starts at the moment a share link
/// names (`view`), and each moment is noted in the view.
#[hook]
pub fn use_timeline(
    log: Option<Text>,
    grid: Option<Rc<Grid>>,
    view: &ViewRecord,
) -> (Option<Rc<Grid>>, Option<TimelineShown>) {
    let log = use_shown_log(log);
    let text = log.as_ref().map(|(_, t)| t.clone());
    let events = use_event_list(log.clone());
    let analyst = use_workers().analysis;
    let timeline = use_state(|| None::<(Text, Rc<Timeline>)>);
    let moment = use_state(|| None::<(Text, Rc<Moment>)>);
    let slider = use_reducer(SliderState::default);
    let asked = use_mut_ref(Latest::<(Text, bool)>::default);
    let sender = use_mut_ref(LogSender::default);
    let again = use_state(|| 0u32);
    let drawn: Rc<Cell<u32>> = use_memo((), |_| Cell::new(0));
    // A share link's moment, once, for the first timeline.
    let linked = use_mut_ref(|| Some(view.start.clone()));
    let told = {
        let to = TimelineTo {
            timeline: timeline.setter(),
            moment: moment.setter(),
            slider: slider.dispatcher(),
            asked: asked.clone(),
            linked,
            drawn: drawn.clone(),
        };
        let (sender, again) = (sender.clone(), again.setter());
        use_memo((), move |_| -> OnMember {
            Rc::new(move |seq: u32, parts: JsValue| {
                let Some((text, first)) = to.asked.borrow().asked(seq).cloned() else {
                    return;
                };
                let mut parts = js_sys::Array::from(&parts).to_vec();
                let head = part_bytes(parts.first());
                if head == NOT_KEPT {
                    sender.borrow_mut().forget();
                    return again.set(seq);
                }
                let moments = parts.get(1).map(|p| part_bytes(Some(p)));
                let Some(answer) = timeline_from_parts(&head, moments.as_deref()) else {
                    return;
                };
                let figures = parts.split_off(parts.len().min(2));
                match answer.timeline.filter(|_| first) {
                    Some(t) => to.draw_later(seq, text, (t, answer.moment), figures),
                    None => to.moment.set(Some((text, Rc::new(answer.moment)))),
                }
            })
        })
    };
    let at = (slider.0.as_ref())
        .filter(|(t, _)| Some(t) == text.as_ref())
        .and_then(|(_, s)| s.asked());
    let have = (*timeline)
        .as_ref()
        .is_some_and(|(t, _)| Some(t) == text.as_ref());
    let post = {
        let (asked, sender, told) = (asked.clone(), sender.clone(), (*told).clone());
        move |(key, text): &(u32, Text), at: Option<f64>, first: bool| {
            drawn.set(if first { 0 } else { drawn.get() });
            let seq = asked.borrow_mut().ask((text.clone(), first));
            let with_text = sender.borrow_mut().carries_text(*key).then_some(text);
            analyst.post_timeline(seq, (*key, with_text), at, first, &told);
        }
    };
    {
        let post = post.clone();
        use_effect_with((log.clone(), have), move |(log, have)| {
            if let (Some(log), false) = (log, have) {
                post(log, None, true);
            }
        });
    }
    {
        let view = view.clone();
        use_effect_with((log, at.map(f64::to_bits), *again), move |(log, ..)| {
            if log.is_some() {
                view.note_at(at);
            }
            if let (Some(log), Some(at)) = (log, at) {
                post(log, Some(at), false);
            }
        });
    }
    let shown_moment = (*moment).clone().filter(|(t, _)| Some(t) == text.as_ref());
    let waiting = at.is_some() && shown_moment.as_ref().map(|(_, m)| m.at) != Some(at);
    let laid = {
        let moment = shown_moment.filter(|_| at.is_some()).map(|(_, m)| m);
        use_memo(
            (SameGrid(grid), moment.as_ref().map(Rc::as_ptr)),
            move |(grid, _)| {
                let laid = (grid.0.as_ref()).and_then(|g| moment.as_ref().and_then(|m| m.lay(g)));
                laid.map(Rc::new).or_else(|| grid.0.clone())
            },
        )
    };
    let on_step = {
        let dispatcher = slider.dispatcher();
        use_callback((), move |a: SliderAction, _| {
            dispatcher.dispatch(SliderChange::Step(a))
        })
    };
    let slider = (slider.0.as_ref()).filter(|(t, _)| Some(t) == text.as_ref());
    let shown =
        ((*timeline).clone().filter(|_| have))
            .zip(slider)
            .map(|((_, timeline), (_, slider))| {
                let slider = slider.clone();
                TimelineShown {
                    timeline,
                    slider,
                    on_step,
                    waiting,
                    events,
                }
            });
    ((*laid).clone(), shown)
}

/// The grid's cell reports, passed on; with a timeline, a click on a cell
/// also names its node to the event list, which then shows that node's
/// events and history strip, and the pointer on a cell shows them until
/// it leaves the grid (a peek).
#[hook]
pub fn use_node_pick(
    on_cell: Callback<Option<CellRef>>,
    timeline: &Option<TimelineShown>,
) -> Callback<Option<CellRef>> {
    let events = timeline.as_ref().map(|t| t.events.clone());
    let (on_node, on_peek) = (events.as_ref().map(|e| e.on_node.clone()))
        .zip(events.map(|e| e.on_peek))
        .unzip();
    use_callback(
        (on_cell, on_node, on_peek),
        |c: Option<CellRef>, (on_cell, on_node, on_peek)| {
            match (c.as_ref(), on_node, on_peek) {
                (Some(cell), Some(on_node), _) if cell.clicked => on_node.emit(cell.rank),
                (cell, _, Some(on_peek)) => on_peek.emit(cell.map(|c| c.rank)),
                _ => {}
            }
            on_cell.emit(c);
        },
    )
}
