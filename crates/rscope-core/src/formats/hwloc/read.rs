//! The XML reader: text to [`Topology`], with every refusal placed.

use super::{refusal, Class, HwlocRefusal, Kind, Limits, Object, Topology};
use crate::diag::offset_of;
use roxmltree::{Document, Node, ParsingOptions};
use std::ops::Range;

/// Read an hwloc XML topology, refusing one larger than `limits`.
pub fn read_with_limits(text: &str, limits: Limits) -> Result<Topology, HwlocRefusal> {
    if text.len() > limits.bytes {
        return Err(refusal(
            format!(
                "the topology is {} bytes, more than the {} bytes Rscope reads",
                text.len(),
                limits.bytes
            ),
            0..0,
        ));
    }
    let options = ParsingOptions {
        // lstopo writes `<!DOCTYPE topology SYSTEM "hwloc2.dtd">`; the
        // external DTD is never fetched.
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| malformed(text, &e))?;
    let root = doc.root_element();
    if root.tag_name().name() != "topology" {
        return Err(refusal(
            format!(
                "not an hwloc topology: the root element is <{}>, not <topology>",
                root.tag_name().name()
            ),
            name_span(root),
        ));
    }
    let mut tops = root.children().filter(|n| is_object(*n));
    let Some(first) = tops.next() else {
        return Err(refusal(
            "not an hwloc topology: <topology> holds no <object>",
            name_span(root),
        ));
    };
    if let Some(second) = tops.next() {
        return Err(refusal(
            "<topology> holds more than one top-level <object>",
            name_span(second),
        ));
    }
    let objects = read_objects(first, limits.objects)?;
    if objects[0].kind != Kind::Machine {
        return Err(refusal(
            format!(
                "the topology's top object is a {}, not a Machine",
                type_of(first).unwrap_or_default()
            ),
            objects[0].span.clone(),
        ));
    }
    let mut t = Topology {
        objects,
        span: name_span(root),
    };
    hoist_numa_children(&mut t);
    Ok(t)
}

/// roxmltree's error, placed at the line and column it names.
fn malformed(text: &str, e: &roxmltree::Error) -> HwlocRefusal {
    let pos = e.pos();
    let at = offset_of(text, pos.row as usize, pos.col as usize);
    let full = e.to_string();
    // roxmltree ends its messages with ` at LINE:COL`; the place is the span's.
    let message = full
        .rsplit_once(" at ")
        .filter(|(_, p)| {
            p.split(':')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        .map_or(full.as_str(), |(m, _)| m);
    refusal(format!("malformed XML: {message}"), at..at)
}

fn is_object(n: Node) -> bool {
    n.is_element() && n.tag_name().name() == "object"
}

/// The bytes of an element's name in its start tag.
fn name_span(n: Node) -> Range<usize> {
    let start = n.range().start + 1;
    start..start + n.tag_name().name().len()
}

fn type_of<'a>(n: Node<'a, '_>) -> Option<&'a str> {
    n.attribute("type")
}

/// Every object under `top`, in preorder, without recursion (a topology
/// is a tree as deep as its writer made it).
fn read_objects(top: Node, max: usize) -> Result<Vec<Object>, HwlocRefusal> {
    let mut objects: Vec<Object> = Vec::new();
    let mut stack = vec![(top, None::<usize>)];
    while let Some((n, parent)) = stack.pop() {
        if objects.len() == max {
            return Err(refusal(
                format!("the topology has more than {max} objects, more than Rscope reads"),
                name_span(n),
            ));
        }
        let i = objects.len();
        objects.push(object(n, parent)?);
        if let Some(p) = parent {
            objects[p].children.push(i);
        }
        let kids: Vec<Node> = n.children().filter(|c| is_object(*c)).collect();
        stack.extend(kids.into_iter().rev().map(|c| (c, Some(i))));
    }
    let kinds: Vec<Class> = objects.iter().map(|o| o.kind.class()).collect();
    for o in &mut objects {
        // Stable: document order within each class.
        o.children.sort_by_key(|&c| kinds[c]);
    }
    Ok(objects)
}

/// One `<object>` element read, without its children.
fn object(n: Node, parent: Option<usize>) -> Result<Object, HwlocRefusal> {
    let span = name_span(n);
    let Some(ty) = type_of(n) else {
        return Err(refusal("an <object> without a type", span));
    };
    let kind = kind(ty, n)
        .ok_or_else(|| refusal(format!("unknown hwloc object type '{ty}'"), span.clone()))?;
    let number = |name: &str| n.attribute(name).and_then(|v| v.trim().parse::<u64>().ok());
    let infos = n
        .children()
        .filter(|c| c.is_element() && c.tag_name().name() == "info")
        .filter_map(|c| {
            Some((
                c.attribute("name")?.to_string(),
                c.attribute("value")?.to_string(),
            ))
        })
        .collect();
    Ok(Object {
        kind,
        parent,
        children: vec![],
        os_index: number("os_index"),
        name: n.attribute("name").map(str::to_string),
        osdev_type: number("osdev_type").and_then(|v| u32::try_from(v).ok()),
        cache_size: number("cache_size"),
        pci_class: n
            .attribute("pci_type")
            .and_then(|t| u32::from_str_radix(t.get(..4)?, 16).ok()),
        dont_merge: n.attribute("dont_merge") == Some("1"),
        infos,
        span,
    })
}

/// The kind of type name `ty` (hwloc's names, case as hwloc accepts it),
/// reading a 1.x `Cache`'s level and kind from its attributes.
fn kind(ty: &str, n: Node) -> Option<Kind> {
    let t = ty.to_ascii_lowercase();
    let level = |s: &str| s.parse::<u8>().ok().filter(|l| (1..=5).contains(l));
    Some(match t.as_str() {
        "machine" | "system" => Kind::Machine,
        "package" | "socket" => Kind::Package,
        "die" => Kind::Die,
        "group" => Kind::Group,
        "numanode" | "node" => Kind::NumaNode,
        "memcache" => Kind::MemCache,
        "core" => Kind::Core,
        "pu" => Kind::Pu,
        "bridge" => Kind::Bridge,
        "pcidev" => Kind::PciDev,
        "osdev" => Kind::OsDev,
        "misc" => Kind::Misc,
        "cache" => {
            let depth = level(n.attribute("depth")?)?;
            // 1.x cache_type: 0 unified, 1 data, 2 instruction.
            match n.attribute("cache_type") {
                Some("2") => Kind::ICache(depth),
                _ => Kind::Cache(depth),
            }
        }
        _ => {
            let rest = t.strip_prefix('l')?;
            if let Some(d) = rest.strip_suffix("icache") {
                Kind::ICache(level(d).filter(|l| *l <= 3)?)
            } else {
                Kind::Cache(level(rest.strip_suffix("cache")?)?)
            }
        }
    })
}

/// In the 1.x format a NUMA node holds the objects that share its memory;
/// hwloc 2 reads it as memory beside them. Its normal children move up to
/// its parent, in its place, and it becomes a memory child of that parent.
/// Each parent's list is rebuilt once, however many NUMA nodes it holds.
fn hoist_numa_children(t: &mut Topology) {
    let kinds: Vec<Class> = t.objects.iter().map(|o| o.kind.class()).collect();
    let holds = |t: &Topology, i: usize| {
        t.objects[i].kind == Kind::NumaNode
            && t.objects[i]
                .children
                .iter()
                .any(|&c| kinds[c] == Class::Normal)
    };
    let parents: Vec<usize> = (0..t.objects.len())
        .filter(|&p| t.objects[p].children.iter().any(|&c| holds(t, c)))
        .collect();
    for p in parents {
        let old = std::mem::take(&mut t.objects[p].children);
        let mut new = Vec::with_capacity(old.len());
        for c in old {
            if holds(t, c) {
                let (moved, kept): (Vec<usize>, Vec<usize>) = t.objects[c]
                    .children
                    .iter()
                    .partition(|&&k| kinds[k] == Class::Normal);
                t.objects[c].children = kept;
                for &k in &moved {
                    t.objects[k].parent = Some(p);
                }
                new.extend(moved);
            }
            new.push(c);
        }
        new.sort_by_key(|&c| kinds[c]);
        t.objects[p].children = new;
    }
}
