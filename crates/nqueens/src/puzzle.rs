//! The n-Queens Completion problem: some queens are already on the board, some squares are
//! blocked, and the question is how the remaining rows can be filled (Gent, Jefferson and
//! Nightingale showed it NP-complete, so this is a search, not a formula).
//!
//! A [`Puzzle`] is built in code ([`Puzzle::new`], [`Puzzle::place`], [`Puzzle::block`]) or read
//! from a square grid, one row a line:
//!
//! - `Q` (or `q`): a queen that every completion keeps;
//! - `.`: a free square;
//! - `x` (or `X`): a blocked square that no queen may take.
//!
//! Trailing spaces and `\r` are ignored, so are lines whose first non-blank character is `#`
//! (comments) and blank lines before and after the grid. A blank line inside the grid is an error,
//! because it usually means a file holding several boards. Messages number rows and columns from
//! 1, as a person counts them in the file.
//!
//! The search is the bit-mask method with one extra mask per row: the squares that row may use at
//! all. A row with a given queen may use only that square; every other row loses its blocked
//! squares and every square a given queen attacks. Because the given queens' attacks are removed
//! from *all* rows up front, rows above a given queen never choose a square that it attacks, and
//! dead branches are cut early instead of being found when the search reaches the given queen.

use crate::board::bits::Bits;
use crate::board::conflict::{Line, Square};
use crate::board::glyphs::{BLOCKED, FREE, QUEEN};
use crate::board::placement::{MAX_N, Placement};
use crate::counts::Counts;
use crate::error::{BoardError, Error, Place, Quantity, check_n};
use crate::method::Method;
use crate::plan::fingerprint::fnv1a;
use crate::plan::{Plan, PlanId};
use crate::progress::{POLL_ROWS, Watch};
use crate::reference::bitmask::{Masks, Prefix, full_mask};
use crate::reference::calls::{Detail, FineSteps};
use crate::reference::trace::{Steps, board_steps};
use crate::reference::walk::Solutions;
use std::fmt;
use std::str::FromStr;

/// A board to complete: its size, the queens given in some rows, and the blocked squares.
///
/// ```
/// use nqueens::Puzzle;
///
/// // Row 0 has its queen in column 1; the corner of row 3 is blocked.
/// let p = Puzzle::new(4).unwrap().place(0, 1).unwrap().block(3, 3).unwrap();
/// assert_eq!(p.to_string(), ".Q..\n....\n....\n...x\n");
/// assert_eq!(p, ".Q..\n....\n....\n...x\n".parse().unwrap());
/// assert_eq!(p.given(), &[Some(1), None, None, None]);
/// assert_eq!(p.first().unwrap().columns(), &[1, 3, 0, 2]);
/// assert_eq!(p.count().unwrap(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    n: usize,
    given: Vec<Option<u32>>,
    blocked: Vec<u64>,
    /// The squares each row may use: what the search reads.
    allowed: Vec<u64>,
}

impl Puzzle {
    /// The empty n×n board (1 ≤ n ≤ 64): its completions are the ordinary solutions.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// assert_eq!(Puzzle::new(8).unwrap().solutions().count(), 92);
    /// assert!(Puzzle::new(65).is_err());
    /// ```
    pub fn new(n: usize) -> Result<Puzzle, Error> {
        check_n(n)?;
        Ok(Puzzle::build(n, vec![None; n], vec![0; n]))
    }

    /// The same board with a queen at `row`, `col` (from 0), which every completion keeps.
    ///
    /// Refused when the square is off the board or blocked, when the row has a queen already,
    /// or when a given queen attacks the square.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// let p = Puzzle::new(8).unwrap().place(0, 0).unwrap();
    /// let e = p.place(2, 2).unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "the queens at row 1, column 1 and row 3, column 3 attack each other along a diagonal"
    /// );
    /// ```
    pub fn place(mut self, row: usize, col: usize) -> Result<Puzzle, Error> {
        self.check_square(row, col)?;
        let here = Square { row, col };
        if self.is_blocked(row, col) {
            return Err(BoardError::Blocked(here).into());
        }
        if let Some(c) = self.given[row] {
            let place = Place {
                row: row + 1,
                line: row + 1,
                col: None,
            };
            let cols = ((c as usize).min(col), (c as usize).max(col));
            if c as usize != col {
                return Err(BoardError::TwoQueens { at: place, cols }.into());
            }
            return Ok(self);
        }
        self.given[row] = Some(col as u32);
        check_given(&self.given)?;
        Ok(Puzzle::build(self.n, self.given, self.blocked))
    }

    /// The same board with the square at `row`, `col` (from 0) blocked: no queen may take it.
    /// Refused when the square is off the board or holds a given queen.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// // Blocking the top-left corner leaves 88 of the 92 solutions of 8×8.
    /// assert_eq!(Puzzle::new(8).unwrap().block(0, 0).unwrap().count().unwrap(), 88);
    /// ```
    pub fn block(mut self, row: usize, col: usize) -> Result<Puzzle, Error> {
        self.check_square(row, col)?;
        if self.given[row] == Some(col as u32) {
            return Err(BoardError::Blocked(Square { row, col }).into());
        }
        self.blocked[row] |= 1 << col;
        Ok(Puzzle::build(self.n, self.given, self.blocked))
    }

    /// The same board with the square at `row`, `col` (from 0) free again: its given queen or
    /// its block taken away. Refused only when the square is off the board.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// let p = Puzzle::new(8).unwrap().place(0, 0).unwrap().block(7, 7).unwrap();
    /// assert_eq!(p.clone().clear(0, 0).unwrap().clear(7, 7).unwrap(), Puzzle::new(8).unwrap());
    /// assert!(p.clear(8, 0).is_err());
    /// ```
    pub fn clear(mut self, row: usize, col: usize) -> Result<Puzzle, Error> {
        self.check_square(row, col)?;
        if self.given[row] == Some(col as u32) {
            self.given[row] = None;
        }
        self.blocked[row] &= !(1 << col);
        Ok(Puzzle::build(self.n, self.given, self.blocked))
    }

    fn check_square(&self, row: usize, col: usize) -> Result<(), Error> {
        let last = self.n - 1;
        if row > last {
            return Err(Error::out_of_range(Quantity::Row, row, 0, last));
        }
        if col > last {
            return Err(Error::out_of_range(Quantity::Column, col, 0, last));
        }
        Ok(())
    }

    /// Reads a puzzle from its grid text (see the module documentation for the syntax).
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// let err = Puzzle::parse("Q..\n.Q.\n...\n").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the queens at row 1, column 1 and row 2, column 2 attack each other along a diagonal"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, Error> {
        let (grid, n) = read_grid(text)?;
        if n == 0 {
            return Err(BoardError::Empty.into());
        }
        if n > MAX_N {
            return Err(BoardError::TooLarge {
                rows: n,
                max: MAX_N,
            }
            .into());
        }
        for row in &grid {
            if row.squares != n {
                return Err(BoardError::NotSquare {
                    at: row.place(None),
                    squares: row.squares,
                    rows: n,
                }
                .into());
            }
        }
        let mut given = vec![None; n];
        let mut blocked = vec![0u64; n];
        for (r, row) in grid.iter().enumerate() {
            for (c, &cell) in row.cells.iter().enumerate() {
                match cell {
                    Cell::Queen => {
                        if let Some(first) = given[r] {
                            return Err(BoardError::TwoQueens {
                                at: row.place(None),
                                cols: (first as usize, c),
                            }
                            .into());
                        }
                        given[r] = Some(c as u32);
                    }
                    Cell::Blocked => blocked[r] |= 1 << c,
                    Cell::Free => {}
                }
            }
        }
        check_given(&given)?;
        Ok(Puzzle::build(n, given, blocked))
    }

    fn build(n: usize, given: Vec<Option<u32>>, blocked: Vec<u64>) -> Puzzle {
        let full = full_mask(n);
        let mut allowed: Vec<u64> = blocked.iter().map(|b| full & !b).collect();
        for (r0, c0) in given.iter().enumerate() {
            let Some(c0) = *c0 else { continue };
            for (r, mask) in allowed.iter_mut().enumerate() {
                if r == r0 {
                    *mask = 1 << c0;
                    continue;
                }
                let d = r.abs_diff(r0) as i64;
                for c in [c0 as i64, c0 as i64 - d, c0 as i64 + d] {
                    if (0..n as i64).contains(&c) {
                        *mask &= !(1u64 << c);
                    }
                }
            }
        }
        Puzzle {
            n,
            given,
            blocked,
            allowed,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The column of the given queen of each row, if the row has one.
    pub fn given(&self) -> &[Option<u32>] {
        &self.given
    }

    /// The squares of the given queens, top row first.
    ///
    /// ```
    /// use nqueens::board::Square;
    ///
    /// let p = nqueens::Puzzle::new(6).unwrap().place(3, 0).unwrap().place(0, 4).unwrap();
    /// assert_eq!(p.queens(), [Square { row: 0, col: 4 }, Square { row: 3, col: 0 }]);
    /// ```
    pub fn queens(&self) -> Vec<Square> {
        squares(&self.given)
    }

    /// The blocked squares of each row as a bit mask (bit `c` for column `c`).
    ///
    /// ```
    /// let p: nqueens::Puzzle = "x..\n...\n..x\n".parse().unwrap();
    /// assert_eq!(p.blocked(), &[0b001, 0, 0b100]);
    /// ```
    pub fn blocked(&self) -> &[u64] {
        &self.blocked
    }

    /// The steps of the textbook search on this board (1 to
    /// [`MAX_TRACE_N`](crate::reference::MAX_TRACE_N) rows), as [`trace`](crate::trace) tells
    /// the empty board's: its given queens stay where they are and their rows are skipped, its
    /// blocked squares are never tried, and its solutions are its completions (see
    /// [`Step`](crate::reference::Step); `nqueens trace --board`).
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// // Row 1 has its queen on column 2; the corner of row 4 is blocked.
    /// let p: Puzzle = ".Q..\n....\n....\n...x\n".parse().unwrap();
    /// let lines: Vec<String> = p.steps().unwrap().map(|s| s.to_string()).collect();
    /// assert_eq!(lines[0], "  conflict row 2 col 1: attacked by row 1 col 2 (diagonal /)");
    /// assert_eq!(lines[3], "  place row 2 col 4");
    /// let found = lines.iter().filter(|l| l.starts_with("solution")).count();
    /// assert_eq!(found as u128, p.count().unwrap());
    /// ```
    pub fn steps(&self) -> Result<Steps, Error> {
        board_steps(self.given.clone(), self.blocked.clone())
    }

    /// The steps of [`Puzzle::steps`] with the program's calls and returns between them, as
    /// much as `detail` asks for, as [`fine_steps`](crate::reference::fine_steps) tells the
    /// empty board's: a row with a given queen has no call, the call after a queen is for the
    /// next row the search fills (`nqueens trace --board --calls`).
    ///
    /// ```
    /// use nqueens::Puzzle;
    /// use nqueens::reference::Detail;
    ///
    /// let p: Puzzle = "Q...\n....\n....\n....\n".parse().unwrap();
    /// let first: Vec<String> =
    ///     p.fine_steps(Detail::Calls).unwrap().take(2).map(|s| s.to_string()).collect();
    /// assert_eq!(first, ["  call row 2", "  conflict row 2 col 1: attacked by row 1 col 1 (column)"]);
    /// ```
    pub fn fine_steps(&self, detail: Detail) -> Result<FineSteps, Error> {
        Ok(FineSteps::of(self.steps()?, detail))
    }

    /// True when the square at `row`, `col` (0-based) is blocked.
    pub fn is_blocked(&self, row: usize, col: usize) -> bool {
        row < self.n && col < self.n && self.blocked[row] >> col & 1 == 1
    }

    /// True when nothing is given and nothing blocked: the puzzle is the plain n×n board.
    pub fn is_empty(&self) -> bool {
        self.given.iter().all(Option::is_none) && self.blocked.iter().all(|&b| b == 0)
    }

    /// A fingerprint of the puzzle, stable across builds and machines.
    pub fn fingerprint(&self) -> u64 {
        fnv1a(self.to_string().as_bytes())
    }

    /// Every completion, in lexicographic order, one at a time.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// let p: Puzzle = "....\nx...\n....\n....\n".parse().unwrap();
    /// let all: Vec<_> = p.solutions().map(|s| s.into_columns()).collect();
    /// // Of the two 4×4 solutions, [2, 0, 3, 1] needs the blocked square.
    /// assert_eq!(all, vec![vec![1, 3, 0, 2]]);
    /// ```
    pub fn solutions(&self) -> Solutions {
        Solutions::new(Box::new(Masks::with_allowed(self.allowed.clone())))
    }

    /// The first completion in lexicographic order, or `None` when there is none.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// assert_eq!(Puzzle::new(6).unwrap().first().unwrap().columns(), &[1, 3, 5, 0, 2, 4]);
    /// let corner: Puzzle = "Q..\n...\n...\n".parse().unwrap();
    /// assert_eq!(corner.first(), None);
    /// ```
    pub fn first(&self) -> Option<Placement> {
        self.solutions().next()
    }

    /// The completion count split into independent subproblems, for threads and progress.
    pub fn plan(&self) -> CompletionPlan {
        CompletionPlan::new(self.clone())
    }
}

impl FromStr for Puzzle {
    type Err = Error;
    fn from_str(s: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(s)
    }
}

/// The canonical grid: `Q`, `.` and `x`, one row a line, each line ending in a newline.
impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.n {
            for c in 0..self.n {
                let ch = if self.given[r] == Some(c as u32) {
                    QUEEN
                } else if self.is_blocked(r, c) {
                    BLOCKED
                } else {
                    FREE
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Queen,
    Free,
    Blocked,
}

/// One grid row as read, with where it stood in the text.
struct GridRow {
    row: usize,
    line: usize,
    /// The squares the row has.
    squares: usize,
    /// Its first [`MAX_N`] squares at most: a longer row is refused, so no more are kept.
    cells: Vec<Cell>,
}

impl GridRow {
    fn place(&self, col: Option<usize>) -> Place {
        Place {
            row: self.row,
            line: self.line,
            col,
        }
    }
}

/// Splits the text into grid rows, checking each square's character, and counts the rows. Only
/// the first [`MAX_N`] rows and squares of a row are kept: a text of any length is read in
/// memory of the largest board, and a larger grid is refused by its size.
fn read_grid(text: &str) -> Result<(Vec<GridRow>, usize), Error> {
    let mut rows: Vec<GridRow> = Vec::new();
    let mut n = 0;
    let mut blank_after_grid: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if n > 0 && blank_after_grid.is_none() {
                blank_after_grid = Some(i + 1);
            }
            continue;
        }
        if let Some(blank) = blank_after_grid {
            return Err(BoardError::BlankInside { line: blank }.into());
        }
        n += 1;
        let mut row = GridRow {
            row: n,
            line: i + 1,
            squares: 0,
            cells: Vec::new(),
        };
        for (c, ch) in line.chars().enumerate() {
            // A grid typed by hand may use either case of a letter.
            let cell = match ch {
                FREE => Cell::Free,
                q if q.eq_ignore_ascii_case(&QUEEN) => Cell::Queen,
                x if x.eq_ignore_ascii_case(&BLOCKED) => Cell::Blocked,
                other => {
                    return Err(BoardError::BadCharacter {
                        at: row.place(Some(c + 1)),
                        found: other,
                    }
                    .into());
                }
            };
            row.squares += 1;
            if c < MAX_N {
                row.cells.push(cell);
            }
        }
        if n <= MAX_N {
            rows.push(row);
        }
    }
    Ok((rows, n))
}

/// The squares of the given queens, top row first.
fn squares(given: &[Option<u32>]) -> Vec<Square> {
    given
        .iter()
        .enumerate()
        .filter_map(|(row, c)| {
            c.map(|c| Square {
                row,
                col: c as usize,
            })
        })
        .collect()
}

/// Checks that no two given queens attack each other (rows are distinct already).
fn check_given(given: &[Option<u32>]) -> Result<(), Error> {
    let queens = squares(given);
    for (i, &first) in queens.iter().enumerate() {
        for &second in &queens[i + 1..] {
            if let Some(along) = Line::between(first, second) {
                return Err(BoardError::Attack {
                    along,
                    first,
                    second,
                }
                .into());
            }
        }
    }
    Ok(())
}

/// Counts the completions of rows `row..` given the columns and diagonals in use; `allowed`
/// holds the squares each row may use at all.
fn count_from(allowed: &[u64], row: usize, cols: u64, left: u64, right: u64) -> u64 {
    if row == allowed.len() {
        return 1;
    }
    let mut total = 0;
    let free = allowed[row] & !(cols | left | right);
    for bit in Bits(free) {
        // lowest free square: lexicographic order
        total += count_from(
            allowed,
            row + 1,
            cols | bit,
            (left | bit) << 1,
            (right | bit) >> 1,
        );
    }
    total
}

/// [`count_from`] for a search that may run long: the rows with [`POLL_ROWS`] or more rows
/// below them poll `watch`; `None` when it asked to stop.
fn count_watched_from(
    allowed: &[u64],
    row: usize,
    (cols, left, right): (u64, u64, u64),
    watch: &Watch,
) -> Option<u64> {
    if allowed.len() - row < POLL_ROWS as usize {
        return Some(count_from(allowed, row, cols, left, right));
    }
    if watch.poll() {
        return None;
    }
    let mut total = 0;
    let free = allowed[row] & !(cols | left | right);
    for bit in Bits(free) {
        let next = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
        total += count_watched_from(allowed, row + 1, next, watch)?;
    }
    Some(total)
}

/// The completion count split by the placements of its first rows: one subproblem per valid
/// prefix, in lexicographic order. Its method is the bit-mask method's, and its identity carries
/// the puzzle's fingerprint.
///
/// The prefix reaches down until it has placed three rows that had a choice (two for boards of
/// 8 or fewer), so that rows with a given queen, which have no choice, do not thin the split.
///
/// ```
/// use nqueens::Puzzle;
/// use nqueens::plan::Plan;
///
/// let plan = Puzzle::new(8).unwrap().plan();
/// assert_eq!(plan.id().board, Some(Puzzle::new(8).unwrap().fingerprint()));
/// assert_eq!((0..plan.len()).map(|i| plan.count_one(i).total).sum::<u128>(), 92);
/// ```
#[derive(Debug)]
pub struct CompletionPlan {
    puzzle: Puzzle,
    depth: usize,
    prefixes: Vec<Prefix>,
}

impl CompletionPlan {
    /// The split for `puzzle`.
    pub fn new(puzzle: Puzzle) -> CompletionPlan {
        let choice_rows = if puzzle.n <= 8 { 2 } else { 3 };
        let mut depth = 0;
        let mut seen = 0;
        while depth < puzzle.n && seen < choice_rows {
            if puzzle.given[depth].is_none() {
                seen += 1;
            }
            depth += 1;
        }
        let mut prefixes = Vec::new();
        if !puzzle.allowed.contains(&0) {
            let start = Prefix {
                cols: 0,
                left: 0,
                right: 0,
            };
            walk(&puzzle.allowed[..depth], start, &mut prefixes);
        }
        CompletionPlan {
            puzzle,
            depth,
            prefixes,
        }
    }

    /// The puzzle being counted.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }
}

/// Every valid placement of the rows that `allowed` covers, in lexicographic order.
fn walk(allowed: &[u64], p: Prefix, out: &mut Vec<Prefix>) {
    let Some((&first, rest)) = allowed.split_first() else {
        out.push(p);
        return;
    };
    for bit in Bits(first & !p.attacked()) {
        walk(rest, p.place(bit), out);
    }
}

impl Plan for CompletionPlan {
    fn id(&self) -> PlanId {
        let board = self.puzzle.fingerprint();
        PlanId {
            n: self.puzzle.n,
            method: Method::Bitmask,
            board: Some(board),
            subproblems: self.prefixes.len(),
            fingerprint: fnv1a(
                format!(
                    "complete/n={}/rows={}/puzzle={board:016x}",
                    self.puzzle.n, self.depth
                )
                .as_bytes(),
            ),
        }
    }
    fn len(&self) -> usize {
        self.prefixes.len()
    }
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        let p = self.prefixes[index];
        let masks = (p.cols, p.left, p.right);
        let total = count_watched_from(&self.puzzle.allowed, self.depth, masks, watch)?;
        Some(Counts::total(total as u128))
    }
}
