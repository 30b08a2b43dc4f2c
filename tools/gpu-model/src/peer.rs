//! The fastest public CUDA counter's work, played on the CPU, so that the priced model
//! (`price.rs`) can be held against that counter's published and measured times: a model that
//! prices a kernel it can check is one whose price for ours means something.
//!
//! Its design, as its source and its compiled code show: the CPU places the first rows
//! (6 in its published table) with the first row's queen in the left half of the board (the
//! middle column too, for odd n, counted once), and each placement is a subproblem. A warp
//! takes 32 subproblems at a time, one a lane, and takes the next 32 only when all its lanes
//! are done; each lane walks its subproblem one node a turn (`peer.wgsl`), counting the last
//! row's free cells at once. So a warp's turns for a batch are its longest lane's, and
//! [`Work::lanes`] is the share of the lanes' turns that did a lane's own work.

use nqueens::internals::bits::{Bits, lowest};
use rayon::prelude::*;

/// Rows the peer places on the CPU in its published table.
pub const ROWS: usize = 6;

/// A subproblem: the masks after the CPU's rows, and the weight of its solutions (2 for a
/// first queen in the left half, mirrored; 1 in the middle column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subproblem {
    /// Columns taken.
    pub cols: u32,
    /// Diagonals taken, as seen from the next row.
    pub left: u32,
    /// Anti-diagonals taken, as seen from the next row.
    pub right: u32,
    /// How many boards each solution stands for.
    pub weight: u64,
}

/// The subproblems of the n×n board with `rows` rows placed, in the order the peer makes
/// them (depth first, columns from the lowest bit).
pub fn subproblems(n: usize, rows: usize) -> Vec<Subproblem> {
    fn place(n: usize, row: usize, rows: usize, s: Subproblem, out: &mut Vec<Subproblem>) {
        if row == rows {
            out.push(s);
            return;
        }
        let full = (1u32 << n) - 1;
        let free = full & !(s.cols | s.left | s.right);
        for bit in Bits(free) {
            let next = Subproblem {
                cols: s.cols | bit,
                left: ((s.left | bit) << 1) & full,
                right: (s.right | bit) >> 1,
                weight: s.weight,
            };
            place(n, row + 1, rows, next, out);
        }
    }
    let mut out = Vec::new();
    // A walk starts on a row before the last: its leaves are the last row.
    let rows = rows.clamp(1, n.saturating_sub(2).max(1));
    for c in 0..n.div_ceil(2) {
        let bit = 1u32 << c;
        let weight = if n % 2 == 1 && c == n / 2 { 1 } else { 2 };
        let first = Subproblem {
            cols: bit,
            left: (bit << 1) & ((1u32 << n) - 1),
            right: bit >> 1,
            weight,
        };
        place(n, 1, rows, first, &mut out);
    }
    out
}

/// One lane's walk of a subproblem as `peer.wgsl` takes it, one node a turn: its turns and
/// its solutions (unweighted).
pub fn walk(n: usize, s: Subproblem) -> (u64, u64) {
    let full = (1u32 << n) - 1;
    let first = full & !(s.cols | s.left | s.right);
    if first == 0 {
        return (0, 0);
    }
    let last = n as u32 - 1;
    // Frames: columns, diagonals and the row's cells left to try.
    let mut frames = vec![(s.cols, s.left, s.right, first)];
    let (mut turns, mut found) = (0u64, 0u64);
    while let Some(top) = frames.last_mut() {
        turns += 1;
        let (cols, left, right, free) = *top;
        let bit = lowest(free);
        top.3 = free ^ bit;
        let exhausted = top.3 == 0;
        let c = cols | bit;
        let l = (left | bit) << 1;
        let r = (right | bit) >> 1;
        let child = full & !(c | l | r);
        let leaf = c.count_ones() == last || child == 0;
        if leaf {
            found += child.count_ones() as u64;
        }
        if exhausted {
            frames.pop();
        }
        if !leaf {
            frames.push((c, l, r, child));
        }
    }
    (turns, found)
}

/// What the peer's warps do over a board, or over a sample of its batches.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Work {
    /// Lanes' turns (nodes walked), scaled to the whole board.
    pub turns: f64,
    /// Warp-turns: per batch of 32 subproblems, its longest lane's turns; scaled.
    pub warp_turns: f64,
    /// Solutions, weighted: Q(n) when every batch was played.
    pub solutions: u64,
    /// Subproblems.
    pub subproblems: usize,
}

impl Work {
    /// The share of the lanes' turns that did a lane's own work.
    pub fn lanes(&self) -> f64 {
        self.turns / (32.0 * self.warp_turns).max(1.0)
    }
}

/// Plays every `every`-th batch of 32 subproblems (every batch for 1) of the n×n board with
/// `rows` rows placed on the CPU.
pub fn play(n: usize, rows: usize, every: usize) -> Work {
    let subs = subproblems(n, rows);
    let batches: Vec<&[Subproblem]> = subs.chunks(32).step_by(every.max(1)).collect();
    let one = |batch: &&[Subproblem]| {
        let (mut turns, mut longest, mut found) = (0u64, 0u64, 0u64);
        for &s in batch.iter() {
            let (t, f) = walk(n, s);
            turns += t;
            longest = longest.max(t);
            found += f * s.weight;
        }
        (turns, longest, found)
    };
    let parts: Vec<(u64, u64, u64)> = batches.par_iter().map(one).collect();
    let scale = subs.chunks(32).count() as f64 / batches.len().max(1) as f64;
    let sum = |f: fn(&(u64, u64, u64)) -> u64| parts.iter().map(f).sum::<u64>();
    Work {
        turns: sum(|p| p.0) as f64 * scale,
        warp_turns: sum(|p| p.1) as f64 * scale,
        solutions: sum(|p| p.2),
        subproblems: subs.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peers_walk_counts_every_board() {
        for n in 4..=14 {
            for rows in [1, 3, ROWS] {
                let w = play(n, rows, 1);
                assert_eq!(
                    Some(w.solutions as u128),
                    nqueens::known::total(n),
                    "n = {n}, rows = {rows}"
                );
            }
        }
    }

    #[test]
    fn a_warp_lasts_its_longest_lane() {
        let w = play(12, ROWS, 1);
        assert!(w.warp_turns * 32.0 >= w.turns);
        assert!(w.lanes() > 0.2 && w.lanes() < 1.0, "{w:?}");
        // A sample of the batches stands for the whole within a few percent.
        let s = play(14, ROWS, 7);
        let whole = play(14, ROWS, 1);
        assert!(
            (s.turns / whole.turns - 1.0).abs() < 0.05,
            "{s:?} {whole:?}"
        );
    }
}
