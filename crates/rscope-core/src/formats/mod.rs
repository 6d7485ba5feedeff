//! The formats Rscope reads and writes: JSON with byte ranges, RFC 22 id
//! sets, RFC 29 host lists, RFC 45 ranges, hwloc XML, flux's output
//! format language, RFC 46 shapes, RFC 20 R, RFC 40 graphs, RFC 31
//! constraints, `flux resource` payloads and `flux jobs` job lists.
//!
//! ARCHITECTURE.md's code map gives each module's layer; the crate root
//! re-exports them, so `crate::json` and `crate::formats::json` are one module.

pub mod constraint;
pub mod eventlog;
pub mod hostlist;
pub mod hwloc;
pub mod idset;
pub mod jgf;
pub mod jobs;
pub mod json;
pub mod output_format;
pub mod range;
pub mod resource;
pub mod rset;
pub mod shape;
