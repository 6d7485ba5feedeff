//! `flux jobs --from-stdin` against flux-core's own cases
//! (`tests/fixtures/flux-jobs/flux-core`, LGPL-3.0, origin in its README)
//! and the reference's messages.

use super::*;
use crate::output_format::Printed;

/// A clock after every job of the fixtures.
const NOW: f64 = 1_800_000_000.0;

fn no_names(_: u32) -> Option<String> {
    None
}

fn run(input: &str, opts: &JobsOptions) -> Printed {
    jobs(input, opts, &no_names)
}

fn with_format(format: &str) -> JobsOptions {
    JobsOptions {
        format: format.to_string(),
        no_header: true,
        ..JobsOptions::at(NOW)
    }
}

/// One of flux-core's `t/flux-jobs/tests` directories, run as t2800 runs it.
fn flux_core_case(input: &str, format: &str, output: &str) {
    let printed = run(input, &with_format(format.trim_end_matches('\n')));
    assert_eq!(printed, Printed::output(output.to_string()));
}

#[test]
fn flux_cores_own_cases_print_their_outputs() {
    macro_rules! case {
        ($dir:literal) => {
            flux_core_case(
                include_str!(concat!(
                    "../../../../../tests/fixtures/flux-jobs/flux-core/",
                    $dir,
                    "/input"
                )),
                include_str!(concat!(
                    "../../../../../tests/fixtures/flux-jobs/flux-core/",
                    $dir,
                    "/format"
                )),
                include_str!(concat!(
                    "../../../../../tests/fixtures/flux-jobs/flux-core/",
                    $dir,
                    "/output"
                )),
            )
        };
    }
    case!("contextual_info");
    case!("issue#2634");
    case!("issue#2658");
    case!("issue#5827");
    case!("returncode");
}

const RETURNCODE: &str =
    include_str!("../../../../../tests/fixtures/flux-jobs/flux-core/returncode/input");

#[test]
fn the_default_format_drops_an_empty_queue_and_keeps_the_users_width() {
    let printed = run(RETURNCODE, &JobsOptions::at(NOW));
    // `+:{username:<8}` is never narrower than its spec's 8.
    let expected = "       JOBID USER     NAME       ST NTASKS NNODES     TIME INFO
   ƒqSczCuFV 1000     sleep       R     16      4    2223d asp,asp,asp,asp
   ƒkxRg5ctw 1000     sleep      CD     16      4   5.002m asp,asp,asp,asp
   ƒmRUzwPTd 1000     sleep      CA      1      -        - 
   ƒkq8Y2brf 1000     sh          F      1      1   0.044s asp
   ƒkm3UuSNj 1000     false       F      1      1   0.050s asp
   ƒkgSNJqVH 1000     true       CD      1      1   0.052s asp
";
    assert_eq!(printed, Printed::output(expected.to_string()));
}

#[test]
fn end_reasons_say_how_each_job_ended() {
    let printed = run(
        RETURNCODE,
        &with_format("{id.dec} {inactive_reason} {returncode}"),
    );
    let expected = "106958577205248  
97053292101632 Exit -15 -15
98083329277952 Canceled: interrupted by ctrl-C -128
96775562067968 Exit 42 42
96619970166784 Exit 1 1
96444648259584 Exit 0 0
";
    assert_eq!(printed.stdout, expected);
}

#[test]
fn sort_keys_order_the_lines_stably_and_color_frames_them() {
    let opts = JobsOptions {
        sort: Some("-ntasks,name".to_string()),
        color: true,
        ..with_format("{name} {ntasks}")
    };
    let printed = run(RETURNCODE, &opts);
    let expected = "sleep 16\n\x1b[01;32msleep 16\n\x1b[0;0m\x1b[01;31mfalse 1\n\x1b[0;0m\x1b[01;31msh 1\n\x1b[0;0m\x1b[37msleep 1\n\x1b[0;0m\x1b[01;32mtrue 1\n\x1b[0;0m";
    assert_eq!(printed.stdout, expected);
}

#[test]
fn json_keeps_the_header_without_no_header_and_drops_empty_values() {
    let line = r#"{"id": 1, "userid": 5, "urgency": 16, "t_submit": 2.5, "state": 64, "result": 4, "name": "x", "annotations": {"user": {"uri": "ssh://h//tmp/s", "k": 1}}}"#;
    let opts = JobsOptions {
        json: true,
        format: "{id}".to_string(),
        ..JobsOptions::at(NOW)
    };
    let printed = run(line, &opts);
    let expected = "JOBID\n{\"jobs\": [{\"duration\": 0.0, \"name\": \"x\", \"result\": \"CANCELED\", \"id\": 1, \"t_submit\": 2.5, \"state\": \"INACTIVE\", \"username\": \"5\", \"userid\": 5, \"urgency\": 16, \"status\": \"CANCELED\", \"returncode\": -128, \"dependencies\": [], \"jobid\": \"\\u01922\", \"annotations\": {\"user\": {\"k\": 1}}, \"exception\": {\"occurred\": false}, \"uri\": \"ssh://h//tmp/s\"}]}\n";
    assert_eq!(printed, Printed::output(expected.to_string()));
}

#[test]
fn fields_and_encodings_answer_as_jobinfo_does() {
    let line = r#"{"id": 57931726848, "userid": 0, "urgency": 0, "t_submit": 1.0, "state": 8, "priority": 0, "dependencies": ["afterok:1", "x"], "annotations": {"sched": {"reason_pending": "no"}}}"#;
    let opts = with_format(
        "{id.hex}|{id.kvs}|{id:>12}|{id!r}|{contextual_info}|{sched.reason_pending}|{annotations.user.x:>3}|{dependencies}|{state_emoji}|{t_remaining}",
    );
    let printed = run(line, &opts);
    assert_eq!(
        printed.stdout,
        "0xd7d000000|job.0000.000d.7d00.0000| 57931726848|JobID(57931726848)|held|no|   |afterok:1,x|\u{1f4c5}|0.0\n"
    );
}

#[test]
fn refusals_are_the_references() {
    let opts = JobsOptions::at(NOW);
    let fail = |stderr: &str| Printed::failure(format!("flux-jobs: ERROR: {stderr}\n"));
    assert_eq!(
        run("{\"id\": 1}\n\n", &opts),
        fail("JSON input error: line 2: Expecting value: line 2 column 1 (char 1)")
    );
    assert_eq!(run("{\"name\": 1}\n", &opts), fail("'id'"));
    assert_eq!(run("5\n", &opts), fail("'int' object is not iterable"));
    assert_eq!(
        run("{\"id\": \"xyz\"}\n", &opts),
        fail("JSON input error: line 1: xyz is not a valid Flux jobid")
    );
    assert_eq!(
        run("{\"id\": 1, \"annotations\": {\"a-b\": 1}}\n", &opts),
        fail(
            "JSON input error: line 1: Type names and field names must be valid identifiers: 'a-b'"
        )
    );
    assert_eq!(
        run("", &with_format("{foo}")),
        fail("Error in user format: Unknown format field: foo")
    );
    let sorted = JobsOptions {
        sort: Some("bogus".to_string()),
        ..JobsOptions::at(NOW)
    };
    assert_eq!(run("", &sorted), fail("Invalid sort key: bogus"));
    // A missing attribute fails at its line; the lines before stay.
    let mut partial = fail("invalid JobInfo attribute 'userid'");
    partial.stdout = "1\n".to_string();
    assert_eq!(
        run(
            "{\"id\": 1, \"userid\": 1}\n{\"id\": 2}\n",
            &with_format("{userid}")
        ),
        partial
    );
}

#[test]
fn an_empty_input_prints_the_header() {
    assert_eq!(
        run("", &JobsOptions::at(NOW)),
        Printed::output(
            "       JOBID USER     NAME       ST NTASKS NNODES     TIME INFO\n".to_string()
        )
    );
}

#[test]
fn width_cuts_lines_and_the_header() {
    let opts = JobsOptions {
        width: Some(20),
        ..JobsOptions::at(NOW)
    };
    let printed = run(RETURNCODE, &opts);
    assert_eq!(printed.stdout.lines().next(), Some("       JOBID USER  +"));
    assert_eq!(printed.stdout.lines().nth(2), Some("   ƒkxRg5ctw 1000  +"));
}

#[test]
fn resource_summaries_read_as_librlist_writes_them() {
    let held = map::parse_summary("rank[0-1]/core[0-3],gpu0 rank5/core7").unwrap();
    let text: Vec<String> = held
        .iter()
        .map(|(rank, kinds)| {
            let kinds = kinds.as_ref().unwrap();
            let kinds: Vec<String> = kinds
                .iter()
                .map(|(k, ids)| format!("{k}{}", ids.encode(true)))
                .collect();
            format!("{rank}:{}", kinds.join(","))
        })
        .collect();
    assert_eq!(text, ["0:core[0-3],gpu0", "1:core[0-3],gpu0", "5:core7"]);
    assert_eq!(map::parse_summary("node0/core1"), None);
}

#[test]
fn the_map_shows_who_holds_what_and_warns_of_overlaps() {
    let r = crate::rset::load(
        r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3", "gpu": "0"}}], "nodelist": ["n[0-1]"]}}"#,
    )
    .unwrap();
    let list = concat!(
        r#"{"id": 1, "state": 16, "annotations": {"sched": {"resource_summary": "rank0/core[0-1],gpu0"}}}"#,
        "\n",
        r#"{"id": 2, "state": 32, "annotations": {"sched": {"resource_summary": "rank0/core[1-2] rank7/core0"}}}"#,
        "\n",
        r#"{"id": 3, "state": 16, "ranks": "1"}"#,
        "\n",
        r#"{"id": 4, "state": 64, "ranks": "1"}"#,
        "\n",
    );
    let context = Context {
        now: NOW,
        prefix: F58Prefix::Ascii,
        user_name: &no_names,
    };
    let jobs = read_any(list, context).unwrap();
    let (table, warnings) = job_map(&jobs, &r);
    assert_eq!(
        table,
        "RANK HOST FREE  JOBS\n0    n0   core3 f2 core[0-1],gpu0, f3 core[1-2]\n1    n1   -     f4 core[0-3],gpu0\n"
    );
    assert_eq!(
        warnings,
        [
            "job f3 holds core1 of rank 0, which another running job holds",
            "job f3 holds rank 7, which R lacks"
        ]
    );
}

#[test]
fn the_map_as_printed_names_its_inputs_in_errors_and_warns_on_standard_error() {
    let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-1"}}], "nodelist": ["n0"]}}"#;
    let list = concat!(
        r#"{"id": 1, "state": 16, "annotations": {"sched": {"resource_summary": "rank0/core[0-1]"}}}"#,
        "\n",
        r#"{"id": 2, "state": 16, "annotations": {"sched": {"resource_summary": "rank0/core1"}}}"#,
        "\n",
    );
    let at = |list: &str, r: &str| map_printed(("list", list), ("R", r), NOW, F58Prefix::Hook);
    assert_eq!(
        at(list, r),
        Printed {
            stdout: "RANK HOST FREE JOBS\n0    n0   -    ƒ2 core[0-1], ƒ3 core1\n".into(),
            stderr:
                "rscope: warning: job ƒ3 holds core1 of rank 0, which another running job holds\n"
                    .into(),
            code: 0,
        }
    );
    assert_eq!(
        at(list, r#"{"version": 2}"#),
        Printed::failure("rscope: R: unsupported version 2\n".into())
    );
    assert_eq!(
        at("{\"id\": 1", r),
        Printed::failure(
            "rscope: list: JSON input error: line 1: Expecting ',' delimiter: line 1 column 9 (char 8)\n"
                .into()
        )
    );
}

#[test]
fn a_job_given_as_pairs_takes_a_repeated_keys_last_value() {
    // `dict.update` of a list of pairs, as `JobInfo` makes its dict.
    let line = r#"[["id", 1], ["name", "a"], ["state", 8], ["name", "b"]]"#;
    let printed = run(line, &with_format("{id}|{name}|{state}"));
    assert_eq!(printed.stdout, "ƒ2|b|SCHED\n");
}
