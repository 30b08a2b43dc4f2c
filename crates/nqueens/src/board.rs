//! Placements: one column per row, the shared currency of every method, and the checks on them.
//!
//! Columns are `u32` rather than `usize` so that a placement of a hundred million queens (the
//! constructions in later modules) takes 400 MB rather than 800 MB.

use crate::Error;

/// The largest board the search methods accept: their masks are 64-bit words.
pub const MAX_N: usize = 64;

/// Checks that `n` is a board size the search methods accept (1 to [`MAX_N`]).
///
/// ```
/// assert!(nqueens::check_n(8).is_ok());
/// assert!(nqueens::check_n(0).is_err());
/// assert!(nqueens::check_n(65).is_err());
/// ```
pub fn check_n(n: usize) -> Result<(), Error> {
    if (1..=MAX_N).contains(&n) {
        Ok(())
    } else {
        Err(Error::NOutOfRange {
            n,
            min: 1,
            max: MAX_N,
        })
    }
}

/// One placement of `n` queens, one per row: `columns()[row]` is the column of that row's queen.
///
/// ```
/// use nqueens::Placement;
///
/// let p = Placement::new(vec![1, 3, 0, 2]);
/// assert_eq!(p.n(), 4);
/// assert!(p.is_solution());
/// assert_eq!(p.rows(), vec![".Q..", "...Q", "Q...", "..Q."]);
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
        first_conflict(&self.columns).is_none()
    }
}

impl From<Vec<u32>> for Placement {
    fn from(columns: Vec<u32>) -> Self {
        Placement::new(columns)
    }
}

/// One row of a board: `n` cells, a `Q` in column `col`, `.` elsewhere.
///
/// ```
/// assert_eq!(nqueens::board::row_string(4, 2), "..Q.");
/// ```
pub fn row_string(n: usize, col: u32) -> String {
    (0..n)
        .map(|c| if c == col as usize { 'Q' } else { '.' })
        .collect()
}

/// Why a placement is not a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// The queen of `row` stands outside the board.
    OffBoard { row: usize, col: u32 },
    /// Two queens share a column.
    Column { rows: (usize, usize), col: u32 },
    /// Two queens share a diagonal running down to the right (`row - col` is the same).
    Diagonal { rows: (usize, usize) },
    /// Two queens share a diagonal running down to the left (`row + col` is the same).
    AntiDiagonal { rows: (usize, usize) },
}

/// The first conflict of a placement, scanning rows top to bottom; `None` for a solution.
///
/// It runs in O(n) time and memory, so that boards of millions of queens are checked quickly.
///
/// ```
/// use nqueens::board::{first_conflict, Conflict};
///
/// assert_eq!(first_conflict(&[1, 3, 0, 2]), None);
/// assert_eq!(first_conflict(&[0, 1, 3, 2]), Some(Conflict::Diagonal { rows: (0, 1) }));
/// ```
pub fn first_conflict(columns: &[u32]) -> Option<Conflict> {
    let n = columns.len();
    // For each column and diagonal, the first row that used it (usize::MAX: none yet).
    let mut col_row = vec![usize::MAX; n];
    let mut diag_row = vec![usize::MAX; 2 * n];
    let mut anti_row = vec![usize::MAX; 2 * n];
    for (row, &col) in columns.iter().enumerate() {
        let c = col as usize;
        if c >= n {
            return Some(Conflict::OffBoard { row, col });
        }
        if col_row[c] != usize::MAX {
            return Some(Conflict::Column {
                rows: (col_row[c], row),
                col,
            });
        }
        let d = row + n - c; // row - col shifted to be non-negative
        if diag_row[d] != usize::MAX {
            return Some(Conflict::Diagonal {
                rows: (diag_row[d], row),
            });
        }
        let a = row + c;
        if anti_row[a] != usize::MAX {
            return Some(Conflict::AntiDiagonal {
                rows: (anti_row[a], row),
            });
        }
        col_row[c] = row;
        diag_row[d] = row;
        anti_row[a] = row;
    }
    None
}
