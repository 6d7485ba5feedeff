//! `rscope config`: a system configuration's R, re-ranked by its
//! `[bootstrap] hosts`, the rank↔host table and the findings.

use crate::fixtures::fixture;
use crate::support::rscope;

const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[1-4]"]}}"#;

#[test]
fn a_conf_d_in_another_order_than_its_bootstrap_hosts_is_reranked() {
    let o = rscope(&["config", &fixture("config/tiny")], "");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    let reranked = R.replace("tiny[1-4]", "tiny[4,1-3]");
    assert_eq!(
        o.stdout,
        format!(
            "R:\n{R}\nR re-ranked by [bootstrap] hosts, as the instance ranks it:\n{reranked}\n\
             RANK  [bootstrap] hosts  R\n\
             \x20  0  tiny4              tiny1\n\
             \x20  1  tiny1              tiny2\n\
             \x20  2  tiny2              tiny3\n\
             \x20  3  tiny3              tiny4\n\
             note: the instance re-ranks this R by [bootstrap] hosts, so these ranks move\n\
             note: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts\n\
             note: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts\n\
             note: rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts\n\
             note: rank 3 is tiny4 in the R but tiny3 in [bootstrap] hosts\n\
             note: key 'bootstrap.curve_cert' read and ignored\n\
             note: key 'resource.noverify' read and ignored\n"
        )
    );
}

#[test]
fn an_r_checked_against_the_configuration_fails_on_each_rank_that_differs() {
    let dir = std::env::temp_dir().join(format!("rscope-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let r = dir.join("R.json");
    let reranked = R.replace("tiny[1-4]", "tiny[4,1-3]");
    std::fs::write(&r, &reranked).unwrap();
    let bootstrap = fixture("config/tiny/10-bootstrap.toml");
    let o = rscope(&["config", &bootstrap, "--r", &r.display().to_string()], "");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    assert!(
        o.stdout.ends_with(
            "   3  tiny3              tiny3\nnote: key 'bootstrap.curve_cert' read and ignored\n"
        ),
        "{}",
        o.stdout
    );
    std::fs::write(&r, R).unwrap();
    let o = rscope(&["config", &bootstrap, "--r", &r.display().to_string()], "");
    assert_eq!(o.status, 1);
    assert!(o
        .stdout
        .contains("error: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts\n"));
    assert!(!o.stdout.contains("re-ranked"));
    let _ = std::fs::remove_dir_all(&dir);
    let o = rscope(&["config", "/nonexistent/conf.d"], "");
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stderr,
        "rscope: /nonexistent/conf.d: No such file or directory (os error 2)\n"
    );
}

/// Run `rscope ARGS` in `dir`.
fn rscope_in(dir: &std::path::Path, args: &[&str]) -> crate::support::Output {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_rscope"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("rscope runs");
    crate::support::Output {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Every `flux R parse-config` case of flux-core's t0026
/// (tests/fixtures/config/t0026/README.md): the R printed for each
/// configuration the reference accepts, and the reference's words for each
/// it refuses, exit status 1.
#[test]
fn t0026_parse_config_cases() {
    let root = std::path::PathBuf::from(fixture("config/t0026"));
    let mut cases: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert_eq!(cases.len(), 19);
    let read = |p: std::path::PathBuf| std::fs::read_to_string(p).unwrap_or_default();
    for case in cases {
        let stdout = read(case.join("stdout"));
        let stderr = read(case.join("stderr"));
        let status = i32::from(!stderr.is_empty());
        let o = rscope_in(&case, &["R", "parse-config", "conf"]);
        assert_eq!(
            (o.status, o.stdout.as_str(), o.stderr.as_str()),
            (status, stdout.as_str(), stderr.as_str()),
            "{}",
            case.display()
        );
    }
    let refused = |name: &str| read(root.join(name).join("stderr"));
    assert_eq!(
        refused("invalid-entry"),
        "rscope R: Config file error: config[1]: 1 object item(s) left unpacked: junk\n"
    );
    assert_eq!(
        refused("invalid-property"),
        "rscope R: Config file error: config[1]: invalid property \"\"de^bug\"\"\n"
    );
}

/// What `flux R parse-config` does beyond t0026: files merged as the broker
/// merges them (a later value replaces an earlier one), a JSON file, the
/// `[resource]` table unpacked with jansson's words, and a host given the
/// same cores twice refused in `rlist_add_rnode`'s words.
#[test]
fn parse_config_merges_as_the_broker_and_words_refusals_as_the_reference() {
    let dir = std::env::temp_dir().join(format!("rscope-parse-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("conf")).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    let run = || rscope_in(&dir, &["R", "parse-config", "conf"]);
    write(
        "conf/00-a.toml",
        "[[resource.config]]\nhosts = \"a[0-1]\"\ncores = \"0\"\n",
    );
    write(
        "conf/10-b.toml",
        "[[resource.config]]\nhosts = \"b0\"\ncores = \"0-3\"\n",
    );
    let b0 = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["b0"]}}"#;
    assert_eq!(run().stdout, format!("{b0}\n"));
    write(
        "conf/10-b.toml",
        "[[resource.config]]\nhosts = \"a0\"\ncores = \"0\"\n[[resource.config]]\nhosts = \"a0\"\ncores = \"0\"\n",
    );
    let o = run();
    assert_eq!(
        (o.status, o.stderr.as_str()),
        (
            1,
            "rscope R: Config file error: Unable to add rnode: File exists\n"
        )
    );
    std::fs::remove_file(dir.join("conf/10-b.toml")).unwrap();
    for (toml, stderr) in [
        ("[bootstrap]\n", "Object item not found: resource"),
        ("resource = 3\n", "Expected object, got integer"),
        ("resource.path = true\n", "Expected string, got true"),
        (
            "resource.scheduling = 1.5\n[[resource.config]]\nhosts = \"a\"\ncores = \"0\"\n",
            "Expected string, got real",
        ),
        (
            "resource.config = [3]\n",
            "config[0]: Expected object, got integer",
        ),
        (
            "resource.config = [{ hosts = \"a\", cores = 0 }]\n",
            "config[0]: Expected string, got integer",
        ),
        (
            "resource.config = { hosts = \"a\" }\n",
            "resource config must be an array",
        ),
        ("resource.config = []\n", "no hosts configured"),
    ] {
        write("conf/00-a.toml", toml);
        let o = run();
        assert_eq!(
            (o.status, o.stdout.as_str(), o.stderr.as_str()),
            (
                1,
                "",
                format!("rscope R: Config file error: {stderr}\n").as_str()
            ),
            "{toml}"
        );
    }
    // A JSON file, as flux config get prints the configuration.
    write(
        "conf.json",
        "{\"resource\": {\"config\": [{\"hosts\": \"b0\", \"cores\": \"0-3\"}]}}\n",
    );
    let o = rscope_in(&dir, &["R", "parse-config", "conf.json"]);
    assert_eq!(
        (o.status, o.stdout, o.stderr),
        (0, format!("{b0}\n"), String::new())
    );
    write("conf.json", "{\"resource\": [1,]}\n");
    let o = rscope_in(&dir, &["R", "parse-config", "conf.json"]);
    assert_eq!(
        (o.status, o.stderr.as_str()),
        (
            1,
            "rscope R: conf.json:1:16: not JSON: trailing commas are not allowed\n"
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON `flux config get` prints of tiny/ (tests/fixtures/config/json/)
/// gives byte for byte the report of tiny/'s TOML, from a file or from
/// standard input.
#[test]
fn the_json_form_of_a_configuration_reports_as_its_toml() {
    let toml = rscope(&["config", &fixture("config/tiny")], "");
    let json = rscope(&["config", &fixture("config/json/tiny.json")], "");
    assert_eq!((toml.status, toml.stderr.as_str()), (0, ""));
    assert_eq!(json, toml);
    let text = std::fs::read_to_string(fixture("config/json/tiny.json")).unwrap();
    assert_eq!(rscope(&["config", "-"], &text), toml);
    let o = rscope(&["config", "-"], "{\"resource\": {\"config\": 3,}}");
    assert_eq!(
        (o.status, o.stdout.as_str(), o.stderr.as_str()),
        (
            1,
            "",
            "rscope: stdin:1:26: not JSON: trailing commas are not allowed\n"
        )
    );
    // Only a text starting with { is JSON: this is TOML's table header.
    let o = rscope(&["config", "-"], " [\"resource\"]");
    assert_eq!(
        (o.status, o.stdout.as_str()),
        (
            0,
            "note: no R: the configuration has no [resource] config entries (check an R against it with --r, or open the R in a tab beside it)\n"
        )
    );
}

/// `[resource] exclude` as hosts or as ranks: the ranks the instance
/// leaves out, with their hosts, and the table's marks; a host the R does
/// not have is an error placed in its file, in the resource module's words.
#[test]
fn resource_exclude_is_reported_and_marked() {
    let run = |extra: &str| {
        let path = fixture(&format!("config/exclude/{extra}.toml"));
        (
            rscope(&["config", &fixture("config/tiny"), &path], ""),
            path,
        )
    };
    let reranked = R.replace("tiny[1-4]", "tiny[4,1-3]");
    let head = format!(
        "R:\n{R}\nR re-ranked by [bootstrap] hosts, as the instance ranks it:\n{reranked}\n"
    );
    let tail = "note: the instance re-ranks this R by [bootstrap] hosts, so these ranks move\n\
                note: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts\n\
                note: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts\n\
                note: rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts\n\
                note: rank 3 is tiny4 in the R but tiny3 in [bootstrap] hosts\n";
    let ignored = "note: key 'bootstrap.curve_cert' read and ignored\n\
                   note: key 'resource.noverify' read and ignored\n";
    let (o, _) = run("hosts");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    assert_eq!(
        o.stdout,
        format!(
            "{head}excluded: ranks 0,3 (tiny[4,3])\n\
             RANK  [bootstrap] hosts  R\n\
             \x20  0  tiny4              tiny1  excluded\n\
             \x20  1  tiny1              tiny2\n\
             \x20  2  tiny2              tiny3\n\
             \x20  3  tiny3              tiny4  excluded\n\
             {tail}{ignored}"
        )
    );
    let (o, _) = run("ranks");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    assert_eq!(
        o.stdout,
        format!(
            "{head}excluded: ranks 1-2 (tiny[1-2])\n\
             RANK  [bootstrap] hosts  R\n\
             \x20  0  tiny4              tiny1\n\
             \x20  1  tiny1              tiny2  excluded\n\
             \x20  2  tiny2              tiny3  excluded\n\
             \x20  3  tiny3              tiny4\n\
             {tail}{ignored}"
        )
    );
    let (o, path) = run("unknown");
    assert_eq!((o.status, o.stderr.as_str()), (1, ""));
    assert_eq!(
        o.stdout,
        format!(
            "{head}RANK  [bootstrap] hosts  R\n\
             \x20  0  tiny4              tiny1\n\
             \x20  1  tiny1              tiny2\n\
             \x20  2  tiny2              tiny3\n\
             \x20  3  tiny3              tiny4\n\
             {tail}error: {path}: resource.exclude: error decoding exclude set tiny[4-6]: invalid targets: invalid hosts: tiny[5-6]\n{ignored}"
        )
    );
}
