//! What the other documents of a tab's system say of its nodes, for its
//! grid: the node states and drain reasons of a `flux resource status`
//! payload added beside an R (or a graph, or a list payload). Read in the
//! analysis worker, crossing as postcard bytes, laid on the tab's grid by
//! the page ([`crate::grid::Grid::with_node_states`]): the grid then
//! colours by state and lists the drained nodes as a status payload's
//! own tab does. Ranks are the system's, so the states land on the rows
//! of the same ranks.

use super::*;

/// The node states of the first `resource.status` payload among `texts`
/// (the documents added to a tab's system), with drain ages as of `now`
/// (seconds since the epoch); `None` when none is one.
pub fn node_states_beside(texts: &[&str], now: f64) -> Option<NodeStates> {
    texts.iter().find_map(|text| {
        let report = make_report(text);
        report
            .node_states
            .as_ref()
            .map(|st| NodeStates::of(st, now))
    })
}

/// [`node_states_beside`] as it crosses from the analysis worker.
pub fn node_states_beside_part(texts: &[&str], now: f64) -> Vec<u8> {
    bytes(&node_states_beside(texts, now))
}

/// The node states [`node_states_beside_part`] sent, or `None` when it
/// sent none or the bytes do not read.
pub fn node_states_from_part(bytes: &[u8]) -> Option<NodeStates> {
    postcard::from_bytes::<Option<NodeStates>>(bytes)
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const STATUS: &str = r#"{"R":{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}},"online":"0-1,3","offline":"2","exclude":"","torpid":"","drain":{"3":{"reason":"bad fan","timestamp":1607544031.0}}}"#;
    const R: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-4]"]}}"#;

    #[test]
    fn a_status_payload_beside_gives_its_node_states_and_nothing_else_does() {
        let now = 1607544031.0 + 3600.0;
        let states = node_states_beside(&[R, "{}", STATUS], now).unwrap();
        let notes: Vec<&str> = states.overlay.notes_of(3).collect();
        assert_eq!(notes, vec!["drained 1 hour ago: bad fan"]);
        assert_eq!(states.overlay.notes_of(0).count(), 0);
        assert_eq!(states.drains.len(), 1);
        assert_eq!(
            (
                states.drains[0].nodelist.as_str(),
                states.drains[0].reason.as_str()
            ),
            ("tiny4", "bad fan")
        );
        let crossed = node_states_from_part(&node_states_beside_part(&[STATUS], now));
        assert_eq!(crossed, Some(states));
        assert_eq!(node_states_beside(&[R, "not json"], now), None);
        assert_eq!(
            node_states_from_part(&node_states_beside_part(&[R], now)),
            None
        );
        assert_eq!(node_states_from_part(b"\xff\xff"), None);
    }
}
