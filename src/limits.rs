//! Size limits on documents, each with one name. A limit is part of what
//! Rscope promises (the README lists them) and every error that enforces
//! one states it, so they live together here rather than beside each use.
//!
//! Limits that belong to one format stay with it and are named there:
//! [`crate::rset::MAX_RANKS`], [`crate::rset::MAX_DIAGNOSTICS`],
//! [`crate::jgf::MAX_VERTICES`], [`crate::jgf::MAX_EDGES`],
//! [`crate::outline::MAX_GENERATED_VERTICES`], the host list limits in
//! [`crate::hostlist`] and the shape limits in [`crate::shape`].

/// The largest JSON document the core reads (1 GiB: El Capitan's whole
/// resource graph is 203 MB); larger input is refused with a message
/// rather than exhausting memory.
pub const MAX_DOCUMENT_BYTES: usize = 1 << 30;

/// The largest document the page opens (64 MiB): parsing more would keep
/// the tab busy for seconds.
pub const MAX_PAGE_DOCUMENT_BYTES: usize = 64 << 20;

/// The largest document a share link may unpack to (16 MiB).
pub const MAX_SHARED_DOCUMENT_BYTES: usize = 16 << 20;

/// The longest share-link fragment read (8 MiB of base64 text).
pub const MAX_SHARE_FRAGMENT_BYTES: usize = 8 << 20;
