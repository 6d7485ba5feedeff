//! The second guided tour, *From configuration to running jobs*: one small
//! system followed from its TOML to where a job lands. Each step says what
//! to look at, names the part of the page that shows it, and says what the
//! page does for the step (a tab of the tour's own, the R the instance
//! uses with the configuration in its box; a constraint typed over the
//! grid). The person's own tabs are never touched. The
//! figures each step lists are read from the system by the same core
//! calls the page makes, so the tour cannot drift from what it shows.

use crate::commands::config_view::{self, ConfigView};
use crate::explain::Rfc;
use crate::grid::constraint::outline;
use crate::grid::queues::read;
use crate::grid::Grid;
use crate::tabs::{Action, Docs};
use serde::Serialize;

/// The tour's system: four nodes in two kinds, one excluded, ranked by
/// `[bootstrap] hosts` in another order than their names, and two queues.
pub const CONFIG: &str = r#"# Four nodes: two with GPUs. Every node is in the batch queue.
[[resource.config]]
hosts = "tiny[1-2]"
cores = "0-3"
properties = ["batch"]

[[resource.config]]
hosts = "tiny[3-4]"
cores = "0-3"
gpus = "0-1"
properties = ["batch", "gpu"]

[resource]
exclude = "tiny2"

# The brokers, in rank order: tiny4 is rank 0.
[bootstrap]
hosts = [
  { host = "tiny4" },
  { host = "tiny[1-3]" },
]

[queues.batch]
requires = ["batch"]

[queues.gpu]
requires = ["gpu"]
"#;

/// The constraint the tour types over the grid.
pub const CONSTRAINT: &str = "gpu -host:tiny4";

/// What the page does when a step is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Does {
    /// Open (or show) the tour's tab ([`tab`]).
    Open,
    /// Show the tour's tab and type [`CONSTRAINT`] in the constraint field
    /// over the grid.
    Constrain,
    /// Show the tour's tab with [`JOBS`] added to its system
    /// ([`show_jobs`]).
    Jobs,
    /// Show a tab of its own with a year of a real system's resource
    /// eventlog, fetched from [`YEAR_URL`] when it is not open
    /// ([`show_year`], [`year_tab`]), and clear the constraint field (the
    /// tour's constraint names the tour's hosts).
    Year,
}

/// The tour's running jobs, as `flux jobs --json` lists them: a job in the
/// batch queue on tiny4 and tiny1, one in the gpu queue on tiny3.
pub const JOBS: &str = r#"{"jobs": [
  {"id": 2002, "userid": 5002, "state": "RUN", "name": "build", "queue": "batch", "t_submit": 1764000020.0,
   "t_run": 1764000030.0, "ranks": "[0-1]", "nodelist": "tiny[4,1]",
   "annotations": {"sched": {"resource_summary": "rank[0-1]/core[0-3]"}}},
  {"id": 1001, "userid": 5001, "state": "RUN", "name": "train", "queue": "gpu", "t_submit": 1764000000.0,
   "t_run": 1764000010.0, "ranks": "3", "nodelist": "tiny3",
   "annotations": {"sched": {"resource_summary": "rank3/core[0-1],gpu0"}}}
]}
"#;

/// Each tour job's own R, as `flux job info ID R` prints it, by job id.
pub const JOB_RS: [(&str, &str); 2] = [
    (
        "ƒbX",
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["tiny[4,1]"], "starttime": 1764000030.0, "expiration": 1764003630.0}}"#,
    ),
    (
        "ƒJG",
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1", "gpu": "0"}}], "nodelist": ["tiny3"], "starttime": 1764000010.0, "expiration": 1764003610.0}}"#,
    ),
];

/// The name the tour's job list has in its tab's system.
const JOBS_NAME: &str = "Tour: the running jobs (flux jobs --json)";

/// What the page does for the jobs step: the tour's tab shown with its job
/// list added (once: a text the system holds is not added again), or, when
/// the tour's tab is not open, opened with it.
pub fn show_jobs(docs: &Docs) -> Vec<Action> {
    let jobs = crate::tabs::Doc {
        source: JOBS_NAME.into(),
        text: JOBS.into(),
        ..crate::tabs::Doc::default()
    };
    match docs.docs.iter().position(|d| d.source == tab().source) {
        Some(i) => vec![Action::Show(tab()), Action::Join(i, jobs)],
        None => {
            let joined = crate::tabs::Joined {
                source: jobs.source,
                text: jobs.text,
            };
            vec![Action::Show(crate::tabs::Doc {
                joined: vec![joined],
                ..tab()
            })]
        }
    }
}

/// What the page does for a step before the jobs step: the tour's tab
/// shown, without the job list the jobs step added, so that a person
/// stepping back sees the system as the step describes it.
pub fn show_tab(docs: &Docs) -> Vec<Action> {
    let shown = docs.apply(Action::Show(tab()));
    let jobs = (shown.current().joined.iter()).position(|j| j.source == JOBS_NAME);
    std::iter::once(Action::Show(tab()))
        .chain(jobs.map(Action::Leave))
        .collect()
}

/// Where the year step's eventlog comes from: a test system's (thing2's)
/// KVS `resource.eventlog`, May 2023 to May 2024, in the form written
/// before flux-core 0.62, as flux-core's tests keep it
/// (`t/resource/resource.eventlog.thing2`, LGPL-3.0), at the commit the
/// project's specifications come from. It is fetched when the step is
/// shown, not shipped: a copy would add 441 KB to the site for one step.
pub const YEAR_URL: &str = "https://raw.githubusercontent.com/flux-framework/flux-core/4a5e79f56b850a58cbbfc4b5af5a5b1fcd04c049/t/resource/resource.eventlog.thing2";

/// The name of the year step's tab.
pub const YEAR_NAME: &str = "Tour: a year of thing2 (resource.eventlog)";

/// What the page does for the year step when the year's tab is open: it
/// is shown. `None` when it is not: the page fetches [`YEAR_URL`] and
/// shows [`year_tab`] of it.
pub fn show_year(docs: &Docs) -> Option<Action> {
    let open = docs.docs.iter().position(|d| d.source == YEAR_NAME);
    open.map(Action::Select)
}

/// The year step's tab: the fetched eventlog, alone in its system (its
/// nodes are its ranks: the old form names no hosts).
pub fn year_tab(text: crate::tabs::Text) -> crate::tabs::Doc {
    crate::tabs::Doc {
        source: YEAR_NAME.into(),
        text,
        ..crate::tabs::Doc::default()
    }
}

/// What the year step lists, as `rscope resource history` computes it
/// from the eventlog `text`: its span and events, the machine's
/// availability, its least available week, and the three drain reasons
/// that cost the most node-hours. Empty when it cannot be read.
pub fn year_lines(text: &str) -> Vec<String> {
    use crate::resource::eventlog::{history, HistoryOptions};
    use crate::words::{count, tenths};
    let log = crate::resource::eventlog::read(text);
    let figures = (!log.events.is_empty()).then(|| history(&log, &HistoryOptions::default()));
    let Some(Ok(h)) = figures else {
        return Vec::new();
    };
    let percent = |p: Option<f64>| p.map_or("-".to_string(), |p| format!("{p:.1}%"));
    let mut lines = vec![
        format!(
            "{} events from {} to {}, {}",
            crate::words::grouped(log.events.len() as u64),
            crate::time::utc(h.since),
            crate::time::utc(h.until),
            count(h.nodes.len(), "node")
        ),
        format!(
            "Available {} of the time its nodes' states are known",
            percent(h.availability)
        ),
    ];
    let least = (h.weeks.iter()).min_by(|a, b| {
        let key = |p: &crate::resource::eventlog::history::PeriodFigures| {
            p.availability.unwrap_or(f64::MAX)
        };
        key(a).total_cmp(&key(b))
    });
    if let Some(week) = least.filter(|w| w.availability.is_some()) {
        lines.push(format!(
            "Least available week: the week of {}, {}",
            week.start,
            percent(week.availability)
        ));
    }
    lines.extend(h.reasons.iter().take(3).map(|r| {
        format!(
            "Drained for \"{}\": {} node-hours, {}",
            r.reason,
            tenths(r.node_hours),
            count(r.occurrences, "drain")
        )
    }));
    lines
}

/// The tour's own tab: the R the instance uses (re-ranked by `[bootstrap]
/// hosts`), with [`CONFIG`] in its configuration box.
pub fn tab() -> crate::tabs::Doc {
    crate::tabs::Doc {
        source: "Tour: the R the instance uses".into(),
        text: instance_r().unwrap_or_default().into(),
        config: CONFIG.to_string().into(),
        ..crate::tabs::Doc::default()
    }
}

/// The tab shown when the tour was taken, to come back to when it is left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Before {
    /// Its name.
    source: String,
    /// Whether the tour's tab takes its place: a blank tab, with no
    /// configuration, is replaced by the next document opened.
    replaced: bool,
    /// Whether the year step's tab was open: one the tour opens, it closes.
    year_open: bool,
}

impl Before {
    /// What is shown in `docs` as the tour is taken; none when it is the
    /// tour's own tab.
    pub fn of(docs: &Docs) -> Option<Before> {
        let (shown, tour) = (docs.current(), tab());
        let tour_open = docs.docs.iter().any(|d| d.source == tour.source);
        // As `Docs` opens a document: in place of a blank tab whose
        // configuration is none or the tour's own.
        let keeps_nothing = shown.config.trim().is_empty() || shown.config == tour.config;
        (shown.source != tour.source).then(|| Before {
            source: shown.source.clone(),
            replaced: !tour_open && shown.is_blank() && keeps_nothing,
            year_open: show_year(docs).is_some(),
        })
    }

    /// What leaving the tour does, in order, so that the tabs show what
    /// they showed before it: the year step's tab is closed when the tour
    /// opened it; then the tab shown before is selected again, or, when the
    /// tour's tab took its place, the tour's tab is closed (which leaves a
    /// blank tab when it was the only one, and can be reopened); nothing
    /// of it when neither is open.
    pub fn on_leave(&self, docs: &Docs) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut left = docs.clone();
        let year = show_year(docs).filter(|_| !self.year_open);
        if let Some(Action::Select(i)) = year {
            actions.push(Action::Close(i));
            left = left.apply(Action::Close(i));
        }
        let at = |source: &str| left.docs.iter().position(|d| d.source == source);
        actions.extend(match self.replaced {
            true => at(&tab().source).map(Action::Close),
            false => at(&self.source).map(Action::Select),
        });
        actions
    }
}

/// One step of the tour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SystemStop {
    /// Its heading.
    pub title: &'static str,
    /// What it teaches.
    pub text: &'static str,
    /// What the system says there, read by the core.
    pub decoded: Vec<String>,
    /// The `id` of the part of the page it is about (scrolled into view).
    pub target: &'static str,
    /// What the page does for it.
    pub does: Does,
    /// The RFC section (or the Flux documentation) to read next.
    pub rfc: Rfc,
}

/// (heading, text, target, what the page does, RFC number and anchor).
const STOPS: [(&str, &str, &str, Does, u32, &str); 9] = [
    ("A system's configuration", "A Flux admin describes the cluster in TOML. Each [[resource.config]] entry gives some hosts their cores, GPUs and properties. The tour has opened a tab of its own with a small system's configuration in its box; your tabs stay as they were.", "queue-config-title", Does::Open, 20, "r-format"),
    ("The R it makes", "The entries become an R document, as flux R parse-config prints it: ranks are given to the hosts in the order of their names, and each entry's resources and properties go to its hosts.", "queue-config-title", Does::Open, 20, "R_lite"),
    ("Ranks follow [bootstrap] hosts", "[bootstrap] hosts lists the brokers in rank order, so here tiny4 is rank 0. The instance re-ranks the R by that order; a node whose host is not the one its rank should have drains. The tour's tab holds the re-ranked R, the one the instance uses.", "config-report", Does::Open, 29, "implementation"),
    ("Excluded nodes", "[resource] exclude names nodes (by host or by rank) that the scheduler never gives to a job. The grid marks them in a colour of their own.", "view-grid", Does::Open, 20, "execution"),
    ("Queues", "Each [queues.NAME] lists properties in requires: a node is in the queue when it has them all. The grid is coloured by queue; a node two queues share has a colour of its own.", "view-grid", Does::Open, 20, "execution"),
    ("A constraint", "A job can ask for nodes with flux submit --requires. 'gpu -host:tiny4' means nodes with the property gpu, except host tiny4: in the query a - negates a term, while the JSON the job carries writes a negated property with ^. The grid outlines the nodes it selects.", "constraint-text", Does::Constrain, 31, "representation"),
    ("Where a job fits", "A shape says what a job asks for. Type node=1/core=2 in the shape panel, write the same constraint under Only nodes matching, and press Fit: the grid outlines the cores it would take.", "view-shape", Does::Constrain, 46, "description"),
    ("Running jobs", "Each running job holds an R of its own (flux job info ID R), a part of the instance's R. The tour has added a job list to its tab's system: the grid colours each core and GPU by the job holding it, and the job table lists them. Below, each job's R less the instance's R leaves nothing, so it is a subset; their union (flux R union, or the set workbench's) is what flux resource list counts as allocated.", "job-table", Does::Jobs, 20, "r-format"),
    ("A year of history", "A system keeps the history of its resources in its resource eventlog: every drain with its reason, every node going offline or coming back, every restart. The tour has opened a year of a real test system's log (thing2's, from flux-core's tests, in the form written before flux-core 0.62, whose nodes are its ranks). The timeline under the grid shows the nodes by state over the year; move its slider, or press Page Up and Page Down on it to go a day at a time, and the grid shows every node as it was then. Below, what rscope resource history computes from the same log.", "timeline", Does::Year, 44, "background"),
];

/// The tour's steps, in order.
pub fn stops() -> Vec<SystemStop> {
    let view = config_view::of_text(CONFIG).and_then(Result::ok);
    let grid = view.as_ref().and_then(instance_grid);
    STOPS
        .iter()
        .enumerate()
        .map(
            |(i, &(title, text, target, does, rfc, anchor))| SystemStop {
                title,
                text,
                decoded: decoded(i, view.as_ref(), grid.as_ref()),
                target,
                does,
                rfc: Rfc::new(rfc, anchor),
            },
        )
        .collect()
}

/// The R the instance uses: the configured R, re-ranked.
pub fn instance_r() -> Option<String> {
    let view = config_view::of_text(CONFIG)?.ok()?;
    view.reranked.or(view.r)
}

fn instance_grid(view: &ConfigView) -> Option<Grid> {
    let text = view.reranked.as_ref().or(view.r.as_ref())?;
    Some(Grid::new(&crate::rset::load(text).ok()?, None, None))
}

/// What the jobs step lists: each job's R less the instance's R (nothing),
/// and the union of the jobs' R, computed with the set operations.
fn jobs_within(view: &ConfigView) -> Option<Vec<String>> {
    let instance = crate::rset::load(view.reranked.as_ref().or(view.r.as_ref())?).ok()?;
    let mut lines = Vec::new();
    let mut allocated: Option<crate::rset::Rset> = None;
    for (id, text) in JOB_RS {
        let job = crate::rset::load(text).ok()?;
        let left = job.diff(&instance).ok()?;
        let left = match left.is_empty() {
            true => "nothing, so it is a subset".to_string(),
            false => left.short_form(),
        };
        lines.push(format!(
            "{id}'s R: {}; less the instance's R: {left}",
            job.short_form()
        ));
        allocated = Some(match allocated {
            Some(all) => all.union(&job).ok()?,
            None => job,
        });
    }
    let all = allocated?.short_form();
    lines.push(format!("Their union: {all}, the allocated set"));
    Some(lines)
}

/// What step `i` lists, read from the system.
fn decoded(i: usize, view: Option<&ConfigView>, grid: Option<&Grid>) -> Vec<String> {
    let (Some(view), Some(grid)) = (view, grid) else {
        return Vec::new();
    };
    let queues = read(grid, CONFIG).and_then(Result::ok);
    match i {
        1 => view.r_words.iter().cloned().collect(),
        2 => (0..grid.rows()).map(|r| grid.label(r)).collect(),
        3 => queues.map_or_else(Vec::new, |q| {
            q.findings
                .into_iter()
                .filter(|f| f.contains("exclude"))
                .collect()
        }),
        4 => queues.map_or_else(Vec::new, |q| {
            q.queues
                .into_iter()
                .map(|l| format!("{}: {}", l.name, l.nodes))
                .collect()
        }),
        5 => match outline(grid, CONSTRAINT) {
            Some(Ok(o)) => [Some(o.words), o.json].into_iter().flatten().collect(),
            _ => Vec::new(),
        },
        7 => jobs_within(view).unwrap_or_default(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_lists_what_the_page_shows_of_the_system() {
        let stops = stops();
        assert_eq!(stops.len(), STOPS.len());
        let decoded: Vec<Vec<String>> = stops.iter().map(|s| s.decoded.clone()).collect();
        assert_eq!(decoded[1], ["4 nodes: tiny[1-4], 16 cores"]);
        assert_eq!(
            decoded[2],
            ["tiny4 (0)", "tiny1 (1)", "tiny2 (2)", "tiny3 (3)"]
        );
        assert_eq!(
            decoded[3],
            ["1 node is excluded by [resource] exclude, so the scheduler never gives it out: tiny2"]
        );
        assert_eq!(
            decoded[4],
            ["batch: 3 nodes: tiny[4,1,3]", "gpu: 2 nodes: tiny[4,3]"]
        );
        assert_eq!(
            decoded[5],
            [
                "1 of 4 nodes match: tiny3 (ranks 3)",
                r#"{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["tiny4"]}]}]}"#
            ]
        );
    }

    #[test]
    fn the_jobs_step_shows_each_job_r_within_the_instance_and_their_union() {
        assert_eq!(
            stops()[7].decoded,
            [
                "ƒbX's R: rank[0-1]/core[0-3]; less the instance's R: nothing, so it is a subset",
                "ƒJG's R: rank3/core[0-1],gpu0; less the instance's R: nothing, so it is a subset",
                "Their union: rank[0-1]/core[0-3] rank3/core[0-1],gpu0, the allocated set"
            ]
        );
        // The job list's summaries say what the jobs' own R do.
        let held = crate::jobs::held_jobs(JOBS).unwrap();
        let ids: Vec<&str> = held.iter().map(|j| j.id.as_str()).collect();
        assert_eq!(ids, ["ƒbX", "ƒJG"]);
        for (job, (_, r)) in held.iter().zip(JOB_RS) {
            let own = crate::jobs::HeldJob::of_r(0, &crate::rset::load(r).unwrap());
            // A summary lists cores before GPUs; an R's children are sorted.
            let sorted = |h: &crate::jobs::map::Holding| -> Vec<_> {
                let mut kinds: Vec<_> = h.iter().map(|(r, k)| (*r, k.clone())).collect();
                kinds
                    .iter_mut()
                    .for_each(|(_, k)| k.iter_mut().for_each(|k| k.sort()));
                kinds
            };
            assert_eq!(sorted(&job.holding), sorted(&own.holding));
        }
    }

    #[test]
    fn the_jobs_step_adds_the_job_list_to_the_tours_tab_once() {
        let docs = Docs::default().apply(Action::Show(tab()));
        let mut shown = docs.clone();
        for _ in 0..2 {
            for action in show_jobs(&shown) {
                shown = shown.apply(action);
            }
        }
        assert_eq!(shown.docs.len(), 1);
        let joined: Vec<&str> = shown
            .current()
            .joined
            .iter()
            .map(|j| j.source.as_str())
            .collect();
        assert_eq!(joined, [JOBS_NAME]);
        // The tour's tab closed: opened again with the job list.
        let mine = Docs::default().apply(Action::Import(crate::tabs::Doc {
            source: "mine.json".into(),
            text: "{}".into(),
            ..crate::tabs::Doc::default()
        }));
        let mut opened = mine;
        for action in show_jobs(&opened) {
            opened = opened.apply(action);
        }
        assert_eq!(
            (opened.docs.len(), opened.current().source.as_str()),
            (2, tab().source.as_str())
        );
        assert_eq!(opened.current().joined.len(), 1);
    }

    #[test]
    fn the_year_step_lists_what_history_computes_of_the_log() {
        // Two ranks over two days: rank 1 drained for a day, for a reason
        // given twice, then undrained; rank 0 offline for six hours.
        let log = r#"{"timestamp":1700000000,"name":"restart","context":{"ranks":"0-1","online":"0-1","nodelist":"a[0-1]"}}
{"timestamp":1700000000,"name":"drain","context":{"idset":"1","reason":"bad disk","overwrite":0}}
{"timestamp":1700043200,"name":"drain","context":{"idset":"1","reason":"bad disk","overwrite":1}}
{"timestamp":1700086400,"name":"undrain","context":{"idset":"1"}}
{"timestamp":1700100000,"name":"offline","context":{"idset":"0"}}
{"timestamp":1700121600,"name":"online","context":{"idset":"0"}}
{"timestamp":1700172800,"name":"drain","context":{"idset":"0","reason":"nodediag failed","overwrite":0}}
"#;
        assert_eq!(
            year_lines(log),
            [
                "7 events from 2023-11-14 22:13:20 UTC to 2023-11-16 22:13:20 UTC, 2 nodes",
                "Available 68.8% of the time its nodes' states are known",
                "Least available week: the week of 2023-11-13, 68.8%",
                "Drained for \"bad disk\": 24.0 node-hours, 2 drains",
                "Drained for \"nodediag failed\": 0.0 node-hours, 1 drain",
            ]
        );
        assert_eq!(year_lines("not an eventlog"), Vec::<String>::new());
    }

    #[test]
    fn the_year_step_shows_the_years_tab_once_it_is_open() {
        let docs = Docs::default().apply(Action::Show(tab()));
        assert_eq!(show_year(&docs), None);
        let docs = docs.apply(Action::Show(year_tab("{}".to_string().into())));
        let docs = docs.apply(Action::Select(0));
        assert_eq!(show_year(&docs), Some(Action::Select(1)));
        assert_eq!(stops()[8].does, Does::Year);
    }

    #[test]
    fn stepping_back_from_the_jobs_step_takes_the_job_list_out() {
        let mut docs = Docs::default();
        for action in show_jobs(&docs) {
            docs = docs.apply(action);
        }
        assert_eq!(docs.current().joined.len(), 1);
        let back = show_tab(&docs);
        assert_eq!(back, [Action::Show(tab()), Action::Leave(0)]);
        let back = back.into_iter().fold(docs, |d, a| d.apply(a));
        assert_eq!(back.current().joined.len(), 0);
        assert_eq!(show_tab(&back), [Action::Show(tab())]);
    }

    #[test]
    fn the_r_the_tour_opens_is_ranked_as_bootstrap_hosts_orders_it() {
        let r = instance_r().unwrap();
        assert!(r.contains(r#""nodelist": ["tiny[4,1-3]"]"#), "{r}");
        let tab = tab();
        assert_eq!((&*tab.text, &*tab.config), (r.as_str(), CONFIG));
    }
}

#[cfg(test)]
mod leaving {
    use super::*;
    use crate::tabs::Doc;

    #[test]
    fn leaving_closes_the_tours_tab_that_took_a_blank_tabs_place() {
        let blank = Docs::default();
        let before = Before::of(&blank).unwrap();
        let touring = blank.clone().apply(Action::Show(tab()));
        assert_eq!(touring.docs.len(), 1, "the blank tab is replaced");
        let left = (before.on_leave(&touring).into_iter()).fold(touring.clone(), |d, a| d.apply(a));
        assert!(left.current().is_blank() && left.current().config.is_empty());
    }

    #[test]
    fn leaving_shows_the_tab_shown_before_and_keeps_the_tours_tab() {
        let mine = Docs::default().apply(Action::Import(Doc {
            source: "mine.json".into(),
            text: "{}".into(),
            ..Doc::default()
        }));
        let before = Before::of(&mine).unwrap();
        let touring = mine.apply(Action::Show(tab()));
        assert_eq!((touring.docs.len(), touring.active), (2, 1));
        assert_eq!(before.on_leave(&touring), [Action::Select(0)]);
        // Taken again from its own tab, the tour has nothing to go back to.
        assert_eq!(Before::of(&touring), None);
    }

    #[test]
    fn leaving_never_closes_a_tour_tab_that_was_open_before() {
        // The tour's tab is open; a blank tab beside it is shown.
        let docs = Docs::default()
            .apply(Action::Show(tab()))
            .apply(Action::Import(Doc::default()));
        let blank = docs.active;
        let before = Before::of(&docs).unwrap();
        let touring = docs.apply(Action::Show(tab()));
        assert_eq!(before.on_leave(&touring), [Action::Select(blank)]);
    }

    #[test]
    fn leaving_closes_the_years_tab_the_tour_opened_and_keeps_one_open_before() {
        let mine = Docs::default().apply(Action::Import(Doc {
            source: "mine.json".into(),
            text: "{}".into(),
            ..Doc::default()
        }));
        let before = Before::of(&mine).unwrap();
        let touring = (mine.clone())
            .apply(Action::Show(tab()))
            .apply(Action::Show(year_tab("{}".to_string().into())));
        // Tabs: mine, the tour's, the year's (shown).
        assert_eq!(
            before.on_leave(&touring),
            [Action::Close(2), Action::Select(0)]
        );
        // Open before the tour was taken, it stays.
        let open = mine.apply(Action::Show(year_tab("{}".to_string().into())));
        let before = Before::of(&open).unwrap();
        let touring = open.apply(Action::Show(tab()));
        assert_eq!(before.on_leave(&touring), [Action::Select(1)]);
    }
}
