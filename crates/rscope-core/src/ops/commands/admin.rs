//! The commands an admin types next about the nodes of a selection on the
//! grid: drain or undrain them, see their state, and keep a job to them
//! (flux-resource(1), and the `--requires` of flux-core's job constraints).
//! Each is a line ready to paste into a shell: the targets are the nodes'
//! hosts as an RFC 29 host list when every node has a name, else their
//! ranks as an RFC 22 id set, quoted when a shell would read them.

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::rset::Rset;
use crate::setops::provenance::shell_word;

/// One command line and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdminCommand {
    /// What it does, in words: `drain them`.
    pub what: &'static str,
    /// The line: `flux resource drain 'fluke[18,43]' "reason"`.
    pub line: String,
}

/// The nodes of `set` as flux's commands take targets: `(hosts, true)`
/// when every node has a host name, else `(ranks, false)`; `None` for a
/// set with no nodes.
fn targets(set: &Rset) -> Option<(String, bool)> {
    let nodes = set.nodes_by_rank();
    if nodes.is_empty() {
        return None;
    }
    let names: Option<Vec<&str>> = nodes.iter().map(|n| n.hostname()).collect();
    Some(match names {
        Some(names) => {
            let mut hosts = Hostlist::new();
            for n in names {
                hosts.push_host(n);
            }
            (hosts.to_string(), true)
        }
        None => {
            let mut ranks = IdSet::new();
            for n in &nodes {
                ranks.insert(n.rank());
            }
            (ranks.to_string(), false)
        }
    })
}

/// The commands for the nodes of `set` (every node a selected resource is
/// on, as flux's commands act on whole nodes); none for an empty set.
pub fn next_commands(set: &Rset) -> Vec<AdminCommand> {
    let Some((targets, hosts)) = targets(set) else {
        return Vec::new();
    };
    let t = shell_word(&targets);
    let operator = if hosts { "host" } else { "rank" };
    vec![
        AdminCommand {
            what: "drain them (give the reason)",
            line: format!("flux resource drain {t} \"reason\""),
        },
        AdminCommand {
            what: "undrain them",
            line: format!("flux resource undrain {t}"),
        },
        AdminCommand {
            what: "see their state",
            line: format!("flux resource status -i {t}"),
        },
        AdminCommand {
            what: "keep a job to them",
            line: format!(
                "--requires={}",
                shell_word(&format!("{operator}:{targets}"))
            ),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(r: &str) -> Vec<String> {
        let set = crate::rset::load(r).unwrap();
        next_commands(&set).into_iter().map(|c| c.line).collect()
    }

    #[test]
    fn named_nodes_are_targeted_by_host() {
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "15,40", "children": {"core": "0-1"}}], "nodelist": ["fluke[18,43]"]}}"#;
        assert_eq!(
            lines(r),
            [
                "flux resource drain 'fluke[18,43]' \"reason\"",
                "flux resource undrain 'fluke[18,43]'",
                "flux resource status -i 'fluke[18,43]'",
                "--requires='host:fluke[18,43]'",
            ]
        );
        let one = r#"{"version": 1, "execution": {"R_lite": [{"rank": "3", "children": {"core": "0"}}], "nodelist": ["fluke5"]}}"#;
        assert_eq!(lines(one)[0], "flux resource drain fluke5 \"reason\"");
        assert_eq!(lines(one)[3], "--requires=host:fluke5");
    }

    #[test]
    fn nameless_nodes_are_targeted_by_rank() {
        let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2,7", "children": {"core": "0"}}]}}"#;
        assert_eq!(
            lines(r),
            [
                "flux resource drain 0-2,7 \"reason\"",
                "flux resource undrain 0-2,7",
                "flux resource status -i 0-2,7",
                "--requires=rank:0-2,7",
            ]
        );
        let empty = r#"{"version": 1, "execution": {"R_lite": []}}"#;
        assert_eq!(lines(empty), Vec::<String>::new());
    }
}
