//! `rscope jgf`: CLI behaviour (exit status, standard input, errors). The
//! goldens over every JGF-bearing sample are in the corpus tier
//! (tests/corpus/jgf.rs); `fixtures.rs` runs the same commands over the
//! project's own graphs.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};

#[test]
fn validate_renders_a_caret_and_fails_on_errors() {
    let doc = "{\"graph\": {\"nodes\": [\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n], \"edges\": [{\"source\": \"0\", \"target\": \"9\"}]}}";
    // Read strictly (--strict-rfc40), what RFC 40 asks for and the graph
    // leaves out is a warning; by default a note, as Fluxion's graphs all
    // leave some out.
    let strict = rscope(&["jgf", "validate", "--strict-rfc40"], doc);
    let out = rscope(&["jgf", "validate"], doc);
    assert_eq!((out.status, strict.status), (1, 1));
    assert_eq!((out.stderr.as_str(), strict.stderr.as_str()), ("", ""));
    assert_eq!(out.stdout, strict.stdout.replace(": warning: ", ": note: "));
    assert_eq!(
        strict.stdout,
        "<stdin>:2:26: warning: 1 vertex has no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'basename', which RFC 40 requires (read as the type)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'name', which RFC 40 requires (read as basename followed by id)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'id', which RFC 40 requires (read from a node name's numeric suffix, else the vertex id)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'properties', which RFC 40 requires (read as none)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'size', which RFC 40 requires (read as 1)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:2:26: warning: 1 vertex has no metadata key 'unit', which RFC 40 requires (read as empty)\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n                         ^\n\
<stdin>:3:14: warning: 1 edge has no metadata, which RFC 40 requires (read as containment)\n], \"edges\": [{\"source\": \"0\", \"target\": \"9\"}]}}\n             ^\n\
<stdin>:3:40: error: edge target '9' names no vertex\n], \"edges\": [{\"source\": \"0\", \"target\": \"9\"}]}}\n                                       ^^^\n"
    );
}

#[test]
fn tree_without_a_graph_fails() {
    let out = rscope(&["jgf", "tree"], "{\"version\": 1}");
    assert_eq!(
        out,
        Output {
            status: 1,
            stdout: String::new(),
            stderr: "rscope jgf: <stdin>:1:1: error: no 'scheduling' key and no 'graph' key: there is no resource graph\n{\"version\": 1}\n^\n".into(),
        }
    );
}

#[test]
fn find_refuses_an_unknown_key() {
    let out = rscope(&["jgf", "find", "colour=red"], "{}");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "rscope jgf: unknown query key 'colour' (expected type, name, basename, id, path, rank or property)\n"
    );
}

#[test]
fn tree_depth_zero_prints_the_root_with_its_counts() {
    let out = rscope(
        &["jgf", "tree", "--depth", "0", &fixture("jgf/verbose.json")],
        "",
    );
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "lab0 (cluster): rack 1, node 2, socket 4, core 8, gpu 4, memory 4\n".into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn find_prints_paths_from_the_root() {
    let out = rscope(
        &["jgf", "find", "name=core3", &fixture("jgf/verbose.json")],
        "",
    );
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "/lab0/rack0/node0/socket1/core3\n/lab0/rack0/node1/socket1/core3\n".into(),
            stderr: String::new(),
        }
    );
    // A vertex reached only through containment, not through the power
    // subsystem's edges.
    let out = rscope(&["jgf", "find", "type=pdu", &fixture("jgf/power.json")], "");
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (0, "/volt0/rack0/pdu0\n")
    );
}

#[test]
fn check_agrees_and_lists_differences() {
    let agree = |rel: &str, stdout: &str| {
        let out = rscope(&["jgf", "check", &fixture(rel)], "");
        assert_eq!(
            out,
            Output {
                status: 0,
                stdout: stdout.into(),
                stderr: String::new()
            },
            "{rel}"
        );
    };
    agree("r/with-graph.json", "");
    agree(
        "r/shorthand.json",
        "rank 0: children left out by fluxion:jgf_shorthand (not a difference)\nrank 1: children left out by fluxion:jgf_shorthand (not a difference)\n",
    );
    // The graph has duo7 (rank 0) and duo8 (rank 1) with cores 0-1 each.
    let text = std::fs::read_to_string(fixture("r/with-graph.json")).unwrap();
    let graph = &text[text.find("\"scheduling\"").unwrap()..];
    let doc = format!(
        r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "0-2"}}}}, {{"rank": "2", "children": {{"core": "0"}}}}], "nodelist": ["duo7", "duo9"]}}, {graph}"#
    );
    let out = rscope(&["jgf", "check"], &doc);
    assert_eq!(
        out,
        Output {
            status: 1,
            stdout: "rank 0: core 2 only in R_lite\nrank 1 is in the graph but not in R_lite\nrank 2 is in R_lite but no graph node has it\n".into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn from_r_generates_a_tree_for_a_plain_r() {
    // This R names both ranks 'twin' (nodelist ["twin", "twin"]).
    let gen = rscope(&["jgf", "from-r", &fixture("r/twin-hosts.json")], "");
    assert_eq!(gen.status, 0, "{}", gen.stderr);
    let tree = rscope(&["jgf", "tree"], &gen.stdout);
    assert_eq!(
        tree.stdout,
        "cluster0 (cluster): node 2, core 6, gpu 2\n  twin (node, rank 0): core 3, gpu 1\n    core0 (core, rank 0)\n    core1 (core, rank 0)\n    core2 (core, rank 0)\n    gpu0 (gpu, rank 0)\n  twin (node, rank 1): core 3, gpu 1\n    core0 (core, rank 1)\n    core1 (core, rank 1)\n    core2 (core, rank 1)\n    gpu0 (gpu, rank 1)\n"
    );
}

/// The graph of `fixture` exported in `format` by the CLI, which must succeed.
fn exported(fixture_path: &str, format: &str) -> String {
    let out = rscope(
        &["jgf", "export", "--format", format, &fixture(fixture_path)],
        "",
    );
    assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{fixture_path}");
    out.stdout
}

#[test]
fn export_dot_is_rendered_by_graphviz() {
    let dot = exported("jgf/power.json", "dot");
    assert!(dot.starts_with("digraph G {\n0[label=\"volt0\"];\n1[label=\"rack0\"];\n"));
    let mut child = std::process::Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("Graphviz's dot is installed (scripts/setup.sh installs it)");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), dot.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert!(out.status.success());
    let svg = String::from_utf8_lossy(&out.stdout);
    // Graphviz draws each vertex as a node group with its label as text.
    assert_eq!(svg.matches("class=\"node\"").count(), 12);
    assert_eq!(svg.matches("class=\"edge\"").count(), 14);
    assert!(svg.contains(">volt0</text>"));
}

#[test]
fn export_graphml_is_well_formed_with_every_vertex_and_edge() {
    let text = std::fs::read_to_string(fixture("jgf/power.json")).unwrap();
    let graph = rscope_core::jgf::parse_graph(&text).graph.unwrap();
    let xml = exported("jgf/power.json", "graphml");
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "graphml");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://graphml.graphdrawing.org/xmlns")
    );
    let nodes: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("node"))
        .collect();
    let edges: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("edge"))
        .collect();
    assert_eq!(nodes.len(), graph.vertices.len());
    assert_eq!(edges.len(), graph.edges.len());
    // Each vertex's name is in its node, under the key named "name".
    let name_key = doc
        .descendants()
        .find(|n| n.has_tag_name("key") && n.attribute("attr.name") == Some("name"))
        .and_then(|n| n.attribute("id"))
        .unwrap();
    for (node, v) in nodes.iter().zip(&graph.vertices) {
        let name = node
            .children()
            .find(|d| d.attribute("key") == Some(name_key))
            .and_then(|d| d.text());
        assert_eq!(name, Some(v.name));
    }
    // Every edge joins two written nodes, and each JGF edge is there once.
    let mut want: Vec<(String, String, String)> = graph
        .edges
        .iter()
        .map(|e| {
            let at = |k: &str| graph.vertices.iter().position(|v| v.key == k).unwrap();
            (
                format!("n{}", at(e.source)),
                format!("n{}", at(e.target)),
                format!("{{,{0}={0}}}", e.subsystem),
            )
        })
        .collect();
    let mut got: Vec<(String, String, String)> = edges
        .iter()
        .map(|e| {
            let member = e
                .children()
                .find(|d| d.has_tag_name("data"))
                .and_then(|d| d.text());
            (
                e.attribute("source").unwrap().to_string(),
                e.attribute("target").unwrap().to_string(),
                member.unwrap_or_default().to_string(),
            )
        })
        .collect();
    want.sort();
    got.sort();
    assert_eq!(got, want);
}

#[test]
fn export_refuses_a_graph_fluxion_would_not_load() {
    let doc = "{\"graph\": {\"nodes\": [{\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/c0\"}}}], \"edges\": [{\"source\": \"0\", \"target\": \"9\"}]}}";
    let out = rscope(&["jgf", "export", "--format", "graphml"], doc);
    assert_eq!(
        out,
        Output {
            status: 1,
            stdout: String::new(),
            stderr: "rscope jgf: <stdin>:1:138: error: edge target '9' names no vertex\n"
                .to_string()
                + doc
                + "\n"
                + &" ".repeat(137)
                + "^^^\n",
        }
    );
}

#[test]
fn export_writes_the_subsystems_asked_for() {
    let all = exported("jgf/power.json", "dot");
    assert_eq!(all.matches("[label=\"power\"]").count(), 3);
    let path = fixture("jgf/power.json");
    let only = |names: &[&str], format: &str| {
        let mut args = vec!["jgf", "export", "--format", format];
        for n in names {
            args.extend(["--subsystem", n]);
        }
        args.push(&path);
        let out = rscope(&args, "");
        assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{names:?}");
        out.stdout
    };
    // Every vertex has a containment path: the containment view drops the
    // three power edges alone.
    let containment = only(&["containment"], "dot");
    let kept: Vec<&str> = all.lines().filter(|l| !l.contains("\"power\"")).collect();
    assert_eq!(containment.lines().collect::<Vec<_>>(), kept);
    assert_eq!(only(&["containment", "power"], "dot"), all);
    // The power view: no vertex has a power path, so nothing is written.
    assert_eq!(only(&["power"], "dot"), "digraph G {\n}\n");
    let xml = only(&["containment"], "graphml");
    assert_eq!(xml.matches("<edge id=").count(), 11);
    assert_eq!(xml.matches("<node id=").count(), 12);
}

#[test]
fn export_refuses_a_subsystem_the_graph_lacks() {
    let out = rscope(
        &[
            "jgf",
            "export",
            "--subsystem",
            "ibnet",
            &fixture("jgf/power.json"),
        ],
        "",
    );
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (
            1,
            "",
            "rscope jgf: the graph has no subsystem 'ibnet' (it has containment, power)\n"
        )
    );
}

#[test]
fn export_refuses_an_unknown_format() {
    let out = rscope(&["jgf", "export", "--format", "svg"], "{}");
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .contains("invalid value 'svg' for '--format <FORMAT>'"),
        "{}",
        out.stderr
    );
}
