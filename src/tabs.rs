//! The page's open documents as pure data: tabs (A, B, …), the active one,
//! and what the user can do to them. Storage is the page's business; this
//! module only says what the next list of tabs is.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;
use std::rc::Rc;

/// A document's text, shared: a clone is a pointer copy, and comparing two
/// clones does not read the text, which matters at 3 MB on every render.
#[derive(Clone, Debug, Default, Eq)]
pub struct Text(Rc<str>);

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

/// The most tabs the page keeps open; opening another replaces the oldest.
/// One letter names each, so there are no more than letters.
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The document shown.
    pub fn current(&self) -> &Doc {
        &self.docs[self.active.min(self.docs.len() - 1)]
    }

    /// Whether a stored list can be shown as it is: at least one tab, and
    /// the active one among them.
    pub fn is_valid(&self) -> bool {
        !self.docs.is_empty() && self.active < self.docs.len()
    }

    /// The tabs after `action`.
    pub fn apply(&self, action: Action) -> Docs {
        let mut next = self.clone();
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
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(source: &str, text: &str) -> Doc {
        Doc {
            source: source.into(),
            text: text.into(),
        }
    }

    fn sources(d: &Docs) -> Vec<&str> {
        d.docs.iter().map(|d| d.source.as_str()).collect()
    }

    #[test]
    fn opening_fills_an_empty_tab_then_adds_tabs() {
        let d = Docs::default().apply(Action::Open(doc("a.json", "{}")));
        assert_eq!((sources(&d), d.active), (vec!["a.json"], 0));
        let d = d.apply(Action::Open(doc("b.json", "[]")));
        assert_eq!((sources(&d), d.active), (vec!["a.json", "b.json"], 1));
        let d = d.apply(Action::Edit("[1]".into()));
        assert_eq!(d.current().text, "[1]");
        assert_eq!(d.docs[0].text, "{}");
    }

    #[test]
    fn line_ends_become_newlines_as_in_a_textarea() {
        let d = Docs::default().apply(Action::Open(doc("w.json", "{\r\n\"a\": 1\r}")));
        assert_eq!(d.current().text, "{\n\"a\": 1\n}");
        let d = d.apply(Action::Edit("[\r\n]".into()));
        assert_eq!(d.current().text, "[\n]");
    }

    #[test]
    fn closing_keeps_a_sensible_active_tab() {
        let mut d = Docs::default();
        for name in ["a", "b", "c"] {
            d = d.apply(Action::Open(doc(name, "x")));
        }
        let d = d.apply(Action::Select(1));
        let d = d.apply(Action::Close(0));
        assert_eq!((sources(&d), d.active), (vec!["b", "c"], 0));
        let d = d.apply(Action::Close(5));
        assert_eq!(sources(&d), vec!["b", "c"]);
        let d = d.apply(Action::Select(7));
        assert_eq!(d.active, 0, "no such tab");
        let d = d.apply(Action::Close(0)).apply(Action::Close(0));
        assert_eq!((sources(&d), d.active), (vec!["untitled"], 0));
    }

    #[test]
    fn closing_an_earlier_tab_keeps_the_shown_document() {
        let mut d = Docs::default();
        for name in ["a", "b", "c"] {
            d = d.apply(Action::Open(doc(name, "x")));
        }
        let d = d.apply(Action::Close(0));
        assert_eq!(
            (sources(&d), d.active, d.current().source.as_str()),
            (vec!["b", "c"], 1, "c")
        );
    }

    #[test]
    fn tabs_are_bounded_and_lettered() {
        let mut d = Docs::default();
        for i in 0..MAX_TABS + 3 {
            d = d.apply(Action::Open(doc(&format!("d{i}"), "x")));
        }
        assert_eq!(d.docs.len(), MAX_TABS);
        assert_eq!(d.docs[0].source, "d3");
        assert_eq!(d.active, MAX_TABS - 1);
        assert_eq!(
            (tab_letter(0), tab_letter(1), tab_letter(25)),
            ('A', 'B', 'Z')
        );
    }

    #[test]
    fn a_stored_list_is_checked_before_it_is_shown() {
        assert!(Docs::default().is_valid());
        let empty = Docs {
            docs: vec![],
            active: 0,
        };
        let past = Docs {
            active: 1,
            ..Docs::default()
        };
        assert_eq!((empty.is_valid(), past.is_valid()), (false, false));
    }

    #[test]
    fn texts_compare_by_content_and_round_trip_through_json() {
        let a = Text::from("{\"a\": 1}");
        assert_eq!(a, Text::from("{\"a\": 1}".to_string()));
        let d = Docs::default().apply(Action::Open(doc("a", "x")));
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(json, r#"{"docs":[{"source":"a","text":"x"}],"active":0}"#);
        assert_eq!(serde_json::from_str::<Docs>(&json).unwrap(), d);
    }
}
