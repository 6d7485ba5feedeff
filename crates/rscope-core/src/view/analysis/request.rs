//! The page's requests for the analysis of its active tab, as a pure state
//! machine: which request is the latest, which text it is of, when an edit
//! is typing (asked again once typing pauses) or a jump (asked at once),
//! the request a large paste sends before its text reaches the tab, and
//! answers that come before their text. The page's hook
//! (`web::hooks::use_analysis`) holds one [`Requests`], tells it what
//! happened, and does what it answers; the worker channel and the drawing
//! stay in the page.

use crate::inflight::Latest;
use crate::tabs::Text;

/// How long typing must pause before the document is analysed again.
pub const PARSE_DELAY_MS: u32 = 120;
/// A change larger than this many bytes is not typing.
pub const TYPING_BYTES: usize = 256;

/// How long a request waits unanswered before the page says what is
/// happening ([`progress_line`]).
pub const PROGRESS_DELAY_MS: u32 = 300;

/// What the page says of a request that has waited [`PROGRESS_DELAY_MS`]:
/// that the worker is still loading Rscope's core (`worker_ready` false;
/// the request waits in its queue, nothing is analysed yet), or that the
/// document of `bytes` is being analysed.
pub fn progress_line(bytes: usize, worker_ready: bool) -> String {
    if !worker_ready {
        return "Loading Rscope's analysis worker…".to_string();
    }
    let size = if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{} kB", bytes.div_ceil(1000))
    };
    format!("Analysing the document ({size})…")
}

/// Which part of an answer a message holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The grid, sent as soon as it is laid out ([`super::FirstStage`]).
    First,
    /// Everything else: the analysis is done ([`super::Drawn`]).
    Last,
}

/// What to do about an edit ([`Requests::edit`]).
#[derive(Debug, PartialEq)]
pub enum Edit<P> {
    /// The request sent early for a large paste was for this very text:
    /// ask nothing, and take these answers that came before it (through
    /// [`Requests::take`], in order).
    Adopted(Vec<(u32, Stage, P)>),
    /// Nothing to ask: the text is blank, or its analysis is kept.
    Show,
    /// Ask for request `seq` after `delay_ms` ([`Requests::ask`] then);
    /// `seeded`, the first stage made elsewhere for this text, is its
    /// first answer.
    Ask {
        /// The request's number.
        seq: u32,
        /// How long to wait: typing pauses first.
        delay_ms: u32,
        /// First-stage parts already made for this text.
        seeded: Option<P>,
    },
}

/// What to do with an answer ([`Requests::take`]).
#[derive(Debug, PartialEq)]
pub enum Taken<P> {
    /// A newer request superseded it: drop it.
    Stale,
    /// Its text has not reached the page yet: kept for [`Edit::Adopted`].
    Stashed,
    /// Draw it: the text it is of, and its parts.
    Use(Text, P),
}

/// The requests of one page, `P` being an answer's parts.
#[derive(Debug)]
pub struct Requests<P> {
    /// The latest request, and its text from when it is asked until its
    /// last stage is taken: newest answer wins, as in every lane.
    latest: Latest<Text>,
    /// The request a large paste sent early, and its text once converted.
    preposted: Option<(u32, Option<Text>)>,
    /// The active tab and the text's length at the last edit.
    last: (usize, usize),
    /// Answers to the latest request that came before its text.
    stash: Vec<(u32, Stage, P)>,
    /// A first stage made elsewhere, and the text it is of.
    seeded: Option<(Text, P)>,
}

impl<P> Default for Requests<P> {
    fn default() -> Self {
        Requests {
            latest: Latest::default(),
            preposted: None,
            last: (usize::MAX, 0),
            stash: Vec::new(),
            seeded: None,
        }
    }
}

impl<P> Requests<P> {
    /// A new number: whatever was asked before is superseded.
    fn next(&mut self) -> u32 {
        self.latest.supersede()
    }

    /// Whether request `seq` is still the latest.
    pub fn current(&self, seq: u32) -> bool {
        self.latest.latest() == seq
    }

    /// Whether request `seq` is the latest and still unanswered (the page
    /// then says it is working on it).
    pub fn waiting(&self, seq: u32) -> bool {
        self.latest.is_current(seq)
    }

    /// A large paste is sent to the worker before its text reaches the
    /// tab: the request's number.
    pub fn paste(&mut self) -> u32 {
        let seq = self.next();
        self.preposted = Some((seq, None));
        seq
    }

    /// The paste's text is converted: the edit that brings it takes the
    /// request sent early.
    pub fn converted(&mut self, text: Text) {
        if let Some((_, sent)) = self.preposted.as_mut() {
            *sent = Some(text);
        }
    }

    /// Cancel: the request in flight is dropped (the worker is restarted).
    pub fn cancel(&mut self) {
        self.next();
    }

    /// The first stage of `text`'s analysis, made elsewhere (the set
    /// worker lays out a result's grid): taken by the edit that brings it.
    pub fn seed(&mut self, text: Text, parts: P) {
        self.seeded = Some((text, parts));
    }

    /// Ask again for the analysis of a text whose analysis was cancelled:
    /// the request's number, to [`Requests::ask`] at once.
    pub fn again(&mut self) -> u32 {
        self.next()
    }

    /// Request `seq` is sent now, for `text`.
    pub fn ask(&mut self, seq: u32, text: &Text) {
        self.latest.fill(seq, text.clone());
    }

    /// The active tab (`active`) now holds `text`; `kept` says whether the
    /// page keeps an analysis of it. Every edit settles the early request
    /// of a paste: a later one never takes it.
    pub fn edit(&mut self, text: &Text, active: usize, kept: bool) -> Edit<P> {
        if self.adopt(text) {
            self.last = (active, text.len());
            return Edit::Adopted(std::mem::take(&mut self.stash));
        }
        self.stash.clear();
        let (was_active, was_len) = std::mem::replace(&mut self.last, (active, text.len()));
        let typing = was_active == active && text.len().abs_diff(was_len) <= TYPING_BYTES;
        let seq = self.next();
        let seeded = self.seeded.take();
        if kept || text.trim_start().is_empty() {
            return Edit::Show;
        }
        Edit::Ask {
            seq,
            delay_ms: if typing { PARSE_DELAY_MS } else { 0 },
            seeded: seeded.filter(|(t, _)| t == text).map(|(_, parts)| parts),
        }
    }

    /// Whether the latest request was sent early for this very `text`; it
    /// then waits for `text`.
    fn adopt(&mut self, text: &Text) -> bool {
        let Some((seq, Some(sent))) = self.preposted.take() else {
            return false;
        };
        if !self.current(seq) || self.latest.is_current(seq) || sent != *text {
            return false;
        }
        self.latest.fill(seq, text.clone());
        true
    }

    /// An answer came: stage `stage` of request `seq`.
    pub fn take(&mut self, seq: u32, stage: Stage, parts: P) -> Taken<P> {
        if !self.current(seq) {
            return Taken::Stale;
        }
        let text = match stage {
            Stage::First => self.latest.asked(seq).cloned(),
            Stage::Last => self.latest.take(seq),
        };
        match text {
            Some(text) => Taken::Use(text, parts),
            None => {
                self.stash.push((seq, stage, parts));
                Taken::Stashed
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run `steps` over fresh requests whose answers' parts are strings,
    /// and compare what each step answered with `expect`. Steps: `edit
    /// TAB TEXT` (`kept-edit` when the page keeps TEXT's analysis), `ask
    /// SEQ TEXT`, `paste`, `converted TEXT`, `cancel`, `again`, `seed TEXT
    /// PARTS`, `early SEQ PARTS`, `later SEQ PARTS`, `waiting SEQ`.
    fn check(steps: &[&str], expect: &[&str]) {
        let mut r = Requests::<String>::default();
        let got: Vec<String> = steps
            .iter()
            .map(|step| {
                let w: Vec<&str> = step.splitn(3, ' ').collect();
                let text = |s: &str| Text::from(s.to_string());
                let n = |s: &str| s.parse::<u32>().unwrap();
                match w[..] {
                    [e @ ("edit" | "kept-edit"), tab, t] => {
                        format!("{:?}", r.edit(&text(t), n(tab) as usize, e == "kept-edit"))
                    }
                    ["ask", seq, t] => {
                        r.ask(n(seq), &text(t));
                        "asked".into()
                    }
                    ["paste"] => format!("seq {}", r.paste()),
                    ["converted", t] => {
                        r.converted(text(t));
                        "converted".into()
                    }
                    ["cancel"] => {
                        r.cancel();
                        "cancelled".into()
                    }
                    ["again"] => format!("seq {}", r.again()),
                    ["seed", t, parts] => {
                        r.seed(text(t), parts.into());
                        "seeded".into()
                    }
                    [s @ ("early" | "later"), seq, parts] => {
                        let stage = if s == "early" {
                            Stage::First
                        } else {
                            Stage::Last
                        };
                        match r.take(n(seq), stage, parts.into()) {
                            Taken::Use(t, p) => format!("use {} {p}", &*t),
                            other => format!("{other:?}"),
                        }
                    }
                    ["waiting", seq] => r.waiting(n(seq)).to_string(),
                    _ => panic!("unknown step {step}"),
                }
            })
            .collect();
        assert_eq!(got, expect, "{steps:?}");
    }

    #[test]
    fn the_progress_line_says_loading_until_the_worker_is_ready_then_the_size() {
        let lines: Vec<String> = [
            (276, false),
            (276, true),
            (1 << 20, true),
            (67_108_864, true),
        ]
        .iter()
        .map(|&(bytes, ready)| progress_line(bytes, ready))
        .collect();
        assert_eq!(
            lines,
            [
                "Loading Rscope's analysis worker…",
                "Analysing the document (1 kB)…",
                "Analysing the document (1.0 MB)…",
                "Analysing the document (67.1 MB)…",
            ]
        );
    }

    #[test]
    fn typing_waits_for_a_pause_and_a_jump_is_asked_at_once() {
        check(
            &[
                "edit 0 {\"version\": 1}",
                "edit 0 {\"version\": 12}",
                "edit 1 {\"version\": 12}",
                "edit 1  ",
                "kept-edit 1 {}",
            ],
            &[
                "Ask { seq: 1, delay_ms: 0, seeded: None }",
                "Ask { seq: 2, delay_ms: 120, seeded: None }",
                "Ask { seq: 3, delay_ms: 0, seeded: None }",
                "Show",
                "Show",
            ],
        );
    }

    #[test]
    fn the_latest_request_wins_and_its_text_is_drawn_with_it() {
        check(
            &[
                "edit 0 a",
                "ask 1 a",
                "edit 0 ab",
                "ask 2 ab",
                "early 1 grid-a",
                "waiting 2",
                "early 2 grid-ab",
                "later 2 rest-ab",
                "waiting 2",
                "later 2 again",
            ],
            &[
                "Ask { seq: 1, delay_ms: 0, seeded: None }",
                "asked",
                "Ask { seq: 2, delay_ms: 120, seeded: None }",
                "asked",
                "Stale",
                "true",
                "use ab grid-ab",
                "use ab rest-ab",
                "false",
                "Stashed",
            ],
        );
    }

    #[test]
    fn a_large_paste_is_asked_before_its_text_arrives_and_its_answers_wait() {
        check(
            &[
                "paste",
                "early 1 grid",
                "converted big",
                "edit 0 big",
                "later 1 rest",
                "edit 0 big!",
            ],
            &[
                "seq 1",
                "Stashed",
                "converted",
                "Adopted([(1, First, \"grid\")])",
                "use big rest",
                "Ask { seq: 2, delay_ms: 120, seeded: None }",
            ],
        );
    }

    #[test]
    fn an_edit_other_than_the_paste_asks_anew_and_drops_what_came_early() {
        check(
            &[
                "paste",
                "early 1 grid",
                "converted big",
                "edit 0 other",
                "later 1 rest",
                "converted big",
                "edit 0 big",
            ],
            &[
                "seq 1",
                "Stashed",
                "converted",
                "Ask { seq: 2, delay_ms: 0, seeded: None }",
                "Stale",
                "converted",
                "Ask { seq: 3, delay_ms: 120, seeded: None }",
            ],
        );
    }

    #[test]
    fn cancel_drops_the_request_in_flight_and_again_asks_anew() {
        check(
            &[
                "edit 0 a",
                "ask 1 a",
                "cancel",
                "waiting 1",
                "early 1 grid",
                "again",
                "ask 3 a",
                "later 3 rest",
            ],
            &[
                "Ask { seq: 1, delay_ms: 0, seeded: None }",
                "asked",
                "cancelled",
                "false",
                "Stale",
                "seq 3",
                "asked",
                "use a rest",
            ],
        );
    }

    #[test]
    fn a_seeded_first_stage_goes_with_its_own_text_only() {
        check(
            &["seed r grid-r", "edit 0 r", "seed r grid-r", "edit 1 s"],
            &[
                "seeded",
                "Ask { seq: 1, delay_ms: 0, seeded: Some(\"grid-r\") }",
                "seeded",
                "Ask { seq: 2, delay_ms: 0, seeded: None }",
            ],
        );
    }

    #[test]
    fn a_request_asked_late_for_a_superseded_number_is_not_waited_for() {
        check(
            &["edit 0 a", "edit 1 b", "ask 1 a", "waiting 1", "waiting 2"],
            &[
                "Ask { seq: 1, delay_ms: 0, seeded: None }",
                "Ask { seq: 2, delay_ms: 0, seeded: None }",
                "asked",
                "false",
                "false",
            ],
        );
    }
}
