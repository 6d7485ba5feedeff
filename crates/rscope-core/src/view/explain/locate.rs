//! Which key or value of a JSON tree holds a byte offset: a walk down from
//! the root, one level per step (a loop, not a recursion: documents nest
//! deeply only when they are graphs, and graphs are large).

use crate::json::tree::StringLit;
use crate::json::{range, Value};
use std::ops::Range;

/// One step of the path from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathStep {
    /// An object member, by key.
    Key(String),
    /// An array element, by position.
    Index(usize),
}

/// What the offset is on.
pub struct Hit<'a, 'b> {
    /// The path from the root to the value (or to the member whose key it is).
    pub path: Vec<PathStep>,
    /// Whether the offset is on a key (or its colon) rather than in its value.
    pub on_key: bool,
    /// The bytes of the key or value the offset is on.
    pub span: Range<usize>,
    /// The value at `path` (for a key, the member's value).
    pub value: &'b Value<'a>,
    /// The values along the path, root first, `value` last.
    pub chain: Vec<&'b Value<'a>>,
}

fn name_range(name: &StringLit<'_>) -> Range<usize> {
    name.range.start..name.range.end
}

/// The innermost key or value of `root` that holds byte `at`, or `None`
/// when `at` is outside the root value.
pub fn locate<'a, 'b>(root: &'b Value<'a>, at: usize) -> Option<Hit<'a, 'b>> {
    let whole = range(root);
    if at < whole.start || at >= whole.end {
        return None;
    }
    let mut hit = Hit {
        path: Vec::new(),
        on_key: false,
        span: whole,
        value: root,
        chain: vec![root],
    };
    loop {
        let next = match hit.value {
            Value::Object(o) => o.properties.iter().find_map(|p| {
                let key = name_range(&p.name);
                let end = range(&p.value).end;
                (key.start <= at && at < end).then(|| {
                    let on_key = at < range(&p.value).start;
                    (
                        PathStep::Key(p.name.as_str().to_string()),
                        &p.value,
                        on_key,
                        key,
                    )
                })
            }),
            Value::Array(a) => a.elements.iter().enumerate().find_map(|(i, v)| {
                let r = range(v);
                (r.start <= at && at < r.end).then_some((PathStep::Index(i), v, false, r))
            }),
            _ => None,
        };
        let Some((step, value, on_key, key_span)) = next else {
            return Some(hit);
        };
        hit.path.push(step);
        hit.chain.push(value);
        hit.value = value;
        hit.on_key = on_key;
        hit.span = if on_key { key_span } else { range(value) };
        if on_key {
            return Some(hit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::parse_whole as parse;

    fn path_at(text: &str, at: usize) -> (Vec<PathStep>, bool, Range<usize>) {
        let root = parse(text).unwrap();
        let hit = locate(&root, at).unwrap();
        (hit.path, hit.on_key, hit.span)
    }

    #[test]
    fn finds_keys_values_and_elements() {
        let text = r#"{"a": [1, {"b": "x"}], "c": 2}"#;
        assert_eq!(
            path_at(text, 2),
            (vec![PathStep::Key("a".into())], true, 1..4)
        );
        assert_eq!(
            path_at(text, 4),
            (vec![PathStep::Key("a".into())], true, 1..4)
        );
        assert_eq!(
            path_at(text, 7),
            (
                vec![PathStep::Key("a".into()), PathStep::Index(0)],
                false,
                7..8
            )
        );
        assert_eq!(
            path_at(text, 16),
            (
                vec![
                    PathStep::Key("a".into()),
                    PathStep::Index(1),
                    PathStep::Key("b".into())
                ],
                false,
                16..19
            )
        );
        assert_eq!(path_at(text, 0), (vec![], false, 0..30));
        let root = parse(text).unwrap();
        assert!(locate(&root, 30).is_none());
    }
}
