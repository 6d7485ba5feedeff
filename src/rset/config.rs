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

/// The TOML name of a value's type, as `toml::Value::type_str` gives it.
fn type_str(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        // toml's serde model writes a datetime as this one-key table.
        Value::Object(o) if o.len() == 1 && o.contains_key("$__toml_private_datetime") => {
            "datetime"
        }
        Value::Object(_) => "table",
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
    properties: Vec<&'a str>,
}

impl<'a> ConfigEntry<'a> {
    /// Check entry number `index` key by key, in flux-core's order, and
    /// fail on the first problem.
    fn read(index: usize, entry: &'a Value) -> Result<Self, Error> {
        let Value::Object(t) = entry else {
            return Err(err(format!("config[{index}]: entry must be a table")));
        };
        for k in t.keys() {
            if !matches!(k.as_str(), "hosts" | "cores" | "gpus" | "properties") {
                return Err(err(format!("config[{index}]: unknown key '{k}'")));
            }
        }
        let string = |key: &str| -> Result<Option<&str>, Error> {
            match t.get(key) {
                None => Ok(None),
                Some(Value::String(s)) => Ok(Some(s)),
                Some(_) => Err(err(format!("config[{index}]: '{key}' must be a string"))),
            }
        };
        let hosts =
            string("hosts")?.ok_or_else(|| err(format!("config[{index}]: missing key 'hosts'")))?;
        let hl = Hostlist::parse(hosts)
            .map_err(|_| err(format!("config[{index}]: invalid hostlist '{hosts}'")))?;
        if hl.is_empty() {
            return Err(err(format!("config[{index}]: empty hostlist specified")));
        }
        let ids = |key: &str, what: &str| -> Result<Option<IdSet>, Error> {
            match string(key)? {
                None => Ok(None),
                Some(s) => IdSet::decode(s)
                    .map(Some)
                    .map_err(|_| err(format!("config[{index}]: invalid idset {what}='{s}'"))),
            }
        };
        Ok(ConfigEntry {
            hosts: hl,
            cores: ids("cores", "cores")?,
            gpus: ids("gpus", "gpus")?,
            properties: properties(index, t.get("properties"))?,
        })
    }

    /// Give each host of the entry its resources, on its existing rank or
    /// on the next one.
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
            for p in &self.properties {
                n.set_property(p);
            }
            rl.add_node(n)
                .map_err(|e| err(format!("config[{index}]: host {host} {}", e.message())))?;
        }
        Ok(())
    }
}

/// An entry's `properties`: an array of valid property names.
fn properties(index: usize, v: Option<&Value>) -> Result<Vec<&str>, Error> {
    let mut props: Vec<&str> = Vec::new();
    match v {
        None => {}
        Some(Value::Array(a)) => {
            for p in a {
                match p {
                    Value::String(s) if invalid_property_char(s).is_none() => props.push(s),
                    Value::String(s) => {
                        return Err(err(format!("config[{index}]: invalid property \"{s}\"")))
                    }
                    other => {
                        return Err(err(format!(
                            "config[{index}]: invalid property (a {}, not a string)",
                            type_str(other)
                        )))
                    }
                }
            }
        }
        Some(_) => return Err(err(format!("config[{index}]: properties must be an array"))),
    }
    Ok(props)
}
