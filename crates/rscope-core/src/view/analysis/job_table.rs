//! The running jobs of a job list in a tab's system as the page's job
//! table lists them: one row a job (its id, name, user, queue, ranks,
//! what it holds, how long it has run and has left), sorted by a
//! [`TableSort`] as history's figures are and filtered by words
//! ([`FigureTable::matching`]). Selecting a row outlines the job's nodes
//! on the grid, which the grid's colouring by job fills in.

use super::figures::{FigureRow, FigureTable, SortKey, TableSort};
use crate::grid::jobs::{JobRow, JobsOnGrid};
use crate::words::duration;

/// What a missing cell shows.
const NONE: &str = "—";

/// The table of `jobs`, in the list's order at first.
pub fn job_table(jobs: &JobsOnGrid) -> FigureTable {
    let headings = [
        "Job", "Name", "User", "Queue", "Ranks", "Holds", "Running", "Left",
    ];
    FigureTable {
        caption: match jobs.moment() {
            Some(at) => format!("Jobs running at {}", crate::time::utc(at)),
            None => "Running jobs".into(),
        },
        headings: headings.iter().map(|h| h.to_string()).collect(),
        numeric: vec![false, false, true, false, false, false, true, true],
        rows: jobs.rows().iter().enumerate().map(job_row).collect(),
        sort: TableSort {
            column: 0,
            descending: false,
        },
    }
}

/// The `k`-th job's row: the job column sorts in the list's order, the
/// ranks by the first, what it holds by its nodes' count.
fn job_row((k, job): (usize, &JobRow)) -> FigureRow {
    let text = |t: Option<String>| t.unwrap_or_else(|| NONE.into());
    let key = |t: &Option<String>| SortKey::Text(t.clone().unwrap_or_default());
    let left = match job.left {
        Some(s) if s < 0.0 => format!("past its end by {}", duration(s)),
        Some(s) => duration(s),
        None => "no limit".into(),
    };
    FigureRow {
        cells: vec![
            job.id.clone(),
            text(job.name.clone()),
            text(job.user.map(|u| u.to_string())),
            text(job.queue.clone()),
            job.ranks.to_string(),
            job.holds.clone(),
            text(job.running.map(duration)),
            left,
        ],
        keys: vec![
            SortKey::Num(Some(k as f64)),
            key(&job.name),
            SortKey::Num(job.user.map(|u| u as f64)),
            key(&job.queue),
            SortKey::Num(job.ranks.first().map(f64::from)),
            SortKey::Num(Some(job.ranks.len() as f64)),
            SortKey::Num(job.running),
            SortKey::Num(job.left),
        ],
        bar: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = r#"{"jobs": [
      {"id": 1001, "t_submit": 1.0, "userid": 5001, "state": "RUN", "name": "lammps", "queue": "batch",
       "t_run": 1000.0, "expiration": 90000.0,
       "annotations": {"sched": {"resource_summary": "rank[0-1]/core[0-3],gpu[0-1]"}}},
      {"id": 2002, "t_submit": 1.0, "userid": 5002, "state": "RUN", "ranks": "2", "expiration": 1500.0}
    ]}"#;

    #[test]
    fn each_running_job_is_a_row_sorted_and_filtered_as_figures_are() {
        let jobs = JobsOnGrid::of(&crate::jobs::held_jobs(LIST).unwrap(), 4600.0).unwrap();
        let table = job_table(&jobs);
        let cells: Vec<String> = table.rows.iter().map(|r| r.cells.join(" | ")).collect();
        assert_eq!(
            cells,
            [
                "ƒJG | lammps | 5001 | batch | 0-1 | 8 cores and 4 gpus on 2 nodes | 1 hour | 23 hours 43 minutes",
                "ƒbX | — | 5002 | — | 2 | 1 node (whole) | — | past its end by 51 minutes 40 seconds"
            ]
        );
        assert_eq!(table.sort.order(&table), [0, 1]);
        let by_user = table.sort.by(2, true);
        assert_eq!(by_user.order(&table), [1, 0], "largest user id first");
        assert_eq!(table.matching("LAMMPS"), [true, false]);
        assert_eq!(table.matching("bx"), [false, true]);
        assert_eq!(table.matching(" "), [true, true]);
    }
}
