//! What a notebook shows: boards drawn by the library's SVG writer (`_repr_svg_` of `Solution`,
//! `Puzzle` and `Picture`, the first boards of a listing) and a count as a small HTML table
//! (`_repr_html_` of `Counts`). IPython and Jupyter look for these methods; plain `repr()` is
//! left as it is, so a terminal shows what it always did.
//!
//! The pictures are the library's, as `nqueens list --format svg` draws them, so a board looks
//! the same wherever it is shown. Boards past [`DRAWN_UP_TO`] get no picture (`None`, and Jupyter
//! shows the repr): their squares would be a few pixels.

use crate::convert;
use nqueens::io::{Format, SolutionWriter};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The largest board drawn in a notebook: every board is about 320 pixels wide, so 32 squares
/// of 10 pixels.
pub const DRAWN_UP_TO: usize = 32;

/// The most boards a `Picture` holds: a grid of 8 rows of up to 8 boards.
pub const MOST_BOARDS: usize = 64;

/// One SVG document from the library's writer: the complete solutions `boards`, or, with
/// `given`, one partly filled board; `blocked` marks squares on every board.
fn document(
    boards: &[Vec<u32>],
    given: Option<&[Option<u32>]>,
    blocked: Option<&[u64]>,
) -> PyResult<String> {
    let count = boards.len() as u64 + u64::from(given.is_some());
    let mut w = SolutionWriter::new(Vec::new(), Format::Svg).with_board_count(count);
    if let Some(b) = blocked {
        w = w.with_blocked(b.to_vec());
    }
    let drawn = match given {
        Some(g) => w.write_partial(g),
        None => boards.iter().try_for_each(|b| w.write(b)),
    };
    // Writing to memory, only a board over the writer's limit of 1000 fails, and no board
    // drawn here is that large: a failure is a fault of the package, not of a value.
    let out = drawn
        .and_then(|()| w.finish())
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    String::from_utf8(out).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The picture of one solution, or None past [`DRAWN_UP_TO`].
pub fn solution_svg(n: usize, columns: impl FnOnce() -> Vec<u32>) -> PyResult<Option<String>> {
    if n > DRAWN_UP_TO {
        return Ok(None);
    }
    document(&[columns()], None, None).map(Some)
}

/// The picture of a partly filled board, or None past [`DRAWN_UP_TO`].
pub fn puzzle_svg(given: &[Option<u32>], blocked: &[u64]) -> PyResult<Option<String>> {
    if given.len() > DRAWN_UP_TO {
        return Ok(None);
    }
    document(&[], Some(given), Some(blocked)).map(Some)
}

/// A count's numbers as the rows of a table: (name, value) in the order `Counts` lists them.
pub type Rows = Vec<(&'static str, String)>;

/// A small HTML table of a count: one row a number, the symmetry classes split into their
/// kinds. Every value is a number or a method's name, or names of GPUs escaped by the caller.
pub fn counts_html(rows: &Rows) -> String {
    let mut html = String::from("<table class=\"nqueens-counts\">");
    for (name, value) in rows {
        html.push_str(&format!(
            "<tr><th style=\"text-align:left\">{name}</th><td style=\"text-align:right\">{value}</td></tr>"
        ));
    }
    html.push_str("</table>");
    html
}

/// The first boards of a listing, drawn side by side in a notebook: what `Solutions.picture()`
/// takes from the stream. str() is the SVG document (boards up to n = 1000); in a notebook
/// the boards draw themselves up to n = 32, and the repr shows beyond.
///
/// >>> p = nqueens.solutions(6).picture(2)
/// >>> p
/// Picture(n=6, boards=((1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3)))
/// >>> p._repr_svg_().count('href="#queen"')
/// 12
#[pyclass(frozen, module = "nqueens")]
#[derive(Debug)]
pub struct Picture {
    n: usize,
    boards: Vec<Vec<u32>>,
}

impl Picture {
    /// A picture of `boards`, solutions of the n×n board.
    pub fn new(n: usize, boards: Vec<Vec<u32>>) -> Picture {
        Picture { n, boards }
    }
}

#[pymethods]
impl Picture {
    /// The board size.
    #[getter]
    fn n(&self) -> usize {
        self.n
    }

    /// The boards drawn, each a tuple of 0-based columns.
    #[getter]
    fn boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rows = self
            .boards
            .iter()
            .map(|b| PyTuple::new(py, b))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, rows)
    }

    fn __len__(&self) -> usize {
        self.boards.len()
    }

    /// The SVG document of the boards, as `nqueens list --format svg` draws them.
    fn __str__(&self) -> PyResult<String> {
        document(&self.boards, None, None)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Picture(n={}, boards={})",
            self.n,
            self.boards(py)?.repr()?
        ))
    }

    /// The boards as SVG for IPython and Jupyter, None past n = 32.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        if self.n > DRAWN_UP_TO {
            return Ok(None);
        }
        document(&self.boards, None, None).map(Some)
    }
}

/// The `boards` argument of `Solutions.picture`: from 1 to [`MOST_BOARDS`].
pub fn picture_boards(py: Python<'_>, boards: convert::Whole) -> PyResult<usize> {
    match boards {
        b if (1..=MOST_BOARDS).contains(&b.value) && b.unfit().is_none() => Ok(b.value),
        b => {
            let shown = b.unfit().map_or(b.value.to_string(), str::to_string);
            Err(convert::out_of_range(
                py,
                "boards",
                &shown,
                1,
                MOST_BOARDS as u128,
            ))
        }
    }
}
