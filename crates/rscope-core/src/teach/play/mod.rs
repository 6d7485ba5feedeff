//! The playground for the small formats: an RFC 22 id set, an RFC 29 host
//! list, an RFC 45 range, an RFC 46 shape or an RFC 31 constraint
//! (`constraint`: a `--requires` query or the JSON object), read with its
//! canonical form, its members (bounded), its count, a step-by-step
//! reading, or the error with its span. Set operations on two lists are `commands::lists`', the
//! same as `rscope hostlist`'s; this is the reading.

use crate::explain::listed;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::range::Range;
use crate::shape::{self, Options};
use crate::words::count;
use serde::Serialize;

mod constraint;

/// The most members a reading lists.
pub const MAX_EXPANDED: usize = 64;

/// Which small format to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayFormat {
    /// RFC 22 id set.
    IdSet,
    /// RFC 29 host list.
    Hostlist,
    /// RFC 45 range.
    Range,
    /// RFC 46 shape.
    Shape,
    /// RFC 31 constraint: a `--requires` query, or the JSON object when
    /// the text starts with `{`.
    Constraint,
}

impl PlayFormat {
    /// The format named `idset`, `hostlist`, `range`, `shape` or
    /// `constraint`.
    pub fn named(name: &str) -> Option<PlayFormat> {
        Some(match name {
            "idset" => PlayFormat::IdSet,
            "hostlist" => PlayFormat::Hostlist,
            "range" => PlayFormat::Range,
            "shape" => PlayFormat::Shape,
            "constraint" => PlayFormat::Constraint,
            _ => return None,
        })
    }
}

/// A text read in one of the small formats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    /// The canonical spelling.
    pub canonical: String,
    /// How many members, when finite.
    pub count: Option<u64>,
    /// The first members (at most [`MAX_EXPANDED`]).
    pub members: Vec<String>,
    /// How many members are not listed (`None` when there is no end).
    pub more: Option<u64>,
    /// The reading, step by step.
    pub steps: Vec<String>,
}

/// Why a text is not in the format, and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// What is wrong.
    pub message: String,
    /// The bytes at fault.
    pub span: (usize, usize),
    /// The 1-based column (in characters) where they start.
    pub column: usize,
    /// The text with the bytes at fault marked by `>>` and `<<`, to show.
    pub marked: String,
}

/// The longest text the playground reads (a host list or shape typed by
/// hand is far shorter).
pub const MAX_PLAY_BYTES: usize = 64 * 1024;

/// Read `text` as `format`.
pub fn read(format: PlayFormat, text: &str) -> Result<Reading, Problem> {
    if text.len() > MAX_PLAY_BYTES {
        return Err(Problem {
            message: format!(
                "{} bytes is more than the playground's limit of {MAX_PLAY_BYTES} bytes",
                text.len()
            ),
            span: (0, 0),
            column: 1,
            marked: String::new(),
        });
    }
    let read = match format {
        PlayFormat::IdSet => idset(text),
        PlayFormat::Hostlist => hostlist(text),
        PlayFormat::Range => range(text),
        PlayFormat::Shape => shape(text),
        PlayFormat::Constraint => constraint::read(text),
    };
    read.map_err(|(message, span)| {
        let end = span.end.min(text.len()).max(span.start.min(text.len()));
        let start = span.start.min(end);
        let (before, at, after) = match (text.get(..start), text.get(start..end), text.get(end..)) {
            (Some(b), Some(a), Some(f)) => (b, a, f),
            _ => (text, "", ""),
        };
        Problem {
            message,
            span: (span.start, span.end),
            column: crate::diag::line_col(text, start).col,
            marked: format!("{before}>>{at}<<{after}"),
        }
    })
}

type Failed = (String, std::ops::Range<usize>);

fn problem(message: String, span: std::ops::Range<usize>) -> Failed {
    (message, span)
}

/// The pieces of `text` between top-level commas (outside brackets), each
/// with its byte offset.
fn pieces(text: &str) -> Vec<(usize, &str)> {
    let (mut out, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push((start, &text[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push((start, &text[start..]));
    out
}

fn idset(text: &str) -> Result<Reading, Failed> {
    let ids = IdSet::decode(text).map_err(|e| problem(e.message(), e.span()))?;
    let mut steps: Vec<String> = pieces(text.trim_start_matches('[').trim_end_matches(']'))
        .into_iter()
        .filter(|(_, p)| !p.is_empty())
        .map(|(_, p)| match IdSet::decode(p) {
            Ok(one) if one.len() == 1 => format!("'{p}': the id {one}"),
            Ok(one) => {
                let first: Vec<String> = one.iter().take(8).map(|i| i.to_string()).collect();
                format!(
                    "'{p}': a range, {} ({})",
                    listed(&first, one.len()),
                    count(one.len(), "id")
                )
            }
            Err(_) => format!("'{p}'"),
        })
        .collect();
    let canonical = ids.encode(false);
    steps.push(format!(
        "so {}, written {canonical}",
        count(ids.len(), "id")
    ));
    if canonical != text {
        steps.push(format!(
            "RFC 22's canonical form is ascending with ranges merged: {canonical}"
        ));
    }
    let members: Vec<String> = ids
        .iter()
        .take(MAX_EXPANDED)
        .map(|i| i.to_string())
        .collect();
    Ok(Reading {
        more: Some(ids.len() - members.len() as u64),
        canonical,
        count: Some(ids.len()),
        members,
        steps,
    })
}

fn hostlist(text: &str) -> Result<Reading, Failed> {
    let hosts = Hostlist::parse(text).map_err(|e| problem(e.message(), e.span()))?;
    let mut steps: Vec<String> = pieces(text)
        .into_iter()
        .filter(|(_, p)| !p.is_empty())
        .map(|(_, p)| host_step(p))
        .collect();
    let canonical = hosts.to_string();
    steps.push(format!(
        "so {}, written {canonical}",
        count(hosts.len(), "host")
    ));
    let members: Vec<String> = hosts.iter().take(MAX_EXPANDED).collect();
    Ok(Reading {
        more: Some(hosts.len() - members.len() as u64),
        canonical,
        count: Some(hosts.len()),
        members,
        steps,
    })
}

/// One piece of a host list: `node[1-4,7]`: prefix `node`, numbers 1, 2,
/// 3, 4 and 7, so 5 hosts.
fn host_step(piece: &str) -> String {
    let Ok(one) = Hostlist::parse(piece) else {
        return format!("'{piece}'");
    };
    match piece.split_once('[') {
        Some((prefix, rest)) => {
            let inside = rest.split(']').next().unwrap_or("");
            let numbers = IdSet::decode(inside)
                .map(|ids| {
                    let first: Vec<String> = ids.iter().take(8).map(|i| i.to_string()).collect();
                    listed(&first, ids.len())
                })
                .unwrap_or_else(|_| inside.to_string());
            format!(
                "'{piece}': prefix '{prefix}', numbers {numbers}, so {}",
                count(one.len(), "host")
            )
        }
        None => format!("'{piece}': one host"),
    }
}

fn range(text: &str) -> Result<Reading, Failed> {
    let r = Range::parse(text).map_err(|e| problem(e.message(), e.span()))?;
    let canonical = r.encode(false, false);
    let values: Vec<u64> = r.values(u64::MAX).take(MAX_EXPANDED).collect();
    let total = r.max().map(|max| match r.operator().as_char() {
        '+' => (max - r.min()) / r.operand() + 1,
        // Multiplying or raising at least doubles: at most 64 steps.
        _ => r.values(u64::MAX).take_while(|v| *v <= max).count() as u64,
    });
    let step = match r.operator().as_char() {
        '+' => format!("add {}", r.operand()),
        '*' => format!("multiply by {}", r.operand()),
        _ => format!("raise to the power {}", r.operand()),
    };
    let steps = vec![
        format!("from {}", r.min()),
        match r.max() {
            Some(max) => format!("up to {max}"),
            None => "with no upper end".to_string(),
        },
        format!("each next count: {step}"),
    ];
    let members: Vec<String> = values.iter().map(u64::to_string).collect();
    Ok(Reading {
        more: total.map(|t| t.saturating_sub(members.len() as u64)),
        canonical,
        count: total,
        members,
        steps,
    })
}

fn shape(text: &str) -> Result<Reading, Failed> {
    let options = Options {
        label: "task".into(),
        rangedict: false,
    };
    let expansion = shape::parse(text, &options).map_err(|e| problem(e.message(), e.span()))?;
    let json = expansion.to_python_json(false);
    let canonical = shape::print::shape_of_document(&json, &options)
        .ok()
        .and_then(|r| r.shape.ok())
        .unwrap_or_else(|| text.to_string());
    let yaml = expansion.to_yaml(false);
    let lines: Vec<String> = yaml.lines().map(str::to_string).collect();
    let members: Vec<String> = lines.iter().take(MAX_EXPANDED).cloned().collect();
    Ok(Reading {
        more: Some((lines.len() - members.len()) as u64),
        canonical,
        count: None,
        members,
        steps: vec![
            "each '/' puts what follows inside what comes before".to_string(),
            "as RFC 14 resources, in YAML, below".to_string(),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn host_lists_read_step_by_step() {
        let r = read(PlayFormat::Hostlist, "node[1-4,7]").unwrap();
        assert_eq!(r.canonical, "node[1-4,7]");
        assert_eq!(r.count, Some(5));
        assert_eq!(
            r.members,
            strings(&["node1", "node2", "node3", "node4", "node7"])
        );
        assert_eq!(
            r.steps,
            strings(&[
                "'node[1-4,7]': prefix 'node', numbers 1, 2, 3, 4 and 7, so 5 hosts",
                "so 5 hosts, written node[1-4,7]"
            ])
        );
        let two = read(PlayFormat::Hostlist, "b2,a[1-2]").unwrap();
        assert_eq!(
            two.steps,
            strings(&[
                "'b2': one host",
                "'a[1-2]': prefix 'a', numbers 1 and 2, so 2 hosts",
                "so 3 hosts, written b2,a[1-2]"
            ])
        );
        assert_eq!(
            read(PlayFormat::Hostlist, "node[1-").unwrap_err(),
            Problem {
                message: "unclosed '['".into(),
                span: (4, 5),
                column: 5,
                marked: "node>>[<<1-".into()
            }
        );
        let long = "a".repeat(MAX_PLAY_BYTES + 1);
        assert_eq!(
            read(PlayFormat::Hostlist, &long).unwrap_err().message,
            "65537 bytes is more than the playground's limit of 65536 bytes"
        );
    }

    #[test]
    fn id_sets_and_their_canonical_form() {
        let r = read(PlayFormat::IdSet, "0-2,3,7").unwrap();
        assert_eq!(r.canonical, "0-3,7");
        assert_eq!(r.count, Some(5));
        assert_eq!(
            r.steps,
            strings(&[
                "'0-2': a range, 0, 1 and 2 (3 ids)",
                "'3': the id 3",
                "'7': the id 7",
                "so 5 ids, written 0-3,7",
                "RFC 22's canonical form is ascending with ranges merged: 0-3,7"
            ])
        );
        let big = read(PlayFormat::IdSet, "0-99").unwrap();
        assert_eq!((big.members.len(), big.more), (64, Some(36)));
        let bad = read(PlayFormat::IdSet, "3-1").unwrap_err();
        assert_eq!(bad.span, (0, 3));
    }

    #[test]
    fn ranges_enumerate_their_counts() {
        let r = read(PlayFormat::Range, "2-8:2:*").unwrap();
        assert_eq!(r.members, strings(&["2", "4", "8"]));
        assert_eq!((r.count, r.more), (Some(3), Some(0)));
        assert_eq!(
            r.steps,
            strings(&["from 2", "up to 8", "each next count: multiply by 2"])
        );
        let many = read(PlayFormat::Range, "1-1000000000").unwrap();
        assert_eq!(
            (many.count, many.more),
            (Some(1_000_000_000), Some(999_999_936))
        );
        let open = read(PlayFormat::Range, "4+").unwrap();
        assert_eq!((open.count, open.more), (None, None));
        assert_eq!(open.members.len(), 64);
        assert_eq!(open.steps[1], "with no upper end");
    }

    #[test]
    fn shapes_expand() {
        let r = read(PlayFormat::Shape, "slot=2/core").unwrap();
        assert_eq!(r.canonical, "slot=2/core");
        assert!(r.members.iter().any(|l| l.contains("core")));
        assert!(read(PlayFormat::Shape, "slot/").is_err());
    }
}
