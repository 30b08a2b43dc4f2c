//! The eight symmetries of the square board, applied to cells and to placements: the images of a
//! solution, its canonical form (the lexicographically smallest image) and the size of its class.
//!
//! Counting engines that visit one board per class need these to know how much each visit
//! weighs; unique listings need them to pick one representative per class; tests need them to
//! check that the representatives cover every solution.

/// One of the eight symmetries of the square (the dihedral group of order 8).
///
/// ```
/// use nqueens::Symmetry;
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
    /// use nqueens::Symmetry;
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
    /// ```
    /// use nqueens::Symmetry;
    ///
    /// assert_eq!(Symmetry::MirrorColumns.apply(&[1, 3, 0, 2]), vec![2, 0, 3, 1]);
    /// assert_eq!(Symmetry::Rot90.apply(&[1, 3, 0, 2]), vec![1, 3, 0, 2]);
    /// ```
    pub fn apply(self, columns: &[u32]) -> Vec<u32> {
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
/// ```
/// let images = nqueens::images(&[1, 3, 0, 2]);
/// assert_eq!(images[0], vec![1, 3, 0, 2]);
/// assert_eq!(images[4], vec![2, 0, 3, 1]);
/// ```
pub fn images(columns: &[u32]) -> [Vec<u32>; 8] {
    Symmetry::ALL.map(|s| s.apply(columns))
}

/// The representative of a solution's class: the lexicographically smallest of its images.
///
/// ```
/// assert_eq!(nqueens::canonical(&[2, 0, 3, 1]), vec![1, 3, 0, 2]);
/// ```
pub fn canonical(columns: &[u32]) -> Vec<u32> {
    images(columns)
        .into_iter()
        .min()
        .unwrap_or_else(|| columns.to_vec())
}

/// True when the solution is its class's representative (no image is smaller).
///
/// ```
/// assert!(nqueens::is_canonical(&[1, 3, 0, 2]));
/// assert!(!nqueens::is_canonical(&[2, 0, 3, 1]));
/// ```
pub fn is_canonical(columns: &[u32]) -> bool {
    // Most solutions fail early, so compare image by image rather than building all eight.
    Symmetry::ALL[1..]
        .iter()
        .all(|s| s.apply(columns).as_slice() >= columns)
}

/// How many distinct boards the solution's class holds: 1 (only n = 1), 2 (a quarter turn maps
/// it to itself), 4 (only a half turn does) or 8.
///
/// No solution of two or more queens is its own mirror image, so the rotations decide it.
///
/// ```
/// use nqueens::class_size;
///
/// assert_eq!(class_size(&[0]), 1);
/// assert_eq!(class_size(&[1, 3, 0, 2]), 2);
/// assert_eq!(class_size(&[0, 4, 7, 5, 2, 6, 1, 3]), 8);
/// ```
pub fn class_size(columns: &[u32]) -> u32 {
    if columns.len() == 1 {
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
