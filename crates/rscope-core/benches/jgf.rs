//! Parse + validate + tree + aggregate on two generated graphs: one written
//! as Fluxion writes a power-aware cluster (4 racks × 18 nodes, sockets,
//! cores, GPUs, memory, a PDU per rack feeding its nodes through `power`
//! edges; 3 537 vertices, about as large as flux-sched's power.json), and
//! a Sierra-sized one from R (4 320 nodes × 44 cores + 4 GPUs, 211 681
//! vertices). When the corpus is beside the clone, flux-sched's power.json
//! itself is measured too.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rscope_core::idset::IdSet;
use rscope_core::jgf;
use std::time::Duration;

fn sierra() -> String {
    let mut r = rscope_core::rset::Rset::new();
    let cores = IdSet::from_range(0, 43);
    let gpus = IdSet::from_range(0, 3);
    for rank in 0..4320u32 {
        let host = format!("sierra{rank}");
        r.add_rank(rank, Some(&host), &[("core", &cores), ("gpu", &gpus)])
            .expect("distinct ranks");
    }
    jgf::generate::to_json(&jgf::generate::from_rset(&r))
}

/// Vertices and edges of a JGF document, written as Fluxion writes them.
#[derive(Default)]
struct Writer {
    nodes: Vec<String>,
    edges: Vec<String>,
}

impl Writer {
    /// Add a vertex; returns its id.
    fn vertex(&mut self, kind: &str, id: usize, rank: i64, path: &str) -> usize {
        let vid = self.nodes.len();
        let (size, unit) = if kind == "memory" { (2, "GB") } else { (1, "") };
        self.nodes.push(format!(
            r#"{{"id": "{vid}", "metadata": {{"type": "{kind}", "basename": "{kind}", "name": "{kind}{id}", "id": {id}, "uniq_id": {vid}, "rank": {rank}, "exclusive": false, "unit": "{unit}", "size": {size}, "paths": {{"containment": "{path}"}}}}}}"#
        ));
        vid
    }

    fn edge(&mut self, source: usize, target: usize, subsystem: &str) {
        self.edges.push(format!(
            r#"{{"source": "{source}", "target": "{target}", "metadata": {{"subsystem": "{subsystem}"}}}}"#
        ));
    }

    /// A child of `parent` (at `path`) in the containment subsystem.
    fn child(
        &mut self,
        parent: usize,
        path: &str,
        kind: &str,
        id: usize,
        rank: i64,
    ) -> (usize, String) {
        let path = format!("{path}/{kind}{id}");
        let v = self.vertex(kind, id, rank, &path);
        self.edge(parent, v, "containment");
        (v, path)
    }

    fn finish(self) -> String {
        format!(
            "{{\"graph\": {{\"nodes\": [\n{}\n], \"edges\": [\n{}\n]}}}}\n",
            self.nodes.join(",\n"),
            self.edges.join(",\n")
        )
    }
}

/// A power-aware cluster in the style of flux-sched's power.json.
fn power_cluster() -> String {
    let mut w = Writer::default();
    let root = w.vertex("cluster", 0, -1, "/power0");
    let mut node_id = 0;
    for rack in 0..4 {
        let (r, rpath) = w.child(root, "/power0", "rack", rack, -1);
        let (pdu, _) = w.child(r, &rpath, "pdu", rack, -1);
        for _ in 0..18 {
            let rank = node_id as i64;
            let (n, npath) = w.child(r, &rpath, "node", node_id, rank);
            w.edge(pdu, n, "power");
            for socket in 0..2 {
                let (s, spath) = w.child(n, &npath, "socket", socket, rank);
                for core in 0..18 {
                    w.child(s, &spath, "core", socket * 18 + core, rank);
                }
                w.child(s, &spath, "gpu", socket, rank);
                for memory in 0..4 {
                    w.child(s, &spath, "memory", socket * 4 + memory, rank);
                }
            }
            node_id += 1;
        }
    }
    w.finish()
}

fn all(text: &str) -> usize {
    let (a, d) = jgf::read_indexed(text);
    let a = a.expect("a graph");
    let root = a.tree.root().expect("a root");
    a.aggregate.counts(&a.tree, root).len() + d.len()
}

fn bench(c: &mut Criterion) {
    let power = power_cluster();
    // Measure what Fluxion's graph measures: a clean read, every vertex in
    // the tree, the power edges kept as an overlay.
    let (a, d) = jgf::read_indexed(&power);
    let a = a.expect("a graph");
    let root = a.tree.root().expect("a root");
    assert_eq!(
        a.aggregate.counts(&a.tree, root),
        [
            ("rack", 4),
            ("node", 72),
            ("socket", 144),
            ("core", 2592),
            ("gpu", 144),
            ("memory", 576),
            ("pdu", 4)
        ]
    );
    assert!(
        d.iter()
            .all(|d| d.severity != rscope_core::diag::Severity::Error),
        "{d:?}"
    );
    let mut inputs = vec![("power-generated", power), ("sierra-generated", sierra())];
    let corpus = concat!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../.."),
        "/../shared/samples/flux-sched/jgf/power.json"
    );
    if let Ok(power) = std::fs::read_to_string(corpus) {
        inputs.insert(0, ("power.json", power));
    }
    let mut g = c.benchmark_group("jgf");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for (name, text) in &inputs {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(*name, |b| b.iter(|| all(text)));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
