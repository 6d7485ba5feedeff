//! Read an hwloc topology, count it, encode its R, build Fluxion's graph
//! and render any refusal, on arbitrary input: nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = rscope_core::commands::r::topology_view(text, "n[0-1]", "");
    match rscope_core::hwloc::read(text) {
        Ok(t) => {
            let _ = t.counts(false).describe();
            let _ = rscope_core::jgf::from_hwloc::from_topology(&t);
        }
        Err(d) => {
            let _ = d.render("fuzz", text);
        }
    }
});
