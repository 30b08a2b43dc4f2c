//! The n-Queens Completion problem: some queens are already on the board, some squares are
//! blocked, and the question is how the remaining rows can be filled (Gent, Jefferson and
//! Nightingale showed it NP-complete, so this is a search, not a formula).
//!
//! A [`Puzzle`] is read from a square grid, one row a line:
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

use crate::plan::{self, NoProgress, Plan, fnv1a};
use crate::{CountOptions, Counts, Error, Flow, MAX_N};
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// A board to complete: its size, the queens given in some rows, and the blocked squares.
///
/// ```
/// use nqueens::complete::Puzzle;
///
/// // Row 0 has its queen in column 1; the corner of row 3 is blocked.
/// let p: Puzzle = ".Q..\n....\n....\n...x\n".parse().unwrap();
/// assert_eq!(p.n(), 4);
/// assert_eq!(p.given(), &[Some(1), None, None, None]);
/// assert!(p.is_blocked(3, 3));
/// assert_eq!(p.first_completion(), Some(vec![1, 3, 0, 2]));
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
    /// The empty n×n board: its completions are the ordinary solutions.
    ///
    /// ```
    /// use nqueens::{complete::Puzzle, CountOptions};
    ///
    /// let p = Puzzle::empty(8).unwrap();
    /// assert_eq!(p.count(&CountOptions::default()).unwrap().total, 92);
    /// ```
    pub fn empty(n: usize) -> Result<Puzzle, Error> {
        crate::check_n(n)?;
        Ok(Puzzle::build(n, vec![None; n], vec![0; n]))
    }

    /// Reads a puzzle from its grid text (see the module documentation for the syntax).
    ///
    /// ```
    /// use nqueens::complete::Puzzle;
    ///
    /// let err = Puzzle::parse("Q..\n.Q.\n...\n").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "the queens at row 1, column 1 and row 2, column 2 attack each other along a diagonal"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Puzzle, Error> {
        let grid = read_grid(text)?;
        let n = grid.len();
        if n == 0 {
            return Err(Error::Invalid(
                "the board is empty: expected n rows of n squares, each Q (queen), . (free) or \
                 x (blocked)"
                    .to_string(),
            ));
        }
        for row in &grid {
            if row.cells.len() != n {
                return Err(Error::Invalid(format!(
                    "{} has {} squares but the board has {n} rows: a board must be square \
                     (n rows of n squares)",
                    row.place(None),
                    row.cells.len()
                )));
            }
        }
        if n > MAX_N {
            return Err(Error::Invalid(format!(
                "the board has {n} rows: n must be from 1 to {MAX_N}"
            )));
        }
        let mut given = vec![None; n];
        let mut blocked = vec![0u64; n];
        for (r, row) in grid.iter().enumerate() {
            for (c, &cell) in row.cells.iter().enumerate() {
                match cell {
                    Cell::Queen => {
                        if let Some(first) = given[r] {
                            return Err(Error::Invalid(format!(
                                "{} has two queens, in columns {} and {}: a row holds at most \
                                 one queen",
                                row.place(None),
                                first + 1,
                                c + 1
                            )));
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
        let full = crate::bitmask::full_mask(n);
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

    /// The blocked squares of each row as a bit mask (bit `c` for column `c`).
    ///
    /// ```
    /// let p: nqueens::complete::Puzzle = "x..\n...\n..x\n".parse().unwrap();
    /// assert_eq!(p.blocked(), &[0b001, 0, 0b100]);
    /// ```
    pub fn blocked(&self) -> &[u64] {
        &self.blocked
    }

    /// True when the square at `row`, `col` (0-based) is blocked.
    pub fn is_blocked(&self, row: usize, col: usize) -> bool {
        row < self.n && col < self.n && self.blocked[row] >> col & 1 == 1
    }

    /// A fingerprint of the puzzle, stable across builds and machines.
    pub fn hash(&self) -> u64 {
        fnv1a(self.to_string().as_bytes())
    }

    /// Counts the completions, with threads and progress as [`CountOptions`] asks; counting
    /// unique completions is refused (the given queens break the board's symmetry).
    ///
    /// ```
    /// use nqueens::{complete::Puzzle, CountOptions};
    ///
    /// // The 8×8 solutions with a queen in the top-left corner.
    /// let p: Puzzle = "Q.......\n........\n........\n........\n\
    ///                  ........\n........\n........\n........\n".parse().unwrap();
    /// assert_eq!(p.count(&CountOptions::default()).unwrap().total, 4);
    /// ```
    pub fn count(&self, opts: &CountOptions) -> Result<Counts, Error> {
        if opts.unique {
            return Err(Error::Unsupported(
                "completions cannot be counted up to symmetry: the given queens and blocked \
                 squares break it"
                    .to_string(),
            ));
        }
        let plan = self.plan();
        let all: Vec<usize> = (0..plan.len()).collect();
        let progress = opts.progress.unwrap_or(&NoProgress);
        Ok(plan::run(&plan, &all, opts.threads, progress))
    }

    /// Calls `visit` with every completion, in lexicographic order, until it returns `Break`;
    /// returns how the walk ended.
    ///
    /// ```
    /// use nqueens::complete::Puzzle;
    ///
    /// let p: Puzzle = "....\nx...\n....\n....\n".parse().unwrap();
    /// let mut all = Vec::new();
    /// p.for_each_completion(&mut |cols: &[u32]| {
    ///     all.push(cols.to_vec());
    ///     std::ops::ControlFlow::Continue(())
    /// });
    /// // Of the two 4×4 solutions, [2, 0, 3, 1] needs the blocked square.
    /// assert_eq!(all, vec![vec![1, 3, 0, 2]]);
    /// ```
    pub fn for_each_completion(&self, visit: &mut dyn FnMut(&[u32]) -> Flow) -> Flow {
        if self.allowed.contains(&0) {
            return ControlFlow::Continue(());
        }
        let mut columns = Vec::with_capacity(self.n);
        list_from(&self.allowed, 0, 0, 0, &mut columns, visit)
    }

    /// The first completion in lexicographic order, or `None` when there is none.
    ///
    /// ```
    /// use nqueens::complete::Puzzle;
    ///
    /// assert_eq!(Puzzle::empty(6).unwrap().first_completion(), Some(vec![1, 3, 5, 0, 2, 4]));
    /// let corner: Puzzle = "Q..\n...\n...\n".parse().unwrap();
    /// assert_eq!(corner.first_completion(), None);
    /// ```
    pub fn first_completion(&self) -> Option<Vec<u32>> {
        let mut found = None;
        let _ = self.for_each_completion(&mut |cols: &[u32]| {
            found = Some(cols.to_vec());
            ControlFlow::Break(())
        });
        found
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
                    'Q'
                } else if self.is_blocked(r, c) {
                    'x'
                } else {
                    '.'
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
    cells: Vec<Cell>,
}

impl GridRow {
    /// "row R" (plus "(line L)" when comments or blank lines make the two differ), and
    /// ", column C" when a column is named; all 1-based.
    fn place(&self, col: Option<usize>) -> String {
        let mut s = format!("row {}", self.row);
        if self.line != self.row {
            s.push_str(&format!(" (line {})", self.line));
        }
        if let Some(c) = col {
            s.push_str(&format!(", column {c}"));
        }
        s
    }
}

/// Splits the text into grid rows, checking each square's character.
fn read_grid(text: &str) -> Result<Vec<GridRow>, Error> {
    let mut rows: Vec<GridRow> = Vec::new();
    let mut blank_after_grid: Option<usize> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        if line.trim_start().starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !rows.is_empty() && blank_after_grid.is_none() {
                blank_after_grid = Some(i + 1);
            }
            continue;
        }
        if let Some(blank) = blank_after_grid {
            return Err(Error::Invalid(format!(
                "blank line {blank} inside the board: a board file holds one board, its rows \
                 on consecutive lines"
            )));
        }
        let mut row = GridRow {
            row: rows.len() + 1,
            line: i + 1,
            cells: Vec::with_capacity(line.len()),
        };
        for (c, ch) in line.chars().enumerate() {
            let cell = match ch {
                'Q' | 'q' => Cell::Queen,
                '.' => Cell::Free,
                'x' | 'X' => Cell::Blocked,
                other => {
                    return Err(Error::Invalid(format!(
                        "{}: unexpected character {other:?}: each square is Q (queen), \
                         . (free) or x (blocked)",
                        row.place(Some(c + 1))
                    )));
                }
            };
            row.cells.push(cell);
        }
        rows.push(row);
    }
    Ok(rows)
}

/// Checks that no two given queens attack each other (rows are distinct already).
fn check_given(given: &[Option<u32>]) -> Result<(), Error> {
    let queens: Vec<(usize, u32)> = given
        .iter()
        .enumerate()
        .filter_map(|(r, c)| c.map(|c| (r, c)))
        .collect();
    for (i, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[i + 1..] {
            let how = if c1 == c2 {
                "in the same column"
            } else if r2 - r1 == c1.abs_diff(c2) as usize {
                "along a diagonal"
            } else {
                continue;
            };
            return Err(Error::Invalid(format!(
                "the queens at row {}, column {} and row {}, column {} attack each other {how}",
                r1 + 1,
                c1 + 1,
                r2 + 1,
                c2 + 1
            )));
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
    let mut free = allowed[row] & !(cols | left | right);
    while free != 0 {
        let bit = free & free.wrapping_neg(); // lowest free square: lexicographic order
        free ^= bit;
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

fn list_from(
    allowed: &[u64],
    cols: u64,
    left: u64,
    right: u64,
    columns: &mut Vec<u32>,
    visit: &mut dyn FnMut(&[u32]) -> Flow,
) -> Flow {
    let row = columns.len();
    if row == allowed.len() {
        return visit(columns);
    }
    let mut free = allowed[row] & !(cols | left | right);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        columns.push(bit.trailing_zeros());
        let flow = list_from(
            allowed,
            cols | bit,
            (left | bit) << 1,
            (right | bit) >> 1,
            columns,
            visit,
        );
        columns.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

/// The completion count split by the placements of its first rows: one subproblem per valid
/// prefix, in lexicographic order.
///
/// The prefix reaches down until it has placed three rows that had a choice (two for boards of
/// 8 or fewer), so that rows with a given queen, which have no choice, do not thin the split.
///
/// ```
/// use nqueens::{complete::Puzzle, Plan};
///
/// let plan = Puzzle::empty(8).unwrap().plan();
/// assert_eq!(plan.method(), "complete");
/// assert_eq!((0..plan.len()).map(|i| plan.count_one(i).total).sum::<u128>(), 92);
/// ```
pub struct CompletionPlan {
    puzzle: Puzzle,
    depth: usize,
    prefixes: Vec<crate::bitmask::Prefix>,
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
            let start = crate::bitmask::Prefix {
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
fn walk(allowed: &[u64], p: crate::bitmask::Prefix, out: &mut Vec<crate::bitmask::Prefix>) {
    let Some((&first, rest)) = allowed.split_first() else {
        out.push(p);
        return;
    };
    let mut free = first & !(p.cols | p.left | p.right);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let next = crate::bitmask::Prefix {
            cols: p.cols | bit,
            left: (p.left | bit) << 1,
            right: (p.right | bit) >> 1,
        };
        walk(rest, next, out);
    }
}

impl Plan for CompletionPlan {
    fn n(&self) -> usize {
        self.puzzle.n
    }
    fn method(&self) -> &'static str {
        "complete"
    }
    fn len(&self) -> usize {
        self.prefixes.len()
    }
    fn count_one(&self, index: usize) -> Counts {
        let p = self.prefixes[index];
        let total = count_from(&self.puzzle.allowed, self.depth, p.cols, p.left, p.right);
        Counts::total(total as u128)
    }
    fn fingerprint(&self) -> u64 {
        fnv1a(
            format!(
                "complete/n={}/rows={}/puzzle={:016x}",
                self.puzzle.n,
                self.depth,
                self.puzzle.hash()
            )
            .as_bytes(),
        )
    }
}
