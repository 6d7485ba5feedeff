//! Benchmarks for the text formats: RFC 22 id sets and RFC 29 host lists.
//!
//! `cargo bench --bench formats` (add `-- --measurement-time 2` for a
//! quick run). Inputs are built here, deterministically:
//!
//! - an id set of 100 000 ranges (`0,3-4,6,9-10,…`);
//! - a host list of 16 384 hosts that compresses badly: a `node` range
//!   with a gap every fifth host, zero-padded `gpu` hosts, hosts with a
//!   suffix after the brackets (stored one by one), and 64 small `rNn[…]`
//!   racks; and the same hosts in a scrambled order for sort and uniq.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, BenchmarkId, Criterion, Throughput};
    use rscope_core::hostlist::Hostlist;
    use rscope_core::idset::IdSet;
    use std::hint::black_box;

    /// `0,3-4,6,9-10,…`: `n` ranges, alternately one and two ids.
    pub fn idset_text(n: u32) -> String {
        let parts: Vec<String> = (0..n)
            .map(|i| {
                let lo = i * 3;
                if i % 2 == 0 {
                    lo.to_string()
                } else {
                    format!("{lo}-{}", lo + 1)
                }
            })
            .collect();
        parts.join(",")
    }

    /// 16 384 host names in list order.
    pub fn host_names() -> Vec<String> {
        let mut names = Vec::with_capacity(16384);
        // 12 288 `node` hosts, skipping every fifth number.
        names.extend(
            (0u32..)
                .filter(|i| i % 5 != 4)
                .take(12288)
                .map(|i| format!("node{i}")),
        );
        names.extend((0..2048).map(|i| format!("gpu{i:04}")));
        names.extend((0..1024).map(|i| format!("ib{i}-eth0")));
        names.extend((0..1024).map(|i| format!("r{}n{}", i / 16, i % 16)));
        names
    }

    /// The same names in a fixed scrambled order (a multiplicative
    /// permutation of the indices), with every 16th name repeated.
    pub fn scrambled(names: &[String]) -> Vec<String> {
        let n = names.len();
        let mut out: Vec<String> = (0..n).map(|i| names[(i * 7919) % n].clone()).collect();
        out.extend(names.iter().step_by(16).cloned());
        out
    }

    fn idsets(c: &mut Criterion) {
        let text = idset_text(100_000);
        let set = IdSet::parse(&text).expect("valid idset");
        assert_eq!(set.range_count(), 100_000);
        let mut g = c.benchmark_group("idset_100k_ranges");
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function("parse", |b| b.iter(|| IdSet::parse(black_box(&text))));
        g.bench_function("decode", |b| b.iter(|| IdSet::decode(black_box(&text))));
        g.bench_function("encode", |b| b.iter(|| black_box(&set).to_string()));
        g.bench_function("parse_encode", |b| {
            b.iter(|| IdSet::parse(black_box(&text)).map(|s| s.to_string()))
        });
        g.finish();
    }

    fn hostlists(c: &mut Criterion) {
        let names = host_names();
        let hl: Hostlist = names.iter().map(String::as_str).collect();
        assert_eq!(hl.len(), 16384);
        let text = hl.to_string();
        let mixed: Hostlist = scrambled(&names).iter().map(String::as_str).collect();
        let mixed_text = mixed.to_string();

        let mut g = c.benchmark_group("hostlist_16k_hosts");
        g.throughput(Throughput::Elements(hl.len()));
        for (label, t) in [("ordered", &text), ("scrambled", &mixed_text)] {
            g.bench_with_input(BenchmarkId::new("parse", label), t, |b, t| {
                b.iter(|| Hostlist::parse(black_box(t)))
            });
            g.bench_with_input(BenchmarkId::new("parse_encode", label), t, |b, t| {
                b.iter(|| Hostlist::parse(black_box(t)).map(|h| h.to_string()))
            });
        }
        g.bench_function("encode/ordered", |b| b.iter(|| black_box(&hl).to_string()));
        g.bench_function("sort/scrambled", |b| {
            b.iter(|| {
                let mut h = mixed.clone();
                h.sort();
                h
            })
        });
        g.bench_function("uniq/scrambled", |b| {
            b.iter(|| {
                let mut h = mixed.clone();
                h.uniq();
                h
            })
        });
        g.bench_function("find/last", |b| b.iter(|| hl.find(black_box("r63n15"))));
        let half: Hostlist = names.iter().step_by(2).map(String::as_str).collect();
        g.bench_function("intersect/half", |b| {
            b.iter(|| hl.intersect(black_box(&half)))
        });
        g.finish();
    }

    criterion_group!(benches, idsets, hostlists);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
}

#[cfg(target_arch = "wasm32")]
fn main() {}
