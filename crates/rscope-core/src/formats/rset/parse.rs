//! Reading R documents: build the set the way flux-core's
//! `rlist_from_json` does, and report every departure from RFC 20 as a
//! [`Diagnostic`] pointing at the exact bytes.
//!
//! Two questions are answered at once: *does the reference accept this
//! document* (then [`Parsed::rset`] is `Some`, and operations behave as
//! `flux R` does) and *what does RFC 20 say about it* (the diagnostics).
//! They differ: flux-core reads a non-array `R_lite` as empty and ignores a
//! bad `nslots` value's sign, while the RFC calls both errors; the
//! diagnostics report those as errors even though the set is built.
//!
//! Differences from the reference, on purpose:
//! - the legacy `R_lite` `node` key names the host when there is no
//!   `nodelist` (the reference ignores it and has no host names);
//! - `attributes` (original RFC 20) is kept and written back;
//! - more than [`MAX_RANKS`] ranks are refused, with a message.

use super::error::{Error, ErrorKind};
use super::node::Node;
#[cfg(feature = "page")]
use super::plain_entry;
use super::scheduling::{GraphCheck, NoGraphCheck};
use super::set::{invalid_property_char, Rset};
use crate::diag::{pointer_push, Diagnostic, Fix, Severity};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::tree::{Array, JsonObject, Value};
use crate::json::{self, members, range, string_subrange, type_name, Member};
use crate::sorting;
use std::collections::HashMap;
use std::ops::Range;

/// The most execution targets one document may describe (about a million);
/// an `R_lite` rank idset such as `0-4294967294` is refused with a message
/// instead of allocating billions of nodes.
pub const MAX_RANKS: u64 = 1 << 20;

/// The most diagnostics kept for one document; the rest are counted in a
/// final note so a pathological input cannot flood the page.
pub const MAX_DIAGNOSTICS: usize = 1000;

/// The result of reading one R document.
#[derive(Debug, Clone)]
pub struct Parsed {
    /// The set, when flux-core would accept the document.
    pub rset: Option<Rset>,
    /// Every finding, in document order.
    pub diagnostics: Vec<Diagnostic>,
    /// The first finding flux-core also refuses (why `rset` is `None`).
    pub rejection: Option<Diagnostic>,
    /// When flux-core refuses the document: the nodes read before the
    /// refusal (none when there are none), for views marked partial.
    pub partial: Option<Rset>,
    /// Where each `R_lite` entry is in the text and what it holds, so an
    /// editor can link text to resources.
    pub entries: Vec<Entry>,
}

/// One `R_lite` entry as written: its place in the text, its ranks and its
/// children (only the child types whose id sets parse).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Entry {
    /// The byte span of the entry object.
    pub span: Range<usize>,
    /// The ranks it names.
    pub ranks: IdSet,
    /// Child type name and ids, in the entry's order.
    pub children: Vec<(String, IdSet)>,
}

impl Entry {
    /// Whether this entry gives `rank` the child `kind` `id`.
    pub fn holds(&self, rank: u32, kind: &str, id: u32) -> bool {
        self.ranks.contains(rank)
            && self
                .children
                .iter()
                .any(|(n, ids)| n == kind && ids.contains(id))
    }
}

impl Parsed {
    /// The reading of a text that is not JSON: refused, with why.
    pub fn not_json(d: Diagnostic) -> Parsed {
        Parsed {
            rset: None,
            diagnostics: vec![d.clone()],
            rejection: Some(d),
            entries: Vec::new(),
            partial: None,
        }
    }

    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }
}

/// What a text turned out to be.
#[derive(Debug, Clone)]
pub enum Document {
    /// One R document.
    R(Box<Parsed>),
    /// A status document, `{"all": R, "down": R, "allocated": R}`: named sets,
    /// `None` where the value is `null` or not an R the reference accepts.
    Status {
        /// The named sets, in document order.
        sets: Vec<(String, Option<Rset>)>,
        /// Findings over the whole text.
        diagnostics: Vec<Diagnostic>,
        /// The `R_lite` entries of the `all` set.
        entries: Vec<Entry>,
    },
}

impl Document {
    /// All findings.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        match self {
            Document::R(p) => &p.diagnostics,
            Document::Status { diagnostics, .. } => diagnostics,
        }
    }

    /// The `R_lite` entries of the set a page draws (`all` for a status
    /// document).
    pub fn entries(&self) -> &[Entry] {
        match self {
            Document::R(p) => &p.entries,
            Document::Status { entries, .. } => entries,
        }
    }
}

/// Read one R document from JSON text. The `scheduling` value is checked
/// only as RFC 20 sees it (an object); see [`parse_checking`].
pub fn parse(text: &str) -> Parsed {
    parse_with(text, json::parse, &mut NoGraphCheck)
}

/// [`parse`], handing the `scheduling` value to `graphs` for its findings.
pub fn parse_checking(text: &str, graphs: &mut dyn GraphCheck) -> Parsed {
    parse_with(text, json::parse, graphs)
}

type JsonParser = for<'a> fn(&'a str) -> Result<Value<'a>, Box<Diagnostic>>;

fn parse_with(text: &str, json_parse: JsonParser, graphs: &mut dyn GraphCheck) -> Parsed {
    match json_parse(text) {
        Ok(v) => parse_value(text, &v, graphs),
        Err(d) => Parsed::not_json(*d),
    }
}

/// The set alone, for callers that want no editor links: [`parse_with`]
/// without recording `entries`, which would copy every id set once more.
fn read_set(text: &str, json_parse: JsonParser) -> Result<Rset, Error> {
    match json_parse(text) {
        Ok(v) => set_of(text, &v),
        Err(d) => into_result(Parsed::not_json(*d)),
    }
}

/// [`read_set`] of a JSON tree already read from `text`. Repeated keys
/// are not looked for: they are only ever a warning, and this caller keeps
/// nothing but the set and the first finding the reference refuses.
fn set_of(text: &str, v: &Value<'_>) -> Result<Rset, Error> {
    let mut graphs = NoGraphCheck;
    let mut cx = Cx::new(text, &mut graphs);
    cx.keep_entries = false;
    let rset = cx.r(v, "");
    into_result(cx.finish(rset))
}

/// [`parse_checking`] of a JSON tree already read from `text`.
pub fn parse_value(text: &str, v: &Value<'_>, graphs: &mut dyn GraphCheck) -> Parsed {
    parse_value_keeping(text, v, graphs, true)
}

/// [`parse_value`], copying the `scheduling` text into the set or not.
fn parse_value_keeping(
    text: &str,
    v: &Value<'_>,
    graphs: &mut dyn GraphCheck,
    keep_scheduling: bool,
) -> Parsed {
    let mut cx = Cx::for_document(text, v, graphs, keep_scheduling);
    let rset = cx.r(v, "");
    cx.finish(rset)
}

/// Read a text that is either one R document or a status document of named
/// R documents (`flux resource list --from-stdin` input).
pub fn parse_r(text: &str) -> Document {
    match json::parse(text) {
        Ok(v) => parse_r_value(text, &v, &mut NoGraphCheck),
        Err(d) => Document::R(Box::new(Parsed::not_json(*d))),
    }
}

/// [`parse_r`] of a JSON tree already read from `text`, handing each
/// `scheduling` value to `graphs`.
pub fn parse_r_value(text: &str, v: &Value<'_>, graphs: &mut dyn GraphCheck) -> Document {
    document_value(text, v, graphs, true)
}

/// [`parse_r_value`] for its findings: the sets it returns hold no
/// `scheduling` text. That text is checked all the same, and not copied:
/// in a large R it is most of the document (issue 17's memory budget).
pub fn check_document_value(text: &str, v: &Value<'_>, graphs: &mut dyn GraphCheck) -> Document {
    document_value(text, v, graphs, false)
}

/// An R or a status document, its sets keeping their `scheduling` text
/// or not.
fn document_value(
    text: &str,
    v: &Value<'_>,
    graphs: &mut dyn GraphCheck,
    keep_scheduling: bool,
) -> Document {
    match v.as_object() {
        Some(obj) if is_status(obj) => parse_status(text, v, obj, graphs, keep_scheduling),
        _ => Document::R(Box::new(parse_value_keeping(
            text,
            v,
            graphs,
            keep_scheduling,
        ))),
    }
}

/// Read a status document: each member is an R or `null`.
fn parse_status(
    text: &str,
    v: &Value<'_>,
    obj: &JsonObject<'_>,
    graphs: &mut dyn GraphCheck,
    keep_scheduling: bool,
) -> Document {
    let mut cx = Cx::for_document(text, v, graphs, keep_scheduling);
    let (ms, _) = members(obj);
    let mut sets = Vec::new();
    let mut entries = Vec::new();
    for m in ms {
        let p = pointer_push("", m.name);
        let set = match m.value {
            Value::NullKeyword(_) => None,
            value => {
                let before = cx.fatal;
                cx.fatal = false;
                let s = cx.r(value, &p);
                let ok = !cx.fatal;
                cx.fatal = before;
                s.filter(|_| ok)
            }
        };
        // The page draws the `all` set; its entries are the ones to
        // link. (`members` keeps only the last of repeated keys.)
        if m.name == "all" {
            entries = std::mem::take(&mut cx.entries);
        }
        cx.entries.clear();
        sets.push((m.name.to_string(), set));
    }
    let parsed = cx.finish(None);
    Document::Status {
        sets,
        diagnostics: parsed.diagnostics,
        entries,
    }
}

/// A status document: an object with no R keys whose members are all
/// objects or null.
fn is_status(obj: &JsonObject<'_>) -> bool {
    !obj.properties.is_empty()
        && obj.properties.iter().all(|p| {
            !matches!(p.name.as_str(), "version" | "execution" | "scheduling")
                && matches!(p.value, Value::Object(_) | Value::NullKeyword(_))
        })
}

/// Read an R document the way `rlist_from_json` does, failing where it
/// fails; the error carries the span of the first fatal finding.
pub fn load(text: &str) -> Result<Rset, Error> {
    read_set(text, json::parse)
}

/// [`load`] without copying the `scheduling` text into the set (it is
/// still checked, and [`Rset::has_scheduling`] says it was there): for
/// callers that need only the resources, as fit does, since in a large R
/// the graph is most of the document.
pub fn load_resources(text: &str) -> Result<Rset, Error> {
    match json::parse(text) {
        Ok(v) => {
            let mut graphs = NoGraphCheck;
            let mut cx = Cx::new(text, &mut graphs);
            cx.keep_entries = false;
            cx.keep_scheduling = false;
            let rset = cx.r(&v, "");
            into_result(cx.finish(rset))
        }
        Err(d) => into_result(Parsed::not_json(*d)),
    }
}

/// Read concatenated R documents as `flux R` reads standard input: every
/// document up to the first text that is not JSON (which ends the stream
/// silently, as jansson's loop does); at least one is required. Error spans
/// are offsets into `text`.
pub fn load_stream(text: &str) -> Result<Vec<Rset>, Error> {
    if let Some(sets) = load_plain_stream(text) {
        return sets;
    }
    let (docs, err) = json::split_stream(text);
    if docs.is_empty() {
        let d = err.unwrap_or_else(|| Diagnostic::error("no R object in the input", 0..0, ""));
        return Err(Error::new(ErrorKind::Json, d.message).at(d.span));
    }
    docs.into_iter()
        .map(|r| read_set(&text[r.clone()], json::parse_checked).map_err(|e| shifted(e, r.start)))
        .collect()
}

/// [`load_stream`] in one pass per document, for the usual stream whose
/// documents are all plain objects; `None` sends anything else (a stop in
/// the middle, a document the careful reader must word) the two-pass way,
/// which gives the same sets and the reference's stops and messages.
fn load_plain_stream(text: &str) -> Option<Result<Vec<Rset>, Error>> {
    if text.len() > crate::limits::MAX_DOCUMENT_BYTES {
        return None;
    }
    let mut out = Vec::new();
    let mut at = text.len() - text.trim_start_matches([' ', '\t', '\n', '\r']).len();
    while at < text.len() {
        let (v, len) = json::tree::read_leading(&text[at..])?;
        let doc = &text[at..at + len];
        match set_of(doc, &v) {
            Ok(r) => out.push(r),
            Err(e) => return Some(Err(shifted(e, at))),
        }
        let rest = &text[at + len..];
        at = text.len() - rest.trim_start_matches([' ', '\t', '\n', '\r']).len();
    }
    (!out.is_empty()).then_some(Ok(out))
}

/// An error of a document that starts at `start` in its stream.
fn shifted(e: Error, start: usize) -> Error {
    let span = e.span().unwrap_or(0..0);
    let (kind, msg) = (e.kind(), e.message().to_string());
    Error::new(kind, msg).at(span.start + start..span.end + start)
}

fn into_result(p: Parsed) -> Result<Rset, Error> {
    match p.rset {
        Some(r) => Ok(r),
        None => {
            let first = p
                .rejection
                .unwrap_or_else(|| Diagnostic::error("invalid R", 0..0, ""));
            let kind = if first.message.starts_with("not JSON") {
                ErrorKind::Json
            } else {
                ErrorKind::Invalid
            };
            Err(Error::new(kind, first.message).at(first.span))
        }
    }
}

impl std::str::FromStr for Rset {
    type Err = Error;

    fn from_str(s: &str) -> Result<Rset, Error> {
        load(s)
    }
}

impl std::fmt::Display for Rset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.encode())
    }
}

/// One child type of an `R_lite` entry as read: its name, its ids, and the
/// span of the id set (where merge and overlap findings point).
type EntryChild<'v> = (&'v str, IdSet, Range<usize>);

/// One step of a JSON pointer, kept unformatted until a finding needs it.
enum PathToken<'a> {
    Key(&'a str),
    Index(usize),
}

/// The JSON pointer `base` followed by `path`.
fn pointer_of(base: &str, path: &[PathToken<'_>]) -> String {
    path.iter().fold(base.to_string(), |p, t| match t {
        PathToken::Key(k) => pointer_push(&p, k),
        PathToken::Index(i) => pointer_push(&p, &i.to_string()),
    })
}

/// The parsing context: source text, findings, and whether the reference
/// would already have given up.
struct Cx<'t, 'g> {
    text: &'t str,
    graphs: &'g mut dyn GraphCheck,
    diags: Vec<Diagnostic>,
    dropped: usize,
    fatal: bool,
    /// Fatal findings so far, and how many of them are `R_lite` entries
    /// with no rank (read on, for the partial view, when they are all).
    fatals: u32,
    rankless: u32,
    /// The rank the next entry with no rank takes in the partial view.
    next_rankless: Option<u32>,
    rejection: Option<Diagnostic>,
    entries: Vec<Entry>,
    /// Whether to record `entries` (only an editor needs them).
    keep_entries: bool,
    /// Whether sets keep a copy of their `scheduling` text (findings alone
    /// need none).
    keep_scheduling: bool,
    /// Room the plain `R_lite` entry reader reuses for id sets.
    #[cfg(feature = "page")]
    scratch: Vec<(u32, u32)>,
}

impl<'t, 'g> Cx<'t, 'g> {
    fn new(text: &'t str, graphs: &'g mut dyn GraphCheck) -> Self {
        Cx {
            text,
            graphs,
            diags: Vec::new(),
            dropped: 0,
            fatal: false,
            fatals: 0,
            rankless: 0,
            next_rankless: None,
            rejection: None,
            entries: Vec::new(),
            keep_entries: true,
            keep_scheduling: true,
            #[cfg(feature = "page")]
            scratch: Vec::new(),
        }
    }

    /// The context for the document `v` read from `text`, with its
    /// repeated keys already found.
    fn for_document(
        text: &'t str,
        v: &Value<'_>,
        graphs: &'g mut dyn GraphCheck,
        keep_scheduling: bool,
    ) -> Self {
        let mut cx = Cx::new(text, graphs);
        cx.keep_scheduling = keep_scheduling;
        cx.duplicates(v, "");
        cx
    }

    fn push(&mut self, d: Diagnostic, fatal: bool) {
        self.fatal |= fatal;
        self.fatals += u32::from(fatal);
        if fatal && self.rejection.is_none() {
            self.rejection = Some(d.clone());
        }
        if self.diags.len() < MAX_DIAGNOSTICS {
            self.diags.push(d);
        } else {
            self.dropped += 1;
        }
    }

    /// Whether the nodes read stop here: a fatal finding other than an
    /// entry with no rank, which Fluxion's `find --format=rv1` writes and
    /// the partial view numbers in order.
    fn stopped(&self) -> bool {
        self.fatals > self.rankless
    }

    /// An error the reference also refuses.
    fn fatal(&mut self, msg: impl Into<String>, span: Range<usize>, ptr: &str) {
        self.push(Diagnostic::error(msg, span, ptr), true);
    }

    /// An RFC error the reference accepts.
    fn error(&mut self, msg: impl Into<String>, span: Range<usize>, ptr: &str) {
        self.push(Diagnostic::error(msg, span, ptr), false);
    }

    fn warning(&mut self, msg: impl Into<String>, span: Range<usize>, ptr: &str) {
        self.push(Diagnostic::warning(msg, span, ptr), false);
    }

    fn note(&mut self, msg: impl Into<String>, span: Range<usize>, ptr: &str) {
        self.push(Diagnostic::note(msg, span, ptr), false);
    }

    fn finish(mut self, rset: Option<Rset>) -> Parsed {
        if self.dropped > 0 {
            let n = self.dropped;
            self.diags.push(Diagnostic::note(
                format!(
                    "{} not shown (the limit is {MAX_DIAGNOSTICS})",
                    crate::words::count(n, "more finding")
                ),
                0..0,
                "",
            ));
        }
        sorting::sort_by_key(&mut self.diags, |d| d.span.start);
        let (rset, partial) = match rset {
            Some(s) if !self.fatal => (Some(s), None),
            // Past the rank limit the nodes read are too many to draw.
            Some(s) if !s.is_empty() && s.len() as u64 <= MAX_RANKS => (None, Some(s)),
            _ => (None, None),
        };
        Parsed {
            rset,
            partial,
            diagnostics: self.diags,
            rejection: self.rejection,
            entries: self.entries,
        }
    }

    /// Warn about repeated keys anywhere in the tree (outside `scheduling`,
    /// which is the scheduler's business).
    fn duplicates(&mut self, v: &Value<'_>, ptr: &str) {
        let mut path = Vec::new();
        self.duplicates_at(v, ptr, &mut path);
    }

    /// The walk behind [`Cx::duplicates`]: `path` holds the tokens below
    /// `base`, and a pointer string is only built for a finding, since a
    /// large R has hundreds of thousands of values and almost never a
    /// repeated key.
    fn duplicates_at<'v>(&mut self, v: &'v Value<'_>, base: &str, path: &mut Vec<PathToken<'v>>) {
        match v {
            Value::Object(o) => {
                let repeated = if o.properties.len() <= json::FEW_KEYS {
                    o.properties.iter().enumerate().any(|(i, p)| {
                        o.properties[..i]
                            .iter()
                            .any(|q| q.name.as_str() == p.name.as_str())
                    })
                } else {
                    true // members() finds out, with a hash map
                };
                let top = base.is_empty() && path.is_empty();
                let here = if repeated {
                    pointer_of(base, path)
                } else {
                    String::new()
                };
                let mut visit = |cx: &mut Self, name: &'v str, value: &'v Value<'_>| {
                    if !(top && name == "scheduling")
                        && matches!(value, Value::Object(_) | Value::Array(_))
                    {
                        path.push(PathToken::Key(name));
                        cx.duplicates_at(value, base, path);
                        path.pop();
                    }
                };
                if repeated {
                    // Only the values that count (the last of each key).
                    let (ms, dups) = members(o);
                    for (name, r) in dups {
                        let ptr = pointer_push(&here, &name);
                        self.warning(
                            format!("duplicate key '{name}'; the last value is used"),
                            r,
                            &ptr,
                        );
                    }
                    for m in ms {
                        visit(self, m.name, m.value);
                    }
                } else {
                    for p in &o.properties {
                        visit(self, p.name.as_str(), &p.value);
                    }
                }
            }
            Value::Array(a) => {
                for (i, x) in a.elements.iter().enumerate() {
                    if matches!(x, Value::Object(_) | Value::Array(_)) {
                        path.push(PathToken::Index(i));
                        self.duplicates_at(x, base, path);
                        path.pop();
                    }
                }
                if !a.deferred.is_empty() {
                    self.deferred_duplicates(a, &pointer_of(base, path));
                }
            }
            _ => {}
        }
    }

    /// The walk over a graph's unbuilt `nodes` or `edges` (a status
    /// document's member graphs, a bare graph), one element at a time.
    fn deferred_duplicates(&mut self, a: &Array<'_>, here: &str) {
        let text = self.text;
        for (i, x) in a.items(text).enumerate() {
            if matches!(*x, Value::Object(_) | Value::Array(_)) {
                // The element's pointer is only written for a finding.
                self.duplicates_at(&x, here, &mut vec![PathToken::Index(i)]);
            }
        }
    }

    /// An RFC 22 id set in a string literal, read as today's librlist reads
    /// it (`idset_decode()`, strict): fatal where that decoder fails. When
    /// the string is one flux-core's older, permissive decoder took (an old
    /// scheduler wrote `0,0-1,1-2,2-95`), the error carries the canonical
    /// spelling as a fix. Empty elements, which the decoder skips, are a
    /// warning with the same fix.
    fn idset(
        &mut self,
        v: &Value<'_>,
        what: &dyn std::fmt::Display,
        ptr: &dyn Fn() -> String,
    ) -> Option<IdSet> {
        let Value::StringLit(s) = v else {
            self.fatal(
                format!("{what} must be an id set string, not {}", type_name(v)),
                range(v),
                &ptr(),
            );
            return None;
        };
        let lit = range(v);
        let fix = |repair: String| Fix {
            span: lit.clone(),
            replacement: format!("\"{repair}\""),
            message: "write the id set canonically".into(),
        };
        // A canonical id set (the common case, thousands per document) is
        // read once, strictly; only one the strict reader refuses is read
        // again as the decoder reads it. The element's bundle (no `page`
        // feature), at its size budget, reads each with the decoder alone.
        let strict = cfg!(feature = "page")
            .then(|| IdSet::parse(&s.value).ok())
            .flatten();
        let strict_ok = strict.is_some();
        match strict.map_or_else(|| IdSet::decode(&s.value), Ok) {
            Err(e) => {
                let span = string_subrange(self.text, lit.clone(), &s.value, e.span());
                let mut d =
                    Diagnostic::error(format!("invalid {what}: {}", e.message()), span, ptr());
                if let Some(repair) = IdSet::parse_lenient(&s.value).ok().and_then(|l| l.repair()) {
                    d = d.with_fix(fix(repair));
                }
                self.push(d, true);
                None
            }
            Ok(set) => {
                // Once the decoder has accepted what the strict reader did
                // not, the only departure left from RFC 22 is an empty
                // element; the second pass looks for it only then.
                let v = s.value.as_ref();
                let empty_element = !strict_ok
                    && (v.contains(",,")
                        || v.trim_start_matches('[').starts_with(',')
                        || v.trim_end_matches(']').ends_with(','));
                let lenient = empty_element.then(|| IdSet::parse_lenient(v).ok());
                if let Some(l) = lenient.flatten().filter(|l| !l.problems.is_empty()) {
                    let repair = set.to_string();
                    for p in &l.problems {
                        let span = string_subrange(self.text, lit.clone(), &s.value, p.span());
                        let d = Diagnostic::warning(
                            format!("{what} is not canonical RFC 22: {}", p.message()),
                            span,
                            ptr(),
                        )
                        .with_fix(fix(repair.clone()));
                        self.push(d, false);
                    }
                }
                Some(set)
            }
        }
    }

    fn number(&mut self, m: &Member<'_, '_>, ptr: &str) -> Option<f64> {
        match m.value {
            Value::NumberLit(n) => n
                .value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .or_else(|| {
                    self.fatal(format!("'{}' is out of range", m.name), range(m.value), ptr);
                    None
                }),
            v => {
                self.fatal(
                    format!("'{}' must be a number, not {}", m.name, type_name(v)),
                    range(v),
                    ptr,
                );
                None
            }
        }
    }

    fn integer(&mut self, m: &Member<'_, '_>, ptr: &str) -> Option<i64> {
        match m.value {
            Value::NumberLit(n) if !n.value.contains(['.', 'e', 'E']) => {
                n.value.parse::<i64>().ok().or_else(|| {
                    self.fatal(format!("'{}' is out of range", m.name), range(m.value), ptr);
                    None
                })
            }
            v => {
                self.fatal(
                    format!("'{}' must be an integer, not {}", m.name, describe(v)),
                    range(v),
                    ptr,
                );
                None
            }
        }
    }

    /// One R document at `ptr`.
    fn r(&mut self, v: &Value<'_>, ptr: &str) -> Option<Rset> {
        let Value::Object(top) = v else {
            self.fatal(
                format!("R must be a JSON object, not {}", type_name(v)),
                range(v),
                ptr,
            );
            return None;
        };
        let open = range(v).start..range(v).start + 1;
        let (ms, _) = members(top);
        let get = |name: &str| ms.iter().find(|m| m.name == name);
        let mut rl = Rset::new();

        match get("version") {
            None => self.fatal("missing key 'version'", open.clone(), ptr),
            Some(m) => {
                let p = pointer_push(ptr, "version");
                if let Some(n) = self.integer(m, &p) {
                    if n != 1 {
                        self.fatal(format!("unsupported version {n}"), range(m.value), &p);
                    }
                }
            }
        }
        if let Some(m) = get("scheduling") {
            let p = pointer_push(ptr, "scheduling");
            let r = range(m.value);
            if self.keep_scheduling {
                rl.scheduling = Some(self.text[r].to_string());
            } else {
                rl.scheduling_unkept = true;
            }
            for d in super::scheduling::check(self.text, m.value, &p, &mut *self.graphs) {
                self.push(d, false);
            }
        }
        if let Some(m) = get("attributes") {
            let r = range(m.value);
            if !matches!(m.value, Value::Object(_)) {
                self.warning(
                    format!(
                        "'attributes' should be an object, not {}",
                        type_name(m.value)
                    ),
                    r.clone(),
                    &pointer_push(ptr, "attributes"),
                );
            }
            rl.attributes = Some(self.text[r].to_string());
        }
        self.unknown_keys(
            &ms,
            &["version", "execution", "scheduling", "attributes"],
            &|| ptr.to_string(),
        );
        match get("execution") {
            None if get("scheduling").is_some() => self.fatal(
                "missing key 'execution' (flux-core requires it even when 'scheduling' is present)",
                open,
                ptr,
            ),
            None => self.fatal(
                "missing key 'execution': R needs 'execution' or 'scheduling'",
                open,
                ptr,
            ),
            Some(m) => {
                let p = pointer_push(ptr, "execution");
                match m.value {
                    Value::Object(ex) => self.execution(ex, range(m.value), &p, &mut rl),
                    v => self.fatal(
                        format!("'execution' must be an object, not {}", type_name(v)),
                        range(v),
                        &p,
                    ),
                }
            }
        }
        Some(rl)
    }

    /// The `execution` object: scalars first (the reference unpacks them
    /// before reading `R_lite`), then `R_lite`, `nodelist` and `properties`.
    fn execution(&mut self, ex: &JsonObject<'_>, whole: Range<usize>, ptr: &str, rl: &mut Rset) {
        let open = whole.start..whole.start + 1;
        let (ms, _) = members(ex);
        let get = |name: &str| ms.iter().find(|m| m.name == name);
        self.unknown_keys(
            &ms,
            &[
                "R_lite",
                "nodelist",
                "properties",
                "starttime",
                "expiration",
                "nslots",
            ],
            &|| ptr.to_string(),
        );
        self.execution_times(get("starttime"), get("expiration"), ptr, rl);
        if let Some(m) = get("nslots") {
            let p = pointer_push(ptr, "nslots");
            if let Some(n) = self.integer(m, &p) {
                if n <= 0 {
                    self.error("'nslots' must be greater than 0", range(m.value), &p);
                } else {
                    rl.nslots = n;
                }
            }
        }

        let mut legacy_hosts: HashMap<u32, String> = HashMap::new();
        let mut all_legacy = true;
        match get("R_lite") {
            None => self.fatal("missing key 'R_lite'", open.clone(), ptr),
            Some(m) => {
                let p = pointer_push(ptr, "R_lite");
                if !self.r_lite(m.value, &p, rl, &mut legacy_hosts, &mut all_legacy) {
                    return;
                }
            }
        }

        match get("nodelist") {
            None => self.missing_nodelist(open, ptr, rl, &legacy_hosts, all_legacy),
            Some(m) => self.nodelist(m, &pointer_push(ptr, "nodelist"), rl),
        }

        if let Some(m) = get("properties") {
            self.properties(m, &pointer_push(ptr, "properties"), rl);
        }
    }

    /// `starttime` and `expiration`: negative is unset, and a set
    /// expiration must come after a set start.
    fn execution_times(
        &mut self,
        starttime: Option<&Member<'_, '_>>,
        expiration: Option<&Member<'_, '_>>,
        ptr: &str,
        rl: &mut Rset,
    ) {
        let mut times = [0.0f64; 2];
        for (i, (key, member)) in [("starttime", starttime), ("expiration", expiration)]
            .into_iter()
            .enumerate()
        {
            if let Some(m) = member {
                let p = pointer_push(ptr, key);
                if let Some(x) = self.number(m, &p) {
                    if x < 0.0 {
                        self.warning(
                            format!("negative '{key}' is treated as unset"),
                            range(m.value),
                            &p,
                        );
                    }
                    times[i] = x;
                }
            }
        }
        if times[0] > 0.0 && times[1] > 0.0 && times[1] <= times[0] {
            if let Some(m) = expiration {
                self.error(
                    "'expiration' must be greater than 'starttime'",
                    range(m.value),
                    &pointer_push(ptr, "expiration"),
                );
            }
        }
        rl.starttime = times[0].max(0.0);
        rl.expiration = times[1].max(0.0);
    }

    /// The `R_lite` array, entry by entry. False when reading stopped at
    /// the rank limit, where the rest of `execution` is not read either.
    fn r_lite(
        &mut self,
        v: &Value<'_>,
        ptr: &str,
        rl: &mut Rset,
        legacy_hosts: &mut HashMap<u32, String>,
        all_legacy: &mut bool,
    ) -> bool {
        match v {
            Value::Array(a) => {
                // One rank per entry is the common (and largest) case.
                rl.reserve(a.len().min(MAX_RANKS as usize));
                for (i, e) in a.elements.iter().enumerate() {
                    let ep = || pointer_push(ptr, &i.to_string());
                    self.r_lite_entry(e, &ep, rl, legacy_hosts, all_legacy);
                    if self.fatal && rl.len() as u64 > MAX_RANKS {
                        return false;
                    }
                }
                // Entries left unbuilt (only the page's and the CLI's builds
                // defer them; an array has either kind, never both).
                #[cfg(feature = "page")]
                for (i, r) in a.deferred.iter().enumerate() {
                    let ep = || pointer_push(ptr, &i.to_string());
                    self.unbuilt_entry(r.start..r.end, &ep, rl, legacy_hosts, all_legacy);
                    if self.fatal && rl.len() as u64 > MAX_RANKS {
                        return false;
                    }
                }
            }
            v => self.error(
                format!(
                    "'R_lite' must be an array, not {} (flux-core reads it as empty)",
                    type_name(v)
                ),
                range(v),
                ptr,
            ),
        }
        true
    }

    /// No `nodelist`: the legacy `node` keys name the hosts when every
    /// entry has one and they name each rank once.
    fn missing_nodelist(
        &mut self,
        open: Range<usize>,
        ptr: &str,
        rl: &mut Rset,
        legacy_hosts: &HashMap<u32, String>,
        all_legacy: bool,
    ) {
        if !rl.is_empty() && all_legacy && legacy_hosts.len() == rl.len() {
            let ranks: Vec<u32> = rl.nodes().map(Node::rank).collect();
            for r in ranks {
                if let (Some(n), Some(h)) = (rl.node_mut(r), legacy_hosts.get(&r)) {
                    n.hostname = Some(h.clone());
                }
            }
            self.warning(
                "missing key 'nodelist'; host names are taken from the legacy 'node' keys",
                open,
                ptr,
            );
        } else {
            self.warning("missing key 'nodelist'", open, ptr);
        }
    }

    /// One `R_lite` entry. Its keys are read in the order the reference
    /// reads them (`rank`, `children`, then the legacy `node`), so findings
    /// come out in that order; then the entry is recorded for the editor and
    /// its ranks become nodes.
    fn r_lite_entry(
        &mut self,
        e: &Value<'_>,
        ptr: &dyn Fn() -> String,
        rl: &mut Rset,
        legacy_hosts: &mut HashMap<u32, String>,
        all_legacy: &mut bool,
    ) {
        let Value::Object(obj) = e else {
            self.fatal(
                format!("R_lite entry must be an object, not {}", type_name(e)),
                range(e),
                &ptr(),
            );
            return;
        };
        let open = range(e).start..range(e).start + 1;
        let (ms, _) = members(obj);
        let get = |name: &str| ms.iter().find(|m| m.name == name);
        self.unknown_keys(&ms, &["rank", "children", "node"], ptr);
        let rank = get("rank");
        let ranks = match rank {
            None => self.rankless_entry(open.clone(), rl, ptr),
            Some(m) => self.idset(m.value, &"rank", &|| pointer_push(&ptr(), "rank")),
        };
        let mut children = match get("children") {
            None => {
                self.fatal("missing key 'children'", open, &ptr());
                Vec::new()
            }
            Some(m) => self.entry_children(m.value, &|| pointer_push(&ptr(), "children")),
        };
        let host = self.legacy_node(get("node"), ptr, all_legacy);
        let Some(ranks) = ranks else { return };
        self.record_entry(range(e), &ranks, &children);
        let rank_span = range(rank.map(|m| m.value).unwrap_or(e));
        if !self.entry_ranks_fit(&ranks, rank_span, rl, ptr) || self.stopped() {
            return;
        }
        self.add_entry_nodes(
            &ranks,
            &mut children,
            host.as_deref(),
            rl,
            legacy_hosts,
            ptr,
        );
    }

    #[cfg(feature = "page")]
    /// An entry the JSON reader left unbuilt, at `span`: read from its
    /// bytes when it is plain ([`plain_entry`]), which is what
    /// [`Cx::r_lite_entry`] would make of it without a finding; otherwise
    /// built and read by that.
    fn unbuilt_entry(
        &mut self,
        span: Range<usize>,
        ptr: &dyn Fn() -> String,
        rl: &mut Rset,
        legacy_hosts: &mut HashMap<u32, String>,
        all_legacy: &mut bool,
    ) {
        let Some(plain) = plain_entry::read(self.text, span.clone(), &mut self.scratch) else {
            let at = json::tree::ByteRange {
                start: span.start,
                end: span.end,
            };
            let e = json::tree::read_range(self.text, at);
            return self.r_lite_entry(&e, ptr, rl, legacy_hosts, all_legacy);
        };
        let mut children = plain.children;
        *all_legacy = false;
        self.record_entry(span, &plain.ranks, &children);
        if !self.entry_ranks_fit(&plain.ranks, plain.rank_span, rl, ptr) || self.stopped() {
            return;
        }
        self.add_entry_nodes(&plain.ranks, &mut children, None, rl, legacy_hosts, ptr);
    }

    /// An entry with no `rank`: refused, as the reference refuses it; for
    /// the partial view it takes the rank after the last one read, and the
    /// first such entry says so.
    fn rankless_entry(
        &mut self,
        open: Range<usize>,
        rl: &Rset,
        ptr: &dyn Fn() -> String,
    ) -> Option<IdSet> {
        self.fatal("missing key 'rank'", open.clone(), &ptr());
        self.rankless += 1;
        if self.rankless == 1 {
            self.note(
                "Fluxion's find --format=rv1 writes entries with no rank: the partial view numbers them from the last rank read, in order",
                open,
                &ptr(),
            );
        }
        // The set's ranks are looked through once, not for every entry (a
        // find output of thousands of nodes has no rank at all).
        let next = match self.next_rankless {
            Some(n) => n,
            None => rl.ranks().last().map_or(0, |r| r + 1),
        };
        self.next_rankless = next.checked_add(1);
        Some(IdSet::from_range(next, next))
    }

    /// A note for each key not in `known`; the reference ignores them.
    fn unknown_keys(&mut self, ms: &[Member<'_, '_>], known: &[&str], ptr: &dyn Fn() -> String) {
        for m in ms {
            if !known.contains(&m.name) {
                self.note(
                    format!("unknown key '{}' is ignored", m.name),
                    m.name_range.clone(),
                    &pointer_push(&ptr(), m.name),
                );
            }
        }
    }

    /// The id sets of an entry's `children` object, each with the span of
    /// its value (where merge and overlap findings point). A child whose id
    /// set does not parse is left out.
    fn entry_children<'v>(
        &mut self,
        v: &'v Value<'_>,
        ptr: &dyn Fn() -> String,
    ) -> Vec<EntryChild<'v>> {
        let mut children = Vec::new();
        match v {
            Value::Object(c) => {
                let (cs, _) = members(c);
                for cm in cs {
                    let cp = || pointer_push(&ptr(), cm.name);
                    if !matches!(cm.name, "core" | "gpu") {
                        self.note(
                            format!(
                                "child type '{}' is not defined by RFC 20; it is kept",
                                cm.name
                            ),
                            cm.name_range.clone(),
                            &cp(),
                        );
                    }
                    let what = format_args!("'{}' id set", cm.name);
                    if let Some(ids) = self.idset(cm.value, &what, &cp) {
                        children.push((cm.name, ids, range(cm.value)));
                    }
                }
            }
            v => self.error(
                format!(
                    "'children' must be an object, not {} (flux-core reads it as no resources)",
                    type_name(v)
                ),
                range(v),
                &ptr(),
            ),
        }
        children
    }

    /// The host name of the legacy `node` key, if the entry has a string
    /// there. `all_legacy` is cleared when it has none, since legacy names
    /// stand in for a missing `nodelist` only when every entry has one.
    fn legacy_node(
        &mut self,
        node: Option<&Member<'_, '_>>,
        ptr: &dyn Fn() -> String,
        all_legacy: &mut bool,
    ) -> Option<String> {
        match node {
            Some(Member {
                value: Value::StringLit(s),
                name_range,
                ..
            }) => {
                self.note(
                    "legacy key 'node' (host name); RFC 20 uses 'nodelist'",
                    name_range.clone(),
                    &pointer_push(&ptr(), "node"),
                );
                Some(s.value.to_string())
            }
            Some(m) => {
                self.warning(
                    format!(
                        "'node' must be a host name string, not {}",
                        type_name(m.value)
                    ),
                    range(m.value),
                    &pointer_push(&ptr(), "node"),
                );
                *all_legacy = false;
                None
            }
            None => {
                *all_legacy = false;
                None
            }
        }
    }

    /// Keep the entry as written, for an editor to link text to resources.
    fn record_entry(&mut self, span: Range<usize>, ranks: &IdSet, children: &[EntryChild<'_>]) {
        if !self.keep_entries {
            return;
        }
        self.entries.push(Entry {
            span,
            ranks: ranks.clone(),
            children: children
                .iter()
                .map(|(n, ids, _)| (n.to_string(), ids.clone()))
                .collect(),
        });
    }

    /// Warn about an empty `rank`, and refuse ranks past [`MAX_RANKS`];
    /// false when they are refused.
    fn entry_ranks_fit(
        &mut self,
        ranks: &IdSet,
        rank_span: Range<usize>,
        rl: &Rset,
        ptr: &dyn Fn() -> String,
    ) -> bool {
        if ranks.is_empty() {
            self.warning("'rank' is empty", rank_span.clone(), &ptr());
        }
        if ranks.len() + rl.len() as u64 > MAX_RANKS {
            self.fatal(
                format!("more than {MAX_RANKS} ranks (Rscope's limit)"),
                rank_span,
                &pointer_push(&ptr(), "rank"),
            );
            return false;
        }
        true
    }

    /// Add one node per rank of the entry, then report merges and overlaps
    /// with earlier entries once per child type rather than once per rank.
    fn add_entry_nodes(
        &mut self,
        ranks: &IdSet,
        children: &mut [EntryChild<'_>],
        host: Option<&str>,
        rl: &mut Rset,
        legacy_hosts: &mut HashMap<u32, String>,
        ptr: &dyn Fn() -> String,
    ) {
        let mut merged: Vec<Vec<u32>> = vec![Vec::new(); children.len()];
        let room = 1 + children.iter().filter(|(n, _, _)| *n != "core").count();
        let mut overlap: Vec<Option<(u32, IdSet)>> = vec![None; children.len()];
        let last = ranks.last();
        for r in ranks.iter() {
            if let Some(h) = host {
                legacy_hosts.insert(r, h.to_string());
            }
            if let Some(have) = rl.node(r) {
                for (i, (name, ids, _)) in children.iter().enumerate() {
                    if let Some(h) = have.child(name) {
                        let common = h.intersection(ids);
                        if !common.is_empty() {
                            overlap[i].get_or_insert((r, common));
                        } else if !h.is_empty() && !ids.is_empty() {
                            merged[i].push(r);
                        }
                    }
                }
            }
            // A fresh node has only its empty `core`, and an entry names
            // each child type once (`members`), so nothing here overlaps.
            let mut n = Node::with_room(r, None, room);
            for (i, (name, ids, _)) in children.iter_mut().enumerate() {
                // The last rank takes the ids themselves (the only rank of
                // most entries of a fragmented set): they are not read
                // again.
                let added = if Some(r) == last {
                    n.add_child_owned(name, std::mem::take(ids))
                } else {
                    n.add_child(name, ids)
                };
                if let Err(o) = added {
                    overlap[i].get_or_insert((r, o.ids));
                }
            }
            if overlap.iter().any(Option::is_some) {
                break;
            }
            let _ = rl.add_node(n);
        }
        self.report_merges(children, &merged, &overlap, ptr);
    }

    /// Per child type: a fatal finding for ids an earlier entry already
    /// gave the same rank, else a warning naming the ranks whose ids merge
    /// (`merged` and `overlap` may be empty: nothing for any type).
    fn report_merges(
        &mut self,
        children: &[EntryChild<'_>],
        merged: &[Vec<u32>],
        overlap: &[Option<(u32, IdSet)>],
        ptr: &dyn Fn() -> String,
    ) {
        for (i, (name, _, span)) in children.iter().enumerate() {
            let cp = || pointer_push(&pointer_push(&ptr(), "children"), name);
            let merged = merged.get(i).map_or(&[][..], Vec::as_slice);
            if let Some(Some((r, ids))) = overlap.get(i) {
                self.fatal(
                    format!("rank {r} has {name} {ids} in an earlier R_lite entry"),
                    span.clone(),
                    &cp(),
                );
            } else if !merged.is_empty() {
                let rs = IdSet::from_ranges(merged.iter().map(|&r| (r, r)));
                let what = if rs.len() == 1 { "rank" } else { "ranks" };
                self.warning(
                    format!("{what} {rs} also {} '{name}' in an earlier R_lite entry; the ids are merged",
                        if rs.len() == 1 { "has" } else { "have" }),
                    span.clone(),
                    &cp(),
                );
            }
        }
    }

    fn nodelist(&mut self, m: &Member<'_, '_>, ptr: &str, rl: &mut Rset) {
        let mut hosts = Hostlist::new();
        let mut ok = true;
        match m.value {
            Value::Array(a) => {
                for (i, e) in a.elements.iter().enumerate() {
                    let ep = pointer_push(ptr, &i.to_string());
                    match e {
                        Value::StringLit(s) => match Hostlist::parse(&s.value) {
                            Ok(h) => hosts.append(&h),
                            Err(err) => {
                                let span =
                                    string_subrange(self.text, range(e), &s.value, err.span());
                                self.fatal(
                                    format!("invalid hostlist: {}", err.message()),
                                    span,
                                    &ep,
                                );
                                ok = false;
                            }
                        },
                        v => {
                            self.fatal(
                                format!("nodelist entry must be a string, not {}", type_name(v)),
                                range(v),
                                &ep,
                            );
                            ok = false;
                        }
                    }
                }
            }
            v => {
                // The reference iterates nothing: zero hosts.
                if rl.is_empty() {
                    self.error(
                        format!(
                            "'nodelist' must be an array of strings, not {}",
                            type_name(v)
                        ),
                        range(v),
                        ptr,
                    );
                } else {
                    self.fatal(
                        format!(
                            "'nodelist' must be an array of strings, not {}",
                            type_name(v)
                        ),
                        range(v),
                        ptr,
                    );
                }
                return;
            }
        }
        if !ok || self.stopped() {
            return;
        }
        if hosts.len() != rl.len() as u64 {
            self.fatal(
                format!(
                    "nodelist names {} {} but R_lite has {} {}",
                    hosts.len(),
                    if hosts.len() == 1 { "host" } else { "hosts" },
                    rl.len(),
                    if rl.len() == 1 { "rank" } else { "ranks" }
                ),
                range(m.value),
                ptr,
            );
            return;
        }
        let mut dups: Vec<String> = Vec::new();
        // One run (`node[0-16383]`, the usual nodelist) names every host
        // once: only a list of several runs is looked through.
        if hosts.range_count() > 1 {
            let mut seen: HashMap<String, u32> = HashMap::new();
            for h in hosts.iter() {
                match seen.entry(h) {
                    std::collections::hash_map::Entry::Occupied(mut o) => {
                        *o.get_mut() += 1;
                        if *o.get() == 2 {
                            dups.push(o.key().clone());
                        }
                    }
                    std::collections::hash_map::Entry::Vacant(v) => {
                        v.insert(1);
                    }
                }
            }
        }
        for h in dups {
            self.warning(
                format!("duplicate host '{h}' in nodelist"),
                range(m.value),
                ptr,
            );
        }
        let _ = rl.assign_hosts(&hosts);
    }

    fn properties(&mut self, m: &Member<'_, '_>, ptr: &str, rl: &mut Rset) {
        let Value::Object(obj) = m.value else {
            self.fatal(
                format!("'properties' must be an object, not {}", type_name(m.value)),
                range(m.value),
                ptr,
            );
            return;
        };
        let (ms, _) = members(obj);
        let mut valid = Vec::new();
        for pm in ms {
            let pp = pointer_push(ptr, pm.name);
            if let Some(c) = invalid_property_char(pm.name) {
                self.fatal(
                    format!("invalid character '{c}' in property \"{}\"", pm.name),
                    pm.name_range.clone(),
                    &pp,
                );
            } else if pm.name.contains('!') {
                // What flux-core accepts is never an error here: a warning
                // says that RFC 20 forbids it.
                self.warning(
                    format!(
                        "invalid character '!' in property \"{}\" (RFC 20 forbids it; flux-core accepts it)",
                        pm.name
                    ),
                    pm.name_range.clone(),
                    &pp,
                );
            }
            let what = format!("property '{}' ranks", pm.name);
            if let Some(ids) = self.idset(pm.value, &what, &|| pp.clone()) {
                valid.push((pm.name, ids, range(pm.value), pp));
            }
        }
        if self.fatal {
            return;
        }
        let have = rl.ranks();
        for (name, ids, span, pp) in valid {
            let unknown = ids.difference(&have);
            if !unknown.is_empty() {
                let what = if unknown.len() == 1 { "rank" } else { "ranks" };
                self.fatal(
                    format!("property '{name}': {what} {unknown} not found in R_lite"),
                    span,
                    &pp,
                );
                continue;
            }
            let _ = rl.add_property(name, &ids);
        }
    }
}

/// Type names that tell integers from reals.
fn describe(v: &Value<'_>) -> &'static str {
    match v {
        Value::NumberLit(_) => "a real number",
        v => type_name(v),
    }
}
