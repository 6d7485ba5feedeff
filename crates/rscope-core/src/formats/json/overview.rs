//! A JSON document as a tree of its keys and values, for JSON that is no
//! Flux document: the page shows what the text holds, rather than only
//! saying what it is not. Large documents are cut at [`MAX_NODES`] nodes,
//! each cut saying how much it leaves out.

use super::read::parse_whole;
use super::tree::Value;
use serde::{Deserialize, Serialize};

/// The most nodes an overview holds; the rest are counted, not shown.
pub const MAX_NODES: usize = 2_000;

/// The most characters of a scalar shown; a longer one is cut with `…`.
pub const MAX_SCALAR_CHARS: usize = 80;

/// One key or element and what it holds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverviewNode {
    /// The member's key (`"version"`, quoted as written), the element's
    /// index (`[3]`), or empty for the document itself.
    pub key: String,
    /// A scalar as written (cut at [`MAX_SCALAR_CHARS`]), or what a
    /// container holds: `object, 3 members`, `array, 12 elements`.
    pub value: String,
    /// The children shown, in document order.
    pub children: Vec<OverviewNode>,
    /// Children left out once the overview held [`MAX_NODES`] nodes.
    pub hidden: usize,
}

/// The overview of `text`, when it is JSON.
pub fn overview(text: &str) -> Option<OverviewNode> {
    let root = parse_whole(text).ok()?;
    let mut budget = MAX_NODES;
    Some(node(text, String::new(), &root, &mut budget))
}

fn node(text: &str, key: String, v: &Value<'_>, budget: &mut usize) -> OverviewNode {
    *budget = budget.saturating_sub(1);
    let mut out = OverviewNode {
        key,
        ..OverviewNode::default()
    };
    match v {
        Value::Object(o) => {
            out.value = format!("object, {}", plural(o.properties.len(), "member"));
            for p in &o.properties {
                if *budget == 0 {
                    out.hidden += 1;
                    continue;
                }
                let key = text[p.name.range.start..p.name.range.end].to_string();
                out.children.push(node(text, key, &p.value, budget));
            }
        }
        Value::Array(a) => {
            let n = a.items(text).count();
            out.value = format!("array, {}", plural(n, "element"));
            for (i, e) in a.items(text).enumerate() {
                if *budget == 0 {
                    out.hidden = n - i;
                    break;
                }
                out.children.push(node(text, format!("[{i}]"), &e, budget));
            }
        }
        scalar => out.value = cut(&text[super::read::range(scalar)]),
    }
    out
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// `s`, cut at [`MAX_SCALAR_CHARS`] characters with `…`.
fn cut(s: &str) -> String {
    match s.char_indices().nth(MAX_SCALAR_CHARS) {
        Some((at, _)) => format!("{}…", &s[..at]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(key: &str, value: &str) -> OverviewNode {
        OverviewNode {
            key: key.into(),
            value: value.into(),
            ..OverviewNode::default()
        }
    }

    #[test]
    fn keys_and_values_as_written_with_what_each_container_holds() {
        let o = overview(r#"{"name": "tioga", "ids": [1, 2.50], "empty": {}}"#).unwrap();
        let want = OverviewNode {
            key: String::new(),
            value: "object, 3 members".into(),
            children: vec![
                leaf("\"name\"", "\"tioga\""),
                OverviewNode {
                    key: "\"ids\"".into(),
                    value: "array, 2 elements".into(),
                    children: vec![leaf("[0]", "1"), leaf("[1]", "2.50")],
                    hidden: 0,
                },
                leaf("\"empty\"", "object, 0 members"),
            ],
            hidden: 0,
        };
        assert_eq!(o, want);
        assert_eq!(overview("{"), None);
    }

    #[test]
    fn a_large_document_is_cut_and_says_how_much_is_left_out() {
        let text = format!("[{}]", vec!["\"x\""; 3000].join(","));
        let o = overview(&text).unwrap();
        assert_eq!(o.children.len(), MAX_NODES - 1);
        assert_eq!(o.hidden, 3000 - (MAX_NODES - 1));
        let long = format!("\"{}\"", "é".repeat(100));
        let v = overview(&long).unwrap().value;
        assert_eq!(v.chars().count(), MAX_SCALAR_CHARS + 1);
        assert!(v.ends_with('…'));
    }
}
