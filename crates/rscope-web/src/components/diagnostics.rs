//! The validation panel: every finding from the core, errors first, each
//! with its `line:col` and JSON pointer. Clicking one selects its text in
//! the editor; a suggested fix has an Apply button, which puts the focus
//! back in the editor with the caret where the fix went (the button itself
//! goes away with the problem it fixed). Each finding unfolds the rule it
//! enforces, with its RFC, and a line on how to fix it.

use rscope_core::diag::Severity;
use rscope_core::report::{has_rfc40_leniency, rfc40_strictly, Finding, FixView};
use rscope_core::words::count;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`Diagnostics`].
#[derive(Properties, PartialEq)]
pub struct DiagnosticsProps {
    /// The findings, in document order.
    pub findings: Rc<Vec<Finding>>,
    /// Select a finding's text in the editor.
    pub on_locate: Callback<Finding>,
    /// Apply a suggested fix.
    pub on_fix: Callback<FixView>,
}

/// `1 error`, `3 warnings`.
fn heading(s: Severity, n: usize) -> String {
    count(n, &s.to_string())
}

/// Apply `fix`, then select the empty span where it starts, which focuses
/// the editor there.
fn apply(props: &DiagnosticsProps, finding: &Finding, fix: &FixView) -> Callback<MouseEvent> {
    let (on_fix, on_locate, fix) = (props.on_fix.clone(), props.on_locate.clone(), fix.clone());
    let at = Finding {
        utf16: (fix.utf16.0, fix.utf16.0),
        fix: None,
        ..finding.clone()
    };
    Callback::from(move |_: MouseEvent| {
        on_fix.emit(fix.clone());
        on_locate.emit(at.clone());
    })
}

/// The rule a finding enforces and how to fix it, folded under "Why?".
fn why(f: &Finding) -> Html {
    let w = rscope_core::explain::why::why(&f.message, &f.pointer);
    html! {
        <details class="why" data-testid="finding-why">
            <summary>{ "Why?" }</summary>
            <p>{ w.why } { " " }<a href={w.rfc.url} target="_blank" rel="noopener">{ format!("RFC {}", w.rfc.number) }</a></p>
            <p class="how">{ "How to fix: " }{ w.fix }</p>
        </details>
    }
}

/// The switch to read RFC 40 strictly, as `--strict-rfc40` does.
fn strict_switch(strict: &UseStateHandle<bool>) -> Html {
    let onchange = {
        let strict = strict.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            strict.set(input.checked());
        })
    };
    html! {
        <label class="inline strict">
            <input type="checkbox" checked={**strict} {onchange} data-testid="strict-rfc40" />
            { " read RFC 40 strictly (as --strict-rfc40): what Fluxion's graphs leave out is a warning" }
        </label>
    }
}

/// The list of findings, grouped by severity.
#[function_component(Diagnostics)]
pub fn diagnostics(props: &DiagnosticsProps) -> Html {
    let strict = use_state(|| false);
    if props.findings.is_empty() {
        return html! {
            <section class="panel diagnostics" aria-label="Problems" data-testid="diagnostics">
                <h2>{ "Problems" }</h2>
                <p class="ok">{ "No problems found." }</p>
            </section>
        };
    }
    let lenient = has_rfc40_leniency(&props.findings);
    let strictly = (*strict && lenient).then(|| rfc40_strictly(&props.findings));
    let findings = strictly.as_ref().unwrap_or(&props.findings);
    let groups = [Severity::Error, Severity::Warning, Severity::Note].map(|s| {
        let items: Vec<&Finding> = findings.iter().filter(|f| f.severity == s).collect();
        if items.is_empty() {
            return html! {};
        }
        html! {
            <>
                <h3 class={format!("sev-{s}")}>{ heading(s, items.len()) }</h3>
                <ul>
                    { for items.into_iter().map(|f| {
                        let locate = { let f = f.clone(); props.on_locate.reform(move |_: MouseEvent| f.clone()) };
                        let fix = f.fix.as_ref().map(|fx| {
                            let apply = apply(props, f, fx);
                            html! {
                                <button class="apply" onclick={apply} title={fx.replacement.clone()}
                                    data-testid="apply-fix">{ format!("Apply: {}", fx.message) }</button>
                            }
                        });
                        html! {
                            <li class={format!("finding sev-{}", f.severity)} data-testid="finding">
                                <button class="locate" onclick={locate}>
                                    <span class="where">{ format!("{}:{}", f.line, f.col) }</span>
                                    <span class="sev">{ f.severity.to_string() }</span>
                                    <span class="msg">{ f.message.clone() }</span>
                                    <code class="ptr">{ if f.pointer.is_empty() { "/".to_string() } else { f.pointer.clone() } }</code>
                                </button>
                                { for fix }
                                { why(f) }
                            </li>
                        }
                    }) }
                </ul>
            </>
        }
    });
    html! {
        <section class="panel diagnostics" aria-label="Problems" data-testid="diagnostics">
            <h2>{ "Problems" }</h2>
            if lenient { { strict_switch(&strict) } }
            { for groups }
        </section>
    }
}
