//! Where a result tab came from: the operation or expression, the tabs it
//! read (their letters and names then, and a digest of their texts), the
//! options, and the `rscope R` command line that prints the same text.
//! Kept with the tab (and stored with it), so that after edits, closes and
//! reloads the page can still say what made the tab and whether its
//! inputs are as they were ([`check`]).

use serde::{Deserialize, Serialize};

/// A tab the result was made from, as it was then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceTab {
    /// Its letter then.
    pub tab: char,
    /// Its name then (a file name, an example, `= A ∪ B`).
    pub name: String,
    /// Its text's length in bytes, to skip digesting texts that differ.
    pub bytes: usize,
    /// [`digest`] of its text.
    pub digest: String,
}

/// What made a result tab.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The operation, as the workbench's menu names it (`intersect`), or
    /// `expression`.
    pub operation: String,
    /// The result's expression, as the tab is named (`A ∩ B --keep-data`).
    pub expression: String,
    /// The tabs read, in the order read.
    pub inputs: Vec<SourceTab>,
    /// The options used, each a flag and its value (empty for a switch).
    pub options: Vec<(String, String)>,
    /// A command line that prints the same text, with each input tab
    /// saved as `LETTER.json`.
    pub command: String,
    /// [`digest`] of the result's text as made.
    pub result: String,
}

/// A digest of `text` to tell whether a tab still holds the text it had:
/// 64-bit FNV-1a in hex. Not a defence against a forger, only against
/// edits, which is all a tab's history needs.
pub fn digest(text: &str) -> String {
    let mut d = Digest::default();
    d.update(text.as_bytes());
    d.finish()
}

/// [`digest`] fed a part at a time, so that a page can digest 16 MiB
/// between its frames (a 16 MiB text digested at once held its thread for
/// about 30 ms).
#[derive(Clone, Copy, Debug)]
pub struct Digest(u64);

impl Default for Digest {
    fn default() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }
}

impl Digest {
    /// Digest `bytes`, the next part of the text.
    pub fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// The digest of the parts given, as [`digest`] writes it.
    pub fn finish(&self) -> String {
        format!("{:016x}", self.0)
    }
}

/// `word` as a POSIX shell reads it back: unquoted when it holds only
/// characters no shell treats specially, else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `cat A.json B.json | rscope R ARGS` (or `rscope R ARGS < A.json` for one
/// input): `flux R` reads its documents on standard input.
pub fn stdin_command(letters: &[char], args: &[String]) -> String {
    let args: Vec<String> = args.iter().map(|a| shell_word(a)).collect();
    let files: Vec<String> = letters.iter().map(|c| format!("{c}.json")).collect();
    match files.as_slice() {
        [one] => format!("rscope R {} < {one}", args.join(" ")),
        _ => format!("cat {} | rscope R {}", files.join(" "), args.join(" ")),
    }
}

/// `rscope R [FLAGS] eval 'EXPR' A=A.json …` for the letters the
/// expression names; `flags` are `rscope R`'s own (`--indent`).
pub fn eval_command(flags: &[&str], expression: &str, letters: &[char]) -> String {
    let mut sorted = letters.to_vec();
    sorted.sort_unstable();
    let files: Vec<String> = sorted.iter().map(|c| format!("{c}={c}.json")).collect();
    let flags: String = flags.iter().map(|f| format!("{f} ")).collect();
    format!(
        "rscope R {flags}eval {} {}",
        shell_word(expression),
        files.join(" ")
    )
}

/// `command`, after a line that writes each tab read as its whole system
/// to the file the command reads (`rscope system --r status.json
/// site.toml > A.json`): `systems` are the tabs and their documents' names,
/// each saved under its own name.
pub fn from_systems(systems: &[(char, Vec<String>)], command: String) -> String {
    let mut lines: Vec<String> = (systems.iter())
        .map(|(c, docs)| {
            let files: Vec<String> = docs.iter().map(|d| shell_word(d)).collect();
            format!("rscope system --r {} > {c}.json", files.join(" "))
        })
        .collect();
    lines.push(command);
    lines.join(" && ")
}

/// Where one input of a result is now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Now {
    /// The tab with its letter holds the same text.
    Unchanged,
    /// Another tab (its letter now) holds the same text: tabs before it closed.
    Moved(char),
    /// The tab with its letter and name holds other text.
    Changed,
    /// No open tab holds the text.
    Gone,
}

impl Now {
    /// The state in words, for the page.
    pub fn words(&self) -> String {
        match self {
            Now::Unchanged => "unchanged".into(),
            Now::Moved(c) => format!("unchanged, now tab {c}"),
            Now::Changed => "changed since: the result no longer matches this tab".into(),
            Now::Gone => "closed or changed since: no open tab holds that text".into(),
        }
    }
}

/// One open tab as [`check`] reads it: letter, name, text.
pub type OpenTab<'a> = (char, &'a str, &'a str);

/// Whether a text is the one an [`SourceTab`] (or a result) digested, reading
/// it only when the lengths agree.
fn holds(text: &str, bytes: usize, d: &str) -> bool {
    text.len() == bytes && digest(text) == d
}

/// Where each input of `p` is among `open` now, in the order of
/// `p.inputs`.
pub fn check(p: &Provenance, open: &[OpenTab]) -> Vec<Now> {
    p.inputs
        .iter()
        .map(|i| {
            let same = |t: &&OpenTab| holds(t.2, i.bytes, &i.digest);
            let at_letter = open.iter().find(|t| t.0 == i.tab);
            if at_letter.filter(same).is_some() {
                return Now::Unchanged;
            }
            if let Some(t) = open.iter().find(same) {
                return Now::Moved(t.0);
            }
            match at_letter {
                Some(t) if t.1 == i.name => Now::Changed,
                _ => Now::Gone,
            }
        })
        .collect()
}

/// Whether `text`, a result tab's text now, is still the text `p` made.
pub fn result_unchanged(p: &Provenance, text: &str) -> bool {
    digest(text) == p.result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(inputs: &[(char, &str, &str)]) -> Provenance {
        Provenance {
            operation: "union".into(),
            expression: "A ∪ B".into(),
            inputs: inputs
                .iter()
                .map(|(tab, name, text)| SourceTab {
                    tab: *tab,
                    name: (*name).into(),
                    bytes: text.len(),
                    digest: digest(text),
                })
                .collect(),
            options: vec![],
            command: String::new(),
            result: digest("out"),
        }
    }

    #[test]
    fn a_system_is_written_to_its_letter_first() {
        assert_eq!(
            from_systems(
                &[('B', vec!["status.json".into(), "site config.toml".into()])],
                "cat A.json B.json | rscope R decode".into()
            ),
            "rscope system --r status.json 'site config.toml' > B.json && cat A.json B.json | rscope R decode"
        );
        assert_eq!(
            from_systems(&[], "rscope R remap < A.json".into()),
            "rscope R remap < A.json"
        );
    }

    #[test]
    fn digests_are_fnv1a_64() {
        assert_eq!(digest(""), "cbf29ce484222325");
        assert_eq!(digest("a"), "af63dc4c8601ec8c");
        assert_ne!(digest("{}"), digest("{ }"));
    }

    #[test]
    fn a_digest_fed_in_parts_is_the_digest_of_the_whole() {
        let text = "{\"version\": 1, \"execution\": {}}";
        for cut in 0..=text.len() {
            let mut d = Digest::default();
            d.update(&text.as_bytes()[..cut]);
            d.update(&text.as_bytes()[cut..]);
            assert_eq!(d.finish(), digest(text));
        }
    }

    #[test]
    fn shell_words_are_quoted_only_when_needed() {
        assert_eq!(shell_word("0-3"), "0-3");
        assert_eq!(shell_word("big:0-1"), "big:0-1");
        assert_eq!(shell_word("node[0-3]"), "'node[0-3]'");
        assert_eq!(shell_word("^big"), "'^big'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }

    #[test]
    fn commands_read_tabs_saved_as_letter_files() {
        let args = ["decode".to_string(), "--include".into(), "n[1-2]".into()];
        assert_eq!(
            stdin_command(&['A', 'C'], &args),
            "cat A.json C.json | rscope R decode --include 'n[1-2]'"
        );
        assert_eq!(
            stdin_command(&['B'], &["remap".into()]),
            "rscope R remap < B.json"
        );
        assert_eq!(
            eval_command(&[], "(C | A) - B", &['C', 'A', 'B']),
            "rscope R eval '(C | A) - B' A=A.json B=B.json C=C.json"
        );
        assert_eq!(
            eval_command(&["--indent"], "A", &['A']),
            "rscope R --indent eval A A=A.json"
        );
    }

    #[test]
    fn inputs_are_found_unchanged_moved_changed_or_gone() {
        let p = made(&[
            ('A', "a.json", "one"),
            ('B', "b.json", "two"),
            ('C', "c.json", "three"),
        ]);
        let now = check(
            &p,
            &[
                ('A', "a.json", "one"),
                ('B', "c.json", "three"),
                ('C', "c.json", "3"),
            ],
        );
        assert_eq!(now, [Now::Unchanged, Now::Gone, Now::Moved('B')]);
        let edited = check(&p, &[('A', "a.json", "one!"), ('B', "b.json", "tw0")]);
        assert_eq!(edited, [Now::Changed, Now::Changed, Now::Gone]);
        assert_eq!(
            edited.iter().map(Now::words).collect::<Vec<_>>(),
            [
                "changed since: the result no longer matches this tab",
                "changed since: the result no longer matches this tab",
                "closed or changed since: no open tab holds that text"
            ]
        );
        assert!(result_unchanged(&p, "out") && !result_unchanged(&p, "out\n"));
    }
}
