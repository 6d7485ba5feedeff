//! The yew root component: open documents as tabs, edit them, and see what
//! the core finds in them. All resource logic is a call into the core.

use crate::diag::Severity;
use crate::grid::{ColorBy, Grid};
use crate::outline::Outline;
use crate::report::{analyze, Finding, FixView, Report, SetSummary};
use crate::rset::Rset;
use crate::textview::{Mark, Tone};
use crate::web::components::{
    code::{Point, Reveal, Squiggles},
    diagnostics::Diagnostics,
    editor::{Editor, Selection},
    grid::{CellRef, GridView, Linked},
    summary::SummaryView,
    tabs::Tabs,
    toolbar::{Example, Toolbar},
    tree::TreeView,
};
use crate::web::load;
use crate::web::state::{Action, Doc, Docs, Text};
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// How long typing must pause before the document is parsed again.
const PARSE_DELAY_MS: u32 = 120;
/// A change larger than this many bytes is not typing.
const TYPING_BYTES: usize = 256;
/// How long changes must settle before they are saved to local storage.
const SAVE_DELAY_MS: u32 = 600;

/// A message under the toolbar: what just happened, or what went wrong.
#[derive(Clone, PartialEq)]
enum Status {
    Info(String),
    Problem(String),
}

/// The whole page.
#[function_component(App)]
pub fn app() -> Html {
    let docs = use_reducer(Docs::load);
    let status = use_state(|| None::<Status>);
    let examples = use_state(Vec::<Example>::new);
    let report = use_state(|| None::<Rc<Analysis>>);
    let selection = use_state(|| None::<Selection>);
    let color_by = use_state(|| "auto".to_string());
    // The R_lite entry under the editor's pointer or caret, and the one
    // holding the grid's hovered cell: the two halves of the linking.
    let text_entry = use_state_eq(|| None::<(usize, bool)>);
    let cell_entry = use_state_eq(|| None::<usize>);
    let reveal = use_state_eq(|| None::<Reveal>);

    // Open a document, or report why it could not be opened.
    let open = {
        let (docs, status) = (docs.dispatcher(), status.clone());
        Callback::from(move |loaded: Result<Doc, String>| match loaded {
            Ok(doc) => {
                status.set(Some(Status::Info(format!("opened {}", doc.source))));
                docs.dispatch(Action::Open(doc));
            }
            Err(e) => status.set(Some(Status::Problem(e))),
        })
    };

    // On start: a shared document, a ?url= document, and the examples index.
    {
        let (open, examples) = (open.clone(), examples.clone());
        use_effect_with((), move |_| {
            if let Some(shared) = load::shared_document() {
                open.emit(shared);
            }
            if let Some(url) = load::url_param() {
                let open = open.clone();
                spawn_local(async move {
                    let name = load::url_name(&url);
                    open.emit(load::fetch(&url, name).await);
                });
            }
            spawn_local(async move {
                if let Ok(resp) = gloo::net::http::Request::get("static/examples/index.json")
                    .send()
                    .await
                {
                    if let Ok(list) = resp.json::<Vec<Example>>().await {
                        examples.set(list);
                    }
                }
            });
        });
    }

    // Files dropped anywhere on the page open as new tabs.
    {
        let open = open.clone();
        use_effect_with((), move |_| {
            let document = gloo::utils::document();
            let over = EventListener::new_with_options(
                &document,
                "dragover",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                |e| e.prevent_default(),
            );
            let drop = EventListener::new_with_options(
                &document,
                "drop",
                gloo::events::EventListenerOptions::enable_prevent_default(),
                move |e| {
                    e.prevent_default();
                    let files = e
                        .dyn_ref::<web_sys::DragEvent>()
                        .and_then(|d| d.data_transfer())
                        .and_then(|t| t.files());
                    if let Some(files) = files {
                        for i in 0..files.length() {
                            if let Some(file) = files.get(i) {
                                let open = open.clone();
                                spawn_local(async move { open.emit(load::read_file(file).await) });
                            }
                        }
                    }
                },
            );
            move || drop_both(over, drop)
        });
    }

    // Parse the active document once typing pauses; never on every
    // keystroke. A text that changed by more than typing does (a paste, a
    // file, a tab switch) is read at once.
    let last = use_mut_ref(|| (usize::MAX, 0usize));
    {
        let report = report.clone();
        let (text, active) = (docs.current().text.clone(), docs.active);
        use_effect_with(text, move |text| {
            crate::web::mark("rscope:analyze-scheduled");
            let (was_active, was_len) =
                std::mem::replace(&mut *last.borrow_mut(), (active, text.len()));
            let typing = was_active == active && text.len().abs_diff(was_len) <= TYPING_BYTES;
            let delay = if typing { PARSE_DELAY_MS } else { 0 };
            let timer = if text.trim().is_empty() {
                report.set(None);
                None
            } else {
                let text = text.clone();
                Some(Timeout::new(delay, move || {
                    crate::web::mark("rscope:analyze-start");
                    report.set(Some(Rc::new(Analysis::of(&text))));
                    crate::web::mark("rscope:analyze-end");
                }))
            };
            move || drop(timer)
        });
    }

    // Entry indices belong to one analysis: a new one starts unlinked.
    {
        let (text_entry, cell_entry) = (text_entry.clone(), cell_entry.clone());
        let analysis = report.as_ref().map_or(0, |a| Rc::as_ptr(a) as usize);
        use_effect_with(analysis, move |_| {
            text_entry.set(None);
            cell_entry.set(None);
        });
    }

    // Colouring by another tab names it by index: when a tab closes, that
    // index may mean another document, so the choice is dropped.
    {
        let color_by = color_by.clone();
        use_effect_with(docs.docs.len(), move |_| {
            if color_by.starts_with("member:") {
                color_by.set("auto".to_string());
            }
        });
    }

    // Save for the next visit once changes settle.
    {
        let snapshot = (*docs).clone();
        use_effect_with(snapshot, move |snapshot| {
            let snapshot = snapshot.clone();
            let timer = Timeout::new(SAVE_DELAY_MS, move || snapshot.save());
            move || drop(timer)
        });
    }

    let on_edit = {
        let docs = docs.dispatcher();
        Callback::from(move |text| docs.dispatch(Action::Edit(text)))
    };
    let on_select = {
        let docs = docs.dispatcher();
        Callback::from(move |i| docs.dispatch(Action::Select(i)))
    };
    let on_close = {
        let docs = docs.dispatcher();
        Callback::from(move |i| docs.dispatch(Action::Close(i)))
    };
    let on_example = {
        let open = open.clone();
        Callback::from(move |ex: Example| {
            let open = open.clone();
            spawn_local(async move {
                let url = format!("static/examples/{}", ex.file);
                open.emit(load::fetch(&url, ex.title.clone()).await);
            });
        })
    };
    let on_file = {
        let open = open.clone();
        Callback::from(move |file: web_sys::File| {
            let open = open.clone();
            spawn_local(async move { open.emit(load::read_file(file).await) });
        })
    };
    let on_share = {
        let (status, text) = (status.clone(), docs.current().text.clone());
        Callback::from(move |()| match load::share_link(&text) {
            Ok(link) => {
                let status = status.clone();
                let copied = gloo::utils::window()
                    .navigator()
                    .clipboard()
                    .write_text(&link);
                spawn_local(async move {
                    let how = match wasm_bindgen_futures::JsFuture::from(copied).await {
                        Ok(_) => "copied to the clipboard and shown in the address bar",
                        Err(_) => "shown in the address bar (copy it from there)",
                    };
                    status.set(Some(Status::Info(format!(
                        "share link ({} characters) {how}",
                        link.len()
                    ))));
                });
            }
            Err(e) => status.set(Some(Status::Problem(e))),
        })
    };

    let on_locate = {
        let selection = selection.clone();
        Callback::from(move |f: crate::report::Finding| {
            let nonce = selection.as_ref().map_or(0, |s| s.nonce + 1);
            selection.set(Some(Selection {
                start: f.utf16.0,
                end: f.utf16.1,
                line: f.line,
                nonce,
            }));
        })
    };
    let on_fix = {
        let (docs, text) = (docs.dispatcher(), docs.current().text.clone());
        Callback::from(move |fix: FixView| {
            let units: Vec<u16> = text.encode_utf16().collect();
            let (a, b) = (fix.utf16.0.min(units.len()), fix.utf16.1.min(units.len()));
            let mut out: Vec<u16> = units[..a].to_vec();
            out.extend(fix.replacement.encode_utf16());
            out.extend_from_slice(&units[b.max(a)..]);
            docs.dispatch(Action::Edit(String::from_utf16_lossy(&out)));
        })
    };
    let on_color = {
        let color_by = color_by.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            color_by.set(select.value());
        })
    };

    let summaries = report.as_ref().map(|a| a.summaries.clone());
    let findings = report
        .as_ref()
        .map(|a| a.findings.clone())
        .unwrap_or_default();
    let grid = report.as_ref().and_then(|a| a.grid.clone());
    let outline = report.as_ref().and_then(|a| a.outline.clone());
    let properties = report
        .as_ref()
        .map(|a| a.properties.clone())
        .unwrap_or_default();
    let has_states = grid.as_ref().is_some_and(|g| g.has_states());
    // Colour by membership in another tab: that tab's text, read once.
    let member_of = color_by
        .strip_prefix("member:")
        .and_then(|i| i.parse::<usize>().ok())
        .filter(|&i| i < docs.docs.len() && i != docs.active);
    let member_text = member_of.map(|i| docs.docs[i].text.clone());
    // The other tab's set is kept while its text is unchanged: going to that
    // tab and back must not read it again.
    let member_cache = use_mut_ref(|| None::<(Text, Result<Rset, String>)>);
    let coloring = use_memo(
        ((*color_by).clone(), has_states, member_text),
        move |(c, has_states, member_text)| {
            let other = member_text.as_ref().map(|t| {
                let mut cache = member_cache.borrow_mut();
                match &*cache {
                    Some((seen, set)) if seen == t => set.clone(),
                    _ => {
                        let set = other_set(t);
                        *cache = Some((t.clone(), set.clone()));
                        set
                    }
                }
            });
            // A status document opens coloured by state; anything else by type.
            let fallback = if *has_states && !c.starts_with("property:") {
                ColorBy::State
            } else {
                ColorBy::Type
            };
            let (by, problem) = match (c.strip_prefix("property:"), other) {
                (Some(p), _) => (ColorBy::Property(p.to_string()), None),
                (None, Some(Ok(set))) => (ColorBy::Membership(set), None),
                (None, Some(Err(why))) => {
                    let what = if *has_states { "state" } else { "type" };
                    (fallback, Some(format!("holds no R the reference accepts ({why}), so cells are coloured by {what}")))
                }
                _ if c == "state" || c == "auto" => (fallback, None),
                _ => (ColorBy::Type, None),
            };
            (Rc::new(by), problem)
        },
    );
    let color = coloring.0.clone();
    let member_problem = coloring
        .1
        .as_ref()
        .zip(member_of)
        .map(|(why, i)| format!("tab {} {why}", crate::web::state::tab_letter(i)));
    // The squiggles belong to the text they were computed from; while the
    // user types, they wait for the next analysis rather than drift.
    let current_text = docs.current().text.clone();
    let analysis_current = report.as_ref().filter(|a| a.text == current_text).cloned();
    let squiggles = analysis_current
        .as_ref()
        .map(|a| a.squiggles.clone())
        .unwrap_or_default();
    let on_point = {
        let (text_entry, analysis) = (text_entry.clone(), analysis_current.clone());
        Callback::from(move |p: Option<Point>| {
            let found = p.and_then(|p| {
                let a = analysis.as_ref()?;
                Some((a.report.entry_at(p.at)?, p.caret))
            });
            text_entry.set(found);
        })
    };
    let on_cell = {
        let (cell_entry, analysis, reveal) =
            (cell_entry.clone(), analysis_current.clone(), reveal.clone());
        Callback::from(move |c: Option<CellRef>| {
            let Some(a) = analysis.as_ref() else { return };
            let found = c
                .as_ref()
                .and_then(|c| a.report.entry_of(c.rank, &c.kind, c.id));
            if let (Some(c), Some(i)) = (&c, found) {
                // A click (not a hover) brings the entry into view.
                if c.clicked {
                    // A click is rare: counting lines here beats keeping a
                    // line index per analysis.
                    let head = a.text.get(..a.report.entries[i].span.start).unwrap_or("");
                    let start = head.rfind('\n').map_or(0, |n| n + 1);
                    reveal.set(Some(Reveal {
                        line: head.bytes().filter(|&b| b == b'\n').count(),
                        col: head[start..].chars().count(),
                        nonce: (*reveal).map_or(0, |r| r.nonce + 1),
                    }));
                }
            }
            cell_entry.set(found);
        })
    };
    let linked_text = analysis_current.as_ref().and_then(|a| {
        let e = a.report.entries.get((*cell_entry)?)?;
        Some((e.span.start, e.span.end))
    });
    let linked_cells = analysis_current.as_ref().and_then(|a| {
        let (i, caret) = (*text_entry)?;
        Some(Linked {
            entry: a.report.entries.get(i)?.clone(),
            reveal: caret,
        })
    });
    let on_open_selection = {
        let (docs, n) = (docs.dispatcher(), docs.docs.len());
        Callback::from(move |text: String| {
            docs.dispatch(Action::Open(Doc {
                source: format!("selection {}", n + 1),
                text: text.into(),
            }))
        })
    };
    let sources: Vec<String> = docs.docs.iter().map(|d| d.source.clone()).collect();
    html! {
        <main class="app">
            <header>
                <h1>{ "Rscope" }</h1>
                <p class="tagline">{ "Explore a Flux resource set (RFC 20 R document) in your browser. Nothing leaves this page." }</p>
            </header>
            <Toolbar examples={(*examples).clone()} {on_example} {on_file} {on_share} />
            <p class="status" role="status" data-testid="status">
                { match &*status {
                    Some(Status::Info(m)) => html! { <span>{ m }</span> },
                    Some(Status::Problem(m)) => html! { <span class="error">{ m }</span> },
                    None => html! {},
                } }
            </p>
            <Tabs {sources} active={docs.active} {on_select} {on_close} />
            <div class="workspace" role="tabpanel" aria-labelledby={format!("tab-{}", crate::web::state::tab_letter(docs.active))}>
                <Editor text={current_text.clone()} {on_edit} label="R document (JSON)"
                    selection={(*selection).clone()} {squiggles} linked={linked_text} reveal={*reveal} {on_point} />
                <div class="side">
                    <SummaryView result={summaries} />
                    if report.is_some() {
                        <Diagnostics {findings} {on_locate} {on_fix} />
                    }
                </div>
            </div>
            if let Some(grid) = grid {
                <section class="panel" aria-label="Grid">
                    <h2>{ "Grid" }
                        <label class="inline">{ " colour by " }
                            <select onchange={on_color} data-testid="color-by">
                                <option value="type" selected={*color_by == "type" || (*color_by == "auto" && !has_states)}>{ "resource type" }</option>
                                if has_states {
                                    <option value="state" selected={*color_by == "state" || *color_by == "auto"}>{ "state (free, allocated, down)" }</option>
                                }
                                { for properties.iter().map(|p| {
                                    let v = format!("property:{p}");
                                    let selected = *color_by == v;
                                    html! { <option {selected} value={v}>{ format!("property {p}") }</option> }
                                }) }
                                { for docs.docs.iter().enumerate().filter(|(i, _)| *i != docs.active).map(|(i, d)| {
                                    let v = format!("member:{i}");
                                    let selected = *color_by == v;
                                    let letter = crate::web::state::tab_letter(i);
                                    html! { <option {selected} value={v}>{ format!("also in tab {letter} ({})", d.source) }</option> }
                                }) }
                            </select>
                        </label>
                        if let Some(problem) = member_problem {
                            <span class="hint error" data-testid="member-problem">{ problem }</span>
                        }
                    </h2>
                    <GridView {grid} color_by={color} on_open={on_open_selection}
                        linked={linked_cells} {on_cell} />
                </section>
            }
            if let Some(outline) = outline {
                <TreeView {outline} />
            }
        </main>
    }
}

/// A document read by the core, with everything the page draws from it
/// computed once, so a re-render (a hover, a keystroke) costs nothing here.
struct Analysis {
    /// The text it was computed from.
    text: Text,
    report: Report,
    summaries: Rc<Result<Vec<SetSummary>, String>>,
    findings: Rc<Vec<Finding>>,
    squiggles: Rc<Squiggles>,
    properties: Vec<String>,
    grid: Option<Rc<Grid>>,
    outline: Option<Rc<RefCell<Outline>>>,
}

/// Tree levels open when a graph is first shown.
const TREE_OPEN_DEPTH: usize = 2;

impl Analysis {
    fn of(source: &Text) -> Analysis {
        let text: &str = source;
        let mut report = analyze(text);
        let summaries = Rc::new(match &report.rejection {
            Some(why) if report.sets.is_empty() => Err(why.clone()),
            _ => Ok(report.summaries()),
        });
        let (mut marks, mut messages) = (Vec::new(), Vec::new());
        for f in &report.findings {
            let tone = match f.severity {
                Severity::Error => Tone::Error,
                Severity::Warning => Tone::Warning,
                Severity::Note => Tone::Note,
            };
            if let Some(m) = Mark::new(text, f.span.0..f.span.1, tone) {
                marks.push(m);
                messages.push(format!("{}: {}", f.severity, f.message));
            }
        }
        let properties = report
            .main_set()
            .map(|s| s.properties().into_iter().map(|(n, _)| n).collect())
            .unwrap_or_default();
        let grid = report
            .main_set()
            .map(|s| Rc::new(Grid::new(s, report.set("allocated"), report.set("down"))));
        let outline = Outline::new(report.graph.take(), report.main_set(), TREE_OPEN_DEPTH)
            .map(|o| Rc::new(RefCell::new(o)));
        Analysis {
            text: source.clone(),
            findings: Rc::new(std::mem::take(&mut report.findings)),
            squiggles: Rc::new(Squiggles { marks, messages }),
            summaries,
            properties,
            report,
            grid,
            outline,
        }
    }
}

/// The main set of another tab's text, for colouring by membership.
fn other_set(text: &str) -> Result<Rset, String> {
    let report = analyze(text);
    report.main_set().cloned().ok_or_else(|| {
        report
            .rejection
            .unwrap_or_else(|| "it holds no resource set".to_string())
    })
}

/// Remove both drag-and-drop listeners.
fn drop_both(over: EventListener, drop: EventListener) {
    std::mem::drop((over, drop));
}
