//! `flux.util.OutputFormat` and `flux.util.Deduplicator`.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::Arc;

use super::formatter::{empty_outputs, local_epoch, step, Args, Compiled, Formatter, Obj};
use super::markup::{parse_all, Access};
use super::pytext::{self, cmp_int_text, decimal, int_text, is_all_space, is_space, len};
use super::time::LocalTime;
use super::{FieldValue, FormatError, FormatItem};

/// One `(text, field, spec, conversion)` of `Formatter.parse()`, with
/// `None` as "" as flux keeps them.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    text: String,
    field: String,
    spec: String,
    conv: String,
}

/// `_fmt_tuple()`: the entry as format text again. Braces in the text are
/// not escaped again, as in the reference.
fn fmt_tuple(text: &str, field: &str, spec: &str, conv: &str) -> String {
    if field.is_empty() {
        return text.to_string();
    }
    let conv = if conv.is_empty() {
        String::new()
    } else {
        format!("!{conv}")
    };
    let spec = if spec.is_empty() {
        String::new()
    } else {
        format!(":{spec}")
    };
    format!("{text}{{{field}{conv}{spec}}}")
}

/// The sentinels of `filter()`, longest first.
const SENTINELS: [&str; 3] = ["?+:", "?:", "+:"];

/// A parsed output format: fields, their specs, `?:`/`+:` prefixes and
/// `sort:` keys, for items of one kind.
#[derive(Debug, Clone)]
pub struct OutputFormat {
    headings: Arc<HashMap<String, String>>,
    format_list: Vec<Entry>,
    sort_keys: Vec<(String, bool)>,
    /// `_sort_has_trailing_space`, unset (true) without a `sort:` prefix.
    sort_trailing_space: Option<bool>,
    /// The format with `0.` before each field.
    fmt: String,
    /// The format as given, less its `sort:` prefix.
    fmt_orig: String,
    /// `fmt` parsed once, where it can be (each item is formatted with it).
    compiled: Option<Arc<Compiled>>,
    epoch: LocalTime,
    /// `empty_outputs()`, made once rather than for every item.
    empty: Arc<[String]>,
}

impl OutputFormat {
    /// Parses `fmt`. `headings` maps each valid field to its column
    /// heading; a field not among them is an error ("Unknown format field:
    /// x"), and so is a sort key ("Invalid sort key: x").
    pub fn new(fmt: &str, headings: &[(&str, &str)]) -> Result<OutputFormat, FormatError> {
        let map = headings
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect();
        OutputFormat::build(fmt, Arc::new(map), local_epoch())
    }

    fn build(
        fmt: &str,
        headings: Arc<HashMap<String, String>>,
        epoch: LocalTime,
    ) -> Result<OutputFormat, FormatError> {
        let mut format_list: Vec<Entry> = parse_all(fmt)?
            .into_iter()
            .map(|piece| Entry {
                text: piece.literal.to_string(),
                field: piece.field.map_or("", |f| f.name).to_string(),
                spec: piece.field.map_or("", |f| f.spec).to_string(),
                conv: piece
                    .field
                    .and_then(|f| f.conversion)
                    .map(String::from)
                    .unwrap_or_default(),
            })
            .collect();
        let mut out = OutputFormat {
            headings,
            format_list: Vec::new(),
            sort_keys: Vec::new(),
            sort_trailing_space: None,
            fmt: String::new(),
            fmt_orig: fmt.to_string(),
            compiled: None,
            epoch,
            empty: empty_outputs(&epoch).into(),
        };
        if let Some(first) = format_list.first_mut() {
            if first.text.starts_with("sort:") {
                let (fmt, rest) = out.strip_sort_prefix(&first.text, fmt)?;
                out.fmt_orig = fmt;
                first.text = rest;
            }
        }
        for entry in format_list.iter().filter(|e| !e.field.is_empty()) {
            let field = entry.field.strip_prefix("0.").unwrap_or(&entry.field);
            if !field.is_empty() && !out.headings.contains_key(field) {
                return Err(FormatError::value(format!("Unknown format field: {field}")));
            }
        }
        out.format_list = format_list;
        out.fmt = out.format_prepended("0.", &[], false, false);
        out.compiled = Compiled::new(&out.fmt).map(Arc::new);
        Ok(out)
    }

    /// `_parse_and_strip_sort_prefix()`: the keys of `sort:KEY,...` (up to
    /// whitespace or `{`); returns the format and first text without them.
    fn strip_sort_prefix(
        &mut self,
        sort_spec: &str,
        fmt: &str,
    ) -> Result<(String, String), FormatError> {
        let keys: String = sort_spec["sort:".len()..]
            .chars()
            .take_while(|&c| c != '{' && !is_space(c))
            .collect();
        if keys.is_empty() {
            // The reference's regex fails and it then reads an unset local.
            return Err(FormatError::unbound_local(
                "cannot access local variable 'rest' where it is not associated with a value",
            ));
        }
        self.set_sort_keys(&keys)?;
        let prefix_len = "sort:".len() + len(&keys);
        let mut rest: String = sort_spec.chars().skip(prefix_len).collect();
        let mut fmt: String = fmt.chars().skip(prefix_len).collect();
        let trailing = fmt.starts_with(' ');
        if trailing {
            fmt.remove(0);
            rest = rest.chars().skip(1).collect();
        }
        self.sort_trailing_space = Some(trailing);
        Ok((fmt, rest))
    }

    /// `set_sort_keys()`: comma-separated keys, `-` to reverse one.
    pub fn set_sort_keys(&mut self, keys: &str) -> Result<(), FormatError> {
        self.sort_keys.clear();
        for key in keys.split(',') {
            let key = pytext::strip(key);
            if key.is_empty() {
                continue;
            }
            let (key, reverse) = match key.strip_prefix('-') {
                Some(key) => (key, true),
                None => (key, false),
            };
            if !self.headings.contains_key(key) {
                return Err(FormatError::value(format!("Invalid sort key: {key}")));
            }
            self.sort_keys.push((key.to_string(), reverse));
        }
        Ok(())
    }

    /// `_sort_prefix()`.
    fn sort_prefix(&self) -> String {
        if self.sort_keys.is_empty() {
            return String::new();
        }
        let keys: Vec<String> = self
            .sort_keys
            .iter()
            .map(|(key, reverse)| {
                if *reverse {
                    format!("-{key}")
                } else {
                    key.clone()
                }
            })
            .collect();
        let space = if self.sort_trailing_space.unwrap_or(true) {
            " "
        } else {
            ""
        };
        format!("sort:{}{space}", keys.join(","))
    }

    /// `get_format_prepended()`.
    fn format_prepended(
        &self,
        prepend: &str,
        except: &[&str],
        sort_prefix: bool,
        nullify: bool,
    ) -> String {
        let mut out = if sort_prefix {
            self.sort_prefix()
        } else {
            String::new()
        };
        for e in &self.format_list {
            if except.contains(&e.field.as_str()) {
                // Keep the text before a dropped field unless it is blank
                // or only a sentinel.
                let kept = pytext::strip(&e.text);
                if !kept.is_empty() && !SENTINELS.contains(&kept) {
                    out.push_str(&e.text);
                }
                continue;
            }
            let field = if !e.field.is_empty() && !e.field.starts_with(prepend) {
                format!("{prepend}{}", e.field)
            } else {
                e.field.clone()
            };
            let (text, spec) = if nullify && e.text.ends_with("+:") {
                ("", "")
            } else {
                (e.text.as_str(), e.spec.as_str())
            };
            out.push_str(&fmt_tuple(text, &field, spec, &e.conv));
        }
        out
    }

    /// The fields the format names, then its sort keys, each once.
    pub fn fields(&self) -> Vec<String> {
        let mut fields: Vec<String> = Vec::new();
        let named = self
            .format_list
            .iter()
            .map(|e| &e.field)
            .filter(|f| !f.is_empty());
        for field in named.chain(self.sort_keys.iter().map(|(key, _)| key)) {
            if !fields.contains(field) {
                fields.push(field.clone());
            }
        }
        fields
    }

    /// `copy()`: the format without the fields in `except_fields` (and
    /// the blank text or sentinel before each), and with each `+:` field
    /// reduced to a bare `{field}` if `nullify_expansion`.
    pub fn copy_except(
        &self,
        except_fields: &[&str],
        nullify_expansion: bool,
    ) -> Result<OutputFormat, FormatError> {
        let fmt = self.format_prepended("", except_fields, true, nullify_expansion);
        OutputFormat::build(&fmt, self.headings.clone(), self.epoch)
    }

    /// One item formatted with the format (its `?:`, `+:` prefixes left as
    /// text: `print_items` is what acts on them).
    pub fn format(&self, item: &dyn FormatItem) -> Result<String, FormatError> {
        let formatter = Formatter::new(Args::Item(item), self.epoch, &self.empty);
        let formatted = match &self.compiled {
            Some(compiled) => formatter.format_compiled(compiled),
            None => formatter.format(&self.fmt),
        };
        formatted.map_err(|e| {
            if e.is_key() {
                let key = pytext::repr(e.raw_message(), false);
                let class = item.type_name();
                FormatError::key(format!("Invalid format field {key} for <class '{class}'>"))
            } else {
                e
            }
        })
    }

    /// `header_format()`: each spec reduced to its alignment and width.
    fn header_format(&self) -> String {
        let mut out = String::new();
        for e in &self.format_list {
            let spec = FluxSpec::parse(&e.spec);
            let width = spec.width().unwrap_or_default();
            out.push_str(&fmt_tuple(
                &e.text,
                &e.field,
                &format!("{}{width}", spec.align),
                "",
            ));
        }
        out
    }

    /// The header line: each field's heading, aligned as the field.
    pub fn header(&self) -> Result<String, FormatError> {
        Formatter::new(Args::Headings(&self.headings), self.epoch, &self.empty)
            .format(&self.header_format())
    }
}

/// flux's `OutputFormat.FormatSpec`: a spec cut into its parts by a
/// regular expression (everything empty when it does not match), so that
/// a width can be replaced. Numbers stay text, as the reference keeps them.
#[derive(Debug, Clone, Default)]
struct FluxSpec {
    fill: String,
    align: String,
    sign: String,
    pos_zero: String,
    alt: String,
    zero_pad: String,
    width_str: String,
    grouping: String,
    decimal: String,
    precision_str: String,
    ty: String,
    hyphen: String,
    truncate: String,
}

impl FluxSpec {
    /// Matches `(?:(fill)?(align))?(sign)?(z)?(#)?(0)?(\d+)?([_,])?(?:(\.)(\d+))?(type)?(h)?(\+)?`
    /// against the spec (after a `::`). Taking each part greedily gives the
    /// regex's match: no part can start with a character of the next.
    fn parse(spec: &str) -> FluxSpec {
        let spec = spec.find("::").map_or(spec, |i| &spec[i + 2..]);
        let c: Vec<char> = spec.chars().collect();
        let mut s = FluxSpec::default();
        let mut i = 0;
        let is_align = |c: Option<&char>| matches!(c, Some('<' | '>' | '=' | '^'));
        if is_align(c.get(1)) {
            (s.fill, s.align, i) = (c[0].to_string(), c[1].to_string(), 2);
        } else if is_align(c.first()) {
            (s.align, i) = (c[0].to_string(), 1);
        }
        let take = |i: &mut usize, ok: &dyn Fn(char) -> bool| -> String {
            match c.get(*i) {
                Some(&ch) if ok(ch) => {
                    *i += 1;
                    ch.to_string()
                }
                _ => String::new(),
            }
        };
        s.sign = take(&mut i, &|ch| matches!(ch, '-' | ' ' | '+'));
        s.pos_zero = take(&mut i, &|ch| ch == 'z');
        s.alt = take(&mut i, &|ch| ch == '#');
        s.zero_pad = take(&mut i, &|ch| ch == '0');
        let digits = |i: &mut usize| -> String {
            let start = *i;
            while c.get(*i).is_some_and(|&ch| decimal(ch).is_some()) {
                *i += 1;
            }
            c[start..*i].iter().collect()
        };
        s.width_str = digits(&mut i);
        s.grouping = take(&mut i, &|ch| ch == '_' || ch == ',');
        if c.get(i) == Some(&'.') && c.get(i + 1).is_some_and(|&ch| decimal(ch).is_some()) {
            i += 1;
            s.decimal = ".".to_string();
            s.precision_str = digits(&mut i);
        }
        s.ty = take(&mut i, &|ch| "bcdeEfFgGnosxX%".contains(ch));
        s.hyphen = take(&mut i, &|ch| ch == 'h');
        s.truncate = take(&mut i, &|ch| ch == '+');
        if i == c.len() {
            s
        } else {
            FluxSpec::default()
        }
    }

    /// `int(width_str)`, or `None` for "".
    fn width(&self) -> Option<String> {
        (!self.width_str.is_empty()).then(|| int_text(&self.width_str))
    }

    /// The `width` setter: also raises a smaller precision of a string to
    /// the width.
    fn set_width(&mut self, width: &str) {
        self.width_str = width.to_string();
        let precision = int_text(&self.precision_str);
        let string = self.ty.is_empty() || self.ty == "s";
        if string
            && !self.precision_str.is_empty()
            && precision != "0"
            && cmp_int_text(&precision, width) == Ordering::Less
        {
            self.precision_str = width.to_string();
        }
    }

    fn to_spec(&self) -> String {
        [
            &self.fill,
            &self.align,
            &self.sign,
            &self.pos_zero,
            &self.alt,
            &self.zero_pad,
            &self.width_str,
            &self.grouping,
            &self.decimal,
            &self.precision_str,
            &self.ty,
            &self.hyphen,
            &self.truncate,
        ]
        .iter()
        .map(|s| s.as_str())
        .collect()
    }
}

/// What `filter()` learns about one field with a sentinel.
struct Sentinel {
    index: usize,
    fmt: String,
    filter: bool,
    expand: bool,
    maxwidth: String,
    width: usize,
    spec: FluxSpec,
}

/// `DisplayValue`: the sort order of a field's value: unset ("", "-"),
/// then numbers (and numeric text), then other text.
#[derive(Debug, Clone, PartialEq)]
enum SortValue {
    Empty,
    Number(f64),
    Text(String),
}

impl SortValue {
    /// The value's place; an `IDset` refuses to be compared with `""`
    /// (its `__eq__` raises a `TypeError` without a message).
    fn of(value: FieldValue) -> Result<SortValue, FormatError> {
        Ok(match value {
            FieldValue::Str(s) if s.is_empty() || s == "-" => SortValue::Empty,
            FieldValue::Int(i) => SortValue::Number(i as f64),
            FieldValue::Float(x) => SortValue::Number(x),
            FieldValue::IdSet(_) => return Err(FormatError::type_error("")),
            FieldValue::None => SortValue::Empty,
            FieldValue::Bool(b) => SortValue::Number(f64::from(u8::from(b))),
            FieldValue::Object(o) if o.int.is_some() => {
                SortValue::Number(o.int.unwrap_or_default() as f64)
            }
            FieldValue::Empty => SortValue::Text(String::new()),
            FieldValue::Object(o) => match pytext::parse_float(&o.text) {
                Some(x) => SortValue::Number(x),
                None => SortValue::Text(o.text.clone()),
            },
            // An AltField or a Hostlist is never equal to "" or "-": only
            // its text counts.
            FieldValue::Str(s) | FieldValue::Alt { default: s, .. } | FieldValue::Hostlist(s) => {
                match pytext::parse_float(&s) {
                    Some(x) => SortValue::Number(x),
                    None => SortValue::Text(s),
                }
            }
        })
    }

    /// A total order: NaN, which Python's sort leaves wherever the
    /// comparisons put it, goes after every other number here.
    fn cmp(&self, other: &SortValue) -> Ordering {
        use SortValue::*;
        let rank = |v: &SortValue| match v {
            Empty => 0,
            Number(_) => 1,
            Text(_) => 2,
        };
        match (self, other) {
            (Number(a), Number(b)) => match (a.is_nan(), b.is_nan()) {
                (false, false) => a.partial_cmp(b).unwrap_or(Ordering::Equal),
                (a, b) => a.cmp(&b),
            },
            (Text(a), Text(b)) => a.cmp(b),
            _ => rank(self).cmp(&rank(other)),
        }
    }
}

impl OutputFormat {
    /// `filter()`: the format with `?:` fields that are empty for every
    /// item removed and `+:` fields widened to their widest value (or
    /// heading), the sentinels removed.
    pub fn filter<T: FormatItem>(
        &self,
        items: &[T],
        no_header: bool,
    ) -> Result<String, FormatError> {
        let mut found = Vec::new();
        for (index, e) in self.format_list.iter().enumerate() {
            let Some(end) = SENTINELS.iter().find(|s| e.text.ends_with(**s)) else {
                continue;
            };
            let spec = FluxSpec::parse(&e.spec);
            let (filter, expand) = match *end {
                "?:" => (true, false),
                "+:" => (false, true),
                _ => (true, true),
            };
            let mut maxwidth = spec.width().unwrap_or_else(|| "0".to_string());
            if expand {
                let heading = if no_header {
                    0
                } else {
                    self.headings.get(&e.field).map_or(0, |h| len(h))
                };
                maxwidth = max_text(maxwidth, heading);
            }
            let fmt = fmt_tuple("", &format!("0.{}", e.field), "", &e.conv);
            found.push(Sentinel {
                index,
                fmt,
                filter,
                expand,
                maxwidth,
                width: 0,
                spec,
            });
        }
        if found.is_empty() {
            return Ok(format!("{}{}", self.sort_prefix(), self.fmt_orig));
        }
        let empty = &self.empty;
        for item in items {
            let formatter = Formatter::new(Args::Item(item), self.epoch, &self.empty);
            for s in &mut found {
                let result = formatter.format(&s.fmt)?;
                let width = if empty.contains(&result) {
                    0
                } else {
                    len(&result)
                };
                s.maxwidth = max_text(std::mem::take(&mut s.maxwidth), width);
                s.width = s.width.max(width);
            }
        }
        let mut list = self.format_list.clone();
        let mut removed = Vec::new();
        for s in &mut found {
            if s.width == 0 && s.filter {
                removed.push(s.index);
            } else if s.expand {
                s.spec.set_width(&s.maxwidth);
                list[s.index].spec = s.spec.to_spec();
            }
        }
        let mut out = self.sort_prefix();
        for (i, e) in list.iter_mut().enumerate() {
            if removed.contains(&i) {
                continue;
            }
            for s in SENTINELS {
                e.text = e.text.replace(s, "");
            }
            out.push_str(&fmt_tuple(&e.text, &e.field, &e.spec, &e.conv));
        }
        Ok(out)
    }

    /// `sort_items()`: a stable sort by each key, the last key first.
    fn sort_items<T: FormatItem>(&self, items: &mut Vec<T>) -> Result<(), FormatError> {
        for (key, reverse) in self.sort_keys.iter().rev() {
            let mut keyed = Vec::with_capacity(items.len());
            for item in items.iter() {
                keyed.push(SortValue::of(attr_path(item, key)?)?);
            }
            let mut order: Vec<usize> = (0..items.len()).collect();
            order.sort_by(|&a, &b| {
                let ord = keyed[a].cmp(&keyed[b]);
                if *reverse {
                    ord.reverse()
                } else {
                    ord
                }
            });
            let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
            items.extend(order.into_iter().filter_map(|i| slots[i].take()));
        }
        Ok(())
    }

    /// `print_items()`: filters the format for these items, sorts them by
    /// the `sort:` keys, and returns the header (unless `no_header`) and
    /// a line per item, each line ending in a newline; lines that are empty
    /// or blank are left out. On an error, the error's `partial_output`
    /// holds what flux would have printed before it.
    pub fn print_items<T: FormatItem>(
        &self,
        items: &mut Vec<T>,
        no_header: bool,
    ) -> Result<String, FormatError> {
        self.print_items_framed(items, no_header, None, |_| Ok(None))
    }

    /// `print_items(items, no_header, width, pre, post)`: as
    /// [`OutputFormat::print_items`], with the header and each line longer
    /// than `width` code points cut to `width - 1` and a `+`, and each
    /// printed line framed by `frame(item)`: text before the line and text
    /// after its newline (how `flux jobs --color` writes its codes); an
    /// error of `frame` ends the printing there, as the reference's `pre`
    /// raising does.
    pub fn print_items_framed<T: FormatItem>(
        &self,
        items: &mut Vec<T>,
        no_header: bool,
        width: Option<usize>,
        frame: impl Fn(&T) -> Result<Option<(&'static str, &'static str)>, FormatError>,
    ) -> Result<String, FormatError> {
        let newfmt = self.filter(items, no_header)?;
        let formatter = OutputFormat::build(&newfmt, self.headings.clone(), self.epoch)?;
        self.sort_items(items)?;
        let mut out = String::new();
        if !no_header {
            out.push_str(&cut_to_width(formatter.header()?, width));
            out.push('\n');
        }
        for item in items.iter() {
            let line = match formatter.format(item) {
                Ok(line) => line,
                Err(e) => return Err(e.with_printed(out)),
            };
            if line.is_empty() || is_all_space(&line) {
                continue;
            }
            let framed = match frame(item) {
                Ok(framed) => framed,
                Err(e) => return Err(e.with_printed(out)),
            };
            out.push_str(framed.map_or("", |f| f.0));
            out.push_str(&cut_to_width(line, width));
            out.push('\n');
            out.push_str(framed.map_or("", |f| f.1));
        }
        Ok(out)
    }

    /// The same kind of format for `fmt`: `cls(fmt, headings=self.headings)`.
    pub fn reparse(&self, fmt: &str) -> Result<OutputFormat, FormatError> {
        OutputFormat::build(fmt, self.headings.clone(), self.epoch)
    }
}

/// A line longer than `width` code points cut to `width - 1` and a `+`,
/// as `print_items` and `header` cut them.
pub fn cut_to_width(line: String, width: Option<usize>) -> String {
    match width {
        Some(w) if w > 0 && len(&line) > w => {
            let mut cut: String = line.chars().take(w - 1).collect();
            cut.push('+');
            cut
        }
        _ => line,
    }
}

/// The larger of a width kept as text and a measured one.
fn max_text(text: String, n: usize) -> String {
    let n = n.to_string();
    if cmp_int_text(&text, &n) == Ordering::Less {
        n
    } else {
        text
    }
}

/// `attrgetter("a.b")(item)`.
fn attr_path(item: &dyn FormatItem, path: &str) -> Result<FieldValue, FormatError> {
    let mut obj = Obj::Item(item);
    for part in path.split('.') {
        obj = step(obj, Access::Attr(part))?;
    }
    match obj {
        Obj::Value(value) => Ok(value),
        _ => Err(FormatError::attribute(format!(
            "'{}' object has no attribute ''",
            item.type_name()
        ))),
    }
}

/// flux's `Deduplicator`: items whose lines match once some fields (node
/// counts, lists) are left out are one line.
#[derive(Debug, Clone)]
pub struct Deduplicator {
    format: OutputFormat,
}

impl Deduplicator {
    /// The key format: `format` without `except_fields`, `+:` fields bare.
    pub fn new(format: &OutputFormat, except_fields: &[&str]) -> Result<Deduplicator, FormatError> {
        Ok(Deduplicator {
            format: format.copy_except(except_fields, true)?,
        })
    }

    /// The key of one item: items with equal keys are merged.
    pub fn key(&self, item: &dyn FormatItem) -> Result<String, FormatError> {
        self.format.format(item)
    }

    /// `append()` of every item: the first item of each key is kept, in
    /// first-seen order, and each later one is passed to `combine` with it.
    pub fn merge<T: FormatItem>(
        &self,
        items: impl IntoIterator<Item = T>,
        mut combine: impl FnMut(&mut T, T),
    ) -> Result<Vec<T>, FormatError> {
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut out: Vec<T> = Vec::new();
        for item in items {
            let key = self.key(&item)?;
            match index.get(&key) {
                Some(&i) => combine(&mut out[i], item),
                None => {
                    index.insert(key, out.len());
                    out.push(item);
                }
            }
        }
        Ok(out)
    }
}
