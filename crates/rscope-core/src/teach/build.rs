//! Build an R from a form: hosts (an RFC 29 host list), the cores and GPUs
//! of each node (RFC 22 id sets), properties (`name=hosts`) and times. The
//! form writes the JSON; JSON the form can show reads back into it.
//!
//! The nodes get ranks 0, 1, 2… in the order of the host list, as a new
//! instance numbers its brokers; a property's hosts become their ranks.

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
use crate::json::format_real;
use crate::rset;
use serde::Serialize;
use serde_json::{json, Map, Value};

/// The most hosts the form builds (an R for teaching, typed by hand).
pub const MAX_FORM_HOSTS: u64 = 10_000;

/// The longest JSON the form reads back (it is read on the page's main
/// thread, at each edit of its tab).
pub const MAX_FORM_TEXT: usize = 256 * 1024;

/// The form's fields, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Form {
    /// An RFC 29 host list: the nodes.
    pub hosts: String,
    /// An RFC 22 id set: the cores of each node.
    pub cores: String,
    /// An RFC 22 id set: the GPUs of each node (may be empty).
    pub gpus: String,
    /// `name=hosts` pairs separated by spaces: `debug=node[3-4]`.
    pub properties: String,
    /// Seconds since the epoch, or empty.
    pub starttime: String,
    /// Seconds since the epoch, or empty.
    pub expiration: String,
}

/// A field the form cannot write, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldProblem {
    /// The field: `hosts`, `cores`, `gpus`, `properties`, `starttime`, `expiration`.
    pub field: &'static str,
    /// What is wrong.
    pub message: String,
}

fn wrong(field: &'static str, message: String) -> FieldProblem {
    FieldProblem { field, message }
}

/// The R the form describes, as pretty JSON, or what keeps it from being one.
pub fn write(form: &Form) -> Result<String, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let hosts = Hostlist::parse(form.hosts.trim())
        .map_err(|e| format!("not a host list: {}", e.message()))
        .and_then(|h| match h.len() {
            0 => Err("name at least one host".to_string()),
            n if n > MAX_FORM_HOSTS => Err(format!(
                "{n} hosts is more than the form's limit of {MAX_FORM_HOSTS}"
            )),
            _ => Ok(h),
        })
        .map_err(|m| problems.push(wrong("hosts", m)))
        .ok();
    let cores = ids("cores", &form.cores, true, &mut problems);
    let gpus = ids("gpus", &form.gpus, false, &mut problems);
    let props = hosts
        .as_ref()
        .and_then(|h| properties(h, &form.properties, &mut problems));
    let start = time("starttime", &form.starttime, &mut problems);
    let end = time("expiration", &form.expiration, &mut problems);
    if let (Some(Some(s)), Some(Some(e))) = (start, end) {
        if e <= s {
            problems.push(wrong("expiration", "must come after starttime".into()));
        }
    }
    let (Some(hosts), Some(Some(cores)), Some(gpus), Some(props), Some(start), Some(end)) =
        (hosts, cores, gpus, props, start, end)
    else {
        return Err(problems);
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut children = Map::new();
    children.insert("core".into(), json!(cores.to_string()));
    if let Some(g) = gpus.filter(|g| !g.is_empty()) {
        children.insert("gpu".into(), json!(g.to_string()));
    }
    let ranks = IdSet::from_range(0, u32::try_from(hosts.len() - 1).unwrap_or(0));
    let mut execution = Map::new();
    execution.insert(
        "R_lite".into(),
        json!([{ "rank": ranks.to_string(), "children": children }]),
    );
    execution.insert("nodelist".into(), json!([hosts.to_string()]));
    if !props.is_empty() {
        execution.insert("properties".into(), Value::Object(props));
    }
    for (key, t) in [("starttime", start), ("expiration", end)] {
        if let Some(t) = t {
            execution.insert(key.into(), number(t));
        }
    }
    let r = json!({ "version": 1, "execution": execution });
    Ok(serde_json::to_string_pretty(&r).unwrap_or_default() + "\n")
}

/// A whole number of seconds as an integer, others as a real.
fn number(t: f64) -> Value {
    if t.fract() == 0.0 && t.abs() < 9.0e15 {
        json!(t as i64)
    } else {
        serde_json::from_str(&format_real(t)).unwrap_or(Value::Null)
    }
}

/// An id set field: `None` when it is wrong, `Some(None)` when empty.
fn ids(
    field: &'static str,
    text: &str,
    required: bool,
    problems: &mut Vec<FieldProblem>,
) -> Option<Option<IdSet>> {
    let text = text.trim();
    if text.is_empty() {
        if required {
            problems.push(wrong(field, "give an id set, such as 0-47".into()));
            return None;
        }
        return Some(None);
    }
    match IdSet::parse(text) {
        Ok(ids) => Some(Some(ids)),
        Err(e) => {
            problems.push(wrong(field, format!("not an id set: {}", e.message())));
            None
        }
    }
}

/// A time field: `None` when wrong, `Some(None)` when empty.
fn time(field: &'static str, text: &str, problems: &mut Vec<FieldProblem>) -> Option<Option<f64>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(None);
    }
    match text.parse::<f64>() {
        Ok(t) if t.is_finite() && t > 0.0 => Some(Some(t)),
        _ => {
            problems.push(wrong(
                field,
                format!("'{text}' is not a number of seconds after 1970"),
            ));
            None
        }
    }
}

/// `name=hosts` pairs as property ranks.
fn properties(
    hosts: &Hostlist,
    text: &str,
    problems: &mut Vec<FieldProblem>,
) -> Option<Map<String, Value>> {
    let mut out = Map::new();
    for pair in text.split_whitespace() {
        let Some((name, list)) = pair.split_once('=') else {
            problems.push(wrong("properties", format!("'{pair}' is not name=hosts")));
            return None;
        };
        let Ok(named) = Hostlist::parse(list) else {
            problems.push(wrong("properties", format!("'{list}' is not a host list")));
            return None;
        };
        let mut ranks = IdSet::new();
        for h in named.iter() {
            match hosts.find(&h).and_then(|i| u32::try_from(i).ok()) {
                Some(r) => ranks.insert(r),
                None => {
                    problems.push(wrong("properties", format!("{h} is not one of the hosts")));
                    return None;
                }
            }
        }
        out.insert(name.to_string(), json!(ranks.to_string()));
    }
    Some(out)
}

/// The form that writes `text`, when the form can show it: ranks 0 to
/// n-1 in host-list order, every node with the same cores and GPUs, and
/// no other resources. Otherwise why not.
pub fn read(text: &str) -> Result<Form, String> {
    if text.len() > MAX_FORM_TEXT {
        return Err(format!(
            "{} bytes is more than the form reads (its limit is {MAX_FORM_TEXT} bytes)",
            text.len()
        ));
    }
    let set = rset::load(text).map_err(|e| format!("not an R the form can read: {e}"))?;
    let nodes = set.nodes_by_rank();
    let first = nodes.first().ok_or("the R has no node")?;
    let mut hosts = Hostlist::new();
    for (i, n) in nodes.iter().enumerate() {
        if n.rank() as usize != i {
            return Err(format!(
                "rank {} is not {i}: the form numbers nodes from 0",
                n.rank()
            ));
        }
        hosts.push_host(n.hostname().ok_or("a node has no host name")?);
        if n.children().any(|(k, _)| k != "core" && k != "gpu") {
            return Err("the form has only cores and GPUs".into());
        }
        if n.child("core") != first.child("core") || n.child("gpu") != first.child("gpu") {
            return Err("the nodes differ: the form gives each the same cores and GPUs".into());
        }
    }
    let host_of = |ranks: &IdSet| {
        let mut h = Hostlist::new();
        ranks
            .iter()
            .filter_map(|r| nodes.get(r as usize)?.hostname())
            .for_each(|n| h.push_host(n));
        h.to_string()
    };
    let properties: Vec<String> = set
        .properties()
        .iter()
        .map(|(name, ranks)| format!("{name}={}", host_of(ranks)))
        .collect();
    let shown = |t: f64| {
        if t > 0.0 {
            format_real(t).trim_end_matches(".0").to_string()
        } else {
            String::new()
        }
    };
    Ok(Form {
        hosts: hosts.to_string(),
        cores: first
            .child("core")
            .map(ToString::to_string)
            .unwrap_or_default(),
        gpus: first
            .child("gpu")
            .map(ToString::to_string)
            .unwrap_or_default(),
        properties: properties.join(" "),
        starttime: shown(set.starttime()),
        expiration: shown(set.expiration()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> Form {
        Form {
            hosts: "node[186-189]".into(),
            cores: "0-47".into(),
            gpus: "0-7".into(),
            properties: "debug=node[188-189]".into(),
            starttime: "1676560542".into(),
            expiration: "1676562342".into(),
        }
    }

    #[test]
    fn a_form_writes_an_r() {
        let text = write(&form()).unwrap();
        assert_eq!(
            text,
            r#"{
  "version": 1,
  "execution": {
    "R_lite": [
      {
        "rank": "0-3",
        "children": {
          "core": "0-47",
          "gpu": "0-7"
        }
      }
    ],
    "nodelist": [
      "node[186-189]"
    ],
    "properties": {
      "debug": "2-3"
    },
    "starttime": 1676560542,
    "expiration": 1676562342
  }
}
"#
        );
        assert!(crate::rset::parse(&text).diagnostics.is_empty());
        assert_eq!(read(&text).unwrap(), form());
    }

    #[test]
    fn wrong_fields_say_why() {
        let bad = Form {
            hosts: "node[1-".into(),
            cores: "3-1".into(),
            properties: "debug".into(),
            starttime: "soon".into(),
            ..form()
        };
        assert_eq!(
            write(&bad).unwrap_err(),
            vec![
                wrong("hosts", "not a host list: unclosed '['".into()),
                wrong("cores", "not an id set: reversed range '3-1'".into()),
                wrong(
                    "starttime",
                    "'soon' is not a number of seconds after 1970".into()
                ),
            ]
        );
        let late = Form {
            expiration: "5".into(),
            starttime: "10".into(),
            ..form()
        };
        assert_eq!(
            write(&late).unwrap_err(),
            vec![wrong("expiration", "must come after starttime".into())]
        );
        let stranger = Form {
            properties: "x=other1".into(),
            ..form()
        };
        assert_eq!(
            write(&stranger).unwrap_err(),
            vec![wrong("properties", "other1 is not one of the hosts".into())]
        );
    }

    #[test]
    fn json_the_form_cannot_show_says_why() {
        let two = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}, {"rank": "1", "children": {"core": "0-3"}}], "nodelist": ["a,b"]}}"#;
        assert_eq!(
            read(two).unwrap_err(),
            "the nodes differ: the form gives each the same cores and GPUs"
        );
        let gap = r#"{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0"}}], "nodelist": ["a"]}}"#;
        assert_eq!(
            read(gap).unwrap_err(),
            "rank 1 is not 0: the form numbers nodes from 0"
        );
    }
}
