//! What a count in progress is watched by: a stop flag the searches heed, and a progress observer
//! told how far they have got, even inside one subproblem.
//!
//! A subproblem of a large board can run for hours, so waiting for it to end before heeding a
//! stop, or before showing any progress, would leave a person staring at nothing and unable to
//! stop cleanly. The searches therefore *poll* the watch now and then: only at nodes with many
//! rows still to fill (ten or more), whose subtrees are large, so that polling costs
//! nothing measurable while a stop is still heeded within milliseconds. A subproblem whose
//! search saw a stop returns no count (its partial sum is thrown away); the work finished before
//! it is kept.
//!
//! ```
//! use nqueens::progress::{NoProgress, Watch};
//! use std::sync::atomic::AtomicBool;
//!
//! let stop = AtomicBool::new(true);
//! let watch = Watch::new(Some(&stop), &NoProgress, None);
//! assert!(watch.check());
//! assert!(!Watch::none().check());
//! ```

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A search polls its [`Watch`] only at nodes with at least this many rows left to fill: below
/// them, a subtree is small enough (milliseconds even at n = 64) to finish before the next poll.
pub(crate) const POLL_ROWS: u32 = 10;

/// Told about a count's progress, from any thread.
pub trait Progress: Sync {
    /// `done` of `total` subproblems are finished.
    fn update(&self, done: u64, total: u64);

    /// The searches have visited `branches` large branches (nodes with ten rows or more
    /// left) since the count began: a sign of life, and a rate, when subproblems take long.
    fn searched(&self, branches: u64) {
        let _ = branches;
    }
}

/// The progress observer that ignores everything.
#[derive(Debug)]
pub struct NoProgress;

impl Progress for NoProgress {
    fn update(&self, _done: u64, _total: u64) {}
}

/// The watch over one subproblem's search.
///
/// ```
/// use nqueens::progress::Watch;
/// use std::sync::atomic::AtomicBool;
///
/// let stop = AtomicBool::new(false);
/// let watch = Watch::new(Some(&stop), &nqueens::progress::NoProgress, None);
/// assert!(!watch.poll());
/// stop.store(true, std::sync::atomic::Ordering::Relaxed);
/// assert!(watch.poll());
/// assert!(watch.stopped());
/// ```
pub struct Watch<'a> {
    stop: Option<&'a AtomicBool>,
    progress: &'a dyn Progress,
    /// The count's branches, shared by every subproblem's watch.
    branches: Option<&'a AtomicU64>,
    /// Polls not yet added to `branches`.
    pending: Cell<u64>,
    stopped: Cell<bool>,
}

/// How many polls a watch gathers before it adds them to the shared count and tells the
/// observer: often enough for a lively display, rarely enough that threads do not fight over
/// the shared counter.
const FLUSH_EVERY: u64 = 64;

/// Whether it heeds a stop, and what it has seen.
impl std::fmt::Debug for Watch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Watch")
            .field("stop", &self.stop)
            .field("branches", &self.branches)
            .field("pending", &self.pending)
            .field("stopped", &self.stopped)
            .finish_non_exhaustive()
    }
}

impl<'a> Watch<'a> {
    /// A watch that heeds `stop` and tells `progress`, adding its branches to `branches`.
    pub fn new(
        stop: Option<&'a AtomicBool>,
        progress: &'a dyn Progress,
        branches: Option<&'a AtomicU64>,
    ) -> Watch<'a> {
        Watch {
            stop,
            progress,
            branches,
            pending: Cell::new(0),
            stopped: Cell::new(false),
        }
    }

    /// A watch that never stops and tells nobody, for counting outside a runner.
    pub fn none() -> Watch<'static> {
        Watch::new(None, &NoProgress, None)
    }

    /// Called by a search at a node with ten rows or more left (`POLL_ROWS`): counts the branch,
    /// and returns true when the search should stop (then it may return anything; the count of
    /// this subproblem is thrown away).
    #[inline]
    pub fn poll(&self) -> bool {
        let pending = self.pending.get() + 1;
        self.pending.set(pending);
        if pending >= FLUSH_EVERY {
            self.flush();
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped.set(true);
            return true;
        }
        false
    }

    /// Whether to stop, without counting a branch: for engines whose work runs elsewhere (on a
    /// GPU) and that look between pieces of it.
    pub fn check(&self) -> bool {
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// Counts `branches` large branches searched elsewhere (tasks a GPU finished), and tells
    /// the observer.
    pub fn searched(&self, branches: u64) {
        if branches > 0 {
            self.pending.set(self.pending.get() + branches);
            self.flush();
        }
    }

    /// True when a poll saw the stop: the search was cut short, its count is not whole.
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }

    /// Adds the polls gathered so far to the count's branches and tells the observer.
    pub fn flush(&self) {
        let pending = self.pending.replace(0);
        if let (Some(shared), true) = (self.branches, pending > 0) {
            let all = shared.fetch_add(pending, Ordering::Relaxed) + pending;
            self.progress.searched(all);
        }
    }
}

impl Drop for Watch<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}
