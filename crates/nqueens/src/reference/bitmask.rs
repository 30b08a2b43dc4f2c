//! The textbook bit-mask method: one queen per row, the attacked columns and diagonals of the
//! current row held as three bit masks.
//!
//! Bit `c` of a mask stands for column `c`. Going down one row, a diagonal that runs down to the
//! right moves one column right (`<< 1`) and one that runs down to the left moves one column left
//! (`>> 1`); bits pushed past either edge fall off (or are cut by `full`). The free cells of a row
//! are then `full & !(cols | left | right)`, and `x & x.wrapping_neg()` (the `x & -x` of two's
//! complement) isolates the lowest one, so columns are tried left to right and solutions come out
//! in lexicographic order.

use crate::board::bits::Bits;
use crate::counts::Counts;
use crate::error::{Error, check_n};
use crate::method::Method;
use crate::plan::fingerprint::fnv1a;
use crate::plan::{Plan, PlanId};
use crate::progress::{POLL_ROWS, Watch};
use crate::reference::walk::{Rule, Solutions};

/// The mask with the low `n` bits set: every column of the board.
pub fn full_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// Counts the completions of a partial board, given the columns in use and the cells of the
/// next row attacked along each diagonal.
///
/// `cols` must also have every bit outside the board set (start from [`outside`]`(n)`): then
/// `!(cols | left | right)` is exactly the free cells of the row, with no board mask to carry
/// down the recursion, and the board is full when `cols` is all ones. One argument fewer per call
/// is what lets this kernel keep pace with the same loop compiled from C.
///
/// ```
/// use nqueens::internals::bitmask::{count_from, outside};
///
/// assert_eq!(count_from(outside(8), 0, 0), 92);
/// ```
pub fn count_from(cols: u64, left: u64, right: u64) -> u64 {
    if cols == u64::MAX {
        return 1;
    }
    let mut total = 0;
    let free = !(cols | left | right);
    for bit in Bits(free) {
        // lowest free cell
        total += count_from(cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    total
}

/// [`count_from`] for a search that may run long (large boards): nodes with [`POLL_ROWS`] or
/// more rows left poll `watch`, and each subtree below them is counted by the plain kernel, so
/// the textbook loop stays as it is and pays nothing. `None` when the watch asked to stop.
pub fn count_watched_from(cols: u64, left: u64, right: u64, watch: &Watch) -> Option<u64> {
    if (!cols).count_ones() < POLL_ROWS {
        return Some(count_from(cols, left, right));
    }
    if watch.poll() {
        return None;
    }
    let mut total = 0;
    let free = !(cols | left | right);
    for bit in Bits(free) {
        total += count_watched_from(cols | bit, (left | bit) << 1, (right | bit) >> 1, watch)?;
    }
    Some(total)
}

/// The bits of a 64-bit mask that lie outside an n-column board.
///
/// ```
/// assert_eq!(nqueens::internals::bitmask::outside(60), 0b1111 << 60);
/// assert_eq!(nqueens::internals::bitmask::outside(64), 0);
/// ```
pub fn outside(n: usize) -> u64 {
    !full_mask(n)
}

/// Counts every solution for n, single-threaded, walking the whole tree (no symmetry).
///
/// ```
/// assert_eq!(nqueens::internals::bitmask::count(8).unwrap(), 92);
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    check_n(n)?;
    Ok(count_from(outside(n), 0, 0) as u128)
}

/// The masks of the rows placed so far, as the walk's [`Rule`]: row `r`'s safe columns are the
/// allowed ones that no column or diagonal mask of the queens above covers.
#[derive(Debug)]
pub struct Masks {
    /// The squares each row may use at all: every square, or fewer for a partly filled board.
    allowed: Vec<u64>,
    /// The masks below each placed row; entry `r` holds those that row `r` sees.
    stack: Vec<Prefix>,
}

impl Masks {
    /// The empty `n`×`n` board.
    ///
    /// # Panics
    ///
    /// When n is over 64: a row is one 64-bit mask.
    pub fn new(n: usize) -> Masks {
        Masks::with_allowed(vec![u64::MAX; n])
    }

    /// A board whose row `r` may use only the squares of `allowed[r]`; bits for columns past
    /// the board (`allowed.len()` of them) are ignored.
    ///
    /// ```
    /// use nqueens::reference::{Masks, Rule};
    ///
    /// // Four rows that allow every bit: only the four columns of the board count.
    /// assert_eq!(Masks::with_allowed(vec![u64::MAX; 4]).safe(0), 0b1111);
    /// ```
    ///
    /// # Panics
    ///
    /// When there are over 64 rows: a row is one 64-bit mask.
    pub fn with_allowed(mut allowed: Vec<u64>) -> Masks {
        let n = allowed.len();
        assert!(
            n <= 64,
            "a board of {n} rows: the masks hold at most 64 columns"
        );
        for row in &mut allowed {
            *row &= full_mask(n);
        }
        let mut stack = Vec::with_capacity(allowed.len() + 1);
        stack.push(Prefix {
            cols: 0,
            left: 0,
            right: 0,
        });
        Masks { allowed, stack }
    }
}

impl Rule for Masks {
    fn n(&self) -> usize {
        self.allowed.len()
    }

    fn safe(&self, row: usize) -> u64 {
        self.allowed[row] & !self.stack[row].attacked()
    }

    fn place(&mut self, row: usize, col: u32) {
        let p = self.stack[row];
        self.stack.push(p.place(1u64 << col));
    }

    fn lift(&mut self, _row: usize, _col: u32) {
        self.stack.pop();
    }
}

/// Every solution, in lexicographic order.
pub fn solutions(n: usize) -> Result<Solutions, Error> {
    check_n(n)?;
    Ok(Solutions::new(Box::new(Masks::new(n))))
}

/// A partial board: the masks after some rows are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefix {
    /// Columns in use.
    pub cols: u64,
    /// Cells of the next row attacked along diagonals running down to the right.
    pub left: u64,
    /// Cells of the next row attacked along diagonals running down to the left.
    pub right: u64,
}

impl Prefix {
    /// The masks after a queen is placed on `bit` (one bit, a cell of the next row): its
    /// column joins the columns in use, and both diagonals move on by one column as they enter
    /// the row below, which is the textbook's step from one row to the next.
    #[inline(always)]
    pub fn place(self, bit: u64) -> Prefix {
        Prefix {
            cols: self.cols | bit,
            left: (self.left | bit) << 1,
            right: (self.right | bit) >> 1,
        }
    }

    /// The cells of the next row that a queen already placed attacks (bits past the board's
    /// width included).
    #[inline(always)]
    pub fn attacked(self) -> u64 {
        self.cols | self.left | self.right
    }
}

/// Calls `visit` with the masks and the columns of every valid placement of the first `depth`
/// rows (at most n), in lexicographic order.
pub fn for_each_prefix(n: usize, depth: usize, visit: &mut dyn FnMut(Prefix, &[u32])) {
    fn walk(
        full: u64,
        p: Prefix,
        depth: usize,
        columns: &mut Vec<u32>,
        visit: &mut dyn FnMut(Prefix, &[u32]),
    ) {
        if depth == 0 {
            visit(p, columns);
            return;
        }
        for bit in Bits(full & !p.attacked()) {
            let next = p.place(bit);
            columns.push(bit.trailing_zeros());
            walk(full, next, depth - 1, columns, visit);
            columns.pop();
        }
    }
    let start = Prefix {
        cols: 0,
        left: 0,
        right: 0,
    };
    let mut columns = Vec::with_capacity(depth);
    walk(full_mask(n), start, depth.min(n), &mut columns, visit);
}

/// The bit-mask count split by the placements of its first rows: one subproblem per prefix.
///
/// Only prefixes in the left half are kept: reflecting a board left to right maps solutions
/// with the first queen in column `c` one to one onto those with it in column `n - 1 - c`, so each
/// kept prefix counts twice. For odd n the first queen may also stand in the middle column; the
/// reflection then pairs the second row's columns the same way, so the second queen is taken in
/// the left half only. This halves the work with no effect on the answer.
pub struct BitmaskPlan {
    n: usize,
    depth: usize,
    /// Each kept prefix and how many solutions each of its completions stands for.
    prefixes: Vec<(Prefix, u128)>,
}

impl BitmaskPlan {
    /// The split for n: the first three rows (two for small boards), enough subproblems to
    /// balance many threads while each still does real work.
    pub fn new(n: usize) -> Result<BitmaskPlan, Error> {
        check_n(n)?;
        let depth = if n <= 8 { 2.min(n) } else { 3 };
        let half = (n / 2) as u64;
        let left_half = (1u64 << half) - 1;
        let middle = if n % 2 == 1 { 1u64 << half } else { 0 };
        let mut prefixes = Vec::new();
        for_each_prefix(n, depth, &mut |p, columns| {
            let first = 1u64 << columns[0];
            let kept = if n == 1 {
                Some(1)
            } else if first & left_half != 0
                || (first == middle && (1u64 << columns[1]) & left_half != 0)
            {
                Some(2)
            } else {
                None
            };
            if let Some(weight) = kept {
                prefixes.push((p, weight));
            }
        });
        Ok(BitmaskPlan { n, depth, prefixes })
    }
}

impl Plan for BitmaskPlan {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: Method::Bitmask,
            board: None,
            subproblems: self.prefixes.len(),
            fingerprint: fnv1a(
                format!("bitmask/n={}/rows={}/mirror", self.n, self.depth).as_bytes(),
            ),
        }
    }
    fn len(&self) -> usize {
        self.prefixes.len()
    }
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        let (p, weight) = self.prefixes[index];
        let count = count_watched_from(p.cols | outside(self.n), p.left, p.right, watch)?;
        Some(Counts::total(weight * count as u128))
    }
    /// Besides what every count holds: a mirrored prefix counts each completion twice, so its
    /// total is even.
    fn admits(&self, index: usize, counts: &Counts) -> Result<(), String> {
        counts.check(self.n, false)?;
        let (_, weight) = self
            .prefixes
            .get(index)
            .ok_or_else(|| format!("there is no subproblem {index}"))?;
        match counts.total % weight {
            0 => Ok(()),
            _ => Err(format!(
                "{} solutions from a mirrored prefix, which counts each twice",
                counts.total
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_placed_queen_moves_its_diagonals_on_by_one_column() {
        let empty = Prefix {
            cols: 0,
            left: 0,
            right: 0,
        };
        let next = empty.place(0b0100);
        assert_eq!(
            next,
            Prefix {
                cols: 0b0100,
                left: 0b1000,
                right: 0b0010
            }
        );
        assert_eq!(next.attacked(), 0b1110);
        // A second queen two columns over, one row down. In the third row the first queen
        // attacks columns 0, 2 and 4, the second columns 0 and 1: its other diagonal has left
        // the board.
        assert_eq!(next.place(0b0001).attacked(), 0b10111);
    }

    #[test]
    fn the_full_mask_holds_every_column() {
        assert_eq!(full_mask(4), 0b1111);
        assert_eq!(full_mask(64), u64::MAX);
    }

    #[test]
    fn a_watched_count_that_nothing_stops_is_the_plain_count() {
        assert_eq!(
            count_watched_from(outside(12), 0, 0, &Watch::none()),
            Some(14_200)
        );
    }

    #[test]
    fn prefixes_are_the_valid_placements_of_the_first_rows() {
        // Row 0 of a 4×4 board: four choices; rows 0 and 1: six compatible pairs.
        let prefixes = |depth| {
            let mut found = 0;
            for_each_prefix(4, depth, &mut |_, _| found += 1);
            found
        };
        assert_eq!(prefixes(1), 4);
        assert_eq!(prefixes(2), 6);
    }
}
