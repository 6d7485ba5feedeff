//! A job list recognised, and the fields of its records that the system
//! reads: what a running job holds and who it runs for.
//!
//! A list of 100 000 jobs is 64 MB, and the page reads it when it is
//! opened beside an R. serde_json's `Value` (an ordered map for every
//! record) took 0.7 s natively for such a list; the crate's own tree reader
//! ([`crate::json::tree`]) borrows strings and gives an object's members
//! in one allocation, and `flux jobs --json`'s `jobs` array is built one
//! record at a time, so only one record's tree is held. Each field is what
//! serde_json's accessors (`as_u64`, `as_str`, …) gave when the records
//! were serde_json values, a repeated key's last value included.

use crate::json::tree::{self, JsonObject, Value as Tree};
use std::borrow::Cow;

/// A number as serde_json's accessors read it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number {
    /// `as_u64`: an integer from 0 to `u64::MAX`.
    pub u64: Option<u64>,
    /// `as_f64`: any number.
    pub f64: f64,
}

impl Number {
    /// A number literal's value, as serde_json reads it: an integer
    /// literal without a sign is an integer when it fits 64 bits, and
    /// anything else is a float (or a negative integer, which no field
    /// read takes).
    fn of_literal(text: &str) -> Option<Number> {
        let f64 = text.parse::<f64>().ok()?;
        let digits = text.bytes().all(|b| b.is_ascii_digit());
        let u64 = if digits {
            text.parse::<u64>().ok()
        } else {
            None
        };
        Some(Number { u64, f64 })
    }
}

/// A member's value, as far as the fields read need it.
#[derive(Clone, Debug, PartialEq)]
pub enum Scalar<'a> {
    /// A string.
    Str(Cow<'a, str>),
    /// A number.
    Num(Number),
    /// Anything else: `true`, `false`, `null`, an object or an array.
    Other,
}

impl Scalar<'_> {
    fn of_tree<'a>(v: &Tree<'a>) -> Scalar<'a> {
        match v {
            Tree::StringLit(s) => Scalar::Str(s.value.clone()),
            Tree::NumberLit(n) => Number::of_literal(n.value).map_or(Scalar::Other, Scalar::Num),
            _ => Scalar::Other,
        }
    }

    /// The number, when this is one.
    pub fn as_number(&self) -> Option<Number> {
        match self {
            Scalar::Num(n) => Some(*n),
            _ => None,
        }
    }
}

/// The fields of one job record that the system reads, each `None` when
/// the record lacks it (or, for `state`, holds it in no form flux writes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JobRecord<'a> {
    /// `id`, when an integer of 0 or more.
    pub id: Option<u64>,
    /// Whether `t_submit` is a number: with `id`, what makes a job record.
    pub t_submit: bool,
    /// `state`: a name (`flux jobs --json`) or a number (job-list objects).
    pub state: Option<Scalar<'a>>,
    /// `userid`.
    pub userid: Option<u64>,
    /// `name`, `queue`, `ranks` and `nodelist`, when strings.
    pub name: Option<Cow<'a, str>>,
    /// See [`JobRecord::name`].
    pub queue: Option<Cow<'a, str>>,
    /// See [`JobRecord::name`].
    pub ranks: Option<Cow<'a, str>>,
    /// See [`JobRecord::name`].
    pub nodelist: Option<Cow<'a, str>>,
    /// `t_run`, `t_cleanup` and `expiration`, when numbers.
    pub t_run: Option<f64>,
    /// See [`JobRecord::t_run`].
    pub t_cleanup: Option<f64>,
    /// See [`JobRecord::t_run`].
    pub expiration: Option<f64>,
    /// `annotations.sched.resource_summary`, when a string.
    pub resource_summary: Option<Cow<'a, str>>,
}

impl<'a> JobRecord<'a> {
    /// Whether this is a job record as `flux jobs --json` writes one: a
    /// numeric `id` and a `t_submit` time.
    pub fn is_job(&self) -> bool {
        self.id.is_some() && self.t_submit
    }

    /// The record an object of the tree reader is. Only the members read
    /// are looked at: a job-list object has some thirty.
    fn of_tree(o: &JsonObject<'a>) -> JobRecord<'a> {
        let mut r = JobRecord::default();
        for p in &o.properties {
            let v = &p.value;
            // Read only for the members kept: a number is parsed when read.
            let number = || Scalar::of_tree(v).as_number();
            let text = || match Scalar::of_tree(v) {
                Scalar::Str(s) => Some(s),
                _ => None,
            };
            match &*p.name.value {
                "id" => r.id = number().and_then(|n| n.u64),
                "t_submit" => r.t_submit = number().is_some(),
                "state" => r.state = Some(Scalar::of_tree(v)),
                "userid" => r.userid = number().and_then(|n| n.u64),
                "name" => r.name = text(),
                "queue" => r.queue = text(),
                "ranks" => r.ranks = text(),
                "nodelist" => r.nodelist = text(),
                "t_run" => r.t_run = number().map(|n| n.f64),
                "t_cleanup" => r.t_cleanup = number().map(|n| n.f64),
                "expiration" => r.expiration = number().map(|n| n.f64),
                "annotations" => r.resource_summary = tree_summary(v),
                _ => {}
            }
        }
        r
    }
}

/// The last member `key` of `o` (serde_json keeps a repeated key's last).
fn last<'o, 'a>(o: &'o JsonObject<'a>, key: &str) -> Option<&'o Tree<'a>> {
    o.properties
        .iter()
        .rev()
        .find(|p| p.name.value == key)
        .map(|p| &p.value)
}

/// `annotations.sched.resource_summary` from the value of `annotations`.
fn tree_summary<'a>(annotations: &Tree<'a>) -> Option<Cow<'a, str>> {
    let sched = last(annotations.as_object()?, "sched")?;
    match last(sched.as_object()?, "resource_summary")? {
        Tree::StringLit(s) => Some(s.value.clone()),
        _ => None,
    }
}

/// The job records of `text`, when it is a job list: `flux jobs --json`'s
/// object whose `jobs` array holds job records (or is empty), one record
/// alone, or one job record a line; `None` for any other text.
pub fn job_records(text: &str) -> Option<Vec<JobRecord<'_>>> {
    let start = text.trim_start();
    // Only a text whose head names jobs is read whole: every document
    // opened is asked.
    let end = (0..=start.len().min(4096))
        .rev()
        .find(|&i| start.is_char_boundary(i));
    let head = &start[..end.unwrap_or(0)];
    if !start.starts_with('{') || !(head.contains("\"jobs\"") || head.contains("\"t_submit\"")) {
        return None;
    }
    if let Some(whole) = tree::read_job_list(text) {
        return listed(&whole, text);
    }
    // Not one JSON value: one record a line, or no job list.
    let mut jobs = Vec::new();
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        let record = JobRecord::of_tree(tree::read(l)?.as_object()?);
        jobs.push(Some(record).filter(JobRecord::is_job)?);
    }
    Some(jobs)
}

/// How many jobs `text` lists, when it is a job list ([`job_records`]).
pub fn job_count(text: &str) -> Option<usize> {
    job_records(text).map(|jobs| jobs.len())
}

/// The records of a whole text read by the tree reader: its `jobs`
/// array's, or the text's own object when it has no `jobs`.
fn listed<'a>(whole: &Tree<'a>, text: &'a str) -> Option<Vec<JobRecord<'a>>> {
    let o = whole.as_object()?;
    let Some(jobs) = last(o, "jobs") else {
        return Some(vec![JobRecord::of_tree(o)]).filter(|r| r[0].is_job());
    };
    let Tree::Array(jobs) = jobs else {
        return None;
    };
    let mut records = Vec::with_capacity(jobs.len());
    for job in jobs.items(text) {
        let record = job.as_object().map(JobRecord::of_tree).unwrap_or_default();
        records.push(Some(record).filter(JobRecord::is_job)?);
    }
    Some(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    const JOB: &str = r#"{"id": 1, "t_submit": 2.5}"#;

    #[test]
    fn a_job_list_is_recognised_in_every_form() {
        assert_eq!(job_count(&format!("{{\"jobs\": [{JOB}, {JOB}]}}")), Some(2));
        assert_eq!(job_count(r#"{"jobs": []}"#), Some(0));
        assert_eq!(job_count(&format!("{JOB}\n{JOB}\r\n\n{JOB}\n")), Some(3));
        assert_eq!(job_count(JOB), Some(1), "one record alone");
        assert_eq!(job_count(r#"{"jobs": [{"id": "f1"}]}"#), None);
        assert_eq!(job_count(r#"{"jobs": {"id": 1}}"#), None);
        assert_eq!(job_count(r#"{"jobs": [1]}"#), None);
        assert_eq!(job_count(r#"{"version": 1}"#), None);
        assert_eq!(
            job_count(&format!("{JOB}\n{{\"timestamp\": 1, \"name\": \"a\"}}")),
            None
        );
        assert_eq!(job_count(&format!("{JOB}\n[1]")), None);
        assert_eq!(job_count(&format!("{JOB}\nnot json")), None);
        assert_eq!(job_count("[1]"), None);
        assert_eq!(job_count(r#"{"id": -1, "t_submit": 1}"#), None);
        assert_eq!(job_count(r#"{"id": 1.0, "t_submit": 1}"#), None);
        assert_eq!(job_count(r#"{"id": 1, "t_submit": "1"}"#), None);
    }

    /// Every record of the whole JSON value `text`.
    fn read(text: &str) -> Vec<JobRecord<'_>> {
        listed(&tree::read_job_list(text).unwrap(), text).unwrap()
    }

    #[test]
    fn each_field_is_what_serde_json_s_accessor_gave() {
        let records = read(
            r#"{"jobs": [{"id": 7, "t_submit": 1, "state": "RUN", "userid": 5, "name": "a\u00e9",
                "queue": "q", "ranks": "0-1", "nodelist": "n[0-1]", "t_run": 3, "expiration": 4.5,
                "annotations": {"sched": {"resource_summary": "rank[0-1]/core0"}}},
               {"id": 8, "t_submit": 1, "state": 16, "name": 3, "userid": -1, "t_run": "x",
                "annotations": {"sched": {"resource_summary": 1}}},
               {"id": 9, "t_submit": 1, "state": null, "annotations": [1]},
               {"id": 10, "t_submit": 1, "name": "first", "name": "last",
                "annotations": {"sched": {"resource_summary": "a"}, "sched": {}}}]}"#,
        );
        let summaries: Vec<_> = records
            .iter()
            .map(|r| r.resource_summary.as_deref())
            .collect();
        assert_eq!(summaries, [Some("rank[0-1]/core0"), None, None, None]);
        let first = &records[0];
        assert_eq!(
            (first.id, first.userid, first.state.clone()),
            (Some(7), Some(5), Some(Scalar::Str("RUN".into())))
        );
        assert_eq!(
            (first.name.as_deref(), first.queue.as_deref()),
            (Some("aé"), Some("q"))
        );
        assert_eq!(
            (first.ranks.as_deref(), first.nodelist.as_deref()),
            (Some("0-1"), Some("n[0-1]"))
        );
        assert_eq!((first.t_run, first.expiration), (Some(3.0), Some(4.5)));
        assert_eq!(
            records[1]
                .state
                .as_ref()
                .and_then(Scalar::as_number)
                .and_then(|n| n.u64),
            Some(16)
        );
        assert_eq!(
            (
                records[1].name.as_deref(),
                records[1].userid,
                records[1].t_run
            ),
            (None, None, None)
        );
        assert_eq!(records[2].state, Some(Scalar::Other));
        assert_eq!(
            records[3].name.as_deref(),
            Some("last"),
            "a repeated key's last value"
        );
        assert_eq!(records[3].state, None);
    }

    #[test]
    fn numbers_read_as_serde_json_reads_them() {
        for literal in [
            "0",
            "-0",
            "5",
            "-5",
            "1.0",
            "1e3",
            "-1E-2",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "0.1",
        ] {
            let n = Number::of_literal(literal).unwrap();
            let v: serde_json::Number = serde_json::from_str(literal).unwrap();
            assert_eq!(n.u64, v.as_u64(), "{literal}");
            assert_eq!(
                Some(n.f64.to_bits()),
                v.as_f64().map(f64::to_bits),
                "{literal}"
            );
        }
    }

    #[test]
    fn the_records_of_a_jobs_array_are_built_one_at_a_time() {
        // Only one record's tree is held while a long list is read.
        let text = format!("{{\"count\": [1], \"jobs\": [{JOB}, {JOB}, {JOB}]}}");
        let whole = tree::read_job_list(&text).unwrap();
        let jobs = whole.as_object().unwrap().properties[1].value.clone();
        let tree::Value::Array(jobs) = jobs else {
            panic!("an array");
        };
        assert_eq!((jobs.elements.len(), jobs.deferred.len()), (0, 3));
        assert_eq!(job_count(&text), Some(3));
        // Elsewhere, and in other readers, a `jobs` array is built.
        let nested = format!("{{\"a\": {{\"jobs\": [{JOB}]}}}}");
        let a = tree::read_job_list(&nested)
            .unwrap()
            .as_object()
            .unwrap()
            .properties[0]
            .value
            .clone();
        let jobs = &a.as_object().unwrap().properties[0].value;
        assert!(matches!(jobs, tree::Value::Array(j) if j.elements.len() == 1));
        assert!(
            matches!(&tree::read(&text).unwrap().as_object().unwrap().properties[1].value,
            tree::Value::Array(j) if j.elements.len() == 3)
        );
    }
}
