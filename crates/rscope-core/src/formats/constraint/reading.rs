//! Which reading of RFC 31 answers, and a constraint read both ways.
//!
//! flux-core has two: today's default scheduler (sched-simple in Python,
//! over `Rv1Pool`) and `ResourceSet.copy_constraint` read constraints with
//! the Python `Rv1Set` ([`super::rv1`]); librlist's `match.c`
//! ([`super::Constraint`]) is what the C sched-simple of earlier flux-core
//! read them with, as `flux R decode --properties` still does, and Fluxion
//! reads them as it does. They disagree (`{"or": []}`, `not` of several
//! terms, `properties` given as a string, `{}`, a host name taken for a
//! property), so a [`Selector`] holds both readings and answers with one,
//! and [`Selector::note`] says where the other would answer otherwise.

use super::rv1::Rv1Constraint;
use super::{query, to_serde, Constraint, ConstraintError, Target};
use crate::hostlist::Hostlist;
use crate::idset::IdSet;

/// A reading of RFC 31 constraints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ConstraintReading {
    /// flux-core's Python `Rv1Set`, which today's default scheduler uses.
    #[default]
    Rv1Set,
    /// librlist's `match.c` (earlier flux-core's scheduler, `flux R decode
    /// --properties`, and Fluxion's reading).
    Librlist,
}

impl ConstraintReading {
    /// The other reading.
    pub fn other(self) -> ConstraintReading {
        match self {
            ConstraintReading::Rv1Set => ConstraintReading::Librlist,
            ConstraintReading::Librlist => ConstraintReading::Rv1Set,
        }
    }

    /// Who reads constraints this way, in words.
    pub fn who(self) -> &'static str {
        match self {
            ConstraintReading::Rv1Set => {
                "Rv1Set (sched-simple in Python, flux-core's default scheduler)"
            }
            ConstraintReading::Librlist => {
                "librlist (flux-core before sched-simple in Python, and Fluxion)"
            }
        }
    }
}

/// A constraint read both ways, answering in one [`ConstraintReading`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector {
    reading: ConstraintReading,
    rv1: Rv1Constraint,
    librlist: Result<Constraint, ConstraintError>,
}

impl Selector {
    /// Read a constraint object. Neither reading refuses it yet: librlist
    /// refuses a constraint as a whole before any node is asked
    /// ([`Selector::refusal`]), `Rv1Set` what a node reaches, when it
    /// reaches it.
    pub fn from_value(value: &serde_json::Value, reading: ConstraintReading) -> Selector {
        Selector {
            reading,
            rv1: Rv1Constraint::from_json(value),
            librlist: Constraint::from_json(value),
        }
    }

    /// Read a constraint's JSON text; refused only when it is not JSON.
    pub fn parse(text: &str, reading: ConstraintReading) -> Result<Selector, ConstraintError> {
        let tree = crate::json::parse_whole(text).map_err(|d| ConstraintError {
            message: d.message,
            pointer: String::new(),
        })?;
        Ok(Selector {
            reading,
            rv1: Rv1Constraint::from_tree(&tree),
            librlist: Constraint::from_json(&to_serde(&tree)),
        })
    }

    /// Read a `--requires` query ([`query::parse`]), refused in the
    /// parser's words.
    pub fn from_query(text: &str, reading: ConstraintReading) -> Result<Selector, String> {
        let term = query::parse(text).map_err(|e| e.message)?;
        Ok(Selector::from_value(&term.to_value(), reading))
    }

    /// Read either form, told apart as [`Constraint::read`] tells them: a
    /// JSON object (`{`) or a `--requires` query.
    pub fn read(text: &str, reading: ConstraintReading) -> Result<Selector, String> {
        if text.trim_start().starts_with('{') {
            Selector::parse(text, reading).map_err(|e| e.message)
        } else {
            Selector::from_query(text, reading)
        }
    }

    /// The refusal the reading meets before asking any node: librlist's
    /// check of the whole constraint (`Rv1Set` has none).
    pub fn refusal(&self) -> Option<&ConstraintError> {
        match self.reading {
            ConstraintReading::Rv1Set => None,
            ConstraintReading::Librlist => self.librlist.as_ref().err(),
        }
    }

    /// The reading that answers.
    pub fn reading(&self) -> ConstraintReading {
        self.reading
    }

    /// The constraint as librlist reads it, unless librlist refuses it.
    pub fn librlist(&self) -> Option<&Constraint> {
        self.librlist.as_ref().ok()
    }

    /// Whether the scheduler takes this constraint as none at all:
    /// `Rv1Pool` reads a job's `constraints or None`, so `{}` is every node
    /// there (librlist reads `{}` as every node too).
    pub fn is_none_to_the_pool(&self) -> bool {
        self.reading == ConstraintReading::Rv1Set && self.rv1.is_none_to_the_pool()
    }

    /// Whether `node` satisfies the constraint, or the reading's refusal.
    pub fn matches<T: Target + ?Sized>(&self, node: &T) -> Result<bool, ConstraintError> {
        self.matches_in(self.reading, node)
    }

    fn matches_in<T: Target + ?Sized>(
        &self,
        reading: ConstraintReading,
        node: &T,
    ) -> Result<bool, ConstraintError> {
        match (reading, &self.librlist) {
            (ConstraintReading::Rv1Set, _) => self.rv1.matches(node),
            (ConstraintReading::Librlist, Ok(c)) => Ok(c.matches(node)),
            (ConstraintReading::Librlist, Err(e)) => Err(e.clone()),
        }
    }

    /// Why `node` is not selected, in words; none when it is.
    pub fn why_not<T: Target + ?Sized>(&self, node: &T) -> Result<Option<String>, ConstraintError> {
        match (self.reading, &self.librlist) {
            (ConstraintReading::Rv1Set, _) => self.rv1.why_not(node),
            (ConstraintReading::Librlist, Ok(c)) => Ok(c.why_not(node)),
            (ConstraintReading::Librlist, Err(e)) => Err(e.clone()),
        }
    }

    /// Whether each of `nodes` is selected, in their order; the nodes are
    /// asked in rank order, as `Rv1Set` asks them, so a refusal is the one
    /// the lowest rank meets.
    pub fn answers<T: Target + ?Sized>(&self, nodes: &[&T]) -> Result<Vec<bool>, ConstraintError> {
        self.answers_in(self.reading, nodes)
    }

    fn answers_in<T: Target + ?Sized>(
        &self,
        reading: ConstraintReading,
        nodes: &[&T],
    ) -> Result<Vec<bool>, ConstraintError> {
        if let (ConstraintReading::Librlist, Err(e)) = (reading, &self.librlist) {
            return Err(e.clone());
        }
        let mut order: Vec<usize> = (0..nodes.len()).collect();
        order.sort_by_key(|&i| nodes[i].rank());
        let mut out = vec![false; nodes.len()];
        for i in order {
            out[i] = self.matches_in(reading, nodes[i])?;
        }
        Ok(out)
    }

    /// The line saying that the other reading answers otherwise for
    /// `nodes` (selects other nodes, or refuses where this one does not, or
    /// the reverse): `note: librlist (…) reads this constraint otherwise:
    /// it selects every node`; none when both answer alike.
    pub fn note<T: Target + ?Sized>(&self, nodes: &[&T]) -> Option<String> {
        let here = self.answers(nodes);
        let other = self.reading.other();
        let there = self.answers_in(other, nodes);
        let differ = match (&here, &there) {
            (Ok(a), Ok(b)) => a != b,
            (Err(_), Err(_)) => false,
            _ => true,
        };
        differ.then(|| {
            format!(
                "note: {} reads this constraint otherwise: {}",
                other.who(),
                answer_words(nodes, &there)
            )
        })
    }
}

/// What an answer is, in words: `it selects foo[0,3] (ranks 0,3)`.
fn answer_words<T: Target + ?Sized>(
    nodes: &[&T],
    answer: &Result<Vec<bool>, ConstraintError>,
) -> String {
    let kept = match answer {
        Err(e) => return format!("it refuses it ({})", e.message),
        Ok(kept) => kept,
    };
    let mut chosen: Vec<&T> = (nodes.iter().zip(kept))
        .filter(|(_, k)| **k)
        .map(|(n, _)| *n)
        .collect();
    if chosen.is_empty() {
        return "it selects no node".into();
    }
    if chosen.len() == nodes.len() {
        return "it selects every node".into();
    }
    chosen.sort_by_key(|n| n.rank());
    let ranks = IdSet::from_ranges(chosen.iter().map(|n| (n.rank(), n.rank())));
    let names: Option<Vec<&str>> = chosen.iter().map(|n| n.hostname()).collect();
    match names {
        Some(names) => {
            let mut hl = Hostlist::new();
            names.iter().for_each(|h| hl.push_host(h));
            format!("it selects {hl} (ranks {ranks})")
        }
        None => format!("it selects ranks {ranks}"),
    }
}
