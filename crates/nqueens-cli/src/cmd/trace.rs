//! `nqueens trace`: the backtracking search, one line per step (or one JSON object per step),
//! with the program's calls and returns between its moves when asked.

use crate::args::TraceArgs;
use crate::board_file::{self, Subject};
use crate::failure::Outcome;
use crate::output;
use nqueens::reference::{Detail, fine_steps};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

pub fn run(a: TraceArgs) -> Outcome {
    let mut out = BufWriter::new(io::stdout().lock());
    let detail = match (a.calls, a.checks) {
        (false, _) => Detail::Moves,
        (true, false) => Detail::Calls,
        (true, true) => Detail::Checks,
    };
    let steps = match board_file::subject(a.n, a.board.as_deref())? {
        Subject::N(n) => fine_steps(n, detail)?,
        Subject::Board(puzzle, _) => puzzle.fine_steps(detail)?,
    };
    for step in steps {
        if a.json {
            output::json_line(&mut out, &step)?;
        } else {
            writeln!(out, "{step}")?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
