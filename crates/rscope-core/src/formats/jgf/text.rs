//! The containment tree as indented text, one vertex a line with its type,
//! rank, size and the aggregated counts of what it holds:
//!
//! ```text
//! tiny0 (cluster): rack 1, node 2, socket 4, core 72, gpu 4, memory 16
//!   rack0 (rack): node 2, socket 4, core 72, gpu 4, memory 16
//!     node0 (node, rank 0): socket 2, core 36, gpu 2, memory 8
//! ```

use super::IndexedGraph;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Render the forest down to `depth` levels below the roots (all levels
/// when `None`), then the vertices outside containment and the overlay
/// edges by subsystem.
pub fn render_tree(a: &IndexedGraph, depth: Option<usize>) -> String {
    let (g, t) = (&a.graph, &a.tree);
    let mut out = String::new();
    let order = t.preorder();
    let mut i = 0;
    while let Some(&v) = order.get(i) {
        let v = v as usize;
        let d = t.depth(v);
        if depth.is_some_and(|max| d > max) {
            i = t.subtree(v).end.max(i + 1);
            continue;
        }
        i += 1;
        let Some(x) = g.vertices.get(v) else { continue };
        for _ in 0..d {
            out.push_str("  ");
        }
        let _ = write!(out, "{} ({}", x.name, x.kind);
        if x.rank >= 0 {
            let _ = write!(out, ", rank {}", x.rank);
        }
        if x.size != 1 || !x.unit.is_empty() {
            let _ = write!(out, ", size {}", x.size);
            if !x.unit.is_empty() {
                let _ = write!(out, " {}", x.unit);
            }
        }
        if x.exclusive {
            out.push_str(", exclusive");
        }
        out.push(')');
        let counts = a.aggregate.counts(t, v);
        for (k, (ty, c)) in counts.iter().enumerate() {
            out.push_str(if k == 0 { ": " } else { ", " });
            let _ = write!(out, "{ty} {c}");
        }
        out.push('\n');
    }
    let mut outside: BTreeMap<&str, usize> = BTreeMap::new();
    for (v, x) in g.vertices.iter().enumerate() {
        if !t.contains(v) {
            let sub = x.paths.first().map_or("no subsystem", |(s, _)| s);
            *outside.entry(sub).or_default() += 1;
        }
    }
    if !outside.is_empty() {
        out.push_str("outside containment:");
        for (k, (s, c)) in outside.iter().enumerate() {
            let _ = write!(out, "{} {s} {c}", if k == 0 { "" } else { "," });
        }
        out.push('\n');
    }
    let mut overlay: BTreeMap<&str, usize> = BTreeMap::new();
    for o in &t.overlay {
        *overlay.entry(o.subsystem.as_str()).or_default() += 1;
    }
    if !overlay.is_empty() {
        out.push_str("overlay edges:");
        for (k, (s, c)) in overlay.iter().enumerate() {
            let _ = write!(out, "{} {s} {c}", if k == 0 { "" } else { "," });
        }
        out.push('\n');
    }
    out
}
