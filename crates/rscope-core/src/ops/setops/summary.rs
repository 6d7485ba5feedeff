//! What a second R adds to and removes from a first, in words, by node:
//! `adds node[5-8]; removes core[0-3] on node2`. Whole nodes are named as
//! a host list; part of a node as its short form (`core[0-3],gpu[0]`) on
//! the nodes that gain or lose exactly that, grouped.

use super::{load, Inputs, Refusal};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::rset::Rset;

/// The most groups said per direction; the rest are counted.
pub const MAX_GROUPS: usize = 12;

/// Nodes that gain or lose the same thing.
struct Group {
    /// The short form of what changes, or empty for whole nodes.
    what: String,
    hosts: Hostlist,
    /// Ranks of nodes without a host name.
    ranks: Vec<u32>,
}

impl Group {
    fn nodes(&self) -> String {
        let ranks = IdSet::from_ranges(self.ranks.iter().map(|&r| (r, r)));
        match (self.hosts.is_empty(), self.ranks.is_empty()) {
            (false, true) => self.hosts.to_string(),
            (true, _) => format!("rank {ranks}"),
            (false, false) => format!("{} and rank {ranks}", self.hosts),
        }
    }
}

/// Group the nodes of `change` (what one set has beyond `other`).
fn groups(change: &Rset, other: &Rset) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for n in change.nodes_by_rank() {
        let what = if other.node(n.rank()).is_some() {
            n.short_children()
        } else {
            String::new()
        };
        let slot = match out.iter().position(|g| g.what == what) {
            Some(i) => i,
            None => {
                out.push(Group {
                    what,
                    hosts: Hostlist::new(),
                    ranks: Vec::new(),
                });
                out.len() - 1
            }
        };
        match n.hostname() {
            Some(h) => out[slot].hosts.push_host(h),
            None => out[slot].ranks.push(n.rank()),
        }
    }
    out
}

/// `verb` and each group: `adds node[5-8]`, `adds core[0-3] on node2`.
fn say(verb: &str, groups: &[Group], out: &mut Vec<String>) {
    for g in groups.iter().take(MAX_GROUPS) {
        out.push(if g.what.is_empty() {
            format!("{verb} {}", g.nodes())
        } else {
            format!("{verb} {} on {}", g.what, g.nodes())
        });
    }
    if groups.len() > MAX_GROUPS {
        out.push(format!(
            "{verb} {} more groups of nodes",
            groups.len() - MAX_GROUPS
        ));
    }
}

/// What `b` adds to and removes from `a`, in words; `no change` when they
/// hold the same resources.
pub fn describe(a: &Rset, b: &Rset) -> Result<String, String> {
    let adds = b.diff(a).map_err(|e| e.to_string())?;
    let removes = a.diff(b).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    say("adds", &groups(&adds, a), &mut out);
    say("removes", &groups(&removes, b), &mut out);
    if out.is_empty() {
        return Ok("no change".into());
    }
    Ok(out.join("; "))
}

/// [`describe`] over texts: what the second input's R adds to and removes
/// from the first's (each input the union of its documents).
pub fn describe_inputs(inputs: &Inputs) -> Result<String, Refusal> {
    let [a, b] = two_sets(inputs)?;
    describe(&a, &b).map_err(Refusal::new)
}

/// The two inputs' sets, each the union of its documents.
fn two_sets(inputs: &Inputs) -> Result<[Rset; 2], Refusal> {
    if inputs.sources.len() != 2 {
        return Err(Refusal::new("a diff summary compares exactly 2 inputs"));
    }
    let sets = load(inputs)?;
    let mut per_input: [Rset; 2] = [Rset::new(), Rset::new()];
    for s in sets {
        let i = s.input.min(1);
        per_input[i] = per_input[i]
            .union(&s.r)
            .map_err(|e| Refusal::new(e.to_string()))?;
    }
    Ok(per_input)
}

/// How the second input's set stands to the first's, named `names`: `B
/// and A hold the same resources`, or `B is a subset of A (removes
/// n0)`, a superset, or neither, with what it adds and removes.
pub fn relation(inputs: &Inputs, (a, b): (char, char)) -> Result<String, Refusal> {
    let [first, second] = two_sets(inputs)?;
    let gone = |x: &Rset, y: &Rset| x.diff(y).map(|d| d.is_empty());
    let within = gone(&second, &first).map_err(|e| Refusal::new(e.to_string()))?;
    let covers = gone(&first, &second).map_err(|e| Refusal::new(e.to_string()))?;
    let words = describe(&first, &second).map_err(Refusal::new)?;
    Ok(match (within, covers) {
        (true, true) => format!("{b} and {a} hold the same resources"),
        (true, false) => format!("{b} is a subset of {a} ({words})"),
        (false, true) => format!("{b} is a superset of {a} ({words})"),
        (false, false) => format!("{b} is neither a subset nor a superset of {a} ({words})"),
    })
}
