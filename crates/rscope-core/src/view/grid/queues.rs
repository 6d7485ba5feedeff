//! The grid coloured by queue: each node in the colour of the queues of
//! a Flux configuration (`[queues.NAME] requires`) whose properties it
//! holds, with what an admin wants pointed out: nodes no queue can use,
//! nodes two queues share, and `requires` that no node meets.
//!
//! Membership is the rule `flux resource list -q` uses
//! ([`crate::resource::queues::meets`]), applied to the properties each
//! row of the grid already carries, so any grid with properties (an R,
//! a `resource.status` or `resource list` payload) can be coloured.

use super::overlay::Overlay;
use super::{ColorBy, Grid};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::resource::bootstrap;
use crate::resource::queues::{config_value, meets, unmatched_by, Config};
use crate::rset::host_order::HostOrderCheck;
use crate::words::{count, join_and};
use std::collections::BTreeMap;

/// One queue as the configuration panel lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct QueueLine {
    /// The queue's name.
    pub name: String,
    /// What it requires, in words (`requires batch`, `every node`, or
    /// the parent a virtual queue takes its nodes from).
    pub requires: String,
    /// Its nodes, counted and named (`2 nodes: foo[1-2]`).
    pub nodes: String,
}

/// The nodes of a grid by queue: the overlay that colours them, each
/// queue's line, and the findings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeQueues {
    /// One category per combination of queues a node is in; nodes in none
    /// are the rest.
    pub overlay: Overlay,
    /// Each configured queue, in the configuration's order.
    pub queues: Vec<QueueLine>,
    /// Nodes in no queue, nodes in two, and `requires` no node meets.
    pub findings: Vec<String>,
    /// Each node's queues in words, for the tooltip of another colouring
    /// (a drained node's queue under the node states).
    pub notes: Vec<(IdSet, String)>,
}

impl NodeQueues {
    /// The queues of `grid`'s nodes under `config`, or why there are
    /// none: no `[queues]` table, or a virtual queue whose parent is not
    /// configured.
    pub fn of(grid: &Grid, config: &Config) -> Result<NodeQueues, String> {
        NodeQueues::excluding(grid, config, &[])
    }

    /// [`NodeQueues::of`], with the rows `[resource] exclude` names (in
    /// row order) in a category of their own, in no queue: the scheduler
    /// never gives them out.
    pub fn excluding(
        grid: &Grid,
        config: &Config,
        excluded: &[usize],
    ) -> Result<NodeQueues, String> {
        let Some(queues) = &config.queues else {
            return default_queue(grid, excluded);
        };
        let mut rules = Vec::with_capacity(queues.len());
        for q in queues {
            let entry = config.effective(q)?;
            rules.push((
                entry.name.as_str(),
                entry.requires.as_deref().unwrap_or(&[]),
            ));
        }
        // Rows grouped by the queues they are in (indices in config order).
        let mut groups: BTreeMap<Vec<usize>, Vec<usize>> = BTreeMap::new();
        for row in (0..grid.rows()).filter(|r| excluded.binary_search(r).is_err()) {
            let props = grid.properties(row);
            let has = |p: &str| props.iter().any(|x| x == p);
            let member: Vec<usize> = (0..rules.len())
                .filter(|&i| meets(rules[i].1, has))
                .collect();
            groups.entry(member).or_default().push(row);
        }
        let rest = groups
            .get(&Vec::new())
            .map(|rows| format!("in no queue: {}", count(rows.len(), "node")));
        let mut out = NodeQueues {
            overlay: Overlay::new(rest.as_deref()),
            ..NodeQueues::default()
        };
        let names: Vec<&str> = queues.iter().map(|q| q.name.as_str()).collect();
        let next = out.add_categories(grid, &groups, &names);
        out.add_excluded(grid, excluded, next);
        out.add_findings(grid, &groups, &names, &rules);
        out.findings.extend(unmatched_by(config, &held(grid)));
        out.queues = queues
            .iter()
            .enumerate()
            .map(|(i, q)| queue_line(grid, &groups, i, q, rules[i].1))
            .collect();
        Ok(out)
    }

    /// One category per group of nodes in the same queues: single queues
    /// first (queue `i` in colour `i`), then shared ones, then the nodes
    /// in no queue as the rest. Answers the next free category.
    fn add_categories(
        &mut self,
        grid: &Grid,
        groups: &BTreeMap<Vec<usize>, Vec<usize>>,
        names: &[&str],
    ) -> usize {
        let mut ordered: Vec<(&Vec<usize>, &Vec<usize>)> = groups.iter().collect();
        ordered.sort_by_key(|(member, _)| (member.is_empty(), member.len(), (*member).clone()));
        let mut next_shared = names.len();
        for (member, rows) in ordered {
            let ranks = ranks_of(grid, rows);
            let nodes = count(rows.len(), "node");
            if member.is_empty() {
                self.overlay.note(ranks.clone(), "in no queue".into());
                self.notes.push((ranks, "in no queue".into()));
                continue;
            }
            let queues = join_and(member.iter().map(|&i| names[i].to_string()).collect());
            let (index, tip) = match member.as_slice() {
                [one] => (*one, format!("queue {queues}")),
                _ => {
                    next_shared += 1;
                    (next_shared - 1, format!("queues {queues}"))
                }
            };
            let legend = format!("{tip}: {nodes}");
            self.notes.push((ranks.clone(), tip.clone()));
            self.overlay.add_nodes(index as u32, legend, tip, ranks);
        }
        next_shared
    }

    /// The excluded rows as category `index`, named in the legend, the
    /// tooltips and the findings.
    fn add_excluded(&mut self, grid: &Grid, rows: &[usize], index: usize) {
        if rows.is_empty() {
            return;
        }
        let (ranks, tip) = (ranks_of(grid, rows), EXCLUDED.to_string());
        let legend = format!("{tip}: {}", count(rows.len(), "node"));
        self.notes.push((ranks.clone(), tip.clone()));
        self.overlay.add_nodes(index as u32, legend, tip, ranks);
        let (are, them) = if rows.len() == 1 {
            ("is", "it")
        } else {
            ("are", "them")
        };
        self.findings.push(format!(
            "{} {are} excluded by [resource] exclude, so the scheduler never gives {them} out: {}",
            count(rows.len(), "node"),
            hosts_of(grid, rows)
        ));
    }

    /// The findings about nodes: those in no queue, those in more than
    /// one (a virtual queue shares its parent's nodes by design, so only
    /// distinct parents count).
    fn add_findings(
        &mut self,
        grid: &Grid,
        groups: &BTreeMap<Vec<usize>, Vec<usize>>,
        names: &[&str],
        rules: &[(&str, &[String])],
    ) {
        for (member, rows) in groups {
            let mut parents: Vec<&str> = member.iter().map(|&i| rules[i].0).collect();
            parents.sort_unstable();
            parents.dedup();
            let what = match parents.len() {
                0 => "in no queue, so no job can run there".to_string(),
                1 => continue,
                _ => {
                    let queues = join_and(member.iter().map(|&i| names[i].to_string()).collect());
                    format!("in more than one queue ({queues}), which share them")
                }
            };
            let are = if rows.len() == 1 { "is" } else { "are" };
            self.findings.push(format!(
                "{} {are} {what}: {}",
                count(rows.len(), "node"),
                hosts_of(grid, rows)
            ));
        }
    }
}

/// Colouring `by` with each node's queues added to its tooltip, when it
/// is an overlay (a payload's node states); the caller leaves the queues'
/// own colouring as it is, whose categories name them already.
pub fn with_queue_notes(by: &ColorBy, queues: &NodeQueues) -> Option<ColorBy> {
    let ColorBy::Overlay(o) = by else {
        return None;
    };
    let mut noted = o.clone();
    for (ranks, words) in &queues.notes {
        noted.note(ranks.clone(), words.clone());
    }
    Some(ColorBy::Overlay(noted))
}

/// What the configuration panel shows for `text` (TOML, or the JSON
/// `flux config get` prints) beside `grid`: nothing for an empty text,
/// else the nodes' queues or why there are none.
pub fn read(grid: &Grid, text: &str) -> Option<Result<NodeQueues, String>> {
    if text.trim().is_empty() {
        return None;
    }
    let read = || {
        let value =
            config_value(text).map_err(|e| format!("the configuration does not read: {e}"))?;
        let config = Config::from_value(&value)
            .map_err(|e| format!("the configuration does not read: {e}"))?;
        NodeQueues::excluding(grid, &config, &excluded_rows(grid, &value)?)
    };
    Some(read())
}

/// What the legend and the tooltip call a node `[resource] exclude` names.
const EXCLUDED: &str = "excluded by [resource] exclude";

/// Without a `[queues]` table every node is in the one default queue:
/// nothing to colour, unless `[resource] exclude` takes some out.
fn default_queue(grid: &Grid, excluded: &[usize]) -> Result<NodeQueues, String> {
    if excluded.is_empty() {
        return Err(
            "the configuration has no [queues] table, so every node is in the one default queue"
                .into(),
        );
    }
    let rest = grid.rows() - excluded.len();
    let mut out = NodeQueues {
        overlay: Overlay::new(Some(&format!(
            "in the one default queue: {}",
            count(rest, "node")
        ))),
        ..NodeQueues::default()
    };
    out.add_excluded(grid, excluded, 0);
    Ok(out)
}

/// The rows `[resource] exclude` names, in row order: an RFC 22 id set of
/// ranks, or else an RFC 29 host list (as flux-core's resource module
/// reads it); a host the grid does not have, or a value that is neither,
/// is refused.
pub fn excluded_rows(grid: &Grid, config: &serde_json::Value) -> Result<Vec<usize>, String> {
    let Some(v) = config.get("resource").and_then(|r| r.get("exclude")) else {
        return Ok(Vec::new());
    };
    let Some(text) = v.as_str() else {
        return Err("resource.exclude must be a string (an id set of ranks or a host list)".into());
    };
    let rows = 0..grid.rows();
    if let Ok(ranks) = IdSet::parse(text) {
        return Ok(rows
            .filter(|&r| grid.rank(r).is_some_and(|rank| ranks.contains(rank)))
            .collect());
    }
    let hosts = Hostlist::parse(text).map_err(|e| {
        format!("resource.exclude: '{text}' is neither an id set nor a host list: {e}")
    })?;
    let found: Vec<usize> = rows
        .filter(|&r| grid.host(r).is_some_and(|h| hosts.contains(h)))
        .collect();
    if (found.len() as u64) < hosts.len() {
        let known: Vec<&str> = found.iter().filter_map(|&r| grid.host(r)).collect();
        let mut unknown = Hostlist::new();
        for h in hosts.iter().filter(|h| !known.contains(&h.as_str())) {
            unknown.push_host(&h);
        }
        return Err(format!(
            "resource.exclude names hosts the R does not have: {unknown}"
        ));
    }
    Ok(found)
}

/// Where `grid`'s ranks and the configuration's `[bootstrap] hosts`
/// disagree: each rank whose host differs, and a difference in counts
/// ([`HostOrderCheck`]). Nothing when `text` does not read or has no
/// `[bootstrap] hosts`; an error when its hosts do not read.
pub fn rank_order(grid: &Grid, text: &str) -> Result<Vec<String>, String> {
    let Ok(config) = config_value(text) else {
        return Ok(Vec::new());
    };
    let Some(order) = bootstrap::hosts(&config)? else {
        return Ok(Vec::new());
    };
    let nodes = (0..grid.rows()).filter_map(|row| Some((grid.rank(row)?, grid.host(row))));
    Ok(HostOrderCheck::of(nodes, &order).messages("[bootstrap] hosts"))
}

/// The line of queue `i` of the configuration.
fn queue_line(
    grid: &Grid,
    groups: &BTreeMap<Vec<usize>, Vec<usize>>,
    i: usize,
    q: &crate::resource::queues::ConfiguredQueue,
    requires: &[String],
) -> QueueLine {
    let rows: Vec<usize> = groups
        .iter()
        .filter(|(member, _)| member.contains(&i))
        .flat_map(|(_, rows)| rows.iter().copied())
        .collect();
    let mut rows = rows;
    rows.sort_unstable();
    let needs = if requires.is_empty() {
        "every node".to_string()
    } else {
        format!("requires {}", requires.join(", "))
    };
    let requires = match &q.parent {
        Some(parent) => format!("virtual queue of {parent}: {needs}"),
        None => needs,
    };
    let nodes = match rows.len() {
        0 => "no nodes".to_string(),
        n => format!("{}: {}", count(n, "node"), hosts_of(grid, &rows)),
    };
    QueueLine {
        name: q.name.clone(),
        requires,
        nodes,
    }
}

/// The ranks of `rows`.
fn ranks_of(grid: &Grid, rows: &[usize]) -> IdSet {
    IdSet::from_ranges(rows.iter().filter_map(|&r| grid.rank(r)).map(|r| (r, r)))
}

/// `rows` named by host list, or by ranks where the set names no hosts.
fn hosts_of(grid: &Grid, rows: &[usize]) -> String {
    let mut hosts = Hostlist::new();
    for &row in rows {
        match grid.host(row) {
            Some(h) => hosts.push_host(h),
            None => return format!("ranks {}", ranks_of(grid, rows)),
        }
    }
    hosts.to_string()
}

/// Every property some node of `grid` holds.
fn held(grid: &Grid) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for row in 0..grid.rows() {
        for p in grid.properties(row) {
            if !out.contains(&p.as_str()) {
                out.push(p);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::{describe, legend};
    use crate::grid::{Paint, RowMap};

    /// Six nodes: foo[1-2] batch, foo3 batch and debug, foo4 debug,
    /// foo[5-6] nothing.
    const R: &str = r#"{"version": 1, "execution": {"R_lite":
        [{"rank": "0-5", "children": {"core": "0-1"}}], "nodelist": ["foo[1-6]"],
        "properties": {"batch": "0-2", "debug": "2-3"},
        "starttime": 0, "expiration": 0}}"#;

    fn grid() -> Grid {
        Grid::new(&crate::rset::load(R).unwrap(), None, None)
    }

    fn queues(toml: &str) -> Result<NodeQueues, String> {
        NodeQueues::of(&grid(), &Config::from_text(toml).unwrap())
    }

    /// The tooltip of the first core of `row`, coloured `by`.
    fn tip(by: &ColorBy, row: usize) -> String {
        let g = grid();
        let map = RowMap::each(g.rows());
        describe(&g, &map, by, false, (row, 0)).unwrap().0
    }

    const TWO: &str =
        "[queues.batch]\nrequires = [\"batch\"]\n[queues.debug]\nrequires = [\"debug\"]\n";

    #[test]
    fn the_grids_ranks_are_checked_against_bootstrap_hosts() {
        let order = |hosts: &str| {
            rank_order(
                &grid(),
                &format!("[bootstrap]\nhosts = [{{ host = \"{hosts}\" }}]\n"),
            )
        };
        assert_eq!(order("foo[1-6]"), Ok(vec![]));
        assert_eq!(
            order("foo[2,1,3-6]"),
            Ok(vec![
                "rank 0 is foo1 in the R but foo2 in [bootstrap] hosts".to_string(),
                "rank 1 is foo2 in the R but foo1 in [bootstrap] hosts".to_string(),
            ])
        );
        assert_eq!(
            order("foo[1-4]"),
            Ok(vec![
                "rank 4 is foo5 in the R but [bootstrap] hosts has no rank 4".to_string(),
                "rank 5 is foo6 in the R but [bootstrap] hosts has no rank 5".to_string(),
                "[bootstrap] hosts names 4 hosts but the R has 6 ranks".to_string(),
            ])
        );
        assert_eq!(
            order("foo[1-"),
            Err("bootstrap.hosts[0]: invalid hostlist 'foo[1-': unclosed '[' at column 4".into())
        );
        // No bootstrap table, or a text that does not read: nothing to say.
        assert_eq!(rank_order(&grid(), TWO), Ok(vec![]));
        assert_eq!(rank_order(&grid(), "[queues"), Ok(vec![]));
    }

    #[test]
    fn nodes_are_coloured_by_the_queues_they_are_in() {
        let q = queues(TWO).unwrap();
        let by = ColorBy::Overlay(q.overlay);
        let want: Vec<(String, Paint)> = vec![
            ("queue batch: 2 nodes".into(), Paint::Category(0)),
            ("queue debug: 1 node".into(), Paint::Category(1)),
            ("queues batch and debug: 1 node".into(), Paint::Category(2)),
            ("in no queue: 2 nodes".into(), Paint::Unmarked),
        ];
        assert_eq!(legend(&grid(), &by), want);
        assert_eq!(
            tip(&by, 0),
            "foo1 rank 0 — core 0 — properties: batch — queue batch"
        );
        assert_eq!(
            tip(&by, 2),
            "foo3 rank 2 — core 0 — properties: batch, debug — queues batch and debug"
        );
        assert_eq!(tip(&by, 4), "foo5 rank 4 — core 0 — in no queue");
    }

    #[test]
    fn nodes_in_no_queue_or_in_two_are_pointed_out() {
        let q = queues(TWO).unwrap();
        assert_eq!(
            q.findings,
            [
                "2 nodes are in no queue, so no job can run there: foo[5-6]",
                "1 node is in more than one queue (batch and debug), which share them: foo3",
            ]
        );
        let lines: Vec<(&str, &str, &str)> = q
            .queues
            .iter()
            .map(|l| (l.name.as_str(), l.requires.as_str(), l.nodes.as_str()))
            .collect();
        assert_eq!(
            lines,
            [
                ("batch", "requires batch", "3 nodes: foo[1-3]"),
                ("debug", "requires debug", "2 nodes: foo[3-4]"),
            ]
        );
    }

    #[test]
    fn a_virtual_queue_shares_its_parents_nodes_without_a_finding() {
        let toml = "[queues.batch]\nrequires = [\"^debug\"]\n[queues.short]\nparent = \"batch\"\n";
        let q = queues(toml).unwrap();
        // foo[3-4] hold debug, which batch refuses; batch and short share
        // the rest without a finding.
        assert_eq!(
            q.findings,
            ["2 nodes are in no queue, so no job can run there: foo[3-4]"]
        );
        assert_eq!(
            q.queues[1],
            QueueLine {
                name: "short".into(),
                requires: "virtual queue of batch: requires ^debug".into(),
                nodes: "4 nodes: foo[1-2,5-6]".into(),
            }
        );
    }

    #[test]
    fn a_requirement_no_node_meets_and_a_missing_table_are_said() {
        let q = queues("[queues.gpu]\nrequires = [\"gpu\"]\n").unwrap();
        assert_eq!(
            q.findings,
            [
                "6 nodes are in no queue, so no job can run there: foo[1-6]",
                "queue 'gpu' requires property 'gpu', which no node has, so the queue has no nodes",
            ]
        );
        assert_eq!(q.queues[0].nodes, "no nodes");
        assert_eq!(
            queues("[resource]\nnoverify = true\n"),
            Err("the configuration has no [queues] table, so every node is in the one default queue".into())
        );
        assert_eq!(
            queues("[queues.a]\nparent = \"b\"\n"),
            Err("queue 'a': parent queue 'b' is not configured".into())
        );
    }

    #[test]
    fn nodes_resource_exclude_names_are_in_a_category_of_their_own() {
        let q = read(
            &grid(),
            &format!("{TWO}[resource]\nexclude = \"foo[1,6]\"\n"),
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            q.overlay
                .legend()
                .into_iter()
                .map(|l| l.0)
                .collect::<Vec<_>>(),
            [
                "queue batch: 1 node",
                "queue debug: 1 node",
                "queues batch and debug: 1 node",
                "excluded by [resource] exclude: 2 nodes",
                "in no queue: 1 node",
            ]
        );
        assert_eq!(
            q.findings[0],
            "2 nodes are excluded by [resource] exclude, so the scheduler never gives them out: foo[1,6]"
        );
        // Ranks, and no [queues] table: the rest are in the default queue.
        let d = read(&grid(), "[resource]\nexclude = \"4-5\"\n")
            .unwrap()
            .unwrap();
        assert_eq!(
            d.overlay
                .legend()
                .into_iter()
                .map(|l| l.0)
                .collect::<Vec<_>>(),
            [
                "excluded by [resource] exclude: 2 nodes",
                "in the one default queue: 4 nodes"
            ]
        );
        assert_eq!(
            read(&grid(), "[resource]\nexclude = \"foo[6-8]\"\n"),
            Some(Err(
                "resource.exclude names hosts the R does not have: foo[7-8]".into()
            ))
        );
        assert_eq!(
            read(&grid(), "[resource]\nexclude = \"foo[1-\"\n"),
            Some(Err("resource.exclude: 'foo[1-' is neither an id set nor a host list: unclosed '[' at column 4".into()))
        );
    }

    #[test]
    fn a_configuration_that_does_not_read_says_where() {
        assert_eq!(read(&grid(), " \n"), None);
        assert_eq!(
            read(&grid(), "[queues.batch\nrequires = 1\n"),
            Some(Err(
                "the configuration does not read: 1:14: unclosed table, expected `]`".into()
            ))
        );
        assert_eq!(
            read(&grid(), "{\"queues\": 3}"),
            Some(Err(
                "the configuration does not read: queues must be a table of queues".into()
            ))
        );
    }

    #[test]
    fn a_drained_nodes_tooltip_names_its_queues_under_the_node_states() {
        let payload = format!(
            r#"{{"R": {R}, "online": "0-5", "offline": "", "exclude": "",
                "drain": {{"2": {{"timestamp": 0, "reason": "fan"}}}}}}"#
        );
        let status = crate::resource::ResourceStatus::from_text(&payload).unwrap();
        let states = crate::grid::node_states::NodeStates::of(&status, 3600.0);
        let by = ColorBy::Overlay(states.overlay);
        let q = queues(TWO).unwrap();
        let noted = with_queue_notes(&by, &q).unwrap();
        assert_eq!(
            tip(&noted, 2),
            "foo3 rank 2 — core 0 — properties: batch, debug — drained — drained 1 hour ago: fan — queues batch and debug"
        );
        assert_eq!(tip(&noted, 5), "foo6 rank 5 — core 0 — avail — in no queue");
        assert!(with_queue_notes(&ColorBy::Type, &q).is_none());
    }

    #[test]
    fn json_from_flux_config_get_reads_as_toml_does() {
        let json =
            r#"{"queues": {"batch": {"requires": ["batch"]}, "debug": {"requires": ["debug"]}}}"#;
        assert_eq!(queues(json), queues(TWO));
    }
}
