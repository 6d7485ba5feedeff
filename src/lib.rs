//! Rscope: explore Flux resource sets.
//!
//! Code map:
//!
//! - [`idset`]: RFC 22 id sets, stored as sorted disjoint ranges.
//! - [`alloc`]: fit a request into an R, as flux-core's simple scheduler would.
//! - [`diag`]: diagnostics with spans, JSON pointers and a caret renderer.
//! - [`hostlist`]: RFC 29 host lists, ordered runs of `prefix[lo-hi]`, as flux-core's libhostlist.
//! - [`rset`]: RFC 20 R documents.
//! - [`share`]: documents packed into share-link URL fragments.
//! - [`report`]: what the page shows about a document, in one call.
//! - [`analysis`]: everything the page draws from one tab's text, computed once.
//! - [`color`]: the grid's "colour by" menu as a type.
//! - [`tabs`]: the page's open documents and what the user does to them.
//! - [`grid`]: the node × resource grid: layout, hit-testing, paint runs.
//! - [`textview`]: editor text geometry: lines, long-line windows, highlight pieces.
//! - [`outline`]: a collapsible, virtualizable view of a graph's containment tree.
//! - [`jgf`]: RFC 40 / RFC 4 resource graphs: model, validation, containment tree, aggregates.
//! - [`range`]: RFC 45 range strings and RFC 14 count dictionaries.
//! - [`shape`]: RFC 46 shapes expanded to RFC 14 resources, checked, and back.
//!
//! The core (everything outside `web` and the `rscope` binary) never names a
//! web crate; `web` is compiled for `wasm32` only.

pub mod alloc;
pub mod analysis;
pub mod color;
pub mod diag;
pub mod grid;
pub mod hostlist;
pub mod idset;
pub mod jgf;
pub mod outline;
pub mod range;
pub mod report;
pub mod rset;
pub mod shape;
pub mod share;
pub mod tabs;
pub mod textview;

#[cfg(target_arch = "wasm32")]
pub mod web;
