//! The page's open documents as pure data: tabs (A, B, …), the active one,
//! each tab's undo history, the tab closed last, and what the user can do
//! to them. Storage is the page's business; this module only says what the
//! next list of tabs is.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::Deref;
use std::rc::Rc;

/// A document's text, shared: a clone is a pointer copy, and comparing two
/// clones does not read the text, which matters at 3 MB on every render.
/// The string is shared as it was built (`Rc<String>`, not `Rc<str>`):
/// making an `Rc<str>` copies the text, and a 64 MiB copy held the page's
/// thread for about 40 ms (issue 12).
#[derive(Clone, Debug, Default, Eq)]
pub struct Text(Rc<String>);

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.0.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.0.as_str() == *other
    }
}

impl Text {
    /// The text itself, shared rather than copied: for a reader that keeps
    /// an `Rc<String>`.
    pub fn shared(&self) -> Rc<String> {
        self.0.clone()
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
            Text(Rc::new(s.replace("\r\n", "\n").replace('\r', "\n")))
        } else {
            Text(Rc::new(s))
        }
    }
}

/// A [`Text`] made a piece at a time (a large paste converted a slice at a
/// time, a stored text read a chunk at a time), with line ends made `\n`
/// piece by piece as [`Text::from`] makes them, so that no step reads or
/// copies the whole text: each does as much as its piece.
#[derive(Debug, Default)]
pub struct TextBuilder {
    text: String,
    /// The last piece ended with `\r`: a `\n` that begins the next one is
    /// the rest of that line end.
    after_cr: bool,
}

impl TextBuilder {
    /// A builder with room for `bytes` bytes.
    pub fn with_capacity(bytes: usize) -> TextBuilder {
        TextBuilder {
            text: String::with_capacity(bytes),
            after_cr: false,
        }
    }

    /// Add the next piece of the text.
    pub fn push(&mut self, piece: &str) {
        if piece.is_empty() {
            return;
        }
        let piece = match std::mem::take(&mut self.after_cr) {
            true => piece.strip_prefix('\n').unwrap_or(piece),
            false => piece,
        };
        if piece.contains('\r') {
            self.text
                .push_str(&piece.replace("\r\n", "\n").replace('\r', "\n"));
            self.after_cr = piece.ends_with('\r');
        } else {
            self.text.push_str(piece);
        }
    }

    /// Add the next bytes of a UTF-8 text read in pieces (a file read a
    /// slice at a time): `carry` holds them after what the last piece left
    /// undecoded, and keeps a character cut at their end for the next
    /// piece. Bytes that are not UTF-8 become U+FFFD, one for each maximal
    /// bad sequence, as a browser's decoder makes them; `last` says no
    /// piece follows, so a cut character at the end is bad too.
    pub fn push_bytes(&mut self, carry: &mut Vec<u8>, last: bool) {
        let mut at = 0;
        while at < carry.len() {
            let rest = &carry[at..];
            let (valid, bad) = match std::str::from_utf8(rest) {
                Ok(_) => (rest.len(), None),
                Err(e) => (e.valid_up_to(), Some(e.error_len())),
            };
            self.push(std::str::from_utf8(&rest[..valid]).unwrap_or_default());
            at += valid;
            match bad {
                None => {}
                Some(Some(n)) => {
                    self.push("\u{FFFD}");
                    at += n;
                }
                Some(None) if last => {
                    self.push("\u{FFFD}");
                    at = carry.len();
                }
                Some(None) => break,
            }
        }
        carry.drain(..at);
    }

    /// Bytes of text so far (line ends made `\n`).
    pub fn len(&self) -> usize {
        self.text.len()
    }

    /// Whether no text has been added.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The text, without a copy.
    pub fn finish(self) -> Text {
        Text(Rc::new(self.text))
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

/// The key a store keeps `text` under: its digest and length, so equal
/// texts share one key and another text practically never has it.
pub fn text_key(text: &str) -> String {
    key_of_digest(&crate::setops::provenance::digest(text), text.len())
}

/// [`text_key`] from the text's digest and length in bytes.
pub fn key_of_digest(digest: &str, len: usize) -> String {
    format!("text:{digest}:{len}")
}

/// One open document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Doc {
    /// Where it came from: a file name, an example title, a URL.
    pub source: String,
    /// The document text as the user edits it.
    pub text: Text,
    /// For a result of the set workbench, what made it. Stored only when
    /// present, so tabs saved before it existed read back as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<crate::setops::provenance::Provenance>,
    /// The system configuration (TOML or JSON) read with the document:
    /// the tab is one system, its document and its configuration, saved
    /// and shared together. Stored only when present, so tabs saved
    /// before it existed read back as they were.
    #[serde(default, skip_serializing_if = "no_text")]
    pub config: Text,
    /// The other documents about the same system that the user added to
    /// the tab (a status or list payload beside its R, say): the system
    /// model reads them with the document ([`Doc::system`]). Stored only
    /// when present.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<Joined>,
}

/// A document added to a tab's system beside its own document.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    /// Where it came from: a file name, an example title, a URL.
    pub source: String,
    /// Its text.
    pub text: Text,
}

pub use crate::limits::MAX_JOINED;

/// The name [`Doc::system`] gives a tab's configuration (as `rscope
/// system` names a configuration file by its name, the page names the
/// tab's box).
pub const CONFIG_NAME: &str = "configuration";

impl Doc {
    /// The documents of the tab's system as the system model reads them
    /// (name, text): its document, those added to it, then its
    /// configuration, when it has one.
    pub fn system(&self) -> Vec<(&str, &str)> {
        let mut all = vec![(self.source.as_str(), &*self.text)];
        all.extend(self.joined.iter().map(|j| (j.source.as_str(), &*j.text)));
        if !self.config.trim().is_empty() {
            all.push((CONFIG_NAME, &*self.config));
        }
        all
    }

    /// What is read beside the tab's document ([`Doc::system`] without
    /// it): the documents added to its system, then its configuration,
    /// each (name, text) and shared, as fit and the queue take them.
    pub fn beside(&self) -> Vec<(String, Text)> {
        let mut all: Vec<(String, Text)> = (self.joined.iter())
            .map(|j| (j.source.clone(), j.text.clone()))
            .collect();
        if !self.config.trim().is_empty() {
            all.push((CONFIG_NAME.into(), self.config.clone()));
        }
        all
    }

    /// The tab's whole system as the page's workers read it: its
    /// document, then what is read beside it ([`Doc::beside`]), each
    /// (name, text) and shared.
    pub fn system_texts(&self) -> Vec<(String, Text)> {
        let own = (self.source.clone(), self.text.clone());
        std::iter::once(own).chain(self.beside()).collect()
    }

    /// Whether the tab holds no document: no text of its own and none
    /// added beside it (its configuration aside).
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty() && self.joined.is_empty()
    }

    /// Whether `other` is the same system: the same text, the same texts
    /// added beside it in the same order, and the same configuration
    /// (names aside, as a reload or a link may give them others).
    pub fn same_system(&self, other: &Doc) -> bool {
        let texts = |d: &Doc| d.joined.iter().map(|j| j.text.clone()).collect::<Vec<_>>();
        self.text == other.text && self.config == other.config && texts(self) == texts(other)
    }

    /// This document with `others` added beside it as [`Action::Join`]
    /// adds them: a text the system holds already is not added twice, and
    /// past [`MAX_JOINED`] the earliest added goes.
    pub fn with_joined(mut self, others: impl IntoIterator<Item = Joined>) -> Doc {
        for j in others {
            if self.text != j.text {
                self.joined = joined_with(std::mem::take(&mut self.joined), j.source, j.text);
            }
        }
        self
    }
}

/// `joined` with one more document, unless it holds its text already;
/// past [`MAX_JOINED`], the earliest added goes.
fn joined_with(mut joined: Vec<Joined>, source: String, text: Text) -> Vec<Joined> {
    if joined.iter().any(|j| j.text == text) {
        return joined;
    }
    if joined.len() >= MAX_JOINED {
        joined.remove(0);
    }
    joined.push(Joined { source, text });
    joined
}

/// Whether a text is empty (serde's test for leaving a field out).
fn no_text(text: &Text) -> bool {
    text.is_empty()
}

/// All open documents.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Docs {
    /// The tabs in order; never empty.
    pub docs: Vec<Doc>,
    /// The index of the tab shown.
    pub active: usize,
    /// Each tab's undo history, by tab index (missing ones are empty).
    /// Not stored: a reload starts every tab with no history.
    #[serde(skip)]
    pub history: Vec<History>,
    /// The tab closed last, until it is reopened or another document opens.
    #[serde(skip)]
    pub closed: Option<Closed>,
}

impl Default for Docs {
    fn default() -> Self {
        Docs {
            docs: vec![untitled()],
            active: 0,
            history: Vec::new(),
            closed: None,
        }
    }
}

impl PartialEq for Docs {
    /// A missing history is an empty one: a list read back from storage
    /// equals the one saved.
    fn eq(&self, other: &Self) -> bool {
        let same = |i: usize| match (self.history.get(i), other.history.get(i)) {
            (Some(a), Some(b)) => a == b,
            (Some(h), None) | (None, Some(h)) => *h == History::default(),
            (None, None) => true,
        };
        self.docs == other.docs
            && self.active == other.active
            && self.closed == other.closed
            && (0..self.docs.len()).all(same)
    }
}

impl Eq for Docs {}

/// The name of a tab that holds what the user typed or pasted, rather
/// than a file, an example or a link: the empty tab's name, kept by a paste.
pub const UNTITLED: &str = "untitled";

/// The empty tab the page shows when nothing is open.
fn untitled() -> Doc {
    Doc {
        source: UNTITLED.into(),
        ..Doc::default()
    }
}

/// A closed tab, kept so that Undo can put it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// Where it was.
    pub at: usize,
    /// Its document, with the text it had.
    pub doc: Doc,
    /// Its undo history.
    pub history: History,
}

/// What a step of a tab's history undoes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// An applied fix.
    Fix,
    /// Typing (and pastes) since the last fix or undo, as one step.
    Typing,
    /// A document added to the tab's system ([`Action::Join`]).
    Joined,
    /// A document taken out of the tab's system ([`Action::Leave`]).
    Left,
}

/// One step of a tab's history: the text to go back to, the tab's name
/// then (a paste over the whole text renames the tab) and the documents
/// its system held beside it (a paste over the whole text leaves none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What going back undoes (or, on the redo side, redoes).
    pub change: Change,
    /// The text before the change.
    pub text: Text,
    /// The tab's name before the change.
    pub source: String,
    /// The documents added to the tab's system before the change.
    pub joined: Vec<Joined>,
}

impl Step {
    /// The step that goes back to `doc` as it is, by undoing a `change`.
    fn of(doc: &Doc, change: Change) -> Step {
        Step {
            change,
            text: doc.text.clone(),
            source: doc.source.clone(),
            joined: doc.joined.clone(),
        }
    }
}

/// The most steps a tab keeps to undo.
pub const MAX_STEPS: usize = 50;
/// The most bytes of old text a tab keeps to undo: two documents at the
/// least page limit ([`crate::limits::MAX_PAGE_DOCUMENT_BYTES`]; a device
/// with more memory opens larger ones, and keeps fewer steps of them).
/// Texts are shared, so this counts each step in full even when it shares
/// its text with the tab.
pub const MAX_HISTORY_BYTES: usize = 2 * crate::limits::MAX_PAGE_DOCUMENT_BYTES;

/// The bytes `steps` keep alive: each step's text, and each document
/// added beside it once, however many steps share it (a step keeps the
/// list of added documents, whose texts are shared, not copied).
fn steps_bytes(steps: &[Step]) -> usize {
    let mut seen: Vec<*const String> = Vec::new();
    let mut n = 0;
    for step in steps {
        n += step.text.len();
        for j in &step.joined {
            let at = Rc::as_ptr(&j.text.0);
            if !seen.contains(&at) {
                seen.push(at);
                n += j.text.len();
            }
        }
    }
    n
}

/// A tab's undo and redo stacks. Typing between two fixes is one step, so
/// that a fix can be undone after a few keystrokes in two steps, not one
/// per keystroke (the editor's own Ctrl+Z undoes single keystrokes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// The last undo step is typing that is still going on.
    typing: bool,
}

impl History {
    /// What Undo would undo now, if anything.
    pub fn can_undo(&self) -> Option<Change> {
        self.undo.last().map(|s| s.change)
    }

    /// What Redo would redo now, if anything.
    pub fn can_redo(&self) -> Option<Change> {
        self.redo.last().map(|s| s.change)
    }

    /// Note a change, by the step that goes back from it.
    fn record(&mut self, before: Step) {
        let typing = before.change == Change::Typing;
        self.redo.clear();
        if !(typing && self.typing) {
            self.undo.push(before);
        }
        self.typing = typing;
        while self.undo.len() > MAX_STEPS
            || (self.undo.len() > 1 && steps_bytes(&self.undo) > MAX_HISTORY_BYTES)
        {
            self.undo.remove(0);
        }
    }

    /// Go back from `current`: the document to show, if there is a step.
    fn undo(&mut self, current: Doc) -> Option<Doc> {
        let step = self.undo.pop()?;
        self.typing = false;
        Some(Self::travel(step, current, &mut self.redo))
    }

    /// Go forward again from `current`, after an undo.
    fn redo(&mut self, current: Doc) -> Option<Doc> {
        let step = self.redo.pop()?;
        self.typing = false;
        Some(Self::travel(step, current, &mut self.undo))
    }

    /// Go to `step` from `current`, which the other stack, `back`, keeps.
    /// The tab keeps what made it: its provenance says whether the text
    /// still is the one made.
    fn travel(step: Step, current: Doc, back: &mut Vec<Step>) -> Doc {
        back.push(Step::of(&current, step.change));
        Doc {
            source: step.source,
            text: step.text,
            joined: step.joined,
            ..current
        }
    }
}

/// Something the user did to the set of documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open a document in a new tab (or in the active tab if it is empty).
    Open(Doc),
    /// Open a document that came with the page's address (`#r=`, `?url=`)
    /// or a tour, with the configuration and documents it brings and no
    /// other: a tab that already holds the same system (text, added
    /// documents and configuration), under whatever name, is shown instead
    /// of a copy.
    Import(Doc),
    /// Show the tab named as `doc` is (its source), as the user left it,
    /// or open `doc` as [`Action::Import`] opens one: a tour's own tab,
    /// which the user may have changed since.
    Show(Doc),
    /// Replace the text of the active tab: typing.
    Edit(String),
    /// Replace the text of the active tab: a paste already made a [`Text`]
    /// (a large one, converted a slice at a time), taken as is, so 16 MiB
    /// are neither copied nor read again. A step of typing, as an edit is.
    Paste(Text),
    /// Replace the text of the active tab: an applied fix.
    Fix(String),
    /// Undo the active tab's last change.
    Undo,
    /// Redo what the active tab's last undo undid.
    Redo,
    /// Show tab `i`.
    Select(usize),
    /// Close tab `i`.
    Close(usize),
    /// Put the tab closed last back at its place, shown.
    Reopen,
    /// Replace the active tab's configuration (the configuration box).
    /// Not a step of the tab's history: the box keeps its own undo.
    Configure(String),
    /// Replace tab `i`'s configuration, whichever tab is shown: a tour
    /// gives back the configuration it borrowed to the tab it took it from.
    ConfigureTab(usize, String),
    /// Add a document to tab `i`'s system and show it (a tab with no text
    /// of its own takes it as its document). A text the system holds
    /// already is not added twice; past [`MAX_JOINED`], the earliest added
    /// goes. A step of the tab's history.
    Join(usize, Doc),
    /// Take document `i` of those added out of the active tab's system. A
    /// step of the tab's history.
    Leave(usize),
}

/// The letter naming tab `i`: A, B, …
pub fn tab_letter(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// What a tab shows after its letter: its source without a leading
/// article, so that tab A with "A laptop" reads "A laptop", not "A A
/// laptop", and every tab reads alike ("B RFC 20 example"). The full
/// source stays the tab's title.
pub fn tab_name(source: &str) -> &str {
    ["A ", "An ", "The "]
        .iter()
        .find_map(|article| source.strip_prefix(article))
        .filter(|rest| !rest.trim().is_empty())
        .unwrap_or(source)
}

/// Tab `i` named in words, its letter once: `A laptop`, `B b.json`.
pub fn tab_label(i: usize, source: &str) -> String {
    format!("{} {}", tab_letter(i), tab_name(source))
}

/// Whether `after` replaces `before` rather than editing it, as a paste
/// over the whole document does: more bytes go and come than stay (what
/// the two share at their start and end). Two R documents often share
/// their first bytes (`{"version": 1, "execution": …`), so sharing some is
/// no edit; typing changes a few characters, so it never replaces.
pub fn replaces_whole(before: &str, after: &str) -> bool {
    if before.trim().is_empty() {
        return false;
    }
    let prefix = common_len(before.bytes(), after.bytes());
    let rest = |s: &str| s.len() - prefix;
    let suffix =
        common_len(before.bytes().rev(), after.bytes().rev()).min(rest(before).min(rest(after)));
    let kept = prefix + suffix;
    (before.len() - kept) + (after.len() - kept) > kept
}

/// How many leading items `a` and `b` share.
fn common_len(a: impl Iterator<Item = u8>, b: impl Iterator<Item = u8>) -> usize {
    a.zip(b).take_while(|(x, y)| x == y).count()
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

    /// The tabs as the page keeps them between visits: JSON of the
    /// documents and the active tab, without histories or the closed tab.
    pub fn stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Every text the tabs hold, as a store keeps them: each tab's
    /// document, then the documents added to its system.
    pub fn texts(&self) -> impl Iterator<Item = &Text> {
        (self.docs.iter())
            .flat_map(|d| std::iter::once(&d.text).chain(d.joined.iter().map(|j| &j.text)))
    }

    /// [`Docs::stored`] with each text replaced by its key (`key_of`, in
    /// practice [`text_key`] remembered): a store that keeps each text
    /// under its key apart writes only the texts it does not hold yet, and
    /// this short list.
    pub fn stored_by_key(&self, key_of: impl Fn(&Text) -> String) -> String {
        let mut keyed = self.clone();
        for d in &mut keyed.docs {
            d.text = key_of(&d.text).into();
            for j in &mut d.joined {
                j.text = key_of(&j.text).into();
            }
        }
        keyed.stored()
    }

    /// Tabs kept by [`Docs::stored_by_key`], each text found by `text_of`
    /// its key; `None` when the list does not read back or a text is
    /// missing.
    pub fn from_stored_by_key(
        json: &str,
        mut text_of: impl FnMut(&str) -> Option<Text>,
    ) -> Option<Docs> {
        let mut docs = Docs::from_stored(json)?;
        for d in &mut docs.docs {
            d.text = text_of(&d.text)?;
            for j in &mut d.joined {
                j.text = text_of(&j.text)?;
            }
        }
        Some(docs)
    }

    /// Tabs kept by [`Docs::stored`], if they read back whole and can be shown.
    pub fn from_stored(json: &str) -> Option<Docs> {
        serde_json::from_str::<Docs>(json)
            .ok()
            .filter(Docs::is_valid)
    }

    /// Tab `at`, if it still holds `text`, else the first tab that does:
    /// where a document read while the user went on goes, the tab shown
    /// when its reading began, wherever closing tabs has moved it.
    pub fn tab_holding(&self, at: usize, text: &Text) -> Option<usize> {
        let holds = |i: &usize| self.docs.get(*i).is_some_and(|d| d.text == *text);
        Some(at)
            .filter(holds)
            .or_else(|| (0..self.docs.len()).find(holds))
    }

    /// The active tab's undo history.
    pub fn history(&self) -> History {
        self.history.get(self.active).cloned().unwrap_or_default()
    }

    /// The tabs after `action`.
    pub fn apply(&self, action: Action) -> Docs {
        let mut next = self.clone();
        next.history.resize_with(next.docs.len(), History::default);
        match action {
            Action::Open(doc) => next.open(doc, true),
            Action::Import(doc) => match next.docs.iter().position(|d| d.same_system(&doc)) {
                Some(i) => next.active = i,
                None => next.open(doc, false),
            },
            Action::Show(doc) => match next.docs.iter().position(|d| d.source == doc.source) {
                Some(i) => next.active = i,
                None => next.open(doc, false),
            },
            Action::Edit(text) => next.change(text.into(), Change::Typing),
            Action::Paste(text) => next.change(text, Change::Typing),
            Action::Fix(text) => next.change(text.into(), Change::Fix),
            Action::Undo | Action::Redo => next.travel(action == Action::Undo),
            Action::Select(i) if i < next.docs.len() => next.active = i,
            Action::Select(_) => {}
            Action::Close(i) if i < next.docs.len() => next.close(i),
            Action::Close(_) => {}
            Action::Reopen => next.reopen(),
            Action::Configure(config) => next.docs[next.active].config = config.into(),
            Action::ConfigureTab(i, config) if i < next.docs.len() => {
                next.docs[i].config = config.into()
            }
            Action::ConfigureTab(..) => {}
            Action::Join(i, doc) => next.join(i, doc),
            Action::Leave(i) => next.leave(i),
        }
        next
    }

    /// A configuration kept by a page that held one for all its tabs: the
    /// active tab takes it, unless some tab already has its own.
    pub fn adopt_config(mut self, config: String) -> Docs {
        if !config.trim().is_empty() && self.docs.iter().all(|d| d.config.is_empty()) {
            let i = self.active.min(self.docs.len() - 1);
            self.docs[i].config = config.into();
        }
        self
    }

    /// Open `doc` in the active tab if it holds nothing `doc` would lose,
    /// else in a new tab. When `inherit`, a document that comes without a
    /// configuration takes the active tab's: a document opened beside
    /// another is most often about the same system, and the new tab's box
    /// can be changed on its own.
    fn open(&mut self, mut doc: Doc, inherit: bool) {
        self.closed = None;
        let here = self.current();
        if inherit && doc.config.is_empty() {
            doc.config = here.config.clone();
        }
        let keeps_nothing = here.config.trim().is_empty() || here.config == doc.config;
        if here.is_blank() && keeps_nothing {
            let i = self.active;
            self.docs[i] = doc;
            self.history[i] = History::default();
        } else {
            if self.docs.len() >= MAX_TABS {
                self.docs.remove(0);
                self.history.remove(0);
            }
            self.docs.push(doc);
            self.history.push(History::default());
            self.active = self.docs.len() - 1;
        }
    }

    /// Add `doc` to tab `i`'s system and show it (see [`Action::Join`]);
    /// open it as a tab when there is no tab `i`.
    fn join(&mut self, i: usize, doc: Doc) {
        if i >= self.docs.len() {
            return self.open(doc, true);
        }
        self.active = i;
        let tab = &mut self.docs[i];
        if tab.text == doc.text || tab.joined.iter().any(|j| j.text == doc.text) {
            return;
        }
        self.closed = None;
        let before = Step::of(tab, Change::Joined);
        if tab.text.trim().is_empty() {
            // The tab's own document was cleared: the added documents and
            // the configuration stay beside the new one.
            (tab.source, tab.text) = (doc.source, doc.text);
        } else {
            tab.joined = joined_with(std::mem::take(&mut tab.joined), doc.source, doc.text);
        }
        self.history[i].record(before);
    }

    /// Take document `i` of those added out of the active tab's system.
    fn leave(&mut self, i: usize) {
        let a = self.active;
        let tab = &mut self.docs[a];
        if i < tab.joined.len() {
            let before = Step::of(tab, Change::Left);
            tab.joined.remove(i);
            self.history[a].record(before);
        }
    }

    /// Replace the active tab's text by a `change`, noting it in its
    /// history. Typing that replaces the whole text (a paste over all of
    /// it) leaves the tab named as a pasted document is: the file, example
    /// or link it was named after is gone from it.
    fn change(&mut self, text: Text, change: Change) {
        let doc = &mut self.docs[self.active];
        if doc.text == text {
            return;
        }
        let before = Step::of(doc, change);
        doc.text = text;
        if change == Change::Typing && replaces_whole(&before.text, &doc.text) {
            // Another document: the ones added beside the old one are
            // about another system (Undo brings them back with it). A
            // cleared tab keeps them for the document it will take.
            doc.source = UNTITLED.into();
            if !doc.text.trim().is_empty() {
                doc.joined.clear();
            }
        }
        self.history[self.active].record(before);
    }

    /// Undo (or redo) the active tab's last change.
    fn travel(&mut self, back: bool) {
        let i = self.active;
        let current = self.docs[i].clone();
        let h = &mut self.history[i];
        if let Some(doc) = if back {
            h.undo(current)
        } else {
            h.redo(current)
        } {
            self.docs[i] = doc;
        }
    }

    /// Close tab `i`, keeping it for [`Action::Reopen`].
    fn close(&mut self, i: usize) {
        let doc = self.docs.remove(i);
        let history = self.history.remove(i);
        self.closed = Some(Closed {
            at: i,
            doc,
            history,
        });
        if self.docs.is_empty() {
            self.docs.push(untitled());
            self.history.push(History::default());
        } else if self.active >= i && self.active > 0 {
            self.active -= 1;
        }
    }

    /// Put the tab closed last back where it was, or in place of the empty
    /// tab that closing the last one left.
    fn reopen(&mut self) {
        let Some(Closed { at, doc, history }) = self.closed.take() else {
            return;
        };
        if self.docs.len() == 1 && self.docs[0] == untitled() {
            self.docs[0] = doc;
            self.history[0] = history;
            self.active = 0;
            return;
        }
        let mut at = at;
        if self.docs.len() >= MAX_TABS {
            self.docs.remove(0);
            self.history.remove(0);
            at = at.saturating_sub(1);
        }
        let at = at.min(self.docs.len());
        self.docs.insert(at, doc);
        self.history.insert(at, history);
        self.active = at;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn text_in_byte_pieces_is_the_text_decoded_whole() {
        let whole: &[u8] =
            b"a\r\n\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80 \xff\xc3( \xe2\x82\r\nz\xf0\x9f";
        let expected = super::Text::from(String::from_utf8_lossy(whole).into_owned());
        for i in 0..=whole.len() {
            for j in i..=whole.len() {
                let mut b = super::TextBuilder::with_capacity(0);
                let mut carry = Vec::new();
                for (piece, last) in [
                    (&whole[..i], false),
                    (&whole[i..j], false),
                    (&whole[j..], true),
                ] {
                    carry.extend_from_slice(piece);
                    b.push_bytes(&mut carry, last);
                }
                assert!(carry.is_empty());
                assert_eq!(b.finish(), expected, "cut at {i} and {j}");
            }
        }
        assert_eq!(&*expected, "a\né€😀 \u{FFFD}\u{FFFD}( \u{FFFD}\nz\u{FFFD}");
    }

    use super::*;

    fn doc(source: &str, text: &str) -> Doc {
        Doc {
            source: source.into(),
            text: text.into(),
            ..Doc::default()
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
    fn a_paste_replaces_the_text_as_an_edit_does_and_keeps_it() {
        let d = Docs::default().apply(Action::Open(doc("w.json", "{}")));
        let pasted = Text::from("[1]");
        let by_paste = d.apply(Action::Paste(pasted.clone()));
        let by_edit = d.apply(Action::Edit("[1]".into()));
        assert_eq!(by_paste.docs, by_edit.docs);
        assert_eq!(by_paste.history(), by_edit.history());
        assert!(std::ptr::eq(
            by_paste.current().text.as_ptr(),
            pasted.as_ptr()
        ));
        let undone = by_paste.apply(Action::Undo);
        assert_eq!(undone.current().text, "{}");
    }

    #[test]
    fn line_ends_become_newlines_as_in_a_textarea() {
        let d = Docs::default().apply(Action::Open(doc("w.json", "{\r\n\"a\": 1\r}")));
        assert_eq!(d.current().text, "{\n\"a\": 1\n}");
        let d = d.apply(Action::Edit("[\r\n]".into()));
        assert_eq!(d.current().text, "[\n]");
    }

    #[test]
    fn a_text_built_in_pieces_is_the_text_made_at_once() {
        // Every cut of every text, line ends split between pieces included.
        for whole in ["", "a\r\nb\rc\nd", "\r\r\n\n\r", "é\r\n€\r", "\r\n"] {
            let at_once = Text::from(whole);
            for cut in (0..=whole.len()).filter(|&i| whole.is_char_boundary(i)) {
                for second in (cut..=whole.len()).filter(|&i| whole.is_char_boundary(i)) {
                    let mut b = TextBuilder::with_capacity(whole.len());
                    b.push(&whole[..cut]);
                    b.push(&whole[cut..second]);
                    b.push(&whole[second..]);
                    assert_eq!(b.len(), at_once.len(), "{whole:?} cut at {cut}, {second}");
                    assert_eq!(b.finish(), at_once, "{whole:?} cut at {cut}, {second}");
                }
            }
        }
        let mut b = TextBuilder::default();
        assert!(b.is_empty());
        b.push("x\r");
        assert_eq!(b.finish(), "x\n");
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
            ..Docs::default()
        };
        let past = Docs {
            active: 1,
            ..Docs::default()
        };
        assert_eq!((empty.is_valid(), past.is_valid()), (false, false));
    }

    #[test]
    fn the_stored_form_keeps_documents_and_the_active_tab_only() {
        let d = three_tabs()
            .apply(Action::Fix("3!".into()))
            .apply(Action::Close(0));
        let json = d.stored();
        assert_eq!(
            json,
            r#"{"docs":[{"source":"b","text":"2"},{"source":"c","text":"3!"}],"active":1}"#
        );
        let back = Docs::from_stored(&json).unwrap();
        assert_eq!((back.docs.clone(), back.active), (d.docs.clone(), d.active));
        assert_eq!((back.history().can_undo(), back.closed), (None, None));
        assert_eq!(Docs::from_stored(r#"{"docs":[],"active":0}"#), None);
        assert_eq!(Docs::from_stored("{"), None);
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

    /// A result tab as the set workbench makes one from tabs A and B.
    fn result_tab() -> Doc {
        Doc {
            source: "= A ∪ B".into(),
            text: "{\"version\": 1}".into(),
            provenance: Some(crate::setops::provenance::Provenance {
                operation: "union".into(),
                expression: "A ∪ B".into(),
                inputs: vec![],
                options: vec![],
                command: "cat A.json B.json | rscope R decode".into(),
                result: crate::setops::provenance::digest("{\"version\": 1}"),
            }),
            ..Doc::default()
        }
    }

    #[test]
    fn tabs_stored_by_key_read_back_with_their_texts() {
        let d = Docs::default()
            .apply(Action::Open(doc("a", "x \"quoted\"")))
            .apply(Action::Open(result_tab()))
            .apply(Action::Open(doc("b", "x \"quoted\"")));
        let json = d.stored_by_key(|t| text_key(t));
        let key = text_key("x \"quoted\"");
        assert_eq!(key, "text:e69c8a037c2f3731:10");
        assert!(json.starts_with(&format!(r#"{{"docs":[{{"source":"a","text":"{key}"}}"#)));
        let texts = [
            ("x \"quoted\"", key),
            ("{\"version\": 1}", text_key("{\"version\": 1}")),
        ];
        let find = |k: &str| {
            texts
                .iter()
                .find(|(_, tk)| tk == k)
                .map(|(t, _)| Text::from(*t))
        };
        assert!(Docs::from_stored_by_key(&json, find) == Some(d.clone()));
        let none = |_: &str| None;
        assert!(Docs::from_stored_by_key(&json, none).is_none());
    }

    #[test]
    fn each_tab_holds_its_configuration_and_a_new_tab_starts_with_the_shown_one() {
        let toml = "[resource]\nnoverify = true\n";
        // A configuration opened on the empty first screen stays with the
        // document that fills it.
        let d = Docs::default()
            .apply(Action::Configure(toml.into()))
            .apply(Action::Open(doc("a", "x")));
        assert_eq!((sources(&d), &*d.current().config), (vec!["a"], toml));
        let d = d.apply(Action::Open(doc("b", "y")));
        assert_eq!(
            d.current().config,
            toml,
            "a new tab starts with the shown one"
        );
        let d = d.apply(Action::Configure(String::new()));
        let configs = |d: &Docs| {
            d.docs
                .iter()
                .map(|t| t.config.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(configs(&d), vec![toml.to_string(), String::new()]);
        let d = d.apply(Action::Select(0));
        assert_eq!(d.current().config, toml);
        // Typing, its undo and a close with its reopen keep the tab's own.
        let d = d.apply(Action::Edit("z".into())).apply(Action::Undo);
        assert_eq!((&*d.current().text, &*d.current().config), ("x", toml));
        let d = d.apply(Action::Close(0)).apply(Action::Reopen);
        assert_eq!(configs(&d), vec![toml.to_string(), String::new()]);
        assert_eq!(
            d.history().can_undo(),
            None,
            "configuring is no step to undo"
        );
    }

    #[test]
    fn a_document_joins_the_shown_tab_s_system_and_leaves_it() {
        // Joining an empty tab opens the document there.
        let d = Docs::default().apply(Action::Join(0, doc("r.json", "R")));
        assert_eq!((sources(&d), d.current().joined.len()), (vec!["r.json"], 0));
        let d = d
            .apply(Action::Configure("[queues.a]\n".into()))
            .apply(Action::Join(0, doc("status.json", "S")))
            .apply(Action::Join(0, doc("again.json", "S")))
            .apply(Action::Join(0, doc("same.json", "R")))
            .apply(Action::Join(0, doc("list.json", "L")));
        assert_eq!(sources(&d), vec!["r.json"], "no tab is added");
        assert_eq!(
            d.current().system(),
            vec![
                ("r.json", "R"),
                ("status.json", "S"),
                ("list.json", "L"),
                ("configuration", "[queues.a]\n")
            ]
        );
        let beside = d.current().beside();
        let beside: Vec<(&str, &str)> = beside.iter().map(|(n, t)| (n.as_str(), &**t)).collect();
        assert_eq!(beside, d.current().system()[1..]);
        let json = d.stored();
        assert_eq!(
            json,
            r#"{"docs":[{"source":"r.json","text":"R","config":"[queues.a]\n","joined":[{"source":"status.json","text":"S"},{"source":"list.json","text":"L"}]}],"active":0}"#
        );
        let back = Docs::from_stored(&json).unwrap();
        assert_eq!((back.docs, back.active), (d.docs.clone(), d.active));
        // Kept by key, each added document is a text of its own.
        let texts: Vec<&str> = d.texts().map(|t| &**t).collect();
        assert_eq!(texts, vec!["R", "S", "L"]);
        let keyed = d.stored_by_key(|t| format!("k{}", &**t));
        assert_eq!(
            keyed,
            r#"{"docs":[{"source":"r.json","text":"kR","config":"[queues.a]\n","joined":[{"source":"status.json","text":"kS"},{"source":"list.json","text":"kL"}]}],"active":0}"#
        );
        let back = Docs::from_stored_by_key(&keyed, |k| Some(k[1..].to_string().into()));
        assert!(back.map(|b| (b.docs, b.active)) == Some((d.docs.clone(), d.active)));
        assert!(Docs::from_stored_by_key(&keyed, |k| (k != "kS").then(|| k.into())).is_none());
        let left = d.apply(Action::Leave(0)).apply(Action::Leave(5));
        assert_eq!(left.current().system()[1], ("list.json", "L"));
        assert_eq!(left.current().joined.len(), 1);
        assert_eq!(left.history().can_undo(), Some(Change::Left));
        // Typing in the tab and undoing it keep what joined it.
        let typed = left.apply(Action::Edit("R2".into())).apply(Action::Undo);
        assert_eq!(typed.current().joined, left.current().joined);
        // Past the limit, the earliest added goes.
        let mut full = d;
        for i in 0..MAX_JOINED {
            full = full.apply(Action::Join(0, doc(&format!("p{i}"), &format!("P{i}"))));
        }
        let names: Vec<&str> = full
            .current()
            .joined
            .iter()
            .map(|j| j.source.as_str())
            .collect();
        assert_eq!(names.len(), MAX_JOINED);
        assert_eq!((names[0], names[MAX_JOINED - 1]), ("p0", "p7"));
    }

    #[test]
    fn the_configuration_is_stored_with_its_tab_and_a_page_wide_one_is_adopted() {
        let d = Docs::default()
            .apply(Action::Open(doc("a", "x")))
            .apply(Action::Configure("[queues.debug]\n".into()));
        let json = d.stored();
        assert_eq!(
            json,
            r#"{"docs":[{"source":"a","text":"x","config":"[queues.debug]\n"}],"active":0}"#
        );
        assert_eq!(Docs::from_stored(&json).unwrap(), d);
        let old = Docs::default()
            .apply(Action::Open(doc("a", "x")))
            .apply(Action::Open(doc("b", "y")));
        let adopted = old.clone().adopt_config("[queues.batch]\n".into());
        assert_eq!(
            adopted.stored(),
            r#"{"docs":[{"source":"a","text":"x"},{"source":"b","text":"y","config":"[queues.batch]\n"}],"active":1}"#
        );
        assert_eq!(old.clone().adopt_config(" \n".into()), old);
        assert_eq!(adopted.clone().adopt_config("[queues.x]\n".into()), adopted);
    }

    #[test]
    fn provenance_is_stored_with_its_tab_and_old_stored_tabs_still_load() {
        let d = Docs::default()
            .apply(Action::Open(doc("a", "x")))
            .apply(Action::Open(result_tab()));
        let json = d.stored();
        assert!(
            json.starts_with(r#"{"docs":[{"source":"a","text":"x"},{"source":"= A ∪ B","text":"{\"version\": 1}","provenance":{"operation":"union","expression":"A ∪ B","inputs":[],"options":[],"command":"cat A.json B.json | rscope R decode","result":""#),
            "{json}"
        );
        assert_eq!(Docs::from_stored(&json).unwrap(), d);
        let old = r#"{"docs":[{"source":"a","text":"x"}],"active":0}"#;
        let back = Docs::from_stored(old).unwrap();
        assert_eq!(
            (back.docs[0].provenance.clone(), back.stored()),
            (None, old.to_string())
        );
    }

    #[test]
    fn a_result_tab_keeps_its_provenance_through_edits_undo_and_close() {
        let d = Docs::default()
            .apply(Action::Open(doc("a", "x")))
            .apply(Action::Open(result_tab()));
        let made = d.current().provenance.clone();
        assert!(made.is_some());
        let edited = d.apply(Action::Edit("{\"version\": 1} ".into()));
        assert_eq!(edited.current().provenance, made);
        assert_eq!(edited.apply(Action::Undo).current().provenance, made);
        let back = edited.apply(Action::Close(1)).apply(Action::Reopen);
        assert_eq!(back.current().provenance, made);
    }

    fn three_tabs() -> Docs {
        let mut d = Docs::default();
        for (name, text) in [("a", "1"), ("b", "2"), ("c", "3")] {
            d = d.apply(Action::Open(doc(name, text)));
        }
        d
    }

    #[test]
    fn a_closed_tab_reopens_at_its_place_with_its_text() {
        let d = three_tabs()
            .apply(Action::Select(1))
            .apply(Action::Edit("2!".into()));
        let closed = d.apply(Action::Close(1));
        assert_eq!((sources(&closed), closed.active), (vec!["a", "c"], 0));
        assert_eq!(
            closed
                .closed
                .as_ref()
                .map(|c| (c.at, c.doc.source.as_str())),
            Some((1, "b"))
        );
        let back = closed.apply(Action::Select(1)).apply(Action::Reopen);
        assert_eq!((sources(&back), back.active), (vec!["a", "b", "c"], 1));
        assert_eq!(
            (back.current().text.clone(), back.closed.clone()),
            ("2!".into(), None)
        );
        // Its history came back with it.
        let undone = back.apply(Action::Undo);
        assert_eq!(undone.current().text, "2");
        assert_eq!(
            undone.apply(Action::Reopen),
            undone,
            "nothing left to reopen"
        );
    }

    #[test]
    fn the_last_tab_reopens_in_place_of_the_empty_one() {
        let d = Docs::default().apply(Action::Open(doc("a", "1")));
        let closed = d.apply(Action::Close(0));
        assert_eq!(sources(&closed), vec!["untitled"]);
        let back = closed.apply(Action::Reopen);
        assert_eq!((sources(&back), back.active), (vec!["a"], 0));
        assert_eq!(back.current().text, "1");
    }

    #[test]
    fn opening_a_document_forgets_the_closed_tab() {
        let d = three_tabs().apply(Action::Close(2));
        let d = d.apply(Action::Open(doc("d", "4")));
        assert_eq!(d.closed, None);
        assert_eq!(d.apply(Action::Reopen), d);
    }

    #[test]
    fn reopening_into_a_full_strip_drops_the_oldest() {
        let mut d = Docs::default();
        for i in 0..MAX_TABS {
            d = d.apply(Action::Open(doc(&format!("d{i}"), "x")));
        }
        let mut d = d.apply(Action::Close(3));
        d.docs.push(doc("new", "y"));
        d.history.push(History::default());
        let back = d.apply(Action::Reopen);
        assert_eq!(back.docs.len(), MAX_TABS);
        assert_eq!((back.docs[0].source.as_str(), back.active), ("d1", 2));
        assert_eq!(back.current().source, "d3");
    }

    #[test]
    fn a_fix_is_undone_and_redone() {
        let d = Docs::default().apply(Action::Open(doc("a", "bad")));
        let fixed = d.apply(Action::Fix("good".into()));
        assert_eq!(fixed.history().can_undo(), Some(Change::Fix));
        let undone = fixed.apply(Action::Undo);
        assert_eq!(undone.current().text, "bad");
        assert_eq!(
            (undone.history().can_undo(), undone.history().can_redo()),
            (None, Some(Change::Fix))
        );
        let redone = undone.apply(Action::Redo);
        assert_eq!(redone.current().text, "good");
        assert_eq!(redone.history().can_redo(), None);
        assert_eq!(
            redone.apply(Action::Redo).current().text,
            "good",
            "nothing to redo"
        );
    }

    #[test]
    fn typing_between_fixes_is_one_step() {
        let d = Docs::default().apply(Action::Open(doc("a", "v0")));
        let d = d.apply(Action::Fix("v1".into()));
        let d = ["v1a", "v1ab", "v1abc"]
            .iter()
            .fold(d, |d, t| d.apply(Action::Edit((*t).into())));
        assert_eq!(d.history().can_undo(), Some(Change::Typing));
        let d = d.apply(Action::Undo);
        assert_eq!(d.current().text, "v1");
        let d = d.apply(Action::Undo);
        assert_eq!(d.current().text, "v0");
        assert_eq!(d.history().can_undo(), None);
        // A new change after an undo forgets what could be redone.
        let d = d.apply(Action::Edit("w".into()));
        assert_eq!(
            (d.history().can_undo(), d.history().can_redo()),
            (Some(Change::Typing), None)
        );
    }

    #[test]
    fn each_tab_has_its_own_history() {
        let d = three_tabs().apply(Action::Fix("3 fixed".into()));
        let d = d.apply(Action::Select(0));
        assert_eq!(d.history().can_undo(), None);
        assert_eq!(d.apply(Action::Undo).current().text, "1");
        let d = d.apply(Action::Select(2)).apply(Action::Undo);
        assert_eq!(d.current().text, "3");
        // Closing an earlier tab keeps each history with its tab.
        let d = d.apply(Action::Redo).apply(Action::Close(0));
        assert_eq!(
            (d.current().source.as_str(), d.history().can_undo()),
            ("c", Some(Change::Fix))
        );
    }

    #[test]
    fn an_unchanged_text_is_no_step() {
        let d = Docs::default().apply(Action::Open(doc("a", "x")));
        assert_eq!(d.apply(Action::Edit("x".into())).history().can_undo(), None);
    }

    #[test]
    fn history_is_bounded_in_steps_and_bytes() {
        let mut d = Docs::default().apply(Action::Open(doc("a", "0")));
        for i in 1..=MAX_STEPS + 5 {
            d = d.apply(Action::Fix(i.to_string()));
        }
        let mut undone = 0;
        while d.history().can_undo().is_some() {
            d = d.apply(Action::Undo);
            undone += 1;
        }
        assert_eq!((undone, d.current().text.clone()), (MAX_STEPS, "5".into()));
        let big = "x".repeat(MAX_HISTORY_BYTES / 2);
        let mut h = History::default();
        for i in 0..3 {
            h.record(Step::of(&doc("a", &format!("{i}{big}")), Change::Fix));
        }
        assert_eq!(h.undo.len(), 1, "two steps of half the budget are over it");
        assert!(h.undo[0].text.starts_with('2'));
        // Documents added beside count once, however many steps keep them.
        let payload = Joined {
            source: "status.json".into(),
            text: big.clone().into(),
        };
        let mut h = History::default();
        for i in 0..3 {
            let mut step = Step::of(&doc("a", &i.to_string()), Change::Joined);
            step.joined = vec![payload.clone()];
            h.record(step);
        }
        assert_eq!(h.undo.len(), 3, "one shared payload is half the budget");
        let mut step = Step::of(&doc("a", "3"), Change::Left);
        step.joined = vec![Joined {
            source: "other.json".into(),
            text: format!("{big}!").into(),
        }];
        h.record(step);
        // A second one is over it: the steps that keep the first go.
        assert_eq!(h.undo.len(), 1);
        assert_eq!(h.undo[0].joined[0].source, "other.json");
    }

    #[test]
    fn adding_and_taking_out_are_undone_and_redone() {
        let d = Docs::default()
            .apply(Action::Open(doc("r.json", "R")))
            .apply(Action::Join(0, doc("status.json", "S")));
        assert_eq!(d.history().can_undo(), Some(Change::Joined));
        let out = d.apply(Action::Leave(0));
        let back = out.apply(Action::Undo);
        assert_eq!(back.current().joined, d.current().joined);
        assert_eq!(back.history().can_redo(), Some(Change::Left));
        assert!(back.apply(Action::Redo).current().joined.is_empty());
        let none = back.apply(Action::Undo);
        assert!(none.current().joined.is_empty());
        assert_eq!(&*none.current().text, "R");
        // A joined text already there is no step.
        let same = d.apply(Action::Join(0, doc("again.json", "S")));
        assert_eq!(same.history, d.history);
    }

    #[test]
    fn a_document_joins_the_tab_it_was_meant_for_and_shows_it() {
        let d = three_tabs().apply(Action::Join(0, doc("status.json", "S")));
        assert_eq!((d.active, d.docs[0].joined.len()), (0, 1));
        assert!(d.docs[2].joined.is_empty());
        // A tab closed meanwhile: the document opens as a tab.
        let gone = three_tabs().apply(Action::Join(7, doc("status.json", "S")));
        assert_eq!((gone.docs.len(), gone.active), (4, 3));
    }

    #[test]
    fn a_tab_is_found_by_the_text_it_held_wherever_it_moved() {
        let d = three_tabs();
        assert_eq!(d.tab_holding(1, &"2".into()), Some(1));
        let closed = d.apply(Action::Close(0));
        assert_eq!(closed.tab_holding(1, &"2".into()), Some(0));
        assert_eq!(closed.tab_holding(1, &"9".into()), None);
    }

    #[test]
    fn a_cleared_tab_takes_a_joined_document_and_keeps_the_others() {
        let d = Docs::default()
            .apply(Action::Open(doc("r.json", "R")))
            .apply(Action::Configure("[queues.a]\n".into()))
            .apply(Action::Join(0, doc("status.json", "S")))
            .apply(Action::Edit(String::new()))
            .apply(Action::Join(0, doc("r2.json", "R2")));
        let tab = d.current();
        assert_eq!((tab.source.as_str(), &*tab.text), ("r2.json", "R2"));
        assert_eq!((tab.joined.len(), &*tab.config), (1, "[queues.a]\n"));
        // Opening (not joining) leaves such a tab alone.
        let d = d
            .apply(Action::Edit(String::new()))
            .apply(Action::Open(doc("x", "X")));
        assert_eq!((d.docs.len(), d.docs[0].joined.len()), (2, 1));
    }

    #[test]
    fn a_paste_over_the_whole_text_leaves_the_added_documents_to_undo() {
        let d = Docs::default()
            .apply(Action::Open(doc("r.json", r#"{"version": 1}"#)))
            .apply(Action::Join(0, doc("status.json", "S")));
        let pasted = d.apply(Action::Paste("[1, 2, 3, 4, 5, 6, 7]".to_string().into()));
        assert!(pasted.current().joined.is_empty());
        assert_eq!(pasted.current().source, UNTITLED);
        let undone = pasted.apply(Action::Undo);
        assert_eq!(undone.current(), d.current());
        // An edit keeps them.
        let edited = d.apply(Action::Edit(r#"{"version": 2}"#.into()));
        assert_eq!(edited.current().joined.len(), 1);
    }

    #[test]
    fn an_imported_system_brings_its_own_configuration_and_documents() {
        let mut shared = doc("shared link", "R");
        shared.joined = vec![Joined {
            source: "status.json".into(),
            text: "S".into(),
        }];
        // Not the tab with the same text but another system.
        let d = Docs::default()
            .apply(Action::Open(doc("r.json", "R")))
            .apply(Action::Configure("[queues.a]\n".into()))
            .apply(Action::Import(shared.clone()));
        assert_eq!((d.docs.len(), d.active), (2, 1));
        assert_eq!(d.docs[0].config, "[queues.a]\n");
        assert_eq!(d.current().config, "", "the link had no configuration");
        assert_eq!(d.current().joined, shared.joined);
        // The same system again is shown, not copied.
        let again = d.apply(Action::Select(0)).apply(Action::Import(shared));
        assert_eq!((again.docs.len(), again.active), (2, 1));
        // An empty tab with a configuration typed in is not replaced.
        let typed = Docs::default()
            .apply(Action::Configure("[queues.b]\n".into()))
            .apply(Action::Import(doc("shared link", "R")));
        assert_eq!(
            (typed.docs.len(), &*typed.docs[0].config),
            (2, "[queues.b]\n")
        );
    }

    #[test]
    fn a_tab_shown_by_name_is_shown_as_the_user_left_it() {
        let mut tour = doc("Tour", "R");
        tour.config = "[queues.a]\n".into();
        let d = three_tabs().apply(Action::Show(tour.clone()));
        assert_eq!(
            (d.docs.len(), d.active, &*d.current().config),
            (4, 3, "[queues.a]\n")
        );
        let changed = d
            .apply(Action::Configure("[queues.b]\n".into()))
            .apply(Action::Select(0))
            .apply(Action::Show(tour));
        assert_eq!((changed.docs.len(), changed.active), (4, 3));
        assert_eq!(changed.current().config, "[queues.b]\n");
    }

    #[test]
    fn documents_added_by_a_link_follow_the_join_rules() {
        let others = (0..MAX_JOINED + 2).map(|i| Joined {
            source: format!("p{i}"),
            text: format!("P{}", i.min(MAX_JOINED)).into(),
        });
        let mut with_self = vec![Joined {
            source: "self".into(),
            text: "R".into(),
        }];
        with_self.extend(others);
        let d = doc("r", "R").with_joined(with_self);
        let names: Vec<&str> = d.joined.iter().map(|j| j.source.as_str()).collect();
        assert_eq!(names, vec!["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]);
    }

    #[test]
    fn an_imported_document_already_open_is_shown_not_copied() {
        let d = three_tabs();
        let again = d
            .apply(Action::Select(0))
            .apply(Action::Import(doc("b", "2")));
        assert_eq!((sources(&again), again.active), (vec!["a", "b", "c"], 1));
        let new = d.apply(Action::Import(doc("b", "2 changed")));
        assert_eq!((new.docs.len(), new.active), (4, 3));
        // The tab kept from before a reload is named as the user left it.
        let renamed = d.apply(Action::Import(doc("shared link", "2")));
        assert_eq!(
            (sources(&renamed), renamed.active),
            (vec!["a", "b", "c"], 1)
        );
    }
    #[test]
    fn a_tab_says_its_letter_once() {
        assert_eq!(tab_label(0, "A laptop"), "A laptop");
        assert_eq!(tab_label(1, "A laptop"), "B laptop");
        assert_eq!(tab_label(1, "The RFC 20 example"), "B RFC 20 example");
        assert_eq!(tab_label(2, "An R"), "C R");
        assert_eq!(tab_label(1, "b.json"), "B b.json");
        // Only a whole leading word is an article, and a name is never emptied.
        assert_eq!(
            [tab_name("Another.json"), tab_name("A "), tab_name("Theory")],
            ["Another.json", "A ", "Theory"]
        );
    }

    #[test]
    fn a_replacement_is_told_from_an_edit() {
        let laptop = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-7"}}]}}"#;
        let other = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-63", "children": {"core": "0-3"}}], "nodelist": ["n[0-63]"]}}"#;
        let typed = laptop.replace("0-7", "0-15");
        assert!(replaces_whole(laptop, other));
        assert!(replaces_whole(laptop, ""), "everything deleted");
        assert!(!replaces_whole(laptop, &typed));
        assert!(!replaces_whole(laptop, &format!("{laptop}\n")));
        assert!(
            !replaces_whole("", laptop),
            "an empty tab is filled, not replaced"
        );
        assert!(
            !replaces_whole("abab", "ab"),
            "shared start and end never overlap"
        );
        let snippet = laptop.replace("]}}", r#", {"rank": "1", "children": {"core": "0"}}]}}"#);
        assert!(
            !replaces_whole(laptop, &snippet),
            "a pasted entry is an edit"
        );
    }

    #[test]
    fn a_paste_over_an_example_renames_its_tab_and_undo_names_it_back() {
        let d = three_tabs()
            .apply(Action::Open(doc("A laptop", "{\"version\": 1}")))
            .apply(Action::Edit("{\"version\": 12}".into()));
        assert_eq!(d.current().source, "A laptop", "typing keeps the name");
        let pasted = d.apply(Action::Edit("[1, 2, 3]".into()));
        assert_eq!(
            (sources(&pasted), pasted.current().text.clone()),
            (vec!["a", "b", "c", UNTITLED], "[1, 2, 3]".into())
        );
        let fixed = d.apply(Action::Fix("[]".into()));
        assert_eq!(fixed.current().source, "A laptop", "a fix is no paste");
        let undone = pasted.apply(Action::Undo);
        assert_eq!(
            (undone.current().source.as_str(), &*undone.current().text),
            ("A laptop", "{\"version\": 1}")
        );
        let redone = undone.apply(Action::Redo);
        assert_eq!(redone.current(), pasted.current());
    }
}
