//! JSON as R documents and graphs need it, read and written in one place.
//!
//! - [`read`]: strict RFC 8259 parsing into a tree whose every node keeps
//!   its byte range, so findings can point at exact bytes; duplicate keys
//!   behave as in jansson (the last value wins).
//! - [`indent`](mod@indent): text laid out as `jq .` lays it out.
//! - [`overview`]: the keys and values of a document, as a tree to show.
//! - [`write`](mod@write): text in jansson's `json_dumps(v, 0)` style, byte for byte
//!   what `flux R` prints.
//!
//! Both the R model ([`crate::rset`]) and the graph model ([`crate::jgf`])
//! build on this layer; it names neither.

pub mod diagnose;
pub mod indent;
pub mod overview;
pub mod read;
pub mod tree;
pub mod write;

pub(crate) use read::parse_checked;
pub use read::{
    get, members, parse, parse_whole, range, split_stream, string_subrange, type_name, Member,
    FEW_KEYS,
};
pub use tree::Value;
pub use write::{format_real, write_json_string, write_json_value};
pub(crate) use write::{write_python_string, write_python_value};
