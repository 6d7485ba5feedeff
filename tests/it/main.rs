//! Native integration tests: one binary, one module per area.

mod hostlist;
mod summary;
mod support;
