//! `rscope hostlist` against the expectations of flux-core's sharness test
//! for `flux hostlist` (t/t0036-hostlist-cmd.t), plus cases of our own.

use crate::support::{rscope, Output};

/// Run `rscope hostlist ARGS` with `stdin`; compare status, stdout, stderr.
fn check(args: &[&str], stdin: &str, status: i32, stdout: &str, stderr: &str) {
    let mut full = vec!["hostlist"];
    full.extend_from_slice(args);
    let got = rscope(&full, stdin);
    let want = Output {
        status,
        stdout: stdout.to_string(),
        stderr: stderr.to_string(),
    };
    assert_eq!(got, want, "rscope hostlist {args:?}");
}

/// A successful run that prints `stdout`.
fn ok(args: &[&str], stdout: &str) {
    check(args, "", 0, stdout, "");
}

#[test]
fn reference_sharness_cases() {
    // stdin (the default source, and `-`).
    check(&[], "foo[0-3]\n", 0, "foo[0-3]\n", "");
    check(&[], "foo1 foo2 foo3", 0, "foo[1-3]\n", "");
    check(&[], "foo1\nfoo2\nfoo3", 0, "foo[1-3]\n", "");
    check(&["-"], "foo1\r\nfoo2\n\nfoo3  \n", 0, "foo[1-3]\n", "");
    check(&["stdin", "bar"], "foo1", 0, "foo1,bar\n", "");
    // -c
    ok(&["-c", "foo[1-10]"], "10\n");
    // hostlist args
    ok(&["foo[1-3]"], "foo[1-3]\n");
    ok(&["--fallback", "foo1", "foo2", "foo3"], "foo[1-3]\n");
    // -q
    ok(&["--quiet", "foo[1-10]"], "");
    check(&["-q", ""], "", 1, "", "");
    // -e, -d
    ok(&["-e", "foo[1-3]"], "foo1 foo2 foo3\n");
    ok(
        &["--expand", "--delimiter=\\n", "foo[1-3]"],
        "foo1\nfoo2\nfoo3\n",
    );
    // -n
    ok(&["--nth=1", "foo[1-10]"], "foo2\n");
    ok(&["--nth=-1", "foo[1-10]"], "foo10\n");
    ok(&["--nth=1,3-4", "foo[1-10]"], "foo[2,4-5]\n");
    ok(&["--nth=-1,3-4", "foo[1-10]"], "foo[7-8,10]\n");
    ok(&["-e", "--nth=1,3-4", "foo[1-10]"], "foo2 foo4 foo5\n");
    check(
        &["-n", "10", "foo[1-10]"],
        "",
        1,
        "",
        "rscope: hostlist index out of range\n",
    );
    check(
        &["-n", "1,10", "foo[1-10]"],
        "",
        1,
        "",
        "rscope: hostlist index out of range\n",
    );
    // -F
    ok(&["-F", "foo1", "foo[1-10]"], "0\n");
    ok(&["-F", "foo10", "foo[1-10]"], "9\n");
    ok(&["-F", "foo[1-2]", "foo[1-10]"], "0 1\n");
    check(
        &["-F", "foo1", "foo[2-10]"],
        "",
        1,
        "",
        "rscope: host 'foo1' not found\n",
    );
    check(
        &["-F", "foo[1-10]", "foo[2-10]"],
        "",
        1,
        "",
        "rscope: host 'foo1' not found\n",
    );
    // -x
    ok(&["-x", "foo1", "foo[0-10]"], "foo[0,2-10]\n");
    ok(&["-x", "foo[0-9]", "foo[0-10]"], "foo10\n");
    ok(&["-x", "1", "foo[0-10]"], "foo[0,2-10]\n");
    ok(&["-x", "0-9", "foo[0-10]"], "foo10\n");
    ok(&["-x", "foo5", "-n", "5-6", "foo[1-10]"], "foo[7-8]\n");
    // -L
    ok(&["-L", "2", "foo[1-10]"], "foo[1-2]\n");
    ok(&["-L", "-2", "foo[1-10]"], "foo[9-10]\n");
    // order and duplicates
    ok(&["host1", "host0", "host5", "host4"], "host[1,0,5,4]\n");
    ok(&["host1", "host1", "host1"], "host[1,1,1]\n");
    // -S
    ok(&["-S", "host3", "host2", "host1", "host0"], "host[0-3]\n");
    ok(&["-S", "host2", "host1", "host3", "host1"], "host[1,1-3]\n");
    // -u
    ok(&["-u", "host2", "host1", "host3", "host1"], "host[1-3]\n");
    ok(&["-u", "host[1-3]", "host2"], "host[1-3]\n");
    ok(&["-u", "host[1-3]", "bar", "baz"], "bar,baz,host[1-3]\n");
    // -i
    ok(&["-i", "host[1-3]", "host[2-5]"], "host[2-3]\n");
    ok(&["-i", "host[1-3]", "host[2-5]", "host[3-10]"], "host3\n");
    // -X
    ok(&["-X", "host[1-3]", "host[2-5]"], "host[1,4-5]\n");
    ok(
        &["-X", "host[1-3]", "host[2-5]", "host[3-10]"],
        "host[1,3,6-10]\n",
    );
    ok(
        &["-X", "host[3-10]", "host[1-3]", "host[2-5]"],
        "host[1,3,6-10]\n",
    );
    // -m
    ok(&["-m", "host[1-10]", "host[2-3]"], "host[1,4-10]\n");
    ok(
        &["-m", "host[1-10]", "host[2-3]", "host[5-10]"],
        "host[1,4]\n",
    );
    ok(&["-m", "host[1-10]", "host[1-20]"], "");
    check(&["-qm", "host[1-10]", "host[1-20]"], "", 1, "", "");
    ok(&["-m", "host[1,1,1]", "host1"], "host[1,1]\n");
    ok(&["-um", "host[1,1,1]", "host1"], "host1\n");
    // -q with an empty intersection
    check(&["--quiet", "--intersect", "host1", "host2"], "", 1, "", "");
}

#[test]
fn invalid_input() {
    check(
        &["foo[1-"],
        "",
        1,
        "",
        "rscope: invalid hostlist 'foo[1-': unclosed '[' at column 4\n",
    );
    check(
        &[],
        "ok1\nbad[3-1]\n",
        1,
        "",
        "rscope: invalid hostlist 'bad[3-1]': reversed range '3-1' at column 5\n",
    );
    check(
        &["-F", "x[", "bar"],
        "",
        1,
        "",
        "rscope: invalid hostlist 'x[': unclosed '[' at column 2\n",
    );
    check(
        &["-n", "a", "bar"],
        "",
        1,
        "",
        "rscope: invalid idset 'a': unexpected character 'a' at column 1\n",
    );
    check(
        &["instance"],
        "",
        1,
        "",
        "rscope: source 'instance' needs a running Flux instance; give host names or '-'\n",
    );
    check(
        &["-F", "a[1-3]", "a2"],
        "",
        1,
        "",
        "rscope: hosts 'a[1,3]' not found\n",
    );
    // -S is refused past 2^22 hosts (commands::lists::combine says why).
    check(
        &[
            "-S",
            "e[0-1048575]",
            "d[0-1048575]",
            "c[0-1048575]",
            "b[0-1048575]",
            "a[0-1048575]",
        ],
        "",
        1,
        "",
        "rscope: cannot sort more than 4194304 hosts (5242880 given)\n",
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["hostlist", "-c", "-e", "x"][..],
        &["hostlist", "-i", "-m", "x"],
        &["hostlist", "-m", "-X", "x"],
        &["hostlist", "-x", "foo[", "x"],
        &["hostlist", "-L", "two", "x"],
        &["hostlist", "--local"],
    ] {
        let out = rscope(args, "");
        assert_eq!(out.status, 2, "{args:?}: {out:?}");
        assert_eq!(out.stdout, "");
        assert!(
            out.stderr.starts_with("error: "),
            "{args:?}: {}",
            out.stderr
        );
    }
}

#[test]
fn more_cases() {
    // -n from the end keeps list order; -0 is the first host.
    ok(&["-n", "-0-1", "foo[1-10]"], "foo[10,1]\n");
    check(
        &["-n", "-11", "foo[1-10]"],
        "",
        1,
        "",
        "rscope: hostlist index out of range\n",
    );
    ok(&["-n", "-10", "foo[1-10]"], "foo1\n");
    ok(&["-n", "", "foo[1-10]"], "");
    // -x with hosts that are not there and are not indices: no change.
    ok(&["-x", "bar", "foo[1-3]"], "foo[1-3]\n");
    // -x reads indices from the host names sorted as strings, as the
    // reference does: `2,10` becomes `10,2`, which is out of order, so
    // nothing is excluded.
    ok(&["-x", "1-3,10", "foo[0-20]"], "foo[0,4-9,11-20]\n");
    ok(&["-x", "2,10", "foo[0-20]"], "foo[0-20]\n");
    ok(&["-x", "1,3", "foo[0-4]"], "foo[0,2,4]\n");
    check(
        &["-n", "3,1", "foo[1-10]"],
        "",
        1,
        "",
        "rscope: invalid idset '3,1': '1' is out of order at column 3\n",
    );
    ok(&["-n", ",1,,3,", "foo[1-10]"], "foo[2,4]\n");
    // -x deletes every occurrence.
    ok(&["-x", "foo1", "foo[1,1,2,1]"], "foo2\n");
    // -L larger than the list, -L 0 means no limit.
    ok(&["-L", "20", "foo[1-3]"], "foo[1-3]\n");
    ok(&["-L", "-20", "foo[1-3]"], "foo[1-3]\n");
    ok(&["-L", "0", "foo[1-3]"], "foo[1-3]\n");
    // -c of nothing prints 0; -e and default print nothing.
    ok(&["-c", ""], "0\n");
    ok(&["-e", ""], "");
    ok(&[""], "");
    // -F of the empty string falls through to the default output.
    ok(&["-F", "", "a[1-2]"], "a[1-2]\n");
    // -F finds the first occurrence.
    ok(&["-F", "a2,a1", "a[1-3],a[1-3]"], "1 0\n");
    // Suffixes, padding, and a big range stay compact.
    ok(
        &["-S", "n[1-3]-ib", "n[0-1]-ib"],
        "n0-ib,n1-ib,n1-ib,n2-ib,n3-ib\n",
    );
    ok(&["-c", "n[0-1048575]", "n[0-1048575]"], "2097152\n");
    ok(&["-u", "n[0-1048575]", "n[0-1048575]"], "n[0-1048575]\n");
    ok(&["-i", "n[00-10]", "n[5-20]"], "n10\n");
    ok(&["-e", "-d", ",", "[00-2]"], "00,01,02\n");
}
