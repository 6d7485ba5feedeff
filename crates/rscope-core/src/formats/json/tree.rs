//! The JSON tree the readers walk, and the one-pass reader that builds it.
//!
//! Every node keeps its byte range; strings without escapes and numbers
//! are borrowed from the text. The reader accepts only plain RFC 8259 JSON
//! and checks it as it builds, so a valid document is read once. What it
//! does not take (not JSON, unpaired surrogate escapes, nesting deeper
//! than [`super::diagnose::MAX_JSON_DEPTH`]) it refuses without a reason;
//! [`super::diagnose`] then words one.
//!
//! Written here rather than taken from a crate because the readers need
//! the byte range of every key and value, with jansson's duplicate-key
//! rule applied later, and no span-keeping crate reads at this speed
//! without a second strictness pass.

use std::borrow::Cow;

/// A byte range in the text (start inclusive, end exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ByteRange {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A string literal: its range includes the quotes.
#[derive(Clone, Debug, PartialEq)]
pub struct StringLit<'a> {
    /// Where the literal is, quotes included.
    pub range: ByteRange,
    /// The decoded value, borrowed when the literal has no escapes.
    pub value: Cow<'a, str>,
}

impl StringLit<'_> {
    /// The decoded value.
    pub fn as_str(&self) -> &str {
        &self.value
    }
}

/// A number literal, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct NumberLit<'a> {
    /// Where the literal is.
    pub range: ByteRange,
    /// Its source text.
    pub value: &'a str,
}

/// `true` or `false`.
#[derive(Clone, Debug, PartialEq)]
pub struct BooleanLit {
    /// Where the literal is.
    pub range: ByteRange,
    /// Its value.
    pub value: bool,
}

/// `null`.
#[derive(Clone, Debug, PartialEq)]
pub struct NullKeyword {
    /// Where the literal is.
    pub range: ByteRange,
}

/// One `"name": value` member of an object, in document order.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectProp<'a> {
    /// The key literal.
    pub name: StringLit<'a>,
    /// The value.
    pub value: Value<'a>,
}

/// An object: its members in document order, repeated keys included.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonObject<'a> {
    /// From `{` to `}`.
    pub range: ByteRange,
    /// The members as written.
    pub properties: Vec<ObjectProp<'a>>,
}

/// An array.
#[derive(Clone, Debug, PartialEq)]
pub struct Array<'a> {
    /// From `[` to `]`.
    pub range: ByteRange,
    /// The elements, when they were built with the tree.
    pub elements: Vec<Value<'a>>,
    /// Where the elements are, when they were checked but left unbuilt
    /// (a graph's `nodes` and `edges`: see [`read`]); then `elements` is
    /// empty and [`Array::items`] builds them one at a time.
    pub deferred: Ranges,
}

/// The ranges of an array's deferred elements, as `u32` pairs: half of a
/// `Vec<ByteRange>`, and a large graph's `nodes` and `edges` have a million
/// elements while the document is read. Only a text shorter than 4 GiB
/// defers its arrays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranges(Vec<[u32; 2]>);

impl Ranges {
    /// How many ranges there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The ranges in order.
    pub fn iter(&self) -> impl Iterator<Item = ByteRange> + '_ {
        self.0.iter().map(|&[start, end]| ByteRange {
            start: start as usize,
            end: end as usize,
        })
    }

    fn push(&mut self, r: ByteRange) {
        let at = |b: usize| u32::try_from(b).unwrap_or(u32::MAX);
        self.0.push([at(r.start), at(r.end)]);
    }
}

impl<const N: usize> PartialEq<[ByteRange; N]> for Ranges {
    fn eq(&self, other: &[ByteRange; N]) -> bool {
        self.len() == N && self.iter().zip(other).all(|(a, b)| a == *b)
    }
}

impl<'a> Array<'a> {
    /// How many elements the array has.
    pub fn len(&self) -> usize {
        self.elements.len() + self.deferred.len()
    }

    /// Whether the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The elements in order, each built when it is reached if it was
    /// deferred, so that only one is held at a time. `text` is the text
    /// the tree was read from.
    pub fn items<'s>(&'s self, text: &'a str) -> impl Iterator<Item = Cow<'s, Value<'a>>> + 's {
        let built = self.elements.iter().map(Cow::Borrowed);
        let deferred = self
            .deferred
            .iter()
            .map(move |r| Cow::Owned(read_range(text, r)));
        built.chain(deferred)
    }
}

/// A JSON value with byte ranges.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<'a> {
    /// A string.
    StringLit(StringLit<'a>),
    /// A number.
    NumberLit(NumberLit<'a>),
    /// A boolean.
    BooleanLit(BooleanLit),
    /// An object.
    Object(JsonObject<'a>),
    /// An array.
    Array(Array<'a>),
    /// `null`.
    NullKeyword(NullKeyword),
}

impl<'a> Value<'a> {
    /// The object, if this is one.
    pub fn as_object(&self) -> Option<&JsonObject<'a>> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The number literal, if this is one.
    pub fn as_number_lit(&self) -> Option<&NumberLit<'a>> {
        match self {
            Value::NumberLit(n) => Some(n),
            _ => None,
        }
    }
}

/// Containers nested deeper than this are refused.
const MAX_FAST_DEPTH: u32 = super::diagnose::MAX_JSON_DEPTH;

/// Read `text` as exactly one JSON value, or `None` when it is not one
/// (see [`super::diagnose`] for why).
///
/// The elements of a graph's `nodes` and `edges` arrays (an array under
/// either key of an object under a `graph` key) are checked but not built:
/// a resource graph is most of a large document, and its tree would be
/// many times the text. The graph reader builds them one at a time with
/// [`Array::items`].
pub fn read(text: &str) -> Option<Value<'_>> {
    read_with(text, true, false)
}

/// [`read`], building every element (for walks that go anywhere in the
/// tree, such as what is under the caret).
pub fn read_whole(text: &str) -> Option<Value<'_>> {
    read_with(text, false, false)
}

/// [`read`], with the records of a top-level `jobs` array (`flux jobs
/// --json`'s list) checked but not built, as a graph's `nodes` are: a
/// list of 100 000 jobs would be a tree many times its text.
pub fn read_job_list(text: &str) -> Option<Value<'_>> {
    read_with(text, true, true)
}

fn read_with(text: &str, defer: bool, defer_jobs: bool) -> Option<Value<'_>> {
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        i: 0,
        depth: 0,
        defer,
        defer_r_lite: false,
        defer_jobs,
        props: Vec::new(),
        elems: Vec::new(),
    };
    r.ws();
    let v = r.value().ok()?;
    r.ws();
    (r.i == r.b.len()).then_some(v)
}

/// [`read`] of the object or array at the start of `text`, which may go
/// on after it (the next document of a stream): the value and where it
/// ends; `None` when it does not read. An R's `execution.R_lite` entries
/// are deferred as a graph's `nodes` are: the R reader of a stream
/// (`rset::load_stream`) reads them from their bytes.
pub fn read_leading(text: &str) -> Option<(Value<'_>, usize)> {
    if !matches!(text.as_bytes().first(), Some(b'{' | b'[')) {
        return None;
    }
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        i: 0,
        depth: 0,
        defer: true,
        // The element's bundle (no `page` feature) is at its size budget
        // and reads small documents: it builds every entry.
        defer_r_lite: cfg!(feature = "page"),
        defer_jobs: false,
        props: Vec::new(),
        elems: Vec::new(),
    };
    let v = r.value().ok()?;
    Some((v, r.i))
}

/// The range of the plain JSON object or array that starts at `at` (after
/// white space), checked as [`read`] checks it but not built; `None` when
/// it does not read. Streams of documents are split with it.
pub fn container_at(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let mut r = Reader {
        text,
        b: text.as_bytes(),
        i: at,
        depth: 0,
        defer: false,
        defer_r_lite: false,
        defer_jobs: false,
        props: Vec::new(),
        elems: Vec::new(),
    };
    r.ws();
    let start = r.i;
    if !matches!(r.b.get(start), Some(b'{' | b'[')) {
        return None;
    }
    r.skip().ok()?;
    Some(start..r.i)
}

/// The deferred element at `r`, which [`read`] checked. Should it not
/// read (it cannot: the same checks passed), it stands as `null` there and
/// the graph reader reports it.
pub(crate) fn read_range(text: &str, r: ByteRange) -> Value<'_> {
    let mut reader = Reader {
        text,
        b: &text.as_bytes()[..r.end],
        i: r.start,
        depth: 0,
        defer: false,
        defer_r_lite: false,
        defer_jobs: false,
        props: Vec::new(),
        elems: Vec::new(),
    };
    match reader.value() {
        Ok(v) if reader.i == r.end => v,
        _ => Value::NullKeyword(NullKeyword { range: r }),
    }
}

/// Where the run of plain string bytes from `i` ends: the index of the
/// first quote, backslash or control byte, or the end of `b`. Eight bytes
/// are looked at a time: an R's text is mostly id set strings, and a byte
/// at a time was most of the reader's work on them.
pub(crate) fn plain_run(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Whether some byte of `x` is below `n` (for `n` up to 0x80; bytes of
    // 0x80 and above are never flagged): exact for the word as a whole,
    // though not for which byte.
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS != 0;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(chunk);
        let w = u64::from_le_bytes(bytes);
        let quote = w ^ (ONES * u64::from(b'"'));
        let backslash = w ^ (ONES * u64::from(b'\\'));
        if below(quote, 1) || below(backslash, 1) || below(w, 0x20) {
            break;
        }
        i += 8;
    }
    // The byte that ends the run, within the last eight.
    while let Some(&c) = b.get(i) {
        if c == b'"' || c == b'\\' || c < 0x20 {
            break;
        }
        i += 1;
    }
    i
}

/// Not taken by the fast reader: [`super::diagnose`] will say why.
struct Refused;

type Step<T> = Result<T, Refused>;

/// The key whose object holds the member being read, where it decides
/// whether an array is deferred.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Under {
    /// `graph` (and deferring is on): its `nodes` and `edges` are deferred.
    Graph,
    /// A top-level `execution` (and deferring `R_lite` is on).
    Execution,
    /// Anything else.
    Other,
}

/// Whether the array that is the value of `key` in an object under
/// `under` is deferred.
fn defers(under: Under, key: Option<&str>) -> bool {
    match under {
        Under::Graph => matches!(key, Some("nodes" | "edges")),
        Under::Execution => key == Some("R_lite"),
        Under::Other => false,
    }
}

struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    depth: u32,
    /// Whether graph `nodes` and `edges` elements are left unbuilt.
    defer: bool,
    /// Whether the elements of an R's `execution.R_lite` are left unbuilt
    /// too ([`read_leading`]: the R reader reads the usual entry from its
    /// bytes, and builds only an entry it must word a finding about).
    defer_r_lite: bool,
    /// Whether the elements of a top-level `jobs` array (`flux jobs
    /// --json`) are left unbuilt ([`read_job_list`]).
    defer_jobs: bool,
    /// Members of the objects being read, innermost last: each object
    /// takes its own off the end when it closes, in one allocation of its
    /// exact size rather than a series of doublings.
    props: Vec<ObjectProp<'a>>,
    /// The same for the elements of the arrays being read.
    elems: Vec<Value<'a>>,
}

impl<'a> Reader<'a> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.i) {
            self.i += 1;
        }
    }

    fn range(&self, start: usize) -> ByteRange {
        ByteRange { start, end: self.i }
    }

    fn value(&mut self) -> Step<Value<'a>> {
        self.member_value(None, Under::Other)
    }

    /// A value; `key` is the member's key when it is one, and `under` the
    /// key its object is the value of, where that matters.
    fn member_value(&mut self, key: Option<&str>, under: Under) -> Step<Value<'a>> {
        match self.b.get(self.i) {
            Some(b'{') => {
                let inner = match key {
                    Some("graph") if self.defer => Under::Graph,
                    Some("execution")
                        if cfg!(feature = "page") && self.defer_r_lite && self.depth == 1 =>
                    {
                        Under::Execution
                    }
                    _ => Under::Other,
                };
                self.object(inner).map(Value::Object)
            }
            Some(b'[') if defers(under, key) && u32::try_from(self.b.len()).is_ok() => self
                .deferred_array(under == Under::Execution)
                .map(Value::Array),
            Some(b'[')
                if self.defer_jobs
                    && self.depth == 1
                    && key == Some("jobs")
                    && u32::try_from(self.b.len()).is_ok() =>
            {
                self.deferred_array(false).map(Value::Array)
            }
            Some(b'[') => self.array().map(Value::Array),
            Some(b'"') => self.string().map(Value::StringLit),
            Some(b't') => self
                .word(b"true")
                .map(|range| Value::BooleanLit(BooleanLit { range, value: true })),
            Some(b'f') => self.word(b"false").map(|range| {
                Value::BooleanLit(BooleanLit {
                    range,
                    value: false,
                })
            }),
            Some(b'n') => self
                .word(b"null")
                .map(|range| Value::NullKeyword(NullKeyword { range })),
            Some(b'-' | b'0'..=b'9') => self.number().map(Value::NumberLit),
            _ => Err(Refused),
        }
    }

    fn word(&mut self, w: &[u8]) -> Step<ByteRange> {
        let start = self.i;
        if !self.b[start..].starts_with(w) {
            return Err(Refused);
        }
        self.i += w.len();
        Ok(self.range(start))
    }

    fn enter(&mut self) -> Step<usize> {
        self.depth += 1;
        if self.depth > MAX_FAST_DEPTH {
            return Err(Refused);
        }
        let start = self.i;
        self.i += 1;
        self.ws();
        Ok(start)
    }

    /// After an element: `,` (and more follow) or the closing byte.
    fn next_or_close(&mut self, close: u8) -> Step<bool> {
        self.ws();
        match self.b.get(self.i) {
            Some(b',') => {
                self.i += 1;
                self.ws();
                Ok(true)
            }
            Some(&c) if c == close => {
                self.i += 1;
                self.depth -= 1;
                Ok(false)
            }
            _ => Err(Refused),
        }
    }

    fn object(&mut self, under: Under) -> Step<JsonObject<'a>> {
        let start = self.enter()?;
        if self.b.get(self.i) == Some(&b'}') {
            self.i += 1;
            self.depth -= 1;
            return Ok(JsonObject {
                range: self.range(start),
                properties: Vec::new(),
            });
        }
        let mark = self.props.len();
        loop {
            let name = self.key()?;
            let value = self.member_value(Some(name.as_str()), under)?;
            self.props.push(ObjectProp { name, value });
            if !self.next_or_close(b'}')? {
                return Ok(JsonObject {
                    range: self.range(start),
                    properties: self.props.drain(mark..).collect(),
                });
            }
        }
    }

    fn array(&mut self) -> Step<Array<'a>> {
        let start = self.enter()?;
        let mark = self.elems.len();
        if self.b.get(self.i) != Some(&b']') {
            loop {
                let v = self.value()?;
                self.elems.push(v);
                if !self.next_or_close(b']')? {
                    break;
                }
            }
        } else {
            self.i += 1;
            self.depth -= 1;
        }
        Ok(Array {
            range: self.range(start),
            elements: self.elems.drain(mark..).collect(),
            deferred: Ranges::default(),
        })
    }

    /// An array whose elements are checked and their ranges kept.
    /// `plain` when the elements are an R's `R_lite` entries, most of
    /// which [`Reader::plain_object`] checks in one quick pass.
    fn deferred_array(&mut self, plain: bool) -> Step<Array<'a>> {
        let start = self.enter()?;
        let mut deferred = Ranges::default();
        let plain = cfg!(feature = "page") && plain && self.depth + 2 <= MAX_FAST_DEPTH;
        if self.b.get(self.i) == Some(&b']') {
            self.i += 1;
            self.depth -= 1;
        } else {
            loop {
                let from = self.i;
                if !(plain && self.plain_object(2)) {
                    self.i = from;
                    self.skip()?;
                }
                deferred.push(self.range(from));
                if !self.next_or_close(b']')? {
                    break;
                }
            }
        }
        Ok(Array {
            range: self.range(start),
            elements: Vec::new(),
            deferred,
        })
    }

    /// Move past an object whose keys and values are strings without
    /// escapes or, `levels` allowing, such objects: the usual `R_lite`
    /// entry, checked eight bytes at a time without the general reader's
    /// work. False (the place then unspecified) for anything else, which
    /// may still be JSON.
    fn plain_object(&mut self, levels: u32) -> bool {
        let b = self.b;
        if b.get(self.i) != Some(&b'{') {
            return false;
        }
        self.i += 1;
        self.ws();
        if b.get(self.i) == Some(&b'}') {
            self.i += 1;
            return true;
        }
        loop {
            if !self.plain_string() {
                return false;
            }
            self.ws();
            if b.get(self.i) != Some(&b':') {
                return false;
            }
            self.i += 1;
            self.ws();
            let value = match b.get(self.i) {
                Some(b'"') => self.plain_string(),
                Some(b'{') if levels > 1 => self.plain_object(levels - 1),
                _ => false,
            };
            if !value {
                return false;
            }
            self.ws();
            match b.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                }
                Some(b'}') => {
                    self.i += 1;
                    return true;
                }
                _ => return false,
            }
        }
    }

    /// Move past a string literal without escapes or control bytes.
    fn plain_string(&mut self) -> bool {
        if self.b.get(self.i) != Some(&b'"') {
            return false;
        }
        self.i = plain_run(self.b, self.i + 1);
        let closed = self.b.get(self.i) == Some(&b'"');
        self.i += 1;
        closed
    }

    fn string(&mut self) -> Step<StringLit<'a>> {
        let start = self.i;
        self.i += 1;
        let body = self.i;
        self.i = plain_run(self.b, self.i);
        match self.b.get(self.i) {
            Some(b'"') => {
                self.i += 1;
                let value = Cow::Borrowed(&self.text[body..self.i - 1]);
                Ok(StringLit {
                    range: self.range(start),
                    value,
                })
            }
            Some(b'\\') => {
                let value = Cow::Owned(self.escaped(body)?);
                Ok(StringLit {
                    range: self.range(start),
                    value,
                })
            }
            // A control byte, or the end of the text.
            _ => Err(Refused),
        }
    }

    /// The rest of a string that has an escape at `self.i`.
    fn escaped(&mut self, body: usize) -> Step<String> {
        let mut out = String::from(&self.text[body..self.i]);
        let mut run = self.i;
        loop {
            match self.b.get(self.i) {
                Some(b'"') => {
                    out.push_str(&self.text[run..self.i]);
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(&self.text[run..self.i]);
                    self.i += 1;
                    out.push(self.escape()?);
                    run = self.i;
                }
                Some(&c) if c >= 0x20 => self.i += 1,
                _ => return Err(Refused),
            }
        }
    }

    /// One escape after its backslash.
    fn escape(&mut self) -> Step<char> {
        let c = *self.b.get(self.i).ok_or(Refused)?;
        self.i += 1;
        Ok(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode(),
            _ => return Err(Refused),
        })
    }

    fn hex4(&mut self) -> Step<u32> {
        let s = self.text.get(self.i..self.i + 4).ok_or(Refused)?;
        if !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Refused);
        }
        self.i += 4;
        u32::from_str_radix(s, 16).map_err(|_| Refused)
    }

    /// `\uXXXX`, a surrogate pair taken whole; an unpaired surrogate is
    /// refused.
    fn unicode(&mut self) -> Step<char> {
        let hi = self.hex4()?;
        if (0xD800..0xDC00).contains(&hi) {
            if self.b.get(self.i..self.i + 2) != Some(b"\\u") {
                return Err(Refused);
            }
            self.i += 2;
            let lo = self.hex4()?;
            if !(0xDC00..0xE000).contains(&lo) {
                return Err(Refused);
            }
            return char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)).ok_or(Refused);
        }
        char::from_u32(hi).ok_or(Refused)
    }

    /// Check one value and move past it, building nothing: a loop over
    /// the closing bytes still owed, not a recursion.
    fn skip(&mut self) -> Step<()> {
        let mut owed: Vec<u8> = Vec::new();
        loop {
            match self.b.get(self.i) {
                Some(&open @ (b'{' | b'[')) => {
                    if owed.len() as u32 + self.depth >= MAX_FAST_DEPTH {
                        return Err(Refused);
                    }
                    self.i += 1;
                    self.ws();
                    let close = if open == b'{' { b'}' } else { b']' };
                    if self.b.get(self.i) == Some(&close) {
                        self.i += 1;
                    } else {
                        owed.push(close);
                        if open == b'{' {
                            self.key()?;
                        }
                        continue;
                    }
                }
                _ => {
                    self.value()?;
                }
            }
            if !self.after_element(&mut owed)? {
                return Ok(());
            }
        }
    }

    /// After a skipped element: pop what closes here; true when another
    /// element follows, false when the outermost value is done.
    fn after_element(&mut self, owed: &mut Vec<u8>) -> Step<bool> {
        while let Some(&close) = owed.last() {
            self.ws();
            match self.b.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                    if close == b'}' {
                        self.key()?;
                    }
                    return Ok(true);
                }
                Some(&c) if c == close => {
                    self.i += 1;
                    owed.pop();
                }
                _ => return Err(Refused),
            }
        }
        Ok(false)
    }

    /// A member's key and colon, up to its value.
    fn key(&mut self) -> Step<StringLit<'a>> {
        if self.b.get(self.i) != Some(&b'"') {
            return Err(Refused);
        }
        let name = self.string()?;
        self.ws();
        if self.b.get(self.i) != Some(&b':') {
            return Err(Refused);
        }
        self.i += 1;
        self.ws();
        Ok(name)
    }

    fn digits(&mut self) -> usize {
        let from = self.i;
        while let Some(b'0'..=b'9') = self.b.get(self.i) {
            self.i += 1;
        }
        self.i - from
    }

    fn number(&mut self) -> Step<NumberLit<'a>> {
        let start = self.i;
        if self.b[self.i] == b'-' {
            self.i += 1;
        }
        match self.b.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(Refused),
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return Err(Refused);
            }
        }
        if let Some(b'e' | b'E') = self.b.get(self.i) {
            self.i += 1;
            if let Some(b'+' | b'-') = self.b.get(self.i) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return Err(Refused);
            }
        }
        let value = &self.text[start..self.i];
        Ok(NumberLit {
            range: self.range(start),
            value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrows_plain_strings_and_decodes_escapes() {
        let v = read(r#"{"a": "x", "b\n": "\u00e9\ud83d\ude00\/"}"#).unwrap();
        let o = v.as_object().unwrap();
        assert!(matches!(o.properties[0].name.value, Cow::Borrowed("a")));
        assert_eq!(o.properties[1].name.as_str(), "b\n");
        let Value::StringLit(s) = &o.properties[1].value else {
            panic!("a string")
        };
        assert_eq!(s.value, "é😀/");
        assert_eq!((s.range.start, s.range.end), (18, 40));
        assert_eq!((o.range.start, o.range.end), (0, 41));
    }

    #[test]
    fn plain_runs_end_at_the_first_quote_backslash_or_control_byte() {
        let mut text = Vec::new();
        for stop in [b'"', b'\\', 0, 0x1f, b'\n'] {
            for at in 0..20 {
                text.clear();
                text.extend(std::iter::repeat_n(b'a', at));
                text.extend("é ~\x7f".as_bytes());
                let end = text.len();
                text.push(stop);
                text.extend(b"xyz\"");
                assert_eq!(plain_run(&text, 0), end, "{stop} after {at}");
                assert_eq!(plain_run(&text, end), end);
            }
        }
        let plain = "0,3-5,8-9,11,13-14 é!#$%&'()*+]~\x7f".repeat(3);
        assert_eq!(plain_run(plain.as_bytes(), 0), plain.len());
        assert_eq!(plain_run(b"", 0), 0);
    }

    #[test]
    fn keeps_number_text_and_ranges() {
        let v = read(" [0, -1.5e3, 12, true, null] ").unwrap();
        let Value::Array(a) = v else {
            panic!("an array")
        };
        assert_eq!((a.range.start, a.range.end), (1, 28));
        let nums: Vec<&str> = a
            .elements
            .iter()
            .filter_map(|e| e.as_number_lit().map(|n| n.value))
            .collect();
        assert_eq!(nums, ["0", "-1.5e3", "12"]);
    }

    #[test]
    fn refuses_what_is_not_plain_json() {
        for text in [
            "",
            "01",
            "1.",
            "-",
            "[1,]",
            "{\"a\":1,}",
            "{'a':1}",
            "\"\\ud800\"",
            "\"a\tb\"",
            "\"\\x\"",
            "[1] [2]",
            "\u{feff}{}",
            "\u{85} 0",
            "tru",
            "{\"a\" 1}",
            &"[".repeat(513),
        ] {
            assert_eq!(read(text), None, "{text:?}");
        }
        let nested = |n| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(read(&nested(512)).is_some());
        assert_eq!(read(&nested(513)), None);
        // A number is kept as written, however large.
        assert!(read("[1e400, -1e400]").is_some());
    }

    #[test]
    fn leaves_a_graphs_vertices_and_edges_unbuilt_until_asked() {
        let text = r#"{"graph": {"nodes": [{"id": "0"}, 7], "edges": [], "x": [1]}, "nodes": [2]}"#;
        let (lazy, whole) = (read(text).unwrap(), read_whole(text).unwrap());
        let graph = |v: &Value<'static>| -> JsonObject<'static> {
            let Value::Object(g) = &v.as_object().unwrap().properties[0].value else {
                panic!("an object")
            };
            g.clone()
        };
        let array = |o: &JsonObject<'static>, i: usize| -> Array<'static> {
            let Value::Array(a) = &o.properties[i].value else {
                panic!("an array")
            };
            a.clone()
        };
        let (g, w) = (graph(&lazy), graph(&whole));
        let nodes = array(&g, 0);
        assert_eq!((nodes.elements.len(), nodes.len()), (0, 2));
        assert_eq!(
            nodes.deferred,
            [
                ByteRange { start: 21, end: 32 },
                ByteRange { start: 34, end: 35 }
            ]
        );
        let items: Vec<Value> = nodes.items(text).map(|c| c.into_owned()).collect();
        assert_eq!(items, array(&w, 0).elements);
        assert!(array(&g, 1).is_empty());
        // Only `nodes` and `edges` of a `graph` object wait.
        assert_eq!(array(&g, 2).elements.len(), 1);
        assert_eq!(array(lazy.as_object().unwrap(), 1).elements.len(), 1);
    }

    #[test]
    fn finds_where_a_container_ends_without_building_it() {
        let text = r#" {"a": [1, {"b": "\u00e9"}], "c": {}} [] x"#;
        assert_eq!(container_at(text, 0), Some(1..37));
        assert_eq!(container_at(text, 37), Some(38..40));
        assert_eq!(container_at(text, 40), None);
        for bad in [
            "{\"a\":1,}",
            "[1 2]",
            "{\"a\"}",
            "[\"\\ud800\"]",
            "[",
            "{1:2}",
        ] {
            assert_eq!(container_at(bad, 0), None, "{bad:?}");
        }
        let deep = format!("{}{}", "[".repeat(512), "]".repeat(512));
        assert_eq!(container_at(&deep, 0), Some(0..1024));
        assert_eq!(container_at(&format!("[{deep}]"), 0), None);
    }
}
