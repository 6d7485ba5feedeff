//! Parse + validate + tree + aggregate on the largest sample (power.json,
//! 2.1 MB, 4 042 vertices) and on a generated Sierra-sized graph (4 320
//! nodes × 44 cores + 4 GPUs, 211 681 vertices).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rscope::idset::IdSet;
use rscope::jgf;
use std::time::Duration;

fn sierra() -> String {
    let mut r = rscope::rset::Rset::new();
    let cores = IdSet::from_range(0, 43);
    let gpus = IdSet::from_range(0, 3);
    for rank in 0..4320u32 {
        let host = format!("sierra{rank}");
        r.add_rank(rank, Some(&host), &[("core", &cores), ("gpu", &gpus)])
            .expect("distinct ranks");
    }
    jgf::generate::to_json(&jgf::generate::from_rset(&r))
}

fn all(text: &str) -> usize {
    let (a, d) = jgf::analyze(text);
    let a = a.expect("a graph");
    let root = a.tree.root().expect("a root");
    a.aggregate.counts(&a.tree, root).len() + d.len()
}

fn bench(c: &mut Criterion) {
    let power = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/samples/flux-sched/jgf/power.json"
    ))
    .expect("power.json");
    let sierra = sierra();
    let mut g = c.benchmark_group("jgf");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Bytes(power.len() as u64));
    g.bench_function("power.json", |b| b.iter(|| all(&power)));
    g.throughput(Throughput::Bytes(sierra.len() as u64));
    g.bench_function("sierra-generated", |b| b.iter(|| all(&sierra)));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
