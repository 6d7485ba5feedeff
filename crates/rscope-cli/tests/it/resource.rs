//! `rscope resource` against flux-core's own tests: `t/t2351-resource-
//! status-input.t` and the `--from-stdin` tests of `t/t2350-resource-
//! list.t`, one Rust test per sharness test, over copies of their payloads
//! and expected files (`tests/fixtures/flux-resource/`, LGPL-3.0, see the
//! note there). Where the sharness test only greps or counts lines, so does
//! its port, and a line below asserts the exact text as well. Tests that
//! need a live instance (`flux resource list` without `--from-stdin`,
//! queues set up with `flux config load`, jobs) are left out.

use crate::support::{rscope, rscope_env, Output};

const STATUS_FORMAT: &str = "{state:>10} {nnodes:>6} {ranks:<15} {nodelist}";
const LIST_FORMAT: &str = "{state:>10} {properties:<10} {nnodes:>6} {ncores:>8} {ngpus:>8}";

fn fixture(path: &str) -> String {
    let full = format!(
        "{}/tests/fixtures/flux-resource/{path}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn fixture_path(path: &str) -> String {
    format!(
        "{}/tests/fixtures/flux-resource/{path}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

fn names(dir: &str) -> Vec<String> {
    let full = fixture_path(dir);
    let mut names: Vec<String> = std::fs::read_dir(&full)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_suffix(".json")
                .map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

fn ok(out: Output) -> String {
    assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{out:?}");
    out.stdout
}

fn status(args: &[&str], input: &str) -> Output {
    let mut all = vec!["resource", "status"];
    all.extend_from_slice(args);
    rscope(&all, input)
}

fn list(sub: &str, args: &[&str], input: &str) -> Output {
    let mut all = vec!["resource", sub];
    all.extend_from_slice(args);
    rscope(&all, input)
}

#[test]
fn t2351_status_input_check_for_every_payload() {
    let names = names("status");
    assert_eq!(names.len(), 7);
    for name in names {
        let input = fixture(&format!("status/{name}.json"));
        let out = status(&["-o", STATUS_FORMAT, "--from-stdin"], &input);
        assert_eq!(
            ok(out),
            fixture(&format!("status/{name}.expected")),
            "{name}"
        );
    }
}

#[test]
fn t2351_queue_selects_the_queue_s_nodes() {
    let input = fixture("status/fluke.json");
    let config = fixture_path("status/fluke.config");
    let run = |q: &str| {
        ok(status(
            &[
                "--queue",
                q,
                "--format",
                STATUS_FORMAT,
                "--from-stdin",
                "--config-file",
                &config,
            ],
            &input,
        ))
    };
    assert_eq!(
        run("debug"),
        "     STATE NNODES RANKS           NODELIST\n     \
         avail      5 93,96-99        fluke[96,99-102]\n    \
         avail*      3 94-95,100       fluke[97-98,103]\n"
    );
    assert_eq!(
        run("batch"),
        "     STATE NNODES RANKS           NODELIST\n     \
         avail     80 3-13,16-20,22-39,41-57,59-61,63-72,75,77-88,90-92 \
         fluke[6-16,19-23,25-42,44-60,62-64,66-75,78,80-91,93-95]\n    \
         avail*      8 14,21,58,62,73-74,76,89 fluke[17,24,61,65,76-77,79,92]\n   \
         drained      2 15,40           fluke[18,43]\n"
    );
}

#[test]
fn t2351_an_unknown_queue_fails() {
    let input = fixture("status/fluke.json");
    let config = fixture_path("status/fluke.config");
    let out = status(
        &[
            "--queue=foo",
            "--format",
            STATUS_FORMAT,
            "--from-stdin",
            "--config-file",
            &config,
        ],
        &input,
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "flux-resource: ERROR: --queue: foo: no such queue\n"
    );
}

#[test]
fn t2351_include_rank_0_for_every_payload() {
    for name in names("status") {
        let input = fixture(&format!("status/{name}.json"));
        let out = ok(status(
            &["-o", "{ranks} {nodelist}", "--include=0", "--from-stdin"],
            &input,
        ));
        let second = out.lines().nth(1).unwrap_or("");
        assert!(
            second.starts_with('0') && !second[1..].starts_with([',', '-']),
            "{name}: {out}"
        );
    }
}

#[test]
fn t2351_every_field_has_its_heading() {
    let fmt = "state=={state}\nstatus=={status}\nnnodes=={nnodes}\nranks=={ranks}\n\
               nodelist=={nodelist}\nreason=={reason}\ntimestamp=={timestamp}";
    let out = ok(status(&["--from-stdin", &format!("--format={fmt}")], ""));
    assert_eq!(
        out,
        "state==STATE\nstatus==STATUS\nnnodes==NNODES\nranks==RANKS\n\
         nodelist==NODELIST\nreason==REASON\ntimestamp==TIME\n"
    );
}

#[test]
fn t2351_the_default_format_follows_the_environment() {
    let run = |v: &str| {
        let out = rscope_env(
            &["resource", "status", "--from-stdin"],
            "",
            &[("FLUX_RESOURCE_STATUS_FORMAT_DEFAULT", v)],
        );
        ok(out)
    };
    assert_eq!(run("{nodelist} {nodelist}"), "NODELIST NODELIST\n");
    assert_eq!(
        run("long"),
        "       STATEUP NNODES REASON                         NODELIST\n"
    );
}

#[test]
fn t2351_no_header() {
    let input = fixture("status/example.json");
    let out = ok(status(
        &["-s", "exclude", "--no-header", "--from-stdin"],
        &input,
    ));
    assert_eq!(out, "     exclude ✔      1 foo1\n");
}

#[test]
fn t2351_reason_field() {
    let input = fixture("status/drain.json");
    let out = ok(status(
        &["--from-stdin", "-s", "drain", "-no", "{reason}"],
        &input,
    ));
    assert_eq!(out, "bad node\ntesting drain\n");
}

#[test]
fn t2351_long_format_shows_the_reason() {
    let input = fixture("status/drain.json");
    let default = ok(status(&["--from-stdin"], &input));
    let long = ok(status(&["-o", "long", "--from-stdin"], &input));
    assert_eq!(
        default,
        "       STATEUP NNODES NODELIST\n       \
         avail ✔      2 foo[3-4]\n     \
         drained ✔      2 foo[1-2]\n"
    );
    assert_eq!(
        long,
        "       STATEUP NNODES REASON                         NODELIST\n       \
         avail ✔      2                                foo[3-4]\n     \
         drained ✔      1 bad node                       foo1\n     \
         drained ✔      1 testing drain                  foo2\n"
    );
}

#[test]
fn t2351_a_state_asked_for_is_always_shown() {
    let input = fixture("status/simple.json");
    let out = ok(status(
        &[
            "--from-stdin",
            "-s",
            "exclude",
            "-o",
            "{state}",
            "--no-header",
        ],
        &input,
    ));
    assert_eq!(out, "exclude\n");
    let skipped = ok(status(
        &[
            "--from-stdin",
            "--skip-empty",
            "-s",
            "exclude",
            "-o",
            "{state}",
            "--no-header",
        ],
        &input,
    ));
    assert_eq!(skipped, "");
}

#[test]
fn t2351_states_help_and_invalid_state() {
    let help = status(&["--from-stdin", "-s", "help"], "");
    assert_eq!(help.status, 0);
    assert_eq!(
        help.stderr,
        "flux-resource: INFO: valid states: all,online,avail,offline,exclude,drain,\
         draining,drained,torpid,allocated,housekeeping\n"
    );
    let bad = status(&["--from-stdin", "-s", "frelled"], "");
    assert_eq!(bad.status, 1);
    assert!(bad
        .stderr
        .starts_with("flux-resource: ERROR: Invalid resource state frelled specified\n"));
}

#[test]
fn t2351_status_up_and_up_ascii_fields() {
    let input = fixture("status/example.json");
    let run = |fmt: &str| ok(status(&["--from-stdin", "-o", fmt], &input));
    assert_eq!(
        run("{status:>8} {nnodes}"),
        "  STATUS NNODES\n  online 4\n offline 1\n"
    );
    assert_eq!(run("{up:>2} {nnodes}"), "UP NNODES\n ✔ 4\n ✗ 1\n");
    assert_eq!(run("{up.ascii:>2} {nnodes}"), "UP NNODES\n y 4\n n 1\n");
}

#[test]
fn t2351_color_fields() {
    let input = fixture("status/example.json");
    let run = |states: &str| {
        let args = [
            "-n",
            "--color",
            "--states",
            states,
            "--from-stdin",
            "-o",
            "{color_up}{nnodes}{color_off}",
        ];
        ok(status(&args, &input))
    };
    assert_eq!(run("offline"), "\x1b[01;31m1\x1b[0;0m\n");
    assert_eq!(run("avail"), "\x1b[01;32m2\x1b[0;0m\n");
}

#[test]
fn t2351_similar_lines_are_combined_by_format() {
    let input = fixture("status/drain.json");
    let run = |fmt: &str| {
        let args = [
            "-n",
            "--color",
            "--states=drain",
            "--from-stdin",
            "--skip-empty",
            "-o",
            fmt,
        ];
        ok(status(&args, &input))
    };
    assert_eq!(run("{state:>8} {nnodes}"), " drained 2\n");
    assert_eq!(
        run("{state:>8} {nnodes:>6} {reason}"),
        " drained      1 bad node\n drained      1 testing drain\n"
    );
    assert_eq!(run("{timestamp} {state:>8} {nnodes}").lines().count(), 2);
    let dated = rscope_env(
        &[
            "resource",
            "status",
            "-n",
            "--states=drain",
            "--from-stdin",
            "--skip-empty",
            "-o",
            "{timestamp!d:%F::<12} {state:>8} {nnodes}",
        ],
        &input,
        &[("TZ", "UTC")],
    );
    assert_eq!(ok(dated), "2020-12-09    drained 2\n");
}

#[test]
fn t2351_include_ranks_and_hosts() {
    let input = fixture("status/drain.json");
    let run = |inc: &str, fmt: &str| {
        ok(status(
            &[&format!("--include={inc}"), "--from-stdin", "-no", fmt],
            &input,
        ))
    };
    assert_eq!(run("1,3", "{nnodes}"), "2\n");
    assert_eq!(run("foo[1,3]", "{nodelist}"), "foo[1,3]\n");
    assert_eq!(run("foo7", "{nodelist}"), "");
}

#[test]
fn t2351_torpid_ranks_shown_without_drain_states() {
    let input = fixture("status/torpid.json");
    ok(status(&["-s", "torpid", "--from-stdin"], &input));
    let out = ok(status(
        &["-s", "torpid", "--from-stdin", "-no", "{state} {nodelist}"],
        &input,
    ));
    assert_eq!(out, "torpid foo[2,4]\n");
}

#[test]
fn t2351_sort_keys() {
    let input = fixture("status/drain.json");
    let run = |fmt: &str| {
        ok(rscope_env(
            &["resource", "status", "--from-stdin", "-o", fmt],
            &input,
            &[("TZ", "UTC")],
        ))
    };
    assert_eq!(
        run("sort:nnodes {nnodes} {state}"),
        "NNODES STATE\n2 avail\n2 drained\n"
    );
    assert_eq!(
        run("sort:timestamp {timestamp!d:%b%d} {nnodes} {state}"),
        "TIME NNODES STATE\n 2 avail\nDec09 2 drained\n"
    );
    assert_eq!(
        run("sort:-nnodes {nnodes} {state}"),
        "NNODES STATE\n2 avail\n2 drained\n"
    );
}

#[test]
fn t2350_list_info_and_r_for_every_payload() {
    let names = names("list");
    assert_eq!(names.len(), 6);
    for name in names {
        let input = fixture(&format!("list/{name}.json"));
        let expected = fixture(&format!("list/{name}.expected"));
        assert_eq!(
            ok(list("list", &["-o", LIST_FORMAT, "--from-stdin"], &input)),
            expected,
            "{name}"
        );
        let nonzero: String = expected
            .lines()
            .filter(|l| l.split_whitespace().nth(2) != Some("0"))
            .map(|l| format!("{l}\n"))
            .collect();
        let skipped = ok(list(
            "list",
            &["-o", LIST_FORMAT, "--skip-empty", "--from-stdin"],
            &input,
        ));
        assert_eq!(skipped, nonzero, "{name} --skip-empty");
        let info = ok(list("info", &["--from-stdin"], &input));
        assert_eq!(
            info,
            fixture(&format!("list/{name}-info.expected")),
            "{name} info"
        );
        let r = ok(list("R", &["--from-stdin"], &input));
        assert_eq!(r, fixture(&format!("list/{name}.R")), "{name} R");
    }
}

#[test]
fn t2350_include_rank_0_for_every_payload() {
    for name in names("list") {
        let input = fixture(&format!("list/{name}.json"));
        let out = ok(list(
            "list",
            &[
                "-o",
                "{ranks} {nodelist}",
                "--include=0",
                "--no-skip-empty",
                "--from-stdin",
            ],
            &input,
        ));
        assert!(
            out.lines()
                .any(|l| l.starts_with('0') && !l[1..].starts_with([',', '-'])),
            "{name}: {out}"
        );
        let info = ok(list(
            "info",
            &["--from-stdin", "--no-skip-empty", "-i0"],
            &input,
        ));
        assert!(info.contains("1 Node"), "{name}: {info}");
        let r = ok(list("R", &["--from-stdin", "-i0"], &input));
        let count = ok(rscope(&["R", "decode", "--count=node"], &r));
        assert_eq!(count, "1\n", "{name}");
    }
}

fn fluke(sub: &str, args: &[&str]) -> Output {
    let config = fixture_path("list/fluke.config");
    let mut all = args.to_vec();
    all.extend_from_slice(&["--from-stdin", "--config-file", &config]);
    list(sub, &all, &fixture("list/fluke.json"))
}

#[test]
fn t2350_queue_selects_lines() {
    let debug = ok(fluke("list", &["--queue=debug"]));
    assert!(
        !debug.contains("batch") && debug.contains("debug"),
        "{debug}"
    );
    let batch = ok(fluke("list", &["--queue=batch"]));
    assert!(
        !batch.contains("debug") && batch.contains("batch"),
        "{batch}"
    );
    let both = ok(fluke("list", &["--queue=debug,batch"]));
    assert!(both.contains("debug") && both.contains("batch"), "{both}");
    assert_eq!(
        debug,
        "     STATE QUEUE NNODES NCORES NGPUS NODELIST\n      \
         free debug      5     20     0 fluke[96,99-102]\n \
         allocated debug      0      0     0 \n      \
         down debug      3     12     0 fluke[97-98,103]\n"
    );
}

#[test]
fn t2350_include_skips_empty_lines() {
    let out = ok(fluke(
        "list",
        &["-i", "fluke[3,103]", "-no", "{queue} {nodelist}"],
    ));
    assert_eq!(out.lines().count(), 2, "{out}");
    assert_eq!(out, "batch fluke3\ndebug fluke103\n");
}

#[test]
fn t2350_r_and_info_with_queues() {
    let debug = ok(fluke("R", &["--queue=debug"]));
    assert!(
        !debug.contains("batch") && debug.contains("debug"),
        "{debug}"
    );
    let batch = ok(fluke("R", &["--queue=batch"]));
    assert!(
        !batch.contains("debug") && batch.contains("batch"),
        "{batch}"
    );
    assert_eq!(
        debug,
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"93-100\", \"children\": \
         {\"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": \
         [\"fluke[96-103]\"], \"properties\": {\"debug\": \"93-100\"}}}\n"
    );
    let both = ok(fluke("R", &["--queue=debug,batch"]));
    assert!(both.contains("debug") && both.contains("batch"), "{both}");
    assert_eq!(
        ok(fluke("info", &["--queue=debug"])),
        "8 Nodes, 32 Cores, 0 GPUs\n"
    );
}

#[test]
fn t2350_unknown_queue_and_dangling_parent() {
    let out = fluke("list", &["--queue=foo"]);
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "flux-resource: ERROR: --queue: foo: no such queue\n"
    );
    let dir = std::env::temp_dir().join(format!("rscope-dangling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("dangling.config");
    std::fs::write(
        &config,
        r#"{"queues": {"batch": {"requires": ["batch"]}, "expedite": {"parent": "notaqueue"}}}"#,
    )
    .unwrap();
    let config = config.to_string_lossy().into_owned();
    let out = list(
        "list",
        &["--queue=expedite", "--from-stdin", "--config-file", &config],
        &fixture("list/fluke.json"),
    );
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "flux-resource: ERROR: --queue: queue 'expedite': parent queue 'notaqueue' is not configured\n"
    );
}

#[test]
fn t2350_include_ranks_hosts_and_unknown_hosts() {
    let input = fixture("list/normal-new.json");
    let run = |args: &[&str]| ok(list("list", args, &input));
    assert_eq!(
        run(&["-s", "all", "-ni", "0", "--from-stdin"])
            .lines()
            .count(),
        1
    );
    let ranks = run(&[
        "-s",
        "all",
        "-o",
        "{nnodes} {ranks}",
        "-ni",
        "0,3",
        "--from-stdin",
        "--no-skip-empty",
    ]);
    assert_eq!(ranks, "2 0,3\n");
    let hosts = run(&[
        "-s",
        "all",
        "-o",
        "{nnodes} {nodelist}",
        "-ni",
        "pi[0,3]",
        "--from-stdin",
    ]);
    assert_eq!(hosts, "2 pi[3,0]\n");
    let none = run(&[
        "-s",
        "all",
        "-o",
        "{nnodes} {nodelist}",
        "-ni",
        "pi7",
        "--from-stdin",
        "--no-skip-empty",
    ]);
    assert_eq!(none, "0 \n");
}

#[test]
fn t2350_include_with_excluded_hosts() {
    let input = fixture("list/corona.in");
    let nodelist = "corona[176,249,260-261,270,284]";
    let out = ok(list(
        "list",
        &[
            "-s",
            "all",
            "-o",
            "{nodelist}",
            "-ni",
            nodelist,
            "--from-stdin",
        ],
        &input,
    ));
    assert_eq!(out, format!("{nodelist}\n"));
}

#[test]
fn t2350_r_by_state() {
    let input = fixture("list/normal-new.json");
    let count = |state: &str| {
        let r = ok(list("R", &["--from-stdin", "-s", state], &input));
        ok(rscope(&["R", "decode", "--count=node"], &r))
    };
    assert_eq!(
        (count("all"), count("up"), count("down")),
        ("5\n".into(), "5\n".into(), "0\n".into())
    );
}

#[test]
fn t2350_properties_fields() {
    let input = fixture("list/properties.in");
    let props = ok(list(
        "list",
        &["-no", "{properties}", "--from-stdin"],
        &input,
    ));
    assert_eq!(props, "foo,xx\n");
    for fmt in ["{properties:>5.5+}", "{properties:>5.5h+}"] {
        let out = ok(list("list", &["-no", fmt, "--from-stdin"], &input));
        assert_eq!(out, "foo,+\n", "{fmt}");
    }
    let rlist = ok(list("list", &["-o", "rlist", "--from-stdin"], &input));
    assert_eq!(
        rlist,
        "     STATE PROPERTIES NNODES NCORES +NGPUS LIST\n      \
         free                 1      4 +    0 rank0/core[0-3]\n      \
         free foo,xx          1      4 +    0 rank2/core[0-3]\n      \
         free foo             1      4 +    0 rank3/core[0-3]\n \
         allocated xx              1      1 +    0 rank1/core0\n      \
         down xx              1      4 +    0 rank1/core[0-3]\n"
    );
}

/// `flux resource list` formats `ranks` (an `IDset`) and `nodelist` (a
/// `Hostlist`) with Python's `object.__format__`, which refuses any spec:
/// the header is printed, then the error at the first line (exit 1), as
/// flux-core's `flux resource list -o '{ngpus:^12} {ranks:>6}'` does.
/// `!s`, `!r` and `!a`, the `h` suffix, a lone `+` and `?:` stay
/// accepted; so do specs on `rlist` (a str), and on `status` and `drain`,
/// whose `ranks` and `nodelist` are str.
#[test]
fn list_refuses_specs_on_id_set_and_host_list_fields() {
    let input = fixture("list/fluke.json");
    let run = |args: &[&str]| {
        let mut all = args.to_vec();
        all.push("--from-stdin");
        list("list", &all, &input)
    };
    let got = |status: i32, stdout: &str, stderr: &str| Output {
        status,
        stdout: stdout.into(),
        stderr: stderr.into(),
    };
    let error = |message: &str| format!("flux-resource: ERROR: {message}\n");
    let idset = error("unsupported format string passed to IDset.__format__");
    let hostlist = error("unsupported format string passed to Hostlist.__format__");
    assert_eq!(
        run(&["-o", "{ngpus:^12} {ranks:>6}"]),
        got(1, "   NGPUS      RANKS\n", &idset)
    );
    assert_eq!(
        run(&["-o", "{state} {nodelist:<20}"]),
        got(1, "STATE NODELIST            \n", &hostlist)
    );
    assert_eq!(run(&["-n", "-o", "{nodelist:>9}"]), got(1, "", &hostlist));
    // An empty state's line has an empty IDset, refused all the same.
    assert_eq!(
        run(&["-s", "allocated", "-o", "{state} {ranks:>6}"]),
        got(1, "STATE  RANKS\n", &idset)
    );
    // `+:` sets the width it measured as the field's spec.
    assert_eq!(
        run(&["-o", "+:{ranks} {state}"]),
        got(1, &format!("{:<55} STATE\n", "RANKS"), &idset)
    );
    assert_eq!(
        run(&["-o", "{ranks!D}"]),
        got(
            1,
            "RANKS\n",
            &error("'IDset' object cannot be interpreted as an integer")
        )
    );
    // Sorting compares each value with "", which an IDset refuses with
    // a TypeError of no message, before the header.
    assert_eq!(run(&["-o", "sort:ranks {ranks}"]), got(1, "", &error("")));
    // No line, no refusal.
    assert_eq!(
        run(&[
            "-s",
            "allocated",
            "--skip-empty",
            "-o",
            "{ranks:>6} {nodelist:>9}"
        ]),
        got(0, " RANKS  NODELIST\n", "")
    );
    assert_eq!(
        run(&["-o", "{ranks:h} {nodelist!s:>12}"]),
        got(0, "RANKS     NODELIST\n0-100 fluke[3-103]\n", "")
    );
    assert_eq!(
        run(&["-o", "{ranks:+} {nodelist!r}"]),
        got(0, "RANKS NODELIST\n0-100 Hostlist('fluke[3-103]')\n", "")
    );
    assert_eq!(
        run(&["-o", "{ranks!a:>14}"]),
        got(0, "         RANKS\nIDset('0-100')\n", "")
    );
    assert_eq!(
        run(&["-o", "?:{ranks} {nnodes}"]),
        got(0, "RANKS NNODES\n0-100 101\n", "")
    );
    assert_eq!(
        run(&["-o", "{rlist:>40}"]),
        got(
            0,
            "                                    LIST\n                   rank[0-100]/core[0-3]\n",
            ""
        )
    );
    let status = fixture("status/fluke.json");
    assert_eq!(
        rscope(
            &["resource", "drain", "-o", "{ranks:>6} {nodelist:>12}"],
            &status
        ),
        got(0, " RANKS     NODELIST\n 15,40 fluke[18,43]\n", "")
    );
}

#[test]
fn list_default_format_with_queues_and_properties() {
    assert_eq!(
        ok(fluke("list", &[])),
        "     STATE QUEUE NNODES NCORES NGPUS NODELIST\n      \
         free batch     83    332     0 fluke[3-16,19-23,25-42,44-60,62-64,66-75,78,80-91,93-95]\n      \
         free debug      5     20     0 fluke[96,99-102]\n \
         allocated batch      0      0     0 \n \
         allocated debug      0      0     0 \n      \
         down batch     10     40     0 fluke[17-18,24,43,61,65,76-77,79,92]\n      \
         down debug      3     12     0 fluke[97-98,103]\n"
    );
    let input = fixture("list/properties.in");
    assert_eq!(
        ok(list("list", &["--from-stdin"], &input)),
        "     STATE PROPERTIES NNODES NCORES NGPUS NODELIST\n      \
         free                 1      4     0 asp\n      \
         free foo,xx          1      4     0 asp\n      \
         free foo             1      4     0 asp\n \
         allocated xx              1      1     0 asp\n      \
         down xx              1      4     0 asp\n"
    );
}

/// `rscope resource changes` (Rscope's own): the table, its JSON, and the
/// refusals, over flux-core's payloads.
#[test]
fn changes_between_two_status_payloads() {
    let (before, after) = (
        fixture_path("status/offline.json"),
        fixture_path("status/torpid.json"),
    );
    let got = rscope(
        &["resource", "changes", &before, "-"],
        &fixture("status/torpid.json"),
    );
    assert_eq!(got.status, 0);
    assert_eq!(
        got.stdout,
        "CHANGE      NNODES RANKS NODELIST REASON\n\
         drained          1 0     foo1     bad node\n\
         drained          1 1     foo2     testing drain\n\
         came back        1 1     foo2\n\
         went torpid      2 1,3   foo[2,4]\n"
    );
    let json = rscope(&["resource", "changes", "--json", &after, &before], "");
    assert_eq!(
        json.stdout,
        concat!(
            r#"{"rows":[{"change":"undrained","nnodes":1,"ranks":"0","nodelist":"foo1","reason":"bad node"},"#,
            r#"{"change":"undrained","nnodes":1,"ranks":"1","nodelist":"foo2","reason":"testing drain"},"#,
            r#"{"change":"went offline","nnodes":1,"ranks":"1","nodelist":"foo2","reason":""},"#,
            r#"{"change":"lively again","nnodes":2,"ranks":"1,3","nodelist":"foo[2,4]","reason":""}],"nodes":3}"#,
            "\n"
        )
    );
    let same = rscope(&["resource", "changes", &before, &before], "");
    assert_eq!(
        (same.status, same.stdout.as_str()),
        (0, "no node changed state\n")
    );
    let bad = rscope(&["resource", "changes", "-", &after], "[1]");
    assert_eq!(
        (bad.status, bad.stderr.as_str()),
        (
            1,
            "rscope: <stdin>: the resource.status payload must be a JSON object\n"
        )
    );
    let twice = rscope(&["resource", "changes", "-", "-"], "");
    assert_eq!(
        (twice.status, twice.stderr.as_str()),
        (
            1,
            "rscope: resource changes: only one of BEFORE and AFTER can be standard input\n"
        )
    );
}

fn eventlog_fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/resource-eventlog/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

#[test]
fn replay_prints_the_status_payload_that_drain_and_status_read() {
    let (log, r) = (eventlog_fixture("events.jsonl"), eventlog_fixture("R.json"));
    let payload = ok(rscope(&["resource", "replay", &log, "--R", &r], ""));
    assert_eq!(
        payload,
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-3\",\"children\":{\"core\":\"0-3\"}}],\"starttime\":0,\"expiration\":0,\"nodelist\":[\"test0\",\"test2\",\"test1\",\"test3\"]}},\"drain\":{\"1\":{\"timestamp\":1738092500.0,\"reason\":\"old map\"},\"2\":{\"timestamp\":1738091800.0,\"reason\":\"maintenance\"}},\"online\":\"0-2\",\"offline\":\"3\",\"exclude\":\"\",\"torpid\":\"\"}\n"
    );
    let drain = ok(list(
        "drain",
        &["-o", "{ranks} {nodelist} {reason}"],
        &payload,
    ));
    assert_eq!(
        drain,
        "RANKS NODELIST REASON\n1 test2 old map\n2 test1 maintenance\n"
    );
    // Before the restart that swapped test1 and test2, from standard
    // input, with an ISO 8601 time.
    let text = std::fs::read_to_string(&log).unwrap();
    let earlier = ok(rscope(
        &["resource", "replay", "--at", "2025-01-28T19:24:10Z"],
        &text,
    ));
    let drain = ok(list(
        "drain",
        &["-o", "{ranks} {nodelist} {reason}"],
        &earlier,
    ));
    assert_eq!(
        drain,
        "RANKS NODELIST REASON\n1 test1 maintenance\n2 test2 reboot\n"
    );
    let status = ok(status(&["-s", "all", "-o", STATUS_FORMAT], &earlier));
    assert_eq!(
        status,
        "     STATE NNODES RANKS           NODELIST\n     avail      1 0               test0\n   exclude      0                 \n allocated      0                 \n    torpid      0                 \n   torpid*      1 3               test3\nhousekeeping      0                 \n  draining      0                 \n   drained      2 1-2             test[1-2]\n"
    );
}

#[test]
fn replay_reports_bad_lines_and_reads_the_rest() {
    let text = "{\"timestamp\": 1, \"name\": \"online\", \"context\": {\"idset\": \"0-1\"}}\nnot json\n{\"timestamp\": 2, \"name\": \"offline\", \"context\": {}}\n";
    let out = rscope(&["resource", "replay", "--at", "-0s"], text);
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (
            0,
            "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-1\",\"children\":{}}],\"starttime\":0.0,\"expiration\":0.0}},\"drain\":{},\"online\":\"0-1\",\"offline\":\"\",\"exclude\":\"\",\"torpid\":\"\"}\n"
        )
    );
    assert_eq!(
        out.stderr,
        "<stdin>:2:1: error: not JSON: expected ident\nnot json\n^^^^^^^^\n<stdin>:3:1: error: the offline event's context has no 'idset'\n{\"timestamp\": 2, \"name\": \"offline\", \"context\": {}}\n^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    );
    let out = rscope(&["resource", "replay", "--at", "soon"], text);
    assert_eq!(
        (out.status, out.stderr.as_str()),
        (1, "rscope: resource replay: --at: invalid time 'soon': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)\n")
    );
    let out = rscope(&["resource", "replay"], "\n");
    assert_eq!(
        (out.status, out.stderr.as_str()),
        (
            1,
            "rscope: resource replay: <stdin> holds no resource events\n"
        )
    );
}
