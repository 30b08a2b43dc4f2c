//! The last four free rows of a symmetry search, counted with three table look-ups and no
//! branch.
//!
//! Most of a search's nodes lie in its last few rows, and most of its time goes into the
//! branches that end their short, unpredictable loops (a node there has zero, one or two
//! children, seldom more). Four rows before the end, though, the problem left is tiny: four
//! columns remain, so a completion is one of the 24 ways to deal them out to the four rows. A
//! way works when
//!
//! 1. each row's cell is free of the queens above (a *membership* test per row), and
//! 2. the four new queens do not attack each other along a diagonal, which depends only on how
//!    far apart the four columns lie and how far apart the four rows do.
//!
//! So each test is a 24-bit mask of the ways that pass it, and the count is the population of
//! the AND of the masks. The membership masks come from two tables of 256 entries indexed by
//! the free cells of two rows, packed to four bits each (the bits of the four columns left, taken
//! with `pext`); the diagonal mask comes from a table indexed by the three gaps between the
//! columns. The row gaps are fixed for a search, so that table is chosen once per search among
//! the 27 gap patterns that can occur (two free rows are at most three apart: only two border
//! queens stand between the top and bottom rows).

use std::sync::OnceLock;

/// The 24 ways to deal four columns (numbered left to right) out to four rows (top to bottom):
/// `WAYS[k][row]` is the column of that row in way `k`.
const WAYS: [[usize; 4]; 24] = {
    let mut out = [[0; 4]; 24];
    let mut k = 0;
    let mut code = 0;
    // Every 4-digit base-4 number whose digits differ, in increasing order.
    while code < 256 {
        let d = [code >> 6, (code >> 4) & 3, (code >> 2) & 3, code & 3];
        if d[0] != d[1]
            && d[0] != d[2]
            && d[0] != d[3]
            && d[1] != d[2]
            && d[1] != d[3]
            && d[2] != d[3]
        {
            out[k] = d;
            k += 1;
        }
        code += 1;
    }
    out
};

/// A column gap at or beyond this many columns never matches a row gap (at most 3 + 3 + 3),
/// so gaps are clamped to it and the diagonal table stays small.
const FAR: u32 = 15;

/// The membership tables: `upper[m0 | m1 << 4]` holds the ways whose columns for the first two
/// rows lie in the 4-bit sets `m0` and `m1`; `lower` the same for the last two rows.
struct Membership {
    upper: [u32; 256],
    lower: [u32; 256],
}

fn membership() -> &'static Membership {
    static TABLES: OnceLock<Membership> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Membership {
            upper: [0; 256],
            lower: [0; 256],
        };
        for i in 0..256 {
            for (k, way) in WAYS.iter().enumerate() {
                if (i >> way[0]) & 1 == 1 && (i >> (4 + way[1])) & 1 == 1 {
                    t.upper[i] |= 1 << k;
                }
                if (i >> way[2]) & 1 == 1 && (i >> (4 + way[3])) & 1 == 1 {
                    t.lower[i] |= 1 << k;
                }
            }
        }
        t
    })
}

/// The diagonal table for one pattern of row gaps: entry `a << 8 | b << 4 | c` holds the ways
/// in which no two queens share a diagonal, when the columns left lie `a`, `b` and `c` apart
/// (each clamped to [`FAR`]).
fn apart(gaps: [u32; 3]) -> &'static [u32; 4096] {
    static TABLES: [OnceLock<Box<[u32; 4096]>>; 27] = [const { OnceLock::new() }; 27];
    let pattern = ((gaps[0] - 1) * 9 + (gaps[1] - 1) * 3 + (gaps[2] - 1)) as usize;
    TABLES[pattern].get_or_init(|| {
        let row = [0, gaps[0], gaps[0] + gaps[1], gaps[0] + gaps[1] + gaps[2]];
        let mut t = Box::new([0u32; 4096]);
        for (index, entry) in t.iter_mut().enumerate() {
            let (a, b, c) = (
                (index >> 8) as u32,
                (index >> 4) as u32 & 15,
                index as u32 & 15,
            );
            if a == 0 || b == 0 || c == 0 {
                continue; // no four distinct columns give these gaps
            }
            let col = [0, a, a + b, a + b + c];
            for (k, way) in WAYS.iter().enumerate() {
                let attack = (0..4).any(|i| {
                    (i + 1..4).any(|j| col[way[i]].abs_diff(col[way[j]]) == row[j] - row[i])
                });
                if !attack {
                    *entry |= 1 << k;
                }
            }
        }
        t
    })
}

/// The last four free rows of one search: what they offer and how far apart they lie.
pub(super) struct LastFour {
    /// The cells of each row that no border queen attacks, top to bottom.
    avail: [u64; 4],
    /// How many rows below the first of them the other three lie.
    down: [u32; 3],
    /// Every column of the board.
    full: u64,
    membership: &'static Membership,
    apart: &'static [u32; 4096],
}

impl LastFour {
    /// The last four rows, given the cells they offer and the gaps between them; `None` when a
    /// gap is not 1, 2 or 3 (which no constellation produces).
    pub(super) fn new(n: usize, avail: [u64; 4], gaps: [u32; 3]) -> Option<LastFour> {
        if gaps.iter().any(|g| !(1..=3).contains(g)) {
            return None;
        }
        Some(LastFour {
            avail,
            down: [gaps[0], gaps[0] + gaps[1], gaps[0] + gaps[1] + gaps[2]],
            full: crate::reference::bitmask::full_mask(n),
            membership: membership(),
            apart: apart(gaps),
        })
    }

    /// The completions of the four rows, given every column in use (`cols`) and the diagonal
    /// masks as they stand at the first of the four rows.
    ///
    /// # Safety
    /// The processor must support BMI1, BMI2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt")]
    #[inline]
    pub(super) unsafe fn count(&self, cols: u64, left: u64, right: u64) -> u64 {
        use std::arch::x86_64::_pext_u64 as pext;
        let left4 = self.full & !cols;
        let [d1, d2, d3] = self.down;
        let free0 = self.avail[0] & !(left | right);
        let free1 = self.avail[1] & !(left << d1 | right >> d1);
        let free2 = self.avail[2] & !(left << d2 | right >> d2);
        let free3 = self.avail[3] & !(left << d3 | right >> d3);
        // Columns in use need no masking: `pext` reads only the four columns left. (The block
        // is for compilers before 1.87, which did not yet let a function built for BMI2 call
        // the intrinsic without one.)
        #[allow(unused_unsafe)]
        let (upper, lower) = unsafe {
            (
                pext(free0, left4) | pext(free1, left4) << 4,
                pext(free2, left4) | pext(free3, left4) << 4,
            )
        };
        let c0 = left4.trailing_zeros();
        let rest = left4 & (left4 - 1);
        let c1 = rest.trailing_zeros();
        let c2 = (rest & (rest - 1)).trailing_zeros();
        let c3 = 63 - left4.leading_zeros();
        let gaps = (c1 - c0).min(FAR) << 8 | (c2 - c1).min(FAR) << 4 | (c3 - c2).min(FAR);
        let ways = self.membership.upper[upper as usize & 255]
            & self.membership.lower[lower as usize & 255]
            & self.apart[gaps as usize & 4095];
        ways.count_ones() as u64
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use crate::board::bits::Bits;

    /// Completions of four rows the plain way, one row at a time.
    fn plain(rows: &LastFour, cols: u64, left: u64, right: u64) -> u64 {
        fn walk(rows: &LastFour, i: usize, cols: u64, left: u64, right: u64) -> u64 {
            if i == 4 {
                return 1;
            }
            let free = rows.avail[i] & rows.full & !(cols | left | right);
            let gap = if i == 3 {
                0
            } else {
                rows.down[i] - if i == 0 { 0 } else { rows.down[i - 1] }
            };
            let mut ways = 0;
            for bit in Bits(free) {
                ways += walk(
                    rows,
                    i + 1,
                    cols | bit,
                    (left | bit) << gap,
                    (right | bit) >> gap,
                );
            }
            ways
        }
        walk(rows, 0, cols, left, right)
    }

    /// A small deterministic generator (xorshift), so that failures can be replayed.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn ways_are_the_24_permutations() {
        let mut seen = std::collections::BTreeSet::new();
        for way in WAYS {
            let mut sorted = way;
            sorted.sort_unstable();
            assert_eq!(sorted, [0, 1, 2, 3]);
            seen.insert(way);
        }
        assert_eq!(seen.len(), 24);
    }

    #[test]
    fn tables_match_a_plain_walk_on_random_partial_boards() {
        if !crate::machine::cpu::has(crate::machine::cpu::BIT_MANIPULATION) {
            eprintln!("skipped: the processor lacks BMI1, BMI2 or POPCNT");
            return;
        }
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let mut nonzero = 0;
        for trial in 0..200_000 {
            let n = 6 + (next(&mut state) % 27) as usize;
            let full = crate::reference::bitmask::full_mask(n);
            let gaps = [1, 2, 3].map(|_| 1 + (next(&mut state) % 3) as u32);
            // Sparse random diagonals and mostly open rows, so that completions are common.
            let avail = [0; 4].map(|_| full & !(next(&mut state) & next(&mut state)));
            let left = next(&mut state) & next(&mut state) & next(&mut state) & full;
            let right = next(&mut state) & next(&mut state) & next(&mut state) & full;
            // Exactly four columns left, anywhere on the board.
            let mut cols = full;
            while (full & !cols).count_ones() < 4 {
                cols &= !(1 << (next(&mut state) % n as u64));
            }
            let rows = LastFour::new(n, avail, gaps).unwrap();
            // SAFETY: the features were checked above.
            let fast = unsafe { rows.count(cols, left, right) };
            let want = plain(&rows, cols, left, right);
            assert_eq!(fast, want, "trial {trial}: n = {n}, gaps {gaps:?}");
            nonzero += (want > 0) as u32;
        }
        assert!(nonzero > 1000, "too few boards with completions: {nonzero}");
    }

    #[test]
    fn gaps_outside_one_to_three_are_refused() {
        assert!(LastFour::new(10, [0; 4], [1, 4, 1]).is_none());
        assert!(LastFour::new(10, [0; 4], [0, 1, 1]).is_none());
        assert!(LastFour::new(10, [0; 4], [3, 3, 3]).is_some());
    }
}
