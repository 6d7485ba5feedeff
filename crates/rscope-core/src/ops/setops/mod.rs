//! `flux R`'s operations over R texts, once for every caller: the
//! `rscope R` subcommands, the page's set workbench and the JS API call
//! these functions and print (or show) exactly the text they return.
//!
//! Inputs are named texts ([`Inputs`]): standard input for the CLI, tabs
//! by letter for the page. Each text may hold several concatenated R
//! documents, read as `flux R` reads standard input. A refusal says what
//! failed in the reference's terms, and where: which input, and for a
//! document that cannot be read, its line and column.
//!
//! [`expr`] parses and evaluates set expressions over tab letters
//! (`(A | B) - C`); [`summary`] says in words what one set adds and
//! removes relative to another.

pub mod expr;
pub mod job;
pub mod provenance;
pub mod summary;

use crate::constraint::Selector;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::rset::{self, Node, Rset};
use rustc_hash::FxHashSet;
use std::borrow::Cow;
use std::ops::Range;

/// One named text of R documents.
#[derive(Clone, Debug)]
pub struct NamedText<'a> {
    /// The tab letter, or `None` for standard input.
    pub tab: Option<char>,
    /// The text: one R document or several concatenated.
    pub text: &'a str,
    /// The text already read ([`rset::load_stream`]), by a caller that
    /// combines the same texts again and again (the page's set worker).
    pub read: Option<ReadSets>,
    /// The text's [`provenance::digest`], when the caller has it already.
    pub digest: Option<String>,
    /// When `read` is a tab's whole system rather than its text: the
    /// names of the documents it was read from ([`job::Known::system`]).
    pub system: Option<Vec<String>>,
}

/// A text read to its R documents, or why it could not be.
pub type ReadSets = std::rc::Rc<Result<Vec<Rset>, rset::Error>>;

/// The texts an operation reads, in order.
#[derive(Clone, Debug)]
pub struct Inputs<'a> {
    /// The texts, each read to its R documents in turn.
    pub sources: Vec<NamedText<'a>>,
    /// Leave large results unfreed: the caller is a process that prints
    /// and exits, where releasing the hundreds of thousands of small
    /// allocations of a big R one by one costs about a tenth of a run.
    pub exiting: bool,
    /// Keep the result set once it is written as text ([`Inputs::result`]):
    /// the page's set worker lays out its grid without reading the text.
    pub keep: bool,
    /// The result set, when [`Inputs::keep`] asked for it.
    pub result: std::cell::RefCell<Option<Rset>>,
    /// What reading the tabs warned of ([`host_conflicts`]): the answer is
    /// still the reference's, and these are said beside it.
    pub warnings: std::cell::RefCell<Vec<String>>,
}

impl<'a> Inputs<'a> {
    /// Standard input of a process that exits after printing (the CLI).
    pub fn stdin(text: &'a str) -> Inputs<'a> {
        Inputs {
            sources: vec![NamedText {
                tab: None,
                text,
                read: None,
                digest: None,
                system: None,
            }],
            exiting: true,
            keep: false,
            result: Default::default(),
            warnings: Default::default(),
        }
    }

    /// Tabs, each a letter and its text (the page, the JS API).
    pub fn tabs(tabs: &[(char, &'a str)]) -> Inputs<'a> {
        Inputs {
            sources: tabs
                .iter()
                .map(|&(tab, text)| NamedText {
                    tab: Some(tab),
                    text,
                    read: None,
                    digest: None,
                    system: None,
                })
                .collect(),
            exiting: false,
            keep: false,
            result: Default::default(),
            warnings: Default::default(),
        }
    }

    /// Where the inputs are, for a message: `on stdin`, `in A and B`.
    fn place(&self) -> String {
        let tabs: Vec<String> = self
            .sources
            .iter()
            .filter_map(|s| s.tab.map(String::from))
            .collect();
        match tabs.split_last() {
            None => "on stdin".into(),
            Some((last, [])) => format!("in {last}"),
            Some((last, rest)) => format!("in {} and {last}", rest.join(", ")),
        }
    }

    /// Drop `value`, or leave it unfreed when the process is [`exiting`](Self::exiting).
    fn dispose<T>(&self, value: T) {
        if self.exiting {
            std::mem::forget(value);
        }
    }
}

/// Why an operation did not run: the message (in the reference's terms,
/// with the input and line and column where it applies), the input it is
/// about and the byte span in that input's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What to show, as the CLI prints it after its prefix.
    pub message: String,
    /// The index in [`Inputs::sources`] of the input at fault, if one is.
    pub input: Option<usize>,
    /// The bytes of that input's text at fault, if known.
    pub span: Option<Range<usize>>,
}

impl Refusal {
    fn new(message: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
            input: None,
            span: None,
        }
    }
}

impl Refusal {
    /// The 1-based line and column (characters) of the fault in its
    /// input's text, when the refusal has a place there.
    pub fn place(&self, inputs: &Inputs) -> Option<(usize, usize)> {
        let text = inputs.sources.get(self.input?)?.text;
        let at = crate::diag::line_col(text, self.span.as_ref()?.start);
        Some((at.line, at.col))
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for Refusal {
    fn from(message: String) -> Refusal {
        Refusal::new(message)
    }
}

/// An R document and the index of the input it was read from.
struct Set<'a> {
    /// Borrowed from the input's [`NamedText::read`] when it was read before.
    r: Cow<'a, Rset>,
    input: usize,
}

/// A status document (RFC 20's `{"all": R, "down": …}` of `flux resource
/// status`) is not an R; saying so is more use than "missing key 'version'".
fn status_hint(text: &str) -> &'static str {
    let start = text.trim_start();
    let looks = start.starts_with('{')
        && ["\"all\"", "\"down\"", "\"allocated\""]
            .iter()
            .any(|k| start[1..].trim_start().starts_with(k));
    if looks {
        " (this is a resource status document, not an R; its \"all\" member is the R)"
    } else {
        ""
    }
}

/// Read every input's R documents as `flux R` reads standard input.
fn load<'i>(inputs: &'i Inputs) -> Result<Vec<Set<'i>>, Refusal> {
    let mut out = Vec::new();
    for (i, s) in inputs.sources.iter().enumerate() {
        // Sets read before are borrowed: copying two 16 384-node sets took
        // longer than the operation on them.
        let read: Result<Vec<Cow<'i, Rset>>, rset::Error> = match &s.read {
            Some(read) => match &**read {
                Ok(sets) => Ok(sets.iter().map(Cow::Borrowed).collect()),
                Err(e) => Err(e.clone()),
            },
            None => rset::load_stream(s.text).map(|v| v.into_iter().map(Cow::Owned).collect()),
        };
        let sets = read.map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let at = crate::diag::line_col(s.text, span.start);
            let (what, place) = match (e.kind() == rset::ErrorKind::Json, s.tab) {
                (true, None) => ("Failed to read an R object".to_string(), String::new()),
                (true, Some(t)) => ("Failed to read an R object".into(), format!(" in {t}")),
                (false, None) => ("Failed to decode R".into(), " on stdin".into()),
                (false, Some(t)) => ("Failed to decode R".into(), format!(" in {t}")),
            };
            Refusal {
                message: format!(
                    "{what}{place}: {e} (line {}, column {}){}",
                    at.line,
                    at.col,
                    status_hint(s.text)
                ),
                input: Some(i),
                span: Some(span),
            }
        })?;
        out.extend(sets.into_iter().map(|r| Set { r, input: i }));
    }
    if inputs.sources.iter().any(|s| s.tab.is_some()) {
        let tab = |i: usize| inputs.sources[i].tab.map_or("stdin".into(), String::from);
        let named = out.iter().map(|s| (tab(s.input), &*s.r));
        inputs.warnings.borrow_mut().extend(host_conflicts(named));
    }
    Ok(out)
}

/// A warning for each pair of named sets that give one rank two host
/// names: the first such rank with both names and both places, and how
/// many more ranks differ. `flux R` keeps the first name silently, and the
/// result is exactly what it prints (one answer for the CLI, the page and
/// the JS API); but tabs are separate documents a person chose to
/// combine, where two names for one rank are a mistake to show.
pub fn host_conflicts<'r>(sets: impl IntoIterator<Item = (String, &'r Rset)>) -> Vec<String> {
    let mut seen: std::collections::HashMap<u32, (&str, usize)> = Default::default();
    let mut names: Vec<String> = Vec::new();
    // By pair of places (first, second): the first rank and its names, and the count.
    let mut pairs: Vec<((usize, usize), String, usize)> = Vec::new();
    for (place, r) in sets {
        let here = names.iter().position(|n| *n == place).unwrap_or_else(|| {
            names.push(place);
            names.len() - 1
        });
        for n in r.nodes() {
            let Some(h) = n.hostname() else { continue };
            match seen.get(&n.rank()) {
                Some(&(first, at)) if first != h => {
                    match pairs.iter_mut().find(|p| p.0 == (at, here)) {
                        Some(p) => p.2 += 1,
                        None => pairs.push((
                            (at, here),
                            format!(
                                "rank {} is {first} in {} but {h} in {}",
                                n.rank(),
                                names[at],
                                names[here]
                            ),
                            0,
                        )),
                    }
                }
                Some(_) => {}
                None => {
                    seen.insert(n.rank(), (h, here));
                }
            }
        }
    }
    pairs
        .into_iter()
        .map(|(_, first, more)| match more {
            0 => format!("{first}: a rank is one host, so one name is wrong; the result keeps the first, as flux R does"),
            n => {
                let verb = if n == 1 { "differs" } else { "differ" };
                let more = crate::words::count(n as u64, "more rank");
                format!("{first}, and {more} {verb} too: a rank is one host, so one name is wrong; the result keeps the first, as flux R does")
            }
        })
        .collect()
}

/// Fold the sets of `inputs` with `f`, requiring at least `min` of them.
fn transform(
    inputs: &Inputs,
    cmd: &str,
    min: usize,
    f: impl Fn(&Rset, &Rset) -> Result<Rset, rset::Error>,
) -> Result<Rset, Refusal> {
    let sets = load(inputs)?;
    if sets.len() < min {
        return Err(Refusal::new(format!(
            "{cmd} requires at least {min} resource sets"
        )));
    }
    let mut it = sets.into_iter();
    let mut acc = it.next().ok_or_else(|| Refusal::new("no resource set"))?.r;
    for s in it {
        let next = f(&acc, &s.r).map_err(|e| Refusal {
            message: format!(
                "{cmd} ({}, {}) failed: {e}{}",
                acc.short_form(),
                s.r.short_form(),
                inputs.sources[s.input]
                    .tab
                    .map_or(String::new(), |t| format!(" (reading {t})"))
            ),
            input: Some(s.input),
            span: None,
        })?;
        inputs.dispose(std::mem::replace(&mut acc, Cow::Owned(next)));
        inputs.dispose(s.r);
    }
    Ok(acc.into_owned())
}

/// The canonical encoding of `r` plus a newline, as `flux R` prints it.
fn encoded(inputs: &Inputs, r: Rset) -> String {
    let out = r.encode() + "\n";
    if inputs.keep {
        *inputs.result.borrow_mut() = Some(r);
    } else {
        inputs.dispose(r);
    }
    out
}

/// The union of every R of the inputs (`flux R decode` without options).
fn union_all(inputs: &Inputs) -> Result<Rset, Refusal> {
    transform(inputs, "union", 1, Rset::union)
}

/// The filters `flux R decode` applies to the union, in its order:
/// properties, then `--include`, then `--exclude`.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Filter {
    /// `--properties`: names to hold, `^NAME` not to hold, comma separated.
    pub properties: Option<String>,
    /// `--include`: only these ranks (an RFC 22 id set) or hosts (an RFC 29
    /// host list), read as [`targets`] reads them.
    pub include: Option<String>,
    /// `--exclude`: not these ranks or hosts.
    pub exclude: Option<String>,
}

/// What `flux R decode` prints: the R by default, or any of these in
/// this order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decode {
    /// `--short`: the short form.
    pub short: bool,
    /// `--nodelist`: the host names as a host list.
    pub nodelist: bool,
    /// `--ranks`: the ranks as an id set.
    pub ranks: bool,
    /// `--count TYPE`: how many of TYPE.
    pub count: Option<String>,
    /// The filters applied first.
    pub filter: Filter,
}

/// The ranks of `rl` that `text` names, as flux-core reads a list of
/// targets (`flux resource drain`, `resource.exclude`): an RFC 22 id set
/// of ranks, or else an RFC 29 host list, each host standing for every
/// rank that has its name, and every host required. `option` names the
/// option in messages (`--include`).
///
/// A text the reference would also try as a host name but that looks like
/// ranks (only digits, `-`, `,` and brackets) and names no host keeps the
/// id set's message: `2-1` is a reversed range far more often than a host.
pub fn targets(rl: &Rset, text: &str, option: &str) -> Result<IdSet, Refusal> {
    let as_ids = match IdSet::decode(text) {
        Ok(ids) => return Ok(ids),
        Err(e) => e,
    };
    let looks_like_ranks = text
        .chars()
        .all(|c| c.is_ascii_digit() || "-,[] ".contains(c));
    let as_hosts = Hostlist::parse(text)
        .map_err(|_| "Hostlist cannot be decoded".to_string())
        .and_then(|hl| rl.hosts_to_ranks(&hl).map_err(|e| e.to_string()));
    match as_hosts {
        Ok(ids) => Ok(ids),
        Err(_) if looks_like_ranks => Err(Refusal::new(match option {
            "--include" => format!("invalid ranks option '{text}': {as_ids}"),
            _ => format!("invalid idset in {option} option '{text}': {as_ids}"),
        })),
        Err(e) => Err(Refusal::new(format!("{option} '{text}': {e}"))),
    }
}

/// Apply `filter` to `rl` as `flux R decode` does. Host names are looked
/// up in the whole union, before any filter: a host that `--properties`
/// dropped is excluded quietly, not refused as unknown.
fn filtered(rl: Rset, filter: &Filter) -> Result<Rset, Refusal> {
    let include = filter
        .include
        .as_deref()
        .map(|t| targets(&rl, t, "--include"));
    let exclude = filter
        .exclude
        .as_deref()
        .map(|t| targets(&rl, t, "--exclude"));
    let mut rl = match &filter.properties {
        Some(list) => rl
            .filter_properties(list)
            .map_err(|e| Refusal::new(format!("Invalid property constraint: {e}")))?,
        None => rl,
    };
    if let Some(ids) = include {
        rl = rl.include_ranks(&ids?);
    }
    if let Some(ids) = exclude {
        rl.exclude_ranks(&ids?);
    }
    Ok(rl)
}

/// `flux R decode`: the union of the inputs, filtered, printed as asked.
pub fn decode(inputs: &Inputs, a: &Decode) -> Result<String, Refusal> {
    let rl = filtered(union_all(inputs)?, &a.filter)?;
    // The short form comes first and may be megabytes: the answer is built
    // on it rather than copied.
    let mut out = String::new();
    if a.short {
        out = rl.short_form();
        out.push('\n');
    }
    if a.nodelist {
        let hl = rl
            .nodelist()
            .ok_or_else(|| Refusal::new("rlist_nodelist: some ranks have no host name"))?;
        out.push_str(&hl.to_string());
        out.push('\n');
    }
    if a.ranks {
        out.push_str(&rl.ranks().to_string());
        out.push('\n');
    }
    if let Some(t) = &a.count {
        let n = match t.as_str() {
            "node" => rl.len() as u64,
            "core" => rl.reference_core_count(),
            t => rl.count(t),
        };
        out.push_str(&format!("{n}\n"));
    }
    if !(a.short || a.nodelist || a.ranks || a.count.is_some()) {
        return Ok(encoded(inputs, rl));
    }
    inputs.dispose(rl);
    Ok(out)
}

/// The nodes of the union of the inputs that `constraint` selects, printed
/// as `flux R decode` prints an R (`copy_constraint` of `Rv1Set` or of
/// librlist, as the constraint's reading is); the reading's refusal, met
/// by the lowest rank it reaches.
pub fn copy_constraint(inputs: &Inputs, constraint: &Selector) -> Result<String, Refusal> {
    let rl = union_all(inputs)?;
    let nodes: Vec<&Node> = rl.nodes().collect();
    let kept = constraint
        .answers(&nodes)
        .map_err(|e| Refusal::new(e.message))?;
    let ranks: FxHashSet<u32> = (nodes.iter().zip(&kept))
        .filter(|(_, k)| **k)
        .map(|(n, _)| n.rank())
        .collect();
    let out = rl.copy_matching(|n| ranks.contains(&n.rank()));
    inputs.dispose(rl);
    Ok(encoded(inputs, out))
}

/// Each node of the union of the inputs that `constraint` does not select,
/// one a line in the set's order: `host (rank N): why` (`rank N: why` for a node
/// without a host name); then, when the other reading answers otherwise,
/// [`Selector::note`]'s line. A refusal carries that line too.
pub fn constraint_reasons(inputs: &Inputs, constraint: &Selector) -> Result<String, Refusal> {
    let rl = union_all(inputs)?;
    let nodes: Vec<&Node> = rl.nodes().collect();
    let note = constraint.note(&nodes);
    let kept = match constraint.answers(&nodes) {
        Ok(kept) => kept,
        Err(e) => {
            let message = match note {
                Some(note) => format!("{}\n{note}", e.message),
                None => e.message,
            };
            return Err(Refusal::new(message));
        }
    };
    let mut out = String::new();
    for (n, _) in nodes.iter().zip(kept).filter(|(_, k)| !k) {
        let why = constraint.why_not(*n).ok().flatten().unwrap_or_default();
        match n.hostname() {
            Some(h) => out.push_str(&format!("{h} (rank {}): {why}\n", n.rank())),
            None => out.push_str(&format!("rank {}: {why}\n", n.rank())),
        }
    }
    if let Some(note) = note {
        out.push_str(&note);
        out.push('\n');
    }
    inputs.dispose(rl);
    Ok(out)
}

/// The union of every R of the inputs, as `flux R decode` prints it.
pub fn union(inputs: &Inputs) -> Result<String, Refusal> {
    decode(inputs, &Decode::default())
}

/// `flux R append`: every R in order, refusing one that shares a resource
/// with those before it.
pub fn append(inputs: &Inputs) -> Result<String, Refusal> {
    let sets: Vec<Rset> = load(inputs)?
        .into_iter()
        .map(|s| s.r.into_owned())
        .collect();
    let r = rset::append_all(&sets).map_err(|e| Refusal::new(e.to_string()));
    inputs.dispose(sets);
    Ok(encoded(inputs, r?))
}

/// `flux R diff`: (R1 − R2) − R3 …
pub fn diff(inputs: &Inputs) -> Result<String, Refusal> {
    let r = transform(inputs, "diff", 2, Rset::diff)?;
    Ok(encoded(inputs, r))
}

/// `flux R intersect`; with `keep_data`, Rscope's `--keep-data`, which
/// keeps the first R's properties, times and attributes.
pub fn intersect(inputs: &Inputs, keep_data: bool) -> Result<String, Refusal> {
    let op = if keep_data {
        Rset::intersect_keeping_data
    } else {
        Rset::intersect
    };
    let r = transform(inputs, "intersect", 2, |a, b| Ok(op(a, b)))?;
    Ok(encoded(inputs, r))
}

/// `flux R remap`: the union with ranks renumbered from 0.
pub fn remap(inputs: &Inputs) -> Result<String, Refusal> {
    let mut r = union_all(inputs)?;
    r.remap();
    Ok(encoded(inputs, r))
}

/// `flux R rerank HOSTLIST`: the union re-ranked by each host's position
/// in `hostlist`.
pub fn rerank(inputs: &Inputs, hostlist: Option<&str>) -> Result<String, Refusal> {
    let mut rl = union_all(inputs)?;
    let h = hostlist.ok_or_else(|| Refusal::new("Must provide a hostlist for re-ranking"))?;
    let hl = Hostlist::parse(h)
        .map_err(|e| Refusal::new(format!("rlist_rerank: invalid hostlist '{h}': {e}")))?;
    let n = rl.len();
    rl.rerank(&hl).map_err(|e| {
        Refusal::new(match e.kind() {
            rset::ErrorKind::UnknownHost => {
                format!("failed to find one or more provided hosts in R ({e})")
            }
            _ if hl.len() > n as u64 => format!("Too many hosts specified (expected {n})"),
            _ => format!("Too few hosts specified (expected {n})"),
        })
    })?;
    Ok(encoded(inputs, rl))
}

/// The answer of `verify`: whether the second R holds what the first
/// expects of its rank, and what to say (empty on an exact match).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SetVerdict {
    /// True when nothing expected is missing.
    pub ok: bool,
    /// The mismatch, or the extra resources the second R has, or empty.
    pub message: String,
}

/// `flux R verify`: does the second R's single rank hold at least what the
/// first expects of it? A mismatch is a verdict, not a refusal; reading
/// the inputs can be refused.
pub fn verify(inputs: &Inputs) -> Result<SetVerdict, Refusal> {
    let sets = load(inputs)?;
    if sets.len() != 2 {
        return Err(Refusal::new(format!(
            "verify requires exactly 2 R objects {}",
            inputs.place()
        )));
    }
    Ok(match sets[0].r.verify(&sets[1].r) {
        Ok(extra) => SetVerdict {
            ok: true,
            message: extra.unwrap_or_default(),
        },
        Err(e) => SetVerdict {
            ok: false,
            message: e.to_string(),
        },
    })
}

/// `NAME[:RANKS]` pairs in `json_object_set` order: a repeated name keeps
/// its first position and takes the last value; `all` is the ranks of a
/// pair without `:RANKS`.
pub fn property_pairs(args: &[String], all: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for a in args {
        let (name, ranks) = match a.split_once(':') {
            Some((n, r)) => (n.to_string(), r.to_string()),
            None => (a.clone(), all.to_string()),
        };
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = ranks,
            None => out.push((name, ranks)),
        }
    }
    out
}

/// `rlist_assign_properties`: check every pair first, then apply in order.
pub fn assign_properties(rl: &mut Rset, pairs: &[(String, String)]) -> Result<(), Refusal> {
    let mut parsed = Vec::new();
    for (name, ranks) in pairs {
        if let Some(c) = name.chars().find(|c| "^&'\"`|()".contains(*c)) {
            return Err(Refusal::new(format!(
                "failed to assign properties: invalid character '{c}' in property \"{name}\""
            )));
        }
        let ids = IdSet::decode(ranks).map_err(|_| {
            Refusal::new(format!(
                "failed to assign properties: invalid idset '{ranks}' specified for property \"{name}\""
            ))
        })?;
        parsed.push((name, ids));
    }
    for (name, ids) in parsed {
        rl.add_property(name, &ids)
            .map_err(|e| Refusal::new(format!("failed to assign properties: {e}")))?;
    }
    Ok(())
}

/// `flux R set-property NAME[:RANKS]...` on the union of the inputs.
pub fn set_property(inputs: &Inputs, props: &[String]) -> Result<String, Refusal> {
    let mut rl = union_all(inputs)?;
    let all = rl.ranks().to_string();
    assign_properties(&mut rl, &property_pairs(props, &all))?;
    Ok(encoded(inputs, rl))
}

#[cfg(test)]
mod tests;
