//! A categorical overlay on the grid's cells: each cell is in at most one
//! category (a region of a compare view, a job of the queue, the cells a
//! fit would take), painted in the category's colour, named by the legend
//! and by the tooltip. One mechanism for every "which of these holds the
//! cell" view, so painting, folding, strips, the legend and the exports
//! treat them all alike.

use crate::idset::IdSet;
use crate::words::{grouped, plural};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How many colours the categories take in turn: category `k` is painted
/// with colour `k % CATEGORY_COLORS`.
pub const CATEGORY_COLORS: usize = crate::palette::CATEGORY_COUNT;

/// Ranks with the ids of each child type they hold (an `R_lite` list).
pub type HeldCells = [(IdSet, Vec<(String, IdSet)>)];

/// `rank 2` or `ranks 0-3`, as the explain card names nodes.
fn ranks_words(ranks: &IdSet) -> String {
    let noun = if ranks.len() == 1 { "rank" } else { "ranks" };
    format!("{noun} {ranks}")
}

/// Cells of some nodes as they are sent: per rank, (child type, category,
/// ids).
pub type NodeCells = Vec<(u32, Vec<(CellKind, u32, IdSet)>)>;

/// The child type of a piece of an overlay's cells. `core` and `gpu`, the
/// type of nearly every piece, are not allocated when a piece is made,
/// copied or read from the worker's bytes: a 100 000-job list's colouring
/// is some 50 000 pieces, and a string each was a fifth of the page's
/// task that reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellKind(std::borrow::Cow<'static, str>);

impl CellKind {
    /// The type named `name`.
    pub fn of(name: &str) -> CellKind {
        use std::borrow::Cow;
        CellKind(match name {
            "core" => Cow::Borrowed("core"),
            "gpu" => Cow::Borrowed("gpu"),
            _ => Cow::Owned(name.to_string()),
        })
    }

    /// The type's name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Serialize for CellKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for CellKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = CellKind;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a child type's name")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<CellKind, E> {
                Ok(CellKind::of(v))
            }
        }
        d.deserialize_str(Name)
    }
}

/// A job of the queue for [`Overlay::of_jobs`]: its index, its shape and
/// its cells.
pub type JobCells = (usize, String, Vec<(IdSet, Vec<(String, IdSet)>)>);

/// One category: what the legend and the tooltip say of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Category {
    index: u32,
    legend: String,
    tip: String,
}

/// Cells in categories, looked up by rank and type; cells in none are
/// painted as [`crate::grid::Paint::Unmarked`] and named `rest`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overlay {
    categories: Vec<Category>,
    /// The legend entry of cells in no category (none: not listed).
    rest: Option<String>,
    /// Per rank: (child type, category index, ids).
    cells: BTreeMap<u32, Vec<(CellKind, u32, IdSet)>>,
    /// Whole nodes by category: every cell of these ranks (that `cells`
    /// does not place) is in it. A node state colours whole nodes, and
    /// 16 384 nodes cross as a few id sets instead of 16 384 pieces.
    nodes: Vec<(u32, IdSet)>,
    /// What the tooltip adds for some nodes (a drain reason and age).
    notes: Vec<(IdSet, String)>,
    /// Whether its indices are node states' ([`crate::grid::Paint::State`]),
    /// whose bits stripe and dot their cells.
    states: bool,
}

impl Overlay {
    /// The overlay in postcard bytes, as the job list part hands the
    /// `<rscope-view>` element its colouring ([`Overlay::from_part`]).
    pub fn to_part(&self) -> Vec<u8> {
        postcard::to_allocvec(self).unwrap_or_default()
    }

    /// The overlay [`Overlay::to_part`] wrote; `None` when the bytes do
    /// not read.
    pub fn from_part(bytes: &[u8]) -> Option<Overlay> {
        postcard::from_bytes(bytes).ok()
    }

    /// An empty overlay; `rest` names the cells in no category in the
    /// legend (`None` lists no such entry).
    pub fn new(rest: Option<&str>) -> Overlay {
        Overlay {
            rest: rest.map(str::to_string),
            ..Overlay::default()
        }
    }

    /// The same overlay, its indices node states' ([`Overlay::paint`]).
    pub fn of_states(mut self) -> Overlay {
        self.states = true;
        self
    }

    /// How category `index` paints: [`crate::grid::Paint::State`] in a
    /// node-state overlay, else [`crate::grid::Paint::Category`].
    pub fn paint(&self, index: u32) -> crate::grid::Paint {
        // A category's colour is its index modulo the palette, and 256 is a
        // multiple of it: the low byte paints as the whole index would.
        let low = (index % 256) as u8;
        match self.states {
            true => crate::grid::Paint::State(low),
            false => crate::grid::Paint::Category(low),
        }
    }

    /// How the cells in no category paint: cross-hatched grey in a
    /// node-state overlay (the excluded nodes), else plain grey.
    pub fn rest_paint(&self) -> crate::grid::Paint {
        match self.states {
            true => crate::grid::Paint::State(crate::grid::CROSSED),
            false => crate::grid::Paint::Unmarked,
        }
    }

    /// Add category `index` (its colour is `index % CATEGORY_COLORS`),
    /// listed in the legend as `legend`, named on hover as `tip`, holding
    /// `cells`, which no other category holds.
    pub fn add(&mut self, index: u32, legend: String, tip: String, cells: &HeldCells) {
        self.categories.push(Category { index, legend, tip });
        for (ranks, children) in cells {
            for rank in ranks.iter() {
                let pieces = self.cells.entry(rank).or_default();
                for (kind, ids) in children {
                    pieces.push((CellKind::of(kind), index, ids.clone()));
                }
            }
        }
    }

    /// Add `ids` of type `kind` on node `rank` to category `index` (added
    /// before with [`Overlay::add`] or [`Overlay::name`]).
    pub fn add_ids(&mut self, index: u32, rank: u32, kind: &str, ids: IdSet) {
        let pieces = self.cells.entry(rank).or_default();
        pieces.push((CellKind::of(kind), index, ids));
    }

    /// List category `index` with no cells yet ([`Overlay::add_ids`] adds
    /// them).
    pub fn name(&mut self, index: u32, legend: String, tip: String) {
        self.categories.push(Category { index, legend, tip });
    }

    /// Add category `index`, as [`Overlay::add`] does, holding every cell
    /// of the nodes `ranks`.
    pub fn add_nodes(&mut self, index: u32, legend: String, tip: String, ranks: IdSet) {
        self.categories.push(Category { index, legend, tip });
        self.nodes.push((index, ranks));
    }

    /// Put every cell of the nodes `ranks` in category `index` (listed
    /// before with [`Overlay::name`]), as [`Overlay::add_nodes`] does.
    pub fn hold_nodes(&mut self, index: u32, ranks: IdSet) {
        self.nodes.push((index, ranks));
    }

    /// The categories, in the order they were added: index, legend and
    /// tip.
    pub fn categories(&self) -> impl Iterator<Item = (u32, &str, &str)> {
        (self.categories.iter()).map(|c| (c.index, c.legend.as_str(), c.tip.as_str()))
    }

    /// The same cells, each category `k` put in category `group[k]`
    /// (cells of a category `group` does not name are left out), the
    /// categories being `named` (index, legend, tip) and the rest `rest`:
    /// a job list's cells by job regrouped by user or by queue.
    pub fn regrouped(
        &self,
        group: &[u32],
        named: Vec<(u32, String, String)>,
        rest: Option<&str>,
    ) -> Overlay {
        let to = |k: u32| group.get(k as usize).copied();
        let mut o = Overlay::new(rest);
        for (index, legend, tip) in named {
            o.name(index, legend, tip);
        }
        for (&rank, pieces) in &self.cells {
            let moved = (pieces.iter())
                .filter_map(|(kind, k, ids)| Some((kind.clone(), to(*k)?, ids.clone())));
            o.cells.insert(rank, moved.collect());
        }
        o.nodes = (self.nodes.iter())
            .filter_map(|(k, ranks)| Some((to(*k)?, ranks.clone())))
            .collect();
        o
    }

    /// Words the tooltip adds for every cell of the nodes `ranks`.
    pub fn note(&mut self, ranks: IdSet, words: String) {
        self.notes.push((ranks, words));
    }

    /// What the tooltip adds for node `rank`: each note that names it, in
    /// the order they were given (a drain reason, then the node's queues).
    pub fn notes_of(&self, rank: u32) -> impl Iterator<Item = &str> {
        self.notes
            .iter()
            .filter(move |(r, _)| r.contains(rank))
            .map(|(_, words)| words.as_str())
    }

    /// What the whole-node categories and the notes say of the nodes
    /// `ranks`, a line each: `{tip}: rank {ranks}` for each category
    /// holding some of them, then `rank {ranks}: {note}` for each note.
    pub fn nodes_about(&self, ranks: &IdSet) -> Vec<String> {
        let mut lines: Vec<String> = (self.nodes.iter())
            .filter_map(|(c, held)| {
                let both = held.intersection(ranks);
                let tip = self.tip(*c)?;
                (!both.is_empty()).then(|| format!("{tip}: {}", ranks_words(&both)))
            })
            .collect();
        lines.extend(self.notes.iter().filter_map(|(held, words)| {
            let both = held.intersection(ranks);
            (!both.is_empty()).then(|| format!("{}: {words}", ranks_words(&both)))
        }));
        lines
    }

    /// Whether `other` sorts whole nodes into the same categories: the
    /// same colouring, whatever notes either adds (a payload's node
    /// states, with or without each node's queues noted).
    pub fn same_categories(&self, other: &Overlay) -> bool {
        self.categories == other.categories && self.nodes == other.nodes
    }

    /// Take the cells out, a node at a time (to send them in chunks).
    pub fn take_cells(&mut self) -> NodeCells {
        std::mem::take(&mut self.cells).into_iter().collect()
    }

    /// Put back cells [`Overlay::take_cells`] took.
    pub fn extend_cells(&mut self, cells: NodeCells) {
        self.cells.extend(cells);
    }

    /// The ids of `present` of type `kind` on node `rank` by category, in
    /// the order the categories were given them. Categories hold disjoint
    /// cells (regions of a compare, jobs of one queue, one fit): a cell
    /// is in one at most, so this is one intersection per piece, painted
    /// for every row in view.
    pub fn split(&self, rank: u32, kind: &str, present: &IdSet) -> Vec<(u32, IdSet)> {
        let Some(pieces) = self.cells.get(&rank) else {
            return self
                .nodes
                .iter()
                .find(|(_, ranks)| ranks.contains(rank))
                .map(|(c, _)| vec![(*c, present.clone())])
                .unwrap_or_default();
        };
        pieces
            .iter()
            .filter(|(k, _, _)| k.as_str() == kind)
            .filter_map(|(_, c, ids)| {
                let taken = present.intersection(ids);
                (!taken.is_empty()).then_some((*c, taken))
            })
            .collect()
    }

    /// The category holding id `id` of type `kind` on node `rank`.
    pub fn category(&self, rank: u32, kind: &str, id: u32) -> Option<u32> {
        let present = IdSet::from_range(id, id);
        self.split(rank, kind, &present).first().map(|(c, _)| *c)
    }

    /// What the tooltip says of a cell in category `index`.
    pub fn tip(&self, index: u32) -> Option<&str> {
        // Categories are mostly added in index order (a job list's jobs,
        // 100 000 of them): look there first, then search.
        let at = self
            .categories
            .get(index as usize)
            .filter(|c| c.index == index);
        let c = at.or_else(|| self.categories.iter().find(|c| c.index == index))?;
        Some(&c.tip)
    }

    /// The legend: each category's words and index, in the order they
    /// were added, then the cells in no category (index `None`). A
    /// category listed with no words is left out (a job list's thousands
    /// of jobs are named on hover, not all in the legend).
    pub fn legend(&self) -> Vec<(String, Option<u32>)> {
        let mut out: Vec<(String, Option<u32>)> = (self.categories.iter())
            .filter(|c| !c.legend.is_empty())
            .map(|c| (c.legend.clone(), Some(c.index)))
            .collect();
        out.extend(self.rest.clone().map(|r| (r, None)));
        out
    }
}

impl Overlay {
    /// The cells a fit would take, in one category, the rest named as not
    /// taken: however many groups of ranks the allocation has.
    pub fn of_fit(cells: &HeldCells) -> Overlay {
        let mut o = Overlay::new(Some("not taken"));
        let words = describe_cells(cells, &[]);
        let legend = format!("the fit would take: {words}");
        o.add(0, legend, "the fit would take this".into(), cells);
        o
    }

    /// The queue's running jobs, each its own category: `(index, shape,
    /// cells)`, job `index + 1` in colour `index % CATEGORY_COLORS`, as its
    /// swatch in the queue.
    pub fn of_jobs(jobs: &[JobCells]) -> Overlay {
        let mut o = Overlay::new(Some("in no running job"));
        for (i, shape, cells) in jobs {
            let name = format!("job {} ({shape})", i + 1);
            let legend = format!("{name}: {}", describe_cells(cells, &[]));
            o.add(*i as u32, legend, name, cells);
        }
        o
    }
}

/// `n` of `one` with the digits grouped as the page groups them:
/// `1 core`, `1 024 cores`.
pub fn counted(n: u64, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {}", grouped(n), plural(one))
    }
}

/// Counts per child type and of nodes in words: `8 cores and 2 gpus on 2
/// nodes`, types with none left out; `nothing` when every count is 0.
pub fn cells_in_words(per_type: &[(String, u64)], nodes: u64) -> String {
    let kinds: Vec<String> = per_type
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| counted(*n, k))
        .collect();
    if kinds.is_empty() {
        return "nothing".into();
    }
    let list = match kinds.as_slice() {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => unreachable!("not empty"),
    };
    format!("{list} on {}", counted(nodes, "node"))
}

/// How many ids of each type and how many nodes `cells` hold, in words
/// ([`cells_in_words`]), types in `order`.
pub fn describe_cells(cells: &HeldCells, order: &[String]) -> String {
    let mut per_type: Vec<(String, u64)> = order.iter().map(|k| (k.clone(), 0)).collect();
    let mut nodes = 0u64;
    for (ranks, children) in cells {
        let n = ranks.len();
        nodes += n;
        for (kind, ids) in children {
            match per_type.iter_mut().find(|(k, _)| k == kind) {
                Some((_, count)) => *count += n * ids.len(),
                None => per_type.push((kind.clone(), n * ids.len())),
            }
        }
    }
    cells_in_words(&per_type, nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(s: &str) -> IdSet {
        s.parse().unwrap()
    }

    #[test]
    fn a_kind_crosses_as_its_name_and_core_and_gpu_are_not_allocated() {
        for name in ["core", "gpu", "socket"] {
            let bytes = postcard::to_allocvec(&CellKind::of(name)).unwrap();
            assert_eq!(bytes, postcard::to_allocvec(name).unwrap());
            let read: CellKind = postcard::from_bytes(&bytes).unwrap();
            assert_eq!(read.as_str(), name);
            let borrowed = matches!(read.0, std::borrow::Cow::Borrowed(_));
            assert_eq!(borrowed, name != "socket", "{name}");
        }
    }

    #[test]
    fn splits_a_node_by_category() {
        let mut o = Overlay::new(Some("free"));
        o.add(
            0,
            "job 1".into(),
            "job 1 (slot/core=2)".into(),
            &[(ids("0-1"), vec![("core".into(), ids("0-1"))])],
        );
        o.add(
            3,
            "job 4".into(),
            "job 4".into(),
            &[(
                ids("1"),
                vec![("core".into(), ids("2-3")), ("gpu".into(), ids("0"))],
            )],
        );
        assert_eq!(
            o.split(1, "core", &ids("0-7")),
            [(0, ids("0-1")), (3, ids("2-3"))]
        );
        assert_eq!(o.split(0, "core", &ids("1-7")), [(0, ids("1"))]);
        assert_eq!(o.split(1, "gpu", &ids("0-1")), [(3, ids("0"))]);
        assert_eq!(o.split(2, "core", &ids("0-7")), []);
        assert_eq!(o.category(1, "core", 3), Some(3));
        assert_eq!(o.category(1, "core", 4), None);
        assert_eq!(o.tip(0), Some("job 1 (slot/core=2)"));
        assert_eq!(o.tip(1), None);
        assert_eq!(
            o.legend(),
            [
                ("job 1".to_string(), Some(0)),
                ("job 4".to_string(), Some(3)),
                ("free".to_string(), None)
            ]
        );
    }

    #[test]
    fn only_node_states_are_striped_or_dotted() {
        use crate::grid::{paint_marks, Paint, DOTTED, STRIPED};
        // Job 49 has index 48 = STRIPED + DOTTED: still plain colour.
        let jobs = Overlay::of_jobs(&[(
            48,
            "node".into(),
            vec![(ids("0"), vec![("core".into(), ids("0"))])],
        )]);
        assert_eq!(jobs.paint(48), Paint::Category(48));
        assert_eq!(paint_marks(jobs.paint(48)), (false, false, false));
        assert_eq!(jobs.rest_paint(), Paint::Unmarked);
        let states = Overlay::new(None).of_states();
        assert_eq!(
            paint_marks(states.paint(u32::from(3 + STRIPED))),
            (true, false, false)
        );
        assert_eq!(
            paint_marks(states.paint(u32::from(1 + DOTTED))),
            (false, true, false)
        );
        assert_eq!(paint_marks(states.paint(2)), (false, false, false));
        assert_eq!(paint_marks(states.rest_paint()), (false, false, true));
        assert_eq!(
            crate::grid::paint_color(states.rest_paint()),
            crate::palette::UNMARKED
        );
    }

    #[test]
    fn a_fit_and_jobs_are_overlays() {
        let two_groups = vec![
            (ids("19-20"), vec![("core".to_string(), ids("0-1"))]),
            (
                ids("3"),
                vec![
                    ("core".to_string(), ids("0-3")),
                    ("gpu".to_string(), ids("1")),
                ],
            ),
        ];
        let fit = Overlay::of_fit(&two_groups);
        assert_eq!(
            fit.legend(),
            [
                (
                    "the fit would take: 8 cores and 1 gpu on 3 nodes".to_string(),
                    Some(0)
                ),
                ("not taken".to_string(), None)
            ]
        );
        assert_eq!(fit.split(3, "core", &ids("0-7")), [(0, ids("0-3"))]);
        assert_eq!(fit.split(20, "core", &ids("0-7")), [(0, ids("0-1"))]);
        let jobs = Overlay::of_jobs(&[
            (
                0,
                "slot/core=4".into(),
                vec![(ids("0"), vec![("core".into(), ids("0-3"))])],
            ),
            (
                2,
                "node".into(),
                vec![(ids("1"), vec![("core".into(), ids("0-7"))])],
            ),
        ]);
        assert_eq!(
            jobs.legend(),
            [
                (
                    "job 1 (slot/core=4): 4 cores on 1 node".to_string(),
                    Some(0)
                ),
                ("job 3 (node): 8 cores on 1 node".to_string(), Some(2)),
                ("in no running job".to_string(), None)
            ]
        );
        assert_eq!(jobs.tip(2), Some("job 3 (node)"));
        assert_eq!(jobs.category(1, "core", 5), Some(2));
    }

    #[test]
    fn counts_cells_in_words() {
        let order = ["core".to_string(), "gpu".to_string()];
        let cells = [
            (ids("0-15"), vec![("core".to_string(), ids("0-63"))]),
            (
                ids("16"),
                vec![
                    ("core".to_string(), ids("0")),
                    ("gpu".to_string(), ids("0-1")),
                ],
            ),
        ];
        assert_eq!(
            describe_cells(&cells, &order),
            "1\u{a0}025 cores and 2 gpus on 17 nodes"
        );
        assert_eq!(
            describe_cells(&cells[1..], &order[..1]),
            "1 core and 2 gpus on 1 node"
        );
        assert_eq!(describe_cells(&[], &order), "nothing");
        let three = [
            ("core".to_string(), 2),
            ("gpu".to_string(), 1),
            ("memory".to_string(), 4),
        ];
        assert_eq!(
            cells_in_words(&three, 1),
            "2 cores, 1 gpu and 4 memories on 1 node"
        );
    }
}
