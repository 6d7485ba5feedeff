//! Read arbitrary text as a `--requires` query and as an RFC 31 JSON
//! constraint: no panic, errors point inside the text, a query's object
//! prints as JSON that reads back to the same value, and a node is
//! explained exactly when it is not selected; the page's constraint
//! field outlines what it says it does; both readings (Rv1Set's, the
//! default, and librlist's) answer each node and say where they differ
//! without a panic, and the playground says what it selects in both
//! readings' words (`Rv1Constraint::as_librlist`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::constraint::{query, Constraint, ConstraintReading, Selector, Target};

struct Probe(u32, Option<&'static str>, &'static [&'static str]);

impl Target for Probe {
    fn rank(&self) -> u32 {
        self.0
    }
    fn hostname(&self) -> Option<&str> {
        self.1
    }
    fn has_property(&self, name: &str) -> bool {
        self.2.contains(&name)
    }
}

const NODES: [Probe; 3] = [
    Probe(0, Some("foo0"), &["xx", "yy"]),
    Probe(3, Some("bar"), &["gpu"]),
    Probe(7, None, &[]),
];

fn explain(c: &Constraint) {
    for n in &NODES {
        assert_eq!(c.why_not(n).is_some(), !c.matches(n));
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match query::parse(text) {
        Ok(term) => {
            let printed = term.to_python_json();
            assert!(rscope_core::json::parse(&printed).is_ok(), "{printed}");
            let value = term.to_value();
            // serde_json stops at 128 levels; a query may nest 256.
            if let Ok(read) = serde_json::from_str::<serde_json::Value>(&printed) {
                assert_eq!(read, value);
            }
            if let Ok(c) = Constraint::from_json(&value) {
                explain(&c);
            }
        }
        Err(e) => {
            assert!(e.span.start <= e.span.end && e.span.end <= text.len());
            assert!(text.is_char_boundary(e.span.start) && text.is_char_boundary(e.span.end));
        }
    }
    if let Ok(c) = Constraint::parse(text) {
        explain(&c);
    }
    outline_on_a_grid(text);
    if let Ok(r) = rscope_core::teach::play::read(rscope_core::teach::play::PlayFormat::Constraint, text) {
        assert!(r.steps.iter().any(|s| s.contains("selects") || s.contains("refuses")));
    }
    for reading in [ConstraintReading::Rv1Set, ConstraintReading::Librlist] {
        if let Ok(s) = Selector::parse(text, reading) {
            for n in &NODES {
                let _ = s.matches(n);
            }
            let nodes: Vec<&Probe> = NODES.iter().collect();
            let _ = s.note(&nodes);
        }
    }
});

/// The page's constraint field over a small grid: the nodes it outlines
/// are the ones it says match.
fn outline_on_a_grid(text: &str) {
    thread_local! {
        static GRID: rscope_core::grid::Grid = {
            let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0"}}],
                "nodelist": ["a[0-3]"], "properties": {"gpu": "0-1", "ssd": "1-2"}}}"#;
            rscope_core::grid::Grid::new(&rscope_core::rset::load(r).expect("the fixed R reads"), None, None)
        };
    }
    GRID.with(|grid| {
        if let Some(Ok(o)) = rscope_core::grid::constraint::outline(grid, text) {
            assert!(o.ranks.len() <= 4);
            assert_eq!(o.first_left_out.is_some(), o.ranks.len() < 4);
        }
    });
}
