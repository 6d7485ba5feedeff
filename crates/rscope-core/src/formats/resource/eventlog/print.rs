//! `flux resource eventlog` over a saved eventlog: the events printed byte
//! for byte as flux-core prints them (`flux-resource.py`'s `eventlog()`
//! with `flux.eventlog.EventLogFormatter`), with its `-i`, `-w` and `-m`.
//!
//! The reference reads the instance's journal, which hands its history
//! over sorted by timestamp (a stable sort) and only events after time 0;
//! a file is treated the same. Its `--include` maps hosts and ranks with
//! the instance's hostlist; a file's is the `nodelist` of its last
//! `restart` event.

use super::pyvalue::{dump_dict, PyValue};
use super::ResourceEventlog;
use crate::diag::Severity;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::tree::{self, Value};
use crate::output_format::PyLocalTime;
use crate::resource::Printed;

/// `-f/--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventFormat {
    /// `TIME NAME KEY=VALUE…`.
    Text,
    /// The event as compact JSON.
    Json,
}

/// `-T/--time-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeFormat {
    /// Seconds since the epoch, `%11.6f`.
    Raw,
    /// Local ISO 8601 with microseconds, `Z` for UTC.
    Iso,
    /// Seconds since the first event printed, `%15.6f`.
    Offset,
    /// `[MonDD HH:MM]` at each new minute, else `[+SS.ffffff]` since then.
    Human,
}

impl TimeFormat {
    /// The name as `-T` takes it (`reltime` is `human`, as the reference
    /// maps it); `None` for any other.
    pub fn parse(name: &str) -> Option<TimeFormat> {
        match name {
            "raw" => Some(TimeFormat::Raw),
            "iso" => Some(TimeFormat::Iso),
            "offset" => Some(TimeFormat::Offset),
            "human" | "reltime" => Some(TimeFormat::Human),
            _ => None,
        }
    }
}

/// `-m/--match-context KEY=VAL`, each value read as JSON or else kept as
/// a string.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchContext {
    pairs: Vec<(String, PyValue)>,
}

impl MatchContext {
    /// Add one `KEY=VAL`; the error is the reference's, word for word.
    pub fn push(&mut self, arg: &str) -> Result<(), String> {
        let Some((key, val)) = arg.split_once('=') else {
            let quoted = crate::output_format::py_repr(arg);
            return Err(format!("invalid KEY=VAL argument: {quoted} (missing '=')"));
        };
        if key.is_empty() {
            let quoted = crate::output_format::py_repr(arg);
            return Err(format!("invalid KEY=VAL argument: {quoted} (empty key)"));
        }
        let value = PyValue::loads(val).unwrap_or_else(|| PyValue::Str(val.to_string()));
        // A repeated key replaces the value, as a dict assignment does.
        match self.pairs.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.pairs.push((key.to_string(), value)),
        }
        Ok(())
    }

    /// Whether every pair is in `context` (a float within 1e-5).
    pub fn matches(&self, context: &[(String, PyValue)]) -> bool {
        self.pairs.iter().all(|(key, want)| {
            let have = context
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&PyValue::Null, |(_, v)| v);
            match have {
                PyValue::Float(x) => want
                    .to_float()
                    .is_some_and(|w| w == *x || (w - x).abs() <= 1e-5),
                other => other.py_eq(want),
            }
        })
    }
}

/// `flux.util.parse_fsd` as `--timeout` reads it: seconds, or a number
/// with `ms`, `s`, `m`, `h` or `d`, or `inf`; the error is the reference's.
pub fn parse_timeout(text: &str) -> Result<f64, String> {
    const INVALID: &str = "invalid Flux standard duration";
    if matches!(text, "inf" | "infinity" | "INF" | "INFINITY") {
        return Ok(f64::INFINITY);
    }
    // The reference's `(.*?)(s|m|h|d|ms)$`: the shortest number before a
    // unit that ends the text, so `5ms` is milliseconds.
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else {
        match text.char_indices().last() {
            Some((i, 's')) => (&text[..i], 1.0),
            Some((i, 'm')) => (&text[..i], 60.0),
            Some((i, 'h')) => (&text[..i], 3600.0),
            Some((i, 'd')) => (&text[..i], 86_400.0),
            _ => (text, 1.0),
        }
    };
    let value = super::pyvalue::py_float_of_str(number).ok_or(INVALID)?;
    let seconds = value * scale;
    if seconds < 0.0 || !seconds.is_finite() {
        return Err(INVALID.into());
    }
    Ok(seconds)
}

/// What to print and which events.
#[derive(Clone, Debug)]
pub struct PrintOptions {
    /// `-f`.
    pub format: EventFormat,
    /// `-T`.
    pub time: TimeFormat,
    /// Whether to colour (`-L` resolved against the terminal).
    pub color: bool,
    /// `-i`: hosts or ranks.
    pub include: Option<String>,
    /// `-w`: stop after this event.
    pub wait: Option<String>,
    /// `-m`: what the `-w` event's context must hold.
    pub match_context: MatchContext,
}

/// One event as the reference holds it.
struct Event {
    timestamp: f64,
    name: String,
    /// Every member of the event object, in order.
    members: Vec<(String, PyValue)>,
}

impl Event {
    fn context(&self) -> &[(String, PyValue)] {
        match self.members.iter().find(|(k, _)| k == "context") {
            Some((_, PyValue::Dict(d))) => d,
            _ => &[],
        }
    }
}

/// Print the events of `log` (read from `text`, which errors call `name`)
/// as `flux resource eventlog` with `opts` prints them: standard output,
/// the errors, and the exit status.
pub fn print(name: &str, text: &str, log: &ResourceEventlog, opts: &PrintOptions) -> Printed {
    let mut stderr = unread_errors(name, text, log);
    let events = match events_of(text, log) {
        Ok(events) => events,
        Err(e) => return Printed::error(e),
    };
    let targets = match opts.include.as_deref() {
        None => None,
        Some(t) => match Targets::new(t, hostlist_of(log)) {
            Ok(t) => Some(t),
            Err(e) => return Printed::error(e),
        },
    };
    let mut fmt = Formatter::new(opts);
    let mut out = String::new();
    let mut found = opts.wait.is_none();
    for ev in &events {
        let shown = match &targets {
            None => true,
            Some(t) => match t.matches(ev) {
                Ok(m) => m,
                Err(e) => return failed(out, stderr, e),
            },
        };
        if !shown {
            continue;
        }
        match fmt.format(ev) {
            Ok(line) => {
                out.push_str(&line);
                out.push('\n');
            }
            Err(e) => return failed(out, stderr, e),
        }
        if opts.wait.as_deref() == Some(ev.name.as_str())
            && opts.match_context.matches(ev.context())
        {
            found = true;
            break;
        }
    }
    if !found {
        let wait = opts.wait.as_deref().unwrap_or("");
        let which = if opts.match_context.pairs.is_empty() {
            String::new()
        } else {
            " matching --match-context".to_string()
        };
        return failed(
            out,
            stderr,
            format!("the eventlog ended with no '{wait}' event{which}"),
        );
    }
    let code = u8::from(!stderr.is_empty());
    if code != 0 {
        stderr.push_str("flux-resource: ERROR: some events could not be read\n");
    }
    Printed {
        stdout: out,
        stderr,
        code,
    }
}

/// What was printed before an error, then the error as the reference's
/// `CLIMain` logs it.
fn failed(stdout: String, mut stderr: String, message: String) -> Printed {
    stderr.push_str(&format!("flux-resource: ERROR: {message}\n"));
    Printed {
        stdout,
        stderr,
        code: 1,
    }
}

/// The reader's errors about values that are not events it kept (a line
/// that is not JSON, an event without a name), rendered for standard
/// error; its other findings are about replaying, not printing.
fn unread_errors(name: &str, text: &str, log: &ResourceEventlog) -> String {
    let kept = |d: &crate::diag::Diagnostic| {
        log.events.iter().any(|e| {
            e.span.start == d.span.start
                && (d.pointer == e.pointer || d.pointer.starts_with(&format!("{}/", e.pointer)))
        })
    };
    let mut out = String::new();
    for d in &log.findings {
        if d.severity == Severity::Error && !kept(d) {
            out.push_str(&d.render(name, text));
            if !out.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    out
}

/// The events again, as Python objects read from their own text, sorted
/// by timestamp and after time 0, as the journal hands them over.
fn events_of(text: &str, log: &ResourceEventlog) -> Result<Vec<Event>, String> {
    let mut events = Vec::with_capacity(log.events.len());
    // A journal response holds many events: read its text once.
    let mut cached: Option<(usize, Value<'_>)> = None;
    for e in &log.events {
        if e.timestamp <= 0.0 {
            continue;
        }
        if cached.as_ref().map(|c| c.0) != Some(e.span.start) {
            let value = text
                .get(e.span.clone())
                .and_then(tree::read_whole)
                .ok_or_else(|| {
                    format!("the event at byte {} cannot be read again", e.span.start)
                })?;
            cached = Some((e.span.start, value));
        }
        let Some((_, root)) = &cached else { continue };
        let node = follow(root, &e.pointer)
            .ok_or_else(|| format!("no event at {} of byte {}", e.pointer, e.span.start))?;
        let PyValue::Dict(members) = PyValue::from_tree(node) else {
            return Err(format!(
                "the event at byte {} is not an object",
                e.span.start
            ));
        };
        events.push(Event {
            timestamp: e.timestamp,
            name: e.name.to_string(),
            members,
        });
    }
    events.sort_by(|a, b| a.timestamp.total_cmp(&b.timestamp));
    Ok(events)
}

/// The node at a reader's pointer: `""`, `/N` or `/events/N`.
fn follow<'t, 'a>(root: &'t Value<'a>, pointer: &str) -> Option<&'t Value<'a>> {
    let mut node = root;
    for token in pointer.split('/').skip(1) {
        node = match node {
            Value::Array(a) => a.elements.get(token.parse::<usize>().ok()?)?,
            Value::Object(o) => {
                &o.properties
                    .iter()
                    .rev()
                    .find(|p| p.name.as_str() == token)?
                    .value
            }
            _ => return None,
        };
    }
    Some(node)
}

/// The instance's hostlist: the `nodelist` of the last `restart`.
fn hostlist_of(log: &ResourceEventlog) -> Option<Hostlist> {
    log.events.iter().rev().find_map(|e| match &e.kind {
        super::ResourceEventKind::Restart {
            nodelist: Some(n), ..
        } => Some(n.clone()),
        _ => None,
    })
}

/// `-i/--include`, as the reference's `Targets` reads and matches it.
struct Targets {
    ranks: Option<IdSet>,
    hosts: Option<Hostlist>,
    /// Whether ranks were given (then only ranks are matched).
    got_ranks: bool,
}

impl Targets {
    /// Ranks, else hosts, mapped to each other through `hostlist` (with
    /// none, as for a KVS eventlog, ranks are taken as given and hosts
    /// match only a `nodelist`).
    fn new(targets: &str, hostlist: Option<Hostlist>) -> Result<Targets, String> {
        if let Ok(ranks) = IdSet::decode(targets) {
            if let Some(hl) = &hostlist {
                if ranks
                    .iter()
                    .any(|r| r >= (hl.len().min(u64::from(u32::MAX)) as u32))
                {
                    return Err("Hostlist index out of range".into());
                }
            }
            return Ok(Targets {
                ranks: Some(ranks),
                hosts: None,
                got_ranks: true,
            });
        }
        let hosts = Hostlist::parse(targets).map_err(|_| format!("invalid targets {targets}"))?;
        let ranks = match &hostlist {
            None => None,
            Some(hl) => Some(ranks_of(hl, &hosts)?),
        };
        Ok(Targets {
            ranks,
            hosts: Some(hosts),
            got_ranks: false,
        })
    }

    /// Whether the event names one of the targets; an error where the
    /// reference raises (a context id set or host list it cannot read).
    fn matches(&self, ev: &Event) -> Result<bool, String> {
        let ctx = ev.context();
        if self.got_ranks {
            return self.match_idset(ctx);
        }
        if let (Some(hosts), Some(PyValue::Str(nl))) = (&self.hosts, get(ctx, "nodelist")) {
            let nodelist = Hostlist::parse(nl).map_err(|_| format!("Invalid hostlist: '{nl}'"))?;
            // Whether they share a host, walking the shorter list: a
            // target of a million hosts against a one-host drain.
            let (few, many) = if nodelist.len() <= hosts.len() {
                (&nodelist, hosts)
            } else {
                (hosts, &nodelist)
            };
            if few.iter().any(|h| many.contains(&h)) {
                return Ok(true);
            }
        } else if let Some(v) = get(ctx, "nodelist") {
            let mut shown = String::new();
            v.dump(&mut shown);
            return Err(format!("Invalid hostlist: '{shown}'"));
        }
        self.match_idset(ctx)
    }

    /// The context's `ranks` (else `idset`) meets the target ranks.
    fn match_idset(&self, ctx: &[(String, PyValue)]) -> Result<bool, String> {
        let Some(ranks) = &self.ranks else {
            return Ok(false);
        };
        let value = get(ctx, "ranks").or_else(|| get(ctx, "idset"));
        match value {
            None => Ok(false),
            Some(PyValue::Str(s)) => match IdSet::decode(s) {
                Ok(ids) => Ok(ids.intersects(ranks)),
                Err(_) => Err(format!("IDset(): Invalid argument: {s}")),
            },
            Some(other) => {
                let mut shown = String::new();
                other.dump(&mut shown);
                Err(format!("IDset(): Invalid argument: {shown}"))
            }
        }
    }
}

/// The value of `key` in a context.
fn get<'c>(ctx: &'c [(String, PyValue)], key: &str) -> Option<&'c PyValue> {
    ctx.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// `Hostlist.index(hosts)`: each host's first rank, or the reference's
/// error naming the hosts not found.
fn ranks_of(hostlist: &Hostlist, hosts: &Hostlist) -> Result<IdSet, String> {
    let mut ranks = IdSet::new();
    let mut notfound = Hostlist::new();
    for host in hosts.iter() {
        match hostlist.find(&host) {
            Some(i) if i < u64::from(u32::MAX) => ranks.insert(i as u32),
            _ => notfound.push_host(&host),
        }
    }
    if notfound.is_empty() {
        return Ok(ranks);
    }
    let s = if notfound.len() > 1 { "s" } else { "" };
    Err(format!("host{s} '{notfound}' not found"))
}

const RESET: &str = "\x1b[0m";

/// `EventLogFormatter`: its colours and its memory of times (the first
/// event's, and the last minute shown in `human`).
struct Formatter<'o> {
    opts: &'o PrintOptions,
    t0: Option<f64>,
    last_break: Option<i128>,
}

impl<'o> Formatter<'o> {
    fn new(opts: &'o PrintOptions) -> Formatter<'o> {
        Formatter {
            opts,
            t0: None,
            last_break: None,
        }
    }

    /// `text` in the colour `code`, reset after it, when colouring.
    fn paint(&self, code: &str, text: &str) -> String {
        if self.opts.color {
            format!("{code}{text}{RESET}")
        } else {
            text.to_string()
        }
    }

    fn format(&mut self, ev: &Event) -> Result<String, String> {
        if self.opts.format == EventFormat::Json {
            let members: Vec<(String, PyValue)> = ev
                .members
                .iter()
                .filter(|(k, v)| !(k == "context" && is_falsy(v)))
                .cloned()
                .collect();
            let mut out = String::new();
            dump_dict(&members, &mut out);
            return Ok(out);
        }
        let mut line = self.timestamp(ev.timestamp)?;
        line.push(' ');
        let name_color = if ev.name == "exception" {
            "\x1b[1m\x1b[31m"
        } else {
            "\x1b[33m"
        };
        line.push_str(&self.paint(name_color, &ev.name));
        for (key, val) in ev.context() {
            let mut v = String::new();
            val.dump(&mut v);
            let color = if val.is_number() {
                "\x1b[37m"
            } else {
                "\x1b[35m"
            };
            line.push(' ');
            line.push_str(&self.paint("\x1b[34m", key));
            line.push('=');
            line.push_str(&self.paint(color, &v));
        }
        Ok(line)
    }

    fn timestamp(&mut self, ts: f64) -> Result<String, String> {
        let t0 = *self.t0.get_or_insert(ts);
        let green = "\x1b[32m";
        let text = match self.opts.time {
            TimeFormat::Human => return self.human(ts),
            TimeFormat::Raw => format!("{ts:11.6}"),
            TimeFormat::Offset => format!("{:15.6}", ts - t0),
            TimeFormat::Iso => {
                let dt = PyLocalTime::from_timestamp(ts).map_err(|e| e.to_string())?;
                let tz = dt.utc_offset_z().replace("+0000", "Z");
                // The reference truncates the fraction itself rather than
                // taking the datetime's rounded microseconds.
                let us = ((ts - ts.trunc()) * 1e6) as i64;
                format!("{}{us:06}{tz}", dt.strftime("%Y-%m-%dT%T."))
            }
        };
        Ok(self.paint(green, &text))
    }

    /// `[+SS.ffffff]` within a minute of the last `[MonDD HH:MM]`, which
    /// is printed (and remembered) otherwise. Wall-clock times are
    /// subtracted, as the reference subtracts naive datetimes.
    fn human(&mut self, ts: f64) -> Result<String, String> {
        let dt = PyLocalTime::from_timestamp(ts).map_err(|e| e.to_string())?;
        let wall = dt.wall_micros();
        if let Some(last) = self.last_break {
            let delta = wall - last;
            if delta < 60_000_000 {
                let sec = delta as f64 / 1e6;
                return Ok(self.paint("\x1b[32m", &format!("[{sec:>+11.6}]")));
            }
        }
        self.last_break = Some(wall);
        let mday = dt.strftime("%b%d %H:%M");
        Ok(self.paint("\x1b[1m\x1b[32m", &format!("[{mday}]")))
    }
}

/// Python's `not value`.
fn is_falsy(v: &PyValue) -> bool {
    match v {
        PyValue::Null => true,
        PyValue::Bool(b) => !b,
        PyValue::Int(d) => d == "0",
        PyValue::Float(x) => *x == 0.0,
        PyValue::Str(s) => s.is_empty(),
        PyValue::List(l) => l.is_empty(),
        PyValue::Dict(d) => d.is_empty(),
    }
}
