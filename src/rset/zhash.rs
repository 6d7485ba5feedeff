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

/// A string-keyed map with `zhashx` iteration order.
#[derive(Clone, Debug)]
pub(crate) struct ZHash<V> {
    /// Buckets; each chain is stored head first.
    buckets: Vec<Vec<(String, V)>>,
    prime_index: usize,
    chain_limit: usize,
    size: usize,
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
            buckets: (0..PRIMES[0]).map(|_| Vec::new()).collect(),
            prime_index: 0,
            chain_limit: 1,
            size: 0,
        }
    }

    fn limit(&self) -> usize {
        self.buckets.len()
    }

    fn rehash(&mut self) {
        // Past the table above the map would hold >100k keys; stay at the
        // largest size rather than index out of bounds.
        let new_index = (self.prime_index + GROWTH).min(PRIMES.len() - 1);
        let new_limit = PRIMES[new_index];
        let mut new: Vec<Vec<(String, V)>> = (0..new_limit).map(|_| Vec::new()).collect();
        for chain in std::mem::take(&mut self.buckets) {
            for (k, v) in chain {
                let i = (bernstein(&k) % new_limit as u64) as usize;
                new[i].insert(0, (k, v));
            }
        }
        self.buckets = new;
        self.prime_index = new_index;
    }

    /// Find `key`, growing the table as `zhashx`'s lookup does when the walk
    /// is longer than the chain limit. Returns (bucket, position).
    fn locate(&mut self, key: &str) -> (usize, Option<usize>) {
        let h = bernstein(key);
        let b = (h % self.limit() as u64) as usize;
        let chain = &self.buckets[b];
        let pos = chain.iter().position(|(k, _)| k == key);
        let walked = pos.unwrap_or(chain.len());
        if walked > self.chain_limit {
            self.rehash();
            self.chain_limit += 1;
            let b = (h % self.limit() as u64) as usize;
            let pos = self.buckets[b].iter().position(|(k, _)| k == key);
            return (b, pos);
        }
        (b, pos)
    }

    /// `zhashx_lookup`.
    pub(crate) fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        match self.locate(key) {
            (b, Some(p)) => Some(&mut self.buckets[b][p].1),
            _ => None,
        }
    }

    /// `zhashx_lookup`, for reading.
    pub(crate) fn lookup(&mut self, key: &str) -> Option<&V> {
        match self.locate(key) {
            (b, Some(p)) => Some(&self.buckets[b][p].1),
            _ => None,
        }
    }

    /// A lookup with no side effect on the table layout (for queries the
    /// reference does not make through the table).
    pub(crate) fn peek(&self, key: &str) -> Option<&V> {
        let b = (bernstein(key) % self.limit() as u64) as usize;
        self.buckets[b]
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// `zhashx_insert`: returns false (and leaves the old value) when the
    /// key is already present.
    pub(crate) fn insert(&mut self, key: &str, value: V) -> bool {
        if self.size >= self.limit() * 75 / 100 {
            self.rehash();
            self.chain_limit += 1;
        }
        match self.locate(key) {
            (_, Some(_)) => false,
            (b, None) => {
                self.buckets[b].insert(0, (key.to_string(), value));
                self.size += 1;
                true
            }
        }
    }

    /// `zhashx_delete`.
    pub(crate) fn delete(&mut self, key: &str) {
        if let (b, Some(p)) = self.locate(key) {
            self.buckets[b].remove(p);
            self.size -= 1;
        }
    }

    /// Number of keys.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.size
    }

    /// Items in `zhashx_first`/`zhashx_next` order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, &V)> {
        self.buckets
            .iter()
            .flat_map(|c| c.iter().map(|(k, v)| (k.as_str(), v)))
    }

    /// Mutable items in iteration order.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (&str, &mut V)> {
        self.buckets
            .iter_mut()
            .flat_map(|c| c.iter_mut().map(|(k, v)| (k.as_str(), v)))
    }

    /// Keys in iteration order (`zhashx_keys`).
    pub(crate) fn keys(&self) -> Vec<String> {
        self.iter().map(|(k, _)| k.to_string()).collect()
    }
}

impl<V: Clone> ZHash<V> {
    /// `zhashx_dup`: a fresh table filled in this table's iteration order.
    pub(crate) fn dup(&self) -> Self {
        let mut copy = ZHash::new();
        for (k, v) in self.iter() {
            copy.insert(k, v.clone());
        }
        copy
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
