//! `flux resource` over saved payloads: `resource.status` (node states
//! and drain reasons), `sched.resource-status` (all, allocated and down
//! resources) and the queue configuration, read as flux-core's
//! `flux-resource.py` reads them with `--from-stdin`, and printed as its
//! `status`, `drain`, `list`, `info` and `R` subcommands print them.
//!
//! Every command is a function of text that returns what would be
//! printed ([`Printed`]): the CLI writes it, and the page and the JS API
//! show the same bytes. Messages on standard error carry the reference's
//! `flux-resource: ERROR:` prefix, since they are the reference's.

pub mod bootstrap;
pub mod changes;
pub mod check;
pub mod eventlog;
pub mod list;
pub mod nodes;
pub mod payload;
pub mod queues;
pub mod rv1;
pub mod status;

use crate::hostlist::Hostlist;
use crate::idset::IdSet;
pub use crate::output_format::Printed;
use crate::output_format::{
    choose_format, Chosen, Deduplicator, FormatError, FormatItem, NamedFormat, OutputFormat,
};

pub use list::{emit_r, info, list, ListOptions, SchedResourceList};
pub use queues::Config;
pub use status::{status, ResourceStatus, StatusOptions};

/// The reference's exceptions as `flux-resource` logs them.
impl Printed {
    /// One error, as the reference's `CLIMain` logs an exception.
    pub fn error(message: String) -> Printed {
        Printed::tool_error("flux-resource", &message)
    }
}

/// What `-i/--include` names: ranks, or else host names.
#[derive(Clone, Debug, PartialEq)]
pub enum Targets {
    /// An RFC 22 id set of ranks.
    Ranks(IdSet),
    /// An RFC 29 host list.
    Hosts(Hostlist),
}

impl Targets {
    /// Read an id set, or else a host list (as the reference tries them).
    pub fn parse(text: &str) -> Result<Targets, String> {
        if let Ok(ids) = IdSet::decode(text) {
            return Ok(Targets::Ranks(ids));
        }
        Hostlist::parse(text)
            .map(Targets::Hosts)
            .map_err(|_| format!("Invalid hostlist: '{text}'"))
    }
}

/// The format string for `-o NAME` (a format passes through); `help`
/// and `get-config=` answer with their text instead.
fn choose(
    name: &str,
    builtin: &[NamedFormat],
    subcommand: &str,
    env_default: Option<&str>,
) -> Result<String, Printed> {
    match choose_format(name, builtin, "flux-resource", subcommand, env_default) {
        Ok(Chosen::Format(f)) => Ok(f),
        Ok(Chosen::Print(text)) => Err(Printed::output(text)),
        Err(e) => Err(format_error(e)),
    }
}

/// A format error as the reference prints the exception.
fn format_error(e: FormatError) -> Printed {
    Printed::error(e.to_string())
}

/// `print_items`: the lines, or what was printed before a line failed
/// and the error.
fn print<T: FormatItem>(
    formatter: &OutputFormat,
    items: &mut Vec<T>,
    no_header: bool,
) -> Result<Printed, Printed> {
    match formatter.print_items(items, no_header) {
        Ok(text) => Ok(Printed::output(text)),
        Err(e) => {
            let mut p = format_error(e.clone());
            p.stdout = e.partial_output().to_string();
            Err(p)
        }
    }
}

/// Lines combined when the format, without the fields that add up,
/// prints them the same (flux-core's `Deduplicator`), in first-seen order.
struct Combined<T> {
    dedup: Deduplicator,
    keys: std::collections::HashMap<String, usize>,
    items: Vec<T>,
}

impl<T: FormatItem> Combined<T> {
    fn new(formatter: &OutputFormat, except: &[&str]) -> Result<Combined<T>, Printed> {
        Ok(Combined {
            dedup: Deduplicator::new(formatter, except).map_err(format_error)?,
            keys: Default::default(),
            items: Vec::new(),
        })
    }

    fn append(&mut self, item: T, combine: fn(&mut T, &T)) -> Result<(), Printed> {
        let key = self.dedup.key(&item).map_err(format_error)?;
        match self.keys.get(&key) {
            Some(&i) => combine(&mut self.items[i], &item),
            None => {
                self.keys.insert(key, self.items.len());
                self.items.push(item);
            }
        }
        Ok(())
    }

    fn into_items(self) -> Vec<T> {
        self.items
    }
}

#[cfg(test)]
mod tests;
