//! Property tests: idsets and hostlists against naive models.

use proptest::prelude::*;
use rscope_core::hostlist::Hostlist;
use rscope_core::idset::IdSet;
use std::collections::BTreeSet;

/// Id sets as a few ranges, some near the top of the id space.
fn idset_model() -> impl Strategy<Value = BTreeSet<u32>> {
    let lo = prop_oneof![0u32..300, (u32::MAX - 300)..(u32::MAX - 1)];
    prop::collection::vec((lo, 0u32..40), 0..8).prop_map(|v| {
        v.into_iter()
            .flat_map(|(lo, n)| lo..=lo.saturating_add(n).min(u32::MAX - 1))
            .collect()
    })
}

fn to_idset(m: &BTreeSet<u32>) -> IdSet {
    m.iter().copied().collect()
}

proptest! {
    #[test]
    fn idset_encode_parse_is_identity(m in idset_model()) {
        let set = to_idset(&m);
        let text = set.to_string();
        let back = IdSet::parse(&text).unwrap();
        prop_assert_eq!(&back, &set);
        prop_assert_eq!(back.to_string(), text.clone());
        prop_assert_eq!(IdSet::decode(&text).unwrap(), set.clone());
        prop_assert_eq!(IdSet::parse(&set.encode(true)).unwrap(), set.clone());
        prop_assert_eq!(set.iter().collect::<BTreeSet<u32>>(), m.clone());
        prop_assert_eq!(set.len(), m.len() as u64);
    }

    #[test]
    fn idset_parse_of_any_text_round_trips(s in "[0-9,\\-\\[\\] ]{0,12}") {
        if let Ok(set) = IdSet::parse(&s) {
            prop_assert_eq!(IdSet::parse(&set.to_string()).unwrap(), set);
        }
        if let Ok(l) = IdSet::parse_lenient(&s) {
            prop_assert_eq!(IdSet::parse(&l.set.to_string()).unwrap(), l.set);
        }
        if let Ok(set) = IdSet::decode(&s) {
            prop_assert_eq!(IdSet::parse_lenient(&s).map(|l| l.set), Ok(set));
        }
    }

    #[test]
    fn idset_algebra_matches_model(a in idset_model(), b in idset_model(), c in idset_model()) {
        let (x, y, z) = (to_idset(&a), to_idset(&b), to_idset(&c));
        let set = |m: BTreeSet<u32>| to_idset(&m);
        prop_assert_eq!(x.union(&y), set(a.union(&b).copied().collect()));
        prop_assert_eq!(x.intersection(&y), set(a.intersection(&b).copied().collect()));
        prop_assert_eq!(x.difference(&y), set(a.difference(&b).copied().collect()));
        prop_assert_eq!(
            x.symmetric_difference(&y),
            set(a.symmetric_difference(&b).copied().collect())
        );
        // Commutativity and associativity.
        prop_assert_eq!(x.union(&y), y.union(&x));
        prop_assert_eq!(x.intersection(&y), y.intersection(&x));
        prop_assert_eq!(x.union(&y).union(&z), x.union(&y.union(&z)));
        prop_assert_eq!(x.intersection(&y).intersection(&z), x.intersection(&y.intersection(&z)));
        // Distributivity.
        prop_assert_eq!(
            x.intersection(&y.union(&z)),
            x.intersection(&y).union(&x.intersection(&z))
        );
        prop_assert_eq!(
            x.union(&y.intersection(&z)),
            x.union(&y).intersection(&x.union(&z))
        );
        // A∖B ∪ (A∩B) = A, and the symmetric difference.
        prop_assert_eq!(x.difference(&y).union(&x.intersection(&y)), x.clone());
        prop_assert_eq!(
            x.symmetric_difference(&y),
            x.union(&y).difference(&x.intersection(&y))
        );
        prop_assert_eq!(x.is_subset(&y), a.is_subset(&b));
        prop_assert_eq!(x.intersects(&y), !a.is_disjoint(&b));
        for id in a.iter().chain(b.iter()) {
            prop_assert_eq!(x.contains(*id), a.contains(id));
        }
        for (i, id) in a.iter().enumerate() {
            prop_assert_eq!(x.nth(i as u64), Some(*id));
        }
    }
}

/// Host names from a small alphabet, so lists share prefixes and repeat.
fn host_name() -> impl Strategy<Value = String> {
    let prefix = prop::sample::select(vec!["", "a", "n", "n1-", "x0", "héllo"]);
    let number = prop::option::of((0u64..40, 0usize..4));
    let suffix = prop::sample::select(vec!["", "", "", "-ib", "b"]);
    (prefix, number, suffix).prop_map(|(p, n, s)| match n {
        Some((k, w)) => format!("{p}{k:0w$}{s}"),
        None if p.is_empty() && s.is_empty() => "z".to_string(),
        None => format!("{p}{s}"),
    })
}

fn names() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(host_name(), 0..24)
}

fn build(names: &[String]) -> Hostlist {
    names.iter().map(String::as_str).collect()
}

fn expand(hl: &Hostlist) -> Vec<String> {
    hl.iter().collect()
}

fn set_of(v: &[String]) -> BTreeSet<String> {
    v.iter().cloned().collect()
}

proptest! {
    #[test]
    fn hostlist_encode_parse_is_identity(v in names()) {
        let hl = build(&v);
        prop_assert_eq!(expand(&hl), v.clone());
        prop_assert_eq!(hl.len(), v.len() as u64);
        let text = hl.to_string();
        let back = Hostlist::parse(&text).unwrap();
        prop_assert_eq!(&back, &hl);
        prop_assert_eq!(back.to_string(), text);
    }

    #[test]
    fn hostlist_parse_of_any_text_round_trips(s in "[a0-9\\[\\],\\- ]{0,16}") {
        if let Ok(hl) = Hostlist::parse(&s) {
            let names = expand(&hl);
            prop_assert_eq!(hl.len(), names.len() as u64);
            let again = Hostlist::parse(&hl.to_string()).unwrap();
            prop_assert_eq!(expand(&again), names);
        }
    }

    #[test]
    fn hostlist_queries_match_model(v in names(), probe in host_name()) {
        let hl = build(&v);
        for (i, name) in v.iter().enumerate() {
            prop_assert_eq!(hl.nth(i as i64), Some(name.clone()));
            prop_assert_eq!(hl.nth(i as i64 - v.len() as i64), Some(name.clone()));
        }
        prop_assert_eq!(hl.nth(v.len() as i64), None);
        let want = v.iter().position(|n| *n == probe).map(|i| i as u64);
        prop_assert_eq!(hl.find(&probe), want);
        prop_assert_eq!(hl.contains(&probe), want.is_some());
    }

    #[test]
    fn hostlist_sort_and_uniq_keep_hosts(v in names()) {
        let mut sorted = build(&v);
        sorted.sort();
        let mut got = expand(&sorted);
        let mut want = v.clone();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
        prop_assert_eq!(sorted.len(), v.len() as u64);
        let mut again = sorted.clone();
        again.sort();
        prop_assert_eq!(expand(&again), expand(&sorted));

        let mut uniq = build(&v);
        uniq.uniq();
        let u = expand(&uniq);
        prop_assert_eq!(u.len(), set_of(&u).len(), "no duplicates");
        prop_assert_eq!(set_of(&u), set_of(&v));
        prop_assert_eq!(uniq.len(), u.len() as u64);
    }

    #[test]
    fn hostlist_sort_orders_plain_numbers(
        runs in prop::collection::vec((0u64..30, 1u64..12), 0..8)
    ) {
        // Runs of consecutive numbers, so the list holds overlapping runs.
        let ks: Vec<u64> = runs.iter().flat_map(|&(lo, n)| lo..lo + n).collect();
        let v: Vec<String> = ks.iter().map(|k| format!("n{k}")).collect();
        let mut hl = build(&v);
        hl.sort();
        let mut want = ks.clone();
        want.sort_unstable();
        let want: Vec<String> = want.iter().map(|k| format!("n{k}")).collect();
        prop_assert_eq!(expand(&hl), want.clone());
        let mut u = build(&v);
        u.uniq();
        let mut dedup = want;
        dedup.dedup();
        prop_assert_eq!(expand(&u), dedup);
    }

    #[test]
    fn hostlist_set_operations_match_model(a in names(), b in names()) {
        let (x, y) = (build(&a), build(&b));
        let (sa, sb) = (set_of(&a), set_of(&b));
        let unique = |hl: &Hostlist| {
            let v = expand(hl);
            assert_eq!(v.len(), set_of(&v).len(), "duplicates in {hl}");
            set_of(&v)
        };
        prop_assert_eq!(unique(&x.union(&y)), sa.union(&sb).cloned().collect::<BTreeSet<_>>());
        prop_assert_eq!(
            unique(&x.intersect(&y)),
            sa.intersection(&sb).cloned().collect::<BTreeSet<_>>()
        );
        prop_assert_eq!(
            unique(&x.xor(&y)),
            sa.symmetric_difference(&sb).cloned().collect::<BTreeSet<_>>()
        );
        // minus deletes the first occurrence of each host of `b`, in order.
        let mut model = a.clone();
        let mut deleted = 0u64;
        for name in &b {
            if let Some(i) = model.iter().position(|n| n == name) {
                model.remove(i);
                deleted += 1;
            }
        }
        prop_assert_eq!(expand(&x.minus(&y)), model.clone());
        let mut z = x.clone();
        prop_assert_eq!(z.delete(&y), deleted);
        prop_assert_eq!(z.len(), model.len() as u64);
        let kept: Vec<String> = a.iter().filter(|n| !sb.contains(*n)).cloned().collect();
        prop_assert_eq!(expand(&x.difference(&y)), kept);
        // Laws on the sets of names.
        prop_assert_eq!(unique(&x.union(&y)), unique(&y.union(&x)));
        prop_assert_eq!(unique(&x.intersect(&y)), unique(&y.intersect(&x)));
        let back: BTreeSet<String> = unique(&x.difference(&y).union(&x.intersect(&y)));
        prop_assert_eq!(back, sa);
    }
}

/// hwloc XML pieces, put together in any order: a topology, objects of
/// known and unknown types, caches, PCI devices and OS devices, and broken
/// tags.
fn hwloc_piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "<topology version=\"2.0\">",
        "</topology>",
        "<object type=\"Machine\">",
        "<object type=\"Package\">",
        "<object type=\"NUMANode\">",
        "<object type=\"Group\" dont_merge=\"1\">",
        "<object type=\"L2Cache\" cache_size=\"1048576\">",
        "<object type=\"Cache\" depth=\"3\" cache_type=\"2\">",
        "<object type=\"Core\">",
        "<object type=\"PU\"/>",
        "<object type=\"PCIDev\" pci_type=\"0302 [10de:2330]\">",
        "<object type=\"OSDev\" name=\"cuda0\" osdev_type=\"5\"><info name=\"Backend\" value=\"CUDA\"/></object>",
        "<object type=\"OSDev\" name=\"opencl0d0\" osdev_type=\"5\"><info name=\"Backend\" value=\"OpenCL\"/></object>",
        "<object type=\"OSDev\" name=\"nvme0n1\" osdev_type=\"0\"/>",
        "<object type=\"Gadget\">",
        "</object>",
        "<info name=\"HostName\" value=\"n7\"/>",
        "<object",
        "&bogus;",
    ])
}

proptest! {
    #[test]
    fn hwloc_reading_never_panics(pieces in prop::collection::vec(hwloc_piece(), 0..24)) {
        let text: String = pieces.concat();
        let view = rscope_core::commands::r::topology_view(&text, "", "0-1");
        if let Ok(t) = rscope_core::hwloc::read(&text) {
            prop_assert!(view.read.is_ok());
            let c = t.counts(true);
            prop_assert!(c.gpus <= c.gpu_devices);
            let _ = rscope_core::jgf::from_hwloc::from_topology(&t);
        } else {
            prop_assert!(view.read.is_err());
        }
    }
}
