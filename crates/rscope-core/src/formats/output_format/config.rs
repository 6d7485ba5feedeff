//! `UtilConfig.get_format_string()`: a `--format` argument as a format, a
//! format's name, `help` or `get-config=NAME`.

use super::pytext::len;
use super::FormatError;

/// A format a command has by name (`flux resource status -o long`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedFormat<'a> {
    /// Its name.
    pub name: &'a str,
    /// The line `--format=help` shows for it.
    pub description: &'a str,
    /// The format string.
    pub format: &'a str,
}

/// What a `--format` argument comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chosen {
    /// The format string to print with.
    Format(String),
    /// Text to print on stdout before exiting with status 0 (`help`,
    /// `get-config=NAME`).
    Print(String),
}

/// Resolves `--format NAME` as flux's commands do: a string with `{` is a
/// format; `help` lists `builtin`; `get-config=NAME` shows one entry as
/// TOML; `default` may be overridden by `env_default`, the value of the
/// `FLUX_RESOURCE_STATUS_FORMAT_DEFAULT`-style variable (`tool` and
/// `subcommand` upper-cased), which the caller reads. `tool` is the
/// command (`flux-resource`), `subcommand` its table (`status`, or "").
/// Only the built-in formats are known: flux's configuration files are not
/// read.
pub fn choose_format(
    name: &str,
    builtin: &[NamedFormat],
    tool: &str,
    subcommand: &str,
    env_default: Option<&str>,
) -> Result<Chosen, FormatError> {
    if name.contains('{') {
        return Ok(Chosen::Format(name.to_string()));
    }
    let find = |name: &str| builtin.iter().find(|f| f.name == name);
    if name == "help" {
        let mut out = format!("\nConfigured {tool} output formats:\n\n");
        for f in builtin {
            let pad = 12usize.saturating_sub(len(f.name));
            out.push_str(&format!(
                "  {}{} {}\n",
                f.name,
                " ".repeat(pad),
                f.description
            ));
        }
        return Ok(Chosen::Print(out));
    }
    if let Some(wanted) = name.strip_prefix("get-config=") {
        let Some(f) = find(wanted) else {
            return Err(FormatError::value(format!(
                "--format: No such format {wanted}"
            )));
        };
        let table = if subcommand.is_empty() {
            format!("[formats.{wanted}]")
        } else {
            format!("[{subcommand}.formats.{wanted}]")
        };
        return Ok(Chosen::Print(format!(
            "{table}\ndescription = \"{}\"\nformat = \"{}\"\n",
            f.description, f.format
        )));
    }
    let mut name = name;
    if name == "default" {
        if let Some(env) = env_default {
            if env.contains('{') {
                return Ok(Chosen::Format(env.to_string()));
            }
            name = env;
        }
    }
    match find(name) {
        Some(f) => Ok(Chosen::Format(f.format.to_string())),
        None => Err(FormatError::value(format!(
            "--format: No such format {name} (Did you mean '{}'?)",
            brace_words(name)
        ))),
    }
}

/// `re.sub(r"\w+", r"{\g<0>}", name)`: each run of word characters in
/// braces (letters, digits and `_` of any script, as Rust classifies them).
fn brace_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    let mut in_word = false;
    for c in name.chars() {
        let word = c.is_alphanumeric() || c == '_';
        if word && !in_word {
            out.push('{');
        } else if !word && in_word {
            out.push('}');
        }
        in_word = word;
        out.push(c);
    }
    if in_word {
        out.push('}');
    }
    out
}
