//! `rscope shape`: flux-core's `python -m flux.shape.parser`, plus the way
//! back (`--format`) and RFC 14 checks (`--strict`).
//!
//! Standard output and exit status match the reference for the same
//! arguments: `json.dumps` text or `yaml.dump` text and a line break, exit 0;
//! nothing at all without an expression; exit 1 on a bad shape (where the
//! reference dies with a Python traceback, this prints the error and a caret
//! under the offending token); exit 2 on bad usage. The reference's
//! `--outputdir` (PLY table generation) has no counterpart.

use crate::cli::{read_input, Outcome, PREFIX};
use rscope_core::diag::render_inline;
use rscope_core::shape::print::{print, shape_of_document, Style};
use rscope_core::shape::{self, lexer, Options};

/// Arguments of `rscope shape`.
#[derive(clap::Args)]
pub struct ShapeArgs {
    /// Output as YAML instead of JSON
    #[arg(short, long)]
    yaml: bool,
    /// Store ranges as dicts instead of RFC 45 strings
    #[arg(short, long)]
    rangedict: bool,
    /// Wrap result in outer 'resources' key
    #[arg(short, long)]
    wrapresources: bool,
    /// Label used for single slot if not specified
    #[arg(short, long, default_value = "task")]
    label: String,
    /// Emit lexer debug information before parsing expression
    #[arg(short, long)]
    debug: bool,
    /// Fail (exit 1) when the expansion breaks an RFC 14 rule; without it
    /// such findings are warnings on standard error
    #[arg(long)]
    strict: bool,
    /// Write the resources of FILE (JSON or YAML: a resources list or a
    /// jobspec; `-` for standard input) as the shortest shape
    #[arg(long, value_name = "FILE", conflicts_with = "expression")]
    format: Option<String>,
    /// Expression to parse (several are joined with spaces)
    #[arg(value_name = "EXPRESSION")]
    expression: Vec<String>,
}

/// Run `rscope shape`.
pub fn run(args: ShapeArgs) -> Outcome {
    let options = Options {
        label: args.label.clone(),
        rangedict: args.rangedict,
    };
    if let Some(file) = &args.format {
        return format_file(file, args.strict, &options);
    }
    if args.expression.is_empty() {
        return Ok(0);
    }
    let text = args.expression.join(" ");
    if args.debug {
        println!("parsing expression `{text}'");
        debug_tokens(&text).map_err(|e| with_caret(&text, &e))?;
    }
    let style = Style {
        yaml: args.yaml,
        wrap: args.wrapresources,
    };
    let printed = print(&text, &options, style).map_err(|e| with_caret(&text, &e))?;
    report(&printed.findings, args.strict, Some(&text))?;
    print!("{}", printed.text);
    Ok(0)
}

/// `--format FILE`: the resources of FILE written as the shortest shape.
fn format_file(file: &str, strict: bool, options: &Options) -> Outcome {
    let text = read_input(Some(file))?.text;
    let reverse = shape_of_document(&text, options)?;
    report(&reverse.findings, strict, None)?;
    println!("{}", reverse.shape?);
    Ok(0)
}

/// Print RFC 14 findings as warnings, or fail on them with `--strict`.
/// With the expression's `text`, each finding that has a span shows it.
fn report(
    findings: &[shape::Rfc14Finding],
    strict: bool,
    text: Option<&str>,
) -> Result<(), String> {
    let lines: Vec<String> = findings
        .iter()
        .map(|f| {
            let message = format!("rfc 14 {f}");
            match (text, &f.span) {
                (Some(text), Some(span)) => render_inline(&message, text, span.clone()),
                _ => message,
            }
        })
        .collect();
    if strict
        && findings
            .iter()
            .any(|f| f.severity == shape::Severity::Error)
    {
        return Err(lines.join("\n"));
    }
    for line in lines {
        eprintln!("{PREFIX}: {line}");
    }
    Ok(())
}

/// The error message, then the input line and a caret under the span.
fn with_caret(text: &str, e: &shape::Error) -> String {
    render_inline(&e.to_string(), text, e.span())
}

/// `--debug`: the tokens, one per line, in the shape of PLY's `LexToken`.
fn debug_tokens(text: &str) -> Result<(), shape::Error> {
    let mut lx = lexer::Lexer::new(text);
    while let Some(t) = lx.next_token()? {
        let pos = text[..t.span.start.min(text.len())].chars().count();
        let (kind, value) = match &t.tok {
            lexer::Tok::Type(s) => ("TYPE", py_repr(s)),
            lexer::Tok::Slot => ("SLOT", py_repr("slot")),
            lexer::Tok::QString(s) => ("QSTRING", py_repr(s)),
            lexer::Tok::Integer(n) => ("INTEGER", n.to_string()),
            lexer::Tok::IdSet(s) => ("IDSET", py_repr(s)),
            lexer::Tok::Operator(c) => ("OPERATOR", py_repr(&format!(":{c}"))),
            lexer::Tok::Key(s) => ("KEY", py_repr(s)),
            lexer::Tok::False => ("FALSE", "False".to_string()),
            lexer::Tok::Null => ("NULL", "None".to_string()),
            lexer::Tok::True => ("TRUE", "True".to_string()),
            lexer::Tok::Number(n) => ("NUMBER", n.to_python()),
            lexer::Tok::Str(s) => ("STRING", py_repr(s)),
            lexer::Tok::Array(a) => ("ARRAY", a.to_python()),
            lexer::Tok::LBracket => ("LBRACKET", py_repr("[")),
            lexer::Tok::RBracket => ("RBRACKET", py_repr("]")),
            lexer::Tok::LBrace => ("LBRACE", py_repr("{")),
            lexer::Tok::RBrace => ("RBRACE", py_repr("}")),
            lexer::Tok::Comma => (",", py_repr(",")),
            lexer::Tok::Semi => (";", py_repr(";")),
            lexer::Tok::Colon => (":", py_repr(":")),
            lexer::Tok::Slash => ("/", py_repr("/")),
            lexer::Tok::Plus => ("+", py_repr("+")),
            lexer::Tok::Minus => ("-", py_repr("-")),
        };
        println!("LexToken({kind},{value},1,{pos})");
    }
    Ok(())
}

/// Python's `repr` of a string (printable characters as they are).
fn py_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}
