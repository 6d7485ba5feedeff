//! A compare view as it crosses from the analysis worker to the page: the
//! worker reads the documents' texts and lays out the union; the page
//! rebuilds the grid and the regions a chunk at a time, so that comparing
//! two 16 384-node documents never holds its thread for long.

use super::compare::{by_change, compare, Compared, Named};
use super::overlay::{NodeCells, Overlay};
use super::{ColorBy, Grid, GridBuild, GridWire};
use crate::resource::changes::StatusChanges;
use crate::rset::Rset;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::rc::Rc;

/// Nodes (grid row groups, or overlay nodes) per chunk.
const PER_CHUNK: usize = 2000;

/// The first part: everything but the grid's rows and the overlay's cells.
#[derive(Serialize, Deserialize)]
struct Head {
    grid: GridWire,
    overlay: Overlay,
    summary: Vec<String>,
    /// What changed between two status snapshots, if both are.
    changes: Option<StatusChanges>,
    /// How many of the parts after this one are grid chunks (the rest are
    /// overlay chunks).
    grid_chunks: usize,
}

/// The head, the grid's chunks and the overlay's chunks.
type Made = (Head, Vec<Vec<u8>>, Vec<Vec<u8>>);

/// The compare view of `sets` (each tab's resources, the first laid out
/// as the base, or why the tab has none), named by `names`, as binary
/// parts: a head, then chunks. A tab with no resources makes a head
/// holding why. With `changes` (the first two tabs are status snapshots),
/// the grid is coloured by change ([`by_change`]) and the rows go along.
pub fn compare_parts(
    sets: &[Result<Rset, String>],
    names: &[Named],
    changes: Option<StatusChanges>,
) -> Vec<Vec<u8>> {
    let made = compared_head(sets, names, changes);
    match made {
        Err(why) => vec![postcard::to_allocvec(&Err::<Head, String>(why)).unwrap_or_default()],
        Ok((head, grid, cells)) => {
            let mut parts =
                vec![postcard::to_allocvec(&Ok::<Head, String>(head)).unwrap_or_default()];
            parts.extend(grid);
            parts.extend(cells);
            parts
        }
    }
}

/// The head and the chunks of the compare view, or why there is none.
fn compared_head(
    read: &[Result<Rset, String>],
    names: &[Named],
    changes: Option<StatusChanges>,
) -> Result<Made, String> {
    let mut sets = Vec::new();
    for (i, set) in read.iter().enumerate() {
        let letter = names.get(i).map_or("?", |n| n.letter.as_str());
        let set = set.as_ref().map_err(|why| {
            format!("tab {letter} has no resources ({why}), so there is nothing to compare")
        })?;
        sets.push(set);
    }
    let Some((first, others)) = sets.split_first() else {
        return Err("nothing to compare".into());
    };
    let base = Grid::new(first, None, None);
    let mut c = compare(&base, others, names);
    let ColorBy::Overlay(mut overlay) = (*c.by).clone() else {
        return Err("nothing to compare".into());
    };
    if let Some(changes) = &changes {
        overlay = by_change(changes, c.grid.rows() as u64);
        let letter = |i: usize| names.get(i).map_or("?", |n| n.letter.as_str());
        c.summary.push(format!(
            "From {} to {}: {}",
            letter(0),
            letter(1),
            changes.words()
        ));
    }
    let cells: Vec<Vec<u8>> = overlay
        .take_cells()
        .chunks(PER_CHUNK)
        .map(|c| postcard::to_allocvec(c).unwrap_or_default())
        .collect();
    let (grid, chunks) = c.grid.to_wire().into_chunks(PER_CHUNK);
    let head = Head {
        grid,
        overlay,
        summary: c.summary,
        changes,
        grid_chunks: chunks.len(),
    };
    Ok((head, chunks, cells))
}

/// A compare view rebuilt from [`compare_parts`] a chunk at a time.
pub struct CompareBuild {
    head: Head,
    grid_chunks: VecDeque<Vec<u8>>,
    cell_chunks: VecDeque<Vec<u8>>,
    grid: Option<GridBuild>,
}

/// A part that does not read: the page and the worker disagree.
fn unreadable(e: postcard::Error) -> String {
    format!(
        "compare answer unreadable: {}",
        e.to_string().to_ascii_lowercase()
    )
}

impl CompareBuild {
    /// Start rebuilding the view `parts` describe, or say why there is none.
    pub fn read(parts: Vec<Vec<u8>>) -> Result<CompareBuild, String> {
        let mut parts = VecDeque::from(parts);
        let first = parts.pop_front().unwrap_or_default();
        let head: Result<Head, String> = postcard::from_bytes(&first).map_err(unreadable)?;
        let head = head?;
        let cell_chunks = parts.split_off(head.grid_chunks.min(parts.len()));
        Ok(CompareBuild {
            head,
            grid_chunks: parts,
            cell_chunks,
            grid: None,
        })
    }

    /// Do one more piece of the work (a chunk read, or some rows laid out);
    /// true once all is done.
    pub fn step(&mut self) -> Result<bool, String> {
        if let Some(chunk) = self.grid_chunks.pop_front() {
            self.head.grid.add_chunk(&chunk)?;
            return Ok(false);
        }
        if let Some(chunk) = self.cell_chunks.pop_front() {
            let cells: NodeCells = postcard::from_bytes(&chunk).map_err(unreadable)?;
            self.head.overlay.extend_cells(cells);
            return Ok(false);
        }
        let build = self
            .grid
            .get_or_insert_with(|| GridBuild::new(self.head.grid.clone()));
        Ok(build.step(PER_CHUNK))
    }

    /// The view, once [`CompareBuild::step`] said it is done.
    pub fn finish(self) -> Compared {
        let grid = self
            .grid
            .unwrap_or_else(|| GridBuild::new(self.head.grid.clone()));
        Compared {
            grid: Rc::new(grid.finish()),
            by: Rc::new(ColorBy::Overlay(self.head.overlay)),
            summary: self.head.summary,
            changes: self.head.changes.map(Rc::new),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::legend;

    fn names(letters: &[&str]) -> Vec<Named> {
        letters
            .iter()
            .map(|l| Named {
                letter: l.to_string(),
                name: format!("{}.json", l.to_lowercase()),
            })
            .collect()
    }

    const ONE: &str =
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#;

    /// The resources of an R's text, as the system model reads them.
    fn set(text: &str) -> Result<Rset, String> {
        crate::rset::load(text).map_err(|e| e.to_string())
    }

    fn rebuilt(parts: Vec<Vec<u8>>) -> Result<Compared, String> {
        let mut build = CompareBuild::read(parts)?;
        let mut steps = 0;
        while !build.step()? {
            steps += 1;
            assert!(steps < 100, "a few steps at most");
        }
        Ok(build.finish())
    }

    #[test]
    fn the_page_rebuilds_what_the_worker_compared() {
        let a = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-4999", "children": {"core": "0-7"}}]}}"#;
        let b = r#"{"version": 1, "execution": {"R_lite": [{"rank": "2500-5001", "children": {"core": "0-3"}}]}}"#;
        let parts = compare_parts(&[set(a), set(b)], &names(&["A", "B"]), None);
        assert_eq!(
            parts.len(),
            1 + 1 + 3,
            "a head, one grid chunk, cells of 5002 nodes"
        );
        let c = rebuilt(parts).unwrap();
        assert_eq!(c.grid.rows(), 5002);
        let words: Vec<String> = legend(&c.grid, &c.by).into_iter().map(|(w, _)| w).collect();
        assert_eq!(
            words,
            [
                "only in A: 30\u{a0}000 cores on 5\u{a0}000 nodes",
                "only in B: 8 cores on 2 nodes",
                "in both: 10\u{a0}000 cores on 2\u{a0}500 nodes"
            ]
        );
        assert_eq!(c.summary, ["B against A: adds rank 5000-5001; removes rank 0-2499; removes core[4-7] on rank 2500-4999"]);
    }

    #[test]
    fn a_refusal_crosses_as_words() {
        let parts = compare_parts(
            &[Err("unsupported version 2".into()), set(ONE)],
            &names(&["A", "C"]),
            None,
        );
        let why = rebuilt(parts).err().unwrap();
        assert_eq!(
            why,
            "tab A has no resources (unsupported version 2), so there is nothing to compare"
        );
        assert_eq!(
            CompareBuild::read(vec![vec![9, 9, 9]])
                .err()
                .map(|e| e.starts_with("compare answer unreadable")),
            Some(true)
        );
    }
}
