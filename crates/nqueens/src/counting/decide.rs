//! Every decision about a count, made in one place ([`Count::prepare`]): the method when none
//! is named, the threads that fit in memory, and whether the combination asked for can be served
//! at all. The request only records what was asked and the job only runs what was decided, so
//! that no choice is made twice or in two ways.

use super::job::Job;
use super::persist::Kept;
use super::report::Note;
use super::request::{Count, Subject};
use crate::dispatch;
use crate::error::{Error, GpuProblem, Quantity, Task, check_n};
use crate::machine::GpuDevice;
use crate::machine::MAX_THREADS;
use crate::method::{Method, Threads};
use crate::progress::{NoProgress, Watch};
use crate::run::checkpoint::format::Checkpoint;
use crate::run::runner;
use crate::shard::Shard;
use std::sync::atomic::Ordering;

/// The smallest n for which the automatic choice is [`Method::Halves`]: single-threaded, the
/// two engines are even at n = 14 and 15, and halves is well ahead from n = 16 on.
const HALVES_FROM: usize = 14;

/// The largest n for which the automatic choice is [`Method::Halves`]. Past it halves fits in
/// memory on fewer threads than a large machine has (3 of them at n = 24, 2 at n = 25), and its
/// speed there against the symmetry engine on every core was not measured: a count names
/// `--method halves` to take it.
const HALVES_TO: usize = 23;

impl<'a> Count<'a> {
    /// Decides everything about the count (method, threads, plan), checks that it can be
    /// served, and returns the job ready to run. Nothing is counted yet.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let job = Count::new(20).prepare().unwrap();
    /// assert_eq!(job.method(), Method::Halves);
    /// let job = Count::new(20).unique(true).prepare().unwrap();
    /// assert_eq!(job.method(), Method::Halves);
    /// // Unique counts in parts take the symmetry engine, whose parts carry their own.
    /// let part = Count::new(20).unique(true).shard("0/4".parse()?).prepare()?;
    /// assert_eq!(part.method(), Method::Symmetry);
    /// // From n = 24 on halves fits only some threads, or none: the automatic choice takes
    /// // the symmetry engine.
    /// assert_eq!(Count::new(24).prepare().unwrap().method(), Method::Symmetry);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn prepare(self) -> Result<Job<'a>, Error> {
        // A resumed count reads its file before it looks at the board: the board and the
        // method may come from it.
        let (n, puzzle, kept) = match self.subject {
            Subject::Board(n) => {
                let kept = self.persistence.open()?;
                check_n(n)?;
                (n, None, kept)
            }
            // Nothing given and nothing blocked: the plain board, which every method counts
            // (unique solutions too).
            Subject::Puzzle(p) if p.is_empty() => (p.n(), None, self.persistence.open()?),
            Subject::Puzzle(p) => (p.n(), Some(p), self.persistence.open()?),
            Subject::Saved(path) => {
                let every = self.persistence.resuming(&path)?;
                let saved = Checkpoint::load(&path)?;
                let (n, puzzle) = (saved.id.n, saved.puzzle.clone());
                (n, puzzle, Kept::Resume { path, every, saved })
            }
        };
        let saved = kept.saved();
        // A count continued from its checkpoint answers what the count that saved it was asked
        // (the unique count, say), whether it is continued by the file's name alone or with the
        // board named again: the answer asked for is never lost on the way.
        let unique = self.unique || saved.is_some_and(|cp| cp.unique);
        let shard = self
            .shard
            .or(saved.map(|cp| cp.shard))
            .unwrap_or(Shard::WHOLE);
        // The threads the count would take, for the memory estimate that the automatic choice
        // and the threads both read: those asked, or one per core. Threads out of range are
        // refused below; meanwhile the estimate is made for one.
        let cores = runner::cores();
        // One process of several counts on one thread unless told otherwise (one process per
        // core is the usual layout); on GPUs, on its own GPU (below).
        let several = self.place.filter(|c| c.processes > 1);
        let asked = self.threads.or(several.map(|_| 1));
        let want = match asked {
            None => cores,
            Some(t) if (1..=MAX_THREADS).contains(&t) => t,
            Some(_) => 1,
        };
        let mut memory = Memory::new(n, want);
        // A count in parts (a shard, or a process of a cluster job): a method that counts
        // unique solutions of a whole count only cannot serve it with --unique. A cluster job
        // is one in parts however many processes it was given: a launcher that does not say
        // the job's size has each process prepared as a job of one, yet each counts a part.
        let in_parts = !shard.is_whole() || self.place.is_some();
        // Fixing how a count runs on GPUs asks for one on GPUs, as naming a device does.
        let on_gpu = self.gpu.is_some() || !self.tuning.is_default();
        let (method, automatic) = method_for(
            self.method,
            on_gpu,
            saved,
            n,
            puzzle.is_some(),
            unique && in_parts,
            &mut memory,
        );

        // What the method can do.
        if on_gpu && !method.counts_on_gpu() {
            return Err(Error::unsupported(method, Task::CountOnGpu));
        }
        self.tuning.check()?;
        if !method.is_built() {
            return Err(Error::Gpu(GpuProblem::NotBuilt));
        }
        if puzzle.is_some() {
            if unique {
                return Err(Error::NotForPuzzles(Task::CountUnique));
            }
            if !method.counts_puzzles() {
                return Err(Error::unsupported(method, Task::CountPuzzle));
            }
        }
        if unique && !method.counts_unique() {
            return Err(Error::unsupported(method, Task::CountUnique));
        }
        if unique && in_parts && !method.counts_unique_in_parts() {
            return Err(Error::unsupported(method, Task::CountUniqueInParts));
        }
        if n > method.max_n() {
            return Err(Error::out_of_range(
                Quantity::NFor(method),
                n,
                1,
                method.max_n(),
            ));
        }
        if (kept.path().is_some() || !shard.is_whole()) && !method.has_split() {
            return Err(Error::unsupported(method, Task::Split));
        }
        if let Some(t) = self.threads
            && !(1..=MAX_THREADS).contains(&t)
        {
            return Err(Error::out_of_range(Quantity::Threads, t, 1, MAX_THREADS));
        }
        // One process of several that counts on GPUs takes the one its rank on its machine
        // picks, on the threads the method takes for a GPU.
        let (gpus, asked) = match several {
            Some(c) if method.counts_on_gpu() => (
                self.gpu.or(Some(GpuDevice::Spread(c.local_rank))),
                self.threads,
            ),
            _ => (self.gpu, asked),
        };
        // A memory limit is met before the plan is built: a split too large for one thread is
        // never built at all.
        let (fit, mut notes) =
            within_memory(method, n, asked, automatic, want, memory.take(method))?;
        // Building the list of a large board takes seconds: a stop that comes meanwhile is
        // heeded, and the job then ends as it starts, with nothing counted and no checkpoint
        // touched. One set before is not: it asks for a count stopped before its first
        // subproblem, whose checkpoint is written with nothing done.
        let opened = match &puzzle {
            Some(p) => Some(dispatch::complete(method, p)?),
            None => dispatch::open(
                method,
                n,
                gpus.unwrap_or_default(),
                self.tuning,
                &Watch::new(
                    self.stop.filter(|s| !s.load(Ordering::Relaxed)),
                    &NoProgress,
                    None,
                ),
            )?,
        };
        let (plan, devices, health, threads) = match opened {
            // Stopped while listing: nothing to check, since nothing will be counted or saved.
            None => (
                None,
                Vec::new(),
                None,
                threads_for(method, asked, cores, fit, 0),
            ),
            Some(opened) => {
                // A count on GPUs has opened them: how many there are sets its threads.
                let threads = threads_for(method, asked, cores, fit, opened.devices.len());
                // A software device chosen by default means no GPU's driver was found: a count
                // that runs a thousand times slower than asked must say why.
                if opened.software && !matches!(gpus, Some(GpuDevice::Index(_))) {
                    notes.push(Note::SoftwareGpu);
                }
                if let Kept::Resume { path, saved, .. } = &kept {
                    saved.check(&opened.plan.id(), shard, path)?;
                    saved.check_counts(opened.plan.as_ref(), path)?;
                }
                (Some(opened.plan), opened.devices, opened.health, threads)
            }
        };
        Ok(Job {
            n,
            method,
            threads,
            devices,
            health,
            notes,
            plan,
            puzzle,
            shard,
            kept,
            unique,
            progress: self.progress,
            stop: self.stop,
        })
    }
}

/// The method that counts, and whether it was chosen here rather than asked for: by name, by
/// a GPU device or setting (`on_gpu`: only the GPU method counts on one), or by the checkpoint
/// resumed. A count left to choose may also choose its threads (see [`within_memory`]).
fn method_for(
    asked: Option<Method>,
    on_gpu: bool,
    saved: Option<&Checkpoint>,
    n: usize,
    puzzle: bool,
    unique_in_parts: bool,
    memory: &mut Memory,
) -> (Method, bool) {
    match (asked, on_gpu, saved) {
        (Some(method), _, _) => (method, false),
        (None, true, _) => (Method::Gpu, false),
        (None, false, Some(cp)) => (cp.id.method, false),
        (None, false, None) => (choose(n, puzzle, unique_in_parts, memory), true),
    }
}

/// The method for a count that names none: halves where it is fastest and fits in memory on
/// one thread (for unique counts too, of a whole count), the symmetry engine everywhere else
/// (and for unique counts in parts, `unique_in_parts`), the bit-mask method for partly filled
/// boards. It depends on the board and the request alone, so that every shard and every rank of
/// one count makes the same choice.
fn choose(n: usize, puzzle: bool, unique_in_parts: bool, memory: &mut Memory) -> Method {
    if puzzle {
        Method::Bitmask
    } else if !unique_in_parts
        && (HALVES_FROM..=HALVES_TO).contains(&n)
        && memory.fits_one(Method::Halves)
    {
        Method::Halves
    } else {
        Method::Symmetry
    }
}

/// The memory estimate of one request, made at most once for its method (it sizes the largest
/// tables of the split for every thread): the automatic choice asks whether one thread fits,
/// the threads how many do, and the plan is then built without an estimate of its own.
struct Memory {
    n: usize,
    /// The threads the count would take.
    threads: usize,
    /// The method estimated for, and what the estimate said.
    checked: Option<(Method, Result<(), Error>)>,
}

impl Memory {
    fn new(n: usize, threads: usize) -> Memory {
        Memory {
            n,
            threads,
            checked: None,
        }
    }

    /// Whether `method` counts the board on the request's threads within its memory limit.
    fn check(&mut self, method: Method) -> &Result<(), Error> {
        if self.checked.as_ref().is_some_and(|(m, _)| *m != method) {
            self.checked = None;
        }
        let (n, threads) = (self.n, self.threads);
        &self
            .checked
            .get_or_insert_with(|| (method, dispatch::fits(method, n, threads)))
            .1
    }

    /// Whether `method` counts the board on one thread within its memory limit: on the
    /// request's threads, or on the fewer that the refusal names.
    fn fits_one(&mut self, method: Method) -> bool {
        match self.check(method) {
            Ok(()) => true,
            Err(Error::Memory { fits, .. }) => fits.is_some(),
            Err(_) => false,
        }
    }

    /// What the estimate for `method` said, made now if it was not yet.
    fn take(mut self, method: Method) -> Result<(), Error> {
        self.check(method);
        self.checked.map_or(Ok(()), |(_, fits)| fits)
    }
}

/// The threads a method with a memory limit may take (`None`: as many as it would), and a note
/// when they are fewer than asked, from the request's memory estimate (`fits`, for `want`
/// threads).
///
/// Only halves has a limit: from n = 21 on, each of its threads holds the keys of a whole split,
/// which can pass the limit with many threads. Left to choose (no threads asked, or the method
/// itself chosen automatically), it takes as many as fit; asked for a number that does not fit,
/// it refuses, naming one that does.
fn within_memory(
    method: Method,
    n: usize,
    asked: Option<usize>,
    automatic: bool,
    want: usize,
    fits: Result<(), Error>,
) -> Result<(Option<usize>, Vec<Note>), Error> {
    match fits {
        Ok(()) => Ok((None, Vec::new())),
        Err(Error::Memory {
            fits: Some(fits), ..
        }) if asked.is_none() || automatic => Ok((
            Some(fits),
            vec![Note::FewerThreads {
                method,
                n,
                threads: fits,
                wanted: want,
            }],
        )),
        Err(e) => Err(e),
    }
}

/// The worker threads for a count, by the method's thread policy (see [`Threads`]): `asked`,
/// or one per core (`cores`), within the memory limit `fit` (see [`within_memory`]).
///
/// On GPUs, the threads are batches being cut into tasks and waited for at once: one per core
/// (and at least one per GPU and one more), so that making tasks, which is the CPU's whole part
/// of the count, never keeps the GPUs waiting.
fn threads_for(
    method: Method,
    asked: Option<usize>,
    cores: usize,
    fit: Option<usize>,
    gpus: usize,
) -> usize {
    match method.describe().threads {
        Threads::One => 1,
        Threads::EveryCore => asked.unwrap_or(cores),
        Threads::CoresAndOnePerGpu => asked.unwrap_or(cores.max(gpus + 1)),
        Threads::CoresWithinMemory => fit.or(asked).unwrap_or(cores),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::plan::plan_for;
    use crate::counting::report::Report;
    use crate::method::Unique;
    use crate::puzzle::Puzzle;
    use crate::reference::{bitmask, ops};
    use std::sync::atomic::AtomicBool;

    /// Every method's description against what the method does: each promise kept, each
    /// refusal made, through the same doors a user knocks on.
    #[test]
    fn every_description_says_what_its_method_does() {
        let six: Vec<_> = bitmask::solutions(6).unwrap().collect();
        let refused = |r: Result<Report, Error>, task: Task| matches!(r, Err(Error::Unsupported { task: t, .. }) if t == task);
        for &m in Method::ALL {
            let d = m.describe();
            assert_eq!((d.method, m.name().parse::<Method>().ok()), (m, Some(m)));
            // One thread exactly when there is nothing to share out.
            assert_eq!(d.threads == Threads::One, !d.splits, "{m}");
            assert_eq!(ops::ops(m, 4).is_ok(), d.explains, "{m}");
            match dispatch::solutions(m, 6) {
                Ok(walk) => assert!(d.lists && walk.collect::<Vec<_>>() == six, "{m}"),
                Err(e) => assert!(!d.lists && matches!(e, Error::Unsupported { .. }), "{m}"),
            }
            // Only a method with a memory limit refuses many threads on a large board.
            let limited = dispatch::fits(m, 23, MAX_THREADS).is_err();
            assert_eq!(limited, d.threads == Threads::CoresWithinMemory, "{m}");
            // Naming a GPU, or fixing how a count runs on one, asks for a count on a GPU.
            let on_gpu = [
                Count::new(8).gpu_device(GpuDevice::All),
                Count::new(8).gpu_workgroup(32),
                Count::new(8).gpu_task_rows(5),
            ];
            for request in on_gpu {
                assert_eq!(
                    request.method(m).run().is_err_and(|e| matches!(
                        e,
                        Error::Unsupported {
                            task: Task::CountOnGpu,
                            ..
                        }
                    )),
                    !d.on_gpu,
                    "{m}"
                );
            }
            if !d.built {
                let r = Count::new(8).method(m).run();
                assert!(matches!(r, Err(Error::Gpu(GpuProblem::NotBuilt))), "{m}");
                continue;
            }

            // The largest board is taken (the symmetry engine's, which takes seconds to list,
            // is stopped as it starts; halves refuses it for memory, not for its size), and
            // the next is refused for its size.
            let stop = AtomicBool::new(true);
            let watch = Watch::new(Some(&stop), &NoProgress, None);
            let largest = dispatch::plan(m, d.max_n, &watch);
            assert!(!matches!(largest, Err(Error::OutOfRange { .. })), "{m}");
            let over = Count::new(d.max_n + 1).method(m).prepare();
            assert!(
                matches!(over, Err(Error::OutOfRange { max, .. }) if max == d.max_n as u128),
                "{m}"
            );

            // Counting needs a GPU for a method that counts on one, which a test run may lack.
            if d.on_gpu {
                continue;
            }
            let r = Count::new(8).method(m).threads(3).run().unwrap();
            let threads = if d.threads == Threads::One { 1 } else { 3 };
            assert_eq!((r.counts.total, r.run.threads), (92, threads), "{m}");
            let r = Count::new(8).method(m).unique(true).run();
            match d.unique {
                Unique::No => assert!(refused(r, Task::CountUnique), "{m}"),
                _ => assert_eq!(r.unwrap().counts.unique, Some(12), "{m}"),
            }
            let part = Count::new(8)
                .method(m)
                .unique(true)
                .shard(Shard::new(0, 2).unwrap())
                .run();
            match d.unique {
                Unique::No => assert!(refused(part, Task::CountUnique), "{m}"),
                Unique::OfTheWhole => assert!(refused(part, Task::CountUniqueInParts), "{m}"),
                Unique::InEveryPart => assert!(part.unwrap().counts.unique.is_some(), "{m}"),
            }
            let corner = Puzzle::new(8).unwrap().place(0, 0).unwrap();
            let r = Count::puzzle(corner).method(m).run();
            match d.counts_puzzles {
                true => assert_eq!(r.unwrap().counts.total, 4, "{m}"),
                false => assert!(refused(r, Task::CountPuzzle), "{m}"),
            }
            let half = |i| {
                Count::new(8)
                    .method(m)
                    .shard(Shard::new(i, 2).unwrap())
                    .run()
            };
            let job = Count::new(8).method(m).prepare().unwrap();
            assert_eq!(job.plan().is_ok(), d.splits, "{m}");
            assert_eq!(plan_for(8, m).is_ok(), d.splits, "{m}");
            match d.splits {
                true => {
                    let total = half(0).unwrap().counts.total + half(1).unwrap().counts.total;
                    assert_eq!(total, 92, "{m}");
                }
                false => assert!(refused(half(0), Task::Split), "{m}"),
            }
        }
    }
}
