//! Unique counts for a method that counts totals only: the solutions that the board's half turn
//! and quarter turn leave unchanged, searched on their own, give the number of symmetry classes
//! of any total by Burnside's lemma.
//!
//! The eight symmetries of the square act on the solutions, and a class is an orbit. Burnside's
//! lemma says the orbits number the average, over the eight, of the solutions each one fixes.
//! For n ≥ 2 no reflection fixes a solution: a mirror in a side would put two queens in one row
//! or column, and a mirror in a diagonal pairs each queen off the diagonal with its image on the
//! same crossing diagonal (the queens on the mirror itself share it). So with `Q` the total,
//! `H` the solutions fixed by the half turn and `F` those fixed by the quarter turn (and the
//! three-quarter turn, which fixes the same ones),
//!
//! ```text
//! unique = (Q + H + 2F) / 8
//! ```
//!
//! and the classes follow by size: a class fixed by the quarter turn has 2 members, one fixed by
//! the half turn alone 4, any other 8. So `F / 2` classes of the first kind, `(H - F) / 4` of the
//! second, `(Q - H) / 8` of the third. `H` and `F` are searched with far fewer choices than `Q`:
//! a queen placed fixes its image under the turn too, so the search places a half (or a quarter)
//! of the queens. At n = 20 it takes a fraction of a second, beside minutes for the total.

use crate::counts::Counts;
use crate::progress::{POLL_ROWS, Watch};
use crate::symmetry::SymmetryClasses;

/// The solutions of the n×n board that the half turn and the quarter turn leave unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixed {
    /// Solutions equal to their own half turn (rotation by 180°), the quarter-turn ones included.
    pub half: u128,
    /// Solutions equal to their own quarter turn (rotation by 90°).
    pub quarter: u128,
}

/// The largest board searched: the diagonals are bits of one 64-bit word, `2n - 1` of them.
pub const MAX_N: usize = 32;

/// Searches the solutions fixed by each turn, heeding `watch`: `None` when it asked to stop.
///
/// # Panics
///
/// When `n` is 0 or above [`MAX_N`]; the engines that call it check n first.
pub fn fixed(n: usize, watch: &Watch) -> Option<Fixed> {
    assert!((1..=MAX_N).contains(&n), "n = {n} outside 1..={MAX_N}");
    let mut half = HalfTurn::new(n, watch);
    half.place(0, 0, 0, 0);
    let mut quarter = QuarterTurn::new(n, watch);
    if n % 4 < 2 {
        quarter.place(0, 0, 0, 0, 0);
    }
    if watch.stopped() {
        return None;
    }
    Some(Fixed {
        half: half.found,
        quarter: quarter.found,
    })
}

/// The counts of the `total` solutions of the n×n board, of which `fixed` are fixed by the
/// turns: the total, the unique count and the classes, or `None` where they make no whole
/// number of classes, which no true total does (a saved total that was forged, say).
pub fn counts(n: usize, total: u128, fixed: Fixed) -> Option<Counts> {
    if n == 1 {
        // The lone queen is fixed by the reflections too: one class of one board, which the
        // symmetry engine files with the quarter turn's.
        let classes = SymmetryClasses {
            rot90: 1,
            ..SymmetryClasses::default()
        };
        return (total == 1).then_some(Counts {
            total,
            unique: Some(1),
            classes: Some(classes),
        });
    }
    classes(total, fixed).map(Counts::from_classes)
}

/// The symmetry classes of the `total` solutions of a board of n ≥ 2 (see [`counts`]).
fn classes(total: u128, fixed: Fixed) -> Option<SymmetryClasses> {
    let Fixed { half, quarter } = fixed;
    let whole = |x: u128, by: u128| x.is_multiple_of(by).then_some(x / by);
    Some(SymmetryClasses {
        rot90: whole(quarter, 2)?,
        rot180: whole(half.checked_sub(quarter)?, 4)?,
        asymmetric: whole(total.checked_sub(half)?, 8)?,
    })
}

/// The search for solutions fixed by the half turn. A queen at (r, c) brings its image at
/// (n - 1 - r, n - 1 - c), so the rows are filled in pairs from the top and the bottom toward
/// the middle. The masks are absolute (bit c of `cols`, bit r + c of `anti` for the ↗
/// diagonals, bit c - r + n - 1 of `diag` for the ↘ ones), and since every queen comes with its
/// image they stay symmetric: a square is free exactly when its image is, so only the pair
/// itself can clash, when the queen stands on the image's diagonal (c = r) or anti-diagonal
/// (r + c = n - 1). For odd n the middle row's queen is its own image: the middle square.
struct HalfTurn<'w, 'a> {
    n: usize,
    all: u64,
    watch: &'w Watch<'a>,
    found: u128,
}

impl<'w, 'a> HalfTurn<'w, 'a> {
    fn new(n: usize, watch: &'w Watch<'a>) -> Self {
        HalfTurn {
            n,
            all: u64::MAX >> (64 - n),
            watch,
            found: 0,
        }
    }

    fn place(&mut self, r: usize, cols: u64, anti: u64, diag: u64) {
        let n = self.n;
        let pairs = n / 2;
        if r == pairs {
            let m = pairs;
            let middle_free =
                cols >> m & 1 == 0 && anti >> (2 * m) & 1 == 0 && diag >> (n - 1) & 1 == 0;
            if n.is_multiple_of(2) || middle_free {
                self.found += 1;
            }
            return;
        }
        if (pairs - r) as u32 * 2 >= POLL_ROWS && self.watch.poll() {
            return;
        }
        let blocked = cols | anti >> r | diag >> (n - 1 - r) | 1 << r | 1 << (n - 1 - r);
        let mut free = !blocked & self.all;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let (ir, ic) = (n - 1 - r, n - 1 - c);
            self.place(
                r + 1,
                cols | 1 << c | 1 << ic,
                anti | 1 << (r + c) | 1 << (ir + ic),
                diag | 1 << (c + n - 1 - r) | 1 << (ic + n - 1 - ir),
            );
        }
    }
}

/// The search for solutions fixed by the quarter turn, which takes (r, c) to (c, n - 1 - r):
/// each queen brings three images, in rows c, n - 1 - r and n - 1 - c, so the search fills the
/// first row left empty with a queen and its images at once. The images are checked one by one
/// against the masks and against each other, since a queen and an image may clash. Only boards
/// with n % 4 of 0 or 1 have such solutions (the orbits of four fill the rows, and for odd n
/// the middle square its own orbit).
struct QuarterTurn<'w, 'a> {
    n: usize,
    watch: &'w Watch<'a>,
    found: u128,
}

impl<'w, 'a> QuarterTurn<'w, 'a> {
    fn new(n: usize, watch: &'w Watch<'a>) -> Self {
        QuarterTurn { n, watch, found: 0 }
    }

    fn place(&mut self, placed: usize, rows: u64, cols: u64, anti: u64, diag: u64) {
        let n = self.n;
        let Some(r) = (0..n).find(|&r| rows >> r & 1 == 0) else {
            self.found += 1;
            return;
        };
        if (n - placed) as u32 >= POLL_ROWS && self.watch.poll() {
            return;
        }
        for c in 0..n {
            let orbit = [
                (r, c),
                (c, n - 1 - r),
                (n - 1 - r, n - 1 - c),
                (n - 1 - c, r),
            ];
            // The middle square of an odd board is its own orbit.
            let size = if orbit[1] == orbit[0] { 1 } else { 4 };
            let (mut rs, mut cs, mut an, mut di) = (rows, cols, anti, diag);
            let fits = orbit[..size].iter().all(|&(qr, qc)| {
                let (a, d) = (qr + qc, qc + n - 1 - qr);
                let free = rs >> qr & 1 == 0 && cs >> qc & 1 == 0 && an >> a & 1 == 0;
                let free = free && di >> d & 1 == 0;
                (rs, cs, an, di) = (rs | 1 << qr, cs | 1 << qc, an | 1 << a, di | 1 << d);
                free
            });
            if fits {
                self.place(placed + size, rs, cs, an, di);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known;
    use crate::progress::NoProgress;

    fn watch() -> Watch<'static> {
        Watch::new(None, &NoProgress, None)
    }

    #[test]
    fn the_turns_give_the_published_unique_counts_and_the_symmetry_engines_classes() {
        for n in 1..=14 {
            let total = known::total(n).unwrap();
            let counts = counts(n, total, fixed(n, &watch()).unwrap()).unwrap();
            assert_eq!(counts.unique, known::unique(n), "n = {n}");
            assert_eq!(counts.total, total, "n = {n}");
            let symmetry = crate::engine::constellation::count(n).unwrap();
            assert_eq!(counts, symmetry, "n = {n}");
        }
    }

    #[test]
    fn the_fixed_solutions_are_those_of_a_plain_search() {
        // Every solution of the bit-mask walk, turned and compared with itself.
        for n in 1..=10 {
            let (mut half, mut quarter) = (0u128, 0u128);
            for p in crate::reference::bitmask::solutions(n).unwrap() {
                let cols = p.columns();
                let turned = |rc: fn(usize, usize, usize) -> (usize, usize)| {
                    (0..n).all(|r| {
                        let (tr, tc) = rc(n, r, cols[r] as usize);
                        cols[tr] as usize == tc
                    })
                };
                half += u128::from(turned(|n, r, c| (n - 1 - r, n - 1 - c)));
                quarter += u128::from(turned(|n, r, c| (c, n - 1 - r)));
            }
            assert_eq!(fixed(n, &watch()), Some(Fixed { half, quarter }), "n = {n}");
        }
    }

    #[test]
    fn a_total_that_makes_no_whole_classes_is_refused() {
        let f = Fixed {
            half: 4,
            quarter: 0,
        };
        assert!(classes(92, f).is_some());
        assert_eq!(classes(93, f), None);
        assert_eq!(classes(2, f), None);
    }

    #[test]
    fn a_stop_is_heeded() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let w = Watch::new(Some(&stop), &NoProgress, None);
        assert_eq!(fixed(24, &w), None);
    }
}
