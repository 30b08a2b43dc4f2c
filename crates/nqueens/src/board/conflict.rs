//! Why a placement is not a solution, and the one check that says so.
//!
//! Every part of the crate that judges a placement (listing checks, `verify`, puzzles, the
//! trace, the constructions' tests) speaks of conflicts in these terms, so a learner meets one
//! vocabulary: two queens on one [`Line`], at two [`Square`]s.

#[cfg(feature = "serde")]
use serde::Serialize;
use std::fmt;

/// Where the numbers of rows, columns and lines start in a message: from 1, as people count
/// and as every [`fmt::Display`] of the crate writes them, or from 0, as a program's indices
/// do. A front end whose arguments count from 0 (the Python package) asks for its messages in
/// that numbering rather than rewording them.
///
/// ```
/// use nqueens::board::{Numbering, Square};
///
/// let s = Square { row: 0, col: 2 };
/// assert_eq!(s.words(Numbering::FromZero), "row 0, column 2");
/// assert_eq!(s.words(Numbering::FromOne), s.to_string());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// Row 1 is the top row: how people count, and how the crate's messages are written.
    #[default]
    FromOne,
    /// Row 0 is the top row: how indices count.
    FromZero,
}

impl Numbering {
    /// The number a message gives the row, column or line whose index, from 0, is `index`.
    pub fn number(self, index: usize) -> usize {
        match self {
            Numbering::FromOne => index + 1,
            Numbering::FromZero => index,
        }
    }
}

/// A square of the board, 0-based; [`fmt::Display`] shows it 1-based, as people count (see
/// [`Square::words`] for the other numbering).
///
/// ```
/// use nqueens::board::Square;
///
/// assert_eq!(Square { row: 0, col: 2 }.to_string(), "row 1, column 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct Square {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Square {
    /// The square in a message, numbered as `numbering` says: "row 1, column 3".
    pub fn words(self, numbering: Numbering) -> String {
        format!(
            "row {}, column {}",
            numbering.number(self.row),
            numbering.number(self.col)
        )
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Numbering::FromOne))
    }
}

/// A line along which two queens attack each other. In JSON (with the `serde` feature): `"row"`,
/// `"column"`, `"diagonal"` (`row - col` shared) or `"antidiagonal"` (`row + col` shared).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Line {
    /// The same row (only a board drawn as text can show this).
    Row,
    /// The same column.
    Column,
    /// A diagonal running down to the right (`\`): `row - col` is the same.
    Diagonal,
    /// A diagonal running down to the left (`/`): `row + col` is the same.
    AntiDiagonal,
}

impl Line {
    /// The line between two distinct squares, if they share one.
    ///
    /// ```
    /// use nqueens::board::{Line, Square};
    ///
    /// let a = Square { row: 0, col: 0 };
    /// assert_eq!(Line::between(a, Square { row: 2, col: 2 }), Some(Line::Diagonal));
    /// assert_eq!(Line::between(a, Square { row: 1, col: 2 }), None);
    /// ```
    pub fn between(a: Square, b: Square) -> Option<Line> {
        if a == b {
            None
        } else if a.row == b.row {
            Some(Line::Row)
        } else if a.col == b.col {
            Some(Line::Column)
        } else if a.row.abs_diff(b.row) != a.col.abs_diff(b.col) {
            None
        } else if (a.row < b.row) == (a.col < b.col) {
            Some(Line::Diagonal)
        } else {
            Some(Line::AntiDiagonal)
        }
    }

    /// The line's short name, as a trace's conflicts give it: "column", "diagonal \\".
    ///
    /// ```
    /// use nqueens::board::Line;
    ///
    /// assert_eq!(Line::AntiDiagonal.name(), "diagonal /");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal \\",
            Line::AntiDiagonal => "diagonal /",
        }
    }

    /// How the line reads in a sentence: "a column", "a diagonal (\)".
    pub fn phrase(self) -> &'static str {
        match self {
            Line::Row => "a row",
            Line::Column => "a column",
            Line::Diagonal => "a diagonal (\\)",
            Line::AntiDiagonal => "a diagonal (/)",
        }
    }
}

/// Why a placement is not a solution.
///
/// ```
/// use nqueens::board::{conflict, Conflict, Line, Square};
///
/// let c = conflict(&[0, 1, 3, 2]).unwrap();
/// assert_eq!(
///     c,
///     Conflict::Attack {
///         along: Line::Diagonal,
///         first: Square { row: 0, col: 0 },
///         second: Square { row: 1, col: 1 },
///     }
/// );
/// assert_eq!(c.to_string(), "queens at row 1, column 1 and row 2, column 2 share a diagonal (\\)");
/// ```
///
/// In JSON (with the `serde` feature; 0-based, as all of this crate's JSON):
/// `{"kind":"attack","along":"column","first":{"row":1,"col":0},"second":{"row":3,"col":0}}`,
/// `{"kind":"off_board","row":1,"col":5}` or `{"kind":"empty_row","row":2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
pub enum Conflict {
    /// Two queens attack each other; `first` is the one higher up (or further left).
    Attack {
        /// The line they share.
        along: Line,
        /// The upper (or left) queen.
        first: Square,
        /// The other queen.
        second: Square,
    },
    /// A queen beyond the board's edge.
    OffBoard(Square),
    /// A board row with no queen in it (only a board drawn as text can show this).
    EmptyRow {
        /// The row, from 0.
        row: usize,
    },
}

impl Conflict {
    /// The sentence for the conflict, rows and columns numbered as `numbering` says; its
    /// [`fmt::Display`] counts from 1.
    ///
    /// ```
    /// use nqueens::board::{conflict, Numbering};
    ///
    /// let c = conflict(&[0, 1, 3, 2]).unwrap();
    /// assert_eq!(
    ///     c.words(Numbering::FromZero),
    ///     "queens at row 0, column 0 and row 1, column 1 share a diagonal (\\)"
    /// );
    /// ```
    pub fn words(&self, numbering: Numbering) -> String {
        match self {
            Conflict::Attack {
                along,
                first,
                second,
            } => format!(
                "queens at {} and {} share {}",
                first.words(numbering),
                second.words(numbering),
                along.phrase()
            ),
            Conflict::OffBoard(square) => {
                format!("the queen at {} is off the board", square.words(numbering))
            }
            Conflict::EmptyRow { row } => format!("row {} has no queen", numbering.number(*row)),
        }
    }
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Numbering::FromOne))
    }
}

/// The first conflict of a placement (one column per row), scanning rows top to bottom; `None`
/// for a solution.
///
/// A clash is noticed at the second queen on a line, so exactly one earlier row shares that
/// line, and one more pass over the rows above finds it. Only one bit per column and diagonal
/// is kept, not a row number: a hundred million queens take about 60 MB to check, in O(n) time.
///
/// ```
/// use nqueens::board::{conflict, Conflict, Line, Square};
///
/// assert_eq!(conflict(&[1, 3, 0, 2]), None);
/// let c = conflict(&[2, 0, 3, 0]).unwrap();
/// assert!(matches!(c, Conflict::Attack { along: Line::Column, .. }));
/// assert_eq!(conflict(&[0, 5]), Some(Conflict::OffBoard(Square { row: 1, col: 5 })));
/// ```
pub fn conflict(columns: &[u32]) -> Option<Conflict> {
    let n = columns.len();
    let mut used_col = Bits::new(n);
    let mut used_down = Bits::new(2 * n);
    let mut used_up = Bits::new(2 * n);
    for (row, &col) in columns.iter().enumerate() {
        let c = col as usize;
        let here = Square { row, col: c };
        if c >= n {
            return Some(Conflict::OffBoard(here));
        }
        let (d, u) = (row + n - c, row + c);
        let line = if used_col.get(c) {
            Line::Column
        } else if used_down.get(d) {
            Line::Diagonal
        } else if used_up.get(u) {
            Line::AntiDiagonal
        } else {
            used_col.set(c);
            used_down.set(d);
            used_up.set(u);
            continue;
        };
        let first = (0..row)
            .map(|r| Square {
                row: r,
                col: columns[r] as usize,
            })
            .find(|&s| Line::between(s, here) == Some(line))
            .expect("a used line has an earlier queen");
        return Some(Conflict::Attack {
            along: line,
            first,
            second: here,
        });
    }
    None
}

/// A fixed-size set of small numbers, one bit each.
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}
