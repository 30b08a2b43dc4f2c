//! The second textbook method: the columns and both diagonals in use held in hash sets, so
//! that checking a square is O(1). Squares on one diagonal share `row - col`, squares on one
//! anti-diagonal share `row + col`.

use crate::counts::Counts;
use crate::error::{Error, check_n};
use crate::method::Method;
use crate::reference::walk::{Rule, Solutions};
use crate::split::plan::{Plan, PlanId, fnv1a};
use crate::split::watch::Watch;
use std::collections::HashSet;

/// The columns and diagonals in use.
pub struct Used {
    n: usize,
    cols: HashSet<i64>,
    diagonals: HashSet<i64>,
    anti_diagonals: HashSet<i64>,
}

impl Used {
    /// Nothing in use on an `n`×`n` board.
    pub fn new(n: usize) -> Used {
        Used {
            n,
            cols: HashSet::new(),
            diagonals: HashSet::new(),
            anti_diagonals: HashSet::new(),
        }
    }
}

impl Rule for Used {
    fn n(&self) -> usize {
        self.n
    }

    fn safe(&self, row: usize) -> u64 {
        let r = row as i64;
        (0..self.n as i64)
            .filter(|&col| {
                !self.cols.contains(&col)
                    && !self.diagonals.contains(&(r - col))
                    && !self.anti_diagonals.contains(&(r + col))
            })
            .fold(0, |mask, col| mask | 1 << col)
    }

    fn place(&mut self, row: usize, col: u32) {
        let (r, c) = (row as i64, col as i64);
        self.cols.insert(c);
        self.diagonals.insert(r - c);
        self.anti_diagonals.insert(r + c);
    }

    fn lift(&mut self, row: usize, col: u32) {
        let (r, c) = (row as i64, col as i64);
        self.cols.remove(&c);
        self.diagonals.remove(&(r - c));
        self.anti_diagonals.remove(&(r + c));
    }
}

/// Every solution, in lexicographic order.
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    check_n(n)?;
    Ok(Solutions::new(Box::new(Used::new(n))))
}

/// Counts every solution.
#[cfg(test)]
fn count(n: usize) -> Result<u128, Error> {
    Ok(solutions(n)?.count() as u128)
}

/// The sets method's count as a plan of one subproblem, the whole board: so that it runs through the
/// one runner like every other count. With nothing to share out, the method has no split (see
/// [`Method::has_split`]): its count is never checkpointed, sharded or spread over threads.
pub struct SetsPlan {
    n: usize,
}

impl SetsPlan {
    /// The plan for the n×n board (1 ≤ n ≤ 64).
    pub fn new(n: usize) -> Result<SetsPlan, Error> {
        check_n(n)?;
        Ok(SetsPlan { n })
    }
}

impl Plan for SetsPlan {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: Method::Sets,
            board: None,
            subproblems: 1,
            fingerprint: fnv1a(format!("sets/n={}/whole", self.n).as_bytes()),
        }
    }
    fn len(&self) -> usize {
        1
    }
    /// Ignores the watch: the textbook walk has no place to look at it, and the method has
    /// always counted to its end once started (a stop set before is heeded by the runner).
    fn count_watched(&self, _index: usize, _watch: &Watch) -> Option<Counts> {
        let walk = Solutions::new(Box::new(Used::new(self.n)));
        Some(Counts::total(walk.count() as u128))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_come_in_lexicographic_order() {
        let first = solutions(5).unwrap().next().unwrap();
        assert_eq!(first.columns(), &[0, 2, 4, 1, 3]);
    }

    #[test]
    fn its_plan_counts_the_whole_board_as_one_subproblem() {
        let plan = SetsPlan::new(8).unwrap();
        assert_eq!((plan.len(), plan.count_one(0).total), (1, 92));
    }

    #[test]
    fn counts_q8() {
        assert_eq!(count(8).unwrap(), 92);
    }
}
