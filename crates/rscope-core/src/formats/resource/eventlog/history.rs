//! Figures over a time range of a resource eventlog, for
//! `rscope resource history`: per node, per drain reason, and per day or
//! week. One forward pass over the events steps the same state machine as
//! [`super::replay`] ([`State::apply`]), so drains, overwrites, restarts
//! and exclusions mean the same in both; each event looks only at the
//! ranks it may have changed, so the pass is O(events + ranks), plus the
//! ranks once per `restart` or `resource-init`.
//!
//! What the figures mean:
//!
//! - **Known.** A rank's state is known from the first `restart` (or
//!   `resource-init`, before flux-core 0.62) on; before it (a log that
//!   starts with `truncate`, or with events the module posted before its
//!   restart) the time is *unknown* and counts neither as available nor
//!   as unavailable: it is left out of every figure, percentages included.
//! - **Available.** A rank is available while its state is known and it
//!   is online, not drained and not excluded (a torpid rank is still
//!   online, so still available). Availability is available time over
//!   known time, in percent.
//! - **Clipping.** Only time within `[since, until]` counts: `since`
//!   defaults to the first event's time and `until` to the last's. A state
//!   entered before `since` counts from `since`; events after `until` are
//!   not read. A drain is counted (per node, and as an occurrence of its
//!   reason) when its event's time is within the range. An outage (known
//!   and not available without a break) is measured within the range too.
//! - **Drains.** A node's drains are the times it went from not drained to
//!   drained. A reason's occurrences are the `drain` events naming it
//!   (however many ranks each names, and whether or not `overwrite` let it
//!   replace a reason); its node-hours are the time ranks spent drained
//!   while it was their reason (online or not). When a drain replaces a
//!   rank's reason (`overwrite` 1 or 2), the time after goes to the new
//!   reason and the time before stays with the old one. A drain without a
//!   reason is the reason `""`.
//! - **Reasons** are kept as written, unless grouped
//!   ([`HistoryOptions::group_reasons`], [`group_reason`]).
//! - **Days and weeks** are UTC: a day starts at 00:00:00 UTC, a week on
//!   Monday at 00:00:00 UTC (ISO 8601). A period's availability is the
//!   machine's available node-time over its known node-time in that
//!   period (clipped to the range).
//! - **The instance.** A `restart` makes the ranks below its broker count
//!   (or R's rank count, if larger) known and the others unknown; a
//!   `resource-init`, which has no broker count, makes every rank the log
//!   names known (R's, when given). The machine's figures count each rank
//!   while it is known.
//! - **Nodes** are the instance's ranks at the end of the range, as
//!   replay counts them (the last restart's `ranks`, else R's, else every
//!   rank an event names), each named by the last rank:host map known.
//! - Events whose time goes back are taken as happening at the time of
//!   the event before them.

use super::chart::{Chart, ChartPass, Slot};
use super::replay::{State, Touched};
use super::{ResourceEvent, ResourceEventKind, ResourceEventlog};
use crate::diag::Diagnostic;
use crate::idset::IdSet;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// The most days a range may span (about 270 years), so that a mistyped
/// `--since` cannot ask for millions of empty rows.
pub const MAX_DAYS: u64 = 100_000;

const DAY: f64 = 86_400.0;

/// What `rscope resource history` is asked.
#[derive(Clone, Debug, Default)]
pub struct HistoryOptions<'a> {
    /// The start of the range (seconds since the epoch); `None` is the
    /// first event's time.
    pub since: Option<f64>,
    /// The end of the range; `None` is the last event's time.
    pub until: Option<f64>,
    /// The instance's R as text (`--R`); else a journal response's `R`.
    pub r: Option<&'a str>,
    /// Ranks excluded by configuration (`--exclude`), as replay takes them.
    pub exclude: Option<IdSet>,
    /// Group reasons that differ only by numbers or job ids
    /// ([`group_reason`]).
    pub group_reasons: bool,
    /// Sum the timeline chart too, in this many columns
    /// ([`super::chart`]).
    pub chart_columns: Option<usize>,
}

/// The figures of a range of a resource eventlog.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventlogHistory {
    /// The start of the range, seconds since the epoch.
    pub since: f64,
    /// The end of the range.
    pub until: f64,
    /// Node-seconds whose state is known, over all nodes.
    pub known_node_seconds: f64,
    /// Node-seconds available, over all nodes.
    pub available_node_seconds: f64,
    /// Available over known, in percent; `None` when nothing is known.
    pub availability: Option<f64>,
    /// Per node, by rank.
    pub nodes: Vec<NodeFigures>,
    /// Per drain reason, most node-hours first.
    pub reasons: Vec<ReasonFigures>,
    /// Per UTC day of the range.
    pub days: Vec<PeriodFigures>,
    /// Per ISO week (Monday to Sunday, UTC) of the range.
    pub weeks: Vec<PeriodFigures>,
    /// What reading and replaying found.
    #[serde(skip)]
    pub findings: Vec<Diagnostic>,
    /// The timeline chart, when asked ([`HistoryOptions::chart_columns`]).
    #[serde(skip)]
    pub chart: Option<Chart>,
}

/// One node's figures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct NodeFigures {
    /// Its rank.
    pub rank: u32,
    /// Its host in the last rank:host map, when one is known.
    pub host: Option<String>,
    /// Seconds its state was known.
    pub known_seconds: f64,
    /// Seconds it was available.
    pub available_seconds: f64,
    /// Seconds it was drained.
    pub drained_seconds: f64,
    /// Seconds it was offline.
    pub offline_seconds: f64,
    /// Seconds it was excluded.
    pub excluded_seconds: f64,
    /// Times it went from not drained to drained.
    pub drains: u32,
    /// The longest time it was known and not available without a break.
    pub longest_outage_seconds: f64,
    /// Available over known, in percent; `None` when nothing is known.
    pub availability: Option<f64>,
}

/// One drain reason's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReasonFigures {
    /// The reason as written (or grouped).
    pub reason: String,
    /// Node-hours drained under it.
    pub node_hours: f64,
    /// `drain` events naming it.
    pub occurrences: u32,
}

/// One day's or week's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeriodFigures {
    /// The first day, `YYYY-MM-DD` (UTC).
    pub start: String,
    /// Node-hours known within the range in this period.
    pub known_node_hours: f64,
    /// Node-hours available.
    pub available_node_hours: f64,
    /// Available over known, in percent; `None` when nothing is known.
    pub availability: Option<f64>,
}

/// One rank's state as history tracks it.
#[derive(Clone, Copy, Default, PartialEq)]
struct Now {
    known: bool,
    online: bool,
    excluded: bool,
    /// The reason's index, when drained.
    drained: Option<u32>,
}

impl Now {
    fn available(&self) -> bool {
        self.known && self.online && !self.excluded && self.drained.is_none()
    }

    /// Where the timeline chart counts it.
    fn slot(&self) -> Slot {
        match (self.known, self.excluded, self.drained, self.online) {
            (false, ..) => Slot::Unknown,
            (_, true, ..) => Slot::Excluded,
            (_, _, Some(reason), _) => Slot::Drained(reason),
            (_, _, None, false) => Slot::Offline,
            _ => Slot::Available,
        }
    }
}

/// One rank while the pass runs.
#[derive(Clone, Default)]
struct Track {
    now: Now,
    /// Since when `now` holds.
    from: f64,
    /// Since when it has been known and not available.
    outage_from: Option<f64>,
    figures: NodeFigures,
}

/// The whole pass: the range, the ranks, the reasons, the machine's sums.
struct Pass {
    since: f64,
    until: f64,
    group: bool,
    tracks: Vec<Track>,
    reason_index: FxHashMap<String, u32>,
    reasons: Vec<ReasonFigures>,
    /// The last reason interned, as written, and its index: most events
    /// drain many ranks for one reason.
    last_reason: Option<(String, u32)>,
    known_count: u64,
    available_count: u64,
    /// The time the machine's sums have reached.
    clock: f64,
    first_day: i64,
    /// Known and available node-seconds per day from `first_day`.
    days: Vec<(f64, f64)>,
    /// The timeline chart, when asked.
    chart: Option<ChartPass>,
}

/// Clip `[a, b)` to `[since, until]`: its length within.
fn clip(a: f64, b: f64, since: f64, until: f64) -> f64 {
    (b.min(until) - a.max(since)).max(0.0)
}

/// The figures of `log` over the range `opts` asks, or why they cannot be
/// computed (an R that cannot be read, a range that ends before it starts
/// or spans too many days).
pub fn history(
    log: &ResourceEventlog,
    opts: &HistoryOptions<'_>,
) -> Result<EventlogHistory, String> {
    let (mut state, mut r) = State::start(log, opts.r, opts.exclude.as_ref())?;
    let mut pass = HistoryPass::start(log, opts, &state)?;
    for ev in &log.events {
        if !pass.wants(ev) {
            break;
        }
        let touched = state.apply(ev, r.as_mut());
        pass.step(ev, touched, &state);
    }
    Ok(pass.finish(log, &state))
}

/// [`history`]'s pass, fed an event at a time by the loop that steps the
/// state: its own, or [`super::Replayer::with_history`]'s, which keeps
/// the states for the page's slider as it goes. The page asks both of a
/// log when it opens, and one replay of a million events instead of two
/// is a third of the time it waits.
pub(super) struct HistoryPass(Pass);

impl HistoryPass {
    /// The pass over the range `opts` asks, from `state`, the state
    /// before the first event; or why the range cannot be counted.
    pub(super) fn start(
        log: &ResourceEventlog,
        opts: &HistoryOptions<'_>,
        state: &State,
    ) -> Result<HistoryPass, String> {
        let first = log.events.iter().map(|e| e.timestamp).reduce(f64::min);
        let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
        let since = opts.since.or(first).unwrap_or(0.0);
        let until = opts.until.or(last).unwrap_or(since);
        if until < since {
            return Err(format!(
                "the range ends ({}) before it starts ({})",
                crate::time::utc(until),
                crate::time::utc(since)
            ));
        }
        // In floating point: a range of any two finite times is compared
        // without overflow, and only a short one is counted in integers.
        let day_count = (until / DAY).floor() - (since / DAY).floor() + 1.0;
        if day_count > MAX_DAYS as f64 {
            return Err(format!(
                "the range spans {day_count} days, more than {MAX_DAYS}: give --since and --until"
            ));
        }
        let mut pass = Pass {
            since,
            until,
            group: opts.group_reasons,
            tracks: vec![Track::default(); rank_bound(log, state) as usize],
            reason_index: FxHashMap::default(),
            reasons: Vec::new(),
            last_reason: None,
            known_count: 0,
            available_count: 0,
            clock: f64::NEG_INFINITY,
            first_day: (since / DAY).floor() as i64,
            days: vec![(0.0, 0.0); day_count as usize],
            chart: (opts.chart_columns).and_then(|n| ChartPass::new(since, until, n)),
        };
        for (rank, t) in pass.tracks.iter_mut().enumerate() {
            t.figures.rank = rank as u32;
        }
        Ok(HistoryPass(pass))
    }

    /// Whether `ev`, the next event, is within the range: the pass reads
    /// no event after the first that is not.
    pub(super) fn wants(&self, ev: &ResourceEvent) -> bool {
        ev.timestamp.max(self.0.clock) <= self.0.until
    }

    /// Count `ev`, which made `state` what it is and `touched` these ranks.
    pub(super) fn step(&mut self, ev: &ResourceEvent, touched: Touched, state: &State) {
        let pass = &mut self.0;
        let t = ev.timestamp.max(pass.clock);
        pass.advance(t);
        pass.count_occurrence(ev, t);
        match touched {
            Touched::None => {}
            Touched::All => {
                // Without a broker count (before 0.62, with no R), every
                // rank the log names is the instance.
                let limit = state.limit().unwrap_or(pass.tracks.len() as u32);
                for rank in 0..pass.tracks.len() as u32 {
                    pass.update(state, rank, t, Some(rank < limit));
                }
            }
            Touched::Ranks(ids) => {
                for rank in ids.iter() {
                    pass.update(state, rank, t, None);
                }
            }
        }
    }

    /// The figures, once the events of the range have been stepped and
    /// `state` is the state after them.
    pub(super) fn finish(self, log: &ResourceEventlog, state: &State) -> EventlogHistory {
        let mut pass = self.0;
        pass.advance(pass.until);
        let mut findings = log.findings.clone();
        findings.extend(state.findings().iter().cloned());
        pass.finish(state, findings)
    }
}

/// One more than the highest rank the replay can name: the events' ranks,
/// the restarts' nodelists (a drain found by host lands on a rank of
/// one), R's ranks and the exclusions given.
fn rank_bound(log: &ResourceEventlog, state: &State) -> u32 {
    use ResourceEventKind as K;
    let mut bound = state.all().last().map_or(0, |l| l + 1);
    let mut see = |ids: &IdSet| {
        if let Some(l) = ids.last() {
            bound = bound.max(l + 1);
        }
    };
    for ev in &log.events {
        match &ev.kind {
            K::Restart {
                ranks,
                online,
                nodelist,
            } => {
                ranks.iter().chain(online).for_each(&mut see);
                if let Some(hl) = nodelist {
                    see(&IdSet::from_range(0, hl.len().saturating_sub(1) as u32));
                }
            }
            K::ResourceInit {
                online,
                exclude,
                drain,
            } => {
                see(online);
                see(exclude);
                drain.iter().for_each(|d| see(&d.ranks));
            }
            K::Drain(c) | K::Undrain(c) => see(&c.ranks),
            K::Online(ids) | K::Offline(ids) => see(ids),
            _ => {}
        }
    }
    bound
}

impl Pass {
    /// Add the machine's node-seconds from `clock` to `t` to the days.
    fn advance(&mut self, t: f64) {
        let from = self.clock.max(self.since);
        self.clock = t;
        let to = t.min(self.until);
        if to <= from || self.known_count == 0 {
            return;
        }
        if let Some(chart) = self.chart.as_mut() {
            chart.advance(from, to);
        }
        let (known, available) = (self.known_count as f64, self.available_count as f64);
        let mut a = from;
        while a < to {
            let day = (a / DAY).floor();
            let mut b = to.min((day + 1.0) * DAY);
            if b <= a {
                // Times so large that a day is below their precision.
                b = to;
            }
            let i = (day as i64).checked_sub(self.first_day);
            if let Some(d) = i.and_then(|i| self.days.get_mut(usize::try_from(i).ok()?)) {
                d.0 += known * (b - a);
                d.1 += available * (b - a);
            }
            a = b;
        }
    }

    /// A `drain` event within the range is an occurrence of its reason.
    fn count_occurrence(&mut self, ev: &ResourceEvent, t: f64) {
        if let ResourceEventKind::Drain(change) = &ev.kind {
            if t >= self.since {
                let i = self.intern(change.reason.as_deref().unwrap_or(""));
                self.reasons[i as usize].occurrences += 1;
            }
        }
    }

    /// The index of `reason` (grouped when asked). A million events'
    /// pass asks this at every change of a drained rank: a reason met
    /// before costs no allocation (ungrouped; grouping writes the reason
    /// anew).
    fn intern(&mut self, reason: &str) -> u32 {
        if let Some((last, i)) = &self.last_reason {
            if last == reason {
                return *i;
            }
        }
        let i = match self.group {
            true => self.index_of(group_reason(reason)),
            false => match self.reason_index.get(reason) {
                Some(&i) => i,
                None => self.index_of(reason.to_string()),
            },
        };
        match &mut self.last_reason {
            Some((last, j)) => {
                last.clear();
                last.push_str(reason);
                *j = i;
            }
            None => self.last_reason = Some((reason.to_string(), i)),
        }
        i
    }

    /// The index of reason `key`, a new one when it is new.
    fn index_of(&mut self, key: String) -> u32 {
        if let Some(&i) = self.reason_index.get(&key) {
            return i;
        }
        let i = self.reasons.len() as u32;
        self.reasons.push(ReasonFigures {
            reason: key.clone(),
            node_hours: 0.0,
            occurrences: 0,
        });
        self.reason_index.insert(key, i);
        i
    }

    /// `rank`'s state after an event at `t` (on a restart, `in_instance`
    /// says whether it is known from now on): when it changed, the time
    /// since the last change goes to the old state.
    fn update(&mut self, state: &State, rank: u32, t: f64, in_instance: Option<bool>) {
        let Some(old) = self.tracks.get(rank as usize).map(|tr| tr.now) else {
            return;
        };
        let drained = state.drain_reason(rank).map(|r| match old.drained {
            // Most changes of a drained rank keep its reason (it goes
            // offline, or comes back): one comparison, no hashing.
            Some(i) if !self.group && self.reasons[i as usize].reason == r => i,
            _ => self.intern(r),
        });
        let now = Now {
            known: in_instance.unwrap_or(old.known),
            online: state.is_online(rank),
            excluded: state.is_excluded(rank),
            drained,
        };
        if now == old {
            return;
        }
        if let Some(chart) = self.chart.as_mut() {
            chart.change(old.slot(), now.slot());
        }
        self.close(rank, t);
        let (since, until) = (self.since, self.until);
        let track = &mut self.tracks[rank as usize];
        if now.known && old.drained.is_none() && now.drained.is_some() && t >= since {
            track.figures.drains += 1;
        }
        match (old.known && !old.available(), now.known && !now.available()) {
            (false, true) => track.outage_from = Some(t),
            (true, false) => {
                let from = track.outage_from.take().unwrap_or(t);
                let outage = clip(from, t, since, until);
                let longest = &mut track.figures.longest_outage_seconds;
                *longest = longest.max(outage);
            }
            _ => {}
        }
        self.known_count = self.known_count + u64::from(now.known) - u64::from(old.known);
        self.available_count =
            self.available_count + u64::from(now.available()) - u64::from(old.available());
        track.now = now;
        track.from = t;
    }

    /// Add the time from `rank`'s last change to `t` to its figures and its
    /// reason's.
    fn close(&mut self, rank: u32, t: f64) {
        let track = &mut self.tracks[rank as usize];
        let (now, d) = (track.now, clip(track.from, t, self.since, self.until));
        if !now.known || d <= 0.0 {
            return;
        }
        let f = &mut track.figures;
        f.known_seconds += d;
        if now.available() {
            f.available_seconds += d;
        }
        if !now.online {
            f.offline_seconds += d;
        }
        if now.excluded {
            f.excluded_seconds += d;
        }
        if let Some(reason) = now.drained {
            f.drained_seconds += d;
            self.reasons[reason as usize].node_hours += d / 3600.0;
            let from = track.from.max(self.since);
            if let Some(chart) = self.chart.as_mut() {
                chart.drained(reason, from, from + d);
            }
        }
    }

    /// Close every rank at the end of the range and gather the figures.
    fn finish(mut self, state: &State, findings: Vec<Diagnostic>) -> EventlogHistory {
        let until = self.until;
        let all = state.all();
        let mut nodes = Vec::with_capacity(all.len() as usize);
        for rank in all.iter() {
            if rank as usize >= self.tracks.len() {
                break;
            }
            self.close(rank, until);
            let track = &mut self.tracks[rank as usize];
            if let Some(from) = track.outage_from {
                let outage = clip(from, until, self.since, until);
                let longest = &mut track.figures.longest_outage_seconds;
                *longest = longest.max(outage);
            }
            let mut f = std::mem::take(&mut track.figures);
            f.host = state.host(rank).map(str::to_string);
            f.availability = percent(f.available_seconds, f.known_seconds);
            for s in [
                &mut f.known_seconds,
                &mut f.available_seconds,
                &mut f.drained_seconds,
                &mut f.offline_seconds,
                &mut f.excluded_seconds,
                &mut f.longest_outage_seconds,
            ] {
                *s = round(*s, 3);
            }
            nodes.push(f);
        }
        let chart = self.chart.take().map(|c| {
            let labels: Vec<String> = self.reasons.iter().map(|r| r.reason.clone()).collect();
            c.finish(until, &labels)
        });
        let mut reasons = std::mem::take(&mut self.reasons);
        reasons
            .iter_mut()
            .for_each(|r| r.node_hours = round(r.node_hours, 3));
        reasons.sort_by(|a, b| {
            (b.node_hours.total_cmp(&a.node_hours))
                .then(b.occurrences.cmp(&a.occurrences))
                .then_with(|| a.reason.cmp(&b.reason))
        });
        let (days, weeks) = self.periods();
        let known: f64 = self.days.iter().map(|d| d.0).sum();
        let available: f64 = self.days.iter().map(|d| d.1).sum();
        EventlogHistory {
            since: self.since,
            until,
            known_node_seconds: round(known, 3),
            available_node_seconds: round(available, 3),
            availability: percent(available, known),
            nodes,
            reasons,
            days,
            weeks,
            findings,
            chart,
        }
    }

    /// The days and the ISO weeks (the days' sums by week).
    fn periods(&self) -> (Vec<PeriodFigures>, Vec<PeriodFigures>) {
        let mut days = Vec::with_capacity(self.days.len());
        let mut weeks: Vec<(i64, f64, f64)> = Vec::new();
        for (i, &(known, available)) in self.days.iter().enumerate() {
            let day = self.first_day + i as i64;
            days.push(period(day, known, available));
            // 1970-01-01 was a Thursday: Monday is 3 days before it.
            let monday = day - (day + 3).rem_euclid(7);
            match weeks.last_mut() {
                Some(w) if w.0 == monday => {
                    w.1 += known;
                    w.2 += available;
                }
                _ => weeks.push((monday, known, available)),
            }
        }
        let weeks = weeks.into_iter().map(|(d, k, a)| period(d, k, a)).collect();
        (days, weeks)
    }
}

/// A period's row from its first day and its node-seconds.
fn period(day: i64, known: f64, available: f64) -> PeriodFigures {
    let (y, m, d) = crate::time::civil_from_days(i128::from(day));
    PeriodFigures {
        start: format!("{y:04}-{m:02}-{d:02}"),
        known_node_hours: round(known / 3600.0, 3),
        available_node_hours: round(available / 3600.0, 3),
        availability: percent(available, known),
    }
}

/// `part` over `whole` in percent, to 3 decimals; `None` when `whole` is 0.
fn percent(part: f64, whole: f64) -> Option<f64> {
    (whole > 0.0).then(|| round(100.0 * part / whole, 3))
}

/// `x` rounded to `places` decimals, so that figures print the same on
/// every platform and sum order.
fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

/// The base58 alphabet of Flux's F58 job ids.
const BASE58: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// A reason with what varies between drains of one cause replaced, for
/// `--group-reasons`: a word (a run of letters and digits) that starts
/// with `f` or `ƒ` followed by at least two base58 characters, one of
/// them a digit, is a Flux job id and becomes `<jobid>`; every other run
/// of decimal digits, with any `.` followed by more digits inside it
/// (`12`, `12.5`, `10.0.3.1`), becomes `<n>`. So `epilog failed for job
/// ƒ2Q5xK7` and `epilog failed for job f3MNb1` group as `epilog failed
/// for job <jobid>`, and `node42 temp 91.5C` as `node<n> temp <n>C`.
pub fn group_reason(reason: &str) -> String {
    let chars: Vec<char> = reason.chars().collect();
    let mut out = String::with_capacity(reason.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let word_start = i == 0 || !chars[i - 1].is_alphanumeric();
        if word_start && (c == 'f' || c == 'ƒ') {
            let end = (i..chars.len())
                .find(|&j| !chars[j].is_alphanumeric())
                .unwrap_or(chars.len());
            let tail = &chars[i + 1..end];
            if tail.len() >= 2
                && tail.iter().all(|c| BASE58.contains(*c))
                && tail.iter().any(char::is_ascii_digit)
            {
                out.push_str("<jobid>");
                i = end;
                continue;
            }
        }
        if c.is_ascii_digit() {
            i += 1;
            loop {
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                match (chars.get(i), chars.get(i + 1)) {
                    (Some('.'), Some(d)) if d.is_ascii_digit() => i += 1,
                    _ => break,
                }
            }
            out.push_str("<n>");
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Which figures to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum By {
    /// One row per node.
    #[default]
    Node,
    /// One row per drain reason.
    Reason,
    /// One row per UTC day.
    Day,
    /// One row per ISO week.
    Week,
}

impl By {
    /// `node`, `reason`, `day` or `week`.
    pub fn parse(text: &str) -> Result<By, String> {
        match text {
            "node" => Ok(By::Node),
            "reason" => Ok(By::Reason),
            "day" => Ok(By::Day),
            "week" => Ok(By::Week),
            _ => Err(format!(
                "invalid grouping '{text}': give node, reason, day or week"
            )),
        }
    }

    fn name(self) -> &'static str {
        match self {
            By::Node => "node",
            By::Reason => "reason",
            By::Day => "day",
            By::Week => "week",
        }
    }
}

/// The JSON `rscope resource history --json` prints: the range and the
/// machine's figures, then the rows asked for.
#[derive(Serialize)]
struct Rows<'a, T: Serialize> {
    since: f64,
    until: f64,
    nodes: usize,
    known_node_seconds: f64,
    available_node_seconds: f64,
    availability: Option<f64>,
    by: &'static str,
    rows: &'a [T],
}

impl EventlogHistory {
    /// The figures `by` asks for as one line of JSON and a newline.
    pub fn to_json(&self, by: By) -> String {
        fn rows<T: Serialize>(h: &EventlogHistory, by: By, rows: &[T]) -> String {
            let doc = Rows {
                since: h.since,
                until: h.until,
                nodes: h.nodes.len(),
                known_node_seconds: h.known_node_seconds,
                available_node_seconds: h.available_node_seconds,
                availability: h.availability,
                by: by.name(),
                rows,
            };
            // Only numbers, strings and options: serializing cannot fail.
            serde_json::to_string(&doc).unwrap_or_default()
        }
        let mut s = match by {
            By::Node => rows(self, by, &self.nodes),
            By::Reason => rows(self, by, &self.reasons),
            By::Day => rows(self, by, &self.days),
            By::Week => rows(self, by, &self.weeks),
        };
        s.push('\n');
        s
    }

    /// The figures `by` asks for as a table under a line that names the
    /// range and the machine's availability.
    pub fn to_text(&self, by: By) -> String {
        let mut out = format!(
            "{} to {}: {} {}, {} available\n",
            crate::time::utc(self.since),
            crate::time::utc(self.until),
            self.nodes.len(),
            if self.nodes.len() == 1 {
                "node"
            } else {
                "nodes"
            },
            shown_percent(self.availability),
        );
        let (header, right, rows): (&[&str], &[bool], Vec<Vec<String>>) = match by {
            By::Node => (
                &[
                    "RANK",
                    "HOST",
                    "DRAINED",
                    "OFFLINE",
                    "DRAINS",
                    "LONGEST",
                    "AVAILABLE",
                ],
                &[true, false, true, true, true, true, true],
                (self.nodes.iter())
                    .map(|n| {
                        vec![
                            n.rank.to_string(),
                            n.host.clone().unwrap_or_default(),
                            hms(n.drained_seconds),
                            hms(n.offline_seconds),
                            n.drains.to_string(),
                            hms(n.longest_outage_seconds),
                            shown_percent(n.availability),
                        ]
                    })
                    .collect(),
            ),
            By::Reason => (
                &["NODE-HOURS", "TIMES", "REASON"],
                &[true, true, false],
                (self.reasons.iter())
                    .map(|r| {
                        vec![
                            format!("{:.2}", r.node_hours),
                            r.occurrences.to_string(),
                            r.reason.clone(),
                        ]
                    })
                    .collect(),
            ),
            By::Day | By::Week => (
                &[
                    if by == By::Day { "DAY" } else { "WEEK OF" },
                    "AVAILABLE",
                    "NODE-HOURS",
                    "KNOWN",
                ],
                &[false, true, true, true],
                (if by == By::Day {
                    &self.days
                } else {
                    &self.weeks
                })
                .iter()
                .map(|p| {
                    vec![
                        p.start.clone(),
                        shown_percent(p.availability),
                        format!("{:.2}", p.available_node_hours),
                        format!("{:.2}", p.known_node_hours),
                    ]
                })
                .collect(),
            ),
        };
        table(&mut out, header, right, &rows);
        out
    }
}

/// Rows under a header, columns as wide as their widest cell, two spaces
/// apart; the last column is not padded.
fn table(out: &mut String, header: &[&str], right: &[bool], rows: &[Vec<String>]) {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (i, cell) in row.iter().enumerate() {
            let pad = widths[i] - cell.chars().count();
            if i > 0 {
                line.push_str("  ");
            }
            if right[i] {
                line.extend(std::iter::repeat_n(' ', pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                if i + 1 < row.len() {
                    line.extend(std::iter::repeat_n(' ', pad));
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// A percentage to two decimals, or `-` when nothing was known.
fn shown_percent(p: Option<f64>) -> String {
    p.map_or_else(|| "-".to_string(), |p| format!("{p:.2}%"))
}

/// Seconds as `H:MM:SS`, with days before them when there are any
/// (`3d 04:05:06`), rounded to the second.
fn hms(secs: f64) -> String {
    let s = secs.round() as u64;
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    match d {
        0 => format!("{h}:{m:02}:{s:02}"),
        d => format!("{d}d {h:02}:{m:02}:{s:02}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sunday 2024-01-07 00:00:00 UTC.
    const SUN: f64 = 1_704_585_600.0;
    const H: f64 = 3600.0;

    /// Two nodes over two days, the events hours from `SUN`:
    /// -1 truncate, -0.5 online 0 (both unknown: no restart yet),
    /// 0 restart (0 online), 6 online 1, 12 drain 1 "epilog f3MNb1 failed",
    /// 18 drain 1 overwrite 1 "epilog f4Abc2 failed", 30 undrain 1,
    /// 42 offline 0, 48 online 0.
    fn log() -> ResourceEventlog {
        let ev = |h: f64, name: &str, ctx: &str| {
            format!(
                "{{\"timestamp\":{},\"name\":\"{name}\",\"context\":{ctx}}}\n",
                SUN + h * H
            )
        };
        let text = [
            ev(-1.0, "truncate", "{}"),
            ev(-0.5, "online", r#"{"idset":"0"}"#),
            ev(
                0.0,
                "restart",
                r#"{"ranks":"0-1","online":"0","nodelist":"n[0-1]"}"#,
            ),
            ev(6.0, "online", r#"{"idset":"1"}"#),
            ev(
                12.0,
                "drain",
                r#"{"idset":"1","nodelist":"n1","reason":"epilog f3MNb1 failed","overwrite":0}"#,
            ),
            ev(
                18.0,
                "drain",
                r#"{"idset":"1","nodelist":"n1","reason":"epilog f4Abc2 failed","overwrite":1}"#,
            ),
            ev(30.0, "undrain", r#"{"idset":"1","nodelist":"n1"}"#),
            ev(42.0, "offline", r#"{"idset":"0"}"#),
            ev(48.0, "online", r#"{"idset":"0"}"#),
        ]
        .concat();
        let log = super::super::read(&text);
        assert_eq!(log.findings, []);
        log
    }

    fn hours(pairs: &[(&str, f64, u32)]) -> Vec<ReasonFigures> {
        (pairs.iter())
            .map(|&(reason, node_hours, occurrences)| ReasonFigures {
                reason: reason.into(),
                node_hours,
                occurrences,
            })
            .collect()
    }

    #[test]
    fn figures_count_known_time_only_and_give_each_interval_its_reason() {
        let h = history(&log(), &HistoryOptions::default()).unwrap();
        assert_eq!((h.since, h.until), (SUN - H, SUN + 48.0 * H));
        // Known from the restart: 2 nodes × 48 h. Available: node 0 all
        // but 42-48 (42 h), node 1 6-12 and 30-48 (24 h): 66 / 96.
        assert_eq!(
            (
                h.known_node_seconds,
                h.available_node_seconds,
                h.availability
            ),
            (96.0 * H, 66.0 * H, Some(68.75))
        );
        let n1 = &h.nodes[1];
        assert_eq!(h.nodes[0].longest_outage_seconds, 6.0 * H);
        assert_eq!(h.nodes[0].availability, Some(87.5));
        assert_eq!(
            (n1.host.as_deref(), n1.known_seconds, n1.offline_seconds),
            (Some("n1"), 48.0 * H, 6.0 * H)
        );
        // One drain (the overwrite is no new drain), 12-30 h.
        assert_eq!(
            (n1.drained_seconds, n1.drains, n1.longest_outage_seconds),
            (18.0 * H, 1, 18.0 * H)
        );
        assert_eq!(n1.availability, Some(50.0));
        // 12-18 h to the first reason, 18-30 h to the one that replaced it.
        assert_eq!(
            h.reasons,
            hours(&[
                ("epilog f4Abc2 failed", 12.0, 1),
                ("epilog f3MNb1 failed", 6.0, 1)
            ])
        );
        // Saturday is all unknown; Sunday: node 0 24 h, node 1 6 h of 48;
        // Monday: 18 h and 18 h of 48; Tuesday starts at the range's end.
        let days: Vec<_> = (h.days.iter())
            .map(|d| (d.start.as_str(), d.known_node_hours, d.availability))
            .collect();
        assert_eq!(
            days,
            [
                ("2024-01-06", 0.0, None),
                ("2024-01-07", 48.0, Some(62.5)),
                ("2024-01-08", 48.0, Some(75.0)),
                ("2024-01-09", 0.0, None),
            ]
        );
        // ISO weeks start on Monday: Saturday and Sunday are one week.
        let weeks: Vec<_> = (h.weeks.iter())
            .map(|d| (d.start.as_str(), d.availability))
            .collect();
        assert_eq!(
            weeks,
            [("2024-01-01", Some(62.5)), ("2024-01-08", Some(75.0))]
        );
    }

    #[test]
    fn a_range_clips_time_and_counts_the_drains_within_it() {
        let opts = HistoryOptions {
            since: Some(SUN + 24.0 * H),
            until: Some(SUN + 36.0 * H),
            group_reasons: true,
            ..HistoryOptions::default()
        };
        let h = history(&log(), &opts).unwrap();
        let n1 = &h.nodes[1];
        // Drained 24-30 h of 24-36, by a drain before the range.
        assert_eq!(
            (n1.known_seconds, n1.drained_seconds, n1.drains),
            (12.0 * H, 6.0 * H, 0)
        );
        assert_eq!(
            (n1.longest_outage_seconds, n1.availability),
            (6.0 * H, Some(50.0))
        );
        assert_eq!(h.reasons, hours(&[("epilog <jobid> failed", 6.0, 0)]));
        let whole = HistoryOptions {
            group_reasons: true,
            ..HistoryOptions::default()
        };
        let h = history(&log(), &whole).unwrap();
        assert_eq!(h.reasons, hours(&[("epilog <jobid> failed", 18.0, 2)]));
        let backwards = HistoryOptions {
            since: Some(SUN),
            until: Some(SUN - 1.0),
            ..HistoryOptions::default()
        };
        assert_eq!(
            history(&log(), &backwards).unwrap_err(),
            "the range ends (2024-01-06 23:59:59 UTC) before it starts (2024-01-07 00:00:00 UTC)"
        );
        // From 1 000 000 000 000 s before the epoch (day -11 574 075) to
        // 2024-01-09 (day 19 731).
        let far = HistoryOptions {
            since: Some(-1e12),
            ..HistoryOptions::default()
        };
        assert_eq!(
            history(&log(), &far).unwrap_err(),
            "the range spans 11593807 days, more than 100000: give --since and --until"
        );
    }

    #[test]
    fn times_far_from_now_are_figures_or_an_error_never_a_panic() {
        // At 10^21 s a double's step (131 072 s) is longer than a day.
        let text = "{\"timestamp\":1e21,\"name\":\"restart\",\"context\":{\"ranks\":\"0\",\"online\":\"0\",\"nodelist\":\"n0\"}}\n\
                    {\"timestamp\":1000000000000000262144,\"name\":\"offline\",\"context\":{\"idset\":\"0\"}}\n";
        let log = super::super::read(text);
        let h = history(&log, &HistoryOptions::default()).unwrap();
        assert_eq!(h.nodes[0].availability, Some(100.0));
        assert_eq!(h.nodes[0].available_seconds, 262_144.0);
        let far = HistoryOptions {
            since: Some(-1e300),
            ..HistoryOptions::default()
        };
        let err = history(&log, &far).unwrap_err();
        assert!(
            err.ends_with("days, more than 100000: give --since and --until"),
            "{err}"
        );
    }

    #[test]
    fn grouping_replaces_numbers_and_job_ids_only() {
        let cases = [
            (
                "epilog failed for job ƒ2Q5xK7",
                "epilog failed for job <jobid>",
            ),
            ("job f3MNb1: exit 137", "job <jobid>: exit <n>"),
            ("node42 temp 91.5C at 10.0.3.1", "node<n> temp <n>C at <n>"),
            ("nodediag failed amdgpu", "nodediag failed amdgpu"),
            ("fed up; f12l", "fed up; f<n>l"),
            ("v1.", "v<n>."),
            ("", ""),
        ];
        for (reason, grouped) in cases {
            assert_eq!(group_reason(reason), grouped, "{reason}");
        }
    }

    #[test]
    fn text_and_json_show_the_rows_asked_for() {
        let h = history(&log(), &HistoryOptions::default()).unwrap();
        assert_eq!(
            h.to_text(By::Reason),
            "2024-01-06 23:00:00 UTC to 2024-01-09 00:00:00 UTC: 2 nodes, 68.75% available\n\
             NODE-HOURS  TIMES  REASON\n\
             \x20    12.00      1  epilog f4Abc2 failed\n\
             \x20     6.00      1  epilog f3MNb1 failed\n"
        );
        assert_eq!(
            h.to_json(By::Week),
            format!(
                "{{\"since\":{:.1},\"until\":{:.1},\"nodes\":2,\"known_node_seconds\":345600.0,\
                 \"available_node_seconds\":237600.0,\"availability\":68.75,\"by\":\"week\",\"rows\":[\
                 {{\"start\":\"2024-01-01\",\"known_node_hours\":48.0,\"available_node_hours\":30.0,\"availability\":62.5}},\
                 {{\"start\":\"2024-01-08\",\"known_node_hours\":48.0,\"available_node_hours\":36.0,\"availability\":75.0}}]}}\n",
                SUN - H,
                SUN + 48.0 * H
            )
        );
        assert_eq!(hms(3.0 * DAY + 3661.4), "3d 01:01:01");
        assert_eq!(
            By::parse("month").unwrap_err(),
            "invalid grouping 'month': give node, reason, day or week"
        );
    }
}
