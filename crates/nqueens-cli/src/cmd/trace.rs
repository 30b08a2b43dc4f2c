//! `nqueens trace`: the backtracking search, one line per step (or one JSON object per step).

use crate::args::TraceArgs;
use crate::failure::Outcome;
use crate::output;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

pub fn run(a: TraceArgs) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    for step in nqueens::trace(a.n)? {
        if a.json {
            output::json_line(&mut out, &step)?;
        } else {
            writeln!(out, "{step}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
