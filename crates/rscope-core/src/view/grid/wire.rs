//! A grid as it crosses from the page's analysis worker to the page: the
//! rows in compact form. Consecutive nodes that differ only by rank (no
//! host name, the same children, properties and states) travel as one
//! group, so a set declaring a million identical nodes crosses in a few
//! bytes; id sets travel in their RFC 22 text form.

use super::{Column, Grid, Row};
use crate::idset::IdSet;
use serde::{Deserialize, Serialize};

/// A [`Grid`] in transit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GridWire {
    /// The column blocks: name, first column, width.
    columns: Vec<(String, usize, usize)>,
    width: usize,
    clipped: bool,
    /// Whether the grid has states (a status document).
    states: bool,
    /// Whether the grid is partial ([`Grid::partial`]).
    partial: bool,
    /// A `resource.status` payload's node states.
    node_states: Option<super::node_states::NodeStates>,
    groups: Vec<RowGroup>,
}

/// Nodes of consecutive ranks with the same contents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct RowGroup {
    /// The first rank.
    rank: u32,
    /// How many nodes (ranks `rank..rank + count`).
    count: u32,
    host: Option<String>,
    /// Children per column block.
    children: Vec<IdSet>,
    properties: Vec<String>,
    /// Allocated and down ids per column block (status documents).
    states: Vec<(IdSet, IdSet)>,
}

impl Grid {
    /// This grid in compact form, to send to another thread.
    pub fn to_wire(&self) -> GridWire {
        self.clone().into_wire()
    }

    /// [`Grid::to_wire`] of a grid no longer needed: its rows move into
    /// their groups instead of being copied (a set worker's 16 384 rows).
    pub fn into_wire(self) -> GridWire {
        let Grid {
            rows,
            columns,
            width,
            clipped,
            states,
            partial,
            node_states,
            // A job list's jobs cross beside the grid, not with it.
            #[cfg(feature = "page")]
                jobs: _,
            #[cfg(feature = "page")]
                job_history: _,
        } = self;
        let has_states = states.is_some();
        let mut states = states.map(Vec::into_iter);
        let mut groups: Vec<RowGroup> = Vec::new();
        // The rows are taken when this grid holds the only copy.
        let rows = std::rc::Rc::try_unwrap(rows).unwrap_or_else(|shared| (*shared).clone());
        for row in rows {
            let row_states = states.as_mut().and_then(Iterator::next).unwrap_or_default();
            if let Some(last) = groups.last_mut() {
                // Every row of a group holds what its first row holds.
                if last.host.is_none()
                    && row.host.is_none()
                    && row.rank == last.rank.wrapping_add(last.count)
                    && row.children == last.children
                    && row.properties == last.properties
                    && row_states == last.states
                {
                    last.count += 1;
                    continue;
                }
            }
            groups.push(RowGroup {
                rank: row.rank,
                count: 1,
                host: row.host,
                children: row.children,
                properties: row.properties,
                states: row_states,
            });
        }
        GridWire {
            columns: columns
                .into_iter()
                .map(|c| (c.name, c.offset, c.width))
                .collect(),
            width,
            clipped,
            states: has_states,
            partial,
            node_states: node_states
                .map(|s| std::rc::Rc::try_unwrap(s).unwrap_or_else(|shared| (*shared).clone())),
            groups,
        }
    }

    /// The grid `wire` describes.
    pub fn from_wire(wire: &GridWire) -> Grid {
        let mut build = GridBuild::new(wire.clone());
        while !build.step(usize::MAX) {}
        build.finish()
    }
}

impl GridWire {
    /// This grid without its groups, and the groups in postcard chunks of
    /// at most `per`, so a page reads them a chunk at a time: reading the
    /// 16 384 groups of a fragmented R at once held the page for 60 ms.
    pub fn into_chunks(mut self, per: usize) -> (GridWire, Vec<Vec<u8>>) {
        let groups = std::mem::take(&mut self.groups);
        let chunks = groups
            .chunks(per.max(1))
            .map(|c| postcard::to_allocvec(c).unwrap_or_default())
            .collect();
        (self, chunks)
    }

    /// Add a chunk of groups that [`GridWire::into_chunks`] wrote.
    pub fn add_chunk(&mut self, bytes: &[u8]) -> Result<(), String> {
        let more: Vec<RowGroup> = postcard::from_bytes(bytes).map_err(|e| {
            format!(
                "analysis answer unreadable: {}",
                e.to_string().to_ascii_lowercase()
            )
        })?;
        self.groups.extend(more);
        Ok(())
    }
}

/// A grid rebuilt from its [`GridWire`] a few rows at a time, so that a
/// page can lay out a million rows without holding its thread for long.
pub struct GridBuild {
    wire: GridWire,
    /// The next group, and how many of its rows are done.
    at: (usize, u32),
    rows: Vec<Row>,
    states: Option<Vec<Vec<(IdSet, IdSet)>>>,
}

impl GridBuild {
    /// Start rebuilding the grid `wire` describes.
    pub fn new(wire: GridWire) -> GridBuild {
        let total: usize = wire.groups.iter().map(|g| g.count as usize).sum();
        GridBuild {
            at: (0, 0),
            rows: Vec::with_capacity(total),
            states: wire.states.then(|| Vec::with_capacity(total)),
            wire,
        }
    }

    /// Add at most `max` more rows (at least one); true once all are there.
    pub fn step(&mut self, max: usize) -> bool {
        let mut left = max.max(1);
        while let Some(g) = self.wire.groups.get(self.at.0) {
            let row = Row {
                rank: g.rank,
                host: g.host.clone(),
                children: g.children.clone(),
                properties: g.properties.clone(),
            };
            let state = &g.states;
            let n = (g.count - self.at.1).min(u32::try_from(left).unwrap_or(u32::MAX));
            for k in self.at.1..self.at.1 + n {
                self.rows.push(Row {
                    rank: g.rank.wrapping_add(k),
                    ..row.clone()
                });
                if let Some(s) = self.states.as_mut() {
                    s.push(state.clone());
                }
            }
            left -= n as usize;
            self.at = if self.at.1 + n == g.count {
                (self.at.0 + 1, 0)
            } else {
                (self.at.0, self.at.1 + n)
            };
            if left == 0 {
                break;
            }
        }
        self.at.0 >= self.wire.groups.len()
    }

    /// The grid, once [`GridBuild::step`] said it is done.
    pub fn finish(self) -> Grid {
        Grid {
            rows: std::rc::Rc::new(self.rows),
            columns: self
                .wire
                .columns
                .iter()
                .map(|(name, offset, width)| Column {
                    name: name.clone(),
                    offset: *offset,
                    width: *width,
                })
                .collect(),
            width: self.wire.width,
            clipped: self.wire.clipped,
            states: self.states,
            partial: self.wire.partial,
            node_states: self.wire.node_states.map(std::rc::Rc::new),
            #[cfg(feature = "page")]
            jobs: None,
            #[cfg(feature = "page")]
            job_history: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rset::parse_r;

    fn grid(text: &str, status: bool) -> Grid {
        let doc = parse_r(text);
        let set = doc.main_set().unwrap();
        if status {
            let all = crate::report::make_report(text);
            Grid::new(set, all.set("allocated"), all.set("down"))
        } else {
            Grid::new(set, None, None)
        }
    }

    /// Everything a grid answers, to compare two grids.
    fn seen(g: &Grid) -> Vec<String> {
        let mut out = vec![format!(
            "{:?} {} {} {}",
            g.columns(),
            g.width(),
            g.clipped(),
            g.has_states()
        )];
        for row in 0..g.rows() {
            out.push(g.label(row));
            for col in 0..g.width() {
                out.push(format!("{:?}", g.cell(row, col)));
            }
        }
        out
    }

    #[test]
    fn identical_nodes_cross_as_one_group() {
        let text = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1048575","children":{"core":"0"}}]}}"#;
        let g = grid(text, false);
        let wire = g.to_wire();
        let json = serde_json::to_string(&wire).unwrap();
        assert_eq!(
            json,
            r#"{"columns":[["core",0,1]],"width":1,"clipped":false,"states":false,"partial":false,"node_states":null,"groups":[{"rank":0,"count":1048576,"host":null,"children":[[[0,0]]],"properties":[],"states":[]}]}"#
        );
        let back = Grid::from_wire(&serde_json::from_str(&json).unwrap());
        assert_eq!((back.rows(), back.rank(1048575)), (1048576, Some(1048575)));
        let mut build = GridBuild::new(wire);
        let steps = std::iter::repeat_with(|| build.step(100_000))
            .take_while(|done| !done)
            .count();
        assert_eq!(steps, 10, "eleven steps of at most 100 000 rows");
        let built = build.finish();
        assert_eq!(
            (built.rows(), built.rank(1048575)),
            (1048576, Some(1048575))
        );
    }

    #[test]
    fn groups_cross_in_chunks() {
        let text = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3"}},{"rank":"3","children":{"core":"1,3"}},{"rank":"5-6","children":{"core":"0-3","gpu":"0"}}]}}"#;
        let wire = grid(text, false).to_wire();
        let (mut head, chunks) = wire.clone().into_chunks(2);
        assert_eq!(
            (head.groups.len(), chunks.len()),
            (0, 2),
            "four groups, two a chunk"
        );
        for c in &chunks {
            head.add_chunk(c).unwrap();
        }
        assert_eq!(head, wire);
        assert_eq!(
            head.add_chunk(&[3]).unwrap_err(),
            "analysis answer unreadable: hit the end of buffer, expected more data"
        );
    }

    #[test]
    fn rows_round_trip() {
        let text = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}},{"rank":"3","children":{"core":"1,3"}},{"rank":"5-6","children":{"core":"0-3","gpu":"0"}}],"nodelist":["n[0-3,5-6]"],"properties":{"big":"5"}}}"#;
        let g = grid(text, false);
        let wire = g.to_wire();
        assert_eq!(wire.groups.len(), 6, "host names keep nodes apart");
        assert_eq!(seen(&Grid::from_wire(&wire)), seen(&g));
        let bare = text.replace(r#""nodelist":["n[0-3,5-6]"],"#, "");
        let g = grid(&bare, false);
        let wire = g.to_wire();
        let groups: Vec<(u32, u32)> = wire.groups.iter().map(|g| (g.rank, g.count)).collect();
        assert_eq!(groups, [(0, 3), (3, 1), (5, 1), (6, 1)]);
        assert_eq!(seen(&Grid::from_wire(&wire)), seen(&g));
        // Row by row, across groups, the same grid.
        let mut build = GridBuild::new(wire);
        let mut steps = 1;
        while !build.step(1) {
            steps += 1;
        }
        assert_eq!(steps, 6);
        assert_eq!(seen(&build.finish()), seen(&g));
    }

    #[test]
    fn states_round_trip() {
        let text = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}, "allocated": {"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "1"}}]}}}"#;
        let g = grid(text, true);
        let wire = g.to_wire();
        let groups: Vec<(u32, u32)> = wire.groups.iter().map(|g| (g.rank, g.count)).collect();
        assert_eq!(groups, [(0, 1), (1, 1), (2, 1), (3, 1)]);
        let json = serde_json::to_string(&wire).unwrap();
        let back = Grid::from_wire(&serde_json::from_str(&json).unwrap());
        assert_eq!(seen(&back), seen(&g));
        assert!(back.has_states());
    }
}
