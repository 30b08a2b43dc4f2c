//! The `nqueens` command: parses arguments, calls the library, prints. Errors become a one-line
//! message and exit code 2; a closed output pipe is a normal end.

mod args;
mod cmd;
mod progress;

use clap::Parser;
use std::io;
use std::process::ExitCode;

/// A failure that ends the program, with the exit code it ends with.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// Bad input or usage: exit code 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            message: message.into(),
            code: 2,
        }
    }
}

impl From<nqueens::Error> for Failure {
    fn from(e: nqueens::Error) -> Failure {
        match e {
            nqueens::Error::Io(e) => Failure::from(e),
            other => Failure::usage(other.to_string()),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure {
            message: e.to_string(),
            code: if e.kind() == io::ErrorKind::BrokenPipe {
                0
            } else {
                1
            },
        }
    }
}

/// What a subcommand returns: the exit code on success.
pub type Outcome = Result<ExitCode, Failure>;

fn main() -> ExitCode {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return args::report_parse_error(e),
    };
    match cmd::run(cli) {
        Ok(code) => code,
        // A reader that went away (`nqueens list 14 | head`) is not an error.
        Err(f) if f.code == 0 => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("nqueens: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}
