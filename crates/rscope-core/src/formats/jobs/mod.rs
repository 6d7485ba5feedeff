//! Job lists: `flux jobs --from-stdin`, byte for byte.
//!
//! flux-core's `flux jobs` reads `job-list` objects, one JSON object per
//! line, with `--from-stdin` (the form its test suite keeps in
//! `t/flux-jobs/tests`), and prints them with its named formats or a
//! user's, as [`jobs`] does here for the CLI, the page and the JS API.
//! What the reference computes is followed to the byte: `flux.job.JobInfo`'s
//! fields ([`info`]), Python's JSON reader and its messages ([`pyjson`]),
//! job id encodings ([`jobid`]) and flux-core's names ([`names`]).
//!
//! With standard input the reference ignores its filters (`-a`, `-f`,
//! `-u`, `--since`, …) and sorts only with `--sort`; so does this.

pub mod held;
pub mod info;
pub mod jobid;
pub mod map;
pub mod names;
pub mod print;
pub mod pyjson;
pub mod record;

#[cfg(test)]
mod tests;

pub use held::{held_and_ran_jobs, held_jobs, HeldJob, JobLabel};
pub use info::{Context, JobInfo};
pub use jobid::F58Prefix;
pub use map::{job_map, map_printed, read_any};
pub use print::{jobs, read_jobs, JobsOptions, ReadError};
