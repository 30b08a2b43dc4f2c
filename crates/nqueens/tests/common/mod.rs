//! Helpers the library's integration tests share: oracles that share no code with the crate,
//! and short ways to ask it for counts and listings.

#![allow(dead_code)]

use nqueens::{Count, Counts, Method};

/// An independent check: n queens, one per row, on the board, no shared column or diagonal,
/// compared pair by pair.
pub fn is_valid_board(cols: &[u32]) -> bool {
    let n = cols.len() as i64;
    for i in 0..cols.len() {
        let (ri, ci) = (i as i64, cols[i] as i64);
        if ci < 0 || ci >= n {
            return false;
        }
        for (j, &cj) in cols.iter().enumerate().skip(i + 1) {
            let (rj, cj) = (j as i64, cj as i64);
            if ci == cj || (ri - rj).abs() == (ci - cj).abs() {
                return false;
            }
        }
    }
    true
}

/// How two queens clash, for [`first_clash`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    OffBoard,
    Column,
    /// `row - col` shared.
    Down,
    /// `row + col` shared.
    Up,
}

/// The first clash scanning rows from the top, the textbook way: for each row, every row above
/// it, in order. Returns (first row, second row, how); for a queen off the board, (row, row,
/// OffBoard).
pub fn first_clash(cols: &[u32]) -> Option<(usize, usize, Clash)> {
    let n = cols.len();
    for (r, &c) in cols.iter().enumerate() {
        if c as usize >= n {
            return Some((r, r, Clash::OffBoard));
        }
        let mut found: Option<(usize, Clash)> = None;
        for (q, &d) in cols.iter().enumerate().take(r) {
            let how = if c == d {
                Clash::Column
            } else if r - q == (c as usize).abs_diff(d as usize) {
                if d < c { Clash::Down } else { Clash::Up }
            } else {
                continue;
            };
            // The earliest row on the line that clashes first: column, then the diagonals.
            found = match found {
                Some((fq, fh)) if rank(fh) <= rank(how) => Some((fq, fh)),
                _ => Some((q, how)),
            };
        }
        if let Some((q, how)) = found {
            return Some((q, r, how));
        }
    }
    None
}

fn rank(c: Clash) -> u8 {
    match c {
        Clash::OffBoard => 0,
        Clash::Column => 1,
        Clash::Down => 2,
        Clash::Up => 3,
    }
}

/// Every solution the method lists for n, as column lists.
pub fn list_all(method: Method, n: usize) -> Vec<Vec<u32>> {
    nqueens::solutions_by(n, method)
        .unwrap()
        .map(|p| p.into_columns())
        .collect()
}

/// The counts of n by `method` on `threads` threads.
pub fn count_with(n: usize, method: Method, threads: usize) -> Counts {
    Count::new(n)
        .method(method)
        .threads(threads)
        .unique(method.counts_unique())
        .run()
        .unwrap()
        .counts
}

/// A small deterministic generator (xorshift64*), so that failures reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, k: usize) -> usize {
        (self.next() % k as u64) as usize
    }
}
