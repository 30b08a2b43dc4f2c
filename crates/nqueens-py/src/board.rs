//! Single boards from Python: `find` (one solution for any size up to 10^9, by construction or
//! by a seeded random search), the `Solution` it returns, and `verify` with its `Conflict`.
//!
//! A constructed solution is computed row by row as it is read, the way the command line streams
//! it: a board of 10^9 queens would not fit in memory as a tuple of Python ints, but its
//! `Solution` gives any row's column at once.

use crate::convert::{self, Whole};
use crate::display;
use nqueens::board::{Conflict as LibraryConflict, Line, Square};
use nqueens::find::Construction;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PySlice, PyTuple};

/// Solutions shown whole by repr(); longer ones show their ends.
const SHOWN_WHOLE: usize = 32;

/// Where a solution's columns come from.
#[derive(Debug)]
enum Columns {
    /// The explicit construction: any row's column in O(1).
    Built(Construction),
    /// A list, from the random search.
    Listed(Vec<u32>),
}

impl Columns {
    fn len(&self) -> usize {
        match self {
            Columns::Built(c) => c.n(),
            Columns::Listed(v) => v.len(),
        }
    }

    fn get(&self, row: usize) -> u32 {
        match self {
            Columns::Built(c) => c.column(row),
            Columns::Listed(v) => v[row],
        }
    }

    fn to_vec(&self) -> Vec<u32> {
        match self {
            Columns::Built(c) => c.columns().collect(),
            Columns::Listed(v) => v.clone(),
        }
    }
}

/// One solution: a read-only sequence of 0-based columns, one per row, like a tuple (len(),
/// indexing, slicing, iteration, `in`, index(), count(), reversed(); == with a tuple or list, and
/// the same hash as the tuple). A collections.abc.Sequence; it pickles and copies.
///
/// find() returns one. A constructed solution computes each column as it is read, so
/// find(10**9) costs nothing until it is read. Solution(columns) makes one from columns that
/// are a solution, and raises nqueens.Error (kind "not_a_solution", with the `conflict`) for
/// columns that are not; `seed` is kept as its seed attribute.
///
/// Attributes: n (the board size), seed (the seed of a random solution, else None).
///
/// >>> s = nqueens.Solution([1, 3, 0, 2])
/// >>> s == (1, 3, 0, 2), hash(s) == hash((1, 3, 0, 2)), s.index(0), s[1:]
/// (True, True, 2, (3, 0, 2))
/// >>> nqueens.Solution([0, 1])
/// Traceback (most recent call last):
/// ...
/// nqueens.Error: not a solution: queens at row 0, column 0 and row 1, column 1 share a ...
#[pyclass(frozen, sequence, module = "nqueens")]
#[derive(Debug)]
pub struct Solution {
    columns: Columns,
    seed: Option<u64>,
}

/// CPython's hash of a tuple (xxHash's mixing, Python 3.8 on) over the hashes of its items, so
/// that a solution hashes as the tuple it equals without building the tuple, which for a
/// constructed solution of 10^9 rows would not fit in memory. A column is below 2^61 - 1, so
/// its hash is itself.
fn tuple_hash(len: usize, items: impl Iterator<Item = u32>) -> isize {
    const P1: u64 = 11_400_714_785_074_694_791;
    const P2: u64 = 14_029_467_366_897_019_727;
    const P5: u64 = 2_870_177_450_012_600_261;
    let mut acc = P5;
    for item in items {
        acc = acc.wrapping_add(u64::from(item).wrapping_mul(P2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(P1);
    }
    acc = acc.wrapping_add(len as u64 ^ (P5 ^ 3_527_539));
    // -1 is the error value of a C hash function.
    if acc == u64::MAX {
        1_546_275_796
    } else {
        acc as i64 as isize
    }
}

/// A bound of index() as a tuple reads it: any int, or any object with `__index__`, one past
/// isize either way clamped to it (it is before or after every row all the same).
fn slice_bound(bound: &Bound<'_, PyAny>) -> PyResult<isize> {
    let py = bound.py();
    let Ok(whole) = py.import("operator")?.call_method1("index", (bound,)) else {
        return Err(PyTypeError::new_err(
            "slice indices must be integers or have an __index__ method",
        ));
    };
    match whole.extract::<isize>() {
        Ok(i) => Ok(i),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
            Ok(if whole.lt(0)? { isize::MIN } else { isize::MAX })
        }
        Err(e) => Err(e),
    }
}

impl Solution {
    /// The columns, row by row, computed as they are read.
    pub fn rows(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.columns.len()).map(|r| self.columns.get(r))
    }

    /// The first row from `start` to before `stop` (Python's slice bounds, negative from the
    /// end) whose column equals `value`, compared as Python compares it.
    fn find_row(
        &self,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: isize,
    ) -> PyResult<Option<usize>> {
        let len = self.columns.len() as isize;
        let bound = |i: isize| (if i < 0 { i + len } else { i }).clamp(0, len) as usize;
        let rows = bound(start)..bound(stop);
        // An int (the usual question) is compared here; anything else as Python would.
        if let Ok(v) = value.extract::<i64>() {
            return Ok(rows
                .into_iter()
                .find(|&r| i64::from(self.columns.get(r)) == v));
        }
        if value.is_instance_of::<pyo3::types::PyInt>() {
            return Ok(None);
        }
        for r in rows {
            if value.eq(self.columns.get(r))? {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }
}

#[pymethods]
impl Solution {
    #[new]
    #[pyo3(signature = (columns, seed=None))]
    fn new(columns: &Bound<'_, PyAny>, seed: Option<u64>) -> PyResult<Solution> {
        let py = columns.py();
        let (list, off) = match columns.cast::<Solution>() {
            Ok(s) => (s.get().columns.to_vec(), Vec::new()),
            Err(_) => read_columns(columns)?,
        };
        if let Some(c) = nqueens::board::conflict(&list) {
            let conflict = conflict_of(c, &off, list.len());
            let message = format!("not a solution: {}", conflict.message);
            let attrs = vec![("conflict", Py::new(py, conflict)?.into_bound(py).into_any())];
            return Err(convert::refusal(py, "not_a_solution", message, attrs));
        }
        Ok(Solution {
            columns: Columns::Listed(list),
            seed,
        })
    }

    /// A constructed solution comes back as find(n) builds it again, in no time and no memory;
    /// a listed one with its columns.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.get();
        match &this.columns {
            Columns::Built(c) => {
                let find = py.import("nqueens")?.getattr("find")?;
                (find, (c.n(),)).into_pyobject(py)
            }
            Columns::Listed(v) => {
                let columns = PyTuple::new(py, v)?;
                (slf.get_type(), (columns, this.seed)).into_pyobject(py)
            }
        }
    }

    fn __hash__(&self) -> isize {
        let len = self.columns.len();
        tuple_hash(len, (0..len).map(|r| self.columns.get(r)))
    }

    fn __contains__(&self, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.find_row(value, 0, isize::MAX)?.is_some())
    }

    /// The first row from `start` to before `stop` whose queen stands in column `value`, as
    /// tuple.index(), bounds included (any int, however large, or object with __index__);
    /// ValueError when there is none.
    // The bounds as `*bounds`: a default of None could not be told from a None passed, which a
    // tuple refuses.
    #[pyo3(signature = (value, *bounds), text_signature = "($self, value, start=0, stop=sys.maxsize, /)")]
    fn index(&self, value: &Bound<'_, PyAny>, bounds: &Bound<'_, PyTuple>) -> PyResult<usize> {
        if bounds.len() > 2 {
            return Err(PyTypeError::new_err(format!(
                "index expected at most 3 arguments, got {}",
                bounds.len() + 1
            )));
        }
        let mut given = bounds.iter();
        let start = given.next().map_or(Ok(0), |b| slice_bound(&b))?;
        let stop = given.next().map_or(Ok(isize::MAX), |b| slice_bound(&b))?;
        self.find_row(value, start, stop)?
            .ok_or_else(convert::not_in_solution)
    }

    /// How many rows have their queen in column `value`: 1 for a column of the board, as in
    /// every solution, else 0.
    fn count(&self, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(usize::from(self.find_row(value, 0, isize::MAX)?.is_some()))
    }

    fn __reversed__(slf: Bound<'_, Self>) -> SolutionIter {
        SolutionIter::over(slf, true)
    }

    fn __len__(&self) -> usize {
        self.columns.len()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let len = self.columns.len();
        if let Ok(slice) = index.cast::<PySlice>() {
            let s = slice.indices(len as isize)?;
            let rows = (0..s.slicelength).map(|i| (s.start + i as isize * s.step) as usize);
            let picked: Vec<u32> = rows.map(|r| self.columns.get(r)).collect();
            return Ok(PyTuple::new(py, picked)?.into_any());
        }
        let i: isize = match index.extract() {
            Ok(i) => i,
            // An int past isize either way is off the board, as a tuple says of it.
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
                return Err(PyIndexError::new_err("solution index out of range"));
            }
            Err(e) => return Err(e),
        };
        let row = if i < 0 { i + len as isize } else { i };
        if row < 0 || row as usize >= len {
            return Err(PyIndexError::new_err("solution index out of range"));
        }
        Ok(self.columns.get(row as usize).into_pyobject(py)?.into_any())
    }

    fn __iter__(slf: Bound<'_, Self>) -> SolutionIter {
        SolutionIter::over(slf, false)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Ok(o) = other.cast::<Solution>() {
            let o = &o.get().columns;
            let len = self.columns.len();
            return Ok(len == o.len() && (0..len).all(|r| self.columns.get(r) == o.get(r)));
        }
        if !(other.is_instance_of::<PyTuple>() || other.is_instance_of::<PyList>()) {
            return Ok(false);
        }
        if other.len()? != self.columns.len() {
            return Ok(false);
        }
        for (row, item) in other.try_iter()?.enumerate() {
            match item?.extract::<u64>() {
                Ok(c) if c == u64::from(self.columns.get(row)) => {}
                _ => return Ok(false),
            }
        }
        Ok(true)
    }

    fn __repr__(&self) -> String {
        let len = self.columns.len();
        let show = |rows: &mut dyn Iterator<Item = usize>| -> Vec<String> {
            rows.map(|r| self.columns.get(r).to_string()).collect()
        };
        let seed = self.seed.map_or(String::new(), |s| format!(", seed={s}"));
        if len <= SHOWN_WHOLE {
            format!("Solution([{}]{seed})", show(&mut (0..len)).join(", "))
        } else {
            format!(
                "Solution([{}, ..., {}], n={len}{seed})",
                show(&mut (0..5)).join(", "),
                show(&mut (len - 2..len)).join(", ")
            )
        }
    }

    /// The board as SVG for IPython and Jupyter (the library's picture, as `nqueens list
    /// --format svg` draws it), None past n = 32 so that the repr shows instead.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        display::solution_svg(self.columns.len(), || self.columns.to_vec())
    }

    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.columns.len()
    }

    /// The seed of a random solution (pass it to find() again for the same board), else None.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }
}

/// The iterator of a Solution's columns, from the top or (reversed()) from the bottom.
#[pyclass(module = "nqueens")]
#[derive(Debug)]
pub struct SolutionIter {
    solution: Py<Solution>,
    /// Rows handed out so far.
    row: usize,
    rows: usize,
    backwards: bool,
}

impl SolutionIter {
    /// An iterator over every row of `solution`, from the top, or from the bottom if
    /// `backwards`.
    fn over(solution: Bound<'_, Solution>, backwards: bool) -> SolutionIter {
        let rows = solution.get().columns.len();
        SolutionIter {
            solution: solution.unbind(),
            row: 0,
            rows,
            backwards,
        }
    }
}

#[pymethods]
impl SolutionIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u32> {
        let columns = &self.solution.get().columns;
        (self.row < self.rows).then(|| {
            self.row += 1;
            if self.backwards {
                columns.get(self.rows - self.row)
            } else {
                columns.get(self.row - 1)
            }
        })
    }
}

/// One solution of the n×n board, or None for n = 2 and 3, which have none.
///
/// By default the explicit construction, for n up to 10**9, computed row by row as it is read.
/// With random=True, or a seed (which asks for the random search, as `nqueens find --seed`
/// does), a random solution by local search (n up to 10**7); the same seed gives the same
/// board, and without one a seed is drawn from the clock (the Solution's `seed`).
///
/// Raises nqueens.Error for n out of range or a seed outside 0 to 2**64 - 1.
///
/// >>> tuple(nqueens.find(8))
/// (3, 5, 7, 1, 6, 0, 2, 4)
/// >>> nqueens.find(10**9)[123456789]
/// 246913579
/// >>> s = nqueens.find(50, seed=7)
/// >>> nqueens.verify(s) is None, s.seed
/// (True, 7)
#[pyfunction]
#[pyo3(signature = (n, *, random=false, seed=None))]
pub fn find(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::random)] random: bool,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Solution>> {
    let seed = match seed {
        // `True` is an int to Python, but as a seed it is a slip.
        Some(s) if s.is_instance_of::<PyBool>() => {
            return Err(convert::wrong_type("seed", "an int or None", s));
        }
        Some(s) => Some(match s.extract::<u64>() {
            Ok(v) => v,
            // An int outside u64 (other kinds of value are TypeErrors, as for every number).
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
                let shown = py.import("operator")?.call_method1("index", (s,))?.str()?;
                let shown = shown.to_string();
                return Err(convert::out_of_range(
                    py,
                    "seed",
                    &shown,
                    0,
                    u64::MAX.into(),
                ));
            }
            Err(_) => return Err(convert::wrong_type("seed", "an int or None", s)),
        }),
        None => None,
    };
    let size = n.value;
    // A seed asks for the random search, as on the command line: there is nothing else it
    // could seed.
    let found = if random || seed.is_some() {
        let seed = seed.unwrap_or_else(clock_seed);
        py.detach(|| nqueens::find::random(size, seed))
            .map(|s| s.map(|v| (Columns::Listed(v), Some(seed))))
    } else {
        Construction::new(size).map(|c| c.map(|c| (Columns::Built(c), None)))
    };
    let found = found.map_err(|e| convert::error(py, e, &[&n]))?;
    Ok(found.map(|(columns, seed)| Solution { columns, seed }))
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32))
        .unwrap_or(0)
}

/// Why a placement is not a solution: two queens that attack each other, or a queen off the
/// board.
///
/// Attributes: kind ("attack" or "off_board"), line (the line two attacking queens share:
/// "column", "diagonal" for one running down to the right, "anti-diagonal" for one running down
/// to the left; None off the board) and queens (the (row, column) squares involved, 0-based, the
/// upper queen first; an off-board column as it was given, negative or too large). str() is a
/// sentence that counts rows and columns from 0, as the placement does.
#[pyclass(frozen, eq, hash, module = "nqueens")]
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    #[pyo3(get)]
    kind: &'static str,
    #[pyo3(get)]
    line: Option<&'static str>,
    /// The squares, each column in decimal: an off-board column is any Python int.
    queens: Vec<(usize, String)>,
    message: String,
}

impl Conflict {
    /// The conflict the library found on the board of size `n`; `given` is the column of an
    /// off-board queen as it was passed, when the check saw it as `u32::MAX` (a negative column,
    /// or one too large for the check).
    fn new(c: LibraryConflict, given: Option<String>, n: usize) -> Conflict {
        let square = |s: Square| (s.row, s.col.to_string());
        let message = convert::conflict(&c, given.as_deref(), n);
        match c {
            LibraryConflict::Attack {
                along,
                first,
                second,
            } => Conflict {
                kind: "attack",
                line: Some(match along {
                    Line::Row => "row",
                    Line::Column => "column",
                    Line::Diagonal => "diagonal",
                    Line::AntiDiagonal => "anti-diagonal",
                }),
                queens: vec![square(first), square(second)],
                message,
            },
            LibraryConflict::OffBoard(s) => Conflict {
                kind: "off_board",
                line: None,
                queens: vec![(s.row, given.unwrap_or_else(|| s.col.to_string()))],
                message,
            },
            _ => Conflict {
                kind: "other",
                line: None,
                queens: Vec::new(),
                message,
            },
        }
    }
}

#[pymethods]
impl Conflict {
    /// The squares involved, as (row, column) pairs, 0-based.
    #[getter]
    fn queens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let int = py.import("builtins")?.getattr("int")?;
        let pairs = self
            .queens
            .iter()
            .map(|(r, c)| PyTuple::new(py, [r.into_pyobject(py)?.into_any(), int.call1((c,))?]))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, pairs)
    }

    fn __str__(&self) -> String {
        self.message.clone()
    }

    fn __repr__(&self) -> String {
        let queens: Vec<String> = self
            .queens
            .iter()
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        let line = self.line.map_or("None".to_string(), |l| format!("'{l}'"));
        let comma = if queens.len() == 1 { "," } else { "" };
        format!(
            "Conflict(kind='{}', line={line}, queens=({}{comma}))",
            self.kind,
            queens.join(", ")
        )
    }
}

/// Checks a placement, one 0-based column per row: None when it is a solution (no two queens
/// share a column or a diagonal, every queen on the board), else the first Conflict, scanning
/// rows from the top. Any int is a column: one outside 0 to n - 1 (negative, or n or more) puts
/// its queen off the board, an "off_board" conflict like any other.
///
/// >>> nqueens.verify([1, 3, 0, 2]) is None
/// True
/// >>> nqueens.verify([0, 2, 1, 3])
/// Conflict(kind='attack', line='anti-diagonal', queens=((1, 2), (2, 1)))
/// >>> str(nqueens.verify([0, 2, 1, 3]))
/// 'queens at row 1, column 2 and row 2, column 1 share a diagonal (/)'
/// >>> nqueens.verify([2, -1, 3])
/// Conflict(kind='off_board', line=None, queens=((1, -1),))
#[pyfunction]
pub fn verify(columns: &Bound<'_, PyAny>) -> PyResult<Option<Conflict>> {
    let (list, off) = match columns.cast::<Solution>() {
        Ok(s) => (s.get().columns.to_vec(), Vec::new()),
        Err(_) => read_columns(columns)?,
    };
    let found = columns.py().detach(|| nqueens::board::conflict(&list));
    Ok(found.map(|c| conflict_of(c, &off, list.len())))
}

/// True when the placement, one 0-based column per row, is a solution: verify(columns) is None.
/// Takes what verify() takes, and raises what it raises.
///
/// >>> nqueens.is_solution([1, 3, 0, 2]), nqueens.is_solution([0, 2, 1, 3])
/// (True, False)
/// >>> nqueens.is_solution([2, -1, 3])
/// False
#[pyfunction]
pub fn is_solution(columns: &Bound<'_, PyAny>) -> PyResult<bool> {
    // Every Solution is one: find() and Solution() make no other.
    if columns.cast::<Solution>().is_ok() {
        return Ok(true);
    }
    let (list, _) = read_columns(columns)?;
    Ok(columns
        .py()
        .detach(|| nqueens::board::conflict(&list))
        .is_none())
}

/// The Python conflict for the library's, on a board of `n` rows; `off` holds the columns of
/// off-board queens as they were given.
fn conflict_of(c: LibraryConflict, off: &OffBoard, n: usize) -> Conflict {
    let given = match c {
        LibraryConflict::OffBoard(s) => off.iter().find(|(r, _)| *r == s.row),
        _ => None,
    };
    Conflict::new(c, given.map(|(_, col)| col.clone()), n)
}

/// The most columns a placement given to verify(), is_solution() or Solution() may have: one per
/// row of the largest board the library makes or reads.
const MAX_COLUMNS: usize = nqueens::io::MAX_VERIFY_N;

/// Makes room for `more` columns, or raises MemoryError where the process may not have it (a
/// `ulimit -v` below what a long placement takes): Python's own answer, not an abort.
fn reserve(list: &mut Vec<u32>, more: usize) -> PyResult<()> {
    list.try_reserve(more).map_err(|_| {
        pyo3::exceptions::PyMemoryError::new_err(format!(
            "not enough memory for more than {} columns",
            list.len()
        ))
    })
}

/// Rows whose column the check cannot hold (negative, or too large for a `u32`), with that
/// column in decimal: all off any board.
type OffBoard = Vec<(usize, String)>;

/// The columns of a Python iterable of ints, with the rows whose column does not fit a `u32`:
/// the check sees those as `u32::MAX`, which is off every board it can hold, so that one rule
/// judges every column outside the board.
fn read_columns(columns: &Bound<'_, PyAny>) -> PyResult<(Vec<u32>, OffBoard)> {
    if columns.is_instance_of::<pyo3::types::PyString>() || columns.try_iter().is_err() {
        return Err(convert::wrong_type(
            "columns",
            "an iterable of ints (one column per row)",
            columns,
        ));
    }
    let py = columns.py();
    // A sequence's length is a promise of the memory it needs; an iterator's is found as it is
    // read, and one without end stops at the bound (or at Ctrl-C).
    let mut list = Vec::new();
    let sized = columns.len().unwrap_or(0).min(MAX_COLUMNS + 1);
    reserve(&mut list, sized)?;
    let mut off = Vec::new();
    for (row, item) in columns.try_iter()?.enumerate() {
        if row == MAX_COLUMNS {
            let attrs = vec![
                ("quantity", convert::text(py, "columns")),
                ("value", py.None().into_bound(py)),
                ("min", convert::int(py, 0)),
                ("max", convert::int(py, MAX_COLUMNS as u128)),
            ];
            let message = format!(
                "columns: more than {MAX_COLUMNS} given: a placement has at most one column per \
                 row of the largest board (n = {MAX_COLUMNS})"
            );
            return Err(convert::refusal(py, "out_of_range", message, attrs));
        }
        if row % (1 << 16) == 0 {
            py.check_signals()?;
        }
        if list.len() == list.capacity() {
            let more = list.len().max(64);
            reserve(&mut list, more)?;
        }
        let item = item?;
        if item.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "columns[{row}]: expected an int, not bool"
            )));
        }
        match item.extract::<u32>() {
            Ok(c) => list.push(c),
            // An int the check cannot hold: negative or too large (other values are TypeErrors).
            Err(e) if e.is_instance_of::<PyOverflowError>(py) => {
                list.push(u32::MAX);
                let whole = py.import("operator")?.call_method1("index", (&item,))?;
                off.push((row, whole.str()?.to_string()));
            }
            Err(_) => {
                return Err(convert::wrong_type(
                    &format!("columns[{row}]"),
                    "an int",
                    &item,
                ));
            }
        }
    }
    Ok((list, off))
}
