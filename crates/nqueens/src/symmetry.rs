//! The eight symmetries of the square and what they make of the solutions: each [`Symmetry`]
//! and its images of a placement ([`images`]), the one of a class that stands for it
//! ([`canonical`], the lexicographically smallest image, and [`is_canonical`]), how many a class
//! holds ([`class_size`]), and the classes a count finds ([`SymmetryClasses`]).
//!
//! ```
//! use nqueens::symmetry::{canonical, class_size};
//!
//! assert_eq!(canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
//! assert_eq!(class_size(&[1, 3, 0, 2]), Ok(2));
//! ```
//!
//! Counting engines that visit one board per class need these to know how much each visit
//! weighs; unique listings need them to pick one representative per class; tests need them to
//! check that the representatives cover every solution.

use crate::board::conflict::{Conflict, conflict};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use std::ops::Add;

/// One of the eight symmetries of the square (the dihedral group of order 8).
///
/// ```
/// use nqueens::symmetry::Symmetry;
///
/// // A quarter turn clockwise takes the top-left corner to the top-right corner.
/// assert_eq!(Symmetry::Rot90.cell(4, 0, 0), (0, 3));
/// assert_eq!(Symmetry::ALL.len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A quarter turn clockwise.
    Rot90,
    /// A half turn.
    Rot180,
    /// Three quarter turns clockwise.
    Rot270,
    /// Left and right swapped.
    MirrorColumns,
    /// Top and bottom swapped.
    MirrorRows,
    /// Reflection in the main diagonal (row and column swapped).
    Transpose,
    /// Reflection in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Rot270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the cell at (`row`, `col`) of an `n`×`n` board goes.
    ///
    /// ```
    /// use nqueens::symmetry::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rot180.cell(8, 0, 1), (7, 6));
    /// assert_eq!(Symmetry::Transpose.cell(8, 0, 1), (1, 0));
    /// ```
    pub fn cell(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let last = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rot90 => (col, last - row),
            Symmetry::Rot180 => (last - row, last - col),
            Symmetry::Rot270 => (last - col, row),
            Symmetry::MirrorColumns => (row, last - col),
            Symmetry::MirrorRows => (last - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last - col, last - row),
        }
    }

    /// The image of a placement (one column per row; every column used once, as in a solution).
    ///
    /// # Panics
    ///
    /// When `columns` is not such a placement (a column out of range, or one used twice): a
    /// programming error, checked before anything is computed.
    ///
    /// ```
    /// use nqueens::symmetry::Symmetry;
    ///
    /// assert_eq!(Symmetry::MirrorColumns.apply(&[1, 3, 0, 2]), vec![2, 0, 3, 1]);
    /// assert_eq!(Symmetry::Rot90.apply(&[1, 3, 0, 2]), vec![1, 3, 0, 2]);
    /// ```
    pub fn apply(self, columns: &[u32]) -> Vec<u32> {
        check_placement(columns);
        let n = columns.len();
        let mut out = vec![0u32; n];
        for (row, &col) in columns.iter().enumerate() {
            let (r, c) = self.cell(n, row, col as usize);
            out[r] = c as u32;
        }
        out
    }
}

/// The eight images of a solution, in the order of [`Symmetry::ALL`] (some may be equal).
///
/// # Panics
///
/// As [`Symmetry::apply`]: when `columns` uses a column out of range or one twice.
///
/// ```
/// let images = nqueens::symmetry::images(&[1, 3, 0, 2]);
/// assert_eq!(images[0], vec![1, 3, 0, 2]);
/// assert_eq!(images[4], vec![2, 0, 3, 1]);
/// ```
pub fn images(columns: &[u32]) -> [Vec<u32>; 8] {
    Symmetry::ALL.map(|s| s.apply(columns))
}

/// The representative of a solution's class: the lexicographically smallest of its images.
///
/// # Panics
///
/// As [`Symmetry::apply`]: when `columns` uses a column out of range or one twice.
///
/// ```
/// assert_eq!(nqueens::symmetry::canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
/// ```
pub fn canonical(columns: &[u32]) -> Vec<u32> {
    images(columns)
        .into_iter()
        .min()
        .unwrap_or_else(|| columns.to_vec())
}

/// True when the solution is its class's representative (no image is smaller).
///
/// # Panics
///
/// As [`Symmetry::apply`]: when `columns` uses a column out of range or one twice.
///
/// ```
/// assert!(nqueens::symmetry::is_canonical(&[1, 3, 0, 2]));
/// assert!(!nqueens::symmetry::is_canonical(&[2, 0, 3, 1]));
/// ```
pub fn is_canonical(columns: &[u32]) -> bool {
    check_placement(columns);
    // Most solutions fail early, so compare image by image rather than building all eight.
    Symmetry::ALL[1..]
        .iter()
        .all(|s| s.apply(columns).as_slice() >= columns)
}

/// How many distinct boards the solution's class holds: 1 (only n = 1), 2 (a quarter turn maps
/// it to itself), 4 (only a half turn does) or 8.
///
/// No solution of two or more queens is its own mirror image, so the rotations decide it; a
/// placement that is not a solution may be its own mirror image, and the rotations would then
/// miscount its class. So `columns` must be a solution, and is refused with its first
/// [`Conflict`] otherwise (a column off the board, two queens in one column or on one
/// diagonal).
///
/// ```
/// use nqueens::symmetry::class_size;
///
/// assert_eq!(class_size(&[0]), Ok(1));
/// assert_eq!(class_size(&[1, 3, 0, 2]), Ok(2));
/// assert_eq!(class_size(&[0, 4, 7, 5, 2, 6, 1, 3]), Ok(8));
/// assert_eq!(
///     class_size(&[1, 3, 1, 2]).unwrap_err().to_string(),
///     "queens at row 1, column 2 and row 3, column 2 share a column"
/// );
/// ```
pub fn class_size(columns: &[u32]) -> Result<u32, Conflict> {
    match conflict(columns) {
        Some(c) => Err(c),
        None => Ok(solution_class_size(columns)),
    }
}

/// [`class_size`] of a placement known to be a solution (the searches' own), without checking
/// it again.
pub(crate) fn solution_class_size(columns: &[u32]) -> u32 {
    if columns.len() <= 1 {
        return 1;
    }
    if Symmetry::Rot90.apply(columns) == columns {
        2
    } else if Symmetry::Rot180.apply(columns) == columns {
        4
    } else {
        8
    }
}

/// Panics unless `columns` puts one queen per row in distinct columns of the board: what the
/// images of a placement need, and a caller's mistake otherwise. Boards up to 64 columns, the
/// usual case, are checked without allocating.
fn check_placement(columns: &[u32]) {
    let n = columns.len();
    let mut small = 0u64;
    let mut large = if n > 64 { vec![false; n] } else { Vec::new() };
    for (row, &col) in columns.iter().enumerate() {
        let c = col as usize;
        assert!(
            c < n,
            "row {row} has column {col}, outside a board of {n} columns (0 to {})",
            n.saturating_sub(1)
        );
        let seen = if n > 64 {
            std::mem::replace(&mut large[c], true)
        } else {
            let before = small >> c & 1 == 1;
            small |= 1 << c;
            before
        };
        assert!(
            !seen,
            "column {col} is used twice: a placement uses each column once"
        );
    }
}

/// How many unique solutions (classes under the board's 8 symmetries) have each kind of symmetry.
///
/// A class with 90° symmetry has 2 distinct boards, one with only 180° symmetry has 4, and an
/// asymmetric one has 8, so `total = 2·rot90 + 4·rot180 + 8·asymmetric` for every n but 1. The
/// one board of n = 1 is its own image under all eight symmetries: a class of 1 board, the only
/// one, filed with the quarter-turn classes (`rot90: 1` for a total of 1).
/// [`boards`](Self::boards) knows that case; [`total`](Self::total), which is not told n, does
/// not.
///
/// ```
/// use nqueens::symmetry::SymmetryClasses;
///
/// // n = 8: 12 unique solutions, one of them 180°-symmetric.
/// let c = SymmetryClasses { rot90: 0, rot180: 1, asymmetric: 11 };
/// assert_eq!(c.unique(), 12);
/// assert_eq!(c.total(), 92);
/// assert_eq!(c.boards(8), Some(92));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct SymmetryClasses {
    /// Classes invariant under a quarter turn (2 boards each; n = 1's lone class, invariant
    /// under every symmetry, is counted here and holds 1 board).
    pub rot90: u128,
    /// Classes invariant under a half turn but not a quarter turn (4 boards each).
    pub rot180: u128,
    /// Classes with no rotational symmetry (8 boards each).
    pub asymmetric: u128,
}

impl SymmetryClasses {
    /// The number of classes.
    pub fn unique(&self) -> u128 {
        self.rot90 + self.rot180 + self.asymmetric
    }

    /// The number of boards in all classes together, `2·rot90 + 4·rot180 + 8·asymmetric`, on
    /// a board of 2 or more rows: the classes of n = 1 and n = 4 are both `rot90: 1`, of 1 board
    /// and of 2, so only [`boards`](Self::boards), told n, counts n = 1 right.
    pub fn total(&self) -> u128 {
        2 * self.rot90 + 4 * self.rot180 + 8 * self.asymmetric
    }

    /// The number of boards these classes of the n×n board hold: `2·rot90 + 4·rot180 +
    /// 8·asymmetric`, and for n = 1, whose one class holds 1 board, `rot90`. `None` when the sum
    /// overflows 128 bits, or for n = 1 classes other than quarter-turn ones, which it has none
    /// of.
    ///
    /// ```
    /// use nqueens::symmetry::SymmetryClasses;
    ///
    /// let one = SymmetryClasses { rot90: 1, rot180: 0, asymmetric: 0 };
    /// assert_eq!(one.boards(1), Some(1)); // the lone queen
    /// assert_eq!(one.boards(4), Some(2)); // two boards, each the other's quarter turn
    /// let many = SymmetryClasses { rot90: u128::MAX, rot180: 0, asymmetric: 0 };
    /// assert_eq!(many.boards(8), None);
    /// ```
    pub fn boards(&self, n: usize) -> Option<u128> {
        if n == 1 {
            return (self.rot180 == 0 && self.asymmetric == 0).then_some(self.rot90);
        }
        self.rot90
            .checked_mul(2)?
            .checked_add(self.rot180.checked_mul(4)?)?
            .checked_add(self.asymmetric.checked_mul(8)?)
    }

    /// The sum, or `None` when a field would overflow.
    pub fn checked_add(self, o: SymmetryClasses) -> Option<SymmetryClasses> {
        Some(SymmetryClasses {
            rot90: self.rot90.checked_add(o.rot90)?,
            rot180: self.rot180.checked_add(o.rot180)?,
            asymmetric: self.asymmetric.checked_add(o.asymmetric)?,
        })
    }
}

impl Add for SymmetryClasses {
    type Output = SymmetryClasses;
    fn add(self, o: SymmetryClasses) -> SymmetryClasses {
        self.checked_add(o)
            .expect("symmetry classes overflow 128 bits")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "row 0 has column 7, outside a board of 3 columns (0 to 2)")]
    fn a_column_off_the_board_is_refused_up_front() {
        Symmetry::Rot90.apply(&[7, 7, 7]);
    }

    #[test]
    #[should_panic(expected = "column 0 is used twice")]
    fn a_column_used_twice_is_refused_up_front() {
        canonical(&[0, 2, 0]);
    }

    #[test]
    #[should_panic(expected = "row 1 has column 9")]
    fn the_other_entries_check_too() {
        is_canonical(&[0, 9]);
    }

    #[test]
    fn class_size_refuses_what_is_not_a_solution_without_a_panic() {
        let refused = |columns: &[u32]| {
            std::panic::catch_unwind(|| class_size(columns))
                .expect("no panic")
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            refused(&[0, 2, 0]),
            "queens at row 1, column 1 and row 3, column 1 share a column"
        );
        assert_eq!(
            refused(&[5]),
            "the queen at row 1, column 6 is off the board"
        );
        assert_eq!(
            refused(&[0, 1, 2, 3]),
            "queens at row 1, column 1 and row 2, column 2 share a diagonal (\\)"
        );
        // Large boards too, where the placement check of the images switches to a vector.
        assert_eq!(
            refused(&[5; 100]),
            "queens at row 1, column 6 and row 2, column 6 share a column"
        );
        assert_eq!(class_size(&[]), Ok(1));
    }

    #[test]
    fn large_boards_are_checked_and_mapped() {
        let n = 100u32;
        let shifted: Vec<u32> = (0..n).map(|r| (r + 1) % n).collect();
        let image = Symmetry::MirrorColumns.apply(&shifted);
        assert_eq!(image[0], n - 2);
        let twice = std::panic::catch_unwind(|| {
            let mut bad = shifted.clone();
            bad[99] = 1;
            Symmetry::Identity.apply(&bad)
        });
        assert!(twice.is_err());
    }
}
