//! Helpers shared by the integration tests.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the `rscope` binary produced.
#[derive(Debug, PartialEq, Eq)]
pub struct Output {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Run `rscope ARGS` with `stdin` as standard input.
pub fn rscope(args: &[&str], stdin: &str) -> Output {
    rscope_env(args, stdin, &[])
}

/// Run `rscope ARGS` with `stdin` as standard input and `env` added to
/// its environment.
pub fn rscope_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rscope"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rscope binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A command that exits without reading its input closes the pipe early;
    // that is not a test failure.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().expect("rscope finishes");
    Output {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
