//! Parse + validate + tree + aggregate + find + text on arbitrary input:
//! nothing may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (analysis, diags) = rscope_core::jgf::read_indexed(text);
    for d in &diags {
        let _ = d.render("fuzz", text);
    }
    if let Some(a) = analysis {
        let _ = rscope_core::jgf::text::render_tree(&a, Some(4));
        let q = rscope_core::jgf::Query::Path("/".into());
        let _ = rscope_core::jgf::find(&a.graph, &a.tree, &q);
        let _ = rscope_core::jgf::consistency::graph_ranks(&a);
    }
});
