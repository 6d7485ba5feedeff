//! Rscope against what a live flux-core instance printed and answered
//! (`tests/fixtures/resource-eventlog/live/`, recorded by `record.sh`
//! there from flux-core 0.88.0-59-g4a5e79f56 under `flux start
//! --test-size=4`; LGPL-3.0, see the README there): drains under every
//! mode, undrains, an offline rank, the journal, the KVS eventlog and the
//! `resource.status` payload in the middle and at the end; and
//! (`live-restart/`) a restart over a kept state directory, torpid ranks
//! and a drained rank excluded by the new configuration.
//!
//! The printed forms of the eventlog are byte for byte flux-core's. The
//! replayed payload is the module's, byte for byte, but for three
//! differences the README explains and the tests below assert exactly:
//! the order of the `drain` object's keys (flux-core's is its hash
//! table's), and a KVS eventlog's online and offline sets (the KVS log
//! holds no `restart`, `online` or `offline` events), and exclusions,
//! which are configuration and given with `--exclude`.

use crate::support::{rscope_env, Output};
use serde_json::{Map, Value};

const UTC: &[(&str, &str)] = &[("TZ", "UTC"), ("NO_COLOR", "")];

fn path(name: &str) -> String {
    format!(
        "{}/tests/fixtures/resource-eventlog/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

fn recorded(name: &str) -> String {
    let full = path(name);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn run(args: &[&str], stdin: &str) -> Output {
    rscope_env(args, stdin, UTC)
}

fn printed(stdout: &str) -> Output {
    Output {
        status: 0,
        stdout: stdout.to_string(),
        stderr: String::new(),
    }
}

/// `rscope resource replay FILE ARGS`'s standard output, which must
/// succeed without a finding.
fn replay(file: &str, args: &[&str]) -> String {
    let file = path(file);
    let mut all = vec!["resource", "replay", &file];
    all.extend_from_slice(args);
    let out = run(&all, "");
    assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{args:?}");
    out.stdout
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The keys of a payload's `drain` object, in the order written.
fn drain_keys(payload: &Value) -> Vec<&str> {
    payload["drain"]
        .as_object()
        .expect("a drain object")
        .keys()
        .map(String::as_str)
        .collect()
}

/// `payload` with its `drain` entries in the order of their first rank,
/// as Rscope writes them.
fn drain_by_rank(mut payload: Value) -> Value {
    let drain = payload["drain"].as_object_mut().expect("a drain object");
    let first = |key: &str| -> u32 {
        let end = key.find([',', '-']).unwrap_or(key.len());
        key[..end].parse().expect("an idset key")
    };
    let mut entries: Vec<(String, Value)> = std::mem::take(drain).into_iter().collect();
    entries.sort_by_key(|(k, _)| first(k));
    *drain = entries.into_iter().collect::<Map<String, Value>>();
    payload
}

/// Rscope's replayed payload against the module's raw bytes (`NAME.raw`)
/// and Python's re-serialization of it (`NAME.json`, when recorded): equal as JSON
/// values; equal as bytes once the module's drain keys are put in rank
/// order; and the module's order is `module_order`.
fn assert_payload(ours: &str, name: &str, module_order: &[&str]) {
    let raw = recorded(&format!("{name}.raw"));
    let theirs = parse(&raw);
    assert_eq!(parse(ours), theirs);
    if let Ok(python) = std::fs::read_to_string(path(&format!("{name}.json"))) {
        assert_eq!(parse(&python), theirs);
    }
    assert_eq!(drain_keys(&theirs), module_order);
    // serde_json writes the module's payload back to the module's bytes
    // (compact, keys as they came, `0.0` and `1796514824.0`), so the
    // rank-ordered version is what the module's bytes would be.
    assert_eq!(format!("{theirs}\n"), raw);
    assert_eq!(ours, format!("{}\n", drain_by_rank(theirs)));
}

#[test]
fn every_printed_form_of_the_journal_is_flux_cores() {
    let forms: &[(&[&str], &str)] = &[
        (&["-f", "json"], "live/eventlog-json.out"),
        (&[], "live/text-raw.out"),
        (&["-T", "raw"], "live/text-raw-T.out"),
        (&["-T", "iso"], "live/text-iso.out"),
        (&["-T", "offset"], "live/text-offset.out"),
        (&["-H"], "live/text-human.out"),
    ];
    // Its -f json output read back, and the journal's own responses.
    for input in ["live/eventlog-json.out", "live/journal.json"] {
        let file = path(input);
        for (args, out) in forms {
            let mut all = vec!["resource", "eventlog", file.as_str()];
            all.extend_from_slice(args);
            assert_eq!(run(&all, ""), printed(&recorded(out)), "{input} {args:?}");
        }
    }
}

#[test]
fn replay_of_the_journal_is_the_modules_payload_at_the_end() {
    // The journal carries R in the resource-define response.
    let ours = replay("live/journal.json", &[]);
    assert_payload(&ours, "live/status-end", &["2", "1", "3"]);
    // flux resource eventlog -f json has no R: the configured one is given.
    assert_eq!(
        replay("live/eventlog-json.out", &["--R", &path("live/conf.d/R")]),
        ours
    );
}

#[test]
fn replay_at_the_time_of_the_middle_request_is_the_payload_then() {
    let at = recorded("live/status-mid.time");
    let ours = replay("live/journal.json", &["--at", at.trim()]);
    assert_payload(&ours, "live/status-mid", &["3", "1"]);
}

#[test]
fn the_replayed_payload_lists_as_the_recorded_one() {
    let ours = replay("live/journal.json", &[]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["resource", "drain", "-o", "{ranks} {nodelist} {reason}"],
            "live/drain.out",
        ),
        (&["resource", "status"], "live/status.out"),
        (&["resource", "status", "-s", "all"], "live/status-all.out"),
    ];
    for (args, out) in cases {
        let want = printed(&recorded(out));
        assert_eq!(
            run(args, &recorded("live/status-end.raw")),
            want,
            "{args:?}"
        );
        assert_eq!(run(args, &ours), want, "{args:?}");
    }
}

#[test]
fn replay_of_the_kvs_eventlog_lacks_only_the_online_and_offline_events() {
    let kvs = recorded("live/kvs-eventlog.out");
    for name in ["restart", "online", "offline"] {
        assert!(!kvs.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    // Its events print as the journal's do: jansson's 17 digits
    // (1796514825.3420999) read to the double Python writes 1796514825.3421.
    assert!(kvs.contains("\"timestamp\":1796514825.3420999,"));
    let journal_only = ["\"restart\"", "\"online\"", "\"offline\""];
    let want: String = recorded("live/eventlog-json.out")
        .lines()
        .filter(|l| !journal_only.iter().any(|n| l.contains(n)))
        .map(|l| format!("{l}\n"))
        .collect();
    let file = path("live/kvs-eventlog.out");
    assert_eq!(
        run(&["resource", "eventlog", &file, "-f", "json"], ""),
        printed(&want)
    );
    // The drains are the module's; no rank is known online.
    let mut want = parse(&recorded("live/status-end.raw"));
    want["online"] = "".into();
    want["offline"] = "0-3".into();
    let want = format!("{}\n", drain_by_rank(want));
    assert_eq!(
        replay("live/kvs-eventlog.out", &["--R", &path("live/conf.d/R")]),
        want
    );
    // Without R, one of the ranks the events name, with no resources and
    // no nodelist (the KVS log has no restart to give one).
    let mut bare = parse(&want);
    bare["R"] = parse(
        r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{}}],"starttime":0.0,"expiration":0.0}}"#,
    );
    assert_eq!(replay("live/kvs-eventlog.out", &[]), format!("{bare}\n"));
}

// `live-restart/`: the same instance started twice over one state
// directory, a rank torpid in each, and rank 2 (drained) excluded by
// the configuration of the second start.

#[test]
fn the_journal_after_a_restart_prints_as_flux_cores() {
    let forms: &[(&[&str], &str)] = &[
        (&["-f", "json"], "live-restart/eventlog-json.out"),
        (&["-T", "offset"], "live-restart/text-offset.out"),
        (&["-H"], "live-restart/text-human.out"),
    ];
    for input in [
        "live-restart/eventlog-json.out",
        "live-restart/journal.json",
    ] {
        let file = path(input);
        for (args, out) in forms {
            let mut all = vec!["resource", "eventlog", file.as_str()];
            all.extend_from_slice(args);
            assert_eq!(run(&all, ""), printed(&recorded(out)), "{input} {args:?}");
        }
    }
    // The journal begins with the drains kept in the KVS, then the
    // undrain of the newly excluded rank, posted before the restart.
    let offsets = recorded("live-restart/text-offset.out");
    let first: Vec<&str> = offsets
        .lines()
        .take(4)
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(first, ["drain", "drain", "undrain", "restart"]);
}

#[test]
fn replay_before_the_restart_has_the_torpid_rank() {
    let at = recorded("live-restart/status-torpid.time");
    let ours = replay("live-restart/journal-phase1.json", &["--at", at.trim()]);
    assert_payload(&ours, "live-restart/status-torpid", &["2", "1"]);
    assert_eq!(parse(&ours)["torpid"], "3");
}

#[test]
fn replay_after_the_restart_needs_the_configured_exclusion() {
    let ours = replay("live-restart/journal.json", &["--exclude", "2"]);
    assert_payload(&ours, "live-restart/status-end", &["0", "1"]);
    assert_eq!(parse(&ours)["torpid"], "3");
    // The eventlog does not record exclusions (only the undrain they
    // caused): without --exclude, the payload's exclude is empty.
    let mut want = parse(&ours);
    want["exclude"] = "".into();
    assert_eq!(
        replay("live-restart/journal.json", &[]),
        format!("{want}\n")
    );
    // The KVS log (both starts' resource-define, the drains and the
    // undrain) gives the drains; no rank online, none torpid.
    let mut want = parse(&ours);
    want["online"] = "".into();
    want["offline"] = "0-3".into();
    want["torpid"] = "".into();
    let r = path("live-restart/conf.d/R");
    assert_eq!(
        replay(
            "live-restart/kvs-eventlog.out",
            &["--R", &r, "--exclude", "2"]
        ),
        format!("{want}\n")
    );
}

#[test]
fn the_restarted_payload_lists_as_the_recorded_one() {
    let ours = replay("live-restart/journal.json", &["--exclude", "2"]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["resource", "drain", "-o", "{ranks} {nodelist} {reason}"],
            "live-restart/drain.out",
        ),
        (
            &["resource", "status", "-s", "all"],
            "live-restart/status-all.out",
        ),
    ];
    for (args, out) in cases {
        let want = printed(&recorded(out));
        assert_eq!(
            run(args, &recorded("live-restart/status-end.raw")),
            want,
            "{args:?}"
        );
        assert_eq!(run(args, &ours), want, "{args:?}");
    }
}
