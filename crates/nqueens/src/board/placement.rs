//! Placements: one column per row, the shared currency of every method, and the largest board
//! the searches accept.
//!
//! Columns are `u32` rather than `usize` so that a placement of a hundred million queens (the
//! constructions of `find::construct`) takes 400 MB rather than 800 MB.

use crate::board::conflict::{Conflict, conflict};
use crate::board::glyphs::{FREE, QUEEN};
use std::fmt;

/// The largest board the search methods accept: their masks are 64-bit words.
pub const MAX_N: usize = 64;

/// One placement of `n` queens, one per row: `columns()[row]` is the column of that row's queen.
///
/// ```
/// use nqueens::Placement;
///
/// let p = Placement::new(vec![1, 3, 0, 2]);
/// assert_eq!(p.n(), 4);
/// assert!(p.is_solution());
/// assert_eq!(p.rows(), vec![".Q..", "...Q", "Q...", "..Q."]);
/// assert_eq!(p.to_string(), "2 4 1 3");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    columns: Vec<u32>,
}

impl Placement {
    /// Wraps a column list; nothing is checked (see [`Placement::is_solution`]).
    pub fn new(columns: Vec<u32>) -> Self {
        Placement { columns }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The column of each row's queen.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// Takes the column list back.
    pub fn into_columns(self) -> Vec<u32> {
        self.columns
    }

    /// The board as rows of `Q` and `.`.
    pub fn rows(&self) -> Vec<String> {
        let n = self.n();
        self.columns.iter().map(|&c| row_string(n, c)).collect()
    }

    /// True when every column is on the board and no two queens share a column or diagonal.
    pub fn is_solution(&self) -> bool {
        self.conflict().is_none()
    }

    /// The first conflict, scanning rows from the top; `None` for a solution.
    ///
    /// ```
    /// use nqueens::Placement;
    ///
    /// let p = Placement::new(vec![0, 1, 3, 2]);
    /// assert_eq!(
    ///     p.conflict().unwrap().to_string(),
    ///     "queens at row 1, column 1 and row 2, column 2 share a diagonal (\\)"
    /// );
    /// ```
    pub fn conflict(&self) -> Option<Conflict> {
        conflict(&self.columns)
    }
}

/// The 1-based column of each row, separated by spaces, as `list --format perm` prints it.
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, c) in self.columns.iter().enumerate() {
            if row > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", *c as u64 + 1)?;
        }
        Ok(())
    }
}

impl AsRef<[u32]> for Placement {
    fn as_ref(&self) -> &[u32] {
        &self.columns
    }
}

impl From<Vec<u32>> for Placement {
    fn from(columns: Vec<u32>) -> Self {
        Placement::new(columns)
    }
}

/// One row of a board: `n` cells, a [`QUEEN`] in column `col`, [`FREE`] elsewhere.
pub fn row_string(n: usize, col: u32) -> String {
    (0..n)
        .map(|c| if c == col as usize { QUEEN } else { FREE })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_holds_its_queen_in_its_column() {
        assert_eq!(row_string(4, 2), "..Q.");
    }
}
