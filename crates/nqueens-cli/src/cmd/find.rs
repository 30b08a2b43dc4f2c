//! `nqueens find`: one solution, by the explicit construction (streamed, any size), by a
//! seeded local search, or as the first completion of a board.

use crate::args::FindArgs;
use crate::board_file::{Subject, subject};
use crate::failure::{Failure, Outcome, say};
use nqueens::find::{Construction, MAX_RANDOM_N, has_solution};
use nqueens::io::SolutionWriter;
use std::io::{self, BufWriter};
use std::process::ExitCode;

pub fn run(a: FindArgs) -> Outcome {
    let out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let n = match subject(a.n, a.board.as_deref())? {
        Subject::Board(puzzle, name) => {
            let Some(first) = puzzle.first() else {
                return Err(Failure::none(format!(
                    "no completion: the board in {name} cannot be completed"
                )));
            };
            let mut writer =
                SolutionWriter::new(out, a.format()).with_blocked(puzzle.blocked().to_vec());
            writer.write(first.columns())?;
            writer.finish()?;
            return Ok(ExitCode::SUCCESS);
        }
        Subject::N(n) => n,
    };
    let format = a.format();
    // A seed asks for the random search: there is nothing else it could seed.
    let random = a.random || a.seed.is_some();
    if let Some(max) = format.max_n().filter(|&max| n > max) {
        return Err(Failure::usage(format!(
            "the {format} format draws all n² squares, so it is for n up to {max}; \
             use --format perm or json for n = {n}"
        )));
    }
    if random && n > MAX_RANDOM_N {
        return Err(Failure::usage(format!(
            "n = {n} is out of range for --random: n must be from 1 to {MAX_RANDOM_N}"
        )));
    }
    if !has_solution(n) {
        return Err(Failure::none(format!(
            "no solution: {n} queens cannot be placed on a {n}×{n} board"
        )));
    }
    let mut writer = SolutionWriter::new(out, format);
    if random {
        let seed = a.seed.unwrap_or_else(clock_seed);
        let columns = nqueens::find::random(n, seed)?
            .ok_or_else(|| Failure::none(format!("no solution for n = {n}")))?;
        // Named once there is a board it repeats: a search refused for its memory says so in
        // its one line alone.
        if a.seed.is_none() {
            say(&format!("random seed {seed} (repeat with --seed {seed})"));
        }
        writer.write(&columns)?;
    } else {
        let c = Construction::new(n)?
            .ok_or_else(|| Failure::none(format!("no solution for n = {n}")))?;
        writer.write_columns(c.columns())?;
    }
    writer.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 ^ u64::from(std::process::id()).rotate_left(32))
        .unwrap_or(0)
}
