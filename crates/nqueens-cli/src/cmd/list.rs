//! `nqueens list`: every solution, or every completion of a board, streamed in lexicographic
//! order in the chosen format.

use crate::args::ListArgs;
use crate::board_file::{Subject, subject};
use crate::failure::Outcome;
use crate::output;
use nqueens::io::SolutionWriter;
use nqueens::solutions_by;
use std::io::{self, BufWriter};

pub fn run(a: ListArgs) -> Outcome {
    let out = BufWriter::new(io::stdout().lock());
    match subject(a.n, a.board.as_deref())? {
        Subject::Board(puzzle, _) => {
            let writer =
                SolutionWriter::new(out, a.format()).with_blocked(puzzle.blocked().to_vec());
            output::stream(writer, puzzle.solutions().map(|p| (p, 0)), a.limit)
        }
        Subject::N(n) => {
            let method = a.method.unwrap_or(nqueens::Method::Bitmask);
            let solutions = solutions_by(n, method)?;
            let writer = SolutionWriter::new(out, a.format());
            if a.unique {
                let classes = solutions
                    .classes()
                    .map(|c| (c.representative, c.size as u32));
                output::stream(writer, classes, a.limit)
            } else {
                output::stream(writer, solutions.map(|p| (p, 0)), a.limit)
            }
        }
    }
}
