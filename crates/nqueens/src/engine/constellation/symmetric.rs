//! The rare constellations that a half or quarter turn maps onto themselves: their completions
//! must be sorted by their own symmetry, which a second, small search over whole orbits of cells
//! does, so that the hot loop never has to look at a finished board.

use super::enumerate::Constellation;
#[cfg(test)]
use super::image::Layout;
#[cfg(test)]
use crate::board::bits::Bits;
use crate::progress::{POLL_ROWS, Watch};
use crate::symmetry::Symmetry;
use crate::symmetry::SymmetryClasses;

/// The completions of a constellation that are themselves fixed by the half turn, or with
/// `quarter`, by the quarter turn (none when the constellation itself is not).
///
/// Such a board is known from its queens in about half (or a quarter) of its rows: each queen
/// placed brings its images under the turn along, so the search places whole orbits of cells.
/// Its tree is tiny next to the full search's, which keeps the symmetric constellations (their
/// completions must be split by their own symmetry) from needing a search that keeps the whole
/// board at every leaf.
fn symmetric_completions(n: usize, queens: &[(u32, u32)], quarter: bool, watch: &Watch) -> u64 {
    /// Columns and both diagonals in use, and the column of each row's queen (`None`: empty).
    #[derive(Clone)]
    struct Board {
        cols: u64,
        sums: u128,
        diffs: u128,
        rows: Vec<Option<u32>>,
    }
    impl Board {
        /// Places a queen, or returns false when the cell is attacked or its row taken.
        fn place(&mut self, n: usize, r: usize, c: usize) -> bool {
            let (sum, diff) = (1u128 << (r + c), 1u128 << (r + n - 1 - c));
            if self.rows[r].is_some() || self.cols & 1 << c != 0 || self.sums & sum != 0 {
                return false;
            }
            if self.diffs & diff != 0 {
                return false;
            }
            self.cols |= 1 << c;
            self.sums |= sum;
            self.diffs |= diff;
            self.rows[r] = Some(c as u32);
            true
        }
    }
    fn walk(n: usize, quarter: bool, board: &Board, watch: &Watch) -> u64 {
        let Some(r) = board.rows.iter().position(Option::is_none) else {
            return 1;
        };
        let empty = board.rows.iter().filter(|q| q.is_none()).count();
        if empty >= POLL_ROWS as usize && watch.poll() {
            return 0;
        }
        let last = n - 1;
        let mut found = 0;
        for c in 0..n {
            let mut orbit = vec![(r, c), (last - r, last - c)];
            if quarter {
                orbit.extend([(c, last - r), (last - c, r)]);
            }
            orbit.sort_unstable();
            orbit.dedup();
            let mut next = board.clone();
            if orbit.iter().all(|&(r, c)| next.place(n, r, c)) {
                found += walk(n, quarter, &next, watch);
            }
        }
        found
    }
    let turn = if quarter {
        Symmetry::Rot90
    } else {
        Symmetry::Rot180
    };
    let fixed = queens.iter().all(|&(r, c)| {
        let (r, c) = turn.cell(n, r as usize, c as usize);
        queens.contains(&(r as u32, c as u32))
    });
    if !fixed {
        return 0;
    }
    let mut board = Board {
        cols: 0,
        sums: 0,
        diffs: 0,
        rows: vec![None; n],
    };
    for &(r, c) in queens {
        if !board.place(n, r as usize, c as usize) {
            return 0;
        }
    }
    walk(n, quarter, &board, watch)
}

/// The search for symmetric constellations the slow way, keeping the whole board so that each
/// solution's own symmetry can be read at the leaf: the reference for
/// [`symmetric_completions`]. Returns the completions found with 8, 4 and 2 boards in their class.
#[cfg(test)]
fn classify_layout(n: usize, queens: &[(u32, u32)], lay: &Layout) -> [u64; 3] {
    fn walk(
        lay: &Layout,
        rows: &[usize],
        t: usize,
        masks: (u64, u64, u64),
        board: &mut Vec<u32>,
        found: &mut [u64; 3],
    ) {
        if t == rows.len() {
            match crate::symmetry::solution_class_size(board) {
                8 => found[0] += 1,
                4 => found[1] += 1,
                _ => found[2] += 1,
            }
            return;
        }
        let (cols, left, right) = masks;
        let free = lay.avail[t] & !(cols | left | right);
        for bit in Bits(free) {
            board[rows[t]] = bit.trailing_zeros();
            let g = lay.gap.get(t).copied().unwrap_or(1);
            let next = (cols | bit, (left | bit) << g, (right | bit) >> g);
            walk(lay, rows, t + 1, next, board, found);
        }
    }
    let mut board = vec![0u32; n];
    for &(r, c) in queens {
        board[r as usize] = c;
    }
    let rows: Vec<usize> = (0..n)
        .filter(|&r| queens.iter().all(|&(qr, _)| qr as usize != r))
        .collect();
    let mut found = [0u64; 3];
    walk(lay, &rows, 0, (0, 0, 0), &mut board, &mut found);
    found
}

/// The classes of a constellation's completions, given `all`, the number of them: for the
/// constellations that no symmetry fixes, every completion is an asymmetric class's; the others
/// add the small searches for their symmetric completions. `None` when the watch stopped a
/// search (this one, or the one that found `all`).
///
/// A class of solutions whose boards are fixed by `k` symmetries meets the constellation
/// `k / fixed_by` times among its completions, hence the divisions.
pub(super) fn classes_of(
    n: usize,
    c: &Constellation,
    all: u128,
    watch: &Watch,
) -> Option<SymmetryClasses> {
    if c.fixed_by == 1 {
        return (!watch.stopped()).then_some(SymmetryClasses {
            asymmetric: all,
            ..SymmetryClasses::default()
        });
    }
    // The completions fixed by a quarter turn have 2 boards in their class, those fixed by the
    // half turn only 4, the others 8. A constellation fixed by the half turn only has no
    // completion fixed by a quarter turn: that completion's constellation would be fixed too.
    let half = symmetric_completions(n, c.queens(), false, watch) as u128;
    let quarter = if c.fixed_by == 4 {
        symmetric_completions(n, c.queens(), true, watch) as u128
    } else {
        0
    };
    if watch.stopped() {
        return None;
    }
    let (by1, by2, by4) = (all - half, half - quarter, quarter);
    let f = c.fixed_by as u128;
    Some(SymmetryClasses {
        asymmetric: by1 / f,
        rot180: by2 * 2 / f,
        rot90: by4 * 4 / f,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::constellation::enumerate::constellations;
    use crate::engine::constellation::image::cheapest_image;

    #[test]
    fn symmetric_completions_match_the_full_walk() {
        let mut seen = [0; 2];
        for n in 4..=13 {
            for c in constellations(n).iter().filter(|c| c.fixed_by() > 1) {
                let (queens, lay) = cheapest_image(n, c.queens());
                let [_, by2, by4] = classify_layout(n, &queens, &lay);
                let half = symmetric_completions(n, c.queens(), false, &Watch::none());
                let quarter = symmetric_completions(n, c.queens(), true, &Watch::none());
                assert_eq!(half, by2 + by4, "n = {n}, {:?}", c.queens());
                assert_eq!(quarter, by4, "n = {n}, {:?}", c.queens());
                seen[0] += (by2 > 0) as u32;
                seen[1] += (by4 > 0) as u32;
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "both kinds met: {seen:?}");
    }
}
