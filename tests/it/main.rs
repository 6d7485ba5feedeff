//! Native integration tests: one binary, one module per area.

mod hostlist;
mod props;
mod summary;
mod support;
