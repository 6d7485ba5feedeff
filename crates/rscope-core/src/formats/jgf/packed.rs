//! Arrays of numbers in serde as little-endian bytes (`#[serde(with =
//! "packed")]` for `u32`, [`signed`] for `i64`, [`wide`] for `u64`,
//! [`spans`] for byte ranges), each element in the fewest bytes (1, 2, 4
//! or 8, the first byte says) that hold the array's largest. A large
//! outline crosses from the analysis worker to the page as a few copies
//! instead of a varint read and written per element: a 223 000-vertex
//! outline's arrays took a tenth of a second of the page's thread in
//! postcard's varints, and an El Capitan-sized one's spans alone 2.3
//! million. Types, classes and depths cross as a byte each.

use serde::de::{Error, Unexpected, Visitor};
use serde::{Deserializer, Serializer};

/// The fewest bytes that hold `max`.
fn width_of(max: u64) -> usize {
    match max {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xffff_ffff => 4,
        _ => 8,
    }
}

/// `words` as one byte string: the width, then each element.
fn pack(words: impl Iterator<Item = u64> + Clone) -> Vec<u8> {
    let width = width_of(words.clone().max().unwrap_or(0));
    let (low, _) = words.size_hint();
    let mut bytes = Vec::with_capacity(1 + low * width);
    bytes.push(width as u8);
    for x in words {
        bytes.extend_from_slice(&x.to_le_bytes()[..width]);
    }
    bytes
}

/// Reads what [`pack`] wrote, each element through `f`; no wider than
/// `widest` bytes.
struct Words<F> {
    widest: u8,
    f: F,
}

impl<T, F: Fn(u64) -> T> Visitor<'_> for Words<F> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(
            f,
            "a width of 1, 2, 4 (or 8, up to {}) bytes, then whole elements",
            self.widest
        )
    }

    fn visit_bytes<E: Error>(self, b: &[u8]) -> Result<Vec<T>, E> {
        let (&width, rest) = b.split_first().ok_or_else(|| E::invalid_length(0, &self))?;
        if !matches!(width, 1 | 2 | 4 | 8) || width > self.widest {
            return Err(E::invalid_value(Unexpected::Unsigned(width.into()), &self));
        }
        if rest.len() % width as usize != 0 {
            return Err(E::invalid_length(b.len(), &self));
        }
        let f = &self.f;
        // One loop per width, so each is a plain copy the compiler unrolls.
        Ok(match width {
            1 => rest.iter().map(|&x| f(x.into())).collect(),
            2 => rest
                .chunks_exact(2)
                .map(|c| f(u16::from_le_bytes([c[0], c[1]]).into()))
                .collect(),
            4 => rest
                .chunks_exact(4)
                .map(|c| f(u32::from_le_bytes([c[0], c[1], c[2], c[3]]).into()))
                .collect(),
            _ => rest
                .chunks_exact(8)
                .map(|c| f(u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))))
                .collect(),
        })
    }
}

/// Write `v` as one byte string: the width, then each element.
pub fn serialize<S: Serializer>(v: &[u32], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_bytes(&pack(v.iter().map(|&x| u64::from(x))))
}

/// Read what [`serialize`] wrote.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
    d.deserialize_bytes(Words {
        widest: 4,
        f: |x| x as u32,
    })
}

/// A borrowed array to write with `$ser`, for pieces made of several
/// arrays (tuples of these), and the owned array `$de` reads back.
macro_rules! wrappers {
    ($borrowed:ident, $owned:ident, $t:ty, $ser:path, $de:path, $what:literal) => {
        #[doc = concat!("An array of ", $what, " to write, borrowed.")]
        pub struct $borrowed<'a>(pub &'a [$t]);

        impl serde::Serialize for $borrowed<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $ser(self.0, s)
            }
        }

        #[doc = concat!("An array of ", $what, " read back.")]
        pub struct $owned(pub Vec<$t>);

        impl<'de> serde::Deserialize<'de> for $owned {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$owned, D::Error> {
                $de(d).map($owned)
            }
        }
    };
}

wrappers!(ArrayRef, Array, u32, serialize, deserialize, "`u32`");
wrappers!(
    SignedRef,
    Signed,
    i64,
    signed::serialize,
    signed::deserialize,
    "`i64`"
);
wrappers!(
    WideRef,
    Wide,
    u64,
    wide::serialize,
    wide::deserialize,
    "`u64`"
);
wrappers!(
    SpansRef,
    Spans,
    (u32, u32),
    spans::serialize,
    spans::deserialize,
    "byte ranges"
);

/// `i64` arrays (ranks, ids, states), zigzagged so that small negative
/// numbers (`-1`: no rank) are small too.
pub mod signed {
    use super::*;

    /// Write `v` as [`super::serialize`] does, each element zigzagged.
    pub fn serialize<S: Serializer>(v: &[i64], s: S) -> Result<S::Ok, S::Error> {
        let zig = |&x: &i64| ((x << 1) ^ (x >> 63)) as u64;
        s.serialize_bytes(&pack(v.iter().map(zig)))
    }

    /// Read what [`serialize`] wrote.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
        d.deserialize_bytes(Words {
            widest: 8,
            f: |u| (u >> 1) as i64 ^ -((u & 1) as i64),
        })
    }
}

/// `u64` arrays (sizes).
pub mod wide {
    use super::*;

    /// Write `v` as [`super::serialize`] does.
    pub fn serialize<S: Serializer>(v: &[u64], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&pack(v.iter().copied()))
    }

    /// Read what [`serialize`] wrote.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
        d.deserialize_bytes(Words {
            widest: 8,
            f: |u| u,
        })
    }
}

/// Byte ranges `(start, end)` in document order, as two packed arrays: how
/// far each starts after the one before, and how long it is. Both are small
/// where the ranges themselves are large (a vertex 300 MB into a file),
/// so each takes a byte or two. Differences wrap, so any ranges cross
/// exactly, in order or not.
pub mod spans {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    struct Parts(
        #[serde(with = "super")] Vec<u32>,
        #[serde(with = "super")] Vec<u32>,
    );

    /// Write `v` as the steps between starts and the lengths.
    pub fn serialize<S: Serializer>(v: &[(u32, u32)], s: S) -> Result<S::Ok, S::Error> {
        let mut at = 0u32;
        let steps = v
            .iter()
            .map(|&(a, _)| a.wrapping_sub(std::mem::replace(&mut at, a)))
            .collect();
        let lengths = v.iter().map(|&(a, z)| z.wrapping_sub(a)).collect();
        Parts(steps, lengths).serialize(s)
    }

    /// Read what [`serialize`] wrote.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(u32, u32)>, D::Error> {
        let Parts(steps, lengths) = Parts::deserialize(d)?;
        if steps.len() != lengths.len() {
            return Err(D::Error::invalid_length(
                lengths.len(),
                &"as many lengths as starts",
            ));
        }
        let mut at = 0u32;
        Ok(steps
            .iter()
            .zip(&lengths)
            .map(|(&step, &len)| {
                at = at.wrapping_add(step);
                (at, at.wrapping_add(len))
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Signed(#[serde(with = "super::signed")] Vec<i64>);
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Wide(#[serde(with = "super::wide")] Vec<u64>);
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Spans(#[serde(with = "super::spans")] Vec<(u32, u32)>);
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Narrow(#[serde(with = "super")] Vec<u32>);

    fn bytes<T: Serialize>(v: &T) -> Vec<u8> {
        postcard::to_allocvec(v).unwrap()
    }

    #[test]
    fn signed_numbers_zigzag_into_the_fewest_bytes() {
        // -1 is 1, 1 is 2, -2 is 3: no rank costs a byte, as rank 0 does.
        assert_eq!(bytes(&Signed(vec![-1, 0, 1, -2])), [5, 1, 1, 0, 2, 3]);
        assert_eq!(bytes(&Signed(vec![200])), [3, 2, 144, 1]);
        let extremes = Signed(vec![i64::MIN, i64::MAX, -1, 0]);
        let b = bytes(&extremes);
        assert_eq!(b[..2], [33, 8]);
        assert_eq!(b[2..10], [255; 8], "i64::MIN zigzags to u64::MAX");
        assert_eq!(postcard::from_bytes::<Signed>(&b).unwrap(), extremes);
        assert_eq!(bytes(&Signed(vec![])), [1, 1]);
    }

    #[test]
    fn wide_numbers_take_eight_bytes_only_when_they_must() {
        assert_eq!(
            bytes(&Wide(vec![1, 65_536])),
            [9, 4, 1, 0, 0, 0, 0, 0, 1, 0]
        );
        let big = Wide(vec![u64::MAX, 0]);
        assert_eq!(bytes(&big)[..2], [17, 8]);
        assert_eq!(postcard::from_bytes::<Wide>(&bytes(&big)).unwrap(), big);
    }

    #[test]
    fn spans_cross_as_steps_and_lengths() {
        // Starts 300 000 000 and 300 000 250: steps of 300 000 000 and 250,
        // lengths 240 and 10.
        let v = Spans(vec![(300_000_000, 300_000_240), (300_000_250, 300_000_260)]);
        assert_eq!(
            bytes(&v),
            [9, 4, 0, 163, 225, 17, 250, 0, 0, 0, 3, 1, 240, 10]
        );
        // Out of order, empty, reversed: the differences wrap, and come back.
        let odd = Spans(vec![(9, 20), (3, 3), (u32::MAX, 0), (0, 0)]);
        assert_eq!(postcard::from_bytes::<Spans>(&bytes(&odd)).unwrap(), odd);
        assert_eq!(bytes(&Spans(vec![])), [1, 1, 1, 1]);
        // Three starts and two lengths.
        assert_eq!(
            postcard::from_bytes::<Spans>(&[4, 1, 1, 2, 3, 3, 1, 1, 1]).unwrap_err(),
            postcard::Error::SerdeDeCustom
        );
    }

    #[test]
    fn a_width_too_wide_for_the_type_is_refused() {
        let eight = [9, 8, 1, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(
            postcard::from_bytes::<Narrow>(&eight).unwrap_err(),
            postcard::Error::SerdeDeCustom
        );
        assert_eq!(postcard::from_bytes::<Wide>(&eight).unwrap(), Wide(vec![1]));
        // A last element cut short, an unknown width.
        for wrong in [&[8, 8, 1, 0, 0, 0, 0, 0, 0][..], &[2, 5, 0]] {
            assert_eq!(
                postcard::from_bytes::<Signed>(wrong).unwrap_err(),
                postcard::Error::SerdeDeCustom,
                "{wrong:?}"
            );
        }
    }
}
