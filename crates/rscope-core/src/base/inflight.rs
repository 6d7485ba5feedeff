//! "Newest answer wins", the one rule of every request the page sends to
//! a worker, in one module: what the page keeps waiting ([`Inflight`], by
//! lane; [`Latest`], for one asker) and what a worker handles of the
//! messages that queued while it was busy ([`batch_plan`]). Each lane
//! has one [`Delivery`], which both sides read: the page's channel puts it
//! on every message, and the workers' dispatcher (`static/channel.js`)
//! asks [`batch_plan`] what to handle, so the JS keeps only the transport.
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
//! operations, each changing what the next sees: [`Delivery::Every`]).
//!
//! Pure data with native tests; the page's `web::channel` drives it, for
//! all three workers.

/// How the requests of a lane are served.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Only the newest request matters: the page waits for its answer
    /// alone, and a worker handles only the newest message of a batch (an
    /// older one is never answered).
    Newest,
    /// Every request is answered, in order: each changes what the next
    /// sees (a queue's operations), or each has an asker of its own.
    Every,
}

impl Delivery {
    /// As a message carries it: its `newest` field.
    pub fn is_newest(self) -> bool {
        self == Delivery::Newest
    }

    /// From a message's `newest` field.
    pub fn from_newest(newest: bool) -> Delivery {
        match newest {
            true => Delivery::Newest,
            false => Delivery::Every,
        }
    }
}

/// What a worker handles of a batch of messages that arrived together
/// (while it was busy, or in one task of the page). `batch` gives each
/// message's lane (its place in the worker's list of lanes) and delivery,
/// in arrival order. The answer is the messages to handle, in order, as
/// (index in `batch`, whether a newer message of its lane waits behind
/// it): lane by lane in lane order; of a [`Delivery::Newest`] lane only
/// its newest message, of a [`Delivery::Every`] lane each (told `newer`,
/// a long shape typed over is not expanded, and of a burst of queue
/// operations only the last says the whole view).
pub fn batch_plan(batch: &[(u32, Delivery)]) -> Vec<(usize, bool)> {
    let mut lanes: Vec<u32> = batch.iter().map(|(lane, _)| *lane).collect();
    lanes.sort_unstable();
    lanes.dedup();
    let mut plan = Vec::with_capacity(batch.len());
    for lane in lanes {
        let mine: Vec<(usize, Delivery)> = (batch.iter().enumerate())
            .filter(|(_, (l, _))| *l == lane)
            .map(|(at, (_, d))| (at, *d))
            .collect();
        let last = mine.len() - 1;
        for (k, (at, delivery)) in mine.iter().enumerate() {
            if k == last || !delivery.is_newest() {
                plan.push((*at, k < last));
            }
        }
    }
    plan
}

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
    /// Request `seq` of `lane` is sent. In a [`Delivery::Newest`] lane it
    /// replaces any older one, whose answer is stale from now on; in a
    /// [`Delivery::Every`] lane every older one still waits too.
    pub fn ask(&mut self, lane: L, delivery: Delivery, seq: u32, again: A) {
        if delivery.is_newest() {
            self.waiting.retain(|(l, ..)| *l != lane);
        }
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
        let seq = self.supersede();
        self.asked = Some(what);
        seq
    }

    /// A new number, with nothing asked yet ([`Latest::fill`] says what):
    /// every older answer is stale.
    pub fn supersede(&mut self) -> u32 {
        self.seq = self.seq.wrapping_add(1);
        self.asked = None;
        self.seq
    }

    /// Request `seq` asks for `what`, if it is still the latest.
    pub fn fill(&mut self, seq: u32, what: T) {
        if seq == self.seq {
            self.asked = Some(what);
        }
    }

    /// The answer to request `seq` came for good: what it asked for, if it
    /// is the latest and was not answered already.
    pub fn take(&mut self, seq: u32) -> Option<T> {
        self.asked.take_if(|_| seq == self.seq)
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

/// A piece of some texts posted to a worker a piece at a time
/// ([`piece_at`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextPiece {
    /// The index of the text it is of (the number of texts when none is
    /// left: the texts are all empty).
    pub text: usize,
    /// Its bytes' range in that text.
    pub range: std::ops::Range<usize>,
    /// Where the next piece starts, as `at` counts; `None` for the last.
    pub next: Option<usize>,
}

/// The piece of at most `size` bytes from byte `at` of texts of `lens`
/// bytes each, counted as one run. A piece does not cross from one text
/// into the next, and empty texts are passed over; the last piece may be
/// empty (all the texts are).
pub fn piece_at(lens: &[usize], at: usize, size: usize) -> TextPiece {
    let (mut text, mut from) = (0, at);
    while let Some(&len) = lens.get(text).filter(|&&len| from >= len) {
        from -= len;
        text += 1;
    }
    let end = lens
        .get(text)
        .map_or(from, |&len| len.min(from.saturating_add(size.max(1))));
    let next = at + (end - from);
    TextPiece {
        text,
        range: from..end,
        next: (next < lens.iter().sum()).then_some(next),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_walk_the_texts_in_order_and_pass_over_empty_ones() {
        let walk = |lens: &[usize], size: usize| {
            let mut out = vec![];
            let mut at = Some(0);
            while let Some(a) = at {
                let p = piece_at(lens, a, size);
                out.push((p.text, p.range.clone()));
                at = p.next;
            }
            out
        };
        assert_eq!(walk(&[5, 0, 3], 4), [(0, 0..4), (0, 4..5), (2, 0..3)]);
        assert_eq!(walk(&[4, 4], 4), [(0, 0..4), (1, 0..4)]);
        assert_eq!(walk(&[0, 2], 4), [(1, 0..2)]);
        assert_eq!(walk(&[], 4), [(0, 0..0)], "no text: one empty last piece");
        assert_eq!(walk(&[0, 0], 4), [(2, 0..0)]);
        assert_eq!(
            walk(&[3], 0),
            [(0, 0..1), (0, 1..2), (0, 2..3)],
            "a size of 0 is 1"
        );
    }

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
                        f.ask(lane(l), Delivery::Newest, seq.parse().unwrap(), again);
                        "sent".into()
                    }
                    ["keep", l, seq, again] => {
                        f.ask(lane(l), Delivery::Every, seq.parse().unwrap(), again);
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

    /// The plan of a batch of (lane, newest?) messages, as
    /// "index" or "index newer".
    fn plan(batch: &[(u32, bool)]) -> Vec<String> {
        let batch: Vec<(u32, Delivery)> = (batch.iter())
            .map(|&(l, n)| (l, Delivery::from_newest(n)))
            .collect();
        (batch_plan(&batch).iter())
            .map(|(at, newer)| format!("{at}{}", if *newer { " newer" } else { "" }))
            .collect()
    }

    #[test]
    fn a_worker_handles_the_newest_message_of_a_newest_lane_and_every_message_of_the_others() {
        assert_eq!(plan(&[]), Vec::<String>::new());
        // Lane 1 keeps only its newest; lane 0 every message, in order,
        // and lane 0 goes first whatever the arrival order.
        let got = plan(&[(1, true), (0, false), (1, true), (0, false), (1, true)]);
        assert_eq!(got, ["1 newer", "3", "4"]);
        assert_eq!(plan(&[(2, true)]), ["0"]);
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
        assert_eq!(latest.take(first), None, "a stale answer takes nothing");
        assert_eq!(latest.take(second), Some("b"));
        assert!(!latest.is_current(second), "answered for good");
        let third = latest.supersede();
        assert!(!latest.is_current(third), "nothing asked yet");
        latest.fill(second, "late");
        assert_eq!(latest.asked(third), None, "an older number fills nothing");
        latest.fill(third, "c");
        assert_eq!(latest.asked(third), Some(&"c"));
    }
}
