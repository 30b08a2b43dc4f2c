//! What a worker is asked and what it answers: the bounds it runs under ([`Work`]), what it
//! tells on the way ([`Event`]) and why it ended ([`Worked`]). They are the worker's whole
//! interface with its caller, the command line's `campaign work` or a program's own loop, and
//! hold no campaign, so they stand apart from the worker's steps.

use super::record::Unit;
use crate::counts::Counts;
use crate::machine::GpuDevice;
use crate::method::Method;
use crate::progress::{NoProgress, Progress};
use crate::run::runner::cores;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

/// How long a worker's claim may go without a heartbeat before another worker takes its unit,
/// unless the worker says otherwise ([`Work::stale`]).
pub const DEFAULT_STALE: Duration = Duration::from_secs(300);

fn ignore(_: &Event) {}

/// How a worker runs: its threads, its bounds, its stop flag and what it tells on the way.
///
/// ```
/// use nqueens::campaign::{DEFAULT_STALE, Work};
///
/// let work = Work::new();
/// assert_eq!((work.units, work.stale), (None, DEFAULT_STALE));
/// ```
#[non_exhaustive]
pub struct Work<'a> {
    /// Threads counting each unit, at least 1; on GPUs, at least one more than the GPUs, which
    /// the threads keep fed.
    pub threads: usize,
    /// What counts the units: the best the machine has by default.
    pub engine: Engine,
    /// Count at most this many units, then end.
    pub units: Option<usize>,
    /// End at this time, keeping the unit under way as a partial checkpoint.
    pub until: Option<SystemTime>,
    /// How long this worker's claims may go without a heartbeat before others take them over
    /// (it beats four times as often), and how long it waits on another's claim that does not
    /// say.
    pub stale: Duration,
    /// Once true, the worker ends, keeping what it finished and the unit under way as a partial
    /// checkpoint.
    pub stop: Option<&'a AtomicBool>,
    /// Told of the progress within each unit.
    pub progress: &'a dyn Progress,
    /// Told of each unit claimed, counted, stopped, lost or refused.
    pub events: &'a (dyn Fn(&Event) + Sync),
}

impl Work<'_> {
    /// A worker on one thread per core, unbounded, with [`DEFAULT_STALE`].
    pub fn new() -> Work<'static> {
        Work {
            threads: cores(),
            engine: Engine::Best,
            units: None,
            until: None,
            stale: DEFAULT_STALE,
            stop: None,
            progress: &NoProgress,
            events: &ignore,
        }
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    pub(crate) fn past_until(&self) -> bool {
        self.until.is_some_and(|t| SystemTime::now() >= t)
    }

    pub(crate) fn bound(&self, counted: usize) -> Option<WorkEnd> {
        if self.stopped() {
            Some(WorkEnd::Stopped)
        } else if self.past_until() {
            Some(WorkEnd::Until)
        } else if self.units.is_some_and(|m| counted >= m) {
            Some(WorkEnd::Units)
        } else {
            None
        }
    }

    /// Waits `time`, or less where the worker is stopped meanwhile.
    pub(crate) fn pause(&self, time: Duration) {
        let end = Instant::now() + time;
        while Instant::now() < end && !self.stopped() && !self.past_until() {
            std::thread::sleep(Duration::from_millis(20).min(time));
        }
    }
}

impl std::fmt::Debug for Work<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work")
            .field("threads", &self.threads)
            .field("engine", &self.engine)
            .field("units", &self.units)
            .field("until", &self.until)
            .field("stale", &self.stale)
            .finish()
    }
}

/// What a worker counts its units on. Every engine counts the campaign's one split, by the
/// same numbering, so their results add up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Engine {
    /// The machine's GPUs, every one of them, where the crate was built with the feature `gpu`
    /// and the machine has a real GPU; the processor's cores (the `symmetry` method) elsewhere.
    /// A software device standing in for a GPU is never chosen this way.
    #[default]
    Best,
    /// The processor's cores: the `symmetry` method.
    Processor,
    /// These GPUs: the `gpu` method. Refused where the crate was built without the feature
    /// `gpu`, or where no GPU can be used.
    Gpus(GpuDevice),
}

/// What a worker did, for its caller to tell.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Event {
    /// It opened the engine it counts every unit on, once, before its first claim.
    Counting {
        /// The method: `symmetry` on the processor, or `gpu`.
        method: Method,
        /// The device as results will name it.
        device: String,
        /// Whether the device is a software one (a processor standing in for a GPU), far slower.
        software: bool,
    },
    /// It claimed a unit, under a generation (0 the first time; more where it took the unit over
    /// from a worker whose claim went stale), continuing `resumed` subproblems counted before.
    Claimed {
        /// The unit.
        unit: Unit,
        /// The claim's generation.
        generation: u64,
        /// Subproblems already counted, from the unit's partial checkpoint.
        resumed: usize,
    },
    /// It counted a unit and wrote its result.
    Counted {
        /// The unit.
        unit: Unit,
        /// Its count.
        counts: Counts,
        /// The seconds it took, over every worker that counted a part of it.
        seconds: f64,
    },
    /// It was stopped within a unit, whose finished subproblems it kept.
    Stopped {
        /// The unit.
        unit: Unit,
        /// Its subproblems counted so far.
        done: usize,
    },
    /// Its claim on a unit was taken over by another worker (it had been silent too long).
    Lost {
        /// The unit.
        unit: Unit,
    },
    /// It found a unit's result damaged, moved it to `refused/` and put the unit back in the
    /// queue.
    Refused {
        /// The unit.
        unit: Unit,
        /// What is wrong with the result.
        why: String,
    },
}

/// What a worker did: the units it counted, and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Worked {
    /// Units it counted to their end.
    pub counted: usize,
    /// Why it ended.
    pub end: WorkEnd,
}

/// Why a worker ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WorkEnd {
    /// Every unit is done.
    Complete,
    /// It counted the units it was asked to ([`Work::units`]).
    Units,
    /// Its time was up ([`Work::until`]).
    Until,
    /// It was stopped ([`Work::stop`]).
    Stopped,
}
