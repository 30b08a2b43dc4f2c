//! The GPU engine's plan: the symmetry engine's split, counted on GPUs.
//!
//! Subproblem i is the symmetry engine's subproblem i, the same canonical constellation, and
//! the plan's identity is the symmetry engine's: a checkpoint or a shard counted on GPUs can be
//! continued or merged with ones counted on CPUs, and the other way round. Each batch of
//! constellations the runner hands over is cut into tasks on the CPU (module `tasks`), in pieces
//! that the GPUs take by demand (module `feed`); the tasks' counts are summed per
//! constellation, exactly, in 128 bits. A constellation that leaves too few rows for the shader
//! (on the smallest boards), and the small searches for the completions of the rare symmetric
//! constellations, are the symmetry engine's own, on the CPU, combined exactly as it combines
//! them.
//!
//! A GPU that fails hands its pieces back, and they are counted on the CPU: slower, but the
//! count stays exact.

use crate::counts::Counts;
use crate::engine::constellation::{Layout, SymmetryPlan};
use crate::engine::gpu::device::{self, Gpu};
use crate::engine::gpu::feed::{self, Done, Feed, Piece};
use crate::engine::gpu::health::Health;
use crate::engine::gpu::tasks::{self, Prefixes, TASK_BYTES};
use crate::error::{Error, GpuProblem, Quantity};
use crate::machine::{GpuDevice, GpuTuning};
use crate::method::Method;
use crate::plan::{Plan, PlanId};
use crate::progress::Watch;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

/// About how many tasks one batch of the runner makes: enough to keep a large GPU busy for a
/// dispatch or so, so that progress moves and a stop takes effect about once a second there.
const BATCH_TASKS: u64 = 1 << 22;

/// Tasks of a piece on a GPU, and on a software device (which counts some thousand times
/// slower: small pieces keep its batches short).
const PIECE_TASKS: usize = 1 << 20;
const SOFTWARE_PIECE_TASKS: usize = 1 << 12;

/// How often a batch waiting for its pieces looks at the stop flag.
const STOP_LOOK: Duration = Duration::from_millis(50);

/// Constellations whose tasks are counted to estimate how many tasks a constellation makes.
const SAMPLES: usize = 16;

/// The most rows a task leaves on a software device, which counts some thousand times slower:
/// tasks this small keep its pieces short. Rows fixed by the count ([`GpuTuning`]) are taken as
/// they are there too: a task longer than a dispatch is carried over as many as it takes, and
/// one the device still never finishes (its loop limit, see `count.wgsl`) is counted on the CPU.
const SOFTWARE_TASK_ROWS: usize = 10;

/// The rows of the tasks a device proves itself on (see `prove`).
const PROOF_ROWS: usize = 7;

/// The symmetry engine's split, counted on GPUs.
///
/// ```
/// use nqueens::internals::gpu::GpuPlan;
/// use nqueens::machine::GpuDevice;
/// use nqueens::plan::Plan;
/// use nqueens::progress::Watch;
///
/// // Needs a GPU (or Mesa's software Vulkan device).
/// if let Ok(plan) = GpuPlan::new(10, GpuDevice::default()) {
///     let all: Vec<usize> = (0..plan.len()).collect();
///     let sum = plan.count_batch(&all, &Watch::none()).unwrap().into_iter().fold(plan.zero(), |a, b| a + b);
///     assert_eq!((sum.total, sum.unique), (724, Some(92)));
/// }
/// ```
pub struct GpuPlan {
    n: usize,
    sym: SymmetryPlan,
    pub(super) gpus: Vec<Arc<Gpu>>,
    feed: Feed,
    batch: usize,
    /// The rows each task leaves to a GPU thread ([`tasks::task_rows`], or as the count fixed
    /// them; tests change it).
    rows: usize,
    /// The threads of a workgroup, where the count fixed them; `None`: each device's own.
    pub(super) workgroup: Option<u32>,
    /// The GPUs' failures, and the tasks counted on the CPU.
    health: Arc<Health>,
    /// Per constellation, how long its tasks look, where that decides the order they start in
    /// ([`tasks::task_lengths`]).
    lengths: Option<Vec<f64>>,
}

/// The board, the GPUs and how the work is cut; the devices' state is left out.
impl std::fmt::Debug for GpuPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuPlan")
            .field("n", &self.n)
            .field("gpus", &self.gpus.len())
            .field("batch", &self.batch)
            .field("rows", &self.rows)
            .field("workgroup", &self.workgroup)
            .finish_non_exhaustive()
    }
}

/// A piece being filled: its tasks, its layout records, and the batch position each record is
/// for.
#[derive(Default)]
struct Filling {
    tasks: Vec<u8>,
    layouts: Vec<u8>,
    owners: Vec<usize>,
    levels: u32,
}

impl Filling {
    fn len(&self) -> usize {
        self.tasks.len() / TASK_BYTES
    }
}

impl GpuPlan {
    /// The plan for n (1 ≤ n ≤ 32) on the GPUs `devices` names; an error when there are none
    /// to be had.
    pub fn new(n: usize, devices: GpuDevice) -> Result<GpuPlan, Error> {
        GpuPlan::tuned(n, devices, GpuTuning::default())
    }

    /// The plan for n (1 ≤ n ≤ 32) on the GPUs `devices` names, with the workgroup and the
    /// task rows that `tuning` fixes; an error when there are no GPUs to be had, when `tuning`
    /// is out of range, or when a GPU cannot run the workgroup it fixes.
    ///
    /// ```
    /// use nqueens::internals::gpu::GpuPlan;
    /// use nqueens::machine::{GpuDevice, GpuTuning};
    ///
    /// let tuning = GpuTuning { workgroup: Some(4), task_rows: Some(3) };
    /// // Needs a GPU (or Mesa's software Vulkan device).
    /// if let Ok(plan) = GpuPlan::tuned(8, GpuDevice::default(), tuning) {
    ///     assert_eq!(plan.task_rows(), 3);
    ///     let (_, shaders) = &plan.residency()[0];
    ///     assert!(shaders.iter().all(|s| s.workgroup == 4));
    /// }
    /// ```
    pub fn tuned(n: usize, devices: GpuDevice, tuning: GpuTuning) -> Result<GpuPlan, Error> {
        let max = Method::Gpu.max_n();
        if !(1..=max).contains(&n) {
            return Err(Error::out_of_range(Quantity::NFor(Method::Gpu), n, 1, max));
        }
        tuning.check()?;
        let sym = SymmetryPlan::new(n)?;
        let gpus = device::open(devices)?;
        let rows = match tuning.task_rows {
            Some(rows) => rows,
            None if gpus.iter().any(|g| g.software) => tasks::task_rows(n).min(SOFTWARE_TASK_ROWS),
            None => tasks::task_rows(n),
        };
        let workgroup = tuning.workgroup;
        // A workgroup the count fixed is refused at once where a device cannot hold its stacks,
        // before anything is built or estimated.
        if let (Some(w), Some(levels)) = (workgroup, deepest(n, rows)) {
            for gpu in &gpus {
                gpu.room(w, levels).map_err(Error::Gpu)?;
            }
        }
        // The order of the constellations is estimated on the CPU while the GPUs are checked
        // and build their shaders.
        let (lengths, checked) = std::thread::scope(|s| {
            let lengths = s.spawn(|| tasks::task_lengths(n, rows, &sym));
            let checked = gpus
                .iter()
                .try_for_each(|gpu| check(gpu, n, rows, workgroup));
            let lengths = lengths
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (lengths, checked)
        });
        checked?;
        let batch = batch_for(rows, &sym);
        let health = Arc::new(Health::default());
        let feed = Feed::start(&gpus, &health, workgroup);
        Ok(GpuPlan {
            n,
            sym,
            gpus,
            feed,
            batch,
            rows,
            workgroup,
            health,
            lengths,
        })
    }

    /// The GPUs the plan counts on, by name.
    pub fn devices(&self) -> Vec<String> {
        self.gpus.iter().map(|g| g.name.clone()).collect()
    }

    /// The rows each task leaves to a GPU thread: those the count fixed, or those chosen for
    /// the board and the devices.
    pub fn task_rows(&self) -> usize {
        self.rows
    }

    /// Whether any of them is a software device (a processor standing in for a GPU).
    pub fn software(&self) -> bool {
        self.gpus.iter().any(|g| g.software)
    }

    /// Tasks a piece should hold: small enough that the GPUs take them from several batches at
    /// once, and on a software device, that a batch ends soon.
    fn piece_tasks(&self) -> usize {
        if self.software() {
            SOFTWARE_PIECE_TASKS
        } else {
            PIECE_TASKS
        }
    }

    /// Tasks counted on the CPU so far rather than on a GPU: those a device left unfinished,
    /// and those of pieces that no GPU could take. Zero on a GPU that works.
    pub fn recounted(&self) -> u64 {
        self.health.recounted()
    }

    /// The GPUs' failures and the tasks the CPU took over, shared with whoever reports on the
    /// count.
    pub fn health(&self) -> Arc<Health> {
        Arc::clone(&self.health)
    }

    /// Adds a piece's counts to its constellations, counting on the CPU the tasks the GPU did
    /// not finish.
    fn add(
        &self,
        piece: &Piece,
        counts: &[Option<u64>],
        owners: &[usize],
        searches: &[Option<(Layout, usize)>],
        all: &mut [u128],
    ) {
        for (t, c) in counts.iter().enumerate() {
            let (masks, tag) = tasks::read_task(&piece.tasks, t);
            let pos = owners[tag as usize];
            all[pos] += match *c {
                Some(c) => c,
                None => {
                    self.health.recount(1);
                    let (lay, k) = searches[pos].as_ref().expect("a task's search");
                    tasks::count_task(lay, *k, masks)
                }
            } as u128;
        }
    }

    /// Counts a piece's tasks on the CPU.
    fn on_cpu(
        &self,
        piece: &Piece,
        owners: &[usize],
        searches: &[Option<(Layout, usize)>],
        all: &mut [u128],
    ) {
        self.health.recount(piece.len() as u64);
        for t in 0..piece.len() {
            let (masks, tag) = tasks::read_task(&piece.tasks, t);
            let pos = owners[tag as usize];
            let (lay, k) = searches[pos].as_ref().expect("a task's search");
            all[pos] += tasks::count_task(lay, *k, masks) as u128;
        }
    }

    /// Queues the piece being filled; a piece that no GPU is left to take is counted here.
    /// Returns whether it was queued (not when `watch` said stop while it waited).
    #[allow(clippy::too_many_arguments)]
    fn send(
        &self,
        fill: Filling,
        owners: &mut Vec<Vec<usize>>,
        reply: &mpsc::Sender<Done>,
        abandon: &Arc<AtomicBool>,
        searches: &[Option<(Layout, usize)>],
        all: &mut [u128],
        watch: &Watch,
    ) -> bool {
        self.health.made(fill.len() as u64);
        let piece = Piece {
            tasks: fill.tasks,
            layouts: fill.layouts,
            levels: fill.levels,
            id: owners.len(),
            abandon: Arc::clone(abandon),
            reply: reply.clone(),
        };
        owners.push(fill.owners);
        // While the queue is full: progress moves with the tasks the GPUs finish, and a stop is
        // heeded.
        let waiting = || {
            watch.searched(self.health.take_finished());
            watch.check()
        };
        match self.feed.offer(piece, &waiting) {
            Ok(queued) => queued,
            Err(piece) => {
                self.on_cpu(&piece, &owners[piece.id], searches, all);
                false
            }
        }
    }
}

/// Marks a batch's pieces abandoned when dropped.
struct Abandon(Arc<AtomicBool>);

impl Drop for Abandon {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Per task: its masks, its search, and its count on a GPU (`None` where the device did not
/// finish it).
type Counted = Vec<((u64, u64, u64), (Layout, usize), Option<u64>)>;

/// Every task of the n×n board, with tasks of at most `rows` rows, counted on `gpu` in one run,
/// in workgroups of `workgroup` threads (`None`: the device's own).
fn count_every_task(
    gpu: &Gpu,
    n: usize,
    rows: usize,
    workgroup: Option<u32>,
) -> Result<Counted, String> {
    let sym = SymmetryPlan::new(n).map_err(|e| e.to_string())?;
    let searches = (0..sym.len())
        .filter_map(|i| sym.layout(i))
        .filter_map(|lay| {
            let k = tasks::placed_rows(rows, lay.avail.len())?;
            Some((lay, k))
        })
        .collect();
    count_searches(gpu, n, searches, workgroup)
}

/// Every task of the searches (a layout of the n×n board and its rows placed), counted on
/// `gpu` in one run, in workgroups of `workgroup` threads (`None`: the device's own).
fn count_searches(
    gpu: &Gpu,
    n: usize,
    searches: Vec<(Layout, usize)>,
    workgroup: Option<u32>,
) -> Result<Counted, String> {
    let mut fill = Filling::default();
    for (tag, (lay, k)) in searches.iter().enumerate() {
        Prefixes::new(lay, *k).fill(lay, tag as u32, &mut fill.tasks, usize::MAX);
        for w in tasks::record(n, lay, *k) {
            fill.layouts.extend_from_slice(&w.to_le_bytes());
        }
        fill.levels = fill
            .levels
            .max(tasks::stack_rows(lay.avail.len(), *k) as u32);
    }
    if fill.len() == 0 {
        return Ok(Vec::new());
    }
    let tasks = fill.tasks.clone();
    let counts = feed::count_alone(gpu, tasks, fill.layouts, fill.levels, workgroup)?;
    Ok(counts
        .into_iter()
        .enumerate()
        .map(|(t, got)| {
            let (masks, tag) = tasks::read_task(&fill.tasks, t);
            (masks, searches[tag as usize].clone(), got)
        })
        .collect())
}

/// The rows of stack of the tasks of the n×n board cut into tasks of `rows` rows, for the
/// constellations that leave the most free rows: n - 4, or n - 3 where two of the border queens
/// share a row (none where the CPU counts them).
fn deep_levels(n: usize, rows: usize) -> impl Iterator<Item = u32> {
    (n.saturating_sub(4)..n.saturating_sub(2))
        .filter_map(move |m| Some(tasks::stack_rows(m, tasks::placed_rows(rows, m)?) as u32))
}

/// The rows of stack of the deepest tasks (see [`deep_levels`]); `None`: the CPU counts them all.
fn deepest(n: usize, rows: usize) -> Option<u32> {
    deep_levels(n, rows).max()
}

/// Refuses, before the count, a device that counts a small board wrong or cannot build the
/// shaders for this one, with tasks of `rows` rows in workgroups of `workgroup` (`None`: its
/// own): it is never trusted with the count.
fn check(gpu: &Gpu, n: usize, rows: usize, workgroup: Option<u32>) -> Result<(), Error> {
    let failed = |why: String| {
        Error::Gpu(GpuProblem::Failed {
            device: gpu.name.clone(),
            why,
        })
    };
    gpu.proof
        .get_or_init(|| prove(gpu, None))
        .clone()
        .map_err(failed)?;
    // A workgroup the count fixed builds another shader: it proves itself too, where its stacks
    // fit the proof's (a count's shallower ones are the same code with the same constant).
    if let Some(w) = workgroup
        && gpu.room(w, PROOF_ROWS as u32 - 1).is_ok()
    {
        prove(gpu, workgroup).map_err(failed)?;
    }
    // The shaders of the deepest tasks.
    for levels in deep_levels(n, rows) {
        gpu.build(levels, workgroup).map_err(failed)?;
    }
    Ok(())
}

/// Counts every task of a small board (n = 12, tasks of [`PROOF_ROWS`] rows, so that threads
/// use their stacks) on `gpu`, in workgroups of `workgroup` threads (`None`: its own), and
/// compares each count with the CPU's.
fn prove(gpu: &Gpu, workgroup: Option<u32>) -> Result<(), String> {
    for (masks, (lay, k), got) in count_every_task(gpu, 12, PROOF_ROWS, workgroup)? {
        let want = tasks::count_task(&lay, k, masks);
        if got != Some(want) {
            return Err(format!(
                "it counted {got:?} where the CPU counts {want}, in a check on the 12×12 board"
            ));
        }
    }
    Ok(())
}

/// Constellations per batch: [`BATCH_TASKS`] over the tasks a constellation makes (estimated
/// from a few of them, each counted no further than a batch's worth).
fn batch_for(rows: usize, sym: &SymmetryPlan) -> usize {
    let len = sym.len();
    let (mut made, mut seen) = (0u64, 0u64);
    for i in (0..len).step_by((len / SAMPLES).max(1)) {
        let Some(lay) = sym.layout(i) else { continue };
        made += match tasks::placed_rows(rows, lay.avail.len()) {
            Some(k) => tasks::count_prefixes(&lay, k, BATCH_TASKS),
            None => 1,
        };
        seen += 1;
    }
    let per = (made / seen.max(1)).max(1);
    ((BATCH_TASKS / per) as usize).clamp(1, len.max(1))
}

impl Plan for GpuPlan {
    /// The symmetry engine's identity: the split is the same.
    fn id(&self) -> PlanId {
        self.sym.id()
    }

    fn len(&self) -> usize {
        self.sym.len()
    }

    fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
        Some(self.count_batch(&[index], watch)?[0])
    }

    fn batch(&self) -> usize {
        self.batch
    }

    /// The constellations whose tasks look longest first ([`tasks::task_lengths`]), list order
    /// among equals; list order on the boards where the order does not matter.
    fn order(&self, indices: &mut [usize]) {
        if let Some(lengths) = &self.lengths {
            indices.sort_by(|&a, &b| lengths[b].total_cmp(&lengths[a]));
        }
    }

    /// Stops, between pieces and while waiting for them, when the watch says so: the pieces on
    /// the GPUs then finish there, and their counts are thrown away.
    fn count_batch(&self, indices: &[usize], watch: &Watch) -> Option<Vec<Counts>> {
        if watch.check() {
            return None;
        }
        let n = self.n;
        // Each constellation's search and the rows placed here; `None`: counted on the CPU.
        let searches: Vec<Option<(Layout, usize)>> = indices
            .iter()
            .map(|&i| {
                let lay = self.sym.layout(i)?;
                let k = tasks::placed_rows(self.rows, lay.avail.len())?;
                Some((lay, k))
            })
            .collect();
        let mut all = vec![0u128; indices.len()];
        let (reply, answers) = mpsc::channel::<Done>();
        // However this batch ends, its pieces are no longer wanted after it: a stopped batch's
        // pieces leave the GPUs at once rather than being counted for nobody.
        let abandon = Arc::new(AtomicBool::new(false));
        let _abandon_on_return = Abandon(Arc::clone(&abandon));
        let mut owners: Vec<Vec<usize>> = Vec::new();
        let mut out = 0;
        let mut fill = Filling::default();
        let cap = self.piece_tasks();
        let settle = |done: Done, owners: &[Vec<usize>], all: &mut [u128]| {
            let who = &owners[done.piece.id];
            match &done.counts {
                Ok(counts) => self.add(&done.piece, counts, who, &searches, all),
                Err(_) => self.on_cpu(&done.piece, who, &searches, all),
            }
        };
        // Queues a full piece; 1 when it went to the GPUs (and will come back on `answers`).
        let ship = |fill: Filling, owners: &mut Vec<Vec<usize>>, all: &mut [u128]| {
            self.send(fill, owners, &reply, &abandon, &searches, all, watch) as usize
        };
        for (pos, search) in searches.iter().enumerate() {
            let Some((lay, k)) = search else { continue };
            let record = tasks::record(n, lay, *k);
            let levels = tasks::stack_rows(lay.avail.len(), *k) as u32;
            let mut prefixes = Prefixes::new(lay, *k);
            loop {
                let room = cap - fill.len();
                let tag = fill.owners.len() as u32;
                let put = prefixes.fill(lay, tag, &mut fill.tasks, room);
                if put > 0 {
                    fill.owners.push(pos);
                    fill.levels = fill.levels.max(levels);
                    for w in record {
                        fill.layouts.extend_from_slice(&w.to_le_bytes());
                    }
                }
                if fill.len() == cap {
                    out += ship(std::mem::take(&mut fill), &mut owners, &mut all);
                    if watch.check() {
                        return None;
                    }
                    // Counts already back are added now, so their pieces' memory goes.
                    while let Ok(done) = answers.try_recv() {
                        settle(done, &owners, &mut all);
                        out -= 1;
                    }
                }
                if put < room {
                    break;
                }
            }
        }
        if fill.len() > 0 {
            out += ship(fill, &mut owners, &mut all);
            if watch.check() {
                return None;
            }
        }
        // Only the pieces hold senders now: if a feeding thread died with one, this ends.
        drop(reply);
        while out > 0 {
            match answers.recv_timeout(STOP_LOOK) {
                Ok(done) => {
                    settle(done, &owners, &mut all);
                    out -= 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) if watch.check() => return None,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    // Tasks finished on the GPUs are the count's large branches: progress
                    // moves while a long run is still out.
                    watch.searched(self.health.take_finished());
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    panic!("every queued piece comes back")
                }
            }
        }
        let counts = indices
            .iter()
            .zip(&searches)
            .zip(all)
            .map(|((&i, search), all)| match search {
                Some(_) => self.sym.counts_from(i, all),
                None => self.sym.count_one(i),
            })
            .collect();
        Some(counts)
    }

    fn zero(&self) -> Counts {
        self.sym.zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gpu_plan(n: usize) -> GpuPlan {
        GpuPlan::new(n, GpuDevice::default()).expect("a GPU (or Mesa's software Vulkan device)")
    }

    fn check(plan: &GpuPlan, indices: &[usize]) {
        let cpu = SymmetryPlan::new(plan.n).unwrap();
        for (&i, c) in indices
            .iter()
            .zip(plan.count_batch(indices, &Watch::none()).unwrap())
        {
            assert_eq!(c, cpu.count_one(i), "n = {}, constellation {i}", plan.n);
        }
    }

    #[test]
    fn the_deepest_tasks_are_those_the_checks_build() {
        // The refusal of a workgroup too large and the shaders built before a count look at
        // constellations of n - 4 and n - 3 free rows: none leaves more.
        for n in 5..=14 {
            let sym = SymmetryPlan::new(n).unwrap();
            let most = (0..sym.len())
                .filter_map(|i| sym.layout(i))
                .map(|lay| lay.avail.len())
                .max()
                .unwrap();
            assert!(most <= n - 3, "n = {n}: {most} free rows");
            let rows = 6;
            let levels = tasks::stack_rows(most, tasks::placed_rows(rows, most).unwrap());
            assert_eq!(deepest(n, rows), Some(levels as u32), "n = {n}");
        }
    }

    #[test]
    fn a_device_proves_itself_in_a_workgroup_fixed_by_the_count_too() {
        let gpu = &gpu_plan(8).gpus[0];
        for w in [1, 4, 64] {
            assert_eq!(prove(gpu, Some(w)), Ok(()));
            assert!(
                gpu.built(Some(w))
                    .iter()
                    .any(|b| b.0 + 1 == PROOF_ROWS as u32)
            );
        }
    }

    #[test]
    fn every_task_finishes_on_the_device() {
        // Tasks sized for the device (small ones on a software device) all finish there.
        let plan = gpu_plan(14);
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
        assert_eq!(plan.recounted(), 0);
    }

    #[test]
    fn tasks_far_longer_than_a_dispatch_finish_on_the_device() {
        // Whole constellations of n = 17 as single tasks: walks of several hundred thousand
        // turns, far past the turns after which a software device ends a thread's loops; the
        // budget of turns per dispatch carries them over as many dispatches as they take.
        let mut plan = gpu_plan(17);
        plan.rows = tasks::MAX_TASK_ROWS;
        let some: Vec<usize> = (0..plan.len()).step_by(plan.len() / 24).collect();
        check(&plan, &some);
        assert_eq!(plan.recounted(), 0);
    }

    #[test]
    fn batches_counted_at_once_share_dispatches() {
        // Four threads' batches at once: their pieces queue together, and a dispatch joins
        // several of them.
        let plan = gpu_plan(12);
        let all: Vec<usize> = (0..plan.len()).collect();
        let cpu = SymmetryPlan::new(12).unwrap();
        std::thread::scope(|s| {
            for part in all.chunks(all.len() / 4 + 1) {
                let (plan, cpu) = (&plan, &cpu);
                s.spawn(move || {
                    for _ in 0..3 {
                        for (&i, c) in part
                            .iter()
                            .zip(plan.count_batch(part, &Watch::none()).unwrap())
                        {
                            assert_eq!(c, cpu.count_one(i), "constellation {i}");
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn the_shader_and_the_cpu_agree_on_every_task() {
        // Every task of the boards up to 13, on the GPU and on the CPU; the model's lane is
        // held against the same CPU count in its own crate (tools/gpu-model).
        let gpu = &gpu_plan(8).gpus[0];
        for n in 6..=13 {
            let rows = tasks::task_rows(n).min(8);
            for (t, (masks, (lay, k), got)) in count_every_task(gpu, n, rows, None)
                .unwrap()
                .into_iter()
                .enumerate()
            {
                let cpu = tasks::count_task(&lay, k, masks);
                assert_eq!(got, Some(cpu), "n = {n}, task {t}");
            }
        }
    }

    #[test]
    fn the_shaders_of_every_depth_can_be_built_and_told() {
        let plan = gpu_plan(8);
        plan.build_levels(2..=5).unwrap();
        let (_, shaders) = &plan.residency()[0];
        for levels in 2..=5 {
            let s = shaders.iter().find(|s| s.levels == levels).expect("built");
            assert!(
                s.threads > 0 && s.tried.contains(&(s.workgroup, s.threads)),
                "{s:?}"
            );
        }
    }

    #[test]
    fn a_record_of_sixteen_levels_counts_on_the_device() {
        // No board small enough to count here has tasks that walk sixteen levels, the most a
        // record holds, and whose gaps of two and three rows sit at high levels: a made-up
        // layout of a 24×24 board does. Its free rows are every row but 0, 8, 14, 15 and 23,
        // each row's cells a few, with those of one solution among them, so that its search is
        // small and has completions; two rows are placed, leaving sixteen levels to walk.
        let n = 24;
        // The textbook solution for n = 6j or 6j + 4: the odd columns down the first half of
        // the rows, then the even ones.
        let cols: Vec<u32> = (0..n as u32)
            .map(|r| if r < 12 { 2 * r + 1 } else { 2 * (r - 12) })
            .collect();
        let taken = [0usize, 8, 14, 15, 23];
        let rows: Vec<usize> = (0..n).filter(|r| !taken.contains(r)).collect();
        let queens: Vec<(usize, u32)> = taken.iter().map(|&r| (r, cols[r])).collect();
        let attacked = |r: usize, c: u32| {
            queens.iter().any(|&(qr, qc)| {
                let d = r.abs_diff(qr) as u32;
                c == qc || c == qc + d || qc.checked_sub(d) == Some(c)
            })
        };
        let avail: Vec<u64> = rows
            .iter()
            .map(|&r| {
                [
                    cols[r],
                    (cols[r] + 5) % 24,
                    (cols[r] + 11) % 24,
                    (cols[r] + 17) % 24,
                ]
                .into_iter()
                .filter(|&c| !attacked(r, c))
                .fold(0, |m, c| m | 1u64 << c)
            })
            .collect();
        let gap = rows.windows(2).map(|w| (w[1] - w[0]) as u32).collect();
        let border_cols = queens.iter().fold(0, |m, &(_, c)| m | 1u64 << c);
        let lay = Layout {
            avail,
            gap,
            border_cols,
        };
        let k = 2;
        assert_eq!(tasks::stack_rows(lay.avail.len(), k), tasks::RECORD_LEVELS);
        assert!(lay.gap[k..].contains(&2) && lay.gap[k..].contains(&3));
        let gpu = &gpu_plan(8).gpus[0];
        let counted = count_searches(gpu, n, vec![(lay, k)], None).unwrap();
        assert!(!counted.is_empty());
        let mut found = 0;
        for (t, (masks, (lay, k), got)) in counted.into_iter().enumerate() {
            let cpu = tasks::count_task(&lay, k, masks);
            assert_eq!(got, Some(cpu), "task {t}");
            found += cpu;
        }
        assert!(
            found > 0,
            "the solution's cells make at least one completion"
        );
    }

    #[test]
    fn tasks_spanning_many_dispatches_count_exactly() {
        // A budget of a few turns: every task is saved and taken up again many times.
        let plan = gpu_plan(14);
        for g in &plan.gpus {
            g.pin_budget(7);
        }
        let all: Vec<usize> = (0..plan.len()).collect();
        let got = plan.count_batch(&all, &Watch::none()).unwrap();
        for g in &plan.gpus {
            g.pin_budget(0);
        }
        let sum = got.into_iter().fold(plan.zero(), |a, b| a + b);
        assert_eq!((sum.total, sum.unique), (365596, Some(45752)));
        assert_eq!(plan.recounted(), 0);
    }

    #[test]
    fn a_piece_needing_a_deeper_stack_starts_a_new_stream() {
        // The feed's stream keeps going between batches; a batch whose tasks need more rows of
        // stack than its threads have waits until the stream's tasks are back, then a deeper
        // stream counts it.
        let mut plan = gpu_plan(13);
        let all: Vec<usize> = (0..plan.len()).collect();
        plan.rows = 4;
        check(&plan, &all);
        plan.rows = 8;
        check(&plan, &all);
        assert_eq!(plan.recounted(), 0);
    }

    #[test]
    fn without_a_gpu_every_piece_is_counted_on_the_cpu() {
        let mut plan = gpu_plan(10);
        plan.feed = Feed::start(&[], &plan.health, None);
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
        assert!(plan.recounted() > 0);
    }

    #[test]
    fn pieces_are_cut_anywhere() {
        // The piece size is the devices' dispatch size; a constellation's tasks may span pieces.
        let mut plan = gpu_plan(13);
        plan.rows = 6;
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
    }

    #[test]
    fn a_stop_ends_a_batch_without_counts_and_the_next_batch_counts_again() {
        use crate::progress::NoProgress;
        use std::sync::atomic::AtomicBool;
        let plan = gpu_plan(14);
        let all: Vec<usize> = (0..plan.len()).collect();
        let stop = AtomicBool::new(true);
        let watch = Watch::new(Some(&stop), &NoProgress, None);
        assert_eq!(plan.count_batch(&all, &watch), None);
        assert!(watch.stopped());
        // A stop while the pieces are on the GPU: on a software device, where the whole board
        // takes seconds, the batch ends without its counts.
        let plan = gpu_plan(16);
        let all: Vec<usize> = (0..plan.len()).collect();
        let stop = AtomicBool::new(false);
        let got = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            plan.count_batch(&all, &Watch::new(Some(&stop), &NoProgress, None))
        });
        if plan.gpus.iter().all(|g| g.software) {
            assert_eq!(got, None);
        }
        // Pieces still on the GPU from the stopped batch do not mix into the next one.
        check(&plan, &all[..all.len() / 5]);
    }
}
