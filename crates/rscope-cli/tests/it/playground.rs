//! The playground's answers are `rscope hostlist`'s: the canonical form,
//! count and members of a host list, and the set operations of two lists
//! (`-u`, `-i`, `-m`, `-X`), for lists and id sets alike; and a
//! constraint's JSON is `rscope constraint parse`'s, read term by term,
//! with `-` (the query's negation) and `^` (RFC 31's, inside
//! `properties`) told apart.

use crate::support::rscope;
use rscope_core::commands::lists::{hostlist, idset, ListAnswer};
use rscope_core::teach::play::{read, PlayFormat};

const LISTS: [&str; 6] = [
    "node[1-4,7]",
    "node[3,1-2],login1",
    "a[01-10]",
    "x1,x1,x2",
    "n[8-10],n[1-2]",
    "b2,a[1-2]",
];

fn cli(args: &[&str]) -> String {
    let out = rscope(args, "");
    assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    out.stdout.trim_end().to_string()
}

#[test]
fn readings_equal_rscope_hostlist() {
    for list in LISTS {
        let r = read(PlayFormat::Hostlist, list).unwrap();
        assert_eq!(r.canonical, cli(&["hostlist", list]), "{list}");
        assert_eq!(
            r.count.unwrap().to_string(),
            cli(&["hostlist", "-c", list]),
            "{list}"
        );
        assert_eq!(
            r.members.join(" "),
            cli(&["hostlist", "-e", list]),
            "{list}"
        );
    }
}

#[test]
fn set_operations_equal_rscope_hostlist() {
    for (a, b) in [("node[1-6]", "node[4-9]"), ("n[1-3],m1", "m[1-2],n2")] {
        for (op, flag) in [
            ("union", "-u"),
            ("intersect", "-i"),
            ("minus", "-m"),
            ("xor", "-X"),
        ] {
            let ours = hostlist(op, &[a.to_string(), b.to_string()]).unwrap();
            assert_eq!(
                ours,
                ListAnswer::List(cli(&["hostlist", flag, a, b])),
                "{op} {a} {b}"
            );
        }
    }
}

#[test]
fn id_set_operations_equal_rscope_hostlist_on_numbered_hosts() {
    // An id set is a host list of bare numbers to `flux hostlist`.
    for (a, b) in [("0-5", "3-9"), ("1,3,5", "2-3")] {
        for (op, flag) in [
            ("union", "-u"),
            ("intersect", "-i"),
            ("minus", "-m"),
            ("xor", "-X"),
        ] {
            let ListAnswer::List(ours) = idset(op, &[a.to_string(), b.to_string()]).unwrap() else {
                panic!("a list");
            };
            let theirs = cli(&["hostlist", flag, &format!("[{a}]"), &format!("[{b}]")]);
            let theirs = theirs.trim_start_matches('[').trim_end_matches(']');
            assert_eq!(ours, theirs, "{op} {a} {b}");
        }
    }
}

#[test]
fn errors_say_what_rscope_hostlist_says() {
    for bad in ["node[1-", "n[3-1]", "a]"] {
        let ours = read(PlayFormat::Hostlist, bad).unwrap_err();
        let out = rscope(&["hostlist", bad], "");
        assert_eq!(out.status, 1, "{bad}");
        assert!(
            out.stderr.contains(&ours.message),
            "{bad}: {} / {}",
            ours.message,
            out.stderr
        );
    }
}

fn steps(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A query reads as the JSON `rscope constraint parse` prints, with each
/// term in words, in the order written.
#[test]
fn a_constraint_query_reads_as_rscope_constraint_parse() {
    for query in [
        "gpu -host:foo3",
        "-slow",
        "^slow",
        "a,-b",
        "a | b c",
        "not (rank:0-3 or host:foo[1-3])",
        "a && 'b c'",
    ] {
        let r = read(PlayFormat::Constraint, query).unwrap();
        assert_eq!(r.canonical, cli(&["constraint", "parse", query]), "{query}");
        assert_eq!((r.count, r.more), (None, Some(0)), "{query}");
    }
    let r = read(PlayFormat::Constraint, "gpu -host:foo3").unwrap();
    assert_eq!(
        r.steps,
        steps(&[
            "'gpu': a word is a property: the nodes with property gpu",
            "'-host:foo3': - before a term is not: the nodes not on host foo3 (an RFC 29 host list)",
            "terms side by side, with no operator between them, are joined with and",
            "so it selects the nodes with property gpu and not on host foo3",
        ])
    );
    let group = read(PlayFormat::Constraint, "not (rank:0-3 or host:foo[1-3])").unwrap();
    assert_eq!(
        group.steps,
        steps(&[
            "'not': not, the term or parenthesized group right after it must not hold (- stands only before a term)",
            "'(': a group, read as one term",
            "'rank:0-3': the nodes of ranks 0, 1, 2 and 3 (an RFC 22 id set)",
            "'or': or, one side or the other must hold",
            "'host:foo[1-3]': the nodes on hosts foo1, foo2 and foo3 (an RFC 29 host list)",
            "so it selects the nodes not (of ranks 0-3 or on hosts foo[1-3])",
        ])
    );
    let empty = read(PlayFormat::Constraint, "a,,b").unwrap();
    assert_eq!(
        empty.steps.last().unwrap(),
        "so it selects the nodes with property a and with property '' and with property b"
    );
    let quoted = read(PlayFormat::Constraint, "a && 'b c'").unwrap();
    assert_eq!(
        quoted.steps,
        steps(&[
            "'a': a word is a property: the nodes with property a",
            "'&&': and, both sides must hold",
            "'b c': a word is a property: the nodes with property b c",
            "so it selects the nodes with property a and with property b c",
        ])
    );
}

/// `-` negates a query's term; `^` is RFC 31's negation inside
/// `properties`, and a plain word character to the query reader.
#[test]
fn dash_and_caret_are_told_apart() {
    let dash = read(PlayFormat::Constraint, "-slow").unwrap();
    assert_eq!(dash.canonical, r#"{"not": [{"properties": ["slow"]}]}"#);
    assert_eq!(
        dash.steps,
        steps(&[
            r#"'-slow': - before a term is not: the nodes without property slow. flux-core's parser writes it {"not": [{"properties": ["slow"]}]}; inside properties RFC 31 writes the same negation ^slow, and {"properties": ["^slow"]} selects the same nodes"#,
            "so it selects the nodes without property slow",
        ])
    );
    let caret = read(PlayFormat::Constraint, "^slow").unwrap();
    assert_eq!(caret.canonical, r#"{"properties": ["^slow"]}"#);
    assert_eq!(
        caret.steps,
        steps(&[
            "'^slow': a word is a property: the nodes without property slow",
            r#"'^slow': in a query ^ is not an operator: it stays part of the word, so the JSON holds "^slow" in properties, where RFC 31 reads a leading ^ as negation: the nodes without property slow. The query syntax's own negation is -slow, which flux-core's parser writes {"not": [{"properties": ["slow"]}]}: the same nodes"#,
            "so it selects the nodes without property slow",
        ])
    );
    let inside = read(PlayFormat::Constraint, "a,-b").unwrap();
    assert_eq!(
        inside.steps,
        steps(&[
            "'a,-b': properties joined by commas are all required: the nodes with property a and with property -b",
            "'-b': a - inside a word (after a comma, a colon or a quote) is not a negation but part of the name: this asks for a property named -b, which a node rarely has; for the nodes without b, write ^b, or -b as a term of its own",
            "so it selects the nodes with property a and with property -b",
        ])
    );
    let several = read(PlayFormat::Constraint, "-a,b").unwrap();
    assert_eq!(
        several.steps[0],
        "'-a,b': - before a term is not: the nodes that do not have all of a and b, so lack at least one; ^a,^b would instead ask for none of them"
    );
    let json = read(
        PlayFormat::Constraint,
        r#"{"properties":["gpu","^slow","-fast"]}"#,
    )
    .unwrap();
    assert_eq!(
        json.canonical,
        r#"{"properties": ["gpu", "^slow", "-fast"]}"#
    );
    assert_eq!(
        json.steps,
        steps(&[
            r#"properties ["gpu", "^slow", "-fast"]: the nodes with property gpu and without property slow and with property -fast"#,
            r#"'^slow': a leading ^ is RFC 31's negation inside properties: the nodes without property slow. A --requires query writes it -slow (flux-core's parser makes that {"not": [{"properties": ["slow"]}]}, the same nodes), or ^slow as it is"#,
            "'-fast': in the JSON a - is not a negation but part of the name: this asks for a property named -fast, which a node rarely has; for the nodes without fast, write ^fast (-fast is the --requires query syntax)",
            "so it selects the nodes with property gpu and without property slow and with property -fast",
        ])
    );
}

/// The JSON form reads from the outside in, with librlist's answers for
/// empty lists, and prints as the query of the same constraint does.
#[test]
fn a_constraint_object_reads_term_by_term() {
    let json = r#"{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["foo3"]}]}]}"#;
    let r = read(PlayFormat::Constraint, json).unwrap();
    assert_eq!(r.canonical, cli(&["constraint", "parse", "gpu -host:foo3"]));
    assert_eq!(
        r.steps,
        steps(&[
            "and, of 2 terms: every term must hold",
            r#"properties ["gpu"]: the nodes with property gpu"#,
            "not, of 1 term: the nodes that term does not select",
            r#"hostlist ["foo3"]: the nodes on host foo3"#,
            "so it selects the nodes with property gpu and not on host foo3",
        ])
    );
    for (empty, said) in [
        (
            r#"{"or": []}"#,
            "or of no terms: selects no node as today's scheduler (Rv1Set) reads it; librlist selects every node",
        ),
        (r#"{"and": []}"#, "and of no terms: selects every node"),
        (
            r#"{"not": []}"#,
            "not of no terms: Rv1Set refuses it (its operand must be a non-empty list); librlist selects no node",
        ),
        (
            "{}",
            "{}: the empty object, no constraint to today's scheduler (sched-simple over Rv1Pool: every node); Rv1Set's copy_constraint refuses it, and librlist selects every node",
        ),
    ] {
        let r = read(PlayFormat::Constraint, empty).unwrap();
        assert_eq!(r.steps[0], said, "{empty}");
    }
    let not = read(PlayFormat::Constraint, r#"{"not": []}"#).unwrap();
    assert_eq!(
        not.steps[1..],
        steps(&[
            "Rv1Set (sched-simple in Python, flux-core's default scheduler) refuses it where a node reaches it: 'not' operand must be a non-empty list, got []",
            "so it selects no node, as librlist (flux-core before sched-simple in Python, and Fluxion) reads it",
        ])
    );
    let two = read(
        PlayFormat::Constraint,
        r#"{"not": [{"ranks": ["0"]}, {"ranks": ["1"]}]}"#,
    )
    .unwrap();
    assert_eq!(
        two.steps,
        steps(&[
            "not, of 2 terms: today's scheduler (Rv1Set) reads only the first term and selects the nodes it does not; librlist negates their and, the nodes where they do not all hold",
            r#"ranks ["0"]: the nodes of rank 0"#,
            r#"ranks ["1"]: the nodes of rank 1"#,
            "so it selects the nodes not of rank 0, as Rv1Set (sched-simple in Python, flux-core's default scheduler) reads it",
            "so it selects the nodes not (of rank 0 and of rank 1), as librlist (flux-core before sched-simple in Python, and Fluxion) reads it",
        ])
    );
}

/// Errors keep the parser's or librlist's message, placed on their bytes.
#[test]
fn constraint_errors_have_their_span() {
    let cases: [(&str, &str, (usize, usize), &str); 5] = [
        (
            "gpu and (",
            "unclosed parenthesis in position 8",
            (9, 9),
            "gpu and (>><<",
        ),
        (
            "rank:x",
            r#"invalid idset 'x' in ["x"]"#,
            (5, 6),
            "rank:>>x<<",
        ),
        (
            "foo:bar",
            "unknown constraint operator: foo",
            (0, 4),
            ">>foo:<<bar",
        ),
        (
            r#"{"prop": ["x"]}"#,
            "unknown constraint operator: prop",
            (1, 7),
            r#"{>>"prop"<<: ["x"]}"#,
        ),
        (
            r#"{"ranks": ["3-1"]}"#,
            r#"invalid idset '3-1' in ["3-1"]"#,
            (11, 16),
            r#"{"ranks": [>>"3-1"<<]}"#,
        ),
    ];
    for (text, message, span, marked) in cases {
        let p = read(PlayFormat::Constraint, text).unwrap_err();
        assert_eq!(
            (p.message.as_str(), p.span, p.marked.as_str()),
            (message, span, marked),
            "{text}"
        );
    }
    // The query reader's refusals are rscope constraint parse's.
    let out = rscope(&["constraint", "parse", "gpu and ("], "");
    assert!(
        out.stderr.contains("unclosed parenthesis in position 8"),
        "{}",
        out.stderr
    );
    assert!(read(PlayFormat::Constraint, r#"{"properties": ["a" "#).is_err());
}

/// Every `--requires` row and every librlist JSON row of the constraint
/// tables reads in the playground: as `rscope constraint parse`'s JSON,
/// ending with what it selects, or refused with the reference's message.
#[test]
fn every_constraint_of_the_tables_reads_or_is_refused_in_their_words() {
    use rscope_core::constraint::Constraint;
    let table = |name: &str| -> serde_json::Value {
        let path = crate::fixtures::fixture(&format!("constraint/{name}"));
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let requires = table("requires.json");
    let mut read_ok = 0;
    for row in requires["rows"].as_array().unwrap() {
        let input = row["in"].as_str().unwrap();
        let got = read(PlayFormat::Constraint, input);
        match (row.get("out").and_then(|o| o.as_str()), got) {
            (Some(out), Ok(r)) => {
                assert_eq!(r.canonical, out, "{input:?}");
                assert!(
                    r.steps.last().unwrap().starts_with("so it selects "),
                    "{input:?}"
                );
                read_ok += 1;
            }
            // Read by the parser, refused by librlist (an unknown operator).
            (Some(_), Err(p)) => {
                assert_eq!(Err(p.message), Constraint::from_query(input), "{input:?}")
            }
            (None, Err(p)) => assert_eq!(p.message, row["error"].as_str().unwrap(), "{input:?}"),
            (None, Ok(r)) => panic!("{input:?} read as {}", r.canonical),
        }
    }
    assert_eq!(read_ok, 23);
    let librlist = table("match.json");
    let objects = librlist["match"]
        .as_array()
        .unwrap()
        .iter()
        .chain(librlist["validate"].as_array().unwrap());
    for row in objects {
        let json = row["json"].as_str().unwrap();
        if !json.starts_with('{') {
            continue;
        }
        match (read(PlayFormat::Constraint, json), Constraint::parse(json)) {
            (Ok(r), Ok(_)) => assert!(r.steps.last().unwrap().starts_with("so it selects ")),
            (Err(p), Err(e)) => assert_eq!(p.message, e.message, "{json}"),
            (got, want) => panic!("{json}: {got:?} / {want:?}"),
        }
    }
}
