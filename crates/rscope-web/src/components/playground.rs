//! The playground for the small formats: type an id set, a host list, an
//! RFC 45 range, a shape or an RFC 31 constraint (a `--requires` query or
//! its JSON) and see its canonical form, count, members, step-by-step
//! reading or error ([`rscope_core::teach::play`]); combine two
//! id sets or host lists as `flux hostlist -u/-i/-m/-X` do
//! ([`rscope_core::commands::lists`], which the JS API and `rscope hostlist` share).

use rscope_core::commands::lists::{self, ListAnswer};
use rscope_core::explain::RFC_BASE;
use rscope_core::teach::play::{self, PlayFormat, Problem, Reading};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The formats, as (value, label, RFC number).
const FORMATS: [(&str, &str, u32); 5] = [
    ("hostlist", "Host list", 29),
    ("idset", "Id set", 22),
    ("range", "Range", 45),
    ("shape", "Shape", 46),
    ("constraint", "Constraint", 31),
];

/// What the text and the second list hold when format `name` is chosen:
/// an example of that format, so an operand of another format never stays
/// behind to be read as this one.
fn samples(name: &str) -> (&'static str, &'static str) {
    match name {
        "idset" => ("1-4,7", "3-9"),
        "range" => ("2-8:2:*", ""),
        "shape" => ("node=2/slot=4/core=2", ""),
        "constraint" => ("gpu -host:foo3", ""),
        _ => ("node[1-4,7]", "node[3-9]"),
    }
}

/// The set operations, as (name, `flux hostlist` option, words).
const OPS: [(&str, &str, &str); 4] = [
    ("union", "-u", "union"),
    ("intersect", "-i", "intersection"),
    ("minus", "-m", "first minus second"),
    ("xor", "-X", "symmetric difference"),
];

fn input_value(e: InputEvent) -> String {
    e.target_unchecked_into::<HtmlInputElement>().value()
}

fn select_value(e: Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// The playground panel.
#[function_component(Playground)]
pub fn playground() -> Html {
    let format = use_state(|| "hostlist".to_string());
    let text = use_state(|| "node[1-4,7]".to_string());
    let other = use_state(|| "node[3-9]".to_string());
    let op = use_state(|| "union".to_string());
    let set = |s: &UseStateHandle<String>| {
        let s = s.clone();
        Callback::from(move |e: InputEvent| s.set(input_value(e)))
    };
    let choose = |s: &UseStateHandle<String>| {
        let s = s.clone();
        Callback::from(move |e: Event| s.set(select_value(e)))
    };
    let choose_format = {
        let (format, text, other) = (format.clone(), text.clone(), other.clone());
        Callback::from(move |e: Event| {
            let name = select_value(e);
            let (first, second) = samples(&name);
            text.set(first.to_string());
            other.set(second.to_string());
            format.set(name);
        })
    };
    let fmt = PlayFormat::named(&format).unwrap_or(PlayFormat::Hostlist);
    let rfc = FORMATS.iter().find(|f| f.0 == *format).map_or(29, |f| f.2);
    let reading = play::read(fmt, &text);
    html! {
        <section class="panel playground" aria-label="Playground" data-testid="playground">
            <h2>{ "Playground" }</h2>
            <p class="hint">{ if fmt == PlayFormat::Constraint {
                    "Type a flux submit --requires query, or an RFC 31 JSON object, and see how it reads. "
                } else {
                    "Type a small format and see how it reads. "
                } }
                <a href={format!("{RFC_BASE}/spec_{rfc}.html")} target="_blank" rel="noopener">{ format!("RFC {rfc}") }</a>
                { " defines it." }</p>
            <div class="play-inputs">
                <label>{ "Format " }
                    <select data-testid="play-format" onchange={choose_format}>
                        { for FORMATS.iter().map(|(v, l, _)| html! {
                            <option value={*v} selected={*v == *format}>{ *l }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Text " }
                    <input type="text" data-testid="play-text" value={(*text).clone()} oninput={set(&text)}
                        spellcheck="false" autocomplete="off" />
                </label>
            </div>
            { match &reading { Ok(r) => shown(r, fmt), Err(p) => problem(p) } }
            if matches!(fmt, PlayFormat::Hostlist | PlayFormat::IdSet) {
                { combine(fmt, &text, &other, &op, set(&other), choose(&op)) }
            }
        </section>
    }
}

/// A reading: its canonical form, its count and members (a shape has no
/// count, a constraint neither: they are not lists), and its steps.
fn shown(r: &Reading, fmt: PlayFormat) -> Html {
    let list = !matches!(fmt, PlayFormat::Shape | PlayFormat::Constraint);
    let canonical = match fmt {
        PlayFormat::Constraint => "RFC 31 JSON",
        _ => "Canonical",
    };
    let members = match r.more {
        Some(0) => r.members.join(", "),
        Some(n) => format!("{} and {n} more", r.members.join(", ")),
        None => format!("{} and more, without end", r.members.join(", ")),
    };
    html! {
        <dl class="play-reading">
            <dt>{ canonical }</dt><dd><code data-testid="play-canonical">{ r.canonical.clone() }</code></dd>
            if list {
                <dt>{ "Count" }</dt><dd data-testid="play-count">{ r.count.map_or("no end".to_string(), |n| n.to_string()) }</dd>
            }
            if !matches!(fmt, PlayFormat::Constraint) {
                <dt>{ "Members" }</dt><dd data-testid="play-members">{ members }</dd>
            }
            <dt>{ "Reading" }</dt>
            <dd><ol data-testid="play-steps">{ for r.steps.iter().map(|s| html! { <li>{ s.clone() }</li> }) }</ol></dd>
        </dl>
    }
}

fn problem(p: &Problem) -> Html {
    html! {
        <div class="play-problem">
            <p class="error" data-testid="play-error">{ format!("{} (column {})", p.message, p.column) }</p>
            <pre data-testid="play-marked">{ p.marked.clone() }</pre>
        </div>
    }
}

/// An id set as `flux hostlist` takes it, in brackets (once: a set typed
/// with its brackets keeps them).
fn bracketed(ids: &str) -> String {
    match ids.starts_with('[') && ids.ends_with(']') {
        true => ids.to_string(),
        false => format!("[{ids}]"),
    }
}

/// The second list, the operation, and what `flux hostlist` answers.
fn combine(
    fmt: PlayFormat,
    first: &str,
    other: &str,
    op: &str,
    on_other: Callback<InputEvent>,
    on_op: Callback<Event>,
) -> Html {
    let lists = [first.to_string(), other.to_string()];
    let answer = match fmt {
        PlayFormat::IdSet => lists::idset(op, &lists),
        _ => lists::hostlist(op, &lists),
    };
    let flag = OPS.iter().find(|o| o.0 == op).map_or("-u", |o| o.1);
    let command = match fmt {
        PlayFormat::IdSet => format!(
            "flux hostlist {flag} '{}' '{}'",
            bracketed(first),
            bracketed(other)
        ),
        _ => format!("flux hostlist {flag} '{first}' '{other}'"),
    };
    html! {
        <div class="play-combine">
            <h3>{ "Combine two" }</h3>
            <div class="play-inputs">
                <label>{ "Second " }
                    <input type="text" data-testid="play-other" value={other.to_string()} oninput={on_other}
                        spellcheck="false" autocomplete="off" />
                </label>
                <label>{ "Operation " }
                    <select data-testid="play-op" onchange={on_op}>
                        { for OPS.iter().map(|(v, f, w)| html! {
                            <option value={*v} selected={*v == op}>{ format!("{w} ({f})") }</option>
                        }) }
                    </select>
                </label>
            </div>
            <p data-testid="play-result">
                <code>{ command }</code>{ " gives " }
                { match answer {
                    Ok(ListAnswer::List(s)) => html! { <code>{ s }</code> },
                    Ok(_) => html! {},
                    Err(e) => html! { <span class="error">{ e }</span> },
                } }
            </p>
        </div>
    }
}
