//! `rscope constraint parse|match` as functions of text: the CLI and the
//! JS API's `constraintParse` and `constraintMatch` call these, so both
//! give the same bytes. The reading is [`crate::constraint`]'s, `Rv1Set`'s
//! unless librlist's is asked for ([`ConstraintReading`]); the nodes are
//! selected by [`setops::copy_constraint`], as `rscope R decode` prints an
//! R.

use crate::constraint::query::{self, QueryError};
use crate::constraint::{ConstraintReading, Selector};
use crate::setops::{self, Inputs, Refusal};

/// The RFC 31 JSON of a `--requires` query, on one line as Python's
/// `json.dumps` writes it (what `rscope constraint parse` prints, without
/// its newline), or the reference parser's refusal with its bytes.
pub fn parse(query: &str) -> Result<String, QueryError> {
    query::parse(query).map(|term| term.to_python_json())
}

/// The constraint `text` is, in the default reading (`Rv1Set`'s): an RFC
/// 31 JSON object, or with `query` a `--requires` query.
pub fn constraint_of(text: &str, query: bool) -> Result<Selector, String> {
    read_constraint(text, query, ConstraintReading::default())
}

/// The constraint `text` is, answering in `reading`: an RFC 31 JSON
/// object, or with `query` a `--requires` query; refused here when it is
/// not JSON or not a query, and otherwise by [`select`], in the reading's
/// words (librlist's before any node is asked), so that `--why` can say
/// what the other reading answers.
pub fn read_constraint(
    text: &str,
    query: bool,
    reading: ConstraintReading,
) -> Result<Selector, String> {
    if query {
        Selector::from_query(text, reading)
    } else {
        Selector::parse(text, reading).map_err(|e| e.message)
    }
}

/// What `rscope constraint match` prints for `inputs`: the R of the nodes
/// `constraint` selects, or with `why` each node left out and why, one a
/// line, and a last line when the other reading answers otherwise
/// ([`Selector::note`]), which a refusal carries too.
pub fn select(inputs: &Inputs, constraint: &Selector, why: bool) -> Result<String, Refusal> {
    if why {
        setops::constraint_reasons(inputs, constraint)
    } else {
        setops::copy_constraint(inputs, constraint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: &str = r#"{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}], "nodelist": ["foo[1-3]"], "properties": {"gpu": "0-1"}, "starttime": 0, "expiration": 0}}"#;

    #[test]
    fn a_query_prints_as_json_dumps_and_a_refusal_keeps_its_bytes() {
        assert_eq!(
            parse("gpu -host:foo3").unwrap(),
            r#"{"and": [{"properties": ["gpu"]}, {"not": [{"hostlist": ["foo3"]}]}]}"#
        );
        let e = parse("gpu and (").unwrap_err();
        assert_eq!(e.span, 9..9);
    }

    #[test]
    fn both_forms_select_the_same_nodes_and_say_why_the_others_are_not() {
        let inputs = Inputs {
            exiting: false,
            ..Inputs::stdin(R)
        };
        let json = constraint_of(r#"{"properties": ["gpu"]}"#, false).unwrap();
        let query = constraint_of("gpu", true).unwrap();
        let a = select(&inputs, &json, false).unwrap();
        assert_eq!(a, select(&inputs, &query, false).unwrap());
        assert!(a.contains(r#""nodelist": ["foo[1-2]"]"#), "{a}");
        assert_eq!(
            select(&inputs, &query, true).unwrap(),
            "foo3 (rank 2): lacks property gpu\n"
        );
        let unknown = constraint_of(r#"{"prop": ["gpu"]}"#, false).unwrap();
        assert_eq!(
            select(&inputs, &unknown, false).unwrap_err().message,
            "unknown constraint operator(s): ['prop']"
        );
        // Refused by both readings: no note.
        let librlist =
            read_constraint(r#"{"prop": ["gpu"]}"#, false, ConstraintReading::Librlist).unwrap();
        assert_eq!(
            select(&inputs, &librlist, true).unwrap_err().message,
            "unknown constraint operator: prop"
        );
        let librlist = read_constraint(
            r#"{"properties": "gpu"}"#,
            false,
            ConstraintReading::Librlist,
        )
        .unwrap();
        assert_eq!(
            select(&inputs, &librlist, true).unwrap_err().message,
            "properties value must be an array\nnote: Rv1Set (sched-simple in Python, flux-core's default scheduler) reads this constraint otherwise: it selects no node"
        );
    }
}
