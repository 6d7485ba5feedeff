//! `rscope summary`: the first vertical slice.

use crate::fixtures::fixture;
use crate::support::{rscope, Output};

#[test]
fn summarizes_an_r_from_a_file() {
    let out = rscope(&["summary", &fixture("r/gpu-cluster.json")], "");
    assert_eq!(
        out,
        Output {
            status: 0,
            stdout: "version 1\nnodes 4\ncores 96\ngpus 8\n".into(),
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
