//! Fuzz the `flux resource` payload and configuration readers: no payload,
//! configuration or option text may panic, nor the page's queue colouring
//! of a configuration, nor its check of `[bootstrap] hosts` against the
//! ranks, nor `rscope config`'s report of a whole configuration (TOML or
//! its JSON form, merged with itself, its `[resource] exclude`, what
//! `rscope R parse-config` prints of it), nor the configuration box's
//! view of it, re-ranking and folder merge. The
//! first byte picks which reader gets the rest, and the status and list commands run over the
//! payload with a few formats and options. A payload is also read as the
//! page reads it: findings, node states, the drain table sorted, and the
//! explanation of a few places.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::commands::config::ReportSource::Configured;
use rscope_core::resource::{self, Config, ListOptions, StatusOptions};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match pick % 4 {
        0 => {
            let _ = Config::from_toml_text(text);
            let _ = Config::from_json_text(text);
            queues_on_a_grid(text);
            // The page's configuration box: what [resource] and
            // [bootstrap] make (TOML or JSON), and its re-ranking fix.
            let _ = rscope_core::commands::config_view::of_text(text);
            let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}], "nodelist": ["a[0-3]"]}}"#;
            let _ = rscope_core::commands::config_view::rerank_by_bootstrap(text, r);
            let _ = rscope_core::commands::config_view::merged(&[("a.toml".into(), text.into()), ("b.toml".into(), text.into())]);
            // `rscope config`: the whole configuration, and its R.
            if let Ok(conf) = rscope_core::commands::config::SystemConfig::merge(&[("f".into(), text.into())]) {
                let _ = rscope_core::commands::config::report(&conf, None, Configured);
            }
            system_config(text);
        }
        1 => {
            for format in ["default", "long", "{timestamp!d:%F::<12} {reason:<5.5+}"] {
                let opts = StatusOptions { format: format.into(), ..Default::default() };
                let _ = resource::status(text, &opts);
            }
            let drain = StatusOptions { states: Some("all".into()), include: Some("0-3".into()), ..Default::default() };
            let _ = resource::status(text, &StatusOptions { format: "default".into(), ..drain });
            page_reading(text);
        }
        2 => {
            let opts = ListOptions { format: "rlist".into(), states: "free,allocated,down".into(), ..Default::default() };
            let _ = resource::list(text, &opts);
            let _ = resource::info(text, &opts);
            let _ = resource::emit_r(text, &ListOptions { states: "all,up,free".into(), ..opts });
        }
        _ => {
            // A format string from the user over a small fixed payload.
            let payload = r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["a[0-1]"]}}, "online": "0", "offline": "1", "exclude": "", "drain": {"1": {"timestamp": 5, "reason": "r"}}}"#;
            let opts = StatusOptions { format: text.into(), states: Some("all".into()), ..Default::default() };
            let _ = resource::status(payload, &opts);
        }
    }
});

/// What the page's queue box does with a configuration: the queues of
/// a small grid's nodes, with properties held, negated and missing, and
/// its ranks against the configuration's `[bootstrap] hosts`.
fn queues_on_a_grid(text: &str) {
    let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}],
        "nodelist": ["a[0-3]"], "properties": {"batch": "0-1", "debug": "1-2"}}}"#;
    let set = rscope_core::rset::load(r).expect("the fixed R reads");
    let grid = rscope_core::grid::Grid::new(&set, None, None);
    let _ = rscope_core::grid::queues::read(&grid, text);
    let _ = rscope_core::grid::queues::rank_order(&grid, text);
}

/// What the page does with a payload: its analysis (findings, the grid's
/// node states), the drain table sorted by each column, and Explain.
fn page_reading(text: &str) {
    use rscope_core::grid::node_states::{DrainAction, DrainSort, DrainTable};
    let a = rscope_core::analysis::Analysis::of(text);
    if let Some(states) = a.grid.as_ref().and_then(|g| g.node_states()) {
        let mut table = DrainTable::new(&states.drains);
        for by in DrainSort::ALL {
            table = table.apply(DrainAction::Sort(by));
        }
    }
    for at in [0, text.len() / 3, text.len() / 2, text.len()] {
        let _ = rscope_core::explain::explain(text, at);
    }
}

/// A configuration as `rscope config` and `rscope R parse-config` read it:
/// in either form (and as JSON whatever it starts with), merged with
/// itself, the ranks `[resource] exclude` takes out of its R (or of a
/// fixed one) as the instance ranks it, and the R parse-config prints,
/// with files that hold a small R, nothing or no JSON.
fn system_config(text: &str) {
    use rscope_core::commands::config::{self, SystemConfig};
    let _ = SystemConfig::from_json("f.json", text);
    let Ok(conf) = SystemConfig::read("f", text) else {
        return;
    };
    let _ = SystemConfig::merge(&[("a".into(), text.into()), ("b".into(), text.into())]);
    let fixed = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}], "nodelist": ["a[0-3]"]}}"#;
    let fixed = rscope_core::rset::load(fixed).expect("the fixed R reads");
    let own = system::config_r(&conf).ok().flatten();
    for r in [Some(fixed), own].into_iter().flatten() {
        let _ = system::excluded(&conf, &system::instance_r(&conf, &r));
    }
    let read = |p: &str| match p.len() % 3 {
        0 => Ok(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#.to_string()),
        1 => Ok(p.to_string()),
        _ => Err(format!("{p}: no such file")),
    };
    let _ = system::parse_config(&conf, &read);
}
