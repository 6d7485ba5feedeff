//! Parse + validate any text as R (and as a stream), then run the
//! operations and encodings on what loads: nothing may panic, and every
//! diagnostic span must lie inside the input on character boundaries.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::rset;

/// What a set holds, independent of list and table order.
fn content(r: &rset::Rset) -> Vec<(u32, Vec<(String, String)>)> {
    let mut v: Vec<(u32, Vec<(String, String)>)> = r
        .nodes()
        .filter(|n| !n.is_empty())
        .map(|n| {
            let mut c: Vec<(String, String)> = n
                .children()
                .filter(|(_, ids)| !ids.is_empty())
                .map(|(k, ids)| (k.to_string(), ids.to_string()))
                .collect();
            c.sort();
            (n.rank(), c)
        })
        .collect();
    v.sort();
    v
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // The composed reader: the R and its scheduling graph, as the page and
    // `rscope R validate` read them.
    let doc = rscope_core::document::parse_with_graph(text);
    let _ = doc.main_set().map_err(|no| no.to_string());
    // `validate --hosts`: the ranks against a host order, spans inside.
    for d in rscope_core::commands::r::validate_hosts(text, "a[1,0,2-3]", "--hosts").unwrap() {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len());
    }
    for d in doc.diagnostics() {
        assert!(d.span.start <= d.span.end && d.span.end <= text.len());
        assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
        let _ = d.render("fuzz", text);
    }
    // One document: the stream's reader (which reads plain R_lite entries
    // from their bytes) answers as the single reader (which builds each).
    if rscope_core::json::parse(text).is_ok() {
        let answer = |r: Result<rset::Rset, rset::Error>| match r {
            Ok(set) => Ok(set.encode()),
            Err(e) => Err((e.to_string(), e.span())),
        };
        let streamed = rset::load_stream(text).map(|mut sets| sets.remove(0));
        assert_eq!(answer(streamed), answer(rset::load(text)));
    }
    if let Ok(sets) = rset::load_stream(text) {
        let first = &sets[0];
        let encoded = first.encode();
        // Host names holding hostlist syntax do not survive a round trip
        // (as in the reference); everything else must.
        if let Ok(again) = rset::load(&encoded) {
            assert_eq!(content(&again), content(first));
        }
        for s in &sets[1..] {
            let _ = first.diff(s);
            let _ = first.union(s);
            let _ = first.intersect(s).encode();
            let _ = first.verify(s);
        }
        let _ = rset::append_all(&sets);
        let mut m = first.clone();
        m.remap();
        let _ = m.encode();
        let _ = first.filter_properties("a,^b");
    }
});
