//! The few answers worked out last, by the text they answer: one cache for
//! the page's analyses of recent tabs, the fit panel's reading of the R it
//! fits into, and the set worker's readings of the tabs it combines.
//!
//! Written here rather than taken from an LRU crate because its keys are
//! whole documents: hashing one, as a hash map must on every look-up,
//! costs as much as reading it (tens of milliseconds for the largest,
//! on the page's thread). A handful of entries compared newest first
//! costs nothing for the common case, the same shared text (`tabs::Text`
//! compares by pointer first), and no more than one comparison otherwise.

/// At most `capacity` values, each with the key it answers, newest last.
#[derive(Clone, Debug)]
pub struct Recent<K, V> {
    capacity: usize,
    entries: Vec<(K, V)>,
}

impl<K, V: Clone> Recent<K, V> {
    /// An empty cache that keeps `capacity` entries (at least one).
    pub fn new(capacity: usize) -> Recent<K, V> {
        Recent {
            capacity: capacity.max(1),
            entries: Vec::new(),
        }
    }

    /// The value kept for a key equal to `key`, made the newest.
    pub fn get<Q>(&mut self, key: &Q) -> Option<V>
    where
        K: PartialEq<Q>,
        Q: ?Sized,
    {
        let at = self.entries.iter().rposition(|(k, _)| k == key)?;
        let entry = self.entries.remove(at);
        let value = entry.1.clone();
        self.entries.push(entry);
        Some(value)
    }

    /// Keep `value` for `key` as the newest, forgetting the oldest entry
    /// when full and any older value for an equal key.
    pub fn put(&mut self, key: K, value: V)
    where
        K: PartialEq,
    {
        self.entries.retain(|(k, _)| *k != key);
        if self.entries.len() == self.capacity {
            self.entries.remove(0);
        }
        self.entries.push((key, value));
    }

    /// The value for `key`: the one kept, or `make`'s, kept unless `keep`
    /// says the key is not worth keeping (too large to hold twice).
    pub fn get_or_make<Q>(&mut self, key: &Q, keep: bool, make: impl FnOnce() -> V) -> V
    where
        K: PartialEq<Q> + PartialEq + for<'q> From<&'q Q>,
        Q: ?Sized,
    {
        if let Some(v) = self.get(key) {
            return v;
        }
        let v = make();
        if keep {
            self.put(K::from(key), v.clone());
        }
        v
    }

    /// How many entries are kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run `steps` (`get KEY`, `put KEY VALUE`, `make KEY VALUE`, `skip KEY
    /// VALUE` for a made value not kept) over a cache of `capacity`, and
    /// compare what each answered with `expect`.
    fn check(capacity: usize, steps: &[&str], expect: &[&str]) {
        let mut c = Recent::<String, String>::new(capacity);
        let got: Vec<String> = steps
            .iter()
            .map(|step| {
                let w: Vec<&str> = step.split(' ').collect();
                match w[..] {
                    ["get", k] => c.get(k).unwrap_or_else(|| "-".into()),
                    ["put", k, v] => {
                        c.put(k.into(), v.into());
                        format!("{}", c.len())
                    }
                    ["make", k, v] => c.get_or_make(k, true, || v.to_string()),
                    ["skip", k, v] => c.get_or_make(k, false, || v.to_string()),
                    _ => panic!("unknown step {step}"),
                }
            })
            .collect();
        assert_eq!(got, expect, "{steps:?}");
    }

    #[test]
    fn the_oldest_entry_goes_first_and_a_look_up_makes_one_newest() {
        check(
            2,
            &[
                "put a 1", "put b 2", "get a", "put c 3", "get b", "get a", "get c",
            ],
            &["1", "2", "1", "2", "-", "1", "3"],
        );
    }

    #[test]
    fn a_key_is_kept_once_with_its_newest_value() {
        check(
            3,
            &["put a 1", "put a 2", "get a", "put b 3"],
            &["1", "1", "2", "2"],
        );
    }

    #[test]
    fn made_values_are_kept_unless_told_not_to() {
        check(
            4,
            &["make a 1", "make a 9", "skip b 2", "get b", "skip a 7"],
            &["1", "1", "2", "-", "1"],
        );
    }

    #[test]
    fn a_cache_keeps_at_least_one_entry() {
        check(
            0,
            &["put a 1", "get a", "put b 2", "get a"],
            &["1", "1", "1", "-"],
        );
    }
}
