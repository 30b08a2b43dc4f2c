//! The textbook backtracking search told step by step, for learners following it by hand.
//!
//! Rows are filled from the top; in each row the columns are tried from the left. A square
//! attacked by a queen above is a *conflict* (the first attacker, scanning from the top, is
//! named); a safe square gets a queen (*place*); when every column of the row below has been
//! tried, the queen is taken back (*backtrack*) and the search moves it one column right. A full
//! board is a *solution*, after which the search goes on until every square of the top row has
//! been tried. Rows and columns are counted from 1, as on a chessboard.

use crate::verify::Along;
use crate::{Error, Flow};
use std::fmt;
use std::ops::ControlFlow;

/// The largest board traced: n = 10 already takes about 350,000 steps.
pub const MAX_TRACE_N: usize = 10;

/// One step of the search; [`fmt::Display`] writes it as one line, indented two spaces per row
/// above it, with rows and columns counted from 1.
///
/// ```
/// use nqueens::trace::Step;
/// use nqueens::verify::Along;
///
/// assert_eq!(Step::Place { row: 0, col: 1 }.to_string(), "place row 1 col 2");
/// let c = Step::Conflict { row: 1, col: 0, by: (0, 1), along: Along::AntiDiagonal };
/// assert_eq!(c.to_string(), "  conflict row 2 col 1: attacked by row 1 col 2 (diagonal /)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A queen goes on a safe square (0-based row and column).
    Place { row: usize, col: usize },
    /// The square is attacked by the queen at `by` (row, column) along a line.
    Conflict {
        row: usize,
        col: usize,
        by: (usize, usize),
        along: Along,
    },
    /// Every column of the next row has been tried: the queen of `row` is taken back.
    Backtrack { row: usize, col: usize },
    /// A full board: its number (from 1) and the 0-based column of each row.
    Solution { number: u64, columns: &'a [u32] },
}

impl fmt::Display for Step<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let indent = |f: &mut fmt::Formatter<'_>, row: usize| write!(f, "{:1$}", "", 2 * row);
        match *self {
            Step::Place { row, col } => {
                indent(f, row)?;
                write!(f, "place row {} col {}", row + 1, col + 1)
            }
            Step::Conflict {
                row,
                col,
                by,
                along,
            } => {
                indent(f, row)?;
                let line = match along {
                    Along::Row => "row",
                    Along::Column => "column",
                    Along::Diagonal => "diagonal \\",
                    Along::AntiDiagonal => "diagonal /",
                };
                write!(
                    f,
                    "conflict row {} col {}: attacked by row {} col {} ({line})",
                    row + 1,
                    col + 1,
                    by.0 + 1,
                    by.1 + 1
                )
            }
            Step::Backtrack { row, col } => {
                indent(f, row)?;
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

/// Runs the search on an `n`×`n` board (1 to [`MAX_TRACE_N`]) and hands `visit` every step,
/// until the search ends or `visit` returns `Break`.
///
/// ```
/// let mut lines = Vec::new();
/// nqueens::trace::for_each_step(4, &mut |step| {
///     lines.push(step.to_string());
///     std::ops::ControlFlow::Continue(())
/// }).unwrap();
/// assert_eq!(lines[0], "place row 1 col 1");
/// assert_eq!(lines[1], "  conflict row 2 col 1: attacked by row 1 col 1 (column)");
/// assert_eq!(lines.iter().filter(|l| l.starts_with("solution")).count(), 2);
/// ```
pub fn for_each_step(n: usize, visit: &mut dyn FnMut(Step) -> Flow) -> Result<Flow, Error> {
    if !(1..=MAX_TRACE_N).contains(&n) {
        return Err(Error::NOutOfRange {
            n,
            min: 1,
            max: MAX_TRACE_N,
        });
    }
    let mut columns = Vec::with_capacity(n);
    let mut found = 0;
    Ok(search(n, &mut columns, &mut found, visit))
}

/// The first queen above `row` that attacks (`row`, `col`), scanning from the top.
fn attacker(columns: &[u32], row: usize, col: usize) -> Option<((usize, usize), Along)> {
    columns.iter().enumerate().find_map(|(r, &c)| {
        let c = c as usize;
        let along = if c == col {
            Along::Column
        } else if row - r == col.abs_diff(c) {
            if c < col {
                Along::Diagonal
            } else {
                Along::AntiDiagonal
            }
        } else {
            return None;
        };
        Some(((r, c), along))
    })
}

fn search(
    n: usize,
    columns: &mut Vec<u32>,
    found: &mut u64,
    visit: &mut dyn FnMut(Step) -> Flow,
) -> Flow {
    let row = columns.len();
    if row == n {
        *found += 1;
        return visit(Step::Solution {
            number: *found,
            columns,
        });
    }
    for col in 0..n {
        if let Some((by, along)) = attacker(columns, row, col) {
            visit(Step::Conflict {
                row,
                col,
                by,
                along,
            })?;
            continue;
        }
        visit(Step::Place { row, col })?;
        columns.push(col as u32);
        search(n, columns, found, visit)?;
        columns.pop();
        visit(Step::Backtrack { row, col })?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<String> {
        let mut out = Vec::new();
        let _ = for_each_step(n, &mut |s| {
            out.push(s.to_string());
            ControlFlow::Continue(())
        })
        .unwrap();
        out
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
        assert!(for_each_step(0, &mut |_| ControlFlow::Continue(())).is_err());
        assert!(for_each_step(11, &mut |_| ControlFlow::Continue(())).is_err());
    }
}
