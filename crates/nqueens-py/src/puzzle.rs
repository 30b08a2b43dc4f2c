//! Partly filled boards from Python: `Puzzle`, read from its grid text or built with `place` and
//! `block`, and its completions counted, listed, or the first one found.

use crate::convert::{self, Whole};
use crate::count;
use crate::counts;
use crate::display;
use crate::stream::{self, Solutions};
use nqueens::reference::Advance;
use nqueens::{Puzzle as LibraryPuzzle, Report};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::path::PathBuf;

/// A board to complete: some queens given, some squares blocked.
///
/// Puzzle(n) is the empty n×n board (1 <= n <= 64); Puzzle(text) reads a grid, one row a line:
/// "Q" a queen every completion keeps, "." a free square, "x" a blocked square (lines starting
/// with "#" are comments). place(row, col) and block(row, col) return a new puzzle with one
/// more queen or blocked square (0-based). str() gives the grid back. A puzzle is a value: equal
/// by value and hashed to match (a set member, a dict key), picklable and copyable.
///
/// Raises nqueens.Error for a grid that cannot be read, or given queens that attack each other.
///
/// >>> p = nqueens.Puzzle(8).place(0, 0)
/// >>> p.count()
/// 4
/// >>> p.first()
/// (0, 4, 7, 5, 2, 6, 1, 3)
/// >>> nqueens.Puzzle(".Q..\n....\n....\n...x\n").count()
/// 1
#[pyclass(frozen, eq, module = "nqueens")]
#[derive(Debug, PartialEq)]
pub struct Puzzle {
    inner: LibraryPuzzle,
}

impl Puzzle {
    /// The report of the count of the completions, with the keywords of count(): run as
    /// count() runs, so that progress, a checkpoint and Ctrl-C work as they do there.
    fn report(
        &self,
        py: Python<'_>,
        method: Option<String>,
        threads: Option<Whole>,
        progress: Option<Bound<'_, PyAny>>,
        checkpoint: Option<PathBuf>,
    ) -> PyResult<Report> {
        let asked = count::Asked {
            method,
            threads,
            checkpoint,
            ..count::Asked::default()
        };
        let of = count::Of::Puzzle(self.inner.clone());
        count::report(py, of, asked, progress.as_ref())
    }

    /// The same board changed at (row, col) by `change` (a queen placed, a square blocked), or
    /// the library's refusal worded with the arguments as Python gave them.
    fn with(
        &self,
        py: Python<'_>,
        change: fn(LibraryPuzzle, usize, usize) -> Result<LibraryPuzzle, nqueens::Error>,
        row: Whole,
        col: Whole,
    ) -> PyResult<Puzzle> {
        let inner = change(self.inner.clone(), row.value, col.value);
        let inner = inner.map_err(|e| convert::error(py, e, &[&row, &col]))?;
        Ok(Puzzle { inner })
    }

    /// The blocked squares, bit c of row r for column c, as the library's writers draw them.
    pub fn blocked_rows(&self) -> &[u64] {
        self.inner.blocked()
    }
}

#[pymethods]
impl Puzzle {
    #[new]
    fn new(board: &Bound<'_, PyAny>) -> PyResult<Puzzle> {
        let py = board.py();
        let inner = if let Ok(text) = board.cast::<PyString>() {
            LibraryPuzzle::parse(&text.to_cow()?).map_err(|e| convert::plain(py, e))?
        } else {
            let n = convert::whole(board, "board").map_err(|_| {
                convert::wrong_type("board", "an int (a size) or a str (a grid)", board)
            })?;
            LibraryPuzzle::new(n.value).map_err(|e| convert::error(py, e, &[&n]))?
        };
        Ok(Puzzle { inner })
    }

    /// The same board with a queen at (row, col), 0-based, that every completion keeps.
    /// Raises nqueens.Error when the square is off the board or blocked, the row has another
    /// queen, or a given queen attacks the square.
    fn place(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = convert::row)] row: Whole,
        #[pyo3(from_py_with = convert::col)] col: Whole,
    ) -> PyResult<Puzzle> {
        self.with(py, LibraryPuzzle::place, row, col)
    }

    /// The same board with the square at (row, col), 0-based, blocked: no queen may take it.
    /// Raises nqueens.Error when the square is off the board or holds a given queen.
    fn block(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = convert::row)] row: Whole,
        #[pyo3(from_py_with = convert::col)] col: Whole,
    ) -> PyResult<Puzzle> {
        self.with(py, LibraryPuzzle::block, row, col)
    }

    /// The number of completions, counted without the GIL on one thread per core (or `threads`)
    /// by the method the library picks (or `method`).
    ///
    /// As nqueens.count() does: progress=True shows a bar (tqdm's where it is installed) of the
    /// subproblems done, progress=callable is called with (done, total); checkpoint="p.ckpt"
    /// keeps the finished work in that file (the command line's format, holding the board),
    /// continued by calling count() again with the same path, by nqueens.resume(path) or by
    /// `nqueens count --resume path`; Ctrl-C stops the count with nqueens.Interrupted, which
    /// keeps the finished work.
    ///
    /// >>> nqueens.Puzzle(10).place(0, 1).count(progress=lambda done, total: None)
    /// 48
    #[pyo3(signature = (*, method=None, threads=None, progress=None, checkpoint=None))]
    fn count(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
        #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
        progress: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = convert::checkpoint)] checkpoint: Option<PathBuf>,
    ) -> PyResult<u128> {
        let report = self.report(py, method, threads, progress, checkpoint)?;
        Ok(report.counts.total)
    }

    /// The count of the completions as a Counts (total, method, threads, seconds); the keywords
    /// are those of count().
    ///
    /// >>> c = nqueens.Puzzle(8).place(0, 0).counts(method="bitmask", threads=1)
    /// >>> c.total, c.method, c.threads
    /// (4, 'bitmask', 1)
    #[pyo3(signature = (*, method=None, threads=None, progress=None, checkpoint=None))]
    fn counts(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
        #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
        progress: Option<Bound<'_, PyAny>>,
        #[pyo3(from_py_with = convert::checkpoint)] checkpoint: Option<PathBuf>,
    ) -> PyResult<counts::Counts> {
        let report = self.report(py, method, threads, progress, checkpoint)?;
        counts::Counts::new(py, report)
    }

    /// Every completion as an iterator of tuples of 0-based columns, in lexicographic order,
    /// streamed (see nqueens.solutions); at most `limit` of them.
    #[pyo3(signature = (*, limit=None))]
    fn solutions(
        slf: &Bound<'_, Self>,
        #[pyo3(from_py_with = convert::limit)] limit: Option<Whole>,
    ) -> PyResult<Solutions> {
        let py = slf.py();
        let this = slf.get();
        let limit = stream::limit(py, limit)?;
        let walk = Box::new(this.inner.solutions());
        let source = format!("puzzle={}", slf.repr()?);
        Ok(Solutions::new(this.inner.n(), walk, limit, source))
    }

    /// The first completion in lexicographic order as a tuple of 0-based columns, or None when
    /// the board cannot be completed.
    fn first<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyTuple>>> {
        // In bounded steps, with a look for Ctrl-C between them: a large board's first
        // completion may take minutes.
        let mut walk = self.inner.solutions();
        loop {
            match py.detach(|| walk.advance(stream::STEP)) {
                Advance::Found(p) => return PyTuple::new(py, p.into_columns()).map(Some),
                Advance::Done => return Ok(None),
                Advance::Searching => py.check_signals()?,
            }
        }
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.inner.n()
    }

    /// The column of the given queen of each row, or None for a row without one.
    #[getter]
    fn given(&self) -> Vec<Option<u32>> {
        self.inner.given().to_vec()
    }

    /// The blocked squares as (row, col) pairs, 0-based, row by row.
    #[getter]
    fn blocked(&self) -> Vec<(usize, usize)> {
        let n = self.inner.n();
        (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .filter(|&(r, c)| self.inner.is_blocked(r, c))
            .collect()
    }

    /// Hashed by what equality compares (the size, the given queens, the blocked squares), so
    /// that a puzzle is a set member and a dict key like any frozen value.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.inner.n(), self.inner.given(), self.inner.blocked()).hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    /// The board as SVG for IPython and Jupyter, its given queens and blocked squares drawn by
    /// the library's writer; None past n = 32 so that the repr shows instead.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        display::puzzle_svg(self.inner.given(), self.inner.blocked())
    }

    /// Rebuilt from its grid, which holds every given queen and blocked square.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().inner.to_string(),)))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, &self.inner.to_string());
        Ok(format!("Puzzle({})", text.repr()?))
    }
}
