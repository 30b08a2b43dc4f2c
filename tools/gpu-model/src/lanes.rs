//! The lanes of a group in lockstep, turn by turn on a board's real tasks, as the shader plays
//! them: what a turn costs when the lanes take different paths, and the count they must reach.

use super::board::Tasks;
use super::kernels::{Kernel, LANES};
use super::ops::PathCosts;
use nqueens::internals::bits::{Bits, lowest};
use nqueens::internals::constellation::Layout;
use nqueens::internals::gpu::tasks;
use rayon::prelude::*;

/// One lane's walk, as the shader keeps it.
#[derive(Clone)]
struct Lane {
    task: Option<usize>,
    finished: bool,
    search: usize,
    k: usize,
    /// Baseline: the row `m - 4`; step: the last level `m - 2 - k`.
    leaf: usize,
    /// Baseline: the current row; step: the stack's top slot ([`DONE`]: empty).
    d: usize,
    /// Baseline: the current row's masks and its cells not tried yet.
    cols: u32,
    left: u32,
    right: u32,
    free: u32,
    /// Step: the columns in use at the task's first row, counted.
    base: u32,
    count: u64,
    stack: [[u32; 4]; tasks::MAX_TASK_ROWS + 2],
}

impl Lane {
    fn idle() -> Lane {
        Lane {
            task: None,
            finished: false,
            search: 0,
            k: 0,
            leaf: 0,
            d: 0,
            cols: 0,
            left: 0,
            right: 0,
            free: 0,
            base: 0,
            count: 0,
            stack: [[0; 4]; tasks::MAX_TASK_ROWS + 2],
        }
    }
}

/// What the lanes did over a whole count.
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// Q(n), as the lanes counted it.
    pub solutions: u128,
    /// Nodes of the tasks' searches: every queen placed, the last rows' included, whichever
    /// way the kernel gets through them (the same for both kernels).
    pub nodes: u64,
    /// Turns of the loop, per group of lanes, summed over the groups.
    pub warp_turns: u64,
    /// Operations paid: each turn's cost, summed.
    pub ops: u64,
    /// Operations of lanes' own paths, summed over the lanes (at most `LANES × ops`).
    pub useful: u64,
    /// Turns of each task, in the order of the tasks: a lane's turns on it.
    pub task_turns: Vec<u64>,
    /// Lanes' turns of the one-step kernel at the level above the last row, the turns that
    /// count the last row's cells: all that counting the last two rows in closed form would
    /// spare.
    pub last_row_turns: u64,
    /// Levels the one-step kernel's walk passes over when it goes back up: rows whose last cell
    /// was tried while their children were walked. A walk that could rise one level a turn (as
    /// one that restores a row's masks from its child's, keeping less than a row a level,
    /// would) pays an empty turn for each.
    pub skipped_levels: u64,
    /// Completions per search.
    per_search: Vec<u128>,
}

impl Played {
    /// The mean share of lanes' operations that did their own work.
    pub fn active_lanes(&self) -> f64 {
        self.useful as f64 / (LANES as f64 * self.ops.max(1) as f64)
    }

    /// The share of lanes' turns on tasks that [`Played::last_row_turns`] are.
    pub fn last_row_share(&self) -> f64 {
        self.last_row_turns as f64 / self.task_turns.iter().sum::<u64>().max(1) as f64
    }

    /// [`Played::skipped_levels`] per lane's turn on a task: the share of turns a walk that
    /// rises one level a turn would add.
    pub fn skipped_share(&self) -> f64 {
        self.skipped_levels as f64 / self.task_turns.iter().sum::<u64>().max(1) as f64
    }

    /// Operations a lane's slot pays per node: `LANES × ops / nodes`, idle lanes included.
    pub fn ops_per_node(&self) -> f64 {
        LANES as f64 * self.ops as f64 / self.nodes.max(1) as f64
    }

    fn add(&mut self, o: Played) {
        self.nodes += o.nodes;
        self.warp_turns += o.warp_turns;
        self.ops += o.ops;
        self.useful += o.useful;
        self.last_row_turns += o.last_row_turns;
        self.skipped_levels += o.skipped_levels;
        for (a, b) in self.per_search.iter_mut().zip(o.per_search) {
            *a += b;
        }
        for (a, b) in self.task_turns.iter_mut().zip(o.task_turns) {
            *a += b;
        }
    }
}

/// The completions and nodes of the rows below a placement at row `d` (masks after it), by
/// a plain walk: what the baseline's closed form finds for the last three rows.
fn below(lay: &Layout, d: usize, cols: u64, left: u64, right: u64) -> (u64, u64) {
    let g = lay.gap[d];
    let (cols, left, right) = (cols, left << g, right >> g);
    let free = lay.avail[d + 1] & !(cols | left | right);
    if d + 2 == lay.avail.len() {
        return (free.count_ones() as u64, free.count_ones() as u64);
    }
    let (mut found, mut nodes) = (0, 0);
    for bit in Bits(free) {
        let (f, n) = below(lay, d + 1, cols | bit, left | bit, right | bit);
        found += f;
        nodes += n + 1;
    }
    (found, nodes)
}

/// The paths a lane takes in one turn (bits), and whether it counted.
const P_TRY: u8 = 1;
const P_LEAF: u8 = 2;
const P_PUSH: u8 = 4;
const P_POP: u8 = 8;
const P_CHANGE: u8 = 16;
const P_STEP: u8 = 32;

/// Plays the kernel on every task of `tasks`, in `groups` independent parts (contiguous runs of
/// tasks, played on as many threads), each with `warps` groups of [`LANES`] lanes that take
/// tasks from their part's shared counter, one turn of every group in turn.
pub fn simulate(
    kernel: Kernel,
    costs: &PathCosts,
    tasks: &Tasks,
    groups: usize,
    warps: usize,
) -> Played {
    let len = tasks.len();
    let groups = groups.clamp(1, len.max(1));
    let parts: Vec<std::ops::Range<usize>> = (0..groups)
        .map(|g| g * len / groups..(g + 1) * len / groups)
        .collect();
    let play = |range: std::ops::Range<usize>| play_part(kernel, costs, tasks, range, warps);
    let results: Vec<Played> = parts.into_par_iter().map(play).collect();
    let mut all = Played {
        per_search: vec![0; tasks.searches.len()],
        task_turns: vec![0; len],
        ..Played::default()
    };
    for r in results {
        all.add(r);
    }
    all.solutions = tasks.total(&all.per_search);
    all
}

fn play_part(
    kernel: Kernel,
    costs: &PathCosts,
    tasks: &Tasks,
    range: std::ops::Range<usize>,
    warps: usize,
) -> Played {
    let mut out = Played {
        per_search: vec![0; tasks.searches.len()],
        task_turns: vec![0; tasks.len()],
        ..Played::default()
    };
    let mut next = range.start;
    let mut lanes: Vec<Vec<Lane>> = vec![vec![Lane::idle(); LANES]; warps];
    let cost_of = |paths: u8| -> u64 {
        let mut c = 0;
        for (bit, name) in [
            (P_TRY, "try"),
            (P_LEAF, "leaf"),
            (P_PUSH, "push"),
            (P_POP, "pop"),
            (P_CHANGE, "change"),
            (P_STEP, "step"),
        ] {
            if paths & bit != 0 {
                c += costs.get(name);
            }
        }
        c
    };
    loop {
        let mut any = false;
        for warp in lanes.iter_mut() {
            if warp.iter().all(|l| l.finished) {
                continue;
            }
            any = true;
            let mut union = 0u8;
            let mut own = 0u64;
            for lane in warp.iter_mut() {
                if lane.finished {
                    continue;
                }
                let paths = match kernel {
                    Kernel::Baseline => turn_baseline(lane, tasks, &mut next, &range, &mut out),
                    Kernel::Step => turn_step(lane, tasks, &mut next, &range, &mut out),
                };
                union |= paths;
                own += cost_of(paths);
            }
            out.warp_turns += 1;
            out.ops += cost_of(union);
            out.useful += own;
        }
        if !any {
            return out;
        }
    }
}

/// Takes the next task of the part for a lane, or marks it finished.
fn fetch(lane: &mut Lane, next: &mut usize, range: &std::ops::Range<usize>) -> Option<usize> {
    if *next < range.end {
        *next += 1;
        lane.task = Some(*next - 1);
        Some(*next - 1)
    } else {
        lane.finished = true;
        lane.task = None;
        None
    }
}

/// Ends a lane's task (its count to its search) and takes the next: its search, the rows
/// placed on the CPU and its masks; `None` when the part has none left.
fn next_task<'t>(
    lane: &mut Lane,
    tasks: &'t Tasks,
    next: &mut usize,
    range: &std::ops::Range<usize>,
    out: &mut Played,
) -> Option<(&'t Layout, usize, (u32, u32, u32))> {
    if lane.task.is_some() {
        out.per_search[lane.search] += lane.count as u128;
    }
    let t = fetch(lane, next, range)?;
    let ([c, l, r], s) = tasks.list[t];
    let (lay, k) = &tasks.searches[s as usize];
    lane.search = s as usize;
    Some((lay, *k, (c, l, r)))
}

/// One turn of the baseline kernel for one lane.
fn turn_baseline(
    lane: &mut Lane,
    tasks: &Tasks,
    next: &mut usize,
    range: &std::ops::Range<usize>,
    out: &mut Played,
) -> u8 {
    if let Some(t) = lane.task {
        out.task_turns[t] += 1;
    }
    if lane.free != 0 {
        let (lay, _) = &tasks.searches[lane.search];
        let bit = lowest(lane.free);
        lane.free ^= bit;
        out.nodes += 1;
        let g = lay.gap[lane.d];
        let (c, l, r) = (
            lane.cols | bit,
            (lane.left | bit) << g,
            (lane.right | bit) >> g,
        );
        let cells = lay.avail[lane.d + 1] as u32 & !(c | l | r);
        if lane.d == lane.leaf {
            let (found, nodes) = below(
                lay,
                lane.d,
                c as u64,
                (lane.left | bit) as u64,
                (lane.right | bit) as u64,
            );
            lane.count += found;
            out.nodes += nodes;
            P_TRY | P_LEAF
        } else if cells != 0 {
            lane.stack[lane.d - lane.k] = [lane.cols, lane.left, lane.right, lane.free];
            (lane.cols, lane.left, lane.right, lane.free) = (c, l, r, cells);
            lane.d += 1;
            P_TRY | P_PUSH
        } else {
            P_TRY
        }
    } else if lane.task.is_some() && lane.d != lane.k {
        lane.d -= 1;
        [lane.cols, lane.left, lane.right, lane.free] = lane.stack[lane.d - lane.k];
        P_POP
    } else {
        let Some((lay, k, (c, l, r))) = next_task(lane, tasks, next, range, out) else {
            return P_CHANGE;
        };
        lane.k = k;
        lane.leaf = lay.avail.len() - 4;
        lane.d = k;
        (lane.cols, lane.left, lane.right) = (c, l, r);
        lane.free = lay.avail[k] as u32 & !(c | l | r);
        lane.count = 0;
        if let Some(t) = lane.task {
            out.task_turns[t] += 1;
        }
        P_CHANGE
    }
}

/// One turn of the one-step kernel for one lane: a change of task first when its task ended,
/// then the step, exactly as `count.wgsl` does.
fn turn_step(
    lane: &mut Lane,
    tasks: &Tasks,
    next: &mut usize,
    range: &std::ops::Range<usize>,
    out: &mut Played,
) -> u8 {
    let mut paths = P_STEP;
    if lane.task.is_none() || lane.d == DONE {
        paths |= P_CHANGE;
        let Some((lay, k, masks)) = next_task(lane, tasks, next, range, out) else {
            return P_CHANGE;
        };
        begin(lane, lay, k, masks);
    }
    if let Some(t) = lane.task {
        out.task_turns[t] += 1;
    }
    let (lay, _) = &tasks.searches[lane.search];
    let (found, nodes, last_row, skipped) = step(lane, lay);
    lane.count += found;
    out.nodes += nodes;
    out.last_row_turns += last_row as u64;
    out.skipped_levels += skipped;
    paths
}

/// `d` of a lane whose stack is empty: its walk has gone back above its task's first row.
const DONE: usize = 0;

/// A lane at the start of the task with masks `masks` of a search with `k` rows placed. For
/// this kernel `d` is the stack's top slot (slot 0 stays unused) and `stack` holds each row's
/// masks and its cells not tried yet.
fn begin(lane: &mut Lane, lay: &Layout, k: usize, masks: (u32, u32, u32)) {
    lane.k = k;
    lane.leaf = lay.avail.len() - 2 - k;
    let free = lay.avail[k] as u32 & !(masks.0 | masks.1 | masks.2);
    lane.stack[1] = [masks.0, masks.1, masks.2, free];
    lane.d = if free != 0 { 1 } else { DONE };
    lane.base = masks.0.count_ones();
    lane.count = 0;
}

/// The shader's `step` for one lane: returns the completions it counted, the nodes it
/// visited (a cell tried, and the last row's cells it counted), whether it counted them, and
/// the levels it passed over going back up (see [`Played::skipped_levels`]).
fn step(lane: &mut Lane, lay: &Layout) -> (u64, u64, bool, u64) {
    let [x, y, z, free] = lane.stack[lane.d];
    let bit = lowest(free);
    let rest = free ^ bit;
    lane.stack[lane.d][3] = rest;
    // A row's level is told by its columns in use: the slot is not the level once a row has
    // left the stack in the turn that put its child on. (The shader keeps the level and a mask
    // of the levels on the stack instead; the turns and the cells tried are the same.)
    let level = (x.count_ones() - lane.base) as usize;
    let row = lane.k + level;
    let (g, cells) = (lay.gap[row], lay.avail[row + 1] as u32);
    let (c, l, r) = (x | bit, (y | bit) << g, (z | bit) >> g);
    let child = cells & !(c | l | r);
    let at_last = level == lane.leaf;
    let found = if at_last {
        child.count_ones() as u64
    } else {
        0
    };
    let top = if rest == 0 { lane.d - 1 } else { lane.d };
    let mut skipped = 0;
    if !at_last && child != 0 {
        lane.stack[top + 1] = [c, l, r, child];
        lane.d = top + 1;
    } else {
        lane.d = top;
        if rest == 0 {
            // Back to the row on top now, one level above the task's first row when none is
            // left: every level between is passed over.
            let above = match top {
                DONE => 0,
                t => (lane.stack[t][0].count_ones() - lane.base) as usize + 1,
            };
            skipped = (level - above) as u64;
        }
    }
    (found, 1 + found, at_last, skipped)
}

/// One task walked by the one-step kernel's rule, alone: its completions and its turns.
pub(crate) fn walk_task(lay: &Layout, k: usize, masks: (u32, u32, u32)) -> (u64, u64) {
    let mut lane = Lane::idle();
    begin(&mut lane, lay, k, masks);
    let (mut found, mut turns) = (0, 0);
    while lane.d != DONE {
        found += step(&mut lane, lay).0;
        turns += 1;
    }
    (found, turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::internals::gpu::tasks::{Prefixes, TASK_BYTES};
    use nqueens::plan::Plan;

    /// Every task of the n×n board, cut as the engine cuts it (tasks of at most eight rows),
    /// given to `f` with its layout, its rows placed, its masks as the task holds them and the
    /// constellation and task numbers.
    fn every_task(n: usize, mut f: impl FnMut(&Layout, usize, (u64, u64, u64), usize, usize)) {
        let rows = tasks::task_rows(n).min(8);
        let sym = nqueens::internals::constellation::SymmetryPlan::new(n).unwrap();
        for i in 0..sym.len() {
            let Some(lay) = sym.layout(i) else { continue };
            let Some(k) = tasks::placed_rows(rows, lay.avail.len()) else {
                continue;
            };
            let mut bytes = Vec::new();
            Prefixes::new(&lay, k).fill(&lay, 0, &mut bytes, usize::MAX);
            for t in 0..bytes.len() / TASK_BYTES {
                let (masks, _) = tasks::read_task(&bytes, t);
                f(&lay, k, masks, i, t);
            }
        }
    }

    #[test]
    fn the_lane_and_the_cpu_agree_on_every_task() {
        // Every task of the boards up to 13, walked by the model's lane and counted on the CPU
        // as the engine counts a task (its shader is held against the same count in the
        // library's tests).
        for n in 6..=13 {
            every_task(n, |lay, k, masks, i, t| {
                let cpu = tasks::count_task(lay, k, masks);
                let (c, l, r) = masks;
                let (model, _) = walk_task(lay, k, (c as u32, l as u32, r as u32));
                assert_eq!(model, cpu, "n = {n}, constellation {i}, task {t}");
            });
        }
    }

    /// Rows of a task's search whose last cell's child was walked: a walk that rises one
    /// level a turn returns to each of them once, with no cell left to try.
    fn rows_left_under_their_child(lay: &Layout, k: usize, level: usize, row: [u32; 4]) -> u64 {
        let [x, y, z, mut free] = row;
        let leaf = lay.avail.len() - 2 - k;
        let (g, cells) = (lay.gap[k + level], lay.avail[k + level + 1] as u32);
        let mut rows = 0;
        while free != 0 {
            let bit = lowest(free);
            free ^= bit;
            let (c, l, r) = (x | bit, (y | bit) << g, (z | bit) >> g);
            let child = cells & !(c | l | r);
            if level != leaf && child != 0 {
                rows += rows_left_under_their_child(lay, k, level + 1, [c, l, r, child]);
                rows += (free == 0) as u64;
            }
        }
        rows
    }

    #[test]
    fn the_levels_passed_over_are_the_rows_left_under_their_child() {
        for n in 8..=11 {
            let (mut skipped, mut expected) = (0, 0);
            every_task(n, |lay, k, (c, l, r), _, _| {
                let mut lane = Lane::idle();
                begin(&mut lane, lay, k, (c as u32, l as u32, r as u32));
                let first = lane.stack[1];
                while lane.d != DONE {
                    skipped += step(&mut lane, lay).3;
                }
                if first[3] != 0 {
                    expected += rows_left_under_their_child(lay, k, 0, first);
                }
            });
            assert!(expected > 0, "n = {n}");
            assert_eq!(skipped, expected, "n = {n}");
        }
    }

    #[test]
    fn both_kernels_count_every_board_right_in_lockstep() {
        for kernel in [Kernel::Baseline, Kernel::Step] {
            let costs = PathCosts::of(kernel, false).unwrap();
            for n in 8..=12 {
                let tasks = Tasks::new(n, Some(7)).unwrap();
                let played = simulate(kernel, &costs, &tasks, 2, 3);
                assert_eq!(
                    played.solutions,
                    nqueens::known::total(n).unwrap(),
                    "{kernel:?} n = {n}"
                );
                assert!(played.active_lanes() > 0.0 && played.active_lanes() <= 1.0);
                // Only the one-step kernel counts the last row a turn at a time, and every
                // solution is found in such a turn, which finds at most a row's cells.
                let share = played.last_row_share();
                match kernel {
                    Kernel::Baseline => assert_eq!(played.last_row_turns, 0),
                    Kernel::Step => {
                        assert!(share > 0.0 && share < 1.0, "n = {n}: {share}");
                        assert!(played.last_row_turns as u128 * n as u128 >= played.solutions);
                    }
                }
            }
        }
    }

    #[test]
    fn constellations_whose_tasks_look_longer_have_longer_tasks() {
        // Ranks of the estimate against ranks of the true mean turns a task takes, over the
        // constellations of n = 15 cut into tasks of 8 rows.
        let tasks = Tasks::new(15, Some(8)).unwrap();
        let played = simulate(
            Kernel::Step,
            &PathCosts::of(Kernel::Step, false).unwrap(),
            &tasks,
            1,
            1,
        );
        let mut sums = vec![(0u64, 0u64); tasks.searches.len()];
        for (t, &(_, tag)) in tasks.list.iter().enumerate() {
            sums[tag as usize].0 += played.task_turns[t];
            sums[tag as usize].1 += 1;
        }
        let means: Vec<f64> = sums.iter().map(|&(s, c)| s as f64 / c as f64).collect();
        let rank = |v: &[f64]| {
            let mut order: Vec<usize> = (0..v.len()).collect();
            order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
            let mut r = vec![0.0; v.len()];
            for (place, i) in order.into_iter().enumerate() {
                r[i] = place as f64;
            }
            r
        };
        let (a, b) = (rank(&tasks.lengths), rank(&means));
        let m = (a.len() as f64 - 1.0) / 2.0;
        let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - m) * (y - m)).sum();
        let var: f64 = a.iter().map(|x| (x - m) * (x - m)).sum();
        let rho = cov / var;
        assert!(rho > 0.4, "{rho}");
        // The engine's order is a reordering of the tasks, constellation by constellation.
        let engine = tasks.largest_first(&played.task_turns);
        let mut x = engine.clone();
        let mut y = played.task_turns.clone();
        x.sort_unstable();
        y.sort_unstable();
        assert_eq!(x, y);
        let tags = tasks.largest_first(&tasks.list.iter().map(|t| t.1 as u64).collect::<Vec<_>>());
        assert!(tags.windows(2).all(|w| {
            let (p, q) = (tasks.lengths[w[0] as usize], tasks.lengths[w[1] as usize]);
            p > q || (p == q && w[0] <= w[1])
        }));
    }
}
