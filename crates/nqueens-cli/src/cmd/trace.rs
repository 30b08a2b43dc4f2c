//! `nqueens trace`: the backtracking search, one line per step.

use crate::Outcome;
use crate::args::TraceArgs;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

pub fn run(a: TraceArgs) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut failed = None;
    let _ = nqueens::trace::for_each_step(a.n, &mut |step| match writeln!(out, "{step}") {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => {
            failed = Some(e);
            ControlFlow::Break(())
        }
    })?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
