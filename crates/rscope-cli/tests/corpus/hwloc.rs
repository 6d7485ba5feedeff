//! flux-core's own hwloc topologies (`hwloc-data/`: sierra, corona, ipa20
//! and tuo in its SPX, TPX and CPX modes) through `rscope R encode --xml`,
//! with the answers flux-core's t0026-flux-R.t and
//! t0042-rhwloc-gpu-dedup.t expect of `flux R encode --xml`.

use crate::shared;
use crate::support::rscope_env;

/// `rscope R encode --xml FILE | rscope R decode ARGS`, with `env`.
fn encode_decode(file: &str, decode: &[&str], env: &[(&str, &str)]) -> String {
    let path = shared(&format!("samples/flux-core/hwloc-data/{file}"));
    let path = path.display().to_string();
    let r = rscope_env(&["R", "encode", "--xml", &path], "", env);
    assert_eq!(r.status, 0, "{file}: {}", r.stderr);
    let mut args = vec!["R", "decode"];
    args.extend_from_slice(decode);
    let out = rscope_env(&args, &r.stdout, &[]);
    assert_eq!(out.status, 0, "{file}: {}", out.stderr);
    out.stdout
}

#[test]
fn encode_xml_answers_as_t0026() {
    assert_eq!(
        encode_decode("sierra.xml", &["--short"], &[]),
        "rank0/core[0-43],gpu[0-3]\n"
    );
    assert_eq!(
        encode_decode("corona.xml", &["--short"], &[]),
        "rank0/core[0-47],gpu[0-7]\n"
    );
}

#[test]
fn gpu_dedup_answers_as_t0042() {
    let no_dedup = [("FLUX_HWLOC_GPU_NO_DEDUP", "1")];
    for (file, dedup, all) in [
        ("ipa20.xml", "4\n", Some("12\n")),
        ("tuo.SPX.xml", "4\n", None),
        ("tuo.CPX.xml", "24\n", Some("24\n")),
        ("tuo.TPX.xml", "12\n", None),
    ] {
        assert_eq!(
            encode_decode(file, &["--count", "gpu"], &[]),
            dedup,
            "{file}"
        );
        if let Some(all) = all {
            assert_eq!(
                encode_decode(file, &["--count", "gpu"], &no_dedup),
                all,
                "{file} without de-duplication"
            );
        }
    }
}
