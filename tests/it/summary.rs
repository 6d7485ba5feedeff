//! `rscope summary`: the first vertical slice.

use crate::support::{rscope, Output};

#[test]
fn reads_standard_input_and_reports_errors() {
    let out = rscope(&["summary"], r#"{"version": 2}"#);
    assert_eq!(
        out,
        Output {
            status: 1,
            stdout: String::new(),
            stderr: "rscope: unsupported version 2\n".into(),
        }
    );
}
