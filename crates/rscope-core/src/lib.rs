//! Rscope's core: every format, operation and view model that the `rscope`
//! command (`rscope-cli`) and the page (`rscope-web`) share, so that one
//! question has one answer.
//!
//! `ARCHITECTURE.md` at the workspace root is the code map: the modules
//! below by layer, what each holds, and the rules a test enforces (a module
//! names only modules of lower layers; no module names a web crate).

#![warn(missing_docs)]

pub mod analysis;
pub mod canvas;
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
pub mod palette;
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
pub mod time;
pub mod words;
pub mod xml;
