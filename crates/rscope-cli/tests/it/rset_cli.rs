//! `rscope R`: the binary against `flux R`'s sharness expectations.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};

fn out(args: &[&str], stdin: &str) -> Output {
    rscope(args, stdin)
}

/// Run `rscope R ARGS` and return stdout, asserting success.
fn ok(args: &[&str], stdin: &str) -> String {
    let mut full = vec!["R"];
    full.extend_from_slice(args);
    let o = out(&full, stdin);
    assert_eq!(o.status, 0, "rscope {full:?} failed: {}", o.stderr);
    o.stdout
}

fn status(args: &[&str], stdin: &str) -> i32 {
    let mut full = vec!["R"];
    full.extend_from_slice(args);
    out(&full, stdin).status
}

#[test]
fn fails_on_invalid_r_objects() {
    for input in [
        "",
        "{}\n",
        "{\"version\": 1}\n",
        "{\"version\": 1, \"execution\": {}}\n",
    ] {
        assert_eq!(status(&["decode"], input), 1, "{input:?}");
    }
}

/// librlist and `flux R` decode every id set with today's strict
/// `idset_decode()`: what its older, permissive version took is refused.
#[test]
fn refuses_what_strict_idset_decode_refuses() {
    let old = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}"#;
    let o = out(&["R", "decode", "--short"], old);
    assert_eq!((o.status, o.stdout.as_str()), (1, ""));
    assert_eq!(
        o.stderr,
        "rscope R: Failed to decode R on stdin: invalid rank: overlapping range '0-1' (line 1, column 53)\n"
    );
    let core =
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "1-0"}}]}}"#;
    assert_eq!(status(&["decode"], core), 1);
    let props = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "properties": {"x": "1,0"}}}"#;
    assert_eq!(status(&["decode"], props), 1);
    let two = ok(&["encode", "-r", "0-3"], "");
    for args in [
        &["encode", "-r", "1,0"][..],
        &["encode", "-c", "01"],
        &["encode", "-r", "0-1", "-p", "x:1-1"],
    ] {
        assert_eq!(status(args, ""), 1, "{args:?}");
    }
    for args in [
        &["decode", "-i", "3,1"][..],
        &["decode", "-x", "0-1,1"],
        &["set-property", "x:2,1"],
    ] {
        assert_eq!(status(args, &two), 1, "{args:?}");
    }
    // Empty elements are skipped, as strtok does.
    assert_eq!(ok(&["decode", "-i", ",1,,3,", "-r"], &two), "1,3\n");
}

#[test]
fn decodes_empty_r_lite() {
    let empty = ok(
        &["decode"],
        "{\"version\": 1, \"execution\": {\"R_lite\": {}}}",
    );
    assert_eq!(
        empty,
        "{\"version\": 1, \"execution\": {\"R_lite\": [], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"\"]}}\n"
    );
    assert_eq!(ok(&["decode", "--count", "core"], &empty), "0\n");
}

#[test]
fn encode_defaults_and_options() {
    let one = ok(&["encode"], "");
    assert_eq!(ok(&["decode", "--count", "node"], &one), "1\n");
    assert_eq!(ok(&["decode", "--count", "core"], &one), "1\n");
    assert_eq!(ok(&["decode", "--count", "gpu"], &one), "0\n");
    assert_eq!(ok(&["decode", "--short"], &one), "rank0/core0\n");
    assert_eq!(
        ok(
            &["decode", "--ranks"],
            &ok(&["encode", "--ranks", "0,2"], "")
        ),
        "0,2\n"
    );
    assert_eq!(
        ok(
            &["decode", "-c", "core"],
            &ok(&["encode", "-c", "0-1", "-r", "0-1"], "")
        ),
        "4\n"
    );
    let g = ok(&["encode", "--gpus", "0"], "");
    assert_eq!(ok(&["decode", "--count", "gpu"], &g), "1\n");
    assert_eq!(ok(&["decode", "--count", "core"], &g), "0\n");
    let h = ok(&["encode", "--hosts=foo[0-1]"], "");
    assert_eq!(ok(&["decode", "--nodelist"], &h), "foo[0-1]\n");
    assert_eq!(
        ok(&["encode", "-r", "0-1", "-c", "0-15", "-g", "0-3", "-H", "flux-sample-[0-1]"], ""),
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-1\", \"children\": {\"gpu\": \"0-3\", \"core\": \"0-15\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"flux-sample-[0-1]\"]}}\n"
    );
}

#[test]
fn encode_properties() {
    let p = ok(
        &[
            "encode",
            "--hosts=foo[0-1]",
            "--gpus",
            "0",
            "--cores",
            "0-1",
            "--property",
            "xx:0",
            "--property",
            "yy:1",
            "--property",
            "all",
        ],
        "",
    );
    let count = |list: &str| ok(&["decode", "-c", "node", "--properties", list], &p);
    assert_eq!(
        [
            count("all"),
            count("xx"),
            count("yy"),
            count("^all"),
            count("all,yy")
        ],
        ["2\n", "1\n", "1\n", "0\n", "1\n"]
    );
    assert_eq!(
        ok(&["decode", "--nodelist", "--properties", "^yy"], &p),
        "foo0\n"
    );
    let o = out(&["R", "encode", "-r", "0-3", "-p", "xx:3-5"], "");
    assert_eq!(o.status, 1);
    assert!(o.stderr.contains("ranks 4-5 not found"), "{}", o.stderr);
}

/// `--include` and `--exclude` take host names as a host list, each host
/// every rank of its name; an unknown host is refused naming it (exit 1).
#[test]
fn include_and_exclude_take_hosts() {
    let r = ok(&["encode", "-r", "0-5", "-c", "0-1", "-H", "n[10-15]"], "");
    let filtered = |args: &[&str]| {
        let mut full = vec!["R", "decode", "--short", "--nodelist"];
        full.extend_from_slice(args);
        let o = out(&full, &r);
        (o.status, o.stdout, o.stderr)
    };
    assert_eq!(
        filtered(&["--include", "n[15,11-12]"]),
        (
            0,
            "rank[1-2,5]/core[0-1]\nn[11-12,15]\n".into(),
            String::new()
        )
    );
    assert_eq!(
        filtered(&["-i", "n[10-13]", "-x", "n11"]),
        (
            0,
            "rank[0,2-3]/core[0-1]\nn[10,12-13]\n".into(),
            String::new()
        )
    );
    assert_eq!(
        filtered(&["--exclude", "n[9-11]"]),
        (
            1,
            String::new(),
            "rscope R: --exclude 'n[9-11]': invalid hosts: n9\n".into()
        )
    );
    assert_eq!(
        filtered(&["--include", "n[1"]),
        (
            1,
            String::new(),
            "rscope R: --include 'n[1': Hostlist cannot be decoded\n".into()
        )
    );
    let twin = std::fs::read_to_string(fixture("r/twin-hosts.json")).unwrap();
    assert_eq!(
        ok(&["decode", "--ranks", "--include", "twin"], &twin),
        "0-1\n"
    );
}

#[test]
fn include_exclude_append_diff_intersect() {
    assert_eq!(
        ok(
            &["decode", "--include", "5-7", "--short"],
            &ok(&["encode", "-r", "0-1023"], "")
        ),
        "rank[5-7]/core0\n"
    );
    assert_eq!(
        ok(
            &["decode", "--exclude", "5-7", "--short"],
            &ok(&["encode", "-r", "1-10"], "")
        ),
        "rank[1-4,8-10]/core0\n"
    );
    let two = |a: &[&str], b: &[&str]| {
        let mut x = vec!["encode"];
        x.extend_from_slice(a);
        let mut y = vec!["encode"];
        y.extend_from_slice(b);
        ok(&x, "") + &ok(&y, "")
    };
    assert_eq!(status(&["append"], &two(&["-r", "0-1"], &["-r", "1-2"])), 1);
    assert_eq!(
        status(
            &["append"],
            &two(
                &["-r", "0-1", "-c", "0-1", "-g", "0"],
                &["-r", "1", "-c", "2-3", "-g", "0"]
            )
        ),
        1
    );
    let app = ok(
        &["append"],
        &two(&["-r", "0-1", "-c", "0-1"], &["-r", "1-2", "-c", "2-3"]),
    );
    assert_eq!(
        ok(&["decode", "--short"], &app),
        "rank0/core[0-1] rank1/core[0-3] rank2/core[2-3]\n"
    );
    let d = ok(
        &["diff"],
        &two(&["-r", "0-1", "-c", "0-1"], &["-r", "0-1", "-c", "0"]),
    );
    assert_eq!(ok(&["decode", "--short"], &d), "rank[0-1]/core1\n");
    let i = ok(
        &["intersect"],
        &two(&["-r", "0-3", "-c", "0-1"], &["-r", "1-5", "-c", "0"]),
    );
    assert_eq!(ok(&["decode", "--short"], &i), "rank[1-3]/core0\n");
    let i = ok(
        &["intersect"],
        &two(&["-r", "0-3", "-c", "0-1"], &["-r", "4-5", "-c", "0"]),
    );
    assert_eq!(ok(&["decode", "--short"], &i), "\n");
    assert_eq!(
        status(&["diff"], &ok(&["encode"], "")),
        1,
        "diff needs two sets"
    );
}

#[test]
fn remap_rerank_verify_set_property() {
    assert_eq!(
        ok(
            &["decode", "-s"],
            &ok(&["remap"], &ok(&["encode", "-r", "5,99,1000"], ""))
        ),
        "rank[0-2]/core0\n"
    );
    let r = ok(
        &["rerank", "foo[3,2,1,0]"],
        &ok(&["encode", "-r", "0-3", "-H", "foo[0-3]"], ""),
    );
    assert_eq!(ok(&["decode", "--nodelist"], &r), "foo[3,2,1,0]\n");
    let src = ok(&["encode", "-r", "0-3", "-H", "foo[0-3]"], "");
    assert_eq!(status(&["rerank", "foo[0-4]"], &src), 1);
    assert_eq!(status(&["rerank", "foo[0-2]"], &src), 1);
    assert_eq!(status(&["rerank", "bar[0-3]"], &src), 1);
    assert_eq!(status(&["rerank"], &src), 1);
    let v = |a: &[&str], b: &[&str]| {
        let mut x = vec!["encode"];
        x.extend_from_slice(a);
        let mut y = vec!["encode"];
        y.extend_from_slice(b);
        out(&["R", "verify"], &(ok(&x, "") + &ok(&y, "")))
    };
    assert_eq!(
        v(&["-r", "1-10", "-c", "0-3"], &["-r", "1", "-c", "0-3"]).status,
        0
    );
    assert_eq!(
        v(&["-r", "1-10", "-c", "0-3"], &["-r", "0", "-c", "0-3"]).status,
        1
    );
    assert_eq!(
        v(
            &["-r", "1", "-c", "0-3", "-H", "foo1"],
            &["-r", "1", "-c", "0-3", "-H", "foo12"]
        )
        .status,
        1
    );
    assert_eq!(
        v(&["-r", "1", "-c", "0-3"], &["-r", "1", "-c", "0-2"]).status,
        1
    );
    let extra = v(
        &["-r", "1", "-c", "0-3"],
        &["-r", "1", "-c", "0-7", "-g", "1"],
    );
    assert_eq!(extra.status, 0);
    assert!(extra.stderr.contains("rank 1 ("), "{}", extra.stderr);
    let sp = ok(
        &["set-property", "xx:0", "yy:1"],
        &ok(
            &["set-property", "all"],
            &ok(&["encode", "-r", "0-1", "-c", "0-3", "-H", "foo[0-1]"], ""),
        ),
    );
    assert_eq!(
        ok(&["decode", "-c", "node", "--properties", "all,yy"], &sp),
        "1\n"
    );
    assert_eq!(
        ok(&["decode", "--nodelist", "--properties", "xx"], &sp),
        "foo0\n"
    );
    assert_eq!(
        status(
            &["set-property", "foo:1-2"],
            &ok(&["encode", "-r", "0-1"], "")
        ),
        1
    );
}

#[test]
fn scheduling_rides_along() {
    let base = ok(
        &[
            "encode", "-r", "0-3", "-c", "0-3", "-g", "0", "-H", "foo[0-3]",
        ],
        "",
    );
    let orig = base.trim_end().strip_suffix('}').unwrap().to_string() + ", \"scheduling\": 42}\n";
    for args in [
        &["decode"][..],
        &["decode", "--include", "0"],
        &["decode", "--exclude", "0"],
        &["remap"],
    ] {
        assert!(ok(args, &orig).contains("\"scheduling\": 42"), "{args:?}");
    }
    let app = ok(
        &["append"],
        &(orig.clone() + &ok(&["encode", "-r", "4"], "")),
    );
    assert!(app.contains("\"scheduling\": 42"));
    assert!(
        ok(&["diff"], &(orig.clone() + &ok(&["encode", "-r", "1"], "")))
            .contains("\"scheduling\": 42")
    );
    assert!(ok(
        &["intersect"],
        &(orig + &ok(&["encode", "-r", "1", "-H", "foo1"], ""))
    )
    .contains("\"scheduling\": 42"));
}

#[test]
fn parse_config() {
    let dir = std::env::temp_dir().join(format!("rscope-conf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let conf = dir.join("resource.toml");
    let path = dir.to_str().unwrap().to_string();
    let run = |toml: &str| {
        std::fs::write(&conf, toml).unwrap();
        out(&["R", "parse-config", &path], "")
    };
    let o = run("[[resource.config]]\nhosts = \"foo[0-2]\"\ncores = \"0-1\"\n[[resource.config]]\nhosts = \"foo2\"\ngpus = \"0\"\n[[resource.config]]\nhosts = \"foo0\"\nproperties = [\"login\"]\n");
    assert_eq!(o.status, 0, "{}", o.stderr);
    assert_eq!(ok(&["decode", "-c", "node"], &o.stdout), "3\n");
    assert_eq!(ok(&["decode", "-c", "core"], &o.stdout), "6\n");
    assert_eq!(ok(&["decode", "-c", "gpu"], &o.stdout), "1\n");
    assert_eq!(ok(&["decode", "--nodelist"], &o.stdout), "foo[0-2]\n");
    assert_eq!(
        ok(&["decode", "-p", "login", "--nodelist"], &o.stdout),
        "foo0\n"
    );
    for bad in [
        "[[resource.config]]\n",
        "[resource]\nnoverify = true\n",
        "[[resource.config]]\nhosts = \"foo\"\ncores = \"0-1\"\n[[resource.config]]\nhosts = \"\"\ncores = \"0-3\"\n",
        "[[resource.config]]\nhosts = \"foo[p]\"\ncores = \"0-1\"\n",
        "[[resource.config]]\nhosts = \"foo0\"\ncores = \"0-\"\n",
        "[[resource.config]]\nhosts = \"foo0\"\ngpus = \"2,1\"\n",
        "[[resource.config]]\nhosts = \"foo[0-10]\"\ncores = \"0-1\"\n[[resource.config]]\nhosts = \"foo11\"\n",
        "[[resource.config]]\nhosts = \"foo11\"\ncores = \"0-3\"\njunk = 5\n",
        "[[resource.config]]\nhosts = \"foo1\"\ncores = \"0\"\nproperties = [\"de^bug\"]\n",
        "[[resource.config]]\nhosts = \"foo1\"\ncores = \"0\"\nproperties = [1]\n",
        "[[resource.config]]\nhosts = \"foo1\"\ncores = \"0\"\nproperties = \"foo\"\n",
    ] {
        assert_eq!(run(bad).status, 1, "{bad}");
    }
    // idset_decode() skips empty elements.
    let o = run("[[resource.config]]\nhosts = \"foo0\"\ncores = \"0-3,\"\n");
    assert_eq!(o.status, 0, "{}", o.stderr);
    assert_eq!(ok(&["decode", "-s"], &o.stdout), "rank0/core[0-3]\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_renders_carets_and_exit_status() {
    let f = fixture("r/future-version.R");
    let o = out(&["R", "validate", &f], "");
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stdout,
        format!("{f}:2:14: error: unsupported version 3\n  \"version\": 3,\n             ^\n")
    );
    let o = out(&["R", "validate", &fixture("r/one-node-one-core.R")], "");
    assert_eq!((o.status, o.stdout.as_str()), (0, ""));
    let o = out(
        &["R", "validate"],
        "{\"version\": 1, \"execution\": {\"R_lite\": []}}",
    );
    assert_eq!(o.status, 0);
    assert_eq!(o.stdout, "<stdin>:1:29: warning: missing key 'nodelist'\n{\"version\": 1, \"execution\": {\"R_lite\": []}}\n                            ^\n");
    let old = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0,0-1,1-2,2-95", "children": {"core": "0"}}], "nodelist": ["n[0-95]"]}}"#;
    let o = out(&["R", "validate"], old);
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stdout,
        format!(
            "<stdin>:1:53: error: invalid rank: overlapping range '0-1'\n{old}\n{}^^^\n  help: write the id set canonically: \"0-95\"\n",
            " ".repeat(52)
        )
    );
}

/// `validate --hosts`: an R whose nodelist does not follow the instance's
/// rank order (the shape of the "got hostname X, expected Y" drains) names
/// each rank with both hosts, at the nodelist, and gives the rerank.
#[test]
fn validate_hosts_names_each_rank_whose_host_differs() {
    let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}], "nodelist": ["tiny[1-3]"]}}"#;
    let at = r.find("[\"tiny").unwrap();
    let caret = format!("{r}\n{}{}\n", " ".repeat(at), "^".repeat(13));
    let o = out(&["R", "validate", "--hosts", "tiny3,tiny2,tiny1"], r);
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stdout,
        [
            "error: rank 0 is tiny1 in the R but tiny3 in --hosts",
            "error: rank 2 is tiny3 in the R but tiny1 in --hosts",
            "note: rscope R rerank 'tiny3,tiny2,tiny1' renumbers the ranks in that order",
        ]
        .map(|m| format!("<stdin>:1:{}: {m}\n{caret}", at + 1))
        .concat()
    );
    // The rerank it gives puts the hosts in that order.
    let reranked = ok(&["rerank", "tiny3,tiny2,tiny1"], r);
    let o = out(
        &["R", "validate", "--hosts", "tiny3,tiny2,tiny1"],
        &reranked,
    );
    assert_eq!((o.status, o.stdout.as_str()), (0, ""));
    // More hosts than ranks: said, and no rerank (it would be refused).
    let o = out(&["R", "validate", "--hosts", "tiny[1-4]"], r);
    assert_eq!(
        o.stdout,
        format!(
            "<stdin>:1:{}: error: --hosts names 4 hosts but the R has 3 ranks\n{caret}",
            at + 1
        )
    );
    // A document that does not read gets its findings, as without --hosts.
    let o = out(&["R", "validate", "--hosts", "tiny1"], "{\"version\": 1,");
    assert_eq!(o.status, 1);
    assert_eq!(o.stdout, out(&["R", "validate"], "{\"version\": 1,").stdout);
    assert!(o
        .stdout
        .starts_with("<stdin>:1:1: error: not JSON: unterminated object\n"));
    let o = out(&["R", "validate", "--hosts", "tiny[1-"], r);
    assert_eq!((o.status, o.stdout.as_str()), (1, ""));
    assert_eq!(
        o.stderr,
        "rscope R: --hosts: invalid hostlist 'tiny[1-': unclosed '[' at column 5\n"
    );
}

/// `rscope R eval`: a set expression over files named by letters prints
/// what the matching `rscope R` subcommand prints for the same documents.
#[test]
fn eval_prints_what_the_subcommands_print() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let a = format!("{dir}/tests/fixtures/r/gpu-cluster.json");
    let b = format!("{dir}/tests/fixtures/r/out-of-order-ranks.json");
    let both = std::fs::read_to_string(&a).unwrap() + &std::fs::read_to_string(&b).unwrap();
    for (expr, sub) in [("A-B", "diff"), ("A|B", "decode"), ("A&B", "intersect")] {
        let o = out(
            &["R", "eval", expr, &format!("A={a}"), &format!("B={b}")],
            "",
        );
        assert_eq!((o.status, o.stderr.as_str()), (0, ""), "{expr}");
        assert_eq!(o.stdout, ok(&[sub], &both), "{expr}");
    }
}

#[test]
fn eval_places_its_errors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let a = format!("A={dir}/tests/fixtures/r/gpu-cluster.json");
    let cases = [
        (
            vec!["(A|B)-", a.as_str()],
            "rscope R: eval: operator '-' has no right operand (column 6 of '(A|B)-')\n",
        ),
        (
            vec!["A|D", a.as_str()],
            "rscope R: eval: no tab D: the open tabs are A (column 3 of 'A|D')\n",
        ),
        (
            vec!["A", "a.json"],
            "rscope R: eval: 'a.json' is not LETTER=FILE (a capital letter, '=', a path)\n",
        ),
    ];
    for (args, stderr) in cases {
        let mut full = vec!["R", "eval"];
        full.extend(args);
        let o = out(&full, "");
        assert_eq!(
            (o.status, o.stdout.as_str(), o.stderr.as_str()),
            (1, "", stderr)
        );
    }
}

#[test]
fn a_status_document_on_stdin_is_named() {
    let o = out(
        &["R", "decode"],
        r#"{"all": {"version": 1, "execution": {"R_lite": []}}, "down": null}"#,
    );
    assert_eq!(
        o.stderr,
        "rscope R: Failed to decode R on stdin: missing key 'version' (line 1, column 1) (this is a resource status document, not an R; its \"all\" member is the R)\n"
    );
}

#[test]
fn indent_lays_an_r_out_a_member_a_line_and_leaves_text_alone() {
    let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n0"]}}"#;
    let want = "{\n  \"version\": 1,\n  \"execution\": {\n    \"R_lite\": [\n      {\n        \"rank\": \"0\",\n        \"children\": {\n          \"core\": \"0-1\"\n        }\n      }\n    ],\n    \"starttime\": 0.0,\n    \"expiration\": 0.0,\n    \"nodelist\": [\n      \"n0\"\n    ]\n  }\n}\n";
    assert_eq!(ok(&["decode", "--indent"], r), want);
    assert_eq!(ok(&["--indent", "decode"], r), want);
    assert_eq!(
        ok(&["decode", "--indent", "--short"], r),
        ok(&["decode", "--short"], r)
    );
    assert_eq!(ok(&["decode"], r).lines().count(), 1);
}
