//! A core that never contradicts itself (issue 12): what Rscope prints it
//! reads back, and where the README promises the reference's output, the
//! output is the reference's.

use crate::support::{rscope, Output};
use rscope_core::hostlist::{Hostlist, MAX_BRACKET_RANGES, MAX_RANGE_HOSTS, MAX_SUFFIX_HOSTS};

fn parse(text: &str) -> Hostlist {
    Hostlist::parse(text).unwrap_or_else(|e| panic!("{:.80}…: {e}", text))
}

/// Print `input`, read the text back and print again: the two printings,
/// after checking that every reading names the same hosts and that a third
/// printing is the second.
fn print_twice(input: &str) -> (String, String) {
    let hl = parse(input);
    let first = hl.to_string();
    let back = parse(&first);
    let second = back.to_string();
    let again = parse(&second);
    for other in [&back, &again] {
        assert_eq!(other.len(), hl.len(), "{input}");
        // Every name of the small lists; the ends of the big ones.
        if hl.len() <= 100_000 {
            assert!(other.iter().eq(hl.iter()), "{input}: names differ");
        }
        assert_eq!(other.nth(-1), hl.nth(-1), "{input}");
    }
    assert_eq!(again.to_string(), second, "{input}: printing is stable");
    (first, second)
}

/// `names` in brackets holding at most `MAX_BRACKET_RANGES` each.
fn bracketed(names: &[String]) -> String {
    names
        .chunks(MAX_BRACKET_RANGES)
        .map(|c| format!("[{}]", c.join(",")))
        .collect::<Vec<_>>()
        .join(",")
}

/// `[lo-hi]0`: hosts `lo0` to `hi0`, stored one name each.
fn tens(lo: u64, hi: u64) -> Vec<String> {
    (lo..=hi).map(|n| format!("{n}0")).collect()
}

#[test]
fn suffix_after_brackets_prints_what_parses_back() {
    // The fuzz find: 54 997 names with a suffix print plainly, and those
    // plain numbers (54 997 ranges of one host) used to print inside one
    // pair of brackets, more than the parser takes.
    let names = tens(555, 55551);
    let (first, second) = print_twice("[555-55551]0");
    assert_eq!(first, names.join(","));
    assert_eq!(second, bracketed(&names));
    assert_eq!(second.matches('[').count(), 6);
    assert!(second.starts_with("[5550,5560,"));
    assert!(second.ends_with(",555500,555510]"));

    // Neighbours: exactly as many ranges as one pair of brackets holds,
    // one more, and the most hosts a suffix may give.
    let limit = MAX_BRACKET_RANGES as u64;
    let (first, second) = print_twice(&format!("[1-{limit}]0"));
    assert_eq!(first, tens(1, limit).join(","));
    assert_eq!(second, format!("[{}]", tens(1, limit).join(",")));
    let (_, second) = print_twice(&format!("[1-{}]0", limit + 1));
    assert_eq!(second, format!("[{}],[102410]", tens(1, limit).join(",")));
    let (first, second) = print_twice(&format!("[0-{}]0", MAX_SUFFIX_HOSTS - 1));
    assert_eq!(first, tens(0, MAX_SUFFIX_HOSTS - 1).join(","));
    assert_eq!(second, bracketed(&tens(0, MAX_SUFFIX_HOSTS - 1)));
    assert_eq!(
        Hostlist::parse(&format!("[0-{}]0", MAX_SUFFIX_HOSTS))
            .unwrap_err()
            .to_string(),
        "more than 65536 hosts with a suffix after brackets at column 1"
    );
    // A prefix and a longer suffix: the brackets keep the prefix.
    let names: Vec<String> = (0..=20479u64).map(|n| format!("n{n}-0")).collect();
    let (first, second) = print_twice("n[0-20479]-0");
    assert_eq!(first, names.join(","));
    assert_eq!(second, first, "names ending in 0 after '-' stay single");
    let (_, second) = print_twice("n[0-20479]00");
    let nums: Vec<String> = (0..=20479u64).map(|n| format!("{n}00")).collect();
    assert_eq!(
        second,
        format!(
            "n[{}],n[{}]",
            nums[..10240].join(","),
            nums[10240..].join(",")
        )
    );
}

#[test]
fn joined_ranges_print_in_pieces_the_parser_takes() {
    // Appending joins `n[0-1048575]` and `n1048576` into one run of more
    // hosts than one range may hold; it prints as two ranges.
    let cases = [
        ("n[0-1048575]", "n[0-1048575]"),
        ("n[0-1048575],n1048576", "n[0-1048575,1048576]"),
        (
            "n[0-1048575],n[1048576-1048577]",
            "n[0-1048575,1048576-1048577]",
        ),
        (
            "n[0-1048575],n[1048576-2097151],n[2097152-3145727],n[3145728-4194303]",
            "n[0-1048575,1048576-2097151,2097152-3145727,3145728-4194303]",
        ),
        // Padding survives the split.
        ("n[0000000-1048575],n1048576", "n[0000000-1048575,1048576]"),
        (
            "n[00000001-01048576],n01048577",
            "n[00000001-01048576,01048577]",
        ),
    ];
    for (input, want) in cases {
        let (first, second) = print_twice(input);
        assert_eq!(first, want, "{input}");
        assert_eq!(second, want, "{input}");
    }
    assert_eq!(parse("n[0-1048575],n1048576").range_count(), 1);
    assert_eq!(MAX_RANGE_HOSTS, 1 << 20);
}

/// Two R objects: the first with properties, times, `nslots`, attributes
/// and `scheduling`; the second with its own properties and times.
const INTERSECT_INPUT: &str = concat!(
    r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3", "gpu": "0"}}], "nodelist": ["n[0-3]"], "properties": {"fast": "0-1", "big": "2"}, "starttime": 10.5, "expiration": 100.0, "nslots": 4}, "attributes": {"system": {"cluster": "c"}}, "scheduling": {"graph": 1}}"#,
    "\n",
    r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-5"}}], "nodelist": ["n[1-2]"], "properties": {"slow": "1"}, "starttime": 3.0, "expiration": 7.0}}"#,
    "\n",
);

/// What `rlist_intersect` and `rlist_to_R` make of [`INTERSECT_INPUT`]:
/// the common cores with the first set's host names and `scheduling`, times
/// unset, no `nslots`, properties or attributes.
const REFERENCE_INTERSECTION: &str = concat!(
    r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["n[1-2]"]}, "scheduling": {"graph": 1}}"#,
    "\n",
);

/// The same with the first set's data kept.
const KEPT_INTERSECTION: &str = concat!(
    r#"{"version": 1, "execution": {"R_lite": [{"rank": "1-2", "children": {"core": "2-3"}}], "nslots": 4, "starttime": 10.5, "expiration": 100.0, "nodelist": ["n[1-2]"], "properties": {"big": "2", "fast": "1"}}, "scheduling": {"graph": 1}, "attributes": {"system": {"cluster": "c"}}}"#,
    "\n",
);

fn ok(stdout: &str) -> Output {
    Output {
        status: 0,
        stdout: stdout.to_string(),
        stderr: String::new(),
    }
}

#[test]
fn r_intersect_prints_what_flux_r_intersect_prints() {
    assert_eq!(
        rscope(&["R", "intersect"], INTERSECT_INPUT),
        ok(REFERENCE_INTERSECTION)
    );
    assert_eq!(
        rscope(&["R", "intersect", "--keep-data"], INTERSECT_INPUT),
        ok(KEPT_INTERSECTION)
    );
    // A third set: the reference's result goes on without the dropped data.
    let three = format!(
        "{INTERSECT_INPUT}{}",
        INTERSECT_INPUT.lines().next().unwrap()
    );
    assert_eq!(
        rscope(&["R", "intersect"], &three),
        ok(REFERENCE_INTERSECTION)
    );
    assert_eq!(
        rscope(&["R", "intersect", "--keep-data"], &three),
        ok(KEPT_INTERSECTION)
    );
    let help = rscope(&["R", "intersect", "--help"], "");
    assert!(
        help.stdout.contains(
            "--keep-data  Keep the first R object's properties, starttime, expiration, nslots and attributes, which flux R intersect drops"
        ),
        "{}",
        help.stdout
    );
}

#[test]
fn rset_intersect_is_rlist_intersect() {
    let read = |text: &str| {
        rscope_core::rset::parse(text)
            .rset
            .expect("an R the reference reads")
    };
    let mut lines = INTERSECT_INPUT.lines();
    let a = read(lines.next().unwrap());
    let b = read(lines.next().unwrap());
    assert_eq!(a.intersect(&b).encode() + "\n", REFERENCE_INTERSECTION);
    assert_eq!(
        a.intersect_keeping_data(&b).encode() + "\n",
        KEPT_INTERSECTION
    );
    // An empty intersection drops `scheduling` in both.
    let c = read(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "9", "children": {"core": "0"}}], "starttime": 0.0, "expiration": 0.0}}"#,
    );
    assert_eq!(
        a.intersect(&c).encode(),
        r#"{"version": 1, "execution": {"R_lite": [], "starttime": 0.0, "expiration": 0.0, "nodelist": [""]}}"#
    );
}

/// `rscope hostlist ARGS` with no input.
fn hostlist(args: &[&str]) -> Output {
    let mut full = vec!["hostlist"];
    full.extend_from_slice(args);
    rscope(&full, "")
}

/// The refusal of a source `flux hostlist` would look up as a job.
fn job_id_refused(arg: &str) -> Output {
    Output {
        status: 1,
        stdout: String::new(),
        stderr: format!(
            "rscope: source '{arg}' reads as a job id, which needs a running Flux instance; \
             give -f to read it as host names\n"
        ),
    }
}

#[test]
fn hostlist_sources_that_flux_reads_as_job_ids_are_refused() {
    // `flux hostlist ' foo1'` fails because `flux_job_id_parse()` skips the
    // space and reads F58 `foo1`, a job that does not exist; `foo1` fails
    // the same way (flux-core's t2814: "fails with invalid jobid").
    for arg in [
        " foo1",
        "foo1",
        "\tfoo1",
        "f1",
        "f123456789abc",
        "ƒ2",
        "14636",
        " 123 ",
        "+7",
        "0x1f",
        "job.12",
        " job.foo1",
        "dead.beef.cafe.0001",
        "0.0.0.1",
    ] {
        assert_eq!(hostlist(&[arg]), job_id_refused(arg), "{arg:?}");
        // `-f` reads it as host names, as the reference does for a job id
        // that names no job.
        let names = Hostlist::parse(arg).unwrap().to_string() + "\n";
        assert_eq!(hostlist(&["-f", arg]), ok(&names), "-f {arg:?}");
    }
    assert_eq!(hostlist(&["-f", " foo1"]), ok("foo1\n"));
    assert_eq!(hostlist(&["host1", "foo1"]), job_id_refused("foo1"));
}

#[test]
fn hostlist_white_space_is_read_as_libhostlist_reads_it() {
    // `hostlist_decode()` separates hosts at ',', ' ' and '\t', so leading,
    // trailing and inner white space is accepted where the argument is not
    // a job id; the reference prints these.
    for (arg, want) in [
        (" host1", "host1\n"),
        ("host1 ", "host1\n"),
        ("foo1 ", "foo1\n"),
        (" foo[1-2]", "foo[1-2]\n"),
        (" \thost1\t host2 ,host3, ", "host[1-3]\n"),
        ("a b", "a,b\n"),
        ("f", "f\n"),
        ("fo0", "fo0\n"),
        // F58 has no 0 and at most 12 digits.
        ("fuzz100", "fuzz100\n"),
        ("f123456789abcd", "f123456789abcd\n"),
        ("0x", "0x\n"),
        ("0xg", "0xg\n"),
        ("99999999999999999999", "99999999999999999999\n"),
        ("node1.example.com", "node1.example.com\n"),
        ("12345.0.0.0", "12345.0.0.0\n"),
        ("foo-1", "foo-1\n"),
        ("job.", "job.\n"),
        (" ", ""),
    ] {
        assert_eq!(hostlist(&[arg]), ok(want), "{arg:?}");
    }
    // Lines on standard input are host lists, never job ids.
    assert_eq!(
        rscope(&["hostlist", "-"], " foo1\n foo2\n"),
        ok("foo[1-2]\n")
    );
}
