//! Fuzz flux's output format language: no format string may panic or
//! allocate without bound, whether parsed, formatted over a fixed item,
//! turned into a header, copied, used as a deduplication key or printed
//! over a few items; no `--format` name may panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::output_format::{
    choose_format, Chosen, Deduplicator, FormatItem, NamedFormat, OutputFormat, FieldValue,
};

const HEADINGS: &[(&str, &str)] = &[
    ("state", "STATE"),
    ("nnodes", "NNODES"),
    ("up", "UP"),
    ("up.ascii", "UP"),
    ("reason", "REASON"),
    ("timestamp", "TIME"),
    ("ratio", "RATIO"),
    ("nodelist", "NODELIST"),
];

const FORMATS: &[NamedFormat] = &[
    NamedFormat {
        name: "default",
        description: "Default",
        format: "{state:>12} {up:>2} {nnodes:>6} {nodelist}",
    },
    NamedFormat {
        name: "long",
        description: "Long",
        format: "{state:>12} +:{reason:<30.30} {nodelist}",
    },
];

/// A status line with a value of each kind.
struct Line(i64, f64, &'static str);

impl FormatItem for Line {
    fn field(&self, name: &str) -> Option<FieldValue> {
        Some(match name {
            "state" => FieldValue::Str(self.2.to_string()),
            "nnodes" => FieldValue::Int(self.0),
            "up" => FieldValue::Alt {
                default: "✔".into(),
                ascii: "y".into(),
            },
            "reason" => FieldValue::Str("reboot requested by admin".into()),
            "timestamp" => FieldValue::Float(self.1),
            "ratio" => FieldValue::Float(self.1 / 1e9),
            "nodelist" => FieldValue::Str("node[0-3]".into()),
            _ => return None,
        })
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(fmt) = std::str::from_utf8(data) else {
        return;
    };
    match choose_format(fmt, FORMATS, "flux-resource", "status", Some(fmt)) {
        Ok(Chosen::Format(f)) => assert!(f.contains('{') || FORMATS.iter().any(|n| n.format == f)),
        Ok(Chosen::Print(text)) => assert!(text.ends_with('\n')),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let format = match OutputFormat::new(fmt, HEADINGS) {
        Ok(format) => format,
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    let line = Line(4, 1607540400.25, "avail");
    let _ = format.fields();
    let _ = format.header();
    let _ = format.format(&line);
    if let Ok(dedup) = Deduplicator::new(&format, &["nodelist", "nnodes"]) {
        let _ = dedup.key(&line);
    }
    let _ = format.copy_except(&["state"], false);
    let mut items = vec![
        Line(0, 0.0, ""),
        Line(-7, -1.5, "-"),
        Line(i64::MAX, 1e17, "drained*"),
        line,
    ];
    if let Ok(text) = format.print_items(&mut items, false) {
        assert!(text.is_empty() || text.ends_with('\n'));
    }
});
