//! A textbook method's count as a plan of one subproblem, the whole board, so that the scan and
//! the sets run through the one runner like every other count and a job always has a plan.
//! With nothing to share out, their descriptions say they have no split: such a count is never
//! checkpointed, sharded or spread over threads.

use crate::counts::Counts;
use crate::error::Error;
use crate::method::Method;
use crate::plan::fingerprint::fnv1a;
use crate::plan::{Plan, PlanId};
use crate::progress::Watch;
use crate::reference::walk::Solutions;

/// A method's walk over every solution of the n×n board.
pub type Walk = fn(usize) -> Result<Solutions, Error>;

/// The whole board, counted in one piece by walking every solution.
pub struct WholeBoard {
    method: Method,
    n: usize,
    walk: Walk,
}

impl WholeBoard {
    /// The plan of `method`, whose solutions `walk` lists, for the n×n board; refused where the
    /// walk refuses n.
    pub fn new(method: Method, n: usize, walk: Walk) -> Result<WholeBoard, Error> {
        walk(n)?;
        Ok(WholeBoard { method, n, walk })
    }
}

impl Plan for WholeBoard {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: self.method,
            board: None,
            subproblems: 1,
            fingerprint: fnv1a(format!("{}/n={}/whole", self.method, self.n).as_bytes()),
        }
    }
    fn len(&self) -> usize {
        1
    }
    /// Ignores the watch: the textbook walk has no place to look at it, and the method has
    /// always counted to its end once started (a stop set before is heeded by the runner).
    fn count_watched(&self, _index: usize, _watch: &Watch) -> Option<Counts> {
        // The walk accepted n when the plan was made; it cannot refuse it now.
        let walk = (self.walk)(self.n).ok()?;
        Some(Counts::total(walk.count() as u128))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{naive, sets};

    #[test]
    fn the_whole_board_is_one_subproblem_counted_by_the_walk() {
        for (method, walk) in [
            (Method::Naive, naive::solutions as Walk),
            (Method::Sets, sets::solutions),
        ] {
            let plan = WholeBoard::new(method, 8, walk).unwrap();
            assert_eq!((plan.len(), plan.count_one(0).total), (1, 92));
            assert_eq!(plan.id().method, method);
            assert!(WholeBoard::new(method, 0, walk).is_err());
            assert!(WholeBoard::new(method, 65, walk).is_err());
        }
    }
}
