//! Every example the page offers, and the tour's document, gives exactly
//! the findings its menu text promises: none for the plain examples, the
//! notes of RFC 40's leniency for the graph, and each named problem for
//! the broken ones (`static/examples/index.json` says what each is).

use rscope_core::analysis::Analysis;
use std::path::Path;

/// The findings of `text` as `severity: message` lines.
fn findings(text: &str) -> Vec<String> {
    Analysis::of(text)
        .findings
        .iter()
        .map(|f| format!("{:?}: {}", f.severity, f.message))
        .collect()
}

fn example(file: &str) -> Vec<String> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("static/examples")
        .join(file);
    findings(&std::fs::read_to_string(path).unwrap())
}

/// What the system model reads example `file` as.
fn kind_of(file: &str) -> &'static str {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("static/examples")
        .join(file);
    let text = std::fs::read_to_string(path).unwrap();
    let system = rscope_core::system::System::read(&[(file, text.as_str())]);
    system.documents[0].kind.words()
}

#[test]
fn every_example_gives_the_findings_its_menu_text_promises() {
    let index: serde_json::Value =
        serde_json::from_str(include_str!("../../../../static/examples/index.json")).unwrap();
    let menu: Vec<(&str, &str)> = index
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["file"].as_str().unwrap(), e["about"].as_str().unwrap()))
        .collect();
    let expected: &[(&str, &str, &[&str])] = &[
        ("laptop.json", "one node, 8 cores and a GPU", &[]),
        ("rfc20.json", "4 nodes with 48 cores and 8 GPUs each", &[]),
        ("busy-cluster.json", "64 nodes, each with its own free cores and GPUs", &[]),
        ("properties.json", "partitions and a GPU queue as RFC 20 properties", &[]),
        ("status.json", "all, down and allocated sets, as flux resource list reads", &[]),
        ("node-states.json", "16 nodes drained, offline, torpid and excluded, as flux resource status reads them", &[]),
        ("jgf.json", "an R whose scheduling key holds the Fluxion graph", &[
            "Note: 13 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)",
            "Note: 13 vertices have no metadata key 'properties', which RFC 40 requires (read as none)",
            "Note: 12 edges have no 'relationship', which RFC 40 requires (read from the subsystem alone)",
        ]),
        ("system.toml", "eight nodes in TOML: [resource] config, [bootstrap] hosts and two queues", &[]),
        ("node.xml", "one node of two packages, 16 cores, as lstopo writes it", &[]),
        ("broken-idsets.json", "overlapping ranks and cores, a reversed range", &[
            "Error: invalid rank: overlapping range '0-1'",
            "Error: invalid 'core' id set: overlapping range '2-7'",
            "Error: invalid 'core' id set: reversed range '7-1'",
        ]),
        ("broken-nodelist.json", "a duplicate host, property problems, times", &[
            "Warning: duplicate host 'node1' in nodelist",
            "Warning: invalid character '!' in property \"bad name!\" (RFC 20 forbids it; flux-core accepts it)",
            "Error: property 'gpu': rank 9 not found in R_lite",
            "Error: 'expiration' must be greater than 'starttime'",
        ]),
    ];
    let promised: Vec<(&str, &str)> = expected.iter().map(|(f, a, _)| (*f, *a)).collect();
    assert_eq!(
        menu, promised,
        "the menu lists these examples, saying this of each"
    );
    // The configuration and the topology are not R: the system model
    // reads them as what they are, and the page opens them so.
    for (file, _, said) in expected.iter().filter(|e| e.0.ends_with(".json")) {
        assert_eq!(example(file), *said, "{file}");
    }
    let kinds: Vec<(&str, &str)> = (expected.iter().filter(|e| !e.0.ends_with(".json")))
        .map(|(file, _, _)| (*file, kind_of(file)))
        .collect();
    assert_eq!(
        kinds,
        [
            ("system.toml", "a system configuration"),
            ("node.xml", "an hwloc topology")
        ]
    );
}

#[test]
fn the_tour_document_shows_only_the_note_fluxion_graphs_earn() {
    assert_eq!(
        findings(rscope_core::teach::tour::document()),
        ["Note: 229 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)"]
    );
}
