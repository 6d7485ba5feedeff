//! Stepping through a tour: where each press on a tour's card leads,
//! from the step shown *now*.
//!
//! The page used to compute the next step from the step it last drew, so
//! two arrow presses that came before the page drew again both went to
//! the same step and one was lost. A [`TourWalk`] is a value the page
//! keeps in a reducer: every press is applied to the walk the press
//! before it left, drawn or not.

/// A press on a tour's card, or on the button that takes the tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourMove {
    /// Take the tour at this step (clamped to the last one).
    Start(usize),
    /// The next step (Right arrow, *Next*); nothing past the last.
    Next,
    /// The step before (Left arrow, *Back*); nothing before the first.
    Back,
    /// Leave the tour (Escape, *Leave the tour*).
    Leave,
}

/// Where a tour of `len` steps is: the step shown, or none when left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TourWalk {
    step: Option<usize>,
    len: usize,
}

impl TourWalk {
    /// A tour of `len` steps, not taken.
    pub fn new(len: usize) -> Self {
        TourWalk { step: None, len }
    }

    /// The step shown, or `None` when the tour is not being taken.
    pub fn step(&self) -> Option<usize> {
        self.step
    }

    /// The walk after `press`. A press that leads nowhere (Next on the
    /// last step, Back on the first, any step of a tour not taken) leaves
    /// the walk as it is; a tour of no steps is never taken.
    pub fn after(self, press: TourMove) -> Self {
        let last = match self.len.checked_sub(1) {
            Some(last) => last,
            None => return self,
        };
        let step = match (press, self.step) {
            (TourMove::Start(i), _) => Some(i.min(last)),
            (TourMove::Leave, _) => None,
            (TourMove::Next, Some(i)) => Some((i + 1).min(last)),
            (TourMove::Back, Some(i)) => Some(i.saturating_sub(1)),
            (TourMove::Next | TourMove::Back, None) => None,
        };
        TourWalk { step, ..self }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(len: usize, presses: &[TourMove]) -> Option<usize> {
        presses
            .iter()
            .fold(TourWalk::new(len), |w, p| w.after(*p))
            .step()
    }

    #[test]
    fn presses_before_a_draw_each_count() {
        use TourMove::*;
        assert_eq!(walk(7, &[Start(0), Next, Next, Next, Next, Next]), Some(5));
        assert_eq!(walk(7, &[Start(2), Back, Back, Back]), Some(0));
    }

    #[test]
    fn the_ends_hold() {
        use TourMove::*;
        assert_eq!(walk(3, &[Start(1), Next, Next, Next]), Some(2));
        assert_eq!(walk(3, &[Start(9)]), Some(2));
        assert_eq!(walk(3, &[Start(0), Back]), Some(0));
    }

    #[test]
    fn steps_need_the_tour_taken() {
        use TourMove::*;
        assert_eq!(walk(3, &[Next, Back]), None);
        assert_eq!(walk(3, &[Start(1), Leave, Next]), None);
        assert_eq!(walk(0, &[Start(0)]), None);
    }
}
