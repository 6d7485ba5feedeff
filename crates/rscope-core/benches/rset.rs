//! R at scale: a busy cluster's R with one R_lite entry per node, each
//! holding its own scattered cores (of 128) and GPUs (of 8) — the input on
//! which flux-core's librlist grows faster than linearly. The same shape as
//! `scripts/gen-fragmented-r.py`, generated here with a fixed seed.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rscope_core::rset::{self, Rset};
use std::hint::black_box;

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn idset(ids: &[u32]) -> String {
    ids.iter()
        .copied()
        .collect::<rscope_core::idset::IdSet>()
        .to_string()
}

/// A fragmented R of `n` ranks as JSON text.
fn fragmented(n: u32, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut entries = Vec::with_capacity(n as usize);
    for rank in 0..n {
        let cores: Vec<u32> = (0..128).filter(|_| rng.next() % 2 == 0).collect();
        let gpus: Vec<u32> = (0..8).filter(|_| rng.next() % 2 == 0).collect();
        let mut children = format!(
            "\"core\":\"{}\"",
            if cores.is_empty() {
                "0".into()
            } else {
                idset(&cores)
            }
        );
        if !gpus.is_empty() {
            children.push_str(&format!(",\"gpu\":\"{}\"", idset(&gpus)));
        }
        entries.push(format!(
            "{{\"rank\":\"{rank}\",\"children\":{{{children}}}}}"
        ));
    }
    format!(
        "{{\"version\":1,\"execution\":{{\"R_lite\":[{}],\"starttime\":0,\"expiration\":0,\"nodelist\":[\"node[0-{}]\"]}}}}",
        entries.join(","),
        n - 1
    )
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("rset");
    g.sample_size(10);
    // 4x steps, to check that the time grows linearly with the ranks.
    for n in [4096u32, 16384, 65536] {
        let a_text = fragmented(n, 1);
        let b_text = fragmented(n, 2);
        let a: Rset = a_text.parse().unwrap();
        let b: Rset = b_text.parse().unwrap();
        g.bench_with_input(BenchmarkId::new("json", n), &a_text, |bch, t| {
            bch.iter(|| rscope_core::json::parse(black_box(t)).map(|_| ()))
        });
        g.bench_with_input(BenchmarkId::new("parse", n), &a_text, |bch, t| {
            bch.iter(|| rset::load(black_box(t)).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("validate", n), &a_text, |bch, t| {
            bch.iter(|| rset::parse(black_box(t)).diagnostics.len())
        });
        g.bench_with_input(BenchmarkId::new("diff", n), &(&a, &b), |bch, (a, b)| {
            bch.iter(|| a.diff(black_box(b)).unwrap())
        });
        g.bench_with_input(
            BenchmarkId::new("intersect", n),
            &(&a, &b),
            |bch, (a, b)| bch.iter(|| a.intersect(black_box(b))),
        );
        g.bench_with_input(BenchmarkId::new("encode", n), &a, |bch, a| {
            bch.iter(|| black_box(a).encode())
        });
        g.bench_with_input(BenchmarkId::new("short_form", n), &a, |bch, a| {
            bch.iter(|| black_box(a).short_form())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
