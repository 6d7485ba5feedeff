//! Rscope: explore Flux resource sets.
//!
//! Code map:
//!
//! - [`idset`]: RFC 22 id sets, stored as sorted disjoint ranges.
//! - [`rset`]: RFC 20 R documents.
//! - [`range`]: RFC 45 range strings and RFC 14 count dictionaries.
//! - [`shape`]: RFC 46 shapes expanded to RFC 14 resources, checked, and back.
//!
//! The core (everything outside `web` and the `rscope` binary) never names a
//! web crate; `web` is compiled for `wasm32` only.

pub mod idset;
pub mod range;
pub mod rset;
pub mod shape;

#[cfg(target_arch = "wasm32")]
pub mod web;
