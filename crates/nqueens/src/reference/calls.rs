//! The trace told as a debugger's "step into" tells it: every call of the recursive `solve(row)`
//! and every return is a step of its own, between the search's moves, and, for the scan, every
//! call of `safe(row, col)` and its answer too.
//!
//! The moves are those of [`trace`](super::trace::trace), in the same order; the calls and
//! returns come between them where the textbook program makes them:
//!
//! - the search starts with `call row 0` and ends with `return row 0`;
//! - a queen placed on row r is followed by `call row r+1` (row n, past the last row, when the
//!   board is full: then the solution, and `return row n`);
//! - a row whose columns are all tried returns (`return row r+1`) before the queen above it is
//!   taken back;
//! - with [`Detail::Checks`], each square tried is first checked (`check row r col c`: the scan
//!   calls `safe(r, c)`), and a safe square says so (`safe row r col c`: `safe` returns true)
//!   before its queen goes; a conflict is `safe` returning false.
//!
//! A return says how many solutions its call found: what the bit masks' `solve` returns.
//!
//! On a puzzle ([`Puzzle::fine_steps`](crate::Puzzle::fine_steps)) a row with a given queen has
//! no call of its own: the call after a queen is for the next row the search fills (row n when
//! the rest is given), and the first call is for the first row without a given queen.

use super::trace::{Step, Steps, trace};
use crate::error::Error;
use crate::method::Method;
#[cfg(feature = "serde")]
use serde::{Serialize, Serializer};
use std::collections::VecDeque;
use std::fmt;

/// How much of the program a [`FineSteps`] tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// The search's moves only: the steps of [`trace`](super::trace::trace).
    Moves,
    /// The moves, and each call of `solve(row)` and its return.
    Calls,
    /// The calls, and each call of the scan's `safe(row, col)` and its answer.
    Checks,
}

/// One step of [`fine_steps`]: a move of the search, or a call or a return of the program.
/// [`fmt::Display`] writes it as one line as [`Step`] does, rows and columns from 1.
///
/// ```
/// use nqueens::reference::FineStep;
///
/// assert_eq!(FineStep::Call { row: 1 }.to_string(), "  call row 2");
/// assert_eq!(FineStep::Check { row: 1, col: 0 }.to_string(), "  check row 2 col 1");
/// assert_eq!(FineStep::Return { row: 0, found: 2 }.to_string(), "return row 1: 2 found");
/// ```
///
/// In JSON (with the `serde` feature; rows and columns from 0), a move as [`Step`] writes it,
/// and `{"step":"call","row":1}`, `{"step":"check","row":1,"col":0}`,
/// `{"step":"safe","row":1,"col":2}`, `{"step":"return","row":1,"found":0}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FineStep {
    /// A move of the search, as [`trace`](super::trace::trace) gives it.
    Move(Step),
    /// `solve(row)` is called (row n, past the last row, when the board is full).
    Call {
        /// The row of the call, from 0.
        row: usize,
    },
    /// The scan calls `safe(row, col)`: is the square attacked? A [`Step::Conflict`] or a
    /// [`FineStep::Safe`] is its answer.
    Check {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// `safe(row, col)` returns true: no queen above attacks the square.
    Safe {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// `solve(row)` returns, having found `found` solutions (what the bit masks' `solve`
    /// returns; 1 for row n).
    Return {
        /// The row of the call, from 0.
        row: usize,
        /// The solutions the call found, its own calls' included.
        found: u64,
    },
}

impl fmt::Display for FineStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let indent = |f: &mut fmt::Formatter<'_>, row: usize| write!(f, "{:1$}", "", 2 * row);
        match self {
            FineStep::Move(step) => step.fmt(f),
            FineStep::Call { row } => {
                indent(f, *row)?;
                write!(f, "call row {}", row + 1)
            }
            FineStep::Check { row, col } => {
                indent(f, *row)?;
                write!(f, "check row {} col {}", row + 1, col + 1)
            }
            FineStep::Safe { row, col } => {
                indent(f, *row)?;
                write!(f, "safe row {} col {}", row + 1, col + 1)
            }
            FineStep::Return { row, found } => {
                indent(f, *row)?;
                write!(f, "return row {}: {found} found", row + 1)
            }
        }
    }
}

#[cfg(feature = "serde")]
impl Serialize for FineStep {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(tag = "step", rename_all = "lowercase")]
        enum Own {
            Call { row: usize },
            Check { row: usize, col: usize },
            Safe { row: usize, col: usize },
            Return { row: usize, found: u64 },
        }
        match *self {
            FineStep::Move(ref step) => step.serialize(s),
            FineStep::Call { row } => Own::Call { row }.serialize(s),
            FineStep::Check { row, col } => Own::Check { row, col }.serialize(s),
            FineStep::Safe { row, col } => Own::Safe { row, col }.serialize(s),
            FineStep::Return { row, found } => Own::Return { row, found }.serialize(s),
        }
    }
}

/// The steps of the search on an `n`×`n` board (1 to [`MAX_TRACE_N`](super::MAX_TRACE_N)) with
/// the program's calls and returns between its moves, as much as `detail` asks for.
///
/// ```
/// use nqueens::reference::{Detail, fine_steps};
///
/// let lines: Vec<String> = fine_steps(4, Detail::Checks)
///     .unwrap()
///     .map(|step| step.to_string())
///     .collect();
/// assert_eq!(
///     lines[..7],
///     [
///         "call row 1",
///         "check row 1 col 1",
///         "safe row 1 col 1",
///         "place row 1 col 1",
///         "  call row 2",
///         "  check row 2 col 1",
///         "  conflict row 2 col 1: attacked by row 1 col 1 (column)",
///     ]
/// );
/// assert_eq!(lines.last().unwrap(), "return row 1: 2 found");
/// // Every move of `nqueens::trace` is there, in its order.
/// let moves = fine_steps(4, Detail::Moves).unwrap().count();
/// assert_eq!(moves, 78);
/// ```
pub fn fine_steps(n: usize, detail: Detail) -> Result<FineSteps, Error> {
    Ok(FineSteps::of(trace(n)?, detail))
}

impl FineSteps {
    /// The steps of `moves` with the calls and returns `detail` asks for.
    pub(crate) fn of(moves: Steps, detail: Detail) -> FineSteps {
        let n = moves.n();
        let columns = moves.columns().to_vec();
        FineSteps {
            moves,
            detail,
            pending: VecDeque::with_capacity(4),
            started: false,
            ended: false,
            columns,
            found: 0,
            opened: Vec::with_capacity(n + 2),
            shown: 0,
            prunes: true,
        }
    }

    /// These steps as `method`'s own program makes them. The scan and the sets try every
    /// square of a row and find some attacked (the conflicts); the bit masks work out a row's
    /// free squares at once and take only those, so an attacked square is never a step of
    /// theirs: their steps are the queens placed and taken back, the solutions, and the calls
    /// and returns, those of [`ops`](super::ops) for [`Method::Bitmask`]. Only the scan calls
    /// `safe`: for the others [`Detail::Checks`] tells what [`Detail::Calls`] tells.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::reference::{Detail, FineStep, Step, fine_steps};
    ///
    /// let masks = fine_steps(4, Detail::Moves).unwrap().as_program(Method::Bitmask);
    /// let steps: Vec<FineStep> = masks.collect();
    /// assert!(!steps.iter().any(|s| matches!(s, FineStep::Move(Step::Conflict { .. }))));
    /// // 4×4: 16 queens placed, 16 taken back, 2 solutions.
    /// assert_eq!(steps.len(), 34);
    /// ```
    pub fn as_program(mut self, method: Method) -> FineSteps {
        if method != Method::Naive && self.detail == Detail::Checks {
            self.detail = Detail::Calls;
        }
        self.prunes = method != Method::Bitmask;
        self
    }

    /// Whether a conflict (an attacked square tried) is a step: false for the bit masks'
    /// program (see [`FineSteps::as_program`]).
    pub fn prunes(&self) -> bool {
        self.prunes
    }
}

/// The steps of [`fine_steps`]. A clone goes on from the same step.
#[derive(Debug, Clone)]
pub struct FineSteps {
    moves: Steps,
    detail: Detail,
    /// The steps made of the last move taken from `moves`, not given yet.
    pending: VecDeque<FineStep>,
    started: bool,
    ended: bool,
    /// The queens on the board after the last step given, row 0 first.
    columns: Vec<u32>,
    /// The solutions announced by the steps given.
    found: u64,
    /// For each open call of `solve`, the solutions found when it was called.
    opened: Vec<u64>,
    /// The moves given so far.
    shown: u64,
    /// Whether a conflict is a step: false for the bit masks, which never try an attacked
    /// square.
    prunes: bool,
}

impl FineSteps {
    /// The board size.
    pub fn n(&self) -> usize {
        self.moves.n()
    }

    /// What these steps tell.
    pub fn detail(&self) -> Detail {
        self.detail
    }

    /// The given queen of each row (none on the empty board).
    pub fn given(&self) -> &[Option<u32>] {
        self.moves.given()
    }

    /// Whether the square is blocked (never on the empty board).
    pub fn is_blocked(&self, row: usize, col: usize) -> bool {
        self.moves.is_blocked(row, col)
    }

    /// The columns of the rows filled from the top after the last step, row 0 first: the
    /// queens placed, and on a puzzle the given queens of the rows passed.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The solutions announced so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// How many moves (the steps of [`trace`](super::trace::trace)) were given so far: where
    /// the same search stands told move by move. The conflicts that the bit masks' program
    /// passes over (see [`FineSteps::as_program`]) count among them.
    pub fn moves(&self) -> u64 {
        self.shown
    }

    /// The steps the next move of the search makes, calls and returns around it.
    fn expand(&mut self) {
        let calls = self.detail != Detail::Moves;
        let checks = self.detail == Detail::Checks;
        let n = self.moves.n();
        // The row of the first call: the first without a given queen.
        let first = self
            .moves
            .given()
            .iter()
            .take_while(|g| g.is_some())
            .count();
        if !self.started {
            self.started = true;
            if calls {
                self.pending.push_back(FineStep::Call { row: first });
            }
            return;
        }
        let trying = self.moves.trying();
        let Some(step) = self.moves.next() else {
            // A board given whole: its one call, for row n, returned after its solution.
            if calls && first < n {
                let returning = FineStep::Return {
                    row: first,
                    found: 0,
                };
                self.pending.push_back(returning);
            }
            self.ended = true;
            return;
        };
        match step {
            Step::Conflict { .. } if !self.prunes => {
                // The bit masks never try this square: no step, but the same search passed it.
                self.shown += 1;
            }
            Step::Conflict { row, col, .. } => {
                if checks {
                    self.pending.push_back(FineStep::Check { row, col });
                }
                self.pending.push_back(FineStep::Move(step));
            }
            Step::Place { row, col } => {
                if checks {
                    self.pending.push_back(FineStep::Check { row, col });
                    self.pending.push_back(FineStep::Safe { row, col });
                }
                self.pending.push_back(FineStep::Move(step));
                if calls {
                    let next = self.moves.trying().unwrap_or(n);
                    self.pending.push_back(FineStep::Call { row: next });
                }
            }
            Step::Solution { .. } => {
                self.pending.push_back(FineStep::Move(step));
                if calls {
                    self.pending
                        .push_back(FineStep::Return { row: n, found: 0 });
                }
            }
            Step::Backtrack { .. } => {
                // The call for row n returned right after its solution.
                let done = trying.unwrap_or(n);
                if calls && done < n {
                    let returning = FineStep::Return {
                        row: done,
                        found: 0,
                    };
                    self.pending.push_back(returning);
                }
                self.pending.push_back(FineStep::Move(step));
            }
        }
    }

    /// The board, the solutions and the open calls after `step`, which is given now; a return
    /// gets its count here.
    fn hand(&mut self, mut step: FineStep) -> FineStep {
        match &mut step {
            FineStep::Move(m) => {
                self.shown += 1;
                match m {
                    Step::Place { row, col } => {
                        self.columns.truncate(*row);
                        self.columns.push(*col as u32);
                        // The given queens of the rows that follow are passed with it.
                        let given = self.moves.given();
                        while let Some(&Some(c)) = given.get(self.columns.len()) {
                            self.columns.push(c);
                        }
                    }
                    Step::Backtrack { row, .. } => self.columns.truncate(*row),
                    Step::Solution { .. } => self.found += 1,
                    Step::Conflict { .. } => {}
                }
            }
            FineStep::Call { .. } => self.opened.push(self.found),
            FineStep::Return { found, .. } => {
                *found = self.found - self.opened.pop().expect("an open call returns");
            }
            FineStep::Check { .. } | FineStep::Safe { .. } => {}
        }
        step
    }
}

impl Iterator for FineSteps {
    type Item = FineStep;

    fn next(&mut self) -> Option<FineStep> {
        while self.pending.is_empty() {
            if self.ended {
                return None;
            }
            self.expand();
        }
        let step = self.pending.pop_front()?;
        Some(self.hand(step))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: usize, detail: Detail) -> Vec<FineStep> {
        fine_steps(n, detail).unwrap().collect()
    }

    #[test]
    fn the_moves_are_the_trace_s() {
        for n in 1..=7 {
            let trace: Vec<Step> = trace(n).unwrap().collect();
            for detail in [Detail::Moves, Detail::Calls, Detail::Checks] {
                let moves: Vec<Step> = (all(n, detail).into_iter())
                    .filter_map(|s| match s {
                        FineStep::Move(m) => Some(m),
                        _ => None,
                    })
                    .collect();
                assert_eq!(moves, trace, "n = {n}, {detail:?}");
            }
        }
    }

    // The bit masks' program: its moves are the events of the bit-mask method's own
    // operations (`ops`), one for one, with no attacked square among them, and its calls and
    // returns are those of the same search, where the scan's conflicts fall away.
    #[test]
    fn the_bit_masks_steps_are_their_own_operations() {
        use crate::reference::ops::{Op, ops};
        for n in 1..=8 {
            let events: Vec<Op> = ops(Method::Bitmask, n)
                .unwrap()
                .filter(Op::is_event)
                .collect();
            for detail in [Detail::Moves, Detail::Calls, Detail::Checks] {
                let steps: Vec<FineStep> =
                    (fine_steps(n, detail).unwrap().as_program(Method::Bitmask)).collect();
                let moves: Vec<Op> = (steps.iter())
                    .filter_map(|s| match s {
                        FineStep::Move(Step::Place { row, col }) => Some(Op::Place {
                            row: *row,
                            col: *col,
                        }),
                        FineStep::Move(Step::Backtrack { row, col }) => Some(Op::Backtrack {
                            row: *row,
                            col: *col,
                        }),
                        FineStep::Move(Step::Solution { number, .. }) => {
                            Some(Op::Solution { number: *number })
                        }
                        FineStep::Move(other) => panic!("n = {n}: the bit masks never {other}"),
                        _ => None,
                    })
                    .collect();
                assert_eq!(moves, events, "n = {n}, {detail:?}");
                let calls = if detail == Detail::Checks {
                    Detail::Calls
                } else {
                    detail
                };
                let scan: Vec<FineStep> = (fine_steps(n, calls).unwrap())
                    .filter(|s| !matches!(s, FineStep::Move(Step::Conflict { .. })))
                    .collect();
                assert_eq!(steps, scan, "n = {n}, {detail:?}");
            }
        }
        // The search passed the squares it did not try: the moves count them.
        let mut masks = fine_steps(4, Detail::Moves)
            .unwrap()
            .as_program(Method::Bitmask);
        assert_eq!(
            masks.nth(1),
            Some(FineStep::Move(Step::Place { row: 1, col: 2 }))
        );
        assert_eq!(masks.moves(), 4);
        assert!(!masks.prunes());
    }

    // The program's calls, followed step by step: each call is one row deeper than the call
    // that makes it, after a queen on the row above; each return ends the innermost call, with
    // the solutions found since it began; each check is answered next.
    #[test]
    fn calls_and_returns_nest_as_the_program_s() {
        for n in 1..=7 {
            for detail in [Detail::Calls, Detail::Checks] {
                let mut open: Vec<(usize, u64)> = Vec::new();
                let (mut queens, mut found) = (0usize, 0u64);
                let mut checking: Option<(usize, usize)> = None;
                let all = all(n, detail);
                for (i, step) in all.iter().enumerate() {
                    if let Some(square) = checking.take() {
                        let answer = match step {
                            FineStep::Safe { row, col } => (*row, *col),
                            FineStep::Move(Step::Conflict { row, col, .. }) => (*row, *col),
                            other => panic!("n = {n}: {other:?} answers check {square:?}"),
                        };
                        assert_eq!(answer, square);
                    }
                    match step {
                        FineStep::Call { row } => {
                            assert_eq!(*row, queens, "n = {n}, step {i}");
                            assert_eq!(open.len(), *row);
                            open.push((*row, found));
                        }
                        FineStep::Return { row, found: f } => {
                            let (r, at) = open.pop().expect("an open call");
                            assert_eq!((*row, *f), (r, found - at), "n = {n}, step {i}");
                        }
                        FineStep::Check { row, col } => {
                            assert_eq!(detail, Detail::Checks);
                            assert_eq!(*row + 1, open.len());
                            checking = Some((*row, *col));
                        }
                        FineStep::Safe { row, .. } => assert_eq!(*row + 1, open.len()),
                        FineStep::Move(Step::Place { row, .. }) => {
                            assert_eq!(*row + 1, open.len());
                            queens += 1;
                        }
                        FineStep::Move(Step::Backtrack { row, .. }) => {
                            assert_eq!(*row + 1, open.len(), "n = {n}, step {i}");
                            queens -= 1;
                        }
                        FineStep::Move(Step::Solution { .. }) => {
                            assert_eq!(open.len(), n + 1);
                            found += 1;
                        }
                        FineStep::Move(Step::Conflict { .. }) => {}
                    }
                }
                assert!(open.is_empty(), "n = {n}: every call returns");
                let first = &all[0];
                assert_eq!(first, &FineStep::Call { row: 0 });
                let last = all.last().unwrap();
                let q = crate::known::A000170[n - 1] as u64;
                assert_eq!(last, &FineStep::Return { row: 0, found: q });
            }
        }
    }

    #[test]
    fn the_board_follows_the_steps_given() {
        let mut s = fine_steps(4, Detail::Checks).unwrap();
        // call row 0, check, safe: the queen is not on the board yet.
        s.by_ref().take(3).for_each(drop);
        assert_eq!((s.columns(), s.moves()), (&[][..], 0));
        assert_eq!(
            s.next(),
            Some(FineStep::Move(Step::Place { row: 0, col: 0 }))
        );
        assert_eq!((s.columns(), s.moves()), (&[0][..], 1));
        let b = s.clone();
        assert!(s.take(200).eq(b.take(200)));
    }

    #[test]
    fn the_lengths() {
        // Each queen placed makes a call and its return, the first call has its pair, and with
        // checks each square tried is checked and each queen's square found safe.
        for n in 1..=8 {
            let moves = all(n, Detail::Moves);
            let placed = moves
                .iter()
                .filter(|s| matches!(s, FineStep::Move(Step::Place { .. })));
            let placed = placed.count();
            let pruned = moves
                .iter()
                .filter(|s| matches!(s, FineStep::Move(Step::Conflict { .. })));
            let pruned = pruned.count();
            assert_eq!(moves.len(), trace(n).unwrap().count());
            let calls = moves.len() + 2 * placed + 2;
            assert_eq!(all(n, Detail::Calls).len(), calls, "n = {n}");
            assert_eq!(all(n, Detail::Checks).len(), calls + 2 * placed + pruned);
        }
        assert_eq!(all(4, Detail::Checks).len(), 78 + 2 * 16 + 2 + 2 * 16 + 44);
    }
}
