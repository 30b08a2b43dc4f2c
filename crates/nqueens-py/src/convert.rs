//! Crossing the border between Python and the library: whole numbers and method names in, the
//! library's structured errors out, and every refusal as `nqueens.Error`.
//!
//! The package speaks of squares as its arguments take them, from 0: `place(0, 0)` is the
//! square called "row 0, column 0" in every message. The library's messages count from 1, as
//! the command line's users do, and it words them from 0 on request, so the messages about
//! boards and conflicts are the library's, asked for in that counting. Two are the package's
//! own, since they say what only the package knows: a queen off the board names its column as
//! it was given (any Python int), and a blank line splits a text, not a file.
//!
//! Python's integers have no sign limit and no width, the library's sizes are `usize`; a number
//! that does not fit (a negative `n`, say) is still handed to the library, as the largest
//! `usize`, so that the library's own range check refuses it and names the valid range; the
//! refusal then shows the number as it was given.

use nqueens::board::{Conflict, Numbering};
use nqueens::error::{BoardError, CheckpointProblem, GpuProblem, Quantity};
use nqueens::machine::GpuDevice;
use nqueens::shard::{MAX_SHARDS, Shard};
use nqueens::{Error as LibraryError, Method};
use pyo3::exceptions::{PyOSError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};
use std::path::PathBuf;

pyo3::create_exception!(
    nqueens,
    Error,
    PyValueError,
    "A request the package refuses: a number out of range, a method that cannot do what was \
     asked, a board that cannot be read, a list that would not fit in memory.\n\nEvery refusal \
     of a value is this class, a subclass of ValueError (a value of the wrong type is a \
     TypeError). `str(e)` is a one-line message naming the problem and the valid range, with \
     rows and columns counted from 0 as the arguments are; `e.kind` says which refusal it is \
     (\"out_of_range\", \"unknown_name\", \"unsupported\", \"memory\", \"not_for_puzzles\", \
     \"board\", \"gpu\", \"not_a_solution\", \"checkpoint\", \"mismatch\", \"shards\", \
     \"invalid\", ...), and refusals of a number carry `quantity`, \
     `value`, `min` and `max`, those of a method `method` and `instead` (the methods that can), \
     and Solution()'s refusal of columns the `conflict` that makes them no solution."
);

/// A whole number as the library takes it: its value, or the largest `usize` with the number as
/// given when it does not fit (negative, or wider than 64 bits).
pub struct Whole {
    pub value: usize,
    unfit: Option<String>,
}

impl Whole {
    /// A number that fits, for a default value.
    pub fn of(value: usize) -> Whole {
        Whole { value, unfit: None }
    }

    /// The number as given, when it does not fit a `usize`.
    pub fn unfit(&self) -> Option<&str> {
        self.unfit.as_deref()
    }

    /// The number as given, in decimal.
    pub fn shown(&self) -> String {
        self.unfit.clone().unwrap_or_else(|| self.value.to_string())
    }
}

/// The type of a Python value, as a TypeError names it.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// The TypeError for a value of the wrong type passed as `param`: it names the parameter and
/// what it takes, since a bare "'str' object cannot be interpreted as an integer" leaves the
/// caller to guess which of several numbers was meant.
pub fn wrong_type(param: &str, expected: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "{param}: expected {expected}, not {}",
        type_name(obj)
    ))
}

/// The whole number passed as `param`: any int, or an object with `__index__` (NumPy's
/// integers), but not `bool`, which as a size or a count is a slip.
pub fn whole(obj: &Bound<'_, PyAny>, param: &str) -> PyResult<Whole> {
    if obj.is_instance_of::<PyBool>() {
        return Err(wrong_type(param, "an int", obj));
    }
    match obj.extract::<u64>() {
        Ok(v) => match usize::try_from(v) {
            Ok(value) => Ok(Whole { value, unfit: None }),
            Err(_) => Ok(Whole {
                value: usize::MAX,
                unfit: Some(v.to_string()),
            }),
        },
        // An int out of u64's range: the library's range check refuses it with the number as
        // given.
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            let whole = obj.py().import("operator")?.call_method1("index", (obj,))?;
            Ok(Whole {
                value: usize::MAX,
                unfit: Some(whole.str()?.to_string()),
            })
        }
        Err(_) => Err(wrong_type(param, "an int", obj)),
    }
}

/// A whole number passed as `param`, or None.
fn whole_or_none(obj: &Bound<'_, PyAny>, param: &str) -> PyResult<Option<Whole>> {
    if obj.is_none() {
        return Ok(None);
    }
    whole(obj, param).map(Some)
}

/// A flag passed as `param`: True or False only, since `unique="no"` would read as true.
fn flag(obj: &Bound<'_, PyAny>, param: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| wrong_type(param, "a bool", obj))
}

// The arguments by name, for `#[pyo3(from_py_with = ...)]`: each names its parameter in the
// TypeError of a value of the wrong type.

pub fn n(obj: &Bound<'_, PyAny>) -> PyResult<Whole> {
    whole(obj, "n")
}

pub fn row(obj: &Bound<'_, PyAny>) -> PyResult<Whole> {
    whole(obj, "row")
}

pub fn col(obj: &Bound<'_, PyAny>) -> PyResult<Whole> {
    whole(obj, "col")
}

pub fn threads(obj: &Bound<'_, PyAny>) -> PyResult<Option<Whole>> {
    whole_or_none(obj, "threads")
}

pub fn limit(obj: &Bound<'_, PyAny>) -> PyResult<Option<Whole>> {
    whole_or_none(obj, "limit")
}

pub fn size(obj: &Bound<'_, PyAny>) -> PyResult<Whole> {
    whole(obj, "size")
}

pub fn boards(obj: &Bound<'_, PyAny>) -> PyResult<Whole> {
    whole(obj, "boards")
}

pub fn unique(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "unique")
}

pub fn random(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    flag(obj, "random")
}

/// A path passed as `param`: a str or an os.PathLike.
fn path_named(obj: &Bound<'_, PyAny>, param: &str) -> PyResult<PathBuf> {
    if !obj.is_instance_of::<PyString>() && !obj.hasattr("__fspath__")? {
        return Err(wrong_type(param, "a str or an os.PathLike", obj));
    }
    obj.extract::<PathBuf>()
        .map_err(|_| wrong_type(param, "a str or an os.PathLike", obj))
}

/// The checkpoint keyword: a path, or None.
pub fn checkpoint(obj: &Bound<'_, PyAny>) -> PyResult<Option<PathBuf>> {
    if obj.is_none() {
        return Ok(None);
    }
    path_named(obj, "checkpoint").map(Some)
}

/// The path of a checkpoint to resume.
pub fn path(obj: &Bound<'_, PyAny>) -> PyResult<PathBuf> {
    path_named(obj, "path")
}

/// The shard keyword: None, or the pair (i, k), part i of k, checked as the command line checks
/// its `--shard I/K` and refused in the pair's own words.
pub fn shard(obj: &Bound<'_, PyAny>) -> PyResult<Option<Shard>> {
    if obj.is_none() {
        return Ok(None);
    }
    let expected = "a tuple (i, k) of ints";
    let pair = obj
        .cast::<PyTuple>()
        .ok()
        .filter(|t| t.len() == 2)
        .ok_or_else(|| wrong_type("shard", expected, obj))?;
    let part = |k: usize| -> PyResult<Whole> {
        let item = pair.get_item(k)?;
        whole(&item, "shard").map_err(|_| wrong_type("shard", expected, obj))
    };
    let (i, k) = (part(0)?, part(1)?);
    Shard::new(i.value, k.value).map(Some).map_err(|_| {
        let message = format!(
            "({}, {}) is not a valid shard: expected (i, k) with whole numbers 1 ≤ k ≤ {} and \
             0 ≤ i < k",
            i.shown(),
            k.shown(),
            MAX_SHARDS
        );
        refusal(obj.py(), "invalid", message, Vec::new())
    })
}

/// The device keyword: None, a GPU's index (an int, 0 the first) or "all", read as the command
/// line reads its `--gpu-device` (a str of digits names an index too); a negative index is
/// refused in the library's words for a device that is not one.
pub fn device(obj: &Bound<'_, PyAny>) -> PyResult<Option<GpuDevice>> {
    if obj.is_none() {
        return Ok(None);
    }
    let expected = "an int (a GPU's index) or 'all'";
    let text = match obj.cast::<PyString>() {
        Ok(s) => s.to_cow()?.into_owned(),
        Err(_) => whole(obj, "device")
            .map_err(|_| wrong_type("device", expected, obj))?
            .shown(),
    };
    text.parse::<GpuDevice>()
        .map(Some)
        .map_err(|e| plain(obj.py(), e))
}

/// The method keyword: a name (checked by the library, which names the valid ones), or None.
pub fn method_name(obj: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if obj.is_none() {
        return Ok(None);
    }
    match obj.cast::<PyString>() {
        Ok(s) => Ok(Some(s.to_cow()?.into_owned())),
        Err(_) => Err(wrong_type("method", "a str or None", obj)),
    }
}

/// The ValueError of `Solution.index` for a column no row holds: what tuple.index raises, since
/// a Solution is a sequence like a tuple, and not a refusal of the request.
pub fn not_in_solution() -> PyErr {
    PyValueError::new_err("Solution.index(x): x not in solution")
}

/// The method named `name`, or the library's refusal of the name.
pub fn method(name: &str) -> Result<Method, LibraryError> {
    name.parse::<Method>().map_err(LibraryError::from)
}

/// The Python exception for a library error: `nqueens.Error` (a `ValueError`) with the
/// library's message and the error's fields as attributes; `OSError` for a failed read or
/// write. `given` are the numbers of the request, so that a number that did not fit is shown as
/// it was given.
pub fn error(py: Python<'_>, e: LibraryError, given: &[&Whole]) -> PyErr {
    if let LibraryError::Io { .. } = e {
        return PyOSError::new_err(e.to_string());
    }
    // A checkpoint the system cannot read or write: OSError with the system's error number,
    // which Python makes the subclass that says it (FileNotFoundError for a path where
    // nothing is).
    if let LibraryError::Checkpoint {
        problem: CheckpointProblem::Io(io),
        ..
    } = &e
    {
        return match io.raw_os_error() {
            Some(errno) => PyOSError::new_err((errno, e.to_string())),
            None => PyOSError::new_err(e.to_string()),
        };
    }
    let mut message = e.to_string();
    let mut attrs: Vec<(&'static str, Bound<'_, PyAny>)> = Vec::new();
    let kind = match &e {
        LibraryError::OutOfRange {
            what,
            value,
            min,
            max,
        } => {
            let unfit = given.iter().find_map(|w| w.unfit());
            let value = match unfit {
                Some(shown) if *value == usize::MAX as u128 => {
                    message = nqueens::wording::showing_value(&e, shown);
                    py.import("builtins")
                        .and_then(|b| b.getattr("int")?.call1((shown,)))
                        .unwrap_or_else(|_| py.None().into_bound(py))
                }
                _ => int(py, *value),
            };
            attrs.push(("quantity", text(py, quantity(*what))));
            attrs.push(("value", value));
            attrs.push(("min", int(py, *min)));
            attrs.push(("max", int(py, *max)));
            "out_of_range"
        }
        LibraryError::UnknownName { kind, name, known } => {
            attrs.push(("what", text(py, &kind.to_string())));
            attrs.push(("name", text(py, name)));
            attrs.push(("known", list(py, known.iter().copied())));
            "unknown_name"
        }
        LibraryError::Invalid { .. } => "invalid",
        LibraryError::Unsupported {
            method, instead, ..
        } => {
            attrs.push(("method", text(py, method.name())));
            attrs.push(("instead", list(py, instead.iter().map(|m| m.name()))));
            "unsupported"
        }
        LibraryError::Memory {
            method,
            needed,
            limit,
            fits,
            ..
        } => {
            attrs.push(("method", text(py, method.name())));
            attrs.push(("needed", int(py, *needed as u128)));
            attrs.push(("limit", int(py, *limit as u128)));
            let fits = fits.map(|t| int(py, t as u128));
            attrs.push(("fits", fits.unwrap_or_else(|| py.None().into_bound(py))));
            "memory"
        }
        LibraryError::OutOfMemory { method, bytes, .. } => {
            attrs.push(("method", text(py, method.name())));
            attrs.push(("needed", int(py, *bytes as u128)));
            attrs.push(("limit", py.None().into_bound(py)));
            attrs.push(("fits", py.None().into_bound(py)));
            "memory"
        }
        // Not a count: no method, as for the refusal of boards(n).
        LibraryError::SolutionMemory { bytes, .. } => {
            attrs.push(("needed", int(py, *bytes as u128)));
            attrs.push(("limit", py.None().into_bound(py)));
            attrs.push(("fits", py.None().into_bound(py)));
            "memory"
        }
        LibraryError::NotForPuzzles(_) => "not_for_puzzles",
        LibraryError::Board(b) => {
            message = board(b);
            "board"
        }
        LibraryError::Checkpoint { path, .. } => {
            attrs.push(("path", text(py, &path.display().to_string())));
            "checkpoint"
        }
        LibraryError::TwoCheckpoints { .. } => "checkpoint",
        LibraryError::Mismatch { .. } => "mismatch",
        LibraryError::Shards(_) => {
            // The keyword, where the library names the command line's flag.
            message = message.replace("(--unique)", "(unique=True)");
            "shards"
        }
        // The command line's advice for the same refusals, in the package's terms: how to get
        // a build with the GPU, and the devices that exist.
        LibraryError::Gpu(problem) => {
            match problem {
                GpuProblem::NotBuilt => message = NOT_BUILT.to_string(),
                GpuProblem::NoSuchDevice { found, .. } => {
                    let indices = match found.len() {
                        1 => "0".to_string(),
                        k => format!("0 to {}", k - 1),
                    };
                    message = format!("{message}: use device={indices} or device='all'");
                    attrs.push(("found", list(py, found.iter().map(String::as_str))));
                }
                _ => {}
            }
            "gpu"
        }
        _ => "other",
    };
    refusal(py, kind, message, attrs)
}

/// The refusal of `method="gpu"` (or `device=`) by a package built without the library's
/// feature `gpu`, saying how to get one that has it, as the command line's says how to rebuild.
pub const NOT_BUILT: &str = "this nqueens was built without GPU support: install the GPU \
                             wheel, built in crates/nqueens-py of the source tree with 'maturin \
                             build --release --features gpu' (see the Python chapter of the \
                             guide, docs/python.md)";

/// The library error for a request with no number that could have been given out of range.
pub fn plain(py: Python<'_>, e: LibraryError) -> PyErr {
    error(py, e, &[])
}

/// The refusal of a number that only the package takes (a limit, a seed, a block size), worded
/// and structured as the library's refusals of a number are; `shown` is the number as given, in
/// decimal.
pub fn out_of_range(
    py: Python<'_>,
    quantity: &'static str,
    shown: &str,
    min: u128,
    max: u128,
) -> PyErr {
    let message = nqueens::numbers::out_of_range(quantity, shown, min, max);
    let value = py
        .import("builtins")
        .and_then(|b| b.getattr("int")?.call1((shown,)))
        .unwrap_or_else(|_| py.None().into_bound(py));
    let attrs = vec![
        ("quantity", text(py, quantity)),
        ("value", value),
        ("min", int(py, min)),
        ("max", int(py, max)),
    ];
    refusal(py, "out_of_range", message, attrs)
}

/// The refusal of a request whose answer would need more memory than `limit` bytes (about
/// `needed`); `message` says what was asked and what streams instead.
pub fn memory(py: Python<'_>, message: String, needed: u128, limit: u64) -> PyErr {
    let attrs = vec![
        ("needed", int(py, needed)),
        ("limit", int(py, limit as u128)),
        ("fits", py.None().into_bound(py)),
    ];
    refusal(py, "memory", message, attrs)
}

/// `nqueens.Error` with `message`, its `kind` and the attributes that go with the kind.
pub fn refusal(
    py: Python<'_>,
    kind: &'static str,
    message: String,
    attrs: Vec<(&'static str, Bound<'_, PyAny>)>,
) -> PyErr {
    let err = Error::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("kind", kind);
    for (name, v) in attrs {
        let _ = value.setattr(name, v);
    }
    err
}

/// The sentence for a conflict, squares from 0; `column` is the column of an off-board queen as
/// it was given (the check saw a column too large for it as the largest `u32`), `n` the size
/// of the board.
pub fn conflict(c: &Conflict, column: Option<&str>, n: usize) -> String {
    match c {
        // The column as it was given, which no square of the library can hold, and the columns
        // the board has.
        Conflict::OffBoard(s) => {
            let col = column.map_or(s.col.to_string(), str::to_string);
            format!(
                "the queen at row {}, column {col} is off the board: columns are from 0 to {}",
                s.row,
                n.saturating_sub(1)
            )
        }
        other => other.words(Numbering::FromZero),
    }
}

/// The sentence for a board that cannot be read or built, rows, columns and lines of its text
/// counted from 0.
fn board(b: &BoardError) -> String {
    match b {
        // The package reads a board from a text, not from a file as the library's words have it.
        BoardError::BlankInside { line } => format!(
            "blank line {} inside the board: the text holds one board, its rows on \
             consecutive lines",
            line.saturating_sub(1)
        ),
        other => other.words(Numbering::FromZero),
    }
}

/// What an out-of-range number is, in the words of the keyword that passes it.
fn quantity(q: Quantity) -> &'static str {
    match q {
        Quantity::Threads => "threads",
        Quantity::Row => "row",
        Quantity::Column => "column",
        _ => "n",
    }
}

/// A Python str.
pub fn text<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    PyString::new(py, s).into_any()
}

/// A Python int.
pub fn int(py: Python<'_>, v: u128) -> Bound<'_, PyAny> {
    let Ok(v) = v.into_pyobject(py);
    v.into_any()
}

fn list<'py, 'a>(py: Python<'py>, names: impl Iterator<Item = &'a str>) -> Bound<'py, PyAny> {
    PyList::new(py, names.collect::<Vec<_>>())
        .map(Bound::into_any)
        .unwrap_or_else(|_| py.None().into_bound(py))
}
