//! Benchmarks for the page's timeline of a resource eventlog (issue 49):
//! what the analysis worker does when a log is opened and at each step
//! of the slider, and what the page's thread does with the answer.
//!
//! `cargo bench --bench timeline` (add `-- --measurement-time 2` for a
//! quick run). The input is the year of a 16 384-node system that
//! `scripts/gen-resource-eventlog.py --seed 1 --events 100000` writes (the
//! page benchmark's log), made once into `target/`.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::{criterion_group, Criterion};
    use rscope_core::analysis::timeline::{
        read_figure_part, timeline_from_all_parts, timeline_from_parts, timeline_parts, ReadLogs,
    };
    use std::hint::black_box;
    use std::path::PathBuf;
    use std::process::Command;

    /// How many events the generated log holds: 100 000, or
    /// `RSCOPE_BENCH_EVENTS` (the page benchmark's other size is 1 000 000).
    fn events() -> String {
        std::env::var("RSCOPE_BENCH_EVENTS").unwrap_or_else(|_| "100000".into())
    }

    /// The generated log's text, made by the project's generator once.
    fn generated_log() -> String {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let path = root.join(format!("target/bench-resource-eventlog-{}.jsonl", events()));
        if !path.exists() {
            let out = Command::new("python3")
                .arg(root.join("scripts/gen-resource-eventlog.py"))
                .args(["--seed", "1", "--events", &events()])
                .output()
                .expect("run python3 scripts/gen-resource-eventlog.py");
            assert!(out.status.success(), "the generator failed");
            std::fs::write(&path, out.stdout).expect("write the generated log");
        }
        std::fs::read_to_string(&path).expect("read the generated log")
    }

    /// Opening the log, one step of the slider in the worker, and the
    /// step's answer read on the page's thread.
    pub fn timeline(c: &mut Criterion) {
        let text = generated_log();
        let mut g = c.benchmark_group(format!("timeline/{}-events", events()));
        g.sample_size(10);
        g.bench_function("open (read, keep states, chart, figures)", |b| {
            b.iter(|| {
                timeline_parts(
                    &mut ReadLogs::default(),
                    1,
                    Some(black_box(&text)),
                    None,
                    true,
                )
            })
        });
        let mut logs = ReadLogs::default();
        let first = timeline_parts(&mut logs, 1, Some(&text), None, true);
        g.bench_function("open answer's first parts read (page)", |b| {
            b.iter(|| timeline_from_parts(black_box(&first[0]), Some(&first[1])))
        });
        g.bench_function("open answer's longest table part read (page)", |b| {
            // A table's first part reads alone; a part of more rows needs it.
            let tables = first
                .iter()
                .skip(2)
                .filter(|p| read_figure_part(&mut Vec::new(), p));
            let longest = tables.max_by_key(|p| p.len()).unwrap();
            b.iter(|| read_figure_part(&mut Vec::new(), black_box(longest)))
        });
        let moments = timeline_from_all_parts(&first)
            .unwrap()
            .timeline
            .unwrap()
            .moments;
        let mid = moments[moments.len() / 2];
        g.bench_function("step (worker)", |b| {
            b.iter(|| timeline_parts(&mut logs, 1, None, Some(black_box(mid)), false))
        });
        let step = timeline_parts(&mut logs, 1, None, Some(mid), false);
        g.bench_function("step answer read (page)", |b| {
            b.iter(|| timeline_from_parts(black_box(&step[0]), None))
        });
        g.finish();
    }

    criterion_group!(benches, timeline);
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
