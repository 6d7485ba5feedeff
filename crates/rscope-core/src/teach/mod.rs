//! The teaching features: ways to learn the formats by doing, each a pure
//! function of text that the page's panels and the JS API call.
//!
//! - [`build`]: an R built from a form (hosts, cores and GPUs per node,
//!   properties, times), and read back into the form;
//! - [`play`]: the playground's reading of a small format (an RFC 22 id
//!   set, an RFC 29 host list, an RFC 45 range, an RFC 46 shape);
//! - [`tour`]: the guided tour, steps over the RFC 20 example;
//! - [`system_tour`]: the second tour, from a system's configuration to
//!   where a job fits;
//! - [`walk`]: stepping through either tour, each press applied to the
//!   step the press before it left.
//!
//! What a key or value under the caret means, and why a finding is one,
//! are [`crate::explain`]'s; the tour points with it.

pub mod build;
pub mod landing;
pub mod play;
pub mod system_tour;
pub mod tour;
pub mod walk;
