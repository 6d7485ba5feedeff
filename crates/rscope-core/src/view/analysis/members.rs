//! Another tab's resources, for colouring by membership: its whole system
//! read in the worker (`system::sets::member_part_of`), crossing as
//! canonical `R_lite` entries, rebuilt on the page a few ranks at a time;
//! and a status document's member as a text of its own.

use super::*;

/// Another tab's resources as they cross from the analysis worker, for
/// colouring by membership: its canonical `R_lite` entries, or why it has
/// none. The page rebuilds the set with [`SetBuild`], never reading a text.
pub fn member_part(set: Result<Rset, String>) -> Vec<u8> {
    bytes(&set.map(|s| s.r_lite()))
}

/// A set rebuilt from [`member_part`] a few ranks at a time, so a page can
/// take a million ranks without holding its thread for long.
pub struct SetBuild {
    entries: Vec<(IdSet, Vec<(String, IdSet)>)>,
    /// The entry, the range of its ranks, and the next rank to add.
    at: (usize, usize, u32),
    set: Rset,
}

impl SetBuild {
    /// Start rebuilding the set `bytes` describes, or say why there is none.
    pub fn read(bytes: &[u8]) -> Result<SetBuild, String> {
        let sent: Result<Vec<_>, String> = postcard::from_bytes(bytes).map_err(unreadable)?;
        let entries = sent?;
        let first = entries
            .first()
            .and_then(|(r, _): &(IdSet, _)| r.ranges().first())
            .map_or(0, |r| r.0);
        Ok(SetBuild {
            entries,
            at: (0, 0, first),
            set: Rset::new(),
        })
    }

    /// Add at most `max` more ranks (at least one); true once all are there.
    pub fn step(&mut self, max: usize) -> bool {
        for _ in 0..max.max(1) {
            let (e, r, rank) = self.at;
            let Some((ranks, children)) = self.entries.get(e) else {
                return true;
            };
            let Some(&(_, hi)) = ranks.ranges().get(r) else {
                self.at = (e + 1, 0, self.first_of(e + 1));
                continue;
            };
            let kids: Vec<(&str, &IdSet)> =
                children.iter().map(|(n, ids)| (n.as_str(), ids)).collect();
            // Canonical entries never repeat a rank, so adding cannot fail.
            let _ = self.set.add_rank(rank, None, &kids);
            self.at = if rank < hi {
                (e, r, rank + 1)
            } else {
                let next = ranks.ranges().get(r + 1).map(|x| x.0);
                match next {
                    Some(lo) => (e, r + 1, lo),
                    None => (e + 1, 0, self.first_of(e + 1)),
                }
            };
        }
        self.at.0 >= self.entries.len()
    }

    fn first_of(&self, e: usize) -> u32 {
        let first = self.entries.get(e).and_then(|(r, _)| r.ranges().first());
        first.map_or(0, |r| r.0)
    }

    /// The set, once [`SetBuild::step`] said it is done.
    pub fn finish(self) -> Rset {
        self.set
    }
}

/// The text of member `name` of a status document (`all`, `allocated`,
/// `down`), exactly as written, to open as an R of its own; `None` when
/// the text is no JSON object or the member is missing or `null`.
pub fn member_text(text: &str, name: &str) -> Option<String> {
    let root = crate::json::parse(text).ok()?;
    let obj = root.as_object()?;
    let value = &obj
        .properties
        .iter()
        .rev()
        .find(|p| p.name.as_str() == name)?
        .value;
    let range = match value {
        crate::json::tree::Value::Object(o) => o.range,
        _ => return None,
    };
    text.get(range.start..range.end).map(str::to_string)
}
