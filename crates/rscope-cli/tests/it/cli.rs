//! What every `rscope` subcommand shares: one input reader (a path, or
//! `-` and no argument for standard input, named `<stdin>` in findings) and
//! one way a run ends (exit status, and a message after the subcommand's
//! prefix).

use crate::support::{rscope, Output};

/// A file under Cargo's scratch directory for integration tests.
fn scratch(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("scratch file is written");
    path.to_string_lossy().into_owned()
}

#[test]
fn an_unreadable_file_fails_after_the_subcommand_prefix() {
    let missing = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-no-such-dir/R.json");
    let missing = missing.to_string_lossy().into_owned();
    let cases: [(&[&str], &str); 5] = [
        (&["summary"], "rscope"),
        (&["jgf", "tree"], "rscope jgf"),
        (&["R", "validate"], "rscope R"),
        (&["fit", "node=1"], "rscope"),
        (&["shape", "--format"], "rscope"),
    ];
    for (args, prefix) in cases {
        let mut full = args.to_vec();
        full.push(&missing);
        assert_eq!(
            rscope(&full, ""),
            Output {
                status: 1,
                stdout: String::new(),
                stderr: format!(
                    "{prefix}: cannot read {missing}: No such file or directory (os error 2)\n"
                ),
            },
            "{full:?}"
        );
    }
}

#[test]
fn findings_name_the_file_or_stdin() {
    let doc = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1,1", "children": {"core": "0"}}], "nodelist": ["n[0-1]"]}}"#;
    let path = scratch("cli-duplicate-rank.json", doc);
    let finding = |name: &str| {
        format!(
            "{name}:1:55: error: invalid rank: duplicate id '1'\n{doc}\n{}^\n  help: write the id set canonically: \"0-1\"\n",
            " ".repeat(54)
        )
    };
    assert_eq!(
        rscope(&["R", "validate", &path, "-"], doc),
        Output {
            status: 1,
            stdout: finding(&path) + &finding("<stdin>"),
            stderr: String::new(),
        }
    );
    assert_eq!(
        rscope(&["R", "validate"], doc),
        Output {
            status: 1,
            stdout: finding("<stdin>"),
            stderr: String::new(),
        }
    );
}

#[test]
fn a_quiet_failure_says_nothing() {
    assert_eq!(
        rscope(&["hostlist", "-q", "-"], "n[0-1]\n"),
        Output {
            status: 0,
            stdout: String::new(),
            stderr: String::new(),
        }
    );
    assert_eq!(
        rscope(&["hostlist", "-q", "-"], ""),
        Output {
            status: 1,
            stdout: String::new(),
            stderr: String::new(),
        }
    );
}

/// A reader that stops early (`rscope … | head -c 16`) ends the command by
/// SIGPIPE, with nothing on standard error, as it ends flux-core's: no
/// panic about a closed pipe.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rscope"))
        .args(["hostlist", "--expand", "host[0-999999]"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rscope binary runs");
    let mut head = [0u8; 16];
    let mut stdout = child.stdout.take().expect("stdout is piped");
    stdout.read_exact(&mut head).expect("output starts");
    drop(stdout);
    let out = child.wait_with_output().expect("rscope finishes");
    assert_eq!(&head, b"host0 host1 host");
    assert_eq!(out.status.signal(), Some(13), "status {:?}", out.status);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
