//! Meet in the middle: count solutions as compatible pairs of half boards, without backtracking
//! over whole boards.
//!
//! Cut the columns into a west half and an east half (for odd n the middle column is set aside
//! and its queen placed first). Every solution puts each row's queen in one of the halves, so it
//! belongs to exactly one *row split*: the set of rows whose queens stand in the west. For a given
//! split, the west queens form a *half placement*: a non-attacking assignment of the west rows to
//! the west columns, and likewise in the east. Rows and columns of the two halves are disjoint by
//! construction, so a west and an east placement make a solution exactly when they share no
//! diagonal. Only diagonals that cross both halves can clash, and there are at most `2(n - 1)` of
//! them, so each half placement is reduced to a 64-bit *key* of those diagonals and the count for
//! a split is the number of (west, east) pairs whose keys are disjoint.
//!
//! The pairs are counted in the `kernel` submodule (over the east keys bit-sliced in `sliced`, in
//! vectors from `lines`, by the widest `build` the processor runs), and the east placements are
//! built from quarter boards in `quarters`; this module chooses the splits, walks the west
//! placements and uses the board's symmetries to count fewer pairs:
//!
//! - *Top-bottom mirror.* Flipping the board upside down maps a split onto another one with the
//!   same count, so each such pair of splits is counted once, weighted 2.
//! - *The long diagonals.* Each of the two corner-to-corner diagonals holds at most one queen,
//!   in the west, in the east, or nowhere (or in the middle column, for odd n). Reflecting the
//!   board in the other long diagonal keeps that queen on its diagonal and carries it across to
//!   the other half, without touching the other long diagonal's queen: so over all solutions,
//!   "west" and "east" are equally common for each long diagonal, independently. Counting only
//!   the solutions whose long-diagonal queens are all east (or absent), with weight 2 per such
//!   queen, gives the total. The west walk then avoids both long diagonals, which prunes it,
//!   and the pairs are weighted by the east key's class: 2 or 4 for one or two long-diagonal
//!   queens.
//! - *Left-right mirror,* for the solutions with no queen on either long diagonal (weight 1
//!   above): it maps them to the same kind in the split with west and east exchanged, so of the
//!   two splits only one counts them, twice ([`Split::bare`]).
//!
//! Counting is exact but totals only: the splits mix symmetry classes, so the method cannot report
//! unique solutions. Memory is the quarter tables, shared by the threads (whole up to
//! [`WHOLE_MAX_N`], then the slices of them the splits under way read, up to [`QUARTERS_MAX_N`],
//! module `slices`), and per thread the keys of one half of one split; see [`memory_estimate`].

mod build;
mod geometry;
mod kernel;
mod lines;
mod parts;
mod quarters;
mod sliced;
mod slices;
mod split;

pub use geometry::{Geometry, MIN_N};
pub use quarters::Quarters;
pub use split::{Split, splits};

use crate::counts::Counts;
use crate::error::{Error, Quantity, check_n};
use crate::machine::MEMORY_LIMIT;
use crate::method::Method;
use crate::plan::fingerprint::fnv1a;
use crate::plan::{Plan, PlanId};
use crate::progress::Watch;
use crate::reference::bitmask;
use build::Build;
use geometry::{Diags, bit_uses, collect_keys, start};
use parts::Halt;
use slices::Slices;

/// The most memory (bytes) a count may plan for in this process: [`MEMORY_LIMIT`], or less
/// where the process's address space is limited (`ulimit -v`, Linux): half of what that limit
/// leaves beside the address space already in use, the other half being room for what an
/// estimate of live data leaves out (threads' stacks, the allocator's reserved arenas). A
/// count planned past what the process may map would end in an aborted allocation instead of
/// a refusal.
///
/// ```
/// assert!(nqueens::internals::halves::memory_limit() <= nqueens::machine::MEMORY_LIMIT);
/// ```
pub fn memory_limit() -> u64 {
    static LIMIT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| MEMORY_LIMIT.min(address_space_left().map_or(u64::MAX, |b| b / 2)))
}

/// The address space (bytes) the process may still map under its soft `RLIMIT_AS` (`ulimit
/// -v`), read from /proc: `None` where it is unlimited or cannot be read (off Linux).
///
/// ```
/// // Unlimited in most shells; where a limit is set, what is left is below it.
/// let left = nqueens::internals::halves::address_space_left();
/// assert!(left.is_none_or(|b| b < u64::MAX));
/// ```
pub fn address_space_left() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let soft = limits
        .lines()
        .find_map(|l| l.strip_prefix("Max address space"))?
        .split_whitespace()
        .next()?;
    // "unlimited" does not parse: no limit.
    let limit: u64 = soft.parse().ok()?;
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let in_use_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmSize:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(limit.saturating_sub(in_use_kb.saturating_mul(1024)))
}

/// The weighted count of one row split (not multiplied by [`Split::weight`]): its solutions with
/// no west queen on a long diagonal, each weighted 2 per east queen on a long diagonal, or
/// [`Split::bare`] when there is none. Summed over [`splits`] with their weights, this is the
/// number of solutions.
#[cfg(test)]
fn count_split(g: &Geometry, s: &Split) -> u64 {
    count_split_with(g, None, s)
}

/// [`count_split`], with the east placements joined from `quarters` when given (else searched).
pub fn count_split_with(g: &Geometry, quarters: Option<&Quarters>, s: &Split) -> u64 {
    SCRATCH.with_borrow_mut(|(classes, sliced)| {
        count_split_in(g, quarters, s, Build::best(), (classes, sliced))
    })
}

thread_local! {
    /// Per thread, the east keys and their slicing, kept from one split to the next so that
    /// their memory is allocated once.
    static SCRATCH: std::cell::RefCell<([Vec<u64>; 3], sliced::Sliced)> =
        std::cell::RefCell::new((Default::default(), sliced::Sliced::new(&[], 1, &[])));
}

/// [`count_split_with`] in the given build of the pair kernel, with the thread's scratch space.
fn count_split_in(
    g: &Geometry,
    quarters: Option<&Quarters>,
    s: &Split,
    build: Build,
    (classes, sliced): (&mut [Vec<u64>; 3], &mut sliced::Sliced),
) -> u64 {
    let at = start(g, s.middle);
    let all = g.full();
    let middle = s.middle.map_or(0, |r| 1u64 << r);
    let west_rows = s.west_rows;
    let east_rows = all & !middle & !west_rows;
    // The east keys by class: how many queens they put on the long diagonals.
    for c in classes.iter_mut() {
        c.clear();
    }
    match quarters {
        Some(q) => q.east_keys(g, at, east_rows, s.bare != 0, classes),
        None => {
            let order: Vec<usize> = (0..g.n).filter(|&r| east_rows >> r & 1 == 1).collect();
            let mut keys = Vec::new();
            collect_keys(g, at, &order, g.east, &mut keys);
            for k in keys {
                classes[(k & g.long).count_ones() as usize].push(k);
            }
        }
    }
    let weights = [s.bare as u64, 2, 4];
    let parts: Vec<(&[u64], u64)> = classes
        .iter()
        .zip(weights)
        .filter(|(c, w)| !c.is_empty() && *w != 0)
        .map(|(c, w)| (c.as_slice(), w))
        .collect();
    if parts.is_empty() {
        return 0;
    }
    let cuts = choose_cuts(g, quarters, west_rows, &parts);
    sliced.refill(&parts, g.bits, &cuts);
    let sliced = &*sliced;
    // The west avoids both long diagonals: mark them taken before the walk starts.
    let west_at = Diags {
        d1: at.d1 | 1 << (g.n - 1),
        d2: at.d2 | 1 << (g.n - 1),
        ..at
    };
    if let Some(q) = quarters {
        return q.west_pairs(build, g, west_at, west_rows, sliced);
    }
    let west_order: Vec<usize> = (0..g.n).filter(|&r| west_rows >> r & 1 == 1).collect();
    kernel::count_pairs(g.n, &g.key, g.west, at_tuple(west_at), &west_order, sliced)
}

/// The key bits that sort a split's east keys into buckets: those most often used on both
/// sides, as many as keep the buckets about 1,024 keys each on average, and none for fewer than
/// 16,384 keys, where the short word ranges would cost more than the skipped words save (at
/// n = 18, whose splits have about 6,000 keys, cutting made the count slower). Fewer, larger
/// buckets give a pass fewer and longer word ranges; the benchmarks chapter gives the bucket
/// sizes tried.
///
/// A west placement then skips every bucket whose keys share one of its cut bits, without
/// looking at their words; the diagonals near the centre of the board are used by most
/// placements of either half, so most pairs clash there.
fn choose_cuts(
    g: &Geometry,
    quarters: Option<&Quarters>,
    west_rows: u64,
    east: &[(&[u64], u64)],
) -> Vec<u32> {
    let keys: usize = east.iter().map(|(k, _)| k.len()).sum();
    if keys < g.cut_from {
        return Vec::new();
    }
    let c = (keys / g.bucket_keys).max(1).ilog2().min(sliced::MAX_CUTS) as usize;
    // Every eighth key is plenty to rank the bits, at an eighth of the cost.
    let uses = bit_uses(
        east.iter()
            .flat_map(|(class, _)| class.iter().step_by(8).copied()),
    );
    let west = quarters.map_or([1.0; 64], |q| q.west_shares(g, west_rows));
    let mut score: Vec<(f64, u32)> = (0..g.bits)
        .map(|b| (uses[b as usize] as f64 * west[b as usize], b))
        .filter(|&(s, _)| s > 0.0)
        .collect();
    score.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    score.truncate(c);
    // The bits the west uses most become the high bits of a bucket number, so that the buckets
    // a west placement rules out most often form long runs, and those left merge into few
    // word ranges.
    score.sort_by(|a, b| {
        west[a.1 as usize]
            .total_cmp(&west[b.1 as usize])
            .then(a.1.cmp(&b.1))
    });
    score.iter().map(|&(_, b)| b).collect()
}

fn at_tuple(d: Diags) -> (u64, u64, u64) {
    (d.cols, d.d1, d.d2)
}

/// The largest board whose quarter tables are held whole; past it they would outgrow
/// [`MEMORY_LIMIT`] (the benchmarks chapter gives their measured sizes), and a count holds the
/// slices of them its splits read at the moment (module `slices`).
pub const WHOLE_MAX_N: usize = 22;

/// The largest board whose east placements are joined from quarter tables (from
/// [`WHOLE_MAX_N`] on, a slice at a time); past it each split's east placements are searched.
pub const QUARTERS_MAX_N: usize = 24;

/// A generous estimate of the bytes a count of n needs on `threads` threads: the split list and
/// the quarter tables (whole up to [`WHOLE_MAX_N`], then twice the slices one split reads, up to
/// [`QUARTERS_MAX_N`]), plus per thread the keys of the largest half of one split (a few
/// copies), their bit-sliced copy, the walk's candidate vectors and, where the quarter tables
/// serve, one vector per (south row, column) of the west half.
pub fn memory_estimate(n: usize, threads: usize) -> u64 {
    // The largest half-key list of one split: 2,956 keys at n = 16, 114,142 at n = 20 and about
    // 640,000 at n = 22 (every thousandth split sampled), growing 2.6 times a row at even n, odd
    // n staying below the even n before them: 4,000 keys and 2.7 times a row allows 1.4 to 2.4
    // times what was counted.
    let keys = 4_000.0 * 2.7f64.powi(n as i32 - 16);
    let bits = 2.0 * n as f64;
    let half = (n / 2) as f64;
    let queens = if n <= QUARTERS_MAX_N {
        half * half
    } else {
        0.0
    };
    let per_thread = keys * 8.0 * 4.0 + keys / 8.0 * (bits + half + 2.0 + queens);
    // One 24-byte entry per orbit of about two splits.
    let m = (n - n % 2) as i32;
    let splits = binomial(m as u64, m as u64 / 2) as f64 * if n % 2 == 1 { n as f64 } else { 1.0 };
    (splits / 2.0 * 24.0 + quarters_estimate(n) + per_thread * threads.max(1) as f64) as u64
}

/// The bytes of the quarter tables a count of n holds: the whole tables up to [`WHOLE_MAX_N`],
/// then twice the slices one split reads (those of the splits under way and those built for the
/// next), zero past [`QUARTERS_MAX_N`].
fn quarters_estimate(n: usize) -> f64 {
    match n {
        _ if n <= WHOLE_MAX_N => whole_estimate(n),
        _ if n <= QUARTERS_MAX_N => 2.0 * slices::needs_estimate(n, whole_estimate(n)),
        _ => 0.0,
    }
}

/// The bytes of the whole quarter tables for n: partial placements on a band of r rows × c
/// columns number 118,969 at 8 × 8 and less than three times more per added row or column
/// (counted up to 12 × 11). Each band has an east table of 8 bytes a part and a west one of 16
/// bytes a part (counted here as half as many parts, as the west avoids the long diagonals: 46%
/// at 10 × 10), each with an index of 2^(r + c) offsets; at even n one band's tables serve both.
pub(super) fn whole_estimate(n: usize) -> f64 {
    let c = (n / 2) as i32;
    let bands: &[usize] = if n.is_multiple_of(2) {
        &[n / 2]
    } else {
        &[n / 2, n - n / 2]
    };
    bands
        .iter()
        .map(|&r| {
            let e = r as i32 + c;
            119_000.0 * 3f64.powi(e - 16) * (8.0 + 16.0 / 2.0) + 2.0 * 4.0 * 2f64.powi(e)
        })
        .sum()
}

/// The quarter tables a count holds.
enum Tables {
    /// None: each split's east placements are searched.
    None,
    /// Whole, built with the plan: a refusal of their memory is then an error before any count
    /// starts, not an abort in the middle of one.
    Whole(Quarters),
    /// The slices the splits under way read, built as they are first read.
    Sliced(Slices),
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The half-board count split into one subproblem per orbit of row splits.
pub struct HalvesPlan {
    n: usize,
    /// `None` below [`MIN_N`], where the one subproblem is the whole bit-mask count.
    geometry: Option<Geometry>,
    splits: Vec<Split>,
    tables: Tables,
}

/// Its board, its splits and how it holds its quarter tables.
impl std::fmt::Debug for HalvesPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tables = match &self.tables {
            Tables::None => "searched".to_string(),
            Tables::Whole(_) => "whole".to_string(),
            Tables::Sliced(s) => format!("slices fixing {} rows", s.fixed),
        };
        f.debug_struct("HalvesPlan")
            .field("n", &self.n)
            .field("splits", &self.splits.len())
            .field("tables", &tables)
            .finish()
    }
}

impl HalvesPlan {
    /// The plan for n (1 to [`Method::max_n`] of halves), with its quarter tables, or an error
    /// when n is outside that range or the system refuses the tables' memory. The memory it
    /// needs is not checked against the limit here: a count checks it once, for all its
    /// threads, with [`check_memory`], before it builds the plan.
    pub fn fitting(n: usize) -> Result<HalvesPlan, Error> {
        HalvesPlan::check_range(n)?;
        HalvesPlan::build(n)
    }

    /// For the benchmarks: the first index of each run of splits that read the same slices of
    /// the quarter tables (none where the tables are whole or not held).
    pub fn slice_runs(&self) -> Vec<usize> {
        let (Some(g), Tables::Sliced(slices)) = (&self.geometry, &self.tables) else {
            return Vec::new();
        };
        let sets: Vec<_> = self
            .splits
            .iter()
            .map(|s| slices::needs(g, s, slices.fixed))
            .collect();
        (0..sets.len())
            .filter(|&i| i == 0 || sets[i] != sets[i - 1])
            .collect()
    }

    /// For the benchmarks: the seconds this plan has spent building slices of the quarter
    /// tables (zero where they are whole, built with the plan, or not held).
    pub fn building_seconds(&self) -> f64 {
        match &self.tables {
            Tables::Sliced(slices) => slices.building_seconds(),
            _ => 0.0,
        }
    }

    /// For the benchmarks and checks: the count of subproblem `index` with each split's east
    /// placements searched, without the quarter tables (below [`MIN_N`], the plan's own count).
    pub fn count_searched(&self, index: usize) -> Counts {
        match &self.geometry {
            Some(g) => {
                let s = &self.splits[index];
                Counts::total(s.weight as u128 * count_split_with(g, None, s) as u128)
            }
            None => self.count_one(index),
        }
    }

    fn check_range(n: usize) -> Result<(), Error> {
        check_n(n)?;
        let max = Method::Halves.max_n();
        if n > max {
            return Err(Error::out_of_range(
                Quantity::NFor(Method::Halves),
                n,
                1,
                max,
            ));
        }
        Ok(())
    }

    fn build(n: usize) -> Result<HalvesPlan, Error> {
        let Some(g) = (n >= MIN_N).then(|| Geometry::new(n)) else {
            return Ok(HalvesPlan {
                n,
                geometry: None,
                splits: Vec::new(),
                tables: Tables::None,
            });
        };
        let mut splits = splits(n);
        let tables = match n {
            _ if n <= WHOLE_MAX_N => {
                Tables::Whole(Quarters::new(&g).ok_or(Error::OutOfMemory {
                    method: Method::Halves,
                    n,
                    bytes: quarters_estimate(n) as u64,
                })?)
            }
            _ if n <= QUARTERS_MAX_N => {
                let fixed = slices::fixed_rows(n, whole_estimate(n));
                slices::order(&g, &mut splits, fixed);
                Tables::Sliced(Slices::new(fixed))
            }
            _ => Tables::None,
        };
        Ok(HalvesPlan {
            n,
            geometry: Some(g),
            splits,
            tables,
        })
    }
}

/// Refuses n when `threads` threads would need more than [`memory_limit`]; the error names
/// the most threads that fit, if one does.
///
/// ```
/// use nqueens::internals::halves::check_memory;
///
/// assert!(check_memory(18, 2).is_ok());
/// assert!(check_memory(31, 1).is_err());
/// ```
pub fn check_memory(n: usize, threads: usize) -> Result<(), Error> {
    let needed = memory_estimate(n, threads);
    let limit = memory_limit();
    if needed > limit {
        return Err(Error::Memory {
            method: Method::Halves,
            n,
            threads,
            needed,
            limit,
            fits: threads_that_fit(n, threads.saturating_sub(1)),
        });
    }
    Ok(())
}

/// The most threads, at most `at_most`, that count n within [`memory_limit`], or `None` where
/// not even one does.
pub fn threads_that_fit(n: usize, at_most: usize) -> Option<usize> {
    let limit = memory_limit();
    (1..=at_most)
        .rev()
        .find(|&t| memory_estimate(n, t) <= limit)
}

impl Plan for HalvesPlan {
    fn id(&self) -> PlanId {
        let sliced;
        let how = match (&self.geometry, &self.tables) {
            (None, _) => "bitmask",
            // The splits stand in the order of the slices they read: another list.
            (Some(_), Tables::Sliced(s)) => {
                sliced = format!(
                    "splits=top-bottom-orbits/long-diagonals/by-slices-{}",
                    s.fixed
                );
                &sliced
            }
            (Some(_), _) => "splits=top-bottom-orbits/long-diagonals",
        };
        PlanId {
            n: self.n,
            method: Method::Halves,
            board: None,
            subproblems: self.len(),
            fingerprint: fnv1a(format!("halves/n={}/{how}", self.n).as_bytes()),
        }
    }
    fn len(&self) -> usize {
        if self.geometry.is_some() {
            self.splits.len()
        } else {
            1
        }
    }
    /// Heeds the watch only while it builds slices of the quarter tables: a split of the
    /// largest board the method takes is counted in well under a second, so a stop is heeded
    /// at the next one.
    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        let Some(g) = &self.geometry else {
            // Too small to split: the bit-mask count is exact and instant.
            let n = self.n;
            return Some(Counts::total(
                bitmask::count_from(bitmask::outside(n), 0, 0) as u128,
            ));
        };
        let s = &self.splits[index];
        let count = match &self.tables {
            Tables::None => count_split_with(g, None, s),
            Tables::Whole(q) => count_split_with(g, Some(q), s),
            Tables::Sliced(slices) => match slices.quarters(g, s, &|| watch.check()) {
                Ok(q) => count_split_with(g, Some(&q), s),
                Err(Halt::Stopped) => return None,
                // Exact without the tables, only slower; the estimate that planned the count
                // leaves this to a machine whose memory others have taken meanwhile.
                Err(Halt::Memory) => count_split_with(g, None, s),
            },
        };
        Some(Counts::total(s.weight as u128 * count as u128))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::known::A000170;

    fn total(n: usize) -> u128 {
        let plan = HalvesPlan::fitting(n).unwrap();
        (0..plan.len()).map(|i| plan.count_one(i).total).sum()
    }

    /// The plan of n that holds slices of the quarter tables, `fixed` rows fixed, as from
    /// n = 23 on.
    fn sliced(n: usize, fixed: u32) -> HalvesPlan {
        let g = Geometry::new(n);
        let mut splits = splits(n);
        slices::order(&g, &mut splits, fixed);
        HalvesPlan {
            n,
            geometry: Some(g),
            splits,
            tables: Tables::Sliced(Slices::new(fixed)),
        }
    }

    #[test]
    fn a_count_from_slices_of_the_tables_is_exact_on_one_thread_and_on_three() {
        // Threads take the splits in the plan's order, as a run does, and share its slices.
        for (n, fixed) in [(12, 0), (13, 1), (14, 2), (15, 3)] {
            let plan = sliced(n, fixed);
            assert!(plan.id().fingerprint != HalvesPlan::fitting(n).unwrap().id().fingerprint);
            for threads in [1, 3] {
                let next = std::sync::atomic::AtomicUsize::new(0);
                let sum = std::sync::atomic::AtomicU64::new(0);
                std::thread::scope(|scope| {
                    for _ in 0..threads {
                        scope.spawn(|| {
                            loop {
                                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                                if i >= plan.len() {
                                    break;
                                }
                                let c = plan.count_one(i).total as u64;
                                sum.fetch_add(c, std::sync::atomic::Ordering::Relaxed);
                            }
                        });
                    }
                });
                let total = sum.into_inner() as u128;
                assert_eq!(total, A000170[n - 1], "n = {n}, {threads} threads");
            }
        }
    }

    #[test]
    fn each_split_counts_alike_from_its_slices_and_from_whole_tables() {
        // Every split of n = 8 to 11, in the order of their slices, with 0 to 3 rows fixed:
        // the same weighted count as from the whole tables, and after the last split the store
        // keeps no more than the largest set of slices one split read, beside the last set.
        for n in 8..=11usize {
            let g = Geometry::new(n);
            let whole = Quarters::new(&g).unwrap();
            for fixed in 0..=3 {
                let mut list = splits(n);
                slices::order(&g, &mut list, fixed);
                let slices = Slices::new(fixed);
                let mut most = 0;
                for s in &list {
                    let q = slices.quarters(&g, s, &|| false).unwrap();
                    most = most.max(q.bytes());
                    let want = count_split_with(&g, Some(&whole), s);
                    assert_eq!(count_split_with(&g, Some(&q), s), want, "n = {n}, {s:?}");
                }
                assert!(slices.bytes() <= 2 * most, "n = {n}, fixed {fixed}");
            }
        }
    }

    /// The record sizes themselves, where the whole tables do not fit: a few splits of n = 23
    /// and 24 (the first, one in the middle and the last of the plan's order), joined from
    /// their slices as a count does and searched without tables. Some 30 s: run with
    /// `--ignored` in a release build.
    #[test]
    #[ignore]
    fn at_record_sizes_a_split_joined_from_its_slices_counts_as_searched() {
        for n in [23usize, 24] {
            let g = Geometry::new(n);
            let fixed = slices::fixed_rows(n, whole_estimate(n));
            let mut list = splits(n);
            slices::order(&g, &mut list, fixed);
            let slices = Slices::new(fixed);
            for i in [0, list.len() / 2, list.len() - 1] {
                let s = &list[i];
                let q = slices.quarters(&g, s, &|| false).unwrap();
                let want = count_split_with(&g, None, s);
                assert_eq!(count_split_with(&g, Some(&q), s), want, "n = {n}, {s:?}");
            }
        }
    }

    #[test]
    fn a_stop_while_slices_are_built_ends_the_split_with_no_count() {
        let plan = sliced(14, 1);
        let stop = std::sync::atomic::AtomicBool::new(true);
        let watch = Watch::new(Some(&stop), &crate::progress::NoProgress, None);
        assert_eq!(plan.count_watched(0, &watch), None);
        assert_eq!(
            plan.count_one(0),
            HalvesPlan::fitting(14).unwrap().count_one(
                HalvesPlan::fitting(14)
                    .unwrap()
                    .splits
                    .iter()
                    .position(|s| *s == plan.splits[0])
                    .unwrap()
            )
        );
    }

    #[test]
    fn matches_oeis_up_to_13() {
        for n in 1..=13 {
            assert_eq!(total(n), A000170[n - 1], "n = {n}");
        }
    }

    #[test]
    fn every_split_matches_bitmask_on_small_boards() {
        // Each split's weighted count, searched and joined, against a plain backtracking count
        // restricted to that split.
        for n in [6usize, 7, 8, 9] {
            let g = Geometry::new(n);
            let q = Quarters::new(&g).unwrap();
            let mut sum = 0u128;
            for s in splits(n) {
                let got = count_split(&g, &s);
                assert_eq!(got, brute_split(n, &s), "n = {n}, split {s:?}");
                assert_eq!(
                    count_split_with(&g, Some(&q), &s),
                    got,
                    "n = {n}, split {s:?}"
                );
                sum += s.weight as u128 * got as u128;
            }
            assert_eq!(sum, A000170[n - 1]);
        }
    }

    #[test]
    fn buckets_change_no_split_count() {
        // Real splits are cut only from 16,384 east keys (n = 19 and up): force the cutting on
        // small boards, with tiny buckets so that every split of n >= 9 uses all six cut bits.
        for n in [8usize, 9, 10, 11] {
            let plain = Geometry::new(n);
            let cut = Geometry {
                cut_from: 1,
                bucket_keys: 1,
                ..Geometry::new(n)
            };
            let q = Quarters::new(&plain).unwrap();
            for s in splits(n) {
                let want = count_split(&plain, &s);
                assert_eq!(count_split(&cut, &s), want, "n = {n}, split {s:?}");
                assert_eq!(
                    count_split_with(&cut, Some(&q), &s),
                    want,
                    "n = {n}, split {s:?}"
                );
            }
        }
    }

    #[test]
    fn every_build_of_the_kernel_counts_alike() {
        // The portable build and every vector build this processor has, on every split, with
        // and without buckets.
        let builds = Build::available();
        for n in [9usize, 10, 11, 12] {
            for g in [
                Geometry::new(n),
                Geometry {
                    cut_from: 1,
                    bucket_keys: 1,
                    ..Geometry::new(n)
                },
            ] {
                let q = Quarters::new(&g).unwrap();
                let mut scratch = (Default::default(), sliced::Sliced::new(&[], 1, &[]));
                for s in splits(n) {
                    let (classes, sliced) = &mut scratch;
                    let want = count_split_in(&g, Some(&q), &s, Build::Plain, (classes, sliced));
                    for &b in &builds[1..] {
                        let (classes, sliced) = &mut scratch;
                        let got = count_split_in(&g, Some(&q), &s, b, (classes, sliced));
                        assert_eq!(got, want, "n = {n}, {b:?}, split {s:?}");
                    }
                }
            }
        }
    }

    /// The weighted count of [`count_split`] by plain backtracking: the solutions whose
    /// west-half queens are exactly on `s.west_rows` (and whose middle-column queen is on
    /// `s.middle`) and none of them on a long diagonal, weighted by their east queens on the
    /// long diagonals.
    fn brute_split(n: usize, s: &Split) -> u64 {
        let mut count = 0;
        let long = |r: usize, c: usize| r == c || r + c == n - 1;
        for p in crate::reference::bitmask::solutions(n).unwrap() {
            let cols = p.columns();
            let col = |r: usize| cols[r] as usize;
            let west: u64 = (0..n).filter(|&r| col(r) < n / 2).map(|r| 1u64 << r).sum();
            let mid = (n % 2 == 1).then(|| (0..n).find(|&r| col(r) == n / 2).unwrap() as u8);
            let west_long = (0..n).any(|r| col(r) < n / 2 && long(r, col(r)));
            let east_long = (0..n)
                .filter(|&r| col(r) >= n - n / 2 && long(r, col(r)))
                .count();
            if west == s.west_rows && mid == s.middle && !west_long {
                count += if east_long == 0 {
                    s.bare as u64
                } else {
                    1 << east_long
                };
            }
        }
        count
    }

    #[test]
    fn long_diagonal_weights_pair_up_mirror_splits() {
        // A split and its left-right image share the bare solutions: weights 2 + 0 or 1 alone.
        for n in 5..=12usize {
            let all = splits(n);
            let bare: u64 = all.iter().map(|s| s.weight as u64 * s.bare as u64).sum();
            let weight: u64 = all.iter().map(|s| s.weight as u64).sum();
            assert_eq!(bare, weight, "n = {n}");
        }
    }

    #[test]
    fn orbit_weights_cover_every_split() {
        for n in 5..=12usize {
            let per_middle = {
                let m = (n - n % 2) as u64;
                (1..=m).product::<u64>()
                    / ((1..=(m / 2)).product::<u64>() * (1..=(m / 2)).product::<u64>())
            };
            let expected = per_middle * if n % 2 == 1 { n as u64 } else { 1 };
            let got: u64 = splits(n).iter().map(|s| s.weight as u64).sum();
            assert_eq!(got, expected, "n = {n}");
        }
    }

    #[test]
    fn refuses_what_it_cannot_do() {
        assert!(HalvesPlan::fitting(0).is_err());
        assert!(HalvesPlan::fitting(33).is_err());
        assert!(check_memory(31, 1).is_err());
        assert!(check_memory(20, 16).is_ok());
    }

    #[test]
    fn the_splits_stand_for_every_split_by_their_weights() {
        // n = 6: 20 splits of 6 rows into 3 + 3, in orbits whose weights add back up to 20.
        let s = splits(6);
        assert_eq!(s.iter().map(|s| s.weight as u32).sum::<u32>(), 20);
        assert!(s.len() < 20);
    }

    #[test]
    fn the_memory_needed_grows_with_the_board() {
        assert!(memory_estimate(20, 2) < 2 << 30);
        assert!(memory_estimate(16, 1) < memory_estimate(20, 1));
        // n = 22 keeps its whole tables on 16 threads; n = 23 would not (4.2 GB measured),
        // and holds slices of them, as n = 24 does; past 24 each split is searched.
        assert!(check_memory(22, 16).is_ok());
        assert!(check_memory(23, 2).is_ok() && check_memory(24, 2).is_ok());
        assert!(quarters_estimate(23) < whole_estimate(23) / 2.0);
        assert!(quarters_estimate(24) < (1u64 << 30) as f64 * 2.5);
        assert!(quarters_estimate(25) == 0.0);
    }

    #[test]
    fn the_tables_take_no_more_than_their_estimate() {
        for n in 16..=18 {
            let q = Quarters::new(&Geometry::new(n)).unwrap();
            assert!((q.bytes() as f64) < quarters_estimate(n), "n = {n}");
        }
    }

    #[test]
    fn the_threads_that_fit_are_none_where_one_does_not() {
        assert_eq!(threads_that_fit(18, 4), Some(4));
        assert_eq!(threads_that_fit(31, 4), None);
    }
}
