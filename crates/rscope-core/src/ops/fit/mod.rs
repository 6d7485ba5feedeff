//! Fit a resource request into an R: what a simple scheduler would pick.
//!
//! The reference is flux-core's `Rv1Pool` (the Python scheduler for R
//! documents of nodes, cores and GPUs). A request is read from an RFC 14
//! resources list in one of the layouts such an R can express:
//!
//! - `node=N[{x}][/slot=S]/[core=C;gpu=G]`: N nodes, S slots of C cores and
//!   G GPUs on each (`{x}`: whole nodes); `node=N` alone is N whole nodes;
//! - `slot=S/[core=C;gpu=G]`: S slots anywhere, each within one node
//!   (`slot{l,x}`: one whole node per slot, as `Rv1Pool` does);
//! - `slot=S/node=N[{-x}/[core=C;gpu=G]]`: S slots of N whole nodes each
//!   (RFC 14 use case 1.1), or of N nodes with C cores each with `{-x}`.
//!
//! Node and slot counts may be ranges or idsets: the largest allowed count
//! that fits is taken (`Rv1Pool` refuses stepped counts). Core and GPU
//! counts per slot use their minimum, as `Rv1Pool` does. Any other type
//! (`socket`, `memory`, `cluster`...) gets [`RequestError::Unsupported`]:
//! placing it needs a graph-aware scheduler such as Fluxion.
//!
//! Nodes are chosen as `Rv1Pool` chooses them: [`Policy::Worst`] (its only
//! policy) takes the most free cores first, ties broken by free GPUs, then
//! by rank; [`Policy::First`] takes nodes in rank order; [`Policy::Best`]
//! takes the fewest free cores that suffice first. Within a node the lowest
//! free ids are taken.
//!
//! [`fit`] answers [`Verdict::Fits`] with the R the request would get,
//! [`Verdict::Later`] when the busy resources are in the way but the whole
//! R would do, or [`Verdict::Never`] — each with the level that ran short.

use crate::idset::IdSet;
use crate::rset::{Node, Rset};
use crate::shape::check::{count_of, Count};
use crate::shape::Json;
use crate::sorting;
use crate::words::count;
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

pub mod answer;
pub mod queue;

/// The order in which nodes are taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Most free cores first, then most free GPUs, then lowest rank
    /// (`Rv1Pool`'s worst fit).
    #[default]
    Worst,
    /// Lowest rank first.
    First,
    /// Fewest free cores first, then fewest free GPUs, then lowest rank.
    Best,
}

impl FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "worst" => Ok(Policy::Worst),
            "first" => Ok(Policy::First),
            "best" => Ok(Policy::Best),
            _ => Err(format!("unknown policy '{s}' (worst, first or best)")),
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Policy::Worst => "worst",
            Policy::First => "first",
            Policy::Best => "best",
        })
    }
}

/// How the request is laid out over nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Layout {
    /// `nodes` nodes, `slots_per_node` slots on each.
    Nodes { nodes: Count, slots_per_node: u64 },
    /// `slots` slots, each within one node, anywhere.
    Slots { slots: Count },
    /// `slots` slots of `nodes_per_slot` nodes each; `rv1_exclusive`
    /// when a vertex says `exclusive`, which is when `Rv1Pool` takes whole
    /// nodes.
    SlotNodes {
        slots: Count,
        nodes_per_slot: u64,
        rv1_exclusive: bool,
    },
}

/// A request an R of nodes, cores and GPUs can answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    layout: Layout,
    /// Cores per slot (per node for [`Layout::SlotNodes`]).
    cores: u64,
    /// GPUs per slot (per node for [`Layout::SlotNodes`]).
    gpus: u64,
    /// Whole nodes.
    exclusive: bool,
    constraint: Option<Selector>,
}

/// Why a resources list is not a request this module can place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestError {
    /// A resource type, or an arrangement, that needs a graph-aware
    /// scheduler: `socket`, `memory`, two vertices at the top...
    Unsupported(String),
    /// Not a valid request: a bad count, a slot without cores...
    Invalid(String),
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequestError::Unsupported(why) => {
                write!(
                    f,
                    "{why}: placing it needs a graph-aware scheduler (such as Fluxion)"
                )
            }
            RequestError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for RequestError {}

fn unsupported(why: impl Into<String>) -> RequestError {
    RequestError::Unsupported(why.into())
}

fn invalid(why: impl Into<String>) -> RequestError {
    RequestError::Invalid(why.into())
}

/// One vertex, read.
struct Vertex<'a> {
    ty: &'a str,
    count: Count,
    exclusive: Option<bool>,
    with: &'a [Json],
}

fn vertex(v: &Json) -> Result<Vertex<'_>, RequestError> {
    let o = v
        .as_object()
        .ok_or_else(|| invalid("a resource vertex is not a dictionary"))?;
    let ty = o
        .get("type")
        .and_then(Json::as_str)
        .ok_or_else(|| invalid("a resource vertex has no type"))?;
    if !matches!(ty, "node" | "slot" | "core" | "gpu") {
        return Err(unsupported(format!("resource type '{ty}'")));
    }
    let count = count_of(o.get("count").unwrap_or(&Json::Int(1)))
        .map_err(|e| invalid(format!("{ty}: {e}")))?;
    let exclusive = match o.get("exclusive") {
        None => None,
        Some(Json::Bool(b)) => Some(*b),
        Some(_) => return Err(invalid(format!("{ty}: exclusive is not a boolean"))),
    };
    let with = match o.get("with") {
        None => &[][..],
        Some(Json::Array(a)) => a.as_slice(),
        Some(_) => return Err(invalid(format!("{ty}: with is not a list"))),
    };
    Ok(Vertex {
        ty,
        count,
        exclusive,
        with,
    })
}

/// A count that must be one number (nodes per slot).
fn fixed(c: &Count, what: &str) -> Result<u64, RequestError> {
    match c {
        Count::Fixed(n) => Ok(*n),
        Count::Set(s) if s.len() == 1 => Ok(c.min()),
        _ => Err(unsupported(format!("a range of {what}"))),
    }
}

/// Cores and GPUs from a list of `core` and `gpu` vertices.
fn cores_and_gpus(list: &[Json], parent: &str) -> Result<(u64, u64), RequestError> {
    let (mut cores, mut gpus) = (None, None);
    for v in list {
        let v = vertex(v)?;
        if !v.with.is_empty() {
            return Err(unsupported(format!("resources under {}", v.ty)));
        }
        let slot = match v.ty {
            "core" => &mut cores,
            "gpu" => &mut gpus,
            other => return Err(unsupported(format!("{other} under {parent}"))),
        };
        if slot.is_some() {
            return Err(unsupported(format!("two {} vertices under {parent}", v.ty)));
        }
        *slot = Some(v.count.min());
    }
    Ok((cores.unwrap_or(0), gpus.unwrap_or(0)))
}

impl Request {
    /// Read a request from an RFC 14 resources list.
    pub fn from_resources(resources: &Json) -> Result<Request, RequestError> {
        let list = resources
            .as_array()
            .ok_or_else(|| invalid("resources is not a list"))?;
        let top = match list {
            [one] => vertex(one)?,
            [] => return Err(invalid("resources is empty")),
            _ => return Err(unsupported("more than one resource at the top level")),
        };
        match top.ty {
            "node" => Request::under_nodes(top),
            "slot" => Request::under_slots(top),
            other => Err(invalid(format!(
                "a request starts with a node or a slot, not {other}"
            ))),
        }
    }

    /// A request with no constraint yet.
    fn new(layout: Layout, (cores, gpus): (u64, u64), exclusive: bool) -> Request {
        Request {
            layout,
            cores,
            gpus,
            exclusive,
            constraint: None,
        }
    }

    /// A request whose top vertex is `node`: whole nodes, one slot of cores
    /// and GPUs per node, or several slots per node.
    fn under_nodes(top: Vertex<'_>) -> Result<Request, RequestError> {
        let exclusive = top.exclusive == Some(true);
        match top.with {
            [] => Ok(Request::new(
                Layout::Nodes {
                    nodes: top.count,
                    slots_per_node: 1,
                },
                (0, 0),
                true,
            )),
            [only] if vertex(only)?.ty == "slot" => {
                let slot = vertex(only)?;
                let cg = cores_and_gpus(slot.with, "slot")?;
                if cg == (0, 0) {
                    return Err(invalid("a slot needs cores or GPUs"));
                }
                Ok(Request::new(
                    Layout::Nodes {
                        nodes: top.count,
                        slots_per_node: slot.count.min(),
                    },
                    cg,
                    exclusive || slot.exclusive == Some(true),
                ))
            }
            list => Ok(Request::new(
                Layout::Nodes {
                    nodes: top.count,
                    slots_per_node: 1,
                },
                cores_and_gpus(list, "node")?,
                exclusive,
            )),
        }
    }

    /// A request whose top vertex is `slot`: slots of nodes, slots of cores
    /// and GPUs, or (exclusive) one whole node per slot.
    fn under_slots(top: Vertex<'_>) -> Result<Request, RequestError> {
        match top.with {
            [only] if vertex(only)?.ty == "node" => {
                let node = vertex(only)?;
                let nodes_per_slot = fixed(&node.count, "nodes per slot")?;
                let exclusive = node.exclusive != Some(false);
                let cg = cores_and_gpus(node.with, "node")?;
                if !exclusive && cg == (0, 0) {
                    return Err(invalid("a shared node in a slot needs cores or GPUs"));
                }
                Ok(Request::new(
                    Layout::SlotNodes {
                        slots: top.count,
                        nodes_per_slot,
                        rv1_exclusive: node.exclusive == Some(true) || top.exclusive == Some(true),
                    },
                    cg,
                    exclusive,
                ))
            }
            list => {
                let cg = cores_and_gpus(list, "slot")?;
                if cg == (0, 0) {
                    return Err(invalid("a slot needs cores or GPUs"));
                }
                // An exclusive slot takes a whole node, as in Rv1Pool.
                if top.exclusive == Some(true) {
                    return Ok(Request::new(
                        Layout::Nodes {
                            nodes: top.count,
                            slots_per_node: 1,
                        },
                        cg,
                        true,
                    ));
                }
                Ok(Request::new(Layout::Slots { slots: top.count }, cg, false))
            }
        }
    }

    /// How this request differs from what flux-core's scheduler makes of
    /// a slot of nodes: `Rv1Pool` takes the slot count as slots on each
    /// node (on the node count times the slot count), and whole nodes only
    /// when a vertex says `exclusive`, where RFC 14 gives each slot its
    /// nodes. Other requests it reads as this module does, or refuses
    /// them as `rscope fit` does.
    pub fn sched_simple_note(&self) -> Option<String> {
        let Layout::SlotNodes {
            slots,
            nodes_per_slot,
            rv1_exclusive,
        } = &self.layout
        else {
            return None;
        };
        // The element's bundle (no `page` feature) has a size budget this
        // note would pass: its fits answer without it.
        if !cfg!(feature = "page") {
            return None;
        }
        let here = match self.exclusive {
            true => format!(
                "each slot takes {} here",
                count(*nodes_per_slot, "whole node")
            ),
            false => format!(
                "each slot takes {} with {} here",
                count(*nodes_per_slot, "node"),
                need_desc(self.cores, self.gpus, false)
            ),
        };
        let theirs = match (self.cores, slots, rv1_exclusive) {
            (0, ..) => {
                "refuses it, as its slot has no cores (\"Unable to determine slot size\")".into()
            }
            (_, Count::Set(_), _) => "refuses it, as its slot count is a set of values".into(),
            (_, _, true) if self.exclusive => return None,
            (_, _, true) => format!(
                "reads it as {}",
                count(nodes_per_slot.saturating_mul(slots.min()), "whole node")
            ),
            (_, _, false) => {
                let (s, nodes) = (slots.min(), nodes_per_slot.saturating_mul(slots.min()));
                let each = need_desc(self.cores, self.gpus, false);
                let total = need_desc(
                    self.cores.saturating_mul(s).saturating_mul(nodes),
                    self.gpus.saturating_mul(s).saturating_mul(nodes),
                    false,
                );
                format!(
                    "reads it as {} with {} of {each} on each ({total})",
                    count(nodes, "node"),
                    count(s, "slot")
                )
            }
        };
        Some(format!(
            "{here}, as RFC 14 reads a slot of nodes; flux-core's scheduler {theirs}"
        ))
    }

    /// Its constraint. The element's fits (no `page` feature) never have
    /// one, and saying so here keeps both constraint readings out of its
    /// size-budgeted bundle.
    fn constraint(&self) -> Option<&Selector> {
        self.constraint.as_ref().filter(|_| cfg!(feature = "page"))
    }

    /// Only nodes matching `constraint` may be used; one the scheduler
    /// takes as none (`{}` as `Rv1Pool` reads it: `constraints or None`)
    /// leaves every node.
    pub fn with_constraint(mut self, constraint: Selector) -> Request {
        self.constraint = (!constraint.is_none_to_the_pool()).then_some(constraint);
        self
    }

    /// The refusal the scheduler meets reading the constraint against the
    /// nodes of `all` (it asks every node, in rank order, before placing
    /// the job), if it meets one.
    pub fn constraint_refusal(&self, all: &Rset) -> Option<String> {
        let c = self.constraint()?;
        let nodes: Vec<&Node> = all.nodes().collect();
        c.answers(&nodes).err().map(|e| e.message)
    }
}

/// RFC 31 constraints live in [`crate::constraint`]; the names stay here
/// for the code that fits requests.
pub use crate::constraint::{Constraint, ConstraintReading, Selector};

/// The answer to "does this request fit?".
#[derive(Clone, Debug)]
pub enum Verdict {
    /// It fits now, and this is what it would get.
    Fits {
        /// The allocated resources.
        alloc: Rset,
        /// Slots allocated.
        slots: u64,
    },
    /// Busy resources are in the way; the whole R would do.
    Later {
        /// What ran short now, level first (`node: need 3 nodes...`).
        reason: String,
        /// The same in plain words (`2 of 3 nodes free`).
        words: String,
    },
    /// Not even the whole R holds it.
    Never {
        /// What ran short, level first.
        reason: String,
        /// The same in plain words (`each node needs 8 GPUs and the
        /// largest has 4`).
        words: String,
    },
}

/// One node the request may use, with what is free on it.
///
/// The free ids are borrowed from the R when nothing on the node is busy
/// (most nodes, most of the time) and their counts kept, so choosing among
/// 16 384 nodes neither copies nor recounts their id sets.
struct Candidate<'a> {
    node: &'a Node,
    cores: Cow<'a, IdSet>,
    gpus: Cow<'a, IdSet>,
    /// How many ids `cores` and `gpus` hold.
    free_cores: u64,
    free_gpus: u64,
    /// Nothing on the node is busy.
    whole: bool,
    /// Cores and GPUs the node has in all.
    total_cores: u64,
    total_gpus: u64,
}

fn gpus_of(node: &Node) -> IdSet {
    node.child("gpu").cloned().unwrap_or_default()
}

/// Fit `request` into `all` less `busy` (allocated or down resources).
pub fn fit(request: &Request, all: &Rset, busy: Option<&Rset>, policy: Policy) -> Verdict {
    let busy_node = |rank: u32| busy.and_then(|b| b.node(rank));
    let now = candidates(request, all, &busy_node, policy);
    match place(request, &now) {
        Ok((picks, slots)) => Verdict::Fits {
            alloc: build(all, &picks),
            slots,
        },
        Err(now) => {
            let idle = candidates(request, all, &|_| None, policy);
            match place(request, &idle) {
                Ok(_) => Verdict::Later {
                    reason: now.to_string(),
                    words: now.words_now(),
                },
                Err(never) => Verdict::Never {
                    reason: never.to_string(),
                    words: never.words_never(&idle),
                },
            }
        }
    }
}

fn candidates<'a>(
    request: &Request,
    all: &'a Rset,
    busy: &dyn Fn(u32) -> Option<&'a Node>,
    policy: Policy,
) -> Vec<Candidate<'a>> {
    let mut out: Vec<Candidate<'a>> = all
        .nodes()
        .filter(|n| (request.constraint()).is_none_or(|c| c.matches(*n) == Ok(true)))
        .map(|node| {
            let mut cores = node
                .child("core")
                .map_or(Cow::Owned(IdSet::new()), Cow::Borrowed);
            let mut gpus = node
                .child("gpu")
                .map_or(Cow::Owned(IdSet::new()), Cow::Borrowed);
            let (total_cores, total_gpus) = (cores.len(), gpus.len());
            let mut whole = true;
            if let Some(b) = busy(node.rank()) {
                for (name, ids) in b.children() {
                    if !ids.is_empty() && node.child(name).is_some_and(|have| have.intersects(ids))
                    {
                        whole = false;
                    }
                }
                cores = Cow::Owned(cores.difference(&b.cores()));
                gpus = Cow::Owned(gpus.difference(&gpus_of(b)));
            }
            let (free_cores, free_gpus) = (cores.len(), gpus.len());
            Candidate {
                node,
                cores,
                gpus,
                free_cores,
                free_gpus,
                whole,
                total_cores,
                total_gpus,
            }
        })
        .collect();
    match policy {
        Policy::Worst => sorting::sort_by(&mut out, |a, b| {
            (b.free_cores, b.free_gpus)
                .cmp(&(a.free_cores, a.free_gpus))
                .then(a.node.rank().cmp(&b.node.rank()))
        }),
        Policy::First => sorting::sort_by_key(&mut out, |c| c.node.rank()),
        Policy::Best => {
            sorting::sort_by_key(&mut out, |c| (c.free_cores, c.free_gpus, c.node.rank()))
        }
    }
    out
}

/// What each chosen node gives: rank, cores, GPUs.
type Pick = (u32, IdSet, IdSet);

/// The lowest `n` ids of `set`.
fn lowest(set: &IdSet, n: u64) -> IdSet {
    let mut out = IdSet::new();
    let mut left = n;
    for &(lo, hi) in set.ranges() {
        if left == 0 {
            break;
        }
        let len = u64::from(hi - lo) + 1;
        let take = len.min(left);
        // 1 <= take <= len, so the end stays within this range.
        out.insert_range(lo, lo + (take - 1) as u32);
        left -= take;
    }
    out
}

/// `4 free cores and 1 free GPU`.
fn need_desc(cores: u64, gpus: u64, free: bool) -> String {
    let free = if free { "free " } else { "" };
    let mut parts = Vec::new();
    if cores > 0 {
        parts.push(count(cores, &format!("{free}core")));
    }
    if gpus > 0 {
        parts.push(count(gpus, &format!("{free}GPU")));
    }
    parts.join(" and ")
}

/// Place the request on the candidates, taken in their order.
fn place(request: &Request, cands: &[Candidate<'_>]) -> Result<(Vec<Pick>, u64), Shortfall> {
    match &request.layout {
        Layout::Nodes {
            nodes,
            slots_per_node,
        } => place_nodes(request, cands, nodes, 1, *slots_per_node, false),
        Layout::SlotNodes {
            slots,
            nodes_per_slot,
            ..
        } => place_nodes(request, cands, slots, *nodes_per_slot, 1, true),
        Layout::Slots { slots } => place_slots(request, cands, slots),
    }
}

/// Whole groups of `per_group` nodes, each node holding `slots_per_node`
/// slots (`per_group` is 1 unless slots are made of nodes).
fn place_nodes(
    request: &Request,
    cands: &[Candidate<'_>],
    groups: &Count,
    per_group: u64,
    slots_per_node: u64,
    groups_are_slots: bool,
) -> Result<(Vec<Pick>, u64), Shortfall> {
    let need_c = slots_per_node.saturating_mul(request.cores);
    let need_g = slots_per_node.saturating_mul(request.gpus);
    let usable: Vec<&Candidate<'_>> = cands
        .iter()
        .filter(|x| {
            if request.exclusive {
                x.whole && x.total_cores >= need_c && x.total_gpus >= need_g
            } else {
                x.free_cores >= need_c && x.free_gpus >= need_g
            }
        })
        .collect();
    let per_group = per_group.max(1);
    let have = usable.len() as u64;
    let Some(n) = groups.largest_at_most(have / per_group) else {
        return Err(Shortfall::Nodes {
            want: groups.min().saturating_mul(per_group),
            have,
            need: (need_c, need_g),
            exclusive: request.exclusive,
            slots: groups_are_slots.then(|| (groups.min(), per_group)),
        });
    };
    let take = usize::try_from(n.saturating_mul(per_group)).unwrap_or(usize::MAX);
    let picks = usable
        .iter()
        .take(take)
        .map(|x| {
            if request.exclusive {
                (x.node.rank(), (*x.cores).clone(), (*x.gpus).clone())
            } else {
                (
                    x.node.rank(),
                    lowest(&x.cores, need_c),
                    lowest(&x.gpus, need_g),
                )
            }
        })
        .collect();
    let slots = if groups_are_slots {
        n
    } else {
        n.saturating_mul(slots_per_node)
    };
    Ok((picks, slots))
}

/// Slots anywhere, each within one node.
fn place_slots(
    request: &Request,
    cands: &[Candidate<'_>],
    slots: &Count,
) -> Result<(Vec<Pick>, u64), Shortfall> {
    let (c, g) = (request.cores, request.gpus);
    let capacity = |x: &Candidate<'_>| {
        let by_cores = x.free_cores.checked_div(c).unwrap_or(u64::MAX);
        let by_gpus = x.free_gpus.checked_div(g).unwrap_or(u64::MAX);
        by_cores.min(by_gpus)
    };
    let total = cands.iter().map(capacity).fold(0u64, u64::saturating_add);
    let Some(s) = slots.largest_at_most(total) else {
        return Err(Shortfall::Slots {
            want: slots.min(),
            fit: total,
            need: (c, g),
        });
    };
    let mut picks = Vec::new();
    let mut left = s;
    for x in cands {
        if left == 0 {
            break;
        }
        let take = capacity(x).min(left);
        if take > 0 {
            picks.push((
                x.node.rank(),
                lowest(&x.cores, take * c),
                lowest(&x.gpus, take * g),
            ));
            left -= take;
        }
    }
    Ok((picks, s))
}

/// What ran short when placing a request.
enum Shortfall {
    /// Too few nodes (or groups of nodes, for slots made of nodes).
    Nodes {
        /// Nodes wanted.
        want: u64,
        /// Nodes usable.
        have: u64,
        /// Cores and GPUs each node needs.
        need: (u64, u64),
        /// Whole nodes wanted.
        exclusive: bool,
        /// Slots wanted and nodes in each, when slots are made of nodes.
        slots: Option<(u64, u64)>,
    },
    /// Too few slots within single nodes.
    Slots {
        /// Slots wanted.
        want: u64,
        /// Slots that fit.
        fit: u64,
        /// Cores and GPUs each slot needs.
        need: (u64, u64),
    },
}

impl fmt::Display for Shortfall {
    /// The CLI's reason: the level that ran short, what it needs, what is there.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Shortfall::Nodes {
                want,
                have,
                need: (c, g),
                exclusive,
                slots,
            } => {
                let what = if exclusive {
                    let sized = need_desc(c, g, false);
                    let with = if sized.is_empty() {
                        String::new()
                    } else {
                        format!(" with {sized}")
                    };
                    format!("{} wholly free{with}", count(want, "node"))
                } else {
                    format!("{} with {}", count(want, "node"), need_desc(c, g, true))
                };
                let level = match slots {
                    Some((n, per)) => format!(
                        "slot: {} of {per} node{} each: ",
                        count(n, "slot"),
                        if per == 1 { "" } else { "s" }
                    ),
                    None => "node: ".to_string(),
                };
                let verb = if have == 1 { "is" } else { "are" };
                write!(f, "{level}need {what}, {have} {verb}")
            }
            Shortfall::Slots {
                want,
                fit,
                need: (c, g),
            } => write!(
                f,
                "slot: need {} of {}, {fit} fit",
                count(want, "slot"),
                need_desc(c, g, false)
            ),
        }
    }
}

impl Shortfall {
    /// Plain words for what is missing now: `3 of 4 nodes free`.
    fn words_now(&self) -> String {
        match *self {
            Shortfall::Nodes {
                want,
                have,
                need: (c, g),
                exclusive,
                ..
            } => {
                let sized = need_desc(c, g, !exclusive);
                match (exclusive, sized.is_empty()) {
                    (true, true) => format!("{have} of {want} nodes free"),
                    (true, false) => format!("{have} of {want} nodes with {sized} free"),
                    (false, _) => format!("{have} of {want} nodes have {sized}"),
                }
            }
            Shortfall::Slots {
                want,
                fit,
                need: (c, g),
            } => format!(
                "room for {fit} of {} of {}",
                count(want, "slot"),
                need_desc(c, g, false)
            ),
        }
    }

    /// Plain words for why the whole R never holds it, from the idle
    /// candidates: `each node needs 8 GPUs and the largest has 4`.
    fn words_never(&self, idle: &[Candidate<'_>]) -> String {
        if idle.is_empty() {
            return "no node of the R matches the request".to_string();
        }
        let most_c = idle.iter().map(|x| x.total_cores).max().unwrap_or(0);
        let most_g = idle.iter().map(|x| x.total_gpus).max().unwrap_or(0);
        let (each, need) = match self {
            Shortfall::Nodes { need, .. } => ("each node needs", *need),
            Shortfall::Slots { need, .. } => ("each slot needs on one node", *need),
        };
        if need.0 > most_c {
            return format!(
                "{each} {} and the largest has {most_c}",
                count(need.0, "core")
            );
        }
        if need.1 > most_g {
            return format!(
                "{each} {} and the largest has {most_g}",
                count(need.1, "GPU")
            );
        }
        match *self {
            Shortfall::Nodes { want, have, .. } => {
                format!(
                    "needs {} and the R has {have} that qualify",
                    count(want, "node")
                )
            }
            Shortfall::Slots { want, fit, .. } => {
                format!("needs {} and the R holds {fit}", count(want, "slot"))
            }
        }
    }
}

/// The R holding the picks.
fn build(all: &Rset, picks: &[Pick]) -> Rset {
    let mut picks: Vec<&Pick> = picks.iter().collect();
    sorting::sort_by_key(&mut picks, |p| p.0);
    let mut r = Rset::new();
    for (rank, cores, gpus) in picks {
        let hostname = all.node(*rank).and_then(Node::hostname);
        let mut children: Vec<(&str, &IdSet)> = vec![("core", cores)];
        if !gpus.is_empty() {
            children.push(("gpu", gpus));
        }
        // Each rank is picked once, so adding cannot overlap.
        let _ = r.add_rank(*rank, hostname, &children);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::{parse, Options};

    /// Ranks 0-3 on node[0-3] with cores 0-3; ranks 2-3 also have GPUs
    /// 0-1; ranks 0 and 2 have the property `ssd`.
    const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}, {"rank": "2-3", "children": {"core": "0-3", "gpu": "0-1"}}], "nodelist": ["node[0-3]"], "properties": {"ssd": "0,2"}, "starttime": 0, "expiration": 0}}"#;

    fn r(text: &str) -> Rset {
        crate::rset::load(text).expect("a valid R")
    }

    /// Busy resources: `rank:cores` pairs on the fixture's nodes.
    fn busy(spec: &[(u32, &str)]) -> Rset {
        let mut b = Rset::new();
        for (rank, cores) in spec {
            b.add_rank(*rank, None, &[("core", &IdSet::parse(cores).unwrap())])
                .unwrap();
        }
        b
    }

    fn answer(
        shape: &str,
        policy: Policy,
        busy: Option<&Rset>,
        constraint: Option<Selector>,
    ) -> String {
        let e = parse(shape, &Options::default()).unwrap();
        let request = match Request::from_resources(&e.to_json(false)) {
            Ok(r) => r,
            Err(e) => return format!("error: {e}"),
        };
        let request = match constraint {
            Some(c) => request.with_constraint(c),
            None => request,
        };
        match fit(&request, &r(R), busy, policy) {
            Verdict::Fits { alloc, slots } => format!("fits {slots}: {}", alloc.short_form()),
            Verdict::Later { reason, .. } => format!("later: {reason}"),
            Verdict::Never { reason, .. } => format!("never: {reason}"),
        }
    }

    fn check(shape: &str, want: &str) {
        assert_eq!(answer(shape, Policy::Worst, None, None), want, "{shape}");
    }

    #[test]
    fn layouts_and_counts() {
        check("node=2/slot/core=2", "fits 2: rank[2-3]/core[0-1]");
        check("node=2/slot=2/core=2", "fits 4: rank[2-3]/core[0-3]");
        check(
            "node=4{x}/slot/core=4",
            "fits 4: rank[0-1]/core[0-3] rank[2-3]/core[0-3],gpu[0-1]",
        );
        check(
            "node=1+{x}",
            "fits 4: rank[0-1]/core[0-3] rank[2-3]/core[0-3],gpu[0-1]",
        );
        check("node=2-8:2:*/slot/core=1", "fits 4: rank[0-3]/core0");
        check("node=3,5/slot/core=1", "fits 3: rank[0,2-3]/core0");
        check("slot=3-10/core=2", "fits 8: rank[0-3]/core[0-3]");
        check("slot=2/[core=1;gpu=1]", "fits 2: rank2/core[0-1],gpu[0-1]");
        check("slot{s,x}/core=2", "fits 1: rank2/core[0-3],gpu[0-1]");
        check(
            "slot=4/node",
            "fits 4: rank[0-1]/core[0-3] rank[2-3]/core[0-3],gpu[0-1]",
        );
        check(
            "slot=2/node=2",
            "fits 2: rank[0-1]/core[0-3] rank[2-3]/core[0-3],gpu[0-1]",
        );
        check("slot=2/node{-x}/core=3", "fits 2: rank[2-3]/core[0-2]");
    }

    #[test]
    fn never_names_the_level_that_ran_short() {
        check(
            "node=5/slot/core=1",
            "never: node: need 5 nodes with 1 free core, 4 are",
        );
        check(
            "node=2/slot/core=5",
            "never: node: need 2 nodes with 5 free cores, 0 are",
        );
        check(
            "node=3/slot/[core=1;gpu=1]",
            "never: node: need 3 nodes with 1 free core and 1 free GPU, 2 are",
        );
        check(
            "node=1{x}/slot/core=8",
            "never: node: need 1 node wholly free with 8 cores, 0 are",
        );
        check(
            "slot=10/core=2",
            "never: slot: need 10 slots of 2 cores, 8 fit",
        );
        check("slot=5/gpu=1", "never: slot: need 5 slots of 1 GPU, 4 fit");
        check(
            "slot=3/node=2",
            "never: slot: 3 slots of 2 nodes each: need 6 nodes wholly free, 4 are",
        );
    }

    #[test]
    fn busy_resources_make_later_or_move_the_choice() {
        let b = busy(&[(2, "0-3")]);
        assert_eq!(
            answer("node=1{x}/slot/core=4", Policy::Worst, Some(&b), None),
            "fits 1: rank3/core[0-3],gpu[0-1]"
        );
        let b = busy(&[(1, "0"), (2, "0-3"), (3, "2")]);
        assert_eq!(
            answer("node=2/slot/core=4", Policy::Worst, Some(&b), None),
            "later: node: need 2 nodes with 4 free cores, 1 is"
        );
        assert_eq!(
            answer("node=1/slot/core=3", Policy::Worst, Some(&b), None),
            "fits 1: rank0/core[0-2]"
        );
        assert_eq!(
            answer("node=1/slot/core=3", Policy::Best, Some(&b), None),
            "fits 1: rank1/core[1-3]"
        );
        assert_eq!(
            answer("node=4{x}", Policy::Worst, Some(&b), None),
            "later: node: need 4 nodes wholly free, 1 is"
        );
        assert_eq!(
            answer("slot=3-12/core=2", Policy::Worst, Some(&b), None),
            "fits 4: rank0/core[0-3] rank1/core[1-2] rank3/core[0-1]"
        );
    }

    #[test]
    fn policies_order_nodes_as_documented() {
        let p = |policy| answer("node=2/slot/core=1", policy, None, None);
        assert_eq!(p(Policy::Worst), "fits 2: rank[2-3]/core0");
        assert_eq!(p(Policy::First), "fits 2: rank[0-1]/core0");
        assert_eq!(p(Policy::Best), "fits 2: rank[0-1]/core0");
        assert_eq!("best".parse::<Policy>(), Ok(Policy::Best));
        assert_eq!(
            "most".parse::<Policy>(),
            Err("unknown policy 'most' (worst, first or best)".to_string())
        );
        assert_eq!(Policy::First.to_string(), "first");
    }

    #[test]
    fn rfc31_constraints() {
        let c = |s: &str, reading| Selector::parse(s, reading).map_err(|e| e.message);
        let json = |s: &str| {
            let c = c(s, ConstraintReading::Librlist)?;
            match c.refusal() {
                Some(e) => Err(e.message.clone()),
                None => Ok(c),
            }
        };
        let ssd = json(r#"{"properties": ["ssd"]}"#).unwrap();
        assert_eq!(
            answer("node=2/slot/core=1", Policy::Worst, None, Some(ssd)),
            "fits 2: rank[0,2]/core0"
        );
        let not_ssd = json(r#"{"properties": ["^ssd"]}"#).unwrap();
        assert_eq!(
            answer("node=3/slot/core=1", Policy::Worst, None, Some(not_ssd)),
            "never: node: need 3 nodes with 1 free core, 2 are"
        );
        let hosts = json(r#"{"or": [{"hostlist": ["node[0-1]"]}, {"ranks": ["3"]}]}"#).unwrap();
        assert_eq!(
            answer("node=3/slot/core=1", Policy::First, None, Some(hosts)),
            "fits 3: rank[0-1,3]/core0"
        );
        let none = json(r#"{"not": []}"#).unwrap();
        assert_eq!(
            answer("node/slot/core", Policy::Worst, None, Some(none)),
            "never: node: need 1 node with 1 free core, 0 are"
        );
        assert_eq!(
            json(r#"{"color": ["red"]}"#).unwrap_err(),
            "unknown constraint operator: color"
        );
        assert_eq!(
            json(r#"{"ranks": ["3-1"]}"#).unwrap_err(),
            r#"invalid idset '3-1' in ["3-1"]"#
        );
        // As the scheduler reads them: an empty or selects nothing, and {}
        // is no constraint at all to the pool.
        let rv1 = |s: &str| c(s, ConstraintReading::Rv1Set).unwrap();
        assert_eq!(
            answer(
                "node/slot/core",
                Policy::Worst,
                None,
                Some(rv1(r#"{"or": []}"#))
            ),
            "never: node: need 1 node with 1 free core, 0 are"
        );
        assert_eq!(
            answer("node=4/slot/core", Policy::First, None, Some(rv1("{}"))),
            "fits 4: rank[0-3]/core0"
        );
        let request =
            Request::from_resources(&parse("node", &Options::default()).unwrap().to_json(false))
                .unwrap();
        let refused = request.with_constraint(rv1(r#"{"ranks": ["3"], "x": 1}"#));
        assert_eq!(refused.constraint_refusal(&r(R)), None);
        let refused = refused.with_constraint(rv1(r#"{"not": []}"#));
        assert_eq!(
            refused.constraint_refusal(&r(R)).as_deref(),
            Some("'not' operand must be a non-empty list, got []")
        );
    }

    #[test]
    fn requests_a_simple_scheduler_cannot_place() {
        check("node/socket=2/core=4", "error: resource type 'socket': placing it needs a graph-aware scheduler (such as Fluxion)");
        check("slot=10/[memory=2+{unit:GB};core]", "error: resource type 'memory': placing it needs a graph-aware scheduler (such as Fluxion)");
        check("[node;node]", "error: more than one resource at the top level: placing it needs a graph-aware scheduler (such as Fluxion)");
        check("slot=2/node=1-2", "error: a range of nodes per slot: placing it needs a graph-aware scheduler (such as Fluxion)");
        check(
            "slot/node{-x}",
            "error: a shared node in a slot needs cores or GPUs",
        );
        check(
            "core=4",
            "error: a request starts with a node or a slot, not core",
        );
        check(
            "node/slot=2/node",
            "error: node under slot: placing it needs a graph-aware scheduler (such as Fluxion)",
        );
        check(
            "slot=30-3/core",
            "error: slot: count '30-3' is not a valid range: max 3 is less than min 30",
        );
    }
}
