//! The page's three workers, given to its components through a yew
//! context ([`Workers`]): the analysis, the set workbench, and shapes and
//! fits. Each is a [`crate::channel::Channel`], made once for the
//! page's life; the set and shape workers start at their first use, so a
//! page nobody combines tabs or fits shapes on loads no second copy of the
//! core. An embedded view, which is given no context, makes its own
//! ([`crate::hooks::use_workers`]); in the element's bundle none of
//! them starts a worker.

use crate::analysis_worker::{analyst, Analyst};
use crate::setops_worker::SetopsWorker;
use crate::shape_worker::Shapes;
use std::rc::Rc;

/// The page's workers, shared; equal when they are the same ones.
#[derive(Clone)]
pub struct Workers {
    /// The analysis of tabs, other tabs' sets, compare views.
    pub analysis: Rc<Analyst>,
    /// The set workbench.
    pub setops: Rc<SetopsWorker>,
    /// Shapes, fits and the job queue.
    pub shapes: Rc<Shapes>,
}

impl Workers {
    /// The workers of a new page: the analysis worker starts now.
    pub fn new() -> Workers {
        Workers {
            analysis: Rc::new(analyst()),
            setops: Rc::default(),
            shapes: Rc::default(),
        }
    }
}

impl Default for Workers {
    fn default() -> Self {
        Workers::new()
    }
}

impl PartialEq for Workers {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.analysis, &other.analysis)
    }
}
