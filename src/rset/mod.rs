//! RFC 20 R documents.
//!
//! For now this holds the summary the first page shows: version and the
//! node, core and GPU counts. The full model, validation and set operations
//! grow here.

use crate::idset::IdSet;
use serde_json::Value;
use std::collections::BTreeMap;

/// What the page and `rscope R summary` show about a document.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// The `version` key.
    pub version: i64,
    /// Number of distinct execution targets (ranks).
    pub nodes: u64,
    /// Cores over all ranks.
    pub cores: u64,
    /// GPUs over all ranks.
    pub gpus: u64,
}

/// Summarize an R document given as JSON text.
pub fn summarize(text: &str) -> Result<Summary, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    let version = doc
        .get("version")
        .ok_or("missing key 'version'")?
        .as_i64()
        .ok_or("'version' is not an integer")?;
    if version != 1 {
        return Err(format!("unsupported version {version}"));
    }
    let r_lite = doc
        .pointer("/execution/R_lite")
        .ok_or("missing key 'execution.R_lite'")?
        .as_array()
        .ok_or("'execution.R_lite' is not an array")?;
    let mut ranks = IdSet::new();
    let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
    for (i, entry) in r_lite.iter().enumerate() {
        let idset = |key: &str, v: Option<&Value>| -> Result<IdSet, String> {
            let s = v
                .and_then(Value::as_str)
                .ok_or_else(|| format!("R_lite[{i}]: '{key}' is not a string"))?;
            IdSet::parse_lenient(s)
                .map(|l| l.set)
                .map_err(|e| format!("R_lite[{i}].{key}: {e}"))
        };
        let rank = idset("rank", entry.get("rank"))?;
        let children = entry
            .get("children")
            .and_then(Value::as_object)
            .ok_or_else(|| format!("R_lite[{i}]: 'children' is not an object"))?;
        for (name, ids) in children {
            let ids = idset(name, Some(ids))?;
            *counts.entry(name.as_str()).or_default() += rank.len() * ids.len();
        }
        ranks = ranks.union(&rank);
    }
    Ok(Summary {
        version,
        nodes: ranks.len(),
        cores: counts.get("core").copied().unwrap_or(0),
        gpus: counts.get("gpu").copied().unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarizes_rfc20_example() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/specs/rfc20-example1.json"
        ))
        .unwrap();
        let s = summarize(&text).unwrap();
        assert_eq!(
            s,
            Summary {
                version: 1,
                nodes: 4,
                cores: 192,
                gpus: 32
            }
        );
    }

    #[test]
    fn reports_errors() {
        assert_eq!(
            summarize("{").unwrap_err(),
            "not JSON: EOF while parsing an object at line 1 column 1"
        );
        assert_eq!(summarize("{}").unwrap_err(), "missing key 'version'");
        assert_eq!(
            summarize(r#"{"version":1,"execution":{"R_lite":[{"rank":"3-1","children":{}}]}}"#)
                .unwrap(),
            Summary {
                version: 1,
                nodes: 3,
                cores: 0,
                gpus: 0
            }
        );
        assert_eq!(
            summarize(r#"{"version":1,"execution":{"R_lite":[{"rank":"x","children":{}}]}}"#)
                .unwrap_err(),
            "R_lite[0].rank: unexpected character 'x' at column 1"
        );
    }
}
