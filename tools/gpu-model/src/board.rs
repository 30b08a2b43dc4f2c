//! The tasks of a board as the GPU plan cuts them, with what it takes to turn their completions
//! back into Q(n): the work that the lanes of the model play.

use super::kernels::Kernel;
use nqueens::internals::constellation::{Layout, SymmetryPlan};
use nqueens::internals::gpu::tasks::{self, Prefixes, TASK_BYTES};
use nqueens::plan::Plan;

/// The tasks of a board, as the GPU plan makes them: per task its masks and its constellation's
/// search (layout and rows placed on the CPU).
#[derive(Debug)]
pub struct Tasks {
    /// The board's size.
    pub n: usize,
    /// Per constellation with tasks: its layout, the rows placed on the CPU, and its weight in
    /// the total (the symmetry engine's factor for its class, for the self-check).
    pub(super) searches: Vec<(Layout, usize)>,
    /// Per task: masks and the index of its search.
    pub(super) list: Vec<([u32; 3], u32)>,
    /// The completions of the constellations counted on the CPU (too few rows for tasks), and
    /// how each search's completions turn into the total.
    pub(super) plan: SymmetryPlan,
    pub(super) owners: Vec<usize>,
    /// Every constellation's tasks, all of them (not a sample).
    pub(super) whole: bool,
    /// Per search, how long its tasks look (`tasks::task_lengths`).
    pub(super) lengths: Vec<f64>,
}

impl Tasks {
    /// Every task of the n×n board (2 ≤ n ≤ 32), made as the GPU plan makes them, with tasks
    /// of `rows` rows (the plan's [`tasks::task_rows`] when `None`).
    pub fn new(n: usize, rows: Option<usize>) -> Result<Tasks, nqueens::Error> {
        Tasks::sample(n, rows, 1)
    }

    /// The tasks of every `stride`-th constellation only (all of them for 1): for boards too
    /// large to play whole. A sample's total is not Q(n).
    pub fn sample(n: usize, rows: Option<usize>, stride: usize) -> Result<Tasks, nqueens::Error> {
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
            Kernel::Step => most.saturating_sub(1) as u64,
        }
    }

    /// The total Q(n), from each search's completions as the lanes counted them (the
    /// constellations without tasks are counted on the CPU, as the plan does); 0 for a sample.
    pub(super) fn total(&self, per_search: &[u128]) -> u128 {
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
