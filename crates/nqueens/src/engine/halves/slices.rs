//! Quarter tables held a slice at a time, for boards whose whole tables outgrow the memory.
//!
//! A split reads four tables (the north and south bands of the east and the west half), and of
//! each only the parts on its own rows: the rows of that band in its half. From n = 23 the whole
//! tables take more than [`MEMORY_LIMIT`](crate::machine::MEMORY_LIMIT) (4.2 GB at n = 23), but
//! the rows patterns that use the first few rows of the band in one given way are a small share
//! of them. So the plan puts its splits in the order of the slices they read
//! ([`order`]), and a count holds only the slices of the splits under way ([`Slices`]): each is
//! built when the first split that reads it starts, and dropped once no split under way reads it
//! and the slices kept have grown past the largest set one split has needed.
//!
//! Because the splits come in that order, the threads of a count move from one set of slices to
//! the next together, and a set is built once; a shard (every k-th split) or a campaign's unit
//! (a run of consecutive splits) reads the slices in the same order. The slices are built with the
//! lock held, so the other threads wait while one is built rather than build it twice.

use crate::engine::halves::geometry::Geometry;
use crate::engine::halves::parts::{Halt, Slice, Stored, Table, West};
use crate::engine::halves::quarters::{Band, Quarters, Side};
use crate::engine::halves::split::Split;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most memory (bytes) the slices one split reads may take by the estimate: the first rows
/// of each band are fixed until they fit ([`fixed_rows`]).
pub const SLICES_BUDGET: f64 = 1.25 * (1u64 << 30) as f64;

/// The tables one split reads, as (band, slice): east north, east south, west north, west south.
pub(super) type Needs = [(Band, Slice); 4];

/// The slices a split reads when `fixed` first rows of each band are fixed.
pub(super) fn needs(g: &Geometry, s: &Split, fixed: u32) -> Needs {
    let middle = s.middle.map_or(0, |r| 1u64 << r);
    let east = g.full() & !middle & !s.west_rows;
    let [en, es] = Side::East.patterns(g, east);
    let [wn, ws] = Side::West.patterns(g, s.west_rows);
    [en, es, wn, ws].map(|(band, rows)| (band, Slice::of(rows, fixed)))
}

/// Puts `splits` in the order of the slices they read, keeping the order of those that read the
/// same (the sort is stable).
pub(super) fn order(g: &Geometry, splits: &mut [Split], fixed: u32) {
    // Millions of splits from n = 23: each set of slices packed in a word, 16 bits a slice
    // (its band and its fixed rows), in the order `Needs` compares.
    let rank = |s: &Split| {
        needs(g, s, fixed).iter().fold(0u64, |r, &(band, slice)| {
            r << 16 | (band as u64) << 15 | slice.value
        })
    };
    splits.sort_by_cached_key(rank);
}

/// The share of the whole tables that the largest set of slices one split reads takes, at most,
/// with `fixed` first rows fixed: counted over every split at n = 18 to 21, about half as much
/// for each row fixed (0.50 to 0.55 of it). At even n the two bands of a half read one table,
/// and a split may read two slices of it, so the first row fixed takes nothing off.
fn share(n: usize, fixed: u32) -> f64 {
    let halved = match n.is_multiple_of(2) {
        true => fixed.saturating_sub(1),
        false => fixed,
    };
    0.53f64.powi(halved as i32)
}

/// The first rows of each band that a slice fixes at n, given the whole tables' estimated
/// bytes: the fewest that bring one split's slices under [`SLICES_BUDGET`] (each row fixed
/// doubles the slices of a band, and the slices of the south bands are built again for every
/// slice of the north band read before them).
pub(super) fn fixed_rows(n: usize, whole: f64) -> u32 {
    // Fifteen at most, so that a slice's fixed rows fit the bits `order` gives them.
    (0..15)
        .find(|&f| whole * share(n, f) <= SLICES_BUDGET)
        .unwrap_or(15)
}

/// The estimated bytes of one split's slices at n, given the whole tables' estimated bytes.
pub(super) fn needs_estimate(n: usize, whole: f64) -> f64 {
    whole * share(n, fixed_rows(n, whole))
}

/// A table kept, with when it was last read.
struct Kept<P> {
    id: (Band, Slice),
    table: Arc<Table<P>>,
    tick: u64,
}

/// What is kept: the tables of each half, the reads so far, and the most bytes one split's
/// slices have taken.
#[derive(Default)]
struct State {
    east: Vec<Kept<u64>>,
    west: Vec<Kept<West>>,
    tick: u64,
    budget: usize,
}

/// The slices of one count, shared by its threads.
pub(super) struct Slices {
    /// The first rows of each band a slice fixes.
    pub fixed: u32,
    state: Mutex<State>,
    /// Nanoseconds spent building slices, for the benchmarks.
    building: AtomicU64,
}

impl Slices {
    /// No slice yet; each is built when a split first reads it.
    pub fn new(fixed: u32) -> Slices {
        Slices {
            fixed,
            state: Mutex::new(State::default()),
            building: AtomicU64::new(0),
        }
    }

    /// The seconds spent building slices so far.
    pub fn building_seconds(&self) -> f64 {
        self.building.load(Ordering::Relaxed) as f64 * 1e-9
    }

    /// The quarters split `s` reads, built where they are not kept; `Halt::Stopped` where
    /// `stop` said so during a build, `Halt::Memory` where the system refused the memory.
    pub fn quarters(
        &self,
        g: &Geometry,
        s: &Split,
        stop: &dyn Fn() -> bool,
    ) -> Result<Quarters, Halt> {
        let want = needs(g, s, self.fixed);
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.tick += 1;
        let tick = state.tick;
        let east_held = |id| state.east.iter().any(|k| k.id == id);
        let west_held = |id| state.west.iter().any(|k| k.id == id);
        let missing =
            !(east_held(want[0]) && east_held(want[1]) && west_held(want[2]) && west_held(want[3]));
        let started = Instant::now();
        if missing {
            state.make_room(&want);
        }
        let result = (|| {
            let east = (
                fetch(&mut state.east, g, Side::East, want[0], tick, stop)?,
                fetch(&mut state.east, g, Side::East, want[1], tick, stop)?,
            );
            let west = (
                fetch(&mut state.west, g, Side::West, want[2], tick, stop)?,
                fetch(&mut state.west, g, Side::West, want[3], tick, stop)?,
            );
            Ok(Quarters::from_tables(g, east, west))
        })();
        if missing {
            let spent = started.elapsed().as_nanos() as u64;
            self.building.fetch_add(spent, Ordering::Relaxed);
        }
        match &result {
            Ok(q) => state.budget = state.budget.max(q.bytes()),
            // What was built for nothing goes, and what nobody reads with it.
            Err(_) => state.make_room(&[]),
        }
        result
    }

    /// The bytes of the slices kept now.
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        let state = self.state.lock().unwrap();
        state.bytes()
    }
}

impl State {
    fn bytes(&self) -> usize {
        let e: usize = self.east.iter().map(|k| k.table.bytes()).sum();
        let w: usize = self.west.iter().map(|k| k.table.bytes()).sum();
        e + w
    }

    /// Drops the slices no split under way reads (only this store holds them) and `want` does
    /// not name, least recently read first, until those kept take no more than the largest set
    /// one split has read: a count keeps about one set beside the one it builds, so that two
    /// runs of splits a little apart (a campaign's two lanes) do not build each other's slices
    /// again and again.
    fn make_room(&mut self, want: &[(Band, Slice)]) {
        let idle = |id: &(Band, Slice), rc: usize, side: usize| {
            // East ids are want[0..2], west ids want[2..4].
            rc == 1 && !want.iter().skip(side).take(2).any(|w| w == id)
        };
        let mut candidates: Vec<(u64, bool, usize)> = Vec::new();
        for (i, k) in self.east.iter().enumerate() {
            if idle(&k.id, Arc::strong_count(&k.table), 0) {
                candidates.push((k.tick, true, i));
            }
        }
        for (i, k) in self.west.iter().enumerate() {
            if idle(&k.id, Arc::strong_count(&k.table), 2) {
                candidates.push((k.tick, false, i));
            }
        }
        candidates.sort_unstable();
        let budget = if want.is_empty() { 0 } else { self.budget };
        let mut bytes = self.bytes();
        let (mut east_gone, mut west_gone) = (Vec::new(), Vec::new());
        for (_, east, i) in candidates {
            if bytes <= budget {
                break;
            }
            if east {
                bytes -= self.east[i].table.bytes();
                east_gone.push(self.east[i].id);
            } else {
                bytes -= self.west[i].table.bytes();
                west_gone.push(self.west[i].id);
            }
        }
        self.east.retain(|k| !east_gone.contains(&k.id));
        self.west.retain(|k| !west_gone.contains(&k.id));
    }
}

/// The kept table `id` of `side`, built first where it is not kept.
fn fetch<P: Stored>(
    kept: &mut Vec<Kept<P>>,
    g: &Geometry,
    side: Side,
    id: (Band, Slice),
    tick: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Arc<Table<P>>, Halt> {
    if let Some(k) = kept.iter_mut().find(|k| k.id == id) {
        k.tick = tick;
        return Ok(k.table.clone());
    }
    let table = Arc::new(side.table(g, id.0, id.1, stop)?);
    kept.push(Kept {
        id,
        table: table.clone(),
        tick,
    });
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::halves::split::splits;

    #[test]
    fn a_split_reads_one_slice_of_each_table_and_the_order_groups_them() {
        let g = Geometry::new(12);
        let mut list = splits(12);
        order(&g, &mut list, 3);
        let sets: Vec<Needs> = list.iter().map(|s| needs(&g, s, 3)).collect();
        // Sorted, so each set of slices is one run of splits.
        assert!(sets.windows(2).all(|w| w[0] <= w[1]));
        // Each slice holds its own split's rows.
        for (s, need) in list.iter().zip(&sets) {
            let east = g.full() & !s.west_rows;
            let rows = [
                Side::East.patterns(&g, east),
                Side::West.patterns(&g, s.west_rows),
            ];
            for ((_, slice), (_, pattern)) in need.iter().zip(rows.concat()) {
                assert!(slice.admits(pattern), "{s:?}");
            }
        }
        let mut distinct = sets.clone();
        distinct.dedup();
        assert!(distinct.len() > 10 && distinct.len() < list.len());
    }

    #[test]
    fn a_stop_during_a_build_is_heeded_and_nothing_is_kept() {
        let g = Geometry::new(12);
        let slices = Slices::new(1);
        let s = splits(12)[0];
        assert_eq!(slices.quarters(&g, &s, &|| true).err(), Some(Halt::Stopped));
        assert_eq!(slices.bytes(), 0);
    }

    #[test]
    fn the_rows_fixed_grow_with_the_tables() {
        assert_eq!(fixed_rows(23, 1e9), 0);
        assert_eq!(fixed_rows(23, 5.6e9), 3);
        assert_eq!(fixed_rows(24, 12.5e9), 5);
        assert!(needs_estimate(23, 5.6e9) <= SLICES_BUDGET);
        assert!(needs_estimate(24, 12.5e9) <= SLICES_BUDGET);
    }
}
