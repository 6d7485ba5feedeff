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
    let mut hostmap: Vec<String> = Vec::new();
    let mut rank_of: std::collections::HashMap<String, u32> = Default::default();
    for (index, entry) in entries.iter().enumerate() {
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
        let cores = ids("cores", "cores")?;
        let gpus = ids("gpus", "gpus")?;
        let mut props: Vec<&str> = Vec::new();
        match t.get("properties") {
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
        for host in hl.iter() {
            let host = host.to_string();
            let rank = match rank_of.get(&host) {
                Some(&r) => r,
                None => {
                    let r = u32::try_from(hostmap.len())
                        .map_err(|_| err("too many hosts configured"))?;
                    rank_of.insert(host.clone(), r);
                    hostmap.push(host.clone());
                    r
                }
            };
            let mut n = Node::new(rank, Some(&host));
            for (name, set) in [("core", &cores), ("gpu", &gpus)] {
                if let Some(set) = set {
                    // A fresh node: cannot overlap.
                    let _ = n.add_child(name, set);
                }
            }
            for p in &props {
                n.set_property(p);
            }
            rl.add_node(n)
                .map_err(|e| err(format!("config[{index}]: host {host} {}", e.message())))?;
        }
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
