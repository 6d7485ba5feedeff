//! `rscope system` and `rscope fit` over the documents of one system: a
//! status payload, a graph, a topology, configurations, and several at
//! once (flux-core's and flux-sched's test files, in `tests/fixtures`).

use crate::fixtures::fixture;
use crate::support::rscope_env;

/// A UTF-8 locale: job ids the join names take flux's `ƒ`.
const UTF8: &[(&str, &str)] = &[("LC_ALL", "C.UTF-8"), ("FLUX_F58_FORCE_ASCII", "")];

/// Run `rscope ARGS` in the fixtures folder's terms: (status, stdout,
/// stderr), with the fixtures' folder left out of names.
fn run(args: &[&str]) -> (i32, String, String) {
    run_in(args, UTF8)
}

/// [`run`] with `env` added to the environment.
fn run_in(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let base = fixture("");
    let out = rscope_env(args, "", env);
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

#[test]
fn fit_displace_names_the_running_jobs_that_would_make_way() {
    // The recorded instance: rank 3 has two free cores, rank 2 one, ranks
    // 0-1 none. Four cores on one node need ƒ2XGEF5h's two gone, the
    // smallest job in the way; on all four nodes, every job.
    let (r, jobs) = (
        fixture("flux-jobs/live/conf.d/R"),
        fixture("flux-jobs/live/jobs.json"),
    );
    assert_eq!(
        run(&["fit", "--displace", "node=1/core=4", &r, &jobs]),
        (
            3,
            "fits by displacing 1 running job: 1 slot on 1 node\n\
             rank3/core[0-3]\n\
             displaces ƒ2XGEF5h, which holds rank3/core[0-1]\n"
                .to_string(),
            String::new()
        )
    );
    assert_eq!(
        run(&["fit", "--displace", "node=4/core=4", &r, &jobs]).1,
        "fits by displacing 3 running jobs: 4 slots on 4 nodes\n\
         rank[0-3]/core[0-3]\n\
         displaces ƒ2XGEF5h, which holds rank3/core[0-1]\n\
         displaces ƒ2KWFwT5, which holds rank2/core[0-2]\n\
         displaces ƒ28k79ou, which holds rank[0-1]/core[0-3]\n"
    );
    assert_eq!(
        run(&["fit", "--displace", "node=1/core=2", &r, &jobs]),
        (
            0,
            "fits now: 1 slot on 1 node\nrank3/core[2-3]\ndisplaces no running job\n".to_string(),
            String::new()
        )
    );
    // In a locale that is not UTF-8, the ids take `f`, as `flux jobs` writes them.
    assert_eq!(
        run_in(
            &["fit", "--displace", "node=1/core=4", &r, &jobs],
            &[("LC_ALL", "C")]
        )
        .1,
        "fits by displacing 1 running job: 1 slot on 1 node\n\
         rank3/core[0-3]\n\
         displaces f2XGEF5h, which holds rank3/core[0-1]\n"
    );
    assert_eq!(
        run(&["fit", "--displace", "node=1", &r]),
        (
            1,
            String::new(),
            "rscope: --displace needs a job list with running jobs (flux jobs -a --json) beside \
             the resources\n"
                .to_string()
        )
    );
}

/// The recorded jobs' own R (`flux job info ID R`, in
/// `flux-jobs/live/R.jsonl`), each written to `dir` as `R.ID.json`, as
/// people keep them: the paths, newest job first.
fn job_rs(dir: &std::path::Path) -> Vec<String> {
    let lines = std::fs::read_to_string(fixture("flux-jobs/live/R.jsonl")).unwrap();
    std::fs::create_dir_all(dir).unwrap();
    (lines.lines())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let path = dir.join(format!("R.{}.json", v["id"]));
            std::fs::write(&path, v["R"].to_string()).unwrap();
            path.to_string_lossy().into_owned()
        })
        .collect()
}

#[test]
fn a_job_s_own_r_beside_the_instance_r_is_what_the_job_holds() {
    let dir = std::env::temp_dir().join(format!("rscope-job-rs-{}", std::process::id()));
    let rs = job_rs(&dir);
    let r = fixture("flux-jobs/live/conf.d/R");
    // ƒ2KWFwT5 (50214207488) holds cores 0-2 of fake2: four cores fit on
    // fake3, and on fake2 only once it is gone.
    let (code, out, _) = run(&["system", &r, &rs[1]]);
    let name = &rs[1];
    assert_eq!(
        (code, out),
        (
            0,
            format!(
                "flux-jobs/live/conf.d/R: an R (RFC 20): resources\n\
                 {name}: a job's R (flux job info ID R), job ƒ2KWFwT5: the allocation\n\
                 resources: 4 nodes, fake[0-3], 16 cores (from flux-jobs/live/conf.d/R)\n\
                 running jobs: 1, on ranks 2\n\
                 rank order: 0-3 are fake[0-3]\n"
            )
        )
    );
    let every: Vec<&str> = [r.as_str()]
        .into_iter()
        .chain(rs[..3].iter().map(String::as_str))
        .collect();
    let mut args = vec!["fit", "--displace", "node=2/core=4"];
    args.extend(&every);
    assert_eq!(
        run(&args).1,
        "fits by displacing 2 running jobs: 2 slots on 2 nodes\n\
         rank[2-3]/core[0-3]\n\
         displaces ƒ2XGEF5h, which holds rank3/core[0-1]\n\
         displaces ƒ2KWFwT5, which holds rank2/core[0-2]\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_instance_with_gpus_and_queues_joins_its_jobs_and_fits_into_the_free_gpu() {
    // Recorded from flux-core (flux-jobs/gpus-queues): four nodes of eight
    // cores and two GPUs, a debug and a batch queue, four running jobs
    // that leave one GPU free, on gpu0.
    let dir = "flux-jobs/gpus-queues";
    let (r, conf, jobs) = (
        fixture(&format!("{dir}/conf.d/R")),
        fixture(&format!("{dir}/conf.d/resource.toml")),
        fixture(&format!("{dir}/jobs.json")),
    );
    assert_eq!(
        run(&["system", &r, &conf, &jobs]).1,
        "flux-jobs/gpus-queues/conf.d/R: an R (RFC 20): resources\n\
         flux-jobs/gpus-queues/conf.d/resource.toml: a system configuration: queues\n\
         flux-jobs/gpus-queues/jobs.json: a job list (flux jobs --json), 7 jobs, 4 running: the allocation\n\
         resources: 4 nodes, gpu[0-3], 32 cores, 8 GPUs (from flux-jobs/gpus-queues/conf.d/R)\n\
         running jobs: 4, on ranks 0-3\n\
         rank order: 0-3 are gpu[0-3]\n"
    );
    assert_eq!(
        run(&["fit", "node=1/gpu=1", &r, &jobs]),
        (
            0,
            "fits now: 1 slot on 1 node\nrank0/gpu1\n".to_string(),
            String::new()
        )
    );
    assert_eq!(
        run(&["fit", "node=1/gpu=2", &r, &jobs]),
        (
            3,
            "not now: node: need 1 node with 2 free GPUs, 0 are; the whole R would hold it\n"
                .to_string(),
            String::new()
        )
    );
}

#[test]
fn the_running_jobs_own_r_together_are_the_schedulers_allocated_set() {
    // Each running job's R (`flux job info ID R`, R.jsonl), appended with
    // `R append`, holds what `sched.resource-status` named allocated at
    // the same moment (resource-status.json).
    let dir = "flux-jobs/gpus-queues";
    let running = [85547024384u64, 80027320320, 72678899712, 66068676608];
    let lines = std::fs::read_to_string(fixture(&format!("{dir}/R.jsonl"))).unwrap();
    let rs: String = (lines.lines())
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .filter(|v| running.contains(&v["id"].as_u64().unwrap()))
        .map(|v| format!("{}\n", v["R"]))
        .collect();
    let appended = rscope_env(&["R", "append"], &rs, &[]);
    assert_eq!((appended.status, appended.stderr.as_str()), (0, ""));
    let status = std::fs::read_to_string(fixture(&format!("{dir}/resource-status.json"))).unwrap();
    let status: serde_json::Value = serde_json::from_str(&status).unwrap();
    let short = |r: &str| rscope_env(&["R", "decode", "--short"], r, &[]).stdout;
    let expected = "rank0/core[0-4],gpu0 rank[1-2]/core[0-7],gpu[0-1] rank3/core[0-5],gpu[0-1]\n";
    assert_eq!(short(&appended.stdout), expected);
    assert_eq!(short(&status["allocated"].to_string()), expected);
}

#[test]
fn the_recorded_schedulers_status_lists_as_flux_resource_list_listed_it() {
    // Free and allocated GPUs by queue property; the allocated set names
    // no hosts, so flux-core writes its ranks.
    let dir = "flux-jobs/gpus-queues";
    let status = std::fs::read_to_string(fixture(&format!("{dir}/resource-status.json"))).unwrap();
    let expected = std::fs::read_to_string(fixture(&format!("{dir}/resource-list.out"))).unwrap();
    let got = rscope_env(&["resource", "list", "--from-stdin"], &status, &[]);
    assert_eq!(
        (got.status, got.stdout, got.stderr),
        (0, expected, String::new())
    );
}
