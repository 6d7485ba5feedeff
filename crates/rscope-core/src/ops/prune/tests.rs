use super::*;

const WITH_GRAPH: &str = include_str!("../../../../../tests/fixtures/r/with-graph.json");

/// The vertices of duo0 ⊃ duo7 ⊃ core0-1, as the fixture writes them.
const DUO7_GRAPH: &str = "{\"graph\": {\"nodes\": [{\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"basename\": \"duo\", \"name\": \"duo0\", \"id\": 0, \"rank\": -1, \"paths\": {\"containment\": \"/duo0\"}}}, {\"id\": \"1\", \"metadata\": {\"type\": \"node\", \"basename\": \"duo\", \"name\": \"duo7\", \"id\": 7, \"rank\": 0, \"paths\": {\"containment\": \"/duo0/duo7\"}}}";

#[test]
fn a_subtree_keeps_its_ranks_hosts_and_graph() {
    let out = copy(WITH_GRAPH, &[1]).unwrap();
    assert_eq!(
        out,
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"core\": \"0-1\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"duo7\"]}, \"scheduling\": "
            .to_string()
            + DUO7_GRAPH
            + ", {\"id\": \"2\", \"metadata\": {\"type\": \"core\", \"basename\": \"core\", \"name\": \"core0\", \"id\": 0, \"rank\": 0, \"paths\": {\"containment\": \"/duo0/duo7/core0\"}}}, {\"id\": \"3\", \"metadata\": {\"type\": \"core\", \"basename\": \"core\", \"name\": \"core1\", \"id\": 1, \"rank\": 0, \"paths\": {\"containment\": \"/duo0/duo7/core1\"}}}], \"edges\": [{\"source\": \"0\", \"target\": \"1\", \"metadata\": {\"name\": {\"containment\": \"contains\"}}}, {\"source\": \"1\", \"target\": \"2\", \"metadata\": {\"name\": {\"containment\": \"contains\"}}}, {\"source\": \"1\", \"target\": \"3\", \"metadata\": {\"name\": {\"containment\": \"contains\"}}}]}}}"
    );
}

#[test]
fn find_hits_keep_only_themselves_and_their_ancestors() {
    // core1 of duo7 (vertex 3): R_lite keeps rank 0 with core 1 only.
    let out = copy(WITH_GRAPH, &[3]).unwrap();
    assert_eq!(
        out,
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0\", \"children\": {\"core\": \"1\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"duo7\"]}, \"scheduling\": "
            .to_string()
            + DUO7_GRAPH
            + ", {\"id\": \"3\", \"metadata\": {\"type\": \"core\", \"basename\": \"core\", \"name\": \"core1\", \"id\": 1, \"rank\": 0, \"paths\": {\"containment\": \"/duo0/duo7/core1\"}}}], \"edges\": [{\"source\": \"0\", \"target\": \"1\", \"metadata\": {\"name\": {\"containment\": \"contains\"}}}, {\"source\": \"1\", \"target\": \"3\", \"metadata\": {\"name\": {\"containment\": \"contains\"}}}]}}}"
    );
}

#[test]
fn an_r_without_a_graph_is_pruned_in_its_generated_graph() {
    let r = "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"0-2\", \"children\": {\"core\": \"0-3\", \"gpu\": \"0\"}}], \"nodelist\": [\"n[0-2]\"], \"properties\": {\"big\": \"1-2\"}}}";
    // Vertex 1 is the first node of the generated graph: n0; the last is n2.
    let nodes = crate::jgf::index_graph(generate::from_rset(&rset::load(r).unwrap())).0;
    let n2 = nodes
        .graph
        .vertices
        .iter()
        .position(|v| v.name == "n2")
        .unwrap();
    let out = copy(r, &[n2]).unwrap();
    // The children in the order librlist's intersection leaves them.
    assert_eq!(
        out,
        "{\"version\": 1, \"execution\": {\"R_lite\": [{\"rank\": \"2\", \"children\": {\"gpu\": \"0\", \"core\": \"0-3\"}}], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\"n2\"], \"properties\": {\"big\": \"2\"}}}"
    );
}

#[test]
fn a_bare_graph_stays_a_bare_graph_and_bad_choices_are_refused() {
    let bare = "{\"graph\": {\"nodes\": [{\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"name\": \"c0\", \"paths\": {\"containment\": \"/c0\"}}}, {\"id\": \"1\", \"metadata\": {\"type\": \"node\", \"name\": \"n0\", \"paths\": {\"containment\": \"/c0/n0\"}}}, {\"id\": \"2\", \"metadata\": {\"type\": \"node\", \"name\": \"n1\", \"paths\": {\"containment\": \"/c0/n1\"}}}], \"edges\": [{\"source\": \"0\", \"target\": \"1\"}, {\"source\": \"0\", \"target\": \"2\"}]}}";
    assert_eq!(
        copy(bare, &[2]).unwrap(),
        "{\"graph\": {\"nodes\": [{\"id\": \"0\", \"metadata\": {\"type\": \"cluster\", \"name\": \"c0\", \"paths\": {\"containment\": \"/c0\"}}}, {\"id\": \"2\", \"metadata\": {\"type\": \"node\", \"name\": \"n1\", \"paths\": {\"containment\": \"/c0/n1\"}}}], \"edges\": [{\"source\": \"0\", \"target\": \"2\"}]}}"
    );
    assert_eq!(
        copy(bare, &[7]),
        Err("vertex 7 is not in the graph (it has 3)".to_string())
    );
    assert_eq!(
        copy(bare, &[]),
        Err("nothing to copy: no vertex is chosen".to_string())
    );
    assert_eq!(
        copy("{\"version\": 1}", &[0]),
        Err("the document holds no resource graph and no R".to_string())
    );
}
