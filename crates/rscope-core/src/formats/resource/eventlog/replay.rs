//! The state at an instant, as flux-core's resource module computes it
//! from its eventlog and its monitor (`drain.c`, `upgrade.c`,
//! `monitor.c`), written as the `resource.status` payload it would have
//! answered (`status.c`).
//!
//! A `restart` starts the module again: its `ranks` are the instance, its
//! `online` the ranks up, its `nodelist` the rank:host map every later
//! drain is checked against, nothing is torpid, and drained ranks that are
//! excluded are undrained (`reconcile_excluded`). A `resource-init` (before
//! 0.62) does the same with its own drain map and exclusions, and events
//! before it no longer count, as `upgrade.c` drops them.

use super::super::rv1::Rv1;
use super::super::status::{DrainInfo, ResourceStatus, StatusSets};
use super::history::HistoryPass;
use super::{
    DrainChange, EventlogHistory, HistoryOptions, ResourceEvent, ResourceEventKind,
    ResourceEventlog,
};
use crate::diag::{pointer_push, Diagnostic};
use crate::idset::IdSet;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// What `rscope resource replay` is asked.
#[derive(Clone, Debug, Default)]
pub struct ReplayOptions<'a> {
    /// The instant (seconds since the epoch); `None` is after the last
    /// event.
    pub at: Option<f64>,
    /// The instance's R as text (`--R`); else a journal response's `R`.
    pub r: Option<&'a str>,
    /// Ranks excluded by configuration, which a log after 0.62 does not
    /// record (`--exclude`); else the last `resource-init`'s.
    pub exclude: Option<IdSet>,
}

/// A replay's answer: the payload and what the replay found.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// The `resource.status` payload: `R`, `drain`, `online`, `offline`,
    /// `exclude`, `torpid`, in the order the module packs them.
    pub payload: Value,
    /// Findings about events as they were applied.
    pub findings: Vec<Diagnostic>,
    /// How many events were at or before the instant.
    pub applied: usize,
}

impl Replayed {
    /// The payload as compact JSON and a newline.
    pub fn to_json(&self) -> String {
        let mut s = self.payload.to_string();
        s.push('\n');
        s
    }
}

/// A drained rank: since when (the module keeps the fraction; the payload
/// rounds it) and why.
#[derive(Clone, Debug)]
struct Drained {
    timestamp: f64,
    reason: Option<String>,
}

/// The module's state between events: replay and history step it
/// event by event with [`State::apply`].
#[derive(Clone, Default)]
pub(super) struct State {
    /// The broker count of the last `restart`.
    size: Option<u32>,
    /// R's ranks, when R is known.
    r_ranks: Option<IdSet>,
    /// R's host names in rank order, when R is known (kept for
    /// [`State::status`]; shared by every checkpoint).
    r_hosts: Option<Rc<Vec<String>>>,
    /// Each rank's host now, when known (shared with the checkpoints and
    /// the statuses made: a step of the page's slider copied 16 384 names).
    hosts: Option<Rc<Vec<String>>>,
    /// The first rank of each host in `hosts` (built when first asked).
    host_rank: Option<Rc<HashMap<String, u32>>>,
    online: IdSet,
    torpid: IdSet,
    exclude: IdSet,
    /// The exclusions given by the caller, which win over the log's.
    exclude_given: Option<IdSet>,
    drained: BTreeMap<u32, Drained>,
    /// Every rank an event named, for an R made when none is known.
    seen: IdSet,
    findings: Vec<Diagnostic>,
}

/// Replay `log` to `opts.at`: the payload `resource.status` would have
/// answered, or why the R given cannot be read.
pub fn replay(log: &ResourceEventlog, opts: &ReplayOptions<'_>) -> Result<Replayed, String> {
    let (state, r) = State::start(log, opts.r, opts.exclude.as_ref())?;
    Ok(replay_from(log, 0, state, r, opts.at))
}

/// Replay the events from index `from` on (those at or before `at`) to
/// `state`, the state after the events before `from`.
fn replay_from(
    log: &ResourceEventlog,
    from: usize,
    state: State,
    r: Option<Map<String, Value>>,
    at: Option<f64>,
) -> Replayed {
    let (state, r, applied) = advance(log, from, state, r, at);
    let r = match r {
        Some(obj) => Value::Object(obj),
        None => state.made_r(),
    };
    Replayed {
        payload: state.payload(r),
        findings: state.findings,
        applied,
    }
}

/// The state, the R and how many events were applied after the events
/// from index `from` on that are at or before `at`.
fn advance(
    log: &ResourceEventlog,
    from: usize,
    mut state: State,
    mut r: Option<Map<String, Value>>,
    at: Option<f64>,
) -> (State, Option<Map<String, Value>>, usize) {
    let mut applied = from;
    for ev in &log.events[from..] {
        if at.is_some_and(|at| ev.timestamp > at) {
            continue;
        }
        applied += 1;
        state.apply(ev, r.as_mut());
    }
    (state, r, applied)
}

/// A log replayed to many instants, as the page's timeline asks at each
/// step of its slider: the state is kept after every so many events
/// (at most [`CHECKPOINTS`] of them), so an instant replays from the
/// last one it may start from, not from the first event. What it answers
/// is what [`replay`] answers.
pub struct Replayer {
    log: std::rc::Rc<ResourceEventlog>,
    /// The latest time among the first `i + 1` events: a checkpoint after
    /// `k` events serves an instant at or after `latest[k - 1]` (events
    /// out of order are skipped as replay skips them).
    latest: Vec<f64>,
    /// The state after the first `k` events, with the R as it was then.
    checkpoints: Vec<Checkpoint>,
    /// The history's figures, when asked ([`Replayer::with_history`]),
    /// until taken: a log's figures (up to tens of thousands of reasons)
    /// are used once, and the replayer is kept for every later moment.
    history: std::cell::RefCell<Option<Result<EventlogHistory, String>>>,
}

/// How many events were applied, the state then, and the R then.
type Checkpoint = (usize, State, Option<Map<String, Value>>);

/// The most states a [`Replayer`] keeps.
pub const CHECKPOINTS: usize = 32;

impl Replayer {
    /// Read `log` once, keeping its states as it goes; as [`replay`], it
    /// fails when the R given cannot be read.
    pub fn new(
        log: std::rc::Rc<ResourceEventlog>,
        opts: &ReplayOptions<'_>,
    ) -> Result<Replayer, String> {
        Replayer::read(log, opts, None)
    }

    /// [`Replayer::new`], keeping [`history`]'s figures of the same log
    /// over the range `history_opts` asks ([`Replayer::take_history`]), counted
    /// in the same pass; their R and exclusions are `opts`'s, whatever
    /// `history_opts` says.
    ///
    /// [`history`]: super::history
    pub fn with_history(
        log: std::rc::Rc<ResourceEventlog>,
        opts: &ReplayOptions<'_>,
        history_opts: &HistoryOptions<'_>,
    ) -> Result<Replayer, String> {
        Replayer::read(log, opts, Some(history_opts))
    }

    /// The figures [`Replayer::with_history`] counted, or why the range
    /// asked could not be, taken: `None` from [`Replayer::new`] and after
    /// the first call.
    pub fn take_history(&self) -> Option<Result<EventlogHistory, String>> {
        self.history.borrow_mut().take()
    }

    /// The replay of `log` with its states kept and, asked, the history's
    /// pass fed the same steps.
    fn read(
        log: std::rc::Rc<ResourceEventlog>,
        opts: &ReplayOptions<'_>,
        history_opts: Option<&HistoryOptions<'_>>,
    ) -> Result<Replayer, String> {
        let (mut state, mut r) = State::start(&log, opts.r, opts.exclude.as_ref())?;
        let (mut pass, mut figures) =
            match history_opts.map(|h| HistoryPass::start(&log, h, &state)) {
                Some(Ok(pass)) => (Some(pass), None),
                Some(Err(e)) => (None, Some(Err(e))),
                None => (None, None),
            };
        let every = (log.events.len() / CHECKPOINTS).max(4096);
        let mut checkpoints = vec![(0, state.clone(), r.clone())];
        let mut latest = Vec::with_capacity(log.events.len());
        let mut max = f64::NEG_INFINITY;
        for (i, ev) in log.events.iter().enumerate() {
            // The pass reads no event after the first beyond its range.
            if let Some(p) = pass.take_if(|p| !p.wants(ev)) {
                figures = Some(Ok(p.finish(&log, &state)));
            }
            let touched = state.apply(ev, r.as_mut());
            if let Some(p) = pass.as_mut() {
                p.step(ev, touched, &state);
            }
            max = max.max(ev.timestamp);
            latest.push(max);
            if (i + 1) % every == 0 && i + 1 < log.events.len() {
                checkpoints.push((i + 1, state.clone(), r.clone()));
            }
        }
        if let Some(p) = pass {
            figures = Some(Ok(p.finish(&log, &state)));
        }
        Ok(Replayer {
            log,
            latest,
            checkpoints,
            history: std::cell::RefCell::new(figures),
        })
    }

    /// The log replayed.
    pub fn log(&self) -> &ResourceEventlog {
        &self.log
    }

    /// The replay to `at` (`None`: after the last event).
    pub fn at(&self, at: Option<f64>) -> Replayed {
        let (from, state, r) = self.checkpoint(at);
        replay_from(&self.log, *from, state.clone(), r.clone(), at)
    }

    /// What [`Replayer::at`]'s payload reads into, and how many events
    /// were applied, made from the state with no payload written and read
    /// back: the page's slider asks this at every step, and for 16 384
    /// nodes writing the payload's R and reading it again took five times
    /// as long as the replay.
    pub fn status_at(&self, at: Option<f64>) -> (ResourceStatus, usize) {
        let (from, state, r) = self.checkpoint(at);
        let (state, _, applied) = advance(&self.log, *from, state.clone(), r.clone(), at);
        (state.status(), applied)
    }

    /// The last checkpoint an instant `at` may start from.
    fn checkpoint(&self, at: Option<f64>) -> &Checkpoint {
        let t = at.unwrap_or(f64::INFINITY);
        (self.checkpoints.iter().rev())
            .find(|(k, ..)| *k == 0 || self.latest[k - 1] <= t)
            .unwrap_or(&self.checkpoints[0])
    }
}

/// The ranks an event may have changed the state of (drained, online,
/// excluded), so that `history` looks at those only.
#[derive(Debug)]
pub(super) enum Touched {
    /// None of them.
    None,
    /// Every rank (a restart, a `resource-init`).
    All,
    /// These ranks.
    Ranks(IdSet),
}

impl State {
    /// The state before the first event, with the R given as text (else
    /// the journal's) and the exclusions given, and that R (less its
    /// graph) as the payload's.
    pub(super) fn start(
        log: &ResourceEventlog,
        r_text: Option<&str>,
        exclude: Option<&IdSet>,
    ) -> Result<(State, Option<Map<String, Value>>), String> {
        let r = match r_text {
            Some(text) => Some(serde_json::from_str::<Value>(text).map_err(|e| format!("R: {e}"))?),
            None => log.r.clone(),
        };
        let mut state = State {
            exclude: exclude.cloned().unwrap_or_default(),
            exclude_given: exclude.cloned(),
            ..State::default()
        };
        let r = match r {
            Some(Value::Object(mut obj)) => {
                // The module answers with R less its graph (`thin_copy_del`).
                obj.remove("scheduling");
                let rv1 = Rv1::from_text(&Value::Object(obj.clone()).to_string())
                    .map_err(|e| format!("R: {e}"))?;
                state.r_ranks = Some(rv1.ranks());
                let hosts = rv1.rank_infos().map(|(_, i)| i.hostname.clone());
                state.r_hosts = Some(Rc::new(hosts.collect()));
                let has_nodelist = (obj.get("execution"))
                    .and_then(|e| e.get("nodelist"))
                    .and_then(Value::as_array)
                    .is_some_and(|a| !a.is_empty());
                if has_nodelist {
                    state.hosts = state.r_hosts.clone();
                }
                Some(obj)
            }
            Some(_) => return Err("R must be a JSON object".into()),
            None => None,
        };
        Ok((state, r))
    }

    /// Whether `rank` is online now.
    pub(super) fn is_online(&self, rank: u32) -> bool {
        self.online.contains(rank)
    }

    /// Whether `rank` is excluded now.
    pub(super) fn is_excluded(&self, rank: u32) -> bool {
        self.exclude.contains(rank)
    }

    /// `rank`'s drain reason now (`Some("")` when drained without one),
    /// `None` when it is not drained.
    pub(super) fn drain_reason(&self, rank: u32) -> Option<&str> {
        (self.drained.get(&rank)).map(|d| d.reason.as_deref().unwrap_or(""))
    }

    /// `rank`'s host in the last rank:host map, when one is known.
    pub(super) fn host(&self, rank: u32) -> Option<&str> {
        self.hosts.as_ref()?.get(rank as usize).map(String::as_str)
    }

    /// The findings met so far.
    pub(super) fn findings(&self) -> &[Diagnostic] {
        &self.findings
    }

    /// The ranks a drain may name: `max(broker size, R's rank count)`, as
    /// `drain_create` sizes its table; `None` when neither is known.
    pub(super) fn limit(&self) -> Option<u32> {
        let r = self.r_ranks.as_ref().map(|r| r.len() as u32);
        match (self.size, r) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// Every rank of the instance: the last restart's, else R's, else
    /// those the events named.
    pub(super) fn all(&self) -> IdSet {
        match (self.size, &self.r_ranks) {
            (Some(0), _) => IdSet::new(),
            (Some(n), _) => IdSet::from_range(0, n - 1),
            (None, Some(r)) => r.clone(),
            (None, None) => match self.seen.last() {
                Some(last) => IdSet::from_range(0, last),
                None => IdSet::new(),
            },
        }
    }

    /// Apply one event, as the module would, and say which ranks it may
    /// have changed.
    pub(super) fn apply(
        &mut self,
        ev: &ResourceEvent,
        r: Option<&mut Map<String, Value>>,
    ) -> Touched {
        use ResourceEventKind as K;
        match &ev.kind {
            K::Restart {
                ranks,
                online,
                nodelist,
            } => {
                if let Some(ranks) = ranks {
                    self.size = Some(ranks.last().map_or(0, |l| l + 1));
                    self.seen = self.seen.union(ranks);
                }
                self.online = online.clone().unwrap_or_default();
                self.torpid = IdSet::new();
                if let Some(hl) = nodelist {
                    self.new_host_map(hl.iter().collect());
                }
                self.reconcile_excluded();
                Touched::All
            }
            K::ResourceInit {
                online,
                exclude,
                drain,
            } => {
                self.online = online.clone();
                self.torpid = IdSet::new();
                self.exclude = self
                    .exclude_given
                    .clone()
                    .unwrap_or_else(|| exclude.clone());
                self.seen = self.seen.union(online).union(exclude);
                // upgrade.c keeps only the last resource-init's drain map,
                // made into drain events without an overwrite key.
                self.drained.clear();
                for d in drain {
                    self.seen = self.seen.union(&d.ranks);
                    for rank in d.ranks.iter() {
                        self.drain_rank(rank, d.timestamp, &d.reason, 1);
                    }
                }
                self.reconcile_excluded();
                Touched::All
            }
            K::ResourceUpdate {
                expiration: Some(expiration),
            } => {
                let execution = r.and_then(|r| r.get_mut("execution"));
                if let Some(Value::Object(e)) = execution {
                    e.insert("expiration".into(), json!(expiration));
                }
                Touched::None
            }
            K::Drain(change) => {
                let targets = self.targets(ev, change);
                for rank in targets.iter() {
                    self.drain_rank(rank, ev.timestamp, &change.reason, change.overwrite);
                }
                Touched::Ranks(targets)
            }
            K::Undrain(change) => {
                let targets = self.targets(ev, change);
                for rank in targets.iter() {
                    self.drained.remove(&rank);
                }
                Touched::Ranks(targets)
            }
            K::Online(ids) => {
                let ids = self.within(ev, ids);
                ids.ranges()
                    .iter()
                    .for_each(|&(lo, hi)| self.online.insert_range(lo, hi));
                Touched::Ranks(ids)
            }
            K::Offline(ids) => {
                let ids = self.within(ev, ids);
                ids.ranges()
                    .iter()
                    .for_each(|&(lo, hi)| self.online.remove_range(lo, hi));
                Touched::Ranks(ids)
            }
            K::Torpid(ids) => {
                let ids = self.within(ev, ids);
                ids.ranges()
                    .iter()
                    .for_each(|&(lo, hi)| self.torpid.insert_range(lo, hi));
                // Torpid ranks are still online: no change to availability.
                Touched::None
            }
            K::Lively(ids) => {
                let ids = self.within(ev, ids);
                ids.ranges()
                    .iter()
                    .for_each(|&(lo, hi)| self.torpid.remove_range(lo, hi));
                Touched::None
            }
            K::ResourceDefine { .. }
            | K::ResourceUpdate { expiration: None }
            | K::Truncate
            | K::Unknown => Touched::None,
        }
    }

    /// A restart's rank:host map. The module replays its drains again
    /// with it, each found by its host (`decode_targets`), so a drained
    /// rank whose host moved follows the host, and one whose host left the
    /// instance is no longer drained.
    fn new_host_map(&mut self, hosts: Vec<String>) {
        let old = self.hosts.replace(Rc::new(hosts));
        self.host_rank = None;
        let Some(old) = old else { return };
        if self.hosts.as_ref() == Some(&old) {
            return;
        }
        let drained = std::mem::take(&mut self.drained);
        for (rank, d) in drained {
            let now = self.hosts.as_ref().and_then(|h| h.get(rank as usize));
            let rank = match old.get(rank as usize) {
                Some(host) if now != Some(host) => match self.rank_of(host) {
                    Some(r) => r,
                    None => continue,
                },
                _ => rank,
            };
            self.drained.insert(rank, d);
        }
    }

    /// `draininfo_drain_rank`: a drained rank with a reason keeps it under
    /// overwrite 0; otherwise the reason is replaced, and the time too
    /// when the rank was not drained or under overwrite 2.
    fn drain_rank(&mut self, rank: u32, timestamp: f64, reason: &Option<String>, overwrite: u8) {
        match self.drained.get_mut(&rank) {
            Some(d) if overwrite == 0 && d.reason.is_some() => {}
            Some(d) => {
                d.reason = reason.clone();
                if overwrite == 2 {
                    d.timestamp = timestamp;
                }
            }
            None => {
                let reason = reason.clone();
                self.drained.insert(rank, Drained { timestamp, reason });
            }
        }
    }

    /// `reconcile_excluded`: excluded ranks cannot be drained.
    fn reconcile_excluded(&mut self) {
        let exclude = &self.exclude;
        self.drained.retain(|rank, _| !exclude.contains(*rank));
    }

    /// `ids` less the ranks outside the instance, with a finding for them.
    fn within(&mut self, ev: &ResourceEvent, ids: &IdSet) -> IdSet {
        self.see(ids);
        let Some(limit) = self.limit() else {
            return ids.clone();
        };
        let outside = match limit {
            0 => ids.clone(),
            n => ids.difference(&IdSet::from_range(0, n - 1)),
        };
        if outside.is_empty() {
            return ids.clone();
        }
        self.outside(ev, &outside, limit);
        ids.difference(&outside)
    }

    /// Add `ids` to the ranks seen, in place (after a restart they are
    /// all seen already, and most events name one rank).
    fn see(&mut self, ids: &IdSet) {
        ids.ranges()
            .iter()
            .for_each(|&(lo, hi)| self.seen.insert_range(lo, hi));
    }

    fn outside(&mut self, ev: &ResourceEvent, outside: &IdSet, limit: u32) {
        let n = outside.len();
        let instance = match limit {
            0 => "no ranks".to_string(),
            1 => "rank 0".to_string(),
            n => format!("ranks 0-{}", n - 1),
        };
        let pointer = pointer_push(&pointer_push(&ev.pointer, "context"), "idset");
        self.findings.push(Diagnostic::warning(
            format!(
                "{} {outside} {} outside the instance ({instance}): left out",
                if n == 1 { "rank" } else { "ranks" },
                if n == 1 { "is" } else { "are" },
            ),
            ev.span.clone(),
            pointer,
        ));
    }

    /// The first rank of `host` now (`flux_get_rankbyhost`).
    fn rank_of(&mut self, host: &str) -> Option<u32> {
        let hosts = self.hosts.as_ref()?;
        let map = self.host_rank.get_or_insert_with(|| {
            let mut map = HashMap::with_capacity(hosts.len());
            for (i, h) in hosts.iter().enumerate() {
                map.entry(h.clone()).or_insert(i as u32);
            }
            Rc::new(map)
        });
        map.get(host).copied()
    }

    /// `decode_targets`: each rank of a drain or undrain, moved to its
    /// host's rank when the rank:host map changed since (a host no longer
    /// in the instance is dropped), less ranks outside the instance.
    fn targets(&mut self, ev: &ResourceEvent, change: &DrainChange) -> IdSet {
        self.see(&change.ranks);
        let mut names = change.nodelist.as_ref().map(|hl| hl.names());
        let mut out = IdSet::new();
        let mut gone: Vec<String> = Vec::new();
        for rank in change.ranks.iter() {
            let host = names.as_mut().and_then(|n| n.next_name());
            let now = self.hosts.as_ref().map(|h| h.get(rank as usize));
            let rank = match (host, now) {
                (Some(host), Some(now)) if now.map(String::as_str) != Some(host) => {
                    match self.rank_of(host) {
                        Some(r) => r,
                        None => {
                            gone.push(host.to_string());
                            continue;
                        }
                    }
                }
                _ => rank,
            };
            out.insert(rank);
        }
        if !gone.is_empty() {
            let mut hl = crate::hostlist::Hostlist::new();
            gone.iter().for_each(|h| hl.push_host(h));
            let pointer = pointer_push(&pointer_push(&ev.pointer, "context"), "nodelist");
            self.findings.push(Diagnostic::note(
                format!(
                    "{} {hl} no longer in the instance's nodelist: left out of the {}",
                    if gone.len() == 1 { "host" } else { "hosts" },
                    ev.name
                ),
                ev.span.clone(),
                pointer,
            ));
        }
        self.within(ev, &out)
    }

    /// An R of the instance's ranks with no resources, for a log read
    /// without one: host names from the last restart's nodelist.
    fn made_r(&self) -> Value {
        let all = self.all();
        let mut execution = Map::new();
        let r_lite = match all.is_empty() {
            true => json!([]),
            false => json!([{"rank": all.to_string(), "children": {}}]),
        };
        execution.insert("R_lite".into(), r_lite);
        execution.insert("starttime".into(), json!(0.0));
        execution.insert("expiration".into(), json!(0.0));
        if let Some(hosts) = &self.hosts {
            let mut hl = crate::hostlist::Hostlist::new();
            for rank in all.iter() {
                if let Some(h) = hosts.get(rank as usize) {
                    hl.push_host(h);
                }
            }
            if hl.len() == all.len() {
                execution.insert("nodelist".into(), json!([hl.to_string()]));
            }
        }
        json!({"version": 1, "execution": execution})
    }

    /// `drain_get_info`: ranks with the same whole-second time and reason
    /// together, in the order of their first rank.
    fn drain_groups(&self) -> Vec<((i64, &str), IdSet)> {
        let mut groups: Vec<((i64, &str), IdSet)> = Vec::new();
        let mut index: HashMap<(i64, &str), usize> = HashMap::new();
        for (&rank, d) in &self.drained {
            // drain_get_info rounds to whole seconds (`round()`).
            let key = (
                d.timestamp.round() as i64,
                d.reason.as_deref().unwrap_or(""),
            );
            let i = *index.entry(key).or_insert_with(|| {
                groups.push((key, IdSet::new()));
                groups.len() - 1
            });
            groups[i].1.insert(rank);
        }
        groups
    }

    /// `prepare_status_payload`: R, the drain map ([`State::drain_groups`])
    /// and the sets.
    fn payload(&self, r: Value) -> Value {
        let mut drain = Map::new();
        for ((ts, reason), ranks) in self.drain_groups() {
            drain.insert(
                ranks.to_string(),
                json!({"timestamp": ts as f64, "reason": reason}),
            );
        }
        let all = self.all();
        let online = self.online.intersection(&all);
        let mut o = Map::new();
        o.insert("R".into(), r);
        o.insert("drain".into(), Value::Object(drain));
        o.insert("online".into(), json!(online.to_string()));
        o.insert("offline".into(), json!(all.difference(&online).to_string()));
        o.insert("exclude".into(), json!(self.exclude.to_string()));
        o.insert("torpid".into(), json!(self.torpid.to_string()));
        Value::Object(o)
    }

    /// The status [`State::payload`] reads into
    /// ([`ResourceStatus::from_text`]), made from the sets: R's ranks and
    /// hosts when R is known, else those of [`State::made_r`].
    fn status(&self) -> ResourceStatus {
        let all = self.all();
        let online = self.online.intersection(&all);
        let drain = (self.drain_groups().into_iter())
            .map(|((ts, reason), ranks)| {
                let timestamp = crate::output_format::FieldValue::Float(ts as f64);
                let reason = reason.to_string();
                (ranks, DrainInfo { timestamp, reason })
            })
            .collect();
        let sets = StatusSets {
            offline: all.difference(&online),
            online,
            exclude: self.exclude.clone(),
            torpid: self.torpid.clone(),
            drain,
        };
        let (ranks, hosts) = match (&self.r_ranks, &self.r_hosts) {
            (Some(ranks), Some(hosts)) => (ranks.clone(), hosts.clone()),
            _ => {
                let hosts = self.made_hosts(&all);
                (all, hosts)
            }
        };
        ResourceStatus::from_sets(ranks, hosts, sets)
    }

    /// The host of each of `all`'s ranks in [`State::made_r`]'s nodelist,
    /// which it has only when every rank has a host; else `rank<N>`, as
    /// [`Rv1`] names the ranks of an R with no nodelist.
    fn made_hosts(&self, all: &IdSet) -> Rc<Vec<String>> {
        let Some(hosts) = &self.hosts else {
            return Rc::new(all.iter().map(|r| format!("rank{r}")).collect());
        };
        // The usual case, ranks 0 to n - 1 and a host each: the map itself.
        if !hosts.is_empty() && all.ranges() == [(0, hosts.len() as u32 - 1)] {
            return hosts.clone();
        }
        let known: Vec<String> = (all.iter())
            .map_while(|r| hosts.get(r as usize).cloned())
            .collect();
        match known.len() as u64 == all.len() {
            true => Rc::new(known),
            false => Rc::new(all.iter().map(|r| format!("rank{r}")).collect()),
        }
    }
}
