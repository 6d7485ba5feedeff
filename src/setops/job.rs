//! One run of the page's set workbench, as data: which operation over
//! which tabs with which options ([`Job`]), and what to show or open
//! ([`Answer`]). The page posts a job to its worker and draws the answer;
//! everything between is here, with native tests.

use super::{expr, Decode, Filter, Inputs};
use serde::{Deserialize, Serialize};

/// The workbench's operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Operation {
    /// `flux R decode`: the union.
    Union,
    /// `flux R append`.
    Append,
    /// `flux R diff`.
    Diff,
    /// `flux R intersect`.
    Intersect,
    /// `flux R verify`: a verdict, no tab.
    Verify,
    /// What the second tab adds and removes relative to the first, in words.
    Compare,
    /// `flux R decode --include/--exclude/--properties` of the union.
    Filter,
    /// `flux R set-property` on the union.
    SetProperty,
    /// `flux R remap` of the union.
    Remap,
    /// `flux R rerank HOSTLIST` of the union.
    Rerank,
    /// A set expression over tab letters.
    Expression,
}

/// One run: the operation, the chosen tabs (letter and text, in order)
/// and the options the operation reads.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Job {
    /// What to do; `None` is refused.
    pub operation: Option<Operation>,
    /// The chosen tabs in tab order (for an expression: every open tab).
    pub tabs: Vec<(char, String)>,
    /// `--include`, `--exclude`, `--properties` for [`Operation::Filter`].
    pub filter: Filter,
    /// `NAME[:RANKS]` items for [`Operation::SetProperty`], space separated.
    pub properties: String,
    /// The host list for [`Operation::Rerank`].
    pub hostlist: String,
    /// The expression for [`Operation::Expression`].
    pub expression: String,
}

/// What a run gives the page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// The result tab's name (`A − B`); empty when no tab opens.
    pub name: String,
    /// The result R text to open as a tab, exactly as `rscope R` prints it.
    pub text: Option<String>,
    /// What to say: a verdict, a comparison, or why the run was refused.
    pub message: String,
    /// True when `message` is a refusal (or a failed verification).
    pub refused: bool,
    /// The tab at fault, when one is.
    pub tab: Option<char>,
    /// For an expression error: its span in UTF-16 units of the expression.
    pub span: Option<(usize, usize)>,
    /// For an expression error: the expression before, at and after its span.
    pub marked: Option<(String, String, String)>,
}

impl Answer {
    fn refused(message: String, tab: Option<char>) -> Answer {
        Answer {
            message,
            refused: true,
            tab,
            ..Answer::default()
        }
    }
}

/// `A ∪ B ∪ C`: the letters joined by `symbol`.
fn joined(tabs: &[(char, String)], symbol: &str) -> String {
    let letters: Vec<String> = tabs.iter().map(|(c, _)| c.to_string()).collect();
    letters.join(&format!(" {symbol} "))
}

/// The result tab's name for `job`.
fn name(job: &Job, op: Operation) -> String {
    let all = joined(&job.tabs, "∪");
    let of = if job.tabs.len() > 1 {
        format!("({all})")
    } else {
        all.clone()
    };
    let f = &job.filter;
    match op {
        Operation::Union => all,
        Operation::Append => joined(&job.tabs, "+"),
        Operation::Diff => joined(&job.tabs, "−"),
        Operation::Intersect => joined(&job.tabs, "∩"),
        Operation::Filter => {
            let mut parts = vec![of];
            for (flag, v) in [
                ("--properties", &f.properties),
                ("--include", &f.include),
                ("--exclude", &f.exclude),
            ] {
                if let Some(v) = v {
                    parts.push(format!("{flag} {v}"));
                }
            }
            parts.join(" ")
        }
        Operation::SetProperty => format!("{of} with {}", job.properties.trim()),
        Operation::Remap => format!("remap {of}"),
        Operation::Rerank => format!("rerank {of} by {}", job.hostlist.trim()),
        Operation::Verify | Operation::Compare | Operation::Expression => String::new(),
    }
}

/// Run `job` in the core.
pub fn run(job: &Job) -> Answer {
    let Some(op) = job.operation else {
        return Answer::refused("choose an operation".into(), None);
    };
    let named: Vec<(char, &str)> = job.tabs.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let inputs = Inputs::tabs(&named);
    if op == Operation::Expression {
        return expression(job, &inputs);
    }
    if named.is_empty() {
        return Answer::refused("choose at least one tab".into(), None);
    }
    let tab_of = |i: Option<usize>| i.and_then(|i| named.get(i)).map(|(c, _)| *c);
    let result = match op {
        Operation::Verify => {
            return match super::verify(&inputs) {
                Ok(v) => Answer {
                    message: if v.ok && v.message.is_empty() {
                        "verified: the second R holds exactly what the first expects".into()
                    } else {
                        v.message
                    },
                    refused: !v.ok,
                    ..Answer::default()
                },
                Err(r) => Answer::refused(r.message, tab_of(r.input)),
            }
        }
        Operation::Compare => {
            return match super::summary::describe_inputs(&inputs) {
                Ok(words) => Answer {
                    message: format!("{} relative to {}: {words}", named[1].0, named[0].0),
                    ..Answer::default()
                },
                Err(r) => Answer::refused(r.message, tab_of(r.input)),
            }
        }
        Operation::Union => super::union(&inputs),
        Operation::Append => super::append(&inputs),
        Operation::Diff => super::diff(&inputs),
        Operation::Intersect => super::intersect(&inputs, false),
        Operation::Filter => super::decode(
            &inputs,
            &Decode {
                filter: job.filter.clone(),
                ..Decode::default()
            },
        ),
        Operation::SetProperty => {
            let items: Vec<String> = job
                .properties
                .split_whitespace()
                .map(String::from)
                .collect();
            super::set_property(&inputs, &items)
        }
        Operation::Remap => super::remap(&inputs),
        Operation::Rerank => {
            let h = job.hostlist.trim();
            super::rerank(&inputs, (!h.is_empty()).then_some(h))
        }
        Operation::Expression => return expression(job, &inputs),
    };
    match result {
        Ok(text) => Answer {
            name: name(job, op),
            text: Some(text),
            ..Answer::default()
        },
        Err(r) => Answer::refused(r.message, tab_of(r.input)),
    }
}

/// The UTF-16 offset of byte `at` of `text`.
fn utf16(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.char_indices()
        .take_while(|(i, _)| *i < at)
        .map(|(_, c)| c.len_utf16())
        .sum()
}

/// `text` cut at `span`, when the span falls on character boundaries.
fn marked(text: &str, span: std::ops::Range<usize>) -> Option<(String, String, String)> {
    let before = text.get(..span.start)?;
    let at = text.get(span.clone())?;
    let after = text.get(span.end..)?;
    Some((before.into(), at.into(), after.into()))
}

fn expression(job: &Job, inputs: &Inputs) -> Answer {
    let text = job.expression.as_str();
    let name = expr::parse(text).map(|e| e.name()).unwrap_or_default();
    match expr::evaluate(text, inputs) {
        Ok(out) => Answer {
            name,
            text: Some(out),
            ..Answer::default()
        },
        Err(expr::EvalError::Expr(e)) => Answer {
            message: format!(
                "{} (column {})",
                e.message,
                text[..e.span.start.min(text.len())].chars().count() + 1
            ),
            refused: true,
            span: Some((utf16(text, e.span.start), utf16(text, e.span.end))),
            marked: marked(text, e.span),
            ..Answer::default()
        },
        Err(expr::EvalError::Refused(r)) => {
            let tab = r
                .input
                .and_then(|i| inputs.sources.get(i))
                .and_then(|s| s.tab);
            Answer::refused(r.message, tab)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}], "nodelist": ["n[0-1]"]}}"#;
    const B: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-3"}}], "nodelist": ["n1"]}}"#;

    fn job(operation: Operation) -> Job {
        Job {
            operation: Some(operation),
            tabs: vec![('A', A.into()), ('B', B.into())],
            ..Job::default()
        }
    }

    #[test]
    fn results_are_named_by_their_expression() {
        let names: Vec<String> = [Operation::Union, Operation::Diff, Operation::Intersect]
            .map(|o| run(&job(o)).name)
            .into();
        assert_eq!(names, ["A ∪ B", "A − B", "A ∩ B"]);
        let mut f = job(Operation::Filter);
        f.filter.include = Some("0".into());
        let a = run(&f);
        assert_eq!(a.name, "(A ∪ B) --include 0");
        assert_eq!(
            a.text.as_deref(),
            Some(
                r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n0"]}}
"#
            )
        );
        let mut e = job(Operation::Expression);
        e.expression = "(A|B)-B".into();
        assert_eq!(run(&e).name, "(A ∪ B) − B");
    }

    #[test]
    fn refusals_name_the_tab_and_expression_errors_their_span() {
        let mut j = job(Operation::Union);
        j.tabs[1].1 = "{\"version\": 9}".into();
        let a = run(&j);
        assert_eq!(
            (a.refused, a.tab, a.message.as_str()),
            (
                true,
                Some('B'),
                "Failed to decode R in B: unsupported version 9 (line 1, column 13)"
            )
        );
        let mut e = job(Operation::Expression);
        e.expression = "A − (B".into();
        let a = run(&e);
        assert_eq!(a.message, "unbalanced '(': no ')' closes it (column 5)");
        assert_eq!(a.span, Some((4, 5)));
        assert_eq!(a.marked, Some(("A − ".into(), "(".into(), "B".into())));
    }

    #[test]
    fn verify_and_compare_answer_in_words() {
        let v = run(&job(Operation::Verify));
        assert_eq!(
            (v.refused, v.text, v.message.as_str()),
            (
                false,
                None,
                "verified: the second R holds exactly what the first expects"
            )
        );
        let c = run(&job(Operation::Compare));
        assert_eq!(c.message, "B relative to A: removes n0");
    }
}
