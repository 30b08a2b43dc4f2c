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
use crate::engine::gpu::device::{self, Gpu, MAX_DISPATCH, UNFINISHED};
use crate::engine::gpu::feed::{Done, Feed, Piece};
use crate::engine::gpu::select::GpuDevice;
use crate::engine::gpu::tasks::{self, Prefixes, TASK_BYTES};
use crate::error::{Error, Quantity};
use crate::method::Method;
use crate::run::plan::{Plan, PlanId};
use std::sync::{Arc, mpsc};

/// About how many tasks one batch of the runner makes: enough to keep a large GPU busy for a
/// dispatch or so, so that progress moves and a stop takes effect about once a second there.
const BATCH_TASKS: u64 = 1 << 22;

/// Constellations whose tasks are counted to estimate how many tasks a constellation makes.
const SAMPLES: usize = 16;

/// The symmetry engine's split, counted on GPUs.
///
/// ```
/// use nqueens::engine::gpu::{plan::GpuPlan, select::GpuDevice};
/// use nqueens::run::plan::Plan;
///
/// // Needs a GPU (or Mesa's software Vulkan device).
/// if let Ok(plan) = GpuPlan::new(10, GpuDevice::default()) {
///     let all: Vec<usize> = (0..plan.len()).collect();
///     let sum = plan.count_batch(&all).into_iter().fold(plan.zero(), |a, b| a + b);
///     assert_eq!((sum.total, sum.unique), (724, Some(92)));
/// }
/// ```
pub struct GpuPlan {
    n: usize,
    sym: SymmetryPlan,
    gpus: Vec<Arc<Gpu>>,
    feed: Feed,
    batch: usize,
    /// The rows each task leaves to a GPU thread ([`tasks::task_rows`]; tests change it).
    rows: usize,
    /// The most rounds of a task's walk, below the devices' own limits (tests lower it).
    rounds: Option<u32>,
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
        let max = Method::Gpu.max_n();
        if !(1..=max).contains(&n) {
            return Err(Error::out_of_range(Quantity::NFor(Method::Gpu), n, 1, max));
        }
        let sym = SymmetryPlan::new(n)?;
        let gpus = device::open(devices)?;
        let rows = tasks::task_rows(n);
        let batch = batch_for(rows, &sym);
        let feed = Feed::start(&gpus);
        Ok(GpuPlan {
            n,
            sym,
            gpus,
            feed,
            batch,
            rows,
            rounds: None,
        })
    }

    /// The GPUs the plan counts on, by name.
    pub fn devices(&self) -> Vec<String> {
        self.gpus.iter().map(|g| g.name.clone()).collect()
    }

    /// Tasks a piece should hold: a dispatch of the fastest GPU (a slower one cuts it).
    fn piece_tasks(&self) -> usize {
        self.gpus
            .iter()
            .map(|g| g.dispatch_tasks())
            .max()
            .unwrap_or(1)
            .clamp(1, MAX_DISPATCH)
    }

    /// Queues the piece being filled; a piece that no GPU is left to take is counted here.
    fn send(
        &self,
        fill: Filling,
        owners: &mut Vec<Vec<usize>>,
        reply: &mpsc::Sender<Done>,
        searches: &[Option<(Layout, usize)>],
        all: &mut [u128],
    ) -> bool {
        let piece = Piece {
            tasks: fill.tasks,
            layouts: fill.layouts,
            levels: fill.levels,
            rounds: self.rounds,
            id: owners.len(),
            reply: reply.clone(),
        };
        owners.push(fill.owners);
        match self.feed.offer(piece) {
            Ok(()) => true,
            Err(piece) => {
                on_cpu(&piece, &owners[piece.id], searches, all);
                false
            }
        }
    }
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

/// Adds a piece's counts to its constellations; a task the GPU left unfinished is counted on
/// the CPU.
fn add(
    piece: &Piece,
    counts: &[u64],
    owners: &[usize],
    searches: &[Option<(Layout, usize)>],
    all: &mut [u128],
) {
    for (t, &c) in counts.iter().enumerate() {
        let (masks, tag) = tasks::read_task(&piece.tasks, t);
        let pos = owners[tag as usize];
        all[pos] += if c >> 32 == UNFINISHED >> 32 {
            let (lay, k) = searches[pos].as_ref().expect("a task's search");
            tasks::count_task(lay, *k, masks)
        } else {
            c
        } as u128;
    }
}

/// Counts a piece's tasks on the CPU.
fn on_cpu(piece: &Piece, owners: &[usize], searches: &[Option<(Layout, usize)>], all: &mut [u128]) {
    for t in 0..piece.len() {
        let (masks, tag) = tasks::read_task(&piece.tasks, t);
        let pos = owners[tag as usize];
        let (lay, k) = searches[pos].as_ref().expect("a task's search");
        all[pos] += tasks::count_task(lay, *k, masks) as u128;
    }
}

impl Plan for GpuPlan {
    /// The symmetry engine's identity: the split is the same.
    fn id(&self) -> PlanId {
        self.sym.id()
    }

    fn len(&self) -> usize {
        self.sym.len()
    }

    fn count_one(&self, index: usize) -> Counts {
        self.count_batch(&[index])[0]
    }

    fn batch(&self) -> usize {
        self.batch
    }

    fn count_batch(&self, indices: &[usize]) -> Vec<Counts> {
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
        let mut owners: Vec<Vec<usize>> = Vec::new();
        let mut out = 0;
        let mut fill = Filling::default();
        let cap = self.piece_tasks();
        let settle = |done: Done, owners: &[Vec<usize>], all: &mut [u128]| {
            let who = &owners[done.piece.id];
            match &done.counts {
                Ok(counts) => add(&done.piece, counts, who, &searches, all),
                Err(_) => on_cpu(&done.piece, who, &searches, all),
            }
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
                    let full = std::mem::take(&mut fill);
                    out += self.send(full, &mut owners, &reply, &searches, &mut all) as usize;
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
            out += self.send(fill, &mut owners, &reply, &searches, &mut all) as usize;
        }
        // Only the pieces hold senders now: if a feeding thread died with one, this ends.
        drop(reply);
        for _ in 0..out {
            let done = answers.recv().expect("every queued piece comes back");
            settle(done, &owners, &mut all);
        }
        indices
            .iter()
            .zip(&searches)
            .zip(all)
            .map(|((&i, search), all)| match search {
                Some(_) => self.sym.counts_from(i, all),
                None => self.sym.count_one(i),
            })
            .collect()
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
        for (&i, c) in indices.iter().zip(plan.count_batch(indices)) {
            assert_eq!(c, cpu.count_one(i), "n = {}, constellation {i}", plan.n);
        }
    }

    #[test]
    fn long_walks_are_counted_in_rounds() {
        // Whole constellations of n = 17 as single tasks: walks of several hundred thousand
        // steps, far past the 65,535 turns after which a software device ends a loop.
        let mut plan = gpu_plan(17);
        plan.rows = tasks::MAX_TASK_ROWS;
        let some: Vec<usize> = (0..plan.len()).step_by(plan.len() / 24).collect();
        check(&plan, &some);
    }

    #[test]
    fn unfinished_tasks_are_counted_on_the_cpu() {
        // One round of a few returns each: most tasks come back unfinished.
        let mut plan = gpu_plan(11);
        plan.rounds = Some(1);
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
    }

    #[test]
    fn without_a_gpu_every_piece_is_counted_on_the_cpu() {
        let mut plan = gpu_plan(10);
        plan.feed = Feed::start(&[]);
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
    }

    #[test]
    fn pieces_are_cut_anywhere() {
        // The piece size is the devices' dispatch size; a constellation's tasks may span pieces.
        let mut plan = gpu_plan(13);
        plan.rows = 6;
        let all: Vec<usize> = (0..plan.len()).collect();
        check(&plan, &all);
    }
}
