//! The inner search of one constellation, in three builds (portable, with bit-manipulation
//! instructions, and with the last four rows from tables), the fastest picked at run time. The
//! hot loop lives alone here, so that its macros, `unsafe` calls and target features stay out
//! of the code that decides what to search.

#[cfg(target_arch = "x86_64")]
use super::four_rows::LastFour;
use crate::board::bits::{Bits, lowest};
#[cfg(target_arch = "x86_64")]
use crate::machine::cpu;
use crate::progress::{POLL_ROWS, Watch};
use crate::reference::bitmask::full_mask;
use std::sync::OnceLock;

/// The three builds of the inner search; the fastest the processor runs is picked at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum Kernel {
    /// Portable code.
    Plain,
    /// The same code built with BMI1/BMI2 (shifts by a register, lowest-bit isolation).
    Bmi,
    /// BMI2 again, with the last four free rows taken from tables
    /// ([`four_rows`](super::four_rows)).
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
pub(super) fn count_layout(
    n: usize,
    avail: &[u64],
    gap: &[u32],
    border_cols: u64,
    watch: &Watch,
) -> u64 {
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
#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::constellation::enumerate::constellations;
    use crate::engine::constellation::image::{first_rows, layout};
    use crate::symmetry::Symmetry;

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
}
