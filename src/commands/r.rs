//! `rscope R decode`, `encode` and `validate`, and `rscope summary`, as
//! functions of text: what each prints for a given input and options.

use super::{finding, Failure, Finding};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json;
use crate::rset::{self, Rset};

/// Read a stream of R objects as `flux R` does: documents until the first
/// thing that is not JSON; at least one is required.
pub fn load_stream(text: &str) -> Result<Vec<Rset>, Failure> {
    rset::load_stream(text).map_err(|e| {
        let what = if e.kind() == rset::ErrorKind::Json {
            "Failed to read an R object"
        } else {
            "Failed to decode R on stdin"
        };
        Failure::at(
            format!("{what}: {e}"),
            text,
            e.span().map_or(0, |s| s.start),
        )
    })
}

/// The union of `sets` in order, as `flux R` folds them; an empty list is
/// refused.
pub fn union_all(sets: Vec<Rset>) -> Result<Rset, Failure> {
    let mut it = sets.into_iter();
    let mut acc = it
        .next()
        .ok_or_else(|| Failure::new("union requires at least 1 resource sets"))?;
    for s in it {
        acc = acc.union(&s).map_err(|e| {
            Failure::new(format!(
                "union ({}, {}) failed: {e}",
                acc.short_form(),
                s.short_form()
            ))
        })?;
    }
    Ok(acc)
}

/// Options of `decode`, as `rscope R decode`'s flags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DecodeOptions {
    /// `--short`: the short form.
    pub short: bool,
    /// `--nodelist`: the host names as a host list.
    pub nodelist: bool,
    /// `--ranks`: the ranks as an id set.
    pub ranks: bool,
    /// `--count TYPE`.
    pub count: Option<String>,
    /// `--include RANKS`.
    pub include: Option<String>,
    /// `--exclude RANKS`.
    pub exclude: Option<String>,
    /// `--properties LIST`.
    pub properties: Option<String>,
}

fn decode_idset(s: &str, what: &str) -> Result<IdSet, Failure> {
    IdSet::decode(s).map_err(|e| Failure::new(format!("invalid {what} '{s}': {e}")))
}

/// What `rscope R decode` prints for the R objects of `text`.
pub fn decode(text: &str, o: &DecodeOptions) -> Result<String, Failure> {
    let mut rl = union_all(load_stream(text)?)?;
    if let Some(list) = &o.properties {
        rl = rl
            .filter_properties(list)
            .map_err(|e| Failure::new(format!("Invalid property constraint: {e}")))?;
    }
    if let Some(r) = &o.include {
        rl = rl.include_ranks(&decode_idset(r, "ranks option")?);
    }
    if let Some(r) = &o.exclude {
        rl.exclude_ranks(&decode_idset(r, "idset in --exclude option")?);
    }
    decoded(&rl, o)
}

/// The lines `decode` prints about `rl`.
fn decoded(rl: &Rset, o: &DecodeOptions) -> Result<String, Failure> {
    let mut out = String::new();
    if o.short {
        out.push_str(&rl.short_form());
        out.push('\n');
    }
    if o.nodelist {
        let hl = rl
            .nodelist()
            .ok_or_else(|| Failure::new("rlist_nodelist: some ranks have no host name"))?;
        out.push_str(&hl.to_string());
        out.push('\n');
    }
    if o.ranks {
        out.push_str(&rl.ranks().to_string());
        out.push('\n');
    }
    if let Some(t) = &o.count {
        let n = match t.as_str() {
            "node" => rl.len() as u64,
            "core" => rl.reference_core_count(),
            t => rl.count(t),
        };
        out.push_str(&format!("{n}\n"));
    }
    if !(o.short || o.nodelist || o.ranks || o.count.is_some()) {
        out.push_str(&rl.encode());
        out.push('\n');
    }
    Ok(out)
}

/// Options of `encode`, as `rscope R encode`'s flags.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodeOptions {
    /// `--ranks IDSET` (default: one per host, or rank 0).
    pub ranks: Option<String>,
    /// `--cores IDS` of each rank (default 0 unless `gpus` is given).
    pub cores: Option<String>,
    /// `--gpus IDS` of each rank.
    pub gpus: Option<String>,
    /// `--hosts HOSTS` (default: `local_host` for each rank).
    pub hosts: Option<String>,
    /// `--property NAME[:RANKS]`, repeatable.
    pub property: Vec<String>,
}

/// `NAME[:RANKS]` pairs in `json_object_set` order: a repeated name keeps
/// its first position and takes the last value.
pub fn property_pairs(args: &[String], all: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for a in args {
        let (name, ranks) = match a.split_once(':') {
            Some((n, r)) => (n.to_string(), r.to_string()),
            None => (a.clone(), all.to_string()),
        };
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some(slot) => slot.1 = ranks,
            None => out.push((name, ranks)),
        }
    }
    out
}

/// `rlist_assign_properties`: check every pair first, then apply in order.
pub fn assign_properties(rl: &mut Rset, pairs: &[(String, String)]) -> Result<(), String> {
    let mut parsed = Vec::new();
    for (name, ranks) in pairs {
        if let Some(c) = name.chars().find(|c| "^&'\"`|()".contains(*c)) {
            return Err(format!(
                "failed to assign properties: invalid character '{c}' in property \"{name}\""
            ));
        }
        let ids = IdSet::decode(ranks).map_err(|_| {
            format!(
                "failed to assign properties: invalid idset '{ranks}' specified for property \"{name}\""
            )
        })?;
        parsed.push((name, ids));
    }
    for (name, ids) in parsed {
        rl.add_property(name, &ids)
            .map_err(|e| format!("failed to assign properties: {e}"))?;
    }
    Ok(())
}

/// The host names of `hosts` (or `local_host` alone) one by one.
fn host_names(hosts: Option<&str>, local_host: &str) -> Result<Vec<String>, String> {
    let hl = match hosts {
        Some(h) => Hostlist::parse(h).map_err(|e| format!("invalid hostlist '{h}': {e}"))?,
        None => {
            let mut hl = Hostlist::new();
            hl.push_host(local_host);
            hl
        }
    };
    Ok(hl.iter().collect())
}

/// `encode`'s ranks and the host name of each.
fn ranks_and_hosts(o: &EncodeOptions, local_host: &str) -> Result<(Vec<u32>, Vec<String>), String> {
    let Some(r) = &o.ranks else {
        let hosts = host_names(o.hosts.as_deref(), local_host)?;
        let n = u32::try_from(hosts.len()).map_err(|_| "too many hosts".to_string())?;
        return Ok(((0..n).collect(), hosts));
    };
    let ids = IdSet::decode(r).map_err(|_| format!("Failed to decode ranks='{r}' as idset"))?;
    if ids.len() > rset::MAX_RANKS {
        return Err(format!(
            "more than {} ranks (Rscope's limit)",
            rset::MAX_RANKS
        ));
    }
    let hosts = match &o.hosts {
        Some(h) => {
            let names = host_names(Some(h), local_host)?;
            if !ids.is_empty() && names.len() as u64 != ids.len() {
                return Err(format!(
                    "hostname count in '{h}' does not match nranks ({})",
                    ids.len()
                ));
            }
            names
        }
        None => vec![local_host.to_string(); ids.len() as usize],
    };
    Ok((ids.iter().collect(), hosts))
}

/// What `rscope R encode` prints, with `local_host` standing for the
/// machine's name where no host is given.
pub fn encode(o: &EncodeOptions, local_host: &str) -> Result<String, Failure> {
    let gpus = o.gpus.clone().unwrap_or_default();
    let mut cores = o.cores.clone().unwrap_or_default();
    if gpus.is_empty() && cores.is_empty() {
        cores = "0".into();
    }
    let (ranks, hosts) = ranks_and_hosts(o, local_host)?;
    let core_ids = IdSet::decode(&cores).map_err(|_| {
        format!(
            "rlist_append rank={}: invalid cores '{cores}'",
            ranks.first().copied().unwrap_or(0)
        )
    })?;
    // The reference ignores a --gpus value it cannot decode.
    let gpu_ids = IdSet::decode(&gpus).ok().filter(|_| !gpus.is_empty());
    let mut rl = Rset::new();
    for (i, rank) in ranks.iter().enumerate() {
        let host = hosts.get(i).map(String::as_str);
        rl.add_rank(*rank, host, &[("core", &core_ids)])
            .map_err(|e| e.to_string())?;
        if let Some(g) = &gpu_ids {
            rl.add_child_to_rank(*rank, "gpu", g)
                .map_err(|e| e.to_string())?;
        }
    }
    if !o.property.is_empty() {
        let all = rl.ranks().to_string();
        assign_properties(&mut rl, &property_pairs(&o.property, &all))?;
    }
    Ok(rl.encode() + "\n")
}

/// The findings of every document in `text` (several when it holds a
/// stream of them), with spans into `text`, as `rscope R validate` lists
/// them.
pub fn validate(text: &str) -> Vec<crate::diag::Diagnostic> {
    let (docs, _) = json::split_stream(text);
    if docs.len() <= 1 {
        return crate::document::parse_document(text).diagnostics().to_vec();
    }
    docs.iter()
        .flat_map(|r| {
            crate::document::parse_document(&text[r.clone()])
                .diagnostics()
                .iter()
                .map(|d| d.clone().offset(r.start))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// [`validate`]'s findings placed for the JS API.
pub fn findings(text: &str) -> Vec<Finding> {
    validate(text).iter().map(|d| finding(d, text)).collect()
}

/// What `rscope summary` prints.
pub fn summary_text(s: &rset::Summary) -> String {
    format!(
        "version {}\nnodes {}\ncores {}\ngpus {}\n",
        s.version, s.nodes, s.cores, s.gpus
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const GPU: &str = include_str!("../../tests/fixtures/r/gpu-cluster.json");

    #[test]
    fn decode_prints_each_asked_line_in_the_cli_order() {
        let o = DecodeOptions {
            short: true,
            ranks: true,
            count: Some("gpu".into()),
            ..Default::default()
        };
        let out = decode(GPU, &o).unwrap();
        assert_eq!(out.lines().count(), 3, "{out}");
        let enc = decode(GPU, &DecodeOptions::default()).unwrap();
        assert_eq!(decode(&enc, &DecodeOptions::default()).unwrap(), enc);
    }

    #[test]
    fn a_broken_document_fails_with_its_place() {
        let e = decode(
            "{\"version\": 1,\n  \"execution\": [}",
            &DecodeOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.at.map(|(l, _)| l), Some(2), "{e:?}");
        assert!(e.located().ends_with(')'));
    }

    #[test]
    fn encode_names_ranks_after_the_hosts_given() {
        let o = EncodeOptions {
            hosts: Some("n[0-1]".into()),
            cores: Some("0-3".into()),
            property: vec!["big:1".into()],
            ..Default::default()
        };
        let out = encode(&o, "here").unwrap();
        let short = decode(
            &out,
            &DecodeOptions {
                short: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(short, "rank[0-1]/core[0-3]\n");
        assert!(out.contains(r#""big": "1""#), "{out}");
        let bad = EncodeOptions {
            ranks: Some("0-1".into()),
            hosts: Some("a".into()),
            ..Default::default()
        };
        assert!(encode(&bad, "x")
            .unwrap_err()
            .message
            .starts_with("hostname count"));
    }

    #[test]
    fn findings_carry_line_column_span_and_pointer() {
        let f = findings("{\"version\": 2}");
        assert!(!f.is_empty());
        assert_eq!((f[0].line, f[0].severity.as_str()), (1, "error"));
        assert!(summary_text(&rset::summarize(GPU).unwrap()).starts_with("version 1\n"));
    }
}
