//! The changes between flux-core's own status payloads
//! (`t/flux-resource/status/*.json`, copied into `tests/fixtures`).

use super::*;

const OFFLINE: &str =
    include_str!("../../../../../../tests/fixtures/flux-resource/status/offline.json");
const TORPID: &str =
    include_str!("../../../../../../tests/fixtures/flux-resource/status/torpid.json");
const DRAIN: &str =
    include_str!("../../../../../../tests/fixtures/flux-resource/status/drain.json");
const EXAMPLE: &str =
    include_str!("../../../../../../tests/fixtures/flux-resource/status/example.json");

/// A payload of `ranks` nodes `n[0-…]` with the given sets and drains.
fn payload(ranks: &str, hosts: &str, online: &str, drain: &str) -> String {
    format!(
        r#"{{"R": {{"version": 1, "execution": {{"R_lite": [{{"rank": "{ranks}", "children": {{"core": "0"}}}}],
        "nodelist": ["{hosts}"], "starttime": 0, "expiration": 0}}}},
        "drain": {{{drain}}}, "exclude": "", "torpid": "", "offline": "", "online": "{online}"}}"#
    )
}

#[test]
fn drains_a_broker_back_and_torpid_nodes_are_each_a_row() {
    let c = changes_between(("before", OFFLINE), ("after", TORPID)).unwrap();
    assert_eq!(
        c.table(),
        "CHANGE      NNODES RANKS NODELIST REASON\n\
         drained          1 0     foo1     bad node\n\
         drained          1 1     foo2     testing drain\n\
         came back        1 1     foo2\n\
         went torpid      2 1,3   foo[2,4]\n"
    );
    assert_eq!(
        c.words(),
        "3 nodes changed: 2 drained, 1 came back, 2 went torpid"
    );
    assert_eq!(c.nodes, 3);
}

#[test]
fn the_other_way_undrains_with_the_reason_that_ends() {
    let c = changes_between(("before", TORPID), ("after", OFFLINE)).unwrap();
    let rows: Vec<(&str, &str, &str)> = (c.rows.iter())
        .map(|r| (r.change.as_str(), r.ranks.as_str(), r.reason.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("undrained", "0", "bad node"),
            ("undrained", "1", "testing drain"),
            ("went offline", "1", ""),
            ("lively again", "1,3", ""),
        ]
    );
}

#[test]
fn exclusion_and_offline_are_changes_and_equal_snapshots_have_none() {
    let c = changes_between(("before", DRAIN), ("after", EXAMPLE)).unwrap();
    let rows: Vec<(&str, &str)> = c
        .rows
        .iter()
        .map(|r| (r.change.as_str(), r.nodelist.as_str()))
        .collect();
    assert_eq!(rows, [("went offline", "foo2"), ("excluded", "foo1")]);
    let same = changes_between(("before", DRAIN), ("after", DRAIN)).unwrap();
    assert_eq!(same.table(), "no node changed state\n");
    assert_eq!(same.by_rank(), []);
}

#[test]
fn a_new_reason_is_drained_again_and_ranks_that_come_or_go_are_named() {
    let before = payload(
        "0-1",
        "n[0-1]",
        "0-1",
        r#""0": {"reason": "disk", "timestamp": 1.0}"#,
    );
    let after = payload(
        "0,2",
        "n[0,2]",
        "0,2",
        r#""0": {"reason": "fan", "timestamp": 2.0}"#,
    );
    let c = changes_between(("before", &before), ("after", &after)).unwrap();
    let rows: Vec<(&str, &str, &str)> = (c.rows.iter())
        .map(|r| (r.change.as_str(), r.nodelist.as_str(), r.reason.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("drained again", "n0", "fan"),
            ("added to R", "n2", ""),
            ("removed from R", "n1", "")
        ]
    );
    let by: Vec<(StateChange, String)> = c
        .by_rank()
        .into_iter()
        .map(|(k, ids)| (k, ids.to_string()))
        .collect();
    assert_eq!(
        by,
        [
            (StateChange::DrainedAgain, "0".to_string()),
            (StateChange::Added, "2".to_string()),
            (StateChange::Removed, "1".to_string())
        ]
    );
}

#[test]
fn a_payload_that_cannot_be_read_is_named() {
    assert_eq!(
        changes_between(("old.json", "{}"), ("after", TORPID)).unwrap_err(),
        "old.json: the payload has no key 'R'"
    );
}
