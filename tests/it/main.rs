//! Native integration tests: one binary, one module per area.

mod shape;
mod summary;
mod support;
