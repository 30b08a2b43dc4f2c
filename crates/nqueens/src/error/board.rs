//! Why a board to complete was refused, and how its messages number rows, columns and lines:
//! the file's reader and the page's editor word the same board the same way.

use crate::board::conflict::{Line, Numbering, Square};
use crate::board::glyphs::{BLOCKED, FREE, QUEEN};
use std::fmt;

/// Why a board to complete was refused; rows and columns are counted from 1 in the messages,
/// as a person counts them in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// No rows at all.
    Empty,
    /// A row whose length is not the number of rows.
    NotSquare {
        /// Where the row stands.
        at: Place,
        /// Its squares.
        squares: usize,
        /// The number of rows.
        rows: usize,
    },
    /// More rows than the search accepts.
    TooLarge {
        /// The number of rows.
        rows: usize,
        /// The most accepted.
        max: usize,
    },
    /// A character other than `Q`, `.` and `x` (the glyphs every board picture is written in).
    BadCharacter {
        /// Where it stands (with its column).
        at: Place,
        /// The character.
        found: char,
    },
    /// Two queens in one row.
    TwoQueens {
        /// The row.
        at: Place,
        /// Their columns, from 0.
        cols: (usize, usize),
    },
    /// Two given queens attack each other.
    Attack {
        /// The line they share.
        along: Line,
        /// The upper (or left) queen.
        first: Square,
        /// The other queen.
        second: Square,
    },
    /// A queen placed on a blocked square, or a square blocked under a queen.
    Blocked(Square),
    /// A blank line between rows of the grid.
    BlankInside {
        /// The blank line, from 1.
        line: usize,
    },
}

/// Where a row of a board file stands: its row number and its line in the text (which differ
/// when comments or blank lines come before it), and a column when one is meant; all from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The row, from 1.
    pub row: usize,
    /// The line of the text, from 1.
    pub line: usize,
    /// The column, from 1, when one is meant.
    pub col: Option<usize>,
}

impl Place {
    /// The place in a message, numbered as `numbering` says: "row 2 (line 3), column 1".
    ///
    /// ```
    /// use nqueens::board::Numbering;
    /// use nqueens::error::Place;
    ///
    /// let at = Place { row: 2, line: 3, col: Some(1) };
    /// assert_eq!(at.to_string(), "row 2 (line 3), column 1");
    /// assert_eq!(at.words(Numbering::FromZero), "row 1 (line 2), column 0");
    /// ```
    pub fn words(&self, numbering: Numbering) -> String {
        let number = |from_one| renumbered(numbering, from_one);
        let mut s = format!("row {}", number(self.row));
        if self.line != self.row {
            s += &format!(" (line {})", number(self.line));
        }
        if let Some(c) = self.col {
            s += &format!(", column {}", number(c));
        }
        s
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Numbering::FromOne))
    }
}

/// The number a message gives the row, column or line numbered `from_one` (as places and the
/// lines of a text are): itself from 1, one less from 0.
fn renumbered(numbering: Numbering, from_one: usize) -> usize {
    match numbering {
        Numbering::FromOne => from_one,
        // A hand-made 0 has no number below it; it stays 0 rather than wrapping.
        Numbering::FromZero => from_one.saturating_sub(1),
    }
}

/// The squares of a board's grid as messages list them: "Q (queen), . (free) or x (blocked)".
fn grid_squares() -> String {
    format!("{QUEEN} (queen), {FREE} (free) or {BLOCKED} (blocked)")
}

impl BoardError {
    /// The message, rows, columns and lines numbered as `numbering` says; its [`fmt::Display`]
    /// counts from 1, as a person counts the lines of a file.
    ///
    /// ```
    /// use nqueens::board::Numbering;
    /// use nqueens::{Error, Puzzle};
    ///
    /// let Err(Error::Board(e)) = Puzzle::parse("Q..Q\n....\n....\n....\n") else { panic!() };
    /// assert_eq!(
    ///     e.to_string(),
    ///     "row 1 has two queens, in columns 1 and 4: a row holds at most one queen"
    /// );
    /// assert_eq!(
    ///     e.words(Numbering::FromZero),
    ///     "row 0 has two queens, in columns 0 and 3: a row holds at most one queen"
    /// );
    /// ```
    pub fn words(&self, numbering: Numbering) -> String {
        match self {
            BoardError::Empty => format!(
                "the board is empty: expected n rows of n squares, each {}",
                grid_squares()
            ),
            BoardError::NotSquare { at, squares, rows } => format!(
                "{} has {squares} squares but the board has {rows} rows: a board must be \
                 square (n rows of n squares)",
                at.words(numbering)
            ),
            BoardError::TooLarge { rows, max } => {
                format!("the board has {rows} rows: n must be from 1 to {max}")
            }
            BoardError::BadCharacter { at, found } => format!(
                "{}: unexpected character {found:?}: each square is {}",
                at.words(numbering),
                grid_squares()
            ),
            BoardError::TwoQueens { at, cols } => format!(
                "{} has two queens, in columns {} and {}: a row holds at most one queen",
                at.words(numbering),
                numbering.number(cols.0),
                numbering.number(cols.1)
            ),
            BoardError::Attack {
                along,
                first,
                second,
            } => {
                let how = match along {
                    Line::Row => "in the same row",
                    Line::Column => "in the same column",
                    Line::Diagonal | Line::AntiDiagonal => "along a diagonal",
                };
                format!(
                    "the queens at {} and {} attack each other {how}",
                    first.words(numbering),
                    second.words(numbering)
                )
            }
            BoardError::Blocked(square) => format!(
                "the square at {} is blocked: no queen may stand there",
                square.words(numbering)
            ),
            BoardError::BlankInside { line } => format!(
                "blank line {} inside the board: a board file holds one board, its rows on \
                 consecutive lines",
                renumbered(numbering, *line)
            ),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Numbering::FromOne))
    }
}

// An error of its own, so that a caller holding one apart from [`Error`] can box it or pass it
// on with `?`. [`Error`] shows its text as part of its own rather than as its `source()`, so
// that a printer of error chains does not say it twice.
impl std::error::Error for BoardError {}
