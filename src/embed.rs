//! The iframe mode (`index.html?embed`): what its query parameters ask
//! for, read once here so the embed component only draws. Parameters:
//! `url=` or `r=` (a share link's packed document) for the document,
//! `view=summary,grid,tree,problems`, `theme=light|dark|auto`,
//! `color-by=` (a colour menu value) and `fold=1` (the tree folded to
//! its roots). What is not understood is said, never silently dropped.

use crate::share;

/// One part of the page an embed can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The counts, ranks and host names of each set.
    Summary,
    /// The node × resource grid.
    Grid,
    /// The resource graph's tree.
    Tree,
    /// The findings, one a line.
    Problems,
}

impl View {
    /// The name `view=` uses.
    pub fn name(self) -> &'static str {
        match self {
            View::Summary => "summary",
            View::Grid => "grid",
            View::Tree => "tree",
            View::Problems => "problems",
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
    pub views: Vec<View>,
    /// The colour scheme.
    pub theme: Theme,
    /// The colour menu value to colour the grid by, if any.
    pub color_by: Option<String>,
    /// Start with the tree folded to its roots.
    pub fold: bool,
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

/// Read the options of an embed from the query string `search` and the
/// fragment `hash` (where a share link keeps `r=`).
pub fn options(search: &str, hash: &str) -> Embed {
    let mut e = Embed {
        source: Source::Missing(
            "no document: give url= (a link to an R document) or r= (a share link's packed document)"
                .into(),
        ),
        views: vec![View::Summary, View::Grid],
        theme: Theme::Auto,
        color_by: None,
        fold: false,
        notes: Vec::new(),
    };
    for (k, v) in pairs(search).chain(pairs(hash)) {
        match k.as_str() {
            "embed" => {}
            "url" => e.source = Source::Url(v),
            "r" => {
                e.source = match share::unpack(&v) {
                    Ok(text) => Source::Text(text),
                    Err(why) => Source::Missing(format!("r= {why}")),
                }
            }
            "view" => e.views = views(&v, &mut e.notes),
            "theme" => e.theme = theme(&v, &mut e.notes),
            "color-by" => e.color_by = Some(v),
            "fold" => e.fold = v != "0",
            _ => e.notes.push(format!("unknown parameter '{k}' ignored")),
        }
    }
    e
}

/// The views of `view=a,b`, noting names not known.
fn views(list: &str, notes: &mut Vec<String>) -> Vec<View> {
    let all = [View::Summary, View::Grid, View::Tree, View::Problems];
    let mut out = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match all.iter().find(|v| v.name() == name) {
            Some(v) if !out.contains(v) => out.push(*v),
            Some(_) => {}
            None => notes.push(format!(
                "unknown view '{name}' ignored: use summary, grid, tree or problems"
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
        Source::Url(url) => format!("{base}?url={}", percent_encode(url)),
        _ => format!("{base}#r={}", share::pack(text)),
    }
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
        assert_eq!(e.views, vec![View::Tree, View::Problems]);
        assert_eq!(e.theme.attribute(), Some("dark"));
        assert_eq!(e.color_by.as_deref(), Some("property:gpu"));
        assert!(e.fold);
        assert_eq!(
            e.notes,
            vec![
                "unknown view 'bogus' ignored: use summary, grid, tree or problems".to_string(),
                "unknown parameter 'x' ignored".to_string(),
            ]
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
}
