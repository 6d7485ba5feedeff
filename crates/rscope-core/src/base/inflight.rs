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

/// The latest request of one asker (a hook that asks a worker for one
/// thing at a time: another tab's set, a compare view): its number and
/// what it asked. An answer is used only while its number is the latest;
/// the channel's lanes ([`Inflight`]) decide what the worker is asked,
/// this decides what the page still wants.
#[derive(Debug)]
pub struct Latest<T> {
    seq: u32,
    asked: Option<T>,
}

impl<T> Default for Latest<T> {
    fn default() -> Self {
        Latest {
            seq: 0,
            asked: None,
        }
    }
}

impl<T> Latest<T> {
    /// Ask for `what`: its number, which makes every older answer stale.
    pub fn ask(&mut self, what: T) -> u32 {
        self.seq = self.seq.wrapping_add(1);
        self.asked = Some(what);
        self.seq
    }

    /// Whether the answer to request `seq` is still wanted.
    pub fn is_current(&self, seq: u32) -> bool {
        seq == self.seq && self.asked.is_some()
    }

    /// The number of the latest request (0 before any): what an answer
    /// asked for now must still match when it comes.
    pub fn latest(&self) -> u32 {
        self.seq
    }

    /// What request `seq` asked for, while it is the latest.
    pub fn asked(&self, seq: u32) -> Option<&T> {
        self.asked.as_ref().filter(|_| seq == self.seq)
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

    #[test]
    fn only_the_latest_answer_is_wanted() {
        let mut latest = Latest::default();
        assert!(!latest.is_current(0), "nothing asked yet");
        let first = latest.ask("a");
        assert!(latest.is_current(first));
        assert_eq!(latest.asked(first), Some(&"a"));
        let second = latest.ask("b");
        assert!(!latest.is_current(first));
        assert_eq!(latest.asked(first), None);
        assert_eq!(latest.asked(second), Some(&"b"));
        assert_eq!(latest.latest(), second);
    }
}
