//! Rscope: explore Flux resource sets.
//!
//! Code map:
//!
//! - [`idset`]: RFC 22 id sets, stored as sorted disjoint ranges.
//! - [`rset`]: RFC 20 R documents.
//! - [`share`]: documents packed into share-link URL fragments.
//!
//! The core (everything outside `web` and the `rscope` binary) never names a
//! web crate; `web` is compiled for `wasm32` only.

pub mod idset;
pub mod rset;
pub mod share;

#[cfg(target_arch = "wasm32")]
pub mod web;
