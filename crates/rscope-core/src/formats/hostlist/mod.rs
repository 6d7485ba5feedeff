//! RFC 29 host lists: ordered lists of host names such as `node[1-4,7]`.
//!
//! A [`Hostlist`] keeps duplicates and order, and is stored as runs of
//! `prefix[lo-hi]` (with a zero-padding width) or single names, so
//! `n[0-1048575]` costs one run and `n[0-1048575],n[0-1048575]` two.
//! Its behaviour follows flux-core's libhostlist, which is what Flux uses
//! to read and write the `nodelist` of an R document:
//!
//! - [`Hostlist::parse`] is `hostlist_decode()` (see [`parse`] for the few
//!   inputs it deliberately rejects, and the size limits);
//! - [`Display`](fmt::Display) is `hostlist_encode()`: consecutive runs that
//!   share a prefix print inside one pair of brackets, in list order, so
//!   `pi3,pi0,pi1,pi2,pi4` prints `pi[3,0-2,4]`; unlike the reference, a
//!   list it would print past [`parse`]'s limits prints split so that
//!   whatever prints parses back to the same names;
//! - [`Hostlist::sort`], [`Hostlist::uniq`], [`Hostlist::find`] and
//!   [`Hostlist::delete`] give the reference's results exactly, including
//!   how a sort splits duplicates (`foo[0-3],foo[0-3]` sorts to
//!   `foo[0,0-1,1-2,2-3,3]`);
//! - the set operations ([`Hostlist::union`] and friends) are those of
//!   `flux hostlist -u/-i/-m/-X`.

mod hostrange;
mod index;
pub mod parse;
mod sort;

pub use hostrange::MAX_NUMBER;
pub use parse::{
    ErrorKind, ParseError, MAX_BRACKET_RANGES, MAX_HOSTS, MAX_NAME_LEN, MAX_RANGE_HOSTS,
    MAX_SUFFIX_HOSTS,
};

use hostrange::HostRange;
use index::HostIndex;
use std::fmt;
use std::str::FromStr;

/// An ordered list of host names, duplicates allowed.
///
/// Two lists are equal when they hold the same runs, which is when they
/// print the same (a list that was edited may hold `foo[1-2]` and `foo3`
/// as two runs, printing `foo[1-2,3]`; it is not equal to `foo[1-3]`).
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Hostlist {
    ranges: Vec<HostRange>,
    /// Total number of hosts, kept in step with `ranges`.
    count: u64,
}

impl Hostlist {
    /// The empty list.
    pub fn new() -> Self {
        Hostlist::default()
    }

    /// Parse an RFC 29 hostlist string such as `foo[1-3],bar`.
    pub fn parse(s: &str) -> Result<Hostlist, ParseError> {
        parse::parse(s)
    }

    /// The number of hosts, counting duplicates.
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether the list holds no host.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The number of runs the list is stored as.
    pub fn range_count(&self) -> usize {
        self.ranges.len()
    }

    /// The host at index `i`; a negative `i` counts from the end (`-1` is
    /// the last host).
    pub fn nth(&self, i: i64) -> Option<String> {
        let i = if i < 0 {
            self.count.checked_sub(i.unsigned_abs())?
        } else {
            i.unsigned_abs()
        };
        let mut left = i;
        for r in &self.ranges {
            let n = r.count();
            if left < n {
                return Some(r.name(left));
            }
            left -= n;
        }
        None
    }

    /// The index of the first occurrence of `host` (`hostlist_find()`).
    pub fn find(&self, host: &str) -> Option<u64> {
        let mut base = 0u64;
        for r in &self.ranges {
            if let Some(off) = r.offset_of(host) {
                return Some(base + off);
            }
            base += r.count();
        }
        None
    }

    /// Whether the list holds `host`.
    pub fn contains(&self, host: &str) -> bool {
        self.ranges.iter().any(|r| r.offset_of(host).is_some())
    }

    /// The host names in order, made one at a time.
    pub fn iter(&self) -> impl Iterator<Item = String> + '_ {
        self.ranges
            .iter()
            .flat_map(|r| (0..r.count()).map(move |off| r.name(off)))
    }

    /// The host names in order, each written into one buffer
    /// ([`Names::next_name`]): a drain's nodelist is read a name per rank
    /// of a million events, and [`Hostlist::iter`] makes each a `String`.
    pub fn names(&self) -> Names<'_> {
        Names {
            ranges: &self.ranges,
            range: 0,
            offset: 0,
            name: String::new(),
        }
    }

    /// Append a run, joining it to the last one when it continues it
    /// (`hostlist_append_range()`).
    fn push_range(&mut self, r: HostRange) {
        self.count += r.count();
        if let Some(tail) = self.ranges.last_mut() {
            if tail.continues_into(&r) {
                tail.hi = r.hi;
                return;
            }
        }
        self.ranges.push(r);
    }

    /// Append one host name, joining it to the last run when it continues
    /// it (`foo1` then `foo2` is `foo[1-2]`). The name is split into prefix
    /// and trailing number as the reference does; the empty name is
    /// ignored. The name is taken as it is: one containing `,`, `[`, `]`,
    /// space or tab will not print back as the same name.
    pub fn push_host(&mut self, host: &str) {
        if !host.is_empty() {
            self.push_range(HostRange::from_name(host));
        }
    }

    /// Append every host of `other`, in order (`hostlist_append_list()`).
    pub fn append(&mut self, other: &Hostlist) {
        for r in &other.ranges {
            self.push_range(r.clone());
        }
    }

    /// Sort as `hostlist_sort()` does: by prefix, then number (numbers with
    /// incompatible zero padding sort by width), keeping duplicates; runs
    /// that overlap are split so each duplicate has its place.
    ///
    /// The result can hold up to one run per host when runs overlap, so
    /// its size is bounded by [`len`](Self::len) (and for one parsed string
    /// by [`MAX_HOSTS`]). Where the reference's splitting of overlaps would
    /// fail an assertion (mixed zero padding, as in `n[0-30],n[5-20],n07`),
    /// the hosts are sorted one by one instead.
    pub fn sort(&mut self) {
        sort::sort(&mut self.ranges);
    }

    /// Sort and remove duplicate names, as `hostlist_uniq()` does.
    ///
    /// As in the reference, a host made by brackets followed by a suffix
    /// (`[0]5`, stored as a whole name) is never merged with the same name
    /// written plainly (`05`, stored as a number), so `05,[0]5` stays
    /// `05,05`.
    pub fn uniq(&mut self) {
        let removed = sort::uniq(&mut self.ranges);
        self.count -= removed;
    }

    /// Remove the host at `offset` of run `index` (`hostlist_remove_at()`):
    /// the run shrinks or splits in place and is not joined to neighbours.
    fn remove_at(&mut self, index: usize, offset: u64) {
        let Some(r) = self.ranges.get_mut(index) else {
            return;
        };
        self.count -= 1;
        if r.single || r.lo == r.hi {
            self.ranges.remove(index);
            return;
        }
        let n = r.lo + offset;
        if n == r.lo {
            r.set_lo(n + 1);
        } else if n == r.hi {
            r.hi = n - 1;
        } else {
            let mut upper = r.clone();
            r.hi = n - 1;
            upper.set_lo(n + 1);
            self.ranges.insert(index + 1, upper);
        }
    }

    /// Delete the first occurrence of each host of `hosts`, in order, as
    /// `hostlist_delete()` does; returns how many hosts were deleted.
    pub fn delete(&mut self, hosts: &Hostlist) -> u64 {
        let mut deleted = 0;
        for name in hosts.iter() {
            let hit = self
                .ranges
                .iter()
                .enumerate()
                .find_map(|(i, r)| r.offset_of(&name).map(|off| (i, off)));
            if let Some((i, off)) = hit {
                self.remove_at(i, off);
                deleted += 1;
            }
        }
        deleted
    }

    /// The hosts of `self` for which `keep` says yes, appended one by one.
    fn filtered(&self, keep: impl Fn(&str) -> bool) -> Hostlist {
        let mut out = Hostlist::new();
        for name in self.iter() {
            if keep(&name) {
                out.push_host(&name);
            }
        }
        out
    }

    /// Every host of either list, once each, sorted (`flux hostlist -u`).
    pub fn union(&self, o: &Hostlist) -> Hostlist {
        let mut out = self.clone();
        out.append(o);
        out.uniq();
        out
    }

    /// The hosts of `self` that `o` holds, once each, sorted
    /// (`flux hostlist -i`).
    pub fn intersect(&self, o: &Hostlist) -> Hostlist {
        let index = HostIndex::new(&o.ranges);
        let mut out = self.filtered(|h| index.contains(h));
        out.uniq();
        out
    }

    /// `self` with the first occurrence of each host of `o` deleted, order
    /// kept (`flux hostlist -m`, which is [`delete`](Self::delete)).
    pub fn minus(&self, o: &Hostlist) -> Hostlist {
        let mut out = self.clone();
        out.delete(o);
        out
    }

    /// The hosts in exactly one of the lists, once each, sorted
    /// (`flux hostlist -X`).
    pub fn xor(&self, o: &Hostlist) -> Hostlist {
        let in_o = HostIndex::new(&o.ranges);
        let in_self = HostIndex::new(&self.ranges);
        let mut out = self.filtered(|h| !in_o.contains(h));
        out.append(&o.filtered(|h| !in_self.contains(h)));
        out.uniq();
        out
    }

    /// The hosts of `self` not in `o` (every occurrence), order kept.
    pub fn difference(&self, o: &Hostlist) -> Hostlist {
        let index = HostIndex::new(&o.ranges);
        self.filtered(|h| !index.contains(h))
    }
}

impl fmt::Display for Hostlist {
    /// `hostlist_encode()`: runs print in order; consecutive numbered runs
    /// with one prefix share brackets, and brackets appear only around more
    /// than one host.
    ///
    /// Difference, so that what prints always parses back (to the same
    /// names) within [`parse`]'s limits: a run of more than
    /// [`MAX_RANGE_HOSTS`] hosts prints as several ranges of at most that
    /// many (`n[0-1048575,1048576-1048577]`), and a pair of brackets holds
    /// at most [`MAX_BRACKET_RANGES`] ranges, the rest following in new
    /// brackets with the same prefix (`[5550,…],[…]`). The reference prints
    /// such lists (which only appending or plain names such as
    /// `5550,5560,…` can build) as one range or one pair of brackets, which
    /// its own `hostlist_decode()` then refuses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rs = &self.ranges;
        let mut i = 0;
        while i < rs.len() {
            if i > 0 {
                f.write_str(",")?;
            }
            // The runs that print inside one pair of brackets.
            let mut j = i + 1;
            while j < rs.len() && rs[j].within_range(&rs[j - 1]) {
                j += 1;
            }
            write_group(&rs[i..j], f)?;
            i = j;
        }
        Ok(())
    }
}

/// Write runs that share a prefix (all numbered, or one single name):
/// `prefix[a-b,c,…]`, split into ranges and brackets the parser accepts.
fn write_group(group: &[HostRange], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let pieces = group.iter().flat_map(|r| {
        let step = MAX_RANGE_HOSTS;
        let n = if r.single {
            1
        } else {
            (r.hi - r.lo) / step + 1
        };
        (0..n).map(move |k| {
            let lo = r.lo + k * step;
            (r, lo, r.hi.min(lo.saturating_add(step - 1)))
        })
    });
    let bracket = group.len() > 1 || group[0].count() > 1;
    let prefix = &group[0].prefix;
    for (k, (r, lo, hi)) in pieces.enumerate() {
        if k % MAX_BRACKET_RANGES == 0 {
            if k > 0 {
                f.write_str("],")?;
            }
            f.write_str(prefix)?;
            if bracket {
                f.write_str("[")?;
            }
        } else {
            f.write_str(",")?;
        }
        if !r.single {
            r.write_number(lo, f)?;
            if lo < hi {
                f.write_str("-")?;
                r.write_number(hi, f)?;
            }
        }
    }
    if bracket {
        f.write_str("]")?;
    }
    Ok(())
}

impl FromStr for Hostlist {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Hostlist::parse(s)
    }
}

impl<'a> FromIterator<&'a str> for Hostlist {
    /// Push each name in turn, as [`Hostlist::push_host`].
    fn from_iter<I: IntoIterator<Item = &'a str>>(iter: I) -> Self {
        let mut hl = Hostlist::new();
        for h in iter {
            hl.push_host(h);
        }
        hl
    }
}

/// A host list's names one at a time in a buffer of its own
/// ([`Hostlist::names`]).
pub struct Names<'h> {
    ranges: &'h [HostRange],
    range: usize,
    offset: u64,
    name: String,
}

impl Names<'_> {
    /// The next name, until the list ends.
    pub fn next_name(&mut self) -> Option<&str> {
        loop {
            let r = self.ranges.get(self.range)?;
            if self.offset < r.count() {
                self.name.clear();
                r.write_name(self.offset, &mut self.name);
                self.offset += 1;
                return Some(&self.name);
            }
            (self.range, self.offset) = (self.range + 1, 0);
        }
    }
}

#[cfg(test)]
mod tests;
