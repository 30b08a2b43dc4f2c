//! The second textbook method: the columns and both diagonals in use held in hash sets, so
//! that checking a square is O(1). Squares on one diagonal share `row - col`, squares on one
//! anti-diagonal share `row + col`.

use crate::error::{Error, check_n};
use crate::reference::walk::{Rule, Solutions};
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
