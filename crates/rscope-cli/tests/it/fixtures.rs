//! The project's own documents in tests/fixtures/, written for these tests
//! (no copies of the Flux samples), so that a clone with nothing beside it
//! covers what the corpus tier covers with real documents: R documents
//! valid and broken, status documents, JGF graphs as Fluxion writes them
//! (verbose, `jgf_shorthand`, a power subsystem, a partially cancelled
//! node), and jobspecs.
//!
//! Goldens: tests/data/fixtures/rset/ (one per R or status document) and
//! tests/data/fixtures/jgf/ (one per document with a graph); see golden.rs.

use crate::golden;
use std::path::{Path, PathBuf};

/// The path of a fixture, `rel` under tests/fixtures/.
pub fn fixture(rel: &str) -> String {
    root()
        .join("tests/fixtures")
        .join(rel)
        .display()
        .to_string()
}

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The files of a fixture directory, sorted.
fn files(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("tests/fixtures").join(dir))
        .expect("fixture directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    files
}

fn name(path: &Path) -> String {
    path.file_name()
        .expect("a file")
        .to_string_lossy()
        .into_owned()
}

/// Every golden file of `dir` under tests/data/fixtures/, sorted.
fn goldens(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("tests/data/fixtures").join(dir))
        .expect("golden directory")
        .map(|e| name(&e.expect("directory entry").path()))
        .collect();
    names.sort();
    names
}

#[test]
fn golden_r_and_status_documents() {
    let mut failures = Vec::new();
    let mut written = Vec::new();
    for dir in ["r", "status"] {
        for f in files(dir) {
            let text = std::fs::read_to_string(&f).expect("fixture is text");
            let golden = format!("{dir}__{}.txt", name(&f));
            let file = root().join("tests/data/fixtures/rset").join(&golden);
            failures.extend(golden::compare(&file, &golden::r_report(&text)));
            written.push(golden);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    written.sort();
    assert_eq!(
        goldens("rset"),
        written,
        "a golden file without its fixture"
    );
}

#[test]
fn golden_graphs() {
    let mut failures = Vec::new();
    let mut written = Vec::new();
    let graphs = files("jgf").into_iter().map(|f| ("jgf", f)).chain(
        ["shorthand.json", "with-graph.json"]
            .map(|n| ("r", root().join("tests/fixtures/r").join(n))),
    );
    for (dir, f) in graphs {
        let golden = format!("{dir}__{}", name(&f).replace(".json", ".txt"));
        let file = root().join("tests/data/fixtures/jgf").join(&golden);
        let path = f.display().to_string();
        failures.extend(golden::compare(&file, &golden::jgf_report(&path)));
        written.push(golden);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    written.sort();
    assert_eq!(goldens("jgf"), written, "a golden file without its fixture");
}
