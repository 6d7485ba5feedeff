//! The `[bootstrap] hosts` of a Flux configuration: the brokers' hosts in
//! rank order. Each entry's `host` is an RFC 29 host list, expanded in
//! its written order, and the ranks follow the entries in turn, as the
//! broker's boot configuration numbers them.
//!
//! ```toml
//! [bootstrap]
//! hosts = [
//!     { host = "tiny[1-3]" },
//!     { host = "tiny0", bind = "tcp://eth0:8050" },
//! ]
//! ```

use crate::hostlist::Hostlist;
use serde_json::Value;

/// The hosts in rank order, or `None` when the configuration has no
/// `[bootstrap] hosts`. Refused: entries that are not tables with a
/// `host` string, a host list that does not parse, a host given twice.
pub fn hosts(config: &Value) -> Result<Option<Hostlist>, String> {
    let Some(entries) = config.get("bootstrap").and_then(|b| b.get("hosts")) else {
        return Ok(None);
    };
    let Value::Array(entries) = entries else {
        return Err("bootstrap.hosts must be an array of tables".into());
    };
    let mut order = Hostlist::new();
    let mut seen = std::collections::HashSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let host = match entry.get("host") {
            Some(Value::String(h)) => h,
            Some(_) => return Err(format!("bootstrap.hosts[{i}].host must be a string")),
            None => return Err(format!("bootstrap.hosts[{i}] has no host")),
        };
        let list = Hostlist::parse(host)
            .map_err(|e| format!("bootstrap.hosts[{i}]: invalid hostlist '{host}': {e}"))?;
        for h in list.iter() {
            if !seen.insert(h.clone()) {
                return Err(format!("bootstrap.hosts[{i}]: duplicate host {h}"));
            }
            order.push_host(&h);
        }
    }
    Ok(Some(order))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resource::queues::config_value;

    fn read(text: &str) -> Result<Option<String>, String> {
        Ok(hosts(&config_value(text)?)?.map(|h| h.iter().collect::<Vec<_>>().join(" ")))
    }

    #[test]
    fn ranks_follow_the_entries_and_each_list_in_its_written_order() {
        let toml = "[bootstrap]\nhosts = [\n  { host = \"tiny[3,1-2]\" },\n  { host = \"tiny0\", bind = \"tcp://eth0:8050\" },\n]\n";
        assert_eq!(read(toml), Ok(Some("tiny3 tiny1 tiny2 tiny0".into())));
        let json = r#"{"bootstrap": {"hosts": [{"host": "a[1-2]"}]}}"#;
        assert_eq!(read(json), Ok(Some("a1 a2".into())));
        assert_eq!(read("[queues.batch]\n"), Ok(None));
    }

    #[test]
    fn bad_entries_are_refused_saying_which() {
        let bad = |hosts: &str| read(&format!("[bootstrap]\nhosts = {hosts}\n")).unwrap_err();
        assert_eq!(
            bad("\"tiny1\""),
            "bootstrap.hosts must be an array of tables"
        );
        assert_eq!(bad("[{ bind = \"x\" }]"), "bootstrap.hosts[0] has no host");
        assert_eq!(
            bad("[{ host = 3 }]"),
            "bootstrap.hosts[0].host must be a string"
        );
        assert_eq!(
            bad("[{ host = \"a1\" }, { host = \"a[0-\" }]"),
            "bootstrap.hosts[1]: invalid hostlist 'a[0-': unclosed '[' at column 2"
        );
        assert_eq!(
            bad("[{ host = \"a[1-2]\" }, { host = \"a2\" }]"),
            "bootstrap.hosts[1]: duplicate host a2"
        );
    }
}
