//! Corpus tier: tests over the Flux samples and specs that sit in
//! `../shared/` beside the clone (real documents from the flux-core and
//! flux-sched test suites, and the RFC texts), read in place.
//!
//! This target runs only when the corpus is there: `scripts/test.sh` runs
//! `cargo test --locked --test corpus` when `../shared/samples` and
//! `../shared/specs` exist and prints one line saying it skipped otherwise.
//! CI always has the corpus. The always-run tier (`tests/it`, the unit
//! tests) covers the same behaviours with the project's own fixtures in
//! `tests/fixtures/`, so a clone alone still tests the core.
//!
//! Golden files live in `tests/data/` (`rset/`, `jgf/`).
#![cfg(not(target_arch = "wasm32"))]

mod cli;
#[path = "../it/golden.rs"]
mod golden;
mod hwloc;
mod jgf;
mod library;
mod rset;
#[path = "../it/support.rs"]
mod support;

use std::path::PathBuf;

/// The path of a file under `../shared/`. Panics, naming what is missing,
/// when the corpus is not beside the clone, so that the tier never passes
/// without reading it.
pub fn shared(rel: &str) -> PathBuf {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("../shared");
    assert!(
        root.join("samples").is_dir() && root.join("specs").is_dir(),
        "the corpus tier needs ../shared/samples and ../shared/specs; not found under {}",
        root.display()
    );
    root.join(rel)
}
