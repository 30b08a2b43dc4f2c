//! `nqueens verify`: reads placements and says of each whether it is a solution.

use crate::args::VerifyArgs;
use crate::failure::{Failure, Outcome};
use crate::output;
use nqueens::board::Conflict;
use nqueens::io::{ReadError, Reader};
use serde::Serialize;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

/// What `verify --json` prints for each placement.
#[derive(Serialize)]
struct Verdict {
    line: usize,
    n: usize,
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<Conflict>,
}

pub fn run(a: VerifyArgs) -> Outcome {
    let (input, name): (Box<dyn Read>, String) = match &a.file {
        Some(path) if path.as_os_str() != "-" => {
            let name = path.display().to_string();
            let file =
                File::open(path).map_err(|e| Failure::usage(format!("cannot read {name}: {e}")))?;
            (Box::new(file), name)
        }
        _ => (Box::new(io::stdin().lock()), "the input".to_string()),
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
        let problem = placed.problem();
        invalid += problem.is_some() as u64;
        if a.json {
            let verdict = Verdict {
                line: placed.line(),
                n: placed.n(),
                valid: problem.is_none(),
                conflict: problem,
            };
            output::json_line(&mut out, &verdict)?;
        } else {
            match problem {
                None => writeln!(out, "valid")?,
                Some(problem) => writeln!(out, "invalid (line {}): {problem}", placed.line())?,
            }
        }
    }
    out.flush()?;
    match unreadable {
        Some(ReadError::Io(e)) => Err(Failure::usage(format!("cannot read {name}: {e}"))),
        Some(e) => Err(Failure::usage(e.to_string())),
        None if checked == 0 => Err(Failure::usage(format!(
            "no placement in {name}: expected boards, permutation lines or JSON"
        ))),
        None if invalid > 0 => Ok(ExitCode::from(1)),
        None => Ok(ExitCode::SUCCESS),
    }
}
