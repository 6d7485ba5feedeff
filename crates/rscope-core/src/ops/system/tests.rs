//! The system model over flux-core's and flux-sched's own test documents
//! (the fixtures under `tests/fixtures`, with their origins noted there).

use super::*;

const R_FOO: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["foo[1-4]"]}}"#;
const DRAIN: &str = include_str!("../../../../../tests/fixtures/flux-resource/status/drain.json");
const LIST: &str = include_str!("../../../../../tests/fixtures/flux-resource/list/fluke.json");
const POWER: &str = include_str!("../../../../../tests/fixtures/jgf/power.json");
const TOPOLOGY: &str =
    include_str!("../../../../../tests/fixtures/hwloc/pack2-numa2-core6-pu2.xml");
const CONFIG: &str = include_str!("../../../../../tests/fixtures/config/tiny/00-resource.toml");
const BOOTSTRAP: &str = include_str!("../../../../../tests/fixtures/config/tiny/10-bootstrap.toml");

/// The words of a fit of `shape` into the system of `docs`, or its refusal.
fn fit(docs: &[(&str, &str)], shape: &str) -> String {
    match System::read(docs).fit(shape, None, Policy::Worst) {
        Ok(a) => a.words,
        Err(FitError::Other(why)) => why,
        Err(FitError::Shape(e)) => e.to_string(),
    }
}

#[test]
fn each_kind_is_recognised_by_its_content() {
    let docs = [
        ("r.json", R_FOO),
        ("drain.json", DRAIN),
        ("fluke.json", LIST),
        ("power.json", POWER),
        ("node.xml", TOPOLOGY),
        ("00-resource.toml", CONFIG),
        ("notes.txt", "hello"),
        ("other.json", r#"{"a": 1}"#),
    ];
    let kinds: Vec<DocKind> = docs
        .iter()
        .map(|d| System::read(&[*d]).documents[0].kind)
        .collect();
    use DocKind::*;
    assert_eq!(
        kinds,
        [
            R,
            StatusPayload,
            ListPayload,
            Graph,
            Topology,
            Config,
            Unread,
            Unread
        ]
    );
}

#[test]
fn fit_runs_on_every_kind_that_has_resources() {
    let answers: Vec<String> = [
        (("drain.json", DRAIN), "node=2/core=4"),
        (("fluke.json", LIST), "node=2/core=4"),
        (("power.json", POWER), "node=2/core=2"),
        (("node.xml", TOPOLOGY), "node=1/core=12"),
        (("00-resource.toml", CONFIG), "node=2/core=4"),
    ]
    .iter()
    .map(|(d, shape)| fit(&[*d], shape))
    .collect();
    assert_eq!(
        answers,
        [
            // foo1 and foo2 are drained: the other two take it.
            "fits now: 2 nodes, foo[3-4], 8 cores",
            "fits now: 2 nodes, fluke[3-4], 8 cores",
            "fits now: 2 nodes, node[0-1], 4 cores",
            "fits now: 1 node, localhost, 12 cores",
            // tiny4 is rank 0 as [bootstrap] hosts would rank it, but this
            // configuration has no [bootstrap]: name order.
            "fits now: 2 nodes, tiny[1-2], 8 cores",
        ]
    );
}

#[test]
fn a_system_without_resources_says_what_to_open() {
    let answers = [
        fit(&[("10-bootstrap.toml", BOOTSTRAP)], "node=1"),
        fit(&[], "node=1"),
    ];
    let want = "fit needs resources: open an R, a payload, a graph, a topology or a \
                configuration with [resource] config";
    assert_eq!(answers, [want, want]);
}

#[test]
fn a_bootstrap_only_configuration_gives_the_rank_order() {
    let system = System::read(&[("10-bootstrap.toml", BOOTSTRAP)]);
    assert_eq!(
        system.describe(),
        "10-bootstrap.toml: a system configuration: the rank order\n\
         resources: none\n\
         rank order: 0-3 are tiny[4,1-3]\n"
    );
}

/// An R of tiny[1-4] ranked in name order, where `[bootstrap] hosts`
/// makes tiny4 rank 0.
const R_TINY: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}}"#;

/// A status payload of the same four nodes, rank 2 offline and rank 7
/// (which no document has) drained.
const STATUS_TINY: &str = r#"{"R":{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}},"online":"0-1,3","offline":"2","exclude":"","torpid":"","drain":{"7":{"reason":"bad","timestamp":1607544031.0}}}"#;

#[test]
fn the_documents_of_one_system_merge_with_findings_where_they_disagree() {
    let docs = [
        ("status.json", STATUS_TINY),
        ("R.json", R_TINY),
        ("00-resource.toml", CONFIG),
        ("10-bootstrap.toml", BOOTSTRAP),
    ];
    let system = System::read(&docs);
    assert_eq!(
        system.describe(),
        "status.json: a flux resource status payload: resources, node states and drain reasons\n\
         R.json: an R (RFC 20): resources\n\
         00-resource.toml: a system configuration: resources\n\
         10-bootstrap.toml: a system configuration: the rank order\n\
         resources: 4 nodes, tiny[1-4], 16 cores (from R.json)\n\
         drained, offline or torpid: ranks 2\n\
         rank order: 0-3 are tiny[4,1-3]\n\
         finding: status.json: drained ranks 7 are not in R.json's resources\n\
         finding: R.json: its hosts are out of [bootstrap] hosts order: tiny1 is rank 0 here and rank 1 by [bootstrap] hosts\n\
         finding: [resource] config differs from R.json's resources: rank 0 is tiny4 against tiny1\n"
    );
    // Rank 2 (tiny3) is offline: three nodes are left.
    assert_eq!(
        fit(&docs, "node=3/core=4"),
        "fits now: 3 nodes, tiny[1-2,4], 12 cores"
    );
    assert_eq!(
        fit(&docs, "node=4/core=4"),
        "not now: 3 of 4 nodes have 4 free cores"
    );
}

#[test]
fn documents_of_two_systems_say_so() {
    let system = System::read(&[
        ("r.json", R_FOO),
        ("tiny.toml", CONFIG),
        ("drain.json", DRAIN),
    ]);
    assert_eq!(
        system.findings,
        ["[resource] config differs from r.json's resources: rank 0 is tiny1 against foo1"]
    );
}

#[test]
fn a_configuration_is_told_from_other_documents_by_its_content() {
    let told: Vec<bool> = [
        CONFIG,
        BOOTSTRAP,
        r#"{"queues": {"debug": {"requires": ["debug"]}}}"#,
        R_FOO,
        DRAIN,
        TOPOLOGY,
        "[other]\nkey = 1\n",
        "[resource\n",
        "",
    ]
    .iter()
    .map(|t| is_configuration(t))
    .collect();
    assert_eq!(
        told,
        [true, true, true, false, false, false, false, false, false]
    );
}

/// flux-sched's `t/data/resource/expected/find-format/rv1_nosched.expected`
/// (LGPL-3.0), reformatted: what `find --format=rv1_nosched` writes for
/// node cab1234. Its entry has no rank, so flux refuses it as an R.
const FIND_RV1: &str = r#"{"version": 1, "execution": {"R_lite": [{"children": {"core": "0-15"}}], "nodelist": ["cab1234"]}}"#;

#[test]
fn fluxion_find_output_gives_its_nodes_in_order() {
    let system = System::read(&[("find.json", FIND_RV1)]);
    assert_eq!(
        system.describe(),
        "find.json: Fluxion's find --format=rv1 output (nodes ranked in order): resources\n\
         resources: 1 node, cab1234, 16 cores (from find.json)\n\
         rank order: 0 is cab1234\n"
    );
    assert_eq!(
        fit(&[("find.json", FIND_RV1)], "node=1/core=4"),
        "fits now: 1 node, cab1234, 4 cores"
    );
    let broken = FIND_RV1.replace(r#""core": "0-15""#, r#""core": "x""#);
    let read = &System::read(&[("find.json", &broken)]).documents[0];
    // A find output with another error is refused as flux refuses it.
    assert_eq!(read.line(), "find.json: an R (RFC 20) (missing key 'rank')");
}
