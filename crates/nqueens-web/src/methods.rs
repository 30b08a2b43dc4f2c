//! The three textbook methods side by side, operation by operation, kept in step.
//!
//! Every method reaches the same events (a queen placed or taken back, a solution) in the same
//! order, but pays a different amount of work between two of them. The page moves them in
//! rounds: a tick gives each method its next operation, and a method that has reached the
//! round's event waits there until the others have too. The cheap methods arrive first and the
//! counters show by how much.

use nqueens::Method;
use nqueens::reference::{Op, Ops, Set};
use wasm_bindgen::prelude::*;

/// The methods, in the order the page shows them.
pub const METHODS: [Method; 3] = [Method::Naive, Method::Sets, Method::Bitmask];

/// Integers per encoded operation: see [`encode`].
pub const OP_LEN: usize = 4;

/// [`OP_LEN`], for the page, which cuts the operations of an `Int32Array` apart with it: a
/// constant is not exported to JavaScript, and a copy of it there could drift.
///
/// ```
/// use nqueens_web::methods::{OP_LEN, op_len};
///
/// assert_eq!(op_len(), OP_LEN);
/// ```
#[wasm_bindgen]
pub fn op_len() -> usize {
    OP_LEN
}

/// An operation as [`OP_LEN`] integers: kind and three fields.
///
/// | kind | operation | fields |
/// | --- | --- | --- |
/// | 1 | read | row, column, 1 if a queen stands there |
/// | 2 | look-up | set (0 columns, 1 `row - col`, 2 `row + col`), key, 1 if found |
/// | 3 | free squares | row, mask, - |
/// | 4 | pick (`x & -x`) | row, bit, - |
/// | 5 | reject | row, column, - |
/// | 6 | place | row, column, - |
/// | 7 | backtrack | row, column, - |
/// | 8 | solution | number, -, - |
///
/// Masks fit: boards have at most 12 columns.
///
/// ```
/// use nqueens::reference::Op;
/// use nqueens_web::methods::encode;
///
/// assert_eq!(encode(&Op::Pick { row: 2, bit: 0b100 }), [4, 2, 4, 0]);
/// ```
pub fn encode(op: &Op) -> [i32; OP_LEN] {
    let i = |v: usize| v as i32;
    match *op {
        Op::Read { row, col, queen } => [1, i(row), i(col), queen as i32],
        Op::Lookup { set, key, found } => {
            let s = match set {
                Set::Columns => 0,
                Set::Differences => 1,
                Set::Sums => 2,
            };
            [2, s, key as i32, found as i32]
        }
        Op::Free { row, free } => [3, i(row), free as i32, 0],
        Op::Pick { row, bit } => [4, i(row), bit as i32, 0],
        Op::Reject { row, col } => [5, i(row), i(col), 0],
        Op::Place { row, col } => [6, i(row), i(col), 0],
        Op::Backtrack { row, col } => [7, i(row), i(col), 0],
        Op::Solution { number } => [8, number as i32, 0, 0],
    }
}

/// One method's walk and where it stands in the round.
#[derive(Debug)]
struct Lane {
    ops: Ops,
    /// The operations of this round so far.
    round: Vec<Op>,
    /// It has reached the round's event (or the end) and waits for the others.
    waiting: bool,
    done: bool,
    /// The events it has reached (queens placed and taken back, solutions).
    events: u64,
}

/// The three methods on one board: see the module documentation.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Methods {
    lanes: Vec<Lane>,
    /// The ticks taken, so that a link can name this point (`step=K`).
    ticks: u32,
}

#[wasm_bindgen]
impl Methods {
    /// The three methods on the n×n board (1 to 12), before their first operation.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize) -> Result<Methods, JsError> {
        let mut lanes = Vec::new();
        for m in METHODS {
            let ops = nqueens::reference::ops(m, n).map_err(|e| JsError::new(&e.to_string()))?;
            lanes.push(Lane {
                ops,
                round: Vec::new(),
                waiting: true,
                done: false,
                events: 0,
            });
        }
        Ok(Methods { lanes, ticks: 0 })
    }

    /// Gives every method that is not waiting its next operation; when all wait, a new round
    /// starts first. False once every method has finished.
    pub fn tick(&mut self) -> bool {
        if self.lanes.iter().all(|l| l.done) {
            return false;
        }
        self.ticks += 1;
        if self.lanes.iter().all(|l| l.waiting) {
            for lane in &mut self.lanes {
                lane.round.clear();
                lane.waiting = lane.done;
            }
        }
        for lane in self.lanes.iter_mut().filter(|l| !l.waiting) {
            match lane.ops.next() {
                Some(op) => {
                    lane.waiting = op.is_event();
                    lane.events += u64::from(lane.waiting);
                    lane.round.push(op);
                }
                None => {
                    lane.waiting = true;
                    lane.done = true;
                }
            }
        }
        true
    }

    /// Ticks until every method has reached the round's event. False once every method has
    /// finished.
    pub fn round(&mut self) -> bool {
        let mut moved = self.tick();
        while moved && !self.lanes.iter().all(|l| l.waiting) {
            moved = self.tick();
        }
        moved
    }

    /// Takes up to `count` rounds at once, stopping at the end; the rounds completed. The page
    /// follows a point of the search with it: the methods after the search's k-th event.
    pub fn rounds(&mut self, count: f64) -> f64 {
        let start = self.events();
        while self.events() - start < count {
            let before = self.events();
            // The last round ends the walks without an event.
            if !self.round() || self.events() == before {
                break;
            }
        }
        self.events() - start
    }

    /// The events (queens placed and taken back, solutions) every method has reached: the
    /// rounds completed, or the one under way when each method has reached its event.
    pub fn events(&self) -> f64 {
        self.lanes.iter().map(|l| l.events).min().unwrap_or(0) as f64
    }

    /// The ticks taken since the start (those that moved a method): what `step=K` in a link
    /// repeats.
    pub fn position(&self) -> u32 {
        self.ticks
    }

    /// True when method `lane` (0 scan, 1 sets, 2 bit masks) has reached the round's event.
    pub fn waiting(&self, lane: usize) -> bool {
        self.lanes[lane].waiting
    }

    /// True when method `lane` has finished its search.
    pub fn done(&self, lane: usize) -> bool {
        self.lanes[lane].done
    }

    /// The operations of this round for method `lane`, encoded one after another.
    pub fn round_ops(&self, lane: usize) -> Vec<i32> {
        self.lanes[lane].round.iter().flat_map(encode).collect()
    }

    /// The work of method `lane` so far (squares read, look-ups, masks and picks).
    pub fn work(&self, lane: usize) -> f64 {
        self.lanes[lane].ops.work() as f64
    }

    /// The solutions method `lane` found so far.
    pub fn found(&self, lane: usize) -> f64 {
        self.lanes[lane].ops.found() as f64
    }

    /// The columns of the queens method `lane` has on the board, row 0 first.
    pub fn columns(&self, lane: usize) -> Vec<u32> {
        self.lanes[lane].ops.columns().to_vec()
    }

    /// The square method `lane` (scan or sets) is testing, as row and column; empty when none.
    pub fn trying(&self, lane: usize) -> Vec<u32> {
        match self.lanes[lane].ops.trying() {
            Some((row, col)) => vec![row as u32, col as u32],
            None => Vec::new(),
        }
    }

    /// The values of one set of the sets method (0 columns, 1 `row - col`, 2 `row + col`).
    pub fn set(&self, which: u32) -> Vec<i32> {
        let set = match which {
            0 => Set::Columns,
            1 => Set::Differences,
            _ => Set::Sums,
        };
        self.lanes[1]
            .ops
            .set(set)
            .into_iter()
            .map(|v| v as i32)
            .collect()
    }

    /// The operation method `lane` (0 scan, 1 sets, 2 bit masks) takes at the next tick,
    /// encoded (see [`encode`]), without taking it: what a learner is asked to foretell (the key
    /// the sets look up, the free squares the masks work out). Empty when the lane takes none
    /// at the next tick: it waits for the others, or it has finished.
    pub fn upcoming(&self, lane: usize) -> Vec<i32> {
        let all_wait = self.lanes.iter().all(|l| l.waiting);
        let l = &self.lanes[lane];
        if l.done || (l.waiting && !all_wait) {
            return Vec::new();
        }
        l.ops
            .clone()
            .next()
            .map(|op| encode(&op).to_vec())
            .unwrap_or_default()
    }

    /// The bit-mask method's row and masks: row, cols, left, right, untried free squares; empty
    /// when no row is being filled.
    pub fn masks(&self) -> Vec<u32> {
        match self.lanes[2].ops.masks() {
            Some(m) => vec![
                m.row as u32,
                m.masks.cols as u32,
                m.masks.left as u32,
                m.masks.right as u32,
                m.untried as u32,
            ],
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_keep_the_methods_on_one_board() {
        let mut c = Methods::new(6).unwrap();
        let mut rounds = 0;
        while c.round() {
            rounds += 1;
            let cols = c.columns(0);
            assert_eq!(c.columns(1), cols);
            assert_eq!(c.columns(2), cols);
            // Each method ends its round on the same event.
            let last = |lane| c.round_ops(lane)[c.round_ops(lane).len() - OP_LEN..].to_vec();
            if !c.done(0) {
                assert_eq!(last(0), last(1));
                assert_eq!(last(1), last(2));
            }
        }
        assert_eq!(c.found(0), 4.0);
        assert_eq!(c.found(2), 4.0);
        assert!(c.work(0) > c.work(1) && c.work(1) > c.work(2));
        assert!(rounds > 100);
    }

    #[test]
    fn the_methods_after_k_events_hold_the_board_of_the_search_after_its_k_th() {
        use crate::timeline::{event_step, events_before};
        use crate::watch::Watch;
        for n in 1..=7 {
            let mut c = Methods::new(n).unwrap();
            let mut w = Watch::new(n).unwrap();
            let mut k = 0.0;
            loop {
                let at = event_step(n, k, None).unwrap();
                w.seek(at);
                assert_eq!(c.columns(0), w.columns(), "n = {n}, {k} events");
                assert_eq!(c.events(), k);
                assert_eq!(events_before(n, at, None).unwrap()[0], k);
                if c.rounds(1.0) == 0.0 {
                    break;
                }
                k += 1.0;
            }
            assert_eq!(w.found(), c.found(0));
        }
    }

    #[test]
    fn a_tick_is_one_operation_each() {
        let mut c = Methods::new(4).unwrap();
        c.tick();
        // The scan has nothing above row 0 to read: it places at once; the sets look three
        // values up first; the masks work out row 0's free squares.
        assert_eq!(c.round_ops(0), [6, 0, 0, 0]);
        assert!(c.waiting(0));
        assert_eq!(c.round_ops(1), [2, 0, 0, 0]);
        assert_eq!(c.round_ops(2), [3, 0, 0b1111, 0]);
        assert_eq!(c.masks(), [0, 0, 0, 0, 0b1111]);
        c.round();
        assert_eq!(c.set(0), [0]);
        assert_eq!(c.set(1), [0]);
        // Row 0 placed; the masks of row 1 come with the next round's first operation.
        assert_eq!(c.masks(), [0, 0, 0, 0, 0b1110]);
    }

    #[test]
    fn upcoming_is_what_the_next_tick_takes() {
        for n in [4, 6] {
            let mut c = Methods::new(n).unwrap();
            loop {
                let next: Vec<Vec<i32>> = (0..3).map(|l| c.upcoming(l)).collect();
                if !c.tick() {
                    assert!(next.iter().all(|o| o.is_empty()));
                    break;
                }
                // Each lane foretold took exactly that operation, last in its round.
                for (l, want) in next.iter().enumerate().filter(|(_, o)| !o.is_empty()) {
                    let ops = c.round_ops(l);
                    let taken = &ops[ops.len() - OP_LEN..];
                    assert_eq!(taken, want, "n = {n}, lane {l}, tick {}", c.position());
                }
            }
        }
        // The first look-up of the sets: column 0 in the columns set; the masks' first: row 0.
        let c = Methods::new(4).unwrap();
        assert_eq!(c.upcoming(1), [2, 0, 0, 0]);
        assert_eq!(c.upcoming(2), [3, 0, 0b1111, 0]);
    }
}
