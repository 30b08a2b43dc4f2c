//! The objects a count answers with beside a bare number: `Counts`, what counts() and
//! `Puzzle.counts()` return and what `nqueens.Interrupted` carries, and the `SymmetryClasses` of
//! its unique solutions.
//!
//! Kept apart from the counting itself (`count`) because they are plain values: built from a
//! library report, or by pickle from their attributes, and shown in a notebook, whatever count
//! they came from.

use crate::convert;
use crate::display;
use nqueens::Report;
use nqueens::symmetry::SymmetryClasses as LibraryClasses;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The result of counts(): what was counted and how.
///
/// Attributes: n (the board size), total (all solutions), unique (solutions up to symmetry,
/// or None when not counted), classes (SymmetryClasses, or None), method (its name), threads
/// (the worker threads), seconds (wall-clock time of the count) and partial (True for the
/// counts of a count stopped before it finished, as nqueens.Interrupted carries them: not
/// the answer, only the sum of the subproblems finished), devices (for a count on GPUs the
/// names of those that counted, a software device's among them, else an empty tuple). A plain
/// value: it pickles and copies, so it can come back from another process; Counts(...) with
/// every attribute rebuilds one equal to it, and its repr is that call.
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
    partial: bool,
    devices: Py<PyTuple>,
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
            partial: !r.is_finished(),
            devices: PyTuple::new(py, &r.run.devices)?.unbind(),
        })
    }

    /// The names of the devices, as Rust strings, for comparing and hashing.
    fn device_names(&self, py: Python<'_>) -> Vec<String> {
        self.devices
            .bind(py)
            .iter()
            .map(|d| d.extract::<String>().unwrap_or_default())
            .collect()
    }
}

#[pymethods]
impl Counts {
    // One argument per attribute: the constructor is what pickle calls with them.
    #[allow(clippy::too_many_arguments)]
    #[new]
    #[pyo3(signature = (
        n, total, unique, classes, method, threads, seconds, partial=false, devices=None
    ))]
    fn py_new(
        py: Python<'_>,
        n: usize,
        total: u128,
        unique: Option<u128>,
        classes: Option<Py<SymmetryClasses>>,
        method: &str,
        threads: usize,
        seconds: f64,
        partial: bool,
        devices: Option<Vec<String>>,
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
            partial,
            devices: PyTuple::new(py, devices.unwrap_or_default())?.unbind(),
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let c = slf.get();
        let classes = c.classes.as_ref().map(|k| k.clone_ref(py));
        let args = (
            c.n,
            c.total,
            c.unique,
            classes,
            c.method,
            c.threads,
            c.seconds,
            c.partial,
            c.devices.clone_ref(py),
        );
        Ok((slf.get_type().into_any(), args.into_pyobject(py)?))
    }

    /// Equal when every attribute is: what a repr or a pickle rebuilds is equal to the original.
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
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
            && (
                self.n,
                self.total,
                self.unique,
                self.method,
                self.threads,
                self.partial,
            ) == (o.n, o.total, o.unique, o.method, o.threads, o.partial)
            && self.seconds.to_bits() == o.seconds.to_bits()
            && self.device_names(py) == o.device_names(py))
    }

    fn __hash__(&self, py: Python<'_>) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            self.n,
            self.total,
            self.unique,
            self.method,
            self.threads,
            self.partial,
        )
            .hash(&mut h);
        self.seconds.to_bits().hash(&mut h);
        self.device_names(py).hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let or_none = |v: Option<u128>| v.map_or("None".to_string(), |v| v.to_string());
        let classes = match &self.classes {
            Some(k) => k.bind(py).repr()?.to_string(),
            None => "None".to_string(),
        };
        // Said only of partial counts, so that the repr of an answer stays as it was.
        let partial = if self.partial { ", partial=True" } else { "" };
        // The devices only of a count on GPUs, likewise.
        let devices = self.devices.bind(py);
        let devices = match devices.is_empty() {
            true => String::new(),
            false => format!(", devices={}", devices.repr()?),
        };
        Ok(format!(
            "Counts(n={}, total={}, unique={}, classes={classes}, method='{}', threads={}, \
             seconds={:?}{partial}{devices})",
            self.n,
            self.total,
            or_none(self.unique),
            self.method,
            self.threads,
            self.seconds
        ))
    }

    /// The count as a small HTML table for IPython and Jupyter: n, the total, the unique count
    /// and its symmetry classes where counted, the method, threads, the GPUs where it ran on
    /// them, and seconds.
    fn _repr_html_(&self, py: Python<'_>) -> String {
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
        let devices = self.device_names(py);
        if !devices.is_empty() {
            // A driver's name, the one value not written by the library: escaped.
            let names = devices.join(", ");
            let escaped = names
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            rows.push(("devices", escaped));
        }
        rows.push(("seconds", format!("{:.3}", self.seconds)));
        // The counts of a stopped count are not the answer: the table says so, as repr() does.
        if self.partial {
            rows.push(("partial", "yes: the finished subproblems only".to_string()));
        }
        display::counts_html(&rows)
    }
}

/// How many unique solutions have each kind of symmetry: rot90 classes (invariant under a
/// quarter turn, 2 boards each; the one board of n = 1, fixed by every symmetry, is counted here
/// as a class of 1), rot180 classes (a half turn but not a quarter turn, 4 boards each) and
/// asymmetric classes (8 boards each). Pickles and copies like Counts.
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
