//! The `rscope` commands on the Flux samples and the RFC 20 example: the
//! parts of the CLI tests in tests/it/ that read a file under ../shared.

use crate::shared;
use crate::support::{rscope, rscope_env, Output};

/// Run `rscope shape ARGS`; expect exit status and standard output.
fn check(args: &[&str], status: i32, stdout: &str) -> Output {
    let mut full = vec!["shape"];
    full.extend_from_slice(args);
    let out = rscope(&full, "");
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (status, stdout),
        "args {args:?}, stderr {}",
        out.stderr
    );
    out
}

#[test]
fn summarizes_the_rfc20_example_from_a_file() {
    let path = shared("specs/rfc20-example1.json");
    let out = rscope(&["summary", path.to_str().unwrap()], "");
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "version 1\nnodes 4\ncores 192\ngpus 32\n".into(),
            stderr: String::new(),
        }
    );
}

#[test]
fn validate_renders_a_sample_with_its_caret() {
    let f = shared("samples/flux-core/job-list-R/invalid_version.R");
    let o = rscope(&["R", "validate", f.to_str().unwrap()], "");
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stdout,
        format!(
            "{}:2:14: error: unsupported version 999\n  \"version\": 999,\n             ^^^\n",
            f.display()
        )
    );
    let good = shared("samples/flux-core/job-list-R/1node_1core.R");
    let o = rscope(&["R", "validate", good.to_str().unwrap()], "");
    assert_eq!((o.status, o.stdout.as_str()), (0, ""));
}

#[test]
fn format_writes_the_rfc14_use_cases_as_shapes() {
    let path = |name: &str| {
        shared(&format!("specs/rfc14-use-cases/{name}"))
            .display()
            .to_string()
    };
    check(
        &["--label", "default", "--format", &path("use_case_1.2.yaml")],
        0,
        "slot=3-30/node\n",
    );
    check(
        &["--format", &path("use_case_1.2.yaml")],
        0,
        "slot=3-30{default}/node\n",
    );
    check(
        &["--format", &path("use_case_2.4.yaml")],
        0,
        "node/[slot=10{read-db}/[core;memory=4{unit:GB}];slot{db}/[core=6;memory=24{unit:GB}]]\n",
    );
}

/// Run `rscope fit ARGS`; expect exit status, standard output and error.
fn fit(args: &[&str], status: i32, stdout: &str, stderr: &str) {
    let mut full = vec!["fit"];
    full.extend_from_slice(args);
    let out = rscope(&full, "");
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (status, stdout, stderr),
        "args {args:?}"
    );
}

#[test]
fn fit_answers_now_later_never() {
    let sample = |name: &str| {
        shared(&format!("samples/flux-core/resource-list/{name}"))
            .display()
            .to_string()
    };
    let fluxion = sample("fluxion.json");
    // Ranks 0-1 have cores 2-3 allocated and rank 3 is down.
    fit(
        &["node=2/slot/core=2", &fluxion],
        0,
        "fits now: 2 slots on 2 nodes\nrank[0,2]/core[0-1]\n",
        "",
    );
    fit(
        &["--policy", "first", "node=2/slot/core=2", &fluxion],
        0,
        "fits now: 2 slots on 2 nodes\nrank[0-1]/core[0-1]\n",
        "",
    );
    fit(
        &["node=3{x}", &fluxion],
        3,
        "not now: node: need 3 nodes wholly free, 1 is; the whole R would hold it\n",
        "",
    );
    fit(
        &["node=5", &fluxion],
        4,
        "never: node: need 5 nodes wholly free, 4 are\n",
        "",
    );
    fit(
        &["slot=1+/core=2", &fluxion],
        0,
        "fits now: 4 slots on 3 nodes\nrank[0-1]/core[0-1] rank2/core[0-3]\n",
        "",
    );
    let fluke = sample("fluke.json");
    fit(&["node=90{x}/slot/core=4", &fluke], 3, "not now: node: need 90 nodes wholly free with 4 cores, 88 are; the whole R would hold it\n", "");
    let normal = sample("normal-new.json");
    fit(
        &["--requires", "8g", "node=4/slot/core", &normal],
        4,
        "never: node: need 4 nodes with 1 free core, 3 are\n",
        "",
    );
    fit(
        &[
            "--requires",
            r#"{"hostlist": ["pi[0-1]"]}"#,
            "node=1+/slot/core",
            &normal,
        ],
        0,
        "fits now: 2 slots on 2 nodes\nrank[1-2]/core0\n",
        "",
    );
    let example = shared("specs/rfc20-example1.json").display().to_string();
    fit(
        &["node=2/slot=2/[core=4;gpu=1]", &example],
        0,
        "fits now: 4 slots on 2 nodes\nrank[19-20]/core[0-7],gpu[0-1]\n",
        "",
    );
    fit(&["node/socket=2/core", &example], 1, "", "rscope: resource type 'socket': placing it needs a graph-aware scheduler (such as Fluxion)\n");
    fit(
        &["node{", &example],
        1,
        "",
        "rscope: unclosed brace '{' at column 5\n",
    );
    let out = rscope(&["fit", "--policy", "most", "node", &example], "");
    assert_eq!(out.status, 2);
    assert!(
        out.stderr
            .contains("unknown policy 'most' (worst, first or best)"),
        "{}",
        out.stderr
    );
}

#[test]
fn system_names_an_eventlog_and_a_job_list_with_what_they_hold() {
    let log = shared("samples/flux-core/resource-eventlog/thing2.eventlog");
    let jobs = shared("samples/flux-core/flux-jobs/returncode.jsonl");
    let r = shared("samples/flux-core/job-list-R/4node_4core.R");
    let paths: Vec<&str> = [&r, &log, &jobs]
        .iter()
        .map(|p| p.to_str().unwrap())
        .collect();
    let out = rscope(&[&["system"], &paths[..]].concat(), "");
    let want = format!(
        "{}: an R (RFC 20): resources\n\
         {}: an RFC 44 resource eventlog, 4611 events from 2023-05-02 17:17:51 UTC to 2024-05-02 14:42:23 UTC: node states and drain reasons, excluded ranks\n\
         {}: a job list (flux jobs --json), 6 jobs, 1 running: the allocation\n\
         resources: 4 nodes, node[1-4], 16 cores (from {})\n\
         excluded: ranks 0-2\n\
         drained, offline or torpid: ranks 1-3\n\
         running jobs: 1, on ranks 0-3\n\
         rank order: 0-3 are node[1-4]\n\
         finding: {}: job ƒqSczCuFV runs on ranks 1-3, offline or torpid\n\
         finding: {}: job ƒqSczCuFV's nodelist is asp,asp,asp,asp, but {} names its ranks 0-3 node[1-4]\n",
        paths[0], paths[1], paths[2], paths[0], paths[2], paths[2], paths[0]
    );
    // The job list's one running job is on a test system's host names
    // (asp), on ranks the eventlog leaves offline: both are findings.
    assert_eq!(
        (out.status, out.stdout.as_str(), out.stderr.as_str()),
        (1, want.as_str(), "")
    );
}

#[test]
fn thing2_replays_to_what_flux_resource_drain_printed() {
    let log = shared("samples/flux-core/resource-eventlog/thing2.eventlog");
    let log = log.to_str().unwrap();
    let out = rscope(
        &["resource", "replay", log, "--at", "2024-04-09T00:00:00Z"],
        "",
    );
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    assert_eq!(
        out.stdout,
        "{\"R\":{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-42\",\"children\":{}}],\"starttime\":0.0,\"expiration\":0.0}},\"drain\":{\"41-42\":{\"timestamp\":1709597345.0,\"reason\":\"Moving to another system\"}},\"online\":\"0-33,35-40\",\"offline\":\"34,41-42\",\"exclude\":\"0-2\",\"torpid\":\"\"}\n"
    );
    let drain = rscope(
        &["resource", "drain", "-o", "{ranks} {nodelist} {reason}"],
        &out.stdout,
    );
    assert_eq!(
        drain.stdout,
        "RANKS NODELIST REASON\n41-42 rank[41-42] Moving to another system\n"
    );
    // Just after the resource-init of 2024-04-08: its drain map (ranks
    // with one reason together), before 3-18,20 were undrained.
    let out = rscope(&["resource", "replay", log, "--at", "1712598700"], "");
    let drain = rscope(
        &["resource", "drain", "-o", "{ranks} {reason}"],
        &out.stdout,
    );
    assert_eq!(
        drain.stdout,
        "RANKS REASON\n3-5,7-18,20 nodediag failed cxi\n6 nodediag failed amdgpu\n41-42 Moving to another system\n"
    );
}

/// FNV-1a, 64 bits: a year of events is compared by digest, computed the
/// same way over what flux-core's `EventLogFormatter` printed for them.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn thing2_eventlog_prints_as_flux_resource_eventlog_did() {
    let log = shared("samples/flux-core/resource-eventlog/thing2.eventlog");
    let log = log.to_str().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["resource", "eventlog", log];
        all.extend_from_slice(args);
        rscope_env(&all, "", &[("TZ", "UTC"), ("NO_COLOR", "")])
    };
    // Digests of flux-core's own formatter's output (eventlog.py at
    // 4a5e79f, TZ=UTC) for each format; 4611 lines each.
    let cases: &[(&[&str], u64)] = &[
        (&[], 0xc345_8509_9016_a216),
        (&["-T", "iso"], 0x2577_1916_3dd7_4843),
        (&["-T", "offset"], 0x5d13_258e_a617_fa09),
        (&["-H"], 0xc065_c5b8_d630_fc95),
        (&["-f", "json"], 0x7d1f_da68_0f40_096e),
        (&["-HL"], 0xc008_0c6e_b6b7_8a5b),
    ];
    for (args, digest) in cases {
        let out = run(args);
        assert_eq!((out.status, out.stderr.as_str()), (0, ""), "{args:?}");
        assert_eq!(out.stdout.lines().count(), 4611, "{args:?}");
        assert_eq!(fnv1a(out.stdout.as_bytes()), *digest, "{args:?}");
    }
    assert!(run(&["-H"]).stdout.starts_with(
        "[May02 17:17] resource-init restart=false drain={} online=\"\" exclude=\"0-2\"\n\
         [  +0.000639] resource-define method=\"configuration\"\n\
         [  +1.952216] online idset=\"0\"\n"
    ));
    assert!(run(&["-T", "offset"])
        .stdout
        .ends_with("31613071.249483 offline idset=\"1\"\n"));
    let first_restart = run(&["-f", "json", "-w", "resource-init", "-m", "restart=true"]);
    assert_eq!(first_restart.stdout.lines().count(), 36);
    assert!(first_restart.stdout.ends_with(
        "{\"timestamp\":1683047907.3272793,\"name\":\"resource-init\",\"context\":{\"restart\":true,\"drain\":{},\"online\":\"\",\"exclude\":\"0-2\"}}\n"
    ));
}

/// thing2's year, cross-checked with an independent Python replay of the
/// same events (resource-init sets online, exclude and the drain map;
/// drain under overwrite 0 keeps a reason; time counted from the first
/// resource-init): "nodediag failed amdgpu" 146 drain events and
/// 5489.33 node-hours, "broker was unresponsive" 409 events; rank 3
/// drained 2 053 903 s, offline 1 431 224 s, 90.73 % available.
#[test]
fn thing2_history_per_reason_and_node() {
    let log = shared("samples/flux-core/resource-eventlog/thing2.eventlog");
    let log = log.to_str().unwrap();
    let out = rscope(&["resource", "history", log, "--by", "reason"], "");
    assert_eq!((out.status, out.stderr.as_str()), (0, ""));
    let head: Vec<&str> = out.stdout.lines().take(4).collect();
    assert_eq!(
        head,
        [
            "2023-05-02 17:17:51 UTC to 2024-05-02 14:42:23 UTC: 43 nodes, 75.78% available",
            "NODE-HOURS  TIMES  REASON",
            "   5489.33    146  nodediag failed amdgpu",
            "   5432.18    409  broker was unresponsive",
        ]
    );
    let out = rscope(&["resource", "history", log], "");
    let rank3 = out.stdout.lines().find(|l| l.starts_with("   3 "));
    assert_eq!(
        rank3,
        Some("   3        23d 18:31:43   16d 13:33:44      44    9d 00:59:49     90.73%")
    );
}
