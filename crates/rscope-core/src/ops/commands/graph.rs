//! `rscope jgf tree`, `check` and `find` as functions of text: the tree
//! with counts, the differences between R_lite and the graph, and the
//! paths of the vertices a query matches.

use super::{first_error, Failure};
use crate::jgf::{self, consistency::Difference, Query};
use serde::Serialize;

/// The graph's analysis, or its first error placed in `text`.
fn load(text: &str) -> Result<jgf::IndexedGraph, Failure> {
    let (analysis, diags) = jgf::read_indexed(text);
    analysis.ok_or_else(|| first_error(&diags, text, "no resource graph"))
}

/// What `rscope jgf tree` prints: one vertex a line with its counts,
/// `depth` levels below the roots (all when `None`).
pub fn tree(text: &str, depth: Option<usize>) -> Result<String, Failure> {
    Ok(jgf::text::render_tree(&load(text)?, depth))
}

/// What `rscope jgf check` finds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Check {
    /// No difference but `jgf_shorthand` omissions.
    pub consistent: bool,
    /// Each difference (and omission) in words, as the CLI prints a line.
    pub differences: Vec<String>,
    /// Exactly what `rscope jgf check` prints.
    pub text: String,
}

/// The set the R document `text` is about, or why there is none.
pub fn main_set(text: &str) -> Result<crate::rset::Rset, Failure> {
    let doc = crate::rset::parse_r(text);
    doc.main_set().cloned().map_err(|no| match no.diagnostic() {
        Some(d) => Failure::finding(d, text),
        None => Failure::new(no.to_string()),
    })
}

/// Compare R_lite with the graph of the R document `text`; a graph that
/// cannot be read fails with its first finding, of any severity.
pub fn check(text: &str) -> Result<Check, Failure> {
    let r = main_set(text)?;
    let (analysis, diags) = jgf::read_indexed(text);
    let a = analysis.ok_or_else(|| match diags.first() {
        Some(d) => Failure::finding(d, text),
        None => Failure::new("no resource graph"),
    })?;
    let found = jgf::consistency::compare(&r, &a);
    let consistent = found.iter().all(|d| matches!(d, Difference::Omitted(_)));
    let differences: Vec<String> = found.iter().map(ToString::to_string).collect();
    let text = differences.iter().map(|d| format!("{d}\n")).collect();
    Ok(Check {
        consistent,
        differences,
        text,
    })
}

/// The graph of `text` as `resource-query -g dot|graphml` writes it
/// (`rscope jgf export --format dot|graphml [--subsystem NAME]...`): every
/// subsystem when `subsystems` is empty, else only the vertices and edges
/// of those ([`jgf::export::Subsystems`]). A graph with an error (an edge
/// naming no vertex, a duplicate id, ...) is refused with its first one,
/// as Fluxion's reader refuses to load it, and so is a subsystem the
/// graph lacks.
pub fn export(text: &str, format: &str, subsystems: &[String]) -> Result<String, Failure> {
    let format: jgf::export::Format = format.parse().map_err(Failure::new)?;
    let part = jgf::export::Subsystems::of(subsystems);
    let (analysis, diags) = jgf::read_indexed(text);
    match analysis {
        Some(a)
            if !diags
                .iter()
                .any(|d| d.severity == crate::diag::Severity::Error) =>
        {
            part.check(&a.graph).map_err(Failure::new)?;
            Ok(jgf::export::write_part(&a.graph, format, &part))
        }
        _ => Err(first_error(&diags, text, "no resource graph")),
    }
}

/// A `find` query (`type=T`, `name=N`, `path=/P`, `rank=R`,
/// `property=K[=V]`), read before the document so that a bad one fails
/// without waiting for input.
pub fn query(query: &str) -> Result<Query, Failure> {
    query
        .parse::<Query>()
        .map_err(|e| Failure::new(e.to_string()))
}

/// The containment path of every vertex `q` matches, as `rscope jgf
/// find` prints them one a line.
pub fn find(text: &str, q: &Query) -> Result<Vec<String>, Failure> {
    let a = load(text)?;
    Ok(jgf::find(&a.graph, &a.tree, q)
        .iter()
        .map(|hit| a.tree.path_string(&a.graph, hit.vertex))
        .collect())
}

/// What `rscope jgf from-hwloc` prints: the JGF graph Fluxion's hwloc
/// reader builds from the topology `xml`, or why there is none, placed.
pub fn from_hwloc(xml: &str) -> Result<String, Failure> {
    from_hwloc_allowing(xml, &[])
}

/// What the page's topology panel opens as "Fluxion's graph": the graph
/// [`from_hwloc`] prints, or its refusal placed in the XML (the new tab
/// then shows why there is none).
pub fn from_hwloc_for_tab(xml: &str) -> String {
    from_hwloc(xml).unwrap_or_else(|e| e.located())
}

/// [`from_hwloc`] with only the resource types of `allow` (`--allow`,
/// as Fluxion's allowlist); all when empty.
pub fn from_hwloc_allowing(xml: &str, allow: &[String]) -> Result<String, Failure> {
    let t = crate::hwloc::read(xml).map_err(|d| Failure::finding(&d, xml))?;
    let g = jgf::from_hwloc::from_topology_allowing(&t, allow)
        .map_err(|d| Failure::finding(&d, xml))?;
    Ok(jgf::generate::to_json(&g))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = include_str!("../../../../../tests/fixtures/r/with-graph.json");

    #[test]
    fn finds_and_draws_and_places_errors() {
        let paths = find(TINY, &query("type=node").unwrap()).unwrap();
        assert!(!paths.is_empty());
        assert!(paths.iter().all(|p| p.starts_with('/')));
        assert!(tree(TINY, Some(0)).unwrap().ends_with('\n'));
        let e = tree("{\"graph\":\n", None).unwrap_err();
        assert_eq!(e.at.map(|(l, _)| l), Some(2), "{e:?}");
        assert!(e.finding.is_some());
        assert!(query("bogus").is_err());
    }
}
