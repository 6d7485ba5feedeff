//! The page's documents: open tabs (A, B, …), the active one, and their
//! persistence in local storage so a reload keeps the work.

use gloo::storage::{LocalStorage, Storage};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;
use std::rc::Rc;
use yew::{AttrValue, Reducible};

/// A document's text, shared: a clone is a pointer copy, and comparing two
/// clones does not read the text, which matters at 3 MB on every render.
#[derive(Clone, Debug, Default, Eq)]
pub struct Text(Rc<str>);

impl Text {
    /// The text as a yew attribute value (no copy).
    pub fn attr(&self) -> AttrValue {
        AttrValue::Rc(self.0.clone())
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Text {
    /// Line ends become `\n`, as a textarea makes them: offsets the page
    /// computes then agree with the text the user sees and edits.
    fn from(s: String) -> Self {
        if s.contains('\r') {
            Text(s.replace("\r\n", "\n").replace('\r', "\n").into())
        } else {
            Text(s.into())
        }
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Self {
        Text::from(s.to_string())
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d).map(Text::from)
    }
}

/// Local storage key; the suffix changes when the stored shape does.
const STORAGE_KEY: &str = "rscope.documents.v1";

/// The most tabs the page keeps open; opening another replaces the oldest.
pub const MAX_TABS: usize = 26;

/// One open document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doc {
    /// Where it came from: a file name, an example title, a URL.
    pub source: String,
    /// The document text as the user edits it.
    pub text: Text,
}

/// All open documents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Docs {
    /// The tabs in order; never empty.
    pub docs: Vec<Doc>,
    /// The index of the tab shown.
    pub active: usize,
}

impl Default for Docs {
    fn default() -> Self {
        Docs {
            docs: vec![Doc {
                source: "untitled".into(),
                text: Text::default(),
            }],
            active: 0,
        }
    }
}

/// Something the user did to the set of documents.
pub enum Action {
    /// Open a document in a new tab (or in the active tab if it is empty).
    Open(Doc),
    /// Replace the text of the active tab.
    Edit(String),
    /// Show tab `i`.
    Select(usize),
    /// Close tab `i`.
    Close(usize),
}

/// The letter naming tab `i`: A, B, …
pub fn tab_letter(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

impl Docs {
    /// The documents saved by the last visit, if any.
    pub fn load() -> Docs {
        LocalStorage::get::<Docs>(STORAGE_KEY)
            .ok()
            .filter(|d| !d.docs.is_empty() && d.active < d.docs.len())
            .unwrap_or_default()
    }

    /// Save for the next visit; a full storage quota is not fatal.
    pub fn save(&self) {
        if LocalStorage::set(STORAGE_KEY, self).is_err() {
            gloo::console::warn!(
                "rscope: local storage is full; this document will not survive a reload"
            );
        }
    }

    /// The document shown.
    pub fn current(&self) -> &Doc {
        &self.docs[self.active.min(self.docs.len() - 1)]
    }
}

impl Reducible for Docs {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Open(doc) => {
                if next.current().text.trim().is_empty() {
                    let i = next.active;
                    next.docs[i] = doc;
                } else {
                    if next.docs.len() >= MAX_TABS {
                        next.docs.remove(0);
                    }
                    next.docs.push(doc);
                    next.active = next.docs.len() - 1;
                }
            }
            Action::Edit(text) => {
                let i = next.active;
                next.docs[i].text = text.into();
            }
            Action::Select(i) if i < next.docs.len() => next.active = i,
            Action::Select(_) => {}
            Action::Close(i) if i < next.docs.len() => {
                next.docs.remove(i);
                if next.docs.is_empty() {
                    next = Docs::default();
                } else if next.active >= i && next.active > 0 {
                    next.active -= 1;
                }
            }
            Action::Close(_) => {}
        }
        Rc::new(next)
    }
}
