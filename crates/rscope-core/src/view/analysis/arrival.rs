//! Where the two stages of one answer meet on the page: the first stage
//! (the grid) is laid out in slices, and the last stage may come before
//! that is done. A pure state machine, generic over what the page holds
//! (`F`, the first stage laid out; `L`, the last stage's parts), so its
//! rules are tested here and the page's hook only does what it answers.

/// The stages of the answer to the latest request that showed its grid.
#[derive(Debug)]
pub struct Arrival<F, L> {
    seq: Option<u32>,
    first: Option<F>,
    last: Option<L>,
}

impl<F, L> Default for Arrival<F, L> {
    fn default() -> Self {
        Arrival {
            seq: None,
            first: None,
            last: None,
        }
    }
}

/// What to do when the last stage comes ([`Arrival::last_came`]).
#[derive(Debug, PartialEq, Eq)]
pub enum Last<F, L> {
    /// Complete the answer now: the first stage laid out, and the last.
    Complete(F, L),
    /// Kept until the first stage is laid out ([`Arrival::laid_out`]).
    Kept,
    /// The answer is not the one whose first stage is being laid out.
    Dropped,
}

impl<F: Clone, L> Arrival<F, L> {
    /// The first stage of request `seq` came: whether to lay it out.
    /// Not when it is already being laid out (a seeded answer comes twice).
    pub fn first_came(&mut self, seq: u32) -> bool {
        if self.seq == Some(seq) {
            return false;
        }
        *self = Arrival {
            seq: Some(seq),
            first: None,
            last: None,
        };
        true
    }

    /// The first stage of `seq` is laid out: `None` when a newer request's
    /// first stage came meanwhile; else the last stage if it came first
    /// (complete with it), or nothing yet (show the grid alone).
    pub fn laid_out(&mut self, seq: u32, first: F) -> Option<Option<L>> {
        if self.seq != Some(seq) {
            return None;
        }
        self.first = Some(first);
        Some(self.last.take())
    }

    /// The last stage of `seq` came.
    pub fn last_came(&mut self, seq: u32, last: L) -> Last<F, L> {
        if self.seq != Some(seq) {
            return Last::Dropped;
        }
        match &self.first {
            Some(first) => Last::Complete(first.clone(), last),
            None => {
                self.last = Some(last);
                Last::Kept
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type A = Arrival<&'static str, &'static str>;

    #[test]
    fn the_last_stage_after_the_grid_completes_at_once() {
        let mut a = A::default();
        assert!(a.first_came(1));
        assert_eq!(a.laid_out(1, "grid"), Some(None));
        assert_eq!(a.last_came(1, "rest"), Last::Complete("grid", "rest"));
    }

    #[test]
    fn the_last_stage_before_the_grid_waits_for_it() {
        let mut a = A::default();
        assert!(a.first_came(1));
        assert_eq!(a.last_came(1, "rest"), Last::Kept);
        assert_eq!(a.laid_out(1, "grid"), Some(Some("rest")));
    }

    #[test]
    fn a_newer_request_drops_the_older_answer() {
        let mut a = A::default();
        assert!(a.first_came(1));
        assert!(a.first_came(2));
        assert_eq!(a.laid_out(1, "old grid"), None);
        assert_eq!(a.last_came(1, "old rest"), Last::Dropped);
        assert_eq!(a.laid_out(2, "grid"), Some(None));
    }

    #[test]
    fn a_first_stage_seen_already_is_not_laid_out_again() {
        let mut a = A::default();
        assert!(a.first_came(3));
        assert!(!a.first_came(3));
        assert_eq!(a.last_came(4, "rest"), Last::Dropped);
    }
}
