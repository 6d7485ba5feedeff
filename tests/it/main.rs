//! Native integration tests: one binary, one module per area.

mod jgf;
mod summary;
mod support;
