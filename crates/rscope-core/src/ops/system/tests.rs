//! The system model over flux-core's and flux-sched's own test documents
//! (the fixtures under `tests/fixtures`, with their origins noted there).

use super::*;

const R_FOO: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["foo[1-4]"]}}"#;
const DRAIN: &str = include_str!("../../../../../tests/fixtures/flux-resource/status/drain.json");
const LIST: &str = include_str!("../../../../../tests/fixtures/flux-resource/list/fluke.json");
const POWER: &str = include_str!("../../../../../tests/fixtures/jgf/power.json");
const TOPOLOGY: &str =
    include_str!("../../../../../tests/fixtures/hwloc/pack2-numa2-core6-pu2.xml");
const CONFIG: &str = include_str!("../../../../../tests/fixtures/config/tiny/00-resource.toml");
const BOOTSTRAP: &str = include_str!("../../../../../tests/fixtures/config/tiny/10-bootstrap.toml");

/// The words of a fit of `shape` into the system of `docs`, or its refusal.
fn fit(docs: &[(&str, &str)], shape: &str) -> String {
    match System::read(docs).fit(shape, None, Policy::Worst) {
        Ok(a) => a.words,
        Err(FitError::Other(why)) => why,
        Err(FitError::Shape(e)) => e.to_string(),
    }
}

#[test]
fn each_kind_is_recognised_by_its_content() {
    let docs = [
        ("r.json", R_FOO),
        ("drain.json", DRAIN),
        ("fluke.json", LIST),
        ("power.json", POWER),
        ("node.xml", TOPOLOGY),
        ("00-resource.toml", CONFIG),
        ("notes.txt", "hello"),
        ("other.json", r#"{"a": 1}"#),
    ];
    let kinds: Vec<DocKind> = docs
        .iter()
        .map(|d| System::read(&[*d]).documents[0].kind)
        .collect();
    use DocKind::*;
    assert_eq!(
        kinds,
        [
            R,
            StatusPayload,
            ListPayload,
            Graph,
            Topology,
            Config,
            Unread,
            Unread
        ]
    );
}

#[test]
fn fit_runs_on_every_kind_that_has_resources() {
    let answers: Vec<String> = [
        (("drain.json", DRAIN), "node=2/core=4"),
        (("fluke.json", LIST), "node=2/core=4"),
        (("power.json", POWER), "node=2/core=2"),
        (("node.xml", TOPOLOGY), "node=1/core=12"),
        (("00-resource.toml", CONFIG), "node=2/core=4"),
    ]
    .iter()
    .map(|(d, shape)| fit(&[*d], shape))
    .collect();
    assert_eq!(
        answers,
        [
            // foo1 and foo2 are drained: the other two take it.
            "fits now: 2 nodes, foo[3-4], 8 cores",
            "fits now: 2 nodes, fluke[3-4], 8 cores",
            "fits now: 2 nodes, node[0-1], 4 cores",
            "fits now: 1 node, localhost, 12 cores",
            // tiny4 is rank 0 as [bootstrap] hosts would rank it, but this
            // configuration has no [bootstrap]: name order.
            "fits now: 2 nodes, tiny[1-2], 8 cores",
        ]
    );
}

#[test]
fn a_system_without_resources_says_what_to_open() {
    let answers = [
        fit(&[("10-bootstrap.toml", BOOTSTRAP)], "node=1"),
        fit(&[], "node=1"),
    ];
    let want = "fit needs resources: open an R, a payload, a graph, a topology or a \
                configuration with [resource] config";
    assert_eq!(answers, [want, want]);
}

#[test]
fn a_bootstrap_only_configuration_gives_the_rank_order() {
    let system = System::read(&[("10-bootstrap.toml", BOOTSTRAP)]);
    assert_eq!(
        system.describe(),
        "10-bootstrap.toml: a system configuration: the rank order\n\
         resources: none\n\
         rank order: 0-3 are tiny[4,1-3]\n"
    );
}

/// An R of tiny[1-4] ranked in name order, where `[bootstrap] hosts`
/// makes tiny4 rank 0.
const R_TINY: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}}"#;

/// A status payload of the same four nodes, rank 2 offline and rank 7
/// (which no document has) drained.
const STATUS_TINY: &str = r#"{"R":{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}},"online":"0-1,3","offline":"2","exclude":"","torpid":"","drain":{"7":{"reason":"bad","timestamp":1607544031.0}}}"#;

#[test]
fn the_documents_of_one_system_merge_with_findings_where_they_disagree() {
    let docs = [
        ("status.json", STATUS_TINY),
        ("R.json", R_TINY),
        ("00-resource.toml", CONFIG),
        ("10-bootstrap.toml", BOOTSTRAP),
    ];
    let system = System::read(&docs);
    assert_eq!(
        system.describe(),
        "status.json: a flux resource status payload: resources, node states and drain reasons\n\
         R.json: an R (RFC 20): resources\n\
         00-resource.toml: a system configuration: resources\n\
         10-bootstrap.toml: a system configuration: the rank order\n\
         resources: 4 nodes, tiny[1-4], 16 cores (from R.json)\n\
         drained, offline or torpid: ranks 2\n\
         rank order: 0-3 are tiny[4,1-3]\n\
         finding: status.json: drained ranks 7 are not in R.json's resources\n\
         finding: R.json: its hosts are out of [bootstrap] hosts order: tiny1 is rank 0 here and rank 1 by [bootstrap] hosts\n\
         finding: [resource] config differs from R.json's resources: rank 0 is tiny4 against tiny1\n"
    );
    // Rank 2 (tiny3) is offline: three nodes are left.
    assert_eq!(
        fit(&docs, "node=3/core=4"),
        "fits now: 3 nodes, tiny[1-2,4], 12 cores"
    );
    assert_eq!(
        fit(&docs, "node=4/core=4"),
        "not now: 3 of 4 nodes have 4 free cores"
    );
}

#[test]
fn documents_of_two_systems_say_so() {
    let system = System::read(&[
        ("r.json", R_FOO),
        ("tiny.toml", CONFIG),
        ("drain.json", DRAIN),
    ]);
    assert_eq!(
        system.findings,
        ["[resource] config differs from r.json's resources: rank 0 is tiny1 against foo1"]
    );
}

#[test]
fn a_configuration_is_told_from_other_documents_by_its_content() {
    let told: Vec<bool> = [
        CONFIG,
        BOOTSTRAP,
        r#"{"queues": {"debug": {"requires": ["debug"]}}}"#,
        R_FOO,
        DRAIN,
        TOPOLOGY,
        "[other]\nkey = 1\n",
        "[resource\n",
        "",
    ]
    .iter()
    .map(|t| is_configuration(t))
    .collect();
    assert_eq!(
        told,
        [true, true, true, false, false, false, false, false, false]
    );
}

/// flux-sched's `t/data/resource/expected/find-format/rv1_nosched.expected`
/// (LGPL-3.0), reformatted: what `find --format=rv1_nosched` writes for
/// node cab1234. Its entry has no rank, so flux refuses it as an R.
const FIND_RV1: &str = r#"{"version": 1, "execution": {"R_lite": [{"children": {"core": "0-15"}}], "nodelist": ["cab1234"]}}"#;

#[test]
fn fluxion_find_output_gives_its_nodes_in_order() {
    let system = System::read(&[("find.json", FIND_RV1)]);
    assert_eq!(
        system.describe(),
        "find.json: Fluxion's find --format=rv1 output (nodes ranked in order): resources\n\
         resources: 1 node, cab1234, 16 cores (from find.json)\n\
         rank order: 0 is cab1234\n"
    );
    assert_eq!(
        fit(&[("find.json", FIND_RV1)], "node=1/core=4"),
        "fits now: 1 node, cab1234, 4 cores"
    );
    let broken = FIND_RV1.replace(r#""core": "0-15""#, r#""core": "x""#);
    let read = &System::read(&[("find.json", &broken)]).documents[0];
    // A find output with another error is refused as flux refuses it.
    assert_eq!(read.line(), "find.json: an R (RFC 20) (missing key 'rank')");
}

/// flux-sched's `t/data/resource/expected/find-format/jgf.expected.json`
/// (LGPL-3.0), cut to four of its sixteen cores: what `find
/// --format=jgf` writes for node cab1234. No vertex has a rank.
const FIND_JGF: &str = r#"{"graph": {"nodes": [{"id": "2", "metadata": {"type": "core", "id": 0, "exclusive": true, "paths": {"containment": "/cluster0/cab1234/core0"}}}, {"id": "3", "metadata": {"type": "core", "id": 1, "exclusive": true, "paths": {"containment": "/cluster0/cab1234/core1"}}}, {"id": "4", "metadata": {"type": "core", "id": 2, "exclusive": true, "paths": {"containment": "/cluster0/cab1234/core2"}}}, {"id": "5", "metadata": {"type": "core", "id": 3, "exclusive": true, "paths": {"containment": "/cluster0/cab1234/core3"}}}, {"id": "1", "metadata": {"type": "node", "basename": "cab", "id": 1234, "exclusive": true, "paths": {"containment": "/cluster0/cab1234"}}}, {"id": "0", "metadata": {"type": "cluster", "id": 0, "exclusive": true, "paths": {"containment": "/cluster0"}}}], "edges": [{"source": "1", "target": "2"}, {"source": "1", "target": "3"}, {"source": "1", "target": "4"}, {"source": "1", "target": "5"}, {"source": "0", "target": "1"}]}}"#;

#[test]
fn fluxion_find_jgf_output_gives_its_nodes_in_order() {
    let system = System::read(&[("find.json", FIND_JGF)]);
    assert_eq!(
        system.describe(),
        "find.json: a resource graph (RFC 40 JGF): resources, the resource graph\n\
         resources: 1 node, cab1234, 4 cores (from find.json)\n\
         rank order: 0 is cab1234\n"
    );
    let notes: Vec<String> = (make_report(FIND_JGF).findings.iter())
        .map(|f| f.message.clone())
        .filter(|m| m.starts_with("no node"))
        .collect();
    assert_eq!(notes, [crate::report::RANKED_IN_ORDER_NOTE]);
    // A graph whose nodes have ranks keeps them.
    let ranked = FIND_JGF.replace(r#""type": "node","#, r#""type": "node", "rank": 7,"#);
    let system = System::read(&[("ranked.json", &ranked)]);
    assert_eq!(system.rank_order(), Some(vec![(7, "cab1234".to_string())]));
}

/// What `flux resource status` (default format), `drain` and `list`
/// print for the system of `docs`, with the notes of made payloads.
fn printed(docs: &[(&str, &str)]) -> String {
    use crate::resource::{list, status, ListOptions, StatusOptions};
    let p = match resource_payloads(docs) {
        Ok(p) => p,
        Err(why) => return why,
    };
    let default = StatusOptions {
        format: "default".into(),
        ..StatusOptions::default()
    };
    // The drain listing without its time, which is local time: another
    // test sets the time zone of the whole process.
    let drain = StatusOptions {
        format: "{state:<8} {reason:<14} {nodelist}".into(),
        states: Some("drain".into()),
        skip_empty: true,
        drain_listing: true,
        ..StatusOptions::default()
    };
    let listing = ListOptions {
        states: "free,allocated,down".into(),
        format: "default".into(),
        ..ListOptions::default()
    };
    let notes = format!("{:?} {:?}\n", p.status_note, p.list_note);
    let outputs = [
        status(&p.status, &default),
        status(&p.status, &drain),
        list(&p.list, &listing),
    ];
    outputs
        .iter()
        .fold(notes, |all, o| all + &o.stdout + &o.stderr)
}

#[test]
fn flux_resource_prints_for_every_kind_of_system() {
    // Notes of made payloads: (status, list).
    const NONE_OPEN: &str = "Some(\"no flux resource payload is open: this reads the system's resources with every node online and free\")";
    assert_eq!(
        printed(&[("r.json", R_FOO)]),
        format!("{NONE_OPEN} {NONE_OPEN}\n")
            + r#"       STATEUP NNODES NODELIST
       avail ✔      4 foo[1-4]
STATE    REASON         NODELIST
     STATE NNODES NCORES NGPUS NODELIST
      free      4     16     0 foo[1-4]
 allocated      0      0     0 
      down      0      0     0 
"#,
        "r.json"
    );
    assert_eq!(
        printed(&[("drain.json", DRAIN)]),
        String::from("None Some(\"no list payload is open: the nodes the status payload says cannot run a job read as down, and nothing as allocated\")\n") + r#"       STATEUP NNODES NODELIST
       avail ✔      2 foo[3-4]
     drained ✔      2 foo[1-2]
STATE    REASON         NODELIST
drained  bad node       foo1
drained  testing drain  foo2
     STATE NNODES NCORES NGPUS NODELIST
      free      2      8     0 foo[3-4]
 allocated      0      0     0 
      down      2      8     0 foo[1-2]
"#,
        "drain.json"
    );
    assert_eq!(
        printed(&[("fluke.json", LIST)]),
        String::from("Some(\"no status payload is open: the list payload's down nodes read as offline, and no node as drained\") None\n") + r#"       STATEUP NNODES NODELIST
       avail ✔     88 fluke[3-16,19-23,25-42,44-60,62-64,66-75,78,80-91,93-96,99-102]
      avail* ✗     13 fluke[17-18,24,43,61,65,76-77,79,92,97-98,103]
STATE    REASON         NODELIST
     STATE PROPERTIES NNODES NCORES NGPUS NODELIST
      free batch          83    332     0 fluke[3-16,19-23,25-42,44-60,62-64,66-75,78,80-91,93-95]
      free debug           5     20     0 fluke[96,99-102]
 allocated                 0      0     0 
      down batch          10     40     0 fluke[17-18,24,43,61,65,76-77,79,92]
      down debug           3     12     0 fluke[97-98,103]
"#,
        "fluke.json"
    );
    assert_eq!(
        printed(&[("power.json", POWER)]),
        format!("{NONE_OPEN} {NONE_OPEN}\n")
            + r#"       STATEUP NNODES NODELIST
       avail ✔      3 node[0-2]
STATE    REASON         NODELIST
     STATE NNODES NCORES NGPUS NODELIST
      free      3      6     0 node[0-2]
 allocated      0      0     0 
      down      0      0     0 
"#,
        "power.json"
    );
    assert_eq!(
        printed(&[("node.xml", TOPOLOGY)]),
        format!("{NONE_OPEN} {NONE_OPEN}\n")
            + r#"       STATEUP NNODES NODELIST
       avail ✔      1 localhost
STATE    REASON         NODELIST
     STATE NNODES NCORES NGPUS NODELIST
      free      1     24     0 localhost
 allocated      0      0     0 
      down      0      0     0 
"#,
        "node.xml"
    );
    assert_eq!(
        printed(&[
            ("00-resource.toml", CONFIG),
            ("10-bootstrap.toml", BOOTSTRAP)
        ]),
        format!("{NONE_OPEN} {NONE_OPEN}\n")
            + r#"       STATEUP NNODES NODELIST
       avail ✔      4 tiny[4,1-3]
STATE    REASON         NODELIST
     STATE NNODES NCORES NGPUS NODELIST
      free      4     16     0 tiny[4,1-3]
 allocated      0      0     0 
      down      0      0     0 
"#,
        "00-resource.toml"
    );
    // A job's R, its ranks not from 0, is numbered as an instance's is.
    let job = R_FOO.replace(r#""rank":"0-3""#, r#""rank":"19-22""#);
    let status = resource_payloads(&[("job.json", &job)]).unwrap().status;
    let opts = crate::resource::StatusOptions {
        format: "{state} {ranks} {nodelist}".into(),
        ..Default::default()
    };
    let printed_job = crate::resource::status(&status, &opts);
    assert_eq!(
        printed_job.stdout + &printed_job.stderr,
        "STATE RANKS NODELIST\navail 0-3 foo[1-4]\n"
    );
    assert_eq!(
        printed(&[("notes.txt", "hello")]),
        "flux resource needs resources: open an R, a payload, a graph, a topology or a configuration with [resource] config"
    );
}

#[test]
fn a_job_queue_fills_every_kind_of_system() {
    use crate::fit::queue::Queue;
    let ran = |text: &str| -> String {
        let mut queue = match queue_text(text).and_then(|t| Queue::new(&t, Policy::Worst)) {
            Ok(q) => q,
            Err(e) => return e,
        };
        queue.add("node=1").unwrap();
        queue.allocate_next();
        queue.view().jobs[0].words.clone()
    };
    // An R is the queue's own, unchanged; a status payload's drained
    // nodes stay busy; a graph and a topology give their resources.
    assert!(matches!(
        queue_text(R_FOO),
        Ok(std::borrow::Cow::Borrowed(_))
    ));
    assert_eq!(ran(R_FOO), "fits now: 1 node, foo1, 4 cores");
    assert_eq!(ran(DRAIN), "fits now: 1 node, foo3, 4 cores");
    assert_eq!(ran(POWER), "fits now: 1 node, node0, 2 cores");
    assert_eq!(ran(TOPOLOGY), "fits now: 1 node, localhost, 24 cores");
    assert_eq!(
        ran("hello"),
        "the job queue needs resources: open an R, a payload, a graph, a topology or a configuration with [resource] config"
    );
}

#[test]
fn a_job_queue_reads_the_documents_beside_its_r() {
    use crate::fit::queue::Queue;
    let ran = |beside: &[(&str, &str)], shape: &str| -> String {
        let text = queue_text_with(R_TINY, beside);
        let mut queue = match text.and_then(|t| Queue::new(&t, Policy::First)) {
            Ok(q) => q,
            Err(e) => return e,
        };
        queue.add(shape).unwrap();
        queue.allocate_next();
        queue.view().jobs[0].words.clone()
    };
    assert_eq!(ran(&[], "node=4"), "fits now: 4 nodes, tiny[1-4], 16 cores");
    // The status payload's offline node is down, and a configuration's
    // exclusion takes a node out.
    let status = [("status.json", STATUS_TINY)];
    assert_eq!(
        ran(&status, "node=3"),
        "fits now: 3 nodes, tiny[1-2,4], 12 cores"
    );
    let exclude = [("configuration", "[resource]\nexclude = \"tiny1\"\n")];
    assert_eq!(
        ran(&exclude, "node=3"),
        "fits now: 3 nodes, tiny[2-4], 12 cores"
    );
    assert_eq!(
        ran(&[("configuration", "[queues.a]\n")], "node=4"),
        "fits now: 4 nodes, tiny[1-4], 16 cores"
    );
}

#[test]
fn a_fit_reads_the_configuration_beside_the_document() {
    let words = |text: &str, config: &str| match schedulable_with(text, &[], config) {
        Ok((all, busy)) => {
            let request = request_of("node=4", None).unwrap();
            answer_sets(&request, &all, busy.as_ref(), Policy::Worst).words
        }
        Err(e) => e,
    };
    // The configuration alone gives the resources; beside an R, its
    // exclusion takes a node out.
    assert_eq!(words("", CONFIG), "fits now: 4 nodes, tiny[1-4], 16 cores");
    let exclude = "[resource]\nexclude = \"foo2\"\n";
    assert_eq!(
        words(R_FOO, exclude),
        "never: needs 4 nodes and the R has 3 that qualify"
    );
    // A configuration that starts with a table header is TOML, not a
    // JSON array.
    let read = System::read(&[("ex.toml", exclude)]);
    assert_eq!(read.documents[0].kind, DocKind::Config);
    assert_eq!(words(R_FOO, ""), "fits now: 4 nodes, foo[1-4], 16 cores");
    assert_eq!(words("", ""), "fit needs resources: open an R, a payload, a graph, a topology or a configuration with [resource] config");
}

#[test]
fn a_fit_reads_the_payloads_beside_the_document() {
    let words = |others: &[(&str, &str)], shape: &str| match schedulable_with(R_TINY, others, "") {
        Ok((all, busy)) => {
            let request = request_of(shape, None).unwrap();
            answer_sets(&request, &all, busy.as_ref(), Policy::Worst).words
        }
        Err(e) => e,
    };
    assert_eq!(
        words(&[], "node=4"),
        "fits now: 4 nodes, tiny[1-4], 16 cores"
    );
    // Beside the status payload, the offline node cannot run a job now.
    let status = [("status.json", STATUS_TINY)];
    assert_eq!(words(&status, "node=4"), "not now: 3 of 4 nodes free");
    assert_eq!(
        words(&status, "node=3"),
        "fits now: 3 nodes, tiny[1-2,4], 12 cores"
    );
}

/// A tab's documents as the page lists them (name, shared text).
fn tab(docs: &[(&str, &str)]) -> Vec<(String, crate::tabs::Text)> {
    (docs.iter())
        .map(|(n, t)| (n.to_string(), crate::tabs::Text::from(*t)))
        .collect()
}

#[test]
fn another_tab_is_read_as_its_whole_system() {
    let short = |docs: &[(&str, &str)]| match tab_resources(&tab(docs)) {
        Ok(set) => set.short_form(),
        Err(why) => why,
    };
    assert_eq!(short(&[("node.xml", TOPOLOGY)]), "rank0/core[0-23]");
    assert_eq!(
        short(&[("untitled", ""), ("configuration", CONFIG)]),
        "rank[0-3]/core[0-3]",
        "an empty tab with a configuration has its [resource] config"
    );
    assert_eq!(short(&[("drain.json", DRAIN)]), "rank[0-3]/core[0-3]");
    assert_eq!(
        short(&[("r.json", r#"{"version":2}"#)]),
        "unsupported version 2"
    );
    assert_eq!(
        short(&[("notes.txt", "hello")]),
        "open an R, a payload, a graph, a topology or a configuration with [resource] config in it"
    );
}

#[test]
fn another_tab_crosses_to_the_worker_as_its_documents() {
    let bytes = system_bytes(&tab(&[("node.xml", TOPOLOGY)]));
    let mut build = crate::analysis::SetBuild::read(&member_part_of(&bytes)).unwrap();
    while !build.step(100) {}
    assert_eq!(build.finish().short_form(), "rank0/core[0-23]");
    assert_eq!(
        crate::analysis::SetBuild::read(&member_part_of(&[7])).err(),
        Some("the tab's documents did not reach the worker whole".into())
    );
    use crate::grid::compare::Named;
    let names: Vec<Named> = ["A", "B"]
        .iter()
        .map(|l| Named {
            letter: l.to_string(),
            name: format!("{l}.json"),
        })
        .collect();
    let bad = system_bytes(&tab(&[("b.json", r#"{"version":2}"#)]));
    let parts = compare_parts_of(&[bytes, bad], &names);
    let why = crate::grid::compare_wire::CompareBuild::read(parts).err();
    assert_eq!(
        why.as_deref(),
        Some("tab B has no resources (unsupported version 2), so there is nothing to compare")
    );
}

#[test]
fn an_eventlog_and_a_job_list_say_what_they_hold() {
    let log = "{\"timestamp\":1683047871.7,\"name\":\"resource-init\",\"context\":{\"restart\":false,\"drain\":{},\"online\":\"\",\"exclude\":\"0-2\"}}\n{\"timestamp\":1683047873.7,\"name\":\"online\",\"context\":{\"idset\":\"0\"}}\n";
    let jobs =
        r#"{"jobs": [{"id": 49727668224, "userid": 1000, "t_submit": 1664571163.9, "state": 4}]}"#;
    let broken = "{\"timestamp\":1,\"name\":\"drain\"}\n{\"name\":\"b\"}\n";
    let job_log =
        "{\"timestamp\":1,\"name\":\"submit\"}\n{\"timestamp\":2,\"name\":\"resource-update\"}\n";
    let system = System::read(&[
        ("r.json", R_FOO),
        ("log", log),
        ("jobs.json", jobs),
        ("bad", broken),
        ("job.log", job_log),
        ("bad-job.log", "{\"timestamp\":1,\"name\":\"submit\"}\n["),
    ]);
    assert_eq!(
        system.describe(),
        "r.json: an R (RFC 20): resources\n\
         log: an RFC 44 resource eventlog, 2 events from 2023-05-02 17:17:51 UTC to 2023-05-02 17:17:53 UTC: node states and drain reasons, excluded ranks\n\
         jobs.json: a job list (flux jobs --json), 1 job\n\
         bad: an RFC 44 resource eventlog: node states and drain reasons (line 2: missing key 'timestamp')\n\
         job.log: an RFC 18 eventlog that is not a resource eventlog, 2 events from 1970-01-01 00:00:01 UTC to 1970-01-01 00:00:02 UTC\n\
         bad-job.log: an RFC 18 eventlog that is not a resource eventlog (line 2: not JSON: EOF while parsing a list at line 1 column 1)\n\
         resources: 4 nodes, foo[1-4], 16 cores (from r.json)\n\
         excluded: ranks 0-2\n\
         drained, offline or torpid: ranks 1-2\n\
         rank order: 0-3 are foo[1-4]\n"
    );
    // Alone, a resource eventlog is the system after its last event: the
    // ranks it names (0 online; 1 and 2 offline, as resource-init's
    // `online` left them), all three excluded, and a note of what is shown.
    let alone = crate::report::make_report(log);
    assert_eq!(alone.rejection, None);
    let st = alone.node_states.as_ref().expect("node states");
    assert_eq!(
        (st.online.to_string(), st.offline.to_string()),
        ("0".into(), "1-2".into())
    );
    assert_eq!(st.exclude.to_string(), "0-2");
    let notes: Vec<(&str, usize)> = (alone.findings.iter())
        .map(|f| (f.message.as_str(), f.span.0))
        .collect();
    assert_eq!(
        notes,
        [("a resource eventlog, shown as the system was after its last event (2023-05-02 17:17:53 UTC), as rscope resource replay prints it: the log names ranks and hosts but no cores or GPUs, so open the instance's R into this tab's system to see them", 0)]
    );
    assert_eq!(
        crate::report::make_report(jobs).rejection.as_deref(),
        Some("this is a job list (flux jobs --json, 1 job), which holds no resources: open it into the system of a tab that holds the system's R or a payload")
    );
    assert_eq!(
        crate::report::make_report(job_log).rejection.as_deref(),
        Some("this is an RFC 18 eventlog that is not a resource eventlog (2 events from 1970-01-01 00:00:01 UTC to 1970-01-01 00:00:02 UTC): it says nothing of resources; Rscope reads the resource eventlog (flux resource eventlog -f json)")
    );
    // A line that does not read is a finding at its place; the rest is
    // replayed.
    let broken = crate::report::make_report(broken);
    let said: Vec<(&str, (usize, usize))> = (broken.findings.iter().skip(1))
        .map(|f| (f.message.as_str(), f.span))
        .collect();
    assert_eq!(
        (broken.rejection, said),
        (
            None,
            vec![
                ("the drain event's context has no 'idset'", (0, 30)),
                (
                    "the drain event's context has no 'nodelist' (RFC 44 requires it since flux-core 0.62)",
                    (0, 30)
                ),
                ("an event needs a 'timestamp'", (31, 43)),
            ]
        )
    );
}

#[test]
fn flux_resource_info_prints_for_a_system() {
    let ask = |docs: &[(&str, &str)]| {
        let docs = docs
            .iter()
            .map(|(n, t)| (n.to_string(), crate::tabs::Text::from(*t)))
            .collect();
        printed::SystemAsk {
            docs,
            what: printed::SystemText::Info,
        }
        .show()
    };
    let shown = ask(&[("drain.json", DRAIN)]);
    assert_eq!(shown.text, "4 Nodes, 16 Cores, 0 GPUs\n");
    assert_eq!(
        shown.note.as_deref(),
        Some("no list payload is open: the nodes the status payload says cannot run a job read as down, and nothing as allocated")
    );
    assert_eq!(ask(&[("fluke.json", LIST)]).note, None);
}

/// A tab for [`union`]: letter, name, text, documents beside.
type TabOf<'a> = (char, &'a str, &'a str, &'a [(&'a str, &'a str)]);

/// A union of tabs `tabs`, read as systems when `systems` says so.
fn union(tabs: &[TabOf], systems: bool) -> job::JobAnswer {
    use crate::setops::job::{Job, Operation};
    let job = Job {
        operation: Some(Operation::Union),
        tabs: tabs.iter().map(|t| (t.0, t.2.to_string())).collect(),
        names: tabs.iter().map(|t| t.1.to_string()).collect(),
        systems,
        beside: (tabs.iter())
            .map(|t| {
                t.3.iter()
                    .map(|(n, x)| (n.to_string(), x.to_string()))
                    .collect()
            })
            .collect(),
        ..Job::default()
    };
    run_job(&job, &|_, _| None).0
}

use crate::setops::job;

#[test]
fn combine_reads_each_tab_as_its_system() {
    let list_r = System::read(&[("fluke.json", LIST)])
        .resources("x")
        .unwrap()
        .encode();
    let as_r = union(
        &[('A', "r.json", R_FOO, &[]), ('B', "b.json", &list_r, &[])],
        false,
    );
    let got = union(
        &[('A', "r.json", R_FOO, &[]), ('B', "fluke.json", LIST, &[])],
        true,
    );
    assert_eq!(got.text, as_r.text);
    assert!(got.text.is_some());
    assert_eq!(
        got.provenance.unwrap().command,
        "rscope system --r fluke.json > B.json && cat A.json B.json | rscope R decode"
    );
    // The payload alone is no R to flux R.
    assert!(
        union(
            &[('A', "r.json", R_FOO, &[]), ('B', "fluke.json", LIST, &[])],
            false
        )
        .refused
    );
    // A tab whose own text is empty is its configuration's R.
    let config = [
        ("00-resource.toml", CONFIG),
        ("10-bootstrap.toml", BOOTSTRAP),
    ];
    let got = union(&[('C', "", "", &config)], true);
    let tiny = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[4,1-3]"]}}"#;
    assert_eq!(got.text, Some(format!("{tiny}\n")));
    assert_eq!(
        got.provenance.unwrap().command,
        "rscope system --r 00-resource.toml 10-bootstrap.toml > C.json && rscope R decode < C.json"
    );
}

#[test]
fn combine_keeps_an_r_tab_as_flux_r_reads_it() {
    // The R gives the resources: a payload beside it changes nothing read.
    let got = union(&[('A', "r.json", R_FOO, &[("drain.json", DRAIN)])], true);
    assert_eq!(got.text, union(&[('A', "r.json", R_FOO, &[])], false).text);
    assert_eq!(got.provenance.unwrap().command, "rscope R decode < A.json");
    // A broken R keeps flux R's refusal, placed in its text.
    let broken = r#"{"version": 2}"#;
    let got = union(&[('A', "r.json", broken, &[])], true);
    assert_eq!(
        got.message,
        union(&[('A', "r.json", broken, &[])], false).message
    );
    assert_eq!((got.refused, got.tab), (true, Some('A')));
    // A broken R with a configuration beside it keeps flux R's refusal.
    let got = union(
        &[('A', "r.json", broken, &[("configuration", CONFIG)])],
        true,
    );
    assert_eq!(
        got.message,
        union(&[('A', "r.json", broken, &[])], false).message
    );
    // An expression reads only the tabs it names.
    let job = crate::setops::job::Job {
        operation: Some(crate::setops::job::Operation::Expression),
        expression: "A".into(),
        tabs: vec![('A', R_FOO.into()), ('B', BOOTSTRAP.into())],
        names: vec!["r.json".into(), "b.toml".into()],
        systems: true,
        ..Default::default()
    };
    let got = run_job(&job, &|_, _| None).0;
    assert_eq!(
        (got.refused, got.text.is_some()),
        (false, true),
        "{}",
        got.message
    );
    // A tab with nothing that gives resources says what to open.
    let got = union(
        &[('A', "r.json", R_FOO, &[]), ('B', "b.toml", BOOTSTRAP, &[])],
        true,
    );
    assert_eq!(
        (got.message.as_str(), got.tab),
        (
            "tab B: combine needs resources: open an R, a payload, a graph, a topology or a \
             configuration with [resource] config",
            Some('B')
        )
    );
}

#[test]
fn two_status_snapshots_compare_by_what_changed() {
    use crate::grid::compare::Named;
    use crate::grid::compare_wire::CompareBuild;
    use crate::grid::text::legend;
    let offline = include_str!("../../../../../tests/fixtures/flux-resource/status/offline.json");
    let torpid = include_str!("../../../../../tests/fixtures/flux-resource/status/torpid.json");
    let names: Vec<Named> = (["A", "B"].iter())
        .map(|l| Named {
            letter: l.to_string(),
            name: format!("{l}.json"),
        })
        .collect();
    let systems = [
        system_bytes(&tab(&[("offline.json", offline)])),
        system_bytes(&tab(&[("r.json", R_FOO), ("torpid.json", torpid)])),
    ];
    let mut build = CompareBuild::read(compare_parts_of(&systems, &names)).unwrap();
    while !build.step().unwrap() {}
    let c = build.finish();
    let words: Vec<String> = legend(&c.grid, &c.by).into_iter().map(|(w, _)| w).collect();
    // A node is coloured by its first change: foo2, drained, came back too.
    assert_eq!(
        words,
        [
            "drained: 2 nodes",
            "went torpid: 1 node",
            "unchanged: 1 node"
        ]
    );
    assert_eq!(
        c.summary.last().map(String::as_str),
        Some("From A to B: 3 nodes changed: 2 drained, 1 came back, 2 went torpid")
    );
    let rows = c.changes.as_ref().map(|c| c.rows.len());
    assert_eq!(rows, Some(4));
    // An R beside a payload is no snapshot: the view is by region.
    let plain = [system_bytes(&tab(&[("r.json", R_FOO)])), systems[1].clone()];
    let mut build = CompareBuild::read(compare_parts_of(&plain, &names)).unwrap();
    while !build.step().unwrap() {}
    assert!(build.finish().changes.is_none());
}

#[test]
fn a_job_list_beside_the_resources_is_busy_and_its_disagreements_are_findings() {
    // Rank 3 drained and rank 2 offline, by a resource.status payload.
    let status = format!(
        r#"{{"R": {R_FOO}, "online": "0-1,3", "offline": "2", "exclude": "", "torpid": "", "drain": {{"3": {{"timestamp": 1700000000.0, "reason": "bad fan"}}}}}}"#
    );
    let line = |id: u64, state: &str, extra: &str| {
        format!(r#"{{"id": {id}, "userid": 1, "t_submit": 1.0, "state": "{state}"{extra}}}"#)
    };
    let summary =
        |s: &str| format!(r#", "annotations": {{"sched": {{"resource_summary": "{s}"}}}}"#);
    let list = [
        line(1, "RUN", &summary("rank0/core[0-1]")),
        line(2, "RUN", &summary("rank0/core[1-2]")),
        line(3, "CLEANUP", r#", "ranks": "3", "nodelist": "bar4""#),
        line(4, "RUN", &summary("rank2/core0 rank7/core0")),
        line(5, "RUN", &summary("rank1/core[3-5]")),
        line(6, "INACTIVE", r#", "ranks": "1", "nodelist": "foo2""#),
        line(7, "SCHED", ""),
    ];
    let jobs = format!(r#"{{"jobs": [{}]}}"#, list.join(", "));
    let system = System::read(&[
        ("r.json", R_FOO),
        ("status.json", &status),
        ("jobs.json", &jobs),
    ]);
    assert_eq!(
        system.describe(),
        "r.json: an R (RFC 20): resources\n\
         status.json: a flux resource status payload: resources, node states and drain reasons\n\
         jobs.json: a job list (flux jobs --json), 7 jobs, 5 running: the allocation\n\
         resources: 4 nodes, foo[1-4], 16 cores (from r.json)\n\
         drained, offline or torpid: ranks 2-3\n\
         running jobs: 5, on ranks 0-3,7\n\
         rank order: 0-3 are foo[1-4]\n\
         finding: jobs.json: job ƒ4 runs on drained rank 3\n\
         finding: jobs.json: job ƒ4's nodelist is bar4, but r.json names its rank 3 foo4\n\
         finding: jobs.json: job ƒ5 holds rank 7, which r.json's resources lack\n\
         finding: jobs.json: job ƒ5 runs on rank 2, offline or torpid\n\
         finding: jobs.json: job ƒ6 holds core[4-5] of rank 1, which r.json's resources lack\n\
         finding: jobs.json: jobs ƒ2 and ƒ3 both hold core1 of rank 0\n"
    );
    let ids: Vec<&str> = system
        .running_jobs()
        .iter()
        .map(|j| j.id.as_str())
        .collect();
    assert_eq!(ids, ["ƒ2", "ƒ3", "ƒ4", "ƒ5", "ƒ6"]);
    // What is busy: the jobs' cores, as a list payload's allocation would
    // be, and ranks 2 and 3, down. Rank 0's core 3 and rank 1's cores 0-2
    // are free.
    let (_, busy) = system.schedulable("fit").unwrap();
    assert_eq!(
        busy.map(|b| b.short_form()),
        Some("rank0/core[0-2] rank1/core3 rank[2-3]/core[0-3]".to_string())
    );
    // Beside the R alone, the jobs leave no node with 4 free cores.
    let beside = [("r.json", R_FOO), ("jobs.json", jobs.as_str())];
    assert_eq!(
        fit(&beside, "node=1/core=4"),
        "not now: 0 of 1 nodes have 4 free cores"
    );
    assert_eq!(
        fit(&beside, "node=1/core=3"),
        "fits now: 1 node, foo2, 3 cores"
    );
}

#[test]
fn an_r_named_for_a_job_beside_the_resources_is_what_that_job_holds() {
    // What `flux job info ƒ3 R` prints for job 2, kept as ƒ3.R: cores 0-2
    // of foo2 (rank 1), from 1700000000 for an hour.
    let own = r#"{"version":1,"execution":{"R_lite":[{"rank":"1","children":{"core":"0-2"}}],"starttime":1700000000,"expiration":1700003600,"nodelist":["foo2"]}}"#;
    let system = System::read(&[("r.json", R_FOO), ("ƒ3.R", own)]);
    assert_eq!(
        system.describe(),
        "r.json: an R (RFC 20): resources\n\
         ƒ3.R: a job's R (flux job info ID R), job ƒ3: the allocation\n\
         resources: 4 nodes, foo[1-4], 16 cores (from r.json)\n\
         running jobs: 1, on ranks 1\n\
         rank order: 0-3 are foo[1-4]\n"
    );
    let job = &system.running_jobs()[0];
    assert_eq!(
        (job.who.t_run, job.who.expiration),
        (Some(1.7e9), Some(1700003600.0))
    );
    let (_, busy) = system.schedulable("fit").unwrap();
    assert_eq!(
        busy.map(|b| b.short_form()),
        Some("rank1/core[0-2]".to_string())
    );
    // Beside a job list naming the same job, the R's holding replaces the
    // list's summary (one core); the list's user stays.
    let list = r#"{"jobs": [{"id": 2, "userid": 7, "t_submit": 1.0, "state": "RUN", "annotations": {"sched": {"resource_summary": "rank1/core0"}}}]}"#;
    let system = System::read(&[("r.json", R_FOO), ("jobs.json", list), ("ƒ3.R", own)]);
    let jobs = system.running_jobs();
    assert_eq!(jobs.len(), 1);
    assert_eq!(
        (jobs[0].who.user, jobs[0].who.t_run),
        (Some(7), Some(1.7e9))
    );
    let (_, busy) = system.schedulable("fit").unwrap();
    assert_eq!(
        busy.map(|b| b.short_form()),
        Some("rank1/core[0-2]".to_string())
    );
    // Alone, an R named for a job is the resources.
    let alone = System::read(&[("ƒ3.R", own)]);
    assert_eq!(
        alone.describe().lines().next(),
        Some("ƒ3.R: an R (RFC 20): resources")
    );
}
