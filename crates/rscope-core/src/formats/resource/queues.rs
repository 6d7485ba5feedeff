//! The `[queues]` table of a Flux configuration, as `flux resource
//! --queue` reads it: each queue's `requires` properties, and RFC 33
//! virtual queues that take their parent's.
//!
//! The configuration is the JSON `flux config get` prints, or the same
//! tables written as TOML (`[queues.debug] requires = ["debug"]`).

use super::rv1::Rv1;
use crate::idset::IdSet;
use serde_json::Value;

/// One configured queue.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfiguredQueue {
    /// Its name.
    pub name: String,
    /// `requires`, when given.
    pub requires: Option<Vec<String>>,
    /// `parent`, for a virtual queue.
    pub parent: Option<String>,
}

/// A configuration, as far as `flux resource` reads it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Config {
    /// `None` when there is no `queues` table.
    pub queues: Option<Vec<ConfiguredQueue>>,
}

impl Config {
    /// Read the JSON of `flux config get` (or of `--config-file`).
    pub fn from_json_text(text: &str) -> Result<Config, String> {
        Config::from_value(&json_value(text)?)
    }

    /// Read TOML configuration text (one file of `conf.d`).
    pub fn from_toml_text(text: &str) -> Result<Config, String> {
        Config::from_value(&toml_value(text)?)
    }

    /// Read a configuration as TOML or as JSON, whichever it is.
    pub fn from_text(text: &str) -> Result<Config, String> {
        Config::from_value(&config_value(text)?)
    }

    /// Read a configuration already parsed.
    pub fn from_value(v: &Value) -> Result<Config, String> {
        let Value::Object(top) = v else {
            return Err("the configuration must be an object".into());
        };
        let Some(queues) = top.get("queues") else {
            return Ok(Config::default());
        };
        let Value::Object(queues) = queues else {
            return Err("queues must be a table of queues".into());
        };
        let mut out = Vec::with_capacity(queues.len());
        for (name, entry) in queues {
            let Value::Object(entry) = entry else {
                return Err(format!("queues.{name} must be a table"));
            };
            let requires = match entry.get("requires") {
                None => None,
                Some(Value::Array(items)) => Some(
                    items
                        .iter()
                        .map(|p| match p {
                            Value::String(s) => Ok(s.clone()),
                            other => Err(format!(
                                "property constraint must be a string, got {}",
                                python_type_name(other)
                            )),
                        })
                        .collect::<Result<Vec<_>, _>>()?,
                ),
                Some(_) => return Err(format!("queues.{name}.requires must be an array")),
            };
            let parent = match entry.get("parent") {
                None => None,
                Some(Value::String(s)) => Some(s.clone()),
                Some(_) => return Err(format!("queues.{name}.parent must be a string")),
            };
            out.push(ConfiguredQueue {
                name: name.clone(),
                requires,
                parent,
            });
        }
        Ok(Config { queues: Some(out) })
    }

    /// A queue by name.
    pub fn queue(&self, name: &str) -> Option<&ConfiguredQueue> {
        self.queues.as_ref()?.iter().find(|q| q.name == name)
    }

    /// The entry whose `requires` a queue uses: its own, or its parent's
    /// for a virtual queue (`queue_effective_entry`).
    pub fn effective<'a>(&'a self, q: &'a ConfiguredQueue) -> Result<&'a ConfiguredQueue, String> {
        match &q.parent {
            None => Ok(q),
            Some(parent) => self.queue(parent).ok_or_else(|| {
                format!(
                    "queue '{}': parent queue '{parent}' is not configured",
                    q.name
                )
            }),
        }
    }
}

/// A configuration's text as a value: JSON starts with `{` (TOML never
/// does), so a person can paste either.
pub fn config_value(text: &str) -> Result<Value, String> {
    if text.trim_start().starts_with('{') {
        json_value(text)
    } else {
        toml_value(text)
    }
}

fn json_value(text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{e}"))
}

/// TOML, its errors placed as `line:column: message`.
fn toml_value(text: &str) -> Result<Value, String> {
    toml::from_str(text).map_err(|e| placed_toml_error(text, &e))
}

/// A TOML error of `text` as `line:column: message` (the message alone
/// when the parser gives no place).
pub(crate) fn placed_toml_error(text: &str, e: &toml::de::Error) -> String {
    let msg = e.message();
    match e.span() {
        Some(span) => {
            let (line, col) = line_col(text, span.start);
            format!("{line}:{col}: {msg}")
        }
        None => msg.to_string(),
    }
}

/// Whether a node meets a queue's `requires`: it holds each property
/// named, and none named with `^` (`has` says whether it holds one). The
/// one rule `flux resource -q`, the grid's queue colouring and its
/// findings all use.
pub fn meets(requires: &[String], has: impl Fn(&str) -> bool) -> bool {
    requires.iter().all(|p| match p.strip_prefix('^') {
        Some(name) => !has(name),
        None => has(p),
    })
}

fn python_type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "NoneType",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "int",
        Value::String(_) => "str",
        Value::Array(_) => "list",
        Value::Object(_) => "dict",
    }
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Each configured queue's resources (`QueueResources`): what its
/// effective `requires` selects, or everything.
pub fn queue_sets(rset: &Rv1, config: &Config) -> Result<Vec<(String, Rv1)>, String> {
    let Some(queues) = &config.queues else {
        return Ok(Vec::new());
    };
    let mut out = Vec::with_capacity(queues.len());
    for q in queues {
        let entry = config.effective(q)?;
        let set = match &entry.requires {
            Some(req) => rset.matching(req),
            None => rset.clone(),
        };
        out.push((q.name.clone(), set));
    }
    Ok(out)
}

/// The ranks of the named queues (`ranks_by_queue`); an unknown name is
/// the reference's "NAME: no such queue".
pub fn ranks_by_queue(rset: &Rv1, config: &Config, names: &[String]) -> Result<IdSet, String> {
    let sets = queue_sets(rset, config)?;
    let mut ranks = IdSet::new();
    for name in names {
        let (_, set) = sets
            .iter()
            .find(|(n, _)| n == name)
            .ok_or_else(|| format!("{name}: no such queue"))?;
        ranks = ranks.union(&set.ranks());
    }
    Ok(ranks)
}

/// Warnings about queues no node can serve: a `requires` property that
/// no node of `rset` holds (a queue then has no nodes, which flux-core
/// reports only as empty lines).
pub fn unmatched_requires(rset: &Rv1, config: &Config) -> Vec<String> {
    unmatched_by(config, &rset.property_names())
}

/// [`unmatched_requires`] for nodes that hold, between them, the
/// properties `held`.
pub fn unmatched_by(config: &Config, held: &[&str]) -> Vec<String> {
    let Some(queues) = &config.queues else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for q in queues {
        for p in q.requires.iter().flatten() {
            if !p.starts_with('^') && !held.contains(&p.as_str()) {
                out.push(format!(
                    "queue '{}' requires property '{p}', which no node has, so the queue has no nodes",
                    q.name
                ));
            }
        }
    }
    out
}
