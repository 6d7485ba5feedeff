//! Fuzz `rscope jobs` (`formats/jobs/`): Python's JSON reader and
//! `JobInfo` over any text, printed with a named format or a format read
//! from the input's first line, sorted, coloured, cut, or as `--json`,
//! and mapped over an R (`rscope jobs map`), and joined to an R's system
//! (`System::read`: what running jobs hold, and the findings) and laid
//! on the page's grid and job table (`JobsOnGrid`), and asked what a
//! request would displace of its running jobs (`fit --displace`). No text
//! may panic them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rscope_core::jobs::{job_map, jobs, read_any, Context, F58Prefix, JobsOptions};

const FORMATS: [&str; 5] = ["default", "long", "endreason", "deps", "cute"];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let names = |uid: u32| (uid == 0).then(|| "root".to_string());
    let (first, lines) = text.split_once('\n').unwrap_or((text, ""));
    let (format, input) = match usize::from(choice % 8) {
        i if i < FORMATS.len() => (FORMATS[i], text),
        _ => (first, lines),
    };
    let opts = JobsOptions {
        format: format.to_string(),
        json: choice & 0x10 != 0,
        sort: (choice & 0x20 != 0).then(|| "-status,runtime,id".to_string()),
        width: (choice & 0x40 != 0).then_some(40),
        color: choice & 0x80 != 0,
        ..JobsOptions::at(1_700_000_000.0)
    };
    let _ = jobs(input, &opts, &names);
    if choice & 7 == 7 {
        let context = Context { now: 1_700_000_000.0, prefix: F58Prefix::Hook, user_name: &names };
        if let (Ok(list), Ok(r)) = (read_any(input, context), rscope_core::rset::load(R)) {
            let _ = job_map(&list, &r);
        }
    }
    if choice & 7 == 6 {
        let system = rscope_core::system::System::read(&[("R", R), ("jobs", input)]);
        let _ = (system.describe(), system.schedulable("fit"));
        // And what each of a few shapes would displace of its jobs.
        for shape in ["node=1/core=4", "node=2/slot/[core=2;gpu=1]", "slot=9/core=1", "node=4{x}"] {
            if let Ok(request) = rscope_core::fit::answer::request_of(shape, None) {
                let _ = system.displace(&request, rscope_core::fit::Policy::Worst);
            }
        }
        // And laid on the page's grid: coloured by job, user and queue,
        // and listed in the job table.
        let held = rscope_core::jobs::held_jobs(input).unwrap_or_default();
        if let Some(on) = rscope_core::grid::jobs::JobsOnGrid::of(&held, 1_700_000_000.0) {
            use rscope_core::grid::jobs::JobKey;
            for key in [JobKey::Job, JobKey::User, JobKey::Queue] {
                let _ = on.overlay(key).legend();
            }
            let table = rscope_core::analysis::job_table::job_table(&on);
            let _ = (table.sort.order(&table), table.matching("a"), on.tip(0, "core", 0));
        }
    }
});

/// The instance R the map is drawn over.
const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-3", "gpu": "0-1"}}], "nodelist": ["n[0-3]"]}}"#;
