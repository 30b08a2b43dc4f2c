//! A model of the GPU kernel that runs on the CPU, so that the kernel's design is measured on
//! any machine rather than guessed: `bench/gpu-model.sh N` prints what it finds.
//!
//! A GPU runs the threads of a group (a warp: 32 on NVIDIA) in lockstep. A turn of the
//! shader's loop costs the operations of every path that any of the group's threads takes in
//! it, while each thread gains only from its own path. Three things decide a kernel's speed,
//! and the model measures each on the real tasks of a board:
//!
//! - **Operations per path**, counted on the SPIR-V that naga (wgpu's shader compiler) emits
//!   for the shader ([`shader_costs`]). Each path of a turn is a function of the shader, so its
//!   operations can be counted apart. The rule, the same for every kernel: an instruction costs
//!   one operation per component of its result (a `vec4` select is four); a load or a store of
//!   a buffer or of workgroup memory costs one; loads, stores and address arithmetic of a
//!   function's own variables cost nothing (drivers keep them in registers), nor do labels,
//!   unconditional branches, calls (drivers inline them), and the taking apart and putting
//!   together of structs and vectors. A called function's operations are added at each call.
//! - **Lanes in lockstep** ([`simulate`]): groups of 32 lanes play the shader's loop turn by turn
//!   on the board's real tasks, each lane taking the next task from a shared counter as the
//!   shader does. Every turn costs the paths its lanes take; `active_lanes` is the share of the
//!   operations paid that did a lane's own work. The model counts the solutions as it goes,
//!   and they must be Q(N): the model checks itself.
//! - **Occupancy** ([`occupancy`]): how much of an H100's resident threads the way work is
//!   handed to the GPU keeps busy over a whole count, from the task sizes the model measured.
//!
//! Two kernels are modelled: [`Kernel::Baseline`], the loop with five paths per turn and the last
//! three rows counted in closed form (`model/baseline.wgsl`, kept only for this), and
//! [`Kernel::Step`], today's `count.wgsl`, one short step per turn.

use crate::board::bits::{Bits, lowest};
use crate::engine::constellation::{Layout, SymmetryPlan};
use crate::engine::gpu::tasks::{self, Prefixes, TASK_BYTES};
use crate::split::plan::Plan;
use std::collections::{BTreeMap, BinaryHeap};

pub mod peer;
pub mod price;

/// The shader that counts on GPUs.
pub const STEP_SHADER: &str = include_str!("count.wgsl");
/// The shader before the one-step design, for the model alone.
pub const BASELINE_SHADER: &str = include_str!("model/baseline.wgsl");

/// Lanes of a group that run in lockstep (an NVIDIA warp).
pub const LANES: usize = 32;

/// Operations of the tests that lead a lane to a path, in the shader's `main` (a compare and a
/// conditional branch each): they are part of the loop, not of the path's function.
const TEST: u64 = 2;

/// The two kernels the model plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Five paths per turn (try a cell; count the last three rows in closed form; push; pop;
    /// change task).
    Baseline,
    /// One short step per turn (the top row of the stack tried), and a change of task when a
    /// task ends.
    Step,
}

impl Kernel {
    /// The kernel's name in the model's output.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Baseline => "baseline",
            Kernel::Step => "step",
        }
    }
}

/// The operations of each function of a shader, its calls' included, by the rule of the module
/// documentation; `checked`: with the index clamps and loop counter wgpu adds by default
/// (a module built with `create_shader_module`), else without (`create_shader_module_trusted`).
pub fn shader_costs(source: &str, checked: bool) -> Result<BTreeMap<String, u64>, String> {
    Ok(count_spirv(&price::spirv(source, checked)?))
}

/// Counts the operations of each function of a SPIR-V module (see [`shader_costs`]).
fn count_spirv(words: &[u32]) -> BTreeMap<String, u64> {
    use std::collections::{HashMap, HashSet};
    // Opcodes (SPIR-V specification, section 3.52).
    const NAME: u32 = 5;
    const TYPE_VECTOR: u32 = 23;
    const TYPE_POINTER: u32 = 32;
    const FUNCTION: u32 = 54;
    const PARAMETER: u32 = 55;
    const FUNCTION_END: u32 = 56;
    const CALL: u32 = 57;
    const VARIABLE: u32 = 59;
    const LOAD: u32 = 61;
    const STORE: u32 = 62;
    const ACCESS_CHAIN: u32 = 65;
    const IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
    const STORAGE_FUNCTION: u32 = 7;
    const STORAGE_PRIVATE: u32 = 6;
    // Free: line info, undef, composites, copies, phis, structured-control marks, labels,
    // unconditional branches, returns.
    const FREE: [u32; 15] = [
        0, 1, 8, 317, 79, 80, 81, 82, 83, 245, 246, 247, 248, 249, 253,
    ];
    const RETURN_VALUE: u32 = 254;

    let mut names: HashMap<u32, String> = HashMap::new();
    let mut vectors: HashMap<u32, u64> = HashMap::new();
    let mut local_pointer_types: HashSet<u32> = HashSet::new();
    let mut local: HashSet<u32> = HashSet::new();
    let mut own: HashMap<u32, u64> = HashMap::new();
    let mut calls: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut current: Option<u32> = None;
    let mut at = 5;
    while at < words.len() {
        let (len, op) = ((words[at] >> 16) as usize, words[at] & 0xffff);
        let w = &words[at..at + len.max(1)];
        at += len.max(1);
        match op {
            NAME => {
                let bytes: Vec<u8> = w[2..].iter().flat_map(|x| x.to_le_bytes()).collect();
                let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
                names.insert(w[1], String::from_utf8_lossy(&bytes[..end]).into_owned());
            }
            TYPE_VECTOR => {
                vectors.insert(w[1], w[3] as u64);
            }
            TYPE_POINTER if w[2] == STORAGE_FUNCTION || w[2] == STORAGE_PRIVATE => {
                local_pointer_types.insert(w[1]);
            }
            FUNCTION => current = Some(w[2]),
            FUNCTION_END => current = None,
            _ => {}
        }
        let Some(f) = current else { continue };
        let cost = match op {
            PARAMETER => {
                if local_pointer_types.contains(&w[1]) {
                    local.insert(w[2]);
                }
                0
            }
            FUNCTION | RETURN_VALUE => 0,
            VARIABLE => {
                local.insert(w[2]);
                0
            }
            ACCESS_CHAIN | IN_BOUNDS_ACCESS_CHAIN if local.contains(&w[3]) => {
                local.insert(w[2]);
                0
            }
            LOAD if local.contains(&w[3]) => 0,
            STORE if local.contains(&w[1]) => 0,
            LOAD | STORE => 1,
            CALL => {
                calls.entry(f).or_default().push(w[3]);
                0
            }
            _ if FREE.contains(&op) => 0,
            _ => vectors.get(&w[1]).copied().unwrap_or(1),
        };
        *own.entry(f).or_default() += cost;
    }
    fn total(
        f: u32,
        own: &HashMap<u32, u64>,
        calls: &HashMap<u32, Vec<u32>>,
        memo: &mut HashMap<u32, u64>,
    ) -> u64 {
        if let Some(&c) = memo.get(&f) {
            return c;
        }
        let callees = calls.get(&f).cloned().unwrap_or_default();
        let c = own.get(&f).copied().unwrap_or(0)
            + callees
                .into_iter()
                .map(|g| total(g, own, calls, memo))
                .sum::<u64>();
        memo.insert(f, c);
        c
    }
    let mut memo = HashMap::new();
    let mut out = BTreeMap::new();
    for &f in own.keys() {
        let c = total(f, &own, &calls, &mut memo);
        out.insert(names.get(&f).cloned().unwrap_or(format!("%{f}")), c);
    }
    // `main` on its own: its tests and the change of task, without the paths it calls.
    for (&f, &c) in &own {
        if names.get(&f).is_some_and(|n| n == "main") {
            out.insert("main (own)".to_string(), c);
        }
    }
    out
}

/// What each path of a kernel's turn costs, in operations.
#[derive(Clone, Debug)]
pub struct PathCosts {
    /// By path: for [`Kernel::Step`] `step` and `change`; for [`Kernel::Baseline`] `try`,
    /// `leaf`, `push`, `pop` and `change`.
    pub paths: BTreeMap<&'static str, u64>,
}

impl PathCosts {
    /// The costs of `kernel`'s paths, from its shader's SPIR-V.
    pub fn of(kernel: Kernel, checked: bool) -> Result<PathCosts, String> {
        let source = match kernel {
            Kernel::Baseline => BASELINE_SHADER,
            Kernel::Step => STEP_SHADER,
        };
        let f = shader_costs(source, checked)?;
        let get = |name: &str| {
            f.get(name)
                .copied()
                .ok_or_else(|| format!("the shader has no function {name}"))
        };
        let main = get("main (own)")?;
        let paths = match kernel {
            // Each turn tests for the end of a task, then steps.
            Kernel::Step => [
                ("step", get("step")? + TEST),
                ("change", get("begin")? + main),
            ],
            Kernel::Baseline => {
                return Ok(PathCosts {
                    paths: [
                        // `free != 0`, then the cell taken out of `free` (three operations).
                        ("try", get("path_try")? + TEST + 3),
                        // `d == leaf`, and the count added.
                        ("leaf", get("path_leaf")? + TEST + 1),
                        ("push", get("path_push")? + 2 * TEST),
                        ("pop", get("path_pop")? + 2 * TEST),
                        ("change", get("path_change")? + main),
                    ]
                    .into_iter()
                    .collect(),
                });
            }
        };
        Ok(PathCosts {
            paths: paths.into_iter().collect(),
        })
    }

    fn get(&self, path: &str) -> u64 {
        self.paths[path]
    }
}

/// The tasks of a board, as the GPU plan makes them: per task its masks and its constellation's
/// search (layout and rows placed on the CPU).
#[derive(Debug)]
pub struct Tasks {
    /// The board's size.
    pub n: usize,
    /// Per constellation with tasks: its layout, the rows placed on the CPU, and its weight in
    /// the total (the symmetry engine's factor for its class, for the self-check).
    searches: Vec<(Layout, usize)>,
    /// Per task: masks and the index of its search.
    list: Vec<([u32; 3], u32)>,
    /// The completions of the constellations counted on the CPU (too few rows for tasks), and
    /// how each search's completions turn into the total.
    plan: SymmetryPlan,
    owners: Vec<usize>,
    /// Every constellation's tasks, all of them (not a sample).
    whole: bool,
    /// Per search, how long its tasks look (`tasks::task_lengths`).
    lengths: Vec<f64>,
}

impl Tasks {
    /// Every task of the n×n board (2 ≤ n ≤ 32), made as the GPU plan makes them, with tasks
    /// of `rows` rows (the plan's [`tasks::task_rows`] when `None`).
    pub fn new(n: usize, rows: Option<usize>) -> Result<Tasks, crate::error::Error> {
        Tasks::sample(n, rows, 1)
    }

    /// The tasks of every `stride`-th constellation only (all of them for 1): for boards too
    /// large to play whole. A sample's total is not Q(n).
    pub fn sample(
        n: usize,
        rows: Option<usize>,
        stride: usize,
    ) -> Result<Tasks, crate::error::Error> {
        let plan = SymmetryPlan::new(n)?;
        let rows = rows.unwrap_or_else(|| tasks::task_rows(n));
        let all_lengths =
            tasks::task_lengths(n, rows, &plan).unwrap_or_else(|| vec![0.0; plan.len()]);
        let mut lengths = Vec::new();
        let mut searches = Vec::new();
        let mut owners = Vec::new();
        let mut list = Vec::new();
        let mut bytes = Vec::new();
        for i in (0..plan.len()).step_by(stride.max(1)) {
            let Some(lay) = plan.layout(i) else { continue };
            let Some(k) = tasks::placed_rows(rows, lay.avail.len()) else {
                continue;
            };
            bytes.clear();
            Prefixes::new(&lay, k).fill(&lay, 0, &mut bytes, usize::MAX);
            let tag = searches.len() as u32;
            for t in 0..bytes.len() / TASK_BYTES {
                let ((c, l, r), _) = tasks::read_task(&bytes, t);
                list.push(([c as u32, l as u32, r as u32], tag));
            }
            searches.push((lay, k));
            owners.push(i);
            lengths.push(all_lengths[i]);
        }
        Ok(Tasks {
            n,
            searches,
            list,
            plan,
            owners,
            whole: stride <= 1,
            lengths,
        })
    }

    /// Figures of the tasks (`per_task`, one per task in this list's order) in the order the
    /// engine hands the tasks out: the constellations whose tasks look longest first, list
    /// order among equals and within each (list order on the large boards where the engine
    /// keeps it).
    pub fn largest_first(&self, per_task: &[u64]) -> Vec<u64> {
        let mut order: Vec<usize> = (0..self.list.len().min(per_task.len())).collect();
        let length = |t: usize| self.lengths[self.list[t].1 as usize];
        order.sort_by(|&a, &b| length(b).total_cmp(&length(a)));
        order.into_iter().map(|t| per_task[t]).collect()
    }

    /// How many tasks.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Keeps the first `len` tasks only: enough to measure a kernel's steady state on a board
    /// whose tasks are too large to play many of.
    pub fn truncate(&mut self, len: usize) {
        self.whole &= len >= self.list.len();
        self.list.truncate(len);
    }

    /// The fewest rows any task leaves (the baseline kernel needs four).
    pub fn fewest_rows(&self) -> usize {
        self.searches
            .iter()
            .map(|(lay, k)| lay.avail.len() - k)
            .min()
            .unwrap_or(0)
    }

    /// The most rows of stack a thread needs for these tasks under `kernel`.
    pub fn levels(&self, kernel: Kernel) -> u64 {
        let most = self
            .searches
            .iter()
            .map(|(lay, k)| lay.avail.len() - k)
            .max()
            .unwrap_or(0);
        match kernel {
            Kernel::Baseline => most.saturating_sub(4) as u64,
            Kernel::Step => most as u64,
        }
    }

    /// The total Q(n), from each search's completions as the lanes counted them (the
    /// constellations without tasks are counted on the CPU, as the plan does); 0 for a sample.
    fn total(&self, per_search: &[u128]) -> u128 {
        if !self.whole {
            return 0; // a sample's completions are not Q(n)
        }
        let mut sum = self.plan.zero();
        let mut with_tasks = vec![None; self.plan.len()];
        for (s, &i) in self.owners.iter().enumerate() {
            with_tasks[i] = Some(per_search[s]);
        }
        for (i, all) in with_tasks.into_iter().enumerate() {
            let counts = match all {
                Some(all) => self.plan.counts_from(i, all),
                None => self.plan.count_one(i),
            };
            sum += counts;
        }
        sum.total
    }
}

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
    /// Completions per search.
    per_search: Vec<u128>,
}

impl Played {
    /// The mean share of lanes' operations that did their own work.
    pub fn active_lanes(&self) -> f64 {
        self.useful as f64 / (LANES as f64 * self.ops.max(1) as f64)
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
    #[cfg(feature = "parallel")]
    let results: Vec<Played> = {
        use rayon::prelude::*;
        parts.into_par_iter().map(play).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let results: Vec<Played> = parts.into_iter().map(play).collect();
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
    let (found, nodes) = step(lane, lay);
    lane.count += found;
    out.nodes += nodes;
    paths
}

/// `d` of a lane whose stack is empty: its walk has gone back above its task's first row.
const DONE: usize = 0;

/// A lane at the start of the task with masks `masks` of a search with `k` rows placed. For
/// this kernel `d` is the stack's top slot (slot 0 stays unused, as in the shader) and `stack`
/// holds each row's masks and its cells not tried yet.
fn begin(lane: &mut Lane, lay: &Layout, k: usize, masks: (u32, u32, u32)) {
    lane.k = k;
    lane.leaf = lay.avail.len() - 2 - k;
    let free = lay.avail[k] as u32 & !(masks.0 | masks.1 | masks.2);
    lane.stack[1] = [masks.0, masks.1, masks.2, free];
    lane.d = if free != 0 { 1 } else { DONE };
    lane.base = masks.0.count_ones();
    lane.count = 0;
}

/// The shader's `step` for one lane: returns the completions it counted and the nodes it
/// visited (a cell tried, and the last row's cells it counted).
fn step(lane: &mut Lane, lay: &Layout) -> (u64, u64) {
    let [x, y, z, free] = lane.stack[lane.d];
    let bit = lowest(free);
    let rest = free ^ bit;
    lane.stack[lane.d][3] = rest;
    // A row's level is told by its columns in use, as in the shader: the slot is not the
    // level once a row has left the stack in the turn that put its child on.
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
    if !at_last && child != 0 {
        lane.stack[top + 1] = [c, l, r, child];
        lane.d = top + 1;
    } else {
        lane.d = top;
    }
    (found, 1 + found)
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

/// Nodes of a search over every free row of each canonical constellation of the n×n board
/// (every queen placed, the last row's included): the work of this project's split.
pub fn split_nodes(n: usize) -> Result<u64, crate::error::Error> {
    fn walk(lay: &Layout, d: usize, cols: u64, left: u64, right: u64) -> u64 {
        let free = lay.avail[d] & !(cols | left | right);
        let mut nodes = free.count_ones() as u64;
        if d + 1 == lay.avail.len() {
            return nodes;
        }
        let g = lay.gap[d];
        for bit in Bits(free) {
            nodes += walk(
                lay,
                d + 1,
                cols | bit,
                (left | bit) << g,
                (right | bit) >> g,
            );
        }
        nodes
    }
    let plan = SymmetryPlan::new(n)?;
    let layouts: Vec<Layout> = (0..plan.len()).filter_map(|i| plan.layout(i)).collect();
    let one = |lay: &Layout| walk(lay, 0, lay.border_cols, 0, 0);
    #[cfg(feature = "parallel")]
    let nodes = {
        use rayon::prelude::*;
        layouts.par_iter().map(one).sum()
    };
    #[cfg(not(feature = "parallel"))]
    let nodes = layouts.iter().map(one).sum();
    Ok(nodes)
}

/// Nodes of the textbook bit-mask search with the mirror split only: the first row's queen in
/// the left half of the board (and, for odd n, in the middle column too), every row searched.
pub fn mirror_nodes(n: usize) -> u64 {
    fn walk(n: usize, row: usize, cols: u64, left: u64, right: u64) -> u64 {
        let full = (1u64 << n) - 1;
        let free = full & !(cols | left | right);
        let mut nodes = free.count_ones() as u64;
        if row + 1 == n {
            return nodes;
        }
        for bit in Bits(free) {
            nodes += walk(
                n,
                row + 1,
                cols | bit,
                (left | bit) << 1,
                (right | bit) >> 1,
            );
        }
        nodes
    }
    let firsts: Vec<usize> = (0..n.div_ceil(2)).collect();
    let one = |&c: &usize| {
        let bit = 1u64 << c;
        1 + if n == 1 {
            0
        } else {
            walk(n, 1, bit, bit << 1, bit >> 1)
        }
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        firsts.par_iter().map(one).sum()
    }
    #[cfg(not(feature = "parallel"))]
    firsts.iter().map(one).sum()
}

/// A sample of a board's tasks: per constellation sampled, what [`Sampled`] says; and how many
/// constellations each sampled one stands for.
pub type TaskSample = (Vec<Sampled>, f64);

/// One constellation of a [`TaskSample`].
#[derive(Clone, Debug, Default)]
pub struct Sampled {
    /// How many tasks it makes.
    pub tasks: u64,
    /// The turns of its sampled tasks.
    pub turns: Vec<u64>,
    /// How long its tasks look before they are counted: the engine starts the constellations
    /// whose tasks look longest first (`tasks::task_lengths`; 0 on the large boards where it
    /// keeps list order).
    pub length: f64,
}

/// The constellations of a sample in the order the engine starts them: those whose tasks look
/// longest first, list order among equals.
pub fn largest_first(sample: &TaskSample) -> TaskSample {
    let mut parts = sample.0.clone();
    parts.sort_by(|a, b| b.length.total_cmp(&a.length));
    (parts, sample.1)
}

/// The turns the one-step kernel takes on a sample of the tasks of the n×n board, for boards
/// too large to play whole: `per` tasks, evenly spaced, of each of `constellations`
/// constellations evenly spaced, in list order.
pub fn sample_task_turns(
    n: usize,
    constellations: usize,
    per: usize,
) -> Result<TaskSample, crate::error::Error> {
    let plan = SymmetryPlan::new(n)?;
    let rows = tasks::task_rows(n);
    let picks: Vec<usize> = (0..plan.len())
        .step_by((plan.len() / constellations.max(1)).max(1))
        .collect();
    let lengths = tasks::task_lengths(n, rows, &plan).unwrap_or_else(|| vec![0.0; plan.len()]);
    let one = |&i: &usize| -> Sampled {
        let Some(lay) = plan.layout(i) else {
            return Sampled::default();
        };
        let Some(k) = tasks::placed_rows(rows, lay.avail.len()) else {
            return Sampled::default();
        };
        let mut bytes = Vec::new();
        Prefixes::new(&lay, k).fill(&lay, 0, &mut bytes, usize::MAX);
        let count = bytes.len() / TASK_BYTES;
        let turns = (0..count)
            .step_by((count / per.max(1)).max(1))
            .map(|t| {
                let ((c, l, r), _) = tasks::read_task(&bytes, t);
                walk_task(&lay, k, (c as u32, l as u32, r as u32)).1
            })
            .collect();
        Sampled {
            tasks: count as u64,
            turns,
            length: lengths[i],
        }
    };
    #[cfg(feature = "parallel")]
    let all: Vec<Sampled> = {
        use rayon::prelude::*;
        picks.par_iter().map(one).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let all: Vec<Sampled> = picks.iter().map(one).collect();
    Ok((all, plan.len() as f64 / picks.len().max(1) as f64))
}

/// A stream of at most `most` task sizes with the mix of a whole count's, from a sample
/// ([`sample_task_turns`]): each sampled constellation gives its share of the stream, in
/// order, cycling through its sampled tasks. Also the whole count's tasks, estimated.
pub fn task_stream(sample: &TaskSample, most: usize) -> (Vec<u64>, f64) {
    let (parts, weight) = sample;
    let tasks: u64 = parts.iter().map(|p| p.tasks).sum();
    let total = tasks as f64 * weight;
    let len = (total as usize).min(most);
    let mut stream = Vec::with_capacity(len);
    for part in parts {
        if part.turns.is_empty() {
            continue;
        }
        let share = (part.tasks as f64 * len as f64 / tasks.max(1) as f64).round() as usize;
        stream.extend(part.turns.iter().copied().cycle().take(share));
    }
    (stream, total)
}

/// The GPU the occupancy model stands for: an NVIDIA H100 (SXM), from its published figures.
#[derive(Clone, Copy, Debug)]
pub struct Device {
    /// Streaming multiprocessors.
    pub sms: u64,
    /// Threads an SM keeps resident at most.
    pub threads_per_sm: u64,
    /// Workgroups an SM keeps resident at most.
    pub groups_per_sm: u64,
    /// Workgroup (shared) memory of an SM, in bytes.
    pub shared_per_sm: u64,
    /// Warp schedulers per SM, each issuing one warp instruction a cycle.
    pub schedulers_per_sm: u64,
    /// Cycles before a warp can issue an instruction that depends on its last.
    pub latency: u64,
    /// Clock, in Hz.
    pub clock: f64,
}

/// An H100 SXM: 132 SMs, 2,048 threads and 32 workgroups each, 4 schedulers, from its
/// published figures; the workgroup memory and the clock as measured under NVIDIA's Vulkan
/// driver (580), which is what the engine runs on. The driver gives a compute shader 48 KiB of
/// workgroup memory per SM, not the 227 KiB CUDA may use: the engine's residency probe found 6,
/// 4 and 3 workgroups of 64 threads per SM whose stacks took 7, 12 and 13 KiB. The SM clock
/// stayed at its maximum, 1,980 MHz, through every count.
pub const H100: Device = Device {
    sms: 132,
    threads_per_sm: 2048,
    groups_per_sm: 32,
    shared_per_sm: 48 * 1024,
    schedulers_per_sm: 4,
    latency: 4,
    clock: 1.98e9,
};

impl Device {
    /// Threads resident at once when each needs `levels` rows of stack in workgroups of `wg`.
    pub fn resident(&self, levels: u64, wg: u64) -> u64 {
        let by_memory = self.shared_per_sm / (wg * levels.max(1) * 16);
        let groups = by_memory
            .min(self.groups_per_sm)
            .min(self.threads_per_sm / wg);
        self.sms * groups * wg
    }

    /// Seconds of one turn of `cost` operations for a thread when `threads` are running.
    fn turn_seconds(&self, cost: f64, threads: u64) -> f64 {
        let warps = threads.div_ceil(LANES as u64) as f64;
        let per_scheduler = warps / (self.sms * self.schedulers_per_sm) as f64;
        cost * per_scheduler.max(self.latency as f64) / self.clock
    }
}

/// How a count hands its tasks to the GPU.
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// Each dispatch holds a number of tasks steered so that it lasts about half a second
    /// (within 4,096..=4M tasks, at most four times more or less than the last), and starts
    /// one thread per task up to 2^18; a dispatch ends when its last task does.
    Steered,
    /// The rule before the ring: tasks go to the GPU in runs of `run` tasks; a run
    /// starts `threads` threads (fewer when it has fewer tasks), and each dispatch runs every
    /// one of them for `budget` turns; a thread keeps its walk across dispatches and takes tasks
    /// until the run has none left. Threads beyond the resident ones wait for a second wave.
    Resumable {
        /// Turns per dispatch.
        budget: u64,
        /// Tasks per run.
        run: usize,
        /// Threads a run starts at most.
        threads: usize,
    },
    /// The engine's rule (`device.rs`, `feed.rs`): one stream of tasks per count, through a
    /// ring that the host refills while the threads work, so that threads run dry only once,
    /// when the whole count's tasks are taken. Each dispatch runs all `threads` threads for
    /// `budget` turns (in waves, when they are more than the device keeps resident). The tasks
    /// given stand for a count of `count_tasks`: the turns of the whole count that the drain at
    /// the end (which happens once) does not work go at the pace of the sample's steady part.
    Ring {
        /// Turns per dispatch.
        budget: u64,
        /// Threads of the stream: the engine starts as many as the device runs at once, which
        /// it measures (`Gpu::resident` in `device.rs`); the model's figure for that is
        /// [`Device::resident`].
        threads: usize,
        /// The whole count's tasks, of which the tasks given are a sample in order.
        count_tasks: f64,
    },
}

/// What the dispatches of one part of a count (those after which tasks were left to take, or
/// the rest: the drain, from the dispatch in which the last task was taken) came to.
#[derive(Clone, Copy, Debug, Default)]
struct Part {
    /// Waves of resident threads they took in all.
    waves: u64,
    /// Turns threads worked in them.
    turns: u64,
    /// Their modelled seconds.
    seconds: f64,
}

/// Dispatches of `budget` turns of `cost` operations for `threads` threads, in workgroups of
/// `wg`, taking `tasks` in order as they free up: the steady part and the drain. A dispatch
/// takes as many waves as its workgroups with a thread at work fill (a workgroup whose threads
/// have nothing to do ends at once and frees its place), and as long as its warps' turns take
/// to issue (a warp lasts as long as its busiest lane), or, when they are too few to hide the
/// latency of one operation, as long as its longest warp takes one turn after another.
fn dispatches(
    device: &Device,
    cost: f64,
    tasks: &[u64],
    threads: usize,
    budget: u64,
    wg: usize,
    resident: u64,
) -> (Part, Part) {
    let mut left = vec![0u64; threads.max(1)];
    let (mut at, mut steady, mut drain) = (0, Part::default(), Part::default());
    let issue = (device.sms * device.schedulers_per_sm) as f64;
    loop {
        let (mut busy_groups, mut turns, mut warp_turns, mut longest) = (0u64, 0u64, 0u64, 0u64);
        for group in left.chunks_mut(wg.max(1)) {
            let mut worked = false;
            for warp in group.chunks_mut(LANES) {
                let mut busiest = 0;
                for l in warp.iter_mut() {
                    let mut room = budget;
                    while room > 0 {
                        if *l == 0 {
                            if at == tasks.len() {
                                break;
                            }
                            *l = tasks[at];
                            at += 1;
                        }
                        let d = (*l).min(room);
                        *l -= d;
                        room -= d;
                        turns += d;
                    }
                    busiest = busiest.max(budget - room);
                }
                warp_turns += busiest;
                longest = longest.max(busiest);
                worked |= busiest > 0;
            }
            busy_groups += worked as u64;
        }
        if busy_groups == 0 {
            return (steady, drain);
        }
        let waves = (busy_groups * wg as u64).div_ceil(resident);
        let part = if at == tasks.len() {
            &mut drain
        } else {
            &mut steady
        };
        part.waves += waves;
        part.turns += turns;
        let issued = (warp_turns as f64 / issue).max((longest * waves * device.latency) as f64);
        part.seconds += cost * issued / device.clock;
    }
}

/// The share of the device's resident threads busy over a whole count whose tasks take
/// `turns` turns each, in that order, under `rule`, with `cost` operations a turn (a lane's, as
/// the lockstep model finds it: its `ops_per_node`-like cost per turn) and `levels` rows of
/// stack; also the modelled seconds.
pub fn occupancy(
    device: &Device,
    rule: Rule,
    turns: &[u64],
    cost: f64,
    levels: u64,
    wg: u64,
) -> (f64, f64) {
    let resident = device.resident(levels, wg);
    let busy: u64 = turns.iter().sum();
    let (mut capacity, mut seconds) = (0f64, 0f64);
    match rule {
        Rule::Steered => {
            let mut size: usize = 1 << 16;
            let mut at = 0;
            while at < turns.len() {
                let take = size.min(turns.len() - at);
                let threads = take.min(1 << 18).min(resident as usize);
                // Threads take the next task as they finish: list scheduling.
                let mut heap: BinaryHeap<std::cmp::Reverse<u64>> =
                    (0..threads).map(|_| std::cmp::Reverse(0)).collect();
                for &t in &turns[at..at + take] {
                    let std::cmp::Reverse(free) = heap.pop().expect("a thread");
                    heap.push(std::cmp::Reverse(free + t));
                }
                let span = heap.into_iter().map(|r| r.0).max().unwrap_or(0);
                let secs = span as f64 * device.turn_seconds(cost, threads as u64);
                capacity += resident as f64 * span as f64;
                seconds += secs;
                at += take;
                if take >= size || secs > 1.0 {
                    let ideal = (take as f64 * 0.5 / secs.max(1e-9)) as usize;
                    size = ideal
                        .clamp(size / 4, size.saturating_mul(4))
                        .clamp(1 << 12, 1 << 22);
                }
            }
        }
        Rule::Resumable {
            budget,
            run,
            threads,
        } => {
            for tasks in turns.chunks(run.max(1)) {
                let t = threads.min(tasks.len()).max(1);
                let (steady, drain) =
                    dispatches(device, cost, tasks, t, budget, wg as usize, resident);
                let waves = (steady.waves + drain.waves) as f64;
                capacity += resident as f64 * budget as f64 * waves;
                seconds += steady.seconds + drain.seconds;
            }
        }
        Rule::Ring {
            budget,
            threads,
            count_tasks,
        } => {
            let t = threads.max(1);
            let (steady, drain) = dispatches(device, cost, turns, t, budget, wg as usize, resident);
            // The whole count's turns; those the drain did not work went at the steady part's
            // pace, and took as much of the device per turn as they did there.
            let scale = (count_tasks / turns.len().max(1) as f64).max(1.0);
            let worked = busy as f64 * scale;
            let steady_turns = (worked - drain.turns as f64).max(0.0);
            let per_turn = |x: f64| x / steady.turns.max(1) as f64;
            let room = resident as f64 * budget as f64;
            capacity +=
                steady_turns * per_turn(steady.waves as f64 * room) + drain.waves as f64 * room;
            seconds += steady_turns * per_turn(steady.seconds) + drain.seconds;
            return (worked / capacity.max(1.0), seconds);
        }
    }
    (busy as f64 / capacity.max(1.0), seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_kernels_count_every_board_right_in_lockstep() {
        for kernel in [Kernel::Baseline, Kernel::Step] {
            let costs = PathCosts::of(kernel, false).unwrap();
            for n in 8..=12 {
                let tasks = Tasks::new(n, Some(7)).unwrap();
                let played = simulate(kernel, &costs, &tasks, 2, 3);
                assert_eq!(
                    played.solutions,
                    crate::known::total(n).unwrap(),
                    "{kernel:?} n = {n}"
                );
                assert!(played.active_lanes() > 0.0 && played.active_lanes() <= 1.0);
            }
        }
    }

    #[test]
    fn both_kernels_visit_the_same_nodes_and_the_split_visits_them_all() {
        let tasks = Tasks::new(11, Some(6)).unwrap();
        let a = simulate(
            Kernel::Baseline,
            &PathCosts::of(Kernel::Baseline, false).unwrap(),
            &tasks,
            1,
            2,
        );
        let b = simulate(
            Kernel::Step,
            &PathCosts::of(Kernel::Step, false).unwrap(),
            &tasks,
            1,
            2,
        );
        assert_eq!(a.nodes, b.nodes);
        assert!(split_nodes(11).unwrap() >= a.nodes);
        assert!(mirror_nodes(11) > split_nodes(11).unwrap());
    }

    #[test]
    fn the_one_step_kernel_takes_the_turns_its_sample_counts() {
        // The sampler's turn count is the one the lanes play.
        let tasks = Tasks::new(10, None).unwrap();
        let played = simulate(
            Kernel::Step,
            &PathCosts::of(Kernel::Step, false).unwrap(),
            &tasks,
            1,
            1,
        );
        let mut sampled: Vec<u64> = sample_task_turns(10, usize::MAX, usize::MAX)
            .unwrap()
            .0
            .into_iter()
            .flat_map(|part| part.turns)
            .collect();
        let mut played_turns = played.task_turns.clone();
        sampled.sort();
        played_turns.sort();
        assert_eq!(sampled, played_turns);
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

    #[test]
    fn the_checks_cost_operations_and_every_path_has_a_cost() {
        for kernel in [Kernel::Baseline, Kernel::Step] {
            let trusted = PathCosts::of(kernel, false).unwrap();
            let checked = PathCosts::of(kernel, true).unwrap();
            assert!(trusted.paths.values().all(|&c| c > 0));
            assert!(checked.paths.values().sum::<u64>() > trusted.paths.values().sum::<u64>());
        }
    }

    #[test]
    fn a_ring_as_wide_as_the_device_fills_it_and_a_sample_stands_for_its_count() {
        // An H100 cut to two SMs, so that a sample spans many dispatches, with the workgroup
        // memory CUDA may use (227 KiB an SM), so that its threads are enough to keep it bound
        // by how fast it issues operations.
        let device = Device {
            sms: 2,
            shared_per_sm: 227 * 1024,
            ..H100
        };
        let (levels, wg, cost, budget) = (13, 64, 50.0, 20_000);
        let resident = device.resident(levels, wg) as usize;
        let sizes: Vec<u64> = (0..100_000u64)
            .map(|i| 1_000 + (i * 7919) % 50_000)
            .collect();
        let ten: Vec<u64> = sizes
            .iter()
            .copied()
            .cycle()
            .take(sizes.len() * 10)
            .collect();
        let ring = |threads, turns: &[u64]| {
            let count_tasks = ten.len() as f64;
            let rule = Rule::Ring {
                budget,
                threads,
                count_tasks,
            };
            occupancy(&device, rule, turns, cost, levels, wg)
        };
        let whole = ring(resident, &ten);
        assert!(whole.0 > 0.97, "{whole:?}");
        // A tenth of the tasks, standing for all of them: the drain counts once.
        let sample = ring(resident, &sizes);
        assert!(
            (sample.0 / whole.0 - 1.0).abs() < 0.005,
            "{sample:?} {whole:?}"
        );
        assert!(
            (sample.1 / whole.1 - 1.0).abs() < 0.005,
            "{sample:?} {whole:?}"
        );
        // Half as many threads as the device runs keep half of it busy, and take as long: this
        // device is bound by how fast it issues operations, not by waiting on them.
        let half = ring(resident / 2, &ten);
        assert!((half.0 - 0.5).abs() < 0.02, "{half:?}");
        assert!((half.1 / whole.1 - 1.0).abs() < 0.02, "{half:?} {whole:?}");
    }

    #[test]
    fn resident_threads_follow_the_stack() {
        assert_eq!(H100.resident(1, 64), 132 * 2048);
        assert!(H100.resident(16, 64) < H100.resident(8, 64));
    }
}
