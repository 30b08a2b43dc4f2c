//! The first textbook method: place queens row by row on a real board and, before each
//! placement, scan the column and both diagonals above for a queen (O(n) per check).
//!
//! It is the slowest method and the easiest to believe, which is why it stays: every faster
//! engine is checked against it.

use crate::{Error, Flow, check_n};
use std::ops::ControlFlow;

/// True when a queen at (`row`, `col`) is attacked by a queen in the rows above it.
fn is_attacked(board: &[Vec<bool>], row: usize, col: usize) -> bool {
    let n = board.len();
    for (r, cells) in board.iter().enumerate().take(row) {
        let up = row - r; // how many rows above
        if cells[col] {
            return true;
        }
        if col >= up && cells[col - up] {
            return true;
        }
        if col + up < n && cells[col + up] {
            return true;
        }
    }
    false
}

fn solve(
    board: &mut Vec<Vec<bool>>,
    row: usize,
    columns: &mut Vec<u32>,
    visit: &mut dyn FnMut(&[u32]) -> Flow,
) -> Flow {
    let n = board.len();
    if row == n {
        return visit(columns);
    }
    for col in 0..n {
        if is_attacked(board, row, col) {
            continue;
        }
        board[row][col] = true;
        columns.push(col as u32);
        let flow = solve(board, row + 1, columns, visit);
        columns.pop();
        board[row][col] = false;
        flow?;
    }
    ControlFlow::Continue(())
}

/// Calls `visit` with every solution, in lexicographic order, until it returns `Break`.
///
/// ```
/// let mut count = 0;
/// nqueens::naive::for_each_solution(6, &mut |_| { count += 1; std::ops::ControlFlow::Continue(()) }).unwrap();
/// assert_eq!(count, 4);
/// ```
pub fn for_each_solution(n: usize, visit: &mut dyn FnMut(&[u32]) -> Flow) -> Result<Flow, Error> {
    check_n(n)?;
    let mut board = vec![vec![false; n]; n];
    let mut columns = Vec::with_capacity(n);
    Ok(solve(&mut board, 0, &mut columns, visit))
}

/// Counts every solution.
///
/// ```
/// assert_eq!(nqueens::naive::count(8).unwrap(), 92);
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    let mut total = 0u128;
    let _ = for_each_solution(n, &mut |_| {
        total += 1;
        ControlFlow::Continue(())
    })?;
    Ok(total)
}
