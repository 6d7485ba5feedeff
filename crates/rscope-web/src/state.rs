//! The edge of the page's documents: the tab list ([`rscope_core::tabs`]) as a
//! yew reducer. Keeping it between visits is [`crate::storage`]'s.

use rscope_core::tabs::{Action, Docs};
use std::ops::Deref;
use std::rc::Rc;
use yew::Reducible;

/// The core's tab list as a yew reducer: every change is
/// [`Docs::apply`]. A type of the page's own, since yew's trait and the
/// core's type live in other crates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DocsState(pub Docs);

impl Deref for DocsState {
    type Target = Docs;

    fn deref(&self) -> &Docs {
        &self.0
    }
}

impl Reducible for DocsState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(DocsState(self.0.apply(action)))
    }
}
