//! R and status documents from the Flux samples: every sample's findings as
//! golden files under tests/data/rset/, and the status and short-form
//! expectations that use a sample.

use crate::{golden, shared};
use rscope_core::diag::Severity;
use rscope_core::idset::IdSet;
use rscope_core::rset::{self, Document};

#[test]
fn status_documents_parse_each_set() {
    let text =
        std::fs::read_to_string(shared("samples/flux-core/resource-list/normal-new.json")).unwrap();
    let Document::Status {
        sets, diagnostics, ..
    } = rset::parse_r(&text)
    else {
        panic!("a status document");
    };
    let names: Vec<(&str, bool)> = sets
        .iter()
        .map(|(n, s)| (n.as_str(), s.is_some()))
        .collect();
    assert_eq!(
        names,
        [("all", true), ("allocated", false), ("down", false)]
    );
    assert!(
        diagnostics.iter().all(|d| d.severity != Severity::Error),
        "{diagnostics:?}"
    );
    let all = sets[0].1.as_ref().unwrap();
    assert_eq!(all.short_form(), "rank[0-4]/core[0-3]");
    assert_eq!(
        all.properties(),
        [("8g".to_string(), IdSet::from_range(0, 2))]
    );
}

/// Every sample that is an R or a status document, with its findings, as
/// golden files under tests/data/rset/ (see tests/it/golden.rs).
#[test]
fn golden_samples() {
    let dirs = [
        "samples/flux-core/job-list-R",
        "samples/flux-core/resource-list",
        "samples/flux-core/shell-input",
        "samples/flux-sched/rv1exec",
        "samples/flux-sched/expected",
        "samples/flux-sched/shell",
    ];
    let mut failures = Vec::new();
    for dir in dirs {
        let mut files: Vec<_> = std::fs::read_dir(shared(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let name = f.file_name().unwrap().to_string_lossy().to_string();
            // JGF graphs are not R; the JGF tests cover them.
            if name.starts_with("t3040_") || name == "corona-jgf.json" {
                continue;
            }
            let text = std::fs::read_to_string(&f).unwrap();
            let golden = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
                .join("tests/data/rset")
                .join(format!("{}__{name}.txt", dir.rsplit('/').next().unwrap()));
            failures.extend(golden::compare(&golden, &golden::r_report(&text)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn short_form_of_out_of_order_ranks_follows_the_nodelist() {
    let sample = std::fs::read_to_string(shared(
        "samples/flux-core/shell-input/out-of-order-ranks.json",
    ))
    .unwrap();
    assert_eq!(
        rset::load(&sample).unwrap().short_form(),
        "rank0/core[0-1] rank1/core[0-7]"
    );
}
