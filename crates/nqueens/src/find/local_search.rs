//! A random solution by local search: min-conflicts with queen swaps, after Sosic and Gu
//! ("3,000,000 queens in less than one minute", SIGART Bulletin, 1991).
//!
//! The board is always a permutation (one queen per row and per column), so only diagonals can
//! clash. Counters of queens on each diagonal make every question O(1):
//!
//! 1. Greedy start: row by row, swap in a random unused column whose two diagonals are still
//!    empty, giving up after a few tries. Almost every queen lands safely; a few dozen near the
//!    end do not.
//! 2. Repair: for each queen still attacked, swap its column with a random other row's when that
//!    lowers the number of collisions (queens beyond the first on each diagonal). When the count
//!    reaches zero the board is a solution.
//!
//! A run that makes no progress for a long time (small boards can get stuck) starts over from a
//! fresh random board. The random numbers come from a small generator seeded by the caller, so
//! the same seed gives the same board on every machine.

use crate::error::{Error, MemoryFor, Quantity};
use std::collections::TryReserveError;

/// The largest board [`random`] accepts: its column list and diagonal counters take about 20
/// bytes a queen.
pub const MAX_RANDOM_N: usize = 10_000_000;

/// How many random columns the greedy start tries for a row before it takes a clashing one.
const GREEDY_TRIES: u32 = 32;

/// A random solution of the `n`×`n` board, the same for the same `seed`; `Ok(None)` for `n` = 2
/// and 3, which have none. Where the system refuses the search its memory (about 20 bytes a
/// queen: 200 MB for ten million, more than a process under `ulimit -v` may have), it is
/// refused with [`Error::SolutionMemory`].
///
/// ```
/// let a = nqueens::find::random(50, 7).unwrap().unwrap();
/// assert!(nqueens::Placement::new(a.clone()).is_solution());
/// assert_eq!(nqueens::find::random(50, 7).unwrap().unwrap(), a);
/// assert_eq!(nqueens::find::random(3, 7).unwrap(), None);
/// ```
pub fn random(n: usize, seed: u64) -> Result<Option<Vec<u32>>, Error> {
    if !(1..=MAX_RANDOM_N).contains(&n) {
        return Err(Error::out_of_range(Quantity::NLarge, n, 1, MAX_RANDOM_N));
    }
    if !super::construction::has_solution(n) {
        return Ok(None);
    }
    let refused = |_| Error::SolutionMemory {
        n,
        what: MemoryFor::RandomSearch,
        bytes: 20 * n as u64,
    };
    let mut rng = SplitMix64::new(seed);
    loop {
        let mut board = Board::greedy(n, &mut rng).map_err(refused)?;
        if board.repair(&mut rng).map_err(refused)? {
            return Ok(Some(board.columns));
        }
    }
}

/// `len` zeros, or the system's refusal of their memory.
fn zeros(len: usize) -> Result<Vec<u32>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, 0);
    Ok(v)
}

/// A permutation board with queen counts on every diagonal.
struct Board {
    columns: Vec<u32>,
    /// Queens on each down-right diagonal, indexed by `row - col + n - 1`.
    down: Vec<u32>,
    /// Queens on each down-left diagonal, indexed by `row + col`.
    up: Vec<u32>,
    /// Queens beyond the first on each diagonal, summed over all diagonals: 0 for a solution.
    collisions: u64,
}

impl Board {
    fn n(&self) -> usize {
        self.columns.len()
    }

    fn down_index(&self, row: usize, col: u32) -> usize {
        row + self.n() - 1 - col as usize
    }

    fn add(&mut self, row: usize, col: u32) {
        let d = self.down_index(row, col);
        let u = row + col as usize;
        self.collisions += u64::from(self.down[d] > 0) + u64::from(self.up[u] > 0);
        self.down[d] += 1;
        self.up[u] += 1;
    }

    fn remove(&mut self, row: usize, col: u32) {
        let d = self.down_index(row, col);
        let u = row + col as usize;
        self.down[d] -= 1;
        self.up[u] -= 1;
        self.collisions -= u64::from(self.down[d] > 0) + u64::from(self.up[u] > 0);
    }

    fn attacked(&self, row: usize) -> bool {
        let col = self.columns[row];
        self.down[self.down_index(row, col)] > 1 || self.up[row + col as usize] > 1
    }

    /// Rows filled top to bottom, each from the columns not used yet, preferring safe ones.
    fn greedy(n: usize, rng: &mut SplitMix64) -> Result<Board, TryReserveError> {
        let mut columns = zeros(n)?;
        for (c, i) in columns.iter_mut().zip(0..) {
            *c = i;
        }
        let mut board = Board {
            columns,
            down: zeros(2 * n - 1)?,
            up: zeros(2 * n - 1)?,
            collisions: 0,
        };
        for row in 0..n {
            // Columns of rows >= `row` are the unused ones; pick among them.
            let left = (n - row) as u64;
            let mut pick = row + rng.below(left) as usize;
            for _ in 1..GREEDY_TRIES {
                let col = board.columns[pick];
                if board.down[board.down_index(row, col)] == 0 && board.up[row + col as usize] == 0
                {
                    break;
                }
                pick = row + rng.below(left) as usize;
            }
            board.columns.swap(row, pick);
            board.add(row, board.columns[row]);
        }
        Ok(board)
    }

    /// Swaps the columns of rows `a` and `b`, keeping the counters right.
    fn swap(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.columns[a], self.columns[b]);
        self.remove(a, ca);
        self.remove(b, cb);
        self.columns.swap(a, b);
        self.add(a, cb);
        self.add(b, ca);
    }

    /// The rows whose queens are attacked, into `rows` (emptied first).
    fn attacked_rows(&self, rows: &mut Vec<usize>) -> Result<(), TryReserveError> {
        rows.clear();
        for r in 0..self.n() {
            if self.attacked(r) {
                rows.try_reserve(1)?;
                rows.push(r);
            }
        }
        Ok(())
    }

    /// Min-conflicts repair; false when it stalls (the caller starts again). The lists of
    /// suspects can hold a row each, so their memory is asked for in a way that may fail.
    fn repair(&mut self, rng: &mut SplitMix64) -> Result<bool, TryReserveError> {
        let n = self.n();
        // Rows that may be attacked; every row a swap touches goes back on the list.
        let mut suspects = Vec::new();
        self.attacked_rows(&mut suspects)?;
        let mut next = Vec::new();
        // Enough swap attempts for any board that is not stuck: large boards need a few per
        // attacked queen, small ones (n < 10) sometimes need restarts.
        let mut budget = 64 * n as u64 + 10_000;
        while self.collisions > 0 {
            if suspects.is_empty() {
                // Cannot happen while the list is kept right, but a full scan is cheap insurance.
                self.attacked_rows(&mut suspects)?;
            }
            // Each suspect puts at most two rows on the next list.
            next.try_reserve(2 * suspects.len())?;
            for &row in &suspects {
                if !self.attacked(row) {
                    continue;
                }
                let before = self.collisions;
                let other = rng.below(n as u64) as usize;
                if other == row {
                    next.push(row);
                    continue;
                }
                self.swap(row, other);
                if self.collisions < before {
                    next.push(other);
                } else {
                    self.swap(row, other);
                }
                next.push(row);
                if budget == 0 {
                    return Ok(false);
                }
                budget -= 1;
            }
            std::mem::swap(&mut suspects, &mut next);
            next.clear();
            suspects.sort_unstable();
            suspects.dedup();
        }
        Ok(true)
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast generator with a 64-bit state, good
/// enough for a local search and fully determined by its seed.
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (bound > 0): the high half of a 128-bit product, which is fair
    /// enough here (the bias is below 2^-40 for boards of up to 10^7).
    pub(crate) fn below(&mut self, bound: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::conflict::conflict as first_conflict;

    #[test]
    fn valid_for_small_n_and_many_seeds() {
        for n in 1..=120 {
            for seed in 0..5 {
                match random(n, seed).unwrap() {
                    Some(cols) => assert_eq!(first_conflict(&cols), None, "n = {n}"),
                    None => assert!(n == 2 || n == 3),
                }
            }
        }
    }

    #[test]
    fn reproducible_and_seed_dependent() {
        let a = random(1000, 42).unwrap().unwrap();
        assert_eq!(random(1000, 42).unwrap().unwrap(), a);
        assert_ne!(random(1000, 43).unwrap().unwrap(), a);
        assert_eq!(first_conflict(&a), None);
    }

    #[test]
    fn large_board() {
        let cols = random(200_000, 1).unwrap().unwrap();
        assert_eq!(first_conflict(&cols), None);
    }

    #[test]
    fn range_is_checked() {
        assert!(random(0, 1).is_err());
        assert!(random(MAX_RANDOM_N + 1, 1).is_err());
    }

    #[test]
    fn splitmix_known_values() {
        // First outputs for seed 0, as published with the algorithm's reference code.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }
}
