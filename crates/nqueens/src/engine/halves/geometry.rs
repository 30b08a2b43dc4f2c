//! The fixed shape of the meet-in-the-middle count for one board size: which columns form each
//! half, which diagonals cross both halves (the bits of a half placement's *key*), and the
//! walks that place queens in one half and collect their keys.
//!
//! Kept apart from the count itself so that the parts that join half placements (the quarter
//! tables, the pair-counting kernel) can share it without depending on the count that uses them.

use crate::method::Method;

/// The smallest board the method splits; smaller boards are counted directly by the bit-mask
/// method, since halves of one or two columns leave nothing to pair.
pub const MIN_N: usize = 5;

/// The fixed shape of the problem for one n: which columns form each half, and which
/// cross-half diagonal bit (if any) each cell's queen occupies.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub(super) n: usize,
    /// Queens per half.
    pub(super) half: usize,
    pub(super) west: u64,
    pub(super) east: u64,
    /// The key bits of the queen on each cell, row-major: its diagonals that cross both halves.
    pub(super) key: Vec<u64>,
    /// The width of the keys.
    pub(super) bits: u32,
    /// The key bits of the two long diagonals (corner to corner).
    pub(super) long: u64,
    /// The diagonals that cross both halves, as bits of `a` (see [`Diags::d1`]) and of `b`: each
    /// a run of consecutive diagonals, so that a key is two shifted runs (see [`Geometry::key_of`]).
    pub(super) cross: (u64, u64),
    /// Splits with at least `cut_from` east keys sort them into buckets of about `bucket_keys`
    /// keys (see [`choose_cuts`]); tests lower both to reach the buckets on small boards.
    pub(super) cut_from: usize,
    pub(super) bucket_keys: usize,
}

impl Geometry {
    /// The geometry of the n×n board (5 ≤ n ≤ 32).
    pub fn new(n: usize) -> Geometry {
        assert!(
            (MIN_N..=Method::Halves.max_n()).contains(&n),
            "halves geometry for n = {n}"
        );
        let half = n / 2;
        let west = (1u64 << half) - 1;
        let east = west << (n - half);
        // Diagonal indices: `a = c - r + n - 1` (down-left to up-right runs) and `b = r + c`.
        let (mut wa, mut wb, mut ea, mut eb) = (0u64, 0u64, 0u64, 0u64);
        for r in 0..n {
            for c in 0..n {
                let (a, b) = (1u64 << (c + n - 1 - r), 1u64 << (r + c));
                if west >> c & 1 == 1 {
                    wa |= a;
                    wb |= b;
                }
                if east >> c & 1 == 1 {
                    ea |= a;
                    eb |= b;
                }
            }
        }
        let (sa, sb) = (wa & ea, wb & eb);
        let rank = |set: u64, i: usize| (set & ((1u64 << i) - 1)).count_ones();
        let mut key = vec![0u64; n * n];
        for r in 0..n {
            for c in 0..n {
                let (a, b) = (c + n - 1 - r, r + c);
                let mut k = 0;
                if sa >> a & 1 == 1 {
                    k |= 1u64 << rank(sa, a);
                }
                if sb >> b & 1 == 1 {
                    k |= 1u64 << (sa.count_ones() + rank(sb, b));
                }
                key[r * n + c] = k;
            }
        }
        Geometry {
            n,
            half,
            west,
            east,
            // Cell (0, 0) lies on the long diagonal `c - r = 0` and on no other crossing one;
            // cell (0, n - 1) likewise on `r + c = n - 1`.
            long: key[0] | key[n - 1],
            key,
            bits: sa.count_ones() + sb.count_ones(),
            cross: (sa, sb),
            cut_from: 1 << 14,
            bucket_keys: 1024,
        }
    }

    pub(super) fn full(&self) -> u64 {
        (1u64 << self.n) - 1
    }

    /// The key of a placement whose diagonals are `d1` and `d2` (as in [`Diags`]): its crossing
    /// `a` diagonals by rank, then its crossing `b` diagonals. Each crossing set is one run of
    /// consecutive diagonals (the diagonals of a half form a run, and two runs meet in a run),
    /// so a rank is an offset and the key two masks and shifts, cheap enough to compute where a
    /// table would otherwise store it.
    #[inline(always)]
    pub(super) fn key_of(&self, d1: u64, d2: u64) -> u64 {
        let (sa, sb) = self.cross;
        (d1 & sa) >> sa.trailing_zeros() | (d2 & sb) >> sb.trailing_zeros() << sa.count_ones()
    }
}

/// The diagonal state of a partial board, valid for any order of rows.
///
/// `d1` has bit `c - r + n - 1` and `d2` bit `r + c` for each queen (r, c); the cells of row `r`
/// attacked along diagonals are then `(d2 >> r) | (d1 >> (n - 1 - r))`, whichever rows were filled
/// before, which lets each half fill its rows in the order that prunes best.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Diags {
    pub(super) cols: u64,
    pub(super) d1: u64,
    pub(super) d2: u64,
}

impl Diags {
    #[inline(always)]
    pub(super) fn free(&self, n: usize, r: usize, half_cols: u64) -> u64 {
        half_cols & !self.cols & !((self.d2 >> r) | (self.d1 >> (n - 1 - r)))
    }

    #[inline(always)]
    pub(super) fn place(&self, n: usize, r: usize, c: usize) -> Diags {
        Diags {
            cols: self.cols | 1 << c,
            d1: self.d1 | 1 << (c + n - 1 - r),
            d2: self.d2 | 1 << (r + c),
        }
    }
}

/// The board with only the middle column's queen placed (odd n), or empty.
pub(super) fn start(g: &Geometry, middle: Option<u8>) -> Diags {
    match middle {
        Some(r) => Diags::default().place(g.n, r as usize, g.half),
        None => Diags::default(),
    }
}

/// Appends the key of every placement of `rows`' queens in the columns `half_cols`.
///
/// A depth-first walk with an explicit stack; the last row has a single column left, so it is
/// tested in place rather than walked.
pub(super) fn collect_keys(
    g: &Geometry,
    at: Diags,
    rows: &[usize],
    half_cols: u64,
    out: &mut Vec<u64>,
) {
    let n = g.n;
    let m = rows.len();
    if m == 0 {
        out.push(0);
        return;
    }
    let mut stack = [(Diags::default(), 0u64, 0u64); 32];
    stack[0] = (at, at.free(n, rows[0], half_cols), 0);
    let mut d = 0;
    loop {
        let (here, free, key) = stack[d];
        if free == 0 {
            if d == 0 {
                return;
            }
            d -= 1;
            continue;
        }
        let c = free.trailing_zeros() as usize;
        stack[d].1 = free & (free - 1);
        let r = rows[d];
        let next = here.place(n, r, c);
        let key = key | g.key[r * n + c];
        if d + 2 == m {
            let last = rows[d + 1];
            let f = next.free(n, last, half_cols);
            if f != 0 {
                out.push(key | g.key[last * n + f.trailing_zeros() as usize]);
            }
            continue;
        }
        if d + 1 == m {
            out.push(key);
            continue;
        }
        d += 1;
        stack[d] = (next, next.free(n, rows[d], half_cols), key);
    }
}

/// How many of `keys` have each bit set.
pub(super) fn bit_uses(keys: impl Iterator<Item = u64>) -> [u32; 64] {
    let mut uses = [0u32; 64];
    for mut k in keys {
        while k != 0 {
            uses[k.trailing_zeros() as usize] += 1;
            k &= k - 1;
        }
    }
    uses
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_hold_every_diagonal_that_crosses_both_halves() {
        // 2(n - 1) of them.
        assert_eq!(Geometry::new(8).bits, 14);
    }

    #[test]
    fn a_key_is_read_from_its_diagonals() {
        // Keys are ORs of the queens' keys, and `key_of` is an OR of masks and shifts: one queen
        // at a time covers every placement.
        for n in MIN_N..=Method::Halves.max_n() {
            let g = Geometry::new(n);
            for r in 0..n {
                for c in 0..n {
                    let d = Diags::default().place(n, r, c);
                    assert_eq!(
                        g.key_of(d.d1, d.d2),
                        g.key[r * n + c],
                        "n = {n}, ({r}, {c})"
                    );
                }
            }
        }
    }
}
