//! The playground's reading of an RFC 31 job constraint, typed as a
//! `--requires` query or, when it starts with `{`, as the JSON object.
//!
//! The canonical form is the JSON as `rscope constraint parse` prints it
//! (Python's `json.dumps` layout), a query read by
//! [`crate::constraint::query`] and checked by librlist's rules
//! ([`Constraint::from_json`], the stricter reading, so a typo is caught).
//! The steps say what each written term means (a query's words in the
//! order typed, a JSON object's terms from the outside in) and end with
//! what the whole selects as today's scheduler reads it (`Rv1Set`), and
//! as librlist does where that differs
//! ([`crate::explain::constraint::selects`]).
//!
//! The query syntax negates with `-`, RFC 31's `properties` with `^`: a
//! step says so wherever the text uses one where the other belongs (a `^`
//! in a query, which stays part of the word and so reaches `properties`;
//! a `-` inside a JSON property name, or inside a query word, which is
//! part of the name).

use super::{Failed, Reading, MAX_EXPANDED};
use crate::constraint::{query, Constraint};
use crate::explain::constraint::{in_words, selects};
use crate::explain::listed;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::{self, write_python_value};
use crate::words::count;
use serde_json::Value;
use std::ops::Range;

/// Read `text` as a constraint: a JSON object when it starts with `{`,
/// else a `--requires` query.
pub(super) fn read(text: &str) -> Result<Reading, Failed> {
    let (canonical, mut steps) = if text.trim_start().starts_with('{') {
        from_json(text)?
    } else {
        from_query(text)?
    };
    if steps.len() > MAX_EXPANDED {
        let more = steps.len() - MAX_EXPANDED;
        steps.truncate(MAX_EXPANDED);
        steps.push(format!("and {} more", count(more as u64, "step")));
    }
    // What it selects as today's scheduler reads it, and as librlist
    // does where that differs.
    steps.extend(
        selects(&canonical)
            .into_iter()
            .map(|line| match line.starts_with("selects") {
                true => format!("so it {line}"),
                false => line,
            }),
    );
    Ok(Reading {
        canonical,
        count: None,
        members: Vec::new(),
        more: Some(0),
        steps,
    })
}

/// The canonical JSON and the steps of a constraint librlist accepts.
type Read = (String, Vec<String>);

fn from_query(text: &str) -> Result<Read, Failed> {
    let term = query::parse(text).map_err(|e| (e.message, e.span))?;
    let value = term.to_value();
    Constraint::from_json(&value)
        .map_err(|e| (e.message.clone(), query_span(text, &value, &e.pointer)))?;
    Ok((term.to_python_json(), query_steps(text)))
}

/// Where in the query the value librlist refuses was written: the string
/// at `pointer`, or an unknown operator's `op:`; the whole query when it
/// cannot be found.
fn query_span(text: &str, value: &Value, pointer: &str) -> Range<usize> {
    let needle = match value.pointer(pointer) {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Object(o)) if o.len() == 1 => o.keys().next().map(|k| format!("{k}:")),
        _ => None,
    };
    needle
        .filter(|n| !n.is_empty())
        .and_then(|n| text.find(&n).map(|at| at..at + n.len()))
        .unwrap_or(0..text.len())
}

/// One piece of a query as written.
#[derive(Debug, PartialEq)]
enum Piece {
    /// A term: its operator (after `host:` and `rank:` are named as RFC 31
    /// names them) and its value.
    Term {
        op: String,
        value: String,
    },
    Negate,
    And,
    Or,
    Not,
    Open,
    Close,
}

/// A keyword (`not`, `and`, `or`) at the start of `rest`: the word, then
/// the end or a character that is not a word character.
fn keyword(rest: &str, word: &str) -> bool {
    rest.starts_with(word)
        && !rest[word.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The pieces of a query the reference accepted, with their bytes. The
/// lexer's rules are the reference's (see [`crate::constraint::query`]):
/// `op:` joined to the word or quoted text after it, keywords only before
/// a non-word character, `-` a negation only where a term starts.
fn pieces(text: &str) -> Vec<(Piece, Range<usize>)> {
    let mut out = Vec::new();
    // An `op:` waiting for its value: where it starts, and its text.
    let mut pending: Option<(usize, String)> = None;
    let mut i = 0;
    while let Some(c) = text[i..].chars().next() {
        let rest = &text[i..];
        let (piece, n) = match c {
            c if c.is_whitespace() => {
                i += c.len_utf8();
                continue;
            }
            '(' => (Some(Piece::Open), 1),
            ')' => (Some(Piece::Close), 1),
            '&' | '|' => {
                let n = if rest[1..].starts_with(c) { 2 } else { 1 };
                let p = if c == '&' { Piece::And } else { Piece::Or };
                (Some(p), n)
            }
            '-' => (Some(Piece::Negate), 1),
            '\'' | '"' => {
                let close = rest[1..].find(c);
                let inside = &rest[1..close.map_or(rest.len(), |j| j + 1)];
                let n = close.map_or(rest.len(), |j| j + 2);
                let (start, op) = pending.take().unwrap_or((i, String::new()));
                let term = term(&(op + inside));
                out.push((term, start..i + n));
                i += n;
                continue;
            }
            _ if keyword(rest, "not") => (Some(Piece::Not), 3),
            _ if keyword(rest, "and") => (Some(Piece::And), 3),
            _ if keyword(rest, "or") => (Some(Piece::Or), 2),
            _ => {
                let n = rest
                    .find(|c: char| "()|&\"'".contains(c) || c.is_whitespace())
                    .unwrap_or(rest.len());
                let word = &rest[..n];
                match pending.take() {
                    Some((start, op)) => out.push((term(&(op + word)), start..i + n)),
                    None if word.ends_with(':') => pending = Some((i, word.to_string())),
                    None => out.push((term(word), i..i + n)),
                }
                (None, n)
            }
        };
        if let Some(p) = piece {
            out.push((p, i..i + n));
        }
        i += n;
    }
    out
}

/// A term's text as its operator and value, as `--requires` names them.
fn term(written: &str) -> Piece {
    let (op, value) = match written.split_once(':') {
        Some((op, value)) => (
            match op {
                "host" | "hosts" => "hostlist",
                "rank" => "ranks",
                op => op,
            },
            value,
        ),
        None => ("properties", written),
    };
    Piece::Term {
        op: op.to_string(),
        value: value.to_string(),
    }
}

/// A query's reading: one step a piece, in the order written, a
/// negation read with its term.
fn query_steps(text: &str) -> Vec<String> {
    let pieces = pieces(text);
    let mut steps = Vec::new();
    let mut side_by_side = false;
    let mut negated: Option<usize> = None;
    let mut last: Option<&Piece> = None;
    for (piece, span) in &pieces {
        let starts_term = matches!(
            piece,
            Piece::Term { .. } | Piece::Negate | Piece::Not | Piece::Open
        );
        if starts_term
            && negated.is_none()
            && matches!(last, Some(Piece::Term { .. } | Piece::Close))
        {
            side_by_side = true;
        }
        last = Some(piece);
        let written = text
            .get(negated.unwrap_or(span.start)..span.end)
            .unwrap_or_default();
        match piece {
            Piece::Negate => {
                negated = Some(span.start);
                continue;
            }
            Piece::Term { op, value } => {
                steps.extend(term_steps(written, op, value, negated.is_some()));
                negated = None;
            }
            Piece::And => steps.push(format!("'{written}': and, both sides must hold")),
            Piece::Or => steps.push(format!("'{written}': or, one side or the other must hold")),
            Piece::Not => steps.push(format!(
                "'{written}': not, the term or parenthesized group right after it must not hold (- stands only before a term)"
            )),
            Piece::Open => steps.push("'(': a group, read as one term".to_string()),
            Piece::Close => {}
        }
    }
    if side_by_side {
        steps.push("terms side by side, with no operator between them, are joined with and".into());
    }
    steps
}

/// The steps of one term of a query, `negated` when a `-` is before it.
fn term_steps(written: &str, op: &str, value: &str, negated: bool) -> Vec<String> {
    let not = if negated { "not " } else { "" };
    let dash = if negated {
        "- before a term is not: "
    } else {
        ""
    };
    // A quoted term shows its own quotes.
    let shown = match written.ends_with(['\'', '"']) {
        true => written.to_string(),
        false => format!("'{written}'"),
    };
    let mut steps = Vec::new();
    match op {
        "properties" => {
            let names: Vec<&str> = value.split(',').collect();
            let meaning = properties_meaning(&names);
            let step = match (negated, names.as_slice()) {
                (false, [_]) => format!("{shown}: a word is a property: the nodes {meaning}"),
                (false, _) => format!(
                    "{shown}: properties joined by commas are all required: the nodes {meaning}"
                ),
                (true, [one]) if one.starts_with('^') => format!(
                    "{shown}: - negates the term {one}, which is already a negation: the nodes with property {}",
                    &one[1..]
                ),
                (true, [one]) => format!(
                    "{shown}: {dash}the nodes without property {one}. flux-core's parser writes it {{\"not\": [{{\"properties\": [\"{one}\"]}}]}}; inside properties RFC 31 writes the same negation ^{one}, and {{\"properties\": [\"^{one}\"]}} selects the same nodes"
                ),
                (true, _) => format!(
                    "{shown}: {dash}the nodes that do not have all of {}, so lack at least one; {} would instead ask for none of them",
                    listed(&names.iter().map(|n| n.to_string()).collect::<Vec<_>>(), names.len() as u64),
                    names.iter().map(|n| format!("^{n}")).collect::<Vec<_>>().join(",")
                ),
            };
            steps.push(step);
            for name in names {
                if let Some(rest) = name.strip_prefix('^').filter(|_| !negated) {
                    steps.push(format!(
                        "'{name}': in a query ^ is not an operator: it stays part of the word, so the JSON holds \"{name}\" in properties, where RFC 31 reads a leading ^ as negation: the nodes without property {rest}. The query syntax's own negation is -{rest}, which flux-core's parser writes {{\"not\": [{{\"properties\": [\"{rest}\"]}}]}}: the same nodes"
                    ));
                } else if let Some(rest) = name.strip_prefix('-') {
                    steps.push(format!(
                        "'{name}': a - inside a word (after a comma, a colon or a quote) is not a negation but part of the name: this asks for a property named {name}, which a node rarely has; for the nodes without {rest}, write ^{rest}, or -{rest} as a term of its own"
                    ));
                }
            }
        }
        "hostlist" => steps.push(match Hostlist::parse(value) {
            Ok(hosts) => {
                let first: Vec<String> = hosts.iter().take(8).collect();
                format!(
                    "{shown}: {dash}the nodes {not}on {} {} (an RFC 29 host list)",
                    if hosts.len() == 1 { "host" } else { "hosts" },
                    listed(&first, hosts.len())
                )
            }
            Err(_) => format!("{shown}: {dash}the nodes {not}on the hosts {value}"),
        }),
        "ranks" => steps.push(match IdSet::decode(value) {
            Ok(ids) => {
                let first: Vec<String> = ids.iter().take(8).map(|i| i.to_string()).collect();
                format!(
                    "{shown}: {dash}the nodes {not}of {} {} (an RFC 22 id set)",
                    if ids.len() == 1 { "rank" } else { "ranks" },
                    listed(&first, ids.len())
                )
            }
            Err(_) => format!("{shown}: {dash}the nodes {not}of ranks {value}"),
        }),
        op => steps.push(format!("{shown}: {dash}the operator {op}")),
    }
    steps
}

/// `with property a and without property b`.
fn properties_meaning<S: AsRef<str>>(names: &[S]) -> String {
    in_words(&Constraint::Properties(
        names.iter().map(|n| n.as_ref().to_string()).collect(),
    ))
}

fn from_json(text: &str) -> Result<Read, Failed> {
    let tree = json::parse_whole(text).map_err(|d| (d.message.clone(), d.span.clone()))?;
    Constraint::parse(text)
        .map_err(|e| (e.message.clone(), json_span(&tree, &e.message, &e.pointer)))?;
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let mut canonical = String::new();
    write_python_value(&mut canonical, &value);
    let mut steps = Vec::new();
    json_steps(&value, &mut steps);
    Ok((canonical, steps))
}

/// The bytes of the value at `pointer` (an unknown operator's key, for
/// that refusal).
fn json_span(root: &json::Value<'_>, message: &str, pointer: &str) -> Range<usize> {
    let mut at = root;
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        let next = match at {
            json::Value::Object(o) => json::get(o, &token),
            json::Value::Array(a) => token.parse::<usize>().ok().and_then(|i| a.elements.get(i)),
            _ => None,
        };
        match next {
            Some(v) => at = v,
            None => break,
        }
    }
    if let (json::Value::Object(o), Some(op)) =
        (at, message.strip_prefix("unknown constraint operator: "))
    {
        if let Some(p) = o.properties.iter().find(|p| p.name.as_str() == op) {
            return p.name.range.start..p.name.range.end;
        }
    }
    json::range(at)
}

/// A JSON constraint's reading: each object from the outside in (a
/// constraint librlist accepted, so each holds one operator).
fn json_steps(v: &Value, steps: &mut Vec<String>) {
    if steps.len() > MAX_EXPANDED {
        return;
    }
    let Some((op, values)) = v.as_object().and_then(|o| o.iter().next()) else {
        steps.push("{}: the empty object, no constraint to today's scheduler (sched-simple over Rv1Pool: every node); Rv1Set's copy_constraint refuses it, and librlist selects every node".into());
        return;
    };
    let items: &[Value] = values.as_array().map_or(&[], Vec::as_slice);
    let strings: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
    let mut written = String::new();
    write_python_value(&mut written, values);
    let terms = count(items.len() as u64, "term");
    match op.as_str() {
        "properties" => {
            let meaning = match strings.is_empty() {
                true => "every node (no property is asked for)".to_string(),
                false => format!("the nodes {}", properties_meaning(&strings)),
            };
            steps.push(format!("properties {written}: {meaning}"));
            for name in strings {
                if let Some(rest) = name.strip_prefix('^') {
                    steps.push(format!(
                        "'{name}': a leading ^ is RFC 31's negation inside properties: the nodes without property {rest}. A --requires query writes it -{rest} (flux-core's parser makes that {{\"not\": [{{\"properties\": [\"{rest}\"]}}]}}, the same nodes), or ^{rest} as it is"
                    ));
                } else if let Some(rest) = name.strip_prefix('-') {
                    steps.push(format!(
                        "'{name}': in the JSON a - is not a negation but part of the name: this asks for a property named {name}, which a node rarely has; for the nodes without {rest}, write ^{rest} (-{rest} is the --requires query syntax)"
                    ));
                }
            }
        }
        "hostlist" | "ranks" => {
            let c = Constraint::from_json(v).unwrap_or(Constraint::Empty);
            steps.push(format!("{op} {written}: the nodes {}", in_words(&c)));
        }
        "and" if items.is_empty() => steps.push("and of no terms: selects every node".into()),
        "or" if items.is_empty() => steps.push(
            "or of no terms: selects no node as today's scheduler (Rv1Set) reads it; librlist selects every node".into(),
        ),
        "not" if items.is_empty() => steps.push(
            "not of no terms: Rv1Set refuses it (its operand must be a non-empty list); librlist selects no node".into(),
        ),
        "and" => steps.push(format!("and, of {terms}: every term must hold")),
        "or" => steps.push(format!("or, of {terms}: at least one term must hold")),
        "not" if items.len() == 1 => {
            steps.push("not, of 1 term: the nodes that term does not select".into())
        }
        _ => steps.push(format!(
            "not, of {terms}: today's scheduler (Rv1Set) reads only the first term and selects the nodes it does not; librlist negates their and, the nodes where they do not all hold"
        )),
    }
    if matches!(op.as_str(), "and" | "or" | "not") {
        for item in items {
            json_steps(item, steps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text of up to four characters from the syntax's own
    /// characters reads or is refused, never a panic.
    #[test]
    fn no_short_text_panics() {
        let alphabet: Vec<char> = "a-^:()|&'\" ,{}[n".chars().collect();
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            for t in &longer {
                let _ = read(t);
            }
            texts = longer;
        }
        for t in [
            "not (a)",
            "-host: -x",
            "host: -x",
            "-'a b'",
            "a:'",
            "{\"not\": [{}]}",
        ] {
            let _ = read(t);
        }
    }
}
