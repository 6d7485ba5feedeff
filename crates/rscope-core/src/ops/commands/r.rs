//! `rscope R encode` and `validate`, and `rscope summary`, as functions
//! of text: what each prints for given options or input. `rscope R
//! decode` and the other operations over R documents are
//! [`crate::setops`]'s.

use super::{finding, ApiFinding, Failure};
use crate::diag::Diagnostic;
use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json;
use crate::rset::host_order::HostOrderCheck;
use crate::rset::{self, Rset};
use crate::setops;
use crate::setops::{assign_properties, property_pairs};

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
    /// The text of an hwloc XML topology (`--xml FILE`, or what `--local`
    /// found): every rank gets its cores and GPUs.
    pub xml: Option<String>,
    /// Count a GPU seen through several backends once per backend
    /// (`FLUX_HWLOC_GPU_NO_DEDUP` set).
    pub gpu_no_dedup: bool,
}

/// The cores and GPUs every rank gets from a topology: `0-(n-1)` each, as
/// librlist numbers them by logical index.
fn topology_children(xml: &str, no_dedup: bool) -> Result<(IdSet, IdSet), Failure> {
    let t = crate::hwloc::read(xml).map_err(|d| Failure::finding(&d, xml))?;
    let cores = t.cores().map_err(|d| Failure::finding(&d, xml))?;
    let gpus = t.gpus(!no_dedup).devices.len();
    let upto = |n: usize| match u32::try_from(n) {
        Ok(0) | Err(_) => IdSet::new(),
        Ok(n) => IdSet::from_range(0, n - 1),
    };
    Ok((upto(cores), upto(gpus)))
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
    } else if o.xml.is_some() {
        return Err(Failure::new(
            "do not specify --cores or --gpus with --local or --xml",
        ));
    }
    let (ranks, hosts) = ranks_and_hosts(o, local_host)?;
    if let Some(xml) = &o.xml {
        return encode_topology(o, xml, &ranks, &hosts);
    }
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
    with_properties(rl, &o.property)
}

/// The host name an R made from topology `xml` gets where none is given
/// and there is no machine to ask (the JS API, the page): the topology's
/// `HostName`, else `localhost`.
pub fn topology_host(xml: &str) -> String {
    crate::hwloc::read(xml)
        .ok()
        .and_then(|t| t.hostname().map(str::to_string))
        .unwrap_or_else(|| "localhost".to_string())
}

/// What the page says it read in topology `xml`, with the R it makes for
/// `hosts` and `ranks` (empty: the topology's host, rank 0), as `rscope R
/// encode --xml` would print it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TopologyView {
    /// `2 packages, 4 NUMA nodes, 48 cores, 96 PUs, 8 GPUs (16 OS devices,
    /// de-duplicated)`, or why the topology could not be read.
    pub read: Result<String, String>,
    /// The host name used when `hosts` is empty.
    pub host: String,
    /// The R, or why there is none (placed in the XML when it has a place).
    pub r: Result<String, String>,
}

/// What the page's topology panel asks: the XML and its two fields. The
/// page sends it to its shape worker, so a large topology is read off the
/// page's thread as the person types ([`TopologyAsk::view`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TopologyAsk {
    /// The topology's XML text.
    pub xml: String,
    /// The host list field (empty: the topology's host).
    pub hosts: String,
    /// The rank field (empty: rank 0).
    pub ranks: String,
}

impl TopologyAsk {
    /// The panel's view: [`topology_view`] of the ask.
    pub fn view(&self) -> TopologyView {
        topology_view(&self.xml, &self.hosts, &self.ranks)
    }
}

/// [`TopologyView`] of `xml` for the page's host and rank fields.
pub fn topology_view(xml: &str, hosts: &str, ranks: &str) -> TopologyView {
    let read = crate::hwloc::read(xml).map(|t| t.counts(true).describe());
    let host = topology_host(xml);
    let nonempty = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    let o = EncodeOptions {
        hosts: nonempty(hosts),
        ranks: nonempty(ranks),
        xml: Some(xml.to_string()),
        ..EncodeOptions::default()
    };
    TopologyView {
        read: read.map_err(|d| Failure::finding(&d, xml).located()),
        r: encode(&o, &host).map_err(|e| e.located()),
        host,
    }
}

/// `encode` with a topology: each rank gets the topology's cores and GPUs.
/// Like `flux R encode`, an empty rank set reads no topology.
fn encode_topology(
    o: &EncodeOptions,
    xml: &str,
    ranks: &[u32],
    hosts: &[String],
) -> Result<String, Failure> {
    let mut rl = Rset::new();
    if !ranks.is_empty() {
        let (cores, gpus) = topology_children(xml, o.gpu_no_dedup)?;
        for (i, rank) in ranks.iter().enumerate() {
            let host = hosts.get(i).map(String::as_str);
            rl.add_rank(*rank, host, &[("core", &cores)])
                .map_err(|e| e.to_string())?;
            if !gpus.is_empty() {
                rl.add_child_to_rank(*rank, "gpu", &gpus)
                    .map_err(|e| e.to_string())?;
            }
        }
    }
    with_properties(rl, &o.property)
}

/// `rl` with the `--property` options assigned, encoded as `flux R` prints.
fn with_properties(mut rl: Rset, property: &[String]) -> Result<String, Failure> {
    if !property.is_empty() {
        let all = rl.ranks().to_string();
        assign_properties(&mut rl, &property_pairs(property, &all))
            .map_err(|e| Failure::new(e.message))?;
    }
    Ok(rl.encode() + "\n")
}

/// The findings of every document in `text` (several when it holds a
/// stream of them), with spans into `text`, as `rscope R validate` lists
/// them.
pub fn validate(text: &str) -> Vec<crate::diag::Diagnostic> {
    let (docs, _) = json::split_stream(text);
    if docs.len() <= 1 {
        return crate::document::parse_with_graph(text)
            .diagnostics()
            .to_vec();
    }
    docs.iter()
        .flat_map(|r| {
            crate::document::parse_with_graph(&text[r.clone()])
                .diagnostics()
                .iter()
                .map(|d| d.clone().offset(r.start))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// [`validate`]'s findings and, for each document whose set the reference
/// accepts, an error for each rank whose host is not the one `hosts` (a
/// host list, ranks in its order, as `[bootstrap] hosts` gives them)
/// expects there, at the nodelist, with a note giving the `rerank` that
/// renumbers the ranks in that order. `source` names the order in the
/// messages (`--hosts`). Refused: a `hosts` that is no host list.
pub fn validate_hosts(text: &str, hosts: &str, source: &str) -> Result<Vec<Diagnostic>, String> {
    let order = Hostlist::parse(hosts).map_err(|e| format!("invalid hostlist '{hosts}': {e}"))?;
    let (mut docs, _) = json::split_stream(text);
    // One document, or a text that is no stream: read whole, as `validate`.
    if docs.len() <= 1 {
        docs = std::iter::once(0..text.len()).collect();
    }
    let mut out = Vec::new();
    for at in docs {
        let doc = &text[at.clone()];
        let parsed = crate::document::parse_with_graph(doc);
        out.extend(
            parsed
                .diagnostics()
                .iter()
                .map(|d| d.clone().offset(at.start)),
        );
        let Ok(set) = parsed.main_set() else {
            continue;
        };
        let nodes = set.nodes_by_rank();
        let check = HostOrderCheck::of(nodes.iter().map(|n| (n.rank(), n.hostname())), &order);
        if check.agrees() && check.hosts == check.ranks {
            continue;
        }
        let span = nodelist_span(doc);
        for message in check.messages(source) {
            let d = Diagnostic::error(message, span.clone(), "/execution/nodelist");
            out.push(d.offset(at.start));
        }
        if !check.agrees() && setops::rerank(&setops::Inputs::stdin(doc), Some(hosts)).is_ok() {
            let note = format!("rscope R rerank '{hosts}' renumbers the ranks in that order");
            out.push(Diagnostic::note(note, span.clone(), "/execution/nodelist").offset(at.start));
        }
    }
    Ok(out)
}

/// The bytes of an R's `execution.nodelist` (of `execution` when it has
/// none, of the whole text when neither is there).
fn nodelist_span(doc: &str) -> std::ops::Range<usize> {
    let Ok(root) = json::parse(doc) else {
        return 0..doc.len();
    };
    let execution = root.as_object().and_then(|o| json::get(o, "execution"));
    let nodelist = execution
        .and_then(|e| e.as_object())
        .and_then(|e| json::get(e, "nodelist"));
    match (nodelist, execution) {
        (Some(v), _) | (None, Some(v)) => json::range(v),
        (None, None) => 0..doc.len(),
    }
}

/// [`validate`]'s findings placed for the JS API; `strict_rfc40` as the
/// CLI's `--strict-rfc40` ([`crate::jgf::strict_rfc40`]).
/// With `hosts`, as its `--hosts` ([`validate_hosts`]); refused when
/// `hosts` is no host list.
pub fn findings(
    text: &str,
    strict_rfc40: bool,
    hosts: Option<&str>,
) -> Result<Vec<ApiFinding>, String> {
    let mut diags = match hosts {
        Some(h) => validate_hosts(text, h, "--hosts").map_err(|e| format!("hosts: {e}"))?,
        None => validate(text),
    };
    if strict_rfc40 {
        crate::jgf::strict_rfc40(&mut diags);
    }
    Ok(diags.iter().map(|d| finding(d, text)).collect())
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

    const GPU: &str = include_str!("../../../../../tests/fixtures/r/gpu-cluster.json");

    #[test]
    fn encode_names_ranks_after_the_hosts_given() {
        let o = EncodeOptions {
            hosts: Some("n[0-1]".into()),
            cores: Some("0-3".into()),
            property: vec!["big:1".into()],
            ..Default::default()
        };
        let out = encode(&o, "here").unwrap();
        assert_eq!(
            rset::load(&out).unwrap().short_form(),
            "rank[0-1]/core[0-3]"
        );
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
    fn the_page_sees_a_topology_and_its_r() {
        let xml = include_str!("../../../../../tests/fixtures/hwloc/nvidia-three-backends.xml");
        let v = topology_view(xml, "", "");
        assert_eq!(
            v.read.as_deref(),
            Ok("2 packages, 1 NUMA node, 4 cores, 4 PUs, 2 GPUs (6 OS devices, de-duplicated)")
        );
        assert_eq!(v.host, "gpunode7");
        assert_eq!(
            v.r.as_deref(),
            Ok("{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"gpu\": \"0-1\", \"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"gpunode7\"]}}\n")
        );
        let two = topology_view(xml, "n[3-4]", "3-4");
        assert!(two.r.unwrap().contains("\"rank\": \"3-4\""));
        assert_eq!(
            topology_view(xml, "a", "0-1").r,
            Err("hostname count in 'a' does not match nranks (2)".into())
        );
        let bad = topology_view("<topology>\n<object type=\"Machine\">", "", "");
        assert_eq!(
            bad.read,
            Err(
                "malformed XML: the root node was opened but never closed (line 1, column 1)"
                    .into()
            )
        );
    }

    #[test]
    fn a_topology_ask_crosses_to_the_worker_and_back_unchanged() {
        let xml = include_str!("../../../../../tests/fixtures/hwloc/nvidia-three-backends.xml");
        let ask = TopologyAsk {
            xml: xml.to_string(),
            hosts: "n[3-4]".into(),
            ranks: "3-4".into(),
        };
        let sent: TopologyAsk =
            postcard::from_bytes(&postcard::to_allocvec(&ask).unwrap()).unwrap();
        let view = sent.view();
        let back: TopologyView =
            postcard::from_bytes(&postcard::to_allocvec(&view).unwrap()).unwrap();
        assert_eq!(back, topology_view(xml, "n[3-4]", "3-4"));
    }

    #[test]
    fn two_nodes_topologies_combine_into_a_two_rank_r() {
        // The page's flow: each tab's topology opened as R, the second on
        // rank 1, then the set workbench's union.
        let one = topology_view(
            include_str!("../../../../../tests/fixtures/hwloc/one-core.xml"),
            "a1",
            "",
        );
        let nv = include_str!("../../../../../tests/fixtures/hwloc/nvidia-three-backends.xml");
        let two = topology_view(nv, "", "1");
        let (a, b) = (one.r.unwrap(), two.r.unwrap());
        let both =
            crate::setops::union(&crate::setops::Inputs::tabs(&[('A', &a), ('B', &b)])).unwrap();
        assert_eq!(
            rset::load(&both).unwrap().short_form(),
            "rank0/core0 rank1/core[0-3],gpu[0-1]"
        );
        assert!(both.contains("\"nodelist\": [\"a1,gpunode7\"]"), "{both}");
    }

    #[test]
    fn a_refused_document_is_placed_in_its_input() {
        let text = "{\"version\": 1,\n  \"execution\": [}";
        let inputs = crate::setops::Inputs::stdin(text);
        let e = crate::setops::union(&inputs).unwrap_err();
        assert_eq!(e.place(&inputs), Some((2, 16)), "{e:?}");
        assert!(e.message.ends_with("(line 2, column 16)"), "{e:?}");
    }

    #[test]
    fn findings_carry_line_column_span_and_pointer() {
        let f = findings("{\"version\": 2}", false, None).unwrap();
        assert!(!f.is_empty());
        assert_eq!((f[0].line, f[0].severity.as_str()), (1, "error"));
        assert!(summary_text(&rset::summarize(GPU).unwrap()).starts_with("version 1\n"));
    }
}
