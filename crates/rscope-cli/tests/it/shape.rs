//! `rscope shape`: the reference parser's command-line cases (flux-core
//! t/t2900-python-shape-parser.t), with their expected output verbatim.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};

/// Run `rscope shape ARGS`; expect exit status and standard output.
fn check(args: &[&str], status: i32, stdout: &str) -> Output {
    let mut full = vec!["shape"];
    full.extend_from_slice(args);
    let out = rscope(&full, "");
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (status, stdout),
        "args {args:?}, stderr {}",
        out.stderr
    );
    out
}

#[test]
fn reference_cases() {
    check(&[], 0, "");
    check(&["--", "slot=4/node=[2]"], 0, "[{\"type\": \"slot\", \"count\": 4, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 2}]}]\n");
    check(&["--", "slot{task,foo:bar}/node{}"], 0, "[{\"type\": \"slot\", \"count\": 1, \"label\": \"task\", \"foo\": \"bar\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--", "slot/node"], 0, "[{\"type\": \"slot\", \"count\": 1, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--", "slot=2+/node"], 0, "[{\"type\": \"slot\", \"count\": \"2+\", \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--", "node{-x}/core=4"], 0, "[{\"type\": \"node\", \"count\": 1, \"exclusive\": false, \"with\": [{\"type\": \"core\", \"count\": 4}]}]\n");
    check(&["--", "node/socket=2/core=4"], 0, "[{\"type\": \"node\", \"count\": 1, \"with\": [{\"type\": \"socket\", \"count\": 2, \"with\": [{\"type\": \"core\", \"count\": 4}]}]}]\n");
    check(
        &["--yaml", "--", "slot=4/node"],
        0,
        "- type: slot\n  count: 4\n  label: task\n  with:\n  - type: node\n    count: 1\n\n",
    );
    check(&["--wrapresources", "--", "slot=4/node"], 0, "{\"resources\": [{\"type\": \"slot\", \"count\": 4, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]}\n");
    check(&["--label=mytask", "--", "slot/node"], 0, "[{\"type\": \"slot\", \"count\": 1, \"label\": \"mytask\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--rangedict", "--", "slot=3-30/node"], 0, "[{\"type\": \"slot\", \"count\": {\"min\": 3, \"max\": 30, \"operand\": 1, \"operator\": \"+\"}, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--rangedict", "--", "slot=3-30:2:+/node"], 0, "[{\"type\": \"slot\", \"count\": {\"min\": 3, \"max\": 30, \"operand\": 2, \"operator\": \"+\"}, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(&["--rangedict", "--", "slot=3+:2/node"], 0, "[{\"type\": \"slot\", \"count\": {\"min\": 3, \"max\": Infinity, \"operand\": 2, \"operator\": \"+\"}, \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    check(
        &["--", "node{int:42,float:3.14,sci:1e5}"],
        0,
        "[{\"type\": \"node\", \"count\": 1, \"int\": 42, \"float\": 3.14, \"sci\": 100000.0}]\n",
    );
    // Short options and several words joined by spaces, as argparse does.
    check(&["-y", "-w", "-l", "x", "slot=2", "/", "node"], 0, "resources:\n- type: slot\n  count: 2\n  label: x\n  with:\n  - type: node\n    count: 1\n\n");
}

/// Run `rscope shape -- SHAPE`; expect exit 1 and exactly `stderr`.
fn check_error(shape: &str, stderr: &str) {
    let out = check(&["--", shape], 1, "");
    assert_eq!(out.stderr, stderr, "shape {shape:?}");
}

#[test]
fn errors_point_at_the_token() {
    check_error(
        "slot/\"blahblahblah",
        "rscope: unclosed quote '\"' at column 6\n  slot/\"blahblahblah\n       ^\n",
    );
    check_error("slot/node=;", "rscope: unexpected ';', expected end of input at column 11\n  slot/node=;\n            ^\n");
    check_error(
        "slot/node=a",
        "rscope: illegal character 'a' at column 11\n  slot/node=a\n            ^\n",
    );
    check_error(
        "slot/",
        "rscope: missing resource after '/' at column 6\n  slot/\n       ^\n",
    );
    check_error(
        "slot=2{blah",
        "rscope: unclosed brace '{' at column 7\n  slot=2{blah\n        ^\n",
    );
    check_error(
        "slot=2{bla}}",
        "rscope: unmatched brace '}' at column 12\n  slot=2{bla}}\n             ^\n",
    );
    check_error("node/[slot=10/core]]]", "rscope: unmatched bracket ']' at column 20\n  node/[slot=10/core]]]\n                     ^\n");
    check_error("[slot=2/node;slot=3/node]", "rscope: multiple slots require labels: this slot has none at column 14\n  [slot=2/node;slot=3/node]\n               ^^^^\n");
    check_error(
        "é=x",
        "rscope: illegal character 'x' at column 4\n  é=x\n    ^\n",
    );
}

#[test]
fn rfc14_findings_warn_or_fail() {
    let out = check(&["--", "slot=30-3/node"], 0, "[{\"type\": \"slot\", \"count\": \"30-3\", \"label\": \"task\", \"with\": [{\"type\": \"node\", \"count\": 1}]}]\n");
    let finding = "rfc 14 error: count '30-3' is not a valid range: max 3 is less than min 30 at column 6\n  slot=30-3/node\n       ^^^^\n";
    assert_eq!(out.stderr, format!("rscope: {finding}"));
    let out = check(&["--strict", "--", "slot=30-3/node"], 1, "");
    assert_eq!(out.stderr, format!("rscope: {finding}"));
    let out = check(
        &["--strict", "--", "node{foo}"],
        0,
        "[{\"type\": \"node\", \"count\": 1, \"foo\": true}]\n",
    );
    assert_eq!(out.stderr, "rscope: rfc 14 warning: key 'foo' is not defined by RFC 14 at column 6\n  node{foo}\n       ^^^\n");
}

#[test]
fn format_writes_jobspecs_as_shapes() {
    let path = |name: &str| fixture(&format!("shape/{name}"));
    check(
        &[
            "--label",
            "default",
            "--format",
            &path("nodes-in-a-range.yaml"),
        ],
        0,
        "slot=2-16:2:*/node\n",
    );
    check(
        &["--format", &path("nodes-in-a-range.yaml")],
        0,
        "slot=2-16:2:*{default}/node\n",
    );
    check(
        &["--format", &path("two-kinds-of-slot.yaml")],
        0,
        "node/[slot=4{worker}/[core=2;gpu];slot{leader}/[core;memory=8{unit:GB}]]\n",
    );
    let out = rscope(
        &["shape", "--format", "-"],
        r#"{"resources": [{"type": "node", "count": {"min": 2, "max": 8, "operand": 2, "operator": "*"}, "exclusive": true}]}"#,
    );
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (0, "node=2-8:2:*{x}\n", "")
    );
    let out = rscope(&["shape", "--format", "-"], "[]");
    assert_eq!((out.status, out.stderr.as_str()), (1, "rscope: rfc 14 error: resources must list at least one vertex at /\nrscope: an empty list cannot be written as a shape at /\n"));
    let out = rscope(&["shape", "--format", "-"], "version: 1\n");
    assert_eq!(
        (out.status, out.stderr.as_str()),
        (1, "rscope: the document has no 'resources' key\n")
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = rscope(&["shape", "--bogus"], "");
    assert_eq!(out.status, 2);
    let out = rscope(&["shape", "--format", "x", "--", "node"], "");
    assert_eq!(out.status, 2);
}

/// Run `rscope fit ARGS`; expect exit status, standard output and error.
fn fit(args: &[&str], status: i32, stdout: &str, stderr: &str) {
    let mut full = vec!["fit"];
    full.extend_from_slice(args);
    let out = rscope(&full, "");
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (status, stdout, stderr),
        "args {args:?}"
    );
}

#[test]
fn fit_notes_how_flux_core_reads_a_slot_of_nodes() {
    let busy = fixture("status/busy.json");
    fit(
        &["slot=2/node/core=2", &busy],
        0,
        "fits now: 2 slots on 2 nodes\nrank2/core[0-7] rank5/core[0-3],gpu[0-1]\n",
        "note: each slot takes 1 whole node here, as RFC 14 reads a slot of nodes; \
         flux-core's scheduler reads it as 2 nodes with 2 slots of 2 cores on each (8 cores)\n",
    );
}

#[test]
fn fit_answers_now_later_never() {
    let busy = fixture("status/busy.json");
    // Ranks 0-1 have cores 4-7 allocated, rank 4 is wholly allocated and
    // rank 3 is down.
    fit(
        &["node=2/slot/core=2", &busy],
        0,
        "fits now: 2 slots on 2 nodes\nrank[2,5]/core[0-1]\n",
        "",
    );
    fit(
        &["--policy", "first", "node=2/slot/core=2", &busy],
        0,
        "fits now: 2 slots on 2 nodes\nrank[0-1]/core[0-1]\n",
        "",
    );
    fit(
        &["node=3{x}", &busy],
        3,
        "not now: node: need 3 nodes wholly free, 2 are; the whole R would hold it\n",
        "",
    );
    fit(
        &["node=7", &busy],
        4,
        "never: node: need 7 nodes wholly free, 6 are\n",
        "",
    );
    fit(
        &["slot=1+/core=4", &busy],
        0,
        "fits now: 5 slots on 4 nodes\nrank[0-1,5]/core[0-3] rank2/core[0-7]\n",
        "",
    );
    fit(
        &["--requires", "gpu", "node=2/slot/gpu=2", &busy],
        3,
        "not now: node: need 2 nodes with 2 free GPUs, 1 is; the whole R would hold it\n",
        "",
    );
    fit(
        &[
            "--requires",
            r#"{"hostlist": ["w[1-2]"]}"#,
            "node=1+/slot/core",
            &busy,
        ],
        0,
        "fits now: 2 slots on 2 nodes\nrank[1-2]/core0\n",
        "",
    );
    let r = fixture("r/gpu-cluster.json");
    fit(
        &["node=2/slot=2/[core=4;gpu=1]", &r],
        0,
        "fits now: 4 slots on 2 nodes\nrank[4-5]/core[0-7],gpu[0-1]\n",
        "",
    );
    fit(&["node/socket=2/core", &r], 1, "", "rscope: resource type 'socket': placing it needs a graph-aware scheduler (such as Fluxion)\n");
    fit(
        &["node{", &r],
        1,
        "",
        "rscope: unclosed brace '{' at column 5\n",
    );
    let out = rscope(&["fit", "--policy", "most", "node", &r], "");
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .contains("unknown policy 'most' (worst, first or best)"),
        "{}",
        out.stderr
    );
}

#[test]
fn fit_r_prints_the_allocation_as_an_r_document() {
    let busy = fixture("status/busy.json");
    fit(
        &["--r", "--policy", "first", "node=2/slot/core=2", &busy],
        0,
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-1\", \"children\": {\"core\": \"0-1\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"w[0-1]\"]}}\n",
        "",
    );
    // Without an allocation there is no R: the verdict is printed as usual.
    fit(
        &["--r", "node=7", &busy],
        4,
        "never: node: need 7 nodes wholly free, 6 are\n",
        "",
    );
}

#[test]
fn fit_queue_plays_the_shapes_one_after_another() {
    let busy = fixture("status/busy.json");
    let queue = fixture("shape/queue.txt");
    fit(
        &["--queue", &queue, &busy],
        3,
        "job 1 node=2/slot/core=2: fits now: 2 nodes, w[2,5], 4 cores: rank[2,5]/core[0-1]\n\
         job 2 slot=2/core=4: fits now: 2 nodes, w[0,2], 8 cores: rank0/core[0-3] rank2/core[2-5]\n\
         job 3 slot/gpu=4: never: each slot needs on one node 4 GPUs and the largest has 2\n\
         job 4 node=1: not now: 0 of 1 nodes free\n\
         job 5 slot/core=1: waiting\n\
         free cores per node: 4 on 1 node, 2 on 2 nodes, 0 on 3 nodes\n\
         free GPUs per node: 2 on 1 node, 0 on 5 nodes\n\
         largest that still fits: slot/core=4 (the most free cores on one node: 4)\n\
         largest that still fits: node=3/core=2 (6 cores, the most a request for the same cores on each node gets)\n",
        "",
    );
    fit(
        &["--policy", "first", "--queue", &queue, "--r", &busy],
        4,
        "{\"all\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-3\", \"children\": {\"core\": \"0-7\"}}, {\"rank\": \"4-5\", \"children\": {\"gpu\": \"0-1\", \"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"w[0-5]\"], \"properties\": {\"gpu\": \"4-5\", \"ssd\": \"0-1,4\"}}}, \
         \"allocated\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"core\": \"0-2,4-7\"}}, {\"rank\": \"1\", \"children\": {\"core\": \"0-1,4-7\"}}, {\"rank\": \"2\", \"children\": {\"core\": \"0-7\"}}, {\"rank\": \"4-5\", \"children\": {\"gpu\": \"0-1\", \"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"w[0-2,4-5]\"]}}, \
         \"down\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"3\", \"children\": {\"core\": \"0-7\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"w3\"]}}}\n",
        "",
    );
    fit(
        &["--queue", &queue, "node", &busy],
        1,
        "",
        "rscope: with --queue, give only the R (the shapes are in the queue file)\n",
    );
    let bad = fixture("shape/queue-bad.txt");
    fit(
        &["--queue", &bad, &busy],
        1,
        "",
        &format!("rscope: {bad}:2: unclosed brace '{{' at column 5\n"),
    );
}
