//! A count decided and ready to run: the [`Job`] that
//! [`Count::prepare`](crate::Count::prepare) returns, which counts through the one runner, keeps
//! its checkpoint as it goes and writes the [`Report`]. It decides nothing, so that what was
//! decided is what runs.

use super::persist::Kept;
use super::report::{End, Note, Report, Run};
use crate::counts::Counts;
use crate::engine::gpu::health::Health;
use crate::engine::turns;
use crate::error::{CheckpointProblem, Error, Task};
use crate::method::Method;
use crate::plan::{Plan, PlanId};
use crate::progress::{NoProgress, Progress, Watch};
use crate::puzzle::Puzzle;
use crate::run::checkpoint::format::Checkpoint;
use crate::run::checkpoint::saving::Saving;
use crate::run::runner::{Runner, Stopwatch, subproblem_list};
use crate::shard::Shard;
use crate::symmetry::SymmetryClasses;
use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A count decided and ready to run: see [`Count::prepare`](crate::Count::prepare).
pub struct Job<'a> {
    pub(super) n: usize,
    pub(super) method: Method,
    pub(super) threads: usize,
    pub(super) devices: Vec<String>,
    pub(super) health: Option<Arc<Health>>,
    pub(super) notes: Vec<Note>,
    /// The plan it counts through: for a method without a split, the whole board as one
    /// subproblem, which is not shared out. None when a stop came while it was being listed:
    /// the job then ends as it starts, stopped, with nothing counted.
    pub(super) plan: Option<Box<dyn Plan>>,
    pub(super) puzzle: Option<Puzzle>,
    pub(super) shard: Shard,
    pub(super) kept: Kept,
    pub(super) unique: bool,
    pub(super) progress: Option<&'a dyn Progress>,
    pub(super) stop: Option<&'a AtomicBool>,
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
            .field("plan", &self.plan.as_ref().map(|p| p.id()))
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

    /// The subproblem split; an error for a method that counts in one piece. `Ok(None)` for a
    /// count whose stop came while the split was being listed (see [`Count::stop`]).
    ///
    /// [`Count::stop`]: crate::Count::stop
    ///
    /// ```
    /// use nqueens::{Count, Method};
    ///
    /// let job = Count::new(10).method(Method::Symmetry).prepare().unwrap();
    /// let plan = job.plan().unwrap().unwrap();
    /// assert_eq!((0..plan.len()).map(|i| plan.count_one(i)).sum::<nqueens::Counts>().total, 724);
    /// assert!(Count::new(10).method(Method::Naive).prepare().unwrap().plan().is_err());
    /// ```
    pub fn plan(&self) -> Result<Option<&dyn Plan>, Error> {
        if self.method.has_split() {
            Ok(self.plan.as_deref())
        } else {
            Err(Error::unsupported(self.method, Task::Split))
        }
    }

    /// The identity of the split, for a method that has one.
    fn split_id(&self) -> Option<PlanId> {
        self.plan().ok().flatten().map(|p| p.id())
    }

    /// What the job is, for its report: all but the GPU tasks, the time and the notes of what
    /// happened while counting.
    pub(super) fn into_run(self, tasks: Option<u64>, elapsed: Duration) -> Run {
        Run {
            plan: self.split_id(),
            n: self.n,
            method: self.method,
            unique: self.unique,
            shard: self.shard,
            threads: self.threads,
            devices: self.devices,
            tasks,
            elapsed,
            notes: self.notes,
        }
    }

    /// Counts.
    ///
    /// ```
    /// use nqueens::{Count, End};
    ///
    /// let report = Count::new(8).prepare()?.run()?;
    /// assert_eq!(report.counts.total, 92);
    /// assert!(matches!(report.end, End::Finished));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn run(self) -> Result<Report, Error> {
        let clock = Stopwatch::start();
        let progress = self.progress.unwrap_or(&NoProgress);
        let stop = self.stop;
        let Some(plan) = self.plan.as_deref() else {
            let counts = self.nothing();
            return Ok(self.report(counts, End::StoppedListing, clock));
        };
        let (counts, end) = match &self.kept {
            Kept::Off => {
                let mut indices = subproblem_list(plan, self.shard.len(plan.len()))?;
                indices.extend(self.shard.indices(plan.len()));
                let of = indices.len();
                let runner = Runner {
                    plan,
                    threads: self.threads,
                    progress,
                    stop,
                    done_before: 0,
                    total: of as u64,
                };
                let (sum, counted) = runner.run(indices, &|_, _| {});
                let end = if counted == of {
                    End::Finished
                } else {
                    End::Stopped { done: counted, of }
                };
                (sum, end)
            }
            Kept::New { path, every } => self.checkpointed(plan, path, *every, None)?,
            Kept::Resume { path, every, saved } => {
                self.checkpointed(plan, path, *every, Some(saved))?
            }
        };
        // A method that counts unique solutions of a whole count only (halves) makes them from
        // the finished total and the solutions the board's turns fix, searched last: a small
        // search beside the count. A stop during it leaves every subproblem counted (and saved,
        // in a checkpoint, which a resumed count finishes with this search alone).
        let (counts, end) = match end {
            end if end.is_finished() && self.unique && !self.method.counts_unique_in_parts() => {
                match turns::fixed(self.n, &Watch::new(stop, progress, None)) {
                    Some(fixed) => {
                        let counts = turns::counts(self.n, counts.total, fixed)
                            .ok_or_else(|| self.no_classes())?;
                        (counts, end)
                    }
                    // A stopped count whose last save failed is an error, as in `checkpointed`:
                    // the file does not hold the work it would be continued from.
                    None => match end {
                        End::FinishedUnsaved { error } => return Err(error),
                        _ => {
                            let of = self.shard.len(plan.len());
                            (counts, End::Stopped { done: of, of })
                        }
                    },
                }
            }
            end => (counts, end),
        };
        Ok(self.report(counts, end, clock))
    }

    /// A total that makes no whole number of symmetry classes with the solutions the turns fix.
    /// Only saved counts can give one (a checkpoint forged to hold other counts that its
    /// subproblems could each give): an engine's own total always makes whole classes.
    fn no_classes(&self) -> Error {
        let path = self.kept.path().map(Path::to_path_buf).unwrap_or_default();
        Error::Checkpoint {
            path,
            problem: CheckpointProblem::Damaged(
                "its counts add up to no whole number of symmetry classes".to_string(),
            ),
        }
    }

    /// The counts of a count that counted nothing: zero, with the unique count and the classes
    /// where the method makes them.
    pub(super) fn nothing(&self) -> Counts {
        match self.method.counts_unique_in_parts() {
            true => Counts::from_classes(SymmetryClasses::default()),
            false => Counts::total(0),
        }
    }

    /// The report of the job's count, which ended with `counts` and `end`, adding a note of
    /// the GPUs that failed on the way.
    fn report(mut self, counts: Counts, end: End, clock: Stopwatch) -> Report {
        let health = self.health.take();
        if let Some(health) = &health {
            let failures = health.failures();
            if !failures.is_empty() {
                self.notes.push(Note::GpuFailed {
                    failures,
                    tasks: health.recounted(),
                });
            }
        }
        let tasks = health.as_ref().map(|h| h.tasks());
        Report {
            counts,
            end,
            run: self.into_run(tasks, clock.elapsed()),
        }
    }

    /// Counts what the checkpoint at `path` does not hold yet (`saved`, or nothing for a new
    /// one), saving every `every` as it goes. A count that finishes is returned even when its
    /// last save failed ([`End::FinishedUnsaved`]); a stopped count whose last save failed is an
    /// error, since its work could not be kept.
    fn checkpointed(
        &self,
        plan: &dyn Plan,
        path: &Path,
        every: Duration,
        saved: Option<&Checkpoint>,
    ) -> Result<(Counts, End), Error> {
        let saved_before = saved.is_some_and(|cp| !cp.done.is_empty());
        // The list is made before a new checkpoint is created, so that a count refused for
        // its memory leaves no file behind.
        let remaining = match saved {
            Some(cp) => {
                let mut list = subproblem_list(plan, cp.shard_len().saturating_sub(cp.done.len()))?;
                list.extend(cp.remaining_indices());
                list
            }
            None => {
                let mut list = subproblem_list(plan, self.shard.len(plan.len()))?;
                list.extend(self.shard.indices(plan.len()));
                list
            }
        };
        // The file keeps what the count is asked for, so that the advice to continue it with
        // `--resume` alone gives the same answer.
        let mut state = match saved {
            Some(cp) => cp.clone().asking(self.unique),
            None => {
                let cp =
                    Checkpoint::new(plan.id(), self.shard, self.puzzle.clone()).asking(self.unique);
                // Creating the file at once claims its name, so that no other count can take it
                // meanwhile, and proves the place writable before hours of work depend on it.
                cp.create(path)?;
                cp
            }
        };
        let (before, of) = (state.done.len(), state.shard_len());
        let (counted, saved) = {
            let saving = Saving::new(&mut state, path);
            let runner = Runner {
                plan,
                threads: self.threads,
                progress: self.progress.unwrap_or(&NoProgress),
                stop: self.stop,
                done_before: before as u64,
                total: of as u64,
            };
            let ((_, counted), saved) = saving.run(path, every, || {
                runner.run(remaining, &|i, c| saving.record(i, c))
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
            let end = match saved {
                Ok(()) => End::Finished,
                Err(error) => End::FinishedUnsaved { error },
            };
            Ok((sum, end))
        } else {
            saved?;
            Ok((state.sum(plan.zero(), path)?, End::Stopped { done, of }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::counting::request::Count;

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
}
