//! Where the page keeps its documents between visits: IndexedDB, through
//! the `rexie` crate (a maintained futures wrapper over IndexedDB that
//! builds for wasm32 with this project's wasm-bindgen pin). Local storage
//! holds about 5 MB, far below the page's 64 MiB limit
//! ([`rscope_core::limits::MAX_PAGE_DOCUMENT_BYTES`]); it is read once to bring
//! over what an older visit left there, and written only when the browser
//! has no IndexedDB.
//!
//! Each tab's text is stored under its own key ([`rscope_core::tabs::text_key`]),
//! written once, and the list of tabs ([`Docs::stored_by_key`], which names
//! the texts by key) under one key: a save writes the texts the store does
//! not hold yet, each in a task of its own, then replaces the list in one
//! transaction, so a reload never sees half of it; texts no tab names are
//! then forgotten. Saving a few 3 MB tabs as one JSON value took a fifth
//! of a second of the page's thread after every change. Visits before
//! this kept the whole list as one JSON value ([`Docs::stored`]) under
//! [`KEY`]; it is read when there is no list by key.
//!
//! A text is kept in chunks of UTF-8 bytes ([`CHUNK`], under
//! [`chunk_key`]s), each written and read in a task of its own, then a
//! head under the text's key that says how many: storing a 64 MiB text as
//! one string held the page's thread for 186 ms (issue 12), and bytes
//! need no conversion between JavaScript and Rust. Texts kept by visits
//! before chunks, one string under the text's key, are still read.

use futures_util::future::join;
use rexie::{ObjectStore, Rexie, TransactionMode};
use rscope_core::share::SharedView;
use rscope_core::tabs::{text_key, Docs, Text, TextBuilder};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};

/// The database, its one object store and the key of the tab list.
const DB: &str = "rscope";
const STORE: &str = "documents";
const KEY: &str = "tabs";
/// The key of the list of tabs whose texts are kept apart.
const TABS_KEY: &str = "tabs.v2";
/// How the keys of texts begin.
const TEXT_PREFIX: &str = "text:";
/// Where visits before IndexedDB kept the tabs.
const OLD_KEY: &str = "rscope.documents.v1";
/// Where the tabs are written, at once, as the page is hidden: an
/// IndexedDB write started then may never finish, while a local storage
/// write always does (when the tabs fit its quota). The time it was written
/// is kept beside it, so a save that began later can drop it.
const JOURNAL_KEY: &str = "rscope.journal.v1";
const JOURNAL_TIME_KEY: &str = "rscope.journal.v1.time";

/// The page's storage: IndexedDB once opened, or local storage when the
/// browser refused IndexedDB (and why).
pub struct Keeper {
    db: RefCell<Db>,
    /// Texts the store holds, with their keys: a save does not write them
    /// again.
    written: RefCell<Vec<(Text, String)>>,
    /// A save is running.
    saving: std::cell::Cell<bool>,
    /// The tabs to save once it is done.
    next: RefCell<Option<Docs>>,
}

enum Db {
    /// Not opened yet (a component test mounts the page without
    /// [`restore`]): the first save opens it.
    Unopened,
    Open(Rc<Rexie>),
    /// The browser refused IndexedDB, for this reason; local storage is
    /// tried instead.
    Refused(String),
}

/// What the page starts from: the storage, the tabs, and why the tabs of
/// the last visit could not be read, if they could not.
pub type Restored = (Rc<Keeper>, Docs, Option<String>);

thread_local! {
    /// What [`restore`] found.
    static RESTORED: RefCell<Option<Restored>> = const { RefCell::new(None) };
}

/// Open the storage and read the tabs the last visit left, moving an older
/// visit's local storage over; the page then starts from them
/// ([`take_restored`]).
pub async fn restore() {
    let db = match open(DB).await {
        Ok(db) => Db::Open(Rc::new(db)),
        Err(e) => Db::Refused(e),
    };
    let keeper = Rc::new(Keeper {
        db: RefCell::new(db),
        written: RefCell::default(),
        saving: Default::default(),
        next: RefCell::default(),
    });
    let (docs, problem) = match keeper.read().await {
        Ok(Some(docs)) => (docs, None),
        Ok(None) => keeper.migrate().await,
        Err(e) => (old_docs().unwrap_or_default(), Some(e)),
    };
    // A journal still there is newer than every save that finished.
    let docs = journaled().unwrap_or(docs);
    RESTORED.with(|r| *r.borrow_mut() = Some((keeper, docs, problem)));
}

/// The storage, the tabs and any storage problem [`restore`] found; a page
/// mounted without it starts with one empty tab and opens storage on its
/// first save.
pub fn take_restored() -> Restored {
    RESTORED.with(|r| r.borrow_mut().take()).unwrap_or_else(|| {
        let keeper = Keeper {
            db: RefCell::new(Db::Unopened),
            written: RefCell::default(),
            saving: Default::default(),
            next: RefCell::default(),
        };
        (Rc::new(keeper), Docs::default(), None)
    })
}

/// Open (or create) the database `name`, or say why the browser refused.
async fn open(name: &str) -> Result<Rexie, String> {
    let has_idb = js_sys::Reflect::get(&gloo::utils::window(), &"indexedDB".into())
        .is_ok_and(|v| v.is_truthy());
    if !has_idb {
        return Err("this browser has no IndexedDB; a private window may turn it off".into());
    }
    Rexie::builder(name)
        .version(1)
        .add_object_store(ObjectStore::new(STORE))
        .build()
        .await
        .map_err(|e| format!("IndexedDB refused to open: {}", why(e)))
}

/// What the page says when `docs` could not be kept, for `reason`.
fn not_kept(docs: &Docs, reason: &str) -> String {
    let names = docs
        .docs
        .iter()
        .enumerate()
        .filter(|(_, d)| !d.text.is_empty())
        .map(|(i, d)| rscope_core::tabs::tab_label(i, &d.source))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "not kept for your next visit: {names}. The browser refused to store them ({reason}). Copy your work into a file before you close or reload this page"
    )
}

/// Local storage, if the browser lets the page have it (reading
/// `window.localStorage` throws where storage is blocked).
fn local() -> Option<web_sys::Storage> {
    gloo::utils::window().local_storage().ok().flatten()
}

/// Where the page kept its one configuration across reloads, before each
/// tab held its own ([`rscope_core::tabs::Doc::config`]).
const QUEUE_CONFIG_KEY: &str = "rscope-queue-config";

/// The configuration an older page kept for all its tabs, if any: the
/// tabs keep it from here on ([`rscope_core::tabs::Docs::adopt_config`]).
pub fn page_config() -> String {
    let kept = local().and_then(|l| l.get_item(QUEUE_CONFIG_KEY).ok().flatten());
    kept.unwrap_or_default()
}

/// Forget the page-wide configuration once the tabs that adopted it are
/// saved (before, a failed save would lose it).
fn forget_page_config() {
    if let Some(local) = local() {
        let _ = local.remove_item(QUEUE_CONFIG_KEY);
    }
}

/// Where how the page shows its tabs (colouring, zoom, shape) is kept
/// across reloads.
const VIEW_KEY: &str = "rscope-view";

/// How the page showed its tabs at the last visit, or the defaults.
pub fn saved_view() -> SharedView {
    let kept = local().and_then(|l| l.get_item(VIEW_KEY).ok().flatten());
    kept.map_or_else(SharedView::default, |t| SharedView::from_kept(&t))
}

/// Keep how the page shows its tabs for the next visit (the defaults are
/// not kept). A browser that refuses storage only loses the view on
/// reload.
pub fn save_view(view: &SharedView) {
    if let Some(local) = local() {
        let _ = match view.kept() {
            Some(json) => local.set_item(VIEW_KEY, &json),
            None => local.remove_item(VIEW_KEY),
        };
    }
}

/// Write `docs` to the journal now ([`JOURNAL_KEY`]), as the page is
/// hidden; tabs too large for local storage are left to the IndexedDB save.
pub fn journal(docs: &Docs) {
    if let Some(local) = local() {
        let time = js_sys::Date::now().to_string();
        if local.set_item(JOURNAL_KEY, &docs.stored()).is_ok() {
            let _ = local.set_item(JOURNAL_TIME_KEY, &time);
        } else {
            let _ = local.remove_item(JOURNAL_KEY);
        }
    }
}

/// The tabs in the journal, when one was left.
fn journaled() -> Option<Docs> {
    Docs::from_stored(&local()?.get_item(JOURNAL_KEY).ok()??)
}

/// Drop the journal when it was written before `started`: a save that
/// began then and has finished holds everything in it.
fn forget_journal_before(started: f64) {
    let Some(local) = local() else { return };
    let written = local.get_item(JOURNAL_TIME_KEY).ok().flatten();
    if written
        .and_then(|t| t.parse::<f64>().ok())
        .is_some_and(|t| t <= started)
    {
        let _ = local.remove_item(JOURNAL_KEY);
        let _ = local.remove_item(JOURNAL_TIME_KEY);
    }
}

/// The documents an older visit left in local storage.
fn old_docs() -> Option<Docs> {
    Docs::from_stored(&local()?.get_item(OLD_KEY).ok()??)
}

/// A rexie error in words (its own Display says only "idb error").
fn why(e: rexie::Error) -> String {
    match e {
        rexie::Error::IdbError(e) => e.to_string(),
        e => e.to_string(),
    }
}

impl Keeper {
    /// The stored tabs, if any were stored.
    async fn read(&self) -> Result<Option<Docs>, String> {
        let db = match &*self.db.borrow() {
            Db::Open(db) => db.clone(),
            _ => return Ok(old_docs()),
        };
        let failed = |e| format!("cannot read the documents kept by the last visit: {e}");
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadOnly)
            .map_err(|e| failed(why(e)))?;
        let store = tx.store(STORE).map_err(|e| failed(why(e)))?;
        let list = store
            .get(TABS_KEY.into())
            .await
            .map_err(|e| failed(why(e)))?;
        if let Some(list) = list.and_then(|v| v.as_string()) {
            let keys: Vec<Text> = (Docs::from_stored(&list).iter())
                .flat_map(|d| d.texts().cloned().collect::<Vec<_>>())
                .collect();
            let mut kept: Vec<(String, Kept)> = Vec::new();
            for key in keys {
                if !kept.iter().any(|(k, _)| *k == *key) {
                    let text = read_text(&store, &key).await.map_err(|e| failed(why(e)))?;
                    kept.push((key.to_string(), text));
                }
            }
            // A string kept by an older visit is converted once the
            // transaction is done with: a pause for the page would end it.
            let mut texts = Vec::new();
            for (key, text) in kept {
                let text = match text {
                    Kept::Chunks(t) => Some(t),
                    Kept::Whole(js) => Some(crate::text::text_in_slices(&js).await),
                    Kept::Missing => None,
                };
                texts.push((key, text));
            }
            let text_of = |k: &str| texts.iter().find(|(key, _)| key == k)?.1.clone();
            if let Some(docs) = Docs::from_stored_by_key(&list, text_of) {
                self.remember(&docs);
                return Ok(Some(docs));
            }
            return self.read_whole_list().await;
        }
        let value = store.get(KEY.into()).await.map_err(|e| failed(why(e)))?;
        Ok(value
            .and_then(|v| v.as_string())
            .and_then(|json| Docs::from_stored(&json)))
    }

    /// The tabs as visits before texts by key kept them ([`KEY`]).
    async fn read_whole_list(&self) -> Result<Option<Docs>, String> {
        let db = match &*self.db.borrow() {
            Db::Open(db) => db.clone(),
            _ => return Ok(None),
        };
        let failed = |e| format!("cannot read the documents kept by the last visit: {e}");
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadOnly)
            .map_err(|e| failed(why(e)))?;
        let store = tx.store(STORE).map_err(|e| failed(why(e)))?;
        let value = store.get(KEY.into()).await.map_err(|e| failed(why(e)))?;
        Ok(value
            .and_then(|v| v.as_string())
            .and_then(|json| Docs::from_stored(&json)))
    }

    /// The key of `text`, remembered when the store holds it.
    fn key_of(&self, text: &Text) -> String {
        let written = self.written.borrow();
        match written.iter().find(|(t, _)| t == text) {
            Some((_, key)) => key.clone(),
            None => text_key(text),
        }
    }

    /// Note that the store holds the texts of `docs`.
    fn remember(&self, docs: &Docs) {
        let mut written = self.written.borrow_mut();
        for text in docs.texts() {
            if !written.iter().any(|(t, _)| t == text) {
                written.push((text.clone(), text_key(text)));
            }
        }
    }

    /// Move what an older visit left in local storage into IndexedDB, and
    /// forget it there once it is kept.
    async fn migrate(&self) -> (Docs, Option<String>) {
        let Some(docs) = old_docs() else {
            return (Docs::default(), None);
        };
        let kept = self.save(&docs).await;
        if let (Ok(()), Some(local)) = (&kept, local()) {
            let _ = local.remove_item(OLD_KEY);
        }
        (docs, kept.err())
    }

    /// Keep `docs` for the next visit, or say why they are not kept. Saves
    /// run one at a time (one forgets the texts the other's list does not
    /// name): a save asked for while one runs is done right after it, and
    /// only the latest of those.
    pub async fn save(&self, docs: &Docs) -> Result<(), String> {
        if self.saving.replace(true) {
            *self.next.borrow_mut() = Some(docs.clone());
            return Ok(());
        }
        let mut kept = self.save_now(docs).await;
        loop {
            let next = self.next.borrow_mut().take();
            let Some(next) = next else { break };
            kept = self.save_now(&next).await;
        }
        self.saving.set(false);
        kept
    }

    /// [`Keeper::save`], now. Each write and its commit are issued in one
    /// poll, so a save started when the page is hidden gets as far as it
    /// can (the journal holds the rest).
    async fn save_now(&self, docs: &Docs) -> Result<(), String> {
        let started = js_sys::Date::now();
        if matches!(*self.db.borrow(), Db::Unopened) {
            let db = match open(DB).await {
                Ok(db) => Db::Open(Rc::new(db)),
                Err(e) => Db::Refused(e),
            };
            *self.db.borrow_mut() = db;
        }
        let db = match &*self.db.borrow() {
            Db::Open(db) => Ok(db.clone()),
            Db::Refused(why) => Err(why.clone()),
            Db::Unopened => Err("IndexedDB is not open".to_string()),
        };
        let db = match db {
            Ok(db) => db,
            Err(reason) => {
                let stored = local().map(|l| l.set_item(OLD_KEY, &docs.stored()));
                return match stored {
                    Some(Ok(())) => {
                        forget_page_config();
                        Ok(())
                    }
                    _ => Err(not_kept(docs, &reason)),
                };
            }
        };
        let failed = |e: rexie::Error| not_kept(docs, &why(e));
        for text in docs.texts() {
            self.write_text(&db, text).await.map_err(failed)?;
        }
        let list = docs.stored_by_key(|t| self.key_of(t));
        write_list(&db, &list).await.map_err(failed)?;
        // The tabs that took the page-wide configuration are kept now.
        forget_page_config();
        forget_journal_before(started);
        self.forget_others(&db, docs).await.map_err(failed)
    }

    /// Write `text` under its key, unless the store holds it: its chunks,
    /// each put in a task of its own (the one its predecessor's success
    /// runs in), then its head, in one transaction.
    async fn write_text(&self, db: &Rexie, text: &Text) -> rexie::Result<()> {
        if self.written.borrow().iter().any(|(t, _)| t == text) {
            return Ok(());
        }
        let key = key_in_slices(text).await;
        let tx = db.transaction(&[STORE], TransactionMode::ReadWrite)?;
        let store = tx.store(STORE)?;
        let chunks = chunks(text);
        for (i, range) in chunks.iter().enumerate() {
            let bytes =
                js_sys::Uint8Array::from(text.as_bytes().get(range.clone()).unwrap_or_default());
            let k = JsValue::from_str(&chunk_key(&key, i));
            store.put(&bytes, Some(&k)).await?;
        }
        let head = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&head, &"chunks".into(), &chunks.len().into());
        let _ = js_sys::Reflect::set(&head, &"bytes".into(), &text.len().into());
        let k = JsValue::from_str(&key);
        // The last write and an explicit commit go out in the same poll:
        // Chromium drops a transaction left to commit by itself when the
        // page unloads.
        let (put, commit) = join(store.put(&head, Some(&k)), tx.commit()).await;
        put?;
        commit?;
        crate::task::mark("rscope:text-stored");
        self.written.borrow_mut().push((text.clone(), key));
        Ok(())
    }

    /// Forget the texts no tab of `docs` names, and the list as visits
    /// before kept it.
    async fn forget_others(&self, db: &Rexie, docs: &Docs) -> rexie::Result<()> {
        let named: Vec<String> = docs.texts().map(|t| self.key_of(t)).collect();
        self.written.borrow_mut().retain(|(_, k)| named.contains(k));
        let tx = db.transaction(&[STORE], TransactionMode::ReadWrite)?;
        let store = tx.store(STORE)?;
        for key in store.get_all_keys(None, None).await? {
            let name = key.as_string().unwrap_or_default();
            let text = name.split(CHUNK_MARK).next().unwrap_or_default();
            let other_text = name.starts_with(TEXT_PREFIX) && !named.iter().any(|n| n == text);
            if other_text || name == KEY {
                store.delete(key).await?;
            }
        }
        tx.commit().await
    }
}

/// Bytes of a text in one stored chunk: a few milliseconds to copy out
/// of wasm memory and for the browser to take.
const CHUNK: usize = 2 << 20;

/// What separates a text's key from a chunk's number in [`chunk_key`].
const CHUNK_MARK: char = '#';

/// The key of chunk `i` of the text kept under `key`.
fn chunk_key(key: &str, i: usize) -> String {
    format!("{key}{CHUNK_MARK}{i}")
}

/// The byte ranges of `text`'s chunks: [`CHUNK`] bytes or a little
/// fewer, each ending between characters, so that each is UTF-8 alone.
fn chunks(text: &str) -> Vec<std::ops::Range<usize>> {
    rscope_core::textview::utf8_pieces(text, CHUNK)
}

/// A text as the store holds it.
enum Kept {
    /// In chunks, read.
    Chunks(Text),
    /// As one string (visits before chunks), to convert.
    Whole(js_sys::JsString),
    /// Not there, or not whole.
    Missing,
}

/// The text kept under `key`: its chunks, read one per task (each in the
/// task its get's success runs in), or one string as visits before chunks
/// kept it.
async fn read_text(store: &rexie::Store, key: &str) -> rexie::Result<Kept> {
    let Some(head) = store.get(key.into()).await? else {
        return Ok(Kept::Missing);
    };
    if let Some(whole) = head.dyn_ref::<js_sys::JsString>() {
        return Ok(Kept::Whole(whole.clone()));
    }
    let field = |name: &str| js_sys::Reflect::get(&head, &name.into()).ok()?.as_f64();
    let (Some(count), Some(bytes)) = (field("chunks"), field("bytes")) else {
        return Ok(Kept::Missing);
    };
    let mut text = TextBuilder::with_capacity(bytes as usize);
    for i in 0..count as usize {
        let chunk = store.get(chunk_key(key, i).into()).await?;
        let Some(chunk) = chunk.and_then(|c| c.dyn_into::<js_sys::Uint8Array>().ok()) else {
            return Ok(Kept::Missing);
        };
        match String::from_utf8(chunk.to_vec()) {
            Ok(part) => text.push(&part),
            Err(_) => return Ok(Kept::Missing),
        }
    }
    Ok(match text.len() == bytes as usize {
        true => Kept::Chunks(text.finish()),
        false => Kept::Missing,
    })
}

/// Bytes of a text digested per step by [`key_in_slices`].
const DIGEST_SLICE: usize = 1 << 20;

/// `text`'s key ([`text_key`]), digested a slice at a time with a pause
/// for the page between tasks ([`crate::task::Pacer`]): for a 16 MiB text,
/// digesting at once held the page's thread for over 50 ms (issue 12).
async fn key_in_slices(text: &str) -> String {
    let mut digest = rscope_core::setops::provenance::Digest::default();
    let mut pacer = crate::task::Pacer::new();
    for part in text.as_bytes().chunks(DIGEST_SLICE) {
        digest.update(part);
        pacer.pause().await;
    }
    rscope_core::tabs::key_of_digest(&digest.finish(), text.len())
}

/// Replace the list of tabs (by key) with `json`.
async fn write_list(db: &Rexie, json: &str) -> rexie::Result<()> {
    let tx = db.transaction(&[STORE], TransactionMode::ReadWrite)?;
    let store = tx.store(STORE)?;
    let (value, key) = (JsValue::from_str(json), JsValue::from_str(TABS_KEY));
    let (put, commit) = join(store.put(&value, Some(&key)), tx.commit()).await;
    put?;
    commit
}

#[cfg(test)]
mod tests {
    use super::*;
    use rscope_core::limits::MAX_PAGE_DOCUMENT_BYTES;
    use rscope_core::tabs::{Action, Doc};
    use wasm_bindgen_test::*;

    // Pages that other tests mounted keep saving to the page's database on
    // their timers, so each check keeps its tabs in a database of its own
    // (`test_keeper`), which no other test writes.

    /// A text of two-byte characters over several chunks comes back whole:
    /// no chunk ends inside a character.
    #[wasm_bindgen_test]
    async fn keeps_characters_cut_by_no_chunk() {
        let text = format!("[{}]", "é".repeat(CHUNK));
        let ranges = chunks(&text);
        // The first chunk would end inside an é: it ends a byte early.
        assert_eq!(
            ranges.iter().map(|r| r.len()).collect::<Vec<_>>(),
            vec![CHUNK - 1, CHUNK, 3]
        );
        let docs = Docs::default().apply(Action::Open(Doc {
            source: "é.json".into(),
            text: text.as_str().into(),
            ..Doc::default()
        }));
        let keeper = test_keeper("chunks").await;
        keeper.save(&docs).await.expect("kept");
        let read = read_back("chunks").await;
        assert!(read == docs, "the stored tabs come back as saved");
    }

    /// A text that a visit before chunks kept, one string under its key,
    /// reads back.
    #[wasm_bindgen_test]
    async fn reads_a_text_kept_as_one_string() {
        let keeper = test_keeper("one-string").await;
        let db = match &*keeper.db.borrow() {
            Db::Open(db) => db.clone(),
            _ => unreachable!("the test keeper is open"),
        };
        let list = r#"{"docs":[{"source":"old.json","text":"text:old:4"}],"active":0}"#;
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadWrite)
            .unwrap();
        let store = tx.store(STORE).unwrap();
        store.clear().await.unwrap();
        for (value, key) in [("[1]\n", "text:old:4"), (list, TABS_KEY)] {
            let (value, key) = (JsValue::from_str(value), JsValue::from_str(key));
            store.put(&value, Some(&key)).await.unwrap();
        }
        tx.commit().await.unwrap();
        let read = keeper.read().await.expect("read").expect("stored");
        assert_eq!(
            (read.current().source.as_str(), &*read.current().text),
            ("old.json", "[1]\n")
        );
    }

    /// `keys`, sorted.
    fn sorted(keys: &[&str]) -> Vec<String> {
        let mut keys: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
        keys.sort();
        keys
    }

    /// The keys the test database holds, sorted.
    async fn keys(keeper: &Keeper) -> Vec<String> {
        let db = match &*keeper.db.borrow() {
            Db::Open(db) => db.clone(),
            _ => return vec![],
        };
        let tx = db.transaction(&[STORE], TransactionMode::ReadOnly).unwrap();
        let store = tx.store(STORE).unwrap();
        let mut keys: Vec<String> = store
            .get_all_keys(None, None)
            .await
            .unwrap()
            .iter()
            .filter_map(|k| k.as_string())
            .collect();
        keys.sort();
        keys
    }

    /// Two tabs of one text keep it once; an edited tab's old text, which
    /// no tab names any more, is forgotten; the list reads back as saved.
    #[wasm_bindgen_test]
    async fn keeps_each_text_once_and_forgets_texts_no_tab_names() {
        let open = |d: Docs, name: &str, text: &str| {
            d.apply(Action::Open(Doc {
                source: name.into(),
                text: text.into(),
                ..Doc::default()
            }))
        };
        let docs = open(open(Docs::default(), "a", "[1]"), "b", "[1]");
        let keeper = test_keeper("once").await;
        keeper.save(&docs).await.expect("kept");
        let [one, two, three] = ["[1]", "[2]", "[3]"].map(text_key);
        // Each text: its head, and its one chunk.
        let [one_0, two_0, three_0] = [&one, &two, &three].map(|k| chunk_key(k, 0));
        assert_eq!(keys(&keeper).await, sorted(&[TABS_KEY, &one, &one_0]));
        let edited = docs.apply(Action::Edit("[2]".into()));
        keeper.save(&edited).await.expect("kept");
        assert_eq!(
            keys(&keeper).await,
            sorted(&[TABS_KEY, &one, &one_0, &two, &two_0])
        );
        let again = edited
            .apply(Action::Select(0))
            .apply(Action::Edit("[3]".into()));
        keeper.save(&again).await.expect("kept");
        assert_eq!(
            keys(&keeper).await,
            sorted(&[TABS_KEY, &two, &two_0, &three, &three_0])
        );
        let read = read_back("once").await;
        assert_eq!((read.docs, read.active), (again.docs, again.active));
    }

    /// What a fresh keeper reads of test database `name`.
    async fn read_back(name: &str) -> Docs {
        test_keeper(name)
            .await
            .read()
            .await
            .expect("read")
            .expect("stored")
    }

    /// A keeper of test database `name` (`rscope-test-NAME`), one to a test.
    async fn test_keeper(name: &str) -> Keeper {
        let db = open(&format!("rscope-test-{name}")).await.unwrap();
        Keeper {
            db: RefCell::new(Db::Open(Rc::new(db))),
            written: RefCell::default(),
            saving: Default::default(),
            next: RefCell::default(),
        }
    }

    /// A document at the page's limit is kept and read back whole, which
    /// local storage (about 5 MB) cannot do.
    #[wasm_bindgen_test]
    async fn keeps_a_document_at_the_page_limit() {
        let text = format!("[{}]", " ".repeat(MAX_PAGE_DOCUMENT_BYTES - 2));
        let docs = Docs::default().apply(Action::Open(Doc {
            source: "big.json".into(),
            text: text.into(),
            ..Doc::default()
        }));
        let keeper = test_keeper("page-limit").await;
        keeper.save(&docs).await.expect("kept");
        let read = keeper.read().await.expect("read").expect("stored");
        assert_eq!(read.current().text.len(), MAX_PAGE_DOCUMENT_BYTES);
        assert!(read == docs, "the stored tabs come back as saved");
    }

    /// What an older visit left in local storage comes over, once.
    #[wasm_bindgen_test]
    async fn moves_an_older_visits_documents_over() {
        let old = r#"{"docs":[{"source":"old.json","text":"{}"}],"active":0}"#;
        local().unwrap().set_item(OLD_KEY, old).unwrap();
        let keeper = test_keeper("older-visit").await;
        let (docs, problem) = keeper.migrate().await;
        assert_eq!(
            (docs.current().source.as_str(), problem),
            ("old.json", None)
        );
        assert_eq!(local().unwrap().get_item(OLD_KEY).unwrap(), None);
        let read = keeper.read().await.unwrap().unwrap();
        assert_eq!(read.current().source, "old.json");
    }
}
