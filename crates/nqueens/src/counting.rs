//! The front door for counts: one request, decided in one place.
//!
//! A count is asked for with a [`Count`] (the board, and if wanted the method, threads, unique
//! solutions, a shard, a checkpoint, a progress observer and a stop flag) and answered with a
//! [`Report`] (the counts, and what was decided: the method used, the threads, the seconds, how
//! the run ended). Every decision about a count is made here, in [`Count::prepare`], and nowhere
//! else: which method serves when none is named, how many threads fit in memory, whether the
//! combination asked for can be served at all. A combination is either served exactly or refused
//! with an [`Error`] that says why; it never yields a wrong number.
//!
//! Every count, plain or checkpointed, whole or a shard, runs through the one runner
//! ([`crate::run::runner`]), on the plan of its method (a method without a split counts the
//! whole board as its one subproblem); a cluster rank counts its chunks through the same runner
//! with [`Job::count_indices`].

use crate::counts::Counts;
use crate::dispatch;
use crate::engine::gpu::{health::Health, select::GpuDevice};
use crate::error::{CheckpointProblem, Error, GpuProblem, Keep, Quantity, Task, check_n};
use crate::method::{Method, Threads};
use crate::problems::complete::Puzzle;
use crate::run::checkpoint::{Checkpoint, Saving};
use crate::run::runner::{self, Runner, Stopwatch};
use crate::run::shard::{Shard, ShardRecord};
use crate::split::plan::{Plan, PlanId};
use crate::split::watch::{NoProgress, Progress, Watch};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most worker threads a count takes.
pub const MAX_THREADS: usize = 1024;

/// The smallest n for which the automatic choice is [`Method::Halves`]: single-threaded, the
/// two engines are even at n = 14 and 15, and halves is well ahead from n = 16 on.
const HALVES_FROM: usize = 14;

/// Q(n), the number of solutions for the n×n board, counted on every core by the fastest method
/// for n.
///
/// ```
/// assert_eq!(nqueens::count(8).unwrap(), 92);
/// assert_eq!(nqueens::count(14).unwrap(), 365_596);
/// assert!(nqueens::count(65).is_err());
/// ```
pub fn count(n: usize) -> Result<u128, Error> {
    Ok(Count::new(n).run()?.counts.total)
}

impl Puzzle {
    /// The number of completions of the puzzle, counted on every core.
    ///
    /// ```
    /// use nqueens::Puzzle;
    ///
    /// let corner = Puzzle::new(8).unwrap().place(0, 0).unwrap();
    /// assert_eq!(corner.count().unwrap(), 4);
    /// ```
    pub fn count(&self) -> Result<u128, Error> {
        Ok(Count::puzzle(self.clone()).run()?.counts.total)
    }
}

/// What is counted: the empty board, a partly filled one, or whatever the checkpoint at a path
/// holds. The path belongs to the subject, so that a count of a checkpoint's board always has
/// the checkpoint to read it from.
#[derive(Clone, Debug)]
enum Subject {
    Board(usize),
    Puzzle(Puzzle),
    Saved(PathBuf),
}

/// Whether a count keeps a checkpoint, and how often it saves: one choice, so that two calls
/// cannot disagree unseen. The interval is kept without a file too, since it may be set before
/// the file is named.
#[derive(Clone, Debug)]
enum Persistence {
    Off {
        every: Duration,
    },
    On {
        keep: Keep,
        every: Duration,
    },
    /// Two different checkpoints named: the request is refused when it is prepared.
    Conflict {
        first: Keep,
        second: Keep,
    },
}

impl Persistence {
    /// After a call naming `keep`: the first checkpoint named stays; naming it again changes
    /// nothing; naming another is a conflict, whose first two checkpoints are kept to be
    /// reported.
    fn name(self, keep: Keep) -> Persistence {
        match self {
            Persistence::Off { every } => Persistence::On { keep, every },
            Persistence::On { keep: first, every } if first == keep => {
                Persistence::On { keep: first, every }
            }
            Persistence::On { keep: first, .. } => Persistence::Conflict {
                first,
                second: keep,
            },
            conflict @ Persistence::Conflict { .. } => conflict,
        }
    }

    /// The same choice, saving every `every`.
    fn every(self, every: Duration) -> Persistence {
        match self {
            Persistence::Off { .. } => Persistence::Off { every },
            Persistence::On { keep, .. } => Persistence::On { keep, every },
            conflict @ Persistence::Conflict { .. } => conflict,
        }
    }

    /// The checkpoint of a count of a board, read already if it is resumed.
    fn open(self) -> Result<Kept, Error> {
        match self {
            Persistence::Off { .. } => Ok(Kept::Off),
            Persistence::On {
                keep: Keep::New(path),
                every,
            } => Ok(Kept::New { path, every }),
            Persistence::On {
                keep: Keep::Resume(path),
                every,
            } => {
                let saved = Checkpoint::load(&path)?;
                Ok(Kept::Resume { path, every, saved })
            }
            Persistence::Conflict { first, second } => Err(Error::TwoCheckpoints { first, second }),
        }
    }

    /// The saving interval of a count of the checkpoint at `path` (see [`Count::resume`]): that
    /// file is the count's first checkpoint, named before any the later calls named.
    fn resuming(self, path: &Path) -> Result<Duration, Error> {
        let own = Keep::Resume(path.to_path_buf());
        match self {
            Persistence::Off { every } => Ok(every),
            Persistence::On { keep, every } if keep == own => Ok(every),
            Persistence::On { keep, .. } => Err(Error::TwoCheckpoints {
                first: own,
                second: keep,
            }),
            Persistence::Conflict { first, second } if first == own => {
                Err(Error::TwoCheckpoints { first, second })
            }
            Persistence::Conflict { first, .. } => Err(Error::TwoCheckpoints {
                first: own,
                second: first,
            }),
        }
    }
}

/// The checkpoint of a prepared count: none, a new one, or one resumed (with what it holds).
enum Kept {
    Off,
    New {
        path: PathBuf,
        every: Duration,
    },
    Resume {
        path: PathBuf,
        every: Duration,
        saved: Checkpoint,
    },
}

impl Kept {
    fn path(&self) -> Option<&Path> {
        match self {
            Kept::Off => None,
            Kept::New { path, .. } | Kept::Resume { path, .. } => Some(path),
        }
    }

    fn saved(&self) -> Option<&Checkpoint> {
        match self {
            Kept::Resume { saved, .. } => Some(saved),
            Kept::Off | Kept::New { .. } => None,
        }
    }
}

/// How often a checkpoint is saved unless told otherwise.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// A request for a count: a builder whose [`Count::run`] gives a [`Report`].
///
/// Every combination of calls is either served exactly or refused with an [`Error`] by
/// [`Count::prepare`] (and so by [`Count::run`]); none panics. Calling a setter twice keeps the
/// last value, except for the checkpoint: a count keeps one, and naming a second (see
/// [`Count::checkpoint`]) is refused.
///
/// ```
/// use nqueens::{Count, Method};
///
/// let report = Count::new(12).method(Method::Symmetry).threads(2).unique(true).run().unwrap();
/// assert_eq!(report.counts.total, 14_200);
/// assert_eq!(report.counts.unique, Some(1_787));
/// assert_eq!((report.method, report.threads), (Method::Symmetry, 2));
///
/// // A combination that cannot be served is refused, never answered wrong.
/// let err = Count::new(12).method(Method::Bitmask).unique(true).run().unwrap_err();
/// assert_eq!(err.to_string(), "method bitmask cannot count unique solutions; method symmetry can");
/// ```
#[derive(Clone)]
pub struct Count<'a> {
    subject: Subject,
    method: Option<Method>,
    threads: Option<usize>,
    unique: bool,
    gpu: Option<GpuDevice>,
    shard: Option<Shard>,
    cluster: Option<Cluster>,
    persistence: Persistence,
    progress: Option<&'a dyn Progress>,
    stop: Option<&'a AtomicBool>,
}

/// The place of a count in a cluster job, for [`Count::one_of`].
#[derive(Clone, Copy, Debug)]
struct Cluster {
    /// The processes of the job.
    processes: usize,
    /// This process's rank among those on its machine.
    local_rank: usize,
}

/// The request as given; an observer and a stop flag are shown by whether they are set.
impl fmt::Debug for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Count")
            .field("subject", &self.subject)
            .field("method", &self.method)
            .field("threads", &self.threads)
            .field("unique", &self.unique)
            .field("gpu", &self.gpu)
            .field("shard", &self.shard)
            .field("cluster", &self.cluster)
            .field("persistence", &self.persistence)
            .field("progress", &self.progress.is_some())
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

impl Count<'static> {
    /// A count of the solutions for the n×n board (1 ≤ n ≤ 64).
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(6).run().unwrap().counts.total, 4);
    /// assert!(Count::new(0).run().is_err());
    /// ```
    pub fn new(n: usize) -> Count<'static> {
        Count::of(Subject::Board(n))
    }

    /// A count of the completions of a partly filled board.
    ///
    /// ```
    /// use nqueens::{Count, Puzzle};
    ///
    /// let p: Puzzle = ".Q....\n......\n...x..\n......\nx.....\n......\n".parse().unwrap();
    /// assert_eq!(Count::puzzle(p).run().unwrap().counts.total, 1);
    /// ```
    pub fn puzzle(puzzle: Puzzle) -> Count<'static> {
        Count::of(Subject::Puzzle(puzzle))
    }

    /// The count saved in the checkpoint at `path`, continued and saved again there: the
    /// board, the method and the shard are the file's unless named. The file is the count's
    /// checkpoint, so a later [`Count::checkpoint`], or a [`Count::resume_from`] naming another
    /// file, is refused with [`Error::TwoCheckpoints`].
    ///
    /// ```
    /// use nqueens::{Count, Error};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-resume-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// // A count stopped before its first subproblem: its checkpoint holds nothing done yet.
    /// let stop = AtomicBool::new(true);
    /// let r = Count::new(8).threads(1).checkpoint(&path).stop(&stop).run().unwrap();
    /// assert!(!r.is_finished());
    ///
    /// let r = Count::resume(&path).run().unwrap();
    /// assert_eq!((r.n, r.counts.total), (8, 92));
    ///
    /// let err = Count::resume(&path).checkpoint("other.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn resume(path: impl Into<PathBuf>) -> Count<'static> {
        Count::of(Subject::Saved(path.into()))
    }

    fn of(subject: Subject) -> Count<'static> {
        Count {
            subject,
            method: None,
            threads: None,
            unique: false,
            gpu: None,
            shard: None,
            cluster: None,
            persistence: Persistence::Off { every: SAVE_EVERY },
            progress: None,
            stop: None,
        }
    }
}

impl<'a> Count<'a> {
    /// Counts with `method` rather than the one chosen for the board (or the one a resumed
    /// checkpoint names, which must then be the same).
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// assert_eq!(Count::new(8).method(Method::Sets).run().unwrap().counts.total, 92);
    /// ```
    pub fn method(mut self, method: Method) -> Self {
        self.method = Some(method);
        self
    }

    /// Counts on `threads` worker threads (1 to [`MAX_THREADS`]) rather than one per core.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(8).threads(2).run().unwrap().threads, 2);
    /// assert!(Count::new(8).threads(0).run().is_err());
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Also counts the solutions up to the board's eight symmetries, and their classes.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(8).unique(true).run().unwrap().counts.unique, Some(12));
    /// ```
    pub fn unique(mut self, unique: bool) -> Self {
        self.unique = unique;
        self
    }

    /// Counts on the GPUs `devices` names ([`Method::Gpu`]; a request that names no method
    /// takes it, one that names another is refused). Without it, a count on GPUs uses the first
    /// GPU.
    ///
    /// ```
    /// use nqueens::{Count, Method, GpuDevice};
    ///
    /// let err = Count::new(8).method(Method::Symmetry).gpu_device(GpuDevice::All).run().unwrap_err();
    /// assert_eq!(err.to_string(), "method symmetry cannot count on a GPU; method gpu can");
    /// ```
    pub fn gpu_device(mut self, devices: GpuDevice) -> Self {
        self.gpu = Some(devices);
        self
    }

    /// Counts only one part of the subproblems (see [`Shard`]). A resumed count
    /// that names no part counts the checkpoint's; one that names another part is refused.
    ///
    /// ```
    /// use nqueens::{Count, Shard};
    ///
    /// let part = |i| Count::new(8).shard(Shard::new(i, 2).unwrap()).run().unwrap().counts.total;
    /// assert_eq!(part(0) + part(1), 92);
    /// ```
    pub fn shard(mut self, shard: Shard) -> Self {
        self.shard = Some(shard);
        self
    }

    /// Counts as one of the `processes` processes of a cluster job that share out the plan (see
    /// [`Dispenser`](crate::Dispenser)), `local_rank` being this one's rank among those on its
    /// machine.
    /// A process among several counts, unless told otherwise, on one thread on the processor
    /// (one process per core is the usual layout), and with the GPU method on one GPU of its
    /// machine picked by its local rank ([`GpuDevice::Spread`]), so that the processes of a
    /// machine spread over its GPUs. A job of one process counts as any count does.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(10).one_of(4, 1).prepare().unwrap().threads(), 1);
    /// assert_eq!(Count::new(10).one_of(4, 1).threads(2).prepare().unwrap().threads(), 2);
    /// let alone = Count::new(10).one_of(1, 0).prepare().unwrap();
    /// assert_eq!(alone.threads(), Count::new(10).prepare().unwrap().threads());
    /// ```
    pub fn one_of(mut self, processes: usize, local_rank: usize) -> Self {
        self.cluster = Some(Cluster {
            processes,
            local_rank,
        });
        self
    }

    /// Keeps a new checkpoint at `path`, where nothing may be yet: saved every minute (see
    /// [`Count::save_every`]), when stopped, and at the end.
    ///
    /// A count keeps one checkpoint. Naming the same one again changes nothing; naming another
    /// (a second new file, or one to resume, in either order) makes [`Count::prepare`] refuse
    /// the request with [`Error::TwoCheckpoints`], rather than drop one of them unseen.
    ///
    /// ```
    /// use nqueens::{Count, Error};
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-checkpoint-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let r = Count::new(8).checkpoint(&path).run().unwrap();
    /// assert_eq!(r.counts.total, 92);
    /// // The file holds the finished count: a new count would throw it away.
    /// assert!(Count::new(8).checkpoint(&path).run().is_err());
    /// std::fs::remove_file(&path).unwrap();
    ///
    /// let err = Count::new(8).checkpoint("a.ckpt").checkpoint("b.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// ```
    pub fn checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.persistence = self.persistence.name(Keep::New(path.into()));
        self
    }

    /// Continues the count saved at `path` (which must be a checkpoint of this very count), and
    /// keeps saving there. As with [`Count::checkpoint`], a count keeps one checkpoint: naming
    /// another is refused with [`Error::TwoCheckpoints`].
    ///
    /// ```
    /// use nqueens::{Count, Error};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-resume-from-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let stop = AtomicBool::new(true);
    /// Count::new(9).checkpoint(&path).stop(&stop).run().unwrap();
    /// assert_eq!(Count::new(9).resume_from(&path).run().unwrap().counts.total, 352);
    ///
    /// let err = Count::new(9).resume_from(&path).checkpoint("b.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn resume_from(mut self, path: impl Into<PathBuf>) -> Self {
        self.persistence = self.persistence.name(Keep::Resume(path.into()));
        self
    }

    /// How often the checkpoint is saved while counting (default: 60 seconds), whether it is
    /// named before or after this call; a count that keeps no checkpoint has nothing to save.
    ///
    /// ```
    /// use nqueens::Count;
    /// use std::time::Duration;
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-every-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let r = Count::new(8).save_every(Duration::from_millis(1)).checkpoint(&path).run().unwrap();
    /// assert_eq!(r.counts.total, 92);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn save_every(mut self, every: Duration) -> Self {
        self.persistence = self.persistence.every(every);
        self
    }

    /// Tells `progress` how many subproblems are done, from any thread.
    ///
    /// ```
    /// use nqueens::{Count, Progress};
    /// use std::sync::atomic::{AtomicU64, Ordering};
    ///
    /// struct Last(AtomicU64);
    /// impl Progress for Last {
    ///     fn update(&self, done: u64, _of: u64) {
    ///         self.0.fetch_max(done, Ordering::Relaxed);
    ///     }
    /// }
    /// let last = Last(AtomicU64::new(0));
    /// let r = Count::new(8).progress(&last).run().unwrap();
    /// assert!(last.0.load(Ordering::Relaxed) > 0);
    /// ```
    pub fn progress(mut self, progress: &'a dyn Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Stops once `stop` is true (a Ctrl-C handler sets it, say): no new subproblem is started
    /// and the searches under way are cut short within milliseconds. The report then says
    /// [`End::Stopped`], and a checkpoint keeps every subproblem finished. A flag set while
    /// [`Count::prepare`] still lists the subproblems ends the count there, with
    /// [`Error::Stopped`]: nothing was counted, and no checkpoint is written (one being resumed
    /// is left as it was). A flag already set when the count is prepared stops it before its
    /// first subproblem, with its checkpoint written.
    ///
    /// ```
    /// use nqueens::{Count, End};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let stop = AtomicBool::new(true);
    /// let r = Count::new(10).stop(&stop).run().unwrap();
    /// assert!(matches!(r.end, End::Stopped { done: 0, .. }));
    /// ```
    pub fn stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Decides everything about the count (method, threads, plan), checks that it can be
    /// served, and returns the job ready to run. Nothing is counted yet.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let job = Count::new(20).prepare().unwrap();
    /// assert_eq!(job.method(), Method::Halves);
    /// let job = Count::new(20).unique(true).prepare().unwrap();
    /// assert_eq!(job.method(), Method::Symmetry);
    /// // n = 24 does not fit halves in memory: the automatic choice takes what fits.
    /// assert_eq!(Count::new(24).prepare().unwrap().method(), Method::Symmetry);
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
        let several = self.cluster.filter(|c| c.processes > 1);
        let asked = self.threads.or(several.map(|_| 1));
        let want = match asked {
            None => cores,
            Some(t) if (1..=MAX_THREADS).contains(&t) => t,
            Some(_) => 1,
        };
        let mut memory = Memory::new(n, want);
        let (method, automatic) = method_for(
            self.method,
            self.gpu,
            saved,
            n,
            puzzle.is_some(),
            self.unique,
            &mut memory,
        );

        // What the method can do.
        if self.gpu.is_some() && !method.counts_on_gpu() {
            return Err(Error::unsupported(method, Task::CountOnGpu));
        }
        if !method.is_built() {
            return Err(Error::Gpu(GpuProblem::NotBuilt));
        }
        if puzzle.is_some() {
            if self.unique {
                return Err(Error::NotForPuzzles(Task::CountUnique));
            }
            if !method.counts_puzzles() {
                return Err(Error::unsupported(method, Task::CountPuzzle));
            }
        }
        if self.unique && !method.counts_unique() {
            return Err(Error::unsupported(method, Task::CountUnique));
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
        // heeded. One set before is not: it asks for a count stopped before its first
        // subproblem, whose checkpoint is written with nothing done.
        let opened = match &puzzle {
            Some(p) => dispatch::complete(method, p)?,
            None => dispatch::open(
                method,
                n,
                gpus.unwrap_or_default(),
                &Watch::new(
                    self.stop.filter(|s| !s.load(Ordering::Relaxed)),
                    &NoProgress,
                    None,
                ),
            )?,
        };
        // A count on GPUs has opened them: how many there are sets its threads.
        let threads = threads_for(method, asked, cores, fit, opened.devices.len());
        // A software device chosen by default means no GPU's driver was found: a count that
        // runs a thousand times slower than asked must say why.
        if opened.software && !matches!(gpus, Some(GpuDevice::Index(_))) {
            notes.push(Note::SoftwareGpu);
        }
        let plan = opened.plan;
        match &kept {
            Kept::Resume { path, saved, .. } => {
                saved.check(&plan.id(), shard, path)?;
                saved.check_counts(plan.as_ref(), path)?;
            }
            // Something there already: a file, whose work a new count would throw away, or
            // something else (a named pipe, a device) that cannot hold a checkpoint.
            Kept::New { path, .. } if path.exists() => {
                let problem = match path.metadata() {
                    Ok(m) if !m.is_file() => CheckpointProblem::NotAFile,
                    _ => CheckpointProblem::Exists,
                };
                return Err(Error::Checkpoint {
                    path: path.clone(),
                    problem,
                });
            }
            Kept::New { .. } | Kept::Off => {}
        }
        Ok(Job {
            n,
            method,
            threads,
            devices: opened.devices,
            health: opened.health,
            notes,
            plan,
            puzzle,
            shard,
            kept,
            unique: self.unique,
            progress: self.progress,
            stop: self.stop,
        })
    }

    /// Prepares the count and runs it.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(7).run().unwrap().counts.total, 40);
    /// ```
    pub fn run(self) -> Result<Report, Error> {
        self.prepare()?.run()
    }
}

/// The method that counts, and whether it was chosen here rather than asked for: by name, by
/// a GPU device (which only the GPU method counts on), or by the checkpoint resumed. A count
/// left to choose may also choose its threads (see [`within_memory`]).
fn method_for(
    asked: Option<Method>,
    gpu: Option<GpuDevice>,
    saved: Option<&Checkpoint>,
    n: usize,
    puzzle: bool,
    unique: bool,
    memory: &mut Memory,
) -> (Method, bool) {
    match (asked, gpu, saved) {
        (Some(method), _, _) => (method, false),
        (None, Some(_), _) => (Method::Gpu, false),
        (None, None, Some(cp)) => (cp.id.method, false),
        (None, None, None) => (choose(n, puzzle, unique, memory), true),
    }
}

/// The method for a count that names none: halves where it is fastest and fits in memory on
/// one thread, the symmetry engine everywhere else (and for unique counts), the bit-mask method
/// for partly filled boards. It depends on the board alone, so that every shard and every rank
/// of one count makes the same choice.
fn choose(n: usize, puzzle: bool, unique: bool, memory: &mut Memory) -> Method {
    if puzzle {
        Method::Bitmask
    } else if !unique
        && (HALVES_FROM..=Method::Halves.max_n()).contains(&n)
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

/// [`plan_for`], heeding `watch` while the split is built: [`Error::Stopped`] when it asked to
/// stop before the split was whole. Only the symmetry engine's list takes long to build
/// (seconds at n = 64, for 1.7 million constellations) and looks at the watch as it goes; the
/// others take milliseconds at any n, and a stop set meanwhile is heeded as the count begins.
///
/// ```
/// use nqueens::{Error, Method, NoProgress, Watch, plan_watched};
/// use std::sync::atomic::AtomicBool;
///
/// let stop = AtomicBool::new(true);
/// let watch = Watch::new(Some(&stop), &NoProgress, None);
/// assert!(matches!(plan_watched(64, Method::Symmetry, &watch), Err(Error::Stopped)));
/// assert!(plan_watched(8, Method::Symmetry, &Watch::none()).is_ok());
/// ```
pub fn plan_watched(n: usize, method: Method, watch: &Watch) -> Result<Box<dyn Plan>, Error> {
    if !method.has_split() {
        return Err(Error::unsupported(method, Task::Split));
    }
    dispatch::plan(method, n, watch)
}

/// The subproblem split of `method` for the n×n board; an error for methods without one.
///
/// ```
/// use nqueens::{plan_for, Method};
///
/// let plan = plan_for(8, Method::Symmetry).unwrap();
/// assert_eq!((0..plan.len()).map(|i| plan.count_one(i)).sum::<nqueens::Counts>().total, 92);
/// assert!(plan_for(8, Method::Naive).is_err());
/// ```
pub fn plan_for(n: usize, method: Method) -> Result<Box<dyn Plan>, Error> {
    plan_watched(n, method, &Watch::none())
}

/// Something the count decided that its caller may want to tell a person.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Note {
    /// GPUs failed during the count, which went on without them: the counts are exact, but the
    /// CPU counted what the failed GPUs left.
    GpuFailed {
        /// Why each failed, one line each.
        failures: Vec<String>,
        /// Tasks counted on the CPU.
        tasks: u64,
    },
    /// The count runs on a software device (a processor standing in for a GPU), which it was
    /// not asked for by index: no GPU's Vulkan, Metal or DirectX 12 driver was found.
    SoftwareGpu,
    /// The method runs on fewer threads than wanted, as many as fit in its memory limit.
    FewerThreads {
        /// The method.
        method: Method,
        /// The board size.
        n: usize,
        /// The threads it runs on.
        threads: usize,
        /// The threads asked for, or the number of cores.
        wanted: usize,
    },
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::GpuFailed { failures, tasks } => write!(
                f,
                "{}; the count went on without it, exact ({tasks} task{} counted on the CPU)",
                failures.join("; "),
                if *tasks == 1 { "" } else { "s" }
            ),
            Note::SoftwareGpu => write!(
                f,
                "counting on a software device, the processor standing in for a GPU, far slower: \
                 no GPU driver was found (an NVIDIA GPU needs its driver's Vulkan part, Debian's \
                 nvidia-vulkan-icd; AMD and Intel GPUs Mesa's mesa-vulkan-drivers)"
            ),
            Note::FewerThreads {
                method,
                n,
                threads,
                wanted,
            } => write!(
                f,
                "method {method} for n = {n} runs on {threads} thread{} rather than {wanted}, as \
                 many as fit in its memory limit",
                if *threads == 1 { "" } else { "s" }
            ),
        }
    }
}

/// A count decided and ready to run: see [`Count::prepare`].
pub struct Job<'a> {
    n: usize,
    method: Method,
    threads: usize,
    devices: Vec<String>,
    health: Option<Arc<Health>>,
    notes: Vec<Note>,
    /// The plan it counts through: for a method without a split, the whole board as one
    /// subproblem, which is not shared out.
    plan: Box<dyn Plan>,
    puzzle: Option<Puzzle>,
    shard: Shard,
    kept: Kept,
    unique: bool,
    progress: Option<&'a dyn Progress>,
    stop: Option<&'a AtomicBool>,
}

/// What was decided, and the plan's identity; an observer and a stop flag are shown by whether
/// they are set.
impl fmt::Debug for Job<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Job")
            .field("n", &self.n)
            .field("method", &self.method)
            .field("threads", &self.threads)
            .field("devices", &self.devices)
            .field("notes", &self.notes)
            .field("plan", &self.plan.id())
            .field("puzzle", &self.puzzle)
            .field("shard", &self.shard)
            .field("unique", &self.unique)
            .field("progress", &self.progress.is_some())
            .field("stop", &self.stop.is_some())
            .finish_non_exhaustive()
    }
}

impl Job<'_> {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The method that counts.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The worker threads it counts on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The GPUs it counts on, by name (none for a count on CPUs).
    pub fn devices(&self) -> &[String] {
        &self.devices
    }

    /// What was decided that a person may want to know.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// The checkpoint the count keeps, if it keeps one.
    pub fn checkpoint(&self) -> Option<&Path> {
        self.kept.path()
    }

    /// The shard it counts.
    pub fn shard(&self) -> Shard {
        self.shard
    }

    /// The partly filled board being completed, if that is the count.
    pub fn puzzle(&self) -> Option<&Puzzle> {
        self.puzzle.as_ref()
    }

    /// The subproblem split; an error for a method that counts in one piece.
    pub fn plan(&self) -> Result<&dyn Plan, Error> {
        if self.method.has_split() {
            Ok(self.plan.as_ref())
        } else {
            Err(Error::unsupported(self.method, Task::Split))
        }
    }

    /// The identity of the split, for a method that has one.
    fn split_id(&self) -> Option<PlanId> {
        self.plan().ok().map(|p| p.id())
    }

    /// Counts the subproblems `indices` of the plan on the job's threads, with no progress and
    /// no stop: what one rank of a cluster run does with each chunk it is handed.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// let job = Count::new(10).threads(2).prepare().unwrap();
    /// let len = job.plan().unwrap().len();
    /// let (even, odd): (Vec<usize>, Vec<usize>) = (0..len).partition(|i| i % 2 == 0);
    /// let total = job.count_indices(&even).unwrap().total + job.count_indices(&odd).unwrap().total;
    /// assert_eq!(total, 724);
    /// ```
    ///
    /// An index that is not one of the plan's subproblems is refused, before anything is
    /// counted:
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// let job = Count::new(10).prepare().unwrap();
    /// assert!(job.count_indices(&[usize::MAX]).is_err());
    /// ```
    pub fn count_indices(&self, indices: &[usize]) -> Result<Counts, Error> {
        let plan = self.plan()?;
        let len = plan.len();
        if let Some(&bad) = indices.iter().find(|&&i| i >= len) {
            return Err(Error::Invalid {
                what: "subproblem index",
                text: bad.to_string(),
                expected: format!("a whole number 0 ≤ I < {len}, the plan's subproblems"),
            });
        }
        let runner = Runner {
            plan,
            threads: self.threads,
            progress: &NoProgress,
            stop: None,
            done_before: 0,
            total: indices.len() as u64,
        };
        Ok(runner.run(indices, &|_, _| {}).0)
    }

    /// The report of a count whose subproblems were all counted elsewhere, through
    /// [`Job::count_indices`] (by the ranks of a cluster run), adding up to `counts`.
    pub fn finished(self, counts: Counts, seconds: f64) -> Report {
        let plan = self.split_id();
        Report {
            n: self.n,
            method: self.method,
            threads: self.threads,
            devices: self.devices,
            // Each rank cut its own share: this rank's tasks are not the count's.
            tasks: None,
            counts,
            seconds,
            shard: self.shard,
            plan,
            end: End::Finished,
            unique: self.unique,
            notes: self.notes,
            save_error: None,
        }
    }

    /// Counts.
    pub fn run(self) -> Result<Report, Error> {
        let clock = Stopwatch::start();
        let progress = self.progress.unwrap_or(&NoProgress);
        let stop = self.stop;
        let mut save_error = None;
        let plan = self.plan.as_ref();
        let (counts, end) = match &self.kept {
            Kept::Off => {
                let indices: Vec<usize> = self.shard.indices(plan.len()).collect();
                let runner = Runner {
                    plan,
                    threads: self.threads,
                    progress,
                    stop,
                    done_before: 0,
                    total: indices.len() as u64,
                };
                let (sum, counted) = runner.run(&indices, &|_, _| {});
                let end = if counted == indices.len() {
                    End::Finished
                } else {
                    End::Stopped {
                        done: counted,
                        of: indices.len(),
                    }
                };
                (sum, end)
            }
            Kept::New { path, every } => {
                let (counts, end, failure) = self.checkpointed(plan, path, *every, None)?;
                save_error = failure;
                (counts, end)
            }
            Kept::Resume { path, every, saved } => {
                let (counts, end, failure) = self.checkpointed(plan, path, *every, Some(saved))?;
                save_error = failure;
                (counts, end)
            }
        };
        let split = self.split_id();
        let mut notes = self.notes;
        if let Some(health) = &self.health {
            let failures = health.failures();
            if !failures.is_empty() {
                notes.push(Note::GpuFailed {
                    failures,
                    tasks: health.recounted(),
                });
            }
        }
        Ok(Report {
            n: self.n,
            method: self.method,
            threads: self.threads,
            devices: self.devices,
            tasks: self.health.as_ref().map(|h| h.tasks()),
            counts,
            seconds: clock.seconds(),
            shard: self.shard,
            plan: split,
            end,
            unique: self.unique,
            notes,
            save_error,
        })
    }

    /// Counts what the checkpoint at `path` does not hold yet (`saved`, or nothing for a new
    /// one), saving every `every` as it goes. A count that finishes is returned even when its
    /// last save failed (with the failure); a stopped count whose last save failed is an error,
    /// since its work could not be kept.
    fn checkpointed(
        &self,
        plan: &dyn Plan,
        path: &Path,
        every: Duration,
        saved: Option<&Checkpoint>,
    ) -> Result<(Counts, End, Option<Error>), Error> {
        let saved_before = saved.is_some_and(|cp| !cp.done.is_empty());
        let mut state = match saved {
            Some(cp) => cp.clone(),
            None => {
                let cp = Checkpoint::new(plan.id(), self.shard, self.puzzle.clone());
                // Creating the file at once claims its name, so that no other count can take it
                // meanwhile, and proves the place writable before hours of work depend on it.
                cp.create(path)?;
                cp
            }
        };
        let remaining = state.remaining();
        let (before, of) = (state.done.len(), state.shard_len());
        let (counted, saved) = {
            let saving = Saving::new(&mut state);
            let runner = Runner {
                plan,
                threads: self.threads,
                progress: self.progress.unwrap_or(&NoProgress),
                stop: self.stop,
                done_before: before as u64,
                total: of as u64,
            };
            let ((_, counted), saved) = saving.run(path, every, || {
                runner.run(&remaining, &|i, c| saving.record(i, c))
            });
            (counted, saved)
        };
        let done = before + counted;
        if done == of {
            let sum = state.sum(plan.zero(), path)?;
            // Saved counts that each look like one their subproblem could give may still be
            // forged; where the whole answer is known, a sum that misses it is refused, never
            // printed.
            if saved_before && self.shard.is_whole() && self.puzzle.is_none() {
                crate::known::check(self.n, sum.total, sum.unique).map_err(|why| {
                    Error::Checkpoint {
                        path: path.to_path_buf(),
                        problem: CheckpointProblem::Damaged(format!(
                            "its subproblems' counts are wrong: {why}"
                        )),
                    }
                })?;
            }
            Ok((sum, End::Finished, saved.err()))
        } else {
            saved?;
            Ok((
                state.sum(plan.zero(), path)?,
                End::Stopped { done, of },
                None,
            ))
        }
    }
}

/// How a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// Every subproblem was counted: the counts are the answer.
    Finished,
    /// Stopped on request: `done` of `of` subproblems were counted (and, with a checkpoint,
    /// saved); the counts are theirs alone.
    Stopped {
        /// Subproblems counted.
        done: usize,
        /// Subproblems in the count.
        of: usize,
    },
}

/// The answer to a [`Count`]: the counts, and what was decided on the way.
///
/// Serialized (for `count --json`), it is `n`, `method`, the counts (`solutions`, and `unique`
/// and `classes` when the method counts them), `threads`, for a count on GPUs `devices` and
/// `tasks`, and `seconds`.
#[derive(Debug, Serialize)]
#[non_exhaustive]
pub struct Report {
    /// The board size.
    pub n: usize,
    /// The method that counted.
    pub method: Method,
    /// The counts (of the part counted, for a shard or a stopped count).
    #[serde(flatten)]
    pub counts: Counts,
    /// The worker threads it counted on.
    pub threads: usize,
    /// The GPUs it counted on, by name (none for a count on CPUs).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub devices: Vec<String>,
    /// For a count on GPUs, the small searches (tasks) it was cut into for them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tasks: Option<u64>,
    /// Wall-clock seconds of the counting.
    pub seconds: f64,
    /// The part of the subproblems counted.
    #[serde(skip)]
    pub shard: Shard,
    /// The identity of the split, for methods that have one.
    #[serde(skip)]
    pub plan: Option<PlanId>,
    /// Whether the count finished.
    #[serde(skip)]
    pub end: End,
    /// Whether the count was asked for unique solutions, which makes
    /// [`number`](Report::number) the unique count.
    #[serde(skip)]
    pub unique: bool,
    /// What was decided that a person may want to know.
    #[serde(skip)]
    pub notes: Vec<Note>,
    /// A checkpoint save that failed after the counting finished: the counts are complete, but
    /// the file may not hold them all.
    #[serde(skip)]
    pub save_error: Option<Error>,
}

impl Report {
    /// The number the count was asked for: the unique count when it was asked for unique
    /// solutions, the total otherwise. None for a count that was stopped before it finished
    /// (its counts are those of the subproblems it finished, not the answer; see
    /// [`Report::counts`]), and for a unique count the method did not make, which the request
    /// refuses before counting.
    ///
    /// ```
    /// use nqueens::Count;
    /// use std::sync::atomic::AtomicBool;
    ///
    /// assert_eq!(Count::new(8).run().unwrap().number(), Some(92));
    /// assert_eq!(Count::new(8).unique(true).run().unwrap().number(), Some(12));
    /// // Stopped before its first subproblem: no answer, though its partial counts are there.
    /// let stop = AtomicBool::new(true);
    /// let r = Count::new(10).stop(&stop).run().unwrap();
    /// assert_eq!((r.number(), r.counts.total), (None, 0));
    /// ```
    pub fn number(&self) -> Option<u128> {
        if !self.is_finished() {
            None
        } else if self.unique {
            self.counts.unique
        } else {
            Some(self.counts.total)
        }
    }

    /// True when every subproblem was counted.
    pub fn is_finished(&self) -> bool {
        self.end == End::Finished
    }

    /// The record `merge` reads, for a finished count of a method with a split.
    ///
    /// ```
    /// use nqueens::{Count, Shard};
    ///
    /// let r = Count::new(10).shard(Shard::new(1, 3).unwrap()).run().unwrap();
    /// let record = r.record().unwrap();
    /// assert_eq!(record.shard, Shard::new(1, 3).unwrap());
    /// assert_eq!(record.counts, r.counts);
    /// ```
    pub fn record(&self) -> Option<ShardRecord> {
        Some(ShardRecord {
            id: self.plan?,
            shard: self.shard,
            counts: self.counts,
        })
        .filter(|_| self.is_finished())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::{bitmask, ops};

    #[test]
    fn of_two_counts_prepared_on_one_checkpoint_only_the_first_to_start_keeps_it() {
        let path = std::env::temp_dir().join(format!("nq-claim-{}.ckpt", std::process::id()));
        let _ = std::fs::remove_file(&path);
        // Both find the name free when they are prepared; the file is claimed when one starts.
        let first = Count::new(9).method(Method::Symmetry).threads(1);
        let first = first.checkpoint(&path).prepare().unwrap();
        let second = Count::new(9).method(Method::Bitmask).threads(1);
        let second = second.checkpoint(&path).prepare().unwrap();
        assert_eq!(first.run().unwrap().number(), Some(352));
        let e = second.run().unwrap_err();
        assert!(
            matches!(
                &e,
                Error::Checkpoint {
                    problem: CheckpointProblem::Exists,
                    ..
                }
            ),
            "{e}"
        );
        // The file is still the first count's.
        let kept = Checkpoint::load(&path).unwrap();
        assert_eq!(
            (kept.id.method, kept.is_complete()),
            (Method::Symmetry, true)
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_stopped_count_has_no_number() {
        let stop = AtomicBool::new(true);
        for unique in [false, true] {
            let r = Count::new(9).unique(unique).stop(&stop).run().unwrap();
            assert!(!r.is_finished());
            assert_eq!(r.number(), None, "unique: {unique}");
            // Its partial counts stay readable, as what they are.
            assert_eq!(r.counts.total, 0);
        }
        let r = Count::new(9).run().unwrap();
        assert_eq!(r.number(), Some(352));
    }

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
            assert_eq!(
                Count::new(8)
                    .method(m)
                    .gpu_device(GpuDevice::All)
                    .run()
                    .is_err_and(|e| matches!(
                        e,
                        Error::Unsupported {
                            task: Task::CountOnGpu,
                            ..
                        }
                    )),
                !d.on_gpu,
                "{m}"
            );
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
            assert_eq!((r.counts.total, r.threads), (92, threads), "{m}");
            let r = Count::new(8).method(m).unique(true).run();
            match d.counts_unique {
                true => assert_eq!(r.unwrap().counts.unique, Some(12), "{m}"),
                false => assert!(refused(r, Task::CountUnique), "{m}"),
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
