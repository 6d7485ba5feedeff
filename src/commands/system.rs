//! `rscope config`: a Flux system configuration read whole, as its
//! administrator asks about it. The R that `[resource]` makes (what
//! `flux R parse-config` prints), the same R re-ranked by `[bootstrap]
//! hosts` when that order differs (what the instance does, as `flux R
//! rerank` prints it), the rank↔host table, and the findings: ranks whose
//! host differs, excluded ranks, and every key Rscope reads and ignores.
//!
//! The files are merged as the broker merges `conf.d`: every file's tables
//! into one, a key set by two files refused.

use crate::resource::bootstrap;
use crate::resource::queues::placed_toml_error;
use crate::rset::host_order::HostOrderCheck;
use crate::rset::{self, Rset};
use serde_json::Value;

/// The top-level tables Rscope reads, and the `[resource]` keys.
const READ_TABLES: [&str; 3] = ["bootstrap", "queues", "resource"];
const READ_RESOURCE_KEYS: [&str; 4] = ["config", "exclude", "path", "scheduling"];

/// A system configuration: its files merged into one table, held as the
/// JSON `flux config get` prints (a TOML date is the one-key table
/// `{"$__toml_private_datetime": …}` there).
#[derive(Clone, Debug, PartialEq)]
pub struct SystemConfig {
    value: Value,
}

impl SystemConfig {
    /// Merge configuration files (name, TOML text), in the order given,
    /// into one table. A file that does not read is refused as
    /// `name:line:column: message`; a key set twice names the file that
    /// sets it again.
    pub fn merge(files: &[(String, String)]) -> Result<SystemConfig, String> {
        let mut merged = toml::Table::new();
        for (name, text) in files {
            let t: toml::Table = text
                .parse()
                .map_err(|e: toml::de::Error| format!("{name}:{}", placed_toml_error(text, &e)))?;
            merge_tables(&mut merged, t).map_err(|k| format!("{name}: duplicate key '{k}'"))?;
        }
        let value = serde_json::to_value(merged).map_err(|e| e.to_string())?;
        Ok(SystemConfig { value })
    }

    /// A configuration already read and merged: the JSON `flux config get`
    /// prints, or TOML read into a value.
    pub fn from_value(value: Value) -> SystemConfig {
        SystemConfig { value }
    }

    /// The merged configuration.
    pub fn value(&self) -> &Value {
        &self.value
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
}

fn merge_tables(into: &mut toml::Table, from: toml::Table) -> Result<(), String> {
    for (k, v) in from {
        match (into.get_mut(&k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge_tables(a, b)?,
            (Some(_), _) => return Err(k),
            (None, v) => {
                into.insert(k, v);
            }
        }
    }
    Ok(())
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

/// Where the R to report comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The configuration's own (`[resource] config` or `path`): the
    /// instance re-ranks it by `[bootstrap] hosts`, so a rank whose host
    /// differs is a note (it moves), and only hosts it cannot re-rank by
    /// are an error.
    Configured,
    /// An R given to check (`--r`): a rank whose host differs is an error.
    Checked,
}

/// What `rscope config` prints of `conf`, with the R to report (`r`: the
/// R of `--r` or of `resource.path`, else the one `[resource] config`
/// makes), and whether a finding is an error.
pub fn report(
    conf: &SystemConfig,
    r: Option<Rset>,
    source: Source,
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
    if let (Some(set), Some(order)) = (&r, &order) {
        findings.extend(against_order(set, order, source, &mut out));
        out.push_str(&rank_table(set, order));
    }
    if r.is_none() {
        findings.push((
            "note",
            "no R: the configuration has no [resource] config entries (give one with --r)".into(),
        ));
    }
    findings.extend(ignored_keys(conf).into_iter().map(|k| ("note", k)));
    let errors = findings.iter().any(|(s, _)| *s == "error");
    for (severity, message) in findings {
        out.push_str(&format!("{severity}: {message}\n"));
    }
    Ok((out, errors))
}

/// The findings of `set`'s ranks against `order`; for a configured R that
/// the instance re-ranks, the re-ranked R is added to `out`.
fn against_order(
    set: &Rset,
    order: &crate::hostlist::Hostlist,
    source: Source,
    out: &mut String,
) -> Vec<(&'static str, String)> {
    let nodes = set.nodes_by_rank();
    let check = HostOrderCheck::of(nodes.iter().map(|n| (n.rank(), n.hostname())), order);
    let messages = check.messages("[bootstrap] hosts");
    if check.agrees() && check.hosts == check.ranks {
        return Vec::new();
    }
    if source == Source::Checked {
        return messages.into_iter().map(|m| ("error", m)).collect();
    }
    let mut moved = set.clone();
    match moved.rerank(order) {
        Ok(()) => {
            out.push_str("R re-ranked by [bootstrap] hosts, as the instance ranks it:\n");
            out.push_str(&moved.encode());
            out.push('\n');
            let why = "the instance re-ranks this R by [bootstrap] hosts, so these ranks move";
            std::iter::once(("note", why.to_string()))
                .chain(messages.into_iter().map(|m| ("note", m)))
                .collect()
        }
        Err(e) => {
            let why = format!("the instance cannot re-rank this R by [bootstrap] hosts: {e}");
            std::iter::once(("error", why))
                .chain(messages.into_iter().map(|m| ("error", m)))
                .collect()
        }
    }
}

/// Rank, its host in `[bootstrap] hosts` and in the R, one line each.
fn rank_table(set: &Rset, order: &crate::hostlist::Hostlist) -> String {
    let expected: Vec<String> = order.iter().collect();
    let nodes = set.nodes_by_rank();
    let in_r = |rank: usize| {
        nodes
            .iter()
            .find(|n| n.rank() as usize == rank)
            .and_then(|n| n.hostname())
            .unwrap_or("-")
            .to_string()
    };
    let last = nodes.last().map_or(0, |n| n.rank() as usize + 1);
    let width = expected.iter().map(String::len).max().unwrap_or(1).max(17);
    let mut out = format!("{:>4}  {:<width$}  R\n", "RANK", "[bootstrap] hosts");
    for rank in 0..last.max(expected.len()) {
        let want = expected.get(rank).map_or("-", String::as_str);
        out.push_str(&format!("{rank:>4}  {want:<width$}  {}\n", in_r(rank)));
    }
    out
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
        let (out, errors) = report(&conf(&text), None, Source::Configured).unwrap();
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
        let (out, errors) = report(&conf(&text), None, Source::Configured).unwrap();
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
        let (out, errors) = report(&conf(&text), r, Source::Checked).unwrap();
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
        let (out, errors) = report(&conf(&text), None, Source::Configured).unwrap();
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
    fn files_merge_and_a_key_set_twice_is_refused() {
        let files = |b: &str| {
            SystemConfig::merge(&[
                ("00-resource.toml".into(), TINY.into()),
                ("10-other.toml".into(), b.into()),
            ])
        };
        let merged = files("[resource]\nnoverify = true\n").unwrap();
        let (out, _) = report(&merged, None, Source::Configured).unwrap();
        assert!(
            out.ends_with("note: key 'resource.noverify' read and ignored\n"),
            "{out}"
        );
        assert_eq!(
            files("[[resource.config]]\nhosts = \"x\"\n").unwrap_err(),
            "10-other.toml: duplicate key 'config'"
        );
        assert_eq!(
            SystemConfig::merge(&[("bad.toml".into(), "[resource".into())]).unwrap_err(),
            "bad.toml:1:10: unclosed table, expected `]`"
        );
    }

    #[test]
    fn no_r_is_said_and_config_errors_are_the_references() {
        let (out, errors) = report(
            &conf("[bootstrap]\nhosts = [{ host = \"a1\" }]\n"),
            None,
            Source::Configured,
        )
        .unwrap();
        assert!(!errors);
        assert_eq!(
            out,
            "note: no R: the configuration has no [resource] config entries (give one with --r)\n"
        );
        let bad = conf("[[resource.config]]\ncores = \"0-3\"\n");
        assert!(report(&bad, None, Source::Configured)
            .unwrap_err()
            .starts_with("Config file error: "));
    }
}
