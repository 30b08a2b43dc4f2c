//! Deterministic splits of one count into many small, independent subproblems.
//!
//! Every count that may run long goes through a [`Plan`]: a fixed, ordered list of subproblems
//! (usually the placements of the first few rows) that can be counted one at a time, in any
//! order, on any thread or machine. The same index always means the same subproblem, which is
//! what lets threads balance work, progress bars measure it, and checkpoints, shards and cluster
//! runs divide it.

use crate::Counts;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// A deterministic list of independent subproblems whose counts add up to one whole count.
///
/// ```
/// use nqueens::{Method, Plan};
///
/// let plan = Method::Bitmask.plan(8).unwrap();
/// let sum: u128 = (0..plan.len()).map(|i| plan.count_one(i).total).sum();
/// assert_eq!(sum, 92);
/// ```
pub trait Plan: Send + Sync {
    /// The board size.
    fn n(&self) -> usize;

    /// The name of the method that counts the subproblems.
    fn method(&self) -> &'static str;

    /// The number of subproblems.
    fn len(&self) -> usize;

    /// True when there is nothing to count.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Counts subproblem `index` (0 ≤ index < len) on the calling thread.
    fn count_one(&self, index: usize) -> Counts;

    /// The count of no subproblems at all: what a sum starts from.
    fn zero(&self) -> Counts {
        Counts::total(0)
    }

    /// A fingerprint of the split (method, n, and how the subproblems were chosen): two plans
    /// with the same fingerprint number the same subproblems the same way.
    fn fingerprint(&self) -> u64;
}

/// Told about finished subproblems, from any thread.
pub trait Progress: Sync {
    /// `done` of `total` subproblems are finished.
    fn update(&self, done: u64, total: u64);
}

/// The progress observer that ignores everything.
pub struct NoProgress;

impl Progress for NoProgress {
    fn update(&self, _done: u64, _total: u64) {}
}

/// Counts the subproblems `indices` of `plan` on `threads` threads (0: every core), balancing
/// them by work stealing, and reports each finished one to `progress`.
///
/// ```
/// use nqueens::{Method, plan::{run, NoProgress}};
///
/// let plan = Method::Bitmask.plan(10).unwrap();
/// let all: Vec<usize> = (0..plan.len()).collect();
/// assert_eq!(run(plan.as_ref(), &all, 2, &NoProgress).total, 724);
/// ```
pub fn run(plan: &dyn Plan, indices: &[usize], threads: usize, progress: &dyn Progress) -> Counts {
    let done = AtomicU64::new(0);
    let total = indices.len() as u64;
    let work = || {
        indices
            .par_iter()
            .with_max_len(1)
            .map(|&i| {
                let c = plan.count_one(i);
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress.update(d, total);
                c
            })
            .reduce_with(|a, b| a + b)
            .unwrap_or_else(|| plan.zero())
    };
    if threads == 1 {
        // No pool: a single thread counts in order, with no scheduling cost at all.
        let mut sum = plan.zero();
        for (k, &i) in indices.iter().enumerate() {
            sum += plan.count_one(i);
            progress.update(k as u64 + 1, total);
        }
        return sum;
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// A 64-bit FNV-1a hash, for fingerprints that must not change between builds or machines.
///
/// ```
/// assert_eq!(nqueens::plan::fnv1a(b""), 0xcbf29ce484222325);
/// ```
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
