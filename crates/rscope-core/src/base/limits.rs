//! Size limits on documents, each with one name. A limit is part of what
//! Rscope promises (the README lists them) and every error that enforces
//! one states it, so they live together here rather than beside each use.
//!
//! Limits that belong to one format stay with it and are named there:
//! [`crate::json::diagnose::MAX_JSON_DEPTH`],
//! [`crate::rset::MAX_RANKS`], [`crate::rset::MAX_DIAGNOSTICS`],
//! [`crate::jgf::MAX_VERTICES`], [`crate::jgf::MAX_EDGES`],
//! [`crate::outline::MAX_GENERATED_VERTICES`], the host list limits in
//! [`crate::hostlist`] and the shape limits in [`crate::shape`].

/// The largest JSON document the core reads (1 GiB: El Capitan's whole
/// resource graph is 203 MB); larger input is refused with a message
/// rather than exhausting memory.
pub const MAX_DOCUMENT_BYTES: usize = 1 << 30;

/// The largest document the page opens where the browser does not say how
/// much memory the device has (64 MiB), and the least it opens on any
/// device; [`page_document_limit`] gives the limit where it does.
pub const MAX_PAGE_DOCUMENT_BYTES: usize = 64 << 20;

/// Bytes of the device's memory the page uses for each byte of a document
/// it opens, about: the text in the page, the copy its analysis worker
/// reads, and the worker's model of it (measured: `rscope R validate`
/// peaks at 4.2 times an El Capitan-like R+JGF of 61 MB), with room for
/// the browser's own copies while the file is read.
pub const PAGE_MEMORY_PER_DOCUMENT_BYTE: f64 = 8.0;

/// Bytes of the analysis worker's wasm memory for each byte of a document:
/// the text and its model.
const WORKER_MEMORY_PER_DOCUMENT_BYTE: f64 = 5.0;

/// What a wasm32 instance can address (4 GiB): the worker's text and
/// model must fit in it.
const WASM32_MEMORY_BYTES: f64 = 4.0 * GIB;

const GIB: f64 = 1073741824.0;

/// The largest document the page opens on a device with `device_memory`
/// GiB of memory (the browser's `navigator.deviceMemory`, which it rounds
/// down and caps at 8, or nothing where it says none): that memory over
/// [`PAGE_MEMORY_PER_DOCUMENT_BYTE`], no more than the worker's 4 GiB hold
/// or [`MAX_DOCUMENT_BYTES`], and no less than [`MAX_PAGE_DOCUMENT_BYTES`];
/// in whole MiB, so that messages state it exactly. On an 8 GiB device
/// it is 819 MiB: El Capitan's whole graph (203 MB) opens.
pub fn page_document_limit(device_memory: Option<f64>) -> usize {
    let Some(gib) = device_memory.filter(|g| g.is_finite() && *g > 0.0) else {
        return MAX_PAGE_DOCUMENT_BYTES;
    };
    let by_device = gib * GIB / PAGE_MEMORY_PER_DOCUMENT_BYTE;
    let by_worker = WASM32_MEMORY_BYTES / WORKER_MEMORY_PER_DOCUMENT_BYTE;
    let limit = by_device.min(by_worker).min(MAX_DOCUMENT_BYTES as f64) as usize;
    (limit >> 20 << 20).max(MAX_PAGE_DOCUMENT_BYTES)
}

/// The largest document a share link may unpack to (16 MiB).
pub const MAX_SHARED_DOCUMENT_BYTES: usize = 16 << 20;

/// The longest share-link fragment read (8 MiB of base64 text).
pub const MAX_SHARE_FRAGMENT_BYTES: usize = 8 << 20;

/// The most documents a tab's system holds beside its own: a system has
/// an R or graph, two payloads, a topology and a few more to compare;
/// each is read again whenever a view of the system is. A share link
/// carrying more is refused.
pub const MAX_JOINED: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_limit_follows_the_device_memory() {
        let mib = |gib| page_document_limit(gib) >> 20;
        // No figure, or nonsense: the floor.
        assert_eq!(mib(None), 64);
        assert_eq!(mib(Some(f64::NAN)), 64);
        assert_eq!(mib(Some(-1.0)), 64);
        // Small devices keep the floor; larger ones get an eighth of it.
        assert_eq!(mib(Some(0.25)), 64);
        assert_eq!(mib(Some(0.5)), 64);
        assert_eq!(mib(Some(1.0)), 128);
        assert_eq!(mib(Some(2.0)), 256);
        assert_eq!(mib(Some(4.0)), 512);
        // The worker's 4 GiB hold bounds it from 8 GiB on.
        assert_eq!(mib(Some(8.0)), 819);
        assert_eq!(mib(Some(64.0)), 819);
    }
}
