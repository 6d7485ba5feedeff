//! The warm-up the analysis worker runs before the first paste.

/// A `resource.status` payload of `nodes` nodes (at least 4), each with
/// its own scattered cores, two properties, two nodes offline and two
/// drained: what the page's worker analyses as it starts, so that the R
/// reader, the payload reader and the grid are compiled before the first
/// paste (a 16 384-node payload's first analysis took twice as long as
/// its second).
pub fn warm_up_payload(nodes: u32) -> String {
    let nodes = nodes.max(4);
    let last = nodes - 1;
    let half = nodes / 2;
    let entries: Vec<String> = (0..nodes)
        .map(|rank| {
            // 16 runs, one in each block of 8 cores, that start and end
            // apart from rank to rank: ascending, apart, canonical.
            let runs: Vec<String> = (0..16)
                .map(|i| {
                    let lo = i * 8 + (rank + i) % 3;
                    format!("{lo}-{}", lo + 1 + rank % 4)
                })
                .collect();
            let gpu = if rank % 2 == 0 { r#","gpu":"0-3""# } else { "" };
            format!(
                r#"{{"rank":"{rank}","children":{{"core":"{}"{gpu}}}}}"#,
                runs.join(",")
            )
        })
        .collect();
    format!(
        r#"{{"R":{{"version":1,"execution":{{"R_lite":[{}],"starttime":0,"expiration":0,"nodelist":["warm[0-{last}]"],"properties":{{"batch":"0-{}","debug":"{half}-{last}"}}}}}},"online":"0-{}","offline":"{}-{last}","exclude":"","torpid":"","drain":{{"1":{{"timestamp":1700000000,"reason":"warm"}},"{last}":{{"timestamp":1700000000.5,"reason":"warm"}}}}}}"#,
        entries.join(","),
        half - 1,
        last - 2,
        last - 1,
    )
}
