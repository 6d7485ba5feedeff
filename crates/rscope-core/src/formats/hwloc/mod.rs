//! hwloc XML topologies, as `lstopo --of xml` writes them (hwloc 1.x and
//! 2.x formats), read into a tree of objects with their byte places.
//!
//! Two readers of hwloc matter to Flux, and this module answers for both:
//! flux-core's librlist (`flux R encode --xml`) takes a node's cores as the
//! topology's `Core` objects numbered by logical index, and its GPUs from
//! the OS devices of the compute backends, with one GPU seen through several
//! backends counted once ([`Topology::gpus`]); Fluxion's hwloc reader walks
//! the tree after hwloc has dropped the cache and group levels that add no
//! structure ([`Topology::structured`]).
//!
//! What hwloc itself would refuse is refused here with its place: text
//! that is not XML, XML that is not a topology, an object type hwloc does
//! not know. A topology without cores is readable (its counts describe
//! it) but gives no R; the callers say so.

mod read;
mod structure;

pub use read::read_with_limits;
pub use structure::Structured;

use crate::diag::Diagnostic;
use std::collections::HashMap;
use std::ops::Range;

/// Why a topology was refused: an error finding placed in the text
/// (boxed: it is large, and rare).
pub type HwlocRefusal = Box<Diagnostic>;

/// An error finding about the topology at `span`.
fn refusal(message: impl Into<String>, span: Range<usize>) -> HwlocRefusal {
    Box::new(Diagnostic::error(message, span, ""))
}

/// The largest topology read (64 MiB of XML, the page's limit for any
/// document): a large machine's lstopo output is a few MiB.
pub const MAX_XML_BYTES: usize = 64 << 20;

/// The most objects read (one million): a 16-socket machine with 8,192 PUs
/// and its caches has about 30,000.
pub const MAX_OBJECTS: usize = 1_000_000;

/// How large a topology may be; [`read`] uses [`Limits::DEFAULT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes of XML text.
    pub bytes: usize,
    /// `<object>` elements.
    pub objects: usize,
}

impl Limits {
    /// [`MAX_XML_BYTES`] and [`MAX_OBJECTS`].
    pub const DEFAULT: Limits = Limits {
        bytes: MAX_XML_BYTES,
        objects: MAX_OBJECTS,
    };
}

/// Read an hwloc XML topology within [`Limits::DEFAULT`].
pub fn read(text: &str) -> Result<Topology, HwlocRefusal> {
    read_with_limits(text, Limits::DEFAULT)
}

/// Does `text` look like an hwloc topology (an XML declaration or
/// doctype, then a `<topology` element near the start)? A cheap test for
/// the page and the CLI to choose a reader; [`read`] decides.
pub fn looks_like_topology(text: &str) -> bool {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    let t = head.trim_start_matches('\u{feff}').trim_start();
    t.starts_with('<') && head.contains("<topology")
}

/// What an object is, as hwloc names its types (`Socket` and `Cache` of
/// the 1.x format are read as `Package` and the cache of their depth).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The whole machine (the 1.x format's `System` too).
    Machine,
    /// A processor package (socket).
    Package,
    /// A die inside a package.
    Die,
    /// A group of objects that hwloc found no other name for.
    Group,
    /// A NUMA node: memory.
    NumaNode,
    /// A memory-side cache.
    MemCache,
    /// A data or unified cache of level 1 to 5.
    Cache(u8),
    /// An instruction cache of level 1 to 3.
    ICache(u8),
    /// A core.
    Core,
    /// A processing unit (hardware thread).
    Pu,
    /// A PCI bridge.
    Bridge,
    /// A PCI device.
    PciDev,
    /// An operating-system device (a GPU seen through one backend, a
    /// disk, a network interface).
    OsDev,
    /// Anything else a tool attached.
    Misc,
}

/// Where an object sits among its parent's children: hwloc walks the
/// normal children first, then memory, I/O and miscellaneous ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Machine, package, caches, cores, PUs, groups.
    Normal,
    /// NUMA nodes and memory-side caches.
    Memory,
    /// Bridges, PCI devices, OS devices.
    Io,
    /// Misc objects.
    Misc,
}

impl Kind {
    /// The class of children this kind belongs to.
    pub fn class(self) -> Class {
        match self {
            Kind::NumaNode | Kind::MemCache => Class::Memory,
            Kind::Bridge | Kind::PciDev | Kind::OsDev => Class::Io,
            Kind::Misc => Class::Misc,
            _ => Class::Normal,
        }
    }
}

/// One `<object>` of the topology.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// Its type.
    pub kind: Kind,
    /// Its parent's index in [`Topology::objects`], none for the root.
    pub parent: Option<usize>,
    /// Its children's indexes: normal, then memory, I/O, misc, each in
    /// document order.
    pub children: Vec<usize>,
    /// `os_index`, when given.
    pub os_index: Option<u64>,
    /// `name` (OS devices: `cuda0`, `rsmi3`, `opencl0d1`).
    pub name: Option<String>,
    /// `osdev_type` (0 block, 1 GPU, 2 network, 3 OpenFabrics, 4 DMA,
    /// 5 co-processor).
    pub osdev_type: Option<u32>,
    /// `cache_size` in bytes (caches).
    pub cache_size: Option<u64>,
    /// The PCI class of a PCI device (`0302` for a 3D controller), the
    /// first word of its `pci_type`.
    pub pci_class: Option<u32>,
    /// `dont_merge="1"` (groups hwloc must keep).
    pub dont_merge: bool,
    /// The `<info name=… value=…/>` pairs, in order.
    pub infos: Vec<(String, String)>,
    /// Byte range of the element's start tag's name in the text.
    pub span: Range<usize>,
}

impl Object {
    /// The value of info `name`, if present.
    pub fn info(&self, name: &str) -> Option<&str> {
        self.infos
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A topology read from XML: its objects in document preorder, the root
/// first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    /// Every object; [`Object::parent`] and [`Object::children`] index here.
    pub objects: Vec<Object>,
    /// Byte range of the `<topology` element's name, for findings about the
    /// whole topology.
    pub span: Range<usize>,
}

/// The backends whose OS devices flux-core counts as GPUs.
const GPU_BACKENDS: [&str; 4] = ["CUDA", "NVML", "OpenCL", "RSMI"];

/// The GPUs flux-core finds in a topology.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gpus {
    /// The OS devices that stand for a GPU each, in walk order.
    pub devices: Vec<usize>,
    /// The OS devices of a compute backend, one GPU or several per device.
    pub seen: usize,
}

/// The counts that say what a topology holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// `Package` objects.
    pub packages: usize,
    /// `NUMANode` objects.
    pub numa_nodes: usize,
    /// `Core` objects.
    pub cores: usize,
    /// `PU` objects.
    pub pus: usize,
    /// GPUs as flux-core counts them.
    pub gpus: usize,
    /// OS devices of a compute backend.
    pub gpu_devices: usize,
    /// Whether one GPU seen through several backends was counted once.
    pub deduplicated: bool,
}

impl Topology {
    /// Objects of `kind`, in document order.
    pub fn of_kind(&self, kind: Kind) -> impl Iterator<Item = usize> + '_ {
        (0..self.objects.len()).filter(move |&i| self.objects[i].kind == kind)
    }

    /// The number of objects of `kind`.
    pub fn count(&self, kind: Kind) -> usize {
        self.of_kind(kind).count()
    }

    /// The machine's `HostName` info, when the topology records one.
    pub fn hostname(&self) -> Option<&str> {
        let root = self.objects.first()?;
        (root.kind == Kind::Machine)
            .then(|| root.info("HostName"))
            .flatten()
    }

    /// The number of `Core` objects, which flux-core numbers 0 to n-1 by
    /// logical index; an error placed at `<topology>` when there are none,
    /// or when cores sit at several depths (hwloc then has no core level,
    /// and librlist gives up).
    pub fn cores(&self) -> Result<usize, HwlocRefusal> {
        let all = self.depths();
        let mut depths = self.of_kind(Kind::Core).map(|i| all[i]);
        let Some(first) = depths.next() else {
            return Err(refusal(
                "the topology has no Core objects, so it gives no cores",
                self.span.clone(),
            ));
        };
        if depths.any(|d| d != first) {
            return Err(refusal(
                "the topology's Core objects sit at different depths, so hwloc has no core level",
                self.span.clone(),
            ));
        }
        Ok(self.count(Kind::Core))
    }

    /// How many ancestors each object has, in one pass: objects are in
    /// preorder, so a parent comes before its children (hoisting keeps
    /// that), and a deep tree costs no walk per object.
    fn depths(&self) -> Vec<usize> {
        let mut d = vec![0usize; self.objects.len()];
        for (i, o) in self.objects.iter().enumerate() {
            if let Some(p) = o.parent.filter(|&p| p < i) {
                d[i] = d[p] + 1;
            }
        }
        d
    }

    /// The PCI devices hwloc keeps when asked for the important ones only
    /// (librlist asks): displays, network, storage, processors,
    /// accelerators and a few serial buses; an unknown class is kept.
    fn important_pci_devices(&self) -> usize {
        self.of_kind(Kind::PciDev)
            .filter(|&i| {
                self.objects[i].pci_class.is_none_or(|class| {
                    let base = class >> 8;
                    matches!(base, 0x00..=0x03 | 0x06 | 0x0b | 0x12)
                        || matches!(class, 0x0c04 | 0x0c06 | 0x0502)
                })
            })
            .count()
    }

    /// The nearest `PCIDev` above each object, in one preorder pass.
    fn pci_devices_above(&self) -> Vec<Option<usize>> {
        let mut above: Vec<Option<usize>> = vec![None; self.objects.len()];
        for (i, o) in self.objects.iter().enumerate() {
            if let Some(p) = o.parent.filter(|&p| p < i) {
                above[i] = if self.objects[p].kind == Kind::PciDev {
                    Some(p)
                } else {
                    above[p]
                };
            }
        }
        above
    }

    /// Every object in hwloc's walk order (each object before its
    /// children; normal, memory, I/O, misc children in turn).
    pub fn walk(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.objects.len());
        let mut stack: Vec<usize> = if self.objects.is_empty() {
            vec![]
        } else {
            vec![0]
        };
        while let Some(i) = stack.pop() {
            out.push(i);
            stack.extend(self.objects[i].children.iter().rev());
        }
        out
    }

    /// The GPUs as librlist finds them: every OS device whose `Backend` is
    /// CUDA, NVML, OpenCL or RSMI, in walk order, except (when `dedup`)
    /// one whose PCI device was already counted through another backend.
    /// Partitions of one AMD GPU share a PCI device and a backend, so they
    /// stay apart. Like librlist, a topology without PCI devices has no
    /// GPUs, and only as many devices as the topology has PCI devices are
    /// remembered for the comparison.
    pub fn gpus(&self, dedup: bool) -> Gpus {
        let npci = self.important_pci_devices();
        let mut gpus = Gpus {
            devices: vec![],
            seen: 0,
        };
        if npci == 0 {
            return gpus;
        }
        let above = self.pci_devices_above();
        // Backends remembered per PCI device, and how many remembered in
        // all (librlist remembers at most as many as there are devices).
        let mut visited: HashMap<usize, Vec<&str>> = HashMap::new();
        let mut remembered = 0;
        for i in self.walk() {
            let o = &self.objects[i];
            let Some(backend) = o.info("Backend").filter(|b| GPU_BACKENDS.contains(b)) else {
                continue;
            };
            if o.kind != Kind::OsDev {
                continue;
            }
            gpus.seen += 1;
            let pci = above[i];
            let twice = pci
                .and_then(|p| visited.get(&p))
                .is_some_and(|seen| seen.iter().any(|&b| b != backend));
            if dedup && twice {
                continue;
            }
            if let (Some(p), true) = (pci, remembered < npci) {
                remembered += 1;
                // Only which backends matter: at most four per device.
                let seen = visited.entry(p).or_default();
                if !seen.contains(&backend) {
                    seen.push(backend);
                }
            }
            gpus.devices.push(i);
        }
        gpus
    }

    /// What the topology holds, GPUs counted with or without
    /// de-duplication.
    pub fn counts(&self, dedup: bool) -> Counts {
        let g = self.gpus(dedup);
        Counts {
            packages: self.count(Kind::Package),
            numa_nodes: self.count(Kind::NumaNode),
            cores: self.count(Kind::Core),
            pus: self.count(Kind::Pu),
            gpus: g.devices.len(),
            gpu_devices: g.seen,
            deduplicated: dedup && g.seen != g.devices.len(),
        }
    }
}

impl Counts {
    /// What was read, in words: `2 packages, 4 NUMA nodes, 48 cores, 96
    /// PUs, 8 GPUs (16 OS devices, de-duplicated)`.
    pub fn describe(&self) -> String {
        use crate::words::count_as as count;
        let mut s = format!(
            "{}, {}, {}, {}, {}",
            count(self.packages, "package", "packages"),
            count(self.numa_nodes, "NUMA node", "NUMA nodes"),
            count(self.cores, "core", "cores"),
            count(self.pus, "PU", "PUs"),
            count(self.gpus, "GPU", "GPUs"),
        );
        if self.deduplicated {
            s.push_str(&format!(
                " ({}, de-duplicated)",
                count(self.gpu_devices, "OS device", "OS devices")
            ));
        }
        s
    }
}

#[cfg(test)]
mod tests;
