use super::query::{self, Dialect};
use super::{Constraint, Target};

/// A node as librlist's test builds one: `foo0`, rank 0, `xx` and `yy`.
struct Probe {
    rank: u32,
    host: Option<&'static str>,
    props: &'static [&'static str],
}

impl Target for Probe {
    fn rank(&self) -> u32 {
        self.rank
    }
    fn hostname(&self) -> Option<&str> {
        self.host
    }
    fn has_property(&self, name: &str) -> bool {
        self.props.contains(&name)
    }
}

const FOO0: Probe = Probe {
    rank: 0,
    host: Some("foo0"),
    props: &["xx", "yy"],
};

fn q(text: &str) -> String {
    match query::parse(text) {
        Ok(t) => t.to_python_json(),
        Err(e) => format!("error: {e}"),
    }
}

fn c(json: &str) -> Constraint {
    Constraint::parse(json).unwrap()
}

fn refused(json: &str) -> (String, String) {
    let e = Constraint::parse(json).unwrap_err();
    (e.message, e.pointer)
}

#[test]
fn requires_queries_read_as_flux_submit_reads_them() {
    assert_eq!(q("gpu"), r#"{"properties": ["gpu"]}"#);
    assert_eq!(q("gpu,ssd ib"), r#"{"properties": ["gpu", "ssd", "ib"]}"#);
    assert_eq!(q("-slow"), r#"{"not": [{"properties": ["slow"]}]}"#);
    assert_eq!(q("host:foo[1-2]"), r#"{"hostlist": ["foo[1-2]"]}"#);
    assert_eq!(
        q("hosts:a,b rank:0"),
        r#"{"and": [{"hostlist": ["a,b"]}, {"ranks": ["0"]}]}"#
    );
    assert_eq!(
        q("a|b|c"),
        r#"{"or": [{"properties": ["a"]}, {"properties": ["b"]}, {"properties": ["c"]}]}"#
    );
    assert_eq!(q("name:'é'"), r#"{"name": ["\u00e9"]}"#);
    assert_eq!(q("x:💡"), r#"{"x": ["\ud83d\udca1"]}"#);
}

#[test]
fn precedence_follows_the_reference_grammar() {
    // A negation binds to the term before it; juxtaposition yields to `|`
    // before a term but not before `&`.
    assert_eq!(
        q("a b -c"),
        r#"{"and": [{"properties": ["a"]}, {"and": [{"properties": ["b"]}, {"not": [{"properties": ["c"]}]}]}]}"#
    );
    assert_eq!(
        q("a -b c"),
        r#"{"and": [{"properties": ["a"]}, {"not": [{"properties": ["b"]}]}, {"properties": ["c"]}]}"#
    );
    assert_eq!(
        q("a | b c"),
        r#"{"and": [{"or": [{"properties": ["a"]}, {"properties": ["b"]}]}, {"properties": ["c"]}]}"#
    );
    assert_eq!(
        q("a | b & c"),
        r#"{"or": [{"properties": ["a"]}, {"properties": ["b", "c"]}]}"#
    );
    assert_eq!(
        q("not a b"),
        r#"{"and": [{"not": [{"properties": ["a"]}]}, {"properties": ["b"]}]}"#
    );
    assert_eq!(
        q("not not a"),
        r#"{"not": [{"not": [{"properties": ["a"]}]}]}"#
    );
}

#[test]
fn lexer_quirks_are_kept() {
    assert_eq!(q("a: (b)"), r#"{"a": ["b"]}"#);
    assert_eq!(
        q("'and:foo' bar"),
        r#"{"and": ["foo", {"properties": ["bar"]}]}"#
    );
    assert_eq!(q("not:x"), r#"{"not": [{"": ["x"]}]}"#);
    assert_eq!(q("a AND b"), r#"{"properties": ["a", "AND", "b"]}"#);
    assert_eq!(q("nota andy"), r#"{"properties": ["nota", "andy"]}"#);
}

#[test]
fn refusals_give_the_reference_message_and_place() {
    assert_eq!(q(""), "error: unexpected end of input in ''");
    assert_eq!(q("a|"), "error: unexpected end of input in 'a|'");
    assert_eq!(q("(a"), "error: unclosed parenthesis in position 0");
    assert_eq!(q("((a)"), "error: unclosed parenthesis in position 1");
    assert_eq!(
        q("(a))"),
        "error: mismatched parentheses starting at position 3"
    );
    assert_eq!(q("-(a|b)"), "error: invalid token '(' at position 1");
    assert_eq!(q("a &&& b"), "error: invalid token '&' at position 4");
    assert_eq!(q("a:' "), "error: unclosed quote \"'\" at position 3");
    assert_eq!(q("a:\" "), "error: unclosed quote '\"' at position 3");
    assert_eq!(q("foo and a:"), "error: missing argument to token 'a:'");
    assert_eq!(
        q("a/b:c"),
        "error: invalid character '/' in operator 'a/b:'"
    );
    // The next token is read before a term is checked.
    assert_eq!(q("a/b:c d:"), "error: missing argument to token 'd:'");
    assert_eq!(
        q("é\u{a0}b"),
        "error: illegal character '\u{a0}' at position 1"
    );
    let e = query::parse("ab \u{a0}").unwrap_err();
    assert_eq!(e.span, 3..5);
}

#[test]
fn nesting_is_bounded() {
    let deep = "not ".repeat(query::MAX_DEPTH) + "a";
    assert_eq!(
        q(&deep),
        format!(
            "error: the query nests constraints deeper than {} levels",
            query::MAX_DEPTH
        )
    );
    let ok = "not ".repeat(query::MAX_DEPTH - 1) + "a";
    assert!(query::parse(&ok).is_ok());
    let parens = "(".repeat(10_000) + "a" + &")".repeat(10_000);
    assert_eq!(q(&parens), r#"{"properties": ["a"]}"#);
}

#[test]
fn dialects_split_and_combine_as_configured() {
    let t = |split: bool, combined: bool| Dialect {
        default: Some("t".into()),
        operators: vec![],
        split: if split {
            vec![("t".into(), ",".into())]
        } else {
            vec![]
        },
        combined: if combined { vec!["t".into()] } else { vec![] },
    };
    let p = |text: &str, d: &Dialect| query::parse_with(text, d).unwrap().to_python_json();
    assert_eq!(p("xx,yy", &t(true, false)), r#"{"t": ["xx", "yy"]}"#);
    assert_eq!(p("xx and yy", &t(false, true)), r#"{"t": ["xx", "yy"]}"#);
    assert_eq!(
        p("xx and yy", &t(false, false)),
        r#"{"and": [{"t": ["xx"]}, {"t": ["yy"]}]}"#
    );
    let e = query::parse_with("foo", &Dialect::default()).unwrap_err();
    assert_eq!(e.message, "missing required operator in \"foo\"");
}

#[test]
fn empty_and_or_not_answer_as_rfc_31_says() {
    assert!(c("{}").matches(&FOO0));
    assert!(c(r#"{"and": []}"#).matches(&FOO0));
    assert!(c(r#"{"or": []}"#).matches(&FOO0));
    assert!(!c(r#"{"not": []}"#).matches(&FOO0));
    // `not` of several is "not all of them", as librlist has it.
    assert!(c(r#"{"not": [{"properties": ["xx"]}, {"properties": ["zz"]}]}"#).matches(&FOO0));
}

#[test]
fn properties_match_host_names_and_negate() {
    assert!(c(r#"{"properties": ["foo0"]}"#).matches(&FOO0));
    assert!(!c(r#"{"properties": ["^foo0"]}"#).matches(&FOO0));
    assert!(c(r#"{"properties": ["^"]}"#).matches(&FOO0));
    let nameless = Probe {
        rank: 4,
        host: None,
        props: &[],
    };
    assert!(!c(r#"{"hostlist": ["foo[0-9]"]}"#).matches(&nameless));
    assert!(!c(r#"{"hostlist": "foo0"}"#).matches(&FOO0));
    assert!(!c(r#"{"ranks": "0"}"#).matches(&FOO0));
    assert!(c(r#"{"hostlist": [7, "foo0"]}"#).matches(&FOO0));
}

#[test]
fn refusals_carry_librlist_messages_and_a_pointer() {
    assert_eq!(
        refused(r#"{"and": [{"or": [{"bad": []}]}]}"#),
        (
            "unknown constraint operator: bad".into(),
            "/and/0/or/0".into()
        )
    );
    assert_eq!(
        refused(r#"{"ranks": ["0", 3]}"#),
        (
            r#"invalid idset '(null)' in ["0", 3]"#.into(),
            "/ranks/1".into()
        )
    );
    assert_eq!(
        refused(r#"{"a": 1, "b": 2}"#),
        ("constraint must only contain 1 element".into(), "".into())
    );
    assert_eq!(
        refused(r#"{"properties": ["a\u0000"]}"#).0,
        "\\u0000 is not allowed without JSON_ALLOW_NUL"
    );
    assert_eq!(refused("{").0, "not JSON: unterminated object");
}

#[test]
fn why_not_says_what_excludes_a_node() {
    let why = |json: &str| c(json).why_not(&FOO0);
    assert_eq!(why(r#"{"properties": ["xx"]}"#), None);
    assert_eq!(
        why(r#"{"properties": ["xx", "gpu"]}"#).unwrap(),
        "lacks property gpu"
    );
    assert_eq!(
        why(r#"{"properties": ["^yy"]}"#).unwrap(),
        "has property yy"
    );
    assert_eq!(
        why(r#"{"properties": ["^foo0"]}"#).unwrap(),
        "its host name is foo0"
    );
    assert_eq!(
        why(r#"{"hostlist": ["foo[1-3]", "bar"]}"#).unwrap(),
        "host foo0 is not in foo[1-3],bar"
    );
    assert_eq!(
        why(r#"{"ranks": ["1-3"]}"#).unwrap(),
        "rank 0 is not in 1-3"
    );
    assert_eq!(
        why(r#"{"not": [{"hostlist": ["foo0"]}]}"#).unwrap(),
        "host foo0 is excluded by not"
    );
    assert_eq!(
        why(r#"{"not": [{"ranks": ["0"]}, {"properties": ["xx", "^zz"]}]}"#).unwrap(),
        "rank 0 and property xx and lacking property zz are excluded by not"
    );
    assert_eq!(
        why(r#"{"or": [{"properties": ["zz"]}, {"ranks": ["2"]}]}"#).unwrap(),
        "no term of or holds: lacks property zz; rank 0 is not in 2"
    );
    assert_eq!(
        why(r#"{"not": []}"#).unwrap(),
        "not of no terms selects nothing"
    );
    assert_eq!(
        why(r#"{"and": [{}, {"properties": ["q"]}]}"#).unwrap(),
        "lacks property q"
    );
}

#[test]
fn queries_become_constraints() {
    let gpu_not_3 = Constraint::from_query("gpu -host:foo3").unwrap();
    let node = |rank, host, props| Probe {
        rank,
        host: Some(host),
        props,
    };
    assert!(gpu_not_3.matches(&node(1, "foo1", &["gpu"])));
    assert!(!gpu_not_3.matches(&node(3, "foo3", &["gpu"])));
    assert_eq!(
        Constraint::from_query("color:red").unwrap_err(),
        "unknown constraint operator: color"
    );
}
