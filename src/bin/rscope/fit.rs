//! `rscope fit`: would this request fit into this R, and what would it get?
//!
//! Prints `fits now: N slots on M nodes` and the allocated R's short form
//! (exit 0), `not now: REASON` when busy resources are in the way but the
//! whole R would do (exit 3), or `never: REASON` (exit 4). Errors (a bad
//! shape or R, a request only a graph-aware scheduler can place) exit 1.

use crate::cli::{read_input, Outcome};
use rscope::alloc::{fit, Constraint, Policy, Request, Verdict};
use rscope::rset::{self, Rset};
use rscope::shape::{self, Json, Options};

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
}

/// The set to place into and the busy part of it.
fn sets(text: &str) -> Result<(Rset, Option<Rset>), String> {
    let doc = rset::parse_document(text);
    let all = doc.main_set().map_err(|no| no.to_string())?.clone();
    let busy = match (doc.member("allocated"), doc.member("down")) {
        (Some(a), Some(d)) => Some(a.union(d).map_err(|e| e.to_string())?),
        (a, d) => a.or(d).cloned(),
    };
    Ok((all, busy))
}

/// Run `rscope fit`.
pub fn run(args: FitArgs) -> Outcome {
    let request = request(&args.shape, args.requires.as_deref())?;
    let text = read_input(args.r_file.as_deref())?.text;
    let (all, busy) = sets(&text)?;
    Ok(match fit(&request, &all, busy.as_ref(), args.policy) {
        Verdict::Fits { alloc, slots } => {
            let nodes = alloc.len();
            println!(
                "fits now: {slots} slot{} on {nodes} node{}",
                if slots == 1 { "" } else { "s" },
                if nodes == 1 { "" } else { "s" }
            );
            println!("{}", alloc.short_form());
            0
        }
        Verdict::Later { reason } => {
            println!("not now: {reason}; the whole R would hold it");
            3
        }
        Verdict::Never { reason } => {
            println!("never: {reason}");
            4
        }
    })
}

/// The request of a shape, limited to the nodes `--requires` allows.
fn request(shape_text: &str, requires: Option<&str>) -> Result<Request, String> {
    let expansion = shape::parse(shape_text, &Options::default()).map_err(|e| e.to_string())?;
    let request = Request::from_resources(&expansion.to_json(false)).map_err(|e| e.to_string())?;
    let Some(c) = requires else {
        return Ok(request);
    };
    let constraint = if c.trim_start().starts_with('{') {
        let value: serde_json::Value =
            serde_json::from_str(c).map_err(|e| format!("--requires: {e}"))?;
        Constraint::from_json(&Json::from_value(&value)).map_err(|e| format!("--requires: {e}"))?
    } else {
        Constraint::from_properties(c)
    };
    Ok(request.with_constraint(constraint))
}
