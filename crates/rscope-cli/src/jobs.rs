//! `rscope jobs`: a job list printed as `flux jobs --from-stdin` prints it.
//!
//! The input is FILE or standard input: `job-list` objects, one per line.
//! As with the reference reading standard input, the filters (`-a`, `-A`,
//! `-f`, `--since`, `-u`, `--name`, `-q`, `-i`, `-c`) are accepted and
//! ignored, and `--from-stdin` is accepted so that a `flux jobs` command
//! line can be reused as it is. Options that need a running instance
//! (`--stats`, `--stats-only`) say so and fail.

use crate::cli::{CliError, Outcome};
use rscope_core::jobs::{self, F58Prefix, JobsOptions};
use rscope_core::resource::Printed;
use std::io::IsTerminal;

/// The options of `flux jobs`, and `rscope jobs map`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct JobsArgs {
    #[command(subcommand)]
    map: Option<JobsCommand>,
    /// The job list (standard input when absent or `-`).
    file: Option<String>,
    /// Read the job list from standard input (accepted as `flux jobs` has it).
    #[arg(long)]
    from_stdin: bool,
    /// List jobs in all states (ignored with a job list, as by the reference).
    #[arg(short = 'a')]
    all: bool,
    /// List all jobs for all users (ignored with a job list).
    #[arg(short = 'A')]
    all_users: bool,
    /// Limit output to N jobs (ignored with a job list).
    #[arg(short = 'c', long, value_name = "N")]
    count: Option<i64>,
    /// List jobs with specific job state or result (ignored with a job list).
    #[arg(short = 'f', long, value_name = "STATE|RESULT")]
    filter: Vec<String>,
    /// Include jobs that have become inactive since WHEN (ignored with a job list).
    #[arg(long, value_name = "WHEN")]
    since: Option<String>,
    /// Suppress printing of header line.
    #[arg(short = 'n', long, alias = "suppress-header")]
    no_header: bool,
    /// Limit output to specific username or userid (ignored with a job list).
    #[arg(short = 'u', long, value_name = "[USERNAME|UID]")]
    user: Option<String>,
    /// Limit output to specific job name (ignored with a job list).
    #[arg(long, value_name = "JOB-NAME")]
    name: Option<String>,
    /// Limit output to specific queue or queues (ignored with a job list).
    #[arg(short = 'q', long, value_name = "QUEUE,...")]
    queue: Vec<String>,
    /// Limit output to jobs allocated HOSTS or RANKS (ignored with a job list).
    #[arg(short = 'i', long, value_name = "HOSTS|RANKS")]
    include: Option<String>,
    /// Output format: Python format syntax or a format's name ('help' lists them).
    #[arg(short = 'o', long, value_name = "FORMAT", default_value = "default")]
    format: String,
    /// Sort order (KEY,-KEY,...).
    #[arg(long, value_name = "KEY,...")]
    sort: Option<String>,
    /// Truncate output at width N (the terminal's without N).
    #[arg(short = 'w', long, value_name = "N", num_args = 0..=1, default_missing_value = "0",
          allow_negative_numbers = true)]
    width: Option<i64>,
    /// Output jobs in JSON instead of formatted output.
    #[arg(long)]
    json: bool,
    /// Use color; WHEN can be 'never', 'always' or 'auto'.
    #[arg(long, value_name = "WHEN", num_args = 0..=1, default_missing_value = "always")]
    color: Option<String>,
    /// List jobs recursively (a job list has no instances to descend into).
    #[arg(short = 'R', long)]
    recursive: bool,
    /// With --recursive, only descend N levels.
    #[arg(short = 'L', long, value_name = "N")]
    level: Option<i64>,
    /// With --recursive, recurse all jobs.
    #[arg(long)]
    recurse_all: bool,
    /// Set max number of worker threads (ignored).
    #[arg(long, value_name = "N")]
    threads: Option<i64>,
    /// Print job statistics before header (needs a running instance).
    #[arg(long)]
    stats: bool,
    /// Print job statistics only (needs a running instance).
    #[arg(long)]
    stats_only: bool,
}

/// What `rscope jobs` can do besides printing the list.
#[derive(clap::Subcommand)]
pub enum JobsCommand {
    /// For each node of R, the running jobs holding its cores and GPUs,
    /// and what is free (Rscope's own; jobs from their resource summary,
    /// or whole nodes from their ranks)
    Map(MapArgs),
}

/// The options of `rscope jobs map`.
#[derive(clap::Args)]
pub struct MapArgs {
    /// The job list (standard input when absent or `-`).
    file: Option<String>,
    /// The instance's R.
    #[arg(long = "R", value_name = "R-FILE")]
    r: String,
}

/// Run `rscope jobs map`: the core's [`jobs::map_printed`], as the JS
/// API's `jobMap` answers.
fn run_map(a: MapArgs) -> Outcome {
    let r_text = std::fs::read_to_string(&a.r).map_err(|e| format!("cannot read {}: {e}", a.r))?;
    let input = crate::cli::read_input(a.file.as_deref()).map_err(CliError::new)?;
    let printed = jobs::map_printed(
        (&input.name, &input.text),
        (&a.r, &r_text),
        now(),
        f58_prefix(),
    );
    crate::resource::emit(&printed)
}

/// Run `rscope jobs`.
pub fn run(mut a: JobsArgs) -> Outcome {
    if let Some(JobsCommand::Map(m)) = a.map.take() {
        return run_map(m);
    }
    crate::resource::emit(&printed(a)?)
}

fn printed(a: JobsArgs) -> Result<Printed, CliError> {
    let tool_error = |m: &str| Printed::tool_error("flux-jobs", m);
    if a.json && (a.stats || a.stats_only) {
        return Ok(tool_error(
            "--json incompatible with --stats or --stats-only",
        ));
    }
    if a.stats || a.stats_only {
        return Ok(tool_error(
            "--stats needs a running Flux instance; rscope reads job lists only",
        ));
    }
    let color = crate::resource::color(a.color.as_deref())?;
    let width = match a.width {
        Some(0) if std::io::stdout().is_terminal() => terminal_width(),
        Some(n) if n > 0 => usize::try_from(n).ok(),
        _ => None,
    };
    let input = crate::cli::read_input(a.file.as_deref()).map_err(CliError::new)?;
    let opts = JobsOptions {
        format: a.format,
        env_default: std::env::var("FLUX_JOBS_FORMAT_DEFAULT").ok(),
        no_header: a.no_header,
        sort: a.sort.filter(|s| !s.is_empty()),
        width,
        json: a.json,
        color,
        job_ids: 0,
        now: now(),
        prefix: f58_prefix(),
    };
    // The reference asks the password database for each line; a job list
    // names few users, so each is asked once.
    let names = std::cell::RefCell::new(std::collections::HashMap::new());
    let cached = |uid: u32| {
        let mut names = names.borrow_mut();
        names.entry(uid).or_insert_with(|| user_name(uid)).clone()
    };
    Ok(jobs::jobs(&input.text, &opts, &cached))
}

/// `time.time()`.
fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// The terminal's columns, as `os.get_terminal_size()` reads them.
fn terminal_width() -> Option<usize> {
    #[cfg(unix)]
    {
        let mut ws = libc::winsize {
            ws_row: 0,
            ws_col: 0,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: TIOCGWINSZ writes one winsize into the struct given.
        let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) };
        if rc == 0 && ws.ws_col > 0 {
            return Some(usize::from(ws.ws_col));
        }
    }
    None
}

/// flux-core writes `ƒ` when the C library's locale is UTF-8 and `f`
/// otherwise. Python coerces a plain C locale to UTF-8 unless `LC_ALL`
/// sets it, so only an explicit non-UTF-8 locale (or
/// `FLUX_F58_FORCE_ASCII`) gives `f`.
pub fn f58_prefix() -> F58Prefix {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    if var("FLUX_F58_FORCE_ASCII").is_some() {
        return F58Prefix::Ascii;
    }
    let all = var("LC_ALL");
    let ctype = all
        .clone()
        .or_else(|| var("LC_CTYPE"))
        .or_else(|| var("LANG"));
    let utf8 = |v: &str| {
        let v = v.to_ascii_lowercase();
        v.contains("utf-8") || v.contains("utf8")
    };
    match ctype.as_deref() {
        Some(v) if utf8(v) => F58Prefix::Hook,
        None | Some("C" | "POSIX") if all.is_none() => F58Prefix::Hook,
        _ => F58Prefix::Ascii,
    }
}

/// `pwd.getpwuid(uid).pw_name`.
fn user_name(uid: u32) -> Option<String> {
    #[cfg(unix)]
    {
        let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
        let mut buf = vec![0 as libc::c_char; 4096];
        let mut found: *mut libc::passwd = std::ptr::null_mut();
        // SAFETY: getpwuid_r writes into `pwd` and `buf`, both alive and of
        // the sizes given, and sets `found` to `&pwd` or null.
        let rc =
            unsafe { libc::getpwuid_r(uid, &mut pwd, buf.as_mut_ptr(), buf.len(), &mut found) };
        if rc == 0 && !found.is_null() {
            // SAFETY: on success pw_name points into `buf`, NUL-terminated.
            let name = unsafe { std::ffi::CStr::from_ptr(pwd.pw_name) };
            return Some(name.to_string_lossy().into_owned());
        }
    }
    #[cfg(not(unix))]
    let _ = uid;
    None
}
