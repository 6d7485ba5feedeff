//! The command menu (Ctrl+K): every page action by name, found by typing
//! a few letters of any of its words, and run with Enter.
//!
//! Each command names the control on the page that does it (a CSS
//! selector the page resolves) and whether to press it or to move the
//! focus there, so the menu runs exactly what a click or a Tab would and
//! adds no second way of doing anything. A word that names ranks, hosts
//! or a property also finds that place on the grid ([`places`]): the menu
//! puts it in the constraint field, which outlines the nodes and brings
//! them into view. [`CommandMenu`] is the menu's state, kept by the page
//! in a reducer and tested here.

use crate::hostlist::Hostlist;
use crate::idset::IdSet;

/// How a command reaches its control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandReach {
    /// Press it (a button, a file input).
    Press,
    /// Move the focus to it and bring it into view (a field, a view).
    Focus,
}

/// One action of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageCommand {
    /// What the menu lists.
    pub name: &'static str,
    /// More words it is found by.
    pub also: &'static str,
    /// The control that does it, as a CSS selector.
    pub control: &'static str,
    /// Press the control, or focus it.
    pub reach: CommandReach,
}

const fn press(name: &'static str, also: &'static str, control: &'static str) -> PageCommand {
    PageCommand {
        name,
        also,
        control,
        reach: CommandReach::Press,
    }
}

const fn focus(name: &'static str, also: &'static str, control: &'static str) -> PageCommand {
    PageCommand {
        name,
        also,
        control,
        reach: CommandReach::Focus,
    }
}

/// Every command, in the order the menu lists them before anything is
/// typed.
pub const PAGE_COMMANDS: &[PageCommand] = &[
    press(
        "Open a file",
        "load json toml xml",
        "[data-testid=open-file]",
    ),
    focus(
        "Choose an example",
        "examples sample",
        "[data-testid=examples]",
    ),
    press("Copy a share link", "url link", "button[data-testid=share]"),
    focus(
        "Edit the document",
        "editor text json r",
        "#view-document textarea",
    ),
    press(
        "Go to the grid",
        "nodes cores gpus view",
        "nav.views a[href='#view-grid']",
    ),
    press(
        "Go to the graph",
        "tree picture jgf view",
        "nav.views a[href='#view-graph']",
    ),
    press(
        "Go to combine",
        "set operations union intersect view",
        "nav.views a[href='#view-combine']",
    ),
    press(
        "Go to the playground",
        "idset hostlist learn view",
        "nav.views a[href='#view-playground']",
    ),
    press(
        "Go to build an R",
        "form make view",
        "nav.views a[href='#view-build']",
    ),
    focus(
        "Outline nodes matching a constraint",
        "rfc 31 properties hosts filter",
        "input[aria-label='Outline nodes matching a constraint']",
    ),
    focus(
        "Show the nodes in a state",
        "flux resource status -s drained offline filter",
        "select[data-testid='state-filter']",
    ),
    focus(
        "Expand or fit a shape",
        "rfc 46 jobspec fit slot",
        "#shape-input",
    ),
    focus(
        "Edit the system configuration",
        "toml queues bootstrap resource config",
        "#queue-config-text",
    ),
    press(
        "Take the tour of R",
        "learn guided resume",
        "[data-testid=tour-start]",
    ),
    press(
        "Take the tour from configuration to running jobs",
        "learn queues",
        "[data-testid=system-tour-start]",
    ),
];

/// What the menu says when `command`'s control is not on the page now
/// (the grid before a document has resources, a tour being taken).
pub fn not_on_the_page(command: &PageCommand) -> String {
    format!(
        "{} is not on the page now: open a document that has it, or leave the tour",
        command.name
    )
}

/// Whether `command` is found by `query`: every word typed begins a word
/// of its name or of its other words, in any case.
pub fn found_by(command: &PageCommand, query: &str) -> bool {
    let words: Vec<String> = (command.name.split_whitespace())
        .chain(command.also.split_whitespace())
        .map(str::to_lowercase)
        .collect();
    query
        .split_whitespace()
        .map(str::to_lowercase)
        .all(|typed| words.iter().any(|w| w.starts_with(&typed)))
}

/// An entry of the menu: a page command, or a place on the grid that the
/// text typed names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    /// A page action.
    Command(&'static PageCommand),
    /// Outline nodes on the grid: `constraint` goes into the constraint
    /// field (its short form, RFC 31).
    Outline {
        /// What the menu lists.
        line: String,
        /// The constraint field's new text.
        constraint: String,
    },
}

impl MenuEntry {
    /// What the menu lists.
    pub fn line(&self) -> &str {
        match self {
            MenuEntry::Command(c) => c.name,
            MenuEntry::Outline { line, .. } => line,
        }
    }
}

/// The places on the grid one typed word names: ranks (an RFC 22 id
/// set), hosts (an RFC 29 host list) or a property, each outlined by the
/// constraint that selects it. A word may name a host and a property at
/// once (`gpu`); both are offered.
pub fn places(query: &str) -> Vec<MenuEntry> {
    let q = query.trim();
    let outline = |line: String, constraint: String| MenuEntry::Outline { line, constraint };
    if q.is_empty() || q.contains(char::is_whitespace) {
        return Vec::new();
    }
    // Host names and properties begin with a letter (`-x` is "not x").
    if q.starts_with(|c: char| c.is_ascii_digit()) {
        return match IdSet::parse(q) {
            Ok(ranks) => {
                let word = if ranks.len() == 1 { "rank" } else { "ranks" };
                vec![outline(
                    format!("Show {word} {q} on the grid"),
                    format!("rank:{q}"),
                )]
            }
            Err(_) => Vec::new(),
        };
    }
    let mut found = Vec::new();
    if !q.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return found;
    }
    if Hostlist::parse(q).is_ok() {
        let host = format!("host:{q}");
        if crate::constraint::query::parse(&host).is_ok() {
            found.push(outline(format!("Show host {q} on the grid"), host));
        }
    }
    let property = q
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    if property && crate::constraint::query::parse(q).is_ok() {
        found.push(outline(
            format!("Show the nodes with property {q}"),
            q.to_string(),
        ));
    }
    found
}

/// A key pressed in the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuKey {
    /// The field now holds this text.
    Typed(String),
    /// Down arrow: the next command found (wrapping).
    Down,
    /// Up arrow: the one before (wrapping).
    Up,
}

/// The menu's state: what is typed and which command found is chosen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandMenu {
    query: String,
    chosen: usize,
}

impl CommandMenu {
    /// The text typed.
    pub fn query(&self) -> &str {
        &self.query
    }

    /// What the text finds, in the menu's order: the page commands, then
    /// the places on the grid it names.
    pub fn found(&self) -> Vec<MenuEntry> {
        let commands = (PAGE_COMMANDS.iter())
            .filter(|c| found_by(c, &self.query))
            .map(MenuEntry::Command);
        commands.chain(places(&self.query)).collect()
    }

    /// The position of the chosen command among [`Self::found`].
    pub fn chosen(&self) -> usize {
        self.chosen
    }

    /// The entry Enter runs, when the text finds any.
    pub fn chosen_entry(&self) -> Option<MenuEntry> {
        self.found().into_iter().nth(self.chosen)
    }

    /// The menu after `key`: typing chooses the first command found.
    pub fn after(&self, key: MenuKey) -> CommandMenu {
        let n = self.found().len();
        match key {
            MenuKey::Typed(query) => CommandMenu { query, chosen: 0 },
            MenuKey::Down if n > 0 => CommandMenu {
                chosen: (self.chosen + 1) % n,
                ..self.clone()
            },
            MenuKey::Up if n > 0 => CommandMenu {
                chosen: (self.chosen + n - 1) % n,
                ..self.clone()
            },
            MenuKey::Down | MenuKey::Up => self.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(menu: &CommandMenu) -> Vec<String> {
        menu.found().iter().map(|c| c.line().to_string()).collect()
    }

    fn control(entry: Option<MenuEntry>) -> &'static str {
        match entry {
            Some(MenuEntry::Command(c)) => c.control,
            other => panic!("not a command: {other:?}"),
        }
    }

    #[test]
    fn typing_finds_commands_by_the_start_of_any_word() {
        let menu = CommandMenu::default().after(MenuKey::Typed("TOUR conf".into()));
        assert_eq!(
            names(&menu),
            ["Take the tour from configuration to running jobs"]
        );
        let menu = menu.after(MenuKey::Typed("toml".into()));
        assert_eq!(
            names(&menu),
            [
                "Open a file",
                "Edit the system configuration",
                "Show host toml on the grid",
                "Show the nodes with property toml"
            ]
        );
        let menu = menu.after(MenuKey::Typed("zzz[".into()));
        assert_eq!((names(&menu).len(), menu.chosen_entry()), (0, None));
        assert_eq!(CommandMenu::default().found().len(), PAGE_COMMANDS.len());
    }

    #[test]
    fn arrows_choose_and_wrap_and_typing_starts_again() {
        let menu = CommandMenu::default().after(MenuKey::Typed("tour".into()));
        assert_eq!(menu.chosen_entry().unwrap().line(), "Take the tour of R");
        let down = menu.after(MenuKey::Down);
        assert_eq!(
            control(down.chosen_entry()),
            "[data-testid=system-tour-start]"
        );
        // Then the places the word names: host `tour`, property `tour`.
        assert_eq!(down.after(MenuKey::Down).chosen(), 2);
        assert_eq!(menu.after(MenuKey::Up).chosen(), 3);
        assert_eq!(menu.after(MenuKey::Up).after(MenuKey::Down).chosen(), 0);
        assert_eq!(down.after(MenuKey::Typed("grid".into())).chosen(), 0);
        let none = menu.after(MenuKey::Typed("zzz[".into()));
        assert_eq!(none.after(MenuKey::Down), none);
    }

    #[test]
    fn a_word_naming_ranks_hosts_or_a_property_finds_them_on_the_grid() {
        let outline = |line: &str, constraint: &str| MenuEntry::Outline {
            line: line.into(),
            constraint: constraint.into(),
        };
        assert_eq!(places("5"), [outline("Show rank 5 on the grid", "rank:5")]);
        assert_eq!(
            places(" 0-3,7 "),
            [outline("Show ranks 0-3,7 on the grid", "rank:0-3,7")]
        );
        assert_eq!(
            places("fluke[3-4]"),
            [outline(
                "Show host fluke[3-4] on the grid",
                "host:fluke[3-4]"
            )]
        );
        assert_eq!(
            places("gpu"),
            [
                outline("Show host gpu on the grid", "host:gpu"),
                outline("Show the nodes with property gpu", "gpu"),
            ]
        );
        for nothing in ["", "3-", "two words", "-x", "a[1-"] {
            assert_eq!(places(nothing), [], "{nothing:?}");
        }
    }

    #[test]
    fn every_command_has_words_and_a_control() {
        for c in PAGE_COMMANDS {
            assert!(!c.name.is_empty() && !c.control.is_empty(), "{c:?}");
            assert!(found_by(c, c.name), "{c:?}");
        }
    }
}
