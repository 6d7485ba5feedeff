use super::list::SchedResourceList;
use super::queues::Config;
use super::rv1::Rv1;
use super::status::ResourceStatus;
use super::*;
use serde_json::json;

fn r(v: serde_json::Value) -> Rv1 {
    Rv1::from_text(&v.to_string()).unwrap()
}

#[test]
fn an_r_is_written_as_json_dumps_writes_it() {
    let set = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0-1", "children": {"core": "0-3", "gpu": "0", "memory": "0"}},
                   {"rank": "2", "children": {"memory": "0"}}],
        "nodelist": ["n[0-1]"], "properties": {"zz": "0", "aa": "1-2", "none": ""},
        "starttime": 5, "nslots": 3}}));
    assert_eq!(
        set.encode(),
        "{\"version\": 1, \"execution\": {\"R_lite\": [\
         {\"rank\": \"0-1\", \"children\": {\"core\": \"0-3\", \"gpu\": \"0\"}}, \
         {\"rank\": \"2\", \"children\": {\"core\": \"\"}}], \
         \"starttime\": 5.0, \"expiration\": 0.0, \"nodelist\": [\"n[0-1],rank2\"], \
         \"properties\": {\"aa\": \"1-2\", \"zz\": \"0\"}}}"
    );
    assert_eq!(set.dumps(), "rank[0-1]/core[0-3],gpu0 rank2/core");
}

#[test]
fn a_set_splits_by_property_combination_in_the_reference_s_order() {
    let set = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0-4", "children": {"core": "0"}}],
        "properties": {"b": "1-2", "a": "2-3"}}}));
    let parts: Vec<String> = set
        .split_by_properties()
        .iter()
        .map(|p| format!("{}:{}", p.ranks(), p.property_names().join(",")))
        .collect();
    assert_eq!(parts, ["1:b", "3:a", "2:b,a", "0,4:"]);
}

#[test]
fn difference_keeps_a_rank_with_cores_left() {
    let all = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "properties": {"p": "0-1"}}}));
    let used = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0", "children": {"core": "0-3"}}, {"rank": "1", "children": {"core": "0"}}]}}));
    let left = all.diff(&used);
    assert_eq!(left.dumps(), "rank1/core[1-3]");
    assert_eq!(left.property_names(), ["p"]);
}

#[test]
fn a_payload_missing_a_key_fails_as_python_s_key_error_prints() {
    let err = ResourceStatus::from_text(r#"{"R": null, "online": ""}"#).unwrap_err();
    assert_eq!(err, "'offline'");
    let err = Rv1::from_text(r#"{"execution": {}}"#).unwrap_err();
    assert_eq!(err, "'version'");
    let text = r#"{"all": null}"#;
    let list = SchedResourceList::read(text, &crate::json::parse(text).unwrap()).unwrap();
    assert!(list.all.is_empty() && list.down.is_empty());
}

#[test]
fn queues_are_read_from_json_and_toml_alike() {
    let from_json = Config::from_json_text(
        r#"{"queues": {"debug": {"requires": ["debug"]}, "x": {"parent": "debug"}}}"#,
    )
    .unwrap();
    let from_toml = Config::from_toml_text(
        "[queues.debug]\nrequires = [\"debug\"]\n[queues.x]\nparent = \"debug\"\n",
    )
    .unwrap();
    assert_eq!(from_json, from_toml);
    let err = Config::from_toml_text("[queues.debug]\nrequires = [\"debug\"\n").unwrap_err();
    assert!(err.starts_with("2:"), "{err}");
    let bad = Config::from_json_text(r#"{"queues": {"q": {"requires": [1]}}}"#).unwrap_err();
    assert_eq!(bad, "property constraint must be a string, got int");
}

#[test]
fn include_reads_ranks_first_then_hosts() {
    assert!(matches!(Targets::parse("1,3"), Ok(Targets::Ranks(_))));
    assert!(matches!(Targets::parse("foo[1,3]"), Ok(Targets::Hosts(_))));
    assert_eq!(
        Targets::parse("foo[").unwrap_err(),
        "Invalid hostlist: 'foo['"
    );
}

#[test]
fn a_drained_rank_outside_r_is_the_reference_s_error() {
    let payload = r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}], "nodelist": ["a"]}},
        "online": "0", "offline": "", "exclude": "", "drain": {"5": {"timestamp": 1.0, "reason": "x"}}}"#;
    let opts = StatusOptions {
        format: "default".into(),
        ..Default::default()
    };
    let out = status(payload, &opts);
    assert_eq!(out.code, 1);
    assert_eq!(out.stderr, "flux-resource: ERROR: invalid rank {rank}\n");
}

fn findings(text: &str) -> Vec<(String, String, String)> {
    let v = crate::json::tree::read(text).expect("json");
    check::check_status(text, &v)
        .into_iter()
        .map(|d| {
            (
                format!("{:?}", d.severity),
                d.pointer,
                format!("{}|{}", d.message, &text[d.span]),
            )
        })
        .collect()
}

#[test]
fn a_status_payload_gets_findings_where_its_sets_disagree() {
    let text = r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}]}},
 "online": "0-1", "offline": "1,5", "exclude": "", "torpid": 7,
 "drain": {"3": {"timestamp": "yesterday", "reason": "x"}, "9": {"timestamp": 1, "reason": "y"}}}"#;
    assert_eq!(
        findings(text),
        [
            ("Warning".into(), "/R/execution".into(), "missing key 'nodelist'|{".into()),
            ("Error".into(), "/torpid".into(), "torpid must be an RFC 22 id set string, such as \"0-3\"|7".into()),
            ("Warning".into(), "/offline".into(), "offline names rank 5 that R does not hold|\"1,5\"".into()),
            ("Error".into(), "/offline".into(), "rank 1 is both online and offline|\"1,5\"".into()),
            (
                "Warning".into(),
                "/online".into(),
                "ranks 2-3 of R are neither online nor offline, so flux resource status leaves them out|\"0-1\"".into()
            ),
            (
                "Error".into(),
                "/drain/3/timestamp".into(),
                "timestamp must be a number: the seconds since the epoch when the node was drained|\"yesterday\"".into()
            ),
            (
                "Error".into(),
                "/drain/9".into(),
                "drained rank 9 is not in R: flux resource status fails with \"invalid rank\"|\"9\"".into()
            ),
        ]
    );
}

#[test]
fn a_status_payload_s_r_is_read_as_an_r() {
    let text =
        r#"{"R": {"execution": {}}, "online": "", "offline": "", "exclude": "", "drain": {}}"#;
    let f = findings(text);
    let first: Vec<(&str, &str)> = f.iter().map(|(s, p, _)| (s.as_str(), p.as_str())).collect();
    assert_eq!(
        first,
        [
            ("Error", "/R"),
            ("Error", "/R/execution"),
            ("Warning", "/R/execution")
        ]
    );
    assert_eq!(f[0].2, "missing key 'version'|{");
    let v = crate::json::tree::read(text).unwrap();
    assert!(check::is_status_payload(v.as_object().unwrap()));
}

#[test]
fn a_queue_requiring_a_property_no_node_has_is_pointed_out() {
    let set = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "properties": {"batch": "0-1"}}}));
    let config = Config::from_json_text(
        r#"{"queues": {"batch": {"requires": ["batch"]}, "debug": {"requires": ["debug", "^batch"]}}}"#,
    )
    .unwrap();
    assert_eq!(
        queues::unmatched_requires(&set, &config),
        ["queue 'debug' requires property 'debug', which no node has, so the queue has no nodes"]
    );
}

#[test]
fn a_rank_written_twice_takes_two_places_in_the_nodelist() {
    // Rv1Set sorts (rank, cores, gpus) with repeats and names by position:
    // rank 0 is written twice, so it takes a and b and keeps b; rank 1
    // takes c.
    let set = r(json!({"version": 1, "execution": {
        "R_lite": [{"rank": "0-1", "children": {"core": "0"}},
                   {"rank": "0", "children": {"core": "1"}}],
        "nodelist": ["a", "b", "c"]}}));
    assert_eq!(set.dumps(), "rank0/core1 rank1/core0");
    assert_eq!(set.nodelist().to_string(), "b,c");
}
