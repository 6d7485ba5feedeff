use super::*;
use crate::fit::answer::{answer, request_of};

/// Ranks 0-3 on node[0-3] with cores 0-7; ranks 2-3 also have GPUs 0-1.
const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-7"}}, {"rank": "2-3", "children": {"core": "0-7", "gpu": "0-1"}}], "nodelist": ["node[0-3]"], "starttime": 0, "expiration": 0}}"#;

/// The same nodes as a status document: rank 0's cores 0-3 allocated,
/// rank 3 down.
const STATUS: &str = r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["node[0-3]"]}}, "allocated": {"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}]}}, "down": {"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0-7"}}]}}}"#;

fn queue(text: &str, policy: Policy, shapes: &[&str]) -> Queue {
    let mut q = Queue::new(text, policy).unwrap();
    for s in shapes {
        q.add(s).unwrap();
    }
    q
}

fn states(q: &Queue) -> Vec<&'static str> {
    q.view().jobs.iter().map(|j| j.state.as_str()).collect()
}

#[test]
fn jobs_run_one_after_another_and_the_queue_waits_on_a_job_that_cannot_run_yet() {
    let mut q = queue(
        R,
        Policy::First,
        &[
            "node=2/slot/core=6",
            "slot/core=4",
            "node=3",
            "node=1/core=2",
        ],
    );
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.allocate_next(), Some(FitStatus::NotNow));
    assert_eq!(states(&q), ["running", "running", "waiting", "waiting"]);
    assert_eq!(
        q.report(),
        "job 1 node=2/slot/core=6: fits now: 2 nodes, node[0-1], 12 cores: rank[0-1]/core[0-5]\n\
         job 2 slot/core=4: fits now: 1 node, node2, 4 cores: rank2/core[0-3]\n\
         job 3 node=3: not now: 1 of 3 nodes free\n\
         job 4 node=1/core=2: waiting\n\
         free cores per node: 8 on 1 node, 4 on 1 node, 2 on 2 nodes\n\
         free GPUs per node: 2 on 2 nodes, 0 on 2 nodes\n\
         largest that still fits: node=1 (1 whole node with nothing busy)\n\
         largest that still fits: slot/core=8 (the most free cores on one node: 8)\n\
         largest that still fits: node=1/core=8 (8 cores, the most a request for the same cores on each node gets)\n"
    );
    assert_eq!(
        q.view().note,
        "job 3 waits: not now: 1 of 3 nodes free; free a job to make room"
    );
    assert_eq!(q.exit_code(), 3);
}

#[test]
fn freeing_makes_room_and_a_never_job_is_refused() {
    let mut q = queue(
        R,
        Policy::First,
        &["node=2/slot/core=6", "node=4", "slot/gpu=4", "slot/core=8"],
    );
    q.allocate_next();
    assert_eq!(q.allocate_next(), Some(FitStatus::NotNow));
    assert_eq!(q.free(1), Err("job 2 is not running".to_string()));
    assert_eq!(q.free(7), Err("there is no job 8".to_string()));
    q.free(0).unwrap();
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.allocate_next(), Some(FitStatus::Never));
    assert_eq!(q.allocate_next(), Some(FitStatus::NotNow));
    assert_eq!(states(&q), ["freed", "running", "never", "waiting"]);
    assert_eq!(
        q.view().jobs[2].words,
        "never: each slot needs on one node 4 GPUs and the largest has 2"
    );
    assert_eq!(
        q.view().history,
        [
            "allocate job 1",
            "free job 1",
            "allocate job 2",
            "refuse job 3"
        ]
    );
    assert_eq!(q.view().cores, vec![(0, 4)]);
    assert!(q.largest().is_empty());
    assert!(q
        .report()
        .ends_with("largest that still fits: nothing, no core is free\n"));
    q.free(1).unwrap();
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.exit_code(), 4);
    assert_eq!(q.allocate_next(), None);
    assert_eq!(q.view().note, "no job waits: add a shape first");
}

#[test]
fn stepping_back_and_forward_replays_the_actions() {
    let mut q = queue(R, Policy::Worst, &["node=2/slot/core=6", "slot/core=4"]);
    assert_eq!(q.back(), Err("nothing to step back over".to_string()));
    q.allocate_next();
    q.allocate_next();
    q.free(0).unwrap();
    let after = q.view();
    q.back().unwrap();
    assert_eq!(q.view().note, "stepped back over: free job 1");
    assert_eq!(states(&q), ["running", "running"]);
    assert_eq!(
        q.view().jobs[0].short.as_deref(),
        Some("rank[2-3]/core[0-5]")
    );
    q.back().unwrap();
    q.back().unwrap();
    assert_eq!(states(&q), ["waiting", "waiting"]);
    assert_eq!(q.view().cores, vec![(8, 4)]);
    assert_eq!((q.view().at, q.view().history.len()), (0, 3));
    q.forward().unwrap();
    q.forward().unwrap();
    q.forward().unwrap();
    assert_eq!(q.forward(), Err("nothing to step forward to".to_string()));
    assert_eq!(
        q.view(),
        QueueView {
            note: "stepped forward: free job 1".into(),
            ..after
        }
    );
    // A new action after stepping back drops the actions ahead.
    q.back().unwrap();
    q.back().unwrap();
    q.free(0).unwrap();
    assert_eq!(q.view().history, ["allocate job 1", "free job 1"]);
    assert_eq!(states(&q), ["freed", "waiting"]);
}

#[test]
fn the_largest_requests_fit_now() {
    let mut q = queue(
        R,
        Policy::Best,
        &["slot/core=3", "node=1/core=6", "slot=3/core=1"],
    );
    for _ in 0..3 {
        q.allocate_next();
    }
    let largest = q.largest();
    assert_eq!(
        largest,
        vec![
            Largest {
                shape: "node=2".into(),
                words: "2 whole nodes with nothing busy".into()
            },
            Largest {
                shape: "slot/core=8".into(),
                words: "the most free cores on one node: 8".into()
            },
            Largest {
                shape: "node=2/core=8".into(),
                words: "16 cores, the most a request for the same cores on each node gets".into()
            },
        ]
    );
    let text = q.status_document();
    for l in &largest {
        let request = request_of(&l.shape, None).unwrap();
        assert_eq!(
            answer(&request, &text, Policy::Worst).unwrap().status,
            FitStatus::Now,
            "{}",
            l.shape
        );
    }
    assert_eq!(
        q.free_per_node(),
        vec![
            (0, 4, 0, false),
            (1, 0, 0, false),
            (2, 8, 2, true),
            (3, 8, 2, true)
        ]
    );
}

#[test]
fn a_status_document_keeps_its_allocated_and_down_sets_busy_and_exports_them() {
    let mut q = queue(STATUS, Policy::First, &["node=2", "slot/core=4"]);
    assert_eq!(q.view().cores, vec![(8, 2), (4, 1), (0, 1)]);
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.allocate_next(), Some(FitStatus::Now));
    assert_eq!(q.view().jobs[1].short.as_deref(), Some("rank0/core[4-7]"));
    assert_eq!(
        q.view().jobs[0].cells,
        vec![(
            IdSet::parse("1-2").unwrap(),
            vec![("core".to_string(), IdSet::parse("0-7").unwrap())]
        )]
    );
    // The document's allocated rank 0 has no host name, so neither has
    // the allocated set.
    let text = q.status_document();
    assert_eq!(
        text,
        "{\"all\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-3\", \"children\": {\"core\": \"0-7\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"node[0-3]\"]}}, \
         \"allocated\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-2\", \"children\": {\"core\": \"0-7\"}}], \"starttime\": 0.0, \"expiration\": 0.0}}, \
         \"down\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"3\", \"children\": {\"core\": \"0-7\"}}], \"starttime\": 0.0, \"expiration\": 0.0}}}\n"
    );
    // What rscope fit reads back: nothing is free.
    let request = request_of("slot/core=1", None).unwrap();
    assert_eq!(
        answer(&request, &text, Policy::Worst).unwrap().printed,
        "not now: slot: need 1 slot of 1 core, 0 fit; the whole R would hold it\n"
    );
    let empty = queue(R, Policy::First, &[]).status_document();
    assert!(empty.contains("\"allocated\": {\"version\": 1, \"execution\": {\"R_lite\": [], \"starttime\": 0.0, \"expiration\": 0.0}}, \"down\": null}\n"), "{empty}");
}

#[test]
fn a_shape_the_queue_cannot_place_is_not_added() {
    let mut q = queue(R, Policy::Worst, &[]);
    assert_eq!(
        q.add("node{"),
        Err("unclosed brace '{' at column 5".to_string())
    );
    assert_eq!(
        q.add("node/socket"),
        Err(
            "resource type 'socket': placing it needs a graph-aware scheduler (such as Fluxion)"
                .to_string()
        )
    );
    assert!(q.view().jobs.is_empty());
    assert_eq!(
        Queue::new("{}", Policy::Worst).unwrap_err(),
        "missing key 'version'"
    );
}
