//! Expanding a 10 000-vertex shape, printing it as the reference does, and
//! writing it back; fitting a 1 000-node request into a fragmented
//! 16 384-node R.

use criterion::{criterion_group, criterion_main, Criterion};
use rscope_core::fit::{fit, Policy, Request, Verdict};
use rscope_core::idset::IdSet;
use rscope_core::rset::Rset;
use rscope_core::shape::{format::format_exact, parse, Options};
use std::hint::black_box;

/// 16 384 ranks, each holding a random half of 128 cores and 8 GPUs, as a
/// busy cluster's free resources look (the R issue's fragmented R).
fn fragmented() -> Rset {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut coin = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state & 1 == 1
    };
    let mut r = Rset::new();
    for rank in 0..16_384u32 {
        let cores: IdSet = (0..128).filter(|_| coin()).collect();
        let gpus: IdSet = (0..8).filter(|_| coin()).collect();
        let host = format!("node{rank}");
        r.add_rank(rank, Some(&host), &[("core", &cores), ("gpu", &gpus)])
            .expect("distinct ranks");
    }
    r
}

/// 100 racks of 33 nodes, each node with cores and GPUs: 10 000 vertices.
fn big_shape() -> String {
    let node = "node=2{-x,unit:'box'}/[core=4+;gpu=1-2{unit:GB}]";
    let rack = format!("rack{{x}}/[{}]", vec![node; 33].join(";"));
    format!("[{}]", vec![rack; 100].join(";"))
}

fn bench(c: &mut Criterion) {
    let text = big_shape();
    let options = Options::default();
    let expansion = parse(&text, &options).expect("the bench shape expands");
    assert_eq!(
        expansion.to_python_json(false).matches("\"type\"").count(),
        10_000
    );
    let list = expansion.to_json(false);
    let mut g = c.benchmark_group("shape 10k vertices");
    g.bench_function("expand", |b| {
        b.iter(|| parse(black_box(&text), &options).unwrap())
    });
    g.bench_function("json.dumps", |b| {
        b.iter(|| black_box(&expansion).to_python_json(false))
    });
    g.bench_function("yaml.dump", |b| {
        b.iter(|| black_box(&expansion).to_yaml(false))
    });
    g.bench_function("check", |b| b.iter(|| black_box(&expansion).check()));
    g.bench_function("format", |b| {
        b.iter(|| format_exact(black_box(&list), &options).unwrap())
    });
    g.finish();

    let r = fragmented();
    let mut g = c.benchmark_group("fit into 16k fragmented nodes");
    for (name, shape) in [
        (
            "node=1000/slot=4/[core=8;gpu=1]",
            "node=1000/slot=4/[core=8;gpu=1]",
        ),
        ("slot=1000/core=16", "slot=1000/core=16"),
        ("node=1000{x} (never)", "node=1000{x}/slot/core=128"),
    ] {
        let e = parse(shape, &options).expect("bench shapes expand");
        let request = Request::from_resources(&e.to_json(false)).expect("placeable");
        for policy in [Policy::Worst, Policy::Best] {
            match fit(&request, &r, None, policy) {
                Verdict::Fits { alloc, .. } => assert!(alloc.len() <= 1000),
                Verdict::Never { .. } => assert!(shape.contains("{x}")),
                Verdict::Later { .. } => unreachable!("nothing is busy"),
            }
            g.bench_function(format!("{name} {policy}"), |b| {
                b.iter(|| fit(black_box(&request), &r, None, policy))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
