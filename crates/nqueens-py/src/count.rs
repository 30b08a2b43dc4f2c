//! Counts from Python: `count`, `counts` and the `Counts` they report, and the one way a count
//! runs, off the interpreter's lock and stoppable with Ctrl-C.
//!
//! A count can take hours, and Python only notices Ctrl-C when its own thread runs Python code.
//! So the count runs on a worker thread while the calling thread waits for it in short slices
//! with the GIL released, asking the interpreter for pending signals between slices. On a
//! Ctrl-C it raises the library's stop flag (heeded within milliseconds, inside subproblems
//! too), waits a moment for the count to end, and raises `KeyboardInterrupt`.

use crate::convert::{self, Whole};
use crate::display;
use nqueens::symmetry::SymmetryClasses as LibraryClasses;
use nqueens::{Count, Error as LibraryError, Method, Report};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// How long the calling thread waits, with the GIL released, between two looks for signals.
const SLICE: Duration = Duration::from_millis(50);

/// How long an interrupted count may take to end before `KeyboardInterrupt` is raised anyway; a
/// method that counts in one piece (`naive`, `sets`) cannot stop sooner, and finishes in the
/// background.
const GRACE: Duration = Duration::from_millis(500);

/// Runs `request` (handed the stop flag) on a worker thread, waiting for it with the GIL
/// released and raising `KeyboardInterrupt` on Ctrl-C.
pub fn run<F>(py: Python<'_>, request: F) -> PyResult<Result<Report, LibraryError>>
where
    F: FnOnce(&AtomicBool) -> Result<Report, LibraryError> + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::sync_channel(1);
    let flag = Arc::clone(&stop);
    // Not a scoped thread: a count that cannot stop at once must not hold the caller.
    std::thread::Builder::new()
        .name("nqueens-count".into())
        .spawn(move || {
            let _ = tx.send(request(&flag));
        })?;
    // The receiver travels into each wait and back: it may not be shared between threads.
    let mut rx = rx;
    loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(SLICE);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(report) => return Ok(report),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "the count failed: its worker thread panicked (a bug in nqueens)",
                ));
            }
        }
        if let Err(interrupt) = py.check_signals() {
            stop.store(true, Ordering::Relaxed);
            let _ = py.detach(move || rx.recv_timeout(GRACE).is_ok());
            return Err(interrupt);
        }
    }
}

/// The report of the count of the n×n board asked for by the keywords.
fn report(
    py: Python<'_>,
    n: Whole,
    unique: bool,
    method: Option<String>,
    threads: Option<Whole>,
) -> PyResult<Report> {
    let method = match method {
        Some(name) => Some(convert::method(&name).map_err(|e| convert::plain(py, e))?),
        None => None,
    };
    let (size, workers) = (n.value, threads.as_ref().map(|t| t.value));
    let report = run(py, move |stop| {
        asked(Count::new(size).unique(unique).stop(stop), method, workers).run()
    })?;
    let mut given = vec![&n];
    given.extend(threads.as_ref());
    report.map_err(|e| convert::error(py, e, &given))
}

/// The number of solutions of the n×n board (1 <= n <= 64), exact at any size.
///
/// With unique=True, the number of solutions up to the board's eight symmetries (rotations and
/// reflections) instead. The library picks the fastest method for n unless `method` names one
/// (one of nqueens.METHODS), and counts on one thread per core unless
/// `threads` says how many. The count runs without the GIL; Ctrl-C stops it within about a
/// second with KeyboardInterrupt.
///
/// Raises nqueens.Error (a ValueError) for a request the library refuses: n out of range, a
/// method that cannot count unique solutions, more threads than fit in memory.
///
/// >>> nqueens.count(8)
/// 92
/// >>> nqueens.count(8, unique=True)
/// 12
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, method=None, threads=None))]
pub fn count(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::unique)] unique: bool,
    #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
    #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
) -> PyResult<u128> {
    let r = report(py, n, unique, method, threads)?;
    // The library refuses unique counts of methods that cannot make them, and a stopped count
    // ends in KeyboardInterrupt before it gets here; neither is ever read as a number.
    r.number().ok_or_else(|| match r.is_finished() {
        false => PyRuntimeError::new_err("the count was stopped before it finished: no total"),
        true => {
            let method = r.run.method;
            PyRuntimeError::new_err(format!("method {method} counted no unique solutions"))
        }
    })
}

/// The count of the n×n board with what the library decided: a Counts object with the total,
/// the unique count and symmetry classes (with unique=True), the method, the threads and the
/// seconds it took. The keywords are those of count().
///
/// >>> c = nqueens.counts(10, unique=True)
/// >>> c.total, c.unique
/// (724, 92)
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, method=None, threads=None))]
pub fn counts(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::unique)] unique: bool,
    #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
    #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
) -> PyResult<Counts> {
    let r = report(py, n, unique, method, threads)?;
    Counts::new(py, r)
}

/// The result of counts(): what was counted and how.
///
/// Attributes: n (the board size), total (all solutions), unique (solutions up to symmetry,
/// or None when not counted), classes (SymmetryClasses, or None), method (its name), threads
/// (the worker threads) and seconds (wall-clock time of the count). A plain value: it pickles
/// and copies, so it can come back from another process; Counts(...) with every attribute
/// rebuilds one equal to it, and its repr is that call.
///
/// >>> import pickle
/// >>> c = nqueens.counts(6, method="bitmask")
/// >>> c2 = pickle.loads(pickle.dumps(c))
/// >>> (c2.n, c2.total, c2.method) == (6, 4, "bitmask")
/// True
#[pyclass(frozen, get_all, module = "nqueens")]
#[derive(Debug)]
pub struct Counts {
    n: usize,
    total: u128,
    unique: Option<u128>,
    classes: Option<Py<SymmetryClasses>>,
    method: &'static str,
    threads: usize,
    seconds: f64,
}

impl Counts {
    pub fn new(py: Python<'_>, r: Report) -> PyResult<Counts> {
        let classes = match r.counts.classes {
            Some(k) => Some(Py::new(py, SymmetryClasses::from(k))?),
            None => None,
        };
        Ok(Counts {
            n: r.run.n,
            total: r.counts.total,
            unique: r.counts.unique,
            classes,
            method: r.run.method.name(),
            threads: r.run.threads,
            seconds: r.run.elapsed.as_secs_f64(),
        })
    }
}

#[pymethods]
impl Counts {
    // One argument per attribute: the constructor is what pickle calls with them.
    #[allow(clippy::too_many_arguments)]
    #[new]
    #[pyo3(signature = (n, total, unique, classes, method, threads, seconds))]
    fn py_new(
        py: Python<'_>,
        n: usize,
        total: u128,
        unique: Option<u128>,
        classes: Option<Py<SymmetryClasses>>,
        method: &str,
        threads: usize,
        seconds: f64,
    ) -> PyResult<Counts> {
        // The method's own name, which lives as long as the program: and an unknown one is
        // refused as count() refuses it.
        let method = convert::method(method)
            .map_err(|e| convert::plain(py, e))?
            .name();
        Ok(Counts {
            n,
            total,
            unique,
            classes,
            method,
            threads,
            seconds,
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let c = slf.get();
        let classes = c.classes.as_ref().map(|k| k.clone_ref(py));
        let args = (
            c.n, c.total, c.unique, classes, c.method, c.threads, c.seconds,
        );
        Ok((slf.get_type().into_any(), args.into_pyobject(py)?))
    }

    /// Equal when every attribute is: what a repr or a pickle rebuilds is equal to the original.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Counts>() else {
            return Ok(false);
        };
        let o = other.get();
        let classes = match (&self.classes, &o.classes) {
            (None, None) => true,
            (Some(a), Some(b)) => *a.get() == *b.get(),
            _ => false,
        };
        Ok(classes
            && (self.n, self.total, self.unique, self.method, self.threads)
                == (o.n, o.total, o.unique, o.method, o.threads)
            && self.seconds.to_bits() == o.seconds.to_bits())
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.n, self.total, self.unique, self.method, self.threads).hash(&mut h);
        self.seconds.to_bits().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let or_none = |v: Option<u128>| v.map_or("None".to_string(), |v| v.to_string());
        let classes = match &self.classes {
            Some(k) => k.bind(py).repr()?.to_string(),
            None => "None".to_string(),
        };
        Ok(format!(
            "Counts(n={}, total={}, unique={}, classes={classes}, method='{}', threads={}, \
             seconds={:?})",
            self.n,
            self.total,
            or_none(self.unique),
            self.method,
            self.threads,
            self.seconds
        ))
    }

    /// The count as a small HTML table for IPython and Jupyter: n, the total, the unique count
    /// and its symmetry classes where counted, the method, threads and seconds.
    fn _repr_html_(&self) -> String {
        let mut rows: display::Rows =
            vec![("n", self.n.to_string()), ("total", self.total.to_string())];
        if let Some(u) = self.unique {
            rows.push(("unique", u.to_string()));
        }
        if let Some(k) = &self.classes {
            let k = k.get();
            rows.push(("rot90 classes", k.rot90.to_string()));
            rows.push(("rot180 classes", k.rot180.to_string()));
            rows.push(("asymmetric classes", k.asymmetric.to_string()));
        }
        rows.push(("method", self.method.to_string()));
        rows.push(("threads", self.threads.to_string()));
        rows.push(("seconds", format!("{:.3}", self.seconds)));
        display::counts_html(&rows)
    }
}

/// How many unique solutions have each kind of symmetry: rot90 classes (invariant under a
/// quarter turn, 2 boards each), rot180 classes (a half turn but not a quarter turn, 4 boards
/// each) and asymmetric classes (8 boards each). Pickles and copies like Counts.
#[pyclass(frozen, eq, hash, get_all, module = "nqueens")]
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct SymmetryClasses {
    rot90: u128,
    rot180: u128,
    asymmetric: u128,
}

impl From<LibraryClasses> for SymmetryClasses {
    fn from(k: LibraryClasses) -> SymmetryClasses {
        SymmetryClasses {
            rot90: k.rot90,
            rot180: k.rot180,
            asymmetric: k.asymmetric,
        }
    }
}

#[pymethods]
impl SymmetryClasses {
    #[new]
    fn py_new(rot90: u128, rot180: u128, asymmetric: u128) -> SymmetryClasses {
        SymmetryClasses {
            rot90,
            rot180,
            asymmetric,
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let k = slf.get();
        let args = (k.rot90, k.rot180, k.asymmetric).into_pyobject(slf.py())?;
        Ok((slf.get_type().into_any(), args))
    }

    fn __repr__(&self) -> String {
        format!(
            "SymmetryClasses(rot90={}, rot180={}, asymmetric={})",
            self.rot90, self.rot180, self.asymmetric
        )
    }
}

/// `request` with the method and the threads a caller named, where it named them.
pub(crate) fn asked(
    mut request: Count<'_>,
    method: Option<Method>,
    threads: Option<usize>,
) -> Count<'_> {
    if let Some(m) = method {
        request = request.method(m);
    }
    if let Some(t) = threads {
        request = request.threads(t);
    }
    request
}
