//! Library-level tests over the corpus, moved out of the unit tests that
//! read ../shared: the RFC 46 examples and RFC 14 use cases read from the
//! specs in place, queries on a Fluxion sample, the generate → R_lite round
//! trip on the rv1exec samples, and the RFC 20 example's summary.

use crate::shared;
use rscope_core::jgf::{consistency, find, generate, read_indexed, Query};
use rscope_core::rset::{summarize, Summary};
use rscope_core::shape::check::check_resources;
use rscope_core::shape::format::{equivalent, format, resources_of_document};
use rscope_core::shape::{parse, Json, Options};

fn opts(label: &str, rangedict: bool) -> Options {
    Options {
        label: label.to_string(),
        rangedict,
    }
}

/// `(shape, yaml)` pairs from RFC 46's examples, read from the spec.
fn rfc46_examples() -> Vec<(String, String)> {
    let path = shared("specs/rfc46.rst");
    let text = std::fs::read_to_string(path).expect("rfc46.rst is readable");
    let mut out = Vec::new();
    let mut shape: Option<String> = None;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(s) = line
            .strip_prefix("   ``")
            .and_then(|l| l.strip_suffix("``"))
        {
            shape = Some(s.to_string());
        } else if line.trim() == ".. code-block:: yaml" {
            let mut yaml = String::new();
            while let Some(next) = lines.peek() {
                if !next.trim().is_empty() && !next.starts_with("      ") {
                    break;
                }
                yaml.push_str(next.get(6..).unwrap_or(""));
                yaml.push('\n');
                lines.next();
            }
            if let Some(s) = shape.take() {
                out.push((s, yaml));
            }
        }
    }
    out
}

fn yaml_resources(yaml: &str) -> Json {
    let v: serde_json::Value = serde_norway::from_str(yaml).expect("the spec's YAML parses");
    Json::from_value(&v)
}

#[test]
fn rfc46_examples_expand_to_the_specs_yaml() {
    let examples = rfc46_examples();
    assert_eq!(examples.len(), 13, "RFC 46 has 13 worked examples");
    for (shape, yaml) in &examples {
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
        // Writing the spec's YAML back gives the spec's shape.
        assert_eq!(&format(&want, &opts("default", false)).unwrap(), shape);
    }
}

/// The RFC 14 use cases, read in place: `(name, resources)`.
fn rfc14_use_cases() -> Vec<(String, Json)> {
    let dir = shared("specs/rfc14-use-cases");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("use cases are readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".yaml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).expect("readable");
            let resources = resources_of_document(&text).expect("a jobspec");
            (n, resources)
        })
        .collect()
}

#[test]
fn rfc14_use_cases_write_as_shapes_and_expand_back() {
    let want = [
        ("example1.yaml", "node=4/slot/core=2"),
        ("example2.yaml", "slot=4/node"),
        ("use_case_1.1.yaml", "slot=4/node"),
        ("use_case_1.2.yaml", "slot=3-30/node"),
        (
            "use_case_1.3.yaml",
            "slot=4{nodelevel}/node{-x}/socket=2+/core=4+",
        ),
        (
            "use_case_1.4.yaml",
            "slot=4{nodelevel}/node/socket=2/core=4",
        ),
        (
            "use_case_1.5.yaml",
            "[cluster/slot=2{ib}/node/[memory=4{unit:GB};ib10g];switch/slot=2{bicore}/node/core=2]",
        ),
        ("use_case_1.6.yaml", "cluster=2/slot/node=1+{-x}/core=30"),
        ("use_case_1.7.yaml", "switch=3/slot/node=1+{-x}/core"),
        ("use_case_1.8.yaml", "slot=4,9,16,25/node"),
        ("use_case_2.1.yaml", "slot=4/node"),
        ("use_case_2.2.yaml", "slot=4{myslot}/node"),
        ("use_case_2.3.yaml", "slot=10/core=2"),
        (
            "use_case_2.4.yaml",
            "node/[slot=10{read-db}/[core;memory=4{unit:GB}];slot{db}/[core=6;memory=24{unit:GB}]]",
        ),
        ("use_case_2.5.yaml", "slot=10/[memory=2+{unit:GB};core]"),
        (
            "use_case_2.6.yaml",
            "slot=2{4GB-node}/node/memory=4+{unit:GB}",
        ),
        ("use_case_2.7.yaml", "slot/node"),
        ("use_case_2.8.yaml", "slot/node"),
        ("use_case_2.9.yaml", "slot/node"),
    ];
    let cases = rfc14_use_cases();
    assert_eq!(cases.len(), want.len());
    for ((name, resources), (want_name, want_shape)) in cases.iter().zip(want) {
        assert_eq!(name, want_name);
        assert_eq!(check_resources(resources), vec![], "{name}");
        for rangedict in [false, true] {
            let o = opts("default", rangedict);
            let shape = format(resources, &o).unwrap();
            assert_eq!(shape, want_shape, "{name}");
            let back = parse(&shape, &o).unwrap();
            assert!(equivalent(&back.to_json(false), resources), "{name}");
            assert_eq!(back.check(), vec![], "{name}");
        }
        // With flux-core's default label the slot keeps its name.
        let shape = format(resources, &Options::default()).unwrap();
        let back = parse(&shape, &Options::default()).unwrap();
        assert!(
            equivalent(&back.to_json(false), resources),
            "{name}: {shape}"
        );
    }
}

#[test]
fn find_by_each_key() {
    let text = std::fs::read_to_string(shared("samples/flux-sched/jgf/tiny.json")).unwrap();
    let (a, _) = read_indexed(&text);
    let a = a.unwrap();
    let paths = |q: &str| -> Vec<String> {
        find(&a.graph, &a.tree, &q.parse().unwrap())
            .iter()
            .map(|f| {
                assert_eq!(f.path.last(), Some(&f.vertex));
                a.tree.path_string(&a.graph, f.vertex)
            })
            .collect()
    };
    assert_eq!(
        paths("type=node"),
        ["/tiny0/rack0/node0", "/tiny0/rack0/node1"]
    );
    assert_eq!(
        paths("name=gpu1"),
        [
            "/tiny0/rack0/node0/socket1/gpu1",
            "/tiny0/rack0/node1/socket1/gpu1"
        ]
    );
    assert_eq!(
        paths("path=/tiny0/rack0/node1/socket0").len(),
        1 + 18 + 1 + 4
    );
    assert_eq!(paths("path=/tiny0/rack0/node1/socket").len(), 0);
    assert_eq!(paths("rank=1").len(), 1);
    assert_eq!(paths("property=x").len(), 0);
    assert_eq!(
        "rank=x".parse::<Query>().unwrap_err().to_string(),
        "rank 'x' is not an integer"
    );
    assert_eq!(
        "property=a=b".parse::<Query>().unwrap().to_string(),
        "property=a=b"
    );
}

#[test]
fn generated_graphs_validate_and_round_trip_the_samples() {
    for f in [
        "tiny_rv1exec.json",
        "tiny_rv1exec_2-1_split.json",
        "rank1_cancel.json",
        "ranks_cancel_crossracks.json",
    ] {
        let path = shared(&format!("samples/flux-sched/rv1exec/{f}"));
        let text = std::fs::read_to_string(path).unwrap();
        let r = rscope_core::rset::parse(&text).rset.unwrap();
        let json = generate::to_json(&generate::from_rset(&r));
        let (a, d) = read_indexed(&json);
        let msgs: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert!(
            msgs.len() == 1 && msgs[0].contains("'uuid'"),
            "{f}: {msgs:?}"
        );
        let a = a.unwrap();
        assert!(consistency::compare(&r, &a).is_empty(), "{f}");
        let back = consistency::to_rset(&a).unwrap();
        let core_gpu = |r: &rscope_core::rset::Rset| {
            r.nodes_by_rank()
                .iter()
                .map(|n| {
                    (
                        n.rank(),
                        n.hostname().map(str::to_string),
                        n.child("core").cloned(),
                        n.child("gpu").cloned(),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(core_gpu(&back), core_gpu(&r), "{f}");
    }
}

#[test]
fn summarizes_rfc20_example() {
    let text = std::fs::read_to_string(shared("specs/rfc20-example1.json")).unwrap();
    let s = summarize(&text).unwrap();
    assert_eq!(
        s,
        Summary {
            version: 1,
            nodes: 4,
            cores: 192,
            gpus: 32
        }
    );
}

#[test]
fn the_system_tours_year_step_lists_thing2s_year() {
    let path = shared("samples/flux-core/resource-eventlog/thing2.eventlog");
    let text = std::fs::read_to_string(path).expect("thing2.eventlog is readable");
    let lines = rscope_core::teach::system_tour::year_lines(&text);
    // The figures of `rscope resource history` (by reason, by week) on the
    // same log; numbers are grouped by a no-break space.
    assert_eq!(
        lines,
        [
            "4\u{a0}611 events from 2023-05-02 17:17:51 UTC to 2024-05-02 14:42:23 UTC, 43 nodes",
            "Available 75.8% of the time its nodes' states are known",
            "Least available week: the week of 2023-06-19, 44.1%",
            "Drained for \"nodediag failed amdgpu\": 5\u{a0}489.3 node-hours, 146 drains",
            "Drained for \"broker was unresponsive\": 5\u{a0}432.2 node-hours, 409 drains",
            "Drained for \"Moving to another system\": 2\u{a0}436.3 node-hours, 1 drain",
        ]
    );
}
