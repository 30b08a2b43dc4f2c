//! Solutions written in the command line's formats (`--format`), for `python -m nqueens`: the
//! library's `SolutionWriter`, writing to a Python binary file, so that the module prints what
//! `nqueens list` and `nqueens find` print, byte for byte, without a second copy of the formats.
//!
//! The writer streams: a constructed solution of 10^9 rows goes out in 64 KiB pieces, as the
//! command line writes it, and never sits in memory.

use crate::board::Solution;
use crate::convert;
use crate::puzzle::Puzzle;
use nqueens::io::{Format, SolutionWriter};
use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Mutex};

/// The size of the pieces handed to the Python file.
const PIECE: usize = 1 << 16;

/// A Python file as a Rust writer. A failed write keeps Python's exception (a
/// `BrokenPipeError` for a reader that went away), so that the caller sees the exception Python
/// raised rather than a copy of its message.
#[derive(Debug)]
struct PyOut {
    file: Py<PyAny>,
    failed: Failed,
}

/// Python's exception from the last failed write, shared by the writer and its file: the
/// library's writer owns the file and does not hand it back.
type Failed = Arc<Mutex<Option<PyErr>>>;

impl PyOut {
    fn call(
        &mut self,
        name: &str,
        args: impl FnOnce(Python<'_>) -> Vec<Bound<'_, PyAny>>,
    ) -> io::Result<()> {
        Python::attach(|py| {
            let args = pyo3::types::PyTuple::new(py, args(py)).map_err(|e| self.keep(e))?;
            self.file
                .bind(py)
                .call_method1(name, args)
                .map(|_| ())
                .map_err(|e| self.keep(e))
        })
    }

    fn keep(&mut self, e: PyErr) -> io::Error {
        if let Ok(mut slot) = self.failed.lock() {
            *slot = Some(e);
        }
        io::Error::other("the Python file refused a write")
    }
}

impl Write for PyOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.call("write", |py| vec![PyBytes::new(py, buf).into_any()])?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.call("flush", |_| Vec::new())
    }
}

/// Writes solutions to a binary file (sys.stdout.buffer) as `nqueens list --format FORMAT`
/// does; finish() ends the output (a LeetCode list's bracket, an SVG's closing tag). With a
/// puzzle, the picture formats draw its blocked squares.
#[pyclass(name = "_Writer", module = "nqueens")]
#[derive(Debug)]
pub struct Writer {
    /// None once finished.
    inner: Option<SolutionWriter<BufWriter<PyOut>>>,
    failed: Failed,
}

impl Writer {
    /// Python's exception for a failed write: the file's own, else the writer's refusal.
    fn failure(&self, py: Python<'_>, e: io::Error) -> PyErr {
        let kept = self.failed.lock().ok().and_then(|mut slot| slot.take());
        match kept {
            Some(e) => e,
            // A board too large for a picture format.
            None if e.kind() == io::ErrorKind::InvalidInput => {
                convert::refusal(py, "invalid", e.to_string(), Vec::new())
            }
            None => PyOSError::new_err(e.to_string()),
        }
    }

    fn writer(&mut self) -> PyResult<&mut SolutionWriter<BufWriter<PyOut>>> {
        self.inner
            .as_mut()
            .ok_or_else(|| PyRuntimeError::new_err("the writer is finished"))
    }
}

#[pymethods]
impl Writer {
    #[new]
    #[pyo3(signature = (file, format, puzzle=None))]
    fn new(
        py: Python<'_>,
        file: Py<PyAny>,
        format: &str,
        puzzle: Option<PyRef<'_, Puzzle>>,
    ) -> PyResult<Writer> {
        let format: Format = format.parse().map_err(|e| convert::plain(py, e))?;
        let failed = Failed::default();
        let out = BufWriter::with_capacity(
            PIECE,
            PyOut {
                file,
                failed: Arc::clone(&failed),
            },
        );
        let mut writer = SolutionWriter::new(out, format);
        if let Some(p) = puzzle {
            writer = writer.with_blocked(p.blocked_rows().to_vec());
        }
        Ok(Writer {
            inner: Some(writer),
            failed,
        })
    }

    /// Writes one solution: a Solution (streamed, as find's output is) or a sequence of
    /// 0-based columns; `class_size` is the size of its symmetry class, which JSON records.
    #[pyo3(signature = (columns, class_size=0))]
    fn write(&mut self, columns: &Bound<'_, PyAny>, class_size: u32) -> PyResult<()> {
        let done = if let Ok(s) = columns.cast::<Solution>() {
            let s = s.get();
            if class_size == 0 {
                self.writer()?.write_columns(s.rows())
            } else {
                let all: Vec<u32> = s.rows().collect();
                self.writer()?.write_with_class_size(&all, class_size)
            }
        } else {
            let all: Vec<u32> = columns.extract()?;
            self.writer()?.write_with_class_size(&all, class_size)
        };
        done.map_err(|e| self.failure(columns.py(), e))
    }

    /// Ends the output and flushes it to the file.
    fn finish(&mut self, py: Python<'_>) -> PyResult<()> {
        let Some(writer) = self.inner.take() else {
            return Ok(());
        };
        writer
            .finish()
            .and_then(|mut out| out.flush())
            .map_err(|e| self.failure(py, e))
    }
}
