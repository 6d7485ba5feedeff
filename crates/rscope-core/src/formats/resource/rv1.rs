//! A resource set as `flux resource` sees it: flux-core's pure Python
//! `Rv1Set` (`flux.resource.Rv1Set`), not librlist.
//!
//! `flux resource status`, `list`, `info` and `R` read their payloads
//! through that class, and it differs from librlist (`crate::rset`) in ways
//! that reach their output, so it has its own small model here:
//! - only `core` and `gpu` children are kept, and `R` writes `"core"` even
//!   when it is empty;
//! - a rank beyond the nodelist is named `rank<N>`;
//! - properties keep the order they were written in (and `R` writes them
//!   sorted), where librlist keeps a hash order;
//! - `R` is written by Python's `json.dumps` (`"starttime": 0.0`, ASCII
//!   escapes), not by jansson;
//! - set difference drops a rank only when no core and no GPU is left.

use super::payload::{self, get};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::write_python_string;
use crate::json::{self, Value};
use crate::output_format::py_float;
use crate::rset::MAX_RANKS;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// One rank of a set: its host name, cores and GPUs.
#[derive(Clone, Debug, PartialEq)]
pub struct RankInfo {
    /// The host name from the nodelist, or `rank<N>` beyond it.
    pub hostname: String,
    /// Core ids.
    pub cores: IdSet,
    /// GPU ids.
    pub gpus: IdSet,
}

/// A resource set with `Rv1Set`'s semantics.
///
/// Ranks are shared between the sets made from one another (a state's
/// set, a line per property combination): `flux resource list` of 16 384
/// nodes copied each rank's host name and id sets several times over.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rv1 {
    ranks: BTreeMap<u32, Rc<RankInfo>>,
    /// Property names in the order first written, with their ranks.
    properties: Vec<(String, IdSet)>,
    starttime: f64,
    expiration: f64,
    has_nodelist: bool,
}

/// Python's `KeyError` for a missing key prints as the quoted key.
fn key_error(key: &str) -> String {
    format!("'{key}'")
}

fn idset_of(text: &str, v: &Value<'_>, what: &str) -> Result<IdSet, String> {
    match v {
        Value::StringLit(s) => IdSet::decode(s.as_str())
            .map_err(|_| format!("invalid idset '{}' in {what}", s.as_str())),
        other => Err(format!(
            "{what} must be an idset string, not {}",
            payload::compact(text, other)
        )),
    }
}

fn number_or_zero(v: Option<&Value<'_>>) -> Result<f64, String> {
    match v {
        None | Some(Value::NullKeyword(_)) => Ok(0.0),
        Some(Value::BooleanLit(b)) => Ok(if b.value { 1.0 } else { 0.0 }),
        Some(Value::NumberLit(n)) => Ok(payload::number(n.value)),
        Some(Value::StringLit(s)) if s.as_str().is_empty() => Ok(0.0),
        Some(Value::StringLit(s)) => s
            .as_str()
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("could not convert string to float: '{}'", s.as_str())),
        Some(_) => Err("starttime and expiration must be numbers".into()),
    }
}

impl Rv1 {
    /// The empty set (`ResourceSet()`).
    pub fn new() -> Rv1 {
        Rv1::default()
    }

    /// Read an R (`ResourceSet(dict)`) from the JSON tree `v` of `text`;
    /// `null` is the empty set. Errors are worded as the reference's
    /// exceptions print.
    pub fn read(text: &str, v: &Value<'_>) -> Result<Rv1, String> {
        let obj = match v {
            Value::NullKeyword(_) => return Ok(Rv1::new()),
            Value::Object(o) => o,
            other => {
                return Err(format!(
                    "ResourceSet cannot be instantiated from {}",
                    payload::py_type(other)
                ))
            }
        };
        let version = get(obj, "version").ok_or_else(|| key_error("version"))?;
        if !matches!(version, Value::NumberLit(n) if n.value == "1") {
            let version = payload::compact(text, version);
            return Err(format!("R version {version} not supported"));
        }
        let execution = match get(obj, "execution") {
            None => None,
            Some(Value::Object(e)) => Some(e),
            Some(_) => return Err("R execution must be an object".into()),
        };
        let member = |key: &str| execution.and_then(|e| get(e, key));
        let mut set = Rv1 {
            starttime: number_or_zero(member("starttime"))?,
            expiration: number_or_zero(member("expiration"))?,
            ..Rv1::default()
        };
        let hosts = nodelist_hosts(text, member("nodelist"))?;
        set.has_nodelist = !hosts.is_empty();
        let (ranks, repeated) = r_lite_ranks(text, member("R_lite"))?;
        set.ranks = ranks;
        // Host names go to ranks by position in rank order, where a rank
        // written k times takes k places and keeps the last of its hosts.
        let mut pos = 0;
        for (rank, info) in set.ranks.iter_mut() {
            pos += repeated.get(rank).copied().unwrap_or(1);
            Rc::make_mut(info).hostname = hosts
                .get(pos - 1)
                .cloned()
                .unwrap_or_else(|| format!("rank{rank}"));
        }
        if let Some(props) = member("properties") {
            let Value::Object(props) = props else {
                return Err("R properties must be an object".into());
            };
            for m in json::members(props).0 {
                set.properties
                    .push((m.name.to_string(), idset_of(text, m.value, "properties")?));
            }
        }
        Ok(set)
    }

    /// [`Rv1::read`] of a whole text (tests and the set's own readers).
    pub fn from_text(text: &str) -> Result<Rv1, String> {
        let v = crate::json::parse(text).map_err(|d| d.message.clone())?;
        Rv1::read(text, &v)
    }

    /// The ranks, in order.
    pub fn ranks(&self) -> IdSet {
        IdSet::from_ranges(self.ranks.keys().map(|&r| (r, r)))
    }

    /// How many ranks (nodes) the set holds.
    pub fn nnodes(&self) -> usize {
        self.ranks.len()
    }

    /// Whether the set holds no rank.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty()
    }

    /// Cores in all ranks.
    pub fn ncores(&self) -> u64 {
        self.ranks.values().map(|i| i.cores.len()).sum()
    }

    /// GPUs in all ranks.
    pub fn ngpus(&self) -> u64 {
        self.ranks.values().map(|i| i.gpus.len()).sum()
    }

    /// Start time, seconds since the epoch (0 when unset).
    pub fn starttime(&self) -> f64 {
        self.starttime
    }

    /// Expiration, seconds since the epoch (0 when unset).
    pub fn expiration(&self) -> f64 {
        self.expiration
    }

    /// Set start time and expiration (as `flux resource R` copies them).
    pub fn set_times(&mut self, starttime: f64, expiration: f64) {
        self.starttime = starttime;
        self.expiration = expiration;
    }

    /// The ranks with their host names and resources, in rank order.
    pub fn rank_infos(&self) -> impl Iterator<Item = (u32, &RankInfo)> {
        self.ranks.iter().map(|(r, i)| (*r, &**i))
    }

    /// Host names in rank order, as one host list (not sorted).
    pub fn nodelist(&self) -> Hostlist {
        let mut hl = Hostlist::new();
        for info in self.ranks.values() {
            hl.push_host(&info.hostname);
        }
        hl
    }

    /// Property names that hold a rank of this set, in their order.
    pub fn property_names(&self) -> Vec<&str> {
        self.properties
            .iter()
            .filter(|(_, ids)| !ids.is_empty())
            .map(|(n, _)| n.as_str())
            .collect()
    }

    /// The properties of one rank, in the set's order.
    pub fn properties_of(&self, rank: u32) -> Vec<&str> {
        self.properties
            .iter()
            .filter(|(_, ids)| ids.contains(rank))
            .map(|(n, _)| n.as_str())
            .collect()
    }

    /// Only `ranks` (`copy_ranks`, and `_copy_from_ranks`).
    pub fn copy_ranks(&self, ranks: &IdSet) -> Rv1 {
        let kept: BTreeMap<u32, Rc<RankInfo>> = if ranks.len() < self.ranks.len() as u64 {
            ranks
                .iter()
                .filter_map(|r| self.ranks.get(&r).map(|i| (r, i.clone())))
                .collect()
        } else {
            self.ranks
                .iter()
                .filter(|(r, _)| ranks.contains(**r))
                .map(|(r, i)| (*r, i.clone()))
                .collect()
        };
        self.with_ranks(kept)
    }

    /// A set of `ranks` carrying this set's times, nodelist flag and
    /// properties restricted to them.
    fn with_ranks(&self, ranks: BTreeMap<u32, Rc<RankInfo>>) -> Rv1 {
        let held = IdSet::from_ranges(ranks.keys().map(|&r| (r, r)));
        let properties = self
            .properties
            .iter()
            .map(|(n, ids)| (n.clone(), ids.intersection(&held)))
            .filter(|(_, ids)| !ids.is_empty())
            .collect();
        Rv1 {
            ranks,
            properties,
            starttime: self.starttime,
            expiration: self.expiration,
            has_nodelist: self.has_nodelist,
        }
    }

    /// Resources of this set that are not in `other` (`diff`): a rank in
    /// both keeps the cores and GPUs `other` lacks, and goes when none is
    /// left.
    pub fn diff(&self, other: &Rv1) -> Rv1 {
        let mut kept = BTreeMap::new();
        for (rank, info) in &self.ranks {
            match other.ranks.get(rank) {
                None => {
                    kept.insert(*rank, info.clone());
                }
                Some(o) => {
                    let cores = info.cores.difference(&o.cores);
                    let gpus = info.gpus.difference(&o.gpus);
                    if !cores.is_empty() || !gpus.is_empty() {
                        let hostname = info.hostname.clone();
                        kept.insert(
                            *rank,
                            Rc::new(RankInfo {
                                hostname,
                                cores,
                                gpus,
                            }),
                        );
                    }
                }
            }
        }
        self.with_ranks(kept)
    }

    /// Add `other`'s resources (`add`): new ranks are copied with their
    /// properties; a rank already here gains the other's cores and GPUs.
    pub fn add(&mut self, other: &Rv1) {
        let mut new_ranks = Vec::new();
        for (rank, info) in &other.ranks {
            match self.ranks.get_mut(rank) {
                None => {
                    self.ranks.insert(*rank, info.clone());
                    new_ranks.push(*rank);
                }
                Some(mine) => {
                    let mine = Rc::make_mut(mine);
                    mine.cores = mine.cores.union(&info.cores);
                    mine.gpus = mine.gpus.union(&info.gpus);
                }
            }
        }
        self.has_nodelist |= other.has_nodelist;
        let added = IdSet::from_ranges(new_ranks.into_iter().map(|r| (r, r)));
        for (name, ids) in &other.properties {
            let ids = ids.intersection(&added);
            if ids.is_empty() {
                continue;
            }
            match self.properties.iter_mut().find(|(n, _)| n == name) {
                Some((_, mine)) => *mine = mine.union(&ids),
                None => self.properties.push((name.clone(), ids)),
            }
        }
    }

    /// The ranks of `hosts` (`host_ranks(hosts, ignore_nomatch=True)`), in
    /// the order the hosts are given; hosts not here are skipped.
    pub fn host_ranks(&self, hosts: &Hostlist) -> IdSet {
        let nodelist = self.nodelist();
        let ranks: Vec<u32> = self.ranks.keys().copied().collect();
        let found = hosts
            .iter()
            .filter_map(|h| nodelist.find(&h))
            .filter_map(|i| ranks.get(i as usize).copied());
        IdSet::from_ranges(found.map(|r| (r, r)))
    }

    /// The ranks whose properties include every name of `requires`
    /// (a queue's `requires`, as `copy_constraint({"properties": …})`
    /// matches it; a `^name` must not be held).
    pub fn matching(&self, requires: &[String]) -> Rv1 {
        let kept = self
            .ranks
            .iter()
            .filter(|(r, _)| {
                super::queues::meets(requires, |p| {
                    self.property(p).is_some_and(|ids| ids.contains(**r))
                })
            })
            .map(|(r, i)| (*r, i.clone()))
            .collect();
        self.with_ranks(kept)
    }

    fn property(&self, name: &str) -> Option<&IdSet> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, ids)| ids)
    }

    /// The set split by the exact combination of properties each rank
    /// holds, as `split_by_property_combinations` does: one property, then
    /// two, and so on, in the set's property order, and ranks with none
    /// last; empty parts are left out.
    pub fn split_by_properties(&self) -> Vec<Rv1> {
        let names = self.property_names();
        let mut groups: BTreeMap<Vec<usize>, Vec<u32>> = BTreeMap::new();
        for rank in self.ranks.keys() {
            let held: Vec<usize> = names
                .iter()
                .enumerate()
                .filter(|(_, n)| self.property(n).is_some_and(|ids| ids.contains(*rank)))
                .map(|(i, _)| i)
                .collect();
            groups.entry(held).or_default().push(*rank);
        }
        // itertools.combinations order: by size, then lexicographic by
        // index; the empty combination comes last.
        let mut keys: Vec<Vec<usize>> = groups.keys().cloned().collect();
        keys.sort_by(|a, b| (a.is_empty(), a.len(), a).cmp(&(b.is_empty(), b.len(), b)));
        keys.into_iter()
            .map(|k| {
                let ranks = IdSet::from_ranges(groups[&k].iter().map(|&r| (r, r)));
                self.copy_ranks(&ranks)
            })
            .collect()
    }

    /// The compact form `{rlist}` shows (`dumps`):
    /// `rank[0-2]/core[0-3] rank3/core[0-1],gpu0`.
    pub fn dumps(&self) -> String {
        let mut parts = Vec::new();
        for ((cores, gpus), ranks) in self.by_resources() {
            let mut s = format!("rank{}/core{}", ranks.encode(true), cores.encode(true));
            if !gpus.is_empty() {
                s.push_str(",gpu");
                s.push_str(&gpus.encode(true));
            }
            parts.push(s);
        }
        parts.join(" ")
    }

    /// Ranks grouped by identical cores and GPUs, groups in order of their
    /// first rank.
    fn by_resources(&self) -> Vec<((IdSet, IdSet), IdSet)> {
        let mut index: BTreeMap<(&IdSet, &IdSet), usize> = BTreeMap::new();
        let mut groups: Vec<((IdSet, IdSet), Vec<u32>)> = Vec::new();
        for (rank, info) in &self.ranks {
            let key = (&info.cores, &info.gpus);
            match index.get(&key) {
                Some(&i) => groups[i].1.push(*rank),
                None => {
                    index.insert(key, groups.len());
                    groups.push(((info.cores.clone(), info.gpus.clone()), vec![*rank]));
                }
            }
        }
        groups
            .into_iter()
            .map(|(k, ranks)| (k, IdSet::from_ranges(ranks.into_iter().map(|r| (r, r)))))
            .collect()
    }

    /// The R that `flux resource R` prints (`json.dumps` of `to_dict()`).
    pub fn encode(&self) -> String {
        let mut out = String::from("{\"version\": 1, \"execution\": {\"R_lite\": [");
        for (i, ((cores, gpus), ranks)) in self.by_resources().into_iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&format!(
                "{{\"rank\": \"{ranks}\", \"children\": {{\"core\": \"{cores}\""
            ));
            if !gpus.is_empty() {
                out.push_str(&format!(", \"gpu\": \"{gpus}\""));
            }
            out.push_str("}}");
        }
        out.push_str("], \"starttime\": ");
        out.push_str(&py_float(self.starttime));
        out.push_str(", \"expiration\": ");
        out.push_str(&py_float(self.expiration));
        if self.has_nodelist {
            out.push_str(", \"nodelist\": [");
            write_python_string(&mut out, &self.nodelist().to_string(), false);
            out.push(']');
        }
        let mut props: Vec<&(String, IdSet)> = self
            .properties
            .iter()
            .filter(|(_, ids)| !ids.is_empty())
            .collect();
        if !self.properties.is_empty() {
            props.sort_by(|a, b| a.0.cmp(&b.0));
            out.push_str(", \"properties\": {");
            for (i, (name, ids)) in props.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_python_string(&mut out, name, false);
                out.push_str(&format!(": \"{ids}\""));
            }
            out.push('}');
        }
        out.push_str("}}");
        out
    }
}

/// Hosts of a nodelist array, expanded in order.
fn nodelist_hosts(text: &str, v: Option<&Value<'_>>) -> Result<Vec<String>, String> {
    let mut hosts = Vec::new();
    let Some(v) = v else { return Ok(hosts) };
    let Value::Array(entries) = v else {
        return Err("R nodelist must be an array of host lists".into());
    };
    for e in entries.items(text) {
        let Value::StringLit(s) = e.as_ref() else {
            return Err("R nodelist must be an array of host lists".into());
        };
        let s = s.as_str();
        let hl = Hostlist::parse(s).map_err(|_| format!("invalid hostlist '{s}' in nodelist"))?;
        hosts.extend(hl.iter());
    }
    Ok(hosts)
}

/// The ranks of `R_lite`, and the count of each rank written twice or more.
type RankEntries = (BTreeMap<u32, Rc<RankInfo>>, HashMap<u32, usize>);

/// Every rank of every `R_lite` entry with its cores and GPUs (host names
/// are given afterwards), and how many times each rank written more than
/// once was written. A rank written twice keeps its last entry, as the
/// reference's dictionary does.
fn r_lite_ranks(text: &str, v: Option<&Value<'_>>) -> Result<RankEntries, String> {
    let mut out = BTreeMap::new();
    let mut repeated = HashMap::new();
    let Some(v) = v else {
        return Ok((out, repeated));
    };
    let Value::Array(entries) = v else {
        return Err("R_lite must be an array".into());
    };
    let mut count = 0u64;
    for e in entries.items(text) {
        let Value::Object(e) = e.as_ref() else {
            return Err("an R_lite entry must be an object".into());
        };
        let rank = get(e, "rank").ok_or_else(|| key_error("rank"))?;
        let ranks = idset_of(text, rank, "rank")?;
        let (mut cores, mut gpus) = (IdSet::new(), IdSet::new());
        if let Some(children) = get(e, "children") {
            let Value::Object(children) = children else {
                return Err("R_lite children must be an object".into());
            };
            if let Some(c) = get(children, "core") {
                cores = idset_of(text, c, "core")?;
            }
            if let Some(g) = get(children, "gpu") {
                gpus = idset_of(text, g, "gpu")?;
            }
        }
        count += ranks.len();
        if count > MAX_RANKS {
            return Err(format!(
                "R_lite holds more than {MAX_RANKS} ranks, the limit"
            ));
        }
        let info = |cores, gpus| {
            Rc::new(RankInfo {
                hostname: String::new(),
                cores,
                gpus,
            })
        };
        let mut put = |r: u32, i: Rc<RankInfo>| {
            if out.insert(r, i).is_some() {
                *repeated.entry(r).or_insert(1) += 1;
            }
        };
        match ranks.len() {
            // Most entries are one rank: its sets move rather than copy.
            1 => put(ranks.iter().next().unwrap_or_default(), info(cores, gpus)),
            _ => {
                for r in ranks.iter() {
                    put(r, info(cores.clone(), gpus.clone()));
                }
            }
        }
    }
    Ok((out, repeated))
}
