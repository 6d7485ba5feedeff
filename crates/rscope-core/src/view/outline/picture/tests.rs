use super::*;
use crate::jgf;

/// A JGF document of `(type, name, parent index, size, unit)` vertices,
/// each vertex's id its position, each with a containment path.
pub(crate) fn doc(vertices: &[(&str, &str, Option<usize>, u64, &str)]) -> String {
    let mut paths: Vec<String> = Vec::new();
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for (i, (kind, name, parent, size, unit)) in vertices.iter().enumerate() {
        let path = match parent {
            Some(p) => format!("{}/{name}", paths[*p]),
            None => format!("/{name}"),
        };
        let digits: String = name.chars().filter(char::is_ascii_digit).collect();
        nodes.push(format!(
            r#"{{"id": "{i}", "metadata": {{"type": "{kind}", "basename": "{kind}", "name": "{name}", "id": {}, "uniq_id": {i}, "rank": -1, "exclusive": false, "unit": "{unit}", "size": {size}, "properties": {{}}, "paths": {{"containment": "{path}"}}}}}}"#,
            digits.parse::<i64>().unwrap_or(0)
        ));
        if let Some(p) = parent {
            edges.push(format!(
                r#"{{"source": "{p}", "target": "{i}", "metadata": {{"subsystem": "containment"}}}}"#
            ));
        }
        paths.push(path);
    }
    format!(
        "{{\"graph\": {{\"nodes\": [{}], \"edges\": [{}]}}}}",
        nodes.join(",\n"),
        edges.join(",\n")
    )
}

pub(crate) fn outline(text: &str) -> Outline {
    let (a, diags) = jgf::read_indexed(text);
    assert!(
        diags
            .iter()
            .all(|d| d.severity != crate::diag::Severity::Error),
        "{diags:?}"
    );
    Outline::new(a, None, 1).unwrap()
}

/// cluster0 ⊃ node0 ⊃ (core0-3, memory0 128 GB), node1 ⊃ core0.
fn small() -> Outline {
    outline(&doc(&[
        ("cluster", "cluster0", None, 1, ""),
        ("node", "node0", Some(0), 1, ""),
        ("core", "core0", Some(1), 1, ""),
        ("core", "core1", Some(1), 1, ""),
        ("core", "core2", Some(1), 1, ""),
        ("core", "core3", Some(1), 1, ""),
        ("memory", "memory0", Some(1), 128, "GB"),
        ("node", "node1", Some(0), 1, ""),
        ("core", "core0", Some(7), 1, ""),
    ]))
}

/// A box as (vertex, count, title, detail, x, y, w, h).
type Rect<'a> = (usize, usize, &'a str, &'a str, f64, f64, f64, f64);

/// Each box as a [`Rect`].
fn rects(p: &Picture) -> Vec<Rect<'_>> {
    p.boxes
        .iter()
        .map(|b| {
            (
                b.vertex,
                b.count,
                b.title.as_str(),
                b.detail.as_str(),
                b.x,
                b.y,
                b.w,
                b.h,
            )
        })
        .collect()
}

#[test]
fn identical_siblings_fold_and_boxes_nest_in_rows() {
    let o = small();
    let p = layout(&o, &Framing::default());
    assert_eq!(
        rects(&p),
        [
            (0, 1, "cluster0", "", 0.0, 0.0, 128.0, 114.0),
            (1, 1, "node0", "", 4.0, 22.0, 65.0, 88.0),
            (7, 1, "node1", "", 73.0, 22.0, 51.0, 48.0),
            (2, 4, "core ×4", "", 8.0, 44.0, 57.0, 22.0),
            (6, 1, "memory0", "128 GB", 8.0, 70.0, 57.0, 36.0),
            (8, 1, "core0", "", 77.0, 44.0, 43.0, 22.0),
        ]
    );
    assert_eq!((p.width, p.height, p.not_drawn), (128.0, 114.0, 0));
    let folded = &p.boxes[3];
    assert_eq!(
        (folded.last, folded.run, folded.parent),
        (5, Some(2), Some(1))
    );
    assert_eq!(
        p.boxes.iter().map(|b| b.shown).collect::<Vec<_>>(),
        [
            ChildrenShown::Open,
            ChildrenShown::Open,
            ChildrenShown::Open,
            ChildrenShown::Leaf,
            ChildrenShown::Leaf,
            ChildrenShown::Leaf
        ]
    );
    // node1's lone core is no run: too short to fold.
    assert_eq!(p.boxes[5].run, None);
}

#[test]
fn an_unfolded_run_draws_each_member() {
    let o = small();
    let mut view = Framing::default();
    view.toggle(2);
    let p = layout(&o, &view);
    let under_node0: Vec<_> = rects(&p)
        .into_iter()
        .filter(|r| (2..=6).contains(&r.0))
        .collect();
    assert_eq!(
        under_node0,
        [
            (2, 1, "core0", "", 8.0, 44.0, 43.0, 22.0),
            (3, 1, "core1", "", 55.0, 44.0, 43.0, 22.0),
            (4, 1, "core2", "", 8.0, 70.0, 43.0, 22.0),
            (5, 1, "core3", "", 55.0, 70.0, 43.0, 22.0),
            (6, 1, "memory0", "128 GB", 8.0, 96.0, 57.0, 36.0),
        ]
    );
    assert!(p.boxes[3..8]
        .iter()
        .all(|b| b.run == Some(2) || b.vertex == 6));
    view.toggle(2);
    assert_eq!(view, Framing::default());
}

#[test]
fn zooming_draws_one_subtree_and_the_breadcrumb_leads_back() {
    let o = small();
    let mut view = Framing {
        focus: Some(7),
        ..Framing::default()
    };
    let p = layout(&o, &view);
    assert_eq!(
        rects(&p),
        [
            (7, 1, "node1", "", 0.0, 0.0, 51.0, 48.0),
            (8, 1, "core0", "", 4.0, 22.0, 43.0, 22.0),
        ]
    );
    assert_eq!(
        o.breadcrumb(7),
        [(0, "cluster0".to_string()), (7, "node1".to_string())]
    );
    view.zoom_out(&o);
    assert_eq!(view.focus, Some(0));
    view.zoom_out(&o);
    assert_eq!(view.focus, None);
}

/// A cluster of `nodes` nodes, each of a different size (so none fold),
/// each with `cores` cores of different sizes.
fn wide(nodes: usize, cores: usize) -> Outline {
    let mut v: Vec<(String, String, Option<usize>, u64)> =
        vec![("cluster".into(), "cluster0".into(), None, 1)];
    for n in 0..nodes {
        let at = v.len();
        v.push(("node".into(), format!("node{n}"), Some(0), n as u64 + 1));
        for c in 0..cores {
            v.push(("core".into(), format!("core{c}"), Some(at), c as u64 + 1));
        }
    }
    let v: Vec<(&str, &str, Option<usize>, u64, &str)> = v
        .iter()
        .map(|(k, n, p, s)| (k.as_str(), n.as_str(), *p, *s, ""))
        .collect();
    outline(&doc(&v))
}

#[test]
fn levels_over_the_budget_are_closed_and_show_their_counts() {
    let o = wide(700, 2);
    let p = layout(&o, &Framing::default());
    assert_eq!((p.boxes.len(), p.not_drawn), (701, 0));
    assert_eq!(p.boxes[0].shown, ChildrenShown::Open);
    assert!(p.boxes[1..]
        .iter()
        .all(|b| b.shown == ChildrenShown::Closed && b.detail == "2 cores"));
    assert_eq!(
        (p.boxes[1].title.as_str(), p.boxes[700].title.as_str()),
        ("node0", "node699")
    );
    // Zooming into a node opens it.
    let z = layout(
        &o,
        &Framing {
            focus: Some(1),
            ..Framing::default()
        },
    );
    assert_eq!(z.boxes.len(), 3);
    assert_eq!(z.boxes[0].shown, ChildrenShown::Open);
}

#[test]
fn one_level_over_the_budget_is_drawn_in_part() {
    let o = wide(1600, 0);
    let p = layout(&o, &Framing::default());
    assert_eq!(
        (p.boxes.len(), p.not_drawn),
        (MAX_BOXES, 1600 - (MAX_BOXES - 1))
    );
    assert_eq!(p.boxes.last().map(|b| b.title.as_str()), Some("node1498"));
}

#[test]
fn marks_follow_hits_into_folds_and_boxes() {
    let o = small();
    let p = layout(&o, &Framing::default());
    let hits = o.find(&"name=core1".parse().unwrap());
    assert_eq!(hits, [3]);
    assert_eq!(
        p.marks(&o, &hits),
        [
            FindMark::Within,
            FindMark::Within,
            FindMark::None,
            FindMark::Hit,
            FindMark::None,
            FindMark::None
        ]
    );
    let nodes = o.find(&"type=node".parse().unwrap());
    assert_eq!(
        p.marks(&o, &nodes),
        [
            FindMark::Within,
            FindMark::Hit,
            FindMark::Hit,
            FindMark::None,
            FindMark::None,
            FindMark::None
        ]
    );
    // Every vertex of the fixture has rank -1: each box is a hit of its
    // own, though it holds hits too.
    let all = o.find(&"rank=-1".parse().unwrap());
    assert_eq!(p.marks(&o, &all), [FindMark::Hit; 6]);
    assert_eq!(p.box_of(&o, 4), Some(3));
    assert_eq!(p.box_of(&o, 7), Some(2));
}

#[test]
fn keys_move_among_boxes_zoom_and_fold() {
    let o = small();
    let p = layout(&o, &Framing::default());
    assert_eq!(p.press(&o, 1, "ArrowRight"), Move::Focus(2));
    assert_eq!(p.press(&o, 2, "ArrowRight"), Move::Stay);
    assert_eq!(p.press(&o, 2, "ArrowLeft"), Move::Focus(1));
    assert_eq!(p.press(&o, 1, "ArrowDown"), Move::Focus(3));
    assert_eq!(p.press(&o, 3, "ArrowUp"), Move::Focus(1));
    assert_eq!(p.press(&o, 0, "ArrowUp"), Move::Stay);
    assert_eq!(p.press(&o, 4, "Home"), Move::Focus(3));
    assert_eq!(p.press(&o, 3, "End"), Move::Focus(4));
    assert_eq!(p.press(&o, 1, "Enter"), Move::Zoom(1));
    assert_eq!(p.press(&o, 4, "Enter"), Move::Stay);
    assert_eq!(p.press(&o, 3, " "), Move::Toggle(2));
    assert_eq!(p.press(&o, 4, " "), Move::Stay);
    assert_eq!(p.press(&o, 4, "Escape"), Move::ZoomOut);
    assert_eq!(p.press(&o, 4, "x"), Move::Ignore);
    assert_eq!(p.at(10.0, 50.0), Some(3));
    assert_eq!(p.at(5.0, 23.0), Some(1));
    assert_eq!(p.at(200.0, 5.0), None);
}

#[test]
fn hover_describes_a_fold_and_colours_have_a_legend() {
    let o = small();
    let p = layout(&o, &Framing::default());
    assert_eq!(
        o.describe(&p.boxes[3]),
        [
            "core0 (core)",
            "4 identical: core0 to core3",
            "/cluster0/node0/core0"
        ]
    );
    assert_eq!(
        o.describe(&p.boxes[4]),
        ["memory0 (memory)", "/cluster0/node0/memory0", "size 128 GB"]
    );
    assert_eq!(
        o.describe(&p.boxes[1]),
        ["node0 (node)", "/cluster0/node0", "holds 4 cores, 1 memory"]
    );
    assert_eq!(
        p.legend(&o, &PictureColorBy::Type),
        ["cluster", "node", "core", "memory"]
    );
    assert_eq!(p.legend(&o, &PictureColorBy::State), ["up"]);
    assert_eq!(
        p.legend(&o, &PictureColorBy::Property("x".into())),
        ["no x"]
    );
}

#[test]
fn svg_escapes_names() {
    let o = outline(&doc(&[("cluster", "<a&b>", None, 1, "")]));
    let p = layout(&o, &Framing::default());
    assert_eq!(
        p.svg(&["#eee".to_string()], &[FindMark::Hit], "#111", &[]),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"43\" height=\"22\" font-family=\"monospace\" font-size=\"11\">\n\
         <rect x=\"0\" y=\"0\" width=\"43\" height=\"22\" fill=\"#eee\" stroke=\"#111\" stroke-width=\"3\"/>\n\
         <text x=\"4\" y=\"15\" fill=\"#111\">&lt;a&amp;b&gt;</text>\n</svg>\n"
    );
}

#[test]
fn an_svg_of_names_full_of_control_characters_parses_as_xml() {
    let o = outline(&doc(&[
        ("cluster", "c\\u0001<0>", None, 1, ""),
        ("node", "n\\u001f\\uffff", Some(0), 1, ""),
    ]));
    let p = layout(&o, &Framing::default());
    let svg = p.svg(&["#eee".to_string(), "#ddd".to_string()], &[], "#111", &[]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.contains(&"c\u{fffd}<0>"), "{texts:?}");
}

#[test]
fn find_in_the_outline_agrees_with_find_in_the_graph() {
    for text in [
        include_str!("../../../../../../tests/fixtures/jgf/verbose.json"),
        include_str!("../../../../../../tests/fixtures/jgf/power.json"),
        include_str!("../../../../../../tests/fixtures/r/with-graph.json"),
    ] {
        let (a, _) = jgf::read_indexed(text);
        let a = a.unwrap();
        let o = Outline::new(Some(a.clone()), None, 1).unwrap();
        for q in [
            "type=node",
            "type=core",
            "name=gpu1",
            "basename=socket",
            "id=1",
            "rank=1",
            "rank=-1",
            "path=/lab0/rack0/node1",
            "path=/",
            "property=ssd",
            "property=ssd=x",
        ] {
            let q: jgf::Query = q.parse().unwrap();
            let want: Vec<usize> = jgf::find(&a.graph, &a.tree, &q)
                .iter()
                .map(|f| f.vertex)
                .collect();
            assert_eq!(o.find(&q), want, "{q}");
        }
    }
}

#[test]
fn nodes_where_r_lite_and_the_graph_disagree_are_marked() {
    let text = include_str!("../../../../../../tests/fixtures/r/with-graph.json").replacen(
        "\"core\": \"0-1\"",
        "\"core\": \"0-2\"",
        1,
    );
    let r = crate::rset::load(&text).unwrap();
    let (a, _) = jgf::read_indexed(&text);
    let o = Outline::new(a, Some(&r), 1).unwrap();
    assert_eq!(
        o.looks().differences().collect::<Vec<_>>(),
        [
            "rank 0: core 2 only in R_lite",
            "rank 1: core 2 only in R_lite"
        ]
    );
    let p = layout(&o, &Framing::default());
    let titles: Vec<&str> = p.boxes.iter().map(|b| b.title.as_str()).collect();
    assert_eq!(
        titles,
        ["duo0", "duo7", "duo8", "core0", "core1", "core0", "core1"]
    );
    assert_eq!(
        p.disagreeing(&o),
        [false, true, true, false, false, false, false]
    );
    assert_eq!(
        o.describe(&p.boxes[1]),
        [
            "duo7 (node)",
            "/duo0/duo7",
            "rank 0",
            "R_lite disagrees: rank 0: core 2 only in R_lite",
            "holds 2 cores"
        ]
    );
}

#[test]
fn a_byte_of_the_text_names_its_vertex_and_box() {
    let text = doc(&[
        ("cluster", "cluster0", None, 1, ""),
        ("node", "node0", Some(0), 1, ""),
    ]);
    let o = outline(&text);
    let at = text.find("\"node0\"").unwrap();
    assert_eq!(o.looks().vertex_at(at), Some(1));
    let span = o.looks().span(1).unwrap();
    assert!(text[span.clone()].starts_with("{\"id\": \"1\""));
    assert!(text[span].ends_with("}}"));
    // Between the vertices, and before the first: none.
    assert_eq!(
        o.looks().vertex_at(text.find(",\n{\"id\": \"1\"").unwrap()),
        None
    );
    assert_eq!(o.looks().vertex_at(0), None);
    let p = layout(&o, &Framing::default());
    assert_eq!(p.box_of(&o, 1), Some(1));
}

#[test]
fn power_edges_are_lines_between_drawn_boxes() {
    let o = outline(include_str!(
        "../../../../../../tests/fixtures/jgf/power.json"
    ));
    let p = layout(&o, &Framing::default());
    let titles: Vec<&str> = p.boxes.iter().map(|b| b.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "volt0", "rack0", "node0", "node1", "node2", "pdu0", "core0", "core1", "core0",
            "core1", "core0", "core1"
        ]
    );
    assert_eq!(
        p.overlay(&o),
        [
            (5, 2, "power".to_string()),
            (5, 3, "power".to_string()),
            (5, 4, "power".to_string())
        ]
    );
    let svg = p.svg(&[], &[], "#000", &[(5, 2, "#c05600".to_string())]);
    assert!(
        svg.ends_with(
            "<line x1=\"83\" y1=\"133\" x2=\"33.5\" y2=\"81\" stroke=\"#c05600\"/>\n</svg>\n"
        ),
        "{svg}"
    );
    // Zoomed into node1, only node1 is drawn: no line has both ends.
    let z = layout(
        &o,
        &Framing {
            focus: Some(6),
            ..Framing::default()
        },
    );
    assert_eq!(z.overlay(&o), []);
}

#[test]
fn scrolling_shows_the_focused_box_with_its_ring() {
    let b = |x: f64, y: f64, w: f64, h: f64| PlacedBox {
        vertex: 0,
        last: 0,
        count: 1,
        run: None,
        parent: None,
        shown: ChildrenShown::Leaf,
        title: String::new(),
        detail: String::new(),
        x,
        y,
        w,
        h,
    };
    let view = (100.0, 50.0, 300.0, 200.0);
    // In view, ring included: no scroll.
    assert_eq!(
        scroll_to_show(view, &b(102.0, 52.0, 50.0, 20.0)),
        (100.0, 50.0)
    );
    // Past the right and bottom edges: the least scroll that shows it.
    assert_eq!(
        scroll_to_show(view, &b(380.0, 240.0, 50.0, 20.0)),
        (132.0, 62.0)
    );
    // Before the left and top edges: its ring at the view's edge.
    assert_eq!(
        scroll_to_show(view, &b(40.0, 10.0, 50.0, 20.0)),
        (38.0, 8.0)
    );
    // Wider and taller than the view: its title corner shows.
    assert_eq!(
        scroll_to_show(view, &b(120.0, 60.0, 500.0, 400.0)),
        (118.0, 58.0)
    );
    // The ring of a box at the picture's corner cannot scroll below zero.
    assert_eq!(scroll_to_show(view, &b(0.0, 0.0, 50.0, 20.0)), (0.0, 0.0));
}

#[test]
fn a_type_keeps_its_colour_from_one_document_to_the_next() {
    // A core is the fifth key of one legend and the second of another:
    // the same slot in both.
    let core = |place| colour_slot("core", place, &PictureColorBy::Type, 8);
    assert_eq!((core(4), core(1)), (4, 4));
    let usual: Vec<usize> = ["cluster", "rack", "node", "socket", "core", "gpu", "memory"]
        .iter()
        .map(|t| colour_slot(t, 0, &PictureColorBy::Type, 8))
        .collect();
    assert_eq!(usual, [0, 1, 2, 3, 4, 5, 6]);
    // Another type's slot is picked by its name alone.
    let pdu = colour_slot("pdu", 0, &PictureColorBy::Type, 8);
    assert_eq!(pdu, colour_slot("pdu", 6, &PictureColorBy::Type, 8));
    // Property values and states take their place in the legend.
    let by = PictureColorBy::Property("arch".into());
    assert_eq!(
        (
            colour_slot("arch=x86", 3, &by, 8),
            colour_slot("up", 9, &PictureColorBy::State, 8)
        ),
        (3, 1)
    );
}

#[test]
fn each_subsystem_keeps_one_colour_slot() {
    let lines = |subs: &[&str]| -> Vec<(usize, usize, String)> {
        subs.iter().map(|s| (0, 1, s.to_string())).collect()
    };
    assert_eq!(
        Picture::overlay_slots(&lines(&["power", "network", "power", "infiniband"])),
        [2, 1, 2, 0]
    );
    assert_eq!(Picture::overlay_slots(&[]), Vec::<usize>::new());
}
