//! The graph Fluxion's hwloc reader (flux-sched's
//! `resource/readers/resource_reader_hwloc.cpp`) builds from a topology,
//! as `resource-query -f hwloc` or the `sched-fluxion-resource` module
//! loading one rank's topology would hold it, written as JGF.
//!
//! A `cluster0` root; under it the machine as a `node` named by its
//! `HostName` (left out when the topology has none, as Fluxion does), and
//! below, in hwloc's walk order, `group`, `numanode`, `socket` (a
//! package), `cache` (L1 to L3 data caches, basename `L2cache`, size in
//! KiB), `core`, `pu`, `gpu` (co-processor OS devices, and RSMI GPUs) and
//! `storage` (block devices, size in GB, property `LinuxDeviceID`). Other
//! objects are skipped and their children attach to the nearest kept
//! ancestor. Cache and group levels that add no structure are gone first
//! ([`Topology::structured`]). Ids are hwloc's logical indexes, except a
//! node's (its host name's numeric suffix) and a GPU's (the number in its
//! device name, `cuda1`, `rsmi3`, `opencl0d1`). The vertices below the
//! cluster carry rank 0, the rank this one topology stands for; Fluxion
//! does not de-duplicate GPUs (`cuda0` and `opencl0d0` are two vertices).

use super::generate::{contains, vertex};
use super::model::{Graph, Writer};
use crate::hwloc::{HwlocRefusal, Kind, Object, Topology};
use std::collections::HashMap;

/// The rank every vertex below the cluster gets.
const RANK: i64 = 0;

/// What a kept object becomes: type, basename, explicit name, id, size
/// and properties.
struct Made {
    kind: &'static str,
    basename: String,
    name: Option<String>,
    id: i64,
    size: u64,
    properties: Vec<(String, String)>,
}

impl Made {
    fn plain(kind: &'static str, id: i64) -> Made {
        Made {
            kind,
            basename: kind.to_string(),
            name: None,
            id,
            size: 1,
            properties: vec![],
        }
    }
}

/// Fluxion's split of a host name into basename and numeric id (`-1`
/// when it has no digits at the end; an all-digit name keeps itself as
/// basename).
fn split_hostname(host: &str) -> (String, i64) {
    let stem = host.trim_end_matches(|c: char| c.is_ascii_digit());
    if stem.len() == host.len() {
        return (host.to_string(), -1);
    }
    let digits = &host[stem.len()..];
    let basename = if stem.is_empty() { host } else { stem };
    let id = digits.trim_start_matches('0').parse::<i64>().unwrap_or(
        if digits.bytes().all(|b| b == b'0') {
            0
        } else {
            -1
        },
    );
    (basename.to_string(), id)
}

/// The number after `prefix` at the start of `name`, read as C's `atoi`.
fn atoi_after(name: &str, prefix: &str) -> Option<i64> {
    let rest = name.strip_prefix(prefix)?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some(digits.parse().unwrap_or(0))
}

/// A GPU's id from its device name, else its logical index.
fn gpu_id(name: &str, logical: i64) -> i64 {
    atoi_after(name, "cuda")
        .or_else(|| atoi_after(name, "rsmi"))
        .or_else(|| {
            let rest = name.strip_prefix("opencl")?;
            let d = rest.find('d')?;
            atoi_after(&rest[d..], "d")
        })
        .unwrap_or(logical)
}

/// What object `o` becomes, if anything; an error for a block device
/// without a size, as Fluxion refuses one.
fn make(o: &Object, logical: i64) -> Result<Option<Made>, HwlocRefusal> {
    let cache = |level: u8| Made {
        size: o.cache_size.unwrap_or(0) / 1024,
        basename: format!("L{level}cache"),
        ..Made::plain("cache", logical)
    };
    Ok(Some(match o.kind {
        Kind::Machine => {
            let Some(host) = o.info("HostName") else {
                return Ok(None);
            };
            let (basename, id) = split_hostname(host);
            Made {
                basename,
                name: Some(host.to_string()),
                ..Made::plain("node", id)
            }
        }
        Kind::Group => Made::plain("group", logical),
        Kind::NumaNode => Made::plain("numanode", logical),
        Kind::Package => Made::plain("socket", logical),
        Kind::Cache(level @ 1..=3) => cache(level),
        Kind::Core => Made::plain("core", logical),
        Kind::Pu => Made::plain("pu", logical),
        Kind::OsDev => return os_device(o, logical),
        _ => return Ok(None),
    }))
}

/// A GPU or a storage vertex, or nothing, for an OS device.
fn os_device(o: &Object, logical: i64) -> Result<Option<Made>, HwlocRefusal> {
    let name = o.name.as_deref().unwrap_or("");
    match o.osdev_type {
        Some(5) => Ok(Some(Made::plain("gpu", gpu_id(name, logical)))),
        Some(1) if name.starts_with("rsmi") => Ok(Some(Made::plain("gpu", gpu_id(name, logical)))),
        Some(0) => {
            let bytes = o
                .info("Size")
                .and_then(|s| s.trim().parse::<u64>().ok())
                .filter(|&n| n > 0)
                .ok_or_else(|| {
                    Box::new(crate::diag::Diagnostic::error(
                        format!("block device '{name}' has no Size that Fluxion can read"),
                        o.span.clone(),
                        "",
                    ))
                })?;
            let dev = o.info("LinuxDeviceID").unwrap_or("-1").to_string();
            Ok(Some(Made {
                size: bytes / 1_000_000,
                properties: vec![("LinuxDeviceID".into(), dev)],
                ..Made::plain("storage", logical)
            }))
        }
        _ => Ok(None),
    }
}

/// The graph of `t`, as Fluxion's hwloc reader builds it.
pub fn from_topology(t: &Topology) -> Result<Graph, HwlocRefusal> {
    from_topology_allowing(t, &[])
}

/// The graph of `t` with only the resource types in `allow` (all when
/// empty), as Fluxion's reader given an allowlist (`resource-query -W
/// node,core`) builds it: a type left out attaches its children to the
/// nearest vertex kept. Caches are named by level, `L2cache`.
pub fn from_topology_allowing(t: &Topology, allow: &[String]) -> Result<Graph, HwlocRefusal> {
    let s = t.structured();
    let mut g = Graph {
        writer: Writer::Jgf,
        pointer: "/graph".into(),
        ..Graph::default()
    };
    g.vertices.push(vertex(
        0,
        "cluster",
        "cluster0".into(),
        0,
        -1,
        "/cluster0".into(),
    ));
    // Logical indexes count objects of one kind in walk order.
    let mut seen: HashMap<Kind, i64> = HashMap::new();
    let mut stack = vec![(s.root, 0usize)];
    while let Some((o, parent)) = stack.pop() {
        let obj = &t.objects[o];
        let n = seen.entry(obj.kind).or_insert(0);
        let logical = *n;
        *n += 1;
        let made = make(obj, logical)?.filter(|m| {
            let name = if m.kind == "cache" {
                m.basename.as_str()
            } else {
                m.kind
            };
            allow.is_empty() || allow.iter().any(|a| a == name)
        });
        let at = match made {
            Some(m) => add(&mut g, parent, m),
            None => parent,
        };
        stack.extend(s.children[o].iter().rev().map(|&c| (c, at)));
    }
    Ok(g)
}

/// Add `m` under vertex `parent`; its key.
fn add(g: &mut Graph, parent: usize, m: Made) -> usize {
    let key = g.vertices.len();
    let name = m.name.unwrap_or_else(|| format!("{}{}", m.basename, m.id));
    let path = format!(
        "{}/{name}",
        g.vertices.at(parent).path("containment").unwrap_or("")
    );
    let mut v = vertex(key, m.kind, name, m.id, RANK, path);
    v.basename = m.basename;
    v.size = m.size;
    v.properties = m.properties;
    g.vertices.push(v);
    let e = g.edges.len();
    g.edges.push(contains(parent, key, e));
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_host_names_as_fluxion() {
        assert_eq!(split_hostname("corona171"), ("corona".into(), 171));
        assert_eq!(split_hostname("node007"), ("node".into(), 7));
        assert_eq!(split_hostname("login"), ("login".into(), -1));
        assert_eq!(split_hostname("n000"), ("n".into(), 0));
        assert_eq!(split_hostname("42"), ("42".into(), 42));
        assert_eq!(gpu_id("opencl0d3", 9), 3);
        assert_eq!(gpu_id("cuda12", 9), 12);
        assert_eq!(gpu_id("ve0", 9), 9);
    }

    const DISK: &str = "<topology version=\"2.0\">\n<object type=\"Machine\">\n <info name=\"HostName\" value=\"io3\"/>\n <object type=\"Core\"><object type=\"PU\"/></object>\n <object type=\"PCIDev\" pci_type=\"0108 [144d:a80a] [144d:a801] 00\">\n  <object type=\"OSDev\" name=\"nvme0n1\" osdev_type=\"0\">SIZE</object>\n </object>\n</object>\n</topology>\n";

    #[test]
    fn block_devices_are_storage_in_gigabytes() {
        let xml = DISK.replace(
            "SIZE",
            "<info name=\"Size\" value=\"1875374424\"/><info name=\"LinuxDeviceID\" value=\"259:0\"/>",
        );
        let g = from_topology(&crate::hwloc::read(&xml).unwrap()).unwrap();
        let disk = g.vertices.iter().find(|v| v.kind == "storage").unwrap();
        assert_eq!(
            (disk.name, disk.size, disk.path("containment")),
            ("storage0", 1875, Some("/cluster0/io3/storage0"))
        );
        assert_eq!(disk.property("LinuxDeviceID"), Some("259:0"));
        let bare = DISK.replace("SIZE", "");
        let e = from_topology(&crate::hwloc::read(&bare).unwrap()).unwrap_err();
        assert_eq!(
            e.message,
            "block device 'nvme0n1' has no Size that Fluxion can read"
        );
        assert_eq!(crate::diag::line_col(&bare, e.span.start).line, 6);
    }
}
