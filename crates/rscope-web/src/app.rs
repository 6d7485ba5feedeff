//! The yew root component: open documents as tabs, edit them, and see what
//! the core finds in them. State lives in the hooks of [`crate::hooks`];
//! all resource logic is a call into the core.

use crate::components::{
    build_r::{BuildR, BUILT},
    color_menu::{color_menu, ColorMenu},
    command_menu::CommandMenuDialog,
    compare::{compare_summary, use_compare, CompareView},
    constraint_field::{constraint_field, use_constraint_outline, ConstraintOutline},
    diagnostics::Diagnostics,
    drains::{Drains, StateFilter},
    editor::Editor,
    explain::{use_explain, Card, ExplainCard},
    grid::GridView,
    hwloc::HwlocPanel,
    json_tree::JsonTree,
    landing::Landing,
    playground::Playground,
    queue_config::{config_text, use_queue_config, QueueConfig, QueueConfigPanel},
    resource_text::ResourceText,
    setops::SetopsPanel,
    shape::{use_fit, FitLinks, ShapePanel},
    summary::SummaryView,
    system_read::SystemRead,
    system_tour::{use_system_tour, Setters, SystemTourPanel, SystemTouring},
    tabs::{history_bar, Tabs},
    timeline::TimelinePanel,
    toolbar::{ExampleEntry, Toolbar},
    tour::{use_tour, TourPanel, Touring},
    tree::{graph_section, PictureLinks},
};
use crate::hooks::{
    use_analysis, use_coloring, use_docs, use_drain_outline, use_eventlog_text,
    use_finding_actions, use_grid_beside, use_grid_selection, use_linking, use_node_pick,
    use_openings, use_timeline, use_view_record, use_workers, AnalysisStatus, Analyzed, Coloring,
    DrainOutline, FindingActions, Openers, SameGrid, TimelineShown, ViewRecord,
};
use crate::load;
use crate::shape_worker::Shapes;
use crate::state::DocsState;
use crate::workers::Workers;
use rscope_core::grid::pick::KeptSelection;
use rscope_core::tabs::{tab_label, tab_letter, Action, Doc, Text};
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// The whole page: its workers, made once and given to every component
/// below through a context, around the page itself.
#[function_component(App)]
pub fn app() -> Html {
    let workers = use_memo((), |_| Workers::new());
    html! {
        <ContextProvider<Workers> context={(*workers).clone()}>
            <Page />
        </ContextProvider<Workers>>
    }
}

/// The state filter of a grid with states (a `flux resource` payload's),
/// and a `resource.status` payload's drain table (when nodes are drained).
fn payload_panels(d: &DrainOutline) -> Html {
    let chosen = d.filtered.as_ref().map(|(name, _, _)| name.clone());
    let words = d.filtered.as_ref().map(|(_, _, words)| words.clone());
    let only = d
        .filtered
        .as_ref()
        .map(|(name, ids, _)| (name.clone(), ids.clone()));
    html! {
        <>
            if !d.states.is_empty() {
                <StateFilter key={d.key.clone()} choices={d.states.clone()} {chosen} {words} on_state={d.on_state.clone()}
                    only={d.only.is_some()} on_only={d.on_only.clone()} />
            }
            if let Some(rows) = d.rows.clone().filter(|_| d.payload) {
                <Drains key={d.key.clone()} {rows} on_outline={d.on_outline.clone()} {only} />
            }
        </>
    }
}

/// The configuration box: the R it makes, and the queues that colour the
/// grid.
fn queue_panel(q: &QueueConfig, on_open: Callback<(String, String)>, docs: &DocsState) -> Html {
    html! {
        <QueueConfigPanel text={q.text.clone()} on_text={q.on_text.clone()} read={q.read.clone()}
            rank_order={q.rank_order.clone()} view={q.view.clone()} {on_open} r_text={docs.current().text.clone()}
            tab={rscope_core::tabs::tab_letter(docs.active)} />
    }
}

/// An lstopo XML is read as a topology, not as an R document: the grid
/// and the graph show the R its panel makes, and no R findings show, in
/// the side panel or under the text. Whether `current_text` is one, where
/// its panel puts that R, and the text to analyse.
#[hook]
fn use_topology(current_text: &Text) -> (bool, UseStateHandle<Option<(Text, Text)>>, Text) {
    let topology = rscope_core::hwloc::looks_like_topology(current_text);
    let topology_r = use_state(|| None::<(Text, Text)>);
    let analyzed_text = (*topology_r)
        .as_ref()
        .filter(|(xml, _)| topology && xml == current_text)
        .map_or_else(|| current_text.clone(), |(_, r)| r.clone());
    (topology, topology_r, analyzed_text)
}

/// The page under its workers.
#[function_component(Page)]
fn page() -> Html {
    let (docs, not_kept) = use_docs();
    let status = use_state(|| None::<AnalysisStatus>);
    let config = config_text(&docs);
    let openers = use_openings(&docs, &status);
    let current_text = docs.current().text.clone();
    let view = use_view_record();
    let (topology, topology_r, analyzed_text) = use_topology(&current_text);
    let analyzed = use_analysis(analyzed_text, docs.active);
    let analysis = analyzed.shown.clone();
    // The squiggles and links belong to the text they were computed from;
    // while the user types, they wait for the next analysis rather than drift.
    let current = (analysis.as_ref())
        .filter(|a| a.text == current_text)
        .cloned();
    let link = use_linking(&analysis, &current);
    // While only the grid has come, the summary says the rest is coming.
    let complete = analysis.as_ref().filter(|a| !a.partial);
    let fit = use_fit(&openers.open_tab);
    let explaining = use_explain(&current, link.on_point.clone());
    let tour = use_tour(&docs);
    // A resource eventlog in the system: the grid at the slider's moment.
    let log = use_eventlog_text(&docs);
    let grid = analysis.as_ref().and_then(|a| a.grid.clone());
    let grid = use_grid_beside(&docs, grid, log.is_some());
    // The drain table is the system's: a moment of its timeline keeps it.
    let system_grid = grid.clone();
    let (grid, timeline) = use_timeline(log, grid, &view);
    let on_cell = use_node_pick(link.on_cell.clone(), &timeline);
    let drains = use_drain_outline(grid.clone(), system_grid.as_ref());
    let constraint = use_constraint_outline(grid.clone());
    // What the pointer or caret is on wins over the constraint's outline,
    // which stays while the field holds it; a fit's shows without either.
    let linked = (tour.linked.clone().or(explaining.linked.clone()))
        .or(drains.linked.clone())
        .or(link.cells.clone())
        .or(constraint.linked.clone())
        .or(drains.filter_linked.clone())
        .or(fit.linked.clone());
    let states = grid.as_ref().and_then(|g| g.state_words());
    let queues = use_queue_config(grid.clone(), &config);
    let set = Setters::new(constraint.on_text.clone(), status.clone());
    let system_tour = use_system_tour(&docs, set);
    let shared_color = view.start.color.as_deref();
    let coloring = use_coloring(&docs, grid.clone(), queues.queues.clone(), shared_color);
    view.note_color(&coloring.choice);
    let (selected, on_selection) = use_grid_selection(&view);
    let on_outline = drains.on_outline.clone();
    let job_table = job_panel(&coloring, on_outline, (selected, grid.as_deref()));
    let compare = use_compare(&coloring.choice, &docs);
    // A compare view lays out its own grid; a fit or the queue's jobs
    // colour the cells of whichever grid is shown. The Explain card reads
    // the tab's own grid, which holds its system's node states. The state
    // filter may show its nodes alone.
    let tab_grid = SameGrid(grid.clone());
    let (grid, color_by) = match (&compare.compared, &drains.only) {
        (Some(c), _) => (Some(c.grid.clone()), c.by.clone()),
        (None, only) => (only.clone().or(grid), coloring.by.clone()),
    };
    let color_by = fit.overlay.clone().unwrap_or(color_by);
    let actions = use_finding_actions(&docs, current_text.clone());
    let on_edit = dispatch(&docs, Action::Edit);
    let shapes = use_workers().shapes;
    let on_large_paste = large_paste(&analyzed, &docs);
    let on_open_selection = open_selection(&docs);
    let squiggles = squiggles_of(current.as_ref(), topology);
    let sources: Vec<String> = docs.docs.iter().map(|d| d.source.clone()).collect();
    let has_graph = complete.is_some_and(|a| a.outline.is_some());
    html! {
        <main class="app">
            { page_header(&openers, &status, (docs.current(), &constraint, &view), not_kept, tab_letter(docs.active)) }
            { views_nav(grid.is_some(), has_graph) }
            { tab_strip(&docs, &sources) }
            if current_text.is_empty() {
                <Landing examples={openers.examples.clone()} on_example={example_opener(&openers.open)} />
            }
            // Wide screens: the document and its tools on the left, the grid
            // they drive on the right, in view as the left side scrolls.
            <div class="columns">
            <div class="column-doc">
            <div class="workspace" id="view-document" role="tabpanel" aria-labelledby={format!("tab-{}", tab_letter(docs.active))}>
                <Editor text={current_text} {on_edit} on_large_paste={Some(on_large_paste)} on_config_paste={Some(config_paste(&openers.open))} label="R document (JSON)"
                    selection={actions.selection.clone()} {squiggles} linked={tour.span.or(link.text)} reveal={link.reveal} on_point={explaining.on_point.clone()}
                    tab={docs.active} fixed={docs.history().can_undo() == Some(rscope_core::tabs::Change::Fix)} />
                if topology {
                    { topology_side(&docs, topology_r, &analyzed) }
                } else {
                    { document_side(DocumentSide { analyzed: &analyzed, docs: &docs, drains: &drains, queues: &queues,
                        on_open: fit.on_open.clone(), card: explaining.card.clone(), grid: tab_grid, actions: &actions }) }
                }
            </div>
            { grid_drivers(&docs, &fit, (&shapes, &view, has_running_jobs(&coloring)), &analyzed) }
            </div>
            <div class="column-views">
            // The tour's box sits beside the editor it points into.
            { tours(&tour, &system_tour) }
            if let (Some(grid), Some(a)) = (grid, &analysis) {
                { grid_panel(GridPanel { grid, properties: a.properties.clone(), coloring, states, queues: queues.queues.is_some(), sources,
                    docs: &docs, compare: &compare, covered: fit.overlay.is_some(), color_by,
                    overlay: fit.overlay_label, on_overlay: fit.on_overlay,
                    on_open: on_open_selection.clone(), linked, on_cell, constraint: &constraint, view: &view, on_selection }) }
            }
            { timeline_panel(timeline, drains.on_outline.clone()) }
            { job_table }
            </div>
            </div>
            if let Some(a) = complete {
                <div id="view-graph">
                { graph_section(a.outline.clone(), &a.summaries, Some(PictureLinks {
                    text: docs.current().text.clone(), on_open: on_open_selection.clone(),
                    caret: link.point, on_select_bytes: actions.on_select_bytes.clone() }), false) }
                </div>
            }
            <div id="view-playground"><Playground /></div>
            <div id="view-build">
                <BuildR on_tab={docs.current().source == BUILT} text={docs.current().text.clone()} on_action={dispatch(&docs, |a| a)} />
            </div>
        </main>
    }
}

/// The editor's squiggles: the findings of the text shown (none over a
/// topology, whose findings are of the R read from it).
fn squiggles_of(
    current: Option<&Rc<crate::shown::Shown>>,
    topology: bool,
) -> Rc<rscope_core::textview::Squiggles> {
    current
        .filter(|_| !topology)
        .map(|a| a.squiggles.clone())
        .unwrap_or_default()
}

/// A resource eventlog's timeline under the grid, when the tab's system
/// holds one.
fn timeline_panel(timeline: Option<TimelineShown>, on_outline: Callback<Option<String>>) -> Html {
    let Some(t) = timeline else {
        return Html::default();
    };
    html! { <TimelinePanel timeline={t.timeline} slider={t.slider} on_step={t.on_step} waiting={t.waiting} events={t.events} {on_outline} /> }
}

/// The job table of a job list's running jobs, when the tab's system has
/// some; its buttons outline a job's nodes as the drain table's do.
/// With cells selected on the grid (`selected`), it lists the jobs on
/// their nodes.
#[cfg(feature = "page")]
fn job_panel(
    coloring: &Coloring,
    on_outline: Callback<Option<String>>,
    selected: (Option<KeptSelection>, Option<&rscope_core::grid::Grid>),
) -> Html {
    use crate::components::job_table::{JobTable, SameJobs};
    let Some(jobs) = coloring.jobs.clone() else {
        return Html::default();
    };
    let nodes = match selected {
        (Some(kept), Some(grid)) => Some(rscope_core::grid::pick::kept_ranks(&kept, grid)),
        _ => None,
    };
    html! { <JobTable jobs={SameJobs(jobs)} {on_outline} {nodes} /> }
}

/// The element's bundle (no `page` feature) reads no job list.
#[cfg(not(feature = "page"))]
fn job_panel(
    _: &Coloring,
    _: Callback<Option<String>>,
    _: (Option<KeptSelection>, Option<&rscope_core::grid::Grid>),
) -> Html {
    Html::default()
}

/// Whether the tab's system has running jobs a fit could displace.
#[cfg(feature = "page")]
fn has_running_jobs(coloring: &Coloring) -> bool {
    coloring.jobs.as_ref().is_some_and(|jobs| !jobs.is_empty())
}

/// The element's bundle reads no job list.
#[cfg(not(feature = "page"))]
fn has_running_jobs(_: &Coloring) -> bool {
    false
}

/// What the side of the document column draws from.
struct DocumentSide<'a> {
    analyzed: &'a Analyzed,
    docs: &'a UseReducerHandle<DocsState>,
    drains: &'a DrainOutline,
    queues: &'a QueueConfig,
    /// Open a text as a new tab (the configuration box's R).
    on_open: Callback<(String, String)>,
    card: Card,
    /// The grid the card names the states of its nodes from.
    grid: SameGrid,
    actions: &'a FindingActions,
}

/// Beside the editor: the summary, the JSON outline, a payload's and a
/// configuration's panels, the Explain card and the findings.
fn document_side(side: DocumentSide) -> Html {
    let DocumentSide {
        analyzed,
        docs,
        actions,
        ..
    } = side;
    let analysis = analyzed.shown.as_ref();
    // While only the grid has come, the summary says the rest is coming.
    let complete = analysis.filter(|a| !a.partial);
    // A large R with a graph is summarized before its graph is read.
    let summarized = analysis.filter(|a| a.summarized);
    let progress = progress_line(analyzed);
    let on_cancel = Some(analyzed.cancel.clone());
    let on_again = analyzed.stopped.then(|| analyzed.again.clone());
    html! {
        <div class="side">
            <SummaryView result={summarized.map(|a| a.summaries.clone())} {progress} {on_cancel} {on_again} on_open_set={open_set(docs)} />
            if let Some(root) = complete.and_then(|a| a.json_tree.clone()) {
                <JsonTree {root} />
            }
            { payload_panels(side.drains) }
            if analysis.is_some_and(|a| a.grid.is_some()) {
                <ResourceText tab={docs.current().clone()} />
                <SystemRead tab={docs.current().clone()} letter={tab_letter(docs.active)} on_leave={dispatch(docs, Action::Leave)} />
            }
            { queue_panel(side.queues, side.on_open, docs) }
            <ExplainCard card={side.card} grid={side.grid} />
            if let Some(a) = complete {
                <Diagnostics findings={a.findings.clone()} on_locate={actions.on_locate.clone()} on_fix={actions.on_fix.clone()} />
            }
        </div>
    }
}

/// The two tours' panels, their buttons in one row.
fn tours(tour: &Touring, system_tour: &SystemTouring) -> Html {
    html! {
        <div class="tours">
            // A tour under way is alone: the other's button waits until it is left.
            if system_tour.step.is_none() {
                <TourPanel step={tour.step} last={tour.last} go={tour.go.clone()} />
            }
            if tour.step.is_none() {
                <SystemTourPanel step={system_tour.step} go={system_tour.go.clone()} year={system_tour.year.clone()} />
            }
        </div>
    }
}

/// The panels that drive the grid, under the document: the shape panel
/// (its fit and its queue colour the grid) and Combine.
fn grid_drivers(
    docs: &UseReducerHandle<DocsState>,
    fit: &FitLinks,
    (shapes, view, displace): (&Rc<Shapes>, &ViewRecord, bool),
    analyzed: &Analyzed,
) -> Html {
    let text = docs.current().text.clone();
    let beside = Rc::new(docs.current().beside());
    // Reaching the shape panel starts its worker, before any typing.
    let warm = warm_shapes::<FocusEvent>(shapes, &text, &beside);
    let warm_pointer = warm_shapes::<PointerEvent>(shapes, &text, &beside);
    html! {
        <>
            <div class="view-shape" id="view-shape" onfocusin={warm} onpointerenter={warm_pointer}>
                <ShapePanel r_text={text} tab={tab_letter(docs.active).to_string()} on_open={fit.on_open.clone()}
                    on_allocation={fit.on_allocation.clone()} on_queue={fit.on_queue.clone()}
                    {beside} {displace}
                    shape_from={view.start.shape.clone()} on_shape={view.on_shape()} />
            </div>
            <div class="view-combine" id="view-combine">
                <SetopsPanel tabs={docs.docs.clone()} active={docs.active}
                    on_open={dispatch(docs, Action::Open)} on_early={analyzed.seed.clone()} />
            </div>
        </>
    }
}

/// The page's sticky navigation: a link to each view the page shows
/// (the grid and the graph only once there is one).
fn views_nav(has_grid: bool, has_graph: bool) -> Html {
    let views = [
        ("view-document", "Document", true),
        ("view-grid", "Grid", has_grid),
        ("view-shape", "Shape", true),
        ("view-combine", "Combine", true),
        ("view-graph", "Graph", has_graph),
        ("view-playground", "Playground", true),
        ("view-build", "Build an R", true),
    ];
    html! {
        <nav class="views" aria-label="Views" data-testid="views-nav">
            { for views.into_iter().filter(|v| v.2).map(|(id, name, _)| html! {
                <a href={format!("#{id}")}>{ name }</a>
            }) }
        </nav>
    }
}

/// The side panel of an lstopo XML tab: the summary of the R its fields
/// make (`analyzed`, once `topology_r` has it to draw), the fields, and
/// what `flux resource` prints for the system it makes with the tab's
/// other documents and its configuration.
fn topology_side(
    docs: &UseReducerHandle<DocsState>,
    topology_r: UseStateHandle<Option<(Text, Text)>>,
    analyzed: &Analyzed,
) -> Html {
    let doc = docs.current();
    // The summary of this topology's R, not of the text before it.
    let r = (*topology_r).as_ref().filter(|(xml, _)| *xml == doc.text);
    let summaries = (analyzed.shown.as_ref())
        .filter(|a| r.is_some_and(|(_, r)| a.text == *r) && !a.partial)
        .map(|a| a.summaries.clone());
    html! {
        <div class="side">
            if summaries.is_some() {
                <SummaryView result={summaries} />
            }
            // Keyed by tab: one topology's fields are not another's.
            <HwlocPanel key={docs.active} xml={doc.text.clone()} source={doc.source.clone()} on_open={dispatch(docs, Action::Open)}
                on_r={Callback::from(move |r| topology_r.set(r))} />
            <ResourceText tab={doc.clone()} />
        </div>
    }
}

/// What the grid panel draws.
struct GridPanel<'a> {
    grid: Rc<rscope_core::grid::Grid>,
    /// The main set's properties, for the colour menu.
    properties: Rc<Vec<String>>,
    coloring: Coloring,
    /// What colouring by state shows, if the grid has states.
    states: Option<&'static str>,
    /// Whether a configuration with queues is open.
    queues: bool,
    /// Where each open tab came from.
    sources: Vec<String>,
    docs: &'a UseReducerHandle<DocsState>,
    compare: &'a CompareView,
    /// Whether a fit colours the cells over the compare view.
    covered: bool,
    /// The name of the colouring a fit or the queue lays over the grid.
    overlay: Option<&'static str>,
    /// Show or put aside that overlay.
    on_overlay: Callback<bool>,
    color_by: Rc<rscope_core::grid::ColorBy>,
    on_open: Callback<String>,
    linked: Option<crate::model::Linked>,
    on_cell: Callback<Option<crate::model::CellRef>>,
    /// The constraint field and what it outlines.
    constraint: &'a ConstraintOutline,
    /// Where the zoom starts and is noted.
    view: &'a ViewRecord,
    /// Note the grid's selection.
    on_selection: Callback<Option<KeptSelection>>,
}

/// The grid of the active tab (or of a compare view), with its colour
/// menu.
fn grid_panel(p: GridPanel) -> Html {
    let GridPanel {
        grid,
        color_by,
        linked,
        on_cell,
        ..
    } = p;
    html! {
        <section class="panel grid-view" id="view-grid" aria-label="Grid">
            <h2>{ "Grid" }
                { color_menu(ColorMenu {
                    #[cfg(feature = "page")]
                    jobs: p.coloring.jobs,
                    choice: p.coloring.choice,
                    states: p.states,
                    queues: p.queues,
                    properties: p.properties,
                    sources: p.sources,
                    active: p.docs.active,
                    on_choose: p.coloring.on_choose,
                    problem: p.coloring.problem,
                    overlay: p.overlay,
                    on_overlay: p.on_overlay,
                }) }
            </h2>
            { compare_summary(p.compare, p.covered) }
            { constraint_field(p.constraint) }
            <GridView {grid} {color_by} on_open={p.on_open} zoom_from={p.view.start.zoom} on_zoom_step={p.view.on_zoom()}
                selection_from={p.view.start.selection} on_selection={p.on_selection}
                {linked} {on_cell} title={p.docs.current().source.clone()} />
        </section>
    }
}

/// What the summary says while an analysis is under way: the worker's
/// progress, or that the rest is coming once only the grid has.
fn progress_line(analyzed: &Analyzed) -> Option<String> {
    match (&analyzed.progress, &analyzed.shown) {
        _ if analyzed.stopped => None,
        (Some(p), _) => Some(p.clone()),
        (None, Some(a)) if a.partial => Some("Checking the document…".to_string()),
        _ => None,
    }
}

/// The tabs, named by `sources`, with the bar to undo and redo.
fn tab_strip(docs: &UseReducerHandle<DocsState>, sources: &[String]) -> Html {
    let on_select = dispatch(docs, Action::Select);
    let on_close = dispatch(docs, Action::Close);
    let [on_reopen, on_undo, on_redo] =
        [Action::Reopen, Action::Undo, Action::Redo].map(|a| dispatch(docs, move |()| a.clone()));
    let closed = docs.closed.as_ref().map(|c| tab_label(c.at, &c.doc.source));
    let history = docs.history();
    html! {
        <>
            <Tabs sources={sources.to_vec()} active={docs.active} {on_select} {on_close} {closed} {on_reopen} />
            { history_bar(history.can_undo(), history.can_redo(), on_undo, on_redo) }
        </>
    }
}

/// Start the shape worker and have it read `text`, the R a fit goes into.
fn warm_shapes<E>(
    shapes: &Rc<Shapes>,
    text: &Text,
    beside: &Rc<Vec<(String, Text)>>,
) -> Callback<E> {
    let (shapes, text, beside) = (shapes.clone(), text.clone(), beside.clone());
    Callback::from(move |_| shapes.warm(&text, &beside))
}

/// A callback that does `action` to the tabs.
fn dispatch<T: 'static>(
    docs: &UseReducerHandle<DocsState>,
    action: impl Fn(T) -> Action + 'static,
) -> Callback<T> {
    let docs = docs.dispatcher();
    Callback::from(move |v| docs.dispatch(action(v)))
}

/// The page's title, its toolbar, and the lines that say what happened:
/// `status`, and `not_kept` when the browser refuses to store the tabs.
/// `system` is the active tab (its document, configuration and other
/// documents) and the constraint, which a share link carries (the command menu shows a
/// place on the grid through the constraint too).
fn page_header(
    openers: &Openers,
    status: &UseStateHandle<Option<AnalysisStatus>>,
    system: (&Doc, &ConstraintOutline, &ViewRecord),
    not_kept: Option<String>,
    letter: char,
) -> Html {
    let (examples, open) = (openers.examples.clone(), &openers.open);
    let (join, on_join) = (openers.join, openers.on_join.clone());
    let on_constraint = system.1.on_text.clone();
    let view = system.2.clone();
    let system = (system.0, &system.1.text);
    let (on_example, on_file, on_share) = toolbar_actions(open, status, system, view);
    let on_shared = shared(status);
    html! {
        <>
            <header>
                <h1>{ "Rscope" }</h1>
                <p class="tagline">{ "Explore a Flux resource set (RFC 20 R document) in your browser. Nothing leaves this page." }</p>
                <CommandMenuDialog on_constraint={on_constraint.clone()} />
            </header>
            <Toolbar {examples} {on_example} {on_file} {on_share} {on_shared} {join} {on_join} {letter} />
            <p class="status" role="status" data-testid="status">{ status_line(status) }</p>
            if let Some(p) = not_kept {
                <p class="error" role="alert" data-testid="not-kept">{ p }</p>
            }
        </>
    }
}

/// A configuration pasted over the whole editor opens as a document
/// does: it becomes the configuration, and the status line says so.
fn config_paste(open: &Callback<Result<Doc, String>>) -> Callback<String> {
    open.reform(|text: String| {
        Ok(Doc {
            source: "the pasted text".into(),
            text: text.into(),
            ..Doc::default()
        })
    })
}

/// The editor's large paste: the analysis takes the string first, then
/// the tab its text.
fn large_paste(
    analyzed: &Analyzed,
    docs: &UseReducerHandle<DocsState>,
) -> Callback<js_sys::JsString> {
    let (large_paste, on_paste) = (analyzed.large_paste.clone(), dispatch(docs, Action::Paste));
    Callback::from(move |js| large_paste.emit((js, on_paste.clone())))
}

/// The message under the toolbar.
fn status_line(status: &Option<AnalysisStatus>) -> Html {
    match status {
        Some(AnalysisStatus::Info(m)) => html! { <span>{ m }</span> },
        Some(AnalysisStatus::Problem(m)) => html! { <span class="error">{ m }</span> },
        None => html! {},
    }
}

/// The toolbar's actions: open an example, open a picked file, and make a
/// share link for the tab's text and the configuration (saying in
/// `status` why there is none).
fn toolbar_actions(
    open: &Callback<Result<Doc, String>>,
    status: &UseStateHandle<Option<AnalysisStatus>>,
    (tab, constraint): (&Doc, &AttrValue),
    view: ViewRecord,
) -> (
    Callback<ExampleEntry>,
    Callback<web_sys::File>,
    Callback<(), Option<String>>,
) {
    let on_example = example_opener(open);
    let on_file = {
        let open = open.clone();
        Callback::from(move |file: web_sys::File| {
            let open = open.clone();
            spawn_local(async move { open.emit(load::read_file(file).await) });
        })
    };
    let on_share = {
        let (status, tab, constraint) = (status.clone(), tab.clone(), constraint.clone());
        Callback::from(move |()| {
            load::share_link((&tab, &constraint), view.now())
                .map_err(|e| status.set(Some(AnalysisStatus::Problem(e))))
                .ok()
        })
    };
    (on_example, on_file, on_share)
}

/// Open an example of `static/examples/` as the examples menu does.
fn example_opener(open: &Callback<Result<Doc, String>>) -> Callback<ExampleEntry> {
    let open = open.clone();
    Callback::from(move |ex: ExampleEntry| {
        let open = open.clone();
        spawn_local(async move {
            let url = format!("static/examples/{}", ex.file);
            open.emit(load::fetch(&url, ex.title.clone()).await);
        });
    })
}

/// Say where a share link went, once the share button has tried the clipboard.
fn shared(status: &UseStateHandle<Option<AnalysisStatus>>) -> Callback<(String, bool)> {
    let status = status.clone();
    Callback::from(move |(link, copied): (String, bool)| {
        let how = if copied {
            "copied to the clipboard and shown in the address bar"
        } else {
            "shown in the address bar (copy it from there)"
        };
        let size = rscope_core::words::count(link.len(), "character");
        status.set(Some(AnalysisStatus::Info(format!(
            "share link ({size}) {how}"
        ))));
    })
}

/// Open the grid's selection (its R, as JSON text) as a new tab.
/// Open a set of the active status document, by name, as an R tab.
fn open_set(docs: &UseReducerHandle<DocsState>) -> Callback<String> {
    let (dispatch, text) = (docs.dispatcher(), docs.current().text.clone());
    let letter = tab_letter(docs.active);
    Callback::from(move |name: String| {
        if let Some(r) = rscope_core::analysis::member_text(&text, &name) {
            dispatch.dispatch(Action::Open(Doc {
                source: format!("{name} of {letter}"),
                text: r.into(),
                ..Doc::default()
            }))
        }
    })
}

fn open_selection(docs: &UseReducerHandle<DocsState>) -> Callback<String> {
    let (docs, n) = (docs.dispatcher(), docs.docs.len());
    Callback::from(move |text: String| {
        docs.dispatch(Action::Open(Doc {
            source: format!("selection {}", n + 1),
            text: text.into(),
            ..Doc::default()
        }))
    })
}
