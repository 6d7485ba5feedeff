//! Does the graph describe the same cores and GPUs as R_lite? After
//! `flux R diff` (which keeps the first operand's `scheduling`) it often
//! does not; this lists every difference, rank by rank.

use super::IndexedGraph;
use crate::idset::IdSet;
use crate::rset::Rset;
use std::collections::BTreeMap;
use std::fmt;

/// What the graph holds for one execution target: the vertex of type
/// `node` with that rank, and the ids of the cores and GPUs below it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RankResources {
    /// The node's name (the host name).
    pub host: String,
    /// Ids of `core` vertices below the node.
    pub cores: IdSet,
    /// Ids of `gpu` vertices below the node.
    pub gpus: IdSet,
}

/// Per rank, what the graph's nodes hold. Nodes without a rank are left
/// out; ids outside 0..2^32-1 cannot be R ids and are left out too.
pub fn graph_ranks(a: &IndexedGraph) -> BTreeMap<u32, RankResources> {
    nodes_ranked(a, |rank, _| u32::try_from(rank).ok())
}

/// What the graph's nodes hold, each numbered by its place among the
/// nodes in the containment tree's order.
fn numbered_in_order(a: &IndexedGraph) -> BTreeMap<u32, RankResources> {
    nodes_ranked(a, |_, at| u32::try_from(at).ok())
}

/// What the graph's nodes hold, each under the rank `rank_of` gives it
/// (from the node's `rank` and its place among the nodes); none: left
/// out.
fn nodes_ranked(
    a: &IndexedGraph,
    rank_of: impl Fn(i64, usize) -> Option<u32>,
) -> BTreeMap<u32, RankResources> {
    let (g, t) = (&a.graph, &a.tree);
    let mut out: BTreeMap<u32, RankResources> = BTreeMap::new();
    let nodes = (t.preorder().iter()).filter(|&&v| g.vertices.kind(v as usize) == Some("node"));
    for (at, &v) in nodes.enumerate() {
        let Some(x) = g.vertices.get(v as usize) else {
            continue;
        };
        let Some(rank) = rank_of(x.rank, at) else {
            continue;
        };
        let entry = out.entry(rank).or_default();
        if entry.host.is_empty() {
            entry.host = x.name.to_string();
        }
        for &u in t.preorder().get(t.subtree(v as usize)).unwrap_or(&[]) {
            let (Some(kind), Some(id)) = (g.vertices.kind(u as usize), g.vertices.id(u as usize))
            else {
                continue;
            };
            let Ok(id) = u32::try_from(id) else {
                continue;
            };
            match kind {
                "core" => entry.cores.insert(id),
                "gpu" => entry.gpus.insert(id),
                _ => {}
            }
        }
    }
    out
}

/// Whether the graph has nodes and none of them has a rank: Fluxion's
/// `find --format=jgf` output, whose nodes [`to_rset`] numbers in order.
pub fn ranked_in_order(a: &IndexedGraph) -> bool {
    let g = &a.graph;
    let nodes =
        || (a.tree.preorder().iter()).filter(|&&v| g.vertices.kind(v as usize) == Some("node"));
    nodes().next().is_some()
        && nodes().all(|&v| g.vertices.get(v as usize).is_none_or(|x| x.rank < 0))
}

/// The R (execution part) the graph describes: one rank per ranked node,
/// with its host name and its cores and GPUs. A graph none of whose nodes
/// has a rank ([`ranked_in_order`]) has them numbered from 0 in the
/// order of the containment tree, as Fluxion's find output is read.
pub fn to_rset(a: &IndexedGraph) -> Result<Rset, crate::rset::Error> {
    let mut r = Rset::new();
    let ranks = match ranked_in_order(a) {
        true => numbered_in_order(a),
        false => graph_ranks(a),
    };
    for (rank, res) in ranks {
        let mut children: Vec<(&str, &IdSet)> = Vec::new();
        if !res.cores.is_empty() {
            children.push(("core", &res.cores));
        }
        if !res.gpus.is_empty() {
            children.push(("gpu", &res.gpus));
        }
        r.add_rank(rank, Some(&res.host), &children)?;
    }
    Ok(r)
}

/// One way R_lite and the graph disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// R_lite has the rank; no node of the graph has it.
    RankOnlyInR(u32),
    /// A node of the graph has the rank; R_lite does not.
    RankOnlyInGraph(u32),
    /// The host name of the rank differs.
    Host {
        /// The rank.
        rank: u32,
        /// R's host name (from `nodelist`).
        r: Option<String>,
        /// The graph node's name.
        graph: String,
    },
    /// Resource ids of a type differ.
    Ids {
        /// The rank.
        rank: u32,
        /// `core` or `gpu`.
        kind: &'static str,
        /// Ids R_lite has and the graph lacks.
        only_r: IdSet,
        /// Ids the graph has and R_lite lacks.
        only_graph: IdSet,
    },
    /// A `fluxion:jgf_shorthand` graph left the rank's children out; this
    /// is expected, not a fault.
    Omitted(u32),
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difference::RankOnlyInR(r) => {
                write!(f, "rank {r} is in R_lite but no graph node has it")
            }
            Difference::RankOnlyInGraph(r) => {
                write!(f, "rank {r} is in the graph but not in R_lite")
            }
            Difference::Host { rank, r, graph } => match r {
                Some(h) => write!(
                    f,
                    "rank {rank}: host '{h}' in R, node '{graph}' in the graph"
                ),
                None => write!(f, "rank {rank}: no host in R, node '{graph}' in the graph"),
            },
            Difference::Ids {
                rank,
                kind,
                only_r,
                only_graph,
            } => {
                write!(f, "rank {rank}: {kind}")?;
                if !only_r.is_empty() {
                    write!(f, " {only_r} only in R_lite")?;
                }
                if !only_r.is_empty() && !only_graph.is_empty() {
                    f.write_str(",")?;
                }
                if !only_graph.is_empty() {
                    write!(f, " {only_graph} only in the graph")?;
                }
                Ok(())
            }
            Difference::Omitted(r) => write!(
                f,
                "rank {r}: children left out by fluxion:jgf_shorthand (not a difference)"
            ),
        }
    }
}

/// Every difference between R's execution part and the graph, by rank.
pub fn compare(r: &Rset, a: &IndexedGraph) -> Vec<Difference> {
    let graph = graph_ranks(a);
    let mut out = Vec::new();
    let mut ranks: Vec<u32> = r.nodes().map(|n| n.rank()).collect();
    ranks.extend(graph.keys().copied());
    ranks.sort_unstable();
    ranks.dedup();
    let empty = IdSet::new();
    for rank in ranks {
        let node = r.node(rank);
        let Some(g) = graph.get(&rank) else {
            out.push(Difference::RankOnlyInR(rank));
            continue;
        };
        let Some(node) = node else {
            out.push(Difference::RankOnlyInGraph(rank));
            continue;
        };
        // Without a nodelist R names no host, so there is nothing to compare.
        if node.hostname().is_some_and(|h| h != g.host) {
            out.push(Difference::Host {
                rank,
                r: node.hostname().map(str::to_string),
                graph: g.host.clone(),
            });
        }
        if a.graph.writer.is_shorthand() && g.cores.is_empty() && g.gpus.is_empty() {
            out.push(Difference::Omitted(rank));
            continue;
        }
        for (kind, have) in [("core", &g.cores), ("gpu", &g.gpus)] {
            let want = node.child(kind).unwrap_or(&empty);
            let only_r = want.difference(have);
            let only_graph = have.difference(want);
            if !only_r.is_empty() || !only_graph.is_empty() {
                out.push(Difference::Ids {
                    rank,
                    kind,
                    only_r,
                    only_graph,
                });
            }
        }
    }
    out
}
