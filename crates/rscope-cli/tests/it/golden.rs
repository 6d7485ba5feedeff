//! Golden files: a document's report compared with a file under
//! `tests/data/`. Used by the fixture goldens here and, through a `#[path]`
//! module, by the corpus tier. Set `RSCOPE_BLESS=1` (or `UPDATE_GOLDEN=1`)
//! to rewrite the files after a deliberate change, then review the diff.

use crate::support::rscope;
use rscope_core::diag::Diagnostic;
use rscope_core::rset::Document;
use std::path::Path;

/// What an R or status document holds (its sets' short forms, or that it
/// was refused), then one line per finding: `line:col: severity: message
/// [pointer]`.
pub fn r_report(text: &str) -> String {
    let doc = rscope_core::document::parse_with_graph(text);
    let mut out = String::new();
    match &doc {
        Document::R(p) => {
            out.push_str(&format!(
                "R: {}\n",
                match &p.rset {
                    Some(r) => format!("accepted: {}", r.short_form()),
                    None => "refused".to_string(),
                }
            ));
        }
        Document::Status { sets, .. } => {
            for (n, s) in sets {
                out.push_str(&format!(
                    "{n}: {}\n",
                    s.as_ref().map_or("none".to_string(), |r| r.short_form())
                ));
            }
        }
    }
    for d in doc.diagnostics() {
        out.push_str(&finding_line(d, text));
    }
    out
}

fn finding_line(d: &Diagnostic, text: &str) -> String {
    let at = rscope_core::diag::line_col(text, d.span.start);
    format!(
        "{}:{}: {}: {} [{}]\n",
        at.line, at.col, d.severity, d.message, d.pointer
    )
}

/// `rscope jgf validate FILE` (exit status and the findings' header lines,
/// without the file name) and `rscope jgf tree --depth 3 FILE`.
pub fn jgf_report(path: &str) -> String {
    let v = rscope(&["jgf", "validate", path], "");
    let t = rscope(&["jgf", "tree", "--depth", "3", path], "");
    assert_eq!(t.status, 0, "{path}: {}", t.stderr);
    let headers: String = v
        .stdout
        .lines()
        .filter(|l| l.starts_with(path))
        .map(|l| format!("{}\n", &l[path.len() + 1..]))
        .collect();
    format!(
        "# rscope jgf validate: exit {}\n{headers}# rscope jgf tree --depth 3\n{}",
        v.status, t.stdout
    )
}

/// Compare `got` with the golden file; the difference, if any, as a
/// message. When blessing, write the file instead.
pub fn compare(file: &Path, got: &str) -> Option<String> {
    if std::env::var_os("RSCOPE_BLESS").is_some() || std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(file.parent().expect("a directory")).expect("create golden dir");
        std::fs::write(file, got).expect("write golden");
        return None;
    }
    let want = std::fs::read_to_string(file).unwrap_or_default();
    (want != got).then(|| format!("{}:\n--- want\n{want}--- got\n{got}", file.display()))
}
