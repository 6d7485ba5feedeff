//! `rscope jgf` over the Flux samples: golden outputs for every JGF-bearing
//! sample, and tree, find, check and from-r on particular samples.
//!
//! Each golden file (tests/data/jgf/) holds the `validate` output
//! (diagnostic header lines) and the `tree --depth 3` output of one sample;
//! see tests/it/golden.rs.

use crate::support::{rscope, Output};
use crate::{golden, shared};
use std::path::PathBuf;

/// Every sample that carries a JGF graph (bare or under `scheduling`).
const SAMPLES: &[&str] = &[
    "expected/find-format-rv1.json",
    "expected/t3040_expected_match1.json",
    "expected/t3040_expected_match2.json",
    "jgf/4node.rank1230.nid0123.mod.json",
    "jgf/dyn_explore.json",
    "jgf/hwloc_4core.json",
    "jgf/issue1260.json",
    "jgf/issue1284.json",
    "jgf/node-1-partial-cancel-invalid.json",
    "jgf/node-1-partial-cancel.json",
    "jgf/power.json",
    "jgf/rabbit.json",
    "jgf/tiny.json",
    "jgf/tiny_storage.json",
    "shell/cluster-local-R.json",
    "shell/combined-R.json",
    "shell/corona-jgf.json",
    "shell/node-local-R.json",
];

fn golden_path(sample: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/data/jgf")
        .join(sample.replace('/', "__").replace(".json", ".txt"))
}

fn sample(rel: &str) -> String {
    shared(&format!("samples/flux-sched/{rel}"))
        .to_str()
        .expect("utf-8 path")
        .to_string()
}

#[test]
fn golden_samples() {
    let failures: Vec<String> = SAMPLES
        .iter()
        .filter_map(|rel| golden::compare(&golden_path(rel), &golden::jgf_report(&sample(rel))))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn tree_depth_zero_prints_the_root_with_its_counts() {
    let out = rscope(
        &["jgf", "tree", "--depth", "0", &sample("jgf/tiny.json")],
        "",
    );
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "tiny0 (cluster): rack 1, node 2, socket 4, core 72, gpu 4, memory 16\n".into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn find_prints_paths_from_the_root() {
    let out = rscope(
        &["jgf", "find", "name=core35", &sample("jgf/tiny.json")],
        "",
    );
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "/tiny0/rack0/node0/socket1/core35\n/tiny0/rack0/node1/socket1/core35\n".into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn check_agrees_on_the_shell_samples_and_lists_differences() {
    let out = rscope(&["jgf", "check", &sample("shell/combined-R.json")], "");
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: String::new(),
            stderr: String::new()
        }
    );
    // R_lite says rank 0 has cores 0-1; the graph (from corona) has core 0 on ranks 0 and 1.
    let graph = std::fs::read_to_string(sample("shell/corona-jgf.json")).unwrap();
    let doc = format!(
        r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "0-1"}}}}], "nodelist": ["corona116"]}}, "scheduling": {}}}"#,
        graph.trim()
    );
    let out = rscope(&["jgf", "check"], &doc);
    assert_eq!(
        out,
        Output {
            status: 1,
            stdout: "rank 0: core 1 only in R_lite\nrank 1 is in the graph but not in R_lite\n"
                .into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn from_r_generates_a_tree_for_a_plain_r() {
    // This R names both ranks 'node' (nodelist ["node", "node"]).
    let gen = rscope(
        &[
            "jgf",
            "from-r",
            &sample("rv1exec/tiny_rv1exec_2-1_split.json"),
        ],
        "",
    );
    assert_eq!(gen.status, 0, "{}", gen.stderr);
    let tree = rscope(&["jgf", "tree"], &gen.stdout);
    assert_eq!(
        tree.stdout,
        "cluster0 (cluster): node 2, core 16, gpu 4\n  node (node, rank 0): core 8, gpu 2\n    core0 (core, rank 0)\n    core1 (core, rank 0)\n    core2 (core, rank 0)\n    core3 (core, rank 0)\n    core4 (core, rank 0)\n    core5 (core, rank 0)\n    core6 (core, rank 0)\n    core7 (core, rank 0)\n    gpu0 (gpu, rank 0)\n    gpu1 (gpu, rank 0)\n  node (node, rank 1): core 8, gpu 2\n    core8 (core, rank 1)\n    core9 (core, rank 1)\n    core10 (core, rank 1)\n    core11 (core, rank 1)\n    core12 (core, rank 1)\n    core13 (core, rank 1)\n    core14 (core, rank 1)\n    core15 (core, rank 1)\n    gpu2 (gpu, rank 1)\n    gpu3 (gpu, rank 1)\n"
    );
}
