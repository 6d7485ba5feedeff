//! `rscope fit`: would this request fit into this R, and what would it get?
//!
//! Prints `fits now: N slots on M nodes` and the allocated R's short form
//! (exit 0), `not now: REASON` when busy resources are in the way but the
//! whole R would do (exit 3), or `never: REASON` (exit 4). Errors (a bad
//! shape or R, a request only a graph-aware scheduler can place) exit 1.
//! The answer is [`rscope::alloc::answer`]'s, which the page shows too.

use crate::cli::{read_input, Outcome};
use rscope::alloc::answer::{answer, request_of};
use rscope::alloc::Policy;

/// Arguments of `rscope fit`.
#[derive(clap::Args)]
pub struct FitArgs {
    /// The request, as an RFC 46 shape (`node=2/slot/core=4`)
    shape: String,
    /// An R document, or a status document whose `allocated` and `down`
    /// sets are busy (default: standard input)
    r_file: Option<String>,
    /// Node order: worst (most free cores first, as flux-core's Rv1Pool),
    /// first (rank order) or best (fewest free cores first)
    #[arg(long, default_value = "worst")]
    policy: Policy,
    /// Only nodes matching this RFC 31 constraint: a property list
    /// (`ssd,^slow`) or a JSON constraint object
    #[arg(long, value_name = "CONSTRAINT")]
    requires: Option<String>,
    /// When it fits now, print the allocated R document (JSON) instead of
    /// the verdict and short form
    #[arg(long)]
    r: bool,
}

/// Run `rscope fit`.
pub fn run(args: FitArgs) -> Outcome {
    let request = request_of(&args.shape, args.requires.as_deref()).map_err(|e| e.to_string())?;
    let text = read_input(args.r_file.as_deref())?.text;
    let answer = answer(&request, &text, args.policy)?;
    match answer.r_document().filter(|_| args.r) {
        Some(r) => print!("{r}"),
        None => print!("{}", answer.printed),
    }
    Ok(answer.status.exit_code())
}
