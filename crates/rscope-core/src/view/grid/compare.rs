//! The compare view: two or three documents on one grid, laid out from
//! their union so that cells only in a later document appear too, each
//! cell in the colour of its region (only in A, only in B, in both; with
//! three documents all seven regions), with counts per region in words,
//! the documents that hold a cell on hover, and what each later document
//! adds to and removes from the first ([`crate::setops::summary`]).

use super::overlay::{counted, Overlay};
use super::{ColorBy, Grid};
use crate::idset::IdSet;
use crate::resource::changes::{StatusChanges, CHANGES};
use crate::rset::Rset;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The most documents one compare view takes (seven regions).
pub const MAX_DOCS: usize = 3;

/// A document of a compare view as the page names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// Its tab letter (`A`).
    pub letter: String,
    /// Its tab name (`laptop.json`).
    pub name: String,
}

/// A compare view: the grid of the union, its colouring by region, and the
/// written diff of each later document against the first.
#[derive(Clone, Debug)]
pub struct Compared {
    /// The grid laid out from the union of the documents.
    pub grid: Rc<Grid>,
    /// The colouring by region ([`ColorBy::Overlay`]).
    pub by: Rc<ColorBy>,
    /// `B against A: adds node[5-8]; removes core[0-3] on node2`, one
    /// line per later document.
    pub summary: Vec<String>,
    /// When the first two documents are `resource.status` payloads, what
    /// changed from the first to the second, which the grid is coloured by.
    pub changes: Option<Rc<StatusChanges>>,
}

/// Per rank: a host name, properties, and per document its children.
struct Merged {
    host: Option<String>,
    properties: Vec<String>,
    docs: Vec<Vec<(String, IdSet)>>,
}

/// Compare the document laid out as `first` with the sets `others`
/// (one or two), documents named by `names` in that order.
pub fn compare(first: &Grid, others: &[&Rset], names: &[Named]) -> Compared {
    let n = 1 + others.len().min(MAX_DOCS - 1);
    let merged = merge(first, &others[..n - 1], n);
    let union = union_set(&merged);
    let grid = Grid::new(&union, None, None);
    let overlay = regions(&merged, &grid.types(), names, n);
    let whole = first.select(0..first.rows(), 0..first.width());
    let summary = others[..n - 1]
        .iter()
        .zip(names.iter().skip(1))
        .map(|(other, named)| {
            let first = names.first().map_or("A", |x| x.letter.as_str());
            match crate::setops::summary::describe(&whole, other) {
                Ok(words) => format!("{} against {first}: {words}", named.letter),
                Err(why) => format!("{} against {first}: no summary ({why})", named.letter),
            }
        })
        .collect();
    Compared {
        grid: Rc::new(grid),
        by: Rc::new(ColorBy::Overlay(overlay)),
        summary,
        changes: None,
    }
}

/// The grid of two status snapshots coloured by change ([`StatusChanges`]):
/// each node in the category of its first change in the table's order,
/// every change and reason it had on hover, the `nodes` of the grid that
/// did not change the rest.
pub fn by_change(changes: &StatusChanges, nodes: u64) -> Overlay {
    let unchanged = format!(
        "unchanged: {}",
        counted(nodes.saturating_sub(changes.nodes), "node")
    );
    let mut overlay = Overlay::new(Some(&unchanged));
    for (change, ranks) in changes.by_rank() {
        let index = CHANGES.iter().position(|c| *c == change).unwrap_or(0) as u8;
        let legend = format!("{}: {}", change.words(), counted(ranks.len(), "node"));
        overlay.add_nodes(u32::from(index), legend, change.words().to_string(), ranks);
    }
    for row in &changes.rows {
        let words = match row.reason.as_str() {
            "" => row.change.clone(),
            why => format!("{}: {why}", row.change),
        };
        overlay.note(IdSet::decode(&row.ranks).unwrap_or_default(), words);
    }
    overlay
}

/// Every rank of the `n` documents with what each holds there.
fn merge(first: &Grid, others: &[&Rset], n: usize) -> BTreeMap<u32, Merged> {
    let mut out: BTreeMap<u32, Merged> = BTreeMap::new();
    let names = first.types();
    for r in first.rows.iter() {
        let kids = names.iter().cloned().zip(r.children.iter().cloned());
        out.insert(
            r.rank,
            Merged {
                host: r.host.clone(),
                properties: r.properties.clone(),
                docs: vec![kids.filter(|(_, ids)| !ids.is_empty()).collect()],
            },
        );
    }
    for (d, set) in others.iter().enumerate() {
        for node in set.nodes_by_rank() {
            let m = out.entry(node.rank()).or_insert_with(|| Merged {
                host: None,
                properties: Vec::new(),
                docs: Vec::new(),
            });
            if m.host.is_none() {
                m.host = node.hostname().map(str::to_string);
            }
            m.docs.resize(d + 2, Vec::new());
            let kids = node.children().map(|(k, ids)| (k.to_string(), ids.clone()));
            m.docs[d + 1] = kids.collect();
        }
    }
    for m in out.values_mut() {
        m.docs.resize(n, Vec::new());
    }
    out
}

/// The ids of type `kind` document `doc` holds on a node.
fn ids_of<'a>(m: &'a Merged, doc: usize, kind: &str) -> Option<&'a IdSet> {
    let kids = m.docs.get(doc)?;
    kids.iter().find(|(k, _)| k == kind).map(|(_, ids)| ids)
}

/// The union of the documents as one set, with the first document's host
/// names and properties (a later one names only the nodes it adds).
fn union_set(merged: &BTreeMap<u32, Merged>) -> Rset {
    let mut set = Rset::new();
    let mut props: BTreeMap<String, IdSet> = BTreeMap::new();
    for (&rank, m) in merged {
        let mut kinds: Vec<(String, IdSet)> = Vec::new();
        for (k, ids) in m.docs.iter().flatten() {
            match kinds.iter_mut().find(|(x, _)| x == k) {
                Some((_, acc)) => *acc = acc.union(ids),
                None => kinds.push((k.clone(), ids.clone())),
            }
        }
        let kids: Vec<(&str, &IdSet)> = kinds.iter().map(|(k, ids)| (k.as_str(), ids)).collect();
        // Ranks come once each from a map: adding cannot overlap.
        let _ = set.add_rank(rank, m.host.as_deref(), &kids);
        for p in &m.properties {
            props.entry(p.clone()).or_default().insert(rank);
        }
    }
    for (name, ranks) in props {
        // Names come from an accepted set, so they are valid.
        let _ = set.add_property(&name, &ranks);
    }
    set
}

/// Which documents hold the cell, as a bit mask over the documents, and
/// its category (`mask - 1`).
fn regions(merged: &BTreeMap<u32, Merged>, kinds: &[String], names: &[Named], n: usize) -> Overlay {
    let masks = 1u8..(1u8 << n);
    let mut counts: Vec<(Vec<(String, u64)>, u64)> = masks
        .clone()
        .map(|_| (kinds.iter().map(|k| (k.clone(), 0)).collect(), 0))
        .collect();
    let mut overlay = Overlay::new(None);
    for (&rank, m) in merged {
        let mut on_node = vec![false; counts.len()];
        for (t, kind) in kinds.iter().enumerate() {
            let held: Vec<IdSet> = (0..n)
                .map(|d| ids_of(m, d, kind).cloned().unwrap_or_default())
                .collect();
            for mask in masks.clone() {
                let ids = exactly(&held, mask);
                if ids.is_empty() {
                    continue;
                }
                let c = usize::from(mask - 1);
                counts[c].0[t].1 += ids.len();
                on_node[c] = true;
                overlay.add_ids(u32::from(mask - 1), rank, kind, ids);
            }
        }
        for (c, on) in on_node.into_iter().enumerate() {
            counts[c].1 += u64::from(on);
        }
    }
    for (mask, (per_type, nodes)) in masks.zip(counts) {
        let words = super::overlay::cells_in_words(&per_type, nodes);
        let legend = format!("{}: {words}", region(mask, names, n, false));
        overlay.name(u32::from(mask - 1), legend, region(mask, names, n, true));
    }
    overlay
}

/// The ids in every document of `mask` and in no other.
fn exactly(held: &[IdSet], mask: u8) -> IdSet {
    let mut ids: Option<IdSet> = None;
    for (d, h) in held.iter().enumerate() {
        if mask & (1 << d) != 0 {
            ids = Some(match ids {
                None => h.clone(),
                Some(acc) => acc.intersection(h),
            });
        }
    }
    let mut ids = ids.unwrap_or_default();
    for (d, h) in held.iter().enumerate() {
        if mask & (1 << d) == 0 && !ids.is_empty() {
            ids = ids.difference(h);
        }
    }
    ids
}

/// A region in words: `only in A`, `in both`, `in A and B, not C`; with
/// `long`, each document named with its tab name, for the tooltip.
fn region(mask: u8, names: &[Named], n: usize, long: bool) -> String {
    let name = |d: usize| {
        let named = names.get(d);
        let letter = named.map_or_else(|| d.to_string(), |x| x.letter.clone());
        match (long, named) {
            (true, Some(x)) => format!("{letter} ({})", x.name),
            _ => letter,
        }
    };
    let inside: Vec<String> = (0..n).filter(|d| mask & (1 << d) != 0).map(name).collect();
    let outside: Vec<String> = (0..n).filter(|d| mask & (1 << d) == 0).map(name).collect();
    match (inside.as_slice(), outside.is_empty(), long) {
        ([one], _, _) => format!("only in {one}"),
        (_, true, false) if n == 2 => "in both".into(),
        (_, true, false) => format!("in all {}", counted(n as u64, "document")),
        _ => {
            let list = match inside.as_slice() {
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
                [] => String::new(),
            };
            if outside.is_empty() {
                format!("in {list}")
            } else {
                format!("in {list}, not {}", outside.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::text::{describe, legend};
    use crate::grid::{Paint, RowMap};
    use crate::rset::load;

    const A: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["node[0-3]"]}}"#;
    const B: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "2-5", "children": {"core": "0-7"}}, {"rank": "2", "children": {"gpu": "0"}}]}}"#;

    fn named(letters: &[(&str, &str)]) -> Vec<Named> {
        letters
            .iter()
            .map(|(l, n)| Named {
                letter: l.to_string(),
                name: n.to_string(),
            })
            .collect()
    }

    fn two() -> Compared {
        let a = Grid::new(&load(A).unwrap(), None, None);
        let b = load(B).unwrap();
        compare(&a, &[&b], &named(&[("A", "a.json"), ("B", "b.json")]))
    }

    #[test]
    fn two_documents_make_three_regions_counted_in_words() {
        let c = two();
        assert_eq!(c.grid.rows(), 6, "nodes only in B are rows too");
        let words: Vec<(String, Paint)> = legend(&c.grid, &c.by);
        assert_eq!(
            words,
            [
                (
                    "only in A: 16 cores on 2 nodes".to_string(),
                    Paint::Category(0)
                ),
                (
                    "only in B: 16 cores and 1 gpu on 3 nodes".to_string(),
                    Paint::Category(1)
                ),
                (
                    "in both: 16 cores on 2 nodes".to_string(),
                    Paint::Category(2)
                ),
            ]
        );
        assert_eq!(
            c.summary,
            ["B against A: adds gpu0 on rank 2; adds rank 4-5; removes node[0-1]"]
        );
    }

    #[test]
    fn hover_names_the_documents_holding_the_cell() {
        let c = two();
        let each = RowMap::each(c.grid.rows());
        let tip = |row, col| {
            describe(&c.grid, &each, &c.by, false, (row, col))
                .unwrap()
                .0
        };
        assert_eq!(tip(0, 0), "node0 rank 0 — core 0 — only in A (a.json)");
        assert_eq!(
            tip(2, 3),
            "node2 rank 2 — core 3 — in A (a.json) and B (b.json)"
        );
        assert_eq!(tip(2, 9), "node2 rank 2 — gpu 0 — only in B (b.json)");
        assert_eq!(
            tip(5, 7),
            "(no host name) rank 5 — core 7 — only in B (b.json)"
        );
    }

    #[test]
    fn three_documents_make_seven_regions() {
        let a = Grid::new(&load(A).unwrap(), None, None);
        let b = load(B).unwrap();
        let c = load(r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}]}}"#).unwrap();
        let names = named(&[("A", "a"), ("B", "b"), ("C", "c")]);
        let cmp = compare(&a, &[&b, &c], &names);
        let words: Vec<String> = legend(&cmp.grid, &cmp.by)
            .into_iter()
            .map(|(w, _)| w)
            .collect();
        assert_eq!(
            words,
            [
                "only in A: 16 cores on 2 nodes",
                "only in B: 16 cores and 1 gpu on 3 nodes",
                "in A and B, not C: 14 cores on 2 nodes",
                "only in C: nothing",
                "in A and C, not B: nothing",
                "in B and C, not A: nothing",
                "in all 3 documents: 2 cores on 1 node",
            ]
        );
        let each = RowMap::each(cmp.grid.rows());
        let tip = describe(&cmp.grid, &each, &cmp.by, false, (3, 1))
            .unwrap()
            .0;
        assert_eq!(tip, "node3 rank 3 — core 1 — in A (a), B (b) and C (c)");
        assert_eq!(cmp.summary.len(), 2);
    }
}
