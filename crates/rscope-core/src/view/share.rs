//! Share links: a document packed into a URL fragment (DEFLATE, then
//! URL-safe base64), and unpacked again with an explicit size limit so a
//! hostile link cannot make the page inflate gigabytes.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use std::fmt;

use crate::limits::{MAX_SHARED_DOCUMENT_BYTES, MAX_SHARE_FRAGMENT_BYTES};

/// Why a share fragment could not be unpacked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnpackError {
    /// The fragment is longer than [`MAX_SHARE_FRAGMENT_BYTES`].
    TooLong(usize),
    /// The fragment is not URL-safe base64; the byte offset of the problem.
    NotBase64(String),
    /// The data is not DEFLATE, or is cut short.
    NotDeflate,
    /// The document inflates past [`MAX_SHARED_DOCUMENT_BYTES`].
    TooLarge,
    /// The document is not UTF-8 text.
    NotText,
    /// The other documents (`&j=`) are not a list of `[name, text]` pairs.
    BadDocuments,
    /// The link carries more other documents than a tab holds.
    TooManyDocuments(usize),
}

impl fmt::Display for UnpackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnpackError::TooLong(n) => write!(
                f,
                "share link is {n} bytes long (the limit is {MAX_SHARE_FRAGMENT_BYTES})"
            ),
            UnpackError::NotBase64(e) => write!(f, "share link is damaged: {e}"),
            UnpackError::NotDeflate => f.write_str("share link is damaged: bad compressed data"),
            UnpackError::TooLarge => write!(
                f,
                "shared document is larger than {} MiB",
                MAX_SHARED_DOCUMENT_BYTES >> 20
            ),
            UnpackError::NotText => f.write_str("shared document is not UTF-8 text"),
            UnpackError::BadDocuments => f.write_str(
                "share link is damaged: its other documents are not a list of [name, text] pairs",
            ),
            UnpackError::TooManyDocuments(n) => write!(
                f,
                "share link carries {n} other documents (a tab holds at most {})",
                crate::limits::MAX_JOINED
            ),
        }
    }
}

impl std::error::Error for UnpackError {}

/// Pack a document into URL-fragment-safe text.
pub fn pack(text: &str) -> String {
    packed_fragment(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// Raw DEFLATE bytes as a link's fragment (URL-safe base64 without
/// padding): [`pack`]'s second step, for the element, which deflates with
/// the browser's `CompressionStream` instead.
pub fn packed_fragment(deflated: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(deflated)
}

/// Unpack text made by [`pack`].
pub fn unpack(fragment: &str) -> Result<String, UnpackError> {
    if fragment.len() > MAX_SHARE_FRAGMENT_BYTES {
        return Err(UnpackError::TooLong(fragment.len()));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(fragment.trim())
        .map_err(|e| UnpackError::NotBase64(e.to_string()))?;
    let raw = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_SHARED_DOCUMENT_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => UnpackError::TooLarge,
            _ => UnpackError::NotDeflate,
        })?;
    String::from_utf8(raw).map_err(|_| UnpackError::NotText)
}

/// What a share link carries of a tab's system: its document, the
/// configuration when one is open, and the constraint outlined over the
/// grid (`#r=…&c=…&q=…`, each part packed as [`pack`] packs it; a link of
/// the document alone is `#r=…`, as before).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SharedSystem {
    /// The tab's document.
    pub document: String,
    /// The system's configuration (TOML, or the JSON `flux config get`
    /// prints), when one is open.
    pub config: Option<String>,
    /// The constraint field's text (RFC 31, JSON or the short form), when
    /// it holds one.
    pub constraint: Option<String>,
    /// How the page showed them (`&v=`): colouring, zoom and shape.
    pub view: SharedView,
    /// The other documents of the tab's system (`&j=`, name and text),
    /// in the order they were added.
    pub joined: Vec<(String, String)>,
}

/// How the page showed a shared system, beside its documents: what a
/// share link restores so that its reader sees what its writer saw. Each
/// part is left out when the page showed its default.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SharedView {
    /// The grid's colouring, as the colour menu names it (`state`,
    /// `queue`, `property:gpu`; never one that names another tab).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// The grid's zoom step (0 is the smallest cells), when it is not the
    /// grid's default (`grid::geometry::DEFAULT_ZOOM`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<usize>,
    /// The shape panel's shape (RFC 46).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<String>,
    /// The cells selected on the grid: each corner (anchor, then end) by
    /// the rank of its node and its column, as the grid keeps a selection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selection: Option<[(u32, usize); 2]>,
    /// The moment a resource eventlog's timeline shows, when it is not
    /// after the last event: seconds since the epoch, as Rust writes an
    /// `f64` (which reads back to the same number: an event's own time).
    /// The element's bundle, which shows no timeline, neither reads nor
    /// writes it (its size budget).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(feature = "page"), serde(skip))]
    pub at: Option<String>,
}

impl SharedView {
    /// Whether nothing differs from the page's defaults.
    pub fn is_empty(&self) -> bool {
        *self == SharedView::default()
    }

    /// The timeline's moment, when one is noted and reads as one: seconds
    /// since the epoch (as a share link writes it), an ISO 8601 time, or
    /// an offset from the first or last of the timeline's `moments` (as
    /// the iframe's `at=` may give it).
    pub fn at_within(&self, moments: &[f64]) -> Option<f64> {
        let text = self.at.as_deref()?;
        let (first, last) = (moments.first().copied(), moments.last().copied());
        crate::resource::eventlog::parse_instant(text, first, last).ok()
    }

    /// Note the timeline's moment (`None`: after the last event).
    pub fn set_at(&mut self, at: Option<f64>) {
        self.at = at.map(|t| t.to_string());
    }

    /// Note the shape panel's shape (left out when it is the default).
    pub fn set_shape(&mut self, shape: &str) {
        self.shape = (shape != crate::shape::print::DEFAULT_SHAPE).then(|| shape.to_string());
    }

    /// Note the colour menu's value (left out when it is `auto`, and when
    /// it names another tab, which the link does not carry).
    pub fn set_color(&mut self, value: &str) {
        let kept =
            !(value == "auto" || value.starts_with("member:") || value.starts_with("compare:"));
        self.color = kept.then(|| value.to_string());
    }

    /// The view as the page keeps it across visits (JSON), or none for
    /// the defaults, which are not kept.
    pub fn kept(&self) -> Option<String> {
        (!self.is_empty()).then(|| serde_json::to_string(self).unwrap_or_default())
    }

    /// The view the page kept ([`SharedView::kept`]); anything else gives
    /// the defaults.
    pub fn from_kept(text: &str) -> SharedView {
        serde_json::from_str(text).unwrap_or_default()
    }

    /// The view a link's `&v=` part (still packed) gives. A damaged or
    /// unknown view gives the defaults: the documents it came with still
    /// open, as a later version's link does.
    pub fn unpacked(part: Option<&str>) -> SharedView {
        let text = part.and_then(|p| unpack(p).ok()).unwrap_or_default();
        serde_json::from_str(&text).unwrap_or_default()
    }
}

/// The fragment of a share link (without its `#`) for `system`.
pub fn pack_system(system: &SharedSystem) -> String {
    let mut fragment = format!("r={}", pack(&system.document));
    if let Some(c) = system.config.as_deref().filter(|c| !c.trim().is_empty()) {
        fragment.push_str(&format!("&c={}", pack(c)));
    }
    if let Some(q) = system
        .constraint
        .as_deref()
        .filter(|q| !q.trim().is_empty())
    {
        fragment.push_str(&format!("&q={}", pack(q)));
    }
    if !system.view.is_empty() {
        let json = serde_json::to_string(&system.view).unwrap_or_default();
        fragment.push_str(&format!("&v={}", pack(&json)));
    }
    if !system.joined.is_empty() {
        let json = serde_json::to_string(&system.joined).unwrap_or_default();
        fragment.push_str(&format!("&j={}", pack(&json)));
    }
    fragment
}

/// One packed part of a link's fragment (`key=…`), still packed: a page
/// that needs one part unpacks only it, not the document beside it.
pub fn fragment_part<'f>(fragment: &'f str, key: &str) -> Option<&'f str> {
    (fragment.split('&')).find_map(|p| p.strip_prefix(key)?.strip_prefix('='))
}

/// The system a link's fragment (without its `#`) carries: `r=` the
/// document, `&c=` the configuration, `&q=` the constraint, `&v=` the
/// view, `&j=` the other documents. Parts Rscope does not know are left alone (a later version's
/// link still opens its document).
pub fn unpack_system(fragment: &str) -> Result<SharedSystem, UnpackError> {
    if fragment.len() > MAX_SHARE_FRAGMENT_BYTES {
        return Err(UnpackError::TooLong(fragment.len()));
    }
    let part = |key: &str| fragment_part(fragment, key);
    let document = unpack(part("r").unwrap_or(""))?;
    let config = part("c").map(unpack).transpose()?;
    let constraint = part("q").map(unpack).transpose()?;
    let joined = match part("j").map(unpack).transpose()? {
        Some(json) => serde_json::from_str(&json).map_err(|_| UnpackError::BadDocuments)?,
        None => Vec::new(),
    };
    if joined.len() > crate::limits::MAX_JOINED {
        return Err(UnpackError::TooManyDocuments(joined.len()));
    }
    Ok(SharedSystem {
        document,
        config,
        constraint,
        view: SharedView::unpacked(part("v")),
        joined,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_round_trips_with_its_configuration() {
        let system = SharedSystem {
            document: r#"{"version":1}"#.into(),
            config: Some("[bootstrap]\nhosts = [{host = \"tiny[1-4]\"}]\n".into()),
            constraint: Some("gpu -host:tiny4".into()),
            view: SharedView::default(),
            joined: vec![("status.json".into(), r#"{"R":{}}"#.into())],
        };
        let fragment = pack_system(&system);
        assert!(fragment.contains("&j="), "{fragment}");
        assert!(fragment.starts_with("r=") && fragment.contains("&c=") && fragment.contains("&q="));
        assert_eq!(unpack_system(&fragment), Ok(system.clone()));
        // A link of the document alone, and one from a later version with
        // a part this one does not know.
        let alone = SharedSystem {
            config: None,
            constraint: None,
            joined: Vec::new(),
            ..system.clone()
        };
        assert_eq!(pack_system(&alone), format!("r={}", pack(&system.document)));
        let later = format!("{}&z=abc", pack_system(&alone));
        assert_eq!(unpack_system(&later), Ok(alone));
        // A blank configuration or constraint is left out.
        let blank = SharedSystem {
            config: Some(" \n".into()),
            constraint: Some(" ".into()),
            ..system.clone()
        };
        assert!(!pack_system(&blank).contains("&c=") && !pack_system(&blank).contains("&q="));
        // One part alone.
        let q = fragment_part(&fragment, "q").map(unpack);
        assert_eq!(q, Some(Ok("gpu -host:tiny4".to_string())));
        assert_eq!(fragment_part(&fragment, "z"), None);
        assert_eq!(
            unpack_system("r=AAAA").unwrap_err().to_string(),
            "share link is damaged: bad compressed data"
        );
        let bad = format!("r={}&j={}", pack("{}"), pack(r#"[["a"]]"#));
        assert_eq!(
            unpack_system(&bad).unwrap_err().to_string(),
            "share link is damaged: its other documents are not a list of [name, text] pairs"
        );
    }

    #[test]
    fn the_view_round_trips_and_a_damaged_one_gives_the_defaults() {
        let view = SharedView {
            color: Some("property:gpu".into()),
            zoom: Some(2),
            shape: Some("node=2/core=4".into()),
            selection: Some([(3, 0), (5, 2)]),
            at: Some("1738091754.6".into()),
        };
        let system = SharedSystem {
            document: r#"{"version":1}"#.into(),
            config: None,
            constraint: None,
            view: view.clone(),
            joined: Vec::new(),
        };
        let fragment = pack_system(&system);
        let packed = fragment_part(&fragment, "v").map(unpack);
        let json = r#"{"color":"property:gpu","zoom":2,"shape":"node=2/core=4","selection":[[3,0],[5,2]],"at":"1738091754.6"}"#;
        assert_eq!(packed, Some(Ok(json.to_string())));
        assert_eq!(unpack_system(&fragment), Ok(system.clone()));
        // What the page notes drops its defaults and other tabs.
        let mut noted = SharedView::default();
        noted.set_shape(crate::shape::print::DEFAULT_SHAPE);
        noted.set_color("member:1");
        assert!(noted.is_empty());
        noted.set_color("state");
        noted.zoom = Some(0);
        noted.set_shape("node=1");
        assert_eq!(
            (noted.color.as_deref(), noted.zoom, noted.shape.as_deref()),
            (Some("state"), Some(0), Some("node=1"))
        );
        // What the page keeps across visits reads back; the defaults are
        // not kept.
        assert_eq!(SharedView::from_kept(&view.kept().unwrap()), view);
        assert_eq!(SharedView::default().kept(), None);
        assert_eq!(SharedView::from_kept("{"), SharedView::default());
        // The timeline's moment reads back to the event's own time.
        assert_eq!(view.at_within(&[]), Some(1738091754.6));
        noted.set_at(Some(1738091754.6));
        assert_eq!(noted.at.as_deref(), Some("1738091754.6"));
        noted.set_at(None);
        assert_eq!(
            (
                noted.at,
                SharedView {
                    at: Some("x".into()),
                    ..SharedView::default()
                }
                .at_within(&[1.0])
            ),
            (None, None)
        );
        // The iframe's at= may count from the first or last moment.
        let offset = SharedView {
            at: Some("-1h".into()),
            ..SharedView::default()
        };
        assert_eq!(offset.at_within(&[0.0, 7200.0]), Some(3600.0));
        assert_eq!(offset.at_within(&[]), None);
        // Only what differs from the defaults is written.
        let zoom = SharedView {
            zoom: Some(0),
            ..SharedView::default()
        };
        let packed = fragment_part(
            &pack_system(&SharedSystem {
                view: zoom,
                ..system.clone()
            }),
            "v",
        )
        .map(unpack);
        assert_eq!(packed, Some(Ok(r#"{"zoom":0}"#.to_string())));
        // A damaged view, or one a later version wrote, still opens the
        // documents, with the page's defaults.
        let damaged = format!("r={}&v=AAAA", pack("{}"));
        assert_eq!(
            unpack_system(&damaged).map(|s| s.view),
            Ok(SharedView::default())
        );
        let later = format!("r={}&v={}", pack("{}"), pack(r#"{"zoom":"big"}"#));
        assert_eq!(
            unpack_system(&later).map(|s| s.view),
            Ok(SharedView::default())
        );
    }

    #[test]
    fn round_trips_and_compresses() {
        let doc = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-3","children":{"core":"0-47"}}],"nodelist":["node[0-3]"]}}"#;
        let packed = pack(doc);
        assert!(packed
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(unpack(&packed).unwrap(), doc);
        let big = doc.repeat(200);
        assert!(pack(&big).len() < big.len() / 20);
        assert_eq!(unpack(&pack("")).unwrap(), "");
    }

    #[test]
    fn rejects_damaged_and_oversized_links() {
        assert_eq!(
            unpack("a*b").unwrap_err().to_string(),
            "share link is damaged: Invalid symbol 42, offset 1."
        );
        assert_eq!(
            unpack("AAAA").unwrap_err().to_string(),
            "share link is damaged: bad compressed data"
        );
        let bomb = pack(&"0".repeat(MAX_SHARED_DOCUMENT_BYTES + 1));
        assert_eq!(
            unpack(&bomb).unwrap_err().to_string(),
            "shared document is larger than 16 MiB"
        );
        let not_text =
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&[0xff, 0xfe], 9));
        assert_eq!(unpack(&not_text).unwrap_err(), UnpackError::NotText);
        let long = "A".repeat(MAX_SHARE_FRAGMENT_BYTES + 1);
        assert_eq!(
            unpack(&long).unwrap_err().to_string(),
            "share link is 8388609 bytes long (the limit is 8388608)"
        );
        let crowded = SharedSystem {
            document: "R".into(),
            joined: (0..9).map(|i| (format!("p{i}"), format!("P{i}"))).collect(),
            ..SharedSystem::default()
        };
        assert_eq!(
            unpack_system(&pack_system(&crowded))
                .unwrap_err()
                .to_string(),
            "share link carries 9 other documents (a tab holds at most 8)"
        );
    }
}
