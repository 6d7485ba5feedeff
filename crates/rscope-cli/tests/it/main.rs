//! Native integration tests: one binary, one module per area.
//!
//! They run the native `rscope` binary and use proptest, so they are left out
//! of the wasm32 build that `wasm-pack test` makes of every test target.
#![cfg(not(target_arch = "wasm32"))]

mod cli;
mod consistency;
mod constraint;
mod examples;
mod fixtures;
mod golden;
mod hostlist;
mod hwloc;
mod jgf;
mod jobs;
mod playground;
mod props;
mod resource;
mod resource_eventlog;
mod resource_history;
mod resource_live;
mod rset;
mod rset_cli;
mod shape;
mod summary;
mod support;
mod system;
mod system_config;
