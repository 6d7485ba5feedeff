//! A share link's system as a tab: its document, the documents added
//! beside it and its configuration, checked as the page's own ways in
//! check them (a configuration is the tab's box, never an added document).

use super::is_configuration;
use crate::share::unpack_system;
use crate::tabs::{Doc, Joined};

/// The name a tab opened from a share link takes.
pub const SHARED_SOURCE: &str = "shared link";

/// The tab a share link's fragment (`r=…&c=…&j=…`) carries, or why it
/// cannot be opened. Added documents follow [`Doc::with_joined`]: one the
/// document or another holds already is not added twice.
pub fn shared_tab(fragment: &str) -> Result<Doc, String> {
    let mut shared = unpack_system(fragment).map_err(|e| e.to_string())?;
    if let Some((name, _)) = shared.joined.iter().find(|(_, t)| is_configuration(t)) {
        return Err(format!(
            "share link is damaged: its other documents hold a configuration ({name}), which a link carries apart"
        ));
    }
    // A link made of a configuration pasted as a tab's document: the
    // configuration is the tab's, as the page reads one it opens.
    if is_configuration(&shared.document) {
        if shared.config.is_some() {
            return Err(
                "share link is damaged: its document and its configuration are both configurations"
                    .into(),
            );
        }
        shared.config = Some(std::mem::take(&mut shared.document));
    }
    let doc = Doc {
        source: SHARED_SOURCE.into(),
        text: shared.document.into(),
        config: shared.config.unwrap_or_default().into(),
        ..Doc::default()
    };
    let joined = shared.joined.into_iter().map(|(source, text)| Joined {
        source,
        text: text.into(),
    });
    Ok(doc.with_joined(joined))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{pack_system, SharedSystem};

    fn link(joined: &[(&str, &str)], config: Option<&str>) -> String {
        pack_system(&SharedSystem {
            document: r#"{"version": 1}"#.into(),
            config: config.map(str::to_string),
            joined: (joined.iter())
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect(),
            ..SharedSystem::default()
        })
    }

    #[test]
    fn a_link_opens_as_its_whole_system() {
        let doc = shared_tab(&link(
            &[
                ("status.json", "{}"),
                ("again.json", "{}"),
                ("self", r#"{"version": 1}"#),
            ],
            Some("[queues.a]\n"),
        ))
        .unwrap();
        assert_eq!(
            doc.system(),
            vec![
                ("shared link", r#"{"version": 1}"#),
                ("status.json", "{}"),
                ("configuration", "[queues.a]\n")
            ]
        );
        assert_eq!(shared_tab(&link(&[], None)).unwrap().config, "");
    }

    #[test]
    fn a_configuration_among_the_added_documents_is_refused() {
        let toml = "[resource]\nnoverify = true\n";
        assert_eq!(
            shared_tab(&link(&[("flux.toml", toml)], None)).unwrap_err(),
            "share link is damaged: its other documents hold a configuration (flux.toml), which a link carries apart"
        );
    }

    #[test]
    fn a_configuration_as_the_document_is_the_tab_s_configuration() {
        let toml = "[resource]\nnoverify = true\n";
        let packed = |config: Option<&str>| {
            pack_system(&SharedSystem {
                document: toml.into(),
                config: config.map(str::to_string),
                ..SharedSystem::default()
            })
        };
        let doc = shared_tab(&packed(None)).unwrap();
        assert_eq!((&*doc.text, &*doc.config), ("", toml));
        assert_eq!(
            shared_tab(&packed(Some(toml))).unwrap_err(),
            "share link is damaged: its document and its configuration are both configurations"
        );
    }
}
