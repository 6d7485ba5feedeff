//! Fuzz the hostlist parser: no input may panic, and whatever parses must
//! print to a string that parses back to the same host names.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::hostlist::Hostlist;

/// Lists up to this many hosts are also expanded, sorted and searched
/// (bigger ones only round trip, to keep each run fast).
const SMALL: u64 = 4096;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    let hl = match Hostlist::parse(s) {
        Ok(hl) => hl,
        Err(e) => {
            let span = e.span();
            assert!(span.start <= span.end && span.end <= s.len(), "{e} in {s:?}");
            assert!(s.is_char_boundary(span.start) && s.is_char_boundary(span.end));
            return;
        }
    };
    let text = hl.to_string();
    let back = Hostlist::parse(&text).unwrap_or_else(|e| panic!("{text:?} from {s:?}: {e}"));
    assert_eq!(back.len(), hl.len());
    // What the list read back prints parses too (the runs may differ from
    // the first reading's: `[5550,5560]` after `[555-556]0`), and printing
    // is stable from there on.
    let text2 = back.to_string();
    let again = Hostlist::parse(&text2)
        .unwrap_or_else(|e| panic!("second printing of {s:?} does not parse: {e}"));
    assert_eq!(again.to_string(), text2, "printing of {s:?} is not stable");
    assert_eq!(again.len(), hl.len());
    if hl.len() > SMALL {
        for i in [0, -1, (hl.len() / 2) as i64] {
            assert_eq!(back.nth(i), hl.nth(i), "host {i} of {s:?}");
            assert_eq!(again.nth(i), hl.nth(i), "host {i} of {s:?}");
        }
        return;
    }
    assert!(again.iter().eq(hl.iter()), "second round trip of {s:?}");
    let names: Vec<String> = hl.iter().collect();
    assert_eq!(back.iter().collect::<Vec<_>>(), names, "round trip of {s:?}");
    assert_eq!(names.len() as u64, hl.len());
    // Each name's first place, found once. `find` scans the list, so it is
    // asked of at most 256 names spread over it: asking it of all 4096
    // held the target at a few runs a second.
    let mut firsts = std::collections::HashMap::new();
    for (i, name) in names.iter().enumerate() {
        firsts.entry(name.as_str()).or_insert(i as u64);
    }
    let step = (names.len() / 256).max(1);
    for (i, name) in names.iter().enumerate().step_by(step) {
        let first = firsts.get(name.as_str()).copied();
        assert_eq!(hl.find(name), first, "find {name:?} in {s:?}");
        assert_eq!(hl.nth(i as i64).as_ref(), Some(name));
    }
    let mut sorted = hl.clone();
    sorted.sort();
    let mut a: Vec<String> = sorted.iter().collect();
    let mut b = names.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b, "sort keeps the hosts of {s:?}");
    let mut uniq = hl.clone();
    uniq.uniq();
    // uniq keeps the same set of names. As in the reference, a name made by
    // brackets with a suffix (`[0]5`) is stored whole and never joins the
    // same name written plainly (`05`), so a name may remain twice.
    let mut u: Vec<String> = uniq.iter().collect();
    assert_eq!(uniq.len(), u.len() as u64, "uniq count of {s:?}");
    assert_eq!(sorted.len(), hl.len());
    u.sort();
    b.dedup();
    let mut ud = u.clone();
    ud.dedup();
    assert_eq!(ud, b, "uniq of {s:?}");
    assert!(u.len() <= 2 * b.len());
    let mut rest = hl.clone();
    assert_eq!(rest.delete(&hl), hl.len());
    assert!(rest.is_empty());
});
