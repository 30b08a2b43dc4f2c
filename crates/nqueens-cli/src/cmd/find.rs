//! `nqueens find`: one solution, by the explicit construction (streamed, any size) or by a
//! seeded local search.

use crate::args::FindArgs;
use crate::{Failure, Outcome};
use nqueens::construct::Construction;
use nqueens::{Format, SolutionWriter, random};
use std::io::{self, BufWriter};
use std::process::ExitCode;

/// Formats that draw every square write n² characters: past this they are useless and huge.
const MAX_DRAWN_N: usize = 1000;

pub fn run(a: FindArgs) -> Outcome {
    let Some(n) = a.n else {
        return super::complete::find(a);
    };
    if !matches!(a.format, Format::Perm | Format::Json) && n > MAX_DRAWN_N {
        return Err(Failure::usage(format!(
            "the {} format draws all n² squares, so it is for n up to {MAX_DRAWN_N}; \
             use --format perm or json for n = {n}",
            a.format
        )));
    }
    if a.random && n > random::MAX_RANDOM_N {
        return Err(Failure::usage(format!(
            "n = {n} is out of range for --random: n must be from 1 to {}",
            random::MAX_RANDOM_N
        )));
    }
    if !nqueens::construct::has_solution(n) {
        return Err(Failure {
            message: format!("no solution: {n} queens cannot be placed on a {n}×{n} board"),
            code: 1,
        });
    }
    let mut writer = SolutionWriter::new(
        BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        a.format,
    );
    if a.random {
        let seed = a.seed.unwrap_or_else(|| {
            let seed = clock_seed();
            eprintln!("nqueens: random seed {seed} (repeat with --seed {seed})");
            seed
        });
        // has_solution was checked above, so a solution comes back.
        let columns = random::solution(n, seed)?.expect("n has a solution");
        writer.write(&columns)?;
    } else {
        let c = Construction::new(n)?.expect("n has a solution");
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
