//! Where `rscope R encode --xml` and `--local` get an hwloc topology.
//!
//! `--local` runs `lstopo-no-graphics` from Debian's `hwloc` package
//! (scripts/setup.sh installs it) and reads the XML it writes, rather than
//! linking libhwloc through a Rust binding: a binding would make every
//! build of the CLI need libhwloc's headers and a C toolchain, and it could
//! not be part of the wasm build the page shares with the CLI. The XML goes
//! through the same reader as `--xml FILE`, so the two options cannot
//! disagree. lstopo is asked for what librlist asks of hwloc: the
//! topology restricted to this process's CPU binding, without the `gl`
//! component (it probes an X server).
//!
//! As in flux-core, `FLUX_HWLOC_XMLFILE` names a file to read instead of
//! the machine's topology (for tests); it is read as it is, as flux-core
//! reads it with `FLUX_HWLOC_XMLFILE_NOT_THISSYSTEM` set.

use crate::cli::read_input;
use std::process::Command;

/// The program `--local` runs.
pub const LSTOPO: &str = "lstopo-no-graphics";

/// The text of the XML given by `--xml PATH` (`-` is standard input) and
/// the name it is shown under in messages.
pub fn from_file(path: &str) -> Result<(String, String), String> {
    let input = read_input(Some(path))?;
    Ok((input.name, input.text))
}

/// This machine's topology as XML, and the name it is shown under.
pub fn local() -> Result<(String, String), String> {
    if let Some(path) = std::env::var_os("FLUX_HWLOC_XMLFILE") {
        let path = path.to_string_lossy().into_owned();
        if let Ok(text) = std::fs::read_to_string(&path) {
            return Ok((path, text));
        }
    }
    let out = Command::new(LSTOPO)
        .args(["--of", "xml", "--restrict", "binding", "-"])
        .env("HWLOC_COMPONENTS", "-gl")
        .output()
        .map_err(|e| {
            format!("--local runs {LSTOPO} (Debian's hwloc package), which failed to start: {e}")
        })?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{LSTOPO} failed ({}): {}", out.status, why.trim()));
    }
    let text = String::from_utf8(out.stdout)
        .map_err(|_| format!("{LSTOPO} wrote XML that is not UTF-8"))?;
    Ok((format!("<{LSTOPO}>"), text))
}
