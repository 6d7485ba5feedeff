//! `explain` on each kind of key and value, with exact text.

use super::*;

/// The RFC 20 example, with a property, and a graph of one node and one core.
const R: &str = r#"{
  "version": 1,
  "execution": {
    "R_lite": [
      {
        "rank": "19-22",
        "children": {
          "core": "0-47",
          "gpu": "0-7"
        }
      }
    ],
    "nodelist": [
      "node[186-189]"
    ],
    "properties": {
      "debug": "20-21"
    },
    "nslots": 32,
    "starttime": 1676560542,
    "expiration": 1676562342
  },
  "scheduling": {
    "writer": "fluxion:jgf",
    "graph": {
      "nodes": [
        {"id": "0", "metadata": {"type": "node", "basename": "node", "id": 186, "rank": 19, "paths": {"containment": "/node186"}}},
        {"id": "1", "metadata": {"type": "core", "id": 5, "rank": 19, "size": 1, "paths": {"containment": "/node186/core5"}}}
      ],
      "edges": [
        {"source": "0", "target": "1", "metadata": {"subsystem": "containment"}}
      ]
    }
  }
}"#;

/// The explanation at the `nth` occurrence of `needle` (plus `into` bytes).
fn at(needle: &str, nth: usize, into: usize) -> Explained {
    let start = R
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {needle}"))
        .0;
    explain(R, start + into).unwrap_or_else(|| panic!("nothing at {needle}"))
}

/// Title, decoded lines and RFC anchor, for short asserts.
fn said(e: &Explained) -> (String, Vec<String>, String) {
    (e.title.clone(), e.decoded.clone(), e.rfc.anchor.clone())
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn place(ranks: &str, children: &[(&str, &str)]) -> Option<Place> {
    Some(Place {
        ranks: IdSet::parse(ranks).unwrap(),
        children: children
            .iter()
            .map(|(k, v)| (k.to_string(), IdSet::parse(v).unwrap()))
            .collect(),
    })
}

#[test]
fn rank_maps_to_hosts() {
    let e = at("\"19-22\"", 0, 1);
    assert_eq!(
        said(&e),
        (
            "rank".into(),
            strings(&[
                "4 ranks: 19, 20, 21 and 22",
                "the nodelist maps them to node186, node187, node188 and node189"
            ]),
            "rank".into()
        )
    );
    assert_eq!(e.span, (75, 82));
    assert_eq!(
        e.rfc.url,
        "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html#rank"
    );
    assert_eq!(e.place, place("19-22", &[("core", "0-47"), ("gpu", "0-7")]));
    // The key says the same as its value, over the key's bytes.
    let k = at("\"rank\"", 0, 2);
    assert_eq!(said(&k), said(&e));
    assert_eq!(k.span, (67, 73));
}

#[test]
fn cores_per_node_and_in_all() {
    let e = at("\"0-47\"", 0, 0);
    assert_eq!(
        said(&e),
        (
            "core".into(),
            strings(&[
                "48 cores (0-47) on each of 4 nodes, 192 in all",
                "on node186, node187, node188 and node189"
            ]),
            "core".into()
        )
    );
    assert_eq!(e.place, place("19-22", &[("core", "0-47")]));
    let g = at("\"gpu\"", 0, 1);
    assert_eq!(
        said(&g),
        (
            "gpu".into(),
            strings(&[
                "8 GPUs (0-7) on each of 4 nodes, 32 in all",
                "on node186, node187, node188 and node189"
            ]),
            "gpu".into()
        )
    );
}

#[test]
fn entries_children_and_the_list() {
    let e = at("{\n        \"rank\"", 0, 0);
    assert_eq!(
        said(&e),
        (
            "R_lite entry".into(),
            strings(&[
                "4 ranks: 19, 20, 21 and 22",
                "the nodelist maps them to node186, node187, node188 and node189",
                "48 cores (0-47) on each of 4 nodes, 192 in all",
                "8 GPUs (0-7) on each of 4 nodes, 32 in all"
            ]),
            "R_lite".into()
        )
    );
    let c = at("\"children\"", 0, 1);
    assert_eq!(
        said(&c),
        (
            "children".into(),
            strings(&[
                "48 cores (0-47) on each of 4 nodes, 192 in all",
                "8 GPUs (0-7) on each of 4 nodes, 32 in all"
            ]),
            "children".into()
        )
    );
    let l = at("\"R_lite\"", 0, 1);
    assert_eq!(
        said(&l),
        (
            "R_lite".into(),
            strings(&["1 entry over 4 ranks"]),
            "R_lite".into()
        )
    );
}

#[test]
fn document_version_and_execution() {
    let d = explain(R, 0).unwrap();
    assert_eq!(
        said(&d),
        (
            "R document".into(),
            strings(&["4 nodes, 192 cores, 32 GPUs"]),
            "r-format".into()
        )
    );
    let v = at("1,", 0, 0);
    assert_eq!(
        said(&v),
        (
            "version".into(),
            strings(&["version 1: the format of RFC 20"]),
            "version".into()
        )
    );
    let x = at("\"execution\"", 0, 3);
    assert_eq!(x.title, "execution");
    assert_eq!(x.decoded, strings(&["4 nodes, 192 cores, 32 GPUs"]));
}

#[test]
fn nodelist_pairs_hosts_with_ranks() {
    let n = at("\"nodelist\"", 0, 1);
    assert_eq!(
        said(&n),
        (
            "nodelist".into(),
            strings(&[
                "4 hosts for 4 ranks",
                "rank 19 is node186",
                "rank 20 is node187",
                "rank 21 is node188",
                "rank 22 is node189"
            ]),
            "nodelist".into()
        )
    );
    let h = at("\"node[186-189]\"", 0, 3);
    assert_eq!(
        said(&h),
        (
            "nodelist entry".into(),
            strings(&[
                "4 hosts: node186, node187, node188 and node189",
                "for ranks 19-22"
            ]),
            "implementation".into()
        )
    );
    assert_eq!(h.rfc.number, 29);
}

#[test]
fn properties_name_their_nodes() {
    let p = at("\"debug\"", 0, 1);
    assert_eq!(
        said(&p),
        (
            "property".into(),
            strings(&[
                "debug is on 2 ranks: 20 and 21",
                "the nodelist maps them to node187 and node188"
            ]),
            "properties".into()
        )
    );
    assert_eq!(p.place, place("20-21", &[("core", "0-47"), ("gpu", "0-7")]));
    let all = at("\"properties\"", 0, 1);
    assert_eq!(
        all.decoded,
        strings(&["debug: node187 and node188 (2 ranks)"])
    );
}

#[test]
fn times_are_dates() {
    let s = at("1676560542", 0, 0);
    assert_eq!(
        said(&s),
        (
            "starttime".into(),
            strings(&["2023-02-16 15:15:42 UTC"]),
            "starttime".into()
        )
    );
    assert_eq!(s.time, Some(1_676_560_542.0));
    let e = at("\"expiration\"", 0, 1);
    assert_eq!(
        e.decoded,
        strings(&["2023-02-16 15:45:42 UTC", "30 minutes after starttime"])
    );
    let n = at("32,", 0, 0);
    assert_eq!(n.decoded, strings(&["32 slots"]));
}

#[test]
fn scheduling_and_writer() {
    let s = at("\"scheduling\"", 0, 1);
    assert_eq!(
        said(&s),
        (
            "scheduling".into(),
            strings(&["written by fluxion:jgf", "a graph of 2 vertices and 1 edge"]),
            "scheduling".into()
        )
    );
    let w = at("\"fluxion:jgf\"", 0, 1);
    assert_eq!(w.decoded, strings(&["scheduler fluxion, format jgf"]));
    assert_eq!(w.rfc.number, 40);
}

#[test]
fn vertices_spell_out_their_defaults() {
    let v = at("\"type\": \"core\"", 0, 1);
    assert_eq!(
        said(&v),
        (
            "resource type".into(),
            strings(&[
                "type: core",
                "basename: core (not written: the type)",
                "name: core5 (not written: basename and id)",
                "id: 5",
                "size: 1",
                "unit: '' (not written: none)",
                "rank: 19",
                "exclusive: false (not written: false)",
                "paths: containment /node186/core5"
            ]),
            "resource-pool-data-model".into()
        )
    );
    assert_eq!(v.rfc.number, 4);
    assert_eq!(v.place, place("19", &[("core", "5")]));
    let id = at("{\"id\": \"0\"", 0, 2);
    assert_eq!(id.title, "vertex id");
    assert_eq!(id.rfc.anchor, "graph-vertices");
    assert_eq!(id.place, place("19", &[("core", "0-47"), ("gpu", "0-7")]));
    let all = at("\"nodes\"", 0, 1);
    assert_eq!(all.decoded, strings(&["2 vertices", "node 1, core 1"]));
}

#[test]
fn edges_name_their_ends() {
    let e = at("\"source\"", 0, 1);
    assert_eq!(
        said(&e),
        (
            "edge source".into(),
            strings(&[
                "from '0' (node node186) to '1' (core core5)",
                "subsystem containment, relationship not written"
            ]),
            "graph-edges".into()
        )
    );
    assert_eq!(e.place, place("19", &[("core", "5")]));
    let s = at("\"subsystem\"", 0, 1);
    assert_eq!(s.title, "subsystem");
    let g = at("\"graph\"", 0, 1);
    assert_eq!(
        g.decoded,
        strings(&["2 vertices and 1 edge", "node 1, core 1"])
    );
}

#[test]
fn unknown_keys_and_outside() {
    let text = r#"{"version": 1, "extra": {"a": [1]}}"#;
    let e = explain(text, 17).unwrap();
    assert_eq!(e.title, "'extra'");
    assert_eq!(e.rfc.anchor, "r-format");
    let inner = explain(text, 31).unwrap();
    assert_eq!(inner.title, "value");
    assert_eq!(explain(text, text.len()), None);
    assert_eq!(explain("{\"a\": ", 1), None);
}

#[test]
fn broken_values_are_said_so() {
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "3-1", "children": {"core": "x"}}], "nodelist": ["a[1-"]}}"#;
    let r = explain(text, text.find("3-1").unwrap()).unwrap();
    assert_eq!(r.decoded, strings(&["no rank that reads as an id set"]));
    let c = explain(text, text.find("\"x\"").unwrap()).unwrap();
    assert_eq!(c.decoded, strings(&["not an id set"]));
    let n = explain(text, text.find("a[1-").unwrap()).unwrap();
    assert_eq!(n.decoded, strings(&["not a host list"]));
}

/// The byte ranges of every key in `text`, walked with a stack.
fn every_key(text: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let root = crate::json::parse_whole(text).unwrap();
    let mut out = Vec::new();
    let mut todo = vec![&root];
    while let Some(v) = todo.pop() {
        match v {
            crate::json::Value::Object(o) => {
                for m in crate::json::members(o).0 {
                    out.push((m.name.to_string(), m.name_range.clone()));
                    todo.push(m.value);
                }
            }
            crate::json::Value::Array(a) => todo.extend(a.elements.iter()),
            _ => {}
        }
    }
    out
}

#[test]
fn every_key_of_r_and_its_graph_has_a_card() {
    for (name, span) in every_key(R) {
        let e = explain(R, span.start + 1).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(e.span, (span.start, span.end), "{name}");
        assert!(!e.title.starts_with('\''), "{name} is explained as unknown");
        assert!(!e.body.is_empty() && !e.decoded.is_empty(), "{name}");
        assert!(
            e.rfc.url.contains(&format!("spec_{}.html#", e.rfc.number)),
            "{name}"
        );
    }
    // A child type RFC 20 does not name is still explained.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0", "fpga": "0-1"}}], "nodelist": ["a"]}}"#;
    let f = explain(text, text.find("fpga").unwrap()).unwrap();
    assert_eq!(
        said(&f),
        (
            "child type".into(),
            strings(&["2 fpgas (0-1) on its node", "on a"]),
            "children".into()
        )
    );
}

#[test]
fn status_sets_are_rs_of_their_own() {
    let text = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["n[0-3]"]}}, "allocated": {"version": 1, "execution": {"R_lite": [{"rank": "2", "children": {"core": "0-3"}}], "nodelist": ["n2"]}}}"#;
    let a = explain(text, 2).unwrap();
    assert_eq!(
        said(&a),
        (
            "status set".into(),
            strings(&["all: every resource of the instance", "4 nodes, 32 cores"]),
            "r-format".into()
        )
    );
    let at = text.rfind("\"0-3\"").unwrap() + 1;
    let c = explain(text, at).unwrap();
    assert_eq!(c.decoded, strings(&["4 cores (0-3) on its node", "on n2"]));
}

#[test]
fn keys_and_scalars_are_leaves() {
    assert!(at("\"rank\"", 0, 1).leaf);
    assert!(at("\"19-22\"", 0, 1).leaf);
    assert!(!at("{\n        \"rank\"", 0, 0).leaf);
    assert!(!explain(R, 0).unwrap().leaf);
}

/// A `resource.status` payload, its keys explained as what `flux resource
/// status` reads.
#[test]
fn a_payloads_keys_say_what_flux_resource_status_reads() {
    let text = include_str!("../../../../../tests/fixtures/flux-resource/status/drain.json");
    let at = |needle: &str| text.find(needle).unwrap() + 1;
    let online = explain(text, at("\"0-3\"\n}")).unwrap();
    assert_eq!(
        (online.title.as_str(), online.decoded.clone()),
        (
            "online",
            vec!["4 ranks: 0-3, hosts foo1, foo2, foo3 and foo4".to_string()]
        )
    );
    assert_eq!(online.place.unwrap().ranks.to_string(), "0-3");
    let drained = explain(text, at("\"1\": {")).unwrap();
    assert_eq!(drained.decoded, ["1 rank: 1, hosts foo2"]);
    let when = explain(text, at("1607544031")).unwrap();
    assert_eq!(
        (when.title.as_str(), when.decoded.clone()),
        (
            "drain timestamp",
            vec!["2020-12-09 20:00:31 UTC".to_string()]
        )
    );
    // The payload's R is explained as an R.
    let nodelist = explain(text, at("\"nodelist\"")).unwrap();
    assert_eq!(nodelist.title, "nodelist");
    let whole = explain(text, 0).unwrap();
    assert_eq!(whole.title, "resource.status payload");
}

/// An RFC 31 constraint: `gpu`, not `slow` (as `^`), a `-` that is part of
/// a name, a negated host list, ranks and an empty `or`.
const CONSTRAINT: &str = r#"{"and": [{"properties": ["gpu", "^slow", "-fast"]}, {"not": [{"hostlist": ["foo[1-3]"]}]}, {"ranks": ["0-3"]}, {"or": []}]}"#;

/// The card at the `nth` occurrence of `needle` in [`CONSTRAINT`] (one
/// byte in, on a key or a string).
fn in_constraint(needle: &str, into: usize) -> Explained {
    let at = CONSTRAINT
        .find(needle)
        .unwrap_or_else(|| panic!("no {needle}"));
    explain(CONSTRAINT, at + into).unwrap_or_else(|| panic!("nothing at {needle}"))
}

#[test]
fn a_constraint_says_what_it_selects() {
    let whole = in_constraint("{\"and\"", 0);
    assert_eq!(
        said(&whole),
        (
            "constraint".into(),
            // The empty or at its end: no node, as Rv1Set reads it.
            strings(&[
                "selects no node, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
                "selects the nodes with property gpu and without property slow and with property -fast and not on hosts foo[1-3] and of ranks 0-3, as librlist (flux-core before sched-simple in Python, and Fluxion) reads it"
            ]),
            "representation".into()
        )
    );
    assert_eq!(
        whole.body,
        "An RFC 31 job constraint: an object of one operator, whose value is an array. properties, hostlist and ranks take strings; and, or and not take constraints, so terms nest. The empty object {} is no constraint to today's scheduler (sched-simple in Python, over Rv1Pool), so every node; Rv1Set's copy_constraint refuses it and librlist reads every node. flux submit --requires writes the same constraint in a shorter query syntax."
    );
    assert_eq!(
        whole.rfc.url,
        "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_31.html#representation"
    );
    assert!(!whole.leaf);
    let term = in_constraint("{\"not\"", 0);
    assert_eq!(
        (term.title.as_str(), term.decoded.clone()),
        (
            "term 2 of and",
            strings(&["selects the nodes not on hosts foo[1-3]"])
        )
    );
}

#[test]
fn properties_say_how_each_form_negates() {
    let key = in_constraint("\"properties\"", 1);
    assert_eq!(
        said(&key),
        (
            "properties".into(),
            strings(&[
                "3 names",
                "selects the nodes with property gpu and without property slow and with property -fast"
            ]),
            "representation".into()
        )
    );
    assert_eq!(
        key.body,
        "Property names every selected node must have. A name that begins with ^ is one the node must not have: that is RFC 31's negation, and it works only inside this array. The --requires query syntax negates a term with - instead: -gpu becomes {\"not\": [{\"properties\": [\"gpu\"]}]}, which selects the same nodes as {\"properties\": [\"^gpu\"]}. Here a - is part of the name. librlist (flux-core's C scheduler before sched-simple in Python, and Fluxion) also matches a name with the node whose host name it is; today's Rv1Set does not, and it reads a string given in place of the array as one name a character."
    );
    assert_eq!(key.span, (10, 22));
    let gpu = in_constraint("\"gpu\"", 1);
    assert_eq!(
        (gpu.title.as_str(), gpu.decoded.clone()),
        (
            "property",
            strings(&["selects the nodes with property gpu"])
        )
    );
    let slow = in_constraint("\"^slow\"", 1);
    assert_eq!(
        said(&slow),
        (
            "negated property".into(),
            strings(&[
                "selects the nodes without property slow",
                "a --requires query writes it -slow, which flux-core's parser turns into {\"not\": [{\"properties\": [\"slow\"]}]}: the same nodes"
            ]),
            "representation".into()
        )
    );
    assert_eq!(
        slow.body,
        "A name that begins with ^: RFC 31's negation inside properties. The node must not have the property that follows."
    );
    let fast = in_constraint("\"-fast\"", 1);
    assert_eq!(
        (fast.title.as_str(), fast.body.as_str(), fast.decoded.clone()),
        (
            "property",
            "A property name. In the JSON a - is not a negation: it is part of the name, however the --requires query syntax uses it.",
            strings(&[
                "selects the nodes with a property named -fast, which a node rarely has",
                "to leave out the nodes with fast, write ^fast here (-fast in a --requires query)"
            ])
        )
    );
    let bad = r#"{"properties": ["a|b", 3]}"#;
    let a = explain(bad, bad.find("a|b").unwrap()).unwrap();
    assert_eq!(
        a.decoded,
        strings(&["librlist refuses it: invalid character '|' in property \"a|b\""])
    );
    let three = explain(bad, bad.find('3').unwrap()).unwrap();
    assert_eq!(
        three.decoded,
        strings(&["librlist refuses it: non-string property specified"])
    );
}

#[test]
fn host_lists_and_ranks_are_rfc_29_and_22() {
    let key = in_constraint("\"hostlist\"", 1);
    assert_eq!(
        (key.title.as_str(), key.body.as_str(), key.decoded.clone()),
        (
            "hostlist",
            "RFC 29 host lists: a node is selected when its host name is in one of them. librlist skips an entry that is not a string, and selects no node when the value is not an array. In a --requires query, host:NAMES or hosts:NAMES.",
            strings(&["1 host list", "selects the nodes on hosts foo[1-3]"])
        )
    );
    let hosts = in_constraint("\"foo[1-3]\"", 1);
    assert_eq!(
        said(&hosts),
        (
            "host list".into(),
            strings(&["3 hosts: foo1, foo2 and foo3"]),
            "implementation".into()
        )
    );
    assert_eq!(hosts.rfc.number, 29);
    let ranks = in_constraint("\"ranks\"", 1);
    assert_eq!(
        (ranks.title.as_str(), ranks.decoded.clone()),
        (
            "ranks",
            strings(&["1 id set", "selects the nodes of ranks 0-3"])
        )
    );
    let ids = in_constraint("\"0-3\"", 1);
    assert_eq!(
        (ids.title.as_str(), ids.rfc.number, ids.decoded.clone()),
        ("id set", 22, strings(&["4 ranks: 0, 1, 2 and 3"]))
    );
    let bad = r#"{"ranks": ["3-1"]}"#;
    let refused = explain(bad, bad.find("3-1").unwrap()).unwrap();
    assert_eq!(refused.decoded.len(), 1);
    assert!(refused.decoded[0].starts_with("librlist refuses it: not an id set"));
    let key = explain(bad, 2).unwrap();
    assert_eq!(
        key.decoded,
        strings(&[
            "1 id set",
            "Rv1Set (sched-simple in Python, flux-core's default scheduler) refuses it where a node reaches it: IDset(): Invalid argument: 3-1",
            "librlist refuses it: invalid idset '3-1' in [\"3-1\"]"
        ])
    );
}

#[test]
fn and_or_not_give_both_readings_answers_for_empty_lists() {
    let or = in_constraint("\"or\"", 1);
    assert_eq!(
        (or.title.as_str(), or.body.as_str(), or.decoded.clone()),
        (
            "or",
            "At least one term in the array must hold. An empty array, {\"or\": []}, selects no node as today's scheduler (Rv1Set) reads it; librlist selects every node. In a --requires query, or, | or ||.",
            strings(&[
                "0 terms",
                "selects no node, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
                "selects every node, as librlist (flux-core before sched-simple in Python, and Fluxion) reads it"
            ])
        )
    );
    let and = in_constraint("\"and\"", 1);
    assert_eq!(
        and.body,
        "Every term in the array must hold. An empty array, {\"and\": []}, selects every node. In a --requires query, and, & or && (or terms side by side)."
    );
    let not = in_constraint("\"not\"", 1);
    assert_eq!(
        (not.body.as_str(), not.decoded.clone()),
        (
            "The nodes its term does not select. With several terms, today's scheduler (Rv1Set) reads only the first, so {\"not\": [a, b]} is not a, where librlist negates their and: not (a and b). An empty array, {\"not\": []}, is refused by Rv1Set and selects no node in librlist. In a --requires query, not, or - before a single term.",
            strings(&["1 term", "selects the nodes not on hosts foo[1-3]"])
        )
    );
    let none = r#"{"not": []}"#;
    assert_eq!(
        explain(none, 2).unwrap().decoded,
        strings(&[
            "0 terms",
            "Rv1Set (sched-simple in Python, flux-core's default scheduler) refuses it where a node reaches it: 'not' operand must be a non-empty list, got []",
            "selects no node, as librlist (flux-core before sched-simple in Python, and Fluxion) reads it"
        ])
    );
    let several = r#"{"not": [{"ranks": ["0"]}, {"properties": ["^a"]}]}"#;
    assert_eq!(
        explain(several, 0).unwrap().decoded,
        strings(&[
            "selects the nodes not of rank 0, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
            "selects the nodes not (of rank 0 and without property a), as librlist (flux-core before sched-simple in Python, and Fluxion) reads it"
        ])
    );
}

#[test]
fn a_misspelt_operator_is_said_so_and_an_r_stays_an_r() {
    let text = r#"{"propertie": ["x"], "ranks": ["1"]}"#;
    let e = explain(text, 2).unwrap();
    assert_eq!(
        (e.title.as_str(), e.decoded.clone(), e.rfc.number),
        (
            "'propertie'",
            strings(&[
                "selects the nodes of rank 1, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
                "librlist refuses it: constraint must only contain 1 element"
            ]),
            31
        )
    );
    // An R with a key named like an operator is still an R.
    let r = r#"{"version": 1, "ranks": ["1"]}"#;
    assert_eq!(explain(r, 17).unwrap().rfc.number, 20);
}

/// Four lines of `tests/fixtures/resource-eventlog/events.jsonl`.
const EVENTS: &str = r#"{"timestamp": 1738091754.2095973, "name": "restart", "context": {"ranks": "0-3", "online": "", "nodelist": "test[0-3]"}}
{"timestamp": 1738091754.6308477, "name": "online", "context": {"idset": "0-3"}}
{"timestamp": 1738091800.4, "name": "drain", "context": {"idset": "1", "nodelist": "test1", "reason": "bad dimm", "overwrite": 0}}
{"timestamp": 1738091900.6, "name": "drain", "context": {"idset": "1-2", "nodelist": "test[1-2]", "reason": "maintenance", "overwrite": 1}}
"#;

/// The card at the first byte of the `nth` (from 0) occurrence of `needle`.
fn card_at(text: &str, needle: &str, nth: usize) -> Explained {
    let at = text.match_indices(needle).nth(nth).expect("needle").0;
    explain(text, at).expect("a card")
}

#[test]
fn an_eventlog_drain_says_what_its_overwrite_did_to_ranks_drained_before() {
    let c = card_at(EVENTS, "1}}", 0);
    assert_eq!(c.title, "drain: overwrite");
    assert_eq!(
        c.decoded,
        [
            "1: ranks drained already take this reason and keep their time",
            "before this event, drained already: 1 rank: 1, reason 'bad dimm'",
        ]
    );
    assert_eq!(c.rfc.url, format!("{RFC_BASE}/spec_44.html#drain"));
    let first = card_at(EVENTS, "0}}", 0);
    assert_eq!(
        first.decoded,
        [
            "0: ranks drained already keep their reason and time",
            "before this event, none of its ranks was drained: overwrite changes nothing here",
        ]
    );
}

#[test]
fn an_eventlog_event_is_explained_with_its_time_and_ranks() {
    let c = card_at(EVENTS, "\"restart\"", 0);
    assert_eq!(c.title, "restart event");
    assert!(
        c.body.starts_with("The resource module (re)started."),
        "{}",
        c.body
    );
    assert_eq!(
        c.decoded,
        [
            "posted 2025-01-28 19:15:54 UTC",
            "ranks: 4 ranks: 0-3",
            "online: no rank",
        ]
    );
    let start = EVENTS.find("\"restart\"").unwrap();
    assert_eq!(c.span, (start, start + 9));
    let online = card_at(EVENTS, "\"0-3\"}", 0);
    assert_eq!(
        (online.title.as_str(), online.decoded.clone()),
        ("online: idset", vec!["4 ranks: 0-3".to_string()])
    );
    assert_eq!(online.rfc.anchor, "online-offline");
    let time = card_at(EVENTS, "1738091800.4", 0);
    assert_eq!(
        (time.title.as_str(), time.time),
        ("event timestamp", Some(1738091800.4))
    );
}

#[test]
fn a_journal_response_s_events_are_explained_in_place() {
    let text = r#"{"events": [
  {"timestamp": 1.0, "name": "restart", "context": {"ranks": "0-1", "online": "0", "nodelist": "a[0-1]"}},
  {"timestamp": 2.0, "name": "torpid", "context": {"idset": "1"}}
]}"#;
    let c = card_at(text, "\"torpid\"", 0);
    assert_eq!(c.title, "torpid event");
    assert_eq!(
        c.decoded,
        ["posted 1970-01-01 00:00:02 UTC", "idset: 1 rank: 1"]
    );
    assert!(explain(text, 2).is_none(), "the events key is no event");
}
