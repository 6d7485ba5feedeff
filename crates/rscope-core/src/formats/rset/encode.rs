//! Writing R back out: the canonical JSON encoding (`rlist_encode`) and
//! the short form (`rlist_dumps`), in jansson's style
//! ([`crate::json::write`](mod@crate::json::write)), as `flux R` prints them.

use super::node::Node;
use super::set::Rset;
use crate::idset::IdSet;
use crate::json::write::{format_real, write_json_string, write_raw};
use rustc_hash::{FxHashMap, FxHasher};
use std::fmt::Write;
use std::hash::{Hash, Hasher};

/// A group of ranks with identical children, represented by its first node.
/// Most groups of a fragmented set hold one rank, so the first is kept
/// inline and only further ranks allocate.
struct Group<'a> {
    first: u32,
    more: Vec<u32>,
    node: &'a Node,
    /// The next group whose children hash the same (a collision chain).
    next: Option<usize>,
}

impl Group<'_> {
    /// Append the group's ranks as [`IdSet::encode_bytes`] writes them.
    fn write_ranks_bytes(&self, out: &mut Vec<u8>, brackets: bool) {
        if self.more.is_empty() {
            crate::idset::push_decimal_bytes(out, self.first);
        } else {
            self.ranks().encode_bytes(out, brackets);
        }
    }

    fn ranks(&self) -> IdSet {
        IdSet::from_ranges(
            std::iter::once(self.first)
                .chain(self.more.iter().copied())
                .map(|r| (r, r)),
        )
    }
}

/// Nodes grouped by identical children, and room for their short form.
struct Grouping<'a> {
    groups: Vec<Group<'a>>,
    /// At least the length of the short form of `groups`: each range of
    /// ids takes at most two numbers as long as the largest and two
    /// separators. Counted as the nodes are grouped, while their children
    /// are at hand, rather than by visiting every node again.
    short_room: usize,
}

/// Group nodes (in the given order) whose children are identical, as
/// librlist's `rlist_mrlist` does, but with a hash of the children instead
/// of a list scan, so fragmented sets stay linear.
fn group<'a>(nodes: impl Iterator<Item = &'a Node>, count: usize) -> Grouping<'a> {
    let mut groups: Vec<Group<'a>> = Vec::with_capacity(count);
    // Children hash → first group with that hash.
    let mut by_hash: FxHashMap<u64, usize> = FxHashMap::default();
    by_hash.reserve(count);
    let (mut children_room, mut last_rank, mut ranks) = (0usize, 0u32, 0usize);
    for n in nodes {
        let h = children_hash(n);
        let new = groups.len();
        let mut at = *by_hash.entry(h).or_insert(new);
        if at != new {
            loop {
                if same_children(groups[at].node, n) {
                    groups[at].more.push(n.rank);
                    break;
                }
                match groups[at].next {
                    Some(next) => at = next,
                    None => {
                        groups[at].next = Some(new);
                        at = new;
                        break;
                    }
                }
            }
        }
        if at == new {
            groups.push(Group {
                first: n.rank,
                more: Vec::new(),
                node: n,
                next: None,
            });
            children_room += n
                .children()
                .map(|(name, ids)| {
                    name.len() + 3 + range_room(ids.last().unwrap_or(0)) * ids.ranges().len()
                })
                .sum::<usize>();
        }
        last_rank = last_rank.max(n.rank);
        ranks += 1;
    }
    let short_room = 6 * groups.len() + children_room + range_room(last_rank) * ranks;
    Grouping { groups, short_room }
}

/// At least the length of a range of ids up to `last` in the short form:
/// two numbers as long as `last` and two separators.
fn range_room(last: u32) -> usize {
    2 * (last.checked_ilog10().unwrap_or(0) as usize + 2)
}

/// An order-free hash of a node's children (names and ids, empty included).
fn children_hash(n: &Node) -> u64 {
    n.children()
        .map(|(name, ids)| {
            let mut h = FxHasher::default();
            name.hash(&mut h);
            h.finish() ^ ids_hash(ids)
        })
        .fold(0u64, |acc, x| acc.wrapping_add(x))
}

/// A hash of an id set's ranges: each range is one 64-bit word, taken
/// by two Fx-style lanes in turn, so that a fragmented core set (dozens
/// of ranges per node) is a short dependency chain rather than a step
/// per id. Equal sets hash equal; [`same_children`] decides the rest.
fn ids_hash(ids: &IdSet) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let step = |h: u64, (lo, hi): (u32, u32)| {
        (h.rotate_left(5) ^ (u64::from(lo) | u64::from(hi) << 32)).wrapping_mul(K)
    };
    let ranges = ids.ranges();
    let (mut a, mut b) = (ranges.len() as u64, 0u64);
    let mut pairs = ranges.chunks_exact(2);
    for p in &mut pairs {
        a = step(a, p[0]);
        b = step(b, p[1]);
    }
    if let [last] = pairs.remainder() {
        a = step(a, *last);
    }
    a ^ b.rotate_left(32)
}

/// `rnode_cmp() == 0`: the same child names with the same ids.
fn same_children(a: &Node, b: &Node) -> bool {
    a.children().count() == b.children().count()
        && a.children().all(|(name, ids)| b.child(name) == Some(ids))
}

impl Rset {
    /// The short form `flux R decode --short` prints:
    /// `rank[0-1]/core[0-1] rank[2-3]/core[0-1],gpu[0-1]`, ranks grouped in
    /// list order, nodes without resources left out.
    pub fn short_form(&self) -> String {
        let Grouping { groups, short_room } = group(self.nodes(), self.len());
        // Sized once: a fragmented set's short form is megabytes, and
        // growing it by doubling copies it and touches fresh pages each time
        // (one byte more for the newline `decode` ends it with).
        // Written as bytes, pushed one or two at a time, and checked as
        // UTF-8 once at the end.
        let mut out = Vec::with_capacity(short_room + 1);
        for g in groups {
            if g.node.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push(b' ');
            }
            out.extend_from_slice(b"rank");
            g.write_ranks_bytes(&mut out, true);
            out.push(b'/');
            g.node.write_short_children(&mut out);
        }
        // Names and digits only: the text is UTF-8, and nothing is lost.
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    /// The canonical `R_lite` entries as (ranks, children) pairs, children
    /// in encoding order without empty ones.
    pub fn r_lite(&self) -> Vec<(IdSet, Vec<(String, IdSet)>)> {
        group(self.nodes_by_rank().into_iter(), self.len())
            .groups
            .into_iter()
            .filter(|g| !g.node.is_empty())
            .map(|g| {
                let children = g
                    .node
                    .children()
                    .filter(|(_, ids)| !ids.is_empty())
                    .map(|(k, ids)| (k.to_string(), ids.clone()))
                    .collect();
                (g.ranks(), children)
            })
            .collect()
    }

    /// The canonical RFC 20 encoding, byte for byte what `flux R` writes
    /// for the same set (one line, no trailing newline).
    ///
    /// Differences: `attributes`, when the input had it, is written last
    /// (the reference drops it); and a nodelist is written whenever every
    /// node has a host name, including names taken from the legacy
    /// `R_lite` `node` key.
    pub fn encode(&self) -> String {
        // The entries are most of the text: written as bytes, in the same
        // way as the short form, and checked as UTF-8 once; sized as the
        // short form is, with room for each entry's keys and quotes (the
        // R of a fragmented set grew by doubling, copying megabytes).
        let Grouping { groups, short_room } = group(self.nodes_by_rank().into_iter(), self.len());
        let mut out = Vec::with_capacity(256 + short_room + 48 * groups.len());
        out.extend_from_slice(b"{\"version\": 1, \"execution\": {\"R_lite\": [");
        let mut name_text = String::new();
        let mut first = true;
        for g in groups.iter().filter(|g| !g.node.is_empty()) {
            if !first {
                out.extend_from_slice(b", ");
            }
            first = false;
            out.extend_from_slice(b"{\"rank\": \"");
            g.write_ranks_bytes(&mut out, false);
            out.extend_from_slice(b"\", \"children\": {");
            let mut j = 0;
            for (name, ids) in g.node.children() {
                if ids.is_empty() {
                    continue;
                }
                if j > 0 {
                    out.extend_from_slice(b", ");
                }
                j += 1;
                name_text.clear();
                write_json_string(&mut name_text, name);
                out.extend_from_slice(name_text.as_bytes());
                out.extend_from_slice(b": \"");
                ids.write_bytes(&mut out);
                out.push(b'"');
            }
            out.extend_from_slice(b"}}");
        }
        // Names were written from `str`s and the rest is ASCII: nothing is lost.
        let mut out = String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        out.push(']');
        if self.nslots > 0 {
            let _ = write!(out, ", \"nslots\": {}", self.nslots);
        }
        let _ = write!(
            out,
            ", \"starttime\": {}, \"expiration\": {}",
            format_real(self.starttime),
            format_real(self.expiration)
        );
        if let Some(hl) = self.nodelist() {
            out.push_str(", \"nodelist\": [");
            write_json_string(&mut out, &hl.to_string());
            out.push(']');
        }
        let props = self.properties();
        if !props.is_empty() {
            out.push_str(", \"properties\": {");
            for (i, (name, ranks)) in props.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_string(&mut out, name);
                out.push_str(": ");
                write_json_string(&mut out, &ranks.to_string());
            }
            out.push('}');
        }
        out.push('}');
        if let Some(s) = &self.scheduling {
            out.push_str(", \"scheduling\": ");
            write_raw(&mut out, s);
        }
        if let Some(a) = &self.attributes {
            out.push_str(", \"attributes\": ");
            write_raw(&mut out, a);
        }
        out.push('}');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The short form's room is never less than the short form, for ids
    /// of one digit up to the largest, in ranges, alone and grouped.
    #[test]
    fn short_form_room_holds_the_short_form() {
        let r = crate::rset::load(
            r#"{"version":1,"execution":{"R_lite":[
                {"rank":"0-2","children":{"core":"0,2,4-9","gpu":"0"}},
                {"rank":"9999999","children":{"core":"4294967294","gpu":"1-4294967294"}},
                {"rank":"4294967294","children":{"core":"99,100,1000-1001"}}]}}"#,
        )
        .unwrap();
        let room = group(r.nodes(), r.len()).short_room;
        let short = r.short_form();
        assert_eq!(
            short,
            "rank[0-2]/core[0,2,4-9],gpu0 rank9999999/core4294967294,gpu[1-4294967294] \
             rank4294967294/core[99-100,1000-1001]"
        );
        assert!(room >= short.len());
        // A grouped rank longer than every group's first one.
        let r = crate::rset::load(
            r#"{"version":1,"execution":{"R_lite":[
                {"rank":"0","children":{"core":"0"}},
                {"rank":"1","children":{"core":"1"}},
                {"rank":"3,5,7,9,11,13,4294967294","children":{"core":"0"}}]}}"#,
        )
        .unwrap();
        let short = r.short_form();
        assert_eq!(short, "rank[0,3,5,7,9,11,13,4294967294]/core0 rank1/core1");
        assert!(group(r.nodes(), r.len()).short_room >= short.len());
    }
}
