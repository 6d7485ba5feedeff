//! Native integration tests: one binary, one module per area.

mod summary;
mod support;
