//! What `rscope shape` prints, as one function the CLI, the page and the JS
//! API share: the expansion's text, the shortest shape of a document, and
//! where an error sits in the shape text.

use super::{check, format, parse, Error, Options, Rfc14Finding};
use crate::diag::{line_col, LineCol};
use std::ops::Range;

/// How to print an expansion: `--yaml` and `--wrapresources`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// YAML (`yaml.dump`) instead of JSON (`json.dumps`).
    pub yaml: bool,
    /// Wrap the list in `{"resources": ...}`.
    pub wrap: bool,
}

/// An expansion as printed, with RFC 14's findings about it (the CLI
/// writes them as warnings on standard error, or fails on them).
#[derive(Clone, Debug, PartialEq)]
pub struct ShapePrinted {
    /// Standard output of `rscope shape`, final line break included.
    pub text: String,
    /// RFC 14 findings, each with its span in the shape text.
    pub findings: Vec<Rfc14Finding>,
}

/// Expand `text` and print it as `rscope shape` does with these options.
pub fn print(text: &str, options: &Options, style: Style) -> Result<ShapePrinted, Error> {
    let expansion = parse(text, options)?;
    let body = if style.yaml {
        expansion.to_yaml(style.wrap)
    } else {
        expansion.to_python_json(style.wrap)
    };
    Ok(ShapePrinted {
        text: body + "\n",
        findings: expansion.check(),
    })
}

/// The resources of a document written back as a shape, with RFC 14's
/// findings about them (checked before writing, so the CLI warns about
/// them even when no shape writes the resources).
#[derive(Clone, Debug, PartialEq)]
pub struct Reverse {
    /// RFC 14 findings about the resources (no spans: they are not shape text).
    pub findings: Vec<Rfc14Finding>,
    /// The shortest shape, as `rscope shape --format` prints it (without
    /// the line break), or why no shape writes these resources.
    pub shape: Result<String, String>,
}

/// The resources of a JSON or YAML document (a resources list or a
/// jobspec) as the shortest shape; an error when the document holds none.
pub fn shape_of_document(text: &str, options: &Options) -> Result<Reverse, String> {
    let resources = format::resources_of_document(text)?;
    Ok(Reverse {
        findings: check::check_resources(&resources),
        shape: format::format(&resources, options).map_err(|e| e.to_string()),
    })
}

/// An error placed in the shape text it came from: the message without
/// the location, the line and column where it starts, and the text cut at
/// its span (so a page underlines it without cutting the text itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedError {
    /// The message, e.g. `unclosed brace '{'`.
    pub message: String,
    /// Where the span starts (1-based, characters).
    pub at: LineCol,
    /// The text before the span.
    pub before: String,
    /// The span's text; one space when the span is empty at the end, so
    /// there is something to underline.
    pub marked: String,
    /// The text after the span.
    pub after: String,
}

impl PlacedError {
    /// The message with its place: `unclosed brace '{' at line 1, column 5`.
    pub fn located(&self) -> String {
        format!(
            "{} at line {}, column {}",
            self.message, self.at.line, self.at.col
        )
    }
}

/// What the page shows of a shape: its expansion with the RFC 14 findings
/// in words, or the error cut at its span. Plain data, so the shape worker
/// can expand a long shape and hand the answer over.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ShapeShown {
    /// The expansion as `rscope shape` prints it, and the findings.
    Expansion {
        /// What `rscope shape` prints.
        text: String,
        /// The RFC 14 findings, in words.
        findings: Vec<String>,
    },
    /// The error, cut at its span.
    Error {
        /// The text before the span.
        before: String,
        /// The span itself.
        marked: String,
        /// The text after the span.
        after: String,
        /// The message with its place.
        located: String,
    },
}

/// Expand `text` for the page: [`print`], or the error [`place`]d.
pub fn show(text: &str, options: &Options, style: Style) -> ShapeShown {
    match print(text, options, style) {
        Ok(p) => ShapeShown::Expansion {
            text: p.text,
            findings: p.findings.iter().map(|f| f.to_string()).collect(),
        },
        Err(e) => {
            let p = place(text, &e);
            ShapeShown::Error {
                located: p.located(),
                before: p.before,
                marked: p.marked,
                after: p.after,
            }
        }
    }
}

/// The start of a long expansion, for a page that shows a long one in part
/// (drawing 300 kB of text takes longer than a keystroke may): at most
/// `max` bytes, cut at a character boundary, and how many characters are
/// left out.
pub fn head(text: &str, max: usize) -> (&str, usize) {
    if text.len() <= max {
        return (text, 0);
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    (&text[..cut], text[cut..].chars().count())
}

/// A shape to expand, with the shape panel's options and how much of its
/// text the panel draws: what the page asks the shape worker.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExpandAsk {
    /// The shape text.
    pub text: String,
    /// `--yaml`.
    pub yaml: bool,
    /// `--rangedict`.
    pub rangedict: bool,
    /// `--wrapresources`.
    pub wrap: bool,
    /// `--label`.
    pub label: String,
    /// At most this many bytes of the expansion's text are wanted (None:
    /// all of it). A 10 000-vertex shape prints 300 kB, of which the panel
    /// draws 20 kB until asked for the rest: the rest is neither sent
    /// from the worker nor decoded by the page.
    pub head: Option<usize>,
}

/// An expansion as the panel draws it: [`ShapeShown`], its text cut to the
/// [`ExpandAsk::head`] asked for, and how many characters were cut off.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Expanded {
    /// The expansion (its start) or the error.
    pub shown: ShapeShown,
    /// Characters of the expansion's text left out (0: all of it is there).
    pub left: usize,
}

impl ExpandAsk {
    /// The expansion as the page shows it ([`show`]), cut to [`Self::head`].
    pub fn show(&self) -> Expanded {
        let options = Options {
            label: self.label.clone(),
            rangedict: self.rangedict,
        };
        let style = Style {
            yaml: self.yaml,
            wrap: self.wrap,
        };
        let mut shown = show(&self.text, &options, style);
        let mut left = 0;
        if let (Some(max), ShapeShown::Expansion { text, .. }) = (self.head, &mut shown) {
            let (kept, rest) = head(text, max);
            let cut = kept.len();
            text.truncate(cut);
            left = rest;
        }
        Expanded { shown, left }
    }

    /// Whether `other` asks for the same expansion, however much of it.
    pub fn same_shape(&self, other: &ExpandAsk) -> bool {
        (self.yaml, self.rangedict, self.wrap) == (other.yaml, other.rangedict, other.wrap)
            && self.label == other.label
            && self.text == other.text
    }
}

/// Place `error` in `text`.
pub fn place(text: &str, error: &Error) -> PlacedError {
    let (before, marked, after) = cut(text, error.span());
    PlacedError {
        message: error.message(),
        at: line_col(text, error.span().start),
        before,
        marked,
        after,
    }
}

/// `text` cut at `span` (clamped to the text and its character
/// boundaries); an empty span takes the character after it, or a space at
/// the end.
fn cut(text: &str, span: Range<usize>) -> (String, String, String) {
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor(span.start);
    let mut end = floor(span.end.max(start));
    if end == start {
        end = text[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8());
    }
    let marked = if end == start {
        " ".to_string()
    } else {
        text[start..end].to_string()
    };
    (text[..start].to_string(), marked, text[end..].to_string())
}

/// A shape to start from, with what it asks for in a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The shape.
    pub shape: &'static str,
    /// What it asks for, in this project's words.
    pub about: &'static str,
}

/// The shape the page's shape panel starts with.
pub const DEFAULT_SHAPE: &str = "node=2/slot=4/core=2";

/// The page's menu of shapes, after the forms RFC 46 describes.
pub const EXAMPLES: &[Example] = &[
    Example {
        shape: "slot/core",
        about: "one task on one core, anywhere",
    },
    Example {
        shape: "slot=4/core=2",
        about: "four tasks of two cores each, on any nodes",
    },
    Example {
        shape: "node=2/slot=4/core",
        about: "two nodes with four one-core tasks on each",
    },
    Example {
        shape: "node=2{x}/slot/core=4",
        about: "two whole nodes to yourself, one four-core task on each",
    },
    Example {
        shape: "slot=2/[core=4;gpu=1]",
        about: "two tasks, each with four cores and a GPU",
    },
    Example {
        shape: "node=2-4/slot/core",
        about: "between two and four nodes: as many as there are",
    },
    Example {
        shape: "slot=1+/core=4",
        about: "as many four-core tasks as fit, at least one",
    },
    Example {
        shape: "slot=2/node{-x}/core=2",
        about: "two tasks of one node each, sharing the node, two cores",
    },
    Example {
        shape: "[slot{a}/core;slot{b}/gpu]",
        about: "two kinds of task, named a and b",
    },
    Example {
        shape: "node/socket=2/slot/core=4",
        about: "sockets too: this one needs a graph-aware scheduler to place",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(text: &str, head: Option<usize>) -> ExpandAsk {
        ExpandAsk {
            text: text.into(),
            yaml: false,
            rangedict: false,
            wrap: false,
            label: "task".into(),
            head,
        }
    }

    fn expansion(text: &str, left: usize) -> Expanded {
        Expanded {
            shown: ShapeShown::Expansion {
                text: text.into(),
                findings: Vec::new(),
            },
            left,
        }
    }

    /// An expansion asked for in part comes cut to the bytes asked for,
    /// with the count of the characters left out; asked whole, it is what
    /// `rscope shape` prints.
    #[test]
    fn an_expansion_asked_in_part_is_cut_and_the_rest_counted() {
        let whole = "[{\"type\": \"slot\", \"count\": 1, \"label\": \"task\", \"with\": [{\"type\": \"core\", \"count\": 1}, {\"type\": \"core\", \"count\": 1}]}]\n";
        assert_eq!(
            ask("slot/[core;core]", Some(20)).show(),
            expansion("[{\"type\": \"slot\", \"c", 98)
        );
        assert_eq!(
            ask("slot/[core;core]", Some(1000)).show(),
            expansion(whole, 0)
        );
        assert_eq!(ask("slot/[core;core]", None).show(), expansion(whole, 0));
    }

    #[test]
    fn an_error_is_not_cut_and_leaves_nothing_out() {
        assert_eq!(
            ask("slot/", Some(2)).show(),
            Expanded {
                shown: ShapeShown::Error {
                    before: "slot/".into(),
                    marked: " ".into(),
                    after: String::new(),
                    located: "missing resource after '/' at line 1, column 6".into(),
                },
                left: 0,
            }
        );
    }

    #[test]
    fn the_same_shape_is_the_same_text_and_options_whatever_the_head() {
        let a = ask("node=2/core", Some(20));
        assert!(a.same_shape(&ask("node=2/core", None)));
        assert!(!a.same_shape(&ask("node=3/core", Some(20))));
        assert!(!a.same_shape(&ExpandAsk {
            yaml: true,
            ..a.clone()
        }));
        assert!(!a.same_shape(&ExpandAsk {
            rangedict: true,
            ..a.clone()
        }));
        assert!(!a.same_shape(&ExpandAsk {
            wrap: true,
            ..a.clone()
        }));
        assert!(!a.same_shape(&ExpandAsk {
            label: "t".into(),
            ..a.clone()
        }));
    }

    #[test]
    fn head_cuts_at_a_character_boundary() {
        assert_eq!(head("node", 10), ("node", 0));
        assert_eq!(head("nodé=2", 4), ("nod", 3));
        assert_eq!(head("nodé=2", 5), ("nodé", 2));
    }

    #[test]
    fn show_gives_the_expansion_or_the_error_cut_at_its_span() {
        let options = Options {
            label: "task".into(),
            rangedict: false,
        };
        assert_eq!(
            show("node=2", &options, Style::default()),
            ShapeShown::Expansion {
                text: "[{\"type\": \"node\", \"count\": 2}]\n".into(),
                findings: vec![],
            }
        );
        assert_eq!(
            show("slot/node{a", &options, Style::default()),
            ShapeShown::Error {
                before: "slot/node".into(),
                marked: "{".into(),
                after: "a".into(),
                located: "unclosed brace '{' at line 1, column 10".into(),
            }
        );
    }

    #[test]
    fn every_example_expands_cleanly() {
        for ex in EXAMPLES {
            let p = print(ex.shape, &Options::default(), Style::default()).unwrap();
            assert!(p.findings.is_empty(), "{}", ex.shape);
            assert!(!ex.about.ends_with('.'), "{}", ex.about);
        }
    }

    #[test]
    fn prints_as_the_cli_does() {
        let options = Options::default();
        let json = print("node=2/core", &options, Style::default()).unwrap();
        assert_eq!(
            json.text,
            "[{\"type\": \"node\", \"count\": 2, \"with\": [{\"type\": \"core\", \"count\": 1}]}]\n"
        );
        let yaml = print(
            "slot/core",
            &Options {
                label: "default".into(),
                rangedict: false,
            },
            Style {
                yaml: true,
                wrap: true,
            },
        )
        .unwrap();
        assert_eq!(
            yaml.text,
            "resources:\n- type: slot\n  count: 1\n  label: default\n  with:\n  - type: core\n    count: 1\n\n"
        );
    }

    #[test]
    fn findings_come_with_the_text() {
        let p = print("slot=30-3/core", &Options::default(), Style::default()).unwrap();
        assert_eq!(p.findings.len(), 1);
        assert_eq!(p.findings[0].span, Some(5..9));
    }

    #[test]
    fn shortest_shape_of_a_jobspec() {
        let jobspec = "version: 1\nresources:\n- type: node\n  count: 2\n  with:\n  - type: slot\n    label: task\n    count: 1\n    with:\n    - type: core\n      count: 4\n";
        let reverse = shape_of_document(jobspec, &Options::default()).unwrap();
        assert_eq!(reverse.shape.as_deref(), Ok("node=2/slot/core=4"));
        assert!(reverse.findings.is_empty());
        let odd =
            shape_of_document("[{\"type\": \"node\", \"count\": 0}]", &Options::default()).unwrap();
        assert_eq!(odd.findings.len(), 1);
        assert_eq!(
            shape_of_document("42", &Options::default()).unwrap_err(),
            "the document is not a resources list or a jobspec"
        );
    }

    #[test]
    fn errors_are_placed_and_cut() {
        let text = "slot/node{a:1";
        let e = parse(text, &Options::default()).unwrap_err();
        let p = place(text, &e);
        assert_eq!(p.located(), "unclosed brace '{' at line 1, column 10");
        assert_eq!(
            (p.before.as_str(), p.marked.as_str(), p.after.as_str()),
            ("slot/node", "{", "a:1")
        );
        let text = "slot/";
        let e = parse(text, &Options::default()).unwrap_err();
        let p = place(text, &e);
        assert_eq!(
            (p.before.as_str(), p.marked.as_str(), p.after.as_str()),
            ("slot/", " ", "")
        );
        assert_eq!(p.at, LineCol { line: 1, col: 6 });
        let (b, m, a) = cut("né=", 2..2);
        assert_eq!((b.as_str(), m.as_str(), a.as_str()), ("n", "é", "="));
    }
}
