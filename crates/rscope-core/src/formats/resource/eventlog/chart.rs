//! The timeline chart of a resource eventlog: how many nodes were
//! available, drained (by reason), offline and excluded over a time
//! range, as time-weighted means over equal columns. It is summed in
//! history's one pass over the events ([`super::history`]), so a state
//! means here what it means in `rscope resource history`: a rank counts
//! while its state is known, excluded first, then drained (online or
//! not, under its reason), then offline, else available.
//!
//! The counts advance column by column as time does; each stretch a rank
//! spends drained is laid into its reason's columns at the end, once the
//! named reasons are known, in constant time (a difference array), so a
//! year of a 16 384-node system with thousands of distinct reasons costs
//! a few additions per event.

use serde::{Deserialize, Serialize};

/// The most columns a chart has: more than a screen is wide.
pub const MAX_COLUMNS: usize = 2_000;

/// The drain reasons a chart names; the others are summed as one series.
pub const NAMED_REASONS: usize = 5;

/// One rank's place in the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    /// Not known (before the first restart, or outside the instance).
    Unknown,
    /// Online, not drained, not excluded.
    Available,
    /// Offline and not drained.
    Offline,
    /// Excluded by the configuration.
    Excluded,
    /// Drained, for the reason of this index.
    Drained(u32),
}

/// What a series of the chart counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeriesKind {
    /// Available nodes.
    Available,
    /// Nodes drained for one reason (or for any reason not named).
    Drained,
    /// Offline nodes that are not drained.
    Offline,
    /// Excluded nodes.
    Excluded,
}

/// One stacked series: what it counts, its label, and its mean node count
/// in each column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// What it counts.
    pub kind: SeriesKind,
    /// `available`, `drained: <reason>`, `drained: other reasons`,
    /// `offline`, `excluded`.
    pub label: String,
    /// Node-hours over the range.
    pub node_hours: f64,
    /// The mean node count in each column.
    pub values: Vec<f32>,
}

/// The chart: the range, the column width, and the series from the
/// bottom of the stack up (available first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    /// The start of the range (seconds since the epoch).
    pub since: f64,
    /// The end of the range.
    pub until: f64,
    /// Each column's length in seconds.
    pub step: f64,
    /// The series, available at the bottom.
    pub series: Vec<Series>,
}

impl Chart {
    /// How many columns.
    pub fn columns(&self) -> usize {
        self.series.first().map_or(0, |s| s.values.len())
    }

    /// The highest stack of a column: the scale's top.
    pub fn most(&self) -> f32 {
        (0..self.columns())
            .map(|c| self.series.iter().map(|s| s.values[c]).sum::<f32>())
            .fold(0.0, f32::max)
    }
}

/// The chart being summed while history's pass runs.
pub(super) struct ChartPass {
    since: f64,
    step: f64,
    /// Ranks available, offline and excluded now.
    counts: [u64; 3],
    /// Node-seconds per column: available, offline, excluded.
    base: Vec<[f64; 3]>,
    /// Each stretch a rank spent drained: its reason's index, from, to
    /// (within the range). Which reasons are named is known only at the
    /// end, when these are laid into their series' columns.
    drained: Vec<(u32, f64, f64)>,
}

impl ChartPass {
    /// A chart of `columns` columns over `[since, until]`; `None` when the
    /// range is empty.
    pub(super) fn new(since: f64, until: f64, columns: usize) -> Option<ChartPass> {
        let columns = columns.clamp(1, MAX_COLUMNS);
        let step = (until - since) / columns as f64;
        (step > 0.0 && step.is_finite()).then(|| ChartPass {
            since,
            step,
            counts: [0; 3],
            base: vec![[0.0; 3]; columns],
            drained: Vec::new(),
        })
    }

    /// One rank left `old` for `new` (drained ranks are counted by their
    /// stretches, [`ChartPass::drained`]).
    pub(super) fn change(&mut self, old: Slot, new: Slot) {
        self.count(old, false);
        self.count(new, true);
    }

    fn count(&mut self, slot: Slot, add: bool) {
        let n = match slot {
            Slot::Unknown | Slot::Drained(_) => return,
            Slot::Available => &mut self.counts[0],
            Slot::Offline => &mut self.counts[1],
            Slot::Excluded => &mut self.counts[2],
        };
        *n = if add { *n + 1 } else { n.saturating_sub(1) };
    }

    /// A rank was drained for reason `reason` from `from` to `to`.
    pub(super) fn drained(&mut self, reason: u32, from: f64, to: f64) {
        if to > from {
            self.drained.push((reason, from, to));
        }
    }

    /// The column of time `t`.
    fn column(&self, t: f64) -> usize {
        (((t - self.since) / self.step).floor().max(0.0) as usize).min(self.base.len() - 1)
    }

    /// The counts held from `from` to `to` (within the range).
    pub(super) fn advance(&mut self, from: f64, to: f64) {
        let last = self.base.len() - 1;
        let mut column = self.column(from);
        let mut a = from;
        // By column index, not by time: a column's end computed from the
        // step may round to its start.
        while a < to && column <= last {
            let end = match column == last {
                true => to,
                false => to.min(self.since + (column + 1) as f64 * self.step),
            };
            if end > a {
                let d = end - a;
                for (sum, &n) in self.base[column].iter_mut().zip(&self.counts) {
                    *sum += n as f64 * d;
                }
                a = end;
            }
            column += 1;
        }
    }

    /// The drained node-seconds of each series in each column: the
    /// stretches of reason `r` go to series `bucket(r)`, each in O(1) (its
    /// first and last columns directly, the whole ones between through a
    /// difference array).
    fn lay_drained(&self, series: usize, bucket: impl Fn(u32) -> usize) -> Vec<Vec<f64>> {
        let n = self.base.len();
        let mut sums = vec![vec![0.0; n]; series];
        let mut whole = vec![vec![0.0; n + 1]; series];
        let start = |c: usize| self.since + c as f64 * self.step;
        for &(r, a, b) in &self.drained {
            let (s, c0, c1) = (bucket(r), self.column(a), self.column(b));
            if c0 == c1 {
                sums[s][c0] += b - a;
                continue;
            }
            sums[s][c0] += start(c0 + 1) - a;
            sums[s][c1] += b - start(c1);
            whole[s][c0 + 1] += 1.0;
            whole[s][c1] -= 1.0;
        }
        for (sum, diff) in sums.iter_mut().zip(&whole) {
            let mut running = 0.0;
            for (c, d) in diff.iter().take(n).enumerate() {
                running += d;
                sum[c] += running * self.step;
            }
        }
        sums
    }

    /// The chart, the reasons named by their index: the
    /// [`NAMED_REASONS`] with the most node-hours each a series, the
    /// others one.
    pub(super) fn finish(self, until: f64, reasons: &[String]) -> Chart {
        let mut totals = vec![0.0f64; reasons.len()];
        for &(r, a, b) in &self.drained {
            if let Some(t) = totals.get_mut(r as usize) {
                *t += b - a;
            }
        }
        let mut ranked: Vec<(u32, f64)> = (totals.iter().enumerate())
            .filter(|(_, &t)| t > 0.0)
            .map(|(r, &t)| (r as u32, t))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let named: Vec<u32> = ranked.iter().take(NAMED_REASONS).map(|r| r.0).collect();
        let other = named.len();
        let bucket = |r: u32| named.iter().position(|&n| n == r).unwrap_or(other);
        let drained = self.lay_drained(other + 1, bucket);
        let mean = |s: f64| (s / self.step) as f32;
        let means = |v: &[f64]| -> Vec<f32> { v.iter().map(|&s| mean(s)).collect() };
        let base = |i: usize| -> Vec<f32> { self.base.iter().map(|c| mean(c[i])).collect() };
        let step = self.step;
        let mut stack = vec![series(
            SeriesKind::Available,
            "available".into(),
            base(0),
            step,
        )];
        for (i, &r) in named.iter().enumerate() {
            let label = reasons.get(r as usize).map_or("", String::as_str);
            stack.push(series(
                SeriesKind::Drained,
                reason_label(label),
                means(&drained[i]),
                step,
            ));
        }
        if ranked.len() > named.len() {
            let label = "drained: other reasons".into();
            stack.push(series(
                SeriesKind::Drained,
                label,
                means(&drained[other]),
                step,
            ));
        }
        stack.push(series(SeriesKind::Offline, "offline".into(), base(1), step));
        stack.push(series(
            SeriesKind::Excluded,
            "excluded".into(),
            base(2),
            step,
        ));
        stack.retain(|s| s.kind == SeriesKind::Available || s.values.iter().any(|&v| v > 0.0));
        Chart {
            since: self.since,
            until,
            step,
            series: stack,
        }
    }
}

/// A drained series' label: the reason as written, or that it had none.
fn reason_label(reason: &str) -> String {
    match reason {
        "" => "drained: no reason given".into(),
        r => format!("drained: {r}"),
    }
}

/// A series from its mean counts, its node-hours summed from them.
fn series(kind: SeriesKind, label: String, values: Vec<f32>, step: f64) -> Series {
    let node_hours = values.iter().map(|&v| f64::from(v)).sum::<f64>() * step / 3600.0;
    Series {
        kind,
        label,
        node_hours: (node_hours * 1000.0).round() / 1000.0,
        values,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{history, read, HistoryOptions};
    use super::*;

    fn chart(text: &str, columns: usize) -> Chart {
        let opts = HistoryOptions {
            chart_columns: Some(columns),
            ..HistoryOptions::default()
        };
        history(&read(text), &opts).unwrap().chart.unwrap()
    }

    const LOG: &str = r#"{"timestamp": 0, "name": "restart", "context": {"ranks": "0-3", "online": "0-3", "nodelist": "n[0-3]"}}
{"timestamp": 100, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "bad dimm", "overwrite": 0}}
{"timestamp": 150, "name": "drain", "context": {"idset": "3", "nodelist": "n3", "reason": "", "overwrite": 0}}
{"timestamp": 200, "name": "offline", "context": {"idset": "2"}}
{"timestamp": 250, "name": "undrain", "context": {"idset": "3", "nodelist": "n3"}}
{"timestamp": 300, "name": "undrain", "context": {"idset": "1", "nodelist": "n1"}}
{"timestamp": 400, "name": "online", "context": {"idset": "2"}}
"#;

    #[test]
    fn each_column_is_the_mean_node_count_of_each_state_stacked_from_available_up() {
        let c = chart(LOG, 4);
        assert_eq!(
            (c.since, c.until, c.step, c.columns()),
            (0.0, 400.0, 100.0, 4)
        );
        let got: Vec<(&str, SeriesKind, &[f32], f64)> = (c.series.iter())
            .map(|s| (s.label.as_str(), s.kind, &s.values[..], s.node_hours))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "available",
                    SeriesKind::Available,
                    &[4.0, 2.5, 1.5, 3.0][..],
                    0.306
                ),
                (
                    "drained: bad dimm",
                    SeriesKind::Drained,
                    &[0.0, 1.0, 1.0, 0.0][..],
                    0.056
                ),
                (
                    "drained: no reason given",
                    SeriesKind::Drained,
                    &[0.0, 0.5, 0.5, 0.0][..],
                    0.028
                ),
                (
                    "offline",
                    SeriesKind::Offline,
                    &[0.0, 0.0, 1.0, 1.0][..],
                    0.056
                ),
            ]
        );
        assert_eq!(c.most(), 4.0);
    }

    #[test]
    fn reasons_past_the_named_ones_are_summed_and_an_empty_range_has_no_chart() {
        let mut text = String::from(
            r#"{"timestamp": 0, "name": "restart", "context": {"ranks": "0-9", "online": "0-9", "nodelist": "n[0-9]"}}
"#,
        );
        for rank in 0..7u32 {
            text.push_str(&format!(
                "{{\"timestamp\": {}, \"name\": \"drain\", \"context\": {{\"idset\": \"{rank}\", \"nodelist\": \"n{rank}\", \"reason\": \"r{rank}\", \"overwrite\": 0}}}}\n",
                10 * rank + 10
            ));
        }
        text.push_str(r#"{"timestamp": 100, "name": "online", "context": {"idset": "0"}}"#);
        let c = chart(&text, 1);
        let labels: Vec<&str> = c.series.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "available",
                "drained: r0",
                "drained: r1",
                "drained: r2",
                "drained: r3",
                "drained: r4",
                "drained: other reasons"
            ]
        );
        // r5 from 60 s and r6 from 70 s: 40 + 30 node-seconds in 100.
        assert_eq!(c.series[6].values, [0.7]);
        let one = r#"{"timestamp": 5, "name": "restart", "context": {"ranks": "0", "online": "0", "nodelist": "n0"}}"#;
        let opts = HistoryOptions {
            chart_columns: Some(10),
            ..HistoryOptions::default()
        };
        assert_eq!(history(&read(one), &opts).unwrap().chart, None);
    }
}

/// One stretch of a node's history: from when, to when, where the chart
/// counts it, and why when drained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stretch {
    /// Its start (seconds since the epoch).
    pub from: f64,
    /// Its end.
    pub to: f64,
    /// What the node was: `available`, `drained`, `offline`, `excluded`.
    pub kind: SeriesKind,
    /// The drain reason, when drained.
    pub reason: String,
}

/// `rank`'s history over the log's range, from its first restart (or
/// `resource-init`) on: each stretch of one state, as the chart counts
/// it, in order. The same state machine as replay's decides.
pub fn rank_history(log: &super::ResourceEventlog, rank: u32) -> Vec<Stretch> {
    use super::replay::{State, Touched};
    let Ok((mut state, mut r)) = State::start(log, None, None) else {
        return Vec::new();
    };
    let last = log
        .events
        .iter()
        .map(|e| e.timestamp)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut out: Vec<Stretch> = Vec::new();
    let mut known = false;
    let mut clock = f64::NEG_INFINITY;
    for ev in &log.events {
        let t = ev.timestamp.max(clock);
        clock = t;
        let touched = state.apply(ev, r.as_mut());
        if matches!(touched, Touched::All) {
            // A restart names the instance: a rank beyond it is unknown.
            let was = known;
            known = state.limit().is_none_or(|l| rank < l);
            if was && !known {
                if let Some(s) = out.last_mut() {
                    s.to = t;
                }
            }
        }
        let named = match &touched {
            Touched::All => true,
            Touched::Ranks(ids) => ids.contains(rank),
            Touched::None => false,
        };
        if !known || !named {
            continue;
        }
        let (kind, reason) = match (state.is_excluded(rank), state.drain_reason(rank)) {
            (true, _) => (SeriesKind::Excluded, ""),
            (false, Some(why)) => (SeriesKind::Drained, why),
            (false, None) if !state.is_online(rank) => (SeriesKind::Offline, ""),
            _ => (SeriesKind::Available, ""),
        };
        let same = |s: &Stretch| s.kind == kind && s.reason == reason;
        if out.last().is_some_and(same) {
            continue;
        }
        // A state that lasted no time (two events at one instant) is not
        // a stretch: the one before it goes on, or ends now.
        match out.last_mut() {
            Some(s) if s.from == t => {
                out.pop();
            }
            Some(s) => s.to = t,
            None => {}
        }
        if !out.last().is_some_and(same) {
            out.push(Stretch {
                from: t,
                to: t,
                kind,
                reason: reason.to_string(),
            });
        }
    }
    if let Some(s) = out.last_mut().filter(|_| known) {
        s.to = last;
    }
    out
}

#[cfg(test)]
mod stretch_tests {
    use super::super::read;
    use super::*;

    #[test]
    fn a_rank_s_history_is_its_stretches_of_one_state_from_its_first_restart() {
        let log = read(
            r#"{"timestamp": 0, "name": "online", "context": {"idset": "1"}}
{"timestamp": 10, "name": "restart", "context": {"ranks": "0-3", "online": "0-3", "nodelist": "n[0-3]"}}
{"timestamp": 100, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "fan", "overwrite": 0}}
{"timestamp": 150, "name": "offline", "context": {"idset": "2"}}
{"timestamp": 200, "name": "drain", "context": {"idset": "1", "nodelist": "n1", "reason": "psu", "overwrite": 1}}
{"timestamp": 200, "name": "undrain", "context": {"idset": "1", "nodelist": "n1"}}
{"timestamp": 300, "name": "offline", "context": {"idset": "1"}}
{"timestamp": 400, "name": "online", "context": {"idset": "1-2"}}
"#,
        );
        let h = rank_history(&log, 1);
        let got: Vec<(f64, f64, SeriesKind, &str)> = (h.iter())
            .map(|s| (s.from, s.to, s.kind, s.reason.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (10.0, 100.0, SeriesKind::Available, ""),
                (100.0, 200.0, SeriesKind::Drained, "fan"),
                (200.0, 300.0, SeriesKind::Available, ""),
                (300.0, 400.0, SeriesKind::Offline, ""),
                (400.0, 400.0, SeriesKind::Available, ""),
            ]
        );
        assert_eq!(rank_history(&log, 9), []);
    }
}
