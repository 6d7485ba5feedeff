//! Expanding a 10 000-vertex shape, printing it as the reference does, and
//! writing it back.

use criterion::{criterion_group, criterion_main, Criterion};
use rscope::shape::{format::format_exact, parse, Options};
use std::hint::black_box;

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
}

criterion_group!(benches, bench);
criterion_main!(benches);
