//! Requests in flight to a worker, by lane: what the page's worker
//! channels keep so that the newest request of a lane wins and a restarted
//! worker leaves none unanswered.
//!
//! A worker holds several kinds of request at once (the analysis worker
//! answers analyses, another tab's set for membership, and compare views);
//! each kind is a *lane*. In a lane, only the newest request matters: an
//! answer to an older one is stale. Cancel ends the worker (the only way
//! to stop its wasm), and with it every request it held: the channel then
//! asks the new worker again what each lane still waits for
//! ([`Inflight::restarted`]), so a compare view or a membership set asked
//! for before Cancel still arrives. The request Cancel meant to stop (the
//! analysis) is kept in no lane here: its owner answers it as cancelled.
//!
//! A lane may instead keep every request, answered in order (a queue's
//! operations, each changing what the next sees: [`Inflight::keep`]).
//!
//! Pure data with native tests; the page's `web::channel` drives it, for
//! all three workers.

/// The newest request of each lane still waiting for its answer: its
/// sequence number and how to ask for it again (`A`, for the page a
/// closure that posts it to whichever worker runs then).
#[derive(Debug)]
pub struct Inflight<L, A> {
    waiting: Vec<(L, u32, A)>,
}

impl<L, A> Default for Inflight<L, A> {
    fn default() -> Self {
        Inflight {
            waiting: Vec::new(),
        }
    }
}

impl<L: PartialEq + Copy, A> Inflight<L, A> {
    /// Request `seq` of `lane` is sent: it replaces any older one of the
    /// lane, whose answer is stale from now on.
    pub fn ask(&mut self, lane: L, seq: u32, again: A) {
        self.waiting.retain(|(l, ..)| *l != lane);
        self.waiting.push((lane, seq, again));
    }

    /// Request `seq` of `lane` is sent, and every older one of the lane
    /// still waits too: a lane whose requests are all answered, in order
    /// (a queue's operations, each changing what the next sees).
    pub fn keep(&mut self, lane: L, seq: u32, again: A) {
        self.waiting.push((lane, seq, again));
    }

    /// The lane of request `seq` and what it asked, while it waits
    /// (numbers are unique across lanes where this is used).
    pub fn get(&self, seq: u32) -> Option<(L, &A)> {
        let (l, _, a) = self.waiting.iter().find(|(_, s, _)| *s == seq)?;
        Some((*l, a))
    }

    /// The answer to request `seq` of `lane` came: whether it is the one
    /// the lane waits for (a stale answer leaves the lane waiting).
    pub fn answered(&mut self, lane: L, seq: u32) -> bool {
        let Some(at) = self
            .waiting
            .iter()
            .position(|(l, s, _)| *l == lane && *s == seq)
        else {
            return false;
        };
        self.waiting.remove(at);
        true
    }

    /// The worker was ended: every waiting request, oldest first, to be
    /// asked again of the next one (each is then [`Inflight::ask`]ed anew).
    pub fn restarted(&mut self) -> Vec<(L, u32, A)> {
        std::mem::take(&mut self.waiting)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Lane {
        Analysis,
        Member,
        Compare,
    }
    use Lane::*;

    /// Run `steps` over a fresh ledger (a step's text says what it does)
    /// and compare what each step answered with `expect`.
    fn check(steps: &[&str], expect: &[&str]) {
        let mut f = Inflight::<Lane, &str>::default();
        let lane = |s: &str| match s {
            "analysis" => Analysis,
            "member" => Member,
            _ => Compare,
        };
        let got: Vec<String> = steps
            .iter()
            .map(|step| {
                let w: Vec<&str> = step.split(' ').collect();
                match w[..] {
                    ["ask", l, seq, again] => {
                        f.ask(lane(l), seq.parse().unwrap(), again);
                        "sent".into()
                    }
                    ["keep", l, seq, again] => {
                        f.keep(lane(l), seq.parse().unwrap(), again);
                        "sent".into()
                    }
                    ["get", seq] => match f.get(seq.parse().unwrap()) {
                        Some((l, a)) => format!("{l:?} {a}"),
                        None => "none".into(),
                    },
                    ["answer", l, seq] => match f.answered(lane(l), seq.parse().unwrap()) {
                        true => "taken".into(),
                        false => "stale".into(),
                    },
                    ["restart"] => {
                        let again: Vec<String> = f
                            .restarted()
                            .iter()
                            .map(|(l, s, a)| format!("{l:?} {s} {a}"))
                            .collect();
                        format!("again: {}", again.join(", "))
                    }
                    _ => panic!("unknown step {step}"),
                }
            })
            .collect();
        assert_eq!(got, expect, "{steps:?}");
    }

    #[test]
    fn the_newest_request_of_a_lane_wins() {
        check(
            &[
                "ask member 1 m1",
                "ask member 2 m2",
                "answer member 1",
                "answer member 2",
                "answer member 2",
            ],
            &["sent", "sent", "stale", "taken", "stale"],
        );
    }

    #[test]
    fn lanes_wait_apart() {
        check(
            &[
                "ask member 4 m",
                "ask compare 4 c",
                "answer compare 4",
                "answer compare 4",
                "answer member 4",
            ],
            &["sent", "sent", "taken", "stale", "taken"],
        );
    }

    #[test]
    fn a_restart_asks_again_for_every_waiting_request_and_none_other() {
        check(
            &[
                "ask compare 1 c1",
                "ask member 7 m7",
                "ask analysis 3 a3",
                "answer member 7",
                "restart",
                "restart",
                "answer compare 1",
            ],
            &[
                "sent",
                "sent",
                "sent",
                "taken",
                "again: Compare 1 c1, Analysis 3 a3",
                "again: ",
                "stale",
            ],
        );
    }

    #[test]
    fn a_kept_lane_waits_for_every_request_in_order() {
        check(
            &[
                "keep member 1 m1",
                "keep member 2 m2",
                "get 1",
                "answer member 1",
                "get 1",
                "get 2",
                "keep member 3 m3",
                "restart",
            ],
            &[
                "sent",
                "sent",
                "Member m1",
                "taken",
                "none",
                "Member m2",
                "sent",
                "again: Member 2 m2, Member 3 m3",
            ],
        );
    }
}
