//! The set workbench: combine open tabs as `flux R` does (union, append,
//! diff, intersect, verify, the filters, set-property, remap, rerank) or by
//! a set expression over tab letters. The job runs in the set worker
//! ([`crate::setops_worker::SetopsWorker`]); a result opens as a new tab named by its expression,
//! a verdict or a refusal is said here, with the tab at fault.

use crate::hooks::use_workers;
use crate::setops_worker::JobTold;
use rscope_core::setops::job::{Job, JobAnswer, Operation};
use rscope_core::setops::provenance::{self, OpenTab};
use rscope_core::setops::Filter;
use rscope_core::tabs::{tab_letter, Doc, Text};
use std::rc::Rc;
use wasm_bindgen::JsValue;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Properties of [`SetopsPanel`].
#[derive(Properties, PartialEq)]
pub struct SetopsProps {
    /// The open tabs, in tab order.
    pub tabs: Vec<Doc>,
    /// The index of the tab shown: its provenance is shown here.
    pub active: usize,
    /// Open a result as a new tab.
    pub on_open: Callback<Doc>,
    /// Told a result's text and the first parts of its analysis, made by
    /// the set worker from the result set, just before it opens.
    #[prop_or_default]
    pub on_early: Callback<(Text, Vec<JsValue>)>,
}

/// The operations in the menu: value, label.
const OPERATIONS: [(&str, &str); 11] = [
    ("union", "union (flux R decode)"),
    ("append", "append"),
    ("diff", "diff: first minus the others"),
    ("intersect", "intersect"),
    ("verify", "verify: second has what first expects"),
    ("compare", "compare: what second adds and removes"),
    ("filter", "filter: --include, --exclude, --properties"),
    ("set-property", "set-property"),
    ("remap", "remap"),
    ("rerank", "rerank by host list"),
    ("expression", "expression over tab letters"),
];

fn operation(value: &str) -> Option<Operation> {
    serde_json::from_value(serde_json::Value::String(value.into())).ok()
}

/// The form's fields, as typed.
#[derive(Clone, Default, PartialEq)]
struct Form {
    op: String,
    chosen: Vec<bool>,
    include: String,
    exclude: String,
    properties: String,
    set_property: String,
    hostlist: String,
    expression: String,
    keep_data: bool,
    /// The result as `flux R` prints it, on one line, rather than indented.
    one_line: bool,
}

impl Form {
    /// The job, with each chosen tab's letter and an empty text (and the
    /// names of the documents beside it: each tab is read as its system),
    /// and the texts apart, the tabs' then those beside them (shared, not
    /// copied: the worker gets them as bytes).
    fn job(&self, tabs: &[Doc]) -> (Job, Vec<Text>) {
        let every = self.op == "expression";
        let opt = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        let chosen: Vec<(char, &Doc)> = tabs
            .iter()
            .enumerate()
            .filter(|(i, _)| every || self.chosen.get(*i).copied().unwrap_or(false))
            .map(|(i, d)| (tab_letter(i), d))
            .collect();
        let job = Job {
            operation: operation(&self.op),
            tabs: chosen.iter().map(|(c, _)| (*c, String::new())).collect(),
            filter: Filter {
                properties: opt(&self.properties),
                include: opt(&self.include),
                exclude: opt(&self.exclude),
            },
            properties: self.set_property.clone(),
            hostlist: self.hostlist.clone(),
            expression: self.expression.clone(),
            keep_data: self.keep_data && self.op == "intersect",
            indent: !self.one_line,
            names: chosen.iter().map(|(_, d)| d.source.clone()).collect(),
            systems: true,
            beside: (chosen.iter())
                .map(|(_, d)| {
                    d.beside()
                        .into_iter()
                        .map(|(n, _)| (n, String::new()))
                        .collect()
                })
                .collect(),
        };
        let own = chosen.iter().map(|(_, d)| d.text.clone());
        let beside = chosen
            .iter()
            .flat_map(|(_, d)| d.beside().into_iter().map(|(_, t)| t));
        (job, own.chain(beside).collect())
    }
}

/// A text field bound to one [`Form`] field.
fn field(
    form: &UseStateHandle<Form>,
    label: &str,
    id: &str,
    hint: &str,
    get: fn(&Form) -> &String,
    set: fn(&mut Form, String),
) -> Html {
    let oninput = {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let mut f = (*form).clone();
            set(&mut f, input.value());
            form.set(f);
        })
    };
    html! {
        <label class="setops-field">{ label }
            <input type="text" id={id.to_string()} data-testid={id.to_string()} value={get(form).clone()}
                placeholder={hint.to_string()} spellcheck="false" autocomplete="off" {oninput} />
        </label>
    }
}

/// The options the chosen operation reads.
fn options(form: &UseStateHandle<Form>) -> Html {
    match form.op.as_str() {
        "filter" => html! { <>
            { field(form, "--include (ranks or hosts)", "setops-include", "0-3 or node[0-3]", |f| &f.include, |f, v| f.include = v) }
            { field(form, "--exclude (ranks or hosts)", "setops-exclude", "2 or node2", |f| &f.exclude, |f, v| f.exclude = v) }
            <p class="hint">{ "Ranks are an id set (" }<a href="https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_22.html">{ "RFC 22" }</a>
                { "); anything else is read as host names (" }<a href="https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_29.html">{ "RFC 29" }</a>
                { "), each standing for every rank with that name, as flux resource reads targets." }</p>
            { field(form, "--properties", "setops-properties", "amd,^login", |f| &f.properties, |f, v| f.properties = v) }
        </> },
        "set-property" => field(
            form,
            "NAME[:RANKS] …",
            "setops-set-property",
            "big:0-3 fast",
            |f| &f.set_property,
            |f, v| f.set_property = v,
        ),
        "rerank" => field(
            form,
            "Host list",
            "setops-hostlist",
            "node[3,2,1,0]",
            |f| &f.hostlist,
            |f, v| f.hostlist = v,
        ),
        "expression" => html! { <>
            { field(form, "Expression", "setops-expression", "(A | B) - C", |f| &f.expression, |f, v| f.expression = v) }
            <p class="hint">{ "- diff, & intersect, ^ symmetric difference, | union, + append; - binds tightest, then &, ^, and | and + loosest; parentheses group." }</p>
        </> },
        "intersect" => keep_data(form),
        _ => html! {},
    }
}

/// A checkbox bound to one [`Form`] switch.
fn switch(
    form: &UseStateHandle<Form>,
    id: &str,
    label: &str,
    get: fn(&Form) -> bool,
    set: fn(&mut Form, bool),
) -> Html {
    let onchange = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let mut f = (*form).clone();
            set(&mut f, input.checked());
            form.set(f);
        })
    };
    html! {
        <label class="setops-tab">
            <input type="checkbox" data-testid={id.to_string()} checked={get(form)} {onchange} />
            { label }
        </label>
    }
}

/// Whether a result that opens a tab is laid out a member a line
/// (`rscope R --indent`, the default here: it is read in an editor) or on
/// one line as `flux R` prints it.
fn one_line(form: &UseStateHandle<Form>) -> Html {
    if matches!(form.op.as_str(), "" | "verify" | "compare") {
        return html! {};
    }
    switch(
        form,
        "setops-one-line",
        "One line, as flux R prints it (otherwise indented, as rscope R --indent prints it)",
        |f| f.one_line,
        |f, on| f.one_line = on,
    )
}

/// Intersect's `--keep-data` switch.
fn keep_data(form: &UseStateHandle<Form>) -> Html {
    switch(
        form,
        "setops-keep-data",
        "--keep-data: keep the first tab's properties, start and expiration times and attributes, which flux R intersect drops",
        |f| f.keep_data,
        |f, on| f.keep_data = on,
    )
}

/// The checkbox list of tabs (every tab takes part in an expression).
fn tab_choice(form: &UseStateHandle<Form>, tabs: &[Doc]) -> Html {
    if form.op == "expression" {
        return html! {};
    }
    html! {
        <fieldset class="setops-tabs">
            <legend>{ "Tabs, in order" }</legend>
            { for tabs.iter().enumerate().map(|(i, Doc { source, .. })| {
                let letter = tab_letter(i);
                let onchange = {
                    let form = form.clone();
                    Callback::from(move |e: Event| {
                        let input: HtmlInputElement = e.target_unchecked_into();
                        let mut f = (*form).clone();
                        f.chosen.resize(f.chosen.len().max(i + 1), false);
                        f.chosen[i] = input.checked();
                        form.set(f);
                    })
                };
                let checked = form.chosen.get(i).copied().unwrap_or(false);
                html! {
                    <label class="setops-tab">
                        <input type="checkbox" {checked} {onchange} data-testid={format!("setops-tab-{letter}")} />
                        <b>{ letter }</b>{ " " }{ source.clone() }
                    </label>
                }
            }) }
        </fieldset>
    }
}

/// What the last run said: a verdict, a comparison or a refusal, and the
/// warnings beside a result (a rank the tabs give two host names).
fn said(answer: &Option<JobAnswer>) -> Html {
    let Some(a) = answer else { return html! {} };
    let warnings: Html = a
        .warnings
        .iter()
        .map(|w| html! {
            <p class="setops-said warning" data-testid="setops-warning">{ format!("warning: {w}") }</p>
        })
        .collect();
    if a.message.is_empty() {
        return warnings;
    }
    let class = if a.refused {
        "setops-said error"
    } else {
        "setops-said"
    };
    let testid = if a.refused {
        "setops-refusal"
    } else {
        "setops-message"
    };
    html! {
        <>
        <div class={class} data-testid={testid}>
            if let Some(t) = a.tab {
                <p data-testid="setops-refusal-tab">{ format!("In tab {t}:") }</p>
            }
            <p>{ a.message.clone() }</p>
            if let Some((before, at, after)) = &a.marked {
                <p><code class="setops-marked" data-testid="setops-span">{ before.clone() }<mark>{ if at.is_empty() { "\u{2038}".to_string() } else { at.clone() } }</mark>{ after.clone() }</code></p>
            }
        </div>
        { warnings }
        </>
    }
}

/// The workbench panel.
#[function_component(SetopsPanel)]
pub fn setops_panel(props: &SetopsProps) -> Html {
    let form = use_state(|| Form {
        op: "union".into(),
        ..Form::default()
    });
    let answer = use_state(|| None::<JobAnswer>);
    let running = use_state(|| false);
    // Answers so far, on the panel as data-answers: specs wait on it.
    let answers = use_mut_ref(|| 0u32);
    let (on_open, on_early) = (props.on_open.clone(), props.on_early.clone());
    // Started when the form first takes the focus (or at the first Run): a
    // page nobody combines tabs on never loads a second copy of the core.
    let worker = use_workers().setops;
    let told = {
        let (answer, running, answers) = (answer.clone(), running.clone(), answers.clone());
        use_memo((), move |_| -> JobTold {
            Rc::new(move |a: JobAnswer, early: Vec<JsValue>| {
                crate::task::mark("rscope:setops-answer");
                *answers.borrow_mut() += 1;
                running.set(false);
                if let Some(text) = &a.text {
                    let text = Text::from(text.as_str());
                    if !early.is_empty() {
                        on_early.emit((text.clone(), early));
                    }
                    // "C = A ∪ B": the new tab's letter, then what it is
                    // (a source starting "A " would lose it as an article).
                    on_open.emit(Doc {
                        source: format!("= {}", a.name),
                        text,
                        provenance: a.provenance.clone(),
                        ..Doc::default()
                    });
                }
                answer.set(Some(a));
            })
        })
    };
    let onchange_op = {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let mut f = (*form).clone();
            f.op = select.value();
            form.set(f);
        })
    };
    // Focus entering the form starts the worker and has it read every
    // tab, so that its core is compiled and the documents read by the time
    // Run is pressed.
    let onfocusin = {
        let (worker, tabs) = (worker.clone(), props.tabs.clone());
        Callback::from(move |_: FocusEvent| {
            let texts: Vec<Text> = tabs.iter().map(|d| d.text.clone()).collect();
            worker.prepare(&texts);
        })
    };
    let onsubmit = {
        let (form, tabs, running, answer) = (
            form.clone(),
            props.tabs.clone(),
            running.clone(),
            answer.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            crate::task::mark("rscope:setops-run");
            running.set(true);
            answer.set(None);
            let (job, texts) = form.job(&tabs);
            worker.post(job, texts, &told);
        })
    };
    html! {
        <section class="panel setops" aria-labelledby="setops-title" data-testid="setops"
            data-answers={answers.borrow().to_string()}>
            <h2 id="setops-title">{ "Combine tabs" }</h2>
            <p class="hint">{ "Run flux R's set operations over open tabs; the result opens as a new tab, byte for byte what " }
                <code>{ "rscope R" }</code>{ " prints. R documents are " }
                <a href="https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html">{ "RFC 20" }</a>{ "." }</p>
            <WhereFrom tabs={props.tabs.clone()} active={props.active} />
            <form {onsubmit} {onfocusin}>
                <label class="setops-field">{ "Operation" }
                    <select data-testid="setops-op" onchange={onchange_op}>
                        { for OPERATIONS.iter().map(|(v, l)| html! {
                            <option value={*v} selected={form.op == *v}>{ *l }</option>
                        }) }
                    </select>
                </label>
                { tab_choice(&form, &props.tabs) }
                { options(&form) }
                { one_line(&form) }
                <button type="submit" data-testid="setops-run" disabled={*running}>
                    { if *running { "Running…" } else { "Run" } }
                </button>
            </form>
            <div role="status" aria-live="polite">{ said(&answer) }</div>
        </section>
    }
}

/// Properties of [`WhereFrom`].
#[derive(Properties, PartialEq)]
pub struct WhereFromProps {
    /// The open tabs, in tab order.
    pub tabs: Vec<Doc>,
    /// The tab whose provenance to show, if it has one.
    pub active: usize,
}

/// Where the shown tab came from, when the workbench made it: what made
/// it, from which tabs (and whether they still hold the texts read), with
/// which options, and the command line that prints the same text. A
/// component of its own, so that it is redrawn (and texts are digested)
/// only when the tabs change, not at each keystroke in the form.
#[function_component(WhereFrom)]
pub fn where_from(props: &WhereFromProps) -> Html {
    let Some(doc) = props.tabs.get(props.active) else {
        return html! {};
    };
    let Some(p) = &doc.provenance else {
        return html! {};
    };
    let open: Vec<OpenTab> = props
        .tabs
        .iter()
        .enumerate()
        .map(|(i, d)| (tab_letter(i), d.source.as_str(), &*d.text))
        .collect();
    let now = provenance::check(p, &open);
    let options: Vec<String> = p
        .options
        .iter()
        .map(|(flag, v)| {
            if v.is_empty() {
                flag.clone()
            } else {
                format!("{flag} {v}")
            }
        })
        .collect();
    let letter = tab_letter(props.active);
    html! {
        <details class="setops-provenance" data-testid="provenance">
            <summary>{ format!("Where tab {letter} came from: {}", p.expression) }</summary>
            <dl>
                <dt>{ "Made by" }</dt>
                <dd data-testid="provenance-operation">{ p.operation.clone() }</dd>
                <dt>{ "From the tabs, as they were then" }</dt>
                <dd><ul>
                    { for p.inputs.iter().zip(&now).map(|(i, n)| html! {
                        <li data-testid="provenance-input"><b>{ i.tab }</b>{ format!(" {} — {}", i.name, n.words()) }</li>
                    }) }
                </ul></dd>
                if !options.is_empty() {
                    <dt>{ "Options" }</dt>
                    <dd data-testid="provenance-options">{ options.join(", ") }</dd>
                }
                <dt>{ "The same text from the command line" }</dt>
                <dd><code data-testid="provenance-command">{ p.command.clone() }</code>
                    <p class="hint">{ "Save each tab as its letter (A.json, B.json, …) and run this where rscope is installed." }</p></dd>
            </dl>
            if !provenance::result_unchanged(p, &doc.text) {
                <p data-testid="provenance-edited">{ format!("Tab {letter} has been edited since it was made: its text is no longer this result. Undo returns to it, or run the operation again.") }</p>
            }
        </details>
    }
}
