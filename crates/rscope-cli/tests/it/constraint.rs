//! RFC 31 constraints: flux-core's own tables (tests/fixtures/constraint/,
//! see its README) run row by row against `rscope_core::constraint`, and
//! `rscope constraint parse|match` run as a process.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};
use rscope_core::constraint::query::{self, Dialect};
use rscope_core::constraint::{Constraint, Target};
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
        assert_eq!(
            c.matches(&Foo0),
            row["result"].as_bool().unwrap(),
            "{}",
            s(row, "desc")
        );
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
    }
    assert_eq!(rows(&t, "validate").len(), 17);
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
        rscope(&["constraint", "match", "--query", "-gpu foo0|slow"], R),
        out(0, &format!("{hosts}\n"), "")
    );
    let none = r#"{"version": 1, "execution": {"R_lite": [], "starttime": 0.0, "expiration": 0.0, "nodelist": [""]}}"#;
    assert_eq!(
        rscope(&["constraint", "match", r#"{"not": []}"#], R),
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
        rscope(&["constraint", "match", r#"{"ranks": ["5,1-3"]}"#], R),
        out(
            1,
            "",
            "rscope constraint match: invalid idset '5,1-3' in [\"5,1-3\"]\n"
        )
    );
    assert_eq!(
        rscope(&["constraint", "match", "-q", "color:red"], R),
        out(
            1,
            "",
            "rscope constraint match: unknown constraint operator: color\n"
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
