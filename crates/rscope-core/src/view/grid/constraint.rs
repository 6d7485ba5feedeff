//! The grid's constraint field: an RFC 31 constraint, typed as a
//! `--requires` query or as its JSON object ([`Constraint::read`]),
//! matched against the nodes the grid draws, which carry their rank,
//! host name and properties, as librlist's `rnode_match` matches an R's
//! nodes. The page outlines the matching nodes and says how many match,
//! which, and the JSON the query stands for.

use super::Grid;
use crate::constraint::query;
use crate::constraint::{Constraint, Target};
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
/// text, and the reader's refusal for text that does not read (a JSON
/// refusal placed by its pointer: `at /and/0: …`).
pub fn outline(grid: &Grid, text: &str) -> Option<Result<Outlined, String>> {
    if text.trim().is_empty() {
        return None;
    }
    Some(read(text).map(|(c, json)| select(grid, &c, json)))
}

/// The constraint and, for a query, its JSON.
fn read(text: &str) -> Result<(Constraint, Option<String>), String> {
    if text.trim_start().starts_with('{') {
        let c = Constraint::parse(text).map_err(|e| match e.pointer.as_str() {
            "" => e.message,
            at => format!("at {at}: {}", e.message),
        })?;
        return Ok((c, None));
    }
    // The parser's messages say their position already, as flux-core's.
    let term = query::parse(text).map_err(|e| e.message)?;
    let c = Constraint::from_json(&term.to_value()).map_err(|e| e.message)?;
    Ok((c, Some(term.to_python_json())))
}

fn select(grid: &Grid, c: &Constraint, json: Option<String>) -> Outlined {
    let (mut ranks, mut hosts, mut named) = (Vec::new(), Hostlist::new(), true);
    let mut first_left_out = None;
    for row in 0..grid.rows() {
        let Some(rank) = grid.rank(row) else { continue };
        let node = RowNode { grid, row, rank };
        if c.matches(&node) {
            ranks.push((rank, rank));
            match grid.host(row) {
                Some(h) => hosts.push_host(h),
                None => named = false,
            }
        } else if first_left_out.is_none() {
            // Words for the first only: a grid has thousands of nodes.
            let why = c.why_not(&node).unwrap_or_default();
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
    Outlined {
        ranks,
        words,
        json,
        first_left_out,
    }
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
            "at /and/0: unknown constraint operator: frob"
        );
    }
}
