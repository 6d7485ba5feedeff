//! What every subcommand shares: how it reads its input and how it ends.
//!
//! Every subcommand's `run` takes its parsed arguments and gives an
//! [`Outcome`]; `main` turns that into the exit status and, for a
//! [`CliError`], a message on standard error after the subcommand's prefix.

use std::io::Read;

/// What messages on standard error start with (`jgf` and `R` have their
/// own, after the tools they mirror).
pub const PREFIX: &str = "rscope";

/// The status of a run that did its work: 0, or an answer its output
/// already explains (1: `validate` found errors, `jgf check` found
/// differences; 3 and 4: `fit` verdicts).
pub type Status = u8;

/// What every subcommand's `run` gives.
pub type Outcome = Result<Status, CliError>;

/// A run that failed: its exit status and what to say on standard error.
#[derive(Debug, PartialEq, Eq)]
pub struct CliError {
    /// The exit status (1 unless said otherwise).
    pub code: u8,
    /// The message, without the `rscope: ` prefix; none for a quiet failure.
    pub message: Option<String>,
}

impl CliError {
    /// A failure with exit status 1 and this message.
    pub fn new(message: impl Into<String>) -> Self {
        CliError {
            code: 1,
            message: Some(message.into()),
        }
    }

    /// A failure with exit status 1 and nothing on standard error
    /// (`hostlist --quiet` of an empty list).
    pub fn quiet() -> Self {
        CliError {
            code: 1,
            message: None,
        }
    }
}

impl From<String> for CliError {
    fn from(message: String) -> Self {
        CliError::new(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> Self {
        CliError::new(message)
    }
}

/// A document to read: the name diagnostics show for it and its text.
pub struct Input {
    /// The path given, or `<stdin>`.
    pub name: String,
    /// The whole text.
    pub text: String,
}

/// The size of standard input when it is a file, so that reading it takes
/// one allocation rather than a doubling series of copies.
fn stdin_size_hint() -> usize {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let file = std::io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(std::fs::File::from);
        if let Ok(meta) = file.and_then(|f| f.metadata()) {
            if meta.is_file() {
                return usize::try_from(meta.len()).unwrap_or(0).saturating_add(1);
            }
        }
    }
    0
}

/// Read FILE, or standard input when FILE is absent or `-`. Standard input
/// is read to its end; reading it again gives the empty text.
pub fn read_input(file: Option<&str>) -> Result<Input, String> {
    match file {
        None | Some("-") => {
            let mut text = String::with_capacity(stdin_size_hint());
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            Ok(Input {
                name: "<stdin>".into(),
                text,
            })
        }
        Some(path) => Ok(Input {
            name: path.into(),
            text: std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?,
        }),
    }
}
