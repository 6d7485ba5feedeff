//! `rscope system` and `rscope fit` over the documents of one system: a
//! status payload, a graph, a topology, configurations, and several at
//! once (flux-core's and flux-sched's test files, in `tests/fixtures`).

use crate::fixtures::fixture;
use crate::support::rscope;

/// Run `rscope ARGS` in the fixtures folder's terms: (status, stdout,
/// stderr), with the fixtures' folder left out of names.
fn run(args: &[&str]) -> (i32, String, String) {
    let base = fixture("");
    let out = rscope(args, "");
    let strip = |s: &str| s.replace(&base, "");
    (out.status, strip(&out.stdout), strip(&out.stderr))
}

#[test]
fn fit_reads_every_kind_of_document_that_has_resources() {
    let cases = [
        // foo1 and foo2 are drained.
        (
            "node=2/core=4",
            "flux-resource/status/drain.json",
            "fits now: 2 slots on 2 nodes\nrank[2-3]/core[0-3]\n",
        ),
        (
            "node=2/core=2",
            "jgf/power.json",
            "fits now: 2 slots on 2 nodes\nrank[0-1]/core[0-1]\n",
        ),
        (
            "node=1/core=12",
            "hwloc/pack2-numa2-core6-pu2.xml",
            "fits now: 1 slot on 1 node\nrank0/core[0-11]\n",
        ),
        // tiny4 is rank 0 only with [bootstrap] hosts, which this file lacks.
        (
            "node=4/core=4",
            "config/tiny/00-resource.toml",
            "fits now: 4 slots on 4 nodes\nrank[0-3]/core[0-3]\n",
        ),
    ];
    for (shape, file, out) in cases {
        let got = run(&["fit", shape, &fixture(file)]);
        assert_eq!(got, (0, out.to_string(), String::new()), "{file}");
    }
    let got = run(&[
        "fit",
        "node=3/core=4",
        &fixture("flux-resource/status/drain.json"),
    ]);
    let why = "not now: node: need 3 nodes with 4 free cores, 2 are; the whole R would hold it\n";
    assert_eq!(got, (3, why.to_string(), String::new()));
}

#[test]
fn fit_without_resources_says_what_to_open() {
    let got = run(&["fit", "node=1", &fixture("config/tiny/10-bootstrap.toml")]);
    let why = "rscope: fit needs resources: open an R, a payload, a graph, a topology or a \
               configuration with [resource] config\n";
    assert_eq!(got, (1, String::new(), why.to_string()));
}

#[test]
fn system_merges_the_documents_and_names_where_they_disagree() {
    let files = [
        "flux-resource/status/drain.json",
        "config/tiny/00-resource.toml",
        "config/tiny/10-bootstrap.toml",
    ];
    let mut args = vec!["system".to_string()];
    args.extend(files.iter().map(|f| fixture(f)));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = "flux-resource/status/drain.json: a flux resource status payload: resources, node states and drain reasons\n\
               config/tiny/00-resource.toml: a system configuration: resources\n\
               config/tiny/10-bootstrap.toml: a system configuration: the rank order\n\
               resources: 4 nodes, foo[1-4], 16 cores (from flux-resource/status/drain.json)\n\
               drained, offline or torpid: ranks 0-1\n\
               rank order: 0-3 are tiny[4,1-3]\n\
               finding: flux-resource/status/drain.json: its host foo1 (rank 0) is not in [bootstrap] hosts\n\
               finding: [resource] config differs from flux-resource/status/drain.json's resources: rank 0 is tiny4 against foo1\n";
    assert_eq!(run(&args), (1, out.to_string(), String::new()));
    let alone = run(&["system", &fixture("config/tiny/10-bootstrap.toml")]);
    let out = "config/tiny/10-bootstrap.toml: a system configuration: the rank order\n\
               resources: none\n\
               rank order: 0-3 are tiny[4,1-3]\n";
    assert_eq!(alone, (0, out.to_string(), String::new()));
}

#[test]
fn system_r_prints_the_resources_as_flux_r_writes_an_r() {
    let got = run(&[
        "system",
        "--r",
        &fixture("config/tiny/00-resource.toml"),
        &fixture("config/tiny/10-bootstrap.toml"),
    ]);
    let r = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[4,1-3]"]}}"#;
    assert_eq!(got, (0, format!("{r}\n"), String::new()));
    let got = run(&["system", "--r", &fixture("config/tiny/10-bootstrap.toml")]);
    let why = "rscope: system --r needs resources: open an R, a payload, a graph, a topology or \
               a configuration with [resource] config\n";
    assert_eq!(got, (1, String::new(), why.to_string()));
}

#[test]
fn a_recorded_job_list_beside_its_r_is_the_allocation_and_fit_goes_to_what_is_free() {
    // flux-core's `flux jobs -a --json` and the R of the instance it came
    // from (tests/fixtures/flux-jobs/live): three jobs hold 13 of 16 cores.
    let (r, jobs) = (
        fixture("flux-jobs/live/conf.d/R"),
        fixture("flux-jobs/live/jobs.json"),
    );
    assert_eq!(
        run(&["system", &r, &jobs]),
        (
            0,
            "flux-jobs/live/conf.d/R: an R (RFC 20): resources\n\
             flux-jobs/live/jobs.json: a job list (flux jobs --json), 4 jobs, 3 running: the allocation\n\
             resources: 4 nodes, fake[0-3], 16 cores (from flux-jobs/live/conf.d/R)\n\
             running jobs: 3, on ranks 0-3\n\
             rank order: 0-3 are fake[0-3]\n"
                .to_string(),
            String::new()
        )
    );
    assert_eq!(
        run(&["fit", "node=1/core=2", &r, &jobs]),
        (
            0,
            "fits now: 1 slot on 1 node\nrank3/core[2-3]\n".to_string(),
            String::new()
        )
    );
}
