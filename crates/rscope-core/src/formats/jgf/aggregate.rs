//! RFC 4 *Aggregate*: how many vertices of each type every subtree holds.
//!
//! Built once in linear time: each type keeps the sorted preorder positions
//! of its vertices; since a subtree is a contiguous preorder range, the
//! count of a type under a vertex is two binary searches. This stays linear
//! in memory whatever the number of types (a dense per-vertex table would
//! be vertices × types).

use super::model::Graph;
use super::tree::Tree;

/// Per-type preorder positions of a tree.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Aggregate {
    /// Types in order of first appearance in preorder.
    types: Vec<String>,
    /// For each type, the preorder positions of its vertices (ascending).
    positions: Vec<Vec<u32>>,
}

impl Aggregate {
    /// Index the types of every vertex of `tree`.
    pub fn build(graph: &Graph, tree: &Tree) -> Self {
        Aggregate::of_kinds(tree, &|v| graph.vertices.kind(v))
    }

    /// Index the types of every vertex of `tree`, `kind` giving each
    /// vertex's type (none: left out).
    pub fn of_kinds<'a>(tree: &Tree, kind: &dyn Fn(usize) -> Option<&'a str>) -> Self {
        let mut agg = Aggregate::default();
        let mut lookup: std::collections::HashMap<&str, usize> = Default::default();
        for (pos, &v) in tree.preorder().iter().enumerate() {
            let Some(k) = kind(v as usize) else {
                continue;
            };
            let t = *lookup.entry(k).or_insert_with(|| {
                agg.types.push(k.to_string());
                agg.positions.push(Vec::new());
                agg.types.len() - 1
            });
            if let Some(list) = agg.positions.get_mut(t) {
                list.push(u32::try_from(pos).unwrap_or(u32::MAX));
            }
        }
        agg
    }

    /// The types present, in order of first appearance from the root.
    pub fn types(&self) -> &[String] {
        &self.types
    }

    /// How many vertices of type `kind` are in `v`'s subtree, `v` excluded.
    pub fn count(&self, tree: &Tree, v: usize, kind: &str) -> u64 {
        match self.types.iter().position(|t| t == kind) {
            Some(t) => self.count_at(tree, v, t),
            None => 0,
        }
    }

    fn count_at(&self, tree: &Tree, v: usize, t: usize) -> u64 {
        let r = tree.subtree(v);
        if r.is_empty() {
            return 0;
        }
        let Some(list) = self.positions.get(t) else {
            return 0;
        };
        let lo = list.partition_point(|&p| (p as usize) <= r.start);
        let hi = list.partition_point(|&p| (p as usize) < r.end);
        hi.saturating_sub(lo) as u64
    }

    /// The non-zero counts by type under `v` (`v` excluded), in type order.
    pub fn counts(&self, tree: &Tree, v: usize) -> Vec<(&str, u64)> {
        if tree.subtree(v).len() <= 1 {
            return Vec::new();
        }
        (0..self.types.len())
            .filter_map(|t| {
                let c = self.count_at(tree, v, t);
                (c > 0).then(|| (self.types[t].as_str(), c))
            })
            .collect()
    }

    /// Counts over the whole forest, by type.
    pub fn totals(&self) -> Vec<(&str, u64)> {
        self.types
            .iter()
            .zip(&self.positions)
            .map(|(t, p)| (t.as_str(), p.len() as u64))
            .collect()
    }
}
