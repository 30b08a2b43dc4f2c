//! `nqueens trace`: the backtracking search, one line per step.

use crate::args::TraceArgs;
use crate::failure::Outcome;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

pub fn run(a: TraceArgs) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    for step in nqueens::reference::trace::steps(a.n)? {
        writeln!(out, "{step}")?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
