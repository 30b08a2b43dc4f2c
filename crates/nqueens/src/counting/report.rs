//! What a count answers, in three parts kept apart: the counts (the answer), how the count
//! ended ([`End`], one variant for each way, a failed checkpoint save among them), and what the
//! run was ([`Run`]: its board, method, threads, time and [`Note`]s). They sit below the job that
//! fills them in, so that a caller reads a finished count without the machinery that made it.

use crate::counts::Counts;
use crate::error::Error;
use crate::method::Method;
use crate::plan::PlanId;
use crate::shard::{Shard, ShardRecord};
use std::fmt;
use std::time::Duration;

/// Something the count decided that its caller may want to tell a person: the job's notes
/// before it counts ([`Job::notes`](crate::Job::notes)), the report's after ([`Run::notes`]).
///
/// ```
/// use nqueens::{Method, Note};
///
/// let note = Note::FewerThreads { method: Method::Halves, n: 20, threads: 2, wanted: 8 };
/// assert_eq!(
///     note.to_string(),
///     "method halves for n = 20 runs on 2 threads rather than 8, as many as fit in its memory limit"
/// );
/// ```
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

/// How a count ended: one variant for each way, so that a `match` on it names them all.
///
/// ```
/// use nqueens::{Count, End};
/// use std::sync::atomic::AtomicBool;
///
/// assert!(matches!(Count::new(8).run()?.end, End::Finished));
/// // A flag set before the count is prepared stops it before its first subproblem.
/// let stop = AtomicBool::new(true);
/// let r = Count::new(10).stop(&stop).run()?;
/// assert!(matches!(r.end, End::Stopped { done: 0, of } if of > 0));
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum End {
    /// Every subproblem was counted (and, with a checkpoint, saved): the counts are the answer.
    Finished,
    /// Every subproblem was counted, but the last save of the checkpoint failed: the counts
    /// are the answer, while the file may not hold them all. A front end gives the answer and
    /// says the save failed (the command line prints the number, then exits with the error).
    FinishedUnsaved {
        /// Why the save failed.
        error: Error,
    },
    /// Stopped on request: `done` of `of` subproblems were counted (and, with a checkpoint,
    /// saved); the counts are theirs alone.
    Stopped {
        /// Subproblems counted.
        done: usize,
        /// Subproblems in the count.
        of: usize,
    },
    /// Stopped on request while the subproblems were still being listed (see
    /// [`Count::stop`](crate::Count::stop)): nothing was counted, and no checkpoint was written
    /// or changed.
    StoppedListing,
}

impl End {
    /// True when every subproblem was counted ([`End::Finished`] or
    /// [`End::FinishedUnsaved`]).
    ///
    /// ```
    /// use nqueens::End;
    ///
    /// assert!(End::Finished.is_finished());
    /// assert!(!End::Stopped { done: 1, of: 2 }.is_finished());
    /// assert!(!End::StoppedListing.is_finished());
    /// ```
    pub fn is_finished(&self) -> bool {
        matches!(self, End::Finished | End::FinishedUnsaved { .. })
    }
}

/// What a count was: what it counted, how and on what, and what was decided on the way. It is
/// the [`Report`]'s account of the run, beside its answer.
///
/// ```
/// use nqueens::{Count, Method};
///
/// let run = Count::new(12).method(Method::Symmetry).threads(2).run()?.run;
/// assert_eq!((run.n, run.method, run.threads, run.unique), (12, Method::Symmetry, 2, false));
/// assert!(run.shard.is_whole() && run.devices.is_empty());
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Run {
    /// The board size.
    pub n: usize,
    /// The method that counted.
    pub method: Method,
    /// Whether the count was asked for unique solutions, which makes
    /// [`Report::number`] the unique count.
    pub unique: bool,
    /// The part of the subproblems counted.
    pub shard: Shard,
    /// The identity of the split, for methods that have one; none for a count stopped while its
    /// split was listed.
    pub plan: Option<PlanId>,
    /// The worker threads it counted on.
    pub threads: usize,
    /// The GPUs it counted on, by name (none for a count on CPUs).
    pub devices: Vec<String>,
    /// For a count on GPUs, the small searches (tasks) it was cut into for them.
    pub tasks: Option<u64>,
    /// Wall-clock time of the counting (zero where the platform has no clock, as in a
    /// browser's WebAssembly).
    pub elapsed: Duration,
    /// What was decided that a person may want to know.
    pub notes: Vec<Note>,
}

/// The answer to a [`Count`](crate::Count), in three parts, as a process's output is its
/// status beside its streams: the counts (the answer), how the count [`End`]ed, and the
/// [`Run`] that found them.
///
/// It is not serialized: a front end prints what it wants of it in its own shape (the command
/// line's `count --json` prints `n`, `method`, the counts, `threads`, `devices`, `tasks` and
/// the elapsed time in `seconds`).
///
/// ```
/// use nqueens::{Count, End, Method};
///
/// let report = Count::new(10).method(Method::Symmetry).unique(true).run()?;
/// assert_eq!((report.counts.total, report.number()), (724, Some(92)));
/// assert!(matches!(report.end, End::Finished));
/// assert_eq!(report.run.method, Method::Symmetry);
/// # Ok::<(), nqueens::Error>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Report {
    /// The counts (of the part counted, for a shard or a stopped count: see
    /// [`Report::number`] for the answer asked for).
    pub counts: Counts,
    /// How the count ended.
    pub end: End,
    /// What the count was: its board, method, threads, time and notes.
    pub run: Run,
}

impl Report {
    /// The number the count was asked for: the unique count when it was asked for unique
    /// solutions, the total otherwise. None for a count that was stopped before it finished
    /// (its counts are those of the subproblems it finished, not the answer; see
    /// [`Report::counts`]), for a shard, whose counts are one part of the answer, to be added
    /// to the others' by [`merge`](crate::shard::merge) (a count continued from a shard's
    /// checkpoint is that shard, whether or not the request named it), and for a unique count
    /// the method did not make, which the request refuses before counting. A count whose last
    /// checkpoint save failed ([`End::FinishedUnsaved`]) has its number.
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
    /// // One shard of three: a part, not Q(12).
    /// let part = Count::new(12).shard("1/3".parse()?).run()?;
    /// assert_eq!((part.number(), part.counts.total), (None, 4504));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn number(&self) -> Option<u128> {
        if !self.is_finished() || !self.run.shard.is_whole() {
            None
        } else if self.run.unique {
            self.counts.unique
        } else {
            Some(self.counts.total)
        }
    }

    /// True when every subproblem was counted (see [`End::is_finished`]).
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert!(Count::new(8).run()?.is_finished());
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn is_finished(&self) -> bool {
        self.end.is_finished()
    }

    /// The record `merge` reads, for a finished count of a method with a split.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::shard::Shard;
    ///
    /// let r = Count::new(10).shard(Shard::new(1, 3).unwrap()).run().unwrap();
    /// let record = r.record().unwrap();
    /// assert_eq!(record.shard, Shard::new(1, 3).unwrap());
    /// assert_eq!(record.counts, r.counts);
    /// ```
    pub fn record(&self) -> Option<ShardRecord> {
        Some(ShardRecord {
            id: self.run.plan?,
            shard: self.run.shard,
            counts: self.counts,
            unique: self.run.unique,
        })
        .filter(|_| self.is_finished())
    }
}
