//! `nqueens count`: the number of solutions, bare or as one JSON object.

use crate::Outcome;
use crate::args::CountArgs;
use crate::progress;
use nqueens::plan::NoProgress;
use nqueens::{CountOptions, Counts, Method, Progress, SymmetryClasses};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

/// What `count --json` prints for a whole count.
#[derive(Serialize)]
pub(super) struct Report<'a> {
    n: usize,
    method: &'a str,
    solutions: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes: Option<SymmetryClasses>,
    threads: usize,
    /// MPI processes, for a count spread over a cluster.
    #[serde(skip_serializing_if = "Option::is_none")]
    processes: Option<usize>,
    seconds: f64,
}

impl<'a> Report<'a> {
    pub(super) fn new(
        n: usize,
        method: &'a str,
        counts: Counts,
        threads: usize,
        seconds: f64,
    ) -> Report<'a> {
        Report {
            n,
            method,
            solutions: counts.total,
            unique: counts.unique,
            classes: counts.classes,
            threads,
            processes: None,
            seconds,
        }
    }

    pub(super) fn with_processes(mut self, processes: usize) -> Report<'a> {
        self.processes = Some(processes);
        self
    }

    /// Prints the count as `count` does: one JSON object with `json`; otherwise the bare
    /// number, the unique count when `unique` was asked (the library refuses `--unique` for
    /// methods that cannot count it, so it is known then).
    pub(super) fn print(&self, json: bool, unique: bool) -> Outcome {
        if json {
            print_json(self)?;
        } else {
            let number = if unique {
                self.unique.unwrap_or_default()
            } else {
                self.solutions
            };
            print_number(number)?;
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Prints a count as a bare number on its own line of stdout.
pub(super) fn print_number(number: u128) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{number}")?;
    out.flush()
}

/// Runs `count` with a progress bar on stderr where one is wanted (see [`progress::reporter`]),
/// closes the bar, and returns what `count` returned with the seconds it took.
pub(super) fn with_progress<T>(
    forced: bool,
    quiet: bool,
    count: impl FnOnce(&dyn Progress) -> T,
) -> (T, f64) {
    let reporter = progress::reporter(forced, quiet);
    let start = Instant::now();
    let result = match &reporter {
        Some(r) => count(r),
        None => count(&NoProgress),
    };
    if let Some(r) = &reporter {
        r.finish();
    }
    (result, start.elapsed().as_secs_f64())
}

/// Prints one value as one line of JSON on stdout.
pub(super) fn print_json(value: &impl Serialize) -> io::Result<()> {
    let line = serde_json::to_string(value).map_err(io::Error::other)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{line}")?;
    out.flush()
}

pub fn run(a: CountArgs) -> Outcome {
    if a.long.wanted() {
        return super::longrun::run(a);
    }
    let Some(n) = a.n else {
        return super::complete::count(a);
    };
    let method = a.method.unwrap_or_else(|| {
        if a.unique {
            Method::Symmetry
        } else {
            Method::default_for_count(n)
        }
    });
    let threads = match method.threads_for(n, a.threads.unwrap_or(0))? {
        0 => rayon_threads(),
        fewer => {
            if a.threads.is_none() {
                eprintln!(
                    "nqueens: method {method} for n = {n} runs on {fewer} of {} cores, as many \
                     as fit in its memory limit",
                    rayon_threads()
                );
            }
            fewer
        }
    };
    let (result, seconds) = with_progress(a.progress, a.quiet, |progress| {
        let opts = CountOptions {
            threads,
            unique: a.unique,
            progress: Some(progress),
        };
        method.count(n, &opts)
    });
    let counts: Counts = result?;
    let threads = if method.plan(n).is_some() { threads } else { 1 };
    Report::new(n, method.name(), counts, threads, seconds).print(a.json, a.unique)
}

/// One thread per core, as the machine reports it.
pub(super) fn rayon_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}
