//! The Python module `nqueens`: the library's counts, listings, constructions, checks and
//! puzzles for Python.
//!
//! A thin layer, like the command line: every function builds one library request from its
//! arguments and turns the answer into Python objects. What to count with, on how many threads, and
//! what to refuse are the library's decisions; its structured errors become `nqueens.Error`, a
//! `ValueError`, as do the refusals of the few numbers only Python takes (a limit, a seed, a block
//! size) and of a list of boards too large for memory. The modules: `count` (counts, checkpoints
//! resumed, shard records merged, and the one way a count runs off the GIL and stops on Ctrl-C),
//! `counts` (the `Counts` and `SymmetryClasses` a count answers with), `progress` (a count's
//! progress, handed to Python from the calling thread), `stream` (solutions as iterators and NumPy
//! blocks, LeetCode boards), `board` (one solution of any size, and the verifier), `puzzle` (partly
//! filled boards), `convert` (numbers in, errors out), `text` (solutions written in the command
//! line's formats, for `python -m nqueens`), `display` (the pictures and tables a notebook shows).
//!
//! The extension is `nqueens._nqueens`; the package around it (python/nqueens) re-exports it and
//! adds what only Python can hold: `__main__` and the registration of `Solution` as a
//! `collections.abc.Sequence`.

mod board;
mod convert;
mod count;
mod counts;
mod display;
mod progress;
mod puzzle;
mod stream;
mod text;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Count, list and explore solutions of the N-Queens problem with the engines of the nqueens
/// Rust library: place n queens on an n×n board so that no two attack each other.
///
/// count() and counts() count fast, unique solutions too, with progress, checkpoints and shards
/// for long counts (resume() continues a checkpoint, merge() adds shards up); solutions() streams every board;
/// boards() answers LeetCode 51; find() gives one solution for n up to 10**9; verify() and
/// is_solution() check a placement; Puzzle completes a partly filled board. `python -m nqueens`
/// runs the command line's count, list and find. Placements are tuples of 0-based columns,
/// one per row: (1, 3, 0, 2) puts the queen of row 0 in column 1.
#[pymodule]
#[pyo3(name = "_nqueens")]
fn nqueens_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // What this build can run: "gpu" is a name count() always knows, listed only where the
    // package is built with the library's feature gpu (the GPU wheel), since elsewhere it is
    // refused.
    let methods = nqueens::Method::ALL
        .iter()
        .filter(|m| m.is_built())
        .map(|m| m.name())
        .collect::<Vec<_>>();
    m.add("METHODS", PyTuple::new(py, methods)?)?;
    m.add("MAX_N", nqueens::MAX_N)?;
    m.add("Error", py.get_type::<convert::Error>())?;
    m.add("Interrupted", py.get_type::<count::Interrupted>())?;
    m.add("NoteWarning", py.get_type::<count::NoteWarning>())?;
    m.add_function(wrap_pyfunction!(count::count, m)?)?;
    m.add_function(wrap_pyfunction!(count::counts, m)?)?;
    m.add_function(wrap_pyfunction!(count::resume, m)?)?;
    m.add_function(wrap_pyfunction!(count::merge, m)?)?;
    m.add_function(wrap_pyfunction!(stream::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(stream::boards, m)?)?;
    m.add_function(wrap_pyfunction!(board::find, m)?)?;
    m.add_function(wrap_pyfunction!(board::verify, m)?)?;
    m.add_function(wrap_pyfunction!(board::is_solution, m)?)?;
    m.add_class::<counts::Counts>()?;
    m.add_class::<counts::SymmetryClasses>()?;
    m.add_class::<count::ShardRecord>()?;
    m.add_class::<stream::Solutions>()?;
    m.add_class::<stream::Blocks>()?;
    m.add_class::<display::Picture>()?;
    m.add_class::<board::Solution>()?;
    m.add_class::<board::Conflict>()?;
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<text::Writer>()?;
    Ok(())
}
