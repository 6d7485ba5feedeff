//! What the grid says in words: the tooltip of a cell or a strip, the
//! legend of a colouring, and the line that describes the grid's shape.

use super::{CellInfo, ColorBy, Grid, Paint, RowMap, StripInfo, MAX_COLUMNS_PER_TYPE};
use crate::idset::IdSet;
use crate::words::{count, type_noun};

/// The tooltip text for a cell.
pub fn tooltip(c: &CellInfo) -> String {
    let mut s = format!(
        "{} rank {} — {} {}",
        c.host.as_deref().unwrap_or("(no host name)"),
        c.rank,
        c.kind,
        c.id
    );
    if let Some(state) = c.state {
        s.push_str(&format!(" — {state}"));
    }
    if !c.properties.is_empty() {
        s.push_str(&format!(" — properties: {}", c.properties.join(", ")));
    }
    s
}

/// The tooltip text for a folded row or a density strip.
pub fn strip_tooltip(s: &StripInfo) -> String {
    let mut out = format!(
        "{} — {} {} on {} of {} nodes",
        s.label, s.kind, s.id, s.present, s.nodes
    );
    if let Some((free, alloc, down)) = s.states {
        out.push_str(&format!(" — {free} free, {alloc} allocated, {down} down"));
    }
    if let Some(m) = s.marked {
        out.push_str(&format!(" — {m} marked"));
    }
    out
}

/// What display cell `(row, col)` of `map` holds, as tooltip text and,
/// when it is one node's cell (or a fold of identical ones), the cell to
/// link to its entry. `strips` says the display rows are density strips.
pub fn describe(
    grid: &Grid,
    map: &RowMap,
    by: &ColorBy,
    strips: bool,
    (row, col): (usize, usize),
) -> Option<(String, Option<CellInfo>)> {
    if map.is_each() {
        let c = grid.cell(row, col)?;
        let mut text = tooltip(&c);
        // A payload's node state and drain reason are told whatever the
        // grid is coloured by (by queue, say); coloured by those states,
        // the overlay below tells them. (The element's bundle, without the
        // `page` feature, colours by no queue and has a size budget.)
        let states = (grid.node_states().map(|s| &s.overlay)).filter(|_| cfg!(feature = "page"));
        let coloured_by_states =
            matches!((by, states), (ColorBy::Overlay(o), Some(s)) if o.same_categories(s));
        if let Some(s) = states.filter(|_| !coloured_by_states) {
            let tip = s.category(c.rank, &c.kind, c.id).and_then(|i| s.tip(i));
            for words in tip.into_iter().chain(s.notes_of(c.rank)) {
                text.push_str(&format!(" — {words}"));
            }
        }
        let tip = overlay_tip(by, &c);
        if let Some(tip) = tip {
            text.push_str(&format!(" — {tip}"));
        }
        // A running job's cell names its job whatever the grid is
        // coloured by, unless the colouring by job just did.
        #[cfg(feature = "page")]
        if let Some(job) = (grid.jobs()).and_then(|j| j.tip(c.rank, &c.kind, c.id)) {
            if tip != Some(job) {
                text.push_str(&format!(" — {job}"));
            }
        }
        if let ColorBy::Overlay(o) = by {
            for note in o.notes_of(c.rank) {
                text.push_str(&format!(" — {note}"));
            }
        }
        return Some((text, Some(c)));
    }
    let group = map.range(row);
    let info = grid.strip_info(group.clone(), col, by)?;
    // Folded rows are identical, so the first one stands for all; a strip
    // of unlike nodes has no one cell to link.
    let first = (!strips && info.present == info.nodes)
        .then(|| grid.cell(group.start, col))
        .flatten();
    Some((strip_tooltip(&info), first))
}

/// What an overlay says of cell `c`: its category's words.
fn overlay_tip<'a>(by: &'a ColorBy, c: &CellInfo) -> Option<&'a str> {
    let ColorBy::Overlay(o) = by else {
        return None;
    };
    o.tip(o.category(c.rank, &c.kind, c.id)?)
}

/// The legend of colouring `by`: each paint with what it means.
pub fn legend(grid: &Grid, by: &ColorBy) -> Vec<(String, Paint)> {
    match by {
        ColorBy::Type => grid
            .types()
            .into_iter()
            .enumerate()
            .map(|(i, t)| (t, Paint::Type(i.min(255) as u8)))
            .collect(),
        ColorBy::State => {
            let counts = grid.state_counts();
            let words = |i: usize, name: &str| match counts.as_ref().map(|c| counted(&c[i])) {
                Some(n) => format!("{name}: {n}"),
                None => name.to_string(),
            };
            vec![
                (words(0, "free"), Paint::Free),
                (words(1, "allocated"), Paint::Allocated),
                (words(2, "down"), Paint::Down),
            ]
        }
        ColorBy::Property(p) => vec![
            (format!("has {p}"), Paint::Marked),
            (format!("lacks {p}"), Paint::Unmarked),
        ],
        ColorBy::Membership(_) => vec![
            ("also in the other document".into(), Paint::Marked),
            ("only here".into(), Paint::Unmarked),
        ],
        ColorBy::Overlay(o) => o
            .legend()
            .into_iter()
            .map(|(words, k)| (words, k.map_or(o.rest_paint(), |k| o.paint(k))))
            .collect(),
    }
}

/// The most lines [`states_about`] gives: a place may hold nodes drained
/// for hundreds of reasons, and the card is read at a glance.
pub const MAX_STATE_LINES: usize = 6;

/// What the grid's states say of the nodes `ranks` (the cells an
/// explanation is about), a line each: the node states among them and
/// why some were drained (`drained: rank 2`, `rank 2: drained 3 days
/// ago: bad node`), or their free, allocated and down resources (`free:
/// 8 cores`); nothing for a grid without states. The grid is the tab's,
/// with what its system's other documents say laid on it.
pub fn states_about(grid: &Grid, ranks: &IdSet) -> Vec<String> {
    // Only the page's Explain card asks; the element's bundle has a size
    // budget, and without this its legend's helpers stop being inlined.
    if !cfg!(feature = "page") {
        return Vec::new();
    }
    let mut lines = match grid.node_states() {
        Some(states) => states.overlay.nodes_about(ranks),
        None => Vec::new(),
    };
    let counts = grid.state_counts_where(|rank| ranks.contains(rank));
    if let Some(c) = counts.filter(|_| lines.is_empty()) {
        let names = ["free", "allocated", "down"];
        lines = (names.iter().zip(&c))
            .filter(|(_, n)| n.iter().any(|(_, n)| *n > 0))
            .map(|(name, n)| format!("{name}: {}", counted(n)))
            .collect();
    }
    if lines.len() > MAX_STATE_LINES {
        let more = lines.len() - (MAX_STATE_LINES - 1);
        lines.truncate(MAX_STATE_LINES - 1);
        lines.push(format!("and {more} more"));
    }
    lines
}

/// Counts of each type in words (`96 cores, 12 GPUs`), the types with
/// none left out; `none` when every count is 0.
fn counted(counts: &[(String, u64)]) -> String {
    let words: Vec<String> = (counts.iter())
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| count(*n, &type_noun(t)))
        .collect();
    if words.is_empty() {
        return "none".into();
    }
    words.join(", ")
}

/// The line under the grid's tools: how many nodes in how many display
/// rows (`rows`, `strip` nodes a strip, `fold`ed or not), and whether ids
/// were left out.
pub fn shape(grid: &Grid, rows: usize, strip: usize, fold: bool) -> String {
    let nodes = count(grid.rows(), "node");
    let mut out = if strip > 1 {
        format!(
            "{nodes} in {} of {strip} — opacity shows how many nodes have each resource",
            count(rows, "strip")
        )
    } else if fold {
        format!(
            "{nodes} in {} — identical neighbours folded",
            count(rows, "row")
        )
    } else {
        format!("{nodes} × {}", count(grid.width(), "column"))
    };
    if grid.clipped() {
        out.push_str(&format!(
            " — ids above {} are not drawn",
            MAX_COLUMNS_PER_TYPE - 1
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::load;

    const TWENTY: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-15", "children": {"core": "0-35"}}, {"rank": "16-19", "children": {"core": "0-35", "gpu": "0-3"}}], "nodelist": ["quartz[1-20]"], "properties": {"debug": "0-1"}}}"#;

    fn twenty() -> Grid {
        Grid::new(&load(TWENTY).unwrap(), None, None)
    }

    #[test]
    fn describes_cells_and_folds() {
        let g = twenty();
        let each = RowMap::each(g.rows());
        let (text, cell) = describe(&g, &each, &ColorBy::Type, false, (1, 4)).unwrap();
        assert_eq!(text, "quartz2 rank 1 — core 4 — properties: debug");
        assert_eq!(cell.map(|c| (c.rank, c.id)), Some((1, 4)));
        assert_eq!(
            describe(&g, &each, &ColorBy::Type, false, (17, 38))
                .unwrap()
                .0,
            "quartz18 rank 17 — gpu 1"
        );
        assert_eq!(describe(&g, &each, &ColorBy::Type, false, (0, 38)), None);
        let fold = g.fold(&ColorBy::Type);
        let (text, cell) = describe(&g, &fold, &ColorBy::Type, false, (1, 0)).unwrap();
        assert_eq!(text, "quartz[17-20] (16-19) ×4 — core 0 on 4 of 4 nodes");
        assert_eq!(cell.map(|c| c.rank), Some(16), "the first folded node");
        let strips = g.strips(64);
        let (_, cell) = describe(&g, &strips, &ColorBy::Type, true, (0, 38)).unwrap();
        assert_eq!(cell, None, "a strip of unlike nodes links to no cell");
    }

    #[test]
    #[cfg(feature = "page")]
    fn a_running_job_s_cell_names_its_job_whatever_the_colouring() {
        use crate::grid::jobs::{JobKey, JobsOnGrid};
        let list = r#"{"jobs": [{"id": 2, "t_submit": 1.0, "userid": 7, "state": "RUN", "name": "lammps",
            "annotations": {"sched": {"resource_summary": "rank[16-17]/core[0-3],gpu0"}}}]}"#;
        let jobs = JobsOnGrid::of(&crate::jobs::held_jobs(list).unwrap(), 0.0).unwrap();
        let g = twenty().with_jobs(jobs.clone());
        let each = RowMap::each(g.rows());
        let said = |by: &ColorBy, at| describe(&g, &each, by, false, at).unwrap().0;
        assert_eq!(
            said(&ColorBy::Type, (17, 37)),
            "quartz18 rank 17 — gpu 0 — job ƒ3 (lammps), user 7"
        );
        assert_eq!(said(&ColorBy::Type, (17, 4)), "quartz18 rank 17 — core 4");
        let by_job = ColorBy::Overlay(jobs.overlay(JobKey::Job));
        assert_eq!(
            said(&by_job, (16, 0)),
            "quartz17 rank 16 — core 0 — job ƒ3 (lammps), user 7"
        );
        let by_user = ColorBy::Overlay(jobs.overlay(JobKey::User));
        assert_eq!(
            said(&by_user, (16, 0)),
            "quartz17 rank 16 — core 0 — user 7 (1 running job) — job ƒ3 (lammps), user 7"
        );
    }

    #[test]
    fn tooltips_name_states_and_marks() {
        let c = CellInfo {
            rank: 3,
            host: None,
            kind: "core".into(),
            id: 7,
            properties: vec![],
            state: Some("down"),
        };
        assert_eq!(tooltip(&c), "(no host name) rank 3 — core 7 — down");
        let s = StripInfo {
            label: "n[0-7]".into(),
            kind: "gpu".into(),
            id: 1,
            present: 6,
            nodes: 8,
            states: Some((4, 1, 1)),
            marked: Some(2),
        };
        assert_eq!(
            strip_tooltip(&s),
            "n[0-7] — gpu 1 on 6 of 8 nodes — 4 free, 1 allocated, 1 down — 2 marked"
        );
    }

    #[test]
    fn the_state_legend_counts_each_type_in_each_state() {
        let r = load(r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3","gpu":"0"}}],"nodelist":["n[0-1]"]}}"#).unwrap();
        let alloc = load(r#"{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-1","gpu":"0"}}],"nodelist":["n0"]}}"#).unwrap();
        let down = load(r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"1-3"}}],"nodelist":["n[0-1]"]}}"#).unwrap();
        let g = Grid::new(&r, Some(&alloc), Some(&down));
        let words: Vec<String> = legend(&g, &ColorBy::State)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(
            words,
            [
                "free: 1 core, 1 GPU",
                "allocated: 1 core, 1 GPU",
                "down: 6 cores"
            ]
        );
        let none = Grid::new(&r, Some(&r), None);
        let words: Vec<String> = legend(&none, &ColorBy::State)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(
            words,
            ["free: none", "allocated: 8 cores, 2 GPUs", "down: none"]
        );
    }

    #[test]
    fn legends_say_what_each_paint_means() {
        let g = twenty();
        assert_eq!(
            legend(&g, &ColorBy::Type),
            [
                ("core".into(), Paint::Type(0)),
                ("gpu".into(), Paint::Type(1))
            ]
        );
        assert_eq!(
            legend(&g, &ColorBy::State),
            [
                ("free".into(), Paint::Free),
                ("allocated".into(), Paint::Allocated),
                ("down".into(), Paint::Down)
            ]
        );
        assert_eq!(
            legend(&g, &ColorBy::Property("debug".into())),
            [
                ("has debug".into(), Paint::Marked),
                ("lacks debug".into(), Paint::Unmarked)
            ]
        );
        let other = load(TWENTY).unwrap();
        assert_eq!(
            legend(&g, &ColorBy::Membership(other)),
            [
                ("also in the other document".into(), Paint::Marked),
                ("only here".into(), Paint::Unmarked)
            ]
        );
    }

    #[test]
    fn the_shape_line_counts_rows() {
        let g = twenty();
        assert_eq!(shape(&g, 20, 1, false), "20 nodes × 41 columns");
        assert_eq!(
            shape(&g, 2, 1, true),
            "20 nodes in 2 rows — identical neighbours folded"
        );
        assert_eq!(
            shape(&g, 1, 64, false),
            "20 nodes in 1 strip of 64 — opacity shows how many nodes have each resource"
        );
        assert_eq!(
            shape(&g, 3, 8, false),
            "20 nodes in 3 strips of 8 — opacity shows how many nodes have each resource"
        );
        let huge = Grid::new(
            &load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0,5000"}}]}}"#).unwrap(),
            None,
            None,
        );
        assert_eq!(
            shape(&huge, 1, 1, false),
            "1 node × 4096 columns — ids above 4095 are not drawn"
        );
    }
}
