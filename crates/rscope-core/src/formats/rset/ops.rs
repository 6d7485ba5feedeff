//! Set operations with librlist's semantics.
//!
//! Differences from the reference, kept on purpose (the reference drops
//! data silently; Rscope keeps it):
//! - `starttime`, `expiration` and `nslots` follow the first operand through
//!   every operation but [`Rset::intersect`]; librlist resets them to unset
//!   in `diff`, `intersect`, `union`, `append`, `--include` and property
//!   filtering.
//! - `attributes` follows the first operand like `scheduling`.
//!
//! [`Rset::intersect`] is exactly `rlist_intersect` (no properties, times,
//! slot count or attributes), so that `rscope R intersect` prints what
//! `flux R intersect` prints; [`Rset::intersect_keeping_data`] keeps the
//! first operand's.

use super::error::{Error, ErrorKind};
use super::node::Node;
use super::set::Rset;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;

impl Rset {
    /// An empty set carrying this set's timing, scheduling and attributes.
    fn empty_like(&self) -> Rset {
        let mut rl = Rset::new();
        rl.starttime = self.starttime;
        rl.expiration = self.expiration;
        rl.nslots = self.nslots;
        rl.scheduling = self.scheduling.clone();
        rl.attributes = self.attributes.clone();
        rl.scheduling_stale = self.scheduling_stale;
        rl
    }

    /// Add every node of `other` (`rlist_append`): ranks present in both are
    /// merged, and resources present in both are an error. A node without
    /// resources cannot be appended (the reference refuses to copy it).
    pub fn append(&mut self, other: &Rset) -> Result<(), Error> {
        self.reserve(other.len());
        for n in other.nodes() {
            if n.is_empty() {
                return Err(empty_node(n.rank));
            }
            self.add_node(n.copy())?;
        }
        if self.scheduling.is_none() {
            self.scheduling = other.scheduling.clone();
        }
        if self.attributes.is_none() {
            self.attributes = other.attributes.clone();
        }
        if !other.is_empty() {
            self.scheduling_stale = true;
        }
        Ok(())
    }

    /// Append `other` only if the two sets share no resource, naming the
    /// overlap otherwise (what `flux R append` checks first).
    pub fn append_disjoint(&mut self, other: &Rset) -> Result<(), Error> {
        let mut theirs = other.clone();
        let common = intersect_mut(self, &mut theirs, Keep::Reference);
        if !common.is_empty() {
            return Err(Error::new(
                ErrorKind::Overlap,
                format!("resource sets overlap on {}", common.short_form()),
            ));
        }
        self.append(&theirs)
    }

    /// Resources of this set that `other` does not hold (`rlist_diff`).
    ///
    /// The reference copies this set, then detaches each rank `other` holds
    /// and appends what is left of it. This builds the same list in the
    /// same order (and the same running core count) without the copy that
    /// is taken apart again.
    pub fn diff(&self, other: &Rset) -> Result<Rset, Error> {
        if let Some(n) = self.nodes().find(|n| n.is_empty()) {
            return Err(empty_node(n.rank));
        }
        let mut rl = self.empty_like();
        rl.reserve(self.len());
        for n in self.nodes().filter(|n| other.node(n.rank).is_none()) {
            rl.push_new(n.copy());
        }
        for n in other.nodes() {
            let Some(na) = self.node(n.rank) else {
                continue;
            };
            rl.core_counter += na.child("core").map_or(0, IdSet::len);
            let result = na.copy_diff(n);
            if !result.is_empty() {
                rl.push_new(result);
            }
            rl.scheduling_stale = true;
        }
        Ok(rl)
    }

    /// Every resource of either set (`rlist_union`: `diff` then `append`).
    pub fn union(&self, other: &Rset) -> Result<Rset, Error> {
        let mut rl = self.diff(other)?;
        rl.append(other)?;
        Ok(rl)
    }

    /// Resources both sets hold, as `rlist_intersect` gives them: this
    /// set's host names and (unless the result is empty) `scheduling`, and
    /// nothing else: no properties, `starttime`, `expiration`, `nslots` or
    /// `attributes`.
    pub fn intersect(&self, other: &Rset) -> Rset {
        intersect_copy(self, other, Keep::Reference)
    }

    /// [`intersect`](Self::intersect), keeping the data of this set that
    /// librlist drops: its properties on the ranks returned, and its
    /// `starttime`, `expiration`, `nslots` and `attributes`
    /// (`rscope R intersect --keep-data`).
    pub fn intersect_keeping_data(&self, other: &Rset) -> Rset {
        intersect_copy(self, other, Keep::Data)
    }

    /// Only the ranks in `ranks` (`rlist_copy_ranks`, `--include`).
    pub fn include_ranks(&self, ranks: &IdSet) -> Rset {
        let mut rl = self.empty_like();
        for r in ranks.iter() {
            if let Some(n) = self.node(r) {
                rl.push_new(n.copy());
            }
        }
        if rl.is_empty() {
            rl.scheduling = None;
        }
        rl.scheduling_stale |= rl.len() != self.len();
        rl
    }

    /// Remove the ranks in `ranks` (`rlist_remove_ranks`, `--exclude`);
    /// returns how many were present.
    pub fn exclude_ranks(&mut self, ranks: &IdSet) -> usize {
        let mut count = 0;
        // Walk whichever side is smaller: a huge idset over a small set
        // must not iterate billions of ids.
        let targets: Vec<u32> = if ranks.len() > self.len() as u64 {
            self.nodes()
                .map(|n| n.rank)
                .filter(|r| ranks.contains(*r))
                .collect()
        } else {
            ranks.iter().collect()
        };
        for r in targets {
            if self.detach(r).is_some() {
                count += 1;
            }
        }
        if count > 0 {
            self.scheduling_stale = true;
        }
        count
    }

    /// The ranks whose host names are in `hosts` (`rlist_hosts_to_ranks`);
    /// hosts the set does not hold are an error naming them.
    pub fn hosts_to_ranks(&self, hosts: &Hostlist) -> Result<IdSet, Error> {
        let mut by_host: std::collections::HashMap<&str, Vec<u32>> = Default::default();
        for n in self.nodes() {
            if let Some(h) = n.hostname.as_deref() {
                by_host.entry(h).or_default().push(n.rank);
            }
        }
        let mut ranks = Vec::new();
        let mut missing = Hostlist::new();
        for h in hosts.iter() {
            match by_host.get(h.as_str()) {
                Some(v) => ranks.extend(v.iter().copied()),
                None => missing.push_host(&h),
            }
        }
        if !missing.is_empty() {
            return Err(Error::new(
                ErrorKind::UnknownHost,
                format!("invalid hosts: {missing}"),
            ));
        }
        Ok(IdSet::from_ranges(ranks.into_iter().map(|r| (r, r))))
    }

    /// Only the nodes whose host names are in `hosts`.
    pub fn include_hosts(&self, hosts: &Hostlist) -> Result<Rset, Error> {
        Ok(self.include_ranks(&self.hosts_to_ranks(hosts)?))
    }

    /// Remove the nodes whose host names are in `hosts`.
    pub fn exclude_hosts(&mut self, hosts: &Hostlist) -> Result<usize, Error> {
        let ranks = self.hosts_to_ranks(hosts)?;
        Ok(self.exclude_ranks(&ranks))
    }

    /// Nodes matching a property list (`flux R decode --properties`): every
    /// name must be held, `^name` must not be; a name also matches the host
    /// name, as in the reference. Empty names (from `a,,b`) are skipped.
    pub fn filter_properties(&self, list: &str) -> Result<Rset, Error> {
        let terms: Vec<&str> = list.split(',').filter(|t| !t.is_empty()).collect();
        for t in &terms {
            if let Some(c) = t.chars().find(|c| "!&'\"`|()".contains(*c)) {
                return Err(Error::new(
                    ErrorKind::InvalidProperty,
                    format!("invalid character '{c}' in property \"{t}\""),
                ));
            }
        }
        Ok(self.copy_matching(|n| {
            terms.iter().all(|t| {
                let (negate, name) = match t.strip_prefix('^') {
                    Some(rest) => (true, rest),
                    None => (false, *t),
                };
                let has = n.has_property(name) || n.hostname.as_deref() == Some(name);
                has != negate
            })
        }))
    }

    /// The nodes `keep` selects, copied as `rlist_copy_constraint` copies
    /// them: the set's times, attributes and scheduling key kept (the key
    /// dropped when no node is left).
    pub fn copy_matching(&self, mut keep: impl FnMut(&Node) -> bool) -> Rset {
        let mut rl = self.empty_like();
        for n in self.nodes() {
            if keep(n) {
                rl.push_new(n.copy());
            }
        }
        if rl.is_empty() {
            rl.scheduling = None;
        }
        rl.scheduling_stale |= rl.len() != self.len();
        rl
    }

    /// Renumber ranks to `0..n` in rank order, and each node's child ids to
    /// `0..count` except GPUs (`rlist_remap`).
    pub fn remap(&mut self) {
        self.sort_by_rank();
        for (i, n) in self.nodes_mut_pub().enumerate() {
            // A set holds at most 2^32 - 1 ranks.
            n.rank = i as u32;
            n.remap_children(&["gpu"]);
        }
        self.reindex();
        self.scheduling_stale = true;
    }

    /// Renumber ranks to `0..n` in rank order and keep every child id, as
    /// an instance numbers the nodes of its R; returns each old rank's new
    /// one, in order.
    pub fn renumber_ranks(&mut self) -> Vec<(u32, u32)> {
        self.sort_by_rank();
        let mut moved = Vec::with_capacity(self.len());
        for (i, n) in self.nodes_mut_pub().enumerate() {
            // A set holds at most 2^32 - 1 ranks.
            moved.push((n.rank, i as u32));
            n.rank = i as u32;
        }
        self.reindex();
        self.scheduling_stale = true;
        moved
    }

    /// Renumber ranks by position of each node's host name in `hosts`
    /// (`rlist_rerank`). The list must name every node exactly once.
    ///
    /// Difference: a host list naming a host twice is refused; the
    /// reference would give one node two ranks in turn and leave another
    /// with a stale one.
    pub fn rerank(&mut self, hosts: &Hostlist) -> Result<(), Error> {
        let count = hosts.len();
        let nnodes = self.len() as u64;
        if count > nnodes {
            return Err(Error::new(
                ErrorKind::HostCount,
                format!("Number of hosts ({count}) is greater than node count ({nnodes})"),
            ));
        }
        if count < nnodes {
            return Err(Error::new(
                ErrorKind::HostCount,
                format!("Number of hosts ({count}) is less than node count ({nnodes})"),
            ));
        }
        self.sort_by_rank();
        let mut position: std::collections::HashMap<String, u32> = Default::default();
        for (i, h) in hosts.iter().enumerate() {
            if position.insert(h.to_string(), i as u32).is_some() {
                return Err(Error::new(
                    ErrorKind::UnknownHost,
                    format!("Host {h} is listed twice"),
                ));
            }
        }
        let mut seen = std::collections::HashSet::new();
        let mut new_ranks = Vec::with_capacity(self.len());
        for n in self.nodes() {
            let r = n.hostname.as_deref().and_then(|h| position.get(h)).copied();
            match r {
                Some(r) if seen.insert(r) => new_ranks.push(r),
                _ => {
                    let missing = hosts
                        .iter()
                        .find(|h| self.find_host(h).is_none())
                        .unwrap_or_default();
                    return Err(Error::new(
                        ErrorKind::UnknownHost,
                        format!("Host {missing} not found in resources"),
                    ));
                }
            }
        }
        for (n, r) in self.nodes_mut_pub().zip(new_ranks) {
            n.rank = r;
        }
        self.reindex();
        self.scheduling_stale = true;
        Ok(())
    }

    /// Check that `actual` (a single rank) holds at least the resources this
    /// set expects for that rank (`rlist_verify`). `Ok(None)`: exact match;
    /// `Ok(Some(msg))`: extra resources (not an error); `Err`: mismatch.
    pub fn verify(&self, actual: &Rset) -> Result<Option<String>, Error> {
        let fail = |m: String| Err(Error::new(ErrorKind::Verify, m));
        if actual.len() != 1 {
            return fail("Verification supported on single rank only".into());
        }
        let Some(n) = actual.nodes().next() else {
            return fail("Verification supported on single rank only".into());
        };
        let Some(exp) = self.node(n.rank) else {
            return fail(format!("rank {} not found in expected ranks", n.rank));
        };
        let host = |x: &Node| x.hostname.clone().unwrap_or_else(|| "unknown".into());
        if let (Some(a), Some(b)) = (&n.hostname, &exp.hostname) {
            if a != b {
                return fail(format!(
                    "rank {} got hostname '{a}', expected '{b}'",
                    n.rank
                ));
            }
        }
        let missing = exp.diff(n);
        if !missing.is_empty() {
            return fail(format!(
                "rank {} ({}) missing resources: {}",
                n.rank,
                host(n),
                missing.short_children()
            ));
        }
        let extra = n.diff(exp);
        if extra.is_empty() {
            Ok(None)
        } else {
            Ok(Some(format!(
                "rank {} ({}) has extra resources: {}",
                n.rank,
                host(n),
                extra.short_children()
            )))
        }
    }
}

/// What an intersection keeps of its first operand besides host names and
/// `scheduling`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Nothing, as `rlist_intersect`.
    Reference,
    /// Properties, `starttime`, `expiration`, `nslots` and `attributes`.
    Data,
}

/// `rlist_intersect`, including its lookups in `b`'s tables (which can
/// reorder them, and so the key order of a later encoding of `b`).
pub(crate) fn intersect_mut(a: &Rset, b: &mut Rset, keep: Keep) -> Rset {
    let mut result = intersect_start(a, keep);
    let ranks: Vec<u32> = b.nodes().map(|n| n.rank).collect();
    for r in ranks {
        let Some(na) = a.node(r) else { continue };
        let Some(nb) = b.node_mut(r) else { continue };
        intersect_node(&mut result, na.intersect(nb), keep);
    }
    intersect_finish(a, result)
}

/// [`intersect_mut`] of a `b` that is not kept: the lookups' changes to
/// `b`'s tables would be thrown away, so `b` is read as it is, not copied.
fn intersect_copy(a: &Rset, b: &Rset, keep: Keep) -> Rset {
    let mut result = intersect_start(a, keep);
    // Room for every rank both may hold, so that a large result is not
    // moved through each doubling of its list and index.
    result.reserve(a.len().min(b.len()));
    for nb in b.nodes() {
        let Some(na) = a.node(nb.rank) else { continue };
        intersect_node(&mut result, na.intersect_ref(nb), keep);
    }
    intersect_finish(a, result)
}

/// The empty result of an intersection with `a`'s data as `keep` says.
fn intersect_start(a: &Rset, keep: Keep) -> Rset {
    let mut result = a.empty_like();
    if keep == Keep::Reference {
        result.starttime = 0.0;
        result.expiration = 0.0;
        result.nslots = 0;
        result.attributes = None;
    }
    result.core_counter = 0;
    result
}

/// Add the common resources of one rank, if any.
fn intersect_node(result: &mut Rset, common: Option<Node>, keep: Keep) {
    if let Some(mut nx) = common {
        if keep == Keep::Reference {
            nx.properties = None;
        }
        if !nx.is_empty() {
            // Ranks of `b` are distinct, so this never merges.
            let _ = result.add_node(nx);
        }
    }
}

fn intersect_finish(a: &Rset, mut result: Rset) -> Rset {
    if result.is_empty() {
        result.scheduling = None;
    }
    result.scheduling_stale |= result.len() != a.len() || result.count_all() != a.count_all();
    result
}

/// `rlist_append`'s refusal of a node without resources.
fn empty_node(rank: u32) -> Error {
    Error::new(
        ErrorKind::EmptyNode,
        format!("rank {rank} has no resources"),
    )
}

impl Rset {
    fn count_all(&self) -> u64 {
        self.nodes().map(Node::total).sum()
    }
}

/// `flux R append`: add sets in order, refusing any that shares a resource
/// with those before it. The result keeps the first set's times.
pub fn append_all(sets: &[Rset]) -> Result<Rset, Error> {
    let mut result = match sets.first() {
        Some(first) => first.empty_like(),
        None => Rset::new(),
    };
    result.scheduling = None;
    result.attributes = None;
    result.scheduling_stale = false;
    for (i, s) in sets.iter().enumerate() {
        let mut theirs = s.clone();
        let common = intersect_mut(&result, &mut theirs, Keep::Reference);
        if !common.is_empty() {
            return Err(Error::new(
                ErrorKind::Overlap,
                format!(
                    "R objects '{}' and '{}' overlap on {}",
                    result.short_form(),
                    s.short_form(),
                    common.short_form()
                ),
            ));
        }
        result.append(&theirs)?;
        if i == 0 {
            result.scheduling_stale = s.scheduling_stale;
        }
    }
    Ok(result)
}
