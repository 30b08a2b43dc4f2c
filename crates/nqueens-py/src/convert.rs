//! Crossing the border between Python and the library: whole numbers and method names in, the
//! library's structured errors out.
//!
//! Python's integers have no sign limit and no width, the library's sizes are `usize`; a number
//! that does not fit (a negative `n`, say) is still handed to the library, as the largest
//! `usize`, so that the library's own range check refuses it and names the valid range; the
//! refusal then shows the number as it was given.

use nqueens::error::{Error as LibraryError, Quantity};
use nqueens::method::Method;
use pyo3::exceptions::{PyOSError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString};

pyo3::create_exception!(
    nqueens,
    Error,
    PyValueError,
    "A request the library refuses: a number out of range, a method that cannot do what was \
     asked, a board that cannot be read.\n\nA subclass of ValueError. `str(e)` is the library's \
     one-line message; `e.kind` says which refusal it is (\"out_of_range\", \"unknown_name\", \
     \"unsupported\", \"memory\", \"not_for_puzzles\", \"board\", \"gpu\", ...), and refusals of a \
     number carry `quantity`, `value`, `min` and `max`, those of a method `method` and \
     `instead` (the methods that can)."
);

/// A whole number as the library takes it: its value, or the largest `usize` with the number as
/// given when it does not fit (negative, or wider than 64 bits).
pub struct Whole {
    pub value: usize,
    unfit: Option<String>,
}

impl Whole {
    /// The number as given, when it does not fit a `usize`.
    pub fn unfit(&self) -> Option<&str> {
        self.unfit.as_deref()
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Whole> {
        // `True` is an int to Python, but as a board size it is a slip.
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err("expected an int, not bool"));
        }
        match obj.extract::<u64>() {
            Ok(v) => match usize::try_from(v) {
                Ok(value) => Ok(Whole { value, unfit: None }),
                Err(_) => Ok(Whole {
                    value: usize::MAX,
                    unfit: Some(v.to_string()),
                }),
            },
            // An int out of u64's range (ints of other kinds, floats and strings are TypeErrors).
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(Whole {
                value: usize::MAX,
                unfit: Some(obj.str()?.to_string()),
            }),
            Err(e) => Err(e),
        }
    }
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
    let mut message = e.to_string();
    let mut attrs: Vec<(&str, Py<PyAny>)> = Vec::new();
    let mut set = |name: &'static str, value: Bound<'_, PyAny>| attrs.push((name, value.unbind()));
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
                    message = message.replacen(&usize::MAX.to_string(), shown, 1);
                    py.import("builtins")
                        .and_then(|b| b.getattr("int")?.call1((shown,)))
                        .unwrap_or_else(|_| py.None().into_bound(py))
                }
                _ => int(py, *value),
            };
            set("quantity", text(py, quantity(*what)));
            set("value", value);
            set("min", int(py, *min));
            set("max", int(py, *max));
            "out_of_range"
        }
        LibraryError::UnknownName { kind, name, known } => {
            set("what", text(py, kind));
            set("name", text(py, name));
            set("known", list(py, known.iter().copied()));
            "unknown_name"
        }
        LibraryError::Invalid { .. } => "invalid",
        LibraryError::Unsupported {
            method, instead, ..
        } => {
            set("method", text(py, method.name()));
            set("instead", list(py, instead.iter().map(|m| m.name())));
            "unsupported"
        }
        LibraryError::Memory {
            method,
            needed,
            limit,
            fits,
            ..
        } => {
            set("method", text(py, method.name()));
            set("needed", int(py, *needed as u128));
            set("limit", int(py, *limit as u128));
            let fits = fits.map(|t| int(py, t as u128));
            set("fits", fits.unwrap_or_else(|| py.None().into_bound(py)));
            "memory"
        }
        LibraryError::NotForPuzzles(_) => "not_for_puzzles",
        LibraryError::Board(_) => "board",
        // This package is built without GPU support: method "gpu" is refused here.
        LibraryError::Gpu(_) => "gpu",
        _ => "other",
    };
    let err = Error::new_err(message);
    let value = err.value(py);
    let _ = value.setattr("kind", kind);
    for (name, v) in attrs {
        let _ = value.setattr(name, v);
    }
    err
}

/// The library error for a request with no number that could have been given out of range.
pub fn plain(py: Python<'_>, e: LibraryError) -> PyErr {
    error(py, e, &[])
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

fn text<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    PyString::new(py, s).into_any()
}

fn int(py: Python<'_>, v: u128) -> Bound<'_, PyAny> {
    let Ok(v) = v.into_pyobject(py);
    v.into_any()
}

fn list<'py>(py: Python<'py>, names: impl Iterator<Item = &'static str>) -> Bound<'py, PyAny> {
    PyList::new(py, names.collect::<Vec<_>>())
        .map(Bound::into_any)
        .unwrap_or_else(|_| py.None().into_bound(py))
}
