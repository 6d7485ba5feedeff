//! The reader's forms and findings, and replays checked against what
//! flux-core's `drain.c` and `upgrade.c` compute.

use super::*;
use crate::resource::ResourceStatus;

const EVENTS: &str =
    include_str!("../../../../../../tests/fixtures/resource-eventlog/events.jsonl");
const R: &str = include_str!("../../../../../../tests/fixtures/resource-eventlog/R.json");

/// The payload of `text` replayed to `at` with `opts`, as compact JSON.
fn payload(text: &str, at: Option<f64>, r: Option<&str>) -> String {
    let log = read(text);
    let opts = ReplayOptions {
        at,
        r,
        exclude: None,
    };
    replay(&log, &opts).unwrap().to_json()
}

/// Each finding as `line:col: severity: message at pointer`.
fn findings(text: &str) -> Vec<String> {
    let log = read(text);
    let replayed = replay(&log, &ReplayOptions::default()).unwrap();
    (log.findings.iter().chain(&replayed.findings))
        .map(|d| {
            let at = crate::diag::line_col(text, d.span.start);
            format!(
                "{}:{}: {}: {} at {:?}",
                at.line, at.col, d.severity, d.message, d.pointer
            )
        })
        .collect()
}

#[test]
fn every_form_reads_the_same_events() {
    let lines = read(EVENTS);
    assert_eq!(lines.findings, []);
    assert_eq!(lines.events.len(), 12);
    let values: Vec<serde_json::Value> = EVENTS
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let array = serde_json::to_string_pretty(&values).unwrap();
    let journal: String = values
        .iter()
        .map(|v| serde_json::to_string_pretty(&serde_json::json!({"events": [v]})).unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    let names = |log: &ResourceEventlog| -> Vec<(f64, String)> {
        log.events
            .iter()
            .map(|e| (e.timestamp, e.name.to_string()))
            .collect()
    };
    for other in [read(&array), read(&journal)] {
        assert_eq!(other.findings, []);
        assert_eq!(names(&other), names(&lines));
        let kinds: Vec<_> = other.events.iter().map(|e| &e.kind).collect();
        assert_eq!(
            kinds,
            lines.events.iter().map(|e| &e.kind).collect::<Vec<_>>()
        );
    }
    assert_eq!(read(&journal).events[3].pointer, "/events/0");
    assert_eq!(read(&array).events[3].pointer, "/3");
}

#[test]
fn the_journal_s_r_is_the_instance_s() {
    let journal = format!(
        "{{\"events\": [{{\"timestamp\": 5.5, \"name\": \"resource-define\", \"context\": {{\"method\": \"kvs\"}}}}], \"R\": {R}}}\n{{\"events\": []}}\n"
    );
    assert_eq!(
        payload(&journal, None, None),
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-3\",\"children\":{\"core\":\"0-3\"}}],\"starttime\":0,\"expiration\":0,\"nodelist\":[\"test0\",\"test2\",\"test1\",\"test3\"]}},\"drain\":{},\"online\":\"\",\"offline\":\"0-3\",\"exclude\":\"\",\"torpid\":\"\"}\n"
    );
}

#[test]
fn drains_follow_overwrite_and_hosts_that_move() {
    // Before the second restart: overwrite 1 kept rank 1's time and took
    // the new reason; overwrite 2 took rank 2's time, rounded.
    assert_eq!(
        payload(EVENTS, Some(1738092250.0), None),
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-3\",\"children\":{}}],\"starttime\":0.0,\"expiration\":0.0,\"nodelist\":[\"test[0-3]\"]}},\"drain\":{\"1\":{\"timestamp\":1738091800.0,\"reason\":\"maintenance\"},\"2\":{\"timestamp\":1738092201.0,\"reason\":\"reboot\"}},\"online\":\"0-2\",\"offline\":\"3\",\"exclude\":\"\",\"torpid\":\"3\"}\n"
    );
    // After it, test1 and test2 swapped ranks: the drains follow their
    // hosts, and the last drain, written with the old map, finds test2.
    assert_eq!(
        payload(EVENTS, None, Some(R)),
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-3\",\"children\":{\"core\":\"0-3\"}}],\"starttime\":0,\"expiration\":0,\"nodelist\":[\"test0\",\"test2\",\"test1\",\"test3\"]}},\"drain\":{\"1\":{\"timestamp\":1738092500.0,\"reason\":\"old map\"},\"2\":{\"timestamp\":1738091800.0,\"reason\":\"maintenance\"}},\"online\":\"0-2\",\"offline\":\"3\",\"exclude\":\"\",\"torpid\":\"\"}\n"
    );
}

#[test]
fn overwrite_zero_keeps_a_reason_and_ranks_with_one_reason_share_an_entry() {
    let log = "{\"timestamp\":10.2,\"name\":\"restart\",\"context\":{\"ranks\":\"0-3\",\"online\":\"0-3\",\"nodelist\":\"n[0-3]\"}}\n\
        {\"timestamp\":20.4,\"name\":\"drain\",\"context\":{\"idset\":\"0-1\",\"nodelist\":\"n[0-1]\",\"reason\":\"a\",\"overwrite\":0}}\n\
        {\"timestamp\":30,\"name\":\"drain\",\"context\":{\"idset\":\"1-2\",\"nodelist\":\"n[1-2]\",\"overwrite\":0}}\n\
        {\"timestamp\":40,\"name\":\"drain\",\"context\":{\"idset\":\"2\",\"nodelist\":\"n2\",\"reason\":\"a\",\"overwrite\":0}}\n";
    // Rank 1 kept "a" (overwrite 0); rank 2, drained with no reason, took
    // "a" and kept its time.
    let p = payload(log, None, None);
    assert!(
        p.contains("\"drain\":{\"0-1\":{\"timestamp\":20.0,\"reason\":\"a\"},\"2\":{\"timestamp\":30.0,\"reason\":\"a\"}}"),
        "{p}"
    );
}

#[test]
fn resource_init_resets_the_state_and_excluded_ranks_are_undrained() {
    let log = "{\"timestamp\":1,\"name\":\"drain\",\"context\":{\"idset\":\"4\",\"reason\":\"gone\"}}\n\
        {\"timestamp\":2,\"name\":\"resource-init\",\"context\":{\"restart\":true,\"drain\":{\"1,3\":{\"timestamp\":1.6,\"reason\":\"x\"},\"0\":{\"timestamp\":1.2}},\"online\":\"1\",\"exclude\":\"0\"}}\n\
        {\"timestamp\":3,\"name\":\"online\",\"context\":{\"idset\":\"2\"}}\n\
        {\"timestamp\":4,\"name\":\"undrain\",\"context\":{\"idset\":\"3\"}}\n";
    assert_eq!(findings(log), Vec::<String>::new());
    assert_eq!(
        payload(log, None, None),
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-4\",\"children\":{}}],\"starttime\":0.0,\"expiration\":0.0}},\"drain\":{\"1\":{\"timestamp\":2.0,\"reason\":\"x\"}},\"online\":\"1-2\",\"offline\":\"0,3-4\",\"exclude\":\"0\",\"torpid\":\"\"}\n"
    );
}

#[test]
fn bad_input_is_named_at_its_line_and_the_rest_is_read() {
    let text = "{\"timestamp\":5,\"name\":\"restart\",\"context\":{\"ranks\":\"0-1\",\"online\":\"0\",\"nodelist\":\"n[0-1]\"}}\n\
        {\"timestamp\":6,\"name\":\"drain\",\n\
        {\"timestamp\":4,\"name\":\"frobnicate\"}\n\
        {\"timestamp\":7,\"name\":\"drain\",\"context\":{\"idset\":\"1-3\",\"nodelist\":\"n[1-3]\",\"reason\":\"r\",\"overwrite\":0}}\n\
        {\"timestamp\":8,\"name\":\"undrain\",\"context\":{\"nodelist\":\"n1\"}}\n\
        {\"timestamp\":8,\"name\":\"undrain\",\"context\":{\"idset\":\"0\"}}\n\
        {\"timestamp\":9,\"name\":\"online\",\"context\":{\"idset\":\"1-x\"}}\n\
        {\"timestamp\":10,\"name\":\"torpid\",\"context\":{\"idset\":\"0-2000000\"}}\n\
        [{\"timestamp\":11,\"name\":\"offline\",\"context\":{\"idset\":7}}]\n";
    assert_eq!(
        findings(text),
        [
            "2:1: error: not JSON: key must be a string at \"\"",
            "3:1: warning: timestamp 4 is earlier than the previous event's 5 at \"/timestamp\"",
            "3:1: note: unknown event 'frobnicate' (RFC 44 has none of that name): kept, not replayed at \"/name\"",
            "5:1: error: the undrain event's context has no 'idset' at \"/context\"",
            "6:1: warning: the undrain event's context has no 'nodelist' (RFC 44 requires it since flux-core 0.62) at \"/context\"",
            "7:1: error: 'idset' is not an RFC 22 idset ('1-x'): unexpected character 'x' at column 3 at \"/context/idset\"",
            "8:1: error: 'idset' names ranks from 1048576 up, beyond what a replay follows: they are left out at \"/context/idset\"",
            "9:1: error: 'idset' must be a string at \"/0/context/idset\"",
            "4:1: note: hosts n[2-3] no longer in the instance's nodelist: left out of the drain at \"/context/nodelist\"",
            "8:1: warning: ranks 2-1048575 are outside the instance (ranks 0-1): left out at \"/context/idset\"",
        ]
    );
}

#[test]
fn a_time_is_seconds_an_iso_8601_time_or_an_offset() {
    let (first, last) = (Some(1000.0), Some(1_714_660_943.0));
    let at = |t: &str| parse_instant(t, first, last);
    assert_eq!(at("1683047871.5"), Ok(1683047871.5));
    assert_eq!(at("2024-04-09T00:00:00Z"), Ok(1712620800.0));
    assert_eq!(at("2024-04-09 02:00:30.5+02:00"), Ok(1712620830.5));
    assert_eq!(at("2024-04-09"), Ok(1712620800.0));
    assert_eq!(at("-3d"), Ok(1_714_660_943.0 - 3.0 * 86_400.0));
    assert_eq!(at("+1.5h"), Ok(1000.0 + 5400.0));
    assert_eq!(at("-90"), Ok(1_714_660_943.0 - 90.0));
    assert_eq!(
        at("yesterday"),
        Err("invalid time 'yesterday': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)".into())
    );
    assert!(at("2024-02-30").is_err());
    assert_eq!(
        parse_instant("-1d", None, None),
        Err("'-1d' counts from the last event, and there is none".into())
    );
}

#[test]
fn resource_eventlogs_are_told_from_their_start_in_every_form() {
    use super::looks_like_resource_eventlog as looks;
    let line = r#"{"timestamp": 1, "name": "drain", "context": {"idset": "0"}}"#;
    assert!(looks(&format!("{line}\n")));
    assert!(looks(&format!("[\n  {line}\n]")));
    assert!(looks(&format!(r#" {{"events": [{line}], "R": null}}"#)));
    assert!(looks(
        r#"[{"name": "online", "timestamp": 2, "context": {}}]"#
    ));
    // A job's eventlog, an R, a status payload whose R comes first, text.
    assert!(!looks(
        "{\"timestamp\": 1, \"name\": \"submit\", \"context\": {}}\n"
    ));
    assert!(!looks(r#"{"version": 1, "execution": {"R_lite": []}}"#));
    assert!(!looks(r#"{"R": {}, "events": []}"#));
    assert!(!looks("[1, 2]"));
    assert!(!looks(""));
}

/// `json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)`.
fn dumps(text: &str) -> String {
    let mut out = String::new();
    pyvalue::PyValue::loads(text).unwrap().dump(&mut out);
    out
}

#[test]
fn values_print_as_python_json_dumps_does() {
    assert_eq!(dumps("-0"), "0");
    assert_eq!(dumps("-0.0"), "-0.0");
    assert_eq!(dumps("1E2"), "100.0");
    assert_eq!(dumps("1.5e-7"), "1.5e-07");
    assert_eq!(dumps("1e16"), "1e+16");
    assert_eq!(
        dumps("123456789012345678901234567890"),
        "123456789012345678901234567890"
    );
    assert_eq!(dumps("NaN"), "NaN");
    assert_eq!(dumps(" -Infinity "), "-Infinity");
    assert_eq!(
        dumps(r#"{"b": [1, 2.50, true, null], "a": "\u00e9\n\u0001\u007f\"\\", "b": {}}"#),
        "{\"b\":{},\"a\":\"é\\n\\u0001\u{7f}\\\"\\\\\"}"
    );
    assert_eq!(pyvalue::PyValue::loads("{"), None);
}

#[test]
fn values_compare_as_python_compares_them() {
    let v = |t: &str| pyvalue::PyValue::loads(t).unwrap();
    assert!(v("1").py_eq(&v("1.0")));
    assert!(v("true").py_eq(&v("1")));
    assert!(!v("true").py_eq(&v("\"true\"")));
    assert!(v("[1, {\"a\": 0}]").py_eq(&v("[1.0, {\"a\": false}]")));
    assert!(v("{\"a\": 1, \"b\": 2}").py_eq(&v("{\"b\": 2, \"a\": 1}")));
    assert!(!v("12345678901234567890123").py_eq(&v("1.2345678901234568e22")));
    assert!(v("4").py_eq(&v("4e0")));
    assert_eq!(v("\" 1_000.5 \"").to_float(), Some(1000.5));
    assert_eq!(v("\"1__0\"").to_float(), None);
    assert_eq!(v("null").to_float(), None);
}

#[test]
fn match_context_reads_and_matches_as_kvargs() {
    let mut m = MatchContext::default();
    assert_eq!(
        m.push("noequals"),
        Err("invalid KEY=VAL argument: 'noequals' (missing '=')".to_string())
    );
    assert_eq!(
        m.push("=val"),
        Err("invalid KEY=VAL argument: '=val' (empty key)".to_string())
    );
    let ctx = |t: &str| match pyvalue::PyValue::loads(t).unwrap() {
        pyvalue::PyValue::Dict(d) => d,
        _ => unreachable!("a test context is an object"),
    };
    m.push("idset=\"0\"").unwrap();
    m.push("reason=testing").unwrap();
    assert!(m.matches(&ctx(r#"{"idset": "0", "reason": "testing", "x": 1}"#)));
    assert!(!m.matches(&ctx(r#"{"idset": "0"}"#)));
    let mut f = MatchContext::default();
    f.push("expiration=100.000001").unwrap();
    assert!(f.matches(&ctx(r#"{"expiration": 100.0}"#)));
    assert!(!f.matches(&ctx(r#"{"expiration": 100}"#)));
    f.push("expiration=\"100.00002\"").unwrap();
    assert!(!f.matches(&ctx(r#"{"expiration": 100.0}"#)));
    let mut n = MatchContext::default();
    n.push("missing=null").unwrap();
    assert!(n.matches(&ctx("{}")));
    assert!(MatchContext::default().matches(&ctx("{}")));
}

#[test]
fn timeouts_read_as_flux_standard_durations() {
    assert_eq!(parse_timeout("0.5"), Ok(0.5));
    assert_eq!(parse_timeout("5ms"), Ok(0.005));
    assert_eq!(parse_timeout("2m"), Ok(120.0));
    assert_eq!(parse_timeout("1.5h"), Ok(5400.0));
    assert_eq!(parse_timeout("1d"), Ok(86_400.0));
    assert_eq!(parse_timeout("INFINITY"), Ok(f64::INFINITY));
    let invalid = Err("invalid Flux standard duration".to_string());
    for bad in ["notanumber", "-1", "Inf", "", "s", "1x", "nan"] {
        assert_eq!(parse_timeout(bad), invalid, "{bad}");
    }
    assert_eq!(TimeFormat::parse("reltime"), Some(TimeFormat::Human));
    assert_eq!(TimeFormat::parse("local"), None);
}

#[test]
fn printing_sorts_drops_time_zero_and_reports_errors() {
    let text = "{\"timestamp\": 3.5, \"name\": \"b\", \"context\": {}}\n\
                {\"timestamp\": 0, \"name\": \"zero\"}\n\
                {\"timestamp\": 2, \"name\": \"a\", \"context\": {\"n\": 1.0}}\n";
    let opts = PrintOptions {
        format: EventFormat::Json,
        time: TimeFormat::Raw,
        color: false,
        include: None,
        wait: None,
        match_context: MatchContext::default(),
    };
    let p = print("t", text, &read(text), &opts);
    assert_eq!(
        (p.stdout.as_str(), p.stderr.as_str(), p.code),
        (
            "{\"timestamp\":2,\"name\":\"a\",\"context\":{\"n\":1.0}}\n{\"timestamp\":3.5,\"name\":\"b\"}\n",
            "",
            0
        )
    );
    let far = "{\"timestamp\": 1e300, \"name\": \"far\"}\n";
    let iso = PrintOptions {
        format: EventFormat::Text,
        time: TimeFormat::Iso,
        ..opts
    };
    let p = print("t", far, &read(far), &iso);
    assert_eq!(p.code, 1);
    assert!(
        p.stderr.starts_with("flux-resource: ERROR: "),
        "{}",
        p.stderr
    );
}

#[test]
fn include_without_a_restart_takes_ranks_as_given_and_hosts_by_nodelist() {
    // The KVS eventlog holds no restart, so no hostlist maps the targets.
    let text = "{\"timestamp\": 1, \"name\": \"drain\", \"context\": {\"idset\": \"7\", \"nodelist\": \"n7\", \"reason\": \"x\"}}\n\
                {\"timestamp\": 2, \"name\": \"online\", \"context\": {\"idset\": \"7-8\"}}\n";
    let shown = |include: &str| {
        let opts = PrintOptions {
            format: EventFormat::Text,
            time: TimeFormat::Raw,
            color: false,
            include: Some(include.to_string()),
            wait: None,
            match_context: MatchContext::default(),
        };
        let p = print("t", text, &read(text), &opts);
        (p.stdout, p.stderr, p.code)
    };
    let both = "   1.000000 drain idset=\"7\" nodelist=\"n7\" reason=\"x\"\n   2.000000 online idset=\"7-8\"\n";
    assert_eq!(shown("7"), (both.to_string(), String::new(), 0));
    assert_eq!(shown("8").0, "   2.000000 online idset=\"7-8\"\n");
    assert_eq!(
        shown("n7").0,
        "   1.000000 drain idset=\"7\" nodelist=\"n7\" reason=\"x\"\n"
    );
    assert_eq!(shown("n9"), (String::new(), String::new(), 0));
}

/// Ten thousand events of 64 ranks, seeded: drains with every
/// `overwrite`, undrains, offline, online, torpid, restarts, and now and
/// then a time that goes back.
fn seeded_log() -> String {
    use std::fmt::Write;
    let mut text = String::from(
        "{\"timestamp\": 0, \"name\": \"restart\", \"context\": {\"ranks\": \"0-63\", \"online\": \"0-63\", \"nodelist\": \"n[0-63]\"}}\n",
    );
    let mut seed: u64 = 7;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let mut t = 0.0;
    for i in 0..10_000 {
        // Now and then an event whose time goes back.
        t += if next(50) == 0 {
            -30.0
        } else {
            next(100) as f64
        };
        let rank = next(64);
        let (name, ctx) = match next(5) {
            0 => (
                "drain",
                format!(
                    "{{\"idset\": \"{rank}\", \"nodelist\": \"n{rank}\", \"reason\": \"r{}\", \"overwrite\": {}}}",
                    next(4),
                    next(3)
                ),
            ),
            1 => ("undrain", format!("{{\"idset\": \"{rank}\"}}")),
            2 => ("offline", format!("{{\"idset\": \"{rank}\"}}")),
            3 => ("online", format!("{{\"idset\": \"{rank}\"}}")),
            _ if i % 2000 == 0 => (
                "restart",
                "{\"ranks\": \"0-63\", \"online\": \"0-31\", \"nodelist\": \"n[0-63]\"}"
                    .to_string(),
            ),
            _ => ("torpid", format!("{{\"idset\": \"{rank}\"}}")),
        };
        let _ = writeln!(
            text,
            "{{\"timestamp\": {t}, \"name\": \"{name}\", \"context\": {ctx}}}"
        );
    }
    text
}

#[test]
fn a_replayer_answers_every_instant_as_a_replay_from_the_first_event_does() {
    let log = std::rc::Rc::new(read(&seeded_log()));
    let replayer = Replayer::new(log.clone(), &ReplayOptions::default()).unwrap();
    assert!(replayer.take_history().is_none());
    let last = log.events.last().unwrap().timestamp;
    let mut instants: Vec<Option<f64>> = (0..60)
        .map(|i| Some(last * i as f64 / 59.0 - 10.0))
        .collect();
    instants.extend([None, Some(-1.0), Some(log.events[5000].timestamp)]);
    for at in instants {
        let opts = ReplayOptions {
            at,
            ..ReplayOptions::default()
        };
        let replayed = replay(&log, &opts).unwrap();
        assert_eq!(replayer.at(at), replayed, "at {at:?}");
        let (made, applied) = replayer.status_at(at);
        let read = ResourceStatus::from_text(&replayed.to_json()).unwrap();
        assert_eq!(applied, replayed.applied);
        assert_eq!(status_seen(&made), status_seen(&read), "at {at:?}");
    }
}

#[test]
fn a_replayer_counts_in_its_pass_the_figures_history_counts_alone() {
    let log = std::rc::Rc::new(read(&seeded_log()));
    let mid = log.events[5000].timestamp;
    let ranges = [
        (None, None, false),
        (None, Some(mid), false),
        (Some(mid), None, true),
    ];
    for (since, until, group_reasons) in ranges {
        let opts = HistoryOptions {
            since,
            until,
            group_reasons,
            chart_columns: Some(40),
            ..HistoryOptions::default()
        };
        let replayer =
            Replayer::with_history(log.clone(), &ReplayOptions::default(), &opts).unwrap();
        let alone = history(&log, &opts);
        assert_eq!(replayer.take_history(), Some(alone), "{since:?} {until:?}");
        assert_eq!(replayer.take_history(), None, "taken once");
        assert_eq!(
            replayer.at(Some(mid)),
            replay(
                &log,
                &ReplayOptions {
                    at: Some(mid),
                    ..ReplayOptions::default()
                }
            )
            .unwrap()
        );
    }
    let opts = HistoryOptions::default();
    let refused = Replayer::with_history(
        log.clone(),
        &ReplayOptions::default(),
        &HistoryOptions {
            since: Some(mid + 10.0),
            until: Some(mid),
            ..opts
        },
    );
    assert!(
        matches!(refused.unwrap().take_history(), Some(Err(e)) if e.starts_with("the range ends ("))
    );
}

/// What a status answers for the grid's node states and drain table.
fn status_seen(s: &ResourceStatus) -> String {
    format!(
        "{:?}",
        (
            [&s.all, &s.avail, &s.offline, &s.online, &s.exclude, &s.torpid],
            [&s.drained, &s.draining],
            s.drain_rows(),
            &s.hosts
        )
    )
}

#[test]
fn a_status_made_from_the_replay_is_the_payload_read_back_with_an_r_or_without() {
    let with_r = r#"{"events": [
        {"timestamp": 1, "name": "restart", "context": {"ranks": "0-3", "online": "0-2", "nodelist": "a,b,c,d"}},
        {"timestamp": 2.6, "name": "drain", "context": {"idset": "1-2", "reason": "x", "overwrite": 0}},
        {"timestamp": 3, "name": "drain", "context": {"idset": "3", "overwrite": 0}}],
        "R": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-1"}}],
          "nodelist": ["a,b,c,d"], "starttime": 0, "expiration": 0}}}"#;
    let short_map = "{\"timestamp\": 1, \"name\": \"restart\", \"context\": {\"ranks\": \"0-3\", \"online\": \"0-3\", \"nodelist\": \"a,b\"}}\n{\"timestamp\": 2, \"name\": \"drain\", \"context\": {\"idset\": \"0\", \"reason\": \"y\", \"overwrite\": 0}}\n";
    for text in [with_r, short_map] {
        let log = std::rc::Rc::new(read(text));
        let replayer = Replayer::new(log.clone(), &ReplayOptions::default()).unwrap();
        let replayed = replayer.at(None);
        let read = ResourceStatus::from_text(&replayed.to_json()).unwrap();
        assert_eq!(status_seen(&replayer.status_at(None).0), status_seen(&read));
    }
}
