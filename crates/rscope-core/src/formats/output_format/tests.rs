//! Tests of the output format language. Every expected string was printed
//! by CPython 3.11 running flux-core's own classes (util.py's OutputFormat,
//! UtilFormatter, AltField, UtilConfig) with TZ=EST5EDT,M3.2.0,M11.1.0 on
//! glibc 2.36: the `*_as_python` tables were generated that way.

use super::*;

/// Every test that touches dates runs in the same zone: a POSIX rule, so
/// no zone file is needed. Set once, before any date is computed.
fn set_tz() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_var("TZ", "EST5EDT,M3.2.0,M11.1.0"));
}

fn s(text: &str) -> FieldValue {
    FieldValue::Str(text.to_string())
}

fn alt(default: &str, ascii: &str) -> FieldValue {
    FieldValue::Alt {
        default: default.to_string(),
        ascii: ascii.to_string(),
    }
}

/// An item with one field, `x`.
struct X(FieldValue);

impl FormatItem for X {
    fn field(&self, name: &str) -> Option<FieldValue> {
        (name == "x").then(|| self.0.clone())
    }

    fn type_name(&self) -> &str {
        "Item"
    }
}

fn format_x(fmt: &str, value: FieldValue) -> Result<String, FormatError> {
    OutputFormat::new(fmt, &[("x", "X")])?.format(&X(value))
}

#[track_caller]
fn ok(fmt: &str, value: FieldValue, want: &str) {
    assert_eq!(format_x(fmt, value).as_deref(), Ok(want), "format {fmt:?}");
}

#[track_caller]
fn err(fmt: &str, value: FieldValue, want: &str) {
    match format_x(fmt, value) {
        Ok(got) => panic!("format {fmt:?}: got {got:?}, want the error {want:?}"),
        Err(e) => assert_eq!(e.to_string(), want, "format {fmt:?}"),
    }
}

/// A line of `flux resource status`, as flux-resource.py's
/// ResourceStatusLine has it.
#[derive(Debug, Clone)]
struct Line {
    state: &'static str,
    online: bool,
    ranks: &'static str,
    nodelist: &'static str,
    nnodes: i64,
    reason: &'static str,
    timestamp: FieldValue,
}

impl FormatItem for Line {
    fn field(&self, name: &str) -> Option<FieldValue> {
        let star = if self.online { "" } else { "*" };
        Some(match name {
            "state" => s(&format!("{}{star}", self.state)),
            "statex" => s(self.state),
            "ranks" => s(self.ranks),
            "nodelist" => s(self.nodelist),
            "nnodes" => FieldValue::Int(self.nnodes),
            "reason" => s(self.reason),
            "timestamp" => self.timestamp.clone(),
            "status" => s(if self.online { "online" } else { "offline" }),
            "up" if self.online => alt("✔", "y"),
            "up" => alt("✗", "n"),
            "color_up" => s(if self.online {
                "\u{1b}[01;32m"
            } else {
                "\u{1b}[01;31m"
            }),
            "color_off" => s("\u{1b}[0;0m"),
            _ => return None,
        })
    }

    fn type_name(&self) -> &str {
        "L"
    }
}

const HEADINGS: &[(&str, &str)] = &[
    ("state", "STATE"),
    ("statex", "STATE"),
    ("nnodes", "NNODES"),
    ("ranks", "RANKS"),
    ("nodelist", "NODELIST"),
    ("reason", "REASON"),
    ("timestamp", "TIME"),
    ("status", "STATUS"),
    ("up", "UP"),
    ("up.ascii", "UP"),
    ("color_up", ""),
    ("color_off", ""),
];

fn line(
    state: &'static str,
    online: bool,
    ranks: &'static str,
    nodelist: &'static str,
    nnodes: i64,
) -> Line {
    Line {
        state,
        online,
        ranks,
        nodelist,
        nnodes,
        reason: "",
        timestamp: s(""),
    }
}

fn lines() -> Vec<Line> {
    vec![
        line("avail", true, "0-3", "node[0-3]", 4),
        line("avail", false, "4", "node4", 1),
        Line {
            reason: "bad disk",
            timestamp: FieldValue::Float(1607540400.0),
            ..line("drained", true, "5", "node5", 1)
        },
        Line {
            reason: "reboot requested by admin after update",
            timestamp: FieldValue::Float(1607540460.5),
            ..line("draining", true, "6", "node6", 1)
        },
        line("exclude", true, "", "", 0),
    ]
}

/// `print_items` of `lines()`, the color fields removed as
/// `flux resource status` does without a terminal unless `color`.
fn print(
    fmt: &str,
    no_header: bool,
    color: bool,
    mut items: Vec<Line>,
) -> Result<String, FormatError> {
    let mut format = OutputFormat::new(fmt, HEADINGS)?;
    if !color {
        format = format.copy_except(&["color_up", "color_off"], false)?;
    }
    format.print_items(&mut items, no_header)
}

const STATUS_DEFAULT: &str = "{state:>12} {color_up}{up:>2}{color_off} {nnodes:>6} {nodelist}";
const STATUS_LONG: &str =
    "{state:>12} {color_up}{up:>2}{color_off} {nnodes:>6} +:{reason:<30.30} {nodelist}";
const DRAIN_DEFAULT: &str = "{timestamp!d:%b%d %R::<12} {state:<8.8} {reason:<30.30+} {nodelist}";
const DRAIN_LONG: &str =
    "{timestamp!d:%b%d %R::<12} {state:<8.8} {ranks:<8.8+} +:{reason:<30.30} {nodelist}";

#[test]
fn status_default_without_color() {
    set_tz();
    let want = "       STATEUP NNODES NODELIST\n       avail ✔      4 node[0-3]\n      avail* ✗      1 node4\n     drained ✔      1 node5\n    draining ✔      1 node6\n     exclude ✔      0 \n";
    assert_eq!(
        print(STATUS_DEFAULT, false, false, lines()).as_deref(),
        Ok(want)
    );
}

#[test]
fn status_default_with_color() {
    set_tz();
    let want = "       STATE UP NNODES NODELIST\n       avail \u{1b}[01;32m ✔\u{1b}[0;0m      4 node[0-3]\n      avail* \u{1b}[01;31m ✗\u{1b}[0;0m      1 node4\n     drained \u{1b}[01;32m ✔\u{1b}[0;0m      1 node5\n    draining \u{1b}[01;32m ✔\u{1b}[0;0m      1 node6\n     exclude \u{1b}[01;32m ✔\u{1b}[0;0m      0 \n";
    assert_eq!(
        print(STATUS_DEFAULT, false, true, lines()).as_deref(),
        Ok(want)
    );
}

#[test]
fn status_long_widens_the_reason() {
    set_tz();
    let want = "       STATEUP NNODES REASON                                 NODELIST\n       avail ✔      4                                        node[0-3]\n      avail* ✗      1                                        node4\n     drained ✔      1 bad disk                               node5\n    draining ✔      1 reboot requested by admin after update node6\n     exclude ✔      0                                        \n";
    assert_eq!(
        print(STATUS_LONG, false, false, lines()).as_deref(),
        Ok(want)
    );
}

#[test]
fn drain_formats_print_local_dates() {
    set_tz();
    let want = "TIME         STATE    REASON                         NODELIST\n             avail                                   node[0-3]\n             avail*                                  node4\nDec09 14:00  drained  bad disk                       node5\nDec09 14:01  draining reboot requested by admin aft+ node6\n             exclude                                 \n";
    assert_eq!(
        print(DRAIN_DEFAULT, false, false, lines()).as_deref(),
        Ok(want)
    );
    let want = "TIME         STATE    RANKS    REASON                                 NODELIST\n             avail    0-3                                             node[0-3]\n             avail*   4                                               node4\nDec09 14:00  drained  5        bad disk                               node5\nDec09 14:01  draining 6        reboot requested by admin after update node6\n             exclude                                                  \n";
    assert_eq!(
        print(DRAIN_LONG, false, false, lines()).as_deref(),
        Ok(want)
    );
}

#[test]
fn sort_prefix_and_empty_filter() {
    set_tz();
    let want = "STATE REASON UP NNODES\navail  y 4\navail*  n 1\ndrained bad disk y 1\ndraining reboot requested by admin after update y 1\nexclude  y 0\n";
    let fmt = "sort:-nnodes,state {state} ?:{reason} {up.ascii} {nnodes}";
    assert_eq!(print(fmt, false, false, lines()).as_deref(), Ok(want));
    let want = "avail  0-3 node[0-3]\navail*    4     node4\ndrained bad disk   5     node5\ndraining reboot requested by admin after update   6     node6\nexclude               \n";
    let fmt = "{state} ?:{reason} ?+:{ranks:>2} +:{nodelist:>1}";
    assert_eq!(print(fmt, true, false, lines()).as_deref(), Ok(want));
}

#[test]
fn no_items_keep_the_header() {
    set_tz();
    assert_eq!(
        print("{state} ?:{reason}", false, false, vec![]).as_deref(),
        Ok("STATE\n")
    );
    assert_eq!(
        print("+:{reason:<5.3}|", false, false, vec![]).as_deref(),
        Ok("REASON|\n")
    );
}

#[test]
fn blank_lines_are_not_printed() {
    set_tz();
    assert_eq!(print("{color_up}", true, false, lines()).as_deref(), Ok(""));
    assert_eq!(
        print("{reason:>3}", true, false, lines()).as_deref(),
        Ok("bad disk\nreboot requested by admin after update\n")
    );
}

#[test]
fn copies_and_deduplication_keys() {
    set_tz();
    let format = OutputFormat::new(STATUS_LONG, HEADINGS).unwrap();
    let dedup = Deduplicator::new(&format, &["nodelist", "ranks", "nnodes"]).unwrap();
    let keys: Vec<String> = lines().iter().map(|l| dedup.key(l).unwrap()).collect();
    assert_eq!(
        keys,
        [
            "       avail \u{1b}[01;32m ✔\u{1b}[0;0m",
            "      avail* \u{1b}[01;31m ✗\u{1b}[0;0m",
            "     drained \u{1b}[01;32m ✔\u{1b}[0;0mbad disk",
            "    draining \u{1b}[01;32m ✔\u{1b}[0;0mreboot requested by admin after update",
            "     exclude \u{1b}[01;32m ✔\u{1b}[0;0m",
        ]
    );
    let mut twice = lines();
    twice.extend(lines());
    let merged = dedup
        .merge(twice, |kept, new| kept.nnodes += new.nnodes)
        .unwrap();
    let counts: Vec<i64> = merged.iter().map(|l| l.nnodes).collect();
    assert_eq!(counts, [8, 2, 2, 2, 0]);
}

#[test]
fn fields_header_and_one_line() {
    set_tz();
    let mut fields = OutputFormat::new("sort:-nnodes {state} {up.ascii} {state}", HEADINGS)
        .unwrap()
        .fields();
    fields.sort();
    assert_eq!(fields, ["nnodes", "state", "up.ascii"]);
    let format = OutputFormat::new(
        "{state:*>12} {nnodes:06} {reason:<5.5+} {timestamp!d:%H::>9}|{up.ascii:^6}",
        HEADINGS,
    )
    .unwrap();
    assert_eq!(
        format.header().as_deref(),
        Ok("       STATE NNODES REASON      TIME|  UP  ")
    );
    assert_eq!(
        format.format(&lines()[2]).as_deref(),
        Ok("*****drained 000001 bad +        14|  y   ")
    );
}

#[test]
fn escaped_braces_are_not_escaped_again() {
    set_tz();
    // OutputFormat rebuilds its format from parsed text without escaping
    // it again, so `{{` and `}}` end up read twice.
    let format = OutputFormat::new("{{{state}}}", HEADINGS).unwrap();
    assert_eq!(format.format(&lines()[0]).as_deref(), Ok("{0.state}"));
    let format = OutputFormat::new("a{{b {state}", HEADINGS).unwrap();
    let e = format.format(&lines()[0]).unwrap_err();
    assert_eq!(e.to_string(), "unexpected '{' in field name");
    assert_eq!(
        format.copy_except(&[], false).unwrap_err().to_string(),
        "unexpected '{' in field name"
    );
}

#[test]
fn format_errors_are_worded_as_flux_words_them() {
    set_tz();
    let new = |fmt: &str| {
        OutputFormat::new(fmt, HEADINGS)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    assert_eq!(
        new("{bogus}"),
        Err("Unknown format field: bogus".to_string())
    );
    assert_eq!(
        new("sort:x {state}"),
        Err("Invalid sort key: x".to_string())
    );
    assert_eq!(
        new("sort:state,,-x {state}"),
        Err("Invalid sort key: x".to_string())
    );
    assert_eq!(
        new("sort: {state}"),
        Err(
            "cannot access local variable 'rest' where it is not associated with a value"
                .to_string()
        )
    );
    assert_eq!(
        new("{state"),
        Err("expected '}' before end of string".to_string())
    );
    assert_eq!(
        new("state}"),
        Err("Single '}' encountered in format string".to_string())
    );
    assert_eq!(
        new("{"),
        Err("Single '{' encountered in format string".to_string())
    );
    assert_eq!(
        new("{state!}"),
        Err("unmatched '{' in format spec".to_string())
    );
    assert_eq!(
        new("{state!rx}"),
        Err("expected ':' after conversion specifier".to_string())
    );
    let header = OutputFormat::new("{0.state}", HEADINGS)
        .unwrap()
        .header()
        .unwrap_err();
    assert_eq!(header.to_string(), "tuple index out of range");
    let nested = OutputFormat::new("{state:{nnodes}}", HEADINGS)
        .unwrap()
        .format(&lines()[0])
        .unwrap_err();
    assert_eq!(
        nested.to_string(),
        "\"Invalid format field 'nnodes' for <class 'L'>\""
    );
    assert_eq!(nested.python_exception(), "KeyError");
    let fine = OutputFormat::new("{state:>{0.nnodes}}|", HEADINGS).unwrap();
    assert_eq!(fine.format(&lines()[1]).as_deref(), Ok("avail*|"));
    assert_eq!(fine.format(&lines()[0]).as_deref(), Ok("avail|"));
}

#[test]
fn huge_widths_are_refused_not_allocated() {
    set_tz();
    err(
        "{x:99999}",
        s("a"),
        "format spec '99999': width 99999 is over the limit of 10000",
    );
    err(
        "{x:.20000f}",
        FieldValue::Float(1.0),
        "format spec '.20000f': precision 20000 is over the limit of 10000",
    );
    ok("{x:10000}", s(""), &" ".repeat(10000));
    // Python gives up on a strftime result over 256 times the format's
    // length, and so is it here: nothing is allocated for it.
    ok("{x!d:%999999999Y}", FieldValue::Int(0), "");
    ok("{x!d:%999999999Y}", FieldValue::Int(1), "");
}

#[test]
fn partial_output_is_kept_with_the_error() {
    set_tz();
    let mut items = lines();
    items[1].timestamp = s("soon");
    let e = OutputFormat::new("{state} {timestamp!D}", HEADINGS)
        .unwrap()
        .print_items(&mut items, false)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "'str' object cannot be interpreted as an integer"
    );
    assert_eq!(e.partial_output(), "STATE TIME\navail \n");
}

const STATUS_FORMATS: &[NamedFormat] = &[
    NamedFormat {
        name: "default",
        description: "Default flux-resource status format string",
        format: STATUS_DEFAULT,
    },
    NamedFormat {
        name: "long",
        description: "Long flux-resource status format string",
        format: STATUS_LONG,
    },
];

#[test]
fn choose_format_as_util_config() {
    let choose = |name: &str, env: Option<&str>| {
        choose_format(name, STATUS_FORMATS, "flux-resource", "status", env)
            .map_err(|e| e.to_string())
    };
    let help = "\nConfigured flux-resource output formats:\n\n  default      Default flux-resource status format string\n  long         Long flux-resource status format string\n";
    assert_eq!(choose("help", None), Ok(Chosen::Print(help.to_string())));
    let config = "[status.formats.long]\ndescription = \"Long flux-resource status format string\"\nformat = \"{state:>12} {color_up}{up:>2}{color_off} {nnodes:>6} +:{reason:<30.30} {nodelist}\"\n";
    assert_eq!(
        choose("get-config=long", None),
        Ok(Chosen::Print(config.to_string()))
    );
    assert_eq!(
        choose("get-config=nope", None),
        Err("--format: No such format nope".to_string())
    );
    assert_eq!(
        choose("default", None),
        Ok(Chosen::Format(STATUS_DEFAULT.to_string()))
    );
    assert_eq!(
        choose("default", Some("long")),
        Ok(Chosen::Format(STATUS_LONG.to_string()))
    );
    assert_eq!(
        choose("default", Some("{state}")),
        Ok(Chosen::Format("{state}".to_string()))
    );
    assert_eq!(
        choose("default", Some("bogus")),
        Err("--format: No such format bogus (Did you mean '{bogus}'?)".to_string())
    );
    assert_eq!(choose("{x}", None), Ok(Chosen::Format("{x}".to_string())));
    assert_eq!(
        choose("no such-thing.x", None),
        Err(
            "--format: No such format no such-thing.x (Did you mean '{no} {such}-{thing}.{x}'?)"
                .to_string()
        )
    );
    assert_eq!(
        choose("", None),
        Err("--format: No such format  (Did you mean ''?)".to_string())
    );
    assert_eq!(
        choose("héllo wörld_2", None),
        Err(
            "--format: No such format héllo wörld_2 (Did you mean '{héllo} {wörld_2}'?)"
                .to_string()
        )
    );
}

#[test]
fn strings_as_python() {
    set_tz();
    ok("{x:>10.3}", s("abcdef"), "       abc");
    ok("{x:<8.8+}", s("0-1023,2048"), "0-1023,+");
    ok("{x:<8.8+}", s("0-7"), "0-7     ");
    ok("{x:^9}", s("avail"), "  avail  ");
    ok("{x:*^10}", s("mid"), "***mid****");
    ok("{x:05}", s("ab"), "ab000");
    ok("{x:.0}", s("abc"), "");
    ok("{x:>2}", s("✔"), " ✔");
    ok("{x:<3}|", s("✔"), "✔  |");
    ok("{x:.1}", s("✔✗"), "✔");
    ok(
        "{x:<30.30+}",
        s("a reason that is longer than thirty characters"),
        "a reason that is longer than +",
    );
    ok("{x:>12}", s("drained*"), "    drained*");
    ok("{x:h}", s(""), "-");
    ok("{x:>8h}", s("0s"), "       -");
    ok("{x:<5.5h+}", s("abcdefgh"), "abcd+");
    ok("{x}", s("héllo"), "héllo");
    ok("{x:s}", s("x"), "x");
    ok("{x:é>4}", s("a"), "éééa");
    ok("{x:<0.30}", s("abc"), "abc");
    ok("{x!r}", s("a'b"), "\"a'b\"");
    ok("{x!r}", s("q\"'"), "'q\"\\''");
    ok("{x!a}", s("héllo ✔"), "'h\\xe9llo \\u2714'");
    ok("{x!s:>4}", s("ab"), "  ab");
}

#[test]
fn string_spec_errors() {
    set_tz();
    err(
        "{x:d}",
        s("a"),
        "Unknown format code 'd' for object of type 'str'",
    );
    ok("{x:+}", s("a"), "a");
    err(
        "{x: }",
        s("a"),
        "Space not allowed in string format specifier",
    );
    err(
        "{x:#}",
        s("a"),
        "Alternate form (#) not allowed in string format specifier",
    );
    err(
        "{x:=5}",
        s("a"),
        "'=' alignment not allowed in string format specifier",
    );
    err("{x:,}", s("a"), "Cannot specify ',' with 's'.");
    err(
        "{x:z}",
        s("a"),
        "Negative zero coercion (z) not allowed in string format specifier",
    );
    err("{x:.}", s("a"), "Format specifier missing precision");
    err(
        "{x:ab}",
        s("a"),
        "Invalid format specifier 'ab' for object of type 'str'",
    );
    err(
        "{x:\u{1}}",
        s("a"),
        "Unknown format code '\\x1' for object of type 'str'",
    );
    err(
        "{x:99999999999999999999}",
        s("a"),
        "Too many decimal digits in format string",
    );
}

#[test]
fn ints_as_python() {
    set_tz();
    ok("{x:>6}", FieldValue::Int(16), "    16");
    ok("{x:<6}|", FieldValue::Int(16), "16    |");
    ok("{x:^7}", FieldValue::Int(3), "   3   ");
    ok("{x:06}", FieldValue::Int(-42), "-00042");
    ok("{x:010,}", FieldValue::Int(1234), "00,001,234");
    ok("{x:,}", FieldValue::Int(1234567), "1,234,567");
    ok("{x:_}", FieldValue::Int(1234567), "1_234_567");
    ok("{x:+}", FieldValue::Int(5), "5");
    ok("{x: }", FieldValue::Int(5), " 5");
    ok("{x:x}", FieldValue::Int(255), "ff");
    ok("{x:#X}", FieldValue::Int(255), "0XFF");
    ok("{x:#o}", FieldValue::Int(8), "0o10");
    ok("{x:_b}", FieldValue::Int(255), "1111_1111");
    ok("{x:#010x}", FieldValue::Int(255), "0x000000ff");
    ok("{x:=8}", FieldValue::Int(-5), "-      5");
    ok("{x:0=8}", FieldValue::Int(-5), "-0000005");
    ok("{x:c}", FieldValue::Int(65), "A");
    ok("{x:.2f}", FieldValue::Int(7), "7.00");
    ok("{x:.3g}", FieldValue::Int(123456), "1.23e+05");
    ok("{x:%}", FieldValue::Int(1), "100.000000%");
    ok("{x:e}", FieldValue::Int(1000), "1.000000e+03");
    ok("{x:n}", FieldValue::Int(1234567), "1234567");
    ok("{x:-^9,}", FieldValue::Int(-1234), "--1,234--");
    ok(
        "{x}",
        FieldValue::Int(-9223372036854775808),
        "-9223372036854775808",
    );
    ok("{x:h}", FieldValue::Int(0), "0");
    ok("{x:>6h}", FieldValue::Int(0), "     0");
    ok("{x:3+}", FieldValue::Int(12345), "12345");
}

#[test]
fn int_spec_errors() {
    set_tz();
    err(
        "{x:.2}",
        FieldValue::Int(5),
        "Precision not allowed in integer format specifier",
    );
    err(
        "{x:z}",
        FieldValue::Int(5),
        "Negative zero coercion (z) not allowed in integer format specifier",
    );
    err(
        "{x:+c}",
        FieldValue::Int(65),
        "Sign not allowed with integer format specifier 'c'",
    );
    err(
        "{x:#c}",
        FieldValue::Int(65),
        "Alternate form (#) not allowed with integer format specifier 'c'",
    );
    err(
        "{x:c}",
        FieldValue::Int(-1),
        "%c arg not in range(0x110000)",
    );
    err(
        "{x:s}",
        FieldValue::Int(5),
        "Unknown format code 's' for object of type 'int'",
    );
    err("{x:,x}", FieldValue::Int(5), "Cannot specify ',' with 'x'.");
    err(
        "{x:,_}",
        FieldValue::Int(5),
        "Cannot specify both ',' and '_'.",
    );
    err(
        "{x:_,}",
        FieldValue::Int(5),
        "Cannot specify both ',' and '_'.",
    );
    err("{x:,n}", FieldValue::Int(5), "Cannot specify ',' with 'n'.");
}

#[test]
fn floats_as_python() {
    set_tz();
    ok("{x}", FieldValue::Float(1607540400.0_f64), "1607540400.0");
    ok("{x}", FieldValue::Float(1607540400.25_f64), "1607540400.25");
    ok("{x}", FieldValue::Float(1e+16_f64), "1e+16");
    ok(
        "{x}",
        FieldValue::Float(1234567890123456.0_f64),
        "1234567890123456.0",
    );
    ok("{x}", FieldValue::Float(0.0001_f64), "0.0001");
    ok("{x}", FieldValue::Float(1e-05_f64), "1e-05");
    ok("{x}", FieldValue::Float(-0.0_f64), "-0.0");
    ok("{x}", FieldValue::Float(0.1_f64), "0.1");
    ok("{x}", FieldValue::Float(f64::INFINITY), "inf");
    ok("{x}", FieldValue::Float(f64::NEG_INFINITY), "-inf");
    ok("{x}", FieldValue::Float(f64::NAN), "nan");
    ok("{x:.2f}", FieldValue::Float(2.675_f64), "2.67");
    ok("{x:.2f}", FieldValue::Float(0.125_f64), "0.12");
    ok("{x:.0f}", FieldValue::Float(2.5_f64), "2");
    ok("{x:.3g}", FieldValue::Float(1234.5_f64), "1.23e+03");
    ok("{x:g}", FieldValue::Float(1e-05_f64), "1e-05");
    ok("{x:.3}", FieldValue::Float(100.0_f64), "1e+02");
    ok("{x:.3}", FieldValue::Float(1.0_f64), "1.0");
    ok("{x:e}", FieldValue::Float(12345.678_f64), "1.234568e+04");
    ok("{x:E}", FieldValue::Float(f64::INFINITY), "INF");
    ok("{x:%}", FieldValue::Float(0.5_f64), "50.000000%");
    ok("{x:.1%}", FieldValue::Float(0.1234_f64), "12.3%");
    ok("{x:>10.2f}", FieldValue::Float(1.23456_f64), "      1.23");
    ok("{x:010.3f}", FieldValue::Float(-1.23456_f64), "-00001.235");
    ok(
        "{x:,.2f}",
        FieldValue::Float(1234567.891_f64),
        "1,234,567.89",
    );
    ok(
        "{x:015,.2f}",
        FieldValue::Float(1234.5_f64),
        "0,000,001,234.50",
    );
    ok("{x:z.1f}", FieldValue::Float(-0.04_f64), "0.0");
    ok("{x:.1f}", FieldValue::Float(-0.04_f64), "-0.0");
    ok("{x:#.0f}", FieldValue::Float(3.0_f64), "3.");
    ok("{x:#g}", FieldValue::Float(3.0_f64), "3.00000");
    ok("{x:010}", FieldValue::Float(f64::INFINITY), "0000000inf");
    ok("{x:+.2e}", FieldValue::Float(0.000123_f64), "+1.23e-04");
    ok(
        "{x:.17g}",
        FieldValue::Float(0.1_f64),
        "0.10000000000000001",
    );
    ok(
        "{x:.20f}",
        FieldValue::Float(0.1_f64),
        "0.10000000000000000555",
    );
    ok("{x:n}", FieldValue::Float(1234567.0_f64), "1.23457e+06");
    ok("{x:h}", FieldValue::Float(0.0_f64), "-");
    err(
        "{x:d}",
        FieldValue::Float(1.0_f64),
        "Unknown format code 'd' for object of type 'float'",
    );
    ok("{x:<10+}", FieldValue::Float(0.333_f64), "0.333     ");
}

#[test]
fn conversions_as_python() {
    set_tz();
    ok("{x!F}", FieldValue::Float(0.0004_f64), "0s");
    ok("{x!F}", FieldValue::Float(0.5_f64), "0.500s");
    ok("{x!F}", FieldValue::Float(9.9996_f64), "10.000s");
    ok("{x!F}", FieldValue::Float(59.99_f64), "59.99s");
    ok("{x!F}", FieldValue::Float(119.5_f64), "1.992m");
    ok("{x!F}", FieldValue::Float(3599.9_f64), "60m");
    ok("{x!F}", FieldValue::Float(86399.5_f64), "24h");
    ok("{x!F}", FieldValue::Float(1000000000.0_f64), "1.157e+04d");
    ok("{x!F}", FieldValue::Float(f64::INFINITY), "inf");
    ok("{x!F}", FieldValue::Float(f64::NEG_INFINITY), "inf");
    ok("{x!F}", FieldValue::Float(f64::NAN), "nand");
    ok("{x!F}", FieldValue::Int(90061), "1.042d");
    ok("{x!F}", s(""), "");
    ok("{x!F:>8}", FieldValue::Int(5), "  5.000s");
    ok("{x!H}", FieldValue::Float(0.5_f64), "0:00:01");
    ok("{x!H}", FieldValue::Float(2.5_f64), "0:00:02");
    ok("{x!H}", FieldValue::Float(3.5_f64), "0:00:04");
    ok("{x!H}", FieldValue::Int(90061), "1 day, 1:01:01");
    ok("{x!H}", FieldValue::Int(-1), "-1 day, 23:59:59");
    ok("{x!H}", FieldValue::Int(86400), "1 day, 0:00:00");
    ok("{x!H}", FieldValue::Int(172800), "2 days, 0:00:00");
    ok("{x!H}", s(""), "");
    err(
        "{x!H}",
        FieldValue::Float(1e+20_f64),
        "Python int too large to convert to C int",
    );
    ok(
        "{x!H}",
        FieldValue::Int(86399999999999),
        "999999999 days, 23:59:59",
    );
    ok("{x!P}", FieldValue::Float(0.5_f64), "50%");
    ok("{x!P}", FieldValue::Float(0.004_f64), "0.40%");
    ok("{x!P}", FieldValue::Float(1e-05_f64), "0.00%");
    ok("{x!P}", FieldValue::Float(1.0_f64), "100%");
    ok("{x!P}", FieldValue::Int(2), "200%");
    ok("{x!P}", FieldValue::Float(0.12345_f64), "12.3%");
    ok("{x!P}", s(""), "");
    err("{x!F}", s("abc"), "must be real number, not str");
    err(
        "{x!H}",
        s("abc"),
        "'<' not supported between instances of 'int' and 'str'",
    );
    err(
        "{x!P}",
        s("abc"),
        "'<' not supported between instances of 'int' and 'str'",
    );
    err(
        "{x!P}",
        alt("a", "b"),
        "unsupported operand type(s) for *: 'AltField' and 'int'",
    );
    ok("{x!F}", alt("", "b"), "");
    err(
        "{x!H}",
        FieldValue::Float(f64::NAN),
        "cannot convert float NaN to integer",
    );
    err(
        "{x!H}",
        FieldValue::Float(f64::INFINITY),
        "cannot convert float infinity to integer",
    );
    err(
        "{x!x}",
        FieldValue::Int(5),
        "Unknown conversion specifier x",
    );
    ok("{x!s:h}", FieldValue::Float(0.0_f64), "-");
    ok("{x!r}", FieldValue::Float(0.5_f64), "0.5");
}

/// Printed by util.py's own `UtilFormatter` under CPython 3.11, over
/// stand-ins for `IDset` and `Hostlist` with their `__str__`, `__repr__`,
/// `__len__` and `__eq__` (and no `__format__`, as theirs).
#[test]
fn id_sets_and_host_lists_as_python() {
    set_tz();
    let ids = |t: &str| FieldValue::IdSet(t.to_string());
    let hosts = |t: &str| FieldValue::Hostlist(t.to_string());
    ok("{x}", ids("0-3"), "0-3");
    ok("{x:}", hosts("foo[0-1]"), "foo[0-1]");
    err(
        "{x:>6}",
        ids("0-3"),
        "unsupported format string passed to IDset.__format__",
    );
    err(
        "{x:s}",
        hosts("foo"),
        "unsupported format string passed to Hostlist.__format__",
    );
    err(
        "{x:.1+}",
        ids(""),
        "unsupported format string passed to IDset.__format__",
    );
    ok("{x:>6h}", ids("0-3"), "   0-3");
    ok("{x:h}", ids(""), "-");
    ok("{x:+}", ids("0-3"), "0-3");
    ok("{x!s:>6}", ids("0-3"), "   0-3");
    ok("{x!r}", ids("0-3"), "IDset('0-3')");
    ok("{x!a}", hosts("h\u{e9}"), "Hostlist('h\\xe9')");
    ok("{x!d:%Y::h}", ids(""), "-");
    ok("{x!D}", hosts(""), "");
    err(
        "{x!d}",
        ids("1"),
        "'IDset' object cannot be interpreted as an integer",
    );
    err("{x!F}", ids("1"), "must be real number, not IDset");
    err(
        "{x!H}",
        hosts("a"),
        "'<' not supported between instances of 'int' and 'Hostlist'",
    );
    err(
        "{x!P}",
        ids("1"),
        "unsupported operand type(s) for *: 'IDset' and 'int'",
    );
}

#[test]
fn dates_as_python() {
    set_tz();
    ok("{x!d}", FieldValue::Int(1607540400), "2020-12-09T14:00:00");
    ok(
        "{x!d}",
        FieldValue::Float(1607540400.25_f64),
        "2020-12-09T14:00:00",
    );
    ok(
        "{x!d:%b%d %R::<12}",
        FieldValue::Float(1607540400.0_f64),
        "Dec09 14:00 ",
    );
    ok("{x!d:%b%d %R::<12}", FieldValue::Int(0), "            ");
    ok("{x!d:%b%d %R::<12h}", FieldValue::Int(0), "-           ");
    ok("{x!d:%b%d %R::<12h}", s(""), "-           ");
    ok("{x!d:%H:%M::h}", FieldValue::Float(0.0_f64), "-");
    ok(
        "{x!d:::>22}",
        FieldValue::Int(1607540400),
        "   2020-12-09T14:00:00",
    );
    ok(
        "{x!d:%FT%T.%f}",
        FieldValue::Float(1607540400.25_f64),
        "2020-12-09T14:00:00.250000",
    );
    ok(
        "{x!d:%c|%x|%X|%r|%D}",
        FieldValue::Int(1607540400),
        "Wed Dec  9 14:00:00 2020|12/09/20|14:00:00|02:00:00 PM|12/09/20",
    );
    ok(
        "{x!d:%a %A %b %B %j %U %W %V %G %g %u %w}",
        FieldValue::Int(1609459200),
        "Thu Thursday Dec December 366 52 52 53 2020 20 4 4",
    );
    ok(
        "{x!d:%-d|%_5d|%05e|%e|%^b|%#p|%10B|%-10B}",
        FieldValue::Int(1607540400),
        "9|    9|00009| 9|DEC|pm|  December|  December",
    );
    ok("{x!d:%s}", FieldValue::Int(1607540400), "1607540400");
    ok("{x!d:%Q|%-5Q|%}", FieldValue::Int(1607540400), "%Q| %-5Q|%");
    ok(
        "{x!d:%E%|%5%|%Eb|%#Eb|%Ey}",
        FieldValue::Int(1607540400),
        "%|    %|%Eb|%#EB|20",
    );
    ok("{x!d:%z|%Z|%5Z|}", FieldValue::Int(1607540400), "||     |");
    ok("{x!d:%1024Y}", FieldValue::Int(1607540400), "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002020");
    ok("{x!d:%3000Y}", FieldValue::Int(1607540400), "");
    ok("{x!d:%Y::<5+}", FieldValue::Int(1607540400), "2020+");
    ok(
        "{x!d:%b%d %R::<12+}",
        FieldValue::Int(1607540400),
        "Dec09 14:00+",
    );
    ok("{x!D}", FieldValue::Int(1607540400), "2020-12-09T14:00:00");
    ok("{x!D}", FieldValue::Int(0), "");
    ok("{x!D}", FieldValue::Float(0.0_f64), "");
    ok("{x!D}", s(""), "");
    ok("{x!D:h}", s(""), "-");
    ok("{x!D}", alt("", ""), "");
    err(
        "{x!D}",
        alt("z", ""),
        "'AltField' object cannot be interpreted as an integer",
    );
    err(
        "{x!d}",
        s("abc"),
        "'str' object cannot be interpreted as an integer",
    );
    err(
        "{x!d}",
        alt("z", ""),
        "'AltField' object cannot be interpreted as an integer",
    );
    err(
        "{x!d}",
        FieldValue::Float(f64::NAN),
        "Invalid value NaN (not a number)",
    );
    err(
        "{x!d}",
        FieldValue::Float(f64::INFINITY),
        "timestamp out of range for platform time_t",
    );
    err(
        "{x!d}",
        FieldValue::Float(1e+20_f64),
        "timestamp out of range for platform time_t",
    );
    err(
        "{x!d}",
        FieldValue::Float(1e+17_f64),
        "Value too large for defined data type",
    );
    err(
        "{x!d}",
        FieldValue::Float(1e+16_f64),
        "year 316889355 is out of range",
    );
    err(
        "{x!d}",
        FieldValue::Int(253402318800),
        "year 10000 is out of range",
    );
    err(
        "{x!d}",
        FieldValue::Int(-62135596800),
        "year 0 is out of range",
    );
    err(
        "{x!d}",
        FieldValue::Int(-62135578000),
        "year 0 is out of range",
    );
    ok(
        "{x!d}",
        FieldValue::Int(253402300799),
        "9999-12-31T18:59:59",
    );
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// A field of a line with any value.
    struct Any(Vec<FieldValue>);

    impl FormatItem for Any {
        fn field(&self, name: &str) -> Option<FieldValue> {
            let i = ["state", "nnodes", "up", "reason", "timestamp"]
                .iter()
                .position(|&n| n == name)?;
            self.0.get(i).cloned()
        }
    }

    fn value() -> impl Strategy<Value = FieldValue> {
        prop_oneof![
            ".{0,12}".prop_map(FieldValue::Str),
            any::<i64>().prop_map(FieldValue::Int),
            any::<f64>().prop_map(FieldValue::Float),
            prop_oneof![
                Just(0.0),
                Just(1607540400.25),
                Just(-1.5),
                Just(1e17),
                Just(f64::NAN)
            ]
            .prop_map(FieldValue::Float),
            (".{0,3}", ".{0,3}").prop_map(|(default, ascii)| FieldValue::Alt { default, ascii }),
        ]
    }

    /// Format strings made of the pieces that matter, and anything else.
    fn format() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            Just("{".to_string()),
            Just("}".to_string()),
            Just("{{".to_string()),
            Just("?+:".to_string()),
            Just("+:".to_string()),
            Just("sort:".to_string()),
            "[a-z ,-]{0,6}",
            "\\{(state|nnodes|up|up\\.ascii|reason|timestamp|0\\.state|0\\.|x)?(![dDFHPrsaxz])?(:[-<>=^+ z#0-9,_.a-zA-Z%:{}h]{0,14})?\\}",
            ".{0,8}",
        ];
        prop::collection::vec(piece, 0..8).prop_map(|pieces| pieces.concat())
    }

    const H: &[(&str, &str)] = &[
        ("state", "STATE"),
        ("nnodes", "NNODES"),
        ("up", "UP"),
        ("up.ascii", "UP"),
        ("reason", "REASON"),
        ("timestamp", "TIME"),
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn no_format_panics(fmt in format(), values in prop::collection::vec(value(), 5), no_header: bool) {
            set_tz();
            if let Ok(format) = OutputFormat::new(&fmt, H) {
                let _ = format.header();
                let _ = format.fields();
                let _ = format.format(&Any(values.clone()));
                let _ = format.copy_except(&["nnodes"], true);
                let _ = Deduplicator::new(&format, &["reason"]).map(|d| d.key(&Any(values.clone())));
                let mut items = vec![Any(values.clone()), Any(values)];
                let _ = format.print_items(&mut items, no_header);
            }
        }

        #[test]
        fn no_name_panics(name in ".{0,20}", env in proptest::option::of(".{0,12}")) {
            let _ = choose_format(&name, STATUS_FORMATS, "flux-resource", "status", env.as_deref());
        }
    }
}
