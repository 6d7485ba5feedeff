//! `flux resource status` (and the drain listing) over a saved
//! `resource.status` payload, as flux-core's `flux-resource.py` and
//! `flux.resource.ResourceStatus` compute it.
//!
//! Read from a payload there is no scheduler to ask, so, as in the
//! reference's `--from-stdin`, no rank is allocated or in housekeeping:
//! every drained rank is `drained`, never `draining`.

use super::payload::{self, get};
use super::queues::{ranks_by_queue, Config};
use super::rv1::Rv1;
use super::Combined;
use super::{Printed, Targets};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::tree::JsonObject;
use crate::json::Value as Json;
use crate::output_format::{FieldValue, FormatItem, NamedFormat, OutputFormat};
use crate::rset::Rset;

/// The states `-s` takes, in the order `-s help` lists them.
pub const VALID_STATES: [&str; 11] = [
    "all",
    "online",
    "avail",
    "offline",
    "exclude",
    "drain",
    "draining",
    "drained",
    "torpid",
    "allocated",
    "housekeeping",
];

const DEFAULT_STATES: &str = "avail,exclude,draining,drained,torpid,housekeeping";

/// Field names and their headings.
pub const HEADINGS: [(&str, &str); 12] = [
    ("state", "STATE"),
    ("statex", "STATE"),
    ("nnodes", "NNODES"),
    ("ranks", "RANKS"),
    ("nodelist", "NODELIST"),
    ("reason", "REASON"),
    ("timestamp", "TIME"),
    ("status", "STATUS"),
    ("up", "UP"),
    ("up.ascii", "UP"),
    ("color_up", ""),
    ("color_off", ""),
];

/// Why a rank was drained, and when.
#[derive(Clone, Debug, PartialEq)]
pub struct DrainInfo {
    /// Seconds since the epoch, as the payload wrote it.
    pub timestamp: FieldValue,
    /// The reason given to `flux resource drain`.
    pub reason: String,
}

/// A `resource.status` payload read into rank sets by state
/// (`flux.resource.ResourceStatus`).
#[derive(Clone, Debug)]
pub struct ResourceStatus {
    raw: StatusSets,
    /// Every rank of R, before any filter.
    ranks: IdSet,
    /// The payload's R.
    pub rset: Rv1,
    /// Host names in rank order (shared: a replayed log's statuses use its
    /// rank:host map as it is).
    pub(super) hosts: std::rc::Rc<Vec<String>>,
    /// Every rank of R.
    pub all: IdSet,
    /// Ranks not excluded, drained or torpid.
    pub avail: IdSet,
    /// Ranks whose broker is down.
    pub offline: IdSet,
    /// Ranks whose broker is up.
    pub online: IdSet,
    /// Ranks excluded by configuration.
    pub exclude: IdSet,
    /// Ranks that stopped answering.
    pub torpid: IdSet,
    /// Ranks running a job (none, read from a payload).
    pub allocated: IdSet,
    /// Ranks in housekeeping (none, read from a payload).
    pub housekeeping: IdSet,
    /// Drained ranks with no job.
    pub drained: IdSet,
    /// Drained ranks still running a job.
    pub draining: IdSet,
    /// Each drained rank's entry in `raw.drain`.
    drain_lookup: std::collections::BTreeMap<u32, usize>,
}

/// The payload's sets as written, kept so that a filter starts again from
/// them (the reference's `_recalculate`).
#[derive(Clone, Debug, Default)]
pub(crate) struct StatusSets {
    pub(crate) offline: IdSet,
    pub(crate) online: IdSet,
    pub(crate) exclude: IdSet,
    pub(crate) torpid: IdSet,
    pub(crate) drain: Vec<(IdSet, DrainInfo)>,
}

fn key_error(key: &str) -> String {
    format!("'{key}'")
}

fn idset_field(text: &str, obj: &JsonObject<'_>, key: &str) -> Result<IdSet, String> {
    match get(obj, key) {
        None => Err(key_error(key)),
        Some(Json::StringLit(s)) => {
            let s = s.as_str();
            IdSet::decode(s).map_err(|_| format!("invalid idset '{s}' in {key}"))
        }
        Some(Json::NullKeyword(_)) => Ok(IdSet::new()),
        Some(other) => Err(format!(
            "{key} must be an idset string, not {}",
            payload::compact(text, other)
        )),
    }
}

/// The payload's state sets and drain entries, as written.
fn read_raw(text: &str, obj: &JsonObject<'_>) -> Result<StatusSets, String> {
    Ok(StatusSets {
        offline: idset_field(text, obj, "offline")?,
        online: idset_field(text, obj, "online")?,
        exclude: idset_field(text, obj, "exclude")?,
        torpid: match get(obj, "torpid") {
            None => IdSet::new(),
            Some(_) => idset_field(text, obj, "torpid")?,
        },
        drain: read_drain(text, get(obj, "drain"))?,
    })
}

fn read_drain(text: &str, v: Option<&Json<'_>>) -> Result<Vec<(IdSet, DrainInfo)>, String> {
    let Some(v) = v else {
        return Err(key_error("drain"));
    };
    let Json::Object(entries) = v else {
        return Err("drain must be an object of ranks".into());
    };
    let entries = crate::json::members(entries).0;
    let mut out = Vec::with_capacity(entries.len());
    for m in entries {
        let ranks = m.name;
        let ids = IdSet::decode(ranks).map_err(|_| format!("invalid idset '{ranks}' in drain"))?;
        let Json::Object(entry) = m.value else {
            return Err(format!("drain entry {ranks} must be an object"));
        };
        let timestamp = get(entry, "timestamp").ok_or_else(|| key_error("timestamp"))?;
        let reason = get(entry, "reason").ok_or_else(|| key_error("reason"))?;
        let info = DrainInfo {
            timestamp: payload::field(text, timestamp),
            reason: payload::py_str(text, reason),
        };
        out.push((ids, info));
    }
    Ok(out)
}

impl ResourceStatus {
    /// Read a payload from its JSON tree `payload` of `text`; `None`
    /// (empty input) is the empty status.
    pub fn read(text: &str, payload: Option<&Json<'_>>) -> Result<ResourceStatus, String> {
        let (rset, raw) = match payload {
            None => (Rv1::new(), StatusSets::default()),
            Some(Json::Object(obj)) => {
                let rset = Rv1::read(text, get(obj, "R").ok_or_else(|| key_error("R"))?)?;
                (rset, read_raw(text, obj)?)
            }
            Some(_) => return Err("the resource.status payload must be a JSON object".into()),
        };
        let hosts = rset.rank_infos().map(|(_, i)| i.hostname.clone()).collect();
        Ok(ResourceStatus::assemble(
            rset.ranks(),
            rset,
            std::rc::Rc::new(hosts),
            raw,
        ))
    }

    /// The node states of a payload whose R the page already read into
    /// `set` (with places, for its findings): reading it again with
    /// [`Rv1::read`] cost the page's worker 13 ms on 16 384 nodes, and the
    /// element's bundle the room for a second R reader. The status has no
    /// [`ResourceStatus::rset`] (it is empty), so it answers for states and
    /// drains, not for `flux resource list`'s or `R`'s output.
    pub fn of_set(
        text: &str,
        payload: &JsonObject<'_>,
        set: &Rset,
    ) -> Result<ResourceStatus, String> {
        let raw = read_raw(text, payload)?;
        let hosts = set
            .nodes_by_rank()
            .into_iter()
            .map(|n| n.hostname().unwrap_or_default().to_string())
            .collect();
        Ok(ResourceStatus::assemble(
            set.ranks(),
            Rv1::new(),
            std::rc::Rc::new(hosts),
            raw,
        ))
    }

    /// A status made from its sets rather than read from a payload: a
    /// replayed resource eventlog's ([`crate::resource::eventlog::Replayer::status_at`]).
    /// `hosts` are R's host names in rank order; it has no
    /// [`ResourceStatus::rset`], as [`ResourceStatus::of_set`].
    pub(crate) fn from_sets(
        ranks: IdSet,
        hosts: std::rc::Rc<Vec<String>>,
        sets: StatusSets,
    ) -> ResourceStatus {
        ResourceStatus::assemble(ranks, Rv1::new(), hosts, sets)
    }

    fn assemble(
        ranks: IdSet,
        rset: Rv1,
        hosts: std::rc::Rc<Vec<String>>,
        raw: StatusSets,
    ) -> ResourceStatus {
        let mut status = ResourceStatus {
            raw,
            ranks,
            all: IdSet::new(),
            rset,
            hosts,
            avail: IdSet::new(),
            offline: IdSet::new(),
            online: IdSet::new(),
            exclude: IdSet::new(),
            torpid: IdSet::new(),
            allocated: IdSet::new(),
            housekeeping: IdSet::new(),
            drained: IdSet::new(),
            draining: IdSet::new(),
            drain_lookup: Default::default(),
        };
        status.recalculate(None);
        status
    }

    /// [`ResourceStatus::read`] of a whole text; empty text is the empty
    /// status.
    pub fn from_text(text: &str) -> Result<ResourceStatus, String> {
        let v = payload::parse(text).map_err(|p| p.stderr)?;
        ResourceStatus::read(text, v.as_ref())
    }

    /// Keep only `include`'s ranks, starting again from the payload (so a
    /// second filter replaces the first, as in the reference).
    pub fn filter(&mut self, include: &IdSet) {
        self.recalculate(Some(include));
    }

    /// Keep the ranks `--include` names: an id set, or else host names
    /// (by their place in the nodelist; unknown hosts are ignored).
    pub fn filter_targets(&mut self, targets: &Targets) {
        let ranks = match targets {
            Targets::Ranks(ids) => ids.clone(),
            Targets::Hosts(hl) => {
                let nodelist = self.rset.nodelist();
                let found = hl.iter().filter_map(|h| nodelist.find(&h));
                IdSet::from_ranges(found.map(|i| (i as u32, i as u32)))
            }
        };
        self.filter(&ranks);
    }

    fn recalculate(&mut self, include: Option<&IdSet>) {
        let keep = |ids: &IdSet| match include {
            Some(inc) => ids.intersection(inc),
            None => ids.clone(),
        };
        self.all = keep(&self.ranks);
        self.offline = keep(&self.raw.offline);
        self.online = keep(&self.raw.online);
        self.exclude = keep(&self.raw.exclude);
        self.torpid = keep(&self.raw.torpid);
        self.allocated = IdSet::new();
        self.housekeeping = IdSet::new();
        // One set from every entry's ranges: a union per entry took
        // quadratic time on a drain map of thousands of entries.
        let mut ranges = Vec::new();
        self.drain_lookup.clear();
        for (i, (ranks, _)) in self.raw.drain.iter().enumerate() {
            let ranks = keep(ranks);
            for r in ranks.iter() {
                self.drain_lookup.insert(r, i);
            }
            ranges.extend_from_slice(ranks.ranges());
        }
        let drained = IdSet::from_ranges(ranges);
        self.draining = drained.intersection(&self.allocated);
        self.drained = drained.difference(&self.draining);
        let not_avail = self
            .exclude
            .union(&self.drained)
            .union(&self.draining)
            .union(&self.torpid);
        self.avail = self.all.difference(&not_avail);
    }

    /// The ranks in a state, by its name.
    pub fn state(&self, name: &str) -> &IdSet {
        match name {
            "all" => &self.all,
            "avail" => &self.avail,
            "offline" => &self.offline,
            "online" => &self.online,
            "exclude" => &self.exclude,
            "torpid" => &self.torpid,
            "allocated" => &self.allocated,
            "housekeeping" => &self.housekeeping,
            "drained" => &self.drained,
            _ => &self.draining,
        }
    }

    /// The drain reason and time of a drained rank.
    pub fn drain_info(&self, rank: u32) -> Option<&DrainInfo> {
        self.drain_entry(rank).map(|(_, info)| info)
    }

    /// Which entry of the payload's drain map names `rank` (its place),
    /// and that entry's reason and time.
    pub(super) fn drain_entry(&self, rank: u32) -> Option<(usize, &DrainInfo)> {
        let &i = self.drain_lookup.get(&rank)?;
        Some((i, &self.raw.drain[i].1))
    }

    /// The hosts at the places `ranks` name in the nodelist (the
    /// reference indexes its host list by rank).
    fn hosts_of(&self, ranks: &IdSet) -> Result<Hostlist, String> {
        let mut hl = Hostlist::new();
        for r in ranks.iter() {
            let host = self
                .hosts
                .get(r as usize)
                .ok_or("Hostlist index out of range")?;
            hl.push_host(host);
        }
        Ok(hl)
    }
}

/// One line of `flux resource status` (`ResourceStatusLine`).
#[derive(Clone, Debug)]
pub struct StatusLine {
    state: &'static str,
    online: bool,
    hostlist: Hostlist,
    ranks: IdSet,
    reason: String,
    timestamp: FieldValue,
}

impl StatusLine {
    fn new(state: &'static str, online: bool, ranks: IdSet, hosts: Hostlist) -> StatusLine {
        StatusLine {
            state,
            online,
            hostlist: hosts,
            ranks,
            reason: String::new(),
            timestamp: FieldValue::Str(String::new()),
        }
    }

    fn update(&mut self, other: &StatusLine) {
        self.ranks = self.ranks.union(&other.ranks);
        self.hostlist.append(&other.hostlist);
        self.hostlist.sort();
    }

    /// How many nodes the line counts.
    pub fn nnodes(&self) -> u64 {
        self.hostlist.len()
    }

    /// The state as printed: `avail`, or `avail*` when offline.
    pub fn state(&self) -> String {
        if self.online {
            self.state.to_string()
        } else {
            format!("{}*", self.state)
        }
    }
}

impl FormatItem for StatusLine {
    fn type_name(&self) -> &str {
        "ResourceStatusLine"
    }

    fn field(&self, name: &str) -> Option<FieldValue> {
        let (yes, no) = if self.online {
            ("✔", "y")
        } else {
            ("✗", "n")
        };
        Some(match name {
            "state" => FieldValue::Str(self.state()),
            "statex" => FieldValue::Str(self.state.to_string()),
            "status" => FieldValue::Str(if self.online { "online" } else { "offline" }.into()),
            "color_up" => FieldValue::Str(
                if self.online {
                    "\x1b[01;32m"
                } else {
                    "\x1b[01;31m"
                }
                .into(),
            ),
            "color_off" => FieldValue::Str("\x1b[0;0m".into()),
            "up" => FieldValue::Alt {
                default: yes.into(),
                ascii: no.into(),
            },
            "nodelist" => FieldValue::Str(self.hostlist.to_string()),
            "ranks" => FieldValue::Str(self.ranks.to_string()),
            "nnodes" => FieldValue::Int(self.nnodes() as i64),
            "reason" => FieldValue::Str(self.reason.clone()),
            "timestamp" => self.timestamp.clone(),
            _ => return None,
        })
    }
}

/// What `flux resource status` is asked.
#[derive(Clone, Debug, Default)]
pub struct StatusOptions {
    /// `-o`: a format string or the name of one.
    pub format: String,
    /// `-s`, as given.
    pub states: Option<String>,
    /// `-i`.
    pub include: Option<String>,
    /// `-q`, split at commas.
    pub queues: Vec<String>,
    /// `--config-file`, read.
    pub config: Option<Config>,
    /// `-n`.
    pub no_header: bool,
    /// `-L`, resolved.
    pub color: bool,
    /// `--skip-empty`.
    pub skip_empty: bool,
    /// `FLUX_RESOURCE_STATUS_FORMAT_DEFAULT` (or `…_DRAIN_…`).
    pub env_default: Option<String>,
    /// `drain` for the drain listing, else `status`.
    pub drain_listing: bool,
}

/// The named formats of `flux resource status`.
pub const STATUS_FORMATS: [NamedFormat<'static>; 2] = [
    NamedFormat {
        name: "default",
        description: "Default flux-resource status format string",
        format: "{state:>12} {color_up}{up:>2}{color_off} {nnodes:>6} {nodelist}",
    },
    NamedFormat {
        name: "long",
        description: "Long flux-resource status format string",
        format: "{state:>12} {color_up}{up:>2}{color_off} {nnodes:>6} +:{reason:<30.30} {nodelist}",
    },
];

/// The named formats of the drain listing.
pub const DRAIN_FORMATS: [NamedFormat<'static>; 2] = [
    NamedFormat {
        name: "long",
        description: "Long flux-resource drain format string",
        format:
            "{timestamp!d:%b%d %R::<12} {state:<8.8} {ranks:<8.8+} +:{reason:<30.30} {nodelist}",
    },
    NamedFormat {
        name: "default",
        description: "Default flux-resource drain format string",
        format: "{timestamp!d:%b%d %R::<12} {state:<8.8} {reason:<30.30+} {nodelist}",
    },
];

/// The states to show, from `-s` or the defaults: validated, `online`
/// and `offline` alone topped up with the defaults, `drain` expanded.
fn state_list(given: Option<&str>) -> Result<Vec<String>, Printed> {
    let text = given.filter(|s| !s.is_empty()).unwrap_or(DEFAULT_STATES);
    let mut states: Vec<String> = text.split(',').map(str::to_string).collect();
    if let Some(bad) = states.iter().find(|s| !VALID_STATES.contains(&s.as_str())) {
        return Err(Printed::failure(format!(
            "flux-resource: ERROR: Invalid resource state {bad} specified\n\
             flux-resource: INFO: valid states: {}\n",
            VALID_STATES.join(",")
        )));
    }
    if states.iter().all(|s| s == "online" || s == "offline") {
        states.extend(DEFAULT_STATES.split(',').map(str::to_string));
    }
    if let Some(i) = states.iter().position(|s| s == "drain") {
        states.remove(i);
        states.push("draining".into());
        states.push("drained".into());
    }
    Ok(states)
}

/// `flux resource status` (or `drain` listing) over a payload's text.
pub fn status(payload: &str, opts: &StatusOptions) -> Printed {
    match status_inner(payload, opts) {
        Ok(p) | Err(p) => p,
    }
}

fn status_inner(text: &str, opts: &StatusOptions) -> Result<Printed, Printed> {
    if opts.states.as_deref() == Some("help") {
        return Ok(Printed::info(format!(
            "flux-resource: INFO: valid states: {}\n",
            VALID_STATES.join(",")
        )));
    }
    let states = state_list(opts.states.as_deref())?;
    let (formats, subcommand) = if opts.drain_listing {
        (&DRAIN_FORMATS, "drain")
    } else {
        (&STATUS_FORMATS, "status")
    };
    let fmt = super::choose(
        &opts.format,
        formats,
        subcommand,
        opts.env_default.as_deref(),
    )?;
    let json = payload::parse(text)?;
    let mut rstatus = ResourceStatus::read(text, json.as_ref()).map_err(Printed::error)?;
    if !opts.queues.is_empty() {
        let config = opts.config.clone().unwrap_or_default();
        let ranks = ranks_by_queue(&rstatus.rset, &config, &opts.queues)
            .map_err(|e| Printed::error(format!("--queue: {e}")))?;
        rstatus.filter(&ranks);
    }
    if let Some(include) = &opts.include {
        let targets =
            Targets::parse(include).map_err(|e| Printed::error(format!("--include: {e}")))?;
        rstatus.filter_targets(&targets);
    }
    let mut formatter = OutputFormat::new(&fmt, &HEADINGS).map_err(super::format_error)?;
    if !opts.color {
        formatter = formatter
            .copy_except(&["color_up", "color_off"], false)
            .map_err(super::format_error)?;
    }
    let has = |s: &str| states.iter().any(|x| x == s);
    let skip_empty = opts.skip_empty || opts.states.as_deref().is_none_or(str::is_empty);
    let skip_empty_offline = !has("offline");
    let include_online = has("online") || !has("offline");
    let include_offline = has("offline") || !has("online");
    for drain_state in ["draining", "drained"] {
        if has("all") || has(drain_state) {
            rstatus.torpid = rstatus.torpid.difference(rstatus.state(drain_state));
        }
    }
    let shown = StateLines {
        include_online,
        include_offline,
    };
    let lines = status_lines(&rstatus, &states, &formatter, shown)?;
    let mut lines: Vec<StatusLine> = lines
        .into_iter()
        .filter(|l| !(l.nnodes() == 0 && (skip_empty || (!l.online && skip_empty_offline))))
        .collect();
    super::print(&formatter, &mut lines, opts.no_header)
}

/// Which of online and offline lines are shown.
#[derive(Clone, Copy)]
struct StateLines {
    include_online: bool,
    include_offline: bool,
}

impl StateLines {
    fn excluded(self, online: bool) -> bool {
        !((online && self.include_online) || (!online && self.include_offline))
    }
}

/// The lines of `flux resource status`, like lines combined
/// (`statuslines`).
fn status_lines(
    rstatus: &ResourceStatus,
    states: &[String],
    formatter: &OutputFormat,
    shown: StateLines,
) -> Result<Vec<StatusLine>, Printed> {
    let mut result = Combined::new(formatter, &["nodelist", "ranks", "nnodes"])?;
    let asked = |state: &str| states.iter().any(|s| s == state || s == "all");
    for state in ["avail", "exclude", "allocated", "torpid", "housekeeping"] {
        if !asked(state) {
            continue;
        }
        for online in [true, false] {
            if shown.excluded(online) {
                continue;
            }
            let by_status = if online {
                &rstatus.online
            } else {
                &rstatus.offline
            };
            let ranks = rstatus.state(state).intersection(by_status);
            let hosts = rstatus.hosts_of(&ranks).map_err(Printed::error)?;
            result.append(
                StatusLine::new(state, online, ranks, hosts),
                StatusLine::update,
            )?;
        }
    }
    for state in ["draining", "drained"] {
        if !asked(state) {
            continue;
        }
        let ranks = rstatus.state(state);
        if ranks.is_empty() && !shown.excluded(true) {
            let line = StatusLine::new(state, true, IdSet::new(), Hostlist::new());
            result.append(line, StatusLine::update)?;
        }
        for rank in ranks.iter() {
            let online = rstatus.online.contains(rank);
            if shown.excluded(online) {
                continue;
            }
            if !rstatus.all.contains(rank) {
                return Err(Printed::error("invalid rank {rank}".into()));
            }
            let one = IdSet::from_range(rank, rank);
            let hosts = rstatus.hosts_of(&one).map_err(Printed::error)?;
            let mut line = StatusLine::new(state, online, one, hosts);
            if let Some(info) = rstatus.drain_info(rank) {
                line.reason = info.reason.clone();
                line.timestamp = info.timestamp.clone();
            }
            result.append(line, StatusLine::update)?;
        }
    }
    Ok(result.into_items())
}
