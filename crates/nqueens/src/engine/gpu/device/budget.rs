//! The turns a dispatch runs, learnt from the device's measured speed so that each takes about
//! 50 ms: long enough that starting one costs nothing, short enough that a stop is heeded at
//! once and a desktop GPU's watchdog never fires.

#[cfg(test)]
use super::gpu::FIRST_BUDGET;
use super::gpu::Gpu;
use std::sync::atomic::Ordering;

/// How long a dispatch should take, in seconds: short enough that a stop is heeded at once and
/// a desktop GPU's watchdog (about two seconds) never fires, long enough that starting one
/// costs nothing beside it.
const DISPATCH_SECONDS: f64 = 0.05;
/// The bounds the budget is kept in. A software device ends every loop of a thread after
/// 65,535 turns in all (see `count.wgsl`): its budget stays well below.
const MIN_BUDGET: u32 = 1 << 6;
const MAX_BUDGET: u32 = 1 << 24;
const SOFTWARE_MAX_BUDGET: u32 = 1 << 14;
// The shader adds a dispatch's completions in one 32-bit word, at most 32 a turn (see `Walk` in
// `count.wgsl`): the budget keeps that word from overflowing.
const _: () = assert!((MAX_BUDGET as u64) * 32 < 1 << 32);

impl Gpu {
    /// Fixes the turns per dispatch (0: learn them again), for tests that make every task span
    /// many dispatches.
    #[cfg(test)]
    pub(crate) fn pin_budget(&self, turns: u32) {
        self.pinned.store(turns, Ordering::Relaxed);
        self.budget.store(
            if turns == 0 { FIRST_BUDGET } else { turns },
            Ordering::Relaxed,
        );
    }

    /// Adjusts the turns of the next dispatches from how long a group of `dispatches` of
    /// `budget` turns took, so that one takes about [`DISPATCH_SECONDS`] (at most four times
    /// more or less than before; only less unless the group was `busy`).
    pub(super) fn learn(&self, budget: u32, dispatches: usize, seconds: f64, busy: bool) {
        if dispatches == 0 {
            return;
        }
        #[cfg(test)]
        if let pinned @ 1.. = self.pinned.load(Ordering::Relaxed) {
            self.budget.store(pinned, Ordering::Relaxed);
            return;
        }
        let seconds = seconds.max(1e-6) / dispatches as f64;
        let now = self.budget.load(Ordering::Relaxed);
        let most = if self.software {
            SOFTWARE_MAX_BUDGET
        } else {
            MAX_BUDGET
        };
        let ideal = (budget as f64 * DISPATCH_SECONDS / seconds) as u64;
        let highest = if busy { budget as u64 * 4 } else { now as u64 };
        let next = ideal
            .clamp(budget as u64 / 4, highest.max(budget as u64 / 4))
            .clamp(MIN_BUDGET as u64, most as u64) as u32;
        self.budget.store(next, Ordering::Relaxed);
    }
}
