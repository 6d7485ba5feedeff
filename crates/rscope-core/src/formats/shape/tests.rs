//! Shape tests: the reference's own test vectors, worked examples and
//! jobspecs of the project's own (tests/fixtures/shape/), exact error spans,
//! and the round trip through [`format`] as a property. The RFC 46 examples
//! and RFC 14 use cases, read from ../shared/specs, are in the corpus tier
//! (crates/rscope-cli/tests/corpus/library.rs).

use super::format::{equivalent, format, format_exact, resources_of_document};
use super::*;
use proptest::prelude::*;

fn opts(label: &str, rangedict: bool) -> Options {
    Options {
        label: label.to_string(),
        rangedict,
    }
}

/// Expand with the reference's defaults; expect its `json.dumps` text.
fn check(shape: &str, want: &str) {
    let got = match parse(shape, &Options::default()) {
        Ok(e) => e.to_python_json(false),
        Err(e) => format!("error: {e}"),
    };
    assert_eq!(got, want, "shape {shape:?}");
}

#[test]
fn reference_test_vectors() {
    // flux-core t/python/t0037 and t/t2900 (expected outputs verbatim).
    check(
        "slot=4/node",
        r#"[{"type": "slot", "count": 4, "label": "task", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "slot=4/node=[2]",
        r#"[{"type": "slot", "count": 4, "label": "task", "with": [{"type": "node", "count": 2}]}]"#,
    );
    check(
        "slot=3-30/node",
        r#"[{"type": "slot", "count": "3-30", "label": "task", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "slot=4{nodelevel}/node{-x}/socket=2+/core=4+",
        r#"[{"type": "slot", "count": 4, "label": "nodelevel", "with": [{"type": "node", "count": 1, "exclusive": false, "with": [{"type": "socket", "count": "2+", "with": [{"type": "core", "count": "4+"}]}]}]}]"#,
    );
    check(
        "[cluster/slot=2{ib}/node/[memory=4{unit:GB};ib10g];switch/slot=2{bicore}/node/core=2]",
        r#"[{"type": "cluster", "count": 1, "with": [{"type": "slot", "count": 2, "label": "ib", "with": [{"type": "node", "count": 1, "with": [{"type": "memory", "count": 4, "unit": "GB"}, {"type": "ib10g", "count": 1}]}]}]}, {"type": "switch", "count": 1, "with": [{"type": "slot", "count": 2, "label": "bicore", "with": [{"type": "node", "count": 1, "with": [{"type": "core", "count": 2}]}]}]}]"#,
    );
    check(
        "cluster=2/slot/node=1+{-x}/core=30",
        r#"[{"type": "cluster", "count": 2, "with": [{"type": "slot", "count": 1, "label": "task", "with": [{"type": "node", "count": "1+", "exclusive": false, "with": [{"type": "core", "count": 30}]}]}]}]"#,
    );
    check(
        "slot=4,9,16,25/node",
        r#"[{"type": "slot", "count": "4,9,16,25", "label": "task", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "slot{task,foo:bar}/node{}",
        r#"[{"type": "slot", "count": 1, "label": "task", "foo": "bar", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "[slot=10{task1}/core;slot=2{task2}/core=2]",
        r#"[{"type": "slot", "count": 10, "label": "task1", "with": [{"type": "core", "count": 1}]}, {"type": "slot", "count": 2, "label": "task2", "with": [{"type": "core", "count": 2}]}]"#,
    );
    check(
        "\"my type\"/node",
        r#"[{"type": "my type", "count": 1, "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "'my type'/node",
        r#"[{"type": "my type", "count": 1, "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "node{unit:\"\"}",
        r#"[{"type": "node", "count": 1, "unit": ""}]"#,
    );
    check(
        "node{key:true,flag:false}",
        r#"[{"type": "node", "count": 1, "key": true, "flag": false}]"#,
    );
    check(
        "node{key:null}",
        r#"[{"type": "node", "count": 1, "key": null}]"#,
    );
    check(
        "node{int:42,float:3.14,sci:1e5}",
        r#"[{"type": "node", "count": 1, "int": 42, "float": 3.14, "sci": 100000.0}]"#,
    );
    check(
        "node{ports:[8080,8081]}",
        r#"[{"type": "node", "count": 1, "ports": [8080, 8081]}]"#,
    );
    check(
        "node{x}",
        r#"[{"type": "node", "count": 1, "exclusive": true}]"#,
    );
    check(
        "node{+key}",
        r#"[{"type": "node", "count": 1, "key": true}]"#,
    );
    check(
        "node{-key}",
        r#"[{"type": "node", "count": 1, "key": false}]"#,
    );
    // Quirks the reference has, kept on purpose.
    check(
        "node{ a b , c : d }",
        r#"[{"type": "node", "count": 1, "a b ": true, "c ": "d "}]"#,
    );
    check(
        "node{type:core,count:'3'}",
        r#"[{"type": "core", "count": "3"}]"#,
    );
    check(
        "node{with:1,a:2}/core",
        r#"[{"type": "node", "count": 1, "with": [{"type": "core", "count": 1}], "a": 2}]"#,
    );
    check(
        "slot{x}/node",
        r#"[{"type": "slot", "count": 1, "label": "exclusive", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "[slot/node;slot{a}/node]",
        r#"[{"type": "slot", "count": 1, "label": "task", "with": [{"type": "node", "count": 1}]}, {"type": "slot", "count": 1, "label": "a", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "SLOT = 3 - 30 : 2 :* / node",
        r#"[{"type": "slot", "count": "3-30:2:*", "label": "task", "with": [{"type": "node", "count": 1}]}]"#,
    );
    check(
        "node=/core",
        r#"[{"type": "node", "count": 1, "with": [{"type": "core", "count": 1}]}]"#,
    );
    check(
        "node=5,3{a:5 }",
        r#"[{"type": "node", "count": "5,3", "a": "5 "}]"#,
    );
    check(
        "a,b:c+d{k:x:y,n:-0,f:-0.0,e:1E16,t:TRUE,s:'it''s'}",
        "error: unexpected ''s'', expected ',' or '}' at column 48",
    );
    check(
        "a,b:c+d{k:x:y,n:-0,f:-0.0,e:1E16,t:TRUE}",
        r#"[{"type": "a,b:c+d", "count": 1, "k": "x:y", "n": 0, "f": -0.0, "e": 1e+16, "t": true}]"#,
    );
    check(
        "n{a:['x', \"é\"], b:{c:{x}}}",
        r#"[{"type": "n", "count": 1, "a": ["x", "\u00e9"], "b": {"c": {"exclusive": true}}}]"#,
    );
}

#[test]
fn rangedict_and_label_options() {
    let dict = |shape: &str| {
        parse(shape, &opts("default", true))
            .unwrap()
            .to_python_json(true)
    };
    assert_eq!(
        dict("slot=3-30/node"),
        r#"{"resources": [{"type": "slot", "count": {"min": 3, "max": 30, "operand": 1, "operator": "+"}, "label": "default", "with": [{"type": "node", "count": 1}]}]}"#
    );
    assert_eq!(
        dict("slot=3-30:2/node"),
        r#"{"resources": [{"type": "slot", "count": {"min": 3, "max": 30, "operand": 2, "operator": "+"}, "label": "default", "with": [{"type": "node", "count": 1}]}]}"#
    );
    assert_eq!(
        dict("slot=3+:2/node"),
        r#"{"resources": [{"type": "slot", "count": {"min": 3, "max": Infinity, "operand": 2, "operator": "+"}, "label": "default", "with": [{"type": "node", "count": 1}]}]}"#
    );
    assert_eq!(
        dict("slot=2+:2:^/node=4,8"),
        r#"{"resources": [{"type": "slot", "count": {"min": 2, "max": Infinity, "operand": 2, "operator": "^"}, "label": "default", "with": [{"type": "node", "count": "4,8"}]}]}"#
    );
    assert_eq!(
        dict("node=[3+]"),
        r#"{"resources": [{"type": "node", "count": {"min": 3}}]}"#
    );
    let e = parse("slot=3+:2/node", &opts("default", true)).unwrap();
    assert_eq!(
        e.to_value(false)[0]["count"]["max"],
        serde_json::Value::Null
    );
    assert_eq!(
        e.to_yaml(true),
        "resources:\n- type: slot\n  count:\n    min: 3\n    max: .inf\n    operand: 2\n    operator: +\n  label: default\n  with:\n  - type: node\n    count: 1\n"
    );
}

/// Expand; expect the exact error message with its column.
fn check_error(shape: &str, want: &str, span: std::ops::Range<usize>) {
    match parse(shape, &Options::default()) {
        Ok(e) => panic!("{shape:?} expanded to {}", e.to_python_json(false)),
        Err(e) => {
            assert_eq!(e.to_string(), want, "shape {shape:?}");
            assert_eq!(e.span(), span, "shape {shape:?}");
        }
    }
}

#[test]
fn errors_carry_exact_spans() {
    // The reference's INVALID list and its sharness failures first.
    check_error("slot=2{blah", "unclosed brace '{' at column 7", 6..7);
    check_error(
        "node/[slot=10{read-db}/[core;memory=4{unit:GB}];slot{db}/[blah",
        "unclosed bracket '[' at column 58",
        57..58,
    );
    check_error("slot/", "missing resource after '/' at column 6", 5..5);
    check_error("slot=2{bla}}", "unmatched brace '}' at column 12", 11..12);
    check_error(
        "node/[slot=10{read-db}/[core;memory=4{unit:GB}]]]",
        "unmatched bracket ']' at column 49",
        48..49,
    );
    check_error(
        "slot/\"blahblahblah",
        "unclosed quote '\"' at column 6",
        5..6,
    );
    check_error(
        "slot/node=;",
        "unexpected ';', expected end of input at column 11",
        10..11,
    );
    check_error("slot/node=a", "illegal character 'a' at column 11", 10..11);
    check_error(
        "node/[slot=10/core]]]",
        "unmatched bracket ']' at column 20",
        19..20,
    );
    check_error(
        "[slot=2/node;slot=3/node]",
        "multiple slots require labels: this slot has none at column 14",
        13..17,
    );
    // More categories.
    check_error(
        "",
        "unexpected end of input, expected a resource type at column 1",
        0..0,
    );
    check_error(
        "slot",
        "a slot needs its resources after '/' at column 5",
        4..4,
    );
    check_error(
        "[slot{a};b]",
        "a slot needs its resources after '/' at column 9",
        8..9,
    );
    check_error(
        "slot{a:1}/node",
        "a slot's braces must begin with its label alone at column 7",
        6..7,
    );
    check_error(
        "slot{}/node",
        "a slot's braces must begin with its label alone at column 6",
        5..6,
    );
    check_error(
        "slot{+a}/node",
        "a slot's braces must begin with its label alone at column 6",
        5..6,
    );
    check_error(
        "a;b",
        "unexpected ';', expected end of input at column 2",
        1..2,
    );
    check_error(
        "[a b]",
        "unexpected 'b', expected ';' or ']' at column 4",
        3..4,
    );
    check_error(
        "node=3-",
        "unexpected end of input, expected the range's maximum at column 8",
        7..7,
    );
    check_error(
        "node=3-30:+",
        "unexpected ':+', expected end of input at column 10",
        9..11,
    );
    check_error(
        "node=4,",
        "unexpected ',', expected end of input at column 7",
        6..7,
    );
    check_error("node=0", "illegal character '0' at column 6", 5..6);
    check_error(
        "node\u{a0}",
        "illegal character '\\u{a0}' at column 5",
        4..6,
    );
    check_error(
        "node{a,}",
        "unexpected '}', expected a key at column 8",
        7..8,
    );
    check_error(
        "node{a:}",
        "unexpected '}', expected a value at column 8",
        7..8,
    );
    check_error(
        "node{:1}",
        "unexpected ':', expected a key at column 6",
        5..6,
    );
    check_error(
        "node{a:\"x\"y}",
        "unexpected 'y', expected ',' or '}' at column 11",
        10..11,
    );
    check_error(
        "node=\"5\"",
        "unexpected '\"5\"', expected end of input at column 7",
        6..7,
    );
    check_error(
        "node{a:[1,]}",
        "invalid JSON array: expecting value at column 11",
        10..10,
    );
    check_error(
        "node{a:[1]};core{b:[2]}",
        "invalid JSON array: extra data at column 11",
        10..10,
    );
    check_error(
        "node{a:1e999}",
        "number '1e999' is out of range at column 8",
        7..12,
    );
    check_error(
        "node=18446744073709551616",
        "count '18446744073709551616' is too large (the largest is 18446744073709551615) at column 6",
        5..25,
    );
    check_error("a/]", "unmatched bracket ']' at column 3", 2..3);
    check_error("[a/", "unclosed bracket '[' at column 1", 0..1);
}

#[test]
fn limits_are_stated() {
    let deep = "a/".repeat(MAX_DEPTH) + "a";
    let e = parse(&deep, &Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape nests deeper than 100 levels at column 101"
    );
    let ok = "a/".repeat(MAX_DEPTH / 2 - 1) + "a";
    assert!(parse(&("a/".repeat(MAX_DEPTH / 2) + "a"), &Options::default()).is_err());
    let text = parse(&ok, &Options::default())
        .unwrap()
        .to_python_json(false);
    assert!(serde_json::from_str::<serde_json::Value>(&text).is_ok());
    let wide = format!("[{}a]", "a;".repeat(MAX_VERTICES));
    let e = parse(&wide, &Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape has more than 100000 resource vertices at column 200002"
    );
    let long = "a".repeat(MAX_INPUT + 1);
    let e = parse(&long, &Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape is 1048577 bytes long (the limit is 1048576) at column 1048577"
    );
    let e = parse(
        &format!("n{{a:{}1{}}}", "[".repeat(200), "]".repeat(200)),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape nests deeper than 100 levels at column 101"
    );
}

#[test]
fn yaml_output_matches_pyyaml() {
    let yaml = |shape: &str| parse(shape, &Options::default()).unwrap().to_yaml(false);
    // t2900's --yaml case (print adds the blank line the test expects).
    assert_eq!(
        yaml("slot=4/node"),
        "- type: slot\n  count: 4\n  label: task\n  with:\n  - type: node\n    count: 1\n"
    );
    assert_eq!(
        yaml("node{a:yes,b:'4',c:on,d:'',e:\"x: y\",f:é,g:[]\n,h:{},i:[[1,2],{\"q\":null}]\n,'':1}"),
        "- type: node\n  count: 1\n  a: 'yes'\n  b: '4'\n  c: 'on'\n  d: ''\n  e: 'x: y'\n  f: \"\\xE9\"\n  g: []\n  h: {}\n  i:\n  - - 1\n    - 2\n  - q: null\n  ? ''\n  : 1\n"
    );
}

fn yaml_resources(yaml: &str) -> Json {
    let v: serde_json::Value = serde_norway::from_str(yaml).expect("the YAML parses");
    Json::from_value(&v)
}

#[test]
fn worked_examples_expand_to_their_yaml() {
    // Written in the style of RFC 46's worked examples: a shape and the
    // resources list it stands for, with the default label "default".
    let examples = [
        (
            "slot=2/node/core=4",
            "- type: slot\n  count: 2\n  label: default\n  with:\n  - type: node\n    count: 1\n    with:\n    - type: core\n      count: 4\n",
        ),
        (
            "node=2+/slot{io}/[core=2;memory=16{unit:GB}]",
            "- type: node\n  count:\n    min: 2\n  with:\n  - type: slot\n    count: 1\n    label: io\n    with:\n    - type: core\n      count: 2\n    - type: memory\n      count: 16\n      unit: GB\n",
        ),
        (
            "slot=1-64:2:*/node{-x}",
            "- type: slot\n  count:\n    min: 1\n    max: 64\n    operand: 2\n    operator: '*'\n  label: default\n  with:\n  - type: node\n    count: 1\n    exclusive: false\n",
        ),
        (
            "cluster/[slot=2{a}/node;slot{b}/core=3]",
            "- type: cluster\n  count: 1\n  with:\n  - type: slot\n    count: 2\n    label: a\n    with:\n    - type: node\n      count: 1\n  - type: slot\n    count: 1\n    label: b\n    with:\n    - type: core\n      count: 3\n",
        ),
    ];
    for (shape, yaml) in examples {
        let want = yaml_resources(yaml);
        for rangedict in [false, true] {
            let got = parse(shape, &opts("default", rangedict))
                .unwrap()
                .to_json(false);
            assert!(
                equivalent(&got, &want),
                "{shape}: {} vs {}",
                got.to_python(),
                want.to_python()
            );
        }
        // With the reference's default label a lone unlabelled slot is
        // "task", so only shapes that name every slot still match.
        let got = parse(shape, &Options::default()).unwrap().to_json(false);
        assert_eq!(
            equivalent(&got, &want),
            !yaml.contains("label: default"),
            "{shape}"
        );
        // Writing the YAML back gives the shape.
        assert_eq!(&format(&want, &opts("default", false)).unwrap(), shape);
    }
}

#[test]
fn jobspecs_write_as_shapes_and_expand_back() {
    let cases = [
        (
            include_str!("../../../../../tests/fixtures/shape/cores-only.yaml"),
            "slot=6/core=3",
        ),
        (
            include_str!("../../../../../tests/fixtures/shape/listed-counts.yaml"),
            "slot=1,2,4,8/node",
        ),
        (
            include_str!("../../../../../tests/fixtures/shape/nodes-in-a-range.yaml"),
            "slot=2-16:2:*/node",
        ),
        (
            include_str!("../../../../../tests/fixtures/shape/shared-node-sockets.yaml"),
            "slot=2{half}/node{-x}/socket=1+/core=8",
        ),
        (
            include_str!("../../../../../tests/fixtures/shape/two-kinds-of-slot.yaml"),
            "node/[slot=4{worker}/[core=2;gpu];slot{leader}/[core;memory=8{unit:GB}]]",
        ),
    ];
    for (text, want_shape) in cases {
        let resources = resources_of_document(text).expect("a jobspec");
        assert_eq!(check::check_resources(&resources), vec![], "{want_shape}");
        for rangedict in [false, true] {
            let o = opts("default", rangedict);
            let shape = format(&resources, &o).unwrap();
            assert_eq!(shape, want_shape);
            let back = parse(&shape, &o).unwrap();
            assert!(equivalent(&back.to_json(false), &resources), "{shape}");
            assert_eq!(back.check(), vec![], "{shape}");
        }
        // With flux-core's default label the slot keeps its name.
        let shape = format(&resources, &Options::default()).unwrap();
        let back = parse(&shape, &Options::default()).unwrap();
        assert!(
            equivalent(&back.to_json(false), &resources),
            "{want_shape}: {shape}"
        );
    }
}

#[test]
fn format_exact_writes_what_the_short_syntax_cannot_say_directly() {
    let cases = [
        ("node{type:5}", "a{type:5}"),
        ("node{with:1,a:2}/core", "node{with,a:2}/core"),
        ("node{with:[1]}", "node{with:[1]}"),
        ("node{count:'3-30:1:+'}", "node=3-30:1:+"),
        ("node{count:'3'}", "node{count:'3'}"),
        ("'slot'/node", "'slot'/node"),
        ("slot{x}/node", "slot{x}/node"),
        ("slot{a,label:5}/node", "slot{a,label:5}/node"),
        (
            "node{'x',exclusive:false,'true':'true','5':'5',' a':' b'}",
            "node{'x',-x,true:'true',5:'5',' a':' b'}",
        ),
        ("[a{k:[1]\n};b{k[2]}]", "[a{k:[1]\n};b{k[2]}]"),
        ("n{a:{x,b:-1.5e-07}}", "n{a:{x,b:-1.5e-07}}"),
        ("[slot/a;slot{b}/c]", "[slot{task}/a;slot{b}/c]"),
        ("\"a'b\"/c", "\"a'b\"/c"),
        ("n{v:\"it's\"}", "n{v:it's}"),
        ("n{v:[\"it\\u0027s\"]}", "n{v:[\"it\\u0027s\"]}"),
    ];
    for (shape, want) in cases {
        let e = parse(shape, &Options::default()).unwrap();
        let written = format_exact(&e.to_json(false), &Options::default()).unwrap();
        assert_eq!(written, want, "{shape}");
        assert_eq!(
            parse(&written, &Options::default()).unwrap().to_json(false),
            e.to_json(false),
            "{shape}"
        );
        assert_eq!(e.to_string(), want);
    }
}

#[test]
fn documents_that_cannot_be_shapes() {
    let cases = [
        ("[]", "an empty list cannot be written as a shape at /"),
        ("{}", "resources is not a list at /"),
        ("[1]", "a resource vertex must be a dictionary at /0"),
        (
            r#"[{"count": 1, "type": "a"}]"#,
            "a resource vertex must begin with 'type' and 'count' at /0",
        ),
        (
            r#"[{"type": "a", "count": 1, "k": "'\",x"}]"#,
            "string \"'\\\",x\" cannot be written in a shape at /0/k",
        ),
        (
            r#"[{"type": "a", "count": 1, "'\":": 1}]"#,
            "key ''\":' cannot be written in a shape at /0/'\":",
        ),
    ];
    for (json, want) in cases {
        let v = Json::from_value(&serde_json::from_str(json).unwrap());
        let got = format_exact(&v, &Options::default()).map_err(|e| e.to_string());
        assert_eq!(got, Err(want.to_string()), "{json}");
    }
    assert_eq!(
        resources_of_document("version: 1\ntasks: []"),
        Err("the document has no 'resources' key".to_string())
    );
}

// Shapes drawn from the whole grammar, including the reference's quirks.
fn shape_text() -> impl Strategy<Value = String> {
    let ty = prop_oneof![
        Just("node".to_string()),
        Just("core".to_string()),
        Just("Slot".to_string()),
        Just("'slot'".to_string()),
        Just("'my type'".to_string()),
        Just("\"it's\"".to_string()),
        Just("a,b:c".to_string()),
        Just("''".to_string()),
        "[a-z0-9+-]{1,6}",
    ];
    let count = prop_oneof![
        Just(String::new()),
        (1u64..100).prop_map(|n| format!("={n}")),
        (1u64..50, 1u64..50).prop_map(|(a, b)| format!("={a}-{b}")),
        (1u64..50, 1u64..50, 1u64..5, "[+*^]").prop_map(|(a, b, k, o)| format!("={a}-{b}:{k}:{o}")),
        (1u64..50, 1u64..5).prop_map(|(a, k)| format!("=[{a}+:{k}]")),
        (1u64..50).prop_map(|a| format!("={a}+")),
        Just("=4,9,16".to_string()),
        Just("=1-3,5".to_string()),
        Just("=18446744073709551615".to_string()),
    ];
    let value = prop_oneof![
        Just("GB".to_string()),
        Just("5".to_string()),
        Just("-0.5e3".to_string()),
        Just("true".to_string()),
        Just("NULL".to_string()),
        Just("'x,y'".to_string()),
        Just("\"5\"".to_string()),
        Just("a b ".to_string()),
        Just("[1, 'a', {\"k\": [2.5, null]}]".to_string()),
        Just("{x,k:-1}".to_string()),
        Just("{}".to_string()),
        Just("''".to_string()),
        Just("é".to_string()),
    ];
    let key = prop_oneof![
        Just("x".to_string()),
        Just("unit".to_string()),
        Just("'x'".to_string()),
        Just("type".to_string()),
        Just("count".to_string()),
        Just("label".to_string()),
        Just("with".to_string()),
        Just("k[1]".to_string()),
        Just("' k'".to_string()),
        "[a-z]{1,3}",
    ];
    let item = prop_oneof![
        key.clone(),
        key.clone().prop_map(|k| format!("-{k}")),
        (key, value).prop_map(|(k, v)| format!("{k}:{v}")),
    ];
    let dict =
        proptest::collection::vec(item, 0..4).prop_map(|items| format!("{{{}}}", items.join(",")));
    let leaf = (ty, count, proptest::option::of(dict))
        .prop_map(|(t, c, d)| format!("{t}{c}{}", d.unwrap_or_default()));
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a}/{b}")),
            proptest::collection::vec(inner.clone(), 2..4)
                .prop_map(|v| format!("[{}]", v.join(";"))),
            (inner.clone(), proptest::option::of("[a-z]{1,4}"), inner).prop_map(
                |(a, l, b)| match l {
                    Some(l) => format!("[slot{{{l}}}/{a};{b}]"),
                    None => format!("slot=2/{a}"),
                }
            ),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_of_format_is_identity(shape in shape_text(), rangedict: bool, label in "task|default") {
        let o = opts(&label, rangedict);
        if let Ok(e) = parse(&shape, &o) {
            let x = e.to_json(false);
            let written = format_exact(&x, &o).unwrap();
            let back = parse(&written, &o).unwrap();
            prop_assert_eq!(back.to_json(false), x.clone(), "{} -> {}", shape, written);
            // The written shape is a fixed point: nothing shorter is found.
            prop_assert_eq!(format_exact(&back.to_json(false), &o).unwrap(), written.clone());
            let canonical = format(&x, &o).unwrap();
            let back = parse(&canonical, &o).unwrap();
            prop_assert!(equivalent(&back.to_json(false), &x), "{} -> {}", shape, canonical);
        }
    }

    #[test]
    fn parse_never_panics(s in "[\\[\\]{}/;,:=+\\-x a-c0-9'\"\n]{0,40}") {
        let _ = parse(&s, &Options::default());
    }
}
