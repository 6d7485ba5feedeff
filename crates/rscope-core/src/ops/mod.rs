//! What Rscope does with documents: fitting requests, `flux R`'s set
//! operations, pruning an R to part of its graph, and the commands the CLI
//! and the JS API share.
//!
//! ARCHITECTURE.md's code map gives each module's layer; the crate root
//! re-exports them, so `crate::fit` and `crate::ops::fit` are one module.

pub mod commands;
pub mod fit;
pub mod prune;
pub mod setops;
pub mod system;
