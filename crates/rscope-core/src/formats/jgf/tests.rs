//! Table tests: one small graph per finding, with the exact message, the
//! text under the span and the JSON pointer; then queries, consistency
//! with R_lite and the generate → R_lite round trip.

use super::*;
use crate::diag::Severity::{self, Error as E, Note as N, Warning as W};

/// A vertex with every RFC 40 key, so that only the finding under test
/// shows up.
fn v(id: &str, kind: &str, name: &str, path: &str) -> String {
    format!(
        r#"{{"id": "{id}", "metadata": {{"type": "{kind}", "uuid": "u{id}", "basename": "{kind}", "name": "{name}", "id": 0, "properties": {{}}, "size": 1, "unit": "", "paths": {{"containment": "{path}"}}}}}}"#
    )
}

fn e(s: &str, t: &str) -> String {
    format!(
        r#"{{"source": "{s}", "target": "{t}", "metadata": {{"subsystem": "containment", "relationship": "contains"}}}}"#
    )
}

fn doc(nodes: &[String], edges: &[String]) -> String {
    format!(
        "{{\"graph\": {{\"nodes\": [{}], \"edges\": [{}]}}}}",
        nodes.join(", "),
        edges.join(", ")
    )
}

fn check(text: &str, expect: &[(Severity, &str, &str, &str)]) {
    let got: Vec<(Severity, String, String, String)> = validate(text)
        .into_iter()
        .map(|d| {
            (
                d.severity,
                d.message,
                text.get(d.span.clone()).unwrap_or("<bad span>").to_string(),
                d.pointer,
            )
        })
        .collect();
    let want: Vec<(Severity, String, String, String)> = expect
        .iter()
        .map(|(s, m, t, p)| (*s, m.to_string(), t.to_string(), p.to_string()))
        .collect();
    assert_eq!(got, want, "input {text}");
}

fn base() -> Vec<String> {
    vec![
        v("0", "cluster", "c0", "/c0"),
        v("1", "node", "n0", "/c0/n0"),
        v("2", "core", "core0", "/c0/n0/core0"),
    ]
}

#[test]
fn a_clean_graph_has_no_findings() {
    check(&doc(&base(), &[e("0", "1"), e("1", "2")]), &[]);
}

#[test]
fn duplicate_vertex_ids() {
    let mut n = base();
    n.push(v("2", "core", "core1", "/c0/n0/core1"));
    check(
        &doc(&n, &[e("0", "1"), e("1", "2")]),
        &[
            (
                E,
                "duplicate vertex id '2' (first at /graph/nodes/2)",
                "\"2\"",
                "/graph/nodes/3/id",
            ),
            // Edges reach only the first '2'; the second stays in the tree by its path.
            (
                N,
                "vertex '2' (core1) has no containment edge; it is placed by its paths.containment",
                "\"/c0/n0/core1\"",
                "/graph/nodes/3/metadata/paths/containment",
            ),
        ],
    );
}

#[test]
fn edges_naming_missing_vertices() {
    check(
        &doc(
            &base(),
            &[e("0", "1"), e("1", "2"), e("7", "2"), e("1", "8")],
        ),
        &[
            (
                E,
                "edge source '7' names no vertex",
                "\"7\"",
                "/graph/edges/2/source",
            ),
            (
                E,
                "edge target '8' names no vertex",
                "\"8\"",
                "/graph/edges/3/target",
            ),
        ],
    );
}

#[test]
fn two_parents() {
    let mut n = base();
    n.push(v("3", "node", "n1", "/c0/n1"));
    check(
        &doc(&n, &[e("0", "1"), e("0", "3"), e("1", "2"), e("3", "2")]),
        &[(
            E,
            "vertex '2' (core0) has two parents: '1' (n0) and '3' (n1)",
            "\"2\"",
            "/graph/edges/3/target",
        )],
    );
}

#[test]
fn cycles_are_reported_and_broken() {
    let n = vec![
        v("0", "cluster", "c0", "/c0"),
        v("1", "rack", "r0", "/c0/r0"),
        v("2", "node", "n0", "/c0/r0/n0"),
    ];
    let text = doc(&n, &[e("0", "1"), e("1", "2"), e("2", "1")]);
    // '2' -> '1' is the reverse of '1' -> '2': the pair is one edge, no cycle.
    check(
        &text,
        &[(N, "a containment edge is present in both directions ('2' -> '1' is also written as '1' -> '2'); the pair is read as one edge", &e("2", "1"), "/graph/edges/2")],
    );
    let n = vec![
        v("0", "cluster", "c0", "/c0"),
        v("1", "rack", "r0", "/x/r0"),
        v("2", "node", "n0", "/y/n0"),
        v("3", "node", "n1", "/z/n1"),
    ];
    let text = doc(&n, &[e("1", "2"), e("2", "3"), e("3", "1")]);
    check(
        &text,
        &[
            // Broken at '1', the cycle is the biggest tree: '0' is left out.
            (
                E,
                "containment cycle: '2' (n0) -> '3' (n1) -> '1' (r0) -> '2' (n0)",
                &e("3", "1"),
                "/graph/edges/2",
            ),
            (
                W,
                "vertex '0' (c0) is unreachable from the root '1' (r0)",
                "\"0\"",
                "/graph/nodes/0",
            ),
            (
                W,
                "containment path '/y/n0' of '2' (n0) does not continue its parent's path '/x/r0'",
                "\"/y/n0\"",
                "/graph/nodes/2/metadata/paths/containment",
            ),
            (
                W,
                "containment path '/z/n1' of '3' (n1) does not continue its parent's path '/y/n0'",
                "\"/z/n1\"",
                "/graph/nodes/3/metadata/paths/containment",
            ),
        ],
    );
}

#[test]
fn several_roots_and_unreachable_vertices() {
    let mut n = base();
    n.push(v("3", "node", "n9", "/d0/n9"));
    n.push(v("4", "core", "core0", "/d0/n9/core0"));
    n.push(v("5", "core", "core7", "/e0/core7"));
    check(
        &doc(&n, &[e("0", "1"), e("1", "2"), e("3", "4")]),
        &[
            (
                E,
                "several containment roots: '3' (n9) holds 2 vertices outside the tree of '0' (c0)",
                "\"3\"",
                "/graph/nodes/3",
            ),
            (
                W,
                "vertex '5' (core7) is unreachable from the root '0' (c0)",
                "\"5\"",
                "/graph/nodes/5",
            ),
        ],
    );
}

#[test]
fn paths_disagreeing_with_edges() {
    let n = vec![
        v("0", "cluster", "c0", "/c0"),
        v("1", "node", "n0", "/c0/n0"),
        v("2", "core", "core0", "/c0/n1/core0"),
    ];
    check(
        &doc(&n, &[e("0", "1"), e("1", "2")]),
        &[(W, "containment path '/c0/n1/core0' of '2' (core0) does not continue its parent's path '/c0/n0'", "\"/c0/n1/core0\"", "/graph/nodes/2/metadata/paths/containment")],
    );
    let n = vec![
        v("0", "cluster", "c0", "/c0"),
        v("1", "node", "n0", "/c0/n1"),
    ];
    check(
        &doc(&n, &[e("0", "1")]),
        &[(
            N,
            "the containment path of 1 vertex does not end in its name ('n0' at '/c0/n1')",
            "\"/c0/n1\"",
            "/graph/nodes/1/metadata/paths/containment",
        )],
    );
}

#[test]
fn vertices_without_edges_are_placed_by_their_paths() {
    let text = doc(&base(), &[e("0", "1")]);
    check(
        &text,
        &[(
            N,
            "vertex '2' (core0) has no containment edge; it is placed by its paths.containment",
            "\"/c0/n0/core0\"",
            "/graph/nodes/2/metadata/paths/containment",
        )],
    );
    let (a, _) = read_indexed(&text);
    let a = a.unwrap();
    assert_eq!(a.tree.path_string(&a.graph, 2), "/c0/n0/core0");
}

#[test]
fn bad_sizes_and_missing_type() {
    let bad = |size: &str| {
        doc(
            &[format!(
                r#"{{"id": "0", "metadata": {{"type": "cluster", "uuid": "u", "basename": "c", "name": "c0", "id": 0, "properties": {{}}, "size": {size}, "unit": "", "paths": {{"containment": "/c0"}}}}}}"#
            )],
            &[],
        )
    };
    check(
        &bad("-3"),
        &[(
            E,
            "'size' must not be negative, not -3",
            "-3",
            "/graph/nodes/0/metadata/size",
        )],
    );
    check(
        &bad("\"4\""),
        &[(
            E,
            "'size' must be an integer, not a string",
            "\"4\"",
            "/graph/nodes/0/metadata/size",
        )],
    );
    check(
        &bad("1.5"),
        &[(
            E,
            "'size' must be an integer, not 1.5",
            "1.5",
            "/graph/nodes/0/metadata/size",
        )],
    );
    check(
        &bad("99999999999999999999"),
        &[(
            E,
            "'size' 99999999999999999999 is out of range",
            "99999999999999999999",
            "/graph/nodes/0/metadata/size",
        )],
    );
    let text = r#"{"graph": {"nodes": [{"id": "0", "metadata": {"uuid": "u", "basename": "c", "name": "c0", "id": 0, "properties": {}, "size": 1, "unit": "", "paths": {"containment": "/c0"}}}], "edges": []}}"#;
    check(
        text,
        &[(
            E,
            "vertex '0' has no 'type'",
            "{",
            "/graph/nodes/0/metadata",
        )],
    );
}

#[test]
fn reader_rejections() {
    check(
        r#"{"graph": {"nodes": []}}"#,
        &[(E, "missing key 'edges'", "{", "/graph")],
    );
    check(
        r#"{"graph": {"nodes": [{"id": 3}], "edges": []}}"#,
        &[(
            E,
            "vertex 'id' must be a string, not a number",
            "3",
            "/graph/nodes/0/id",
        )],
    );
    check(
        r#"{"graph": {"nodes": [{"id": "x", "metadata": {"type": "a", "uuid": "u", "basename": "a", "name": "a", "id": 0, "properties": {}, "size": 1, "unit": ""}}], "edges": []}}"#,
        &[
            (E, "vertex 'x' has no 'paths' (the Fluxion reader requires it)", "{", "/graph/nodes/0/metadata"),
            (E, "vertex id 'x' is not a number and 'uniq_id' is absent (the Fluxion reader infers one from the other)", "\"x\"", "/graph/nodes/0/id"),
        ],
    );
    check(
        r#"{"graph": {"nodes": [], "edges": [{"source": 1, "target": "2"}]}}"#,
        &[(
            E,
            "edge 'source' must be a string, not a number",
            "1",
            "/graph/edges/0/source",
        )],
    );
    check(
        r#"{"version": 1}"#,
        &[(
            E,
            "no 'scheduling' key and no 'graph' key: there is no resource graph",
            "{",
            "",
        )],
    );
    check("[1]", &[(E, "expected an object, not an array", "[1]", "")]);
}

#[test]
fn fluxion_defaults_are_applied() {
    let text = r#"{"graph": {"nodes": [
        {"id": "7", "metadata": {"type": "node", "name": "corona116", "paths": {"containment": "/c/corona116"}}},
        {"id": "8", "metadata": {"type": "ssd", "paths": {"containment": "/c/corona116/ssd0"}}}
    ], "edges": [{"source": "7", "target": "8"}]}}"#;
    let (a, _) = read_indexed(text);
    let g = a.unwrap().graph;
    let (n, s) = (g.vertices.at(0), g.vertices.at(1));
    assert_eq!(
        (n.id, n.uniq_id, n.rank, n.size, n.exclusive),
        (116, 7, -1, 1, false)
    );
    assert_eq!((n.basename, n.name), ("node", "corona116"));
    assert_eq!((s.id, s.name, s.basename), (8, "ssd8", "ssd"));
}

#[test]
fn rfc40_deviations_are_notes_counted_once_and_warnings_when_strict() {
    let text = r#"{"scheduling": {"writer": "fluxion:jgf_shorthand", "graph": {"nodes": [
        {"id": "0", "metadata": {"type": "node", "paths": {"containment": "/node0"}}},
        {"id": "1", "metadata": {"type": "core", "paths": {"containment": "/node0/core1"}}}
    ], "edges": [{"source": "0", "target": "1", "metadata": {"name": {"containment": "contains"}}}]}}}"#;
    let got: Vec<(Severity, String)> = validate(text)
        .into_iter()
        .map(|d| (d.severity, d.message))
        .collect();
    let want: Vec<(Severity, &str)> = vec![
        (N, "writer 'fluxion:jgf_shorthand' leaves out the children of exclusively allocated vertices; their absence is not reported"),
        (N, "2 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)"),
        (N, "2 vertices have no metadata key 'basename', which RFC 40 requires (read as the type)"),
        (N, "2 vertices have no metadata key 'name', which RFC 40 requires (read as basename followed by id)"),
        (N, "2 vertices have no metadata key 'id', which RFC 40 requires (read from a node name's numeric suffix, else the vertex id)"),
        (N, "2 vertices have no metadata key 'properties', which RFC 40 requires (read as none)"),
        (N, "2 vertices have no metadata key 'size', which RFC 40 requires (read as 1)"),
        (N, "2 vertices have no metadata key 'unit', which RFC 40 requires (read as empty)"),
        (N, "1 edge has the older metadata form 'name': {subsystem: relationship} (RFC 40 uses 'subsystem' and 'relationship')"),
    ];
    let want: Vec<(Severity, String)> = want.into_iter().map(|(s, m)| (s, m.to_string())).collect();
    assert_eq!(got, want);
    // Read strictly, each becomes a warning; the writer's note stays one.
    let mut strict = validate(text);
    super::strict_rfc40(&mut strict);
    let severities: Vec<Severity> = strict.iter().map(|d| d.severity).collect();
    assert_eq!(severities, [N, W, W, W, W, W, W, W, W]);
}

#[test]
fn limits_are_stated() {
    let text = format!(
        "{{\"graph\": {{\"nodes\": [{}], \"edges\": []}}}}",
        vec!["1"; MAX_VERTICES + 1].join(",")
    );
    let d = validate(&text);
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].message,
        format!(
            "graph has {} vertices, more than the limit of {MAX_VERTICES}",
            MAX_VERTICES + 1
        )
    );
}

#[test]
fn a_deep_chain_does_not_overflow() {
    let depth = 100_000;
    let nodes: Vec<String> = (0..depth)
        .map(|i| format!(r#"{{"id": "{i}", "metadata": {{"type": "x", "paths": {{}}}}}}"#))
        .collect();
    let edges: Vec<String> = (1..depth)
        .map(|i| format!(r#"{{"source": "{}", "target": "{i}"}}"#, i - 1))
        .collect();
    let (a, _) = read_indexed(&doc(&nodes, &edges));
    let a = a.unwrap();
    assert_eq!(a.tree.depth(depth - 1), depth - 1);
    assert_eq!(
        a.aggregate.counts(&a.tree, 0),
        vec![("x", (depth - 1) as u64)]
    );
}

#[test]
fn find_by_each_key() {
    let text = include_str!("../../../../../tests/fixtures/jgf/verbose.json");
    let (a, _) = read_indexed(text);
    let a = a.unwrap();
    let paths = |q: &str| -> Vec<String> {
        find(&a.graph, &a.tree, &q.parse().unwrap())
            .iter()
            .map(|f| {
                assert_eq!(f.path.last(), Some(&f.vertex));
                a.tree.path_string(&a.graph, f.vertex)
            })
            .collect()
    };
    assert_eq!(
        paths("type=node"),
        ["/lab0/rack0/node0", "/lab0/rack0/node1"]
    );
    assert_eq!(
        paths("name=gpu1"),
        [
            "/lab0/rack0/node0/socket1/gpu1",
            "/lab0/rack0/node1/socket1/gpu1"
        ]
    );
    assert_eq!(
        paths("path=/lab0/rack0/node1/socket0"),
        [
            "/lab0/rack0/node1/socket0",
            "/lab0/rack0/node1/socket0/core0",
            "/lab0/rack0/node1/socket0/core1",
            "/lab0/rack0/node1/socket0/gpu0",
            "/lab0/rack0/node1/socket0/memory0"
        ]
    );
    assert_eq!(paths("path=/lab0/rack0/node1/socket").len(), 0);
    // Every vertex of the fixture carries its node's rank.
    let rank1 = paths("rank=1");
    assert_eq!((rank1.len(), rank1[0].as_str()), (11, "/lab0/rack0/node1"));
    assert!(rank1.iter().all(|p| p.starts_with("/lab0/rack0/node1")));
    assert_eq!(paths("property=ssd"), ["/lab0/rack0/node1"]);
    assert_eq!(paths("property=x").len(), 0);
    assert_eq!(
        paths("basename=socket"),
        [
            "/lab0/rack0/node0/socket0",
            "/lab0/rack0/node0/socket1",
            "/lab0/rack0/node1/socket0",
            "/lab0/rack0/node1/socket1"
        ]
    );
    assert_eq!(
        paths("id=1"),
        [
            "/lab0/rack0/node0/socket0/core1",
            "/lab0/rack0/node0/socket1",
            "/lab0/rack0/node0/socket1/gpu1",
            "/lab0/rack0/node0/socket1/memory1",
            "/lab0/rack0/node1",
            "/lab0/rack0/node1/socket0/core1",
            "/lab0/rack0/node1/socket1",
            "/lab0/rack0/node1/socket1/gpu1",
            "/lab0/rack0/node1/socket1/memory1"
        ]
    );
    assert_eq!(
        "id=one".parse::<Query>().unwrap_err().to_string(),
        "id 'one' is not an integer"
    );
    assert_eq!(
        "basename=core".parse::<Query>().unwrap().to_string(),
        "basename=core"
    );
    assert_eq!(
        "rank=x".parse::<Query>().unwrap_err().to_string(),
        "rank 'x' is not an integer"
    );
    assert_eq!(
        "property=a=b".parse::<Query>().unwrap().to_string(),
        "property=a=b"
    );
}

#[test]
fn consistency_lists_every_difference() {
    // The graph has node0 (rank 0, cores 0-1) and node1 (rank 1, core 0, gpu 0).
    let graph = r#""graph": {"nodes": [
        {"id": "0", "metadata": {"type": "cluster", "paths": {"containment": "/c0"}}},
        {"id": "1", "metadata": {"type": "node", "name": "node0", "rank": 0, "paths": {"containment": "/c0/node0"}}},
        {"id": "2", "metadata": {"type": "core", "id": 0, "rank": 0, "paths": {"containment": "/c0/node0/core0"}}},
        {"id": "3", "metadata": {"type": "core", "id": 1, "rank": 0, "paths": {"containment": "/c0/node0/core1"}}},
        {"id": "4", "metadata": {"type": "node", "name": "node1", "rank": 1, "paths": {"containment": "/c0/node1"}}},
        {"id": "5", "metadata": {"type": "gpu", "id": 0, "rank": 1, "paths": {"containment": "/c0/node1/gpu0"}}}
    ], "edges": [{"source": "0", "target": "1"}, {"source": "1", "target": "2"}, {"source": "1", "target": "3"}, {"source": "0", "target": "4"}, {"source": "4", "target": "5"}]}"#;
    let text = format!(
        r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "1-3"}}}}, {{"rank": "2", "children": {{"core": "0"}}}}], "nodelist": ["node0", "nodeX"]}}, "scheduling": {{{graph}}}}}"#
    );
    let r = crate::rset::parse(&text).rset.unwrap();
    let (a, _) = read_indexed(&text);
    let got: Vec<String> = consistency::compare(&r, &a.unwrap())
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(
        got,
        [
            "rank 0: core 2-3 only in R_lite, 0 only in the graph",
            "rank 1 is in the graph but not in R_lite",
            "rank 2 is in R_lite but no graph node has it",
        ]
    );
    let r = crate::rset::parse(&format!(
        r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0-1", "children": {{"core": "0-1"}}}}], "nodelist": ["node0", "big1"]}}, "scheduling": {{"writer": "fluxion:jgf_shorthand", {graph}}}}}"#
    ))
    .rset
    .unwrap();
    let (a, _) = read_indexed(&format!(
        r#"{{"scheduling": {{"writer": "fluxion:jgf_shorthand", {graph}}}}}"#
    ));
    let got: Vec<String> = consistency::compare(&r, &a.unwrap())
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(
        got,
        [
            "rank 1: host 'big1' in R, node 'node1' in the graph",
            "rank 1: core 0-1 only in R_lite",
            "rank 1: gpu 0 only in the graph",
        ]
    );
}

#[test]
fn generated_graphs_validate_and_round_trip() {
    // Each R, and how many vertices its generated graph has (one cluster,
    // then one per node, core and GPU).
    for (f, text, vertices) in [
        (
            "gpu-cluster.json",
            include_str!("../../../../../tests/fixtures/r/gpu-cluster.json"),
            109,
        ),
        (
            "twin-hosts.json",
            include_str!("../../../../../tests/fixtures/r/twin-hosts.json"),
            11,
        ),
        (
            "out-of-order-ranks.json",
            include_str!("../../../../../tests/fixtures/r/out-of-order-ranks.json"),
            16,
        ),
        (
            "no-nodelist.json",
            include_str!("../../../../../tests/fixtures/r/no-nodelist.json"),
            13,
        ),
        (
            "one-node-one-core.R",
            include_str!("../../../../../tests/fixtures/r/one-node-one-core.R"),
            3,
        ),
    ] {
        let r = crate::rset::parse(text).rset.unwrap();
        let json = generate::to_json(&generate::from_rset(&r));
        let (a, d) = read_indexed(&json);
        let msgs: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            msgs,
            [format!("{vertices} vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)")],
            "{f}"
        );
        let a = a.unwrap();
        assert!(consistency::compare(&r, &a).is_empty(), "{f}");
        let back = consistency::to_rset(&a).unwrap();
        let core_gpu = |r: &crate::rset::Rset| {
            r.nodes_by_rank()
                .iter()
                .map(|n| {
                    (
                        n.rank(),
                        n.hostname().map(str::to_string),
                        n.child("core").cloned(),
                        n.child("gpu").cloned(),
                    )
                })
                .collect::<Vec<_>>()
        };
        if r.nodes().all(|n| n.hostname().is_some()) {
            assert_eq!(core_gpu(&back), core_gpu(&r), "{f}");
        }
        assert_eq!(back.r_lite(), r.r_lite(), "{f}");
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod prop {
    use super::*;
    use crate::idset::IdSet;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn generate_then_to_rlite_is_the_identity(
            nodes in proptest::collection::vec((any::<bool>(), 0u32..70, 0u32..5, 0u32..8), 1..12)
        ) {
            let mut r = crate::rset::Rset::new();
            for (rank, (named, ncores, skip, ngpus)) in nodes.iter().enumerate() {
                let rank = rank as u32 * 2 + skip % 2;
                let cores = IdSet::from_range(*skip, skip + ncores);
                let gpus = if *ngpus == 0 { IdSet::new() } else { IdSet::from_range(0, ngpus - 1) };
                let mut children: Vec<(&str, &IdSet)> = vec![("core", &cores)];
                if !gpus.is_empty() {
                    children.push(("gpu", &gpus));
                }
                let host = named.then(|| format!("host{}", rank * 3));
                r.add_rank(rank, host.as_deref(), &children).unwrap();
            }
            let (a, _) = index_graph(generate::from_rset(&r));
            prop_assert!(consistency::compare(&r, &a).is_empty());
            let back = consistency::to_rset(&a).unwrap();
            prop_assert_eq!(back.r_lite(), r.r_lite());
            // Unnamed ranks come back named node<rank>, as the graph names them.
            let names: Vec<String> = r.nodes_by_rank().iter().map(|n| n.hostname().map_or(format!("node{}", n.rank()), str::to_string)).collect();
            let back_names: Vec<String> = back.nodes_by_rank().iter().map(|n| n.hostname().unwrap_or_default().to_string()).collect();
            prop_assert_eq!(back_names, names);
        }
    }
}

#[test]
fn packed_arrays_cross_as_bytes() {
    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Held(#[serde(with = "super::packed")] Vec<u32>);
    let bytes = |v: &[u32]| postcard::to_allocvec(&Held(v.to_vec())).unwrap();
    // A length, the width, then each element in it, least significant
    // byte first.
    assert_eq!(
        bytes(&[0, 1, 300, u32::MAX]),
        [17, 4, 0, 0, 0, 0, 1, 0, 0, 0, 44, 1, 0, 0, 255, 255, 255, 255]
    );
    assert_eq!(bytes(&[7, 255]), [3, 1, 7, 255]);
    assert_eq!(bytes(&[256, 2]), [5, 2, 0, 1, 2, 0]);
    assert_eq!(bytes(&[]), [1, 1]);
    for v in [&[0, 1, 300, u32::MAX][..], &[7, 255], &[256, 2], &[]] {
        assert_eq!(postcard::from_bytes::<Held>(&bytes(v)).unwrap().0, v);
    }
    // No width, an unknown one, a last element cut short.
    for wrong in [&[0][..], &[2, 3, 0], &[4, 2, 1, 0, 1]] {
        assert_eq!(
            postcard::from_bytes::<Held>(wrong).unwrap_err(),
            postcard::Error::SerdeDeCustom,
            "{wrong:?}"
        );
    }
}
