use super::super::{ConstraintReading, Selector, Target};
use super::Rv1Constraint;

/// A node: rank, host name, properties.
struct Probe(u32, Option<&'static str>, &'static [&'static str]);

impl Target for Probe {
    fn rank(&self) -> u32 {
        self.0
    }
    fn hostname(&self) -> Option<&str> {
        self.1
    }
    fn has_property(&self, name: &str) -> bool {
        self.2.contains(&name)
    }
}

/// librlist's test node, `foo0` with `xx` and `yy`.
const FOO0: Probe = Probe(0, Some("foo0"), &["xx", "yy"]);

fn rv1(json: &str) -> Rv1Constraint {
    Rv1Constraint::from_tree(&crate::json::parse_whole(json).unwrap())
}

fn on(json: &str, node: &Probe) -> Result<bool, String> {
    rv1(json).matches(node).map_err(|e| e.message)
}

fn why(json: &str) -> Option<String> {
    rv1(json).why_not(&FOO0).unwrap()
}

#[test]
fn the_four_differences_of_the_issue() {
    assert_eq!(on(r#"{"or": []}"#, &FOO0), Ok(false));
    assert_eq!(
        on(
            r#"{"not": [{"properties": ["zz"]}, {"properties": ["xx"]}]}"#,
            &FOO0
        ),
        Ok(true)
    );
    // "xy" is x and y, which foo0 lacks; "yy" is y twice.
    assert_eq!(on(r#"{"properties": "xy"}"#, &FOO0), Ok(false));
    let y = Probe(0, Some("foo0"), &["y"]);
    assert_eq!(on(r#"{"properties": "yy"}"#, &y), Ok(true));
    assert_eq!(
        on("{}", &FOO0),
        Err("unknown constraint operator(s): []".into())
    );
}

#[test]
fn refusals_are_met_only_where_a_node_reaches_them() {
    let c = r#"{"or": [{"properties": ["xx"]}, {"bad": 1}]}"#;
    assert_eq!(on(c, &FOO0), Ok(true));
    let e = rv1(c).matches(&Probe(1, None, &[])).unwrap_err();
    assert_eq!(
        (e.message.as_str(), e.pointer.as_str()),
        ("unknown constraint operator(s): ['bad']", "/or/1")
    );
    assert_eq!(on(r#"{"properties": ["zz", 5]}"#, &FOO0), Ok(false));
    assert_eq!(
        on(r#"{"properties": ["xx", 5]}"#, &FOO0),
        Err("property constraint must be a string, got int".into())
    );
    assert_eq!(
        on(r#"{"not": [{"ranks": ["0"]}, {"bad": 1}]}"#, &FOO0),
        Ok(false)
    );
}

#[test]
fn values_are_taken_as_python_takes_them() {
    assert_eq!(on(r#"{"hostlist": "foo[0-1]"}"#, &FOO0), Ok(true));
    assert_eq!(on(r#"{"ranks": 0}"#, &FOO0), Ok(true));
    assert_eq!(on(r#"{"ranks": ["2", "0-1"]}"#, &FOO0), Ok(true));
    assert_eq!(on(r#"{"properties": {"xx": 1}}"#, &FOO0), Ok(true));
    assert_eq!(on(r#"{"properties": ["foo0"]}"#, &FOO0), Ok(false));
    assert_eq!(on(r#"{"properties": ["x|y", "^x|y"]}"#, &FOO0), Ok(false));
    let nameless = Probe(2, None, &[]);
    assert_eq!(on(r#"{"hostlist": ["rank[1-2]"]}"#, &nameless), Ok(true));
    for (json, message) in [
        (
            r#"{"ranks": ["10", "9"]}"#,
            "IDset(): Invalid argument: 10,9",
        ),
        (
            r#"{"ranks": [0, "1"]}"#,
            "'<' not supported between instances of 'str' and 'int'",
        ),
        (r#"{"ranks": true}"#, "IDset(): Invalid argument: True"),
        (
            r#"{"ranks": 1.5}"#,
            "can only concatenate str (not \"type\") to str",
        ),
        (
            r#"{"hostlist": ["foo0", null]}"#,
            "Hostlist(): expected string or Iterable, got <class 'NoneType'>",
        ),
        (r#"{"hostlist": "foo["}"#, "Invalid hostlist: 'foo['"),
        (
            r#"{"properties": null}"#,
            "'NoneType' object is not iterable",
        ),
        (r#"{"and": {}}"#, "'and' operand must be a list, got dict"),
        (
            r#"{"not": {"a": [1.0, null]}}"#,
            "'not' operand must be a non-empty list, got {'a': [1.0, None]}",
        ),
        (
            r#"{"and": [["or"]]}"#,
            "list indices must be integers or slices, not str",
        ),
        (
            r#"{"and": ["band"]}"#,
            "string indices must be integers, not 'str'",
        ),
        (r#"{"and": ["b"]}"#, "'str' object has no attribute 'keys'"),
        (
            r#"{"and": [false]}"#,
            "argument of type 'bool' is not iterable",
        ),
        (
            r#"{"a": 1, "b\u00e9'": 2, "a": 3}"#,
            "unknown constraint operator(s): ['a', \"b\u{e9}'\"]",
        ),
    ] {
        assert_eq!(on(json, &FOO0), Err(message.to_string()), "{json}");
    }
}

#[test]
fn why_not_follows_the_reading() {
    assert_eq!(why(r#"{"properties": ["xx"]}"#), None);
    assert_eq!(
        why(r#"{"properties": ["foo0"]}"#).unwrap(),
        "lacks property foo0"
    );
    assert_eq!(
        why(r#"{"or": []}"#).unwrap(),
        "or of no terms selects nothing"
    );
    assert_eq!(
        why(r#"{"not": [{"properties": ["^zz"]}, {"bad": 1}]}"#).unwrap(),
        "lacking property zz is excluded by not"
    );
    assert_eq!(
        why(r#"{"hostlist": ["foo[1-2]", "bar"]}"#).unwrap(),
        "host foo0 is not in foo[1-2],bar"
    );
    assert_eq!(
        why(r#"{"or": [{"ranks": "1-3"}, {"properties": ["^yy"]}]}"#).unwrap(),
        "no term of or holds: rank 0 is not in 1-3; has property yy"
    );
}

#[test]
fn the_pool_takes_a_false_constraint_as_none() {
    assert!(rv1("{}").is_none_to_the_pool());
    assert!(!rv1(r#"{"or": []}"#).is_none_to_the_pool());
    let c = Selector::parse("{}", ConstraintReading::Rv1Set).unwrap();
    assert!(c.is_none_to_the_pool());
    assert!(!Selector::parse("{}", ConstraintReading::Librlist)
        .unwrap()
        .is_none_to_the_pool());
}

#[test]
fn a_selector_answers_in_its_reading_and_notes_the_other() {
    let nodes = [
        Probe(1, Some("foo1"), &["xx"]),
        Probe(0, Some("foo0"), &["xx", "yy"]),
        Probe(2, None, &[]),
    ];
    let refs: Vec<&Probe> = nodes.iter().collect();
    let c = Selector::parse(
        r#"{"not": [{"properties": ["xx"]}, {"properties": ["yy"]}]}"#,
        ConstraintReading::Rv1Set,
    )
    .unwrap();
    assert_eq!(c.answers(&refs), Ok(vec![false, false, true]));
    assert_eq!(
        c.note(&refs).unwrap(),
        "note: librlist (flux-core before sched-simple in Python, and Fluxion) reads this constraint otherwise: it selects ranks 1-2"
    );
    let c = Selector::parse(r#"{"properties": ["foo0"]}"#, ConstraintReading::Librlist).unwrap();
    assert_eq!(c.answers(&refs), Ok(vec![false, true, false]));
    assert_eq!(
        c.note(&refs).unwrap(),
        "note: Rv1Set (sched-simple in Python, flux-core's default scheduler) reads this constraint otherwise: it selects no node"
    );
    // The lowest rank's refusal is the one met, whatever the order given.
    let c = Selector::parse(
        r#"{"or": [{"ranks": ["1-2"]}, {"properties": [7]}]}"#,
        ConstraintReading::Rv1Set,
    )
    .unwrap();
    assert_eq!(c.answers(&refs).unwrap_err().pointer, "/or/1/properties/0");
    let c = Selector::parse(r#"{"properties": "x"}"#, ConstraintReading::Librlist).unwrap();
    assert_eq!(
        c.refusal().map(|e| e.message.as_str()),
        Some("properties value must be an array")
    );
    assert_eq!(
        c.answers::<Probe>(&[]).unwrap_err().message,
        "properties value must be an array"
    );
    let c = Selector::parse(
        r#"{"and": [{"ranks": ["0-2"]}]}"#,
        ConstraintReading::Rv1Set,
    )
    .unwrap();
    assert_eq!(c.note(&refs), None);
}
