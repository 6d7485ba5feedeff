//! The small pieces every other module shares: diagnostics, limits,
//! words, the shared sort, requests in flight and answers kept, the XML
//! escaper, dates, canvas sizes and the palette.
//!
//! ARCHITECTURE.md's code map gives each module's layer; the crate root
//! re-exports them, so `crate::diag` and `crate::base::diag` are one module.

pub mod canvas;
pub mod diag;
pub mod inflight;
pub mod limits;
pub mod palette;
pub mod recent;
pub mod sorting;
pub mod time;
pub mod words;
pub mod xml;
