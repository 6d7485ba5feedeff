//! The edge of the page's documents: the tab list ([`crate::tabs`]) as a
//! yew reducer. Keeping it between visits is [`crate::web::storage`]'s.

use crate::tabs::{Action, Docs};
use std::rc::Rc;
use yew::Reducible;

impl Reducible for Docs {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}
