//! The graph's vertices and edges as columns (issue 17): numbers in 32
//! bits, spans as offsets, strings shared in one text or interned, rare
//! fields in side tables; [`VertexRef`] and [`EdgeRef`] read a row back
//! with the fields of [`Vertex`] and [`Edge`]. A million-vertex graph is
//! then a few arrays, not a million structs of strings.

use super::model::{Edge, EdgeForm, Vertex, VertexSpans};
use std::ops::Range;

/// A byte offset or length kept as `u32`: documents are far below 4 GiB
/// (the page reads them whole), and a `usize` per field would double the
/// tables on 64-bit hosts.
fn narrow(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A span kept as two `u32`s.
fn pack(r: &Range<usize>) -> [u32; 2] {
    [narrow(r.start), narrow(r.end)]
}

/// A span kept by [`pack`], as a range again.
fn unpack(r: [u32; 2]) -> Range<usize> {
    r[0] as usize..r[1] as usize
}

/// Spans inside the object at `outer`, as offset from its start and
/// length in 16 bits each (an object of a graph is a few hundred bytes);
/// `None` when one does not fit, and the table keeps it whole apart.
fn near<const N: usize>(outer: &Range<usize>, inner: [&Range<usize>; N]) -> Option<[[u16; 2]; N]> {
    let mut out = [[0; 2]; N];
    for (o, r) in out.iter_mut().zip(inner) {
        let off = r.start.checked_sub(outer.start)?;
        let len = r.end.checked_sub(r.start)?;
        *o = [u16::try_from(off).ok()?, u16::try_from(len).ok()?];
    }
    Some(out)
}

/// A span kept by [`near`] inside the object starting at `start`.
fn far(start: u32, r: [u16; 2]) -> Range<usize> {
    let a = start as usize + r[0] as usize;
    a..a + r[1] as usize
}

/// What vertex numbers come to in 32 bits each, `None` when one does not
/// fit (the table keeps those apart).
fn small(numbers: [i64; 4], size: u64) -> Option<([i32; 4], u32)> {
    let mut out = [0; 4];
    for (o, n) in out.iter_mut().zip(numbers) {
        *o = i32::try_from(n).ok()?;
    }
    Some((out, u32::try_from(size).ok()?))
}

/// A table's text, grown by estimate.
trait Room {
    /// With `rows` rows written and `more` to come, and less than a row's
    /// worth of room left (four times the mean, at least 64 bytes), room
    /// for `more` rows of the mean length so far and an eighth.
    fn make_room(&mut self, rows: usize, more: usize);
}

impl Room for String {
    fn make_room(&mut self, rows: usize, more: usize) {
        let mean = self.len() / rows.max(1) + 1;
        if self.capacity() - self.len() < (4 * mean).max(64) {
            self.reserve_exact(mean * more + mean * more / 8);
        }
    }
}

/// Distinct strings by number: a graph has a handful of types, basenames,
/// units and subsystems, so a vertex keeps a `u32` rather than a `String`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Strings {
    list: Vec<String>,
    at: rustc_hash::FxHashMap<String, u32>,
}

impl Strings {
    /// The number of `s`, added when new.
    fn intern(&mut self, s: &str) -> u32 {
        if let Some(&n) = self.at.get(s) {
            return n;
        }
        let n = narrow(self.list.len());
        self.list.push(s.to_string());
        self.at.insert(s.to_string(), n);
        n
    }

    /// The string numbered `n`.
    fn get(&self, n: u32) -> &str {
        self.list.get(n as usize).map_or("", String::as_str)
    }
}

/// Distinct tuples of string numbers by number: most vertices of a graph
/// share their type, basename and unit with many others, so a vertex keeps
/// one `u32` for the three. A tuple is looked up by its numbers written
/// in hexadecimal in a [`Strings`] (the element's bundle then holds one
/// hash table's code, not one per tuple width). `N` is at most 4.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Tuples<const N: usize> {
    list: Vec<[u32; N]>,
    keys: Strings,
}

impl<const N: usize> Tuples<N> {
    /// The number of `t`, added when new.
    fn intern(&mut self, t: [u32; N]) -> u32 {
        let mut key = [b'0'; 32];
        for (digits, x) in key.chunks_mut(8).zip(t) {
            for (j, d) in digits.iter_mut().enumerate() {
                *d = b"0123456789abcdef"[(x >> (28 - 4 * j)) as usize & 15];
            }
        }
        let key = std::str::from_utf8(&key[..8 * N]).unwrap_or_default();
        let n = self.keys.intern(key);
        if n as usize == self.list.len() {
            self.list.push(t);
        }
        n
    }

    /// The tuple numbered `n`.
    fn get(&self, n: u32) -> [u32; N] {
        self.list.get(n as usize).copied().unwrap_or([0; N])
    }
}

/// Rows that few vertices have (properties, uuids, unusual paths, unknown
/// keys), kept apart with the number of the vertex they belong to, in
/// vertex order; a vertex without any costs nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Sparse<T> {
    owner: Vec<u32>,
    items: Vec<T>,
}

impl<T> Default for Sparse<T> {
    fn default() -> Self {
        Sparse {
            owner: Vec::new(),
            items: Vec::new(),
        }
    }
}

impl<T> Sparse<T> {
    /// Add `items` to vertex `v`, the last vertex added so far.
    fn extend(&mut self, v: u32, items: impl IntoIterator<Item = T>) {
        for x in items {
            self.owner.push(v);
            self.items.push(x);
        }
    }

    /// The rows of vertex `v`.
    fn of(&self, v: u32) -> &[T] {
        if self.owner.is_empty() {
            return &[];
        }
        let a = self.owner.partition_point(|&o| o < v);
        let z = self.owner.partition_point(|&o| o <= v);
        &self.items[a..z]
    }
}

/// The vertices of a graph as columns: names in one text, types, basenames
/// and units by number, the rare keys apart, spans as `u32`s. A vertex is
/// read through [`VertexRef`]; a graph of a million vertices takes about a
/// hundred and fifty bytes a vertex rather than a struct of strings each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vertices {
    /// Each vertex's key, name and (when it has one) containment path, one
    /// after the other.
    text: String,
    /// Where each vertex's text starts, and one past the last.
    at: Vec<u32>,
    /// The byte lengths of each vertex's key and name.
    lens: Vec<[u32; 2]>,
    /// Type, basename and unit, as a number in `triples` of numbers in
    /// `strings`.
    names: Vec<u32>,
    triples: Tuples<3>,
    strings: Strings,
    /// `id`, `uniq_id`, `rank` and `status`, when they fit in 32 bits
    /// (else they are in `wide_numbers`, with `size`).
    numbers: Vec<[i32; 4]>,
    size: Vec<u32>,
    wide_numbers: Sparse<([i64; 4], u64)>,
    /// Bit 0: exclusive; bit 1: the paths are one `containment` path, kept
    /// in `text` (otherwise they are in `paths`); bit 2: the numbers are in
    /// `wide_numbers`; bit 3: the spans are in `wide_spans`.
    flags: Vec<u8>,
    /// The span of the vertex.
    spans: Vec<[u32; 2]>,
    /// The spans of its key, metadata and containment path inside it.
    inner: Vec<[[u16; 2]; 3]>,
    wide_spans: Sparse<[[u32; 2]; 4]>,
    /// Position in the `nodes` array of the vertices that are not at their
    /// own number (those after an element that is not a vertex).
    moved: Sparse<u32>,
    uuid: Sparse<String>,
    properties: Sparse<(String, String)>,
    paths: Sparse<(String, String)>,
    extra: Sparse<(String, String)>,
}

const EXCLUSIVE: u8 = 1;
const ONE_PATH: u8 = 2;
const WIDE_NUMBERS: u8 = 4;
const WIDE_SPANS: u8 = 8;

impl Vertices {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.lens.len()
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.lens.is_empty()
    }

    /// Room for `n` more vertices, so that a table read from a document of
    /// known length is never copied to grow.
    pub fn reserve(&mut self, n: usize) {
        if self.at.is_empty() {
            self.at.reserve(n + 1);
        } else {
            self.at.reserve(n);
        }
        self.lens.reserve(n);
        self.names.reserve(n);
        self.numbers.reserve(n);
        self.size.reserve(n);
        self.flags.reserve(n);
        self.spans.reserve(n);
        self.inner.reserve(n);
    }

    /// When the text is nearly full, room for the text of `more` vertices
    /// like those so far: a large table's text grows a few times by what
    /// it needs rather than doubling (twice the text, while it is copied).
    pub fn make_room(&mut self, more: usize) {
        self.text.make_room(self.len(), more);
    }

    /// Add `v` at the end.
    pub fn push(&mut self, v: Vertex) {
        let n = narrow(self.len());
        if self.at.is_empty() {
            self.at.push(0);
        }
        self.text.push_str(&v.key);
        self.text.push_str(&v.name);
        let one = v.paths.len() == 1 && v.paths[0].0 == "containment";
        if one {
            self.text.push_str(&v.paths[0].1);
        }
        self.at.push(narrow(self.text.len()));
        self.lens.push([narrow(v.key.len()), narrow(v.name.len())]);
        let names = [
            self.strings.intern(&v.kind),
            self.strings.intern(&v.basename),
            self.strings.intern(&v.unit),
        ];
        self.names.push(self.triples.intern(names));
        let numbers = [v.id, v.uniq_id, v.rank, v.status];
        let mut flags = 0;
        match small(numbers, v.size) {
            Some((n4, size)) => {
                self.numbers.push(n4);
                self.size.push(size);
            }
            None => {
                self.numbers.push([0; 4]);
                self.size.push(0);
                self.wide_numbers.extend(n, [(numbers, v.size)]);
                flags |= WIDE_NUMBERS;
            }
        }
        if v.exclusive {
            flags |= EXCLUSIVE;
        }
        if one {
            flags |= ONE_PATH;
        } else {
            self.paths.extend(n, v.paths);
        }
        let s = &v.spans;
        self.spans.push(pack(&s.vertex));
        match near(&s.vertex, [&s.key, &s.metadata, &s.containment]) {
            Some(inner) => self.inner.push(inner),
            None => {
                self.inner.push([[0; 2]; 3]);
                let all = [
                    pack(&s.vertex),
                    pack(&s.key),
                    pack(&s.metadata),
                    pack(&s.containment),
                ];
                self.wide_spans.extend(n, [all]);
                flags |= WIDE_SPANS;
            }
        }
        self.flags.push(flags);
        if v.index != n as usize {
            self.moved.extend(n, [narrow(v.index)]);
        }
        self.uuid.extend(n, v.uuid);
        self.properties.extend(n, v.properties);
        self.extra.extend(n, v.extra);
    }

    /// The key (JGF id) of vertex `i`, without reading the rest of it.
    pub fn key(&self, i: usize) -> &str {
        let (Some(&a), Some(&[k, _])) = (self.at.get(i), self.lens.get(i)) else {
            return "";
        };
        self.text
            .get(a as usize..(a + k) as usize)
            .unwrap_or_default()
    }

    /// The name of vertex `i` (empty when there is none), without reading
    /// the rest of it: what sorting children compares.
    pub fn name(&self, i: usize) -> &str {
        let (Some(&a), Some(&[k, m])) = (self.at.get(i), self.lens.get(i)) else {
            return "";
        };
        self.text
            .get((a + k) as usize..(a + k + m) as usize)
            .unwrap_or_default()
    }

    /// The rank of vertex `i` (-1 when there is none).
    pub fn rank(&self, i: usize) -> i64 {
        match self.flags.get(i) {
            Some(&f) if f & WIDE_NUMBERS == 0 => i64::from(self.numbers[i][2]),
            Some(_) => self.get(i).map_or(-1, |v| v.rank),
            None => -1,
        }
    }

    /// The `metadata.id` of vertex `i`, if there is such a vertex.
    pub fn id(&self, i: usize) -> Option<i64> {
        match self.flags.get(i) {
            Some(&f) if f & WIDE_NUMBERS == 0 => Some(i64::from(self.numbers[i][0])),
            Some(_) => self.get(i).map(|v| v.id),
            None => None,
        }
    }

    /// The `containment` path of vertex `i`, as [`VertexRef::path`] gives
    /// it, without reading the rest of the vertex.
    pub fn containment(&self, i: usize) -> Option<&str> {
        let &f = self.flags.get(i)?;
        if f & ONE_PATH != 0 {
            let [k, m] = self.lens[i];
            let (a, z) = (self.at[i] + k + m, self.at[i + 1]);
            return self.text.get(a as usize..z as usize);
        }
        self.paths
            .of(narrow(i))
            .iter()
            .rev()
            .find(|(s, _)| s == "containment")
            .map(|(_, p)| p.as_str())
    }

    /// The type of vertex `i`, without reading the rest of it.
    pub fn kind(&self, i: usize) -> Option<&str> {
        let &n = self.names.get(i)?;
        Some(self.strings.get(self.triples.get(n)[0]))
    }

    /// Vertex `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<VertexRef<'_>> {
        let n = narrow(i);
        let &[k, m] = self.lens.get(i)?;
        let (a, z) = (self.at[i] as usize, self.at[i + 1] as usize);
        let (key_end, name_end) = (a + k as usize, a + (k + m) as usize);
        let [kind, basename, unit] = self.triples.get(self.names[i]);
        let flags = self.flags[i];
        let ([id, uniq_id, rank, status], size) = match self.wide_numbers.of(n) {
            [(wide, size)] if flags & WIDE_NUMBERS != 0 => (*wide, *size),
            _ => (self.numbers[i].map(i64::from), u64::from(self.size[i])),
        };
        let spans = match self.wide_spans.of(n) {
            [[a, b, c, d]] if flags & WIDE_SPANS != 0 => VertexSpans {
                vertex: unpack(*a),
                key: unpack(*b),
                metadata: unpack(*c),
                containment: unpack(*d),
            },
            _ => {
                let outer = self.spans[i];
                let [b, c, d] = self.inner[i];
                VertexSpans {
                    vertex: unpack(outer),
                    key: far(outer[0], b),
                    metadata: far(outer[0], c),
                    containment: far(outer[0], d),
                }
            }
        };
        Some(VertexRef {
            key: &self.text[a..key_end],
            kind: self.strings.get(kind),
            basename: self.strings.get(basename),
            name: &self.text[key_end..name_end],
            id,
            uniq_id,
            rank,
            size,
            unit: self.strings.get(unit),
            exclusive: flags & EXCLUSIVE != 0,
            status,
            uuid: self.uuid.of(n).first().map(String::as_str),
            properties: self.properties.of(n),
            paths: Paths {
                containment: (flags & ONE_PATH != 0).then(|| &self.text[name_end..z]),
                listed: self.paths.of(n),
            },
            extra: self.extra.of(n),
            spans,
            index: self.moved.of(n).first().map_or(i, |&x| x as usize),
        })
    }

    /// Vertex `i`; panics when there is none, as indexing a `Vec` would.
    pub fn at(&self, i: usize) -> VertexRef<'_> {
        match self.get(i) {
            Some(v) => v,
            None => panic!("no vertex {i} in a graph of {}", self.len()),
        }
    }

    /// The vertices in order.
    pub fn iter(&self) -> VertexIter<'_> {
        RowIter {
            table: self,
            next: 0..self.len(),
        }
    }
}

impl FromIterator<Vertex> for Vertices {
    fn from_iter<I: IntoIterator<Item = Vertex>>(iter: I) -> Self {
        let mut t = Vertices::default();
        for v in iter {
            t.push(v);
        }
        t
    }
}

impl<'a> IntoIterator for &'a Vertices {
    type Item = VertexRef<'a>;
    type IntoIter = VertexIter<'a>;
    fn into_iter(self) -> VertexIter<'a> {
        self.iter()
    }
}

/// A vertex's `metadata.paths`: subsystem and path in document order. Most
/// vertices have only a `containment` path, which the table keeps with the
/// vertex's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paths<'a> {
    containment: Option<&'a str>,
    listed: &'a [(String, String)],
}

impl<'a> Paths<'a> {
    /// Subsystem and path, in document order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&'a str, &'a str)> + 'a {
        let listed = self.listed;
        self.containment
            .map(|p| ("containment", p))
            .into_iter()
            .chain(listed.iter().map(|(s, p)| (s.as_str(), p.as_str())))
    }

    /// The first subsystem and path.
    pub fn first(&self) -> Option<(&'a str, &'a str)> {
        self.iter().next()
    }

    /// Whether the vertex has no path.
    pub fn is_empty(&self) -> bool {
        self.containment.is_none() && self.listed.is_empty()
    }

    /// The number of paths.
    pub fn len(&self) -> usize {
        usize::from(self.containment.is_some()) + self.listed.len()
    }
}

/// One vertex read from a [`Vertices`] table: the fields of [`Vertex`],
/// borrowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VertexRef<'a> {
    /// The JGF vertex id (`id` outside `metadata`).
    pub key: &'a str,
    /// `metadata.type` (empty when missing, which is an error).
    pub kind: &'a str,
    /// `metadata.basename`, default the type.
    pub basename: &'a str,
    /// `metadata.name`, default basename followed by the id.
    pub name: &'a str,
    /// `metadata.id`.
    pub id: i64,
    /// `metadata.uniq_id`.
    pub uniq_id: i64,
    /// `metadata.rank`.
    pub rank: i64,
    /// `metadata.size`.
    pub size: u64,
    /// `metadata.unit`.
    pub unit: &'a str,
    /// `metadata.exclusive`.
    pub exclusive: bool,
    /// `metadata.status`.
    pub status: i64,
    /// `metadata.uuid`.
    pub uuid: Option<&'a str>,
    /// `metadata.properties`, in document order.
    pub properties: &'a [(String, String)],
    /// `metadata.paths`, in document order.
    pub paths: Paths<'a>,
    /// Other metadata keys, kept as their JSON source text.
    pub extra: &'a [(String, String)],
    /// Where the vertex is in the source.
    pub spans: VertexSpans,
    /// Its position in the `nodes` array.
    pub index: usize,
}

impl<'a> VertexRef<'a> {
    /// The path of this vertex in `subsystem`, if the document gives one.
    pub fn path(&self, subsystem: &str) -> Option<&'a str> {
        self.paths
            .iter()
            .rev()
            .find(|(s, _)| *s == subsystem)
            .map(|(_, p)| p)
    }

    /// The value of property `key`.
    pub fn property(&self, key: &str) -> Option<&'a str> {
        self.properties
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// The vertex as an owned [`Vertex`].
    pub fn to_vertex(&self) -> Vertex {
        Vertex {
            key: self.key.to_string(),
            kind: self.kind.to_string(),
            basename: self.basename.to_string(),
            name: self.name.to_string(),
            id: self.id,
            uniq_id: self.uniq_id,
            rank: self.rank,
            size: self.size,
            unit: self.unit.to_string(),
            exclusive: self.exclusive,
            status: self.status,
            uuid: self.uuid.map(str::to_string),
            properties: self.properties.to_vec(),
            paths: self
                .paths
                .iter()
                .map(|(s, p)| (s.to_string(), p.to_string()))
                .collect(),
            extra: self.extra.to_vec(),
            spans: self.spans.clone(),
            index: self.index,
        }
    }
}

/// The edges of a graph as columns: endpoints in one text, subsystems and
/// relationships by number, spans as `u32`s. An edge is read through
/// [`EdgeRef`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Edges {
    /// Each edge's source and target, one after the other.
    text: String,
    /// Where each edge's text starts, and one past the last.
    at: Vec<u32>,
    /// The byte length of each edge's source.
    source_len: Vec<u32>,
    /// Subsystem and relationship, as a number in `pairs` of numbers in
    /// `strings` (`u32::MAX`: no relationship).
    names: Vec<u32>,
    pairs: Tuples<2>,
    strings: Strings,
    form: Vec<EdgeForm>,
    /// The span of the edge.
    spans: Vec<[u32; 2]>,
    /// The spans of its source and target inside it.
    inner: Vec<[[u16; 2]; 2]>,
    /// All three spans of the edges whose inner spans do not fit `inner`.
    wide_spans: Sparse<[[u32; 2]; 3]>,
    /// Position in the `edges` array of the edges not at their own number.
    moved: Sparse<u32>,
}

const NO_RELATIONSHIP: u32 = u32::MAX;

impl Edges {
    /// The number of edges.
    pub fn len(&self) -> usize {
        self.source_len.len()
    }

    /// Whether there is no edge.
    pub fn is_empty(&self) -> bool {
        self.source_len.is_empty()
    }

    /// Room for `n` more edges.
    pub fn reserve(&mut self, n: usize) {
        if self.at.is_empty() {
            self.at.reserve(n + 1);
        } else {
            self.at.reserve(n);
        }
        self.source_len.reserve(n);
        self.names.reserve(n);
        self.form.reserve(n);
        self.spans.reserve(n);
        self.inner.reserve(n);
    }

    /// When the text is nearly full, room for the endpoints of `more`
    /// edges like those so far (see [`Vertices::make_room`]).
    pub fn make_room(&mut self, more: usize) {
        self.text.make_room(self.len(), more);
    }

    /// Add `e` at the end.
    pub fn push(&mut self, e: Edge) {
        let n = narrow(self.len());
        if self.at.is_empty() {
            self.at.push(0);
        }
        self.text.push_str(&e.source);
        self.text.push_str(&e.target);
        self.at.push(narrow(self.text.len()));
        self.source_len.push(narrow(e.source.len()));
        let rel = match &e.relationship {
            Some(r) => self.strings.intern(r),
            None => NO_RELATIONSHIP,
        };
        let sub = self.strings.intern(&e.subsystem);
        self.names.push(self.pairs.intern([sub, rel]));
        self.form.push(e.form);
        self.spans.push(pack(&e.span));
        match near(&e.span, [&e.source_span, &e.target_span]) {
            Some(inner) => self.inner.push(inner),
            None => {
                self.inner.push([[0; 2]; 2]);
                let all = [pack(&e.span), pack(&e.source_span), pack(&e.target_span)];
                self.wide_spans.extend(n, [all]);
            }
        }
        if e.index != n as usize {
            self.moved.extend(n, [narrow(e.index)]);
        }
    }

    /// Edge `i`, if there is one.
    pub fn get(&self, i: usize) -> Option<EdgeRef<'_>> {
        let &s = self.source_len.get(i)?;
        let (a, z) = (self.at[i] as usize, self.at[i + 1] as usize);
        let [sub, rel] = self.pairs.get(self.names[i]);
        let (span, source_span, target_span) = match self.wide_spans.of(narrow(i)) {
            [[a, b, c]] => (unpack(*a), unpack(*b), unpack(*c)),
            _ => {
                let outer = self.spans[i];
                let [b, c] = self.inner[i];
                (unpack(outer), far(outer[0], b), far(outer[0], c))
            }
        };
        Some(EdgeRef {
            source: &self.text[a..a + s as usize],
            target: &self.text[a + s as usize..z],
            subsystem: self.strings.get(sub),
            relationship: (rel != NO_RELATIONSHIP).then(|| self.strings.get(rel)),
            form: self.form[i],
            span,
            source_span,
            target_span,
            index: self.moved.of(narrow(i)).first().map_or(i, |&x| x as usize),
        })
    }

    /// Edge `i`; panics when there is none, as indexing a `Vec` would.
    pub fn at(&self, i: usize) -> EdgeRef<'_> {
        match self.get(i) {
            Some(e) => e,
            None => panic!("no edge {i} in a graph of {}", self.len()),
        }
    }

    /// The edges in order.
    pub fn iter(&self) -> EdgeIter<'_> {
        RowIter {
            table: self,
            next: 0..self.len(),
        }
    }
}

impl FromIterator<Edge> for Edges {
    fn from_iter<I: IntoIterator<Item = Edge>>(iter: I) -> Self {
        let mut t = Edges::default();
        for e in iter {
            t.push(e);
        }
        t
    }
}

impl<'a> IntoIterator for &'a Edges {
    type Item = EdgeRef<'a>;
    type IntoIter = EdgeIter<'a>;
    fn into_iter(self) -> EdgeIter<'a> {
        self.iter()
    }
}

/// A table read a row at a time by number ([`Vertices`], [`Edges`]).
pub trait Rows {
    /// One row, borrowed from the table.
    type Row<'a>
    where
        Self: 'a;
    /// Row `i`, if there is one.
    fn row(&self, i: usize) -> Option<Self::Row<'_>>;
}

impl Rows for Vertices {
    type Row<'a> = VertexRef<'a>;
    fn row(&self, i: usize) -> Option<VertexRef<'_>> {
        self.get(i)
    }
}

impl Rows for Edges {
    type Row<'a> = EdgeRef<'a>;
    fn row(&self, i: usize) -> Option<EdgeRef<'_>> {
        self.get(i)
    }
}

/// The rows of a table in order.
#[derive(Clone, Debug)]
pub struct RowIter<'a, T> {
    table: &'a T,
    next: Range<usize>,
}

impl<'a, T: Rows> Iterator for RowIter<'a, T> {
    type Item = T::Row<'a>;
    fn next(&mut self) -> Option<T::Row<'a>> {
        let i = self.next.next()?;
        self.table.row(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.next.size_hint()
    }
    fn nth(&mut self, n: usize) -> Option<T::Row<'a>> {
        let i = self.next.nth(n)?;
        self.table.row(i)
    }
}

impl<T: Rows> DoubleEndedIterator for RowIter<'_, T> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let i = self.next.next_back()?;
        self.table.row(i)
    }
}

impl<T: Rows> ExactSizeIterator for RowIter<'_, T> {}

/// The vertices of a [`Vertices`] table in order, as [`VertexRef`]s.
pub type VertexIter<'a> = RowIter<'a, Vertices>;

/// The edges of an [`Edges`] table in order, as [`EdgeRef`]s.
pub type EdgeIter<'a> = RowIter<'a, Edges>;

/// One edge read from an [`Edges`] table: the fields of [`Edge`],
/// borrowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeRef<'a> {
    /// The source vertex id (the container, for containment).
    pub source: &'a str,
    /// The target vertex id.
    pub target: &'a str,
    /// The subsystem, default `containment` as the Fluxion reader assumes.
    pub subsystem: &'a str,
    /// The relationship when given (`contains`, `in`, ...).
    pub relationship: Option<&'a str>,
    /// How the metadata was written.
    pub form: EdgeForm,
    /// The whole edge object.
    pub span: Range<usize>,
    /// The `source` value.
    pub source_span: Range<usize>,
    /// The `target` value.
    pub target_span: Range<usize>,
    /// Its position in the `edges` array.
    pub index: usize,
}

impl EdgeRef<'_> {
    /// Whether this edge belongs to the containment subsystem.
    pub fn is_containment(&self) -> bool {
        self.subsystem == "containment"
    }

    /// The edge as an owned [`Edge`].
    pub fn to_edge(&self) -> Edge {
        Edge {
            source: self.source.to_string(),
            target: self.target.to_string(),
            subsystem: self.subsystem.to_string(),
            relationship: self.relationship.map(str::to_string),
            form: self.form,
            span: self.span.clone(),
            source_span: self.source_span.clone(),
            target_span: self.target_span.clone(),
            index: self.index,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A vertex with every rare field, numbers beyond 32 bits and spans
    /// beyond 16 bits, and an ordinary one after it.
    fn rare() -> Vertex {
        Vertex {
            kind: "memory".into(),
            basename: "memory".into(),
            name: "memory0".into(),
            id: -3,
            uniq_id: 1 << 40,
            rank: 7,
            size: 1 << 35,
            unit: "GB".into(),
            exclusive: true,
            status: 1,
            uuid: Some("3f1c".into()),
            properties: vec![("a".into(), "1".into()), ("a".into(), "2".into())],
            paths: vec![
                ("power".into(), "/p/memory0".into()),
                ("containment".into(), "/c/memory0".into()),
            ],
            extra: vec![("x".into(), "[1]".into())],
            spans: VertexSpans {
                vertex: 10..200_000,
                key: 100_000..100_004,
                metadata: 5..6,
                containment: 150_000..150_012,
            },
            ..Vertex::new("42".into(), 3)
        }
    }

    fn plain(key: &str, index: usize) -> Vertex {
        Vertex {
            kind: "core".into(),
            basename: "core".into(),
            name: format!("core{index}"),
            id: 2,
            uniq_id: 9,
            paths: vec![("containment".into(), format!("/c/core{index}"))],
            spans: VertexSpans {
                vertex: 300..400,
                key: 307..310,
                metadata: 320..321,
                containment: 350..362,
            },
            ..Vertex::new(key.into(), index)
        }
    }

    #[test]
    fn vertices_read_back_as_written() {
        let written = vec![
            plain("1", 0),
            rare(),
            plain("2", 5),
            Vertex::new(String::new(), 6),
        ];
        let table: Vertices = written.iter().cloned().collect();
        let read: Vec<Vertex> = table.iter().map(|v| v.to_vertex()).collect();
        assert_eq!(read, written);
        assert_eq!(table.key(1), "42");
        let r = table.at(1);
        assert_eq!(
            (r.path("containment"), r.path("power"), r.property("a")),
            (Some("/c/memory0"), Some("/p/memory0"), Some("2"))
        );
        assert_eq!((r.paths.len(), table.at(0).paths.len()), (2, 1));
        assert!(table.at(3).paths.is_empty() && table.get(4).is_none());
        // The accessors that read one column agree with the views.
        for i in 0..5 {
            let v = table.get(i);
            assert_eq!(table.name(i), v.as_ref().map_or("", |v| v.name));
            assert_eq!(table.kind(i), v.as_ref().map(|v| v.kind));
            assert_eq!(table.id(i), v.as_ref().map(|v| v.id));
            assert_eq!(table.rank(i), v.as_ref().map_or(-1, |v| v.rank));
            let path = v.as_ref().and_then(|v| v.path("containment"));
            assert_eq!(table.containment(i), path);
        }
    }

    #[test]
    fn edges_read_back_as_written() {
        let edge = |source: &str, span: Range<usize>, form| Edge {
            source: source.into(),
            target: "7".into(),
            subsystem: "power".into(),
            relationship: Some("supplies".into()),
            form,
            source_span: span.start + 2..span.start + 5,
            target_span: span.end - 4..span.end - 1,
            span,
            index: 4,
        };
        let written = vec![
            edge("0", 10..90, EdgeForm::Rfc40),
            edge("123", 1000..100_000, EdgeForm::Legacy),
            Edge {
                relationship: None,
                subsystem: "containment".into(),
                ..edge("", 5..9, EdgeForm::Bare)
            },
        ];
        let table: Edges = written.iter().cloned().collect();
        let read: Vec<Edge> = table.iter().map(|e| e.to_edge()).collect();
        assert_eq!(read, written);
        assert!(!table.at(0).is_containment() && table.at(2).is_containment());
    }
}
