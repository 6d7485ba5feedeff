//! The embedded views' options, read once here for both routes so the
//! iframe and the `<rscope-view>` element cannot drift and the page only
//! draws. The iframe mode (`index.html?embed`) reads query parameters:
//! `url=` or `r=` (a share link's packed document) for the document; the
//! element reads its attributes ([`from_attributes`]): `src=` or the
//! inline document. Both take `view=summary,grid,tree,problems,shape`,
//! `theme=light|dark|auto`, `color-by=` (a colour menu value), `fold=1`
//! (the tree folded to its roots), `height=` (a CSS length) and `shape=`
//! (an RFC 46 shape fitted into the document, drawn over the grid).
//! Both also take `view=timeline` (a resource eventlog's timeline above its
//! grid) and `at=` (the moment it starts at: seconds since the epoch, an
//! ISO 8601 time, or an offset from the first or last event). The iframe
//! draws it on the page's bundle, with a slider; the element's bundle has
//! no room for it, so `rscope-view.js` has the timeline part draw the
//! chart at `at=` and colour the grid by that moment's node states
//! ([`crate::analysis::timeline::still_timeline`]). What is not understood
//! is said, never silently dropped.

use crate::fit::answer::{answer, request_without_constraint, FitError};
use crate::fit::Policy;
use crate::idset::IdSet;
use crate::share;

/// One part of the page an embed can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedPart {
    /// The counts, ranks and host names of each set.
    Summary,
    /// The node × resource grid.
    Grid,
    /// The resource graph's tree.
    Tree,
    /// The findings, one a line.
    Problems,
    /// The fit of the `shape=` option, in words.
    Shape,
    /// A resource eventlog's timeline, its slider moving the grid through
    /// time (the iframe mode only).
    Timeline,
}

/// Every view, in the order their names are listed to the reader.
const VIEWS: [EmbedPart; 6] = [
    EmbedPart::Summary,
    EmbedPart::Grid,
    EmbedPart::Tree,
    EmbedPart::Problems,
    EmbedPart::Shape,
    EmbedPart::Timeline,
];

impl EmbedPart {
    /// The name `view=` uses.
    pub fn name(self) -> &'static str {
        match self {
            EmbedPart::Summary => "summary",
            EmbedPart::Grid => "grid",
            EmbedPart::Tree => "tree",
            EmbedPart::Problems => "problems",
            EmbedPart::Shape => "shape",
            EmbedPart::Timeline => "timeline",
        }
    }
}

/// The colour scheme asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The reader's system setting.
    #[default]
    Auto,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// The value of the page's `data-theme` attribute: none for `auto`.
    pub fn attribute(self) -> Option<&'static str> {
        match self {
            Theme::Auto => None,
            Theme::Light => Some("light"),
            Theme::Dark => Some("dark"),
        }
    }
}

/// Where the document comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Fetch it from this URL.
    Url(String),
    /// The text itself, unpacked from `r=`.
    Text(String),
    /// None was given, or `r=` could not be unpacked: why, and what to do.
    Missing(String),
}

/// Everything an embed is asked to show, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Embed {
    /// The document.
    pub source: Source,
    /// The views, in the order asked (summary and grid when not given).
    pub views: Vec<EmbedPart>,
    /// The colour scheme.
    pub theme: Theme,
    /// The colour menu value to colour the grid by, if any.
    pub color_by: Option<String>,
    /// Start with the tree folded to its roots.
    pub fold: bool,
    /// The height of the views' box (a CSS length), scrolled inside.
    pub height: Option<String>,
    /// An RFC 46 shape to fit into the document and draw over the grid.
    pub shape: Option<String>,
    /// The Rscope page that "Open in Rscope" goes to (`page=`), when
    /// not the default.
    pub page: Option<String>,
    /// The moment the timeline starts at (`at=`), as written: offsets
    /// count from the eventlog's events, known once it is read.
    pub at: Option<String>,
    /// Parameters not understood, in words, for the reader.
    pub notes: Vec<String>,
}

/// Whether a query string (`?a=b&embed`) asks for the iframe mode.
pub fn is_embed(search: &str) -> bool {
    pairs(search).any(|(k, _)| k == "embed")
}

/// The `key=value` pairs of a query string or fragment, decoded.
fn pairs(s: &str) -> impl Iterator<Item = (String, String)> + '_ {
    s.trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
}

/// `%XX` escapes and `+` (a space in a query string) decoded; a broken
/// escape stays as written.
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (b[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The options before any parameter is read: summary and grid of no
/// document yet.
fn defaults(missing: &str) -> Embed {
    Embed {
        source: Source::Missing(missing.into()),
        views: vec![EmbedPart::Summary, EmbedPart::Grid],
        theme: Theme::Auto,
        color_by: None,
        fold: false,
        height: None,
        shape: None,
        page: None,
        at: None,
        notes: Vec::new(),
    }
}

/// Read the options of an embed from the query string `search` and the
/// fragment `hash` (where a share link keeps `r=`).
pub fn options(search: &str, hash: &str) -> Embed {
    options_with(search, hash, &|packed| {
        share::unpack(packed).map_err(|e| e.to_string())
    })
}

/// [`options`], with `r=` unpacked by `unpack`: the element's small
/// bundle, which the iframe mode runs on when there is no `r=`, leaves
/// the inflater out (its size budget).
pub fn options_with(
    search: &str,
    hash: &str,
    unpack: &dyn Fn(&str) -> Result<String, String>,
) -> Embed {
    let mut e = defaults(
        "no document: give url= (a link to an R document) or r= (a share link's packed document)",
    );
    for (k, v) in pairs(search).chain(pairs(hash)) {
        match k.as_str() {
            "embed" => {}
            "url" => e.source = Source::Url(v),
            "at" => e.at = at(&v, &mut e.notes),
            "r" => {
                e.source = match unpack(&v) {
                    Ok(text) => Source::Text(text),
                    Err(why) => Source::Missing(format!("r= {why}")),
                }
            }
            _ if common(&mut e, &k, &v) => {}
            _ => e.notes.push(format!("unknown parameter '{k}' ignored")),
        }
    }
    note_unused_moment(&mut e);
    e
}

/// `at=` without `view=timeline` moves nothing: say so, and drop it.
fn note_unused_moment(e: &mut Embed) {
    if e.at.is_some() && !e.views.contains(&EmbedPart::Timeline) {
        e.at = None;
        e.notes
            .push("at= ignored: it is the timeline's moment; add view=timeline".into());
    }
}

/// Read the options of a `<rscope-view>` element from its attributes
/// (name, value) and its inline document (its text, or its child
/// `<script type="application/json">`'s), so that the element and the
/// iframe mode share one reading. The page's global attributes (`id`,
/// `class`, `data-*`, `aria-*`, …) are the host's and pass unnoticed.
pub fn from_attributes(attributes: &[(String, String)], inline: Option<&str>) -> Embed {
    let mut e = defaults(
        "no document: give src= (a link to an R document) or put the document inside the element",
    );
    if let Some(text) = inline.filter(|t| !t.trim().is_empty()) {
        e.source = Source::Text(text.to_string());
    }
    for (k, v) in attributes {
        let k = k.to_ascii_lowercase();
        match k.as_str() {
            "src" if matches!(e.source, Source::Text(_)) => e.notes.push(
                "both src= and an inline document given: the inline document is shown".into(),
            ),
            "src" if v.trim().is_empty() => {}
            "src" => e.source = Source::Url(v.clone()),
            "page" => e.page = Some(v.clone()).filter(|p| !p.trim().is_empty()),
            // A job list to colour the grid by, which rscope-view.js reads
            // with the job list part and hands over as a colouring.
            "jobs" => {}
            // Read, with view=timeline, by the timeline part that
            // rscope-view.js loads, which says a moment it cannot read.
            "at" => e.at = Some(v.clone()),
            _ if is_global_attribute(&k) || common(&mut e, &k, v) => {}
            _ => e.notes.push(format!("unknown attribute '{k}' ignored")),
        }
    }
    note_unused_moment(&mut e);
    e
}

/// Attributes every HTML element may carry, which belong to the host page.
fn is_global_attribute(name: &str) -> bool {
    const GLOBAL: [&str; 11] = [
        "id", "class", "style", "title", "lang", "dir", "hidden", "tabindex", "slot", "role",
        "part",
    ];
    GLOBAL.contains(&name) || name.starts_with("data-") || name.starts_with("aria-")
}

/// Read an option both routes take; false when `key` is not one.
fn common(e: &mut Embed, key: &str, value: &str) -> bool {
    match key {
        "view" => e.views = views(value, &mut e.notes),
        "theme" => e.theme = theme(value, &mut e.notes),
        "color-by" => e.color_by = Some(value.to_string()).filter(|c| !c.is_empty()),
        "fold" => e.fold = !matches!(value, "0" | "false" | "no"),
        "height" => e.height = height(value, &mut e.notes),
        "shape" => e.shape = Some(value.trim().to_string()).filter(|s| !s.is_empty()),
        _ => return false,
    }
    true
}

/// A CSS length for `height=`: a bare number means pixels; other units
/// are the ones a page author uses for a box's height.
fn height(value: &str, notes: &mut Vec<String>) -> Option<String> {
    let v = value.trim();
    let digits = v.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%');
    let unit = &v[digits.len()..];
    let number = !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.parse::<f64>().is_ok_and(|n| n > 0.0);
    match (number, unit) {
        (true, "") => Some(format!("{digits}px")),
        (true, "px" | "em" | "rem" | "vh" | "%") => Some(v.to_string()),
        _ => {
            notes.push(format!(
                "height '{v}' ignored: give a number of pixels (400) or a CSS length (30em, 50vh)"
            ));
            None
        }
    }
}

/// The moment `at=` names, as written, when it is one: an offset is
/// checked against a stand-in event, as the log is not read yet.
#[cfg(feature = "page")]
fn at(value: &str, notes: &mut Vec<String>) -> Option<String> {
    let v = value.trim();
    match crate::resource::eventlog::parse_instant(v, Some(0.0), Some(0.0)) {
        Ok(_) => Some(v.to_string()),
        Err(why) => {
            notes.push(format!("at= ignored: {why}"));
            None
        }
    }
}

/// `at=` in the element's bundle, which the iframe mode runs on only
/// without `view=timeline` (index.html): its time reader is left out (the
/// bundle's size budget), and the moment is noted as unused below.
#[cfg(not(feature = "page"))]
fn at(value: &str, _notes: &mut [String]) -> Option<String> {
    Some(value.to_string())
}

/// The views of `view=a,b` (or `a b`, as an attribute lists them),
/// noting names not known.
fn views(list: &str, notes: &mut Vec<String>) -> Vec<EmbedPart> {
    let mut out = Vec::new();
    for name in list.split([',', ' ', '\t', '\n']).filter(|n| !n.is_empty()) {
        match VIEWS.iter().find(|v| v.name() == name) {
            Some(v) if !out.contains(v) => out.push(*v),
            Some(_) => {}
            None => notes.push(format!(
                "unknown view '{name}' ignored: use summary, grid, tree, problems, shape or timeline"
            )),
        }
    }
    out
}

/// The theme `theme=` names (auto when unknown, with a note).
fn theme(value: &str, notes: &mut Vec<String>) -> Theme {
    match value {
        "light" => Theme::Light,
        "dark" => Theme::Dark,
        "auto" => Theme::Auto,
        other => {
            notes.push(format!(
                "unknown theme '{other}' ignored: use light, dark or auto"
            ));
            Theme::Auto
        }
    }
}

/// The "Open in Rscope" link for a document: the page at `base` (its
/// address without query or fragment) with the document in a share
/// fragment, or by its URL when it was fetched from one.
pub fn open_link(base: &str, source: &Source, text: &str) -> String {
    match source {
        Source::Url(url) => url_link(base, url),
        _ => packed_link(base, &share::pack(text)),
    }
}

/// The "Open in Rscope" link to the page at `base` for the document at
/// `url`.
pub fn url_link(base: &str, url: &str) -> String {
    format!("{base}?url={}", percent_encode(url))
}

/// The "Open in Rscope" link to the page at `base` for a document packed
/// already (`packed`, as [`share::pack`] packs it: the element has the
/// browser pack it, and carries no compressor of its own).
pub fn packed_link(base: &str, packed: &str) -> String {
    format!("{base}#r={packed}")
}

/// A shape's fit into a document, as the `shape` view says it and the
/// grid outlines it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The answer in words (`fits now: 2 nodes, node[186-187], …`).
    pub words: String,
    /// `now`, `notnow` or `never`.
    pub status: &'static str,
    /// The allocation's short form, when it fits now.
    pub short: Option<String>,
    /// The allocation as `R_lite` groups (ranks, then each type's ids).
    pub groups: Vec<(IdSet, Vec<(String, IdSet)>)>,
}

/// Fit `shape` into the R or status document `text` under flux-core's
/// default policy (worst fit), as `rscope fit` does; a bad shape says
/// where it goes wrong.
pub fn shape_fit(shape: &str, text: &str) -> Result<Fit, String> {
    let request = request_without_constraint(shape).map_err(|e| match e {
        FitError::Shape(e) => crate::shape::print::place(shape, &e).located(),
        FitError::Other(why) => why,
    })?;
    let a = answer(&request, text, Policy::Worst)?;
    Ok(Fit {
        status: a.status.as_str(),
        short: a.short(),
        groups: a.alloc.as_ref().map(|r| r.r_lite()).unwrap_or_default(),
        words: a.words,
    })
}

/// Escape what a query value cannot hold as is.
fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_option_and_notes_what_it_does_not_know() {
        assert!(is_embed("?embed&url=x") && is_embed("?a=1&embed=1") && !is_embed("?embedded"));
        let e = options(
            "?embed&url=static%2Fexamples%2Frfc20.json&view=tree,problems,bogus,tree&theme=dark&color-by=property%3Agpu&fold=1&x=2",
            "",
        );
        assert_eq!(e.source, Source::Url("static/examples/rfc20.json".into()));
        assert_eq!(e.views, vec![EmbedPart::Tree, EmbedPart::Problems]);
        assert_eq!(e.theme.attribute(), Some("dark"));
        assert_eq!(e.color_by.as_deref(), Some("property:gpu"));
        assert!(e.fold);
        assert_eq!(
            e.notes,
            vec![
                "unknown view 'bogus' ignored: use summary, grid, tree, problems, shape or timeline"
                    .to_string(),
                "unknown parameter 'x' ignored".to_string(),
            ]
        );
    }

    #[test]
    fn both_routes_take_a_timeline_and_its_moment() {
        let e = options("?embed&url=ev.jsonl&view=timeline,grid&at=-3d", "");
        assert_eq!(e.views, [EmbedPart::Timeline, EmbedPart::Grid]);
        assert_eq!((e.at.as_deref(), e.notes.len()), (Some("-3d"), 0));
        let e = options("?embed&view=timeline&at=2024-05-01T12:00:00Z", "");
        assert_eq!(e.at.as_deref(), Some("2024-05-01T12:00:00Z"));
        let e = options("?embed&view=grid&at=%2B1h", "");
        assert_eq!(
            e.notes,
            ["at= ignored: it is the timeline's moment; add view=timeline"]
        );
        let e = options("?embed&view=timeline&at=tuesday", "");
        assert_eq!(e.at, None);
        assert_eq!(
            e.notes,
            ["at= ignored: invalid time 'tuesday': give seconds since the epoch, an ISO 8601 time (2024-05-01T12:00:00Z) or an offset from the first or last event (+2h, -3d)"]
        );
        // The element keeps its moment as written, for the timeline part.
        let e = from_attributes(
            &attrs(&[("view", "timeline grid"), ("at", "tuesday")]),
            Some("{}"),
        );
        assert_eq!(
            (e.views, e.at.as_deref(), e.notes.len()),
            (
                vec![EmbedPart::Timeline, EmbedPart::Grid],
                Some("tuesday"),
                0
            )
        );
        let e = from_attributes(&attrs(&[("view", "grid"), ("at", "-1d")]), Some("{}"));
        assert_eq!(
            (e.at, e.notes),
            (
                None,
                vec!["at= ignored: it is the timeline's moment; add view=timeline".to_string()]
            )
        );
    }

    #[test]
    fn defaults_and_packed_documents() {
        let e = options("?embed", "");
        assert!(matches!(e.source, Source::Missing(_)));
        assert_eq!((e.views.len(), e.theme, e.fold), (2, Theme::Auto, false));
        let packed = share::pack("{\"version\": 1}");
        let e = options("?embed&theme=purple", &format!("#r={packed}"));
        assert_eq!(e.source, Source::Text("{\"version\": 1}".into()));
        assert_eq!(e.theme, Theme::Auto);
        assert_eq!(e.notes.len(), 1);
        assert!(
            matches!(options("?embed&r=%%%", "").source, Source::Missing(m) if m.starts_with("r= "))
        );
        // Where no inflater is at hand, `r=` says why it shows nothing.
        let e = options_with("?embed", &format!("#r={packed}"), &|_| Err("cannot".into()));
        assert_eq!(e.source, Source::Missing("r= cannot".into()));
    }

    #[test]
    fn the_open_link_carries_the_document() {
        let text = "{\"version\": 1}";
        let link = open_link("https://x/index.html", &Source::Text(text.into()), text);
        let fragment = link.split_once("#r=").unwrap().1;
        assert_eq!(share::unpack(fragment).unwrap(), text);
        let by_url = open_link("https://x/", &Source::Url("a b.json".into()), text);
        assert_eq!(by_url, "https://x/?url=a%20b.json");
        assert_eq!(percent_decode("a%20b+c%zz"), "a b c%zz");
    }

    fn attrs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn attributes_read_as_the_iframe_reads_its_parameters() {
        let e = from_attributes(
            &attrs(&[
                ("src", "rfc20.json"),
                ("view", "grid  tree,shape"),
                ("theme", "light"),
                ("color-by", "state"),
                ("fold", ""),
                ("height", "300"),
                ("shape", " node=2/core "),
                ("class", "wide"),
                ("data-x", "1"),
                ("aria-label", "R"),
                ("colour", "red"),
            ]),
            None,
        );
        assert_eq!(e.source, Source::Url("rfc20.json".into()));
        assert_eq!(
            e.views,
            vec![EmbedPart::Grid, EmbedPart::Tree, EmbedPart::Shape]
        );
        assert_eq!((e.theme, e.fold), (Theme::Light, true));
        assert_eq!(e.color_by.as_deref(), Some("state"));
        assert_eq!(e.height.as_deref(), Some("300px"));
        assert_eq!(e.shape.as_deref(), Some("node=2/core"));
        assert_eq!(
            e.notes,
            vec!["unknown attribute 'colour' ignored".to_string()]
        );
        let iframe = options("?embed&url=rfc20.json&view=grid,tree,shape&theme=light&color-by=state&fold=1&height=300&shape=node%3D2%2Fcore", "");
        assert_eq!(iframe, Embed { notes: vec![], ..e });
    }

    #[test]
    fn the_inline_document_and_what_is_wrong_with_attributes() {
        let e = from_attributes(&attrs(&[("src", "x.json"), ("fold", "0")]), Some("{}"));
        assert_eq!(e.source, Source::Text("{}".into()));
        assert!(!e.fold);
        assert_eq!(
            e.notes,
            vec![
                "both src= and an inline document given: the inline document is shown".to_string()
            ]
        );
        let e = from_attributes(
            &attrs(&[("height", "tall"), ("theme", "sepia")]),
            Some("  \n"),
        );
        assert!(matches!(&e.source, Source::Missing(m) if m.starts_with("no document: give src=")));
        assert_eq!(
            e.notes,
            vec![
                "height 'tall' ignored: give a number of pixels (400) or a CSS length (30em, 50vh)"
                    .to_string(),
                "unknown theme 'sepia' ignored: use light, dark or auto".to_string(),
            ]
        );
        let mut notes = Vec::new();
        assert_eq!(height("30em", &mut notes).as_deref(), Some("30em"));
        assert_eq!(height("50%", &mut notes).as_deref(), Some("50%"));
        assert_eq!(height("0", &mut notes), None);
        assert_eq!(height("1e3px", &mut notes), None);
        assert_eq!(notes.len(), 2);
    }

    #[test]
    fn a_shape_fits_into_the_document() {
        let r = include_str!("../../../../static/examples/rfc20.json");
        let f = shape_fit("node=2/core=4", r).unwrap();
        assert_eq!(
            (f.status, f.short.as_deref()),
            ("now", Some("rank[19-20]/core[0-3]"))
        );
        assert_eq!(f.words, "fits now: 2 nodes, node[186-187], 8 cores");
        assert_eq!(f.groups.len(), 1);
        assert_eq!(f.groups[0].0.to_string(), "19-20");
        assert_eq!(shape_fit("node=9/core", r).unwrap().status, "never");
        let bad = shape_fit("node=2/cor", r).unwrap_err();
        assert!(bad.contains("cor"), "{bad}");
    }
}
