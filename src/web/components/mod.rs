//! The page's components, one per file.

pub mod editor;
pub mod summary;
pub mod tabs;
pub mod toolbar;
