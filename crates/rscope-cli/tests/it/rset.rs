//! R documents: every diagnostic (exact message, span, pointer), operations
//! against librlist's expected results, and the set laws against a naive
//! model. The goldens over the Flux samples are in the corpus tier
//! (tests/corpus/rset.rs); `fixtures.rs` covers the project's own documents.

use rscope_core::diag::Severity;
use rscope_core::idset::IdSet;
use rscope_core::rset::{self, Rset};
use std::collections::{BTreeMap, BTreeSet};

/// Expected finding: severity, message, the text its span covers, pointer.
/// The covered text is found at its first occurrence after the previous
/// finding's start; `a«b»c` means "the `b` in the first `abc`".
type Want<'a> = (Severity, &'a str, &'a str, &'a str);

fn check(input: &str, want: &[Want]) {
    let got = rset::parse(input).diagnostics;
    let shown: Vec<String> = got
        .iter()
        .map(|d| {
            format!(
                "{} {:?} {:?} {}",
                d.severity,
                d.message,
                &input[d.span.clone()],
                d.pointer
            )
        })
        .collect();
    assert_eq!(got.len(), want.len(), "input {input}\ngot {shown:#?}");
    let mut from = 0;
    for (d, (sev, msg, covers, ptr)) in got.iter().zip(want) {
        let (anchor, inner_start, inner) = match covers.split_once('«') {
            Some((pre, rest)) => {
                let (mid, post) = rest.split_once('»').expect("closing »");
                (format!("{pre}{mid}{post}"), pre.len(), mid)
            }
            None => (covers.to_string(), 0, *covers),
        };
        let at = input[from..]
            .find(&anchor)
            .map(|i| i + from)
            .unwrap_or_else(|| panic!("{anchor:?} not in input"));
        let start = at + inner_start;
        let want_span = start..start + inner.len();
        assert_eq!(
            (
                d.severity,
                d.message.as_str(),
                d.span.clone(),
                d.pointer.as_str()
            ),
            (*sev, *msg, want_span, *ptr),
            "input {input}\ngot {shown:#?}"
        );
        from = start;
    }
}

use Severity::{Error as E, Note as N, Warning as W};

const OK: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["n[0-1]"]}}"#;

#[test]
fn valid_document_has_no_findings() {
    check(OK, &[]);
    let p = rset::parse(OK);
    assert!(p.rset.is_some() && p.rejection.is_none());
}

#[test]
fn json_errors() {
    check(
        "{\"version\": 1,}",
        &[(E, "not JSON: trailing commas are not allowed", ",", "")],
    );
    check("[1, 2", &[(E, "not JSON: unterminated array", "[1, 2", "")]);
    check("", &[(E, "not JSON: empty document", "", "")]);
    check(
        "42",
        &[(E, "R must be a JSON object, not a number", "42", "")],
    );
}

#[test]
fn version_errors() {
    check(
        r#"{"execution": {"R_lite": [], "nodelist": []}}"#,
        &[(E, "missing key 'version'", "{", "")],
    );
    check(
        r#"{"version": 2, "execution": {"R_lite": []}}"#,
        &[
            (E, "unsupported version 2", "2", "/version"),
            (W, "missing key 'nodelist'", "«{»\"R_lite", "/execution"),
        ],
    );
    check(
        r#"{"version": 1.0, "execution": {"R_lite": [], "nodelist": []}}"#,
        &[(
            E,
            "'version' must be an integer, not a real number",
            "1.0",
            "/version",
        )],
    );
    check(
        r#"{"version": "1", "execution": {"R_lite": [], "nodelist": []}}"#,
        &[(
            E,
            "'version' must be an integer, not a string",
            "\"1\"",
            "/version",
        )],
    );
}

#[test]
fn execution_and_scheduling_errors() {
    check(
        r#"{"version": 1}"#,
        &[(
            E,
            "missing key 'execution': R needs 'execution' or 'scheduling'",
            "{",
            "",
        )],
    );
    check(
        r#"{"version": 1, "scheduling": {"graph": {"nodes": [], "edges": []}}}"#,
        &[(
            E,
            "missing key 'execution' (flux-core requires it even when 'scheduling' is present)",
            "{",
            "",
        )],
    );
    check(
        r#"{"version": 1, "execution": [], "scheduling": 7}"#,
        &[
            (
                E,
                "'execution' must be an object, not an array",
                "[]",
                "/execution",
            ),
            (
                E,
                "'scheduling' must be an object, not a number",
                "7",
                "/scheduling",
            ),
        ],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [], "nodelist": []}, "scheduling": {"writer": 3}}"#,
        &[(
            W,
            "'writer' must be a string (a URI), not a number",
            "3",
            "/scheduling/writer",
        )],
    );
}

#[test]
fn r_lite_errors() {
    check(
        r#"{"version": 1, "execution": {"nodelist": []}}"#,
        &[(E, "missing key 'R_lite'", "«{»\"nodelist", "/execution")],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": {}}}"#,
        &[
            (W, "missing key 'nodelist'", "«{»\"R_lite", "/execution"),
            (
                E,
                "'R_lite' must be an array, not an object (flux-core reads it as empty)",
                "{}",
                "/execution/R_lite",
            ),
        ],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"children": {"core": "0"}}, {"rank": "1"}, 5], "nodelist": []}}"#,
        &[
            (
                E,
                "missing key 'rank'",
                "«{»\"children",
                "/execution/R_lite/0",
            ),
            (
                N,
                "Fluxion's find --format=rv1 writes entries with no rank: the partial view numbers them from the last rank read, in order",
                "«{»\"children",
                "/execution/R_lite/0",
            ),
            (
                E,
                "missing key 'children'",
                "«{»\"rank",
                "/execution/R_lite/1",
            ),
            (
                E,
                "R_lite entry must be an object, not a number",
                "5",
                "/execution/R_lite/2",
            ),
        ],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": 0, "children": {"core": 1}}], "nodelist": []}}"#,
        &[
            (
                E,
                "rank must be an id set string, not a number",
                "0",
                "/execution/R_lite/0/rank",
            ),
            (
                E,
                "'core' id set must be an id set string, not a number",
                "1",
                "/execution/R_lite/0/children/core",
            ),
        ],
    );
}

#[test]
fn idset_findings() {
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-", "children": {"core": "0"}}]}}"#,
        &[
            (W, "missing key 'nodelist'", "«{»\"R_lite", "/execution"),
            (
                E,
                "invalid rank: missing id after '-'",
                "\"0-«»",
                "/execution/R_lite/0/rank",
            ),
        ],
    );
    // Today's librlist decodes with the strict idset_decode(): what the
    // older decoder took is refused, with the canonical spelling as a fix.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "3,1-2"}}], "nodelist": ["a"]}}"#;
    check(
        text,
        &[(
            E,
            "invalid 'core' id set: '1-2' is out of order",
            "1-2",
            "/execution/R_lite/0/children/core",
        )],
    );
    let p = rset::parse(text);
    assert!(p.rset.is_none());
    assert_eq!(p.rejection.as_ref(), p.diagnostics.first());
    let fix = p.diagnostics[0].fix.as_ref().expect("a fix");
    assert_eq!(&text[fix.span.clone()], "\"3,1-2\"");
    assert_eq!(fix.replacement, "\"1-3\"");
    assert_eq!(fix.message, "write the id set canonically");

    // A rank list an old scheduler once wrote.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}"#;
    check(
        text,
        &[(
            E,
            "invalid rank: overlapping range '0-1'",
            "0,«0-1»,",
            "/execution/R_lite/0/rank",
        )],
    );
    let p = rset::parse(text);
    assert!(p.rset.is_none() && p.rejection.is_some());
    let fix = p.diagnostics[0].fix.clone().expect("a fix");
    assert_eq!(fix.replacement, "\"0-95\"");
    let mut fixed = text.to_string();
    fixed.replace_range(fix.span, &fix.replacement);
    check(&fixed, &[]);
    assert_eq!(rset::load(&fixed).unwrap().len(), 96);

    // Refused by every decoder: no fix to offer.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "-1", "children": {"core": "0"}}], "nodelist": ["a"]}}"#;
    check(
        text,
        &[(
            E,
            "invalid rank: negative id '-1'",
            "-1",
            "/execution/R_lite/0/rank",
        )],
    );
    assert_eq!(rset::parse(text).diagnostics[0].fix, None);

    // Empty elements are skipped by the decoder: accepted, with a warning.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "1,,2,"}}], "nodelist": ["a"]}}"#;
    check(
        text,
        &[
            (
                W,
                "'core' id set is not canonical RFC 22: empty element",
                "1,«»,",
                "/execution/R_lite/0/children/core",
            ),
            (
                W,
                "'core' id set is not canonical RFC 22: empty element",
                "2,«»\"",
                "/execution/R_lite/0/children/core",
            ),
        ],
    );
    let p = rset::parse(text);
    assert_eq!(p.rset.unwrap().short_form(), "rank0/core[1-2]");
    assert_eq!(
        p.diagnostics[0]
            .fix
            .as_ref()
            .map(|f| f.replacement.as_str()),
        Some("\"1-2\"")
    );
    // The whole literal is replaced, escapes and all.
    let text = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "\u0033,1-2"}}], "nodelist": ["a"]}}"#;
    let fix = rset::parse(text).diagnostics[0].fix.clone().expect("a fix");
    assert_eq!(&text[fix.span], r#""\u0033,1-2""#);
    assert_eq!(fix.replacement, "\"1-3\"");
}

#[test]
fn overlapping_and_merged_entries() {
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}, {"rank": "1", "children": {"core": "1-2"}}], "nodelist": ["a", "b"]}}"#,
        &[(
            E,
            "rank 1 has core 1 in an earlier R_lite entry",
            "\"1-2\"",
            "/execution/R_lite/1/children/core",
        )],
    );
    let merged = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-1"}}, {"rank": "1", "children": {"core": "2-3"}}], "nodelist": ["a", "b"]}}"#;
    check(
        merged,
        &[(
            W,
            "rank 1 also has 'core' in an earlier R_lite entry; the ids are merged",
            "\"2-3\"",
            "/execution/R_lite/1/children/core",
        )],
    );
    let r = rset::load(merged).unwrap();
    assert_eq!(r.short_form(), "rank0/core[0-1] rank1/core[0-3]");
}

#[test]
fn nodelist_findings() {
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["a"]}}"#,
        &[(
            E,
            "nodelist names 1 host but R_lite has 2 ranks",
            "[\"a\"]",
            "/execution/nodelist",
        )],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["a", 3]}}"#,
        &[(
            E,
            "nodelist entry must be a string, not a number",
            "3",
            "/execution/nodelist/1",
        )],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["a", "a"]}}"#,
        &[(
            W,
            "duplicate host 'a' in nodelist",
            "[\"a\", \"a\"]",
            "/execution/nodelist",
        )],
    );
    check(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}], "nodelist": "a"}}"#,
        &[(
            E,
            "'nodelist' must be an array of strings, not a string",
            "\"a\"",
            "/execution/nodelist",
        )],
    );
}

#[test]
fn property_findings() {
    let base = |props: &str| {
        format!(
            r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0-1", "children": {{"core": "0"}}}}], "nodelist": ["a", "b"], "properties": {props}}}}}"#
        )
    };
    check(
        &base(r#"{"x|y": "0"}"#),
        &[(
            E,
            "invalid character '|' in property \"x|y\"",
            "\"x|y\"",
            "/execution/properties/x|y",
        )],
    );
    check(
        &base(r#"{"hot!": "0"}"#),
        &[(
            W,
            "invalid character '!' in property \"hot!\" (RFC 20 forbids it; flux-core accepts it)",
            "\"hot!\"",
            "/execution/properties/hot!",
        )],
    );
    check(
        &base(r#"{"big": "1-3"}"#),
        &[(
            E,
            "property 'big': ranks 2-3 not found in R_lite",
            "\"1-3\"",
            "/execution/properties/big",
        )],
    );
    check(
        &base(r#"[]"#),
        &[(
            E,
            "'properties' must be an object, not an array",
            "[]",
            "/execution/properties",
        )],
    );
    assert!(rset::parse(&base(r#"{"hot!": "0"}"#)).rset.is_some());
}

#[test]
fn time_and_slot_findings() {
    let base = |extra: &str| {
        format!(
            r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "0"}}}}], "nodelist": ["a"], {extra}}}}}"#
        )
    };
    check(
        &base(r#""starttime": 20, "expiration": 10"#),
        &[(
            E,
            "'expiration' must be greater than 'starttime'",
            "\"expiration\": «10»",
            "/execution/expiration",
        )],
    );
    check(
        &base(r#""nslots": 0"#),
        &[(
            E,
            "'nslots' must be greater than 0",
            "\"nslots\": «0»",
            "/execution/nslots",
        )],
    );
    check(
        &base(r#""nslots": 1.5"#),
        &[(
            E,
            "'nslots' must be an integer, not a real number",
            "1.5",
            "/execution/nslots",
        )],
    );
    check(
        &base(r#""starttime": "now""#),
        &[(
            E,
            "'starttime' must be a number, not a string",
            "\"now\"",
            "/execution/starttime",
        )],
    );
    check(
        &base(r#""starttime": -5"#),
        &[(
            W,
            "negative 'starttime' is treated as unset",
            "-5",
            "/execution/starttime",
        )],
    );
}

#[test]
fn unknown_keys_duplicates_and_legacy_forms() {
    check(
        r#"{"version": 1, "extra": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0", "memory": "0-1"}, "x": 1}], "nodelist": ["a"], "what": 2}}"#,
        &[
            (N, "unknown key 'extra' is ignored", "\"extra\"", "/extra"),
            (
                N,
                "child type 'memory' is not defined by RFC 20; it is kept",
                "\"memory\"",
                "/execution/R_lite/0/children/memory",
            ),
            (
                N,
                "unknown key 'x' is ignored",
                "\"x\"",
                "/execution/R_lite/0/x",
            ),
            (
                N,
                "unknown key 'what' is ignored",
                "\"what\"",
                "/execution/what",
            ),
        ],
    );
    check(
        r#"{"version": 1, "version": 1, "execution": {"R_lite": [], "nodelist": []}}"#,
        &[(
            W,
            "duplicate key 'version'; the last value is used",
            "1, «\"version\"»",
            "/version",
        )],
    );
    let legacy = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "node": "h0", "children": {"core": "0"}}]}}"#;
    check(
        legacy,
        &[
            (
                W,
                "missing key 'nodelist'; host names are taken from the legacy 'node' keys",
                "«{»\"R_lite",
                "/execution",
            ),
            (
                N,
                "legacy key 'node' (host name); RFC 20 uses 'nodelist'",
                "\"node\"",
                "/execution/R_lite/0/node",
            ),
        ],
    );
    assert_eq!(
        rset::load(legacy).unwrap().node(0).unwrap().hostname(),
        Some("h0")
    );
}

#[test]
fn status_documents_parse_each_set() {
    let text = include_str!("../../../../tests/fixtures/status/idle.json");
    let rset::Document::Status {
        sets, diagnostics, ..
    } = rset::parse_r(text)
    else {
        panic!("a status document");
    };
    let names: Vec<(&str, bool)> = sets
        .iter()
        .map(|(n, s)| (n.as_str(), s.is_some()))
        .collect();
    assert_eq!(
        names,
        [("all", true), ("allocated", false), ("down", false)]
    );
    assert_eq!(diagnostics, []);
    let all = sets[0].1.as_ref().unwrap();
    assert_eq!(all.short_form(), "rank[0-2]/core[0-1]");
    assert_eq!(all.nodelist().unwrap().to_string(), "idle[1-3]");
    assert_eq!(
        all.properties(),
        [("big".to_string(), "0,2".parse().unwrap())]
    );
}

fn r(text: &str) -> Rset {
    rset::load(text).unwrap()
}

/// `flux R encode -r RANKS -c CORES [-g GPUS] -H HOSTS`.
fn enc(ranks: &str, cores: &str, gpus: Option<&str>, hosts: &[&str]) -> Rset {
    let mut rl = Rset::new();
    let ids: Vec<u32> = ranks.parse::<IdSet>().unwrap().iter().collect();
    let c: IdSet = cores.parse().unwrap();
    for (i, rank) in ids.iter().enumerate() {
        rl.add_rank(*rank, hosts.get(i).copied(), &[("core", &c)])
            .unwrap();
        if let Some(g) = gpus {
            rl.add_child_to_rank(*rank, "gpu", &g.parse().unwrap())
                .unwrap();
        }
    }
    rl
}

#[test]
fn encodes_like_flux_r() {
    let rl = enc(
        "0-1",
        "0-15",
        Some("0-3"),
        &["flux-sample-0", "flux-sample-1"],
    );
    assert_eq!(
        rl.encode(),
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"gpu": "0-3", "core": "0-15"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["flux-sample-[0-1]"]}}"#
    );
    // A copy re-inserts the children table, which flips the order.
    assert_eq!(
        rl.include_ranks(&"0".parse().unwrap()).encode(),
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-15", "gpu": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["flux-sample-0"]}}"#
    );
    let t = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-4", "children": {"core": "0-3"}}], "expiration": 0, "nodelist": ["pi[3,0-2,4]"], "properties": {"8g": "0-2"}, "starttime": 1598506718.5, "nslots": 4}, "scheduling": {"writer":"x","n":[1,2.5]}}"#;
    assert_eq!(
        r(t).encode(),
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-4", "children": {"core": "0-3"}}], "nslots": 4, "starttime": 1598506718.5, "expiration": 0.0, "nodelist": ["pi[3,0-2,4]"], "properties": {"8g": "0-2"}}, "scheduling": {"writer": "x", "n": [1, 2.5]}}"#
    );
}

#[test]
fn short_forms_like_librlist() {
    let check = |text: &str, want: &str| assert_eq!(r(text).short_form(), want);
    let two = |a: &str, b: &str| {
        format!(
            r#"{{"version": 1, "execution": {{"R_lite": [{{"rank": "0", "children": {{"core": "{a}"}}}}, {{"rank": "1", "children": {{"core": "{b}"}}}}]}}}}"#
        )
    };
    check(&two("0", "1"), "rank0/core0 rank1/core1");
    check(&two("0-1", "0-1"), "rank[0-1]/core[0-1]");
    check(&two("0,2", "3-4"), "rank0/core[0,2] rank1/core[3-4]");
    // Without a nodelist the list keeps input order.
    let ooo = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-7"}}, {"rank": "0", "children": {"core": "0-1"}}]}}"#;
    check(ooo, "rank1/core[0-7] rank0/core[0-1]");
    check(r#"{"version": 1, "execution": {"R_lite": []}}"#, "");
}

#[test]
fn operations_like_librlist() {
    let s = |x: &Rset| x.short_form();
    // flux R append works
    let a = enc("0-1", "0-1", None, &[]);
    let b = enc("1-2", "2-3", None, &[]);
    assert_eq!(
        s(&rset::append_all(&[a.clone(), b]).unwrap()),
        "rank0/core[0-1] rank1/core[0-3] rank2/core[2-3]"
    );
    let e = rset::append_all(&[a.clone(), enc("1-2", "0", None, &[])]).unwrap_err();
    assert_eq!(e.kind(), rset::ErrorKind::Overlap);
    assert_eq!(
        e.to_string(),
        "R objects 'rank[0-1]/core[0-1]' and 'rank[1-2]/core0' overlap on rank1/core0"
    );
    // gpus on some nodes
    let g = rset::append_all(&[
        enc("0-1", "0-1", None, &[]),
        enc("2-3", "0-1", Some("0-1"), &[]),
    ])
    .unwrap();
    assert_eq!(s(&g), "rank[0-1]/core[0-1] rank[2-3]/core[0-1],gpu[0-1]");
    // diff, intersect
    assert_eq!(
        s(&enc("0-1", "0-1", None, &[])
            .diff(&enc("0-1", "0", None, &[]))
            .unwrap()),
        "rank[0-1]/core1"
    );
    assert_eq!(
        s(&enc("0-3", "0-1", None, &[]).intersect(&enc("1-5", "0", None, &[]))),
        "rank[1-3]/core0"
    );
    assert_eq!(
        s(&enc("0-3", "0-1", None, &[]).intersect(&enc("4-5", "0", None, &[]))),
        ""
    );
    // include / exclude
    let big = enc("0-1023", "0", None, &[]);
    assert_eq!(
        s(&big.include_ranks(&"5-7".parse().unwrap())),
        "rank[5-7]/core0"
    );
    let mut ten = enc("1-10", "0", None, &[]);
    assert_eq!(ten.exclude_ranks(&"5-7".parse().unwrap()), 3);
    assert_eq!(s(&ten), "rank[1-4,8-10]/core0");
    // remap
    let mut m = enc("5,99,1000", "0", None, &[]);
    m.remap();
    assert_eq!(s(&m), "rank[0-2]/core0");
    let mut m = enc("1,7,9,53", "1,5,7,9", Some("1,3"), &[]);
    m.remap();
    assert_eq!(s(&m), "rank[0-3]/core[0-3],gpu[1,3]");
}

#[test]
fn rerank_and_hosts() {
    let hosts: Vec<String> = (0..16).map(|i| format!("foo{i}")).collect();
    let hosts: Vec<&str> = hosts.iter().map(String::as_str).collect();
    let rl = enc("0-15", "0-3", None, &hosts);
    let hl = |s: &str| rscope_core::hostlist::Hostlist::parse(s).unwrap();
    let err = |s: &str| rl.clone().rerank(&hl(s)).unwrap_err().to_string();
    assert_eq!(
        err("foo[1-15]"),
        "Number of hosts (15) is less than node count (16)"
    );
    assert_eq!(
        err("foo[0-16]"),
        "Number of hosts (17) is greater than node count (16)"
    );
    assert_eq!(err("foo[1-16]"), "Host foo16 not found in resources");
    let mut ok = rl.clone();
    ok.rerank(&hl("foo[1-15,0]")).unwrap();
    assert_eq!(ok.nodelist().unwrap().to_string(), "foo[1-15,0]");
    assert_eq!(ok.node(15).unwrap().hostname(), Some("foo0"));
    assert_eq!(
        rl.hosts_to_ranks(&hl("foo[2,5]")).unwrap().to_string(),
        "2,5"
    );
    assert_eq!(
        rl.hosts_to_ranks(&hl("foo[2,99]")).unwrap_err().to_string(),
        "invalid hosts: foo99"
    );
    assert_eq!(
        rl.include_hosts(&hl("foo[3-4]")).unwrap().short_form(),
        "rank[3-4]/core[0-3]"
    );
}

#[test]
fn properties_and_filters() {
    let mut rl = enc("0-1", "0-1", Some("0"), &["foo0", "foo1"]);
    let all: IdSet = "0-1".parse().unwrap();
    rl.add_property("xx", &"0".parse().unwrap()).unwrap();
    rl.add_property("yy", &"1".parse().unwrap()).unwrap();
    rl.add_property("all", &all).unwrap();
    let count = |list: &str| rl.filter_properties(list).unwrap().len();
    assert_eq!(
        (
            count("all"),
            count("xx"),
            count("yy"),
            count("^all"),
            count("all,yy")
        ),
        (2, 1, 1, 0, 1)
    );
    assert_eq!(
        rl.filter_properties("^yy")
            .unwrap()
            .nodelist()
            .unwrap()
            .to_string(),
        "foo0"
    );
    assert_eq!(
        rl.filter_properties("foo1").unwrap().len(),
        1,
        "a host name matches too"
    );
    assert_eq!(
        rl.filter_properties("a|b").unwrap_err().to_string(),
        "invalid character '|' in property \"a|b\""
    );
    assert_eq!(
        rl.add_property("z", &"1-3".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "ranks 2-3 not found in target resource list"
    );
    assert_eq!(
        rl.add_property("z", &"3".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "rank 3 not found in target resource list"
    );
}

#[test]
fn verify_reports_like_librlist() {
    let exp = enc("1-10", "0-3", None, &[]);
    assert_eq!(exp.verify(&enc("1", "0-3", None, &[])), Ok(None));
    assert_eq!(
        exp.verify(&enc("0", "0-3", None, &[]))
            .unwrap_err()
            .to_string(),
        "rank 0 not found in expected ranks"
    );
    assert_eq!(
        enc("1", "0-3", None, &[])
            .verify(&enc("1", "0-2", None, &[]))
            .unwrap_err()
            .to_string(),
        "rank 1 (unknown) missing resources: core3"
    );
    assert_eq!(
        enc("1", "0-3", None, &[]).verify(&enc("1", "0-7", Some("1"), &[])),
        Ok(Some(
            "rank 1 (unknown) has extra resources: core[4-7],gpu1".to_string()
        ))
    );
    assert_eq!(
        enc("1", "0-3", None, &["foo1"])
            .verify(&enc("1", "0-3", None, &["foo12"]))
            .unwrap_err()
            .to_string(),
        "rank 1 got hostname 'foo12', expected 'foo1'"
    );
    assert_eq!(
        exp.verify(&exp).unwrap_err().to_string(),
        "Verification supported on single rank only"
    );
}

#[test]
fn keeps_what_the_reference_drops() {
    let t = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 10, "expiration": 20}, "attributes": {"system": {}}, "scheduling": {"graph": {}}}"#;
    let rl = r(t);
    let inc = rl.include_ranks(&"1".parse().unwrap());
    assert_eq!((inc.starttime(), inc.expiration()), (10.0, 20.0));
    assert_eq!(inc.attributes(), Some(r#"{"system": {}}"#));
    assert!(inc.scheduling_may_be_stale());
    assert!(!rl.scheduling_may_be_stale());
    assert!(inc
        .encode()
        .ends_with(r#", "scheduling": {"graph": {}}, "attributes": {"system": {}}}"#));
}

// ----- set laws against a naive model -----

type Model = BTreeMap<u32, BTreeMap<String, BTreeSet<u32>>>;

fn to_model(r: &Rset) -> Model {
    let mut m = Model::new();
    for n in r.nodes() {
        let mut c = BTreeMap::new();
        for (k, ids) in n.children() {
            if !ids.is_empty() {
                c.insert(k.to_string(), ids.iter().collect());
            }
        }
        if !c.is_empty() {
            m.insert(n.rank(), c);
        }
    }
    m
}

fn from_model(m: &Model) -> Rset {
    let mut r = Rset::new();
    for (rank, c) in m {
        let sets: Vec<(String, IdSet)> = c
            .iter()
            .map(|(k, v)| (k.clone(), v.iter().copied().collect()))
            .collect();
        let refs: Vec<(&str, &IdSet)> = sets.iter().map(|(k, v)| (k.as_str(), v)).collect();
        r.add_rank(*rank, None, &refs).unwrap();
    }
    r
}

/// Apply `op` per rank and child type over the ranks `pick` selects.
fn model_op(
    a: &Model,
    b: &Model,
    op: fn(&BTreeSet<u32>, &BTreeSet<u32>) -> BTreeSet<u32>,
    pick: fn(bool, bool) -> bool,
) -> Model {
    let empty = BTreeMap::new();
    let ranks: BTreeSet<u32> = a.keys().chain(b.keys()).copied().collect();
    let mut out = Model::new();
    for r in ranks {
        if !pick(a.contains_key(&r), b.contains_key(&r)) {
            continue;
        }
        let (ca, cb) = (a.get(&r).unwrap_or(&empty), b.get(&r).unwrap_or(&empty));
        let names: BTreeSet<&String> = ca.keys().chain(cb.keys()).collect();
        let mut c = BTreeMap::new();
        for n in names {
            let e = BTreeSet::new();
            let v = op(ca.get(n).unwrap_or(&e), cb.get(n).unwrap_or(&e));
            if !v.is_empty() {
                c.insert(n.clone(), v);
            }
        }
        if !c.is_empty() {
            out.insert(r, c);
        }
    }
    out
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    fn model() -> impl Strategy<Value = Model> {
        proptest::collection::btree_map(
            0u32..12,
            proptest::collection::btree_map(
                prop_oneof![
                    Just("core".to_string()),
                    Just("gpu".to_string()),
                    Just("mem".to_string())
                ],
                proptest::collection::btree_set(0u32..10, 1..6),
                1..3,
            ),
            0..8,
        )
    }

    proptest! {
        #[test]
        fn diff_intersect_union_match_the_model(a in model(), b in model()) {
            let (ra, rb) = (from_model(&a), from_model(&b));
            prop_assert_eq!(to_model(&ra), a.clone());
            let diff = to_model(&ra.diff(&rb).unwrap());
            prop_assert_eq!(diff, model_op(&a, &b, |x, y| x - y, |in_a, _| in_a));
            let inter = to_model(&ra.intersect(&rb));
            prop_assert_eq!(inter, model_op(&a, &b, |x, y| x & y, |in_a, in_b| in_a && in_b));
            let uni = to_model(&ra.union(&rb).unwrap());
            prop_assert_eq!(uni, model_op(&a, &b, |x, y| x | y, |_, _| true));
        }

        #[test]
        fn encode_round_trips_and_laws_hold(a in model(), b in model()) {
            let (ra, rb) = (from_model(&a), from_model(&b));
            prop_assert_eq!(to_model(&rset::load(&ra.encode()).unwrap()), a.clone());
            // A ∖ B and A ∩ B partition A.
            let parts = ra.diff(&rb).unwrap().union(&ra.intersect(&rb)).unwrap();
            prop_assert_eq!(to_model(&parts), a.clone());
            // Union is commutative.
            prop_assert_eq!(to_model(&ra.union(&rb).unwrap()), to_model(&rb.union(&ra).unwrap()));
        }
    }
}

/// `load_stream` reads the usual stream of plain objects in one pass per
/// document, and anything else the two-pass way; either way gives the
/// sets `flux R` reads, and errors at their place in the whole stream.
#[test]
fn streams_of_documents() {
    let one =
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}]}}"#;
    let two =
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "2"}}]}}"#;
    let bad = r#"{"version": 2, "execution": {"R_lite": []}}"#;
    let shorts = |text: &str| match rset::load_stream(text) {
        Ok(sets) => Ok(sets.iter().map(Rset::short_form).collect::<Vec<_>>()),
        Err(e) => Err((e.message().to_string(), e.span())),
    };
    let ok = |v: &[&str]| Ok(v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(
        shorts(&format!("\n {one}\n{two} \n")),
        ok(&["rank0/core[0-1]", "rank1/core2"])
    );
    assert_eq!(
        shorts(&format!("{one}{two}")),
        ok(&["rank0/core[0-1]", "rank1/core2"])
    );
    // A stop after the first document ends the stream there, as jansson's loop.
    assert_eq!(
        shorts(&format!("{one} junk {two}")),
        ok(&["rank0/core[0-1]"])
    );
    assert_eq!(shorts(&format!("{one}\n[1, 2")), ok(&["rank0/core[0-1]"]));
    // A number is a JSON document too, and not an R.
    let seven = one.len() + 1;
    assert_eq!(
        shorts(&format!("{one} 7")),
        Err((
            "R must be a JSON object, not a number".to_string(),
            Some(seven..seven + 1)
        ))
    );
    // The second document's error is placed in the whole stream.
    let at = one.len() + 1 + bad.find('2').unwrap();
    assert_eq!(
        shorts(&format!("{one}\n{bad}")),
        Err(("unsupported version 2".to_string(), Some(at..at + 1)))
    );
    assert_eq!(
        shorts(" \n "),
        Err(("no R object in the input".to_string(), Some(0..0)))
    );
}

/// `diff` lists what it changed after what it kept, as `rlist_diff`
/// (which detaches each changed rank and appends it again), and its
/// running core count never shrinks, as `rl->avail`.
#[test]
fn diff_order_and_running_core_count() {
    let a: Rset = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0-3"}}]}}"#.parse().unwrap();
    let b: Rset = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-3"}}, {"rank": "0", "children": {"core": "0-1"}}]}}"#.parse().unwrap();
    let d = a.diff(&b).unwrap();
    assert_eq!(d.short_form(), "rank2/core[0-3] rank0/core[2-3]");
    assert_eq!(d.reference_core_count(), 12 + 2);
}
