//! Whether an R gives each rank the host an instance expects there.
//!
//! A Flux instance numbers its brokers in the order of `[bootstrap] hosts`
//! (or of its resource manager); each broker then looks itself up in R by
//! rank. When R's nodelist follows another order, a broker finds another
//! host's resources at its rank and the node drains ("got hostname X,
//! expected Y"). This is the commonest real R problem, so every rank whose
//! host differs is named, with both hosts.

use crate::hostlist::Hostlist;
use crate::words::count;

/// At most this many ranks are named one by one; the rest are counted
/// (a shifted order of 16 384 nodes would otherwise name every one).
pub const MISMATCHES_NAMED: usize = 10;

/// A rank whose host differs between an R and an expected host order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostMismatch {
    /// The rank.
    pub rank: u32,
    /// Its host in the R, if the R names one.
    pub in_r: Option<String>,
    /// Its host in the expected order, if the order reaches that far.
    pub expected: Option<String>,
}

impl HostMismatch {
    /// In words, naming where the order comes from (`[bootstrap] hosts`).
    pub fn message(&self, source: &str) -> String {
        let rank = self.rank;
        match (&self.in_r, &self.expected) {
            (Some(h), Some(e)) => format!("rank {rank} is {h} in the R but {e} in {source}"),
            (Some(h), None) => {
                format!("rank {rank} is {h} in the R but {source} has no rank {rank}")
            }
            (None, Some(e)) => format!("rank {rank} has no host in the R but is {e} in {source}"),
            (None, None) => format!("rank {rank} has no host in the R nor in {source}"),
        }
    }
}

/// What comparing an R's ranks with a host order found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostOrderCheck {
    /// The ranks whose hosts differ, in rank order.
    pub mismatches: Vec<HostMismatch>,
    /// How many hosts the order names.
    pub hosts: u64,
    /// How many ranks the R has.
    pub ranks: u64,
}

impl HostOrderCheck {
    /// Compare `nodes` (each rank with its host in the R, in rank order)
    /// with `order`, whose `i`th host is rank `i`'s.
    pub fn of<'a>(
        nodes: impl IntoIterator<Item = (u32, Option<&'a str>)>,
        order: &Hostlist,
    ) -> HostOrderCheck {
        let expected: Vec<String> = order.iter().collect();
        let mut check = HostOrderCheck {
            hosts: expected.len() as u64,
            ..HostOrderCheck::default()
        };
        for (rank, host) in nodes {
            check.ranks += 1;
            let want = expected.get(rank as usize).map(String::as_str);
            if host != want {
                check.mismatches.push(HostMismatch {
                    rank,
                    in_r: host.map(str::to_string),
                    expected: want.map(str::to_string),
                });
            }
        }
        check
    }

    /// Whether every rank has the host the order gives it.
    pub fn agrees(&self) -> bool {
        self.mismatches.is_empty()
    }

    /// The findings in words: the first [`MISMATCHES_NAMED`] ranks one by
    /// one, then how many more differ, then a difference in counts.
    pub fn messages(&self, source: &str) -> Vec<String> {
        let mut out: Vec<String> = self
            .mismatches
            .iter()
            .take(MISMATCHES_NAMED)
            .map(|m| m.message(source))
            .collect();
        let more = self.mismatches.len().saturating_sub(MISMATCHES_NAMED);
        if more > 0 {
            out.push(format!(
                "and {} whose hosts differ from {source}",
                count(more, "more rank")
            ));
        }
        if self.hosts != self.ranks {
            out.push(format!(
                "{source} names {} but the R has {}",
                count(self.hosts, "host"),
                count(self.ranks, "rank")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(nodes: &[(u32, &str)], order: &str) -> Vec<String> {
        let order = Hostlist::parse(order).unwrap();
        let nodes = nodes.iter().map(|&(r, h)| (r, Some(h)));
        HostOrderCheck::of(nodes, &order).messages("[bootstrap] hosts")
    }

    #[test]
    fn an_r_in_the_order_has_no_findings() {
        let nodes = [(0, "tiny1"), (1, "tiny2"), (2, "tiny3"), (3, "tiny4")];
        assert_eq!(check(&nodes, "tiny[1-4]"), Vec::<String>::new());
    }

    #[test]
    fn a_reversed_order_names_each_rank_and_both_hosts() {
        // flux-core issue shape: R written from `hostlist -s` order while
        // [bootstrap] hosts lists the nodes the other way round.
        let nodes = [(0, "tiny1"), (1, "tiny2"), (2, "tiny3"), (3, "tiny4")];
        assert_eq!(
            check(&nodes, "tiny4,tiny3,tiny2,tiny1"),
            [
                "rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts",
                "rank 1 is tiny2 in the R but tiny3 in [bootstrap] hosts",
                "rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts",
                "rank 3 is tiny4 in the R but tiny1 in [bootstrap] hosts",
            ]
        );
    }

    #[test]
    fn a_sorted_nodelist_against_a_numeric_order_differs_from_rank_two() {
        // The nodelist sorted as text (node1, node10, node2…) against the
        // bootstrap order node1…node10.
        let hosts = ["node1", "node10", "node2", "node3"];
        let nodes: Vec<(u32, &str)> = (0..).zip(hosts).collect();
        assert_eq!(
            check(&nodes, "node[1-3],node10"),
            [
                "rank 1 is node10 in the R but node2 in [bootstrap] hosts",
                "rank 2 is node2 in the R but node3 in [bootstrap] hosts",
                "rank 3 is node3 in the R but node10 in [bootstrap] hosts",
            ]
        );
    }

    #[test]
    fn counts_that_differ_are_said_and_missing_ranks_named() {
        let nodes = [(0, "a0"), (1, "a1"), (2, "a2")];
        assert_eq!(
            check(&nodes, "a[0-1]"),
            [
                "rank 2 is a2 in the R but [bootstrap] hosts has no rank 2",
                "[bootstrap] hosts names 2 hosts but the R has 3 ranks",
            ]
        );
        assert_eq!(
            check(&nodes[..1], "a[0-1]"),
            ["[bootstrap] hosts names 2 hosts but the R has 1 rank"]
        );
    }

    #[test]
    fn a_shifted_order_names_ten_ranks_and_counts_the_rest() {
        let hosts: Vec<String> = (0..16).map(|i| format!("n{i}")).collect();
        let nodes: Vec<(u32, &str)> = (0..).zip(hosts.iter().map(String::as_str)).collect();
        let got = check(&nodes, "n[1-15],n0");
        assert_eq!(got.len(), 11);
        assert_eq!(got[0], "rank 0 is n0 in the R but n1 in [bootstrap] hosts");
        assert_eq!(
            got[10],
            "and 6 more ranks whose hosts differ from [bootstrap] hosts"
        );
    }

    #[test]
    fn a_rank_with_no_host_in_the_r_is_named() {
        let order = Hostlist::parse("a0").unwrap();
        let got = HostOrderCheck::of([(0, None)], &order).messages("--hosts");
        assert_eq!(got, ["rank 0 has no host in the R but is a0 in --hosts"]);
    }
}
