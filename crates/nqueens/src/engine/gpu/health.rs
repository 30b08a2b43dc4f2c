//! What went wrong on the GPUs of a count that still finished, and how much work there was. A
//! GPU that fails hands its work back and the count goes on without it, on the other GPUs or on
//! the CPU, so the count stays exact; but it may take far longer, and a person should hear why.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The failures of a count's GPUs, and the work the CPU took over.
#[derive(Debug, Default)]
pub struct Health {
    failures: Mutex<Vec<String>>,
    recounted: AtomicU64,
    tasks: AtomicU64,
    /// Tasks the GPUs finished and no progress report has told yet.
    #[cfg(feature = "gpu")]
    untold: AtomicU64,
}

impl Health {
    /// Why GPUs failed during the count, one line each.
    pub fn failures(&self) -> Vec<String> {
        self.failures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Tasks counted on the CPU rather than on a GPU: those of failed GPUs, and the few that a
    /// software device leaves unfinished.
    pub fn recounted(&self) -> u64 {
        self.recounted.load(Ordering::Relaxed)
    }

    /// Tasks the count was cut into so far, wherever they were counted.
    pub fn tasks(&self) -> u64 {
        self.tasks.load(Ordering::Relaxed)
    }

    /// Records tasks made.
    #[cfg(feature = "gpu")]
    pub(crate) fn made(&self, tasks: u64) {
        self.tasks.fetch_add(tasks, Ordering::Relaxed);
    }

    /// Records a GPU's failure.
    #[cfg(feature = "gpu")]
    pub(crate) fn failed(&self, why: String) {
        self.failures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(why);
    }

    /// Records tasks counted on the CPU.
    #[cfg(feature = "gpu")]
    pub(crate) fn recount(&self, tasks: u64) {
        self.recounted.fetch_add(tasks, Ordering::Relaxed);
    }

    /// Records tasks a GPU finished, as it goes (before their run's counts come back).
    #[cfg(feature = "gpu")]
    pub(crate) fn finished(&self, tasks: u64) {
        self.untold.fetch_add(tasks, Ordering::Relaxed);
    }

    /// The tasks finished since the last call: for progress, which moves while a long run is on
    /// the GPU.
    #[cfg(feature = "gpu")]
    pub(crate) fn take_finished(&self) -> u64 {
        self.untold.swap(0, Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_record_holds_no_failure_and_no_work() {
        let health = Health::default();
        assert!(health.failures().is_empty());
        assert_eq!((health.recounted(), health.tasks()), (0, 0));
    }
}
