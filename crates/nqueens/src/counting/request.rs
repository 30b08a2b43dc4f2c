//! The request for a count: the [`Count`] builder, which records what is asked and decides
//! nothing, so that every call in any order leaves one request for [`Count::prepare`] to serve
//! or refuse; with the short ways in ([`count`], [`Puzzle::count`]) that build one.

use super::persist::{Open, Persistence, SAVE_EVERY};
use super::report::Report;
use crate::error::Error;
use crate::machine::{GpuDevice, GpuTuning};
use crate::method::Method;
use crate::progress::Progress;
use crate::puzzle::Puzzle;
use crate::shard::Shard;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

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
pub(super) enum Subject {
    Board(usize),
    Puzzle(Puzzle),
    Saved(PathBuf),
}

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
/// assert_eq!((report.run.method, report.run.threads), (Method::Symmetry, 2));
///
/// // A combination that cannot be served is refused, never answered wrong.
/// let err = Count::new(12).method(Method::Bitmask).unique(true).run().unwrap_err();
/// assert_eq!(err.to_string(), "method bitmask cannot count unique solutions; method symmetry can");
/// ```
#[derive(Clone)]
pub struct Count<'a> {
    pub(super) subject: Subject,
    pub(super) method: Option<Method>,
    pub(super) threads: Option<usize>,
    pub(super) unique: bool,
    pub(super) gpu: Option<GpuDevice>,
    pub(super) tuning: GpuTuning,
    pub(super) shard: Option<Shard>,
    pub(super) place: Option<Place>,
    pub(super) persistence: Persistence,
    pub(super) progress: Option<&'a dyn Progress>,
    pub(super) stop: Option<&'a AtomicBool>,
}

/// The place of a count in a cluster job, set by
/// [`Rank::prepare`](crate::cluster::Rank::prepare).
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    /// The processes of the job.
    pub(super) processes: usize,
    /// This process's rank among those on its machine.
    pub(super) local_rank: usize,
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
            .field("tuning", &self.tuning)
            .field("shard", &self.shard)
            .field("place", &self.place)
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

    /// The count saved in the checkpoint at `path`, whatever board it is of, continued and
    /// saved again there: [`Count::checkpoint`] on the board (or partly filled board), the
    /// method, the shard and the answer (total or unique, see [`Count::unique`]) the file names,
    /// for a caller who does not know them. A method or shard named as well must be the file's. Unlike [`Count::checkpoint`], it never starts a
    /// new file: a path where nothing is, is refused. The file is the count's checkpoint, so a
    /// later [`Count::checkpoint`] naming another is refused with [`Error::TwoCheckpoints`].
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
    /// assert_eq!((r.run.n, r.counts.total), (8, 92));
    ///
    /// let err = Count::resume(&path).checkpoint("other.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// std::fs::remove_file(&path).unwrap();
    /// assert!(matches!(Count::resume(&path).run(), Err(Error::Checkpoint { .. })));
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
            tuning: GpuTuning::default(),
            shard: None,
            place: None,
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

    /// Counts on `threads` worker threads (1 to [`MAX_THREADS`](crate::machine::MAX_THREADS)) rather than one per core.
    ///
    /// ```
    /// use nqueens::Count;
    ///
    /// assert_eq!(Count::new(8).threads(2).run().unwrap().run.threads, 2);
    /// assert!(Count::new(8).threads(0).run().is_err());
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Also counts the solutions up to the board's eight symmetries, and their classes, and
    /// makes the unique count the answer ([`Report::number`]). The checkpoint of such a count
    /// keeps the question: a count that continues it asks for the unique count too, even when
    /// the request that continues it does not say so (the total is in
    /// [`Counts::total`](crate::Counts) either way).
    ///
    /// ```
    /// use nqueens::Count;
    /// use std::sync::atomic::AtomicBool;
    ///
    /// assert_eq!(Count::new(8).unique(true).run().unwrap().counts.unique, Some(12));
    ///
    /// // Stopped before it began, then continued by the file's name alone: still unique.
    /// let path = std::env::temp_dir().join(format!("nq-doc-unique-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let stop = AtomicBool::new(true);
    /// Count::new(10).unique(true).checkpoint(&path).stop(&stop).run().unwrap();
    /// let r = Count::resume(&path).run().unwrap();
    /// assert_eq!((r.number(), r.counts.total), (Some(92), 724));
    /// # std::fs::remove_file(&path).unwrap();
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
    /// use nqueens::{Count, Method};
    /// use nqueens::machine::GpuDevice;
    ///
    /// let err = Count::new(8).method(Method::Symmetry).gpu_device(GpuDevice::All).run().unwrap_err();
    /// assert_eq!(err.to_string(), "method symmetry cannot count on a GPU; method gpu can");
    /// ```
    pub fn gpu_device(mut self, devices: GpuDevice) -> Self {
        self.gpu = Some(devices);
        self
    }

    /// Runs the GPUs' threads in workgroups of `threads` (a power of two from 1 to 256, see
    /// [`GPU_WORKGROUPS`](crate::machine::GPU_WORKGROUPS)) rather than the size measured best
    /// on each device: for benchmarks that time variants side by side. A device whose
    /// workgroup memory cannot hold that many threads' stacks refuses the count
    /// ([`GpuProblem::Workgroup`](crate::error::GpuProblem::Workgroup)). The count is the same
    /// whatever the size. Like [`Count::gpu_device`], it takes [`Method::Gpu`] when no method is
    /// named and is refused with another.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let err = Count::new(8).method(Method::Symmetry).gpu_workgroup(32).run().unwrap_err();
    /// assert_eq!(err.to_string(), "method symmetry cannot count on a GPU; method gpu can");
    /// let err = Count::new(8).gpu_workgroup(48).run().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "'48' is not a valid GPU workgroup: expected a power of two from 1 to 256"
    /// );
    /// // Needs a GPU (or Mesa's software Vulkan device).
    /// if let Ok(r) = Count::new(9).gpu_workgroup(16).run() {
    ///     assert_eq!(r.counts.total, 352);
    /// }
    /// ```
    pub fn gpu_workgroup(mut self, threads: u32) -> Self {
        self.tuning.workgroup = Some(threads);
        self
    }

    /// Cuts the count on GPUs into tasks that leave `rows` rows each to a GPU thread (2 to 17,
    /// see [`GPU_TASK_ROWS`](crate::machine::GPU_TASK_ROWS)) rather than the rows chosen for
    /// the board (and the device): for benchmarks that time variants side by side. The count
    /// is the same whatever the rows, and so is its checkpoint: one saved with some rows may be
    /// continued with others. Like [`Count::gpu_device`], it takes [`Method::Gpu`] when no
    /// method is named and is refused with another.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let err = Count::new(8).method(Method::Halves).gpu_task_rows(5).run().unwrap_err();
    /// assert_eq!(err.to_string(), "method halves cannot count on a GPU; method gpu can");
    /// let err = Count::new(8).gpu_task_rows(1).run().unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "GPU task rows = 1 is out of range: GPU task rows must be from 2 to 17"
    /// );
    /// // Needs a GPU (or Mesa's software Vulkan device).
    /// if let Ok(r) = Count::new(9).gpu_task_rows(3).run() {
    ///     assert_eq!(r.counts.total, 352);
    /// }
    /// ```
    pub fn gpu_task_rows(mut self, rows: usize) -> Self {
        self.tuning.task_rows = Some(rows);
        self
    }

    /// Counts only one part of the subproblems (see [`Shard`]). A resumed count
    /// that names no part counts the checkpoint's; one that names another part is refused.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::shard::Shard;
    ///
    /// let part = |i| Count::new(8).shard(Shard::new(i, 2).unwrap()).run().unwrap().counts.total;
    /// assert_eq!(part(0) + part(1), 92);
    /// ```
    pub fn shard(mut self, shard: Shard) -> Self {
        self.shard = Some(shard);
        self
    }

    /// Keeps the count's checkpoint at `path`: the one way a count is saved and continued.
    /// Where nothing is at `path`, a new checkpoint is written there; where a checkpoint of
    /// this count is (the same board, method and shard; those not named are taken from it),
    /// the count continues from it, so that running the same request again after a stop or a
    /// crash loses no finished work. Anything else at `path` (another count's checkpoint, a
    /// damaged file, something not a file) is refused by [`Count::prepare`], never
    /// overwritten. The file is saved every minute (see [`Count::save_every`]), when stopped,
    /// and at the end.
    ///
    /// A count keeps one checkpoint: naming the same one again changes nothing; naming another
    /// makes [`Count::prepare`] refuse the request with [`Error::TwoCheckpoints`], rather than
    /// drop one of them unseen.
    ///
    /// ```
    /// use nqueens::{Count, Error, Method};
    /// use std::sync::atomic::AtomicBool;
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-checkpoint-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// // Stopped before its first subproblem, then asked again: the count goes on where it was.
    /// let stop = AtomicBool::new(true);
    /// let r = Count::new(9).checkpoint(&path).stop(&stop).run().unwrap();
    /// assert!(!r.is_finished());
    /// assert_eq!(Count::new(9).checkpoint(&path).run().unwrap().counts.total, 352);
    /// // Another count's work is never taken, nor thrown away.
    /// let err = Count::new(10).checkpoint(&path).run().unwrap_err();
    /// assert!(matches!(err, Error::Mismatch { .. }));
    /// std::fs::remove_file(&path).unwrap();
    ///
    /// let err = Count::new(8).checkpoint("a.ckpt").checkpoint("b.ckpt").run().unwrap_err();
    /// assert!(matches!(err, Error::TwoCheckpoints { .. }));
    /// ```
    pub fn checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.persistence = self.persistence.name(path.into(), Open::Either);
        self
    }

    /// Keeps the count's checkpoint at `path` as [`Count::checkpoint`] does, but only as a new
    /// one: where anything is at `path` already, [`Count::prepare`] refuses the request with
    /// [`Error::Checkpoint`] ([`CheckpointProblem::Exists`](crate::error::CheckpointProblem),
    /// or `NotAFile`), so that a count meant to start afresh never takes up
    /// an old one's work.
    ///
    /// ```
    /// use nqueens::error::CheckpointProblem;
    /// use nqueens::{Count, Error};
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-new-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// assert_eq!(Count::new(8).new_checkpoint(&path).run().unwrap().counts.total, 92);
    /// let err = Count::new(8).new_checkpoint(&path).run().unwrap_err();
    /// assert!(matches!(err, Error::Checkpoint { problem: CheckpointProblem::Exists, .. }));
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn new_checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.persistence = self.persistence.name(path.into(), Open::New);
        self
    }

    /// Keeps the count's checkpoint at `path` as [`Count::checkpoint`] does, but only one that
    /// is there already: where nothing is at `path`, [`Count::prepare`] refuses the request with
    /// [`Error::Checkpoint`] ([`CheckpointProblem::Io`](crate::error::CheckpointProblem)), so that a mistyped path is not taken
    /// for a new count.
    ///
    /// ```
    /// use nqueens::error::CheckpointProblem;
    /// use nqueens::{Count, Error};
    ///
    /// let path = std::env::temp_dir().join(format!("nq-doc-continue-{}", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let err = Count::new(8).continue_checkpoint(&path).run().unwrap_err();
    /// assert!(matches!(err, Error::Checkpoint { problem: CheckpointProblem::Io(_), .. }));
    /// assert_eq!(Count::new(8).checkpoint(&path).run().unwrap().counts.total, 92);
    /// assert_eq!(Count::new(8).continue_checkpoint(&path).run().unwrap().counts.total, 92);
    /// std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn continue_checkpoint(mut self, path: impl Into<PathBuf>) -> Self {
        self.persistence = self.persistence.name(path.into(), Open::Continue);
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
    /// use nqueens::Count;
    /// use nqueens::progress::Progress;
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
    /// and the searches under way are cut short within milliseconds. A stop is never an error:
    /// the report says [`End::Stopped`](crate::End::Stopped) with the subproblems done, and a
    /// checkpoint keeps every one finished. A flag set while [`Count::prepare`] still lists the
    /// subproblems (seconds for the largest boards) ends the listing there: the report then
    /// says [`End::StoppedListing`](crate::End::StoppedListing), and no checkpoint is written
    /// or changed. A flag already set when the count is prepared stops it before its first
    /// subproblem, with its checkpoint written.
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
