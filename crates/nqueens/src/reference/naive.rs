//! The first textbook method: place queens row by row on a real board and, before each
//! placement, scan the column and both diagonals above for a queen (O(n) per square).
//!
//! It is the slowest method and the easiest to believe, which is why it stays: every faster
//! engine is checked against it.

use crate::counts::Counts;
use crate::error::{Error, check_n};
use crate::method::Method;
use crate::reference::walk::{Rule, Solutions};
use crate::split::plan::{Plan, PlanId, fnv1a};
use crate::split::watch::Watch;

/// The board as squares, and the scan for attacks.
pub struct Scan {
    board: Vec<Vec<bool>>,
}

impl Scan {
    /// An empty `n`×`n` board.
    pub fn new(n: usize) -> Scan {
        Scan {
            board: vec![vec![false; n]; n],
        }
    }

    /// True when a queen at (`row`, `col`) is attacked by a queen in the rows above it.
    fn is_attacked(&self, row: usize, col: usize) -> bool {
        let n = self.board.len();
        for (r, cells) in self.board.iter().enumerate().take(row) {
            let up = row - r; // how many rows above
            if cells[col] {
                return true;
            }
            if col >= up && cells[col - up] {
                return true;
            }
            if col + up < n && cells[col + up] {
                return true;
            }
        }
        false
    }
}

impl Rule for Scan {
    fn n(&self) -> usize {
        self.board.len()
    }

    fn safe(&self, row: usize) -> u64 {
        (0..self.board.len())
            .filter(|&col| !self.is_attacked(row, col))
            .fold(0, |mask, col| mask | 1 << col)
    }

    fn place(&mut self, row: usize, col: u32) {
        self.board[row][col as usize] = true;
    }

    fn lift(&mut self, row: usize, col: u32) {
        self.board[row][col as usize] = false;
    }
}

/// Every solution, in lexicographic order.
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    check_n(n)?;
    Ok(Solutions::new(Box::new(Scan::new(n))))
}

/// Counts every solution.
#[cfg(test)]
fn count(n: usize) -> Result<u128, Error> {
    Ok(solutions(n)?.count() as u128)
}

/// The scan's count as a plan of one subproblem, the whole board: so that it runs through the
/// one runner like every other count. With nothing to share out, the method has no split (see
/// [`Method::has_split`]): its count is never checkpointed, sharded or spread over threads.
pub struct NaivePlan {
    n: usize,
}

impl NaivePlan {
    /// The plan for the n×n board (1 ≤ n ≤ 64).
    pub fn new(n: usize) -> Result<NaivePlan, Error> {
        check_n(n)?;
        Ok(NaivePlan { n })
    }
}

impl Plan for NaivePlan {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: Method::Naive,
            board: None,
            subproblems: 1,
            fingerprint: fnv1a(format!("naive/n={}/whole", self.n).as_bytes()),
        }
    }
    fn len(&self) -> usize {
        1
    }
    /// Ignores the watch: the textbook walk has no place to look at it, and the method has
    /// always counted to its end once started (a stop set before is heeded by the runner).
    fn count_watched(&self, _index: usize, _watch: &Watch) -> Option<Counts> {
        let walk = Solutions::new(Box::new(Scan::new(self.n)));
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
        let plan = NaivePlan::new(8).unwrap();
        assert_eq!((plan.len(), plan.count_one(0).total), (1, 92));
    }

    #[test]
    fn counts_q8() {
        assert_eq!(count(8).unwrap(), 92);
    }
}
