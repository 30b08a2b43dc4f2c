//! One count shared out among the processes of a cluster job (the ranks of an MPI run, say):
//! the calls such a job makes, in one place, apart from those of a count on one machine.
//!
//! A cluster job counts one request on every process. Each process prepares it as a [`Rank`]
//! (which decides its threads and its GPU from its place in the job), and takes the same
//! split from it, listed the same way on every process; the processes share out the split's
//! subproblems, in the order [`Dispenser`](crate::shard::Dispenser) gives, each counting the
//! chunks it is handed with [`Rank::count_indices`]; one process adds up what they sent and
//! makes the job's [`Report`] with [`Rank::finished`]. How the processes talk is the caller's:
//! the library sends nothing.
//!
//! ```
//! use nqueens::cluster::Rank;
//! use nqueens::shard::Dispenser;
//! use nqueens::{Count, Counts};
//! use std::time::Duration;
//!
//! // Two processes, played here one after the other: each counts its opening share, then the
//! // chunks it takes in turn, which a real job hands out on request.
//! let ranks = [Rank::prepare(Count::new(10), 2, 0)?, Rank::prepare(Count::new(10), 2, 1)?];
//! let mut list = Dispenser::new(ranks[0].job().plan()?.unwrap().len(), 2);
//! let mut parts = Vec::new();
//! for (i, rank) in ranks.iter().enumerate() {
//!     let share: Vec<usize> = list.opening(i).indices().collect();
//!     parts.push(rank.count_indices(&share)?);
//! }
//! for turn in 0.. {
//!     let chunk = list.take();
//!     if chunk.is_empty() {
//!         break;
//!     }
//!     let chunk: Vec<usize> = chunk.indices().collect();
//!     parts.push(ranks[turn % 2].count_indices(&chunk)?);
//! }
//! let total: Counts = parts.into_iter().sum();
//! let [first, _] = ranks;
//! let report = first.finished(total, Duration::ZERO);
//! assert_eq!(report.number(), Some(724));
//! # Ok::<(), nqueens::Error>(())
//! ```

use super::job::Job;
use super::report::{End, Report};
use super::request::{Count, Place};
use crate::counts::Counts;
use crate::error::{Error, InputKind, Quantity};
use crate::progress::NoProgress;
use crate::run::runner::{Runner, subproblem_list};
use std::time::Duration;

/// A count prepared as one of the processes of a cluster job: the [`Job`] it runs, with the
/// calls that count a part of it and make the whole job's report.
#[derive(Debug)]
pub struct Rank<'a> {
    job: Job<'a>,
}

impl<'a> Rank<'a> {
    /// Prepares `request` as one of the `processes` processes of a cluster job that share out
    /// its split (see [`Dispenser`](crate::shard::Dispenser)), `local_rank` being this one's
    /// rank among those on its machine, or refuses it as
    /// [`Count::prepare`](crate::Count::prepare) does.
    ///
    /// A process among several counts, unless told otherwise, on one thread on the processor
    /// (one process per core is the usual layout), and with the GPU method on one GPU of its
    /// machine picked by its local rank
    /// ([`GpuDevice::Spread`](crate::machine::GpuDevice::Spread)), so that the processes of a
    /// machine spread over its GPUs. A job of one process counts on the threads any count
    /// does.
    ///
    /// A unique count takes a method that counts unique solutions in parts, as a shard does,
    /// however many processes are given: a launcher that does not tell each process the job's
    /// size has each prepared as a job of one, whose parts are added up all the same.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    /// use nqueens::cluster::Rank;
    ///
    /// assert_eq!(Rank::prepare(Count::new(10), 4, 1)?.job().threads(), 1);
    /// assert_eq!(Rank::prepare(Count::new(10).threads(2), 4, 1)?.job().threads(), 2);
    /// let alone = Rank::prepare(Count::new(10), 1, 0)?;
    /// assert_eq!(alone.job().threads(), Count::new(10).prepare()?.threads());
    /// let unique = Rank::prepare(Count::new(16).unique(true), 1, 0)?;
    /// assert_eq!(unique.job().method(), Method::Symmetry);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    ///
    /// A job of no processes is refused, and so is a local rank outside the job:
    ///
    /// ```
    /// use nqueens::{Count, Error};
    /// use nqueens::cluster::Rank;
    /// use nqueens::error::Quantity;
    ///
    /// let none = Rank::prepare(Count::new(10), 0, 0).unwrap_err();
    /// assert!(matches!(none, Error::OutOfRange { what: Quantity::Processes, value: 0, min: 1, .. }));
    /// let outside = Rank::prepare(Count::new(10), 2, 2).unwrap_err();
    /// assert_eq!(
    ///     outside.to_string(),
    ///     "local rank = 2 is out of range: local rank must be from 0 to 1"
    /// );
    /// ```
    pub fn prepare(
        mut request: Count<'a>,
        processes: usize,
        local_rank: usize,
    ) -> Result<Rank<'a>, Error> {
        if processes == 0 {
            return Err(Error::out_of_range(Quantity::Processes, 0, 1, usize::MAX));
        }
        // A machine holds at most every process of the job.
        if local_rank >= processes {
            return Err(Error::out_of_range(
                Quantity::LocalRank,
                local_rank,
                0,
                processes - 1,
            ));
        }
        request.place = Some(Place {
            processes,
            local_rank,
        });
        Ok(Rank {
            job: request.prepare()?,
        })
    }

    /// The job as it was decided: its method, threads and split.
    ///
    /// ```
    /// use nqueens::{Count, Method};
    /// use nqueens::cluster::Rank;
    ///
    /// let rank = Rank::prepare(Count::new(10).method(Method::Symmetry), 2, 0)?;
    /// assert_eq!(rank.job().method(), Method::Symmetry);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn job(&self) -> &Job<'a> {
        &self.job
    }

    /// The job, to run whole on this process: what a job of one process does.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::cluster::Rank;
    ///
    /// let alone = Rank::prepare(Count::new(8), 1, 0)?;
    /// assert_eq!(alone.into_job().run()?.number(), Some(92));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn into_job(self) -> Job<'a> {
        self.job
    }

    /// Counts the subproblems `indices` of the job's split on its threads, with no progress
    /// and no stop: what the process does with each chunk it is handed.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::cluster::Rank;
    ///
    /// let rank = Rank::prepare(Count::new(10).threads(2), 1, 0)?;
    /// let len = rank.job().plan()?.unwrap().len();
    /// let (even, odd): (Vec<usize>, Vec<usize>) = (0..len).partition(|i| i % 2 == 0);
    /// let total = rank.count_indices(&even)?.total + rank.count_indices(&odd)?.total;
    /// assert_eq!(total, 724);
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    ///
    /// An index that is not one of the split's subproblems is refused, before anything is
    /// counted, and so is a method that counts in one piece:
    ///
    /// ```
    /// use nqueens::{Count, Method};
    /// use nqueens::cluster::Rank;
    ///
    /// let rank = Rank::prepare(Count::new(10), 1, 0)?;
    /// assert!(rank.count_indices(&[usize::MAX]).is_err());
    /// let naive = Rank::prepare(Count::new(8).method(Method::Naive), 1, 0)?;
    /// assert!(naive.count_indices(&[0]).is_err());
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn count_indices(&self, indices: &[usize]) -> Result<Counts, Error> {
        let job = &self.job;
        let Some(plan) = job.plan()? else {
            // A count stopped before its split was listed has no subproblem to name.
            return match indices.first() {
                Some(&bad) => Err(Error::Invalid {
                    what: InputKind::SubproblemIndex,
                    text: bad.to_string(),
                    expected: "none: the count was stopped before its subproblems were listed"
                        .into(),
                }),
                None => Ok(job.nothing()),
            };
        };
        let len = plan.len();
        if let Some(&bad) = indices.iter().find(|&&i| i >= len) {
            return Err(Error::Invalid {
                what: InputKind::SubproblemIndex,
                text: bad.to_string(),
                expected: format!("a whole number 0 ≤ I < {len}, the plan's subproblems"),
            });
        }
        let runner = Runner {
            plan,
            threads: job.threads,
            progress: &NoProgress,
            stop: None,
            done_before: 0,
            total: indices.len() as u64,
        };
        let mut list = subproblem_list(plan, indices.len())?;
        list.extend_from_slice(indices);
        Ok(runner.run(list, &|_, _| {}).0)
    }

    /// The report of the whole job, whose subproblems were all counted by its processes with
    /// [`Rank::count_indices`], adding up to `counts`, in `elapsed`. It says how this process
    /// was prepared (its threads and devices) and no GPU tasks, since each process cut its own.
    ///
    /// ```
    /// use nqueens::Count;
    /// use nqueens::cluster::Rank;
    /// use std::time::Duration;
    ///
    /// let rank = Rank::prepare(Count::new(8), 1, 0)?;
    /// let all: Vec<usize> = (0..rank.job().plan()?.unwrap().len()).collect();
    /// let counts = rank.count_indices(&all)?;
    /// let report = rank.finished(counts, Duration::from_secs(1));
    /// assert_eq!((report.number(), report.run.elapsed), (Some(92), Duration::from_secs(1)));
    /// # Ok::<(), nqueens::Error>(())
    /// ```
    pub fn finished(self, counts: Counts, elapsed: Duration) -> Report {
        Report {
            counts,
            end: End::Finished,
            run: self.job.into_run(None, elapsed),
        }
    }
}
