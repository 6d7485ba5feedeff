//! Rscope against what a live flux-core instance printed and answered
//! (`tests/fixtures/resource-eventlog/live/`, recorded by `record.sh`
//! there from flux-core 0.88.0-59-g4a5e79f56 under `flux start
//! --test-size=4`; LGPL-3.0, see the README there): drains under every
//! mode, undrains, an offline rank, the journal, the KVS eventlog and the
//! `resource.status` payload in the middle and at the end.
//!
//! The printed forms of the eventlog are byte for byte flux-core's. The
//! replayed payload is the module's, byte for byte, but for two
//! differences the README explains and the tests below assert exactly:
//! the order of the `drain` object's keys (flux-core's is its hash
//! table's), and a KVS eventlog's online and offline sets (the KVS log
//! holds no `restart`, `online` or `offline` events).

use crate::support::{rscope_env, Output};
use serde_json::{Map, Value};

const UTC: &[(&str, &str)] = &[("TZ", "UTC"), ("NO_COLOR", "")];

fn path(name: &str) -> String {
    format!(
        "{}/tests/fixtures/resource-eventlog/live/{name}",
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
/// and Python's re-serialization of it (`NAME.json`): equal as JSON
/// values; equal as bytes once the module's drain keys are put in rank
/// order; and the module's order is `module_order`.
fn assert_payload(ours: &str, name: &str, module_order: &[&str]) {
    let raw = recorded(&format!("{name}.raw"));
    let theirs = parse(&raw);
    assert_eq!(parse(ours), theirs);
    assert_eq!(parse(&recorded(&format!("{name}.json"))), theirs);
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
        (&["-f", "json"], "eventlog-json.out"),
        (&[], "text-raw.out"),
        (&["-T", "raw"], "text-raw-T.out"),
        (&["-T", "iso"], "text-iso.out"),
        (&["-T", "offset"], "text-offset.out"),
        (&["-H"], "text-human.out"),
    ];
    // Its -f json output read back, and the journal's own responses.
    for input in ["eventlog-json.out", "journal.json"] {
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
    let ours = replay("journal.json", &[]);
    assert_payload(&ours, "status-end", &["2", "1", "3"]);
    // flux resource eventlog -f json has no R: the configured one is given.
    assert_eq!(
        replay("eventlog-json.out", &["--R", &path("conf.d/R")]),
        ours
    );
}

#[test]
fn replay_at_the_time_of_the_middle_request_is_the_payload_then() {
    let at = recorded("status-mid.time");
    let ours = replay("journal.json", &["--at", at.trim()]);
    assert_payload(&ours, "status-mid", &["3", "1"]);
}

#[test]
fn the_replayed_payload_lists_as_the_recorded_one() {
    let ours = replay("journal.json", &[]);
    let cases: &[(&[&str], &str)] = &[
        (
            &["resource", "drain", "-o", "{ranks} {nodelist} {reason}"],
            "drain.out",
        ),
        (&["resource", "status"], "status.out"),
        (&["resource", "status", "-s", "all"], "status-all.out"),
    ];
    for (args, out) in cases {
        let want = printed(&recorded(out));
        assert_eq!(run(args, &recorded("status-end.raw")), want, "{args:?}");
        assert_eq!(run(args, &ours), want, "{args:?}");
    }
}

#[test]
fn replay_of_the_kvs_eventlog_lacks_only_the_online_and_offline_events() {
    let kvs = recorded("kvs-eventlog.out");
    for name in ["restart", "online", "offline"] {
        assert!(!kvs.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    // Its events print as the journal's do: jansson's 17 digits
    // (1796514825.3420999) read to the double Python writes 1796514825.3421.
    assert!(kvs.contains("\"timestamp\":1796514825.3420999,"));
    let journal_only = ["\"restart\"", "\"online\"", "\"offline\""];
    let want: String = recorded("eventlog-json.out")
        .lines()
        .filter(|l| !journal_only.iter().any(|n| l.contains(n)))
        .map(|l| format!("{l}\n"))
        .collect();
    let file = path("kvs-eventlog.out");
    assert_eq!(
        run(&["resource", "eventlog", &file, "-f", "json"], ""),
        printed(&want)
    );
    // The drains are the module's; no rank is known online.
    let mut want = parse(&recorded("status-end.raw"));
    want["online"] = "".into();
    want["offline"] = "0-3".into();
    let want = format!("{}\n", drain_by_rank(want));
    assert_eq!(
        replay("kvs-eventlog.out", &["--R", &path("conf.d/R")]),
        want
    );
    // Without R, one of the ranks the events name, with no resources and
    // no nodelist (the KVS log has no restart to give one).
    let mut bare = parse(&want);
    bare["R"] = parse(
        r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{}}],"starttime":0.0,"expiration":0.0}}"#,
    );
    assert_eq!(replay("kvs-eventlog.out", &[]), format!("{bare}\n"));
}
