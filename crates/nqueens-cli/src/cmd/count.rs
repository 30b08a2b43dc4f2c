//! `nqueens count`: the number of solutions, bare or as one JSON object.

use crate::Outcome;
use crate::args::CountArgs;
use crate::progress;
use nqueens::{CountOptions, Counts, Method, Progress, SymmetryClasses};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Serialize)]
struct Report<'a> {
    n: usize,
    method: &'a str,
    solutions: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    classes: Option<SymmetryClasses>,
    threads: usize,
    seconds: f64,
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
    let threads = a.threads.unwrap_or_else(rayon_threads);
    let reporter = progress::reporter(a.progress, a.quiet);
    let opts = CountOptions {
        threads,
        unique: a.unique,
        progress: reporter.as_ref().map(|r| r as &dyn Progress),
    };
    let start = Instant::now();
    let result = method.count(n, &opts);
    if let Some(r) = &reporter {
        r.finish();
    }
    let counts: Counts = result?;
    let seconds = start.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if a.json {
        let report = Report {
            n,
            method: method.name(),
            solutions: counts.total,
            unique: counts.unique,
            classes: counts.classes,
            threads: if method.plan(n).is_some() { threads } else { 1 },
            seconds,
        };
        let line = serde_json::to_string(&report).map_err(io::Error::other)?;
        writeln!(out, "{line}")?;
    } else if a.unique {
        // The library refuses --unique for methods that cannot count it, so it is known here.
        writeln!(out, "{}", counts.unique.unwrap_or_default())?;
    } else {
        writeln!(out, "{}", counts.total)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One thread per core, as the machine reports it.
pub(super) fn rayon_threads() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}
