//! `rscope config`: a Flux system configuration read whole, as its
//! administrator asks about it. The R that `[resource]` makes (what
//! `flux R parse-config` prints), the same R re-ranked by `[bootstrap]
//! hosts` when that order differs (what the instance does, as `flux R
//! rerank` prints it), the ranks `[resource] exclude` takes out, the
//! rank↔host table, and the findings: ranks whose host differs, keys a
//! later file replaces, and every key Rscope reads and ignores.
//!
//! A configuration is TOML or the JSON `flux config get` prints, told
//! apart by content ([`SystemConfig::read`]). Files are merged as the
//! broker merges `conf.d` (`json_object_update_recursive`): tables merge
//! key by key, and any other value a later file sets replaces the earlier
//! one (an array too, so a second file's `[[resource.config]]` replaces the
//! first's; the report says so).

use crate::diag::line_col;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json;
use crate::resource::bootstrap;
use crate::resource::queues::placed_toml_error;
use crate::rset::config::jansson_type;
use crate::rset::host_order::HostOrderCheck;
use crate::rset::{self, Rset};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The top-level tables Rscope reads, and the `[resource]` keys.
const READ_TABLES: [&str; 3] = ["bootstrap", "queues", "resource"];
const READ_RESOURCE_KEYS: [&str; 4] = ["config", "exclude", "path", "scheduling"];

/// The `[resource]` keys flux-core's resource module takes, in the order
/// it unpacks them, each with the type it asks for (jansson's `s`, `o`,
/// `b`, `i`); any other key stops the module from loading.
const RESOURCE_MODULE_KEYS: [(&str, char); 11] = [
    ("path", 's'),
    ("scheduling", 's'),
    ("config", 'o'),
    ("verify", 'o'),
    ("exclude", 's'),
    ("norestrict", 'b'),
    ("noverify", 'b'),
    ("no-update-watch", 'b'),
    ("rediscover", 'b'),
    ("journal-max", 'i'),
    ("history", 's'),
];

/// A system configuration: its files merged into one table, held as the
/// JSON `flux config get` prints (a TOML date is the one-key table
/// `{"$__toml_private_datetime": …}` there), with the file each value came
/// from when it was read from files.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemConfig {
    value: Value,
    /// Dotted key of each value that is not a table → the file that set it.
    origins: BTreeMap<String, String>,
    /// Keys a later file set again, replacing the value: (dotted key, the
    /// file that replaced it, the file it replaced).
    replaced: Vec<(String, String, String)>,
}

impl SystemConfig {
    /// Merge configuration files (name, text: TOML, or a JSON object as
    /// [`SystemConfig::read`] tells them apart), in the order given, into
    /// one table as the broker does. A file that does not read is refused
    /// as `name:line:column: message`, JSON that is not an object as
    /// `name: JSON must be an object`.
    pub fn merge(files: &[(String, String)]) -> Result<SystemConfig, String> {
        let mut conf = SystemConfig::from_value(Value::Object(Map::new()));
        for (name, text) in files {
            let Value::Object(table) = read_value(name, text)? else {
                return Err(format!("{name}: JSON must be an object"));
            };
            conf.update(name, table);
        }
        Ok(conf)
    }

    /// One configuration text, TOML or the JSON `flux config get` prints
    /// (a text whose first character after white space is `{`; no TOML
    /// document starts so): what the page reads from pasted text. `name`
    /// places errors, as `name:line:column: message`.
    pub fn read(name: &str, text: &str) -> Result<SystemConfig, String> {
        SystemConfig::merge(&[(name.to_string(), text.to_string())])
    }

    /// The JSON form of a configuration (what `flux config get` prints):
    /// one JSON object. Refused: text that is not JSON, as
    /// `name:line:column: message`, and JSON that is not an object.
    pub fn from_json(name: &str, text: &str) -> Result<SystemConfig, String> {
        let Value::Object(table) = json_value(name, text)? else {
            return Err(format!("{name}: JSON must be an object"));
        };
        let mut conf = SystemConfig::from_value(Value::Object(Map::new()));
        conf.update(name, table);
        Ok(conf)
    }

    /// A configuration already read and merged: the JSON `flux config get`
    /// prints, or TOML read into a value.
    pub fn from_value(value: Value) -> SystemConfig {
        SystemConfig {
            value,
            origins: BTreeMap::new(),
            replaced: Vec::new(),
        }
    }

    /// The merged configuration.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The file that set the value at dotted `key` (`resource.exclude`),
    /// when the configuration was read from files.
    pub fn origin(&self, key: &str) -> Option<&str> {
        self.origins.get(key).map(String::as_str)
    }

    /// `resource.path`, when the configuration has no `resource.config`
    /// entries (which win over it, as in `flux R parse-config`).
    pub fn resource_path(&self) -> Option<&str> {
        let resource = self.value.get("resource")?;
        match resource.get("config") {
            Some(_) => None,
            None => resource.get("path")?.as_str(),
        }
    }

    /// Merge `table`, read from file `name`, into this configuration.
    fn update(&mut self, name: &str, table: Map<String, Value>) {
        let mut into = match std::mem::take(&mut self.value) {
            Value::Object(m) => m,
            _ => Map::new(),
        };
        let mut set = Vec::new();
        update_recursive(&mut into, table, "", &mut set);
        self.value = Value::Object(into);
        for (key, leaf, same) in set {
            // What the key held before: a value, or a table of values.
            // (Keys under it are one run of the ordered map.)
            let under = format!("{key}.");
            let mut old = self.origins.remove(&key);
            let below: Vec<String> = self
                .origins
                .range(under.clone()..)
                .take_while(|(k, _)| k.starts_with(&under))
                .map(|(k, _)| k.clone())
                .collect();
            for k in below {
                let file = self.origins.remove(&k);
                old = old.or(file);
            }
            if leaf {
                self.origins.insert(key.clone(), name.to_string());
            }
            if let (Some(old), false) = (old, same) {
                self.replaced.push((key, name.to_string(), old));
            }
        }
    }
}

/// `json_object_update_recursive`: each key of `from` into `into`, tables
/// merged key by key, any other value replacing; each table's keys kept in
/// name order (as the TOML reader gives them), so that a configuration
/// reads the same whatever its files' order of keys. `set` gets, in order,
/// the dotted key of each value that is not a table (`true`) and of each
/// table that replaces another value (`false`, before its keys), and
/// whether the value is the one it replaces. (The depth is the text's,
/// which the TOML and JSON readers bound.)
fn update_recursive(
    into: &mut Map<String, Value>,
    from: Map<String, Value>,
    prefix: &str,
    set: &mut Vec<(String, bool, bool)>,
) {
    for (k, v) in from {
        let key = format!("{prefix}{k}");
        match (into.get_mut(&k), v) {
            (Some(Value::Object(a)), Value::Object(b)) => {
                update_recursive(a, b, &format!("{key}."), set);
            }
            (old, Value::Object(b)) => {
                if old.is_some() {
                    set.push((key.clone(), false, false));
                }
                let mut fresh = Map::new();
                update_recursive(&mut fresh, b, &format!("{key}."), set);
                into.insert(k, Value::Object(fresh));
            }
            (old, v) => {
                let same = old.is_some_and(|o| *o == v);
                set.push((key, true, same));
                into.insert(k, v);
            }
        }
    }
    into.sort_keys();
}

/// A configuration file's text as a value: JSON when its first character
/// after white space is `{`, else TOML.
fn read_value(name: &str, text: &str) -> Result<Value, String> {
    if text.trim_start().starts_with('{') {
        return json_value(name, text);
    }
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("{name}:{}", placed_toml_error(text, &e)))?;
    serde_json::to_value(table).map_err(|e| format!("{name}: {e}"))
}

/// JSON text as a value, its errors worded by Rscope's reader and placed
/// as `name:line:column: message`.
fn json_value(name: &str, text: &str) -> Result<Value, String> {
    if let Err(d) = json::parse(text) {
        let at = line_col(text, d.span.start);
        return Err(format!("{name}:{}:{}: {}", at.line, at.col, d.message));
    }
    serde_json::from_str(text).map_err(|e| format!("{name}:{}:{}: {e}", e.line(), e.column()))
}

/// The R that `[resource] config` makes, as `flux R parse-config` builds
/// it; `None` when the configuration has no `config` entries.
pub fn config_r(conf: &SystemConfig) -> Result<Option<Rset>, String> {
    let Some(entries) = conf.value.get("resource").and_then(|r| r.get("config")) else {
        return Ok(None);
    };
    rset::from_config(entries)
        .map(Some)
        .map_err(|e| format!("Config file error: {e}"))
}

/// What `flux R parse-config` prints for `conf` (the R, one line): the R
/// of `[resource] config`, else the one read from `resource.path`, with
/// `resource.scheduling`'s JSON as its `scheduling` key. `read_file` gives
/// a named file's text, or its error as `path: reason`. Refused in the
/// reference's words (`Config file error: …`); a file that is not JSON or
/// not an R as `path: message (line L, column C)`.
pub fn parse_config(
    conf: &SystemConfig,
    read_file: &dyn Fn(&str) -> Result<String, String>,
) -> Result<String, String> {
    let unpack = |m: String| format!("Config file error: {m}");
    let resource = match conf.value.get("resource") {
        Some(Value::Object(t)) => t,
        Some(v) => return Err(unpack(format!("Expected object, got {}", jansson_type(v)))),
        None => return Err(unpack("Object item not found: resource".into())),
    };
    let string = |key: &str| match resource.get(key) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.as_str())),
        Some(v) => Err(unpack(format!("Expected string, got {}", jansson_type(v)))),
    };
    let (path, scheduling) = (string("path")?, string("scheduling")?);
    let mut r = match (resource.get("config"), path) {
        (Some(entries), _) => rset::from_config(entries).map_err(|e| unpack(e.to_string()))?,
        (None, Some(p)) => {
            let text = read_file(p)?;
            rset::load(&text).map_err(|e| placed(p, &text, &e.to_string(), e.span()))?
        }
        (None, None) => {
            return Err(unpack(
                "resource.config or resource.path must be defined".into(),
            ))
        }
    };
    if let Some(p) = scheduling {
        let text = read_file(p).map_err(|e| format!("resource.scheduling: {e}"))?;
        let v = json::parse(&text).map_err(|d| {
            let why = placed(p, &text, &d.message, Some(d.span.clone()));
            format!("resource.scheduling: {why}")
        })?;
        if !matches!(v, json::Value::Object(_) | json::Value::Array(_)) {
            let span = Some(json::range(&v));
            let why = placed(p, &text, "'[' or '{' expected", span);
            return Err(format!("resource.scheduling: {why}"));
        }
        r.set_scheduling(&text[json::range(&v)]);
    }
    Ok(r.encode() + "\n")
}

/// `path: message (line L, column C)`, or without the place.
fn placed(path: &str, text: &str, message: &str, span: Option<std::ops::Range<usize>>) -> String {
    match span {
        Some(s) => {
            let at = line_col(text, s.start);
            format!("{path}: {message} (line {}, column {})", at.line, at.col)
        }
        None => format!("{path}: {message}"),
    }
}

/// The R as the instance ranks it: `r` re-ranked by `[bootstrap] hosts`
/// when the configuration has them and they name each of its hosts once
/// (as the resource module re-ranks a configured R), else `r` as it is.
pub fn instance_r(conf: &SystemConfig, r: &Rset) -> Rset {
    let mut moved = r.clone();
    match bootstrap::hosts(&conf.value) {
        Ok(Some(order)) if moved.rerank(&order).is_ok() => moved,
        _ => r.clone(),
    }
}

/// The ranks `[resource] exclude` takes out of `r` (an R as the instance
/// ranks it, [`instance_r`]), as flux-core's resource module reads the
/// key: an RFC 22 id set of ranks (`idset_decode`), else an RFC 29 host
/// list of hosts of `r`. Empty when the key is not set. Refused in the
/// module's words: a value that is not a string, a host list that does
/// not decode or names a host `r` does not have, a rank past the
/// instance's last (its `[bootstrap] hosts`, else `r`'s ranks).
pub fn excluded(conf: &SystemConfig, r: &Rset) -> Result<IdSet, String> {
    let Some(v) = conf.value.get("resource").and_then(|t| t.get("exclude")) else {
        return Ok(IdSet::new());
    };
    let Value::String(text) = v else {
        return Err(format!(
            "error parsing [resource] configuration: Expected string, got {}",
            jansson_type(v)
        ));
    };
    let decoding =
        |why: String| format!("error decoding exclude set {text}: invalid targets: {why}");
    let ranks = match IdSet::decode(text) {
        Ok(ranks) => ranks,
        Err(_) => {
            let hosts =
                Hostlist::parse(text).map_err(|_| decoding("Hostlist cannot be decoded".into()))?;
            return r
                .hosts_to_ranks(&hosts)
                .map_err(|e| decoding(e.to_string()));
        }
    };
    let size = match bootstrap::hosts(&conf.value) {
        Ok(Some(order)) => order.len(),
        _ => r.ranks().last().map_or(0, |l| u64::from(l) + 1),
    };
    match ranks.last() {
        Some(last) if u64::from(last) >= size => Err(format!(
            "exclude set {text} is out of range (the instance has {})",
            crate::words::count(size, "rank")
        )),
        _ => Ok(ranks),
    }
}

/// Where the R to report comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportSource {
    /// The configuration's own (`[resource] config` or `path`): the
    /// instance re-ranks it by `[bootstrap] hosts`, so a rank whose host
    /// differs is a note (it moves), and only hosts it cannot re-rank by
    /// are an error.
    Configured,
    /// An R given to check (`--r`): a rank whose host differs is an error.
    Checked,
}

/// What `rscope config` says of a configuration without an R.
const NO_R: &str = "no R: the configuration has no [resource] config entries (check an R against it with --r, or open the R in a tab beside it)";

/// What `rscope config` prints of `conf`, with the R to report (`r`: the
/// R of `--r` or of `resource.path`, else the one `[resource] config`
/// makes), and whether a finding is an error.
pub fn report(
    conf: &SystemConfig,
    r: Option<Rset>,
    source: ReportSource,
) -> Result<(String, bool), String> {
    let order = bootstrap::hosts(&conf.value)?;
    let r = match r {
        Some(r) => Some(r),
        None => config_r(conf)?,
    };
    let mut out = String::new();
    let mut findings: Vec<(&str, String)> = Vec::new();
    if let Some(set) = &r {
        out.push_str("R:\n");
        out.push_str(&set.encode());
        out.push('\n');
    }
    let mut ranked = r.clone();
    if let (Some(set), Some(order)) = (&r, &order) {
        let (found, moved) = against_order(set, order, source, &mut out);
        findings.extend(found);
        if moved.is_some() {
            ranked = moved;
        }
    }
    let table_error = resource_table_error(conf);
    let mut out_ranks = IdSet::new();
    if let (Some(set), None) = (&ranked, &table_error) {
        match excluded(conf, set) {
            Ok(ids) => {
                if !ids.is_empty() {
                    out.push_str(&format!("excluded: {}\n", excluded_words(set, &ids)));
                }
                out_ranks = ids;
            }
            Err(e) => {
                let at = conf.origin("resource.exclude");
                let place = at.map_or(String::new(), |f| format!("{f}: "));
                findings.push(("error", format!("{place}resource.exclude: {e}")));
            }
        }
    }
    if let (Some(set), Some(order)) = (&r, &order) {
        out.push_str(&rank_table(set, order, &out_ranks));
    }
    findings.extend(table_error.map(|e| ("error", e)));
    if r.is_none() {
        // Without an R, `[bootstrap] hosts` still gives each host its rank.
        if let Some(order) = order.as_ref().filter(|o| !o.is_empty()) {
            let ranks = IdSet::from_ranges([(0, (order.len() - 1) as u32)]);
            let verb = if order.len() == 1 { "is" } else { "are" };
            out.push_str(&format!(
                "rank order ([bootstrap] hosts): {ranks} {verb} {order}\n"
            ));
        }
        findings.push(("note", NO_R.into()));
    }
    findings.extend(conf.replaced.iter().map(|(key, by, old)| {
        let why =
            format!("key '{key}' set in {old} is replaced by {by} (the last file's value wins)");
        ("note", why)
    }));
    findings.extend(ignored_keys(conf).into_iter().map(|k| ("note", k)));
    let errors = findings.iter().any(|(s, _)| *s == "error");
    for (severity, message) in findings {
        out.push_str(&format!("{severity}: {message}\n"));
    }
    Ok((out, errors))
}

/// `ranks 2-3 (tiny[3-4])`: excluded ranks of `set` and their hosts.
fn excluded_words(set: &Rset, ids: &IdSet) -> String {
    let mut hosts = Hostlist::new();
    for n in set.nodes_by_rank() {
        if let (true, Some(h)) = (ids.contains(n.rank()), n.hostname()) {
            hosts.push_host(h);
        }
    }
    let ranks = if ids.len() == 1 { "rank" } else { "ranks" };
    match hosts.is_empty() {
        true => format!("{ranks} {}", ids.encode(false)),
        false => format!("{ranks} {} ({hosts})", ids.encode(false)),
    }
}

/// The findings of `set`'s ranks against `order`; for a configured R that
/// the instance re-ranks, the re-ranked R is added to `out` and returned.
fn against_order(
    set: &Rset,
    order: &Hostlist,
    source: ReportSource,
    out: &mut String,
) -> (Vec<(&'static str, String)>, Option<Rset>) {
    let nodes = set.nodes_by_rank();
    let check = HostOrderCheck::of(nodes.iter().map(|n| (n.rank(), n.hostname())), order);
    let messages = check.messages("[bootstrap] hosts");
    if check.agrees() && check.hosts == check.ranks {
        return (Vec::new(), None);
    }
    if source == ReportSource::Checked {
        return (messages.into_iter().map(|m| ("error", m)).collect(), None);
    }
    let mut moved = set.clone();
    match moved.rerank(order) {
        Ok(()) => {
            out.push_str("R re-ranked by [bootstrap] hosts, as the instance ranks it:\n");
            out.push_str(&moved.encode());
            out.push('\n');
            let why = "the instance re-ranks this R by [bootstrap] hosts, so these ranks move";
            let found = std::iter::once(("note", why.to_string()))
                .chain(messages.into_iter().map(|m| ("note", m)))
                .collect();
            (found, Some(moved))
        }
        Err(e) => {
            let why = format!("the instance cannot re-rank this R by [bootstrap] hosts: {e}");
            let found = std::iter::once(("error", why))
                .chain(messages.into_iter().map(|m| ("error", m)))
                .collect();
            (found, None)
        }
    }
}

/// Rank, its host in `[bootstrap] hosts` and in the R, one line each; a
/// rank `[resource] exclude` takes out ends with `  excluded`.
fn rank_table(set: &Rset, order: &Hostlist, excluded: &IdSet) -> String {
    let expected: Vec<String> = order.iter().collect();
    let nodes = set.nodes_by_rank();
    let hosts: std::collections::HashMap<usize, &str> = nodes
        .iter()
        .filter_map(|n| Some((n.rank() as usize, n.hostname()?)))
        .collect();
    let in_r = |rank: usize| hosts.get(&rank).copied().unwrap_or("-");
    let last = nodes.last().map_or(0, |n| n.rank() as usize + 1);
    let width = expected.iter().map(String::len).max().unwrap_or(1).max(17);
    let mut out = format!("{:>4}  {:<width$}  R\n", "RANK", "[bootstrap] hosts");
    for rank in 0..last.max(expected.len()) {
        let want = expected.get(rank).map_or("-", String::as_str);
        out.push_str(&format!("{rank:>4}  {want:<width$}  {}", in_r(rank)));
        if u32::try_from(rank).is_ok_and(|r| excluded.contains(r)) {
            out.push_str("  excluded");
        }
        out.push('\n');
    }
    out
}

/// Why the resource module would refuse the `[resource]` table, as it
/// unpacks it (`{s?{s?s s?s s?o s?o s?s s?b s?b s?b s?b s?i s?s !}}`):
/// `error parsing [resource] configuration: …` in jansson's words, after
/// the file that set the key when it is known. `None` when it takes it.
pub fn resource_table_error(conf: &SystemConfig) -> Option<String> {
    let refused = |key: Option<String>, why: String| {
        let at = key
            .and_then(|k| conf.origin(&k))
            .map_or(String::new(), |f| format!("{f}: "));
        Some(format!("{at}error parsing [resource] configuration: {why}"))
    };
    let table = match conf.value.get("resource")? {
        Value::Object(t) => t,
        v => return refused(None, format!("Expected object, got {}", jansson_type(v))),
    };
    for (key, kind) in RESOURCE_MODULE_KEYS {
        let Some(v) = table.get(key) else { continue };
        let want = match (kind, v) {
            ('s', Value::String(_)) | ('o', _) | ('b', Value::Bool(_)) => continue,
            ('i', Value::Number(n)) if n.is_i64() || n.is_u64() => continue,
            ('s', _) => "string",
            ('b', _) => "true or false",
            _ => "integer",
        };
        let why = format!("Expected {want}, got {}", jansson_type(v));
        return refused(Some(format!("resource.{key}")), why);
    }
    let left: Vec<&str> = table
        .keys()
        .map(String::as_str)
        .filter(|k| !RESOURCE_MODULE_KEYS.iter().any(|(m, _)| m == k))
        .collect();
    let first = left.first().map(|k| format!("resource.{k}"));
    match left.len() {
        0 => None,
        n => refused(
            first,
            format!("{n} object item(s) left unpacked: {}", left.join(", ")),
        ),
    }
}

/// The keys Rscope reads and does not use, in words.
fn ignored_keys(conf: &SystemConfig) -> Vec<String> {
    let Value::Object(top) = &conf.value else {
        return Vec::new();
    };
    let mut out: Vec<String> = top
        .keys()
        .filter(|k| !READ_TABLES.contains(&k.as_str()))
        .map(|k| format!("key '{k}' read and ignored"))
        .collect();
    if let Some(Value::Object(b)) = top.get("bootstrap") {
        out.extend(
            b.keys()
                .filter(|k| k.as_str() != "hosts")
                .map(|k| format!("key 'bootstrap.{k}' read and ignored")),
        );
    }
    if let Some(Value::Object(resource)) = top.get("resource") {
        out.extend(
            resource
                .keys()
                .filter(|k| !READ_RESOURCE_KEYS.contains(&k.as_str()))
                .filter(|k| RESOURCE_MODULE_KEYS.iter().any(|(m, _)| m == k))
                .map(|k| format!("key 'resource.{k}' read and ignored")),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conf(text: &str) -> SystemConfig {
        SystemConfig::merge(&[("a.toml".into(), text.into())]).unwrap()
    }

    const TINY: &str = "[[resource.config]]\nhosts = \"tiny[1-4]\"\ncores = \"0-3\"\n";

    #[test]
    fn a_configuration_in_bootstrap_order_prints_its_r_and_table() {
        let text = format!(
            "{TINY}[bootstrap]\nhosts = [{{ host = \"tiny[1-2]\" }}, {{ host = \"tiny[3-4]\" }}]\n"
        );
        let (out, errors) = report(&conf(&text), None, ReportSource::Configured).unwrap();
        assert!(!errors);
        let r = config_r(&conf(TINY)).unwrap().unwrap().encode();
        assert_eq!(
            out,
            format!(
                "R:\n{r}\nRANK  [bootstrap] hosts  R\n   0  tiny1              tiny1\n   1  tiny2              tiny2\n   2  tiny3              tiny3\n   3  tiny4              tiny4\n"
            )
        );
    }

    #[test]
    fn another_bootstrap_order_reranks_the_r_and_says_which_ranks_move() {
        let text = format!(
            "{TINY}[bootstrap]\nhosts = [{{ host = \"tiny[4,1-3]\" }}]\n[policy]\njobspec = {{}}\n"
        );
        let (out, errors) = report(&conf(&text), None, ReportSource::Configured).unwrap();
        assert!(!errors);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[2],
            "R re-ranked by [bootstrap] hosts, as the instance ranks it:"
        );
        assert!(lines[3].contains("\"nodelist\": [\"tiny[4,1-3]\"]"));
        assert_eq!(
            &lines[4..],
            [
                "RANK  [bootstrap] hosts  R",
                "   0  tiny4              tiny1",
                "   1  tiny1              tiny2",
                "   2  tiny2              tiny3",
                "   3  tiny3              tiny4",
                "note: the instance re-ranks this R by [bootstrap] hosts, so these ranks move",
                "note: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts",
                "note: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts",
                "note: rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts",
                "note: rank 3 is tiny4 in the R but tiny3 in [bootstrap] hosts",
                "note: key 'policy' read and ignored",
            ]
        );
    }

    #[test]
    fn an_r_given_to_check_is_not_reranked_and_each_rank_that_differs_is_an_error() {
        let text = format!("{TINY}[bootstrap]\nhosts = [{{ host = \"tiny[2,1,3-4]\" }}]\n");
        let r = config_r(&conf(TINY)).unwrap();
        let (out, errors) = report(&conf(&text), r, ReportSource::Checked).unwrap();
        assert!(errors);
        assert!(!out.contains("re-ranked"));
        assert!(out.ends_with(
            "error: rank 0 is tiny1 in the R but tiny2 in [bootstrap] hosts\n\
             error: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts\n"
        ));
    }

    #[test]
    fn hosts_the_r_does_not_have_cannot_be_reranked_by() {
        let text = format!("{TINY}[bootstrap]\nhosts = [{{ host = \"tiny[1-3],big0\" }}]\n");
        let (out, errors) = report(&conf(&text), None, ReportSource::Configured).unwrap();
        assert!(errors);
        let last: Vec<&str> = out.lines().rev().take(2).collect();
        assert_eq!(
            last,
            [
                "error: rank 3 is tiny4 in the R but big0 in [bootstrap] hosts",
                "error: the instance cannot re-rank this R by [bootstrap] hosts: Host big0 not found in resources",
            ]
        );
    }

    #[test]
    fn files_merge_as_the_broker_merges_them_and_a_replaced_key_is_said() {
        let files = |b: &str| {
            SystemConfig::merge(&[
                ("00-resource.toml".into(), TINY.into()),
                ("10-other.toml".into(), b.into()),
            ])
        };
        let merged = files("[resource]\nnoverify = true\n").unwrap();
        let (out, _) = report(&merged, None, ReportSource::Configured).unwrap();
        assert!(
            out.ends_with("note: key 'resource.noverify' read and ignored\n"),
            "{out}"
        );
        let merged = files("[[resource.config]]\nhosts = \"x\"\ncores = \"0\"\n").unwrap();
        assert_eq!(
            merged.value()["resource"]["config"],
            serde_json::json!([{"hosts": "x", "cores": "0"}])
        );
        assert_eq!(merged.origin("resource.config"), Some("10-other.toml"));
        let (out, _) = report(&merged, None, ReportSource::Configured).unwrap();
        assert!(out.ends_with(
            "note: key 'resource.config' set in 00-resource.toml is replaced by 10-other.toml (the last file's value wins)\n"
        ), "{out}");
        // A file merged with itself replaces nothing.
        let twice =
            SystemConfig::merge(&[("a".into(), TINY.into()), ("b".into(), TINY.into())]).unwrap();
        assert_eq!(
            (twice.value(), twice.replaced.len()),
            (conf(TINY).value(), 0)
        );
        assert_eq!(twice.origin("resource.config"), Some("b"));
        // A table replacing a value, and a value replacing a table.
        let merged = SystemConfig::merge(&[
            ("a".into(), "x = 1\n[y]\nz = 2\n".into()),
            ("b".into(), "[x]\nw = 3\n".into()),
            ("c".into(), "y = 4\n".into()),
        ])
        .unwrap();
        assert_eq!(merged.value(), &serde_json::json!({"x": {"w": 3}, "y": 4}));
        assert_eq!(
            merged.replaced,
            [
                ("x".to_string(), "b".to_string(), "a".to_string()),
                ("y".to_string(), "c".to_string(), "a".to_string())
            ]
        );
        assert_eq!(
            SystemConfig::merge(&[("bad.toml".into(), "[resource".into())]).unwrap_err(),
            "bad.toml:1:10: unclosed table, expected `]`"
        );
    }

    #[test]
    fn the_json_form_reads_as_its_toml_does() {
        let toml = format!("{TINY}[bootstrap]\nhosts = [{{ host = \"tiny[4,1-3]\" }}]\n");
        let json = r#" {"bootstrap": {"hosts": [{"host": "tiny[4,1-3]"}]},
            "resource": {"config": [{"cores": "0-3", "hosts": "tiny[1-4]"}]}}"#;
        let (a, b) = (
            conf(&toml),
            SystemConfig::from_json("c.json", json).unwrap(),
        );
        assert_eq!(a.value(), b.value());
        assert_eq!(SystemConfig::read("c.json", json).unwrap(), b);
        assert_eq!(SystemConfig::read("a.toml", &toml).unwrap(), a);
        let report_of = |c: &SystemConfig| report(c, None, ReportSource::Configured).unwrap();
        assert_eq!(report_of(&a), report_of(&b));
        for (text, why) in [
            (
                "{\"resource\": }",
                "c.json:1:14: not JSON: unexpected close brace",
            ),
            ("[1]", "c.json: JSON must be an object"),
            ("", "c.json:1:1: not JSON: empty document"),
        ] {
            assert_eq!(SystemConfig::from_json("c.json", text).unwrap_err(), why);
        }
        assert_eq!(
            SystemConfig::read("c", "\n  {\"a\": 1,\n}").unwrap_err(),
            "c:2:10: not JSON: trailing commas are not allowed"
        );
    }

    #[test]
    fn exclude_names_ranks_or_hosts_of_the_r_as_the_instance_ranks_it() {
        let with = |exclude: &str| {
            let text = format!(
                "{TINY}[resource]\nexclude = {exclude}\n[bootstrap]\nhosts = [{{ host = \"tiny[4,1-3]\" }}]\n"
            );
            let c = conf(&text);
            let r = instance_r(&c, &config_r(&c).unwrap().unwrap());
            excluded(&c, &r).map(|ids| ids.encode(false))
        };
        assert_eq!(with("\"tiny[3-4]\""), Ok("0,3".into()));
        assert_eq!(with("\"1-2\""), Ok("1-2".into()));
        assert_eq!(with("\"\""), Ok("".into()));
        assert_eq!(
            with("\"tiny[4-6]\""),
            Err(
                "error decoding exclude set tiny[4-6]: invalid targets: invalid hosts: tiny[5-6]"
                    .into()
            )
        );
        assert_eq!(
            with("\"tiny[\""),
            Err(
                "error decoding exclude set tiny[: invalid targets: Hostlist cannot be decoded"
                    .into()
            )
        );
        assert_eq!(
            with("\"3-1\""),
            Err("error decoding exclude set 3-1: invalid targets: invalid hosts: 3-1".into())
        );
        assert_eq!(
            with("\"2-5\""),
            Err("exclude set 2-5 is out of range (the instance has 4 ranks)".into())
        );
        assert_eq!(
            with("3"),
            Err("error parsing [resource] configuration: Expected string, got integer".into())
        );
        let plain = conf(TINY);
        assert_eq!(
            excluded(&plain, &config_r(&plain).unwrap().unwrap()),
            Ok(IdSet::new())
        );
    }

    #[test]
    fn an_exclude_error_is_placed_in_its_file_and_marks_no_rank() {
        let c = SystemConfig::merge(&[
            ("00-r.toml".into(), TINY.into()),
            ("20-x.toml".into(), "[resource]\nexclude = \"9\"\n".into()),
        ])
        .unwrap();
        let (out, errors) = report(&c, None, ReportSource::Configured).unwrap();
        assert!(errors);
        assert!(out.ends_with(
            "error: 20-x.toml: resource.exclude: exclude set 9 is out of range (the instance has 4 ranks)\n"
        ), "{out}");
        let c = conf(&format!("{TINY}[resource]\nexclude = \"tiny4\"\n"));
        let (out, errors) = report(&c, None, ReportSource::Configured).unwrap();
        assert!(!errors);
        assert!(out.ends_with("\nexcluded: rank 3 (tiny4)\n"), "{out}");
    }

    #[test]
    fn a_resource_table_the_module_refuses_is_an_error_in_its_words() {
        let refused = |extra: &str| {
            let c = SystemConfig::merge(&[
                ("00-r.toml".into(), TINY.into()),
                ("10-x.toml".into(), format!("[resource]\n{extra}\n")),
            ])
            .unwrap();
            let (out, errors) = report(&c, None, ReportSource::Configured).unwrap();
            let last = out
                .lines()
                .filter(|l| l.starts_with("error: "))
                .collect::<Vec<_>>();
            (errors, last.join("\n"))
        };
        let says = |why: &str| {
            (
                true,
                format!("error: 10-x.toml: error parsing [resource] configuration: {why}"),
            )
        };
        assert_eq!(
            refused("junk = 1\nzz = 2"),
            says("2 object item(s) left unpacked: junk, zz")
        );
        assert_eq!(
            refused("noverify = 1"),
            says("Expected true or false, got integer")
        );
        assert_eq!(
            refused("journal-max = 1.5"),
            says("Expected integer, got real")
        );
        assert_eq!(
            refused("exclude = false"),
            says("Expected string, got false")
        );
        assert_eq!(
            refused("verify = 3\nhistory = \"1d\"\nrediscover = true"),
            (false, String::new())
        );
        let c = SystemConfig::from_value(serde_json::json!({"resource": [1]}));
        assert_eq!(
            resource_table_error(&c),
            Some("error parsing [resource] configuration: Expected object, got array".into())
        );
    }

    #[test]
    fn parse_config_reads_path_and_scheduling_through_the_reader_given() {
        let files = |p: &str| {
            match p {
            "R.json" => Ok(r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0"}}]}}"#.to_string()),
            "s.json" => Ok("{\n \"a\" : [1,2]}".to_string()),
            "bad.json" => Ok("\n 7".to_string()),
            _ => Err(format!("{p}: No such file or directory (os error 2)")),
        }
        };
        let run = |text: &str| parse_config(&conf(text), &files);
        assert_eq!(
            run("[resource]\npath = \"R.json\"\nscheduling = \"s.json\"\n"),
            Ok("{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"core\": \"0\"}}], \"starttime\": 0.0, \"expiration\": 0.0}, \"scheduling\": {\"a\": [1, 2]}}\n".into())
        );
        assert_eq!(
            run("[resource]\npath = \"R.json\"\nscheduling = \"bad.json\"\n"),
            Err("resource.scheduling: bad.json: '[' or '{' expected (line 2, column 2)".into())
        );
        assert_eq!(
            run("[resource]\npath = \"no.json\"\n"),
            Err("no.json: No such file or directory (os error 2)".into())
        );
        assert_eq!(
            run("[resource]\npath = \"s.json\"\n"),
            Err("s.json: missing key 'version' (line 1, column 1)".into())
        );
    }

    #[test]
    fn no_r_is_said_and_config_errors_are_the_references() {
        let (out, errors) = report(
            &conf("[bootstrap]\nhosts = [{ host = \"a1\" }]\n"),
            None,
            ReportSource::Configured,
        )
        .unwrap();
        assert!(!errors);
        assert_eq!(
            out,
            "rank order ([bootstrap] hosts): 0 is a1\n\
             note: no R: the configuration has no [resource] config entries (check an R against it with --r, or open the R in a tab beside it)\n"
        );
        let bad = conf("[[resource.config]]\ncores = \"0-3\"\n");
        assert!(report(&bad, None, ReportSource::Configured)
            .unwrap_err()
            .starts_with("Config file error: "));
    }
}
