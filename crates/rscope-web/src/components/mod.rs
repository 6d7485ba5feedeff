//! The page's components, one per file.

pub mod build_r;
pub mod code;
pub mod color_menu;
pub mod command_menu;
pub mod compare;
pub mod constraint_field;
pub mod diagnostics;
pub mod drains;
pub mod editor;
pub mod events;
pub mod explain;
pub mod grid;
pub mod grid_paint;
pub mod grid_tools;
pub mod hwloc;
#[cfg(feature = "page")]
pub mod job_table;
pub mod json_tree;
pub mod landing;
pub mod picture;
pub mod playground;
pub mod queue;
pub mod queue_config;
pub mod resource_text;
pub mod setops;
pub mod shape;
pub mod summary;
pub mod system_read;
pub mod system_tour;
pub mod tabs;
pub mod timeline;
pub mod toolbar;
pub mod tour;
pub mod tree;
pub mod viewer;

#[cfg(test)]
mod tests;
