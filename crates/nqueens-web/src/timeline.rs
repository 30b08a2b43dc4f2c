//! The whole search at a glance: how many steps it takes, where its solutions and events
//! fall, for the bar under the board that jumps to any step, and where the three methods stand
//! on the same board. These walk the search once and keep nothing of it, where
//! [`Watch`](crate::watch::Watch) keeps its place to step back and forth.

use nqueens::reference::{Detail, FineStep, FineSteps, Step};
use nqueens::{Method, Puzzle};
use wasm_bindgen::prelude::*;

/// The detail a number of the bindings asks for, and whose program makes the steps: 0 the
/// moves ("step over"), 1 the calls of `solve` and their returns too, 2 the scan's calls of
/// `safe` too ("step into"), all with the squares the scan and the sets try and find attacked;
/// 3 and 4 the bit masks' own program, which never tries an attacked square, its moves (3) and
/// its calls and returns too (4) (see [`FineSteps::as_program`]).
pub(crate) fn detail_of(code: Option<u8>) -> Result<(Detail, Method), JsError> {
    match code.unwrap_or(0) {
        0 => Ok((Detail::Moves, Method::Naive)),
        1 => Ok((Detail::Calls, Method::Naive)),
        2 => Ok((Detail::Checks, Method::Naive)),
        3 => Ok((Detail::Moves, Method::Bitmask)),
        4 => Ok((Detail::Calls, Method::Bitmask)),
        other => Err(JsError::new(&format!("detail {other} is not 0 to 4"))),
    }
}

/// The number of the bindings for the steps `steps` tell: see [`detail_of`].
pub(crate) fn detail_code(steps: &FineSteps) -> u8 {
    let calls = match steps.detail() {
        Detail::Moves => 0,
        Detail::Calls => 1,
        Detail::Checks => 2,
    };
    if steps.prunes() { calls } else { 3 + calls }
}

/// The steps of the search on `puzzle` told with `detail`, or the library's message.
pub(crate) fn traced(puzzle: &Puzzle, detail: Option<u8>) -> Result<FineSteps, JsError> {
    let (detail, method) = detail_of(detail)?;
    let steps = (puzzle.fine_steps(detail)).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(steps.as_program(method))
}

/// The empty n×n board, or the library's message.
pub(crate) fn empty(n: usize) -> Result<Puzzle, JsError> {
    Puzzle::new(n).map_err(|e| JsError::new(&e.to_string()))
}

/// The events (moves that are not conflicts: a queen placed or taken back, a solution) among
/// the first `steps` steps of the search on the n×n board (1 to 12), told with `detail` as
/// [`Watch::with_detail`](crate::watch::Watch::with_detail) takes it (0 when left out), and the position just after the last of
/// them, as two numbers: where the three methods of the page stand on the same board, since
/// they reach the same events in the same order but prune in steps of their own.
///
/// ```
/// use nqueens_web::timeline::events_before;
///
/// // 4×4: place row 0 col 0, a conflict, a conflict, place row 1 col 2, a conflict...
/// assert_eq!(events_before(4, 3.0, None).unwrap(), [1.0, 1.0]);
/// assert_eq!(events_before(4, 4.0, None).unwrap(), [2.0, 4.0]);
/// assert_eq!(events_before(4, 5.0, None).unwrap(), [2.0, 4.0]);
/// // With the calls: call row 0, place row 0 col 0, call row 1, ...
/// assert_eq!(events_before(4, 3.0, Some(1)).unwrap(), [1.0, 2.0]);
/// ```
#[wasm_bindgen]
pub fn events_before(n: usize, steps: f64, detail: Option<u8>) -> Result<Vec<f64>, JsError> {
    events_in(traced(&empty(n)?, detail)?, steps)
}

pub(crate) fn events_in(trace: FineSteps, steps: f64) -> Result<Vec<f64>, JsError> {
    let (mut events, mut after) = (0u64, 0u64);
    for (at, step) in trace.take(steps as usize).enumerate() {
        if is_event(&step) {
            events += 1;
            after = at as u64 + 1;
        }
    }
    Ok(vec![events as f64, after as f64])
}

/// The position just after the `events`-th event (see [`events_before`]) of the search on the
/// n×n board, told with `detail` (0 when left out), or its end when it has fewer: the step of
/// Watch that shows the board the three methods hold after that many events.
///
/// ```
/// use nqueens_web::timeline::event_step;
///
/// assert_eq!(event_step(4, 0.0, None).unwrap(), 0.0);
/// assert_eq!(event_step(4, 2.0, None).unwrap(), 4.0);
/// assert_eq!(event_step(4, 1.0, Some(2)).unwrap(), 4.0);
/// ```
#[wasm_bindgen]
pub fn event_step(n: usize, events: f64, detail: Option<u8>) -> Result<f64, JsError> {
    Ok(event_in(traced(&empty(n)?, detail)?, events))
}

pub(crate) fn event_in(trace: FineSteps, events: f64) -> f64 {
    let (mut seen, mut at) = (0u64, 0u64);
    for step in trace {
        if seen as f64 >= events {
            break;
        }
        at += 1;
        if is_event(&step) {
            seen += 1;
        }
    }
    at as f64
}

/// A move that is not a conflict: a queen placed or taken back, a solution.
fn is_event(step: &FineStep) -> bool {
    matches!(step, FineStep::Move(m) if !matches!(m, Step::Conflict { .. }))
}

/// The most bins [`timeline`] returns: finer than any screen shows the whole search.
pub const TIMELINE_BINS: usize = 4096;

/// The whole search of [`Watch`](crate::watch::Watch) on the n×n board (1 to 12), told with `detail` as
/// [`Watch::with_detail`](crate::watch::Watch::with_detail) takes it (0 when left out), at a glance, for a bar that jumps to any
/// step, found in one pass that keeps no steps: the search is walked with bit masks in the
/// trace's order, counting its steps, which takes a fraction of stepping the trace.
///
/// The steps are grouped in bins of `w` steps (a power of two, the smallest that needs at most
/// [`TIMELINE_BINS`] bins; bin `b` holds steps `b·w` to `b·w + w - 1`, counted from 0). Returns,
/// one after another: the number of steps `L`, the number of solutions `S`, `w`, the number of
/// bins `K`; for each solution the position just after its step (what [`Watch::seek`](crate::watch::Watch::seek) takes to
/// show it); for each solution its columns, 4 bits a row, row 0 in the lowest bits; for each
/// bin its backtracks; for each bin its queens placed; for each bin its conflicts.
#[wasm_bindgen]
pub fn timeline(n: usize, detail: Option<u8>) -> Result<Vec<f64>, JsError> {
    outline(&empty(n)?, detail)
}

/// [`timeline`] of the search on `puzzle`.
pub(crate) fn outline(puzzle: &Puzzle, detail: Option<u8>) -> Result<Vec<f64>, JsError> {
    let (detail, method) = detail_of(detail)?;
    traced(puzzle, None)?;
    let n = puzzle.n();
    let calls = u64::from(detail != Detail::Moves);
    let given: Vec<Option<u32>> = puzzle.given().to_vec();
    let blocked: Vec<u32> = (0..n)
        .map(|r| {
            (0..n)
                .filter(|&c| puzzle.is_blocked(r, c))
                .map(|c| 1 << c)
                .sum()
        })
        .collect();
    // The given queens' lines, which every row's squares are checked against.
    let (mut cols, mut down, mut up) = (0u32, 0u32, 0u32);
    let mut columns = [0u32; 16];
    for (row, g) in given.iter().enumerate() {
        if let Some(c) = *g {
            let col = c as usize;
            columns[row] = c;
            cols |= 1 << col;
            down |= 1 << (row + col);
            up |= 1 << (row + n - 1 - col);
        }
    }
    let mut walk = Outline {
        n,
        calls,
        checks: u64::from(detail == Detail::Checks),
        prunes: method != Method::Bitmask,
        position: 0,
        columns,
        given,
        blocked,
        solutions: Vec::new(),
        packed: Vec::new(),
        width: 1,
        backtracks: Vec::new(),
        placed: Vec::new(),
        conflicts: Vec::new(),
    };
    walk.position += calls; // the first call
    let first = walk.free_from(0);
    if first == n {
        // A board given whole: its solution, and the first call (for row n) returns.
        walk.solution();
        walk.position += calls;
    } else {
        walk.row(first, cols, down, up);
    }
    if walk.position > 0 {
        walk.bin(walk.position - 1);
    }
    let mut out = vec![
        walk.position as f64,
        walk.solutions.len() as f64,
        walk.width as f64,
        walk.backtracks.len() as f64,
    ];
    out.extend(walk.solutions.iter().map(|&p| p as f64));
    out.extend(walk.packed.iter().map(|&c| c as f64));
    out.extend(walk.backtracks.iter().map(|&c| f64::from(c)));
    out.extend(walk.placed.iter().map(|&c| f64::from(c)));
    out.extend(walk.conflicts.iter().map(|&c| f64::from(c)));
    Ok(out)
}

/// The walk of [`timeline`]: where it is in the trace and what it has counted.
struct Outline {
    n: usize,
    /// 1 when each call and return is a step, 0 when not.
    calls: u64,
    /// 1 when each check (the scan's `safe`) and each answer true is a step, 0 when not.
    checks: u64,
    /// Whether an attacked square tried is a step: not for the bit masks, which never try one.
    prunes: bool,
    /// Steps taken so far.
    position: u64,
    /// The column of the queen on each row above the current one, and of each given queen.
    columns: [u32; 16],
    /// The given queen of each row, if any.
    given: Vec<Option<u32>>,
    /// The blocked squares of each row, bit c for column c.
    blocked: Vec<u32>,
    solutions: Vec<u64>,
    packed: Vec<u64>,
    /// Steps per bin.
    width: u64,
    backtracks: Vec<u32>,
    placed: Vec<u32>,
    conflicts: Vec<u32>,
}

impl Outline {
    /// Tries every column of `row`, as the trace does: a conflict, or a queen placed, then the
    /// rows below it (or the solution) and its backtrack; then the call returns. With checks,
    /// each square is checked first, and a safe one found safe before its queen goes; with
    /// calls, each queen placed calls the next row.
    fn row(&mut self, row: usize, cols: u32, down: u32, up: u32) {
        let n = self.n;
        for col in 0..n {
            if self.blocked[row] & (1 << col) != 0 {
                continue; // never tried
            }
            let (c, d, u) = (1 << col, 1 << (row + col), 1 << (row + n - 1 - col));
            if cols & c != 0 || down & d != 0 || up & u != 0 {
                if self.prunes {
                    self.position += self.checks + 1;
                    let b = self.bin(self.position - 1);
                    self.conflicts[b] += 1;
                }
                continue;
            }
            self.position += 2 * self.checks + 1; // checked, safe, then the queen goes
            let b = self.bin(self.position - 1);
            self.placed[b] += 1;
            self.columns[row] = col as u32;
            self.position += self.calls; // the call for the next row the search fills
            let next = self.free_from(row + 1);
            if next == n {
                self.solution();
                self.position += self.calls; // its return
            } else {
                self.row(next, cols | c, down | d, up | u);
            }
            // Every queen is taken back; the trace's last step lifts the top row's last one.
            self.position += 1;
            let b = self.bin(self.position - 1);
            self.backtracks[b] += 1;
        }
        self.position += self.calls; // the return of this row's call
    }

    /// The first row from `row` without a given queen (n if none).
    fn free_from(&self, row: usize) -> usize {
        (row..self.n)
            .find(|&r| self.given[r].is_none())
            .unwrap_or(self.n)
    }

    /// A full board: the solution's step.
    fn solution(&mut self) {
        self.position += 1;
        self.solutions.push(self.position);
        let packed = (0..self.n).map(|r| u64::from(self.columns[r]) << (4 * r));
        self.packed.push(packed.sum());
    }

    /// The bin of step `index`, made if need be; when there would be more than
    /// [`TIMELINE_BINS`], neighbouring bins are merged and the width doubles.
    fn bin(&mut self, index: u64) -> usize {
        while index / self.width >= TIMELINE_BINS as u64 {
            for counts in [&mut self.backtracks, &mut self.placed, &mut self.conflicts] {
                let merged: Vec<u32> = counts.chunks(2).map(|p| p.iter().sum()).collect();
                *counts = merged;
            }
            self.width *= 2;
        }
        let b = (index / self.width) as usize;
        if b >= self.backtracks.len() {
            self.backtracks.resize(b + 1, 0);
            self.placed.resize(b + 1, 0);
            self.conflicts.resize(b + 1, 0);
        }
        b
    }
}

/// Checks a timeline against the steps it outlines (the tests of [`Watch`](crate::watch::Watch) check
/// a puzzle's with it).
#[cfg(test)]
pub(crate) fn same_timeline(t: &[f64], steps: &[FineStep], what: &str) {
    let (len, sols, width, bins) = (t[0] as usize, t[1] as usize, t[2] as usize, t[3] as usize);
    assert_eq!(len, steps.len(), "{what}");
    assert!(width.is_power_of_two() && bins <= TIMELINE_BINS);
    assert_eq!(bins, len.div_ceil(width), "{what}");
    assert_eq!(t.len(), 4 + 2 * sols + 3 * bins);
    let (mut at, mut packed) = (Vec::new(), Vec::new());
    let (mut backtracks, mut placed) = (vec![0.0; bins], vec![0.0; bins]);
    let mut conflicts = vec![0.0; bins];
    for (i, step) in steps.iter().enumerate() {
        let FineStep::Move(step) = step else { continue };
        match step {
            Step::Solution { columns, .. } => {
                at.push((i + 1) as f64);
                let c = columns
                    .iter()
                    .enumerate()
                    .map(|(r, &c)| u64::from(c) << (4 * r));
                packed.push(c.sum::<u64>() as f64);
            }
            Step::Backtrack { .. } => backtracks[i / width] += 1.0,
            Step::Place { .. } => placed[i / width] += 1.0,
            Step::Conflict { .. } => conflicts[i / width] += 1.0,
        }
    }
    let rest = &t[4..];
    assert_eq!(rest[..sols], at[..], "{what}");
    assert_eq!(rest[sols..2 * sols], packed[..], "{what}");
    assert_eq!(rest[2 * sols..2 * sols + bins], backtracks[..], "{what}");
    assert_eq!(rest[2 * sols + bins..2 * sols + 2 * bins], placed[..]);
    assert_eq!(rest[2 * sols + 2 * bins..], conflicts[..], "{what}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_timeline_is_the_trace_s() {
        for (n, detail) in (1..=9).flat_map(|n| (0..=4).map(move |d| (n, d))) {
            let t = timeline(n, Some(detail)).ok().unwrap();
            let steps: Vec<FineStep> = traced(&empty(n).ok().unwrap(), Some(detail))
                .ok()
                .unwrap()
                .collect();
            same_timeline(&t, &steps, &format!("n = {n}, detail {detail}"));
        }
        // Solution 1 of n = 4 shows after step 31 (`nqueens trace 4`).
        let t = timeline(4, None).ok().unwrap();
        assert_eq!(&t[..5], [78.0, 2.0, 1.0, 78.0, 31.0]);
    }

    #[test]
    fn the_timeline_of_twelve_has_every_solution() {
        let t = timeline(12, None).ok().unwrap();
        assert_eq!(t[1], 14_200.0);
        assert!(t[3] as usize <= TIMELINE_BINS);
    }
}
