//! `rscope fit`: would this request fit into this R, and what would it get?
//!
//! Prints `fits now: N slots on M nodes` and the allocated R's short form
//! (exit 0), `not now: REASON` when busy resources are in the way but the
//! whole R would do (exit 3), or `never: REASON` (exit 4). Errors (a bad
//! shape or R, a request only a graph-aware scheduler can place) exit 1.
//! The answer is [`rscope_core::fit::answer`]'s, which the page shows too.
//!
//! With `--queue FILE`, the shapes of FILE (one a line) are allocated one
//! after another as [`rscope_core::fit::queue`] plays them, the page's queue.

use crate::cli::{read_input, Outcome};
use rscope_core::fit::answer::{answer, request_of};
use rscope_core::fit::queue::Queue;
use rscope_core::fit::Policy;

/// Arguments of `rscope fit`.
#[derive(clap::Args)]
pub struct FitArgs {
    /// The request, as an RFC 46 shape (`node=2/slot/core=4`); with
    /// --queue, leave it out and give the R here
    #[arg(required_unless_present = "queue")]
    shape: Option<String>,
    /// An R document, or a status document whose `allocated` and `down`
    /// sets are busy (default: standard input)
    r_file: Option<String>,
    /// Node order: worst (most free cores first, as flux-core's Rv1Pool),
    /// first (rank order) or best (fewest free cores first)
    #[arg(long, default_value = "worst")]
    policy: Policy,
    /// Only nodes matching this RFC 31 constraint: a query as flux submit
    /// --requires takes it (`ssd,^slow`, `gpu -host:node3`; see rscope
    /// constraint parse) or a JSON constraint object
    #[arg(long, value_name = "CONSTRAINT", conflicts_with = "queue")]
    requires: Option<String>,
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
}

/// Run `rscope fit`.
pub fn run(args: FitArgs) -> Outcome {
    if let Some(file) = &args.queue {
        if args.shape.is_some() && args.r_file.is_some() {
            return Err("with --queue, give only the R (the shapes are in the queue file)".into());
        }
        let r_file = args.shape.as_deref().or(args.r_file.as_deref());
        return run_queue(file, r_file, args.policy, args.r);
    }
    let shape = args.shape.unwrap_or_default();
    let request = request_of(&shape, args.requires.as_deref()).map_err(|e| e.to_string())?;
    let text = read_input(args.r_file.as_deref())?.text;
    let answer = answer(&request, &text, args.policy)?;
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
