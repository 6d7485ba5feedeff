//! The guided tour: eight steps over the RFC 20 example (with a property
//! and its graph added), each pointing at a part of the document, its
//! cells in the grid and its RFC section, in this project's words.

use crate::explain::{explain, Place, Rfc};
use serde::Serialize;

/// The R of the tour's document: the RFC 20 example with a property.
const R_PART: &str = r#"{
  "version": 1,
  "execution": {
    "R_lite": [
      {
        "rank": "19-22",
        "children": {
          "core": "0-47",
          "gpu": "0-7"
        }
      }
    ],
    "nodelist": [
      "node[186-189]"
    ],
    "properties": {
      "debug": "21-22"
    },
    "nslots": 32,
    "starttime": 1676560542,
    "expiration": 1676562342
  }"#;

/// The tour's document: the RFC 20 example, a property, and under
/// `scheduling` the graph of the same resources, as `rscope jgf from-r`
/// generates it (a tour that says the graph must describe the same
/// resources shows one that does). The graph is made when first asked
/// for: written out, its 229 vertices would add 8 KB to the page's bundle.
pub fn document() -> &'static str {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let r = crate::rset::parse(&format!("{R_PART}\n}}")).rset;
        let graph = r.map(|r| crate::jgf::generate::to_json(&crate::jgf::generate::from_rset(&r)));
        // `{"graph": {…}}` with its lines indented under `scheduling`.
        let body = graph
            .as_deref()
            .and_then(|g| g.trim_end().strip_prefix("{\"graph\": ")?.strip_suffix('}'))
            .unwrap_or("{}")
            .replace('\n', "\n    ");
        format!("{R_PART},\n  \"scheduling\": {{\n    \"writer\": \"fluxion:jgf\",\n    \"graph\": {body}\n  }}\n}}\n")
    })
}

/// Whether `text` is the tour's [`document`]: the graph is made only for
/// a text that starts as the tour's does, so that opening the page, which
/// asks, makes nothing.
pub fn is_document(text: &str) -> bool {
    text.starts_with(R_PART) && text == document()
}

/// One step of the tour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    /// Its heading.
    pub title: &'static str,
    /// What it teaches.
    pub text: &'static str,
    /// What the document says there, decoded.
    pub decoded: Vec<String>,
    /// The bytes of [`document`] it is about.
    pub span: (usize, usize),
    /// Its cells in the grid.
    pub place: Option<Place>,
    /// The RFC section to read next.
    pub rfc: Rfc,
}

/// (where in the document, heading, text).
const STOPS: [(&str, &str, &str); 8] = [
    ("\"execution\"", "What R is for", "An R document says which resources a Flux instance has, or which a job was given: nodes by broker rank and host name, and the cores and GPUs of each. Everything about the set is under 'execution'."),
    ("{\n        \"rank\"", "R_lite entries", "R_lite lists entries. Each one names some ranks and the resources every one of those ranks holds, so nodes that are alike are written once."),
    ("\"nodelist\"", "Ranks to host names", "The nodelist gives host names. Sort all the ranks of R_lite and pair them with the hosts in order: the lowest rank takes the first host. Here ranks 19 to 22 are node186 to node189."),
    ("\"children\"", "Children", "Under children, each resource type has an id set. The ids count from 0 on every node, so each of the four nodes has cores 0 to 47 and GPUs 0 to 7."),
    ("\"properties\"", "Properties", "Properties name sets of ranks, such as a queue or a hardware feature. Here debug is on ranks 21 and 22, the last two nodes."),
    ("\"starttime\"", "Times", "starttime and expiration bound when the set is valid, in seconds since 1970 (UTC); 0 means no bound. This allocation lasts 30 minutes."),
    ("\"scheduling\"", "scheduling and JGF", "The scheduling key belongs to the scheduler. Fluxion writes a resource graph here in JSON Graph Format, with more detail than R_lite; it must describe the same resources."),
    ("\"core\": \"0-47\"", "Shapes and fit", "A job asks for resources with a shape such as slot=2/core, read as RFC 14 resources. The shape panel below fits a shape into this R and shows the cells it would take."),
];

/// The tour's steps, in order.
pub fn stops() -> Vec<Stop> {
    let root = crate::json::parse(document()).ok();
    STOPS
        .iter()
        .filter_map(|(needle, title, text)| {
            let at = document().find(needle)? + 1;
            let e = explain(document(), at)?;
            // A step about a key shows its whole member, key and value:
            // the key alone is too small to see what the step talks about.
            let span = root
                .as_ref()
                .and_then(|r| member_span(r, e.span.0))
                .unwrap_or(e.span);
            Some(Stop {
                title,
                text,
                decoded: e.decoded,
                span,
                place: e.place,
                rfc: e.rfc,
            })
        })
        .collect()
}

/// The bytes of the member whose key starts at byte `at`, from its key to
/// the end of its value.
fn member_span(v: &crate::json::Value<'_>, at: usize) -> Option<(usize, usize)> {
    use crate::json::{members, range, Value};
    match v {
        Value::Object(o) => members(o).0.into_iter().find_map(|m| {
            if m.name_range.start == at {
                return Some((at, range(m.value).end));
            }
            member_span(m.value, at)
        }),
        Value::Array(a) => a.elements.iter().find_map(|e| member_span(e, at)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_recognised_only_whole() {
        assert!(is_document(document()));
        assert!(!is_document(R_PART));
        assert!(!is_document(&document().replace("192", "193")));
        assert!(!is_document("{}"));
    }

    #[test]
    fn every_stop_points_at_its_part() {
        let stops = stops();
        assert_eq!(stops.len(), STOPS.len());
        // Each step's member, key to value (the first line of the long ones).
        let spans: Vec<&str> = stops
            .iter()
            .map(|s| document()[s.span.0..s.span.1].lines().next().unwrap())
            .collect();
        assert_eq!(
            spans,
            [
                "\"execution\": {",
                "{",
                "\"nodelist\": [",
                "\"children\": {",
                "\"properties\": {",
                "\"starttime\": 1676560542",
                "\"scheduling\": {",
                "\"core\": \"0-47\"",
            ]
        );
        for s in &stops {
            assert!(document()[..s.span.1].ends_with(['}', ']', '"', '2']));
        }
        assert_eq!(
            &document()[stops[2].span.0..stops[2].span.1],
            "\"nodelist\": [\n      \"node[186-189]\"\n    ]"
        );
        assert_eq!(stops[2].decoded[0], "4 hosts for 4 ranks");
        assert_eq!(stops[5].decoded, ["2023-02-16 15:15:42 UTC"]);
        assert_eq!(stops[4].place.as_ref().unwrap().ranks.to_string(), "21-22");
    }

    #[test]
    fn the_document_agrees_with_itself() {
        let parsed = crate::document::parse(document());
        let said: Vec<_> = parsed
            .diagnostics
            .iter()
            .map(|d| (d.severity, d.message.as_str()))
            .collect();
        assert_eq!(
            said,
            [(
                crate::diag::Severity::Note,
                "229 vertices have no metadata key 'uuid', which RFC 40 requires (Fluxion never writes it)"
            )]
        );
        let r = parsed.rset.unwrap();
        let graph = crate::document::read(document()).graph.unwrap();
        assert_eq!(crate::jgf::consistency::compare(&r, &graph), []);
    }
}
