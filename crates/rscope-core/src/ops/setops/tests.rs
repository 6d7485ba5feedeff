use super::*;

const A: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["node[0-1]"]}}"#;
const B: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "0-3"}}], "nodelist": ["node[1-2]"]}}"#;
const OTHER_HOSTS: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "4-5"}}], "nodelist": ["other1"]}}"#;

fn tabs<'a>(texts: &[&'a str]) -> Inputs<'a> {
    let named: Vec<(char, &str)> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| ((b'A' + i as u8) as char, *t))
        .collect();
    Inputs::tabs(&named)
}

fn short(text: &str) -> String {
    decode(
        &Inputs::tabs(&[('A', text)]),
        &Decode {
            short: true,
            ..Decode::default()
        },
    )
    .unwrap()
}

#[test]
fn tabs_give_what_stdin_gives_for_the_same_documents() {
    let both = format!("{A}\n{B}");
    let stdin = Inputs::stdin(&both);
    let two = tabs(&[A, B]);
    assert_eq!(union(&two), union(&stdin));
    assert_eq!(diff(&two), diff(&stdin));
    assert_eq!(intersect(&two, false), intersect(&stdin, false));
    assert_eq!(remap(&two), remap(&stdin));
    assert_eq!(short(&union(&two).unwrap()), "rank[0-2]/core[0-3]\n");
    assert_eq!(short(&diff(&two).unwrap()), "rank0/core[0-3]\n");
    assert_eq!(short(&intersect(&two, false).unwrap()), "rank1/core[0-3]\n");
}

#[test]
fn append_refuses_an_overlap_naming_it() {
    assert_eq!(
        append(&tabs(&[A, B])).unwrap_err().message,
        "R objects 'rank[0-1]/core[0-3]' and 'rank[1-2]/core[0-3]' overlap on rank1/core[0-3]"
    );
}

#[test]
fn a_document_that_cannot_be_read_is_placed_in_its_tab() {
    let v2 = r#"{"version": 2, "execution": {"R_lite": []}}"#;
    let r = union(&tabs(&[A, v2])).unwrap_err();
    assert_eq!(
        r.message,
        "Failed to decode R in B: unsupported version 2 (line 1, column 13)"
    );
    assert_eq!((r.input, r.span), (Some(1), Some(12..13)));
    let r = diff(&tabs(&[A, "{\"version\": 1,\n  x"])).unwrap_err();
    assert_eq!(
        r.message,
        "Failed to read an R object in B: not JSON: key must be a string (line 2, column 3)"
    );
    let r = union(&Inputs::stdin("{\"version\": 2}")).unwrap_err();
    assert_eq!(
        r.message,
        "Failed to decode R on stdin: unsupported version 2 (line 1, column 13)"
    );
}

#[test]
fn a_status_document_is_refused_as_one() {
    let status = format!(r#"{{"all": {A}, "down": null}}"#);
    assert_eq!(
        diff(&tabs(&[A, &status])).unwrap_err().message,
        "Failed to decode R in B: missing key 'version' (line 1, column 1) (this is a resource status document, not an R; its \"all\" member is the R)"
    );
}

#[test]
fn a_rank_with_two_host_names_gives_flux_rs_answer_and_a_warning_naming_both_tabs() {
    let two = tabs(&[A, OTHER_HOSTS]);
    let both = format!("{A}{OTHER_HOSTS}");
    assert_eq!(union(&two), union(&Inputs::stdin(&both)));
    assert_eq!(
        two.warnings.take(),
        ["rank 1 is node1 in A but other1 in B: a rank is one host, so one name is wrong; the result keeps the first, as flux R does"]
    );
    let stdin = Inputs::stdin(&both);
    union(&stdin).unwrap();
    assert_eq!(stdin.warnings.take(), Vec::<String>::new());
}

#[test]
fn host_conflicts_are_counted_by_pair_of_tabs() {
    let c = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}], "nodelist": ["c[0-2]"]}}"#;
    let read = |t: &str| crate::rset::load(t).unwrap();
    let (a, b, c) = (read(A), read(OTHER_HOSTS), read(c));
    let named = [("A".to_string(), &a), ("B".into(), &b), ("C".into(), &c)];
    assert_eq!(
        host_conflicts(named),
        [
            "rank 1 is node1 in A but other1 in B: a rank is one host, so one name is wrong; the result keeps the first, as flux R does",
            "rank 0 is node0 in A but c0 in C, and 1 more rank differs too: a rank is one host, so one name is wrong; the result keeps the first, as flux R does",
        ]
    );
}

#[test]
fn standard_input_merges_a_rank_of_two_host_names_as_flux_r_does() {
    let both = format!("{A}{OTHER_HOSTS}");
    assert_eq!(
        short(&union(&Inputs::stdin(&both)).unwrap()),
        "rank0/core[0-3] rank1/core[0-5]\n"
    );
}

#[test]
fn verify_gives_a_verdict_and_refuses_a_wrong_count() {
    let one = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-5"}}], "nodelist": ["node1"]}}"#;
    assert_eq!(
        verify(&tabs(&[A, one])).unwrap(),
        SetVerdict {
            ok: true,
            message: "rank 1 (node1) has extra resources: core[4-5]".into()
        }
    );
    assert_eq!(
        verify(&tabs(&[one, A])).unwrap(),
        SetVerdict {
            ok: false,
            message: "Verification supported on single rank only".into()
        }
    );
    assert_eq!(
        verify(&tabs(&[A])).unwrap_err().message,
        "verify requires exactly 2 R objects in A"
    );
    assert_eq!(
        verify(&tabs(&[A, B, A])).unwrap_err().message,
        "verify requires exactly 2 R objects in A, B and C"
    );
}

#[test]
fn filters_apply_in_decode_order() {
    let a = Decode {
        ranks: true,
        filter: Filter {
            include: Some("1-2".into()),
            exclude: Some("2".into()),
            properties: None,
        },
        ..Decode::default()
    };
    assert_eq!(decode(&tabs(&[A, B]), &a).unwrap(), "1\n");
    let bad = Decode {
        filter: Filter {
            include: Some("2-1".into()),
            ..Filter::default()
        },
        ..Decode::default()
    };
    assert_eq!(
        decode(&tabs(&[A]), &bad).unwrap_err().message,
        "invalid ranks option '2-1': reversed range '2-1' at column 1"
    );
}

/// `decode` with `filter` over `texts`, as ranks then nodelist, or the refusal.
fn filter_out(texts: &[&str], filter: Filter) -> Result<String, String> {
    let a = Decode {
        ranks: true,
        nodelist: true,
        filter,
        ..Decode::default()
    };
    decode(&tabs(texts), &a).map_err(|r| r.message)
}

fn hosts(include: Option<&str>, exclude: Option<&str>, properties: Option<&str>) -> Filter {
    Filter {
        include: include.map(String::from),
        exclude: exclude.map(String::from),
        properties: properties.map(String::from),
    }
}

#[test]
fn include_and_exclude_take_host_names_as_a_host_list() {
    assert_eq!(
        filter_out(&[A, B], hosts(Some("node[2,0]"), None, None)),
        Ok("node[0,2]\n0,2\n".into())
    );
    assert_eq!(
        filter_out(&[A, B], hosts(None, Some("node1"), None)),
        Ok("node[0,2]\n0,2\n".into())
    );
    assert_eq!(
        filter_out(&[A, B], hosts(Some("node[0-1]"), Some("node0"), None)),
        Ok("node1\n1\n".into())
    );
    // Ranks still work, and an id set is read as ranks first.
    assert_eq!(
        filter_out(&[A, B], hosts(Some("1-2"), Some("node2"), None)),
        Ok("node1\n1\n".into())
    );
    // A host names every rank that has its name (rlist_hosts_to_ranks).
    let twin = include_str!("../../../../../tests/fixtures/r/twin-hosts.json");
    assert_eq!(
        filter_out(&[twin], hosts(Some("twin"), None, None)),
        Ok("twin,twin\n0-1\n".into())
    );
}

#[test]
fn unknown_hosts_are_refused_in_the_references_words() {
    assert_eq!(
        filter_out(&[A, B], hosts(Some("node[1-4]"), None, None)),
        Err("--include 'node[1-4]': invalid hosts: node[3-4]".into())
    );
    assert_eq!(
        filter_out(&[A], hosts(None, Some("other1"), None)),
        Err("--exclude 'other1': invalid hosts: other1".into())
    );
    assert_eq!(
        filter_out(&[A], hosts(Some("node[0-"), None, None)),
        Err("--include 'node[0-': Hostlist cannot be decoded".into())
    );
    assert_eq!(
        filter_out(&[A], hosts(None, Some("3-1"), None)),
        Err("invalid idset in --exclude option '3-1': reversed range '3-1' at column 1".into())
    );
    // Hosts are looked up before --properties drops any: node1 has no
    // property "big" but is no unknown host.
    let big = set_property(&tabs(&[A]), &["big:0".into()]).unwrap();
    assert_eq!(
        filter_out(&[&big], hosts(None, Some("node1"), Some("big"))),
        Ok("node0\n0\n".into())
    );
}

#[test]
fn set_property_and_rerank_run_on_the_union() {
    let r = set_property(&tabs(&[A]), &["big:1".into()]).unwrap();
    assert!(r.contains(r#""properties": {"big": "1"}"#), "{r}");
    let r = rerank(&tabs(&[A]), Some("node[1,0]")).unwrap();
    assert_eq!(short(&r), "rank[0-1]/core[0-3]\n");
    assert_eq!(
        rerank(&tabs(&[A]), Some("node[0-2]")).unwrap_err().message,
        "Too many hosts specified (expected 2)"
    );
}

#[test]
fn diff_summary_says_what_b_adds_and_removes_by_node() {
    let a = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-4", "children": {"core": "0-7"}}], "nodelist": ["node[0-4]"]}}"#;
    let b = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1,3-4", "children": {"core": "0-7"}}, {"rank": "2", "children": {"core": "4-7"}}, {"rank": "5-8", "children": {"core": "0-7"}}], "nodelist": ["node[0-8]"]}}"#;
    assert_eq!(
        summary::describe_inputs(&tabs(&[a, b])).unwrap(),
        "adds node[5-8]; removes core[0-3] on node2"
    );
    assert_eq!(
        summary::describe_inputs(&tabs(&[a, a])).unwrap(),
        "no change"
    );
}
