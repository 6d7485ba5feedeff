//! `rscope jobs` against flux-core's `flux jobs --from-stdin`: flux-core's
//! own cases (`tests/fixtures/flux-jobs/flux-core`, LGPL-3.0, origin in its
//! README) run as `t/t2800-jobs-cmd.t` runs them, and the command line's
//! own behaviour (FILE or standard input, the locale's F58 prefix, exit
//! statuses). Every test asserts the whole output and status.

use crate::support::{rscope_env, Output};

const UTC: &[(&str, &str)] = &[("TZ", "UTC"), ("NO_COLOR", ""), ("LC_ALL", "C.UTF-8")];

fn fixture(case: &str, file: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/flux-jobs/flux-core/{case}/{file}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn jobs(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut all = vec!["jobs"];
    all.extend_from_slice(args);
    rscope_env(&all, stdin, env)
}

fn out(stdout: &str) -> Output {
    Output {
        status: 0,
        stdout: stdout.to_string(),
        stderr: String::new(),
    }
}

fn error(status: i32, stderr: &str) -> Output {
    Output {
        status,
        stdout: String::new(),
        stderr: stderr.to_string(),
    }
}

#[test]
fn flux_cores_cases_pass_as_t2800_runs_them() {
    for case in [
        "contextual_info",
        "issue#2634",
        "issue#2658",
        "issue#5827",
        "returncode",
    ] {
        let format = format!("--format={}", fixture(case, "format").trim_end());
        let got = jobs(
            &["-n", "--from-stdin", &format],
            &fixture(case, "input"),
            UTC,
        );
        assert_eq!(got, out(&fixture(case, "output")), "{case}");
    }
}

#[test]
fn a_file_reads_as_standard_input_does() {
    let path = format!(
        "{}/tests/fixtures/flux-jobs/flux-core/returncode/input",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    );
    let got = jobs(
        &[&path, "-n", "-o", "{id.f58plain} {status_abbrev}"],
        "",
        UTC,
    );
    let expected =
        "fqSczCuFV R\nfkxRg5ctw CD\nfmRUzwPTd CA\nfkq8Y2brf F\nfkm3UuSNj F\nfkgSNJqVH CD\n";
    assert_eq!(got, out(expected));
}

#[test]
fn the_locale_chooses_the_f58_prefix() {
    let input = "{\"id\": 57931726848}\n";
    let ascii = &[("LC_ALL", "C")];
    assert_eq!(jobs(&["-n", "-o", "{id}"], input, ascii), out("f2XGEF5h\n"));
    let forced = &[("LC_ALL", "C.UTF-8"), ("FLUX_F58_FORCE_ASCII", "1")];
    assert_eq!(
        jobs(&["-n", "-o", "{id}"], input, forced),
        out("f2XGEF5h\n")
    );
    assert_eq!(jobs(&["-n", "-o", "{id}"], input, UTC), out("ƒ2XGEF5h\n"));
}

#[test]
fn dates_and_dependencies_are_in_local_time() {
    let input = "{\"id\": 1, \"state\": 2, \"t_submit\": 1607972318.5, \"dependencies\": [\"begin-time=1607972400.0\", \"afterok:f2\"]}\n";
    let got = jobs(
        &[
            "-n",
            "-o",
            "{t_submit!d:%b%d %R::>12} {t_submit!D} {contextual_info}",
        ],
        input,
        UTC,
    );
    assert_eq!(
        got,
        out(" Dec14 18:58 2020-12-14T18:58:38 depends:begin@Dec14-19:00,afterok:f2\n")
    );
}

#[test]
fn refusals_and_their_statuses() {
    assert_eq!(
        jobs(&["-o", "nosuch"], "", UTC),
        error(
            1,
            "flux-jobs: ERROR: --format: No such format nosuch (Did you mean '{nosuch}'?)\n"
        )
    );
    assert_eq!(
        jobs(&[], "{\"id\": 1}\nnot json\n", UTC),
        error(1, "flux-jobs: ERROR: JSON input error: line 2: Expecting value: line 1 column 1 (char 0)\n")
    );
    assert_eq!(
        jobs(&["--json", "--stats"], "", UTC),
        error(
            1,
            "flux-jobs: ERROR: --json incompatible with --stats or --stats-only\n"
        )
    );
    assert_eq!(jobs(&["-o", "help"], "", UTC).status, 0);
}

#[test]
fn filters_are_accepted_and_ignored_with_a_job_list() {
    let input = "{\"id\": 1, \"state\": 64, \"name\": \"a\"}\n{\"id\": 2, \"state\": 16, \"name\": \"b\"}\n";
    let got = jobs(
        &[
            "-a", "-A", "-f", "running", "-u", "all", "-q", "batch", "-c", "1", "-n", "-o",
            "{name}",
        ],
        input,
        UTC,
    );
    assert_eq!(got, out("a\nb\n"));
}

#[test]
fn every_recorded_case_prints_what_flux_core_printed() {
    // Each case: {"input", "args", "stdout", "stderr", "status"}, recorded
    // from flux-core's `flux jobs --from-stdin` (see the README there).
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/flux-jobs/recorded"
    );
    let mut names: Vec<_> = std::fs::read_dir(format!("{dir}/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 55);
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let case: serde_json::Value = serde_json::from_str(&text).unwrap();
        let field = |k: &str| case[k].as_str().unwrap().to_string();
        let input = std::fs::read_to_string(format!("{dir}/{}", field("input"))).unwrap();
        let args: Vec<&str> = case["args"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        let expected = Output {
            status: case["status"].as_i64().unwrap() as i32,
            stdout: field("stdout"),
            stderr: field("stderr"),
        };
        assert_eq!(
            jobs(&args, &input, UTC),
            expected,
            "{} {args:?}",
            path.display()
        );
    }
}

#[test]
fn the_map_of_a_recorded_instance_names_each_nodes_jobs() {
    // `flux jobs -a --json` and the R of the instance it came from
    // (tests/fixtures/flux-jobs/live, recorded from flux-core).
    let live = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/flux-jobs/live"
    );
    let list = format!("{live}/jobs.json");
    let r = format!("{live}/conf.d/R");
    let got = jobs(&["map", &list, "--R", &r], "", UTC);
    let expected = "RANK HOST  FREE      JOBS
0    fake0 -         ƒ28k79ou core[0-3]
1    fake1 -         ƒ28k79ou core[0-3]
2    fake2 core3     ƒ2KWFwT5 core[0-2]
3    fake3 core[2-3] ƒ2XGEF5h core[0-1]
";
    assert_eq!(got, out(expected));
}

/// A file of the instance with GPUs and two queues
/// (tests/fixtures/flux-jobs/gpus-queues, recorded from flux-core).
fn gpus_queues(file: &str) -> String {
    format!(
        "{}/tests/fixtures/flux-jobs/gpus-queues/{file}",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../..")
    )
}

#[test]
fn the_map_of_an_instance_with_gpus_names_the_gpus_each_job_holds() {
    // As each job's own R (R.jsonl) has them: viz holds core4 and gpu0 of
    // gpu0 beside debug1's four cores; gpu0's gpu1 is free.
    let got = jobs(
        &[
            "map",
            &gpus_queues("jobs.json"),
            "--R",
            &gpus_queues("conf.d/R"),
        ],
        "",
        UTC,
    );
    let expected = "RANK HOST FREE           JOBS
0    gpu0 core[5-7],gpu1 ƒ3FLVrwH core4,gpu0, ƒ36vjwDq core[0-3]
1    gpu1 -              ƒ2jfGEkw core[0-7],gpu[0-1]
2    gpu2 -              ƒ2jfGEkw core[0-7],gpu[0-1]
3    gpu3 core[6-7]      ƒ2ujPMno core[0-5],gpu[0-1]
";
    assert_eq!(got, out(expected));
}

#[test]
fn the_job_list_objects_print_what_the_live_flux_jobs_printed() {
    // jobs.out is `flux jobs -a -o FORMAT` of the live instance, and
    // jobs.jsonl the job-list objects it had at that moment.
    let format = "{id.f58} {queue} {name} {status} {nnodes} {ncores} {ranks} {nodelist}";
    let input = std::fs::read_to_string(gpus_queues("jobs.jsonl")).unwrap();
    let expected = std::fs::read_to_string(gpus_queues("jobs.out")).unwrap();
    assert_eq!(jobs(&["-a", "-o", format], &input, UTC), out(&expected));
}
