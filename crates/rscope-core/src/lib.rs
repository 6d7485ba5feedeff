//! Rscope's core: every format, operation and view model that the `rscope`
//! command (`rscope-cli`) and the page (`rscope-web`) share, so that one
//! question has one answer.
//!
//! `ARCHITECTURE.md` at the workspace root is the code map: the modules by
//! layer, what each holds, and the rules a test enforces (a module names
//! only modules of lower layers; no module names a web crate). The modules
//! live in four folders by concern (`base`, `formats`, `ops`, `view`) and
//! are re-exported here, so each has one short path: `crate::rset`.

#![warn(missing_docs)]

pub mod base;
pub mod document;
pub mod formats;
pub mod ops;
pub mod teach;
pub mod view;

pub use base::{canvas, diag, inflight, limits, palette, recent, sorting, time, words, xml};
pub use formats::{
    constraint, eventlog, hostlist, hwloc, idset, jgf, jobs, json, output_format, range, resource,
    rset, shape,
};
pub use ops::{commands, fit, prune, setops, system};
pub use view::{
    analysis, color, command_menu, embed, explain, grid, outline, report, share, tabs, textview,
};
