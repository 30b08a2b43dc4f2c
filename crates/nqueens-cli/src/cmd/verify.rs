//! `nqueens verify`: reads placements and says of each whether it is a solution.

use crate::args::VerifyArgs;
use crate::failure::{Failure, Outcome};
use nqueens::io::verify::{ReadError, Reader};
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

pub fn run(a: VerifyArgs) -> Outcome {
    let input: Box<dyn Read> = match &a.file {
        Some(path) if path.as_os_str() != "-" => Box::new(
            File::open(path)
                .map_err(|e| Failure::usage(format!("cannot read {}: {e}", path.display())))?,
        ),
        _ => Box::new(io::stdin().lock()),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut checked, mut invalid) = (0u64, 0u64);
    let mut unreadable = None;
    for placed in Reader::new(input) {
        let placed = match placed {
            Ok(p) => p,
            Err(e) => {
                unreadable = Some(e);
                break;
            }
        };
        checked += 1;
        match placed.problem() {
            None => writeln!(out, "valid")?,
            Some(problem) => {
                invalid += 1;
                writeln!(out, "invalid (line {}): {problem}", placed.line())?;
            }
        }
    }
    out.flush()?;
    match unreadable {
        Some(ReadError::Io(e)) => Err(Failure::usage(format!("cannot read the input: {e}"))),
        Some(e) => Err(Failure::usage(e.to_string())),
        None if checked == 0 => Err(Failure::usage(
            "no placement in the input: expected boards, permutation lines or JSON",
        )),
        None if invalid > 0 => Ok(ExitCode::from(1)),
        None => Ok(ExitCode::SUCCESS),
    }
}
