//! The first textbook method: place queens row by row on a real board and, before each
//! placement, scan the column and both diagonals above for a queen (O(n) per square).
//!
//! It is the slowest method and the easiest to believe, which is why it stays: every faster
//! engine is checked against it.

use crate::error::{Error, check_n};
use crate::reference::walk::{Rule, Solutions};

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
