//! The row splits of a board: which rows put their queen in the west half. A count of `halves`
//! is one subproblem per split, up to the board's top-bottom mirror; this module lists them and
//! says what each stands for (its weights), so that the plan, the tables' slices and the tests
//! read one list.

use crate::board::bits::{Bits, lowest};

/// One row split: the row of the middle column's queen (odd n), the rows whose queens stand in
/// the west half, how many splits it stands for under the top-bottom mirror, and the weight of
/// its pairs with no queen on a long diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The row of the queen in the middle column, for odd n.
    pub middle: Option<u8>,
    /// The rows (bit r for row r) whose queens stand in the west half.
    pub west_rows: u64,
    /// How many splits (1 or 2) this one stands for under the top-bottom mirror.
    pub weight: u8,
    /// The weight of the solutions with no queen on either long diagonal: 2 when this split
    /// counts them for its left-right mirror image too, 0 when the image counts them, 1 when the
    /// split is its own image.
    pub bare: u8,
}

/// Every row split up to the top-bottom mirror, with its orbit size as weight, in a fixed order.
pub fn splits(n: usize) -> Vec<Split> {
    let half = n / 2;
    let all = (1u64 << n) - 1;
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let middles: Vec<Option<u8>> = if n % 2 == 1 {
        (0..n as u8).map(Some).collect()
    } else {
        vec![None]
    };
    let mut out = Vec::new();
    for middle in middles {
        let m = middle.map_or(0, |r| 1u64 << r);
        let free = all & !m;
        let flip_middle = middle.map(|r| (n as u8 - 1) - r);
        // Subsets of `half` of the free rows, by Gosper's hack over the n - |m| free positions.
        let slots = free.count_ones();
        let mut x: u64 = (1u64 << half) - 1;
        while x < 1u64 << slots {
            let west = deposit(x, free);
            let east = free & !west;
            let key = |mid: Option<u8>, w: u64| (mid.unwrap_or(0), w);
            // The smallest split of a top-bottom orbit stands for it.
            let orbit = |w: u64| key(middle, w).min(key(flip_middle, rev(w)));
            let me = key(middle, west);
            if me == orbit(west) {
                let mirror = orbit(east);
                out.push(Split {
                    middle,
                    west_rows: west,
                    weight: if me == key(flip_middle, rev(west)) {
                        1
                    } else {
                        2
                    },
                    bare: match me.cmp(&mirror) {
                        std::cmp::Ordering::Less => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Greater => 0,
                    },
                });
            }
            // Gosper: the next larger number with the same number of set bits.
            let c = lowest(x);
            let r = x + c;
            x = (((r ^ x) >> 2) / c) | r;
        }
    }
    out
}

/// Spreads the low bits of `x` onto the set bits of `mask`, lowest first (a portable `pdep`).
fn deposit(mut x: u64, mask: u64) -> u64 {
    let mut out = 0;
    for bit in Bits(mask) {
        if x & 1 == 1 {
            out |= bit;
        }
        x >>= 1;
    }
    out
}
