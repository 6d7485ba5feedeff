//! A membership index over a host list, for the set operations.
//!
//! `name in hostlist` in the reference is a linear `hostlist_find()`; a
//! name is in a numbered range exactly when it is the prefix followed by a
//! number of the range printed at the range's width (see
//! [`HostRange::offset_of`]). This index answers the same question in
//! time logarithmic in the number of ranges: single names in a hash set,
//! numbered ranges merged per (prefix, width).

use super::hostrange::{digit_tail, digits, parse_number, HostRange};
use std::collections::{HashMap, HashSet};

/// Sorted, disjoint, non-adjacent inclusive intervals of numbers.
type Intervals = Vec<(u64, u64)>;

/// Answers "does the list hold this name?".
pub(crate) struct HostIndex<'a> {
    singles: HashSet<&'a str>,
    /// Per prefix, per width: sorted, disjoint, non-adjacent inclusive
    /// intervals.
    numbered: HashMap<&'a str, Vec<(u32, Intervals)>>,
}

impl<'a> HostIndex<'a> {
    /// Index the ranges of a list.
    pub fn new(ranges: &'a [HostRange]) -> Self {
        let mut singles = HashSet::new();
        let mut raw: HashMap<(&'a str, u32), Intervals> = HashMap::new();
        for r in ranges {
            if r.single {
                singles.insert(&*r.prefix);
            } else {
                raw.entry((&*r.prefix, r.width))
                    .or_default()
                    .push((r.lo, r.hi));
            }
        }
        let mut numbered: HashMap<&'a str, Vec<(u32, Intervals)>> = HashMap::new();
        for ((prefix, width), mut v) in raw {
            v.sort_unstable();
            let mut merged: Intervals = Vec::with_capacity(v.len());
            for (lo, hi) in v {
                match merged.last_mut() {
                    Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                    _ => merged.push((lo, hi)),
                }
            }
            numbered.entry(prefix).or_default().push((width, merged));
        }
        HostIndex { singles, numbered }
    }

    /// Whether a run with `prefix`, a width that `accept`s, holds `n`.
    fn holds(&self, prefix: &str, n: u64, accept: impl Fn(u32) -> bool) -> bool {
        let Some(by_width) = self.numbered.get(prefix) else {
            return false;
        };
        by_width.iter().any(|(w, v)| {
            if !accept(*w) {
                return false;
            }
            let i = v.partition_point(|&(_, hi)| hi < n);
            v.get(i).is_some_and(|&(lo, _)| lo <= n)
        })
    }

    /// Whether some range of the list holds `name`.
    pub fn contains(&self, name: &str) -> bool {
        if self.singles.contains(name) {
            return true;
        }
        // Try every split of the trailing digits into prefix and number.
        for k in digit_tail(name)..name.len() {
            let (prefix, rest) = name.split_at(k);
            let Some(n) = parse_number(rest) else {
                continue;
            };
            let len = u32::try_from(rest.len()).unwrap_or(u32::MAX);
            let found = if len > digits(n) {
                // Leading zeros: only a range padded to exactly this width.
                self.holds(prefix, n, |w| w == len)
            } else {
                // No leading zeros: unpadded, or padded to at most `len`.
                self.holds(prefix, n, |w| w <= len)
            };
            if found {
                return true;
            }
        }
        false
    }
}
