//! Stable sorting through one copy of the standard library's sort.
//!
//! Each `sort_by` on a new element type or comparator makes the compiler
//! emit a new copy of the standard sort, several kilobytes of wasm each;
//! the element's bundle held fifteen, and its 400 KB budget had no room
//! left for reading `resource.status` payloads. Short, cold lists (findings,
//! summary rows, fit candidates, drain rows) are sorted here instead: the
//! positions are sorted with a comparator behind a `dyn` reference, so
//! every caller shares that one sort, and the elements are then moved into
//! that order. Hot sorts over large arrays (ranks, id ranges, a graph's
//! children) keep the standard ones.

use std::cmp::Ordering;

/// Sort `v` stably by `cmp`, as `slice::sort_by` does.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let order = positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, order);
}

/// Sort `v` stably by `key`, as `slice::sort_by_key` does.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)))
}

/// The positions `0..len` in the order `cmp` gives, ties in place.
fn positions(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Move `v`'s elements so that place `i` holds what was at `order[i]`,
/// one cycle of the permutation at a time, by swaps.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..v.len() {
        let mut at = start;
        // A place whose order names itself is done (or never moved).
        while order[at] != at {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        // Pairs sorted by their first half only: equal keys keep their order.
        let mut seed = 7u64;
        for len in 0..40 {
            let v: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 60) as u8, i)
                })
                .collect();
            let mut ours = v.clone();
            let mut theirs = v;
            sort_by_key(&mut ours, |p| p.0);
            theirs.sort_by_key(|p| p.0);
            assert_eq!(ours, theirs, "length {len}");
        }
    }

    #[test]
    fn sorts_in_reverse_and_leaves_sorted_input_alone() {
        let mut v = vec!["b", "d", "a", "c"];
        sort_by(&mut v, |a, b| b.cmp(a));
        assert_eq!(v, ["d", "c", "b", "a"]);
        sort_by(&mut v, |a, b| b.cmp(a));
        assert_eq!(v, ["d", "c", "b", "a"]);
    }
}
