//! Why each kind of finding is a finding, and how to fix it: one table
//! keyed by [`WhyKind`], each row with the rule in this project's words, the
//! RFC section that states it and a line on what to change.
//!
//! Findings carry a message, a span and a pointer, not a kind; [`kind`]
//! reads the kind from the message, whose wording the readers' tests fix
//! (`rset`, `jgf`, `json`). A message no rule knows is [`WhyKind::Other`],
//! which has a row too; the tests here check that every finding the
//! readers make over a set of documents has a kind of its own.

use super::Rfc;
use serde::Serialize;

/// A kind of finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhyKind {
    /// The text is not JSON, or too large to read.
    NotJson,
    /// A count passed one of Rscope's stated limits.
    Limit,
    /// A value of the wrong JSON type.
    WrongType,
    /// A required key is missing.
    MissingKey,
    /// A key RFC 20 does not define, or a legacy one.
    UnknownKey,
    /// The same key twice in one object.
    DuplicateKey,
    /// A `version` other than 1.
    Version,
    /// An RFC 22 id set that does not parse, is not canonical, or is empty.
    IdSet,
    /// An RFC 29 host list that does not parse, or names a host twice.
    Hostlist,
    /// The nodelist names more or fewer hosts than there are ranks.
    NodelistCount,
    /// Two `R_lite` entries give a rank the same resources.
    Overlap,
    /// A number (`nslots`, a time) out of its range.
    Number,
    /// `starttime` and `expiration` out of order, or negative.
    Times,
    /// A property name with a forbidden character, or ranks not in the set.
    Property,
    /// Graph vertex ids: repeated, or named by an edge but absent.
    VertexIds,
    /// The containment tree: cycles, two parents, several roots, paths.
    Containment,
    /// Graph metadata that RFC 40 requires, or writes another way.
    GraphMetadata,
    /// The graph and `R_lite` say different things about a rank.
    Consistency,
    /// The `scheduling.writer` and what it implies.
    Writer,
    /// A `resource.status` payload's rank sets: online, offline, exclude,
    /// torpid, against its R.
    StatusSets,
    /// A `resource.status` payload's `drain` entries.
    Drain,
    /// No rule above: a message this table does not know yet.
    Other,
}

impl WhyKind {
    /// Every kind, in the table's order.
    pub const ALL: [WhyKind; 22] = [
        WhyKind::NotJson,
        WhyKind::Limit,
        WhyKind::WrongType,
        WhyKind::MissingKey,
        WhyKind::UnknownKey,
        WhyKind::DuplicateKey,
        WhyKind::Version,
        WhyKind::IdSet,
        WhyKind::Hostlist,
        WhyKind::NodelistCount,
        WhyKind::Overlap,
        WhyKind::Number,
        WhyKind::Times,
        WhyKind::Property,
        WhyKind::VertexIds,
        WhyKind::Containment,
        WhyKind::GraphMetadata,
        WhyKind::Consistency,
        WhyKind::Writer,
        WhyKind::StatusSets,
        WhyKind::Drain,
        WhyKind::Other,
    ];
}

/// A finding's rule and its fix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Why {
    /// The kind of finding.
    pub kind: WhyKind,
    /// The rule it enforces, in a sentence.
    pub why: &'static str,
    /// What to change.
    pub fix: &'static str,
    /// Where the rule is written.
    pub rfc: Rfc,
}

/// The table: rule, fix, and RFC section of each kind.
fn row(kind: WhyKind) -> (&'static str, &'static str, u32, &'static str) {
    match kind {
        WhyKind::NotJson => ("An R is a JSON object; the text must be strict JSON, with no comments or trailing commas, and no larger than the stated limit.", "Correct the JSON at the place shown (a quote, comma or bracket), or paste the whole document.", 20, "r-format"),
        WhyKind::Limit => ("Rscope reads documents up to stated sizes, so that any text is answered quickly.", "Split the document, or use the command-line rscope, which has the same limits but no page to keep responsive.", 20, "r-format"),
        WhyKind::WrongType => ("Each key of R has one JSON type: objects for execution and children, arrays for R_lite and nodelist, strings for id sets and host lists, numbers for times.", "Write the value with the type the message names.", 20, "r-format"),
        WhyKind::MissingKey => ("R requires version and execution, and each execution requires R_lite and nodelist; each R_lite entry requires rank and children.", "Add the missing key at the place shown.", 20, "r-format"),
        WhyKind::UnknownKey => ("RFC 20 lists the keys of each object; others are kept or passed over, so a misspelt key silently loses its value.", "Check the key's spelling, or move it to where RFC 20 defines it.", 20, "r-format"),
        WhyKind::DuplicateKey => ("A key written twice in one object is ambiguous; Flux's JSON library keeps the last value.", "Remove one of the two, keeping the value you mean.", 20, "r-format"),
        WhyKind::Version => ("RFC 20 defines version 1 of R; readers refuse other versions.", "Set \"version\": 1 if the document follows RFC 20.", 20, "version"),
        WhyKind::IdSet => ("Ranks, cores, GPUs and property ranks are RFC 22 id sets: ascending, comma-separated ids and lo-hi ranges, with no repeats or overlaps.", "Write the set in its canonical form (Apply does it when it can): ascending, ranges merged, no spaces.", 22, "implementation"),
        WhyKind::Hostlist => ("The nodelist holds RFC 29 host lists, each host named once, in the order of the ranks.", "Correct the host list's brackets and ranges, and name each host once.", 29, "implementation"),
        WhyKind::NodelistCount => ("The sorted ranks of R_lite and the nodelist's hosts pair up one to one, so there must be as many hosts as ranks.", "Add or remove hosts (or ranks) until the counts are equal.", 20, "nodelist"),
        WhyKind::Overlap => ("Each resource of a rank belongs to one R_lite entry; two entries naming it make the set say it twice.", "Remove the repeated ids from one of the entries, or merge the entries.", 20, "R_lite"),
        WhyKind::Number => ("nslots counts slots and must be more than 0; times and counts must fit the numbers Flux uses.", "Write a positive whole number for nslots, and times as seconds since the epoch.", 20, "nslots"),
        WhyKind::Times => ("starttime and expiration are seconds since the epoch, 0 when unset; when both are set, expiration comes after starttime.", "Set expiration after starttime, or set one of them to 0.", 20, "expiration"),
        WhyKind::Property => ("Property names must not hold the characters ! & ' \" ^ ` | ( ), and each property's ranks must be ranks of the set.", "Rename the property without those characters, or keep only ranks that R_lite names.", 20, "properties"),
        WhyKind::VertexIds => ("Each vertex of the graph has a unique id, and each edge joins two vertices by their ids.", "Give each vertex its own id, and point the edge at a vertex that exists.", 40, "graph-vertices"),
        WhyKind::Containment => ("The containment subsystem is a tree: one root, one parent per vertex, no cycles, and each vertex's path continues its parent's.", "Remove the extra edge or the cycle, and make each path start with its parent's path.", 4, "graph-data-model"),
        WhyKind::GraphMetadata => ("RFC 40 asks each vertex for its RFC 4 base data and each edge for a subsystem and a relationship; readers fill in what is left out.", "Add the metadata keys the message names, in the form RFC 40 gives.", 40, "graph-vertices"),
        WhyKind::Consistency => ("The graph under scheduling describes the same resources as R_lite: the same ranks, hosts, cores and GPUs.", "Make the graph and R_lite agree, usually by writing them both from the same source again.", 40, "implementation"),
        WhyKind::Writer => ("scheduling.writer names the scheduler and format of the graph; some writers leave parts of the graph out on purpose.", "Nothing to fix when the writer is what you expect; otherwise set writer to fluxion:jgf.", 40, "implementation"),
        WhyKind::StatusSets => ("A resource.status payload sorts the ranks of its R by state with RFC 22 id sets: each rank is online or offline, never both, and exclude and torpid name ranks of R. flux resource status reads the sets as they are, so a rank in neither set drops out of its output.", "Name each rank of R once, in online or offline, and keep only ranks of R in the other sets; if the payload was edited by hand, save it again from the instance.", 22, "implementation"),
        WhyKind::Drain => ("drain maps an RFC 22 id set of drained ranks to when they were drained (a number of seconds since the epoch) and why (a string). flux resource status refuses a drained rank that R does not hold.", "Write the key as ranks of R, timestamp as a number and reason as a string.", 22, "implementation"),
        WhyKind::Other => ("A rule of RFC 20 or of the formats it uses; the message says which.", "Change the value at the place shown as the message says.", 20, "r-format"),
    }
}

/// The rule and the fix of findings of `kind`.
pub fn why_of(kind: WhyKind) -> Why {
    let (why, fix, number, anchor) = row(kind);
    Why {
        kind,
        why,
        fix,
        rfc: Rfc::new(number, anchor),
    }
}

/// The rule and the fix of the finding with this `message` and `pointer`.
pub fn why(message: &str, pointer: &str) -> Why {
    why_of(kind(message, pointer))
}

/// Message patterns, first match wins: (kind, every part the message holds).
const PATTERNS: &[(WhyKind, &[&str])] = &[
    (WhyKind::NotJson, &["not JSON"]),
    (WhyKind::NotJson, &["no R object"]),
    (WhyKind::NotJson, &["larger than the limit"]),
    (WhyKind::Limit, &["limit"]),
    (WhyKind::DuplicateKey, &["duplicate key"]),
    (WhyKind::VertexIds, &["duplicate vertex id"]),
    (WhyKind::VertexIds, &["names no vertex"]),
    (WhyKind::Hostlist, &["duplicate host"]),
    (WhyKind::Hostlist, &["invalid hostlist"]),
    (WhyKind::Property, &["in property"]),
    (WhyKind::Property, &["property '", "not found in R_lite"]),
    (WhyKind::IdSet, &["not canonical RFC 22"]),
    (WhyKind::IdSet, &["invalid "]),
    (WhyKind::IdSet, &["'rank' is empty"]),
    (WhyKind::MissingKey, &["missing key"]),
    (WhyKind::Version, &["version"]),
    (WhyKind::NodelistCount, &["nodelist names"]),
    (WhyKind::Overlap, &["earlier R_lite entry"]),
    (WhyKind::Times, &["'starttime'"]),
    (WhyKind::Times, &["treated as unset"]),
    (WhyKind::Number, &["nslots"]),
    (WhyKind::Number, &["out of range"]),
    (WhyKind::Number, &["must not be negative"]),
    (WhyKind::Writer, &["writer"]),
    (WhyKind::UnknownKey, &["unknown key"]),
    (WhyKind::UnknownKey, &["not defined by RFC 20"]),
    (WhyKind::UnknownKey, &["legacy key"]),
    (WhyKind::GraphMetadata, &["RFC 40"]),
    (WhyKind::GraphMetadata, &["Fluxion reader"]),
    (WhyKind::GraphMetadata, &["vertex", "has no '"]),
    (WhyKind::GraphMetadata, &["has no 'metadata'"]),
    (WhyKind::MissingKey, &["has no '"]),
    (WhyKind::MissingKey, &["no resource graph"]),
    (WhyKind::WrongType, &["must be", ", not "]),
    (WhyKind::WrongType, &["should be", ", not "]),
    (WhyKind::WrongType, &["expected ", ", not "]),
    (WhyKind::Containment, &["containment"]),
    (WhyKind::Containment, &["two parents"]),
    (WhyKind::Containment, &["several containment roots"]),
    (WhyKind::Containment, &["unreachable from the root"]),
    (WhyKind::Containment, &["is also written as"]),
    (WhyKind::Consistency, &["in R_lite but"]),
    (WhyKind::Consistency, &["in the graph"]),
    (WhyKind::Consistency, &["has rank", "under"]),
    (WhyKind::Consistency, &["has no rank but holds"]),
    (WhyKind::Consistency, &["rank ", ": "]),
];

/// The findings of a `resource.status` payload's own keys
/// (`resource::check`), worded so that no R pattern takes them.
const PAYLOAD_PATTERNS: &[(WhyKind, &str)] = &[
    (WhyKind::StatusSets, "a resource.status payload"),
    (WhyKind::StatusSets, "flux resource status needs"),
    (WhyKind::StatusSets, "must be an RFC 22 id set string"),
    (WhyKind::StatusSets, "that R does not hold"),
    (WhyKind::StatusSets, "both online and offline"),
    (WhyKind::StatusSets, "neither online nor offline"),
    (WhyKind::StatusSets, "missing key 'R'"),
    (WhyKind::Drain, "missing key 'drain'"),
    (WhyKind::Drain, "drain must be an object"),
    (WhyKind::Drain, "drain key: "),
    (WhyKind::Drain, "not in R: flux resource status"),
    (WhyKind::Drain, "a drain entry"),
    (WhyKind::Drain, "missing key 'timestamp'"),
    (WhyKind::Drain, "the node was drained"),
    (WhyKind::Drain, "missing key 'reason'"),
    (WhyKind::Drain, "reason should be a string"),
];

/// The payload rank sets whose id set errors read `KEY: why`.
const PAYLOAD_SETS: [&str; 4] = ["online", "offline", "exclude", "torpid"];

/// A payload finding's kind, if the finding is one.
fn payload_kind(message: &str, pointer: &str) -> Option<WhyKind> {
    if let Some((k, _)) = PAYLOAD_PATTERNS.iter().find(|(_, p)| message.contains(p)) {
        return Some(*k);
    }
    let key = pointer.strip_prefix('/')?;
    let bad_set = PAYLOAD_SETS.contains(&key) && message.starts_with(&format!("{key}: "));
    bad_set.then_some(WhyKind::IdSet)
}

/// The kind of the finding with this `message` and `pointer`: by the
/// message's wording, and for notes that only name an edge or a vertex,
/// by where they point.
pub fn kind(message: &str, pointer: &str) -> WhyKind {
    if let Some(k) = payload_kind(message, pointer) {
        return k;
    }
    if let Some((k, _)) = PATTERNS
        .iter()
        .find(|(_, parts)| parts.iter().all(|p| message.contains(p)))
    {
        return *k;
    }
    // The notes that list a cycle's edges or a tree's paths carry only a
    // name; their place says what they are about.
    if pointer.contains("/paths/containment") || pointer.contains("/edges/") {
        return WhyKind::Containment;
    }
    WhyKind::Other
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_why_and_a_fix() {
        for k in WhyKind::ALL {
            let w = why_of(k);
            assert!(w.why.ends_with('.') && w.why.len() > 40, "{k:?}");
            assert!(w.fix.ends_with('.') && w.fix.len() > 20, "{k:?}");
            assert!(
                w.rfc.url.starts_with(
                    "https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_"
                ),
                "{k:?}"
            );
        }
    }

    #[test]
    fn kinds_are_read_from_messages() {
        let cases = [
            (
                "not JSON: trailing commas are not allowed",
                "",
                WhyKind::NotJson,
            ),
            (
                "invalid rank: '3-1' is a decreasing range",
                "/execution/R_lite/0/rank",
                WhyKind::IdSet,
            ),
            (
                "duplicate key 'rank'; the last value is used",
                "",
                WhyKind::DuplicateKey,
            ),
            (
                "nodelist names 3 hosts but R_lite has 4 ranks",
                "/execution/nodelist",
                WhyKind::NodelistCount,
            ),
            (
                "'expiration' must be greater than 'starttime'",
                "",
                WhyKind::Times,
            ),
            ("'nslots' must be greater than 0", "", WhyKind::Number),
            ("unsupported version 2", "/version", WhyKind::Version),
            ("missing key 'version'", "", WhyKind::MissingKey),
            ("missing key 'R_lite'", "/execution", WhyKind::MissingKey),
            (
                "'children' must be an object, not a string (flux-core reads it as no resources)",
                "",
                WhyKind::WrongType,
            ),
            ("edge source 'x' names no vertex", "", WhyKind::VertexIds),
            (
                "containment cycle: 'a' -> 'b' -> 'a'",
                "",
                WhyKind::Containment,
            ),
            (
                "rank 3 is in R_lite but no graph node has it",
                "",
                WhyKind::Consistency,
            ),
            ("unknown key 'foo' is ignored", "", WhyKind::UnknownKey),
            (
                "'c0' at '/c0'",
                "/graph/nodes/0/metadata/paths/containment",
                WhyKind::Containment,
            ),
            ("something new", "", WhyKind::Other),
        ];
        for (message, pointer, k) in cases {
            assert_eq!(kind(message, pointer), k, "{message}");
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod every_finding {
    use super::*;

    /// Documents whose findings cover the readers' kinds: the project's
    /// fixtures and examples, and a few written to break one rule each.
    fn documents() -> Vec<String> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let mut texts: Vec<String> = [
            "tests/fixtures/r",
            "tests/fixtures/jgf",
            "tests/fixtures/status",
            "static/examples",
        ]
        .iter()
        .flat_map(|d| std::fs::read_dir(format!("{root}/{d}")).unwrap())
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
        let r = |execution: &str| format!(r#"{{"version": 1, "execution": {execution}}}"#);
        texts.extend([
            "{\"version\": 1,}".to_string(),
            r#"{"version": 2, "execution": {"R_lite": [], "nodelist": []}}"#.to_string(),
            r(r#"{"R_lite": [{"rank": "0", "children": {"core": "0"}}], "nodelist": ["a", "b"], "nslots": 0, "starttime": 10, "expiration": 5, "bogus": 1}"#),
            r(r#"{"R_lite": [{"rank": "0-1", "children": {"core": "1,0"}}, {"rank": "1", "children": {"core": "0"}}], "nodelist": ["a[0-1"]}"#),
            r(r#"{"R_lite": [{"rank": "0", "rank": "0", "children": {"core": "0", "tpu": "0"}}], "nodelist": ["a,a"], "properties": {"x!": "0", "y": "5"}}"#),
            r(r#"{"R_lite": {}, "nodelist": "a"}"#),
            r(r#"{"nodelist": ["a"]}"#),
        ]);
        texts
    }

    #[test]
    fn every_finding_the_readers_make_has_a_kind() {
        let mut other = Vec::new();
        for text in documents() {
            let mut diags = crate::document::parse(&text).diagnostics;
            diags.extend(crate::jgf::validate(&text));
            for d in diags {
                if kind(&d.message, &d.pointer) == WhyKind::Other {
                    other.push(d.message);
                }
            }
        }
        assert_eq!(other, Vec::<String>::new());
    }

    /// Payloads that break each rule `resource::check` knows, once.
    const BAD_PAYLOADS: [&str; 5] = [
        "[]",
        "{}",
        r#"{"R": null, "online": 3, "offline": "1-", "exclude": "", "drain": []}"#,
        r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}],
            "nodelist": ["n[0-1]"]}}, "online": "0-1,5", "offline": "1", "exclude": "", "torpid": "",
            "drain": {"7": {"timestamp": "x", "reason": 1}, "a": 3, "0": {}}}"#,
        r#"{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}],
            "nodelist": ["n[0-2]"]}}, "online": "0", "offline": "1", "exclude": "", "drain": {}}"#,
    ];

    #[test]
    fn every_finding_about_a_payload_s_own_keys_has_its_kind() {
        let mut kinds = Vec::new();
        for text in BAD_PAYLOADS {
            let v = crate::json::parse(text).unwrap();
            for d in crate::resource::check::check_status(text, &v) {
                if !d.pointer.starts_with("/R") {
                    kinds.push((kind(&d.message, &d.pointer), d.message));
                }
            }
        }
        let wrong: Vec<_> = kinds
            .iter()
            .filter(|(k, m)| match k {
                WhyKind::StatusSets | WhyKind::Drain => false,
                WhyKind::IdSet => !m.starts_with("offline: "),
                _ => true,
            })
            .collect();
        assert_eq!(wrong, Vec::<&(WhyKind, String)>::new());
        let count = |k: WhyKind| kinds.iter().filter(|(x, _)| *x == k).count();
        assert_eq!(
            (count(WhyKind::StatusSets), count(WhyKind::Drain)),
            (9, 9),
            "{kinds:#?}"
        );
    }
}
