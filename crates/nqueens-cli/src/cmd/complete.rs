//! `count --board FILE` and `list --board FILE`: the completions of a partly filled board, with
//! the same output as plain counting and listing.

use crate::args::{CountArgs, FindArgs, ListArgs};
use crate::{Failure, Outcome};
use nqueens::complete::Puzzle;
use nqueens::{CountOptions, Plan, SolutionWriter};
use serde::Serialize;
use std::io::{self, BufWriter, Read};
use std::path::Path;
use std::process::ExitCode;

/// Board files are tiny (64 rows of 64 squares); anything far larger is not a board.
const MAX_BOARD_BYTES: u64 = 1 << 20;

#[derive(Serialize)]
struct Report<'a> {
    board: &'a str,
    n: usize,
    method: &'a str,
    solutions: u128,
    threads: usize,
    seconds: f64,
}

/// Reads and parses the board file (`-` is standard input); every problem is a usage error
/// that names the file.
pub fn read_puzzle(path: &Path) -> Result<Puzzle, Failure> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let mut text = String::new();
    let read = if stdin {
        io::stdin()
            .lock()
            .take(MAX_BOARD_BYTES + 1)
            .read_to_string(&mut text)
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_BOARD_BYTES + 1).read_to_string(&mut text))
    };
    if let Err(e) = read {
        return Err(Failure::usage(format!("cannot read board {name}: {e}")));
    }
    if text.len() as u64 > MAX_BOARD_BYTES {
        return Err(Failure::usage(format!(
            "board {name} is larger than {MAX_BOARD_BYTES} bytes: a board has at most 64 rows \
             of 64 squares"
        )));
    }
    Puzzle::parse(&text).map_err(|e| Failure::usage(format!("board {name}: {e}")))
}

pub fn count(a: CountArgs) -> Outcome {
    let path = a.board.as_deref().expect("clap requires N or --board");
    let puzzle = read_puzzle(path)?;
    let threads = a.threads.unwrap_or_else(super::count::rayon_threads);
    let (result, seconds) = super::count::with_progress(a.progress, a.quiet, |progress| {
        let opts = CountOptions {
            threads,
            // The library refuses unique counts of completions with a message.
            unique: a.unique,
            progress: Some(progress),
        };
        puzzle.count(&opts)
    });
    let counts = result?;
    if a.json {
        let report = Report {
            board: &path.to_string_lossy(),
            n: puzzle.n(),
            method: puzzle.plan().method(),
            solutions: counts.total,
            threads,
            seconds,
        };
        super::count::print_json(&report)?;
    } else {
        super::count::print_number(counts.total)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `find --board FILE`: the first completion in lexicographic order, or exit code 1.
pub fn find(a: FindArgs) -> Outcome {
    let path = a.board.as_deref().expect("clap requires N or --board");
    let puzzle = read_puzzle(path)?;
    let Some(columns) = puzzle.first_completion() else {
        return Err(Failure {
            message: format!(
                "no completion: the board in {} cannot be completed",
                path.display()
            ),
            code: 1,
        });
    };
    let mut writer = SolutionWriter::new(BufWriter::new(io::stdout().lock()), a.format)
        .with_blocked(puzzle.blocked().to_vec());
    writer.write(&columns)?;
    writer.finish()?;
    Ok(ExitCode::SUCCESS)
}

pub fn list(a: ListArgs) -> Outcome {
    let path = a.board.as_deref().expect("clap requires N or --board");
    if a.unique {
        // Given queens and blocked squares break the board's symmetry, so there are no classes.
        return Err(Failure::usage(
            "--unique lists symmetry classes of the empty board; it does not apply to --board",
        ));
    }
    let puzzle = read_puzzle(path)?;
    let writer = SolutionWriter::new(BufWriter::new(io::stdout().lock()), a.format)
        .with_blocked(puzzle.blocked().to_vec());
    super::list::stream(writer, a.limit, |emit| {
        let _ = puzzle.for_each_completion(&mut |cols: &[u32]| emit(cols, 0));
        Ok(())
    })
}
