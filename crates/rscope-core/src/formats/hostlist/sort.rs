//! Sorting and de-duplication with the reference's exact results.
//!
//! `hostlist_sort()` and `hostlist_uniq()` in flux-core sort the ranges with
//! `qsort()` and a comparison that is not a total order when zero-padding
//! widths differ, then split overlapping ranges (sort) or join them (uniq).
//! The printed result depends on the order `qsort()` leaves equal and
//! incomparable ranges in, so this uses the same top-down stable merge sort
//! that glibc's `qsort()` uses (its `msort`), never the standard library's
//! sort (which may panic on a comparison that is not a total order).

use super::hostrange::HostRange;
use std::cmp::Ordering;

/// Stable top-down merge sort, splitting as glibc's `msort_with_tmp` does:
/// the first half has `n / 2` elements, and ties keep the left element.
pub(crate) fn merge_sort<T: Clone>(v: &mut [T], cmp: &impl Fn(&T, &T) -> Ordering) {
    let mut tmp: Vec<T> = Vec::with_capacity(v.len());
    merge_sort_with(v, &mut tmp, cmp);
}

fn merge_sort_with<T: Clone>(v: &mut [T], tmp: &mut Vec<T>, cmp: &impl Fn(&T, &T) -> Ordering) {
    let n = v.len();
    if n <= 1 {
        return;
    }
    let n1 = n / 2;
    merge_sort_with(&mut v[..n1], tmp, cmp);
    merge_sort_with(&mut v[n1..], tmp, cmp);
    tmp.clear();
    let (mut i, mut j) = (0, n1);
    while i < n1 && j < n {
        if cmp(&v[i], &v[j]) != Ordering::Greater {
            tmp.push(v[i].clone());
            i += 1;
        } else {
            tmp.push(v[j].clone());
            j += 1;
        }
    }
    tmp.extend_from_slice(&v[i..n1]);
    // Whatever is left of the right half is already in place.
    let done = tmp.len();
    v[..done].clone_from_slice(tmp);
}

/// The reference's `hostrange_intersect()` for `prev <= next`: the
/// duplicated numbers, when both are numbered ranges with one prefix,
/// compatible widths and `prev.hi > next.lo`.
fn intersect(prev: &HostRange, next: &HostRange) -> Option<(u64, u64)> {
    if prev.single || next.single {
        return None;
    }
    (prev.prefix == next.prefix && prev.hi > next.lo && prev.width_compatible(next))
        .then(|| (next.lo, next.hi.min(prev.hi)))
}

/// Order runs as the reference's `qsort()` with `hostrange_cmp()` does.
/// Sorts positions rather than the runs themselves, so the merge passes
/// copy plain integers.
fn sort_ranges(ranges: &mut Vec<HostRange>) {
    let mut order: Vec<usize> = (0..ranges.len()).collect();
    merge_sort(&mut order, &|&a: &usize, &b: &usize| {
        ranges[a].sort_cmp(&ranges[b])
    });
    let mut slots: Vec<Option<HostRange>> = ranges.drain(..).map(Some).collect();
    ranges.extend(order.into_iter().filter_map(|i| slots.get_mut(i)?.take()));
}

/// Sort as `hostlist_sort()` does: merge sort, then split overlaps so each
/// duplicated host gets its own place (`hostlist_coalesce()`), then join
/// ranges that continue one another (`hostlist_collapse()`).
pub(crate) fn sort(ranges: &mut Vec<HostRange>) {
    if ranges.len() <= 1 {
        return;
    }
    sort_ranges(ranges);
    if !coalesce(ranges) {
        sort_units(ranges);
    }
    collapse(ranges);
}

/// The fallback when [`coalesce`] meets a pair the reference would stop
/// on: split every run into one run per host and sort those, which gives
/// the sorted list the reference means to build.
fn sort_units(ranges: &mut Vec<HostRange>) {
    let mut units: Vec<HostRange> = Vec::new();
    for r in ranges.drain(..) {
        if r.single || r.lo == r.hi {
            units.push(r);
        } else {
            for k in r.lo..=r.hi {
                units.push(HostRange::numeric_shared(r.prefix.clone(), k, k, r.width));
            }
        }
    }
    sort_ranges(&mut units);
    *ranges = units;
}

/// `hostlist_coalesce()`: walk pairs from the end; when a pair overlaps,
/// shrink both and put the duplicated numbers between them one by one, then
/// look again from the end.
///
/// The reference restarts its scan at the last pair after every split; only
/// the pair just above the split can have changed, so this keeps the pairs
/// already checked on a stack and resumes there, which gives the same result
/// in time linear in the output.
///
/// A split raises the start of a run, which can change how its zero
/// padding compares with the next run's and so put it after that run
/// (`n[0-30],n[5-20],n07`: `[5-20]` becomes `[20-30]`, which now compares
/// by number with `07`). The reference then fails an assertion (or,
/// without assertions, builds a run whose end is below its start). Here the
/// walk stops instead and returns `false`, leaving every host in `ranges`
/// in some order.
fn coalesce(ranges: &mut Vec<HostRange>) -> bool {
    let mut todo: Vec<HostRange> = std::mem::take(ranges);
    // `done` holds the checked suffix of the list, last element first.
    let mut done: Vec<HostRange> = Vec::with_capacity(todo.len());
    if let Some(last) = todo.pop() {
        done.push(last);
    }
    while let Some(mut cur) = todo.pop() {
        // Settle `cur` against the checked part, which may cascade upward.
        loop {
            let Some(mut next) = done.pop() else {
                done.push(cur);
                break;
            };
            if cur.sort_cmp(&next) == Ordering::Greater {
                done.push(next);
                done.push(cur);
                done.reverse();
                todo.append(&mut done);
                *ranges = todo;
                return false;
            }
            let Some((dlo, dhi)) = intersect(&cur, &next) else {
                done.push(next);
                done.push(cur);
                break;
            };
            if dhi < cur.hi {
                next.hi = cur.hi;
            }
            cur.hi = dlo;
            next.set_lo(dhi);
            // After the split the order is: cur, the duplicated numbers one
            // by one (with cur's width), next. The pieces never overlap
            // their neighbours, so they go back on the to-do list in order
            // behind `cur`; the grown `next` is checked against what
            // follows it first, as the reference's restart does.
            let (prefix, width) = (cur.prefix.clone(), cur.width);
            todo.push(cur);
            for k in dlo..=dhi {
                let piece = HostRange::numeric_shared(prefix.clone(), k, k, width);
                if k > dlo {
                    todo.push(piece.clone());
                }
                if k < dhi {
                    todo.push(piece);
                }
            }
            cur = next;
        }
    }
    done.reverse();
    *ranges = done;
    true
}

/// `hostlist_collapse()`: join each range into the one before it when it
/// continues it, scanning from the end.
fn collapse(ranges: &mut Vec<HostRange>) {
    let mut out: Vec<HostRange> = Vec::with_capacity(ranges.len());
    while let Some(mut prev) = ranges.pop() {
        if let Some(next) = out.last() {
            if prev.continues_into(next) {
                prev.hi = next.hi;
                out.pop();
            }
        }
        out.push(prev);
    }
    out.reverse();
    *ranges = out;
}

/// Sort and remove duplicates as `hostlist_uniq()` does; returns the number
/// of hosts removed.
pub(crate) fn uniq(ranges: &mut Vec<HostRange>) -> u64 {
    if ranges.len() <= 1 {
        return 0;
    }
    sort_ranges(ranges);
    let mut removed = 0;
    let mut out: Vec<HostRange> = Vec::with_capacity(ranges.len());
    for r in ranges.drain(..) {
        match out.last_mut() {
            Some(prev) => match join(prev, &r) {
                Some(dup) => removed += dup,
                None => out.push(r),
            },
            None => out.push(r),
        }
    }
    *ranges = out;
    removed
}

/// The reference's `hostrange_join()` for `prev <= next`: fold `next` into
/// `prev` when they overlap or touch; returns how many hosts were
/// duplicated, or `None` when they stay apart.
fn join(prev: &mut HostRange, next: &HostRange) -> Option<u64> {
    if prev.prefix_cmp(next) != Ordering::Equal || !prev.width_compatible(next) {
        return None;
    }
    if prev.single && next.single {
        return Some(1);
    }
    // The reference asserts `prev <= next`; keep the pair apart if the
    // sort's non-transitive order ever breaks that, so counts stay exact.
    if next.lo < prev.lo {
        return None;
    }
    if next.lo.checked_sub(1) == Some(prev.hi) {
        prev.hi = next.hi;
        return Some(0);
    }
    if prev.hi >= next.lo {
        if prev.hi < next.hi {
            let dup = prev.hi - next.lo + 1;
            prev.hi = next.hi;
            return Some(dup);
        }
        return Some(next.count());
    }
    None
}
