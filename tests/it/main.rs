//! Native integration tests: one binary, one module per area.

mod jgf;
mod rset;
mod rset_cli;
mod summary;
mod support;
