//! One execution target: its rank, host name, children by type and
//! properties, with the per-node operations librlist's `rnode` offers.

use super::zhash::ZHash;
use crate::idset::IdSet;
use crate::sorting;
use std::borrow::Cow;

/// One execution target (broker rank) and the resources it holds.
///
/// Children are kept per type name, any type (`core`, `gpu`, `memory`, ...);
/// a `core` entry always exists, possibly empty, as in the reference. Both
/// maps iterate in the reference's hash-table order so encodings match
/// `flux R` byte for byte.
#[derive(Clone, Debug)]
pub struct Node {
    pub(crate) rank: u32,
    pub(crate) hostname: Option<String>,
    pub(crate) children: ZHash<IdSet>,
    pub(crate) properties: Option<ZHash<()>>,
}

/// Why two nodes could not be combined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChildOverlap {
    pub(crate) name: String,
    pub(crate) ids: IdSet,
}

impl Node {
    /// A node with an empty `core` child (`rnode_new`).
    pub fn new(rank: u32, hostname: Option<&str>) -> Node {
        Node::with_room(rank, hostname, 1)
    }

    /// [`Node::new`] with room for `children` child types (at least one:
    /// every node has a `core` entry).
    pub(crate) fn with_room(rank: u32, hostname: Option<&str>, children: usize) -> Node {
        let mut children = ZHash::with_capacity(children.max(1));
        let _ = children.lookup("core");
        children.insert("core", IdSet::new());
        Node {
            rank,
            hostname: hostname.map(str::to_string),
            children,
            properties: None,
        }
    }

    /// The execution target.
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// The host name, when the document names one.
    pub fn hostname(&self) -> Option<&str> {
        self.hostname.as_deref()
    }

    /// Children in the reference's encoding order, empty ones included.
    pub fn children(&self) -> impl Iterator<Item = (&str, &IdSet)> {
        self.children.iter()
    }

    /// The ids of child type `name` (empty when absent).
    pub fn child(&self, name: &str) -> Option<&IdSet> {
        self.children.peek(name)
    }

    /// The cores (always present, possibly empty).
    pub fn cores(&self) -> IdSet {
        self.child("core").cloned().unwrap_or_default()
    }

    /// Property names, in the reference's table order.
    pub fn properties(&self) -> Vec<String> {
        self.properties
            .as_ref()
            .map(|p| p.keys())
            .unwrap_or_default()
    }

    /// Whether the node carries property `name`.
    pub fn has_property(&self, name: &str) -> bool {
        self.properties
            .as_ref()
            .is_some_and(|p| p.peek(name).is_some())
    }

    /// Total ids over all children.
    pub fn total(&self) -> u64 {
        self.children.iter().map(|(_, ids)| ids.len()).sum()
    }

    /// No resources at all (`rnode_empty`).
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Add `ids` to child `name`: a new child, or ids that must not overlap
    /// the ones present (`rnode_add_child_idset`).
    pub(crate) fn add_child(&mut self, name: &str, ids: &IdSet) -> Result<(), ChildOverlap> {
        self.put_child(name, Cow::Borrowed(ids))
    }

    /// [`Node::add_child`] of ids the caller no longer needs, which a new
    /// child takes without a copy.
    pub(crate) fn add_child_owned(&mut self, name: &str, ids: IdSet) -> Result<(), ChildOverlap> {
        self.put_child(name, Cow::Owned(ids))
    }

    fn put_child(&mut self, name: &str, ids: Cow<'_, IdSet>) -> Result<(), ChildOverlap> {
        match self.children.get_mut(name) {
            None => {
                self.children.insert(name, ids.into_owned());
                Ok(())
            }
            Some(have) if have.is_empty() => {
                *have = ids.into_owned();
                Ok(())
            }
            Some(have) => {
                let ids = ids.as_ref();
                let common = have.intersection(ids);
                if !common.is_empty() {
                    return Err(ChildOverlap {
                        name: name.to_string(),
                        ids: common,
                    });
                }
                *have = have.union(ids);
                Ok(())
            }
        }
    }

    /// Set a property (`rnode_set_property`); setting it twice is not an error.
    pub(crate) fn set_property(&mut self, name: &str) {
        self.properties
            .get_or_insert_with(ZHash::new)
            .insert(name, ());
    }

    /// A copy as `rnode_copy` makes it: tables re-inserted in iteration
    /// order, which is what changes the key order of later encodings.
    pub(crate) fn copy(&self) -> Node {
        let mut children = self.children.dup();
        let _ = children.lookup("core");
        Node {
            rank: self.rank,
            hostname: self.hostname.clone(),
            children,
            properties: self.properties.as_ref().map(ZHash::dup),
        }
    }

    /// Merge `other` (same rank) into this node (`rnode_add`).
    pub(crate) fn merge(&mut self, other: &Node) -> Result<(), ChildOverlap> {
        for (name, ids) in other.children.iter() {
            self.add_child(name, ids)?;
        }
        for p in other.properties() {
            self.set_property(&p);
        }
        Ok(())
    }

    /// This node minus the resources of `other` (`rnode_diff`): empty
    /// non-core children disappear.
    pub(crate) fn diff(&self, other: &Node) -> Node {
        self.clone().into_diff(other)
    }

    /// [`Node::diff`] of a node that is no longer needed.
    pub(crate) fn into_diff(self, other: &Node) -> Node {
        Node {
            rank: self.rank,
            children: diff_table(self.children.map(Cow::Owned), other),
            hostname: self.hostname,
            properties: self.properties.map(ZHash::into_dup),
        }
    }

    /// `self.copy().into_diff(other)` (what `rlist_diff` makes of a rank
    /// both sets hold: a copy, copied again, then subtracted), without
    /// cloning the id sets that the subtraction replaces: the tables go
    /// through the same operations, holding borrowed ids until they change.
    pub(crate) fn copy_diff(&self, other: &Node) -> Node {
        let mut children = self.children.dup_with(Cow::Borrowed);
        let _ = children.lookup("core");
        Node {
            rank: self.rank,
            hostname: self.hostname.clone(),
            children: diff_table(children, other),
            properties: self.properties.as_ref().map(|p| p.dup().into_dup()),
        }
    }

    /// The common resources of two nodes with the same rank, or `None` when
    /// their host names differ (`rnode_intersect`). Properties are those of
    /// `self` (the reference drops them).
    pub(crate) fn intersect(&self, other: &mut Node) -> Option<Node> {
        let Node {
            hostname, children, ..
        } = other;
        self.intersect_by(hostname.as_deref(), |name, ids| {
            children.lookup(name).map(|theirs| ids.intersection(theirs))
        })
    }

    /// [`Node::intersect`] for an `other` that is not kept: its tables are
    /// read without the lookups' side effect on their layout, which only a
    /// later encoding of `other` could show.
    pub(crate) fn intersect_ref(&self, other: &Node) -> Option<Node> {
        self.intersect_by(other.hostname.as_deref(), |name, ids| {
            other
                .children
                .peek(name)
                .map(|theirs| ids.intersection(theirs))
        })
    }

    /// The intersection with a node of host `other_host`, whose ids in
    /// common with `ids` of child `name` are `common(name, ids)` (`None`
    /// when it has no such child).
    fn intersect_by(
        &self,
        other_host: Option<&str>,
        mut common: impl FnMut(&str, &IdSet) -> Option<IdSet>,
    ) -> Option<Node> {
        if let (Some(a), Some(b)) = (&self.hostname, other_host) {
            if a != b {
                return None;
            }
        }
        let room = self.children.len();
        let mut n = Node::with_room(self.rank, self.hostname.as_deref(), room);
        for (name, ids) in self.children.iter() {
            if let Some(common) = common(name, ids).filter(|c| !c.is_empty()) {
                // Cannot overlap: each name is visited once.
                let _ = n.add_child_owned(name, common);
            }
        }
        n.properties = self.properties.as_ref().map(ZHash::dup);
        Some(n)
    }

    /// Renumber each child's ids to `0..count` except the types listed in
    /// `keep` (`rnode_remap`; the reference keeps GPU ids).
    pub(crate) fn remap_children(&mut self, keep: &[&str]) {
        for (name, ids) in self.children.iter_mut() {
            if keep.contains(&name) || ids.is_empty() {
                continue;
            }
            let count = ids.len();
            // count >= 1 and ids hold at most 2^32 - 1 values.
            *ids = IdSet::from_range(0, (count - 1) as u32);
        }
    }

    /// `core[0-3],gpu[0-1]`: children with ids, core first then by name,
    /// as the short form writes them.
    pub fn short_children(&self) -> String {
        let mut out = Vec::new();
        self.write_short_children(&mut out);
        // Names and digits only: the text is UTF-8, and nothing is lost.
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// Append [`Node::short_children`]'s text to `out`. A node has a few
    /// child types, written in order without sorting a list of them (which
    /// was an allocation per node of a large short form); a node of many
    /// types sorts them.
    pub(crate) fn write_short_children(&self, out: &mut Vec<u8>) {
        const FEW: usize = 8;
        let mut first = true;
        let mut write = |name: &str, ids: &IdSet| {
            if ids.is_empty() {
                return;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend_from_slice(name.as_bytes());
            ids.encode_bytes(out, true);
        };
        if let Some(ids) = self.children.peek("core") {
            write("core", ids);
        }
        let others = || self.children.iter().filter(|(k, _)| *k != "core");
        if self.children.len() <= FEW {
            // Each next name is the least one above the last written.
            let mut last: Option<&str> = None;
            while let Some((name, ids)) = others()
                .filter(|(k, _)| last.is_none_or(|l| *k > l))
                .min_by(|a, b| a.0.cmp(b.0))
            {
                write(name, ids);
                last = Some(name);
            }
        } else {
            let mut sorted: Vec<(&str, &IdSet)> = others().collect();
            sorting::sort_by(&mut sorted, |a, b| a.0.cmp(b.0));
            for (name, ids) in sorted {
                write(name, ids);
            }
        }
    }
}

/// The children of a copy (`rnode_copy`: a dup, then a lookup of `core`)
/// of a node whose children are `copied`, minus those of `other`
/// (`rnode_diff`): empty non-core children disappear.
fn diff_table(copied: ZHash<Cow<'_, IdSet>>, other: &Node) -> ZHash<IdSet> {
    let mut children = copied.into_dup();
    let _ = children.lookup("core");
    for (name, ids) in other.children.iter() {
        let emptied = match children.get_mut(name) {
            Some(have) => {
                *have = Cow::Owned(have.difference(ids));
                have.is_empty()
            }
            None => continue,
        };
        if name != "core" && emptied {
            children.delete(name);
        }
    }
    children.map(Cow::into_owned)
}
