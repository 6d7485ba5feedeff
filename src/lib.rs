//! Rscope: explore Flux resource sets.
//!
//! Code map, by layer (ARCHITECTURE.md has the rules; a test enforces
//! them):
//!
//! - [`diag`], [`limits`], [`words`], [`inflight`], [`recent`]: diagnostics with spans, pointers and carets; size
//!   limits; counts in words; requests in flight to a worker; the few answers worked out last.
//! - [`idset`], [`hostlist`], [`range`], [`hwloc`]: RFC 22 id sets, RFC 29 host lists, RFC 45 ranges,
//!   hwloc XML topologies.
//! - [`json`]: strict JSON with byte ranges, and jansson's way of writing it.
//! - [`shape`], [`rset`]: RFC 46 shapes to RFC 14 resources; RFC 20 R documents.
//! - [`jgf`], [`constraint`]: RFC 40 / RFC 4 resource graphs; RFC 31 job constraints (`--requires`).
//! - [`document`], [`fit`], [`setops`], [`prune`]: an R read with its graph in one pass; fitting a request;
//!   `flux R`'s operations over named texts and set expressions; an R copied down to part of its graph.
//! - [`report`], [`grid`], [`outline`], [`textview`], [`share`], [`color`], [`tabs`]: what the views draw.
//! - [`explain`]: what a key or value of R means, and why each finding is one, for readers learning the format.
//! - [`teach`]: the R builder, the small formats' playground and the guided tour.
//! - [`analysis`]: everything the page draws from one tab's text, computed once.
//! - [`embed`]: the iframe mode's options, read from the address.
//! - [`commands`]: what the CLI's subcommands print, for the CLI and the JS API alike.
//!
//! The core (everything outside `web` and the `rscope` binary) never names a
//! web crate; `web` is compiled for `wasm32` only.

pub mod analysis;
pub mod color;
pub mod commands;
/// RFC 31 job constraints: the `--requires` query syntax, the JSON form as
/// librlist reads it, and the nodes it selects.
pub mod constraint;
pub mod diag;
pub mod document;
pub mod embed;
pub mod explain;
pub mod fit;
pub mod grid;
pub mod hostlist;
pub mod hwloc;
pub mod idset;
pub mod inflight;
pub mod jgf;
pub mod json;
pub mod limits;
pub mod outline;
pub mod output_format;
pub mod prune;
pub mod range;
pub mod recent;
pub mod report;
pub mod resource;
pub mod rset;
pub mod setops;
pub mod shape;
pub mod share;
pub mod sorting;
pub mod tabs;
pub mod teach;
pub mod textview;
pub mod words;

#[cfg(target_arch = "wasm32")]
pub mod web;
