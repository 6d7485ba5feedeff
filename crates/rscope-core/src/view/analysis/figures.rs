//! The figures of `rscope resource history` as the page's timeline shows
//! them: three sortable tables (drain reasons, with a bar for each
//! reason's node-hours; nodes; ISO weeks), each cell its text and the key
//! it sorts by. Which column sorts them, and which way, is a
//! [`TableSort`], run by the page as a reducer.

use crate::resource::eventlog::EventlogHistory;
use serde::{Deserialize, Serialize};

/// The rows a table shows before it says how many more there are.
pub const ROWS_SHOWN: usize = 50;

/// What a cell sorts by.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SortKey {
    /// A number (a missing one sorts first).
    Num(Option<f64>),
    /// Words.
    Text(String),
}

/// One row: its cells' texts and sort keys, and for a reason its bar's
/// length (a share of the largest).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureRow {
    /// Each cell's text.
    pub cells: Vec<String>,
    /// Each cell's sort key.
    pub keys: Vec<SortKey>,
    /// The bar's length, 0 to 1, when the table draws bars.
    pub bar: Option<f32>,
}

/// One table of figures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureTable {
    /// What it lists: `Drain reasons`, `Nodes`, `Weeks`.
    pub caption: String,
    /// Its column headings.
    pub headings: Vec<String>,
    /// Which columns hold numbers (right-aligned; first sorted largest
    /// first).
    pub numeric: Vec<bool>,
    /// Its rows, in the order history gives them.
    pub rows: Vec<FigureRow>,
    /// How it is sorted at first.
    pub sort: TableSort,
}

impl FigureTable {
    /// Which rows hold `words` in some cell, letter case aside (all of
    /// them for blank words): the job table's filter.
    pub fn matching(&self, words: &str) -> Vec<bool> {
        let words = words.trim().to_lowercase();
        (self.rows.iter())
            .map(|r| words.is_empty() || r.cells.iter().any(|c| c.to_lowercase().contains(&words)))
            .collect()
    }
}

/// Hours to a tenth, digits grouped.
fn hours(secs: f64) -> String {
    crate::words::tenths(secs / 3600.0)
}

fn percent(p: Option<f64>) -> String {
    p.map_or_else(|| "—".to_string(), |p| format!("{p:.1} %"))
}

fn num(x: f64) -> SortKey {
    SortKey::Num(Some(x))
}

/// The history's figures as the page's tables: reasons by node-hours,
/// nodes by rank, weeks in order.
pub fn figure_tables(h: &EventlogHistory) -> Vec<FigureTable> {
    let most = h.reasons.iter().map(|r| r.node_hours).fold(0.0, f64::max);
    let reasons = (h.reasons.iter())
        .map(|r| FigureRow {
            cells: vec![
                if r.reason.is_empty() {
                    "(no reason given)".into()
                } else {
                    r.reason.clone()
                },
                crate::words::tenths(r.node_hours),
                r.occurrences.to_string(),
            ],
            keys: vec![
                SortKey::Text(r.reason.clone()),
                num(r.node_hours),
                num(f64::from(r.occurrences)),
            ],
            bar: Some(if most > 0.0 {
                (r.node_hours / most) as f32
            } else {
                0.0
            }),
        })
        .collect();
    let nodes = (h.nodes.iter())
        .map(|n| FigureRow {
            cells: vec![
                n.rank.to_string(),
                n.host.clone().unwrap_or_default(),
                percent(n.availability),
                hours(n.drained_seconds),
                hours(n.offline_seconds),
                n.drains.to_string(),
                hours(n.longest_outage_seconds),
            ],
            keys: vec![
                num(f64::from(n.rank)),
                SortKey::Text(n.host.clone().unwrap_or_default()),
                SortKey::Num(n.availability),
                num(n.drained_seconds),
                num(n.offline_seconds),
                num(f64::from(n.drains)),
                num(n.longest_outage_seconds),
            ],
            bar: None,
        })
        .collect();
    let weeks = (h.weeks.iter())
        .map(|w| FigureRow {
            cells: vec![
                w.start.clone(),
                percent(w.availability),
                crate::words::tenths(w.available_node_hours),
            ],
            keys: vec![
                SortKey::Text(w.start.clone()),
                SortKey::Num(w.availability),
                num(w.available_node_hours),
            ],
            bar: None,
        })
        .collect();
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        FigureTable {
            caption: "Drain reasons".into(),
            headings: strings(&["Reason", "Node-hours", "Drains"]),
            numeric: vec![false, true, true],
            rows: reasons,
            sort: TableSort {
                column: 1,
                descending: true,
            },
        },
        FigureTable {
            caption: "Nodes".into(),
            headings: strings(&[
                "Rank",
                "Host",
                "Available",
                "Drained (hours)",
                "Offline (hours)",
                "Drains",
                "Longest outage (hours)",
            ]),
            numeric: vec![true, false, true, true, true, true, true],
            rows: nodes,
            sort: TableSort {
                column: 0,
                descending: false,
            },
        },
        FigureTable {
            caption: "Weeks (from Monday, UTC)".into(),
            headings: strings(&["Week of", "Available", "Node-hours available"]),
            numeric: vec![false, true, true],
            rows: weeks,
            sort: TableSort {
                column: 0,
                descending: false,
            },
        },
    ]
}

/// How a table is sorted: by which column, which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSort {
    /// The column.
    pub column: usize,
    /// Largest (or last) first.
    pub descending: bool,
}

impl TableSort {
    /// Sorted by `column` after its heading's button is pressed: the same
    /// column turns around; another starts with its largest numbers, or
    /// its words from A.
    pub fn by(self, column: usize, numeric: bool) -> TableSort {
        match column == self.column {
            true => TableSort {
                column,
                descending: !self.descending,
            },
            false => TableSort {
                column,
                descending: numeric,
            },
        }
    }

    /// The rows of `table` in this order (ties keep history's order).
    pub fn order(&self, table: &FigureTable) -> Vec<usize> {
        let mut order: Vec<usize> = (0..table.rows.len()).collect();
        let key = |i: usize| table.rows[i].keys.get(self.column);
        order.sort_by(|&a, &b| {
            let o = match (key(a), key(b)) {
                (Some(SortKey::Num(x)), Some(SortKey::Num(y))) => match (x, y) {
                    (Some(x), Some(y)) => x.total_cmp(y),
                    (x, y) => x.is_some().cmp(&y.is_some()),
                },
                (Some(SortKey::Text(x)), Some(SortKey::Text(y))) => x.cmp(y),
                _ => std::cmp::Ordering::Equal,
            };
            if self.descending {
                o.reverse()
            } else {
                o
            }
        });
        order
    }

    /// The heading's `aria-sort` for `column`.
    pub fn aria(&self, column: usize) -> &'static str {
        match (column == self.column, self.descending) {
            (false, _) => "none",
            (true, false) => "ascending",
            (true, true) => "descending",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resource::eventlog::{history, read, HistoryOptions};

    const LOG: &str = r#"{"timestamp": 0, "name": "restart", "context": {"ranks": "0-2", "online": "0-2", "nodelist": "n[0-2]"}}
{"timestamp": 3600, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "fan", "overwrite": 0}}
{"timestamp": 3600, "name": "drain", "context": {"idset": "2", "nodelist": "n2", "reason": "", "overwrite": 0}}
{"timestamp": 7200, "name": "undrain", "context": {"idset": "2", "nodelist": "n2"}}
{"timestamp": 10800, "name": "offline", "context": {"idset": "0"}}
{"timestamp": 14400, "name": "online", "context": {"idset": "0"}}
"#;

    fn tables() -> Vec<FigureTable> {
        figure_tables(&history(&read(LOG), &HistoryOptions::default()).unwrap())
    }

    #[test]
    fn reasons_nodes_and_weeks_are_tables_with_the_cli_figures() {
        let t = tables();
        let cells =
            |i: usize| -> Vec<Vec<String>> { t[i].rows.iter().map(|r| r.cells.clone()).collect() };
        assert_eq!(
            cells(0),
            [["fan", "3.0", "1"], ["(no reason given)", "1.0", "1"]]
        );
        assert_eq!(
            t[0].rows.iter().map(|r| r.bar).collect::<Vec<_>>(),
            [Some(1.0), Some(1.0 / 3.0)]
        );
        assert_eq!(
            cells(1),
            [
                ["0", "n0", "75.0 %", "0.0", "1.0", "0", "1.0"],
                ["1", "n1", "25.0 %", "3.0", "0.0", "1", "3.0"],
                ["2", "n2", "75.0 %", "1.0", "0.0", "1", "1.0"],
            ]
        );
        assert_eq!(cells(2), [["1969-12-29", "58.3 %", "7.0"]]);
    }

    #[test]
    fn a_heading_sorts_by_its_column_and_again_the_other_way() {
        let t = tables();
        let nodes = &t[1];
        assert_eq!(nodes.sort.order(nodes), [0, 1, 2]);
        let by_drained = nodes.sort.by(3, true);
        assert_eq!(
            (
                by_drained.order(nodes),
                by_drained.aria(3),
                by_drained.aria(0)
            ),
            (vec![1, 2, 0], "descending", "none")
        );
        let back = by_drained.by(3, true);
        assert_eq!(
            (back.order(nodes), back.aria(3)),
            (vec![0, 2, 1], "ascending")
        );
        let by_host = back.by(1, false);
        assert_eq!(by_host.order(nodes), [0, 1, 2]);
        assert_eq!(by_host.by(1, false).order(nodes), [2, 1, 0]);
    }
}
