//! The page's queue as a conversation: operations in ([`QueueOp`]),
//! replies out ([`QueueReply`]), with the [`Queue`] kept between them by a
//! [`QueueSession`]. The shape worker holds one session and answers each
//! operation with [`QueueSession::apply`]; the page posts operations and
//! draws replies. Both cross in postcard's binary form.

use super::{Queue, QueueView};
use crate::fit::Policy;
use serde::{Deserialize, Serialize};

/// One operation on the job queue, sent to the worker in postcard's
/// binary form; the worker keeps the queue between operations, so a
/// 16 384-node R is read once per tab, not per click.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum QueueOp {
    /// Start a queue over an R (or status document) under a policy, with
    /// these shapes waiting.
    Open {
        /// The R (or status document) the queue fills.
        r: String,
        /// The fit policy's name (`first`, `best`, `worst`).
        policy: String,
        /// The shapes waiting, in order.
        shapes: Vec<String>,
        /// The other documents of the system, beside `r` (name, text:
        /// payloads, the configuration), which the worker reads with it
        /// ([`crate::system::queue_text_with`]) before the queue opens.
        beside: Vec<(String, String)>,
    },
    /// Add a shape at the end.
    Add(String),
    /// Allocate the first waiting job.
    Next,
    /// Free job N (0-based).
    Free(usize),
    /// Step back over the last action.
    Back,
    /// Step forward again.
    Forward,
    /// Say the status document.
    Export,
}

/// The queue after an operation, what went wrong, and the status document
/// when asked for.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct QueueReply {
    /// What the page shows; left out when more operations wait behind
    /// this one (the worker answers a burst of clicks with one view).
    pub view: Option<QueueView>,
    /// Why the operation did nothing (a bad shape, nothing to step over).
    pub error: Option<String>,
    /// The status document `{all, allocated, down}`, for [`QueueOp::Export`].
    pub export: Option<String>,
}

impl QueueReply {
    /// A reply that only says what went wrong.
    pub fn refused(error: String) -> QueueReply {
        QueueReply {
            error: Some(error),
            ..QueueReply::default()
        }
    }
}

/// The queue the operations act on, once one is open.
#[derive(Clone, Debug, Default)]
pub struct QueueSession {
    /// The open queue; `None` before the first [`QueueOp::Open`] and
    /// after one that failed.
    pub queue: Option<Queue>,
    /// Why the last [`QueueOp::Open`] was refused, said again to every
    /// operation until one opens a queue.
    refused: Option<String>,
}

impl QueueSession {
    /// A session with no queue open.
    pub const fn new() -> QueueSession {
        QueueSession {
            queue: None,
            refused: None,
        }
    }

    /// Refuse to open a queue, for `why` (its document has no resources):
    /// the session closes its queue and says why to every operation until
    /// one opens another.
    pub fn refuse_open(&mut self, why: String) -> QueueReply {
        self.queue = None;
        self.refused = Some(why.clone());
        QueueReply::refused(why)
    }

    /// Do `op` on the session's queue; `view`: say the whole view after it.
    pub fn apply(&mut self, op: QueueOp, view: bool) -> QueueReply {
        if let QueueOp::Open {
            r, policy, shapes, ..
        } = op
        {
            let opened = policy
                .parse::<Policy>()
                .and_then(|p| Queue::new(&r, p))
                .and_then(|mut queue| {
                    shapes.iter().try_for_each(|s| queue.add(s))?;
                    Ok(queue)
                });
            return match opened {
                Ok(queue) => {
                    self.refused = None;
                    let reply = QueueReply {
                        view: view.then(|| queue.view()),
                        ..QueueReply::default()
                    };
                    self.queue = Some(queue);
                    reply
                }
                Err(e) => {
                    self.queue = None;
                    self.refused = Some(e.clone());
                    QueueReply::refused(e)
                }
            };
        }
        let Some(queue) = self.queue.as_mut() else {
            let why = self.refused.clone();
            return QueueReply::refused(
                why.unwrap_or_else(|| "the queue has no R yet: open an R tab".into()),
            );
        };
        let mut export = None;
        let done = match op {
            QueueOp::Add(shape) => queue.add(&shape),
            QueueOp::Next => {
                queue.allocate_next();
                Ok(())
            }
            QueueOp::Free(job) => queue.free(job),
            QueueOp::Back => queue.back(),
            QueueOp::Forward => queue.forward(),
            QueueOp::Export => {
                export = Some(queue.status_document());
                Ok(())
            }
            QueueOp::Open { .. } => Ok(()),
        };
        QueueReply {
            view: view.then(|| queue.view()),
            error: done.err(),
            export,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranks 0-1 on node[0-1] with cores 0-3.
    const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["node[0-1]"], "starttime": 0, "expiration": 0}}"#;

    fn open(policy: &str, shapes: &[&str]) -> QueueOp {
        QueueOp::Open {
            r: R.into(),
            policy: policy.into(),
            shapes: shapes.iter().map(|s| s.to_string()).collect(),
            beside: vec![],
        }
    }

    /// Play `ops` into a new session, each asking for the view, and give
    /// each reply in words: the jobs' states and words, the history up to
    /// where it is applied, the note, the error and the export.
    fn check(ops: Vec<QueueOp>, expect: &[&str]) {
        let mut session = QueueSession::default();
        let got: Vec<String> = ops
            .into_iter()
            .map(|op| words(&session.apply(op, true)))
            .collect();
        assert_eq!(got, expect);
    }

    fn words(reply: &QueueReply) -> String {
        let mut out = Vec::new();
        if let Some(view) = &reply.view {
            for job in &view.jobs {
                out.push(format!(
                    "{} {}: {}",
                    job.shape,
                    job.state.as_str(),
                    job.words
                ));
            }
            out.push(format!("history {}/{}", view.at, view.history.len()));
            out.push(format!("note: {}", view.note));
        }
        if let Some(e) = &reply.error {
            out.push(format!("error: {e}"));
        }
        if let Some(x) = &reply.export {
            out.push(format!("export: {x}"));
        }
        out.join("\n")
    }

    #[test]
    fn an_operation_before_any_r_is_refused() {
        check(
            vec![QueueOp::Next, QueueOp::Add("core".into()), QueueOp::Export],
            &["error: the queue has no R yet: open an R tab"; 3],
        );
    }

    #[test]
    fn an_operation_after_a_refused_open_says_why_it_was_refused() {
        let refused = QueueOp::Open {
            r: "{}".into(),
            policy: "worst".into(),
            shapes: vec![],
            beside: vec![],
        };
        let why = "error: missing key 'version'";
        check(vec![refused, QueueOp::Add("core".into())], &[why; 2]);
        // A refusal from outside is said again as well.
        let mut session = QueueSession::default();
        session.refuse_open("no resources".into());
        let reply = session.apply(QueueOp::Next, true);
        assert_eq!(reply.error.as_deref(), Some("no resources"));
        // A queue that opens forgets the refusal.
        let mut session = QueueSession::default();
        session.apply(
            QueueOp::Open {
                r: "{}".into(),
                policy: "worst".into(),
                shapes: vec![],
                beside: vec![],
            },
            true,
        );
        session.apply(open("worst", &[]), true);
        assert_eq!(session.apply(QueueOp::Add("node".into()), true).error, None);
    }

    #[test]
    fn a_bad_policy_is_refused_and_closes_the_queue() {
        let mut session = QueueSession::default();
        session.apply(open("first", &[]), false);
        assert!(session.queue.is_some());
        let reply = session.apply(open("fastest", &[]), true);
        assert_eq!(reply.view, None);
        assert_eq!(
            reply.error.as_deref(),
            Some("unknown policy 'fastest' (worst, first or best)")
        );
        assert!(session.queue.is_none());
        assert_eq!(
            words(&session.apply(QueueOp::Next, true)),
            "error: unknown policy 'fastest' (worst, first or best)"
        );
    }

    #[test]
    fn opening_adds_the_shapes_and_a_bad_one_refuses_the_queue() {
        check(
            vec![
                open("first", &["node=1", "slot/core=2"]),
                open("first", &["node=1", "core=2"]),
            ],
            &[
                "node=1 waiting: waiting\n\
                 slot/core=2 waiting: waiting\n\
                 history 0/0\n\
                 note: job 2 added: slot/core=2",
                "error: a request starts with a node or a slot, not core",
            ],
        );
    }

    #[test]
    fn jobs_are_added_allocated_freed_and_stepped_over() {
        check(
            vec![
                open("first", &["node=1"]),
                QueueOp::Add("node=2".into()),
                QueueOp::Next,
                QueueOp::Next,
                QueueOp::Free(0),
                QueueOp::Back,
                QueueOp::Forward,
                QueueOp::Forward,
                QueueOp::Free(5),
            ],
            &[
                "node=1 waiting: waiting\n\
                 history 0/0\n\
                 note: job 1 added: node=1",
                "node=1 waiting: waiting\n\
                 node=2 waiting: waiting\n\
                 history 0/0\n\
                 note: job 2 added: node=2",
                "node=1 running: fits now: 1 node, node0, 4 cores\n\
                 node=2 waiting: waiting\n\
                 history 1/1\n\
                 note: job 1 runs: fits now: 1 node, node0, 4 cores",
                "node=1 running: fits now: 1 node, node0, 4 cores\n\
                 node=2 waiting: not now: 1 of 2 nodes free\n\
                 history 1/1\n\
                 note: job 2 waits: not now: 1 of 2 nodes free; free a job to make room",
                "node=1 freed: freed\n\
                 node=2 waiting: waiting\n\
                 history 2/2\n\
                 note: job 1 freed",
                "node=1 running: fits now: 1 node, node0, 4 cores\n\
                 node=2 waiting: waiting\n\
                 history 1/2\n\
                 note: stepped back over: free job 1",
                "node=1 freed: freed\n\
                 node=2 waiting: waiting\n\
                 history 2/2\n\
                 note: stepped forward: free job 1",
                "node=1 freed: freed\n\
                 node=2 waiting: waiting\n\
                 history 2/2\n\
                 note: stepped forward: free job 1\n\
                 error: nothing to step forward to",
                "node=1 freed: freed\n\
                 node=2 waiting: waiting\n\
                 history 2/2\n\
                 note: stepped forward: free job 1\n\
                 error: there is no job 6",
            ],
        );
    }

    #[test]
    fn a_reply_in_a_burst_leaves_the_view_out() {
        let mut session = QueueSession::default();
        assert_eq!(
            session.apply(open("first", &["node=1"]), false),
            QueueReply::default()
        );
        assert_eq!(session.apply(QueueOp::Next, false), QueueReply::default());
        assert_eq!(session.queue.as_ref().map(|q| q.view().at), Some(1));
    }

    #[test]
    fn export_says_the_status_document() {
        check(
            vec![open("first", &["node=1"]), QueueOp::Next, QueueOp::Export],
            &[
                "node=1 waiting: waiting\n\
                 history 0/0\n\
                 note: job 1 added: node=1",
                "node=1 running: fits now: 1 node, node0, 4 cores\n\
                 history 1/1\n\
                 note: job 1 runs: fits now: 1 node, node0, 4 cores",
                "node=1 running: fits now: 1 node, node0, 4 cores\n\
                 history 1/1\n\
                 note: job 1 runs: fits now: 1 node, node0, 4 cores\n\
                 export: {\"all\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-1\", \"children\": {\"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"node[0-1]\"]}}, \"allocated\": {\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"node0\"]}}, \"down\": null}\n\
                 ",
            ],
        );
    }

    /// The page and the worker read these bytes: their form must not change.
    #[test]
    fn operations_cross_in_postcard_as_before() {
        let bytes = |op: &QueueOp| postcard::to_allocvec(op).unwrap();
        assert_eq!(bytes(&QueueOp::Next), [2]);
        assert_eq!(bytes(&QueueOp::Free(3)), [3, 3]);
        assert_eq!(bytes(&QueueOp::Add("ab".into())), [1, 2, b'a', b'b']);
        assert_eq!(
            bytes(&QueueOp::Open {
                r: "r".into(),
                policy: "p".into(),
                shapes: vec!["s".into()],
                beside: vec![],
            }),
            [0, 1, b'r', 1, b'p', 1, 1, b's', 0]
        );
        assert_eq!(bytes(&QueueOp::Export), [6]);
        let reply = QueueReply::refused("no".into());
        let back: QueueReply =
            postcard::from_bytes(&postcard::to_allocvec(&reply).unwrap()).unwrap();
        assert_eq!(back, reply);
        assert_eq!(
            postcard::to_allocvec(&reply).unwrap(),
            [0, 1, 2, b'n', b'o', 0]
        );
    }
}
