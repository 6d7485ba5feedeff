//! Another tab's resources, as colouring by membership and the compare
//! view read them: the resources of the tab's whole system (its document,
//! those added beside it, its configuration), so that a status payload, a
//! graph, a topology or a configuration with `[resource] config` is
//! compared as an R is. The tab's documents cross to the analysis worker
//! as postcard bytes ([`system_bytes`]); the answers are the grid's own
//! wire forms ([`member_part`], [`compare_parts`]).

use super::System;
use crate::analysis::member_part;
use crate::grid::compare::Named;
use crate::grid::compare_wire::compare_parts;
use crate::rset::Rset;
use crate::tabs::Text;

/// The resources of a tab's system (`docs`: name, text, as
/// [`crate::tabs::Doc::system_texts`] lists them), or why it has none.
pub fn tab_resources(docs: &[(String, Text)]) -> Result<Rset, String> {
    let docs: Vec<(&str, &str)> = (docs.iter())
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(name, text)| (name.as_str(), &**text))
        .collect();
    let feature = "another tab";
    (System::read(&docs).resources(feature).cloned()).map_err(|why| match why {
        _ if why == super::needs_resources(feature) => OPEN_RESOURCES.to_string(),
        _ => why,
    })
}

/// What a tab with no document that gives resources is told to hold.
const OPEN_RESOURCES: &str =
    "open an R, a payload, a graph, a topology or a configuration with [resource] config in it";

/// A tab's documents as they cross to the analysis worker.
pub fn system_bytes(docs: &[(String, Text)]) -> Vec<u8> {
    postcard::to_allocvec(docs).unwrap_or_default()
}

/// The resources of the tab whose documents are `bytes` ([`system_bytes`]).
fn resources_of(bytes: &[u8]) -> Result<Rset, String> {
    let docs: Vec<(String, Text)> = postcard::from_bytes(bytes)
        .map_err(|_| "the tab's documents did not reach the worker whole".to_string())?;
    tab_resources(&docs)
}

/// The answer to colouring by another tab's membership: its resources as
/// [`member_part`] sends them, read from its documents' bytes.
pub fn member_part_of(system: &[u8]) -> Vec<u8> {
    member_part(resources_of(system))
}

/// The compare view of the tabs whose documents are `systems` (the
/// active tab's first), named by `names` ([`compare_parts`]).
pub fn compare_parts_of(systems: &[Vec<u8>], names: &[Named]) -> Vec<Vec<u8>> {
    let sets: Vec<Result<Rset, String>> = systems.iter().map(|s| resources_of(s)).collect();
    compare_parts(&sets, names)
}
