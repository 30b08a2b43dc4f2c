//! The three textbook methods told operation by operation, each with the state it keeps, so that
//! a learner can run them side by side and see what each one pays for the same search.
//!
//! All three fill rows from the top and try columns from the left, so they place and take back
//! the same queens in the same order (the [`trace`](crate::reference::trace) of the search).
//! They differ in how they learn which squares are safe:
//!
//! - the scan ([`Method::Naive`]) reads the squares above the one it tries, row by row from the
//!   top (the column, then the diagonal `\`, then the diagonal `/`), until it meets a queen;
//! - the sets ([`Method::Sets`]) look the square's column, `row - col` and `row + col` up in
//!   three sets of those in use;
//! - the bit masks ([`Method::Bitmask`]) work out every free square of a row at once,
//!   `!(cols | left | right)` within the board, and take them one at a time with `x & -x`:
//!   they never try an attacked square.
//!
//! Each [`Op`] is either *work* (a square read, a set looked up, a mask worked out or a bit
//! picked: what [`Ops::work`] counts) or an *event* of the search (a queen placed or taken back, a
//! solution), which all three methods reach in the same order.

use crate::board::bits::lowest;
use crate::error::{Error, Quantity, Task};
use crate::method::Method;
use crate::reference::bitmask::{Prefix, full_mask};
use crate::reference::trace::MAX_TRACE_N;
use std::collections::{BTreeSet, VecDeque};

/// One of the three sets of the sets method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Set {
    /// The columns in use.
    Columns,
    /// `row - col` of the queens placed: one value per diagonal `\`.
    Differences,
    /// `row + col` of the queens placed: one value per diagonal `/`.
    Sums,
}

/// One operation of a textbook method; rows and columns from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// The scan reads the square (`row`, `col`) above the square it tries.
    Read {
        /// The row read.
        row: usize,
        /// The column read.
        col: usize,
        /// A queen stands there: the square tried is attacked.
        queen: bool,
    },
    /// The sets method looks `key` up in one of its sets.
    Lookup {
        /// The set.
        set: Set,
        /// The value looked up: the column, `row - col` or `row + col` of the square tried.
        key: i64,
        /// The value is there: the square tried is attacked.
        found: bool,
    },
    /// The bit masks work out the free squares of `row`: `!(cols | left | right)` within the
    /// board (bit `c` for column `c`).
    Free {
        /// The row entered.
        row: usize,
        /// Its free squares.
        free: u64,
    },
    /// The bit masks pick the lowest free square of `row` with `x & -x`.
    Pick {
        /// The row.
        row: usize,
        /// The bit picked (one bit set).
        bit: u64,
    },
    /// The square tried is attacked (scan and sets): the next column is tried.
    Reject {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// A queen goes on (`row`, `col`).
    Place {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
    },
    /// The queen of `row` is taken back: the row below has nothing left to try.
    Backtrack {
        /// The row.
        row: usize,
        /// The column the queen stood in.
        col: usize,
    },
    /// The board is full: the solution with this number (from 1).
    Solution {
        /// How many solutions were found so far, this one included.
        number: u64,
    },
}

impl Op {
    /// True for an event of the search (a queen placed or taken back, a solution), which every
    /// method reaches in the same order.
    ///
    /// ```
    /// use nqueens::reference::Op;
    ///
    /// assert!(Op::Place { row: 0, col: 0 }.is_event());
    /// assert!(!Op::Reject { row: 1, col: 0 }.is_event());
    /// ```
    pub fn is_event(&self) -> bool {
        matches!(
            self,
            Op::Place { .. } | Op::Backtrack { .. } | Op::Solution { .. }
        )
    }

    /// True for work that tells which squares are safe: a square read, a set looked up, a mask
    /// worked out, a bit picked.
    ///
    /// ```
    /// use nqueens::reference::Op;
    ///
    /// assert!(Op::Pick { row: 0, bit: 0b100 }.is_work());
    /// assert!(!Op::Solution { number: 1 }.is_work());
    /// ```
    pub fn is_work(&self) -> bool {
        matches!(
            self,
            Op::Read { .. } | Op::Lookup { .. } | Op::Free { .. } | Op::Pick { .. }
        )
    }
}

/// The bit masks the bit-mask method holds for the row it is filling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowMasks {
    /// The row being filled.
    pub row: usize,
    /// Columns in use, and the squares of this row attacked along each diagonal (see
    /// [`Prefix`]).
    pub masks: Prefix,
    /// The free squares of the row not tried yet.
    pub untried: u64,
}

/// The operations of one textbook method on an `n`×`n` board (1 to [`MAX_TRACE_N`]), with the
/// method's state after each: see [`ops`].
#[derive(Clone, Debug)]
pub struct Ops {
    method: Method,
    n: usize,
    /// The columns of the queens placed, row 0 first.
    columns: Vec<u32>,
    /// For each row entered: the next column to try (scan and sets), or the free squares not
    /// tried yet (bit masks).
    cursor: Vec<u64>,
    /// The sets method's sets: columns, `row - col`, `row + col`.
    sets: [BTreeSet<i64>; 3],
    /// The bit masks each entered row sees.
    masks: Vec<Prefix>,
    /// The operations of the current action not handed out yet, with what each changes.
    queue: VecDeque<(Op, Effect)>,
    found: u64,
    work: u64,
}

/// The operations of `method` (naive, sets or bitmask) on an `n`×`n` board, one at a time.
///
/// ```
/// use nqueens::Method;
/// use nqueens::reference::{Op, ops};
///
/// // Every method finds the two 4×4 solutions through the same placements...
/// let events = |m| ops(m, 4).unwrap().filter(Op::is_event).collect::<Vec<_>>();
/// assert_eq!(events(Method::Naive), events(Method::Bitmask));
/// assert_eq!(events(Method::Sets), events(Method::Bitmask));
/// // ...at very different costs.
/// let work = |m| ops(m, 8).unwrap().filter(Op::is_work).count();
/// assert!(work(Method::Naive) > work(Method::Sets));
/// assert!(work(Method::Sets) > work(Method::Bitmask));
/// assert!(ops(Method::Symmetry, 8).is_err());
/// ```
pub fn ops(method: Method, n: usize) -> Result<Ops, Error> {
    if !method.describe().explains {
        return Err(Error::unsupported(method, Task::Explain));
    }
    if !(1..=MAX_TRACE_N).contains(&n) {
        return Err(Error::out_of_range(Quantity::NTraced, n, 1, MAX_TRACE_N));
    }
    let mut ops = Ops {
        method,
        n,
        columns: Vec::with_capacity(n),
        cursor: Vec::with_capacity(n + 1),
        sets: Default::default(),
        masks: vec![Prefix {
            cols: 0,
            left: 0,
            right: 0,
        }],
        queue: VecDeque::new(),
        found: 0,
        work: 0,
    };
    if method == Method::Bitmask {
        let free = full_mask(n);
        ops.queue
            .push_back((Op::Free { row: 0, free }, Effect::Enter(free)));
    } else {
        ops.cursor.push(0);
    }
    Ok(ops)
}

impl Ops {
    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The columns of the queens on the board, row 0 first.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The work done so far: squares read, sets looked up, or masks worked out and bits picked.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::reference::ops;
    ///
    /// let mut scan = ops(Method::Naive, 4).unwrap();
    /// scan.by_ref().for_each(drop);
    /// assert_eq!(scan.work(), 153);
    /// ```
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// The square the scan or the sets method is about to test, or is testing (row, column);
    /// `None` for the bit masks, which test no square, on a full board and at the end.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::reference::ops;
    ///
    /// let mut scan = ops(Method::Naive, 4).unwrap();
    /// assert_eq!(scan.trying(), Some((0, 0)));
    /// scan.next(); // place row 0 col 0: nothing above to read
    /// assert_eq!(scan.trying(), Some((1, 0)));
    /// assert_eq!(ops(Method::Bitmask, 4).unwrap().trying(), None);
    /// ```
    pub fn trying(&self) -> Option<(usize, usize)> {
        if self.method == Method::Bitmask {
            return None;
        }
        let row = self.cursor.len().checked_sub(1)?;
        let col = self.cursor[row] as usize;
        (row < self.n && col < self.n).then_some((row, col))
    }

    /// The values in one of the sets (sorted), for the sets method; empty for the others,
    /// which keep no sets.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::reference::{Set, ops};
    ///
    /// let mut sets = ops(Method::Sets, 4).unwrap();
    /// // Up to the second placement: row 0 col 0, then row 1 col 2.
    /// sets.by_ref().filter(|op| op.is_event()).take(2).for_each(drop);
    /// assert_eq!(sets.set(Set::Columns), [0, 2]);
    /// assert_eq!(sets.set(Set::Differences), [-1, 0]);
    /// assert_eq!(sets.set(Set::Sums), [0, 3]);
    /// ```
    pub fn set(&self, set: Set) -> Vec<i64> {
        let i = match set {
            Set::Columns => 0,
            Set::Differences => 1,
            Set::Sums => 2,
        };
        self.sets[i].iter().copied().collect()
    }

    /// The masks of the row being filled, for the bit-mask method while a row is being filled;
    /// `None` for the other methods, on a full board and at the end.
    ///
    /// ```
    /// use nqueens::Method;
    /// use nqueens::reference::ops;
    ///
    /// let mut masks = ops(Method::Bitmask, 4).unwrap();
    /// // Row 0's free squares, the pick of column 0, its queen, row 1's free squares:
    /// masks.by_ref().take(4).for_each(drop);
    /// let row = masks.masks().unwrap();
    /// assert_eq!(row.row, 1);
    /// assert_eq!((row.masks.cols, row.masks.left, row.masks.right), (0b0001, 0b0010, 0b0000));
    /// assert_eq!(row.untried, 0b1100);
    /// ```
    pub fn masks(&self) -> Option<RowMasks> {
        if self.method != Method::Bitmask {
            return None;
        }
        let row = self.cursor.len().checked_sub(1)?;
        (row < self.n).then(|| RowMasks {
            row,
            masks: self.masks[row],
            untried: self.cursor[row],
        })
    }

    /// The value of a row's cursor when it has nothing left to try.
    fn exhausted(&self) -> u64 {
        if self.method == Method::Bitmask {
            0
        } else {
            self.n as u64
        }
    }

    /// Queues the operations of the search's next action, each with what it changes once it is
    /// handed out, so that the state read between two operations is the state after the first;
    /// false at the end.
    fn act(&mut self) -> bool {
        let Some(row) = self.cursor.len().checked_sub(1) else {
            return false;
        };
        let left = self.cursor[row];
        if left == self.exhausted() {
            let Some(above) = row.checked_sub(1) else {
                self.cursor.pop();
                return false;
            };
            let col = self.columns[above] as usize;
            self.queue
                .push_back((Op::Backtrack { row: above, col }, Effect::Lift));
            return true;
        }
        let col = match self.method {
            Method::Bitmask => {
                let bit = lowest(left); // the lowest free square: `x & -x`
                self.queue
                    .push_back((Op::Pick { row, bit }, Effect::Take(bit)));
                bit.trailing_zeros() as usize
            }
            _ => {
                let col = left as usize;
                let attacked = match self.method {
                    Method::Naive => self.scan(row, col),
                    _ => self.look_up(row, col),
                };
                if attacked {
                    self.queue
                        .push_back((Op::Reject { row, col }, Effect::NextColumn));
                    return true;
                }
                col
            }
        };
        self.queue
            .push_back((Op::Place { row, col }, Effect::Place { row, col }));
        if row + 1 == self.n {
            let number = self.found + 1;
            self.queue
                .push_back((Op::Solution { number }, Effect::Found(number)));
        } else if self.method == Method::Bitmask {
            let free = full_mask(self.n) & !self.masks[row].place(1u64 << col).attacked();
            self.queue
                .push_back((Op::Free { row: row + 1, free }, Effect::Enter(free)));
        }
        true
    }

    /// Queues the reads of the squares above (`row`, `col`), from the top, until a queen; true
    /// if one was met.
    fn scan(&mut self, row: usize, col: usize) -> bool {
        for r in 0..row {
            let up = row - r;
            let queen = self.columns[r] as usize;
            let looks = [
                Some(col),
                col.checked_sub(up),
                Some(col + up).filter(|&c| c < self.n),
            ];
            for c in looks.into_iter().flatten() {
                let hit = queen == c;
                let op = Op::Read {
                    row: r,
                    col: c,
                    queen: hit,
                };
                self.queue.push_back((op, Effect::None));
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// Queues the look-ups of the square's column and diagonals, until one is in use; true if
    /// one was.
    fn look_up(&mut self, row: usize, col: usize) -> bool {
        let (r, c) = (row as i64, col as i64);
        for (i, (set, key)) in [
            (Set::Columns, c),
            (Set::Differences, r - c),
            (Set::Sums, r + c),
        ]
        .into_iter()
        .enumerate()
        {
            let found = self.sets[i].contains(&key);
            self.queue
                .push_back((Op::Lookup { set, key, found }, Effect::None));
            if found {
                return true;
            }
        }
        false
    }

    /// Changes the state as the operation that carries `effect` is handed out.
    fn apply(&mut self, effect: Effect) {
        // The first placement comes before any row is entered: only the effects that move
        // within a row need one.
        match effect {
            Effect::None => {}
            Effect::NextColumn => *self.cursor.last_mut().expect("a row being filled") += 1,
            Effect::Take(bit) => *self.cursor.last_mut().expect("a row being filled") ^= bit,
            Effect::Enter(free) => self.cursor.push(free),
            Effect::Found(number) => {
                self.found = number;
                self.cursor.push(self.exhausted());
            }
            Effect::Place { row, col } => {
                self.columns.push(col as u32);
                let (r, c) = (row as i64, col as i64);
                if self.method == Method::Sets {
                    self.sets[0].insert(c);
                    self.sets[1].insert(r - c);
                    self.sets[2].insert(r + c);
                }
                let p = self.masks[row];
                self.masks.push(p.place(1u64 << col));
                // The bit masks enter the row below with their `Free` operation; the others
                // enter it silently, at its first column.
                if self.method != Method::Bitmask && row + 1 < self.n {
                    self.cursor.push(0);
                }
            }
            Effect::Lift => {
                self.cursor.pop();
                let above = self.cursor.len() - 1;
                let col = self.columns.pop().expect("a queen above") as i64;
                self.masks.pop();
                if self.method == Method::Sets {
                    let r = above as i64;
                    self.sets[0].remove(&col);
                    self.sets[1].remove(&(r - col));
                    self.sets[2].remove(&(r + col));
                }
                if self.method != Method::Bitmask {
                    self.cursor[above] += 1;
                }
            }
        }
    }
}

/// What an operation changes in the state of [`Ops`] once it is handed out.
#[derive(Clone, Copy, Debug)]
enum Effect {
    None,
    /// The row being filled moves on to its next column (scan and sets).
    NextColumn,
    /// The bit is taken from the row's untried squares (bit masks).
    Take(u64),
    /// The queen goes on the board.
    Place {
        row: usize,
        col: usize,
    },
    /// The row below is entered with these free squares (bit masks).
    Enter(u64),
    /// A solution: the full board, which has nothing to try, is entered.
    Found(u64),
    /// The queen of the row above is taken back.
    Lift,
}

impl Iterator for Ops {
    type Item = Op;

    fn next(&mut self) -> Option<Op> {
        if self.queue.is_empty() && !self.act() {
            return None;
        }
        let (op, effect) = self.queue.pop_front()?;
        self.apply(effect);
        if op.is_work() {
            self.work += 1;
        }
        Some(op)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::trace::{Step, trace};

    const TEXTBOOK: [Method; 3] = [Method::Naive, Method::Sets, Method::Bitmask];

    /// The trace's steps as the operations every method shares, and its conflicts as rejects.
    fn from_trace(n: usize, conflicts: bool) -> Vec<Op> {
        trace(n)
            .unwrap()
            .filter_map(|s| match s {
                Step::Place { row, col } => Some(Op::Place { row, col }),
                Step::Backtrack { row, col } => Some(Op::Backtrack { row, col }),
                Step::Solution { number, .. } => Some(Op::Solution { number }),
                Step::Conflict { row, col, .. } if conflicts => Some(Op::Reject { row, col }),
                Step::Conflict { .. } => None,
            })
            .collect()
    }

    #[test]
    fn every_method_walks_the_trace() {
        for n in 1..=8 {
            let events = from_trace(n, false);
            let with_rejects = from_trace(n, true);
            for m in TEXTBOOK {
                let all: Vec<Op> = ops(m, n).unwrap().collect();
                let ev: Vec<Op> = all.iter().filter(|o| o.is_event()).cloned().collect();
                assert_eq!(ev, events, "{m}, n = {n}");
                let steps: Vec<Op> = all
                    .iter()
                    .filter(|o| o.is_event() || matches!(o, Op::Reject { .. }))
                    .cloned()
                    .collect();
                if m == Method::Bitmask {
                    assert_eq!(steps, events, "the bit masks never try an attacked square");
                } else {
                    assert_eq!(steps, with_rejects, "{m}, n = {n}");
                }
                let found = all
                    .iter()
                    .filter(|o| matches!(o, Op::Solution { .. }))
                    .count();
                assert_eq!(found as u128, crate::known::A000170[n - 1]);
            }
        }
    }

    #[test]
    fn the_scan_stops_at_the_attacker_the_trace_names() {
        let mut scan = ops(Method::Naive, 6).unwrap();
        let mut last_read = None;
        let mut conflicts = trace(6).unwrap().filter_map(|s| match s {
            Step::Conflict { by, .. } => Some(by),
            _ => None,
        });
        for op in scan.by_ref() {
            match op {
                Op::Read { row, col, queen } => last_read = Some((row, col, queen)),
                Op::Reject { .. } => {
                    let by = conflicts.next().unwrap();
                    assert_eq!(last_read, Some((by.row, by.col, true)));
                }
                _ => {}
            }
        }
        assert_eq!(conflicts.next(), None);
        assert!(scan.columns().is_empty());
    }

    #[test]
    fn state_follows_the_operations() {
        for m in TEXTBOOK {
            let mut walk = ops(m, 6).unwrap();
            let mut queens: Vec<u32> = Vec::new();
            let mut work = 0;
            while let Some(op) = walk.next() {
                work += op.is_work() as u64;
                match op {
                    Op::Place { col, .. } => queens.push(col as u32),
                    Op::Backtrack { .. } => {
                        queens.pop();
                    }
                    Op::Free { row, free } => {
                        let masks = walk.masks().unwrap();
                        assert_eq!((masks.row, masks.untried), (row, free));
                    }
                    Op::Pick { bit, .. } => assert_eq!(bit.count_ones(), 1),
                    _ => {}
                }
                assert_eq!(walk.columns(), queens, "{m}");
                assert_eq!(walk.work(), work);
                if m == Method::Sets {
                    let cols: BTreeSet<i64> = queens.iter().map(|&c| c as i64).collect();
                    assert_eq!(walk.set(Set::Columns), cols.into_iter().collect::<Vec<_>>());
                    assert_eq!(walk.set(Set::Sums).len(), queens.len());
                } else {
                    assert!(walk.set(Set::Columns).is_empty());
                }
            }
        }
    }

    #[test]
    fn the_costs_of_four_and_eight_queens() {
        let work = |m, n| {
            let mut w = ops(m, n).unwrap();
            w.by_ref().for_each(drop);
            w.work()
        };
        // n = 4: 16 placements and 44 conflicts, so the scan and the sets try 60 squares; the
        // masks work out 15 rows (the row below each placement but the last row's, and row 0)
        // and pick 16 bits.
        assert_eq!(work(Method::Naive, 4), 153);
        assert_eq!(work(Method::Sets, 4), 115);
        assert_eq!(work(Method::Bitmask, 4), 15 + 16);
        assert_eq!(work(Method::Naive, 8), 85_352);
        assert_eq!(work(Method::Sets, 8), 24_648);
        assert_eq!(work(Method::Bitmask, 8), 4_021);
    }

    #[test]
    fn range_and_methods_are_checked() {
        assert!(ops(Method::Naive, 0).is_err());
        assert!(ops(Method::Naive, 13).is_err());
        assert!(ops(Method::Bitmask, 12).is_ok());
        let e = ops(Method::Halves, 4).unwrap_err();
        assert!(e.to_string().starts_with("method halves cannot"), "{e}");
    }
}
