//! `rscope resource history` on the small eventlog of
//! `tests/fixtures/resource-eventlog/` (four nodes, 745.79 s from the
//! first event, 19:15:54.21, to the last, 19:28:20 UTC; hand-computed
//! below, times as seconds past 1738091000).
//!
//! - Rank 0 is offline 754.21-754.63 (0.42 s) and 1300-1301 (the restart
//!   brings every rank up offline): 1.42 s offline, longest outage 1 s,
//!   available 744.37 of 745.79 s = 99.81 %.
//! - Rank 1 is drained from 800.4 ("bad dimm"; "maintenance" from 900.6
//!   under overwrite 1), and after the restart that swaps the hosts of
//!   ranks 1 and 2 it holds rank 2's drain ("reboot", since 1200.7 under
//!   overwrite 2) until the undrain of test2 at 1400; the drain of test2
//!   at 1500 lands on it again ("old map"): 2 drains, 599.6 s drained,
//!   one outage of 599.6 s, available 145.77 s = 19.55 %.
//! - Rank 2 is drained from 900.6 to the end: 599.4 s, 1 drain.
//! - Rank 3 is offline from 1100 to the end (400 s) and at the start.
//! - Reasons: "maintenance" 399.4 (rank 1) + 300.1 + 200 (rank 2) =
//!   899.5 s = 0.25 h; "reboot" 99.3 + 100 = 199.3 s = 0.055 h; "bad dimm"
//!   100.2 s = 0.028 h; "old map" 0 s; one drain event each.

use crate::support::rscope;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/resource-eventlog/{name}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

fn ok(args: &[&str]) -> String {
    let mut full = vec!["resource", "history"];
    full.extend_from_slice(args);
    let out = rscope(&full, "");
    assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{args:?}");
    out.stdout
}

fn fails(args: &[&str], stdin: &str, stderr: &str) {
    let mut full = vec!["resource", "history"];
    full.extend_from_slice(args);
    let out = rscope(&full, stdin);
    assert_eq!((out.status, out.stderr.as_str()), (1, stderr), "{args:?}");
}

#[test]
fn history_per_node_and_per_reason() {
    let (log, r) = (fixture("events.jsonl"), fixture("R.json"));
    assert_eq!(
        ok(&[&log, "--R", &r]),
        "2025-01-28 19:15:54 UTC to 2025-01-28 19:28:20 UTC: 4 nodes, 46.31% available\n\
         RANK  HOST   DRAINED  OFFLINE  DRAINS  LONGEST  AVAILABLE\n\
         \x20  0  test0  0:00:00  0:00:01       0  0:00:01     99.81%\n\
         \x20  1  test2  0:10:00  0:00:01       2  0:10:00     19.55%\n\
         \x20  2  test1  0:09:59  0:00:01       1  0:09:59     19.57%\n\
         \x20  3  test3  0:00:00  0:06:40       0  0:06:40     46.31%\n"
    );
    assert_eq!(
        ok(&[&log, "--by", "reason"]),
        "2025-01-28 19:15:54 UTC to 2025-01-28 19:28:20 UTC: 4 nodes, 46.31% available\n\
         NODE-HOURS  TIMES  REASON\n\
         \x20     0.25      1  maintenance\n\
         \x20     0.06      1  reboot\n\
         \x20     0.03      1  bad dimm\n\
         \x20     0.00      1  old map\n"
    );
    assert_eq!(
        ok(&[&log, "--by", "reason", "-o", "json"]),
        "{\"since\":1738091754.2095973,\"until\":1738092500.0,\"nodes\":4,\"known_node_seconds\":2983.162,\"available_node_seconds\":1381.477,\"availability\":46.309,\"by\":\"reason\",\"rows\":[{\"reason\":\"maintenance\",\"node_hours\":0.25,\"occurrences\":1},{\"reason\":\"reboot\",\"node_hours\":0.055,\"occurrences\":1},{\"reason\":\"bad dimm\",\"node_hours\":0.028,\"occurrences\":1},{\"reason\":\"old map\",\"node_hours\":0.0,\"occurrences\":1}]}\n"
    );
    // Rank 1 alone in JSON: 745.79 s known, 0.421 s offline at the start
    // plus 1 s after the restart.
    let json = ok(&[&log, "--json"]);
    assert!(
        json.contains("{\"rank\":1,\"host\":\"test2\",\"known_seconds\":745.79,\"available_seconds\":145.769,\"drained_seconds\":599.6,\"offline_seconds\":1.421,\"excluded_seconds\":0.0,\"drains\":2,\"longest_outage_seconds\":599.6,\"availability\":19.546}"),
        "{json}"
    );
}

#[test]
fn history_per_day_within_a_range() {
    let log = fixture("events.jsonl");
    // 19:20:00 (1000) to the first event + 10 min (1354.21): 354.21 s a
    // node, 1416.84 node-seconds. Available: rank 0 all but 1300-1301
    // (353.21 s), ranks 1 and 2 none (drained throughout), rank 3 until it
    // went offline at 1100 (100 s): 453.21 / 1416.84 = 31.99 %, 0.13 of
    // 0.39 node-hours.
    let text = ok(&[
        &log,
        "--by",
        "day",
        "--since",
        "2025-01-28T19:20:00Z",
        "--until",
        "+10m",
    ]);
    assert_eq!(
        text,
        "2025-01-28 19:20:00 UTC to 2025-01-28 19:25:54 UTC: 4 nodes, 31.99% available\n\
         DAY         AVAILABLE  NODE-HOURS  KNOWN\n\
         2025-01-28     31.99%        0.13   0.39\n"
    );
}

#[test]
fn history_says_what_is_wrong_with_its_arguments() {
    let log = fixture("events.jsonl");
    fails(
        &[&log, "--by", "month"],
        "",
        "rscope: resource history: --by: invalid grouping 'month': give node, reason, day or week\n",
    );
    fails(
        &[&log, "--since", "-1s", "--until", "+0s"],
        "",
        "rscope: resource history: the range ends (2025-01-28 19:15:54 UTC) before it starts (2025-01-28 19:28:19 UTC)\n",
    );
    fails(
        &[&log, "-o", "yaml"],
        "",
        "rscope: resource history: -o: invalid output 'yaml': give text or json\n",
    );
    fails(
        &["--until", "soon"],
        "{\"timestamp\": 1, \"name\": \"online\", \"context\": {\"idset\": \"0\"}}\n",
        "rscope: resource history: --until: invalid time 'soon': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)\n",
    );
    fails(
        &[],
        "\n",
        "rscope: resource history: <stdin> holds no resource events\n",
    );
}
