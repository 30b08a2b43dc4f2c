//! Board files (`--board FILE`): reading one into a puzzle, and deciding once, for every
//! command, whether a command counts, lists or finds for N or for a board.

use crate::failure::Failure;
use nqueens::Puzzle;
use std::io::{self, Read};
use std::path::Path;

/// Board files are tiny (64 rows of 64 squares); anything far larger is not a board.
const MAX_BOARD_BYTES: u64 = 1 << 20;

/// What a command works on: the empty N×N board, or a board read from a file.
pub enum Subject {
    /// The empty board of this size.
    N(usize),
    /// A partly filled board, and the name of its file as given.
    Board(Puzzle, String),
}

/// The subject given by N or by `--board FILE` (clap lets exactly one through).
pub fn subject(n: Option<usize>, board: Option<&Path>) -> Result<Subject, Failure> {
    match (n, board) {
        (_, Some(path)) => Ok(Subject::Board(
            read(path)?,
            path.to_string_lossy().to_string(),
        )),
        (Some(n), None) => Ok(Subject::N(n)),
        (None, None) => Err(Failure::usage("give N or --board FILE")),
    }
}

/// Reads and parses the board file (`-` is standard input); every problem is a usage error
/// that names the file.
pub fn read(path: &Path) -> Result<Puzzle, Failure> {
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
