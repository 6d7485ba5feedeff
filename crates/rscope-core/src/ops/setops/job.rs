//! One run of the page's set workbench, as data: which operation over
//! which tabs with which options ([`Job`]), and what to show or open
//! ([`JobAnswer`]). The page posts a job to its worker and draws the answer;
//! everything between is here, with native tests.

use super::provenance::{self, Provenance};
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
    /// `--keep-data` for [`Operation::Intersect`]: keep the first tab's
    /// properties, times and attributes.
    #[serde(default)]
    pub keep_data: bool,
    /// `rscope R --indent`: the result laid out a member a line, for
    /// reading in an editor, rather than `flux R`'s one line.
    #[serde(default)]
    pub indent: bool,
    /// Each tab's name (its source), in the order of `tabs`, for the
    /// result's [`Provenance`]; missing names are empty.
    #[serde(default)]
    pub names: Vec<String>,
    /// Read each tab as its whole system (the page's workbench): a tab
    /// whose text is not an R, or that has documents beside it, gives its
    /// system's resources ([`crate::system::run_job`]). `rscope R` and the
    /// JS API read R texts only, as `flux R` does.
    #[serde(default)]
    pub systems: bool,
    /// With [`Job::systems`]: the documents beside each tab of `tabs`
    /// (name and text, in order), as [`crate::tabs::Doc::beside`] lists them.
    #[serde(default)]
    pub beside: Vec<Vec<(String, String)>>,
}

impl Job {
    /// Fill the job's texts, sent apart from it: `texts` holds each tab's
    /// text in order, then each text beside them, tab by tab.
    pub fn fill(&mut self, texts: impl IntoIterator<Item = String>) {
        let slots = (self.tabs.iter_mut().map(|(_, t)| t))
            .chain(self.beside.iter_mut().flatten().map(|(_, t)| t));
        for (slot, text) in slots.zip(texts) {
            *slot = text;
        }
    }
}

/// What a run gives the page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobAnswer {
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
    /// Where the result came from, when a tab opens.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Warnings beside the answer, such as a rank that the tabs give two
    /// host names ([`super::host_conflicts`]).
    #[serde(default)]
    pub warnings: Vec<String>,
}

impl JobAnswer {
    /// A refusal: `message`, about `tab` when one is at fault.
    pub fn refused(message: String, tab: Option<char>) -> JobAnswer {
        JobAnswer {
            message,
            refused: true,
            tab,
            ..JobAnswer::default()
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
        Operation::Intersect if job.keep_data => format!("{} --keep-data", joined(&job.tabs, "∩")),
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

/// What a caller worked out from a text before a job needs it.
#[derive(Clone, Debug)]
pub struct Known {
    /// The text read to its R documents.
    pub read: super::ReadSets,
    /// The text's [`provenance::digest`].
    pub digest: String,
    /// When `read` is a tab's system rather than its text: the names of
    /// the documents it was read from, for the command line that prints it.
    pub system: Option<Vec<String>>,
}

impl Known {
    /// Read and digest `text` now.
    pub fn of(text: &str) -> Known {
        Known {
            read: std::rc::Rc::new(crate::rset::load_stream(text)),
            digest: provenance::digest(text),
            system: None,
        }
    }
}

/// Run `job` in the core.
pub fn run(job: &Job) -> JobAnswer {
    run_read(job, &|_, _| None)
}

/// What a caller knows of the `i`th tab's text, when it knows it.
pub type KnownOf<'k> = &'k dyn Fn(usize, &str) -> Option<Known>;

/// [`run`], with what `known` knows of a text taken from it rather than
/// worked out again.
pub fn run_read(job: &Job, known: KnownOf) -> JobAnswer {
    run_kept(job, known).0
}

/// [`run_read`], with the result set of a run that opens a tab.
pub fn run_kept(job: &Job, known: KnownOf) -> (JobAnswer, Option<crate::rset::Rset>) {
    let named: Vec<(char, &str)> = job.tabs.iter().map(|(c, t)| (*c, t.as_str())).collect();
    let mut inputs = Inputs::tabs(&named);
    inputs.keep = true;
    for (i, s) in inputs.sources.iter_mut().enumerate() {
        if let Some(k) = known(i, s.text) {
            s.read = Some(k.read);
            s.digest = Some(k.digest);
            s.system = k.system;
        }
    }
    let mut answer = answer(job, &named, &inputs);
    answer.warnings = inputs.warnings.take();
    let set = inputs.result.take().filter(|_| answer.text.is_some());
    (answer, set)
}

/// `rscope R`'s own flags for `job`: `--indent` when it asks for it.
fn r_flags(job: &Job) -> &'static [&'static str] {
    if job.indent {
        &["--indent"]
    } else {
        &[]
    }
}

/// A result text as the command of [`r_flags`] prints it.
fn laid_out(job: &Job, text: String) -> String {
    match job.indent {
        true => crate::json::indent::indent(&text).unwrap_or(text),
        false => text,
    }
}

/// The answer to `job` over `inputs` (the tabs `named`).
fn answer(job: &Job, named: &[(char, &str)], inputs: &Inputs) -> JobAnswer {
    let Some(op) = job.operation else {
        return JobAnswer::refused("choose an operation".into(), None);
    };
    if op == Operation::Expression {
        return expression(job, inputs);
    }
    if named.is_empty() {
        return JobAnswer::refused("choose at least one tab".into(), None);
    }
    let tab_of = |i: Option<usize>| i.and_then(|i| named.get(i)).map(|(c, _)| *c);
    let result = match op {
        Operation::Verify => return verified(inputs, named, tab_of),
        Operation::Compare => {
            return match super::summary::describe_inputs(inputs) {
                Ok(words) => JobAnswer {
                    message: format!("{} relative to {}: {words}", named[1].0, named[0].0),
                    ..JobAnswer::default()
                },
                Err(r) => JobAnswer::refused(r.message, tab_of(r.input)),
            }
        }
        Operation::Union => super::union(inputs),
        Operation::Append => super::append(inputs),
        Operation::Diff => super::diff(inputs),
        Operation::Intersect => super::intersect(inputs, job.keep_data),
        Operation::Filter => super::decode(
            inputs,
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
            super::set_property(inputs, &items)
        }
        Operation::Remap => super::remap(inputs),
        Operation::Rerank => {
            let h = job.hostlist.trim();
            super::rerank(inputs, (!h.is_empty()).then_some(h))
        }
        Operation::Expression => return expression(job, inputs),
    };
    match result {
        Ok(text) => {
            let text = laid_out(job, text);
            let name = name(job, op);
            let (args, options) = command_args(job, op);
            let letters: Vec<char> = named.iter().map(|(c, _)| *c).collect();
            let made = made_from(job, inputs, op, &name, &text, &letters, options);
            JobAnswer {
                provenance: Some(Provenance {
                    command: provenance::from_systems(
                        &systems_read(inputs, &letters),
                        provenance::stdin_command(&letters, &args),
                    ),
                    ..made
                }),
                name,
                text: Some(text),
                ..JobAnswer::default()
            }
        }
        Err(r) => JobAnswer::refused(r.message, tab_of(r.input)),
    }
}

/// The menu value of `op` (`set-property`), as the job names it.
/// What Verify answers: flux R's verdict on the second tab's one rank,
/// then how the two sets stand as wholes, which the verdict does not say
/// (a tab of four nodes "verifies" a tab holding one of them).
fn verified(
    inputs: &Inputs,
    named: &[(char, &str)],
    tab_of: impl Fn(Option<usize>) -> Option<char>,
) -> JobAnswer {
    let v = match super::verify(inputs) {
        Ok(v) => v,
        Err(r) => return JobAnswer::refused(r.message, tab_of(r.input)),
    };
    if !v.ok {
        return JobAnswer::refused(v.message, None);
    }
    let (a, b) = (named[0].0, named.get(1).map_or('?', |n| n.0));
    let verdict = match v.message.is_empty() {
        true => format!("verified: {b}'s one rank holds what {a} expects of that rank"),
        false => format!("verified, with a note: {}", v.message),
    };
    let message = match super::summary::relation(inputs, (a, b)) {
        Ok(relation) => format!("{verdict}. As wholes, {relation}"),
        Err(_) => verdict,
    };
    JobAnswer {
        message,
        ..JobAnswer::default()
    }
}

fn op_value(op: Operation) -> String {
    serde_json::to_value(op)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The `rscope R` arguments that print what `job` made (after `rscope R`),
/// and its options as flag and value pairs.
fn command_args(job: &Job, op: Operation) -> (Vec<String>, Vec<(String, String)>) {
    let mut options: Vec<(String, String)> = Vec::new();
    let sub = match op {
        Operation::Union | Operation::Filter => "decode",
        Operation::Intersect => "intersect",
        _ => "",
    };
    let mut args: Vec<String> = r_flags(job).iter().map(|f| f.to_string()).collect();
    args.push(if sub.is_empty() {
        op_value(op)
    } else {
        sub.into()
    });
    if op == Operation::Filter {
        let f = &job.filter;
        for (flag, v) in [
            ("--properties", &f.properties),
            ("--include", &f.include),
            ("--exclude", &f.exclude),
        ] {
            if let Some(v) = v {
                options.push((flag.into(), v.clone()));
            }
        }
    }
    if op == Operation::Intersect && job.keep_data {
        options.push(("--keep-data".into(), String::new()));
    }
    for (flag, v) in &options {
        args.push(flag.clone());
        if !v.is_empty() {
            args.push(v.clone());
        }
    }
    match op {
        Operation::SetProperty => args.extend(job.properties.split_whitespace().map(String::from)),
        Operation::Rerank => args.push(job.hostlist.trim().to_string()),
        _ => {}
    }
    match op {
        Operation::SetProperty => {
            options.push(("NAME[:RANKS]".into(), job.properties.trim().into()))
        }
        Operation::Rerank => options.push(("HOSTLIST".into(), job.hostlist.trim().into())),
        _ => {}
    }
    (args, options)
}

/// The [`Provenance`] of `text`, made by `op` from the tabs `letters` of
/// `job` (its command line left for the caller).
fn made_from(
    job: &Job,
    inputs: &Inputs,
    op: Operation,
    name: &str,
    text: &str,
    letters: &[char],
    options: Vec<(String, String)>,
) -> Provenance {
    let inputs = letters
        .iter()
        .filter_map(|l| job.tabs.iter().position(|(c, _)| c == l))
        .map(|i| {
            let t = &job.tabs[i].1;
            provenance::SourceTab {
                tab: job.tabs[i].0,
                name: job.names.get(i).cloned().unwrap_or_default(),
                bytes: t.len(),
                digest: match inputs.sources.get(i).and_then(|s| s.digest.clone()) {
                    Some(d) => d,
                    None => provenance::digest(t),
                },
            }
        })
        .collect();
    Provenance {
        operation: op_value(op),
        expression: name.into(),
        inputs,
        options,
        command: String::new(),
        result: provenance::digest(text),
    }
}

/// The tabs of `used` read as their systems, each with its documents' names.
fn systems_read(inputs: &Inputs, used: &[char]) -> Vec<(char, Vec<String>)> {
    (inputs.sources.iter())
        .filter_map(|s| Some((s.tab.filter(|c| used.contains(c))?, s.system.clone()?)))
        .collect()
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

fn expression(job: &Job, inputs: &Inputs) -> JobAnswer {
    let text = job.expression.as_str();
    let parsed = expr::parse(text).ok();
    let name = parsed.as_ref().map(|e| e.name()).unwrap_or_default();
    match expr::evaluate(text, inputs) {
        Ok(out) => {
            let out = laid_out(job, out);
            let letters = parsed.map(|e| e.letters()).unwrap_or_default();
            let made = made_from(
                job,
                inputs,
                Operation::Expression,
                &name,
                &out,
                &letters,
                vec![],
            );
            JobAnswer {
                provenance: Some(Provenance {
                    command: provenance::from_systems(
                        &systems_read(inputs, &letters),
                        provenance::eval_command(r_flags(job), text, &letters),
                    ),
                    ..made
                }),
                name,
                text: Some(out),
                ..JobAnswer::default()
            }
        }
        Err(expr::EvalError::Expr(e)) => JobAnswer {
            message: format!(
                "{} (column {})",
                e.message,
                text[..e.span.start.min(text.len())].chars().count() + 1
            ),
            refused: true,
            span: Some((utf16(text, e.span.start), utf16(text, e.span.end))),
            marked: marked(text, e.span),
            ..JobAnswer::default()
        },
        Err(expr::EvalError::Refused(r)) => {
            let tab = r
                .input
                .and_then(|i| inputs.sources.get(i))
                .and_then(|s| s.tab);
            JobAnswer::refused(r.message, tab)
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
    fn texts_read_before_are_taken_as_read() {
        // The worker's reads stand for the texts: here tab B's text is not
        // even an R, yet the run takes what was read for it.
        let mut j = job(Operation::Union);
        j.tabs[1].1 = "not read again".into();
        let known_b = Known::of(B);
        let read = |_: usize, text: &str| (text == "not read again").then(|| known_b.clone());
        let answer = run_read(&j, &read);
        assert_eq!(answer.text, run(&job(Operation::Union)).text);
        // Its digest too: the one of B, not of the text given.
        let inputs = answer.provenance.expect("a result").inputs;
        assert_eq!(inputs[1].digest, provenance::digest(B));
        assert_eq!(
            run(&j).message,
            "Failed to read an R object in B: not JSON: expected ident (line 1, column 1)"
        );
    }

    #[test]
    fn a_rank_named_twice_opens_the_result_with_a_warning() {
        let other = B.replace("n1", "m1");
        let warning = "rank 1 is n1 in A but m1 in B: a rank is one host, so one name is wrong; the result keeps the first, as flux R does";
        for op in [Operation::Diff, Operation::Expression] {
            let mut j = job(op);
            j.tabs[1].1 = other.clone();
            j.expression = "A - B".into();
            let a = run(&j);
            assert_eq!(
                (a.refused, a.text.is_some(), a.warnings),
                (false, true, vec![warning.to_string()]),
                "{op:?}"
            );
        }
        assert_eq!(run(&job(Operation::Diff)).warnings, Vec::<String>::new());
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
    fn keep_data_intersect_is_named_and_printed_as_the_cli_does() {
        let mut j = job(Operation::Intersect);
        j.tabs[0].1 =
            crate::setops::set_property(&Inputs::tabs(&[('A', A)]), &["big".into()]).unwrap();
        j.keep_data = true;
        let a = run(&j);
        assert_eq!(a.name, "A ∩ B --keep-data");
        let both = format!("{}{B}", j.tabs[0].1);
        assert_eq!(
            a.text,
            Some(crate::setops::intersect(&Inputs::stdin(&both), true).unwrap())
        );
        assert!(a.text.unwrap().contains(r#""properties": {"big": "1"}"#));
        let p = a.provenance.unwrap();
        assert_eq!(
            (p.options, p.command.as_str()),
            (
                vec![("--keep-data".to_string(), String::new())],
                "cat A.json B.json | rscope R intersect --keep-data"
            )
        );
    }

    #[test]
    fn an_indented_result_is_what_rscope_r_indent_prints() {
        let mut u = job(Operation::Union);
        u.indent = true;
        let a = run(&u);
        let flat = run(&job(Operation::Union)).text.unwrap();
        let text = a.text.unwrap();
        assert_eq!(text, crate::json::indent::indent(&flat).unwrap());
        assert!(text.starts_with("{\n  \"version\": 1,\n  \"execution\": {\n"));
        let p = a.provenance.unwrap();
        assert_eq!(
            (p.command.as_str(), p.result),
            (
                "cat A.json B.json | rscope R --indent decode",
                provenance::digest(&text)
            )
        );
        assert_eq!(p.options, []);
        let mut e = job(Operation::Expression);
        e.expression = "A | B".into();
        e.indent = true;
        let p = run(&e).provenance.unwrap();
        assert_eq!(
            p.command,
            "rscope R --indent eval 'A | B' A=A.json B=B.json"
        );
    }

    #[test]
    fn a_result_remembers_its_inputs_options_and_command() {
        let mut f = job(Operation::Filter);
        f.names = vec!["a.json".into(), "= A ∪ C".into()];
        f.filter.include = Some("n[0-1]".into());
        f.filter.exclude = Some("n1".into());
        let a = run(&f);
        assert_eq!(a.name, "(A ∪ B) --include n[0-1] --exclude n1");
        let p = a.provenance.unwrap();
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            format!(
                r#"{{"operation":"filter","expression":"(A ∪ B) --include n[0-1] --exclude n1","inputs":[{{"tab":"A","name":"a.json","bytes":{},"digest":"{}"}},{{"tab":"B","name":"= A ∪ C","bytes":{},"digest":"{}"}}],"options":[["--include","n[0-1]"],["--exclude","n1"]],"command":"cat A.json B.json | rscope R decode --include 'n[0-1]' --exclude n1","result":"{}"}}"#,
                A.len(),
                provenance::digest(A),
                B.len(),
                provenance::digest(B),
                provenance::digest(a.text.as_deref().unwrap())
            )
        );
        let mut r = job(Operation::Rerank);
        r.tabs.truncate(1);
        r.hostlist = "n[1,0]".into();
        let p = run(&r).provenance.unwrap();
        assert_eq!(p.command, "rscope R rerank 'n[1,0]' < A.json");
        assert_eq!(p.options, [("HOSTLIST".to_string(), "n[1,0]".to_string())]);
        let mut e = job(Operation::Expression);
        e.tabs.push(('C', A.into()));
        e.expression = "(B|A) - B".into();
        let p = run(&e).provenance.unwrap();
        assert_eq!(
            (
                p.operation.as_str(),
                p.expression.as_str(),
                p.command.as_str()
            ),
            (
                "expression",
                "(B ∪ A) − B",
                "rscope R eval '(B|A) - B' A=A.json B=B.json"
            )
        );
        let tabs: Vec<char> = p.inputs.iter().map(|i| i.tab).collect();
        assert_eq!(tabs, ['B', 'A']);
        assert_eq!(run(&job(Operation::Verify)).provenance, None);
    }

    #[test]
    fn verify_and_compare_answer_in_words() {
        let v = run(&job(Operation::Verify));
        assert_eq!(
            (v.refused, v.text, v.message.as_str()),
            (
                false,
                None,
                "verified: B's one rank holds what A expects of that rank. As wholes, B is a subset of A (removes n0)"
            )
        );
        let c = run(&job(Operation::Compare));
        assert_eq!(c.message, "B relative to A: removes n0");
        let words = |a: &str, b: &str| {
            let tabs = vec![('A', a.to_string()), ('B', b.to_string())];
            let j = Job {
                tabs,
                ..job(Operation::Verify)
            };
            run(&j).message
        };
        assert_eq!(
            words(B, B),
            "verified: B's one rank holds what A expects of that rank. As wholes, B and A hold the same resources"
        );
        let more = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-5"}}], "nodelist": ["n1"]}}"#;
        assert_eq!(
            words(B, more),
            "verified, with a note: rank 1 (n1) has extra resources: core[4-5]. As wholes, B is a superset of A (adds core[4-5] on n1)"
        );
    }
}
