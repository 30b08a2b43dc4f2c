//! The pair-counting kernel: how many east keys are disjoint from each west half placement.
//!
//! The east keys are stored *bit-sliced*: for each key bit `b`, one long bit vector whose bit `i`
//! says "east key `i` does not use diagonal `b`". The east keys compatible with a set of west
//! diagonals are then the AND of those diagonals' vectors, 64 keys per word operation (more once
//! the compiler vectorises the loop), and their number is a popcount.
//!
//! The west placements are not stored: they are walked row by row, and the AND of the vectors of
//! the west queens placed so far is carried down the walk, so each AND is shared by every
//! placement below it. A branch stops as soon as the vector is all zero, and the last row counts
//! instead of storing.
//!
//! The east keys come in classes (by how many queens they put on the board's two long
//! diagonals), each with its own weight per pair, a power of two; a class starts on a fresh
//! word, so the weighted count is one pass of popcounts, each shifted by its word's weight.
//!
//! On large boards most pairs clash on a few diagonals near the centre, used by most placements
//! of either half. The east keys of a large split are therefore sorted into buckets by up to six
//! such *cut* bits, and a west placement only visits the word ranges of the buckets that avoid
//! its own cut bits. The cuts are chosen per split: the bits most used by its east keys, weighed
//! by the share of west parts (from the quarter tables) that use them. The cuts the west uses
//! most are the high bits of a bucket's number, so the buckets ruled out together lie side by
//! side and those left merge into few word ranges. Small splits are not cut: below a few
//! thousand keys, sorting costs more than the words it spares.
//!
//! The south queens of the west walk are the ones placed over and over, so a split makes, the first
//! time each is needed, one vector per (south row, column) of the west half: the AND of that
//! queen's two diagonal vectors (`Lacking`, in `sliced.rs`). The innermost loops then read one
//! vector per queen instead of two, and the north part's many diagonals are ANDed in four at a
//! time, one pass over the words per four.
//!
//! The east keys are transposed into vectors 64 × 64 bits at a time, and the transpose stops after
//! the rows the keys use (`transpose64`, in `sliced.rs`), about 2(n − 1) of the 64. The word loops
//! are compiled three times, and the widest build the processor runs is picked at run time
//! ([`Build::best`]): AVX-512 with its vector popcount, AVX2 with POPCNT, or portable Rust.
//!
//! The kernel's parts lie beside it in `halves/`: `lines.rs` (vectors on cache lines),
//! `sliced.rs` (the east keys sliced and bucketed, and the word passes over them), `build.rs`
//! (the builds per processor); this file holds the west walk that drives them.

use super::build::{Build, Kernel};
use super::sliced::Sliced;

/// Counts the pairs (west placement, east key) whose keys are disjoint, each weighted by its
/// east key's class.
///
/// `key` gives each cell's key bits (row-major, n×n), `west` the west columns, `start` the
/// columns and diagonals already taken (`cols`, `d1`, `d2` as in the parent module), `rows` the
/// west rows in the order to fill them, and `sliced` the east keys.
pub fn count_pairs(
    n: usize,
    key: &[u64],
    west: u64,
    start: (u64, u64, u64),
    rows: &[usize],
    sliced: &Sliced,
) -> u64 {
    let walk = Walk {
        n,
        start,
        key,
        west,
        rows,
        sliced,
    };
    Build::best().run(&walk, sliced.cuts != 0)
}

/// The walk of [`count_pairs`], with its arguments.
struct Walk<'a> {
    n: usize,
    start: (u64, u64, u64),
    key: &'a [u64],
    west: u64,
    rows: &'a [usize],
    sliced: &'a Sliced,
}

impl Kernel for Walk<'_> {
    /// The depth-first walk over the west rows, with an explicit stack so that it inlines whole
    /// into the feature-specific entry points (`build.rs`).
    ///
    /// Narrowing is lazy: the walk first places queens, and only when it reaches a full west
    /// placement does it bring the candidate vectors down the path from the deepest one still
    /// valid. Dead-end branches, which never reach the last row, cost no vector work at all, and
    /// a path whose vector empties sends the walk straight back to where it emptied.
    ///
    /// `CUT` says whether the keys lie in buckets; without them the walk compiles to the plain
    /// loop, free of the bookkeeping of ruled-out buckets.
    #[inline(always)]
    fn run<const CUT: bool>(&self) -> u64 {
        let (n, start) = (self.n, self.start);
        let m = self.rows.len();
        if m == 0 {
            return self.sliced.count::<false>(self.sliced.all(), 0, 0);
        }
        let cuts = if CUT { self.sliced.cuts } else { 0 };
        // Buffer 0 holds every key; buffer k + 1 the candidates left by the queens of depths
        // 0..=k. `from[k]` names the buffer that holds depth k's candidates (a queen with no key
        // bits shares its parent's).
        let mut bufs = self.sliced.vectors(m + 1);
        bufs.get_mut(0).copy_from_slice(self.sliced.all());
        let mut from = vec![0usize; m];
        // `seen[k]`: the buckets ruled out by the queens of depths 0..k (their cut bits).
        let mut seen = vec![0u32; m + 1];
        let mut free = vec![0u64; m];
        let mut state = vec![(0u64, 0u64, 0u64); m];
        let mut chosen = vec![0usize; m];
        let attacked =
            |(cols, d1, d2): (u64, u64, u64), r: usize| cols | (d2 >> r) | (d1 >> (n - 1 - r));
        state[0] = start;
        free[0] = self.west & !attacked(start, self.rows[0]);
        let mut total = 0;
        let mut d = 0;
        // Candidate buffers of depths 0..=ready are up to date.
        let mut ready = 0;
        loop {
            if free[d] == 0 {
                if d == 0 {
                    break;
                }
                d -= 1;
                ready = ready.min(d);
                continue;
            }
            let c = free[d].trailing_zeros() as usize;
            free[d] &= free[d] - 1;
            chosen[d] = c;
            ready = ready.min(d);
            let r = self.rows[d];
            if d + 1 < m {
                let (cols, d1, d2) = state[d];
                let next = (cols | 1 << c, d1 | 1 << (c + n - 1 - r), d2 | 1 << (r + c));
                state[d + 1] = next;
                free[d + 1] = self.west & !attacked(next, self.rows[d + 1]);
                d += 1;
                continue;
            }
            // A full west placement: bring the candidates down to this row.
            let mut dead = None;
            while ready < d {
                let k = ready;
                let bits = self.key[self.rows[k] * n + chosen[k]];
                seen[k + 1] = seen[k] | self.sliced.bucket::<CUT>(bits);
                if bits & !cuts == 0 {
                    // Only cut bits (or none): the parent's vector serves, on fewer buckets.
                    from[k + 1] = from[k];
                } else {
                    let (cand, out) = bufs.pair(from[k], k + 1);
                    if !self
                        .sliced
                        .narrow::<CUT>(cand, bits & !cuts, seen[k + 1], out)
                    {
                        dead = Some(k);
                        break;
                    }
                    from[k + 1] = k + 1;
                }
                ready = k + 1;
            }
            if let Some(k) = dead {
                // No east key survives the queen of depth k: skip everything below it.
                d = k;
                ready = k;
                continue;
            }
            let cand = bufs.get(from[d]);
            let bits = self.key[r * n + c];
            total += self.sliced.count::<CUT>(
                cand,
                bits & !cuts,
                seen[d] | self.sliced.bucket::<CUT>(bits),
            );
        }
        total
    }
}
