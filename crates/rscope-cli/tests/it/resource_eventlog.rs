//! `rscope resource eventlog` against flux-core's `flux resource eventlog`:
//! the forms `t/t2355-resource-journal.t` checks, over a session shaped as
//! its (two ranks, a restart with monitor-force-up, drain and undrain,
//! an expiration update, a truncate), with outputs printed by flux-core's
//! own `EventLogFormatter` (`tests/fixtures/resource-eventlog/t2355/`,
//! LGPL-3.0, see the README there). Every test asserts the whole output,
//! standard error and exit status.

use crate::support::{rscope_env, Output};

const UTC: &[(&str, &str)] = &[("TZ", "UTC"), ("NO_COLOR", "")];

fn path(name: &str) -> String {
    format!(
        "{}/tests/fixtures/resource-eventlog/t2355/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

fn expected(name: &str) -> String {
    let full = path(name);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// `rscope resource eventlog FILE ARGS` in UTC.
fn eventlog(args: &[&str], file: &str) -> Output {
    eventlog_env(args, file, UTC)
}

fn eventlog_env(args: &[&str], file: &str, env: &[(&str, &str)]) -> Output {
    let file = path(file);
    // FILE first: `-L FILE` would read FILE as WHEN, as argparse would.
    let mut all = vec!["resource", "eventlog", &file];
    all.extend_from_slice(args);
    rscope_env(&all, "", env)
}

fn printed(stdout: &str) -> Output {
    Output {
        status: 0,
        stdout: stdout.to_string(),
        stderr: String::new(),
    }
}

fn failed(stdout: &str, stderr: &str) -> Output {
    Output {
        status: 1,
        stdout: stdout.to_string(),
        stderr: stderr.to_string(),
    }
}

#[test]
fn t2355_formats_as_text_by_default_with_raw_times() {
    let want = printed(&expected("text-raw.out"));
    assert_eq!(eventlog(&[], "eventlog.jsonl"), want);
    assert_eq!(eventlog(&["--time-format=raw"], "eventlog.jsonl"), want);
    // A file has no future: --follow prints what there is.
    assert_eq!(eventlog(&["-F"], "eventlog.jsonl"), want);
    assert!(want.stdout.lines().any(|l| l.contains(" method=")));
}

#[test]
fn t2355_time_formats_iso_offset_and_human() {
    let iso = eventlog(&["--time-format=iso"], "eventlog.jsonl");
    assert_eq!(iso, printed(&expected("text-iso.out")));
    assert!(iso
        .stdout
        .lines()
        .all(|l| l.split(' ').next().unwrap().ends_with('Z')));
    let offset = eventlog(&["--time-format=offset"], "eventlog.jsonl");
    assert_eq!(offset, printed(&expected("text-offset.out")));
    assert!(offset.stdout.starts_with("       0.000000 restart"));
    let human = printed(&expected("text-human.out"));
    assert!(human.stdout.starts_with("[Aug18 23:35] restart"));
    assert_eq!(eventlog(&["--time-format=human"], "eventlog.jsonl"), human);
    assert_eq!(eventlog(&["-T", "reltime"], "eventlog.jsonl"), human);
    assert_eq!(eventlog(&["--human"], "eventlog.jsonl"), human);
    // -H is text with human times whatever -f says.
    assert_eq!(eventlog(&["-f", "json", "-H"], "eventlog.jsonl"), human);
}

#[test]
fn local_times_follow_tz() {
    let la = &[("TZ", "America/Los_Angeles"), ("NO_COLOR", "")];
    assert_eq!(
        eventlog_env(&["-T", "iso"], "eventlog.jsonl", la),
        printed(&expected("text-iso-la.out"))
    );
    assert_eq!(
        eventlog_env(&["-T", "human"], "eventlog.jsonl", la),
        printed(&expected("text-human-la.out"))
    );
}

#[test]
fn t2355_json_is_each_event_compact_without_an_empty_context() {
    let out = eventlog(&["-f", "json"], "eventlog.jsonl");
    assert_eq!(out, printed(&expected("json.out")));
    assert!(out
        .stdout
        .contains("{\"timestamp\":1755560260.125,\"name\":\"truncate\"}\n"));
    // The journal's own responses print the same.
    assert_eq!(eventlog(&["-f", "json"], "journal.json"), out);
    assert_eq!(
        eventlog(&[], "journal.json"),
        printed(&expected("text-raw.out"))
    );
}

#[test]
fn t2355_color_forced_on_and_off() {
    let human = printed(&expected("color-human.out"));
    let raw = printed(&expected("color-raw.out"));
    assert!(raw.stdout.contains("\x1b["));
    for opt in ["-L", "-Lalways", "--color", "--color=always"] {
        assert_eq!(
            eventlog(&["-T", "human", opt], "eventlog.jsonl"),
            human,
            "{opt}"
        );
        assert_eq!(eventlog(&[opt], "eventlog.jsonl"), raw, "{opt}");
    }
    assert_eq!(eventlog(&["-HL"], "eventlog.jsonl"), human);
    let plain = printed(&expected("text-human.out"));
    for opt in ["-HLnever", "-H"] {
        assert_eq!(eventlog(&[opt], "eventlog.jsonl"), plain, "{opt}");
    }
    // NO_COLOR turns auto off; an explicit -L still wins.
    let no_color = &[("TZ", "UTC"), ("NO_COLOR", "1")];
    assert_eq!(eventlog_env(&["-H"], "eventlog.jsonl", no_color), plain);
    assert_eq!(eventlog_env(&["-HL"], "eventlog.jsonl", no_color), human);
    let bad = eventlog(&["--color=sometimes"], "eventlog.jsonl");
    assert_eq!(
        (bad.status, bad.stderr.as_str()),
        (2, "rscope: Invalid argument to --color: 'sometimes'\n")
    );
}

#[test]
fn t2355_wait_stops_at_the_matching_event() {
    let wait = |args: &[&str]| eventlog(args, "eventlog.jsonl");
    let first = wait(&["-f", "json", "--wait=resource-define"]);
    let lines: Vec<&str> = first.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[1].contains("\"method\":\"dynamic-discovery\""));
    assert_eq!(
        wait(&[
            "-f",
            "json",
            "--wait=resource-define",
            "--match-context=method=kvs"
        ]),
        printed(&expected("wait-kvs.out"))
    );
    assert_eq!(
        wait(&[
            "-f",
            "json",
            "-w",
            "drain",
            "-m",
            "idset=\"0\"",
            "-m",
            "reason=testing"
        ]),
        printed(&expected("wait-drain.out"))
    );
    // A float in the context matches within 1e-5.
    assert_eq!(
        wait(&[
            "-f",
            "json",
            "-w",
            "resource-update",
            "-m",
            "expiration=1755563790.000001"
        ]),
        printed(&expected("wait-float.out"))
    );
    assert_eq!(
        wait(&[
            "-f",
            "json",
            "-w",
            "resource-update",
            "-m",
            "expiration=1755563790.0001"
        ])
        .status,
        1
    );
}

#[test]
fn t2355_wait_that_never_matches_fails_after_printing_everything() {
    let out = eventlog(
        &[
            "--wait=drain",
            "--match-context=reason=nonexistent",
            "--timeout=0.5",
        ],
        "eventlog.jsonl",
    );
    assert_eq!(
        out,
        failed(
            &expected("text-raw.out"),
            "flux-resource: ERROR: the eventlog ended with no 'drain' event matching --match-context\n"
        )
    );
    let out = eventlog(&["-w", "exception"], "eventlog.jsonl");
    assert_eq!(
        out,
        failed(
            &expected("text-raw.out"),
            "flux-resource: ERROR: the eventlog ended with no 'exception' event\n"
        )
    );
}

#[test]
fn t2355_bad_arguments_fail_as_the_reference_does() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--match-context=noequals"],
            "flux-resource: ERROR: invalid KEY=VAL argument: 'noequals' (missing '=')\n",
        ),
        (
            &["--match-context==val"],
            "flux-resource: ERROR: invalid KEY=VAL argument: '=val' (empty key)\n",
        ),
        (
            &["--timeout=notanumber"],
            "flux-resource: ERROR: invalid Flux standard duration\n",
        ),
        (
            &["--include=foo"],
            "flux-resource: ERROR: host 'foo' not found\n",
        ),
        (
            &["--include=42"],
            "flux-resource: ERROR: Hostlist index out of range\n",
        ),
        (
            &["--include=node[1"],
            "flux-resource: ERROR: invalid targets node[1\n",
        ),
    ];
    for (args, stderr) in cases {
        assert_eq!(
            eventlog(args, "eventlog.jsonl"),
            failed("", stderr),
            "{args:?}"
        );
    }
}

#[test]
fn t2355_include_ranks_and_hosts() {
    let raw = expected("text-raw.out");
    // Every event whose idset or ranks holds rank 1 (of two).
    let with_rank_1: String = raw
        .lines()
        .filter(|l| {
            ["ranks=\"0-1\"", "idset=\"0-1\"", "idset=\"1\""]
                .iter()
                .any(|k| l.contains(k))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(with_rank_1.lines().count(), 6);
    assert_eq!(
        eventlog(&["--include=1"], "eventlog.jsonl"),
        printed(&with_rank_1)
    );
    // A host matches its nodelist, and its rank's id sets.
    assert_eq!(
        eventlog(&["--include=node1"], "eventlog.jsonl"),
        printed(&with_rank_1)
    );
    let both = eventlog(&["-i", "node[0-1]"], "eventlog.jsonl");
    let without_define_or_truncate: String = raw
        .lines()
        .filter(|l| !l.contains("resource-define") && !l.contains("truncate"))
        .filter(|l| !l.contains("resource-update"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(both, printed(&without_define_or_truncate));
}

#[test]
fn standard_input_and_dash() {
    let text = expected("eventlog.jsonl");
    let want = printed(&expected("text-human.out"));
    let args = ["resource", "eventlog", "-H"];
    assert_eq!(rscope_env(&args, &text, UTC), want);
    assert_eq!(
        rscope_env(&["resource", "eventlog", "-H", "-"], &text, UTC),
        want
    );
}

#[test]
fn unreadable_lines_are_reported_and_the_rest_printed() {
    let text = "{\"timestamp\":5.5,\"name\":\"online\",\"context\":{\"idset\":\"0\"}}\nnot json\n{\"name\":\"x\"}\n";
    let out = rscope_env(&["resource", "eventlog"], text, UTC);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "   5.500000 online idset=\"0\"\n");
    assert!(
        out.stderr.starts_with("<stdin>:2:1: error: not JSON"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("<stdin>:3:1: error:"), "{}", out.stderr);
    assert!(out
        .stderr
        .ends_with("flux-resource: ERROR: some events could not be read\n"));
}
