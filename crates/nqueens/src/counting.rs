//! The front door for counts: one request, decided in one place.
//!
//! A count is asked for with a [`Count`] (the board, and if wanted the method, threads, unique
//! solutions, a shard, a checkpoint, a progress observer and a stop flag) and answered with a
//! [`Report`]: the counts, how the count ended ([`End`]) and what the run was ([`Run`]: the
//! method used, the threads, the seconds, the notes). Every decision about a count is made here,
//! in [`Count::prepare`], and nowhere else: which method serves when none is named, how many
//! threads fit in memory, whether the combination asked for can be served at all. A combination
//! is either served exactly or refused with an [`Error`](crate::Error) that says why; it never
//! yields a wrong number.
//!
//! Every count, plain or checkpointed, whole or a shard, runs through the one runner
//! ([`crate::run::runner`]), on the plan of its method (a method without a split counts the
//! whole board as its one subproblem); a process of a cluster job counts its chunks through the
//! same runner, with the calls of [`cluster`], kept apart from those of a count on one machine.
//!
//! One idea a file, each importing only those listed before it:
//!
//! - `report`: what a count answers ([`Report`], [`End`], [`Run`], [`Note`]);
//! - `persist`: the checkpoint a request names and a job keeps, one at most;
//! - `plan`: a method's split asked for on its own ([`plan_for`], [`plan_watched`]);
//! - `request`: the [`Count`] builder, which records what is asked, and [`count`];
//! - `job`: the [`Job`] that runs what was decided;
//! - `cluster`: a count as one process of a cluster job ([`cluster::Rank`]);
//! - `decide`: [`Count::prepare`], where every decision is made.

pub mod cluster;
mod decide;
mod job;
mod persist;
mod plan;
mod report;
mod request;

pub use job::Job;
pub use plan::{plan_for, plan_watched};
pub use report::{End, Note, Report, Run};
pub use request::{Count, count};
