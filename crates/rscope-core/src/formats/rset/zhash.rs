//! A small map that iterates in exactly the order czmq's `zhashx` does.
//!
//! flux-core keeps a node's children and properties in `zhashx` tables and
//! writes JSON objects by walking them, so the key order of `flux R` output
//! (`{"gpu": "0-3", "core": "0-15"}`) is the table's bucket order. To give
//! byte-identical output we replay the same table operations: a Bernstein
//! hash over signed chars, prime table sizes starting at 3, insertion at the
//! head of a bucket chain, growth by five primes when 75% full or when a
//! lookup walks a chain longer than the current limit, and `dup` re-inserting
//! items in iteration order. Tables here hold a handful of keys, so chains
//! are plain vectors.

use std::borrow::Cow;

/// The first table sizes czmq uses (five primes below each power of two).
/// A table of a few dozen keys never grows past these.
const PRIMES: &[usize] = &[
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 43, 47, 53, 59, 61, 103, 107, 109, 113, 127, 229, 233,
    239, 241, 251, 487, 491, 499, 503, 509, 997, 1009, 1013, 1019, 1021, 2011, 2017, 2027, 2029,
    2039, 4057, 4073, 4079, 4091, 4093, 8161, 8167, 8171, 8179, 8191, 16349, 16361, 16363, 16369,
    16381, 32707, 32713, 32717, 32719, 32749, 65449, 65479, 65497, 65519, 65521, 131023, 131041,
    131059, 131063, 131071,
];
const GROWTH: usize = 5;

/// czmq's "modified Bernstein" hash; `char` is signed on the reference's
/// platforms, so bytes above 0x7f are sign-extended before the xor.
fn bernstein(key: &str) -> u64 {
    key.bytes().fold(0u64, |h, b| {
        h.wrapping_mul(33) ^ (i64::from(b as i8) as u64)
    })
}

/// Keys: the child and property names seen in practice are static, so
/// most keys cost no allocation.
type Key = Cow<'static, str>;

fn key(k: &str) -> Key {
    match k {
        "core" => Cow::Borrowed("core"),
        "gpu" => Cow::Borrowed("gpu"),
        "memory" => Cow::Borrowed("memory"),
        k => Cow::Owned(k.to_string()),
    }
}

/// One entry: its bucket, key and value.
#[derive(Clone, Debug)]
struct Item<V> {
    bucket: usize,
    key: Key,
    value: V,
}

/// A string-keyed map with `zhashx` iteration order.
///
/// Stored flat, in iteration order (bucket ascending, chain head first),
/// so a table is one allocation.
#[derive(Clone, Debug)]
pub(crate) struct ZHash<V> {
    items: Vec<Item<V>>,
    limit: usize,
    prime_index: usize,
    chain_limit: usize,
}

impl<V> Default for ZHash<V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<V> ZHash<V> {
    /// An empty table of the initial size.
    pub(crate) fn new() -> Self {
        ZHash {
            items: Vec::new(),
            limit: PRIMES[0],
            prime_index: 0,
            chain_limit: 1,
        }
    }

    /// An empty table with room for `n` keys, so a node's few children
    /// take one allocation of their size rather than the vector's minimum.
    pub(crate) fn with_capacity(n: usize) -> Self {
        let mut z = ZHash::new();
        z.items.reserve_exact(n);
        z
    }

    #[cfg(test)]
    fn limit(&self) -> usize {
        self.limit
    }

    fn bucket_of(&self, k: &str) -> usize {
        (bernstein(k) % self.limit as u64) as usize
    }

    /// Insert at the head of bucket `b`'s chain.
    fn insert_head(items: &mut Vec<Item<V>>, item: Item<V>) {
        let at = items
            .iter()
            .position(|x| x.bucket >= item.bucket)
            .unwrap_or(items.len());
        items.insert(at, item);
    }

    fn rehash(&mut self) {
        // Past the table above the map would hold >100k keys; stay at the
        // largest size rather than index out of bounds.
        let new_index = (self.prime_index + GROWTH).min(PRIMES.len() - 1);
        self.limit = PRIMES[new_index];
        self.prime_index = new_index;
        let old = std::mem::take(&mut self.items);
        let mut items = Vec::with_capacity(old.len());
        for mut it in old {
            it.bucket = (bernstein(&it.key) % self.limit as u64) as usize;
            Self::insert_head(&mut items, it);
        }
        self.items = items;
    }

    /// Find `key`, growing the table as `zhashx`'s lookup does when the walk
    /// is longer than the chain limit. Returns its index in `items`.
    /// One pass over the items (they are in bucket order): a node's
    /// tables are looked up for every node of every document read.
    fn locate(&mut self, key: &str) -> Option<usize> {
        let b = self.bucket_of(key);
        let mut walked = 0;
        let mut found = None;
        for (at, x) in self.items.iter().enumerate() {
            if x.bucket < b {
                continue;
            }
            if x.bucket > b {
                break;
            }
            if *x.key == *key {
                found = Some(at);
                break;
            }
            walked += 1;
        }
        if walked > self.chain_limit {
            self.rehash();
            self.chain_limit += 1;
            return self.items.iter().position(|x| x.key == key);
        }
        found
    }

    /// `zhashx_lookup`.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let i = self.locate(key)?;
        Some(&mut self.items[i].value)
    }

    /// `zhashx_lookup`, for reading.
    pub(crate) fn lookup(&mut self, key: &str) -> Option<&V> {
        let i = self.locate(key)?;
        Some(&self.items[i].value)
    }

    /// A lookup with no side effect on the table layout (for queries the
    /// reference does not make through the table).
    pub(crate) fn peek(&self, key: &str) -> Option<&V> {
        self.items.iter().find(|x| x.key == key).map(|x| &x.value)
    }

    /// `zhashx_insert`: returns false (and leaves the old value) when the
    /// key is already present.
    pub(crate) fn insert(&mut self, k: &str, value: V) -> bool {
        if self.items.len() >= self.limit * 75 / 100 {
            self.rehash();
            self.chain_limit += 1;
        }
        if self.locate(k).is_some() {
            return false;
        }
        let item = Item {
            bucket: self.bucket_of(k),
            key: key(k),
            value,
        };
        Self::insert_head(&mut self.items, item);
        true
    }

    /// `zhashx_delete`.
    pub(crate) fn delete(&mut self, key: &str) {
        if let Some(i) = self.locate(key) {
            self.items.remove(i);
        }
    }

    /// Number of keys.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// Items in `zhashx_first`/`zhashx_next` order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &V)> {
        self.items.iter().map(|x| (x.key.as_ref(), &x.value))
    }

    /// Mutable items in iteration order.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (&str, &mut V)> {
        self.items
            .iter_mut()
            .map(|x| (x.key.as_ref(), &mut x.value))
    }

    /// Keys in iteration order (`zhashx_keys`).
    pub(crate) fn keys(&self) -> Vec<String> {
        self.iter().map(|(k, _)| k.to_string()).collect()
    }
}

impl<V> ZHash<V> {
    /// [`ZHash::dup`] of a table that is no longer needed: the same new
    /// layout, with the values moved rather than cloned.
    pub(crate) fn into_dup(self) -> Self {
        let mut copy = ZHash::new();
        copy.items.reserve_exact(self.items.len());
        for it in self.items {
            copy.insert(&it.key, it.value);
        }
        copy
    }
}

impl<V> ZHash<V> {
    /// [`ZHash::dup`]'s layout with each value made by `f` from this
    /// table's: a copy whose values borrow from this one until they change.
    pub(crate) fn dup_with<'s, W>(&'s self, mut f: impl FnMut(&'s V) -> W) -> ZHash<W> {
        let mut copy = ZHash::new();
        copy.items.reserve_exact(self.items.len());
        for it in &self.items {
            copy.insert(&it.key, f(&it.value));
        }
        copy
    }

    /// The same table (layout, size, growth state) with each value mapped
    /// by `f`.
    pub(crate) fn map<W>(self, mut f: impl FnMut(V) -> W) -> ZHash<W> {
        ZHash {
            items: (self.items.into_iter())
                .map(|it| Item {
                    bucket: it.bucket,
                    key: it.key,
                    value: f(it.value),
                })
                .collect(),
            limit: self.limit,
            prime_index: self.prime_index,
            chain_limit: self.chain_limit,
        }
    }
}

impl<V: Clone> ZHash<V> {
    /// `zhashx_dup`: a fresh table filled in this table's iteration order.
    pub(crate) fn dup(&self) -> Self {
        self.dup_with(V::clone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order<V>(z: &ZHash<V>) -> Vec<String> {
        z.keys()
    }

    #[test]
    fn core_then_gpu_iterates_gpu_first() {
        // Both hash to bucket 0 of 3; the later insert is the chain head,
        // which is why `flux R encode -g` writes {"gpu": ..., "core": ...}.
        let mut z = ZHash::new();
        z.insert("core", ());
        z.insert("gpu", ());
        assert_eq!(order(&z), ["gpu", "core"]);
        // A copy re-inserts in iteration order, reversing the chain.
        assert_eq!(order(&z.dup()), ["core", "gpu"]);
        assert_eq!(order(&z.dup().dup()), ["gpu", "core"]);
        assert_eq!(order(&z.dup().into_dup()), ["gpu", "core"]);
    }

    #[test]
    fn grows_when_three_quarters_full() {
        let mut z = ZHash::new();
        for k in ["a", "b", "c"] {
            z.insert(k, ());
        }
        // The third insert found 2 >= 3*75/100 and grew the table to 17.
        assert_eq!(z.limit(), 17);
        assert_eq!(z.len(), 3);
        assert!(!z.insert("a", ()));
        z.delete("b");
        assert_eq!(z.len(), 2);
        assert!(z.peek("b").is_none());
        assert!(z.peek("c").is_some());
    }

    #[test]
    fn hash_sign_extends_high_bytes() {
        assert_eq!(bernstein(""), 0);
        assert_eq!(bernstein("a"), 97);
        assert_eq!(
            bernstein("é"),
            (0xffff_ffff_ffff_ffc3u64.wrapping_mul(33)) ^ 0xffff_ffff_ffff_ffa9
        );
    }
}
