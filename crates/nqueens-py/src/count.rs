//! Counts from Python: `count`, `counts` and `resume` (answering with the `Counts` of
//! `counts`), shard records and their `merge`, and the one way a count runs, off the
//! interpreter's lock, stoppable with Ctrl-C, its progress shown from the calling thread.
//!
//! A count can take hours, and Python only notices Ctrl-C when its own thread runs Python code.
//! So the count runs on a worker thread while the calling thread waits for it in short slices
//! with the GIL released, asking the interpreter for pending signals between slices, and calling
//! the progress callable (see `progress`) when one is due. On a Ctrl-C it raises the library's
//! stop flag (heeded within milliseconds, inside subproblems too), waits for the count to end
//! (for a checkpointed count, until its finished work is saved), and raises
//! `nqueens.Interrupted`, a `KeyboardInterrupt` that carries the partial counts and says how to
//! continue. What the library notes about a count (a count on a software GPU, a GPU that failed
//! and was stood in for) is said as the command line says it on stderr, here as a warning,
//! `nqueens.NoteWarning`, from the calling thread: the notes of the prepared count before it
//! counts, those found while counting when it ends.

use crate::convert::{self, Whole};
use crate::counts::{Counts, SymmetryClasses};
use crate::progress::{Shown, Tally};
use nqueens::error::ShardsProblem;
use nqueens::machine::GpuDevice;
use nqueens::progress::Progress;
use nqueens::shard::{Shard, ShardRecord as LibraryRecord};
use nqueens::{Count, End, Error as LibraryError, Method, Note, Puzzle, Report};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyRuntimeWarning, PyUserWarning};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the calling thread waits, with the GIL released, between two looks for signals.
const SLICE: Duration = Duration::from_millis(50);

/// How long an interrupted count without a checkpoint may take to end before `Interrupted` is
/// raised anyway; a method that counts in one piece (`naive`, `sets`) cannot stop sooner, and
/// finishes in the background. A checkpointed count is waited for until its work is saved.
const GRACE: Duration = Duration::from_millis(500);

pyo3::create_exception!(
    nqueens,
    Interrupted,
    PyKeyboardInterrupt,
    "A count stopped by Ctrl-C (or a notebook's interrupt): a KeyboardInterrupt that keeps what \
     was done.\n\n`str(e)` says what was saved and how to continue: a count with a checkpoint \
     saves its finished subproblems there, and nqueens.resume(path) (or `nqueens count --resume \
     path` in a shell) continues it. `e.counts` are the counts of the subproblems finished (a \
     Counts with partial=True; None where the count did not answer the stop in time), \
     `e.checkpoint` the checkpoint's path (None without one), `e.done` and `e.subproblems` how \
     many subproblems were finished of how many (None where unknown)."
);

pyo3::create_exception!(
    nqueens,
    NoteWarning,
    PyUserWarning,
    "What the library notes about a count for the person running it, the lines the command \
     line prints on stderr: a count on a software device (the processor standing in for a GPU, \
     far slower) that was not asked for by index, a GPU that failed while counting and whose \
     work the others or the processor counted (the count stays exact), a method that runs on \
     fewer threads than asked to fit its memory limit. Warned from the thread that called the \
     count: those known before it counts as it starts, the others as it ends. \
     warnings.simplefilter(\"ignore\", nqueens.NoteWarning) silences them."
);

/// The library's notes about a count, said as warnings from the calling thread: the worker
/// leaves those of the prepared job here before it counts, and the calling thread, which wakes
/// every slice anyway, warns them; the report's notes beyond those are warned when it ends.
#[derive(Debug, Default)]
pub struct Notes {
    pending: Mutex<Vec<String>>,
    told: AtomicUsize,
}

impl Notes {
    /// The job's notes, from the worker, before it counts.
    fn before(&self, notes: &[Note]) {
        let lines = notes.iter().map(ToString::to_string);
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(lines);
        self.told.store(notes.len(), Ordering::Relaxed);
    }

    /// Warns the notes left by the worker since the last look.
    fn show(&self, py: Python<'_>) -> PyResult<()> {
        let lines = std::mem::take(&mut *self.pending.lock().unwrap_or_else(|e| e.into_inner()));
        lines.iter().try_for_each(|line| warn(py, line))
    }

    /// Warns the notes of the finished count that its job did not have (the report's notes
    /// begin with the job's).
    fn after(&self, py: Python<'_>, report: &Report) -> PyResult<()> {
        let told = self.told.load(Ordering::Relaxed);
        let found = report.run.notes.iter().skip(told);
        found
            .map(ToString::to_string)
            .try_for_each(|line| warn(py, &line))
    }
}

/// A note as a `nqueens.NoteWarning`, pointing at the caller's line.
fn warn(py: Python<'_>, line: &str) -> PyResult<()> {
    let message = std::ffi::CString::new(line).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<NoteWarning>(), &message, 1)
}

/// How a count watched from Python ended.
pub enum Ended {
    /// The count's own answer.
    Answer(Result<Report, LibraryError>),
    /// Broken off: `why` is the `KeyboardInterrupt` of a Ctrl-C, or what the progress callable
    /// raised; `answer` is the count's answer to the stop, where it came.
    Broken {
        why: PyErr,
        answer: Option<Result<Report, LibraryError>>,
    },
}

/// Runs `request` (handed the stop flag, the progress observer and the notes to say) on a
/// worker thread, waiting for it with the GIL released, calling `shown` when due and warning
/// the notes, and stopping the count on Ctrl-C or when `shown` or a warning raises. A `patient`
/// wait after a stop lasts until the count has answered (it saves its checkpoint first), or
/// until a second Ctrl-C; otherwise at most [`GRACE`].
pub fn watch<F>(
    py: Python<'_>,
    mut shown: Option<&mut Shown>,
    patient: bool,
    request: F,
) -> PyResult<Ended>
where
    F: FnOnce(&AtomicBool, &dyn Progress, &Notes) -> Result<Report, LibraryError> + Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(Tally::default());
    let notes = Arc::new(Notes::default());
    let (tx, rx) = mpsc::sync_channel(1);
    let (flag, told, noted) = (Arc::clone(&stop), Arc::clone(&tally), Arc::clone(&notes));
    // Not a scoped thread: a count that cannot stop at once must not hold the caller.
    std::thread::Builder::new()
        .name("nqueens-count".into())
        .spawn(move || {
            let _ = tx.send(request(&flag, &*told, &noted));
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
            Ok(answer) => {
                // A Ctrl-C may land in the last call of the callable: the count is over by
                // then, and its answer goes with the interruption.
                if let Some(Err(why)) = shown.as_mut().map(|s| s.finish(py, &tally, true)) {
                    let answer = Some(answer);
                    return Ok(Ended::Broken { why, answer });
                }
                let said = notes.show(py).and_then(|()| match &answer {
                    Ok(report) => notes.after(py, report),
                    Err(_) => Ok(()),
                });
                if let Err(why) = said {
                    let answer = Some(answer);
                    return Ok(Ended::Broken { why, answer });
                }
                return Ok(Ended::Answer(answer));
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                if let Some(s) = shown.as_mut() {
                    let _ = s.finish(py, &tally, false);
                }
                return Err(PyRuntimeError::new_err(
                    "the count failed: its worker thread panicked (a bug in nqueens)",
                ));
            }
        }
        let (why, by_callable) = match py.check_signals() {
            Err(interrupt) => (interrupt, false),
            Ok(()) => match (notes.show(py), shown.as_mut().map(|s| s.tick(py, &tally))) {
                (Err(raised), _) | (_, Some(Err(raised))) => (raised, true),
                _ => continue,
            },
        };
        stop.store(true, Ordering::Relaxed);
        let answer = stopped(py, rx, patient);
        // The last numbers go to the display, not to a callable that has just failed.
        if let Some(s) = shown.as_mut() {
            let _ = s.finish(py, &tally, !by_callable);
        }
        return Ok(Ended::Broken { why, answer });
    }
}

/// The answer of a count asked to stop: waited for until it comes (`patient`, for a count that
/// saves its work on the way out) or a second Ctrl-C, or at most [`GRACE`].
fn stopped(
    py: Python<'_>,
    rx: Receiver<Result<Report, LibraryError>>,
    patient: bool,
) -> Option<Result<Report, LibraryError>> {
    if !patient {
        return py.detach(move || rx.recv_timeout(GRACE).ok());
    }
    let mut rx = rx;
    loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(SLICE);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(answer) => return Some(answer),
            Err(RecvTimeoutError::Disconnected) => return None,
            Err(RecvTimeoutError::Timeout) => {}
        }
        if py.check_signals().is_err() {
            return None;
        }
    }
}

/// What a count from Python counts: the empty n×n board, the completions of a puzzle, or
/// whatever a checkpoint holds.
pub enum Of {
    Board(Whole),
    Puzzle(Puzzle),
    Saved(PathBuf),
}

/// The keywords of a count beyond its board.
#[derive(Default)]
pub struct Asked {
    pub unique: bool,
    pub method: Option<String>,
    pub threads: Option<Whole>,
    pub shard: Option<Shard>,
    pub checkpoint: Option<PathBuf>,
    pub device: Option<GpuDevice>,
}

/// The report of a finished count of `of` with the keywords asked, shown as `progress` says;
/// the library's refusals as `nqueens.Error`, a stop as `nqueens.Interrupted`. The one way
/// every count of the package runs: on the processor or on GPUs, of a board or a puzzle.
pub fn report(
    py: Python<'_>,
    of: Of,
    wanted: Asked,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Report> {
    let method = match &wanted.method {
        Some(name) => Some(convert::method(name).map_err(|e| convert::plain(py, e))?),
        None => None,
    };
    let (label, saved) = match &of {
        Of::Board(n) => (format!("count({})", n.value), None),
        Of::Puzzle(p) => (format!("Puzzle({}).count()", p.n()), None),
        Of::Saved(path) => (format!("resume({})", path.display()), Some(path.clone())),
    };
    let mut shown = match progress {
        Some(obj) => Shown::asked(obj, &label)?,
        None => None,
    };
    let checkpoint = saved.clone().or(wanted.checkpoint.clone());
    let (unique, shard, device, workers) = (
        wanted.unique,
        wanted.shard,
        wanted.device,
        wanted.threads.as_ref().map(|t| t.value),
    );
    let (file, resumed) = (wanted.checkpoint.clone(), saved.is_some());
    let mut request = match &of {
        Of::Board(n) => Count::new(n.value).unique(unique),
        Of::Puzzle(p) => Count::puzzle(p.clone()),
        Of::Saved(path) => Count::resume(path),
    };
    let ended = watch(
        py,
        shown.as_mut(),
        checkpoint.is_some(),
        move |stop, progress, notes| {
            if let Some(s) = shard {
                request = request.shard(s);
            }
            if let Some(path) = file {
                request = request.checkpoint(path);
            }
            if let Some(d) = device {
                request = request.gpu_device(d);
            }
            let job = asked(request.progress(progress).stop(stop), method, workers).prepare()?;
            notes.before(job.notes());
            job.run()
        },
    )?;
    let mut given = Vec::new();
    if let Of::Board(n) = &of {
        given.push(n);
    }
    given.extend(wanted.threads.as_ref());
    match ended {
        Ended::Answer(Ok(report)) => {
            // The count is whole and is the answer; that its file may not hold it all is said,
            // not raised, so that hours of counting are not thrown away with the exception.
            if let End::FinishedUnsaved { error } = &report.end {
                let message = std::ffi::CString::new(error.to_string()).unwrap_or_default();
                let category = py.get_type::<PyRuntimeWarning>();
                PyErr::warn(py, &category, &message, 1)?;
            }
            Ok(report)
        }
        Ended::Answer(Err(e)) => Err(convert::error(py, e, &given)),
        Ended::Broken { why, answer } => {
            Err(interrupted(py, why, answer, checkpoint.as_deref(), resumed))
        }
    }
}

/// The exception of a count broken off: what the progress callable raised, as it was, or for
/// a Ctrl-C `nqueens.Interrupted` with the counts finished and how to continue.
fn interrupted(
    py: Python<'_>,
    why: PyErr,
    answer: Option<Result<Report, LibraryError>>,
    checkpoint: Option<&Path>,
    resumed: bool,
) -> PyErr {
    if !why.is_instance_of::<PyKeyboardInterrupt>(py) {
        return why;
    }
    let file = checkpoint.map(|p| p.display().to_string());
    let quoted = file.as_ref().map(|f| {
        PyString::new(py, f)
            .repr()
            .map_or_else(|_| format!("'{f}'"), |r| r.to_string())
    });
    let go_on = match (&file, &quoted) {
        (Some(f), Some(q)) => {
            format!("continue with nqueens.resume({q}), or in a shell: nqueens count --resume {f}")
        }
        _ => String::new(),
    };
    let nothing_saved = "interrupted; nothing was saved (a count with checkpoint=path keeps its \
                         finished work, and nqueens.resume(path) continues it)";
    let mut progress = (None, None);
    let (message, report) = match (answer, &file) {
        (Some(Ok(report)), _) => match (&report.end, &file) {
            (End::Stopped { done, of }, Some(f)) => {
                progress = (Some(*done), Some(*of));
                let m = format!("stopped; {done} of {of} subproblems saved in {f}; {go_on}");
                (m, Some(report))
            }
            (End::Stopped { done, of }, None) => {
                progress = (Some(*done), Some(*of));
                (nothing_saved.to_string(), Some(report))
            }
            (End::StoppedListing, Some(f)) if resumed => (
                format!("stopped before the count began; {f} is unchanged; {go_on}"),
                None,
            ),
            (End::StoppedListing, _) => (
                "stopped before the count began; nothing was counted or saved".to_string(),
                None,
            ),
            // Finished as the stop came: the counts are whole, and saved where asked.
            (_, Some(f)) => (
                format!("interrupted as the count finished; its counts are saved in {f}"),
                Some(report),
            ),
            (_, None) => (
                "interrupted as the count finished; its counts are in e.counts".to_string(),
                Some(report),
            ),
        },
        (Some(Err(e)), _) => return convert::plain(py, e),
        (None, Some(f)) => (
            format!(
                "interrupted again before the count had saved its work; {f} holds what it \
                 saved before (it saves every minute); {go_on}"
            ),
            None,
        ),
        (None, None) => (nothing_saved.to_string(), None),
    };
    let err = Interrupted::new_err(message);
    let value = err.value(py);
    let counts = report.and_then(|r| Py::new(py, Counts::new(py, r).ok()?).ok());
    let _ = value.setattr("counts", counts);
    let _ = value.setattr("checkpoint", file);
    let _ = value.setattr("done", progress.0);
    let _ = value.setattr("subproblems", progress.1);
    err
}

/// What count() and resume() answer for a finished count: the number asked for (the unique
/// count where that was asked), or for a shard its record, which is never taken for the total.
fn answer(py: Python<'_>, report: Report, shard: bool) -> PyResult<Py<PyAny>> {
    if shard || !report.run.shard.is_whole() {
        return Ok(Py::new(py, ShardRecord::of(&report)?)?.into_any());
    }
    // The library refuses unique counts of methods that cannot make them, and a stopped count
    // ends in Interrupted before it gets here; neither is ever read as a number.
    let number = report.number().ok_or_else(|| match report.is_finished() {
        false => PyRuntimeError::new_err("the count was stopped before it finished: no total"),
        true => {
            let method = report.run.method;
            PyRuntimeError::new_err(format!("method {method} counted no unique solutions"))
        }
    })?;
    Ok(number.into_pyobject(py)?.into_any().unbind())
}

/// The number of solutions of the n×n board (1 <= n <= 64), exact at any size.
///
/// With unique=True, the number of solutions up to the board's eight symmetries (rotations and
/// reflections) instead. The library picks the fastest method for n unless `method` names one
/// (one of nqueens.METHODS), and counts on one thread per core unless
/// `threads` says how many. The count runs without the GIL.
///
/// For long counts: progress=True shows a tqdm bar (tqdm.auto: a widget in Jupyter) where tqdm
/// is installed, else a line on stderr; progress=callable is called with (done, total), the
/// subproblems finished of all, from this thread, at most every half second and once at the
/// end. checkpoint="run.ckpt" keeps the finished work in that file (the command line's format):
/// saved every minute and when stopped, continued by calling count() again with the same
/// arguments, by nqueens.resume(path) or by `nqueens count --resume path`. shard=(i, k) counts
/// part i of k and returns it as a ShardRecord, which nqueens.merge() adds to the others.
///
/// Ctrl-C stops a count within about a second with nqueens.Interrupted, a KeyboardInterrupt
/// carrying the counts of the finished subproblems and, with a checkpoint, how to continue.
///
/// On GPUs, in a package built with them ("gpu" in nqueens.METHODS; see the guide's Python
/// chapter): method="gpu" counts on the first GPU (n up to 32), device=i on GPU i and
/// device="all" on every GPU of the machine (a device implies method "gpu"). Progress,
/// checkpoints, shards and Ctrl-C work as on the processor, and a checkpoint or shard of a GPU
/// count continues or merges with CPU work. A GPU is trusted only after it counts the 12×12
/// board's tasks as the processor does, and a GPU that fails hands its work to the others or to
/// the processor: the count stays exact, and says so with a nqueens.NoteWarning, as it does
/// when it runs on a software device (the processor standing in for a GPU, far slower).
///
/// Raises nqueens.Error (a ValueError) for a request the library refuses: n out of range, a
/// method that cannot count unique solutions, more threads than fit in memory, a checkpoint of
/// another count; kind "gpu" for method="gpu" in a package built without GPUs (saying how to
/// get one that has them), on a machine without a usable GPU, or for a device that does not
/// exist (naming those that do).
///
/// >>> nqueens.count(8)
/// 92
/// >>> nqueens.count(8, unique=True)
/// 12
/// >>> nqueens.count(8, shard=(0, 2)).shard
/// (0, 2)
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (
    n, *, unique=false, method=None, threads=None, progress=None, checkpoint=None, shard=None,
    device=None
))]
pub fn count(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::unique)] unique: bool,
    #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
    #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
    progress: Option<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = convert::checkpoint)] checkpoint: Option<PathBuf>,
    #[pyo3(from_py_with = convert::shard)] shard: Option<Shard>,
    #[pyo3(from_py_with = convert::device)] device: Option<GpuDevice>,
) -> PyResult<Py<PyAny>> {
    let asked = Asked {
        unique,
        method,
        threads,
        shard,
        checkpoint,
        device,
    };
    let r = report(py, Of::Board(n), asked, progress.as_ref())?;
    answer(py, r, shard.is_some())
}

/// The count of the n×n board with what the library decided: a Counts object with the total,
/// the unique count and symmetry classes (with unique=True), the method, the threads and the
/// seconds it took. The keywords are those of count(); with shard=(i, k) the answer is the
/// part's ShardRecord, as count() gives it.
///
/// >>> c = nqueens.counts(10, unique=True)
/// >>> c.total, c.unique
/// (724, 92)
#[allow(clippy::too_many_arguments)]
#[pyfunction]
#[pyo3(signature = (
    n, *, unique=false, method=None, threads=None, progress=None, checkpoint=None, shard=None,
    device=None
))]
pub fn counts(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::n)] n: Whole,
    #[pyo3(from_py_with = convert::unique)] unique: bool,
    #[pyo3(from_py_with = convert::method_name)] method: Option<String>,
    #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
    progress: Option<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = convert::checkpoint)] checkpoint: Option<PathBuf>,
    #[pyo3(from_py_with = convert::shard)] shard: Option<Shard>,
    #[pyo3(from_py_with = convert::device)] device: Option<GpuDevice>,
) -> PyResult<Py<PyAny>> {
    let asked = Asked {
        unique,
        method,
        threads,
        shard,
        checkpoint,
        device,
    };
    let r = report(py, Of::Board(n), asked, progress.as_ref())?;
    if shard.is_some() || !r.run.shard.is_whole() {
        return answer(py, r, true);
    }
    Ok(Py::new(py, Counts::new(py, r)?)?.into_any())
}

/// Continues the count saved in the checkpoint at `path` (written by count(..., checkpoint=path)
/// or by `nqueens count --checkpoint path`), whatever board, method and part it is of, and
/// answers as count() would have: the total, the unique count where the count was asked for it,
/// or for a shard's checkpoint its ShardRecord. The file is saved as the count goes on, and
/// Ctrl-C stops it again with nqueens.Interrupted. `threads`, `progress` and `device` are
/// count()'s.
///
/// Raises FileNotFoundError where nothing is at `path`, nqueens.Error (kind "checkpoint") for a
/// file that is no checkpoint or is damaged.
///
/// >>> import os, tempfile
/// >>> path = os.path.join(tempfile.mkdtemp(), "q.ckpt")
/// >>> nqueens.count(9, checkpoint=path)
/// 352
/// >>> nqueens.resume(path)
/// 352
#[pyfunction]
#[pyo3(signature = (path, *, threads=None, progress=None, device=None))]
pub fn resume(
    py: Python<'_>,
    #[pyo3(from_py_with = convert::path)] path: PathBuf,
    #[pyo3(from_py_with = convert::threads)] threads: Option<Whole>,
    progress: Option<Bound<'_, PyAny>>,
    #[pyo3(from_py_with = convert::device)] device: Option<GpuDevice>,
) -> PyResult<Py<PyAny>> {
    let asked = Asked {
        threads,
        device,
        ..Asked::default()
    };
    let r = report(py, Of::Saved(path), asked, progress.as_ref())?;
    answer(py, r, false)
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

/// The finished count of one part of a count, as count(n, shard=(i, k)) returns it: never a
/// bare number that could be taken for the total, and the record that nqueens.merge() adds up
/// with the other parts.
///
/// Attributes: n, method, shard (the pair (i, k)), solutions (this part's solutions), unique
/// (this part's unique solutions, or None) and classes (its SymmetryClasses, or None), answer
/// ("unique" when the count was asked for its unique solutions, which merge() then answers,
/// else "total"). to_json() is the line `nqueens count N --shard I/K --json` prints and
/// `nqueens merge` reads, with its checksum, and ShardRecord.from_json(line) reads one back, so
/// records go between Python and the command line either way. Equal by value, hashable,
/// picklable; its repr is the from_json call that rebuilds it.
///
/// >>> part = nqueens.count(8, shard=(1, 3))
/// >>> part.shard, part.solutions
/// ((1, 3), 32)
/// >>> nqueens.ShardRecord.from_json(part.to_json()) == part
/// True
#[pyclass(frozen, module = "nqueens")]
#[derive(Debug)]
pub struct ShardRecord {
    inner: LibraryRecord,
}

impl ShardRecord {
    /// The record of a finished count of a part.
    fn of(report: &Report) -> PyResult<ShardRecord> {
        let method = report.run.method;
        let inner = report.record().ok_or_else(|| {
            PyRuntimeError::new_err(format!(
                "method {method} counted no record of its part: it has no split into subproblems"
            ))
        })?;
        Ok(ShardRecord { inner })
    }

    fn json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }
}

#[pymethods]
impl ShardRecord {
    #[getter]
    fn n(&self) -> usize {
        self.inner.id.n
    }

    #[getter]
    fn method(&self) -> &'static str {
        self.inner.id.method.name()
    }

    #[getter]
    fn shard(&self) -> (usize, usize) {
        (self.inner.shard.index, self.inner.shard.count)
    }

    #[getter]
    fn solutions(&self) -> u128 {
        self.inner.counts.total
    }

    #[getter]
    fn unique(&self) -> Option<u128> {
        self.inner.counts.unique
    }

    #[getter]
    fn classes(&self) -> Option<SymmetryClasses> {
        self.inner.counts.classes.map(SymmetryClasses::from)
    }

    #[getter]
    fn answer(&self) -> &'static str {
        if self.inner.unique { "unique" } else { "total" }
    }

    /// The record as one line of JSON, as `nqueens count N --shard I/K --json` prints it and
    /// `nqueens merge` reads it (with its checksum).
    fn to_json(&self) -> PyResult<String> {
        self.json()
    }

    /// The record in one line of JSON (to_json()'s, or the command line's), its checksum
    /// checked; refused with nqueens.Error (kind "shards") otherwise.
    #[staticmethod]
    fn from_json(py: Python<'_>, line: &str) -> PyResult<ShardRecord> {
        let mut records =
            records(line, "ShardRecord.from_json").map_err(|e| convert::plain(py, e))?;
        match (records.pop(), records.is_empty()) {
            (Some(inner), true) => Ok(ShardRecord { inner }),
            (found, _) => Err(convert::plain(
                py,
                LibraryError::Shards(ShardsProblem::NotARecord {
                    file: "ShardRecord.from_json".to_string(),
                    line: 1,
                    why: match found {
                        None => "a text with no record".to_string(),
                        Some(_) => "a text of several records: merge() reads them".to_string(),
                    },
                }),
            )),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let read = slf.get_type().getattr("from_json")?;
        let args = (slf.get().json()?,).into_pyobject(slf.py())?;
        Ok((read, args))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<ShardRecord>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.json()?.hash(&mut h);
        Ok(h.finish())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let line = PyString::new(py, &self.json()?).repr()?;
        Ok(format!("ShardRecord.from_json({line})"))
    }
}

/// The records in `text`, one JSON line each (blank lines skipped), refused as the command
/// line's merge refuses a line of a file, `name` standing for the file.
fn records(text: &str, name: &str) -> Result<Vec<LibraryRecord>, LibraryError> {
    let read = |(k, line): (usize, &str)| {
        serde_json::from_str(line).map_err(|e| {
            LibraryError::Shards(ShardsProblem::NotARecord {
                file: name.to_string(),
                line: k + 1,
                why: without_position(&e),
            })
        })
    };
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(read)
        .collect()
}

/// What serde says is wrong with a line, less the position it appends (" at line 1 column 4"):
/// the message names the line already, and the column is said in words, as `nqueens merge`
/// says it.
fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(why) => format!("{why}, at column {}", e.column()),
        None => text,
    }
}

/// The answer of a count made in parts: `records` (ShardRecord objects, or JSON lines as
/// to_json() and `nqueens count --shard I/K --json` write them, a str of one or more lines
/// each, or an open file of them) are checked to be one complete set of one count, each part
/// once, with their checksums and, for the boards whose totals are published, the right sum;
/// then added up. The answer is the total, or the unique count for parts asked for it
/// (unique=True), as the whole count would have answered, and as `nqueens merge` prints it.
///
/// Raises nqueens.Error (kind "shards") naming what is wrong: a part missing or given twice,
/// parts of other counts, a line that is not a record.
///
/// >>> parts = [nqueens.count(10, shard=(i, 4)) for i in range(4)]
/// >>> nqueens.merge(parts)
/// 724
/// >>> nqueens.merge(p.to_json() for p in parts)
/// 724
#[pyfunction]
pub fn merge(py: Python<'_>, records: &Bound<'_, PyAny>) -> PyResult<u128> {
    let mut all = Vec::new();
    let mut take = |k: usize, item: &Bound<'_, PyAny>| -> PyResult<()> {
        if let Ok(r) = item.cast::<ShardRecord>() {
            all.push(r.get().inner.clone());
        } else if let Ok(text) = item.cast::<PyString>() {
            let read = self::records(&text.to_cow()?, &format!("records[{k}]"));
            all.extend(read.map_err(|e| convert::plain(py, e))?);
        } else {
            return Err(convert::wrong_type(
                &format!("records[{k}]"),
                "a ShardRecord or a str of JSON lines",
                item,
            ));
        }
        Ok(())
    };
    // One text of lines is one item, not an iterable of characters.
    if records.is_instance_of::<PyString>() {
        take(0, records)?;
    } else {
        let items = records.try_iter().map_err(|_| {
            convert::wrong_type("records", "an iterable of ShardRecord or str", records)
        })?;
        for (k, item) in items.enumerate() {
            take(k, &item?)?;
        }
    }
    nqueens::shard::merged_number(&all).map_err(|e| convert::plain(py, e))
}
