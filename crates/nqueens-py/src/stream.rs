//! Listings from Python: `solutions` and the `Solutions` iterator (also what `Puzzle.solutions`
//! returns), blocks of solutions as NumPy arrays, and `boards`, LeetCode 51's answer.
//!
//! The iterator wraps the library's walk, which keeps its place between solutions: nothing is
//! held but the solutions handed out, and an iterator dropped half way just stops. The walk runs
//! without the GIL in short bursts (a few hundred solutions, or a few milliseconds), so that
//! other Python threads run while it searches and the cost of giving up the lock is shared.

use crate::convert::{self, Whole};
use crate::display::{self, Picture};
use nqueens::reference::Advance;
use nqueens::{Method, Placement, known};
use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList, PyString, PyTuple};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// The most solutions one burst of the walk finds for the iterator.
const BURST: usize = 256;

/// How long one burst may search before it hands over what it found.
const BURST_TIME: Duration = Duration::from_millis(5);

/// The solutions in a NumPy block unless told otherwise.
const BLOCK: usize = 65536;

/// Boards built between two looks for Ctrl-C while `boards` fills its list.
const BOARDS_BETWEEN_SIGNALS: usize = 4096;

/// The most memory `boards` may plan for its list: the limit the library keeps to when it plans
/// the memory of a count (meet in the middle's tables).
const BOARDS_LIMIT: u64 = nqueens::machine::MEMORY_LIMIT;

/// Queens one step of a walk may place before it hands back to look for Ctrl-C: about a
/// millisecond of searching.
pub const STEP: u64 = 1 << 16;

/// A walk the iterator takes in bounded steps ([`nqueens::reference::Solutions::advance`]), so
/// that a sparse search (the first solution of n = 64 is hours away) still heeds Ctrl-C.
pub trait Steps: Send + Sync + std::fmt::Debug {
    /// The next solution's columns, placing at most `budget` queens to find it.
    fn advance(&mut self, budget: u64) -> Advance<Vec<u32>>;
}

impl Steps for nqueens::reference::Solutions {
    fn advance(&mut self, budget: u64) -> Advance<Vec<u32>> {
        nqueens::reference::Solutions::advance(self, budget).map(Placement::into_columns)
    }
}

/// The representatives of the classes of a walk, for `unique=True`.
#[derive(Debug)]
struct Representatives(nqueens::reference::Classes);

impl Steps for Representatives {
    fn advance(&mut self, budget: u64) -> Advance<Vec<u32>> {
        self.0
            .advance(budget)
            .map(|c| c.representative.into_columns())
    }
}

type Walk = Box<dyn Steps>;

/// An iterator over solutions, each a tuple of 0-based columns, one per row, in lexicographic
/// order; found as it is read, so a listing of millions of boards never sits in memory.
///
/// Stop reading whenever you like: the search goes no further. blocks() reads the rest of the
/// same stream as NumPy arrays.
#[pyclass(module = "nqueens")]
#[derive(Debug)]
pub struct Solutions {
    n: usize,
    /// What is listed, as repr() shows it: `n=8, method='bitmask'` or `puzzle=Puzzle(...)`.
    source: String,
    /// The limit it was made with, for repr().
    limit: Option<usize>,
    walk: Walk,
    /// Solutions the walk may still be asked for: what is left of the limit (`None`: no
    /// limit), 0 once the walk has ended.
    left: Option<usize>,
    /// Solutions found in the last burst and not handed out yet.
    found: VecDeque<Vec<u32>>,
}

impl Solutions {
    /// The iterator over `walk`'s solutions of the n×n board, at most `limit` of them; `source`
    /// says what they are the solutions of, in repr()'s words.
    pub fn new(n: usize, walk: Walk, limit: Option<usize>, source: String) -> Solutions {
        Solutions {
            n,
            source,
            limit,
            walk,
            left: limit,
            found: VecDeque::new(),
        }
    }

    /// Takes up to `most` solutions (fewer under the limit) from the walk, stopping early once
    /// `time` has passed; runs without the GIL.
    fn burst(&mut self, most: usize, time: Option<Duration>, out: &mut dyn FnMut(Vec<u32>)) {
        let most = self.left.map_or(most, |l| l.min(most));
        let start = Instant::now();
        let mut taken = 0;
        while taken < most {
            match self.walk.advance(STEP) {
                Advance::Found(columns) => {
                    out(columns);
                    taken += 1;
                    if time.is_some_and(|t| taken % 16 == 0 && start.elapsed() >= t) {
                        break;
                    }
                }
                Advance::Searching => {
                    if time.is_some_and(|t| start.elapsed() >= t) {
                        break;
                    }
                }
                Advance::Done => {
                    self.left = Some(0);
                    break;
                }
            }
        }
        if let Some(l) = &mut self.left {
            *l = l.saturating_sub(taken);
        }
    }
}

/// The limit keyword: a number of solutions, 0 or more (one beyond any count is no limit).
pub fn limit(py: Python<'_>, limit: Option<Whole>) -> PyResult<Option<usize>> {
    match limit {
        Some(l) => match l.unfit() {
            Some(shown) if shown.starts_with('-') => Err(convert::out_of_range(
                py,
                "limit",
                shown,
                0,
                usize::MAX as u128,
            )),
            _ => Ok(Some(l.value)),
        },
        None => Ok(None),
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        // Burst after burst until one finds something or the walk ends, with a look for
        // Ctrl-C between them: a sparse search may find nothing for hours.
        while slf.found.is_empty() && slf.left != Some(0) {
            let this = &mut *slf;
            py.detach(|| {
                let mut found = std::mem::take(&mut this.found);
                this.burst(BURST, Some(BURST_TIME), &mut |c| found.push_back(c));
                this.found = found;
            });
            if slf.found.is_empty() {
                py.check_signals()?;
            }
        }
        match slf.found.pop_front() {
            Some(columns) => Ok(Some(PyTuple::new(py, columns)?)),
            None => Ok(None),
        }
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    fn __repr__(&self) -> String {
        let limit = self.limit.map_or("None".to_string(), |l| l.to_string());
        format!("Solutions({}, limit={limit})", self.source)
    }

    /// The next `boards` solutions of this stream (1 to 64, fewer where it ends) as a Picture,
    /// which a notebook draws side by side; they are taken from the stream as next() would
    /// take them.
    ///
    /// >>> it = nqueens.solutions(8)
    /// >>> len(it.picture(3)), next(it)
    /// (3, (0, 6, 4, 7, 1, 3, 5, 2))
    #[pyo3(signature = (boards=Whole::of(12)), text_signature = "($self, boards=12)")]
    fn picture(
        slf: Bound<'_, Self>,
        #[pyo3(from_py_with = convert::boards)] boards: Whole,
    ) -> PyResult<Picture> {
        let py = slf.py();
        let most = display::picture_boards(py, boards)?;
        let mut taken = Vec::with_capacity(most);
        while taken.len() < most {
            match Solutions::__next__(slf.borrow_mut(), py)? {
                Some(t) => taken.push(t.extract::<Vec<u32>>()?),
                None => break,
            }
        }
        Ok(Picture::new(slf.borrow().n, taken))
    }

    /// The rest of this stream in blocks of `size` solutions, each a NumPy array of shape (k, n)
    /// and dtype uint8 (row i of the array is one solution; k is `size` but for the last block).
    /// Needs NumPy (pip install numpy); nothing else in nqueens does.
    ///
    /// >>> sum(len(b) for b in nqueens.solutions(10).blocks(100))
    /// 724
    #[pyo3(signature = (size=Whole::of(BLOCK)), text_signature = "($self, size=65536)")]
    fn blocks(
        slf: Bound<'_, Self>,
        #[pyo3(from_py_with = convert::size)] size: Whole,
    ) -> PyResult<Blocks> {
        let py = slf.py();
        let size = match size {
            s if s.value > 0 && s.unfit().is_none() => s.value,
            s => {
                let shown = s.unfit().map_or(s.value.to_string(), str::to_string);
                return Err(convert::out_of_range(
                    py,
                    "size",
                    &shown,
                    1,
                    usize::MAX as u128,
                ));
            }
        };
        let numpy = py.import("numpy").map_err(|e| {
            PyImportError::new_err(format!(
                "Solutions.blocks needs NumPy: pip install numpy ({e})"
            ))
        })?;
        Ok(Blocks {
            source: slf.unbind(),
            size,
            numpy: numpy.unbind().into_any(),
        })
    }
}

/// The blocks of Solutions.blocks(): NumPy arrays of shape (k, n), one solution a row.
#[pyclass(frozen, module = "nqueens")]
#[derive(Debug)]
pub struct Blocks {
    source: Py<Solutions>,
    size: usize,
    numpy: Py<PyAny>,
}

#[pymethods]
impl Blocks {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let source = self.source.bind(py).repr()?;
        Ok(format!("Blocks({source}, size={})", self.size))
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let mut source = self.source.bind(py).try_borrow_mut()?;
        let n = source.n;
        let size = self.size;
        let mut cells: Vec<u8> = Vec::new();
        let this = &mut *source;
        let ready = this.found.len().min(size);
        for columns in this.found.drain(..ready) {
            cells.extend(columns.iter().map(|&c| c as u8));
        }
        // Bursts of bounded time until the block is full or the walk ends, with a look for
        // Ctrl-C before each, as the iterator does: a sparse search may fill a block slowly.
        while cells.len() < size * n && this.left != Some(0) {
            py.check_signals()?;
            py.detach(|| {
                let want = size - cells.len() / n;
                let mut put = |columns: Vec<u32>| cells.extend(columns.iter().map(|&c| c as u8));
                this.burst(want, Some(BURST_TIME), &mut put);
            });
        }
        if cells.is_empty() {
            return Ok(None);
        }
        let rows = cells.len() / n;
        // A bytearray, so that the array is writable and owns its memory.
        let buffer = PyByteArray::new(py, &cells);
        let numpy = self.numpy.bind(py);
        let array = numpy.call_method1("frombuffer", (buffer, numpy.getattr("uint8")?))?;
        Ok(Some(array.call_method1("reshape", (rows, n))?))
    }
}

/// Every solution of the n×n board (1 <= n <= 64) as an iterator of tuples of 0-based columns
/// (the column of the queen of row 0, of row 1, ...), in lexicographic order, streamed.
///
/// With unique=True, one solution per class under the board's eight symmetries (the smallest
/// of the class). `limit` stops the iterator after that many solutions. `method` is the search
/// ("naive", "sets", "bitmask" or "symmetry", which lists as "bitmask" does; None is
/// "bitmask"): every one gives the same boards in the same order.
///
/// >>> list(nqueens.solutions(4))
/// [(1, 3, 0, 2), (2, 0, 3, 1)]
/// >>> next(nqueens.solutions(8))
/// (0, 4, 7, 5, 2, 6, 1, 3)
/// >>> len(list(nqueens.solutions(8, unique=True)))
/// 12
/// >>> nqueens.solutions(8, limit=3)
/// Solutions(n=8, method='bitmask', limit=3)
#[pyfunction]
#[pyo3(signature = (n, *, unique=false, limit=None, method=None))]
pub fn solutions(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::unique)] unique: bool,
    #[pyo3(from_py_with = convert::limit)] limit: Option<Whole>,
    #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
) -> PyResult<Solutions> {
    let limit = self::limit(py, limit)?;
    let method = match method {
        Some(name) => convert::method(&name).map_err(|e| convert::plain(py, e))?,
        None => Method::Bitmask,
    };
    let walk = nqueens::solutions_by(n.value, method).map_err(|e| convert::error(py, e, &[&n]))?;
    let mut source = format!("n={}, method='{}'", n.value, method.name());
    let walk: Walk = if unique {
        source += ", unique=True";
        Box::new(Representatives(walk.classes()))
    } else {
        Box::new(walk)
    };
    Ok(Solutions::new(n.value, walk, limit, source))
}

/// Every solution of the n×n board drawn as rows of "Q" and ".": the answer to LeetCode 51
/// (N-Queens), in lexicographic order. The whole list is built at once, so a list that would not
/// fit in memory (n = 17 on, some 100 million boards) is refused up front; iterate solutions()
/// instead, which streams them.
///
/// Raises nqueens.Error for n out of range, and kind "memory" for a list over 4 GiB.
///
/// >>> nqueens.boards(4)
/// [['.Q..', '...Q', 'Q...', '..Q.'], ['..Q.', 'Q...', '...Q', '.Q..']]
#[pyfunction]
pub fn boards<'py>(
    py: Python<'py>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
) -> PyResult<Bound<'py, PyList>> {
    let walk = nqueens::solutions(n.value).map_err(|e| convert::error(py, e, &[&n]))?;
    let size = n.value;
    let needed = boards_memory(size);
    if needed > u128::from(BOARDS_LIMIT) {
        let gib = |b: u128| b as f64 / (1u64 << 30) as f64;
        let (many, boards) = match known::A000170.get(size - 1) {
            Some(q) => ("", *q),
            None => ("at least ", known::A000170[known::A000170.len() - 1]),
        };
        let message = format!(
            "boards({size}) would hold {many}{boards} boards, {many}about {:.1} GiB, over the \
             {:.0} GiB limit: iterate solutions({size}) instead, which streams them",
            gib(needed),
            gib(u128::from(BOARDS_LIMIT))
        );
        return Err(convert::memory(py, message, needed, BOARDS_LIMIT));
    }
    // A board has n rows but there are only n different rows, one per column of its queen: the
    // boards share them (the rows of the board whose queen of row c stands in column c).
    let rows: Vec<Bound<'py, PyString>> = Placement::new((0..size as u32).collect())
        .rows()
        .iter()
        .map(|r| PyString::new(py, r))
        .collect();
    let list = PyList::empty(py);
    for (i, p) in walk.enumerate() {
        if i % BOARDS_BETWEEN_SIGNALS == 0 {
            py.check_signals()?;
        }
        list.append(PyList::new(
            py,
            p.columns().iter().map(|&c| &rows[c as usize]),
        )?)?;
    }
    Ok(list)
}

/// What `boards(n)` would take in memory, in bytes, for 1 <= n <= 64: per board its list (a
/// list object of 56 bytes with its collector header, and a pointer a row) and its pointer in
/// the outer list; the n row strings shared by every board are negligible. For n beyond the
/// known counts, the last known count (Q(n) grows with n) makes it a lower bound.
pub fn boards_memory(n: usize) -> u128 {
    let q = known::A000170
        .get(n.saturating_sub(1))
        .copied()
        .unwrap_or(known::A000170[known::A000170.len() - 1]);
    q * (56 + 8 * n as u128 + 8)
}
