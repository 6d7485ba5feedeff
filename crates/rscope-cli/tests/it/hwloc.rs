//! `rscope R encode --xml` and `--local` against `flux R encode`'s answers
//! (flux-core's t0026-flux-R.t and t0042-rhwloc-gpu-dedup.t), over the
//! project's own topologies in tests/fixtures/hwloc/: made by `hwloc-ls
//! --of xml -i "…"` (named after their synthetic description; `v1-` ones
//! with `--export-xml-flags v1`), and two with PCI GPUs written by hand
//! and checked with `lstopo -i`.

use crate::fixtures::fixture;
use crate::support::{rscope, rscope_env, Output};

fn topo(name: &str) -> String {
    fixture(&format!("hwloc/{name}"))
}

/// `rscope R ARGS`, asserting success; its standard output.
fn ok(args: &[&str]) -> String {
    ok_env(args, &[])
}

fn ok_env(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut full = vec!["R"];
    full.extend_from_slice(args);
    let o = rscope_env(&full, "", env);
    assert_eq!(o.status, 0, "rscope {full:?} failed: {}", o.stderr);
    o.stdout
}

/// `rscope R decode ARGS` of `r`.
fn decode(r: &str, args: &[&str]) -> String {
    let mut full = vec!["R", "decode"];
    full.extend_from_slice(args);
    let o = rscope(&full, r);
    assert_eq!(o.status, 0, "{}", o.stderr);
    o.stdout
}

fn fails(args: &[&str]) -> Output {
    let mut full = vec!["R"];
    full.extend_from_slice(args);
    let o = rscope(&full, "");
    assert_eq!((o.status, o.stdout.as_str()), (1, ""), "{o:?}");
    o
}

#[test]
fn xml_gives_every_core_by_logical_index() {
    // t0026: hwloc-ls --of xml -i "numa:2 core:3 pu:1" gives rank0/core[0-5].
    let r = ok(&["encode", "--xml", &topo("numa2-core3-pu1.xml")]);
    assert_eq!(decode(&r, &["--short"]), "rank0/core[0-5]\n");
    for (file, short) in [
        ("pack2-numa2-core6-pu2.xml", "rank0/core[0-23]\n"),
        ("v1-pack2-numa2-core6-pu2.xml", "rank0/core[0-23]\n"),
        ("caches.xml", "rank0/core[0-11]\n"),
        ("one-core.xml", "rank0/core0\n"),
    ] {
        let r = ok(&["encode", &format!("--xml={}", topo(file))]);
        assert_eq!(decode(&r, &["--short"]), short, "{file}");
    }
}

#[test]
fn xml_with_hosts_ranks_and_properties() {
    let f = topo("pack2-numa2-core6-pu2.xml");
    assert_eq!(
        ok(&["encode", "--xml", &f, "--hosts", "n[0-1]"]),
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-1\", \"children\": {\"core\": \"0-23\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"n[0-1]\"]}}\n"
    );
    assert_eq!(
        ok(&["encode", "-f", &f, "-r", "3,7", "-H", "a,b", "-p", "big:7", "-p", "all"]),
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"3,7\", \"children\": {\"core\": \"0-23\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"a,b\"], \"properties\": {\"big\": \"7\", \"all\": \"3,7\"}}}\n"
    );
    // Without --hosts every rank is on the local host, as in flux-core.
    let here = decode(&ok(&["encode", "-f", &f]), &["--nodelist"]);
    let two = ok(&["encode", "-f", &f, "-r", "0-1"]);
    assert_eq!(
        decode(&two, &["--nodelist"]),
        format!("{},{}", here.trim(), here)
    );
    assert_eq!(decode(&two, &["--count", "core"]), "48\n");
    // An empty rank set reads no topology (flux R encode writes an empty
    // nodelist as [""]).
    assert_eq!(
        ok(&["encode", "-f", &topo("no-core.xml"), "-r", ""]),
        "{\"version\": 1, \"execution\": {\"R_lite\": [], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"\"]}}\n"
    );
}

#[test]
fn xml_refusals_match_flux_r_encode() {
    let f = topo("one-core.xml");
    for extra in [&["-c", "0-1"][..], &["-g", "0"], &["--cores=1", "--gpus=1"]] {
        let mut args = vec!["encode", "--xml", &f];
        args.extend_from_slice(extra);
        assert_eq!(
            fails(&args).stderr,
            "rscope R: do not specify --cores or --gpus with --local or --xml\n"
        );
    }
    assert_eq!(
        fails(&["encode", "--local", "-c", "3"]).stderr,
        "rscope R: do not specify --cores or --gpus with --local or --xml\n"
    );
    assert_eq!(
        fails(&["encode", "--xml", &f, "-r", "0-1", "-H", "a"]).stderr,
        "rscope R: hostname count in 'a' does not match nranks (2)\n"
    );
    assert_eq!(
        fails(&["encode", "--xml", &f, "-r", "0-1", "-p", "x:2"]).stderr,
        "rscope R: failed to assign properties: rank 2 not found in target resource list\n"
    );
    let missing = topo("missing.xml");
    assert!(fails(&["encode", "--xml", &missing])
        .stderr
        .starts_with(&format!("rscope R: cannot read {missing}: ")));
}

#[test]
fn xml_errors_say_where() {
    let f = topo("no-core.xml");
    assert_eq!(
        fails(&["encode", "--xml", &f]).stderr,
        format!("rscope R: {f}:3:2: error: the topology has no Core objects, so it gives no cores\n<topology version=\"2.0\">\n ^^^^^^^^\n")
    );
    let o = rscope(
        &["R", "encode", "--xml", "-"],
        "<topology>\n <object type=\"Machine\">\n  <object type=\"PU\">\n </object>\n</topology>\n",
    );
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stderr,
        "rscope R: <stdin>:5:1: error: malformed XML: expected 'object' tag, not 'topology'\n</topology>\n^\n"
    );
}

#[test]
fn gpus_are_de_duplicated_as_flux_core_does() {
    // Two GPUs, each seen through OpenCL, CUDA and NVML.
    let nv = topo("nvidia-three-backends.xml");
    let r = ok(&["encode", "--xml", &nv]);
    assert_eq!(decode(&r, &["--short"]), "rank0/core[0-3],gpu[0-1]\n");
    let all = ok_env(
        &["encode", "--xml", &nv],
        &[("FLUX_HWLOC_GPU_NO_DEDUP", "1")],
    );
    assert_eq!(decode(&all, &["--count", "gpu"]), "6\n");
    // One AMD GPU in three partitions and a whole one: four either way.
    let amd = topo("amd-partitions.xml");
    for env in [&[][..], &[("FLUX_HWLOC_GPU_NO_DEDUP", "1")]] {
        let r = ok_env(&["encode", "--xml", &amd, "-H", "g[1-2]"], env);
        assert_eq!(decode(&r, &["--short"]), "rank[0-1]/core[0-3],gpu[0-3]\n");
    }
}

#[test]
fn local_reads_this_machine() {
    // t0026: --local with --hosts keeps --local's cores on every host.
    let mine = ok(&["encode", "--local"]);
    let ncores: u64 = decode(&mine, &["--count", "core"]).trim().parse().unwrap();
    assert!(ncores >= 1);
    let hosts = ok(&["encode", "--local", "--hosts=fluke[0-16]"]);
    assert_eq!(
        decode(&hosts, &["--count", "core"]),
        format!("{}\n", ncores * 17)
    );
    assert_eq!(decode(&hosts, &["--nodelist"]), "fluke[0-16]\n");
    // FLUX_HWLOC_XMLFILE stands for the machine, as in flux-core; --xml wins.
    let f = topo("caches.xml");
    let env = [("FLUX_HWLOC_XMLFILE", f.as_str())];
    assert_eq!(
        ok_env(&["encode", "--local", "-H", "x"], &env),
        ok(&["encode", "--xml", &f, "-H", "x"])
    );
    let one = topo("one-core.xml");
    assert_eq!(
        decode(
            &ok_env(&["encode", "--local", "--xml", &one], &env),
            &["--short"]
        ),
        "rank0/core0\n"
    );
}

#[test]
fn jgf_from_hwloc_builds_fluxions_graph() {
    let graph = |file: &str| {
        let o = rscope(&["jgf", "from-hwloc", &topo(file)], "");
        assert_eq!(o.status, 0, "{}", o.stderr);
        o.stdout
    };
    // Per-core L2, L1d and L1i levels add no structure and are gone; the
    // L3s shared by three cores stay. No HostName: no node vertex.
    let caches = graph("caches.xml");
    let tree = rscope(&["jgf", "tree", "--depth", "3"], &caches);
    assert_eq!(
        tree.stdout.lines().take(5).collect::<Vec<_>>(),
        [
            "cluster0 (cluster): numanode 1, socket 2, cache 4, core 12, pu 24",
            "  numanode0 (numanode, rank 0)",
            "  socket0 (socket, rank 0): cache 2, core 6, pu 12",
            "    L3cache0 (cache, rank 0, size 16384): core 3, pu 6",
            "      core0 (core, rank 0): pu 2",
        ]
    );
    // The node is named by HostName; every co-processor device is a GPU,
    // numbered from its name, without de-duplication (NVML's are not
    // co-processors).
    let nv = graph("nvidia-three-backends.xml");
    let found = rscope(&["jgf", "find", "type=gpu"], &nv);
    assert_eq!(
        found.stdout,
        "/cluster0/gpunode7/socket0/gpu0\n/cluster0/gpunode7/socket0/gpu0\n/cluster0/gpunode7/socket1/gpu1\n/cluster0/gpunode7/socket1/gpu1\n"
    );
    assert!(nv.contains("{\"id\": \"1\", \"metadata\": {\"type\": \"node\", \"basename\": \"gpunode\", \"name\": \"gpunode7\", \"id\": 7, \"uniq_id\": 1, \"rank\": 0,"));
    // An allowlist keeps only its types, as resource-query -W does: cores
    // and GPUs then hang from the node (checked against flux-sched's
    // t1015 find-format JGF for its 01-brokers topology: same vertex ids,
    // types, ids and paths).
    let o = rscope(
        &[
            "jgf",
            "from-hwloc",
            "--allow",
            "node,core,L3cache",
            &topo("nvidia-three-backends.xml"),
        ],
        "",
    );
    let paths = rscope(&["jgf", "find", "path=/"], &o.stdout);
    assert_eq!(
        paths.stdout,
        "/cluster0\n/cluster0/gpunode7\n/cluster0/gpunode7/core0\n/cluster0/gpunode7/core1\n/cluster0/gpunode7/core2\n/cluster0/gpunode7/core3\n"
    );
    let o = rscope(
        &["jgf", "from-hwloc", "--allow=L3cache", &topo("caches.xml")],
        "",
    );
    let caches = rscope(&["jgf", "find", "type=cache"], &o.stdout);
    assert_eq!(
        caches.stdout,
        "/cluster0/L3cache0\n/cluster0/L3cache1\n/cluster0/L3cache2\n/cluster0/L3cache3\n"
    );
    // AMD partitions are RSMI GPUs.
    let amd = rscope(&["jgf", "find", "type=gpu"], &graph("amd-partitions.xml"));
    assert_eq!(amd.stdout.lines().count(), 4);
    let o = rscope(&["jgf", "from-hwloc"], "<svg/>");
    assert_eq!(
        (o.status, o.stderr.as_str()),
        (1, "rscope jgf: <stdin>:1:2: error: not an hwloc topology: the root element is <svg>, not <topology>\n<svg/>\n ^^^\n")
    );
}
