//! The guided tour: eight steps over the RFC 20 example (with a property
//! and a small graph added), each pointing at a part of the document, its
//! cells in the grid and its RFC section, in this project's words.

use crate::explain::{explain, Place, Rfc};
use serde::Serialize;

/// The tour's document: the RFC 20 example, a property, and a graph of
/// one of its nodes under `scheduling`.
pub const DOCUMENT: &str = r#"{
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
  },
  "scheduling": {
    "writer": "fluxion:jgf",
    "graph": {
      "nodes": [
        {"id": "0", "metadata": {"type": "node", "basename": "node", "id": 186, "rank": 19, "paths": {"containment": "/node186"}}},
        {"id": "1", "metadata": {"type": "core", "id": 0, "rank": 19, "paths": {"containment": "/node186/core0"}}}
      ],
      "edges": [
        {"source": "0", "target": "1", "metadata": {"subsystem": "containment"}}
      ]
    }
  }
}
"#;

/// One step of the tour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    /// Its heading.
    pub title: &'static str,
    /// What it teaches.
    pub text: &'static str,
    /// What the document says there, decoded.
    pub decoded: Vec<String>,
    /// The bytes of [`DOCUMENT`] it is about.
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
    STOPS
        .iter()
        .filter_map(|(needle, title, text)| {
            let at = DOCUMENT.find(needle)? + 1;
            let e = explain(DOCUMENT, at)?;
            Some(Stop {
                title,
                text,
                decoded: e.decoded,
                span: e.span,
                place: e.place,
                rfc: e.rfc,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stop_points_at_its_part() {
        let stops = stops();
        assert_eq!(stops.len(), STOPS.len());
        let spans: Vec<&str> = stops
            .iter()
            .map(|s| &DOCUMENT[s.span.0..s.span.1])
            .collect();
        assert_eq!(
            spans,
            [
                "\"execution\"",
                "{\n        \"rank\": \"19-22\",\n        \"children\": {\n          \"core\": \"0-47\",\n          \"gpu\": \"0-7\"\n        }\n      }",
                "\"nodelist\"",
                "\"children\"",
                "\"properties\"",
                "\"starttime\"",
                "\"scheduling\"",
                "\"core\"",
            ]
        );
        assert_eq!(stops[2].decoded[0], "4 hosts for 4 ranks");
        assert_eq!(stops[5].decoded, ["2023-02-16 15:15:42 UTC"]);
        assert_eq!(stops[4].place.as_ref().unwrap().ranks.to_string(), "21-22");
        assert!(crate::document::parse(DOCUMENT)
            .diagnostics
            .iter()
            .all(|d| d.severity != crate::diag::Severity::Error));
    }
}
