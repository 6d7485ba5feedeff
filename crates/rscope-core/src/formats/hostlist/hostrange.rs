//! One run of a host list: `prefix` followed by the numbers `lo..=hi`
//! printed with zero padding to `width`, or a single literal name.
//!
//! The rules here mirror flux-core's `hostrange.c` and `util.c`
//! (`width_equiv`), with one change of representation: the padding width is
//! kept *normalized* (0 when padding to `width` cannot add a zero to `lo`).
//! The reference instead mutates widths inside its comparison function; that
//! mutation never changes how a name prints, and with normalized widths it
//! becomes a no-op, so comparisons are pure and give the same answers.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// The largest number a host range can hold. The reference treats a range
/// ending at `ULONG_MAX` as empty, so that value is kept out.
pub const MAX_NUMBER: u64 = u64::MAX - 1;

/// A run of hosts sharing a prefix, or one host name with no number.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct HostRange {
    /// The text before the number; the whole name when `single`. Shared,
    /// so splitting a run (as sorting duplicates does) never copies it.
    pub prefix: Arc<str>,
    /// First number (0 when `single`).
    pub lo: u64,
    /// Last number, `>= lo` (0 when `single`).
    pub hi: u64,
    /// Zero-padding width, normalized: 0, or more than the digits of `lo`.
    pub width: u32,
    /// A name with no numeric part (the reference's `singlehost`).
    pub single: bool,
}

/// The number of decimal digits of `n` (`0` has one).
pub(crate) fn digits(n: u64) -> u32 {
    n.checked_ilog10().map_or(1, |d| d + 1)
}

/// The canonical width for numbers starting at `lo` written with `width`.
pub(crate) fn normalize(lo: u64, width: u32) -> u32 {
    if width <= digits(lo) {
        0
    } else {
        width
    }
}

/// Whether numbers `n` (padded to `wn`) and `m` (padded to `wm`) may share a
/// range: the reference's `width_equiv()`, on normalized widths.
pub(crate) fn width_compatible(n: u64, wn: u32, m: u64, wm: u32) -> bool {
    wn == wm || (wn == 0 && wm <= digits(n)) || (wm == 0 && wn <= digits(m))
}

/// Parse a run of ASCII digits; `None` when it does not fit [`MAX_NUMBER`].
pub(crate) fn parse_number(digits: &str) -> Option<u64> {
    let v = digits.bytes().try_fold(0u64, |acc, d| {
        acc.checked_mul(10)?
            .checked_add(u64::from(d.wrapping_sub(b'0')))
    })?;
    (v <= MAX_NUMBER).then_some(v)
}

/// The byte index where the trailing run of ASCII digits of `name` starts
/// (`name.len()` when it ends in a non-digit).
pub(crate) fn digit_tail(name: &str) -> usize {
    name.len()
        - name
            .bytes()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count()
}

impl HostRange {
    /// A range `prefix[lo-hi]` with `width` as written.
    pub fn numeric(prefix: &str, lo: u64, hi: u64, width: u32) -> Self {
        HostRange::numeric_shared(prefix.into(), lo, hi, width)
    }

    /// [`HostRange::numeric`] with a prefix shared with other runs.
    pub fn numeric_shared(prefix: Arc<str>, lo: u64, hi: u64, width: u32) -> Self {
        HostRange {
            prefix,
            lo,
            hi,
            width: normalize(lo, width),
            single: false,
        }
    }

    /// A single literal name.
    pub fn single(name: &str) -> Self {
        HostRange {
            prefix: name.into(),
            lo: 0,
            hi: 0,
            width: 0,
            single: true,
        }
    }

    /// A name split as the reference's `hostname_create()` splits it: the
    /// trailing digits are the number, everything before is the prefix.
    /// A name with no trailing digits, or with a number too large to hold,
    /// is a single host.
    pub fn from_name(name: &str) -> Self {
        let t = digit_tail(name);
        if t == name.len() {
            return HostRange::single(name);
        }
        let tail = &name[t..];
        match parse_number(tail) {
            Some(n) => {
                let width = u32::try_from(tail.len()).unwrap_or(u32::MAX);
                HostRange::numeric(&name[..t], n, n, width)
            }
            None => HostRange::single(name),
        }
    }

    /// The number of hosts in the range.
    pub fn count(&self) -> u64 {
        if self.single {
            1
        } else {
            self.hi - self.lo + 1
        }
    }

    /// Raise `lo` (it never goes down), keeping the width normalized.
    pub fn set_lo(&mut self, lo: u64) {
        // A width that pads nothing at the old `lo` pads nothing above it, so
        // renormalizing against the higher `lo` keeps every printed name.
        self.width = normalize(lo, self.width);
        self.lo = lo;
    }

    /// Write the name at `offset` (which must be below `count()`).
    pub fn write_name(&self, offset: u64, out: &mut String) {
        out.push_str(&self.prefix);
        if !self.single {
            // As `{:0width$}` writes it, without the formatting machinery:
            // an R's nodelist is read one name per rank.
            let mut n = self.lo.saturating_add(offset);
            let mut buf = [0u8; 20];
            let mut i = buf.len();
            loop {
                i -= 1;
                buf[i] = b'0' + (n % 10) as u8;
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            for _ in buf.len() - i..self.width as usize {
                out.push('0');
            }
            // Only ASCII digits were written, so this is never the default.
            out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
        }
    }

    /// The name at `offset`.
    pub fn name(&self, offset: u64) -> String {
        let mut s = String::with_capacity(self.prefix.len() + 8);
        self.write_name(offset, &mut s);
        s
    }

    /// Write `n` padded to this range's width.
    pub fn write_number(&self, n: u64, f: &mut impl fmt::Write) -> fmt::Result {
        let w = self.width as usize;
        write!(f, "{n:0w$}")
    }

    /// The reference's `hostrange_prefix_cmp()`: prefixes bytewise, and on a
    /// tie a single host sorts before a numbered range.
    pub fn prefix_cmp(&self, other: &HostRange) -> Ordering {
        self.prefix
            .as_bytes()
            .cmp(other.prefix.as_bytes())
            .then_with(|| other.single.cmp(&self.single))
    }

    /// Whether the two ranges' widths may be combined.
    pub fn width_compatible(&self, other: &HostRange) -> bool {
        width_compatible(self.lo, self.width, other.lo, other.width)
    }

    /// The reference's `hostrange_cmp()`, used to sort: by prefix, then by
    /// `lo` when the widths are compatible, else by width.
    ///
    /// The reference subtracts two `unsigned long`s into an `int`, which gets
    /// the sign wrong for numbers 2³¹ or more apart; this compares properly.
    pub fn sort_cmp(&self, other: &HostRange) -> Ordering {
        self.prefix_cmp(other).then_with(|| {
            if self.width_compatible(other) {
                self.lo.cmp(&other.lo)
            } else {
                self.width.cmp(&other.width)
            }
        })
    }

    /// Whether the two would print inside one pair of brackets: same prefix,
    /// both numbered (`hostrange_within_range()`).
    pub fn within_range(&self, other: &HostRange) -> bool {
        !self.single && !other.single && self.prefix == other.prefix
    }

    /// Whether `next` continues `self` exactly (`self.hi + 1 == next.lo`) with
    /// the same prefix and compatible widths, so the two can be one range.
    pub fn continues_into(&self, next: &HostRange) -> bool {
        self.prefix_cmp(next) == Ordering::Equal
            && next.lo.checked_sub(1) == Some(self.hi)
            && self.width_compatible(next)
    }

    /// The offset of `name` in this range, if the range holds it: the
    /// reference's `hostrange_hn_within()`.
    ///
    /// For a numbered range that is exactly "`name` is `prefix` followed by
    /// the number printed at this range's width", which is what the
    /// reference's digit-shifting search (for prefixes that end in digits,
    /// such as `f00[7-8]`) amounts to. The reference gives up when more than
    /// ten digits follow such a prefix; this does not.
    pub fn offset_of(&self, name: &str) -> Option<u64> {
        if self.single {
            return (*self.prefix == *name).then_some(0);
        }
        let rest = name.strip_prefix(&*self.prefix)?;
        if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n = parse_number(rest)?;
        if n < self.lo || n > self.hi {
            return None;
        }
        let printed_len = self.width.max(digits(n)) as usize;
        (rest.len() == printed_len).then(|| n - self.lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_padded_as_format_pads_them() {
        for width in [0, 1, 2, 3, 5, 21, 25] {
            for lo in [0, 1, 9, 10, 99, 100, 12345, MAX_NUMBER - 3] {
                let r = HostRange::numeric("n", lo, lo.saturating_add(3), width);
                for off in 0..4 {
                    let w = r.width as usize;
                    assert_eq!(r.name(off), format!("n{:0w$}", lo + off), "{lo} {width}");
                }
            }
        }
        assert_eq!(HostRange::single("login").name(0), "login");
    }

    #[test]
    fn digits_and_normalize() {
        assert_eq!(digits(0), 1);
        assert_eq!(digits(9), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(u64::MAX), 20);
        assert_eq!(normalize(0, 1), 0);
        assert_eq!(normalize(0, 2), 2);
        assert_eq!(normalize(10, 2), 0);
        assert_eq!(normalize(7, 3), 3);
    }

    /// `width_equiv()` from the reference, on raw widths, as an oracle.
    fn reference_width_equiv(n: u64, wn: u32, m: u64, wm: u32) -> bool {
        let pad = |num: u64, w: u32| w.saturating_sub(digits(num));
        let (npad, nmpad) = (pad(n, wn), pad(n, wm));
        let (mpad, mnpad) = (pad(m, wm), pad(m, wn));
        !(npad != nmpad && mpad != mnpad)
    }

    #[test]
    fn normalized_width_compat_matches_reference() {
        for n in [0u64, 1, 5, 9, 10, 15, 99, 100, 1000] {
            for m in [0u64, 1, 5, 9, 10, 15, 99, 100, 1000] {
                for wn in 0..6 {
                    for wm in 0..6 {
                        assert_eq!(
                            width_compatible(n, normalize(n, wn), m, normalize(m, wm)),
                            reference_width_equiv(n, wn, m, wm),
                            "n={n} wn={wn} m={m} wm={wm}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn names_split_like_hostname_create() {
        let r = HostRange::from_name("foo012");
        assert_eq!((&*r.prefix, r.lo, r.width, r.single), ("foo", 12, 3, false));
        let r = HostRange::from_name("foo");
        assert!(r.single);
        let r = HostRange::from_name("007");
        assert_eq!((&*r.prefix, r.lo, r.width), ("", 7, 3));
        let r = HostRange::from_name("n99999999999999999999999");
        assert!(r.single, "too large for a number: a single name");
        assert_eq!(r.name(0), "n99999999999999999999999");
    }

    #[test]
    fn offsets_follow_reference_find() {
        let r = HostRange::numeric("i", 0, 5, 2);
        assert_eq!(r.offset_of("i00"), Some(0));
        assert_eq!(r.offset_of("i04"), Some(4));
        assert_eq!(r.offset_of("i4"), None);
        let r = HostRange::numeric("i", 0, 5, 1);
        assert_eq!(r.offset_of("i00"), None);
        let r = HostRange::numeric("f00", 7, 10, 1);
        assert_eq!(r.offset_of("f007"), Some(0));
        assert_eq!(r.offset_of("f0010"), Some(3));
        assert_eq!(r.offset_of("f00"), None);
        let r = HostRange::numeric("", 8, 12, 0);
        assert_eq!(r.offset_of("12"), Some(4));
        assert_eq!(r.offset_of("012"), None);
    }
}
