//! What the page's configuration box shows of a Flux system configuration:
//! the text `rscope config` prints for it ([`super::config::report`]: the
//! R, the host↔rank table, the findings and the keys read and ignored),
//! and, apart, what the box offers to open as tabs: the R `[resource]
//! config` makes (as `flux R parse-config` prints it), that R re-ranked by
//! `[bootstrap] hosts` when the instance re-ranks it, and the file
//! `[resource] path` names. One reading for the CLI and the page.

use super::config::{config_r, report, ReportSource, SystemConfig};
use crate::resource::bootstrap;
use crate::words::count;
use serde::Serialize;

/// What the box shows of one configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConfigView {
    /// What `rscope config` prints for it.
    pub report: String,
    /// Whether a finding is an error (`rscope config` exits 1).
    pub errors: bool,
    /// The R `[resource] config` makes, as `flux R parse-config` prints it.
    pub r: Option<String>,
    /// That R in words: `4 nodes: tiny[1-4], 16 cores`.
    pub r_words: Option<String>,
    /// That R re-ranked by `[bootstrap] hosts`, when that order differs
    /// and the instance can re-rank by it.
    pub reranked: Option<String>,
    /// `[resource] path`: the R file the configuration names instead.
    pub path: Option<String>,
}

/// Read `conf` as `rscope config` does, without `--r`; none when it has
/// neither a `[resource]` nor a `[bootstrap]` table (only queues, say).
pub fn view(conf: &SystemConfig) -> Result<Option<ConfigView>, String> {
    let v = conf.value();
    if v.get("resource").is_none() && v.get("bootstrap").is_none() {
        return Ok(None);
    }
    let (report, errors) = report(conf, None, ReportSource::Configured)?;
    let set = config_r(conf)?;
    let order = bootstrap::hosts(conf.value())?;
    let reranked = match (&set, &order) {
        (Some(set), Some(order)) => {
            let mut moved = set.clone();
            let (was, now) = (set.encode(), moved.rerank(order).map(|()| moved.encode()));
            now.ok().filter(|now| *now != was)
        }
        _ => None,
    };
    let r_words = set.as_ref().map(|s| {
        let hosts = s
            .nodelist()
            .map_or_else(|| "no host names".into(), |h| h.to_string());
        let nodes = count(s.count("node") as usize, "node");
        format!(
            "{nodes}: {hosts}, {}",
            count(s.count("core") as usize, "core")
        )
    });
    Ok(Some(ConfigView {
        report,
        errors,
        r: set.map(|s| s.encode()),
        r_words,
        reranked,
        path: conf.resource_path().map(str::to_string),
    }))
}

/// The view of a configuration's text (TOML, or the JSON `flux config
/// get` prints) as the page's box holds it,
/// its errors placed as `rscope config` places them; none for blank text
/// or a configuration with no `[resource]` or `[bootstrap]` table.
pub fn of_text(text: &str) -> Option<Result<ConfigView, String>> {
    if text.trim().is_empty() {
        return None;
    }
    SystemConfig::read("configuration", text)
        .and_then(|c| view(&c))
        .transpose()
}

/// The R `r_text` re-ranked by the `[bootstrap] hosts` of the
/// configuration `config_text` (TOML or JSON), as `rscope R rerank
/// HOSTS` prints it: the fix the box offers when the R's ranks and that
/// order disagree. Refused in `rerank`'s words (a host the R does not
/// have, too few or too many hosts), or when there is no such order.
pub fn rerank_by_bootstrap(config_text: &str, r_text: &str) -> Result<String, String> {
    let config = crate::resource::queues::config_value(config_text)?;
    let order = bootstrap::hosts(&config)?.ok_or("the configuration has no [bootstrap] hosts")?;
    let inputs = crate::setops::Inputs {
        exiting: false,
        ..crate::setops::Inputs::stdin(r_text)
    };
    crate::setops::rerank(&inputs, Some(&order.to_string())).map_err(|r| r.message)
}

/// The files of a `conf.d` folder (name, text), `*.toml` only, merged in
/// name order as the broker merges them, written as one text
/// as the JSON `flux config get` prints, for the page's box (which reads
/// either): a later file's value replaces an earlier one, and a file
/// that does not read is refused as `rscope config` refuses it.
pub fn merged(files: &[(String, String)]) -> Result<String, String> {
    let mut toml: Vec<(String, String)> = files
        .iter()
        .filter(|(name, _)| name.ends_with(".toml"))
        .cloned()
        .collect();
    if toml.is_empty() {
        return Err("no *.toml file in the folder: a conf.d folder holds TOML files".into());
    }
    toml.sort();
    let conf = SystemConfig::merge(&toml)?;
    serde_json::to_string_pretty(conf.value()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conf(text: &str) -> SystemConfig {
        SystemConfig::merge(&[("system.toml".into(), text.into())]).unwrap()
    }

    #[test]
    fn a_config_in_another_bootstrap_order_offers_its_r_and_the_reranked_r() {
        let v = view(&conf(
            "[[resource.config]]\nhosts = \"tiny[1-4]\"\ncores = \"0-3\"\n[bootstrap]\nhosts = [{ host = \"tiny4\" }, { host = \"tiny[1-3]\" }]\n",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(
            v.r.as_deref(),
            Some(
                r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[1-4]"]}}"#
            )
        );
        assert_eq!(v.r_words.as_deref(), Some("4 nodes: tiny[1-4], 16 cores"));
        assert_eq!(
            v.reranked.as_deref(),
            Some(
                r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[4,1-3]"]}}"#
            )
        );
        assert!(v.report.starts_with("R:\n"), "{}", v.report);
        assert!(!v.errors);
        assert_eq!(v.path, None);
    }

    #[test]
    fn an_r_is_reranked_by_the_bootstrap_order_or_refused_in_reranks_words() {
        let config = "[bootstrap]\nhosts = [{ host = \"n[2,1]\" }]\n";
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0"}}], "nodelist": ["n[1-2]"], "starttime": 0, "expiration": 0}}"#;
        let moved = rerank_by_bootstrap(config, r).unwrap();
        assert!(moved.contains(r#""nodelist": ["n[2,1]"]"#), "{moved}");
        let other = r.replace("n[1-2]", "m[1-2]");
        assert_eq!(
            rerank_by_bootstrap(config, &other),
            Err(
                "failed to find one or more provided hosts in R (Host n2 not found in resources)"
                    .into()
            )
        );
        assert_eq!(
            rerank_by_bootstrap("[queues.a]\n", r),
            Err("the configuration has no [bootstrap] hosts".into())
        );
    }

    #[test]
    fn a_config_in_bootstrap_order_or_naming_a_path_offers_what_it_has() {
        let same = view(&conf(
            "[[resource.config]]\nhosts = \"tiny[1-2]\"\ncores = \"0\"\n[bootstrap]\nhosts = [{ host = \"tiny[1-2]\" }]\n",
        ))
        .unwrap()
        .unwrap();
        assert_eq!(same.reranked, None);
        assert_eq!(same.r_words.as_deref(), Some("2 nodes: tiny[1-2], 2 cores"));
        let path = of_text("[resource]\npath = \"/etc/flux/system/R\"\n")
            .unwrap()
            .unwrap();
        assert_eq!(path.r, None);
        assert_eq!(path.path.as_deref(), Some("/etc/flux/system/R"));
        assert_eq!(of_text("[queues.batch]\n"), None);
        let folder = |names: [&str; 3]| {
            let texts = [
                "[bootstrap]\nhosts = [{ host = \"a\" }]\n",
                "[[resource.config]]\nhosts = \"a\"\ncores = \"0\"\n",
                "not read",
            ];
            names
                .iter()
                .zip(texts)
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect::<Vec<_>>()
        };
        let text = merged(&folder(["10-b.toml", "00-r.toml", "README"])).unwrap();
        assert_eq!(
            text,
            "{\n  \"bootstrap\": {\n    \"hosts\": [\n      {\n        \"host\": \"a\"\n      }\n    ]\n  },\n  \"resource\": {\n    \"config\": [\n      {\n        \"cores\": \"0\",\n        \"hosts\": \"a\"\n      }\n    ]\n  }\n}"
        );
        assert!(of_text(&text).unwrap().is_ok());
        assert_eq!(
            merged(&folder(["a", "b", "c"])),
            Err("no *.toml file in the folder: a conf.d folder holds TOML files".into())
        );
        assert_eq!(
            of_text("[resource]\npath = \n"),
            Some(Err(
                "configuration:2:8: string values must be quoted, expected literal string".into()
            ))
        );
    }
}
