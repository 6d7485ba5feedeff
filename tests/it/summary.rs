//! `rscope summary`: the first vertical slice.

use crate::support::{rscope, shared, Output};

#[test]
fn summarizes_the_rfc20_example_from_a_file() {
    let path = shared("specs/rfc20-example1.json");
    let out = rscope(&["summary", path.to_str().unwrap()], "");
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "version 1\nnodes 4\ncores 192\ngpus 32\n".into(),
            stderr: String::new(),
        }
    );
}

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
