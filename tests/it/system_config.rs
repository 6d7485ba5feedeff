//! `rscope config`: a system configuration's R, re-ranked by its
//! `[bootstrap] hosts`, the rank↔host table and the findings.

use crate::fixtures::fixture;
use crate::support::rscope;

const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tiny[1-4]"]}}"#;

#[test]
fn a_conf_d_in_another_order_than_its_bootstrap_hosts_is_reranked() {
    let o = rscope(&["config", &fixture("config/tiny")], "");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    let reranked = R.replace("tiny[1-4]", "tiny[4,1-3]");
    assert_eq!(
        o.stdout,
        format!(
            "R:\n{R}\nR re-ranked by [bootstrap] hosts, as the instance ranks it:\n{reranked}\n\
             RANK  [bootstrap] hosts  R\n\
             \x20  0  tiny4              tiny1\n\
             \x20  1  tiny1              tiny2\n\
             \x20  2  tiny2              tiny3\n\
             \x20  3  tiny3              tiny4\n\
             note: the instance re-ranks this R by [bootstrap] hosts, so these ranks move\n\
             note: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts\n\
             note: rank 1 is tiny2 in the R but tiny1 in [bootstrap] hosts\n\
             note: rank 2 is tiny3 in the R but tiny2 in [bootstrap] hosts\n\
             note: rank 3 is tiny4 in the R but tiny3 in [bootstrap] hosts\n\
             note: key 'bootstrap.curve_cert' read and ignored\n\
             note: key 'resource.noverify' read and ignored\n"
        )
    );
}

#[test]
fn an_r_checked_against_the_configuration_fails_on_each_rank_that_differs() {
    let dir = std::env::temp_dir().join(format!("rscope-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let r = dir.join("R.json");
    let reranked = R.replace("tiny[1-4]", "tiny[4,1-3]");
    std::fs::write(&r, &reranked).unwrap();
    let bootstrap = fixture("config/tiny/10-bootstrap.toml");
    let o = rscope(&["config", &bootstrap, "--r", &r.display().to_string()], "");
    assert_eq!((o.status, o.stderr.as_str()), (0, ""));
    assert!(
        o.stdout.ends_with(
            "   3  tiny3              tiny3\nnote: key 'bootstrap.curve_cert' read and ignored\n"
        ),
        "{}",
        o.stdout
    );
    std::fs::write(&r, R).unwrap();
    let o = rscope(&["config", &bootstrap, "--r", &r.display().to_string()], "");
    assert_eq!(o.status, 1);
    assert!(o
        .stdout
        .contains("error: rank 0 is tiny1 in the R but tiny4 in [bootstrap] hosts\n"));
    assert!(!o.stdout.contains("re-ranked"));
    let _ = std::fs::remove_dir_all(&dir);
    let o = rscope(&["config", "/nonexistent/conf.d"], "");
    assert_eq!(o.status, 1);
    assert_eq!(
        o.stderr,
        "rscope: /nonexistent/conf.d: No such file or directory (os error 2)\n"
    );
}
