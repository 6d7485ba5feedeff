//! The tree as hwloc gives it to a reader that asks for cache and group
//! levels only where they add structure (Fluxion's hwloc reader does):
//! a level whose every object is the only child of the one above, or has
//! exactly one child, is merged into its neighbour, as hwloc's
//! `KEEP_STRUCTURE` type filter does after loading.

use super::{Class, Kind, Topology};
use std::collections::HashMap;

/// The tree after merging: who is the root and each object's children
/// (normal first, then memory, I/O and misc), for objects still present.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structured {
    /// The root object (the machine, unless its level was merged away).
    pub root: usize,
    /// Each object's children in walk order; empty for a removed one.
    pub children: Vec<Vec<usize>>,
}

/// hwloc's preference when both of two identical levels could go: the
/// higher keeps its place (hwloc's `obj_type_priority`).
fn priority(k: Kind) -> u8 {
    match k {
        Kind::Machine => 90,
        Kind::Package => 40,
        Kind::Die => 30,
        Kind::Core => 60,
        Kind::Pu | Kind::NumaNode | Kind::PciDev | Kind::OsDev => 100,
        Kind::Cache(_) => 20,
        Kind::ICache(_) | Kind::MemCache => 19,
        Kind::Group | Kind::Bridge | Kind::Misc => 0,
    }
}

/// Kinds kept only where they add structure.
fn structural(k: Kind) -> bool {
    matches!(k, Kind::Cache(_) | Kind::ICache(_) | Kind::Group)
}

/// The working tree: normal children and the others kept apart, as hwloc
/// keeps them.
struct Work {
    parent: Vec<Option<usize>>,
    normal: Vec<Vec<usize>>,
    other: Vec<Vec<usize>>,
    kinds: Vec<Kind>,
    root: usize,
}

impl Topology {
    /// The tree as Fluxion's hwloc reader walks it.
    pub fn structured(&self) -> Structured {
        let kinds: Vec<Kind> = self.objects.iter().map(|o| o.kind).collect();
        let split = |i: usize, normal: bool| -> Vec<usize> {
            self.objects[i]
                .children
                .iter()
                .copied()
                .filter(|&c| (kinds[c].class() == Class::Normal) == normal)
                .collect()
        };
        let mut w = Work {
            parent: self.objects.iter().map(|o| o.parent).collect(),
            normal: (0..kinds.len()).map(|i| split(i, true)).collect(),
            other: (0..kinds.len()).map(|i| split(i, false)).collect(),
            kinds: kinds.clone(),
            root: 0,
        };
        let mut levels = w.levels();
        let mut i = levels.len();
        while i > 1 {
            i -= 1;
            self.merge_pair(&mut w, &mut levels, i);
        }
        let children = (0..kinds.len())
            .map(|k| w.normal[k].iter().chain(&w.other[k]).copied().collect())
            .collect();
        Structured {
            root: w.root,
            children,
        }
    }

    /// Merge level `i` into level `i - 1` (or the reverse) when hwloc would.
    fn merge_pair(&self, w: &mut Work, levels: &mut Vec<Vec<usize>>, i: usize) {
        let (t1, t2) = (
            self.objects[levels[i - 1][0]].kind,
            self.objects[levels[i][0]].kind,
        );
        let dont_merge = |l: &[usize]| l.iter().any(|&o| self.objects[o].dont_merge);
        let mut parent_goes = structural(t1) && !(t1 == Kind::Group && dont_merge(&levels[i - 1]));
        let mut child_goes = structural(t2) && !(t1 == Kind::Group && dont_merge(&levels[i]));
        if !parent_goes && !child_goes && t1 == Kind::Package && t2 == Kind::Die {
            child_goes = true;
        }
        if parent_goes && child_goes {
            if priority(t1) >= priority(t2) {
                parent_goes = false;
            } else {
                child_goes = false;
            }
        }
        if !(parent_goes || child_goes) || !w.same_shape(levels, i, t2 == Kind::Pu) {
            return;
        }
        let mut replaced: HashMap<usize, usize> = HashMap::new();
        for (&p, &c) in levels[i - 1].iter().zip(&levels[i]) {
            if child_goes {
                w.drop_child(p, c);
            } else {
                w.drop_parent(p, c);
                replaced.insert(p, c);
            }
        }
        w.replace_in_grandparents(&replaced);
        levels.remove(if child_goes { i } else { i - 1 });
    }
}

impl Work {
    /// Normal objects by depth, each level in walk order.
    fn levels(&self) -> Vec<Vec<usize>> {
        let mut levels: Vec<Vec<usize>> = Vec::new();
        let mut stack = vec![(self.root, 0usize)];
        while let Some((o, d)) = stack.pop() {
            if levels.len() == d {
                levels.push(vec![]);
            }
            levels[d].push(o);
            stack.extend(self.normal[o].iter().rev().map(|&c| (c, d + 1)));
        }
        levels
    }

    /// Is every object of level `i` the only child of the object at the
    /// same place on level `i - 1`?
    fn same_shape(&self, levels: &[Vec<usize>], i: usize, pus: bool) -> bool {
        let (up, down) = (&levels[i - 1], &levels[i]);
        up.len() == down.len()
            && up.iter().zip(down).all(|(&p, &c)| {
                self.parent[c] == Some(p)
                    && self.normal[p].len() == 1
                    // hwloc keeps a PU's parent that holds memory.
                    && !(pus && self.other[p].iter().any(|&k| self.kinds[k].class() == Class::Memory))
            })
    }

    /// Child `c` goes; its children become `p`'s.
    fn drop_child(&mut self, p: usize, c: usize) {
        let kids = std::mem::take(&mut self.normal[c]);
        for &k in &kids {
            self.parent[k] = Some(p);
        }
        self.normal[p] = kids;
        let extra = std::mem::take(&mut self.other[c]);
        for &k in &extra {
            self.parent[k] = Some(p);
        }
        self.other[p].extend(extra);
    }

    /// Each removed parent's place in its own parent's list goes to its
    /// child (`replaced`), each list rewritten once.
    fn replace_in_grandparents(&mut self, replaced: &HashMap<usize, usize>) {
        let mut grandparents: Vec<usize> =
            replaced.values().filter_map(|&c| self.parent[c]).collect();
        grandparents.sort_unstable();
        grandparents.dedup();
        for g in grandparents {
            for s in &mut self.normal[g] {
                if let Some(&c) = replaced.get(s) {
                    *s = c;
                }
            }
        }
    }

    /// Parent `p` goes; `c` takes its place (in the parent's list, by
    /// [`Work::replace_in_grandparents`]).
    fn drop_parent(&mut self, p: usize, c: usize) {
        let g = self.parent[p];
        if g.is_none() {
            self.root = c;
        }
        self.parent[c] = g;
        self.normal[p].clear();
        let mut extra = std::mem::take(&mut self.other[p]);
        for &k in &extra {
            self.parent[k] = Some(c);
        }
        extra.append(&mut self.other[c]);
        self.other[c] = extra;
    }
}
