//! One solution for any board size, by the classical explicit construction: no search at all.
//!
//! Searching is hopeless for large boards (the counts grow faster than exponentially, but so does
//! the work), yet a solution exists for every `n` except 2 and 3, and one can be written down
//! directly (Hoffman, Loessi and Moore, 1969). With `e` the even number `n` or `n - 1`, and
//! `m = e / 2`, rows and columns counted from 1:
//!
//! - if `e mod 6 != 2`: row `i` gets column `2i` and row `m + i` gets column `2i - 1`
//!   (`i = 1..=m`): the even columns going down the top half, the odd ones the bottom half;
//! - if `e mod 6 == 2` (the case above would put two queens on a diagonal): row `i` gets column
//!   `1 + (2(i - 1) + m - 1) mod e` and row `e + 1 - i` gets the mirror image,
//!   column `e - (2(i - 1) + m - 1) mod e`;
//! - if `n` is odd, both cases leave the main diagonal empty, so the last queen goes in the
//!   corner (`n`, `n`).
//!
//! Each row's column is a closed formula ([`Construction::column`]), so a board of a hundred
//! million queens is streamed in O(n) time and O(1) memory.

use crate::error::{Error, MemoryFor, Quantity};

/// The largest board [`Construction`] accepts: columns must fit a `u32`, and a billion queens
/// already make about ten gigabytes of output.
pub const MAX_CONSTRUCT_N: usize = 1_000_000_000;

/// True when an `n`×`n` board has a solution: every `n ≥ 1` except 2 and 3.
///
/// ```
/// use nqueens::find::has_solution;
///
/// assert!(has_solution(1));
/// assert!(!has_solution(2) && !has_solution(3));
/// assert!(has_solution(4));
/// ```
pub fn has_solution(n: usize) -> bool {
    n >= 1 && n != 2 && n != 3
}

/// The explicit solution for one board size: the column of any row in O(1).
///
/// ```
/// use nqueens::find::Construction;
///
/// let c = Construction::new(8).unwrap().expect("8 queens have a solution");
/// let columns: Vec<u32> = c.columns().collect();
/// assert_eq!(columns, vec![3, 5, 7, 1, 6, 0, 2, 4]);
/// assert_eq!(c.column(3), 1);
/// assert!(nqueens::Placement::new(columns).is_solution());
///
/// assert!(Construction::new(3).unwrap().is_none());
/// assert!(Construction::new(0).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Construction {
    n: u64,
    /// The even part of the board, `n` or `n - 1`; an odd `n` adds the corner queen.
    even: u64,
    /// Which of the two formulas the even part uses.
    shifted: bool,
}

impl Construction {
    /// The construction for `n`; `Ok(None)` for `n` = 2 and 3, which have no solution, and an
    /// error outside 1 to [`MAX_CONSTRUCT_N`].
    pub fn new(n: usize) -> Result<Option<Construction>, Error> {
        if !(1..=MAX_CONSTRUCT_N).contains(&n) {
            return Err(Error::out_of_range(Quantity::NLarge, n, 1, MAX_CONSTRUCT_N));
        }
        if !has_solution(n) {
            return Ok(None);
        }
        let n = n as u64;
        let even = n & !1;
        Ok(Some(Construction {
            n,
            even,
            shifted: even % 6 == 2,
        }))
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The 0-based column of the queen in `row` (0-based).
    ///
    /// # Panics
    ///
    /// If `row` is not on the board.
    pub fn column(&self, row: usize) -> u32 {
        let r = row as u64;
        assert!(r < self.n, "row {row} is off a board of {} rows", self.n);
        let e = self.even;
        if r == e {
            // The corner queen of an odd board.
            return r as u32;
        }
        let m = e / 2;
        let col = if !self.shifted {
            if r < m { 2 * r + 1 } else { 2 * (r - m) }
        } else if r < m {
            (2 * r + m - 1) % e
        } else {
            // Row e - r (1-based i = e - r) mirrors row i - 1 of the top half.
            let i = e - r;
            e - 1 - (2 * (i - 1) + m - 1) % e
        };
        col as u32
    }

    /// The columns of rows 0, 1, ..., n - 1, computed as they are read.
    pub fn columns(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        (0..self.n as usize).map(move |row| self.column(row))
    }
}

/// One solution by construction ([`Construction`]) as a column list, or `Ok(None)` when `n`
/// has none (2 and 3). The list takes 4 bytes a queen (4 GB for a billion), which the system
/// may refuse: that is [`Error::SolutionMemory`], where [`Construction::columns`] streams the
/// same columns in no memory at all.
///
/// ```
/// let cols = nqueens::find::construct(5).unwrap().unwrap();
/// assert_eq!(cols, vec![1, 3, 0, 2, 4]);
/// assert_eq!(nqueens::find::construct(2).unwrap(), None);
/// ```
pub fn construct(n: usize) -> Result<Option<Vec<u32>>, Error> {
    let Some(c) = Construction::new(n)? else {
        return Ok(None);
    };
    let mut columns = Vec::new();
    columns
        .try_reserve_exact(n)
        .map_err(|_| Error::SolutionMemory {
            n,
            what: MemoryFor::Columns,
            bytes: 4 * n as u64,
        })?;
    columns.extend(c.columns());
    Ok(Some(columns))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::conflict::conflict as first_conflict;

    #[test]
    fn valid_for_every_small_n() {
        for n in 1..=3000 {
            match construct(n).unwrap() {
                Some(cols) => {
                    assert_eq!(cols.len(), n);
                    assert_eq!(first_conflict(&cols), None, "n = {n}");
                }
                None => assert!(n == 2 || n == 3, "n = {n} has a solution"),
            }
        }
    }

    #[test]
    fn both_formulas_and_the_corner_are_used() {
        // 8 = 6*1 + 2 takes the shifted formula, 9 the same plus the corner, 10 the plain one.
        assert!(Construction::new(8).unwrap().unwrap().shifted);
        let nine = Construction::new(9).unwrap().unwrap();
        assert!(nine.shifted);
        assert_eq!(nine.column(8), 8);
        assert!(!Construction::new(10).unwrap().unwrap().shifted);
    }

    #[test]
    fn range_is_checked() {
        assert!(Construction::new(0).is_err());
        assert!(Construction::new(MAX_CONSTRUCT_N + 1).is_err());
        let big = Construction::new(MAX_CONSTRUCT_N).unwrap().unwrap();
        assert_eq!(
            big.column(MAX_CONSTRUCT_N - 1) as usize,
            MAX_CONSTRUCT_N - 2
        );
    }
}
