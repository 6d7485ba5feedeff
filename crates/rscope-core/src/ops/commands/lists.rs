//! What `rscope hostlist` (`flux hostlist`) does to RFC 29 host lists, in
//! one place for the CLI, the JS API and the page: [`combine`] makes the
//! one list of the sources and options, [`print`] writes what the command
//! prints of it, and [`hostlist`]`(op, lists)` is the JS API's and the
//! playground's call with one option. [`idset`]`(op, sets)` does the same
//! operations on RFC 22 id sets.

use crate::hostlist::{Hostlist, MAX_HOSTS};
use crate::idset::IdSet;
use serde::Serialize;
use std::io::Write;

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
/// (`-X`), `sort` (`-S`), `count` (`-c`) and `expand` (`-e`).
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
    let options = HostlistOptions {
        join: match op {
            "intersect" => Join::Intersect,
            "minus" => Join::Minus,
            "xor" => Join::Xor,
            _ => Join::Append,
        },
        sort: op == "sort",
        unique: op == "union",
        ..HostlistOptions::default()
    };
    let hl = combine(parsed, &options)?;
    Ok(match op {
        "count" => ListAnswer::Count(hl.len()),
        "expand" => ListAnswer::Hosts(hl.iter().collect()),
        _ => ListAnswer::List(hl.to_string()),
    })
}

/// How `flux hostlist` joins its lists: one after another (no option), or
/// the first with each of the others in turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Join {
    /// No option: the lists one after another, repeats kept.
    #[default]
    Append,
    /// `-i`: the hosts in every list, once each, sorted.
    Intersect,
    /// `-m`: the first list with the first occurrence of each host of the
    /// others deleted.
    Minus,
    /// `-X`: the hosts in exactly one of each pair, once each, sorted.
    Xor,
}

/// What `flux hostlist`'s options do to the joined list, applied in the
/// reference's order: exclude, sort, unique, limit, nth.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostlistOptions {
    /// How the lists are joined.
    pub join: Join,
    /// `-x`: delete every occurrence of these hosts, or, when none of
    /// them is there, the hosts at these indices.
    pub exclude: Option<Hostlist>,
    /// `-S`: sort (refused past [`MAX_HOSTS`] hosts).
    pub sort: bool,
    /// `-u`: sort and keep each host once.
    pub unique: bool,
    /// `-L`: the first N hosts, or the last -N (0: all).
    pub limit: Option<i64>,
    /// `-n`: the hosts at the indices of an id set, or counted from the
    /// end when it starts with `-`.
    pub nth: Option<String>,
}

/// The one list `lists` and `options` make, in the reference's order of
/// operations: join, exclude, sort, unique, limit, nth.
///
/// Sorting refuses a list of more than [`MAX_HOSTS`] hosts, and says so:
/// sorting overlapping runs splits them into up to one run per host.
pub fn combine(lists: Vec<Hostlist>, options: &HostlistOptions) -> Result<Hostlist, String> {
    let mut lists = lists.into_iter();
    let mut hl = Hostlist::new();
    if options.join == Join::Append {
        for x in lists {
            hl.append(&x);
        }
    } else {
        hl = lists.next().unwrap_or_default();
        for x in lists {
            match options.join {
                Join::Intersect => hl = hl.intersect(&x),
                Join::Xor => hl = hl.xor(&x),
                _ => {
                    hl.delete(&x);
                }
            }
        }
    }
    if let Some(x) = options.exclude.as_ref().filter(|x| !x.is_empty()) {
        hl = exclude(hl, x);
    }
    if options.sort {
        if hl.len() > MAX_HOSTS {
            return Err(format!(
                "cannot sort more than {MAX_HOSTS} hosts ({} given)",
                hl.len()
            ));
        }
        hl.sort();
    }
    if options.unique {
        hl.uniq();
    }
    if let Some(n) = options.limit.filter(|&n| n != 0) {
        hl = limit(&hl, n);
    }
    if let Some(spec) = &options.nth {
        hl = nth(&hl, spec)?;
    }
    Ok(hl)
}

/// What `rscope hostlist` prints of its list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Print<'a> {
    /// `-F`: the indices of these hosts, space-separated; every one must
    /// be there.
    Find(&'a str),
    /// `-c`: the number of hosts.
    Count,
    /// `-e`: the hosts one by one, with this delimiter between them (`\n`
    /// written as two characters is a newline).
    Expand(&'a str),
    /// The list in compact form (nothing for an empty list).
    List,
}

/// Write what `rscope hostlist` prints of `hl` to `out`, and flush it.
/// Output is written as it is made: an expanded list can be far larger
/// than its input.
pub fn print(hl: &Hostlist, what: Print<'_>, out: &mut dyn Write) -> Result<(), String> {
    let write_err = |e: std::io::Error| format!("cannot write output: {e}");
    match what {
        Print::Find(hosts) => writeln!(out, "{}", find(hl, hosts)?).map_err(write_err)?,
        Print::Count => writeln!(out, "{}", hl.len()).map_err(write_err)?,
        Print::Expand(delimiter) if !hl.is_empty() => {
            let delimiter = delimiter.replace("\\n", "\n");
            for (i, name) in hl.iter().enumerate() {
                if i > 0 {
                    out.write_all(delimiter.as_bytes()).map_err(write_err)?;
                }
                out.write_all(name.as_bytes()).map_err(write_err)?;
            }
            writeln!(out).map_err(write_err)?;
        }
        Print::List if !hl.is_empty() => writeln!(out, "{hl}").map_err(write_err)?,
        Print::Expand(_) | Print::List => {}
    }
    out.flush().map_err(write_err)
}

/// `-F/--find`: the indices in `hl` of the hosts of `hosts`,
/// space-separated; every one must be there.
fn find(hl: &Hostlist, hosts: &str) -> Result<String, String> {
    let target = Hostlist::parse(hosts).map_err(|e| format!("invalid hostlist '{hosts}': {e}"))?;
    let mut ids = Vec::new();
    let mut missing = Hostlist::new();
    for host in target.iter() {
        match hl.find(&host) {
            Some(i) => ids.push(i.to_string()),
            None => missing.push_host(&host),
        }
    }
    if !missing.is_empty() {
        let s = if missing.len() > 1 { "s" } else { "" };
        return Err(format!("host{s} '{missing}' not found"));
    }
    Ok(ids.join(" "))
}

/// The hosts of `hl` at the ascending `positions`, appended one by one.
fn select(hl: &Hostlist, positions: &[u64]) -> Hostlist {
    let mut out = Hostlist::new();
    let mut want = positions.iter().peekable();
    for (i, name) in (0u64..).zip(hl.iter()) {
        while want.next_if_eq(&&i).is_some() {
            out.push_host(&name);
        }
        if want.peek().is_none() {
            break;
        }
    }
    out
}

const INDEX_OUT_OF_RANGE: &str = "hostlist index out of range";

/// `-n/--nth`: hosts at the indices of an idset, or counted from the end
/// when it starts with `-` (kept in list order, as the reference does).
fn nth(hl: &Hostlist, spec: &str) -> Result<Hostlist, String> {
    let (from_end, ids) = match spec.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, spec),
    };
    let set = IdSet::decode(ids).map_err(|e| format!("invalid idset '{ids}': {e}"))?;
    let len = hl.len();
    if !from_end {
        if set.last().is_some_and(|x| u64::from(x) >= len) {
            return Err(INDEX_OUT_OF_RANGE.into());
        }
        // Bounded: every id is below `len` here.
        let positions: Vec<u64> = set.iter().map(u64::from).collect();
        return Ok(select(hl, &positions));
    }
    // `hl[-x]` for x from largest to smallest; `hl[-0]` is the first host.
    if set.last().is_some_and(|x| u64::from(x) > len) {
        return Err(INDEX_OUT_OF_RANGE.into());
    }
    // Bounded: every id is at most `len` here.
    let mut positions: Vec<u64> = set
        .iter()
        .filter(|&x| x > 0)
        .map(|x| len - u64::from(x))
        .collect();
    positions.reverse();
    let mut out = select(hl, &positions);
    if set.contains(0) {
        positions.clear();
        positions.push(0);
        out.append(&select(hl, &positions));
    }
    Ok(out)
}

/// `-x/--exclude`: delete every occurrence of the hosts; if none was
/// there, read the hosts as indices instead, as the reference does.
fn exclude(hl: Hostlist, x: &Hostlist) -> Hostlist {
    let mut hl = hl;
    let count = hl.len();
    while hl.delete(x) > 0 {}
    if hl.len() != count {
        return hl;
    }
    // The reference builds an idset from the host names sorted as strings,
    // so `-x 2,10` reads `10,2`, which is out of order: no change.
    let mut names: Vec<String> = x.iter().collect();
    names.sort();
    let Ok(ids) = IdSet::decode(&names.join(",")) else {
        return hl;
    };
    let mut out = Hostlist::new();
    for (i, name) in (0u64..).zip(hl.iter()) {
        let excluded = u32::try_from(i).is_ok_and(|i| ids.contains(i));
        if !excluded {
            out.push_host(&name);
        }
    }
    out
}

/// `-L/--limit`: the first `n` hosts, or the last `-n`.
fn limit(hl: &Hostlist, n: i64) -> Hostlist {
    let len = hl.len();
    let (skip, take) = if n > 0 {
        (0, n.unsigned_abs().min(len))
    } else {
        let take = n.unsigned_abs().min(len);
        (len - take, take)
    };
    let positions: Vec<u64> = (skip..skip + take).collect();
    select(hl, &positions)
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
    fn sorting_refuses_more_than_max_hosts_and_says_the_limit() {
        // Five runs of 2^20 hosts: 5 242 880 in all, past MAX_HOSTS (2^22).
        let texts: Vec<String> = ["e", "d", "c", "b", "a"]
            .iter()
            .map(|p| format!("{p}[0-1048575]"))
            .collect();
        let runs: Vec<Hostlist> = texts.iter().map(|t| Hostlist::parse(t).unwrap()).collect();
        let sort = HostlistOptions {
            sort: true,
            ..HostlistOptions::default()
        };
        let refused = "cannot sort more than 4194304 hosts (5242880 given)";
        assert_eq!(combine(runs.clone(), &sort).unwrap_err(), refused);
        assert_eq!(hostlist("sort", &texts).unwrap_err(), refused);
        // At the limit it sorts; past it, only sorting is refused.
        assert_eq!(
            combine(runs[1..].to_vec(), &sort).unwrap().to_string(),
            "a[0-1048575],b[0-1048575],c[0-1048575],d[0-1048575]"
        );
        assert_eq!(
            hostlist("count", &texts).unwrap(),
            ListAnswer::Count(5242880)
        );
    }

    #[test]
    fn options_apply_in_the_reference_order_and_print_as_the_cli() {
        let lists = ["n[5,1-3]", "n[2,9]", "m1"].map(|t| Hostlist::parse(t).unwrap());
        // Exclude n2 (both), sort, unique, the last 3, then the second of them.
        let options = HostlistOptions {
            exclude: Some(Hostlist::parse("n2").unwrap()),
            sort: true,
            unique: true,
            limit: Some(-3),
            ..HostlistOptions::default()
        };
        let hl = combine(lists.to_vec(), &options).unwrap();
        assert_eq!(hl.to_string(), "n[3,5,9]");
        let nth = HostlistOptions {
            nth: Some("-1".into()),
            ..options
        };
        assert_eq!(combine(lists.to_vec(), &nth).unwrap().to_string(), "n9");
        let printed = |what| {
            let mut out = Vec::new();
            print(&hl, what, &mut out).map(|()| String::from_utf8(out).unwrap())
        };
        assert_eq!(printed(Print::List).unwrap(), "n[3,5,9]\n");
        assert_eq!(printed(Print::Count).unwrap(), "3\n");
        assert_eq!(printed(Print::Expand("\\n")).unwrap(), "n3\nn5\nn9\n");
        assert_eq!(printed(Print::Find("n[5,9]")).unwrap(), "1 2\n");
        assert_eq!(
            printed(Print::Find("n[1-2]")).unwrap_err(),
            "hosts 'n[1-2]' not found"
        );
        let empty = Hostlist::new();
        let mut out = Vec::new();
        print(&empty, Print::Expand(","), &mut out).unwrap();
        print(&empty, Print::List, &mut out).unwrap();
        assert!(out.is_empty());
        let out_of_range = HostlistOptions {
            nth: Some("3".into()),
            ..HostlistOptions::default()
        };
        assert_eq!(
            combine(vec![hl], &out_of_range).unwrap_err(),
            "hostlist index out of range"
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
