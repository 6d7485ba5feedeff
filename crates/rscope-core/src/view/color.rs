//! The grid's "colour by" menu as a type: what the user can pick, how the
//! pick reads and writes as a `<select>` value, which options the menu
//! offers, and which [`ColorBy`] a pick comes to once the other tab's set
//! (for membership) has been read.

use crate::grid::compare::{Named, MAX_DOCS};
use crate::grid::overlay::Overlay;
use crate::grid::{ColorBy, Grid};
use crate::rset::Rset;
use crate::tabs::{tab_letter, tab_name};
use std::fmt;

/// What the user picked in the "colour by" menu.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Nothing yet: by state for a status document, else by type.
    #[default]
    Auto,
    /// By child type.
    Type,
    /// Free, allocated or down.
    State,
    /// Nodes holding this property are marked.
    Property(String),
    /// Resources also in tab `n` are marked.
    Member(usize),
    /// Each node in the colour of its queues, from an open configuration
    /// ([`crate::grid::queues`]).
    Queue,
    /// The active tab and these tabs (one or two) on one grid laid out
    /// from all of them, each cell coloured by which of them hold it
    /// ([`crate::grid::compare`]).
    Compare(Vec<usize>),
    /// Each core and GPU in the colour of the running job holding it, or
    /// of that job's user or queue, from an open job list
    /// ([`crate::grid::jobs`]).
    #[cfg(feature = "page")]
    Jobs(crate::grid::jobs::JobKey),
}

impl ColorChoice {
    /// The choice a `<select>` value names. Anything unknown (a stale or
    /// hand-made value) colours by type, as the page always has.
    pub fn parse(value: &str) -> ColorChoice {
        if let Some(p) = value.strip_prefix("property:") {
            return ColorChoice::Property(p.to_string());
        }
        if let Some(n) = value.strip_prefix("member:") {
            return n.parse().map_or(ColorChoice::Type, ColorChoice::Member);
        }
        if let Some(list) = value.strip_prefix("compare:") {
            let tabs: Result<Vec<usize>, _> = list.split(',').map(str::parse).collect();
            return tabs.map_or(ColorChoice::Type, ColorChoice::Compare);
        }
        #[cfg(feature = "page")]
        if let Some(key) = job_key(value) {
            return ColorChoice::Jobs(key);
        }
        match value {
            "auto" => ColorChoice::Auto,
            "state" => ColorChoice::State,
            "queue" => ColorChoice::Queue,
            _ => ColorChoice::Type,
        }
    }

    /// The tab whose set marks the cells: a tab other than `active` among
    /// `tabs` open ones.
    pub fn member(&self, tabs: usize, active: usize) -> Option<usize> {
        match *self {
            ColorChoice::Member(i) if i < tabs && i != active => Some(i),
            _ => None,
        }
    }

    /// The tabs a compare view shows, the `active` one first, when the
    /// choice is one and names one or two other open tabs (of `tabs`).
    pub fn compared(&self, tabs: usize, active: usize) -> Option<Vec<usize>> {
        let ColorChoice::Compare(others) = self else {
            return None;
        };
        let mut all = vec![active];
        for &i in others {
            if i >= tabs || all.contains(&i) {
                return None;
            }
            all.push(i);
        }
        (2..=MAX_DOCS).contains(&all.len()).then_some(all)
    }

    /// Whether the choice names a tab by its index (which a closed tab
    /// shifts).
    pub fn names_a_tab(&self) -> bool {
        matches!(self, ColorChoice::Member(_) | ColorChoice::Compare(_))
    }
}

impl fmt::Display for ColorChoice {
    /// The `<select>` value: `auto`, `type`, `state`, `property:NAME`,
    /// `member:N`, `compare:N` or `compare:N,M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColorChoice::Auto => f.write_str("auto"),
            ColorChoice::Type => f.write_str("type"),
            ColorChoice::State => f.write_str("state"),
            ColorChoice::Queue => f.write_str("queue"),
            ColorChoice::Property(p) => write!(f, "property:{p}"),
            ColorChoice::Member(i) => write!(f, "member:{i}"),
            ColorChoice::Compare(tabs) => {
                let list: Vec<String> = tabs.iter().map(usize::to_string).collect();
                write!(f, "compare:{}", list.join(","))
            }
            #[cfg(feature = "page")]
            ColorChoice::Jobs(key) => {
                let at = JOB_KEYS.iter().find(|(_, k)| k == key);
                f.write_str(at.map_or("job", |(value, _)| value))
            }
        }
    }
}

/// The `<select>` values of the job colourings, with what each groups by
/// (also the `<rscope-view>` element's `color-by` values for its `jobs=`).
const JOB_KEYS: [(&str, crate::grid::jobs::JobKey); 3] = {
    use crate::grid::jobs::JobKey;
    [
        ("job", JobKey::Job),
        ("user", JobKey::User),
        ("job-queue", JobKey::Queue),
    ]
};

/// The job colouring `<select>` value `value` names.
pub fn job_key(value: &str) -> Option<crate::grid::jobs::JobKey> {
    JOB_KEYS.iter().find(|(v, _)| *v == value).map(|(_, k)| *k)
}

/// The menu's job colourings for a grid with running jobs `jobs`: by job
/// and by user, and by queue when some job names one.
#[cfg(feature = "page")]
fn job_options(jobs: Option<&crate::grid::jobs::JobsOnGrid>) -> Vec<(ColorChoice, String)> {
    use crate::grid::jobs::JobKey;
    let Some(jobs) = jobs else {
        return Vec::new();
    };
    let mut out = vec![
        (
            ColorChoice::Jobs(JobKey::Job),
            "job (from the job list)".to_string(),
        ),
        (
            ColorChoice::Jobs(JobKey::User),
            "user of the job".to_string(),
        ),
    ];
    if jobs.has_queues() {
        out.push((
            ColorChoice::Jobs(JobKey::Queue),
            "queue of the job".to_string(),
        ));
    }
    out
}

/// With more other tabs than this, the menu offers no three-way compare
/// (the pairs would crowd it).
const MAX_PAIRS_OF: usize = 4;

/// The names of the tabs `tabs` (indices into `sources`) for a compare
/// view: letter and tab name.
pub fn compare_names(tabs: &[usize], sources: &[&str]) -> Vec<Named> {
    tabs.iter()
        .map(|&t| Named {
            letter: tab_letter(t).to_string(),
            name: sources
                .get(t)
                .map_or_else(String::new, |s| tab_name(s).to_string()),
        })
        .collect()
}

/// One entry of the "colour by" menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuOption {
    /// The `<select>` value ([`ColorChoice`]'s `Display`).
    pub value: String,
    /// What the user reads.
    pub label: String,
    /// Whether it shows as chosen.
    pub selected: bool,
}

/// What the menu offers a document: by type; by state where the grid has
/// states (`states` names them: [`Grid::state_words`]); by queue where a
/// configuration with queues is open (`queues`); each of its
/// `properties`; and membership in each tab but the `active` one, named
/// by `sources`.
pub fn menu(
    choice: &ColorChoice,
    states: Option<&str>,
    queues: bool,
    properties: &[String],
    sources: &[&str],
    active: usize,
) -> Vec<MenuOption> {
    let auto = *choice == ColorChoice::Auto;
    let option = |c: ColorChoice, label: String, selected: bool| MenuOption {
        selected: selected || *choice == c,
        value: c.to_string(),
        label,
    };
    let mut out = vec![option(
        ColorChoice::Type,
        "resource type".into(),
        auto && states.is_none(),
    )];
    if let Some(words) = states {
        out.push(option(ColorChoice::State, words.into(), auto));
    }
    if queues {
        out.push(option(
            ColorChoice::Queue,
            "queue (from the configuration)".into(),
            false,
        ));
    }
    for p in properties {
        out.push(option(
            ColorChoice::Property(p.clone()),
            format!("property {p}"),
            false,
        ));
    }
    for (i, source) in sources.iter().enumerate().filter(|(i, _)| *i != active) {
        out.push(option(
            ColorChoice::Member(i),
            format!("also in tab {} ({})", tab_letter(i), tab_name(source)),
            false,
        ));
    }
    let others: Vec<usize> = (0..sources.len()).filter(|i| *i != active).collect();
    let name = |i: usize| format!("tab {} ({})", tab_letter(i), tab_name(sources[i]));
    for &i in &others {
        out.push(option(
            ColorChoice::Compare(vec![i]),
            format!("compare with {}", name(i)),
            false,
        ));
    }
    // Three documents: each pair of the others, while the menu stays short.
    if others.len() <= MAX_PAIRS_OF {
        for (k, &i) in others.iter().enumerate() {
            for &j in &others[k + 1..] {
                out.push(option(
                    ColorChoice::Compare(vec![i, j]),
                    format!("compare with {} and {}", name(i), name(j)),
                    false,
                ));
            }
        }
    }
    out
}

/// The menu's `options` with the job colourings of a grid with running
/// jobs (`jobs`) after its type, state and queue options, shown as chosen
/// when `choice` is one.
#[cfg(feature = "page")]
pub fn with_jobs(
    mut options: Vec<MenuOption>,
    choice: &ColorChoice,
    jobs: Option<&crate::grid::jobs::JobsOnGrid>,
) -> Vec<MenuOption> {
    let first = ["type", "state", "queue"];
    let at = (options.iter())
        .position(|o| !first.contains(&o.value.as_str()))
        .unwrap_or(options.len());
    let rest = options.split_off(at);
    options.extend(job_options(jobs).into_iter().map(|(c, label)| MenuOption {
        selected: *choice == c,
        value: c.to_string(),
        label,
    }));
    options.extend(rest);
    options
}

/// The `<select>` value of the option that stands for a colouring another
/// panel lays over the grid (a fit's cells, the queue's jobs).
pub const OVERLAY_VALUE: &str = "overlay";

/// The menu's `options` while another panel colours the grid (`overlay`
/// names that colouring): it comes first and shows as chosen, so the
/// menu always reads what the grid shows. Picking another option hands
/// the grid back to the menu.
pub fn with_overlay(mut options: Vec<MenuOption>, overlay: Option<&str>) -> Vec<MenuOption> {
    let Some(label) = overlay else {
        return options;
    };
    for o in &mut options {
        o.selected = false;
    }
    let first = MenuOption {
        value: OVERLAY_VALUE.to_string(),
        label: label.to_string(),
        selected: true,
    };
    options.insert(0, first);
    options
}

/// How cells are coloured for `choice` in a document with states or not,
/// given the set of the tab it names (`other`, read or refused, when it
/// names one) and the nodes' queues (`queues`, when a configuration with
/// queues is open): the colouring, and why it is not the one asked for.
pub fn coloring(
    choice: &ColorChoice,
    has_states: bool,
    other: Option<(usize, Result<Rset, String>)>,
    queues: Option<&Overlay>,
) -> (ColorBy, Option<String>) {
    // A status document opens coloured by state; anything else by type.
    let (fallback, what) = if has_states {
        (ColorBy::State, "state")
    } else {
        (ColorBy::Type, "type")
    };
    #[cfg(feature = "page")]
    if let ColorChoice::Jobs(_) = choice {
        // [`by_jobs`] colours by jobs where the grid has them.
        let problem =
            format!("no job list with running jobs is open, so cells are coloured by {what}");
        return (fallback, Some(problem));
    }
    match (choice, other) {
        (ColorChoice::Property(p), _) => (ColorBy::Property(p.clone()), None),
        (ColorChoice::Queue, _) => match queues {
            Some(o) => (ColorBy::Overlay(o.clone()), None),
            None => {
                let problem = format!(
                    "no configuration with queues is open, so cells are coloured by {what}"
                );
                (fallback, Some(problem))
            }
        },
        (_, Some((_, Ok(set)))) => (ColorBy::Membership(set), None),
        (_, Some((i, Err(why)))) => {
            let problem = format!(
                "tab {} has no resources ({why}), so cells are coloured by {what}",
                tab_letter(i)
            );
            (fallback, Some(problem))
        }
        (ColorChoice::State | ColorChoice::Auto, None) => (fallback, None),
        _ => (ColorBy::Type, None),
    }
}

/// The colouring `choice` comes to on a grid with running jobs `jobs`,
/// when it is a job colouring and there are jobs to colour by.
#[cfg(feature = "page")]
pub fn by_jobs(
    choice: &ColorChoice,
    jobs: Option<&crate::grid::jobs::JobsOnGrid>,
) -> Option<ColorBy> {
    match (choice, jobs) {
        (ColorChoice::Jobs(key), Some(jobs)) => Some(ColorBy::Overlay(jobs.overlay(*key))),
        _ => None,
    }
}

/// Colouring `by` on `grid`: by state, a grid with node states (a
/// `resource.status` payload) is coloured by those states, not by free,
/// allocated and down.
pub fn on_grid(by: &std::rc::Rc<ColorBy>, grid: Option<&Grid>) -> std::rc::Rc<ColorBy> {
    match (by.as_ref(), grid.and_then(Grid::node_states)) {
        (ColorBy::State, Some(s)) => std::rc::Rc::new(ColorBy::Overlay(s.overlay.clone())),
        _ => by.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::SET_STATES;
    use crate::idset::IdSet;
    use crate::rset::load;

    #[test]
    fn choices_read_and_write_select_values() {
        for v in [
            "auto",
            "type",
            "state",
            "queue",
            "property:pgpu",
            "member:3",
            "compare:2",
        ] {
            assert_eq!(ColorChoice::parse(v).to_string(), v);
        }
        assert_eq!(
            ColorChoice::parse("property:a:b"),
            ColorChoice::Property("a:b".into())
        );
        assert_eq!(ColorChoice::parse("member:x"), ColorChoice::Type);
        assert_eq!(ColorChoice::parse("rainbow"), ColorChoice::Type);
        assert_eq!(ColorChoice::default(), ColorChoice::Auto);
    }

    #[test]
    #[cfg(feature = "page")]
    fn a_grid_with_running_jobs_colours_by_job_user_or_queue() {
        use crate::grid::jobs::{JobKey, JobsOnGrid};
        for v in ["job", "user", "job-queue"] {
            assert_eq!(ColorChoice::parse(v).to_string(), v);
        }
        assert_eq!(ColorChoice::parse("user"), ColorChoice::Jobs(JobKey::User));
        let list = r#"{"jobs": [{"id": 2, "t_submit": 1.0, "userid": 7, "state": "RUN", "ranks": "1", "queue": "pbatch"}]}"#;
        let jobs = JobsOnGrid::of(&crate::jobs::held_jobs(list).unwrap(), 0.0).unwrap();
        let by = ColorChoice::Jobs(JobKey::Queue);
        let plain = menu(&by, Some(SET_STATES), false, &["pgpu".into()], &["a"], 0);
        assert_eq!(
            shown(&with_jobs(plain.clone(), &by, Some(&jobs))),
            [
                "type=resource type",
                "state=state (free, allocated, down)",
                "job=job (from the job list)",
                "user=user of the job",
                "job-queue=queue of the job *",
                "property:pgpu=property pgpu"
            ]
        );
        assert_eq!(with_jobs(plain.clone(), &by, None), plain);
        let Some(ColorBy::Overlay(o)) = by_jobs(&by, Some(&jobs)) else {
            panic!("by queue")
        };
        assert_eq!(
            o.legend()[0],
            ("queue pbatch: 1 running job".to_string(), Some(0))
        );
        assert!(by_jobs(&by, None).is_none() && by_jobs(&ColorChoice::Type, Some(&jobs)).is_none());
        let (fallback, why) = coloring(&by, false, None, None);
        assert!(matches!(fallback, ColorBy::Type));
        assert_eq!(
            why.as_deref(),
            Some("no job list with running jobs is open, so cells are coloured by type")
        );
    }

    #[test]
    fn an_overlay_reads_as_the_chosen_option() {
        let plain = menu(&ColorChoice::Auto, None, false, &["pgpu".into()], &["a"], 0);
        assert_eq!(with_overlay(plain.clone(), None), plain);
        let shown: Vec<(String, bool)> = with_overlay(plain, Some("the queue's jobs (shapes)"))
            .into_iter()
            .map(|o| (o.value, o.selected))
            .collect();
        assert_eq!(
            shown,
            [
                ("overlay".to_string(), true),
                ("type".to_string(), false),
                ("property:pgpu".to_string(), false)
            ]
        );
    }

    #[test]
    fn membership_names_another_open_tab() {
        let m = ColorChoice::Member(1);
        assert_eq!(
            (m.member(3, 0), m.member(3, 1), m.member(1, 0)),
            (Some(1), None, None)
        );
        assert_eq!(ColorChoice::Type.member(3, 0), None);
        let c = |tabs: Vec<usize>| ColorChoice::Compare(tabs);
        assert_eq!(c(vec![2]).member(3, 0), None);
        assert_eq!(c(vec![2]).compared(3, 0), Some(vec![0, 2]));
        assert_eq!(c(vec![2, 1]).compared(3, 0), Some(vec![0, 2, 1]));
        assert_eq!(c(vec![0]).compared(3, 0), None, "the active tab itself");
        assert_eq!(c(vec![3]).compared(3, 0), None, "a closed tab");
        assert_eq!(c(vec![1, 2, 3]).compared(4, 0), None, "four documents");
        assert_eq!(ColorChoice::parse("compare:1,x"), ColorChoice::Type);
        assert!(c(vec![2]).names_a_tab() && !ColorChoice::State.names_a_tab());
        assert_eq!(
            compare_names(&[0, 2], &["a.json", "b", "c.json"]),
            [
                Named {
                    letter: "A".into(),
                    name: "a.json".into()
                },
                Named {
                    letter: "C".into(),
                    name: "c.json".into()
                }
            ]
        );
    }

    fn shown(options: &[MenuOption]) -> Vec<String> {
        options
            .iter()
            .map(|o| {
                format!(
                    "{}={}{}",
                    o.value,
                    o.label,
                    if o.selected { " *" } else { "" }
                )
            })
            .collect()
    }

    #[test]
    fn the_menu_offers_what_the_document_has() {
        let props = ["pgpu".to_string()];
        assert_eq!(
            shown(&menu(
                &ColorChoice::Auto,
                None,
                false,
                &props,
                &["a.json", "b.json"],
                0
            )),
            [
                "type=resource type *",
                "property:pgpu=property pgpu",
                "member:1=also in tab B (b.json)",
                "compare:1=compare with tab B (b.json)"
            ]
        );
        assert_eq!(
            shown(&menu(
                &ColorChoice::Auto,
                Some(SET_STATES),
                false,
                &[],
                &["s.json"],
                0
            )),
            [
                "type=resource type",
                "state=state (free, allocated, down) *"
            ]
        );
        assert_eq!(
            shown(&menu(
                &ColorChoice::Member(0),
                None,
                false,
                &props,
                &["A laptop", "b"],
                1
            )),
            [
                "type=resource type",
                "property:pgpu=property pgpu",
                "member:0=also in tab A (laptop) *",
                "compare:0=compare with tab A (laptop)"
            ]
        );
        assert_eq!(
            shown(&menu(
                &ColorChoice::Property("pgpu".into()),
                Some(SET_STATES),
                false,
                &props,
                &["a"],
                0
            )),
            [
                "type=resource type",
                "state=state (free, allocated, down)",
                "property:pgpu=property pgpu *"
            ]
        );
    }

    fn name(by: &ColorBy) -> String {
        match by {
            ColorBy::Type => "type".into(),
            ColorBy::State => "state".into(),
            ColorBy::Property(p) => format!("property {p}"),
            ColorBy::Membership(s) => format!("membership {}", s.short_form()),
            ColorBy::Overlay(o) => format!("overlay {:?}", o.legend()),
        }
    }

    #[test]
    fn a_choice_comes_to_a_colouring() {
        let c = |choice: ColorChoice, states: bool| {
            let (by, problem) = coloring(&choice, states, None, None);
            (name(&by), problem)
        };
        assert_eq!(c(ColorChoice::Auto, false), ("type".into(), None));
        assert_eq!(c(ColorChoice::Auto, true), ("state".into(), None));
        assert_eq!(c(ColorChoice::State, false), ("type".into(), None));
        assert_eq!(c(ColorChoice::Type, true), ("type".into(), None));
        assert_eq!(
            c(ColorChoice::Property("big".into()), true),
            ("property big".into(), None)
        );
        assert_eq!(
            c(ColorChoice::Member(4), true),
            ("type".into(), None),
            "a tab that is not open"
        );
        let set = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#).unwrap();
        let (by, problem) = coloring(&ColorChoice::Member(1), false, Some((1, Ok(set))), None);
        assert_eq!(
            (name(&by), problem),
            ("membership rank0/core0".into(), None)
        );
        let (by, problem) = coloring(
            &ColorChoice::Member(1),
            true,
            Some((1, Err("unsupported version 2".into()))),
            None,
        );
        assert_eq!(
            (name(&by), problem.as_deref()),
            (
                "state".into(),
                Some("tab B has no resources (unsupported version 2), so cells are coloured by state")
            )
        );
    }

    #[test]
    fn by_queue_needs_a_configuration_with_queues() {
        let shown_queue = shown(&menu(&ColorChoice::Queue, None, true, &[], &["a"], 0));
        assert_eq!(
            shown_queue,
            [
                "type=resource type",
                "queue=queue (from the configuration) *"
            ]
        );
        let mut overlay = Overlay::new(Some("in no queue: 1 node"));
        overlay.add_nodes(
            0,
            "queue batch: 1 node".into(),
            "queue batch".into(),
            IdSet::from_range(0, 0),
        );
        let (by, problem) = coloring(&ColorChoice::Queue, false, None, Some(&overlay));
        assert_eq!(
            (name(&by), problem),
            (
                r#"overlay [("queue batch: 1 node", Some(0)), ("in no queue: 1 node", None)]"#
                    .into(),
                None
            )
        );
        let (by, problem) = coloring(&ColorChoice::Queue, true, None, None);
        assert_eq!(
            (name(&by), problem.as_deref()),
            (
                "state".into(),
                Some("no configuration with queues is open, so cells are coloured by state")
            )
        );
    }

    #[test]
    fn a_payloads_grid_by_state_is_coloured_by_node_state() {
        let text = include_str!("../../../../tests/fixtures/flux-resource/status/drain.json");
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        let status = crate::resource::ResourceStatus::from_text(text).unwrap();
        let set = load(&v["R"].to_string()).unwrap();
        let states = crate::grid::node_states::NodeStates::of(&status, 0.0);
        let grid = crate::grid::Grid::new(&set, None, None).with_node_states(states);
        let by = std::rc::Rc::new(ColorBy::State);
        let ColorBy::Overlay(o) = on_grid(&by, Some(&grid)).as_ref().clone() else {
            panic!("not by node state");
        };
        assert_eq!(o.legend()[1].0, "drained: 2 nodes");
        let plain = crate::grid::Grid::new(
            &load(r#"{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0"}}]}}"#)
                .unwrap(),
            None,
            None,
        );
        assert!(matches!(
            on_grid(&by, Some(&plain)).as_ref(),
            ColorBy::State
        ));
    }
}
