//! `hostlist(op, lists)` and `idset(op, sets)`: the operations of
//! `flux hostlist` (`rscope hostlist`) on RFC 29 host lists, and the same
//! operations on RFC 22 id sets.

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use serde::Serialize;

/// What a list operation answers: a list in compact form, a count, or
/// the members one by one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ListAnswer {
    /// The result in compact form (`node[1-3]`, `0-3,7`).
    List(String),
    /// How many members (`count`).
    Count(u64),
    /// Host names one by one (`expand` of a host list).
    Hosts(Vec<String>),
    /// Ids one by one (`expand` of an id set).
    Ids(Vec<u32>),
}

/// The operations, named after `flux hostlist`'s options.
pub const OPERATIONS: [&str; 8] = [
    "append",
    "union",
    "intersect",
    "minus",
    "xor",
    "sort",
    "count",
    "expand",
];

fn unknown(op: &str) -> String {
    format!(
        "unknown operation '{op}': use one of {}",
        OPERATIONS.join(", ")
    )
}

/// `flux hostlist` of `lists` with the option `op` names: `append` (no
/// option), `union` (`-u`), `intersect` (`-i`), `minus` (`-m`), `xor`
/// (`-x`), `sort` (`-S`), `count` (`-c`) and `expand` (`-e`).
pub fn hostlist(op: &str, lists: &[String]) -> Result<ListAnswer, String> {
    if !OPERATIONS.contains(&op) {
        return Err(unknown(op));
    }
    let mut parsed = Vec::with_capacity(lists.len());
    for (i, s) in lists.iter().enumerate() {
        let hl = Hostlist::parse(s)
            .map_err(|e| format!("invalid hostlist '{s}' (list {}): {e}", i + 1))?;
        parsed.push(hl);
    }
    let mut it = parsed.into_iter();
    let hl = match op {
        "intersect" | "minus" | "xor" => {
            let mut hl = it.next().unwrap_or_default();
            for x in it {
                hl = match op {
                    "intersect" => hl.intersect(&x),
                    "xor" => hl.xor(&x),
                    _ => hl.minus(&x),
                };
            }
            hl
        }
        _ => {
            let mut hl = Hostlist::new();
            it.for_each(|x| hl.append(&x));
            match op {
                "sort" => hl.sort(),
                "union" => hl.uniq(),
                _ => {}
            }
            hl
        }
    };
    Ok(match op {
        "count" => ListAnswer::Count(hl.len()),
        "expand" => ListAnswer::Hosts(hl.iter().collect()),
        _ => ListAnswer::List(hl.to_string()),
    })
}

/// The same operations on id sets: `append` and `union` are the union
/// (a set has no order or repeats), `sort` the union too.
pub fn idset(op: &str, sets: &[String]) -> Result<ListAnswer, String> {
    if !OPERATIONS.contains(&op) {
        return Err(unknown(op));
    }
    let mut parsed = Vec::with_capacity(sets.len());
    for (i, s) in sets.iter().enumerate() {
        let ids =
            IdSet::decode(s).map_err(|e| format!("invalid idset '{s}' (set {}): {e}", i + 1))?;
        parsed.push(ids);
    }
    let mut it = parsed.into_iter();
    let first = it.next().unwrap_or_default();
    let ids = it.fold(first, |acc, x| match op {
        "intersect" => acc.intersection(&x),
        "minus" => acc.difference(&x),
        "xor" => acc.symmetric_difference(&x),
        _ => acc.union(&x),
    });
    Ok(match op {
        "count" => ListAnswer::Count(ids.len()),
        "expand" => ListAnswer::Ids(ids.iter().collect()),
        _ => ListAnswer::List(ids.encode(false)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn host_lists_combine_as_flux_hostlist_does() {
        let lists = v(&["node[3,1-2]", "node[2-5]"]);
        let list = |op| hostlist(op, &lists).unwrap();
        assert_eq!(list("append"), ListAnswer::List("node[3,1-2,2-5]".into()));
        assert_eq!(list("union"), ListAnswer::List("node[1-5]".into()));
        assert_eq!(list("intersect"), ListAnswer::List("node[2-3]".into()));
        assert_eq!(list("minus"), ListAnswer::List("node1".into()));
        assert_eq!(list("xor"), ListAnswer::List("node[1,4-5]".into()));
        assert_eq!(list("count"), ListAnswer::Count(7));
        assert_eq!(
            hostlist("expand", &v(&["a[1-2]"])).unwrap(),
            ListAnswer::Hosts(v(&["a1", "a2"]))
        );
    }

    #[test]
    fn id_sets_combine_and_bad_input_says_which() {
        let sets = v(&["0-5", "[3-9]"]);
        assert_eq!(
            idset("intersect", &sets).unwrap(),
            ListAnswer::List("3-5".into())
        );
        assert_eq!(
            idset("minus", &sets).unwrap(),
            ListAnswer::List("0-2".into())
        );
        assert_eq!(
            idset("xor", &sets).unwrap(),
            ListAnswer::List("0-2,6-9".into())
        );
        assert_eq!(
            idset("union", &sets).unwrap(),
            ListAnswer::List("0-9".into())
        );
        assert_eq!(idset("count", &sets).unwrap(), ListAnswer::Count(10));
        assert_eq!(
            idset("expand", &v(&["1,3"])).unwrap(),
            ListAnswer::Ids(vec![1, 3])
        );
        assert!(idset("nope", &sets)
            .unwrap_err()
            .starts_with("unknown operation 'nope'"));
        assert!(idset("union", &v(&["1", "x"]))
            .unwrap_err()
            .starts_with("invalid idset 'x' (set 2)"));
    }
}
