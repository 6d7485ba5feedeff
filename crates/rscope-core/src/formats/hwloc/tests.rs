use super::*;
use crate::diag::line_col;

const PACK2: &str = include_str!("../../../../../tests/fixtures/hwloc/pack2-numa2-core6-pu2.xml");
const V1: &str = include_str!("../../../../../tests/fixtures/hwloc/v1-pack2-numa2-core6-pu2.xml");
const CACHES: &str = include_str!("../../../../../tests/fixtures/hwloc/caches.xml");
const ONE: &str = include_str!("../../../../../tests/fixtures/hwloc/one-core.xml");
const NO_CORE: &str = include_str!("../../../../../tests/fixtures/hwloc/no-core.xml");
const NVIDIA: &str = include_str!("../../../../../tests/fixtures/hwloc/nvidia-three-backends.xml");
const AMD: &str = include_str!("../../../../../tests/fixtures/hwloc/amd-partitions.xml");

/// The error's message and its 1-based line and column.
fn refused(text: &str) -> (String, usize, usize) {
    let d = read(text).unwrap_err();
    let lc = line_col(text, d.span.start);
    (d.message, lc.line, lc.col)
}

#[test]
fn counts_what_lstopo_wrote() {
    let t = read(PACK2).unwrap();
    assert_eq!(
        t.counts(true).describe(),
        "2 packages, 4 NUMA nodes, 24 cores, 48 PUs, 0 GPUs"
    );
    assert_eq!(t.cores(), Ok(24));
    assert_eq!(t.hostname(), None);
    assert_eq!(
        read(ONE).unwrap().counts(true).describe(),
        "0 packages, 1 NUMA node, 1 core, 1 PU, 0 GPUs"
    );
    assert_eq!(
        read(CACHES).unwrap().counts(true).describe(),
        "2 packages, 1 NUMA node, 12 cores, 24 PUs, 0 GPUs"
    );
}

#[test]
fn reads_the_old_format_as_the_new() {
    let old = read(V1).unwrap();
    let new = read(PACK2).unwrap();
    assert_eq!(old.counts(true), new.counts(true));
    assert_eq!(old.cores(), Ok(24));
    // The 1.x NUMA node held its cores; now it sits beside them.
    let numa = old.of_kind(Kind::NumaNode).next().unwrap();
    assert!(old.objects[numa].children.is_empty());
}

#[test]
fn one_gpu_through_three_backends_is_one_gpu() {
    let t = read(NVIDIA).unwrap();
    assert_eq!(
        t.counts(true).describe(),
        "2 packages, 1 NUMA node, 4 cores, 4 PUs, 2 GPUs (6 OS devices, de-duplicated)"
    );
    let names = |dedup| -> Vec<&str> {
        t.gpus(dedup)
            .devices
            .iter()
            .map(|&i| t.objects[i].name.as_deref().unwrap())
            .collect()
    };
    assert_eq!(names(true), ["opencl0d0", "opencl0d1"]);
    assert_eq!(names(false).len(), 6);
    assert_eq!(
        t.counts(false).describe(),
        "2 packages, 1 NUMA node, 4 cores, 4 PUs, 6 GPUs"
    );
    assert_eq!(t.hostname(), Some("gpunode7"));
}

#[test]
fn partitions_of_one_gpu_stay_apart() {
    let t = read(AMD).unwrap();
    assert_eq!(t.gpus(true).devices.len(), 4);
    assert_eq!(t.counts(true).describe(), t.counts(false).describe());
}

#[test]
fn a_topology_without_cores_reads_but_gives_no_cores() {
    let t = read(NO_CORE).unwrap();
    assert_eq!(t.counts(true).pus, 4);
    let d = t.cores().unwrap_err();
    assert_eq!(
        d.message,
        "the topology has no Core objects, so it gives no cores"
    );
    let lc = line_col(NO_CORE, d.span.start);
    assert_eq!((lc.line, lc.col), (3, 2));
}

#[test]
fn refuses_xml_that_is_not_a_topology() {
    assert_eq!(
        refused("<?xml version=\"1.0\"?>\n<svg width=\"1\"/>\n"),
        (
            "not an hwloc topology: the root element is <svg>, not <topology>".into(),
            2,
            2
        )
    );
    assert_eq!(
        refused("<topology version=\"2.0\">\n</topology>"),
        (
            "not an hwloc topology: <topology> holds no <object>".into(),
            1,
            2
        )
    );
    assert_eq!(
        refused(
            "<topology>\n  <object type=\"Machine\"/>\n  <object type=\"Machine\"/>\n</topology>"
        ),
        (
            "<topology> holds more than one top-level <object>".into(),
            3,
            4
        )
    );
    assert_eq!(
        refused("<topology>\n <object type=\"Package\"/>\n</topology>"),
        (
            "the topology's top object is a Package, not a Machine".into(),
            2,
            3
        )
    );
    assert_eq!(
        refused("<topology>\n <object type=\"Machine\">\n  <object type=\"Gadget\"/>\n </object>\n</topology>"),
        ("unknown hwloc object type 'Gadget'".into(), 3, 4)
    );
    assert_eq!(
        refused("<topology>\n <object os_index=\"0\"/>\n</topology>"),
        ("an <object> without a type".into(), 2, 3)
    );
}

#[test]
fn refuses_malformed_xml_at_its_line_and_column() {
    assert_eq!(
        refused("<topology>\n  <object type=\"Machine\">\n</topology>\n"),
        (
            "malformed XML: expected 'object' tag, not 'topology'".into(),
            3,
            1
        )
    );
    assert_eq!(
        refused("{\"version\": 1}"),
        ("malformed XML: unknown token".into(), 1, 1)
    );
}

#[test]
fn refuses_topologies_past_its_limits() {
    let small = Limits {
        bytes: 100,
        objects: 10,
    };
    let d = read_with_limits(PACK2, small).unwrap_err();
    assert_eq!(
        d.message,
        format!(
            "the topology is {} bytes, more than the 100 bytes Rscope reads",
            PACK2.len()
        )
    );
    assert_eq!(d.span, 0..0);
    let d = read_with_limits(
        PACK2,
        Limits {
            bytes: MAX_XML_BYTES,
            objects: 10,
        },
    )
    .unwrap_err();
    assert_eq!(
        d.message,
        "the topology has more than 10 objects, more than Rscope reads"
    );
    // The eleventh <object>, a Core.
    let lc = line_col(PACK2, d.span.start);
    assert_eq!((lc.line, lc.col), (22, 10));
    assert_eq!(Limits::DEFAULT.bytes, 64 << 20);
    assert_eq!(Limits::DEFAULT.objects, 1_000_000);
}

#[test]
fn recognises_a_topology_by_its_start() {
    assert!(looks_like_topology(PACK2));
    assert!(looks_like_topology(V1));
    assert!(!looks_like_topology("{\"version\": 1}"));
    assert!(!looks_like_topology("<svg/>"));
}

#[test]
fn keeps_cache_levels_only_where_they_add_structure() {
    let t = read(CACHES).unwrap();
    let s = t.structured();
    // Under each package: L3s of three cores; per-core L2, L1d and L1i
    // levels go, as Fluxion's reader asks of hwloc.
    let pack = s.children[s.root]
        .iter()
        .copied()
        .find(|&c| t.objects[c].kind == Kind::Package)
        .unwrap();
    let l3: Vec<Kind> = s.children[pack]
        .iter()
        .map(|&c| t.objects[c].kind)
        .collect();
    assert_eq!(l3, [Kind::Cache(3), Kind::Cache(3)]);
    let below: Vec<Kind> = s.children[s.children[pack][0]]
        .iter()
        .map(|&c| t.objects[c].kind)
        .collect();
    assert_eq!(below, [Kind::Core, Kind::Core, Kind::Core]);
}
