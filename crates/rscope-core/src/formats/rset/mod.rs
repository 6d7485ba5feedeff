//! RFC 20 R documents: model, span-keeping parse and validation, set
//! operations with flux-core librlist's semantics, the canonical encoding
//! and the short form.
//!
//! - [`parse`] / [`parse_r`]: read text into an [`Rset`] plus
//!   [`Diagnostic`](crate::diag::Diagnostic)s; status documents
//!   (`{"all": R, "down": R, ...}`) too.
//! - [`Rset`]: nodes by rank with children of any type, properties, times,
//!   the opaque `scheduling` value; operations in `ops`.
//! - [`Rset::encode`] and [`Rset::short_form`]: what `flux R` prints.
//!
//! Where librlist drops data silently, Rscope keeps it; each place says so
//! in its doc comment (module docs of `ops` and `parse`, [`Rset::encode`]).

pub(crate) mod config;
mod encode;
mod error;
pub mod host_order;
mod main_set;
mod node;
mod ops;
mod parse;
#[cfg(feature = "page")]
mod plain_entry;
pub mod scheduling;
mod set;
mod zhash;

pub use config::from_config;
pub use error::{Error, ErrorKind};
pub use main_set::NoSet;
pub use node::Node;
pub use ops::append_all;
pub use parse::{
    check_document_value, load, load_resources, load_stream, parse, parse_checking, parse_r,
    parse_r_value, parse_value, Document, Entry, Parsed, MAX_DIAGNOSTICS, MAX_RANKS,
};
pub use scheduling::{GraphCheck, NoGraphCheck};
pub use set::Rset;

/// What the page and `rscope summary` show about a document.
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

/// Summarize an R document (or the `all` set of a status document) given
/// as JSON text; the error says why the document holds no set.
pub fn summarize(text: &str) -> Result<Summary, String> {
    let doc = parse_r(text);
    let set = doc.main_set().map_err(|no| no.to_string())?;
    Ok(Summary {
        version: 1,
        nodes: set.len() as u64,
        cores: set.count("core"),
        gpus: set.count("gpu"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summarizes_an_r_with_gpus_on_some_nodes() {
        let text = include_str!("../../../../../tests/fixtures/r/gpu-cluster.json");
        assert_eq!(
            summarize(text).unwrap(),
            Summary {
                version: 1,
                nodes: 4,
                cores: 96,
                gpus: 8
            }
        );
    }

    #[test]
    fn load_resources_leaves_the_graph_text_out_and_says_it_was_there() {
        let text = r#"{"version":1,"execution":{"R_lite":[{"rank":"0","children":{"core":"0-1"}}]},
            "scheduling":{"graph":{"nodes":[],"edges":[]}}}"#;
        let light = load_resources(text).unwrap();
        let whole = load(text).unwrap();
        assert_eq!((light.scheduling(), light.has_scheduling()), (None, true));
        assert_eq!(
            whole.scheduling(),
            Some(r#"{"graph":{"nodes":[],"edges":[]}}"#)
        );
        assert_eq!(
            light.encode(),
            r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0}}"#
        );
        assert_eq!(
            load_resources("{}").unwrap_err().to_string(),
            "missing key 'version'"
        );
    }

    #[test]
    fn reports_errors() {
        assert_eq!(summarize("{").unwrap_err(), "not JSON: unterminated object");
        assert_eq!(summarize("{}").unwrap_err(), "missing key 'version'");
        assert_eq!(
            summarize(r#"{"version":1,"execution":{"R_lite":[{"rank":"3-1","children":{}}]}}"#)
                .unwrap_err(),
            "invalid rank: reversed range '3-1'"
        );
        assert_eq!(
            summarize(r#"{"version":1,"execution":{"R_lite":[{"rank":"x","children":{}}]}}"#)
                .unwrap_err(),
            "invalid rank: unexpected character 'x'"
        );
    }

    #[test]
    fn summarizes_status_documents() {
        let s = summarize(r#"{"all": {"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}]}}, "down": null}"#).unwrap();
        assert_eq!((s.nodes, s.cores), (4, 16));
    }
}
