//! `rscope fit`: would this request fit into this R, and what would it get?
//!
//! Prints `fits now: N slots on M nodes` and the allocated R's short form
//! (exit 0), `not now: REASON` when busy resources are in the way but the
//! whole R would do (exit 3), or `never: REASON` (exit 4). Errors (a bad
//! shape or R, a request only a graph-aware scheduler can place) exit 1.
//! The documents are read as one system ([`rscope_core::system`]): an R,
//! a `flux resource status` or `list` payload (whose busy nodes are in the
//! way), a resource graph, an hwloc topology or a configuration, or several
//! of them. The answer is [`rscope_core::system::System::fit`]'s, which the
//! page shows too.
//!
//! With `--displace`, a job list beside the resources says which running
//! jobs would make way for a request that does not fit now
//! ([`rscope_core::system::displace`]).
//!
//! With `--queue FILE`, the shapes of FILE (one a line) are allocated one
//! after another as [`rscope_core::fit::queue`] plays them, the page's queue.

use crate::cli::{read_input, Outcome};
use rscope_core::fit::answer::{request_in, FitError};
use rscope_core::fit::queue::Queue;
use rscope_core::fit::{ConstraintReading, Policy};
use rscope_core::system::System;

/// Arguments of `rscope fit`.
#[derive(clap::Args)]
pub struct FitArgs {
    /// The request, as an RFC 46 shape (`node=2/slot/core=4`); with
    /// --queue, leave it out and give the R here
    #[arg(required_unless_present = "queue")]
    shape: Option<String>,
    /// The documents of one system (default: standard input): an R, a
    /// flux resource list or status payload (whose allocated, down,
    /// drained, offline and torpid nodes are busy), a resource graph, an
    /// hwloc topology, a configuration, or several of them
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Node order: worst (most free cores first, as flux-core's Rv1Pool),
    /// first (rank order) or best (fewest free cores first)
    #[arg(long, default_value = "worst")]
    policy: Policy,
    /// Only nodes matching this RFC 31 constraint: a query as flux submit
    /// --requires takes it (`ssd,^slow`, `gpu -host:node3`; see rscope
    /// constraint parse) or a JSON constraint object
    #[arg(long, value_name = "CONSTRAINT", conflicts_with = "queue")]
    requires: Option<String>,
    /// Read --requires as librlist does (flux-core's C scheduler before
    /// sched-simple in Python, and Fluxion), not as today's default
    /// scheduler (Python's Rv1Set)
    #[arg(long, requires = "requires")]
    librlist: bool,
    /// When it fits now, print the allocated R document (JSON) instead of
    /// the verdict and short form; with --queue, print the status document
    /// {all, allocated, down} after the queue instead of its report
    #[arg(long)]
    r: bool,
    /// Allocate the shapes of FILE (one a line, `#` starts a comment) one
    /// after another, first come first served: print each job's answer,
    /// the free cores per node and the largest requests that still fit.
    /// Exit 0 when every job runs, 3 when one waits, 4 when one never fits
    #[arg(long, value_name = "FILE")]
    queue: Option<String>,
    /// When running jobs of a job list (flux jobs -a --json) beside the
    /// resources are in the way, say which would have to make way for the
    /// request to fit: the fewest of the smallest, each with what it
    /// holds, and the allocation they leave (exit 3, as not now)
    #[arg(long, conflicts_with = "queue")]
    displace: bool,
}

/// Run `rscope fit`.
pub fn run(args: FitArgs) -> Outcome {
    if let Some(file) = &args.queue {
        if args.shape.is_some() && !args.files.is_empty() || args.files.len() > 1 {
            return Err("with --queue, give only the R (the shapes are in the queue file)".into());
        }
        let r_file = args
            .shape
            .as_deref()
            .or(args.files.first().map(String::as_str));
        return run_queue(file, r_file, args.policy, args.r);
    }
    let shape = args.shape.unwrap_or_default();
    let inputs = crate::system::read_all(&args.files)?;
    let docs: Vec<(&str, &str)> = (inputs.iter())
        .map(|i| (i.name.as_str(), i.text.as_str()))
        .collect();
    let system = System::read(&docs);
    let reading = match args.librlist {
        true => ConstraintReading::Librlist,
        false => ConstraintReading::Rv1Set,
    };
    let fitted = match args.displace {
        true => request_in(&shape, args.requires.as_deref(), reading)
            .and_then(|request| system.displace(&request, args.policy))
            .map(|d| d.fit),
        false => system.fit_reading(&shape, args.requires.as_deref(), reading, args.policy),
    };
    let answer = fitted.map_err(|e| match e {
        FitError::Other(why) => why,
        shape => shape.to_string(),
    })?;
    if let Some(note) = &answer.note {
        eprintln!("note: {note}");
    }
    match answer.r_document().filter(|_| args.r) {
        Some(r) => print!("{r}"),
        None => print!("{}", answer.printed),
    }
    Ok(answer.status.exit_code())
}

/// Play the queue file's shapes into the R: allocate until every job runs
/// or is refused, or one waits.
fn run_queue(file: &str, r_file: Option<&str>, policy: Policy, status: bool) -> Outcome {
    let shapes = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let text = read_input(r_file)?.text;
    let mut queue = Queue::new(&text, policy)?;
    for (i, line) in shapes.lines().enumerate() {
        let shape = line.split('#').next().unwrap_or("").trim();
        if !shape.is_empty() {
            queue
                .add(shape)
                .map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        }
    }
    while let Some(s) = queue.allocate_next() {
        if s == rscope_core::fit::answer::FitStatus::NotNow {
            break;
        }
    }
    if status {
        print!("{}", queue.status_document());
    } else {
        print!("{}", queue.report());
    }
    Ok(queue.exit_code())
}
