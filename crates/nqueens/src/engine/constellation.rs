//! The symmetry engine: counts every solution and every class of solutions while visiting only
//! about one board in eight, by splitting the search into canonical "constellations".
//!
//! Every solution has exactly one queen on each border line of the board: in the top row, the
//! bottom row, the left column and the right column (a corner queen stands on two of them). Those
//! three or four queens are the solution's *constellation*, and a symmetry of the board maps the
//! constellation of a solution onto the constellation of its image. So:
//!
//! - only constellations that are the smallest of their eight images (canonical) need a search;
//!   the completions of the other seven images are the images of these completions;
//! - a canonical constellation whose eight images are distinct stands for 8 times its completions;
//!   one fixed by a half turn for 4 times, one fixed by a quarter turn for 2 times (no valid
//!   constellation is its own mirror image: a mirror would put two of its queens on one line).
//!
//! Solutions themselves can only be fixed by rotations, and only when their constellation is. So
//! the completions of the constellations with trivial symmetry are all asymmetric classes, and
//! only the rare symmetric constellations need more: a second, small search that counts their
//! completions fixed by a half or quarter turn (`symmetric_completions`). Every
//! canonical constellation is one subproblem of the [`Plan`]: thousands of them for n ≈ 17, in
//! a fixed order, so that threads, progress, shards and checkpoints can all share them.
//!
//! The inner search fills the rows that no border queen occupies, top to bottom, with one mask of
//! free cells per row computed up front from the border queens (their columns and both
//! diagonals). Rows already taken are jumped over by shifting the diagonal masks by the row gap,
//! so the hot loop has no special cases. Where the processor has a fast `pext`, the last four
//! free rows are not walked but counted from tables (module `four_rows`), which saves a large part
//! of the time; elsewhere they are walked in place, the last two without a loop.

#[cfg(target_arch = "x86_64")]
mod four_rows;

use crate::board::bits::{Bits, lowest};
use crate::board::symmetry::Symmetry;
use crate::counts::{Counts, SymmetryClasses};
#[cfg(target_arch = "x86_64")]
use crate::engine::cpu;
use crate::error::{Error, check_n};
use crate::method::Method;
use crate::reference::bitmask::full_mask;
use crate::split::plan::{Plan, PlanId, fnv1a};
use crate::split::watch::{POLL_ROWS, Watch};
#[cfg(target_arch = "x86_64")]
use four_rows::LastFour;
use std::sync::OnceLock;

/// Queens placed in advance on the four border lines: the top row's queen, the bottom row's,
/// the left column's and the right column's, as (row, column), a corner queen listed once.
///
/// ```
/// use nqueens::internals::constellation::constellations;
///
/// // n = 8: every canonical constellation is a valid partial board of 3 or 4 queens.
/// let all = constellations(8);
/// assert!(!all.is_empty());
/// assert!(all.iter().all(|c| (3..=4).contains(&c.queens().len())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constellation {
    queens: Vec<(u32, u32)>,
    fixed_by: u32,
}

impl Constellation {
    /// The border queens, as (row, column), sorted.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// How many of the eight symmetries map the constellation onto itself (1, 2 or 4).
    pub fn fixed_by(&self) -> u32 {
        self.fixed_by
    }

    /// How many distinct constellations its symmetry class holds: what each completion weighs.
    pub fn weight(&self) -> u32 {
        8 / self.fixed_by
    }
}

/// Every canonical constellation of an `n`×`n` board (n ≥ 2), in a fixed order: by the column of
/// the top queen, then the bottom queen, then the rows of the left and right queens.
///
/// ```
/// use nqueens::internals::constellation::constellations;
///
/// assert!(constellations(3).is_empty());
/// // n = 4: the two solutions are mirror images of each other.
/// assert!(!constellations(4).is_empty());
/// ```
pub fn constellations(n: usize) -> Vec<Constellation> {
    constellations_watched(n, &Watch::none()).expect("a watch that never stops")
}

/// [`constellations`], looking at `watch` between pieces of the walk (at n = 64 the walk
/// takes seconds); `None` when it asked to stop.
fn constellations_watched(n: usize, watch: &Watch) -> Option<Vec<Constellation>> {
    let mut out = Vec::new();
    if n < 2 {
        return Some(out);
    }
    let last = n - 1;
    for top in 0..n {
        for bottom in 0..n {
            // n² pieces of n² cells each: under a millisecond apiece even at n = 64.
            if watch.check() {
                return None;
            }
            for left in 0..n {
                for right in 0..n {
                    let mut q = vec![(0, top), (last, bottom), (left, 0), (right, last)];
                    q.sort_unstable();
                    q.dedup();
                    if !consistent(n, &q, [top, bottom, left, right]) {
                        continue;
                    }
                    if let Some(fixed_by) = canonical_fixed_by(n, &q) {
                        out.push(Constellation {
                            queens: q.iter().map(|&(r, c)| (r as u32, c as u32)).collect(),
                            fixed_by,
                        });
                    }
                }
            }
        }
    }
    Some(out)
}

/// True when the cells are one queen per border line exactly as given, none attacking another.
fn consistent(n: usize, q: &[(usize, usize)], [top, bottom, left, right]: [usize; 4]) -> bool {
    let last = n - 1;
    for &(r, c) in q {
        // A cell on a border line must be that line's queen (a corner sits on two lines).
        if (r == 0 && c != top)
            || (r == last && c != bottom)
            || (c == 0 && r != left)
            || (c == last && r != right)
        {
            return false;
        }
    }
    for (i, &(r1, c1)) in q.iter().enumerate() {
        for &(r2, c2) in &q[i + 1..] {
            if r1 == r2 || c1 == c2 || r1 + c2 == r2 + c1 || r1 + c1 == r2 + c2 {
                return false;
            }
        }
    }
    true
}

/// `Some(number of symmetries fixing the cells)` when the sorted cells are the smallest of their
/// images, `None` otherwise.
fn canonical_fixed_by(n: usize, q: &[(usize, usize)]) -> Option<u32> {
    let mut fixed_by = 1;
    for s in &Symmetry::ALL[1..] {
        let mut image: Vec<(usize, usize)> = q.iter().map(|&(r, c)| s.cell(n, r, c)).collect();
        image.sort_unstable();
        match image.as_slice().cmp(q) {
            std::cmp::Ordering::Less => return None,
            std::cmp::Ordering::Equal => fixed_by += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    Some(fixed_by)
}

/// The rows left to fill once the border queens stand, with what each row offers: what a
/// search of one constellation walks, on the CPU here or on a GPU (`engine::gpu`).
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// For each free row, the cells that no border queen attacks.
    pub avail: Vec<u64>,
    /// For each free row but the last, how many rows down the next free row lies.
    pub gap: Vec<u32>,
    /// The columns of the border queens.
    pub border_cols: u64,
}

fn layout(n: usize, queens: &[(u32, u32)]) -> Layout {
    let taken: Vec<usize> = queens.iter().map(|&(r, _)| r as usize).collect();
    let rows: Vec<usize> = (0..n).filter(|r| !taken.contains(r)).collect();
    let avail = rows
        .iter()
        .map(|&r| {
            let mut blocked = 0u64;
            for &(qr, qc) in queens {
                let (qr, qc) = (qr as i64, qc as i64);
                let down = r as i64 - qr;
                for c in [qc, qc + down, qc - down] {
                    if (0..n as i64).contains(&c) {
                        blocked |= 1u64 << c;
                    }
                }
            }
            full_mask(n) & !blocked
        })
        .collect();
    let gap = rows.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
    let border_cols = queens.iter().fold(0, |cols, &(_, c)| cols | 1u64 << c);
    Layout {
        avail,
        gap,
        border_cols,
    }
}

/// Of the eight images of a constellation, the one whose search looks smallest, with its layout.
///
/// Every image has the same number of completions (they are the images of each other's), so
/// any of them may be searched, but their trees differ a lot in size: a search is cheap when its
/// first rows offer few cells. The estimate is the exact number of ways to fill the first three
/// free rows times the free cells of each further row down to the middle of the board. On small
/// boards, where every tree can be measured, the image it picks has a tree close to the smallest
/// (closer than a product of free cells alone gets) and far smaller than a fixed choice's; it
/// costs a few thousand steps per constellation, nothing beside the search.
fn cheapest_image(n: usize, queens: &[(u32, u32)]) -> (Vec<(u32, u32)>, Layout) {
    let (_, image, lay) = cheapest_image_scored(n, queens);
    (image, lay)
}

/// [`cheapest_image`], with its estimate of the search's size.
fn cheapest_image_scored(n: usize, queens: &[(u32, u32)]) -> (f64, Vec<(u32, u32)>, Layout) {
    type Scored = (f64, Vec<(u32, u32)>, Layout);
    let mut best: Option<Scored> = None;
    for s in Symmetry::ALL {
        let mut image: Vec<(u32, u32)> = queens
            .iter()
            .map(|&(r, c)| {
                let (r, c) = s.cell(n, r as usize, c as usize);
                (r as u32, c as u32)
            })
            .collect();
        image.sort_unstable();
        let lay = layout(n, &image);
        // A float, as the product overflows any integer type on large boards; the arithmetic is
        // the same on every run, so the pick is too.
        let score = first_rows(&lay.avail, &lay.gap, 3) as f64
            * lay
                .avail
                .iter()
                .take(n / 2)
                .skip(3)
                .map(|a| a.count_ones() as f64)
                .product::<f64>();
        if best.as_ref().is_none_or(|(b, _, _)| score < *b) {
            best = Some((score, image, lay));
        }
    }
    best.expect("eight images")
}

/// The number of ways to fill the first `depth` free rows (fewer where the search has fewer).
fn first_rows(avail: &[u64], gap: &[u32], depth: usize) -> u64 {
    fn walk(avail: &[u64], gap: &[u32], d: usize, left: usize, masks: (u64, u64, u64)) -> u64 {
        let (cols, l, r) = masks;
        let free = avail[d] & !(cols | l | r);
        if left == 1 || d + 1 == avail.len() {
            return free.count_ones() as u64;
        }
        let mut ways = 0;
        for bit in Bits(free) {
            let g = gap[d];
            let next = (cols | bit, (l | bit) << g, (r | bit) >> g);
            ways += walk(avail, gap, d + 1, left - 1, next);
        }
        ways
    }
    if avail.is_empty() || depth == 0 {
        return 1;
    }
    walk(avail, gap, 0, depth, (0, 0, 0))
}

/// The three builds of the inner search; the fastest the processor runs is picked at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum Kernel {
    /// Portable code.
    Plain,
    /// The same code built with BMI1/BMI2 (shifts by a register, lowest-bit isolation).
    Bmi,
    /// BMI2 again, with the last four free rows taken from tables ([`four_rows`]).
    Tables,
}

impl Kernel {
    /// The kernels this processor can run, slowest first.
    fn available() -> Vec<Kernel> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut out = vec![Kernel::Plain];
        #[cfg(target_arch = "x86_64")]
        if cpu::has(cpu::BIT_MANIPULATION) {
            out.push(Kernel::Bmi);
            // The tables lean on `pext`, which some processors have but run slowly.
            if cpu::pext_is_fast() {
                out.push(Kernel::Tables);
            }
        }
        out
    }

    /// The fastest kernel available, found once.
    fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| *Kernel::available().last().expect("the portable kernel"))
    }
}

/// The hot loop: counts the ways to fill the free rows of an `n`×`n` board, given the cells each
/// offers and the columns the border queens hold. The search polls `watch` high in its tree; the
/// count is cut short (and worthless) when the watch said stop.
fn count_layout(n: usize, avail: &[u64], gap: &[u32], border_cols: u64, watch: &Watch) -> u64 {
    count_layout_with(Kernel::best(), n, avail, gap, border_cols, watch)
}

/// [`count_layout`] with a given kernel, which the processor must support.
fn count_layout_with(
    kernel: Kernel,
    n: usize,
    avail: &[u64],
    gap: &[u32],
    border_cols: u64,
    watch: &Watch,
) -> u64 {
    let m = avail.len();
    match m {
        0 => return 1,
        1 => return avail[0].count_ones() as u64,
        2 => {
            let mut count = 0;
            let free = avail[0];
            for bit in Bits(free) {
                let attacked = bit | bit << gap[0] | bit >> gap[0];
                count += (avail[1] & !attacked).count_ones() as u64;
            }
            return count;
        }
        _ => {}
    }
    let mut rows = Rows {
        avail: [0; 64],
        gap: [0; 64],
        last: m - 1,
        full: full_mask(n),
        watch,
    };
    rows.avail[..m].copy_from_slice(avail);
    rows.gap[..m - 1].copy_from_slice(gap);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = kernel;
    #[cfg(target_arch = "x86_64")]
    match kernel {
        Kernel::Plain => {}
        Kernel::Tables if m >= 6 => {
            let tail = [avail[m - 4], avail[m - 3], avail[m - 2], avail[m - 1]];
            if let Some(four) = LastFour::new(n, tail, [gap[m - 4], gap[m - 3], gap[m - 2]]) {
                // SAFETY: the caller checked that the processor supports the features.
                return unsafe { fill_tables(&rows, &four, 0, rows.avail[0], border_cols, 0, 0) };
            }
            // SAFETY: as above.
            return unsafe { fill_bmi(&rows, 0, rows.avail[0], border_cols, 0, 0) };
        }
        Kernel::Bmi | Kernel::Tables => {
            // SAFETY: the caller checked that the processor supports the features.
            return unsafe { fill_bmi(&rows, 0, rows.avail[0], border_cols, 0, 0) };
        }
    }
    // The search starts with the border queens' columns taken, so that its column mask always
    // holds every column in use: `last_two` reads the two columns left from it.
    fill(&rows, 0, rows.avail[0], border_cols, 0, 0)
}

/// The free rows of one search (three or more), in fixed 64-entry tables indexed with `& 63`:
/// the index can never leave them, so the compiler drops the bounds checks (m ≤ 64 always holds).
struct Rows<'w> {
    /// For each free row, the cells that no border queen attacks.
    avail: [u64; 64],
    /// For each free row but the last, how many rows down the next free row lies.
    gap: [u32; 64],
    /// The index of the last free row.
    last: usize,
    /// Every column of the board.
    full: u64,
    /// Polled by nodes with [`POLL_ROWS`] or more rows left.
    watch: &'w Watch<'w>,
}

impl Rows<'_> {
    /// True when the search should stop at node `d`: only nodes high in the tree ask.
    #[inline(always)]
    fn stop_at(&self, d: usize) -> bool {
        self.last - d >= POLL_ROWS as usize && self.watch.poll()
    }
}

/// Walks one row in place: for each free cell of `$free`, lowest first (`x & -x` isolates the
/// lowest set bit), runs `$body` with the masks `($c2, $l2, $r2)` after a queen there. The
/// diagonal masks move `$g` places, the number of rows down to the next row to fill, so rows
/// that border queens already hold are jumped over. A macro rather than a function so that the
/// nested walks of the deepest rows compile to plain nested loops, with no call between them.
macro_rules! each_queen {
    ($free:expr, $g:expr, ($c:expr, $l:expr, $r:expr) => ($c2:ident, $l2:ident, $r2:ident) $body:block) => {{
        let g: u32 = $g;
        for bit in Bits($free) {
            let ($c2, $l2, $r2) = ($c | bit, ($l | bit) << g, ($r | bit) >> g);
            $body
        }
    }};
}

/// Defines a recursive search over [`Rows`]: `$name(rows, d, free, cols, left, right)` counts
/// the ways to fill free rows `d..` when row `d` offers the cells `free`.
///
/// The depth tests are made once per node, outside its loop over cells, so each loop is a tight
/// one of a single kind. The last four levels are never entered as calls: a node up to four rows
/// above the end walks its descendants in place down to the last two rows, which [`last_two`]
/// counts without a loop; most nodes of the tree lie there, so this saves most calls. Any other
/// node recurses, entering only children that have a free cell. The body is a macro so that the
/// same code can be built twice: plainly, and with the bit-manipulation instructions that
/// shift by a register and isolate the lowest bit in one step (most x86-64 processors since
/// 2013 have them, but a portable build may not assume them); the second build is picked at run
/// time where the processor has them.
macro_rules! fill_fn {
    ($(#[$attr:meta])* fn $name:ident) => {
        $(#[$attr])*
        fn $name(
            t: &Rows,
            d: usize,
            free: u64,
            cols: u64,
            left: u64,
            right: u64,
        ) -> u64 {
            let g = t.gap[d & 63];
            let below = t.avail[(d + 1) & 63];
            let mut count = 0;
            if d + 2 == t.last {
                count = two_below(t, d, free, cols, left, right);
            } else if d + 3 == t.last {
                each_queen!(free, g, (cols, left, right) => (c, l, r) {
                    count += two_below(t, d + 1, below & !(c | l | r), c, l, r);
                });
            } else if d + 4 == t.last {
                let g2 = t.gap[(d + 1) & 63];
                let below2 = t.avail[(d + 2) & 63];
                each_queen!(free, g, (cols, left, right) => (c, l, r) {
                    each_queen!(below & !(c | l | r), g2, (c, l, r) => (c2, l2, r2) {
                        count += two_below(t, d + 2, below2 & !(c2 | l2 | r2), c2, l2, r2);
                    });
                });
            } else {
                if t.stop_at(d) {
                    return 0;
                }
                each_queen!(free, g, (cols, left, right) => (c, l, r) {
                    let next = below & !(c | l | r);
                    if next != 0 {
                        count += $name(t, d + 1, next, c, l, r);
                    }
                });
            }
            count
        }
    };
}

/// Counts the completions of the last three free rows: `free` holds the cells of the first
/// of them (row `d`), the masks those above it.
#[inline(always)]
fn two_below(t: &Rows, d: usize, free: u64, cols: u64, left: u64, right: u64) -> u64 {
    let (g, below) = (t.gap[d & 63], t.avail[(d + 1) & 63]);
    let (g2, end) = (t.gap[(d + 1) & 63], t.avail[t.last & 63]);
    let mut count = 0;
    each_queen!(free, g, (cols, left, right) => (c, l, r) {
        count += last_two(below & !(c | l | r), c, l, r, g2, end, t.full);
    });
    count
}

/// The search of [`fill_fn`] with its last four free rows counted from tables ([`LastFour`])
/// rather than walked, so the loops of the deepest levels, whose exits the predictor misses
/// most, are gone.
///
/// A node seven rows above the end walks the next four rows in place and hands the four below
/// to the tables; any other node recurses. (A search with only six or seven free rows starts
/// closer to the end: its first node walks two or three rows in place.) Every row walked in
/// place rather than by a call saves time, which is why four are.
/// Needs `d + 5 <= t.last`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2,popcnt")]
fn fill_tables(
    t: &Rows,
    four: &LastFour,
    d: usize,
    free: u64,
    cols: u64,
    left: u64,
    right: u64,
) -> u64 {
    let g = t.gap[d & 63];
    let below = t.avail[(d + 1) & 63];
    let mut count = 0;
    // SAFETY (each `four.count` below): built for the same features as this function.
    if d + 5 == t.last {
        let g2 = t.gap[(d + 1) & 63];
        each_queen!(free, g, (cols, left, right) => (c, l, r) {
            each_queen!(below & !(c | l | r), g2, (c, l, r) => (c2, l2, r2) {
                count += unsafe { four.count(c2, l2, r2) };
            });
        });
    } else if d + 7 == t.last {
        let (g2, below2) = (t.gap[(d + 1) & 63], t.avail[(d + 2) & 63]);
        let (g3, below3) = (t.gap[(d + 2) & 63], t.avail[(d + 3) & 63]);
        let g4 = t.gap[(d + 3) & 63];
        each_queen!(free, g, (cols, left, right) => (c, l, r) {
            each_queen!(below & !(c | l | r), g2, (c, l, r) => (c2, l2, r2) {
                each_queen!(below2 & !(c2 | l2 | r2), g3, (c2, l2, r2) => (c3, l3, r3) {
                    each_queen!(below3 & !(c3 | l3 | r3), g4, (c3, l3, r3) => (c4, l4, r4) {
                        count += unsafe { four.count(c4, l4, r4) };
                    });
                });
            });
        });
    } else if d + 6 == t.last {
        let (g2, below2) = (t.gap[(d + 1) & 63], t.avail[(d + 2) & 63]);
        let g3 = t.gap[(d + 2) & 63];
        each_queen!(free, g, (cols, left, right) => (c, l, r) {
            each_queen!(below & !(c | l | r), g2, (c, l, r) => (c2, l2, r2) {
                each_queen!(below2 & !(c2 | l2 | r2), g3, (c2, l2, r2) => (c3, l3, r3) {
                    count += unsafe { four.count(c3, l3, r3) };
                });
            });
        });
    } else {
        if t.stop_at(d) {
            return 0;
        }
        each_queen!(free, g, (cols, left, right) => (c, l, r) {
            let next = below & !(c | l | r);
            if next != 0 {
                count += fill_tables(t, four, d + 1, next, c, l, r);
            }
        });
    }
    count
}

fill_fn!(fn fill);
fill_fn!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt")]
    fn fill_bmi
);

/// The completions of the last two free rows, given the cells `next` that the second-to-last
/// row allows and the masks above it (`cols` holds every column in use, border queens' too).
///
/// Two columns are left, `u` left of `v`. A completion puts one of them in each row: `u` then
/// `v`, when `next` holds `u` and the last row (`end`, `g` rows below) still offers `v` once the
/// queens above are counted, or the other way round. Either way the two new queens attack each
/// other exactly when the columns lie `g` apart. No loop and no branch: the predictor has
/// nothing to miss, and the last row's cells are worked out once for both orders.
#[inline(always)]
fn last_two(next: u64, cols: u64, left: u64, right: u64, g: u32, end: u64, full: u64) -> u64 {
    let both = full & !cols;
    let u = lowest(both);
    let v = both ^ u;
    let last_free = end & !(cols | left << g | right >> g);
    let apart = (u << g) & v == 0;
    let u_then_v = ((next & u) != 0) & ((last_free & v) != 0);
    let v_then_u = ((next & v) != 0) & ((last_free & u) != 0);
    apart as u64 * (u_then_v as u64 + v_then_u as u64)
}

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
            match crate::board::symmetry::class_size(board) {
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

/// Counts the completions of one constellation, by class; `None` when the watch stopped the
/// search.
fn count_constellation(n: usize, c: &Constellation, watch: &Watch) -> Option<SymmetryClasses> {
    let (_, lay) = cheapest_image(n, &c.queens);
    let all = count_layout(n, &lay.avail, &lay.gap, lay.border_cols, watch) as u128;
    classes_of(n, c, all, watch)
}

/// The classes of a constellation's completions, given `all`, the number of them: for the
/// constellations that no symmetry fixes, every completion is an asymmetric class's; the others
/// add the small searches for their symmetric completions. `None` when the watch stopped a
/// search (this one, or the one that found `all`).
///
/// A class of solutions whose boards are fixed by `k` symmetries meets the constellation
/// `k / fixed_by` times among its completions, hence the divisions.
fn classes_of(n: usize, c: &Constellation, all: u128, watch: &Watch) -> Option<SymmetryClasses> {
    if c.fixed_by == 1 {
        return (!watch.stopped()).then_some(SymmetryClasses {
            asymmetric: all,
            ..SymmetryClasses::default()
        });
    }
    // The completions fixed by a quarter turn have 2 boards in their class, those fixed by the
    // half turn only 4, the others 8. A constellation fixed by the half turn only has no
    // completion fixed by a quarter turn: that completion's constellation would be fixed too.
    let half = symmetric_completions(n, &c.queens, false, watch) as u128;
    let quarter = if c.fixed_by == 4 {
        symmetric_completions(n, &c.queens, true, watch) as u128
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

/// The symmetry engine's split: one subproblem per canonical constellation, in the order of
/// [`constellations`].
///
/// ```
/// use nqueens::Plan;
/// use nqueens::internals::constellation::SymmetryPlan;
///
/// let plan = SymmetryPlan::new(8).unwrap();
/// let sum = (0..plan.len()).map(|i| plan.count_one(i)).fold(plan.zero(), |a, b| a + b);
/// assert_eq!(sum.total, 92);
/// assert_eq!(sum.unique, Some(12));
/// ```
#[derive(Debug)]
pub struct SymmetryPlan {
    n: usize,
    parts: Vec<Constellation>,
}

impl SymmetryPlan {
    /// The split for n (1 ≤ n ≤ 64).
    pub fn new(n: usize) -> Result<SymmetryPlan, Error> {
        SymmetryPlan::watched(n, &Watch::none())
    }

    /// [`SymmetryPlan::new`], heeding `watch` while the constellations are gathered (seconds
    /// at n = 64): [`Error::Stopped`] when it asked to stop.
    pub fn watched(n: usize, watch: &Watch) -> Result<SymmetryPlan, Error> {
        check_n(n)?;
        Ok(SymmetryPlan {
            n,
            parts: constellations_watched(n, watch).ok_or(Error::Stopped)?,
        })
    }

    /// The constellation behind subproblem `index`.
    pub fn constellation(&self, index: usize) -> &Constellation {
        &self.parts[index]
    }

    /// The rows that the search of subproblem `index` fills (those of the constellation's
    /// cheapest image); `None` for the 1×1 board, which has no border lines to tell apart.
    #[cfg(feature = "gpu")]
    pub(crate) fn layout(&self, index: usize) -> Option<Layout> {
        (self.n > 1).then(|| cheapest_image(self.n, &self.parts[index].queens).1)
    }

    /// [`SymmetryPlan::layout`], with an estimate of the number of nodes its search visits:
    /// the figure its image was picked by, good for comparing searches of the same board.
    #[cfg(feature = "gpu")]
    pub(crate) fn sized_layout(&self, index: usize) -> Option<(Layout, f64)> {
        (self.n > 1).then(|| {
            let (size, _, lay) = cheapest_image_scored(self.n, &self.parts[index].queens);
            (lay, size)
        })
    }

    /// The counts of subproblem `index`, given `all`, the number of ways to fill the rows of
    /// [`SymmetryPlan::layout`] (found by another engine): what [`Plan::count_one`] gives when
    /// it counts them itself.
    #[cfg(feature = "gpu")]
    pub(crate) fn counts_from(&self, index: usize, all: u128) -> Counts {
        if self.n == 1 {
            return one_queen();
        }
        let classes = classes_of(self.n, &self.parts[index], all, &Watch::none());
        Counts::from_classes(classes.expect("a search without a stop flag finishes"))
    }
}

impl Plan for SymmetryPlan {
    fn id(&self) -> PlanId {
        PlanId {
            n: self.n,
            method: Method::Symmetry,
            board: None,
            subproblems: self.len(),
            fingerprint: fnv1a(
                format!("symmetry/n={}/border-constellations/v1", self.n).as_bytes(),
            ),
        }
    }
    fn len(&self) -> usize {
        // The 1×1 board has no border lines to tell apart: one subproblem, counted directly.
        if self.n == 1 { 1 } else { self.parts.len() }
    }
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        if self.n == 1 {
            return Some(one_queen());
        }
        count_constellation(self.n, &self.parts[index], watch).map(Counts::from_classes)
    }
    fn zero(&self) -> Counts {
        Counts::from_classes(SymmetryClasses::default())
    }
    /// Besides what every count holds: the classes a constellation's completions can belong
    /// to. A completion is fixed by every symmetry that fixes the board, so its constellation
    /// is too: only a constellation fixed by the half turn (`fixed_by` 2 or 4) has completions
    /// with 180° symmetry, and only one fixed by a quarter turn (`fixed_by` 4) has completions
    /// with 90° symmetry.
    fn admits(&self, index: usize, counts: &Counts) -> Result<(), String> {
        counts.check(self.n, true)?;
        if self.n == 1 {
            return match *counts == one_queen() {
                true => Ok(()),
                false => Err("n = 1 has one board, one class".to_string()),
            };
        }
        let c = self
            .parts
            .get(index)
            .ok_or_else(|| format!("there is no subproblem {index}"))?;
        let k = counts.classes.unwrap_or_default();
        let (rot90, rot180) = match c.fixed_by {
            1 => (0, 0),
            2 => (0, k.rot180),
            _ => (k.rot90, k.rot180),
        };
        if (rot90, rot180) != (k.rot90, k.rot180) {
            let turn = if k.rot90 != rot90 { "quarter" } else { "half" };
            return Err(format!(
                "its constellation is not fixed by a {turn} turn, so no completion of it is"
            ));
        }
        Ok(())
    }
}

/// n = 1: one board, one class. Its class is fixed by all eight symmetries, which
/// [`SymmetryClasses`] files with the quarter-turn classes; the total is set to the one board.
fn one_queen() -> Counts {
    Counts {
        total: 1,
        unique: Some(1),
        classes: Some(SymmetryClasses {
            rot90: 1,
            ..SymmetryClasses::default()
        }),
    }
}

/// Counts all solutions and all classes for n on the calling thread.
///
/// ```
/// let c = nqueens::internals::constellation::count(10).unwrap();
/// assert_eq!((c.total, c.unique), (724, Some(92)));
/// ```
pub fn count(n: usize) -> Result<Counts, Error> {
    let plan = SymmetryPlan::new(n)?;
    Ok((0..plan.len())
        .map(|i| plan.count_one(i))
        .fold(plan.zero(), |a, b| a + b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subproblem_admits_its_own_count_and_no_class_its_constellation_cannot_hold() {
        for n in [1, 5, 8, 9, 10] {
            let plan = SymmetryPlan::new(n).unwrap();
            for i in 0..plan.len() {
                let counts = plan.count_one(i);
                assert_eq!(plan.admits(i, &counts), Ok(()), "n = {n}, subproblem {i}");
                let mut lie = counts;
                lie.total += 8;
                assert!(plan.admits(i, &lie).is_err(), "n = {n}, subproblem {i}");
                if n == 1 {
                    continue;
                }
                let quarter = Counts::from_classes(SymmetryClasses {
                    rot90: 1,
                    ..SymmetryClasses::default()
                });
                let half = Counts::from_classes(SymmetryClasses {
                    rot180: 1,
                    ..SymmetryClasses::default()
                });
                let fixed_by = plan.constellation(i).fixed_by();
                assert_eq!(plan.admits(i, &quarter).is_ok(), fixed_by == 4, "{n} {i}");
                assert_eq!(plan.admits(i, &half).is_ok(), fixed_by > 1, "{n} {i}");
            }
            assert!(plan.admits(plan.len() + 1, &plan.zero()).is_err() || n == 1);
        }
    }

    #[test]
    fn building_the_split_heeds_a_stop() {
        let stop = std::sync::atomic::AtomicBool::new(true);
        let watch = Watch::new(Some(&stop), &crate::split::watch::NoProgress, None);
        assert!(matches!(
            SymmetryPlan::watched(64, &watch),
            Err(Error::Stopped)
        ));
        // Refused before anything is built: n out of range is said, not a stop.
        assert!(matches!(
            SymmetryPlan::watched(65, &watch),
            Err(Error::OutOfRange { .. })
        ));
        assert_eq!(
            SymmetryPlan::watched(10, &Watch::none()).unwrap().len(),
            SymmetryPlan::new(10).unwrap().len()
        );
    }

    /// The fast search against a plain row-by-row walk of the same layout, for every image of
    /// every constellation of small boards: this covers every gap pattern and every depth at
    /// which the in-place walk and `last_two` take over.
    #[test]
    fn fast_search_matches_a_plain_walk_on_every_image() {
        let kernels = Kernel::available();
        for n in 5..=12 {
            for c in constellations(n) {
                for s in Symmetry::ALL {
                    let mut image: Vec<(u32, u32)> = c
                        .queens()
                        .iter()
                        .map(|&(r, col)| {
                            let (r, col) = s.cell(n, r as usize, col as usize);
                            (r as u32, col as u32)
                        })
                        .collect();
                    image.sort_unstable();
                    let lay = layout(n, &image);
                    let plain = first_rows(&lay.avail, &lay.gap, lay.avail.len());
                    for &k in &kernels {
                        let none = Watch::none();
                        let fast =
                            count_layout_with(k, n, &lay.avail, &lay.gap, lay.border_cols, &none);
                        assert_eq!(fast, plain, "{k:?}, n = {n}, {image:?}");
                    }
                }
            }
        }
    }

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

    #[test]
    fn first_rows_counts_partial_boards() {
        // An empty 4×4 board: 4 ways to fill one row, 6 for two, 4 for three, 2 for four.
        let avail = [0b1111u64; 4];
        let gap = [1u32; 3];
        let ways: Vec<u64> = (1..=4).map(|d| first_rows(&avail, &gap, d)).collect();
        assert_eq!(ways, [4, 6, 4, 2]);
        assert_eq!(first_rows(&avail, &gap, 0), 1);
    }
}
