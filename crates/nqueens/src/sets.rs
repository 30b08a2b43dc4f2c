//! The second textbook method: the columns and both diagonals in use held in hash sets, so
//! that checking a cell is O(1). Cells on one diagonal share `row - col`, cells on one
//! anti-diagonal share `row + col`.

use crate::{Error, Flow, check_n};
use std::collections::HashSet;
use std::ops::ControlFlow;

struct Used {
    cols: HashSet<i64>,
    diagonals: HashSet<i64>,
    anti_diagonals: HashSet<i64>,
}

fn solve(
    n: usize,
    row: usize,
    used: &mut Used,
    columns: &mut Vec<u32>,
    visit: &mut dyn FnMut(&[u32]) -> Flow,
) -> Flow {
    if row == n {
        return visit(columns);
    }
    let r = row as i64;
    for col in 0..n as i64 {
        if used.cols.contains(&col)
            || used.diagonals.contains(&(r - col))
            || used.anti_diagonals.contains(&(r + col))
        {
            continue;
        }
        used.cols.insert(col);
        used.diagonals.insert(r - col);
        used.anti_diagonals.insert(r + col);
        columns.push(col as u32);
        let flow = solve(n, row + 1, used, columns, visit);
        columns.pop();
        used.cols.remove(&col);
        used.diagonals.remove(&(r - col));
        used.anti_diagonals.remove(&(r + col));
        flow?;
    }
    ControlFlow::Continue(())
}

/// Calls `visit` with every solution, in lexicographic order, until it returns `Break`.
///
/// ```
/// let mut first = Vec::new();
/// nqueens::sets::for_each_solution(5, &mut |cols: &[u32]| {
///     first = cols.to_vec();
///     std::ops::ControlFlow::Break(())
/// }).unwrap();
/// assert_eq!(first, vec![0, 2, 4, 1, 3]);
/// ```
pub fn for_each_solution(n: usize, visit: &mut dyn FnMut(&[u32]) -> Flow) -> Result<Flow, Error> {
    check_n(n)?;
    let mut used = Used {
        cols: HashSet::new(),
        diagonals: HashSet::new(),
        anti_diagonals: HashSet::new(),
    };
    let mut columns = Vec::with_capacity(n);
    Ok(solve(n, 0, &mut used, &mut columns, visit))
}

/// Counts every solution.
///
/// ```
/// assert_eq!(nqueens::sets::count(8).unwrap(), 92);
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    let mut total = 0u128;
    let _ = for_each_solution(n, &mut |_| {
        total += 1;
        ControlFlow::Continue(())
    })?;
    Ok(total)
}
