//! Building R from `[[resource.config]]` TOML entries, as flux-core's
//! `rlist_from_config` does (what `flux R parse-config` prints).
//!
//! Each entry has `hosts` (a host list, required) and optionally `cores`,
//! `gpus` (id sets) and `properties` (an array of names); no other key is
//! allowed. Ranks are given to hosts in order of first appearance, and a
//! host named by several entries gets the union of their resources.
//!
//! `cores` and `gpus` must be canonical RFC 22 id sets here (flux-core's
//! config reader refuses `gpus = "2,1"`).

use super::error::{Error, ErrorKind};
use super::node::Node;
use super::set::{invalid_property_char, Rset};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use serde_json::Value;

/// A value's type as jansson names it in its unpack errors (`Expected
/// string, got integer`): a TOML date, which flux-core's TOML reader turns
/// into a JSON object, is an `object` too.
pub(crate) fn jansson_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(true) => "true",
        Value::Bool(false) => "false",
        Value::Number(n) if n.is_f64() => "real",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn err(m: impl Into<String>) -> Error {
    Error::new(ErrorKind::Config, m)
}

/// Build a set from the `resource.config` array of a TOML document, given
/// as its serde data model (`serde_json::to_value` of the `toml::Value`),
/// so that the core's API does not depend on the TOML crate the CLI reads
/// with.
pub fn from_config(entries: &Value) -> Result<Rset, Error> {
    let Value::Array(entries) = entries else {
        return Err(err("resource config must be an array"));
    };
    let mut rl = Rset::new();
    let mut ranks = HostRanks::default();
    for (index, entry) in entries.iter().enumerate() {
        let entry = ConfigEntry::read(index, entry)?;
        entry.add_to(index, &mut rl, &mut ranks)?;
    }
    if rl.is_empty() {
        return Err(err("no hosts configured"));
    }
    let mut empty = Hostlist::new();
    for n in rl.nodes() {
        if n.is_empty() {
            empty.push_host(n.hostname().unwrap_or_default());
        }
    }
    if !empty.is_empty() {
        return Err(err(format!(
            "resource.config: {empty} assigned no resources"
        )));
    }
    Ok(rl)
}

/// Ranks in order of each host's first appearance in the config.
#[derive(Default)]
struct HostRanks {
    hostmap: Vec<String>,
    rank_of: std::collections::HashMap<String, u32>,
}

impl HostRanks {
    /// The rank of `host`, given the next one if it is new.
    fn rank(&mut self, host: &str) -> Result<u32, Error> {
        if let Some(&r) = self.rank_of.get(host) {
            return Ok(r);
        }
        let r = u32::try_from(self.hostmap.len()).map_err(|_| err("too many hosts configured"))?;
        self.rank_of.insert(host.to_string(), r);
        self.hostmap.push(host.to_string());
        Ok(r)
    }
}

/// One `[[resource.config]]` table, checked.
struct ConfigEntry<'a> {
    hosts: Hostlist,
    cores: Option<IdSet>,
    gpus: Option<IdSet>,
    properties: &'a [Value],
}

/// The keys an entry may have, in the order flux-core unpacks them.
const ENTRY_KEYS: [&str; 4] = ["hosts", "cores", "gpus", "properties"];

impl<'a> ConfigEntry<'a> {
    /// Check entry number `index` in flux-core's order, failing on the
    /// first problem with its words: the entry unpacked as jansson's
    /// `{s:s s?s s?s s?o !}` (its messages), `properties` an array, then
    /// the host list and the id sets decoded. The properties' names are
    /// checked host by host as they are given ([`ConfigEntry::add_to`]).
    fn read(index: usize, entry: &'a Value) -> Result<Self, Error> {
        let at = |m: String| err(format!("config[{index}]: {m}"));
        let Value::Object(t) = entry else {
            return Err(at(format!("Expected object, got {}", jansson_type(entry))));
        };
        let string = |key: &str| -> Result<Option<&str>, Error> {
            match t.get(key) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s)),
                Some(v) => Err(at(format!("Expected string, got {}", jansson_type(v)))),
            }
        };
        let hosts = string("hosts")?.ok_or_else(|| at("Object item not found: hosts".into()))?;
        let (cores, gpus) = (string("cores")?, string("gpus")?);
        let left: Vec<&str> = t
            .keys()
            .map(String::as_str)
            .filter(|k| !ENTRY_KEYS.contains(k))
            .collect();
        if !left.is_empty() {
            let n = left.len();
            return Err(at(format!(
                "{n} object item(s) left unpacked: {}",
                left.join(", ")
            )));
        }
        let properties = match t.get("properties") {
            None => &[][..],
            Some(Value::Array(a)) => &a[..],
            Some(_) => return Err(at("properties must be an array".into())),
        };
        let hl = Hostlist::parse(hosts).map_err(|_| at(format!("invalid hostlist '{hosts}'")))?;
        if hl.is_empty() {
            return Err(at("empty hostlist specified".into()));
        }
        let ids = |s: Option<&str>, what: &str| -> Result<Option<IdSet>, Error> {
            s.map(|s| IdSet::decode(s).map_err(|_| at(format!("invalid idset {what}='{s}'"))))
                .transpose()
        };
        Ok(ConfigEntry {
            hosts: hl,
            cores: ids(cores, "cores")?,
            gpus: ids(gpus, "gpus")?,
            properties,
        })
    }

    /// Give each host of the entry its resources, on its existing rank or
    /// on the next one. A property that is not a valid name is refused as
    /// flux-core words it (the value as JSON, inside quotes); resources a
    /// host already has from an earlier entry are refused in
    /// `rlist_add_rnode`'s words.
    fn add_to(&self, index: usize, rl: &mut Rset, ranks: &mut HostRanks) -> Result<(), Error> {
        for host in self.hosts.iter() {
            let host = host.to_string();
            let rank = ranks.rank(&host)?;
            let mut n = Node::new(rank, Some(&host));
            for (name, set) in [("core", &self.cores), ("gpu", &self.gpus)] {
                if let Some(set) = set {
                    // A fresh node: cannot overlap.
                    let _ = n.add_child(name, set);
                }
            }
            for p in self.properties {
                match p {
                    Value::String(s) if invalid_property_char(s).is_none() => n.set_property(s),
                    other => {
                        let mut dumped = String::new();
                        crate::json::write_json_value(&mut dumped, other);
                        return Err(err(format!(
                            "config[{index}]: invalid property \"{dumped}\""
                        )));
                    }
                }
            }
            rl.add_node(n)
                .map_err(|_| err("Unable to add rnode: File exists"))?;
        }
        Ok(())
    }
}
