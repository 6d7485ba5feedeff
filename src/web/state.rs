//! The edge of the page's documents: the tab list ([`crate::tabs`]) as a
//! yew reducer, kept in local storage so a reload keeps the work.

use crate::tabs::{Action, Docs};
use gloo::storage::{LocalStorage, Storage};
use std::rc::Rc;
use yew::Reducible;

/// Local storage key; the suffix changes when the stored shape does.
const STORAGE_KEY: &str = "rscope.documents.v1";

/// The documents saved by the last visit, if any.
pub fn load() -> Docs {
    LocalStorage::get::<Docs>(STORAGE_KEY)
        .ok()
        .filter(Docs::is_valid)
        .unwrap_or_default()
}

/// Save for the next visit; a full storage quota is not fatal.
pub fn save(docs: &Docs) {
    if LocalStorage::set(STORAGE_KEY, docs).is_err() {
        gloo::console::warn!(
            "rscope: local storage is full; this document will not survive a reload"
        );
    }
}

impl Reducible for Docs {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(self.apply(action))
    }
}
