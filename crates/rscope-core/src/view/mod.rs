//! What the views draw: findings for an editor, the grid, the graph's
//! outline and picture, editor text, colour choices, share links, the
//! tabs, the command menu, explanations, one tab's analysis and the
//! embedded views.
//!
//! ARCHITECTURE.md's code map gives each module's layer; the crate root
//! re-exports them, so `crate::report` and `crate::view::report` are one module.

pub mod analysis;
pub mod color;
pub mod command_menu;
pub mod embed;
pub mod explain;
pub mod grid;
pub mod outline;
pub mod report;
pub mod share;
pub mod tabs;
pub mod textview;
