//! What changed between two `resource.status` snapshots of one system
//! (`flux resource status` payloads saved at two moments): which nodes
//! were drained or undrained, went offline or came back, went torpid,
//! were excluded, or joined or left R. Rows are grouped as `flux resource
//! drain` groups its own, by change and reason, so a reason shared by many
//! nodes is one row. flux-core has no such command: `rscope resource
//! changes` prints this table, and the page's compare view of two payload
//! tabs shows the same rows and colours the grid by them.

use super::status::{DrainInfo, ResourceStatus};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::words::count;
use serde::{Deserialize, Serialize};

/// One kind of change of a node between two snapshots, in the table's
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum StateChange {
    /// Drained in the second snapshot, not in the first.
    Drained,
    /// Drained in both, with another reason or time.
    DrainedAgain,
    /// Drained in the first, not in the second.
    Undrained,
    /// Its broker was up and is down.
    WentOffline,
    /// Its broker was down and is up.
    CameBack,
    /// It stopped answering.
    WentTorpid,
    /// It answers again.
    Lively,
    /// The configuration excludes it now.
    Excluded,
    /// The configuration no longer excludes it.
    Included,
    /// A rank the first snapshot's R did not have.
    Added,
    /// A rank the second snapshot's R does not have.
    Removed,
}

impl StateChange {
    /// The change in words, as the table's first column gives it.
    pub fn words(self) -> &'static str {
        match self {
            StateChange::Drained => "drained",
            StateChange::DrainedAgain => "drained again",
            StateChange::Undrained => "undrained",
            StateChange::WentOffline => "went offline",
            StateChange::CameBack => "came back",
            StateChange::WentTorpid => "went torpid",
            StateChange::Lively => "lively again",
            StateChange::Excluded => "excluded",
            StateChange::Included => "no longer excluded",
            StateChange::Added => "added to R",
            StateChange::Removed => "removed from R",
        }
    }
}

/// Nodes that changed the same way for the same reason.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChangeRow {
    /// The change, in words (`went offline`).
    pub change: String,
    /// How many nodes.
    pub nnodes: u64,
    /// Their ranks, as an RFC 22 id set.
    pub ranks: String,
    /// Their hosts, as an RFC 29 host list.
    pub nodelist: String,
    /// For a drain, its reason; for an undrain, the reason it ends.
    pub reason: String,
}

/// Every change between two snapshots, grouped into rows.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct StatusChanges {
    /// The rows, by change, then by first rank.
    pub rows: Vec<ChangeRow>,
    /// How many nodes changed at all.
    pub nodes: u64,
}

/// What one rank was in one snapshot: absent, or its flags and drain.
#[derive(Default, PartialEq)]
struct Seen<'a> {
    present: bool,
    online: bool,
    torpid: bool,
    excluded: bool,
    drain: Option<&'a DrainInfo>,
}

fn seen(status: &ResourceStatus, rank: u32) -> Seen<'_> {
    if !status.all.contains(rank) {
        return Seen::default();
    }
    Seen {
        present: true,
        online: status.online.contains(rank),
        torpid: status.torpid.contains(rank),
        excluded: status.exclude.contains(rank),
        drain: status.drain_info(rank),
    }
}

/// The changes of one rank, each with its reason.
fn changes_of(was: &Seen<'_>, is: &Seen<'_>) -> Vec<(StateChange, String)> {
    let mut out = Vec::new();
    match (was.present, is.present) {
        (false, true) => out.push((StateChange::Added, String::new())),
        (true, false) => out.push((StateChange::Removed, String::new())),
        _ => {}
    }
    if !(was.present && is.present) {
        return out;
    }
    match (&was.drain, &is.drain) {
        (None, Some(now)) => out.push((StateChange::Drained, now.reason.clone())),
        (Some(then), None) => out.push((StateChange::Undrained, then.reason.clone())),
        (Some(then), Some(now)) if then != now => {
            out.push((StateChange::DrainedAgain, now.reason.clone()))
        }
        _ => {}
    }
    let flags = [
        (
            was.online,
            is.online,
            StateChange::CameBack,
            StateChange::WentOffline,
        ),
        (
            was.torpid,
            is.torpid,
            StateChange::WentTorpid,
            StateChange::Lively,
        ),
        (
            was.excluded,
            is.excluded,
            StateChange::Excluded,
            StateChange::Included,
        ),
    ];
    for (before, after, on, off) in flags {
        match (before, after) {
            (false, true) => out.push((on, String::new())),
            (true, false) => out.push((off, String::new())),
            _ => {}
        }
    }
    out.sort();
    out
}

impl StatusChanges {
    /// What changed from `before` to `after`, two payloads of one system.
    pub fn between(before: &ResourceStatus, after: &ResourceStatus) -> StatusChanges {
        // Every (change, reason, rank), sorted: a row is a run of one
        // change and reason.
        let mut found: Vec<(StateChange, String, u32)> = Vec::new();
        let mut nodes = 0;
        for rank in before.all.union(&after.all).iter() {
            let of_rank = changes_of(&seen(before, rank), &seen(after, rank));
            nodes += u64::from(!of_rank.is_empty());
            found.extend(of_rank.into_iter().map(|(change, why)| (change, why, rank)));
        }
        found.sort_unstable();
        let names = [hosts(after), hosts(before)];
        let host_of = |r: u32| {
            let found = names
                .iter()
                .find_map(|n| n.binary_search_by_key(&r, |h| h.0).ok().map(|i| n[i].1));
            found.unwrap_or("")
        };
        let mut rows: Vec<(StateChange, u32, ChangeRow)> = Vec::new();
        for group in found.chunk_by(|a, b| (a.0, &a.1) == (b.0, &b.1)) {
            let (change, reason, first) = &group[0];
            let ids = IdSet::from_ranges(group.iter().map(|g| (g.2, g.2)));
            let mut hosts = Hostlist::new();
            for g in group {
                hosts.push_host(host_of(g.2));
            }
            let row = ChangeRow {
                change: change.words().to_string(),
                nnodes: ids.len(),
                ranks: ids.to_string(),
                nodelist: hosts.to_string(),
                reason: reason.clone(),
            };
            rows.push((*change, *first, row));
        }
        rows.sort_by_key(|(change, first, _)| (*change, *first));
        StatusChanges {
            rows: rows.into_iter().map(|(_, _, row)| row).collect(),
            nodes,
        }
    }

    /// In words: `3 nodes changed: 2 drained, 1 came back`, or that none
    /// did.
    pub fn words(&self) -> String {
        if self.nodes == 0 {
            return "no node changed state".into();
        }
        let mut by: Vec<(String, u64)> = Vec::new();
        for row in &self.rows {
            match by.iter_mut().find(|(c, _)| *c == row.change) {
                Some((_, n)) => *n += row.nnodes,
                None => by.push((row.change.clone(), row.nnodes)),
            }
        }
        let parts: Vec<String> = by.iter().map(|(c, n)| format!("{n} {c}")).collect();
        format!(
            "{} changed: {}",
            count(self.nodes, "node"),
            parts.join(", ")
        )
    }

    /// The rows as a table with a header (`CHANGE NNODES RANKS NODELIST
    /// REASON`), columns as wide as their widest cell, as `rscope resource
    /// changes` prints it; the words alone when nothing changed.
    pub fn table(&self) -> String {
        if self.rows.is_empty() {
            return format!("{}\n", self.words());
        }
        let head = ["CHANGE", "NNODES", "RANKS", "NODELIST", "REASON"];
        let cells: Vec<[String; 5]> = (self.rows.iter())
            .map(|r| {
                let n = r.nnodes.to_string();
                [
                    r.change.clone(),
                    n,
                    r.ranks.clone(),
                    r.nodelist.clone(),
                    r.reason.clone(),
                ]
            })
            .collect();
        let width =
            |i: usize| (cells.iter().map(|c| c[i].chars().count())).fold(head[i].len(), usize::max);
        let widths: Vec<usize> = (0..4).map(width).collect();
        let line = |c: [&str; 5]| {
            let text = format!(
                "{:<w0$} {:>w1$} {:<w2$} {:<w3$} {}",
                c[0],
                c[1],
                c[2],
                c[3],
                c[4],
                w0 = widths[0],
                w1 = widths[1],
                w2 = widths[2],
                w3 = widths[3],
            );
            format!("{}\n", text.trim_end())
        };
        let mut out = line(head);
        for c in &cells {
            out += &line([&c[0], &c[1], &c[2], &c[3], &c[4]]);
        }
        out
    }

    /// The rows as one line of JSON (`{"rows": [...], "nodes": N}`), as
    /// `rscope resource changes --json` prints it.
    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default() + "\n"
    }

    /// Each changed rank with its first change (the table's order), for
    /// colouring the grid by change.
    pub fn by_rank(&self) -> Vec<(StateChange, IdSet)> {
        let mut taken = IdSet::new();
        let mut out: Vec<(StateChange, IdSet)> = Vec::new();
        for row in &self.rows {
            let Some(change) = CHANGES.iter().find(|c| c.words() == row.change) else {
                continue;
            };
            let ids = IdSet::decode(&row.ranks)
                .unwrap_or_default()
                .difference(&taken);
            taken = taken.union(&ids);
            match out.iter_mut().find(|(c, _)| c == change) {
                Some((_, acc)) => *acc = acc.union(&ids),
                None if !ids.is_empty() => out.push((*change, ids)),
                None => {}
            }
        }
        out
    }
}

/// Every change, in the table's order.
pub const CHANGES: [StateChange; 11] = [
    StateChange::Drained,
    StateChange::DrainedAgain,
    StateChange::Undrained,
    StateChange::WentOffline,
    StateChange::CameBack,
    StateChange::WentTorpid,
    StateChange::Lively,
    StateChange::Excluded,
    StateChange::Included,
    StateChange::Added,
    StateChange::Removed,
];

/// Each rank's host name in one snapshot, by rank (its R lists hosts in
/// rank order).
fn hosts(status: &ResourceStatus) -> Vec<(u32, &str)> {
    (status.all.iter().zip(status.hosts.iter()))
        .filter(|(_, h)| !h.is_empty())
        .map(|(r, h)| (r, h.as_str()))
        .collect()
}

/// Read two payloads, each `(name, text)`, and say what changed, or which
/// one could not be read and why (`tab B: the payload has no key 'R'`).
pub fn changes_between(before: (&str, &str), after: (&str, &str)) -> Result<StatusChanges, String> {
    let read = |(name, text): (&str, &str)| {
        ResourceStatus::from_text(text).map_err(|why| match why.trim_end() {
            key if key.starts_with('\'') => format!("{name}: the payload has no key {key}"),
            why => format!("{name}: {why}"),
        })
    };
    Ok(StatusChanges::between(&read(before)?, &read(after)?))
}

#[cfg(test)]
mod tests;
