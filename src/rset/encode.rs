//! Writing R back out: the canonical JSON encoding (`rlist_encode`), the
//! short form (`rlist_dumps`), and JSON text in jansson's style.
//!
//! `flux R` prints with jansson's `json_dumps(o, 0)`: one line, `", "` and
//! `": "` separators, reals as `%.17g` with `.0` added when there is no dot
//! or exponent and the exponent's `+` and leading zeros removed, strings
//! escaped only where JSON requires (`\uXXXX` uppercase). We write the same
//! bytes.

use super::fxhash::FxHashMap;
use super::node::Node;
use super::set::Rset;
use crate::idset::IdSet;
use serde_json::Value;
use std::fmt::Write;
use std::hash::{Hash, Hasher};

/// A real number as jansson writes it: `0.0`, `1598506718.0`,
/// `0.10000000000000001`, `1e20`, `1.5e-7`.
pub fn format_real(x: f64) -> String {
    let mut s = format_g17(x);
    if !s.contains('.') && !s.contains('e') {
        s.push_str(".0");
    }
    if let Some(e) = s.find('e') {
        let (mant, exp) = s.split_at(e + 1);
        let (sign, digits) = match exp.strip_prefix('-') {
            Some(d) => ("-", d),
            None => ("", exp.trim_start_matches('+')),
        };
        let digits = digits.trim_start_matches('0');
        s = format!("{mant}{sign}{digits}");
    }
    s
}

/// C's `%.17g`.
fn format_g17(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    if !x.is_finite() {
        return if x.is_nan() {
            "nan".into()
        } else if x > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    }
    let sci = format!("{x:.16e}");
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..17).contains(&exp) {
        let mant = strip_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        // 0 <= 16 - exp <= 20.
        let decimals = (16 - exp) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// Append `s` as a JSON string literal, escaped as jansson does.
pub fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Append a JSON value in jansson's `json_dumps(v, 0)` style.
pub fn write_json_value(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() {
                let _ = write!(out, "{n}");
            } else {
                out.push_str(&format_real(n.as_f64().unwrap_or(0.0)));
            }
        }
        Value::String(s) => write_json_string(out, s),
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_value(out, x);
            }
            out.push(']');
        }
        Value::Object(o) => {
            out.push('{');
            for (i, (k, x)) in o.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_string(out, k);
                out.push_str(": ");
                write_json_value(out, x);
            }
            out.push('}');
        }
    }
}

/// Re-emit raw JSON text in jansson's style (the `scheduling` value rides
/// along this way, as the reference re-serializes it).
fn write_raw(out: &mut String, raw: &str) {
    match serde_json::from_str::<Value>(raw) {
        Ok(v) => write_json_value(out, &v),
        // Raw values come from parsed documents; keep the text otherwise.
        Err(_) => out.push_str(raw),
    }
}

/// A group of ranks with identical children, represented by its first node.
/// Most groups of a fragmented set hold one rank, so the first is kept
/// inline and only further ranks allocate.
struct Group<'a> {
    first: u32,
    more: Vec<u32>,
    node: &'a Node,
    /// The next group whose children hash the same (a collision chain).
    next: Option<usize>,
}

impl Group<'_> {
    /// Append the group's ranks as [`IdSet::encode_into`] writes them.
    fn write_ranks(&self, out: &mut String, brackets: bool) {
        if self.more.is_empty() {
            // One id: no brackets either way.
            crate::idset::push_decimal(out, self.first);
        } else {
            self.ranks().encode_into(out, brackets);
        }
    }

    fn ranks(&self) -> IdSet {
        IdSet::from_ranges(
            std::iter::once(self.first)
                .chain(self.more.iter().copied())
                .map(|r| (r, r)),
        )
    }
}

/// Group nodes (in the given order) whose children are identical, as
/// librlist's `rlist_mrlist` does, but with a hash of the children instead
/// of a list scan, so fragmented sets stay linear.
fn group<'a>(nodes: impl Iterator<Item = &'a Node>, count: usize) -> Vec<Group<'a>> {
    let mut groups: Vec<Group<'a>> = Vec::with_capacity(count);
    // Children hash → first group with that hash.
    let mut by_hash: FxHashMap<u64, usize> = FxHashMap::default();
    by_hash.reserve(count);
    for n in nodes {
        let h = children_hash(n);
        let new = groups.len();
        let mut at = *by_hash.entry(h).or_insert(new);
        if at != new {
            loop {
                if same_children(groups[at].node, n) {
                    groups[at].more.push(n.rank);
                    break;
                }
                match groups[at].next {
                    Some(next) => at = next,
                    None => {
                        groups[at].next = Some(new);
                        at = new;
                        break;
                    }
                }
            }
        }
        if at == new {
            groups.push(Group {
                first: n.rank,
                more: Vec::new(),
                node: n,
                next: None,
            });
        }
    }
    groups
}

/// An order-free hash of a node's children (names and ids, empty included).
fn children_hash(n: &Node) -> u64 {
    n.children()
        .map(|(name, ids)| {
            let mut h = super::fxhash::FxHasher::default();
            name.hash(&mut h);
            ids.hash(&mut h);
            h.finish()
        })
        .fold(0u64, |acc, x| acc.wrapping_add(x))
}

/// `rnode_cmp() == 0`: the same child names with the same ids.
fn same_children(a: &Node, b: &Node) -> bool {
    a.children().count() == b.children().count()
        && a.children().all(|(name, ids)| b.child(name) == Some(ids))
}

impl Rset {
    /// The short form `flux R decode --short` prints:
    /// `rank[0-1]/core[0-1] rank[2-3]/core[0-1],gpu[0-1]`, ranks grouped in
    /// list order, nodes without resources left out.
    pub fn short_form(&self) -> String {
        let mut out = String::new();
        for g in group(self.nodes(), self.len()) {
            if g.node.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str("rank");
            g.write_ranks(&mut out, true);
            out.push('/');
            g.node.write_short_children(&mut out);
        }
        out
    }

    /// The canonical `R_lite` entries as (ranks, children) pairs, children
    /// in encoding order without empty ones.
    pub fn r_lite(&self) -> Vec<(IdSet, Vec<(String, IdSet)>)> {
        group(self.nodes_by_rank().into_iter(), self.len())
            .into_iter()
            .filter(|g| !g.node.is_empty())
            .map(|g| {
                let children = g
                    .node
                    .children()
                    .filter(|(_, ids)| !ids.is_empty())
                    .map(|(k, ids)| (k.to_string(), ids.clone()))
                    .collect();
                (g.ranks(), children)
            })
            .collect()
    }

    /// The canonical RFC 20 encoding, byte for byte what `flux R` writes
    /// for the same set (one line, no trailing newline).
    ///
    /// Differences: `attributes`, when the input had it, is written last
    /// (the reference drops it); and a nodelist is written whenever every
    /// node has a host name, including names taken from the legacy
    /// `R_lite` `node` key.
    pub fn encode(&self) -> String {
        let mut out = String::with_capacity(64 + 48 * self.len());
        out.push_str("{\"version\": 1, \"execution\": {\"R_lite\": [");
        let groups = group(self.nodes_by_rank().into_iter(), self.len());
        let mut first = true;
        for g in groups.iter().filter(|g| !g.node.is_empty()) {
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push_str("{\"rank\": \"");
            g.write_ranks(&mut out, false);
            out.push_str("\", \"children\": {");
            let mut j = 0;
            for (name, ids) in g.node.children() {
                if ids.is_empty() {
                    continue;
                }
                if j > 0 {
                    out.push_str(", ");
                }
                j += 1;
                write_json_string(&mut out, name);
                out.push_str(": \"");
                ids.write_to(&mut out);
                out.push('"');
            }
            out.push_str("}}");
        }
        out.push(']');
        if self.nslots > 0 {
            let _ = write!(out, ", \"nslots\": {}", self.nslots);
        }
        let _ = write!(
            out,
            ", \"starttime\": {}, \"expiration\": {}",
            format_real(self.starttime),
            format_real(self.expiration)
        );
        if let Some(hl) = self.nodelist() {
            out.push_str(", \"nodelist\": [");
            write_json_string(&mut out, &hl.to_string());
            out.push(']');
        }
        let props = self.properties();
        if !props.is_empty() {
            out.push_str(", \"properties\": {");
            for (i, (name, ranks)) in props.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json_string(&mut out, name);
                out.push_str(": ");
                write_json_string(&mut out, &ranks.to_string());
            }
            out.push('}');
        }
        out.push('}');
        if let Some(s) = &self.scheduling {
            out.push_str(", \"scheduling\": ");
            write_raw(&mut out, s);
        }
        if let Some(a) = &self.attributes {
            out.push_str(", \"attributes\": ");
            write_raw(&mut out, a);
        }
        out.push('}');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_match_jansson() {
        let check = |x: f64, s: &str| assert_eq!(format_real(x), s, "{x}");
        check(0.0, "0.0");
        check(-0.0, "-0.0");
        check(1598506718.0, "1598506718.0");
        check(1.5, "1.5");
        check(0.1, "0.10000000000000001");
        check(1e20, "1e20");
        check(1e16, "10000000000000000.0");
        check(1e17, "1e17");
        check(1.5e-7, "1.4999999999999999e-7");
        check(0.0001, "0.0001");
        check(-2.5e-5, "-2.5000000000000001e-5");
        check(123456789.125, "123456789.125");
    }

    #[test]
    fn strings_match_jansson() {
        let mut s = String::new();
        write_json_string(&mut s, "a\"b\\c\n\u{1}é/");
        assert_eq!(s, r#""a\"b\\c\n\u0001é/""#);
    }

    #[test]
    fn values_use_spaced_separators() {
        let v: Value = serde_json::from_str(r#"{"a":[1,2.0,{"b":null}],"c":{}, "d":[]}"#).unwrap();
        let mut s = String::new();
        write_json_value(&mut s, &v);
        assert_eq!(s, r#"{"a": [1, 2.0, {"b": null}], "c": {}, "d": []}"#);
    }
}
