//! The usual `R_lite` entry read straight from its bytes:
//! `{"rank": "IDS", "children": {"core": "IDS", "gpu": "IDS"}}`, with
//! both id sets canonical RFC 22.
//!
//! A fragmented R is tens of thousands of such entries, and building a
//! JSON tree for each (four members in two objects, each a heap block)
//! was a fifth of `flux R decode`'s work. The JSON reader checks the
//! entry and leaves it unbuilt ([`crate::json::tree::read_leading`]);
//! this reads it. Anything else (another key, a repeated key, a child
//! type RFC 20 does not name, an escape, an id set the strict reader
//! refuses) answers `None`, and the entry is built and read the careful
//! way, which words the finding: so this path never decides a message.

use crate::idset::IdSet;
use std::ops::Range;

/// What a plain entry holds: its ranks, the span of the `rank` value
/// (quotes included), and each child type with its ids and the span of
/// its value.
pub(super) struct PlainEntry<'t> {
    /// The entry's ranks.
    pub ranks: IdSet,
    /// Where the `rank` value is.
    pub rank_span: Range<usize>,
    /// `(type, ids, span of the value)`, in document order.
    pub children: Vec<(&'t str, IdSet, Range<usize>)>,
}

/// A cursor over an entry the JSON reader has already checked.
struct Bytes<'t, 's> {
    text: &'t str,
    i: usize,
    end: usize,
    /// Where an id set's ranges gather before it takes them.
    scratch: &'s mut Vec<(u32, u32)>,
}

impl<'t> Bytes<'t, '_> {
    fn ws(&mut self) {
        let b = self.text.as_bytes();
        while self.i < self.end && matches!(b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    /// `c` after white space.
    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.i < self.end && self.text.as_bytes()[self.i] == c).then(|| self.i += 1)
    }

    /// A key's contents up to the next quote. An escape shows as a
    /// backslash in them, so the key compares unequal to every name taken.
    fn key(&mut self) -> Option<&'t str> {
        self.eat(b'"')?;
        let start = self.i;
        let len = self.text.as_bytes()[start..self.end]
            .iter()
            .position(|&c| c == b'"')?;
        self.i = start + len + 1;
        Some(&self.text[start..start + len])
    }

    /// An id set string, read strictly, and the literal's span.
    fn ids(&mut self) -> Option<(IdSet, Range<usize>)> {
        self.eat(b'"')?;
        let start = self.i - 1;
        let (ids, quote) = IdSet::parse_quoted(self.text.as_bytes(), self.i, self.scratch)?;
        self.i = quote + 1;
        (self.i <= self.end).then_some((ids, start..self.i))
    }

    /// After a member: true at `,`, false at `}`.
    fn more(&mut self) -> Option<bool> {
        self.ws();
        if self.i >= self.end {
            return None;
        }
        let c = self.text.as_bytes()[self.i];
        self.i += 1;
        match c {
            b',' => Some(true),
            b'}' => Some(false),
            _ => None,
        }
    }

    /// The `children` object: `core` and `gpu` at most once each.
    fn children(&mut self) -> Option<Vec<(&'t str, IdSet, Range<usize>)>> {
        self.eat(b'{')?;
        let mut out: Vec<(&'t str, IdSet, Range<usize>)> = Vec::with_capacity(2);
        if self.eat(b'}').is_some() {
            return Some(out);
        }
        loop {
            let name = self.key()?;
            let known = matches!(name, "core" | "gpu");
            if !known || out.iter().any(|c| c.0 == name) {
                return None;
            }
            self.eat(b':')?;
            let (ids, span) = self.ids()?;
            out.push((name, ids, span));
            if !self.more()? {
                return Some(out);
            }
        }
    }
}

/// The entry at `span` of `text`, when it is plain (see the module doc).
/// `scratch` is room the reader reuses from entry to entry.
pub(super) fn read<'t>(
    text: &'t str,
    span: Range<usize>,
    scratch: &mut Vec<(u32, u32)>,
) -> Option<PlainEntry<'t>> {
    let mut c = Bytes {
        text,
        i: span.start,
        end: span.end,
        scratch,
    };
    c.eat(b'{')?;
    let mut ranks = None;
    let mut children = None;
    loop {
        let key = c.key()?;
        c.eat(b':')?;
        match key {
            "rank" if ranks.is_none() => ranks = Some(c.ids()?),
            "children" if children.is_none() => children = Some(c.children()?),
            _ => return None,
        }
        if !c.more()? {
            break;
        }
    }
    c.ws();
    let (ranks, rank_span) = ranks?;
    (c.i == c.end).then_some(PlainEntry {
        ranks,
        rank_span,
        children: children?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(text: &str) -> Option<String> {
        let e = read(text, 0..text.len(), &mut Vec::new())?;
        let children: Vec<String> = e
            .children
            .iter()
            .map(|(n, ids, span)| format!("{n}={ids}@{}..{}", span.start, span.end))
            .collect();
        Some(format!(
            "{}@{}..{} {}",
            e.ranks,
            e.rank_span.start,
            e.rank_span.end,
            children.join(" ")
        ))
    }

    #[test]
    fn reads_the_usual_entry_with_its_spans() {
        let text = r#"{"rank":"0-3","children":{"core":"0-7","gpu":"0,2"}}"#;
        assert_eq!(
            shown(text).as_deref(),
            Some("0-3@8..13 core=0-7@33..38 gpu=0,2@45..50")
        );
        let spaced = "{ \"children\" : { } ,\n \"rank\" : \"5\" }";
        assert_eq!(shown(spaced).as_deref(), Some("5@31..34 "));
    }

    #[test]
    fn leaves_anything_else_to_the_careful_reader() {
        for text in [
            r#"{"rank":"0","children":{"core":"0"},"node":"x"}"#,
            r#"{"rank":"0","rank":"1","children":{}}"#,
            r#"{"rank":"0","children":{"core":"0","core":"1"}}"#,
            r#"{"rank":"0","children":{"socket":"0"}}"#,
            r#"{"rank":"0","children":{"core":"3-1"}}"#,
            r#"{"rank":"0","children":{"core":"0,,1"}}"#,
            r#"{"rank":"\u0030","children":{}}"#,
            r#"{"rank":"","children":{}}"#,
            r#"{"rank":"[0-1]","children":{}}"#,
            r#"{"rank":"0","children":{"core":"0-"}}"#,
            r#"{"rank":"01","children":{}}"#,
            r#"{"rank":"0"}"#,
            r#"{"children":{}}"#,
            r#"{"rank":0,"children":{}}"#,
        ] {
            assert_eq!(shown(text), None, "{text}");
        }
    }
}

/// The stream reader, which reads plain entries from their bytes, and the
/// single-document reader, which builds every entry, give the same set
/// or the same refusal at the same place.
#[cfg(test)]
mod agreement {
    use crate::rset::{load, load_stream};

    fn answer(r: Result<crate::rset::Rset, crate::rset::Error>) -> String {
        match r {
            Ok(set) => set.encode(),
            Err(e) => format!("{e} at {:?}", e.span()),
        }
    }

    #[test]
    fn plain_and_built_entries_read_alike() {
        for entries in [
            r#"{"rank":"0-1","children":{"core":"0-3","gpu":"0"}},{"rank":"2","children":{"core":"0,2"}}"#,
            // Overlapping ids: refused at the second entry's core value.
            r#"{"rank":"0","children":{"core":"0-3"}},{"rank":"0-1","children":{"core":"3-5"}}"#,
            // Merged ids: a warning only, the ids joined.
            r#"{"rank":"0","children":{"core":"0"}},{ "rank" : "0", "children" : { "core" : "1" } }"#,
            // A plain entry after one that is not.
            r#"{"rank":"0","children":{"core":"0"},"node":"n0"},{"rank":"1","children":{"core":"1"}}"#,
            r#"{"rank":"0","children":{"socket":"0"}},{"rank":"1","children":{"core":"0","gpu":"0"}}"#,
            // Refusals the careful reader words.
            r#"{"rank":"0","children":{"core":"3-1"}}"#,
            r#"{"rank":"0,,1","children":{"core":"0"}}"#,
            r#"{"rank":"","children":{"core":"0"}}"#,
            r#"{"rank":"0"}"#,
            r#"{"rank":"0","children":{"core":"0"}},{"rank":"99999999999","children":{}}"#,
        ] {
            let text = format!(r#"{{"version":1,"execution":{{"R_lite":[{entries}]}}}}"#);
            assert_eq!(
                answer(load_stream(&text).map(|mut v| v.remove(0))),
                answer(load(&text)),
                "{entries}"
            );
        }
    }
}
