//! Fuzz the reading that recognises a job list and what the system reads
//! of its records (`formats/jobs/record.rs`, over the tree reader with a
//! `jobs` array deferred): the running jobs' holdings and the node-state
//! lane's answer. No text may panic them.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = rscope_core::jobs::record::job_count(text);
    let _ = rscope_core::jobs::held_jobs(text);
    let _ = rscope_core::analysis::beside_part(&[("jobs", text)], 1_700_000_000.0);
});
