//! The textbook backtracking search told step by step, for learners following it by hand.
//!
//! Rows are filled from the top; in each row the columns are tried from the left. A square
//! attacked by a queen above is a *conflict* (the first attacker, scanning from the top, is
//! named); a safe square gets a queen (*place*); when every column of the row below has been
//! tried, the queen is taken back (*backtrack*) and the search moves it one column right. A full
//! board is a *solution*, after which the search goes on until every square of the top row has
//! been tried. Rows and columns are counted from 1, as on a chessboard.
//!
//! On a [`Puzzle`](crate::Puzzle) ([`Puzzle::steps`](crate::Puzzle::steps)) the given queens
//! stand on the board from the first step and never move: a row with a given queen is skipped
//! (it has no steps of its own), a square that a given queen attacks, above or below, is a
//! conflict like any other, and a blocked square is never tried (its row's cursor passes over
//! it without a step). A backtrack takes back the queen of the nearest row above that the search
//! filled. The solutions are the puzzle's completions, in the order of
//! [`Puzzle::solutions`](crate::Puzzle::solutions); the empty board's steps are those of
//! [`trace`].

use crate::board::conflict::{Line, Square};
use crate::error::{Error, Quantity};
#[cfg(feature = "serde")]
use serde::Serialize;
use std::fmt;

/// The largest board traced: n = 10 already takes about 380,000 steps and n = 12 about eleven
/// million, more than a person follows; a viewer takes them lazily.
pub const MAX_TRACE_N: usize = 12;

/// One step of the search; [`fmt::Display`] writes it as one line, indented two spaces per row
/// above it, with rows and columns counted from 1.
///
/// ```
/// use nqueens::board::{Line, Square};
/// use nqueens::reference::Step;
///
/// assert_eq!(Step::Place { row: 0, col: 1 }.to_string(), "place row 1 col 2");
/// let c = Step::Conflict {
///     row: 1,
///     col: 0,
///     by: Square { row: 0, col: 1 },
///     along: Line::AntiDiagonal,
/// };
/// assert_eq!(c.to_string(), "  conflict row 2 col 1: attacked by row 1 col 2 (diagonal /)");
/// ```
///
/// In JSON (with the `serde` feature; rows and columns from 0):
/// `{"step":"place","row":0,"col":1}`, `{"step":"conflict","row":1,"col":0,"by":{"row":0,"col":1},"along":"antidiagonal"}`,
/// `{"step":"backtrack","row":0,"col":1}`, `{"step":"solution","number":1,"columns":[1,3,0,2]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "step", rename_all = "lowercase"))]
pub enum Step {
    /// A queen goes on a safe square (0-based row and column).
    Place {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// The square is attacked by the queen at `by` along a line.
    Conflict {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
        /// The first attacking queen, scanning from the top.
        by: Square,
        /// The line they share.
        along: Line,
    },
    /// Every column of the next row has been tried: the queen of `row` is taken back.
    Backtrack {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// A full board: its number (from 1) and the 0-based column of each row.
    Solution {
        /// How many solutions were found so far, this one included.
        number: u64,
        /// The column of each row, from 0.
        columns: Vec<u32>,
    },
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let indent = |f: &mut fmt::Formatter<'_>, row: usize| write!(f, "{:1$}", "", 2 * row);
        match self {
            Step::Place { row, col } => {
                indent(f, *row)?;
                write!(f, "place row {} col {}", row + 1, col + 1)
            }
            Step::Conflict {
                row,
                col,
                by,
                along,
            } => {
                indent(f, *row)?;
                let line = along.name();
                write!(
                    f,
                    "conflict row {} col {}: attacked by row {} col {} ({line})",
                    row + 1,
                    col + 1,
                    by.row + 1,
                    by.col + 1
                )
            }
            Step::Backtrack { row, col } => {
                indent(f, *row)?;
                write!(f, "backtrack row {} col {}", row + 1, col + 1)
            }
            Step::Solution { number, columns } => {
                write!(f, "solution {number}:")?;
                for c in columns {
                    write!(f, " {}", c + 1)?;
                }
                Ok(())
            }
        }
    }
}

/// The steps of the search on an `n`×`n` board (1 to [`MAX_TRACE_N`]), one at a time.
///
/// ```
/// let lines: Vec<String> = nqueens::trace(4)
///     .unwrap()
///     .map(|step| step.to_string())
///     .collect();
/// assert_eq!(lines[0], "place row 1 col 1");
/// assert_eq!(lines[1], "  conflict row 2 col 1: attacked by row 1 col 1 (column)");
/// assert_eq!(lines.iter().filter(|l| l.starts_with("solution")).count(), 2);
/// assert_eq!(lines.len(), 78);
/// ```
pub fn trace(n: usize) -> Result<Steps, Error> {
    if !(1..=MAX_TRACE_N).contains(&n) {
        return Err(Error::out_of_range(Quantity::NTraced, n, 1, MAX_TRACE_N));
    }
    Ok(Steps::start(n, vec![None; n], vec![0; n]))
}

/// The steps of the search on a board of 1 to [`MAX_TRACE_N`] rows with the given queen of
/// each row (if any) and its blocked squares (bit c for column c): what
/// [`Puzzle::steps`](crate::Puzzle::steps) traces.
pub(crate) fn board_steps(given: Vec<Option<u32>>, blocked: Vec<u64>) -> Result<Steps, Error> {
    let n = given.len();
    if !(1..=MAX_TRACE_N).contains(&n) {
        return Err(Error::out_of_range(Quantity::NTraced, n, 1, MAX_TRACE_N));
    }
    Ok(Steps::start(n, given, blocked))
}

/// The steps of [`trace`](crate::trace) and [`Puzzle::steps`](crate::Puzzle::steps): the
/// recursive textbook search, unrolled so that it can stop after any step. Each row being tried
/// has a cursor, the next column to try; a row whose cursor has passed the last column is done,
/// and the queen of the row the search filled before it is taken back.
///
/// A clone goes on from the same step, which is how a viewer keeps places to step back to.
#[derive(Debug, Clone)]
pub struct Steps {
    n: usize,
    /// The columns of the rows filled from the top, row 0 first: the queens placed and the
    /// given queens of the rows passed.
    columns: Vec<u32>,
    /// For each row being tried, its number and the next column to try; the last is the row
    /// being tried now (row n, past the board, after a solution).
    next: Vec<(usize, usize)>,
    /// The given queen of each row, if any.
    given: Vec<Option<u32>>,
    /// The blocked squares of each row, bit c for column c.
    blocked: Vec<u64>,
    found: u64,
    /// The board just filled up: the next step announces the solution.
    solution_due: bool,
}

impl Steps {
    fn start(n: usize, given: Vec<Option<u32>>, blocked: Vec<u64>) -> Steps {
        let mut s = Steps {
            n,
            columns: Vec::with_capacity(n),
            next: Vec::with_capacity(n + 1),
            given,
            blocked,
            found: 0,
            solution_due: false,
        };
        s.enter();
        s
    }

    /// After the rows filled: passes the given rows that follow, then opens the next row to
    /// try, or announces a full board.
    fn enter(&mut self) {
        while let Some(&Some(c)) = self.given.get(self.columns.len()) {
            self.columns.push(c);
        }
        let row = self.columns.len();
        if row == self.n {
            self.solution_due = true;
            self.next.push((self.n, self.n));
        } else {
            self.next.push((row, self.first_free(row, 0)));
        }
    }

    /// The first column from `col` of `row` that is not blocked (n if none).
    fn first_free(&self, row: usize, col: usize) -> usize {
        (col..self.n)
            .find(|&c| self.blocked[row] & (1 << c) == 0)
            .unwrap_or(self.n)
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The columns of the rows filled from the top after the last step, row 0 first: the
    /// queens placed, and on a puzzle the given queens of the rows the search has passed.
    ///
    /// ```
    /// let mut steps = nqueens::trace(4).unwrap();
    /// steps.by_ref().take(4).for_each(drop); // place, conflict, conflict, place
    /// assert_eq!(steps.columns(), &[0, 2]);
    /// ```
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The given queen of each row (none on the empty board).
    pub fn given(&self) -> &[Option<u32>] {
        &self.given
    }

    /// Whether the square is blocked (never on the empty board).
    pub fn is_blocked(&self, row: usize, col: usize) -> bool {
        self.blocked[row] & (1 << col) != 0
    }

    /// The row the search is trying now (n after a full board, before its queen is taken back),
    /// or none at the end.
    pub fn trying(&self) -> Option<usize> {
        self.next.last().map(|&(row, _)| row)
    }

    /// The solutions announced so far.
    ///
    /// ```
    /// let mut steps = nqueens::trace(4).unwrap();
    /// steps.by_ref().find(|s| matches!(s, nqueens::reference::Step::Solution { .. }));
    /// assert_eq!(steps.found(), 1);
    /// ```
    pub fn found(&self) -> u64 {
        self.found
    }

    /// The queen on `row`, if any: placed or passed (in `columns`), or given below.
    fn queen(&self, row: usize) -> Option<usize> {
        match self.columns.get(row) {
            Some(&c) => Some(c as usize),
            None => self.given[row].map(|c| c as usize),
        }
    }

    /// The first queen from the top that attacks (`row`, `col`): a queen above, or a given
    /// queen anywhere.
    fn attacker(&self, row: usize, col: usize) -> Option<(Square, Line)> {
        let here = Square { row, col };
        (0..self.n).filter(|&r| r != row).find_map(|r| {
            let queen = Square {
                row: r,
                col: self.queen(r)?,
            };
            Line::between(queen, here).map(|line| (queen, line))
        })
    }
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if std::mem::take(&mut self.solution_due) {
            self.found += 1;
            return Some(Step::Solution {
                number: self.found,
                columns: self.columns.clone(),
            });
        }
        let &(row, col) = self.next.last()?;
        if col >= self.n {
            // Every column of this row is tried: back to the row filled before it, whose queen
            // goes (with the given queens passed since).
            self.next.pop();
            let &(above, lifted) = self.next.last()?;
            self.columns.truncate(above);
            let at = self.next.len() - 1;
            self.next[at].1 = self.first_free(above, lifted + 1);
            return Some(Step::Backtrack {
                row: above,
                col: lifted,
            });
        }
        if let Some((by, along)) = self.attacker(row, col) {
            let at = self.next.len() - 1;
            self.next[at].1 = self.first_free(row, col + 1);
            return Some(Step::Conflict {
                row,
                col,
                by,
                along,
            });
        }
        self.columns.push(col as u32);
        self.enter();
        Some(Step::Place { row, col })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<String> {
        trace(n).unwrap().map(|s| s.to_string()).collect()
    }

    #[test]
    fn four_queens_step_by_step() {
        let all = lines(4);
        let want_start = [
            "place row 1 col 1",
            "  conflict row 2 col 1: attacked by row 1 col 1 (column)",
            "  conflict row 2 col 2: attacked by row 1 col 1 (diagonal \\)",
            "  place row 2 col 3",
            "    conflict row 3 col 1: attacked by row 1 col 1 (column)",
            "    conflict row 3 col 2: attacked by row 2 col 3 (diagonal /)",
            "    conflict row 3 col 3: attacked by row 1 col 1 (diagonal \\)",
            "    conflict row 3 col 4: attacked by row 2 col 3 (diagonal \\)",
            "  backtrack row 2 col 3",
            "  place row 2 col 4",
        ];
        assert_eq!(&all[..want_start.len()], &want_start[..]);
        let solutions: Vec<&String> = all.iter().filter(|l| l.starts_with("solution")).collect();
        assert_eq!(solutions, ["solution 1: 2 4 1 3", "solution 2: 3 1 4 2"]);
        // Every placement is taken back, and the last step leaves the board empty.
        let places = all.iter().filter(|l| l.contains("place ")).count();
        let backs = all.iter().filter(|l| l.contains("backtrack ")).count();
        assert_eq!(places, backs);
        assert_eq!(all.last().unwrap(), "backtrack row 1 col 4");
    }

    #[test]
    fn solutions_match_the_counts() {
        for n in 1..=8 {
            let found = lines(n)
                .iter()
                .filter(|l| l.starts_with("solution"))
                .count();
            assert_eq!(found as u128, crate::known::A000170[n - 1], "n = {n}");
        }
    }

    #[test]
    fn range_is_checked() {
        assert!(trace(0).is_err());
        assert!(trace(12).is_ok());
        assert!(trace(13).is_err());
    }

    #[test]
    fn the_lengths_readme_gives() {
        assert_eq!(lines(8).len(), 17_868);
        assert_eq!(trace(10).unwrap().count(), 384_412);
        assert_eq!(trace(12).unwrap().count(), 10_974_256);
    }

    #[test]
    fn a_clone_goes_on_from_the_same_step() {
        let mut a = trace(6).unwrap();
        a.by_ref().take(100).for_each(drop);
        let b = a.clone();
        assert_eq!(b.columns(), a.columns());
        assert!(a.take(500).eq(b.take(500)));
    }
}
