//! The one way subproblems get counted.
//!
//! A plain count, a checkpointed count, a shard and a cluster rank's chunk all hand a list of
//! subproblem indices to the crate's `Runner`. It counts them on the calling thread or on a thread
//! pool, in the order the plan asks for ([`Plan::order`]): each thread takes the next batch of
//! that list as soon as it has finished one, which balances subproblems of very different cost
//! and starts the costly ones first when the plan knows them. It reports each finished one to a
//! callback and to the progress observer, and once asked to stop takes no new subproblem and has
//! the ones under way cut short (see [`crate::progress`]).
//! The last pool built is kept for the next run with as many threads (see `pool`).

use crate::counts::Counts;
use crate::error::Error;
use crate::plan::Plan;
use crate::progress::{Progress, Watch};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The number of threads "one per core" stands for on this machine (1 where it cannot be told,
/// and always 1 in a build without the `parallel` feature).
pub fn cores() -> usize {
    if cfg!(feature = "parallel") {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        1
    }
}

/// One run of subproblems of a plan.
pub(crate) struct Runner<'a> {
    pub plan: &'a dyn Plan,
    /// Worker threads, at least 1 (a build without threads runs them all on the calling one).
    #[cfg_attr(not(feature = "parallel"), allow(dead_code))]
    pub threads: usize,
    pub progress: &'a dyn Progress,
    /// Once true, no new subproblem is started and those under way are cut short.
    pub stop: Option<&'a AtomicBool>,
    /// Subproblems finished before this run (of a resumed count), and the number the progress
    /// observer measures against.
    pub done_before: u64,
    pub total: u64,
}

impl Runner<'_> {
    /// Counts the subproblems `indices` and hands each finished one, with its count, to
    /// `finished`. Returns the sum of what was counted and how many subproblems that was (fewer
    /// than asked when stopped). The list is taken rather than copied, and put in the plan's
    /// order where it stands: it may hold millions of subproblems (n = 64), made with
    /// [`subproblem_list`] where memory may run short.
    pub fn run(
        &self,
        mut order: Vec<usize>,
        finished: &(dyn Fn(usize, Counts) + Sync),
    ) -> (Counts, usize) {
        let plan = self.plan;
        // The observer learns the size of the count before the first subproblem ends.
        self.progress.update(self.done_before, self.total);
        let done = AtomicU64::new(self.done_before);
        let branches = AtomicU64::new(0);
        let count = |chunk: &[usize]| -> Option<(Counts, usize)> {
            if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
                return None;
            }
            let watch = Watch::new(self.stop, self.progress, Some(&branches));
            let counts = plan.count_batch(chunk, &watch)?;
            let mut sum = plan.zero();
            for (&i, c) in chunk.iter().zip(counts) {
                finished(i, c);
                sum += c;
            }
            let d = done.fetch_add(chunk.len() as u64, Ordering::Relaxed) + chunk.len() as u64;
            self.progress.update(d, self.total);
            Some((sum, chunk.len()))
        };
        let add = |(a, i): (Counts, usize), (b, j): (Counts, usize)| (a + b, i + j);
        plan.order(&mut order);
        let batch = plan.batch().max(1);
        // Chunks are started in the plan's order whatever the number of threads: each thread
        // takes the next one as it finishes one, so that the plan's order (largest first,
        // say) is the order the work begins in. Each is cut from the list as it is taken, not
        // listed beforehand, which would take another slot per subproblem.
        let next = AtomicUsize::new(0);
        let chunk = |k: usize| {
            let start = k.checked_mul(batch).filter(|&s| s < order.len())?;
            Some(&order[start..order.len().min(start + batch)])
        };
        let take = || {
            let mut sum = (plan.zero(), 0);
            while let Some(chunk) = chunk(next.fetch_add(1, Ordering::Relaxed)) {
                match count(chunk) {
                    Some(part) => sum = add(sum, part),
                    None => break,
                }
            }
            sum
        };
        #[cfg(feature = "parallel")]
        if self.threads > 1
            && let Some(pool) = pool(self.threads)
        {
            return pool
                .broadcast(|_| take())
                .into_iter()
                .fold((plan.zero(), 0), add);
        }
        // One thread, or no pool to be had: on the calling thread.
        take()
    }
}

/// Room for a list of `len` subproblems of `plan`, or the refusal the library gives when the
/// system has not that memory to spare (under `ulimit -v`): a list for n = 64 takes some
/// 13 MiB, which a process that just made room for the plan itself may not have.
pub(crate) fn subproblem_list(plan: &dyn Plan, len: usize) -> Result<Vec<usize>, Error> {
    let mut list = Vec::new();
    list.try_reserve_exact(len).map_err(|_| {
        let id = plan.id();
        Error::OutOfMemory {
            method: id.method,
            n: id.n,
            bytes: (len * size_of::<usize>()) as u64,
        }
    })?;
    Ok(list)
}

/// A pool of `threads` worker threads; `None` when the system will not start the threads.
///
/// The last pool built is kept for the next run that asks for as many threads, so that a
/// program that counts many times with one setting (a cluster rank counting chunk after chunk)
/// pays for its threads once. Only one is kept: a program that tries thread count after thread
/// count (a Python session timing `threads=2..150`) holds one pool's threads at a time, not the
/// sum of them all. A pool built before a `fork` is never used in the child, whose copy of the
/// pool has no threads behind it: it is left alone (not dropped, which would signal threads that
/// are not there) and a new one is built.
#[cfg(feature = "parallel")]
fn pool(threads: usize) -> Option<std::sync::Arc<rayon::ThreadPool>> {
    use std::sync::{Arc, Mutex};
    struct Kept {
        threads: usize,
        process: u32,
        pool: Arc<rayon::ThreadPool>,
    }
    static KEPT: Mutex<Option<Kept>> = Mutex::new(None);
    let mut kept = KEPT.lock().unwrap_or_else(|p| p.into_inner());
    let process = std::process::id();
    match kept.take() {
        Some(k) if k.process != process => std::mem::forget(k),
        Some(k) if k.threads == threads => {
            let pool = Arc::clone(&k.pool);
            *kept = Some(k);
            return Some(pool);
        }
        // Another size: dropped here, its threads end once their last run has.
        _ => {}
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()?,
    );
    *kept = Some(Kept {
        threads,
        process,
        pool: Arc::clone(&pool),
    });
    Some(pool)
}

/// Wall-clock time since a start, where the platform has a clock (a browser's WebAssembly has
/// none that the standard library can read: there it reads 0).
pub(crate) struct Stopwatch {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    start: std::time::Instant,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        Stopwatch {
            #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
            start: std::time::Instant::now(),
        }
    }

    pub fn elapsed(&self) -> std::time::Duration {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return self.start.elapsed();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return std::time::Duration::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::NoProgress;
    use crate::reference::bitmask::BitmaskPlan;
    use std::sync::Mutex;

    fn runner<'a>(plan: &'a dyn Plan, threads: usize, stop: Option<&'a AtomicBool>) -> Runner<'a> {
        Runner {
            plan,
            threads,
            progress: &NoProgress,
            stop,
            done_before: 0,
            total: plan.len() as u64,
        }
    }

    #[test]
    fn every_index_is_counted_once_on_any_number_of_threads() {
        let plan = BitmaskPlan::new(10).unwrap();
        let all: Vec<usize> = (0..plan.len()).collect();
        for threads in [1, 2, 3] {
            let seen = Mutex::new(vec![0; plan.len()]);
            let (sum, counted) =
                runner(&plan, threads, None).run(all.clone(), &|i, _| seen.lock().unwrap()[i] += 1);
            assert_eq!((sum.total, counted), (724, plan.len()), "{threads} threads");
            assert!(seen.into_inner().unwrap().iter().all(|&s| s == 1));
        }
    }

    #[test]
    fn a_stop_takes_no_new_subproblem() {
        let plan = BitmaskPlan::new(9).unwrap();
        let all: Vec<usize> = (0..plan.len()).collect();
        for threads in [1, 2] {
            let stop = AtomicBool::new(true);
            let (sum, counted) = runner(&plan, threads, Some(&stop)).run(all.clone(), &|_, _| {});
            assert_eq!((sum.total, counted), (0, 0));
        }
    }

    /// The bit-mask split, asking for its subproblems to be started last first, in batches of
    /// three, and noting the order they start in.
    struct Backwards {
        plan: BitmaskPlan,
        started: Mutex<Vec<usize>>,
    }

    impl Plan for Backwards {
        fn id(&self) -> crate::plan::PlanId {
            self.plan.id()
        }
        fn count_watched(&self, index: usize, watch: &Watch) -> Option<Counts> {
            self.started.lock().unwrap().push(index);
            self.plan.count_watched(index, watch)
        }
        fn batch(&self) -> usize {
            3
        }
        fn order(&self, indices: &mut [usize]) {
            indices.reverse();
        }
    }

    #[test]
    fn subproblems_start_in_the_plans_order() {
        let plan = Backwards {
            plan: BitmaskPlan::new(9).unwrap(),
            started: Mutex::new(Vec::new()),
        };
        let some: Vec<usize> = (0..plan.len()).filter(|i| i % 3 != 1).collect();
        let (sum, counted) = runner(&plan, 1, None).run(some.clone(), &|_, _| {});
        assert_eq!(counted, some.len());
        let started = plan.started.lock().unwrap().clone();
        let mut backwards = some.clone();
        backwards.reverse();
        assert_eq!(started, backwards);
        // On two threads, every one still once, and the total is the sum of their counts.
        plan.started.lock().unwrap().clear();
        let (two, _) = runner(&plan, 2, None).run(some.clone(), &|_, _| {});
        let mut started = plan.started.lock().unwrap().clone();
        started.sort_unstable();
        assert_eq!((started, two.total), (some, sum.total));
    }

    #[test]
    fn there_is_at_least_one_core() {
        assert!(cores() >= 1);
    }
}
