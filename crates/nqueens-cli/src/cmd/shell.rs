//! `nqueens completions SHELL` and `nqueens man`: a shell's completion script and the manual
//! page, both generated from the very definition that parses the command line, so that they
//! cannot drift from it.

use crate::args::{CompletionsArgs, command};
use crate::failure::Outcome;
use std::io::{self, Write};
use std::process::ExitCode;

pub fn completions(a: CompletionsArgs) -> Outcome {
    // The generator panics when a write fails, so it writes into memory (where writes cannot
    // fail) and the script goes out in one write whose failure is an error like any other.
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut command(), "nqueens", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

pub fn man() -> Outcome {
    let mut out = io::stdout().lock();
    clap_mangen::Man::new(command()).render(&mut out)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
