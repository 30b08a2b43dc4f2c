//! The CPU's part of a count on GPUs: cutting each constellation into tasks, and describing
//! them in the words the shader reads.
//!
//! A GPU runs tens of thousands of threads at once, each needing a search of its own, and a
//! constellation is one search: far too few, and of very unequal sizes. So the first rows of
//! each constellation's search are placed here, on the CPU, and every way to place them that
//! leaves the next row a free cell becomes a task: the masks of columns and diagonals in use
//! when its search starts. A GPU thread then counts the completions of one task at a time.
//!
//! How many rows a task leaves grows slowly with n ([`task_rows`]), so that a task's search
//! stays about the same size on every board: big enough that handing it over costs little
//! beside searching it, small enough that tasks are many (millions from n = 20 on) and the last
//! ones of a dispatch end soon after the others. It also bounds every task's count: a task
//! leaves at most [`MAX_TASK_ROWS`] rows, so it has at most 20! completions, under 2^64, which
//! is what the shader's 64-bit sums (two 32-bit words) hold.
//!
//! Everything here is plain CPU code: the shader's inputs, a CPU count of any task, which is
//! what the shader must give for it, and how long a constellation's tasks look before they are
//! counted, which decides the order they go in ([`task_lengths`]).

use crate::board::bits::{Bits, lowest};
use crate::engine::constellation::{Layout, SymmetryPlan};
use crate::machine::GPU_TASK_ROWS;
use crate::plan::Plan;

/// The most rows a task leaves to its GPU thread: its count is then at most 20! < 2^64.
pub const MAX_TASK_ROWS: usize = 20;

/// The fewest rows a task leaves: the shader walks at least one row and counts the free cells
/// of the last one below it.
pub(crate) const MIN_TASK_ROWS: usize = 2;

/// The rows a task leaves to its GPU thread on the n×n board (or fewer, when the constellation
/// leaves fewer): one more every three sizes, which keeps the tasks' searches about the same
/// size as n grows.
pub fn task_rows(n: usize) -> usize {
    ((n + 19) / 3).clamp(MIN_TASK_ROWS, MAX_TASK_ROWS)
}

/// The rows placed on the CPU before a constellation with `m` free rows is handed over as
/// tasks that leave `rows` rows each (or all `m`, when fewer); `None` when it leaves too few rows
/// for the shader (tiny boards), which the CPU then counts itself.
pub fn placed_rows(rows: usize, m: usize) -> Option<usize> {
    (m >= MIN_TASK_ROWS).then(|| m - m.min(rows))
}

/// The rows of stack a GPU thread needs for a constellation with `m` free rows of which `k` are
/// placed: one per row it walks, all but the last, whose cells are counted.
pub(crate) fn stack_rows(m: usize, k: usize) -> usize {
    m - k - 1
}

/// The most rows a record describes: the shader's gaps of all of them fit in one 32-bit word,
/// two bits each, and its copy of their cells is four vector loads. A task on a board of up to
/// 32 rows walks at most `task_rows(32) - 1` = 16, and so does one whose rows a count fixed
/// ([`GPU_TASK_ROWS`]).
pub(crate) const RECORD_LEVELS: usize = 16;

// The rows a count may fix for its tasks ([`GPU_TASK_ROWS`]) are those a record describes
// (a task of r rows keeps r - 1 rows of stack), and their counts fit the shader's 64 bits.
const _: () = assert!(
    *GPU_TASK_ROWS.start() == MIN_TASK_ROWS
        && *GPU_TASK_ROWS.end() == RECORD_LEVELS + 1
        && RECORD_LEVELS < MAX_TASK_ROWS
);

/// Words of one layout record (see [`record`]).
pub(crate) const RECORD_WORDS: usize = 4 + RECORD_LEVELS;

/// Bytes of one layout record.
pub(crate) const RECORD_BYTES: usize = 4 * RECORD_WORDS;

/// Bytes of workgroup memory a GPU thread needs to walk `levels` rows: each row's four masks,
/// and the cells of the row below each but the deepest (whose row's cells the walk keeps).
pub fn thread_bytes(levels: usize) -> usize {
    16 * levels + 4 * levels.saturating_sub(1)
}

/// Bytes of one task: the column mask, the two diagonal masks, and the index of its layout
/// record, each a 32-bit word.
pub const TASK_BYTES: usize = 16;

/// The layout record the shader reads for a constellation whose first `k` free rows are placed
/// on the CPU, as 32-bit words: the level `m - 2 - k` whose next row is the last; the gaps, two
/// bits a level (level `j` in bits `2j` and `2j + 1`: how many rows down the next free row
/// lies); the cells of row `k`; the cells of the last row; then for each level `j` from 0 (row
/// `k`) to the last, the cells of the next free row.
pub(crate) fn record(n: usize, lay: &Layout, k: usize) -> [u32; RECORD_WORDS] {
    let m = lay.avail.len();
    debug_assert!(n <= 32 && m >= MIN_TASK_ROWS && k + MIN_TASK_ROWS <= m);
    debug_assert!(stack_rows(m, k) <= RECORD_LEVELS);
    let mut r = [0u32; RECORD_WORDS];
    r[0] = (m - 2 - k) as u32;
    r[2] = lay.avail[k] as u32;
    r[3] = lay.avail[m - 1] as u32;
    for (j, d) in (k..m - 1).enumerate() {
        debug_assert!((1..=3).contains(&lay.gap[d]));
        r[1] |= lay.gap[d] << (2 * j);
        r[4 + j] = lay.avail[d + 1] as u32;
    }
    r
}

/// The masks in use when the search reaches a row: columns (the border queens' included), and
/// the two diagonals, as they bear on that row.
type Masks = (u64, u64, u64);

/// The placements of the first `k` free rows of a layout that leave row `k` a free cell, in the
/// order of the CPU search, handed out a few at a time ([`Prefixes::fill`]) so that a
/// constellation with billions of them never needs them all at once.
#[derive(Debug)]
pub struct Prefixes {
    k: usize,
    /// For each row being walked, its cells not tried yet and the masks above it.
    stack: Vec<(u64, Masks)>,
    /// For k = 0: the one task, until handed out.
    whole: Option<Masks>,
}

impl Prefixes {
    /// The placements of the first `k` free rows of `lay`, none handed out yet.
    pub fn new(lay: &Layout, k: usize) -> Prefixes {
        let start = (lay.border_cols, 0, 0);
        let free = lay.avail[0] & !lay.border_cols;
        let (stack, whole) = match (k, free) {
            (_, 0) => (Vec::new(), None),
            (0, _) => (Vec::new(), Some(start)),
            _ => (vec![(free, start)], None),
        };
        Prefixes { k, stack, whole }
    }

    /// Appends up to `room` tasks, tagged with `tag` (the index of the layout record), to
    /// `out`; returns how many. Fewer than `room` means there are no more.
    pub fn fill(&mut self, lay: &Layout, tag: u32, out: &mut Vec<u8>, room: usize) -> usize {
        let mut put = 0;
        let emit = |(cols, left, right): Masks, out: &mut Vec<u8>| {
            for w in [cols as u32, left as u32, right as u32, tag] {
                out.extend_from_slice(&w.to_le_bytes());
            }
        };
        if room == 0 {
            return 0;
        }
        if let Some(m) = self.whole.take() {
            emit(m, out);
            return 1;
        }
        while let Some(d) = self.stack.len().checked_sub(1) {
            let top = &mut self.stack[d];
            if top.0 == 0 {
                self.stack.pop();
                continue;
            }
            let bit = lowest(top.0);
            top.0 ^= bit;
            let (cols, left, right) = top.1;
            let g = lay.gap[d];
            let next = (cols | bit, (left | bit) << g, (right | bit) >> g);
            let free = lay.avail[d + 1] & !(next.0 | next.1 | next.2);
            if free == 0 {
                continue;
            }
            if d + 1 == self.k {
                emit(next, out);
                put += 1;
                if put == room {
                    return put;
                }
            } else {
                self.stack.push((free, next));
            }
        }
        put
    }
}

/// How many tasks a layout makes with `k` rows placed, counting no further than `cap`.
pub(crate) fn count_prefixes(lay: &Layout, k: usize, cap: u64) -> u64 {
    fn walk(lay: &Layout, k: usize, d: usize, free: u64, masks: Masks, cap: u64) -> u64 {
        if d == k {
            return 1;
        }
        let (cols, left, right) = masks;
        let g = lay.gap[d];
        let mut found = 0;
        for bit in Bits(free) {
            if found >= cap {
                break;
            }
            let next = (cols | bit, (left | bit) << g, (right | bit) >> g);
            let below = lay.avail[d + 1] & !(next.0 | next.1 | next.2);
            if below != 0 {
                found += walk(lay, k, d + 1, below, next, cap - found);
            }
        }
        found
    }
    let free = lay.avail[0] & !lay.border_cols;
    if free == 0 {
        return 0;
    }
    walk(lay, k, 0, free, (lay.border_cols, 0, 0), cap.max(1))
}

/// The largest board whose constellations are started in the order of [`task_lengths`]. On
/// larger boards the count's end, where the order tells, is too small a part of the count for
/// any order to matter (the guide's benchmarks chapter gives the model's figures), while the
/// estimate would take seconds.
pub(crate) const ORDERED_UP_TO: usize = 21;

/// Tasks counted at most, per constellation, to estimate how long its tasks are
/// ([`task_lengths`]): on the boards where the order matters, few constellations make more.
pub(crate) const ORDER_TASKS: u64 = 1 << 12;

/// Per constellation of the n×n board cut into tasks of `rows` rows, about how many nodes each
/// of its tasks visits: the estimate of the size of its search
/// (`SymmetryPlan::sized_layout`) over the tasks it makes (counted no further than
/// `ORDER_TASKS`); 0 for one counted on the CPU. `None` above `ORDERED_UP_TO`.
///
/// Why: a count on a GPU ends when its longest task does, and threads that run out of tasks
/// wait for it. Started first, the constellations with the longest tasks end in the middle of
/// the count; the last tasks taken are then short ones, and the threads run dry together. The
/// lockstep model (`tools/gpu-model`) measures how much of the best possible order (every task by its
/// true size, which nobody knows before counting) this estimate gets.
pub fn task_lengths(n: usize, rows: usize, sym: &SymmetryPlan) -> Option<Vec<f64>> {
    if n > ORDERED_UP_TO {
        return None;
    }
    let one = |i: usize| -> f64 {
        let Some((lay, size)) = sym.sized_layout(i) else {
            return 0.0;
        };
        match placed_rows(rows, lay.avail.len()) {
            Some(k) => size / count_prefixes(&lay, k, ORDER_TASKS).max(1) as f64,
            None => 0.0,
        }
    };
    #[cfg(feature = "parallel")]
    let lengths = {
        use rayon::prelude::*;
        (0..sym.len()).into_par_iter().map(one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let lengths = (0..sym.len()).map(one).collect();
    Some(lengths)
}

/// The completions of one task, counted on the CPU: the answer the shader must give for it,
/// and what a count falls back on when no GPU is left to give it.
pub fn count_task(lay: &Layout, k: usize, masks: Masks) -> u64 {
    fn walk(lay: &Layout, d: usize, masks: Masks) -> u64 {
        let (cols, left, right) = masks;
        let free = lay.avail[d] & !(cols | left | right);
        if d + 1 == lay.avail.len() {
            return free.count_ones() as u64;
        }
        let g = lay.gap[d];
        let mut found = 0;
        for bit in Bits(free) {
            found += walk(
                lay,
                d + 1,
                (cols | bit, (left | bit) << g, (right | bit) >> g),
            );
        }
        found
    }
    walk(lay, k, masks)
}

/// Reads task `t` of a piece written by [`Prefixes::fill`]: its masks and its tag.
pub fn read_task(tasks: &[u8], t: usize) -> (Masks, u32) {
    let w = |i: usize| {
        let at = t * TASK_BYTES + 4 * i;
        u32::from_le_bytes(tasks[at..at + 4].try_into().expect("four bytes"))
    };
    ((w(0) as u64, w(1) as u64, w(2) as u64), w(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_cover_each_constellation_exactly() {
        // The tasks of every depth add up to the constellation's completions, as the symmetry
        // engine counts them; handing them out a few at a time loses and repeats none.
        for n in 5..=11 {
            let plan = SymmetryPlan::new(n).unwrap();
            for i in 0..plan.len() {
                let lay = plan.layout(i).unwrap();
                let want = plan.count_one(i);
                let m = lay.avail.len();
                for k in 0..m.saturating_sub(1) {
                    let mut prefixes = Prefixes::new(&lay, k);
                    let mut tasks = Vec::new();
                    while prefixes.fill(&lay, 7, &mut tasks, 3) == 3 {}
                    let len = tasks.len() / TASK_BYTES;
                    assert_eq!(
                        len as u64,
                        count_prefixes(&lay, k, u64::MAX),
                        "n = {n}, {i}"
                    );
                    let all: u128 = (0..len)
                        .map(|t| {
                            let (masks, tag) = read_task(&tasks, t);
                            assert_eq!(tag, 7);
                            count_task(&lay, k, masks) as u128
                        })
                        .sum();
                    assert_eq!(
                        plan.counts_from(i, all),
                        want,
                        "n = {n}, subproblem {i}, k = {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_task_leaves_rows_enough_and_few_enough() {
        for n in 2..=32 {
            assert!((MIN_TASK_ROWS..=MAX_TASK_ROWS).contains(&task_rows(n)));
            for m in 0..=n {
                match placed_rows(task_rows(n), m) {
                    None => assert!(m < MIN_TASK_ROWS),
                    Some(k) => {
                        assert!(m - k >= MIN_TASK_ROWS && m - k <= MAX_TASK_ROWS, "{n} {m}");
                        assert!(stack_rows(m, k) <= task_rows(n));
                    }
                }
            }
        }
        // 20! fits the shader's two words; 21! would not.
        let fact = |r: u128| (1..=r).product::<u128>();
        assert!(fact(MAX_TASK_ROWS as u128) < 1 << 64);
        assert!(fact(MAX_TASK_ROWS as u128 + 1) > 1 << 64);
    }

    #[test]
    fn a_capped_count_stops_at_the_cap() {
        let plan = SymmetryPlan::new(12).unwrap();
        let lay = plan.layout(0).unwrap();
        let all = count_prefixes(&lay, 3, u64::MAX);
        assert!(all > 10);
        assert_eq!(count_prefixes(&lay, 3, 10), 10);
    }
}
