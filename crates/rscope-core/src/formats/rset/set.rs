//! The resource set itself (librlist's `rlist`): nodes in list order with a
//! rank index, the timing keys, and the opaque `scheduling` value.

use super::error::{Error, ErrorKind};
use super::node::Node;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::sorting;
use rustc_hash::FxHashMap;

/// An RFC 20 resource set.
///
/// Nodes keep the reference's list order (the order they were added; sorted
/// by rank once a `nodelist` is assigned), because the short form groups
/// ranks in that order. Removal leaves a hole that iteration skips, so
/// removing many ranks stays linear.
#[derive(Clone, Debug, Default)]
pub struct Rset {
    slots: Vec<Option<Node>>,
    index: FxHashMap<u32, usize>,
    /// `starttime` when positive (the reference treats `<= 0` as unset).
    pub(crate) starttime: f64,
    /// `expiration` when positive.
    pub(crate) expiration: f64,
    /// `nslots` when positive.
    pub(crate) nslots: i64,
    /// The `scheduling` value as it was written (raw JSON text).
    pub(crate) scheduling: Option<String>,
    /// Whether the document had a `scheduling` value that this reading
    /// did not keep (one for findings and views,
    /// [`crate::rset::check_document_value`]).
    pub(crate) scheduling_unkept: bool,
    /// The original RFC 20 `attributes` value (raw JSON text); the
    /// reference ignores it, Rscope keeps and writes it back.
    pub(crate) attributes: Option<String>,
    /// Set when an operation changed the resources, so `scheduling` (copied
    /// from an operand, as librlist does) may no longer describe `R_lite`.
    pub(crate) scheduling_stale: bool,
    /// The reference's running core counter (`rl->avail`), which `flux R
    /// decode --count core` prints: it grows whenever a node is added or
    /// merged and never shrinks on removal. Kept only to mirror that output.
    pub(crate) core_counter: u64,
}

impl Rset {
    /// An empty set.
    pub fn new() -> Rset {
        Rset::default()
    }

    /// Nodes in list order.
    pub fn nodes(&self) -> impl Iterator<Item = &Node> {
        self.slots.iter().flatten()
    }

    fn nodes_mut(&mut self) -> impl Iterator<Item = &mut Node> {
        self.slots.iter_mut().flatten()
    }

    /// Nodes ordered by rank.
    pub fn nodes_by_rank(&self) -> Vec<&Node> {
        let mut v: Vec<&Node> = self.nodes().collect();
        v.sort_unstable_by_key(|n| n.rank);
        v
    }

    /// Number of execution targets.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// No execution target.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// The node of `rank`.
    pub fn node(&self, rank: u32) -> Option<&Node> {
        self.index.get(&rank).and_then(|&i| self.slots[i].as_ref())
    }

    pub(crate) fn node_mut(&mut self, rank: u32) -> Option<&mut Node> {
        match self.index.get(&rank) {
            Some(&i) => self.slots[i].as_mut(),
            None => None,
        }
    }

    /// `starttime`, or 0 when unset.
    pub fn starttime(&self) -> f64 {
        self.starttime
    }

    /// `expiration`, or 0 when unset.
    pub fn expiration(&self) -> f64 {
        self.expiration
    }

    /// `nslots`, or 0 when unset.
    pub fn nslots(&self) -> i64 {
        self.nslots
    }

    /// The raw JSON text of `scheduling`.
    pub fn scheduling(&self) -> Option<&str> {
        self.scheduling.as_deref()
    }

    /// The raw JSON text of `attributes`.
    pub fn attributes(&self) -> Option<&str> {
        self.attributes.as_deref()
    }

    /// Whether the document gave a `scheduling` value, kept or not.
    pub fn has_scheduling(&self) -> bool {
        self.scheduling.is_some() || self.scheduling_unkept
    }

    /// Whether an operation changed the resources since `scheduling` was
    /// written, so it may describe more than `R_lite` does.
    pub fn scheduling_may_be_stale(&self) -> bool {
        self.scheduling.is_some() && self.scheduling_stale
    }

    /// The execution targets.
    pub fn ranks(&self) -> IdSet {
        IdSet::from_ranges(self.index.keys().map(|&r| (r, r)))
    }

    /// Host names in rank order, or `None` when some node has none (the
    /// reference then has no nodelist).
    pub fn nodelist(&self) -> Option<Hostlist> {
        let mut hl = Hostlist::new();
        for n in self.nodes_by_rank() {
            hl.push_host(n.hostname.as_deref()?);
        }
        Some(hl)
    }

    /// How many ids of child type `name` the set holds; `node` counts
    /// execution targets.
    pub fn count(&self, name: &str) -> u64 {
        if name == "node" {
            return self.len() as u64;
        }
        self.nodes()
            .map(|n| n.child(name).map_or(0, IdSet::len))
            .sum()
    }

    /// Child type names present, sorted.
    pub fn child_types(&self) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        for n in self.nodes() {
            for (k, ids) in n.children() {
                if !ids.is_empty() && !v.iter().any(|x| x == k) {
                    v.push(k.to_string());
                }
            }
        }
        sorting::sort_by(&mut v, |a, b| a.cmp(b));
        v
    }

    /// The reference's running core count (see the field doc); what `flux
    /// R decode --count core` prints.
    pub fn reference_core_count(&self) -> u64 {
        self.core_counter
    }

    /// Put the list in rank order (the reference does when it assigns a
    /// nodelist, remaps or reranks).
    pub(crate) fn sort_by_rank(&mut self) {
        let before = self.slots.len();
        self.slots.retain(Option::is_some);
        let rank = |s: &Option<Node>| s.as_ref().map_or(0, |n| n.rank);
        let sorted = self.slots.is_sorted_by_key(rank);
        if sorted && before == self.slots.len() {
            // Sets are usually read in rank order: nothing moves.
            return;
        }
        if !sorted {
            self.slots.sort_unstable_by_key(rank);
        }
        // In place, and the index keeps its table: a large set was moved
        // through a fresh vector and a fresh, growing hash map.
        self.index.clear();
        for (i, s) in self.slots.iter().enumerate() {
            self.index.insert(rank(s), i);
        }
    }

    /// Append a node whose rank is not present (`rlist_add_rnode_new`).
    /// Make room for `additional` more nodes, so building a large set does
    /// not move every node through repeated growth.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.slots.reserve(additional);
        self.index.reserve(additional);
    }

    pub(crate) fn push_new(&mut self, n: Node) {
        self.core_counter += n.child("core").map_or(0, IdSet::len);
        self.index.insert(n.rank, self.slots.len());
        self.slots.push(Some(n));
    }

    /// Add a node, merging it into an existing node of the same rank
    /// (`rlist_add_rnode`); overlapping children are an error.
    pub(crate) fn add_node(&mut self, n: Node) -> Result<(), Error> {
        let cores = n.child("core").map_or(0, IdSet::len);
        match self.node_mut(n.rank) {
            Some(found) => {
                found.merge(&n).map_err(|o| {
                    Error::new(
                        ErrorKind::Overlap,
                        format!("rank {} has {} {} twice", n.rank, o.name, o.ids),
                    )
                })?;
                self.core_counter += cores;
            }
            None => self.push_new(n),
        }
        Ok(())
    }

    /// Remove a rank, returning its node (`rlist_detach_rank`).
    pub(crate) fn detach(&mut self, rank: u32) -> Option<Node> {
        let i = self.index.remove(&rank)?;
        let n = self.slots[i].take();
        // Compact when holes dominate, keeping removal amortized O(1).
        if self.slots.len() > 64 && self.index.len() * 2 < self.slots.len() {
            let nodes: Vec<Node> = std::mem::take(&mut self.slots)
                .into_iter()
                .flatten()
                .collect();
            self.index = nodes.iter().enumerate().map(|(i, n)| (n.rank, i)).collect();
            self.slots = nodes.into_iter().map(Some).collect();
        }
        n
    }

    /// Assign host names in rank order, one per node (`rlist_assign_hostlist`).
    pub(crate) fn assign_hosts(&mut self, hosts: &Hostlist) -> Result<(), Error> {
        if hosts.len() != self.len() as u64 {
            return Err(Error::new(
                ErrorKind::HostCount,
                format!(
                    "nodelist has {} hosts for {} ranks",
                    hosts.len(),
                    self.len()
                ),
            ));
        }
        self.sort_by_rank();
        for (n, host) in self.nodes_mut().zip(hosts.iter()) {
            n.hostname = Some(host);
        }
        Ok(())
    }

    /// Set property `name` on `ranks` (`rlist_add_property`): the name must
    /// not hold `^&'"`|()` and every rank must exist.
    pub fn add_property(&mut self, name: &str, ranks: &IdSet) -> Result<(), Error> {
        if let Some(c) = invalid_property_char(name) {
            return Err(Error::new(
                ErrorKind::InvalidProperty,
                format!("invalid character '{c}' in property \"{name}\""),
            ));
        }
        let unknown = ranks.difference(&self.ranks());
        if !unknown.is_empty() {
            let what = if unknown.len() == 1 { "rank" } else { "ranks" };
            return Err(Error::new(
                ErrorKind::UnknownRanks,
                format!("{what} {unknown} not found in target resource list"),
            ));
        }
        for r in ranks.iter() {
            if let Some(n) = self.node_mut(r) {
                n.set_property(name);
            }
        }
        Ok(())
    }

    /// Property names with the ranks holding them, in the order the
    /// reference writes `execution.properties`.
    pub fn properties(&self) -> Vec<(String, IdSet)> {
        let mut table: super::zhash::ZHash<Vec<u32>> = super::zhash::ZHash::new();
        for n in self.nodes_by_rank() {
            for name in n.properties() {
                match table.get_mut(&name) {
                    Some(v) => v.push(n.rank),
                    None => {
                        table.insert(&name, vec![n.rank]);
                    }
                }
            }
        }
        table
            .iter()
            .map(|(k, v)| (k.to_string(), IdSet::from_ranges(v.iter().map(|&r| (r, r)))))
            .collect()
    }

    /// Look a host name up (first node in list order).
    pub fn find_host(&self, host: &str) -> Option<&Node> {
        self.nodes().find(|n| n.hostname.as_deref() == Some(host))
    }

    pub(crate) fn nodes_mut_pub(&mut self) -> impl Iterator<Item = &mut Node> {
        self.nodes_mut()
    }

    /// Reassign ranks (used by rerank): `map` gives each old rank its new one.
    pub(crate) fn reindex(&mut self) {
        self.index = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_ref().map(|n| (n.rank, i)))
            .collect();
    }
}

/// The first character the reference refuses in a property name.
pub(crate) fn invalid_property_char(name: &str) -> Option<char> {
    name.chars().find(|c| "^&'\"`|()".contains(*c))
}

impl Rset {
    /// Add a node for `rank` with the given children, merging into an
    /// existing node of that rank (`rlist_append_rank`); overlapping ids
    /// are an error.
    pub fn add_rank(
        &mut self,
        rank: u32,
        hostname: Option<&str>,
        children: &[(&str, &IdSet)],
    ) -> Result<(), Error> {
        let mut n = Node::new(rank, hostname);
        for (name, ids) in children {
            n.add_child(name, ids).map_err(|o| {
                Error::new(
                    ErrorKind::Overlap,
                    format!("rank {rank} has {} {} twice", o.name, o.ids),
                )
            })?;
        }
        self.add_node(n)
    }

    /// Add ids of child type `name` to an existing rank
    /// (`rlist_rank_add_child`).
    pub fn add_child_to_rank(&mut self, rank: u32, name: &str, ids: &IdSet) -> Result<(), Error> {
        let n = self
            .node_mut(rank)
            .ok_or_else(|| Error::new(ErrorKind::UnknownRanks, format!("rank {rank} not found")))?;
        n.add_child(name, ids).map_err(|o| {
            Error::new(
                ErrorKind::Overlap,
                format!("rank {rank} has {} {} twice", o.name, o.ids),
            )
        })
    }

    /// Replace the `scheduling` value with raw JSON text.
    pub fn set_scheduling(&mut self, raw: &str) {
        self.scheduling = Some(raw.to_string());
    }
}
