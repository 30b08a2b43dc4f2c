//! The pair-counting kernel: how many east keys are disjoint from each west half placement.
//!
//! The west placements are not stored: they are walked row by row, and the east keys still
//! compatible with the west queens placed so far are carried down the walk. Each west queen
//! removes the east keys that share one of its (at most two) cross-half diagonals, so the list
//! shrinks quickly with depth and every filtering step is shared by all the placements below it;
//! a branch stops as soon as no east key is left. At the last row the survivors are counted
//! instead of copied.
//!
//! The filters are written without branches so that the compiler vectorises them.

/// Counts the pairs (west placement, east key) whose keys are disjoint.
///
/// `key` gives each cell's key bits (row-major, n×n), `west` the west columns, `start` the
/// columns and diagonals already taken (`cols`, `d1`, `d2` as in the parent module), `rows` the
/// west rows in the order to fill them, and `east` the keys of every east placement.
pub fn count_pairs(
    n: usize,
    key: &[u64],
    west: u64,
    start: (u64, u64, u64),
    rows: &[usize],
    east: Vec<u64>,
) -> u64 {
    let mut bufs: Vec<Vec<u64>> = (0..rows.len()).map(|_| vec![0u64; east.len()]).collect();
    let walk = Walk { n, key, west, rows };
    walk.go(0, start, &east, &mut bufs)
}

struct Walk<'a> {
    n: usize,
    key: &'a [u64],
    west: u64,
    rows: &'a [usize],
}

impl Walk<'_> {
    fn go(&self, depth: usize, at: (u64, u64, u64), cand: &[u64], bufs: &mut [Vec<u64>]) -> u64 {
        let n = self.n;
        let r = self.rows[depth];
        let (cols, d1, d2) = at;
        let mut free = self.west & !cols & !((d2 >> r) | (d1 >> (n - 1 - r)));
        let last = depth + 1 == self.rows.len();
        let mut total = 0;
        let (buf, rest) = bufs.split_first_mut().expect("one buffer per row");
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let bits = self.key[r * n + c];
            if last {
                total += count_disjoint(cand, bits);
                continue;
            }
            let next = (cols | 1 << c, d1 | 1 << (c + n - 1 - r), d2 | 1 << (r + c));
            if bits == 0 {
                // A queen on diagonals of its own half alone rules out no east key.
                total += self.go(depth + 1, next, cand, rest);
                continue;
            }
            let kept = filter_disjoint(cand, bits, buf);
            if kept != 0 {
                total += self.go(depth + 1, next, &buf[..kept], rest);
            }
        }
        total
    }
}

/// The number of keys disjoint from `bits`.
#[inline]
fn count_disjoint(keys: &[u64], bits: u64) -> u64 {
    keys.iter().map(|&k| ((k & bits) == 0) as u64).sum()
}

/// Copies the keys disjoint from `bits` to the front of `out`; returns how many.
#[inline]
fn filter_disjoint(keys: &[u64], bits: u64, out: &mut [u64]) -> usize {
    let out = &mut out[..keys.len()];
    let mut kept = 0;
    for (i, &k) in keys.iter().enumerate() {
        // Write unconditionally, advance only on a keeper: no branch to mispredict. The write at
        // `kept` never passes `i`, so it stays in bounds.
        out[kept.min(i)] = k;
        kept += ((k & bits) == 0) as usize;
    }
    kept
}
