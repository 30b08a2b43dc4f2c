//! A count's progress, shown from the thread that called it: the worker thread that counts only
//! writes down how far it has got, and the calling thread, which wakes every 50 ms to look for
//! Ctrl-C anyway, hands that to Python at most every half second.
//!
//! Python code may only run with the GIL, and a widget (a notebook's bar) only from the thread
//! that made it; calling Python from the worker would do both wrong and slow the count down. So
//! the library's observer here is two numbers, and the callable (`progress=callable`, or the
//! package's own display for `progress=True`, `nqueens._progress.Display`) is called by the
//! waiting thread with `(done, total)`: once the count knows its size, then every half second
//! while it runs, and once more at the end with the last numbers (`(total, total)` for a count
//! that finished).

use nqueens::progress::Progress;
use pyo3::prelude::*;
use pyo3::types::PyBool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The shortest time between two calls of the callable while the count runs.
pub const EVERY: Duration = Duration::from_millis(500);

/// How far a count has got, as the library tells it from its worker threads.
#[derive(Debug, Default)]
pub struct Tally {
    done: AtomicU64,
    total: AtomicU64,
}

impl Progress for Tally {
    fn update(&self, done: u64, total: u64) {
        self.total.store(total, Ordering::Relaxed);
        // Threads finish subproblems in any order: the largest number told is the one that holds.
        self.done.fetch_max(done, Ordering::Relaxed);
    }
}

impl Tally {
    /// `(done, total)`, or None while the count does not know its size yet.
    fn read(&self) -> Option<(u64, u64)> {
        let total = self.total.load(Ordering::Relaxed);
        (total > 0).then(|| (self.done.load(Ordering::Relaxed).min(total), total))
    }
}

/// What `progress=` asked for: the callable the waiting thread calls, and whether it is the
/// package's own display, which is closed when the count ends.
#[derive(Debug)]
pub struct Shown {
    callback: Py<PyAny>,
    owned: bool,
    last: Option<(Instant, (u64, u64))>,
}

impl Shown {
    /// The progress keyword: None or False for nothing, True for the package's display (a
    /// tqdm bar where tqdm is installed, a line on stderr otherwise) labelled `label`, or a
    /// callable taking `(done, total)`.
    pub fn asked(obj: &Bound<'_, PyAny>, label: &str) -> PyResult<Option<Shown>> {
        if obj.is_none() {
            return Ok(None);
        }
        if let Ok(flag) = obj.cast::<PyBool>() {
            if !flag.is_true() {
                return Ok(None);
            }
            let display = obj
                .py()
                .import("nqueens._progress")?
                .getattr("Display")?
                .call1((label,))?;
            return Ok(Some(Shown::new(display.unbind(), true)));
        }
        if obj.is_callable() {
            return Ok(Some(Shown::new(obj.clone().unbind(), false)));
        }
        Err(crate::convert::wrong_type(
            "progress",
            "a bool or a callable taking (done, total)",
            obj,
        ))
    }

    fn new(callback: Py<PyAny>, owned: bool) -> Shown {
        Shown {
            callback,
            owned,
            last: None,
        }
    }

    /// Calls the callable when the count knows its size and the last call is half a second
    /// old (or there was none).
    pub fn tick(&mut self, py: Python<'_>, tally: &Tally) -> PyResult<()> {
        let Some(now) = tally.read() else {
            return Ok(());
        };
        if self.last.is_some_and(|(at, _)| at.elapsed() < EVERY) {
            return Ok(());
        }
        self.call(py, now)
    }

    fn call(&mut self, py: Python<'_>, (done, total): (u64, u64)) -> PyResult<()> {
        self.last = Some((Instant::now(), (done, total)));
        self.callback.bind(py).call1((done, total)).map(drop)
    }

    /// At the end of the count: the last numbers, where they were not the last told (and
    /// `last` asks for them: not after the callable itself failed), then the package's display
    /// closed. The first failure is returned, after both were tried.
    pub fn finish(&mut self, py: Python<'_>, tally: &Tally, last: bool) -> PyResult<()> {
        let told = match tally.read() {
            Some(now) if last && self.last.map(|(_, seen)| seen) != Some(now) => self.call(py, now),
            _ => Ok(()),
        };
        let closed = match self.owned {
            true => self.callback.bind(py).call_method0("close").map(drop),
            false => Ok(()),
        };
        told.and(closed)
    }
}
