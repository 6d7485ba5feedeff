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

/// Answers "does the list hold this name?".
pub(crate) struct HostIndex<'a> {
    singles: HashSet<&'a str>,
    /// Sorted, disjoint, non-adjacent inclusive intervals per key.
    numbered: HashMap<(&'a str, u32), Vec<(u64, u64)>>,
}

impl<'a> HostIndex<'a> {
    /// Index the ranges of a list.
    pub fn new(ranges: &'a [HostRange]) -> Self {
        let mut singles = HashSet::new();
        let mut raw: HashMap<(&'a str, u32), Vec<(u64, u64)>> = HashMap::new();
        for r in ranges {
            if r.single {
                singles.insert(&*r.prefix);
            } else {
                raw.entry((&*r.prefix, r.width))
                    .or_default()
                    .push((r.lo, r.hi));
            }
        }
        for v in raw.values_mut() {
            v.sort_unstable();
            let mut merged: Vec<(u64, u64)> = Vec::with_capacity(v.len());
            for &(lo, hi) in v.iter() {
                match merged.last_mut() {
                    Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                    _ => merged.push((lo, hi)),
                }
            }
            *v = merged;
        }
        HostIndex {
            singles,
            numbered: raw,
        }
    }

    fn holds(&self, prefix: &str, width: u32, n: u64) -> bool {
        let Some(v) = self.numbered.get(&(prefix, width)) else {
            return false;
        };
        let i = v.partition_point(|&(_, hi)| hi < n);
        v.get(i).is_some_and(|&(lo, _)| lo <= n)
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
            if len > digits(n) {
                // Leading zeros: only a range padded to exactly this width.
                if self.holds(prefix, len, n) {
                    return true;
                }
            } else if self.holds(prefix, 0, n) || (2..=len).any(|w| self.holds(prefix, w, n)) {
                // No leading zeros: unpadded, or padded to at most `len`.
                return true;
            }
        }
        false
    }
}
