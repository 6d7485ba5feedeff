//! The command menu (Ctrl+K): every page action by name, found by typing
//! a few letters of any of its words, and run with Enter.
//!
//! Each command names the control on the page that does it (a CSS
//! selector the page resolves) and whether to press it or to move the
//! focus there, so the menu runs exactly what a click or a Tab would and
//! adds no second way of doing anything. [`CommandMenu`] is the menu's
//! state, kept by the page in a reducer and tested here.

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

    /// The commands the text finds, in the menu's order.
    pub fn found(&self) -> Vec<&'static PageCommand> {
        (PAGE_COMMANDS.iter())
            .filter(|c| found_by(c, &self.query))
            .collect()
    }

    /// The position of the chosen command among [`Self::found`].
    pub fn chosen(&self) -> usize {
        self.chosen
    }

    /// The command Enter runs, when the text finds any.
    pub fn chosen_command(&self) -> Option<&'static PageCommand> {
        self.found().get(self.chosen).copied()
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

    fn names(menu: &CommandMenu) -> Vec<&'static str> {
        menu.found().iter().map(|c| c.name).collect()
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
            ["Open a file", "Edit the system configuration"]
        );
        let menu = menu.after(MenuKey::Typed("zzz".into()));
        assert_eq!((names(&menu).len(), menu.chosen_command()), (0, None));
        assert_eq!(CommandMenu::default().found().len(), PAGE_COMMANDS.len());
    }

    #[test]
    fn arrows_choose_and_wrap_and_typing_starts_again() {
        let menu = CommandMenu::default().after(MenuKey::Typed("tour".into()));
        assert_eq!(menu.chosen_command().unwrap().name, "Take the tour of R");
        let down = menu.after(MenuKey::Down);
        assert_eq!(
            down.chosen_command().unwrap().control,
            "[data-testid=system-tour-start]"
        );
        assert_eq!(down.after(MenuKey::Down).chosen(), 0);
        assert_eq!(menu.after(MenuKey::Up).chosen(), 1);
        assert_eq!(down.after(MenuKey::Typed("grid".into())).chosen(), 0);
        let none = menu.after(MenuKey::Typed("zzz".into()));
        assert_eq!(none.after(MenuKey::Down), none);
    }

    #[test]
    fn every_command_has_words_and_a_control() {
        for c in PAGE_COMMANDS {
            assert!(!c.name.is_empty() && !c.control.is_empty(), "{c:?}");
            assert!(found_by(c, c.name), "{c:?}");
        }
    }
}
