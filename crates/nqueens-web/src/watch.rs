//! The textbook search step by step, the steps `nqueens trace` prints (with `--calls`, and
//! `--checks`, the program's calls and returns between them), with a way back.
//!
//! The library's trace is an iterator, which only goes forward. Stepping back replays from the
//! nearest saved place: a clone of the iterator is kept every [`EVERY`] steps, so a step back
//! costs at most that many steps forward, and the memory kept grows by one small clone per
//! [`EVERY`] steps however long the search is watched.

use nqueens::Puzzle;
use nqueens::board::{Line, Square};
use nqueens::reference::{FineStep, FineSteps, Step};
use wasm_bindgen::prelude::*;

use crate::timeline::{detail_code, empty, event_in, events_in, outline, traced};

/// A step in words as `nqueens trace` words it, two spaces of indent a row deep, but with rows
/// and columns counted from 0, as the code beside the board counts them: the page names every
/// square one way.
///
/// ```
/// use nqueens::board::{Line, Square};
/// use nqueens::reference::Step;
/// use nqueens_web::watch::sentence;
///
/// assert_eq!(sentence(&Step::Place { row: 0, col: 1 }), "place row 0 col 1");
/// let by = Square { row: 0, col: 1 };
/// let c = Step::Conflict { row: 1, col: 0, by, along: Line::AntiDiagonal };
/// assert_eq!(sentence(&c), "  conflict row 1 col 0: attacked by row 0 col 1 (diagonal /)");
/// let s = Step::Solution { number: 1, columns: vec![1, 3, 0, 2] };
/// assert_eq!(sentence(&s), "solution 1: 1 3 0 2");
/// let s = Step::Solution { number: 14200, columns: vec![0; 12] };
/// assert_eq!(sentence(&s), "solution 14,200: 0 0 0 0 0 0 0 0 0 0 0 0");
/// ```
pub fn sentence(step: &Step) -> String {
    let indent = |row: usize| " ".repeat(2 * row);
    match step {
        Step::Place { row, col } => format!("{}place row {row} col {col}", indent(*row)),
        Step::Conflict {
            row,
            col,
            by,
            along,
        } => {
            let line = along.name();
            format!(
                "{}conflict row {row} col {col}: attacked by row {} col {} ({line})",
                indent(*row),
                by.row,
                by.col
            )
        }
        Step::Backtrack { row, col } => format!("{}backtrack row {row} col {col}", indent(*row)),
        Step::Solution { number, columns } => {
            let cols: Vec<String> = columns.iter().map(u32::to_string).collect();
            format!("solution {}: {}", grouped(*number), cols.join(" "))
        }
    }
}

/// A step of the program in words, as [`sentence`] words a move: a call, a check (the scan's
/// `safe`), its answer, a return, rows and columns counted from 0.
///
/// ```
/// use nqueens::reference::{FineStep, Step};
/// use nqueens_web::watch::fine_sentence;
///
/// assert_eq!(fine_sentence(&FineStep::Call { row: 1 }), "  call row 1");
/// assert_eq!(fine_sentence(&FineStep::Check { row: 1, col: 2 }), "  check row 1 col 2");
/// assert_eq!(fine_sentence(&FineStep::Safe { row: 1, col: 2 }), "  safe row 1 col 2");
/// assert_eq!(fine_sentence(&FineStep::Return { row: 0, found: 2 }), "return row 0: 2 found");
/// let place = FineStep::Move(Step::Place { row: 0, col: 1 });
/// assert_eq!(fine_sentence(&place), "place row 0 col 1");
/// ```
pub fn fine_sentence(step: &FineStep) -> String {
    let indent = |row: usize| " ".repeat(2 * row);
    match step {
        FineStep::Move(m) => sentence(m),
        FineStep::Call { row } => format!("{}call row {row}", indent(*row)),
        FineStep::Check { row, col } => format!("{}check row {row} col {col}", indent(*row)),
        FineStep::Safe { row, col } => format!("{}safe row {row} col {col}", indent(*row)),
        FineStep::Return { row, found } => {
            format!(
                "{}return row {row}: {} found",
                indent(*row),
                grouped(*found)
            )
        }
    }
}

/// A count with its thousands separated by commas, as the page writes every count.
///
/// ```
/// use nqueens_web::watch::grouped;
///
/// assert_eq!(grouped(724), "724");
/// assert_eq!(grouped(14200), "14,200");
/// assert_eq!(grouped(1234567), "1,234,567");
/// ```
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// How many steps apart the saved places are.
pub const EVERY: u64 = 1024;

/// Integers per encoded step: see [`encode`].
pub const STEP_LEN: usize = 7;

/// [`STEP_LEN`], for the page, which cuts the steps of an `Int32Array` apart with it: a
/// constant is not exported to JavaScript, and a copy of it there could drift.
///
/// ```
/// use nqueens_web::watch::{STEP_LEN, step_len};
///
/// assert_eq!(step_len(), STEP_LEN);
/// ```
#[wasm_bindgen]
pub fn step_len() -> usize {
    STEP_LEN
}

/// A move as [`STEP_LEN`] integers, for a JavaScript `Int32Array`: kind (0 none, 1 place,
/// 2 conflict, 3 backtrack, 4 solution), row, column, the attacker's row and column (conflicts;
/// -1 otherwise), the line (0 row, 1 column, 2 diagonal `\`, 3 diagonal `/`; -1) and the
/// solution's number (solutions; 0 otherwise). Rows and columns count from 0. The program's
/// other steps are [`encode_fine`]'s.
///
/// ```
/// use nqueens_web::watch::encode;
/// use nqueens::reference::Step;
///
/// assert_eq!(encode(Some(&Step::Place { row: 1, col: 2 })), [1, 1, 2, -1, -1, -1, 0]);
/// assert_eq!(encode(None), [0, -1, -1, -1, -1, -1, 0]);
/// ```
pub fn encode(step: Option<&Step>) -> [i32; STEP_LEN] {
    match step {
        None => [0, -1, -1, -1, -1, -1, 0],
        Some(Step::Place { row, col }) => [1, *row as i32, *col as i32, -1, -1, -1, 0],
        Some(Step::Conflict {
            row,
            col,
            by,
            along,
        }) => {
            let line = match along {
                Line::Row => 0,
                Line::Column => 1,
                Line::Diagonal => 2,
                Line::AntiDiagonal => 3,
            };
            [
                2,
                *row as i32,
                *col as i32,
                by.row as i32,
                by.col as i32,
                line,
                0,
            ]
        }
        Some(Step::Backtrack { row, col }) => [3, *row as i32, *col as i32, -1, -1, -1, 0],
        Some(Step::Solution { number, .. }) => [4, -1, -1, -1, -1, -1, *number as i32],
    }
}

/// A step of the program as [`STEP_LEN`] integers: a move as [`encode`] writes it; a call
/// `[5, row, -1, -1, -1, -1, 0]`, a check (the scan calls `safe`) `[6, row, col, -1, -1, -1,
/// 0]`, its answer true `[7, row, col, -1, -1, -1, 0]`, a return `[8, row, -1, -1, -1, -1,
/// found]` (the solutions its call found).
///
/// ```
/// use nqueens::reference::FineStep;
/// use nqueens_web::watch::encode_fine;
///
/// assert_eq!(encode_fine(Some(&FineStep::Call { row: 2 })), [5, 2, -1, -1, -1, -1, 0]);
/// let back = FineStep::Return { row: 4, found: 1 };
/// assert_eq!(encode_fine(Some(&back)), [8, 4, -1, -1, -1, -1, 1]);
/// ```
pub fn encode_fine(step: Option<&FineStep>) -> [i32; STEP_LEN] {
    match step {
        None => encode(None),
        Some(FineStep::Move(m)) => encode(Some(m)),
        Some(FineStep::Call { row }) => [5, *row as i32, -1, -1, -1, -1, 0],
        Some(FineStep::Check { row, col }) => [6, *row as i32, *col as i32, -1, -1, -1, 0],
        Some(FineStep::Safe { row, col }) => [7, *row as i32, *col as i32, -1, -1, -1, 0],
        Some(FineStep::Return { row, found }) => [8, *row as i32, -1, -1, -1, -1, *found as i32],
    }
}

/// The search on one board, at some step: see the module documentation.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Watch {
    /// The iterator, after `position` steps.
    steps: FineSteps,
    position: u64,
    /// The step that led here (the one at `position - 1`).
    last: Option<FineStep>,
    /// The iterator after 0, [`EVERY`], 2·[`EVERY`]... steps, as far as the search has gone.
    saved: Vec<FineSteps>,
    /// The number of steps, once the end has been reached.
    length: Option<u64>,
    /// The board searched: the empty board, or a puzzle's.
    puzzle: Puzzle,
}

#[wasm_bindgen]
impl Watch {
    /// The search on the n×n board (1 to 12), before its first step, one move a step.
    #[wasm_bindgen(constructor)]
    pub fn new(n: usize) -> Result<Watch, JsError> {
        Watch::with_detail(n, 0)
    }

    /// The search on the n×n board, before its first step, with as much of the program as
    /// `detail` asks for (0 the moves, 1 the calls of `solve` and their returns too, 2 the
    /// scan's calls of `safe` too: see [`encode_fine`]; 3 and 4 the moves, and the calls too, of
    /// the bit masks' own program, which never tries an attacked square).
    pub fn with_detail(n: usize, detail: u8) -> Result<Watch, JsError> {
        Watch::of(empty(n)?, detail)
    }

    /// The search on a puzzle written as `nqueens count --board` reads it (`Q` a given queen,
    /// `.` a free square, `x` a blocked one; up to 12 rows), the steps of `nqueens trace
    /// --board`: its given queens stand from the start, its blocked squares are never tried.
    pub fn puzzle(board: &str, detail: u8) -> Result<Watch, JsError> {
        let puzzle = Puzzle::parse(board).map_err(|e| JsError::new(&e.to_string()))?;
        Watch::of(puzzle, detail)
    }

    /// Each square, row by row: 0 free, 1 a given queen, 2 blocked (all 0 on the empty board).
    pub fn givens(&self) -> Vec<u8> {
        let n = self.puzzle.n();
        let given = self.puzzle.given();
        let mut out = Vec::with_capacity(n * n);
        for (row, g) in given.iter().enumerate() {
            for col in 0..n {
                out.push(if *g == Some(col as u32) {
                    1
                } else {
                    u8::from(self.puzzle.is_blocked(row, col)) * 2
                });
            }
        }
        out
    }

    /// Whether the board searched has a given queen or a blocked square.
    pub fn is_puzzle(&self) -> bool {
        self.puzzle != Puzzle::new(self.puzzle.n()).expect("the board's own size")
    }

    /// [`events_before`](crate::timeline::events_before) on this search's board, told as this search is.
    pub fn events_before(&self, steps: f64) -> Result<Vec<f64>, JsError> {
        events_in(traced(&self.puzzle, Some(self.detail()))?, steps)
    }

    /// [`event_step`](crate::timeline::event_step) on this search's board, told as this search is.
    pub fn event_step(&self, events: f64) -> Result<f64, JsError> {
        Ok(event_in(traced(&self.puzzle, Some(self.detail()))?, events))
    }

    /// [`timeline`](crate::timeline::timeline) of this search's board, told as this search is.
    pub fn timeline(&self) -> Result<Vec<f64>, JsError> {
        outline(&self.puzzle, Some(self.detail()))
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.steps.n()
    }

    /// How many steps were taken to get here.
    pub fn position(&self) -> f64 {
        self.position as f64
    }

    /// The detail of the steps, as [`Watch::with_detail`] takes it.
    pub fn detail(&self) -> u8 {
        detail_code(&self.steps)
    }

    /// How many moves (the steps of `nqueens trace`) were taken to get here: the position of
    /// the same point told one move a step.
    pub fn moves(&self) -> f64 {
        self.steps.moves() as f64
    }

    /// Goes to the step that makes the `moves`-th move (the start for 0, the end if the search
    /// has fewer): where the search told one move a step stands after that many steps.
    pub fn seek_moves(&mut self, moves: f64) {
        let target = moves.max(0.0) as u64;
        if target == 0 {
            self.seek(0.0);
            return;
        }
        if self.steps.moves() == target && matches!(self.last, Some(FineStep::Move(_))) {
            return;
        }
        // The last saved place before that move, then on.
        let from = self.saved.partition_point(|s| s.moves() < target).max(1) - 1;
        if target <= self.steps.moves() || from as u64 * EVERY > self.position {
            self.steps = self.saved[from].clone();
            self.position = from as u64 * EVERY;
            self.last = None;
        }
        while self.steps.moves() < target {
            match self.advance() {
                Some(step) => self.last = Some(step),
                None => break,
            }
        }
    }

    /// The number of steps of the whole search, once the end has been reached; -1 before.
    pub fn length(&self) -> f64 {
        self.length.map_or(-1.0, |l| l as f64)
    }

    /// The step that led here, encoded (see [`encode`]).
    pub fn step(&self) -> Vec<i32> {
        encode_fine(self.last.as_ref()).to_vec()
    }

    /// The step that led here in words (see [`sentence`]), without the indent; empty at the
    /// start.
    pub fn text(&self) -> String {
        self.last
            .as_ref()
            .map(|s| fine_sentence(s).trim_start().to_string())
            .unwrap_or_default()
    }

    /// The last `count` steps that led here (fewer near the start), in words (see
    /// [`sentence`]), indent included, oldest first.
    pub fn recent(&self, count: u32) -> Vec<String> {
        let first = self.position.saturating_sub(u64::from(count));
        let from = (first / EVERY) as usize;
        let mut steps = self.saved[from].clone();
        let mut at = from as u64 * EVERY;
        let mut out = Vec::new();
        while at < self.position {
            let Some(step) = steps.next() else { break };
            if at >= first {
                out.push(fine_sentence(&step));
            }
            at += 1;
        }
        out
    }

    /// The columns of the queens on the board, row 0 first.
    pub fn columns(&self) -> Vec<u32> {
        self.steps.columns().to_vec()
    }

    /// Each square, row by row: 1 if a queen on the board attacks it, 0 otherwise (and for the
    /// queens' own squares).
    pub fn attacked(&self) -> Vec<u8> {
        let n = self.steps.n();
        let queens = self.queens();
        let mut out = Vec::with_capacity(n * n);
        for row in 0..n {
            for col in 0..n {
                let here = Square { row, col };
                let hit = queens.iter().any(|&q| Line::between(q, here).is_some());
                out.push(u8::from(hit && !queens.contains(&here)));
            }
        }
        out
    }

    /// The solutions found up to here.
    pub fn found(&self) -> f64 {
        self.steps.found() as f64
    }

    /// Takes up to `most` steps, stopping after the first step of kind `until` (1 to 4, as
    /// in [`encode`]; 0: any), and returns every step taken, encoded one after another. Empty
    /// at the end of the search.
    pub fn forward(&mut self, most: u32, until: i32) -> Vec<i32> {
        let mut out = Vec::new();
        for _ in 0..most {
            let Some(step) = self.advance() else { break };
            let code = encode_fine(Some(&step));
            out.extend_from_slice(&code);
            self.last = Some(step);
            if until == 0 || code[0] == until {
                break;
            }
        }
        out
    }

    /// Steps back once, and returns the step undone (encoded), or an empty array at the start.
    pub fn back(&mut self) -> Vec<i32> {
        if self.position == 0 {
            return Vec::new();
        }
        let undone = encode_fine(self.last.as_ref()).to_vec();
        self.seek((self.position - 1) as f64);
        undone
    }

    /// Goes to the place after `position` steps (or the end, if the search is shorter).
    pub fn seek(&mut self, position: f64) {
        let target = position.max(0.0) as u64;
        if target == self.position {
            return;
        }
        // Go back to the last saved place before the step that leads to the target, then on.
        let from = target.saturating_sub(1) / EVERY;
        let from = (from as usize).min(self.saved.len() - 1);
        if target < self.position || (from as u64 * EVERY) > self.position {
            self.steps = self.saved[from].clone();
            self.position = from as u64 * EVERY;
            self.last = None;
        }
        while self.position < target {
            match self.advance() {
                Some(step) => self.last = Some(step),
                None => break,
            }
        }
    }

    /// What the search does next, for a learner to guess before it happens: the steps from here
    /// up to and including the first that is not a conflict (a queen placed, a queen taken
    /// back, or a solution), encoded one after another (see [`encode`]), without taking them.
    /// At most n + 1 steps: the squares of one row that are tried and pruned, then the event.
    /// Empty at the end of the search.
    pub fn ahead(&self) -> Vec<i32> {
        let mut steps = self.steps.clone();
        let mut out = Vec::new();
        for step in steps.by_ref() {
            let code = encode_fine(Some(&step));
            out.extend_from_slice(&code);
            if code[0] != 2 {
                break;
            }
        }
        out
    }

    /// Which queen on the board attacks the square at `row`, `col`, and along which line: the
    /// first one scanning from the top, as a conflict of the trace names it, as three integers
    /// (the queen's row, its column, the line as [`encode`] numbers it: 0 row, 1 column,
    /// 2 diagonal `\` where row − col is the same, 3 diagonal `/` where row + col is the
    /// same). Empty when no queen attacks the square, or a queen stands on it.
    pub fn attacker(&self, row: usize, col: usize) -> Vec<i32> {
        let here = Square { row, col };
        let queens = self.queens();
        if queens.contains(&here) {
            return Vec::new();
        }
        let first = queens
            .iter()
            .find_map(|&by| Line::between(by, here).map(|along| (by, along)));
        first.map_or_else(Vec::new, |(by, along)| {
            let code = encode(Some(&Step::Conflict {
                row,
                col,
                by,
                along,
            }));
            code[3..6].to_vec()
        })
    }
}

impl Watch {
    fn of(puzzle: Puzzle, detail: u8) -> Result<Watch, JsError> {
        let steps = traced(&puzzle, Some(detail))?;
        Ok(Watch {
            saved: vec![steps.clone()],
            steps,
            position: 0,
            last: None,
            length: None,
            puzzle,
        })
    }

    /// The queens on the board: the rows filled, and the given queens below them.
    fn queens(&self) -> Vec<Square> {
        let filled = self.steps.columns();
        (self.steps.given().iter().enumerate())
            .filter_map(|(row, g)| {
                let col = filled.get(row).copied().or(*g)?;
                Some(Square {
                    row,
                    col: col as usize,
                })
            })
            .collect()
    }

    /// One step forward, keeping a saved place every [`EVERY`] steps.
    fn advance(&mut self) -> Option<FineStep> {
        let step = self.steps.next();
        match step {
            Some(_) => {
                self.position += 1;
                if self.position.is_multiple_of(EVERY)
                    && self.saved.len() as u64 == self.position / EVERY
                {
                    self.saved.push(self.steps.clone());
                }
            }
            None => self.length = Some(self.position),
        }
        step
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: usize) -> Vec<[i32; STEP_LEN]> {
        nqueens::trace(n)
            .unwrap()
            .map(|s| encode(Some(&s)))
            .collect()
    }

    #[test]
    fn forward_gives_the_trace() {
        let mut w = Watch::new(4).unwrap();
        let got = w.forward(1000, 0);
        assert_eq!(got.len(), STEP_LEN);
        let mut got = got;
        got.extend(w.forward(1000, -1));
        let want: Vec<i32> = all(4).concat();
        assert_eq!(got, want);
        assert_eq!(w.length(), 78.0);
        assert!(w.forward(10, 0).is_empty());
        assert!(w.columns().is_empty());
    }

    #[test]
    fn stepping_back_retraces_every_step() {
        let want = all(6);
        let mut w = Watch::new(6).unwrap();
        w.forward(u32::MAX, -1);
        let end = w.position() as usize;
        assert_eq!(end, want.len());
        // Back from the end to the start, across several saved places.
        for p in (0..end).rev() {
            let undone = w.back();
            assert_eq!(undone, want[p], "step {p}");
            assert_eq!(w.position() as usize, p);
            let here = if p == 0 { encode(None) } else { want[p - 1] };
            assert_eq!(w.step(), here, "step {p}");
        }
        assert!(w.back().is_empty());
    }

    #[test]
    fn jumps_stop_at_the_kind_asked_for() {
        let mut w = Watch::new(4).unwrap();
        w.forward(10_000, 4);
        assert_eq!(w.step()[0], 4);
        assert_eq!(w.columns(), [1, 3, 0, 2]);
        assert_eq!(w.text(), "solution 1: 1 3 0 2");
        w.forward(10_000, 4);
        assert_eq!(w.columns(), [2, 0, 3, 1]);
        assert_eq!(w.found(), 2.0);
        w.forward(10_000, 4);
        assert_eq!(w.length(), 78.0, "no third solution: the end");
        w.seek(3.0);
        assert_eq!(
            w.text(),
            "conflict row 1 col 1: attacked by row 0 col 0 (diagonal \\)"
        );
        assert_eq!(w.found(), 0.0);
    }

    #[test]
    fn seeking_far_matches_walking() {
        let mut a = Watch::new(8).unwrap();
        a.forward(5_000, -1);
        let mut b = Watch::new(8).unwrap();
        b.seek(5_000.0);
        assert_eq!((a.step(), a.columns()), (b.step(), b.columns()));
        b.seek(1_500.0);
        a.seek(0.0);
        a.forward(1_500, -1);
        assert_eq!(
            (a.step(), a.columns(), a.found()),
            (b.step(), b.columns(), b.found())
        );
    }

    #[test]
    fn recent_steps_are_the_trace_s_steps() {
        let lines: Vec<String> = nqueens::trace(8).unwrap().map(|s| sentence(&s)).collect();
        let mut w = Watch::new(8).unwrap();
        assert!(w.recent(5).is_empty());
        w.forward(3, -1);
        assert_eq!(w.recent(5), lines[..3]);
        w.seek(2_050.0);
        assert_eq!(w.recent(12), lines[2_038..2_050]);
    }

    #[test]
    fn attacked_squares() {
        let mut w = Watch::new(4).unwrap();
        w.forward(1, 0); // place row 0 col 0
        #[rustfmt::skip]
        assert_eq!(w.attacked(), [
            0, 1, 1, 1,
            1, 1, 0, 0,
            1, 0, 1, 0,
            1, 0, 0, 1,
        ]);
    }

    #[test]
    fn ahead_is_the_next_event_and_takes_no_step() {
        let mut w = Watch::new(4).unwrap();
        // From the start: row 0, column 0 is safe.
        assert_eq!(w.ahead(), [1, 0, 0, -1, -1, -1, 0]);
        assert_eq!(w.position(), 0.0);
        w.forward(1, 0);
        // Row 1: columns 0 and 1 are pruned, column 2 gets the queen.
        let a = w.ahead();
        assert_eq!(a.len(), 3 * STEP_LEN);
        assert_eq!(a[..7], [2, 1, 0, 0, 0, 1, 0]);
        assert_eq!(a[7..14], [2, 1, 1, 0, 0, 2, 0]);
        assert_eq!(a[14..], [1, 1, 2, -1, -1, -1, 0]);
        assert_eq!(w.forward(3, -1), a, "the steps taken are those foretold");
        // Row 2 has no safe square: four conflicts, then the queen of row 1 goes back.
        let a = w.ahead();
        assert_eq!(a.len(), 5 * STEP_LEN);
        assert_eq!(a[28..], [3, 1, 2, -1, -1, -1, 0]);
        w.forward(u32::MAX, -1);
        assert!(w.ahead().is_empty());
    }

    #[test]
    fn the_attacker_is_the_first_queen_from_the_top() {
        let mut w = Watch::new(6).unwrap();
        w.forward(4, -1); // row 0 col 0, two conflicts, row 1 col 2
        assert_eq!(w.columns(), [0, 2]);
        assert_eq!(w.attacker(2, 0), [0, 0, 1], "the column of row 0's queen");
        assert_eq!(
            w.attacker(2, 2),
            [0, 0, 2],
            "row 0's queen first, before row 1's column"
        );
        assert_eq!(w.attacker(2, 1), [1, 2, 3], "row + col = 3");
        assert_eq!(w.attacker(2, 4), []);
        assert_eq!(w.attacker(1, 2), [], "a queen's own square");
        assert_eq!(w.attacker(1, 5), [1, 2, 0], "row 1's own row");
        // The same queen and line as the trace's conflicts.
        let mut w = Watch::new(6).unwrap();
        for _ in 0..400 {
            let next = w.ahead();
            if next[0] == 2 {
                assert_eq!(w.attacker(next[1] as usize, next[2] as usize), next[3..6]);
            }
            w.forward(1, -1);
        }
    }

    #[test]
    fn twelve_is_the_largest_board() {
        assert!(Watch::new(12).is_ok());
    }

    // On a puzzle, the timeline and the events are those of the puzzle's own trace.
    #[test]
    fn a_puzzle_s_timeline_is_its_trace_s() {
        for board in [
            "..Q.\n....\n....\n.x..\n",
            "......\n...Q..\n......\nx.....\n......\n......\n",
            "x.......\n........\n....Q...\n........\n..x.....\n........\n........\n.......Q\n",
            "Q...\n...x\n....\n....\n",
            ".Q..\n...Q\nQ...\n..Q.\n",
        ] {
            let puzzle: Puzzle = board.parse().unwrap();
            for detail in [0, 1, 2] {
                let w = Watch::puzzle(board, detail).ok().unwrap();
                let steps: Vec<FineStep> = traced(&puzzle, Some(detail)).ok().unwrap().collect();
                let t = w.timeline().ok().unwrap();
                crate::timeline::same_timeline(&t, &steps, &format!("{board}, detail {detail}"));
                assert_eq!(t[1] as u128, puzzle.count().unwrap());
                let events = w.events_before(steps.len() as f64).ok().unwrap();
                let at = w.event_step(events[0]).ok().unwrap();
                assert_eq!(at, events[1], "{board}");
            }
        }
    }

    #[test]
    fn a_puzzle_s_board_has_its_given_queens() {
        let mut w = Watch::puzzle("..Q.\n....\n....\n.x..\n", 0).ok().unwrap();
        assert!(w.is_puzzle() && !Watch::new(4).unwrap().is_puzzle());
        let g = w.givens();
        assert_eq!(
            (g[2], g[13], g.iter().filter(|&&v| v > 0).count()),
            (1, 2, 2)
        );
        // Before any step: the given queen attacks its lines.
        assert_eq!(w.columns(), [2]);
        assert_eq!(w.attacked()[4..8], [0, 1, 1, 1]);
        assert_eq!(w.attacker(1, 1), [0, 2, 3]);
        // Its one completion needed the blocked square (the lesson's last step).
        w.forward(u32::MAX, -1);
        assert_eq!(w.found(), 0.0);
        assert_eq!(w.columns(), [2]);
    }

    // The bit masks' own program (details 3 and 4) never tries an attacked square: no conflict
    // is a step of theirs, and a point of the scan's search maps to their next step.
    #[test]
    fn the_bit_masks_steps_are_their_program_s() {
        // 4×4: 16 queens placed and 16 taken back, 2 solutions; stepping into, 17 calls and
        // their returns too.
        for (detail, length) in [(3, 34.0), (4, 68.0)] {
            let mut w = Watch::with_detail(4, detail).ok().unwrap();
            assert_eq!(w.detail(), detail);
            let codes = w.forward(u32::MAX, -1);
            assert_eq!(w.length(), length);
            assert!(codes.chunks(STEP_LEN).all(|c| c[0] != 2), "detail {detail}");
            assert_eq!(w.timeline().ok().unwrap()[0], length);
            // The scan's second step, a conflict on row 1 col 0: the masks' next step is the
            // queen of row 1, the fourth move of the same search.
            w.seek_moves(2.0);
            assert_eq!(
                (w.text(), w.moves()),
                ("place row 1 col 2".to_string(), 4.0)
            );
        }
    }

    #[test]
    fn the_fine_steps_go_back_and_keep_the_moves() {
        for detail in [1, 2] {
            let want: Vec<[i32; STEP_LEN]> = (traced(&empty(6).ok().unwrap(), Some(detail)))
                .ok()
                .unwrap()
                .map(|s| encode_fine(Some(&s)))
                .collect();
            let mut w = Watch::with_detail(6, detail).ok().unwrap();
            assert_eq!(w.forward(u32::MAX, -1), want.concat());
            let end = w.position() as usize;
            for p in (0..end).rev().step_by(7) {
                w.seek(p as f64);
                let here = if p == 0 { encode(None) } else { want[p - 1] };
                assert_eq!(w.step(), here, "step {p}");
            }
            // The fine step that makes each move: moves() counts it, seek_moves finds it.
            let mut coarse = Watch::new(6).ok().unwrap();
            for k in [0.0, 1.0, 2.0, 5.0, 700.0, 300.0, 3.0, 1000.0] {
                w.seek_moves(k);
                coarse.seek(k);
                assert_eq!(w.moves(), k);
                assert_eq!((w.step(), w.columns()), (coarse.step(), coarse.columns()));
                assert_eq!(w.found(), coarse.found());
            }
            // A step between moves counts the moves before it.
            w.seek(3.0);
            let (moves, text) = match detail {
                1 => (1.0, "call row 1"),
                _ => (0.0, "safe row 0 col 0"),
            };
            assert_eq!((w.moves(), w.text()), (moves, text.to_string()));
        }
    }
}
