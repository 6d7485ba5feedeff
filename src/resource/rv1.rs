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

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::output_format::py_float;
use crate::rset::MAX_RANKS;
use crate::shape::json::write_python_string;
use serde_json::Value;
use std::collections::BTreeMap;

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
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rv1 {
    ranks: BTreeMap<u32, RankInfo>,
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

fn idset_of(v: &Value, what: &str) -> Result<IdSet, String> {
    match v {
        Value::String(s) => IdSet::decode(s).map_err(|_| format!("invalid idset '{s}' in {what}")),
        other => Err(format!("{what} must be an idset string, not {other}")),
    }
}

fn number_or_zero(v: Option<&Value>) -> Result<f64, String> {
    match v {
        None | Some(Value::Null) => Ok(0.0),
        Some(Value::Bool(b)) => Ok(if *b { 1.0 } else { 0.0 }),
        Some(Value::Number(n)) => Ok(n.as_f64().unwrap_or(0.0)),
        Some(Value::String(s)) if s.is_empty() => Ok(0.0),
        Some(Value::String(s)) => s
            .trim()
            .parse::<f64>()
            .map_err(|_| format!("could not convert string to float: '{s}'")),
        Some(_) => Err("starttime and expiration must be numbers".into()),
    }
}

impl Rv1 {
    /// The empty set (`ResourceSet()`).
    pub fn new() -> Rv1 {
        Rv1::default()
    }

    /// Read an R (`ResourceSet(dict)`); `null` is the empty set. Errors are
    /// worded as the reference's exceptions print.
    pub fn from_value(v: &Value) -> Result<Rv1, String> {
        let obj = match v {
            Value::Null => return Ok(Rv1::new()),
            Value::Object(o) => o,
            other => {
                return Err(format!(
                    "ResourceSet cannot be instantiated from {}",
                    py_type(other)
                ))
            }
        };
        let version = obj.get("version").ok_or_else(|| key_error("version"))?;
        if version.as_i64() != Some(1) {
            return Err(format!("R version {version} not supported"));
        }
        let empty = serde_json::Map::new();
        let execution = match obj.get("execution") {
            None => &empty,
            Some(Value::Object(e)) => e,
            Some(_) => return Err("R execution must be an object".into()),
        };
        let mut set = Rv1 {
            starttime: number_or_zero(execution.get("starttime"))?,
            expiration: number_or_zero(execution.get("expiration"))?,
            ..Rv1::default()
        };
        let hosts = nodelist_hosts(execution.get("nodelist"))?;
        set.has_nodelist = !hosts.is_empty();
        let mut rank_info = r_lite_ranks(execution.get("R_lite"))?;
        rank_info.sort_by_key(|(rank, _, _)| *rank);
        for (pos, (rank, cores, gpus)) in rank_info.into_iter().enumerate() {
            let hostname = hosts
                .get(pos)
                .cloned()
                .unwrap_or_else(|| format!("rank{rank}"));
            set.ranks.insert(
                rank,
                RankInfo {
                    hostname,
                    cores,
                    gpus,
                },
            );
        }
        if let Some(props) = execution.get("properties") {
            let Value::Object(props) = props else {
                return Err("R properties must be an object".into());
            };
            for (name, ids) in props {
                set.properties
                    .push((name.clone(), idset_of(ids, "properties")?));
            }
        }
        Ok(set)
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
        self.ranks.iter().map(|(r, i)| (*r, i))
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
        let kept: BTreeMap<u32, RankInfo> = if ranks.len() < self.ranks.len() as u64 {
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
    fn with_ranks(&self, ranks: BTreeMap<u32, RankInfo>) -> Rv1 {
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
                            RankInfo {
                                hostname,
                                cores,
                                gpus,
                            },
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
        let sets: Vec<(bool, Option<&IdSet>)> = requires
            .iter()
            .map(|p| match p.strip_prefix('^') {
                Some(name) => (true, self.property(name)),
                None => (false, self.property(p)),
            })
            .collect();
        let kept = self
            .ranks
            .iter()
            .filter(|(r, _)| {
                sets.iter().all(|(negated, ids)| {
                    let has = ids.is_some_and(|ids| ids.contains(**r));
                    has != *negated
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
fn nodelist_hosts(v: Option<&Value>) -> Result<Vec<String>, String> {
    let mut hosts = Vec::new();
    let Some(v) = v else { return Ok(hosts) };
    let Value::Array(entries) = v else {
        return Err("R nodelist must be an array of host lists".into());
    };
    for e in entries {
        let Value::String(s) = e else {
            return Err("R nodelist must be an array of host lists".into());
        };
        let hl = Hostlist::parse(s).map_err(|_| format!("invalid hostlist '{s}' in nodelist"))?;
        hosts.extend(hl.iter());
    }
    Ok(hosts)
}

type RankEntry = (u32, IdSet, IdSet);

/// `(rank, cores, gpus)` for every rank of every `R_lite` entry.
fn r_lite_ranks(v: Option<&Value>) -> Result<Vec<RankEntry>, String> {
    let mut out = Vec::new();
    let Some(v) = v else { return Ok(out) };
    let Value::Array(entries) = v else {
        return Err("R_lite must be an array".into());
    };
    for e in entries {
        let Value::Object(e) = e else {
            return Err("an R_lite entry must be an object".into());
        };
        let ranks = idset_of(e.get("rank").ok_or_else(|| key_error("rank"))?, "rank")?;
        let (mut cores, mut gpus) = (IdSet::new(), IdSet::new());
        if let Some(children) = e.get("children") {
            let Value::Object(children) = children else {
                return Err("R_lite children must be an object".into());
            };
            if let Some(c) = children.get("core") {
                cores = idset_of(c, "core")?;
            }
            if let Some(g) = children.get("gpu") {
                gpus = idset_of(g, "gpu")?;
            }
        }
        if out.len() as u64 + ranks.len() > MAX_RANKS {
            return Err(format!(
                "R_lite holds more than {MAX_RANKS} ranks, the limit"
            ));
        }
        for r in ranks.iter() {
            out.push((r, cores.clone(), gpus.clone()));
        }
    }
    Ok(out)
}

/// Python's name for a JSON value's type, as its errors print it.
pub(crate) fn py_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "<class 'NoneType'>",
        Value::Bool(_) => "<class 'bool'>",
        Value::Number(n) if n.is_f64() => "<class 'float'>",
        Value::Number(_) => "<class 'int'>",
        Value::String(_) => "<class 'str'>",
        Value::Array(_) => "<class 'list'>",
        Value::Object(_) => "<class 'dict'>",
    }
}
