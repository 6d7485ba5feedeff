//! A resource eventlog's timeline, as the page shows it under the grid:
//! the chart of available, drained (by reason), offline and excluded
//! nodes over the log's range ([`crate::resource::eventlog::chart`],
//! summed by `history`'s pass), the moments a slider steps through (each
//! distinct event time), and the grid's node states at the moment shown
//! (the `resource.status` payload `rscope resource replay --at` prints,
//! read as any payload is, drain ages as of that moment).
//!
//! The analysis worker answers [`TimelineAnswer`]s in parts
//! ([`timeline_parts`]); the slider's position and its keys are a
//! [`Slider`], run by the page as a reducer; the chart's shapes and its
//! SVG export are drawn here ([`chart_paths`], [`timeline_svg`]), so the
//! page and the file agree.

use super::beside::hosts_from;
use super::figures::{figure_tables, FigureRow, FigureTable};
use crate::grid::node_states::NodeStates;
use crate::grid::Grid;
use crate::resource::eventlog::{self, Chart, Replayer, SeriesKind};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::rc::Rc;

/// The chart's columns: about one per pixel of a wide panel.
pub const CHART_COLUMNS: usize = 600;

const DAY: f64 = 86_400.0;

/// A log's range and its moments, with the chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timeline {
    /// Every distinct event time, in order: where the slider stops.
    pub moments: Vec<f64>,
    /// The chart over the range, when the range is not one instant.
    pub chart: Option<Chart>,
    /// How many events the log holds.
    pub events: usize,
    /// The figures of `rscope resource history` as tables.
    pub figures: Vec<FigureTable>,
}

/// The system at one moment.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Moment {
    /// The instant (seconds since the epoch); `None` is after the last
    /// event.
    pub at: Option<f64>,
    /// How many events are at or before it.
    pub applied: usize,
    /// Each node's state then, and the drain table (shared with the grid
    /// it is laid on).
    pub states: Option<Rc<NodeStates>>,
}

impl Moment {
    /// `grid` coloured by this moment's node states, the grid's host names
    /// filling drain rows that name none, and with the jobs running then
    /// when a job list's history is laid on it ([`Grid::job_history`]).
    /// Neither the grid's rows nor the states are copied when no row needs
    /// a name: a step of the slider may not take longer than a frame.
    pub fn lay(&self, grid: &Grid) -> Option<Grid> {
        #[cfg(feature = "page")]
        let jobs = (self.at).and_then(|at| Some(grid.job_history()?.at(at)));
        #[cfg(not(feature = "page"))]
        let jobs: Option<()> = None;
        if self.states.is_none() && jobs.is_none() {
            return None;
        }
        let mut laid = grid.clone();
        if let Some(states) = &self.states {
            let states = hosts_from(states, grid).map_or_else(|| states.clone(), Rc::new);
            laid = laid.with_node_states(states);
        }
        #[cfg(feature = "page")]
        if let Some(jobs) = jobs {
            laid = laid.with_jobs(jobs);
        }
        Some(laid)
    }
}

/// What the worker answers: the timeline when asked, and the moment.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimelineAnswer {
    /// The timeline (asked once per log).
    pub timeline: Option<Timeline>,
    /// The system at the moment asked.
    pub moment: Moment,
}

/// The timeline of the resource eventlog `text` (`with_timeline`) and its
/// system at `at`; `None` when `text` is no resource eventlog with events.
pub fn timeline_answer(text: &str, at: Option<f64>, with_timeline: bool) -> Option<TimelineAnswer> {
    let replayer = ReadLogs::default()
        .replayer(0, Some(text), with_timeline)
        .ok()??;
    let has_events = !replayer.log().events.is_empty();
    has_events.then(|| timeline_answer_of(&replayer, at, with_timeline))
}

/// What the timeline counts of a log: the whole of it, with its chart.
fn timeline_history_options() -> eventlog::HistoryOptions<'static> {
    eventlog::HistoryOptions {
        chart_columns: Some(CHART_COLUMNS),
        ..Default::default()
    }
}

/// The resource eventlog read last, replayed once with its states kept
/// and the timeline's figures counted in the same pass
/// ([`eventlog::Replayer::with_history`]), under the number the page gave it: the
/// slider's steps and the event list's filters ask of the same log again
/// and again, and neither reading a year of a large system's events again
/// nor sending its text to the worker again fits in a step.
#[derive(Default)]
pub struct ReadLogs(Option<(u32, Rc<Replayer>)>);

/// The log a request names is not the one kept, and no text came with it:
/// the page asks again with the text ([`NOT_KEPT`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotKept;

/// What the worker answers for [`NotKept`]: one byte no answer starts
/// with (an answer's first byte is an option's tag, 0 or 1).
pub const NOT_KEPT: &[u8] = &[0xff];

impl ReadLogs {
    /// The replayer of log `key`: the one kept under it, else `text` read
    /// and kept under `key`, counting the timeline's figures in the same
    /// pass when `figures` (a slider step sent again with its text has
    /// its timeline already); `Ok(None)` when `text` is no resource
    /// eventlog.
    pub fn replayer(
        &mut self,
        key: u32,
        text: Option<&str>,
        figures: bool,
    ) -> Result<Option<Rc<Replayer>>, NotKept> {
        if let Some((kept, r)) = &self.0 {
            if *kept == key {
                return Ok(Some(r.clone()));
            }
        }
        let text = text.ok_or(NotKept)?;
        if !eventlog::looks_like_resource_eventlog(text) {
            return Ok(None);
        }
        let log = Rc::new(eventlog::read(text));
        let replay = eventlog::ReplayOptions::default();
        let read = match figures {
            true => Replayer::with_history(log, &replay, &timeline_history_options()),
            false => Replayer::new(log, &replay),
        };
        let Ok(r) = read else {
            return Ok(None);
        };
        let r = Rc::new(r);
        // The tab's analysis reads the same text next, in this worker.
        #[cfg(feature = "page")]
        eventlog::handed::hand_on(text, r.clone());
        self.0 = Some((key, r.clone()));
        Ok(Some(r))
    }
}

/// Whether a request for a log carries its text: the first for each log
/// does, and the next after the worker answered [`NOT_KEPT`] (it was
/// started again, or read another log since). The page keeps one per
/// kind of request.
#[derive(Debug, Default)]
pub struct LogSender(Option<u32>);

impl LogSender {
    /// Whether the request for log `key` about to be sent carries its text.
    pub fn carries_text(&mut self, key: u32) -> bool {
        let first = self.0 != Some(key);
        self.0 = Some(key);
        first
    }

    /// The worker answered [`NOT_KEPT`]: the next request carries the text.
    pub fn forget(&mut self) {
        self.0 = None;
    }
}

/// The timeline of `replayer`'s log (`with_timeline`) and its system at
/// `at`. The figures are those the replayer kept, taken from it (a log's
/// timeline is asked for once), which must be counted with the timeline's
/// options ([`ReadLogs`] builds it so); else (none kept, or already
/// taken) they are counted here.
pub fn timeline_answer_of(
    replayer: &Replayer,
    at: Option<f64>,
    with_timeline: bool,
) -> TimelineAnswer {
    let log = replayer.log();
    let last = log.events.iter().map(|e| e.timestamp).reduce(f64::max);
    let (status, applied) = replayer.status_at(at);
    let now = at.or(last).unwrap_or(0.0);
    let moment = Moment {
        at,
        applied,
        states: Some(Rc::new(NodeStates::of(&status, now))),
    };
    let timeline = with_timeline.then(|| {
        let mut moments: Vec<f64> = log.events.iter().map(|e| e.timestamp).collect();
        moments.sort_by(f64::total_cmp);
        moments.dedup();
        let history = replayer
            .take_history()
            .unwrap_or_else(|| eventlog::history(log, &timeline_history_options()));
        let (chart, figures) = match history {
            Ok(h) => {
                let figures = figure_tables(&h);
                (h.chart, figures)
            }
            Err(_) => (None, Vec::new()),
        };
        Timeline {
            moments,
            chart,
            events: log.events.len(),
            figures,
        }
    });
    TimelineAnswer { timeline, moment }
}

/// Rows of a figures table per part of the worker's answer: the page
/// reads one part a task, and a year of 16 384 nodes' 64 855 drain
/// reasons read at once held its thread for 40 ms.
pub const FIGURE_ROWS_PER_PART: usize = 4096;

/// A part of a timeline's figures as it crosses from the worker: a table
/// with its first rows, or more rows of the table before it.
#[derive(Serialize, Deserialize)]
enum FigurePart {
    Table(FigureTable),
    Rows(Vec<FigureRow>),
}

/// [`timeline_answer_of`] log `key` as it crosses from the analysis
/// worker, in parts: the answer without its moments and figures, then
/// (with a timeline) the moments as little-endian `f64`s, then the
/// figures, [`FIGURE_ROWS_PER_PART`] rows at most a part. No parts when
/// it is no resource eventlog with events; [`NOT_KEPT`] alone when the
/// worker needs its text. The page reads the first two at once
/// ([`timeline_from_parts`]) and the figures a part a task
/// ([`read_figure_part`]): a million events' answer is 17 MB, and read
/// in one task it held the page's thread for 96 ms.
pub fn timeline_parts(
    logs: &mut ReadLogs,
    key: u32,
    text: Option<&str>,
    at: Option<f64>,
    with_timeline: bool,
) -> Vec<Vec<u8>> {
    match logs.replayer(key, text, with_timeline) {
        Err(NotKept) => vec![NOT_KEPT.to_vec()],
        Ok(None) => Vec::new(),
        Ok(Some(r)) if r.log().events.is_empty() => Vec::new(),
        Ok(Some(r)) => answer_parts(timeline_answer_of(&r, at, with_timeline)),
    }
}

fn answer_parts(mut answer: TimelineAnswer) -> Vec<Vec<u8>> {
    let taken = (answer.timeline.as_mut()).map(|t| {
        (
            std::mem::take(&mut t.moments),
            std::mem::take(&mut t.figures),
        )
    });
    let mut parts = vec![bytes(&answer)];
    let Some((moments, figures)) = taken else {
        return parts;
    };
    parts.push(moments.iter().flat_map(|m| m.to_le_bytes()).collect());
    for mut table in figures {
        let mut rest = table
            .rows
            .split_off(table.rows.len().min(FIGURE_ROWS_PER_PART));
        parts.push(bytes(&FigurePart::Table(table)));
        while !rest.is_empty() {
            let after = rest.split_off(rest.len().min(FIGURE_ROWS_PER_PART));
            parts.push(bytes(&FigurePart::Rows(rest)));
            rest = after;
        }
    }
    parts
}

/// A part's postcard bytes (a derived type always writes).
fn bytes<T: Serialize>(part: &T) -> Vec<u8> {
    postcard::to_allocvec(part).unwrap_or_default()
}

/// The first two of [`timeline_parts`]: the answer, with its moments
/// when it has a timeline (whose figures [`read_figure_part`] adds);
/// `None` when they do not read.
pub fn timeline_from_parts(head: &[u8], moments: Option<&[u8]>) -> Option<TimelineAnswer> {
    let mut answer: TimelineAnswer = postcard::from_bytes(head).ok()?;
    if let Some(t) = answer.timeline.as_mut() {
        let bytes = moments.filter(|b| b.len() % 8 == 0)?;
        t.moments = (bytes.chunks_exact(8))
            .map(|b| f64::from_le_bytes(<[u8; 8]>::try_from(b).unwrap_or_default()))
            .collect();
    }
    Some(answer)
}

/// Add a figures part of [`timeline_parts`] to `figures`; false when it
/// does not read, or adds rows to no table.
pub fn read_figure_part(figures: &mut Vec<FigureTable>, bytes: &[u8]) -> bool {
    match (postcard::from_bytes(bytes), figures.last_mut()) {
        (Ok(FigurePart::Table(t)), _) => figures.push(t),
        (Ok(FigurePart::Rows(rows)), Some(t)) => t.rows.extend(rows),
        _ => return false,
    }
    true
}

/// Every part of [`timeline_parts`] read at once, figures and all: what
/// the page reads over several tasks.
pub fn timeline_from_all_parts(parts: &[Vec<u8>]) -> Option<TimelineAnswer> {
    let mut answer = timeline_from_parts(parts.first()?, parts.get(1).map(Vec::as_slice))?;
    if let Some(t) = answer.timeline.as_mut() {
        for part in parts.iter().skip(2) {
            read_figure_part(&mut t.figures, part).then_some(())?;
        }
    }
    Some(answer)
}

/// The slider over a timeline's moments: which one is shown. The page
/// runs it as a reducer; [`SliderAction`] says what each key and button
/// does.
#[derive(Clone, Debug)]
pub struct Slider {
    /// The moments (a timeline's).
    moments: Rc<[f64]>,
    /// The one shown.
    index: usize,
}

/// What the user does to the slider.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SliderAction {
    /// The first moment (Home).
    First,
    /// The moment before (Left, Down).
    Previous,
    /// The moment after (Right, Up).
    Next,
    /// The last moment at least a day before (Page Down).
    DayBack,
    /// The first moment at least a day after (Page Up).
    DayOn,
    /// The last moment, after every event (End).
    Last,
    /// The moment of this index (a drag).
    To(usize),
    /// The last moment at or before this time (a click on the chart).
    Time(f64),
}

impl PartialEq for Slider {
    /// The page compares its props at each render: a million moments are
    /// compared one by one only when they are not the same ones.
    fn eq(&self, other: &Slider) -> bool {
        self.index == other.index
            && (Rc::ptr_eq(&self.moments, &other.moments) || self.moments == other.moments)
    }
}

impl Slider {
    /// A slider over `moments` at the last one: the system after every
    /// event, as the tab shows it before the slider moves.
    pub fn new(moments: &[f64]) -> Slider {
        Slider {
            moments: moments.into(),
            index: moments.len().saturating_sub(1),
        }
    }

    /// The slider after `action`.
    pub fn apply(mut self, action: SliderAction) -> Slider {
        let last = self.moments.len().saturating_sub(1);
        let now = self.at().unwrap_or(0.0);
        // The index of the last moment at or before `t` (0 when none is).
        let upto = |t: f64| self.moments.partition_point(|&m| m <= t).saturating_sub(1);
        self.index = match action {
            SliderAction::First => 0,
            SliderAction::Previous => self.index.saturating_sub(1),
            SliderAction::Next => (self.index + 1).min(last),
            SliderAction::DayBack => upto(now - DAY).min(self.index.saturating_sub(1)),
            SliderAction::DayOn => {
                let after = self.moments.partition_point(|&m| m < now + DAY);
                after.min(last).max((self.index + 1).min(last))
            }
            SliderAction::Last => last,
            SliderAction::To(i) => i.min(last),
            SliderAction::Time(t) => upto(t),
        };
        self
    }

    /// The index of the moment shown.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many moments.
    pub fn len(&self) -> usize {
        self.moments.len()
    }

    /// Whether there is no moment.
    pub fn is_empty(&self) -> bool {
        self.moments.is_empty()
    }

    /// The moment shown (seconds since the epoch).
    pub fn at(&self) -> Option<f64> {
        self.moments.get(self.index).copied()
    }

    /// The instant to replay to: `None` at the last moment, which is the
    /// tab's own view (after every event).
    pub fn asked(&self) -> Option<f64> {
        (self.index + 1 < self.moments.len())
            .then(|| self.at())
            .flatten()
    }

    /// What the slider says of its moment: `2024-02-01 14:00:00 UTC,
    /// moment 12 of 3 880`.
    pub fn label(&self) -> String {
        match self.at() {
            Some(t) => format!(
                "{}, moment {} of {}",
                crate::time::utc(t),
                crate::words::grouped(self.index as u64 + 1),
                crate::words::grouped(self.moments.len() as u64)
            ),
            None => "no events".into(),
        }
    }
}

/// One area of the chart, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPath {
    /// The series' label.
    pub label: String,
    /// What it counts.
    pub kind: SeriesKind,
    /// Its fill.
    pub color: &'static str,
    /// The SVG path.
    pub d: String,
    /// Its node-hours, in words for the legend: `1 234.5 node-hours`.
    pub hours: String,
}

/// A series' fill: the colour its nodes take on the grid (available,
/// drained, offline), the reasons after the first in other colours of the
/// same palette, excluded nodes grey.
fn series_color(kind: SeriesKind, drained_index: usize) -> &'static str {
    use crate::palette::{CATEGORIES, UNMARKED};
    const REASONS: [usize; 6] = [3, 4, 7, 5, 0, 6];
    match kind {
        SeriesKind::Available => CATEGORIES[2],
        SeriesKind::Offline => CATEGORIES[1],
        SeriesKind::Excluded => UNMARKED,
        SeriesKind::Drained => CATEGORIES[REASONS[drained_index % REASONS.len()]],
    }
}

/// The chart's areas in a `width` × `height` box, stacked from the bottom
/// (available) up, each column's mean drawn at its middle.
pub fn chart_paths(chart: &Chart, width: f64, height: f64) -> Vec<ChartPath> {
    let n = chart.columns();
    let most = f64::from(chart.most()).max(1.0);
    let x = |c: usize| (c as f64 + 0.5) * width / n as f64;
    let y = |v: f64| height - v / most * height;
    let mut below = vec![0.0f64; n];
    let mut drained = 0;
    let mut paths = Vec::with_capacity(chart.series.len());
    for s in &chart.series {
        let above: Vec<f64> = (below.iter().zip(&s.values))
            .map(|(b, &v)| b + f64::from(v))
            .collect();
        let mut d = String::with_capacity(n * 24);
        for (c, &v) in above.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1},{:.1}",
                if c == 0 { 'M' } else { 'L' },
                x(c),
                y(v)
            );
        }
        for (c, &v) in below.iter().enumerate().rev() {
            let _ = write!(d, "L{:.1},{:.1}", x(c), y(v));
        }
        d.push('Z');
        paths.push(ChartPath {
            label: s.label.clone(),
            kind: s.kind,
            color: series_color(s.kind, drained),
            d,
            hours: node_hours(s.node_hours),
        });
        drained += usize::from(s.kind == SeriesKind::Drained);
        below = above;
    }
    paths
}

/// Node-hours to a tenth, grouped: `1 234.5 node-hours`.
fn node_hours(h: f64) -> String {
    format!("{} node-hours", crate::words::tenths(h))
}

/// One stretch of a node's history strip, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct StripPart {
    /// Its left edge and width in a box `width` wide.
    pub x: f64,
    /// Its width.
    pub w: f64,
    /// Its fill, the colour of its state in the chart.
    pub color: &'static str,
    /// What it was, from when to when: `drained: fan, 2024-01-02 03:04:05
    /// UTC to 2024-01-03 00:00:00 UTC (20 hours 55 minutes)`.
    pub title: String,
}

/// A node's history strip: its stretches across the log's `range` in a
/// box `width` wide, each at least a pixel wide so that a short outage
/// shows.
pub fn strip_parts(
    stretches: &[eventlog::Stretch],
    range: (f64, f64),
    width: f64,
) -> Vec<StripPart> {
    let span = (range.1 - range.0).max(f64::MIN_POSITIVE);
    let x = |t: f64| ((t - range.0) / span).clamp(0.0, 1.0) * width;
    (stretches.iter())
        .map(|s| {
            let what = match s.kind {
                SeriesKind::Available => "available".to_string(),
                SeriesKind::Offline => "offline".to_string(),
                SeriesKind::Excluded => "excluded".to_string(),
                SeriesKind::Drained if s.reason.is_empty() => {
                    "drained: no reason given".to_string()
                }
                SeriesKind::Drained => format!("drained: {}", s.reason),
            };
            StripPart {
                x: x(s.from),
                w: (x(s.to) - x(s.from)).max(1.0),
                color: series_color(s.kind, 0),
                title: format!(
                    "{what}, {} to {} ({})",
                    crate::time::utc(s.from),
                    crate::time::utc(s.to),
                    crate::words::duration(s.to - s.from)
                ),
            }
        })
        .collect()
}

/// Where `at` falls across a chart `width` wide.
pub fn chart_x(chart: &Chart, at: f64, width: f64) -> f64 {
    let span = chart.until - chart.since;
    ((at - chart.since) / span).clamp(0.0, 1.0) * width
}

/// The chart as a standalone SVG file: a title, the areas, the moment
/// shown as a line, the range's ends and a legend, in the page's light or
/// dark inks. Every label is escaped: reasons are the log's own words.
pub fn timeline_svg(chart: &Chart, at: Option<f64>, dark: bool) -> String {
    use crate::palette::{PAGE, TEXT};
    use crate::xml::escape;
    let (w, h, top, left) = (720.0, 200.0, 40.0, 10.0);
    let paths = chart_paths(chart, w, h);
    let legend_h = 18.0 * paths.len() as f64;
    let total_h = top + h + 30.0 + legend_h + 10.0;
    let ink = TEXT[usize::from(dark)];
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{total_h}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>\n<text x=\"{left}\" y=\"24\" fill=\"{ink}\" font-size=\"15\">Nodes by state, {} to {}</text>\n<g transform=\"translate({left},{top})\">\n",
        w + 2.0 * left,
        PAGE[usize::from(dark)],
        crate::time::utc(chart.since),
        crate::time::utc(chart.until)
    );
    for p in &paths {
        let _ = writeln!(
            s,
            "<path d=\"{}\" fill=\"{}\"><title>{}</title></path>",
            p.d,
            p.color,
            escape(&p.label)
        );
    }
    if let Some(t) = at {
        let x = chart_x(chart, t, w);
        let _ = writeln!(s, "<line x1=\"{x:.1}\" x2=\"{x:.1}\" y1=\"0\" y2=\"{h}\" stroke=\"{ink}\" stroke-width=\"2\"/>");
    }
    let _ = writeln!(
        s,
        "<text x=\"0\" y=\"{}\" fill=\"{ink}\">{}</text>",
        h + 16.0,
        crate::time::utc(chart.since)
    );
    let _ = writeln!(
        s,
        "<text x=\"{w}\" y=\"{}\" fill=\"{ink}\" text-anchor=\"end\">{}</text>",
        h + 16.0,
        crate::time::utc(chart.until)
    );
    for (i, p) in paths.iter().enumerate() {
        let y = h + 36.0 + 18.0 * i as f64;
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"18\" y=\"{y}\" fill=\"{ink}\">{}: {}</text>",
            y - 10.0,
            p.color,
            escape(&p.label),
            p.hours
        );
    }
    s.push_str("</g>\n</svg>\n");
    s
}

/// The `<rscope-view>` element's timeline (`view=timeline`, `at=`), as
/// the timeline part computes it for the element's small bundle, which
/// has no room for a timeline of its own: the chart as an SVG file, shown
/// as an image, and the grid's colouring by each node's state at the
/// moment `at=` names, where the iframe mode starts its slider.
#[derive(Clone, Debug, PartialEq)]
pub struct StillTimeline {
    /// The chart with the moment marked ([`timeline_svg`]); empty when
    /// every event is at one instant.
    pub svg: String,
    /// What the chart shows, in words, for those who cannot see it: the
    /// range, the moment, and how many nodes are in each state then.
    pub label: String,
    /// The grid's colouring at that moment ([`Overlay::to_part`]).
    ///
    /// [`Overlay::to_part`]: crate::grid::overlay::Overlay::to_part
    pub coloring: Vec<u8>,
    /// The system's R then, as the replay's payload gives it (the
    /// journal's R, else its ranks and hosts with no cores): what the
    /// element's views draw, as its bundle reads R alone.
    pub r: String,
    /// What was not understood (`at=` that reads as no time), in words.
    pub notes: Vec<String>,
}

/// [`StillTimeline`] of the resource eventlog `text` at `at` (as the
/// iframe's `at=` reads: seconds since the epoch, an ISO 8601 time, or an
/// offset from the first or last event; after the last event when
/// absent); an error in words when `text` is no resource eventlog with
/// events.
pub fn still_timeline(text: &str, at: Option<&str>, dark: bool) -> Result<StillTimeline, String> {
    let not_a_log = || {
        "view=timeline draws a resource eventlog's timeline, and this document is none: \
         give src= a resource eventlog (flux resource eventlog -f json, or the KVS resource.eventlog)"
            .to_string()
    };
    let replayer = ReadLogs::default()
        .replayer(0, Some(text), true)
        .ok()
        .flatten()
        .ok_or_else(not_a_log)?;
    let mut moments: Vec<f64> = replayer.log().events.iter().map(|e| e.timestamp).collect();
    moments.sort_by(f64::total_cmp);
    moments.dedup();
    if moments.is_empty() {
        return Err(not_a_log());
    }
    let mut notes = Vec::new();
    let mut slider = Slider::new(&moments);
    if let Some(t) = at.map(str::trim).filter(|t| !t.is_empty()) {
        let (first, last) = (moments.first().copied(), moments.last().copied());
        match eventlog::parse_instant(t, first, last) {
            Ok(t) => slider = slider.apply(SliderAction::Time(t)),
            Err(why) => notes.push(format!("at= ignored: {why}")),
        }
    }
    let answer = timeline_answer_of(&replayer, slider.asked(), true);
    let replayed = replayer.at(slider.asked()).payload;
    let r =
        (replayed.get("R").filter(|r| !r.is_null())).map_or_else(String::new, |r| r.to_string());
    let chart = answer.timeline.and_then(|t| t.chart);
    let states = answer.moment.states.unwrap_or_default();
    let legend: Vec<String> = states
        .overlay
        .legend()
        .into_iter()
        .map(|(l, _)| l)
        .collect();
    let range = match &chart {
        Some(c) => format!(
            "Nodes by state, {} to {}",
            crate::time::utc(c.since),
            crate::time::utc(c.until)
        ),
        None => "Nodes by state".to_string(),
    };
    Ok(StillTimeline {
        svg: chart.map_or_else(String::new, |c| timeline_svg(&c, slider.at(), dark)),
        label: format!(
            "{range}; the grid at {}: {}",
            slider.label(),
            legend.join(", ")
        ),
        coloring: states.overlay.to_part(),
        r,
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = r#"{"timestamp": 0, "name": "restart", "context": {"ranks": "0-3", "online": "0-3", "nodelist": "n[0-3]"}}
{"timestamp": 100, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "bad <dimm>", "overwrite": 0}}
{"timestamp": 100, "name": "offline", "context": {"idset": "3"}}
{"timestamp": 400, "name": "undrain", "context": {"idset": "1", "nodelist": "n1"}}
{"timestamp": 86500, "name": "online", "context": {"idset": "3"}}
"#;

    /// The chart of [`LOG`]'s timeline.
    fn log_chart() -> Chart {
        let timeline = timeline_answer(LOG, None, true).unwrap().timeline;
        timeline.unwrap().chart.unwrap()
    }

    fn legend(m: &Moment) -> Vec<String> {
        let states = m.states.as_ref().unwrap();
        states
            .overlay
            .legend()
            .into_iter()
            .map(|(l, _)| l)
            .collect()
    }

    #[test]
    fn a_moment_is_the_replay_to_it_with_drain_ages_as_of_then() {
        let a = timeline_answer(LOG, Some(250.0), true).unwrap();
        assert_eq!(a.moment.applied, 3);
        assert_eq!(
            legend(&a.moment),
            [
                "avail: 2 nodes",
                "avail* (offline): 1 node",
                "drained: 1 node"
            ]
        );
        let drains = &a.moment.states.as_ref().unwrap().drains;
        assert_eq!(
            (drains[0].reason.as_str(), drains[0].age.as_str()),
            ("bad <dimm>", "2 minutes ago")
        );
        let t = a.timeline.unwrap();
        assert_eq!((t.moments, t.events), (vec![0.0, 100.0, 400.0, 86500.0], 5));
        let labels: Vec<&str> = t
            .chart
            .as_ref()
            .unwrap()
            .series
            .iter()
            .map(|s| s.label.as_str())
            .collect();
        assert_eq!(labels, ["available", "drained: bad <dimm>", "offline"]);
        let last = timeline_answer(LOG, None, false).unwrap();
        assert_eq!((last.timeline, last.moment.applied), (None, 5));
        assert_eq!(legend(&last.moment), ["avail: 4 nodes"]);
        let mut logs = ReadLogs::default();
        assert_eq!(timeline_parts(&mut logs, 7, None, None, false), [NOT_KEPT]);
        let part = timeline_parts(&mut logs, 7, Some(LOG), Some(250.0), true);
        assert_eq!(timeline_from_all_parts(&part), Some(a_again()));
        // The first answer took the kept figures: this one counts them.
        let step = timeline_parts(&mut logs, 7, None, Some(250.0), true);
        assert_eq!(step, part, "the log kept under its number, no text sent");
        let kept = logs.replayer(7, None, true).unwrap().unwrap();
        let again = logs.replayer(7, Some("ignored"), true).unwrap().unwrap();
        assert!(Rc::ptr_eq(&kept, &again), "read once");
        assert_eq!(logs.replayer(8, None, true).err(), Some(NotKept));
        let bare = logs.replayer(8, Some(LOG), false).unwrap().unwrap();
        assert!(bare.take_history().is_none(), "no figures counted");
        let counted = logs.replayer(9, Some(LOG), true).unwrap().unwrap();
        assert!(matches!(counted.take_history(), Some(Ok(_))));
        assert!(timeline_answer("{\"R\": 1}", None, true).is_none());
        assert!(timeline_parts(&mut logs, 10, Some("{}"), None, true).is_empty());
    }

    #[test]
    #[cfg(feature = "page")]
    fn the_tab_s_report_takes_the_timeline_s_read_and_says_the_same() {
        let alone = crate::report::eventlog_report(LOG).unwrap();
        ReadLogs::default()
            .replayer(3, Some(LOG), true)
            .unwrap()
            .unwrap();
        let after = crate::report::eventlog_report(LOG).unwrap();
        assert!(eventlog::handed::take(LOG).is_none(), "the read was taken");
        assert_eq!(format!("{:?}", after.report), format!("{:?}", alone.report));
        assert_eq!(after.has_r, alone.has_r);
    }

    #[test]
    fn a_timeline_crosses_in_parts_with_a_long_table_split_by_rows() {
        let mut answer = a_again();
        let t = answer.timeline.as_mut().unwrap();
        let row = t.figures[0].rows[0].clone();
        t.figures[0].rows = vec![row; 2 * FIGURE_ROWS_PER_PART + 1];
        let tables = t.figures.len();
        let parts = answer_parts(answer.clone());
        // The head, the moments, the long table in three, the others whole.
        assert_eq!(parts.len(), 2 + 3 + (tables - 1));
        assert_eq!(parts[1].len(), 4 * 8, "four moments");
        assert_eq!(timeline_from_all_parts(&parts), Some(answer.clone()));
        let head = timeline_from_parts(&parts[0], Some(&parts[1])).unwrap();
        let t = head.timeline.unwrap();
        assert_eq!((t.moments.len(), t.figures.len()), (4, 0));
        assert_eq!(timeline_from_parts(&parts[0], Some(&parts[1][1..])), None);
        assert_eq!(timeline_from_parts(&parts[0], None), None);
        let mut figures = Vec::new();
        assert!(
            !read_figure_part(&mut figures, &parts[3]),
            "rows before a table"
        );
        assert!(!read_figure_part(&mut figures, b"\x07"));
        assert!(read_figure_part(&mut figures, &parts[2]));
        assert_eq!(figures[0].rows.len(), FIGURE_ROWS_PER_PART);
        answer.timeline = None;
        assert_eq!(answer_parts(answer).len(), 1, "a step: the head alone");
    }

    fn a_again() -> TimelineAnswer {
        timeline_answer(LOG, Some(250.0), true).unwrap()
    }

    #[test]
    fn a_log_s_text_goes_with_its_first_request_and_after_the_worker_lost_it() {
        let mut sender = LogSender::default();
        assert!(sender.carries_text(1));
        assert!(!sender.carries_text(1));
        assert!(sender.carries_text(2), "another log");
        sender.forget();
        assert!(sender.carries_text(2), "asked again after NOT_KEPT");
        assert!(!sender.carries_text(2));
    }

    #[test]
    fn the_slider_steps_by_event_and_by_day_and_starts_after_the_last() {
        let s = Slider::new(&[0.0, 100.0, 200.0, 86500.0, 90000.0]);
        assert_eq!((s.index(), s.asked(), s.len()), (4, None, 5));
        let s = s.apply(SliderAction::DayBack);
        assert_eq!(s.index(), 2, "the last moment a day before 90000 is 200");
        assert_eq!(s.asked(), Some(200.0));
        let s = s.apply(SliderAction::DayBack);
        assert_eq!(s.index(), 0, "no moment is a day before 200: the first");
        let s = s.apply(SliderAction::DayOn);
        assert_eq!(s.index(), 3, "the first moment a day after 0 is 86500");
        let s = s
            .apply(SliderAction::Previous)
            .apply(SliderAction::Previous);
        assert_eq!(s.index(), 1);
        let s = s.apply(SliderAction::First).apply(SliderAction::Previous);
        assert_eq!(
            (s.index(), s.label()),
            (0, "1970-01-01 00:00:00 UTC, moment 1 of 5".into())
        );
        let s = s.apply(SliderAction::Time(150.0));
        assert_eq!(s.index(), 1);
        let s = s.apply(SliderAction::To(99)).apply(SliderAction::Next);
        assert_eq!(s.index(), 4);
        let s = s.apply(SliderAction::Time(-5.0)).apply(SliderAction::Last);
        assert_eq!(s.index(), 4);
        let none = Slider::new(&[]).apply(SliderAction::Next);
        assert_eq!(
            (none.at(), none.asked(), none.label()),
            (None, None, "no events".into())
        );
    }

    #[test]
    fn a_node_s_strip_lays_its_stretches_across_the_range_each_at_least_a_pixel() {
        let log = eventlog::read(LOG);
        let parts = strip_parts(&eventlog::rank_history(&log, 1), (0.0, 86500.0), 865.0);
        let got: Vec<(String, String, &str, &str)> = (parts.iter())
            .map(|p| {
                (
                    format!("{:.1}", p.x),
                    format!("{:.1}", p.w),
                    p.color,
                    p.title.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("0.0".into(), "1.0".into(), "#009E73", "available, 1970-01-01 00:00:00 UTC to 1970-01-01 00:01:40 UTC (1 minute 40 seconds)"),
                ("1.0".into(), "3.0".into(), "#D55E00", "drained: bad <dimm>, 1970-01-01 00:01:40 UTC to 1970-01-01 00:06:40 UTC (5 minutes)"),
                ("4.0".into(), "861.0".into(), "#009E73", "available, 1970-01-01 00:06:40 UTC to 1970-01-02 00:01:40 UTC (23 hours 55 minutes)"),
            ]
        );
    }

    #[test]
    fn the_chart_stacks_from_the_bottom_and_its_svg_escapes_the_reasons() {
        let chart = log_chart();
        let paths = chart_paths(&chart, 600.0, 100.0);
        let got: Vec<(&str, &str, &str)> = (paths.iter())
            .map(|p| (p.label.as_str(), p.color, p.hours.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("available", "#009E73", "72.0 node-hours"),
                ("drained: bad <dimm>", "#D55E00", "0.1 node-hours"),
                ("offline", "#E69F00", "24.0 node-hours"),
            ]
        );
        // Two of four nodes are available from 100 s to 400 s, three after.
        assert!(
            paths[0]
                .d
                .starts_with("M0.5,15.3L1.5,50.0L2.5,44.4L3.5,25.0"),
            "{}",
            &paths[0].d[..40]
        );
        let svg = timeline_svg(&chart, Some(43250.0), false);
        assert!(svg.contains("<title>drained: bad &lt;dimm&gt;</title>"));
        assert!(svg.contains("<line x1=\"360.0\" x2=\"360.0\""));
        assert!(svg.contains(">1970-01-02 00:01:40 UTC</text>"));
        assert_eq!(chart_x(&chart, -1.0, 600.0), 0.0);
    }

    #[test]
    fn the_element_s_timeline_is_the_chart_marked_at_its_moment_and_the_states_then() {
        let t = still_timeline(LOG, Some("250"), false).unwrap();
        assert_eq!(
            t.label,
            "Nodes by state, 1970-01-01 00:00:00 UTC to 1970-01-02 00:01:40 UTC; the grid at \
             1970-01-01 00:01:40 UTC, moment 2 of 4: avail: 2 nodes, avail* (offline): 1 node, drained: 1 node"
        );
        assert!(t.notes.is_empty());
        assert_eq!(t.svg, timeline_svg(&log_chart(), Some(100.0), false));
        let states = timeline_answer(LOG, Some(100.0), false)
            .unwrap()
            .moment
            .states
            .unwrap();
        assert_eq!(t.coloring, states.overlay.to_part());
        assert_eq!(
            t.r,
            r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{}}],"starttime":0.0,"expiration":0.0,"nodelist":["n[0-3]"]}}"#
        );
        // After the last event when at= is absent or reads as no time.
        let end = still_timeline(LOG, Some("tuesday"), true).unwrap();
        assert_eq!(
            end.notes,
            ["at= ignored: invalid time 'tuesday': give seconds since the epoch, an ISO 8601 time \
              (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)"]
        );
        let plain = still_timeline(LOG, None, true).unwrap();
        assert!(plain.notes.is_empty());
        assert!(end.svg == plain.svg && end.label == plain.label && end.coloring == plain.coloring);
        assert_eq!(end.r, t.r);
        assert!(
            end.label.ends_with("moment 4 of 4: avail: 4 nodes"),
            "{}",
            end.label
        );
        assert!(end
            .svg
            .contains("<rect width=\"100%\" height=\"100%\" fill=\"#0f1419\"/>"));
    }

    #[test]
    fn the_element_s_timeline_of_no_eventlog_says_what_to_give() {
        let why = "view=timeline draws a resource eventlog's timeline, and this document is none: \
                   give src= a resource eventlog (flux resource eventlog -f json, or the KVS resource.eventlog)";
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#;
        assert_eq!(still_timeline(r, None, false), Err(why.to_string()));
        assert_eq!(still_timeline("", Some("-1d"), false), Err(why.to_string()));
    }
}
