//! YAML output exactly as the reference prints it: PyYAML's
//! `yaml.dump(result, default_flow_style=False)` with insertion-ordered
//! mappings.
//!
//! No YAML crate reproduces PyYAML: they resolve plain scalars by YAML 1.2
//! (so `yes`, `on`, `1_000`, `2001-12-14` go unquoted where PyYAML quotes
//! them), write non-ASCII characters as they are (PyYAML escapes them in
//! double quotes) and use literal blocks for multi-line strings. This is a
//! port of the part of PyYAML's emitter that block-style output of
//! JSON-like data reaches: block sequences and mappings, `[]`/`{}` for empty
//! collections, `? ` for keys that cannot be simple, and the choice between
//! plain, single-quoted and double-quoted scalars with line folding at 80
//! columns. Reading YAML is left to `serde_norway`.

use super::json::{float_repr, Json};
use std::borrow::Cow;

const BEST_WIDTH: usize = 80;
const BEST_INDENT: usize = 2;

/// Write `value` as PyYAML's `yaml.dump(value, default_flow_style=False)`.
pub fn to_pyyaml(value: &Json) -> String {
    let mut e = Emitter::new();
    e.node(value, Context::Root);
    e.finish()
}

/// [`to_pyyaml`] of a list, or of `{key: list}`, without building either.
pub fn list_to_pyyaml(list: &[Json], key: Option<&str>) -> String {
    let mut e = Emitter::new();
    match key {
        None => e.sequence(list, Context::Root),
        Some(k) => {
            e.increase_indent(false, false);
            e.write_indent();
            e.key(k);
            e.sequence(list, Context::Mapping);
            e.pop_indent();
        }
    }
    e.finish()
}

#[derive(Clone, Copy, PartialEq)]
enum Context {
    Root,
    Sequence,
    Mapping,
    SimpleKey,
}

struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    indent: Option<usize>,
    indents: Vec<Option<usize>>,
    flow_level: usize,
}

/// A scalar ready to be written: its text and whether it may be plain.
struct Scalar<'a> {
    text: Cow<'a, str>,
    /// Plain text resolves back to the same type (PyYAML's `implicit[0]`).
    implicit: bool,
}

fn scalar_of(value: &Json) -> Option<Scalar<'_>> {
    let (text, implicit) = match value {
        Json::Null => (Cow::Borrowed("null"), true),
        Json::Bool(b) => (Cow::Borrowed(if *b { "true" } else { "false" }), true),
        Json::Int(i) => (Cow::Owned(i.to_string()), true),
        Json::Float(f) => (Cow::Owned(yaml_float(*f)), true),
        Json::Str(s) => (Cow::Borrowed(s.as_str()), resolves_to_str(s)),
        Json::Array(_) | Json::Object(_) => return None,
    };
    Some(Scalar { text, implicit })
}

/// PyYAML's `represent_float`.
fn yaml_float(f: f64) -> String {
    if f.is_nan() {
        ".nan".to_string()
    } else if f.is_infinite() {
        if f > 0.0 { ".inf" } else { "-.inf" }.to_string()
    } else {
        let s = float_repr(f).to_ascii_lowercase();
        if !s.contains('.') && s.contains('e') {
            s.replacen('e', ".0e", 1)
        } else {
            s
        }
    }
}

impl Emitter {
    fn new() -> Self {
        Emitter {
            out: String::new(),
            column: 0,
            whitespace: true,
            indention: true,
            indent: None,
            indents: Vec::new(),
            flow_level: 0,
        }
    }

    /// Document end: a final line break.
    fn finish(mut self) -> String {
        self.write_indent();
        self.out
    }

    /// A mapping key and its `:`, simple or complex as PyYAML decides.
    fn key(&mut self, k: &str) {
        let key = Scalar {
            text: Cow::Borrowed(k),
            implicit: resolves_to_str(k),
        };
        self.increase_indent(true, false);
        if is_simple_key(k) {
            self.scalar(&key, true);
            self.pop_indent();
            self.write_indicator(":", false, false, false);
        } else {
            self.pop_indent();
            self.write_indicator("?", true, false, true);
            self.increase_indent(true, false);
            self.scalar(&key, false);
            self.pop_indent();
            self.write_indent();
            self.write_indicator(":", true, false, true);
        }
    }

    fn sequence(&mut self, items: &[Json], ctx: Context) {
        if items.is_empty() {
            self.empty_flow("[", "]");
            return;
        }
        let indentless = ctx == Context::Mapping && !self.indention;
        self.increase_indent(false, indentless);
        for item in items {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(item, Context::Sequence);
        }
        self.pop_indent();
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        self.indent = match self.indent {
            None => Some(if flow { BEST_INDENT } else { 0 }),
            Some(i) if !indentless => Some(i + BEST_INDENT),
            same => same,
        };
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().flatten();
    }

    fn write(&mut self, data: &str) {
        self.column += data.chars().count();
        self.out.push_str(data);
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        whitespace: bool,
        indention: bool,
    ) {
        if self.whitespace || !need_whitespace {
            self.write(indicator);
        } else {
            self.write(&format!(" {indicator}"));
        }
        self.whitespace = whitespace;
        self.indention = self.indention && indention;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.write_line_break(None);
        }
        if self.column < indent {
            self.whitespace = true;
            let pad = " ".repeat(indent - self.column);
            self.out.push_str(&pad);
            self.column = indent;
        }
    }

    fn write_line_break(&mut self, data: Option<char>) {
        self.whitespace = true;
        self.indention = true;
        self.column = 0;
        self.out.push(data.unwrap_or('\n'));
    }

    fn node(&mut self, value: &Json, ctx: Context) {
        match value {
            Json::Object(o) if o.is_empty() => self.empty_flow("{", "}"),
            Json::Array(items) => self.sequence(items, ctx),
            Json::Object(o) => {
                self.increase_indent(false, false);
                for (k, v) in o.iter() {
                    self.write_indent();
                    self.key(k);
                    self.node(v, Context::Mapping);
                }
                self.pop_indent();
            }
            scalar => {
                if let Some(s) = scalar_of(scalar) {
                    self.increase_indent(true, false);
                    self.scalar(&s, ctx == Context::SimpleKey);
                    self.pop_indent();
                }
            }
        }
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.flow_level += 1;
        self.increase_indent(true, false);
        self.pop_indent();
        self.flow_level -= 1;
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, s: &Scalar<'_>, simple_key: bool) {
        if s.implicit && plain_word(&s.text) {
            // What the analysis below concludes for such text, sooner.
            if !self.whitespace {
                self.write(" ");
            }
            self.write(&s.text);
            self.whitespace = false;
            self.indention = false;
            return;
        }
        let a = scalar_style(&s.text);
        let split = !simple_key;
        let plain_ok = if self.flow_level > 0 {
            a.allow_flow_plain
        } else {
            a.allow_block_plain
        };
        if s.implicit && !(simple_key && (a.empty || a.multiline)) && plain_ok {
            self.write_plain(&s.text, split);
        } else if a.allow_single_quoted && !(simple_key && a.multiline) {
            self.write_single_quoted(&s.text, split);
        } else {
            self.write_double_quoted(&s.text, split);
        }
    }

    fn write_plain(&mut self, text: &str, split: bool) {
        if text.is_empty() {
            return;
        }
        if !self.whitespace {
            self.write(" ");
        }
        self.whitespace = false;
        self.indention = false;
        let chars: Vec<char> = text.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        let (mut start, mut end) = (0, 0);
        while end <= chars.len() {
            let ch = chars.get(end).copied();
            if spaces {
                if ch != Some(' ') {
                    if start + 1 == end && self.column > BEST_WIDTH && split {
                        self.write_indent();
                        self.whitespace = false;
                        self.indention = false;
                    } else {
                        self.write(&collect(&chars[start..end]));
                    }
                    start = end;
                }
            } else if breaks {
                if !ch.is_some_and(is_break) {
                    self.write_breaks(&chars[start..end]);
                    self.write_indent();
                    self.whitespace = false;
                    self.indention = false;
                    start = end;
                }
            } else if ch.is_none_or(|c| c == ' ' || is_break(c)) {
                self.write(&collect(&chars[start..end]));
                start = end;
            }
            if let Some(c) = ch {
                spaces = c == ' ';
                breaks = is_break(c);
            }
            end += 1;
        }
    }

    fn write_breaks(&mut self, brs: &[char]) {
        if brs.first() == Some(&'\n') {
            self.write_line_break(None);
        }
        for &br in brs {
            if br == '\n' {
                self.write_line_break(None);
            } else {
                self.write_line_break(Some(br));
            }
        }
    }

    fn write_single_quoted(&mut self, text: &str, split: bool) {
        self.write_indicator("'", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        let (mut start, mut end) = (0, 0);
        while end <= chars.len() {
            let ch = chars.get(end).copied();
            if spaces {
                if ch != Some(' ') {
                    if start + 1 == end
                        && self.column > BEST_WIDTH
                        && split
                        && start != 0
                        && end != chars.len()
                    {
                        self.write_indent();
                    } else {
                        self.write(&collect(&chars[start..end]));
                    }
                    start = end;
                }
            } else if breaks {
                if !ch.is_some_and(is_break) {
                    self.write_breaks(&chars[start..end]);
                    self.write_indent();
                    start = end;
                }
            } else if ch.is_none_or(|c| c == ' ' || c == '\'' || is_break(c)) && start < end {
                self.write(&collect(&chars[start..end]));
                start = end;
            }
            if ch == Some('\'') {
                self.write("''");
                start = end + 1;
            }
            if let Some(c) = ch {
                spaces = c == ' ';
                breaks = is_break(c);
            }
            end += 1;
        }
        self.write_indicator("'", false, false, false);
    }

    fn write_double_quoted(&mut self, text: &str, split: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        let (mut start, mut end) = (0, 0);
        while end <= chars.len() {
            let ch = chars.get(end).copied();
            let needs_escape = match ch {
                None => true,
                Some(c) => {
                    matches!(
                        c,
                        '"' | '\\' | '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}'
                    ) || !(' '..='~').contains(&c)
                }
            };
            if needs_escape {
                if start < end {
                    self.write(&collect(&chars[start..end]));
                    start = end;
                }
                if let Some(c) = ch {
                    let data = match escape_replacement(c) {
                        Some(r) => format!("\\{r}"),
                        None if (c as u32) <= 0xff => format!("\\x{:02X}", c as u32),
                        None if (c as u32) <= 0xffff => format!("\\u{:04X}", c as u32),
                        None => format!("\\U{:08X}", c as u32),
                    };
                    self.write(&data);
                    start = end + 1;
                }
            }
            if 0 < end
                && end + 1 < chars.len()
                && (ch == Some(' ') || start >= end)
                // Python's `end - start` may be -1 right after an escape.
                && self.column as isize + end as isize - start as isize > BEST_WIDTH as isize
                && split
            {
                let mut data = collect(&chars[start.min(end)..end]);
                data.push('\\');
                if start < end {
                    start = end;
                }
                self.write(&data);
                self.write_indent();
                self.whitespace = false;
                self.indention = false;
                if chars.get(start) == Some(&' ') {
                    self.write("\\");
                }
            }
            end += 1;
        }
        self.write_indicator("\"", false, false, false);
    }
}

/// Text PyYAML always writes plain (when it resolves to its own type): a
/// short run of letters, digits and `_.+-/` that starts with neither `-`
/// nor `.`, so no indicator, space, break or document marker is in it.
fn plain_word(s: &str) -> bool {
    s.len() < BEST_WIDTH
        && s.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'+' || b == b'/')
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'+' | b'-' | b'/'))
}

fn collect(chars: &[char]) -> String {
    chars.iter().collect()
}

fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn escape_replacement(c: char) -> Option<char> {
    Some(match c {
        '\0' => '0',
        '\u{7}' => 'a',
        '\u{8}' => 'b',
        '\t' => 't',
        '\n' => 'n',
        '\u{b}' => 'v',
        '\u{c}' => 'f',
        '\r' => 'r',
        '\u{1b}' => 'e',
        '"' => '"',
        '\\' => '\\',
        '\u{85}' => 'N',
        '\u{a0}' => '_',
        '\u{2028}' => 'L',
        '\u{2029}' => 'P',
        _ => return None,
    })
}

/// PyYAML's `check_simple_key` for a string key.
fn is_simple_key(key: &str) -> bool {
    let a = scalar_style(key);
    key.chars().count() < 128 && !a.empty && !a.multiline
}

struct ScalarStyle {
    empty: bool,
    multiline: bool,
    allow_flow_plain: bool,
    allow_block_plain: bool,
    allow_single_quoted: bool,
}

fn is_ws_or_break(c: char) -> bool {
    matches!(
        c,
        '\0' | ' ' | '\t' | '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// PyYAML's `analyze_scalar` with `allow_unicode=False`.
fn scalar_style(scalar: &str) -> ScalarStyle {
    let chars: Vec<char> = scalar.chars().collect();
    if chars.is_empty() {
        return ScalarStyle {
            empty: true,
            multiline: false,
            allow_flow_plain: false,
            allow_block_plain: true,
            allow_single_quoted: true,
        };
    }
    let mut f = ScalarFlags::default();
    if scalar.starts_with("---") || scalar.starts_with("...") {
        f.block_indicators = true;
        f.flow_indicators = true;
    }
    let mut preceded_by_whitespace = true;
    let mut followed_by_whitespace =
        chars.len() == 1 || chars.get(1).copied().is_some_and(is_ws_or_break);
    let last = chars.len() - 1;
    for (index, &ch) in chars.iter().enumerate() {
        f.indicators(index, ch, preceded_by_whitespace, followed_by_whitespace);
        if is_break(ch) {
            f.line_breaks = true;
        }
        if !(ch == '\n' || (' '..='~').contains(&ch)) {
            // Printable non-ASCII is still "special" without allow_unicode.
            f.special_characters = true;
        }
        f.spaces_and_breaks(index, last, ch);
        preceded_by_whitespace = is_ws_or_break(ch);
        followed_by_whitespace =
            index + 2 >= chars.len() || chars.get(index + 2).copied().is_some_and(is_ws_or_break);
    }
    f.analysis()
}

/// What [`scalar_style`] notices in a non-empty scalar, with PyYAML's names.
#[derive(Default)]
struct ScalarFlags {
    block_indicators: bool,
    flow_indicators: bool,
    line_breaks: bool,
    special_characters: bool,
    leading_space: bool,
    leading_break: bool,
    trailing_space: bool,
    trailing_break: bool,
    break_space: bool,
    space_break: bool,
    previous_space: bool,
    previous_break: bool,
}

impl ScalarFlags {
    /// The flow and block indicators character `ch` at `index` makes: the
    /// first character has its own set.
    fn indicators(&mut self, index: usize, ch: char, preceded_by_ws: bool, followed_by_ws: bool) {
        if index == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(ch) {
                self.flow_indicators = true;
                self.block_indicators = true;
            }
            if ch == '?' || ch == ':' {
                self.flow_indicators = true;
                if followed_by_ws {
                    self.block_indicators = true;
                }
            }
            if ch == '-' && followed_by_ws {
                self.flow_indicators = true;
                self.block_indicators = true;
            }
        } else {
            if ",?[]{}".contains(ch) {
                self.flow_indicators = true;
            }
            if ch == ':' {
                self.flow_indicators = true;
                if followed_by_ws {
                    self.block_indicators = true;
                }
            }
            if ch == '#' && preceded_by_ws {
                self.flow_indicators = true;
                self.block_indicators = true;
            }
        }
    }

    /// Leading and trailing spaces and breaks, and a space next to a break,
    /// as the scan passes `ch` at `index` (of `last`).
    fn spaces_and_breaks(&mut self, index: usize, last: usize, ch: char) {
        if ch == ' ' {
            if index == 0 {
                self.leading_space = true;
            }
            if index == last {
                self.trailing_space = true;
            }
            if self.previous_break {
                self.break_space = true;
            }
            self.previous_space = true;
            self.previous_break = false;
        } else if is_break(ch) {
            if index == 0 {
                self.leading_break = true;
            }
            if index == last {
                self.trailing_break = true;
            }
            if self.previous_space {
                self.space_break = true;
            }
            self.previous_space = false;
            self.previous_break = true;
        } else {
            self.previous_space = false;
            self.previous_break = false;
        }
    }

    /// Which styles the flags still allow.
    fn analysis(&self) -> ScalarStyle {
        let mut allow_flow_plain = true;
        let mut allow_block_plain = true;
        let mut allow_single_quoted = true;
        if self.leading_space || self.leading_break || self.trailing_space || self.trailing_break {
            allow_flow_plain = false;
            allow_block_plain = false;
        }
        if self.break_space {
            allow_flow_plain = false;
            allow_block_plain = false;
            allow_single_quoted = false;
        }
        if self.space_break || self.special_characters {
            allow_flow_plain = false;
            allow_block_plain = false;
            allow_single_quoted = false;
        }
        if self.line_breaks {
            allow_flow_plain = false;
            allow_block_plain = false;
        }
        if self.flow_indicators {
            allow_flow_plain = false;
        }
        if self.block_indicators {
            allow_block_plain = false;
        }
        ScalarStyle {
            empty: false,
            multiline: self.line_breaks,
            allow_flow_plain,
            allow_block_plain,
            allow_single_quoted,
        }
    }
}

/// Whether PyYAML's YAML 1.1 resolver reads the plain scalar `s` as a
/// string (not a bool, int, float, null, timestamp, merge or value key).
fn resolves_to_str(s: &str) -> bool {
    // Python's `$` also matches before one final line break.
    let body = s.strip_suffix('\n').unwrap_or(s);
    let first = s.chars().next();
    let candidates: &[fn(&str) -> bool] = match first {
        None => return false,
        Some('y' | 'Y' | 'n' | 'N' | 't' | 'T' | 'f' | 'F' | 'o' | 'O') => &[is_bool, is_null],
        Some('-' | '+') => &[is_float, is_int],
        Some('0'..='9') => &[is_float, is_int, is_timestamp],
        Some('.') => &[is_float],
        Some('<') => &[is_merge],
        Some('~') => &[is_null],
        Some('=') => &[is_value],
        _ => &[],
    };
    !candidates
        .iter()
        .any(|f| f(s) || (body.len() < s.len() && f(body)))
}

fn is_bool(s: &str) -> bool {
    matches!(
        s,
        "yes"
            | "Yes"
            | "YES"
            | "no"
            | "No"
            | "NO"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | "on"
            | "On"
            | "ON"
            | "off"
            | "Off"
            | "OFF"
    )
}

fn is_null(s: &str) -> bool {
    matches!(s, "~" | "null" | "Null" | "NULL" | "")
}

fn is_merge(s: &str) -> bool {
    s == "<<"
}

fn is_value(s: &str) -> bool {
    s == "="
}

/// A tiny cursor for the resolver patterns.
struct Pat<'a> {
    b: &'a [u8],
    i: usize,
}

impl Pat<'_> {
    fn new(s: &str) -> Pat<'_> {
        Pat {
            b: s.as_bytes(),
            i: 0,
        }
    }
    fn done(&self) -> bool {
        self.i == self.b.len()
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn eat(&mut self, f: impl Fn(u8) -> bool) -> bool {
        if self.peek().is_some_and(f) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn eat_byte(&mut self, c: u8) -> bool {
        self.eat(|b| b == c)
    }
    fn star(&mut self, f: impl Fn(u8) -> bool) -> usize {
        let start = self.i;
        while self.peek().is_some_and(&f) {
            self.i += 1;
        }
        self.i - start
    }
    fn sign(&mut self) {
        self.eat(|b| b == b'-' || b == b'+');
    }
    /// `(?::[0-5]?[0-9])+`
    fn sexagesimal(&mut self) -> bool {
        let mut n = 0;
        loop {
            let save = self.i;
            if !self.eat_byte(b':') {
                break;
            }
            let two = self.b.get(self.i..self.i + 2);
            if two.is_some_and(|t| (b'0'..=b'5').contains(&t[0]) && t[1].is_ascii_digit()) {
                self.i += 2;
            } else if self.eat(|b| b.is_ascii_digit()) {
            } else {
                self.i = save;
                break;
            }
            n += 1;
        }
        n > 0
    }
}

fn digit_(b: u8) -> bool {
    b.is_ascii_digit() || b == b'_'
}

/// `[-+]?(?:0b[0-1_]+|0[0-7_]+|(?:0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)`
fn is_int(s: &str) -> bool {
    let alts: [fn(&mut Pat) -> bool; 5] = [
        |p| {
            p.eat_byte(b'0')
                && p.eat_byte(b'b')
                && p.star(|b| b == b'0' || b == b'1' || b == b'_') > 0
        },
        |p| p.eat_byte(b'0') && p.star(|b| (b'0'..=b'7').contains(&b) || b == b'_') > 0,
        |p| {
            p.eat_byte(b'0')
                || (p.eat(|b| (b'1'..=b'9').contains(&b)) && p.star(digit_) < usize::MAX)
        },
        |p| {
            p.eat_byte(b'0')
                && p.eat_byte(b'x')
                && p.star(|b| b.is_ascii_hexdigit() || b == b'_') > 0
        },
        |p| p.eat(|b| (b'1'..=b'9').contains(&b)) && p.star(digit_) < usize::MAX && p.sexagesimal(),
    ];
    alts.iter().any(|alt| {
        let mut p = Pat::new(s);
        p.sign();
        alt(&mut p) && p.done()
    })
}

/// PyYAML's float pattern (see resolver.py).
fn is_float(s: &str) -> bool {
    let exp = |p: &mut Pat| {
        let save = p.i;
        if p.eat(|b| b == b'e' || b == b'E')
            && p.eat(|b| b == b'-' || b == b'+')
            && p.star(|b| b.is_ascii_digit()) > 0
        {
            return;
        }
        p.i = save;
    };
    let alts: [&dyn Fn(&mut Pat) -> bool; 5] = [
        &|p| {
            p.sign();
            if !p.eat(|b| b.is_ascii_digit()) {
                return false;
            }
            p.star(digit_);
            if !p.eat_byte(b'.') {
                return false;
            }
            p.star(digit_);
            exp(p);
            true
        },
        &|p| {
            if !(p.eat_byte(b'.') && p.eat(|b| b.is_ascii_digit())) {
                return false;
            }
            p.star(digit_);
            exp(p);
            true
        },
        &|p| {
            p.sign();
            if !p.eat(|b| b.is_ascii_digit()) {
                return false;
            }
            p.star(digit_);
            if !p.sexagesimal() || !p.eat_byte(b'.') {
                return false;
            }
            p.star(digit_);
            true
        },
        &|p| {
            p.sign();
            p.eat_byte(b'.') && matches!(&p.b[p.i..], b"inf" | b"Inf" | b"INF") && {
                p.i = p.b.len();
                true
            }
        },
        &|p| {
            p.eat_byte(b'.') && matches!(&p.b[p.i..], b"nan" | b"NaN" | b"NAN") && {
                p.i = p.b.len();
                true
            }
        },
    ];
    alts.iter().any(|alt| {
        let mut p = Pat::new(s);
        alt(&mut p) && p.done()
    })
}

/// PyYAML's timestamp pattern: `YYYY-MM-DD`, or a date and time.
fn is_timestamp(s: &str) -> bool {
    let d = |b: u8| b.is_ascii_digit();
    let date_only = {
        let b = s.as_bytes();
        b.len() == 10
            && b[..4].iter().all(|&c| d(c))
            && b[4] == b'-'
            && b[5..7].iter().all(|&c| d(c))
            && b[7] == b'-'
            && b[8..].iter().all(|&c| d(c))
    };
    if date_only {
        return true;
    }
    let mut p = Pat::new(s);
    let one_or_two = |p: &mut Pat| {
        let first = p.eat(d);
        p.eat(d);
        first
    };
    let ok = (0..4).all(|_| p.eat(d))
        && p.eat_byte(b'-')
        && one_or_two(&mut p)
        && p.eat_byte(b'-')
        && one_or_two(&mut p)
        && (p.eat(|b| b == b'T' || b == b't') || p.star(|b| b == b' ' || b == b'\t') > 0)
        && one_or_two(&mut p)
        && p.eat_byte(b':')
        && p.eat(d)
        && p.eat(d)
        && p.eat_byte(b':')
        && p.eat(d)
        && p.eat(d);
    if !ok {
        return false;
    }
    if p.eat_byte(b'.') {
        p.star(d);
    }
    let save = p.i;
    p.star(|b| b == b' ' || b == b'\t');
    if p.eat_byte(b'Z') {
    } else if p.eat(|b| b == b'-' || b == b'+') && one_or_two(&mut p) {
        let s2 = p.i;
        if !(p.eat_byte(b':') && p.eat(d) && p.eat(d)) {
            p.i = s2;
        }
    } else {
        p.i = save;
    }
    p.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolver_matches_pyyaml() {
        let not_str = [
            "yes",
            "No",
            "on",
            "OFF",
            "true",
            "null",
            "~",
            "",
            "4",
            "-1",
            "+1",
            "0x10",
            "012",
            "0b11",
            "1_000",
            "1:20",
            "3.14",
            "1.",
            ".5",
            "1.0e+16",
            "-.inf",
            ".NaN",
            "2001-12-14",
            "2001-12-14t21:59:43.10-05:00",
            "2001-12-14 21:59:43.10 -5",
            "<<",
            "=",
            "1:20.5",
            "true\n",
        ];
        for s in not_str {
            assert!(!resolves_to_str(s), "{s:?} should not resolve to str");
        }
        let str_ = [
            "y",
            "n",
            "Y",
            "nodelevel",
            "4,9,16,25",
            "3-30:2:+",
            "2+",
            "1e5",
            "0o7",
            "0x",
            "0b",
            "08",
            "1.5.",
            "..5",
            "1:60",
            "Infinity",
            "nan",
            "2001-1-1",
            "-",
            "task",
            "Null ",
            "yes\n\n",
        ];
        for s in str_ {
            assert!(resolves_to_str(s), "{s:?} should resolve to str");
        }
    }
}
