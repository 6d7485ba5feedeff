//! What the page prints of a tab's system, worked out off its thread:
//! the text `rscope system` prints ([`System::describe`]) and what `flux
//! resource status`, `drain`, `list` and `info` print for it (the bytes `rscope
//! resource` prints for the same payload). A 16 384-node R and its status
//! payload take a native build about 150 ms to read, so the page asks its
//! shape worker ([`SystemAsk::show`]), and the question and the answer
//! cross as postcard bytes.

use super::{resource_payloads, System};
use crate::resource::{info, list, status, ListOptions, Printed, StatusOptions};
use crate::tabs::Text;
use serde::{Deserialize, Serialize};

/// Which text of the system to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SystemText {
    /// What `rscope system` prints: each document, the resources, what
    /// cannot run a job, the rank order and the findings.
    Read,
    /// `flux resource status -o FORMAT`.
    Status(String),
    /// `flux resource drain -o FORMAT`.
    Drain(String),
    /// `flux resource list -o FORMAT` (every state).
    List(String),
    /// `flux resource info`: the nodes, cores and GPUs in one line.
    Info,
}

/// A question about a tab's system: its documents (name, text: the
/// tab's own, those added to it, its configuration) and the text wanted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemAsk {
    /// The documents of the system, as [`crate::tabs::Doc::system_texts`] lists them.
    pub docs: Vec<(String, Text)>,
    /// The text to print.
    pub what: SystemText,
}

/// The printed text, after the note of a payload made from the system's
/// resources, when one was.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemShown {
    /// Why a payload was made (no document gave one).
    pub note: Option<String>,
    /// The text, standard output then standard error, as a terminal shows them.
    pub text: String,
}

impl SystemAsk {
    /// The question `what` about the system of `tab`
    /// ([`crate::tabs::Doc::system_texts`]).
    pub fn of(tab: &crate::tabs::Doc, what: SystemText) -> SystemAsk {
        SystemAsk {
            docs: tab.system_texts(),
            what,
        }
    }

    /// The text asked for.
    pub fn show(&self) -> SystemShown {
        let docs: Vec<(&str, &str)> = (self.docs.iter())
            .map(|(n, t)| (n.as_str(), &**t))
            .collect();
        let format = match &self.what {
            SystemText::Read => {
                let text = System::read(&docs).describe();
                return SystemShown { note: None, text };
            }
            SystemText::Status(f) | SystemText::Drain(f) | SystemText::List(f) => f.clone(),
            SystemText::Info => String::new(),
        };
        let payloads = match resource_payloads(&docs) {
            Ok(p) => p,
            Err(why) => {
                return SystemShown {
                    note: None,
                    text: why,
                }
            }
        };
        let drain = matches!(self.what, SystemText::Drain(_));
        if let SystemText::List(_) = self.what {
            let opts = ListOptions {
                format,
                states: "free,allocated,down".into(),
                ..ListOptions::default()
            };
            return shown(payloads.list_note, list(&payloads.list, &opts));
        }
        if let SystemText::Info = self.what {
            let printed = info(&payloads.list, &ListOptions::default());
            return shown(payloads.list_note, printed);
        }
        let opts = StatusOptions {
            format,
            states: drain.then(|| "drain".to_string()),
            skip_empty: drain,
            drain_listing: drain,
            ..StatusOptions::default()
        };
        shown(payloads.status_note, status(&payloads.status, &opts))
    }
}

/// A command's output and errors, as a terminal shows them.
fn shown(note: Option<String>, p: Printed) -> SystemShown {
    SystemShown {
        note,
        text: format!("{}{}", p.stdout, p.stderr),
    }
}

/// The page's question, as it crossed to the worker, answered in the same
/// form ([`SystemAsk::show`]); a question that does not decode is said to.
pub fn show_part(ask: &[u8]) -> Vec<u8> {
    let shown = match postcard::from_bytes::<SystemAsk>(ask) {
        Ok(ask) => ask.show(),
        Err(e) => SystemShown {
            note: None,
            text: format!("the system did not reach the worker: {e}"),
        },
    };
    postcard::to_allocvec(&shown).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: &str = r#"{"version":1,"execution":{"R_lite":[{"rank":"0-1","children":{"core":"0-3"}}],"starttime":0,"expiration":0,"nodelist":["tiny[1-2]"]}}"#;

    fn ask(what: SystemText) -> SystemShown {
        let tab = crate::tabs::Doc {
            source: "r.json".into(),
            text: R.to_string().into(),
            ..Default::default()
        };
        let asked = SystemAsk::of(&tab, what);
        assert_eq!(asked.docs, vec![("r.json".to_string(), tab.text.clone())]);
        let crossed = show_part(&postcard::to_allocvec(&asked).unwrap());
        let shown: SystemShown = postcard::from_bytes(&crossed).unwrap();
        assert_eq!(shown, asked.show());
        shown
    }

    #[test]
    fn each_text_of_a_system_crosses_as_bytes() {
        let read = ask(SystemText::Read);
        assert_eq!(read.note, None);
        assert!(
            read.text.starts_with("r.json: an R (RFC 20): resources\n"),
            "{}",
            read.text
        );
        let status = ask(SystemText::Status("{state} {nnodes} {nodelist}".into()));
        assert_eq!(
            status.note.as_deref(),
            Some("no flux resource payload is open: this reads the system's resources with every node online and free")
        );
        assert_eq!(status.text, "STATE NNODES NODELIST\navail 2 tiny[1-2]\n");
        let list = ask(SystemText::List("{state} {nnodes}".into()));
        assert_eq!(list.text, "STATE NNODES\nfree 2\nallocated 0\ndown 0\n");
        let drain = ask(SystemText::Drain("default".into()));
        assert_eq!(
            drain.text,
            "TIME         STATE    REASON                         NODELIST\n"
        );
        assert_eq!(
            show_part(b"\xff"),
            postcard::to_allocvec(&SystemShown {
                note: None,
                text:
                    "the system did not reach the worker: Hit the end of buffer, expected more data"
                        .into()
            })
            .unwrap()
        );
    }
}
