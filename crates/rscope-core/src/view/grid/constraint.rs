//! The grid's constraint field: an RFC 31 constraint, typed as a
//! `--requires` query or as its JSON object ([`Selector::read`]),
//! matched against the nodes the grid draws, which carry their rank,
//! host name and properties, as today's scheduler (`Rv1Set`) matches an
//! R's nodes. The page outlines the matching nodes and says how many match,
//! which, the JSON the query stands for, and when librlist would select
//! others.

use super::Grid;
use crate::constraint::query;
use crate::constraint::{ConstraintError, ConstraintReading, Selector, Target};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::words::count;

/// What a constraint selects of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outlined {
    /// The ranks of the matching nodes.
    pub ranks: IdSet,
    /// In words: `2 of 4 nodes match: foo[1-2] (ranks 0-1)`.
    pub words: String,
    /// The RFC 31 JSON a query stands for (what `rscope constraint parse`
    /// prints); none when the constraint was typed as JSON.
    pub json: Option<String>,
    /// Why the first node left out is, when one is: `foo3 (rank 2): lacks
    /// property gpu`.
    pub first_left_out: Option<String>,
    /// The line saying librlist would answer otherwise for these nodes
    /// ([`Selector::note`]).
    pub note: Option<String>,
}

/// A grid row as a constraint's target.
struct RowNode<'a> {
    grid: &'a Grid,
    row: usize,
    rank: u32,
}

impl Target for RowNode<'_> {
    fn rank(&self) -> u32 {
        self.rank
    }

    fn hostname(&self) -> Option<&str> {
        self.grid.host(self.row)
    }

    fn has_property(&self, name: &str) -> bool {
        self.grid.properties(self.row).iter().any(|p| p == name)
    }
}

/// The nodes of `grid` that the constraint `text` selects; none for blank
/// text, and the refusal for text that does not read or that a node's
/// reading refuses (a JSON refusal placed by its pointer: `at /and/0: …`).
pub fn outline(grid: &Grid, text: &str) -> Option<Result<Outlined, String>> {
    if text.trim().is_empty() {
        return None;
    }
    Some(read(text).and_then(|(c, json)| select(grid, &c, json).map_err(placed)))
}

/// A refusal with where it is in the JSON.
fn placed(e: ConstraintError) -> String {
    match e.pointer.as_str() {
        "" => e.message,
        at => format!("at {at}: {}", e.message),
    }
}

/// The constraint and, for a query, its JSON.
fn read(text: &str) -> Result<(Selector, Option<String>), String> {
    let (c, json) = if text.trim_start().starts_with('{') {
        (
            Selector::parse(text, ConstraintReading::default()).map_err(placed)?,
            None,
        )
    } else {
        // The parser's messages say their position already, as flux-core's.
        let term = query::parse(text).map_err(|e| e.message)?;
        let c = Selector::from_value(&term.to_value(), ConstraintReading::default());
        (c, Some(term.to_python_json()))
    };
    match c.refusal() {
        Some(e) => Err(placed(e.clone())),
        None => Ok((c, json)),
    }
}

fn select(grid: &Grid, c: &Selector, json: Option<String>) -> Result<Outlined, ConstraintError> {
    let nodes: Vec<RowNode> = (0..grid.rows())
        .filter_map(|row| {
            Some(RowNode {
                grid,
                row,
                rank: grid.rank(row)?,
            })
        })
        .collect();
    let refs: Vec<&RowNode> = nodes.iter().collect();
    let kept = c.answers(&refs)?;
    let (mut ranks, mut hosts, mut named) = (Vec::new(), Hostlist::new(), true);
    let mut first_left_out = None;
    for (node, kept) in nodes.iter().zip(kept) {
        let (row, rank) = (node.row, node.rank);
        if kept {
            ranks.push((rank, rank));
            match grid.host(row) {
                Some(h) => hosts.push_host(h),
                None => named = false,
            }
        } else if first_left_out.is_none() {
            // Words for the first only: a grid has thousands of nodes.
            let why = c.why_not(node).ok().flatten().unwrap_or_default();
            first_left_out = Some(match grid.host(row) {
                Some(h) => format!("{h} (rank {rank}): {why}"),
                None => format!("rank {rank}: {why}"),
            });
        }
    }
    let ranks = IdSet::from_ranges(ranks);
    let n = ranks.len() as usize;
    let of = count(grid.rows(), "node");
    let words = match (n, named) {
        (0, _) => format!("no node of {of} matches"),
        (_, true) => format!("{n} of {of} match: {hosts} (ranks {ranks})"),
        (_, false) => format!("{n} of {of} match: ranks {ranks}"),
    };
    Ok(Outlined {
        ranks,
        words,
        json,
        first_left_out,
        note: c.note(&refs),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}], "nodelist": ["foo[1-4]"], "properties": {"gpu": "0-1", "ssd": "1,3"}, "starttime": 0, "expiration": 0}}"#;
        Grid::new(&crate::rset::load(r).unwrap(), None, None)
    }

    #[test]
    fn a_query_outlines_its_nodes_and_shows_its_json() {
        let o = outline(&grid(), "gpu -host:foo2").unwrap().unwrap();
        assert_eq!(o.ranks.to_string(), "0");
        assert_eq!(o.words, "1 of 4 nodes match: foo1 (ranks 0)");
        assert_eq!(
            o.json.as_deref(),
            Some(r#"{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["foo2"]}]}]}"#)
        );
        assert_eq!(
            o.first_left_out.as_deref(),
            Some("foo2 (rank 1): host foo2 is excluded by not")
        );
    }

    #[test]
    fn the_json_form_matches_as_the_query_does() {
        let o = outline(&grid(), r#"{"properties": ["^gpu", "ssd"]}"#)
            .unwrap()
            .unwrap();
        assert_eq!(o.words, "1 of 4 nodes match: foo4 (ranks 3)");
        assert_eq!(o.json, None);
        let none = outline(&grid(), "rank:9").unwrap().unwrap();
        assert_eq!(none.words, "no node of 4 nodes matches");
        assert_eq!(none.ranks.len(), 0);
    }

    #[test]
    fn blank_text_outlines_nothing_and_bad_text_says_where() {
        assert_eq!(outline(&grid(), "  "), None);
        assert_eq!(
            outline(&grid(), "gpu and (").unwrap().unwrap_err(),
            "unclosed parenthesis in position 8"
        );
        assert_eq!(
            outline(&grid(), r#"{"and": [{"frob": 1}]}"#)
                .unwrap()
                .unwrap_err(),
            "at /and/0: unknown constraint operator(s): ['frob']"
        );
    }

    #[test]
    fn the_scheduler_s_reading_answers_and_librlist_s_is_noted() {
        let o = outline(&grid(), r#"{"or": []}"#).unwrap().unwrap();
        assert_eq!(o.words, "no node of 4 nodes matches");
        assert_eq!(
            o.note.as_deref(),
            Some("note: librlist (flux-core before sched-simple in Python, and Fluxion) reads this constraint otherwise: it selects every node")
        );
        let o = outline(&grid(), "gpu").unwrap().unwrap();
        assert_eq!(o.note, None);
        let o = outline(&grid(), r#"{"properties": "s"}"#).unwrap().unwrap();
        assert_eq!(o.words, "no node of 4 nodes matches");
        assert_eq!(
            o.note.as_deref(),
            Some("note: librlist (flux-core before sched-simple in Python, and Fluxion) reads this constraint otherwise: it refuses it (properties value must be an array)")
        );
    }
}
