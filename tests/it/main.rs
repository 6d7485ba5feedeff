//! Native integration tests: one binary, one module per area.

mod hostlist;
mod props;
mod rset;
mod rset_cli;
mod summary;
mod support;
