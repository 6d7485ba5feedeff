//! `rscope jgf`: CLI behaviour (exit status, standard input, errors). The
//! goldens over every JGF-bearing sample are in the corpus tier
//! (tests/corpus/jgf.rs); `fixtures.rs` runs the same commands over the
//! project's own graphs.

use crate::support::{rscope, Output};

#[test]
fn validate_renders_a_caret_and_fails_on_errors() {
    let doc = "{\"graph\": {\"nodes\": [\n {\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"paths\": {\"containment\": \"/cluster0\"}}}\n], \"edges\": [{\"source\": \"0\", \"target\": \"9\"}]}}";
    let out = rscope(&["jgf", "validate"], doc);
    assert_eq!(out.status, 1);
    assert_eq!(out.stderr, "");
    assert_eq!(
        out.stdout,
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
        "rscope jgf: unknown query key 'colour' (expected type, name, path, rank or property)\n"
    );
}

