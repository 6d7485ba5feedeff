//! The playground's answers are `rscope hostlist`'s: the canonical form,
//! count and members of a host list, and the set operations of two lists
//! (`-u`, `-i`, `-m`, `-X`), for lists and id sets alike.

use crate::support::rscope;
use rscope::commands::lists::{hostlist, idset, ListAnswer};
use rscope::teach::play::{read, Format};

const LISTS: [&str; 6] = [
    "node[1-4,7]",
    "node[3,1-2],login1",
    "a[01-10]",
    "x1,x1,x2",
    "n[8-10],n[1-2]",
    "b2,a[1-2]",
];

fn cli(args: &[&str]) -> String {
    let out = rscope(args, "");
    assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    out.stdout.trim_end().to_string()
}

#[test]
fn readings_equal_rscope_hostlist() {
    for list in LISTS {
        let r = read(Format::Hostlist, list).unwrap();
        assert_eq!(r.canonical, cli(&["hostlist", list]), "{list}");
        assert_eq!(
            r.count.unwrap().to_string(),
            cli(&["hostlist", "-c", list]),
            "{list}"
        );
        assert_eq!(
            r.members.join(" "),
            cli(&["hostlist", "-e", list]),
            "{list}"
        );
    }
}

#[test]
fn set_operations_equal_rscope_hostlist() {
    for (a, b) in [("node[1-6]", "node[4-9]"), ("n[1-3],m1", "m[1-2],n2")] {
        for (op, flag) in [
            ("union", "-u"),
            ("intersect", "-i"),
            ("minus", "-m"),
            ("xor", "-X"),
        ] {
            let ours = hostlist(op, &[a.to_string(), b.to_string()]).unwrap();
            assert_eq!(
                ours,
                ListAnswer::List(cli(&["hostlist", flag, a, b])),
                "{op} {a} {b}"
            );
        }
    }
}

#[test]
fn id_set_operations_equal_rscope_hostlist_on_numbered_hosts() {
    // An id set is a host list of bare numbers to `flux hostlist`.
    for (a, b) in [("0-5", "3-9"), ("1,3,5", "2-3")] {
        for (op, flag) in [
            ("union", "-u"),
            ("intersect", "-i"),
            ("minus", "-m"),
            ("xor", "-X"),
        ] {
            let ListAnswer::List(ours) = idset(op, &[a.to_string(), b.to_string()]).unwrap() else {
                panic!("a list");
            };
            let theirs = cli(&["hostlist", flag, &format!("[{a}]"), &format!("[{b}]")]);
            let theirs = theirs.trim_start_matches('[').trim_end_matches(']');
            assert_eq!(ours, theirs, "{op} {a} {b}");
        }
    }
}

#[test]
fn errors_say_what_rscope_hostlist_says() {
    for bad in ["node[1-", "n[3-1]", "a]"] {
        let ours = read(Format::Hostlist, bad).unwrap_err();
        let out = rscope(&["hostlist", bad], "");
        assert_eq!(out.status, 1, "{bad}");
        assert!(
            out.stderr.contains(&ours.message),
            "{bad}: {} / {}",
            ours.message,
            out.stderr
        );
    }
}
