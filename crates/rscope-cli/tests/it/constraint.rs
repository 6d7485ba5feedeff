//! RFC 31 constraints: flux-core's own tables (tests/fixtures/constraint/,
//! see its README) run row by row against `rscope_core::constraint`, in
//! the reading each table is of (`Rv1Set`'s, today's scheduler's, or
//! librlist's), and `rscope constraint parse|match` and `rscope fit
//! --requires` run as a process.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};
use rscope_core::constraint::query::{self, Dialect};
use rscope_core::constraint::{Constraint, ConstraintReading, Selector, Target};
use rscope_core::fit::answer::{answer, request_of, FitStatus};
use rscope_core::fit::Policy;
use rscope_core::idset::IdSet;
use rscope_core::rset::{self, Node, Rset};
use serde_json::Value;

fn table(name: &str) -> Value {
    let text = std::fs::read_to_string(fixture(&format!("constraint/{name}"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn rows<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v[key].as_array().map(Vec::as_slice).unwrap_or_default()
}

fn s<'a>(row: &'a Value, key: &str) -> &'a str {
    row[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} in {row}"))
}

fn dialect(default: &str, ops: &[(&str, &str)], split: bool, combined: bool) -> Dialect {
    Dialect {
        default: Some(default.into()),
        operators: ops
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        split: if split {
            vec![(default.into(), ",".into())]
        } else {
            vec![]
        },
        combined: if combined {
            vec![default.into()]
        } else {
            vec![]
        },
    }
}

/// Every row: `out` exactly as printed, or `error` exactly; the count run.
fn check_rows(rows: &[Value], d: &Dialect) -> usize {
    for row in rows {
        let input = s(row, "in");
        let got = query::parse_with(input, d);
        match (row.get("out"), got) {
            (Some(out), Ok(t)) => {
                assert_eq!(t.to_python_json(), out.as_str().unwrap(), "{input:?}")
            }
            (None, Err(e)) => assert_eq!(e.message, s(row, "error"), "{input:?}"),
            (want, got) => panic!("{input:?}: want {want:?}, got {got:?}"),
        }
    }
    rows.len()
}

#[test]
fn t0027_tables_read_as_flux_core_reads_them() {
    let t = table("t0027.json");
    let test = dialect("t", &[("a", "op-a")], false, false);
    assert_eq!(check_rows(rows(&t, "valid"), &test), 22);
    assert_eq!(check_rows(rows(&t, "invalid"), &test), 7);
    assert_eq!(
        check_rows(rows(&t, "default_parser"), &Dialect::default()),
        1
    );
    assert_eq!(
        check_rows(rows(&t, "split"), &dialect("t", &[], true, false)),
        3
    );
    assert_eq!(
        check_rows(rows(&t, "combine"), &dialect("t", &[], false, true)),
        4
    );
}

#[test]
fn requires_rows_read_as_flux_submit_reads_them() {
    let t = table("requires.json");
    assert_eq!(check_rows(rows(&t, "rows"), &Dialect::requires()), 62);
}

/// The node of librlist's match test.
struct Foo0;

impl Target for Foo0 {
    fn rank(&self) -> u32 {
        0
    }
    fn hostname(&self) -> Option<&str> {
        Some("foo0")
    }
    fn has_property(&self, name: &str) -> bool {
        name == "xx" || name == "yy"
    }
}

#[test]
fn librlist_match_table() {
    let t = table("match.json");
    let node = &t["node"];
    assert_eq!(
        (s(node, "hostname"), &node["rank"]),
        ("foo0", &Value::from(0))
    );
    for row in rows(&t, "match") {
        let c = Constraint::parse(s(row, "json")).unwrap();
        let want = row["result"].as_bool().unwrap();
        assert_eq!(c.matches(&Foo0), want, "{}", s(row, "desc"));
        // The same answer through a selector in the librlist reading.
        let c = Selector::parse(s(row, "json"), ConstraintReading::Librlist).unwrap();
        assert_eq!(c.matches(&Foo0), Ok(want), "{}", s(row, "desc"));
    }
    assert_eq!(rows(&t, "match").len(), 22);
}

#[test]
fn librlist_validate_table() {
    let t = table("match.json");
    for row in rows(&t, "validate") {
        let got = Constraint::parse(s(row, "json")).map_err(|e| e.message);
        match row["error"].as_str() {
            Some(err) => assert_eq!(got, Err(err.to_string()), "{}", s(row, "desc")),
            None => assert!(got.is_ok(), "{}: {got:?}", s(row, "desc")),
        }
        assert_eq!(got.is_ok(), row["ok"].as_bool().unwrap());
        let c = Selector::parse(s(row, "json"), ConstraintReading::Librlist);
        let refused = c.map(|c| c.refusal().map(|e| e.message.clone()));
        assert_eq!(refused, Ok(got.err()), "{}", s(row, "desc"));
    }
    assert_eq!(rows(&t, "validate").len(), 17);
}

/// The R named `name` in a table's `r` object.
fn r_text<'a>(t: &'a Value, name: &str) -> &'a str {
    s(&t["r"], name)
}

fn r_of(t: &Value, name: &str) -> Rset {
    rset::load(r_text(t, name)).unwrap()
}

/// The ranks `c` selects of `set` (`1,3`), or its refusal.
fn selected(c: &Selector, set: &Rset) -> Result<String, String> {
    let nodes: Vec<&Node> = set.nodes().collect();
    let kept = c.answers(&nodes).map_err(|e| e.message)?;
    let ranks = (nodes.iter().zip(kept))
        .filter(|(_, k)| *k)
        .map(|(n, _)| (n.rank(), n.rank()));
    Ok(IdSet::from_ranges(ranks).to_string())
}

/// A row's expected answer in one reading: `key` (ranks) or `key_error`.
fn expected(row: &Value, key: &str) -> Result<String, String> {
    match row.get(key) {
        Some(v) => Ok(v.as_str().unwrap().to_string()),
        None => Err(s(row, &format!("{key}_error")).to_string()),
    }
}

#[test]
fn rv1set_rows_answer_in_each_reading_and_the_note_says_when_they_differ() {
    let t = table("rv1set.json");
    for row in rows(&t, "rows") {
        let (json, set) = (s(row, "json"), r_of(&t, s(row, "r")));
        let rv1 = Selector::parse(json, ConstraintReading::Rv1Set).unwrap();
        let lib = Selector::parse(json, ConstraintReading::Librlist).unwrap();
        let (a, b) = (selected(&rv1, &set), selected(&lib, &set));
        assert_eq!(a, expected(row, "rv1set"), "{}", s(row, "desc"));
        assert_eq!(b, expected(row, "librlist"), "{}", s(row, "desc"));
        let differ = a != b && (a.is_ok() || b.is_ok());
        let nodes: Vec<&Node> = set.nodes().collect();
        assert_eq!(rv1.note(&nodes).is_some(), differ, "{json}");
        assert_eq!(lib.note(&nodes).is_some(), differ, "{json}");
    }
    assert_eq!(rows(&t, "rows").len(), 49);
}

#[test]
fn t0022_resource_set_constraints_as_rv1set_reads_them() {
    let t = table("t0022.json");
    for row in rows(&t, "rows") {
        let (json, set) = (s(row, "json"), r_of(&t, s(row, "r")));
        let c = Selector::parse(json, ConstraintReading::Rv1Set).unwrap();
        let nodes: Vec<&Node> = set.nodes().collect();
        let got = c.answers(&nodes).map_err(|e| e.message);
        if row.get("raises").is_some() {
            assert_eq!(got, Err(s(row, "error").to_string()), "{json}");
            continue;
        }
        let ranks: Vec<u32> = (nodes.iter().zip(got.unwrap()))
            .filter(|(_, k)| *k)
            .map(|(n, _)| n.rank())
            .collect();
        let copy = set.copy_matching(|n| ranks.contains(&n.rank()));
        if let Some(dumps) = row.get("dumps") {
            assert_eq!(copy.short_form(), dumps.as_str().unwrap(), "{json}");
        }
        if let Some(n) = row.get("nnodes") {
            assert_eq!(copy.len() as u64, n.as_u64().unwrap(), "{json}");
        }
    }
    assert_eq!(rows(&t, "rows").len(), 25);
}

#[test]
fn t0039_rv1pool_constraints_place_jobs_where_the_pool_would() {
    let t = table("t0039.json");
    for row in rows(&t, "rows") {
        let (shape, json, test) = (s(row, "shape"), s(row, "json"), s(row, "test"));
        let request = request_of(shape, Some(json)).unwrap();
        let got = answer(&request, r_text(&t, s(row, "r")), Policy::Worst).unwrap();
        let alloc = || {
            got.alloc
                .as_ref()
                .unwrap_or_else(|| panic!("{test}: {got:?}"))
        };
        if let Some(within) = row.get("within") {
            let within = IdSet::decode(within.as_str().unwrap()).unwrap();
            assert!(alloc().nodes().all(|n| within.contains(n.rank())), "{test}");
        }
        if let Some(n) = row.get("nnodes") {
            assert_eq!(alloc().len() as u64, n.as_u64().unwrap(), "{test}");
        }
        if row.get("infeasible").is_some() {
            assert_eq!(got.status, FitStatus::Never, "{test}");
        }
        if row.get("feasible").is_some() {
            assert_ne!(got.status, FitStatus::Never, "{test}");
        }
        if row.get("none").is_some() {
            assert_eq!(request, request_of(shape, None).unwrap(), "{test}");
            assert_eq!(got.status, FitStatus::Now, "{test}");
        }
    }
    assert_eq!(rows(&t, "rows").len(), 15);
}

fn out(status: i32, stdout: &str, stderr: &str) -> Output {
    Output {
        status,
        stdout: stdout.into(),
        stderr: stderr.into(),
    }
}

#[test]
fn cli_parse_prints_json_dumps_or_refuses() {
    assert_eq!(
        rscope(&["constraint", "parse", "gpu", "-slow", "host:foo[0-1]"], ""),
        out(
            0,
            "{\"and\": [{\"properties\": [\"gpu\"]}, {\"not\": [{\"properties\": [\"slow\"]}]}, {\"hostlist\": [\"foo[0-1]\"]}]}\n",
            ""
        )
    );
    assert_eq!(
        rscope(&["constraint", "parse", "gpu,ib rank:0-1"], ""),
        out(
            0,
            "{\"and\": [{\"properties\": [\"gpu\", \"ib\"]}, {\"ranks\": [\"0-1\"]}]}\n",
            ""
        )
    );
    assert_eq!(
        rscope(&["constraint", "parse", "a|"], ""),
        out(
            1,
            "",
            "rscope constraint parse: unexpected end of input in 'a|'\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "parse", "--", "-(a|b)"], ""),
        out(
            1,
            "",
            "rscope constraint parse: invalid token '(' at position 1\n"
        )
    );
}

/// Four nodes: foo[0-3], two cores each, gpu on 1-2, slow on 3.
const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["foo[0-3]"], "properties": {"slow": "3", "gpu": "1-2"}}}"#;

#[test]
fn cli_match_prints_the_selected_r_as_decode_does() {
    let kept = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["foo[1-2]"], "properties": {"gpu": "1-2"}}}"#;
    assert_eq!(
        rscope(&["constraint", "match", r#"{"properties": ["gpu"]}"#], R),
        out(0, &format!("{kept}\n"), "")
    );
    // The same as R decode --properties, which is the same librlist call.
    assert_eq!(
        rscope(&["R", "decode", "--properties", "gpu"], R).stdout,
        format!("{kept}\n")
    );
    let hosts = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0,3", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["foo[0,3]"], "properties": {"slow": "3"}}}"#;
    assert_eq!(
        rscope(
            &[
                "constraint",
                "match",
                "--librlist",
                "--query",
                "-gpu foo0|slow"
            ],
            R
        ),
        out(0, &format!("{hosts}\n"), "")
    );
    // Today's scheduler takes no host name for a property.
    let slow = r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["foo3"], "properties": {"slow": "3"}}}"#;
    assert_eq!(
        rscope(&["constraint", "match", "--query", "-gpu foo0|slow"], R),
        out(0, &format!("{slow}\n"), "")
    );
    let none = r#"{"version": 1, "execution": {"R_lite": [], "starttime": 0.0, "expiration": 0.0, "nodelist": [""]}}"#;
    assert_eq!(
        rscope(&["constraint", "match", "--librlist", r#"{"not": []}"#], R),
        out(0, &format!("{none}\n"), "")
    );
    assert_eq!(
        rscope(&["constraint", "match", r#"{"or": []}"#], R),
        out(0, &format!("{none}\n"), "")
    );
}

#[test]
fn cli_match_says_why_and_refuses_with_librlist_messages() {
    assert_eq!(
        rscope(&["constraint", "match", "--why", "-q", "gpu -host:foo2"], R),
        out(
            0,
            "foo0 (rank 0): lacks property gpu\nfoo2 (rank 2): host foo2 is excluded by not\nfoo3 (rank 3): lacks property gpu\n",
            ""
        )
    );
    assert_eq!(
        rscope(
            &[
                "constraint",
                "match",
                "--librlist",
                r#"{"ranks": ["5,1-3"]}"#
            ],
            R
        ),
        out(
            1,
            "",
            "rscope constraint match: invalid idset '5,1-3' in [\"5,1-3\"]\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "match", r#"{"ranks": ["5,1-3"]}"#], R),
        out(
            1,
            "",
            "rscope constraint match: IDset(): Invalid argument: 5,1-3\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "match", "--librlist", "-q", "color:red"], R),
        out(
            1,
            "",
            "rscope constraint match: unknown constraint operator: color\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "match", "-q", "color:red"], R),
        out(
            1,
            "",
            "rscope constraint match: unknown constraint operator(s): ['color']\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "match", "-q", "gpu|"], R),
        out(
            1,
            "",
            "rscope constraint match: unexpected end of input in 'gpu|'\n"
        )
    );
}

const LIBRLIST: &str = "note: librlist (flux-core before sched-simple in Python, and Fluxion) reads this constraint otherwise";
const RV1SET: &str = "note: Rv1Set (sched-simple in Python, flux-core's default scheduler) reads this constraint otherwise";

#[test]
fn cli_why_notes_where_the_other_reading_answers_otherwise() {
    let why = |args: &[&str]| {
        let mut all = vec!["constraint", "match", "--why"];
        all.extend_from_slice(args);
        rscope(&all, R)
    };
    let each = |why: &str| {
        [
            "foo0 (rank 0)",
            "foo1 (rank 1)",
            "foo2 (rank 2)",
            "foo3 (rank 3)",
        ]
        .map(|n| format!("{n}: {why}\n"))
        .concat()
    };
    assert_eq!(
        why(&[r#"{"or": []}"#]),
        out(
            0,
            &format!(
                "{}{LIBRLIST}: it selects every node\n",
                each("or of no terms selects nothing")
            ),
            ""
        )
    );
    assert_eq!(
        why(&["--librlist", r#"{"or": []}"#]),
        out(0, &format!("{RV1SET}: it selects no node\n"), "")
    );
    assert_eq!(
        why(&[r#"{"not": [{"properties": ["gpu"]}, {"properties": ["slow"]}]}"#]),
        out(
            0,
            &format!(
                "foo1 (rank 1): property gpu is excluded by not\n\
                 foo2 (rank 2): property gpu is excluded by not\n\
                 {LIBRLIST}: it selects every node\n"
            ),
            ""
        )
    );
    assert_eq!(
        why(&[
            "--librlist",
            r#"{"not": [{"properties": ["gpu"]}, {"properties": ["slow"]}]}"#
        ]),
        out(
            0,
            &format!("{RV1SET}: it selects foo[0,3] (ranks 0,3)\n"),
            ""
        )
    );
    assert_eq!(
        why(&[r#"{"properties": "gpu"}"#]),
        out(
            0,
            &format!(
                "{}{LIBRLIST}: it refuses it (properties value must be an array)\n",
                each("lacks property g")
            ),
            ""
        )
    );
    assert_eq!(
        why(&["{}"]),
        out(
            1,
            "",
            &format!(
                "rscope constraint match: unknown constraint operator(s): []\n\
                 {LIBRLIST}: it selects every node\n"
            )
        )
    );
    assert_eq!(
        why(&["--librlist", "{}"]),
        out(
            0,
            &format!("{RV1SET}: it refuses it (unknown constraint operator(s): [])\n"),
            ""
        )
    );
    // Without --why, no note; where both readings agree, none either.
    assert_eq!(
        rscope(&["constraint", "match", "{}"], R),
        out(
            1,
            "",
            "rscope constraint match: unknown constraint operator(s): []\n"
        )
    );
    assert_eq!(
        why(&["-q", "gpu"]),
        out(
            0,
            "foo0 (rank 0): lacks property gpu\nfoo3 (rank 3): lacks property gpu\n",
            ""
        )
    );
}

#[test]
fn cli_fit_requires_reads_as_the_scheduler_unless_librlist() {
    let fit = |args: &[&str]| {
        let mut all = vec!["fit"];
        all.extend_from_slice(args);
        rscope(&all, R)
    };
    // A host list given as a string: Rv1Set reads it, librlist selects
    // no node with it.
    let host = r#"{"hostlist": "foo3"}"#;
    assert_eq!(
        fit(&["slot/core", "--requires", host]),
        out(0, "fits now: 1 slot on 1 node\nrank3/core0\n", "")
    );
    assert_eq!(
        fit(&["slot/core", "--librlist", "--requires", host]),
        out(4, "never: slot: need 1 slot of 1 core, 0 fit\n", "")
    );
    // {} is no constraint to the pool; {"not": []} is refused, as the
    // scheduler refuses the job.
    assert_eq!(
        fit(&["node=4/slot/core", "--requires", "{}"]),
        out(0, "fits now: 4 slots on 4 nodes\nrank[0-3]/core0\n", "")
    );
    assert_eq!(
        fit(&["slot/core", "--requires", r#"{"not": []}"#]),
        out(
            1,
            "",
            "rscope: --requires: 'not' operand must be a non-empty list, got []\n"
        )
    );
    assert_eq!(
        fit(&["slot/core", "--librlist", "--requires", r#"{"not": []}"#]),
        out(4, "never: slot: need 1 slot of 1 core, 0 fit\n", "")
    );
    assert_eq!(
        fit(&[
            "slot/core",
            "--librlist",
            "--requires",
            r#"{"properties": "x"}"#
        ]),
        out(
            1,
            "",
            "rscope: --requires: properties value must be an array\n"
        )
    );
}
